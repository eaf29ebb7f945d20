#!/usr/bin/env python3
"""Differential testing of :mod:`markup5.microsyntax` against a real browser.

Each *probe* is a place where Chromium exposes one of the standard's
microsyntax algorithms through the DOM, paired with what markup5's function
says the DOM must then show:

========================  =====================================  ==============================
probe                     Chromium                               markup5
========================  =====================================  ==============================
``integer``               ``ol.start`` (a reflected ``long``)    ``parse_integer``
``non-negative-integer``  ``input.maxLength`` (reflected,        ``parse_non_negative_integer``
                          limited to non-negative numbers)
``float``                 ``meter.min`` (a reflected double)     ``parse_float``
``dimension``             the used width of an ``hr`` whose      ``parse_dimension``
                          ``width`` attribute is the value
``legacy-color``          the computed color of a ``font``       ``parse_legacy_color``
                          whose ``color`` attribute is the value
``space-tokens``          ``classList`` of the ``class`` value   ``split_space_tokens``
                          (an ordered set: duplicates dropped)
``enumerated``            ``form.method`` (keywords, with        ``enumerated_attribute_state``
                          missing and invalid value defaults)
``enumerated-empty-       ``img.crossOrigin`` (the empty string  ``enumerated_attribute_state``
keyword``                 is a keyword; no missing default)
``valid-float``           ``input type=number``: ``value``      ``is_valid_float`` and
                          after sanitization, ``valueAsNumber``  ``parse_float``
``date``, ``month``,      ``input.value`` after value            ``is_valid_*_string`` and
``week``, ``time``,       sanitization, and ``valueAsNumber``    ``parse_*`` (``datetime-local``
``datetime-local``                                               normalizes, as the input does)
========================  =====================================  ==============================

Values are drawn at random for each probe: mutations of valid strings and
strings over the characters that matter to the syntax (digits, signs,
separators, ASCII and other white space).  Every disagreement is printed
unless it comes from a *known deviation*: a documented limit of Chromium
(``docs/browser-differences.md``, "Microsyntaxes"), which is counted by
name instead.

A development tool, not part of the test suite; it needs a Chromium binary
(``apt-get install chromium``, or ``--chromium`` / ``$CHROMIUM``)::

    python tools/microsyntax_diff.py --count 5000 --seed 1
    python tools/microsyntax_diff.py --probe legacy-color --value chucknorris

Exit status: 0 when every disagreement is explained, 1 otherwise.
"""

from __future__ import annotations

import json
import math
import random
import re
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_diff import (  # noqa: E402
    Chromium, check_random_run, find_chromium, random_run_parser)

from markup5 import microsyntax as ms  # noqa: E402

# ---------------------------------------------------------------------------
# The probes
# ---------------------------------------------------------------------------

#: The page: the values travel as JSON; each probe's JavaScript maps a value
#: to a JSON-able result; the results come back through ``--dump-dom``.
_PAGE = """<!DOCTYPE html><meta charset=utf-8>
<div style="width:10000px;color:rgb(1, 2, 3)"><hr id=hr style="margin:0;border:0;padding:0">
<font id=font>x</font></div><pre id=out></pre>
<script type="application/json" id=in>{payload}</script>
<script>
const PROBES = {{{probes}}};
const data = JSON.parse(document.getElementById("in").textContent);
const out = {{}};
for (const [name, values] of Object.entries(data)) {{
  out[name] = values.map(v => {{
    try {{ return PROBES[name](v); }} catch (e) {{ return "!error " + e; }}
  }});
}}
document.getElementById("out").textContent = "@@BEGIN@@" + JSON.stringify(out) + "@@END@@";
</script>
"""

#: The date and time input types probed.
_DATE_INPUTS = ("date", "month", "week", "time", "datetime-local")

#: Where the value sanitization of an input type runs, and what it gives.
_INPUT_JS = ("v => {{ const e = document.createElement('input'); e.type = '{type}'; "
             "e.value = v; const n = e.valueAsNumber; "
             "return [e.value, Number.isNaN(n) ? null : n]; }}")

