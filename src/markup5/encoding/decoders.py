"""The Encoding Standard's decoders (https://encoding.spec.whatwg.org/).

Each decoder is a small stateful object: ``decode(data, final=False)``
returns the text for ``data`` and keeps an incomplete sequence at the end
for the next call, so a byte stream can be decoded chunk by chunk with
exactly the output of decoding it whole.  Errors are handled in the
standard's "replacement" error mode: each error is one U+FFFD.

Where a C codec of the standard library is *proven* to give the standard's
output it does the work (UTF-8, UTF-16 with a fix-up for lone surrogates,
the single-byte encodings through :func:`codecs.charmap_decode`).  The
legacy multi-byte encodings are the standard's decoder algorithms, step
by step, over its indexes; when no leading byte is pending, a run of
sequences that a standard library codec (cp932, cp949, big5hkscs,
gb18030, euc_jp) is checked to decode exactly as the standard does goes
to that codec in one C call (see :func:`_fast_path`), and whatever else
comes (an error, a sequence where the codec differs, a four-byte gb18030
sequence) to the algorithm.
"""

from __future__ import annotations

import codecs
import re
import sys
from bisect import bisect_right
from collections.abc import Callable
from functools import lru_cache

__all__ = [
    "Decoder", "Utf8Decoder", "Utf16Decoder", "SingleByteDecoder", "ReplacementDecoder",
    "Gb18030Decoder", "Big5Decoder", "EucJpDecoder", "Iso2022JpDecoder", "ShiftJisDecoder",
    "EucKrDecoder", "single_byte_table",
]

#: An index's "no code point at this pointer" (see tools/gen_encoding_data.py).
_NONE = "\uffff"
_FFFD = "\ufffd"
#: The next byte that is not an ASCII byte.
_NON_ASCII = re.compile(rb"[\x80-\xff]")


class Decoder:
    """A decoder instance: ``decode(data, final=False) -> str``."""

    __slots__ = ()

    def decode(self, data: bytes, final: bool = False) -> str:  # pragma: no cover - abstract
        raise NotImplementedError


# UTF-8 ------------------------------------------------------------------------

class Utf8Decoder(Decoder):
    """The UTF-8 decoder.

    CPython's UTF-8 decoder with the "replace" error handler replaces each
    maximal subpart of an ill-formed sequence with one U+FFFD, the "Best
    Practices for Using U+FFFD" that the standard's algorithm matches (the
    equivalence is tested byte sequence by byte sequence in
    tests/test_encoding_decoders.py)."""

    __slots__ = ("_decode",)

    def __init__(self) -> None:
        self._decode = codecs.getincrementaldecoder("utf-8")("replace").decode

    def decode(self, data: bytes, final: bool = False) -> str:
        return self._decode(data, final)


# UTF-16BE/LE --------------------------------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")


class Utf16Decoder(Decoder):
    """The shared UTF-16 decoder (UTF-16LE, or UTF-16BE with ``big_endian``).

    The standard library's codec with "surrogatepass" pairs a leading
    surrogate with a trailing one and lets every other surrogate code unit
    through; each of those is an error of the standard's decoder, so it
    becomes U+FFFD.  An incomplete code unit and a leading surrogate left at
    the end of the stream are together one error (step 1)."""

    __slots__ = ("_codec", "_big_endian", "_pending")

    def __init__(self, big_endian: bool = False) -> None:
        self._big_endian = big_endian
        self._codec = codecs.utf_16_be_decode if big_endian else codecs.utf_16_le_decode
        self._pending = b""

    def decode(self, data: bytes, final: bool = False) -> str:
        if self._pending:
            data = self._pending + data
        n = len(data) & ~1
        # Hold back a leading surrogate at the end: its pair may follow.
        if n:
            high = data[n - 2] if self._big_endian else data[n - 1]
            if 0xD8 <= high <= 0xDB:
                n -= 2
        text = self._codec(data[:n], "surrogatepass", True)[0] if n else ""
        if _SURROGATE.search(text):
            text = _SURROGATE.sub(_FFFD, text)
        self._pending = data[n:]
        if final and self._pending:
            self._pending = b""
            text += _FFFD
        return text


