"""Deviations 22 and 23 of docs/browser-differences.md: markup5 builds the
standard's tree, and the browser fuzzer's detectors recognize each trigger
(and rewrite it into an input both parsers agree on).

The expected trees follow the standard's steps, traced in the docs page:
a </form> that removes the form element pointer's element ends there, and
a formatting element with an "is" attribute is pushed onto the list of
active formatting elements like any other.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import markup5

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from browser_diff import DEVIATIONS  # noqa: E402


def body_tree(text: str) -> str:
    """The body's part of markup5's tree (html5lib-tests format)."""
    lines = markup5.dump_tree(markup5.parse(text)).splitlines()
    return "\n".join(lines[lines.index("|   <body>") + 1:])


def test_form_end_tag_removes_only_the_pointers_form() -> None:
    # The first </form> is ignored (the table keeps the form out of scope) but
    # resets the form element pointer, so a second form opens inside the first;
    # its </form> removes it and nothing else.
    assert body_tree("<form><table></form></table><form></form><details>") == "\n".join([
        "|     <form>",
        "|       <table>",
        "|       <form>",
        "|       <details>",
    ])
    # With a special element (div) open above the form, the first </form>
    # removes the form itself: nothing is left for a second one to close.
    assert body_tree("<form><div></form></div><form></form><div>") == "\n".join([
        "|     <form>",
        "|       <div>",
        "|     <form>",
        "|     <div>",
    ])


def test_is_attribute_does_not_change_formatting() -> None:
    # The same tree as without the attribute: the adoption agency algorithm
    # runs for the second <a>, and the b is reconstructed in the p.
    for name in ("a", "b", "nobr"):
        with_is = body_tree(f"<{name} is=x>1<p>2</{name}>3<{name}>4")
        plain = body_tree(f"<{name}>1<p>2</{name}>3<{name}>4")
        assert [line for line in with_is.splitlines() if 'is="x"' not in line] == \
            plain.splitlines()
    tree = body_tree("<a is=x><button><a>")
    assert tree == "\n".join([
        "|     <a>",
        '|       is="x"',
        "|     <button>",
        "|       <a>",
        '|         is="x"',
        "|       <a>",
    ])
    assert body_tree("<b is=x>1<p>2</b>3") == "\n".join([
        "|     <b>",
        '|       is="x"',
        '|       "1"',
        "|     <p>",
        "|       <b>",
        '|         is="x"',
        '|         "2"',
        '|       "3"',
    ])


@pytest.mark.parametrize("name, text", [
    ("form-end-tag-closes-two-forms", "<form><table></form></table><form></form><details>"),
    ("is-attribute-formatting-element", "<a is=x><button><a>"),
    ("is-attribute-formatting-element", "<b IS>1<p>2</b>3"),
    ("is-attribute-formatting-element", "<i/is=x>1<p>2</i>3"),
])
def test_fuzzer_recognizes_the_trigger(name: str, text: str) -> None:
    deviation = next(d for d in DEVIATIONS if d.name == name)
    assert deviation.applies(text)
    rewritten = deviation.rewritten(text, None)
    assert rewritten != text
    # The rewrite removes the trigger: no "is" attribute on a formatting
    # element, no form to close twice.
    assert "form" not in rewritten.lower() or name != "form-end-tag-closes-two-forms"
    assert not deviation.applies(rewritten) or name == "form-end-tag-closes-two-forms"


def test_detectors_leave_other_inputs_alone() -> None:
    by_name = {d.name: d for d in DEVIATIONS}
    assert not by_name["is-attribute-formatting-element"].applies("<div is=x><p>")
    assert not by_name["is-attribute-formatting-element"].applies("<b title=is>")
    assert not by_name["form-end-tag-closes-two-forms"].applies("<form></form>")
