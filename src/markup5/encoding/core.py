"""Encodings, labels and the decode hooks of the WHATWG Encoding Standard."""

from __future__ import annotations

from collections.abc import Callable

from . import decoders as _d
from ._labels import LABELS, NAMES

__all__ = ["Encoding", "lookup", "get_encoding", "bom_sniff", "decode", "ENCODINGS"]

#: ASCII whitespace (the Infra standard): TAB, LF, FF, CR, SPACE.
ASCII_WHITESPACE = "\t\n\f\r "

_SINGLE_BYTE = frozenset(NAMES[1:29]) | {"x-user-defined"}

_FACTORIES: dict[str, Callable[[], _d.Decoder]] = {
    "UTF-8": _d.Utf8Decoder,
    "UTF-16LE": _d.Utf16Decoder,
    "UTF-16BE": lambda: _d.Utf16Decoder(big_endian=True),
    "replacement": _d.ReplacementDecoder,
    "GBK": _d.Gb18030Decoder,  # "GBK's decoder is gb18030's decoder."
    "gb18030": _d.Gb18030Decoder,
    "Big5": _d.Big5Decoder,
    "EUC-JP": _d.EucJpDecoder,
    "ISO-2022-JP": _d.Iso2022JpDecoder,
    "Shift_JIS": _d.ShiftJisDecoder,
    "EUC-KR": _d.EucKrDecoder,
}

#: Encodings whose decoder maps every ASCII byte to the same code point and
#: keeps no state across one: the ones for which bytes that are all ASCII
#: have "the same Unicode interpretations" (HTML's "change the encoding",
#: step 5).  Not UTF-16BE/LE, ISO-2022-JP or replacement.
ASCII_COMPATIBLE = frozenset(set(NAMES) - {"UTF-16BE", "UTF-16LE", "ISO-2022-JP", "replacement"})


class Encoding:
    """One encoding of the Encoding Standard: its ``name`` (as the standard
    writes it, e.g. "windows-1252", "Shift_JIS") and its ``labels``.

    There is one instance per encoding; compare them with ``is`` or ``==``.
    """

    __slots__ = ("name", "labels", "_factory")

    def __init__(self, name: str, labels: tuple[str, ...]) -> None:
        self.name = name
        self.labels = labels
        if name in _SINGLE_BYTE:
            self._factory: Callable[[], _d.Decoder] = lambda: _d.SingleByteDecoder(name)
        else:
            self._factory = _FACTORIES[name]

    def decoder(self) -> _d.Decoder:
        """A new instance of this encoding's decoder, for decoding a stream
        chunk by chunk: ``decoder.decode(chunk)`` ...
        ``decoder.decode(last, final=True)``.  Errors become U+FFFD."""
        return self._factory()

    def decode(self, data: bytes) -> str:
        """Run this encoding's decoder over ``data`` (no byte order mark
        handling: see :func:`decode` for that)."""
        return self._factory().decode(bytes(data), True)

    @property
    def is_ascii_compatible(self) -> bool:
        """Whether bytes that are all ASCII decode to the same text as in
        UTF-8 (false for UTF-16BE/LE, ISO-2022-JP and replacement)."""
        return self.name in ASCII_COMPATIBLE

    def __repr__(self) -> str:
        return f"<Encoding {self.name}>"

    def __reduce__(self) -> tuple[object, ...]:
        return (get_encoding, (self.name,))


#: Every encoding, by name.
ENCODINGS: dict[str, Encoding] = {
    name: Encoding(name, tuple(label for label, n in LABELS.items() if n == name))
    for name in NAMES
}
_BY_LABEL: dict[str, Encoding] = {label: ENCODINGS[name] for label, name in LABELS.items()}


def lookup(label: str) -> Encoding | None:
    """The standard's "get an encoding": the encoding that ``label`` names,
    or None (failure).

    Leading and trailing ASCII whitespace is removed and the match is ASCII
    case-insensitive: ``lookup(" Latin1 ")`` is windows-1252."""
    if not isinstance(label, str):
        raise TypeError(f"an encoding label must be a str, not {type(label).__name__}")
    # Step 1: remove leading and trailing ASCII whitespace.
    label = label.strip(ASCII_WHITESPACE)
    # Step 2: an ASCII case-insensitive match (only ASCII letters fold, so a
    # label with a non-ASCII character never matches).
    if not label.isascii():
        return None
    return _BY_LABEL.get(label.lower())


def get_encoding(label: str | Encoding) -> Encoding:
    """Like :func:`lookup`, for labels given by a caller: an unknown label
    is a :class:`ValueError` naming it.  An :class:`Encoding` is returned
    as it is."""
    if isinstance(label, Encoding):
        return label
    encoding = lookup(label)
    if encoding is None:
        raise ValueError(f"unknown encoding label {label!r} (not a label of the WHATWG "
                         f"Encoding Standard)")
    return encoding


_UTF8 = ENCODINGS["UTF-8"]
_UTF16BE = ENCODINGS["UTF-16BE"]
_UTF16LE = ENCODINGS["UTF-16LE"]


def bom_sniff(data: bytes) -> Encoding | None:
    """The standard's "BOM sniff": UTF-8, UTF-16BE or UTF-16LE when
    ``data`` starts with that encoding's byte order mark, else None.  The
    BOM is 3 bytes long for UTF-8, 2 for UTF-16."""
    if data[:3] == b"\xef\xbb\xbf":
        return _UTF8
    if data[:2] == b"\xfe\xff":
        return _UTF16BE
    if data[:2] == b"\xff\xfe":
        return _UTF16LE
    return None


def decode(data: bytes, encoding: str | Encoding = "utf-8") -> str:
    """The standard's "decode": a byte order mark, if any, wins over
    ``encoding`` (the fallback, a label or an :class:`Encoding`) and is
    skipped; errors become U+FFFD.

    ``decode(data)`` is thus the standard's "UTF-8 decode".  An unknown
    label is a :class:`ValueError`."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"decode() takes bytes, not {type(data).__name__}")
    fallback = get_encoding(encoding)
    data = bytes(data)
    # Steps 1-2.
    bom_encoding = bom_sniff(data)
    if bom_encoding is not None:
        fallback = bom_encoding
        data = data[3:] if bom_encoding is _UTF8 else data[2:]
    # Step 3.
    return fallback.decode(data)
