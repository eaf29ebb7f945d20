"""Bleach 6.4.0's own clean, CSS and Unicode tests, run against markup5.sanitize.bleach_compat.

The test files are vendored unchanged in tests/fixtures/bleach/ (with Bleach's LICENSE and
its data/ regression cases); tests/bleach_shim.py imports them with ``bleach`` mapped to the
compatibility modules, and this module re-exports their tests so that pytest collects each
one here, under its own name.

The skip list below holds the deliberate differences, each with its reason (also listed in
docs/sanitizing.md, "Migrating from Bleach"): where Bleach's html5lib-based output is not
what a browser parses, markup5 follows the browser.
"""

from __future__ import annotations

import types

import pytest
from _pytest.mark.structures import ParameterSet

from bleach_shim import exported_tests, load_vendored

pytest.importorskip("tinycss2")

# Evidence: Chromium's innerHTML of each input below (a div in a live page, scripting on)
# was taken with headless Chromium on 2026-11-28 and equals markup5's parse of it; quoted
# after "Chromium:".

#: Reasons shared by several cases.
_TOKENS = (
    "Bleach escapes the raw source of each html5lib token it does not allow; a browser's "
    "tokenizer reads the same characters differently and markup5 cleans the browser's tree: "
    "'<foo <b>' is "
    "one element foo with an attribute '<b' (Chromium: '<foo <b=\"\"></foo>'), a stray end tag "
    "is dropped (Chromium: '</sarcasm>' -> ''), '</ x>' and '</3' are bogus comments "
    "(Chromium: '<!-- sarcasm -->', '<!--3-->'), removed with the other comments")
_RAW_TEXT = (
    "a browser reads a script element's content as raw text up to '</script>' (Chromium: "
    "'<ul><li><script></li></ul>' -> '<ul><li><script></li></ul></script></li></ul>'), so "
    "'</li></ul>' is the script's text, kept as text; Bleach's tokenizer read it as tags")
_REFERENCES = (
    "character references are decoded as a browser decodes them (also without a semicolon: "
    "'&amp that', '&#83') and written back as the HTML serialization algorithm writes them "
    "(Chromium: '&#39;&#34;' -> '\'\"'); Bleach leaves references as written: same text, other "
    "spelling, except where Bleach's output shows '&#83' that a browser shows as 'S'")
_ATTRIBUTE_REFERENCES = (
    "a browser decodes character references in attribute values before the CSS parser sees "
    "them (Chromium: style=\"background: url&#x09;(...)\" has the value 'background: "
    "url\\t(...)', and '&nbsp;' is U+00A0); Bleach passes the undecoded text to tinycss2")
_FOREIGN = (
    "the input's tree in a browser is not the one Bleach's html5lib builds: Chromium parses "
    "'<math><xmp><img ...>' as '<math><xmp></xmp></math><img ...>' (img is a breakout tag that "
    "leaves foreign content), '<math></p><style><!--</style><img ...>' as '<math></math><p></p>"
    "<style><!--</style><img ...>', '<noscript><title></noscript><img ...>' (scripting on) "
    "with img after noscript; markup5 cleans that tree (the img, not allowed, is escaped) "
    "and verifies that its output re-parses to it")

#: Whole vendored tests skipped: name (or Class.method) -> reason.
_SKIPS: dict[str, str] = {
    # Its third case: Chromium parses '<script<script>>evil()</script</script>>' as
    # '<script<script>&gt;evil()&gt;</script<script>': the end tag is stray, so dropped.
    "test_nested_script_tag": _TOKENS,
    "test_noscript_rawtag_": _FOREIGN,
    "test_namespace_rc_data_element_strip_false": _FOREIGN,
    "test_html_comments_escaped": _FOREIGN,
    "TestCleaner.test_filters":
        "an html5lib token-stream Filter: markup5 has no html5lib token stream; Cleaner's "
        "filters work on the cleaned tree (apply_to_tree), and a stream filter is a TypeError",
}

