#!/usr/bin/env python3
"""markup5.forms (constraint validation) checked against headless Chromium.

    python tools/validity_chromium.py --count 2000 --seed 1

Random pages full of forms are generated (:func:`generate_page`): inputs of
every type (the 22 type keywords, and missing, unknown and mixed-case
types) with valid and invalid values for each type, random ``min``/``max``/
``step`` (reversed ranges, "any", zero, negative, junk), ``required``,
``pattern`` (valid and invalid JavaScript regular expressions, some only
valid with the ``v`` flag), ``minlength``/``maxlength``, ``readonly``,
``disabled``, disabled fieldsets with legends, datalist ancestors, selects
with and without a placeholder option, textareas, buttons of every type,
``form`` attributes pointing to other forms and radio button groups across
forms.

Chromium parses each page as a live document (``document.write`` into a
fresh iframe: the parser's state, no value dirty, as :func:`markup5.parse`
gives it) and reads, for every form-associated element (each has an id),
``willValidate``, every ``validity`` flag, whether ``validationMessage`` is
empty, ``value``, ``matches()`` for ``:valid``, ``:invalid``,
``:in-range``, ``:out-of-range``, ``:user-valid``, ``:user-invalid``, and
``checkValidity()`` (forms and fieldsets too).  markup5 answers the same
through ``markup5.forms`` (and through the selector engine, where it knows
the pseudo-class).  Chromium is driven over the DevTools protocol through a
pipe (tools/encoding_chromium.py's driver), a batch of pages per
``Runtime.evaluate``.

Where Chromium departs from the standard (:data:`DEVIATIONS`: image
buttons barred, lenient number parsing ignored, dates past 275760, punycode
e-mail values, ...), a difference is *explained* when markup5, given the
page rewritten to neutralize the deviation (:func:`rewrite`), answers as
Chromium did, or when a rule on the readings recognises it (:func:`explain`).
Each unexplained difference is reduced (runs of pieces of the page, then
attributes, dropped while the same readings still differ: one page per kind
of difference, up to ``--minimize`` kinds) and written as a JSON line to
``--findings``.  Prints the explained count per deviation, then
``validity_chromium: N forms, M controls, K differences`` (N pages, each
with one to three forms; M elements compared; K of them differ in some
reading, unexplained).  Exit status 0 when nothing is left.

``--patterns N`` also checks N random pattern attributes (v-flag syntax,
valid and invalid) and values against Chromium's RegExp.

    python tools/validity_chromium.py --page '<input type=number value=1e3 max=5>'

reads one page on both sides and prints both readings.
"""

from __future__ import annotations

import argparse
import html
import json
import math
import random
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from browser_diff import find_chromium  # noqa: E402
from encoding_chromium import DevTools  # noqa: E402

import markup5  # noqa: E402
from markup5.dom import HTML_NAMESPACE, Element  # noqa: E402
from markup5.selectors.matcher import iter_elements  # noqa: E402

# ---------------------------------------------------------------------------
# What is read
# ---------------------------------------------------------------------------

#: The elements read (each generated one has an id).
READ_ELEMENTS = ("input", "select", "textarea", "button", "fieldset", "form", "output",
                 "object")

#: The ValidityState flags, in the DOM's names.
FLAGS = ("valueMissing", "typeMismatch", "patternMismatch", "tooLong", "tooShort",
         "rangeUnderflow", "rangeOverflow", "stepMismatch", "badInput", "customError")

#: The pseudo-classes read with ``matches()``, by reading name.
PSEUDO_CLASSES = {"valid": ":valid", "invalid": ":invalid", "in_range": ":in-range",
                  "out_of_range": ":out-of-range", "user_valid": ":user-valid",
                  "user_invalid": ":user-invalid"}

#: The elements whose ``value`` is compared.
VALUE_ELEMENTS = ("input", "select", "textarea", "button", "output")

_READ_JS = r"""
const FLAGS = %(flags)s;
const READ = new Set(%(read)s);
const PSEUDO = %(pseudo)s;
const VALUE = new Set(%(value)s);
function readPage(text) {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  doc.open(); doc.write(text); doc.close();
  const out = {};
  for (const e of doc.querySelectorAll('[id]')) {
    if (e.namespaceURI !== 'http://www.w3.org/1999/xhtml' || !READ.has(e.localName)) continue;
    if (Object.prototype.hasOwnProperty.call(out, e.id)) continue;
    const r = {};
    if ('willValidate' in e) r.will_validate = e.willValidate;
    if ('validity' in e) {
      for (const f of FLAGS) r[f] = e.validity[f];
      r.validity_valid = e.validity.valid;
    }
    if ('validationMessage' in e) r.message = e.validationMessage !== '';
    if (VALUE.has(e.localName)) r.value = e.value;
    for (const [name, sel] of Object.entries(PSEUDO)) {
      try { r[name] = e.matches(sel); } catch (err) { r[name] = 'ERR'; }
    }
    if ('checkValidity' in e) r.check_validity = e.checkValidity();
    out[e.id] = r;
  }
  frame.remove();
  return out;
}
function readAll(pages) { return pages.map(readPage); }
function testPatterns(cases) {
  return cases.map(([pattern, values]) => {
    try { new RegExp(pattern, 'v'); } catch (err) { return null; }
    const re = new RegExp('^(?:' + pattern + ')$', 'v');
    return values.map(v => { try { return re.test(v); } catch (err) { return 'ERR'; } });
  });
}
"""


class Browser:
    """Headless Chromium with the reading script loaded (scripts run in
    the tool's page; the generated pages hold none)."""

    def __init__(self, binary: str | None = None) -> None:
        self.tools = DevTools(find_chromium(binary), timeout=300.0)
        self.tools.call("Emulation.setScriptExecutionDisabled", value=False,
                        session=self.tools.session)
        self.version = str(self.tools.call("Browser.getVersion").get("product", ""))
        self._evaluate("document.open(); document.write('<!DOCTYPE html><body>'); "
                       "document.close(); 0")
        self._evaluate(_READ_JS % {
            "flags": json.dumps(FLAGS), "read": json.dumps(READ_ELEMENTS),
            "pseudo": json.dumps(PSEUDO_CLASSES), "value": json.dumps(VALUE_ELEMENTS)} + "; 0")

    def _evaluate(self, expression: str) -> Any:
        answer = self.tools.call("Runtime.evaluate", expression=expression,
                                 returnByValue=True, session=self.tools.session)
        if "exceptionDetails" in answer:
            raise RuntimeError(json.dumps(answer["exceptionDetails"])[:2000])
        return answer["result"].get("value")

    def read(self, pages: Sequence[str]) -> list[dict[str, dict[str, Any]]]:
        """Chromium's readings of each page: element id -> reading name ->
        value."""
        # "<" escaped so that nothing in a page ends a script element.
        payload = json.dumps(list(pages)).replace("<", "\\u003c")
        result: list[dict[str, dict[str, Any]]] = self._evaluate(f"readAll({payload})")
        return result

    def test_patterns(self, cases: Sequence[tuple[str, Sequence[str]]]
                      ) -> list[list[bool | str] | None]:
        """For each (pattern, values): None when the pattern does not
        compile with the v flag, else whether each value matches the
        anchored pattern (HTML's compiled pattern regular expression), or
        "ERR" where Chromium's engine gave up (a stack overflow)."""
        payload = json.dumps([[p, list(v)] for p, v in cases]).replace("<", "\\u003c")
        result: list[list[bool | str] | None] = self._evaluate(f"testPatterns({payload})")
        return result

    def close(self) -> None:
        self.tools.close()


