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

import importlib
import random

import pytest

import markup5
from html5lib_tree import load_cases
from markup5.dom import HTML_NAMESPACE
from markup5.html.parser import HTMLParser, _context_element, _prepare_fragment
from markup5.html.parser.treebuilder import (_ASKED_BY_IDENTITY, _BOUNDARY_KEYS, _SCOPE_KEYS,
                                              TreeBuilderCore)


def _expected_indexes(parser: TreeBuilderCore, positions: list[int]) -> dict[str, object]:
    """Every index, recomputed from the stack and its ``positions``."""
    stack = parser.open_elements
    by_name: dict[str, list[int]] = {}
    foreign: dict[str, list[int]] = {}
    run_starts: list[int] = []
    boundaries: dict[str, list[int]] = {key: [] for key in _SCOPE_KEYS}
    detached: list[int] = []
    previous_foreign = False
    for node, position in zip(stack, positions):
        if node.namespace == HTML_NAMESPACE:
            by_name.setdefault(node.local_name, []).append(position)
            previous_foreign = False
        else:
            foreign.setdefault(node.local_name.lower(), []).append(position)
            if not previous_foreign:
                run_starts.append(position)
            previous_foreign = True
        for key in _BOUNDARY_KEYS.get((node.namespace, node.local_name), ()):
            boundaries[key].append(position)
        if id(node) in parser._detached_ids:
            detached.append(position)
    return {"_positions": by_name, "_foreign_positions": foreign, "_run_starts": run_starts,
            "_boundaries": boundaries,
            "_on_stack": {id(node) for node in stack if node.namespace == HTML_NAMESPACE
                          and node.local_name in _ASKED_BY_IDENTITY},
            "_detached_positions": detached}


def _check(parser: TreeBuilderCore) -> None:
    stack = parser.open_elements
    virtual = parser._virtual
    positions = list(range(len(stack))) if virtual is None else list(virtual)
    assert len(positions) == len(stack)
    assert all(a < b for a, b in zip(positions, positions[1:])), positions
    assert not positions or positions[0] == 0
    for name, value in _expected_indexes(parser, positions).items():
        actual = getattr(parser, name)
        if name == "_positions":  # a name no element on the stack has may keep an empty list
            actual = {key: entries for key, entries in actual.items() if entries}
        assert actual == value, name
    for index, position in enumerate(positions):
        assert parser._real(position) == index
        assert parser._virtual_of(index) == position


def _renumber(parser: TreeBuilderCore) -> None:
    """Index the stack afresh with list indexes (no virtual positions)."""
    positions = list(range(len(parser.open_elements)))
    for name, value in _expected_indexes(parser, positions).items():
        setattr(parser, name, value)
    parser._virtual = None


#: The tests patch the tree builder's methods, which only the interpreted
#: (pure-Python) build calls through the class.
_PATCHES = pytest.mark.skipif(
    not importlib.import_module("markup5.html.parser.treebuilder").__file__.endswith(".py"),
    reason="patches the interpreted tree builder (the compiled build calls its methods in C)")


@pytest.fixture
def checked(monkeypatch):
    """Check every index after each change to the stack."""
    calls = []
    for name in ("_push", "_pop", "_adoption_agency", "_remove_from_stack"):
        original = getattr(TreeBuilderCore, name)

        def wrapper(self, *args, _original=original):
            result = _original(self, *args)
            _check(self)
            calls.append(1)
            return result

        monkeypatch.setattr(TreeBuilderCore, name, wrapper)
    yield
    assert calls  # (the checks ran)


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
    "<a><p><i><span><em><div><u>x</a>y</i>z</b>",
    "<b><table><td><i><div>x</b>y</i></table>",
    "<b><svg><desc><div>x</b>y",
    "<b><math><mi><p>x</b>",
    "<p><b><i><u><s><div>" * 5 + "</b></i></u></s>" * 5,
    "<select><b><div><selectedcontent></selectedcontent><option>a</b></b>",
    "<template><b><div></b></template><b><div></b>",
    "<b><button><b><dd><b></b></b></b>",
    # Foreign entries above the region, and foreign entries where a region
    # would be (an integration point bounds the scope: the algorithm stops
    # at step 4.5, so a region holds HTML elements only).
    "<b>" + "<span><div>" * 6 + "<svg><g>" + "</b>" * 6 + "</g>x",
    "<b>" + "<span><svg><desc>" * 6 + "</b>" * 6 + "</desc>y",
    "<b><svg><desc><svg><desc><svg><desc><g></b></b></b></g>z",
    "<svg><foreignObject><b><span><math><mi><mo><i></b></i></mo>q",
    "<b><math><mi><b><math><mo><b><svg><title></b></b></b>",
    # Detached entries (a clone emptied the selectedcontent) in and above
    # the region.
    "<select><b><selectedcontent><div><span><div><option selected>o</option><p></b></b>x",
    "<select><selectedcontent><b><span><div><option selected>o</option></b>y",
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


