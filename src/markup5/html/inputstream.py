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
#: no problem), whereas encoding the chunk as UTF-8 and deleting the bytes
#: that cannot be part of one with bytes.translate run in C over memory
#: (about 1 ns a character together).  What is left is a problem's bytes:
#: an ASCII control of the class is itself; a C1 control (U+0080-U+009F)
#: starts with C2, a surrogate (U+D800-U+DFFF, which "surrogatepass"
#: encodes) with ED, a noncharacter U+FDD0-U+FDEF, U+FFFE or U+FFFF with
#: EF, and each of those three lead bytes is searched for its sequences
#: only when it is left.  (Exact: _has_bmp_problem(c) is True for exactly
#: the characters of PROBLEM_CHARACTERS; tests/test_inputstream_scan.py
#: tries every code point.)
_ASCII_PROBLEMS = bytes([*range(0x01, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F])
_NOT_ASCII_PROBLEMS = bytes(sorted(set(range(256)).difference(_ASCII_PROBLEMS)))
_NOT_PROBLEM_BYTES = bytes(sorted(set(range(256)).difference(_ASCII_PROBLEMS, b"\xc2\xed\xef")))
_C1_CONTROL_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")
_SURROGATE_UTF8 = re.compile(rb"\xed[\xa0-\xbf]")
_NONCHARACTER_UTF8 = re.compile(rb"\xef(?:\xb7[\x90-\xaf]|\xbf[\xbe\xbf])")


def _has_bmp_problem(chunk: str) -> bool:
    """Whether ``PROBLEM_CHARACTERS.search(chunk)`` would find one (see
    _NOT_PROBLEM_BYTES); the scan looks for them only in a chunk that has
    one."""
    if chunk.isascii():
        return bool(chunk.encode("ascii").translate(None, _NOT_ASCII_PROBLEMS))
    data = chunk.encode("utf-8", "surrogatepass")
    left = data.translate(None, _NOT_PROBLEM_BYTES)
    if not left:
        return False
    return bool(left.translate(None, _NOT_ASCII_PROBLEMS)
                or 0xC2 in left and _C1_CONTROL_UTF8.search(data)
                or 0xED in left and _SURROGATE_UTF8.search(data)
                or 0xEF in left and _NONCHARACTER_UTF8.search(data))


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

    def problems(self) -> list[tuple[str, int]]:
        """The input-stream errors of the text pushed so far, in order."""
        chunks = self._chunks
        if chunks:
            problems = self._problems
            base = self._scanned
            for chunk in chunks:
                # (This chunk's problems come after every earlier one: only
                # its own are put in order.  Sorting the whole list for each
                # chunk with an astral noncharacter was chunks x problems.)
                found: list[tuple[str, int]] = []
                m = PROBLEM_CHARACTERS.search(chunk) if _has_bmp_problem(chunk) else None
                if m is not None:
                    found.extend(
                        (_problem_code(m.group()), base + m.start())
                        for m in PROBLEM_CHARACTERS.finditer(chunk, m.start()))
                if may_have_astral(chunk) and ASTRAL_CANDIDATES.search(chunk):
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
