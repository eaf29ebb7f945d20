"""Editing the DOM (markup5.dom): the DOM Standard's mutation methods, its
pre-insertion validity checks, attributes, class_list, cloning,
inner_html/outer_html and text_content."""

from __future__ import annotations

import copy

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from counted import CountedList, ancestor_counter
import markup5
from markup5.dom import (
    HTML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE, XMLNS_NAMESPACE,
    Comment, Document, DocumentFragment, DocumentType, DOMError, DOMSyntaxError,
    DOMTokenList, Element, HierarchyRequestError, InvalidCharacterError, NamespaceError,
    NoModificationAllowedError, NotFoundError, ProcessingInstruction, Text,
)
from markup5.treedump import dump_tree


def html(node):
    return markup5.serialize(node)


def body_of(markup):
    doc = markup5.parse(markup)
    return doc, doc.body


def check_links(root):
    """Every child's parent is its parent, and nothing appears twice."""
    seen = set()
    stack = [root]
    while stack:
        node = stack.pop()
        assert id(node) not in seen
        seen.add(id(node))
        for child in getattr(node, "children", []):
            assert child.parent is node
            stack.append(child)
        if isinstance(node, Element) and node.template_contents is not None:
            assert node.template_contents.parent is None
            assert node.template_contents.host is node
            stack.append(node.template_contents)


# --------------------------------------------------------------------------
# append / prepend / before / after / replace_with / remove
# --------------------------------------------------------------------------

class TestVariadicMethods:
    def test_append_nodes_and_strings(self):
        div = Element("div")
        div.append("a", Element("b"), "c")
        assert html(div) == "<div>a<b></b>c</div>"
        assert all(child.parent is div for child in div.children)

    def test_prepend(self):
        _, body = body_of("<p>x</p>")
        body.prepend(Element("hr"), "t")
        assert html(body) == "<body><hr>t<p>x</p></body>"

    def test_before_and_after(self):
        _, body = body_of("<p id=a>a</p><p id=b>b</p>")
        a = body.children[0]
        a.before("0")
        a.after(Element("br"), "1")
        assert html(body) == '<body>0<p id="a">a</p><br>1<p id="b">b</p></body>'

    def test_before_with_its_own_previous_sibling(self):
        # The viable previous sibling skips the nodes being inserted.
        _, body = body_of("<i></i><b></b><u></u>")
        i, b, u = body.children
        u.before(b, i)
        assert [c.local_name for c in body.children] == ["b", "i", "u"]

    def test_after_with_its_own_next_sibling(self):
        _, body = body_of("<i></i><b></b><u></u>")
        i, b, u = body.children
        i.after(u, b)
        assert [c.local_name for c in body.children] == ["i", "u", "b"]

    def test_before_self_is_a_no_op(self):
        _, body = body_of("<i></i><b></b>")
        i, b = body.children
        b.before(b)
        i.after(i)
        assert [c.local_name for c in body.children] == ["i", "b"]

    def test_replace_with(self):
        _, body = body_of("<i></i><b>x</b><u></u>")
        b = body.children[1]
        b.replace_with("text", Element("s"))
        assert html(body) == "<body><i></i>text<s></s><u></u></body>"
        assert b.parent is None

    def test_replace_with_including_itself(self):
        _, body = body_of("<i></i><b></b><u></u>")
        i, b, u = body.children
        b.replace_with(Element("s"), b)
        assert [c.local_name for c in body.children] == ["i", "s", "b", "u"]
        b.replace_with(b)
        assert [c.local_name for c in body.children] == ["i", "s", "b", "u"]

    def test_replace_with_nothing_removes(self):
        _, body = body_of("<i></i><b></b>")
        body.children[0].replace_with()
        assert html(body) == "<body><b></b></body>"

    def test_remove(self):
        _, body = body_of("<i></i><b></b>")
        i = body.children[0]
        i.remove()
        assert i.parent is None and html(body) == "<body><b></b></body>"
        i.remove()  # no parent: nothing happens

    def test_without_parent_nothing_happens(self):
        orphan = Element("p")
        orphan.before("x")
        orphan.after("x")
        orphan.replace_with("x")
        assert orphan.parent is None

    def test_moving_removes_from_old_parent(self):
        _, body = body_of("<div id=a><b>x</b></div><div id=b></div>")
        a, b = body.children
        bold = a.children[0]
        b.append(bold)
        assert a.children == [] and b.children == [bold] and bold.parent is b

    def test_moving_many_siblings(self):
        source = Element("div")
        source.append(*[Element("i") for _ in range(2000)])
        target = Element("div")
        target.append(*source.children)
        assert len(target.children) == 2000 and source.children == []
        check_links(target)

    def test_fragment_inserts_its_children(self):
        fragment = markup5.parse_fragment("<b>1</b>2<i>3</i>")
        div = Element("div")
        div.append_child(fragment)
        assert html(div) == "<div><b>1</b>2<i>3</i></div>"
        assert fragment.children == []
        check_links(div)

    def test_same_node_twice_ends_up_once(self):
        div = Element("div")
        a, b = Element("a"), Element("b")
        div.append(a, b, a)
        assert [c.local_name for c in div.children] == ["b", "a"]

    def test_wrong_argument_types(self):
        div = Element("div")
        with pytest.raises(TypeError, match="append.*int"):
            div.append(1)
        with pytest.raises(TypeError, match="before"):
            Element("p").before(None)
        with pytest.raises(TypeError):
            div.append_child("text")
        with pytest.raises(TypeError):
            div.insert_before(Element("a"), "ref")


