"""RCDATA, RAWTEXT and script data end tag states (§13.2.5.9-13.2.5.17,
and the script data escaped end tag states §13.2.5.23-13.2.5.25).

Inside an element that holds only text, ``</`` starts an end tag only if
its name is that of the last start tag (an "appropriate end tag token").
The four families (RCDATA, RAWTEXT, script data, script data escaped) run
the same three steps with a different text state to fall back to; the
shared helpers below say which states use them.
"""

from __future__ import annotations

import re

from ..states import State
from .charclass import ASCII_ALPHA, lower_ascii
from .script import ScriptStates

S = State
DATA = S.DATA
BEFORE_ATTRIBUTE_NAME = S.BEFORE_ATTRIBUTE_NAME
SELF_CLOSING_START_TAG = S.SELF_CLOSING_START_TAG

_ASCII_ALPHA_RUN = re.compile(r"[A-Za-z]+").match


class EndTagStates(ScriptStates):
    """Less-than sign, end tag open and end tag name states of the RCDATA,
    RAWTEXT and script data families."""

    __slots__ = ()

    # Shared steps ------------------------------------------------------

    def _end_tag_open(self, name_state: State, text_state: State) -> bool:
        """The X end tag open states (RCDATA, RAWTEXT, script data, script
        data escaped): an ASCII letter starts an end tag token."""
        pos = self.pos
        if pos < self.end and self.buf[pos] in ASCII_ALPHA:
            self._start_tag(True)
            self._state = name_state
            return True
        if pos >= self.end and not self._closed:
            return False
        self._text.append("</")
        self._state = text_state
        return True

    def _end_tag_name(self, text_state: State) -> bool:
        """The X end tag name states (RCDATA, RAWTEXT, script data, script
        data escaped): letters go to the tag name and the temporary buffer;
        whitespace, "/" or ">" end the tag if it is appropriate; anything
        else makes it text again."""
        buf = self.buf
        pos = self.pos
        m = _ASCII_ALPHA_RUN(buf, pos)
        if m is not None:
            # The letters go to the temporary buffer, in pieces, and in
            # lowercase to the tag name (made from the buffer once it ends).
            self._name_parts.append(m.group())
            pos = m.end()
            self.pos = pos
        if pos >= self.end and not self._closed:
            return False
        buffer = self._temporary_buffer = self._take_name()  # (empty on entry)
        name = lower_ascii(buffer)
        if pos < self.end and name == self.last_start_tag:
            self._tag_name = name
            c = buf[pos]
            if c in "\t\n\f ":
                self.pos = pos + 1
                self._state = BEFORE_ATTRIBUTE_NAME
                return True
            if c == "/":
                self.pos = pos + 1
                self._state = SELF_CLOSING_START_TAG
                return True
            if c == ">":
                self.pos = pos + 1
                self._state = DATA
                if self.direct is None or self._out or not self._offer_end_tag(name, pos):
                    self._emit_current_tag(pos)
                return True
        # Anything else: emit "</" and the temporary buffer, reconsume.
        self._text.append("</")
        self._text.append(buffer)
        self._state = text_state
        return True

    # RCDATA ------------------------------------------------------------

    def _rcdata_less_than_sign_state(self) -> bool:
        """RCDATA less-than sign state (§13.2.5.9)."""
        return self._less_than_sign(S.RCDATA_END_TAG_OPEN, S.RCDATA)

    def _rcdata_end_tag_open_state(self) -> bool:
        """RCDATA end tag open state (§13.2.5.10)."""
        return self._end_tag_open(S.RCDATA_END_TAG_NAME, S.RCDATA)

    def _rcdata_end_tag_name_state(self) -> bool:
        """RCDATA end tag name state (§13.2.5.11)."""
        return self._end_tag_name(S.RCDATA)

    # RAWTEXT -----------------------------------------------------------

    def _rawtext_less_than_sign_state(self) -> bool:
        """RAWTEXT less-than sign state (§13.2.5.12)."""
        return self._less_than_sign(S.RAWTEXT_END_TAG_OPEN, S.RAWTEXT)

    def _rawtext_end_tag_open_state(self) -> bool:
        """RAWTEXT end tag open state (§13.2.5.13)."""
        return self._end_tag_open(S.RAWTEXT_END_TAG_NAME, S.RAWTEXT)

    def _rawtext_end_tag_name_state(self) -> bool:
        """RAWTEXT end tag name state (§13.2.5.14)."""
        return self._end_tag_name(S.RAWTEXT)

    def _less_than_sign(self, end_tag_open: State, text_state: State) -> bool:
        """The RCDATA and RAWTEXT less-than sign states: "/" clears the
        temporary buffer and opens an end tag; anything else is text."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] == "/":
            self._temporary_buffer = ""
            self.pos = pos + 1
            self._state = end_tag_open
            return True
        self._text.append("<")
        self._state = text_state
        return True

    # Script data -------------------------------------------------------

    def _script_data_less_than_sign_state(self) -> bool:
        """Script data less-than sign state (§13.2.5.15)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        c = self.buf[pos] if pos < self.end else ""
        if c == "/":
            self._temporary_buffer = ""
            self.pos = pos + 1
            self._state = S.SCRIPT_DATA_END_TAG_OPEN
        elif c == "!":
            self.pos = pos + 1
            self._state = S.SCRIPT_DATA_ESCAPE_START
            self._text.append("<!")
        else:
            self._text.append("<")
            self._state = S.SCRIPT_DATA
        return True

    def _script_data_end_tag_open_state(self) -> bool:
        """Script data end tag open state (§13.2.5.16)."""
        return self._end_tag_open(S.SCRIPT_DATA_END_TAG_NAME, S.SCRIPT_DATA)

    def _script_data_end_tag_name_state(self) -> bool:
        """Script data end tag name state (§13.2.5.17)."""
        return self._end_tag_name(S.SCRIPT_DATA)

    def _script_data_escaped_end_tag_open_state(self) -> bool:
        """Script data escaped end tag open state (§13.2.5.24)."""
        return self._end_tag_open(S.SCRIPT_DATA_ESCAPED_END_TAG_NAME, S.SCRIPT_DATA_ESCAPED)

    def _script_data_escaped_end_tag_name_state(self) -> bool:
        """Script data escaped end tag name state (§13.2.5.25)."""
        return self._end_tag_name(S.SCRIPT_DATA_ESCAPED)
