"""HTML's encoding sniffing algorithm (HTML §13.2.3.2) and the algorithm for
extracting a character encoding from a meta element (HTML §2.5.x).

``sniff_encoding(data)`` answers which encoding a browser decodes ``data``
with, and with which confidence: "certain" (a byte order mark, or the
transport layer's charset) or "tentative" (the prescan of the first 1024
bytes, or the default).  A tentative encoding can still be changed by a
``<meta>`` that the tree builder meets later (§13.2.3.4, done by the
parser).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal, NamedTuple, cast, overload

from .core import ENCODINGS, Encoding, bom_sniff, get_encoding, lookup

__all__ = ["SniffResult", "sniff_encoding", "sniff_steps", "prescan", "get_xml_encoding",
           "extract_encoding_from_meta", "PRESCAN_LENGTH"]

#: User agents are encouraged to prescan the first 1024 bytes.
PRESCAN_LENGTH = 1024

_UTF8 = ENCODINGS["UTF-8"]
_UTF16 = (ENCODINGS["UTF-16BE"], ENCODINGS["UTF-16LE"])
_WINDOWS_1252 = ENCODINGS["windows-1252"]
_X_USER_DEFINED = ENCODINGS["x-user-defined"]

_SPACE_BYTES = frozenset(b"\t\n\x0c\r ")  # 0x09, 0x0A, 0x0C, 0x0D, 0x20
_SPACE_OR_SLASH = frozenset(b"\t\n\x0c\r /")
_ASCII_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
_STR_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_ASCII_WHITESPACE = "\t\n\f\r "


class SniffResult(NamedTuple):
    """What :func:`sniff_encoding` found: the encoding's ``name`` (as the
    Encoding Standard writes it, e.g. "windows-1252"), the ``confidence``
    ("certain" or "tentative") and the number of ``bom`` bytes at the start
    of the data (3 for UTF-8's, 2 for UTF-16's, else 0), which decoding
    skips."""

    encoding: str
    confidence: str
    bom: int = 0


def sniff_encoding(data: bytes, transport_encoding: str | None = None,
                   default_encoding: str = "windows-1252") -> SniffResult:
    """The encoding sniffing algorithm (HTML §13.2.3.2) on the bytes
    available so far (the prescan reads at most the first 1024).

    ``transport_encoding`` is the transport layer's encoding label (the
    charset of a Content-Type header); ``default_encoding`` is the default
    of the last step (a browser's depends on its locale).  An unknown label
    in either is a :class:`ValueError` naming it.

    >>> sniff_encoding(b'<meta charset="shift_jis">')
    SniffResult(encoding='Shift_JIS', confidence='tentative', bom=0)
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"sniff_encoding() takes bytes, not {type(data).__name__}")
    encoding, confidence, bom = sniff(bytes(data[:PRESCAN_LENGTH]),
                                      _label(transport_encoding, "transport_encoding", True),
                                      _label(default_encoding, "default_encoding", False))
    return SniffResult(encoding.name, confidence, bom)


@overload
def _label(label: object, what: str, optional: Literal[False]) -> Encoding: ...
@overload
def _label(label: object, what: str, optional: bool) -> Encoding | None: ...
def _label(label: object, what: str, optional: bool) -> Encoding | None:
    if label is None and optional:
        return None
    if not isinstance(label, (str, Encoding)):
        raise TypeError(f"{what} must be an encoding label (str), not {type(label).__name__}")
    try:
        return get_encoding(label)
    except ValueError:
        raise ValueError(f"{what}: unknown encoding label {label!r}") from None


def sniff(data: bytes, transport: Encoding | None,
          default: Encoding) -> tuple[Encoding, str, int]:
    """The sniffing algorithm's steps with labels already resolved:
    returns (encoding, confidence, length of the BOM)."""
    encoding, confidence, bom, _ = sniff_steps(data, transport, default)
    return encoding, confidence, bom


