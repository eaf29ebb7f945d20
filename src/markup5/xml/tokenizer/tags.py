"""The tag states (XML5 §1.3.3-1.3.6, 1.3.24, 1.3.25): tag, end tag, end tag
name, end tag name after, tag name, empty tag.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...html.tokenizer.charclass import always_matches
from ..states import State
from ..tokens import ShortTag

if TYPE_CHECKING:  # the state families see the core they are combined with
    from .core import XmlTokenizerCore as _Core
else:
    _Core = object

DATA = State.DATA
END_TAG = State.END_TAG
END_TAG_NAME = State.END_TAG_NAME
END_TAG_NAME_AFTER = State.END_TAG_NAME_AFTER
PI = State.PI
MARKUP_DECLARATION = State.MARKUP_DECLARATION
TAG_NAME = State.TAG_NAME
EMPTY_TAG = State.EMPTY_TAG
TAG_ATTRIBUTE_NAME_BEFORE = State.TAG_ATTRIBUTE_NAME_BEFORE
TAG_ATTRIBUTE_VALUE_BEFORE = State.TAG_ATTRIBUTE_VALUE_BEFORE

_TAG_WS = frozenset("\t\n ")
#: After "<", the characters of invalid-first-character-of-tag-name.
NOT_A_TAG = frozenset("\t\n :<>")
_TAG_NAME_RUN = always_matches("[^\t\n />]*")


class TagStates(_Core):
    """The tag, end tag, end tag name, end tag name after, tag name and empty
    tag states."""

    def _tag_state(self) -> bool:
        """Tag state (§1.3.3)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-before-tag-name", pos)
            self._text.append("<")
            return self._emit_eof()
        c = self.buf[pos]
        if c == "/":
            self.pos = pos + 1
            self._state = END_TAG
        elif c == "?":
            self.pos = pos + 1
            self._state = PI
        elif c == "!":
            self.pos = pos + 1
            self._state = MARKUP_DECLARATION
        elif c in NOT_A_TAG:
            self._error("invalid-first-character-of-tag-name", pos)
            self._text.append("<")
            self._state = DATA
        else:
            # The tag name state's run takes this first character too.
            self._new_tag("", False)
            self._state = TAG_NAME
        return True

    def _end_tag_state(self) -> bool:
        """End tag state (§1.3.4)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-before-tag-name", pos)
            self._text.append("</")
            return self._emit_eof()
        c = self.buf[pos]
        if c == ">":
            self.pos = pos + 1
            self._emit(ShortTag())
            self._state = DATA
        elif c in "\t\n <:":
            self._error("invalid-first-character-of-tag-name", pos)
            self._text.append("</")
            self._state = DATA
        else:
            if self._has_bad:
                self._check_run(pos, pos + 1)
            self._new_tag(c, True)
            self.pos = pos + 1
            self._state = END_TAG_NAME
        return True

    def _end_tag_name_state(self) -> bool:
        """End tag name state (§1.3.5)."""
        buf = self.buf
        pos = self.pos
        i = _TAG_NAME_RUN(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._name_parts.append(buf[pos:i])
            self.pos = pos = i
        if pos >= self.end and not self._closed:
            return False
        self._tag_name += self._take_name()  # the state is left
        if pos >= self.end:
            return self._eof_in_tag()
        c = buf[pos]
        self.pos = pos + 1
        if c == ">":
            self._state = DATA
            self._emit_tag()
        elif c == "/":
            self._error("unexpected-solidus-in-end-tag", pos)
            self._state = END_TAG_NAME_AFTER
        else:  # whitespace
            self._state = END_TAG_NAME_AFTER
        return True

    def _end_tag_name_after_state(self) -> bool:
        """End tag name after state (§1.3.6)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end:
            c = buf[pos]
            if c == ">":
                self.pos = pos + 1
                self._state = DATA
                self._emit_tag()
                return True
            if c not in _TAG_WS:
                if self._has_bad:
                    self._check_run(pos, pos + 1)
                self._error("unexpected-character-after-end-tag-name", pos)
            pos += 1
        self.pos = pos
        if not self._closed:
            return False
        return self._eof_in_tag()

    def _tag_name_state(self) -> bool:
        """Tag name state (§1.3.24)."""
        buf = self.buf
        pos = self.pos
        i = _TAG_NAME_RUN(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._name_parts.append(buf[pos:i])
            self.pos = pos = i
        if pos >= self.end and not self._closed:
            return False
        self._tag_name += self._take_name()  # the state is left
        if pos >= self.end:
            return self._eof_in_tag()
        c = buf[pos]
        self.pos = pos + 1
        if c == ">":
            self._state = DATA
            self._emit_tag()
        elif c == "/":
            self._tag_is_empty = True
            self._state = EMPTY_TAG
        else:  # whitespace
            self._state = TAG_ATTRIBUTE_NAME_BEFORE
        return True

    def _empty_tag_state(self) -> bool:
        """Empty tag state (§1.3.25)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            # EOF: a parse error, then the attribute name before state,
            # where EOF is another one.
            self._error("eof-in-tag", pos)
            self._state = TAG_ATTRIBUTE_NAME_BEFORE
            return True
        if self.buf[pos] == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_tag()
            return True
        # Anything else (as xml5lib-tests expect, not as the text says): no
        # error; reconsume in the attribute value before state.  The value
        # belongs to no attribute and is dropped.
        self._start_attribute("")
        self._state = TAG_ATTRIBUTE_VALUE_BEFORE
        return True