#: A JavaScript -0 is returned as the string "-0" (JSON has no -0).
_JS_PROBES = {
    "integer": "v => { const e = document.createElement('ol'); e.setAttribute('start', v); "
               "return e.start; }",
    "non-negative-integer": "v => { const e = document.createElement('input'); "
                            "e.setAttribute('maxlength', v); return e.maxLength; }",
    "float": "v => { const e = document.createElement('meter'); e.setAttribute('min', v); "
             "const x = e.min; return Object.is(x, -0) ? '-0' : x; }",
    "dimension": "v => { const e = document.getElementById('hr'); e.setAttribute('width', v); "
                 "return getComputedStyle(e).width; }",
    "legacy-color": "v => { const e = document.getElementById('font'); "
                    "e.setAttribute('color', v); return getComputedStyle(e).color; }",
    "space-tokens": "v => { const e = document.createElement('div'); "
                    "e.setAttribute('class', v); return Array.from(e.classList); }",
    "enumerated": "v => { const e = document.createElement('form'); "
                  "e.setAttribute('method', v); return e.method; }",
    "enumerated-empty-keyword": "v => { const e = document.createElement('img'); "
                                "e.setAttribute('crossorigin', v); return e.crossOrigin; }",
    "valid-float": _INPUT_JS.format(type="number"),
    **{kind: _INPUT_JS.format(type=kind) for kind in _DATE_INPUTS},
}

#: The probes whose result is an input's [value, valueAsNumber].
_INPUTS = frozenset({"valid-float", *_DATE_INPUTS})

_SPACES = " \t\n\f\r"  # ASCII white space
_INT32 = range(-2 ** 31, 2 ** 31)
_CONTAINER_WIDTH = 10000  # px, the hr's containing block (its width when auto)
_FALLBACK_COLOR = "rgb(1, 2, 3)"  # the font's inherited color
_MS_PER_DAY = 86_400_000


def _days_from_civil(year: int, month: int, day: int) -> int:
    """Days from 1970-01-01 to a proleptic Gregorian date (any year)."""
    year -= month <= 2
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _expect_integer(value: str) -> object:
    n = ms.parse_integer(value)
    return n if n is not None and n in _INT32 else 1


def _expect_non_negative_integer(value: str) -> object:
    n = ms.parse_non_negative_integer(value)
    return n if n is not None and n in _INT32 else -1


def _expect_float(value: str) -> object:
    x = ms.parse_float(value)
    if x is None or not math.isfinite(x):
        return 0
    return "-0" if x == 0 and math.copysign(1, x) < 0 else x


def _expect_dimension(value: str) -> object:
    d = ms.parse_dimension(value)
    if d is None:
        return float(_CONTAINER_WIDTH)
    return d.value * _CONTAINER_WIDTH / 100 if d.unit == "percentage" else d.value


def _expect_legacy_color(value: str) -> object:
    c = ms.parse_legacy_color(value)
    return _FALLBACK_COLOR if c is None else f"rgb({c.red}, {c.green}, {c.blue})"


def _expect_space_tokens(value: str) -> object:
    return list(dict.fromkeys(ms.split_space_tokens(value)))


def _expect_enumerated(value: str) -> object:
    # form's method: get, post, dialog; GET both when missing and invalid.
    return ms.enumerated_attribute_state(value, {k: k for k in ("get", "post", "dialog")},
                                         missing_default="get", invalid_default="get")


def _expect_enumerated_empty_keyword(value: str) -> object:
    # CORS settings: "" is a keyword for Anonymous; no missing value default.
    return ms.enumerated_attribute_state(
        value, {"anonymous": "anonymous", "": "anonymous", "use-credentials": "use-credentials"},
        invalid_default="anonymous")


