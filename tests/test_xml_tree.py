"""The xml5lib-tests tree-construction suite, namespaces, serialization
round trips, robustness and deep nesting."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from markup5.dom import (XLINK_NAMESPACE, XML_NAMESPACE, XMLNS_NAMESPACE, Comment, Document,
                         DocumentType, Element, ProcessingInstruction, Text)
from markup5.xml import XmlParser, dump_xml_tree, parse_xml, serialize_xml
from markup5.xml.fast_path import build_with_expat
from xml5lib_fixtures import load_tokenizer_cases, load_tree_cases

TREE_CASES = load_tree_cases()
ATOM = "http://www.w3.org/2005/Atom"
XHTML = "http://www.w3.org/1999/xhtml"
SVG = "http://www.w3.org/2000/svg"


@pytest.mark.parametrize("case", TREE_CASES, ids=[c.id for c in TREE_CASES])
def test_xml5lib_tree(case):
    document = parse_xml(case.data)
    assert document.content_type == "application/xml"
    assert dump_xml_tree(document) == case.document


def _stable(text):
    """parse -> serialize -> parse gives the same tree, and serializing
    again gives the same text."""
    first = parse_xml(text)
    xml = serialize_xml(first)
    second = parse_xml(xml)
    assert dump_xml_tree(second) == dump_xml_tree(first), (text, xml)
    assert serialize_xml(second) == xml


@pytest.mark.parametrize("case", TREE_CASES, ids=[c.id for c in TREE_CASES])
def test_round_trip_tree_fixtures(case):
    _stable(case.data)


@pytest.mark.parametrize("text", [
    '\n<?xml version="1.0"?><doc/>',                        # after white space: a node
    '<?xml version="1.0"?><?xml version="1.0"?><doc/>',     # a second declaration
    ' <?xml version="1.0" encoding="UTF-8"?>\n<doc/>\n',
    '<!--c--><?xml version="1.0"?><doc/>',
])
def test_a_misplaced_xml_declaration_survives_the_round_trip(text):
    # The processing instruction "xml" is a node here; written first, it
    # would be read back as the XML declaration (issue 42: 8 files of the W3C
    # suite lost a node that way).
    document = parse_xml(text)
    assert any(getattr(n, "target", None) == "xml" for n in document.children)
    _stable(text)


def test_round_trip_tokenizer_fixture_inputs():
    for case in load_tokenizer_cases():
        _stable(case.input)


def test_older_layout_drops_xmlns_attributes():
    document = parse_xml('<a xmlns="u" xmlns:p="v"><p:b/></a>', keep_xmlns_attributes=False)
    assert dump_xml_tree(document) == "| <{u}a>\n|   <{v}p:b>"


# ----------------------------------------------------------------------
# Namespaces in real documents

ATOM_FEED = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"
      xml:lang="en">
  <title type="text">Example</title>
  <entry>
    <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">A <b>bold</b> title</div></title>
    <media:thumbnail url="http://example.org/t.png" media:width="75"/>
    <content type="html">&lt;p&gt;Hi &amp; bye&lt;/p&gt;</content>
  </entry>
</feed>
"""


def test_atom_feed_namespaces():
    document = parse_xml(ATOM_FEED)
    feed = document.document_element
    assert (feed.namespace, feed.prefix, feed.local_name) == (ATOM, None, "feed")
    assert feed.attr_namespace("xmlns") == XMLNS_NAMESPACE
    assert feed.attr_namespace("xmlns:media") == XMLNS_NAMESPACE
    assert feed.attr_namespace("xml:lang") == XML_NAMESPACE
    # The XML declaration is not a node (as in an XML 1.0 parser).
    assert document.children == [feed]
    by_name = {}
    for element in document.elements():
        by_name.setdefault(element.local_name, element)
    assert by_name["entry"].namespace == ATOM
    assert by_name["title"].namespace == ATOM
    assert by_name["div"].namespace == XHTML and by_name["div"].prefix is None
    assert by_name["b"].namespace == XHTML
    thumb = by_name["thumbnail"]
    assert (thumb.namespace, thumb.prefix) == ("http://search.yahoo.com/mrss/", "media")
    assert thumb.attr_namespace("url") is None
    assert thumb.attr_namespace("media:width") == "http://search.yahoo.com/mrss/"
    assert by_name["content"].text_content == "<p>Hi & bye</p>"
    assert document.errors == []
    _stable(ATOM_FEED)


