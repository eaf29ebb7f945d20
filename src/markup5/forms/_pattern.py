"""HTML's compiled pattern regular expression: a JavaScript RegExp in ``v`` mode.

The ``pattern`` attribute of ``input`` is "compiled" (HTML §4.10.5.3.6) as
ECMAScript ``RegExpCreate(pattern, "v")``; when that throws, the attribute is
ignored.  Otherwise the value must match ``^(?:pattern)$`` with the same flag.
This module is a parser for the ECMAScript 2025 RegExp grammar with the
UnicodeSetsMode parameter (plus the pattern modifiers ``(?i:...)``,
``(?m-s:...)`` that V8 ships) and a matcher for the boolean question "does the
whole value match?".

Public names:

* :func:`compile_pattern` -- the compiled pattern, or ``None`` when the
  pattern is not a valid v-mode RegExp (or uses a Unicode property this
  module has no data for, the properties of strings such as
  ``\\p{RGI_Emoji}``: see :data:`UNSUPPORTED`).
* :func:`pattern_status` -- ``"valid"``, ``"invalid"`` or ``"unsupported"``.
* :class:`CompiledPattern` with :meth:`~CompiledPattern.matches` and
  :meth:`~CompiledPattern.evaluate`.

Matching never backtracks.  The pattern is compiled to a Thompson NFA over
code points (a Python ``str`` is a sequence of code points, as the value is in
v and u modes; a lone surrogate is one code point in both) and simulated as a
set of states, one step per code point of the value:

* time O(S x (L + 1)) and memory O(S + L) where L is the value's length and S
  the number of NFA states.  S grows linearly with the pattern except for
  counted repetition ``x{n,m}``, which is expanded; the counts are first
  clamped to L + 1 (a value of length L cannot tell a larger count apart, see
  ``_clamp``), and an expansion beyond ``64 * len(pattern) + 20_000`` states is
  not run: :meth:`CompiledPattern.evaluate` returns ``None`` (undecided) and
  :meth:`CompiledPattern.matches` treats the value as matching, the way a
  pattern that cannot be used is ignored.  So the bound is
  O(len(pattern) x len(value)) in all cases.
* Lookarounds are assertions whose truth at each position is computed once per
  value, innermost first: a lookahead by running the reversed body right to
  left from every end position at once, a lookbehind by running the body left
  to right from every start position at once.  Each costs O(S_body x L).
* Backreferences cannot be matched by a finite automaton.  A pattern with a
  backreference is evaluated by an exhaustive search over (state, position,
  captures) with a visited set and a step budget of ``16 x S x (L + 1)``
  states; when the budget runs out the result is undecided (``None``), and
  :meth:`CompiledPattern.matches` treats the value as matching.

Unicode data: General_Category, case folding (for ``(?i:...)``) and the
binary properties derived from case mappings come from :mod:`unicodedata`
(Unicode %s for this Python), so characters assigned in later Unicode
versions are ``Cn`` here while a current browser knows them; Script,
Script_Extensions and the other binary properties come from the generated
module ``_pattern_unicode`` (Unicode 18.0: the scripts Jurchen,
Proto_Cuneiform and Seal are valid here, not yet in Chromium 156).

Known differences from Chromium, besides Unicode versions: V8 throws "Maximum
call stack size exceeded" for classes nested about 10,000 deep (so the
attribute is ignored there); this parser reads them.
"""

from __future__ import annotations

import bisect
import unicodedata
from collections.abc import Callable, Generator, Iterable
from typing import Literal

__all__ = [
    "UNSUPPORTED",
    "UNSUPPORTED_PROPERTIES",
    "CompiledPattern",
    "compile_pattern",
    "pattern_status",
]

__doc__ = (__doc__ or "").replace("%s", unicodedata.unidata_version)

MAX_CODE_POINT = 0x10FFFF

Ranges = tuple[tuple[int, int], ...]


class PatternSyntaxError(ValueError):
    """The pattern is not a valid v-mode RegExp (RegExpCreate throws)."""


class _Unsupported(Exception):
    """The pattern uses a property this module has no data for."""


# ---------------------------------------------------------------------------
# Sets of code points: sorted tuples of disjoint, non-adjacent (lo, hi) ranges.


def _normalize(ranges: Iterable[tuple[int, int]]) -> Ranges:
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return tuple(out)


def _complement(ranges: Ranges) -> Ranges:
    out: list[tuple[int, int]] = []
    previous = 0
    for lo, hi in ranges:
        if lo > previous:
            out.append((previous, lo - 1))
        previous = hi + 1
    if previous <= MAX_CODE_POINT:
        out.append((previous, MAX_CODE_POINT))
    return tuple(out)


def _intersect(a: Ranges, b: Ranges) -> Ranges:
    out: list[tuple[int, int]] = []
    i = j = 0
    while i < len(a) and j < len(b):
        lo = max(a[i][0], b[j][0])
        hi = min(a[i][1], b[j][1])
        if lo <= hi:
            out.append((lo, hi))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return tuple(out)


def _union(a: Ranges, b: Ranges) -> Ranges:
    return _normalize(a + b)


def _subtract(a: Ranges, b: Ranges) -> Ranges:
    return _intersect(a, _complement(b))


def _from_predicate(test: Callable[[int], bool]) -> Ranges:
    """The code points for which *test* holds, among the assigned ones.

    Unassigned, private-use and surrogate code points have none of the
    properties computed this way, so they are not scanned.
    """
    out: list[tuple[int, int]] = []
    for first, last in _scannable():
        start = -1
        for cp in range(first, last + 1):
            if test(cp):
                if start < 0:
                    start = cp
            elif start >= 0:
                out.append((start, cp - 1))
                start = -1
        if start >= 0:
            out.append((start, last))
    return _normalize(out)


def _scannable() -> Ranges:
    """Code points not in General_Category Cn, Co or Cs."""
    return _complement(_normalize(_general_category("Cn") + _general_category("Co")
                                  + _general_category("Cs")))


class _CharSet:
    """A set of code points with fast membership."""

    __slots__ = ("ranges", "_los", "_his", "_small")

    def __init__(self, ranges: Ranges) -> None:
        self.ranges = ranges
        self._los = [lo for lo, _ in ranges]
        self._his = [hi for _, hi in ranges]
        size = sum(hi - lo + 1 for lo, hi in ranges)
        self._small: frozenset[int] | None = None
        if size <= 64:
            self._small = frozenset(
                cp for lo, hi in ranges for cp in range(lo, hi + 1))

    def has(self, cp: int) -> bool:
        small = self._small
        if small is not None:
            return cp in small
        i = bisect.bisect_right(self._los, cp) - 1
        return i >= 0 and cp <= self._his[i]


# ---------------------------------------------------------------------------
# Character data.

_LINE_TERMINATORS: Ranges = ((0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029))
_DIGITS: Ranges = ((0x30, 0x39),)
_WORD: Ranges = ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))
_SPACE: Ranges = _normalize([
    (0x09, 0x0D), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680),
    (0x2000, 0x200A), (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F),
    (0x3000, 0x3000), (0xFEFF, 0xFEFF)])
_ALL: Ranges = ((0, MAX_CODE_POINT),)
_NO_LINE_TERMINATOR: Ranges = _complement(_LINE_TERMINATORS)

# General_Category values and their aliases (Unicode PropertyValueAliases).
_GC_ALIASES: dict[str, str] = {}
for _names in (
        "C Other", "Cc Control cntrl", "Cf Format", "Cn Unassigned",
        "Co Private_Use", "Cs Surrogate", "L Letter", "LC Cased_Letter",
        "Ll Lowercase_Letter", "Lm Modifier_Letter", "Lo Other_Letter",
        "Lt Titlecase_Letter", "Lu Uppercase_Letter", "M Mark Combining_Mark",
        "Mc Spacing_Mark", "Me Enclosing_Mark", "Mn Nonspacing_Mark",
        "N Number", "Nd Decimal_Number digit", "Nl Letter_Number",
        "No Other_Number", "P Punctuation punct", "Pc Connector_Punctuation",
        "Pd Dash_Punctuation", "Pe Close_Punctuation", "Pf Final_Punctuation",
        "Pi Initial_Punctuation", "Po Other_Punctuation",
        "Ps Open_Punctuation", "S Symbol", "Sc Currency_Symbol",
        "Sk Modifier_Symbol", "Sm Math_Symbol", "So Other_Symbol",
        "Z Separator", "Zl Line_Separator", "Zp Paragraph_Separator",
        "Zs Space_Separator"):
    _first, *_rest = _names.split()
    for _name in (_first, *_rest):
        _GC_ALIASES[_name] = _first

_general_categories: dict[str, Ranges] = {}


