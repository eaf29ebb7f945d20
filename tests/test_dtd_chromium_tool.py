"""tools/dtd_chromium.py's offline parts: the canonical form and the rules
that explain Chromium's departures (the Chromium run itself is a tool)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import markup5

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import dtd_chromium  # noqa: E402


def _lines(text: str) -> tuple[list[str], object]:
    document, dtd = dtd_chromium._parse(text)
    return dtd_chromium.canonical(document), dtd


def test_canonical_form() -> None:
    lines, _ = _lines('<!DOCTYPE a [<!ENTITY e "é<b/>">]><a z="1" y="2">x<![CDATA[y]]>&e;'
                      "<!--c--><?p d?></a>")
    assert lines == ['S  a [["y","2"],["z","1"]]', 'T "xyé"', 'S  b []', "E", 'C "c"',
                     'P p "d"', "E"]


def test_non_cdata_normalization_rule() -> None:
    text = '<!DOCTYPE a [<!ATTLIST a n NMTOKENS #IMPLIED>]><a n="  p   q "/>'
    ours, dtd = _lines(text)
    chromium = ['S  a [["n","  p   q "]]', "E"]  # what Chromium gives
    assert chromium != ours
    assert dtd_chromium._normalized_as_declared(dtd, chromium) == ours


def test_attribute_values_rule() -> None:
    text = ('<!DOCTYPE a [<!ENTITY f "Snow"><!ENTITY l "&f; Man">'
            '<!ATTLIST a d CDATA "x&f;">]><a v="&l;"/>')
    ours, dtd = _lines(text)
    assert ours == ['S  a [["d","xSnow"],["v","Snow Man"]]', "E"]
    chromium = ['S  a [["d","x&f;"],["v","&f; Man"]]', "E"]
    assert dtd_chromium._attribute_values_as_xml10(dtd, chromium) == ours


def test_undeclared_under_unread_dtd_rule() -> None:
    text = '<!DOCTYPE a SYSTEM "a.dtd"><a>&x;</a>'
    _, dtd = _lines(text)
    assert dtd_chromium._skips_undeclared(text, dtd)
    assert not dtd_chromium._skips_undeclared("<a>&amp;</a>", None)
    # Declared after its use in a default value: not declared there.
    text = ('<!DOCTYPE a SYSTEM "a.dtd" [<!ATTLIST a d CDATA "&e;"><!ENTITY e "x">]><a/>')
    _, dtd = _lines(text)
    assert dtd_chromium._skips_undeclared(text, dtd)


def test_redefined_attribute_rule() -> None:
    text = '<!DOCTYPE f [<!ATTLIST f r IDREF #IMPLIED r ID "v">]><f/>'
    ours, _ = _lines(text)
    assert ours == ["S  f []", "E"]
    chromium = ['S  f [["r","v"]]', "E"]
    assert dtd_chromium._without_redefined_defaults(text, chromium) == ours


def test_chromium_attributes_are_rewritten_like_ours() -> None:
    line = dtd_chromium._js_canonical_attrs('S  a [["é", "x"]]')
    assert line == 'S  a [["é","x"]]'
    assert json.loads(line.split(" ", 3)[3]) == [["é", "x"]]
    assert markup5.parse_xml("<a/>").errors == []
