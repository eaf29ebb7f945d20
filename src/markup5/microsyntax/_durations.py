"""Durations (HTML Standard §2.3.5.9).

A duration is a number of seconds; the result type is ``datetime.timedelta``.
The parser sums the components in exact decimal arithmetic (digit strings of
any length), then rounds once to the microsecond, ties to even.  A duration
too large for ``timedelta`` (over 999,999,999 days) is returned as ``None``,
like the algorithm's failures.  Valid duration strings carry at most
milliseconds; :func:`serialize_duration` rounds to them.
"""

from __future__ import annotations

import datetime as _dt
import decimal

from ._common import (
    ASCII_WHITESPACE,
    collect_ascii_digits,
    is_ascii_digit,
    require_str,
    skip_ascii_whitespace,
    type_error,
)

__all__ = [
    "is_valid_duration_string",
    "parse_duration",
    "serialize_duration",
]


# Exact decimal arithmetic for the accumulated months and seconds: digit
# strings of any length are read and summed without rounding.
_EXACT = decimal.Context(
    prec=decimal.MAX_PREC,
    Emax=decimal.MAX_EMAX,
    Emin=decimal.MIN_EMIN,
    rounding=decimal.ROUND_HALF_EVEN,
    traps=[],
)
_MAX_MICROSECONDS = _dt.timedelta.max // _dt.timedelta(microseconds=1)
_MAX_SECONDS = _MAX_MICROSECONDS // 1_000_000 + 1  # (more fails, whatever the fraction)
_ZERO = decimal.Decimal(0)

_YEARS, _MONTHS, _WEEKS, _DAYS, _HOURS, _MINUTES, _SECONDS = (
    "years", "months", "weeks", "days", "hours", "minutes", "seconds",
)


