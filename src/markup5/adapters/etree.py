"""markup5 trees as ``xml.etree.ElementTree`` elements.

The mapping (:func:`to_etree`):

* Element names: an element in the HTML namespace gets its plain local name
  (``div``), as ``lxml.html`` and BeautifulSoup have it, unless
  ``html_namespace=True``, which gives ``{http://www.w3.org/1999/xhtml}div``
  (html5lib's etree default).  Elements in any other namespace get
  ``{uri}local`` (``{http://www.w3.org/2000/svg}svg``); an element in no
  namespace its qualified name.
* Attributes: in no namespace, the qualified name as it is; in a namespace,
  ``{uri}local`` (``{http://www.w3.org/1999/xlink}href``).  Namespace
  declarations (``xmlns``, ``xmlns:p``: attributes in the XMLNS namespace)
  are left out: ElementTree writes its own.  Prefixes are not kept
  (ElementTree has no place for them).
* Text goes to ``.text`` and ``.tail`` as ElementTree wants; comments
  become ``ElementTree.Comment`` and processing instructions
  ``ElementTree.ProcessingInstruction`` elements.
* A ``template`` element's contents become its children (ElementTree has
  no template contents).
* A Document gives its document element; what lies outside it (the
  doctype, comments and processing instructions before or after) cannot be
  held by ElementTree and is left out.

Names and text are copied as they are, even where they are not valid XML
(HTML allows ``<a:b>`` or control characters in text): ElementTree does
not check, so the tree is faithful, but ``ElementTree.tostring`` of such a
tree is not well-formed XML.  Iterative: any depth works.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from ..dom import (
    HTML_NAMESPACE, XMLNS_NAMESPACE, Comment, Document, Element, Node,
    ProcessingInstruction, Text,
)

__all__ = ["to_etree", "element_name", "attribute_name"]


def element_name(element: Element, html_namespace: bool = False) -> str:
    """The ElementTree tag of ``element`` (see the module docstring)."""
    namespace = element.namespace
    if namespace is None:
        return element.name
    if namespace == HTML_NAMESPACE and not html_namespace:
        return element.local_name
    return f"{{{namespace}}}{element.local_name}"


def attribute_name(qualified: str, namespace: str | None) -> str | None:
    """The ElementTree key of an attribute, or None for a namespace
    declaration (left out)."""
    if namespace is None:
        return qualified
    if namespace == XMLNS_NAMESPACE:
        return None
    return f"{{{namespace}}}{qualified.rpartition(':')[2]}"


def _attributes(element: Element) -> dict[str, str]:
    namespaces = element.attr_namespaces
    if not namespaces:
        return dict(element.attrs)
    out: dict[str, str] = {}
    for qualified, value in element.attrs.items():
        key = attribute_name(qualified, namespaces.get(qualified))
        if key is not None:
            out[key] = value
    return out


def _children(element: Element) -> list[Node]:
    contents = element.template_contents
    return element.children if contents is None else contents.children


def to_etree(node: Document | Element, *, html_namespace: bool = False) -> ET.Element:
    """``node`` (a Document or an Element) as an ``xml.etree.ElementTree``
    element, with its subtree.  See the module docstring for the mapping."""
    if not isinstance(html_namespace, bool):
        raise TypeError(f"html_namespace must be a bool, not {type(html_namespace).__name__}")
    if isinstance(node, Document):
        root = node.document_element
        if root is None:
            raise ValueError("the document has no document element to convert")
    elif isinstance(node, Element):
        root = node
    else:
        raise TypeError(f"to_etree() takes a Document or an Element, "
                        f"not {type(node).__name__}")
    top = ET.Element(element_name(root, html_namespace), _attributes(root))
    stack: list[tuple[Element, ET.Element]] = [(root, top)]
    while stack:
        source, target = stack.pop()
        last: ET.Element[Any] | None = None
        # The data of adjacent Text children, joined once per run (adding
        # each to the end of .text or .tail copied the run every time).
        run: list[str] = []
        for child in _children(source):
            if isinstance(child, Text):
                run.append(child.data)
                continue
            if not isinstance(child, (Element, Comment, ProcessingInstruction)):
                continue  # nothing else has a place in the tree
            if run:
                _add_text(target, last, run)
                run = []
            if isinstance(child, Element):
                last = ET.SubElement(target, element_name(child, html_namespace),
                                     _attributes(child))
                stack.append((child, last))
            elif isinstance(child, Comment):
                comment = ET.Comment(child.data)
                target.append(comment)
                last = comment
            elif isinstance(child, ProcessingInstruction):
                pi = ET.ProcessingInstruction(child.target, child.data)
                target.append(pi)
                last = pi
        if run:
            _add_text(target, last, run)
    return top


def _add_text(target: Any, last: Any, run: list[str]) -> None:
    """Add the joined ``run`` of text to ``target``'s text when no child
    precedes it (``last`` is None), to the tail of ``last`` otherwise (an
    ElementTree or an lxml element: to_lxml uses it too)."""
    data = "".join(run)
    if last is None:
        target.text = (target.text or "") + data
    else:
        last.tail = (last.tail or "") + data
