"""Table model errors (HTML §4.9.12 "Processing model").

"A table model error is an error with the data represented by table
elements and their descendants.  Documents must not have table model
errors."  §4.9.12.1 "Forming a table" names two: a cell covering a slot
that another cell already covers (overlapping cells), and "a row or column
in the table containing only slots that do not have a cell anchored to
them".  :class:`TableRules` forms each table as that algorithm does and
reports, in the Nu Html Checker's words:

* ``table-cell-overlap``: at the earlier cell ("Table cell is overlapped by
  later table cell.") and at the later one ("Table cell overlaps an earlier
  table cell.");
* ``table-row-empty``: a ``tr`` with no ``td`` or ``th`` ("Row 2 of a row
  group established by a “tbody” element has no cells beginning on it.");
* ``table-cell-past-row-group``: a cell whose rowspan reaches past the end
  of its row group: the rows it adds have no cell anchored in them ("Table
  cell spans past the end of its row group established by a “tbody”
  element; clipped to the end of the row group.");
* ``table-column-empty``: columns in which no cell begins, at the element
  that established them (a ``col``, a ``colgroup``, or the cell whose
  colspan made the table wider): "Table column 3 established by element
  “td” has no cells beginning in it.";
* ``table-row-width`` (a warning, not a table model error: the standard does
  not ask rows to be as wide as each other; vnu warns about rows wider or
  narrower than the first, and calls it an error against column markup):
  "A table row was 2 columns wide, which is less than the column count
  established by the first row (3)."

Cells are positioned as the algorithm positions them, row by row, without a
grid of slots: the slots that cells from earlier rows still cover are kept
as disjoint column segments (with the first row each no longer covers) and
their union as sorted runs, so finding the next free slot, noticing an
overlap and letting a cell expire each cost a binary search, however large
the spans (colspan is clamped at 1000 and rowspan at 65534, as the
algorithm clamps them).  Rows are processed in document order (the
algorithm moves ``tfoot`` row groups to the end; only which element
"established" a column and which row is the first can differ).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort

from ..dom import HTML_NAMESPACE, Element
from ..microsyntax._numbers import integer_parts
from ._ancestry import AncestorFold, in_template_contents
from ._messages import Report, ReportSpan

__all__ = ["TableRules"]

#: The clamps of §4.9.12.1 ("If colspan is greater than 1000, let it be 1000
#: instead", "If rowspan is greater than 65534, let it be 65534 instead").
MAX_COLSPAN = 1000
MAX_ROWSPAN = 65534

#: The bottom of a cell that grows downward (rowspan=0): past any row.
_GROWS_DOWNWARD = 1 << 40

_ROW_GROUPS = frozenset({"thead", "tbody", "tfoot"})


def parse_span(value: str | None, limit: int, zero: int) -> int:
    """The rules for parsing non-negative integers applied to a span
    attribute's ``value``, as §4.9.12.1 uses them: 1 when absent or not a
    number, ``zero`` for zero (1 for colspan and span, 0 for rowspan, which
    then grows downward), at most ``limit``.  Long digit runs are never
    converted (thousands of digits are simply over the limit)."""
    if value is None:
        return 1
    parts = integer_parts(value)
    if parts is None:
        return 1
    negative, digits = parts
    digits = digits.lstrip("0")
    if not digits:
        return zero
    if negative:
        return 1
    if len(digits) > 6:
        return limit
    return min(int(digits), limit)


class _Segment:
    """Columns ``left`` .. ``right - 1`` covered by ``cell`` down to the row
    before ``bottom`` (row numbers within the row group)."""

    __slots__ = ("left", "right", "bottom", "cell")

    def __init__(self, left: int, right: int, bottom: int, cell: Element) -> None:
        self.left = left
        self.right = right
        self.bottom = bottom
        self.cell = cell


class _RowGroup:
    """The rows of one row group (a ``thead``, ``tbody`` or ``tfoot``, or
    consecutive ``tr`` children of the table: an implicit row group), with
    the cells that span down from earlier rows."""

    __slots__ = ("table", "kind", "y", "seg_starts", "segments", "expiry", "run_starts",
                 "run_end", "spanning")

    def __init__(self, table: _Table, kind: str | None) -> None:
        self.table = table
        self.kind = kind            # the row group element's name; None: implicit
        self.y = 0                  # the current row, counted from the group's first
        # covered slots: disjoint segments by left column, and their union as runs
        self.seg_starts: list[int] = []
        self.segments: dict[int, _Segment] = {}
        self.expiry: dict[int, list[_Segment]] = {}
        self.run_starts: list[int] = []
        self.run_end: dict[int, int] = {}
        # (bottom, cell) of cells with a rowspan above 1, for the end of the group
        self.spanning: list[tuple[int, Element]] = []

    # -- the union of covered columns ------------------------------------------

    def _free_from(self, x: int) -> int:
        """The first column at or after ``x`` that no earlier row's cell
        covers in the current row (step "cells" of processing rows)."""
        starts = self.run_starts
        if not starts:
            return x
        index = bisect_right(starts, x) - 1
        if index >= 0:
            end = self.run_end[starts[index]]
            if end > x:
                return end
        return x

    def _add_run(self, left: int, right: int) -> None:
        starts, ends = self.run_starts, self.run_end
        index = bisect_left(starts, left)
        if index > 0:
            start = starts[index - 1]
            end = ends[start]
            if end >= left:
                left = start
                right = max(right, end)
                index -= 1
                del starts[index]
                del ends[start]
        while index < len(starts) and starts[index] <= right:
            start = starts[index]
            right = max(right, ends[start])
            del starts[index]
            del ends[start]
        starts.insert(index, left)
        ends[left] = right

    def _remove_from_runs(self, segment: _Segment) -> None:
        """The segment's columns become free (segments are disjoint, so no
        other cell covers them)."""
        starts, ends = self.run_starts, self.run_end
        index = bisect_right(starts, segment.left) - 1
        start = starts[index]
        end = ends[start]
        del starts[index]
        del ends[start]
        if segment.right < end:
            starts.insert(index, segment.right)
            ends[segment.right] = end
        if start < segment.left:
            starts.insert(index, start)
            ends[start] = segment.left

    def _insert_segment(self, segment: _Segment) -> None:
        insort(self.seg_starts, segment.left)
        self.segments[segment.left] = segment
        self.expiry.setdefault(segment.bottom, []).append(segment)

    def _overlapping(self, left: int, right: int) -> list[_Segment]:
        """The segments that cover any of columns ``left`` .. ``right - 1``."""
        starts = self.seg_starts
        index = bisect_right(starts, left) - 1
        if index < 0 or self.segments[starts[index]].right <= left:
            index += 1
        found = []
        while index < len(starts) and starts[index] < right:
            found.append(self.segments[starts[index]])
            index += 1
        return found

    def _cover(self, left: int, right: int, bottom: int, cell: Element,
               overlapped: list[_Segment]) -> None:
        """Let ``cell`` cover columns ``left`` .. ``right - 1`` down to the
        row before ``bottom``; where it overlaps other cells, each slot stays
        covered as long as the longest of them covers it."""
        if not overlapped:
            self._insert_segment(_Segment(left, right, bottom, cell))
            self._add_run(left, right)
            return
        kept: list[_Segment] = []
        for segment in overlapped:
            index = bisect_left(self.seg_starts, segment.left)
            del self.seg_starts[index]
            del self.segments[segment.left]
            if segment.left < left:
                kept.append(_Segment(segment.left, left, segment.bottom, segment.cell))
            if segment.right > right:
                kept.append(_Segment(right, segment.right, segment.bottom, segment.cell))
            if segment.bottom > bottom:
                kept.append(_Segment(max(segment.left, left), min(segment.right, right),
                                     segment.bottom, segment.cell))
        inside = sorted((s.left, s.right) for s in kept if left <= s.left < right)
        position = left
        for start, end in inside:
            if start > position:
                kept.append(_Segment(position, start, bottom, cell))
            position = max(position, end)
        if position < right:
            kept.append(_Segment(position, right, bottom, cell))
        for segment in kept:
            self._insert_segment(segment)
        self._add_run(left, right)

    # -- processing rows (§4.9.12.1) ---------------------------------------------

    def row(self, tr: Element) -> None:
        """The algorithm for processing rows, for one ``tr``."""
        table = self.table
        y = self.y
        ended = self.expiry.pop(y, None)
        if ended:
            for segment in ended:
                if self.segments.get(segment.left) is segment:
                    del self.segments[segment.left]
                    del self.seg_starts[bisect_left(self.seg_starts, segment.left)]
                    self._remove_from_runs(segment)
        x = 0
        had_cells = False
        for child in tr.children:
            if not isinstance(child, Element) or child.namespace != HTML_NAMESPACE:
                continue
            name = child.local_name
            if name != "td" and name != "th":
                continue
            had_cells = True
            x = self._free_from(x)
            attrs = child.attrs
            colspan = parse_span(attrs.get("colspan"), MAX_COLSPAN, 1) if attrs else 1
            rowspan = parse_span(attrs.get("rowspan"), MAX_ROWSPAN, 0) if attrs else 1
            right = x + colspan
            overlapped: list[_Segment] = []
            starts = self.run_starts
            if starts:
                index = bisect_right(starts, x)
                if index < len(starts) and starts[index] < right:
                    overlapped = self._overlapping(x, right)
                    table.overlap(child, overlapped)
            table.anchor(x, right, child)
            if rowspan == 0:
                self._cover(x, right, _GROWS_DOWNWARD, child, overlapped)
            elif rowspan > 1:
                self._cover(x, right, y + rowspan, child, overlapped)
                self.spanning.append((y + rowspan, child))
            x = right
        if not had_cells:
            table.report("table-row-empty", "error", tr,
                         f"Row {y + 1} of {self._group_words()} has no cells beginning on it.")
        table.row_width(tr, self._free_from(x))
        self.y = y + 1

    def end(self) -> None:
        """The end of the row group: a cell that spans past its last row
        made rows in which no cell begins."""
        rows = self.y
        for bottom, cell in self.spanning:
            if bottom > rows:
                self.table.report(
                    "table-cell-past-row-group", "error", cell,
                    f"Table cell spans past the end of its {self._group_words(True)}; "
                    "clipped to the end of the row group.")

    def _group_words(self, its: bool = False) -> str:
        if self.kind is None:
            return "implicit row group" if its else "an implicit row group"
        return f"{'' if its else 'a '}row group established by a “{self.kind}” element"


class _Table:
    """One table being formed: its width, the columns' establishing
    elements, the columns in which a cell begins."""

    __slots__ = ("report", "x_width", "established", "anchored", "column_markup",
                 "column_count", "overlapped_reported", "overlapping_reported")

    def __init__(self, report: Report) -> None:
        self.report = report
        self.x_width = 0
        # (first column, column after the last, element), in order
        self.established: list[tuple[int, int, Element]] = []
        self.anchored: set[int] = set()
        self.column_markup = False
        self.column_count = -1
        self.overlapped_reported: set[int] = set()
        self.overlapping_reported: set[int] = set()

    def columns(self, span: int, element: Element) -> None:
        """Columns established by a ``col`` (or a ``colgroup`` without one)."""
        self.established.append((self.x_width, self.x_width + span, element))
        self.x_width += span
        self.column_markup = True
        self.column_count = self.x_width

    def anchor(self, left: int, right: int, cell: Element) -> None:
        self.anchored.add(left)
        if right > self.x_width:
            self.established.append((self.x_width, right, cell))
            self.x_width = right

    def overlap(self, cell: Element, overlapped: list[_Segment]) -> None:
        if id(cell) not in self.overlapping_reported:
            self.overlapping_reported.add(id(cell))
            self.report("table-cell-overlap", "error", cell,
                        "Table cell overlaps an earlier table cell.")
        for segment in overlapped:
            earlier = segment.cell
            if id(earlier) not in self.overlapped_reported:
                self.overlapped_reported.add(id(earlier))
                self.report("table-cell-overlap", "error", earlier,
                            "Table cell is overlapped by later table cell.")

    def row_width(self, tr: Element, width: int) -> None:
        """vnu's warnings about a row narrower or wider than the first row
        (or than the columns of column markup)."""
        count = self.column_count
        if count < 0:
            self.column_count = width
            return
        if width == count:
            return
        by = "using column markup" if self.column_markup else "by the first row"
        if width > count:
            text = (f"A table row was {width} columns wide and exceeded the column count "
                    f"established {by} ({count}).")
        else:
            text = (f"A table row was {width} columns wide, which is less than the column "
                    f"count established {by} ({count}).")
        self.report("table-row-width", "warning", tr, text)

    def end(self) -> None:
        """The columns in which no cell begins, by establishing element."""
        anchored = sorted(self.anchored)
        for left, right, element in self.established:
            index = bisect_left(anchored, left)
            position = left
            while position < right:
                stop = anchored[index] if index < len(anchored) and anchored[index] < right \
                    else right
                if stop > position:
                    self._empty_columns(position, stop, element)
                position = stop + 1
                index += 1

    def _empty_columns(self, left: int, right: int, element: Element) -> None:
        name = element.local_name
        if right - left == 1:
            text = (f"Table column {right} established by element “{name}” has no cells "
                    "beginning in it.")
        else:
            text = (f"Table columns in range {left + 1}…{right} established by element "
                    f"“{name}” have no cells beginning in them.")
        self.report("table-column-empty", "error", element, text)


def _html_children(element: Element) -> list[Element]:
    return [child for child in element.children
            if isinstance(child, Element) and child.namespace == HTML_NAMESPACE]


class TableRules:
    """The table model errors of every ``table`` element in the document
    (a rule family of :data:`markup5.conformance._check.RULES`).  Tables in
    template contents are not formed (they are not in the document, as
    the content-model rules leave them too)."""

    ELEMENTS: frozenset[str] | None = frozenset({"table"})

    def __init__(self, report: Report, report_span: ReportSpan) -> None:
        self._report = report
        self._in_template: AncestorFold[bool] = AncestorFold(
            lambda element, inside: inside, in_template_contents)

    def element(self, element: Element) -> None:
        """Form the table (its subtree is complete when the walk gets here)."""
        if element.namespace != HTML_NAMESPACE or self._in_template.value(element):
            return
        form_table(element, self._report)

    def finish(self) -> None:
        """Nothing left: each table was formed when the walk reached it."""


def form_table(table: Element, report: Report) -> None:
    """Form ``table`` as §4.9.12.1 does and report its table model errors
    (and vnu's row-width warnings) through ``report(code, severity, node,
    message)``."""
    if not isinstance(table, Element):
        raise TypeError(f"table must be an Element, not {type(table).__name__}")
    formed = _Table(report)
    implicit: _RowGroup | None = None
    rows_seen = False
    for child in _html_children(table):
        name = child.local_name
        if name == "colgroup" and not rows_seen:
            # the column groups, before any row or row group
            cols = [col for col in _html_children(child) if col.local_name == "col"]
            if cols:
                for col in cols:
                    formed.columns(parse_span(col.attrs.get("span"), MAX_COLSPAN, 1), col)
            else:
                formed.columns(parse_span(child.attrs.get("span"), MAX_COLSPAN, 1), child)
        elif name == "tr":
            rows_seen = True
            if implicit is None:
                implicit = _RowGroup(formed, None)
            implicit.row(child)
        elif name in _ROW_GROUPS:
            rows_seen = True
            if implicit is not None:   # "run the algorithm for ending a row group"
                implicit.end()
                implicit = None
            group = _RowGroup(formed, name)
            for tr in _html_children(child):
                if tr.local_name == "tr":
                    group.row(tr)
            group.end()
    if implicit is not None:
        implicit.end()
    formed.end()