# --------------------------------------------------------------------------
# appendChild / insertBefore / replaceChild / removeChild
# --------------------------------------------------------------------------

class TestChildMethods:
    def test_insert_before(self):
        div = Element("div")
        b = div.append_child(Element("b"))
        assert div.insert_before(Element("a"), b).local_name == "a"
        assert div.insert_before(Text("z"), None).data == "z"
        assert html(div) == "<div><a></a><b></b>z</div>"

    def test_insert_before_itself(self):
        div = Element("div")
        a, b = Element("a"), Element("b")
        div.append(a, b)
        div.insert_before(a, a)
        assert div.children == [a, b]

    def test_checks_come_before_the_reference_is_adjusted(self):
        # "Ensure pre-insertion validity" runs with the reference as given.
        div, orphan = Element("div"), Element("p")
        with pytest.raises(NotFoundError):
            div.insert_before(orphan, orphan)
        with pytest.raises(HierarchyRequestError):
            div.insert_before(div, None)
        assert div.children == [] and orphan.parent is None

    def test_reference_not_a_child(self):
        div = Element("div")
        with pytest.raises(NotFoundError):
            div.insert_before(Element("a"), Element("b"))
        with pytest.raises(NotFoundError):
            div.remove_child(Element("b"))
        with pytest.raises(NotFoundError):
            div.replace_child(Element("a"), Element("b"))
        assert isinstance(NotFoundError("x"), ValueError)

    @pytest.mark.parametrize("method, index, outcome", [
        # The nodes include the fragment the node is in, so converting them
        # into a node first moves all of its children into a new fragment.
        # before(): the reference is the viable previous sibling's next
        # sibling once moved, which is in the new fragment (not a child) or
        # none (the end).  after(), replace_with(): the viable next sibling,
        # moved too, or none.  (Chromium 150 inserts in before()'s two
        # refused cases; docs/editing.md.)
        ("before", 0, None), ("before", 1, NotFoundError), ("before", 2, NotFoundError),
        ("after", 0, NotFoundError), ("after", 1, NotFoundError), ("after", 2, None),
        ("replace_with", 0, NotFoundError), ("replace_with", 1, NotFoundError),
        ("replace_with", 2, None)])
    def test_reference_moved_by_the_conversion(self, method, index, outcome):
        fragment = markup5.parse_fragment("<a></a><b></b><c></c>")
        a, b, c = fragment.children
        node = fragment.children[index]
        if outcome is None:
            getattr(node, method)("s", fragment)
            assert [getattr(n, "data", None) or n.local_name for n in fragment.children] == [
                "s", "a", "b", "c"]
        else:
            with pytest.raises(outcome):
                getattr(node, method)("s", fragment)
            assert fragment.children == [a, b, c]  # refused: nothing moved
        check_links(fragment)

    def test_conversion_refuses_a_document_first(self):
        # Converting the nodes appends the document to a new fragment, which
        # throws before the reference (moved with the fragment's children)
        # is looked at.
        doc = markup5.parse("<p>x")
        fragment = markup5.parse_fragment("<i></i>")
        node = fragment.children[0]
        fragment.append(node, "s", node)
        with pytest.raises(HierarchyRequestError):
            node.before(doc, "s", fragment)
        assert [getattr(n, "data", None) or n.local_name for n in fragment.children] == ["s", "i"]

    def test_replace_child(self):
        div = Element("div")
        old = div.append_child(Element("old"))
        assert div.replace_child(Text("new"), old) is old
        assert html(div) == "<div>new</div>" and old.parent is None

    def test_remove_child_returns_it(self):
        div = Element("div")
        a = div.append_child(Element("a"))
        assert div.remove_child(a) is a and a.parent is None