#: Single cases of parametrized tests: test name -> {first argument (or id): reason}.
_CASE_SKIPS: dict[str, dict[str, str]] = {
    "test_lessthan_escaping": {case: _TOKENS for case in (
        "<tag <b><em>text</em></b> <a></a>", "<foo <a>link text</a>",
        "<foo <b>", '<foo <a href="x">text</a>', "<foo   <a>link text</a>",
        "text <foo <b>text</b>", "text <foo <bar <b>text</b>")},
    "test_character_entities_handling": {case: _REFERENCES for case in (
        "this &amp that", "http://example.com?active=true&current=true", "&#39;", "&#34;",
        "&#123;", "&#x0007b;", "&#x0007B;", "&#39;&#34;")},
    "test_stripping_tags": {
        "<ul><li><script></li></ul>": _RAW_TEXT,
        "</ sarcasm>": _TOKENS, "</ sarcasm >": _TOKENS, "</3": _TOKENS},
    "test_escaping_tags": {
        "<ul><li><script></li></ul>": _RAW_TEXT,
        "</sarcasm>": _TOKENS, "</ sarcasm>": _TOKENS, "</ sarcasm >": _TOKENS, "</3": _TOKENS},
    "test_regressions": {
        # '<scr<script></script>ipt ...': the tag is named 'scr<script', the '</script>'
        # after it is stray.
        "4.test": _TOKENS,
        **{f"{n}.test": _REFERENCES for n in range(13, 21)}},
    "test_svg_allow_local_href": {
        '<svg><pattern id="patt1" xlink:href="#patt2"></pattern></svg>':
            "Bleach writes the xlink:href attribute back as 'href' (another attribute, in no "
            "namespace); markup5 keeps the attribute the browser parsed (Chromium: "
            "'xlink:href=\"#patt2\"')"},
    "test_urls": {
        "<p style=\"background: url&#x09;('topbanner.png') #00D;\">foo</p>":
            _ATTRIBUTE_REFERENCES},
    "test_css_parsing_with_entities": {
        "<p style=\"content: '&nbsp;';\">text</p>": _ATTRIBUTE_REFERENCES},
}

_USED_CASES: set[tuple[str, str]] = set()


def _skip_cases(name: str, function: object) -> None:
    """Mark the cases of ``function`` (a parametrized vendored test) named in _CASE_SKIPS as
    skipped, by rewriting its parametrize mark (the vendored file is not edited)."""
    reasons = _CASE_SKIPS[name]
    marks = getattr(function, "pytestmark", [])
    for index, mark in enumerate(marks):
        if mark.name != "parametrize":
            continue
        ids = mark.kwargs.get("ids")
        values = []
        for position, value in enumerate(mark.args[1]):
            if isinstance(value, ParameterSet):
                first, own_marks, own_id = value.values[0], list(value.marks), value.id
                arguments = value.values
            else:
                first = value[0] if isinstance(value, tuple) else value
                own_marks, own_id = [], None
                arguments = value if isinstance(value, tuple) else (value,)
            key = ids[position] if isinstance(ids, list) else first
            if key in reasons:
                _USED_CASES.add((name, key))
                own_marks.append(pytest.mark.skip(reason=reasons[key]))
                value = pytest.param(*arguments, marks=own_marks, id=own_id)
            values.append(value)
        marks[index] = pytest.mark.parametrize(mark.args[0], values, **mark.kwargs).mark


def _skip_cases_of(name: str, value: object) -> None:
    if name in _CASE_SKIPS:
        _skip_cases(name, value)


def _exported(module: types.ModuleType) -> dict[str, object]:
    """The module's tests, the skipped ones (and skipped cases) marked."""
    return exported_tests(module, _SKIPS, _skip_cases_of)


_CLEAN = load_vendored("test_clean.py")
_CSS = load_vendored("test_css.py")
_UNICODE = load_vendored("test_unicode.py")

globals().update(_exported(_CLEAN))
globals().update(_exported(_CSS))
globals().update(_exported(_UNICODE))


def test_every_skip_names_a_vendored_test() -> None:
    names = set(vars(_CLEAN)) | set(vars(_CSS)) | set(vars(_UNICODE))
    names |= {f"{c}.{m}" for c, v in vars(_CLEAN).items() if isinstance(v, type) for m in dir(v)}
    assert set(_SKIPS) <= names, set(_SKIPS) - names
    cases = {(name, key) for name, reasons in _CASE_SKIPS.items() for key in reasons}
    assert cases == _USED_CASES, cases - _USED_CASES
