"""The HTML tokenizer's core: its input stream, hidden variables and tokens.

The state handlers live in one module per family of states (see the package
docstring); this module holds what they share that is particular to HTML
(the input stream's preprocessing and errors, the tree builder's feedback,
building tag, attribute and DOCTYPE tokens).  The buffer, the run loop,
emission and error reporting are :class:`markup5._tokenizer_core.TokenizerBase`,
which the XML5 tokenizer runs on too.  Every handler follows its contract:

* It reads ``self.buf`` at ``self.pos`` (the next input character), may
  consume a run of characters at once, updates ``self.pos`` and
  ``self._state`` and returns ``True`` to keep the machine running.
* When it needs a character that has not arrived yet (``self.pos`` at the
  end of the buffer, or a lookahead that runs past it) and the input is not
  closed, it returns ``False`` having kept only progress that does not
  depend on what comes next (a run consumed into the name being read, say:
  ``_name_parts``), so the same handler runs again once :meth:`feed`
  brings more text.
* At the end of input it does what the standard's EOF branch says, then
  :meth:`_emit_eof` returns ``False`` for good.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..._tokenizer_core import TokenizerBase, has_null
from ...errors import ErrorMerge, ParseError, PositionMap
from ...tokens import Characters, Comment, Doctype, EndTag, StartTag, Token
from ..inputstream import InputStream
from ..states import State
from .charclass import lower_ascii

#: Start tags after which the tree builder may switch the tokenizer's state
#: ("parsing elements that contain only text", and the plaintext element):
#: the data state's shortcut pauses after them (see ``shortcuts``).
SWITCHING_START_TAGS = frozenset({
    "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "noscript",
    "script", "plaintext"})

__all__ = ["LocatedToken", "TokenizerCore"]


class LocatedToken:
    """The token being handled, as source locations need it (a parse with
    ``source_locations=True``): its :attr:`span`, the
    :data:`~markup5.locations.Span` tuple every node made for it shares;
    the data of a character token (:attr:`text`) and the name of an end tag
    token (:attr:`end_tag_name`), None for other tokens.  The tokenizer,
    the tree builder and its sink share one: the tokenizer notes the tokens
    it offers the tree builder without making them (:attr:`TokenizerCore.direct`),
    the tree builder those it is given as tokens, and the nodes made for it
    take the span.

    A token starts where the one before it ended (:attr:`prev_end`),
    unless the tokenizer consumed input between the two with no token and
    no pending text (a gap: ``</>``, an empty CDATA section), and then at
    the last such gap: :attr:`gaps` lists where each ends, in stream order,
    and :attr:`gap_index` counts those passed.  It ends at the stream
    offset the tokenizer gives."""

    __slots__ = ("span", "text", "end_tag_name", "prev_end", "gaps", "gap_index", "positions")

    def __init__(self, positions: PositionMap) -> None:
        # (typed Any: the compiled build keeps the one tuple rather than
        # unboxing it into three fields and making a new tuple for every
        # node.)
        self.span: Any = None
        self.text: str | None = None
        self.end_tag_name: str | None = None
        self.prev_end = 0
        self.gaps: list[int] = []
        self.gap_index = 0
        #: The parse's line table (a Span's third item).
        self.positions = positions

    def note(self, end: int, text: str | None, end_tag_name: str | None) -> None:
        """The token about to be handled ends at stream offset ``end``;
        ``text`` is a character token's data, ``end_tag_name`` an end tag
        token's name (None for other tokens).  (The data state's loop
        writes this out for the tokens it offers.)"""
        start = self.prev_end
        if len(self.gaps) > self.gap_index:
            start = self.start_after_gaps(start, end)
        self.span = (start, end, self.positions)
        self.prev_end = end
        self.text = text
        self.end_tag_name = end_tag_name

    def start_after_gaps(self, start: int, end: int) -> int:
        """Where the token ending at ``end`` starts, the one before it having
        ended at ``start``: after the last gap between the two, if any."""
        gaps = self.gaps
        i = self.gap_index
        n = len(gaps)
        while i < n and gaps[i] < end:
            if gaps[i] > start:
                start = gaps[i]
            i += 1
        self.gap_index = i
        return start

_DATA = State.DATA  # (an enum member read from its class is a property call in 3.11)
_TEXT_STATES = frozenset({State.DATA, State.RCDATA, State.RAWTEXT, State.SCRIPT_DATA,
                          State.PLAINTEXT, State.CDATA_SECTION})


class TokenizerCore(TokenizerBase):
    """What all HTML state families share, on the shared tokenizer core."""

    _CHARACTERS = Characters
    _COMMENT = Comment

    __slots__ = ("_state", "_comment", "return_state", "_temporary_buffer", "last_start_tag",
                 "allow_cdata", "processing_instructions", "fast_paths", "switching_start_tags",
                 "direct", "_direct_match", "_direct_end", "_attr_dup", "_attr_name",
                 "_attr_value", "_attrs", "_buffer_has_null", "_char_ref_code", "_doctype_name",
                 "_force_quirks", "_merged", "_pi_data", "_pi_target", "_public_id",
                 "_self_closing", "_stream", "_strict_scan_until", "_system_id", "_tag_is_end",
                 "_tag_name", "_located")

    def __init__(self, text: str | None = None, *, initial_state: State | str = State.DATA,
                 last_start_tag: str | None = None, processing_instructions: bool = True,
                 allow_cdata: bool = False, sink: Callable[[Token], Any] | None = None,
                 collect_errors: bool = True) -> None:
        if text is not None and not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__} "
                            f"(decode bytes first, e.g. data.decode('utf-8', 'replace'))")
        if last_start_tag is not None and not isinstance(last_start_tag, str):
            raise TypeError(f"last_start_tag must be a str or None, not "
                            f"{type(last_start_tag).__name__}")
        if sink is not None and not callable(sink):
            raise TypeError("sink must be a callable taking one token")
        if not (isinstance(processing_instructions, bool) and isinstance(allow_cdata, bool)
                and isinstance(collect_errors, bool)):
            for flag_name, flag in (("processing_instructions", processing_instructions),
                                    ("allow_cdata", allow_cdata),
                                    ("collect_errors", collect_errors)):
                if not isinstance(flag, bool):
                    raise TypeError(f"{flag_name} must be a bool, not {type(flag).__name__}")

        state: State = _DATA if initial_state is _DATA else State.lookup(initial_state)
        self._state = state
        #: The "return state" of the character reference states.
        self.return_state: State = _DATA
        # The "temporary buffer" of the standard (see temporary_buffer).
        self._temporary_buffer = ""
        #: The tag name of the last start tag emitted (or set by the tree
        #: builder); ``None`` until there is one.
        self.last_start_tag: str | None = last_start_tag.lower() if last_start_tag else None
        #: The tree builder's flag: "there is an adjusted current node and it
        #: is not an element in the HTML namespace" (CDATA sections allowed).
        self.allow_cdata = allow_cdata
        self.processing_instructions = processing_instructions
        #: Take the shortcuts (the data state's loop, the markup declaration
        #: open state's).  They emit exactly what the state-by-state path
        #: emits; ``False`` runs every state (the ``trace`` command does).
        self.fast_paths = True
        #: The data state's loop pauses after these start tags (see
        #: :mod:`markup5.html.tokenizer.shortcuts`).
        self.switching_start_tags: frozenset[str] = SWITCHING_START_TAGS
        #: A tree builder taking text and simple tags without tokens, or None.
        self.direct: Any = None
        # Where the token being offered to it ends (see direct_token_end):
        # the data state's loop leaves its regex match, the states that
        # offer a token set the offset itself.
        self._direct_match: re.Match[str] | None = None
        self._direct_end = 0

        self._init_core(text, State, collect_errors=collect_errors, sink=sink)
        #: With source locations on, the tree builder's note of the token
        #: being handled (see LocatedToken): the data state's loop and the
        #: states that offer tokens to :attr:`direct` note theirs there,
        #: and input consumed with no token and no pending text (``</>``,
        #: an empty CDATA section) is noted as a gap.
        self._located: LocatedToken | None = None
        self._buffer_has_null = False
        self._strict_scan_until = 0
        self._stream = InputStream(keep=collect_errors)
        self._merged: ErrorMerge | None = None  # (the errors property's)

        # The current tag token.
        self._tag_name = ""
        # (Its name, and an attribute's, and the temporary buffer, are read
        # in pieces: _name_parts, in the shared core.)
        self._tag_is_end = False
        self._attrs: dict[str, str] = {}
        self._self_closing = False
        self._attr_name = ""
        self._attr_value: list[str] = []
        self._attr_dup = False
        # The current comment, DOCTYPE and processing instruction tokens.
        self._comment: list[str] = []
        self._doctype_name: list[str] | None = None
        self._public_id: list[str] | None = None
        self._system_id: list[str] | None = None
        self._force_quirks = False
        self._pi_target = ""
        self._pi_data: list[str] = []
        # The character reference code of the numeric states.
        self._char_ref_code = 0

        if state is not _DATA:
            self._start_in(state)

    # ------------------------------------------------------------------
    # Public interface

    @property
    def errors(self) -> list[ParseError]:
        """Parse errors so far, in stream order: the tokenizer's own and the
        input stream's (surrogates, noncharacters, controls).  Complete once
        the input is closed."""
        problems = self._stream.problems() if self._collect_errors else ()
        if not problems:
            return self._errors
        merge = self._merged
        if merge is None:
            merge = self._merged = ErrorMerge(self._positions)
        return merge.update(problems, (self._errors,))

    @property
    def state(self) -> State:
        """The current state.  Assigning it (a :class:`State` or a spec name)
        is the tree builder's feedback channel: RCDATA, RAWTEXT, script data,
        PLAINTEXT, ..."""
        return State(self._state)

    @state.setter
    def state(self, state: State | str) -> None:
        self._state = State.lookup(state)

    def switch_to(self, state: State | str) -> None:
        """Set the tokenizer's state (the same as assigning :attr:`state`)."""
        self._state = State.lookup(state)

    # ------------------------------------------------------------------
    # Input

    def _push(self, chunk: str, final: bool) -> None:
        """Preprocess ``chunk`` with the input stream (newlines, and the
        stream's own parse errors) and append it."""
        self._append(self._stream.push(chunk, final=final))

    def _append(self, text: str) -> None:
        if not text:
            return
        TokenizerBase._append(self, text)
        # Chosen once per buffer: the data state's loop has faster regexes
        # for text without NULL.
        self._buffer_has_null = has_null(self.buf)
        self._strict_scan_until = 0

    # ------------------------------------------------------------------
    # Tokens

    @property
    def temporary_buffer(self) -> str:
        """The "temporary buffer" of the standard, with the pieces the
        current state is still reading (see ``_name_parts``)."""
        if self._name_parts and self._state in _BUFFER_STATES:
            return "".join(self._name_parts)  # (the buffer was empty on entry)
        return self._temporary_buffer

    def _start_tag(self, is_end: bool) -> None:
        """Create a new start or end tag token with an empty name."""
        self._tag_name = ""
        self._tag_is_end = is_end
        self._attrs = {}
        self._self_closing = False

    def _emit_current_tag(self, index: int) -> None:
        """Emit the current tag token; ``index`` is its ``>`` (for errors)."""
        if self._text:
            self._flush_text(self._lt)
        name = self._tag_name
        if self._tag_is_end:
            if self._attrs:
                self._error("end-tag-with-attributes", index)
            if self._self_closing:
                self._error("end-tag-with-trailing-solidus", index)
            self._out.append(EndTag(name))
        else:
            self.last_start_tag = name
            self._out.append(StartTag(name, self._attrs, self._self_closing))
        if self._ends is not None:
            self._ends.append(self._base + index + 1)

    def _emit_eof_in_tag(self) -> bool:
        """The end of the input inside a start or end tag, which is
        dropped: the pending text ends at the tag's "<" (``_lt``), not at
        the end of the input."""
        if self._text:
            self._flush_text(self._lt)
        return self._emit_eof()

    def _gap(self, end: int) -> None:
        """Input up to stream offset ``end`` was consumed without making a
        token (``</>``, an empty CDATA section): noted for source locations
        when no text is pending (text pending goes on across it)."""
        if self._located is not None and not self._text:
            self._located.gaps.append(end)

    def _is_appropriate_end_tag(self) -> bool:
        """Whether the current end tag token is an appropriate end tag token."""
        return self._tag_name == self.last_start_tag

    # Attributes -------------------------------------------------------

    def _start_attribute(self, name: str) -> None:
        """Start a new attribute in the current tag token (its name is read
        in pieces by the attribute name state)."""
        if name:
            self._name_parts.append(name)
        self._attr_value = []

    def _leave_attribute_name(self, index: int) -> None:
        """Run the duplicate check the standard does when the attribute name
        state is left (its name, read in pieces, is now whole); a duplicate
        attribute will be dropped."""
        name = self._attr_name = self._take_name()
        if name in self._attrs:
            self._error("duplicate-attribute", index)
            self._attr_dup = True
        else:
            self._attrs[name] = ""
            self._attr_dup = False

    def _finish_attribute_value(self) -> None:
        """Store the attribute value built so far (unless a duplicate)."""
        if not self._attr_dup:
            value = self._attr_value
            self._attrs[self._attr_name] = (
                "" if not value else value[0] if len(value) == 1 else "".join(value))

    # Comments, DOCTYPEs -----------------------------------------------

    def _new_doctype(self) -> None:
        self._doctype_name = None
        self._public_id = None
        self._system_id = None
        self._force_quirks = False

    def _emit_doctype(self) -> None:
        name, public_id, system_id = self._doctype_name, self._public_id, self._system_id
        self._emit(Doctype(
            None if name is None else "".join(name),
            None if public_id is None else "".join(public_id),
            None if system_id is None else "".join(system_id),
            self._force_quirks))

    def _start_in(self, state: State) -> None:
        """Starting in a state inside a token (only the tokenizer tests do
        that, and only for text states): give the states the token they
        expect, as if its earlier part had been read."""
        name = state.name
        if "DOCTYPE" in name and state not in (State.DOCTYPE, State.BEFORE_DOCTYPE_NAME):
            self._doctype_name = []
            if "PUBLIC_IDENTIFIER_" in name:
                self._public_id = []
            elif "SYSTEM_IDENTIFIER_" in name:
                self._system_id = []

    # Introspection (used by the trace command) ------------------------

    def current_token(self) -> Token | None:
        """The token under construction in the current state, if any
        (for inspection; the returned object is a snapshot)."""
        state = State(self._state)
        if state in _TEXT_STATES:
            return None
        family = _FAMILY.get(state)
        if family == "tag":
            attrs = dict(self._attrs)
            tag_name = self._tag_name
            if state == State.TAG_NAME:
                tag_name = "".join(self._name_parts)
            elif state in _BUFFER_STATES:  # an end tag name state
                tag_name = lower_ascii(self.temporary_buffer)
            attr_name = self._attr_name
            if state == State.ATTRIBUTE_NAME:
                attr_name = "".join(self._name_parts)
            if attr_name and state in _ATTRIBUTE_STATES and not self._attr_dup:
                attrs[attr_name] = "".join(self._attr_value)
            if self._tag_is_end:
                return EndTag(tag_name)
            return StartTag(tag_name, attrs, self._self_closing)
        if family == "comment":
            return Comment("".join(self._comment))
        if family == "doctype":
            name, public_id, system_id = self._doctype_name, self._public_id, self._system_id
            return Doctype(None if name is None else "".join(name),
                           None if public_id is None else "".join(public_id),
                           None if system_id is None else "".join(system_id),
                           self._force_quirks)
        if family == "pi":
            from ...tokens import ProcessingInstruction
            return ProcessingInstruction(self._pi_target, "".join(self._pi_data))
        if family == "charref" and self.return_state not in _TEXT_STATES:
            saved = self._state
            self._state = self.return_state
            try:
                return self.current_token()
            finally:
                self._state = saved
        return None


