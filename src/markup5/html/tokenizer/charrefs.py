"""Character reference states (§13.2.5.77-13.2.5.85).

Entered on ``&`` from the data, RCDATA and attribute value states, which is
remembered as the :attr:`return_state`.  "Flush code points consumed as a
character reference" appends to the current attribute's value when the
return state is an attribute value state, and emits character data
otherwise.
"""

from __future__ import annotations

import re

from ..entities import (LONGEST_NAME, NAMED_REFERENCES, NUMERIC_REPLACEMENTS,
                        match_named_reference)
from ..states import State
from .charclass import ASCII_ALPHANUMERIC, ASCII_DIGITS, ASCII_HEX_DIGITS, Scan
from .shortcuts import DataShortcut

S = State
_ATTRIBUTE_VALUE_STATES = frozenset({S.ATTRIBUTE_VALUE_DOUBLE_QUOTED,
                                     S.ATTRIBUTE_VALUE_SINGLE_QUOTED,
                                     S.ATTRIBUTE_VALUE_UNQUOTED})
_NAME_RUN = re.compile(r"[A-Za-z0-9]{1,%d}" % LONGEST_NAME).match
_ALPHANUMERIC_RUN = re.compile(r"[A-Za-z0-9]+").match
_HEX_RUN = re.compile(r"[0-9A-Fa-f]+").match
_DECIMAL_RUN = re.compile(r"[0-9]+").match
_MAX_CODE = 0x10FFFF + 1  # codes above are all "outside the Unicode range"


