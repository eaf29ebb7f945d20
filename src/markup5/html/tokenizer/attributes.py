"""Attribute states and the self-closing start tag state (§13.2.5.32-13.2.5.40)."""

from __future__ import annotations

import re

from ..states import State
from .charclass import Scan, always_matches, lower_ascii
from .comments import CommentStates

DATA = State.DATA
ATTRIBUTE_NAME = State.ATTRIBUTE_NAME
AFTER_ATTRIBUTE_NAME = State.AFTER_ATTRIBUTE_NAME
BEFORE_ATTRIBUTE_NAME = State.BEFORE_ATTRIBUTE_NAME
BEFORE_ATTRIBUTE_VALUE = State.BEFORE_ATTRIBUTE_VALUE
ATTRIBUTE_VALUE_DOUBLE_QUOTED = State.ATTRIBUTE_VALUE_DOUBLE_QUOTED
ATTRIBUTE_VALUE_SINGLE_QUOTED = State.ATTRIBUTE_VALUE_SINGLE_QUOTED
ATTRIBUTE_VALUE_UNQUOTED = State.ATTRIBUTE_VALUE_UNQUOTED
AFTER_ATTRIBUTE_VALUE_QUOTED = State.AFTER_ATTRIBUTE_VALUE_QUOTED
SELF_CLOSING_START_TAG = State.SELF_CLOSING_START_TAG
CHARACTER_REFERENCE = State.CHARACTER_REFERENCE

_WHITESPACE_RUN = always_matches(r"[\t\n\f ]*")
_ATTRIBUTE_NAME_RUN = re.compile(r"[^\t\n\f />=\x00\"'<]+").match
_DOUBLE_QUOTED_RUN = re.compile(r"[^\"&\x00]+").match
_SINGLE_QUOTED_RUN = re.compile(r"[^'&\x00]+").match
_UNQUOTED_RUN = re.compile(r"[^\t\n\f &>\x00\"'<=`]+").match


