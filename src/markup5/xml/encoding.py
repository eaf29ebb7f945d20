"""Character encodings of XML input: which encoding bytes are in, and
decoding them with the parse errors an XML parser reports.

XML 1.0 §4.3.3 and Appendix F say how a processor finds the encoding of an
entity; a browser's XML parser does it with the labels and decoders of the
WHATWG Encoding Standard, which :mod:`markup5.encoding` implements.
:func:`sniff_xml_encoding` combines them (the steps are in its docstring):

1. A byte order mark (UTF-8, UTF-16BE, UTF-16LE) wins, and is skipped.
2. Else an encoding the caller gives (``transport_encoding``: the charset
   of a Content-Type header, or ``markup5 xml --encoding``) is used.
3. Else Appendix F's autodetection without a BOM: ``3C 00 3F 00`` ("<?" in
   UTF-16LE) is UTF-16LE and ``00 3C 00 3F`` UTF-16BE.
4. The ``encoding`` of an XML declaration at the very start of the input
   (read as ASCII, or as UTF-16 after 1 or 3) is looked up in the WHATWG
   label table (``lookup``): so ``ISO-8859-1``, ``latin1`` and ``US-ASCII``
   are windows-1252, as in every browser (bytes 0x80-0x9F give the
   windows-1252 characters, e.g. 0x80 is U+20AC, where XML 1.0 would give
   C1 controls), ``UTF-16`` is UTF-16LE, ``x-sjis`` Shift_JIS, and
   ``ISO-2022-KR`` the replacement encoding (the whole input is one error
   and one U+FFFD).
5. A label that is not in the table is the parse error
   ``unknown-encoding``, and the encoding stays as 1-3 left it (UTF-8 by
   default).  A label that contradicts a BOM or the UTF-16 autodetection
   is the parse error ``encoding-mismatch``, and the BOM (or the
   autodetected UTF-16) wins; ``encoding="UTF-16"`` in input that is not
   UTF-16 (ASCII bytes before it) is ``encoding-mismatch`` too, and UTF-8 is
   used, as HTML's "get an XML encoding" does.
6. Otherwise UTF-8.

Appendix F's UCS-4 and EBCDIC families have no decoder in the Encoding
Standard: such input is read as UTF-8 (and its errors reported).

The XML declaration is looked for in the first 1,024 characters; the
``encoding`` pseudo-attribute must end before the first ``>``.

Decoding (:class:`XmlDecoder`) runs the encoding's decoder from
:mod:`markup5.encoding`, chunk by chunk if need be: each decoder error gives
one U+FFFD (the standard's replacement error mode) and the parse error
``invalid-byte-sequence`` at that character.  A U+FFFD that the input
encodes (UTF-8 ``EF BF BD`` and its UTF-16 and gb18030 forms) is a
character like any other, not an error.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple, cast, overload

from ..encoding import ENCODINGS, Encoding, bom_sniff, lookup
from ..encoding.decoders import Gb18030Decoder

__all__ = ["XmlEncoding", "sniff_xml_encoding", "XmlDecoder", "DECLARATION_LIMIT"]

#: How many characters at the start of the input may hold the XML
#: declaration's ``encoding``.
DECLARATION_LIMIT = 1024

_UTF8 = ENCODINGS["UTF-8"]
_UTF16LE = ENCODINGS["UTF-16LE"]
_UTF16BE = ENCODINGS["UTF-16BE"]
_UTF16 = (_UTF16LE, _UTF16BE)

#: The encoding pseudo-attribute of an XML declaration (XML 1.0 §4.3.3,
#: ``EncodingDecl ::= S 'encoding' Eq ('"' EncName '"' | "'" EncName "'")``),
#: read leniently: any value between the quotes is looked up.
_ENCODING_DECL = re.compile("[ \t\r\n]encoding[ \t\r\n]*=[ \t\r\n]*(?:\"([^\"]*)\"|'([^']*)')")

#: "<?xml" followed by whitespace: an XML declaration (not "<?xml-stylesheet").
_DECLARATION_START = re.compile("<\\?xml[ \t\r\n]")

#: How each encoding whose decoder can give U+FFFD for valid input encodes
#: it (for the others, every U+FFFD comes from an error).
_ENCODED_REPLACEMENT = {
    "UTF-8": b"\xef\xbf\xbd",
    "UTF-16LE": b"\xfd\xff",
    "UTF-16BE": b"\xff\xfd",
    "gb18030": b"\x84\x31\xa4\x37",
    "GBK": b"\x84\x31\xa4\x37",  # GBK's decoder is gb18030's decoder
}


class XmlEncoding(NamedTuple):
    """What :func:`sniff_xml_encoding` found: the ``encoding``, the length
    of the byte order mark to skip (``bom``), the declaration's label
    (``label``, or None) with the offset of its value in the decoded text
    (``label_offset``), and the parse error codes (``errors``)."""

    encoding: Encoding
    bom: int
    label: str | None = None
    label_offset: int = 0
    errors: tuple[str, ...] = ()


def _family(encoding: Encoding) -> Encoding:
    """UTF-16BE and UTF-16LE count as one encoding when a declaration is
    compared with a BOM (the label "UTF-16" names both)."""
    return _UTF16LE if encoding is _UTF16BE else encoding


@overload
def sniff_xml_encoding(data: bytes, transport_encoding: Encoding | None = None, *,
                       final: Literal[True] = True) -> XmlEncoding: ...
@overload
def sniff_xml_encoding(data: bytes, transport_encoding: Encoding | None = None, *,
                       final: bool) -> XmlEncoding | None: ...
def sniff_xml_encoding(data: bytes, transport_encoding: Encoding | None = None, *,
                       final: bool = True) -> XmlEncoding | None:
    """The encoding of XML input that starts with ``data`` (see the module
    docstring for the rules).

    With ``final=False``, ``data`` is only the start of the input: None
    means that the answer may still depend on bytes that have not arrived
    (fewer than 4, or an XML declaration not finished within the first
    :data:`DECLARATION_LIMIT` characters); an answer is the one the whole
    input would give."""
    if len(data) < 4 and not final:
        return None
    # Step 1: BOM sniffing.
    detected = bom_sniff(data)
    bom = 0
    if detected is not None:
        bom = 3 if detected is _UTF8 else 2
    elif transport_encoding is not None:
        # Step 2: the caller's encoding; the declaration is not read.
        return XmlEncoding(transport_encoding, 0)
    else:
        # Step 3: Appendix F without a byte order mark.
        head4 = data[:4]
        if head4 == b"<\x00?\x00":
            detected = _UTF16LE
        elif head4 == b"\x00<\x00?":
            detected = _UTF16BE
    # Step 4: the XML declaration.
    if detected in _UTF16:
        size = 2 * DECLARATION_LIMIT
        available = data[bom:bom + size]
        head = detected.decode(available[:len(available) & ~1])
    else:
        if not data.startswith(b"<?xml", bom) and (final or len(data) >= bom + 6):
            # No declaration (the common case, decided without copying).
            return _DEFAULT if detected is None else XmlEncoding(detected, bom)
        size = DECLARATION_LIMIT
        available = data[bom:bom + size]
        declaration_end = available.find(b">")
        # Up to the first ">" is all that is read (the code points of the
        # bytes: in an ASCII-compatible encoding the declaration is ASCII).
        head = (available if declaration_end < 0 else available[:declaration_end + 1]
                ).decode("latin-1")
    complete = final or len(available) >= size
    if detected is None and head.endswith(">"):
        # Most declarations are one of a few strings: their answer is kept.
        known = _KNOWN_DECLARATIONS.get(head)
        if known is not None:
            return known
        found = _sniff_declaration(head, None, 0, True)
        if found is not None:
            if len(_KNOWN_DECLARATIONS) >= 256:
                _KNOWN_DECLARATIONS.clear()
            _KNOWN_DECLARATIONS[head] = found
        return found
    return _sniff_declaration(head, detected, bom, complete)


#: Answers for whole XML declarations (in an encoding without a BOM, no
#: transport encoding): the declaration -> its XmlEncoding.
_KNOWN_DECLARATIONS: dict[str, XmlEncoding] = {}


def _sniff_declaration(head: str, detected: Encoding | None, bom: int,
                       complete: bool) -> XmlEncoding | None:
    """Step 4 and 5 of :func:`sniff_xml_encoding` on ``head``, the decoded
    start of the input after the BOM (up to its first ">", if any)."""
    if not _DECLARATION_START.match(head):
        if not complete and "<?xml ".startswith(head[:6]) and len(head) < 6:
            return None  # perhaps the start of a declaration
        return XmlEncoding(detected or _UTF8, bom)
    declaration_end = head.find(">")
    if declaration_end < 0:
        if not complete:
            return None
        declaration_end = len(head)
    m = _ENCODING_DECL.search(head, 5, declaration_end)
    if m is None:
        return XmlEncoding(detected or _UTF8, bom)
    label = m.group(1) if m.group(1) is not None else m.group(2)
    # The value's offset in the preprocessed text (CRLF counts as one).
    label_offset = m.start(1) if m.group(1) is not None else m.start(2)
    label_offset -= head.count("\r\n", 0, label_offset)
    # Step 5.
    declared = lookup(label)
    if declared is None:
        return XmlEncoding(detected or _UTF8, bom, label, label_offset, ("unknown-encoding",))
    if detected is not None:
        errors = () if _family(declared) is _family(detected) else ("encoding-mismatch",)
        return XmlEncoding(detected, bom, label, label_offset, errors)
    if declared in _UTF16:
        return XmlEncoding(_UTF8, bom, label, label_offset, ("encoding-mismatch",))
    return XmlEncoding(declared, bom, label, label_offset)


_REPLACEMENT_CHARACTER = re.compile("\ufffd")
_DEFAULT = XmlEncoding(_UTF8, 0)


class XmlDecoder:
    """Decodes a byte stream in ``encoding`` chunk by chunk, telling which
    U+FFFD characters are decoder errors.

    ``decode(data, final)`` returns ``(text, errors)``: the text of the
    bytes completed so far and the indexes in ``text`` of the U+FFFD that
    decoder errors gave.  The output does not depend on how the stream is
    split."""

    __slots__ = ("_decoder", "_literal", "_held", "_gb18030")

    def __init__(self, encoding: Encoding) -> None:
        decoder = encoding.decoder()
        self._decoder = decoder
        #: The encoded U+FFFD, when the encoding has one.
        self._literal = _ENCODED_REPLACEMENT.get(encoding.name)
        self._held = b""
        #: The same decoder when it is gb18030's (GBK's too), whose pending
        #: bytes are read below; otherwise None.
        self._gb18030: Gb18030Decoder | None = (
            cast(Gb18030Decoder, decoder) if encoding.name in ("gb18030", "GBK") else None)

    def decode(self, data: bytes, final: bool = False) -> tuple[str, list[int]]:
        literal = self._literal
        if literal is None:
            # Every U+FFFD comes from an error.
            text = self._decoder.decode(data, final)
            if "\ufffd" not in text:
                return text, []
            return text, [m.start() for m in _REPLACEMENT_CHARACTER.finditer(text)]
        if self._held:
            data = self._held + data
            self._held = b""
        if not final:
            # Hold back the end if an encoded U+FFFD may start there, so
            # that every one lies whole in one call.
            size = len(literal)
            cut = max(0, len(data) - (size - 1))
            straddling = data.find(literal, max(0, cut - size + 1))
            if 0 <= straddling < cut:
                cut = straddling
            self._held = data[cut:]
            data = data[:cut]
        decode = self._decoder.decode
        if literal not in data:
            text = decode(data, final)
            if "\ufffd" not in text:
                return text, []
            return text, [m.start() for m in _REPLACEMENT_CHARACTER.finditer(text)]
        # The input encodes U+FFFD: decode up to each encoded one, then that
        # one alone, to tell it from the errors around it.
        parts: list[str] = []
        errors: list[int] = []
        length = 0
        start = 0
        size = len(literal)
        while True:
            k = data.find(literal, start)
            last = k < 0
            piece = decode(data[start:] if last else data[start:k], final and last)
            if piece:
                if "\ufffd" in piece:
                    errors.extend(length + m.start()
                                  for m in _REPLACEMENT_CHARACTER.finditer(piece))
                parts.append(piece)
                length += len(piece)
            if last:
                break
            # With nothing pending in the decoder, the bytes decode to
            # exactly the one character.  With bytes pending, a UTF-8 or
            # UTF-16 decoder ends the pending sequence (an error) and
            # decodes them as the character: it is the last U+FFFD out.
            # gb18030's pending bytes may take some of them: no character.
            gb18030 = self._gb18030
            pending = gb18030 is not None and bool(
                gb18030.first or gb18030.second or gb18030.third)
            piece = decode(data[k:k + size], final and k + size == len(data))
            n = len(piece)
            literal_at = n - 1 if piece.endswith("\ufffd") and not pending else -1
            for i, c in enumerate(piece):
                if c == "\ufffd" and i != literal_at:
                    errors.append(length + i)
            parts.append(piece)
            length += n
            start = k + size
            if start == len(data):
                break
        return "".join(parts), errors


def stream_offsets(text: str, indexes: list[int], start: int, held_cr: bool) -> list[int]:
    """The offsets in the preprocessed stream (where CRLF is one character)
    of ``text[i]`` for each ``i`` in ``indexes`` (sorted), ``text`` being
    the next chunk of the stream, ``start`` the length of the preprocessed
    stream before it and ``held_cr`` whether a CR at the end of the
    previous chunk is still to be counted."""
    if held_cr:
        text = "\r" + text
        shift = 1
    else:
        shift = 0
    offsets = []
    pairs = 0  # CRLF pairs before the previous index
    previous = 0
    count = text.count
    for i in indexes:
        j = i + shift
        pairs += count("\r\n", previous, j)
        previous = j
        offsets.append(start + j - pairs)
    return offsets
