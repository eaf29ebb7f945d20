"""markup5.css: CSS Syntax Level 3 structure (rules, at-rules, declarations)
and its mistakes, with offsets.  Expectations from CSS Syntax 3 §5, CSS
Nesting and Selectors 4."""

from __future__ import annotations

import cProfile
import pstats

import pytest

from markup5.css import CssError, check_declarations, check_stylesheet


def codes(errors: list[CssError]) -> list[str]:
    return [error.code for error in errors]


@pytest.mark.parametrize("sheet", [
    "a { color: red }",
    "<!-- a { color: red } -->",  # CDO/CDC are dropped at the top level (§5.4.1)
    "@media screen and (max-width: 600px) { .a > b, c ~ d { margin: 0 } }",
    "@font-face { font-family: X; src: url(x.woff) format('woff') }",
    "@keyframes spin { from { opacity: 0 } 50% { opacity: .5 } to { opacity: 1 } }",
    "@import url(x.css) screen;",
    "a { b { color: red } &:hover { color: blue } > c { color: red } }",  # CSS Nesting
    "a:hover, ::-moz-selection, :-ms-input-placeholder { color: red }",  # vendor pseudos
    "a { --custom: { anything } ; color: red }",
    "/* comment */ a { color: red; ; }",
    "@supports (display: grid) { @media print { a { color: red } } }",
])
def test_valid_style_sheets_have_no_errors(sheet: str) -> None:
    assert check_stylesheet(sheet) == []


def test_a_prelude_that_is_not_a_selector_list_is_reported_with_the_rule_span() -> None:
    # The whole rule is dropped: the error spans it, block included.
    sheet = "a {}\n.a&gt; span { color: red }"
    (error,) = check_stylesheet(sheet)
    assert error.code == "css-parse-error"
    assert error.message == "Parse Error."
    assert error.start == sheet.index(".a&gt;")
    assert error.end == len(sheet)


def test_cdata_wrapper_makes_the_whole_sheet_one_bad_rule() -> None:
    # '<!' is not CDO: '<', '!', then a [-block that runs to ']]'.
    sheet = "<![CDATA[\na { color: red }\n]]>"
    (error,) = check_stylesheet(sheet)
    assert error.code == "css-parse-error"
    assert (error.start, error.end) == (0, len(sheet))


def test_declaration_without_colon_and_empty_value() -> None:
    errors = check_declarations("float; color: ; width: 1px")
    assert codes(errors) == ["css-parse-error", "css-parse-error"]
    assert errors[0].start == 0
    assert errors[1].message == "“color”: Parse Error."


def test_star_hack_with_a_space_is_an_error_without_one_it_follows_vnu() -> None:
    assert codes(check_declarations("* height: 1%")) == ["css-parse-error"]
    assert check_declarations("*zoom: 1") == []
    assert codes(check_stylesheet("a { * height: 1% }")) == ["css-parse-error"]
    assert check_stylesheet("a { *dispaly: inline; #zoom: 1; +top: 0 }") == []


def test_a_rule_the_text_ends_in_its_prelude_is_an_error() -> None:
    assert codes(check_stylesheet("a { color: red } b")) == ["css-parse-error"]


def test_deprecated_media_features_and_charset_position() -> None:
    sheet = 'a{} @charset "utf-8"; @media (max-device-width: 480px) { a { color: red } }'
    errors = check_stylesheet(sheet)
    assert codes(errors) == ["css-charset-position", "css-deprecated-media-feature"]
    assert sheet[errors[1].start:errors[1].end] == "max-device-width"
    assert check_stylesheet('@charset "utf-8"; a {}') == []


def test_keyframe_selectors_are_checked() -> None:
    assert codes(check_stylesheet("@keyframes k { middle { opacity: 0 } }")) == \
        ["css-parse-error"]


def test_unknown_at_rules_are_not_looked_into() -> None:
    assert check_stylesheet("@unknown foo { bar baz }") == []


def test_bad_arguments_raise_type_errors() -> None:
    with pytest.raises(TypeError):
        check_stylesheet(b"a{}")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        check_declarations(None)  # type: ignore[arg-type]


def test_deep_nesting_is_bounded_and_does_not_recurse() -> None:
    sheet = "a{" * 5000 + "}" * 5000
    errors = check_stylesheet(sheet)
    assert "css-nesting-too-deep" in codes(errors)
    check_stylesheet("(" * 100000 + "[{" * 50000)  # no RecursionError


def _work(text: str) -> int:
    profile = cProfile.Profile()
    profile.enable()
    check_stylesheet(text)
    profile.disable()
    return sum(stat[1] for stat in pstats.Stats(profile).stats.values())  # type: ignore[attr-defined]


