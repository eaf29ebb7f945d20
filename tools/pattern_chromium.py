#!/usr/bin/env python3
"""Chromium's answers for HTML ``pattern`` attributes, recorded as a fixture.

For each case (a pattern and some values) headless Chromium evaluates what
HTML's "compiled pattern regular expression" is built from::

    new RegExp(pattern, "v")                       // compiles?
    new RegExp("^(?:" + pattern + ")$", "v").test(value)

and the answers are written to ``tests/fixtures/pattern_chromium.json``,
which ``tests/test_forms_pattern.py`` compares ``markup5.forms._pattern``
against.  The cases are a hand-written list (the syntax rules of v mode, one
or two cases each) plus random patterns from a small grammar (seeded, so the
fixture is reproducible): well-formed ones over the letters ``a``/``b``,
tested against every string of ``a``/``b`` up to length 4, and noisy ones
made of syntax characters, which exercise the syntax-error rules.

A development tool; it needs a Chromium binary (``--chromium`` or
``$CHROMIUM``)::

    python tools/pattern_chromium.py            # regenerate the fixture
    python tools/pattern_chromium.py --compare  # compare markup5 with it

Exit status of ``--compare``: 0 when every decided case agrees, 1 otherwise.
"""

from __future__ import annotations

import argparse
import html
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_diff import find_chromium  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "pattern_chromium.json"

_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--mute-audio",
]

#: Values tried on every hand-written pattern, besides its own.
COMMON_VALUES = ["", "a", "ab", "abc", "A", "1", "a1", "-", " ", "\n", "aa", "b"]

