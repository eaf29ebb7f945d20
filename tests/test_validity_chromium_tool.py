"""tools/validity_chromium.py: the page generator, the comparison and the
reduction without a browser, and a small run against headless Chromium
(skipped where there is none)."""

from __future__ import annotations

import random
import shutil
from typing import Any

import pytest

import markup5
from markup5.dom import Element
from markup5.selectors.matcher import iter_elements

from dev_tools import import_tool

tool = import_tool("validity_chromium")

HAS_CHROMIUM = any(shutil.which(name) for name in ("chromium", "chromium-browser"))


def _pages(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(tool.generate_page(rng)) for _ in range(count)]


def test_the_generator_is_deterministic_and_covers_every_type() -> None:
    pages = _pages(150, 7)
    assert pages == _pages(150, 7)
    assert pages != _pages(150, 8)
    states: set[str] = set()
    odd = missing = 0
    for page in pages:
        doc = markup5.parse(page)
        ids = [e.attrs["id"] for e in iter_elements(doc)
               if "id" in e.attrs and e.local_name in tool.READ_ELEMENTS]
        assert len(ids) == len(set(ids)), "every element read has its own id"
        assert any(e.local_name == "form" for e in iter_elements(doc))
        for el in iter_elements(doc):
            if el.local_name != "input":
                continue
            kind = el.attrs.get("type")
            missing += kind is None
            odd += kind is not None and kind not in tool.INPUT_TYPES
            states.add(tool.type_state(kind))
    assert states == set(tool.INPUT_TYPES)
    assert odd > 20 and missing > 20
    text = "".join(pages)
    for needle in ("<select", "<textarea", "<button", "<fieldset", "<legend>", "<datalist",
                   " form=", " pattern=", " min=", " step=", " required", " readonly",
                   " disabled", " multiple", "2020-W53", "24:00", "1e3"):
        assert needle in text, needle


def test_type_state_is_the_enumerated_attribute_rule() -> None:
    # ASCII case-insensitive, no whitespace stripped, unknown and missing
    # values in the Text state (HTML §4.10.5).
    assert tool.type_state("EMAIL") == "email"
    assert tool.type_state("Datetime-Local") == "datetime-local"
    assert tool.type_state(" text") == "text"
    assert tool.type_state("image ") == "text"
    assert tool.type_state("datetime") == "text"
    assert tool.type_state(None) == "text"
    assert tool.type_state("\u0130mage") == "text"  # no Unicode case folding


def test_compare_checks_both_of_markup5_s_answers() -> None:
    theirs = {"valid": True, "value": "x", "valueMissing": False}
    mine = {"valid": True, "valid (selector)": False, "value": "x", "valueMissing": True,
            "extra": 1}
    assert tool.compare(theirs, mine) == ["valid (selector)", "valueMissing"]
    assert tool.compare({"value": "a"}, {"value": "a"}) == []


def test_the_kind_of_a_difference_names_the_element_and_type_state() -> None:
    pieces = ["<form id=\"f1\">", '<input type="Number" id="c3" value="1">', "</form>"]
    markup = tool._element_markup(pieces, "c3")
    assert markup == '<input type="Number" id="c3" value="1">'
    assert tool._kind(markup, ["value", "stepMismatch"]) == "input/number: stepMismatch, value"
    assert tool._kind('<select id="c1">', ["valid"]) == "select: valid"


def test_reduction_keeps_the_difference_and_drops_the_rest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A fake browser and markup5: the element c2 "differs" while its
    # required attribute and the form f1 are both in the page.
    def differs(page: str) -> bool:
        return 'id="c2"' in page and " required" in page and 'id="f1"' in page

    def fake_read(pages: list[str]) -> list[dict[str, dict[str, Any]]]:
        return [{"c2": {"valid": True}} if 'id="c2"' in p else {} for p in pages]

    def fake_markup5(page: str) -> dict[str, dict[str, Any]]:
        return {"c2": {"valid": not differs(page)}}

    monkeypatch.setattr(tool, "markup5_readings", fake_markup5)
    pieces = ["<!DOCTYPE html>", '<form id="f1">', '<input id="c1" value="x">',
              '<input id="c2" type="email" required value="a" max="3">', "<p>", "</p>",
              "</form>", '<input id="c3">']
    small = tool.reduce(pieces, "c2", ["valid"], fake_read)
    assert small == '<form id="f1"><input id="c2" required>'


def test_pattern_cases_are_deterministic_and_varied() -> None:
    first = tool.pattern_cases(random.Random(3), 300)
    assert first == tool.pattern_cases(random.Random(3), 300)
    patterns = {pattern for pattern, _ in first}
    assert len(patterns) > 200
    assert any("--" in p for p in patterns) and any("(?<" in p for p in patterns)
    assert all(len(values) == 6 for _, values in first)