# Single-byte encodings and x-user-defined ------------------------------------------

@lru_cache(maxsize=None)
def single_byte_table(name: str) -> str:
    """The 256-character decoding table of a single-byte encoding (or
    x-user-defined) for :func:`codecs.charmap_decode`: ASCII bytes map to
    themselves; U+FFFE marks a byte that index single-byte has no code
    point for (an error)."""
    ascii_part = "".join(map(chr, range(128)))
    if name == "x-user-defined":
        # "Return a code point whose value is 0xF780 + byte - 0x80."
        return ascii_part + "".join(chr(0xF780 + i) for i in range(128))
    from ._single_byte import TABLES
    table = TABLES["ISO-8859-8" if name == "ISO-8859-8-I" else name]
    return ascii_part + table.replace(_NONE, "\ufffe")


class SingleByteDecoder(Decoder):
    """The single-byte decoder (also used for x-user-defined): one C call,
    :func:`codecs.charmap_decode` with the index as its table; an unmapped
    byte is an error, so U+FFFD."""

    __slots__ = ("_table",)

    def __init__(self, name: str) -> None:
        self._table = single_byte_table(name)

    def decode(self, data: bytes, final: bool = False) -> str:
        return codecs.charmap_decode(data, "replace", self._table)[0]


# replacement -------------------------------------------------------------------

class ReplacementDecoder(Decoder):
    """The replacement decoder: one error (U+FFFD) for a non-empty stream,
    then nothing."""

    __slots__ = ("_error_returned",)

    def __init__(self) -> None:
        self._error_returned = False

    def decode(self, data: bytes, final: bool = False) -> str:
        if data and not self._error_returned:
            self._error_returned = True
            return _FFFD
        return ""


# Indexes ------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _index(name: str) -> str:
    if name == "jis0208":
        from ._index_jis0208 import INDEX
    elif name == "jis0212":
        from ._index_jis0212 import INDEX
    elif name == "euc-kr":
        from ._index_euc_kr import INDEX
    elif name == "gb18030":
        from ._index_gb18030 import INDEX
    else:
        from ._index_big5 import INDEX
    return INDEX


@lru_cache(maxsize=None)
def _gb18030_ranges() -> tuple[list[int], list[int]]:
    from ._index_gb18030 import RANGES
    return [p for p, _ in RANGES], [c for _, c in RANGES]


def index_code_point(index: str, pointer: int) -> str | None:
    """The index code point for ``pointer`` in ``index`` (None: null)."""
    if 0 <= pointer < len(index):
        char = index[pointer]
        if char != _NONE:
            return char
    return None


def gb18030_ranges_code_point(pointer: int) -> str | None:
    """The index gb18030 ranges code point for ``pointer``."""
    # Step 1.
    if 39419 < pointer < 189000 or pointer > 1237575:
        return None
    # Step 2.
    if pointer == 7457:
        return "\ue7c7"
    # Step 3: the last pointer in the ranges that is <= pointer.
    pointers, code_points = _gb18030_ranges()
    i = bisect_right(pointers, pointer) - 1
    # Step 4.
    return chr(code_points[i] + pointer - pointers[i])


# The C codecs' fast path for the multi-byte decoders ---------------------------------

#: The standard library codec tried for each multi-byte encoding.
_C_CODECS = {"Shift_JIS": "cp932", "EUC-KR": "cp949", "Big5": "big5hkscs",
             "gb18030": "gb18030", "EUC-JP": "euc_jp"}


def _byte_class(values: list[int]) -> bytes:
    """A regex character class (without brackets) for a set of bytes."""
    out = []
    values = sorted(values)
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        out.append(re.escape(bytes([values[i]])))
        if j > i:
            out.append(b"-" + re.escape(bytes([values[j]])))
        i = j + 1
    return b"".join(out)


