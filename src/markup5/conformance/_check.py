"""``check()``: parse errors, then one walk over the document calling the
content-model rules (``_content``) and the attribute rules (``_attributes``)
for each element, in document order."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from itertools import accumulate, count
from operator import add
from typing import cast

from .._collector import collector_paused
from ..dom import HTML_NAMESPACE, Document, Element, Node, Text
from ..html.parser import parse
from ..errors import PositionMap, may_have_astral
from ..locations import SourceLocation, Span, resolve_positions
from ._aria import AriaRules
from ._content import ROOT_ENTRY, TEMPLATE_ENTRY, ContentChecker, _Entry
from ._attributes import AttributeChecker
from ._messages import Message, Report, ReportSpan, Rule, Severity
from ._css import CssRules
from ._references import References
from ._tables import TableRules
from ._headings import HeadingRules
from ._microdata import MicrodataRules

__all__ = ["check"]

#: The rule families run by the walk besides the attribute and content-model
#: rules: each is constructed once per check() as ``Rule(report, report_span)``
#: (see :class:`~markup5.conformance._messages.Rule`).  One line per family;
#: for one element they are called in this order, and so report in it.
RULES: tuple[Callable[[Report, ReportSpan], Rule], ...] = (
    References,
    CssRules,
    MicrodataRules,
    AriaRules,
    TableRules,
    HeadingRules,
)


#: The codes reported at the element's end tag when it has one, where the
#: Nu Html Checker reports them: a finding about what the element turned
#: out to hold is known once its content has been read (a missing child, an
#: empty element, text content in the wrong format, a table row, a figure's
#: caption).  Without an end tag, the start tag.
AT_END_TAG = frozenset({"missing-required-child", "empty-element", "bad-text-content",
                        "table-row-empty", "table-row-width", "figure-role-with-figcaption"})


class _TextLines:
    """Line and column (UTF-16 code units, as the parser counts them) of an
    index into a raw-text node's data, from the node's own start position:
    the newlines and the characters outside the BMP are found once, and
    each position is then two binary searches."""

    __slots__ = ("_newlines", "_astral", "_line", "_col")

    def __init__(self, data: str, line: int, col: int) -> None:
        # The offset of the k-th newline is the length of the k lines
        # before it and of their k - 1 newlines: summed in C, from the
        # lines' lengths (a regex match for each newline cost twice that).
        lines = data.split("\n")
        del lines[-1]
        self._newlines = list(map(add, accumulate(map(len, lines)), count()))
        self._astral = ([found.start() for found in _ASTRAL.finditer(data)]
                        if may_have_astral(data) else [])
        self._line, self._col = line, col

    def line_col(self, index: int) -> tuple[int, int]:
        before = bisect_left(self._newlines, index)
        line_start = self._newlines[before - 1] + 1 if before else 0
        astral = self._astral
        wide = (bisect_left(astral, index) - bisect_left(astral, line_start)) if astral else 0
        column = index - line_start + wide
        if before == 0:
            return self._line, self._col + column
        return self._line + before, 1 + column


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


def _nearest_location(node: Node) -> Span | SourceLocation | None:
    """``node``'s source location as the node holds it (the parser's
    :data:`~markup5.locations.Span` until the location is read, then the
    :class:`SourceLocation`; read here without making one); for a node
    without one (an implied element, a tree not parsed with source
    locations), its nearest located ancestor's; else None (the message is
    then at 1:1)."""
    current: Node | None = node
    while current is not None:
        location = getattr(current, "_location", None)
        if location is not None:
            return cast("Span | SourceLocation", location)
        current = current.parent
    return None


def _span(location: Span | SourceLocation,
          found: dict[PositionMap, dict[int, tuple[int, int]]]) -> tuple[int, int, int, int, int]:
    """(line, col, end line, inclusive end col, offset) of ``location``:
    a Span's from ``found`` (what resolve_positions worked out), a
    SourceLocation's own."""
    if isinstance(location, tuple):
        offset, end_offset, position_map = location
        positions = found[position_map]
        line, col = positions[offset]
        end_line, end_col = positions[end_offset]
    else:
        line, col, end_line, end_col = location._resolve()
        offset, end_offset = location.offset, location.end_offset
    if end_col > 1 and end_offset > offset:
        end_col -= 1  # (the last character, inclusive, as vnu's lastColumn)
    return line, col, end_line, end_col, offset


