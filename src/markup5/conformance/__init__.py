"""The HTML conformance checker: is a document what the HTML Standard asks
authors to write?

:func:`check` returns :class:`Message` s: the parse errors first, then the
document conformance requirements (content models, attributes, obsolete
features), each with a stable ``code``, a severity, the English text (as the
Nu Html Checker words it) and the position and span of the construct.
:mod:`markup5.conformance` sits above the DOM: it reads a parsed tree.
Output formats for the command line are in ``format_messages``.
"""

from __future__ import annotations

from ._check import check
from ._formats import FORMATS, format_messages
from ._messages import Message, Report, Severity

__all__ = ["FORMATS", "Message", "Report", "Severity", "check", "format_messages"]
