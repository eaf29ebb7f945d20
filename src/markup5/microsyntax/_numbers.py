"""Numbers: signed and non-negative integers, floating-point numbers (§2.3.4.1-3).

Results are exact where the standard's are: the rules for parsing integers
return an unbounded integer, and this module returns that exact ``int`` for
digit strings of any length (see :func:`digits_to_int` in ``_common``; the
interpreter's 4300-digit ``int(str)`` limit does not apply).

The rules for parsing floating-point number values work on the exact decimal
value and round once, to the nearest double, at the end (steps 15-18).  This
module builds the decimal string the algorithm has read and hands it to
``float()``, which rounds correctly for any length of input; a magnitude at or
beyond 2**1024 after rounding is the algorithm's error (``None``), and -0 is
returned as 0.0 because the set S in step 15 has no -0.
"""

from __future__ import annotations

import math

from ._common import (
    collect_ascii_digits,
    digits_to_int,
    is_ascii_digit,
    is_ascii_digits,
    require_str,
    skip_ascii_whitespace,
    type_error,
)

__all__ = [
    "is_valid_float",
    "is_valid_integer",
    "is_valid_non_negative_integer",
    "parse_float",
    "parse_integer",
    "parse_non_negative_integer",
    "serialize_float",
]


# ---------------------------------------------------------------------------
# 2.3.4.1 Signed integers


def is_valid_integer(input: str) -> bool:
    """Whether *input* is a valid integer: ASCII digits, optionally after "-"."""
    require_str(input, "is_valid_integer")
    if input.startswith("-"):
        input = input[1:]
    return is_ascii_digits(input)


def parse_integer(input: str) -> int | None:
    """The rules for parsing integers; ``None`` is the algorithm's error.

    Leading ASCII whitespace and a "+" are accepted (the "+" is not
    conforming); parsing stops at the first character that is not a digit, so
    ``"12px"`` gives 12.  The result is exact for any number of digits.

    >>> parse_integer("  -42abc")
    -42
    >>> parse_integer("abc") is None
    True
    """
    require_str(input, "parse_integer")
    parts = integer_parts(input)
    if parts is None:
        return None
    negative, digits = parts
    value = digits_to_int(digits)
    # Step 9.
    return -value if negative else value


def non_negative_integer_is_one(input: str) -> bool | None:
    """Whether the rules for parsing non-negative integers give 1 (True) or
    another value (False) for ``input``, or an error (None), read from the
    digits without converting them (a select's display size asks only
    this; the parser and the ``:checked`` selector both do)."""
    parts = integer_parts(input)
    if parts is None:
        return None
    negative, digits = parts
    significant = digits.lstrip("0")
    if negative and significant:
        return None  # step 4: a negative value
    return significant == "1"


def integer_parts(input: str) -> tuple[bool, str] | None:
    """Steps 1-8 of the rules for parsing integers without the conversion:
    (whether the value is negative, its digits), or ``None`` on error.  A
    caller that needs only the value's sign or size need not convert
    thousands of digits (which is not linear: see ``digits_to_int``)."""
    # Steps 1-2.
    position = 0
    end = len(input)
    # Step 3.
    negative = False
    # Step 4.
    position = skip_ascii_whitespace(input, position)
    # Step 5.
    if position >= end:
        return None
    # Step 6.
    char = input[position]
    if char == "-":
        negative = True
        position += 1
        if position >= end:
            return None
    elif char == "+":
        position += 1
        if position >= end:
            return None
    # Step 7.
    if not is_ascii_digit(input[position]):
        return None
    # Step 8.
    start = position
    position = collect_ascii_digits(input, position)
    return negative, input[start:position]


# ---------------------------------------------------------------------------
# 2.3.4.2 Non-negative integers


def is_valid_non_negative_integer(input: str) -> bool:
    """Whether *input* is a valid non-negative integer: one or more ASCII digits."""
    require_str(input, "is_valid_non_negative_integer")
    return is_ascii_digits(input)


def parse_non_negative_integer(input: str) -> int | None:
    """The rules for parsing non-negative integers; ``None`` on error.

    >>> parse_non_negative_integer(" 7 ")
    7
    >>> parse_non_negative_integer("-0")
    0
    >>> parse_non_negative_integer("-1") is None
    True
    """
    require_str(input, "parse_non_negative_integer")
    # Step 2.
    value = parse_integer(input)
    # Step 3.
    if value is None:
        return None
    # Step 4.
    if value < 0:
        return None
    # Step 5.
    return value


# ---------------------------------------------------------------------------
# 2.3.4.3 Floating-point numbers


def is_valid_float(input: str) -> bool:
    """Whether *input* is a valid floating-point number.

    Grammar: an optional "-"; digits, or "." and digits, or both; optionally
    "e"/"E", an optional sign and digits.  "Infinity", "NaN", a leading "+"
    and a trailing "." are not valid.

    Nor is a string of that grammar whose value is beyond the double range
    (it rounds to ±2**1024, where :func:`parse_float` gives an error).  The
    standard says "The Infinity and Not-a-Number (NaN) values are not valid
    floating-point numbers", which could be about those two values alone;
    browsers take it to cover such strings too (Chromium's ``<input
    type=number>`` sanitizes ``1e400`` to the empty string, as
    web-platform-tests expect of ``2e308``), and markup5 follows them.

    >>> is_valid_float("-1.5e3"), is_valid_float("1."), is_valid_float("1e400")
    (True, False, False)
    """
    require_str(input, "is_valid_float")
    position = 0
    end = len(input)
    # 1. Optionally "-".
    if position < end and input[position] == "-":
        position += 1
    # 2. Digits, or "." and digits, or both.
    integer_end = collect_ascii_digits(input, position)
    has_integer = integer_end > position
    position = integer_end
    has_fraction = False
    if position < end and input[position] == ".":
        fraction_end = collect_ascii_digits(input, position + 1)
        if fraction_end == position + 1:
            return False
        has_fraction = True
        position = fraction_end
    if not (has_integer or has_fraction):
        return False
    # 3. Optionally an exponent.
    if position < end and input[position] in "eE":
        position += 1
        if position < end and input[position] in "+-":
            position += 1
        exponent_end = collect_ascii_digits(input, position)
        if exponent_end == position:
            return False
        position = exponent_end
    # The value must be finite (see above); the grammar is a subset of what
    # the parsing rules read, so they give that value.
    return position == end and parse_float(input) is not None


