"""Linear time for helpers that used to rescan: innerText's table rules
(markup5.text), DOMTokenList.add / remove (markup5.tokenlist), the pretty
serializer's walk out through nested templates (markup5.html.walker), and
the text runs of to_etree / to_lxml (markup5.adapters).

Each is checked for the same output as a straightforward definition (for
innerText: the previous, rescanning code, kept here as the oracle) and for
linear work by counting calls or characters, never by timing.
"""

from __future__ import annotations

import random
import types
import xml.etree.ElementTree as ET

import pytest

import markup5
import markup5.adapters.etree as etree_adapter
import markup5.html.walker as walker
import markup5.text as text_module
from markup5.dom import (
    HTML_NAMESPACE, SVG_NAMESPACE, Comment, Document, DocumentFragment, Element, Node,
    ParentNode, ProcessingInstruction, Text,
)
from markup5.domexceptions import DOMSyntaxError, InvalidCharacterError
from markup5.html.serializer import serialize, serialize_children
from markup5.text import inner_text

# --------------------------------------------------------------------------
# innerText: table cells and rows
# --------------------------------------------------------------------------

_is_html = text_module._is_html
_not_rendered = text_module._not_rendered
_CELLS = frozenset({"td", "th"})
_ROWS = frozenset({"tr"})
_ROW_GROUPS = frozenset({"thead", "tbody", "tfoot"})


def _old_has_later(element, names):
    """The previous code (oracle): a sibling scan from the start, per cell."""
    parent = element.parent
    if parent is None:
        return False
    found = False
    for sibling in parent.children:
        if found and isinstance(sibling, Element) and _is_html(sibling, names) \
                and not _not_rendered(sibling):
            return True
        if sibling is element:
            found = True
    return False


def _old_is_last_row(row):
    """The previous code (oracle)."""
    if _old_has_later(row, _ROWS):
        return False
    parent = row.parent
    if isinstance(parent, Element) and _is_html(parent, _ROW_GROUPS):
        grandparent = parent.parent
        if grandparent is not None:
            found = False
            for section in grandparent.children:
                if found and isinstance(section, Element) and (
                        _is_html(section, _ROW_GROUPS) or _is_html(section, _ROWS)):
                    if _is_html(section, _ROWS) or any(
                            _is_html(c, _ROWS) for c in section.children):
                        return False
                if section is parent:
                    found = True
    return True


def _old_collect(root, preformatted):
    """The previous ``markup5.text._collect`` (oracle), unchanged."""
    items = []
    append = items.append
    pre_depth = 1 if preformatted else 0
    stack = [(0, child) for child in reversed(root.children)]
    while stack:
        action, current = stack.pop()
        if action == 1:
            element = current
            name = element.local_name
            if name == "p":
                append((3, 2))
            elif name in text_module.BLOCK_LEVEL:
                append((3, 1))
            if name in _CELLS and _old_has_later(element, _CELLS):
                append((2, "\t"))
            elif name == "tr" and not _old_is_last_row(element):
                append((2, "\n"))
            continue
        if action == 2:
            pre_depth -= 1
            continue
        if isinstance(current, Text):
            if current.data:
                append((1 if pre_depth else 0, current.data))
        elif isinstance(current, Element):
            if _not_rendered(current):
                continue
            if current.namespace == HTML_NAMESPACE:
                name = current.local_name
                if name == "br":
                    append((2, "\n"))
                    continue
                if name == "p":
                    append((3, 2))
                elif name in text_module.BLOCK_LEVEL:
                    append((3, 1))
                stack.append((1, current))
                if name in text_module.PREFORMATTED:
                    pre_depth += 1
                    stack.append((2, current))
            stack.extend((0, child) for child in reversed(current.children))
        elif isinstance(current, (Document, DocumentFragment)):
            stack.extend((0, child) for child in reversed(current.children))
    return items