def _expect_valid_float(value: str) -> object:
    # input type=number: a valid floating-point number stays, and its
    # number is the parse (a value too large to be finite has none).
    if not ms.is_valid_float(value):
        return ["", None]
    x = ms.parse_float(value)
    return [value, x if x is not None and math.isfinite(x) else None]


def _time_ms(t: ms.Time) -> float:
    return (t.hour * 60 + t.minute) * 60_000 + t.second * 1000


def _expect_input(valid: Callable[[str], bool], parse: Callable[[str], object],
                  number: Callable[[object], float], normalize: Callable[[object], str] | None
                  ) -> Callable[[str], object]:
    def expect(value: str) -> object:
        if not valid(value):
            return ["", None]
        parsed = parse(value)
        return [value if normalize is None else normalize(parsed), number(parsed)]
    return expect


def _date_number(d: object) -> float:
    assert isinstance(d, ms.Date)
    return _days_from_civil(d.year, d.month, d.day) * _MS_PER_DAY


def _month_number(m: object) -> float:
    assert isinstance(m, ms.Month)
    return (m.year - 1970) * 12 + m.month - 1


def _week_number(w: object) -> float:
    assert isinstance(w, ms.Week)
    # Week 1 is the week with the year's first Thursday; weeks start on Monday.
    jan4 = _days_from_civil(w.year, 1, 4)
    monday = jan4 - (jan4 + 3) % 7  # 1970-01-01 was a Thursday
    return (monday + 7 * (w.week - 1)) * _MS_PER_DAY


def _local_number(d: object) -> float:
    assert isinstance(d, ms.LocalDateTime)
    days = _days_from_civil(d.year, d.month, d.day)
    return days * _MS_PER_DAY + _time_ms(ms.Time(d.hour, d.minute, d.second))


def _local_normalized(d: object) -> str:
    assert isinstance(d, ms.LocalDateTime)
    return ms.serialize_local_datetime(d)


_EXPECT: dict[str, Callable[[str], object]] = {
    "integer": _expect_integer,
    "non-negative-integer": _expect_non_negative_integer,
    "float": _expect_float,
    "dimension": _expect_dimension,
    "legacy-color": _expect_legacy_color,
    "space-tokens": _expect_space_tokens,
    "enumerated": _expect_enumerated,
    "enumerated-empty-keyword": _expect_enumerated_empty_keyword,
    "valid-float": _expect_valid_float,
    "date": _expect_input(ms.is_valid_date_string, ms.parse_date, _date_number, None),
    "month": _expect_input(ms.is_valid_month_string, ms.parse_month, _month_number, None),
    "week": _expect_input(ms.is_valid_week_string, ms.parse_week, _week_number, None),
    "time": _expect_input(ms.is_valid_time_string, ms.parse_time,
                          lambda t: _time_ms(t) if isinstance(t, ms.Time) else math.nan, None),
    "datetime-local": _expect_input(ms.is_valid_local_datetime_string, ms.parse_local_datetime,
                                    _local_number, _local_normalized),
}

PROBES = tuple(_EXPECT)


def _px(text: object) -> float | None:
    if isinstance(text, str) and text.endswith("px"):
        try:
            return float(text[:-2])
        except ValueError:
            return None
    return None


def agrees(probe: str, expected: object, chromium: object) -> bool:
    """Whether Chromium's result is markup5's, up to the browser's precision:
    layout works in 1/64 px and computed styles print six significant
    digits; a time's fractions beyond the millisecond are dropped, and
    times near ECMAScript's limit are doubles a unit or two off."""
    if probe == "dimension":
        px = _px(chromium)
        return px is not None and isinstance(expected, float) and \
            abs(px - expected) <= max(1 / 64, abs(expected) * 1e-5)
    if probe == "float" and isinstance(expected, float) and isinstance(chromium, (int, float)):
        return expected == chromium
    if probe in _INPUTS and isinstance(expected, list) and isinstance(chromium, list):
        if expected[0] != chromium[0]:
            return False
        if expected[1] is None or chromium[1] is None:
            return expected[1] is chromium[1]
        number = float(expected[1])
        return abs(number - float(chromium[1])) <= max(1, abs(number) * 2 ** -51)
    return expected == chromium


