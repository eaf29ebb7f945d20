"""to_lxml makes every tree fit lxml (issue 39, defect 11): namespace URIs
that libxml2 refuses (``xmlns="urn:x y"``, ``xmlns="&#1;"``) raised lxml's
ValueError on trees parse_xml builds without complaint."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, strategies as st

lxml_etree = pytest.importorskip("lxml.etree")

import markup5  # noqa: E402
from markup5.adapters.lxml import namespace_uri  # noqa: E402


def _convert(tree):
    """to_lxml both ways, and lxml can write what it got."""
    for html_namespace in (False, True):
        root = markup5.to_lxml(tree, html_namespace=html_namespace)
        lxml_etree.tostring(root.getroottree())
    return root


def test_the_two_cases_of_the_issue():
    root = _convert(markup5.parse_xml('<a xmlns="urn:x y"/>'))
    assert root.tag == "{urn:x%20y}a"
    root = _convert(markup5.parse_xml('<a xmlns="&#1;"><b/></a>'))
    assert root.tag == "{%01}a" and root[0].tag == "{%01}b"


@pytest.mark.parametrize("uri", [
    "urn:x y", "\x01", "urn:é", "%", "%zz", "a%2", "http://a/b?c#d#e", "urn:[x]", "<>", '"',
    "\\", "^", "`", "{", "|", "}", "}a", "http://a:b/", "::", ":", "1:x", "a#b#c", "\ue000",
    "\U00010000", "x\ty", "http://a:99999999999/", "\ufffd", "%%",
])
def test_refused_namespace_uris_are_made_to_fit(uri):
    fitted = namespace_uri(uri)
    # lxml takes the fitted URI, as an element's, an attribute's and in a map.
    lxml_etree.Element(f"{{{fitted}}}a", {f"{{{fitted}}}b": "c"}, nsmap={None: fitted})
    # Percent-encoded, so the text of the URI is still there to read.
    assert fitted.isascii() and "}" not in fitted
    from urllib.parse import unquote
    assert unquote(fitted, errors="surrogatepass") == uri or "%" in uri
    # Inside a parsed tree, on elements and attributes.
    doc = markup5.parse_xml("<r xmlns:p='x'><p:e p:a='v'/></r>")
    e = doc.document_element.children[0]
    e.namespace = uri
    e.attr_namespaces = {"p:a": uri}
    root = _convert(doc)
    assert root[0].tag == f"{{{fitted}}}e" and root[0].get(f"{{{fitted}}}a") == "v"


def test_accepted_uris_are_kept():
    for uri in ("urn:x", "http://www.w3.org/2000/svg", "urn:x%20y", "", "#", "a?b?c",
                "http://[::1]/", "http:"):
        assert namespace_uri(uri) == uri


# A seeded generator of XML with odd namespace URIs, names and text: the
# characters that go wrong (controls, spaces, brackets, quotes, "%", "#",
# ":", non-ASCII, non-characters, references to them).
_ODD = ["\x01", "\x1f", " ", "\t", "%", "%2", "%zz", "#", ":", "::", "[", "]", "{", "}",
        "|", "\\", "^", "`", '"', "<", ">", "é", "\u00a0", "\ufffe", "\ue000", "\U00010000",
        "&#1;", "&#x7f;", "&#xFFFE;", "&#0;", "&amp;", "&lt;", "a", "b", "1", "-", ".", "urn:",
        "http://", "//", "?", "@", "/", "--", "?>", "xml"]


def _odd(rng, n=4):
    return "".join(rng.choice(_ODD) for _ in range(rng.randrange(n + 1)))


def _document(rng):
    parts = []
    depth = 0
    for _ in range(rng.randrange(1, 12)):
        kind = rng.randrange(8)
        if kind <= 2:
            attrs = []
            for _ in range(rng.randrange(3)):
                prefix = rng.choice(["xmlns", "xmlns:p", "xmlns:" + _odd(rng, 1), "p:a", "a",
                                     _odd(rng, 2), "xml:lang", "xlink:href"])
                attrs.append(f'{prefix}="{_odd(rng)}"')
            name = rng.choice(["a", "p:b", "svg", "html", _odd(rng, 2) or "c"])
            parts.append(f"<{name} {' '.join(attrs)}{'/' if kind == 2 else ''}>")
            depth += kind != 2
        elif kind == 3 and depth:
            parts.append("</>")
            depth -= 1
        elif kind == 4:
            parts.append(f"<!--{_odd(rng)}-->")
        elif kind == 5:
            parts.append(f"<?{_odd(rng, 2) or 'p'} {_odd(rng)}?>")
        else:
            parts.append(_odd(rng))
    return "".join(parts)


def test_to_lxml_never_raises_on_generated_xml_and_html():
    rng = random.Random(39)
    for _ in range(3000):
        text = _document(rng)
        for tree in (markup5.parse_xml(text), markup5.parse(text)):
            if tree.document_element is not None:
                _convert(tree)


@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=12))
@example("urn:x y")
@example("\x01")
@example("1:x")
@example("}")
def test_namespace_uri_always_fits(uri):
    fitted = namespace_uri(uri)
    lxml_etree.Element(f"{{{fitted}}}a", {f"{{{fitted}}}b": "c"}, nsmap={None: fitted,
                                                                            "p": fitted})
    assert namespace_uri(fitted) == fitted


@given(st.text(max_size=40))
def test_to_lxml_never_raises_on_any_parse_xml_tree(text):
    for tree in (markup5.parse_xml(text), markup5.parse(text)):
        if tree.document_element is not None:
            _convert(tree)
