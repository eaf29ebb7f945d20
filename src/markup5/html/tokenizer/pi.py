"""Processing instruction states (§13.2.5.72-13.2.5.76, added 2026-06-25).

``<?target data?>`` becomes a :class:`~markup5.tokens.ProcessingInstruction`
when the target is an ASCII letter or ``_`` followed by ASCII alphanumerics,
``-`` and ``_``, and is not ``xml`` or ``xml-stylesheet`` (ASCII
case-insensitively).  Otherwise the temporary buffer is "converted to a
comment" (``?`` + the buffer) and the bogus comment state takes over, as
``<?`` always did before 2026.  An unterminated processing instruction is
dropped at end of input.  See ``shared/spec/processing-instructions.md``.
"""

from __future__ import annotations

import re

from ...tokens import ProcessingInstruction
from ..states import State
from .charclass import ASCII_ALPHA, always_matches
from .charrefs import CharacterReferenceStates

S = State
BOGUS_COMMENT = S.BOGUS_COMMENT
PROCESSING_INSTRUCTION_DATA = S.PROCESSING_INSTRUCTION_DATA

_TARGET_RUN = re.compile(r"[A-Za-z0-9_-]+").match
_WHITESPACE_RUN = always_matches(r"[\t\n\f ]*")
_DATA_STOP = re.compile(r"[?>]").search
_DISALLOWED_TARGETS = frozenset({"xml", "xml-stylesheet"})


class ProcessingInstructionStates(CharacterReferenceStates):
    """The five processing instruction states."""

    __slots__ = ()

    def _convert_temporary_buffer_to_comment(self) -> None:
        """"Convert the temporary buffer to a comment": a comment token whose
        data is "?" followed by the temporary buffer."""
        self._comment = ["?" + self._temporary_buffer]

    def _eof_in_processing_instruction(self, pos: int) -> bool:
        if not self._closed:
            return False
        self._error("eof-in-processing-instruction", pos)
        return self._emit_eof()

    def _processing_instruction_open_state(self) -> bool:
        """Processing instruction open state (§13.2.5.72)."""
        pos = self.pos
        if pos >= self.end:
            return self._eof_in_processing_instruction(pos)
        c = self.buf[pos]
        if c in ASCII_ALPHA or c == "_":
            self._state = S.PROCESSING_INSTRUCTION_TARGET
        else:
            self._error("invalid-first-character-of-processing-instruction-target", pos)
            self._convert_temporary_buffer_to_comment()
            self._state = BOGUS_COMMENT
        return True

    def _processing_instruction_target_state(self) -> bool:
        """Processing instruction target state (§13.2.5.73)."""
        buf = self.buf
        pos = self.pos
        m = _TARGET_RUN(buf, pos)
        if m is not None:
            self._name_parts.append(m.group())  # (the temporary buffer, in pieces)
            pos = m.end()
            self.pos = pos
        if pos >= self.end:
            return self._eof_in_processing_instruction(pos)
        target = self._temporary_buffer = self._take_name()  # (empty on entry)
        c = buf[pos]
        if c in "\t\n\f ?>":
            if target.lower() in _DISALLOWED_TARGETS:
                self._error("disallowed-processing-instruction-target", pos)
                self._convert_temporary_buffer_to_comment()
                self._state = BOGUS_COMMENT
            else:
                self._pi_target = target
                self._pi_data = []
                self._state = S.AFTER_PROCESSING_INSTRUCTION_TARGET
        else:
            self._error("invalid-processing-instruction-target", pos)
            self._convert_temporary_buffer_to_comment()
            self._state = BOGUS_COMMENT
        return True

    def _after_processing_instruction_target_state(self) -> bool:
        """After processing instruction target state (§13.2.5.74)."""
        pos = _WHITESPACE_RUN(self.buf, self.pos).end()
        self.pos = pos
        if pos >= self.end and not self._closed:
            return False
        self._state = PROCESSING_INSTRUCTION_DATA
        return True

    def _processing_instruction_data_state(self) -> bool:
        """Processing instruction data state (§13.2.5.75)."""
        buf = self.buf
        pos = self.pos
        m = _DATA_STOP(buf, pos)
        if m is None:
            if pos < self.end:
                self._pi_data.append(buf[pos:])
                self.pos = self.end
            return self._eof_in_processing_instruction(self.end)
        i = m.start()
        if i > pos:
            self._pi_data.append(buf[pos:i])
        self.pos = i + 1
        if buf[i] == ">":
            self._state = S.DATA
            self._emit_processing_instruction()
        else:
            self._state = S.PROCESSING_INSTRUCTION_QUESTIONABLE
        return True

    def _processing_instruction_questionable_state(self) -> bool:
        """Processing instruction questionable state (§13.2.5.76)."""
        pos = self.pos
        if pos >= self.end:
            return self._eof_in_processing_instruction(pos)
        if self.buf[pos] == ">":
            self.pos = pos + 1
            self._state = S.DATA
            self._emit_processing_instruction()
        else:
            self._pi_data.append("?")
            self._state = PROCESSING_INSTRUCTION_DATA
        return True

    def _emit_processing_instruction(self) -> None:
        data = self._pi_data
        self._emit(ProcessingInstruction(
            self._pi_target, data[0] if len(data) == 1 else "".join(data)))
