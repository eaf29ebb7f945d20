"""``tokenize()``: the tokenizer with the tree builder's feedback for the
elements that contain only text.

The HTML tokenizer is not context-free: the tree builder switches its state
when it inserts certain elements ("parsing elements that contain only
text").  Without a tree builder, :class:`TextElementFeedback` applies the
tokenizer-level part of those rules:

* after ``<title>`` and ``<textarea>``: RCDATA;
* after ``<style>``, ``<xmp>``, ``<iframe>``, ``<noembed>``, ``<noframes>``
  (and ``<noscript>`` when scripting is on): RAWTEXT;
* after ``<script>``: script data;  after ``<plaintext>``: PLAINTEXT;
* CDATA sections are allowed only inside ``<svg>`` and ``<math>``, tracked as
  a simple nesting of those start and end tags, and inside them the
  switches above do not happen (an SVG ``<title>`` or ``<script>`` is
  ordinary markup).

It does not model the rest of tree construction (for example, HTML elements
that break out of foreign content, or ``<textarea>`` inside ``<select>``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast

from .._tokenizer_core import Emitted
from ..errors import ParseError
from ..tokens import EndTag, StartTag, Token
from .states import State
from .tokenizer import Tokenizer

__all__ = ["TextElementFeedback", "TokenStream", "tokenize", "decode_html_bytes"]

RCDATA_ELEMENTS = frozenset({"title", "textarea"})
RAWTEXT_ELEMENTS = frozenset({"style", "xmp", "iframe", "noembed", "noframes"})
FOREIGN_ROOTS = frozenset({"svg", "math"})


class TextElementFeedback:
    """Switches a tokenizer's state after the start tags of the elements
    that contain only text, and keeps its ``allow_cdata`` flag in step with
    ``<svg>``/``<math>`` nesting.  It adds ``svg`` and ``math`` to the
    tokenizer's ``switching_start_tags`` (see ``__init__``)."""

    __slots__ = ("tokenizer", "scripting", "_switches", "_foreign_depth")

    def __init__(self, tokenizer: Tokenizer, *, scripting: bool = False) -> None:
        self.tokenizer = tokenizer
        self.scripting = scripting
        switches = {name: State.RCDATA for name in RCDATA_ELEMENTS}
        switches.update((name, State.RAWTEXT) for name in RAWTEXT_ELEMENTS)
        switches["script"] = State.SCRIPT_DATA
        switches["plaintext"] = State.PLAINTEXT
        if scripting:
            switches["noscript"] = State.RAWTEXT
        self._switches = switches
        self._foreign_depth = 0
        # The data state's shortcut ends its step after these start tags, as
        # the states do after every start tag: outside <svg> and <math>, a
        # start tag that matters here is the last token of its step.
        tokenizer.switching_start_tags = tokenizer.switching_start_tags | FOREIGN_ROOTS

    def __call__(self, tokens: Sequence[Emitted]) -> None:
        """Observe the tokens of one step, as the tree builder would, before
        the tokenizer reads on."""
        if not self._foreign_depth:
            # Only the last token can be a start tag that matters (see
            # __init__), and no end tag does.
            tokens = tokens[-1:]
        for token in tokens:
            kind = type(token)
            if kind is StartTag:
                assert isinstance(token, StartTag)  # for the type checker
                name = token.name
                if self._foreign_depth:
                    if name in FOREIGN_ROOTS and not token.self_closing:
                        self._foreign_depth += 1
                elif name in FOREIGN_ROOTS:
                    if not token.self_closing:
                        self._foreign_depth = 1
                        self.tokenizer.allow_cdata = True
                else:
                    state = self._switches.get(name)
                    if state is not None:
                        self.tokenizer.state = state
            elif kind is EndTag and self._foreign_depth and \
                    cast(EndTag, token).name in FOREIGN_ROOTS:
                self._foreign_depth -= 1
                if not self._foreign_depth:
                    self.tokenizer.allow_cdata = False