#: The most bytes one match of a fast path takes (see :func:`_fast_path`).
_FAST_SPAN = 1 << 16


@lru_cache(maxsize=None)
def _fast_path(name: str) -> tuple[Callable[[bytes, int], re.Match[bytes] | None], str] | None:
    """(match, codec): ``match(data, pos)`` matches the longest run, from
    ``pos`` and of at most :data:`_FAST_SPAN` bytes (see below), of single
    bytes and two-byte sequences that the standard
    library's ``codec`` decodes to exactly what this encoding's decoder (the
    standard's algorithm) gives -- checked here, on the running Python,
    sequence by sequence; or None when there is no such codec.

    A sequence is admitted when the standard's decoder maps it, alone, to
    code points without an error and the codec gives the same; a single
    byte also has to be complete for the codec (whatever follows it, the
    codec decodes it alone).  Both decoders start afresh after each admitted
    sequence, so the codec's output for a run is the standard's.
    ``tests/test_encoding_decoders.py`` checks the two paths against each
    other on random input."""
    codec = _C_CODECS[name]
    try:
        codecs.lookup(codec)
    except LookupError:  # pragma: no cover - every CPython has them
        return None
    reference = _SPEC_DECODERS[name](fast=False)

    def standard(data: bytes) -> str:
        return reference.decode(data, True)

    def c_codec(data: bytes) -> str | None:
        try:
            return data.decode(codec)
        except UnicodeDecodeError:
            return None

    def replaced(data: bytes) -> str:
        return data.decode(codec, "replace")

    singles = []
    leads = []
    for byte in range(256):
        data = bytes([byte])
        expected = standard(data)
        if expected == _FFFD:
            if byte >= 0x80:
                leads.append(byte)
            continue
        if c_codec(data) != expected:
            continue
        # Complete for the codec: followed by any byte, it decodes alone.
        alone = replaced(data)
        if all(replaced(bytes([byte, after])) == alone + replaced(bytes([after]))
               for after in range(256)):
            singles.append(byte)
    groups: dict[tuple[int, ...], list[int]] = {}
    for lead in leads:
        trails = []
        for trail in range(0x30, 0xFF):
            data = bytes([lead, trail])
            expected = standard(data)
            if _FFFD not in expected and c_codec(data) == expected:
                trails.append(trail)
        if trails:
            groups.setdefault(tuple(trails), []).append(lead)
    branches = [b"[" + _byte_class(singles) + b"]+"] if singles else []
    for trail_bytes, group in sorted(groups.items(), key=lambda item: -len(item[1])):
        branches.append(b"[" + _byte_class(group) + b"][" + _byte_class(list(trail_bytes)) + b"]")
    if not branches:  # pragma: no cover
        return None
    # One match is bounded to _FAST_SPAN bytes: the regex engine keeps a
    # record of every repetition of the group until the match ends (about
    # 40 to 60 bytes per input byte of Shift_JIS text), unless the repeat is
    # possessive (Python 3.11 on; nothing follows it, so nothing could make
    # it give back).  A bounded match ends at a sequence boundary, and the
    # decoder's loop matches again from there.
    repeat = b")++" if sys.version_info >= (3, 11) else b")+"
    match = re.compile(b"(?:" + b"|".join(branches) + repeat).match

    def fast(data: bytes, pos: int) -> re.Match[bytes] | None:
        return match(data, pos, pos + _FAST_SPAN)

    return fast, codec