def check(source: Document | str | bytes, *, encoding: str | None = None) -> list[Message]:
    """Check an HTML document against the HTML Standard's conformance
    requirements: its parse errors (each a Message with the error's code,
    severity "error"), then the document's conformance messages in document
    order.

    ``source`` is the document's text (``str``), its bytes (decoded as
    :func:`markup5.parse` decodes them, ``encoding`` being the transport
    encoding label, e.g. a Content-Type charset), or a parsed
    :class:`~markup5.dom.Document`.  Text and bytes are parsed with source
    locations, so each message has the line, column and span of its
    construct (an element's start tag).  A Document parsed without
    ``source_locations=True``, or built by hand, gives its messages line 1,
    column 1 and offset None; its parse errors are ``document.errors``.
    """
    if isinstance(source, Document):
        if encoding is not None:
            raise ValueError("encoding applies to bytes, not to a parsed Document")
    elif isinstance(source, (str, bytes, bytearray)):
        if encoding is not None and not isinstance(encoding, str):
            raise TypeError(f"encoding must be a str, not {type(encoding).__name__}")
        if isinstance(source, str) and encoding is not None:
            raise ValueError("encoding applies to bytes, not to str")
    else:
        raise TypeError(f"check() takes a Document, str or bytes, not {type(source).__name__}")
    # The collector stays paused from the parse to the last message (as in
    # markup5.parse): the tree is alive all along, so every collection that
    # the walk's allocations set off would walk all of it (a fifth of the
    # check); once check returns, the tree the caller drops is what the
    # next collection frees.
    with collector_paused():
        if isinstance(source, Document):
            return _check_document(source, [])
        document = parse(source, source_locations=True, transport_encoding=encoding)
        elements: list[Element] = []
        messages = _check_document(document, elements)
        _dismantle(document, elements)
        return messages


def _dismantle(document: Document, elements: list[Element]) -> None:
    """Empty the children lists of ``document`` and of ``elements`` (every
    element of its tree with children, and every template, as the walk
    collected them), and cut template contents from their templates, in a
    tree nobody else holds: no node then refers down the tree, so no node
    is in a cycle, and reference counting frees the tree as soon as check()
    lets go of the list (an element without children as soon as its
    parent's list is emptied); the collector, which would have had to walk
    every node of it to find the cycles, has nothing to do (about 5% of
    check's time on the corpus).  No recursion, and no visit of text
    nodes."""
    for element in elements:
        element.children.clear()
        contents = element.template_contents
        if contents is not None:
            contents.children.clear()
            contents.host = None
    document.children.clear()


def _check_document(document: Document, elements: list[Element]) -> list[Message]:
    """check() of a parsed Document; ``elements`` gets every element of
    the tree that has children, and every template (see _dismantle)."""
    # The rules run in walk order, but a rule about an element's children
    # (the content models) reports while visiting the parent: the
    # conformance messages are then put in document order, by the start of
    # their span (stable, so one construct's messages keep their order).  A
    # "first occurrence" note stays after the message it explains.  Their
    # positions, and the parse errors', are worked out after the walk, all
    # at once (resolve_positions): each finding waits as (code, severity,
    # message, its location, and for one inside a Text node's data that
    # node and the slice).
    found: list[tuple[str, Severity, str, Span | SourceLocation | None,
                      tuple[Text, int, int] | None]] = []
    keep = found.append

    def report(code: str, severity: Severity, node: Node, message: str) -> None:
        if code in AT_END_TAG and isinstance(node, Element):
            end = getattr(node, "_end_location", None)  # (the end_tag_location)
            if end is not None:
                keep((code, severity, message, end, None))
                return
        keep((code, severity, message, _nearest_location(node), None))

    def report_span(code: str, severity: Severity, node: Node, start: int, end: int,
                    message: str) -> None:
        location = node.source_location if isinstance(node, Text) else None
        if (location is None or not isinstance(node, Text) or start < 0 or end < start
                or end > len(node.data)):
            report(code, severity, node, message)
            return
        keep((code, severity, message, location, (node, start, end)))

    _walk(document, report, report_span, elements)
    errors = document.errors
    # (A finding's location is the Span the parser stored on the node, for
    # which no SourceLocation is made, or the SourceLocation read before.)
    positions = resolve_positions(errors, [entry[3] for entry in found if entry[3] is not None])
    messages: list[Message] = []
    append = messages.append
    for error in errors:
        line, col = error.line, error.col
        append(Message(error.code, "error", f"Parse error: {error.code}.", line, col, line, col,
                       error.offset))
    ordered: list[tuple[int, int, int, Message]] = []
    text_lines: dict[Text, _TextLines] = {}
    for code, severity, message, location, inside in found:
        if inside is not None:
            # A Text node's data maps one to one onto the stream from its
            # start when it is raw text (<style>, <script>: no character
            # references), so a position inside it is the node's start
            # moved on by the lines and UTF-16 code units before it (read
            # off the node's text once).
            assert isinstance(location, SourceLocation)
            node, start, end = inside
            lines = text_lines.get(node)
            if lines is None:
                lines = text_lines[node] = _TextLines(node.data, location.line, location.col)
            line, col = lines.line_col(start)
            end_line, end_col = lines.line_col(max(end - 1, start))
            ordered.append((line, col, len(ordered),
                            Message(code, severity, message, line, col, end_line, end_col,
                                    location.offset + start)))
            continue
        line, col, end_line, end_col, offset = (1, 1, 1, 1, None) if location is None \
            else _span(location, positions)
        if code == "duplicate-id-first" and ordered:
            key_line, key_col = ordered[-1][0], ordered[-1][1]
        else:
            key_line, key_col = line, col
        ordered.append((key_line, key_col, len(ordered),
                        Message(code, severity, message, line, col, end_line, end_col, offset)))
    ordered.sort()
    messages.extend(entry[3] for entry in ordered)
    return messages


