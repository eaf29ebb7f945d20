"""The arithmetic of ``tools/microsyntax_diff.py``'s oracle, without a
browser: what the DOM must show for a value is worked out from markup5's
result (days since 1970 for any year, ISO weeks, Chromium's white space for
legacy colors), and a mistake there would hide a difference or invent one.
Python's ``datetime`` checks it where it reaches (years 1 to 9999)."""

from __future__ import annotations

import datetime as dt
import random
from types import ModuleType

import pytest

from markup5 import microsyntax as ms

from dev_tools import import_tool


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return import_tool("microsyntax_diff")


_EPOCH = dt.date(1970, 1, 1)
_DAY_MS = 86_400_000


def _random_dates(n: int) -> list[dt.date]:
    rng = random.Random(7)
    days = [rng.randint(dt.date.min.toordinal(), dt.date.max.toordinal()) for _ in range(n)]
    return [dt.date.fromordinal(d) for d in days] + [dt.date(1, 1, 1), dt.date(9999, 12, 31),
                                                     dt.date(2000, 2, 29), _EPOCH]


def test_days_and_date_numbers_match_datetime(tool: ModuleType) -> None:
    for day in _random_dates(2000):
        ms_value = ms.parse_date(day.isoformat())
        assert ms_value is not None
        assert tool._date_number(ms_value) == (day - _EPOCH).days * _DAY_MS


def test_week_numbers_are_iso_weeks_from_monday(tool: ModuleType) -> None:
    for day in _random_dates(2000):
        year, week, _ = day.isocalendar()
        value = ms.parse_week(f"{year:04d}-W{week:02d}")
        assert value is not None
        monday = dt.date.fromisocalendar(year, week, 1)
        assert tool._week_number(value) == (monday - _EPOCH).days * _DAY_MS


def test_month_and_local_datetime_numbers(tool: ModuleType) -> None:
    assert tool._month_number(ms.parse_month("1970-01")) == 0
    assert tool._month_number(ms.parse_month("1969-12")) == -1
    assert tool._month_number(ms.parse_month("275760-09")) == 3285488
    value = ms.parse_local_datetime("2026-11-24T10:00:30.25")
    expected = dt.datetime(2026, 11, 24, 10, 0, 30, 250000, tzinfo=dt.timezone.utc)
    assert tool._local_number(value) == expected.timestamp() * 1000


def test_the_ecmascript_limit_is_the_last_day_chromium_keeps(tool: ModuleType) -> None:
    beyond = tool._beyond_ecmascript_dates
    assert not beyond("date", "275760-09-13") and beyond("date", "275760-09-14")
    assert not beyond("month", "275760-09") and beyond("month", "275760-10")
    assert not beyond("datetime-local", "275760-09-13T00:00")
    assert beyond("datetime-local", "275760-09-13T00:00:00.001")
    assert not beyond("date", "not a date") and not beyond("time", "10:00")


@pytest.mark.parametrize(("value", "stripped"), [
    ("\vred", True),             # U+000B: Chromium's white space, not ASCII white space
    ("\u3000red\u2028", True),   # bidirectional class WS
    ("\u00a0red", False),        # U+00A0 is class CS: neither strips it
    (" red\t", False),           # ASCII white space: both strip it
    ("re\vd", False),            # only the ends are stripped
])
def test_chromium_white_space_for_legacy_colors(tool: ModuleType, value: str,
                                                stripped: bool) -> None:
    gives = tool._legacy_color_strips_more("legacy-color", value)
    if stripped:
        assert gives == "rgb(255, 0, 0)"
    else:
        assert gives is tool.NOT_APPLICABLE
    assert tool._legacy_color_strips_more("integer", value) is tool.NOT_APPLICABLE


def test_number_input_dot_before_exponent(tool: ModuleType) -> None:
    gives = tool._float_dot_before_exponent
    assert gives("valid-float", "3.E5") == ["3.E5", 300000.0]
    assert gives("valid-float", "-7.e-1") == ["-7.e-1", -0.7]
    assert gives("valid-float", "1.e400") == ["", None]
    for value in ("3.", "3.5E5", ".E5", "3.E"):
        assert gives("valid-float", value) is tool.NOT_APPLICABLE


def test_a_deviation_explains_only_a_matching_result(tool: ModuleType) -> None:
    name = "legacy colors stripped of U+000B and Unicode white space"
    assert tool.explain("legacy-color", "\vred", "rgb(255, 0, 0)") == name
    assert tool.explain("date", "275760-09-14", ["", None]) is not None
    assert tool.explain("date", "275760-09-14", ["275760-09-14", None]) is None
    assert tool.explain("legacy-color", "\vred", "rgb(0, 0, 255)") is None
    assert tool.explain("legacy-color", "red", "rgb(0, 0, 255)") is None


def test_values_are_reproducible_and_cover_every_probe(tool: ModuleType) -> None:
    for probe in tool.PROBES:
        first = tool.values(probe, 50, random.Random(3))
        assert first == tool.values(probe, 50, random.Random(3))
        assert len(first) == 50 and all(isinstance(v, str) for v in first)
        for value in first:  # markup5's side never raises
            tool._EXPECT[probe](value)