def _general_category(short: str) -> Ranges:
    """The code points whose General_Category is *short* (or in group *short*)."""
    if not _general_categories:
        spans: dict[str, list[tuple[int, int]]] = {}
        category = unicodedata.category
        current = ""
        start = 0
        for cp in range(0x40000):
            value = category(chr(cp))
            if value != current:
                if current:
                    spans.setdefault(current, []).append((start, cp - 1))
                current, start = value, cp
        spans.setdefault(current, []).append((start, 0x3FFFF))
        spans.setdefault(category(chr(0x40000)), []).append((0x40000, 0xDFFFF))
        current = ""
        for cp in range(0xE0000, MAX_CODE_POINT + 1):
            value = category(chr(cp))
            if value != current:
                if current:
                    spans.setdefault(current, []).append((start, cp - 1))
                current, start = value, cp
        spans.setdefault(current, []).append((start, MAX_CODE_POINT))
        for key, value_ranges in spans.items():
            _general_categories[key] = _normalize(value_ranges)
    if len(short) == 2:
        if short == "LC":
            return _normalize(_general_categories.get("Lu", ())
                              + _general_categories.get("Ll", ())
                              + _general_categories.get("Lt", ()))
        return _general_categories.get(short, ())
    return _normalize(r for key, value in _general_categories.items()
                      if key[0] == short for r in value)


def _case_ignorable(cp: int) -> bool:
    # CPython lowercases a capital sigma to a final sigma by the Unicode
    # Final_Sigma rule, which reads Cased and Case_Ignorable: the two probes
    # together say whether *cp* is Case_Ignorable.
    c = chr(cp)
    if 0xD800 <= cp <= 0xDFFF:
        return False
    before = ("A" + c + "\u03a3").lower()[-1] == "\u03c2"
    after = ("A\u03a3" + c).lower()[1] == "\u03c2"
    return before and after


def _cased(cp: int) -> bool:
    c = chr(cp)
    return c.islower() or c.isupper() or unicodedata.category(c) == "Lt"


def _changes(mapping: Callable[[str], str]) -> Callable[[int], bool]:
    def test(cp: int) -> bool:
        if 0xD800 <= cp <= 0xDFFF:
            return False
        d = unicodedata.normalize("NFD", chr(cp))
        return mapping(d) != d
    return test


def _to_titlecase(text: str) -> str:
    """Unicode's toTitlecase for one word: its first code point titlecased,
    the rest lowercased (str.title() would titlecase again after a combining
    mark, which Unicode's word-based definition does not)."""
    return text[:1].title() + text[1:].lower()


def _cwcm(cp: int) -> bool:
    if 0xD800 <= cp <= 0xDFFF:
        return False
    d = unicodedata.normalize("NFD", chr(cp))
    return d.lower() != d or d.upper() != d or _to_titlecase(d) != d


_UNIFIED_IDEOGRAPH_COMPATIBILITY = frozenset(
    (0xFA0E, 0xFA0F, 0xFA11, 0xFA13, 0xFA14, 0xFA1F, 0xFA21, 0xFA23, 0xFA24,
     0xFA27, 0xFA28, 0xFA29))


def _unified_ideograph(cp: int) -> bool:
    if cp in _UNIFIED_IDEOGRAPH_COMPATIBILITY:
        return True
    if not (0x3400 <= cp <= 0x9FFF or 0x20000 <= cp <= 0x3FFFF):
        return False          # outside the CJK Unified Ideographs blocks
    return unicodedata.name(chr(cp), "").startswith("CJK UNIFIED IDEOGRAPH-")


def _decode(text: str) -> Ranges:
    """Ranges from _pattern_unicode's text form ('lo-hi' or 'lo', in hex)."""
    out: list[tuple[int, int]] = []
    for item in text.split():
        lo, _, hi = item.partition("-")
        out.append((int(lo, 16), int(hi or lo, 16)))
    return tuple(out)


def _generated(name: str) -> Callable[[], Ranges]:
    """A binary property from the generated data module."""
    def compute() -> Ranges:
        from . import _pattern_unicode
        return _decode(_pattern_unicode.BINARY[name])
    return compute


def _script(name: str, extensions: bool) -> Ranges | None:
    """Script or Script_Extensions *name* (a value or an alias), or None."""
    from . import _pattern_unicode
    code = _pattern_unicode.SCRIPT_NAMES.get(name)
    if code is None:
        return None
    table = (_pattern_unicode.SCRIPT_EXTENSIONS if extensions
             else _pattern_unicode.SCRIPTS)
    return _decode(table[code])


def _fixed(*spans: tuple[int, int]) -> Callable[[], Ranges]:
    return lambda: _normalize(spans)


def _scanned(test: Callable[[int], bool]) -> Callable[[], Ranges]:
    return lambda: _from_predicate(test)


# Binary properties ECMAScript allows (table-binary-unicode-properties), with
# how to compute each (from unicodedata, or the generated data module), or
# None when there is no data.
_BINARY: dict[str, Callable[[], Ranges] | None] = {}
_BINARY_DEFINITIONS: list[tuple[str, Callable[[], Ranges] | None]] = [
    ("ASCII", _fixed((0, 0x7F))),
    ("ASCII_Hex_Digit AHex", _fixed((0x30, 0x39), (0x41, 0x46), (0x61, 0x66))),
    ("Alphabetic Alpha", _generated("Alphabetic")),
    ("Any", _fixed((0, MAX_CODE_POINT))),
    ("Assigned", lambda: _complement(_general_category("Cn"))),
    ("Bidi_Control Bidi_C", _fixed((0x061C, 0x061C), (0x200E, 0x200F),
                                   (0x202A, 0x202E), (0x2066, 0x2069))),
    ("Bidi_Mirrored Bidi_M",
     _scanned(lambda cp: bool(unicodedata.mirrored(chr(cp))))),
    ("Case_Ignorable CI", _scanned(_case_ignorable)),
    ("Cased", _scanned(_cased)),
    ("Changes_When_Casefolded CWCF", _scanned(_changes(str.casefold))),
    ("Changes_When_Casemapped CWCM", _scanned(_cwcm)),
    ("Changes_When_Lowercased CWL", _scanned(_changes(str.lower))),
    ("Changes_When_NFKC_Casefolded CWKCF", None),
    ("Changes_When_Titlecased CWT", _scanned(_changes(_to_titlecase))),
    ("Changes_When_Uppercased CWU", _scanned(_changes(str.upper))),
    ("Dash", _generated("Dash")),
    ("Default_Ignorable_Code_Point DI", _generated("Default_Ignorable_Code_Point")),
    ("Deprecated Dep", _generated("Deprecated")),
    ("Diacritic Dia", _generated("Diacritic")),
    ("Emoji", _generated("Emoji")),
    ("Emoji_Component EComp", _generated("Emoji_Component")),
    ("Emoji_Modifier EMod", _generated("Emoji_Modifier")),
    ("Emoji_Modifier_Base EBase", _generated("Emoji_Modifier_Base")),
    ("Emoji_Presentation EPres", _generated("Emoji_Presentation")),
    ("Extended_Pictographic ExtPict", _generated("Extended_Pictographic")),
    ("Extender Ext", _generated("Extender")),
    ("Grapheme_Base Gr_Base", _generated("Grapheme_Base")),
    ("Grapheme_Extend Gr_Ext", _generated("Grapheme_Extend")),
    ("Hex_Digit Hex", _fixed((0x30, 0x39), (0x41, 0x46), (0x61, 0x66),
                             (0xFF10, 0xFF19), (0xFF21, 0xFF26),
                             (0xFF41, 0xFF46))),
    ("IDS_Binary_Operator IDSB", _generated("IDS_Binary_Operator")),
    ("IDS_Trinary_Operator IDST", _generated("IDS_Trinary_Operator")),
    ("ID_Continue IDC", _generated("ID_Continue")),
    ("ID_Start IDS", _generated("ID_Start")),
    ("Ideographic Ideo", _generated("Ideographic")),
    ("Join_Control Join_C", _fixed((0x200C, 0x200D))),
    ("Logical_Order_Exception LOE", _generated("Logical_Order_Exception")),
    ("Lowercase Lower", _scanned(lambda cp: chr(cp).islower())),
    ("Math", _generated("Math")),
    ("Noncharacter_Code_Point NChar",
     lambda: _normalize([(0xFDD0, 0xFDEF)] + [
         (plane * 0x10000 + 0xFFFE, plane * 0x10000 + 0xFFFF)
         for plane in range(17)])),
    ("Pattern_Syntax Pat_Syn", _generated("Pattern_Syntax")),
    ("Pattern_White_Space Pat_WS", _fixed((0x09, 0x0D), (0x20, 0x20),
                                          (0x85, 0x85), (0x200E, 0x200F),
                                          (0x2028, 0x2029))),
    ("Quotation_Mark QMark", _generated("Quotation_Mark")),
    ("Radical", _generated("Radical")),
    ("Regional_Indicator RI", _fixed((0x1F1E6, 0x1F1FF))),
    ("Sentence_Terminal STerm", _generated("Sentence_Terminal")),
    ("Soft_Dotted SD", _generated("Soft_Dotted")),
    ("Terminal_Punctuation Term", _generated("Terminal_Punctuation")),
    ("Unified_Ideograph UIdeo", _scanned(_unified_ideograph)),
    ("Uppercase Upper", _scanned(lambda cp: chr(cp).isupper())),
    ("Variation_Selector VS", _fixed((0x180B, 0x180D), (0x180F, 0x180F),
                                     (0xFE00, 0xFE0F), (0xE0100, 0xE01EF))),
    ("White_Space space", _fixed((0x09, 0x0D), (0x20, 0x20), (0x85, 0x85),
                                 (0xA0, 0xA0), (0x1680, 0x1680),
                                 (0x2000, 0x200A), (0x2028, 0x2029),
                                 (0x202F, 0x202F), (0x205F, 0x205F),
                                 (0x3000, 0x3000))),
    ("XID_Continue XIDC",
     _scanned(lambda cp: not 0xD800 <= cp <= 0xDFFF
              and ("a" + chr(cp)).isidentifier())),
    ("XID_Start XIDS",
     _scanned(lambda cp: cp != 0x5F and not 0xD800 <= cp <= 0xDFFF
              and chr(cp).isidentifier())),
]
_BINARY_CANONICAL: dict[str, str] = {}
for _names, _compute in _BINARY_DEFINITIONS:
    for _name in _names.split():
        _BINARY[_name] = _compute
        _BINARY_CANONICAL[_name] = _names.split()[0]