def markup5_readings(page: str) -> dict[str, dict[str, Any]]:
    """markup5's readings of ``page``, in the names Chromium's script uses:
    from ``markup5.forms``, and with the selector engine the pseudo-classes
    again under ``"<name> (selector)"`` (left out where the engine rejects
    the pseudo-class)."""
    from markup5 import forms
    doc = markup5.parse(page)
    cache: dict[object, Any] = {}
    out: dict[str, dict[str, Any]] = {}
    functions: dict[str, Callable[..., bool]] = {
        "valid": forms.matches_valid, "invalid": forms.matches_invalid,
        "in_range": forms.is_in_range, "out_of_range": forms.is_out_of_range}
    for el in iter_elements(doc):
        ident = el.attrs.get("id")
        if ident is None or el.namespace != HTML_NAMESPACE or \
                el.local_name not in READ_ELEMENTS or ident in out:
            continue
        try:
            out[ident] = _markup5_reading(el, cache, functions)
        except Exception as error:  # a crash is a difference, shown with its reason
            out[ident] = {"exception": f"{type(error).__name__}: {error}"[:300]}
    return out


def _markup5_reading(el: Element, cache: dict[object, Any],
                     functions: dict[str, Callable[..., bool]]) -> dict[str, Any]:
    from markup5 import forms
    dom_names: dict[str, str] = forms.ValidityState.DOM_NAMES
    r: dict[str, Any] = {"will_validate": forms.will_validate(el, cache=cache)}
    state = forms.validity(el, cache=cache)
    for flag in forms.ValidityState.FLAGS:
        r[dom_names[flag]] = bool(getattr(state, flag))
    r["validity_valid"] = bool(state.valid)
    r["message"] = forms.validation_message(el, cache=cache) != ""
    if el.local_name in VALUE_ELEMENTS:
        r["value"] = forms.value(el, cache=cache)
    for name, function in functions.items():
        r[name] = function(el, cache=cache)
    r["user_valid"] = r["user_invalid"] = False
    r["check_validity"] = forms.check_validity(el, cache=cache)
    for name, selector in PSEUDO_CLASSES.items():
        try:
            r[f"{name} (selector)"] = el.matches(selector)
        except ValueError:
            pass
    return r


def compare(theirs: dict[str, Any], mine: dict[str, Any]) -> list[str]:
    """The reading names where markup5 differs from Chromium (a reading
    markup5 has under two names is compared under both)."""
    if "exception" in mine:
        return ["exception"]
    differ = []
    for name, value in theirs.items():
        for key in (name, f"{name} (selector)"):
            if key in mine and mine[key] != value:
                differ.append(key)
    return differ


# ---------------------------------------------------------------------------
# Generating pages
# ---------------------------------------------------------------------------

INPUT_TYPES = ("hidden", "text", "search", "tel", "url", "email", "password", "date", "month",
               "week", "time", "datetime-local", "number", "range", "color", "checkbox",
               "radio", "file", "submit", "image", "reset", "button")

#: Type attributes that are no keyword, or a keyword in another case.
ODD_TYPES = ("", "foo", "datetime", "EMAIL", "Number", " text", "DATE", "Color", "checkBox",
             "RaDiO", "image ", "Datetime-Local", "WEEK", "tel\n", "range", "month")

_TEXT = ("", "abc", "ABC", "123", "a b", " x ", "a\nb", "a\r\nb\r", "\tx\t", "\U0001F600",
         "é", "Straße", "aaa", "a", "ab", "abcdef", "x@y", "-1", "1e3", "שלום", "ab\u0000c")
_NUMBERS = ("0", "1", "-1", "1.5", "1e3", "1E3", "1e-3", "+1", " 1", "1 ", ".5", "1.", "-0",
            "abc", "", "1e", "0x10", "1e400", "-1e400", "00012", "1.0000000000000000001",
            "9007199254740993", "Infinity", "NaN", "\u22121", "1,5", "\u0663", "5", "10",
            "100", "-.5", "2.5", "7", "0.1", "0.3", "1e+2", "-5", "50", "101", "3")
_DATES = ("2024-02-29", "2023-02-29", "2024-13-01", "0000-01-01", "0001-01-01",
          "10000-01-01", "275760-09-13", "275760-09-14", "2024-1-01", "2024-01-1",
          " 2024-01-01", "2024-01-01T00:00", "99999-12-31", "2024-04-31", "2024-12-31",
          "2000-01-01", "1999-12-31", "2024-06-15", "1970-01-01", "-2024-01-01", "")
_MONTHS = ("2024-02", "2024-13", "0000-12", "0001-01", "10000-01", "2024-2", "275760-09",
           "275760-10", "2024-00", "1970-01", "2000-06", "2024-12", " 2024-01", "")
_WEEKS = ("2024-W01", "2020-W53", "2021-W53", "2024-W00", "2015-W53", "2026-W53", "2024-w01",
          "2024-W1", "10000-W01", "0001-W01", "275760-W37", "275760-W38", "2024-W52",
          "1970-W01", "2004-W53", "2024-W10", "")
_TIMES = ("00:00", "23:59", "24:00", "12:34:56", "12:34:56.789", "12:34:56.7891", "12:34:5",
          "1:00", "12:60", "12:34:60", "12:34:56.", "12:34:56.1", "12:34:56.12", "12:00",
          "08:30", "23:59:59.999", "00:00:00.001", "12:34 ", "")
_DATETIMES = ("2024-02-29T12:00", "2024-02-29 12:00", "2024-02-29T12:00:00.000",
              "2024-02-29T12:00:00", "2024-02-30T12:00", "2024-02-29T24:00",
              "2024-02-29t12:00", "0001-01-01T00:00", "275760-09-13T00:00",
              "275760-09-13T00:00:01", "1970-01-01T00:00:00.5", "2024-01-01T00:00Z",
              "2024-01-01T00:00:00.1234", "2000-01-01T12:34", "2024-01-01T1:00", "")
_COLORS = ("#000000", "#ABCDEF", "#abcdef", "#abc", "red", "#GGGGGG", " #ffffff", "#FFFFFF ",
           "", "#1234567", "#12345", "transparent", "rgb(1,2,3)", "#00ff00", "ABCDEF")
_EMAILS = ("a@b", "a@b.c", "a b@c", "a@b,c@d", "a@b, c@d", " a@b ", "a@b ", "@b", "a@", "a@-b",
           "a@b-", "a@\u00fc.de", "\u00fc@b.de", "a@xn--bcher-kva.ch", "a@b..c", "a.@b",
           "a@b_c", "a@[1.2.3.4]", "a@" + "x" * 64 + ".com", "a@" + "x" * 63 + ".com",
           "a@b,", ",a@b", "a@b,,c@d", "a+b@c.d", "\"a\"@b", "a@b\nc", "", "A@B.C",
           "a@b.c, d@e.f , g@h")
_URLS = ("http://a", "https://example.com/x y", "x", "/rel", "//host", "http://", "https://",
         "javascript:alert(1)", "mailto:a@b", " http://a ", "http://[::1]", "http://\u00fc.de",
         "a:b", "http://a\nb", "http://a b", "https://example.com/?q=1#f", "", "HTTP://A",
         "http://1.2.3.4:99999", "http://a:80/", "file:///x", "data:,x", "http://%zz")
_BOOL_VALUES = ("on", "", "x", "ON", "off")

VALUES: dict[str, tuple[str, ...]] = {
    "text": _TEXT, "search": _TEXT, "tel": _TEXT + ("+1 555 1234",), "password": _TEXT,
    "hidden": _TEXT, "url": _URLS, "email": _EMAILS, "date": _DATES, "month": _MONTHS,
    "week": _WEEKS, "time": _TIMES, "datetime-local": _DATETIMES, "number": _NUMBERS,
    "range": _NUMBERS, "color": _COLORS, "checkbox": _BOOL_VALUES, "radio": _BOOL_VALUES,
    "file": ("", "C:\\fakepath\\x", "x"), "submit": _TEXT, "image": _TEXT, "reset": _TEXT,
    "button": _TEXT,
}