# --------------------------------------------------------------------------
# HierarchyRequestError: the tree the DOM forbids, and nothing changes
# --------------------------------------------------------------------------

def _unchanged(doc, action, error=HierarchyRequestError):
    before = dump_tree(doc)
    with pytest.raises(error):
        action()
    assert dump_tree(doc) == before
    check_links(doc)


class TestHierarchyRequestError:
    def test_is_a_value_error_named_as_the_dom_names_it(self):
        assert issubclass(HierarchyRequestError, ValueError)
        assert issubclass(HierarchyRequestError, DOMError)
        assert HierarchyRequestError.name == "HierarchyRequestError"

    def test_node_into_its_own_descendant(self):
        doc, body = body_of("<div><p><b>x</b></p></div>")
        div = body.children[0]
        bold = div.children[0].children[0]
        _unchanged(doc, lambda: bold.append(div))
        _unchanged(doc, lambda: bold.append_child(div))
        _unchanged(doc, lambda: div.append(div))
        _unchanged(doc, lambda: bold.before(div))
        _unchanged(doc, lambda: bold.replace_with(div))
        _unchanged(doc, lambda: bold.parent.replace_child(div, bold))

    def test_ancestor_among_several_nodes_changes_nothing(self):
        # The DOM would first move the nodes into a fragment; markup5 checks
        # before moving anything.
        doc, body = body_of("<div><p><b>x</b></p></div><i></i>")
        div, italic = body.children
        bold = div.children[0].children[0]
        _unchanged(doc, lambda: bold.append(italic, div))
        _unchanged(doc, lambda: bold.after("t", div))

    def test_template_into_its_own_contents(self):
        doc = markup5.parse("<template><p>x</p></template>")
        template = doc.head.children[0]
        inner = template.template_contents.children[0]
        _unchanged(doc, lambda: inner.append(template))
        _unchanged(doc, lambda: template.template_contents.append(template))

    def test_second_document_element(self):
        doc = markup5.parse("<p>x")
        _unchanged(doc, lambda: doc.append(Element("html")))
        _unchanged(doc, lambda: doc.prepend(Element("html")))
        _unchanged(doc, lambda: doc.append_child(markup5.parse_fragment("<a></a>")))
        # Even the document element itself, as in the DOM.
        _unchanged(doc, lambda: doc.append(doc.document_element))

    def test_text_under_document(self):
        doc = markup5.parse("<p>x")
        _unchanged(doc, lambda: doc.append("text"))
        _unchanged(doc, lambda: doc.append(Comment("ok"), "text"))
        _unchanged(doc, lambda: doc.insert_before(Text("t"), doc.document_element))
        doc.append(Comment("comments are fine"))
        assert isinstance(doc.children[-1], Comment)

    def test_doctype_rules(self):
        doc = markup5.parse("<!DOCTYPE html><p>x")
        _unchanged(doc, lambda: doc.append(DocumentType("html")))      # a second one
        _unchanged(doc, lambda: doc.body.append(DocumentType("html")))  # not in a document
        _unchanged(doc, lambda: markup5.parse_fragment("").append(DocumentType("x")))
        bare = markup5.parse("<p>x")
        _unchanged(bare, lambda: bare.append(DocumentType("html")))     # after the element
        bare.prepend(DocumentType("html"))                              # before it: fine
        assert bare.doctype is bare.children[0]
        doctype_only = Document()
        doctype_only.append(DocumentType("html"))
        # An element before the doctype.
        _unchanged(doctype_only, lambda: doctype_only.prepend(Element("html")))
        doctype_only.append(Element("html"))
        assert doctype_only.document_element is doctype_only.children[1]

    def test_document_into_anything(self):
        doc, body = body_of("")
        _unchanged(doc, lambda: body.append(Document()))

    def test_replacing_the_document_element_is_allowed(self):
        doc = markup5.parse("<!DOCTYPE html><p>x")
        new = Element("html")
        doc.replace_child(new, doc.document_element)
        assert doc.document_element is new
        check_links(doc)
        _unchanged(doc, lambda: doc.replace_child(Element("x"), doc.doctype))

    def test_doctype_with_several_nodes(self):
        doc = Document()
        _unchanged(doc, lambda: doc.append(DocumentType("html"), Element("html")))


# --------------------------------------------------------------------------
# Attributes
# --------------------------------------------------------------------------