# Properties of strings (v mode only).
_STRING_PROPERTIES = frozenset((
    "Basic_Emoji", "Emoji_Keycap_Sequence", "RGI_Emoji_Modifier_Sequence",
    "RGI_Emoji_Flag_Sequence", "RGI_Emoji_Tag_Sequence",
    "RGI_Emoji_ZWJ_Sequence", "RGI_Emoji"))

#: Property names this module accepts but cannot match (no data for them):
#: a pattern using one of them makes :func:`compile_pattern` return ``None``
#: and :func:`pattern_status` say ``"unsupported"``.
UNSUPPORTED_PROPERTIES: frozenset[str] = frozenset(
    [name for name, compute in _BINARY.items() if compute is None]
    + list(_STRING_PROPERTIES))

UNSUPPORTED = (
    "Unicode properties without data here are not matched: "
    "Changes_When_NFKC_Casefolded and the properties of strings "
    "(RGI_Emoji, Basic_Emoji, ...), listed in UNSUPPORTED_PROPERTIES. "
    "compile_pattern returns None for a pattern using one (the attribute is "
    "then ignored, as for a pattern that does not compile). General_Category, "
    "ASCII_Hex_Digit, Lowercase, Uppercase, Cased, Case_Ignorable, the "
    "Changes_When_* properties, XID_Start/XID_Continue and the case folding "
    "of the i modifier use unicodedata's Unicode version; Script, "
    "Script_Extensions and the other binary properties come from the "
    "generated module _pattern_unicode (tools/gen_pattern_unicode.py), whose "
    "Unicode version is newer.")

_binary_cache: dict[str, Ranges] = {}


def _binary_property(name: str) -> Ranges:
    canonical = _BINARY_CANONICAL[name]
    cached = _binary_cache.get(canonical)
    if cached is None:
        compute = _BINARY[name]
        if compute is None:
            raise _Unsupported(name)
        cached = _binary_cache[canonical] = compute()
    return cached


# Simple case folding (scf), used by the i modifier: classes of code points
# that fold to the same code point.
_fold_classes: dict[int, tuple[int, ...]] = {}


def _simple_fold(cp: int) -> int:
    if 0xD800 <= cp <= 0xDFFF:
        return cp
    c = chr(cp)
    folded = c.casefold()
    if len(folded) == 1:
        return ord(folded)
    lower = c.lower()
    if len(lower) == 1 and lower.casefold() == folded:
        # Characters with a full folding of several code points and a simple
        # one (U+1E9E, U+1F88...): the simple folding is the lowercase.
        return ord(lower)
    return cp


def _fold_table() -> dict[int, tuple[int, ...]]:
    if not _fold_classes:
        groups: dict[int, list[int]] = {}
        for cp in range(0x20000):
            folded = _simple_fold(cp)
            if folded != cp:
                groups.setdefault(folded, [folded]).append(cp)
        for members in groups.values():
            klass = tuple(sorted(set(members)))
            for member in klass:
                _fold_classes[member] = klass
    return _fold_classes


def _case_closure(ranges: Ranges) -> Ranges:
    """*ranges* plus every code point with the same simple case folding."""
    table = _fold_table()
    if sum(hi - lo + 1 for lo, hi in ranges) <= 4096:
        extra = [(other, other) for lo, hi in ranges for cp in range(lo, hi + 1)
                 for other in table.get(cp, ())]
    else:
        charset = _CharSet(ranges)
        extra = [(other, other) for cp, klass in table.items()
                 if charset.has(cp) for other in klass]
    return _normalize(ranges + tuple(extra)) if extra else ranges


def _fold_string(text: str) -> str:
    return "".join(chr(_simple_fold(ord(c))) for c in text)


# ---------------------------------------------------------------------------
# The syntax tree.  Nodes are created children first, so the parser's list of
# nodes is in post-order and sizes can be computed without recursion.

_CHARS, _SEQ, _ALT, _REP, _GROUP, _ASSERT, _LOOK, _BACKREF = range(8)

# Assertion kinds (the value of _Node.index for _ASSERT nodes).
_A_START, _A_END, _A_LINE_START, _A_LINE_END = range(4)
_A_WORD, _A_NOT_WORD, _A_WORD_I, _A_NOT_WORD_I = range(4, 8)


class _Node:
    __slots__ = ("kind", "kids", "chars", "lo", "hi", "index", "behind",
                 "negative", "refs", "greedy", "ignore_case", "cap_lo",
                 "cap_hi")

    def __init__(self, kind: int, kids: list[_Node] | None = None) -> None:
        self.kind = kind
        self.kids: list[_Node] = kids if kids is not None else []
        self.chars: _CharSet | None = None
        self.lo = 0
        self.hi: int | None = 0
        self.index = 0          # capture number, assertion kind, look number
        self.behind = False
        self.negative = False
        self.refs: list[int] = []   # backreference targets (group numbers)
        self.greedy = True
        self.ignore_case = False    # for backreferences
        self.cap_lo = 0             # the capture groups inside: cap_lo..cap_hi
        self.cap_hi = -1


# ---------------------------------------------------------------------------
# The parser.

_SYNTAX_CHARACTERS = frozenset("^$\\.*+?()[]{}|")
_CLASS_SET_SYNTAX = frozenset("()[]{}/-\\|")
_CLASS_SET_RESERVED_DOUBLE = frozenset("&!#$%*+,.:;<=>?@^`~")
_CLASS_SET_RESERVED_PUNCTUATOR = frozenset("&-!#%,:;<=>@`~")
_CONTROL_ESCAPES = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}
_HEX = frozenset("0123456789abcdefABCDEF")
_MAX_CAPTURES = 32767   # V8's limit ("Too many captures")


class _ClassValue:
    """An operand of a v-mode class: code points, strings, MayContainStrings."""

    __slots__ = ("chars", "strings", "may_contain_strings")

    def __init__(self, chars: Ranges, strings: frozenset[str] = frozenset(),
                 may_contain_strings: bool = False) -> None:
        self.chars = chars
        self.strings = strings
        self.may_contain_strings = may_contain_strings


class _ClassFrame:
    __slots__ = ("negated", "operator", "items", "ignore_case")

    def __init__(self, negated: bool, ignore_case: bool) -> None:
        self.negated = negated
        self.operator = ""       # "", "union", "and", "sub"
        self.items: list[_ClassValue] = []
        self.ignore_case = ignore_case


