"""DOCTYPE states (§13.2.5.53-13.2.5.68)."""

from __future__ import annotations

import re

from ..states import State
from .charclass import Scan, always_matches, lower_ascii
from .cdata import CdataStates

S = State
DATA = S.DATA
BOGUS_DOCTYPE = S.BOGUS_DOCTYPE
BEFORE_DOCTYPE_NAME = S.BEFORE_DOCTYPE_NAME

_WHITESPACE_RUN = always_matches(r"[\t\n\f ]*")
_DOCTYPE_NAME_RUN = re.compile(r"[^\t\n\f >\x00]+").match
_DOUBLE_QUOTED_RUN = re.compile(r"[^\">\x00]+").match
_SINGLE_QUOTED_RUN = re.compile(r"[^'>\x00]+").match
_BOGUS_DOCTYPE_STOP = re.compile("[>\x00]").search


class DoctypeStates(CdataStates):
    """The DOCTYPE states."""

    __slots__ = ()

    def _eof_in_doctype(self, pos: int) -> bool:
        """The DOCTYPE states' EOF branch: eof-in-doctype, force-quirks on,
        emit the DOCTYPE token, emit end-of-file (or wait for more input)."""
        if not self._closed:
            return False
        self._error("eof-in-doctype", pos)
        self._force_quirks = True
        self._emit_doctype()
        return self._emit_eof()

    def _doctype_state(self) -> bool:
        """DOCTYPE state (§13.2.5.53)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._new_doctype()
            return self._eof_in_doctype(pos)
        c = self.buf[pos]
        if c in "\t\n\f ":
            self.pos = pos + 1
        elif c != ">":
            self._error("missing-whitespace-before-doctype-name", pos)
        self._state = BEFORE_DOCTYPE_NAME
        return True

    def _before_doctype_name_state(self) -> bool:
        """Before DOCTYPE name state (§13.2.5.54)."""
        pos = _WHITESPACE_RUN(self.buf, self.pos).end()
        self.pos = pos
        self._new_doctype()
        if pos >= self.end:
            return self._eof_in_doctype(pos)
        c = self.buf[pos]
        if c == ">":
            self._error("missing-doctype-name", pos)
            self._force_quirks = True
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
            return True
        self._doctype_name = []
        self._state = S.DOCTYPE_NAME
        return True

    def _doctype_name_state(self) -> bool:
        """DOCTYPE name state (§13.2.5.55)."""
        buf = self.buf
        pos = self.pos
        name = self._doctype_name
        assert name is not None  # set by the before DOCTYPE name state
        m = _DOCTYPE_NAME_RUN(buf, pos)
        if m is not None:
            name.append(lower_ascii(m.group()))
            pos = m.end()
            self.pos = pos
        if pos >= self.end:
            return self._eof_in_doctype(pos)
        c = buf[pos]
        self.pos = pos + 1
        if c == ">":
            self._state = DATA
            self._emit_doctype()
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            name.append("\ufffd")
        else:
            self._state = S.AFTER_DOCTYPE_NAME
        return True

    def _after_doctype_name_state(self) -> bool:
        """After DOCTYPE name state (§13.2.5.56)."""
        buf = self.buf
        pos = _WHITESPACE_RUN(buf, self.pos).end()
        self.pos = pos
        if pos >= self.end:
            return self._eof_in_doctype(pos)
        if buf[pos] == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
            return True
        keyword = buf[pos:pos + 6]
        if keyword.isascii():
            keyword = keyword.upper()
            if keyword == "PUBLIC":
                self.pos = pos + 6
                self._state = S.AFTER_DOCTYPE_PUBLIC_KEYWORD
                return True
            if keyword == "SYSTEM":
                self.pos = pos + 6
                self._state = S.AFTER_DOCTYPE_SYSTEM_KEYWORD
                return True
            if (not self._closed and len(keyword) < 6
                    and ("PUBLIC".startswith(keyword) or "SYSTEM".startswith(keyword))):
                return False  # wait for the rest of the keyword
        self._error("invalid-character-sequence-after-doctype-name", pos)
        self._force_quirks = True
        self._state = BOGUS_DOCTYPE
        return True

    def _after_doctype_keyword(self, before_identifier: State, double_quoted: State,
                               single_quoted: State, kind: str) -> bool:
        """The after DOCTYPE public keyword and after DOCTYPE system keyword
        states (``kind`` is "public" or "system")."""
        pos = self.pos
        if pos >= self.end:
            return self._eof_in_doctype(pos)
        c = self.buf[pos]
        if c in "\t\n\f ":
            self.pos = pos + 1
            self._state = before_identifier
        elif c == '"' or c == "'":
            self._error(f"missing-whitespace-after-doctype-{kind}-keyword", pos)
            self._start_identifier(kind)
            self.pos = pos + 1
            self._state = double_quoted if c == '"' else single_quoted
        elif c == ">":
            self._error(f"missing-doctype-{kind}-identifier", pos)
            self._force_quirks = True
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
        else:
            self._error(f"missing-quote-before-doctype-{kind}-identifier", pos)
            self._force_quirks = True
            self._state = BOGUS_DOCTYPE
        return True

    def _before_doctype_identifier(self, double_quoted: State, single_quoted: State,
                                   kind: str) -> bool:
        """The before DOCTYPE public identifier and before DOCTYPE system
        identifier states."""
        pos = _WHITESPACE_RUN(self.buf, self.pos).end()
        self.pos = pos
        if pos >= self.end:
            return self._eof_in_doctype(pos)
        c = self.buf[pos]
        if c == '"' or c == "'":
            self._start_identifier(kind)
            self.pos = pos + 1
            self._state = double_quoted if c == '"' else single_quoted
        elif c == ">":
            self._error(f"missing-doctype-{kind}-identifier", pos)
            self._force_quirks = True
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
        else:
            self._error(f"missing-quote-before-doctype-{kind}-identifier", pos)
            self._force_quirks = True
            self._state = BOGUS_DOCTYPE
        return True

    def _start_identifier(self, kind: str) -> None:
        if kind == "public":
            self._public_id = []
        else:
            self._system_id = []

    def _doctype_identifier(self, run: Scan, quote: str, after: State, kind: str) -> bool:
        """The four DOCTYPE public/system identifier (double-/single-quoted)
        states."""
        buf = self.buf
        pos = self.pos
        parts = self._public_id if kind == "public" else self._system_id
        assert parts is not None  # the identifier was opened on the way here
        m = run(buf, pos)
        if m is not None:
            parts.append(m.group())
            pos = m.end()
            self.pos = pos
        if pos >= self.end:
            return self._eof_in_doctype(pos)
        c = buf[pos]
        self.pos = pos + 1
        if c == quote:
            self._state = after
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            parts.append("\ufffd")
        else:  # ">"
            self._error(f"abrupt-doctype-{kind}-identifier", pos)
            self._force_quirks = True
            self._state = DATA
            self._emit_doctype()
        return True

    def _after_doctype_public_keyword_state(self) -> bool:
        """After DOCTYPE public keyword state (§13.2.5.57)."""
        return self._after_doctype_keyword(
            S.BEFORE_DOCTYPE_PUBLIC_IDENTIFIER, S.DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED,
            S.DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED, "public")

    def _before_doctype_public_identifier_state(self) -> bool:
        """Before DOCTYPE public identifier state (§13.2.5.58)."""
        return self._before_doctype_identifier(
            S.DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED, S.DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED,
            "public")

    def _doctype_public_identifier_double_quoted_state(self) -> bool:
        """DOCTYPE public identifier (double-quoted) state (§13.2.5.59)."""
        return self._doctype_identifier(_DOUBLE_QUOTED_RUN, '"',
                                        S.AFTER_DOCTYPE_PUBLIC_IDENTIFIER, "public")

    def _doctype_public_identifier_single_quoted_state(self) -> bool:
        """DOCTYPE public identifier (single-quoted) state (§13.2.5.60)."""
        return self._doctype_identifier(_SINGLE_QUOTED_RUN, "'",
                                        S.AFTER_DOCTYPE_PUBLIC_IDENTIFIER, "public")

    def _after_doctype_public_identifier_state(self) -> bool:
        """After DOCTYPE public identifier state (§13.2.5.61)."""
        pos = self.pos
        if pos >= self.end:
            return self._eof_in_doctype(pos)
        c = self.buf[pos]
        if c in "\t\n\f ":
            self.pos = pos + 1
            self._state = S.BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS
            return True
        if c == '"' or c == "'":
            self._error("missing-whitespace-between-doctype-public-and-system-identifiers", pos)
        return self._between_doctype_identifiers(pos, c)

    def _between_doctype_public_and_system_identifiers_state(self) -> bool:
        """Between DOCTYPE public and system identifiers state (§13.2.5.62)."""
        pos = _WHITESPACE_RUN(self.buf, self.pos).end()
        self.pos = pos
        if pos >= self.end:
            return self._eof_in_doctype(pos)
        return self._between_doctype_identifiers(pos, self.buf[pos])

    def _between_doctype_identifiers(self, pos: int, c: str) -> bool:
        """What the after DOCTYPE public identifier and between DOCTYPE public
        and system identifiers states share: ">", a quote, or an error."""
        if c == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
        elif c == '"' or c == "'":
            self._system_id = []
            self.pos = pos + 1
            self._state = (S.DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED if c == '"'
                          else S.DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED)
        else:
            self._error("missing-quote-before-doctype-system-identifier", pos)
            self._force_quirks = True
            self._state = BOGUS_DOCTYPE
        return True

    def _after_doctype_system_keyword_state(self) -> bool:
        """After DOCTYPE system keyword state (§13.2.5.63)."""
        return self._after_doctype_keyword(
            S.BEFORE_DOCTYPE_SYSTEM_IDENTIFIER, S.DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED,
            S.DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED, "system")

    def _before_doctype_system_identifier_state(self) -> bool:
        """Before DOCTYPE system identifier state (§13.2.5.64)."""
        return self._before_doctype_identifier(
            S.DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED, S.DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED,
            "system")

    def _doctype_system_identifier_double_quoted_state(self) -> bool:
        """DOCTYPE system identifier (double-quoted) state (§13.2.5.65)."""
        return self._doctype_identifier(_DOUBLE_QUOTED_RUN, '"',
                                        S.AFTER_DOCTYPE_SYSTEM_IDENTIFIER, "system")

    def _doctype_system_identifier_single_quoted_state(self) -> bool:
        """DOCTYPE system identifier (single-quoted) state (§13.2.5.66)."""
        return self._doctype_identifier(_SINGLE_QUOTED_RUN, "'",
                                        S.AFTER_DOCTYPE_SYSTEM_IDENTIFIER, "system")

    def _after_doctype_system_identifier_state(self) -> bool:
        """After DOCTYPE system identifier state (§13.2.5.67)."""
        pos = _WHITESPACE_RUN(self.buf, self.pos).end()
        self.pos = pos
        if pos >= self.end:
            return self._eof_in_doctype(pos)
        if self.buf[pos] == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
        else:
            # Not force-quirks: the identifiers already read stand.
            self._error("unexpected-character-after-doctype-system-identifier", pos)
            self._state = BOGUS_DOCTYPE
        return True

    def _bogus_doctype_state(self) -> bool:
        """Bogus DOCTYPE state (§13.2.5.68)."""
        buf = self.buf
        pos = self.pos
        while True:
            m = _BOGUS_DOCTYPE_STOP(buf, pos)
            if m is None:
                self.pos = self.end
                if not self._closed:
                    return False
                self._emit_doctype()
                return self._emit_eof()
            i = m.start()
            pos = i + 1
            self.pos = pos
            if buf[i] == ">":
                self._state = DATA
                self._emit_doctype()
                return True
            self._error("unexpected-null-character", i)