#: min / max / step values beside the type's own values.
_LIMIT_JUNK = ("", "any", "ANY", "0", "-1", "abc", "1e3", "-0", " 1", "1.5", "0.5", "-2", "3",
               "100", "0.001", "1e-400", "86400", "60", "1000")
_STEPS = ("", "any", "ANY", "0", "-1", "abc", "1", "2", "0.5", "1.5", "3", "7", "10", "60",
          "0.001", "86400", "604800", "1e3", " 2", "2.", "0.1", "1e400")

#: Patterns: valid and invalid, some valid only with the v flag, some only without it.
PATTERNS = ("[a-z]+", "\\d{3}", "a|b", "(", "[", "a{2,}", "[\\p{L}]+", "[a-z--[aeiou]]+",
            "[[a-z]&&[aeiou]]+", "\\p{RGI_Emoji}", "[(]", "[a-]", "a**", "\\u{1F600}",
            "(?<n>a)\\k<n>", "x(?=y)", "^a$", "\\w+@\\w+", ".", "[^]*", "|", "", "(?i:a)bc",
            "\\b", "[\\q{abc|d}]", "abc", "ABC", "a.c", "[a-c]*", ".+", "\\p{Lu}+",
            "\\S+", "[\\d\\-]+", "(a|ab)(c|bcd)(d*)", "\\", "a{3}", "\\1(a)", "\\k<x>",
            "[]", "[^a]", "\\p{Script=Hebrew}+", "\\u0061bc", "\\x61bc", "\\cJ", "[\\s\\S]",
            "\\-", "a{,2}", "\\/", "a/b", "\\p{Emoji}", "[\\p{ASCII}--\\p{L}]+",
            "(?:)", "$^", "\\D+", "\\W", "[&&a]", "[a&&&b]", "\\z", "a)(?:b",
            "a)|(b")

_PATTERN_ATOMS = ("a", "b", "ab", "A", "1", "\u00e9", "\U0001F600", "\u05d0", "-", " ", ".",
                  "\\d", "\\w", "\\s", "\\D", "\\W", "\\S", "\\b", "\\B", "^", "$",
                  "[a-c]", "[^a]", "[ab1]", "[\\d-]", "[a-]", "[(]", "[\\(]", "[]", "[^]",
                  "\\p{L}", "\\P{L}", "\\p{Lu}", "\\p{Nd}", "\\p{Script=Hebrew}",
                  "\\p{ASCII}", "\\p{Any}", "\\p{RGI_Emoji}", "\\p{Emoji}", "\\p{Foo}",
                  "[\\q{ab|c}]", "[\\w--\\d]", "[\\w&&\\d]", "[[a-z]--[b]]",
                  "[\\p{L}--[a-z]]", "[a&&&b]", "[a--b--c]", "[a&&b--c]", "\\u0061",
                  "\\u{1F600}", "\\x41", "\\t", "\\n", "\\cA", "\\0", "\\1", "\\k<n>",
                  "\\", "(", ")", "{", "}", "]", "|", "\\-", "\\/", "/", "\\z", "\\a",
                  "\\u{110000}", "\\.", "\\$", "[\\b]", "[\\B]", "\\p{Lowercase}",
                  "\\p{Basic_Emoji}", "[\\p{RGI_Emoji}--\\q{\U0001F600}]", "\\P{RGI_Emoji}",
                  "[a-z&&[aeiou]]", "[[a-z]&&[aeiou]]", "[\\d\\q{}]", "[^\\q{ab}]",
                  "[^\\q{a}]", "[a-\\d]", "[z-a]", "[\\-a]", "[a\\-z]", "[!!]", "[##]",
                  "[a!!b]", "[|]", "[{]", "[}]", "[/]", "[\\/]", "[-]", "[\\p{L}&&\\p{Lu}]",
                  "[\\W--\\s]", "(?<n>a)\\k<n>", "(a)\\1", "\\2", "\\k", "\\8",
                  "\\00", "\\01", "\\c1", "\\c", "\\u12", "\\x4", "\\u{}", "\\p{gc=Lu}",
                  "\\p{General_Category=Nd}", "\\p{Lu=Lu}", "\\p{L", "\\p", "\\P{Ll}",
                  "\\p{White_Space}", "\\p{Alphabetic}", "\\p{ASCII_Hex_Digit}", "a{1",
                  "{1}", "a{1}{2}", "x{2,3", "(?", "(?<>a)", "(?<1>a)", "(?<a-b>a)", "(?i-i:a)",
                  "(?ii:a)", "(?m:a)", "(?s:.)", "(?x:a)", "\\u{10FFFF}", "\\ud83d\\ude00",
                  "\\ud83d", "[\\ud83d\\ude00]", "\\\u0130", "\\_", "\\ ",
                  "(?i:s)", "(?i:k)", "(?i:[a-z])", "(?i:\\w)", "(?i:\\W)", "(?i:\\b)",
                  "(?i:\u00df)", "(?i:[^k])", "(?i:\\p{Lu})", "(?i:\\P{Lu})", "(?i:[\\q{ss}])",
                  "(?i:[^\\W])", "(?i:\u0130)", "(?i:\u212a)", "(?i:[\\w--k])", "(?i:\\1)",
                  "(?i:(a)\\1)", "(?i:\u1e9e)", "(?i:\u03c3)", "[^\\q{ss}]", "(?=a)*",
                  "(?<=a)+", "(?:)*", "(a*)*", "(a|)+", "(?:a?)+?", "[\\s--\\n]")
_QUANTIFIERS = ("", "", "", "*", "+", "?", "{2}", "{1,}", "{0,2}", "*?", "+?", "??", "{2,1}",
                "{,2}", "{1,3}?", "**", "{99999999999}")
_PATTERN_VALUES = ("", "a", "b", "ab", "aa", "abc", "A", "1", "12", "a1", " ", "-", "\u00e9",
                   "\U0001F600", "\u05d0", "\U0001F600\U0001F600", "a b", "\n", "ba", "aab",
                   "ABC", "\u0130", "\u017f", "K", "\u212a", "\r", "\u2028", "s", "S", "k",
                   "\u1e9e", "\u00df", "ss", "\u03c2", "\u03a3", "\u03c3", "i", "I", "\u0131")


def random_pattern(rng: random.Random, depth: int = 0) -> str:
    """A random JavaScript pattern: atoms, quantifiers, groups of every
    kind, alternation; many are invalid, some only with the v flag."""
    out = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if depth < 2 and r < 0.2:
            opener = rng.choice(["(", "(?:", "(?<n>", "(?=", "(?!", "(?<=", "(?<!", "(?i:",
                                 "(?-i:", "(?<m>"])
            out.append(opener + random_pattern(rng, depth + 1) + ")")
        elif r < 0.27:
            out.append("|")
        else:
            out.append(rng.choice(_PATTERN_ATOMS))
        out[-1] += rng.choice(_QUANTIFIERS)
    return "".join(out)


def pattern_cases(rng: random.Random, count: int) -> list[tuple[str, list[str]]]:
    """``count`` random (pattern, values) pairs."""
    cases = []
    for _ in range(count):
        pattern = random_pattern(rng) if rng.random() < 0.85 else rng.choice(PATTERNS)
        values = rng.sample(_PATTERN_VALUES, 6)
        cases.append((pattern, values))
    return cases


