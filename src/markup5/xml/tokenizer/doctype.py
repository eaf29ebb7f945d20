"""The DOCTYPE states (XML5 §1.3.36-1.3.51).

With ``xml10_compatible``, a ``[`` where XML 1.0 allows the internal subset
(after the name, or after the system identifier) opens it (see
:mod:`~markup5.xml.tokenizer.internal_subset`) instead of making the rest
up to the first ``>`` a bogus DOCTYPE, and the name keeps its case.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..states import State
from ...html.tokenizer.charclass import Run, always_matches
from ..tokens import Doctype
from ..wellformedness import public_id_error
from .tags import check_name

if TYPE_CHECKING:  # the state families see the core they are combined with
    from .core import XmlTokenizerCore as _Core
else:
    _Core = object

DATA = State.DATA
DOCTYPE = State.DOCTYPE
BEFORE_DOCTYPE_NAME = State.BEFORE_DOCTYPE_NAME
DOCTYPE_NAME = State.DOCTYPE_NAME
AFTER_DOCTYPE_NAME = State.AFTER_DOCTYPE_NAME
AFTER_DOCTYPE_PUBLIC_KEYWORD = State.AFTER_DOCTYPE_PUBLIC_KEYWORD
AFTER_DOCTYPE_SYSTEM_KEYWORD = State.AFTER_DOCTYPE_SYSTEM_KEYWORD
BEFORE_DOCTYPE_SYSTEM_IDENTIFIER = State.BEFORE_DOCTYPE_SYSTEM_IDENTIFIER
BEFORE_DOCTYPE_PUBLIC_IDENTIFIER = State.BEFORE_DOCTYPE_PUBLIC_IDENTIFIER
DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED = State.DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED
DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED = State.DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED
AFTER_DOCTYPE_PUBLIC_IDENTIFIER = State.AFTER_DOCTYPE_PUBLIC_IDENTIFIER
BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS = State.BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS
DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED = State.DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED
DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED = State.DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED
AFTER_DOCTYPE_SYSTEM_IDENTIFIER = State.AFTER_DOCTYPE_SYSTEM_IDENTIFIER
BOGUS_DOCTYPE = State.BOGUS_DOCTYPE
DOCTYPE_INTERNAL_SUBSET = State.DOCTYPE_INTERNAL_SUBSET

_DOCTYPE_WS = frozenset("\t\n\x0c ")
_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_DOCTYPE_NAME_RUN = always_matches("[^\t\n\x0c >]*")
_XML10_DOCTYPE_NAME_RUN = always_matches("[^\t\n\x0c >[]*")
_PUBLIC_ID_SPLIT = re.compile("[ \t\n]+").split
_DOUBLE_ID_RUN = always_matches('[^">]*')
_SINGLE_ID_RUN = always_matches("[^'>]*")


class DoctypeStates(_Core):
    """The DOCTYPE states."""

    def _emit_doctype(self) -> None:
        name, public_id, system_id = self._doctype_name, self._public_id, self._system_id
        if public_id is not None:
            public_id = "".join(public_id)  # type: ignore[assignment]
            if self.xml10_compatible:
                # XML 1.0 §4.2.2: runs of whitespace in a public identifier
                # become one space; leading and trailing ones are removed.
                public_id = " ".join(_PUBLIC_ID_SPLIT(public_id)).strip(" ")  # type: ignore[assignment, call-overload]
        token = Doctype(None if name is None else "".join(name), public_id,  # type: ignore[arg-type]
                        None if system_id is None else "".join(system_id))
        if self._subset_from is not None:  # (the input ended in the subset)
            self._subset_text = self._take_internal_subset(self.pos)
        if self.xml10_compatible:
            self._read_dtd(token)  # type: ignore[attr-defined]
        self._emit(token)

    def _eof_in_doctype(self) -> bool:
        self._error("eof-in-doctype", self.pos)
        self._emit_doctype()
        return self._emit_eof()

    #: Whether the public identifier being read had an error (xml10).
    _public_id_reported = False
    #: The stream offset just after the last "<!DOCTYPE" read, or -1
    #: (xml10_compatible: a second DOCTYPE is an error, [22] prolog).
    _doctype_at = -1

    def _doctype_state(self) -> bool:
        """DOCTYPE state (§1.3.36)."""
        pos = self.pos
        if self.xml10_compatible and self._base + pos != self._doctype_at:
            # (Once per DOCTYPE: the state runs again when the input ran out.)
            if self._doctype_at >= 0:
                self._error("duplicate-doctype", pos - 9)
            self._doctype_at = self._base + pos
        self._doctype_name = self._public_id = self._system_id = None
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        if self.buf[pos] in _DOCTYPE_WS:
            self.pos = pos + 1
        else:
            if self._has_bad:
                self._check_run(pos, pos + 1)
            self._error("missing-whitespace-before-doctype-name", pos)
        self._state = BEFORE_DOCTYPE_NAME
        return True

    def _before_doctype_name_state(self) -> bool:
        """Before DOCTYPE name state (§1.3.37)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] in _DOCTYPE_WS:
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        c = buf[pos]
        self.pos = pos + 1
        if c == ">":
            self._error("missing-doctype-name", pos)
            self._state = DATA
            self._emit_doctype()
            return True
        if self._has_bad:
            self._check_run(pos, pos + 1)
        self._doctype_name = [c if self.xml10_compatible else c.translate(_LOWER)]
        self._state = DOCTYPE_NAME
        return True

    def _doctype_name_state(self) -> bool:
        """DOCTYPE name state (§1.3.38)."""
        buf = self.buf
        pos = self.pos
        xml10 = self.xml10_compatible
        i = (_XML10_DOCTYPE_NAME_RUN if xml10 else _DOCTYPE_NAME_RUN)(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            name = buf[pos:i]
            self._doctype_name.append(name if xml10 else name.translate(_LOWER))  # type: ignore[union-attr]
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        if xml10:  # [28] doctypedecl: Name
            check_name(self, "".join(self._doctype_name), pos)  # type: ignore[arg-type]
        self.pos = pos + 1
        c = buf[pos]
        if c == ">":
            self._state = DATA
            self._emit_doctype()
        elif c == "[":  # only with xml10_compatible
            self._state = DOCTYPE_INTERNAL_SUBSET
        else:
            self._state = AFTER_DOCTYPE_NAME
        return True

    def _to_bogus_doctype(self, code: str, pos: int) -> bool:
        """An unexpected character in a DOCTYPE: error, bogus DOCTYPE state
        (the character is consumed)."""
        if self._has_bad:
            self._check_run(pos, pos + 1)
        self._error(code, pos)
        self.pos = pos + 1
        self._state = BOGUS_DOCTYPE
        return True

    def _after_doctype_name_state(self) -> bool:
        """After DOCTYPE name state (§1.3.39): the keywords PUBLIC and
        SYSTEM are matched ASCII case-insensitively."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] in _DOCTYPE_WS:
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        c = buf[pos]
        if c == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
            return True
        if c == "[" and self.xml10_compatible:
            self.pos = pos + 1
            self._state = DOCTYPE_INTERNAL_SUBSET
            return True
        if end - pos < 6 and not self._closed:
            return False
        word = buf[pos:pos + 6]
        if word.isascii():
            if self.xml10_compatible and not word.isupper() and word.upper() in ("PUBLIC",
                                                                                 "SYSTEM"):
                self._error("incorrect-case-in-keyword", pos)  # [75] ExternalID
            word = word.lower()
            if word == "public":
                self.pos = pos + 6
                self._state = AFTER_DOCTYPE_PUBLIC_KEYWORD
                return True
            if word == "system":
                self.pos = pos + 6
                self._state = AFTER_DOCTYPE_SYSTEM_KEYWORD
                return True
        return self._to_bogus_doctype("invalid-character-sequence-after-doctype-name", pos)

    def _after_keyword(self, public: bool) -> bool:
        """Shared by the after DOCTYPE public keyword and after DOCTYPE
        system keyword states."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        c = self.buf[pos]
        kind = "public" if public else "system"
        if c in _DOCTYPE_WS:
            self.pos = pos + 1
            self._state = (BEFORE_DOCTYPE_PUBLIC_IDENTIFIER if public
                           else BEFORE_DOCTYPE_SYSTEM_IDENTIFIER)
            return True
        if c == '"' or c == "'":
            self._error(f"missing-whitespace-after-doctype-{kind}-keyword", pos)
            return self._open_identifier(public, c, pos)
        if c == ">":
            self._error(f"missing-doctype-{kind}-identifier", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
            return True
        return self._to_bogus_doctype(f"missing-quote-before-doctype-{kind}-identifier", pos)

    def _open_identifier(self, public: bool, quote: str, pos: int) -> bool:
        """Set the identifier to the empty string and go to its quoted
        state."""
        if public:
            self._public_id = []
            self._public_id_reported = False
            self._state = (DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED if quote == '"'
                           else DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED)
        else:
            self._system_id = []
            self._state = (DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED if quote == '"'
                           else DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED)
        self.pos = pos + 1
        return True

    def _after_doctype_public_keyword_state(self) -> bool:
        """After DOCTYPE public keyword state (§1.3.40)."""
        return self._after_keyword(True)

    def _after_doctype_system_keyword_state(self) -> bool:
        """After DOCTYPE system keyword state (§1.3.41)."""
        return self._after_keyword(False)

    def _before_identifier(self, public: bool) -> bool:
        """Shared by the before DOCTYPE public identifier and before DOCTYPE
        system identifier states."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] in _DOCTYPE_WS:
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        c = buf[pos]
        kind = "public" if public else "system"
        if c == '"' or c == "'":
            return self._open_identifier(public, c, pos)
        if c == ">":
            self._error(f"missing-doctype-{kind}-identifier", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
            return True
        return self._to_bogus_doctype(f"missing-quote-before-doctype-{kind}-identifier", pos)

    def _before_doctype_system_identifier_state(self) -> bool:
        """Before DOCTYPE system identifier state (§1.3.42)."""
        return self._before_identifier(False)

    def _before_doctype_public_identifier_state(self) -> bool:
        """Before DOCTYPE public identifier state (§1.3.43)."""
        return self._before_identifier(True)

    def _quoted_identifier(self, run: Run, public: bool) -> bool:
        """Shared by the four DOCTYPE identifier (quoted) states."""
        buf = self.buf
        pos = self.pos
        i = run(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            if public:
                if self._public_id is None:
                    self._public_id = []
                if self.xml10_compatible and not self._public_id_reported:
                    k = public_id_error(buf[pos:i])  # [12] PubidLiteral
                    if k >= 0:  # (once per identifier, however it is fed)
                        self._public_id_reported = True
                        self._error("invalid-character-in-public-identifier", pos + k)
                self._public_id.append(buf[pos:i])
            else:
                if self._system_id is None:
                    self._system_id = []
                self._system_id.append(buf[pos:i])
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        self.pos = pos + 1
        if buf[pos] == ">":
            self._error(f"abrupt-doctype-{'public' if public else 'system'}-identifier", pos)
            self._state = DATA
            self._emit_doctype()
        else:  # the closing quote
            self._state = (AFTER_DOCTYPE_PUBLIC_IDENTIFIER if public
                           else AFTER_DOCTYPE_SYSTEM_IDENTIFIER)
        return True

    def _doctype_public_identifier_single_quoted_state(self) -> bool:
        """DOCTYPE public identifier (single-quoted) state (§1.3.44)."""
        return self._quoted_identifier(_SINGLE_ID_RUN, True)

    def _doctype_public_identifier_double_quoted_state(self) -> bool:
        """DOCTYPE public identifier (double-quoted) state (§1.3.45)."""
        return self._quoted_identifier(_DOUBLE_ID_RUN, True)

    def _after_doctype_public_identifier_state(self) -> bool:
        """After DOCTYPE public identifier state (§1.3.46)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        c = self.buf[pos]
        if c in _DOCTYPE_WS:
            self.pos = pos + 1
            self._state = BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS
            return True
        if c == '"' or c == "'":
            self._error("missing-whitespace-between-doctype-public-and-system-identifiers",
                        pos)
            return self._open_identifier(False, c, pos)
        if c == ">":
            if self.xml10_compatible:  # [75] ExternalID: PUBLIC needs both
                self._error("missing-doctype-system-identifier", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
            return True
        return self._to_bogus_doctype("missing-quote-before-doctype-system-identifier", pos)

    def _between_doctype_public_and_system_identifiers_state(self) -> bool:
        """Between DOCTYPE public and system identifiers state (§1.3.47):
        a quote does *not* reset the system identifier (xml5lib-tests), so
        an empty one stays missing."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] in _DOCTYPE_WS:
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        c = buf[pos]
        if c == ">":
            if self.xml10_compatible:  # [75] ExternalID: PUBLIC needs both
                self._error("missing-doctype-system-identifier", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
            return True
        if c == '"':
            self.pos = pos + 1
            self._state = DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED
            return True
        if c == "'":
            self.pos = pos + 1
            self._state = DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED
            return True
        return self._to_bogus_doctype("missing-quote-before-doctype-system-identifier", pos)

    def _doctype_system_identifier_single_quoted_state(self) -> bool:
        """DOCTYPE system identifier (single-quoted) state (§1.3.48)."""
        return self._quoted_identifier(_SINGLE_ID_RUN, False)

    def _doctype_system_identifier_double_quoted_state(self) -> bool:
        """DOCTYPE system identifier (double-quoted) state (§1.3.49)."""
        return self._quoted_identifier(_DOUBLE_ID_RUN, False)

    def _after_doctype_system_identifier_state(self) -> bool:
        """After DOCTYPE system identifiers state (§1.3.50)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] in _DOCTYPE_WS:
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        if buf[pos] == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()
            return True
        if buf[pos] == "[" and self.xml10_compatible:
            self.pos = pos + 1
            self._state = DOCTYPE_INTERNAL_SUBSET
            return True
        return self._to_bogus_doctype(
            "unexpected-character-after-doctype-system-identifier", pos)

    def _bogus_doctype_state(self) -> bool:
        """Bogus DOCTYPE state (§1.3.51): skip to ">"; no error at the end of
        input."""
        buf = self.buf
        pos = self.pos
        i = buf.find(">", pos)
        stop = self.end if i == -1 else i
        if stop > pos and self._has_bad:
            self._check_run(pos, stop)
        self.pos = stop
        if i == -1:
            if not self._closed:
                return False
            self._emit_doctype()
            return self._emit_eof()
        self.pos = i + 1
        self._state = DATA
        self._emit_doctype()
        return True