def parse_duration(input: str) -> _dt.timedelta | None:
    """The rules to parse a duration string; ``None`` on failure.

    Accepts the ISO 8601 form ("PT4H18M3S", "P2D") and the component form
    ("4h 18m 3s", "1w2d").  Years and months are parsed but make the
    algorithm fail unless they total zero.  The result is rounded to the
    microsecond (ties to even); a duration beyond ``timedelta``'s range is
    returned as ``None`` too.

    >>> parse_duration("PT4H18M3S")
    datetime.timedelta(seconds=15483)
    >>> parse_duration("1w 2d")
    datetime.timedelta(days=9)
    """
    require_str(input, "parse_duration")
    end = len(input)
    # Steps 1-2.
    position = 0
    # Step 3.
    months = _ZERO
    seconds = _ZERO
    # The fractions of seconds, summed at the end from the shortest up: a
    # fraction of N digits made every later component's addition cost N,
    # quadratic over N/4 one-character components.  (The whole parts are
    # summed as they come: past the timedelta range, or with any months,
    # the result is failure whatever follows, so the sum stops there.)
    fractions: list[str] = []
    component_count = 0
    # Step 4.
    m_disambiguator = _MINUTES
    # Step 5.
    position = skip_ascii_whitespace(input, position)
    # Step 6.
    if position >= end:
        return None
    # Step 7.
    if input[position] == "P":
        position += 1
        m_disambiguator = _MONTHS
        position = skip_ascii_whitespace(input, position)
    # Step 8.
    with decimal.localcontext(_EXACT):
        while True:
            # 8.1-8.2.
            units = None
            # 8.3.
            if position >= end:
                break
            # 8.4.
            if input[position] == "T":
                position += 1
                m_disambiguator = _MINUTES
                position = skip_ascii_whitespace(input, position)
                continue
            # 8.5.
            next_character = input[position]
            # 8.6.
            if next_character == ".":
                n = _ZERO
            elif is_ascii_digit(next_character):
                start = position
                position = collect_ascii_digits(input, position)
                n = decimal.Decimal(input[start:position])
            else:
                return None
            # 8.7.
            if position >= end:
                return None
            # 8.8.
            next_character = input[position]
            position += 1
            # 8.9.
            if next_character == ".":
                # 8.9.1-8.9.5.
                start = position
                position = collect_ascii_digits(input, position)
                s = input[start:position]
                if not s:
                    return None
                fractions.append(s)  # (n + 0.s: the fraction is added at step 11)
                # 8.9.6-8.9.9.
                position = skip_ascii_whitespace(input, position)
                if position >= end:
                    return None
                next_character = input[position]
                position += 1
                if next_character not in ("S", "s"):
                    return None
                # 8.9.10.
                units = _SECONDS
            else:
                # 8.9 "Otherwise", substep 1.
                if next_character in ASCII_WHITESPACE:
                    position = skip_ascii_whitespace(input, position)
                    if position >= end:
                        return None  # no unit character: none of the below
                    next_character = input[position]
                    position += 1
                # Substep 2.
                if next_character in ("Y", "y"):
                    units = _YEARS
                    m_disambiguator = _MONTHS
                elif next_character in ("M", "m") and m_disambiguator == _MONTHS:
                    units = _MONTHS
                elif next_character in ("W", "w"):
                    units = _WEEKS
                    m_disambiguator = _MINUTES
                elif next_character in ("D", "d"):
                    units = _DAYS
                    m_disambiguator = _MINUTES
                elif next_character in ("H", "h"):
                    units = _HOURS
                    m_disambiguator = _MINUTES
                elif next_character in ("M", "m"):  # M-disambiguator is minutes
                    units = _MINUTES
                elif next_character in ("S", "s"):
                    units = _SECONDS
                    m_disambiguator = _MINUTES
                else:
                    return None
            # 8.10.
            component_count += 1
            # 8.11.
            multiplier = 1
            # 8.12.
            if units == _YEARS:
                multiplier *= 12
                units = _MONTHS
            # 8.13.
            if units == _MONTHS:
                months += n * multiplier
                if months:
                    return None  # (step 10: months never total zero again)
            else:
                if units == _WEEKS:
                    multiplier *= 7
                    units = _DAYS
                if units == _DAYS:
                    multiplier *= 24
                    units = _HOURS
                if units == _HOURS:
                    multiplier *= 60
                    units = _MINUTES
                if units == _MINUTES:
                    multiplier *= 60
                    units = _SECONDS
                seconds += n * multiplier
                if seconds > _MAX_SECONDS:
                    return None  # (step 11: beyond timedelta's range, and it only grows)
            # 8.14.
            position = skip_ascii_whitespace(input, position)
        # Step 9.
        if component_count == 0:
            return None
        # Step 10.
        if months != 0:
            return None
        # Step 11 (as a timedelta: microseconds, ties to even).
        for s in sorted(fractions, key=len):
            seconds += decimal.Decimal("0." + s)
        if seconds > _MAX_SECONDS:
            return None
        microseconds = int(seconds.scaleb(6).to_integral_value())
    if microseconds > _MAX_MICROSECONDS:
        return None
    return _dt.timedelta(microseconds=microseconds)


_DURATION_SCALES = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}


def _iso_duration_is_valid(input: str) -> bool:
    """The "P..." form of a valid duration string."""
    end = len(input)
    position = 1  # after "P"
    components = 0

    def unit_after_digits(position: int, unit: str) -> int | None:
        digits_end = collect_ascii_digits(input, position)
        if digits_end > position and digits_end < end and input[digits_end] == unit:
            return digits_end + 1
        return None

    # 1. Days.
    after = unit_after_digits(position, "D")
    if after is not None:
        position = after
        components += 1
    # 2. "T" and one or more of hours, minutes, seconds.
    if position < end and input[position] == "T":
        position += 1
        time_components = 0
        for unit in ("H", "M"):
            after = unit_after_digits(position, unit)
            if after is not None:
                position = after
                time_components += 1
        digits_end = collect_ascii_digits(input, position)
        if digits_end > position:
            seconds_end = digits_end
            if seconds_end < end and input[seconds_end] == ".":
                fraction_end = collect_ascii_digits(input, seconds_end + 1)
                if not 1 <= fraction_end - seconds_end - 1 <= 3:
                    return False
                seconds_end = fraction_end
            if seconds_end < end and input[seconds_end] == "S":
                position = seconds_end + 1
                time_components += 1
        if time_components == 0:
            return False
        components += time_components
    return components > 0 and position == end


