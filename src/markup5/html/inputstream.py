"""Input stream preprocessing (§13.2.3.5) for chunked input.

Newline normalisation: every CR LF pair and every lone CR becomes one LF.  A
CR at the end of a chunk is held back until the next chunk (or the end of
input) shows whether an LF follows, so the result never depends on where the
chunks split.

The standard also makes surrogates, noncharacters and control characters
other than ASCII whitespace and NULL parse errors *of the input stream*
(``surrogate-in-input-stream``, ``noncharacter-in-input-stream``,
``control-character-in-input-stream``).  The characters themselves pass
through unchanged; the errors are found on demand, when the parse errors
are first asked for, with one regex scan of the normalised text (so a user
who never looks at the errors never pays for the scan).
"""

from __future__ import annotations

import re

from ..errors import may_have_astral

__all__ = ["InputStream"]

#: Characters of the Basic Multilingual Plane that are parse errors in the
#: input stream: controls other than ASCII whitespace and NULL (the states
#: handle NULL), surrogates, and the noncharacters U+FDD0-U+FDEF, U+FFFE,
#: U+FFFF.
PROBLEM_CHARACTERS = re.compile("[\x01-\x08\x0b\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff]")
#: The noncharacters outside the BMP are U+1FFFE, U+1FFFF, ... U+10FFFF: the
#: last two code points of planes 1 to 16.  A class of those 32 characters
#: costs the regex engine 32 comparisons per character (about 65 ns a
#: character on a page with an emoji); a single range is two, so the scan
#: finds the characters from U+1FFFE up (rare: the CJK extension planes and
#: private use) and keeps those whose low 16 bits are FFFE or FFFF.
ASTRAL_CANDIDATES = re.compile("[\U0001FFFE-\U0010FFFF]")