_MARKUP_PIECES = [
    "<table>", "</table>", "<tr>", "</tr>", "<td>", "</td>", "<th>", "<tbody>", "<thead>",
    "<tfoot>", "</tbody>", "<td hidden>", "<tr hidden>", "<tbody hidden>", "<th hidden>",
    "<caption>", "<template>", "</template>", "<script>s</script>", "<br>", "<p>", "<pre>",
    "x", "y z", " ", "\n", "<svg><td>s</td></svg>", "<div>", "</div>", "<tr><td>",
]

_DOM_NAMES = ["table", "thead", "tbody", "tfoot", "tr", "tr", "td", "td", "th", "div",
              "caption", "template", "script", "p", "span"]


def _random_tree(rng: random.Random) -> Element:
    """A tree built through the DOM, in shapes the parser never makes (rows
    straight in a table or a div, cells in a section, foreign cells, ...)."""
    root = Element("div")
    stack = [(root, 0)]
    while stack:
        parent, depth = stack.pop()
        for _ in range(rng.randrange(6)):
            roll = rng.random()
            if roll < 0.25 or depth >= 4:
                parent.append(rng.choice(["x", " ", "ab", "\t"]))
                continue
            name = rng.choice(_DOM_NAMES)
            namespace = SVG_NAMESPACE if rng.random() < 0.08 else HTML_NAMESPACE
            attrs = {"hidden": ""} if rng.random() < 0.15 else {}
            child = Element(name, attrs, namespace)
            parent.append(child)
            stack.append((child, depth + 1))
    return root


def _nodes(root: Node) -> list[Node]:
    out = []
    stack = [root]
    while stack:
        node = stack.pop()
        out.append(node)
        if isinstance(node, ParentNode):
            stack.extend(node.children)
    return out


def _check_against_oracle(root: Node) -> None:
    for node in _nodes(root):
        if isinstance(node, ParentNode) and not isinstance(node, Text):
            assert text_module._collect(node, False) == _old_collect(node, False)
            assert text_module._collect(node, True) == _old_collect(node, True)
        if isinstance(node, ParentNode) and not (
                isinstance(node, Element) and _not_rendered(node)):
            pre = isinstance(node, Element) and _is_html(node, text_module.PREFORMATTED)
            if not pre:
                expected = text_module._render(_old_collect(node, False))
                # inner_text also looks for a pre-formatted ancestor.
                ancestor = node.parent
                while isinstance(ancestor, Element):
                    if _is_html(ancestor, text_module.PREFORMATTED):
                        expected = text_module._render(_old_collect(node, True))
                        break
                    ancestor = ancestor.parent
                assert inner_text(node) == expected


class TestInnerTextTables:
    def test_parsed_tables_match_the_previous_code(self):
        rng = random.Random(1515)
        for _ in range(300):
            markup = "".join(rng.choice(_MARKUP_PIECES) for _ in range(rng.randrange(1, 30)))
            _check_against_oracle(markup5.parse(markup))

    def test_dom_built_tables_match_the_previous_code(self):
        rng = random.Random(2626)
        for _ in range(300):
            _check_against_oracle(_random_tree(rng))

    def test_known_outputs(self):
        assert markup5.parse("<table><tr><td>a<td>b<td hidden>c</table>").text == "a\tb"
        assert markup5.parse(
            "<table><thead><tr><th>h</thead><tbody><tr><td>1<tr><td>2</tbody>"
            "<tfoot><tr><td>f</table>").text == "h\n1\n2\nf"
        assert markup5.parse("<table><tbody><tr><td>a</tbody><tbody></tbody></table>"
                             ).text == "a"

    @pytest.mark.parametrize("shape", [
        lambda n: "<table><tr>" + "<td>x" * n,
        lambda n: "<table>" + "<tr><td>x" * n,
        lambda n: "<table>" + "<tbody><tr><td>x" * n,
        lambda n: "<table><tr>" + "<td>x" * n + "<td hidden>" * n,
        lambda n: "<table>" + "<tr><td>x" * n + "<tr hidden>" * n,
    ])
    def test_work_is_linear(self, shape):
        # Count the children visited: every list of children is swapped for
        # one that counts the items iterated over, forwards or backwards.
        # The previous code scanned the siblings of every cell and row from
        # the first one (and, for a row in a section, the later sections):
        # about N*N/2 visits for N cells (12.5 million at N = 5000); now
        # the walk visits each child once and each parent's children are
        # scanned backwards once more at most.
        n = 5000
        document = markup5.parse(shape(n))
        expected = text_module._render(_old_collect(document, False))
        visits = 0

        class CountingList(list):
            def __iter__(self):
                nonlocal visits
                for item in list.__iter__(self):
                    visits += 1
                    yield item

            def __reversed__(self):
                nonlocal visits
                for item in list.__reversed__(self):
                    visits += 1
                    yield item

        for node in _nodes(document):
            if isinstance(node, ParentNode):
                node.children = CountingList(node.children)
        result = document.text
        assert visits <= 4 * len(_nodes(document))
        assert result == expected


