"""The tag attribute states (XML5 §1.3.26-1.3.32): attribute name before,
attribute name, attribute name after, attribute value before, and the
double-quoted, single-quoted and unquoted attribute value states.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...html.tokenizer.charclass import Run, always_matches
from ..states import State
from .core import ATTRIBUTE_VALUE_WHITESPACE
from .tags import check_name

if TYPE_CHECKING:  # the state families see the core they are combined with
    from .core import XmlTokenizerCore as _Core
else:
    _Core = object

DATA = State.DATA
EMPTY_TAG = State.EMPTY_TAG
TAG_ATTRIBUTE_NAME_BEFORE = State.TAG_ATTRIBUTE_NAME_BEFORE
TAG_ATTRIBUTE_NAME = State.TAG_ATTRIBUTE_NAME
TAG_ATTRIBUTE_NAME_AFTER = State.TAG_ATTRIBUTE_NAME_AFTER
TAG_ATTRIBUTE_VALUE_BEFORE = State.TAG_ATTRIBUTE_VALUE_BEFORE
TAG_ATTRIBUTE_VALUE_DOUBLE_QUOTED = State.TAG_ATTRIBUTE_VALUE_DOUBLE_QUOTED
TAG_ATTRIBUTE_VALUE_SINGLE_QUOTED = State.TAG_ATTRIBUTE_VALUE_SINGLE_QUOTED
TAG_ATTRIBUTE_VALUE_UNQUOTED = State.TAG_ATTRIBUTE_VALUE_UNQUOTED
CHARACTER_REFERENCE_IN_ATTRIBUTE_VALUE = State.CHARACTER_REFERENCE_IN_ATTRIBUTE_VALUE

_TAG_WS_RUN = always_matches("[\t\n ]*")
_ATTR_NAME_RUN = always_matches("[^\t\n =>/]*")
_DOUBLE_QUOTED_RUN = always_matches('[^"&]*')
_SINGLE_QUOTED_RUN = always_matches("[^'&]*")
_UNQUOTED_RUN = always_matches("[^\t\n &>]*")
#: What may follow a quoted attribute value ([40] STag, [44] EmptyElemTag:
#: whitespace before the next attribute).
_AFTER_VALUE = frozenset("\t\n />")


class AttributeStates(_Core):
    """The tag attribute name and value states."""

    #: Whether a quoted attribute value just closed (xml10_compatible).
    _after_value = False

    def _tag_attribute_name_before_state(self) -> bool:
        """Tag attribute name before state (§1.3.26).

        With ``xml10_compatible``, after a quoted value (``_after_value``)
        anything but whitespace, ``/`` and ``>`` is an error
        (missing-whitespace-between-attributes)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        if self._after_value and pos < end:
            self._after_value = False
            if buf[pos] not in _AFTER_VALUE:
                self._error("missing-whitespace-between-attributes", pos)
        while True:
            pos = _TAG_WS_RUN(buf, pos).end()  # whitespace is ignored
            if pos >= end:
                break
            c = buf[pos]
            if c == ":":
                self._error("unexpected-colon-before-attribute-name", pos)
                pos += 1
                continue
            self.pos = pos + 1
            if c == ">":
                self._state = DATA
                self._emit_tag()
            elif c == "/":
                self._tag_is_empty = True
                self._state = EMPTY_TAG
            else:
                if self._has_bad:
                    self._check_run(pos, pos + 1)
                self._start_attribute(c)
                self._state = TAG_ATTRIBUTE_NAME
            return True
        self.pos = pos
        if not self._closed:
            return False
        return self._eof_in_tag()

    def _tag_attribute_name_state(self) -> bool:
        """Tag attribute name state (§1.3.27)."""
        buf = self.buf
        pos = self.pos
        i = _ATTR_NAME_RUN(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._name_parts.append(buf[pos:i])
            self.pos = pos = i
        if pos >= self.end and not self._closed:
            return False
        self._attr_name += self._take_name()  # type: ignore[operator]  # (the state is left)
        xml10 = self.xml10_compatible
        if xml10:
            check_name(self, self._attr_name, pos)
        if pos >= self.end:
            return self._eof_in_tag(force_start=True)
        c = buf[pos]
        self.pos = pos + 1
        if c == "=":
            self._state = TAG_ATTRIBUTE_VALUE_BEFORE
            return True
        if xml10 and c != "\t" and c != "\n" and c != " ":  # [41] Attribute: Eq AttValue
            self._error("missing-attribute-value", pos)
        if c == ">":
            self._state = DATA
            self._emit_tag()
        elif c == "/":
            self._tag_is_empty = True
            self._state = EMPTY_TAG
        else:  # whitespace
            self._state = TAG_ATTRIBUTE_NAME_AFTER
        return True

    def _tag_attribute_name_after_state(self) -> bool:
        """Tag attribute name after state (§1.3.28)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while True:
            pos = _TAG_WS_RUN(buf, pos).end()  # whitespace is ignored
            if pos >= end:
                break
            c = buf[pos]
            self.pos = pos + 1
            if c == "=":
                self._state = TAG_ATTRIBUTE_VALUE_BEFORE
                return True
            if self.xml10_compatible:  # [41] Attribute: Eq AttValue
                self._error("missing-attribute-value", pos)
            if c == ">":
                self._state = DATA
                self._emit_tag()
            elif c == "/":
                self._tag_is_empty = True
                self._state = EMPTY_TAG
            else:
                if self._has_bad:
                    self._check_run(pos, pos + 1)
                self._start_attribute(c)
                self._state = TAG_ATTRIBUTE_NAME
            return True
        self.pos = pos
        if not self._closed:
            return False
        return self._eof_in_tag()

    def _tag_attribute_value_before_state(self) -> bool:
        """Tag attribute value before state (§1.3.29)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while True:
            pos = _TAG_WS_RUN(buf, pos).end()  # whitespace is ignored
            if pos >= end:
                break
            c = buf[pos]
            if c == '"':
                self.pos = pos + 1
                self._state = TAG_ATTRIBUTE_VALUE_DOUBLE_QUOTED
            elif c == "'":
                self.pos = pos + 1
                self._state = TAG_ATTRIBUTE_VALUE_SINGLE_QUOTED
            elif c == ">":
                if self.xml10_compatible:
                    self._error("missing-attribute-value", pos)
                self.pos = pos + 1
                self._state = DATA
                self._emit_tag()
            else:  # "&" and anything else: reconsume in the unquoted state
                if self.xml10_compatible:  # [10] AttValue
                    self._error("unquoted-attribute-value", pos)
                self.pos = pos
                self._state = TAG_ATTRIBUTE_VALUE_UNQUOTED
            return True
        self.pos = pos
        if not self._closed:
            return False
        return self._eof_in_tag()

    def _quoted_value(self, run: Run, quote: str, state: State) -> bool:
        """Shared by the tag attribute value double and single quoted
        states: the run up to the quote or "&"."""
        buf = self.buf
        pos = self.pos
        i = run(buf, pos).end()
        if i > pos:
            value = buf[pos:i]
            if self.xml10_compatible and "<" in value:
                # WFC: No < in Attribute Values (each one), in stream order
                # with the run's controls (however the input was fed).
                start = pos
                k = buf.find("<", pos, i)
                while k >= 0:
                    if self._has_bad:
                        self._check_run(start, k)
                    self._error("less-than-sign-in-attribute-value", k)
                    start = k
                    k = buf.find("<", k + 1, i)
                if self._has_bad:
                    self._check_run(start, i)
            elif self._has_bad:
                self._check_run(pos, i)
            if self.xml10_compatible:
                if "\n" in value or "\t" in value:
                    # XML 1.0 attribute-value normalization (§3.3.3) of
                    # literal whitespace; references (&#10;) are not
                    # normalized.
                    value = value.translate(ATTRIBUTE_VALUE_WHITESPACE)
            self._attr_value.append(value)
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_tag()
        self.pos = pos + 1
        if buf[pos] == quote:
            self._state = TAG_ATTRIBUTE_NAME_BEFORE
            self._after_value = self.xml10_compatible
        else:  # "&"
            self.return_state = state
            self._additional_allowed = quote
            self._in_attribute_mode = True
            self._state = CHARACTER_REFERENCE_IN_ATTRIBUTE_VALUE
        return True

    def _tag_attribute_value_double_quoted_state(self) -> bool:
        """Tag attribute value double quoted state (§1.3.30)."""
        return self._quoted_value(_DOUBLE_QUOTED_RUN, '"', TAG_ATTRIBUTE_VALUE_DOUBLE_QUOTED)

    def _tag_attribute_value_single_quoted_state(self) -> bool:
        """Tag attribute value single quoted state (§1.3.31)."""
        return self._quoted_value(_SINGLE_QUOTED_RUN, "'", TAG_ATTRIBUTE_VALUE_SINGLE_QUOTED)

    def _tag_attribute_value_unquoted_state(self) -> bool:
        """Tag attribute value unquoted state (§1.3.32)."""
        buf = self.buf
        pos = self.pos
        i = _UNQUOTED_RUN(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._attr_value.append(buf[pos:i])
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_tag()
        c = buf[pos]
        self.pos = pos + 1
        if c == ">":
            self._state = DATA
            self._emit_tag()
        elif c == "&":
            # xml5ever: no additional allowed character, not attribute mode.
            self.return_state = TAG_ATTRIBUTE_VALUE_UNQUOTED
            self._additional_allowed = None
            self._in_attribute_mode = False
            self._state = CHARACTER_REFERENCE_IN_ATTRIBUTE_VALUE
        else:  # whitespace
            self._state = TAG_ATTRIBUTE_NAME_BEFORE
        return True