@pytest.mark.skipif(not HAS_CHROMIUM, reason="no Chromium")
def test_chromium_reads_the_parsed_state() -> None:
    browser = tool.Browser()
    try:
        page = ('<!DOCTYPE html><form id="f1"><input id="a" required>'
                '<input id="b" type="number" value="7" max="5">'
                '<input id="c" value="abc" maxlength="1">'
                '<fieldset id="s1" disabled><input id="d" required></fieldset>'
                '<input id="e" type="range"></form><select id="g"></select>')
        theirs = browser.read([page])[0]
        # HTML §4.10.21: a required empty text input suffers from being missing.
        assert theirs["a"]["valueMissing"] and theirs["a"]["invalid"] and theirs["a"]["message"]
        assert theirs["b"]["rangeOverflow"] and theirs["b"]["out_of_range"]
        # tooLong only for a dirty value: never on a parsed page.
        assert not theirs["c"]["tooLong"] and theirs["c"]["valid"]
        # A disabled fieldset bars its descendants; fieldsets match :invalid
        # by their descendant candidates.
        assert not theirs["d"]["will_validate"] and theirs["s1"]["valid"]
        # The range input's default value is the midpoint.
        assert theirs["e"]["value"] == "50" and theirs["e"]["in_range"]
        assert theirs["f1"]["invalid"] and not theirs["f1"]["check_validity"]
        assert "valueMissing" not in theirs["f1"]  # a form has no validity
        assert theirs["g"]["value"] == ""
        assert browser.test_patterns([("[a-z]+", ["abc", "ab1"]), ("(", ["x"]),
                                      ("a)(?:b", ["a)(?:b"])]) == [[True, False], None, None]
    finally:
        browser.close()


def _forms_ready() -> bool:
    try:
        from markup5 import forms
    except ImportError:  # pragma: no cover - while markup5.forms is written
        return False
    return hasattr(forms, "validity")


@pytest.mark.skipif(not _forms_ready(), reason="markup5.forms is not there yet")
def test_markup5_readings_use_the_forms_api() -> None:
    page = ('<!DOCTYPE html><form id="f1"><input id="a" required>'
            '<input id="b" type="number" value="7" max="5"></form><output id="o">x</output>')
    mine = tool.markup5_readings(page)
    assert set(mine) == {"f1", "a", "b", "o"}
    assert mine["a"]["valueMissing"] and not mine["a"]["validity_valid"]
    assert mine["a"]["invalid"] and not mine["a"]["check_validity"] and mine["a"]["message"]
    assert mine["b"]["rangeOverflow"] and mine["b"]["out_of_range"] and mine["b"]["value"] == "7"
    assert mine["f1"]["invalid"] and not mine["f1"]["check_validity"]
    assert mine["o"]["value"] == "x" and not mine["o"]["will_validate"]
    assert isinstance(markup5.parse(page), markup5.Document)
    assert all(isinstance(e, Element) for e in iter_elements(markup5.parse(page)))


@pytest.mark.skipif(not HAS_CHROMIUM or not _forms_ready(),
                    reason="no Chromium, or markup5.forms is not there yet")
def test_a_small_run() -> None:
    browser = tool.Browser()
    try:
        findings: list[dict[str, Any]] = []
        rng = random.Random(5)
        summary = tool.run((tool.generate_page(rng) for _ in range(40)), browser,
                           findings=findings, minimize=2)
        assert summary.forms == 40 and summary.controls > 200
        assert summary.line().startswith("validity_chromium: 40 forms, ")
        assert summary.differences == sum(summary.kinds.values())
        assert len(findings) == summary.differences
    finally:
        browser.close()


def _one_input(page: str, names: set[str]) -> tuple[str, set[str]]:
    text, applied = tool.rewrite(page, names)
    return text, applied


