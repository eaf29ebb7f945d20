"""Robustness of the microsyntax functions: any str, huge inputs, wrong types."""

from __future__ import annotations

import datetime as dt
import doctest
import importlib
import math
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import markup5.microsyntax as ms

# Every function that takes one str and must never raise on it.
STRING_FUNCTIONS: list[Callable[[str], object]] = [
    ms.parse_integer,
    ms.parse_non_negative_integer,
    ms.parse_float,
    ms.is_valid_integer,
    ms.is_valid_non_negative_integer,
    ms.is_valid_float,
    ms.parse_dimension,
    ms.parse_nonzero_dimension,
    ms.parse_float_list,
    ms.parse_dimension_list,
    ms.is_valid_float_list,
    ms.parse_month,
    ms.parse_date,
    ms.parse_yearless_date,
    ms.parse_time,
    ms.parse_local_datetime,
    ms.parse_timezone_offset,
    ms.parse_global_datetime,
    ms.parse_week,
    ms.parse_duration,
    ms.parse_date_or_time,
    ms.is_valid_month_string,
    ms.is_valid_date_string,
    ms.is_valid_yearless_date_string,
    ms.is_valid_time_string,
    ms.is_valid_local_datetime_string,
    ms.is_valid_normalized_local_datetime_string,
    ms.is_valid_timezone_offset_string,
    ms.is_valid_global_datetime_string,
    ms.is_valid_week_string,
    ms.is_valid_duration_string,
    ms.is_valid_date_string_with_optional_time,
    ms.parse_simple_color,
    ms.parse_legacy_color,
    ms.is_valid_simple_color,
    ms.is_valid_lowercase_simple_color,
    ms.split_space_tokens,
    ms.split_comma_tokens,
    ms.is_unique_space_tokens,
]

# All code points, including lone surrogates and astral characters.
ANY_TEXT = st.text(alphabet=st.characters(codec=None, exclude_categories=()))
# Text made of the characters the algorithms care about, to reach deep paths.
SYNTAX_TEXT = st.text(alphabet="0123456789-+.:eEPTWZ %*#,;\t\n\f\r\x0b\x00\ud800\U0001F600")


# What each function returns for any str (None is a parser's failure).
RESULT_TYPES: dict[str, tuple[type, ...]] = {
    "parse_integer": (int, type(None)),
    "parse_non_negative_integer": (int, type(None)),
    "parse_float": (float, type(None)),
    "parse_dimension": (ms.Dimension, type(None)),
    "parse_nonzero_dimension": (ms.Dimension, type(None)),
    "parse_float_list": (list,),
    "parse_dimension_list": (list,),
    "parse_month": (ms.Month, type(None)),
    "parse_date": (ms.Date, type(None)),
    "parse_yearless_date": (ms.YearlessDate, type(None)),
    "parse_time": (ms.Time, type(None)),
    "parse_local_datetime": (ms.LocalDateTime, type(None)),
    "parse_timezone_offset": (ms.TimezoneOffset, type(None)),
    "parse_global_datetime": (ms.GlobalDateTime, type(None)),
    "parse_week": (ms.Week, type(None)),
    "parse_duration": (dt.timedelta, type(None)),
    "parse_date_or_time": (ms.Date, ms.Time, ms.GlobalDateTime, type(None)),
    "parse_simple_color": (ms.Color, type(None)),
    "parse_legacy_color": (ms.Color, type(None)),
    "split_space_tokens": (list,),
    "split_comma_tokens": (list,),
}


def _names(functions: list[Callable[..., object]]) -> list[str]:
    return [function.__name__ for function in functions]


def _check_result(function: Callable[[str], object], result: object) -> None:
    name = function.__name__
    expected = (bool,) if name.startswith("is_") else RESULT_TYPES[name]
    assert isinstance(result, expected), (name, result)


@pytest.mark.parametrize("function", STRING_FUNCTIONS, ids=_names(STRING_FUNCTIONS))
@settings(max_examples=60)
@given(text=st.one_of(ANY_TEXT, SYNTAX_TEXT))
def test_never_raises_on_any_string(function: Callable[[str], object], text: str) -> None:
    _check_result(function, function(text))


@pytest.mark.parametrize(
    "text",
    ["", "\x00", "\ud800", "\udfff\ud800", "\U0010FFFF", "\ufeff1", "-", "+", ".", ":", "T",
     "Z", "P", "#", "%", "*", ",", ";", "e", "\x00" * 1000, "\ud800" * 1000],
)
def test_never_raises_on_edge_strings(text: str) -> None:
    for function in STRING_FUNCTIONS:
        _check_result(function, function(text))


@pytest.mark.parametrize("function", STRING_FUNCTIONS, ids=_names(STRING_FUNCTIONS))
@pytest.mark.parametrize("bad", [b"1", None, 1, ["1"]], ids=["bytes", "None", "int", "list"])
def test_wrong_argument_type_is_a_clear_type_error(
    function: Callable[[object], object], bad: object
) -> None:
    with pytest.raises(TypeError, match=rf"{function.__name__}\(\) argument 'input' must be str"):
        function(bad)


def test_str_subclasses_are_accepted() -> None:
    class Attribute(str):
        pass

    assert ms.parse_integer(Attribute("42")) == 42
    assert ms.parse_legacy_color(Attribute("red")) == ms.Color(255, 0, 0)


