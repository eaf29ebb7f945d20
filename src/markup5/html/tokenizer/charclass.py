"""Character classes of the standard (§4 of Infra), as the states use them."""

from __future__ import annotations

import string

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
