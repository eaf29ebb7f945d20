"""The XML5 tokenizer's core: preprocessing, controls, and building tokens.

The buffer, the run loop, emission and error reporting are
:class:`markup5._tokenizer_core.TokenizerBase`, which the HTML tokenizer
runs on too.  This module adds what is particular to XML5:

* Input preprocessing (the XML5 text leaves it open; this is what the tests
  expect): CR and CRLF become LF (a CR at the end of a chunk is held back);
  NUL becomes U+FFFD with no error.
* Controls and noncharacters: each time a state consumes one of
  U+0001-0008, U+000B, U+000E-001F, U+007F-009F, U+FDD0-FDEF or a code point
  ending in FFFE/FFFF, a parse error is reported *before* the character is
  handled (once per character, however often it is reconsumed).  The states
  check a run only when the input holds such a character at all
  (``_has_bad``), so clean input pays nothing.
* The current tag token (name, attributes, the empty flag) and its
  emission as a start, empty or end tag.
"""

from __future__ import annotations

import re
from typing import Any, cast

from ..._tokenizer_core import TokenizerBase, has_null
from ...errors import ParseError
from ..states import State
from ..tokens import Characters, Comment, EmptyTag, EndTag, StartTag

__all__ = ["XmlTokenizerCore"]

DATA = State.DATA

#: Characters reported when consumed (controls and noncharacters).
_BAD_CLASS = ("\x01-\x08\x0b\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff"
              + "".join(f"{chr(p << 16 | 0xFFFE)}{chr(p << 16 | 0xFFFF)}" for p in range(1, 17)))
_BAD = re.compile(f"[{_BAD_CLASS}]")
#: With ``xml10_compatible``: only what XML 1.0's Char production leaves
#: out (C0 controls but TAB, LF, CR; U+FFFE, U+FFFF).  DEL, the C1 controls
#: and the other noncharacters are characters of XML 1.0.
_XML10_BAD = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# Faster ways to tell whether a chunk holds any of them at all: ASCII text
# by deleting the other bytes (C speed), other text by the BMP characters
# first and the full class only from the first astral character on.
_ASCII_GOOD = bytes(b for b in range(128) if _BAD.match(chr(b)) is None)
_BAD_BMP_SEARCH = re.compile("[\x01-\x08\x0b\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff]").search
_ASTRAL_SEARCH = re.compile("[\U00010000-\U0010ffff]").search


def _contains_bad(chunk: str) -> bool:
    """Whether ``chunk`` holds a control or noncharacter (``_BAD``)."""
    if chunk.isascii():
        return bool(chunk.encode("ascii").translate(None, _ASCII_GOOD))
    if _BAD_BMP_SEARCH(chunk) is not None:
        return True
    m = _ASTRAL_SEARCH(chunk)
    return m is not None and _BAD.search(chunk, m.start()) is not None


#: The same and U+FFFD, once the input held a NUL (which became U+FFFD).
_XML10_BAD_OR_NUL = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\ufffd\ufffe\uffff]")
_XML10_ASCII_GOOD = bytes(b for b in range(128) if _XML10_BAD.match(chr(b)) is None)


def _contains_xml10_bad(chunk: str) -> bool:
    """Whether ``chunk`` holds a character of ``_XML10_BAD``."""
    if chunk.isascii():
        return bool(chunk.encode("ascii").translate(None, _XML10_ASCII_GOOD))
    return _XML10_BAD.search(chunk) is not None


#: XML 1.0 attribute-value normalization (§3.3.3) of the whitespace left
#: after newline normalization: TAB and LF become SPACE.
ATTRIBUTE_VALUE_WHITESPACE = str.maketrans("\t\n", "  ")


def _bad_code(c: str) -> str:
    return ("control-character-in-input-stream" if ord(c) < 0xA0
            else "noncharacter-in-input-stream")


