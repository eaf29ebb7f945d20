"""markup5.serialize follows the DOM's fragment serializing algorithm: a node
of an XML document is written as XML, of an HTML document as HTML (issue 39,
defect 8: serialize() of a parse_xml tree wrote ``<br></br>``)."""

from __future__ import annotations

import pytest

import markup5
from markup5 import parse, parse_xml, serialize, serialize_children, serialize_xml
from markup5.dom import Element, Text


XML = '<a xmlns="urn:x" xmlns:p="urn:p"><br/><p:b p:c="1">x &amp; y</p:b><?pi d?><!--c--></a>'


def test_a_node_of_an_xml_document_is_written_as_xml():
    doc = parse_xml(XML)
    a = doc.document_element
    assert serialize(doc) == serialize_xml(doc)
    # Parsed back as XML, the output is the same tree (XML syntax: <br/>).
    assert markup5.dump_tree(parse_xml(serialize(doc))) == markup5.dump_tree(doc)
    assert "<br></br>" not in serialize(doc)
    for node in [a, *a.children]:
        assert serialize(node) == serialize_xml(node)
    assert serialize(a) == a.outer_html == a.serialize() == str(a) == a.to_html()
    assert serialize_children(a) == a.inner_html
    assert doc.serialize() == serialize_xml(doc)


def test_detached_and_html_nodes_are_written_as_html():
    doc = parse("<p>a<br>b</p>")
    assert serialize(doc) == "<html><head></head><body><p>a<br>b</p></body></html>"
    # A node in no document is taken as HTML: it has no XML document.
    element = Element("br")
    assert serialize(element) == "<br>"
    # Moved out of an XML document, a node is written as HTML.
    xml = parse_xml("<a><br/></a>")
    br = xml.document_element.children[0]
    assert serialize(br) == "<br/>"
    br.remove()
    # (It is in no namespace, so HTML writes it as an ordinary element.)
    assert serialize(br) == "<br></br>"


def test_an_xhtml_element_of_an_xml_document_is_xml():
    doc = parse_xml('<t xmlns="http://www.w3.org/1999/xhtml"><template><br/></template></t>')
    template = doc.document_element.children[0]
    assert serialize(template) == serialize_xml(template) == \
        '<template xmlns="http://www.w3.org/1999/xhtml"><br/></template>'


@pytest.mark.parametrize("options", [{"pretty": True}, {"scripting": True},
                                     {"quote_attr_values": "legacy"},
                                     {"omit_optional_tags": True}])
def test_html_options_are_refused_for_an_xml_node(options):
    doc = parse_xml(XML)
    with pytest.raises(ValueError, match="XML serialization"):
        serialize(doc, **options)
    with pytest.raises(ValueError, match="XML serialization"):
        serialize_children(doc.document_element, **options)
    # (An HTML node takes them.)
    serialize(parse("<p>x"), **options)


def test_text_of_an_xml_document():
    doc = parse_xml("<a>1 &lt; 2</a>")
    text = doc.document_element.children[0]
    assert isinstance(text, Text)
    assert serialize(text) == serialize_xml(text) == "1 &lt; 2"