class _GroupFrame:
    __slots__ = ("kind", "alternatives", "terms", "capture", "flags",
                 "parent", "parent_alternative", "depth", "negative")

    def __init__(self, kind: str, capture: int, flags: tuple[bool, bool, bool],
                 parent: _GroupFrame | None) -> None:
        self.kind = kind          # "top", "group", "ahead", "behind"
        self.alternatives: list[_Node] = []
        self.terms: list[_Node] = []
        self.capture = capture    # 0 = not capturing
        self.flags = flags        # (ignore_case, multiline, dot_all)
        self.parent = parent
        self.parent_alternative = (
            len(parent.alternatives) if parent is not None else 0)
        self.depth: int = parent.depth + 1 if parent is not None else 0
        self.negative = False


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.pos = 0
        self.nodes: list[_Node] = []
        self.captures = 0
        self.names: dict[str, list[tuple[_GroupFrame, int]]] = {}
        self.capture_names: dict[int, str] = {}
        self.numbered_refs: list[_Node] = []
        self.named_refs: list[tuple[_Node, str]] = []
        self.looks = 0
        self.has_backrefs = False
        self.unsupported: str | None = None

    # -- helpers ----------------------------------------------------------
    def error(self, message: str) -> PatternSyntaxError:
        return PatternSyntaxError(f"{message} at offset {self.pos}")

    def peek(self, offset: int = 0) -> str:
        i = self.pos + offset
        return self.source[i] if i < len(self.source) else ""

    def node(self, kind: int, kids: list[_Node] | None = None) -> _Node:
        n = _Node(kind, kids)
        self.nodes.append(n)
        return n

    def chars_node(self, ranges: Ranges) -> _Node:
        n = self.node(_CHARS)
        n.chars = _CharSet(ranges)
        return n

    # -- the pattern --------------------------------------------------------
    def parse(self) -> _Node:
        source = self.source
        n = len(source)
        frame = _GroupFrame("top", 0, (False, False, False), None)
        while True:
            if self.pos >= n:
                if frame.kind != "top":
                    raise self.error("Unterminated group")
                return self.close_alternatives(frame)
            c = source[self.pos]
            if c == "|":
                self.pos += 1
                frame.alternatives.append(self.sequence(frame.terms))
                frame.terms = []
                continue
            if c == ")":
                if frame.kind == "top":
                    raise self.error("Unmatched ')'")
                self.pos += 1
                body = self.close_alternatives(frame)
                parent = frame.parent
                assert parent is not None
                if frame.kind == "group":
                    atom = self.node(_GROUP, [body])
                    atom.index = frame.capture
                    self.quantified(parent, atom)
                else:
                    look = self.node(_LOOK, [body])
                    look.behind = frame.kind == "behind"
                    look.negative = frame.negative
                    look.index = self.looks
                    self.looks += 1
                    parent.terms.append(look)
                    if self.peek() in ("*", "+", "?", "{"):
                        raise self.error("Nothing to repeat")
                frame = parent
                continue
            if c == "(":
                frame = self.open_group(frame)
                continue
            ignore_case, multiline, dot_all = frame.flags
            if c == "^" or c == "$":
                self.pos += 1
                a = self.node(_ASSERT)
                if c == "^":
                    a.index = _A_LINE_START if multiline else _A_START
                else:
                    a.index = _A_LINE_END if multiline else _A_END
                frame.terms.append(a)
                if self.peek() in ("*", "+", "?", "{"):
                    raise self.error("Nothing to repeat")
                continue
            if c in ("*", "+", "?", "{"):
                raise self.error("Nothing to repeat")
            if c == "}" or c == "]":
                raise self.error("Lone quantifier brackets")
            if c == ".":
                self.pos += 1
                atom = self.chars_node(_ALL if dot_all else _NO_LINE_TERMINATOR)
                self.quantified(frame, atom)
                continue
            if c == "[":
                self.pos += 1
                atom = self.parse_class(ignore_case)
                self.quantified(frame, atom)
                continue
            if c == "\\":
                nxt = self.peek(1)
                if nxt == "b" or nxt == "B":
                    self.pos += 2
                    a = self.node(_ASSERT)
                    if ignore_case:
                        a.index = _A_WORD_I if nxt == "b" else _A_NOT_WORD_I
                    else:
                        a.index = _A_WORD if nxt == "b" else _A_NOT_WORD
                    frame.terms.append(a)
                    if self.peek() in ("*", "+", "?", "{"):
                        raise self.error("Nothing to repeat")
                    continue
                atom = self.atom_escape(ignore_case)
                self.quantified(frame, atom)
                continue
            # A PatternCharacter (a code point; Python strings are already
            # sequences of code points, as v mode reads the pattern).
            self.pos += 1
            atom = self.literal(ord(c), ignore_case)
            self.quantified(frame, atom)

    def literal(self, cp: int, ignore_case: bool) -> _Node:
        ranges: Ranges = ((cp, cp),)
        if ignore_case:
            ranges = _case_closure(ranges)
        return self.chars_node(ranges)

    def sequence(self, terms: list[_Node]) -> _Node:
        if len(terms) == 1:
            return terms[0]
        return self.node(_SEQ, terms)

    def close_alternatives(self, frame: _GroupFrame) -> _Node:
        frame.alternatives.append(self.sequence(frame.terms))
        frame.terms = []
        if len(frame.alternatives) == 1:
            return frame.alternatives[0]
        return self.node(_ALT, frame.alternatives)

    def open_group(self, frame: _GroupFrame) -> _GroupFrame:
        source = self.source
        self.pos += 1
        if self.peek() != "?":
            self.captures += 1
            if self.captures > _MAX_CAPTURES:
                raise self.error("Too many captures")
            return _GroupFrame("group", self.captures, frame.flags, frame)
        nxt = self.peek(1)
        if nxt == ":":
            self.pos += 2
            return _GroupFrame("group", 0, frame.flags, frame)
        if nxt == "=" or nxt == "!":
            self.pos += 2
            g = _GroupFrame("ahead", 0, frame.flags, frame)
            g.negative = nxt == "!"
            return g
        if nxt == "<" and self.peek(2) in ("=", "!"):
            g = _GroupFrame("behind", 0, frame.flags, frame)
            g.negative = self.peek(2) == "!"
            self.pos += 3
            return g
        if nxt == "<":
            self.pos += 2
            name = self.group_name()
            self.captures += 1
            if self.captures > _MAX_CAPTURES:
                raise self.error("Too many captures")
            g = _GroupFrame("group", self.captures, frame.flags, frame)
            for other, _ in self.names.get(name, []):
                if self.might_both_participate(other, g):
                    raise self.error("Duplicate capture group name")
            self.names.setdefault(name, []).append((g, self.captures))
            self.capture_names[self.captures] = name
            return g
        # Modifiers: (?ims-ims:...)
        self.pos += 1
        add: set[str] = set()
        remove: set[str] = set()
        target = add
        seen_dash = False
        while True:
            c = self.peek()
            if c in ("i", "m", "s"):
                if c in add or c in remove:
                    raise self.error("Repeated flag in flag group")
                target.add(c)
                self.pos += 1
            elif c == "-" and not seen_dash:
                seen_dash = True
                target = remove
                self.pos += 1
            elif c == ":":
                if seen_dash and not add and not remove:
                    raise self.error("Invalid flag group")
                self.pos += 1
                break
            else:
                if seen_dash or add:
                    raise self.error("Invalid flag group")
                raise self.error("Invalid group")
        ignore_case, multiline, dot_all = frame.flags
        flags = (("i" in add) or (ignore_case and "i" not in remove),
                 ("m" in add) or (multiline and "m" not in remove),
                 ("s" in add) or (dot_all and "s" not in remove))
        del source
        return _GroupFrame("group", 0, flags, frame)

    @staticmethod
    def might_both_participate(a: _GroupFrame, b: _GroupFrame) -> bool:
        """False when a disjunction holds *a* and *b* in different alternatives."""
        x, y = a, b
        while x.depth > y.depth and x.parent is not None:
            x = x.parent
        while y.depth > x.depth and y.parent is not None:
            y = y.parent
        if x is y:
            return True          # one group holds the other
        while x.parent is not y.parent:
            assert x.parent is not None and y.parent is not None
            x = x.parent
            y = y.parent
        # x and y are children of one frame (a Disjunction): the alternative
        # each was opened in decides (*b* is in its parent's current one).
        return x.parent_alternative == y.parent_alternative

    def group_name(self) -> str:
        """RegExpIdentifierName followed by '>'."""
        out: list[str] = []
        while True:
            c = self.peek()
            if c == ">":
                if not out:
                    raise self.error("Invalid capture group name")
                self.pos += 1
                return "".join(out)
            if c == "":
                raise self.error("Invalid capture group name")
            if c == "\\":
                if self.peek(1) != "u":
                    raise self.error("Invalid capture group name")
                self.pos += 2
                cp = self.unicode_escape_tail()
                if cp is None:
                    raise self.error("Invalid Unicode escape")
                ch = chr(cp)
            else:
                ch = c
                self.pos += 1
            if not out:
                ok = ch in ("$", "_") or (
                    not 0xD800 <= ord(ch) <= 0xDFFF and ch.isidentifier())
            else:
                ok = ch in ("$", "\u200c", "\u200d") or (
                    not 0xD800 <= ord(ch) <= 0xDFFF
                    and ("a" + ch).isidentifier())
            if not ok:
                raise self.error("Invalid capture group name")
            out.append(ch)

    def quantified(self, frame: _GroupFrame, atom: _Node) -> None:
        c = self.peek()
        if c == "*":
            lo, hi = 0, None
            self.pos += 1
        elif c == "+":
            lo, hi = 1, None
            self.pos += 1
        elif c == "?":
            lo, hi = 0, 1
            self.pos += 1
        elif c == "{":
            bounds = self.braces()
            if bounds is None:
                raise self.error("Incomplete quantifier")
            lo, hi = bounds
        else:
            frame.terms.append(atom)
            return
        greedy = True
        if self.peek() == "?":
            self.pos += 1
            greedy = False
        rep = self.node(_REP, [atom])
        rep.lo, rep.hi = lo, hi
        rep.greedy = greedy
        frame.terms.append(rep)

    def braces(self) -> tuple[int, int | None] | None:
        source = self.source
        i = self.pos + 1
        start = i
        while i < len(source) and "0" <= source[i] <= "9":
            i += 1
        if i == start:
            return None
        lo = int(source[start:i])
        hi: int | None = lo
        if i < len(source) and source[i] == ",":
            i += 1
            start = i
            while i < len(source) and "0" <= source[i] <= "9":
                i += 1
            hi = int(source[start:i]) if i > start else None
        if i >= len(source) or source[i] != "}":
            return None
        self.pos = i + 1
        if hi is not None and hi < lo:
            raise self.error("numbers out of order in {} quantifier")
        return lo, hi

    # -- escapes --------------------------------------------------------------
    def hex_digits(self, count: int) -> int | None:
        text = self.source[self.pos:self.pos + count]
        if len(text) != count or not all(c in _HEX for c in text):
            return None
        self.pos += count
        return int(text, 16)

    def unicode_escape_tail(self) -> int | None:
        """After '\\u': RegExpUnicodeEscapeSequence[+UnicodeMode]."""
        if self.peek() == "{":
            i = self.pos + 1
            start = i
            source = self.source
            while i < len(source) and source[i] in _HEX:
                i += 1
            if i == start or i >= len(source) or source[i] != "}":
                return None
            code_point = int(source[start:i], 16)
            if code_point > MAX_CODE_POINT:
                return None
            self.pos = i + 1
            return code_point
        value = self.hex_digits(4)
        if value is None:
            return None
        if 0xD800 <= value <= 0xDBFF and self.peek() == "\\" \
                and self.peek(1) == "u":
            saved = self.pos
            self.pos += 2
            trail = self.hex_digits(4)
            if trail is not None and 0xDC00 <= trail <= 0xDFFF:
                return 0x10000 + ((value - 0xD800) << 10) + (trail - 0xDC00)
            self.pos = saved
        return value

    def character_escape(self) -> int | None:
        """After '\\': CharacterEscape[+UnicodeMode], or None if not one."""
        c = self.peek()
        if c in _CONTROL_ESCAPES:
            self.pos += 1
            return _CONTROL_ESCAPES[c]
        if c == "c":
            letter = self.peek(1)
            if letter and ("a" <= letter <= "z" or "A" <= letter <= "Z"):
                self.pos += 2
                return ord(letter) % 32
            raise self.error("Invalid unicode escape")
        if c == "0":
            if "0" <= self.peek(1) <= "9" and self.peek(1) != "":
                raise self.error("Invalid decimal escape")
            self.pos += 1
            return 0
        if c == "x":
            self.pos += 1
            value = self.hex_digits(2)
            if value is None:
                raise self.error("Invalid escape")
            return value
        if c == "u":
            self.pos += 1
            value = self.unicode_escape_tail()
            if value is None:
                raise self.error("Invalid Unicode escape")
            return value
        if c in _SYNTAX_CHARACTERS or c == "/":
            self.pos += 1
            return ord(c)
        return None

    def class_escape(self, ignore_case: bool) -> _ClassValue | None:
        """After '\\': CharacterClassEscape[+UnicodeMode], or None."""
        c = self.peek()
        ranges: Ranges
        if c in ("d", "D", "s", "S", "w", "W"):
            self.pos += 1
            lower = c.lower()
            ranges = _DIGITS if lower == "d" else (
                _SPACE if lower == "s" else _WORD)
            if ignore_case:
                ranges = _case_closure(ranges)
            if c != lower:
                ranges = _complement(ranges)
            return _ClassValue(ranges)
        if c == "p" or c == "P":
            self.pos += 1
            return self.property_escape(c == "P", ignore_case)
        return None

    def property_escape(self, negated: bool, ignore_case: bool) -> _ClassValue:
        if self.peek() != "{":
            raise self.error("Invalid property name")
        source = self.source
        end = source.find("}", self.pos)
        if end < 0:
            raise self.error("Invalid property name")
        body = source[self.pos + 1:end]
        self.pos = end + 1
        name, eq, value = body.partition("=")
        name_ok = bool(name) and all(
            "a" <= ch <= "z" or "A" <= ch <= "Z" or ch == "_" for ch in name)
        value_ok = all("a" <= ch <= "z" or "A" <= ch <= "Z" or ch == "_"
                       or "0" <= ch <= "9" for ch in value)
        if not name_ok:
            if eq or not body or not value_ok:
                raise self.error("Invalid property name")
        ranges: Ranges
        if eq:
            if not value or not value_ok:
                raise self.error("Invalid property name")
            if name in ("General_Category", "gc"):
                if value not in _GC_ALIASES:
                    raise self.error("Invalid property name")
                ranges = _general_category(_GC_ALIASES[value])
            elif name in ("Script", "sc", "Script_Extensions", "scx"):
                found = _script(value, name in ("Script_Extensions", "scx"))
                if found is None:
                    raise self.error("Invalid property name")
                ranges = found
            else:
                raise self.error("Invalid property name")
        elif body in _GC_ALIASES:
            ranges = _general_category(_GC_ALIASES[body])
        elif body in _BINARY:
            try:
                ranges = _binary_property(body)
            except _Unsupported:
                self.unsupported = self.unsupported or body
                ranges = ()
        elif body in _STRING_PROPERTIES:
            if negated:
                raise self.error("Invalid property name")
            self.unsupported = self.unsupported or body
            return _ClassValue((), frozenset(), True)
        else:
            raise self.error("Invalid property name")
        if ignore_case:
            ranges = _case_closure(ranges)
        if negated:
            ranges = _complement(ranges)
        return _ClassValue(ranges)

    def atom_escape(self, ignore_case: bool) -> _Node:
        """'\\' AtomEscape[+UnicodeMode, +NamedCaptureGroups]."""
        self.pos += 1
        c = self.peek()
        if c == "":
            raise self.error("\\ at end of pattern")
        if "1" <= c <= "9":
            start = self.pos
            while "0" <= self.peek() <= "9" and self.peek() != "":
                self.pos += 1
            ref = self.node(_BACKREF)
            ref.ignore_case = ignore_case
            ref.refs = [int(self.source[start:self.pos])]
            self.numbered_refs.append(ref)
            self.has_backrefs = True
            return ref
        if c == "k":
            self.pos += 1
            if self.peek() != "<":
                raise self.error("Invalid named reference")
            self.pos += 1
            name = self.group_name()
            ref = self.node(_BACKREF)
            ref.ignore_case = ignore_case
            self.named_refs.append((ref, name))
            self.has_backrefs = True
            return ref
        value = self.class_escape(ignore_case)
        if value is not None:
            if value.may_contain_strings:
                return self.strings_node(value, ignore_case)
            return self.chars_node(value.chars)
        cp = self.character_escape()
        if cp is None:
            raise self.error("Invalid escape")
        return self.literal(cp, ignore_case)

    # -- classes (v mode: ClassSetExpression) ---------------------------------
    def class_set_character(self, ignore_case: bool) -> int | _ClassValue:
        """One ClassSetCharacter, or an operand given by an escape.

        Returns a code point, or a _ClassValue for \\d, \\p{..}, \\q{..}.
        """
        c = self.peek()
        if c == "":
            raise self.error("Unterminated character class")
        if c == "\\":
            self.pos += 1
            e = self.peek()
            if e == "q":
                raise self.error("Invalid escape")   # handled by the caller
            value = self.class_escape(ignore_case)
            if value is not None:
                return value
            if e == "b":
                self.pos += 1
                return 0x08
            if e in _CLASS_SET_RESERVED_PUNCTUATOR:
                self.pos += 1
                return ord(e)
            cp = self.character_escape()
            if cp is None:
                raise self.error("Invalid escape")
            return cp
        if c in _CLASS_SET_SYNTAX:
            raise self.error("Invalid character in character class")
        if c in _CLASS_SET_RESERVED_DOUBLE and self.peek(1) == c:
            raise self.error("Invalid set operation in character class")
        self.pos += 1
        return ord(c)

    def string_disjunction(self, ignore_case: bool) -> _ClassValue:
        """After '\\q{': ClassStringDisjunctionContents '}'."""
        strings: set[str] = set()
        chars: list[tuple[int, int]] = []
        may_contain_strings = False
        current: list[str] = []
        while True:
            c = self.peek()
            if c == "}" or c == "|":
                self.pos += 1
                text = "".join(current)
                if len(text) == 1:
                    chars.append((ord(text), ord(text)))
                else:
                    may_contain_strings = True
                    strings.add(_fold_string(text) if ignore_case else text)
                current = []
                if c == "}":
                    break
                continue
            if c == "\\" and self.peek(1) == "q":
                raise self.error("Invalid escape")
            item = self.class_set_character(ignore_case)
            if isinstance(item, _ClassValue):
                raise self.error("Invalid escape")
            current.append(chr(item))
        ranges = _normalize(chars)
        if ignore_case:
            ranges = _case_closure(ranges)
        return _ClassValue(ranges, frozenset(strings), may_contain_strings)

    def class_operand(self, ignore_case: bool) -> int | _ClassValue | None:
        """A ClassSetOperand or ClassSetCharacter; None for a nested '['."""
        if self.peek() == "[":
            return None
        if self.peek() == "\\" and self.peek(1) == "q":
            self.pos += 2
            if self.peek() != "{":
                raise self.error("Invalid escape")
            self.pos += 1
            return self.string_disjunction(ignore_case)
        return self.class_set_character(ignore_case)

    def parse_class(self, ignore_case: bool) -> _Node:
        """After the '[' of a CharacterClass: the class, as a node."""
        stack: list[_ClassFrame] = []
        frame = self.open_class(ignore_case)
        while True:
            c = self.peek()
            if c == "":
                raise self.error("Unterminated character class")
            item: int | _ClassValue | None
            if c == "]":
                self.pos += 1
                value = self.close_class(frame)
                if not stack:
                    if value.may_contain_strings or value.strings:
                        return self.strings_node(value, ignore_case)
                    return self.chars_node(value.chars)
                frame = stack.pop()
                item = value
            else:
                if frame.items:
                    self.class_operator(frame)
                item = self.class_operand(ignore_case)
                if item is None:
                    self.pos += 1
                    stack.append(frame)
                    frame = self.open_class(ignore_case)
                    continue
            # One operand read (item): a range if '-x' follows a character.
            if isinstance(item, int):
                if self.peek() == "-" and self.peek(1) != "-":
                    if frame.operator in ("and", "sub"):
                        raise self.error("Invalid set operation")
                    self.pos += 1
                    if frame.operator == "" and frame.items:
                        pass
                    high = self.class_set_character(ignore_case)
                    if isinstance(high, _ClassValue):
                        raise self.error("Invalid character class")
                    if high < item:
                        raise self.error("Range out of order in character class")
                    ranges: Ranges = ((item, high),)
                    if ignore_case:
                        ranges = _case_closure(ranges)
                    value = _ClassValue(ranges)
                    if frame.operator == "" and frame.items:
                        frame.operator = "union"
                    frame.items.append(value)
                    # A range can only be part of a union.
                    if not frame.operator:
                        frame.operator = "union"
                    continue
                ranges = ((item, item),)
                if ignore_case:
                    ranges = _case_closure(ranges)
                item = _ClassValue(ranges)
            frame.items.append(item)

    def open_class(self, ignore_case: bool) -> _ClassFrame:
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        return _ClassFrame(negated, ignore_case)

    def class_operator(self, frame: _ClassFrame) -> None:
        """Between two operands: '&&', '--' or nothing (a union)."""
        c, d = self.peek(), self.peek(1)
        if c == "&" and d == "&":
            if frame.operator == "":
                if len(frame.items) != 1:
                    raise self.error("Invalid set operation in character class")
                frame.operator = "and"
            elif frame.operator != "and":
                raise self.error("Invalid set operation in character class")
            self.pos += 2
            if self.peek() == "&":
                raise self.error("Invalid character in character class")
            return
        if c == "-" and d == "-":
            if frame.operator == "":
                if len(frame.items) != 1:
                    raise self.error("Invalid set operation in character class")
                frame.operator = "sub"
            elif frame.operator != "sub":
                raise self.error("Invalid set operation in character class")
            self.pos += 2
            return
        if frame.operator in ("and", "sub"):
            raise self.error("Invalid set operation in character class")
        frame.operator = "union"

    def close_class(self, frame: _ClassFrame) -> _ClassValue:
        items = frame.items
        if not items:
            value = _ClassValue(())
        elif frame.operator == "and":
            chars = items[0].chars
            strings = items[0].strings
            for other in items[1:]:
                chars = _intersect(chars, other.chars)
                strings = strings & other.strings
            value = _ClassValue(chars, strings,
                                all(i.may_contain_strings for i in items))
        elif frame.operator == "sub":
            chars = items[0].chars
            strings = items[0].strings
            for other in items[1:]:
                chars = _subtract(chars, other.chars)
                strings = strings - other.strings
            value = _ClassValue(chars, strings, items[0].may_contain_strings)
        else:
            value = _ClassValue(
                _normalize(r for i in items for r in i.chars),
                frozenset(s for i in items for s in i.strings),
                any(i.may_contain_strings for i in items))
        if frame.negated:
            if value.may_contain_strings:
                raise self.error("Negated character class may contain strings")
            return _ClassValue(_complement(value.chars))
        return value

    def strings_node(self, value: _ClassValue, ignore_case: bool) -> _Node:
        """A class with strings: an alternation of the strings and the set."""
        alternatives: list[_Node] = []
        for text in sorted(value.strings, key=len, reverse=True):
            kids = [self.literal(ord(ch), ignore_case) for ch in text]
            alternatives.append(self.node(_SEQ, kids))
        if value.chars:
            alternatives.append(self.chars_node(value.chars))
        if not alternatives:
            return self.chars_node(())
        if len(alternatives) == 1:
            return alternatives[0]
        return self.node(_ALT, alternatives)

    # -- after the whole pattern ----------------------------------------------
    def finish(self) -> None:
        for ref in self.numbered_refs:
            if ref.refs[0] > self.captures:
                raise PatternSyntaxError("Invalid back reference")
        for ref, name in self.named_refs:
            groups = self.names.get(name)
            if not groups:
                raise PatternSyntaxError("Invalid named capture referenced")
            ref.refs = [number for _, number in groups]


