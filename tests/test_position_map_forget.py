"""PositionMap.forget: a streamed parse keeps exact line/column for every
error while the map drops the text it no longer needs (flat memory)."""

from __future__ import annotations

import random

import pytest

import markup5
from markup5.errors import ParseError, PositionMap
from markup5.xml import XmlParser


def _document(seed: int) -> str:
    rng = random.Random(seed)
    parts = []
    for _ in range(20000):
        r = rng.random()
        if r < 0.01:
            parts.append("<b>x & y</b>\n")  # unescaped-ampersand
        elif r < 0.02:
            parts.append("<c>\U0001F600\U0001F600&nbsp;</c>")  # astral columns, undeclared-entity
        elif r < 0.03:
            parts.append("<d a=1/>\n")  # unquoted-attribute-value
        else:
            parts.append("<e>text text text</e>\n")
    return "<r>" + "".join(parts) + "</r"


@pytest.mark.parametrize("piece", [997, 5000])
def test_fed_errors_keep_their_positions(monkeypatch: pytest.MonkeyPatch, piece: int) -> None:
    monkeypatch.setattr(PositionMap, "FORGET_AFTER", 10_000)
    text = _document(piece)
    whole = markup5.parse_xml(text, fast_path=False)
    parser = XmlParser()
    for k in range(0, len(text), piece):
        parser.feed(text[k:k + piece])
    fed = parser.close()
    expected = [(e.code, e.offset, e.line, e.col) for e in whole.errors]
    assert len(expected) > 100
    assert [(e.code, e.offset, e.line, e.col) for e in fed.errors] == expected
    positions = parser.tokenizer._positions
    # The map held on to a few pieces, not to the document.
    assert positions._held < 10_000 + 2 * piece
    assert len(positions._line_starts) < text.count("\n") // 10


def test_forget_resolves_what_it_drops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PositionMap, "FORGET_AFTER", 0)
    positions = PositionMap()
    positions.add("ab\ncd\n")
    early = ParseError("x", 4, positions)
    positions.add("\U0001F600e\nf")
    late = ParseError("y", 9, positions)
    positions.forget(7)
    assert positions._first == 6  # (whole chunks are dropped; the last is kept)
    assert positions._chunks == ["\U0001F600e\nf"]
    assert early._map is None and (early.line, early.col) == (2, 2)
    assert (late.line, late.col) == (4, 1)
    assert positions.line_col(7) == (3, 3)  # after an astral character: two columns