#: Whether a chunk holds a character of PROBLEM_CHARACTERS is answered
#: without that class: the regex engine tests each character against it
#: (about 2.5 ns a character, the whole of the scan's time on a page with
#: no problem), whereas memchr (``bytes in bytes`` and ``str in str`` of one
#: byte or one Latin-1 character) looks for one byte over memory many bytes
#: at a time.  So the chunk is looked at as bytes: an ASCII chunk as it is,
#: any other encoded as UTF-8.  An ASCII control of the class is itself a
#: byte, found by one memchr each (28 of them: fewer instructions, and no
#: more time, than one bytes.translate deleting the other bytes).  A C1
#: control (U+0080-U+009F) is C2 80-9F in UTF-8, a surrogate (U+D800-U+DFFF,
#: which "surrogatepass" encodes) ED A0-BF, a noncharacter U+FDD0-U+FDEF,
#: U+FFFE or U+FFFF EF B7 90-AF or EF BF BE-BF: each lead byte's places are
#: found by memchr and its sequence tried there (see _sequence_in).
#: (Exact: _has_bmp_problem(c) is True for exactly the characters of
#: PROBLEM_CHARACTERS; tests/test_inputstream_scan.py tries every code
#: point.)
_ASCII_PROBLEMS = bytes([*range(0x01, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F])
_ASCII_PROBLEM_CHARACTERS = tuple(chr(byte) for byte in _ASCII_PROBLEMS)
_ASCII_PROBLEM_BYTES = tuple(bytes([byte]) for byte in _ASCII_PROBLEMS)
_C1_CONTROL_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")
_SURROGATE_UTF8 = re.compile(rb"\xed[\xa0-\xbf]")
_NONCHARACTER_UTF8 = re.compile(rb"\xef(?:\xb7[\x90-\xaf]|\xbf[\xbe\xbf])")
#: How many places of a lead byte _sequence_in tries one by one (a text of
#: many NBSPs, Hangul syllables or emoji: each try is a Python step).
_TRIES = 32


def _sequence_in(data: bytes, lead: bytes, sequence: re.Pattern[bytes],
                 search_on: bool = True) -> bool:
    """Whether ``sequence`` (which starts with the byte ``lead``) occurs in
    ``data``: tried at each ``lead`` memchr finds.  The lead bytes are
    common (C2 begins NBSP, ED the Hangul syllables from U+D000, F0 every
    emoji) but a problem after them is rare, and a regex search for the
    sequence tests every byte of the chunk.  Past _TRIES places the rest
    is left to one search (``search_on``), or the answer is True ("may"):
    the caller scans the text."""
    at = data.find(lead)
    tries = 0
    while at >= 0:
        if sequence.match(data, at) is not None:
            return True
        tries += 1
        at = data.find(lead, at + 1)
        if tries == _TRIES and at >= 0:
            return not search_on or sequence.search(data, at) is not None
    return False


def _has_bmp_problem(chunk: str) -> bool:
    """Whether ``PROBLEM_CHARACTERS.search(chunk)`` would find one (see
    _ASCII_PROBLEMS); the scan looks for them only in a chunk that has
    one."""
    if chunk.isascii():
        return any(c in chunk for c in _ASCII_PROBLEM_CHARACTERS)
    return utf8_has_bmp_problem(chunk.encode("utf-8", "surrogatepass"))


def utf8_has_bmp_problem(data: bytes) -> bool:
    """Whether ``data``, text in UTF-8, has a character of
    PROBLEM_CHARACTERS (see _ASCII_PROBLEMS).  Also right for bytes that
    are not all UTF-8, of the text the Encoding Standard's UTF-8 decode
    makes of them: that puts U+FFFD (EF BF BD) for what is not UTF-8 and
    keeps the rest, so each problem character there is its bytes here (an
    ED A0-BF it does not decode, an encoded surrogate, answers True, which
    costs only the scan of the text)."""
    return (any(byte in data for byte in _ASCII_PROBLEM_BYTES)
            or _sequence_in(data, b"\xc2", _C1_CONTROL_UTF8)
            or _sequence_in(data, b"\xed", _SURROGATE_UTF8)
            or _sequence_in(data, b"\xef", _NONCHARACTER_UTF8))


#: An astral noncharacter in UTF-8: the four bytes of a code point whose
#: low 16 bits are FFFE or FFFF (lead F0-F4, then 8F/9F/AF/BF, BF, BE/BF;
#: exact on UTF-8, and what is not UTF-8 decodes to no such character).
_ASTRAL_NONCHARACTER_UTF8 = re.compile(rb"[\xf0-\xf4][\x8f\x9f\xaf\xbf]\xbf[\xbe\xbf]")
_PLANE_1_3_NONCHARACTER_UTF8 = re.compile(rb"\xf0[\x9f\xaf\xbf]\xbf[\xbe\xbf]")


def utf8_may_have_astral_noncharacter(data: bytes) -> bool:
    """Whether the text decoded from the UTF-8 bytes ``data`` may hold a
    noncharacter outside the BMP (False: it holds none).  F0 begins every
    emoji, so its places are tried one by one; past _TRIES of them the
    answer is True, and the text is scanned (with emoji on every line, the
    text's scan, a test for each character where the bytes have four, is
    the faster).  F1-F4 (planes 4 to 16) are rare, and where one is the
    bytes are searched."""
    return (_sequence_in(data, b"\xf0", _PLANE_1_3_NONCHARACTER_UTF8, search_on=False)
            or any(lead in data for lead in (b"\xf1", b"\xf2", b"\xf3", b"\xf4"))
            and _ASTRAL_NONCHARACTER_UTF8.search(data) is not None)


def _is_astral_noncharacter(c: str) -> bool:
    return ord(c) & 0xFFFE == 0xFFFE

def _problem_code(c: str) -> str:
    o = ord(c)
    if 0xD800 <= o <= 0xDFFF:
        return "surrogate-in-input-stream"
    if o < 0xA0:
        return "control-character-in-input-stream"
    return "noncharacter-in-input-stream"


class InputStream:
    """Normalises newlines chunk by chunk and finds input-stream errors.

    :meth:`push` takes raw text and returns the normalised text that is now
    final; :meth:`problems` returns the ``(code, offset)`` pairs of the
    input-stream errors in everything pushed so far, offsets being
    positions in the normalised stream.
    """

    __slots__ = ("length", "_chunks", "_scanned", "_problems", "_held_cr", "_keep")

    def __init__(self, keep: bool = True) -> None:
        self._keep = keep  # False: nobody will ask for the problems
        self.length = 0  # characters of normalised text returned so far
        self._chunks: list[str] = []
        self._scanned = 0  # length of the text already scanned for problems
        self._problems: list[tuple[str, int]] = []
        self._held_cr = False

    def push(self, chunk: str, final: bool = False) -> str:
        """Normalise ``chunk``; with ``final`` the stream ends after it."""
        if self._held_cr:
            chunk = "\r" + chunk
            self._held_cr = False
        if "\r" in chunk:
            if chunk[-1] == "\r" and not final:
                chunk = chunk[:-1]
                self._held_cr = True
            chunk = chunk.replace("\r\n", "\n").replace("\r", "\n")
        if chunk:
            if self._keep:
                self._chunks.append(chunk)
            self.length += len(chunk)
        return chunk

    def problems(self, utf8_source: bytes | None = None) -> list[tuple[str, int]]:
        """The input-stream errors of the text pushed so far, in order.

        ``utf8_source``: the bytes the whole stream was decoded from as
        UTF-8, when the caller has them.  When they hold no problem
        character of the BMP (:func:`utf8_has_bmp_problem`), neither does
        the text, which is then not encoded to be scanned for them; when a
        chunk may hold characters outside the BMP and the bytes hold no
        noncharacter there (:func:`utf8_may_have_astral_noncharacter`,
        asked once), the chunk is not scanned for them either (a regex
        test of each character of a text with an emoji)."""
        chunks = self._chunks
        if chunks:
            problems = self._problems
            base = self._scanned
            bmp_clean = utf8_source is not None and not utf8_has_bmp_problem(utf8_source)
            astral_clean: bool | None = None  # (the bytes' answer, when asked)
            for chunk in chunks:
                # (This chunk's problems come after every earlier one: only
                # its own are put in order.  Sorting the whole list for each
                # chunk with an astral noncharacter was chunks x problems.)
                found: list[tuple[str, int]] = []
                m = None if bmp_clean or not _has_bmp_problem(chunk) \
                    else PROBLEM_CHARACTERS.search(chunk)
                if m is not None:
                    found.extend(
                        (_problem_code(m.group()), base + m.start())
                        for m in PROBLEM_CHARACTERS.finditer(chunk, m.start()))
                if may_have_astral(chunk):
                    if astral_clean is None:
                        astral_clean = utf8_source is not None \
                            and not utf8_may_have_astral_noncharacter(utf8_source)
                    if not astral_clean and ASTRAL_CANDIDATES.search(chunk):
                        astral = [("noncharacter-in-input-stream", base + m.start())
                                  for m in ASTRAL_CANDIDATES.finditer(chunk)
                                  if _is_astral_noncharacter(m.group())]
                        if astral:
                            found.extend(astral)
                            found.sort(key=lambda problem: problem[1])
                problems.extend(found)
                base += len(chunk)
            self._scanned = base
            chunks.clear()
        return self._problems
