"""Markup declaration open, bogus comment and comment states
(§13.2.5.41-13.2.5.52).

The markup declaration open state takes a shortcut for the common comment
``<!-- text -->`` whose text cannot trigger any of the comment states' parse
errors or special cases (no NULL, no ``<!``, no ``--!``, not starting with
``>`` or ``->``): the whole comment is one regex search.  Everything else
goes through the states.
"""

from __future__ import annotations

import re

from ..states import State
from .doctype import DoctypeStates

S = State
DATA = S.DATA
BOGUS_COMMENT = S.BOGUS_COMMENT
COMMENT = S.COMMENT
COMMENT_END = S.COMMENT_END
COMMENT_END_DASH = S.COMMENT_END_DASH
COMMENT_LESS_THAN_SIGN = S.COMMENT_LESS_THAN_SIGN

_BOGUS_COMMENT_STOP = re.compile("[>\x00]").search
_COMMENT_STOP = re.compile("[-<\x00]").search
#: The first thing in a comment's text that ends the shortcut: its end "-->",
#: or one of what the comment states treat specially.  Searching for the
#: first of them, not for "-->" alone, keeps the shortcut local: "-->" may be
#: far away or absent (``<!--x--!>`` x N has none), and a search for it from
#: every comment start would read the rest of the input each time (quadratic).
_SIMPLE_COMMENT_STOP = re.compile("-->|--!|<!|\x00").search