def markup5_patterns(cases: Sequence[tuple[str, Sequence[str]]]) -> list[list[Any] | None]:
    """markup5's answers for :meth:`Browser.test_patterns`'s cases (None
    for an undecided value, where the pattern's engine has one)."""
    from markup5.forms._pattern import compile_pattern
    out: list[list[Any] | None] = []
    for pattern, values in cases:
        compiled = compile_pattern(pattern)
        if compiled is None:
            out.append(None)
            continue
        evaluate = getattr(compiled, "evaluate", compiled.matches)
        out.append([evaluate(value) for value in values])
    return out


def run_patterns(cases: Sequence[tuple[str, Sequence[str]]], browser: Browser,
                 findings: list[dict[str, Any]]) -> tuple[int, int, int, int]:
    """(cases, differences, undecided, unsupported): a difference is a
    pattern one side compiles and the other does not, or a value matched
    differently; undecided: values markup5's engine leaves undecided
    (counted as matching); unsupported: patterns markup5 ignores for a
    Unicode property it has no data for (markup5.forms._pattern's
    UNSUPPORTED_PROPERTIES), which Chromium compiles."""
    from markup5.forms._pattern import pattern_status
    differences = undecided = unsupported = 0
    for start in range(0, len(cases), 500):
        chunk = cases[start:start + 500]
        for (pattern, values), theirs, mine in zip(chunk, browser.test_patterns(chunk),
                                                    markup5_patterns(chunk)):
            if theirs is None or mine is None:
                if theirs is not None and pattern_status(pattern) == "unsupported":
                    unsupported += 1
                elif (theirs is None) != (mine is None):
                    differences += 1
                    findings.append({"pattern": pattern, "chromium": theirs, "markup5": mine})
                continue
            # (Chromium's backtracking engine can overflow its stack: 'ERR'.)
            bad = [(v, t, m) for v, t, m in zip(values, theirs, mine) if t != m and t != "ERR"]
            if any(m is not None for _, _, m in bad):
                differences += 1
                findings.append({"pattern": pattern, "values": [v for v, _, _ in bad],
                                 "chromium": [t for _, t, _ in bad],
                                 "markup5": [m for _, _, m in bad]})
            elif bad:
                undecided += 1
    return len(cases), differences, undecided, unsupported


#: The patterns of the form pages: those markup5 compiles or rejects as
#: Chromium does (the properties of strings, which markup5 leaves
#: unsupported, are checked by --patterns alone).
FORM_PATTERNS = tuple(p for p in PATTERNS if "Emoji}" not in p)

CONTROL_KINDS = ("input", "input", "input", "input", "input", "input", "select", "textarea",
                 "button", "output", "object")


def _attr(name: str, value: str | None = None) -> str:
    return f" {name}" if value is None else f' {name}="{html.escape(value, quote=True)}"'


def type_state(type_attribute: str | None) -> str:
    """The input type state a type attribute gives (HTML: an enumerated
    attribute, ASCII case-insensitive, no whitespace stripped)."""
    if type_attribute is None:
        return "text"
    lowered = type_attribute.translate(_LOWER)
    return lowered if lowered in INPUT_TYPES else "text"


_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


