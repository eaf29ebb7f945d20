"""The processing instruction states (XML5 §1.3.7-1.3.11): pi, pi target, pi
target after, pi data, pi after.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...html.tokenizer.charclass import always_matches
from ..states import State
from ..tokens import ProcessingInstruction
from .tags import check_name

if TYPE_CHECKING:  # the state families see the core they are combined with
    from .core import XmlTokenizerCore as _Core
else:
    _Core = object

DATA = State.DATA
PI = State.PI
PI_TARGET = State.PI_TARGET
PI_TARGET_AFTER = State.PI_TARGET_AFTER
PI_DATA = State.PI_DATA
PI_AFTER = State.PI_AFTER
BOGUS_COMMENT = State.BOGUS_COMMENT

_TAG_WS = frozenset("\t\n ")
_PI_TARGET_RUN = always_matches("[^\t\n ?]*")
_PI_AFTER_RUN = always_matches("[^?>]*")



#: ``standalone="yes"`` in the XML declaration's data (XML 1.0 [32] SDDecl).
_STANDALONE_YES = re.compile(r"""\sstandalone\s*=\s*(["'])yes\1""").search

class ProcessingInstructionStates(_Core):
    """The processing instruction states."""

    #: Whether the pi after state was entered right from the target
    #: (xml10_compatible: only "?>" may follow a target without whitespace).
    _after_target = False

    def _pi_state(self) -> bool:
        """Pi state (§1.3.7)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-processing-instruction", pos)
            self._comment = []
            self._state = BOGUS_COMMENT
            return True
        c = self.buf[pos]
        if c in _TAG_WS:
            self._error("invalid-first-character-of-processing-instruction-target", pos)
            self._comment = []
            self._state = BOGUS_COMMENT
            return True
        if self._has_bad:
            self._check_run(pos, pos + 1)
        self._pi_target = c
        self._pi_data = []
        self.pos = pos + 1
        self._state = PI_TARGET
        return True

    def _emit_pi(self) -> None:
        data = "".join(self._pi_data)
        if self._at_xml_declaration:
            # The XML declaration: whether it says standalone="yes" decides
            # WFC: Entity Declared (XML 1.0 §4.1) for the DTD's entities.
            self._at_xml_declaration = False
            self.standalone = _STANDALONE_YES(data) is not None
        self._emit(ProcessingInstruction(self._pi_target, data))

    def _eof_in_pi(self) -> bool:
        self._error("eof-in-processing-instruction", self.pos)
        self._emit_pi()
        return self._emit_eof()

    def _pi_target_state(self) -> bool:
        """Pi target state (§1.3.8)."""
        buf = self.buf
        pos = self.pos
        i = _PI_TARGET_RUN(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._name_parts.append(buf[pos:i])
            self.pos = pos = i
        if pos >= self.end and not self._closed:
            return False
        self._pi_target += self._take_name()  # the state is left
        if self.xml10_compatible:
            self._check_pi_target(pos)
        if pos >= self.end:
            return self._eof_in_pi()
        self.pos = pos + 1
        if buf[pos] == "?":
            self._state = PI_AFTER
            self._after_target = self.xml10_compatible
        else:
            self._state = PI_TARGET_AFTER
        return True

    def _check_pi_target(self, stop: int) -> None:
        """With ``xml10_compatible``: the PI target (ending at
        ``buf[stop]``) must be a Name ([17] PITarget) with no colon
        (Namespaces §7), and not ``xml`` in any case, but for the XML
        declaration (``<?xml`` at the very start of the input, whose data the
        tree builder checks; in an entity's replacement text it is a
        misplaced one too)."""
        target = self._pi_target
        start = stop - len(target)
        if len(target) == 3 and target.lower() == "xml":
            if target != "xml" or self._base + start != 2 or self._expander_nested:
                self._error("misplaced-xml-declaration" if target == "xml"
                            else "reserved-processing-instruction-target", start)
            else:
                self._at_xml_declaration = True
            return
        if ":" in target:
            self._error("colon-in-processing-instruction-target", start + target.index(":"))
            return
        check_name(self, target, stop)

    def _pi_target_after_state(self) -> bool:
        """Pi target after state (§1.3.9)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] in _TAG_WS:
            pos += 1
        self.pos = pos
        if pos >= end and not self._closed:
            return False
        self._state = PI_DATA
        return True

    def _pi_data_state(self) -> bool:
        """Pi data state (§1.3.10)."""
        buf = self.buf
        pos = self.pos
        i = buf.find("?", pos)
        if i == -1:
            end = self.end
            if pos < end:
                if self._has_bad:
                    self._check_run(pos, end)
                self._pi_data.append(buf[pos:])
                self.pos = end
            if not self._closed:
                return False
            return self._eof_in_pi()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._pi_data.append(buf[pos:i])
        self.pos = i + 1
        self._state = PI_AFTER
        return True

    def _pi_after_state(self) -> bool:
        """Pi after state (§1.3.11), as xml5ever has it: ``>`` ends the PI,
        ``?`` is dropped, anything else is data and the state stays.

        With ``xml10_compatible``, as XML 1.0 (§2.6) reads a PI, which only
        ``?>`` ends: the ``?`` that led here was data after all when
        anything but ``>`` follows; another ``?`` stays in this state,
        anything else is reconsumed in the pi data state
        (``<?pi a?b??>`` has the data ``a?b?``), and a ``?`` right after the
        target that does not end the PI is an error
        (missing-whitespace-after-processing-instruction-target: ``<?a?b?>``)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        if self.xml10_compatible and pos < end:
            if buf[pos] == ">":
                self._after_target = False
                self.pos = pos + 1
                self._state = DATA
                self._emit_pi()
                return True
            if self._after_target:  # [16] PI: S between the target and data
                self._after_target = False
                self._error("missing-whitespace-after-processing-instruction-target", pos - 1)
            self._pi_data.append("?")
            if buf[pos] == "?":
                if self._has_bad:
                    self._check_run(pos, pos + 1)
                self.pos = pos + 1
            else:
                self._state = PI_DATA
            return True
        while True:
            i = _PI_AFTER_RUN(buf, pos).end()
            if i > pos:
                if self._has_bad:
                    self._check_run(pos, i)
                self._pi_data.append(buf[pos:i])
                pos = i
            if pos >= end:
                self.pos = pos
                if not self._closed:
                    return False
                return self._eof_in_pi()
            if buf[pos] == ">":
                self.pos = pos + 1
                self._state = DATA
                self._emit_pi()
                return True
            pos += 1  # "?"