def _dispatch(rules: list[Rule]) -> tuple[int, dict[str, int], dict[str, int],
                                          tuple[tuple[str, int], ...]]:
    """Which families' ``element()`` the walk calls for which elements,
    as bit masks (bit ``i``: ``rules[i]``): the families called for every
    element, those called by element name (:attr:`Rule.ELEMENTS`), by
    attribute name (:attr:`Rule.ATTRIBUTES`) and by attribute name prefix
    (:attr:`Rule.ATTRIBUTE_PREFIXES`)."""
    every = 0
    by_name: dict[str, int] = {}
    by_attribute: dict[str, int] = {}
    by_prefix: dict[str, int] = {}
    for index, rule in enumerate(rules):
        bit = 1 << index
        if rule.ELEMENTS is None:
            every |= bit
            continue
        for name in rule.ELEMENTS:
            by_name[name] = by_name.get(name, 0) | bit
        for name in getattr(rule, "ATTRIBUTES", ()):
            by_attribute[name] = by_attribute.get(name, 0) | bit
        for prefix in getattr(rule, "ATTRIBUTE_PREFIXES", ()):
            by_prefix[prefix] = by_prefix.get(prefix, 0) | bit
    return every, by_name, by_attribute, tuple(by_prefix.items())


def _walk(document: Document, report: Report, report_span: ReportSpan,
          elements: list[Element]) -> None:
    """One pass over the tree in document order (template contents where
    the template is), without recursion; each element visited that has
    children or is a template is appended to ``elements``.  Each open
    parent waits on the stack with what the content-model rules computed
    for it (the entry
    :meth:`~._content.ContentChecker.visit` returns), which its children
    are visited with, so no rule looks an ancestor up.  The rule families
    are called for the elements they ask for (:func:`_dispatch`), in the
    order of :data:`RULES`."""
    content = ContentChecker()
    visit = content.visit
    fit = content.fit
    rules = [make(report, report_span) for make in RULES]
    every, by_name, by_attribute, by_prefix = _dispatch(rules)
    triggers = frozenset(by_attribute)
    methods = [rule.element for rule in rules]
    # The element methods to call for a mask of families, as they are met.
    calls_for: dict[int, tuple[Callable[[Element], None], ...]] = {}
    checker = AttributeChecker(report)
    attributes = checker.check
    foreign = checker.check_foreign
    # Depth first, in document order: for each open parent, what the
    # content rules computed for it and an iterator over its children
    # (no list of pending children is built: a third of the traversal).
    stack: list[tuple[_Entry, Iterator[Node]]] = [(ROOT_ENTRY, iter(document.children))]
    push = stack.append
    pop = stack.pop
    html = HTML_NAMESPACE
    visited = elements.append
    while stack:
        parent_entry, siblings = stack[-1]
        for node in siblings:
            if isinstance(node, Element):
                break
        else:
            pop()
            continue
        # The child against its parent's category (flow or phrasing
        # content), when the parent's model is one: most are named in it.
        category = parent_entry[5]
        if category is not None and (node.local_name not in category or
                                     node.namespace != html):
            fit(node, parent_entry, report)
        if node.namespace == html:
            attributes(node)
        else:
            foreign(node)
        entry = visit(node, parent_entry, report)
        wanted = every | by_name.get(node.local_name, 0)
        attrs = node.attrs
        if attrs:
            if not triggers.isdisjoint(attrs):
                for attribute in attrs:
                    wanted |= by_attribute.get(attribute, 0)
            if by_prefix:
                for attribute in attrs:
                    for prefix, bit in by_prefix:
                        if attribute.startswith(prefix):
                            wanted |= bit
        if wanted:
            calls = calls_for.get(wanted)
            if calls is None:
                calls = calls_for[wanted] = tuple(
                    method for index, method in enumerate(methods) if wanted >> index & 1)
            for call in calls:
                call(node)
        contents = node.template_contents
        if contents is not None:
            children = contents.children
            entry = TEMPLATE_ENTRY
            visited(node)
        else:
            children = node.children
        if children:
            if contents is None:
                visited(node)
            push((entry, iter(children)))
    for rule in rules:
        rule.finish()