_S = State
_ATTRIBUTE_STATES = frozenset({
    _S.ATTRIBUTE_NAME, _S.AFTER_ATTRIBUTE_NAME, _S.BEFORE_ATTRIBUTE_VALUE,
    _S.ATTRIBUTE_VALUE_DOUBLE_QUOTED, _S.ATTRIBUTE_VALUE_SINGLE_QUOTED,
    _S.ATTRIBUTE_VALUE_UNQUOTED})
#: The states that read the temporary buffer in pieces (``_name_parts``).
_BUFFER_STATES = frozenset({
    _S.RCDATA_END_TAG_NAME, _S.RAWTEXT_END_TAG_NAME, _S.SCRIPT_DATA_END_TAG_NAME,
    _S.SCRIPT_DATA_ESCAPED_END_TAG_NAME, _S.SCRIPT_DATA_DOUBLE_ESCAPE_START,
    _S.SCRIPT_DATA_DOUBLE_ESCAPE_END, _S.PROCESSING_INSTRUCTION_TARGET})
_FAMILY: dict[State, str] = {}
for _state in State:
    _n = _state.name
    if _n in ("TAG_NAME", "SELF_CLOSING_START_TAG") or "ATTRIBUTE" in _n or _n.endswith(
            "END_TAG_NAME"):
        _FAMILY[_state] = "tag"
    elif _n.startswith("COMMENT") or _n == "BOGUS_COMMENT":
        _FAMILY[_state] = "comment"
    elif "DOCTYPE" in _n:
        _FAMILY[_state] = "doctype"
    elif "PROCESSING_INSTRUCTION" in _n and _n not in ("PROCESSING_INSTRUCTION_OPEN",
                                                       "PROCESSING_INSTRUCTION_TARGET"):
        _FAMILY[_state] = "pi"
    elif "CHARACTER_REFERENCE" in _n or _n == "AMBIGUOUS_AMPERSAND":
        _FAMILY[_state] = "charref"