class AttributeStates(CommentStates):
    """Before/after attribute name, attribute name and value states, and the
    self-closing start tag state."""

    __slots__ = ()

    def _skip_whitespace(self) -> int:
        """Ignore a run of whitespace (the "ignore the character" branches);
        returns the new position."""
        pos = _WHITESPACE_RUN(self.buf, self.pos).end()
        self.pos = pos
        return pos

    def _before_attribute_name_state(self) -> bool:
        """Before attribute name state (§13.2.5.32)."""
        pos = self._skip_whitespace()
        if pos >= self.end:
            if not self._closed:
                return False
            self._state = AFTER_ATTRIBUTE_NAME
            return True
        c = self.buf[pos]
        if c == "/" or c == ">":
            self._state = AFTER_ATTRIBUTE_NAME
            return True
        if c == "=":
            self._error("unexpected-equals-sign-before-attribute-name", pos)
            self._start_attribute("=")
            self.pos = pos + 1
            self._state = ATTRIBUTE_NAME
            return True
        self._start_attribute("")
        self._state = ATTRIBUTE_NAME
        return True

    def _attribute_name_state(self) -> bool:
        """Attribute name state (§13.2.5.33)."""
        buf = self.buf
        pos = self.pos
        m = _ATTRIBUTE_NAME_RUN(buf, pos)
        if m is not None:
            # (The attribute's name, in pieces: _leave_attribute_name joins them.)
            self._name_parts.append(lower_ascii(m.group()))
            pos = m.end()
            self.pos = pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._leave_attribute_name(pos)
            self._state = AFTER_ATTRIBUTE_NAME
            return True
        c = buf[pos]
        if c == "=":
            self._leave_attribute_name(pos)
            self.pos = pos + 1
            self._state = BEFORE_ATTRIBUTE_VALUE
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            self._name_parts.append("\ufffd")
            self.pos = pos + 1
        elif c == '"' or c == "'" or c == "<":
            self._error("unexpected-character-in-attribute-name", pos)
            self._name_parts.append(c)
            self.pos = pos + 1
        else:  # whitespace, "/" or ">": reconsume in the after attribute name state
            self._leave_attribute_name(pos)
            self._state = AFTER_ATTRIBUTE_NAME
        return True

    def _after_attribute_name_state(self) -> bool:
        """After attribute name state (§13.2.5.34)."""
        pos = self._skip_whitespace()
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-tag", pos)
            return self._emit_eof_in_tag()
        c = self.buf[pos]
        if c == "/":
            self.pos = pos + 1
            self._state = SELF_CLOSING_START_TAG
        elif c == "=":
            self.pos = pos + 1
            self._state = BEFORE_ATTRIBUTE_VALUE
        elif c == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_current_tag(pos)
        else:
            self._start_attribute("")
            self._state = ATTRIBUTE_NAME
        return True

    def _before_attribute_value_state(self) -> bool:
        """Before attribute value state (§13.2.5.35)."""
        pos = self._skip_whitespace()
        if pos >= self.end:
            if not self._closed:
                return False
            self._state = ATTRIBUTE_VALUE_UNQUOTED
            return True
        c = self.buf[pos]
        if c == '"':
            self.pos = pos + 1
            self._state = ATTRIBUTE_VALUE_DOUBLE_QUOTED
        elif c == "'":
            self.pos = pos + 1
            self._state = ATTRIBUTE_VALUE_SINGLE_QUOTED
        elif c == ">":
            self._error("missing-attribute-value", pos)
            self.pos = pos + 1
            self._state = DATA
            self._finish_attribute_value()
            self._emit_current_tag(pos)
        else:
            self._state = ATTRIBUTE_VALUE_UNQUOTED
        return True

    def _quoted_value(self, run: Scan, quote: str, state: State) -> bool:
        """Shared by the attribute value (double-quoted) and (single-quoted)
        states, which differ only in their quote character."""
        buf = self.buf
        pos = self.pos
        m = run(buf, pos)
        if m is not None:
            self._attr_value.append(m.group())
            pos = m.end()
            self.pos = pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-tag", pos)
            return self._emit_eof_in_tag()
        c = buf[pos]
        self.pos = pos + 1
        if c == quote:
            self._finish_attribute_value()
            self._state = AFTER_ATTRIBUTE_VALUE_QUOTED
        elif c == "&":
            self.return_state = state
            self._state = CHARACTER_REFERENCE
        else:  # U+0000 NULL
            self._error("unexpected-null-character", pos)
            self._attr_value.append("\ufffd")
        return True

    def _attribute_value_double_quoted_state(self) -> bool:
        """Attribute value (double-quoted) state (§13.2.5.36)."""
        return self._quoted_value(_DOUBLE_QUOTED_RUN, '"', ATTRIBUTE_VALUE_DOUBLE_QUOTED)

    def _attribute_value_single_quoted_state(self) -> bool:
        """Attribute value (single-quoted) state (§13.2.5.37)."""
        return self._quoted_value(_SINGLE_QUOTED_RUN, "'", ATTRIBUTE_VALUE_SINGLE_QUOTED)

    def _attribute_value_unquoted_state(self) -> bool:
        """Attribute value (unquoted) state (§13.2.5.38)."""
        buf = self.buf
        pos = self.pos
        m = _UNQUOTED_RUN(buf, pos)
        if m is not None:
            self._attr_value.append(m.group())
            pos = m.end()
            self.pos = pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-tag", pos)
            return self._emit_eof_in_tag()
        c = buf[pos]
        self.pos = pos + 1
        if c == ">":
            self._finish_attribute_value()
            self._state = DATA
            self._emit_current_tag(pos)
        elif c == "&":
            self.return_state = ATTRIBUTE_VALUE_UNQUOTED
            self._state = CHARACTER_REFERENCE
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            self._attr_value.append("\ufffd")
        elif c in "\t\n\f ":
            self._finish_attribute_value()
            self._state = BEFORE_ATTRIBUTE_NAME
        else:  # '"', "'", "<", "=", "`"
            self._error("unexpected-character-in-unquoted-attribute-value", pos)
            self._attr_value.append(c)
        return True

    def _after_attribute_value_quoted_state(self) -> bool:
        """After attribute value (quoted) state (§13.2.5.39)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-tag", pos)
            return self._emit_eof_in_tag()
        c = self.buf[pos]
        if c in "\t\n\f ":
            self.pos = pos + 1
            self._state = BEFORE_ATTRIBUTE_NAME
        elif c == "/":
            self.pos = pos + 1
            self._state = SELF_CLOSING_START_TAG
        elif c == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_current_tag(pos)
        else:
            self._error("missing-whitespace-between-attributes", pos)
            self._state = BEFORE_ATTRIBUTE_NAME
        return True

    def _self_closing_start_tag_state(self) -> bool:
        """Self-closing start tag state (§13.2.5.40)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-tag", pos)
            return self._emit_eof_in_tag()
        if self.buf[pos] == ">":
            self._self_closing = True
            self.pos = pos + 1
            self._state = DATA
            self._emit_current_tag(pos)
        else:
            self._error("unexpected-solidus-in-tag", pos)
            self._state = BEFORE_ATTRIBUTE_NAME
        return True