class TestAttributes:
    def test_set_get_has_remove(self):
        p = Element("p")
        p.set_attribute("title", "t")
        p.set_attribute("id", "x")
        p.set_attribute("title", "u")  # keeps its place
        assert p.get_attribute_names() == ["title", "id"]
        assert p.get_attribute("title") == "u" and p.has_attribute("id")
        p.remove_attribute("title")
        p.remove_attribute("nothing")
        assert p.attrs == {"id": "x"} and p.get_attribute("title") is None

    def test_html_names_lowercase_in_html_documents(self):
        doc, body = body_of("")
        body.set_attribute("DATA-X", "1")
        assert body.attrs == {"data-x": "1"}
        assert body.get_attribute("Data-X") == "1" and body.has_attribute("DATA-x")
        svg = Element("svg", namespace=SVG_NAMESPACE)
        body.append(svg)
        svg.set_attribute("viewBox", "0 0 1 1")
        assert svg.attrs == {"viewBox": "0 0 1 1"}

    def test_no_lowercasing_in_xml_documents(self):
        doc = markup5.parse_xml('<html xmlns="http://www.w3.org/1999/xhtml"/>')
        root = doc.document_element
        root.set_attribute("Mixed", "1")
        assert root.attrs["Mixed"] == "1" and root.get_attribute("mixed") is None

    def test_toggle_attribute(self):
        p = Element("p")
        assert p.toggle_attribute("hidden") is True and p.attrs == {"hidden": ""}
        assert p.toggle_attribute("hidden", True) is True
        assert p.toggle_attribute("hidden") is False and p.attrs == {}
        assert p.toggle_attribute("hidden", False) is False and p.attrs == {}

    def test_removing_forgets_the_namespace(self):
        svg = markup5.parse("<svg xlink:href=x>").body.children[0]
        assert svg.attr_namespace("xlink:href") == XLINK_NAMESPACE
        svg.remove_attribute("xlink:href")
        assert not svg.attr_namespaces

    def test_bad_names_and_values(self):
        p = Element("p")
        for bad in ("", "a b", "a/b", "a=b", "a>b", "a\x00"):
            with pytest.raises(InvalidCharacterError):
                p.set_attribute(bad, "v")
        p.set_attribute('odd"but<ok', "v")  # allowed by the DOM since 2025
        with pytest.raises(TypeError, match="value"):
            p.set_attribute("a", 1)
        with pytest.raises(TypeError, match="name"):
            p.set_attribute(1, "v")
        with pytest.raises(TypeError):
            p.toggle_attribute("a", force="yes")

    def test_namespaced_attributes(self):
        use = Element("use", namespace=SVG_NAMESPACE)
        use.set_attribute_ns(XLINK_NAMESPACE, "xlink:href", "#a")
        use.set_attribute_ns(XML_NAMESPACE, "xml:lang", "en")
        use.set_attribute_ns(XLINK_NAMESPACE, "other:href", "#b")  # same attribute
        assert use.attrs == {"xlink:href": "#b", "xml:lang": "en"}
        assert use.get_attribute_ns(XLINK_NAMESPACE, "href") == "#b"
        assert use.has_attribute_ns(XML_NAMESPACE, "lang")
        assert use.get_attribute_ns(None, "href") is None
        use.remove_attribute_ns(XML_NAMESPACE, "lang")
        assert use.attrs == {"xlink:href": "#b"}
        with pytest.raises(NamespaceError):
            use.set_attribute_ns(None, "p:x", "1")
        with pytest.raises(NamespaceError):
            use.set_attribute_ns("urn:x", "xml:x", "1")
        with pytest.raises(NamespaceError):
            use.set_attribute_ns("urn:x", "xmlns", "1")
        use.set_attribute_ns(XMLNS_NAMESPACE, "xmlns:q", "urn:q")
        assert use.attr_namespace("xmlns:q") == XMLNS_NAMESPACE

    def test_id_and_class_name(self):
        p = Element("p")
        assert p.id == "" and p.class_name == ""
        p.id = "main"
        p.class_name = "a b"
        assert p.attrs == {"id": "main", "class": "a b"}