class TokenStream:
    """The result of :func:`tokenize`: iterate over it (once) for the tokens;
    :attr:`errors` then holds the parse errors."""

    __slots__ = ("tokenizer", "_feedback")

    def __init__(self, tokenizer: Tokenizer, feedback: TextElementFeedback | None) -> None:
        self.tokenizer = tokenizer
        self._feedback = feedback

    def __iter__(self) -> Iterator[Token]:
        # The HTML tokenizer puts no parse errors in its output.
        return cast("Iterator[Token]", self.tokenizer.tokens(self._feedback))

    @property
    def errors(self) -> list[ParseError]:
        """The parse errors (complete once iteration has finished)."""
        return self.tokenizer.errors


def decode_html_bytes(data: bytes, *, transport_encoding: str | None = None,
                      default_encoding: str = "windows-1252", detect: bool = True) -> str:
    """Decode an HTML byte stream as a browser would before parsing: the
    encoding sniffing algorithm (BOM, ``transport_encoding``, the prescan of
    the first 1024 bytes, then with ``detect`` the autodetection step, as
    :func:`markup5.parse` takes it, then ``default_encoding``), then the
    encoding's decoder (a BOM is skipped; errors become U+FFFD).  Without a
    tree builder a later ``<meta>`` cannot change the encoding (see
    :class:`markup5.HTMLParser` for that)."""
    from ..encoding.core import ENCODINGS
    from ..encoding.detect import DETECT_LENGTH
    from ..encoding.detect import detect as autodetect
    from ..encoding.sniff import PRESCAN_LENGTH, _label, sniff_steps
    if not isinstance(detect, bool):
        raise TypeError(f"detect must be a bool, not {type(detect).__name__}")
    encoding, _, bom, source = sniff_steps(bytes(data[:PRESCAN_LENGTH]),
                                           _label(transport_encoding, "transport_encoding", True),
                                           _label(default_encoding, "default_encoding", False))
    # The autodetection step, on the same window and under the same
    # condition as the parser's (an ASCII-compatible default).
    if source == "default" and detect and encoding.is_ascii_compatible:
        encoding = autodetect(bytes(data[:DETECT_LENGTH]),
                              len(data) >= DETECT_LENGTH) or encoding
    return ENCODINGS[encoding.name].decode(bytes(data[bom:]))


def tokenize(text: str | bytes, *, initial_state: State | str = State.DATA,
             last_start_tag: str | None = None, processing_instructions: bool = True,
             scripting: bool = False, feedback: bool = True,
             transport_encoding: str | None = None,
             default_encoding: str = "windows-1252", detect: bool = True) -> TokenStream:
    """Tokenize HTML the way a browser's tokenizer sees it.

    Returns a :class:`TokenStream`: iterate over it for the tokens, then read
    its ``errors``.  With ``feedback`` (the default) the tokenizer switches
    to RCDATA, RAWTEXT, script data or PLAINTEXT after the start tags of
    the elements that contain only text, as the tree builder makes it do
    (see :class:`TextElementFeedback`), so
    ``tokenize('<script>var s="</script>"</script>')`` ends the script at
    the first ``</script>``.  ``feedback=False`` gives the raw tokenizer.
    ``scripting`` makes ``<noscript>`` RAWTEXT, as in a browser with
    scripting on.  Bytes are decoded as a browser decodes them, with
    ``transport_encoding``, ``default_encoding`` and ``detect`` as in
    :func:`markup5.parse` (see :func:`decode_html_bytes`).
    """
    if isinstance(text, (bytes, bytearray)):
        text = decode_html_bytes(bytes(text), transport_encoding=transport_encoding,
                                 default_encoding=default_encoding, detect=detect)
    elif not isinstance(text, str):
        raise TypeError(f"tokenize() takes str or bytes, not {type(text).__name__}")
    if not isinstance(scripting, bool):
        raise TypeError(f"scripting must be a bool, not {type(scripting).__name__}")
    tokenizer = Tokenizer(text, initial_state=initial_state, last_start_tag=last_start_tag,
                          processing_instructions=processing_instructions)
    return TokenStream(tokenizer, TextElementFeedback(tokenizer, scripting=scripting)
                       if feedback else None)
