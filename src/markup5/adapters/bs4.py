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
decodes them, and ``soup.original_encoding`` names the encoding used.

BeautifulSoup's own options work as with its other builders:
``parse_only=SoupStrainer(...)`` (the strainer decides, as BeautifulSoup
does for its builders, which top-level tags and strings are created), the
builder's ``attribute_dict_class``, ``attribute_value_list_class`` and
``multi_valued_attributes``, and the ``XMLParsedAsHTMLWarning`` for a
document that starts with an XML declaration and is not XHTML.
BeautifulSoup's tree-builder smoke tests (``HTML5TreeBuilderSmokeTest``)
run against this builder in tests/test_bs4_smoke.py.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator
from typing import Any

# bs4 ships its own annotations; where it is not installed (the package is
# type-checked without its extras) its names are Any, hence the ignores,
# which are unused where it is.
try:
    from bs4.builder import (  # type: ignore[import-not-found, unused-ignore]
        DetectsXMLParsedAsHTML, HTMLTreeBuilder, builder_registry)
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
    """A BeautifulSoup tree builder that parses with markup5.

    Takes the options of bs4's ``TreeBuilder`` (``multi_valued_attributes``,
    ``attribute_dict_class``, ``attribute_value_list_class``,
    ``string_containers`` ...) and honours ``BeautifulSoup(...,
    parse_only=SoupStrainer(...))``.
    """

    NAME = FEATURE
    ALTERNATE_NAMES: list[str] = []
    features = [FEATURE]
    is_xml = False
    picklable = True
    #: Tags get ``sourceline`` / ``sourcepos`` (the start tag's line, 1-based,
    #: and column, 0-based) from markup5's source locations, as bs4's
    #: html.parser builder gives them; ``BeautifulSoup(...,
    #: store_line_numbers=False)`` turns them off (and the parse does no work
    #: for them).
    TRACKS_LINE_NUMBERS = True

    def prepare_markup(self, markup: str | bytes, user_specified_encoding: str | None = None,
                       document_declared_encoding: str | None = None,
                       exclude_encodings: Iterable[str] | None = None,
                       ) -> Iterator[tuple[str | bytes, str | None, str | None, bool]]:
        """The ways to try: ``str`` as it is; bytes decoded with the
        encoding the user gave, else handed to markup5 as bytes (which
        :meth:`feed` then reports as ``soup.original_encoding``).

        Warns, as bs4's other builders do, when the markup looks like XML
        that is not XHTML (bs4's ``XMLParsedAsHTMLWarning``), and when
        ``exclude_encodings`` or ``document_declared_encoding`` is given:
        markup5 decodes bytes as a browser does and has no use for them.
        """
        # bs4's own check, the one its html5lib and lxml builders make: an
        # XML declaration at the very start and no <html tag in the first
        # 500 characters.  (stacklevel 3 points the warning at the caller of
        # BeautifulSoup(), as theirs do.)
        DetectsXMLParsedAsHTML.warn_if_markup_looks_like_xml(markup, stacklevel=3)
        for value, name in ((exclude_encodings, "exclude_encodings"),
                            (document_declared_encoding, "document_declared_encoding")):
            if value:
                warnings.warn(f"markup5's tree builder does not use {name}: bytes are decoded "
                              "as a browser decodes them (give from_encoding to override)",
                              stacklevel=3)
        if isinstance(markup, str):
            yield markup, None, None, False
            return
        if user_specified_encoding:
            yield (markup.decode(user_specified_encoding, "replace"), user_specified_encoding,
                   None, False)
            return
        yield markup, None, None, False

    def feed(self, markup: str | bytes) -> None:
        """Parse ``markup`` with :func:`markup5.parse` and build the soup.
        For bytes, ``soup.original_encoding`` becomes the encoding markup5
        decoded them with, lowercased as bs4's builders name encodings
        (``"utf-8"``, ``"windows-1252"``, ``"shift_jis"``)."""
        soup = self.soup
        if soup is None:
            raise RuntimeError("the builder is not attached to a BeautifulSoup object")
        document = parse(markup, source_locations=bool(self.store_line_numbers))
        if not isinstance(markup, str):
            soup.original_encoding = document.encoding.lower()
        self.build(document)

    def build(self, document: Document) -> None:
        """Build the soup from a markup5 document (iterative).

        With ``parse_only``, a node outside every match is left out as
        BeautifulSoup's own ``handle_starttag`` and ``endData`` leave it
        out for its other builders: while no tag is open in the soup, a
        tag its strainer rejects is not created (its children are still
        offered) and a string (text, comment, doctype, processing
        instruction) it rejects is not added."""
        soup = self.soup
        if soup is None:
            raise RuntimeError("the builder is not attached to a BeautifulSoup object")
        strainer = soup.parse_only
        # (bs4 4.13 added the option; before it, attributes were a dict.)
        attribute_dict_class = getattr(self, "attribute_dict_class", dict)
        # (closing, node): closing entries are pushed only for tags the
        # soup created, so that a rejected tag is never "closed".
        stack: list[tuple[bool, Node]] = [(False, child)
                                          for child in reversed(document.children)]
        while stack:
            closing, node = stack.pop()
            if closing:
                assert isinstance(node, Element)
                soup.handle_endtag(node.local_name, node.prefix)
            elif isinstance(node, Text):
                # (Script, Stylesheet ... inside those elements.)
                _add_string(soup, strainer, soup.string_container(NavigableString)(node.data))
            elif isinstance(node, Element):
                # sourceline / sourcepos as bs4's html.parser builder gives
                # them: the start tag's line (1-based) and column (0-based;
                # markup5's columns count UTF-16 code units).  None for an
                # element no start tag made (an implied <body>, a
                # reconstructed <b>).
                location = node.start_tag_location
                if location is None:
                    sourceline = sourcepos = None
                else:
                    sourceline, sourcepos = location.line, location.col - 1
                tag = soup.handle_starttag(node.local_name, node.namespace, node.prefix,
                                           _attributes(node, attribute_dict_class),
                                           sourceline=sourceline, sourcepos=sourcepos)
                if tag is not None:
                    stack.append((True, node))
                contents = node.template_contents
                children = node.children if contents is None else contents.children
                stack.extend((False, child) for child in reversed(children))
            # string_container(): the class, or the one the soup's
            # element_classes puts in its place, as bs4's endData uses.
            elif isinstance(node, Comment):
                _add_string(soup, strainer, soup.string_container(SoupComment)(node.data))
            elif isinstance(node, ProcessingInstruction):
                _add_string(soup, strainer, soup.string_container(XMLProcessingInstruction)(
                    f"{node.target} {node.data}"))
            elif isinstance(node, DocumentType):
                _add_string(soup, strainer, soup.string_container(SoupDoctype)(
                    str(SoupDoctype.for_name_and_ids(
                        node.name, node.public_id or None, node.system_id or None))))

    def test_fragment_to_document(self, fragment: str) -> str:
        """What bs4's own test suites wrap a fragment in (as for html5lib)."""
        return f"<html><head></head><body>{fragment}</body></html>"