# ---------------------------------------------------------------------------
# Huge inputs finish (they are linear or close to it); no timing assertions.

BIG = [10_000, 100_000]


@pytest.mark.parametrize("size", BIG)
def test_huge_integers(size: int) -> None:
    assert ms.parse_integer("9" * size) == 10**size - 1
    assert ms.parse_integer(" -" + "9" * size + "x") == -(10**size - 1)
    assert ms.parse_non_negative_integer("1" + "0" * (size - 1)) == 10 ** (size - 1)
    assert ms.is_valid_integer("-" + "7" * size)


@pytest.mark.parametrize("size", BIG)
def test_huge_floats(size: int) -> None:
    assert ms.parse_float("9" * size) is None  # out of range: error
    assert ms.parse_float("0." + "0" * size + "1") == 0.0
    assert ms.parse_float("0." + "3" * size) == 1 / 3
    assert ms.parse_float("1e" + "9" * size) is None
    assert ms.parse_float("1e-" + "9" * size) == 0.0
    assert ms.parse_float("0e" + "9" * size) == 0.0
    assert ms.parse_float("1" + "0" * size + "e-" + str(size)) == 1.0
    assert ms.is_valid_float("1." + "5" * size + "e-" + "1" * size)
    assert not ms.is_valid_float("1." + "5" * size + "e" + "1" * size)  # beyond the doubles


@pytest.mark.parametrize("size", BIG)
def test_huge_dimensions_and_lists(size: int) -> None:
    assert ms.parse_dimension("9" * size) == ms.Dimension(math.inf, "length")
    assert ms.parse_dimension("1." + "0" * size + "%") == ms.Dimension(1.0, "percentage")
    assert ms.parse_float_list("1," * (size // 2)) == [1.0] * (size // 2)
    assert ms.parse_dimension_list("2*," * (size // 3)) == [ms.Dimension(2.0, "relative")] * (
        size // 3
    )
    assert ms.split_space_tokens("a " * size) == ["a"] * size
    assert ms.split_comma_tokens("a," * size) == ["a"] * size
    assert ms.is_unique_space_tokens(" ".join(str(n) for n in range(size // 10)))


@pytest.mark.parametrize("size", BIG)
def test_huge_dates(size: int) -> None:
    year = 10**size - 1  # "9" * size
    assert ms.parse_month("9" * size + "-01") == ms.Month(year, 1)
    assert ms.parse_date("9" * size + "-02-29") is None  # year % 4 == 3
    assert ms.parse_date("8" * size + "-02-29") is not None  # 88..88 % 400 == 88
    assert ms.parse_week("9" * size + "-W52") == ms.Week(year, 52)
    assert ms.parse_time("10:00:00." + "5" * size) is not None
    assert ms.parse_duration("P" + "1" * size + "D") is None  # beyond timedelta
    assert ms.parse_global_datetime("9" * size + "-12-31T23:30-01:00") == ms.GlobalDateTime(
        year + 1, 1, 1, 0, 30, 0.0, ms.TimezoneOffset(-1, 0)
    )
    assert ms.parse_local_datetime("2026-01-01T" + "1" * size) is None


def test_serializing_years_beyond_the_int_str_limit() -> None:
    year = 10**5000 + 7
    text = ms.serialize_month(ms.Month(year, 3))
    assert len(text) == 5001 + 3
    assert ms.parse_month(text) == ms.Month(year, 3)
    date = ms.Date(year, 2, 28)
    assert ms.parse_date(ms.serialize_date(date)) == date


@pytest.mark.parametrize("digits", ["1", "9" * 599, "1" + "0" * 600, "7" * 4301,
                                    "31415926535" * 3000, "1" + "0" * 40000 + "1"])
@pytest.mark.parametrize("libmpdec", [True, False])
def test_int_to_digits_is_the_decimal_string(digits: str, libmpdec: bool,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # The digits come from the Decimal built of the binary halves (or, with
    # the pure-Python decimal module, from divmod); checked against the
    # digits they were parsed from (no limit applies to either).
    from markup5.microsyntax import _common
    from markup5.microsyntax._common import digits_to_int, int_to_digits
    if not libmpdec:
        monkeypatch.setattr(_common, "_LIBMPDEC", False)
    number = digits_to_int(digits)
    assert int_to_digits(number) == digits
    if digits[-1] != "0":
        below = (digits[:-1] + str(int(digits[-1]) - 1)).lstrip("0") or "0"
        assert int_to_digits(number - 1) == below
    # A negative number is an error; the context the conversion used is not
    # left behind.
    with pytest.raises(ValueError):
        int_to_digits(-1)
    import decimal
    assert decimal.getcontext().prec == 28


# ---------------------------------------------------------------------------
# The examples in the docstrings are correct.

MODULES = [
    "_attributes",
    "_colors",
    "_common",
    "_dates",
    "_dimensions",
    "_durations",
    "_numbers",
    "_tokens",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"markup5.microsyntax.{name}")
    failures, _ = doctest.testmod(module)
    assert failures == 0


def test_package_exports() -> None:
    assert len(ms.__all__) == len(set(ms.__all__))
    for name in ms.__all__:
        exported = getattr(ms, name)
        if callable(exported):
            assert exported.__doc__, name
    assert len(ms.NAMED_COLORS) == 148
    assert callable(ms.parse_hash_name_reference)  # §2.3.9, on the DOM
