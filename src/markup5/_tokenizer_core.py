"""The core both tokenizers run on: input buffer, run loop, emission, errors.

The HTML tokenizer (:mod:`markup5.html.tokenizer`) and the XML5 tokenizer
(:mod:`markup5.xml.tokenizer`) are state machines of the same shape: one
method per state of their standard, a table of those methods indexed by an
``IntEnum`` of the states, and one string buffer read at an integer cursor.
This module holds what they share:

* **Input.** ``buf`` is the unconsumed tail of the preprocessed stream,
  ``pos`` the next input character, ``end`` the buffer's length and
  ``_base`` the stream offset of ``buf[0]``.  Each tokenizer preprocesses
  a chunk its own way (:meth:`TokenizerBase._push`) and hands the result to
  :meth:`TokenizerBase._append`.
* **The run loop.** :meth:`~TokenizerBase._drive` (``feed``/``close``) and
  :meth:`~TokenizerBase._batches` (iteration, with an observer for a tree
  builder's feedback) call ``handlers[state](tokenizer)`` until a handler returns
  ``False``: it needs input that has not arrived, or the end-of-file token
  has been emitted (:meth:`~TokenizerBase._emit_eof`).
* **Emission.** Character data is gathered in ``_text`` and coalesced into
  one token when another token is emitted; tokens go to ``_out``, and
  optionally (``_ends``) the stream offset just past each.
* **Parse errors.** :meth:`~TokenizerBase._error` records a
  :class:`~markup5.errors.ParseError` (code and stream offset; line and
  column are worked out only when read), and with ``_inline`` on also puts
  it in the token stream where it occurs (as xml5lib-tests place errors).

Every state handler keeps one contract: it reads ``self.buf`` at
``self.pos``, may consume a run of characters at once, updates ``self.pos``
and ``self._state`` and returns ``True`` to keep the machine running; when
it needs a character that has not arrived yet and the input is not closed,
it returns ``False`` having saved only progress that does not depend on
what comes next, so tokens and errors do not depend on chunk boundaries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from enum import IntEnum
from itertools import chain
from typing import Any, ClassVar, Union

from ._mypyc import mypyc_attr
from .errors import ParseError, PositionMap
from .tokens import Token

__all__ = ["TokenizerBase", "Emitted", "has_null"]


def has_null(text: str) -> bool:
    """Whether ``text`` holds U+0000 NULL, asked once of each buffer.

    ``str.find`` rather than ``in``: for a text stored two bytes a
    character (any page with a character past U+00FF), CPython 3.11 and
    3.12 answer ``"\x00" in text`` about twice as slowly as
    ``text.find("\x00")`` (measured on the corpus: 13 ms against 7 ms a
    pass, near 1% of a parse; 3.10 and 3.13 are as fast either way)."""
    return text.find("\x00") != -1

#: What a tokenizer puts in its output: tokens, and with inline errors on,
#: parse errors where they occur.
Emitted = Union[Token, ParseError]

#: Each tokenizer class's state handlers, in state order (worked out once).
_HANDLERS: dict[type, tuple[Callable[[Any], bool], ...]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)  # the XML tokenizer stays Python
class TokenizerBase:
    """Input buffer, run loop, emission and error reporting of a tokenizer.

    A subclass sets the token classes :attr:`_CHARACTERS` and
    :attr:`_COMMENT`, calls :meth:`_init_core` from its constructor, and
    implements :meth:`_push` (preprocess a chunk, then :meth:`_append` it)
    and one ``_<state name>_state`` method per member of its state enum.
    """

    #: The token classes for character data and comments.
    #: (Class variables: the subclasses, one of them interpreted in the
    #: compiled build, set them on the class.  Any: mypy would take a
    #: ClassVar Callable for a method.)  Called with the data (a str).
    _CHARACTERS: ClassVar[Any]
    _COMMENT: ClassVar[Any]

    #: The current state (a member of the subclass's state enum) and the
    #: current comment token's parts.
    _state: int
    _comment: list[str]

    # The state lives in slots, declared by the class that sets it (reads
    # from an instance dict of more than 30 keys, which CPython does not
    # share, cost a dict lookup each).  A subclass without __slots__ (the
    # XML tokenizer) has a dict for its own.
    __slots__ = ("buf", "pos", "end", "_base", "_closed", "_done", "_positions", "_source",
                 "_out", "_ends", "token_ends", "_text", "_errors", "_collect_errors",
                 "_inline_errors", "_sink", "_handlers", "_lt", "_name_parts", "__weakref__")

    def _init_core(self, text: str | None, states: type[IntEnum], *,
                   collect_errors: bool = True, inline_errors: bool = False,
                   sink: Callable[[Any], object] | None = None) -> None:
        """Set up the buffer, the output and the handler table (one method
        per member of ``states``, ``_<name in lower case>_state``)."""
        # The input: the unconsumed tail of the preprocessed stream.
        self.buf = ""
        self.pos = 0
        self.end = 0
        self._base = 0  # stream offset of buf[0]
        self._closed = False
        self._done = False
        self._positions = PositionMap()
        self._source = text

        # Output.
        self._out: list[Emitted] = []
        #: With offset tracking on (a tree builder turns it on), the stream
        #: offset just past each token in ``_out``.
        self._ends: list[int] | None = None
        self.token_ends: list[int] = []
        self._text: list[str] = []  # pending character data, coalesced on flush
        #: The stream offset of the last "<" an HTML text state consumed:
        #: where pending text ends when the token that "<" begins is
        #: emitted (so the recorded end of a Characters token does not
        #: depend on where the input was split).
        self._lt: int | None = None
        self._sink = sink
        #: The pieces of the name the current state is reading (a tag name,
        #: an attribute name, a temporary buffer, a target), joined once
        #: when the state is left (:meth:`_take_name`): ``+=`` copied the
        #: name read so far for each NULL or quote inside it, and for each
        #: ``feed()`` chunk, which made such names quadratic in time.
        self._name_parts: list[str] = []
        self._errors: list[ParseError] = []
        self._collect_errors = collect_errors
        self._inline_errors = inline_errors  # (not "_inline": mypyc would name it __inline, a C keyword)

        cls = type(self)
        functions = _HANDLERS.get(cls)
        if functions is None:
            functions = _HANDLERS[cls] = tuple(
                getattr(cls, f"_{state.name.lower()}_state") for state in states)
        #: The state handlers in state order, each called with the
        #: tokenizer.  The functions are looked up once per class: small
        #: documents are common in XML, and looking them up per tokenizer
        #: cost more than parsing one.  Nor are they bound to the tokenizer:
        #: making eighty bound methods was four fifths of the cost of a new
        #: tokenizer (10 us against 2 us), and a parsed document, which then
        #: kept its tokenizer for its errors, kept them too.  (The class's own
        #: tuple: a test that wraps the handlers of one tokenizer gives it a
        #: list of its own.)
        self._handlers: Sequence[Callable[[Any], bool]] = functions

    # ------------------------------------------------------------------
    # Public interface

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has been called (or the text consumed)."""
        return self._closed

    @property
    def offset(self) -> int:
        """Offset in the preprocessed stream of the next input character."""
        return self._base + self.pos

    def feed(self, chunk: str) -> list[Emitted]:
        """Tokenize the next chunk of input.

        Returns the tokens completed by this chunk (with a ``sink``, they are
        passed to it instead and the list is empty).  Tokens that may still
        grow, such as a run of text at the end of the chunk, are held until
        more input or :meth:`close` settles them, so the tokens and errors do
        not depend on where the input is split.
        """
        if not isinstance(chunk, str):
            raise TypeError(f"feed() takes a str, not {type(chunk).__name__}")
        if self._closed:
            raise ValueError("feed() after close()")
        if self._source is not None:
            raise ValueError("this Tokenizer was given its text: iterate over it instead of "
                             "calling feed()")
        self._push(chunk, False)
        return self._drive()

    def close(self) -> list[Emitted]:
        """Signal the end of input; returns the remaining tokens."""
        if self._closed:
            return []
        self._push("", True)
        self._closed = True
        return self._drive()

    def __iter__(self) -> Iterator[Emitted]:
        """Tokenize the text given to the constructor, lazily, one step of
        the machine at a time."""
        return self.tokens()

    def tokens(self, observer: Callable[[list[Emitted]], object] | None = None
               ) -> Iterator[Emitted]:
        """Like iterating, with an ``observer`` that is given each step's
        tokens (a list) before they are yielded and before the tokenizer reads
        on: a hook for a tree builder's feedback."""
        source = self._source
        if source is None:
            if self._closed:
                raise TypeError("this Tokenizer has already been iterated (tokens are produced "
                                "once)")
            raise TypeError("this Tokenizer was created without text: use feed() and close()")
        self._source = None
        self._push(source, True)
        self._closed = True
        return chain.from_iterable(self._batches(observer))

    # ------------------------------------------------------------------
    # Input

    def _push(self, chunk: str, final: bool) -> None:
        """Preprocess ``chunk`` and :meth:`_append` it (``final``: it is the
        last)."""
        raise NotImplementedError

    def _append(self, text: str) -> None:
        """Append preprocessed ``text`` to the buffer, dropping what has been
        consumed."""
        if not text:
            return
        if self._collect_errors:
            self._positions.add(text)
        pos = self.pos
        if pos:
            self._base += pos
            self.buf = self.buf[pos:] + text
            self.pos = 0
        elif self.buf:
            self.buf += text
        else:
            self.buf = text
        self.end = len(self.buf)

    # ------------------------------------------------------------------
    # The run loop

    def _drive(self) -> list[Emitted]:
        """Run the machine as far as the input allows; returns the tokens."""
        if self._done:
            return []
        if self._sink is None:
            handlers = self._handlers
            while handlers[self._state](self):
                pass
            out = self._out
            self._out = []
            return out
        for _ in self._batches():  # the sink is given each token
            pass
        return []

    def _batches(self, observer: Callable[[list[Emitted]], object] | None = None
                 ) -> Iterator[list[Emitted]]:
        """Run the machine, yielding the tokens of each step as a list as soon
        as the step is over.  ``observer`` sees each list before it is
        yielded."""
        if self._done:
            return
        handlers = self._handlers
        running = True
        while running:
            running = handlers[self._state](self)
            out = self._out
            if out:
                self._out = []
                if self._ends is not None:
                    self.token_ends, self._ends = self._ends, []
                if observer is not None:
                    observer(out)
                if self._sink is not None:
                    for token in out:
                        self._sink(token)
                yield out

    def _take_name(self) -> str:
        """The name read in pieces (see ``_name_parts``), which are cleared."""
        parts = self._name_parts
        if len(parts) == 1:
            name = parts[0]
        else:
            name = "".join(parts)
        parts.clear()
        return name

    # ------------------------------------------------------------------
    # Emission and errors

    def _error(self, code: str, index: int) -> None:
        """Report a parse error at ``index`` in the current buffer."""
        if self._collect_errors:
            error = ParseError(code, self._base + index, self._positions)
            self._errors.append(error)
            if self._inline_errors:
                if self._text:
                    self._flush_text()
                self._out.append(error)

    def _flush_text(self, end: int | None = None) -> None:
        """Emit the pending character data as one token (``end``: its end
        offset, when it is not the current position)."""
        text = self._text
        data = text[0] if len(text) == 1 else "".join(text)
        text.clear()
        if data:
            self._out.append(self._CHARACTERS(data))
            if self._ends is not None:
                self._ends.append(self._base + self.pos if end is None else end)

    def _emit(self, token: Token) -> None:
        """Emit ``token`` (after the pending character data)."""
        if self._text:
            self._flush_text(self._lt)
        self._out.append(token)
        if self._ends is not None:
            self._ends.append(self._base + self.pos)

    def _emit_eof(self) -> bool:
        """Emit the end-of-file token: flush pending text and stop for good."""
        if self._text:
            self._flush_text()
        self._done = True
        return False

    def _emit_comment(self) -> None:
        """Emit the current comment token (``_comment``, a list of parts)."""
        parts = self._comment
        self._emit_comment_data(parts[0] if len(parts) == 1 else "".join(parts))

    def _emit_comment_data(self, data: str) -> None:
        """Emit a comment token whose text is ``data`` (the HTML tokenizer
        may hand it to its tree builder instead)."""
        self._emit(self._COMMENT(data))
