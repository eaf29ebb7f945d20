"""PositionMap.line_cols and locations.resolve_positions: many positions
worked out in one pass over the text give exactly what line_col and the
objects' own lazy resolution give, one at a time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import markup5
from markup5.errors import ParseError, PositionMap
from markup5.locations import SourceLocation, resolve_positions

# Text of newlines, ASCII, Latin-1, BMP, a lone surrogate (a str's input
# stream may hold one: one column) and (in some) astral characters.
_TEXT = st.text(alphabet=st.sampled_from("ab\n\n\u00e9\u4e00\ud800\U0001F600"), max_size=80)


def _map(chunks: list[str]) -> PositionMap:
    positions = PositionMap()
    for chunk in chunks:
        positions.add(chunk)
    return positions


@st.composite
def _chunked(draw: st.DrawFn) -> tuple[list[str], list[int]]:
    text = draw(_TEXT)
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=4)))
    chunks = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])]
    # Offsets in any order, repeated, and past the end (the end of file
    # is one past the last character).
    offsets = draw(st.lists(st.integers(0, len(text) + 2), max_size=12))
    return chunks, offsets


@settings(max_examples=400, deadline=None)
@given(_chunked())
def test_line_cols_is_line_col_for_each(case: tuple[list[str], list[int]]) -> None:
    chunks, offsets = case
    assert _map(chunks).line_cols(offsets) == [_map(chunks).line_col(o) for o in offsets]


def test_the_sweep_runs_where_it_can_and_the_index_where_it_must() -> None:
    text = "ab\ncd\n\nefg\n" * 50
    positions = _map([text[:101], text[101:]])
    offsets = [len(text), 0, 57, 3, 101, 100, 3]
    expected = [_map([text]).line_col(o) for o in offsets]
    assert positions.line_cols(offsets) == expected
    assert positions._indexed_upto == 0  # (no index of every line was built)
    positions.line_col(5)  # the index begun: it is used from now on
    assert positions.line_cols(offsets) == expected
    # A character outside the BMP counts two columns, counted by the sweep
    # too, across chunks and lines, where a chunk may hold one.
    wide = _map(["a\U0001F600b\nc", "\U0001F600\U0001F600d", "e\U0001F600\nf\U0001F600g"])
    offsets = [3, 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 30]
    assert wide.line_cols(offsets) == [_map(["".join(wide._chunks)]).line_col(o)
                                       for o in offsets]
    assert wide.line_cols([3, 0, 4, 5, 8]) == [(1, 5), (1, 1), (2, 1), (2, 2), (2, 7)]
    assert wide._indexed_upto == 0


def test_line_cols_after_forget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PositionMap, "FORGET_AFTER", 0)
    positions = _map(["ab\ncd\n", "e\nf"])
    positions.forget(7)  # (the first chunk let go: the index is used)
    assert positions._first == 6
    assert positions.line_cols([8, 6]) == [(4, 1), (3, 1)]


def test_resolve_positions_fills_what_reading_would() -> None:
    source = "<p>\n<b>x</b>\n<i>\U0001F600</i>\x01<p><x y=1 y=2>"
    for text in (source, source.replace("\U0001F600", "z")):
        lazy = markup5.parse(text, source_locations=True)
        eager = markup5.parse(text, source_locations=True)
        nodes = [node for node in eager.iter() if node.source_location is not None]
        locations = [node.source_location for node in nodes]
        assert all(location._map is not None for location in locations)
        resolve_positions(eager.errors, locations + locations[:2])  # (one met twice)
        assert all(location._map is None for location in locations)
        assert all(error._map is None for error in eager.errors)
        lazy_nodes = [node for node in lazy.iter() if node.source_location is not None]
        assert [(loc.line, loc.col, loc.end_line, loc.end_col) for loc in locations] == [
            (n.source_location.line, n.source_location.col, n.source_location.end_line,
             n.source_location.end_col) for n in lazy_nodes]
        assert [(e.code, e.line, e.col) for e in eager.errors] == \
            [(e.code, e.line, e.col) for e in lazy.errors]
        assert len(eager.errors) >= 2


def test_resolve_positions_leaves_what_has_no_line_table() -> None:
    made = SourceLocation(3, 5)  # made by hand: no line table
    given_error = ParseError("c", 4, line_col=(7, 9))
    resolve_positions([given_error], [made])
    assert (made.line, made.col, made.end_line, made.end_col) == (1, 4, 1, 6)
    assert (given_error.line, given_error.col) == (7, 9)


def test_resolve_positions_answers_for_spans() -> None:
    # The parser's Spans, as the nodes hold them before a location is read
    # (the conformance checker's findings): their two offsets' positions
    # are those the locations made from them give.
    source = "<p>\n<b>x</b>\n<i>\U0001F600</i>\x01<p>y\n\n<x y=1 y=2>z</x>"
    spanned = markup5.parse(source, source_locations=True)
    read = markup5.parse(source, source_locations=True)
    held = [getattr(node, "_location", None) for node in spanned.iter()]
    spans = [span for span in held if type(span) is tuple]
    assert len(spans) >= 8
    found = resolve_positions(spanned.errors, spans)
    assert all(error._map is None for error in spanned.errors)
    expected = [(n.source_location.line, n.source_location.col, n.source_location.end_line,
                 n.source_location.end_col)
                for n in read.iter() if n.source_location is not None]
    assert [found[position_map][start] + found[position_map][end]
            for start, end, position_map in spans] == expected
