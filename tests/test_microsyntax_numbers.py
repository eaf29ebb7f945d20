"""Numbers (HTML Standard §2.3.4.1-3): expected values derived by hand from the text."""

from __future__ import annotations

import math
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from markup5.microsyntax import (
    is_valid_float,
    is_valid_integer,
    is_valid_non_negative_integer,
    parse_float,
    parse_integer,
    parse_non_negative_integer,
    serialize_float,
)

WHITESPACE = "\t\n\f\r "

# ---------------------------------------------------------------------------
# Integers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0", 0),
        ("42", 42),
        ("-42", -42),
        ("+42", 42),  # step 6: "+" ignored (not conforming)
        ("007", 7),
        ("-0", 0),
        (" \t\n\f\r42", 42),  # step 4: all five ASCII whitespace
        ("42abc", 42),  # step 8 stops at the first non-digit
        ("12px", 12),
        ("3.9", 3),
        ("1e3", 1),
        ("0x10", 0),
        ("42 43", 42),
    ],
)
def test_parse_integer(text: str, expected: int) -> None:
    assert parse_integer(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",  # step 5
        "   ",  # step 5 after skipping whitespace
        "-",  # step 6.3
        "+",  # step 6 "+" branch, 2
        "abc",  # step 7
        "-+1",
        "+-1",
        "--1",
        " - 1",
        "\x0b42",  # U+000B is not ASCII whitespace
        "\u00a042",  # nor is NO-BREAK SPACE
        "\u0663",  # ARABIC-INDIC DIGIT THREE is not an ASCII digit
        "\uff11",  # FULLWIDTH DIGIT ONE
        "\u00b2",  # SUPERSCRIPT TWO
    ],
)
def test_parse_integer_errors(text: str) -> None:
    assert parse_integer(text) is None


def test_parse_integer_is_exact_beyond_the_int_str_limit() -> None:
    # The interpreter refuses int() on more than 4300 digits by default; the
    # standard's integer is unbounded.
    assert parse_integer("9" * 10_000) == 10**10_000 - 1
    assert parse_integer("-1" + "0" * 99_999) == -(10**99_999)
    assert parse_integer("0" * 100_000 + "5") == 5
    assert parse_integer("1" + "0" * 4300 + "x") == 10**4300


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0", 0), ("-0", 0), (" 7 ", 7), ("+3", 3), ("12abc", 12)],
)
def test_parse_non_negative_integer(text: str, expected: int) -> None:
    assert parse_non_negative_integer(text) == expected


@pytest.mark.parametrize("text", ["-1", "-007", "", "x", "-"])
def test_parse_non_negative_integer_errors(text: str) -> None:
    assert parse_non_negative_integer(text) is None


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("0", True),
        ("-0", True),
        ("123", True),
        ("-123", True),
        ("007", True),
        ("", False),
        ("-", False),
        ("+1", False),
        (" 1", False),
        ("1 ", False),
        ("1.0", False),
        ("1e3", False),
        ("--1", False),
        ("\u0663", False),
    ],
)
def test_is_valid_integer(text: str, valid: bool) -> None:
    assert is_valid_integer(text) is valid


@pytest.mark.parametrize(
    ("text", "valid"),
    [("0", True), ("123", True), ("-1", False), ("-0", False), ("", False), ("+1", False)],
)
def test_is_valid_non_negative_integer(text: str, valid: bool) -> None:
    assert is_valid_non_negative_integer(text) is valid


@given(st.integers())
def test_valid_integer_parses_to_its_value(number: int) -> None:
    text = str(number)
    assert is_valid_integer(text)
    assert parse_integer(text) == number
    assert is_valid_non_negative_integer(text) is (number >= 0)
    assert parse_non_negative_integer(text) == (number if number >= 0 else None)


# ---------------------------------------------------------------------------
# Floating-point numbers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", 1.0),
        ("1.5", 1.5),
        ("-1.5", -1.5),
        ("+1.5", 1.5),  # step 8: "+" ignored
        (".5", 0.5),  # step 9
        ("-.5", -0.5),
        ("+.5", 0.5),
        ("5.", 5.0),  # 13.2: nothing after the "."
        ("5.x", 5.0),
        ("5.e3", 5000.0),  # 13.3 then step 14
        ("5e", 5.0),  # 14.2
        ("5e+", 5.0),  # 14.3 "+" then end
        ("5e-", 5.0),
        ("5ex", 5.0),  # 14.4
        ("5e-2", 0.05),
        ("5E2", 500.0),
        ("5e+2", 500.0),
        ("1.25e1", 12.5),
        ("-0", 0.0),
        ("0.0", 0.0),
        ("  \t\n\f\r3", 3.0),
        ("3px", 3.0),
        ("1.5.5", 1.5),
        ("1e3e4", 1000.0),
        ("0.1", 0.1),  # the double nearest to 1/10
        ("1e-400", 0.0),  # rounds to zero
    ],
)
def test_parse_float(text: str, expected: float) -> None:
    result = parse_float(text)
    assert result == expected
    assert math.copysign(1.0, result) == math.copysign(1.0, expected)


@pytest.mark.parametrize(
    "text",
    [
        "",  # step 7
        " ",
        "-",  # step 8.3
        "+",
        ".",  # step 10
        ".e5",
        ". 5",
        "-.",
        "e5",
        "abc",
        "Infinity",
        "-Infinity",
        "NaN",
        "\x0b1",
        "\u00a01",
        "\u0661",
        "1e400",  # step 17: out of range
        "-1e400",
        "1" + "0" * 400,
    ],
)
def test_parse_float_errors(text: str) -> None:
    assert parse_float(text) is None


