"""The tree builder's indexes over the stack of open elements stay exact.

The tree builder keeps, beside the stack of open elements, the stack
positions of the HTML elements by name, of each scope's boundary elements,
of the foreign elements (with the runs they form) and of the entries a
selectedcontent clone detached, so that scope checks and several walks cost
O(1).  Once the adoption agency algorithm has removed an entry from below
others, the positions are virtual (they only grow up the stack; the entries
above keep theirs).  These tests recompute every index from the stack after
each change to it, on inputs that run the adoption agency algorithm in all
its shapes, and compare.
"""

from __future__ import annotations

import random

import pytest

import markup5
from markup5.dom import HTML_NAMESPACE
from markup5.html.parser import HTMLParser
from markup5.html.parser.treebuilder import _BOUNDARY_KEYS, _SCOPE_KEYS, TreeBuilderCore


def _expected_indexes(parser: TreeBuilderCore) -> dict[str, object]:
    """Every index, recomputed from the stack and its positions."""
    stack = parser.open_elements
    virtual = parser._virtual
    positions = list(range(len(stack))) if virtual is None else list(virtual)
    by_name: dict[str, list[int]] = {}
    foreign: dict[str, list[int]] = {}
    runs: list[tuple[int, int]] = []
    boundaries: dict[str, list[int]] = {key: [] for key in _SCOPE_KEYS}
    previous_foreign = False
    for node, position in zip(stack, positions):
        if node.namespace == HTML_NAMESPACE:
            by_name.setdefault(node.local_name, []).append(position)
            previous_foreign = False
        else:
            foreign.setdefault(node.local_name.lower(), []).append(position)
            runs.append((position, runs[-1][1] if previous_foreign else position))
            previous_foreign = True
        for key in _BOUNDARY_KEYS.get((node.namespace, node.local_name), ()):
            boundaries[key].append(position)
    return {"positions": by_name, "foreign": foreign, "runs": runs, "boundaries": boundaries,
            "on_stack": {id(node) for node in stack}, "list": positions}


def _check(parser: TreeBuilderCore) -> None:
    stack = parser.open_elements
    expected = _expected_indexes(parser)
    positions = expected["list"]
    assert len(positions) == len(stack)
    assert all(a < b for a, b in zip(positions, positions[1:])), positions
    assert not positions or positions[0] == 0
    assert parser._positions == expected["positions"]
    assert parser._foreign_positions == expected["foreign"]
    assert parser._foreign_runs == expected["runs"]
    assert parser._boundaries == expected["boundaries"]
    assert parser._on_stack == expected["on_stack"]
    detached = parser._detached_positions
    assert detached == sorted(detached)
    for position in detached:
        assert position in positions
        assert id(parser._at(position)) in parser._detached_ids
    for index, position in enumerate(positions):
        assert parser._real(position) == index
        assert parser._virtual_of(index) == position


@pytest.fixture
def checked(monkeypatch):
    """Check every index after each change to the stack."""
    for name in ("_push", "_pop", "_adoption_agency", "_remove_from_stack"):
        original = getattr(TreeBuilderCore, name)

        def wrapper(self, *args, _original=original):
            result = _original(self, *args)
            _check(self)
            return result

        monkeypatch.setattr(TreeBuilderCore, name, wrapper)


def _parse_checked(source: str, context: str | None = None) -> str:
    if context is None:
        parser = HTMLParser()
        parser.feed(source)
        return markup5.dump_tree(parser.close())
    return markup5.dump_tree(markup5.parse_fragment(source, context))


#: Leaves the positions virtual with gaps: each of the eight runs of the
#: outer loop removes a span, whose position stays free below the entries
#: above (a b, a span and a div remain above the gaps).
_GAP = "<b>" + "<span><div>" * 9 + "</b>"