class CharacterReferenceStates(DataShortcut):
    """The character reference states."""

    __slots__ = ()

    def _flush_code_points(self, text: str) -> None:
        """Flush code points consumed as a character reference."""
        if not text:
            return
        if self.return_state in _ATTRIBUTE_VALUE_STATES:
            self._attr_value.append(text)
        else:
            self._text.append(text)

    def _character_reference_state(self) -> bool:
        """Character reference state (§13.2.5.77)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        self._temporary_buffer = "&"
        c = self.buf[pos] if pos < self.end else ""
        if c and c in ASCII_ALPHANUMERIC:
            self._state = S.NAMED_CHARACTER_REFERENCE
        elif c == "#":
            self._temporary_buffer = "&#"
            self.pos = pos + 1
            self._state = S.NUMERIC_CHARACTER_REFERENCE
        else:
            self._flush_code_points("&")
            self._state = self.return_state
        return True

    def _named_character_reference_state(self) -> bool:
        """Named character reference state (§13.2.5.78).

        Consumes the longest name in the table that the input starts with
        (names are alphanumerics with an optional final ";", so one regex
        run and at most a few dict look-ups decide it)."""
        buf = self.buf
        pos = self.pos
        m = _NAME_RUN(buf, pos)
        run = "" if m is None else m.group()
        after = pos + len(run)
        if after >= self.end and not self._closed and len(run) < LONGEST_NAME:
            return False  # the name, or the character after it, is still to come
        name = match_named_reference(run, buf.startswith(";", after)) if run else None
        if name is None:
            self._flush_code_points(self._temporary_buffer)
            self._state = S.AMBIGUOUS_AMPERSAND
            return True
        pos += len(name)
        self.pos = pos
        self._state = self.return_state
        if name[-1] != ";":
            if self.return_state in _ATTRIBUTE_VALUE_STATES and pos < self.end and (
                    buf[pos] == "=" or buf[pos] in ASCII_ALPHANUMERIC):
                # Historical reasons: "&amp=" or "&notit" in an attribute
                # value stays as written.
                self._flush_code_points(self._temporary_buffer + name)
                return True
            self._error("missing-semicolon-after-character-reference", pos)
        self._flush_code_points(NAMED_REFERENCES[name])
        return True

    def _ambiguous_ampersand_state(self) -> bool:
        """Ambiguous ampersand state (§13.2.5.79)."""
        buf = self.buf
        pos = self.pos
        m = _ALPHANUMERIC_RUN(buf, pos)
        if m is not None:
            self._flush_code_points(m.group())
            pos = m.end()
            self.pos = pos
        if pos >= self.end:
            if not self._closed:
                return False
        elif buf[pos] == ";":
            self._error("unknown-named-character-reference", pos)
        self._state = self.return_state
        return True

    def _numeric_character_reference_state(self) -> bool:
        """Numeric character reference state (§13.2.5.80)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        self._char_ref_code = 0
        if pos < self.end and self.buf[pos] in "xX":
            self._temporary_buffer += self.buf[pos]
            self.pos = pos + 1
            self._state = S.HEXADECIMAL_CHARACTER_REFERENCE_START
        else:
            self._state = S.DECIMAL_CHARACTER_REFERENCE_START
        return True

    def _numeric_start(self, digits: frozenset[str], next_state: State) -> bool:
        """The hexadecimal and decimal character reference start states."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] in digits:
            self._state = next_state
        else:
            self._error("absence-of-digits-in-numeric-character-reference", pos)
            self._flush_code_points(self._temporary_buffer)
            self._state = self.return_state
        return True

    def _hexadecimal_character_reference_start_state(self) -> bool:
        """Hexadecimal character reference start state (§13.2.5.81)."""
        return self._numeric_start(ASCII_HEX_DIGITS, S.HEXADECIMAL_CHARACTER_REFERENCE)

    def _decimal_character_reference_start_state(self) -> bool:
        """Decimal character reference start state (§13.2.5.82)."""
        return self._numeric_start(ASCII_DIGITS, S.DECIMAL_CHARACTER_REFERENCE)

    def _numeric_digits(self, run: Scan, base: int) -> bool:
        """The hexadecimal and decimal character reference states: digits
        accumulate into the character reference code (saturating once it is
        past U+10FFFF, so a run of a million digits stays cheap)."""
        buf = self.buf
        pos = self.pos
        m = run(buf, pos)
        if m is not None:
            digits = m.group()
            code = self._char_ref_code
            if code < _MAX_CODE:
                if code == 0:
                    digits = digits.lstrip("0")
                if len(digits) > 8:
                    code = _MAX_CODE
                elif digits:
                    code = min(code * base ** len(digits) + int(digits, base), _MAX_CODE)
            self._char_ref_code = code
            pos = m.end()
            self.pos = pos
        if pos >= self.end:
            if not self._closed:
                return False
        elif buf[pos] == ";":
            self.pos = pos + 1
            self._state = S.NUMERIC_CHARACTER_REFERENCE_END
            return True
        self._error("missing-semicolon-after-character-reference", pos)
        self._state = S.NUMERIC_CHARACTER_REFERENCE_END
        return True

    def _hexadecimal_character_reference_state(self) -> bool:
        """Hexadecimal character reference state (§13.2.5.83)."""
        return self._numeric_digits(_HEX_RUN, 16)

    def _decimal_character_reference_state(self) -> bool:
        """Decimal character reference state (§13.2.5.84)."""
        return self._numeric_digits(_DECIMAL_RUN, 10)

    def _numeric_character_reference_end_state(self) -> bool:
        """Numeric character reference end state (§13.2.5.85)."""
        pos = self.pos
        code = self._char_ref_code
        if code == 0:
            self._error("null-character-reference", pos)
            code = 0xFFFD
        elif code > 0x10FFFF:
            self._error("character-reference-outside-unicode-range", pos)
            code = 0xFFFD
        elif 0xD800 <= code <= 0xDFFF:
            self._error("surrogate-character-reference", pos)
            code = 0xFFFD
        elif 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE:
            self._error("noncharacter-character-reference", pos)
        elif code == 0x0D or (code < 0x20 and code not in (0x09, 0x0A, 0x0C)) or (
                0x7F <= code <= 0x9F):
            self._error("control-character-reference", pos)
            code = NUMERIC_REPLACEMENTS.get(code, code)
        self._flush_code_points(chr(code))
        self._state = self.return_state
        return True
