"""The HTML parser: tokenizer + tree construction (§13.2), the fragment
parsing algorithm (§13.4), and the public :func:`parse` and
:func:`parse_fragment`.

:class:`HTMLParser` is incremental: ``feed()`` it str or bytes chunks, then
``close()`` it for the :class:`~markup5.dom.Document`.  Bytes go through the
input byte stream of §13.2.3: the encoding sniffing algorithm (on the first
1024 bytes, or on fewer at ``close()``), a stateful decoder of the Encoding
Standard, and "change the encoding" when a ``<meta>`` that the tree builder
inserts names another encoding while the confidence is tentative.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..._collector import collector_paused
from ...dom import HTML_NAMESPACE, MATHML_NAMESPACE, Document, DocumentFragment, \
    Element, Node, _create_element
from ...encoding.core import ENCODINGS, Encoding, decode as _decode_bytes, lookup
from ...encoding.decoders import Decoder
from ...errors import ErrorMerge, ParseError, error_offset
from ...encoding.detect import DETECT_LENGTH, detect
from ...encoding.sniff import PRESCAN_LENGTH, _label, extract_encoding_from_meta, sniff_steps
from ...tokens import Characters, EndTag, StartTag
from ..constants import FOREIGN_BREAKOUT_TAGS, VOID_ELEMENTS
from ..contexts import context_name
from ..states import State
from ..tokenizer import Tokenizer
from ..tokenizer.core import LocatedToken
from .modes import (ADOPTION_END, BODY_START_SPECIAL, END_TAGS_BEYOND_POP, IN_BODY_START_RULES,
                    IN_CELL_OWN_END_TAGS, IN_CELL_OWN_START_TAGS, IN_HEAD_VOID_START_TAGS,
                    INSERT_A_COMMENT_MODES, MAY_BE_INTEGRATION_POINTS, TABLE_TEXT_MODES,
                    TABLE_TEXT_TARGETS, WHITESPACE, InsertionModes)
from .treebuilder import DIRECT_TAG_END, DIRECT_TEXT_END, MARKER
from .sink import DomSink, LocatingDomSink, TreeSink

__all__ = ["HTMLParser", "parse", "parse_fragment", "TreeSink", "DomSink", "LocatingDomSink"]

HTML = HTML_NAMESPACE

_MODE_METHODS = {
    "initial": "_initial",
    "before html": "_before_html",
    "before head": "_before_head",
    "in head": "_in_head",
    "in head noscript": "_in_head_noscript",
    "after head": "_after_head",
    "in body": "_in_body",
    "text": "_text",
    "in table": "_in_table",
    "in table text": "_in_table_text",
    "in caption": "_in_caption",
    "in column group": "_in_column_group",
    "in table body": "_in_table_body",
    "in row": "_in_row",
    "in cell": "_in_cell",
    "in template": "_in_template",
    "after body": "_after_body",
    "in frameset": "_in_frameset",
    "after frameset": "_after_frameset",
    "after after body": "_after_after_body",
    "after after frameset": "_after_after_frameset",
}

#: Each parser class's insertion mode methods, by mode (worked out once).
_MODE_HANDLERS: dict[type, dict[str, Callable[[Any, Any], bool | None]]] = {}

_UTF8 = ENCODINGS["UTF-8"]
_UTF16 = (ENCODINGS["UTF-16BE"], ENCODINGS["UTF-16LE"])
_WINDOWS_1252 = ENCODINGS["windows-1252"]
_X_USER_DEFINED = ENCODINGS["x-user-defined"]
#: The sinks whose documents the parser makes (and makes anew to re-parse).
_OWN_SINKS = (DomSink, LocatingDomSink)
#: The first slice of bytes decoded while the encoding is tentative.
_FIRST_SLICE = 4096
#: A byte that is not an ASCII byte.
_NON_ASCII_BYTE = re.compile(b"[\x80-\xff]")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

#: For tests only: True makes every parser started afterwards run the full
#: rules, the reference its shortcuts are checked against
#: (tests/test_direct_tree_building.py): the tokenizer walks every state (no
#: data state or comment shortcut, ``Tokenizer.fast_paths`` False) and every
#: token goes through the tree construction dispatcher (no tree building
#: without tokens, see below).  False, the default, takes both shortcuts.
#: (A module global, not a class attribute: the compiled build's classes
#: cannot be changed from Python.)
_FULL_RULES = False


class _ChangeEncoding(Exception):
    """Raised from the tree builder to re-parse with another encoding
    ("change the encoding", step 6)."""

    def __init__(self, encoding: Encoding) -> None:
        super().__init__(encoding.name)
        self.encoding = encoding


class HTMLParser(InsertionModes):
    """An HTML parser: a tokenizer driving the tree construction stage.

    Incremental use::

        parser = HTMLParser()
        for chunk in chunks:        # str, or bytes (not a mix of both)
            parser.feed(chunk)
        document = parser.close()

    The result is the same wherever the input is split.  Bytes are decoded
    as §13.2.3 says: ``transport_encoding`` is the transport layer's
    encoding label (a Content-Type charset), ``default_encoding`` the
    default when nothing else says (a browser's depends on its locale), and
    ``detect`` (on by default) the autodetection step before that default:
    bytes that declare nothing are UTF-8 if their first 256 KiB are valid
    UTF-8 and not all ASCII (:mod:`markup5.encoding.detect`; the bytes
    from the first non-ASCII one are held back until that much has arrived
    or :meth:`close`, so the guess never depends on the chunks).
    The encoding is sniffed once 1024 bytes have arrived (or at
    :meth:`close`); while its confidence is tentative the bytes are kept, so
    that a later ``<meta charset>`` naming another encoding can restart the
    parse with it (§13.2.3.4).  With a custom ``sink`` such a restart calls
    ``sink.reset()`` if the sink has one; otherwise the new encoding is
    ignored, as the standard says to do when re-parsing is not possible.

    After :meth:`close`, :attr:`encoding` is the encoding's name ("UTF-8"
    for str input), :attr:`encoding_confidence` is "certain",
    "tentative" or, for str input, "irrelevant", and
    :attr:`encoding_source` the step that chose the encoding (see
    :attr:`markup5.dom.Document.encoding_source`; None for str input).
    ``url`` becomes the document's ``url`` (see :func:`parse`).

    ``reconstruction_limit`` (on by default) keeps the tree linear in the
    input: the formatting elements that "reconstruct the active formatting
    elements" copies over a parse may take at most 65,536 characters plus
    one for each character of input (docs/html.md, "Limits").  False
    follows the standard without it, for input you trust.

    ``source_locations=True`` gives each node made for a token that token's
    span in the input (``node.source_location``, and on elements
    ``start_tag_location`` and ``end_tag_location``: see
    :mod:`markup5.locations`); the tree is then markup5's own (no ``sink``,
    or a :class:`~markup5.html.parser.sink.LocatingDomSink`).

    The parser keeps its state in ``__slots__``, so an instance takes no
    attributes of your own; a subclass does.
    """

    # (No __dict__: see SelectednessMixin.  A subclass has one again.)
    __slots__ = ("encoding", "_transport", "_default", "_processing_instructions", "_handlers",
                 "_encoding", "_input_kind", "_head", "_decoder", "_kept", "_all_ascii", "_done",
                 "_allow_cdata", "_error_merge", "_source_locations", "encoding_source", "_detect",
                 "_detect_end", "_held", "_url", "_sole_chunk", "_chunks_fed", "__weakref__")

    def __init__(self, sink: TreeSink | None = None, *, scripting: bool = False,
                 processing_instructions: bool = True, transport_encoding: str | None = None,
                 default_encoding: str = "windows-1252", reconstruction_limit: bool = True,
                 source_locations: bool = False, detect: bool = True,
                 url: str | None = None) -> None:
        #: The document's URL (checked, serialized), for ``document.url``.
        self._url: str | None = None
        if url is not None:
            from ...url import check_document_url
            self._url = check_document_url(url)
        if not isinstance(detect, bool):
            raise TypeError(f"detect must be a bool, not {type(detect).__name__}")
        #: Whether bytes that declare no encoding are autodetected.
        self._detect = detect
        if not isinstance(source_locations, bool):
            raise TypeError(f"source_locations must be a bool, not "
                            f"{type(source_locations).__name__}")
        if source_locations and sink is not None and not isinstance(sink, LocatingDomSink):
            raise ValueError("source_locations=True builds markup5's own tree: give no sink, "
                             "or a LocatingDomSink")
        #: Whether nodes get their source locations (markup5.locations).
        self._source_locations = source_locations
        if not isinstance(scripting, bool):
            raise TypeError(f"scripting must be a bool, not {type(scripting).__name__}")
        if not isinstance(reconstruction_limit, bool):
            raise TypeError(f"reconstruction_limit must be a bool, not "
                            f"{type(reconstruction_limit).__name__}")
        if not isinstance(processing_instructions, bool):
            raise TypeError(f"processing_instructions must be a bool, not "
                            f"{type(processing_instructions).__name__}")
        self._transport = _label(transport_encoding, "transport_encoding", True)
        self._default = _label(default_encoding, "default_encoding", False)
        self._processing_instructions = processing_instructions
        # The insertion modes' methods, looked up once per class and called
        # with the parser (a dict of bound methods made for each parser was
        # a fifth of the cost of parsing an empty document).
        cls = type(self)
        handlers = _MODE_HANDLERS.get(cls)
        if handlers is None:
            handlers = _MODE_HANDLERS[cls] = {mode: getattr(cls, method)
                                              for mode, method in _MODE_METHODS.items()}
        self._handlers = handlers
        #: The encoding's name (None until the first chunk).
        self.encoding: str | None = None
        #: The confidence of the encoding (None until the first chunk).
        self.encoding_confidence = None
        self._encoding: Encoding | None = None
        self._input_kind: type | None = None  # str or bytes, fixed by the first chunk
        self._head = bytearray()  # bytes received before the encoding is sniffed
        self._decoder: Decoder | None = None
        self._kept: list[bytes] = []  # the bytes, while the confidence is tentative
        # The input, when it is bytes that came in one chunk (the usual
        # parse()): the input stream's errors are found in them when they
        # were decoded as UTF-8 (see _errors_later).  None after a second.
        self._sole_chunk: bytes | None = None
        self._chunks_fed = 0
        self._all_ascii = True  # whether the kept bytes are all ASCII bytes
        #: Where the encoding came from (None until the first chunk, and
        #: for str input): see Document.encoding_source.
        self.encoding_source: str | None = None
        # Autodetection: the bytes of its window still to come (0 when it is
        # not pending), and those held back from the first non-ASCII one.
        self._detect_end = 0
        self._held = bytearray()
        self._done = False
        self._start(sink, scripting, reconstruction_limit)

    def _start(self, sink: TreeSink | None, scripting: bool, reconstruction_limit: bool) -> None:
        """A fresh tokenizer and tree construction state (also when
        re-parsing after a change of encoding)."""
        tokenizer = Tokenizer(processing_instructions=self._processing_instructions)
        tokenizer._ends = []  # track token offsets, to locate tree errors
        if _FULL_RULES:
            tokenizer.fast_paths = False
        else:
            tokenizer.direct = self
        if sink is None:
            sink = LocatingDomSink() if self._source_locations else DomSink()
        self._init_core(sink, tokenizer, scripting, reconstruction_limit)
        if self._source_locations:  # (see TreeBuilderCore's "Source locations")
            assert isinstance(sink, LocatingDomSink)
            located = LocatedToken(tokenizer._positions)
            tokenizer._located = self._located = sink.located = located
            sink.builder = self
            sink.positions = tokenizer._positions
            self._locating = True
        self._pending = None
        self._error_merge: ErrorMerge | None = None  # (all_errors; the tokenizer's are new)
        self._force_html = False
        self._skip_newline = False
        self._allow_cdata = False

    # Input ---------------------------------------------------------------------

    def feed(self, data: str | bytes | bytearray) -> None:
        """Parse the next chunk of the document (str or bytes; all chunks of
        one parse are of the same kind).

        Between chunks the document being built (``parser.sink.document``)
        can be looked at, and is whole but for a Text node that may still
        grow (the current node's last child, one just before an open table,
        the last child of an open table or template that an element was
        foster-parented out of, or whitespace after the head): that one may
        show only part of its text until it can no longer grow, or until
        :meth:`close`, so that a text arriving over many chunks is joined
        once, in time linear in its length.  ``parser.sink.flush_text()`` joins it at any time (and see
        :meth:`DomSink.flush_finished_text`)."""
        if self._done:
            raise ValueError("feed() after close()")
        if isinstance(data, str):
            kind: type = str
        elif isinstance(data, (bytes, bytearray)):
            kind = bytes
        else:
            raise TypeError(f"feed() takes str or bytes, not {type(data).__name__}")
        if self._input_kind is None:
            self._input_kind = kind
            if kind is str:
                # No decoding: the confidence is irrelevant, and the
                # document's encoding stays the DOM's default, UTF-8.
                self._set_encoding(_UTF8, "irrelevant")
        elif kind is not self._input_kind:
            raise TypeError("feed() takes str chunks or bytes chunks, not a mix of both")
        if isinstance(data, str):
            self._push_text(data)
        else:
            data = bytes(data)
            if data:
                self._chunks_fed += 1
                self._sole_chunk = data if self._chunks_fed == 1 else None
            self._push_bytes(data)

    def close(self) -> Document:
        """Signal the end of the input; returns the document (with its
        ``errors``, ``encoding`` and ``encoding_confidence``)."""
        if not self._done:
            self._done = True
            if self._input_kind is bytes:
                self._push_bytes(b"", final=True)
            else:
                if self._input_kind is None:
                    self._set_encoding(_UTF8, "irrelevant")
                self._push_text("", final=True)
        document: Document = self.sink.document
        if isinstance(document, (Document, DocumentFragment)):
            document._errors_later(self._errors_later())
        else:  # another sink's document
            document.errors = self.all_errors
            self._sole_chunk = None
        if isinstance(document, Document):
            assert self.encoding is not None and self.encoding_confidence is not None
            document.encoding = self.encoding
            document.encoding_confidence = self.encoding_confidence
            document.encoding_source = self.encoding_source
            document._url = self._url
        return document

    def run(self, text: str) -> None:
        """Tokenize and build the tree for the whole of ``text``."""
        self.feed(text)
        self.close()

    def _set_encoding(self, encoding: Encoding, confidence: str,
                      source: str | None = None) -> None:
        """Set the encoding and its confidence, and its source unless
        ``source`` is None (the same encoding, now certain, keeps it)."""
        if source is not None:
            self.encoding_source = source
        self._encoding = encoding
        self.encoding = encoding.name
        self.encoding_confidence = confidence
        if confidence != "tentative":
            self._kept = []  # a restart can no longer happen

    def _push_bytes(self, data: bytes, final: bool = False) -> None:
        if self._decoder is None:
            # The encoding sniffing algorithm, once 1024 bytes are in (or
            # at the end of the input).
            # (A first chunk of 1024 bytes or more is sniffed as it is: a
            # whole document given at once is not copied.)
            if self._head:
                self._head += data
                if len(self._head) < PRESCAN_LENGTH and not final:
                    return
                data = bytes(self._head)
                self._head = bytearray()
            elif len(data) < PRESCAN_LENGTH and not final:
                self._head += data
                return
            encoding, confidence, bom, source = sniff_steps(data[:PRESCAN_LENGTH],
                                                            self._transport, self._default)
            self._set_encoding(encoding, confidence, source)
            self._decoder = encoding.decoder()
            # "decode" skips a byte order mark.
            data = data[bom:]
            if source == "default" and self._detect and encoding.is_ascii_compatible:
                self._detect_end = DETECT_LENGTH  # autodetection is pending
        if self._detect_end:
            self._autodetect(data, final)
        else:
            self._push_decoded(data, final)

    def _autodetect(self, data: bytes, final: bool) -> None:
        """The autodetection step of the sniffing algorithm (§13.2.3.2
        step 8, see markup5.encoding.detect) on the first DETECT_LENGTH
        bytes, for bytes that declare no encoding; ``_detect_end`` is the
        number of bytes of that window still to come.

        Bytes up to the first non-ASCII one are decoded at once (an
        ASCII-compatible default and the detected encoding agree on them,
        and a <meta> among them may still change the encoding, which ends
        detection); from it on, bytes are held back until the window is
        complete (or the input ends), then detection decides and the
        decoder is switched without a re-parse, since every byte decoded
        so far was ASCII.  The decision depends only on the window's
        bytes, never on how the input was cut into chunks."""
        if self.encoding_confidence != "tentative":  # a <meta> decided already
            self._detect_end = 0
            self._push_decoded(data, final)
            return
        if not self._held:
            non_ascii = _NON_ASCII_BYTE.search(data, 0, self._detect_end)
            if non_ascii is None:
                if len(data) >= self._detect_end or final:
                    self._detect_end = 0  # an all-ASCII window: no guess
                else:
                    self._detect_end -= len(data)
                self._push_decoded(data, final)
                return
            start = non_ascii.start()
            if start:
                self._detect_end -= start
                self._push_decoded(data[:start], False)
                if self.encoding_confidence != "tentative":  # a <meta> decided
                    self._detect_end = 0
                    self._push_decoded(data[start:], final)
                    return
                data = data[start:]
            if len(data) < self._detect_end and not final:
                self._held += data
                return
        else:
            self._held += data
            if len(self._held) < self._detect_end and not final:
                return
            data = bytes(self._held)
            self._held = bytearray()
        found = detect(data[:self._detect_end], len(data) >= self._detect_end)
        self._detect_end = 0
        if found is not None:
            self._set_encoding(found, "tentative", "detected")
            self._decoder = found.decoder()
        self._push_decoded(data, final)

    def _push_decoded(self, data: bytes, final: bool) -> None:
        """Decode bytes with the current decoder and parse the text."""
        assert self._decoder is not None
        if self.encoding_confidence != "tentative":
            self._push_text(self._decoder.decode(data, final), final)
            return
        # While the encoding is tentative the bytes are kept for a re-parse,
        # and decoded in slices of growing size (4 KB, 8 KB, ...): a <meta>
        # that changes the encoding is then met before much else is decoded,
        # so a re-parse wastes little.  Bytes that are all ASCII so far can
        # switch the decoder on the fly instead (§13.2.3.4 step 5: "all the
        # bytes up to the last byte converted by the current decoder"), so
        # a slice ends before the first non-ASCII byte: a <meta> among the
        # ASCII bytes before it then changes the converter without a
        # re-parse, however close the first non-ASCII byte follows it.
        self._kept.append(data)
        start, size, n = 0, _FIRST_SLICE, len(data)
        while True:
            end = n if self.encoding_confidence != "tentative" else min(n, start + size)
            if self._all_ascii and self.encoding_confidence == "tentative":
                non_ascii = _NON_ASCII_BYTE.search(data, start, end)
                if non_ascii is None:
                    pass
                elif non_ascii.start() > start:
                    end = non_ascii.start()  # convert the ASCII bytes first
                else:
                    self._all_ascii = False
            piece = data[start:end] if start or end < n else data
            last = final and end == n
            try:
                self._push_text(self._decoder.decode(piece, last), last)
            except _ChangeEncoding as change:
                self._reparse(change.encoding, final)  # all the bytes kept so far
                return
            if end == n:
                return
            start, size = end, size * 2

    def _push_text(self, text: str, final: bool = False) -> None:
        """Preprocess, tokenize and tree-build ``text`` as far as it goes."""
        tokenizer = self.tokenizer
        tokenizer._append(tokenizer._stream.push(text, final))
        if final:
            tokenizer._closed = True
        process = self._process
        if self._locating:
            note = self._located.note
            for batch in tokenizer._batches():
                for token, end in zip(batch, tokenizer.token_ends):
                    note(end, token.data if isinstance(token, Characters) else None,
                         token.name if isinstance(token, EndTag) else None)
                    self._token_end = end
                    process(token)
        else:
            for batch in tokenizer._batches():
                for token, self._token_end in zip(batch, tokenizer.token_ends):
                    process(token)
        if final:
            self._token_end = tokenizer._base + tokenizer.end
            self._located.text = self._located.end_tag_name = None
            process(None)
        sink = self.sink
        if isinstance(sink, DomSink):  # (a subclass merges text the same way)
            # The tree is whole when the caller has it, but for a Text node
            # that may still grow, which is joined once it cannot (joined
            # after every chunk, a text growing over many chunks was copied
            # whole each time: quadratic in the chunks; see feed()).
            if final:
                sink.flush_text()
            else:
                stack = self.open_elements
                sink.flush_finished_text(stack[-1] if stack else None, self._in_stack, len(text))

    # Changing the encoding while parsing (§13.2.3.4) ----------------------------

    def _meta_encoding(self, attrs: dict[str, str]) -> None:
        """The "in head" rules for a meta start tag, once the element is
        inserted, while the confidence is tentative (the tree builder calls
        this): the encoding its charset, or its http-equiv=Content-Type
        content, names."""
        # 1. "If the element has a charset attribute, and getting an encoding
        #    from its value results in an encoding ..."
        charset = attrs.get("charset")
        encoding = lookup(charset) if charset is not None else None
        # 2. "Otherwise, if the element has an http-equiv attribute whose value
        #    is an ASCII case-insensitive match for "Content-Type", and the
        #    element has a content attribute, and applying the algorithm for
        #    extracting a character encoding from a meta element to that
        #    attribute's value returns an encoding ..."
        if encoding is None:
            http_equiv = attrs.get("http-equiv")
            content = attrs.get("content")
            if http_equiv is not None and content is not None and \
                    http_equiv.translate(_ASCII_LOWER) == "content-type":
                encoding = extract_encoding_from_meta(content)
        # "... then change the encoding to the resulting encoding."
        if encoding is not None:
            self._change_the_encoding(encoding)

    def _change_the_encoding(self, new: Encoding) -> None:
        """Change the encoding while parsing (§13.2.3.4)."""
        current = self._encoding
        assert current is not None  # set with the first chunk
        # Step 1: a UTF-16 document stays UTF-16.
        if current in _UTF16:
            self._set_encoding(current, "certain")
            return
        # Step 2.
        if new in _UTF16:
            new = _UTF8
        # Step 3.
        if new is _X_USER_DEFINED:
            new = _WINDOWS_1252
        # Step 4.  (The <meta> now declares what was the default or a
        # detected guess: its source; what the prescan found stays so.)
        if new is current:
            self._set_encoding(current, "certain",
                               None if self.encoding_source == "prescan" else "meta")
            return
        # Step 5: when every byte converted so far is an ASCII byte, and both
        # encodings map those to the same code points, change the converter
        # on the fly.
        if self._all_ascii and current.is_ascii_compatible and new.is_ascii_compatible:
            self._set_encoding(new, "certain", "meta")
            self._decoder = new.decoder()
            return
        # Step 6: otherwise re-parse the bytes from memory with the new
        # encoding, its confidence certain.
        if type(self.sink) not in _OWN_SINKS and not callable(getattr(self.sink, "reset", None)):
            self._set_encoding(current, "certain")  # re-parsing is not possible
            return
        raise _ChangeEncoding(new)

    def _reparse(self, encoding: Encoding, final: bool) -> None:
        data = b"".join(self._kept)
        sink: Any = self.sink
        if type(sink) in _OWN_SINKS:
            sink = None  # a new document
        else:
            sink.reset()  # a custom sink starts again
        self._start(sink, self.scripting, self.reconstruction_limit)
        self._set_encoding(encoding, "certain", "meta")  # no further change can happen
        self._decoder = encoding.decoder()
        self._push_text(self._decoder.decode(data, final), final)

    # The tree construction dispatcher ----------------------------------------

    def _process(self, token: Any) -> None:
        """The tree construction dispatcher, for one token (None: EOF)."""
        if self._skip_newline:
            self._skip_newline = False
            if type(token) is Characters and token.data.startswith("\n"):
                if len(token.data) == 1:
                    return
                token = Characters(token.data[1:])
        self._dispatch(token)

    def _dispatch(self, token: Any) -> None:
        """The dispatcher proper: the insertion mode or the rules for foreign
        content, until the token is not to be reprocessed; then the
        tokenizer's CDATA flag follows the adjusted current node."""
        handlers = self._handlers
        stack = self.open_elements
        context = self.context
        while True:
            # The adjusted current node.
            if context is not None and len(stack) == 1:
                node = context
            else:
                node = stack[-1] if stack else None
            if node is None or node.namespace == HTML or self._force_html \
                    or token is None or not self._foreign_applies(node, token):
                self._force_html = False
                again = handlers[self.mode](self, token)
                if not again and type(token) is StartTag and token.self_closing and \
                        token.name not in VOID_ELEMENTS and token.name not in ("svg", "math"):
                    # The flag was not acknowledged: only void elements and
                    # foreign elements take it.
                    self._error("non-void-html-element-start-tag-with-trailing-solidus")
            else:
                again = self._foreign_content(token)
            if not again:
                break
            stack = self.open_elements
            if self._pending is not None:
                token, self._pending = self._pending, None
        self._update_allow_cdata()

    def _update_allow_cdata(self) -> None:
        """Tell the tokenizer whether the adjusted current node is outside
        the HTML namespace (CDATA sections are then allowed)."""
        stack = self.open_elements
        context = self.context
        if context is not None and len(stack) == 1:
            node = context
        else:
            node = stack[-1] if stack else None
        foreign = node is not None and node.namespace != HTML
        if foreign is not self._allow_cdata:
            self._allow_cdata = self.tokenizer.allow_cdata = foreign

    # Tree building without tokens ------------------------------------------------
    #
    # The tokenizer's data state shortcut hands each run of text, simple
    # start tag and simple end tag here instead of building a token (see
    # markup5.html.tokenizer.shortcuts), in order, before it reads on.  Each
    # is processed as the dispatcher (_process) would process its token.
    # Each method first tests, written out for speed, that there is an
    # adjusted current node and it is the current node (not the fragment
    # case's root alone), and that no newline is to be skipped after <pre>,
    # <listing> or <textarea>.  Then:
    #
    # - The current node is an HTML element, and the dispatcher would give
    #   the token to the in body rules: the mode is "in body", or "in cell"
    #   and the token is none of those the in cell mode has rules of its own
    #   for (it processes the others using the rules for "in body").  The in
    #   body rules run directly, without a token where they need only the
    #   tag name and attributes: a character token (_in_body_characters,
    #   written out), "any other start tag" (_in_body_any_other_start_tag),
    #   the start tags of IN_BODY_START_RULES (formatting, block, a, heading,
    #   li/dd/dt, void), every end tag but </template>
    #   (_in_body_end_tag_named, its first shortcut written out); followed
    #   by what the dispatcher does after a token (the self-closing flag's
    #   check, a reprocessed token, the CDATA flag).
    # - The current node is an HTML element and the mode is "in head":
    #   whitespace (inserted) and the start tags inserted and popped at once
    #   (_in_head_void_start_tag: base, basefont, bgsound, link, meta).
    # - The mode is "text" (the current node is the HTML element whose raw
    #   text, RCDATA or script data the tokenizer reads): characters, and
    #   the end tag that ends it, both offered by the end tag name states.
    # - The current node is an HTML element and the mode uses the in table
    #   rules for characters (TABLE_TEXT_MODES): whitespace, which "in table
    #   text" would insert once the tag after it came (_in_table_text).
    # - The current node is foreign: the dispatcher gives every end tag to
    #   the rules for foreign content, and characters and start tags too
    #   when the node cannot be an integration point
    #   (MAY_BE_INTEGRATION_POINTS).  Direct: characters
    #   (_foreign_content_characters), "any other start tag"
    #   (_foreign_content_start_tag; not the breakout tags, nor font), and
    #   an end tag named as the current node, which pops it.
    # - A comment (direct_comment, offered by the tokenizer's comment
    #   shortcut and comment states) in the modes whose rules insert it at
    #   the appropriate place, which the rules for foreign content do too.
    #
    # Other start tags of the in body rules are built as tokens for them,
    # and other tokens go to the dispatcher.  tests/test_direct_tree_building.py
    # checks that trees and errors are those of the full rules (_FULL_RULES).

    def _after_in_body(self, token: Any, again: bool | None) -> None:
        """What the dispatcher does once the in body mode has handled
        ``token``: reprocess it (or its replacement) if asked to, else check
        that a start tag's self-closing flag was acknowledged; then the CDATA
        flag."""
        if again:
            pending = self._pending
            self._pending = None
            self._dispatch(token if pending is None else pending)
            return
        if type(token) is StartTag and token.self_closing and \
                token.name not in VOID_ELEMENTS and token.name not in ("svg", "math"):
            self._error("non-void-html-element-start-tag-with-trailing-solidus")
        self._update_allow_cdata()

    def direct_text(self, data: str) -> bool:
        """A character token, without U+0000 NULL (see DirectTreeBuilder)."""
        self._token_end = DIRECT_TEXT_END
        stack = self.open_elements
        if not stack or self._skip_newline or self.context is not None and len(stack) == 1:
            self._process(Characters(data))
            return True
        current = stack[-1]
        mode = self.mode
        if current.namespace == HTML:
            if mode == "in body" or mode == "in cell":
                # _in_body_characters, written out (the call was 1% of a
                # parse): reconstruct the active formatting elements (which
                # pushes only HTML elements), insert the characters, set the
                # frameset-ok flag to "not ok" if any is not whitespace.
                afe = self.active_formatting
                if afe and afe[-1] is not MARKER and id(afe[-1]) not in self._on_stack:
                    self._reconstruct_active_formatting()
                    current = stack[-1]
                if self.foster_parenting or current.local_name == "template":
                    self._insert_characters(data)
                else:  # the usual appropriate place: the current node
                    self.sink.insert_text(current, data, None)
                if self.frameset_ok and data.lstrip(WHITESPACE):
                    self.frameset_ok = False
                return True
            if mode == "in head" and not data.lstrip(WHITESPACE):
                self._insert_characters(data)  # in head, whitespace: insert the characters
                return True
            if mode == "text":
                self._insert_characters(data)  # text: insert the characters
                return True
            if mode in TABLE_TEXT_MODES and current.local_name in TABLE_TEXT_TARGETS and \
                    not data.lstrip(WHITESPACE):
                # In table, whitespace: the in table rule takes it to "in
                # table text", which inserts the characters when the next
                # token comes, since they are all whitespace, and goes back
                # to this mode.  The next token is a tag or a comment (text
                # is offered only before one): the run is whole, and is
                # inserted now.
                self._insert_characters(data)
                return True
        elif (current.namespace, current.local_name) not in MAY_BE_INTEGRATION_POINTS:
            self._foreign_content_characters(data)
            return True
        self._process(Characters(data))
        return True

    def direct_start_tag(self, name: str, attrs: dict[str, str], self_closing: bool) -> bool:
        """A start tag token."""
        self._token_end = DIRECT_TAG_END
        stack = self.open_elements
        if not stack or self._skip_newline or self.context is not None and len(stack) == 1:
            self._process(StartTag(name, attrs, self_closing))
            return True
        current = stack[-1]
        mode = self.mode
        if current.namespace == HTML:
            if mode == "in body" or mode == "in cell" and name not in IN_CELL_OWN_START_TAGS:
                if name not in BODY_START_SPECIAL:
                    self._in_body_any_other_start_tag(name, attrs)  # an HTML element on top
                    if self_closing:  # not void: the flag is not acknowledged
                        self._error("non-void-html-element-start-tag-with-trailing-solidus")
                    return True
                rule = IN_BODY_START_RULES.get(name)
                if rule is None:
                    token = StartTag(name, attrs, self_closing)
                    self._after_in_body(token, self._in_body_start_tag(token))
                else:
                    # Each leaves an HTML element as the current node (the
                    # CDATA flag stays off) and never asks for the token again.
                    rule(self, name, attrs)
                    if self_closing and name not in VOID_ELEMENTS:
                        self._error("non-void-html-element-start-tag-with-trailing-solidus")
                return True
            if mode == "in head" and name in IN_HEAD_VOID_START_TAGS:
                self._in_head_void_start_tag(name, attrs)  # (the flag is acknowledged)
                return True
        elif (current.namespace, current.local_name) not in MAY_BE_INTEGRATION_POINTS and \
                name not in FOREIGN_BREAKOUT_TAGS and name != "font":
            # Foreign content, "any other start tag".  (The new current
            # node is foreign too, or the current node again: the CDATA
            # flag stays on.)
            self._foreign_content_start_tag(name, attrs, self_closing)
            return True
        self._process(StartTag(name, attrs, self_closing))
        return True

    def direct_end_tag(self, name: str) -> bool:
        """An end tag token."""
        self._token_end = DIRECT_TAG_END
        stack = self.open_elements
        if not stack or self._skip_newline or self.context is not None and len(stack) == 1:
            self._process(EndTag(name))
            return True
        current = stack[-1]
        mode = self.mode
        if current.namespace == HTML:
            if mode == "in body" or mode == "in cell" and name not in IN_CELL_OWN_END_TAGS:
                if name == "template":
                    token = EndTag(name)
                    self._after_in_body(token, self._in_body_end_tag(token))
                    return True
                if current.local_name == name and name not in END_TAGS_BEYOND_POP:
                    # _in_body_end_tag_named's first shortcut, written out:
                    # the current node is the element named.
                    self._pop()
                elif current.local_name == name and name in ADOPTION_END and \
                        self.active_formatting and self.active_formatting[-1] is current:
                    # The adoption agency algorithm's first shortcut, written
                    # out: the current node is the formatting element.
                    self._pop()
                    self._afe_remove(-1)
                else:
                    again = self._in_body_end_tag_named(name)
                    if again:  # </html>: reprocessed in "after body"
                        self._after_in_body(EndTag(name), again)
                        return True
                if self._allow_cdata or self.context is not None or not stack or \
                        stack[-1].namespace != HTML:
                    # (Else the adjusted current node is the HTML current node:
                    # the flag stays off.)
                    self._update_allow_cdata()
                return True
            if mode == "text":
                # The text mode's rules for an end tag (the tokenizer's
                # appropriate end tag: "script", or any other): pop the
                # current node, switch to the original insertion mode.
                self._pop()
                self.mode = self.original_mode
                self._update_allow_cdata()
                return True
        elif name != "br" and name != "p" and current.local_name.lower() == name:
            # Foreign content, an end tag named as the current node (which
            # is not the topmost element: that is an HTML element): pop it.
            self._pop()
            self._update_allow_cdata()
            return True
        self._process(EndTag(name))
        return True

    def direct_comment(self, data: str) -> bool:
        """A comment token, in a mode whose rules insert it at the
        appropriate place (as do the rules for foreign content, where the
        dispatcher may send it instead): the comment is inserted there."""
        if self.mode not in INSERT_A_COMMENT_MODES or not self.open_elements or \
                self._skip_newline:
            return False  # (the dispatcher's rules, with a token)
        self._token_end = DIRECT_TAG_END
        self._insert_comment(data)
        return True

    def _foreign_applies(self, node: Any, token: Any) -> bool:
        """Whether the token goes to the rules for foreign content (the
        dispatcher's conditions, negated)."""
        kind = type(token)
        if self._is_mathml_text_integration_point(node):
            if kind is Characters:
                return False
            if kind.__name__ == "StartTag" and token.name not in ("mglyph", "malignmark"):
                return False
        if node.namespace == MATHML_NAMESPACE and node.local_name == "annotation-xml" and \
                kind.__name__ == "StartTag" and token.name == "svg":
            return False
        if self._is_html_integration_point(node) and (
                kind is Characters or kind.__name__ == "StartTag"):
            return False
        return True

    @property
    def all_errors(self) -> list[ParseError]:
        """Tokenizer and tree builder errors, in stream order (so far, while
        the input is being fed; one list, kept up to date as it grows)."""
        merge = self._error_merge
        if merge is None:
            merge = self._error_merge = ErrorMerge(self.tokenizer._positions)
        tokenizer = self.tokenizer
        problems = tokenizer._stream.problems() if tokenizer._collect_errors else ()
        return merge.update(problems, (tokenizer._errors, self.errors))

    def _errors_later(self) -> _ErrorsOfParse:
        """:attr:`all_errors`, to be worked out when the document's errors
        are first read (the input stream's errors take a regex scan of the
        whole input, several percent of a parse).  The tokenizer lets go
        of this parser (whose encoding sniffing may hold the input bytes),
        which is done."""
        self.tokenizer.direct = None
        self.tokenizer._sink = None
        sink = self.sink
        if isinstance(sink, LocatingDomSink):
            # (Its way back to this parser, for the spans: with it, the
            # parser and the sink made a cycle holding the tree, which only
            # the collector could free.)
            sink.builder = sink.located = None
        # The bytes of a document decoded as UTF-8, for the input stream's
        # scan: it then looks for the bytes of its problem characters in
        # them rather than encode the text again (a tenth of a check()).
        # They are kept until the errors are read: about the size of the
        # text the stream keeps already, a small part of the tree's.
        source = self._sole_chunk if self._input_kind is bytes and self.encoding == "UTF-8" \
            else None
        self._sole_chunk = None
        return _ErrorsOfParse(self.tokenizer, self.errors, source)


