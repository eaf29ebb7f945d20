"""Dimensions and lists (HTML Standard §2.3.4.4-7): expected values derived by hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from markup5.microsyntax import (
    Dimension,
    is_valid_float_list,
    parse_dimension,
    parse_dimension_list,
    parse_float_list,
    parse_nonzero_dimension,
)

L, P = "length", "percentage"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("100", (100.0, L)),  # step 6
        ("50%", (50.0, P)),  # step 8, current dimension value step 2
        (" \t\n\f\r50%", (50.0, P)),  # step 3
        ("50 %", (50.0, L)),  # the "%" must follow directly
        ("50px", (50.0, L)),
        ("50.5", (50.5, L)),  # 7.4.4
        ("50.5%", (50.5, P)),
        ("50.25px", (50.25, L)),
        ("50.", (50.0, L)),  # 7.2, current dimension value step 1
        ("50.%", (50.0, P)),  # 7.2 with "%" at position
        ("50.x", (50.0, L)),
        ("50.5.5%", (50.5, L)),
        ("0", (0.0, L)),
        ("0%", (0.0, P)),
        ("007", (7.0, L)),
        ("1" + "0" * 400, (math.inf, L)),  # beyond doubles: see module docstring
    ],
)
def test_parse_dimension(text: str, expected: tuple[float, str]) -> None:
    assert parse_dimension(text) == Dimension(*expected)


@pytest.mark.parametrize(
    "text", ["", "   ", ".5", ".5%", "-5", "+5", "%", "px", "\x0b5", "\u00a05", "\u0665"]
)
def test_parse_dimension_failure(text: str) -> None:
    # Step 4: after whitespace there must be an ASCII digit (no sign, no ".").
    assert parse_dimension(text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0.5", (0.5, L)), ("1%", (1.0, P)), ("0.001%", (0.001, P)), ("3px", (3.0, L))],
)
def test_parse_nonzero_dimension(text: str, expected: tuple[float, str]) -> None:
    assert parse_nonzero_dimension(text) == Dimension(*expected)


@pytest.mark.parametrize("text", ["0", "0%", "0.0", "000.000%", "", "x", "-1"])
def test_parse_nonzero_dimension_error(text: str) -> None:
    assert parse_nonzero_dimension(text) is None


@given(st.integers(0, 10**6), st.integers(0, 999), st.sampled_from(["", "%", "px", " ", "%x"]))
def test_parse_dimension_decimal_values(integer: int, fraction: int, suffix: str) -> None:
    text = f"{integer}.{fraction:03d}{suffix}"
    unit = P if suffix.startswith("%") else L
    assert parse_dimension(text) == Dimension(float(f"{integer}.{fraction:03d}"), unit)


# ---------------------------------------------------------------------------
# Lists of floating-point numbers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("  ,; ", []),
        ("1,2,3", [1.0, 2.0, 3.0]),
        ("1,2 ,3", [1.0, 2.0, 3.0]),  # the coords example in the issue
        (" ,;1 ;2", [1.0, 2.0]),  # step 4: leading delimiters
        ("1,,2", [1.0, 2.0]),  # 5.6 skips a run of delimiters
        ("1;2\t3\n4", [1.0, 2.0, 3.0, 4.0]),
        ("1,abc,3", [1.0, 0.0, 3.0]),  # 5.1 skips "abc"; the empty number is 0
        ("x1", [1.0]),  # 5.1: leading garbage
        ("+5", [5.0]),  # "+" is garbage for 5.1
        ("e5", [5.0]),
        ("1-2", [1.0]),  # "1-2" is one unparsed number; it parses as 1
        ("-1.5,.5", [-1.5, 0.5]),
        ("1e3", [1000.0]),
        ("1,-", [1.0, 0.0]),  # "-" is an error, so zero
        ("1,1e400", [1.0, 0.0]),  # out of range: error, so zero
        ("1,abc", [1.0, 0.0]),
    ],
)
def test_parse_float_list(text: str, expected: list[float]) -> None:
    assert parse_float_list(text) == expected


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("1", True),
        ("1,2.5,-3", True),
        ("1e3,.5", True),
        ("", True),  # zero numbers; see is_valid_float_list
        ("1, 2", False),
        (" 1,2", False),
        ("1,,2", False),
        ("1,", False),
        (",1", False),
        ("1;2", False),
        ("+1", False),
    ],
)
def test_is_valid_float_list(text: str, valid: bool) -> None:
    assert is_valid_float_list(text) is valid


@given(st.lists(st.floats(allow_nan=False, allow_infinity=False, width=32), max_size=8))
def test_valid_float_list_parses_to_its_numbers(numbers: list[float]) -> None:
    # repr gives strings such as "-1.5", "1e-05", "1e+16": valid floating-point
    # numbers that denote exactly the double they came from.
    text = ",".join(repr(number) for number in numbers)
    assert is_valid_float_list(text)
    assert parse_float_list(text) == numbers


# ---------------------------------------------------------------------------
# Lists of dimensions

A, R = "absolute", "relative"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("100,50%,*,2*", [(100.0, A), (50.0, P), (0.0, R), (2.0, R)]),
        (" 100 , 50 % , * ", [(100.0, A), (50.0, P), (0.0, R)]),
        ("100,", [(100.0, A)]),  # step 2: one trailing comma removed
        ("100,,", [(100.0, A)]),  # then "100," splits into one token
        (",100", [(0.0, R), (100.0, A)]),  # 5.5: an empty token is relative
        ("100,,200", [(100.0, A), (0.0, R), (200.0, A)]),
        ("1.5*", [(1.5, R)]),  # see parse_dimension_list: the "." is consumed
        ("50.5%", [(50.5, P)]),
        ("1. 5 %", [(1.5, P)]),  # 5.7.2: whitespace in the fraction is removed
        ("1.2 5*", [(1.25, R)]),
        (".5%", [(0.5, P)]),
        ("3 . 25 %", [(3.0, A)]),  # the "." must follow the digits directly
        ("-5", [(0.0, A)]),
        ("+5%", [(0.0, A)]),  # 5.9 looks at the "+", not the "%"
        ("abc", [(0.0, A)]),
        ("5px", [(5.0, A)]),
        ("5 *x", [(5.0, R)]),
        ("*5", [(0.0, R)]),
        (",", []),  # step 2 leaves "", which has no tokens
    ],
)
def test_parse_dimension_list(text: str, expected: list[tuple[float, str]]) -> None:
    assert parse_dimension_list(text) == [Dimension(*item) for item in expected]