# ---------------------------------------------------------------------------
# The automaton.

_OP_CHAR, _OP_SPLIT, _OP_EPS, _OP_ASSERT, _OP_MATCH = range(5)
_OP_SAVE, _OP_BACKREF, _OP_RESET, _OP_LOOP_START, _OP_LOOP_CHECK = range(5, 10)


class _Program:
    """A Thompson NFA: parallel lists indexed by state number."""

    __slots__ = ("op", "arg", "out1", "out2", "charsets", "start")

    def __init__(self) -> None:
        self.op: list[int] = []
        self.arg: list[int] = []
        self.out1: list[int] = []
        self.out2: list[int] = []
        self.charsets: list[_CharSet | None] = []
        self.start = 0

    def add(self, op: int, arg: int = 0,
            charset: _CharSet | None = None) -> int:
        self.op.append(op)
        self.arg.append(arg)
        self.out1.append(-1)
        self.out2.append(-1)
        self.charsets.append(charset)
        return len(self.op) - 1

    def __len__(self) -> int:
        return len(self.op)


# A fragment: its start state and the dangling exits (state, 1 or 2).
_Frag = tuple[int, list[tuple[int, int]]]


_ANY_CHARSET = _CharSet(_ALL)


class _TooBig(Exception):
    pass


def _patch(program: _Program, exits: list[tuple[int, int]], target: int) -> None:
    for state, which in exits:
        if which == 1:
            program.out1[state] = target
        else:
            program.out2[state] = target


