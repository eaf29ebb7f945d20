"""Table model errors (markup5.conformance._tables): HTML §4.9.12.1 "Forming a
table".  Expected positions and errors follow the standard's algorithm (cells
anchored at the first free slot of their row, colspan clamped at 1000,
rowspan at 65534, rowspan=0 growing to the end of the row group; overlapping
slots and rows or columns with no cell anchored in them are table model
errors); messages are the Nu Html Checker's (vnu 26.9.27) words."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import markup5
from markup5.conformance import _tables, check
from markup5.conformance._tables import MAX_COLSPAN, MAX_ROWSPAN, form_table, parse_span
from markup5.dom import Element, Node

Found = list[tuple[str, str, str, Node]]


def form(source: str | Element) -> Found:
    """(code, severity, message, node) for every table in ``source``."""
    found: Found = []

    def report(code: str, severity: str, node: Node, message: str) -> None:
        found.append((code, severity, message, node))

    tables = markup5.parse(source).select("table") if isinstance(source, str) else [source]
    for table in tables:
        form_table(table, report)
    return found


def errors(source: str | Element) -> list[str]:
    return [message for _, severity, message, _ in form(source) if severity == "error"]


def cell(name: str = "td", **attrs: str) -> Element:
    return Element(name, attrs)


def row(*cells: Element) -> Element:
    tr = Element("tr")
    for child in cells:
        tr.append_child(child)
    return tr


def table_of(*children: Element) -> Element:
    table = Element("table")
    for child in children:
        table.append_child(child)
    return table


# -- spans (§4.9.12.1 processing rows, steps 8-9; columns, step 3) -------------

@pytest.mark.parametrize("value, limit, zero, expected", [
    (None, 1000, 1, 1), ("", 1000, 1, 1), ("x", 1000, 1, 1), ("0", 1000, 1, 1),
    ("0", 65534, 0, 0), (" 3 ", 1000, 1, 3), ("3px", 1000, 1, 3), ("+4", 1000, 1, 4),
    ("-2", 1000, 1, 1), ("1001", 1000, 1, 1000), ("70000", 65534, 0, 65534),
    ("9" * 5000, 65534, 0, 65534), ("000000000000002", 1000, 1, 2),
])
def test_spans_are_parsed_and_clamped_as_the_algorithm_does(
        value: str | None, limit: int, zero: int, expected: int) -> None:
    assert parse_span(value, limit, zero) == expected
    assert (MAX_COLSPAN, MAX_ROWSPAN) == (1000, 65534)


# -- conforming tables ---------------------------------------------------------

@pytest.mark.parametrize("source", [
    "<table><tr><td>1<td>2<tr><td>3<td>4</table>",
    "<table><caption>c</caption><colgroup><col><col span=2></colgroup>"
    "<thead><tr><th>a<th colspan=2>b</thead><tbody><tr><td>1<td>2<td>3</tbody></table>",
    # a rowspan inside its row group, then the next row starts after it
    "<table><tr><td rowspan=2>a<td>b<tr><td>c</table>",
    # rowspan=0 spans to the end of its row group, never past it
    "<table><tbody><tr><td rowspan=0>a<td>b<tr><td>c<tr><td>d</tbody>"
    "<tbody><tr><td>e<td>f</tbody></table>",
    # the standard's header-cell example (§4.9.11)
    "<table><thead><tr> <th> ID <th> Measurement <th> Average <th> Maximum<tbody>"
    "<tr> <td> <th scope=rowgroup> Cats <td> <td><tr> <td> 93 <th> Legs <td> 3.5 <td> 4"
    "<tr> <td> 10 <th> Tails <td> 1 <td> 1</table>",
    "<table></table>",
])
def test_tables_without_table_model_errors(source: str) -> None:
    assert form(source) == []


# -- overlapping cells ------------------------------------------------------------

def test_a_colspan_over_a_slot_covered_from_an_earlier_row_overlaps() -> None:
    # row 0: a (0,0), b covers (1,0) and (1,1); row 1: c is anchored at (0,1)
    # and its colspan covers (1,1) too
    found = form("<table><tr><td>a<td id=b rowspan=2>b<tr><td id=c colspan=2>c</table>")
    overlaps = [(message, node.attrs.get("id")) for code, _, message, node in found
                if code == "table-cell-overlap" and isinstance(node, Element)]
    assert overlaps == [("Table cell overlaps an earlier table cell.", "c"),
                        ("Table cell is overlapped by later table cell.", "b")]


def test_the_suites_vertical_comparator_case() -> None:
    # web-platform-tests conformance-checkers html/elements/table/integrity/
    # vertical-novalid.html: one overlap; three cells span past the tbody
    source = ("<table><tr><td></td><td rowspan=3></td><td rowspan=3>cell1</td></tr>"
              "<tr><td colspan=2></td><td rowspan=2>cell0</td></tr></table>")
    assert errors(source) == [
        "Table cell overlaps an earlier table cell.",
        "Table cell is overlapped by later table cell.",
    ] + ["Table cell spans past the end of its row group established by a “tbody” "
         "element; clipped to the end of the row group."] * 3


def test_an_overlapping_cell_that_spans_keeps_the_slots_covered_longest() -> None:
    # b covers column 1 for rows 0-3; c (row 1) overlaps it and covers columns
    # 0-1 for rows 1-2; in row 3 column 1 is still b's, so d lands in column 0
    # and e in column 2
    source = ("<table><tr><td>a<td rowspan=4>b<td>x<tr><td colspan=2 rowspan=2>c<td>y"
              "<tr><td>z<tr><td id=d>d<td id=e>e</table>")
    found = form(source)
    assert [code for code, severity, _, _ in found if severity == "error"] == \
        ["table-cell-overlap", "table-cell-overlap"]
    # rows 2 and 3 have three columns: z sits in column 2 (0 and 1 are covered)
    assert not [m for _, s, m, _ in found if s == "warning"]


# -- rows ------------------------------------------------------------------------

def test_an_empty_row_has_no_cells_beginning_on_it() -> None:
    assert errors("<table><tr><td>a<tr></tr><tr><td>b</table>") == [
        "Row 2 of a row group established by a “tbody” element has no cells beginning on it."]


def test_a_row_covered_only_from_above_still_has_no_cell_beginning_on_it() -> None:
    assert errors("<table><tr><td rowspan=2>a<tr></table>") == [
        "Row 2 of a row group established by a “tbody” element has no cells beginning on it."]


def test_rowspan_past_the_end_of_the_row_group() -> None:
    assert errors("<table><thead><tr><th rowspan=2>h</thead><tbody><tr><td>a</table>") == [
        "Table cell spans past the end of its row group established by a “thead” element; "
        "clipped to the end of the row group."]


def test_implicit_row_groups_of_tr_children_of_table() -> None:
    # (the HTML parser always makes a tbody; a DOM can hold tr children of table)
    table = table_of(row(cell(rowspan="3")), Element("tbody"), row(), row(cell()))
    assert errors(table) == [
        "Table cell spans past the end of its implicit row group; clipped to the end of the "
        "row group.",
        "Row 1 of an implicit row group has no cells beginning on it.",
    ]


def test_huge_rowspan_is_clamped_and_costs_nothing() -> None:
    table = "<table><tr><td rowspan=999999999999999999999999>a<td>b<tr><td>c</table>"
    assert errors(table) == [
        "Table cell spans past the end of its row group established by a “tbody” element; "
        "clipped to the end of the row group."]


# -- columns -----------------------------------------------------------------------

def test_columns_of_column_markup_with_no_cells() -> None:
    assert errors("<table><colgroup><col><col span=3></colgroup><tr><td>a<td>b</table>") == [
        "Table columns in range 3…4 established by element “col” have no cells "
        "beginning in them."]


def test_a_colgroup_span_without_cells() -> None:
    assert errors("<table><colgroup span=2></colgroup><colgroup span=1></colgroup>"
                  "<tr><td>a<td>b</table>") == [
        "Table column 3 established by element “colgroup” has no cells beginning in it."]


def test_columns_made_by_a_colspan_with_no_cell_beginning_in_them() -> None:
    assert errors("<table><tr><td colspan=3>a<tr><td>b<td>c</table>") == [
        "Table column 3 established by element “td” has no cells beginning in it."]
    assert errors("<table><tr><td>a<td colspan=4>b</table>") == [
        "Table columns in range 3…5 established by element “td” have no cells beginning in "
        "them."]


def test_colspan_is_clamped_at_1000() -> None:
    found = errors("<table><tr><td colspan=5000>a</table>")
    assert found == ["Table columns in range 2…1000 established by element “td” have no "
                     "cells beginning in them."]


def test_column_groups_after_rows_are_not_columns() -> None:
    table = table_of(row(cell()), Element("colgroup"))
    assert errors(table) == []


# -- vnu's row-width warnings (not table model errors) -----------------------------

def test_rows_narrower_or_wider_than_the_first_are_warnings() -> None:
    found = form("<table><tr><td>a<td>b<tr><td>c<tr><td>d<td>e<td>f</table>")
    assert [(code, severity, message) for code, severity, message, _ in found] == [
        ("table-row-width", "warning",
         "A table row was 1 columns wide, which is less than the column count established by "
         "the first row (2)."),
        ("table-row-width", "warning",
         "A table row was 3 columns wide and exceeded the column count established by the "
         "first row (2)."),
    ]


def test_a_row_is_as_wide_as_the_cells_spanning_into_its_end() -> None:
    # the second row is 2 wide: c, then the slot covered by b
    assert form("<table><tr><td>a<td rowspan=2>b<tr><td>c</table>") == []


# -- in check() ------------------------------------------------------------------------

def test_check_reports_table_model_errors_at_the_cells() -> None:
    source = ("<!doctype html><html lang=en><title>t</title><table>\n<tr><td>a<td rowspan=2>b\n"
              "<tr><td colspan=2>c\n</table>")
    found = [(m.code, m.line) for m in check(source) if m.code.startswith("table-")]
    assert found == [("table-cell-overlap", 2), ("table-cell-overlap", 3)]


def test_tables_in_template_contents_are_not_formed() -> None:
    source = ("<!doctype html><html lang=en><title>t</title>"
              "<template><table><tr><td colspan=3></table></template>")
    assert [m for m in check(source) if m.code.startswith("table-")] == []


def test_nested_tables_are_formed_apart() -> None:
    source = ("<table><tr><td><table><tr><td colspan=2>x</table><td>y</table>")
    assert errors(source) == [
        "Table column 2 established by element “td” has no cells beginning in it."]


# -- linear work --------------------------------------------------------------------------

def _count_searches(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], int]:
    counter = [0]
    real_right, real_left = _tables.bisect_right, _tables.bisect_left

    def right(a: list[int], x: int) -> int:
        counter[0] += 1
        return real_right(a, x)

    def left(a: list[int], x: int) -> int:
        counter[0] += 1
        return real_left(a, x)

    monkeypatch.setattr(_tables, "bisect_right", right)
    monkeypatch.setattr(_tables, "bisect_left", left)

    def work(source: str) -> int:
        counter[0] = 0
        form(source)
        return counter[0]
    return work


@pytest.mark.parametrize("family", [
    # n cells spanning all rows, then n rows of one cell placed after them: the
    # free slot is found by one search per cell, not a walk over n spans per row
    lambda n: "<table><tr>" + "<td rowspan=65534>" * n + "<td>" + "<tr><td>" * n + "</table>",
    # n spans of distinct heights ending one per row
    lambda n: "<table><tr>" + "".join(f"<td rowspan={k + 2}>" for k in range(n))
    + "<tr><td>" * n + "</table>",
    # rowspan=0 cells and wide colspans
    lambda n: "<table><tr>" + "<td rowspan=0 colspan=1000>" * n + "<tr><td>" * n + "</table>",
])
def test_work_grows_linearly_with_the_table(
        monkeypatch: pytest.MonkeyPatch, family: Callable[[int], str]) -> None:
    work = _count_searches(monkeypatch)
    small, large = work(family(200)), work(family(800))
    assert large <= 5 * small


# -- the sparse positioning against the algorithm's slot grid ---------------------------

def _reference(table: Element) -> tuple[set[int], set[int], set[int], set[int], set[int]]:
    """§4.9.12.1 step by step on a grid of slots (small tables only): the
    cells that overlap earlier ones, the earlier cells overlapped, the empty
    trs, the cells spanning past their row group, and the columns (0-based)
    in which no cell is anchored.  Cells are numbered in tree order."""
    grid: dict[tuple[int, int], list[int]] = {}
    anchored: set[int] = set()
    overlapping: set[int] = set()
    overlapped: set[int] = set()
    empty_rows: set[int] = set()
    past: set[int] = set()
    x_width = 0
    number = 0
    row_number = 0

    def group(rows: list[Element], y_start: int) -> int:
        nonlocal x_width, number, row_number
        y_current = y_start
        y_height = y_start
        growing: list[tuple[int, int, int]] = []
        spans: list[tuple[int, int]] = []
        for tr in rows:
            if y_height == y_current:
                y_height += 1
            for index, x, width in growing:
                for dx in range(width):
                    grid.setdefault((x + dx, y_current), []).append(index)
            cells = [c for c in tr.children if isinstance(c, Element)
                     and c.local_name in ("td", "th")]
            if not cells:
                empty_rows.add(row_number)
            x_current = 0
            for c in cells:
                while x_current < x_width and grid.get((x_current, y_current)):
                    x_current += 1
                if x_current == x_width:
                    x_width += 1
                colspan = parse_span(c.attrs.get("colspan"), 1000, 1)
                rowspan = parse_span(c.attrs.get("rowspan"), 65534, 0)
                grows = rowspan == 0
                rowspan = max(rowspan, 1)
                x_width = max(x_width, x_current + colspan)
                y_height = max(y_height, y_current + rowspan)
                for y in range(y_current, y_current + rowspan):
                    for x in range(x_current, x_current + colspan):
                        before = grid.setdefault((x, y), [])
                        if before:
                            overlapping.add(number)
                            overlapped.update(before)
                        before.append(number)
                anchored.add(x_current)
                if grows:
                    growing.append((number, x_current, colspan))
                else:
                    spans.append((y_current + rowspan, number))
                x_current += colspan
                number += 1
            y_current += 1
            row_number += 1
        past.update(n for bottom, n in spans if bottom > y_current)
        return y_height

    y = 0
    children = [c for c in table.children if isinstance(c, Element)]
    loose: list[Element] = []
    rows_seen = False
    for child in children:
        if child.local_name == "colgroup" and not rows_seen:
            cols = [c for c in child.children if isinstance(c, Element) and c.local_name == "col"]
            for span_of in cols or [child]:
                x_width += parse_span(span_of.attrs.get("span"), 1000, 1)
            continue
        rows_seen = rows_seen or child.local_name in ("tr", "thead", "tbody", "tfoot")
        if child.local_name == "tr":
            loose.append(child)
            continue
        if loose:
            y = group(loose, y)
            loose = []
        if child.local_name in ("thead", "tbody", "tfoot"):
            y = group([r for r in child.children
                       if isinstance(r, Element) and r.local_name == "tr"], y)
    if loose:
        group(loose, y)
    empty_columns = set(range(x_width)) - anchored
    return overlapping, overlapped, empty_rows, past, empty_columns


def _ours(table: Element) -> tuple[set[int], set[int], set[int], set[int], set[int]]:
    cells = [c for c in table.select("td, th")]
    rows = [r for r in table.select("tr")]
    found = form(table)
    number = {id(c): k for k, c in enumerate(cells)}
    row_number = {id(r): k for k, r in enumerate(rows)}
    overlapping = {number[id(n)] for _, _, m, n in found if m.endswith("an earlier table cell.")}
    overlapped = {number[id(n)] for _, _, m, n in found if m.endswith("by later table cell.")}
    empty_rows = {row_number[id(n)] for c, _, _, n in found if c == "table-row-empty"}
    past = {number[id(n)] for c, _, _, n in found if c == "table-cell-past-row-group"}
    empty_columns: set[int] = set()
    for code, _, message, _ in found:
        if code == "table-column-empty":
            numbers = message.split(" established")[0].split()[-1].split("…")
            empty_columns.update(range(int(numbers[0]) - 1, int(numbers[-1])))
    return overlapping, overlapped, empty_rows, past, empty_columns


_SPAN = st.sampled_from(["", " colspan=2", " colspan=3", " rowspan=0", " rowspan=2",
                         " rowspan=3", " colspan=2 rowspan=2", " colspan=0", " rowspan=9"])
_ROW = st.lists(_SPAN, max_size=4).map(lambda cells: "<tr>" + "".join(
    f"<td{attrs}>" for attrs in cells))
_GROUP = st.tuples(st.sampled_from(["tbody", "thead", "tfoot"]),
                   st.lists(_ROW, min_size=1, max_size=4)).map(
    lambda g: f"<{g[0]}>" + "".join(g[1]) + f"</{g[0]}>")


@settings(max_examples=300, deadline=None)
@given(st.lists(_GROUP, min_size=1, max_size=3),
       st.sampled_from(["", "<colgroup span=2></colgroup>", "<colgroup><col><col span=3>"
                        "</colgroup>"]))
def test_positions_agree_with_the_slot_grid(groups: list[str], columns: str) -> None:
    table = markup5.parse("<table>" + columns + "".join(groups) + "</table>").select("table")[0]
    reference = _reference(table)
    ours = _ours(table)
    assert ours[0] == reference[0]              # the cells that overlap
    assert ours[1] <= reference[1]              # earlier cells overlapped (the longest each)
    assert bool(ours[1]) == bool(reference[1])
    assert ours[2:] == reference[2:]            # empty rows, spans past groups, empty columns
