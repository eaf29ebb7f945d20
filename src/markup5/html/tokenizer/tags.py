"""Tag open, end tag open and tag name states (§13.2.5.6-13.2.5.8).

Simple, error-free tags usually never get here: the data state's shortcut
(:mod:`.shortcuts`) emits them whole.
"""

from __future__ import annotations

import re

from ..states import State
from .charclass import ASCII_ALPHA, lower_ascii
from .endtags import EndTagStates

DATA = State.DATA
TAG_NAME = State.TAG_NAME
END_TAG_OPEN = State.END_TAG_OPEN
MARKUP_DECLARATION_OPEN = State.MARKUP_DECLARATION_OPEN
BOGUS_COMMENT = State.BOGUS_COMMENT
BEFORE_ATTRIBUTE_NAME = State.BEFORE_ATTRIBUTE_NAME
SELF_CLOSING_START_TAG = State.SELF_CLOSING_START_TAG
PROCESSING_INSTRUCTION_OPEN = State.PROCESSING_INSTRUCTION_OPEN

# The tag name state's "anything else": everything but whitespace, "/", ">"
# and NULL (uppercase letters are lowered after the run is taken).
_TAG_NAME_RUN = re.compile(r"[^\t\n\f />\x00]+").match


class TagStates(EndTagStates):
    """The tag open, end tag open and tag name states."""

    __slots__ = ()

    def _tag_open_state(self) -> bool:
        """Tag open state (§13.2.5.6)."""
        buf = self.buf
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-before-tag-name", pos)
            self._text.append("<")
            return self._emit_eof()
        c = buf[pos]
        if c in ASCII_ALPHA:
            self._start_tag(False)
            self._state = TAG_NAME
            return self._tag_name_state()
        if c == "/":
            self.pos = pos + 1
            self._state = END_TAG_OPEN
            return True
        if c == "!":
            self.pos = pos + 1
            self._state = MARKUP_DECLARATION_OPEN
            return self._markup_declaration_open_state()
        if c == "?":
            if self.processing_instructions:
                # 2026: "<?" opens a processing instruction.
                self.pos = pos + 1
                self._temporary_buffer = ""
                self._state = PROCESSING_INSTRUCTION_OPEN
                return True
            self._error("unexpected-question-mark-instead-of-tag-name", pos)
            self._comment = []
            self._state = BOGUS_COMMENT
            return True
        self._error("invalid-first-character-of-tag-name", pos)
        self._text.append("<")
        self._state = DATA
        return True

    def _end_tag_open_state(self) -> bool:
        """End tag open state (§13.2.5.7)."""
        buf = self.buf
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-before-tag-name", pos)
            self._text.append("</")
            return self._emit_eof()
        c = buf[pos]
        if c in ASCII_ALPHA:
            self._start_tag(True)
            self._state = TAG_NAME
            return True
        if c == ">":
            self._error("missing-end-tag-name", pos)
            self.pos = pos + 1
            self._gap(self._base + pos + 1)
            self._state = DATA
            return True
        self._error("invalid-first-character-of-tag-name", pos)
        self._comment = []
        self._state = BOGUS_COMMENT
        return True

    def _tag_name_state(self) -> bool:
        """Tag name state (§13.2.5.8)."""
        buf = self.buf
        pos = self.pos
        m = _TAG_NAME_RUN(buf, pos)
        if m is not None:
            pos = m.end()
            self._name_parts.append(lower_ascii(m.group()))  # (the tag name, in pieces)
            self.pos = pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-tag", pos)
            return self._emit_eof_in_tag()
        c = buf[pos]
        self.pos = pos + 1
        if c == "\x00":
            self._error("unexpected-null-character", pos)
            self._name_parts.append("\ufffd")
            return True
        self._tag_name = self._take_name()  # the state is left
        if c == ">":
            self._state = DATA
            self._emit_current_tag(pos)
        elif c == "/":
            self._state = SELF_CLOSING_START_TAG
        else:  # whitespace
            self._state = BEFORE_ATTRIBUTE_NAME
        return True