class TestClassList:
    def test_reading_parses_an_ordered_set(self):
        p = Element("p", {"class": "  b\ta  b\n"})
        assert list(p.class_list) == ["b", "a"] and len(p.class_list) == 2
        assert p.class_list[1] == "a" and p.class_list.item(5) is None
        assert "a" in p.class_list and p.class_list.contains("b")
        assert p.class_list == ["b", "a"]

    def test_changes_write_back(self):
        p = Element("p", {"class": "a  a b"})
        p.class_list.add("c", "a")
        assert p.attrs["class"] == "a b c"
        p.class_list.remove("a", "zz")
        assert p.attrs["class"] == "b c"
        assert p.class_list.toggle("b") is False and p.attrs["class"] == "c"
        assert p.class_list.toggle("d") is True and p.attrs["class"] == "c d"
        assert p.class_list.toggle("d", True) is True
        assert p.class_list.replace("c", "e") is True and p.attrs["class"] == "e d"
        assert p.class_list.replace("x", "y") is False
        p.class_list.value = "v w"
        assert list(p.class_list) == ["v", "w"]

    def test_replace_with_existing_token(self):
        p = Element("p", {"class": "a b c"})
        p.class_list.replace("c", "a")
        assert p.attrs["class"] == "a b"

    def test_no_attribute_created_for_nothing(self):
        p = Element("p")
        p.class_list.remove("a")
        assert p.class_list.toggle("a", False) is False
        assert "class" not in p.attrs
        p.class_list.add("a")
        assert p.attrs == {"class": "a"}

    def test_bad_tokens(self):
        p = Element("p")
        with pytest.raises(DOMSyntaxError):
            p.class_list.add("")
        with pytest.raises(InvalidCharacterError):
            p.class_list.add("a b")
        with pytest.raises(TypeError):
            p.class_list.add(1)
        assert "class" not in p.attrs
        assert isinstance(p.class_list, DOMTokenList)


class TestLookupsStayCorrect:
    def test_get_element_by_id_after_edits(self):
        doc, body = body_of("<p id=a>1</p><p id=b>2</p>")
        a = doc.get_element_by_id("a")
        a.id = "c"
        assert doc.get_element_by_id("a") is None and doc.get_element_by_id("c") is a
        a.remove()
        assert doc.get_element_by_id("c") is None
        new = Element("div", {"id": "a"})
        body.prepend(new)
        assert doc.get_element_by_id("a") is new
        template = Element("template")
        body.append(template)
        template.template_contents.append(new)
        assert doc.get_element_by_id("a") is None

    def test_get_elements_by_class_name_after_edits(self):
        doc, body = body_of('<p class="x y">1</p><p class=y>2</p>')
        first, second = body.children
        assert doc.get_elements_by_class_name("y") == [first, second]
        assert doc.get_elements_by_class_name(" y  x ") == [first]
        second.class_list.add("x")
        assert doc.get_elements_by_class_name("x y") == [first, second]
        first.class_list.remove("x")
        assert doc.get_elements_by_class_name("x") == [second]
        assert doc.get_elements_by_class_name("   ") == []

    def test_class_names_in_quirks_mode(self):
        quirks = markup5.parse('<p class="Foo">')
        assert quirks.mode == "quirks"
        assert len(quirks.get_elements_by_class_name("foo")) == 1
        standard = markup5.parse('<!DOCTYPE html><p class="Foo">')
        assert standard.get_elements_by_class_name("foo") == []


# --------------------------------------------------------------------------
# clone
# --------------------------------------------------------------------------

class TestClone:
    def test_shallow_and_deep(self):
        doc, body = body_of('<div id=a class=b><p>x<!--c--></p></div>')
        div = body.children[0]
        shallow = div.clone()
        assert shallow.attrs == {"id": "a", "class": "b"} and shallow.children == []
        assert shallow.attrs is not div.attrs and shallow.parent is None
        deep = div.clone(deep=True)
        assert html(deep) == html(div)
        assert deep.children[0] is not div.children[0]
        check_links(deep)

    def test_template_contents_and_namespaces(self):
        doc = markup5.parse('<template><b>t</b></template><svg xlink:href=x><path/></svg>')
        template = doc.head.children[0]
        copy_ = template.clone(True)
        assert html(copy_) == "<template><b>t</b></template>"
        assert copy_.template_contents.host is copy_
        assert copy_.template_contents.children[0] is not template.template_contents.children[0]
        svg = doc.body.children[0].clone(True)
        assert svg.attr_namespace("xlink:href") == XLINK_NAMESPACE
        assert svg.attr_namespaces is not doc.body.children[0].attr_namespaces

    def test_every_node_type(self):
        doc = markup5.parse("<!DOCTYPE html><?pi data?><p>x")
        clone = doc.clone(deep=True)
        assert dump_tree(clone) == dump_tree(doc) and clone.mode == doc.mode
        for node in doc.iter():
            twin = node.clone()
            assert type(twin) is type(node) and twin.parent is None
        assert isinstance(DocumentFragment().clone(), DocumentFragment)
        assert ProcessingInstruction("a", "b").clone().target == "a"

    def test_copy_module(self):
        _, body = body_of("<p>x</p>")
        p = body.children[0]
        assert html(copy.deepcopy(p)) == "<p>x</p>" and copy.deepcopy(p).parent is None
        assert copy.copy(p).children == []

    def test_deep_tree(self):
        root = Element("div")
        node = root
        for _ in range(100_000):
            child = Element("div")
            node.children.append(child)
            child.parent = node
            node = child
        clone = root.clone(deep=True)
        depth = 0
        node = clone
        while node.children:
            node = node.children[0]
            depth += 1
        assert depth == 100_000
        with pytest.raises(TypeError):
            root.clone(deep="yes")

    def test_deep_tree_editing(self):
        root = Element("div")
        node = root
        for _ in range(100_000):
            child = Element("div")
            node.children.append(child)
            child.parent = node
            node = child
        assert root.contains(node)
        with pytest.raises(HierarchyRequestError):
            node.append(root)
        node.append("leaf")
        holder = Element("section")
        holder.append(root.children[0])
        assert root.children == [] and holder.contains(node)