class CommentStates(DoctypeStates):
    """The markup declaration open, bogus comment and comment states."""

    __slots__ = ()

    def _markup_declaration_open_state(self) -> bool:
        """Markup declaration open state (§13.2.5.42)."""
        buf = self.buf
        pos = self.pos
        if buf.startswith("--", pos):
            if self.fast_paths and self._simple_comment(buf, pos):
                return True
            self.pos = pos + 2
            self._comment = []
            self._state = S.COMMENT_START
            return True
        ahead = buf[pos:pos + 7]
        if ahead.isascii() and ahead.upper() == "DOCTYPE":
            self.pos = pos + 7
            self._state = S.DOCTYPE
            return True
        if ahead == "[CDATA[":
            self.pos = pos + 7
            if self.allow_cdata:
                self._state = S.CDATA_SECTION
            else:
                self._error("cdata-in-html-content", pos + 6)
                self._comment = ["[CDATA["]
                self._state = BOGUS_COMMENT
            return True
        if not self._closed and len(ahead) < 7 and (
                "--".startswith(ahead) or ahead.isascii() and "DOCTYPE".startswith(ahead.upper())
                or "[CDATA[".startswith(ahead)):
            return False  # could still be one of the three; wait for more
        self._error("incorrectly-opened-comment", pos)
        self._comment = []
        self._state = BOGUS_COMMENT
        return True

    def _simple_comment(self, buf: str, pos: int) -> bool:
        """Emit ``<!--text-->`` at once when the comment states would read
        it without an error or a special case; ``pos`` is at the "--"."""
        start = pos + 2
        if buf.startswith(">", start) or buf.startswith("->", start):
            return False
        m = _SIMPLE_COMMENT_STOP(buf, start)
        if m is None or m.group() != "-->":
            return False  # no end yet, or a NULL, "<!" or "--!" before it
        close = m.start()
        data = buf[start:close]
        self.pos = close + 3  # before emitting: the token's end is recorded
        self._emit_comment_data(data)
        self._state = DATA
        return True

    def _bogus_comment_state(self) -> bool:
        """Bogus comment state (§13.2.5.41)."""
        buf = self.buf
        pos = self.pos
        while True:
            m = _BOGUS_COMMENT_STOP(buf, pos)
            if m is None:
                if pos < self.end:
                    self._comment.append(buf[pos:])
                    self.pos = self.end
                if not self._closed:
                    return False
                self._emit_comment()
                return self._emit_eof()
            i = m.start()
            if i > pos:
                self._comment.append(buf[pos:i])
            pos = i + 1
            self.pos = pos
            if buf[i] == ">":
                self._state = DATA
                self._emit_comment()
                return True
            self._error("unexpected-null-character", i)
            self._comment.append("\ufffd")

    def _comment_start_state(self) -> bool:
        """Comment start state (§13.2.5.43)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        c = self.buf[pos] if pos < self.end else ""
        if c == "-":
            self.pos = pos + 1
            self._state = S.COMMENT_START_DASH
        elif c == ">":
            self._error("abrupt-closing-of-empty-comment", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        else:
            self._state = COMMENT
        return True

    def _comment_start_dash_state(self) -> bool:
        """Comment start dash state (§13.2.5.44)."""
        pos = self.pos
        if pos >= self.end:
            return self._eof_in_comment(pos)
        c = self.buf[pos]
        if c == "-":
            self.pos = pos + 1
            self._state = COMMENT_END
        elif c == ">":
            self._error("abrupt-closing-of-empty-comment", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        else:
            self._comment.append("-")
            self._state = COMMENT
        return True

    def _comment_state(self) -> bool:
        """Comment state (§13.2.5.45)."""
        buf = self.buf
        pos = self.pos
        m = _COMMENT_STOP(buf, pos)
        if m is None:
            if pos < self.end:
                self._comment.append(buf[pos:])
                self.pos = self.end
            return self._eof_in_comment(self.end)
        i = m.start()
        if i > pos:
            self._comment.append(buf[pos:i])
        self.pos = i + 1
        c = buf[i]
        if c == "<":
            self._comment.append("<")
            self._state = COMMENT_LESS_THAN_SIGN
        elif c == "-":
            self._state = COMMENT_END_DASH
        else:
            self._error("unexpected-null-character", i)
            self._comment.append("\ufffd")
        return True

    def _eof_in_comment(self, pos: int) -> bool:
        """The comment states' EOF branch (or wait for more input)."""
        if not self._closed:
            return False
        self._error("eof-in-comment", pos)
        self._emit_comment()
        return self._emit_eof()

    def _comment_less_than_sign_state(self) -> bool:
        """Comment less-than sign state (§13.2.5.46)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        c = self.buf[pos] if pos < self.end else ""
        if c == "!":
            self._comment.append("!")
            self.pos = pos + 1
            self._state = S.COMMENT_LESS_THAN_SIGN_BANG
        elif c == "<":
            self._comment.append("<")
            self.pos = pos + 1
        else:
            self._state = COMMENT
        return True

    def _comment_less_than_sign_bang_state(self) -> bool:
        """Comment less-than sign bang state (§13.2.5.47)."""
        return self._comment_dash_step(S.COMMENT_LESS_THAN_SIGN_BANG_DASH, COMMENT)

    def _comment_less_than_sign_bang_dash_state(self) -> bool:
        """Comment less-than sign bang dash state (§13.2.5.48)."""
        return self._comment_dash_step(S.COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH, COMMENT_END_DASH)

    def _comment_dash_step(self, on_dash: State, otherwise: State) -> bool:
        """The comment less-than sign bang and bang dash states: a "-" moves
        on, anything else is reconsumed in ``otherwise``."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] == "-":
            self.pos = pos + 1
            self._state = on_dash
        else:
            self._state = otherwise
        return True

    def _comment_less_than_sign_bang_dash_dash_state(self) -> bool:
        """Comment less-than sign bang dash dash state (§13.2.5.49)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] != ">":
            self._error("nested-comment", pos)
        self._state = COMMENT_END
        return True

    def _comment_end_dash_state(self) -> bool:
        """Comment end dash state (§13.2.5.50)."""
        pos = self.pos
        if pos >= self.end:
            return self._eof_in_comment(pos)
        if self.buf[pos] == "-":
            self.pos = pos + 1
            self._state = COMMENT_END
        else:
            self._comment.append("-")
            self._state = COMMENT
        return True

    def _comment_end_state(self) -> bool:
        """Comment end state (§13.2.5.51)."""
        pos = self.pos
        if pos >= self.end:
            return self._eof_in_comment(pos)
        c = self.buf[pos]
        if c == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        elif c == "!":
            self.pos = pos + 1
            self._state = S.COMMENT_END_BANG
        elif c == "-":
            self.pos = pos + 1
            self._comment.append("-")
        else:
            self._comment.append("--")
            self._state = COMMENT
        return True

    def _comment_end_bang_state(self) -> bool:
        """Comment end bang state (§13.2.5.52)."""
        pos = self.pos
        if pos >= self.end:
            return self._eof_in_comment(pos)
        c = self.buf[pos]
        if c == "-":
            self.pos = pos + 1
            self._comment.append("--!")
            self._state = COMMENT_END_DASH
        elif c == ">":
            self._error("incorrectly-closed-comment", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        else:
            self._comment.append("--!")
            self._state = COMMENT
        return True
