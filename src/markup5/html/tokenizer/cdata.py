"""CDATA section states (§13.2.5.69-13.2.5.71).

CDATA sections exist only in foreign content (SVG, MathML): the markup
declaration open state enters them when the tree builder says the adjusted
current node is not in the HTML namespace (:attr:`Tokenizer.allow_cdata`).
"""

from __future__ import annotations

from ..states import State
from .pi import ProcessingInstructionStates

S = State


class CdataStates(ProcessingInstructionStates):
    """The CDATA section, CDATA section bracket and CDATA section end states."""

    __slots__ = ()

    def _cdata_section_state(self) -> bool:
        """CDATA section state (§13.2.5.69)."""
        buf = self.buf
        pos = self.pos
        i = buf.find("]", pos)
        if i == -1:
            if pos < self.end:
                self._text.append(buf[pos:])
                self.pos = self.end
            if not self._closed:
                return False
            self._error("eof-in-cdata", self.end)
            return self._emit_eof()
        if i > pos:
            self._text.append(buf[pos:i])
        self.pos = i + 1
        self._state = S.CDATA_SECTION_BRACKET
        return True

    def _cdata_section_bracket_state(self) -> bool:
        """CDATA section bracket state (§13.2.5.70)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] == "]":
            self.pos = pos + 1
            self._state = S.CDATA_SECTION_END
        else:
            self._text.append("]")
            self._state = S.CDATA_SECTION
        return True

    def _cdata_section_end_state(self) -> bool:
        """CDATA section end state (§13.2.5.71)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        c = self.buf[pos] if pos < self.end else ""
        if c == "]":
            self.pos = pos + 1
            self._text.append("]")
        elif c == ">":
            self.pos = pos + 1
            self._state = S.DATA
            self._gap(self._base + pos + 1)
        else:
            self._text.append("]]")
            self._state = S.CDATA_SECTION
        return True
