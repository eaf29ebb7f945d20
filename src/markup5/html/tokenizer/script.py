"""Script data escape states (§13.2.5.18-13.2.5.31, without the escaped end
tag states, which live with the other end tag states).

They keep the legacy ``<script><!-- ... --></script>`` convention working:
inside ``<!--`` a ``<script>`` enters the double-escaped states, where
``</script>`` does not end the element until the matching ``-->``.
"""

from __future__ import annotations

import re

from ..states import State
from .charclass import ASCII_ALPHA, lower_ascii
from .attributes import AttributeStates

S = State
SCRIPT_DATA = S.SCRIPT_DATA
SCRIPT_DATA_ESCAPED = S.SCRIPT_DATA_ESCAPED
SCRIPT_DATA_ESCAPED_DASH = S.SCRIPT_DATA_ESCAPED_DASH
SCRIPT_DATA_ESCAPED_DASH_DASH = S.SCRIPT_DATA_ESCAPED_DASH_DASH
SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN = S.SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN
SCRIPT_DATA_DOUBLE_ESCAPED = S.SCRIPT_DATA_DOUBLE_ESCAPED
SCRIPT_DATA_DOUBLE_ESCAPED_DASH = S.SCRIPT_DATA_DOUBLE_ESCAPED_DASH
SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH = S.SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH
SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN = S.SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN

_ESCAPED_STOP = re.compile("[-<\x00]").search
_ASCII_ALPHA_RUN = re.compile(r"[A-Za-z]+").match