class _ErrorsOfParse:
    """The errors of a parse, in stream order when called: what a parse
    result keeps until its errors are first read.  That is the input
    stream (which holds the input text it scans for its errors), the
    tokenizer's errors with the map of positions, and the tree builder's
    errors; not the tokenizer, whose buffers and state a short document's
    tree would keep alive for nothing (a kilobyte a document)."""

    __slots__ = ("stream", "tokenizer_errors", "positions", "builder_errors", "utf8_source")

    def __init__(self, tokenizer: Tokenizer, builder_errors: list[ParseError],
                 utf8_source: bytes | None = None) -> None:
        self.stream = tokenizer._stream
        self.tokenizer_errors = tokenizer._errors
        self.positions = tokenizer._positions
        self.builder_errors = builder_errors
        #: The bytes the stream was decoded from as UTF-8, when the parser
        #: had them whole (see InputStream.problems).
        self.utf8_source = utf8_source

    def __call__(self) -> list[ParseError]:
        """The input stream's errors, the tokenizer's and the tree
        builder's, in stream order.  (The sort is stable: at one offset an
        input stream error comes first, as in ``Tokenizer.errors``,
        then the tokenizer's, then the tree builder's.)"""
        positions = self.positions
        problems = self.stream.problems(self.utf8_source)
        self.utf8_source = None
        errors = [ParseError(code, offset, positions) for code, offset in problems]
        errors += self.tokenizer_errors
        errors += self.builder_errors
        errors.sort(key=error_offset)
        return errors


