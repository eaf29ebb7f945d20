"""The explanations ``tools/selector_diff.py`` gives for a difference from
Chromium, without a browser: each must explain the documented deviation it
names and nothing else, or a real difference would be counted as known."""

from __future__ import annotations

import random
import shutil
from types import ModuleType
from typing import Any

import pytest

import markup5
from markup5.selectors.matcher import iter_elements

from dev_tools import import_tool


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return import_tool("selector_diff")


@pytest.fixture(scope="module")
def forms(tool: ModuleType) -> tuple[Any, list[Any], dict[str, int]]:
    doc = markup5.parse(tool.SYNTHETIC["synthetic-forms"])
    elements = list(iter_elements(doc))
    by_id = {e.attrs["id"]: i for i, e in enumerate(elements) if "id" in e.attrs}
    return doc, elements, by_id


def test_checked_options_of_a_select_of_size_zero_are_explained(
        tool: ModuleType, forms: tuple[Any, list[Any], dict[str, int]]) -> None:
    doc, elements, by_id = forms
    for selector in (":checked", "option:checked"):
        mine = tool.markup5_results(elements, doc, [selector])[0]
        assert by_id["o11"] not in mine  # display size 0: no default option
        chrome = sorted(mine + [by_id["o11"]])
        assert tool.known_deviation(selector, mine, chrome, elements) != ""
        # Not another option, nor the select of size 1, nor a missing match.
        for other in ("o10", "o9", "s6", "o8"):
            assert by_id[other] not in mine
            assert tool.known_deviation(selector, mine, sorted(mine + [by_id[other]]),
                                        elements) == ""
        assert tool.known_deviation(selector, mine, mine[1:], elements) == ""
    mine = tool.markup5_results(elements, doc, [":has(> option:checked)"])[0]
    assert tool.known_deviation(":has(> option:checked)", mine, sorted(mine + [by_id["s5"]]),
                                elements) != ""


def test_pseudo_elements_after_of_are_explained_only_when_markup5_rejects(
        tool: ModuleType, forms: tuple[Any, list[Any], dict[str, int]]) -> None:
    doc, elements, by_id = forms
    for selector in (":nth-child(1 of p::before, p)", "li:nth-last-child(odd of :after)"):
        assert tool.markup5_results(elements, doc, [selector]) == ["ERR"]
        assert tool.known_validity_deviation(selector, "ERR", [], elements, doc) != ""
        # Only where Chromium accepts it.
        assert tool.known_validity_deviation(selector, "ERR", "ERR", elements, doc) == ""
    # Elsewhere a pseudo-element is no excuse.
    assert tool.known_validity_deviation("p::before:foo", "ERR", [], elements, doc) == ""
    assert tool.known_validity_deviation(":nth-child(1 of p) ::before:foo", "ERR", [], elements,
                                         doc) == ""


def test_validity_differences_are_explained_by_the_rewritten_page(tool: ModuleType) -> None:
    # HTML does not bar image buttons; Chromium does (validity_chromium's
    # "image-barred"): Chromium's :valid lacks the image button, and only it.
    page = ('<!DOCTYPE html><form id="f"><input type="image" id="a">'
            '<input id="b" value="x"></form><p id="p"></p>')
    doc = markup5.parse(page)
    elements = list(iter_elements(doc))
    index = {e.attrs["id"]: i for i, e in enumerate(elements) if "id" in e.attrs}
    mine = tool.markup5_results(elements, doc, [":valid"])[0]
    assert {index["a"], index["b"], index["f"]} <= set(mine)
    cache: dict[Any, Any] = {}
    chrome = sorted(set(mine) - {index["a"]})
    assert tool.known_validity_rewrite(":valid", mine, chrome, page, cache) == \
        "constraint validation: image-barred"
    for other in ("b", "f"):
        chrome = sorted(set(mine) - {index[other]})
        assert tool.known_validity_rewrite(":valid", mine, chrome, page, cache) == ""
    # Not for a selector that reads no validity.
    assert tool.known_validity_rewrite("input", [index["a"], index["b"]], [index["b"]], page,
                                       cache) == ""


def test_the_grammar_covers_issue_41(tool: ModuleType) -> None:
    page = tool.SYNTHETIC["synthetic-dir"]
    doc = markup5.parse(page)
    rng = random.Random(4)
    gen = tool.Generator(rng, tool.Vocabulary(list(iter_elements(doc))))
    selectors = [gen.selector_list() for _ in range(3000)]
    text = "\n".join(selectors)
    for needle in (":dir(", ":-webkit-any(", "&", ":host", ":state(", "::", ":valid",
                   ":invalid", ":in-range", ":out-of-range", ":open", ":popover-open",
                   ":user-invalid"):
        assert needle in text, needle
    # No pseudo-element right after 'of' (a known deviation, kept out).
    assert not any(tool._PSEUDO_ELEMENT_AFTER_OF.search(s) for s in selectors)
    # Most parse in markup5.
    valid = 0
    for selector in selectors:
        try:
            doc.select(selector)
            valid += 1
        except ValueError:
            pass
    assert valid > 0.8 * len(selectors)


def test_generated_dir_pages_are_deterministic(tool: ModuleType) -> None:
    first = [tool.dir_page(random.Random(i)) for i in range(20)]
    assert first == [tool.dir_page(random.Random(i)) for i in range(20)]
    text = "".join(first)
    for needle in ('dir="auto"', "<bdi", "<input", "<textarea", "\u05e9", "\u0645"):
        assert needle in text, needle


def test_level_4_forms_are_not_explained_but_never_made(
        tool: ModuleType, forms: tuple[Any, list[Any], dict[str, int]]) -> None:
    # A selector Chromium rejects is not explained by a Level 4 form in it
    # (the form need not be why): the mutator does not make such selectors.
    doc, elements, _ = forms
    for selector in (':lang("de)', ":lang(en, 'fr')", ":lang(d,e)", "[id=x s]", "[id='x' S ]"):
        mine = tool.markup5_results(elements, doc, [selector])[0]
        assert mine != "ERR", selector
        assert tool._LEVEL_4_FORMS.search(selector)
        assert tool.known_validity_deviation(selector, mine, "ERR", elements, doc) == ""


def test_checked_in_an_attribute_selector_is_not_explained(
        tool: ModuleType, forms: tuple[Any, list[Any], dict[str, int]]) -> None:
    doc, elements, by_id = forms
    for selector in ("[checked]", "option[id*=checked]", ":not(:checked-x)"):
        assert tool.known_deviation(selector, [], [by_id["o11"]], elements) == ""
    # The select itself only for :has(); not a non-option child of it.
    assert tool.known_deviation(":checked", [], [by_id["s5"]], elements) == ""


@pytest.mark.skipif(not any(shutil.which(name) for name in ("chromium", "chromium-browser")),
                    reason="no Chromium")
def test_a_small_run_in_chromium_finds_no_unexplained_difference(
        tool: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    status = tool.main(["--forms", "4", "--dir-pages", "4", "--per-page", "30", "--seed", "5"])
    out = capsys.readouterr().out
    assert f"pages compared: {len(tool.SYNTHETIC) + 8}, skipped (trees differ): 0" in out
    assert status == 0, [line for line in out.splitlines() if line.startswith("DIFF")]
