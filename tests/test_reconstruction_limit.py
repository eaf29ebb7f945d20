"""The reconstruction limit keeps the tree linear in the input.

"Reconstruct the active formatting elements" copies every formatting
element left open each time text or a tag follows where they were closed,
and the Noah's Ark clause only stops copies of identical elements, so the
standard's tree for ``<div>`` + N distinct ``<b id=...>`` + ``</div>`` +
``<div>x</div>`` x M has N x M elements, and ``<p><a href=LONG>`` +
``<p>a`` x M copies the long value M times (whatwg/html#10772).  markup5
lets the copies of a parse take at most ``RECONSTRUCTION_ALLOWANCE``
characters plus ``RECONSTRUCTION_PER_CHARACTER`` per character read
(docs/html.md, "Limits"); ``reconstruction_limit=False`` follows the
standard without it.
"""

from __future__ import annotations

import collections
import importlib
import os
import random
from typing import Any

import pytest

import markup5
from html5lib_tree import load_cases
from markup5.dom import Document, Element
from markup5.html.parser import HTMLParser
from markup5.html.parser.treebuilder import (MARKER, RECONSTRUCTION_ALLOWANCE,
                                             RECONSTRUCTION_PER_CHARACTER, copy_size)

LIMIT_ERROR = "reconstruction-limit-exceeded"


def _elements(document: Document) -> list[Element]:
    return [node for node in document.iter() if isinstance(node, Element)]


def _formatting_family(n: int, m: int) -> tuple[str, str]:
    """N formatting elements left open (distinct, so Noah's Ark keeps them
    all), closed by </div>, then M units that each reconstruct them all."""
    prefix = "<div>" + "".join(f"<b id={i:04}>" for i in range(n)) + "</div>"
    return prefix, "<div>x</div>" * m


def test_copies_stop_where_the_documented_rule_says() -> None:
    n, m = 100, 400
    prefix, units = _formatting_family(n, m)
    size = copy_size(Element("b", {"id": "0000"}))
    assert size == 9  # "b", and the attribute: 1 + 1 + 1 + 2 + 4
    # The k-th unit's "x" reconstructs all n entries; its token ends 6
    # characters into the unit.  It may while k * n * size is within the
    # allowance plus the characters read up to there.
    allowed = 0
    for k in range(1, m + 1):
        offset = len(prefix) + (k - 1) * 12 + 6
        if k * n * size > RECONSTRUCTION_ALLOWANCE + RECONSTRUCTION_PER_CHARACTER * offset:
            break
        allowed = k
    assert 0 < allowed < m
    document = markup5.parse(prefix + units)
    bold = [e for e in _elements(document) if e.local_name == "b"]
    assert len(bold) == n + allowed * n
    errors = [e for e in document.errors if e.code == LIMIT_ERROR]
    assert len(errors) == 1
    # Reported at the "x" of the unit that would have gone past the limit.
    assert errors[0].offset == len(prefix) + allowed * 12 + 5
    # The entries were removed from the list, so no later text is bold.
    divs = [e for e in document.body.children if isinstance(e, Element)]
    assert all(not div.children or div.children[0].local_name == "b"
               for div in divs[1:allowed + 1])
    assert all([child.data for child in div.children] == ["x"] for div in divs[allowed + 1:])


def test_the_standard_without_the_limit() -> None:
    n, m = 100, 400
    prefix, units = _formatting_family(n, m)
    document = markup5.parse(prefix + units, reconstruction_limit=False)
    assert len([e for e in _elements(document) if e.local_name == "b"]) == n + m * n
    assert LIMIT_ERROR not in {e.code for e in document.errors}


@pytest.mark.parametrize("scale", [1, 2, 4])
def test_the_tree_grows_linearly(scale: int) -> None:
    # Doubling both N and M quadruples the standard's tree; with the limit
    # the elements stay within the allowance plus the input.
    prefix, units = _formatting_family(200 * scale, 200 * scale)
    text = prefix + units
    elements = len(_elements(markup5.parse(text)))
    copies_at_most = (RECONSTRUCTION_ALLOWANCE + RECONSTRUCTION_PER_CHARACTER * len(text)) // 9
    assert elements <= text.count("<") + copies_at_most


