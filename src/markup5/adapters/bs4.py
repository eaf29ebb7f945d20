"""markup5 as a BeautifulSoup tree builder (``pip install 'markup5[bs4]'``).

Importing this module registers :class:`Markup5TreeBuilder` with bs4 under
the feature name ``"markup5"``, so that::

    from bs4 import BeautifulSoup
    soup = BeautifulSoup(html, "markup5")

parses ``html`` with markup5 (the browser's algorithm, as
``"html5lib"`` does, several times faster) and builds BeautifulSoup's tree.
``import markup5`` arranges for this registration by itself (see
:mod:`markup5.adapters`); the builder claims no other feature, so
``BeautifulSoup(html)`` and ``BeautifulSoup(html, "html.parser")`` pick
the parser they always did.

The tree follows BeautifulSoup's conventions as with its other builders:
``class`` and the other multi-valued attributes become lists, script,
style and template text become ``Script``, ``Stylesheet`` and
``TemplateString``.  Strings are kept exactly as markup5 has them (as
BeautifulSoup's html5lib builder does; its lxml and html.parser builders
reduce whitespace-only strings to one space or newline).  Elements keep their namespace (``tag.namespace``) and
namespaced attributes are ``NamespacedAttribute`` keys (``xlink:href``).
A ``template`` element's contents become its children (BeautifulSoup has
no template contents), and a processing instruction is an
``XMLProcessingInstruction`` (written ``<?target data?>``).  Bytes are
decoded with ``from_encoding`` if given, else as :func:`markup5.parse`
decodes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

# bs4 ships its own annotations; where it is not installed (the package is
# type-checked without its extras) its names are Any, hence the ignores,
# which are unused where it is.
try:
    from bs4.builder import (  # type: ignore[import-not-found, unused-ignore]
        HTMLTreeBuilder, builder_registry)
    from bs4.element import Comment as SoupComment  # type: ignore[import-not-found, unused-ignore]
    from bs4.element import Doctype as SoupDoctype  # type: ignore[import-not-found, unused-ignore]
    from bs4.element import (  # type: ignore[import-not-found, unused-ignore]
        NamespacedAttribute, NavigableString, XMLProcessingInstruction)
except ImportError as exc:  # pragma: no cover - exercised without bs4
    raise ImportError("the BeautifulSoup builder needs bs4: pip install 'markup5[bs4]'") \
        from exc

from ..dom import Comment, Document, DocumentType, Element, Node, ProcessingInstruction, Text
from ..html.parser import parse

__all__ = ["Markup5TreeBuilder", "FEATURE"]

#: The feature name to give BeautifulSoup: ``BeautifulSoup(html, "markup5")``.
FEATURE = "markup5"


class Markup5TreeBuilder(HTMLTreeBuilder):  # type: ignore[misc, unused-ignore]
    """A BeautifulSoup tree builder that parses with markup5."""

    NAME = FEATURE
    ALTERNATE_NAMES: list[str] = []
    features = [FEATURE]
    is_xml = False
    picklable = True

    def prepare_markup(self, markup: str | bytes, user_specified_encoding: str | None = None,
                       document_declared_encoding: str | None = None,
                       exclude_encodings: Iterable[str] | None = None,
                       ) -> Iterator[tuple[str | bytes, str | None, str | None, bool]]:
        """The ways to try: ``str`` as it is; bytes decoded with the
        encoding the user gave, else handed to markup5 as bytes."""
        if isinstance(markup, str):
            yield markup, None, None, False
            return
        if user_specified_encoding:
            yield (markup.decode(user_specified_encoding, "replace"), user_specified_encoding,
                   None, False)
            return
        yield markup, None, None, False

    def feed(self, markup: str | bytes) -> None:
        """Parse ``markup`` with :func:`markup5.parse` and build the soup."""
        document = parse(markup)
        self.build(document)

    def build(self, document: Document) -> None:
        """Build the soup from a markup5 document (iterative)."""
        soup = self.soup
        if soup is None:
            raise RuntimeError("the builder is not attached to a BeautifulSoup object")
        stack: list[tuple[bool, Node]] = [(False, child)
                                          for child in reversed(document.children)]
        while stack:
            closing, node = stack.pop()
            if closing:
                assert isinstance(node, Element)
                soup.handle_endtag(node.local_name, node.prefix)
            elif isinstance(node, Text):
                _string(soup, node.data, None)
            elif isinstance(node, Element):
                soup.handle_starttag(node.local_name, node.namespace, node.prefix,
                                     _attributes(node))
                stack.append((True, node))
                contents = node.template_contents
                children = node.children if contents is None else contents.children
                stack.extend((False, child) for child in reversed(children))
            elif isinstance(node, Comment):
                _string(soup, node.data, SoupComment)
            elif isinstance(node, ProcessingInstruction):
                _string(soup, f"{node.target} {node.data}", XMLProcessingInstruction)
            elif isinstance(node, DocumentType):
                _string(soup, SoupDoctype.for_name_and_ids(
                    node.name, node.public_id or None, node.system_id or None), None)

    def test_fragment_to_document(self, fragment: str) -> str:
        """What bs4's own test suites wrap a fragment in (as for html5lib)."""
        return f"<html><head></head><body>{fragment}</body></html>"


def _string(soup: Any, data: str, container: type | None) -> None:
    """Add a string to the soup as it is.  (``handle_data`` would reduce a
    whitespace-only string to one space or newline; html5lib's builder
    keeps strings exactly, and so does this one.)  ``container`` None
    means a text node: NavigableString, or Script, Stylesheet, ... as the
    enclosing tag wants."""
    if isinstance(data, NavigableString):
        string = data
    elif container is None:
        string = soup.string_container(NavigableString)(data)
    else:
        string = container(data)
    soup.object_was_parsed(string)


def _attributes(element: Element) -> dict[str, str]:
    namespaces = element.attr_namespaces
    if not namespaces:
        return dict(element.attrs)
    out: dict[str, str] = {}
    for qualified, value in element.attrs.items():
        namespace = namespaces.get(qualified)
        if namespace is None:
            out[qualified] = value
        else:
            prefix, _, local = qualified.rpartition(":")
            if not prefix:  # "xmlns"
                out[NamespacedAttribute(local, None, namespace)] = value
            else:
                out[NamespacedAttribute(prefix, local, namespace)] = value
    return out


builder_registry.register(Markup5TreeBuilder)
