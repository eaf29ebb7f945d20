"""markup5.forms._pattern: HTML's compiled pattern regular expression.

The expected answers come from Chromium (tests/fixtures/pattern_chromium.json,
written by tools/pattern_chromium.py), not from this module; the linear-time
promise is checked by counting the states the matcher visits, not by timing.
"""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from markup5.forms import _pattern, _pattern_sets, _pattern_syntax
from markup5.forms._pattern import (
    UNSUPPORTED_PROPERTIES,
    CompiledPattern,
    compile_pattern,
    pattern_status,
)

from dev_tools import import_tool

FIXTURE = Path(__file__).parent / "fixtures" / "pattern_chromium.json"


def _load() -> dict[str, Any]:
    fixture: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    cases = fixture["cases"]
    for case in cases:
        # Cases sharing a list of values name the case that lists it.
        if "values_of" in case:
            values = [v for v, _ in cases[case["values_of"]]["values"]]
            case["values"] = [[v, a == "1"] for v, a in zip(values, case["answers"])]
    return fixture


FIXTURE_DATA = _load()
_STATUS: dict[str, str] = {}


def _status(pattern: str) -> str:
    """pattern_status, once per pattern for the whole file."""
    if pattern not in _STATUS:
        _STATUS[pattern] = pattern_status(pattern)
    return _STATUS[pattern]


def _compiled(pattern: str) -> CompiledPattern:
    compiled = compile_pattern(pattern)
    assert compiled is not None, pattern
    return compiled


def _work(pattern: str, value: str) -> tuple[bool | None, int]:
    """The result and the number of matcher states visited."""
    work = [0]
    result = _compiled(pattern)._evaluate(value, work)
    return result, work[0]


# -- agreement with Chromium ------------------------------------------------------


def test_the_fixture_is_large_and_varied() -> None:
    cases = FIXTURE_DATA["cases"]
    assert len(cases) > 6000
    assert sum(1 for c in cases if c["compiles"]) > 2000
    assert sum(1 for c in cases if not c["compiles"]) > 2000
    assert sum(len(c.get("values", [])) for c in cases) > 40000
    answers = [m for c in cases for _, m in c.get("values", [])]
    assert answers.count(True) > 4000 and answers.count(False) > 20000


def test_syntax_agrees_with_chromium() -> None:
    differ = []
    for case in FIXTURE_DATA["cases"]:
        status = _status(case["pattern"])
        if status == "unsupported":
            continue
        if (status == "valid") != case["compiles"]:
            differ.append((case["pattern"][:60], case["compiles"], case.get("error")))
    assert differ == []


def test_unsupported_patterns_are_only_unsupported_properties() -> None:
    unsupported = [c["pattern"] for c in FIXTURE_DATA["cases"]
                   if _status(c["pattern"]) == "unsupported"]
    assert unsupported, "the fixture has cases with properties we lack data for"
    for pattern in unsupported:
        assert "\\p{" in pattern or "\\P{" in pattern
        assert compile_pattern(pattern) is None


def test_matching_agrees_with_chromium() -> None:
    differ = []
    undecided = []
    checked = 0
    for case in FIXTURE_DATA["cases"]:
        if not case["compiles"] or _status(case["pattern"]) != "valid":
            continue
        compiled = _compiled(case["pattern"])
        for value, expected in case["values"]:
            if not isinstance(expected, bool):
                continue
            checked += 1
            got = compiled.evaluate(value)
            if got is None:
                undecided.append((case["pattern"], value))
            elif got != expected:
                differ.append((case["pattern"], value, expected))
    assert checked > 40000
    assert differ == []
    assert undecided == []


