"""Parse errors and the map from stream offsets to line and column.

Parse errors are never fatal: the standard defines recovery for every one of
them.  A :class:`ParseError` carries the standard's error code and the offset
of the offending character in the *preprocessed* input stream (after CR and
CRLF became LF).  Line and column are 1-based and computed only when asked
for, from a :class:`PositionMap` shared by all the errors of one parse.
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_left, bisect_right
from heapq import merge
from itertools import chain
from typing import Sequence

__all__ = ["ParseError", "PositionMap"]

_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_NEWLINE = re.compile("\n")
_MATCH_END = re.Match.end

# CPython stores a str with 1, 2 or 4 bytes per character, 4 only when it
# holds a character outside the BMP.  Reading that width from the object's
# size lets the astral scans (here and the input stream's) be skipped for
# almost every page.
try:
    _UCS4_BASE = sys.getsizeof("\U00010000") - 2 * 4

    def may_have_astral(s: str) -> bool:
        """Whether ``s`` may hold a character outside the BMP (False: it
        holds none; O(1))."""
        return sys.getsizeof(s) - _UCS4_BASE >= 4 * (len(s) + 1)

    assert may_have_astral("a\U00010000") and not may_have_astral("a\uffff")
except (TypeError, AssertionError):  # not CPython: always scan
    def may_have_astral(s: str) -> bool:
        """Whether ``s`` may hold a character outside the BMP (True: not
        known here)."""
        return True


def _astral_count(text: str, start: int, stop: int) -> int:
    """How many characters outside the BMP ``text[start:stop]`` holds: each
    is two UTF-16 code units (a lone surrogate, which "surrogatepass"
    encodes, is one)."""
    piece = text[start:stop]
    return (len(piece.encode("utf-16-le", "surrogatepass")) >> 1) - len(piece)


class PositionMap:
    """Maps offsets in the preprocessed input stream to (line, column).

    Text is added chunk by chunk as the stream is fed; the newline index is
    built lazily, only when a position is first asked for, and extended
    incrementally after that.
    """

    __slots__ = ("_chunks", "_indexed_upto", "_line_starts", "_astral", "_length",
                 "_first", "_held", "_line_base", "_pending")

    #: How much text :meth:`forget` lets the map hold before it drops some.
    FORGET_AFTER = 1 << 20

    def __init__(self) -> None:
        self._chunks: list[str] = []
        self._indexed_upto = 0  # number of chunks already scanned for newlines
        #: Line starts (stream offsets) from the line holding ``_first`` on.
        self._line_starts = [0]
        self._astral: list[int] = []  # offsets of characters outside the BMP
        self._length = 0  # stream offset up to which the chunks are indexed
        self._first = 0  # stream offset of _chunks[0] (text before it forgotten)
        self._held = 0  # characters in _chunks
        self._line_base = 0  # lines before _line_starts[0]
        #: The errors made with this map, until :meth:`forget` resolves them.
        self._pending: list[ParseError] = []

    def add(self, text: str) -> None:
        """Record the next piece of the preprocessed stream."""
        if text:
            self._chunks.append(text)
            self._held += len(text)

    def forget(self, horizon: int) -> None:
        """Let the map drop the text before stream offset ``horizon``: no
        error made from now on is before it.  The errors made so far that
        are before it get their line and column now.  (Streaming parsers
        call this, so that a document of gigabytes does not stay in memory
        through its line table.)"""
        pending = self._pending
        if self._held < self.FORGET_AFTER:
            return
        if pending:
            keep = []
            for error in pending:
                if error._map is self:
                    if error.offset < horizon:
                        error._resolve()
                    else:
                        keep.append(error)
            self._pending = keep
        self._index()
        chunks = self._chunks
        first = self._first
        dropped = 0
        while dropped < len(chunks) - 1 and first + len(chunks[dropped]) <= horizon:
            first += len(chunks[dropped])
            dropped += 1
        if not dropped:
            return
        del chunks[:dropped]
        self._indexed_upto -= dropped
        self._held -= first - self._first
        self._first = first
        starts = self._line_starts
        line = bisect_right(starts, first) - 1  # the line holding `first`
        if line:
            self._line_base += line
            del starts[:line]
        astral = self._astral
        if astral:
            del astral[:bisect_left(astral, starts[0])]

    def _index(self) -> None:
        """Scan the chunks not yet scanned for newlines and astral characters."""
        chunks = self._chunks
        if self._indexed_upto < len(chunks):
            starts = self._line_starts
            base = self._length
            for i in range(self._indexed_upto, len(chunks)):
                chunk = chunks[i]
                # (One regex pass: a third faster than a str.find loop
                # on pages of ~90-character lines.)
                if base:
                    starts.extend([base + found.end() for found in _NEWLINE.finditer(chunk)])
                else:
                    starts.extend(map(_MATCH_END, _NEWLINE.finditer(chunk)))
                if may_have_astral(chunk) and _ASTRAL.search(chunk):
                    self._astral.extend(base + m.start() for m in _ASTRAL.finditer(chunk))
                base += len(chunk)
            self._length = base
            self._indexed_upto = len(chunks)

    def line_col(self, offset: int) -> tuple[int, int]:
        """Return the 1-based ``(line, column)`` of the character at ``offset``.

        An offset equal to the stream length (end of file) is one column past
        the last character, as the html5lib-tests expect.  Columns count
        UTF-16 code units, as the html5lib-tests (and browsers) do: a
        character outside the Basic Multilingual Plane is two columns.
        """
        self._index()
        starts = self._line_starts
        line = bisect_right(starts, offset)
        start = starts[line - 1]
        line += self._line_base
        col = offset - start + 1
        astral = self._astral
        if astral:
            col += bisect_left(astral, offset) - bisect_left(astral, start)
        return line, col

    def line_cols(self, offsets: Sequence[int]) -> list[tuple[int, int]]:
        """The ``(line, column)`` of each of ``offsets``, as :meth:`line_col`
        gives them, in the same order.

        For many offsets asked at once (a checker's messages) this makes
        one pass over the text in offset order, counting the newlines
        between one offset and the next with ``str.count``, instead of
        building the newline index, which makes an object for every line
        (a third of the cost on pages of ~90-character lines).  In a chunk
        that may hold characters outside the BMP (whose columns count two)
        the pass also counts those since the line's start, from the length
        of the swept text in UTF-16: each character is counted at most
        once.  The index is used instead when it is already begun, or when
        text before the offsets has been let go (:meth:`forget`)."""
        chunks = self._chunks
        if self._indexed_upto or self._first:
            return [self.line_col(offset) for offset in offsets]
        found: list[tuple[int, int]] = [(0, 0)] * len(offsets)
        line, line_start = 1, 0  # at stream offset `at`, after the text before it
        wide = 0  # characters outside the BMP from line_start to `at`
        at = 0
        index = 0  # the chunk holding `at`, which starts at stream offset `base`
        base = 0
        # Whether that chunk may hold characters outside the BMP.
        astral = bool(chunks) and may_have_astral(chunks[0])
        for i in sorted(range(len(offsets)), key=offsets.__getitem__):
            offset = offsets[i]
            while at < offset and index < len(chunks):
                chunk = chunks[index]
                end = base + len(chunk)
                stop = offset if offset < end else end
                newlines = chunk.count("\n", at - base, stop - base)
                if newlines:
                    line += newlines
                    after = chunk.rfind("\n", at - base, stop - base) + 1
                    line_start = base + after
                    wide = _astral_count(chunk, after, stop - base) if astral else 0
                elif astral:
                    wide += _astral_count(chunk, at - base, stop - base)
                at = stop
                if stop == end:
                    index += 1
                    base = end
                    if index < len(chunks):
                        astral = may_have_astral(chunks[index])
            found[i] = (line, offset - line_start + 1 + wide)
        return found


class ParseError:
    """One parse error: the standard's ``code`` and where it happened.

    ``offset`` is the 0-based offset in the preprocessed input stream;
    ``line`` and ``col`` are 1-based and computed on first access.
    """

    __slots__ = ("code", "offset", "_map", "_line_col")

    def __init__(self, code: str, offset: int, position_map: PositionMap | None = None,
                 line_col: tuple[int, int] | None = None) -> None:
        self.code = code
        self.offset = offset
        self._map = position_map
        self._line_col = line_col
        if position_map is not None and line_col is None:
            position_map._pending.append(self)  # (see PositionMap.forget)

    def _resolve(self) -> tuple[int, int]:
        lc = self._line_col
        if lc is None:
            if self._map is None:
                lc = (1, self.offset + 1)
            else:
                lc = self._map.line_col(self.offset)
            self._line_col = lc
            self._map = None
        return lc

    @property
    def line(self) -> int:
        """1-based line number."""
        return self._resolve()[0]

    @property
    def col(self) -> int:
        """1-based column number (end of file is one past the last character)."""
        return self._resolve()[1]

    def as_dict(self) -> dict[str, object]:
        """The error in the html5lib-tests form: ``{"code", "line", "col"}``."""
        line, col = self._resolve()
        return {"code": self.code, "line": line, "col": col}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ParseError):
            return NotImplemented
        return (self.code, self.offset) == (other.code, other.offset)

    def __hash__(self) -> int:
        return hash((self.code, self.offset))

    def __reduce__(self) -> tuple[object, ...]:
        # Resolved first, and by the constructor: a pickle carries neither
        # the parse's line table (which holds the whole input) nor depends
        # on the protocol (the default for __slots__ fails with 0 and 1).
        return (type(self), (self.code, self.offset, None, self._resolve()))

    def __repr__(self) -> str:
        line, col = self._resolve()
        return f"ParseError({self.code!r}, line={line}, col={col})"

    def __str__(self) -> str:
        line, col = self._resolve()
        return f"{line}:{col}: {self.code}"


def error_offset(error: ParseError) -> int:
    """An error's offset: the key that puts errors in stream order."""
    return error.offset


class ErrorMerge:
    """The errors of several sources in stream order, kept up to date as
    the sources grow (the errors a parse has found so far, read between
    the chunks it is fed).

    Each source is a list in stream order that only grows: of
    :class:`ParseError` s, or for ``problems`` (the input stream's) of
    ``(code, offset)`` pairs.  The merge puts them in order of offset, and
    at one offset the problems first, then the sources in the order given,
    as a stable sort of them one after the other would.  Each :meth:`update`
    merges again only what lies at or after the lowest offset among the
    new entries (a new entry can go before one already merged: the input
    stream's problems are found when a chunk arrives, ahead of the
    tokenizer), so reading after every chunk costs the new entries, not
    all of them again (quadratic in the chunks before).  The merged list is
    the one :attr:`merged`, changed in place: a caller keeps a copy of it
    to keep what it was, and does not change it.  (Were a source ever out
    of order, each update would sort everything: correct, not fast.)"""

    __slots__ = ("merged", "_taken", "_problems_taken", "_positions", "_in_order")

    def __init__(self, positions: PositionMap | None) -> None:
        #: The merged list (one list, updated in place).
        self.merged: list[ParseError] = []
        self._taken: list[int] = []
        self._problems_taken = 0
        self._positions = positions
        self._in_order = True  # (False once a source was not: sorted whole from then on)

    def update(self, problems: Sequence[tuple[str, int]],
               sources: Sequence[list[ParseError]]) -> list[ParseError]:
        """Merge in what the sources gained since the last update; returns
        :attr:`merged`."""
        taken = self._taken
        if len(taken) < len(sources):
            taken.extend([0] * (len(sources) - len(taken)))
        low = None
        if len(problems) > self._problems_taken:
            low = problems[self._problems_taken][1]
        in_order = self._in_order
        for source, count in zip(sources, taken):
            if len(source) > count:
                offset = source[count].offset
                if low is None or offset < low:
                    low = offset
                if not in_order:
                    continue
                # (Each source is in stream order, as the tokenizer and the
                # tree builder report their errors; checked, at the cost of
                # the new entries, so that the answer never depends on it.)
                previous = source[count - 1].offset if count else offset
                for i in range(count, len(source)):  # (islice would walk from 0)
                    offset = source[i].offset
                    if offset < previous:
                        in_order = False
                        break
                    previous = offset
        if low is None:
            return self.merged
        if not in_order:
            self._in_order = False
            low = -1  # all of it again: a stable sort, as a single merge would be
        # Everything at or after ``low`` is merged again, from each source.
        start_problems = bisect_left(problems, low, 0, self._problems_taken,
                                     key=_second)
        starts = [bisect_left(source, low, 0, count, key=error_offset)
                  for source, count in zip(sources, taken)]
        merged = self.merged
        del merged[start_problems + sum(starts):]
        positions = self._positions
        later_problems = [ParseError(code, offset, positions)
                          for code, offset in problems[start_problems:]]
        if in_order:
            merged.extend(merge(later_problems,
                                *(source[start:] for source, start in zip(sources, starts)),
                                key=error_offset))
        else:
            merged.extend(sorted(chain(later_problems, *sources), key=error_offset))
        self._problems_taken = len(problems)
        for i, source in enumerate(sources):
            taken[i] = len(source)
        return merged


def _second(pair: tuple[str, int]) -> int:
    return pair[1]