def _clamp(count: int, limit: int) -> int:
    """A repetition count as a value of length limit - 1 can tell it apart.

    With L code points, at most L iterations consume something, and an
    iteration that can match the empty string can be repeated at no cost, so
    x{n,m} with n or m above L + 1 matches exactly what x{min(n, L+1),
    min(m, L+1)} matches.
    """
    return count if count < limit else limit


def _compile(root: _Node, reverse: bool, limit: int, max_states: int,
             captures: bool = False) -> _Program:
    """Thompson's construction, iterative (a stack of generators)."""
    program = _Program()

    def build(node: _Node) -> Generator[_Node, _Frag, _Frag]:
        kind = node.kind
        if kind == _CHARS:
            s = program.add(_OP_CHAR, 0, node.chars)
            return s, [(s, 1)]
        exits: list[tuple[int, int]]
        if kind == _SEQ:
            kids = node.kids[::-1] if reverse else node.kids
            if not kids:
                s = program.add(_OP_EPS)
                return s, [(s, 1)]
            start, exits = yield kids[0]
            for kid in kids[1:]:
                s, e = yield kid
                _patch(program, exits, s)
                exits = e
            return start, exits
        if kind == _ALT:
            frags: list[_Frag] = []
            for kid in node.kids:
                frags.append((yield kid))
            # A chain of splits, first alternative first.
            exits = []
            start = frags[-1][0]
            exits.extend(frags[-1][1])
            for f_start, f_exits in reversed(frags[:-1]):
                s = program.add(_OP_SPLIT)
                program.out1[s] = f_start
                program.out2[s] = start
                start = s
                exits.extend(f_exits)
            return start, exits
        if kind == _GROUP:
            if captures and node.index:
                open_ = program.add(_OP_SAVE, 2 * node.index + (1 if reverse else 0))
                body_start, body_exits = yield node.kids[0]
                program.out1[open_] = body_start
                close = program.add(_OP_SAVE, 2 * node.index + (0 if reverse else 1))
                _patch(program, body_exits, close)
                return open_, [(close, 1)]
            return (yield node.kids[0])
        if kind == _ASSERT:
            s = program.add(_OP_ASSERT, node.index)
            return s, [(s, 1)]
        if kind == _LOOK:
            s = program.add(_OP_ASSERT, 8 + node.index)
            return s, [(s, 1)]
        if kind == _BACKREF:
            if not captures:
                # Relaxed: any string (the set simulation's over-approximation
                # of a pattern with backreferences, see CompiledPattern).
                split = program.add(_OP_SPLIT)
                any_char = program.add(_OP_CHAR, 0, _ANY_CHARSET)
                program.out1[split] = any_char
                program.out1[any_char] = split
                return split, [(split, 2)]
            s = program.add(_OP_BACKREF, node.index)
            return s, [(s, 1)]
        assert kind == _REP
        lo = _clamp(node.lo, limit)
        hi = None if node.hi is None else _clamp(node.hi, limit)
        body = node.kids[0]
        reset = node.index
        start = -1
        exits = []

        def join(frag: _Frag) -> None:
            nonlocal start, exits
            if start < 0:
                start = frag[0]
            else:
                _patch(program, exits, frag[0])
            exits = frag[1]

        def iteration(checked: bool) -> Generator[_Node, _Frag, _Frag]:
            # One iteration of the body.  For the backtracking search: the
            # captures inside are cleared first, and an iteration past the
            # minimum fails when it matched the empty string (RepeatMatcher).
            if not captures:
                return (yield body)
            first = program.add(_OP_RESET, reset)
            if not checked:
                b_start, b_exits = yield body
                program.out1[first] = b_start
                return first, b_exits
            mark = program.add(_OP_LOOP_START, node.index)
            program.out1[first] = mark
            b_start, b_exits = yield body
            program.out1[mark] = b_start
            check = program.add(_OP_LOOP_CHECK, node.index)
            _patch(program, b_exits, check)
            return first, [(check, 1)]

        for _ in range(lo):
            join((yield from iteration(False)))
        # The split tries the body first when greedy, the exit first if lazy.
        body_slot, exit_slot = (1, 2) if node.greedy else (2, 1)
        if hi is None:
            split = program.add(_OP_SPLIT)
            f_start, f_exits = yield from iteration(True)
            _patch(program, [(split, body_slot)], f_start)
            _patch(program, f_exits, split)
            join((split, [(split, exit_slot)]))
        else:
            optional_exits: list[tuple[int, int]] = []
            for _ in range(hi - lo):
                split = program.add(_OP_SPLIT)
                f_start, f_exits = yield from iteration(True)
                _patch(program, [(split, body_slot)], f_start)
                optional_exits.append((split, exit_slot))
                join((split, f_exits))
            exits = exits + optional_exits
        if start < 0:
            s = program.add(_OP_EPS)
            return s, [(s, 1)]
        if len(program) > max_states:
            raise _TooBig
        return start, exits

    stack: list[Generator[_Node, _Frag, _Frag]] = [build(root)]
    result: _Frag | None = None
    while stack:
        gen = stack[-1]
        try:
            child = gen.send(result) if result is not None else next(gen)
        except StopIteration as stop:
            stack.pop()
            result = stop.value
            continue
        result = None
        stack.append(build(child))
        if len(program) > max_states:
            raise _TooBig
    assert result is not None
    match = program.add(_OP_MATCH)
    _patch(program, result[1], match)
    program.start = result[0]
    return program


