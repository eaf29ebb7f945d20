"""Making nodes by hand: the constructors and Document.create_* validate as
the DOM Standard does, copy what they are given, and lowercase HTML names
as ``document.createElement`` does in an HTML document (issue 39, defects 2
and 3)."""

from __future__ import annotations

import pytest

import markup5
from markup5.dom import (HTML_NAMESPACE, SVG_NAMESPACE, Document, Element, InvalidCharacterError,
                         NamespaceError, Text)


def test_elements_built_from_one_dict_do_not_share_attributes():
    attrs = {"href": "/a"}
    first = Element("a", attrs)
    second = Element("a", attrs)
    first.set_attribute("href", "/changed")
    assert second.get_attribute("href") == "/a"
    assert attrs == {"href": "/a"}


def test_uppercase_html_element_is_found_and_serialized_lowercase():
    doc = markup5.parse("<body>")
    body = doc.body
    assert body is not None
    body.append(Element("DIV", {"CLASS": "x"}))
    assert [e.local_name for e in doc.select("div")] == ["div"]
    assert len(doc.get_elements_by_tag_name("div")) == 1
    assert len(doc.get_elements_by_tag_name("DIV")) == 1
    assert body.inner_html == '<div class="x"></div>'


def test_create_element_lowercases_in_html_documents_only():
    html_doc = markup5.parse("")
    element = html_doc.create_element("SPAN")
    assert (element.local_name, element.namespace) == ("span", HTML_NAMESPACE)
    xml_doc = markup5.parse_xml("<r/>")
    kept = xml_doc.create_element("SPAN")
    assert (kept.local_name, kept.namespace) == ("SPAN", None)


def test_create_element_ns_keeps_case_and_splits_the_prefix():
    doc = markup5.parse("")
    element = doc.create_element_ns(SVG_NAMESPACE, "svg:foreignObject")
    assert (element.prefix, element.local_name, element.namespace) == \
        ("svg", "foreignObject", SVG_NAMESPACE)
    assert doc.create_element_ns(HTML_NAMESPACE, "DIV").local_name == "DIV"
    with pytest.raises(NamespaceError):
        doc.create_element_ns(None, "p:x")
    with pytest.raises(NamespaceError):
        doc.create_element_ns(SVG_NAMESPACE, "xmlns:x")
    with pytest.raises(InvalidCharacterError):
        doc.create_element_ns(SVG_NAMESPACE, "a:")


def test_create_text_node_and_comment():
    doc = Document()
    text = doc.create_text_node("a<b")
    comment = doc.create_comment("c")
    assert (type(text).__name__, text.data) == ("Text", "a<b")
    assert (type(comment).__name__, comment.data) == ("Comment", "c")
    with pytest.raises(TypeError):
        doc.create_text_node(1)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["bad name", "", "a>b", "a/b", "1a", "-a", "a\x00", " a"])
def test_invalid_element_names_raise_invalid_character_error(name):
    with pytest.raises(InvalidCharacterError):
        Element(name)
    with pytest.raises(InvalidCharacterError):
        Document().create_element(name)
    assert issubclass(InvalidCharacterError, ValueError)
    assert markup5.InvalidCharacterError is InvalidCharacterError


@pytest.mark.parametrize("name", ["a", "my-element", "a:b", "_x", ":x", "\u00e9t\u00e9", "a\u00b7b",
                                  "x<y", "a\"b"])
def test_valid_element_names_are_accepted(name):
    assert Element(name, namespace=SVG_NAMESPACE).local_name == name


@pytest.mark.parametrize("attrs", [{"a b": "x"}, {"": "x"}, {"a=b": "x"}, {"a>": "x"}])
def test_invalid_attribute_names_raise(attrs):
    with pytest.raises(InvalidCharacterError):
        Element("a", attrs)


@pytest.mark.parametrize("value", [1, None, b"x", ["x"]])
def test_attribute_values_must_be_str_at_construction_and_set(value):
    with pytest.raises(TypeError, match="href"):
        Element("a", {"href": value})
    element = Element("a")
    with pytest.raises(TypeError):
        element.set_attribute("href", value)


def test_prefix_must_be_valid():
    with pytest.raises(InvalidCharacterError):
        Element("x", prefix="a b", namespace=SVG_NAMESPACE)


def test_text_and_comment_take_str():
    with pytest.raises(TypeError):
        Text(1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        markup5.Comment(None)  # type: ignore[arg-type]


def test_parsed_names_the_constructor_rejects_still_clone():
    # The parsers make names the DOM's constructors reject; cloning and
    # selectedcontent copies keep them.
    doc = markup5.parse_xml("<r><1a/></r>")
    assert [e.name for e in doc.clone(True).elements()] == ["r", "1a"]
    html = markup5.parse("<template =x></template><a =y>")
    copy = html.clone(True)
    assert [e.attrs for e in copy.elements() if e.local_name in ("template", "a")] == \
        [{"=x": ""}, {"=y": ""}]


def test_svg_attribute_names_keep_case():
    element = Element("svg", {"viewBox": "0 0 1 1"}, SVG_NAMESPACE)
    assert element.attrs == {"viewBox": "0 0 1 1"}


def test_get_elements_by_tag_name_lowercases_only_in_html_documents():
    # As selectors do: "HTML element in an HTML document".
    xml = markup5.parse_xml('<r xmlns="http://www.w3.org/1999/xhtml"><DIV/><div/></r>')
    assert [e.local_name for e in xml.get_elements_by_tag_name("DIV")] == ["DIV"]
    assert [e.local_name for e in xml.select("DIV")] == ["DIV"]
    html = markup5.parse("<div></div><svg><foreignObject/></svg>")
    assert len(html.get_elements_by_tag_name("DIV")) == 1
    assert len(html.get_elements_by_tag_name("foreignObject")) == 1
    assert html.get_elements_by_tag_name("foreignobject") == []
