"""The CDATA states (XML5 §1.3.21-1.3.23): CDATA, CDATA bracket, CDATA end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..states import State

if TYPE_CHECKING:  # the state families see the core they are combined with
    from .core import XmlTokenizerCore as _Core
else:
    _Core = object

DATA = State.DATA
CDATA = State.CDATA
CDATA_BRACKET = State.CDATA_BRACKET
CDATA_END = State.CDATA_END



class CdataStates(_Core):
    """The CDATA, CDATA bracket and CDATA end states."""

    def _cdata_state(self) -> bool:
        """CDATA state (§1.3.21)."""
        buf = self.buf
        pos = self.pos
        i = buf.find("]", pos)
        stop = self.end if i == -1 else i
        if stop > pos:
            self._text_run(pos, stop)
            self.pos = stop
        if i == -1:
            if not self._closed:
                return False
            self._error("eof-in-cdata", stop)
            return self._emit_eof()
        self.pos = i + 1
        self._state = CDATA_BRACKET
        return True

    def _cdata_bracket_state(self) -> bool:
        """CDATA bracket state (§1.3.22)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-cdata", pos)  # the "]" is lost
            return self._emit_eof()
        if self.buf[pos] == "]":
            self.pos = pos + 1
            self._state = CDATA_END
            return True
        if self._has_bad:
            self._check_run(pos, pos + 1)
        self._text.append("]" + self.buf[pos])
        self.pos = pos + 1
        self._state = CDATA
        return True

    def _cdata_end_state(self) -> bool:
        """CDATA end state (§1.3.23)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] == "]":
            self._text.append("]")
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            self._error("eof-in-cdata", pos)  # the "]]" is lost
            return self._emit_eof()
        if buf[pos] == ">":
            self.pos = pos + 1
            self._state = DATA
            return True
        if self._has_bad:
            self._check_run(pos, pos + 1)
        self._text.append("]]" + buf[pos])
        self.pos = pos + 1
        self._state = CDATA
        return True
