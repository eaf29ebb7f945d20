"""markup5.sanitize.css: the style="" filter (needs tinycss2, the ``css`` extra)."""

from __future__ import annotations

import sys

import pytest

tinycss2 = pytest.importorskip("tinycss2")

from markup5.sanitize import css  # noqa: E402
from markup5.sanitize.css import sanitize_style  # noqa: E402

PROPS = frozenset({"color", "background", "background-color", "width", "font-family",
                   "font-weight", "transform", "grid-template-columns", "behavior",
                   "-moz-binding", "margin"})


def test_available_when_tinycss2_is_installed() -> None:
    assert css.AVAILABLE is True


@pytest.mark.parametrize("value, expected", [
    ("color: red", "color: red"),
    # Property names compare case-insensitively and come back lowercase.
    ("COLOR: Red", "color: Red"),
    # Canonical form: one space after the colon, "; " between, no trailing semicolon.
    ("color:red;;;width : 1px  ;", "color: red; width: 1px"),
    ("color: red !important", "color: red !important"),
    ("color: red ! IMPORTANT", "color: red !important"),
    ("position: fixed; color: red", "color: red"),
    ("font-family: \"Helvetica Neue\", serif", 'font-family: "Helvetica Neue", serif'),
    ("background-color: rgb(1 2 3 / 50%)", "background-color: rgb(1 2 3 / 50%)"),
    ("background-color: HSLA(1, 2%, 3%, .5)", "background-color: HSLA(1, 2%, 3%, .5)"),
    ("width: calc(100% - 2em)", "width: calc(100% - 2em)"),
    ("transform: rotate(45deg) translateX(2px)", "transform: rotate(45deg) translateX(2px)"),
    ("background: linear-gradient(to right, red, blue)",
     "background: linear-gradient(to right, red, blue)"),
    ("grid-template-columns: [a] 1fr [b] 2fr", "grid-template-columns: [a] 1fr [b] 2fr"),
    ("margin: 1px\n\t 2px", "margin: 1px 2px"),
    # A comment between two tokens is dropped; the tokens stay two tokens.
    ("color: red /* x */ blue", "color: red blue"),
    ("margin: 1px/**/2px", "margin: 1px/**/2px"),
    ("", ""),
    ("color:", ""),
    ("color: ; width: 1px", "width: 1px"),
])
def test_kept_and_canonical(value: str, expected: str) -> None:
    assert sanitize_style(value, PROPS) == expected


@pytest.mark.parametrize("value", [
    "background: url(http://evil.example/x.png)",
    "background: URL( 'x.png' )",
    "background: url(\"javascript:alert(1)\")",
    "background: u\\72l(x.png)",            # an escape spelling url
    "color: r\\65 d",                        # any backslash drops the declaration
    "col\\6fr: red",
    "width: expression(alert(1))",
    "width: EXPRESSION(alert(1))",
    "color: expression",
    "behavior: url(x.htc)",
    "behavior: none",
    "-moz-binding: url(x.xml#xss)",
    "-MOZ-BINDING: none",
    "color: var(--x)",
    "color: attr(title)",
    "color: env(safe-area-inset-top)",
    "background: image-set(\"x.png\" 1x)",
    "background: -moz-element(#secret)",
    "background: linear-gradient(red, url(x.png))",   # a url nested in an allowed function
    "width: calc(1px + var(--x))",
    "color: {red}",
    "color: @import",
    "color: \"unterminated\nwidth: 1px",
    "color: red}",
])
def test_dropped(value: str) -> None:
    assert sanitize_style(value, PROPS) == ""


def test_a_value_written_with_an_escape_is_dropped() -> None:
    # tinycss2 writes the string 'a"b' as "a\\"b": filtered again, that declaration would go,
    # so it goes now and the output stays a fixed point.
    value = "font-family: 'a\"b'; color: red"
    assert sanitize_style(value, PROPS) == "color: red"


def test_an_escape_drops_only_its_own_declaration() -> None:
    assert sanitize_style("color: red; width: \\31 px; margin: 0", PROPS) == \
        "color: red; margin: 0"
    assert sanitize_style("color: red;\r\nwidth: 1\\px;\fmargin: 0", PROPS) == \
        "color: red; margin: 0"


def test_nothing_allowed_gives_nothing() -> None:
    assert sanitize_style("color: red", frozenset()) == ""


def test_nesting_bound() -> None:
    shallow = "width: " + "calc(" * css.MAX_NESTING + "1px" + ")" * css.MAX_NESTING
    assert sanitize_style(shallow, PROPS) == shallow
    deep = "width: " + "calc(" * (css.MAX_NESTING + 1) + "1px" + ")" * (css.MAX_NESTING + 1)
    assert sanitize_style(deep, PROPS) == ""


def test_hostile_nesting_does_not_recurse() -> None:
    value = "color: red; width: " + "(" * 100_000
    assert sanitize_style(value, PROPS) == "color: red"


@pytest.mark.parametrize("value", [
    "COLOR:red;width:calc( 1px  +  2px )  ;  font-family: 'a b', serif",
    "margin: 1px/**/2px; color: a/**/b; transform: scale(1)translate(2px)",
    "font-family: 'a b', \"c'd\"; color: red",
    "background: linear-gradient( red ,blue ) !important;color:#fff",
])
def test_output_reparses_to_the_same_declarations(value: str) -> None:
    out = sanitize_style(value, PROPS)
    assert out
    assert sanitize_style(out, PROPS) == out

    def canonical(tokens: list[object]) -> str:
        # Top-level whitespace aside (the filter collapses it), token for token.
        return str(tinycss2.serialize([t for t in tokens if t.type != "whitespace"]))

    def declarations(text: str) -> list[tuple[str, str, bool]]:
        return [(d.lower_name, canonical(d.value), d.important)
                for d in tinycss2.parse_declaration_list(text, skip_comments=True,
                                                         skip_whitespace=True)
                if d.type == "declaration"]
    kept = [d for d in declarations(value) if d[0] in PROPS]
    assert declarations(out) == kept


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="value"):
        sanitize_style(b"color: red", PROPS)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="allowed_properties"):
        sanitize_style("color: red", ["color"])  # type: ignore[arg-type]


def _calls(value: str) -> int:
    """Python-level function calls made while filtering ``value`` (a count, not a time)."""
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1
    sys.setprofile(profile)
    try:
        sanitize_style(value, PROPS)
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize("unit", [
    "color: red; ",
    "x\\",
    "(",
    "width: calc(1px + 2px) ",
    "/* */",
    "color: red\\; ",
    "a:b;",
    "'",
])
def test_linear_work(unit: str) -> None:
    small = _calls(unit * 500)
    large = _calls(unit * 2000)
    assert large <= 4.5 * small + 100, (small, large)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_CSS_PIECES = st.sampled_from([
    "color", "width", "margin", "font-family", "COLOR", ":", ";", " ", "\n", "red", "1px",
    "calc(", "rgb(", "url(", "(", ")", "[", "]", "{", "}", "'", '"', "\\", "/*", "*/", "!",
    "important", "#fff", "-", "+", "2", ".5", "%", ",", "expression", "var(--x)", "a\"b",
    "@media", "<!--", "-->", "u+0-7f", "e", "\x00", "\t",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(_CSS_PIECES, max_size=30).map("".join))
def test_output_is_a_fixed_point(value: str) -> None:
    out = sanitize_style(value, PROPS)
    assert sanitize_style(out, PROPS) == out, (value, out)
    assert "\\" not in out and "url(" not in out.lower() and "expression" not in out.lower()
