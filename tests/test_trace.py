"""``markup5 trace``: the walkthrough's tables, step by step."""

from __future__ import annotations

from markup5.cli import main
from markup5.html.states import State
from markup5.html.trace import format_trace, trace
from markup5.tokens import Characters, EndTag, StartTag

S = State

# The first table of shared/spec/html-tokenizer-walkthrough.txt ("Walkthrough
# #1: <a href="x">y</a> Character by Character"), row by row.
WALKTHROUGH_1 = [
    ("<", S.DATA, S.TAG_OPEN),
    ("a", S.TAG_OPEN, S.TAG_NAME),
    (" ", S.TAG_NAME, S.BEFORE_ATTRIBUTE_NAME),
    ("h", S.BEFORE_ATTRIBUTE_NAME, S.ATTRIBUTE_NAME),
    ("ref", S.ATTRIBUTE_NAME, S.ATTRIBUTE_NAME),
    ("=", S.ATTRIBUTE_NAME, S.BEFORE_ATTRIBUTE_VALUE),
    ('"', S.BEFORE_ATTRIBUTE_VALUE, S.ATTRIBUTE_VALUE_DOUBLE_QUOTED),
    ("x", S.ATTRIBUTE_VALUE_DOUBLE_QUOTED, S.ATTRIBUTE_VALUE_DOUBLE_QUOTED),
    ('"', S.ATTRIBUTE_VALUE_DOUBLE_QUOTED, S.AFTER_ATTRIBUTE_VALUE_QUOTED),
    (">", S.AFTER_ATTRIBUTE_VALUE_QUOTED, S.DATA),
    ("y", S.DATA, S.DATA),
    ("<", S.DATA, S.TAG_OPEN),
    ("/", S.TAG_OPEN, S.END_TAG_OPEN),
    ("a", S.END_TAG_OPEN, S.TAG_NAME),
    (">", S.TAG_NAME, S.DATA),
]


def test_walkthrough_one_state_sequence():
    steps = trace('<a href="x">y</a>')
    assert [(s.input, s.before, s.after) for s in steps[:-1]] == WALKTHROUGH_1
    assert (steps[-1].input, steps[-1].emitted) == ("", ())  # end of input


def test_walkthrough_one_emissions_and_hidden_variables():
    steps = trace('<a href="x">y</a>')
    emitted = {s.input + str(i): s.emitted for i, s in enumerate(steps) if s.emitted}
    assert list(emitted.values()) == [
        (StartTag("a", {"href": "x"}),), (Characters("y"),), (EndTag("a"),)]
    assert "current token = StartTag(name='a', attrs={}, self_closing=False)" in steps[1].changes
    assert "current token = StartTag(name='a', attrs={'href': ''}, self_closing=False)" \
        in steps[4].changes
    assert "last start tag = 'a'" in steps[9].changes


def test_walkthrough_two_script_closes_at_first_end_tag():
    steps = trace('<script>var s="</script>"</script>')
    rows = [(s.input, s.before, s.after) for s in steps]
    assert ('var s="', S.SCRIPT_DATA, S.SCRIPT_DATA) in rows
    assert ("<", S.SCRIPT_DATA, S.SCRIPT_DATA_LESS_THAN_SIGN) in rows
    assert ("/", S.SCRIPT_DATA_LESS_THAN_SIGN, S.SCRIPT_DATA_END_TAG_OPEN) in rows
    assert ("cript", S.SCRIPT_DATA_END_TAG_NAME, S.SCRIPT_DATA_END_TAG_NAME) in rows
    close = rows.index((">", S.SCRIPT_DATA_END_TAG_NAME, S.DATA))
    assert steps[close].emitted == (EndTag("script"),)
    assert "temporary buffer = 'script'" in steps[close - 1].changes
    # The tree builder's switch after <script> is shown as such.
    assert any("tree builder switches to Script data state" in c for c in steps[3].changes)
    assert rows[close + 1] == ('"', S.DATA, S.DATA)


def test_lookahead_characters_join_the_deciding_row():
    steps = trace("<!--x-->")
    assert [(s.input, s.before, s.after) for s in steps][:3] == [
        ("<", S.DATA, S.TAG_OPEN), ("!", S.TAG_OPEN, S.MARKUP_DECLARATION_OPEN),
        ("--", S.MARKUP_DECLARATION_OPEN, S.COMMENT_START)]


def test_format_and_cli(capsys):
    lines = format_trace(trace("<b>")).splitlines()
    assert [cell.strip() for cell in lines[0].split(" | ")] == [
        "Input", "State before", "State after", "Emitted", "Aux state mutated"]
    assert [cell.strip() for cell in lines[4].split(" | ")][:4] == [
        ">", "Tag name", "Data", "StartTag(name='b', attrs={}, self_closing=False)"]
    assert main(["trace", '<a href="x">y</a>']) == 0
    out = capsys.readouterr().out
    assert "Attribute value (double-quoted)" in out and "After attribute value (quoted)" in out