#: (pattern, extra values).  Grouped by the rule they check.
HAND_WRITTEN: list[tuple[str, list[str]]] = [
    # Literals, alternatives, quantifiers.
    ("abc", ["abcd", "ab"]), ("a|b", []), ("a|", []), ("|", []), ("", []),
    ("a*", ["aaa"]), ("a+", ["aaa"]), ("a?", []), ("a*?", ["aaa"]), ("a+?b", ["aab"]),
    ("a{2}", ["aa", "aaa"]), ("a{2,}", ["aa", "aaaa"]), ("a{1,2}", ["aaa"]),
    ("a{0}", []), ("a{0,0}", []), ("a{2,1}", []), ("a{,2}", []), ("a{", []),
    ("a{1", []), ("a{1,", []), ("a{1,2", []), ("{", []), ("}", []), ("a}", []),
    ("]", []), ("a{x}", []), ("*", []), ("+a", []), ("a**", []), ("a*+", []),
    ("a??", []), ("a{2}?", ["aa"]), ("a{99999999999999999999}", []),
    ("a{0,99999999999999999999}", ["aaaa"]), ("(?:a{3}){2}", ["aaaaaa", "aaaaa"]),
    ("(?:a|b){2,3}", ["ab", "aba", "abab"]), ("(?:a*)*", ["aaa"]), ("(?:a?)+", []),
    ("(?:)*", []), ("(?:a*){2,}", ["aaa"]),
    ("[ab]{17,18}", ["a" * 16, "a" * 17, "ab" * 9, "a" * 19]), ("\\d{0,20}", ["1" * 20, "1" * 21]),
    ("(?:x|[a-c]{20})+", ["x" + "a" * 20 + "x", "a" * 40, "a" * 39]),
    ("a*(?<=a{17})b", ["a" * 17 + "b", "a" * 16 + "b"]), ("(?=.{17,})\\w+", ["a" * 17, "a" * 16]),
    ("(?:a{17})*", ["a" * 34, "a" * 33, ""]), ("(?:[a-z]{1,100}\\.)+", ["ab.c" * 5 + ".", "a" * 101 + "."]),
    ("(?i:[a-z]{18})", ["A" * 18, "\u017f" * 18]), (".{2,20}$", ["\U0001F600" * 20, "\n" * 2]),
    # Groups.
    ("(a)", []), ("(?:a)", []), ("(", []), (")", []), ("(a", []), ("a)", []),
    ("(?a)", []), ("(?", []), ("()", []), ("(?:)", []),
    ("(?<n>a)", []), ("(?<n>a)|(?<n>b)", []), ("(?<n>a)(?<n>b)", []),
    ("(?<n>(?<n>a))", []), ("(?:(?<n>a)|b)(?<n>c)", ["ac"]),
    ("(?:(?<n>a)|(?<n>b))", []), ("((?<n>a)|(?<n>b))|(?<n>c)", []),
    ("(?<n>a)|((?<n>b)|(?<n>c))", []), ("(?<1n>a)", []), ("(?<$x_>a)", []),
    ("(?<\\u0061>a)", []), ("(?<\\u{61}b>a)", []), ("(?<a\\u0030>a)", []),
    ("(?<\\u0030>a)", []), ("(?<>a)", []), ("(?<a", []), ("(?<é>a)", []),
    ("(?<a-b>a)", []), ("(?<\\ud835\\udc9c>a)", []),
    # Modifiers.
    ("(?i:a)", ["A"]), ("(?i:[a-c])", ["B"]), ("(?-i:a)", ["A"]), ("(?i-s:a)", []),
    ("(?ii:a)", []), ("(?i-i:a)", []), ("(?-:a)", []), ("(?i-:a)", ["A"]),
    ("(?x:a)", []), ("(?i)a", []), ("(?m:^a$)", []), ("(?s:.)", ["\n"]),
    ("(?m:a$\\n^b)", ["a\nb"]), ("(?i:\\w)", ["\u017f", "\u212a"]),
    ("(?i:[^a])", ["A", "b"]), ("(?i:\\W)", ["\u017f", "-"]),
    ("(?i:\\p{Lu})", ["a", "A", "1"]), ("(?i:\\P{Lu})", ["a", "A", "1"]),
    ("(?i:[\\p{Lu}--[A-Z]])", ["a", "A", "\u00c9", "\u00e9"]),
    ("(?i:\u00df)", ["\u1e9e", "ss"]), ("(?i:\u03c3)", ["\u03a3", "\u03c2"]),
    ("(?i:k)", ["\u212a", "K"]), ("(?i:\\bk\\b)", ["\u212a"]),
    ("(?i:a(?-i:b))", ["Ab", "AB"]),
    # Assertions.
    ("^a", []), ("a$", []), ("^*", []), ("$+", []), ("\\b", []), ("\\ba\\b", []),
    ("a\\B", []), ("\\b*", []), ("\\B{2}", []), ("a\\bb", ["a-b", "ab"]),
    ("a\\b-", ["a-"]), ("(?=a)a", []), ("(?!a)\\w", []), ("(?<=a)b", ["ab"]),
    ("a(?<=a)b", ["ab"]), ("a(?<!a)b", ["ab"]), ("(?=a)*", []), ("(?=a){1}", []),
    ("(?<=a)?", []), ("(?!a)+", []), ("a(?=b)\\w", ["ab", "ac"]),
    ("(?=(?!b)a)a", []), ("\\w+(?<=c)", ["abc", "abd"]),
    ("(?<=(?<!b)a)x", ["ax"]), ("a(?<=(?<!b)a)x", ["ax"]),
    ("(?=a|b)(?:ab|ba)", ["ab", "ba"]), ("(?:(?=a)a|b)+", ["abab"]),
    # Dot and line terminators.
    (".", ["\n", "\r", "\u2028", "\u2029", "\u0085", "\U0001F600"]),
    (".+", ["a\nb"]), ("[^]", ["\n"]), ("[]", []),
    # Escapes.
    ("\\d", ["5", "\u0665"]), ("\\D", ["5", "x"]), ("\\s", ["\t", "\u00a0", "\ufeff", "\u200b"]),
    ("\\S", []), ("\\w", ["_", "\u00e9"]), ("\\W", ["_", "-"]),
    ("\\u0061", []), ("\\u{61}", []), ("\\u{0000000061}", []), ("\\u{110000}", []),
    ("\\u{}", []), ("\\u{1F600}", ["\U0001F600"]), ("\\ud83d\\ude00", ["\U0001F600"]),
    ("\\ud83d", ["\ud83d"]), ("\\ude00", ["\ude00"]), ("\\u12", []), ("\\u", []),
    ("\\x41", ["A"]), ("\\x4", []), ("\\x", []), ("\\cA", ["\x01"]), ("\\cz", ["\x1a"]),
    ("\\c1", []), ("\\c", []), ("\\0", ["\x00"]), ("\\00", []), ("\\01", []), ("\\0a", ["\x00a"]),
    ("\\f\\n\\r\\t\\v", ["\f\n\r\t\v"]), ("\\-", []), ("\\/", ["/"]), ("/", ["/"]),
    ("\\a", []), ("\\e", []), ("\\z", []), ("\\_", []), ("\\ ", []), ("\\.", ["."]),
    ("\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|", ["^$\\.*+?()[]{}|"]),
    ("\\", []), ("a\\", []), ("\\k", []), ("\\k<a>", []), ("\\q{a}", []),
    ("\\p", []), ("\\P", []), ("\\p{", []), ("\\p{}", []), ("\\p{L", []),
    # Backreferences.
    ("(a)\\1", ["aa", "ab"]), ("\\1(a)", ["a"]), ("\\1", []), ("(a)\\2", []),
    ("(a)|\\1b", ["b"]), ("(?<n>a)\\k<n>", ["aa"]), ("\\k<n>(?<n>a)", ["a"]),
    ("(?<n>a)\\k<m>", []), ("(?<n>a|b)\\k<n>", ["aa", "bb", "ab"]),
    ("(?:(?<n>a)|(?<n>b))\\k<n>", ["aa", "bb", "ab"]),
    ("(a|ab)\\1", ["abab", "aa", "aab"]), ("(a*)b\\1", ["aabaa", "aaba", "b"]),
    ("(a)+\\1", ["aaa"]), ("(?:(a)|b)+\\1", ["aba", "abb", "ab"]),
    ("(a*)*\\1", ["aa"]), ("(a?)*?\\1", ["a", ""]), ("(?=(a+))a*b\\1", ["aaba", "aabaa"]),
    ("(?<=\\1(a))b", ["aab", "ab"]), ("(?<=(a)\\1)b", ["aab"]),
    ("(?!(a))\\1", [""]), ("(.)(.)\\2\\1", ["abba", "abab"]),
    ("(a)\\10", ["aa0"]), ("()()()()()()()()()()\\10", [""]),
    # Classes (v mode).
    ("[abc]", []), ("[a-c]", ["b"]), ("[^a-c]", ["d"]), ("[c-a]", []), ("[a-]", []),
    ("[-a]", []), ("[a-b-c]", []), ("[\\-]", ["-"]), ("[a\\-z]", ["-", "b"]),
    ("[(]", []), ("[)]", []), ("[[]", []), ("[{]", []), ("[}]", []), ("[/]", []),
    ("[|]", []), ("[\\(\\)\\[\\]\\{\\}\\/\\-\\\\\\|]", ["(", "|"]),
    ("[&]", ["&"]), ("[a&]", []), ("[&&]", []), ("[a&&]", []), ("[&&a]", []),
    ("[a&&b]", []), ("[a&&&b]", []), ("[a&&\\&b]", []), ("[\\w&&\\d]", ["1", "a"]),
    ("[\\w&&[a-c]&&[b-d]]", ["b", "a"]), ("[ab&&a]", []), ("[a-c&&b]", []),
    ("[a--b]", []), ("[\\w--\\d]", ["1", "a"]), ("[\\w--[a-c]--b]", ["d", "a"]),
    ("[a--b&&c]", []), ("[a&&b--c]", []), ("[a-c--b]", []), ("[a---b]", []),
    ("[[a-c]--b]", ["a", "b"]), ("[[a]]", []), ("[[^a]]", ["b"]), ("[^[a]]", ["b"]),
    ("[^[^a]]", []), ("[[a][b]]", ["b"]), ("[[a]b]", ["b"]), ("[a[b]]", ["b"]),
    ("[a[b]--c]", []), ("[[[[a]]]]", []), ("[[a]", []), ("[a]]", []),
    ("[!!]", []), ("[!]", ["!"]), ("[##]", []), ("[$$]", []), ("[%%]", []),
    ("[**]", []), ("[++]", []), ("[,,]", []), ("[..]", []), ("[::]", []), ("[;;]", []),
    ("[<<]", []), ("[==]", []), ("[>>]", []), ("[??]", []), ("[@@]", []), ("[^^]", []),
    ("[^^^]", []), ("[a^^]", []), ("[``]", []), ("[~~]", []), ("[!#]", ["#"]),
    ("[\\!\\#\\%\\,\\:\\;\\<\\=\\>\\@\\`\\~\\&]", ["!", "~"]), ("[\\$]", ["$"]),
    ("[\\*]", []), ("[\\+]", []), ("[\\.]", []), ("[\\?]", []), ("[\\^]", ["^"]),
    ("[\\\"]", []), ("[\\']", []), ("[\\_]", []), ("[\\a]", []), ("[\\ ]", []),
    ("[\\b]", ["\b"]), ("[\\B]", []), ("[\\1]", []), ("[\\0]", ["\x00"]),
    ("[\\k]", []), ("[\\cA]", ["\x01"]), ("[\\c_]", []), ("[\\x41-\\x43]", ["B"]),
    ("[\\u{1F600}-\\u{1F64F}]", ["\U0001F610"]), ("[\\d-z]", []), ("[a-\\d]", []),
    ("[\\q{abc}]", ["abc"]), ("[\\q{abc|d|}]", ["abc", "d", ""]), ("[\\q{}]", [""]),
    ("[\\q{a|b}]", ["a"]), ("[^\\q{a|b}]", ["c"]), ("[^\\q{ab}]", []),
    ("[^\\q{}]", []), ("[\\q{ab}--\\q{ab}]", ["ab"]), ("[^[\\q{ab}--\\q{ab}]]", []),
    ("[\\q{ab}&&a]", []), ("[^\\q{ab}&&a]", []), ("[^a&&\\q{ab}]", []),
    ("[^[\\q{ab}]--\\q{x}]", []), ("[^a--\\q{ab}]", ["b"]), ("[\\q{a\\|b}]", ["a|b"]),
    ("[\\q{(}]", []), ("[\\q{\\(}]", ["("]), ("[\\q{a", []), ("[\\q{\\d}]", []),
    ("[\\q{\\q{a}}]", []), ("[\\qa]", []), ("[\\q]", []), ("[\\q{a&&b}]", []),
    ("[\\q{ab}a-c]x", ["abx", "bx"]), ("[\\q{ab|a}]b", ["ab", "abb"]),
    ("(?i:[\\q{AB}])", ["ab", "aB"]), ("(?i:[\\q{ab}--\\q{AB}])", ["ab"]),
    # Properties.
    ("\\p{L}", ["a", "1"]), ("\\p{Letter}", ["a"]), ("\\p{gc=L}", ["a"]),
    ("\\p{General_Category=Lu}", ["A", "a"]), ("\\p{General_Category=Letter}", ["a"]),
    ("\\p{letter}", []), ("\\p{Lu}", ["A"]), ("\\P{Lu}", ["A"]), ("\\p{LC}", ["a", "\u01c5"]),
    ("\\p{Cased_Letter}", ["a"]), ("\\p{Nd}", ["\u0665"]), ("\\p{digit}", ["5"]),
    ("\\p{punct}", ["!"]), ("\\p{cntrl}", ["\x01"]), ("\\p{Combining_Mark}", ["\u0301"]),
    ("\\p{Cn}", ["\U000E0080", "\uffff"]), ("\\p{Cs}", ["\ud800"]), ("\\p{Co}", ["\ue000"]),
    ("\\p{gc=Cs}", ["\udc00"]), ("\\p{Zs}", [" "]), ("\\p{Any}", ["\U0010ffff"]),
    ("\\p{ASCII}", ["\x7f", "\x80"]), ("\\p{Assigned}", ["\U000E0080"]),
    ("\\p{AHex}", ["f", "g"]), ("\\p{ASCII_Hex_Digit}", ["F"]), ("\\p{Hex}", ["\uff21"]),
    ("\\p{White_Space}", ["\u0085", "\u200b"]), ("\\p{space}", [" "]),
    ("\\p{Lowercase}", ["\u00aa", "a"]), ("\\p{Uppercase}", ["\u2160"]),
    ("\\p{Cased}", ["\u00aa"]), ("\\p{CI}", ["'", "."]), ("\\p{CWL}", ["A"]),
    ("\\p{CWU}", ["a", "\u00df"]), ("\\p{CWT}", ["\u01c6"]), ("\\p{CWCF}", ["\u00df"]),
    ("\\p{CWCM}", ["a"]), ("\\p{Bidi_M}", ["("]), ("\\p{Bidi_C}", ["\u200e"]),
    ("\\p{Join_C}", ["\u200d"]), ("\\p{NChar}", ["\ufdd0", "\U0010fffe"]),
    ("\\p{Pat_WS}", ["\u200e"]), ("\\p{RI}", ["\U0001f1e6"]), ("\\p{VS}", ["\ufe0f"]),
    ("\\p{XIDS}", ["a", "_"]), ("\\p{XIDC}", ["_", "1"]), ("\\p{UIdeo}", ["\u4e00", "\ufa0e"]),
    ("\\p{Lowercase_Letter}", []), ("\\p{lowercase_letter}", []), ("\\p{L=L}", []),
    ("\\p{Script=Latin}", ["a"]), ("\\p{sc=Latn}", ["a"]), ("\\p{scx=Grek}", []),
    ("\\p{Script=Nope}", []), ("\\p{sc=Hrkt}", []), ("\\p{Script=Katakana_Or_Hiragana}", []),
    ("\\p{sc=Qaac}", ["\u2c80"]), ("\\p{sc=Zinh}", ["\u0300"]), ("\\p{scx=Zyyy}", ["\u0660"]),
    ("\\p{Script=latin}", []), ("\\p{Script=Latin}\\p{scx=Arab}", ["a\u0660", "a\u0627"]),
    ("[\\p{sc=Grek}--\\p{Lu}]", ["\u03b1", "\u0391"]), ("\\p{Latin}", []), ("\\p{Latn}", []),
    ("\\p{Script_Extensions=Hira}", ["\u30fc", "\u3042"]), ("\\p{ExtPict}", ["\u00a9"]),
    ("\\p{IDS}", ["a", "1"]), ("\\p{Gr_Ext}", ["\u200c"]), ("\\p{Math}", ["+", "^"]), ("\\p{Block=Basic_Latin}", []), ("\\p{ID_Start}", ["a"]),
    ("\\p{Alphabetic}", ["a"]), ("\\p{Emoji}", []), ("\\p{RGI_Emoji}", ["\U0001F600"]),
    ("\\P{RGI_Emoji}", []), ("[^\\p{RGI_Emoji}]", []), ("[\\p{RGI_Emoji}--\\q{x}]", []),
    ("\\p{Basic_Emoji}", ["\u231a", "\u00a9\ufe0f", "\u00a9"]),
    ("\\p{Emoji_Keycap_Sequence}", ["1\ufe0f\u20e3", "1\u20e3"]),
    ("\\p{RGI_Emoji}+", ["\U0001F600\U0001F1FA\U0001F1F8", "\U0001F1FA"]),
    ("[\\p{RGI_Emoji}--\\p{Basic_Emoji}]", ["\U0001F600", "\U0001F44D\U0001F3FB"]),
    ("[\\p{RGI_Emoji_Flag_Sequence}&&\\q{\\u{1F1FA}\\u{1F1F8}|x}]", ["\U0001F1FA\U0001F1F8"]),
    ("\\p{CWKCF}", ["A"]), ("\\p{Changes_When_NFKC_Casefolded}", ["a"]),
    ("(?i:\\p{RGI_Emoji})", ["\U0001F600"]), ("\\p{RGI_Emoji}{2}", ["\u0031\ufe0f\u20e3\u231a"]), ("\\p{IDS_Unary_Operator}", []),
    ("\\p{ID_Compat_Math_Start}", []), ("\\p{InCB=Linker}", []), ("\\p{Lu", []),
    ("\\p{L}{2}", ["ab"]), ("[\\p{L}--\\p{Ll}]", ["A", "a"]), ("[\\p{L}&&\\p{ASCII}]", ["\u00e9"]),
    ("[^\\p{L}]", ["1"]), ("[\\P{L}]", ["1"]), ("\\p{ L}", []), ("\\p{L }", []),
    # Code points beyond the BMP count as one.
    ("^.$", ["\U0001F600"]), ("..", ["\U0001F600"]), ("[\U0001F600]", ["\U0001F600"]),
    ("\U0001F600{2}", ["\U0001F600\U0001F600"]), ("\\uD83D\\uDE00", ["\U0001F600"]),
    ("[\\uD83D\\uDE00]", ["\U0001F600", "\ud83d"]),
    # Real-world patterns.
    ("[0-9]{5}(-[0-9]{4})?", ["12345", "12345-6789", "1234"]),
    ("[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$", ["me@example.com", "bad@"]),
    ("\\d{3}[\\-]\\d{3}[\\-]\\d{4}", ["555-123-4567"]),
    ("[A-Za-z]{3}", ["abc", "ab1"]), ("(?:\\+\\d{1,3} )?\\d+", ["+44 123", "123"]),
    ("https?://.+", ["http://x", "ftp://x"]), ("[^@\\s]+@[^@\\s]+", ["a@b", "a b@c"]),
    ("[a-zA-Z0-9-_]+", []), ("[a-zA-Z0-9\\-_]+", ["a-_"]), ("\\w+-\\w+", ["a-b"]),
    ("[\\w-]+", []), ("[\\w\\-]+", ["a-b"]), ("(?:[01]\\d|2[0-3]):[0-5]\\d", ["23:59", "24:00"]),
]