class PageGenerator:
    """One random page: a list of pieces of markup whose concatenation is
    the page (the reduction drops pieces)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.next_id = 0
        self.forms = 1
        self.pieces: list[str] = []

    def ident(self, prefix: str = "c") -> str:
        self.next_id += 1
        return f"{prefix}{self.next_id}"

    def value_for(self, state: str) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.75:
            return rng.choice(VALUES[state])
        if r < 0.9:
            return rng.choice(VALUES[rng.choice(INPUT_TYPES)])
        return rng.choice(_TEXT)

    def common(self, attrs: list[str]) -> None:
        rng = self.rng
        if rng.random() < 0.12:
            attrs.append(_attr("disabled"))
        if rng.random() < 0.12:
            attrs.append(_attr("form", rng.choice(
                [f"f{rng.randint(1, self.forms)}", "nope", "", f"f{self.forms + 1}"])))
        if rng.random() < 0.3:
            attrs.append(_attr("name", rng.choice(["r", "r", "R", "s", "", "x"])))

    def input(self) -> str:
        rng = self.rng
        r = rng.random()
        type_attribute: str | None
        if r < 0.08:
            type_attribute = None
        elif r < 0.22:
            type_attribute = rng.choice(ODD_TYPES)
        else:
            type_attribute = rng.choice(INPUT_TYPES)
        state = type_state(type_attribute)
        attrs = [_attr("id", self.ident())]
        if type_attribute is not None:
            attrs.append(_attr("type", type_attribute))
        if rng.random() < 0.8:
            attrs.append(_attr("value", self.value_for(state)))
        ranged = state in ("number", "range", "date", "month", "week", "time", "datetime-local")
        for name in ("min", "max"):
            if rng.random() < (0.5 if ranged else 0.05):
                pool = VALUES[state] if ranged and rng.random() < 0.7 else _LIMIT_JUNK
                attrs.append(_attr(name, rng.choice(pool)))
        if rng.random() < (0.4 if ranged else 0.05):
            attrs.append(_attr("step", rng.choice(_STEPS)))
        if rng.random() < 0.35:
            attrs.append(_attr("required"))
        if rng.random() < 0.25:
            attrs.append(_attr("pattern", rng.choice(FORM_PATTERNS)))
        if rng.random() < 0.12:
            attrs.append(_attr("maxlength", rng.choice(["0", "1", "2", "-1", "x", "100"])))
        if rng.random() < 0.12:
            attrs.append(_attr("minlength", rng.choice(["0", "1", "5", "-1", "x", "100"])))
        if rng.random() < 0.12:
            attrs.append(_attr("readonly"))
        if state in ("checkbox", "radio") and rng.random() < 0.5 or rng.random() < 0.05:
            attrs.append(_attr("checked"))
        if rng.random() < 0.1:
            attrs.append(_attr("multiple"))
        if rng.random() < 0.08:
            attrs.append(_attr("placeholder", "p"))
        if rng.random() < 0.05:
            attrs.append(_attr("list", "dl"))
        self.common(attrs)
        if state == "radio" and rng.random() < 0.6 and not any(a.startswith(" name=")
                                                              for a in attrs):
            attrs.append(_attr("name", rng.choice(["r", "r", "R", "g", ""])))
        rng.shuffle(attrs)
        return "<input" + "".join(attrs) + ">"

    def select(self) -> str:
        rng = self.rng
        attrs = [_attr("id", self.ident())]
        if rng.random() < 0.5:
            attrs.append(_attr("required"))
        if rng.random() < 0.25:
            attrs.append(_attr("multiple"))
        if rng.random() < 0.25:
            attrs.append(_attr("size", rng.choice(["0", "1", "2", "", "x", "-1", "4"])))
        self.common(attrs)
        options = []
        first = rng.random()
        if first < 0.5:
            options.append(rng.choice(['<option value="">', "<option>", "<option></option>",
                                       '<option value=" ">', "<option>x</option>",
                                       '<option value="" selected>', '<option value="" disabled>',
                                       "<optgroup><option value=\"\"></optgroup>"]))
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            option = "<option"
            if rng.random() < 0.5:
                option += _attr("value", rng.choice(["", "a", " b ", "c\nd"]))
            if rng.random() < 0.25:
                option += _attr("selected")
            if rng.random() < 0.15:
                option += _attr("disabled")
            options.append(option + ">" + rng.choice(["", "t", " u ", "v\nw"]) + "</option>")
        if rng.random() < 0.1:
            options.insert(rng.randint(0, len(options)), rng.choice(["<hr>", "<optgroup label=g>"]))
        return "<select" + "".join(attrs) + ">" + "".join(options) + "</select>"

    def textarea(self) -> str:
        rng = self.rng
        attrs = [_attr("id", self.ident())]
        for name, p in (("required", 0.5), ("readonly", 0.12)):
            if rng.random() < p:
                attrs.append(_attr(name))
        if rng.random() < 0.15:
            attrs.append(_attr("maxlength", rng.choice(["0", "1", "2", "x"])))
        if rng.random() < 0.15:
            attrs.append(_attr("minlength", rng.choice(["1", "5", "100"])))
        if rng.random() < 0.1:
            attrs.append(_attr("pattern", "a"))
        self.common(attrs)
        text = rng.choice(["", "", "x", "\n", "\nx", "\n\nx", " ", "\r\n", "a\r\nb", "&lt;b&gt;",
                           "\u05d0", "\t"])
        return "<textarea" + "".join(attrs) + ">" + text + "</textarea>"

    def button(self) -> str:
        rng = self.rng
        attrs = [_attr("id", self.ident())]
        kind = rng.choice(["submit", "reset", "button", "menu", "", "SUBMIT", "foo", None, None])
        if kind is not None:
            attrs.append(_attr("type", kind))
        if rng.random() < 0.4:
            attrs.append(_attr("value", rng.choice(_TEXT)))
        if rng.random() < 0.1:
            attrs.append(_attr("required"))
        self.common(attrs)
        return "<button" + "".join(attrs) + ">b</button>"

    def output(self) -> str:
        attrs = [_attr("id", self.ident())]
        self.common(attrs)
        return "<output" + "".join(attrs) + ">" + self.rng.choice(["", "o", " 1 ", "a\nb"]) + \
            "</output>"

    def object(self) -> str:
        attrs = [_attr("id", self.ident())]
        self.common(attrs)
        return "<object" + "".join(attrs) + "></object>"

    def control(self) -> str:
        kind = self.rng.choice(CONTROL_KINDS)
        made: str = getattr(self, kind)()
        return made

    def items(self, depth: int) -> None:
        rng = self.rng
        for _ in range(rng.randint(1, 6 if depth == 0 else 3)):
            r = rng.random()
            if depth < 2 and r < 0.12:
                attrs = [_attr("id", self.ident("s"))]
                if rng.random() < 0.6:
                    attrs.append(_attr("disabled"))
                self.common(attrs)
                self.pieces.append("<fieldset" + "".join(attrs) + ">")
                for _ in range(rng.choice([0, 1, 1, 2])):
                    self.pieces.append("<legend>")
                    self.items(depth + 1)
                    self.pieces.append("</legend>")
                    if rng.random() < 0.5:
                        self.items(depth + 1)
                self.pieces.append("</fieldset>")
            elif depth < 2 and r < 0.18:
                self.pieces.append(rng.choice(["<datalist id=dl>", "<datalist>"]))
                self.items(depth + 1)
                self.pieces.append("</datalist>")
            elif depth < 2 and r < 0.24:
                self.pieces.append(rng.choice(["<label>", "<div>", "<p>", "<div dir=rtl>"]))
                self.items(depth + 1)
                self.pieces.append(rng.choice(["</label>", "</div>", "</p>"]))
            else:
                self.pieces.append(self.control())

    def page(self) -> list[str]:
        rng = self.rng
        self.forms = rng.randint(1, 3)
        self.pieces = ["<!DOCTYPE html><title>v</title>"]
        for number in range(1, self.forms + 1):
            attrs = _attr("id", f"f{number}")
            if rng.random() < 0.2:
                attrs += _attr("novalidate")
            self.pieces.append(f"<form{attrs}>")
            self.items(0)
            self.pieces.append("</form>")
        if rng.random() < 0.7:
            self.items(0)
        return self.pieces


def generate_page(rng: random.Random) -> list[str]:
    """The pieces of one random page (their concatenation is the page)."""
    return PageGenerator(rng).page()


# ---------------------------------------------------------------------------
# Chromium's deviations from the standard
# ---------------------------------------------------------------------------

#: Where Chromium departs from the standard, and markup5 follows the
#: standard: a difference is explained when markup5, given the page
#: rewritten to neutralize these (:func:`rewrite`), answers as Chromium did
#: on the original page.
DEVIATIONS = {
    "image-barred": "Chromium bars input type=image from constraint validation; HTML bars "
                    "only the Hidden, Reset Button and Button states (and readonly inputs)",
    "float-parsing": "Chromium ignores number and range min/max/step values that are not "
                     "valid floating-point numbers ('+1', ' 1', '1.', '1 '); HTML converts "
                     "them with the rules for parsing floating-point number values, which "
                     "skip leading whitespace and '+' and stop at the first other character",
    "email-trailing-comma": "Chromium keeps the empty token after a trailing comma in an "
                            "e-mail list ('a@b,' stays, a type mismatch); Infra's split on "
                            "commas, which HTML uses, makes no token after the last comma",
    "email-empty-token-pattern": "Chromium checks the pattern only against the non-empty "
                                 "addresses of an e-mail list; HTML against each of the "
                                 "element's values, so an empty one (',a@b') mismatches",
    "email-multiple-newlines": "Chromium strips newlines from an e-mail list (multiple); HTML "
                               "strips them only from a single address",
    "far-future": "Chromium sanitizes dates after 275760-09-13 (its Date limit) to ''; HTML's "
                  "date, month, week and local date-time strings allow any year >= 1",
    "email-punycode": "Chromium's e-mail value sanitization converts non-ASCII domains to "
                      "punycode; HTML only strips newlines and whitespace (and a non-ASCII "
                      "domain is not a valid e-mail address)",
    "unnamed-radio": "Chromium never finds a radio button without a name missing; HTML's "
                     "radio button group of an element contains the element itself",
    "select-size-zero": "Chromium takes a select's display size 0 as 1 and picks a default "
                        "option (docs/browser-differences.md, deviation 10)",
    "time-fraction-digits": "Chromium ignores time and local date-time min/max values with "
                            "more than three digits of seconds fraction; HTML's parse a time "
                            "component takes any number",
    "select-hr-placeholder": "Chromium finds no placeholder label option when an hr element "
                             "comes before the first option of a select; HTML's placeholder "
                             "label option is the first option in the list of options",
    "url-host-space": "Chromium's URL parser accepts a space (or %20) in a host, so the url "
                      "input is valid; the URL Standard fails on it (forbidden domain code "
                      "point)",
    "step-precision": "Chromium finds no step mismatch when the value is more than 2**52 steps "
                      "away from the step base; HTML's rule is exact",
    "range-serialization": "Chromium re-serializes a range input's valid value ('-0' as '0', "
                           "'.5' as '0.5', a default from min='1e3' as '1e+3'); HTML keeps a "
                           "valid value string and writes a default with ToString",
    "integer-date-step": "Chromium rounds the step of date, month and week inputs to a whole "
                         "number of days, months or weeks (step=1.5 acts as 2); HTML's allowed "
                         "value step is the parsed number times the step scale factor",
    "decimal-precision": "Chromium computes number and range values in decimal arithmetic "
                         "(9007199254740993 stays exact, min=1e-400 stays above 0); HTML's "
                         "numbers are IEEE doubles "
                         "(the rules for parsing floating-point number values round to one)",
    "range-max-below-min": "Chromium raises a range input's maximum to its minimum when it is "
                           "lower; HTML's Range state keeps it (the default value is then the "
                           "minimum, which suffers from an overflow)",
    "empty-in-range": "Chromium matches :in-range on number, date, month, week, time and "
                      "datetime-local inputs whose value is empty, with or without min/max; "
                      "HTML's :in-range needs range limitations (a defined minimum or "
                      "maximum), which these types have only from min/max attributes",
}

_INPUT_TAG = re.compile(r"<input\b[^>]*>", re.I)
_SELECT_TAG = re.compile(r"<select\b[^>]*>", re.I)
_TAG_ATTR = re.compile(r"""[\s/]([^\s=>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']*)))?""")
_ASCII_WHITESPACE = "\t\n\f\r "
_STEPPED = ("number", "range", "date", "month", "week", "time", "datetime-local")
_LENIENT_FLOAT = re.compile(r"[\t\n\f\r ]*[-+]?(?:[0-9]|\.[0-9])")
_VALID_FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_LATEST = {"date": "09-13", "month": "09", "week": "W37", "datetime-local": "09-13T00:00"}


def _parse_tag(tag: str) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for m in _TAG_ATTR.finditer(tag, len(re.match(r"<\w+", tag).group())  # type: ignore[union-attr]
                                if re.match(r"<\w+", tag) else 0):
        value = next((v for v in m.groups()[1:] if v is not None), None)
        out.append((m.group(1).lower(), None if value is None else html.unescape(value)))
    return out


def _make_tag(name: str, attrs: list[tuple[str, str | None]]) -> str:
    return f"<{name}" + "".join(_attr(k, v) for k, v in attrs) + ">"


def _beyond_chromium_dates(kind: str, text: str) -> bool:
    found = re.match(r"(\d{4,})-(.*)\Z", text, re.S)
    if not found or kind not in _LATEST:
        return False
    year = int(found.group(1))
    return year > 275760 or year == 275760 and found.group(2) > _LATEST[kind]


def _punycode(address: str) -> str:
    local, at, domain = address.rpartition("@")
    if not at or domain.isascii():
        return address
    try:
        return local + "@" + domain.encode("idna").decode("ascii")
    except UnicodeError:
        return address


def _rewrite_input(attrs: list[tuple[str, str | None]], enabled: set[str],
                   applied: set[str], selectors: bool = False) -> list[tuple[str, str | None]]:
    names = {k for k, _ in attrs}
    kind = type_state(next((v for k, v in attrs if k == "type"), None))
    out: list[tuple[str, str | None]] = []
    for name, value in attrs:
        if value is not None and "float-parsing" in enabled and (
                name in ("min", "max") and kind in ("number", "range")
                or name == "step" and kind in _STEPPED) and \
                not _VALID_FLOAT.fullmatch(value) and value.lower() != "any":
            applied.add("float-parsing")
            continue
        if value is not None and name == "step" and kind in ("date", "month", "week") and \
                "integer-date-step" in enabled and _VALID_FLOAT.fullmatch(value) and \
                math.isfinite(float(value)) and float(value) > 0 and \
                float(value) != math.floor(float(value)):
            applied.add("integer-date-step")
            value = str(max(1, math.floor(float(value) + 0.5)))
        if value is not None and name == "value" and kind == "range" and \
                "float-parsing" in enabled and not _VALID_FLOAT.fullmatch(value) and \
                _LENIENT_FLOAT.match(value):
            # (The value is replaced by the default in both; what differs
            # is the step base, which HTML takes from the value attribute.)
            applied.add("float-parsing")
            value = "x"
        if value is not None and name in ("min", "max") and "time-fraction-digits" in enabled \
                and kind in ("time", "datetime-local") and re.search(r"\.[0-9]{4}", value):
            applied.add("time-fraction-digits")
            continue
        if value is not None and name in ("value", "min", "max") and \
                "far-future" in enabled and _beyond_chromium_dates(kind, value):
            applied.add("far-future")
            continue
        if value is not None and name == "value" and kind == "email":
            if "multiple" in names and "email-multiple-newlines" in enabled and \
                    ("\n" in value or "\r" in value):
                applied.add("email-multiple-newlines")
                value = value.replace("\r", "").replace("\n", "")
            if "multiple" in names and "email-trailing-comma" in enabled and selectors and \
                    value.rstrip(_ASCII_WHITESPACE).endswith(","):
                # (Only where values are not read: an invalid last address.)
                applied.add("email-trailing-comma")
                value += "@"
            if "email-punycode" in enabled and \
                    any(not part.isascii() for part in value.split("@")[1:]):
                if "multiple" in names:
                    converted = ",".join(_punycode(part.strip(_ASCII_WHITESPACE))
                                         for part in value.split(","))
                else:
                    converted = _punycode(value.replace("\r", "").replace("\n", "")
                                          .strip(_ASCII_WHITESPACE))
                if converted != value:
                    applied.add("email-punycode")
                    value = converted
        if name == "required" and kind == "radio" and "unnamed-radio" in enabled and \
                not next((v for k, v in attrs if k == "name"), None):
            applied.add("unnamed-radio")
            continue
        out.append((name, value))
    if kind == "image" and "image-barred" in enabled and "readonly" not in names:
        applied.add("image-barred")
        out.append(("readonly", None))
    if kind == "range" and "range-max-below-min" in enabled:
        limits = {k: v for k, v in out if k in ("min", "max") and v is not None
                  and _VALID_FLOAT.fullmatch(v) and math.isfinite(float(v))}
        low = float(limits.get("min", "0"))
        if float(limits.get("max", "100")) < low:
            applied.add("range-max-below-min")
            out = [(k, v) for k, v in out if k != "max"] + [("max", limits.get("min", "0"))]
    if kind == "number" and "step-precision" in enabled and _far_from_base(out):
        applied.add("step-precision")
        out = [(k, v) for k, v in out if k != "step"] + [("step", "any")]
    if kind in _EARLIEST and "empty-in-range" in enabled and _empty_without_limits(out):
        # A minimum no value can be below: an empty value is then in range.
        applied.add("empty-in-range")
        out = [(k, v) for k, v in out if k != "min"] + [("min", _EARLIEST[kind])]
    return out


def _far_from_base(attrs: list[tuple[str, str | None]]) -> bool:
    """Whether a number input's value is 2**52 steps or more from its step
    base (Chromium then finds no step mismatch)."""
    found = {k: v for k, v in attrs if v is not None and _VALID_FLOAT.fullmatch(v)}
    if "value" not in found:
        return False
    step = float(found.get("step", "1"))
    base = float(found.get("min", found["value"]))
    return step > 0 and abs(float(found["value"]) - base) / step >= 2.0 ** 52


#: Values below every valid value of a type, for the empty-in-range rewrite.
_EARLIEST = {"number": "-1e308", "date": "0001-01-01", "month": "0001-01", "week": "0001-W01",
             "time": "00:00", "datetime-local": "0001-01-01T00:00"}


def _empty_without_limits(attrs: list[tuple[str, str | None]]) -> bool:
    """Whether an input with these attributes has an empty value and no
    range limitations, by markup5 (neither depends on the page around
    it for these types)."""
    from markup5 import forms
    doc = markup5.parse("<!DOCTYPE html>" + _make_tag("input", attrs))
    el = next(e for e in iter_elements(doc) if e.local_name == "input")
    return forms.value(el) == "" and not forms.has_range_limitations(el)


def rewrite(page: str, enabled: set[str], selectors: bool = False) -> tuple[str, set[str]]:
    """``page`` with the ``enabled`` deviations (names of
    :data:`DEVIATIONS`) neutralized on every input and select start tag
    (as :func:`generate_page` writes them), and the deviations that changed
    something.  The page's elements stay the same, in the same order.
    With ``selectors``, also those that :func:`explain` recognises by a
    rule, by rewrites that change values (which matching the validity
    pseudo-classes does not read): spaces in URL hosts, an hr before a
    select's placeholder."""
    applied: set[str] = set()

    def input_tag(m: re.Match[str]) -> str:
        here: set[str] = set()
        attrs = _rewrite_input(_parse_tag(m.group()), enabled, here, selectors)
        kind = type_state(next((v for k, v in attrs if k == "type"), None))
        if selectors and kind == "url" and "url-host-space" in enabled:
            value = next((v for k, v in attrs if k == "value"), None) or ""
            found = re.match(r"([\t\n\f\r ]*[a-zA-Z][a-zA-Z0-9+.-]*://)([^/?#]*)", value)
            if found and re.search(r" |%20", found.group(2)):
                host = found.group(2).replace("%20", "x").replace(" ", "x")
                here.add("url-host-space")
                attrs = [(k, found.group(1) + host + value[found.end():] if k == "value" else v)
                         for k, v in attrs]
        applied.update(here)
        return _make_tag("input", attrs) if here else m.group()

    def select_tag(m: re.Match[str]) -> str:
        attrs = _parse_tag(m.group())
        size = next((v for k, v in attrs if k == "size"), None)
        if "select-size-zero" not in enabled or size is None or \
                not re.fullmatch(r"[\t\n\f\r ]*\+?0+(?:\D.*)?", size, re.S):
            return m.group()
        applied.add("select-size-zero")
        return _make_tag("select", [(k, "1" if k == "size" else v) for k, v in attrs])

    page = _INPUT_TAG.sub(input_tag, page)
    page = _SELECT_TAG.sub(select_tag, page)
    if selectors and "select-hr-placeholder" in enabled:
        def hr_first(m: re.Match[str]) -> str:
            applied.add("select-hr-placeholder")
            option = _parse_tag(m.group(2))
            return m.group(1) + _make_tag("option", [(k, v) for k, v in option if k != "value"]
                                          + [("value", " ")])
        page = re.sub(r"(<select\b[^>]*>(?:(?!</select|<option)[^<]|<(?!/select|option)[^>]*>)*?"
                      r"<hr\b[^>]*>(?:(?!</select|<option)[^<]|<(?!/select|option)[^>]*>)*?)"
                      r"(<option\b[^>]*>)", hr_first, page)
    return page, applied


def explain(page: str, ident: str, theirs: dict[str, Any],
            readings: Callable[[str], dict[str, dict[str, Any]]] | None = None) -> list[str]:
    """The deviations (:data:`DEVIATIONS`) that explain why markup5's
    readings of element ``ident`` differ from Chromium's (``theirs``), or
    [] when they do not: with the smallest set found, markup5 on the
    rewritten page answers as Chromium did."""
    read = readings or markup5_readings

    # Forms, fieldsets and objects have no value reading: rewrites that
    # change values may neutralize what their descendants do.
    selectors = "value" not in theirs

    def remaining(enabled: set[str]) -> tuple[list[str], set[str]]:
        text, applied = rewrite(page, enabled, selectors)
        mine = read(text).get(ident)
        if mine is None:
            return ["missing"], applied
        differ = compare(theirs, mine)
        if differ:
            rule = _rule(text, ident, theirs, mine, differ)
            if rule:
                return [], applied | {rule}
        return differ, applied

    everything = set(DEVIATIONS)
    differ, applied = remaining(everything)
    if differ or not applied:
        return []
    needed = set(applied)
    for name in sorted(applied - _RULES):
        trial = needed - {name}
        differ, now = remaining(trial)
        if not differ:
            needed = now
    return sorted(needed)


#: The deviations recognised by a rule on the readings (no rewrite of the
#: page makes markup5 answer as Chromium there).
_RULES = frozenset({"select-hr-placeholder", "url-host-space", "range-serialization",
                    "step-precision", "decimal-precision", "email-trailing-comma",
                    "email-empty-token-pattern"})


def _find_tag(page: str, ident: str) -> tuple[str, dict[str, str | None]]:
    for m in re.finditer(r"<(input|select)\b[^>]*>", page, re.I):
        attrs = dict(_parse_tag(m.group()))
        if attrs.get("id") == ident:
            return m.group(1).lower(), attrs
    return "", {}


def _significant_digits(text: str) -> int:
    mantissa = re.match(r"[\t\n\f\r ]*[-+]?([0-9]*)\.?([0-9]*)", text)
    if not mantissa:
        return 0
    return len((mantissa.group(1) + mantissa.group(2)).strip("0"))


_EXPONENT = re.compile(r"[\t\n\f\r ]*[-+]?[0-9]*\.?[0-9]*[eE]([-+]?[0-9]+)")


def _beyond_doubles(text: str) -> bool:
    """Whether a number's exponent puts it past what a double holds (1e-400
    rounds to 0 and 1e400 parses as an error in HTML; Chromium's decimals
    keep both)."""
    m = _EXPONENT.match(text)
    return m is not None and abs(int(m.group(1))) >= 300


def _rule(page: str, ident: str, theirs: dict[str, Any], mine: dict[str, Any],
          differ: list[str]) -> str:
    """The deviation of :data:`_RULES` that explains ``differ``, or ''."""
    name, attrs = _find_tag(page, ident)
    core = {d for d in differ if d not in _DERIVED and not d.endswith(" (selector)")}
    if name == "select" and core == {"valueMissing"} and not theirs["valueMissing"]:
        start = page.find(f' id="{ident}"')
        content = page[start:page.find("</select>", start)]
        if re.search(r"<hr\b", content[:content.find("<option") + 1 or len(content)]):
            return "select-hr-placeholder"
    kind = type_state(attrs.get("type")) if name == "input" else ""
    if kind == "url" and core == {"typeMismatch"} and not theirs["typeMismatch"]:
        authority = re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]*)", str(mine.get("value", "")))
        if authority and re.search(r" |%20", authority.group(1)):
            return "url-host-space"
    if kind == "email" and "multiple" in attrs:
        text = str(mine.get("value", ""))
        if core == {"typeMismatch", "value"} and theirs["typeMismatch"] and \
                theirs["value"] == text + "," and \
                str(attrs.get("value") or "").rstrip(_ASCII_WHITESPACE).endswith(","):
            return "email-trailing-comma"
        if core == {"patternMismatch"} and not theirs["patternMismatch"] and "" in \
                text.split(","):
            from markup5.forms import compile_pattern
            compiled = compile_pattern(str(attrs.get("pattern") or ""))
            if compiled and all(compiled.matches(v) for v in text.split(",") if v):
                return "email-empty-token-pattern"
    if kind in ("number", "range") and core <= {"value", "stepMismatch", "rangeOverflow",
                                                "rangeUnderflow", "in_range",
                                                "out_of_range"} and \
            any(_significant_digits(v) > 15 or _beyond_doubles(v) for k, v in attrs.items()
                if k in ("value", "min", "max", "step") and v):
        return "decimal-precision"
    if kind == "range" and core == {"value"}:
        try:
            if math.isclose(float(str(theirs["value"])), float(str(mine["value"])),
                            rel_tol=1e-12):
                return "range-serialization"
        except ValueError:
            return ""
    if kind in ("number", "range") and core == {"stepMismatch"} and not theirs["stepMismatch"]:
        try:
            value = float(str(mine.get("value")))
            base = float(str(attrs.get("min") or attrs.get("value") or 0))
            step = float(str(attrs.get("step") or 1))
        except ValueError:
            return ""
        if step > 0 and abs(value - base) / step >= 2.0 ** 52:
            return "step-precision"
    return ""


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------

