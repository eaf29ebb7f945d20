"""Families of hostile input whose work was quadratic, checked by counting
the work the fixed code does at N and 4N (never by timing): 4x the input
must cost under 5x the work, where the old code cost about 16x.

Found by a hunt over the tree builder's loops (2026-11-25); each family
is also timed by ``benchmarks/scaling.py``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial

import pytest

from counted import CountedList, ancestor_counter
import markup5
import markup5.dom as dom
from markup5.html.parser import HTMLParser
from markup5.html.parser.sink import DomSink
from markup5.html.parser.treebuilder import TreeBuilderCore


#: The tests that count through patched methods or list subclasses: the
#: compiled tree builder calls its methods and reads its lists in C.
_INTERPRETED = pytest.mark.skipif(
    not importlib.import_module("markup5.html.parser.treebuilder").__file__.endswith(".py"),
    reason="counts through the interpreted tree builder (the compiled one works in C)")


def _distinct(tag: str, n: int) -> str:
    return "".join(f"<{tag} x={k}>" for k in range(n))


def _assert_linear(family: Callable[[int], str], work: Callable[[str], int], n: int = 500) -> None:
    small, large = work(family(n)), work(family(4 * n))
    assert small >= n  # (the family does the work counted)
    assert large < 5 * small, (small, large)


def _reads(text: str, attribute: str) -> int:
    """Entries of the parser's list ``attribute`` (the stack of open
    elements, the list of active formatting elements) read while parsing
    ``text``."""
    parser = HTMLParser()
    setattr(parser, attribute, CountedList())
    CountedList.read = 0
    parser.feed(text)
    parser.close()
    return CountedList.read


@_INTERPRETED
@pytest.mark.parametrize("family", [
    # </div> closes N formatting elements, which stay in the list after N
    # others: each </b> found its b by walking back over them.
    lambda n: _distinct("b", n) + "<div>" + _distinct("i", n) + "</div>" + "</b>" * n,
    lambda n: _distinct("b", n) + "<div>" + _distinct("i", n) + "</div>" + "<div></b>" * n,
    # Noah's Ark leaves N discarded <i> entries in the list, kept there by N
    # live ones below: each reconstruction walked back over them.
    lambda n: _distinct("b", n) + "<p>" + "<i>" * n + "</p>" + "<p>x</p>" * n,
], ids=["end-tags", "end-tags-with-furthest-block", "reconstruction-over-discarded"])
def test_the_list_of_active_formatting_elements_is_not_walked_again(family):
    _assert_linear(family, partial(_reads, attribute="active_formatting"))


@_INTERPRETED
def test_foster_parented_furthest_blocks_walk_no_ancestors(monkeypatch):
    # Each </b> inserts its furthest block (a p holding text) before the
    # table: the DOM's check that a node is no ancestor of its new parent
    # walked up N divs each time.  The tree builder never makes a cycle and
    # leaves the check out.
    counted, walked = ancestor_counter()
    text = "<div>" * 400 + "<table>" + "<b><p>x</b></p>" * 400
    monkeypatch.setattr(dom, "_host_including_ancestors", counted)
    document = markup5.parse(text)
    assert walked[0] == 0
    # The same tree as the DOM's insertBefore, checks and all, builds.
    monkeypatch.setattr(DomSink, "insert_before",
                        lambda self, parent, node, reference: parent.insert_before(node, reference))
    assert markup5.dump_tree(document) == markup5.dump_tree(markup5.parse(text))
    assert walked[0] > 400 * 400


@_INTERPRETED
def test_the_body_end_check_does_not_walk_the_stack():
    # rb, rp, rt and rtc nest and may be open when body ends: the check for
    # other open elements walked the stack for every </body> and </html>.
    for end in ("</body>", "</html>"):
        _assert_linear(lambda n: "<rb>" * n + end * n,
                       partial(_reads, attribute="open_elements"))


@_INTERPRETED
def test_in_stack_questions_per_reconstruction_stay_few(monkeypatch):
    # (The rewind of reconstruction asks "is it on the stack?" of each
    # entry it passes: with the discarded entries dropped as it passes
    # them, the questions stay linear.)
    asked = [0]
    original = TreeBuilderCore._in_stack

    def counted(self, node):
        asked[0] += 1
        return original(self, node)

    monkeypatch.setattr(TreeBuilderCore, "_in_stack", counted)

    def work(text: str) -> int:
        asked[0] = 0
        parser = HTMLParser()
        parser.feed(text)
        parser.close()
        return asked[0]

    _assert_linear(lambda n: _distinct("b", n) + "<p>" + "<i>" * n + "</p>" + "<p>x</p>" * n,
                   work)


def test_text_going_by_turns_into_two_nodes_is_joined_once(monkeypatch):
    # Foster-parented text goes before the table and whitespace into it, by
    # turns: each turn joined the other node's text so far (N x N
    # characters copied, in C).  Each node's pieces are now joined once.
    from markup5.dom import Text

    slot = Text.__dict__["data"]
    stored = [0]

    def store(node, value):
        stored[0] += len(value)
        slot.__set__(node, value)

    monkeypatch.setattr(Text, "data", property(slot.__get__, store))
    n = 2_000
    document = markup5.parse("<table>" + "x</x> </x>" * n)
    texts = [node.data for node in document.iter() if isinstance(node, Text)]
    assert texts == ["x" * n, " " * n]
    assert stored[0] <= 4 * n


def test_input_stream_errors_of_many_pieces_are_in_order():
    # Each piece's input-stream errors come after the earlier pieces', so
    # only its own are put in order (sorting the whole list for each piece
    # with an astral noncharacter was pieces x errors: 13 s for 20,000).
    parser = HTMLParser()
    pieces = ["a\U0001FFFE\x01", "\x01b\U0010FFFF", "c", "\U0001FFFF\x02\U0002FFFE"] * 50
    for piece in pieces:
        parser.feed(piece)
    errors = [(e.code, e.offset) for e in parser.close().errors
              if e.code.endswith("-in-input-stream")]
    text = "".join(pieces)
    expected = [("noncharacter-in-input-stream" if ord(ch) > 0xFFFF
                 else "control-character-in-input-stream", offset)
                for offset, ch in enumerate(text) if ord(ch) > 0xFFFF or ch in "\x01\x02"]
    assert errors == expected