class ScriptStates(AttributeStates):
    """The script data escape, escaped and double-escaped states."""

    __slots__ = ()

    def _script_data_escape_start_state(self) -> bool:
        """Script data escape start state (§13.2.5.18)."""
        return self._escape_start_dash(S.SCRIPT_DATA_ESCAPE_START_DASH)

    def _script_data_escape_start_dash_state(self) -> bool:
        """Script data escape start dash state (§13.2.5.19)."""
        return self._escape_start_dash(SCRIPT_DATA_ESCAPED_DASH_DASH)

    def _escape_start_dash(self, next_state: State) -> bool:
        """The script data escape start and escape start dash states: a "-"
        is emitted and moves on; anything else goes back to script data."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] == "-":
            self.pos = pos + 1
            self._state = next_state
            self._text.append("-")
        else:
            self._state = SCRIPT_DATA
        return True

    def _escaped_text(self, text_state: State, dash_state: State,
                      less_than_state: State, emit_less_than: bool) -> bool:
        """The script data escaped and double escaped states: text up to the
        next "-", "<" or NULL."""
        buf = self.buf
        pos = self.pos
        m = _ESCAPED_STOP(buf, pos)
        if m is None:
            if pos < self.end:
                self._text.append(buf[pos:])
                self.pos = self.end
            if not self._closed:
                return False
            self._error("eof-in-script-html-comment-like-text", self.end)
            return self._emit_eof()
        i = m.start()
        if i > pos:
            self._text.append(buf[pos:i])
        self.pos = i + 1
        c = buf[i]
        if c == "-":
            self._state = dash_state
            self._text.append("-")
        elif c == "<":
            self._lt = self._base + i
            self._state = less_than_state
            if emit_less_than:
                self._text.append("<")
        else:
            self._error("unexpected-null-character", i)
            self._text.append("\ufffd")
        return True

    def _escaped_dash(self, text_state: State, dash_dash_state: State | None,
                      less_than_state: State, emit_less_than: bool) -> bool:
        """The four script data (double) escaped dash and dash dash states.
        ``dash_dash_state`` is None in the dash dash states, where "-" stays
        and ">" ends the escape."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-script-html-comment-like-text", pos)
            return self._emit_eof()
        c = self.buf[pos]
        self.pos = pos + 1
        if c == "-":
            if dash_dash_state is not None:
                self._state = dash_dash_state
            self._text.append("-")
        elif c == "<":
            self._lt = self._base + pos
            self._state = less_than_state
            if emit_less_than:
                self._text.append("<")
        elif c == ">" and dash_dash_state is None:
            self._state = SCRIPT_DATA
            self._text.append(">")
        elif c == "\x00":
            self._error("unexpected-null-character", pos)
            self._state = text_state
            self._text.append("\ufffd")
        else:
            self._state = text_state
            self._text.append(c)
        return True

    def _script_data_escaped_state(self) -> bool:
        """Script data escaped state (§13.2.5.20)."""
        return self._escaped_text(SCRIPT_DATA_ESCAPED, SCRIPT_DATA_ESCAPED_DASH,
                                  SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN, False)

    def _script_data_escaped_dash_state(self) -> bool:
        """Script data escaped dash state (§13.2.5.21)."""
        return self._escaped_dash(SCRIPT_DATA_ESCAPED, SCRIPT_DATA_ESCAPED_DASH_DASH,
                                  SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN, False)

    def _script_data_escaped_dash_dash_state(self) -> bool:
        """Script data escaped dash dash state (§13.2.5.22)."""
        return self._escaped_dash(SCRIPT_DATA_ESCAPED, None,
                                  SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN, False)

    def _script_data_escaped_less_than_sign_state(self) -> bool:
        """Script data escaped less-than sign state (§13.2.5.23)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        c = self.buf[pos] if pos < self.end else ""
        if c == "/":
            self._temporary_buffer = ""
            self.pos = pos + 1
            self._state = S.SCRIPT_DATA_ESCAPED_END_TAG_OPEN
        elif c and c in ASCII_ALPHA:
            self._temporary_buffer = ""
            self._text.append("<")
            self._state = S.SCRIPT_DATA_DOUBLE_ESCAPE_START
        else:
            self._text.append("<")
            self._state = SCRIPT_DATA_ESCAPED
        return True

    def _double_escape_boundary(self, if_script: State, otherwise: State) -> bool:
        """The script data double escape start and double escape end states:
        letters are emitted and collected in the temporary buffer; then
        whitespace, "/" or ">" switch state depending on whether the buffer
        spells "script"."""
        buf = self.buf
        pos = self.pos
        m = _ASCII_ALPHA_RUN(buf, pos)
        if m is not None:
            run = m.group()
            self._name_parts.append(lower_ascii(run))  # (the temporary buffer, in pieces)
            self._text.append(run)
            pos = m.end()
            self.pos = pos
        if pos >= self.end and not self._closed:
            return False
        buffer = self._temporary_buffer = self._take_name()  # (empty on entry)
        if pos >= self.end:
            self._state = otherwise
            return True
        c = buf[pos]
        if c in "\t\n\f />":
            self._state = if_script if buffer == "script" else otherwise
            self.pos = pos + 1
            self._text.append(c)
        else:
            self._state = otherwise
        return True

    def _script_data_double_escape_start_state(self) -> bool:
        """Script data double escape start state (§13.2.5.26)."""
        return self._double_escape_boundary(SCRIPT_DATA_DOUBLE_ESCAPED, SCRIPT_DATA_ESCAPED)

    def _script_data_double_escaped_state(self) -> bool:
        """Script data double escaped state (§13.2.5.27)."""
        return self._escaped_text(SCRIPT_DATA_DOUBLE_ESCAPED, SCRIPT_DATA_DOUBLE_ESCAPED_DASH,
                                  SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN, True)

    def _script_data_double_escaped_dash_state(self) -> bool:
        """Script data double escaped dash state (§13.2.5.28)."""
        return self._escaped_dash(SCRIPT_DATA_DOUBLE_ESCAPED, SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH,
                                  SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN, True)

    def _script_data_double_escaped_dash_dash_state(self) -> bool:
        """Script data double escaped dash dash state (§13.2.5.29)."""
        return self._escaped_dash(SCRIPT_DATA_DOUBLE_ESCAPED, None,
                                  SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN, True)

    def _script_data_double_escaped_less_than_sign_state(self) -> bool:
        """Script data double escaped less-than sign state (§13.2.5.30)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] == "/":
            self._temporary_buffer = ""
            self.pos = pos + 1
            self._state = S.SCRIPT_DATA_DOUBLE_ESCAPE_END
            self._text.append("/")
        else:
            self._state = SCRIPT_DATA_DOUBLE_ESCAPED
        return True

    def _script_data_double_escape_end_state(self) -> bool:
        """Script data double escape end state (§13.2.5.31)."""
        return self._double_escape_boundary(SCRIPT_DATA_ESCAPED, SCRIPT_DATA_DOUBLE_ESCAPED)
