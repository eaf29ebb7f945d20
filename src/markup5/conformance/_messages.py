"""Messages of the conformance checker: what was found, how bad, and where."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..dom import Node

__all__ = ["Message", "Report", "Severity"]

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