# ---------------------------------------------------------------------------
# Known deviations: limits of Chromium, each with the rule it breaks
# ---------------------------------------------------------------------------

#: ECMAScript's time values end 8.64e15 ms after 1970 (275760-09-13), and
#: Chromium's date inputs refuse what begins beyond; the standard has no limit.
_LAST_TIME = 8.64e15


def _beyond_ecmascript_dates(probe: str, value: str) -> bool:
    parse = {"date": ms.parse_date, "month": ms.parse_month, "week": ms.parse_week,
             "datetime-local": ms.parse_local_datetime}.get(probe)
    parsed = parse(value) if parse is not None else None
    if parsed is None:
        return False
    if probe == "month":
        assert isinstance(parsed, ms.Month)
        return _days_from_civil(parsed.year, parsed.month, 1) * _MS_PER_DAY > _LAST_TIME
    number = {"date": _date_number, "week": _week_number, "datetime-local": _local_number}[probe]
    return number(parsed) > _LAST_TIME


def _chromium_space(char: str) -> bool:
    """Chromium's white space for stripping (WTF's IsSpaceOrNewline): the
    ASCII white space with U+000B, and beyond ASCII the characters of the
    bidirectional class WS."""
    return char in "\t\n\v\f\r " or char > "\x7f" and unicodedata.bidirectional(char) == "WS"


def _beyond_layout(probe: str, value: str) -> bool:
    """Chromium lays out in 1/64 px units that end near 2**25 px."""
    if probe != "dimension":
        return False
    expected = _expect_dimension(value)
    return isinstance(expected, float) and expected >= 2 ** 25 - 1


#: A deviation's result where it does not apply, and where Chromium's
#: result is not worked out (any result is put down to the deviation).
NOT_APPLICABLE = object()
ANY = object()


def _legacy_color_strips_more(probe: str, value: str) -> object:
    """Chromium strips its own white space (:func:`_chromium_space`) from a
    legacy color value, where the standard strips ASCII white space only:
    the color of what remains."""
    if probe != "legacy-color":
        return NOT_APPLICABLE
    start, end = 0, len(value)
    while start < end and _chromium_space(value[start]):
        start += 1
    while end > start and _chromium_space(value[end - 1]):
        end -= 1
    stripped = value[start:end]
    if stripped == value.strip(_SPACES):
        return NOT_APPLICABLE
    return _expect_legacy_color(stripped)


_DOT_BEFORE_EXPONENT = re.compile(r"-?[0-9]+\.[eE][+-]?[0-9]+")


def _float_dot_before_exponent(probe: str, value: str) -> object:
    """Chromium's number input keeps a value with a "." right before the
    exponent (``3.E5``), which the grammar refuses ("." needs digits after
    it), and reads it as a number parser would."""
    if probe != "valid-float" or not _DOT_BEFORE_EXPONENT.fullmatch(value):
        return NOT_APPLICABLE
    number = float(value)
    return [value, number] if math.isfinite(number) else ["", None]


@dataclass(frozen=True)
class Deviation:
    """A documented way Chromium departs from the standard.  ``gives`` is
    what Chromium shows for a value under this deviation (:data:`ANY` when
    not worked out, :data:`NOT_APPLICABLE` when it does not apply); a
    disagreement is put down to the deviation only when Chromium shows that."""

    name: str
    gives: Callable[[str, str], object]


def _limit(applies: Callable[[str, str], bool], shows: object) -> Callable[[str, str], object]:
    return lambda probe, value: shows if applies(probe, value) else NOT_APPLICABLE


DEVIATIONS = (
    Deviation("dates beyond 275760-09-13 (ECMAScript time values)",
              _limit(_beyond_ecmascript_dates, ["", None])),
    Deviation("lengths beyond Chromium's layout range (2**25 px)", _limit(_beyond_layout, ANY)),
    Deviation("legacy colors stripped of U+000B and Unicode white space",
              _legacy_color_strips_more),
    Deviation("number input values with a '.' before the exponent",
              _float_dot_before_exponent),
)