@pytest.mark.parametrize("unit", [
    "a{b{c{color:red;",                        # nested blocks, never closed
    "a { color: red; width: 0 10 20 30 }\n",   # values the matcher works on
    "x{margin:" + "1px " * 50 + "}",           # long value lists
    "*{;:}{[(]})",                             # garbage
    ".a&gt; b { background: url(x) no-repeat, linear-gradient(to top, red, blue) }",
    # each rule left by the fast path to the full path, or taken by it
    "a { b { c: d } }\n", "a{b:c\\9}", "@media x { a { b: c } d&gt;e { f: g } }",
    "<![CDATA[ a { b: c } ]]>", "@media (max-device-width: 1px) { a { b: c } }",
    "a { content: \"x\n\" }", "@unknown { ( }", "a{b:(c[d(e)])}",
])
def test_work_is_linear_in_the_input(unit: str) -> None:
    once = _work(unit * 200)
    four = _work(unit * 800)
    assert four <= 5 * once, (once, four)


# The checker's fast tokenizer gives the reference tokenizer's tokens (but
# whitespace) ------------------------------------------------------------------

_PIECES = ["a", "-", "--", "\\", "\\31 ", "\\\n", '"', "'", "(", ")", "url(", 'url( "x")',
           "url(x y)", "u", "#", "@", "1", ".5", "e3", "%", "px", "/*", "*/", " ", "\n",
           "<!--", "-->", "\x00", "é", "+", ":", ";", "{", "}", "[", "]", "!", "\r\n", "\f",
           "\\\\", "9", "E", "-2", "\\7", "\\\r\n"]


def _fields(text: str, tokenize: object) -> list[tuple[object, ...]]:
    """The tokens' fields, whitespace tokens left out (the fast path has none)."""
    return [(t.type, t.value, t.start, t.end, t.number, t.is_integer, t.sign, t.unit,
             t.hash_type) for t in tokenize(text)  # type: ignore[operator]
            if t.type != "whitespace"]


def test_fast_tokenizer_matches_the_reference_on_generated_text() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from markup5.css._tokens import tokenize as fast
    from markup5.selectors.tokenizer import tokenize as reference

    @settings(max_examples=3000, deadline=None)
    @given(st.lists(st.sampled_from(_PIECES), max_size=14))
    def run(pieces: list[str]) -> None:
        text = "".join(pieces)
        assert _fields(text, fast) == _fields(text, reference)

    run()


@pytest.mark.parametrize("text", [
    ".a{color:red}/* c */@media (x:1){#b\\:c{background:url( a.png ) no-repeat}}",
    'a[title="x\\"y"]::before{content:"\\e900";width:calc(1px + 2e3%)}',
    "<!-- a{} --> @\\61 b; #-\\31 x{} 1\\70 x -\\31 url(\\61) url('q')",
])
def test_fast_tokenizer_matches_the_reference_on_samples(text: str) -> None:
    from markup5.css._tokens import tokenize as fast
    from markup5.selectors.tokenizer import tokenize as reference
    assert _fields(text, fast) == _fields(text, reference)


_SELECTOR_PIECES = ["a", "div", "*", ".x", "#y", "#1", "[k]", "[k=v]", '[k="v w"]', "[k~='v']",
                    ":hover", ":first-child", ":nth-child(2)", "::before", ":after", "::selection",
                    "::marker", " ", " > ", "+", "~", ",", ", ", "-", "_z", "&gt;", ":hovers",
                    "::-moz-x", "(", "|", "\\", "A", ":FOCUS",
                    # (letters whose Unicode case folding is an ASCII one)
                    ":firſt-child", ":lin\u212a", "::BEFORE", ":Hover"]


def test_the_plain_selector_fast_path_accepts_only_what_the_selector_parser_accepts() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from markup5.css._syntax import PLAIN_SELECTOR_LIST
    from markup5.selectors.parser import parse_selector_list

    @settings(max_examples=4000, deadline=None)
    @given(st.lists(st.sampled_from(_SELECTOR_PIECES), min_size=1, max_size=8))
    def run(pieces: list[str]) -> None:
        text = "".join(pieces).strip()
        if PLAIN_SELECTOR_LIST.fullmatch(text) is not None:
            parse_selector_list(text, {})  # must not raise

    run()
    assert PLAIN_SELECTOR_LIST.fullmatch("ul > li.a:hover::before, b ~ c[d='e']") is not None
    assert PLAIN_SELECTOR_LIST.fullmatch("p:FIRST-CHILD::After") is not None
    # A combinator before a pseudo-element alone, in a list (its repetitions
    # are possessive: one way to read each complex selector).
    for text in (".x :after", ".x > ::before", "::before, .x>:after", "a b ~ c ::selection, d"):
        assert PLAIN_SELECTOR_LIST.fullmatch(text) is not None, text
    # ASCII case-insensitive, as CSS is: a long s is no "s" here.
    assert PLAIN_SELECTOR_LIST.fullmatch("p:firſt-child") is None
    assert check_stylesheet("p:firſt-child { color: red }")[0].code == "css-parse-error"