def sniff_steps(data: bytes, transport: Encoding | None,
                default: Encoding) -> tuple[Encoding, str, int, str]:
    """:func:`sniff`, and which step gave the encoding: "bom",
    "transport", "prescan" or "default" (the caller may then take the
    autodetection step, :mod:`markup5.encoding.detect`, on more bytes)."""
    # Step 1: BOM sniffing.
    bom_encoding = bom_sniff(data)
    if bom_encoding is not None:
        return bom_encoding, "certain", 3 if bom_encoding is _UTF8 else 2, "bom"
    # Step 2 (a user's override) is the caller's transport_encoding here;
    # step 3 (waiting for bytes) is the caller's business.
    # Step 4: the transport layer's encoding.
    if transport is not None:
        return transport, "certain", 0, "transport"
    # Step 5: the prescan, on the first 1024 bytes.
    found = prescan(data[:PRESCAN_LENGTH])
    if found is not None:
        return found, "tentative", 0, "prescan"
    # Steps 6-7 (the parent document, remembered encodings) do not apply
    # to a parser without a browsing context; step 8 (autodetection, "a
    # frequency analysis or other algorithm") needs more than these bytes
    # and is the caller's (markup5.encoding.detect).
    # Step 9: the default.
    return default, "tentative", 0, "default"


class _OutOfBytes(Exception):
    """The prescan's position went beyond the end of the bytes."""


def prescan(data: bytes) -> Encoding | None:
    """Prescan a byte stream to determine its encoding (HTML §13.2.3.2),
    the end condition being the end of ``data``: the encoding a
    ``<meta charset>`` / ``<meta http-equiv=content-type>`` (or, failing
    that, an XML declaration) declares, or None."""
    try:
        return _prescan(data)
    except _OutOfBytes:
        # Running out of bytes aborts the prescan: "return the result of
        # get an XML encoding applied to the same bytes".
        return get_xml_encoding(data)


def _prescan(data: bytes) -> Encoding | None:
    n = len(data)
    # Step 1.
    position = 0
    # Step 2: prescan for UTF-16 XML declarations.
    if data.startswith(b"<\x00?\x00x\x00"):
        return ENCODINGS["UTF-16LE"]
    if data.startswith(b"\x00<\x00?\x00x"):
        return ENCODINGS["UTF-16BE"]
    while True:
        # Step 3, "loop".  Any byte but 0x3C is "any other byte" (do nothing
        # with it), so jump to the next 0x3C.
        position = data.find(b"<", position)
        if position < 0:
            raise _OutOfBytes
        head = data[position:position + 6].translate(_ASCII_LOWER)
        if head.startswith(b"<!--"):
            # The first '>' preceded by two '-' (which may be the ones of
            # '<!--') after the '<'.
            end = data.find(b"-->", position + 2)
            if end < 0:
                raise _OutOfBytes
            position = end + 2
        elif head.startswith(b"<meta") and len(head) == 6 and head[5] in _SPACE_OR_SLASH:
            result, position = _meta(data, position + 5)
            if result is not None:
                return result
            # (position is at the '>' that ended the attributes.)
        elif len(head) >= 2 and (_is_ascii_letter(head[1]) or (
                head[1] == 0x2F and len(head) >= 3 and _is_ascii_letter(head[2]))):
            # A tag: advance to the next space or '>', then get attributes
            # until there are none.
            position = _next_space_or_gt(data, position)
            while True:
                attribute, position = _get_an_attribute(data, position)
                if attribute is None:
                    break
        elif head[1:2] in (b"!", b"/", b"?"):
            end = data.find(b">", position + 1)
            if end < 0:
                raise _OutOfBytes
            position = end
        # Step 4, "next byte".
        position += 1
        if position >= n:
            raise _OutOfBytes


def _is_ascii_letter(byte: int) -> bool:
    return 0x41 <= byte <= 0x5A or 0x61 <= byte <= 0x7A