def explain(probe: str, value: str, chromium: object) -> str | None:
    """The deviation that accounts for Chromium's result, if one does."""
    for deviation in DEVIATIONS:
        gives = deviation.gives(probe, value)
        if gives is NOT_APPLICABLE:
            continue
        if gives is ANY or agrees(probe, gives, chromium):
            return deviation.name
    return None


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------

_OTHER_SPACES = "\v\u00a0\u1680\u2000\u2003\u200b\u2028\u3000\ufeff"

#: Valid strings to mutate, and the characters that matter, per probe.
_SEEDS: dict[str, tuple[tuple[str, ...], str]] = {
    "integer": (("0", "12", "-7", "+3", "2147483647", "-2147483648", "2147483648", "007"),
                "0123456789+-. eE"),
    "non-negative-integer": (("0", "12", "+5", "2147483647", "2147483648", "-0"),
                             "0123456789+-. "),
    "float": (("0", "1.5", "-2.25e3", "1e308", "1e-320", ".5", "5.", "+1", "1E+2", "-0"),
              "0123456789+-.eE "),
    "dimension": (("50%", "12.5", "0", "100px", "33.3%", ".5", "1e3", "+5", "-3"),
                  "0123456789+-.%eEpx "),
    "legacy-color": (("red", "#0f0", "#00ff00", "chucknorris", "transparent", "#1234567",
                      "rgb(1,2,3)", "#ABCDEF", "currentColor", "00ff00", "#\u00e9f0"),
                     "0123456789abcdefgABCDEFG#xyz \u00e9\U0001f600\x00"),
    "space-tokens": (("a b", "a  a", "x\ty\nz", "c\u00a0d"), "ab c" + _SPACES),
    # U+017F and U+212A lowercase to "s" and "k", U+0130 to "i" and a dot,
    # beyond ASCII: an ASCII case-insensitive match does not take them.
    "enumerated": (("get", "POST", "Dialog", "po\u017ft", "D\u0130ALOG", "", "GET "),
                   "getposdialGETPOSDIAL\u017f\u0130\u212a"),
    "enumerated-empty-keyword": (("anonymous", "", "use-credentials", "USE-CREDENTIALS",
                                  "anonymou\u017f", "use-\u212aredentials"),
                                 "anonymusecrdtilANONYMUSECRDTIL-\u017f\u212a"),
    "valid-float": (("1", "-1.5", "1e3", "1E+3", ".5", "5.", "+1", "1e400", "-0", "0.1e-5",
                     "1e-400"), "0123456789+-.eE "),
    "date": (("2026-11-24", "0001-01-01", "2024-02-29", "2023-02-29", "275760-09-13",
              "275760-09-14", "12345-06-07", "1970-01-01"), "0123456789-T: "),
    "month": (("2026-11", "0001-01", "275760-09", "275760-10", "99999-12"), "0123456789- "),
    "week": (("2026-W48", "2020-W53", "2021-W53", "0001-W01", "275760-W37", "2026-w01"),
             "0123456789-Ww "),
    "time": (("10:00", "10:00:00", "23:59:59.999", "00:00:00.1234", "24:00", "1:00",
              "10:00:60", "10:00:00."), "0123456789:. "),
    "datetime-local": (("2026-11-24T10:00", "2026-11-24 10:00:00.000", "2026-11-24t10:00",
                        "0001-01-01T00:00:00.001", "275760-09-13T00:00", "2026-11-24T10:00:30.50"),
                       "0123456789-:.Tt "),
}


