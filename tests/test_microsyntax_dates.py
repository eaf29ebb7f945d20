"""Dates and times (HTML Standard §2.3.5.1-8, 2.3.5.10): expected values by hand."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from markup5.microsyntax import (
    Date,
    GlobalDateTime,
    LocalDateTime,
    Month,
    Time,
    TimezoneOffset,
    Week,
    YearlessDate,
    days_in_month,
    is_leap_year,
    is_valid_date_string,
    is_valid_date_string_with_optional_time,
    is_valid_global_datetime_string,
    is_valid_local_datetime_string,
    is_valid_month_string,
    is_valid_normalized_local_datetime_string,
    is_valid_time_string,
    is_valid_timezone_offset_string,
    is_valid_week_string,
    is_valid_yearless_date_string,
    parse_date,
    parse_date_component,
    parse_date_or_time,
    parse_global_datetime,
    parse_local_datetime,
    parse_month,
    parse_month_component,
    parse_time,
    parse_time_component,
    parse_timezone_offset,
    parse_timezone_offset_component,
    parse_week,
    parse_yearless_date,
    parse_yearless_date_component,
    serialize_date,
    serialize_global_datetime,
    serialize_local_datetime,
    serialize_month,
    serialize_time,
    serialize_timezone_offset,
    serialize_week,
    serialize_yearless_date,
    weeks_in_year,
)

UTC = TimezoneOffset(0, 0)

# ---------------------------------------------------------------------------
# Calendar helpers


@pytest.mark.parametrize(
    ("month", "days"),
    [(1, 31), (3, 31), (4, 30), (5, 31), (6, 30), (7, 31), (8, 31), (9, 30), (10, 31),
     (11, 30), (12, 31)],
)
def test_days_in_month_fixed_months(month: int, days: int) -> None:
    for year in (1, 4, 1900, 2000, 2023, 2024, 10**20):
        assert days_in_month(month, year) == days


@pytest.mark.parametrize(
    ("year", "days"),
    [
        (2000, 29),  # divisible by 400
        (2400, 29),
        (1900, 28),  # divisible by 100 but not 400
        (2100, 28),
        (2024, 29),  # divisible by 4 but not 100
        (4, 29),  # the standard's "arbitrary leap year" examples: 4 and 2000
        (2023, 28),
        (1, 28),
        (0, 29),
        (10**30, 29),
        (10**30 + 100, 28),
    ],
)
def test_days_in_february(year: int, days: int) -> None:
    assert days_in_month(2, year) == days
    assert is_leap_year(year) is (days == 29)


def test_days_in_month_rejects_bad_months() -> None:
    with pytest.raises(ValueError, match="month"):
        days_in_month(13, 2000)
    with pytest.raises(TypeError, match="month"):
        days_in_month("2", 2000)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("year", "weeks"),
    [
        (2015, 53),  # January 1st 2015 was a Thursday
        (2026, 53),  # a Thursday
        (2020, 53),  # a Wednesday, and 2020 is a leap year
        (1992, 53),  # a Wednesday, leap year
        (2014, 52),  # a Wednesday, not a leap year
        (2008, 52),  # a Tuesday, leap year
        (2021, 52),  # a Friday
        (2019, 52),  # a Tuesday
        (1970, 53),  # a Thursday
        (2015 + 400 * 10**6, 53),  # the calendar repeats every 400 years
        (2021 + 400 * 10**6, 52),
    ],
)
def test_weeks_in_year(year: int, weeks: int) -> None:
    assert weeks_in_year(year) == weeks


def test_week_one_of_1970_starts_on_1969_12_29() -> None:
    # "The seven-day period starting on ... Monday December 29th 1969 is
    # defined as week number 1 in week-year 1970."
    assert Week(1970, 1).to_date() == dt.date(1969, 12, 29)
    assert dt.date(1969, 12, 29).weekday() == 0


# ---------------------------------------------------------------------------
# Months


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-11", (2026, 11)),
        ("0001-01", (1, 1)),
        ("9999-12", (9999, 12)),
        ("12026-11", (12026, 11)),  # four or more digits
        ("00012026-11", (12026, 11)),
    ],
)
def test_parse_month(text: str, expected: tuple[int, int]) -> None:
    assert parse_month(text) == Month(*expected)
    assert is_valid_month_string(text)


@pytest.mark.parametrize(
    "text",
    ["", "2026", "2026-", "202-11", "0000-01", "2026-13", "2026-00", "2026-1", "2026-111",
     "2026-11-", " 2026-11", "2026-11 ", "2026/11", "\u0662026-11", "+2026-11", "-2026-11"],
)
def test_parse_month_failure(text: str) -> None:
    assert parse_month(text) is None
    assert not is_valid_month_string(text)


# ---------------------------------------------------------------------------
# Dates


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-11-21", (2026, 11, 21)),
        ("2024-02-29", (2024, 2, 29)),
        ("2000-02-29", (2000, 2, 29)),
        ("2023-02-28", (2023, 2, 28)),
        ("0037-12-13", (37, 12, 13)),  # Nero's birthday, from the standard
        ("2026-04-30", (2026, 4, 30)),
        ("10000-01-01", (10000, 1, 1)),
    ],
)
def test_parse_date(text: str, expected: tuple[int, int, int]) -> None:
    assert parse_date(text) == Date(*expected)
    assert is_valid_date_string(text)


@pytest.mark.parametrize(
    "text",
    [
        "37-12-13",  # "Years with fewer than four digits have to be zero-padded."
        "2023-02-29",
        "1900-02-29",
        "2026-04-31",
        "2026-01-32",
        "2026-01-00",
        "2026-1-01",
        "2026-01-1",
        "2026-01-011",
        "2026-01",
        "2026-01-01T",
        "2026-01-01 ",
        "0000-01-01",
    ],
)
def test_parse_date_failure(text: str) -> None:
    assert parse_date(text) is None
    assert not is_valid_date_string(text)


# ---------------------------------------------------------------------------
# Yearless dates


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("11-21", (11, 21)),
        ("--11-21", (11, 21)),
        ("02-29", (2, 29)),  # as if in a leap year
        ("--02-29", (2, 29)),
        ("12-31", (12, 31)),
    ],
)
def test_parse_yearless_date(text: str, expected: tuple[int, int]) -> None:
    assert parse_yearless_date(text) == YearlessDate(*expected)
    assert is_valid_yearless_date_string(text)


@pytest.mark.parametrize(
    "text", ["-11-21", "---11-21", "02-30", "04-31", "13-01", "00-01", "11-00", "1-21",
             "11-2", "11/21", "2026-11-21", "--11-21 "],
)
def test_parse_yearless_date_failure(text: str) -> None:
    assert parse_yearless_date(text) is None
    assert not is_valid_yearless_date_string(text)


def test_yearless_date_to_date() -> None:
    assert YearlessDate(2, 29).to_date(2024) == dt.date(2024, 2, 29)
    with pytest.raises(ValueError):
        YearlessDate(2, 29).to_date(2023)


# ---------------------------------------------------------------------------
# Times


@pytest.mark.parametrize(
    ("text", "expected", "valid"),
    [
        ("10:00", (10, 0, 0.0), True),
        ("00:00", (0, 0, 0.0), True),
        ("23:59", (23, 59, 0.0), True),
        ("10:00:05", (10, 0, 5.0), True),
        ("10:00:00", (10, 0, 0.0), True),  # optional when zero
        ("10:00:05.5", (10, 0, 5.5), True),
        ("10:00:05.25", (10, 0, 5.25), True),
        ("10:00:05.125", (10, 0, 5.125), True),
        ("10:00:05.000", (10, 0, 5.0), True),
        ("23:59:59.999", (23, 59, 59.999), True),
        # The parser takes any number of fraction digits; valid strings 1-3.
        ("10:00:05.1234", (10, 0, 5.1234), False),
        ("10:00:05.0625", (10, 0, 5.0625), False),
    ],
)
def test_parse_time(text: str, expected: tuple[int, int, float], valid: bool) -> None:
    assert parse_time(text) == Time(*expected)
    assert is_valid_time_string(text) is valid


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1:00",  # step 1: exactly two digits
        "100:00",
        "24:00",  # step 2
        "10-00",  # step 3
        "10:",
        "10:0",  # step 4
        "10:000",
        "10:60",  # step 5
        "10:00:",  # 7.2: two digits must follow
        "10:00:5",
        "10:00:5x",
        "10:00:05.",  # 7.3: three characters long
        "10:00:051",  # longer than three and no "." third
        "10:00:05.1.2",  # more than one "."
        "10:00:60",  # 7.4
        "10:00:99.5",
        "10:00Z",  # trailing characters (parse a time string, step 4)
        "10:00 ",
        " 10:00",
        "10:00:05,5",
        "\u0661\u0660:00",
    ],
)
def test_parse_time_failure(text: str) -> None:
    assert parse_time(text) is None
    assert not is_valid_time_string(text)


def test_parse_time_keeps_long_fractions_below_sixty() -> None:
    # The exact value 59.999...9 is below 60, so it is accepted; the nearest
    # double would be 60.0, so the largest double below 60 is used.
    time = parse_time("23:59:59." + "9" * 30)
    assert time is not None
    assert 59.99999999 < time.second < 60.0


def test_time_to_time() -> None:
    assert Time(10, 0, 5.125).to_time() == dt.time(10, 0, 5, 125000)
    assert Time(10, 0, 59.9999999).to_time() == dt.time(10, 0, 59, 999999)
    assert Time.from_time(dt.time(1, 2, 3, 500000)) == Time(1, 2, 3.5)


# ---------------------------------------------------------------------------
# Local dates and times


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-11-21T10:00", (2026, 11, 21, 10, 0, 0.0)),
        ("2026-11-21 10:00", (2026, 11, 21, 10, 0, 0.0)),
        ("2026-11-21T10:00:30.5", (2026, 11, 21, 10, 0, 30.5)),
        ("12024-02-29T23:59:59", (12024, 2, 29, 23, 59, 59.0)),  # 12024 is a leap year
    ],
)
def test_parse_local_datetime(text: str, expected: tuple) -> None:
    assert parse_local_datetime(text) == LocalDateTime(*expected)
    assert is_valid_local_datetime_string(text)


@pytest.mark.parametrize(
    "text",
    ["2026-11-21  10:00", "2026-11-21t10:00", "2026-11-2110:00", "2026-11-21T", "2026-11-21",
     "2026-11-21T10:00Z", "2026-11-21T10:00 ", "2026-11-21\t10:00", "2026-02-30T10:00"],
)
def test_parse_local_datetime_failure(text: str) -> None:
    assert parse_local_datetime(text) is None
    assert not is_valid_local_datetime_string(text)


def test_local_datetime_strict_fraction() -> None:
    assert parse_local_datetime("2026-11-21T10:00:00.1234") is not None
    assert not is_valid_local_datetime_string("2026-11-21T10:00:00.1234")


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("2026-11-21T10:00", True),
        ("2026-11-21T10:00:30", True),
        ("2026-11-21T10:00:30.5", True),
        ("2026-11-21T10:00:00.5", True),
        ("2026-11-21T10:00:00", False),  # seconds could be omitted
        ("2026-11-21T10:00:30.50", False),  # trailing zero
        ("2026-11-21T10:00:30.0", False),
        ("2026-11-21 10:00", False),  # "T" required
        ("2026-11-21T10:00:30.1234", False),
    ],
)
def test_is_valid_normalized_local_datetime_string(text: str, valid: bool) -> None:
    assert is_valid_normalized_local_datetime_string(text) is valid


# ---------------------------------------------------------------------------
# Time-zone offsets


@pytest.mark.parametrize(
    ("text", "expected", "valid"),
    [
        ("Z", (0, 0), True),
        ("+00:00", (0, 0), True),
        ("+05:30", (5, 30), True),
        ("-05:30", (-5, -30), True),  # both fields negated (1.6 and 1.8)
        ("+0530", (5, 30), True),  # four digits, no colon
        ("-0530", (-5, -30), True),
        ("-00:30", (0, -30), True),
        ("+23:59", (23, 59), True),
        ("-23:59", (-23, -59), True),
        ("+14:00", (14, 0), True),
        ("-00:00", (0, 0), False),  # "-" only if the offset is not zero
        ("-0000", (0, 0), False),
    ],
)
def test_parse_timezone_offset(text: str, expected: tuple[int, int], valid: bool) -> None:
    assert parse_timezone_offset(text) == TimezoneOffset(*expected)
    assert is_valid_timezone_offset_string(text) is valid


@pytest.mark.parametrize(
    "text",
    ["", "z", "UTC", "05:30", "+5:30", "+05:3", "+053", "+05300", "+05", "+24:00", "+23:60",
     "+05:30 ", "+05-30", "Z ", "ZZ", "+\u0660\u0665:30"],
)
def test_parse_timezone_offset_failure(text: str) -> None:
    assert parse_timezone_offset(text) is None
    assert not is_valid_timezone_offset_string(text)


def test_timezone_offset_minutes_and_conversions() -> None:
    offset = parse_timezone_offset("-05:30")
    assert offset is not None
    assert offset.total_minutes == -330
    assert offset.to_timedelta() == -dt.timedelta(hours=5, minutes=30)
    assert offset.to_timezone() == dt.timezone(-dt.timedelta(hours=5, minutes=30))
    assert TimezoneOffset(0, 0).to_timezone() is dt.timezone.utc
    assert TimezoneOffset.from_minutes(-330) == offset
    assert TimezoneOffset.from_minutes(-30) == TimezoneOffset(0, -30)
    assert TimezoneOffset.from_minutes(345) == TimezoneOffset(5, 45)


# ---------------------------------------------------------------------------
# Global dates and times


@pytest.mark.parametrize(
    ("text", "expected_utc", "offset"),
    [
        # The standard's examples.  "Midnight in areas using London time on
        # the birthday of Nero":
        ("0037-12-13 00:00Z", (37, 12, 13, 0, 0, 0.0), (0, 0)),
        # "One millisecond after noon on October 14th 1979, in the time zone
        # in use on the east coast of the USA during daylight saving time":
        ("1979-10-14T12:00:00.001-04:00", (1979, 10, 14, 16, 0, 0.001), (-4, 0)),
        # "Midnight UTC on the 1st of January, 8592":
        ("8592-01-01T02:09+02:09", (8592, 1, 1, 0, 0, 0.0), (2, 9)),
        # The example.
        ("2026-11-21T10:00+01:00", (2026, 11, 21, 9, 0, 0.0), (1, 0)),
        # Normalizing crosses days, months, years and February 29th.
        ("2026-01-01T00:30+01:00", (2025, 12, 31, 23, 30, 0.0), (1, 0)),
        ("2026-12-31T23:30-01:00", (2027, 1, 1, 0, 30, 0.0), (-1, 0)),
        ("2024-03-01T00:00+00:01", (2024, 2, 29, 23, 59, 0.0), (0, 1)),
        ("2023-03-01T00:00+00:01", (2023, 2, 28, 23, 59, 0.0), (0, 1)),
        ("2024-02-28T23:30-00:31", (2024, 2, 29, 0, 1, 0.0), (0, -31)),
        ("2026-04-30T22:00-0500", (2026, 5, 1, 3, 0, 0.0), (-5, 0)),
        ("9999-12-31T23:00-02:00", (10000, 1, 1, 1, 0, 0.0), (-2, 0)),
        ("0001-01-01T00:00+01:00", (0, 12, 31, 23, 0, 0.0), (1, 0)),
        ("2026-11-21T10:00:00.5-00:00", (2026, 11, 21, 10, 0, 0.5), (0, 0)),
    ],
)
def test_parse_global_datetime(text: str, expected_utc: tuple, offset: tuple[int, int]) -> None:
    assert parse_global_datetime(text) == GlobalDateTime(
        *expected_utc, TimezoneOffset(*offset)
    )


@pytest.mark.parametrize(
    "text",
    [
        "2001-12-21  12:00Z",  # from the standard: two spaces
        "37-12-13 00:00Z",  # year not zero-padded
        "2001-12-21T12:00",  # "The time and time-zone offset components are not optional."
        "2001-12-21",
        "2001-12-21Z",
        "2001-12-21T12:00+",
        "2001-12-21T12:00+01",
        "2001-12-21T12:00+01:00 ",
        "2001-12-21T12:00ZZ",
        "2001-12-21T24:00Z",
        "2001-02-29T12:00Z",
    ],
)
def test_parse_global_datetime_failure(text: str) -> None:
    assert parse_global_datetime(text) is None
    assert not is_valid_global_datetime_string(text)


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("0037-12-13 00:00Z", True),
        ("1979-10-14T12:00:00.001-04:00", True),
        ("8592-01-01T02:09+02:09", True),
        ("2026-11-21T10:00:00.5+0100", True),
        ("2026-11-21T10:00:05Z", True),
        ("2026-11-21T10:00-00:00", False),
        ("2026-11-21T10:00:00.1234Z", False),
        ("2026-11-21T10:00:00.Z", False),
    ],
)
def test_is_valid_global_datetime_string(text: str, valid: bool) -> None:
    assert is_valid_global_datetime_string(text) is valid
    if valid:
        assert parse_global_datetime(text) is not None


def test_global_datetime_conversions() -> None:
    value = parse_global_datetime("2026-11-21T10:00:00.25+01:00")
    assert value is not None
    expected = dt.datetime(2026, 11, 21, 9, 0, 0, 250000, tzinfo=dt.timezone.utc)
    assert value.to_datetime() == expected
    assert value.to_datetime().tzinfo is dt.timezone.utc
    written = dt.datetime(2026, 11, 21, 10, 0, 0, 250000,
                          tzinfo=dt.timezone(dt.timedelta(hours=1)))
    assert value.to_datetime() == written  # the same moment
    assert value.as_written() == LocalDateTime(2026, 11, 21, 10, 0, 0.25)
    assert GlobalDateTime.from_datetime(written) == value


def test_conversions_refuse_years_outside_datetime() -> None:
    for value in (
        GlobalDateTime(10000, 1, 1, 1, 0, 0.0, TimezoneOffset(-2, 0)),
        GlobalDateTime(0, 12, 31, 23, 0, 0.0, TimezoneOffset(1, 0)),
        LocalDateTime(12026, 1, 1, 0, 0, 0.0),
    ):
        with pytest.raises(ValueError, match="year"):
            value.to_datetime()
    for convertible in (Date(10000, 1, 1), Month(10000, 1), Week(10000, 1)):
        with pytest.raises(ValueError, match="year"):
            convertible.to_date()
    assert Date(9999, 12, 31).to_date() == dt.date(9999, 12, 31)
    assert Month(2026, 11).to_date() == dt.date(2026, 11, 1)


def test_global_datetime_as_written_handles_year_zero() -> None:
    value = parse_global_datetime("0001-01-01T00:00+01:00")
    assert value is not None
    assert value.as_written() == LocalDateTime(1, 1, 1, 0, 0, 0.0)
    assert serialize_global_datetime(value, keep_offset=True) == "0001-01-01T00:00+01:00"
    with pytest.raises(ValueError, match="year"):
        serialize_global_datetime(value)


# ---------------------------------------------------------------------------
# Weeks


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-W47", (2026, 47)),
        ("2015-W53", (2015, 53)),
        ("2020-W53", (2020, 53)),
        ("2021-W01", (2021, 1)),
        ("2021-W52", (2021, 52)),
        ("12015-W53", (12015, 53)),  # 12015 = 2015 + 25 * 400
    ],
)
def test_parse_week(text: str, expected: tuple[int, int]) -> None:
    assert parse_week(text) == Week(*expected)
    assert is_valid_week_string(text)


@pytest.mark.parametrize(
    "text",
    ["2014-W53", "2021-W53", "2021-W00", "2021-W54", "2021-W1", "2021-W001", "2021-w01",
     "2021W01", "2021-01", "21-W01", "0000-W01", "2021-W01 ", "2021--W01", ""],
)
def test_parse_week_failure(text: str) -> None:
    assert parse_week(text) is None
    assert not is_valid_week_string(text)


def test_week_to_date() -> None:
    assert Week(2026, 1).to_date() == dt.date(2025, 12, 29)
    assert Week(2015, 53).to_date() == dt.date(2015, 12, 28)


# ---------------------------------------------------------------------------
# Vaguer moments in time


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-11-21", Date(2026, 11, 21)),
        ("10:00", Time(10, 0, 0.0)),
        ("12:00:00.5", Time(12, 0, 0.5)),
        ("2026-11-21T10:00Z", GlobalDateTime(2026, 11, 21, 10, 0, 0.0, UTC)),
        ("2026-11-21 10:00+01:00",
         GlobalDateTime(2026, 11, 21, 9, 0, 0.0, TimezoneOffset(1, 0))),
    ],
)
def test_parse_date_or_time(text: str, expected: object) -> None:
    result = parse_date_or_time(text)
    assert result == expected
    assert type(result) is type(expected)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "2026-11-21T10:00",  # step 8: a date and a time need an offset
        "2026-11-21T",  # step 7: time expected
        "2026-11-21 ",
        "2026-11-21x",  # step 10
        "10:00Z",  # no date: the offset is not read
        "2026-13-01",  # no date, and not a time either
        "2026-11",
        "T10:00",
    ],
)
def test_parse_date_or_time_failure(text: str) -> None:
    assert parse_date_or_time(text) is None


@pytest.mark.parametrize(
    ("text", "valid"),
    [("2026-11-21", True), ("2026-11-21T10:00Z", True), ("2026-11-21 10:00:00.5-05:00", True),
     ("10:00", False), ("2026-11-21T10:00", False), ("2026-11", False)],
)
def test_is_valid_date_string_with_optional_time(text: str, valid: bool) -> None:
    assert is_valid_date_string_with_optional_time(text) is valid


# ---------------------------------------------------------------------------
# Components at a position


def test_components_report_the_position_after_them() -> None:
    assert parse_month_component("x2026-11y", 1) == (Month(2026, 11), 8)
    assert parse_date_component("2026-11-21T", 0) == (Date(2026, 11, 21), 10)
    assert parse_yearless_date_component("--11-21", 0) == (YearlessDate(11, 21), 7)
    assert parse_time_component("T10:00:01.5Z", 1) == (Time(10, 0, 1.5), 11)
    assert parse_timezone_offset_component("10:00-0530", 5) == (TimezoneOffset(-5, -30), 10)
    assert parse_timezone_offset_component("Z", 1) is None  # past the end: fail
    assert parse_date_component("2026-11-31", 0) is None
    with pytest.raises(ValueError, match="position"):
        parse_time_component("10:00", 6)
    with pytest.raises(TypeError, match="position"):
        parse_time_component("10:00", "0")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Serializers


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Time(10, 0, 0.0), "10:00"),
        (Time(10, 0, 5.0), "10:00:05"),
        (Time(10, 0, 5.5), "10:00:05.5"),
        (Time(10, 0, 5.25), "10:00:05.25"),
        (Time(0, 0, 0.001), "00:00:00.001"),
        (Time(10, 0, 5.1234), "10:00:05.123"),  # rounded to milliseconds
        (Time(23, 59, 59.9999), "23:59:59.999"),  # never up to 60
        (Time(1, 2, 3), "01:02:03"),
    ],
)
def test_serialize_time(value: Time, expected: str) -> None:
    assert serialize_time(value) == expected


def test_serializers() -> None:
    assert serialize_month(Month(2026, 11)) == "2026-11"
    assert serialize_month(Month(37, 1)) == "0037-01"
    assert serialize_month(Month(12026, 1)) == "12026-01"
    assert serialize_date(Date(37, 12, 13)) == "0037-12-13"
    assert serialize_yearless_date(YearlessDate(2, 29)) == "02-29"
    assert serialize_week(Week(2015, 53)) == "2015-W53"
    assert serialize_week(Week(1, 1)) == "0001-W01"
    assert serialize_timezone_offset(TimezoneOffset(0, 0)) == "Z"
    assert serialize_timezone_offset(TimezoneOffset(-5, -30)) == "-05:30"
    assert serialize_timezone_offset(TimezoneOffset(0, -30)) == "-00:30"
    assert serialize_timezone_offset(TimezoneOffset(14, 0)) == "+14:00"
    assert serialize_local_datetime(LocalDateTime(2026, 11, 21, 10, 0, 0.0)) == "2026-11-21T10:00"
    assert (
        serialize_local_datetime(LocalDateTime(2026, 11, 21, 10, 0, 30.5))
        == "2026-11-21T10:00:30.5"
    )
    value = GlobalDateTime(1979, 10, 14, 16, 0, 0.001, TimezoneOffset(-4, 0))
    assert serialize_global_datetime(value) == "1979-10-14T16:00:00.001Z"
    assert serialize_global_datetime(value, keep_offset=True) == "1979-10-14T12:00:00.001-04:00"


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: serialize_month(Month(0, 1)), ValueError),
        (lambda: serialize_month(Month(2026, 13)), ValueError),
        (lambda: serialize_date(Date(2023, 2, 29)), ValueError),
        (lambda: serialize_yearless_date(YearlessDate(2, 30)), ValueError),
        (lambda: serialize_week(Week(2021, 53)), ValueError),
        (lambda: serialize_time(Time(24, 0, 0.0)), ValueError),
        (lambda: serialize_time(Time(10, 0, 60.0)), ValueError),
        (lambda: serialize_time(Time(10, 0, float("nan"))), ValueError),
        (lambda: serialize_timezone_offset(TimezoneOffset(-5, 30)), ValueError),
        (lambda: serialize_timezone_offset(TimezoneOffset(24, 0)), ValueError),
        (lambda: serialize_date((2026, 1, 1)), TypeError),
        (lambda: serialize_time(dt.time(10, 0)), TypeError),
        (lambda: serialize_month(Month(2026.0, 1)), TypeError),
    ],
)
def test_serializers_reject_values_no_valid_string_represents(call, error) -> None:
    with pytest.raises(error):
        call()


# ---------------------------------------------------------------------------
# Properties: serialize then parse; valid strings parse to what they denote

years = st.one_of(st.integers(1, 9999), st.integers(1, 10**40))


@st.composite
def dates(draw: st.DrawFn, year_strategy: st.SearchStrategy[int] = years) -> Date:
    year = draw(year_strategy)
    month = draw(st.integers(1, 12))
    day = draw(st.integers(1, days_in_month(month, year)))
    return Date(year, month, day)


@st.composite
def times(draw: st.DrawFn) -> Time:
    milliseconds = draw(st.one_of(st.just(0), st.integers(0, 59) .map(lambda s: s * 1000),
                                  st.integers(0, 59_999)))
    return Time(draw(st.integers(0, 23)), draw(st.integers(0, 59)), milliseconds / 1000)


offsets = st.integers(-(23 * 60 + 59), 23 * 60 + 59).map(TimezoneOffset.from_minutes)


@given(years, st.integers(1, 12))
def test_month_round_trip(year: int, month: int) -> None:
    text = serialize_month(Month(year, month))
    assert is_valid_month_string(text)
    assert parse_month(text) == Month(year, month)


@given(dates())
def test_date_round_trip(date: Date) -> None:
    text = serialize_date(date)
    assert is_valid_date_string(text)
    assert parse_date(text) == date


@given(st.integers(1, 12).flatmap(
    lambda m: st.tuples(st.just(m), st.integers(1, days_in_month(m, 2000)))))
def test_yearless_date_round_trip(month_day: tuple[int, int]) -> None:
    value = YearlessDate(*month_day)
    text = serialize_yearless_date(value)
    assert is_valid_yearless_date_string(text)
    assert parse_yearless_date(text) == value
    assert parse_yearless_date("--" + text) == value


@given(times())
def test_time_round_trip(time: Time) -> None:
    text = serialize_time(time)
    assert is_valid_time_string(text)
    assert parse_time(text) == time


@given(dates(), times())
def test_local_datetime_round_trip(date: Date, time: Time) -> None:
    value = LocalDateTime(*date, *time)
    text = serialize_local_datetime(value)
    assert is_valid_normalized_local_datetime_string(text)
    assert is_valid_local_datetime_string(text)
    assert parse_local_datetime(text) == value


@given(offsets)
def test_timezone_offset_round_trip(offset: TimezoneOffset) -> None:
    text = serialize_timezone_offset(offset)
    assert is_valid_timezone_offset_string(text)
    assert parse_timezone_offset(text) == offset


@given(dates(st.integers(2, 10**20)), times(), offsets)
def test_global_datetime_round_trip(date: Date, time: Time, offset: TimezoneOffset) -> None:
    value = GlobalDateTime(*date, *time, offset)
    text = serialize_global_datetime(value)
    assert text.endswith("Z")
    assert is_valid_global_datetime_string(text)
    assert parse_global_datetime(text) == value._replace(offset=UTC)
    text = serialize_global_datetime(value, keep_offset=True)
    assert is_valid_global_datetime_string(text)
    assert parse_global_datetime(text) == value


@given(years.flatmap(lambda y: st.tuples(st.just(y), st.integers(1, weeks_in_year(y)))))
def test_week_round_trip(year_week: tuple[int, int]) -> None:
    value = Week(*year_week)
    text = serialize_week(value)
    assert is_valid_week_string(text)
    assert parse_week(text) == value


@given(st.dates())
def test_weeks_agree_with_iso_calendar(date: dt.date) -> None:
    # "For modern purposes, a week as defined here is equivalent to ISO weeks."
    year, week, _ = date.isocalendar()
    assert 1 <= week <= weeks_in_year(year)
    assert parse_week(f"{year:04d}-W{week:02d}") == Week(year, week)
    assert weeks_in_year(year) == dt.date(year, 12, 28).isocalendar()[1]


@st.composite
def time_strings(draw: st.DrawFn) -> tuple[str, Time]:
    hour, minute = draw(st.integers(0, 23)), draw(st.integers(0, 59))
    text = f"{hour:02d}:{minute:02d}"
    second = 0.0
    if draw(st.booleans()):
        whole = draw(st.integers(0, 59))
        text += f":{whole:02d}"
        second = float(whole)
        if draw(st.booleans()):
            fraction = draw(st.text(alphabet="0123456789", min_size=1, max_size=3))
            text += "." + fraction
            second = float(f"{whole}.{fraction}")
    return text, Time(hour, minute, second)


@given(time_strings())
def test_valid_time_strings_parse_to_their_time(case: tuple[str, Time]) -> None:
    text, expected = case
    assert is_valid_time_string(text)
    assert parse_time(text) == expected


@given(st.dates(), time_strings(), st.sampled_from(["T", " "]))
def test_valid_local_datetime_strings(date: dt.date, case: tuple[str, Time], sep: str) -> None:
    time_text, time = case
    text = f"{date.year:04d}-{date.month:02d}-{date.day:02d}{sep}{time_text}"
    assert is_valid_local_datetime_string(text)
    assert parse_local_datetime(text) == LocalDateTime(date.year, date.month, date.day, *time)


@st.composite
def offset_strings(draw: st.DrawFn) -> tuple[str, int]:
    if draw(st.booleans()):
        return "Z", 0
    hours, minutes = draw(st.integers(0, 23)), draw(st.integers(0, 59))
    sign = draw(st.sampled_from("+-")) if hours or minutes else "+"
    colon = draw(st.sampled_from([":", ""]))
    total = (hours * 60 + minutes) * (-1 if sign == "-" else 1)
    return f"{sign}{hours:02d}{colon}{minutes:02d}", total


@given(st.dates(min_value=dt.date(2, 1, 1), max_value=dt.date(9998, 12, 31)),
       time_strings(), st.sampled_from(["T", " "]), offset_strings())
def test_valid_global_datetime_strings(
    date: dt.date, case: tuple[str, Time], sep: str, offset_case: tuple[str, int]
) -> None:
    time_text, time = case
    offset_text, offset_minutes = offset_case
    text = f"{date.year:04d}-{date.month:02d}-{date.day:02d}{sep}{time_text}{offset_text}"
    assert is_valid_global_datetime_string(text)
    assert is_valid_date_string_with_optional_time(text)
    # The moment in UTC, computed independently with datetime arithmetic.
    local = dt.datetime(date.year, date.month, date.day, time.hour, time.minute)
    utc = local - dt.timedelta(minutes=offset_minutes)
    expected = GlobalDateTime(utc.year, utc.month, utc.day, utc.hour, utc.minute, time.second,
                              TimezoneOffset.from_minutes(offset_minutes))
    assert parse_global_datetime(text) == expected
    assert parse_date_or_time(text) == expected
    assert is_valid_timezone_offset_string(offset_text)


DATE_ALPHABET = "0123456789-:.TWZ+ "


@given(st.text(alphabet=DATE_ALPHABET, max_size=30))
def test_validity_implies_parsing(text: str) -> None:
    pairs = [
        (is_valid_month_string, parse_month),
        (is_valid_date_string, parse_date),
        (is_valid_yearless_date_string, parse_yearless_date),
        (is_valid_time_string, parse_time),
        (is_valid_local_datetime_string, parse_local_datetime),
        (is_valid_normalized_local_datetime_string, parse_local_datetime),
        (is_valid_timezone_offset_string, parse_timezone_offset),
        (is_valid_global_datetime_string, parse_global_datetime),
        (is_valid_week_string, parse_week),
        (is_valid_date_string_with_optional_time, parse_date_or_time),
    ]
    for is_valid, parse in pairs:
        if is_valid(text):
            assert parse(text) is not None, (is_valid.__name__, text)


# An independent statement of the time and offset grammars, as regular
# expressions (used only as a test oracle).
TIME_RE = re.compile(r"(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\.[0-9]{1,3})?)?")
OFFSET_RE = re.compile(
    r"Z|\+(?:[01][0-9]|2[0-3]):?[0-5][0-9]|-(?!00:?00)(?:[01][0-9]|2[0-3]):?[0-5][0-9]"
)


@given(st.text(alphabet="0123456789:.Z+-", max_size=14))
def test_time_and_offset_validity_match_the_grammar(text: str) -> None:
    assert is_valid_time_string(text) is bool(TIME_RE.fullmatch(text))
    assert is_valid_timezone_offset_string(text) is bool(OFFSET_RE.fullmatch(text))


@given(st.from_regex(TIME_RE, fullmatch=True), st.from_regex(OFFSET_RE, fullmatch=True))
def test_grammar_strings_are_valid(time_text: str, offset_text: str) -> None:
    assert is_valid_time_string(time_text)
    assert is_valid_timezone_offset_string(offset_text)
    assert is_valid_global_datetime_string("2026-11-21T" + time_text + offset_text)