# --------------------------------------------------------------------------
# inner_html, outer_html, text_content
# --------------------------------------------------------------------------

class TestMarkupProperties:
    def test_inner_html_round_trip(self):
        _, body = body_of("<div><b>x</b> &amp; y</div>")
        div = body.children[0]
        assert div.inner_html == "<b>x</b> &amp; y"
        div.inner_html = "<i>new</i><p>para"
        assert html(div) == "<div><i>new</i><p>para</p></div>"
        check_links(div)

    def test_inner_html_parses_in_the_element_as_context(self):
        doc = markup5.parse("<table><tr><td>x</td></tr></table>")
        tr = doc.get_elements_by_tag_name("tr")[0]
        tr.inner_html = "<td>1<td>2"
        assert html(tr) == "<tr><td>1</td><td>2</td></tr>"
        textarea = Element("textarea")
        textarea.inner_html = "<b>not a tag</b>"
        assert textarea.children[0].data == "<b>not a tag</b>"
        svg = markup5.parse("<svg></svg>").body.children[0]
        svg.inner_html = "<circle/><foreignObject><p>x</p></foreignObject>"
        assert svg.children[0].namespace == SVG_NAMESPACE
        assert svg.children[1].children[0].namespace == HTML_NAMESPACE

    def test_inner_html_of_a_template_sets_its_contents(self):
        template = Element("template")
        template.inner_html = "<p>x</p>"
        assert template.children == []
        assert html(template.template_contents) == "<p>x</p>"
        assert template.inner_html == "<p>x</p>"

    def test_inner_html_in_xml_documents(self):
        doc = markup5.parse_xml("<root><a>x</a></root>")
        root = doc.document_element
        assert root.inner_html == "<a>x</a>"
        with pytest.raises(NotImplementedError, match="XML fragment"):
            root.inner_html = "<b/>"

    def test_outer_html(self):
        doc, body = body_of("<div><p>a</p><p>b</p></div>")
        first = body.children[0].children[0]
        assert first.outer_html == "<p>a</p>"
        first.outer_html = "<h1>new</h1>text"
        assert html(body) == "<body><div><h1>new</h1>text<p>b</p></div></body>"
        assert first.parent is None

    def test_outer_html_in_a_fragment_parses_as_in_body(self):
        fragment = markup5.parse_fragment("<p>x</p>")
        fragment.children[0].outer_html = "<td>cell</td><i>y</i>"
        assert html(fragment) == "cell<i>y</i>"

    def test_outer_html_errors(self):
        doc = markup5.parse("")
        with pytest.raises(NoModificationAllowedError):
            doc.document_element.outer_html = "<html>"
        assert isinstance(NoModificationAllowedError("x"), ValueError)
        with pytest.raises(ValueError, match="without a parent"):
            Element("p").outer_html = "<b>"
        with pytest.raises(TypeError):
            doc.body.outer_html = 5
        with pytest.raises(TypeError):
            doc.body.inner_html = None

    def test_text_content_setter(self):
        _, body = body_of("<div><b>x</b>y</div>")
        div = body.children[0]
        div.text_content = "<plain> & text"
        assert html(div) == "<div>&lt;plain&gt; &amp; text</div>"
        div.text_content = ""
        assert div.children == []
        text = Text("a")
        text.text_content = "b"
        comment = Comment("c")
        comment.text_content = "d"
        assert text.data == "b" and comment.data == "d" and comment.text_content == "d"
        doc = markup5.parse("<p>x")
        doc.text_content = "ignored"  # no effect on a Document, as in the DOM
        assert doc.body.text_content == "x"
        with pytest.raises(TypeError):
            div.text_content = 3

    def test_normalize(self):
        div = Element("div")
        div.append("a", "", "b", Element("i"), "c")
        div.children[3].append("x", "y")
        div.normalize()
        assert [getattr(c, "data", c.local_name if isinstance(c, Element) else None)
                for c in div.children] == ["ab", "i", "c"]
        assert div.children[1].children[0].data == "xy"

    @pytest.mark.parametrize("method", ["append", "prepend", "replace_children", "before",
                                        "after", "replace_with"])
    def test_inserting_many_nodes_walks_up_once(self, method, monkeypatch):
        # "Ensure pre-insertion validity" step 2 for N nodes converted into
        # one: a walk up from the parent per node was nodes x depth.
        import markup5.dom as dom
        counted, walked = ancestor_counter()
        n = 300
        doc = markup5.parse("<div>" * n + "<p>")
        deepest = doc.select_one("p")
        items = []
        for _ in range(n):
            item = Element("b")
            item.append(Element("i"))
            items.append(item)
        monkeypatch.setattr(dom, "_host_including_ancestors", counted)
        getattr(deepest, method)(*items)
        assert walked[0] <= n + 10  # one walk of the depth (N walks: N x N)
        assert [item.parent for item in items] == [items[0].parent] * n
        # The check still refuses an ancestor among the nodes.
        outer = doc.select_one("div")
        with pytest.raises(HierarchyRequestError):
            getattr(items[-1], method)(Element("u"), outer)

    def test_normalize_joins_each_run_once(self, monkeypatch):
        # A run of N Text nodes is joined once: "+=" stored the run so far
        # for each node, N^2/2 characters in all (seconds at N = 80,000).
        slot = Text.__dict__["data"]
        stored = [0]

        def store(node, value):
            stored[0] += len(value)
            slot.__set__(node, value)

        div = Element("div")
        n = 2_000
        div.append(*["ab"] * n, Comment("c"), *["d"] * n, Element("i"), "", "e")
        monkeypatch.setattr(Text, "data", property(slot.__get__, store))
        div.normalize()
        assert [getattr(c, "data", None) for c in div.children] == [
            "ab" * n, "c", "d" * n, None, "e"]
        assert stored[0] == 3 * n  # each run's text, stored once


