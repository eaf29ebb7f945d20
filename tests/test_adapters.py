"""Adapters (markup5.adapters): ElementTree, lxml and BeautifulSoup trees
equal to markup5's own, under the documented mapping."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import markup5
from html5lib_tree import load_cases
from markup5.adapters.etree import attribute_name, element_name
from markup5.dom import (
    HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE, XMLNS_NAMESPACE,
    Comment, Element, ProcessingInstruction, Text,
)


def fixture_documents():
    """Every tree-construction fixture parsed as a document."""
    for case in load_cases():
        if case.fragment_context is None and case.script != "on":
            yield case.data, markup5.parse(case.data)


def _deep(depth):
    root = Element("div")
    node = root
    for _ in range(depth):
        child = Element("div")
        node.children.append(child)
        child.parent = node
        node = child
    return root, node


# --------------------------------------------------------------------------
# Canonical forms: a flat list of events, built iteratively
# --------------------------------------------------------------------------

def markup5_events(root, *, names=lambda e: (e.namespace, e.local_name),
                   attrs=None, text=lambda s: s, comment=lambda s: s):
    """(kind, ...) events of a markup5 element subtree, template contents
    as children, namespace declarations left out, adjacent text merged."""
    events = []
    stack = [(False, root)]
    while stack:
        closing, node = stack.pop()
        if closing:
            events.append(("end",))
        elif isinstance(node, Element):
            namespaces = node.attr_namespaces or {}
            pairs = []
            for qualified, value in node.attrs.items():
                ns = namespaces.get(qualified)
                if ns == XMLNS_NAMESPACE:
                    continue
                local = qualified if ns is None else qualified.rpartition(":")[2]
                pairs.append((ns, local, value))
            if attrs is not None:
                pairs = attrs(node, pairs)
            events.append(("start", *names(node), tuple(sorted(pairs, key=repr))))
            stack.append((True, node))
            contents = node.template_contents
            children = node.children if contents is None else contents.children
            stack.extend((False, c) for c in reversed(children))
        elif isinstance(node, Text):
            data = text(node.data)
            if events and events[-1][0] == "text":
                events[-1] = ("text", events[-1][1] + data)
            else:
                events.append(("text", data))
        elif isinstance(node, Comment):
            events.append(("comment", comment(node.data)))
        elif isinstance(node, ProcessingInstruction):
            events.append(("pi", node.target, node.data))
    return events


def _split_name(name, html_default):
    if name.startswith("{"):
        uri, _, local = name[1:].partition("}")
        return uri, local
    return (HTML_NAMESPACE if html_default else None), name


def etree_events(root, html_default=True, pi_split=True):
    """The same events from an ElementTree / lxml element subtree."""
    events = []
    stack = [(False, root)]

    def add_text(data):
        if not data:
            return
        if events and events[-1][0] == "text":
            events[-1] = ("text", events[-1][1] + data)
        else:
            events.append(("text", data))

    while stack:
        closing, node = stack.pop()
        if closing:
            if node is not root or node.tag not in (ET.Comment, ET.ProcessingInstruction):
                events.append(("end",))
            continue
        tag = node.tag
        if tag is ET.Comment or getattr(node, "tag", None) is _lxml_comment():
            events.append(("comment", node.text or ""))
        elif tag is ET.ProcessingInstruction or tag is _lxml_pi():
            if hasattr(node, "target"):
                events.append(("pi", node.target, node.text or ""))
            else:
                target, _, data = (node.text or "").partition(" ")
                events.append(("pi", target, data))
        else:
            pairs = []
            for key, value in node.attrib.items():
                ns, local = _split_name(key, False)
                pairs.append((ns, local, value))
            events.append(("start", *_split_name(tag, html_default),
                           tuple(sorted(pairs, key=repr))))
            add_text(node.text)
            stack.append((True, node))
            for child in reversed(list(node)):
                stack.append((False, child))
            continue
        # A comment or PI: its tail follows it.
        if node is not root:
            pass
    return _with_tails(root, events, html_default)


def _lxml_comment():
    try:
        import lxml.etree
        return lxml.etree.Comment
    except ImportError:
        return None


def _lxml_pi():
    try:
        import lxml.etree
        return lxml.etree.ProcessingInstruction
    except ImportError:
        return None


def _with_tails(root, _events, html_default):
    """Events again, this time with each node's tail after it (a second,
    simpler walk that handles text and tails in order)."""
    events = []

    def add_text(data):
        if not data:
            return
        if events and events[-1][0] == "text":
            events[-1] = ("text", events[-1][1] + data)
        else:
            events.append(("text", data))

    stack = [("node", root)]
    while stack:
        kind, node = stack.pop()
        if kind == "tail":
            add_text(node.tail if node is not root else None)
            continue
        if kind == "end":
            events.append(("end",))
            continue
        tag = node.tag
        if tag is ET.Comment or tag is _lxml_comment():
            events.append(("comment", node.text or ""))
            stack.append(("tail", node))
        elif tag is ET.ProcessingInstruction or tag is _lxml_pi():
            if hasattr(node, "target"):
                events.append(("pi", node.target, node.text or ""))
            else:
                target, _, data = (node.text or "").partition(" ")
                events.append(("pi", target, data))
            stack.append(("tail", node))
        else:
            pairs = []
            for key, value in node.attrib.items():
                ns, local = _split_name(key, False)
                pairs.append((ns, local, value))
            events.append(("start", *_split_name(tag, html_default),
                           tuple(sorted(pairs, key=repr))))
            add_text(node.text)
            stack.append(("tail", node))
            stack.append(("end", node))
            for child in reversed(list(node)):
                stack.append(("node", child))
    return events


# --------------------------------------------------------------------------
# ElementTree
# --------------------------------------------------------------------------

class TestEtree:
    def test_mapping(self):
        doc = markup5.parse('<!DOCTYPE html><!--out--><p class=x>a<b>b</b>c<!--d-->e'
                            '<?pi data?><svg viewBox="0 0 1 1"><use xlink:href=#a /></svg>'
                            '<template><i>t</i></template>')
        root = markup5.to_etree(doc)
        assert root.tag == "html"
        p = root.find("./body/p")
        assert p.attrib == {"class": "x"} and p.text == "a"
        b = p.find("b")
        assert (b.text, b.tail) == ("b", "c")
        comment, pi = p[1], p[2]
        assert comment.tag is ET.Comment and (comment.text, comment.tail) == ("d", "e")
        assert pi.tag is ET.ProcessingInstruction and pi.text == "pi data"
        svg = p.find(f"{{{SVG_NAMESPACE}}}svg")
        assert svg.attrib == {"viewBox": "0 0 1 1"}
        use = svg[0]
        assert use.attrib == {f"{{{XLINK_NAMESPACE}}}href": "#a"}
        assert [e.tag for e in p.find("template")] == ["i"]

    def test_html_namespace_option(self):
        doc = markup5.parse("<p>x")
        root = markup5.to_etree(doc, html_namespace=True)
        assert root.tag == f"{{{HTML_NAMESPACE}}}html"
        assert root.find(f".//{{{HTML_NAMESPACE}}}p").text == "x"

    def test_names(self):
        math = Element("math", namespace=MATHML_NAMESPACE)
        assert element_name(math) == f"{{{MATHML_NAMESPACE}}}math"
        assert element_name(Element("x", namespace=None, prefix="p")) == "p:x"
        assert attribute_name("xmlns:xlink", XMLNS_NAMESPACE) is None
        assert attribute_name("a:b", None) == "a:b"

    def test_xml_documents(self):
        doc = markup5.parse_xml('<feed xmlns="http://www.w3.org/2005/Atom" xmlns:x="urn:x">'
                                '<x:entry x:id="1">t</x:entry></feed>')
        root = markup5.to_etree(doc)
        assert root.tag == "{http://www.w3.org/2005/Atom}feed"
        assert root[0].tag == "{urn:x}entry" and root[0].attrib == {"{urn:x}id": "1"}

    def test_every_fixture_tree_is_equal(self):
        count = 0
        for data, doc in fixture_documents():
            root = doc.document_element
            assert etree_events(markup5.to_etree(doc)) == markup5_events(root), data
            count += 1
        assert count > 1500

    def test_element_and_deep_tree(self):
        root, leaf = _deep(100_000)
        leaf.children.append(Text("leaf"))
        converted = markup5.to_etree(root)
        node = converted
        depth = 0
        while len(node):
            node = node[0]
            depth += 1
        assert depth == 100_000 and node.text == "leaf"

    def test_bad_arguments(self):
        with pytest.raises(TypeError):
            markup5.to_etree(markup5.parse_fragment("<p>"))
        with pytest.raises(TypeError):
            markup5.to_etree(markup5.parse("<p>"), html_namespace="yes")
        with pytest.raises(ValueError, match="no document element"):
            markup5.to_etree(markup5.Document())


# --------------------------------------------------------------------------
# lxml
# --------------------------------------------------------------------------

class TestLxml:
    @pytest.fixture(autouse=True)
    def _lxml(self):
        self.etree = pytest.importorskip("lxml.etree")
        self.html = pytest.importorskip("lxml.html")

    def test_mapping(self):
        doc = markup5.parse('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" '
                            '"http://www.w3.org/TR/html4/strict.dtd"><!--before-->'
                            '<p class=x>a<svg><use xlink:href=#a /></svg></p>')
        root = markup5.to_lxml(doc)
        assert isinstance(root, self.html.HtmlElement)
        assert root.xpath("string(//p)") == "a" and root.cssselect is not None
        tree = root.getroottree()
        assert tree.docinfo.public_id == "-//W3C//DTD HTML 4.01//EN"
        assert tree.docinfo.system_url == "http://www.w3.org/TR/html4/strict.dtd"
        assert root.getprevious().text == "before"
        svg = root.find(".//{http://www.w3.org/2000/svg}svg")
        assert svg.nsmap[None] == SVG_NAMESPACE
        assert self.etree.tostring(svg) == (
            b'<svg xmlns="http://www.w3.org/2000/svg"><use '
            b'xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#a"/></svg>')

    def test_doctype_without_ids(self):
        root = markup5.to_lxml(markup5.parse("<!DOCTYPE html><p>x"))
        assert root.getroottree().docinfo.doctype == "<!DOCTYPE html>"

    def test_html_namespace_option(self):
        root = markup5.to_lxml(markup5.parse("<!DOCTYPE html><p>x"), html_namespace=True)
        assert not isinstance(root, self.html.HtmlElement)
        assert root.tag == f"{{{HTML_NAMESPACE}}}html"
        assert self.etree.tostring(root.getroottree()).startswith(
            b'<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml">')

    def test_what_xml_cannot_hold_is_made_to_fit(self):
        doc = markup5.parse('<a:b c:d="\x01" e=f>x\x0cy<!--p--q---></a:b>')
        doc.get_elements_by_tag_name("a:b")[0].append(ProcessingInstruction("xml", "a?>b"))
        root = markup5.to_lxml(doc)
        element = root.find(".//aU00003Ab")
        assert element.attrib == {"cU00003Ad": "\ufffd", "e": "f"}
        assert element.text == "x\ufffdy"
        assert element[0].text == "p- -q- "
        assert (element[1].target, element[1].text) == ("U000078ml", "a? >b")

    def test_every_fixture_tree_is_equal(self):
        from markup5.adapters.lxml import _comment_text, _xml_text, xml_name

        def names(element):
            if element.namespace is None:
                return None, xml_name(element.name)
            return element.namespace, xml_name(element.local_name)

        def attrs(element, pairs):
            return [(ns, xml_name(local), _xml_text(value)) for ns, local, value in pairs]

        count = 0
        for data, doc in fixture_documents():
            root = doc.document_element
            expected = markup5_events(root, names=names, attrs=attrs, text=_xml_text,
                                      comment=_comment_text)
            expected = [("pi", xml_name(e[1]), e[2].replace("?>", "? >"))
                        if e[0] == "pi" else e for e in expected]
            assert etree_events(markup5.to_lxml(doc)) == expected, data
            count += 1
        assert count > 1500

    def test_deep_tree(self):
        # 20,000 levels: far past the recursion limit; lxml itself slows
        # down with the square of the depth (plain SubElement chains too).
        root, leaf = _deep(20_000)
        converted = markup5.to_lxml(root)
        assert sum(1 for _ in converted.iter()) == 20_001


# --------------------------------------------------------------------------
# BeautifulSoup
# --------------------------------------------------------------------------

def _bs4_events(soup):
    """Events from a BeautifulSoup tree (iterative)."""
    from bs4.element import Comment as SoupComment
    from bs4.element import Doctype, NavigableString, ProcessingInstruction as SoupPI
    from bs4.element import Tag
    events = []
    stack = [(False, child) for child in reversed(list(soup.contents))]
    while stack:
        closing, node = stack.pop()
        if closing:
            events.append(("end",))
        elif isinstance(node, Tag):
            pairs = []
            for key, value in node.attrs.items():
                if isinstance(value, list):
                    value = " ".join(value)
                pairs.append((getattr(key, "namespace", None),
                               getattr(key, "name", None) or str(key), value))
            name = node.name[len(node.prefix) + 1:] if node.prefix else node.name
            events.append(("start", node.namespace, name,
                           tuple(sorted(pairs, key=repr))))
            stack.append((True, node))
            stack.extend((False, c) for c in reversed(list(node.contents)))
        elif isinstance(node, Doctype):
            events.append(("doctype", str(node)))
        elif isinstance(node, SoupComment):
            events.append(("comment", str(node)))
        elif isinstance(node, SoupPI):
            target, _, data = str(node).partition(" ")
            events.append(("pi", target, data))
        elif isinstance(node, NavigableString):
            if events and events[-1][0] == "text":
                events[-1] = ("text", events[-1][1] + str(node))
            else:
                events.append(("text", str(node)))
    return events


class TestBeautifulSoup:
    @pytest.fixture(autouse=True)
    def _bs4(self):
        self.bs4 = pytest.importorskip("bs4")

    def soup(self, markup):
        return self.bs4.BeautifulSoup(markup, "markup5")

    def test_builder_is_used(self):
        soup = self.soup("<table><td>x</table>")
        assert type(soup.builder).__name__ == "Markup5TreeBuilder"
        # The browser's tree: the implied tbody and tr are there.
        assert str(soup.body) == "<body><table><tbody><tr><td>x</td></tr></tbody></table></body>"

    def test_conventions(self):
        soup = self.soup('<!DOCTYPE html><p class="a b" id=x>t<!--c--><?pi d?></p>'
                         "<svg><use xlink:href=#a /></svg><script>s()</script>"
                         "<template><i>t</i></template>")
        p = soup.p
        assert p["class"] == ["a", "b"] and p["id"] == "x"
        assert soup.svg.namespace == SVG_NAMESPACE
        (key,) = soup.find("use").attrs
        assert key == "xlink:href" and key.namespace == XLINK_NAMESPACE
        assert type(soup.script.string).__name__ == "Script"
        assert soup.template.i.string == "t"
        assert str(soup).startswith('<!DOCTYPE html>\n<html><head></head><body><p class="a b"')
        assert "<?pi d?>" in str(soup) and "<!--c-->" in str(soup)

    def test_strings_kept_exactly(self):
        soup = self.soup("<div>\n  <p>a</p>\n</div><!----><!-- -->")
        assert [str(s) for s in soup.div.contents if isinstance(s, str)] == ["\n  ", "\n"]
        assert [str(c) for c in soup.body.contents[1:]] == ["", " "]

    def test_other_features_unchanged(self):
        assert type(self.bs4.BeautifulSoup("<p>", "html.parser").builder).__name__ \
            == "HTMLParserTreeBuilder"

    def test_bytes_and_from_encoding(self):
        soup = self.bs4.BeautifulSoup("<p>caf\xe9</p>".encode("latin-1"), "markup5",
                                      from_encoding="latin-1")
        assert soup.p.string == "caf\xe9" and soup.original_encoding == "latin-1"
        # Without from_encoding, bytes are sniffed as a browser does: a
        # <meta charset> decides, and the default is windows-1252.
        meta = "<meta charset=utf-8><p>\u20ac</p>".encode()
        assert self.bs4.BeautifulSoup(meta, "markup5").p.string == "\u20ac"
        assert self.bs4.BeautifulSoup("<p>\u20ac</p>".encode("cp1252"), "markup5").p.string \
            == "\u20ac"

    # Fixtures that start with an XML declaration draw bs4's
    # XMLParsedAsHTMLWarning, as they would from its other builders.
    @pytest.mark.filterwarnings("ignore:It looks like you're using an HTML parser")
    def test_every_fixture_tree_is_equal(self):
        """Equal under BeautifulSoup's convention for multi-valued
        attributes (split, and here joined again)."""
        from markup5.adapters.bs4 import Markup5TreeBuilder
        multi = Markup5TreeBuilder.DEFAULT_CDATA_LIST_ATTRIBUTES
        count = 0
        for data, doc in fixture_documents():
            soup = self.bs4.BeautifulSoup(data, "markup5")
            expected = []
            for child in doc.children:
                if isinstance(child, Element):
                    expected.extend(_soup_view(child, multi))
                elif isinstance(child, Comment):
                    expected.append(("comment", child.data))
                elif isinstance(child, ProcessingInstruction):
                    expected.append(("pi", child.target, child.data))
                else:
                    from bs4.element import Doctype
                    expected.append(("doctype", str(Doctype.for_name_and_ids(
                        child.name, child.public_id or None, child.system_id or None))))
            assert _bs4_events(soup) == expected, data
            count += 1
        assert count > 1500

    def test_deep_tree(self):
        soup = self.soup("<div>" * 20_000 + "x")
        assert soup.find(string="x") is not None


def _soup_view(root, multi):
    """markup5 events as BeautifulSoup's conventions have them."""
    def attrs(element, pairs):
        out = []
        for ns, local, value in pairs:
            if ns is None and (local in multi.get("*", ()) or
                               local in multi.get(element.local_name, ())):
                value = " ".join(value.split())
            out.append((ns, local, value))
        return out

    return markup5_events(root, attrs=attrs)


