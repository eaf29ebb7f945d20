"""Parser idioms shared by the microsyntax modules (HTML Standard §2.3.1, Infra).

The algorithms in the standard walk an *input* string with a *position*
cursor.  Here the cursor is a plain ``int`` and "collect a sequence of code
points" is a precompiled character-class regex matched at the cursor, which
consumes a whole run in one call (linear, no backtracking).

Definitions used throughout (Infra):

* ASCII whitespace: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, U+0020 SPACE.
  (Not U+000B, and none of the non-ASCII spaces that ``str.split()`` and
  ``str.strip()`` remove by default.)
* ASCII digit: U+0030 (0) to U+0039 (9).  ``str.isdigit()`` is *not* used on
  its own: it also accepts other scripts' digits and superscripts.
* ASCII case-insensitive: only A-Z and a-z are folded.
"""

from __future__ import annotations

import decimal
import re
from functools import lru_cache
from typing import NoReturn

__all__ = [
    "ASCII_WHITESPACE",
    "ascii_lowercase",
    "collect_ascii_digits",
    "digits_to_int",
    "int_to_digits",
    "is_ascii_digit",
    "is_ascii_digits",
    "require_str",
    "skip_ascii_whitespace",
    "strip_ascii_whitespace",
    "type_error",
]

#: The five ASCII whitespace code points (Infra).
ASCII_WHITESPACE = "\t\n\f\r "

_WHITESPACE_RUN = re.compile(r"[\t\n\f\r ]*")
_DIGIT_RUN = re.compile(r"[0-9]*")

# Longest digit string converted by a single int() call.  The interpreter's
# int/str conversion limit (sys.set_int_max_str_digits) cannot be set below
# 640, so chunks of at most 600 digits are always accepted, whatever the
# process-wide setting is.
_INT_CHUNK = 600


def type_error(func: str, param: str, expected: str, value: object) -> NoReturn:
    """Raise the TypeError used for a wrongly typed argument."""
    raise TypeError(
        f"{func}() argument {param!r} must be {expected}, not {type(value).__name__}"
    )


def require_str(value: object, func: str, param: str = "input") -> None:
    """Raise TypeError unless *value* is a ``str`` (or a subclass)."""
    if not isinstance(value, str):
        type_error(func, param, "str", value)


def skip_ascii_whitespace(input: str, position: int) -> int:
    """Return the position after the run of ASCII whitespace at *position*."""
    return _WHITESPACE_RUN.match(input, position).end()  # type: ignore[union-attr]


def collect_ascii_digits(input: str, position: int) -> int:
    """Return the position after the run of ASCII digits at *position*."""
    return _DIGIT_RUN.match(input, position).end()  # type: ignore[union-attr]


def is_ascii_digit(char: str) -> bool:
    """True if *char* (one code point) is an ASCII digit."""
    return "0" <= char <= "9"


def is_ascii_digits(text: str) -> bool:
    """True if *text* is non-empty and made of ASCII digits only."""
    return text.isascii() and text.isdigit()


def strip_ascii_whitespace(text: str) -> str:
    """Strip leading and trailing ASCII whitespace (Infra)."""
    return text.strip(ASCII_WHITESPACE)


_ASCII_UPPER_TO_LOWER = {code: code + 32 for code in range(ord("A"), ord("Z") + 1)}


def ascii_lowercase(text: str) -> str:
    """ASCII lowercase: map A-Z to a-z and leave every other code point alone.

    (``str.lower()`` would also fold non-ASCII letters, e.g. U+212A KELVIN SIGN
    to "k", which ASCII case-insensitive matching must not do.)
    """
    if text.isascii():
        return text.lower()
    return text.translate(_ASCII_UPPER_TO_LOWER)


@lru_cache(maxsize=64)
def _power_of_ten(exponent: int) -> int:
    power: int = 10**exponent  # exponent >= 0: an int
    return power