def _random_structured(rng: random.Random, depth: int = 0) -> str:
    """A well-formed pattern over the letters a and b (mostly)."""
    choice = rng.random()
    if depth > 3 or choice < 0.35:
        return rng.choice(["a", "b", ".", "[ab]", "[^a]", "\\w", "[a--b]",
                           "[\\q{ab|b}]", "(?i:A)", "a", "b", ""])
    if choice < 0.55:
        return "".join(_random_structured(rng, depth + 1) for _ in range(rng.randint(2, 3)))
    if choice < 0.65:
        return _random_structured(rng, depth + 1) + "|" + _random_structured(rng, depth + 1)
    if choice < 0.85:
        atom = rng.choice(["(?:{})", "({})", "(?<x>{})" if depth == 0 else "({})"]).format(
            _random_structured(rng, depth + 1))
        return atom + rng.choice(["*", "+", "?", "{2}", "{1,2}", "{0,3}", "*?", "", "{2,}"])
    return rng.choice(["(?={})", "(?!{})", "(?<={})", "(?<!{})", "\\b{}", "{}\\B",
                       "^{}", "{}$"]).format(_random_structured(rng, depth + 1))


def _random_rich(rng: random.Random) -> str:
    """A pattern with the rarer constructs: backreferences, captures in
    lookarounds, set operations, modifiers, lazy and counted repetition."""
    groups = 0
    names: list[str] = []

    def atom(depth: int) -> str:
        nonlocal groups
        r = rng.random()
        if depth > 3 or r < 0.3:
            return rng.choice([
                "a", "b", "A", ".", "\\n", "[ab]", "[^b]", "[\\w--[b]]", "[a&&[ab]]",
                "[\\q{ab|}]", "[[a-c]--[b\\q{c}]]", "\\W", "\\s", "(?i:a)", "(?i:[\\q{Ab}])",
                "\\p{Lu}", "\\P{Ll}", "(?m:^)", "(?m:$)", "(?s:.)", "\\b", "\\B", "^", "$"])
        if r < 0.4 and groups:
            if names and rng.random() < 0.3:
                return f"\\k<{rng.choice(names)}>"
            return f"\\{rng.randint(1, groups + 1)}"
        if r < 0.6:
            inner = seq(depth + 1)
            kind = rng.choice(["(", "(?:", "(?<", "(?i:", "(?-i:", "(?=", "(?!", "(?<=", "(?<!"])
            if kind == "(":
                groups += 1
            if kind == "(?<":
                groups += 1
                name = rng.choice(["x", "y"])
                names.append(name)
                kind = f"(?<{name}>"
            text = kind + inner + ")"
            if kind.startswith("(?=") or kind.startswith("(?!") or kind.startswith("(?<=") \
                    or kind.startswith("(?<!"):
                return text
            return text + quantifier()
        if r < 0.75:
            return seq(depth + 1) + "|" + seq(depth + 1)
        return atom(depth + 1) + quantifier()

    def quantifier() -> str:
        return rng.choice(["", "", "*", "+", "?", "??", "*?", "+?", "{2}", "{0,2}", "{1,}?", "{0}"])

    def seq(depth: int) -> str:
        return "".join(atom(depth) for _ in range(rng.randint(1, 3)))

    return seq(0)


