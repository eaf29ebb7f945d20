"""Durations (HTML Standard §2.3.5.9): expected values derived by hand."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from markup5.microsyntax import is_valid_duration_string, parse_duration, serialize_duration

S = dt.timedelta(seconds=1)
MS = dt.timedelta(milliseconds=1)
US = dt.timedelta(microseconds=1)


@pytest.mark.parametrize(
    ("text", "expected", "valid"),
    [
        # The ISO 8601 form.
        ("PT4H18M3S", (4 * 3600 + 18 * 60 + 3) * S, True),
        ("P2D", 2 * 86400 * S, True),
        ("P2DT1S", (2 * 86400 + 1) * S, True),
        ("P1DT2H", 26 * 3600 * S, True),
        ("PT1M", 60 * S, True),  # "T" makes "M" minutes
        ("PT1.5S", 1500 * MS, True),
        ("PT0.001S", MS, True),
        ("PT0S", 0 * S, True),
        ("P1DT1H1M1.5S", (86400 + 3600 + 60) * S + 1500 * MS, True),
        ("PT36H", 36 * 3600 * S, True),
        # Accepted by the parser, but not valid duration strings.
        ("P1W", 7 * 86400 * S, False),  # weeks are not in the ISO form here
        ("P0Y", 0 * S, False),  # years and months are parsed; zero is fine
        ("P0Y0M1D", 86400 * S, False),
        ("P1D5M", (86400 + 300) * S, False),  # "D" switches "M" to minutes
        ("PT4H18M3S ", (4 * 3600 + 18 * 60 + 3) * S, False),
        (" PT1S", S, False),
        ("P T1H", 3600 * S, False),
        ("PT1S1M", 61 * S, False),  # order
        ("PT1.1234S", dt.timedelta(seconds=1, microseconds=123400), False),
        # The duration-time-component form.
        ("4h 18m 3s", (4 * 3600 + 18 * 60 + 3) * S, True),
        ("4h18m3s", (4 * 3600 + 18 * 60 + 3) * S, True),
        ("3s 18m 4h", (4 * 3600 + 18 * 60 + 3) * S, True),  # any order
        ("1w", 7 * 86400 * S, True),
        ("1W 1D", 8 * 86400 * S, True),
        ("5m", 300 * S, True),  # M-disambiguator starts as minutes
        ("5M", 300 * S, True),
        (" 1w ", 7 * 86400 * S, True),
        ("3 s", 3 * S, True),  # whitespace before the unit
        ("\t1h\n\f2m\r", 3720 * S, True),
        ("1.5s", 1500 * MS, True),
        ("1.5 s", 1500 * MS, True),
        ("1.25S", 1250 * MS, True),
        ("0.001s", MS, True),
        (".5s", 500 * MS, False),  # step 8.6: N = 0, then the fraction
        ("1d1d", 2 * 86400 * S, False),  # the same scale twice
        ("1.5555s", dt.timedelta(seconds=1, microseconds=555500), False),
        ("0y 1d 5m", (86400 + 300) * S, False),  # "d" switches back to minutes
    ],
)
def test_parse_duration(text: str, expected: dt.timedelta, valid: bool) -> None:
    assert parse_duration(text) == expected
    assert is_valid_duration_string(text) is valid


@pytest.mark.parametrize(
    "text",
    [
        "",  # step 6
        "   ",
        "P",  # step 9: no components
        "PT",
        "P ",
        "P1Y",  # step 10: months are not allowed
        "P1M",  # after "P", "M" is months
        "P5M",
        "P1Y0M",
        "0y 5m",  # "y" switches "M" to months: five months
        "1y",
        "1",  # step 8.7: no unit
        "1 ",  # no unit after the whitespace
        "1x",
        "h",  # step 8.6: not a number
        "1h x",
        "1.5m",  # a fraction is for seconds only
        "1.5",
        "1.",  # 8.9.2: no fraction digits
        "1.s",
        "1 .5s",  # the "." must follow the digits
        "1.5 ",  # 8.9.7
        "-1s",
        "+1s",
        "pt1s",  # lowercase "p" is not the designator
        "1\u00a0s",  # NBSP is not ASCII whitespace
        "\u0661s",
    ],
)
def test_parse_duration_failure(text: str) -> None:
    assert parse_duration(text) is None
    assert not is_valid_duration_string(text)


@pytest.mark.parametrize(
    "text",
    ["P", "PT", "P1DT", "PT1.S", "PT1.5H", "PT1.1234S", "1h 1h", "1m 2M", "P1H", "PT1H ",
     "PT1S1H", "1.5 m", "1h,2m", "P1D T1H"],
)
def test_invalid_duration_strings(text: str) -> None:
    assert not is_valid_duration_string(text)


def test_duration_rounding_and_exact_sums() -> None:
    # Half a microsecond ties to even; the two halves below sum exactly to one.
    assert parse_duration("0.0000005s") == 0 * US
    assert parse_duration("0.0000015s") == 2 * US
    assert parse_duration("0.0000025s") == 2 * US
    assert parse_duration("0.0000005s 0.0000005s") == US
    assert parse_duration("0.00000050000000000000000001s") == US


def test_duration_range() -> None:
    largest = "P999999999DT86399.999999S"
    assert parse_duration(largest) == dt.timedelta.max
    assert parse_duration("P999999999DT86400S") is None  # beyond timedelta
    assert parse_duration("P" + "9" * 30 + "D") is None
    assert parse_duration("P" + "9" * 100_000 + "D") is None
    assert parse_duration("PT" + "0" * 100_000 + "1S") == S
    assert parse_duration("PT0." + "0" * 100_000 + "1S") == 0 * S


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (dt.timedelta(0), "PT0S"),
        (dt.timedelta(hours=4, minutes=18, seconds=3), "PT4H18M3S"),
        (dt.timedelta(days=2), "P2D"),
        (dt.timedelta(days=1, milliseconds=1), "P1DT0.001S"),
        (dt.timedelta(seconds=1.5), "PT1.5S"),
        (dt.timedelta(minutes=90), "PT1H30M"),
        (dt.timedelta(seconds=1, microseconds=500), "PT1S"),  # tie to even: 1000 ms
        (dt.timedelta(seconds=1, microseconds=1500), "PT1.002S"),  # tie to even: 1002 ms
        (dt.timedelta(seconds=1, microseconds=1501), "PT1.002S"),
        (dt.timedelta(days=7, hours=1), "P7DT1H"),
    ],
)
def test_serialize_duration(value: dt.timedelta, expected: str) -> None:
    assert serialize_duration(value) == expected


def test_serialize_duration_rejects_negative_and_non_timedelta() -> None:
    with pytest.raises(ValueError, match="negative"):
        serialize_duration(dt.timedelta(seconds=-1))
    with pytest.raises(TypeError, match="value"):
        serialize_duration(5)  # type: ignore[arg-type]


@given(st.integers(0, 999_999_999 * 86_400_000))
def test_duration_round_trip(milliseconds: int) -> None:
    value = dt.timedelta(milliseconds=milliseconds)
    text = serialize_duration(value)
    assert is_valid_duration_string(text)
    assert parse_duration(text) == value


@st.composite
def iso_durations(draw: st.DrawFn) -> tuple[str, dt.timedelta]:
    number = st.integers(0, 10**6)
    days = draw(st.none() | number)
    hours = draw(st.none() | number)
    minutes = draw(st.none() | number)
    seconds = draw(st.none() | number)
    fraction = draw(st.none() | st.text(alphabet="0123456789", min_size=1, max_size=3))
    text = "P"
    total = dt.timedelta(0)
    if days is not None:
        text += f"{days}D"
        total += dt.timedelta(days=days)
    time_text = ""
    if hours is not None:
        time_text += f"{hours}H"
        total += dt.timedelta(hours=hours)
    if minutes is not None:
        time_text += f"{minutes}M"
        total += dt.timedelta(minutes=minutes)
    if seconds is not None:
        time_text += f"{seconds}"
        total += dt.timedelta(seconds=seconds)
        if fraction is not None:
            time_text += "." + fraction
            total += dt.timedelta(milliseconds=int(fraction.ljust(3, "0")))
        time_text += "S"
    if time_text:
        text += "T" + time_text
    if text == "P":
        text = "PT0S"
    return text, total


@given(iso_durations())
def test_valid_iso_durations_parse_to_their_value(case: tuple[str, dt.timedelta]) -> None:
    text, expected = case
    assert is_valid_duration_string(text)
    assert parse_duration(text) == expected


@st.composite
def component_durations(draw: st.DrawFn) -> tuple[str, dt.timedelta]:
    scales = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}
    units = draw(st.lists(st.sampled_from(list(scales)), min_size=1, max_size=5, unique=True))
    whitespace = st.text(alphabet="\t\n\f\r ", max_size=2)
    text = ""
    total = dt.timedelta(0)
    for unit in units:
        count = draw(st.integers(0, 10**4))
        number = str(count)
        total += dt.timedelta(seconds=count * scales[unit])
        if unit == "s" and draw(st.booleans()):
            fraction = draw(st.text(alphabet="0123456789", min_size=1, max_size=3))
            number += "." + fraction
            total += dt.timedelta(milliseconds=int(fraction.ljust(3, "0")))
        letter = draw(st.sampled_from([unit, unit.upper()]))
        text += draw(whitespace) + number + draw(whitespace) + letter + draw(whitespace)
    return text, total


@given(component_durations())
def test_valid_component_durations_parse_to_their_value(
    case: tuple[str, dt.timedelta],
) -> None:
    text, expected = case
    assert is_valid_duration_string(text)
    assert parse_duration(text) == expected


@given(st.text(alphabet="0123456789.PTYMWDHSymwdhs \t", max_size=20))
def test_valid_duration_strings_parse(text: str) -> None:
    if is_valid_duration_string(text):
        assert parse_duration(text) is not None


# An independent statement of the duration grammar (test oracle only).
ISO_RE = re.compile(r"P(?:[0-9]+D)?(?:T(?:[0-9]+H)?(?:[0-9]+M)?(?:[0-9]+(?:\.[0-9]{1,3})?S)?)?")
COMPONENT_RE = re.compile(
    r"[\t\n\f\r ]*([0-9]+)(\.[0-9]{1,3})?[\t\n\f\r ]*([wWdDhHmMsS])[\t\n\f\r ]*"
)


def _oracle_is_valid(text: str) -> bool:
    if text.startswith("P"):
        # At least one component, and "T" only with at least one after it.
        return bool(ISO_RE.fullmatch(text)) and text != "P" and not text.endswith("T")
    position, scales = 0, []
    while position < len(text):
        match = COMPONENT_RE.match(text, position)
        if not match or match.end() == position:
            return False
        if match.group(2) and match.group(3) not in "sS":
            return False
        scales.append(match.group(3).lower())
        position = match.end()
    return bool(scales) and len(set(scales)) == len(scales)


@given(st.text(alphabet="0123456789.PTDHMSWdhmsw \t", max_size=16))
def test_duration_validity_matches_the_grammar(text: str) -> None:
    assert is_valid_duration_string(text) is _oracle_is_valid(text)


def test_fractions_are_summed_exactly_in_any_number():
    # The fractions of seconds are summed at the end, shortest first (a
    # fraction of N digits made every later component cost N: quadratic):
    # the sum is still exact, so ties round to even as before.
    assert parse_duration("0.0000005s 0.0000000s") == dt.timedelta(0)
    assert parse_duration("0.0000005000000000000000001s") == dt.timedelta(microseconds=1)
    assert parse_duration("0.00000025s 0.00000025s 0.0000010s") == \
        dt.timedelta(microseconds=2)
    n = 20_000
    assert parse_duration("0." + "1" * n + "s" + "1s" * n) == \
        dt.timedelta(seconds=n, microseconds=111111)
    # Past timedelta's range, or with months, it fails whatever follows.
    assert parse_duration("9" * n + "s" + "1s" * n) is None
    assert parse_duration("P1M" + "1D" * n) is None
