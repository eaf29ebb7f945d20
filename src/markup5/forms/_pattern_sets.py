"""Sets of code points and the Unicode data of ``\\p{...}`` for
markup5.forms._pattern (the ``pattern`` attribute's RegExp).

A set is a sorted tuple of disjoint, non-adjacent ``(lo, hi)`` ranges;
:class:`_CharSet` adds fast membership.  General_Category, the binary
properties derived from case mappings and simple case folding come from
:mod:`unicodedata`; Script, Script_Extensions and the other binary properties
from the generated ``_pattern_unicode``.
"""

from __future__ import annotations

import bisect
import unicodedata
from collections.abc import Callable, Iterable

MAX_CODE_POINT = 0x10FFFF

Ranges = tuple[tuple[int, int], ...]


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
    name for name, compute in _BINARY.items() if compute is None)

UNSUPPORTED = (
    "Unicode properties without data here are not matched: "
    "Changes_When_NFKC_Casefolded (CWKCF), listed in UNSUPPORTED_PROPERTIES. "
    "compile_pattern returns None for a pattern using one (the attribute is "
    "then ignored, as for a pattern that does not compile). General_Category, "
    "ASCII_Hex_Digit, Lowercase, Uppercase, Cased, Case_Ignorable, the "
    "Changes_When_* properties, XID_Start/XID_Continue and the case folding "
    "of the i modifier use unicodedata's Unicode version; Script, "
    "Script_Extensions and the other binary properties come from the "
    "generated module _pattern_unicode (tools/gen_pattern_unicode.py), whose "
    "Unicode version is newer.")

_string_cache: dict[str, tuple[Ranges, frozenset[str]]] = {}


def _string_property(name: str) -> tuple[Ranges, frozenset[str]]:
    """A property of strings: its single code points and its longer strings
    (RGI_Emoji is the union of the six others)."""
    cached = _string_cache.get(name)
    if cached is None:
        from . import _pattern_unicode
        parts = (list(_pattern_unicode.STRING_PROPERTIES) if name == "RGI_Emoji"
                 else [name])
        chars: Ranges = ()
        strings: set[str] = set()
        for part in parts:
            ranges_text, strings_text = _pattern_unicode.STRING_PROPERTIES[part]
            chars = _union(chars, _decode(ranges_text))
            strings.update("".join(chr(int(cp, 16)) for cp in item.split("."))
                           for item in strings_text.split())
        cached = _string_cache[name] = (chars, frozenset(strings))
    return cached


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