class ShiftJisDecoder(Decoder):
    """The Shift_JIS decoder."""

    __slots__ = ("_fast", "leading", "_index")

    def __init__(self, fast: bool = True) -> None:
        self._fast = _fast_path('Shift_JIS') if fast else None
        self.leading = 0  # "Shift_JIS leading"
        self._index = _index("jis0208")

    def decode(self, data: bytes, final: bool = False) -> str:
        out: list[str] = []
        append = out.append
        index = self._index
        index_len = len(index)
        leading = self.leading
        i = 0
        n = len(data)
        search = _NON_ASCII.search
        fast, codec = self._fast or (None, "")
        while i < n:
            byte = data[i]
            if not leading:
                if fast is not None:
                    m = fast(data, i)
                    if m is not None:  # a run the C codec decodes as the standard does
                        j = m.end()
                        append(data[i:j].decode(codec))
                        i = j
                        continue
                if byte < 0x80:  # ASCII run
                    m = search(data, i)
                    j = m.start() if m else n
                    append(data[i:j].decode("ascii"))
                    i = j
                    continue
                i += 1
                # Step 4: ASCII byte or 0x80.
                if byte == 0x80:
                    append("\x80")
                # Step 5: half-width katakana.
                elif 0xA1 <= byte <= 0xDF:
                    append(chr(0xFF61 - 0xA1 + byte))
                # Step 6.
                elif 0x81 <= byte <= 0x9F or 0xE0 <= byte <= 0xFC:
                    leading = byte
                # Step 7.
                else:
                    append(_FFFD)
                continue
            # Step 3.
            i += 1
            lead = leading
            leading = 0
            pointer = -1
            offset = 0x40 if byte < 0x7F else 0x41
            leading_offset = 0x81 if lead < 0xA0 else 0xC1
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC:
                pointer = (lead - leading_offset) * 188 + byte - offset
            if 8836 <= pointer <= 10715:  # EUDC: the Private Use Area
                append(chr(0xE000 - 8836 + pointer))
                continue
            if 0 <= pointer < index_len and index[pointer] != _NONE:
                append(index[pointer])
                continue
            if byte < 0x80:  # restore an ASCII byte
                i -= 1
            append(_FFFD)
        if final and leading:  # Step 1: end-of-queue with a leading byte.
            leading = 0
            append(_FFFD)
        self.leading = leading
        return "".join(out)


class EucKrDecoder(Decoder):
    """The EUC-KR decoder."""

    __slots__ = ("_fast", "leading", "_index")

    def __init__(self, fast: bool = True) -> None:
        self._fast = _fast_path('EUC-KR') if fast else None
        self.leading = 0  # "EUC-KR leading"
        self._index = _index("euc-kr")

    def decode(self, data: bytes, final: bool = False) -> str:
        out: list[str] = []
        append = out.append
        index = self._index
        index_len = len(index)
        leading = self.leading
        i = 0
        n = len(data)
        search = _NON_ASCII.search
        fast, codec = self._fast or (None, "")
        while i < n:
            byte = data[i]
            if not leading:
                if fast is not None:
                    m = fast(data, i)
                    if m is not None:  # a run the C codec decodes as the standard does
                        j = m.end()
                        append(data[i:j].decode(codec))
                        i = j
                        continue
                if byte < 0x80:  # Step 4: ASCII run
                    m = search(data, i)
                    j = m.start() if m else n
                    append(data[i:j].decode("ascii"))
                    i = j
                    continue
                i += 1
                if 0x81 <= byte <= 0xFE:  # Step 5
                    leading = byte
                else:  # Step 6
                    append(_FFFD)
                continue
            # Step 3.
            i += 1
            lead = leading
            leading = 0
            if 0x41 <= byte <= 0xFE:
                pointer = (lead - 0x81) * 190 + (byte - 0x41)
                if pointer < index_len and index[pointer] != _NONE:
                    append(index[pointer])
                    continue
            if byte < 0x80:
                i -= 1
            append(_FFFD)
        if final and leading:
            leading = 0
            append(_FFFD)
        self.leading = leading
        return "".join(out)


#: Big5 pointers that decode to two code points.
_BIG5_PAIRS = {1133: "\u00ca\u0304", 1135: "\u00ca\u030c", 1164: "\u00ea\u0304",
               1166: "\u00ea\u030c"}