def _move_one_at_a_time(source, target, children):
    for child in children:
        target.append_child(child)


def _append_one_at_a_time(source, target, children):
    for child in children:
        target.append(child)


def _prepend_each(source, target, children):
    for child in children:
        target.prepend(child)


def _before_the_first(source, target, children):
    first = Element("u")
    target.append_child(first)
    for child in children:
        first.before(child)


def _replace_each(source, target, children):
    for child in children:
        child.replace_with(Element("q"))


def _unwrap_each(source, target, children):
    for child in children:
        child.append(Element("b"))
    for child in children:
        child.replace_with(*child.children)


@pytest.mark.parametrize("edit", [_move_one_at_a_time, _append_one_at_a_time, _prepend_each,
                                  _before_the_first, _replace_each, _unwrap_each])
def test_editing_children_one_at_a_time_reads_each_once(edit):
    # N single-node edits read O(1) siblings each: found where they were
    # last seen, not by a walk (detaching a node walked back from the end;
    # prepend() and before() copied the children without the moved nodes;
    # replace_with() searched for the reference child): N x N each.
    n = 2_000
    source, target = Element("div"), Element("div")
    source.children, target.children = CountedList(), CountedList()
    children = [Element("p") for _ in range(n)]
    source.append(*children)
    CountedList.read = 0
    edit(source, target, children)
    assert CountedList.read <= 30 * n, CountedList.read
    assert all(isinstance(parent.children, CountedList) for parent in (source, target))


def test_document_accessors():
    doc = markup5.parse("<title>  A\n  title </title><p>x")
    assert doc.head.local_name == "head" and doc.body.local_name == "body"
    assert doc.title == "A title"
    frames = markup5.parse("<frameset></frameset>")
    assert frames.body.local_name == "frameset"
    assert Document().body is None and Document().title == ""


@pytest.mark.parametrize("step, first", [
    ("next_sibling", 0), ("previous_sibling", -1),
    ("next_element_sibling", 0), ("previous_element_sibling", -1)])