def parse(data: str | bytes | bytearray, *, scripting: bool = False,
          processing_instructions: bool = True, transport_encoding: str | None = None,
          default_encoding: str = "windows-1252", reconstruction_limit: bool = True,
          source_locations: bool = False, detect: bool = True,
          url: str | None = None) -> Document:
    """Parse a whole HTML document, as a browser does.

    Returns a :class:`~markup5.dom.Document`; ``document.errors`` lists the
    parse errors (tokenizer and tree construction) and ``document.mode`` is
    "no-quirks", "quirks" or "limited-quirks".  ``scripting`` is the
    scripting flag (it changes how ``<noscript>`` parses).

    Bytes are decoded the way a browser decodes them (§13.2.3): a byte order
    mark, else ``transport_encoding`` (the charset of a Content-Type
    header), else a ``<meta charset>`` / ``<meta http-equiv=Content-Type>``
    in the first 1024 bytes or an XML declaration, else (with ``detect``,
    the default, as browsers do for a local file) UTF-8 if the first 256 KiB
    are valid UTF-8 and not all ASCII (:mod:`markup5.encoding.detect`),
    else ``default_encoding``; ``detect=False`` skips that guess, as the
    standard's algorithm without its optional autodetection step does.  A
    later ``<meta>`` naming another encoding while that is still tentative
    re-parses with it.  ``document.encoding`` is the encoding's name
    ("windows-1252", "UTF-8", "Shift_JIS" ...),
    ``document.encoding_confidence`` "certain" or "tentative" and
    ``document.encoding_source`` the step that chose it ("bom",
    "transport", "prescan", "detected", "default" or "meta").  A str is
    parsed as it is ("UTF-8", "irrelevant", source None).  Unknown labels in the
    arguments are a :class:`ValueError`; undecodable bytes become U+FFFD.
    ``reconstruction_limit`` (on by default) bounds the copies of
    formatting elements that tag soup can make, so that the tree stays
    linear in the input; False follows the standard without it (see
    :class:`HTMLParser`).  ``source_locations=True`` gives each node made
    for a token its span in the source (``node.source_location``,
    ``element.end_tag_location``; see :mod:`markup5.locations`).
    ``url`` is the document's URL (an absolute URL, else ValueError):
    ``document.url``, against which ``document.base_url`` and the links
    resolve (see :mod:`markup5.links`).
    """
    if not isinstance(data, (str, bytes, bytearray)):
        raise TypeError(f"parse() takes str or bytes, not {type(data).__name__}")
    with collector_paused():  # (see markup5._collector)
        parser = HTMLParser(scripting=scripting, processing_instructions=processing_instructions,
                            transport_encoding=transport_encoding,
                            default_encoding=default_encoding,
                            reconstruction_limit=reconstruction_limit,
                            source_locations=source_locations, detect=detect, url=url)
        parser.feed(data)
        document = parser.close()
    return document


