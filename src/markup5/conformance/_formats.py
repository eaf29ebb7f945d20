"""Output formats for conformance messages: text, vnu-compatible JSON, GNU."""

from __future__ import annotations

import json
from collections.abc import Iterable

from ._messages import Message

__all__ = ["FORMATS", "format_messages"]

#: The formats :func:`format_messages` writes.
FORMATS = ("text", "json", "gnu")


def _text(messages: Iterable[Message], name: str) -> str:
    return "".join(f"{name}:{m.line}:{m.col}: {m.severity}: {m.code}: {m.message}\n"
                   for m in messages)


def _gnu(messages: Iterable[Message], name: str) -> str:
    # The GNU Coding Standards' "sourcefile:line1.column1-line2.column2:
    # message", with the severity word as vnu's --format gnu writes it.
    lines = []
    for m in messages:
        severity = "info warning" if m.severity == "warning" else m.severity
        lines.append(f"{name}:{m.line}.{m.col}-{m.end_line}.{m.end_col}: {severity}: "
                     f"{m.message}\n")
    return "".join(lines)


def _json(messages: Iterable[Message], name: str) -> str:
    # The shape of ``vnu --format json``: type "error" or "info" (a warning
    # is "info" with subType "warning"), firstLine only when it differs
    # from lastLine, columns 1-based and lastColumn inclusive; "code" is
    # ours.
    out: list[dict[str, object]] = []
    for m in messages:
        entry: dict[str, object] = {
            "type": "error" if m.severity == "error" else "info",
            "url": name,
            "lastLine": m.end_line,
            "lastColumn": m.end_col,
        }
        if m.line != m.end_line:
            entry["firstLine"] = m.line
        entry["firstColumn"] = m.col
        if m.severity == "warning":
            entry["subType"] = "warning"
        entry["message"] = m.message
        entry["code"] = m.code
        out.append(entry)
    return json.dumps({"messages": out}, ensure_ascii=False) + "\n"


def format_messages(messages: Iterable[Message], name: str, format: str = "text") -> str:
    """The messages as ``format`` writes them, for the document called
    ``name`` (a file name or URL):

    * ``"text"``: ``NAME:LINE:COL: SEVERITY: CODE: MESSAGE``, a line each;
    * ``"json"``: vnu's ``--format json`` object, ``{"messages": [...]}``,
      each with ``type``, ``url``, ``lastLine``, ``lastColumn``,
      ``firstLine`` (when not ``lastLine``), ``firstColumn``, ``subType``
      ("warning" for warnings), ``message``, and our ``code``;
    * ``"gnu"``: ``NAME:LINE.COL-LINE.COL: SEVERITY: MESSAGE`` (vnu's
      ``--format gnu``; a warning's severity is "info warning").
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    if format == "text":
        return _text(messages, name)
    if format == "json":
        return _json(messages, name)
    if format == "gnu":
        return _gnu(messages, name)
    raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