@dataclass
class Summary:
    forms: int = 0
    controls: int = 0
    #: Elements whose readings differ, unexplained.
    differences: int = 0
    #: Elements whose readings differ where Chromium deviates (DEVIATIONS).
    explained: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        return (f"validity_chromium: {self.forms} forms, {self.controls} controls, "
                f"{self.differences} differences")

    def explained_line(self) -> str:
        parts = ", ".join(f"{name} x{count}" for name, count in sorted(self.reasons.items()))
        return (f"explained by Chromium's deviations from the standard: {self.explained}"
                + (f" ({parts})" if parts else ""))


def _kind(element_markup: str, differ: Sequence[str]) -> str:
    """What a difference is about, to reduce one page per kind: the
    element, its type state, and the readings that differ."""
    tag = re.match(r"<(\w+)", element_markup)
    name = tag.group(1) if tag else "?"
    if name == "input":
        found = re.search(r' type="([^"]*)"', element_markup)
        name += "/" + type_state(html.unescape(found.group(1)) if found else None)
    # The readings that follow from the others (the selector engine's
    # answers, validity.valid, the message, checkValidity) are left out
    # unless nothing else differs.
    core = sorted(d for d in differ if d not in _DERIVED and not d.endswith(" (selector)"))
    return name + ": " + ", ".join(core or sorted(differ))