def _decode(text: object) -> str:
    """Fragment input: a str, or bytes "UTF-8 decode"d (there is no encoding
    sniffing for fragments)."""
    if isinstance(text, (bytes, bytearray)):
        return _decode_bytes(bytes(text), "UTF-8")
    if not isinstance(text, str):
        raise TypeError(f"expected str or bytes, not {type(text).__name__}")
    return text


_RAWTEXT_CONTEXTS = frozenset({"style", "xmp", "iframe", "noembed", "noframes"})


def parse_fragment(text: str | bytes | bytearray, context: str | Element = "body", *,
                   scripting: bool = False, processing_instructions: bool = True,
                   reconstruction_limit: bool = True,
                   source_locations: bool = False) -> DocumentFragment:
    """The HTML fragment parsing algorithm (innerHTML).

    ``context`` is the context element: an :class:`~markup5.dom.Element`
    (taken as it is), or a name: a known HTML element's or a custom
    element name (``"td"``, ``"my-widget"``; any case), ``"svg"`` or
    ``"math"`` for the SVG or MathML root element (not an HTML element of
    that name), or ``"svg NAME"`` / ``"math NAME"`` for another foreign
    element.  Any other string (empty, other whitespace, another prefix, a
    misspelled name such as ``"tabel"``) raises ValueError naming these
    forms; :mod:`markup5.html.contexts` has the details.  Returns a
    :class:`~markup5.dom.DocumentFragment` with the parsed nodes; its ``errors`` lists the parse errors.
    ``reconstruction_limit`` and ``source_locations`` are :func:`parse`'s
    (offsets count from the start of ``text``).
    """
    text = _decode(text)
    with collector_paused():  # (see markup5._collector; the context element too)
        return _parse_fragment(text, _context_element(context), scripting,
                               processing_instructions, reconstruction_limit,
                               source_locations)


