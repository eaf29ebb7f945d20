"""Character classes of the standard (§4 of Infra), as the states use them."""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Callable
from typing import Optional, cast

#: A precompiled pattern's ``match`` or ``search``: ``(text, pos)`` to a
#: match or None.
Scan = Callable[[str, int], Optional["re.Match[str]"]]
#: The ``match`` of a pattern that matches at every position (it can match
#: the empty string), so its result is never None.
Run = Callable[[str, int], "re.Match[str]"]


def always_matches(pattern: str) -> Run:
    """``re.compile(pattern).match`` for a ``pattern`` that matches the
    empty string, typed as never returning None."""
    return cast(Run, re.compile(pattern).match)

#: The most times a shortcut regex repeats a group before Python 3.11 (see
#: group_repeat).
MOST_REPEATS = 128


def group_repeat(most: int = MOST_REPEATS) -> str:
    """The quantifier for a group that a shortcut's regex repeats (a tag's
    attributes, the references in an attribute value), where no repetition
    could ever be given back for the rest of the pattern to match: "*+"
    (possessive) from Python 3.11, "{0,most}" before.  The regex engine
    keeps a record of every repetition of a group until the match ends,
    unless the repeat is possessive, about a kilobyte each: a tag of 1 to 4
    MB of attributes took 60 to 240 bytes of heap per input byte in one
    match.
    Without possessive repeats the bound keeps a match's records few; a tag
    past it is left to the states, which read it in constant memory (real
    pages stay far below it: at most 70 attributes on a tag of the
    corpus)."""
    return "*+" if sys.version_info >= (3, 11) else "{0,%d}" % most

#: ASCII alpha, as a frozenset for one-character membership tests.
ASCII_ALPHA = frozenset(string.ascii_letters)
ASCII_ALPHANUMERIC = frozenset(string.ascii_letters + string.digits)
ASCII_UPPER_ALPHA = frozenset(string.ascii_uppercase)
ASCII_DIGITS = frozenset(string.digits)
ASCII_HEX_DIGITS = frozenset(string.hexdigits)
#: The tokenizer's whitespace: TAB, LF, FF, SPACE (CR is gone after
#: preprocessing).
WHITESPACE = frozenset("\t\n\f ")

_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def lower_ascii(s: str) -> str:
    """ASCII lowercase: only A-Z change (``str.lower`` would also change
    non-ASCII letters, which the standard keeps)."""
    if s.islower():  # has cased characters, none of them uppercase
        return s
    return s.translate(_LOWER)