def _simulate(program: _Program, value: str, preds: list[bytearray],
              forward: bool, anchored: bool, work: list[int]) -> bytearray:
    """Run the NFA as a set of states.

    Returns a bytearray r of length L + 1: r[p] = 1 when the accepting state
    is reached at position p.  Forward runs read value[p] to go from p to
    p + 1; backward runs read value[p - 1] to go from p to p - 1.  Anchored
    runs start at the first position only, others at every position.
    ``work[0]`` grows by the number of states visited (at most len(program)
    per position).
    """
    op = program.op
    arg = program.arg
    out1 = program.out1
    out2 = program.out2
    charsets = program.charsets
    length = len(value)
    result = bytearray(length + 1)
    mark = [-1] * len(op)
    positions = range(length + 1) if forward else range(length, -1, -1)
    current: list[int] = []
    for p in positions:
        if p == (0 if forward else length) or not anchored:
            # Inject the start state at position p.
            stack = [program.start]
        else:
            stack = []
        # Closure of the carried states and the injected one at position p.
        carried = current
        current = []
        stack.extend(reversed(carried))
        visited = 0
        while stack:
            s = stack.pop()
            if mark[s] == p:
                continue
            mark[s] = p
            visited += 1
            o = op[s]
            if o == _OP_CHAR:
                current.append(s)
            elif o == _OP_SPLIT:
                stack.append(out2[s])
                stack.append(out1[s])
            elif o == _OP_EPS:
                stack.append(out1[s])
            elif o == _OP_ASSERT:
                if preds[arg[s]][p]:
                    stack.append(out1[s])
            elif o == _OP_MATCH:
                result[p] = 1
        work[0] += visited
        if not current:
            if anchored:
                break
            continue
        # Step over one code point.
        if forward:
            if p == length:
                break
            cp = ord(value[p])
        else:
            if p == 0:
                break
            cp = ord(value[p - 1])
        moved: list[int] = []
        for s in current:
            cs = charsets[s]
            assert cs is not None
            if cs.has(cp):
                moved.append(out1[s])
        current = moved
    return result


_WORD_SET = _CharSet(_WORD)
# WordCharacters with the i modifier: also the code points whose simple case
# folding is a word character (U+017F LATIN SMALL LETTER LONG S, U+212A KELVIN
# SIGN).
_WORD_SET_I = _CharSet(_normalize(_WORD + ((0x17F, 0x17F), (0x212A, 0x212A))))


def _fixed_predicates(value: str) -> list[bytearray]:
    """The arrays for ^ $ (with and without m) and \\b \\B (with and without i)."""
    length = len(value)
    start = bytearray(length + 1)
    start[0] = 1
    end = bytearray(length + 1)
    end[length] = 1
    terminators = _CharSet(_LINE_TERMINATORS)
    line_start = bytearray(length + 1)
    line_end = bytearray(length + 1)
    line_start[0] = 1
    line_end[length] = 1
    for i, ch in enumerate(value):
        if terminators.has(ord(ch)):
            line_start[i + 1] = 1
            line_end[i] = 1
    out = [start, end, line_start, line_end]
    for word in (_WORD_SET, _WORD_SET_I):
        flags = [word.has(ord(ch)) for ch in value]
        boundary = bytearray(length + 1)
        not_boundary = bytearray(length + 1)
        for p in range(length + 1):
            a = flags[p - 1] if p > 0 else False
            b = flags[p] if p < length else False
            if a != b:
                boundary[p] = 1
            else:
                not_boundary[p] = 1
        out.append(boundary)
        out.append(not_boundary)
    return out


# ---------------------------------------------------------------------------
# The public API.


class CompiledPattern:
    """A compiled ``pattern`` attribute: ``^(?:pattern)$`` with the v flag.

    Create one with :func:`compile_pattern`.
    """

    __slots__ = ("source", "_root", "_nodes", "_looks", "_max_count",
                 "_has_backrefs", "_programs", "_max_states", "_captures",
                 "_reps", "_look_depth", "_backtrack_programs",
                 "_backref_nodes", "_relaxable")

    def __init__(self, source: str, parser: _Parser, root: _Node) -> None:
        self.source = source
        self._root = root
        self._nodes = parser.nodes
        self._looks = [n for n in parser.nodes if n.kind == _LOOK]
        self._has_backrefs = parser.has_backrefs
        self._max_count = max(
            [n.lo for n in parser.nodes if n.kind == _REP]
            + [n.hi for n in parser.nodes if n.kind == _REP and n.hi is not None]
            + [0])
        self._programs: dict[int, tuple[_Program, list[_Program]] | None] = {}
        self._max_states = 64 * len(source) + 20_000
        self._captures = parser.captures
        # For the backtracking search: each repetition's number and the
        # capture groups inside it; the nesting depth of lookarounds.
        self._reps: list[tuple[int, int]] = []
        self._backref_nodes: list[_Node] = []
        depth: dict[int, int] = {}
        self._look_depth = 0
        # A pattern whose backreferences are all outside negative lookarounds
        # matches only values that the same pattern with each backreference
        # read as "any string" matches: the set simulation of that relaxed
        # pattern decides every "no" without a search.
        has_backref: set[int] = set()
        self._relaxable = True
        for node in parser.nodes:          # children before parents
            lo, hi = (node.index, node.index) if (
                node.kind == _GROUP and node.index) else (1 << 30, -1)
            d = 0
            for kid in node.kids:
                if kid.cap_hi >= 0:
                    lo = min(lo, kid.cap_lo)
                    hi = max(hi, kid.cap_hi)
                d = max(d, depth[id(kid)])
            node.cap_lo, node.cap_hi = lo, hi
            if node.kind == _BACKREF or any(
                    id(kid) in has_backref for kid in node.kids):
                has_backref.add(id(node))
                if node.kind == _LOOK and node.negative:
                    self._relaxable = False
            if node.kind == _LOOK:
                d += 1
            depth[id(node)] = d
            self._look_depth = max(self._look_depth, d)
            if node.kind == _REP:
                node.index = len(self._reps)
                self._reps.append((lo, hi))
            elif node.kind == _BACKREF:
                node.index = len(self._backref_nodes)
                self._backref_nodes.append(node)
        self._backtrack_programs: tuple[_Program, list[_Program]] | None = None

    def __repr__(self) -> str:
        return f"CompiledPattern({self.source!r})"

    def _programs_for(self, length: int) -> tuple[_Program, list[_Program]] | None:
        limit = min(length + 1, self._max_count + 1)
        key = limit
        if key in self._programs:
            return self._programs[key]
        try:
            budget = self._max_states
            main = _compile(self._root, False, length + 1, budget)
            budget -= len(main)
            looks: list[_Program] = []
            for look in self._looks:
                body = _compile(look.kids[0], not look.behind, length + 1,
                                max(budget, 0))
                budget -= len(body)
                looks.append(body)
            programs: tuple[_Program, list[_Program]] | None = (main, looks)
        except _TooBig:
            programs = None
        if len(self._programs) > 8:
            self._programs.clear()
        self._programs[key] = programs
        return programs

    def evaluate(self, value: str) -> bool | None:
        """Whether *value* matches; None when it could not be decided.

        See the module docstring for when a result is undecided (a pattern
        whose counted repetitions expand past the state budget, a backreference
        search past its step budget).
        """
        if not isinstance(value, str):
            raise TypeError(
                f"value must be a str, not {type(value).__name__}")
        return self._evaluate(value, [0])

    def _evaluate(self, value: str, work: list[int]) -> bool | None:
        """evaluate(), adding the states visited to ``work[0]``."""
        if self._has_backrefs:
            if self._relaxable and self._simulate(value, work) is False:
                return False
            return _backtrack_evaluate(self, value, work)
        return self._simulate(value, work)

    def _simulate(self, value: str, work: list[int]) -> bool | None:
        """The set simulation (backreferences relaxed to any string)."""
        programs = self._programs_for(len(value))
        if programs is None:
            return None
        main, looks = programs
        preds = _fixed_predicates(value)
        for look, body in zip(self._looks, looks):
            if look.behind:
                found = _simulate(body, value, preds, True, False, work)
            else:
                found = _simulate(body, value, preds, False, False, work)
            if look.negative:
                found = bytearray(1 - b for b in found)
            preds.append(found)
        final = _simulate(main, value, preds, True, True, work)
        return bool(final[len(value)])

    def matches(self, value: str) -> bool:
        """Whether *value* matches the pattern (HTML's "matches the pattern").

        An undecided result (see :meth:`evaluate`) counts as a match: the
        pattern is then not enforced, as when it does not compile.
        """
        return self.evaluate(value) is not False