# The fast path (markup5.css._fast: regular expressions over the text, the
# full path for a top-level rule it does not take) gives the full path's
# findings (tokens, then the structure), offsets included ----------------------

def _same_both_ways(text: str) -> None:
    from markup5.css import _clear_caches, _full
    from markup5.css._syntax import _RULES, _STYLE

    # (No cache shared between the two: each finding is computed both ways.)
    _clear_caches()
    fast = check_stylesheet(text)
    _clear_caches()
    assert fast == _full(text, _RULES), text
    _clear_caches()
    fast = check_declarations(text)
    _clear_caches()
    assert fast == _full(text, _STYLE), text


_CSS_PIECES = [
    "a", ".b", "#c", "div > p", " ", "\n", "\t", "{", "}", ";", ":", ",", "(", ")", "[", "]",
    "color", "color: red", "color:#FFF", "margin: 0 auto", "margin: 0 10", "cursor: hand",
    "width: calc(1px + (2px * 3))", "width: calc((1px + (2px * (3))))", "!important",
    "! important", "!IMPORTANT", "!", "important", "/* c */", "/*", "*/", "/* { } ; */",
    '"s"', "'s'", '"', "'", '"a\\"b"', '"\\\n"', '"\\31\n"', "\\9", "\\", "\\;", "\\7b",
    "\\75 rl(", "ur\\6c(x/*)", "url(x.png)", "url( 'q' )", 'url("a;b")', "url(a/*b)",
    "url(a b)", "url(a", "URL(x)", "#url(", ".url(", "<!--url(x/*)", "-->url(x/*)", "<!--",
    "-->", "<![CDATA[", "]]>", "@media screen", "@media (max-device-width: 1px)",
    "@media (-webkit-min-device-pixel-ratio: 2)", "@font-face", "@keyframes k", "from", "to",
    "50%", "0%, 100%", "@charset \"x\";", "@import url(x);", "@layer a;", "@unknown x",
    "@supports (display:grid)", "@-webkit-keyframes k", "@page", "*zoom: 1", "#zoom:1",
    "+top: 0", "* zoom: 1", "_width: 10px", "-webkit-x: y", "--x: {a}", "--y:", "foo: bar",
    "filter: progid:DXImageTransform.Microsoft.gradient(startColorstr='#1')",
    "filter: alpha(opacity=50)", "&gt;", "&:hover", "&", ":hover", "::before", "[type=x]",
    "[title='a,b']", ":not(.a)", ":nth-child(2n+1)", "color: ", "padding;0", "\x00", "é",
    "\r\n", "\f", "border: 1px solid #ccc", "background: url(a.png) no-repeat 0 0 #fff",
    "display: block\\0/IE9", "font: 12px/1.5 'Helvetica Neue', Arial", "@media print {",
    "1e5e3", "1.5", ".5", "-0", "+.5e1", "2", "z-index: 3", "z-index: 1.5", "opacity:",
    "a { b { color: red } }", "a:hover { color: blue }", "content: '\\e900'", "x{}", "}}",
]


def test_fast_path_matches_the_full_path_on_generated_text() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=3000, deadline=None)
    @given(st.lists(st.sampled_from(_CSS_PIECES), max_size=16))
    def run(pieces: list[str]) -> None:
        _same_both_ways("".join(pieces))

    run()


_SELECTORS = ["a", ".b", "#c", "a > b", "a&gt; b", "*", "p:hover", "[x='1']", ":not(a)", "",
              "a, b", "::-moz-selection", "a;b"]
