"""Regression tests for the findings of the fuzzing campaigns (fuzz/CAMPAIGN.md).

Each test is a finding's minimized input, named after the harness that found
it, with what was wrong.  Findings that were the harness's mistake (a
documented behaviour taken for a defect) are kept too, as tests of that
documented behaviour, so the harness and the library cannot drift apart.
"""

from __future__ import annotations

import datetime
import random
import sys
from pathlib import Path

import markup5
from markup5 import microsyntax as ms
from markup5.xml import XmlParser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fuzz import harnesses  # noqa: E402


def _xml_fed(pieces, **options):
    parser = XmlParser(**options)
    for piece in pieces:
        parser.feed(piece)
    return parser.close()


def _xml_errors(doc):
    return [(e.code, e.line, e.col) for e in doc.errors]


# xml harness -----------------------------------------------------------------------

def test_xml_parser_locates_tree_errors_at_their_token_when_fed():
    # Found: XmlParser ran the tree builder on the tokens only after feed()
    # returned, so every tree construction error of a chunk was placed at
    # the chunk's end (col 13 for both below) instead of at its token.
    source = "</x><a/><b/>"
    whole = markup5.parse_xml(source)
    assert _xml_errors(whole) == [("unexpected-end-tag-before-root", 1, 5),
                                  ("content-after-root-element", 1, 13)]
    assert _xml_errors(_xml_fed([source])) == _xml_errors(whole)
    assert _xml_errors(_xml_fed([source[:7], source[7:]])) == _xml_errors(whole)


def test_xml_parser_tree_errors_independent_of_the_split():
    source = ('\t</xlink:href><a:b:c/><xml:lang xmlns:xml="http://a"></xml:lang>'
              '<xlink:href/></x:a>--><a:b:c xmlns:y="http://a"><a></root><![CDATA[\t<')
    whole = markup5.parse_xml(source)
    for cut in range(0, len(source) + 1, 7):
        fed = _xml_fed([source[:cut], source[cut:]])
        assert _xml_errors(fed) == _xml_errors(whole), cut
        assert markup5.xml.dump_xml_tree(fed) == markup5.xml.dump_xml_tree(whole)


def test_xml_parser_drops_bom_after_an_empty_first_chunk():
    # Found: an empty first chunk marked the input as started, so a U+FEFF
    # beginning the next chunk was kept (as text outside the root, with an
    # error) where parse_xml() drops it.
    fed = _xml_fed(["", "\ufeff&v"])
    whole = markup5.parse_xml("\ufeff&v")
    assert _xml_errors(fed) == _xml_errors(whole)
    assert markup5.serialize_xml(_xml_fed(["", "\ufeff<a/>"])) == "<a/>"


# parse / serialize harnesses ---------------------------------------------------------

def test_select_selectedcontent_found_by_the_generator_is_bounded():
    # The serialize harness, run against the tree builder of commit 8fc2bfd,
    # found and minimized this 33-byte cousin of the 42-byte denial of
    # service (<select><option><selectedcontent></option>) from generated
    # input alone: the clone of the option into the selectedcontent inside
    # it grew without end.  It must stay a small tree.
    for source in ("<select><OPTION><selectedcontent>",
                   "<select><option><selectedcontent></option>",
                   "<select><option><selectedcontent></option>" * 50):
        doc = markup5.parse(source)
        assert sum(1 for _ in doc.iter()) < 10 * len(source)
        markup5.serialize(doc)


def test_nested_selectedcontent_family_keeps_one_mark_per_node():
    # Found by timing the fuzzer's minimized input repeated
    # (benchmarks/scaling.py): every option and selectedcontent recorded all
    # its selectedcontent ancestors, N of them in
    # <select><OPTION><selectedcontent> x N, so parsing was quadratic.  Only
    # the outermost can be enabled (the others have a selectedcontent
    # ancestor), and only an enabled one is ever emptied: one mark at most.
    parser = markup5.HTMLParser()
    parser.feed("<select><OPTION><selectedcontent>" * 200)
    doc = parser.close()
    assert max(map(len, parser._inside_selectedcontent.values()), default=0) <= 1
    assert markup5.dump_tree(markup5.parse("<select><OPTION><selectedcontent>" * 3)) == (
        "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       <option>\n"
        "|         <selectedcontent>\n|     <option>\n|       <selectedcontent>\n"
        "|         <select>\n|           <option>\n|             <selectedcontent>")
    assert sum(1 for _ in doc.iter()) < 3 * 200 + 10


# microsyntax harness (documented behaviour the harness first took for defects) ----------

def test_valid_float_string_may_overflow():
    # "1e30802" is a valid floating-point number string, but the rules for
    # parsing floating-point number values return an error when the value
    # rounds to 2**1024 (step "Conversion").
    assert ms.is_valid_float("1e30802")
    assert ms.parse_float("1e30802") is None


def test_valid_duration_beyond_timedelta_is_none():
    assert ms.is_valid_duration_string("1000000000000000000H")
    assert ms.parse_duration("1000000000000000000H") is None


def test_duration_rounded_past_timedelta_max():
    value = ms.parse_duration("P999999999DT86399.99999S")
    assert value is not None
    assert ms.serialize_duration(value) == "P1000000000D"
    assert ms.parse_duration("P1000000000D") is None


def test_global_datetime_before_year_one_in_utc():
    value = ms.parse_global_datetime("0001-01-01T00:00+03:00")
    assert value is not None and value.year == 0
    try:
        ms.serialize_global_datetime(value)
    except ValueError:
        pass
    else:
        raise AssertionError("the forced-UTC form of year 0 has no valid string")
    kept = ms.serialize_global_datetime(value, keep_offset=True)
    assert kept == "0001-01-01T00:00+03:00"
    assert ms.parse_global_datetime(kept) == value


def test_serialize_time_rounds_to_milliseconds():
    value = ms.parse_time("23:59:59.99999")
    out = ms.serialize_time(value)
    assert out == "23:59:59.999"
    assert ms.serialize_time(ms.parse_time(out)) == out


def test_regression_inputs_pass_their_harness():
    """Every finding's input, run through its harness, now passes."""
    cases = [
        ("xml", b"\x00\x8a" + "</x><a/><b/>".encode()),
        ("xml", b"\x1bA\xef\xbb\xbf&v"),
        ("microsyntax", b"\xc9 0001-01-01T00:00+03:00"),
        ("microsyntax", b"\x90\x05P999999999DT86399.99999S"),
        ("microsyntax", b"!o1e30802"),
        ("microsyntax", b"\x86*1000000000000000000H"),
        ("microsyntax", b">%23:59:59.99999"),
        ("parse", b"\x00\x01<select><OPTION><selectedcontent>"),
        ("serialize", b"\x00\x01<select><OPTION><selectedcontent>"),
    ]
    for name, data in cases:
        harnesses.HARNESSES[name].target(data)


def test_every_kept_finding_replays_clean():
    """fuzz/findings/*.bin, each through the harness its name starts with."""
    files = sorted((ROOT / "fuzz" / "findings").glob("*.bin"))
    assert files
    for path in files:
        name = path.name.split("-", 1)[0]
        if name == "scaling":
            continue  # seconds per input; its case is the test above
        outcome = harnesses.HARNESSES[name].target(path.read_bytes())
        assert isinstance(outcome, str), path.name


def test_generators_are_deterministic():
    for harness in harnesses.HARNESSES.values():
        assert harness.generate(random.Random("d")) == harness.generate(random.Random("d"))


def test_timedelta_max_is_what_the_harness_assumes():
    assert datetime.timedelta.max.days == 999_999_999