class _OutOfBudget(Exception):
    pass


#: Lookarounds nested deeper than this in a pattern with backreferences make
#: its results undecided (the search recurses once per level).
_MAX_LOOK_DEPTH_WITH_BACKREFS = 50


def _backtrack_evaluate(pattern: CompiledPattern, value: str,
                        work: list[int]) -> bool | None:
    """Whether *value* matches a pattern that has backreferences.

    An exhaustive search over the states (NFA state, position, captures,
    iteration start positions) in backtracking order, with a visited set so
    that no state is expanded twice, and a budget of ``16 x S x (L + 1)``
    expanded states (lookaround searches included); past the budget the
    result is undecided (None).  Counted repetitions are not clamped here.
    """
    if pattern._look_depth > _MAX_LOOK_DEPTH_WITH_BACKREFS:
        return None
    programs = pattern._backtrack_programs
    if programs is None:
        try:
            main = _compile(pattern._root, False, 1 << 62,
                            pattern._max_states, captures=True)
            looks = [_compile(look.kids[0], look.behind, 1 << 62,
                              pattern._max_states, captures=True)
                     for look in pattern._looks]
        except _TooBig:
            return None
        programs = pattern._backtrack_programs = (main, looks)
    main, looks = programs
    total = len(main) + sum(len(look) for look in looks)
    budget = 16 * total * (len(value) + 1)
    search = _Search(pattern, value, looks, budget)
    slots = [-1] * (2 * pattern._captures + 2)
    regs = [-1] * len(pattern._reps)
    try:
        found = search.run(main, 0, tuple(slots), tuple(regs), True, True)
    except _OutOfBudget:
        return None
    finally:
        work[0] += budget - max(search.budget, 0)
    return found is not None


class _Search:
    """The backtracking search of :func:`_backtrack_evaluate`."""

    def __init__(self, pattern: CompiledPattern, value: str,
                 looks: list[_Program], budget: int) -> None:
        self.pattern = pattern
        self.value = value
        self.looks = looks
        self.budget = budget
        self.preds = _fixed_predicates(value)
        self.look_cache: dict[tuple[int, int, tuple[int, ...]],
                              tuple[int, ...] | None] = {}
        self.targets: dict[int, dict[int, _Node]] = {}

    def run(self, program: _Program, start: int, caps: tuple[int, ...],
            regs: tuple[int, ...], forward: bool,
            whole: bool) -> tuple[int, ...] | None:
        """The captures of the first match from *start*, or None.

        *whole*: the match must end at the end of the value (the main
        pattern); otherwise anywhere (a lookaround body).
        """
        value = self.value
        length = len(value)
        op = program.op
        arg = program.arg
        out1 = program.out1
        out2 = program.out2
        charsets = program.charsets
        reps = self.pattern._reps
        nodes_refs = self._backref_targets(program)
        visited: set[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = set()
        stack = [(program.start, start, caps, regs)]
        while stack:
            state = stack.pop()
            if state in visited:
                continue
            visited.add(state)
            self.budget -= 1
            if self.budget < 0:
                raise _OutOfBudget
            pc, pos, caps, regs = state
            o = op[pc]
            if o == _OP_CHAR:
                if forward:
                    if pos < length:
                        cs = charsets[pc]
                        assert cs is not None
                        if cs.has(ord(value[pos])):
                            stack.append((out1[pc], pos + 1, caps, regs))
                elif pos > 0:
                    cs = charsets[pc]
                    assert cs is not None
                    if cs.has(ord(value[pos - 1])):
                        stack.append((out1[pc], pos - 1, caps, regs))
            elif o == _OP_SPLIT:
                stack.append((out2[pc], pos, caps, regs))
                stack.append((out1[pc], pos, caps, regs))
            elif o == _OP_EPS:
                stack.append((out1[pc], pos, caps, regs))
            elif o == _OP_SAVE:
                slot = arg[pc]
                new_caps = list(caps)
                new_caps[slot] = pos
                stack.append((out1[pc], pos, tuple(new_caps), regs))
            elif o == _OP_RESET:
                lo, hi = reps[arg[pc]]
                if hi >= lo:
                    new_caps = list(caps)
                    for k in range(lo, hi + 1):
                        new_caps[2 * k] = new_caps[2 * k + 1] = -1
                    caps = tuple(new_caps)
                stack.append((out1[pc], pos, caps, regs))
            elif o == _OP_LOOP_START:
                new_regs = list(regs)
                new_regs[arg[pc]] = pos
                stack.append((out1[pc], pos, caps, tuple(new_regs)))
            elif o == _OP_LOOP_CHECK:
                if regs[arg[pc]] != pos:
                    stack.append((out1[pc], pos, caps, regs))
            elif o == _OP_ASSERT:
                a = arg[pc]
                if a < 8:
                    if self.preds[a][pos]:
                        stack.append((out1[pc], pos, caps, regs))
                else:
                    result = self.look(a - 8, pos, caps, regs)
                    if result is not None:
                        stack.append((out1[pc], pos, result, regs))
            elif o == _OP_BACKREF:
                moved = self.backref(nodes_refs[pc], pos, caps, forward)
                if moved >= 0:
                    stack.append((out1[pc], moved, caps, regs))
            elif o == _OP_MATCH:
                if not whole or pos == length:
                    return caps
        return None

    def look(self, number: int, pos: int, caps: tuple[int, ...],
             regs: tuple[int, ...]) -> tuple[int, ...] | None:
        """The captures after lookaround *number* at *pos*, None if it fails."""
        key = (number, pos, caps)
        if key in self.look_cache:
            return self.look_cache[key]
        node = self.pattern._looks[number]
        found = self.run(self.looks[number], pos, caps, regs,
                         not node.behind, False)
        result: tuple[int, ...] | None
        if node.negative:
            result = caps if found is None else None
        else:
            result = found
        self.look_cache[key] = result
        return result

    def backref(self, node: _Node, pos: int, caps: tuple[int, ...],
                forward: bool) -> int:
        """The position after backreference *node* at *pos*, or -1."""
        start = end = -1
        for group in node.refs:
            if caps[2 * group] >= 0 and caps[2 * group + 1] >= 0:
                start, end = caps[2 * group], caps[2 * group + 1]
                break
        if start < 0:
            return pos               # an undefined group matches empty
        text = self.value[start:end]
        n = len(text)
        if forward:
            if pos + n > len(self.value):
                return -1
            here = self.value[pos:pos + n]
            moved = pos + n
        else:
            if pos - n < 0:
                return -1
            here = self.value[pos - n:pos]
            moved = pos - n
        if here == text or (node.ignore_case
                            and _fold_string(here) == _fold_string(text)):
            return moved
        return -1

    def _backref_targets(self, program: _Program) -> dict[int, _Node]:
        """The backreference node of each _OP_BACKREF state of *program*."""
        targets = self.targets.get(id(program))
        if targets is None:
            refs = self.pattern._backref_nodes
            targets = self.targets[id(program)] = {
                pc: refs[program.arg[pc]] for pc in range(len(program))
                if program.op[pc] == _OP_BACKREF}
        return targets


def _parse(pattern: str) -> tuple[_Parser, _Node]:
    parser = _Parser(pattern)
    root = parser.parse()
    parser.finish()
    return parser, root


def pattern_status(pattern: str) -> Literal["valid", "invalid", "unsupported"]:
    """Whether *pattern* compiles as a JavaScript RegExp with the v flag.

    ``"unsupported"`` when it uses a Unicode property without data here
    (:data:`UNSUPPORTED_PROPERTIES`; for Script values this module cannot
    even tell whether the name is valid).
    """
    if not isinstance(pattern, str):
        raise TypeError(
            f"pattern must be a str, not {type(pattern).__name__}")
    try:
        parser, _ = _parse(pattern)
    except PatternSyntaxError:
        return "invalid"
    return "unsupported" if parser.unsupported else "valid"


def compile_pattern(pattern: str) -> CompiledPattern | None:
    """HTML's compiled pattern regular expression for a ``pattern`` value.

    ``None`` when *pattern* is not a valid JavaScript RegExp with the ``v``
    flag (the attribute is then ignored), or uses a property listed in
    :data:`UNSUPPORTED_PROPERTIES`.
    """
    if not isinstance(pattern, str):
        raise TypeError(
            f"pattern must be a str, not {type(pattern).__name__}")
    try:
        parser, root = _parse(pattern)
    except PatternSyntaxError:
        return None
    if parser.unsupported:
        return None
    return CompiledPattern(pattern, parser, root)
