"""Messages of the conformance checker: what was found, how bad, and where."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from ..dom import Element, Node

__all__ = ["Message", "Report", "ReportSpan", "Rule", "Severity"]

#: How bad a message is: "error" (the document does not conform), "warning"
#: (conforming but worth a look; vnu's ``info`` with ``subType: warning``), or
#: "info".
Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, slots=True)
class Message:
    """One finding of :func:`markup5.conformance.check`.

    ``code`` is stable and hyphenated (``"attribute-not-allowed"``,
    ``"duplicate-id"``, ..., or a parse error's own code); ``message`` is
    the English text, naming elements and attributes as the Nu Html Checker
    does.  ``line``/``col`` (1-based) are where the offending construct
    starts (for an element or one of its attributes: its start tag) and
    ``end_line``/``end_col`` the last character of its span, inclusive, as
    vnu's ``lastLine``/``lastColumn``.  ``offset`` is the 0-based offset
    of the start in the preprocessed input stream, or None when unknown
    (a node the parser did not make for a token, or a Document checked
    without source locations: then the position is 1:1)."""

    code: str
    severity: Severity
    message: str
    line: int
    col: int
    end_line: int
    end_col: int
    offset: int | None

    def __post_init__(self) -> None:
        if self.severity not in ("error", "warning", "info"):
            raise ValueError(f"severity must be 'error', 'warning' or 'info', "
                             f"not {self.severity!r}")


#: What the rules call for each finding: ``report(code, severity, node,
#: message)``; the message takes the node's position.
Report = Callable[[str, Severity, Node, str], None]


#: What a rule calls for a finding inside a node's text: ``report_span(code,
#: severity, node, start, end, message)``, where ``start``/``end`` index
#: ``node.data`` (a Text node: a ``<style>`` element's CSS, say).  The
#: message takes the position of that slice when the node has a source
#: location, else the node's (or its nearest located ancestor's) position.
ReportSpan = Callable[[str, Severity, Node, int, int, str], None]


class Rule(Protocol):
    """A family of conformance rules over one document (ARIA, references,
    tables, CSS, ...), one instance per :func:`check` call.

    The walk constructs it as ``Rule(report, report_span)``, calls
    :meth:`element` for each element in document order (template contents
    where the template is) whose local name is in :attr:`ELEMENTS` (all
    elements, in any namespace, when ``ELEMENTS`` is None), then
    :meth:`finish` once after the walk (for rules that need the whole
    document: references that must resolve, say).

    With ``ELEMENTS`` a set, a family may also define ``ATTRIBUTES`` (a
    frozenset of attribute names) and ``ATTRIBUTE_PREFIXES`` (a tuple of
    prefixes, such as ``"aria-"``): :meth:`element` is then also called for
    any element that has an attribute so named, in any namespace.  A family
    called for some elements only must not need to have seen the others: what
    it needs to know about an element's ancestors it folds down them when
    asked (:class:`~markup5.conformance._ancestry.AncestorFold`)."""

    ELEMENTS: frozenset[str] | None

    def element(self, element: Element) -> None:
        """The rules for one element."""

    def finish(self) -> None:
        """The rules that need the whole document, after the walk."""