_DERIVED = frozenset({"validity_valid", "message", "valid", "invalid", "check_validity"})


def _element_markup(pieces: Sequence[str], ident: str) -> str:
    needle = f' id="{ident}"'
    for piece in pieces:
        at = piece.find(needle)
        if at >= 0:
            return piece[piece.rfind("<", 0, at):piece.find(">", at) + 1]
    return ""


def reduce(pieces: list[str], ident: str, differ: Sequence[str],
           read: Callable[[list[str]], list[dict[str, dict[str, Any]]]]) -> str:
    """A smaller page where the element ``ident`` still differs in the same
    readings: pieces dropped, then attributes of the remaining pieces
    (never the id), while the difference stays; ``read`` gives Chromium's
    readings of a batch of pages."""
    wanted = set(differ)

    def still(candidates: list[list[str]]) -> int:
        pages = ["".join(c) for c in candidates]
        for i, (page, theirs) in enumerate(zip(pages, read(pages))):
            if ident in theirs:
                mine = markup5_readings(page).get(ident)
                if mine is not None and set(compare(theirs[ident], mine)) == wanted:
                    return i
        return -1

    current = list(pieces)
    size = max(1, len(current) // 2)
    while True:  # drop runs of pieces, halving the run length (ddmin)
        candidates = [current[:i] + current[i + size:] for i in range(0, len(current), size)
                      if not any(f' id="{ident}"' in piece for piece in current[i:i + size])]
        found = -1
        for start in range(0, len(candidates), 40):
            found = still(candidates[start:start + 40])
            if found >= 0:
                current = candidates[start + found]
                break
        if found < 0:
            if size == 1:
                break
            size = max(1, size // 2)
    attribute = re.compile(r' [\w-]+(?:="[^"]*")?')
    changed = True
    while changed:
        changed = False
        candidates = []
        for i, piece in enumerate(current):
            for m in attribute.finditer(piece):
                if m.group().startswith(' id="'):
                    continue
                candidates.append(current[:i] + [piece[:m.start()] + piece[m.end():]]
                                  + current[i + 1:])
        for start in range(0, len(candidates), 40):
            found = still(candidates[start:start + 40])
            if found >= 0:
                current = candidates[start + found]
                changed = True
                break
    return "".join(current)


def run(pages: Iterable[list[str]], browser: Browser, *, batch: int = 50,
        findings: list[dict[str, Any]] | None = None, minimize: int = 40,
        progress: bool = False) -> Summary:
    """Compare every page's readings; each differing element is a finding
    (reduced for the first ``minimize`` kinds of difference)."""
    summary = Summary()
    pending: list[list[str]] = []
    reduced: set[str] = set()

    def flush() -> None:
        texts = ["".join(p) for p in pending]
        for pieces, text, theirs in zip(pending, texts, browser.read(texts)):
            summary.forms += 1
            mine = markup5_readings(text)
            cached: dict[str, dict[str, dict[str, Any]]] = {text: mine}

            def readings(page: str) -> dict[str, dict[str, Any]]:
                if page not in cached:
                    cached[page] = markup5_readings(page)
                return cached[page]
            for ident, reading in theirs.items():
                summary.controls += 1
                ours = mine.get(ident)
                if ours is None:
                    differ = ["missing in markup5"]
                else:
                    differ = compare(reading, ours)
                if not differ:
                    continue
                reasons = explain(text, ident, reading, readings) if ours is not None else []
                if reasons:
                    summary.explained += 1
                    for reason in reasons:
                        summary.reasons[reason] = summary.reasons.get(reason, 0) + 1
                    continue
                summary.differences += 1
                markup = _element_markup(pieces, ident)
                kind = _kind(markup, differ)
                summary.kinds[kind] = summary.kinds.get(kind, 0) + 1
                if findings is None:
                    continue
                finding: dict[str, Any] = {"kind": kind, "id": ident, "element": markup,
                                           "differ": differ}
                if kind not in reduced and len(reduced) < minimize and ours is not None:
                    reduced.add(kind)
                    small = reduce(pieces, ident, differ, browser.read)
                    finding["page"] = small
                    finding["chromium"] = browser.read([small])[0].get(ident)
                    finding["markup5"] = markup5_readings(small).get(ident)
                else:
                    finding["page"] = text
                    finding["chromium"] = reading
                    finding["markup5"] = ours
                findings.append(finding)
        if progress:
            print(f"{summary.line()}", file=sys.stderr)
        pending.clear()

    for pieces in pages:
        pending.append(pieces)
        if len(pending) >= batch:
            flush()
    if pending:
        flush()
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000, help="pages (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=50, help="pages per Runtime.evaluate")
    parser.add_argument("--findings", type=Path, default=Path("validity_chromium_findings.jsonl"))
    parser.add_argument("--minimize", type=int, default=40,
                        help="kinds of difference reduced (default 40)")
    parser.add_argument("--chromium", help="the Chromium binary (default: $CHROMIUM or PATH)")
    parser.add_argument("--page", action="append",
                        help="read this page on both sides and print the readings (repeatable)")
    parser.add_argument("--patterns", type=int, default=0,
                        help="also N random pattern attributes against Chromium's v-flag RegExp")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    browser = Browser(args.chromium)
    try:
        if args.page:
            for page, theirs in zip(args.page, browser.read(args.page)):
                mine = markup5_readings(page)
                for ident, reading in theirs.items():
                    ours = mine.get(ident, {})
                    print(ident, json.dumps({"chromium": reading, "differ": compare(reading, ours)},
                                            ensure_ascii=False))
            return 0
        rng = random.Random(args.seed)
        findings: list[dict[str, Any]] = []
        started = time.monotonic()
        if args.patterns:
            cases, differ, undecided, unsupported = run_patterns(
                pattern_cases(random.Random(f"patterns {args.seed}"), args.patterns), browser,
                findings)
            print(f"validity_chromium patterns: {cases} patterns, {differ} differences "
                  f"({undecided} undecided by markup5, {unsupported} with a Unicode property "
                  f"markup5 has no data for)")
        summary = run((generate_page(rng) for _ in range(args.count)), browser,
                      batch=args.batch, findings=findings, minimize=args.minimize,
                      progress=args.progress)
    finally:
        browser.close()
    with args.findings.open("w", encoding="utf-8") as out:
        for finding in findings:
            out.write(json.dumps(finding, ensure_ascii=False) + "\n")
    print(f"{time.monotonic() - started:.0f} s, {browser.version}, seed {args.seed}")
    for kind, count in sorted(summary.kinds.items(), key=lambda item: -item[1]):
        print(f"  {count:6d}  {kind}")
    print(summary.explained_line())
    print(summary.line())
    return 0 if not summary.differences else 1


if __name__ == "__main__":
    sys.exit(main())