# --------------------------------------------------------------------------
# Registration and imports
# --------------------------------------------------------------------------

def _python(code):
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_import_markup5_imports_neither_lxml_nor_bs4():
    assert _python("import sys, markup5; "
                   "print([m for m in ('bs4', 'lxml') if m in sys.modules])") == "[]"


def test_bs4_registration_after_markup5_import():
    pytest.importorskip("bs4")
    out = _python("import sys, markup5\n"
                  "from bs4 import BeautifulSoup\n"
                  "print(BeautifulSoup('<b>x', 'markup5').b.string)\n"
                  "print(any(type(f).__name__ == '_Bs4ImportHook' for f in sys.meta_path))")
    assert out.splitlines() == ["x", "False"]


def test_bs4_registration_survives_a_find_spec_lookup():
    pytest.importorskip("bs4")
    out = _python("import importlib.util, markup5\n"
                  "assert importlib.util.find_spec('bs4') is not None\n"
                  "from bs4 import BeautifulSoup\n"
                  "print(BeautifulSoup('<i>w', 'markup5').i.string)")
    assert out == "w"


def test_bs4_registration_when_bs4_came_first():
    pytest.importorskip("bs4")
    out = _python("from bs4 import BeautifulSoup\nimport markup5\n"
                  "print(BeautifulSoup('<p>y', 'markup5').p.string)")
    assert out == "y"


def test_bs4_builder_import_by_hand():
    pytest.importorskip("bs4")
    out = _python("import markup5.adapters.bs4\nfrom bs4 import BeautifulSoup\n"
                  "print(BeautifulSoup('<b>z', 'markup5').b.string)")
    assert out == "z"
