"""Character reference tables (§13.2.5.73 onwards and §13.5).

The named character references come from :data:`html.entities.html5`, which
is the WHATWG table: 2,231 entries, including the legacy forms that may
appear without a trailing semicolon (``&amp``, ``&copy``, ...).
"""

from __future__ import annotations

from html.entities import html5 as _HTML5

__all__ = [
    "NAMED_REFERENCES",
    "LEGACY_NAMES",
    "LONGEST_NAME",
    "LONGEST_LEGACY_NAME",
    "NUMERIC_REPLACEMENTS",
    "match_named_reference",
]

#: name (with its ``;`` where the table has one) -> replacement characters
NAMED_REFERENCES: dict[str, str] = dict(_HTML5)

#: names that the table also lists without a semicolon
LEGACY_NAMES: frozenset[str] = frozenset(k for k in NAMED_REFERENCES if not k.endswith(";"))

#: length of the longest name, semicolon included
LONGEST_NAME: int = max(map(len, NAMED_REFERENCES))
LONGEST_LEGACY_NAME: int = max(map(len, LEGACY_NAMES))

#: The numeric character reference end state's replacement table: code
#: points 0x80-0x9F that windows-1252 maps to other characters.
NUMERIC_REPLACEMENTS: dict[int, int] = {
    0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026,
    0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160,
    0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019,
    0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014,
    0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153,
    0x9E: 0x017E, 0x9F: 0x0178,
}


def match_named_reference(run: str, semicolon: bool) -> str | None:
    """Longest-match lookup for the named character reference state.

    ``run`` is the run of ASCII alphanumerics after ``&`` (at most
    :data:`LONGEST_NAME` characters are looked at) and ``semicolon`` says
    whether a ``;`` follows it directly.  Returns the matched name (with its
    ``;`` when it matched one), or ``None``.

    Every name in the table is alphanumerics plus an optional final ``;``,
    so the longest match is either the whole run with its ``;``, or a prefix
    of the run that is a legacy (semicolon-less) name.
    """
    if semicolon and len(run) < LONGEST_NAME:
        name = run + ";"
        if name in NAMED_REFERENCES:
            return name
    for length in range(min(len(run), LONGEST_LEGACY_NAME), 1, -1):
        name = run[:length]
        if name in LEGACY_NAMES:
            return name
    return None
