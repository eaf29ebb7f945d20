"""The data state (XML5 §1.3.1)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..states import State

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

    def _data_state(self) -> bool:
        """Data state (§1.3.1)."""
        if self.fast_paths and not self._has_bad:
            self._data_shortcut()
        buf = self.buf
        pos = self.pos
        m = _DATA_STOP(buf, pos)
        if m is None:
            end = self.end
            if pos < end:
                self._text_run(pos, end)
                self.pos = end
            if self._closed:
                return self._emit_eof()
            return False
        i = m.start()
        if i > pos:
            if self._has_bad:
                self._text_run(pos, i)
            else:
                self._text.append(buf[pos:i])
        self.pos = i + 1
        self._state = TAG if buf[i] == "<" else CHARACTER_REFERENCE_IN_DATA
        return True