def test_the_numbered_scaling_family_stays_linear() -> None:
    # The fuzz scaling harness's numbered units find this family: each
    # <p> closes the copies made for the text before, and every x copies
    # all the distinct b elements so far (n * n / 2 by the standard).
    for n in (1000, 2000):
        text = "".join(f"<b k={i}><p>x" for i in range(n))
        elements = len(_elements(markup5.parse(text)))
        limit = RECONSTRUCTION_ALLOWANCE + RECONSTRUCTION_PER_CHARACTER * len(text)
        copies_at_most = limit // 5  # (a copy of <b k=i> counts 5 or more)
        assert elements <= 2 * n + 3 + copies_at_most
    standard = len(_elements(markup5.parse(text[:len(text) // 20], reconstruction_limit=False)))
    assert standard > 100 * 99 // 2


def test_a_long_attribute_is_not_copied_without_bound() -> None:
    # whatwg/html#10772: 0.1 MB that serializes to 625 MB by the standard.
    text = '<p><a href="' + "A" * 49986 + '">' + "<p>a" * 12500
    document = markup5.parse(text)
    out = markup5.serialize(document)
    assert len(out) < 4 * (RECONSTRUCTION_ALLOWANCE + len(text))
    assert [e.code for e in document.errors].count(LIMIT_ERROR) == 1
    # Without the limit: every paragraph has its copy (checked on fewer).
    small = '<p><a href="' + "A" * 1000 + '">' + "<p>a" * 200
    copies = [e for e in _elements(markup5.parse(small, reconstruction_limit=False))
              if e.local_name == "a"]
    assert len(copies) == 201


def test_chunks_do_not_change_the_result() -> None:
    prefix, units = _formatting_family(100, 300)
    text = prefix + units
    whole = markup5.parse(text)
    parser = HTMLParser()
    for start in range(0, len(text), 7):
        parser.feed(text[start:start + 7])
    chunked = parser.close()
    assert markup5.dump_tree(chunked) == markup5.dump_tree(whole)
    assert [(e.code, e.offset) for e in chunked.errors] == \
        [(e.code, e.offset) for e in whole.errors]


def test_fragments_and_inner_html_have_the_limit() -> None:
    prefix, units = _formatting_family(100, 400)
    fragment = markup5.parse_fragment(prefix + units, "td")
    assert LIMIT_ERROR in {e.code for e in fragment.errors}
    unlimited = markup5.parse_fragment(prefix + units, "td", reconstruction_limit=False)
    count = sum(1 for node in unlimited.iter() if isinstance(node, Element))
    assert count == 100 + 400 * 100 + 1 + 400


def test_no_conformance_case_comes_near_the_limit() -> None:
    # The limit changes nothing on the html5lib-tests tree-construction
    # cases: each parses to the same tree, with the same errors, without it.
    compared = 0
    for case in load_cases():
        for scripting in case.modes():
            if case.fragment_context is None:
                results = [markup5.parse(case.data, scripting=scripting, reconstruction_limit=flag)
                           for flag in (True, False)]
            else:
                results = [markup5.parse_fragment(case.data, case.fragment_context,
                                                  scripting=scripting, reconstruction_limit=flag)
                           for flag in (True, False)]
            limited, standard = results
            assert markup5.dump_tree(limited) == markup5.dump_tree(standard), case.data
            assert [(e.code, e.offset) for e in limited.errors] == \
                [(e.code, e.offset) for e in standard.errors], case.data
            compared += 1
    assert compared > 1500


#: In the compiled build (docs/performance.md, "Speed") mypyc checks the argument types
#: before the parser's own check: still a TypeError, whose message names the
#: types ("bool object expected; got int") but not the parameter.
COMPILED_STAGE = os.environ.get("MARKUP5_EXPECT_COMPILED") == "1"


@pytest.mark.parametrize("value", [1, "yes", None])
def test_the_argument_is_a_bool(value: Any) -> None:
    message = None if COMPILED_STAGE else "reconstruction_limit must be a bool"
    with pytest.raises(TypeError, match=message):
        HTMLParser(reconstruction_limit=value)
    with pytest.raises(TypeError, match=message):
        markup5.parse("<p>", reconstruction_limit=value)
    with pytest.raises(TypeError, match=message):
        markup5.parse_fragment("<p>", reconstruction_limit=value)


def _check_active_formatting(parser: HTMLParser) -> None:
    """The indexes over the list of active formatting elements agree with
    the list (see TreeBuilderCore._init_core)."""
    afe = parser.active_formatting
    dead = parser._afe_dead
    live = [e for e in afe if e is not MARKER and id(e) not in dead]
    assert set(parser._afe_kinds) == {id(e) for e in live}
    assert not afe or afe[-1] is MARKER or id(afe[-1]) not in dead
    # Positions: one per entry, growing along the list; each element's is
    # its entry's, so that _afe_index finds its place.
    positions = parser._afe_positions
    assert len(positions) == len(afe)
    assert all(a < b for a, b in zip(positions, positions[1:]))
    assert parser._afe_position_of == {id(e): positions[i] for i, e in enumerate(afe)
                                       if e is not MARKER and id(e) not in dead}
    for i, e in enumerate(afe):
        if e is not MARKER and id(e) not in dead:
            assert parser._afe_index(e) == i
    last = len(afe) - 1 - afe[::-1].index(MARKER) if MARKER in afe else -1
    section = [e for e in afe[last + 1:] if e is not MARKER and id(e) not in dead]
    indexes = parser._afe_sections[-1]
    kinds: dict[Any, list[Any]] = {}
    for element in section:
        kind = parser._afe_kinds[id(element)]
        if element.local_name in indexes.kinded:
            # The kind: the name, with the attributes if there are any.
            attrs = element.attrs
            assert kind == ((element.local_name, frozenset(attrs.items())) if attrs
                            else element.local_name)
            kinds.setdefault(kind, []).append(element)
        else:
            # Not indexed by kind: fewer than three of the name were in the
            # section whenever one of them was pushed.
            assert kind is None
    # Noah's Ark: at most three of a kind in the section, indexed or not.
    counts = collections.Counter(
        (e.local_name, frozenset(e.attrs.items())) for e in section)
    assert max(counts.values(), default=0) <= 3
    indexed = {kind: same for kind, same in indexes.kinds.items() if same}
    assert {k: [id(e) for e in v] for k, v in indexed.items()} == \
        {k: [id(e) for e in v] for k, v in kinds.items()}
    for name, named in indexes.named.items():
        # Each name's entries, in list order, among entries since removed.
        assert [e for e in named if id(e) in parser._afe_kinds] == \
            [e for e in section if e.local_name == name]
        assert all(indexes.places[id(e)] == place for place, e in enumerate(named))
    assert len(indexes.places) == sum(len(named) for named in indexes.named.values())
    for name in {e.local_name for e in section}:
        assert parser._afe_last_named(name) is [e for e in section if e.local_name == name][-1]


_SOUP = ["<b>", "<b id=1>", "<i class=a>", "<a href=x>", "<font size=2>", "<nobr>", "<u>",
         "</b>", "</i>", "</a>", "</font>", "<p>", "</p>", "<div>", "</div>", "<li>", "<ul>",
         "</ul>", "<table>", "<td>", "</table>", "<button>", "</button>", "<h1>", "</h1>",
         "<template>", "</template>", "<svg>", "</svg>", "<select>", "<option>", "</select>",
         "x", " ", "y "]


def test_kinds_are_indexed_once_three_of_a_name_were_pushed() -> None:
    # Fewer than three entries of a name: no kinds made.  The fourth <b>
    # finds three in its name's list: from then on the b entries are
    # indexed by kind, and Noah's Ark removes the earliest of three of the
    # same kind (the <b id=1> is of another kind and stays).
    parser = HTMLParser()
    parser.feed("<p><b><b id=1><b>")
    section = parser._afe_sections[-1]
    assert not section.kinded and not section.kinds
    assert set(parser._afe_kinds.values()) == {None}
    parser.feed("<b>")
    _check_active_formatting(parser)
    assert section.kinded == {"b"}
    assert [len(same) for same in section.kinds.values()] == [3, 1]
    parser.feed("<b>")
    _check_active_formatting(parser)
    assert [len(same) for same in section.kinds.values()] == [3, 1]
    live = [e for e in parser.active_formatting if id(e) not in parser._afe_dead]
    assert [e.attrs for e in live] == [{"id": "1"}, {}, {}, {}]
    parser.close()


@pytest.mark.parametrize("seed", range(40))
def test_the_indexes_follow_the_list(seed: int) -> None:
    # Random soup, without the limit coming into it, read in pieces of a
    # few characters: after each, the indexes agree with the list.
    rng = random.Random(seed)
    text = "".join(rng.choice(_SOUP) for _ in range(400))
    parser = HTMLParser()
    for start in range(0, len(text), 5):
        parser.feed(text[start:start + 5])
        _check_active_formatting(parser)
    parser.close()


@pytest.mark.parametrize("seed", range(40))
def test_refusals_leave_the_parser_consistent(seed: int) -> None:
    # One formatting element whose copy takes the whole allowance: after
    # its first copy every reconstruction that copies it is refused, at
    # random places in random soup (in 11 of these 40 seeds).
    rng = random.Random(seed)
    big = "<em data-x=" + "a" * RECONSTRUCTION_ALLOWANCE + ">"
    soup = "".join(rng.choice(_SOUP) for _ in range(400))
    text = "<p>" + big + "<p>x" + soup
    parser = HTMLParser()
    step = len(text) // 16 + 1
    for start in range(0, len(text), step):
        parser.feed(text[start:start + step])
        _check_active_formatting(parser)
    document = parser.close()
    copies = [e for e in _elements(document) if e.local_name == "em"]
    limit = RECONSTRUCTION_ALLOWANCE + RECONSTRUCTION_PER_CHARACTER * len(text)
    assert sum(copy_size(e) for e in copies[1:]) <= limit
    reference = markup5.parse(text, reconstruction_limit=False)
    if LIMIT_ERROR not in {e.code for e in document.errors}:
        assert markup5.dump_tree(document) == markup5.dump_tree(reference)


@pytest.mark.skipif(
    not importlib.import_module("markup5.html.parser.treebuilder").__file__.endswith(".py"),
    reason="patches the interpreted tree builder (the compiled one has the gap built in)")
@pytest.mark.parametrize("gap", [1, 2])
def test_positions_when_gaps_run_out(gap: int, monkeypatch) -> None:
    # The adoption agency algorithm puts an entry between two others
    # (_afe_moved): in the middle of their positions' gap, and once there
    # is none left, the list is numbered afresh.  With gaps of 1 and 2 that
    # happens at nearly every move (gaps of 2**64 allow 64 moves into one
    # gap first); the positions must still find every entry.
    import markup5.html.parser.treebuilder as treebuilder

    texts = []
    for seed in range(20):
        rng = random.Random(seed)
        texts.append("".join(rng.choice(_SOUP) for _ in range(400)))
    expected = [markup5.dump_tree(markup5.parse(text)) for text in texts]  # (gaps of 2**64)
    monkeypatch.setattr(treebuilder, "_AFE_GAP", gap)
    moves = []
    original = treebuilder.TreeBuilderCore._afe_moved

    def counted(self, index):
        moves.append(index)
        original(self, index)

    monkeypatch.setattr(treebuilder.TreeBuilderCore, "_afe_moved", counted)
    for text, tree in zip(texts, expected):
        parser = HTMLParser()
        for start in range(0, len(text), 5):
            parser.feed(text[start:start + 5])
            _check_active_formatting(parser)
        assert markup5.dump_tree(parser.close()) == tree
    assert len(moves) > 100


def test_adoption_agency_copies_count_against_the_limit():
    # Each run of the adoption agency's outer loop copies the formatting
    # element, attributes and all, into the next furthest block: '<b' + N
    # attributes + '>' + '<div>' x N + '</b>' x N/8 made N x N attribute
    # copies (418 MB from 45 KB; found by a hunt for memory blow-ups).
    # Those copies now count against the reconstruction limit; a run that
    # would go past it closes the element as if there were no furthest
    # block.
    n = 600
    soup = "<b " + " ".join(f"a{i}" for i in range(n)) + ">" + "<div>" * n + "</b>" * (n // 8 + 1)

    def attributes_of_b(document):
        return sum(len(node.attrs) for node in document.iter()
                   if isinstance(node, markup5.dom.Element) and node.local_name == "b")

    limited = markup5.parse(soup)
    assert attributes_of_b(limited) <= RECONSTRUCTION_ALLOWANCE + len(soup)
    assert [e.code for e in limited.errors].count("reconstruction-limit-exceeded") == 1
    assert attributes_of_b(markup5.parse(soup, reconstruction_limit=False)) > 300_000
    # Below the limit the algorithm is the standard's: the same tree.
    small = "<b " + " ".join(f"a{i}" for i in range(20)) + ">" + "<div>" * 20 + "</b>" * 3
    assert markup5.dump_tree(markup5.parse(small)) == \
        markup5.dump_tree(markup5.parse(small, reconstruction_limit=False))
