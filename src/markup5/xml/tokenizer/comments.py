"""The markup declaration, comment and bogus comment states (XML5 §1.3.12-
1.3.20, 1.3.34), with the comment start and comment start dash states
the XML5 text lacks (as in HTML; xml5lib-tests expect them).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...html.tokenizer.charclass import always_matches
from ..states import State
from .tags import outside_root_element

if TYPE_CHECKING:  # the state families see the core they are combined with
    from .core import XmlTokenizerCore as _Core
else:
    _Core = object

DATA = State.DATA
COMMENT_START = State.COMMENT_START
COMMENT_START_DASH = State.COMMENT_START_DASH
COMMENT = State.COMMENT
COMMENT_LESS_THAN_SIGN = State.COMMENT_LESS_THAN_SIGN
COMMENT_LESS_THAN_SIGN_BANG = State.COMMENT_LESS_THAN_SIGN_BANG
COMMENT_LESS_THAN_SIGN_BANG_DASH = State.COMMENT_LESS_THAN_SIGN_BANG_DASH
COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH = State.COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH
COMMENT_END_DASH = State.COMMENT_END_DASH
COMMENT_END = State.COMMENT_END
COMMENT_END_BANG = State.COMMENT_END_BANG
CDATA = State.CDATA
BOGUS_COMMENT = State.BOGUS_COMMENT
DOCTYPE = State.DOCTYPE

_COMMENT_RUN = always_matches("[^<-]*")


class CommentStates(_Core):
    """The markup declaration, comment and bogus comment states."""

    def _markup_declaration_state(self) -> bool:
        """Markup declaration state (§1.3.12), matched ASCII
        case-insensitively."""
        buf = self.buf
        pos = self.pos
        if buf.startswith("--", pos):
            self.pos = pos + 2
            self._comment = []
            self._state = COMMENT_START
            return True
        if self.end - pos < 7 and not self._closed:
            return False
        written = buf[pos:pos + 7]
        if written.isascii():
            word = written.upper()
            if word == "[CDATA[":
                if self.xml10_compatible:
                    if written != word:  # [19] CDStart
                        self._error("incorrect-case-in-keyword", pos)
                    if outside_root_element(self):  # [43] content only
                        self._error("cdata-section-outside-root-element", pos - 2)
                self.pos = pos + 7
                self._state = CDATA
                return True
            if word == "DOCTYPE":
                if written != word and self.xml10_compatible:  # [28] doctypedecl
                    self._error("incorrect-case-in-keyword", pos)
                self.pos = pos + 7
                self._state = DOCTYPE
                return True
        self._error("incorrectly-opened-comment", pos)
        self._comment = []
        self._state = BOGUS_COMMENT
        return True

    def _eof_in_comment(self) -> bool:
        self._error("eof-in-comment", self.pos)
        self._emit_comment()
        return self._emit_eof()

    def _comment_start_state(self) -> bool:
        """Comment start state (as in HTML; the XML5 text lacks it)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        c = self.buf[pos] if pos < self.end else None
        if c == "-":
            self.pos = pos + 1
            self._state = COMMENT_START_DASH
        elif c == ">" and not self.xml10_compatible:
            # (XML 1.0 [15] Comment: with xml10_compatible, "<!-->" starts
            # a comment whose data begins with ">", as in an XML parser.)
            self._error("abrupt-closing-of-empty-comment", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        else:
            self._state = COMMENT
        return True

    def _comment_start_dash_state(self) -> bool:
        """Comment start dash state (as in HTML; the XML5 text lacks it)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        c = self.buf[pos]
        if c == "-":
            self.pos = pos + 1
            self._state = COMMENT_END
        elif c == ">" and not self.xml10_compatible:
            # (With xml10_compatible, "<!--->" goes on: its data is "->...")
            self._error("abrupt-closing-of-empty-comment", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        else:
            self._comment.append("-")
            self._state = COMMENT
        return True

    def _comment_state(self) -> bool:
        """Comment state (§1.3.13)."""
        buf = self.buf
        pos = self.pos
        i = _COMMENT_RUN(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._comment.append(buf[pos:i])
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        self.pos = pos + 1
        if buf[pos] == "<":
            self._comment.append("<")
            self._state = COMMENT_LESS_THAN_SIGN
        else:  # "-"
            self._state = COMMENT_END_DASH
        return True

    def _comment_less_than_sign_state(self) -> bool:
        """Comment less-than sign state (§1.3.14)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] == "<":
            self._comment.append("<")
            pos += 1
        self.pos = pos
        if pos >= end and not self._closed:
            return False
        if pos < end and buf[pos] == "!":
            self._comment.append("!")
            self.pos = pos + 1
            self._state = COMMENT_LESS_THAN_SIGN_BANG
        else:
            self._state = COMMENT
        return True

    def _comment_less_than_sign_bang_state(self) -> bool:
        """Comment less-than sign bang state (§1.3.15)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] == "-":
            self.pos = pos + 1
            self._state = COMMENT_LESS_THAN_SIGN_BANG_DASH
        else:
            self._state = COMMENT
        return True

    def _comment_less_than_sign_bang_dash_state(self) -> bool:
        """Comment less-than sign bang dash state (§1.3.16)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] == "-":
            self.pos = pos + 1
            self._state = COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH
        else:
            self._state = COMMENT_END_DASH
        return True

    def _comment_less_than_sign_bang_dash_dash_state(self) -> bool:
        """Comment less-than sign bang dash dash state (§1.3.17)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
        elif self.buf[pos] != ">":
            self._error("nested-comment", pos)
        self._state = COMMENT_END
        return True

    def _comment_end_dash_state(self) -> bool:
        """Comment end dash state (§1.3.18)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        if self.buf[pos] == "-":
            self.pos = pos + 1
            self._state = COMMENT_END
        else:
            self._comment.append("-")
            self._state = COMMENT
        return True

    def _comment_end_state(self) -> bool:
        """Comment end state (§1.3.19).

        With ``xml10_compatible``, "--" not followed by ">" is an error
        (double-hyphen-in-comment, [15] Comment), reported once, at the
        character after it ("-" or another)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        if pos < end and self.xml10_compatible and buf[pos] != ">":
            comment = self._comment
            # (Once: a "-" last in the data is one this loop took before
            # the buffer ran out; no other state leaves one there.)
            if not comment or comment[-1] != "-":
                self._error("double-hyphen-in-comment", pos)
        while pos < end and buf[pos] == "-":
            self._comment.append("-")
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        c = buf[pos]
        if c == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        elif c == "!":
            self.pos = pos + 1
            self._state = COMMENT_END_BANG
        else:
            self._comment.append("--")
            self._state = COMMENT
        return True

    def _comment_end_bang_state(self) -> bool:
        """Comment end bang state (§1.3.20)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        c = self.buf[pos]
        if c == "-":
            self._comment.append("--!")
            self.pos = pos + 1
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

    def _bogus_comment_state(self) -> bool:
        """Bogus comment state (§1.3.34): everything up to ">"; no error at
        the end of input."""
        buf = self.buf
        pos = self.pos
        i = buf.find(">", pos)
        stop = self.end if i == -1 else i
        if stop > pos:
            if self._has_bad:
                self._check_run(pos, stop)
            self._comment.append(buf[pos:stop])
            self.pos = stop
        if i == -1:
            if not self._closed:
                return False
            self._emit_comment()
            return self._emit_eof()
        self.pos = i + 1
        self._state = DATA
        self._emit_comment()
        return True