@_PATCHES
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


@_PATCHES
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


@_PATCHES
def test_virtual_positions_give_the_same_trees_as_list_indexes(monkeypatch):
    # Every reader of the positions, checked by its outcome: the trees with
    # virtual positions against the trees when the whole stack is indexed
    # afresh with list indexes after each run of the adoption agency
    # algorithm (so that positions are never virtual), on the same inputs.
    rng = random.Random(7)
    sources = [_soup(rng) for _ in range(800)] + _FAMILIES
    contexts = (None, "td", "svg svg")
    trees = [_parse_checked(source, context) for source in sources for context in contexts]
    original = TreeBuilderCore._adoption_agency

    def renumbered(self, subject):
        result = original(self, subject)
        _renumber(self)
        return result

    monkeypatch.setattr(TreeBuilderCore, "_adoption_agency", renumbered)
    renumbered_trees = [_parse_checked(source, context)
                        for source in sources for context in contexts]
    assert renumbered_trees == trees


def test_the_furthest_block_is_attached_again():
    # A clone into the selectedcontent detached the div above it; the
    # adoption agency algorithm then inserts that div (the furthest block)
    # into the select (step 4.14), so a selectedcontent inserted inside it
    # has the select as its nearest select again and gets a copy of the
    # selected option.  Chromium 150 gives the same tree.
    source = ("<select><b><selectedcontent><div><span><div><option selected>o</option><p></b>"
              "<option selected>n</option><selectedcontent></selectedcontent>")
    assert markup5.dump_tree(markup5.parse(source)).splitlines()[-7:] == [
        "|           <p>", "|             <b>", "|           <option>", '|             selected=""',
        '|             "n"', "|           <selectedcontent>", '|             "n"']


def _parse_cases(sources: list[str], prepared=lambda parser: None) -> None:
    """Parse every html5lib-tests case (documents and fragments) and each of
    ``sources`` as a document, each parser first handed to ``prepared``."""
    cases = [(case.data, case.fragment_context) for case in load_cases()]
    for source, context in cases + [(source, None) for source in sources]:
        parser = HTMLParser()
        prepared(parser)
        if context is None:
            parser.feed(source)
            parser.close()
        else:
            _prepare_fragment(parser, _context_element(context))
            parser.run(source)


class _CheckedIdentities(set):
    """The parser's ``_on_stack``, which answers each "is it on the stack?"
    question the rules ask by identity as the stack itself does."""

    def __init__(self, parser: TreeBuilderCore) -> None:
        super().__init__()
        self.parser = parser
        self.asked = 0

    def __contains__(self, key: object) -> bool:
        answer = set.__contains__(self, key)
        assert answer == any(id(node) == key for node in self.parser.open_elements)
        self.asked += 1
        return answer


@_PATCHES
def test_identity_questions_get_the_stack_s_answer():
    # Only the elements of _ASKED_BY_IDENTITY are kept in _on_stack: every
    # element the rules ask about by identity (on every html5lib-tests case,
    # documents and fragments, and the adoption agency families) is one of
    # them.
    checked: list[_CheckedIdentities] = []

    def prepared(parser: HTMLParser) -> None:
        parser._on_stack = _CheckedIdentities(parser)
        checked.append(parser._on_stack)

    _parse_cases(_FAMILIES, prepared)
    assert sum(identities.asked for identities in checked) > 1000


@_PATCHES
def test_the_body_end_check_gets_the_walk_s_answer(monkeypatch):
    # "If there is a node in the stack of open elements that is not either
    # a dd element, ..., then this is a parse error" (EOF, </body>, </html>
    # in body) is answered from the "body end ok" index: the same answer as
    # the walk over the stack, on every html5lib-tests case, the adoption
    # agency families and generated soup (which moves such elements in and
    # out of the adoption agency's region).
    from markup5.html.parser.modes import InsertionModes
    from markup5.html.parser.treebuilder import BODY_END_OK

    original = InsertionModes._check_open_elements
    outcomes = {True: 0, False: 0}

    def compared(self, code):
        expected = any(node.namespace != HTML_NAMESPACE or node.local_name not in BODY_END_OK
                       for node in self.open_elements)
        before = len(self.errors)
        original(self, code)
        reported = len(self.errors) > before
        assert reported == expected, [(n.namespace, n.local_name) for n in self.open_elements]
        outcomes[reported] += 1

    monkeypatch.setattr(InsertionModes, "_check_open_elements", compared)
    rng = random.Random(20261125)
    soups = [_soup(rng) + rng.choice(["</body>", "</html>", ""]) for _ in range(2000)]
    _parse_cases(_FAMILIES + soups)
    assert outcomes[True] > 500 and outcomes[False] > 500, outcomes