def test_counted_repetition_states_agree_with_chromium(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every x{n,m} of one code point through the counting state, whatever
    # its counts (normally only counts above _COUNTER_MIN are).
    monkeypatch.setattr(_pattern, "_COUNTER_MIN", -1)
    differ = []
    for case in FIXTURE_DATA["cases"]:
        if not case["compiles"] or _status(case["pattern"]) != "valid":
            continue
        compiled = _compiled(case["pattern"])
        for value, expected in case["values"]:
            if isinstance(expected, bool) and compiled.evaluate(value) not in (expected, None):
                differ.append((case["pattern"], value, expected))
    assert differ == []


#: Code points whose properties changed between Unicode versions.  For the
#: data from unicodedata (Unicode 14.0 in Python 3.11), changes up to the
#: Unicode version of Chromium's ICU: U+0295 Ll -> Lo (16.0), U+1171E Mc ->
#: Mn (16.0), U+226D Bidi_Mirrored (16.0), Other_Lowercase additions
#: (15.0/16.0), the uppercase mappings of U+019B, U+0264, U+A7D3, U+A7D5
#: (16.0), the ID_Continue additions U+200C, U+200D, U+30FB, U+FF65 (15.1).
#: For the generated data (Unicode 18.0), changes after Chromium's 17.0:
#: Diacritic U+0656, U+06E2, U+08D3; Script_Extensions of U+0B83, U+1CF5,
#: U+1CF6.
UNICODE_CHANGES = frozenset((
    0x0295, 0x1171E, 0x226D, 0x10FC, 0xA7F2, 0xA7F3, 0xA7F4, 0xAB69,
    0x019B, 0x0264, 0xA7D3, 0xA7D5, 0x200C, 0x200D, 0x30FB, 0xFF65,
    0x0656, 0x06E2, 0x08D3, 0x0B83, 0x1CF5, 0x1CF6))

#: Scripts new in Unicode 18.0, after Chromium's Unicode version.
UNICODE_18_SCRIPTS = frozenset(("Jurc", "Pcun", "Seal"))


def test_properties_chromium_lacks_are_unicode_18_scripts() -> None:
    unknown = {name for name, ranges in FIXTURE_DATA["properties"].items() if ranges is None}
    assert unknown == {f"{key}={code}" for key in ("Script", "Script_Extensions")
                       for code in UNICODE_18_SCRIPTS}


@pytest.mark.parametrize("name", sorted(
    name for name, ranges in FIXTURE_DATA["properties"].items() if ranges is not None))
def test_property_data_agrees_with_chromium(name: str) -> None:
    theirs = _pattern_sets._normalize((lo, hi) for lo, hi in FIXTURE_DATA["properties"][name])
    node = _pattern_syntax._Parser(f"[\\p{{{name}}}]").parse()
    assert node.chars is not None
    ours = node.chars.ranges
    unexplained = [
        f"U+{cp:04X}"
        for lo, hi in _pattern_sets._union(_pattern_sets._subtract(theirs, ours),
                                      _pattern_sets._subtract(ours, theirs))
        for cp in range(lo, hi + 1)
        # Assigned after this Python's Unicode version, or changed since.
        if unicodedata.category(chr(cp)) != "Cn" and cp not in UNICODE_CHANGES]
    assert unexplained == []


def test_properties_of_strings_agree_with_chromium() -> None:
    # Chromium's answers on every RGI_Emoji string and code point, each also
    # cut short, without its U+FE0F and with one more.
    tool = import_tool("pattern_chromium")
    counts = tool.compare_strings(FIXTURE_DATA)
    assert counts["string_checks"] > 60000
    assert counts["string_differ"] == 0


def test_case_insensitive_matching_agrees_with_chromium() -> None:
    folding = FIXTURE_DATA["case_folding"]
    assert len(folding) > 2500
    differ = []
    for cp_text, matched in folding.items():
        cp = int(cp_text)
        compiled = _compiled(f"(?i:\\u{{{cp:x}}})")
        c = chr(cp)
        candidates = {c} | {m for m in (c.lower(), c.upper(), c.title(), c.casefold())
                            if len(m) == 1}
        candidates |= {m for f in list(candidates)
                       for m in (f.lower(), f.upper(), f.title(), f.casefold()) if len(m) == 1}
        ours = sorted(ord(o) for o in candidates if compiled.matches(o))
        if ours != sorted(matched):
            differ.append(cp_text)
    assert differ == []


# -- the linear bound -----------------------------------------------------------

HOSTILE = [
    ("(a+)+$", lambda n: "a" * n + "b"),
    ("(a|a)*", lambda n: "a" * n),
    ("(a|aa)*b", lambda n: "a" * n),
    ("(a*)*b", lambda n: "a" * n),
    ("(?:a?){40}a{40}", lambda n: "a" * n),
    ("(.*a){12}", lambda n: "a" * n),
    ("(?:a|a?)+b", lambda n: "a" * n),
    ("(?=(a*)*b)a*", lambda n: "a" * n),
    ("(?<=(a|a)*)b", lambda n: "a" * n + "b"),
    ("(?!(a+)+b)a*", lambda n: "a" * n),
    ("(\\w+)\\s\\1", lambda n: "ab" * n + " " + "ab" * n),
    ("(a*)*\\1b", lambda n: "a" * n),
    ("(a|a)*\\1c", lambda n: "a" * n + "b"),
    ("[\\q{a|aa|aaa}]*b", lambda n: "a" * n),
    ("(?i:(K|k)*)x", lambda n: "\u212a" * n),
    ("a{0,1000000}", lambda n: "a" * n),
    (".{1,100000}x", lambda n: "a" * n + "x"),
    ("(?:[a-z]{1,30}\\.){2,}", lambda n: "abc." * n),
    ("\\p{RGI_Emoji}*x", lambda n: "\U0001F468\u200d\U0001F469\u200d\U0001F467" * n),
    ("(?:\\p{RGI_Emoji}(?<=\\p{RGI_Emoji}))*x", lambda n: "\U0001F1FA\U0001F1F8" * n),
]


@pytest.mark.parametrize("pattern,make", HOSTILE, ids=[p for p, _ in HOSTILE])
def test_work_is_linear_in_the_value(pattern: str, make: Any) -> None:
    small_value, large_value = make(200), make(400)
    _, small = _work(pattern, small_value)
    result, large = _work(pattern, large_value)
    assert result is not None
    # Bounded by a constant times the pattern's and the value's lengths...
    assert large <= 40 * len(pattern) * (len(large_value) + 1)
    # ...and doubling the value at most doubles the work (plus a constant).
    assert large <= 2 * small + 50 * len(pattern)


def test_work_is_linear_in_the_pattern() -> None:
    value = "a" * 300 + "b"
    _, small = _work("(?:a|a)*" * 10 + "$", value)
    _, large = _work("(?:a|a)*" * 20 + "$", value)
    assert large <= 2 * small + 1000


def test_a_huge_count_is_clamped_to_the_value() -> None:
    # A value of length L cannot tell counts above L + 1 apart.
    assert _compiled("a{1000000000}").evaluate("a" * 5) is False
    assert _compiled("a{0,4294967296}").evaluate("a" * 5) is True
    assert _compiled("(?:a?){99999999999999999999}").evaluate("aaa") is True
    assert _compiled("(?:a{1000}){1000}").evaluate("a" * 20) is False
    _, work = _work("a{1000000000}b", "a" * 50)
    assert work < 500
    # A single code point repeated is one counting state, whatever its counts.
    assert _compiled("a{0,1000000}").evaluate("a" * 100_000) is True
    assert _compiled("[ab]{70000,}").evaluate("ab" * 35_000) is True
    assert _compiled("[ab]{70001,}").evaluate("ab" * 35_000) is False


def test_an_expansion_past_the_budget_is_undecided_and_counts_as_a_match() -> None:
    compiled = _compiled("(?:(?:ab){10}){10000}")
    value = "ab" * 1500         # clamped to 3,001 copies of 20 states: over the budget
    assert compiled.evaluate(value) is None
    assert compiled.matches(value) is True


def test_a_backreference_search_past_its_budget_is_undecided() -> None:
    # Each (x, y, z) split is a different set of captures: JavaScript tries
    # them all (cubic); the search stops at its linear budget.
    compiled = _compiled("(a*)(a*)(a*)\\3\\2\\1b?")
    work = [0]
    assert compiled._evaluate("a" * 41, work) is None
    programs = compiled._backtrack_programs
    assert programs is not None
    assert work[0] <= 20 * len(programs[0]) * 42
    assert compiled.matches("a" * 41) is True
    # A "no" that the relaxed pattern (backreferences as any string) already
    # gives is decided without the search.
    assert _compiled("(a*)*\\1b").evaluate("a" * 500) is False


# -- syntax details not in the fixture -----------------------------------------


def test_deep_nesting_does_not_recurse() -> None:
    depth = 30_000
    compiled = _compiled("(?:" * depth + "a" + ")" * depth)
    assert compiled.matches("a")
    assert not compiled.matches("b")
    # Chromium's parser overflows its stack on classes nested 10,000 deep and
    # ignores such a pattern; this parser reads them.
    assert compile_pattern("[" * 10_000 + "a" + "]" * 10_000) is not None


def test_the_capture_limit_is_v8s() -> None:
    assert pattern_status("()" * 32767) == "valid"
    assert pattern_status("()" * 32768) == "invalid"


def test_lone_surrogates_are_code_points() -> None:
    assert _compiled("\\ud800").matches("\ud800")
    assert _compiled(".").matches("\udc00")
    assert not _compiled("..").matches("\U0001F600")
    assert _compiled("\\ud83d\\ude00").matches("\U0001F600")


def test_unsupported_properties() -> None:
    assert UNSUPPORTED_PROPERTIES == {"CWKCF", "Changes_When_NFKC_Casefolded"}
    for pattern in ("\\p{CWKCF}", "[\\p{Changes_When_NFKC_Casefolded}--x]"):
        assert pattern_status(pattern) == "unsupported"
        assert compile_pattern(pattern) is None
    # Known to be a syntax error whatever the data.
    assert pattern_status("\\P{RGI_Emoji}") == "invalid"
    assert pattern_status("[^\\p{RGI_Emoji}]") == "invalid"


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="pattern"):
        compile_pattern(b"a")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="pattern"):
        pattern_status(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="value"):
        _compiled("a").matches(1)  # type: ignore[arg-type]


