"""The tag states (XML5 §1.3.3-1.3.6, 1.3.24, 1.3.25): tag, end tag, end tag
name, end tag name after, tag name, empty tag.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...html.tokenizer.charclass import always_matches
from ..states import State
from ..tokens import ShortTag
from ..wellformedness import QNAME, name_error

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
_QNAME_FULLMATCH = QNAME.fullmatch


def check_name(tokenizer: _Core, name: str, stop: int) -> None:
    """With ``xml10_compatible``: report a ``name`` (ending at
    ``buf[stop]``) that is not a [5] Name: invalid-character-in-name, at
    the first character that may not be there.  (What Namespaces in XML
    adds, QNames and reserved prefixes, the tree builder reports when it
    binds the names: :func:`markup5.xml.namespaces.bind_tag`.)  One regex
    match when the name is fine."""
    if _QNAME_FULLMATCH(name) is not None:  # (the common case: a QName is a Name)
        return
    i = name_error(name)
    if i >= 0:
        tokenizer._error("invalid-character-in-name", stop - len(name) + i)


def outside_root_element(tokenizer: _Core) -> bool:
    """Whether the tree builder ``tokenizer`` feeds (its ``_tree_sink``) is
    outside the root element (before or after it), where content
    (references, CDATA sections) is an error; False without a tree
    builder.  (The builder has processed every token emitted before the
    current step of the machine, see ``XmlParser._run``.)"""
    sink = tokenizer._tree_sink
    return sink is not None and not sink.builds_in_shortcut()


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
            if self.xml10_compatible:  # (XML5's short end tag "</>")
                self._error("missing-end-tag-name", pos)
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
        if self.xml10_compatible:
            check_name(self, self._tag_name, pos)
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
        if self.xml10_compatible:
            check_name(self, self._tag_name, pos)
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
        # (With xml10_compatible an error: "/" only before ">", [44].)
        if self.xml10_compatible:
            self._error("unexpected-solidus-in-tag", pos - 1)
        self._start_attribute("")
        self._state = TAG_ATTRIBUTE_VALUE_BEFORE
        return True
