"""Input stream preprocessing (§13.2.3.5) for chunked input.

Newline normalisation: every CR LF pair and every lone CR becomes one LF.  A
CR at the end of a chunk is held back until the next chunk (or the end of
input) shows whether an LF follows, so the result never depends on where the
chunks split.

The standard also makes surrogates, noncharacters and control characters
other than ASCII whitespace and NULL parse errors *of the input stream*
(``surrogate-in-input-stream``, ``noncharacter-in-input-stream``,
``control-character-in-input-stream``).  They are found here with one regex
scan per chunk, at their offsets in the normalised stream; the characters
themselves are passed through unchanged.
"""

from __future__ import annotations

import re

__all__ = ["InputStream"]

_NONCHARACTERS = "\ufdd0-\ufdef\ufffe\uffff" + "".join(
    f"{chr(plane << 16 | 0xFFFE)}{chr(plane << 16 | 0xFFFF)}" for plane in range(1, 17))

#: Characters that are parse errors in the input stream.  NULL is not one of
#: them (the tokenizer states handle it), nor TAB, LF, FF and CR.
PROBLEM_CHARACTERS = re.compile(
    "[\x01-\x08\x0b\x0e-\x1f\x7f-\x9f\ud800-\udfff" + _NONCHARACTERS + "]")


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
    final; ``problems`` accumulates ``(code, offset)`` pairs, offsets being
    positions in the normalised stream.
    """

    __slots__ = ("length", "problems", "_held_cr")

    def __init__(self) -> None:
        self.length = 0  # characters of normalised text returned so far
        self.problems: list[tuple[str, int]] = []
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
            base = self.length
            m = PROBLEM_CHARACTERS.search(chunk)
            if m is not None:
                problems = self.problems
                for m in PROBLEM_CHARACTERS.finditer(chunk, m.start()):
                    problems.append((_problem_code(m.group()), base + m.start()))
            self.length = base + len(chunk)
        return chunk