def test_repr() -> None:
    assert repr(_compiled("[a-z]+")) == "CompiledPattern('[a-z]+')"


# -- the tool ---------------------------------------------------------------------


def test_the_tool_packs_and_unpacks_its_fixture() -> None:
    tool = import_tool("pattern_chromium")
    cases = tool.cases(structured=5, rich=5, noise=5, classes=5)
    assert cases == tool.cases(structured=5, rich=5, noise=5, classes=5)
    fake = [{"pattern": c["pattern"], "compiles": True,
             "values": [[v, len(v) % 2 == 0] for v in c["values"]]} for c in cases]
    packed = tool.pack(fake)
    assert any("values_of" in c for c in packed)
    assert tool.unpack(packed) == fake


@pytest.mark.skipif(shutil.which("chromium") is None and shutil.which("chromium-browser") is None,
                    reason="needs Chromium")
def test_a_small_run_in_chromium() -> None:
    tool = import_tool("pattern_chromium")
    cases = [{"pattern": "a+", "values": ["aa", "b"]},
             {"pattern": "[a-]", "values": ["a"]},
             {"pattern": "(?i:\u212a)", "values": ["k"]}]
    results = tool.run_chromium(tool.find_chromium(), cases)
    assert results[0] == {"pattern": "a+", "compiles": True, "values": [["aa", True], ["b", False]]}
    assert results[1]["compiles"] is False
    assert results[2]["values"] == [["k", True]]
