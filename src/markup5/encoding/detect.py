"""Encoding autodetection: the optional step of HTML's encoding sniffing
algorithm (§13.2.3.2) that browsers take when nothing declares the encoding
(no byte order mark, no transport layer charset, nothing the prescan finds),
before falling back to the default.

What is detected is what Chromium and Firefox detect for a document opened
from a ``file:`` URL: bytes that are valid UTF-8 and not all ASCII are
UTF-8.  (Valid UTF-8 with non-ASCII in it is very unlikely to be text in a
legacy encoding: windows-1252 text would need, say, "Ã" followed by "©" to
look like UTF-8.)  Anything else gets no guess here, and the caller uses its
default.

How much is looked at: the first :data:`DETECT_LENGTH` bytes (256 KiB),
the amount Chromium's detector sees on a ``file:`` URL (measured with
Chromium 156 and ``tools/encoding_chromium.py``: a first non-ASCII
character ending at byte 262,144 makes the page UTF-8, one starting there
leaves it windows-1252).  The window is cut there whatever follows, so that the
answer depends only on those bytes; a UTF-8 sequence cut by the window's
end is left out of it (measured: a window of UTF-8 text whose last
character is cut is UTF-8 in Chromium; one whose only non-ASCII character
is cut is not).  Detection is linear in them, and
bounded.

Not detected (yet): the legacy encodings a frequency-based detector
(Chromium's Compact Encoding Detection, Firefox's chardetng) tells apart,
such as windows-1251, Shift_JIS, GBK or EUC-KR text without a declaration.
Note that browsers take a UTF-8 guess only for local files: for a page
served over HTTP, Chromium and Firefox ignore it (so that sites cannot come
to rely on it) and use their default; ``markup5.parse(data,
detect=False)`` gives that default.
"""

from __future__ import annotations

import codecs
import re

from .core import ENCODINGS, Encoding

__all__ = ["DETECT_LENGTH", "detect_encoding"]

#: The number of bytes autodetection looks at (256 KiB, as Chromium on a
#: ``file:`` URL).
DETECT_LENGTH = 262144

_UTF8 = ENCODINGS["UTF-8"]
_NON_ASCII_BYTE = re.compile(b"[\x80-\xff]")


def detect(window: bytes, full: bool = False) -> Encoding | None:
    """The autodetection step on ``window`` (the first :data:`DETECT_LENGTH`
    bytes of the input at most, or any part of them that starts at or
    before their first non-ASCII byte: the bytes before it, ASCII, change
    nothing): UTF-8 if the bytes hold a non-ASCII byte and are valid
    UTF-8, else None (no guess).  ``full`` says that the window ends at
    :data:`DETECT_LENGTH` rather than at the end of the input: a sequence
    cut there is left out instead of being invalid."""
    if _NON_ASCII_BYTE.search(window) is None:
        return None  # all ASCII: every ASCII-compatible encoding agrees
    try:
        # Python's strict UTF-8 decoder fails exactly where the Encoding
        # Standard's UTF-8 decoder reports an error (overlong forms,
        # surrogates, code points above U+10FFFF).  With final=False it
        # holds back a sequence that is valid so far but cut by a full
        # window's end: that sequence is left out, not an error, so that a
        # window full of UTF-8 text is UTF-8 wherever the cut falls (as in
        # Chromium), and a window whose only non-ASCII bytes are the cut
        # sequence is all ASCII (no guess, as in Chromium).
        text = codecs.getincrementaldecoder("utf-8")().decode(window, not full)
    except UnicodeDecodeError:
        return None
    return None if text.isascii() else _UTF8


def detect_encoding(data: bytes | bytearray | memoryview) -> str | None:
    """Autodetect the encoding of HTML bytes that declare none: "UTF-8" if
    the first :data:`DETECT_LENGTH` bytes of ``data`` are valid UTF-8 and
    not all ASCII, else None (the caller's default applies).

    This is only the detection step; :func:`markup5.parse` (with
    ``detect=True``, the default) runs it when the byte order mark, the
    transport encoding and the prescan say nothing.

    >>> detect_encoding("café".encode("utf-8"))
    'UTF-8'
    >>> detect_encoding("café".encode("windows-1252")) is None
    True
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"detect_encoding() takes bytes, not {type(data).__name__}")
    encoding = detect(bytes(data[:DETECT_LENGTH]), len(data) >= DETECT_LENGTH)
    return None if encoding is None else encoding.name