def _context_element(context: object) -> Element:
    """The context element that :func:`parse_fragment`'s ``context`` names."""
    if isinstance(context, str):
        namespace, name = context_name(context)  # (ValueError for a bad name)
        return _create_element(name, {}, namespace)
    if isinstance(context, Element):
        return context
    raise TypeError(f"context must be a tag name or an Element, not {type(context).__name__}")


def _prepare_fragment(parser: HTMLParser, context_element: Element) -> Element:
    """The fragment parsing algorithm's steps before the input is fed, on a
    new ``parser`` (its scripting flag as it was made): the context element,
    the tokenizer's state, the root ``html`` element, the stack of template
    insertion modes, the insertion mode, the form element pointer and the
    CDATA flag.  Returns the root, whose children are the fragment once the
    parser has run.  (Apart from :func:`_parse_fragment` so that a tool can
    watch a fragment parse with a subclass: ``tools/browser_diff.py``.)"""
    document = parser.sink.document
    # Steps: the quirks mode of the context's document is not known here.
    parser.context = context_element
    tokenizer = parser.tokenizer
    if context_element.namespace == HTML:
        name = context_element.local_name
        if name in ("title", "textarea"):
            tokenizer._state = State.RCDATA
        elif name in _RAWTEXT_CONTEXTS or (name == "noscript" and parser.scripting):
            tokenizer._state = State.RAWTEXT
        elif name == "script":
            tokenizer._state = State.SCRIPT_DATA
        elif name == "plaintext":
            tokenizer._state = State.PLAINTEXT
    root = Element("html", {}, HTML)
    parser.sink.append(document, root)
    parser._push(root)
    if context_element.namespace == HTML and context_element.local_name == "template":
        parser.template_modes.append("in template")
    parser._reset_insertion_mode()
    # The form element pointer: the nearest form ancestor of the context.
    node: Node | None = context_element
    while node is not None:
        if isinstance(node, Element) and node.namespace == HTML and node.local_name == "form":
            parser.form_element = node
            break
        node = node.parent
    tokenizer.allow_cdata = parser._allow_cdata = context_element.namespace != HTML
    return root


def _parse_fragment(text: str, context_element: Element, scripting: bool,
                    processing_instructions: bool,
                    reconstruction_limit: bool,
                    source_locations: bool = False) -> DocumentFragment:
    """:func:`parse_fragment` once its arguments are checked (the
    collector paused by the caller)."""
    parser = HTMLParser(scripting=scripting, processing_instructions=processing_instructions,
                        reconstruction_limit=reconstruction_limit,
                        source_locations=source_locations)
    root = _prepare_fragment(parser, context_element)
    parser.run(text)
    fragment = DocumentFragment()
    for child in list(root.children):
        child.parent = fragment
        fragment.children.append(child)
    root.children = []
    fragment._errors_later(parser._errors_later())  # (see HTMLParser.close)
    return fragment