@pytest.mark.parametrize("page, deviation, expected", [
    # HTML bars only hidden, reset and button inputs (and readonly ones):
    # a readonly image button is what Chromium's image button is.
    ('<input type="image" id="a">', "image-barred", '<input type="image" id="a" readonly>'),
    # Not valid floating-point numbers, but numbers to HTML's parsing rules.
    ('<input type="number" max="+1" min=" 1" step="1." id="a">', "float-parsing",
     '<input type="number" id="a">'),
    ('<input type="date" step="2." id="a">', "float-parsing", '<input type="date" id="a">'),
    ('<input type="date" value="275760-09-14" id="a">', "far-future",
     '<input type="date" id="a">'),
    ('<input type="email" value="a@\u00fc.de" id="a">', "email-punycode",
     '<input type="email" value="a@xn--tda.de" id="a">'),
    ('<input type="email" multiple value="a@b\nc" id="a">', "email-multiple-newlines",
     '<input type="email" multiple value="a@bc" id="a">'),
    ('<input type="radio" required id="a">', "unnamed-radio", '<input type="radio" id="a">'),
    ('<select size="0" id="a"></select>', "select-size-zero", '<select size="1" id="a"></select>'),
    ('<input type="time" min="12:34:56.7891" id="a">', "time-fraction-digits",
     '<input type="time" id="a">'),
    ('<input type="range" min="1000" id="a">', "range-max-below-min",
     '<input type="range" min="1000" id="a" max="1000">'),
    ('<input type="number" id="a">', "empty-in-range",
     '<input type="number" id="a" min="-1e308">'),
])
def test_each_rewrite_neutralizes_its_deviation(page: str, deviation: str,
                                                expected: str) -> None:
    assert deviation in tool.DEVIATIONS
    assert tool.rewrite(page, {deviation}) == (expected, {deviation})
    # Off, or on a page without the case, nothing changes.
    assert tool.rewrite(page, set(tool.DEVIATIONS) - {deviation})[0] != expected
    assert tool.rewrite('<input type="text" value="x" id="a">', {deviation}) == \
        ('<input type="text" value="x" id="a">', set())


def test_rewrites_keep_valid_values_and_other_types() -> None:
    names = set(tool.DEVIATIONS)
    for page in ('<input type="number" max="1" min="-0.5" step="any" id="a" value="0">',
                 '<input type="date" value="275760-09-13" min="2000-01-01" id="a">',
                 '<input type="radio" name="r" required id="a">',
                 '<input type="email" value="a@b.de" id="a">',
                 '<input type="range" min="0" max="10" id="a">',
                 '<input type="text" max="+1" id="a">', '<select size="2" id="a"></select>'):
        assert tool.rewrite(page, names) == (page, set()), page


@pytest.mark.skipif(not _forms_ready(), reason="markup5.forms is not there yet")
def test_explain_names_the_deviation_and_nothing_else() -> None:
    page = '<form id="f"><input type="image" id="a"><input id="b" required></form>'
    mine = tool.markup5_readings(page)
    # What HTML gives the image button once barred: Chromium's answer.
    barred = tool.markup5_readings(page.replace('id="a"', 'id="a" readonly'))
    assert mine["a"]["will_validate"] and not barred["a"]["will_validate"]
    assert tool.explain(page, "a", barred["a"]) == ["image-barred"]
    # A difference no deviation makes stays unexplained.
    other = dict(mine["b"], valueMissing=not mine["b"]["valueMissing"])
    assert tool.explain(page, "b", other) == []
    wrong = dict(barred["a"], value="x")
    assert tool.explain(page, "a", wrong) == []


def test_integer_date_step_rounds_half_up_and_keeps_whole_steps() -> None:
    assert tool.rewrite('<input type="month" step="1.5" id="a">', {"integer-date-step"}) == \
        ('<input type="month" step="2" id="a">', {"integer-date-step"})
    assert tool.rewrite('<input type="week" step="0.2" id="a">', {"integer-date-step"}) == \
        ('<input type="week" step="1" id="a">', {"integer-date-step"})
    for page in ('<input type="month" step="2" id="a">', '<input type="time" step="1.5" id="a">',
                 '<input type="number" step="1.5" id="a">'):
        assert tool.rewrite(page, {"integer-date-step"}) == (page, set())


def test_email_trailing_comma_is_rewritten_only_where_values_are_not_read() -> None:
    page = '<input type="email" multiple value="a@b, " id="a">'
    assert tool.rewrite(page, {"email-trailing-comma"}) == (page, set())
    assert tool.rewrite(page, {"email-trailing-comma"}, selectors=True) == (
        '<input type="email" multiple value="a@b, @" id="a">', {"email-trailing-comma"})
    for page in ('<input type="email" value="a@b," id="a">',
                 '<input type="email" multiple value=",a@b" id="a">'):
        assert tool.rewrite(page, {"email-trailing-comma"}, selectors=True) == (page, set())


def test_limits_beyond_doubles_are_decimal_precision() -> None:
    # HTML rounds min="1e-400" to the double 0, so "-0" is no underflow;
    # Chromium's decimals keep 1e-400 above 0 (measured with Chromium 156:
    # rangeUnderflow, :out-of-range).  The rule names that, and only that.
    page = '<input type="number" id="a" value="-0" min="1e-400">'
    mine = tool.markup5_readings(page)["a"]
    assert not mine["rangeUnderflow"]
    theirs = dict(mine, rangeUnderflow=True, validity_valid=False, in_range=False,
                  out_of_range=True)
    assert tool.explain(page, "a", theirs) == ["decimal-precision"]
    plain = '<input type="number" id="a" value="-1" min="0">'
    mine = tool.markup5_readings(plain)["a"]
    assert tool.explain(plain, "a", dict(mine, rangeUnderflow=not mine["rangeUnderflow"])) == []