def _component_duration_is_valid(input: str) -> bool:
    """The duration-time-component form of a valid duration string."""
    end = len(input)
    position = 0
    seen: set[int] = set()
    while True:
        # 1. Zero or more ASCII whitespace.
        position = skip_ascii_whitespace(input, position)
        if position >= end:
            break
        # 2. One or more digits.
        digits_end = collect_ascii_digits(input, position)
        if digits_end == position:
            return False
        position = digits_end
        # 3. An optional fraction (seconds only, checked below).
        has_fraction = False
        if position < end and input[position] == ".":
            fraction_end = collect_ascii_digits(input, position + 1)
            if not 1 <= fraction_end - position - 1 <= 3:
                return False
            position = fraction_end
            has_fraction = True
        # 4. Zero or more ASCII whitespace.
        position = skip_ascii_whitespace(input, position)
        # 5. The unit.
        if position >= end:
            return False
        scale = _DURATION_SCALES.get(input[position].lower() if input[position].isascii() else "")
        if scale is None or scale in seen or (has_fraction and scale != 1):
            return False
        seen.add(scale)
        position += 1
        # 6. Zero or more ASCII whitespace: the next round's step 1.
    return bool(seen)


def is_valid_duration_string(input: str) -> bool:
    """Whether *input* is a valid duration string.

    Either the ISO 8601 form — "P", then days ("nD"), then "T" with hours
    ("nH"), minutes ("nM") and seconds ("n[.fff]S"), at least one component
    — or one or more duration time components ("n[.fff] <unit>" with units
    w, d, h, m, s in either case, each at most once, any order, optional
    whitespace around).
    """
    require_str(input, "is_valid_duration_string")
    if input.startswith("P"):
        return _iso_duration_is_valid(input)
    return _component_duration_is_valid(input)


def serialize_duration(value: _dt.timedelta) -> str:
    """A valid duration string for *value*, in the ISO 8601 form.

    E.g. ``"P1DT2H3M4.5S"``; zero is ``"PT0S"``.  Valid strings carry at
    most milliseconds, so the duration is rounded to the nearest millisecond
    (ties to even).  Negative durations have no representation (ValueError).
    """
    if not isinstance(value, _dt.timedelta):
        type_error("serialize_duration", "value", "datetime.timedelta", value)
    if value < _dt.timedelta(0):
        raise ValueError("a duration string cannot represent a negative duration")
    total_microseconds = value // _dt.timedelta(microseconds=1)
    milliseconds, remainder = divmod(total_microseconds, 1000)
    if remainder > 500 or (remainder == 500 and milliseconds % 2):
        milliseconds += 1
    days, milliseconds = divmod(milliseconds, 86_400_000)
    hours, milliseconds = divmod(milliseconds, 3_600_000)
    minutes, milliseconds = divmod(milliseconds, 60_000)
    seconds, milliseconds = divmod(milliseconds, 1000)
    result = "P"
    if days:
        result += f"{days}D"
    time_part = ""
    if hours:
        time_part += f"{hours}H"
    if minutes:
        time_part += f"{minutes}M"
    if seconds or milliseconds:
        time_part += f"{seconds}"
        if milliseconds:
            time_part += "." + f"{milliseconds:03d}".rstrip("0")
        time_part += "S"
    if time_part:
        result += "T" + time_part
    if result == "P":
        result = "PT0S"
    return result