def digits_to_int(digits: str) -> int:
    """Interpret a string of ASCII digits as a base-ten integer, exactly.

    Works for any length: ``int(str)`` refuses strings longer than the
    interpreter's limit (4300 digits by default), so long strings are split in
    halves recursively and recombined (``high * 10**len(low) + low``).  With
    CPython's Karatsuba multiplication this is sub-quadratic, about N^1.58 for
    N digits: a 100,000-digit string takes milliseconds, 1.6 million digits
    about a second.  (CPython's own ``int(str)`` beyond its limit, from 3.12,
    is the same algorithm; a caller that needs only the sign or the size of
    the value can read it from the digits: see ``integer_parts``.)
    """
    digits = digits.lstrip("0")
    if len(digits) <= _INT_CHUNK:
        return int(digits) if digits else 0
    return _digits_to_int_long(digits)


def _digits_to_int_long(digits: str) -> int:
    length = len(digits)
    if length <= _INT_CHUNK:
        return int(digits)
    low_length = length // 2
    high = _digits_to_int_long(digits[: length - low_length])
    low = _digits_to_int_long(digits[length - low_length :])
    return high * _power_of_ten(low_length) + low


def int_to_digits(number: int) -> str:
    """The base-ten digits of a non-negative ``int``, for any size.

    ``str(int)`` is refused beyond the interpreter's digit limit (4300 by
    default).  Larger numbers are built as a :class:`decimal.Decimal` from
    their binary halves (``high * 2**k + low``; libmpdec multiplies large
    numbers by number-theoretic transform), whose string is the digits: about
    N^1.3 for N digits, where splitting by powers of ten with ``divmod`` was
    quadratic (a 320,000-digit year took 0.75 s to serialize, 0.08 s now).
    """
    if number < 0:
        raise ValueError("int_to_digits() needs a non-negative integer")
    # 1900 bits hold fewer than 600 decimal digits.
    if number.bit_length() <= 1900:
        return str(number)
    if not _LIBMPDEC:
        return _int_to_digits_long(number, 0)
    with decimal.localcontext(_EXACT):
        return str(_to_decimal(number, number.bit_length(), {}))


#: Whether decimal is the C module (libmpdec).  The pure-Python fallback
#: converts an int to Decimal through str(), which the digit limit refuses:
#: there, the digits come from divmod by powers of ten (quadratic).
_LIBMPDEC = hasattr(decimal, "__libmpdec_version__")


def _int_to_digits_long(number: int, width: int) -> str:
    # width is the number of digits the caller needs (zero-padded), or 0.
    if number.bit_length() <= 1900:
        text = str(number)
        return text.rjust(width, "0") if width else text
    # Split at a power of ten near half the digit count (bits * log10(2)).
    low_width = max(1, int(number.bit_length() * 0.30103) // 2)
    high, low = divmod(number, _power_of_ten(low_width))
    return _int_to_digits_long(high, max(0, width - low_width)) + \
        _int_to_digits_long(low, low_width)


#: A context in which the conversion's sums and products are exact.
_EXACT = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)


def _to_decimal(number: int, bits: int, powers: dict[int, decimal.Decimal]) -> decimal.Decimal:
    """``number`` (at most ``bits`` bits) as an exact Decimal, from its two
    halves; ``powers`` caches the powers of two by exponent."""
    if bits <= 1024:
        return decimal.Decimal(number)
    half = bits >> 1
    high = number >> half
    low = number - (high << half)
    return _to_decimal(low, half, powers) + _to_decimal(high, bits - half, powers) * \
        _power_of_two(half, powers)


def _power_of_two(exponent: int, powers: dict[int, decimal.Decimal]) -> decimal.Decimal:
    power = powers.get(exponent)
    if power is None:
        if exponent <= 1024:
            power = decimal.Decimal(1 << exponent)
        else:
            power = _power_of_two(exponent >> 1, powers) * \
                _power_of_two(exponent - (exponent >> 1), powers)
        powers[exponent] = power
    return power
