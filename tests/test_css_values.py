"""markup5.css: property values against the grammars of the CSS specs
(CSS Values 4 types, Backgrounds 3, Box 4, Color 4, Images 3, UI 4...),
property names against the specs' property indexes."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from markup5.css import check_declarations
from markup5.css._values import ANY, ONE, REPEAT, SEQ, compile_grammar


def codes(text: str) -> list[str]:
    return [error.code for error in check_declarations(text)]


@pytest.mark.parametrize("declaration", [
    "color: #fff", "color: #ffffff80", "color: rebeccapurple", "color: currentColor",
    "color: rgb(0 0 0 / 50%)", "color: hsl(120deg 100% 50%)", "color: inherit",
    "background: url(x.png) no-repeat 0 0 #fff",
    "background: linear-gradient(to top, #fff 0%, #000 100%), url(a.png)",
    "background-image: linear-gradient(45deg, red, blue)",
    "background-position: center top, 10px 20%",
    "margin: 0 auto", "margin: -10px 2em 0", "padding: 0", "padding: 1px 2px 3px 4px",
    "width: calc(100% - 10px)", "width: fit-content", "max-width: none",
    "display: inline-block", "display: block flex", "display: list-item", "display: -webkit-box",
    "cursor: url(a.cur) 2 2, pointer", "cursor: pointer",
    "font-family: 'Helvetica Neue', Arial, sans-serif", "font-weight: 700",
    "transition: opacity .3s ease-in-out, transform .2s cubic-bezier(.2,0,0,1) 1s",
    "box-shadow: 0 1px 2px rgba(0,0,0,.5), inset 0 0 0 1px #fff", "box-shadow: none",
    "border: 1px solid #ccc", "border-radius: 50% / 10px", "z-index: 10", "opacity: .5",
    "flex: 1 1 0%", "flex: none", "content: ''", "content: counter(item) '. '",
    "margin: 0 !important", "color: var(--brand)", "width: -webkit-fill-available",
    "white-space: -moz-pre-wrap", "filter: alpha(opacity=50)", "transform: rotate(45deg)",
    "grid-template-columns: repeat(3, 1fr)", "text-transform: uppercase",
    "--anything: [ } ( nonsense", "-webkit-transition: all 1s", "_width: 10px",
    "paint-order: stroke", "vertical-align: center", "vertical-align: -2px",
    "transform: translate(10px, 50%) rotate(45deg) scale(1.5)",
    "container: sidebar / inline-size", "offset: none",
])
def test_valid_declarations(declaration: str) -> None:
    assert check_declarations(declaration) == []


@pytest.mark.parametrize("declaration, shown", [
    ("background-image: null", "null"),          # not an <image>
    ("cursor: hand", "hand"),                    # IE's name for pointer
    ("color: FFFFFF", "FFFFFF"),                 # a hex color needs '#'
    ("color: #ggg", "#ggg"),
    ("color: #12345", "#12345"),                 # 3, 4, 6 or 8 digits
    ("margin: none", "none"),
    ("padding: 0 10", "10"),                     # only 0 may omit its unit
    ("background-position: 0 0, initial", "initial"),  # CSS-wide keywords stand alone
    ("width: unsetpx", "unsetpx"),
    ("display: none\\0", "none\\0"),
    ("padding-top: -0.5rem", "-0.5rem"),         # padding is [0,∞]
    ("text-transform: uppercases", "uppercases"),
    ("border-width: solid", "solid"),
    ("white-space: no-wrap", "no-wrap"),
    ("transform: 360deg", "360deg"),
    ("background: linear-gradient(top, #fff, #000)", "linear-gradient(top, #fff, #000)"),
    ("overflow: none", "none"),
    ("margin: 1px 2px 3px 4px 5px", "5px"),      # {1,4}
    ("grid-column: span 0", "0"),                # span takes an integer >= 1 (Grid 2 §8.3)
    ("z-index: 1.5", "1.5"),                     # an <integer>
    ("line-height: -1", "-1"),                   # [0,∞]
    ("transform: translateY(360deg)", "translateY(360deg)"),  # a <length-percentage>
    ("transform: translate(none, -25%)", "translate(none, -25%)"),
    ("_width: expression(this.offsetWidth)", "expression(this.offsetWidth)"),  # IE6 hack
])
def test_invalid_values_name_the_offending_component(declaration: str, shown: str) -> None:
    (error,) = check_declarations(declaration)
    prop = declaration.split(":")[0]
    assert error.code == "css-bad-value"
    assert error.message == f"“{prop}”: “{shown}” is not a “{prop}” value."
    assert declaration[error.start:error.end].startswith(shown)
    assert error.end == len(declaration)  # to the end of the value


@pytest.mark.parametrize("name", ["foo", "moz-transition", "minheight", "overyflow-y"])
def test_unknown_property_names(name: str) -> None:
    (error,) = check_declarations(f"{name}: 1px")
    assert error.code == "css-unknown-property"
    assert error.message == f"“{name}”: Property “{name}” doesn't exist."
    assert (error.start, error.end) == (0, len(name))


def test_a_property_without_a_grammar_here_is_not_checked() -> None:
    assert check_declarations("scroll-snap-type: x mandatory") == []
    assert check_declarations("text-emphasis: nonsense 12") == []


def test_grammar_combinators_compile_to_their_nodes() -> None:
    assert compile_grammar("a | b").kind == ONE
    assert compile_grammar("a || b").kind == ANY
    assert compile_grammar("a b").kind == SEQ
    node = compile_grammar("<length>#{1,3}")
    assert (node.kind, node.low, node.high, node.comma) == (REPEAT, 1, 3, True)
    with pytest.raises(ValueError):
        compile_grammar("a |")


def test_double_bar_and_double_ampersand_take_any_order() -> None:
    assert check_declarations("border: solid #000 1px") == []
    assert check_declarations("border: #000 1px solid") == []
    assert codes("border: solid solid") == ["css-bad-value"]  # each part once


@pytest.mark.parametrize("valid, lookalike", [
    # A valid value is remembered by its shape; a lookalike of another
    # shape is still checked (each pair in one style sheet, valid first).
    ("url(a.png) #fff no-repeat", "url(a b.png) #fff no-repeat"),  # a bad url
    ("url(a.png) #fff no-repeat", "url(a(b.png) #fff no-repeat"),  # a bad url
    ("url(a.png) #fff no-repeat", "url(a\x01.png) #fff no-repeat"),  # a non-printable
    ("url(a.png) #fff", "url(a.png) #ffg"),  # not all hexadecimal digits
    ("url(a.png) #fff", "url(a.png) #ffff0"),  # five digits
    ("#0a1b2c", "#0a1b2c0"),
    ("#ABCD", "#ABCDE"),
])
def test_a_valid_value_shape_does_not_cover_a_lookalike(valid: str, lookalike: str) -> None:
    from markup5.css import _clear_caches, check_stylesheet

    _clear_caches()
    errors = check_stylesheet(f"a {{ background: {valid} }} b {{ background: {lookalike} }}")
    assert [error.code for error in errors] == ["css-bad-value"]
    _clear_caches()
    assert [error.code for error in check_stylesheet(f"b {{ background: {lookalike} }}")] \
        == ["css-bad-value"]


def test_values_of_one_shape_share_a_verdict() -> None:
    import markup5.css as css

    css._clear_caches()
    assert css.check_stylesheet("a { background: url(a.png) #FFF no-repeat 0 -176px }") == []
    shapes = set(css._VALID_SHAPES)
    assert shapes == {("background", "url(u) #000 no-repeat 0 -1px")}
    assert css.check_stylesheet("b { background: URL(//b/c.gif?x=1) #0aB no-repeat 0 -2px }"
                                " c { color: #123 }") == []
    assert css._VALID_SHAPES == shapes | {("color", "#000")}


def _all_tables() -> list:
    """Every node of the compiled property tables."""
    from markup5.css._properties import BUILTIN_STARTS, table_grammars, type_grammar
    from markup5.css._values import reachable_nodes

    return reachable_nodes(table_grammars(), type_grammar, BUILTIN_STARTS)


@contextlib.contextmanager
def _without_starts() -> Iterator[None]:
    """Every node of the tables tried everywhere, as before start sets."""
    saved = [(node, node.starts) for node in _all_tables()]
    for node, _starts in saved:
        node.starts = None
    try:
        yield
    finally:
        for node, starts in saved:
            node.starts = starts


def test_every_builtin_has_starts_holding_every_token_it_accepts() -> None:
    from markup5.css import _tokens
    from markup5.css._properties import (ANGLE_UNITS, BUILTIN_STARTS, BUILTINS, KNOWN_FUNCTIONS,
                                         LENGTH_UNITS, NAMED_COLORS, RESOLUTION_UNITS,
                                         TIME_UNITS)
    from markup5.css._values import KEYWORD, start_key

    assert set(BUILTIN_STARTS) == set(BUILTINS)
    keywords = {node.value for node in _all_tables() if node.kind == KEYWORD}
    units = LENGTH_UNITS | ANGLE_UNITS | TIME_UNITS | RESOLUTION_UNITS | {"fr", "q", "zz"}
    pieces = (sorted(keywords | NAMED_COLORS | {"foo", "--x", "-moz-x", "default", "inherit",
                                                "SPAN", "Red"})
              + [f"{name}(1)" for name in sorted(KNOWN_FUNCTIONS | {"foo", "Calc"})]
              + [f"{number}{unit}" for number in ("0", "1", "1.5", "-2", ".5")
                 for unit in sorted(units) + ["", "%", "E3"]]
              + ["#fff", "#abcd", "#12345", "#zz", "#0a0b0c0d", "'s'", '"t"', "url(a)",
                 "URL( b )", "url(a b)", ",", "/", "*", "+", "!", ";", ":", "(x)", "[x]", "{x}",
                 "@media", "<!--", "-->", "'bad\n"])
    tokens = [token for piece in pieces for token in _tokens.tokenize(piece)]
    accepted = 0
    for name, builtin in BUILTINS.items():
        starts = BUILTIN_STARTS[name]
        for token in tokens:
            if builtin(token, None, 0):  # type: ignore[arg-type]
                accepted += 1
                assert start_key(token) in starts or token.type in starts, (name, token)
    assert accepted > 500  # (the sample reaches every builtin)


def test_the_tables_are_annotated_with_starts() -> None:
    from markup5.css._properties import grammar_for
    from markup5.css._values import FUNC, KEYWORD, LITERAL

    nodes = _all_tables()
    assert all(node.starts is None for node in nodes if node.kind in (KEYWORD, LITERAL, FUNC))
    assert sum(node.starts is not None for node in nodes) > len(nodes) // 2
    background = grammar_for("background")
    assert background.starts is not None and "hash" in background.starts
    assert "k:no-repeat" in background.starts and "k:bold" not in background.starts


def test_a_value_skips_the_grammar_nodes_it_cannot_start() -> None:
    # background: #fff is a colour: the layers' images, positions, sizes,
    # repeats and boxes are each passed over at one look, not tried.
    from markup5.css._properties import BUILTINS, grammar_for, type_grammar
    from markup5.css._tokens import tokenize
    from markup5.css._values import Matcher

    tokens = [token for token in tokenize("#fff") if token.type != "EOF"]

    class Counting(Matcher):
        __slots__ = ("tried",)

        def _ends(self, node, pos):
            self.tried += 1
            return super()._ends(node, pos)

    def count() -> int:
        matcher = Counting([(token, 0, 0) for token in tokens], type_grammar, BUILTINS,
                           lambda item: [])
        matcher.tried = 0
        assert matcher.full(grammar_for("background"))
        return matcher.tried

    pruned = count()
    with _without_starts():
        unpruned = count()
    assert pruned * 4 < unpruned, (pruned, unpruned)


_VALUE_PIECES = [
    "0", "1", "1.5", "-2", "10px", "-1px", "5%", "2em", "45deg", "1s", "2x", "1fr", "3Q",
    "#fff", "#abcd", "#12345", "'s'", "url(a)", "url(a b)", ",", "/", "!", "*", "calc(1px + 2px)",
    "rgb(1, 2, 3)", "red", "Blue", "foo", "linear-gradient(red, blue)",
    "linear-gradient(to left, red 10%, blue)", "translate(1px, 2px)", "rotate(45deg)",
    "steps(2)", "repeat(2, 1fr)", "inset(1px)", "counter(x)", "--x", "none", "auto",
    "a(b)", "-moz-x", "inherit", "span", "normal", "bold", "center", "left", "top", "no-repeat",
    "cover", "solid", "inset", "ease", "infinite", "serif", "x-large", "fixed", "both",
]


def test_start_sets_do_not_change_any_verdict() -> None:
    # Each value checked with the start sets and without them (every node
    # tried everywhere): the same verdict, at the same component.
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from markup5.css import _clear_caches, _full
    from markup5.css._properties import PROPERTIES
    from markup5.css._syntax import _STYLE
    from markup5.css._values import KEYWORD

    nodes = _all_tables()
    keywords = sorted({node.value for node in nodes if node.kind == KEYWORD})
    piece = st.one_of(st.sampled_from(_VALUE_PIECES), st.sampled_from(keywords))

    def both_ways(declaration: str) -> None:
        _clear_caches()
        pruned = _full(declaration, _STYLE)
        with _without_starts():
            _clear_caches()
            unpruned = _full(declaration, _STYLE)
        assert pruned == unpruned, declaration

    @settings(max_examples=2500, deadline=None)
    @given(st.sampled_from(sorted(PROPERTIES)), st.lists(piece, min_size=1, max_size=7),
           st.sampled_from([" ", ", ", " / "]))
    def run(prop: str, pieces: list[str], joiner: str) -> None:
        both_ways(f"{prop}: {joiner.join(pieces)}")

    run()