# --------------------------------------------------------------------------
# DOMTokenList.add / remove
# --------------------------------------------------------------------------

def _paragraph(class_value: str | None) -> Element:
    element = Element("p")
    if class_value is not None:
        element.attrs["class"] = class_value
    return element


def _reference_add(value: str | None, tokens: list[str]) -> str | None:
    """The DOM's add(): append each token not already in the ordered set,
    then the update steps (nothing written to an absent attribute when the
    set is empty)."""
    current = list(dict.fromkeys(value.split())) if value else []
    for token in tokens:
        if token not in current:
            current.append(token)
    if value is None and not current:
        return None
    return " ".join(current)


def _reference_remove(value: str | None, tokens: list[str]) -> str | None:
    """The DOM's remove(): drop each token, then the update steps."""
    current = list(dict.fromkeys(value.split())) if value else []
    current = [t for t in current if t not in tokens]
    if value is None and not current:
        return None
    return " ".join(current)


class CountingStr(str):
    """A token that counts the equality tests made on it: a membership test
    in a list or tuple compares with every item, one in a set or dict only
    with an item of the same hash."""

    comparisons = 0

    def __eq__(self, other: object) -> bool:
        CountingStr.comparisons += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


class TestTokenList:
    def test_add_and_remove_match_the_definition(self):
        rng = random.Random(77)
        alphabet = ["a", "b", "c", "d", "e", "\u00e9"]
        for _ in range(500):
            value = rng.choice([None, "", "  ", " ".join(
                rng.choice(alphabet) for _ in range(rng.randrange(6)))
                + rng.choice(["", " ", "\t\n"])])
            tokens = [rng.choice(alphabet) for _ in range(rng.randrange(5))]
            element = _paragraph(value)
            element.class_list.add(*tokens)
            assert element.attrs.get("class") == _reference_add(value, tokens)
            element = _paragraph(value)
            element.class_list.remove(*tokens)
            assert element.attrs.get("class") == _reference_remove(value, tokens)

    def test_order_and_duplicates(self):
        element = _paragraph(" b  a b\tc ")
        element.class_list.add("d", "a", "d", "e")
        assert element.attrs["class"] == "b a c d e"
        element.class_list.remove("a", "a", "zz", "e")
        assert element.attrs["class"] == "b c d"
        element = _paragraph(None)
        element.class_list.remove("x")
        assert "class" not in element.attrs
        element.class_list.add()
        assert "class" not in element.attrs

    @pytest.mark.parametrize("method", ["add", "remove"])
    def test_validation_errors_change_nothing(self, method):
        element = _paragraph("a b")
        with pytest.raises(DOMSyntaxError):
            getattr(element.class_list, method)("a", "")
        with pytest.raises(InvalidCharacterError):
            getattr(element.class_list, method)("b", "c d")
        with pytest.raises(InvalidCharacterError):
            getattr(element.class_list, method)("c\td", "")
        with pytest.raises(TypeError):
            getattr(element.class_list, method)("a", 3)
        assert element.attrs["class"] == "a b"

    def test_add_many_new_tokens_is_linear(self):
        # The previous code tested each new token against a list of the
        # tokens so far: N*N/2 comparisons (12.5 million at N = 5000).
        n = 5000
        element = _paragraph("c0 c1 c2")
        tokens = [CountingStr(f"t{i}") for i in range(n)] + [CountingStr("c1")]
        CountingStr.comparisons = 0
        element.class_list.add(*tokens)
        assert CountingStr.comparisons <= 2 * n
        assert element.attrs["class"] == "c0 c1 c2 " + " ".join(f"t{i}" for i in range(n))

    def test_remove_many_absent_tokens_is_linear(self):
        # The previous code tested each of the N present tokens against the
        # tuple of N tokens to remove: N*N comparisons.
        n = 5000
        value = " ".join(f"c{i}" for i in range(n))
        element = _paragraph(value)
        tokens = [CountingStr(f"x{i}") for i in range(n)] + [CountingStr("c7")]
        CountingStr.comparisons = 0
        element.class_list.remove(*tokens)
        assert CountingStr.comparisons <= 2 * n
        assert element.attrs["class"] == " ".join(f"c{i}" for i in range(n) if i != 7)


