"""Dates and times (HTML Standard §2.3.5).

Result types are immutable named tuples that hold everything the syntaxes
allow: years have four *or more* digits (so any positive ``int``), seconds
carry their fraction as a ``float``.  Each type converts to the matching
``datetime`` type where the value fits (years 1-9999); the conversion raises
ValueError otherwise.  The named tuples do not validate on construction; the
``serialize_*`` functions check their argument and raise ValueError for one
that no valid string represents.

Conventions worth knowing:

* A time-zone offset is *signed in both parts*: "-05:30" is
  ``TimezoneOffset(hours=-5, minutes=-30)``, "+05:30" is ``(5, 30)``, "-00:30"
  is ``(0, -30)``.  ``total_minutes`` is ``60 * hours + minutes``.
* A global date and time holds the moment **in UTC**, as the standard's
  algorithm returns it ("subtracting timezone hours and minutes"), plus the
  offset that was written: "2026-11-21T10:00+01:00" parses to
  ``GlobalDateTime(2026, 11, 21, 9, 0, 0.0, TimezoneOffset(1, 0))``.
  ``as_written()`` gives the wall-clock components back.  Normalizing can
  reach year 0 ("0001-01-01T00:00+01:00" is 0000-12-31T23:00 UTC), which the
  type holds but ``datetime`` and valid strings cannot.
* Seconds are the ``float`` nearest to the decimal written.  A fraction long
  enough to round up to 60.0 (e.g. "59.99999999999999999") is kept below 60,
  as the standard's range check 0 <= second < 60 is on the exact value.
* Durations (§2.3.5.9) live in ``_durations``.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from typing import NamedTuple

from ._common import (
    collect_ascii_digits,
    digits_to_int,
    int_to_digits,
    is_ascii_digit,
    require_str,
    type_error,
)

__all__ = [
    "Date",
    "GlobalDateTime",
    "LocalDateTime",
    "Month",
    "Time",
    "TimezoneOffset",
    "Week",
    "YearlessDate",
    "days_in_month",
    "is_leap_year",
    "is_valid_date_string",
    "is_valid_date_string_with_optional_time",
    "is_valid_global_datetime_string",
    "is_valid_local_datetime_string",
    "is_valid_month_string",
    "is_valid_normalized_local_datetime_string",
    "is_valid_time_string",
    "is_valid_timezone_offset_string",
    "is_valid_week_string",
    "is_valid_yearless_date_string",
    "parse_date",
    "parse_date_component",
    "parse_date_or_time",
    "parse_global_datetime",
    "parse_local_datetime",
    "parse_month",
    "parse_month_component",
    "parse_time",
    "parse_time_component",
    "parse_timezone_offset",
    "parse_timezone_offset_component",
    "parse_week",
    "parse_yearless_date",
    "parse_yearless_date_component",
    "serialize_date",
    "serialize_global_datetime",
    "serialize_local_datetime",
    "serialize_month",
    "serialize_time",
    "serialize_timezone_offset",
    "serialize_week",
    "serialize_yearless_date",
    "weeks_in_year",
]

_LARGEST_SECOND = math.nextafter(60.0, 0.0)


# ---------------------------------------------------------------------------
# Calendar helpers


def _require_int(value: object, func: str, param: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        type_error(func, param, "int", value)
    return value


def is_leap_year(year: int) -> bool:
    """Whether *year* is a leap year of the proleptic Gregorian calendar.

    Divisible by 400, or divisible by 4 but not by 100 (any ``int``).
    """
    _require_int(year, "is_leap_year", "year")
    return year % 400 == 0 or (year % 4 == 0 and year % 100 != 0)


def days_in_month(month: int, year: int) -> int:
    """The number of days in month *month* (1-12) of year *year*.

    >>> days_in_month(2, 2000), days_in_month(2, 1900), days_in_month(4, 2026)
    (29, 28, 30)
    """
    _require_int(month, "days_in_month", "month")
    _require_int(year, "days_in_month", "year")
    if not 1 <= month <= 12:
        raise ValueError(f"month {month} is outside 1-12")
    return _days_in_month(month, year)


def _days_in_month(month: int, year: int) -> int:
    if month in (4, 6, 9, 11):
        return 30
    if month == 2:
        return 29 if year % 400 == 0 or (year % 4 == 0 and year % 100 != 0) else 28
    return 31


def _weekday_of_january_first(year: int) -> int:
    """0 for Monday ... 6 for Sunday, for any year.

    The proleptic Gregorian calendar repeats every 400 years (146,097 days, a
    whole number of weeks), so year ``y`` behaves like ``(y - 1) % 400 + 1``.
    """
    return _dt.date((year - 1) % 400 + 1, 1, 1).weekday()


def weeks_in_year(year: int) -> int:
    """The week number of the last day of week-year *year*: 52 or 53.

    53 when January 1st of *year* is a Thursday, or a Wednesday in a leap
    year; 52 otherwise (any ``int`` year).

    >>> weeks_in_year(2020), weeks_in_year(2021), weeks_in_year(2026)
    (53, 52, 53)
    """
    _require_int(year, "weeks_in_year", "year")
    weekday = _weekday_of_january_first(year)
    if weekday == 3:  # Thursday
        return 53
    if weekday == 2 and is_leap_year(year):  # Wednesday
        return 53
    return 52


def _check_year_fits(year: int) -> None:
    if not _dt.MINYEAR <= year <= _dt.MAXYEAR:
        raise ValueError(
            f"year {year} is outside the range of the datetime module "
            f"({_dt.MINYEAR}-{_dt.MAXYEAR})"
        )


def _split_second(second: float) -> tuple[int, int]:
    """Whole seconds and microseconds (rounded, never reaching 60 s)."""
    microseconds = round(second * 1_000_000)
    whole, micro = divmod(microseconds, 1_000_000)
    if whole >= 60:
        return 59, 999_999
    return whole, micro


def _shift_one_day(year: int, month: int, day: int, days: int) -> tuple[int, int, int]:
    """The date *days* (-1, 0 or 1) days after year-month-day."""
    if days > 0:
        if day < _days_in_month(month, year):
            return year, month, day + 1
        if month < 12:
            return year, month + 1, 1
        return year + 1, 1, 1
    if days < 0:
        if day > 1:
            return year, month, day - 1
        if month > 1:
            return year, month - 1, _days_in_month(month - 1, year)
        return year - 1, 12, 31
    return year, month, day


def _add_minutes(
    year: int, month: int, day: int, hour: int, minute: int, minutes: int
) -> tuple[int, int, int, int, int]:
    """Move a wall-clock moment by *minutes* (less than a day either way)."""
    days, of_day = divmod(hour * 60 + minute + minutes, 1440)
    year, month, day = _shift_one_day(year, month, day, days)
    return year, month, day, of_day // 60, of_day % 60


# ---------------------------------------------------------------------------
# Result types


class Month(NamedTuple):
    """A month: a year (any positive ``int``) and a month (1-12)."""

    year: int
    month: int

    def to_date(self) -> _dt.date:
        """The first day of the month, as ``datetime.date``."""
        _check_year_fits(self.year)
        return _dt.date(self.year, self.month, 1)


class Date(NamedTuple):
    """A proleptic-Gregorian date: year (any positive ``int``), month, day."""

    year: int
    month: int
    day: int

    def to_date(self) -> _dt.date:
        """As ``datetime.date`` (ValueError if the year is not 1-9999)."""
        _check_year_fits(self.year)
        return _dt.date(self.year, self.month, self.day)

    @classmethod
    def from_date(cls, value: _dt.date) -> Date:
        """From a ``datetime.date`` (or the date part of a ``datetime``)."""
        if not isinstance(value, _dt.date):
            type_error("Date.from_date", "value", "datetime.date", value)
        return cls(value.year, value.month, value.day)


class YearlessDate(NamedTuple):
    """A month and a day, with no year (February 29th is allowed)."""

    month: int
    day: int

    def to_date(self, year: int) -> _dt.date:
        """This day in *year*, as ``datetime.date`` (ValueError if it does not
        exist, e.g. February 29th of a common year)."""
        _require_int(year, "YearlessDate.to_date", "year")
        _check_year_fits(year)
        return _dt.date(year, self.month, self.day)


class Time(NamedTuple):
    """A time of day: hour, minute and second; ``second`` holds the fraction."""

    hour: int
    minute: int
    second: float

    def to_time(self) -> _dt.time:
        """As ``datetime.time`` (the second rounded to the microsecond)."""
        whole, micro = _split_second(self.second)
        return _dt.time(self.hour, self.minute, whole, micro)

    @classmethod
    def from_time(cls, value: _dt.time) -> Time:
        """From a naive ``datetime.time``."""
        if not isinstance(value, _dt.time):
            type_error("Time.from_time", "value", "datetime.time", value)
        if value.tzinfo is not None:
            raise ValueError("Time.from_time() needs a naive time (no tzinfo)")
        return cls(value.hour, value.minute, value.second + value.microsecond / 1_000_000)


class LocalDateTime(NamedTuple):
    """A local date and time (no time zone)."""

    year: int
    month: int
    day: int
    hour: int
    minute: int
    second: float

    def to_datetime(self) -> _dt.datetime:
        """As a naive ``datetime.datetime`` (ValueError if the year does not fit)."""
        _check_year_fits(self.year)
        whole, micro = _split_second(self.second)
        return _dt.datetime(
            self.year, self.month, self.day, self.hour, self.minute, whole, micro
        )

    def date_part(self) -> Date:
        """The date."""
        return Date(self.year, self.month, self.day)

    def time_part(self) -> Time:
        """The time."""
        return Time(self.hour, self.minute, self.second)

    @classmethod
    def from_datetime(cls, value: _dt.datetime) -> LocalDateTime:
        """From a naive ``datetime.datetime``."""
        if not isinstance(value, _dt.datetime):
            type_error("LocalDateTime.from_datetime", "value", "datetime.datetime", value)
        if value.tzinfo is not None:
            raise ValueError("LocalDateTime.from_datetime() needs a naive datetime")
        return cls(
            value.year,
            value.month,
            value.day,
            value.hour,
            value.minute,
            value.second + value.microsecond / 1_000_000,
        )


class TimezoneOffset(NamedTuple):
    """A time-zone offset from UTC, both parts carrying the sign.

    "-05:30" is ``TimezoneOffset(-5, -30)``; "+05:45" is ``(5, 45)``;
    "-00:30" is ``(0, -30)``; "Z" is ``(0, 0)``.
    """

    hours: int
    minutes: int

    @property
    def total_minutes(self) -> int:
        """The offset in minutes, east of UTC positive: ``60 * hours + minutes``."""
        return self.hours * 60 + self.minutes

    def to_timedelta(self) -> _dt.timedelta:
        """The offset as a ``datetime.timedelta``."""
        return _dt.timedelta(minutes=self.total_minutes)

    def to_timezone(self) -> _dt.timezone:
        """The offset as a fixed ``datetime.timezone`` (``timezone.utc`` for 0)."""
        if self.total_minutes == 0:
            return _dt.timezone.utc
        return _dt.timezone(self.to_timedelta())

    @classmethod
    def from_minutes(cls, total_minutes: int) -> TimezoneOffset:
        """The offset of *total_minutes* minutes, split with the sign on both parts."""
        _require_int(total_minutes, "TimezoneOffset.from_minutes", "total_minutes")
        hours, minutes = divmod(abs(total_minutes), 60)
        if total_minutes < 0:
            return cls(-hours, -minutes)
        return cls(hours, minutes)


_UTC = TimezoneOffset(0, 0)


class GlobalDateTime(NamedTuple):
    """A global date and time: the moment **in UTC**, plus the offset written.

    "2026-11-21T10:00+01:00" is ``GlobalDateTime(2026, 11, 21, 9, 0, 0.0,
    TimezoneOffset(1, 0))``: the standard's algorithm returns "a time in UTC,
    with associated time-zone offset information".  :meth:`as_written` gives
    the local wall-clock components.
    """

    year: int
    month: int
    day: int
    hour: int
    minute: int
    second: float
    offset: TimezoneOffset = _UTC

    def to_datetime(self) -> _dt.datetime:
        """As an aware ``datetime`` in UTC (ValueError if the year does not fit).

        Use ``.astimezone(value.offset.to_timezone())`` for the original zone.
        """
        _check_year_fits(self.year)
        whole, micro = _split_second(self.second)
        return _dt.datetime(
            self.year,
            self.month,
            self.day,
            self.hour,
            self.minute,
            whole,
            micro,
            tzinfo=_dt.timezone.utc,
        )

    def as_written(self) -> LocalDateTime:
        """The wall-clock date and time in the offset's zone (UTC + offset)."""
        year, month, day, hour, minute = _add_minutes(
            self.year, self.month, self.day, self.hour, self.minute,
            self.offset.total_minutes,
        )
        return LocalDateTime(year, month, day, hour, minute, self.second)

    @classmethod
    def from_datetime(cls, value: _dt.datetime) -> GlobalDateTime:
        """From an aware ``datetime`` whose offset is a whole number of minutes."""
        if not isinstance(value, _dt.datetime):
            type_error("GlobalDateTime.from_datetime", "value", "datetime.datetime", value)
        delta = value.utcoffset()
        if delta is None:
            raise ValueError("GlobalDateTime.from_datetime() needs an aware datetime")
        if delta % _dt.timedelta(minutes=1):
            raise ValueError("the UTC offset is not a whole number of minutes")
        offset = TimezoneOffset.from_minutes(delta // _dt.timedelta(minutes=1))
        year, month, day, hour, minute = _add_minutes(
            value.year, value.month, value.day, value.hour, value.minute,
            -offset.total_minutes,
        )
        second = value.second + value.microsecond / 1_000_000
        return cls(year, month, day, hour, minute, second, offset)


class Week(NamedTuple):
    """A week: a week-year (any positive ``int``) and a week number (1-53)."""

    year: int
    week: int

    def to_date(self) -> _dt.date:
        """The Monday that starts the week, as ``datetime.date``."""
        _check_year_fits(self.year)
        return _dt.date.fromisocalendar(self.year, self.week, 1)


# ---------------------------------------------------------------------------
# Components: each takes input and position and returns the values and the
# new position, or None when the standard says the algorithm fails.


def _two_digits(input: str, position: int) -> tuple[int, int] | None:
    """Collect ASCII digits; fail unless exactly two were collected."""
    end = collect_ascii_digits(input, position)
    if end - position != 2:
        return None
    return int(input[position:end]), end


def _month_component(input: str, position: int) -> tuple[int, int, int] | None:
    """The rules to parse a month component: (year, month, position)."""
    end = len(input)
    # Step 1.
    start = position
    position = collect_ascii_digits(input, position)
    if position - start < 4:
        return None
    year = digits_to_int(input[start:position])
    # Step 2.
    if year <= 0:
        return None
    # Step 3.
    if position >= end or input[position] != "-":
        return None
    position += 1
    # Step 4.
    collected = _two_digits(input, position)
    if collected is None:
        return None
    month, position = collected
    # Step 5.
    if not 1 <= month <= 12:
        return None
    # Step 6.
    return year, month, position


def _date_component(input: str, position: int) -> tuple[int, int, int, int] | None:
    """The rules to parse a date component: (year, month, day, position)."""
    # Step 1.
    parsed = _month_component(input, position)
    if parsed is None:
        return None
    year, month, position = parsed
    # Step 2.
    maxday = _days_in_month(month, year)
    # Step 3.
    if position >= len(input) or input[position] != "-":
        return None
    position += 1
    # Step 4.
    collected = _two_digits(input, position)
    if collected is None:
        return None
    day, position = collected
    # Step 5.
    if not 1 <= day <= maxday:
        return None
    # Step 6.
    return year, month, day, position


def _yearless_date_component(input: str, position: int) -> tuple[int, int, int] | None:
    """The rules to parse a yearless date component: (month, day, position)."""
    end = len(input)
    # Step 1: zero or two hyphens.
    start = position
    while position < end and input[position] == "-":
        position += 1
        if position - start > 2:
            return None
    if position - start not in (0, 2):
        return None
    # Step 2.
    collected = _two_digits(input, position)
    if collected is None:
        return None
    month, position = collected
    # Step 3.
    if not 1 <= month <= 12:
        return None
    # Step 4: in a leap year.
    maxday = _days_in_month(month, 2000)
    # Step 5.
    if position >= end or input[position] != "-":
        return None
    position += 1
    # Step 6.
    collected = _two_digits(input, position)
    if collected is None:
        return None
    day, position = collected
    # Step 7.
    if not 1 <= day <= maxday:
        return None
    # Step 8.
    return month, day, position


_DIGITS_OR_FULL_STOPS = re.compile(r"[0-9.]*")


def _time_component(input: str, position: int) -> tuple[int, int, float, int] | None:
    """The rules to parse a time component: (hour, minute, second, position)."""
    end = len(input)
    # Step 1.
    collected = _two_digits(input, position)
    if collected is None:
        return None
    hour, position = collected
    # Step 2.
    if hour > 23:
        return None
    # Step 3.
    if position >= end or input[position] != ":":
        return None
    position += 1
    # Step 4.
    collected = _two_digits(input, position)
    if collected is None:
        return None
    minute, position = collected
    # Step 5.
    if minute > 59:
        return None
    # Step 6.
    second = 0.0
    # Step 7.
    if position < end and input[position] == ":":
        # 7.1.
        position += 1
        # 7.2: two digits must follow.
        if (
            position + 1 >= end
            or not is_ascii_digit(input[position])
            or not is_ascii_digit(input[position + 1])
        ):
            return None
        # 7.3: "SS" or "SS." followed by at least one more digit.
        start = position
        position = _DIGITS_OR_FULL_STOPS.match(input, position).end()  # type: ignore[union-attr]
        sequence = input[start:position]
        if (
            len(sequence) == 3
            or (len(sequence) > 3 and sequence[2] != ".")
            or sequence.count(".") > 1
        ):
            return None
        # 7.4: the range check is on the exact value, whose integer part is
        # the first two digits.
        if int(sequence[:2]) > 59:
            return None
        second = float(sequence)
        if second >= 60.0:  # rounding of a long fraction such as 59.9999...
            second = _LARGEST_SECOND
    # Step 8.
    return hour, minute, second, position


def _timezone_offset_component(input: str, position: int) -> tuple[int, int, int] | None:
    """The rules to parse a time-zone offset component: (hours, minutes, position)."""
    end = len(input)
    if position >= end:
        return None  # neither "Z" nor a sign: fail
    char = input[position]
    # Step 1.
    if char == "Z":
        # 1.1-1.3.
        return 0, 0, position + 1
    if char not in "+-":
        return None
    # 1.1: the sign.
    negative = char == "-"
    # 1.2.
    position += 1
    # 1.3.
    start = position
    position = collect_ascii_digits(input, position)
    s = input[start:position]
    # 1.4.
    if len(s) == 2:
        hours = int(s)
        if position >= end or input[position] != ":":
            return None
        position += 1
        collected = _two_digits(input, position)
        if collected is None:
            return None
        minutes, position = collected
    elif len(s) == 4:
        hours = int(s[:2])
        minutes = int(s[2:])
    else:
        return None
    # 1.5-1.8.
    if hours > 23:
        return None
    if minutes > 59:
        return None
    if negative:
        hours = -hours
        minutes = -minutes
    # Step 2.
    return hours, minutes, position


def _check_position(input: object, position: object, func: str) -> None:
    require_str(input, func)
    _require_int(position, func, "position")
    if not 0 <= position <= len(input):  # type: ignore[operator, arg-type]
        raise ValueError(f"{func}() position {position} is outside the input")


def parse_month_component(input: str, position: int = 0) -> tuple[Month, int] | None:
    """The rules to parse a month component, from *position* in *input*.

    Returns the month and the position after it, or ``None`` on failure.
    """
    _check_position(input, position, "parse_month_component")
    parsed = _month_component(input, position)
    if parsed is None:
        return None
    return Month(parsed[0], parsed[1]), parsed[2]


def parse_date_component(input: str, position: int = 0) -> tuple[Date, int] | None:
    """The rules to parse a date component, from *position* in *input*.

    Returns the date and the position after it, or ``None`` on failure.
    """
    _check_position(input, position, "parse_date_component")
    parsed = _date_component(input, position)
    if parsed is None:
        return None
    return Date(parsed[0], parsed[1], parsed[2]), parsed[3]


def parse_yearless_date_component(
    input: str, position: int = 0
) -> tuple[YearlessDate, int] | None:
    """The rules to parse a yearless date component, from *position* in *input*.

    Returns the yearless date and the position after it, or ``None``.
    """
    _check_position(input, position, "parse_yearless_date_component")
    parsed = _yearless_date_component(input, position)
    if parsed is None:
        return None
    return YearlessDate(parsed[0], parsed[1]), parsed[2]


def parse_time_component(input: str, position: int = 0) -> tuple[Time, int] | None:
    """The rules to parse a time component, from *position* in *input*.

    Returns the time and the position after it, or ``None`` on failure.
    """
    _check_position(input, position, "parse_time_component")
    parsed = _time_component(input, position)
    if parsed is None:
        return None
    return Time(parsed[0], parsed[1], parsed[2]), parsed[3]


def parse_timezone_offset_component(
    input: str, position: int = 0
) -> tuple[TimezoneOffset, int] | None:
    """The rules to parse a time-zone offset component, from *position*.

    Returns the offset and the position after it, or ``None`` on failure.
    """
    _check_position(input, position, "parse_timezone_offset_component")
    parsed = _timezone_offset_component(input, position)
    if parsed is None:
        return None
    return TimezoneOffset(parsed[0], parsed[1]), parsed[2]


# ---------------------------------------------------------------------------
# 2.3.5.1 Months


def parse_month(input: str) -> Month | None:
    """The rules to parse a month string ("2026-11"); ``None`` on failure.

    >>> parse_month("2026-11")
    Month(year=2026, month=11)
    """
    require_str(input, "parse_month")
    # Steps 1-3.
    parsed = _month_component(input, 0)
    if parsed is None:
        return None
    year, month, position = parsed
    # Step 4.
    if position < len(input):
        return None
    # Step 5.
    return Month(year, month)


def is_valid_month_string(input: str) -> bool:
    """Whether *input* is a valid month string (YYYY-MM, year > 0, four or more digits)."""
    require_str(input, "is_valid_month_string")
    # The parsing rules accept exactly the valid strings.
    return parse_month(input) is not None


# ---------------------------------------------------------------------------
# 2.3.5.2 Dates


def parse_date(input: str) -> Date | None:
    """The rules to parse a date string ("2026-11-21"); ``None`` on failure.

    >>> parse_date("2024-02-29")
    Date(year=2024, month=2, day=29)
    >>> parse_date("2023-02-29") is None
    True
    """
    require_str(input, "parse_date")
    # Steps 1-3.
    parsed = _date_component(input, 0)
    if parsed is None:
        return None
    year, month, day, position = parsed
    # Step 4.
    if position < len(input):
        return None
    # Steps 5-6.
    return Date(year, month, day)


def is_valid_date_string(input: str) -> bool:
    """Whether *input* is a valid date string (YYYY-MM-DD, a day that exists)."""
    require_str(input, "is_valid_date_string")
    # The parsing rules accept exactly the valid strings.
    return parse_date(input) is not None


# ---------------------------------------------------------------------------
# 2.3.5.3 Yearless dates


def parse_yearless_date(input: str) -> YearlessDate | None:
    """The rules to parse a yearless date string ("11-21" or "--11-21").

    February 29th is allowed.  Returns ``None`` on failure.
    """
    require_str(input, "parse_yearless_date")
    # Steps 1-3.
    parsed = _yearless_date_component(input, 0)
    if parsed is None:
        return None
    month, day, position = parsed
    # Step 4.
    if position < len(input):
        return None
    # Step 5.
    return YearlessDate(month, day)


def is_valid_yearless_date_string(input: str) -> bool:
    """Whether *input* is a valid yearless date string ([--]MM-DD)."""
    require_str(input, "is_valid_yearless_date_string")
    # The parsing rules accept exactly the valid strings.
    return parse_yearless_date(input) is not None


# ---------------------------------------------------------------------------
# 2.3.5.4 Times


def parse_time(input: str) -> Time | None:
    """The rules to parse a time string ("10:00", "10:00:05.25"); ``None`` on failure.

    The parser accepts any number of fraction digits (a valid string has one
    to three).

    >>> parse_time("23:59:59.5")
    Time(hour=23, minute=59, second=59.5)
    """
    require_str(input, "parse_time")
    # Steps 1-3.
    parsed = _time_component(input, 0)
    if parsed is None:
        return None
    hour, minute, second, position = parsed
    # Step 4.
    if position < len(input):
        return None
    # Steps 5-6.
    return Time(hour, minute, second)


def _is_valid_time_text(text: str) -> bool:
    """Whether *text* is a valid time string."""
    length = len(text)
    if length < 5 or text[2] != ":" or not text[:5].isascii():
        return False
    if not (text[:2].isdigit() and text[3:5].isdigit()):
        return False
    if int(text[:2]) > 23 or int(text[3:5]) > 59:
        return False
    if length == 5:
        return True
    seconds = text[6:8]
    if length < 8 or text[5] != ":" or not (seconds.isascii() and seconds.isdigit()):
        return False
    if int(seconds) > 59:
        return False
    if length == 8:
        return True
    fraction = text[9:]
    return (
        text[8] == "."
        and 1 <= len(fraction) <= 3
        and fraction.isascii()
        and fraction.isdigit()
    )


def is_valid_time_string(input: str) -> bool:
    """Whether *input* is a valid time string: HH:MM, HH:MM:SS or HH:MM:SS.s{1,3}."""
    require_str(input, "is_valid_time_string")
    return _is_valid_time_text(input)


def _format_year(year: object, func: str) -> str:
    year = _require_int(year, func, "year")
    if year <= 0:
        raise ValueError(f"year {year} is not positive; no valid string represents it")
    return int_to_digits(year).rjust(4, "0")


def _check_range(value: object, low: int, high: int, func: str, name: str) -> int:
    value = _require_int(value, func, name)
    if not low <= value <= high:
        raise ValueError(f"{name} {value} is outside {low}-{high}")
    return value


def _format_date(value: object, func: str) -> str:
    year, month, day = value.year, value.month, value.day  # type: ignore[attr-defined]
    year_text = _format_year(year, func)
    _check_range(month, 1, 12, func, "month")
    _check_range(day, 1, _days_in_month(month, year), func, "day")
    return f"{year_text}-{month:02d}-{day:02d}"


def _format_time(hour: object, minute: object, second: object, func: str) -> str:
    _check_range(hour, 0, 23, func, "hour")
    _check_range(minute, 0, 59, func, "minute")
    if isinstance(second, bool) or not isinstance(second, (int, float)):
        type_error(func, "second", "float", second)
    if not 0 <= second < 60:
        raise ValueError(f"second {second!r} is outside 0 <= second < 60")
    milliseconds = min(round(second * 1000), 59_999)
    if milliseconds == 0:
        return f"{hour:02d}:{minute:02d}"
    whole, fraction = divmod(milliseconds, 1000)
    if fraction == 0:
        return f"{hour:02d}:{minute:02d}:{whole:02d}"
    return f"{hour:02d}:{minute:02d}:{whole:02d}." + f"{fraction:03d}".rstrip("0")


def _require_type(value: object, cls: type, func: str, param: str) -> None:
    if not isinstance(value, cls):
        type_error(func, param, cls.__name__, value)


def serialize_time(value: Time) -> str:
    """A valid time string for *value*, as short as possible.

    "HH:MM" when the second is zero, "HH:MM:SS" when it is whole, else the
    fraction without trailing zeros.  Valid strings carry at most
    milliseconds, so the second is rounded to the nearest millisecond (and
    never up to 60).
    """
    _require_type(value, Time, "serialize_time", "value")
    return _format_time(value.hour, value.minute, value.second, "serialize_time")


# ---------------------------------------------------------------------------
# 2.3.5.5 Local dates and times


def parse_local_datetime(input: str) -> LocalDateTime | None:
    """The rules to parse a local date and time string; ``None`` on failure.

    The date and time are separated by "T" or a single space.

    >>> parse_local_datetime("2026-11-21 10:00")
    LocalDateTime(year=2026, month=11, day=21, hour=10, minute=0, second=0.0)
    """
    require_str(input, "parse_local_datetime")
    end = len(input)
    # Steps 1-3.
    parsed = _date_component(input, 0)
    if parsed is None:
        return None
    year, month, day, position = parsed
    # Step 4.
    if position >= end or input[position] not in ("T", " "):
        return None
    position += 1
    # Step 5.
    parsed_time = _time_component(input, position)
    if parsed_time is None:
        return None
    hour, minute, second, position = parsed_time
    # Step 6.
    if position < end:
        return None
    # Steps 7-9.
    return LocalDateTime(year, month, day, hour, minute, second)


def _date_then_separator(input: str, separators: tuple[str, ...]) -> int | None:
    """Position after a valid date string and one of *separators*, or None."""
    parsed = _date_component(input, 0)
    if parsed is None:
        return None
    position = parsed[3]
    if position >= len(input) or input[position] not in separators:
        return None
    return position + 1


def is_valid_local_datetime_string(input: str) -> bool:
    """Whether *input* is a valid local date and time string.

    A valid date string, "T" or a space, and a valid time string.
    """
    require_str(input, "is_valid_local_datetime_string")
    position = _date_then_separator(input, ("T", " "))
    return position is not None and _is_valid_time_text(input[position:])


def is_valid_normalized_local_datetime_string(input: str) -> bool:
    """Whether *input* is a valid normalized local date and time string.

    A valid date string, "T", and the shortest valid time string for the time
    (no ":00" seconds, no trailing zeros in the fraction).
    """
    require_str(input, "is_valid_normalized_local_datetime_string")
    position = _date_then_separator(input, ("T",))
    if position is None or not _is_valid_time_text(input[position:]):
        return False
    time_text = input[position:]
    if len(time_text) == 8:
        return time_text[6:8] != "00"
    if len(time_text) > 8:
        return not time_text.endswith("0")
    return True


def serialize_local_datetime(value: LocalDateTime) -> str:
    """The valid normalized local date and time string for *value*.

    Date, "T", and the shortest time (see :func:`serialize_time`).
    """
    _require_type(value, LocalDateTime, "serialize_local_datetime", "value")
    func = "serialize_local_datetime"
    return (
        _format_date(value, func)
        + "T"
        + _format_time(value.hour, value.minute, value.second, func)
    )


# ---------------------------------------------------------------------------
# 2.3.5.6 Time zones


def parse_timezone_offset(input: str) -> TimezoneOffset | None:
    """The rules to parse a time-zone offset string; ``None`` on failure.

    Accepts "Z", "+HH:MM", "-HH:MM", "+HHMM" and "-HHMM" (hours 0-23, minutes
    0-59).  Both fields carry the sign: "-05:30" is ``TimezoneOffset(-5, -30)``.
    """
    require_str(input, "parse_timezone_offset")
    # Steps 1-3.
    parsed = _timezone_offset_component(input, 0)
    if parsed is None:
        return None
    hours, minutes, position = parsed
    # Step 4.
    if position < len(input):
        return None
    # Step 5.
    return TimezoneOffset(hours, minutes)


def _timezone_offset_string_end(input: str, position: int) -> bool:
    """Whether input[position:] is a valid time-zone offset string."""
    text = input[position:]
    if text == "Z":
        return True
    if len(text) == 6 and text[3] == ":":
        digits = text[1:3] + text[4:6]
    elif len(text) == 5:
        digits = text[1:5]
    else:
        return False
    if text[0] not in "+-" or not (digits.isascii() and digits.isdigit()):
        return False
    hours, minutes = int(digits[:2]), int(digits[2:])
    if hours > 23 or minutes > 59:
        return False
    # "-" only for a nonzero offset.
    return text[0] == "+" or hours != 0 or minutes != 0


def is_valid_timezone_offset_string(input: str) -> bool:
    """Whether *input* is a valid time-zone offset string.

    "Z", or a sign, two digits of hours (0-23), an optional ":" and two digits
    of minutes (0-59); "-" is not allowed for a zero offset.
    """
    require_str(input, "is_valid_timezone_offset_string")
    return _timezone_offset_string_end(input, 0)


def _check_offset(value: object, func: str) -> TimezoneOffset:
    _require_type(value, TimezoneOffset, func, "offset")
    offset: TimezoneOffset = value  # type: ignore[assignment]
    hours = _check_range(offset.hours, -23, 23, func, "offset hours")
    minutes = _check_range(offset.minutes, -59, 59, func, "offset minutes")
    if (hours > 0 and minutes < 0) or (hours < 0 and minutes > 0):
        raise ValueError(f"offset hours {hours} and minutes {minutes} differ in sign")
    return offset


def _format_offset(offset: TimezoneOffset) -> str:
    total = offset.total_minutes
    if total == 0:
        return "Z"
    hours, minutes = divmod(abs(total), 60)
    return f"{'-' if total < 0 else '+'}{hours:02d}:{minutes:02d}"


def serialize_timezone_offset(value: TimezoneOffset) -> str:
    """A valid time-zone offset string: "Z" for zero, else "+HH:MM" / "-HH:MM".

    Both fields must have the same sign (or be zero) and be in range.
    """
    return _format_offset(_check_offset(value, "serialize_timezone_offset"))


# ---------------------------------------------------------------------------
# 2.3.5.7 Global dates and times


def parse_global_datetime(input: str) -> GlobalDateTime | None:
    """The rules to parse a global date and time string; ``None`` on failure.

    The result holds the moment **in UTC** and the offset as written:

    >>> parse_global_datetime("2026-11-21T10:00+01:00")  # doctest: +NORMALIZE_WHITESPACE
    GlobalDateTime(year=2026, month=11, day=21, hour=9, minute=0, second=0.0,
                   offset=TimezoneOffset(hours=1, minutes=0))
    """
    require_str(input, "parse_global_datetime")
    end = len(input)
    # Steps 1-3.
    parsed = _date_component(input, 0)
    if parsed is None:
        return None
    year, month, day, position = parsed
    # Step 4.
    if position >= end or input[position] not in ("T", " "):
        return None
    position += 1
    # Step 5.
    parsed_time = _time_component(input, position)
    if parsed_time is None:
        return None
    hour, minute, second, position = parsed_time
    # Step 6.
    if position >= end:
        return None
    # Step 7.
    parsed_offset = _timezone_offset_component(input, position)
    if parsed_offset is None:
        return None
    timezone_hours, timezone_minutes, position = parsed_offset
    # Step 8.
    if position < end:
        return None
    # Steps 9-11.
    return _global_datetime(
        year, month, day, hour, minute, second, timezone_hours, timezone_minutes
    )


def _global_datetime(
    year: int,
    month: int,
    day: int,
    hour: int,
    minute: int,
    second: float,
    timezone_hours: int,
    timezone_minutes: int,
) -> GlobalDateTime:
    """The moment in UTC, subtracting the offset, with the offset kept."""
    offset = TimezoneOffset(timezone_hours, timezone_minutes)
    year, month, day, hour, minute = _add_minutes(
        year, month, day, hour, minute, -offset.total_minutes
    )
    return GlobalDateTime(year, month, day, hour, minute, second, offset)


def is_valid_global_datetime_string(input: str) -> bool:
    """Whether *input* is a valid global date and time string.

    A valid date string, "T" or a space, a valid time string and a valid
    time-zone offset string.
    """
    require_str(input, "is_valid_global_datetime_string")
    position = _date_then_separator(input, ("T", " "))
    if position is None:
        return False
    # The time string is 5, 8 or 10-12 characters long; the offset follows.
    for length in (5, 8, 10, 11, 12):
        if _is_valid_time_text(input[position : position + length]) and (
            _timezone_offset_string_end(input, position + length)
        ):
            return True
    return False


def serialize_global_datetime(value: GlobalDateTime, *, keep_offset: bool = False) -> str:
    """A valid global date and time string for *value*.

    By default the valid normalized forced-UTC form: the UTC date, "T", the
    shortest time and "Z" (the offset is dropped, as the standard's
    normalization does).  With ``keep_offset=True`` the wall-clock time in
    the original offset is written, followed by the offset ("Z" if zero), so
    that parsing gives back *value* exactly.  ValueError if the date written
    would fall outside year 1 and above.
    """
    func = "serialize_global_datetime"
    _require_type(value, GlobalDateTime, func, "value")
    offset = _check_offset(value.offset, func)
    if keep_offset:
        local = value.as_written()
        return (
            _format_date(local, func)
            + "T"
            + _format_time(local.hour, local.minute, local.second, func)
            + _format_offset(offset)
        )
    return _format_date(value, func) + "T" + _format_time(
        value.hour, value.minute, value.second, func
    ) + "Z"


# ---------------------------------------------------------------------------
# 2.3.5.8 Weeks


def parse_week(input: str) -> Week | None:
    """The rules to parse a week string ("2026-W47"); ``None`` on failure.

    Week 53 exists only in week-years that have it (see :func:`weeks_in_year`).
    """
    require_str(input, "parse_week")
    end = len(input)
    # Steps 1-2.
    position = 0
    # Step 3.
    position = collect_ascii_digits(input, position)
    if position < 4:
        return None
    year = digits_to_int(input[:position])
    # Step 4.
    if year <= 0:
        return None
    # Step 5.
    if position >= end or input[position] != "-":
        return None
    position += 1
    # Step 6.
    if position >= end or input[position] != "W":
        return None
    position += 1
    # Step 7.
    collected = _two_digits(input, position)
    if collected is None:
        return None
    week, position = collected
    # Step 8.
    maxweek = weeks_in_year(year)
    # Step 9.
    if not 1 <= week <= maxweek:
        return None
    # Step 10.
    if position < end:
        return None
    # Step 11.
    return Week(year, week)


def is_valid_week_string(input: str) -> bool:
    """Whether *input* is a valid week string (YYYY-Www with an existing week)."""
    require_str(input, "is_valid_week_string")
    # The parsing rules accept exactly the valid strings.
    return parse_week(input) is not None


# ---------------------------------------------------------------------------
# Serializers for the other normalized forms


def serialize_month(value: Month) -> str:
    """A valid month string for *value*: the year zero-padded to four digits, "-MM"."""
    func = "serialize_month"
    _require_type(value, Month, func, "value")
    year_text = _format_year(value.year, func)
    month = _check_range(value.month, 1, 12, func, "month")
    return f"{year_text}-{month:02d}"


def serialize_date(value: Date) -> str:
    """A valid date string for *value* ("YYYY-MM-DD"; ValueError if invalid)."""
    _require_type(value, Date, "serialize_date", "value")
    return _format_date(value, "serialize_date")


def serialize_yearless_date(value: YearlessDate) -> str:
    """A valid yearless date string for *value*, in the short form "MM-DD"."""
    func = "serialize_yearless_date"
    _require_type(value, YearlessDate, func, "value")
    month = _check_range(value.month, 1, 12, func, "month")
    day = _check_range(value.day, 1, _days_in_month(month, 2000), func, "day")
    return f"{month:02d}-{day:02d}"


def serialize_week(value: Week) -> str:
    """A valid week string for *value* ("YYYY-Www"; ValueError if the week does not exist)."""
    func = "serialize_week"
    _require_type(value, Week, func, "value")
    year_text = _format_year(value.year, func)
    week = _check_range(value.week, 1, weeks_in_year(value.year), func, "week")
    return f"{year_text}-W{week:02d}"


# ---------------------------------------------------------------------------
# 2.3.5.10 Vaguer moments in time


def is_valid_date_string_with_optional_time(input: str) -> bool:
    """Whether *input* is a valid date string with optional time.

    That is a valid date string or a valid global date and time string.  (The
    copy of the standard in ``shared/spec`` lost the list after "if it is
    also one of the following"; these two are the list in the HTML Standard,
    and they are what :func:`parse_date_or_time` returns a date or a global
    date and time for.)
    """
    require_str(input, "is_valid_date_string_with_optional_time")
    return is_valid_date_string(input) or is_valid_global_datetime_string(input)


def parse_date_or_time(input: str) -> Date | Time | GlobalDateTime | None:
    """The rules to parse a date or time string (e.g. ``<time datetime>``).

    Returns a :class:`Date` ("2026-11-21"), a :class:`Time` ("10:00"), a
    :class:`GlobalDateTime` ("2026-11-21T10:00Z", in UTC as
    :func:`parse_global_datetime` returns it), or ``None``.  A date with a
    time but no offset fails.
    """
    require_str(input, "parse_date_or_time")
    end = len(input)
    # Steps 1-3.
    position = 0
    start_position = position
    # Step 4.
    date_present = True
    time_present = True
    # Step 5.
    parsed_date = _date_component(input, position)
    year = month = day = 0
    if parsed_date is None:
        date_present = False
    else:
        year, month, day, position = parsed_date
    # Step 6.
    if date_present and position < end and input[position] in ("T", " "):
        position += 1
    elif date_present:
        time_present = False
    else:
        position = start_position
    # Step 7.
    hour = minute = 0
    second = 0.0
    if time_present:
        parsed_time = _time_component(input, position)
        if parsed_time is None:
            return None
        hour, minute, second, position = parsed_time
    # Step 8.
    if date_present and time_present and position >= end:
        return None
    # Step 9.
    timezone_hours = timezone_minutes = 0
    if date_present and time_present:
        parsed_offset = _timezone_offset_component(input, position)
        if parsed_offset is None:
            return None
        timezone_hours, timezone_minutes, position = parsed_offset
    # Step 10.
    if position < end:
        return None
    # Step 11.
    if date_present and not time_present:
        return Date(year, month, day)
    if time_present and not date_present:
        return Time(hour, minute, second)
    return _global_datetime(
        year, month, day, hour, minute, second, timezone_hours, timezone_minutes
    )
