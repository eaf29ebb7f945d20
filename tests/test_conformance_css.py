"""The CSS rule family of markup5.conformance.check: <style> findings at
their place in the style sheet, style="" findings at the element, worded as
the Nu Html Checker words them."""

from __future__ import annotations

from markup5.conformance import check

HEAD = "<!doctype html><html lang=en><title>x</title>\n"


def css(source: str) -> list[tuple[str, str, int, int, int, int]]:
    return [(m.code, m.message, m.line, m.col, m.end_line, m.end_col)
            for m in check(source) if m.code.startswith("css-")]


def test_style_element_errors_point_into_the_style_sheet() -> None:
    source = HEAD + "<style>\na { color: red }\n.b { cursor: hand }\n</style>"
    assert css(source) == [("css-bad-value", "CSS: “cursor”: “hand” is not a “cursor” value.",
                            4, 14, 4, 17)]


def test_bad_selector_spans_the_dropped_rule() -> None:
    source = HEAD + "<style>\n.a&gt;\nspan { color: red\n}</style>"
    ((code, message, line, col, end_line, end_col),) = css(source)
    assert (code, message) == ("css-parse-error", "CSS: Parse Error.")
    assert (line, col, end_line, end_col) == (3, 1, 5, 1)


def test_deprecated_media_features_are_reported_at_the_style_element_as_vnu_does() -> None:
    source = HEAD + "<p>x\n<style>\n@media (max-device-width: 9px) { a { color: red } }</style>"
    assert [m[:4] for m in css(source)] == [
        ("css-deprecated-media-feature",
         "CSS: Deprecated media feature “max-device-width”. For guidance, see the Deprecated "
         "Media Features section in the current Media Queries specification.", 3, 1)]


def test_style_attribute_errors_are_at_the_element() -> None:
    source = HEAD + '<p>x\n<span style="color: FFFFFF; foo: 1">y</span>'
    assert css(source) == [
        ("css-bad-value", "CSS: “color”: “FFFFFF” is not a “color” value.", 3, 1, 3, 36),
        ("css-unknown-property", "CSS: “foo”: Property “foo” doesn't exist.", 3, 1, 3, 36)]


def test_non_css_style_types_and_valid_css_are_left_alone() -> None:
    assert css(HEAD + '<style type="text/x-scss">a { $x: 1 }</style>') == []
    assert css(HEAD + "<style>a { color: red } @media print { a { display: none } }</style>"
               '<p style="margin: 0 auto; -webkit-foo: bar">x') == []


def test_css_errors_are_errors() -> None:
    messages = [m for m in check(HEAD + '<p style="margin: none">x') if m.code.startswith("css")]
    assert [m.severity for m in messages] == ["error"]