def values(probe: str, count: int, rng: random.Random) -> list[str]:
    """``count`` values for ``probe``: half mutate a valid string, half are
    random strings over the syntax's characters."""
    seeds, alphabet = _SEEDS[probe]
    alphabet += _SPACES + _OTHER_SPACES[:3]
    out: list[str] = []
    for _ in range(count):
        if rng.random() < 0.5:
            text = list(rng.choice(seeds))
            for _ in range(rng.randint(0, 3)):
                where = rng.randint(0, len(text))
                what = rng.random()
                if what < 0.4:
                    text.insert(where, rng.choice(alphabet + _OTHER_SPACES))
                elif what < 0.7 and text:
                    del text[min(where, len(text) - 1)]
                elif text:
                    text[min(where, len(text) - 1)] = rng.choice(alphabet)
            out.append("".join(text))
        else:
            out.append("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))))
    return out


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

def chromium_results(browser: Chromium, batch: dict[str, list[str]]) -> dict[str, list[object]]:
    """Each probe's results for its values, in one browser start."""
    payload = json.dumps(batch).replace("<", "\\u003c")
    probes = ",\n".join(f"{json.dumps(name)}: {_JS_PROBES[name]}" for name in batch)
    results: dict[str, list[object]] | None = browser.run_page(
        _PAGE.format(payload=payload, probes=probes))
    if results is None:
        raise RuntimeError(f"Chromium did not finish in {browser.timeout} s")
    return results


@dataclass
class Report:
    same: Counter[str]
    explained: Counter[str]
    unexplained: list[tuple[str, str, object, object]]


def compare(browser: Chromium, batch: dict[str, list[str]], report: Report,
            verbose: bool = False) -> None:
    for probe, results in chromium_results(browser, batch).items():
        for value, chromium in zip(batch[probe], results):
            expected = _EXPECT[probe](value)
            same = agrees(probe, expected, chromium)
            reason = None if same else explain(probe, value, chromium)
            if verbose:
                verdict = "same" if same else reason or "UNEXPLAINED"
                print(f"{probe}: {value!r}: {verdict}\n  markup5:  {expected!r}\n"
                      f"  chromium: {chromium!r}")
            if same:
                report.same[probe] += 1
                continue
            if reason is not None:
                report.explained[reason] += 1
            else:
                report.unexplained.append((probe, value, expected, chromium))


def main(argv: Sequence[str] | None = None) -> int:
    parser = random_run_parser(__doc__, count=2000, count_help="values per probe",
                               batch=2000, batch_help="values per browser start",
                               show=5, show_help="disagreements shown per probe")
    parser.add_argument("--probe", action="append", choices=PROBES,
                        help="only this probe (repeatable)")
    parser.add_argument("--value", action="append",
                        help="check these values (with --probe) instead of random ones, "
                             "showing both results for each")
    args = parser.parse_args(argv)
    check_random_run(parser, args)
    if args.value and not args.probe:
        parser.error("--value needs --probe")
    browser = Chromium(find_chromium(args.chromium))
    rng = random.Random(args.seed)
    probes = args.probe or list(PROBES)
    chosen = {p: list(args.value) if args.value else values(p, args.count, rng) for p in probes}
    report = Report(Counter(), Counter(), [])
    began = time.monotonic()
    total = sum(len(v) for v in chosen.values())
    for start in range(0, max(len(v) for v in chosen.values()), args.batch):
        compare(browser, {p: v[start:start + args.batch] for p, v in chosen.items()
                          if v[start:start + args.batch]}, report, verbose=bool(args.value))
    shown: Counter[str] = Counter()
    for probe, value, expected, chromium in report.unexplained:
        if shown[probe] < args.show and not args.value:
            shown[probe] += 1
            print(f"{probe}: {value!r}\n  markup5:  {expected!r}\n  chromium: {chromium!r}")
    unexplained = Counter(p for p, *_ in report.unexplained)
    print(f"{browser.version}: {total} values, {sum(report.same.values())} same, "
          f"{sum(report.explained.values())} explained by known deviations "
          f"{dict(report.explained)}, {len(report.unexplained)} unexplained "
          f"{dict(unexplained)}, in {time.monotonic() - began:.0f}s")
    return 1 if report.unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
