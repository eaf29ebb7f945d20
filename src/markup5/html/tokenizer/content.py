"""Content states: data, RCDATA, RAWTEXT, script data, PLAINTEXT
(§13.2.5.1-13.2.5.5).

Each consumes the run of ordinary characters up to the next character that
matters with one precompiled regex search, and emits it as character data.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..states import State
from .charclass import Scan
from .tags import TagStates

DATA = State.DATA
RCDATA = State.RCDATA
TAG_OPEN = State.TAG_OPEN
CHARACTER_REFERENCE = State.CHARACTER_REFERENCE
RCDATA_LESS_THAN_SIGN = State.RCDATA_LESS_THAN_SIGN
RAWTEXT_LESS_THAN_SIGN = State.RAWTEXT_LESS_THAN_SIGN
SCRIPT_DATA_LESS_THAN_SIGN = State.SCRIPT_DATA_LESS_THAN_SIGN

_DATA_STOP = re.compile("[&<\x00]").search
_RAWTEXT_STOP = re.compile("[<\x00]").search


class ContentStates(TagStates):
    """The data, RCDATA, RAWTEXT, script data and PLAINTEXT states."""

    __slots__ = ()

    def _data_state(self) -> bool:
        """Data state (§13.2.5.1)."""
        # (The shortcut is not started on an empty rest of the buffer, at
        # the end of every chunk: setting it up cost more than the rest of
        # parsing a short document.)
        if self.fast_paths and self.pos < self.end and self._data_shortcut():
            return True
        buf = self.buf
        pos = self.pos
        m = _DATA_STOP(buf, pos)
        if m is None:
            end = self.end
            if pos < end:
                self._text.append(buf[pos:] if pos else buf)
                self.pos = end
            if self._closed:
                return self._emit_eof()
            return False
        i = m.start()
        if i > pos:
            self._text.append(buf[pos:i])
        c = buf[i]
        self.pos = i + 1
        if c == "<":
            self._lt = self._base + i
            self._state = TAG_OPEN
            return self._tag_open_state()
        if c == "&":
            self.return_state = DATA
            self._state = CHARACTER_REFERENCE
            return True
        # U+0000 NULL: emit it as it is.
        self._error("unexpected-null-character", i)
        self._text.append("\x00")
        return True

    def _text_run(self, stop: Scan, on_stop: Callable[[str], bool]) -> bool:
        """Shared by the RCDATA, RAWTEXT and script data states: consume up
        to the next stop character, then hand it to ``on_stop``."""
        buf = self.buf
        pos = self.pos
        if stop is _RAWTEXT_STOP and not self._buffer_has_null:
            i = buf.find("<", pos)  # the only stop character: memchr speed
        else:
            m = stop(buf, pos)
            i = -1 if m is None else m.start()
        if i == -1:
            end = self.end
            if pos < end:
                self._text.append(buf[pos:])
                self.pos = end
            if self._closed:
                return self._emit_eof()
            return False
        if i > pos:
            self._text.append(buf[pos:i])
        self.pos = i + 1
        if buf[i] == "\x00":
            self._error("unexpected-null-character", i)
            self._text.append("\ufffd")
            return True
        if buf[i] == "<":
            self._lt = self._base + i
        return on_stop(buf[i])

    def _rcdata_state(self) -> bool:
        """RCDATA state (§13.2.5.2)."""
        return self._text_run(_DATA_STOP, self._rcdata_stop)

    def _rcdata_stop(self, c: str) -> bool:
        if c == "<":
            self._state = RCDATA_LESS_THAN_SIGN
        else:  # "&"
            self.return_state = RCDATA
            self._state = CHARACTER_REFERENCE
        return True

    def _rawtext_state(self) -> bool:
        """RAWTEXT state (§13.2.5.3)."""
        return self._text_run(_RAWTEXT_STOP, self._rawtext_stop)

    def _rawtext_stop(self, c: str) -> bool:
        self._state = RAWTEXT_LESS_THAN_SIGN
        return True

    def _script_data_state(self) -> bool:
        """Script data state (§13.2.5.4)."""
        return self._text_run(_RAWTEXT_STOP, self._script_data_stop)

    def _script_data_stop(self, c: str) -> bool:
        self._state = SCRIPT_DATA_LESS_THAN_SIGN
        return True

    def _plaintext_state(self) -> bool:
        """PLAINTEXT state (§13.2.5.5)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        if pos < end:
            i = buf.find("\x00", pos)
            while i != -1:
                if i > pos:
                    self._text.append(buf[pos:i])
                self._error("unexpected-null-character", i)
                self._text.append("\ufffd")
                pos = i + 1
                i = buf.find("\x00", pos)
            if pos < end:
                self._text.append(buf[pos:])
            self.pos = end
        if self._closed:
            return self._emit_eof()
        return False
