"""The explanations ``tools/selector_diff.py`` gives for a difference from
Chromium, without a browser: each must explain the documented deviation it
names and nothing else, or a real difference would be counted as known."""

from __future__ import annotations

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


def test_scrollbar_pseudo_classes_are_explained_where_they_select_nothing(
        tool: ModuleType, forms: tuple[Any, list[Any], dict[str, int]]) -> None:
    doc, elements, by_id = forms
    assert tool.markup5_results(elements, doc, ["legend:end"]) == ["ERR"]
    assert tool.known_validity_deviation("legend:end", "ERR", [], elements, doc) != ""
    assert tool.known_validity_deviation("input:HORIZONTAL, p:window-inactive", "ERR", [],
                                         elements, doc) != ""
    # Chromium selecting something with it, or another unknown pseudo-class.
    assert tool.known_validity_deviation("legend:end", "ERR", [by_id["lg1"]], elements,
                                         doc) == ""
    assert tool.known_validity_deviation("legend:ending", "ERR", [], elements, doc) == ""
    assert tool.known_validity_deviation("legend:foo", "ERR", [], elements, doc) == ""


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