class Big5Decoder(Decoder):
    """The Big5 decoder."""

    __slots__ = ("_fast", "leading", "_index")

    def __init__(self, fast: bool = True) -> None:
        self._fast = _fast_path('Big5') if fast else None
        self.leading = 0  # "Big5 leading"
        self._index = _index("big5")

    def decode(self, data: bytes, final: bool = False) -> str:
        out: list[str] = []
        append = out.append
        index = self._index
        index_len = len(index)
        leading = self.leading
        i = 0
        n = len(data)
        search = _NON_ASCII.search
        fast, codec = self._fast or (None, "")
        while i < n:
            byte = data[i]
            if not leading:
                if fast is not None:
                    m = fast(data, i)
                    if m is not None:  # a run the C codec decodes as the standard does
                        j = m.end()
                        append(data[i:j].decode(codec))
                        i = j
                        continue
                if byte < 0x80:  # Step 4: ASCII run
                    m = search(data, i)
                    j = m.start() if m else n
                    append(data[i:j].decode("ascii"))
                    i = j
                    continue
                i += 1
                if 0x81 <= byte <= 0xFE:  # Step 5
                    leading = byte
                else:  # Step 6
                    append(_FFFD)
                continue
            # Step 3.
            i += 1
            lead = leading
            leading = 0
            offset = 0x40 if byte < 0x7F else 0x62
            if 0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE:
                pointer = (lead - 0x81) * 157 + (byte - offset)
                pair = _BIG5_PAIRS.get(pointer)
                if pair is not None:
                    append(pair)
                    continue
                if pointer < index_len and index[pointer] != _NONE:
                    append(index[pointer])
                    continue
            if byte < 0x80:
                i -= 1
            append(_FFFD)
        if final and leading:
            leading = 0
            append(_FFFD)
        self.leading = leading
        return "".join(out)


class EucJpDecoder(Decoder):
    """The EUC-JP decoder."""

    __slots__ = ("_fast", "leading", "jis0212", "_jis0208", "_jis0212")

    def __init__(self, fast: bool = True) -> None:
        self._fast = _fast_path('EUC-JP') if fast else None
        self.jis0212 = False  # "EUC-JP jis0212"
        self.leading = 0  # "EUC-JP leading"
        self._jis0208 = _index("jis0208")
        self._jis0212 = _index("jis0212")

    def decode(self, data: bytes, final: bool = False) -> str:
        out: list[str] = []
        append = out.append
        leading = self.leading
        jis0212 = self.jis0212
        i = 0
        n = len(data)
        search = _NON_ASCII.search
        fast, codec = self._fast or (None, "")
        while i < n:
            byte = data[i]
            if not leading:
                if fast is not None:
                    m = fast(data, i)
                    if m is not None:  # a run the C codec decodes as the standard does
                        j = m.end()
                        append(data[i:j].decode(codec))
                        i = j
                        continue
                if byte < 0x80:  # Step 6: ASCII run
                    m = search(data, i)
                    j = m.start() if m else n
                    append(data[i:j].decode("ascii"))
                    i = j
                    continue
                i += 1
                if byte == 0x8E or byte == 0x8F or 0xA1 <= byte <= 0xFE:  # Step 7
                    leading = byte
                else:  # Step 8
                    append(_FFFD)
                continue
            i += 1
            # Step 3: half-width katakana.
            if leading == 0x8E and 0xA1 <= byte <= 0xDF:
                leading = 0
                append(chr(0xFF61 - 0xA1 + byte))
                continue
            # Step 4: JIS X 0212.
            if leading == 0x8F and 0xA1 <= byte <= 0xFE:
                jis0212 = True
                leading = byte
                continue
            # Step 5.
            lead = leading
            leading = 0
            char = None
            if 0xA1 <= lead <= 0xFE and 0xA1 <= byte <= 0xFE:
                char = index_code_point(self._jis0212 if jis0212 else self._jis0208,
                                        (lead - 0xA1) * 94 + byte - 0xA1)
            jis0212 = False
            if char is not None:
                append(char)
                continue
            if byte < 0x80:
                i -= 1
            append(_FFFD)
        if final and leading:  # Step 1
            leading = 0
            jis0212 = False
            append(_FFFD)
        self.leading = leading
        self.jis0212 = jis0212
        return "".join(out)


