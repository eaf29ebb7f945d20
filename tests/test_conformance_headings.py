"""Heading levels (markup5.conformance._headings): HTML §4.3.11 "Headings and
outlines" and §4.3.11.1 "Heading levels & offsets".  Expectations come from
the standard's text and examples (its non-conforming Apples example, its
headingoffset/headingreset example); messages are vnu 26.9.27's words."""

from __future__ import annotations

import pytest

from markup5.conformance import check
from markup5.conformance._headings import heading_offset_value

PAGE = "<!doctype html><html lang=en><title>t</title>\n"


def headings(body: str) -> list[tuple[str, str, int, str]]:
    return [(m.code, m.severity, m.line, m.message) for m in check(PAGE + body)
            if m.code in ("heading-level-skipped", "no-top-level-heading")]


def test_the_standards_non_conforming_example() -> None:
    # §4.3.11: "The following example is non-conforming" (h1, then h3 in a section)
    found = headings("<h1>Apples</h1>\n<p>Apples are fruit.</p>\n<section>\n"
                     "<h3>Taste</h3>\n<p>They taste lovely.</p>\n</section>")
    assert found == [("heading-level-skipped", "error", 5,
                      "The heading “h3” (with computed level 3) follows the heading “h1” "
                      "(with computed level 1), skipping 1 heading level.")]


@pytest.mark.parametrize("body", [
    # "...and then it would be conforming"
    "<h1>Apples</h1><section><h2>Taste</h2></section>",
    # the Tax Book: levels go down one at a time and back up any number
    "<h1>a</h1><h2>b</h2><h3>c</h3><h2>d</h2><h3>e</h3><h3>f</h3><h2>g</h2><h1>h</h1>",
    # multiple top-level headings
    "<h1>Apples</h1><h1>Bananas</h1><h1>Carambola</h1>",
    # an hgroup's heading is the heading in the outline
    "<hgroup><h1>HTML</h1><p>Living Standard</p></hgroup><h2>Contents</h2>",
    "<p>no headings at all</p>",
])
def test_conforming_outlines(body: str) -> None:
    assert headings(body) == []


def test_skipping_two_levels_is_plural() -> None:
    assert headings("<h2>a</h2><h1>b</h1><h4>c</h4>") == [
        ("heading-level-skipped", "error", 2,
         "The heading “h4” (with computed level 4) follows the heading “h1” (with computed "
         "level 1), skipping 2 heading levels.")]


def test_no_heading_of_level_1_is_a_warning_at_the_first_heading() -> None:
    # §4.3.11: "should have a heading level of 1"; the standard's Alphabetic
    # Fruit example with h2 only is "conforming, but not encouraged"
    assert headings("<section><h2>Apples</h2></section>\n<section><h2>Bananas</h2></section>") \
        == [("no-top-level-heading", "warning", 2,
             "This document has heading elements but none of them has a computed heading "
             "level of 1.")]


def test_the_standards_offset_and_reset_example() -> None:
    # §4.3.11.1: levels 1, 2, 3, then 1 (headingreset), then 2 (aria-level
    # does not change the computed heading level: h1 is 1)
    body = ("<main><h1>1</h1><article headingoffset=1><h1>2</h1><section headingoffset=1>"
            "<h1>3</h1><dialog headingreset><h1>1</h1></dialog></section></article>"
            "<h1 aria-level=2>1</h1></main>")
    assert headings(body) == []
    # an offset that makes a level skip is reported with the computed levels
    assert [m[3] for m in headings("<h1>a</h1><div headingoffset=1><h2>b</h2></div>")] == [
        "The heading “h2” (with computed level 3) follows the heading “h1” (with computed "
        "level 1), skipping 1 heading level."]


def test_an_offset_on_the_heading_itself_and_on_a_resetting_element_count() -> None:
    # "Let inclusiveAncestor be element": the heading's own offset counts, and
    # the offset of the element with headingreset counts before the walk stops
    found = headings("<h1>a</h1><div headingoffset=5><div headingoffset=1 headingreset>"
                     "<h1 headingoffset=1>b</h1></div></div>")
    assert [m[3] for m in found] == [
        "The heading “h1” (with computed level 3) follows the heading “h1” (with computed "
        "level 1), skipping 1 heading level."]


def test_levels_are_capped_at_9() -> None:
    found = headings("<h1>a</h1><h2>b</h2><div headingoffset=8><h6>c</h6></div>")
    assert [m[3] for m in found] == [
        "The heading “h6” (with computed level 9) follows the heading “h2” (with computed "
        "level 2), skipping 6 heading levels."]


@pytest.mark.parametrize("value, expected", [
    (None, 0), ("", 0), ("x", 0), ("2", 2), (" 3", 3), ("4x", 4), ("-1", 0), ("-0", 0),
    ("12", 9), ("9" * 3000, 9),
])
def test_headingoffset_values(value: str | None, expected: int) -> None:
    assert heading_offset_value(value) == expected


def test_headings_in_template_contents_are_not_in_the_outline() -> None:
    assert headings("<h1>a</h1><template><h4>x</h4></template><h2>b</h2>") == []


def test_deep_nesting_is_linear_and_without_recursion() -> None:
    depth = 20000
    body = "<div headingoffset=0>" * depth + "<h1>a</h1><h3>b</h3>"
    assert [m[0] for m in headings(body)] == ["heading-level-skipped"]
