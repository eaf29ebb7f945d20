"""A short fuzz run in the normal test suite (fuzz/README.md).

Every harness of ``fuzz/`` runs on a few hundred inputs of the pure-Python
driver (a fixed seed, so the inputs are the same every run), in this
process, with the invariants of the harness checked and the per-input
budgets of :mod:`fuzz.runner` scaled up 100 times: the budgets here only
catch a blow-up (an input that never ends or eats memory), never a slow
machine.  The child-process runner itself, the budgets and the round-trip
classes are tested on planted cases.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fuzz import runner  # noqa: E402
from fuzz.harnesses import HARNESSES, Harness  # noqa: E402
from fuzz.roundtrip import unstable_class, unstable_xml_class  # noqa: E402

import markup5  # noqa: E402

#: Inputs per harness (the CLI harness, the slowest, gets fewer).
COUNTS = {"tokenizer": 500, "parse": 400, "fragment": 400, "serialize": 400, "xml": 400,
          "microsyntax": 600, "sniff": 300, "cli": 200, "url": 600, "sanitize": 300,
          "forms": 300, "pattern": 400, "xml-iterparse": 300, "xml-pretty": 300, "dtd": 300,
          "check": 200, "css": 400}
#: The scaling harness parses documents of thousands of repetitions (a
#: second or more per input): here only its planted quadratic case runs.
SLOW = {"scaling"}
SCALE = 100.0


@pytest.mark.parametrize("name", sorted(set(HARNESSES) - SLOW))
def test_harness_smoke(name):
    assert name in COUNTS, "every harness has a smoke count"
    harness = HARNESSES[name]
    outcomes = {}
    for i in range(COUNTS[name]):
        data = harness.generate(random.Random(f"smoke:{name}:{i}"))
        result = runner.run_one(harness, data, scale=SCALE, memcheck=i % 25 == 0)
        assert "finding" not in result, (
            f"{name} input {i} {data!r}: {result['finding']}: {result['message']}")
        outcomes[result["outcome"]] = outcomes.get(result["outcome"], 0) + 1
    assert sum(outcomes.values()) == COUNTS[name]


def _spin(data: bytes) -> str:
    while True:
        pass


def _hog(data: bytes) -> str:
    hoard = [bytearray(1 << 20) for _ in range(64)]
    return str(len(hoard))


def test_budget_stops_an_endless_input():
    harness = Harness("spin", _spin, lambda rng: b"", "html", 1.0)
    result = runner.run_one(harness, b"x" * 10, scale=0.01)  # a 5 ms budget
    assert result["finding"] == "time"


def test_budget_flags_memory_out_of_proportion():
    harness = Harness("hog", _hog, lambda rng: b"", "html", 1.0)
    result = runner.run_one(harness, b"x" * 10, memcheck=True)
    assert result["finding"] == "memory"


def test_scaling_flags_a_quadratic_target(monkeypatch):
    from fuzz import harnesses

    def quadratic(text: str) -> int:
        n = len(text) // 8
        return sum(1 for _ in range(n) for _ in range(n))

    monkeypatch.setattr(harnesses, "SCALING_TARGETS", (("quadratic", quadratic),))
    result = runner.run_one(HARNESSES["scaling"], b"\x00\x00<p>xxxxxxxxxxx", scale=SCALE)
    assert result["finding"] == "invariant" and "not linear" in result["message"]


def test_scaling_numbers_the_copies_of_a_unit():
    from fuzz.harnesses import scaling_document
    assert scaling_document("<x>", "<b><p>x", 3, "attribute") == \
        "<x><b k=0><p>x<b k=1><p>x<b k=2><p>x"
    assert scaling_document("", "x<i/>y", 2, "attribute") == "x<i k=0/>yx<i k=1/>y"
    assert scaling_document("", "x<i/>y", 2, "plain") == "x<i/>yx<i/>y"
    assert scaling_document("", "</p>x", 2, "attribute") == "</p>x</p>x"  # no start tag
    assert scaling_document("", "<b xmlns:p='u'>", 2, "name") == \
        "<b xmlns:p0='u'><b xmlns:p1='u'>"
    assert scaling_document("", "<b>x", 2, "name") == "<b>x<b>x"  # no attribute


def test_exceptions_and_invariants_are_findings():
    def boom(data: bytes) -> str:
        raise KeyError("x")
    result = runner.run_one(Harness("boom", boom, lambda rng: b"", "html"), b"")
    assert result["finding"] == "exception" and "KeyError" in result["message"]


def test_child_runner_counts_inputs():
    """A real campaign of a few inputs in a capped child process."""
    result = runner.campaign("parse", 30, seed=5, batch=15, log=False, record=False,
                             quiet=True)
    assert result["inputs"] == 30
    assert result["findings"] == []
    assert sum(result["outcomes"].values()) == 30


def test_replay_reports_a_clean_input():
    assert runner.replay("parse", b"\x00\x00<p>x")["outcome"] == "checked"


# The round-trip classes: each example really is unstable, and is put in
# exactly its class; an ordinary document is in none.

HTML_UNSTABLE = [
    ("<plaintext>x", "plaintext"),
    ("<pre>\n\nx", "leading-newline"),
    ("<textarea>\n\nx</textarea>", "leading-newline"),
    ("<script><!--<script>", "raw-text-end-tag"),
    ("x&#13;y", "carriage-return"),
    ("<a title='&#13;'>", "carriage-return"),
    ('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p><table>',
     "doctype-mode"),
    ("<a><table><a>", "foster-parented"),
    ("<table><p><form>", "foster-parented"),
    ("<form><y></form><form>", "nested-form"),
    ("<h2><a><h2><a>", "heading-in-heading"),
    ("<dt><form><dd><a></form><dd>", "list-item-in-list-item"),
    ("<li><form><li><a></form><li>x", "list-item-in-list-item"),
    ("<select><option>x</option><selectedcontent>y", "selectedcontent-clone"),
    ("<nobr>" + "<div>" * 8 + "<nobr>", "adoption-agency-limit"),
    ("<a>" + "<div>" * 8 + "<a>", "adoption-agency-limit"),
]


@pytest.mark.parametrize("source, expected", HTML_UNSTABLE)
def test_roundtrip_class(source, expected):
    doc = markup5.parse(source)
    first = markup5.serialize(doc)
    assert markup5.serialize(markup5.parse(first)) != first
    assert unstable_class(doc) == expected


@pytest.mark.parametrize("source", [
    "<!DOCTYPE html><p>x<b>y</p>z", "<table><td>1<td>2</table>", "<pre>x\n</pre>",
    "<script>if (a<b) x()</script>", "<svg><desc><p>x</svg>", "<select><option>1</select>",
    "<!DOCTYPE html><form><div></form>",
    "<dl><dt>a<dd>b<div><dt>c</div></dl>", "<ul><li><ul><li>x</ul></ul>", "<li><p><li>x",
    "<nobr>" + "<div>" * 7 + "<nobr>", "<nobr><table><td><nobr>x", "<a><object><a>x",
])
def test_roundtrip_stable_is_in_no_class(source):
    doc = markup5.parse(source)
    first = markup5.serialize(doc)
    assert markup5.serialize(markup5.parse(first)) == first
    assert unstable_class(doc) is None


@pytest.mark.parametrize("source, expected, xml10", [
    # (With xml10_compatible, only "?>" ends a PI, so its data never
    # starts with whitespace: the class is the xml5lib-tests mode's.)
    ("<?a ?\n", "pi-leading-space", False),
    ('<m b=x b :x="1"/>', "colon-attribute", True),
    ("<m b=\x0c b :", "colon-attribute", True),
    ("<m b :x=1 b :y=2/>", "colon-attribute", True),
])
def test_xml_roundtrip_class(source, expected, xml10):
    doc = markup5.parse_xml(source, xml10_compatible=xml10)
    first = markup5.serialize_xml(doc)
    assert markup5.serialize_xml(markup5.parse_xml(first, xml10_compatible=xml10)) != first
    assert unstable_xml_class(doc, xml10) == expected


def test_a_misplaced_xml_declaration_is_no_longer_a_class():
    # Once the "xml-declaration-pi" class: written first, the node was read
    # back as the XML declaration; serialize_xml now writes a line break first.
    doc = markup5.parse_xml("x<?xml version='1.0'?><a/>")
    first = markup5.serialize_xml(doc)
    assert markup5.serialize_xml(markup5.parse_xml(first)) == first
    assert unstable_xml_class(doc, True) is None


def test_pi_data_keeps_its_question_mark_with_xml10_compatible():
    doc = markup5.parse_xml("<?a ?\n")
    first = markup5.serialize_xml(doc)
    assert markup5.serialize_xml(markup5.parse_xml(first)) == first


def test_microsyntax_harness_calls_every_function():
    import inspect

    from markup5 import microsyntax

    source = (ROOT / "fuzz" / "harnesses.py").read_text(encoding="utf-8")
    functions = [name for name in microsyntax.__all__
                 if inspect.isfunction(getattr(microsyntax, name))]
    missing = [name for name in functions if f"ms.{name}" not in source]
    assert functions and not missing