class Gb18030Decoder(Decoder):
    """The gb18030 decoder (also GBK's)."""

    __slots__ = ("_fast", "first", "second", "third", "_index", "_queue")

    def __init__(self, fast: bool = True) -> None:
        self._fast = _fast_path('gb18030') if fast else None
        self.first = self.second = self.third = 0  # "gb18030 first/second/third"
        self._index = _index("gb18030")
        self._queue: list[int] = []  # bytes restored to the I/O queue

    def decode(self, data: bytes, final: bool = False) -> str:
        out: list[str] = []
        append = out.append
        index = self._index
        index_len = len(index)
        first, second, third = self.first, self.second, self.third
        queue = self._queue  # restored bytes, read before data[i:]
        i = 0
        n = len(data)
        search = _NON_ASCII.search
        fast, codec = self._fast or (None, "")
        while queue or i < n:
            if queue:
                byte = queue.pop(0)
            else:
                byte = data[i]
                if not first and fast is not None:
                    m = fast(data, i)
                    if m is not None:  # a run the C codec decodes as the standard does
                        j = m.end()
                        append(data[i:j].decode(codec))
                        i = j
                        continue
                if not first and byte < 0x80:  # Step 6: ASCII run
                    m = search(data, i)
                    j = m.start() if m else n
                    append(data[i:j].decode("ascii"))
                    i = j
                    continue
                i += 1
            if third:  # Step 3
                if not 0x30 <= byte <= 0x39:
                    queue[0:0] = [second, third, byte]
                    first = second = third = 0
                    append(_FFFD)
                    continue
                char = gb18030_ranges_code_point(
                    (first - 0x81) * (10 * 126 * 10) + (second - 0x30) * (10 * 126)
                    + (third - 0x81) * 10 + byte - 0x30)
                first = second = third = 0
                append(_FFFD if char is None else char)
                continue
            if second:  # Step 4
                if 0x81 <= byte <= 0xFE:
                    third = byte
                    continue
                queue[0:0] = [second, byte]
                first = second = 0
                append(_FFFD)
                continue
            if first:  # Step 5
                if 0x30 <= byte <= 0x39:
                    second = byte
                    continue
                lead = first
                first = 0
                offset = 0x40 if byte < 0x7F else 0x41
                if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFE:
                    pointer = (lead - 0x81) * 190 + (byte - offset)
                    if pointer < index_len and index[pointer] != _NONE:
                        append(index[pointer])
                        continue
                if byte < 0x80:
                    queue.insert(0, byte)
                append(_FFFD)
                continue
            if byte < 0x80:  # Step 6
                append(chr(byte))
            elif byte == 0x80:  # Step 7
                append("\u20ac")
            elif byte <= 0xFE:  # Step 8
                first = byte
            else:  # Step 9
                append(_FFFD)
        if final and (first or second or third):  # Step 2
            first = second = third = 0
            append(_FFFD)
            # The bytes held in the decoder are dropped with the error.
        self.first, self.second, self.third = first, second, third
        return "".join(out)


_SPEC_DECODERS = {"Shift_JIS": ShiftJisDecoder, "EUC-KR": EucKrDecoder, "Big5": Big5Decoder,
                  "gb18030": Gb18030Decoder, "EUC-JP": EucJpDecoder}


# ISO-2022-JP ------------------------------------------------------------------------

_ASCII, _ROMAN, _KATAKANA, _LEADING_BYTE, _TRAILING_BYTE, _ESCAPE_START, _ESCAPE = range(7)