class XmlTokenizerCore(TokenizerBase):
    """What all XML5 state families share, on the shared tokenizer core."""

    _CHARACTERS = Characters
    _COMMENT = Comment
    _DATA = DATA

    #: Whether the data state takes simple text and tags many at a time
    #: (:mod:`markup5.xml.tokenizer.shortcuts`); the output is the same
    #: either way.
    fast_paths = True

    def __init__(self, text: str | None = None, *, inline_errors: bool = False,
                 xml10_compatible: bool = False) -> None:
        if text is not None and not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__} "
                            f"(parse_xml() accepts bytes)")
        for flag_name, flag in (("inline_errors", inline_errors),
                                ("xml10_compatible", xml10_compatible)):
            if not isinstance(flag, bool):
                raise TypeError(f"{flag_name} must be a bool, not {type(flag).__name__}")
        self._init_core(text, State, inline_errors=inline_errors)
        #: Follow XML 1.0 where xml5lib-tests follow HTML (see the package
        #: docstring): DOCTYPE names keep their case, numeric references to
        #: XML 1.0 characters are taken as they are, C1 controls and most
        #: noncharacters are not errors, and attribute values are
        #: normalized (literal TAB and LF become spaces).
        self.xml10_compatible = xml10_compatible
        if xml10_compatible:
            self._contains_bad = _contains_xml10_bad
            self._bad_search = _XML10_BAD.search
            self._bad_finditer = _XML10_BAD.finditer
        else:
            self._contains_bad = _contains_bad
            self._bad_search = _BAD.search
            self._bad_finditer = _BAD.finditer
        self._state = DATA
        #: The state a character reference in an attribute value returns to.
        self.return_state = DATA
        self._additional_allowed: str | None = None
        #: A character reference whose run of digits or letters reached the
        #: end of the buffer (see _consume_character_reference), or None.
        self._partial_reference: Any = None
        self._in_attribute_mode = False

        # Preprocessing.
        self._held_cr = False
        self._has_bad = False
        self._bad_done = -1  # stream offset of the last control reported

        # The current tag token.
        self._tag_name = ""
        # (A name after its first character is read in pieces:
        # _name_parts, in the shared core.)
        self._tag_is_end = False
        self._tag_is_empty = False
        self._attrs: dict[str, str] = {}
        self._attr_name: str | None = None
        self._attr_value: list[str] = []
        # The current comment, processing instruction and DOCTYPE tokens.
        self._comment: list[str] = []
        self._pi_target = ""
        self._pi_data: list[str] = []
        self._doctype_name: list[str] | None = None
        self._public_id: list[str] | None = None
        self._system_id: list[str] | None = None

        #: An object (the tree builder) whose ``characters(data)``,
        #: ``start_tag(name, attrs)``, ``empty_tag(name, attrs)`` and
        #: ``end_tag(name)`` the shortcut calls for each token it completes
        #: (with :attr:`offset` just after the token, as when the token is
        #: emitted by a state), instead of queuing the token.
        self._tree_sink: Any = None

        # DTD processing (xml10_compatible only; markup5.xml.entities).
        #: Whether the internal subset's declarations are read and applied
        #: (entities expanded, attribute defaults added); False reads past
        #: the subset as before.
        self.process_dtd = True
        #: The internal subset being read: the stream offset where the
        #: part of it still in the buffer starts (None outside a subset),
        #: and the parts the buffer has already dropped.
        self._subset_from: int | None = None
        self._subset_start = 0
        self._subset_parts: list[str] = []
        #: The finished internal subset's text, for the DOCTYPE token.
        self._subset_text: str | None = None
        #: Whether the XML declaration said standalone="yes" (it decides
        #: WFC: Entity Declared), and whether the PI being read is it.
        self.standalone = False
        self._at_xml_declaration = False
        #: Whether WFC: Entity Declared applies to a name that is neither
        #: declared nor predefined (XML 1.0 §4.1): with no DTD at all, or
        #: with only an internal subset that references no parameter entity.
        self._undeclared_is_error = True
        #: Stream offsets of the NULs of the input (xml10_compatible).
        self._nulls: set[int] = set()
        #: The stream offset of the last "&" reported undeclared-entity.
        self._undeclared_done = -1
        #: The stream offset of the current reference's "&", and how many
        #: errors there were before it (charrefs: unescaped-ampersand).
        self._amp_at = 0
        self._amp_errors = 0
        #: The DTD's entity expander (markup5.xml.entities), once a DOCTYPE
        #: with an internal subset that declares something is read.
        self._expander: Any = None
        #: Whether this tokenizer reads an entity's replacement text (made
        #: by markup5.xml.entities), where an XML declaration cannot be.
        self._expander_nested = False
        #: Limits on entity expansion: (max_amplification, activation threshold).
        self.expansion_limits: tuple[float, int] = (100.0, 8 * 1024 * 1024)

    # ------------------------------------------------------------------
    # Public interface

    @property
    def errors(self) -> list[ParseError]:
        """The parse errors so far, in stream order."""
        return self._errors

    @property
    def state(self) -> State:
        """The current state."""
        return self._state  # type: ignore[return-value]

    # ------------------------------------------------------------------
    # Input

    def _push(self, chunk: str, final: bool) -> None:
        """Preprocess ``chunk`` (newlines, NUL) and append it to the buffer."""
        if self._held_cr:
            chunk = "\r" + chunk
            self._held_cr = False
        if "\r" in chunk:
            if chunk[-1] == "\r" and not final:
                chunk = chunk[:-1]
                self._held_cr = True
            chunk = chunk.replace("\r\n", "\n").replace("\r", "\n")
        if has_null(chunk):
            if self.xml10_compatible:
                self._note_nulls(chunk)
            chunk = chunk.replace("\x00", "\ufffd")
        if final:
            self._closed = True
        if not chunk:
            return
        if self._subset_from is not None:
            # The buffer drops what was consumed: keep the subset's part.
            k = self._subset_from - self._base
            if self.pos > k:
                self._subset_parts.append(self.buf[k:self.pos])
                self._subset_from = self._base + self.pos
        if self.pos and self._collect_errors:
            # The buffer is about to drop what was consumed: so may the
            # position map (no later error points before it), which would
            # otherwise hold a streamed document whole.  The internal
            # subset's errors are reported at the DOCTYPE's end, with
            # offsets back into the subset.
            horizon = self._base + self.pos
            if self._subset_from is not None or self._subset_text is not None:
                horizon = min(horizon, self._subset_start)
            self._positions.forget(horizon)
        if not self._has_bad and self._contains_bad(chunk):
            self._has_bad = True
        self._append(chunk)

    def _note_nulls(self, chunk: str) -> None:
        """With ``xml10_compatible``: NUL is not an XML 1.0 Char.  It still
        becomes U+FFFD, but the stream offsets of the NULs are kept, and
        from now on U+FFFD is checked where controls are, so that a U+FFFD
        that was a NUL is reported (``null-character``) when a state
        consumes it, like the controls."""
        at = self._base + self.end  # the stream offset of chunk[0]
        i = chunk.find("\x00")
        nulls = self._nulls
        while i != -1:
            nulls.add(at + i)
            i = chunk.find("\x00", i + 1)
        self._has_bad = True
        self._bad_search = _XML10_BAD_OR_NUL.search
        self._bad_finditer = _XML10_BAD_OR_NUL.finditer

    def _bad_error(self, c: str, k: int) -> None:
        """Report the control, noncharacter or NUL ``c`` at ``buf[k]``
        (a U+FFFD that was not a NUL is no error)."""
        if c == "\ufffd":
            if self._base + k in self._nulls:
                self._error("null-character", k)
            return
        self._error(_bad_code(c), k)

    # ------------------------------------------------------------------
    # Controls and noncharacters

    def _check_run(self, start: int, stop: int) -> None:
        """Report the controls and noncharacters consumed in
        ``buf[start:stop]`` (a run going into a token)."""
        base = self._base
        for m in self._bad_finditer(self.buf, start, stop):
            k = m.start()
            if base + k > self._bad_done:
                self._bad_done = base + k
                self._bad_error(m.group(), k)

    def _text_run(self, start: int, stop: int) -> None:
        """Emit ``buf[start:stop]`` as character data (checking it for
        controls and noncharacters, which come before their character)."""
        buf = self.buf
        if self._has_bad and self._bad_search(buf, start, stop) is not None:
            base = self._base
            for m in self._bad_finditer(buf, start, stop):
                k = m.start()
                if base + k > self._bad_done:
                    if k > start:
                        self._text.append(buf[start:k])
                        start = k
                    self._bad_done = base + k
                    self._bad_error(m.group(), k)
        if stop > start:
            self._text.append(buf[start:stop])


    # The internal subset ------------------------------------------------

    def _take_internal_subset(self, stop: int) -> str:
        """End the internal subset at ``buf[stop]``; returns its text."""
        start = cast(int, self._subset_from) - self._base
        parts = self._subset_parts
        parts.append(self.buf[start:stop])
        text = parts[0] if len(parts) == 1 else "".join(parts)
        self._subset_parts = []
        self._subset_from = None
        return text

    # Tags ---------------------------------------------------------------

    def _new_tag(self, name: str, is_end: bool) -> None:
        self._tag_name = name
        self._tag_is_end = is_end
        self._tag_is_empty = False
        self._attrs = {}
        self._attr_name = None

    def _start_attribute(self, name: str) -> None:
        """Start a new attribute (the previous one ends here)."""
        if self._attr_name is not None:
            self._finish_attribute()
        self._attr_name = name
        self._attr_value = []

    def _finish_attribute(self) -> None:
        """End the current attribute: a duplicate name is a parse error and
        the attribute is dropped; a nameless one (junk after "/") too."""
        name = self._attr_name
        self._attr_name = None
        if not name:
            return
        if name in self._attrs:
            self._error("duplicate-attribute", self.pos)
            return
        value = self._attr_value
        self._attrs[name] = "" if not value else value[0] if len(value) == 1 else "".join(value)

    def _emit_tag(self, force_start: bool = False) -> None:
        """Emit the current tag token (``force_start``: as a start tag)."""
        if self._attr_name is not None:
            self._finish_attribute()
        if self._text:
            self._flush_text()
        if self._tag_is_end:
            self._out.append(EndTag(self._tag_name))
        elif self._tag_is_empty and not force_start:
            self._out.append(EmptyTag(self._tag_name, self._attrs))
        else:
            self._out.append(StartTag(self._tag_name, self._attrs))

    def _eof_in_tag(self, force_start: bool = False) -> bool:
        self._error("eof-in-tag", self.pos)
        self._emit_tag(force_start)
        return self._emit_eof()

