"""Percentages, lengths and lists of numbers and dimensions (§2.3.4.4-7).

The standard accumulates these values digit by digit in exact arithmetic and
does not bound them (whatwg/html#11539 asks what large values should do).
Here the number the algorithm has read is rounded once to the nearest double;
a value beyond the double range becomes ``float("inf")`` rather than an error,
since the algorithms define no error for it.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from ._common import (
    ASCII_WHITESPACE,
    collect_ascii_digits,
    is_ascii_digit,
    require_str,
    skip_ascii_whitespace,
)
from ._numbers import is_valid_float, parse_float
from ._tokens import split_comma_tokens

__all__ = [
    "Dimension",
    "is_valid_float_list",
    "parse_dimension",
    "parse_dimension_list",
    "parse_float_list",
    "parse_nonzero_dimension",
]


class Dimension(NamedTuple):
    """A number with a unit.

    From :func:`parse_dimension` and :func:`parse_nonzero_dimension` the unit
    is ``"length"`` or ``"percentage"``; from :func:`parse_dimension_list` it
    is ``"absolute"``, ``"percentage"`` or ``"relative"``.
    """

    value: float
    unit: Literal["length", "percentage", "absolute", "relative"]


def _decimal(integer_digits: str, fraction_digits: str = "") -> float:
    """The double nearest to the decimal integer_digits.fraction_digits."""
    return float((integer_digits or "0") + "." + (fraction_digits or "0"))


# ---------------------------------------------------------------------------
# 2.3.4.4 Percentages and lengths


def _current_dimension_value(value: float, input: str, position: int) -> Dimension:
    """The current dimension value, given value, input and position."""
    # Step 1.
    if position >= len(input):
        return Dimension(value, "length")
    # Step 2.
    if input[position] == "%":
        return Dimension(value, "percentage")
    # Step 3.
    return Dimension(value, "length")


def parse_dimension(input: str) -> Dimension | None:
    """The rules for parsing dimension values; ``None`` is failure.

    Returns a value >= 0 with unit ``"length"`` or ``"percentage"``.  There is
    no sign: ``"-5"``, ``"+5"`` and ``".5"`` fail; ``"5.%"`` is 5 percent.

    >>> parse_dimension(" 50%")
    Dimension(value=50.0, unit='percentage')
    >>> parse_dimension("2.5px")
    Dimension(value=2.5, unit='length')
    """
    require_str(input, "parse_dimension")
    end = len(input)
    # Steps 1-3.
    position = skip_ascii_whitespace(input, 0)
    # Step 4.
    if position >= end or not is_ascii_digit(input[position]):
        return None
    # Step 5.
    start = position
    position = collect_ascii_digits(input, position)
    integer_digits = input[start:position]
    # Step 6.
    if position >= end:
        return Dimension(_decimal(integer_digits), "length")
    # Step 7.
    if input[position] == ".":
        # 7.1.
        position += 1
        # 7.2.
        if position >= end or not is_ascii_digit(input[position]):
            return _current_dimension_value(_decimal(integer_digits), input, position)
        # 7.3-7.4: each digit adds digit / divisor; the loop breaks at the
        # first non-digit or returns a length at the end of input.
        start = position
        position = collect_ascii_digits(input, position)
        value = _decimal(integer_digits, input[start:position])
        if position >= end:
            return Dimension(value, "length")
        return _current_dimension_value(value, input, position)
    # Step 8.
    return _current_dimension_value(_decimal(integer_digits), input, position)


# ---------------------------------------------------------------------------
# 2.3.4.5 Nonzero percentages and lengths


def parse_nonzero_dimension(input: str) -> Dimension | None:
    """The rules for parsing nonzero dimension values; ``None`` on error.

    As :func:`parse_dimension`, but a zero value is an error.
    """
    require_str(input, "parse_nonzero_dimension")
    # Step 2.
    value = parse_dimension(input)
    # Step 3.
    if value is None:
        return None
    # Step 4.
    if value.value == 0.0:
        return None
    # Steps 5-6.
    return value


# ---------------------------------------------------------------------------
# 2.3.4.6 Lists of floating-point numbers

_DELIMITER_RUN = re.compile(r"[\t\n\f\r ,;]*")
_GARBAGE_RUN = re.compile(r"[^\t\n\f\r ,;0-9.\-]*")
_NUMBER_RUN = re.compile(r"[^\t\n\f\r ,;]*")


def is_valid_float_list(input: str) -> bool:
    """Whether *input* is a valid list of floating-point numbers.

    Valid floating-point numbers separated by single commas, nothing else (no
    whitespace).  The empty string is taken as the valid empty list; an
    attribute that needs a particular count of numbers checks that itself.
    """
    require_str(input, "is_valid_float_list")
    if not input:
        return True
    return all(is_valid_float(item) for item in input.split(","))


def parse_float_list(input: str) -> list[float]:
    """The rules for parsing a list of floating-point numbers.

    Never fails: numbers are separated by runs of ASCII whitespace, commas and
    semicolons, garbage before a number is skipped, and a number that does not
    parse counts as zero.

    >>> parse_float_list("1, 2;3 ,x4, abc")
    [1.0, 2.0, 3.0, 4.0, 0.0]
    """
    require_str(input, "parse_float_list")
    end = len(input)
    # Steps 1-3.
    numbers: list[float] = []
    # Step 4: skip leading delimiters.
    position = _DELIMITER_RUN.match(input, 0).end()  # type: ignore[union-attr]
    # Step 5.
    while position < end:
        # 5.1: skip leading garbage.
        position = _GARBAGE_RUN.match(input, position).end()  # type: ignore[union-attr]
        # 5.2.
        start = position
        position = _NUMBER_RUN.match(input, position).end()  # type: ignore[union-attr]
        unparsed_number = input[start:position]
        # 5.3-5.4.
        number = parse_float(unparsed_number)
        if number is None:
            number = 0.0
        # 5.5.
        numbers.append(number)
        # 5.6: skip the delimiter.
        position = _DELIMITER_RUN.match(input, position).end()  # type: ignore[union-attr]
    # Step 6.
    return numbers


# ---------------------------------------------------------------------------
# 2.3.4.7 Lists of dimensions

_FRACTION_RUN = re.compile(r"[0-9\t\n\f\r ]*")
_DELETE_WHITESPACE = dict.fromkeys(map(ord, ASCII_WHITESPACE))


def parse_dimension_list(input: str) -> list[Dimension]:
    """The rules for parsing a list of dimensions (e.g. frameset ``cols``).

    Each comma-separated item gives a :class:`Dimension` whose unit is
    ``"percentage"`` (``"25%"``), ``"relative"`` (``"2*"``, ``"*"`` or an empty
    item) or ``"absolute"`` (anything else, ``"100"``).  Never fails.

    Step 5.7 of the standard says "if the character at position is U+002E (.)"
    and then collects whitespace and digits *from position*, which taken
    literally collects nothing because position is still on the "."; this
    implementation consumes the "." first (as the dimension-value algorithm's
    step 7.1 does), so ``"1.5*"`` is 1.5 relative.  Whitespace inside the
    fraction is dropped, as step 5.7.2 says: ``"1. 5 %"`` is 1.5 percent.

    >>> parse_dimension_list("100, 25%, *, 2*")  # doctest: +NORMALIZE_WHITESPACE
    [Dimension(value=100.0, unit='absolute'),
     Dimension(value=25.0, unit='percentage'),
     Dimension(value=0.0, unit='relative'),
     Dimension(value=2.0, unit='relative')]
    """
    require_str(input, "parse_dimension_list")
    # Steps 1-2: drop one trailing comma.
    raw_input = input[:-1] if input.endswith(",") else input
    # Step 3.
    raw_tokens = split_comma_tokens(raw_input)
    # Step 4.
    result: list[Dimension] = []
    # Step 5.
    for token in raw_tokens:
        end = len(token)
        # 5.1-5.4.
        position = 0
        unit: Literal["absolute", "percentage", "relative"] = "absolute"
        # 5.5.
        if position >= end:
            result.append(Dimension(0.0, "relative"))
            continue
        # 5.6.
        integer_digits = ""
        if is_ascii_digit(token[position]):
            start = position
            position = collect_ascii_digits(token, position)
            integer_digits = token[start:position]
        # 5.7.
        fraction_digits = ""
        if position < end and token[position] == ".":
            position += 1  # see the docstring: the "." itself is consumed
            # 5.7.1.
            start = position
            position = _FRACTION_RUN.match(token, position).end()  # type: ignore[union-attr]
            # 5.7.2-5.7.3: drop the whitespace; the digits are the fraction.
            fraction_digits = token[start:position].translate(_DELETE_WHITESPACE)
        value = _decimal(integer_digits, fraction_digits)
        # 5.8.
        position = skip_ascii_whitespace(token, position)
        # 5.9.
        if position < end:
            if token[position] == "%":
                unit = "percentage"
            elif token[position] == "*":
                unit = "relative"
        # 5.10.
        result.append(Dimension(value, unit))
    # Step 6.
    return result