def _next_space_or_gt(data: bytes, position: int) -> int:
    n = len(data)
    while position < n:
        if data[position] in _SPACE_BYTES or data[position] == 0x3E:
            return position
        position += 1
    raise _OutOfBytes


def _meta(data: bytes, position: int) -> tuple[Encoding | None, int]:
    """The '<meta' branch of the loop, from step 1 (position at the space or
    slash after '<meta'): returns the charset, or None to go on at "next
    byte", and the position reached."""
    # Steps 2-5.
    attribute_list: set[str] = set()
    got_pragma = False
    need_pragma: bool | None = None
    charset: Encoding | None | object = None  # None: "the null value"
    while True:
        # Step 6, "attributes".
        attribute, position = _get_an_attribute(data, position)
        if attribute is None:
            break
        name, value = attribute
        # Steps 7-8.
        if name in attribute_list:
            continue
        attribute_list.add(name)
        # Step 9.
        if name == "http-equiv":
            if value == "content-type":
                got_pragma = True
        elif name == "content":
            encoding = extract_encoding_from_meta(value)
            if encoding is not None and charset is None:
                charset = encoding
                need_pragma = True
        elif name == "charset":
            charset = lookup(value)
            if charset is None:
                charset = _FAILURE
            need_pragma = False
        # Step 10: back to "attributes".
    # Step 11, "processing".
    if need_pragma is None:
        return None, position
    # Step 12.
    if need_pragma and not got_pragma:
        return None, position
    # Step 13.
    if charset is _FAILURE or charset is None:
        return None, position
    # Step 14.
    if charset in _UTF16:
        charset = _UTF8
    # Step 15.
    if charset is _X_USER_DEFINED:
        charset = _WINDOWS_1252
    # Step 16.
    return charset, position  # type: ignore[return-value]


_FAILURE = object()


def _always_matches(pattern: bytes) -> Callable[[bytes, int], re.Match[bytes]]:
    """``re.compile(pattern).match`` for a ``pattern`` that matches the
    empty string, typed as never returning None."""
    return cast("Callable[[bytes, int], re.Match[bytes]]", re.compile(pattern).match)


_SKIP_SPACE_OR_SLASH = _always_matches(rb"[\t\n\x0c\r /]*")
_SKIP_SPACES = _always_matches(rb"[\t\n\x0c\r ]*")
#: Step 4's loop: the bytes appended to the attribute name after its first.
_NAME_REST = _always_matches(rb"[^=\t\n\x0c\r />]*")
#: Step 11's loop: the bytes of an unquoted value.
_UNQUOTED_VALUE = _always_matches(rb"[^\t\n\x0c\r >]*")


def _get_an_attribute(data: bytes, position: int) -> tuple[tuple[str, str] | None, int]:
    """Get an attribute (HTML §13.2.3.2): ((name, value), position after
    it), or (None, position) when there isn't one.  Each loop of the
    standard that appends bytes one at a time is one regex match (or find)
    here; names and values are ASCII-lowercased as the steps do."""
    n = len(data)
    # Step 1: skip 0x09, 0x0A, 0x0C, 0x0D, 0x20 and 0x2F.
    position = _SKIP_SPACE_OR_SLASH(data, position).end()
    if position >= n:
        raise _OutOfBytes
    # Step 2.
    if data[position] == 0x3E:
        return None, position
    # Steps 3-5: the first byte always starts the name (even "="), then
    # bytes up to "=", a space, "/" or ">".
    name_start = position
    position = _NAME_REST(data, position + 1).end()
    if position >= n:
        raise _OutOfBytes
    name = _lowered(data, name_start, position)
    byte = data[position]
    if byte == 0x3D:
        position += 1  # to "value"
    elif byte in _SPACE_BYTES:
        # Step 6, "spaces".
        position = _SKIP_SPACES(data, position).end()
        if position >= n:
            raise _OutOfBytes
        # Step 7.
        if data[position] != 0x3D:
            return (name, ""), position
        # Step 8.
        position += 1
    else:  # "/" or ">"
        return (name, ""), position
    # Step 9, "value".
    position = _SKIP_SPACES(data, position).end()
    if position >= n:
        raise _OutOfBytes
    # Step 10.
    byte = data[position]
    if byte == 0x22 or byte == 0x27:
        # "Quote loop": up to the same quote.
        end = data.find(b'"' if byte == 0x22 else b"'", position + 1)
        if end < 0:
            raise _OutOfBytes
        return (name, _lowered(data, position + 1, end)), end + 1
    if byte == 0x3E:
        return (name, ""), position
    # Steps 10 (anything else) to 12: up to a space or ">".
    end = _UNQUOTED_VALUE(data, position + 1).end()
    if end >= n:
        raise _OutOfBytes
    return (name, _lowered(data, position, end)), end