_DECLARATIONS = ["color: red", "color: FFFFFF", "margin: 0 auto", "margin: none",
                 "width: 10px !important", "foo: 1", "color: ", "float", "*zoom: 1",
                 "_height: 1%", "-webkit-box-flex: 1", "--v: x", "filter: alpha(opacity=5)",
                 "background: url(a.png)", "content: '\\201C'", "top: 3px\\9",
                 "width: calc(100% - (2 * 10px))", "color: red /* c */", "b { c: d }",
                 "&:hover { color: red }", "@media print { color: red }", "display: grid",
                 # numbers of each class (valid values are cached by their shape)
                 "margin: 0 10px", "margin: 0 2", "opacity: .5", "opacity: 1.5e0",
                 "z-index: 1.5", "z-index: -3", "z-index: +0", "line-height: -1",
                 "line-height: 0.0", "width: -10px", "width: .0", "width: 5", "width: 0e5",
                 "width: 1e5e3px", "width: 1e5e3", "flex: 1e5e3", "order: 1e3",
                 "font-weight: 0", "font-weight: 700", "font-weight: .5e3", "flex-grow: -.5",
                 "transform: rotate(45deg) scale(1.5)", "transform: rotate(0) scale(-1)",
                 "background: url(a1.png) 0 0", "background-position: 5% -.5em",
                 # url and hash tokens (valid values are cached by their shape)
                 "background: url(b.png) #FFF", "background: url(b b.png) #fff",
                 "background: url(b(.png) #fff", "background: url(b\x01.png) #fff",
                 "background: url() #fff", "color: #abc", "color: #a0b", "color: #abg",
                 "color: #abcde", "color: #ABCDEF12", "color: #-ab", "color: #ab\\c"]


def test_fast_path_matches_the_full_path_on_generated_style_sheets() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    declarations = st.lists(st.sampled_from(_DECLARATIONS), max_size=5).map(";".join)
    rule = st.builds("{} {{ {} }}".format, st.sampled_from(_SELECTORS), declarations)
    wrapped = st.builds("{} {{ {} }}".format, st.sampled_from(
        ["@media screen", "@media (max-device-width: 2px)", "@supports (x: y)", "@font-face",
         "@keyframes k", "@unknown", "@-moz-document url-prefix()", "@layer x"]),
        st.lists(rule, max_size=3).map(" ".join))
    keyframes = st.builds("@keyframes k {{ {} {{ {} }} }}".format, st.sampled_from(
        ["from", "to", "50%", "0%, 100%", "from to", "middle", "10.5%"]), declarations)
    noise = st.sampled_from(_CSS_PIECES)

    @settings(max_examples=1500, deadline=None)
    @given(st.lists(st.one_of(rule, wrapped, keyframes, noise), max_size=8))
    def run(parts: list[str]) -> None:
        _same_both_ways("\n".join(parts))

    run()


@pytest.mark.parametrize("sheet", [
    "<![CDATA[\na { color: red }\n@media print { b { margin: 0 } }\n]]>",
    "\n@charset 'x'; a { color: red }",
    '@charset "x"; a { color: red }',
    "a { color: red } } b { color: FFF }",
    "a { color: red; b { c: d } }",
    "a { width: calc(1px + ( }",
    "a { content: \"x\n\" } b { cursor: hand }",
    "a { background: url(x{y).png) }",
    "a { background: url( 'x{y'  ) }",
    "a:not(b { color: red } c { d: e }",
    "@media (max-device-width: 2px) { a { color: FFF } }",
    "@media screen { a { color: FFF } ",
    "@media screen { a&gt; b { color: FFF } c { cursor: hand } }",
    "@font-face { font-family: x; src: url(a) format('woff'); foo: bar }",
    "@keyframes k { from { opacity: 2px } 50% { color: FFF } }",
    "@unknown { a { b } } a { color: FFF }",
    ".a { *zoom: 1; #zoom: 1; _height: 1%; * height: 1% }",
    ".a { filter: progid:DXImageTransform.Microsoft.Alpha(opacity=80); -ms-filter: x }",
    ".a { top: 3px\\9; color: red\\9 !important; display: block\\0/IE9 }",
    ".a { color: red !important; margin: !important; width: 1px ! important }",
    ".a { color: red /* c */ ; margin: /* c */ 0 /* d */ auto }",
    "a { color: red }\n/* unclosed",
    "a { color: red /* unclosed",
    "<!-- a { color: red } --> <!-- b { cursor: hand } -->",
    "a { x: y }" * 50 + "b { color: \\",
    ".sm\\:flex { display: flex } [ng\\:cloak] { display: none }",
    "a\x00b { col\x00or: red; color: re\x00d }",
    # (an escaped '<' is no CDO: "url(" after "<!--" is then inside a name)
    "\\<!--url(x/*)a { b { color: red } }a", "<!--url(x/*)a { color: red }",
    "@media (\\6d ax-device-width: 1px) { a { color: red } }",
])
def test_fast_path_matches_the_full_path_on_tricky_sheets(sheet: str) -> None:
    _same_both_ways(sheet)