def test_parse_float_negative_zero_is_zero() -> None:
    # Step 15: the set S has no -0, so a negative value rounding to zero is +0.
    for text in ("-0", "-0.0", "-1e-400", "-0e5"):
        result = parse_float(text)
        assert result == 0.0
        assert math.copysign(1.0, result) == 1.0


def test_parse_float_rounding_at_the_top_of_the_range() -> None:
    largest = sys.float_info.max  # (2**53 - 1) * 2**971, an odd significand
    halfway = 2**1024 - 2**970  # halfway between largest and 2**1024
    # Ties go to the even significand, and 2**1024 counts as even: error.
    assert parse_float(str(halfway)) is None
    assert parse_float(str(halfway - 1)) == largest
    assert parse_float(str(halfway + 1)) is None
    assert parse_float(str(2**1024)) is None
    assert parse_float("-" + str(halfway - 1)) == -largest


def test_parse_float_ties_to_even() -> None:
    assert parse_float(str(2**53 + 1)) == 2.0**53  # tie, even below
    assert parse_float(str(2**53 + 3)) == 2.0**53 + 4  # tie, even above
    assert parse_float("0." + "0" * 400 + "1") == 0.0
    assert parse_float("0." + "9" * 1000) == 1.0


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("1", True),
        ("-1", True),
        ("0", True),
        ("1.5", True),
        (".5", True),
        ("-.5", True),
        ("1e5", True),
        ("1E5", True),
        ("1e+5", True),
        ("1e-5", True),
        ("1.5e-5", True),
        (".5e5", True),
        ("007.700", True),
        ("", False),
        ("-", False),
        ("+1", False),
        ("1.", False),
        (".", False),
        ("-.", False),
        ("1e", False),
        ("1e+", False),
        ("e5", False),
        (" 1", False),
        ("1 ", False),
        ("1.5.5", False),
        ("1e5.5", False),
        ("1e5e5", False),
        ("Infinity", False),
        ("NaN", False),
        ("\u0661", False),
        ("1_000", False),
        ("1e308", True),
        ("1.7976931348623157e308", True),  # the largest double
        ("1.7976931348623158e308", True),  # rounds down to it
        ("1.7976931348623159e308", False),  # rounds to 2**1024: Infinity
        ("-2e308", False),
        ("1e-400", True),  # rounds to 0
        ("1e400", False),
    ],
)
def test_is_valid_float(text: str, valid: bool) -> None:
    assert is_valid_float(text) is valid


@st.composite
def valid_float_strings(draw: st.DrawFn) -> str:
    digits = st.text(alphabet="0123456789", min_size=1, max_size=25)
    sign = draw(st.sampled_from(["", "-"]))
    shape = draw(st.sampled_from(["int", "frac", "both"]))
    integer = draw(digits) if shape != "frac" else ""
    fraction = "." + draw(digits) if shape != "int" else ""
    exponent = ""
    if draw(st.booleans()):
        exponent = (
            draw(st.sampled_from("eE"))
            + draw(st.sampled_from(["", "+", "-"]))
            + draw(st.text(alphabet="0123456789", min_size=1, max_size=4))
        )
    return sign + integer + fraction + exponent


@given(valid_float_strings())
def test_valid_float_parses_to_the_value_it_represents(text: str) -> None:
    # Python's float() reads the same decimal grammar with correct rounding,
    # so it is an independent statement of "the number represented"; the
    # string is valid when that is finite (see is_valid_float).
    expected = float(text)
    assert is_valid_float(text) is not math.isinf(expected)
    if math.isinf(expected):
        assert parse_float(text) is None
    else:
        assert parse_float(text) == (expected if expected != 0 else 0.0)


@given(st.text(alphabet="0123456789.-+eE x", max_size=20))
def test_is_valid_float_implies_parse_float(text: str) -> None:
    if is_valid_float(text):
        assert parse_float(text) == float(text)


# ---------------------------------------------------------------------------
# serialize_float: ECMAScript Number::toString


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        (0.0, "0"),
        (-0.0, "0"),
        (5.0, "5"),
        (5, "5"),
        (-5.0, "-5"),
        (1.5, "1.5"),
        (-1.5, "-1.5"),
        (0.1, "0.1"),
        (0.1 + 0.2, "0.30000000000000004"),
        (100.0, "100"),
        (123.456, "123.456"),
        (1e20, "100000000000000000000"),  # n = 21 is still written out
        (1e21, "1e+21"),
        (1.5e21, "1.5e+21"),
        (123456789012345680000.0, "123456789012345680000"),
        (0.000001, "0.000001"),  # n = -5
        (0.0000015, "0.0000015"),
        (1e-7, "1e-7"),  # n = -6
        (1.5e-7, "1.5e-7"),
        (-1e-7, "-1e-7"),
        (1.23e-18, "1.23e-18"),
        (2.0**53, "9007199254740992"),
        (sys.float_info.max, "1.7976931348623157e+308"),
        (5e-324, "5e-324"),
        (math.inf, "Infinity"),
        (-math.inf, "-Infinity"),
        (math.nan, "NaN"),
    ],
)
def test_serialize_float(number: float, expected: str) -> None:
    assert serialize_float(number) == expected


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_serialize_float_round_trips(number: float) -> None:
    text = serialize_float(number)
    assert is_valid_float(text)
    assert parse_float(text) == number
    # Shortest: the digits are those of repr, no more.
    assert len(text.replace("-", "").replace(".", "").split("e")[0].strip("0")) <= 17


def test_serialize_float_rejects_non_numbers() -> None:
    with pytest.raises(TypeError, match="number"):
        serialize_float("1.5")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="number"):
        serialize_float(True)  # type: ignore[arg-type]