# --------------------------------------------------------------------------
# Pretty serialization inside nested templates
# --------------------------------------------------------------------------

def _innermost_template(document: Document) -> Element:
    template = document.head.children[0] if document.head.children else None
    if template is None:
        template = next(c for c in document.body.children if isinstance(c, Element))
        while template.local_name != "template":
            template = next(c for c in template.children if isinstance(c, Element))
    while True:
        inner = [c for c in template.template_contents.children
                 if isinstance(c, Element) and c.local_name == "template"]
        if not inner:
            return template
        template = inner[0]


class TestPrettyNestedTemplates:
    DEPTH = 6000

    def test_deep_templates(self):
        # The previous code recursed once per template: RecursionError from
        # about 1000 levels.
        document = markup5.parse("<template>" * self.DEPTH + "<div><p>a</p><p>b</p></div>")
        template = _innermost_template(document)
        div = template.template_contents.children[0]
        pretty = "<div>\n  <p>a</p>\n  <p>b</p>\n</div>"
        assert serialize(div, pretty=True) == pretty
        assert serialize_children(template, pretty=True) == pretty
        assert serialize(div.children[0], pretty=True) == "<p>a</p>"

    def test_deep_templates_inside_pre_are_kept_as_they_are(self):
        document = markup5.parse(
            "<pre>" + "<template>" * self.DEPTH + "<div><p>a</p><p>b</p></div>")
        template = _innermost_template(document)
        div = template.template_contents.children[0]
        assert serialize(div, pretty=True) == "<div><p>a</p><p>b</p></div>"
        assert serialize_children(template, pretty=True) == "<div><p>a</p><p>b</p></div>"

    def test_walk_up_once_per_serialization(self, monkeypatch):
        # _inside_preserved runs once per call, for the node serialized,
        # not per node: the work stays nodes + depth, not nodes x depth.
        document = markup5.parse(
            "<template>" * self.DEPTH + "<div>" + "<p>x</p>" * 1000 + "</div>")
        div = _innermost_template(document).template_contents.children[0]
        walks = preserves = 0
        original_walk_up, original_preserves = walker._inside_preserved, walker._preserves

        def counting_walk_up(node):
            nonlocal walks
            walks += 1
            return original_walk_up(node)

        def counting_preserves(element):
            nonlocal preserves
            preserves += 1
            return original_preserves(element)

        monkeypatch.setattr(walker, "_inside_preserved", counting_walk_up)
        monkeypatch.setattr(walker, "_preserves", counting_preserves)
        result = serialize(div, pretty=True)
        assert walks == 1
        assert preserves <= self.DEPTH + 2 * 1000 + 10
        walks = preserves = 0
        serialize(document, pretty=True)
        assert walks == 1
        assert preserves <= 2 * (self.DEPTH + 1000) + 10
        monkeypatch.undo()
        assert result == "<div>\n" + "\n".join(["  <p>x</p>"] * 1000) + "\n</div>"