def _add_string(soup: Any, strainer: Any, string: Any) -> None:
    """Add a string to the soup as it is.  (``handle_data`` would reduce a
    whitespace-only string to one space or newline; html5lib's builder
    keeps strings exactly, and so does this one.)  Outside every open tag,
    the ``parse_only`` strainer decides first, as in bs4's ``endData``."""
    if strainer is not None and len(soup.tagStack) <= 1 \
            and not _strainer_allows_string(strainer, str(string)):
        return
    soup.object_was_parsed(string)


def _strainer_allows_string(strainer: Any, data: str) -> bool:
    """Would ``strainer`` let BeautifulSoup create a string from ``data``?"""
    allow = getattr(strainer, "allow_string_creation", None)
    if allow is not None:  # bs4 4.13 and later
        return bool(allow(data))
    # bs4 4.12: the test its endData makes.
    return bool(strainer.text) and bool(strainer.search(data))


def _attributes(element: Element, dict_class: type) -> Any:
    """The element's attributes in a new ``dict_class`` (the builder's
    ``attribute_dict_class``), set one at a time as bs4's builders set
    them, so that a class overriding ``__setitem__`` sees each."""
    out = dict_class()
    namespaces = element.attr_namespaces
    for qualified, value in element.attrs.items():
        namespace = namespaces.get(qualified) if namespaces else None
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
