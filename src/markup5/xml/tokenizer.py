"""The XML5 tokenizer (XML5 §1.3), behaving as xml5lib-tests expect.

One method per state of the XML5 text, named after it (``_tag_name_state``)
with a one-line docstring naming the state.  Every handler follows the
contract of the HTML tokenizer:

* It reads ``self.buf`` at ``self.pos`` (the next input character), may
  consume a run of characters at once (precompiled regexes, ``str.find``),
  updates ``self.pos`` and ``self._state`` and returns ``True`` to keep the
  machine running.
* When it needs a character that has not arrived yet and the input is not
  closed, it returns ``False``, having saved only progress that does not
  depend on what comes next, so it runs again once :meth:`feed` brings more
  text.  Tokens and errors therefore do not depend on chunk boundaries.
* At the end of input it does what the EOF branch says, then
  :meth:`_emit_eof` returns ``False`` for good.

Input preprocessing (the XML5 text leaves it open; this is what the tests
expect): CR and CRLF become LF (a CR at the end of a chunk is held back);
NUL becomes U+FFFD with no error; and each time a state consumes one of
U+0001-0008, U+000B, U+000E-001F, U+007F-009F, U+FDD0-FDEF or a code point
ending in FFFE/FFFF, a parse error is reported *before* the character is
handled (once per character, however often it is reconsumed).

Error codes (``ParseError.code``):

========================================================  ==================================
code                                                      where
========================================================  ==================================
control-character-in-input-stream                         a C0/C1 control (see above)
noncharacter-in-input-stream                              a noncharacter (see above)
invalid-first-character-of-tag-name                       ``<`` or ``</`` + space, ``:``, ``<``, ``>``
eof-before-tag-name                                       ``<`` or ``</`` at the end
unexpected-solidus-in-end-tag                             ``</a/``
unexpected-character-after-end-tag-name                   ``</a b>``
eof-in-tag                                                end of input inside a tag
unexpected-colon-before-attribute-name                    ``<a :b>``
duplicate-attribute                                       a repeated attribute (dropped)
invalid-first-character-of-processing-instruction-target  ``<? x?>`` (a bogus comment)
eof-in-processing-instruction                             end of input inside a PI
incorrectly-opened-comment                                ``<!`` not followed by ``--``,
                                                          ``[CDATA[`` or ``DOCTYPE``
abrupt-closing-of-empty-comment                           ``<!-->``, ``<!--->``
nested-comment                                            ``<!--`` inside a comment
incorrectly-closed-comment                                ``--!>``
eof-in-comment                                            end of input inside a comment
eof-in-cdata                                              end of input inside CDATA
missing-whitespace-before-doctype-name                    ``<!DOCTYPEx``
missing-doctype-name                                      ``<!DOCTYPE>``
eof-in-doctype                                            end of input inside a DOCTYPE
invalid-character-sequence-after-doctype-name             ``<!DOCTYPE a b>``, internal subsets
missing-whitespace-after-doctype-public-keyword           ``PUBLIC"x"``
missing-whitespace-after-doctype-system-keyword           ``SYSTEM"x"``
missing-doctype-public-identifier                         ``PUBLIC>``
missing-doctype-system-identifier                         ``SYSTEM>``
missing-quote-before-doctype-public-identifier            ``PUBLIC x``
missing-quote-before-doctype-system-identifier            ``SYSTEM x``
abrupt-doctype-public-identifier                          ``>`` inside a quoted public id
abrupt-doctype-system-identifier                          ``>`` inside a quoted system id
missing-whitespace-between-doctype-public-and-system-     ``"pub""sys"``
identifiers
unexpected-character-after-doctype-system-identifier      ``"sys" x``
absence-of-digits-in-numeric-character-reference          ``&#;``, ``&#x;``
missing-semicolon-after-character-reference               ``&#65``, ``&not``
null-character-reference                                  ``&#0;``
character-reference-outside-unicode-range                 ``&#x110000;``
surrogate-character-reference                             ``&#xD800;``
control-character-reference                               ``&#1;``, ``&#x80;``, ``&#13;``
noncharacter-character-reference                          ``&#xFFFE;``
unknown-named-character-reference                         ``&xyz;``
unescaped-ampersand-before-equals-in-attribute-value      ``a='&not=x'``
========================================================  ==================================
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import ParseError, PositionMap
from .charrefs import CharacterReferences
from .shortcuts import ATTRIBUTES as _SHORTCUT_ATTRIBUTES
from .shortcuts import SCAN as _SHORTCUT_SCAN
from .shortcuts import resolve_reference as _resolve_reference
from .states import State
from .tokens import (Characters, Comment, Doctype, EmptyTag, EndTag, ProcessingInstruction,
                     ShortTag, StartTag, XmlToken)

__all__ = ["Tokenizer", "State"]

DATA = State.DATA
CHARACTER_REFERENCE_IN_DATA = State.CHARACTER_REFERENCE_IN_DATA
TAG = State.TAG
END_TAG = State.END_TAG
END_TAG_NAME = State.END_TAG_NAME
END_TAG_NAME_AFTER = State.END_TAG_NAME_AFTER
PI = State.PI
PI_TARGET = State.PI_TARGET
PI_TARGET_AFTER = State.PI_TARGET_AFTER
PI_DATA = State.PI_DATA
PI_AFTER = State.PI_AFTER
MARKUP_DECLARATION = State.MARKUP_DECLARATION
COMMENT_START = State.COMMENT_START
COMMENT_START_DASH = State.COMMENT_START_DASH
COMMENT = State.COMMENT
COMMENT_LESS_THAN_SIGN = State.COMMENT_LESS_THAN_SIGN
COMMENT_LESS_THAN_SIGN_BANG = State.COMMENT_LESS_THAN_SIGN_BANG
COMMENT_LESS_THAN_SIGN_BANG_DASH = State.COMMENT_LESS_THAN_SIGN_BANG_DASH
COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH = State.COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH
COMMENT_END_DASH = State.COMMENT_END_DASH
COMMENT_END = State.COMMENT_END
COMMENT_END_BANG = State.COMMENT_END_BANG
CDATA = State.CDATA
CDATA_BRACKET = State.CDATA_BRACKET
CDATA_END = State.CDATA_END
TAG_NAME = State.TAG_NAME
EMPTY_TAG = State.EMPTY_TAG
TAG_ATTRIBUTE_NAME_BEFORE = State.TAG_ATTRIBUTE_NAME_BEFORE
TAG_ATTRIBUTE_NAME = State.TAG_ATTRIBUTE_NAME
TAG_ATTRIBUTE_NAME_AFTER = State.TAG_ATTRIBUTE_NAME_AFTER
TAG_ATTRIBUTE_VALUE_BEFORE = State.TAG_ATTRIBUTE_VALUE_BEFORE
TAG_ATTRIBUTE_VALUE_DOUBLE_QUOTED = State.TAG_ATTRIBUTE_VALUE_DOUBLE_QUOTED
TAG_ATTRIBUTE_VALUE_SINGLE_QUOTED = State.TAG_ATTRIBUTE_VALUE_SINGLE_QUOTED
TAG_ATTRIBUTE_VALUE_UNQUOTED = State.TAG_ATTRIBUTE_VALUE_UNQUOTED
CHARACTER_REFERENCE_IN_ATTRIBUTE_VALUE = State.CHARACTER_REFERENCE_IN_ATTRIBUTE_VALUE
BOGUS_COMMENT = State.BOGUS_COMMENT
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

#: Characters reported when consumed (controls and noncharacters).
_BAD_CLASS = ("\x01-\x08\x0b\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff"
              + "".join(f"{chr(p << 16 | 0xFFFE)}{chr(p << 16 | 0xFFFF)}" for p in range(1, 17)))
_BAD = re.compile(f"[{_BAD_CLASS}]")
_BAD_SEARCH = _BAD.search
_BAD_FINDITER = _BAD.finditer
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
    return m is not None and _BAD_SEARCH(chunk, m.start()) is not None

#: Whitespace of the tag states (no FF) and of the DOCTYPE states (FF too).
_TAG_WS = frozenset("\t\n ")
_TAG_WS_RUN = re.compile("[\t\n ]*").match
_DOCTYPE_WS = frozenset("\t\n\x0c ")
_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

_DATA_STOP = re.compile("[&<]").search
_TAG_NAME_RUN = re.compile("[^\t\n />]*").match
_ATTR_NAME_RUN = re.compile("[^\t\n =>/]*").match
_DOUBLE_QUOTED_RUN = re.compile('[^"&]*').match
_SINGLE_QUOTED_RUN = re.compile("[^'&]*").match
_UNQUOTED_RUN = re.compile("[^\t\n &>]*").match
_PI_TARGET_RUN = re.compile("[^\t\n ?]*").match
_PI_AFTER_RUN = re.compile("[^?>]*").match
_COMMENT_RUN = re.compile("[^<-]*").match
_DOCTYPE_NAME_RUN = re.compile("[^\t\n\x0c >]*").match
_DOUBLE_ID_RUN = re.compile('[^">]*').match
_SINGLE_ID_RUN = re.compile("[^'>]*").match


def _bad_code(c: str) -> str:
    return ("control-character-in-input-stream" if ord(c) < 0xA0
            else "noncharacter-in-input-stream")


class Tokenizer(CharacterReferences):
    """The XML5 tokenizer.

    Give it the whole ``text`` and iterate, or create it without text and
    call :meth:`feed` for each chunk and :meth:`close` at the end (each
    returns the tokens it completed).  Either way the tokens and errors are
    the same, wherever the input is split.  :attr:`errors` lists the
    :class:`~markup5.errors.ParseError` s; with ``inline_errors=True`` each
    error is also put in the token stream where it occurs (before the token
    or character it relates to), as xml5lib-tests place them.
    """

    _DATA = DATA

    #: Whether the data state takes simple text and tags many at a time
    #: (:mod:`markup5.xml.shortcuts`); the output is the same either way.
    fast_paths = True

    def __init__(self, text: str | None = None, *, inline_errors: bool = False) -> None:
        if text is not None and not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__} "
                            f"(parse_xml() accepts bytes)")
        self._source = text
        self._inline = bool(inline_errors)
        self._state = DATA
        #: The state a character reference in an attribute value returns to.
        self.return_state = DATA
        self._additional_allowed: str | None = None
        self._in_attribute_mode = False

        # The input: the unconsumed tail of the preprocessed stream.
        self.buf = ""
        self.pos = 0
        self.end = 0
        self._base = 0
        self._held_cr = False
        self._closed = False
        self._done = False
        self._has_bad = False
        self._bad_done = -1  # stream offset of the last control reported
        self._positions = PositionMap()

        # Output.
        self._out: list = []
        self._text: list[str] = []
        self._errors: list[ParseError] = []

        # The current tag token.
        self._tag_name = ""
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
        self._sink = None

        self._handlers = [getattr(self, f"_{state.name.lower()}_state") for state in State]

    # ------------------------------------------------------------------
    # Public interface

    @property
    def errors(self) -> list[ParseError]:
        """The parse errors so far, in stream order."""
        return self._errors

    @property
    def state(self) -> State:
        """The current state."""
        return self._state

    @property
    def offset(self) -> int:
        """Offset in the preprocessed stream of the next input character."""
        return self._base + self.pos

    def feed(self, chunk: str) -> list:
        """Tokenize the next chunk; returns the tokens it completed."""
        if not isinstance(chunk, str):
            raise TypeError(f"feed() takes a str, not {type(chunk).__name__}")
        if self._closed:
            raise ValueError("feed() after close()")
        if self._source is not None:
            raise ValueError("this Tokenizer was given its text: iterate over it instead")
        self._push(chunk, False)
        return self._drive()

    def close(self) -> list:
        """Signal the end of input; returns the remaining tokens."""
        if self._closed:
            return []
        self._push("", True)
        return self._drive()

    def __iter__(self) -> Iterator:
        source = self._source
        if source is None:
            raise TypeError("this Tokenizer has no text (use feed() and close()) "
                            "or was already iterated")
        self._source = None
        self._push(source, True)
        return self._run()

    def _run(self) -> Iterator:
        handlers = self._handlers
        while True:
            running = handlers[self._state]()
            if self._out:
                out = self._out
                self._out = []
                yield from out
            if not running:
                return

    def _drive(self) -> list:
        if not self._done:
            handlers = self._handlers
            while handlers[self._state]():
                pass
        out = self._out
        self._out = []
        return out

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
        if "\x00" in chunk:
            chunk = chunk.replace("\x00", "\ufffd")
        if final:
            self._closed = True
        if not chunk:
            return
        self._positions.add(chunk)
        if not self._has_bad and _contains_bad(chunk):
            self._has_bad = True
        pos = self.pos
        if pos:
            self._base += pos
            self.buf = self.buf[pos:] + chunk
            self.pos = 0
        elif self.buf:
            self.buf += chunk
        else:
            self.buf = chunk
        self.end = len(self.buf)

    # ------------------------------------------------------------------
    # Errors and emission

    def _error(self, code: str, index: int) -> None:
        """Report a parse error at ``index`` in the current buffer."""
        error = ParseError(code, self._base + index, self._positions)
        self._errors.append(error)
        if self._inline:
            if self._text:
                self._flush_text()
            self._out.append(error)

    def _check_run(self, start: int, stop: int) -> None:
        """Report the controls and noncharacters consumed in
        ``buf[start:stop]`` (a run going into a token)."""
        base = self._base
        for m in _BAD_FINDITER(self.buf, start, stop):
            k = m.start()
            if base + k > self._bad_done:
                self._bad_done = base + k
                self._error(_bad_code(m.group()), k)

    def _text_run(self, start: int, stop: int) -> None:
        """Emit ``buf[start:stop]`` as character data (checking it for
        controls and noncharacters, which come before their character)."""
        buf = self.buf
        if self._has_bad and _BAD_SEARCH(buf, start, stop) is not None:
            base = self._base
            for m in _BAD_FINDITER(buf, start, stop):
                k = m.start()
                if base + k > self._bad_done:
                    if k > start:
                        self._text.append(buf[start:k])
                        start = k
                    self._bad_done = base + k
                    self._error(_bad_code(m.group()), k)
        if stop > start:
            self._text.append(buf[start:stop])

    def _flush_text(self) -> None:
        text = self._text
        data = text[0] if len(text) == 1 else "".join(text)
        text.clear()
        if data:
            self._out.append(Characters(data))

    def _emit(self, token: XmlToken) -> None:
        if self._text:
            self._flush_text()
        self._out.append(token)

    def _emit_eof(self) -> bool:
        """Emit the end-of-file token: flush pending text and stop for good."""
        if self._text:
            self._flush_text()
        self._done = True
        return False

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

    # ------------------------------------------------------------------
    # Data and tags

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

    def _data_shortcut(self) -> None:
        """Consume text and simple tags while they need no state (see
        :mod:`markup5.xml.shortcuts`); stop at the first character that
        does, with the text before it pending as the data state leaves it."""
        buf = self.buf
        pos = self.pos
        end = self.end
        scan = _SHORTCUT_SCAN.match
        attributes = _SHORTCUT_ATTRIBUTES.findall
        text = self._text
        sink = self._sink
        if sink is None:
            append = self._out.append
        else:
            characters = sink.characters
            start_tag = sink.start_tag
            empty_tag = sink.empty_tag
            end_tag = sink.end_tag
        while True:
            m = scan(buf, pos)
            t = m.end(1)
            i = m.end()
            if i == t:
                # No tag: "&", "<" (not a simple tag) or the end.
                if t > pos:
                    text.append(buf[pos:t])
                if i < end and buf[i] == "&":
                    ref = _resolve_reference(buf, i)
                    if ref is not None:
                        text.append(ref[0])
                        pos = ref[1]
                        continue
                self.pos = i
                return
            _, name, source, empty, end_name = m.groups()
            if name is not None:
                if source:
                    pairs = attributes(source)
                    attrs = {n: v[1:-1] for n, v in pairs}
                    if len(attrs) != len(pairs):
                        # A duplicate attribute: an error for the states.
                        if t > pos:
                            text.append(buf[pos:t])
                        self.pos = t
                        return
                else:
                    attrs = {}
            if text:
                if t > pos:
                    text.append(buf[pos:t])
                data = text[0] if len(text) == 1 else "".join(text)
                text.clear()
            else:
                data = buf[pos:t] if t > pos else None
            pos = i
            if sink is None:
                if data is not None:
                    append(Characters(data))
                if name is None:
                    append(EndTag(end_name))
                elif empty:
                    append(EmptyTag(name, attrs))
                else:
                    append(StartTag(name, attrs))
            else:
                # As if emitted by a state: the offset is just after the tag.
                self.pos = i
                if data is not None:
                    characters(data)
                if name is None:
                    end_tag(end_name)
                elif empty:
                    empty_tag(name, attrs)
                else:
                    start_tag(name, attrs)

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
        elif c in "\t\n :<>":
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
            self._tag_name += buf[pos:i]
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
            self._tag_name += buf[pos:i]
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

    # Attributes -----------------------------------------------------------

    def _tag_attribute_name_before_state(self) -> bool:
        """Tag attribute name before state (§1.3.26)."""
        buf = self.buf
        pos = self.pos
        end = self.end
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
            self._attr_name += buf[pos:i]
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_tag(force_start=True)
        c = buf[pos]
        self.pos = pos + 1
        if c == "=":
            self._state = TAG_ATTRIBUTE_VALUE_BEFORE
        elif c == ">":
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
            elif c == ">":
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
                self.pos = pos + 1
                self._state = DATA
                self._emit_tag()
            else:  # "&" and anything else: reconsume in the unquoted state
                self.pos = pos
                self._state = TAG_ATTRIBUTE_VALUE_UNQUOTED
            return True
        self.pos = pos
        if not self._closed:
            return False
        return self._eof_in_tag()

    def _quoted_value(self, run, quote: str, state: State) -> bool:
        """Shared by the tag attribute value double and single quoted
        states: the run up to the quote or "&"."""
        buf = self.buf
        pos = self.pos
        i = run(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._attr_value.append(buf[pos:i])
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_tag()
        self.pos = pos + 1
        if buf[pos] == quote:
            self._state = TAG_ATTRIBUTE_NAME_BEFORE
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

    # ------------------------------------------------------------------
    # Processing instructions

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
        data = self._pi_data
        self._emit(ProcessingInstruction(self._pi_target, "".join(data)))

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
            self._pi_target += buf[pos:i]
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_pi()
        self.pos = pos + 1
        self._state = PI_AFTER if buf[pos] == "?" else PI_TARGET_AFTER
        return True

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
        ``?`` is dropped, anything else is data and the state stays."""
        buf = self.buf
        pos = self.pos
        end = self.end
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

    # ------------------------------------------------------------------
    # Markup declarations, comments, CDATA

    def _markup_declaration_state(self) -> bool:
        """Markup declaration state (§1.3.12), matched ASCII
        case-insensitively."""
        buf = self.buf
        pos = self.pos
        if buf.startswith("--", pos):
            self.pos = pos + 2
            self._comment = []
            self._state = COMMENT_START
            return True
        if self.end - pos < 7 and not self._closed:
            return False
        word = buf[pos:pos + 7]
        if word.isascii():
            word = word.upper()
            if word == "[CDATA[":
                self.pos = pos + 7
                self._state = CDATA
                return True
            if word == "DOCTYPE":
                self.pos = pos + 7
                self._state = DOCTYPE
                return True
        self._error("incorrectly-opened-comment", pos)
        self._comment = []
        self._state = BOGUS_COMMENT
        return True

    def _emit_comment(self) -> None:
        parts = self._comment
        self._emit(Comment(parts[0] if len(parts) == 1 else "".join(parts)))

    def _eof_in_comment(self) -> bool:
        self._error("eof-in-comment", self.pos)
        self._emit_comment()
        return self._emit_eof()

    def _comment_start_state(self) -> bool:
        """Comment start state (as in HTML; the XML5 text lacks it)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        c = self.buf[pos] if pos < self.end else None
        if c == "-":
            self.pos = pos + 1
            self._state = COMMENT_START_DASH
        elif c == ">":
            self._error("abrupt-closing-of-empty-comment", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        else:
            self._state = COMMENT
        return True

    def _comment_start_dash_state(self) -> bool:
        """Comment start dash state (as in HTML; the XML5 text lacks it)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        c = self.buf[pos]
        if c == "-":
            self.pos = pos + 1
            self._state = COMMENT_END
        elif c == ">":
            self._error("abrupt-closing-of-empty-comment", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        else:
            self._comment.append("-")
            self._state = COMMENT
        return True

    def _comment_state(self) -> bool:
        """Comment state (§1.3.13)."""
        buf = self.buf
        pos = self.pos
        i = _COMMENT_RUN(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._comment.append(buf[pos:i])
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        self.pos = pos + 1
        if buf[pos] == "<":
            self._comment.append("<")
            self._state = COMMENT_LESS_THAN_SIGN
        else:  # "-"
            self._state = COMMENT_END_DASH
        return True

    def _comment_less_than_sign_state(self) -> bool:
        """Comment less-than sign state (§1.3.14)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] == "<":
            self._comment.append("<")
            pos += 1
        self.pos = pos
        if pos >= end and not self._closed:
            return False
        if pos < end and buf[pos] == "!":
            self._comment.append("!")
            self.pos = pos + 1
            self._state = COMMENT_LESS_THAN_SIGN_BANG
        else:
            self._state = COMMENT
        return True

    def _comment_less_than_sign_bang_state(self) -> bool:
        """Comment less-than sign bang state (§1.3.15)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] == "-":
            self.pos = pos + 1
            self._state = COMMENT_LESS_THAN_SIGN_BANG_DASH
        else:
            self._state = COMMENT
        return True

    def _comment_less_than_sign_bang_dash_state(self) -> bool:
        """Comment less-than sign bang dash state (§1.3.16)."""
        pos = self.pos
        if pos >= self.end and not self._closed:
            return False
        if pos < self.end and self.buf[pos] == "-":
            self.pos = pos + 1
            self._state = COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH
        else:
            self._state = COMMENT_END_DASH
        return True

    def _comment_less_than_sign_bang_dash_dash_state(self) -> bool:
        """Comment less-than sign bang dash dash state (§1.3.17)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
        elif self.buf[pos] != ">":
            self._error("nested-comment", pos)
        self._state = COMMENT_END
        return True

    def _comment_end_dash_state(self) -> bool:
        """Comment end dash state (§1.3.18)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        if self.buf[pos] == "-":
            self.pos = pos + 1
            self._state = COMMENT_END
        else:
            self._comment.append("-")
            self._state = COMMENT
        return True

    def _comment_end_state(self) -> bool:
        """Comment end state (§1.3.19)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] == "-":
            self._comment.append("-")
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        c = buf[pos]
        if c == ">":
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        elif c == "!":
            self.pos = pos + 1
            self._state = COMMENT_END_BANG
        else:
            self._comment.append("--")
            self._state = COMMENT
        return True

    def _comment_end_bang_state(self) -> bool:
        """Comment end bang state (§1.3.20)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_comment()
        c = self.buf[pos]
        if c == "-":
            self._comment.append("--!")
            self.pos = pos + 1
            self._state = COMMENT_END_DASH
        elif c == ">":
            self._error("incorrectly-closed-comment", pos)
            self.pos = pos + 1
            self._state = DATA
            self._emit_comment()
        else:
            self._comment.append("--!")
            self._state = COMMENT
        return True

    def _bogus_comment_state(self) -> bool:
        """Bogus comment state (§1.3.34): everything up to ">"; no error at
        the end of input."""
        buf = self.buf
        pos = self.pos
        i = buf.find(">", pos)
        stop = self.end if i == -1 else i
        if stop > pos:
            if self._has_bad:
                self._check_run(pos, stop)
            self._comment.append(buf[pos:stop])
            self.pos = stop
        if i == -1:
            if not self._closed:
                return False
            self._emit_comment()
            return self._emit_eof()
        self.pos = i + 1
        self._state = DATA
        self._emit_comment()
        return True

    def _cdata_state(self) -> bool:
        """CDATA state (§1.3.21)."""
        buf = self.buf
        pos = self.pos
        i = buf.find("]", pos)
        stop = self.end if i == -1 else i
        if stop > pos:
            self._text_run(pos, stop)
            self.pos = stop
        if i == -1:
            if not self._closed:
                return False
            self._error("eof-in-cdata", stop)
            return self._emit_eof()
        self.pos = i + 1
        self._state = CDATA_BRACKET
        return True

    def _cdata_bracket_state(self) -> bool:
        """CDATA bracket state (§1.3.22)."""
        pos = self.pos
        if pos >= self.end:
            if not self._closed:
                return False
            self._error("eof-in-cdata", pos)  # the "]" is lost
            return self._emit_eof()
        if self.buf[pos] == "]":
            self.pos = pos + 1
            self._state = CDATA_END
            return True
        if self._has_bad:
            self._check_run(pos, pos + 1)
        self._text.append("]" + self.buf[pos])
        self.pos = pos + 1
        self._state = CDATA
        return True

    def _cdata_end_state(self) -> bool:
        """CDATA end state (§1.3.23)."""
        buf = self.buf
        pos = self.pos
        end = self.end
        while pos < end and buf[pos] == "]":
            self._text.append("]")
            pos += 1
        self.pos = pos
        if pos >= end:
            if not self._closed:
                return False
            self._error("eof-in-cdata", pos)  # the "]]" is lost
            return self._emit_eof()
        if buf[pos] == ">":
            self.pos = pos + 1
            self._state = DATA
            return True
        if self._has_bad:
            self._check_run(pos, pos + 1)
        self._text.append("]]" + buf[pos])
        self.pos = pos + 1
        self._state = CDATA
        return True

    # ------------------------------------------------------------------
    # DOCTYPE

    def _emit_doctype(self) -> None:
        name, public_id, system_id = self._doctype_name, self._public_id, self._system_id
        self._emit(Doctype(None if name is None else "".join(name),
                           None if public_id is None else "".join(public_id),
                           None if system_id is None else "".join(system_id)))

    def _eof_in_doctype(self) -> bool:
        self._error("eof-in-doctype", self.pos)
        self._emit_doctype()
        return self._emit_eof()

    def _doctype_state(self) -> bool:
        """DOCTYPE state (§1.3.36)."""
        pos = self.pos
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
        self._doctype_name = [c.translate(_LOWER)]
        self._state = DOCTYPE_NAME
        return True

    def _doctype_name_state(self) -> bool:
        """DOCTYPE name state (§1.3.38)."""
        buf = self.buf
        pos = self.pos
        i = _DOCTYPE_NAME_RUN(buf, pos).end()
        if i > pos:
            if self._has_bad:
                self._check_run(pos, i)
            self._doctype_name.append(buf[pos:i].translate(_LOWER))
            self.pos = pos = i
        if pos >= self.end:
            if not self._closed:
                return False
            return self._eof_in_doctype()
        self.pos = pos + 1
        if buf[pos] == ">":
            self._state = DATA
            self._emit_doctype()
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
        if end - pos < 6 and not self._closed:
            return False
        word = buf[pos:pos + 6]
        if word.isascii():
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

    def _quoted_identifier(self, run, public: bool) -> bool:
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