_CLASS_NOISE = list("ab-^&!#$%*+,.:;<=>?@`~|()[]{}/\\dwqp") + [
    "&&", "--", "\\q{", "\\p{L}", "[", "]", "a-z", "\\-", "\\&"]


def _random_class(rng: random.Random) -> str:
    return "[" + "".join(rng.choice(_CLASS_NOISE) for _ in range(rng.randint(0, 6))) + "]"


_NOISE = list("ab-^$\\.*+?()[]{}|&!#:<=>,012dwsSpPqkuvcx/") + [
    "(?:", "(?<", "(?=", "(?<!", "\\q{", "\\p{L}", "&&", "--", "\\k<a>", "(?i:", "[^"]


def _random_noise(rng: random.Random) -> str:
    return "".join(rng.choice(_NOISE) for _ in range(rng.randint(1, 7)))


def cases(seed: int = 41, structured: int = 400, rich: int = 1500, noise: int = 2500,
          classes: int = 1500) -> list[dict[str, Any]]:
    """The cases: a list of {"pattern", "values"}."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()

    def add(pattern: str, values: list[str]) -> None:
        if pattern in seen:
            return
        seen.add(pattern)
        unique = list(dict.fromkeys(values))
        out.append({"pattern": pattern, "values": unique})

    for pattern, extra in HAND_WRITTEN:
        add(pattern, extra + COMMON_VALUES)
    rng = random.Random(seed)
    ab_strings = ["".join(t) for n in range(5) for t in itertools.product("ab", repeat=n)]
    while len(seen) < len(HAND_WRITTEN) + structured:
        add(_random_structured(rng), ab_strings + ["A", "aB", "a-"])
    rich_values = ["".join(t) for n in range(4) for t in itertools.product("abA", repeat=n)]
    rich_values += ["a\nb", "\na", "ab\n", "a-b", "aB", "Ab"]
    target = len(seen) + rich
    while len(seen) < target:
        add(_random_rich(rng), rich_values)
    target = len(seen) + noise
    while len(seen) < target:
        add(_random_noise(rng), ["", "a", "ab", "-"])
    target = len(seen) + classes
    while len(seen) < target:
        add(_random_class(rng), ["", "a", "b", "ab", "-", "&", "["])
    # Limits: nesting, number of captures.
    add("(" * 1000 + "a" + ")" * 1000, ["a"])
    add("(?:" * 5000 + "a" + ")" * 5000, ["a"])
    add("[" * 500 + "a" + "]" * 500, ["a"])
    add("()" * 32767, [""])
    add("()" * 32768, [""])
    add("(?:a{1000}){1000}", ["a" * 10])
    return out


_PAGE = """<!DOCTYPE html><meta charset=utf-8><title>pattern</title><body><script>
const CASES = %s;
const esc = s => s.replace(/[\\u007f-\\uffff]/g,
  c => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
const results = [];
for (const c of CASES) {
  const r = {pattern: c.pattern};
  try { new RegExp(c.pattern, "v"); r.compiles = true; }
  catch (e) { r.compiles = false; r.error = String(e.message).split("/v: ").pop().slice(0, 80); }
  if (r.compiles) {
    r.values = [];
    let re = null;
    try { re = new RegExp("^(?:" + c.pattern + ")$", "v"); } catch (e) { r.anchored_error = String(e); }
    for (const v of c.values) {
      let m;
      try { m = re ? re.test(v) : null; } catch (e) { m = "error: " + String(e.message).slice(0, 80); }
      r.values.push([v, m]);
    }
  }
  results.push(r);
}
document.body.textContent = "@@@" + esc(JSON.stringify(results)) + "@@@";
</script>
"""


_PROPERTY_PAGE = """<!DOCTYPE html><meta charset=utf-8><title>properties</title><body><script>
const NAMES = %s;
// Every code point but the surrogates, in order: a run of matches is a range.
const parts = [];
for (let cp = 0; cp < 0x110000; cp++) if (cp < 0xD800 || cp > 0xDFFF) parts.push(String.fromCodePoint(cp));
const ALL = parts.join("");
const out = {};
for (const name of NAMES) {
  const ranges = [];
  let one;
  try { one = new RegExp("^\\\\p{" + name + "}$", "v"); } catch (e) { out[name] = null; continue; }
  let start = -1;
  for (let cp = 0xD800; cp <= 0xE000; cp++) {   // lone surrogates, one by one
    const inside = cp < 0xE000 && one.test(String.fromCharCode(cp));
    if (inside && start < 0) start = cp;
    if (!inside && start >= 0) { ranges.push([start, cp - 1]); start = -1; }
  }
  for (const m of ALL.matchAll(new RegExp("\\\\p{" + name + "}+", "gv"))) {
    const first = m[0].codePointAt(0);
    const last = m[0].codePointAt(m[0].length - (m[0].length > 1 && m[0].charCodeAt(m[0].length - 1) >= 0xDC00 && m[0].charCodeAt(m[0].length - 1) <= 0xDFFF ? 2 : 1));
    if (first < 0xD800 && last > 0xDFFF) {
      ranges.push([first, 0xD7FF]); ranges.push([0xE000, last]);
    } else ranges.push([first, last]);
  }
  out[name] = ranges;
}
document.body.textContent = "@@@" + JSON.stringify(out) + "@@@";
</script>
"""


_FOLD_PAGE = """<!DOCTYPE html><meta charset=utf-8><title>folding</title><body><script>
const CANDIDATES = %s;
const out = {};
for (const [cp, others] of CANDIDATES) {
  const re = new RegExp("^(?i:\\\\u{" + cp.toString(16) + "})$", "v");
  out[cp] = others.filter(o => re.test(String.fromCodePoint(o)));
}
document.body.textContent = "@@@" + JSON.stringify(out) + "@@@";
</script>
"""


_STRINGS_PAGE = """<!DOCTYPE html><meta charset=utf-8><title>strings</title><body><script>
const NAMES = %s;
const CANDIDATES = %s;
const out = {};
for (const name of NAMES) {
  const re = new RegExp("^\\\\p{" + name + "}$", "v");
  out[name] = CANDIDATES.filter(c => re.test(c)).map(
    c => [...c].map(ch => ch.codePointAt(0).toString(16)).join("."));
}
document.body.textContent = "@@@" + JSON.stringify(out) + "@@@";
</script>
"""

#: The properties of strings.
STRING_PROPERTY_NAMES = ["Basic_Emoji", "Emoji_Keycap_Sequence", "RGI_Emoji_Modifier_Sequence",
                         "RGI_Emoji_Flag_Sequence", "RGI_Emoji_Tag_Sequence",
                         "RGI_Emoji_ZWJ_Sequence", "RGI_Emoji"]


def string_candidates() -> list[str]:
    """Strings to test the properties of strings on: every string and code
    point of markup5's RGI_Emoji, each without its last code point, without
    its U+FE0F, and with a U+FE0F added."""
    from markup5.forms import _pattern_sets

    chars, strings = _pattern_sets._string_property("RGI_Emoji")
    base = {chr(cp) for lo, hi in chars for cp in range(lo, hi + 1)} | set(strings)
    out = set(base)
    for s in base:
        out.add(s[:-1])
        out.add(s.replace("\ufe0f", ""))
        out.add(s + "\ufe0f")
    out.discard("")
    return sorted(out)


def encode_string(text: str) -> str:
    """A string as '.'-separated hexadecimal code points (as the page writes)."""
    return ".".join(f"{ord(c):x}" for c in text)


def fold_candidates() -> list[tuple[int, list[int]]]:
    """Code points with a case mapping, each with the code points it might
    match under the i modifier: its single-code-point lowercase, uppercase,
    titlecase and case folding, and those of each of these."""
    out = []
    for cp in range(0x20000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        candidates = _fold_candidates_for(cp)
        if candidates != [cp]:
            out.append((cp, candidates))
    return out


def _fold_candidates_for(cp: int) -> list[int]:
    def mappings(c: str) -> set[str]:
        return {m for m in (c.lower(), c.upper(), c.title(), c.casefold()) if len(m) == 1}

    first = mappings(chr(cp)) | {chr(cp)}
    second = {m for f in first for m in mappings(f)}
    return sorted(ord(m) for m in first | second)


def property_names() -> list[str]:
    """The Unicode properties markup5 matches: General_Category values and
    the binary properties it has data for (canonical names), and every
    Script and Script_Extensions value."""
    from markup5.forms import _pattern_sets, _pattern_unicode

    general = sorted(set(_pattern_sets._GC_ALIASES.values()))
    binary = sorted({_pattern_sets._BINARY_CANONICAL[name] for name, compute in
                     _pattern_sets._BINARY.items() if compute is not None})
    codes = sorted(set(_pattern_unicode.SCRIPT_NAMES.values()))
    scripts = [f"{key}={code}" for key in ("Script", "Script_Extensions") for code in codes]
    return general + binary + scripts


def run_page(binary: str, text: str, timeout: float = 600.0) -> Any:
    """Load *text* as a page in Chromium and return the JSON between @@@ marks."""
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "pattern.html"
        page.write_text(text, encoding="utf-8")
        profile = Path(tmp) / "profile"
        proc = subprocess.run(
            [binary, *_FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
            capture_output=True, text=True, timeout=timeout, check=False)
    match = re.search(r"@@@(.*)@@@", proc.stdout, re.S)
    if match is None:
        raise SystemExit(f"pattern_chromium: no results from Chromium ({proc.stderr[-500:]})")
    return json.loads(html.unescape(match.group(1)))


def run_chromium(binary: str, all_cases: list[dict[str, Any]]) -> list[Any]:
    """Chromium's results for *all_cases* (one browser start)."""
    payload = json.dumps(all_cases, ensure_ascii=True).replace("</", "<\\/")
    results: list[Any] = run_page(binary, _PAGE % payload)
    return results


def run_properties(binary: str, names: list[str]) -> dict[str, list[list[int]] | None]:
    """Chromium's code point ranges for each property in *names* (None when
    Chromium does not know the property)."""
    result: dict[str, list[list[int]] | None] = run_page(binary, _PROPERTY_PAGE % json.dumps(names))
    return result


def chromium_version(binary: str) -> str:
    proc = subprocess.run([binary, "--version"], capture_output=True, text=True, check=False)
    return proc.stdout.strip()


def pack(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Shorter cases for the fixture: a list of values that several cases
    share is written once, at its first case, and later cases refer to it by
    that case's index ("values_of") with their answers as a string of 1s and
    0s ("answers")."""
    first_seen: dict[str, int] = {}
    out = []
    for index, case in enumerate(results):
        case = dict(case)
        if "values" in case and len(case["values"]) > 8:
            key = json.dumps([v for v, _ in case["values"]])
            answers = [m for _, m in case["values"]]
            if key in first_seen and all(isinstance(m, bool) for m in answers):
                case["values_of"] = first_seen[key]
                del case["values"]
                case["answers"] = "".join("1" if m else "0" for m in answers)
            else:
                first_seen[key] = index
        out.append(case)
    return out


def unpack(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cases of a fixture with each list of values written out."""
    out = []
    for case in cases:
        if "values_of" in case:
            values = [v for v, _ in cases[case["values_of"]]["values"]]
            case = dict(case)
            answers = [m == "1" for m in case.pop("answers")]
            case["values"] = [list(pair) for pair in zip(values, answers)]
            del case["values_of"]
        out.append(case)
    return out


def load_fixture(path: Path = FIXTURE) -> dict[str, Any]:
    """The fixture, cases unpacked."""
    fixture: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    fixture["cases"] = unpack(fixture["cases"])
    return fixture


def compare(fixture: dict[str, Any]) -> dict[str, int]:
    """markup5 against the recorded answers: counts of agreement and more."""
    from markup5.forms._pattern import compile_pattern, pattern_status

    counts = {"patterns": 0, "syntax_agree": 0, "syntax_differ": 0, "unsupported": 0,
              "values": 0, "values_agree": 0, "values_differ": 0, "undecided": 0}
    for case in fixture["cases"]:
        pattern = case["pattern"]
        counts["patterns"] += 1
        status = pattern_status(pattern)
        if status == "unsupported":
            counts["unsupported"] += 1
            continue
        if (status == "valid") != case["compiles"]:
            counts["syntax_differ"] += 1
            print(f"syntax: {pattern[:80]!r}: chromium {case['compiles']}, markup5 {status}"
                  f" ({case.get('error', '')})")
            continue
        counts["syntax_agree"] += 1
        if not case["compiles"]:
            continue
        compiled = compile_pattern(pattern)
        assert compiled is not None
        for value, expected in case["values"]:
            if not isinstance(expected, bool):
                continue
            counts["values"] += 1
            got = compiled.evaluate(value)
            if got is None:
                counts["undecided"] += 1
            elif got == expected:
                counts["values_agree"] += 1
            else:
                counts["values_differ"] += 1
                print(f"match: {pattern[:80]!r} {value!r}: chromium {expected}, markup5 {got}")
    counts.update(compare_properties(fixture))
    counts.update(compare_folding(fixture))
    counts.update(compare_strings(fixture))
    return counts


def compare_strings(fixture: dict[str, Any]) -> dict[str, int]:
    """The properties of strings on the candidate strings, against Chromium."""
    from markup5.forms import _pattern

    counts = {"string_checks": 0, "string_differ": 0}
    candidates = string_candidates()
    encoded = {encode_string(x) for x in candidates}
    recorded = fixture.get("string_properties", {})
    for name, matched in recorded.items():
        theirs = set(matched)
        compiled = _pattern.compile_pattern(f"\\p{{{name}}}")
        assert compiled is not None
        extra = [c for c in theirs if c not in encoded]
        for text in candidates + [
                "".join(chr(int(cp, 16)) for cp in item.split(".")) for item in extra]:
            counts["string_checks"] += 1
            if compiled.matches(text) != (encode_string(text) in theirs):
                counts["string_differ"] += 1
                if counts["string_differ"] <= 30:
                    print(f"string property {name}: {encode_string(text)}: chromium "
                          f"{encode_string(text) in theirs}")
    return counts


def compare_folding(fixture: dict[str, Any]) -> dict[str, int]:
    """(?i:x) for each code point with a case mapping, against Chromium."""
    from markup5.forms import _pattern

    counts = {"folding_code_points": 0, "folding_differ": 0}
    for cp_text, matched in fixture.get("case_folding", {}).items():
        cp = int(cp_text)
        counts["folding_code_points"] += 1
        candidates = _fold_candidates_for(cp)
        compiled = _pattern.compile_pattern(f"(?i:\\u{{{cp:x}}})")
        assert compiled is not None
        ours = sorted(o for o in candidates if compiled.matches(chr(o)))
        if ours != sorted(matched):
            counts["folding_differ"] += 1
            print(f"folding U+{cp:04X}: chromium {[hex(m) for m in matched]}, "
                  f"markup5 {[hex(m) for m in ours]}")
    return counts


def compare_properties(fixture: dict[str, Any]) -> dict[str, int]:
    """Code points where markup5's property data differs from Chromium's.

    ``property_newer_unicode``: the code point is unassigned in the Unicode
    version of Python's unicodedata (assigned later); ``property_differ``:
    any other difference (printed).
    """
    import unicodedata

    from markup5.forms import _pattern, _pattern_sets, _pattern_syntax

    counts = {"property_code_points": 0, "property_newer_unicode": 0, "property_differ": 0}
    for name, ranges in fixture.get("properties", {}).items():
        if ranges is None:
            counts["property_unknown_to_chromium"] = counts.get(
                "property_unknown_to_chromium", 0) + 1
            print(f"property {name}: not known to Chromium")
            continue
        compiled = _pattern.compile_pattern(f"\\p{{{name}}}")
        assert compiled is not None
        theirs = _pattern_sets._normalize((lo, hi) for lo, hi in ranges)
        ours = _pattern_syntax._Parser(f"[\\p{{{name}}}]").parse().chars
        assert ours is not None
        mine = ours.ranges
        counts["property_code_points"] += 0x110000
        for lo, hi in _pattern_sets._union(_pattern_sets._subtract(theirs, mine),
                                      _pattern_sets._subtract(mine, theirs)):
            for cp in range(lo, hi + 1):
                if unicodedata.category(chr(cp)) == "Cn":
                    counts["property_newer_unicode"] += 1
                else:
                    counts["property_differ"] += 1
                    if counts["property_differ"] <= 50:
                        print(f"property {name}: U+{cp:04X} chromium "
                              f"{_pattern_sets._CharSet(theirs).has(cp)}")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chromium", help="the Chromium binary")
    parser.add_argument("--compare", action="store_true",
                        help="compare markup5 with the recorded fixture (no browser)")
    parser.add_argument("--output", type=Path, default=FIXTURE)
    args = parser.parse_args(argv)
    if args.compare:
        counts = compare(load_fixture(args.output))
        print(" ".join(f"{k}={v}" for k, v in counts.items()))
        return 0 if counts["syntax_differ"] == 0 and counts["values_differ"] == 0 else 1
    binary = find_chromium(args.chromium or os.environ.get("CHROMIUM"))
    all_cases = cases()
    results = pack(run_chromium(binary, all_cases))
    if len(results) != len(all_cases):
        raise SystemExit("pattern_chromium: Chromium answered a different number of cases")
    fixture = {
        "about": "Chromium's answers for HTML pattern attributes: compiles is "
                 "new RegExp(pattern, 'v') not throwing; values are [value, "
                 "new RegExp('^(?:' + pattern + ')$', 'v').test(value)]. "
                 "Generated by tools/pattern_chromium.py; do not edit.",
        "chromium": chromium_version(binary),
        "properties": run_properties(binary, property_names()),
        "case_folding": run_page(binary, _FOLD_PAGE % json.dumps(fold_candidates())),
        "string_properties": run_page(binary, _STRINGS_PAGE % (
            json.dumps(STRING_PROPERTY_NAMES), json.dumps(string_candidates()))),
        "cases": results,
    }
    head = json.dumps({k: v for k, v in fixture.items() if k != "cases"}, ensure_ascii=True,
                      separators=(",", ":"))
    lines = ",\n".join(json.dumps(case, ensure_ascii=True) for case in results)
    args.output.write_text(head[:-1] + ', "cases": [\n' + lines + "\n]}\n", encoding="utf-8")
    print(f"pattern_chromium: {len(results)} patterns written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
