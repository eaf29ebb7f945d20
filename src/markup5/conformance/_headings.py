"""Heading levels (HTML §4.3.11 "Headings and outlines").

"The outline is all headings in a document, in tree order" (h1-h6
elements; an hgroup's heading is one of them).  "Each heading following
another heading lead in the outline must have a heading level that is less
than, equal to, or 1 greater than lead's heading level", and "if a document
has one or more headings, at least a single heading within the outline
should have a heading level of 1".  The heading level is the element's
computed heading level (§4.3.11.1): the number in its name plus its
computed heading offset (the ``headingoffset`` values of its inclusive
ancestors, up to the first with ``headingreset``), at most 9.

Codes, in the Nu Html Checker's words:

* ``heading-level-skipped`` (error): "The heading “h3” (with computed level
  3) follows the heading “h1” (with computed level 1), skipping 1 heading
  level.";
* ``no-top-level-heading`` (warning, at the first heading): "This document
  has heading elements but none of them has a computed heading level of 1."

Headings in template contents are not in the document's outline (vnu
counts them).
"""

from __future__ import annotations

from ..dom import HTML_NAMESPACE, Element, Node
from ..microsyntax._numbers import integer_parts
from ._ancestry import AncestorFold, in_template_contents
from ._messages import Report, ReportSpan

__all__ = ["HeadingRules", "heading_offset_value", "MAX_HEADING_LEVEL"]

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})

#: "If level is greater than 9, then return 9."
MAX_HEADING_LEVEL = 9


def heading_offset_value(value: str | None) -> int:
    """A ``headingoffset`` attribute's contribution: its value by the rules
    for parsing non-negative integers, 0 when absent or an error.  Values
    past the largest level are capped (they cannot change a level below
    9), so a long run of digits is never converted."""
    if value is None:
        return 0
    parts = integer_parts(value)
    if parts is None:
        return 0
    negative, digits = parts
    digits = digits.lstrip("0")
    if not digits or negative:
        return 0
    return MAX_HEADING_LEVEL if len(digits) > 1 else min(int(digits), MAX_HEADING_LEVEL)


def _offset_step(element: Element, above: tuple[int, bool]) -> tuple[int, bool]:
    """An element's computed heading offset (and whether it is in template
    contents) from its parent's."""
    offset, template = above
    if element.namespace != HTML_NAMESPACE:
        return offset, template
    attrs = element.attrs
    own = heading_offset_value(attrs.get("headingoffset")) if attrs else 0
    if attrs and "headingreset" in attrs:
        return own, template
    return min(own + offset, MAX_HEADING_LEVEL), template


def _top(node: Node | None) -> tuple[int, bool]:
    return 0, in_template_contents(node)


class HeadingRules:
    """The outline's heading levels (a rule family of
    :data:`markup5.conformance._check.RULES`)."""

    ELEMENTS: frozenset[str] | None = HEADINGS

    def __init__(self, report: Report, report_span: ReportSpan) -> None:
        self._report = report
        self._offsets: AncestorFold[tuple[int, bool]] = AncestorFold(_offset_step, _top)
        self._previous: tuple[str, int] | None = None
        self._first: Element | None = None
        self._top_level = False

    def element(self, element: Element) -> None:
        """A heading, in tree order: its level against the previous one's."""
        if element.namespace != HTML_NAMESPACE:
            return
        offset, template = self._offsets.value(element)
        if template:
            return
        name = element.local_name
        level = min(int(name[1]) + offset, MAX_HEADING_LEVEL)
        if level == 1:
            self._top_level = True
        if self._first is None:
            self._first = element
        previous = self._previous
        if previous is not None and level > previous[1] + 1:
            skipped = level - previous[1] - 1
            self._report(
                "heading-level-skipped", "error", element,
                f"The heading “{name}” (with computed level {level}) follows the heading "
                f"“{previous[0]}” (with computed level {previous[1]}), skipping {skipped} "
                f"heading level{'s' if skipped > 1 else ''}.")
        self._previous = (name, level)

    def finish(self) -> None:
        """The "should" of a level-1 heading, once the outline is known."""
        if self._first is not None and not self._top_level:
            self._report("no-top-level-heading", "warning", self._first,
                         "This document has heading elements but none of them has a "
                         "computed heading level of 1.")
