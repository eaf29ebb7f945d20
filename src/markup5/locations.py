"""Source locations: where a parsed node came from in the input.

With ``source_locations=True`` (:func:`markup5.parse`,
:func:`markup5.parse_fragment`, :class:`markup5.HTMLParser`), the HTML
parser gives each node it makes for a token a :class:`SourceLocation`: the
span of that token in the input, as parse5's ``sourceCodeLocationInfo``
and lxml's ``sourceline`` do.  Read it with ``node.source_location``, and on
elements ``element.start_tag_location`` (the same) and
``element.end_tag_location``.

Offsets count characters of the *preprocessed* input stream, the one the
tokenizer reads and :class:`~markup5.ParseError` offsets count in: the
decoded text after every CR LF pair and lone CR became one LF.  For input
without CR the offsets index the text as given.  Lines and columns are
1-based and do not depend on that normalisation (a CR LF is one line break
either way); columns count UTF-16 code units, as the html5lib-tests and
``ParseError.col`` do, so a character outside the Basic Multilingual Plane
is two columns.  They are worked out when first read, from the line table
the parse's errors use, which the locations share.

The parser itself stores a span as a plain tuple ``(offset, end_offset,
position_map)`` (a :data:`Span`) on the node: a parse locates nearly every
node and most locations are never read, and a tuple is made without a
Python call or attribute stores, once per token (the nodes made for one
token share it).  An element closed by an end tag of its name keeps that
end tag token's span as it is, in a slot of its own.  The node's properties
make the :class:`SourceLocation` when first read (:func:`located`) and keep
it in the tuple's place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import ParseError, PositionMap

__all__ = ["SourceLocation"]

_new = object.__new__

#: A span as the parser stores it on a node: (offset, end_offset, the
#: parse's line table), made a SourceLocation when first read.
Span = tuple[int, int, PositionMap]

class SourceLocation:
    """The span of source text a node came from: immutable.

    ``offset`` and ``end_offset`` are stream offsets (the first character,
    and just past the last); ``line``/``col`` and ``end_line``/``end_col``
    are the 1-based positions of those two offsets (the end is exclusive:
    the column just past the span's last character, as parse5's
    ``endCol``).  Two locations are equal when their offsets are.
    """

    __slots__ = ("_offset", "_end_offset", "_map", "_line_col")

    def __init__(self, offset: int, end_offset: int, position_map: PositionMap | None = None,
                 line_col: tuple[int, int, int, int] | None = None) -> None:
        if not (isinstance(offset, int) and isinstance(end_offset, int)):
            raise TypeError("offset and end_offset must be ints")
        if offset < 0 or end_offset < offset:
            raise ValueError(f"need 0 <= offset <= end_offset, not {offset}, {end_offset}")
        self._offset = offset
        self._end_offset = end_offset
        self._map = position_map
        self._line_col = line_col

    def _resolve(self) -> tuple[int, int, int, int]:
        lc = self._line_col
        if lc is None:
            position_map = self._map
            if position_map is None:  # (made without a map: one line)
                lc = (1, self._offset + 1, 1, self._end_offset + 1)
            else:
                line, col = position_map.line_col(self._offset)
                end_line, end_col = position_map.line_col(self._end_offset)
                lc = (line, col, end_line, end_col)
            self._line_col = lc
            self._map = None
        return lc

    @property
    def offset(self) -> int:
        """0-based stream offset of the span's first character."""
        return self._offset

    @property
    def end_offset(self) -> int:
        """0-based stream offset just past the span's last character."""
        return self._end_offset

    @property
    def line(self) -> int:
        """1-based line of :attr:`offset`."""
        return self._resolve()[0]

    @property
    def col(self) -> int:
        """1-based column of :attr:`offset` (UTF-16 code units)."""
        return self._resolve()[1]

    @property
    def end_line(self) -> int:
        """1-based line of :attr:`end_offset`."""
        return self._resolve()[2]

    @property
    def end_col(self) -> int:
        """1-based column of :attr:`end_offset` (one past the last character)."""
        return self._resolve()[3]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SourceLocation):
            return NotImplemented
        return self._offset == other._offset and self._end_offset == other._end_offset

    def __hash__(self) -> int:
        return hash((self._offset, self._end_offset))

    def __reduce__(self) -> tuple[Any, ...]:
        # Resolved first: a pickle does not carry the parse's line table
        # (which holds the whole input).
        return (SourceLocation, (self._offset, self._end_offset, None, self._resolve()))

    def __repr__(self) -> str:
        line, col, end_line, end_col = self._resolve()
        return (f"SourceLocation(line={line}, col={col}, offset={self._offset}, "
                f"end_line={end_line}, end_col={end_col}, end_offset={self._end_offset})")


def located(span: Span) -> SourceLocation:
    """The :class:`SourceLocation` of a span the parser stored (the
    constructor without its checks)."""
    location: SourceLocation = _new(SourceLocation)
    location._offset = span[0]
    location._end_offset = span[1]
    location._map = span[2]
    location._line_col = None
    return location


def settled(value: Any) -> Any:
    """A node's ``_location`` (or an element's ``_end_location``) made a
    :class:`SourceLocation` if it is still a :data:`Span` (for a pickle,
    which must not carry the line table and the whole input with it)."""
    return located(value) if type(value) is tuple else value


def resolve_positions(errors: Sequence[ParseError], locations: Sequence[SourceLocation | Span]
                      ) -> dict[PositionMap, dict[int, tuple[int, int]]]:
    """Work out the lines and columns of many parse errors and locations of
    one parse at once, as each would when first read: one
    :meth:`PositionMap.line_cols` call per line table over all their
    offsets (the conformance checker's messages), rather than an index of
    every line of the input.  ``locations`` are SourceLocations or the
    parser's :data:`Span` tuples.  The errors and SourceLocations keep
    theirs; those already worked out, or made without a line table, are
    left as they are.  Returns, by line table, the ``(line, col)`` of each
    offset asked, where a Span's ``(offset, end_offset, position_map)``
    finds its two: ``found[position_map][offset]``."""
    asked: dict[PositionMap, list[int]] = {}  # each line table's offsets
    waiting_errors = [error for error in errors
                      if error._line_col is None and error._map is not None]
    for error in waiting_errors:
        asked.setdefault(error._map, []).append(error.offset)  # type: ignore[arg-type]
    waiting_locations: list[SourceLocation] = []
    for location in locations:
        if isinstance(location, tuple):
            start, end, table = location
            asked.setdefault(table, []).extend((start, end))
        elif location._line_col is None and location._map is not None:
            waiting_locations.append(location)
            asked.setdefault(location._map, []).extend((location._offset, location._end_offset))
    answers = {table: dict(zip(offsets, table.line_cols(offsets)))
               for table, offsets in asked.items()}
    for error in waiting_errors:
        position_map = error._map
        if position_map is not None:
            error._line_col = answers[position_map][error.offset]
            error._map = None
    for location in waiting_locations:
        position_map = location._map
        if position_map is not None:  # (else met twice, and worked out)
            found = answers[position_map]
            location._line_col = found[location._offset] + found[location._end_offset]
            location._map = None
    return answers