def _lowered(data: bytes, start: int, end: int) -> str:
    """Bytes start..end as code points of the same values, 0x41-0x5A
    lowercased ("append the code point b+0x20")."""
    return data[start:end].translate(_ASCII_LOWER).decode("latin-1")


def get_xml_encoding(data: bytes) -> Encoding | None:
    """Get an XML encoding (HTML §13.2.3.2): the encoding an XML
    declaration at the very start of ``data`` names, or None."""
    n = len(data)
    # Steps 1-2.
    if not data.startswith(b"<?xml"):
        return None
    # Step 3.
    xml_declaration_end = data.find(b">")
    if xml_declaration_end < 0:
        return None
    # Step 4.
    position = data.find(b"encoding", 0, xml_declaration_end)
    if position < 0:
        return None
    # Step 5.
    position += 8
    # Step 6.
    while position < n and data[position] <= 0x20:
        position += 1
    # Step 7.
    if position >= n or data[position] != 0x3D:
        return None
    # Step 8.
    position += 1
    # Step 9.
    while position < n and data[position] <= 0x20:
        position += 1
    # Steps 10-11.
    if position >= n or data[position] not in (0x22, 0x27):
        return None
    quote_mark = data[position]
    # Step 12.
    position += 1
    # Step 13.
    end = data.find(bytes((quote_mark,)), position)
    if end < 0:
        return None
    # Step 14.
    potential_encoding = data[position:end]
    # Step 15.
    if any(byte <= 0x20 for byte in potential_encoding):
        return None
    # Step 16: isomorphic decode, then get an encoding.
    encoding = lookup(potential_encoding.decode("latin-1"))
    # Step 17.
    if encoding in _UTF16:
        encoding = _UTF8
    # Step 18.
    return encoding


def extract_encoding_from_meta(s: str) -> Encoding | None:
    """The algorithm for extracting a character encoding from a meta
    element (the value of its ``content`` attribute): the encoding after
    ``charset=``, or None ("nothing", or a label that is not one)."""
    lowered = s.translate(_STR_ASCII_LOWER)  # for the ASCII case-insensitive search
    n = len(s)
    # Step 1.
    position = 0
    while True:
        # Step 2, "loop".
        found = lowered.find("charset", position)
        if found < 0:
            return None
        position = found + 7
        # Step 3.
        while position < n and s[position] in _ASCII_WHITESPACE:
            position += 1
        # Step 4: if the next character is not '=', search again from it.
        if position < n and s[position] == "=":
            position += 1
            break
    # Step 5.
    while position < n and s[position] in _ASCII_WHITESPACE:
        position += 1
    # Step 6.
    if position >= n:  # there is no next character
        return None
    char = s[position]
    if char == '"' or char == "'":
        end = s.find(char, position + 1)
        if end < 0:  # an unmatched quote
            return None
        return lookup(s[position + 1:end])
    end = position
    while end < n and s[end] not in _ASCII_WHITESPACE and s[end] != ";":
        end += 1
    return lookup(s[position:end])