class Iso2022JpDecoder(Decoder):
    """The ISO-2022-JP decoder: the standard's states, a byte at a time
    (bulk-copying runs of plain ASCII in the ASCII state)."""

    __slots__ = ("state", "output_state", "leading", "output", "_index", "_queue")

    _PLAIN_ASCII = re.compile(rb"[^\x0e\x0f\x1b\x80-\xff]+")

    def __init__(self) -> None:
        self.state = _ASCII  # "ISO-2022-JP decoder state"
        self.output_state = _ASCII  # "ISO-2022-JP decoder output state"
        self.leading = 0  # "ISO-2022-JP leading"
        self.output = False  # "ISO-2022-JP output"
        self._index = _index("jis0208")
        self._queue: list[int] = []

    def decode(self, data: bytes, final: bool = False) -> str:
        out: list[str] = []
        append = out.append
        queue = self._queue
        plain = self._PLAIN_ASCII.match
        i = 0
        n = len(data)
        while True:
            if queue:
                byte: int | None = queue.pop(0)
            elif i < n:
                if self.state == _ASCII:
                    m = plain(data, i)
                    if m is not None:
                        append(m.group().decode("ascii"))
                        self.output = False
                        i = m.end()
                        continue
                byte = data[i]
                i += 1
            elif final:
                byte = None  # end-of-queue
            else:
                break
            result = self._handle(byte, queue)
            if result is not None:
                append(result)
            if byte is None and not queue:
                if result is None:  # finished
                    break
        return "".join(out)

    def _handle(self, byte: int | None, queue: list[int]) -> str | None:
        """The handler for one byte (None: end-of-queue); returns the output
        (U+FFFD for an error) or None (continue / finished)."""
        state = self.state
        if state == _ASCII or state == _ROMAN:
            if byte == 0x1B:
                self.state = _ESCAPE_START
                return None
            if byte is None:
                return None
            self.output = False
            if byte <= 0x7F and byte not in (0x0E, 0x0F):
                if state == _ROMAN:
                    if byte == 0x5C:
                        return "\u00a5"
                    if byte == 0x7E:
                        return "\u203e"
                return chr(byte)
            return _FFFD
        if state == _KATAKANA:
            if byte == 0x1B:
                self.state = _ESCAPE_START
                return None
            if byte is None:
                return None
            self.output = False
            if 0x21 <= byte <= 0x5F:
                return chr(0xFF61 - 0x21 + byte)
            return _FFFD
        if state == _LEADING_BYTE:
            if byte == 0x1B:
                self.state = _ESCAPE_START
                return None
            if byte is None:
                return None
            self.output = False
            if 0x21 <= byte <= 0x7E:
                self.leading = byte
                self.state = _TRAILING_BYTE
                return None
            return _FFFD
        if state == _TRAILING_BYTE:
            if byte == 0x1B:
                self.state = _ESCAPE_START
                return _FFFD
            self.state = _LEADING_BYTE
            if byte is not None and 0x21 <= byte <= 0x7E:
                char = index_code_point(self._index, (self.leading - 0x21) * 94 + byte - 0x21)
                return _FFFD if char is None else char
            return _FFFD
        if state == _ESCAPE_START:
            # Step 1.
            if byte == 0x24 or byte == 0x28:
                self.leading = byte
                self.state = _ESCAPE
                return None
            # Step 2.
            if byte is not None:
                queue.insert(0, byte)
            # Step 3.
            self.output = False
            self.state = self.output_state
            return _FFFD
        # Escape.
        leading = self.leading
        self.leading = 0
        new_state = None
        if leading == 0x28 and byte == 0x42:
            new_state = _ASCII
        elif leading == 0x28 and byte == 0x4A:
            new_state = _ROMAN
        elif leading == 0x28 and byte == 0x49:
            new_state = _KATAKANA
        elif leading == 0x24 and (byte == 0x40 or byte == 0x42):
            new_state = _LEADING_BYTE
        if new_state is not None:
            self.state = self.output_state = new_state
            output = self.output
            self.output = True
            return _FFFD if output else None
        if byte is None:
            queue.insert(0, leading)
        else:
            queue[0:0] = [leading, byte]
        self.output = False
        self.state = self.output_state
        return _FFFD
