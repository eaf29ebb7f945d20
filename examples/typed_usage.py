"""A user's script, typed: markup5's public API as a program would use it.

``mypy --strict examples/typed_usage.py`` checks it against markup5's
annotations (the package ships ``py.typed``); tests/test_typed_usage.py runs
that check and runs the script.  The annotations on the variables below are
the types a user may rely on: if a public signature changed them, the check
fails.
"""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import markup5
from markup5 import encoding, microsyntax, selectors
from markup5.dom import Document, DocumentFragment, Element, Node, Text
from markup5.encoding import Encoding, SniffResult
from markup5.errors import ParseError
from markup5.microsyntax import Color, Dimension, GlobalDateTime
from markup5.tokens import Characters, StartTag, Token

PAGE = ('<!DOCTYPE html><meta charset="utf-8"><title>Menu</title>'
        '<ul id="menu"><li class="dish">Fish &amp chips<li>Peas</ul>'
        '<table bgcolor="chucknorris" width="50%"><td>£4</table>'
        '<time datetime="2026-11-21T10:00+01:00">Saturday</time>').encode()


def parse_and_report(data: bytes) -> Document:
    """Parse bytes as a browser would and print what the parser found."""
    doc: Document = markup5.parse(data, transport_encoding=None)
    name: str | None = doc.encoding
    print("encoding:", name, doc.encoding_confidence, "mode:", doc.mode)
    errors: list[ParseError] = doc.errors
    for error in errors:
        line: int = error.line
        col: int = error.col
        print(f"  {line}:{col}: {error.code}")
    return doc


def dishes(doc: Document) -> list[str]:
    """Select with CSS; an element's text is a str."""
    found: list[Element] = doc.select("li.dish")
    first: Element | None = doc.select_one("#menu > li")
    names = [li.text_content for li in found]
    if first is not None and first.matches("li:first-child"):
        names.append(first.get_text(" ", strip=True))
    compiled: selectors.Selector = selectors.compile("li")
    names.extend(li.text_content for li in compiled.select(doc))
    return names


def edit(doc: Document) -> str:
    """Edit with the DOM's methods; serialize the result."""
    menu = doc.get_element_by_id("menu")
    assert menu is not None
    item = Element("li", {"class": "dish"})
    item.append("Mushy peas")
    menu.append(item)
    menu.class_list.add("nav")
    menu.set_attribute("data-count", str(len(menu.element_children)))
    for old in menu.select("li:not(.dish)"):
        old.remove()
    fragment: DocumentFragment = markup5.parse_fragment("<li>Tea</li>", menu)
    menu.append(*fragment.children)
    html: str = markup5.serialize(menu, pretty=True)
    return html


def start_tags(text: str) -> Iterator[tuple[str, dict[str, str]]]:
    """Tokenize: narrow each token by its class."""
    stream = markup5.tokenize(text)
    token: Token
    for token in stream:
        if isinstance(token, StartTag):
            yield token.name, token.attrs
        elif isinstance(token, Characters):
            assert isinstance(token.data, str)
    assert all(isinstance(e, ParseError) for e in stream.errors)


def attribute_values(doc: Document) -> tuple[Color | None, Dimension | None, datetime.datetime]:
    """Read attribute values with the HTML microsyntaxes."""
    table = doc.select_one("table")
    time = doc.select_one("time")
    assert table is not None and time is not None
    color = microsyntax.parse_legacy_color(table.get("bgcolor") or "")
    width = microsyntax.parse_dimension(table.get("width") or "")
    moment: GlobalDateTime | None = microsyntax.parse_global_datetime(time.get("datetime") or "")
    assert moment is not None
    return color, width, moment.to_datetime()


def encodings(data: bytes) -> str:
    """Sniff and decode bytes as the WHATWG Encoding Standard says."""
    sniffed: SniffResult = markup5.sniff_encoding(data)
    found: Encoding | None = encoding.lookup(sniffed.encoding)
    assert found is not None
    text: str = encoding.decode(data[sniffed.bom:], found)
    parser = markup5.HTMLParser(default_encoding="windows-1252")
    for start in range(0, len(data), 100):
        parser.feed(data[start:start + 100])
    doc: Document = parser.close()
    assert doc.title == "Menu"
    return text


def xml_and_adapters(doc: Document) -> tuple[str, str]:
    """XML5 parsing and serialization; hand the HTML tree to ElementTree."""
    feed: Document = markup5.parse_xml('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</feed>')
    root = feed.document_element
    assert root is not None and root.namespace == "http://www.w3.org/2005/Atom"
    xml: str = markup5.serialize_xml(feed)
    tree: ET.Element = markup5.to_etree(doc)
    return xml, tree.tag


def text_nodes(node: Node) -> int:
    """Walk the tree (no recursion: iter() is a flat iterator)."""
    return sum(1 for child in node.iter() if isinstance(child, Text)) if isinstance(
        node, (Document, Element)) else 0


def main() -> None:
    doc = parse_and_report(PAGE)
    print(dishes(doc))
    print(edit(doc))
    print(list(start_tags("<p class=x>Hi<br>")))
    print(attribute_values(doc))
    print(len(encodings(PAGE)), "characters decoded")
    print(xml_and_adapters(doc))
    print(text_nodes(doc), "text nodes")


if __name__ == "__main__":
    main()
