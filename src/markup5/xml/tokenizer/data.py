"""The data state (XML5 §1.3.1)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..states import State
from .tags import outside_root_element

if TYPE_CHECKING:  # the state families see the core they are combined with
    # (here through the shortcut the data state calls, itself on the core)
    from .shortcuts import DataShortcut as _Core
else:
    _Core = object

CHARACTER_REFERENCE_IN_DATA = State.CHARACTER_REFERENCE_IN_DATA
TAG = State.TAG

_DATA_STOP = re.compile("[&<]").search


class DataStates(_Core):
    """The data state."""

    def _cdata_section_ends(self, pos: int, stop: int) -> int:
        """With ``xml10_compatible``: report each ``]]>`` in the text
        ``buf[pos:stop]`` ([14] CharData: cdata-section-end-in-text, at its
        second "]", as :func:`~markup5.xml.tokenizer.shortcuts.
        stray_character` does), taking the text up to it; returns where the
        rest of the text starts."""
        buf = self.buf
        k = buf.find("]]>", pos, stop)
        while k >= 0:
            self._text_run(pos, k + 1)
            pos = self.pos = k + 1
            self._error("cdata-section-end-in-text", pos)
            k = buf.find("]]>", pos, stop)
        return pos

    def _data_state(self) -> bool:
        """Data state (§1.3.1).

        With ``xml10_compatible``, ``]]>`` in the text is an error (see
        :meth:`_cdata_section_ends`), and so is a reference outside the
        root element (reference-outside-root-element)."""
        if self.fast_paths and not self._has_bad:
            self._data_shortcut()
        buf = self.buf
        pos = self.pos
        m = _DATA_STOP(buf, pos)
        if m is None:
            end = self.end
            stop = end
            if self.xml10_compatible and pos < end:
                if not self._closed and buf[end - 1] == "]":
                    # A "]]>" may be split between chunks: the "]"s at the
                    # end wait for the next one.
                    stop = end - 2 if end - 2 >= pos and buf[end - 2] == "]" else end - 1
                pos = self._cdata_section_ends(pos, stop)
            if pos < stop:
                self._text_run(pos, stop)
                self.pos = stop
            if self._closed:
                return self._emit_eof()
            return False
        i = m.start()
        if self.xml10_compatible and i > pos:
            pos = self._cdata_section_ends(pos, i)
        if i > pos:
            if self._has_bad:
                self._text_run(pos, i)
            else:
                self._text.append(buf[pos:i])
        self.pos = i + 1
        if buf[i] == "<":
            self._state = TAG
            return True
        if self.xml10_compatible and outside_root_element(self):
            # [1] document: a reference is content, only inside the root
            # element (whatever it stands for, even whitespace).
            self._error("reference-outside-root-element", i)
        self._state = CHARACTER_REFERENCE_IN_DATA
        return True