_FAMILIES = [
    "<b>" + "<span><div>" * 12 + "</b>" * 12,
    "<b>" + "<div>" * 12 + "</b>" * 12,
    "<b>" + "<span><em><i><div>" * 6 + "</b></i></em>" * 6 + "<p>x",
    "<div>" * 5 + "<b>" + "<span><div>" * 6 + "</b>" * 6 + "</div>" * 8 + "<p>",
    "<b><span><div><svg><g><b></b></svg></b></b>",
    "<b><span><div><math><mi><b><span><div></b></b></b></math>",
    "<b><span><div><template><b><span><div></b></template></b>",
    "<select><b><span><div><selectedcontent></selectedcontent><option>a</b></b>",
    "<select><option selected><b><span><div><selectedcontent></selectedcontent></b></option>"
    "<b><span><div></b>",
    "<b><span><div><table><td><b><span><div></b></table></b>x",
    "<form><b><span><div></form></b><form><p></form>",
    "<a><span><p><a>x</a></span></p></a>",
    "<b><span><div></b><frameset>",
    # The positions are virtual with gaps, then every reader of positions
    # runs: the select steps, the foreign end
    # tag rule, foster parenting, scope checks.
    _GAP + "<select><option selected>x</option><selectedcontent></selectedcontent></select>",
    _GAP + "<select><optgroup disabled><option>y</option><selectedcontent>",
    _GAP + "<select><button><selectedcontent></selectedcontent></button><option>a<b>b</b>"
    "</option><option selected>c</select>z",
    _GAP + "<select><option selected><selectedcontent><i>x</option><option>y",
    _GAP + "<select><selectedcontent><i><option selected>a</option>y</i>z",
    _GAP + "<select><selectedcontent><option selected>a<b>c</option><option>d</option>",
    _GAP + "<svg><g><a><b></g>x<math><mi></mi></x></math>",
    _GAP + "<table><tr>x<td>y</table><p>z</p>",
    # (The clone takes the table out of the tree: the text goes to the
    # entry below the table on the stack.)
    _GAP + "<select><selectedcontent><table><tr><td><option selected>a</option></td>x",
    _GAP + "<template><b><span><div><p></b><select><option selected>q</option>"
    "<selectedcontent></selectedcontent></template>",
    _GAP + "<li><dd><button><p></button></li></p>",
]


@pytest.mark.parametrize("source", _FAMILIES)
def test_indexes_after_each_change(source, checked):
    _parse_checked(source)
    _parse_checked(source, "td")
    _parse_checked(source, "svg svg")


_TAGS = ["b", "i", "a", "nobr", "em", "span", "font", "div", "p", "table", "td", "tr", "li",
         "address", "button", "select", "option", "optgroup", "selectedcontent", "template",
         "svg", "g", "desc", "foreignObject", "math", "mi", "annotation-xml", "form", "body"]


def _soup(rng: random.Random) -> str:
    pieces = []
    for _ in range(rng.randint(1, 40)):
        roll = rng.random()
        name = rng.choice(_TAGS)
        if roll < 0.5:
            pieces.append(f"<{name}>")
        elif roll < 0.9:
            pieces.append(f"</{name}>")
        else:
            pieces.append("x")
    return "".join(pieces)


def test_indexes_on_generated_soup(checked):
    # 3,000 inputs of formatting, special, foreign and select elements:
    # the adoption agency algorithm in all its shapes, with foreign and
    # detached entries above the formatting element, clones, and the
    # removals that make the positions virtual.
    rng = random.Random(20261124)
    virtual = 0
    for _ in range(3000):
        source = _soup(rng)
        parser = HTMLParser()
        parser.feed(source)
        parser.close()
        virtual += parser._virtual is not None
        _parse_checked(source, "td")
    assert virtual > 100  # the soup reaches the virtual positions often


def test_virtual_positions_give_the_same_trees_as_a_full_reindex(monkeypatch):
    # The in-place re-indexing (which keeps the positions above) against
    # taking every entry above the formatting element out and pushing it
    # back (which gives list indexes): the same trees, on the same soup.
    rng = random.Random(7)
    sources = [_soup(rng) for _ in range(800)] + _FAMILIES
    fast = [markup5.dump_tree(markup5.parse(source)) for source in sources]
    monkeypatch.setattr(TreeBuilderCore, "_reindexable_above", lambda self, start: False)
    assert [markup5.dump_tree(markup5.parse(source)) for source in sources] == fast