def test_walking_siblings_searches_once(step, first, monkeypatch):
    # Each step knows where the node it came from is (the position handed
    # out with it): a search per step was N x N for a walk over N siblings.
    import markup5.dom as dom
    searched = [0]
    original = dom._index

    def counted(children, node):
        searched[0] += 1
        return original(children, node)

    n = 500
    _, body = body_of("<i></i>x" * n)
    monkeypatch.setattr(dom, "_index", counted)
    node = body.children[first]
    seen = []
    while node is not None:
        seen.append(node)
        node = getattr(node, step)
    expected = body.children if first == 0 else body.children[::-1]
    if "element" in step:
        expected = [c for c in expected if isinstance(c, Element) or c is expected[0]]
    assert seen == expected
    assert searched[0] <= 1


def test_sibling_positions_follow_changes():
    # A remembered position is used only while the node is still there.
    _, body = body_of("<i></i><b></b><u></u>")
    i, b, u = body.children
    assert i.next_sibling is b and b.next_sibling is u
    body.children.reverse()  # (changed behind the DOM's back)
    assert b.next_sibling is i and u.next_sibling is b and i.next_sibling is None
    b.remove()
    assert u.next_sibling is i and i.previous_sibling is u and b.next_sibling is None
    body.insert_before(b, u)
    assert b.next_sibling is u and u.previous_element_sibling is b


def test_positions_are_found_by_identity():
    # The search compares in C with list.index, which uses ==: a subclass
    # that makes two nodes equal must still get its own node's position.
    class Same(Element):
        def __eq__(self, other):
            return isinstance(other, Same)

        __hash__ = Element.__hash__

    div = Element("div")
    nodes = [Same("b") for _ in range(20)]
    div.append(*nodes)
    div.remove_child(nodes[5])  # (not handed out before: searched)
    assert len(div.children) == 19 and all(a is b for a, b in zip(div.children,
                                                                   nodes[:5] + nodes[6:]))
    assert nodes[6].previous_sibling is nodes[4] and nodes[5].parent is None
    for node in reversed(nodes[:5]):
        node.remove()
    assert len(div.children) == 14 and div.children[0] is nodes[6]


def test_navigation_helpers():
    _, body = body_of("a<i></i>b<b></b>c")
    i, b = body.element_children
    assert body.first_element_child is i and body.last_element_child is b
    assert i.next_element_sibling is b and b.previous_element_sibling is i
    assert b.next_element_sibling is None and i.previous_element_sibling is None
    assert i.get_root_node() is body.get_root_node()
    assert body.contains(i) and not i.contains(body) and not i.contains(None)


# --------------------------------------------------------------------------
# Property: any sequence of edits keeps a consistent tree; a refused edit
# changes nothing
# --------------------------------------------------------------------------

_OPS = ("append", "prepend", "before", "after", "replace_with", "remove",
        "append_child", "insert_before", "replace_child", "remove_child")


@settings(max_examples=150, deadline=None)
# Found by this test in CI: before() whose nodes include the fragment it is
# in, after an append left a Text node before it there (a StopIteration).
@example(operations=[("append", 23, 2, 2), ("before", 2, 0, 23)])
@given(st.lists(st.tuples(st.sampled_from(_OPS), st.integers(0, 40), st.integers(0, 40),
                          st.integers(0, 40)), max_size=25))
def test_random_edits_keep_the_tree_consistent(operations):
    doc = markup5.parse("<!DOCTYPE html><div><p>a<b>b</b></p><template><i>t</i></template>"
                        "</div><ul><li>1<li>2</ul><!--c-->")
    template = doc.get_elements_by_tag_name("template")[0]
    pool = [doc] + list(doc.iter()) + list(template.template_contents.iter()) + [
        Element("new"), Text("new"), Comment("new"), DocumentType("x"),
        markup5.parse_fragment("<s>1</s>2")]
    for name, i, j, k in operations:
        target, first, second = pool[i % len(pool)], pool[j % len(pool)], pool[k % len(pool)]
        method = getattr(target, name, None)
        if method is None:
            continue
        before = dump_tree(doc)
        try:
            if name in ("append", "prepend", "before", "after", "replace_with"):
                method(first, "s", second)
            elif name == "remove":
                method()
            elif name in ("append_child", "remove_child"):
                method(first)
            else:
                method(first, second)
        except (HierarchyRequestError, NotFoundError):
            assert dump_tree(doc) == before
        check_links(doc)
        elements = [c for c in doc.children if isinstance(c, Element)]
        doctypes = [c for c in doc.children if isinstance(c, DocumentType)]
        assert len(elements) <= 1 and len(doctypes) <= 1
        assert not any(isinstance(c, Text) for c in doc.children)
        if elements and doctypes:
            assert doc.children.index(doctypes[0]) < doc.children.index(elements[0])