def parse_float(input: str) -> float | None:
    """The rules for parsing floating-point number values; ``None`` on error.

    Leading ASCII whitespace and a "+" are skipped and trailing garbage is
    ignored (``"1.5em"`` gives 1.5, ``"1e"`` gives 1.0).  The exact decimal
    value is rounded once to the nearest double, ties to even; a result that
    rounds to ±2**1024 (out of the double range) is an error, and -0 becomes
    0.0.

    >>> parse_float("-.5e1x")
    -5.0
    >>> parse_float("1e400") is None
    True
    """
    require_str(input, "parse_float")
    # Steps 1-2.
    position = 0
    end = len(input)
    # Steps 3-5: value, divisor and exponent are kept as the digit strings the
    # algorithm accumulates (sign, integer digits, fraction digits, exponent
    # sign and digits); their exact product is formed at "conversion".
    negative = False
    integer_digits = ""
    fraction_digits = ""
    exponent_negative = False
    exponent_digits = ""
    # Step 6.
    position = skip_ascii_whitespace(input, position)
    # Step 7.
    if position >= end:
        return None
    # Step 8.
    char = input[position]
    if char == "-":
        negative = True  # value and divisor become -1
        position += 1
        if position >= end:
            return None
    elif char == "+":
        position += 1
        if position >= end:
            return None
    char = input[position]
    # Step 9: ".digit" sets value to zero and jumps to "fraction".
    if char == "." and position + 1 < end and is_ascii_digit(input[position + 1]):
        integer_digits = "0"
    else:
        # Step 10.
        if not is_ascii_digit(char):
            return None
        # Step 11.
        start = position
        position = collect_ascii_digits(input, position)
        integer_digits = input[start:position]
        # Step 12 (past the end: conversion) is the bounds checks below.
    # Step 13, "fraction".
    if position < end and input[position] == ".":
        # 13.1.
        position += 1
        # 13.2-13.3: no digit after the "." (an "e" falls through to step 14;
        # anything else goes to conversion, which step 14 then does nothing
        # to prevent, since it only acts on "e" or "E").
        # 13.4-13.8, "fraction loop": every digit adds digit / divisor.
        start = position
        position = collect_ascii_digits(input, position)
        fraction_digits = input[start:position]
    # Step 14.
    if position < end and input[position] in "eE":
        # 14.1-14.2.
        position += 1
        # 14.3.
        if position < end and input[position] == "-":
            exponent_negative = True
            position += 1
        elif position < end and input[position] == "+":
            position += 1
        # 14.4-14.5: without digits the exponent is not applied.
        start = position
        position = collect_ascii_digits(input, position)
        exponent_digits = input[start:position]
    # Steps 15-16, "conversion": round the exact value once.  float() of a
    # decimal string is correctly rounded (ties to even) for any length.
    literal = integer_digits + "." + (fraction_digits or "0")
    if exponent_digits:
        literal += ("e-" if exponent_negative else "e") + exponent_digits
    rounded = float(literal)
    # Step 17: rounding reached 2**1024 (float() reports it as infinity).
    if math.isinf(rounded):
        return None
    # Step 18 (S has no -0: a negative value that rounds to zero is +0).
    if rounded == 0.0:
        return 0.0
    return -rounded if negative else rounded


def serialize_float(number: float) -> str:
    """The best representation of *number* as a floating-point number.

    That is ECMAScript's Number::toString(number): the shortest digit string
    that reads back as the same double (Python's ``repr`` gives it), laid out
    the JavaScript way: ``5.0 -> "5"``, ``-0.0 -> "0"``, ``1e21 -> "1e+21"``,
    ``1e20 -> "100000000000000000000"``, ``0.000001 -> "0.000001"``,
    ``1e-7 -> "1e-7"``, ``1.5e-7 -> "1.5e-7"``.  Infinities and NaN give
    "Infinity", "-Infinity" and "NaN" as in JavaScript; these are not valid
    floating-point numbers.  ``int`` arguments are converted to ``float``
    first (an ``int`` too large for a double raises ``OverflowError``).
    """
    if isinstance(number, bool) or not isinstance(number, (int, float)):
        type_error("serialize_float", "number", "float or int", number)
    number = float(number)
    if math.isnan(number):
        return "NaN"
    if number == 0.0:
        return "0"
    if number < 0.0:
        return "-" + serialize_float(-number)
    if math.isinf(number):
        return "Infinity"
    # Digits s (k of them) and n such that number == s * 10**(n - k).
    mantissa, _, exponent_text = repr(number).partition("e")
    integer_part, _, fraction_part = mantissa.partition(".")
    digits = integer_part + fraction_part
    n = len(integer_part) + (int(exponent_text) if exponent_text else 0)
    stripped = digits.lstrip("0")
    n -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    k = len(digits)
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + digits
    exponent = n - 1
    sign = "+" if exponent >= 0 else "-"
    if k == 1:
        return f"{digits}e{sign}{abs(exponent)}"
    return f"{digits[0]}.{digits[1:]}e{sign}{abs(exponent)}"