# --------------------------------------------------------------------------
# to_etree / to_lxml: runs of adjacent Text nodes
# --------------------------------------------------------------------------

def _mixed_element() -> Element:
    """A div whose children are runs of separate Text nodes (empty ones
    too) between an element, a comment and a processing instruction."""
    div = Element("div")
    div.append("a", "", "b", "c")
    div.append(Element("b"))
    div.append("d", "e")
    div.append(Comment("note"))
    div.append("", "f")
    div.append(ProcessingInstruction("pi", "data"))
    div.append("g", "h", "i")
    span = Element("span")
    span.append("", "")
    div.append(span)
    div.append(Element("i"))
    return div


class TestAdapterTextRuns:
    @pytest.mark.parametrize("convert", ["to_etree", "to_lxml"])
    def test_runs_are_joined(self, convert):
        if convert == "to_lxml":
            pytest.importorskip("lxml")
        result = getattr(markup5, convert)(_mixed_element())
        children = list(result)
        assert result.text == "abc"
        assert [child.tail for child in children] == ["de", "f", "ghi", None, None]
        # A run of empty Text nodes still sets the text, to "".
        assert children[3].text == ""
        assert children[4].text is None

    @pytest.mark.parametrize("convert", ["to_etree", "to_lxml"])
    def test_many_text_nodes(self, convert):
        if convert == "to_lxml":
            pytest.importorskip("lxml")
        n = 20000
        div = Element("div")
        div.append(*[f"{i}," for i in range(n)])
        div.append(Element("b"))
        div.append(*[f"{i};" for i in range(n)])
        result = getattr(markup5, convert)(div)
        assert result.text == "".join(f"{i}," for i in range(n))
        assert result[0].tail == "".join(f"{i};" for i in range(n))

    def test_to_etree_copies_each_character_once(self, monkeypatch):
        # Count the characters written to .text and .tail.  The previous
        # code wrote the run so far again for every Text node: about
        # N*N/2 pieces (200 million characters here), now N.
        written = 0

        class CountingElement(ET.Element):
            @property
            def text(self):
                return ET.Element.text.__get__(self)

            @text.setter
            def text(self, value):
                nonlocal written
                written += len(value)
                ET.Element.text.__set__(self, value)

            @property
            def tail(self):
                return ET.Element.tail.__get__(self)

            @tail.setter
            def tail(self, value):
                nonlocal written
                written += len(value)
                ET.Element.tail.__set__(self, value)

        def sub_element(parent, tag, attrib):
            child = CountingElement(tag, attrib)
            parent.append(child)
            return child

        fake = types.SimpleNamespace(Element=CountingElement, SubElement=sub_element,
                                     Comment=ET.Comment,
                                     ProcessingInstruction=ET.ProcessingInstruction)
        monkeypatch.setattr(etree_adapter, "ET", fake)
        n = 20000
        div = Element("div")
        div.append(*["ab"] * n)
        div.append(Element("b"))
        div.append(*["cd"] * n)
        result = etree_adapter.to_etree(div)
        assert result.text == "ab" * n
        assert result[0].tail == "cd" * n
        assert written == 4 * n


class TestLxmlDeep:
    def test_deep_tree(self):
        # to_lxml keeps every element proxy until the end (see the comment
        # in to_lxml); the tree must come out whole.  (The time this saves
        # is in lxml's C code: benchmarks only, no count here.)
        pytest.importorskip("lxml")
        depth = 5000
        result = markup5.to_lxml(markup5.parse("<div>" * depth + "x"))
        element, levels = result, 0
        while len(element):
            element = element[-1]
            levels += 1
        assert levels == depth + 1  # html > body > div x depth
        assert element.text == "x"
