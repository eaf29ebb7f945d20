"""The DOCTYPE internal subset states (not in the XML5 text).

The XML5 text has no internal subset: a ``[`` after the DOCTYPE name is an
error and everything up to the first ``>`` becomes a bogus DOCTYPE, so the
rest of the subset (``<!ENTITY ...>``, ``<!ATTLIST ...>``, ``]>``) is read
as content: bogus comments and stray text before the root element.  With
``xml10_compatible`` (what :func:`~markup5.xml.parse_xml` uses), the
tokenizer reads past the subset the way XML 1.0 (§2.8) delimits it, and
the DOCTYPE token is emitted after its ``]>``.  The declarations are *not*
interpreted: entities declared there are not expanded and attribute
defaults are not applied (``docs/xml-differences.md``).

What the subset holds (XML 1.0 ``intSubset``): markup declarations
``<!ELEMENT|ATTLIST|ENTITY|NOTATION ...>``, in which quoted literals may
hold ``>``; comments; processing instructions; parameter-entity references
and whitespace.  The states:

* DOCTYPE internal subset: ``]`` ends the subset; ``<!--`` opens a
  comment, ``<?`` a processing instruction, ``<!`` a markup declaration;
  any other ``<`` cannot start anything a subset holds, so the subset is
  taken to have lost its ``]>``: ``missing-end-of-doctype-internal-subset``,
  the DOCTYPE is emitted and the ``<`` is reconsumed in the data state (a
  missing ``]`` does not swallow the document).  Anything else is skipped.
* DOCTYPE markup declaration: a quote opens a quoted literal; ``>`` ends
  the declaration.
* DOCTYPE markup declaration (double-quoted / single-quoted): up to the
  matching quote.
* DOCTYPE internal subset comment / PI: up to ``-->`` / ``?>``.
* After DOCTYPE internal subset: whitespace is skipped; ``>`` emits the
  DOCTYPE; anything else is ``unexpected-character-after-doctype-internal-
  subset`` and the bogus DOCTYPE state.

End of input in any of them is ``eof-in-doctype``: the DOCTYPE is emitted.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..states import State

if TYPE_CHECKING:  # the state families see the core they are combined with
    from .core import XmlTokenizerCore as _Core
else:
    _Core = object

DATA = State.DATA
DOCTYPE_INTERNAL_SUBSET = State.DOCTYPE_INTERNAL_SUBSET
DOCTYPE_MARKUP_DECLARATION = State.DOCTYPE_MARKUP_DECLARATION
DOCTYPE_MARKUP_DECLARATION_DOUBLE_QUOTED = State.DOCTYPE_MARKUP_DECLARATION_DOUBLE_QUOTED
DOCTYPE_MARKUP_DECLARATION_SINGLE_QUOTED = State.DOCTYPE_MARKUP_DECLARATION_SINGLE_QUOTED
DOCTYPE_INTERNAL_SUBSET_COMMENT = State.DOCTYPE_INTERNAL_SUBSET_COMMENT
DOCTYPE_INTERNAL_SUBSET_PI = State.DOCTYPE_INTERNAL_SUBSET_PI
AFTER_DOCTYPE_INTERNAL_SUBSET = State.AFTER_DOCTYPE_INTERNAL_SUBSET

_SUBSET_STOP = re.compile("[]<]").search
_DECLARATION_STOP = re.compile("[\"'>]").search
_DOCTYPE_WS = frozenset("\t\n\x0c ")


class InternalSubsetStates(_Core):
    """The DOCTYPE internal subset states."""

    def _skip_to(self, stop: int) -> None:
        """Consume ``buf[pos:stop]`` (checking it for controls)."""
        if self._has_bad and stop > self.pos:
            self._check_run(self.pos, stop)
        self.pos = stop

    def _doctype_internal_subset_state(self) -> bool:
        """DOCTYPE internal subset state."""
        buf = self.buf
        if self._subset_from is None and self._subset_text is None:
            # The subset starts here (its text goes to the DOCTYPE token).
            self._subset_from = self._subset_start = self._base + self.pos
        m = _SUBSET_STOP(buf, self.pos)
        if m is None:
            self._skip_to(self.end)
            if not self._closed:
                return False
            return self._eof_in_doctype()  # type: ignore[attr-defined, no-any-return]
        i = m.start()
        self._skip_to(i)
        if buf[i] == "]":
            self._subset_text = self._take_internal_subset(i)
            self.pos = i + 1
            self._state = AFTER_DOCTYPE_INTERNAL_SUBSET
            return True
        # "<": what follows decides.
        if self.end - i < 4 and not self._closed:
            return False
        if buf.startswith("<!--", i):
            self.pos = i + 4
            self._state = DOCTYPE_INTERNAL_SUBSET_COMMENT
        elif buf.startswith("<?", i):
            self.pos = i + 2
            self._state = DOCTYPE_INTERNAL_SUBSET_PI
        elif buf.startswith("<!", i):
            self.pos = i + 2
            self._state = DOCTYPE_MARKUP_DECLARATION
        else:
            self._error("missing-end-of-doctype-internal-subset", i)
            self._subset_text = self._take_internal_subset(i)
            self._state = DATA
            self._emit_doctype()  # type: ignore[attr-defined]
        return True

    def _doctype_markup_declaration_state(self) -> bool:
        """DOCTYPE markup declaration state."""
        buf = self.buf
        m = _DECLARATION_STOP(buf, self.pos)
        if m is None:
            self._skip_to(self.end)
            if not self._closed:
                return False
            return self._eof_in_doctype()  # type: ignore[attr-defined, no-any-return]
        i = m.start()
        self._skip_to(i)
        self.pos = i + 1
        c = buf[i]
        if c == ">":
            self._state = DOCTYPE_INTERNAL_SUBSET
        elif c == '"':
            self._state = DOCTYPE_MARKUP_DECLARATION_DOUBLE_QUOTED
        else:
            self._state = DOCTYPE_MARKUP_DECLARATION_SINGLE_QUOTED
        return True

    def _skip_past(self, terminator: str, state: State) -> bool:
        """Shared by the quoted declaration, subset comment and subset PI
        states: skip past ``terminator``, then go to ``state``."""
        i = self.buf.find(terminator, self.pos)
        if i == -1:
            # Keep the last characters: they may begin the terminator.
            self._skip_to(max(self.pos, self.end - len(terminator) + 1))
            if not self._closed:
                return False
            self._skip_to(self.end)
            return self._eof_in_doctype()  # type: ignore[attr-defined, no-any-return]
        self._skip_to(i)
        self.pos = i + len(terminator)
        self._state = state
        return True

    def _doctype_markup_declaration_double_quoted_state(self) -> bool:
        """DOCTYPE markup declaration (double-quoted) state."""
        return self._skip_past('"', DOCTYPE_MARKUP_DECLARATION)

    def _doctype_markup_declaration_single_quoted_state(self) -> bool:
        """DOCTYPE markup declaration (single-quoted) state."""
        return self._skip_past("'", DOCTYPE_MARKUP_DECLARATION)

    def _doctype_internal_subset_comment_state(self) -> bool:
        """DOCTYPE internal subset comment state."""
        return self._skip_past("-->", DOCTYPE_INTERNAL_SUBSET)

    def _doctype_internal_subset_pi_state(self) -> bool:
        """DOCTYPE internal subset PI state."""
        return self._skip_past("?>", DOCTYPE_INTERNAL_SUBSET)

    def _after_doctype_internal_subset_state(self) -> bool:
        """After DOCTYPE internal subset state."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] in _DOCTYPE_WS:
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            return self._eof_in_doctype()  # type: ignore[attr-defined, no-any-return]
        if buf[pos] == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_doctype()  # type: ignore[attr-defined]
            return True
        return self._to_bogus_doctype(  # type: ignore[attr-defined, no-any-return]
            "unexpected-character-after-doctype-internal-subset", pos)