SVG_DOC = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     viewBox="0 0 10 10"><defs><circle id="c" r="4"/></defs>
  <use xlink:href="#c" x="5" y="5"/></svg>"""


def test_svg_xlink():
    document = parse_xml(SVG_DOC.encode("utf-8"))
    use = [e for e in document.elements() if e.local_name == "use"][0]
    assert (use.namespace, use.prefix) == (SVG, None)
    assert use.attrs["xlink:href"] == "#c"
    assert use.attr_namespace("xlink:href") == XLINK_NAMESPACE
    assert use.attr_namespace("x") is None
    assert "|   <{http://www.w3.org/2000/svg}use>\n" \
           "|     {http://www.w3.org/1999/xlink}xlink:href=\"#c\"" in dump_xml_tree(document)
    _stable(SVG_DOC)


def test_serializer_adds_missing_declarations():
    document = Document(content_type="application/xml")
    root = Element("svg", {}, SVG, None)
    document.append_child(root)
    use = Element("use", {"xlink:href": "#c"}, SVG, None)
    use.set_attr_namespace("xlink:href", XLINK_NAMESPACE)
    root.append_child(use)
    child = Element("x", {}, "urn:p", "p")
    root.append_child(child)
    xml = serialize_xml(document)
    assert xml == ('<svg xmlns="http://www.w3.org/2000/svg">'
                   '<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#c"/>'
                   '<p:x xmlns:p="urn:p"/></svg>')
    again = parse_xml(xml)
    use2 = again.document_element.children[0]
    assert use2.namespace == SVG and use2.attr_namespace("xlink:href") == XLINK_NAMESPACE
    assert again.document_element.children[1].namespace == "urn:p"


def test_serializer_escapes_and_forms():
    document = parse_xml('<!DOCTYPE a PUBLIC "p" \'s"\'><a v="&quot;&#9;&#10;&#13;&lt;&amp;">'
                         '&lt;&amp;&gt;&#13;<b></b><?pi d?><?q?><!--c--></a>')
    assert serialize_xml(document) == (
        '<!DOCTYPE a PUBLIC "p" \'s"\'><a v="&quot;&#9;&#10;&#13;&lt;&amp;">'
        '&lt;&amp;&gt;&#13;<b/><?pi d?><?q?><!--c--></a>')


# ----------------------------------------------------------------------
# Bytes, chunks, robustness

def test_bytes_input():
    assert dump_xml_tree(parse_xml(b"\xef\xbb\xbf<a>\xc3\xa9\xff</a>")) == '| <a>\n|   "\u00e9\ufffd"'
    assert dump_xml_tree(parse_xml("<a>é</a>".encode("utf-16"))) == '| <a>\n|   "é"'


def test_incremental_parser_matches():
    text = ATOM_FEED + "<!--after-->"
    for size in (1, 3, 17):
        parser = XmlParser()
        for i in range(0, len(text), size):
            parser.feed(text[i:i + size])
        assert dump_xml_tree(parser.close()) == dump_xml_tree(parse_xml(text))


def test_tree_errors_are_reported():
    document = parse_xml("x<a><b></a><c/>")
    codes = [e.code for e in document.errors]
    assert codes == ["non-whitespace-text-outside-root", "mismatched-end-tag",
                     "content-after-root-element"]


NAMES = st.sampled_from(["a", "b", "p:a", "q:b", "xml:lang", "x:y:z", "c-d", "e.f"])
DECLS = st.sampled_from(['xmlns="u1"', 'xmlns:p="u2"', 'xmlns:q="u2"', 'xmlns:p=""',
                         'xmlns=""', 'xmlns:xml="bad"', 'xmlns:xmlns="u"'])
TEXT = st.text(alphabet=st.sampled_from(list("ab &<>;#x\"'\n\r\t]\x01\u00e9")), max_size=8)


@st.composite
def xmlish(draw):
    """Small documents built from tags, declarations, text, comments, PIs,
    CDATA, references and a few malformed pieces."""
    pieces = []
    for _ in range(draw(st.integers(0, 14))):
        kind = draw(st.integers(0, 9))
        if kind <= 2:
            name = draw(NAMES)
            attrs = " ".join(draw(st.one_of(DECLS, st.builds(
                lambda n, v: f'{n}="{v}"', NAMES, TEXT))) for _ in range(draw(st.integers(0, 3))))
            end = draw(st.sampled_from([">", "/>", ""]))
            pieces.append(f"<{name} {attrs}{end}" if attrs else f"<{name}{end}")
        elif kind == 3:
            pieces.append(f"</{draw(NAMES)}>" if draw(st.booleans()) else "</>")
        elif kind == 4:
            pieces.append(draw(TEXT))
        elif kind == 5:
            pieces.append(draw(st.sampled_from(
                ["<!--c-->", "<!--a--b-->", "<!-->", "<!x>", "<?pi data?>", "<?t a?b>",
                 "<![CDATA[x]]y]]>", "&amp;", "&#65;", "&#0;", "&not", "<!DOCTYPE d>",
                 "<!DOCTYPE d PUBLIC 'a\"' \"s\">", "<a x=1 x=2>", "<a :b c>"])))
        else:
            pieces.append(draw(st.text(max_size=6)))
    return "".join(pieces)


@settings(max_examples=250, deadline=None)
@given(xmlish())
def test_round_trip_generated(text):
    _stable(text)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_never_raises(data):
    document = parse_xml(data)
    dump_xml_tree(document)
    serialize_xml(document)


# ----------------------------------------------------------------------
# Deep nesting

def test_deep_nesting():
    depth = 100_000
    text = "<a>" * depth + "x" + "</a>" * depth
    document = parse_xml(text)
    # The dump's indentation makes its size quadratic in the depth (10**10
    # characters at 100,000 levels), so the dump is checked on a subtree
    # 20,000 levels deep: far past the recursion limit all the same.
    node = document.document_element
    for _ in range(depth - 20_000):
        node = node.children[0]
    dump = dump_xml_tree(node)
    assert dump.count("\n") == 20_000
    assert dump.endswith('"x"')
    xml = serialize_xml(document)
    assert xml == text
    again = parse_xml("<a>" * depth)
    assert serialize_xml(again) == "<a>" * (depth - 1) + "<a/>" + "</a>" * (depth - 1)
    del document, again
    gc.collect()


def test_dom_nodes_used():
    document = parse_xml('<!DOCTYPE d><?p x?><r>t<!--c--></r>')
    kinds = [type(n) for n in document.children]
    assert kinds == [DocumentType, ProcessingInstruction, Element]
    assert [type(n) for n in document.document_element.children] == [Text, Comment]


def test_declaring_tags_bind_by_their_values_each_time():
    """The tree builder remembers how a namespace-declaring tag binds (per
    scope, tag name, attribute names and declared URIs): the same tag with
    another URI, in this document or the next, binds to that URI; one with
    a namespace error is not remembered (the error is reported each time);
    and keep_xmlns_attributes=False drops the declarations on a repeat too."""
    text = ("<r><p:a xmlns:p='u1' p:x='1'/><p:a xmlns:p='u2' p:x='1'/>"
            "<p:a xmlns:p='u1' p:x='1'/><b xmlns='u3'/><b xmlns='u4'/></r>")
    for _ in range(2):
        a1, a2, a3, b1, b2 = parse_xml(text).document_element.children
        assert [a.namespace for a in (a1, a2, a3)] == ["u1", "u2", "u1"]
        assert a3.attr_namespaces["p:x"] == "u1" and a2.attr_namespaces["p:x"] == "u2"
        assert (b1.namespace, b2.namespace) == ("u3", "u4")
    for _ in range(2):
        document = parse_xml("<r><p:a xmlns:p=''/><p:a xmlns:p=''/></r>")
        codes = [e.code for e in document.errors]
        assert len(codes) == 2 * len(set(codes)) > 0, codes
    for _ in range(2):
        document = parse_xml(text, keep_xmlns_attributes=False)
        for a in document.document_element.children[:3]:
            assert list(a.attrs) == ["p:x"]


# ----------------------------------------------------------------------
# Namespace scopes: entered and left in place

def _nested_declarations(n: int) -> str:
    """N nested elements, each declaring a prefix of its own, then
    elements using the outermost and every prefix at the deepest point."""
    return ("<a>" + "".join(f'<b xmlns:p{i}="u{i}">' for i in range(n))
            + "<p0:c/>" * n + "".join(f"<p{i}:d/>" for i in range(n)))


def test_nested_declarations_stay_linear():
    # A copy of every binding in force for each declaring tag made this
    # quadratic in time and memory (120 KB of input took 1 GB).  Each
    # scope now holds its own declarations only, and the one dict of
    # bindings in force holds the N declared prefixes at the deepest point.
    n = 3000
    parser = XmlParser()
    text = _nested_declarations(n)
    parser.feed(text[:text.index("<p0:c/>")])
    builder = parser.builder
    assert sum(len(scope.declared) for scope in builder._scopes) == n
    assert len(builder._bindings) == n + 3  # (and None, xml, xmlns)
    parser.feed(text[text.index("<p0:c/>"):])
    document = parser.close()
    deepest = document.document_element
    while len(deepest.children) == 1:
        deepest = deepest.children[0]
    assert [e.namespace for e in deepest.children[:n]] == ["u0"] * n
    assert [e.namespace for e in deepest.children[n:]] == [f"u{i}" for i in range(n)]
    assert serialize_xml(parse_xml(serialize_xml(document))) == serialize_xml(document)
    # Well-formed, through expat (the fast path enters and leaves the same
    # scopes).
    closed = parse_xml(text + "</b>" * n + "</a>")
    deepest = closed.document_element
    while len(deepest.children) == 1:
        deepest = deepest.children[0]
    assert [e.namespace for e in deepest.children[n:]] == [f"u{i}" for i in range(n)]
    assert not closed.errors


@pytest.mark.parametrize(("inner", "b_namespace", "expat"), [
    ('xmlns:p=""', None, False),  # undeclared: not Namespaces in XML, so XML5's rules
    ('xmlns:p="u3"', "u3", True),  # well-formed: the expat fast path
])
def test_scopes_are_left_as_they_were_entered(inner, b_namespace, expat):
    text = ('<r xmlns="d0" xmlns:p="u1"><p:a xmlns:p="u2" xmlns="d1"><p:x/><y/>'
            f'<p:b {inner}><z/></p:b><p:w/></p:a><p:v/><u/><q xmlns=""><t/></q><s/></r>')
    assert (build_with_expat(text) is not None) is expat
    document = parse_xml(text)
    names = {e.local_name: (e.namespace, e.prefix) for e in document.iter()
             if isinstance(e, Element)}
    assert names["x"] == ("u2", "p") and names["y"] == ("d1", None)
    assert names["b"] == (b_namespace, "p") and names["z"] == ("d1", None)
    assert names["w"] == ("u2", "p")  # the scope of p:b left
    assert names["v"] == ("u1", "p") and names["u"] == ("d0", None)  # and of p:a
    assert names["t"] == (None, None) and names["s"] == ("d0", None)
    again = parse_xml(serialize_xml(document))
    assert dump_xml_tree(again) == dump_xml_tree(document)


def test_open_element_counts_do_not_keep_every_name():
    # The end-tag search counts the open elements per name; names of
    # closed elements leave no entry (a stream of distinct names stays flat).
    from markup5.xml import XmlParser
    parser = XmlParser()
    parser.feed("<r>" + "".join(f"<e{k}><f{k}/></e{k}>" for k in range(500)))
    parser.feed("<a><b>x</a>")
    assert len(parser.builder._open_counts) <= 3
    parser.feed("</r>")
    document = parser.close()
    assert len(document.document_element.children) == 501
