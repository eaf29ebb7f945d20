"""markup5 trees as lxml elements (``pip install 'markup5[lxml]'``).

:func:`to_lxml` maps names, attributes, text, template contents and
namespaces as :func:`markup5.adapters.etree.to_etree` does, with these
differences:

* With ``html_namespace=False`` (the default) the elements are
  ``lxml.html.HtmlElement`` objects, as ``lxml.html.document_fromstring``
  gives (``.text_content()``, ``.cssselect()``, ``.xpath()``, ...); with
  ``html_namespace=True`` plain ``lxml.etree`` elements named
  ``{http://www.w3.org/1999/xhtml}...``.
* An element whose namespace differs from its parent's declares it as the
  default namespace (``<svg xmlns="http://www.w3.org/2000/svg">``), and
  XLink attributes use the ``xlink`` prefix.
* A Document keeps what lies outside its document element: comments and
  processing instructions become siblings of the root, and the doctype is
  the tree's doctype (``root.getroottree().docinfo``) when its name is an
  XML name.
* lxml only holds well-formed XML, so what HTML allows and XML does not is
  made to fit: a name that is not an XML name has each offending character
  written as ``U`` and six hex digits (``a:b`` in no namespace becomes
  ``aU00003Ab``), characters XML does not allow in text or values become
  U+FFFD, a comment's ``--`` becomes ``- -`` (and a final ``-`` gets a
  space after it), a processing instruction's ``?>`` becomes ``? >``.
  A namespace URI that lxml refuses (libxml2 wants a URI reference:
  ``xmlns="urn:x y"``, ``xmlns="&#1;"`` parse as XML5 but are none) is
  percent-encoded until it fits (:func:`namespace_uri`: ``urn:x%20y``).

Iterative: any depth works, in time linear in the tree (see the comment
in :func:`to_lxml` on how the element proxies are let go of).
"""

from __future__ import annotations

import functools
import re
from typing import Any
from xml.sax.saxutils import quoteattr

try:
    import lxml.etree as etree  # type: ignore[import-untyped, unused-ignore]
    import lxml.html as lxml_html  # type: ignore[import-untyped, unused-ignore]
except ImportError as exc:  # pragma: no cover - exercised without lxml
    raise ImportError("markup5.to_lxml needs lxml: pip install 'markup5[lxml]'") from exc

from ..dom import (
    HTML_NAMESPACE, XLINK_NAMESPACE, XMLNS_NAMESPACE, Comment, Document,
    DocumentType, Element, Node, ProcessingInstruction, Text,
)
from .etree import _add_text  # (the same text rule, on lxml's elements)

__all__ = ["to_lxml", "xml_name", "namespace_uri"]

# XML 1.0 (fifth edition) NameStartChar and NameChar, without ":" (lxml
# wants local names to be NCNames).
_NAME_START = (
    "A-Z_a-z\xc0-\xd6\xd8-\xf6\xf8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd"
    "\U00010000-\U000effff")
_NAME_CHAR = _NAME_START + r"\-.0-9\xb7\u0300-\u036f\u203f-\u2040"
_BAD_NAME_START = re.compile(f"[^{_NAME_START}]")
_BAD_NAME_CHAR = re.compile(f"[^{_NAME_CHAR}]")
_VALID_NAME = re.compile(f"[{_NAME_START}][{_NAME_CHAR}]*\\Z")
# Characters XML 1.0 does not allow anywhere.
_NOT_XML_CHAR = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _escape_char(match: re.Match[str]) -> str:
    return f"U{ord(match.group()):06X}"


def xml_name(name: str) -> str:
    """``name`` made an XML NCName: each character that cannot stand where
    it is becomes ``U`` and six hex digits (an empty name becomes
    ``U000000``)."""
    if _VALID_NAME.match(name):
        return name
    if not name:
        return "U000000"
    first = _BAD_NAME_START.sub(_escape_char, name[0])
    return first + _BAD_NAME_CHAR.sub(_escape_char, name[1:])


# RFC 3986: the characters a URI holds as they are (unreserved, reserved,
# "%"); and of those, the ones that never give a URI structure
# (unreserved, sub-delims; with "%XX" they make a path segment that any
# URI reference may be).
_NOT_URI_CHAR = re.compile(r"[^A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]|%(?![0-9A-Fa-f]{2})")
_NOT_PLAIN_URI_CHAR = re.compile(r"[^A-Za-z0-9\-._~!$&'()*+,;=%]|%(?![0-9A-Fa-f]{2})")


def _percent_encode(match: re.Match[str]) -> str:
    return "".join(f"%{byte:02X}" for byte in match.group().encode("utf-8", "surrogatepass"))


def _lxml_takes(uri: str) -> bool:
    """Whether lxml takes ``uri`` as a namespace URI (it must be XML text,
    parse as a URI reference in libxml2, and hold no "}", which would end
    the ``{uri}name`` form early)."""
    if "}" in uri:
        return False
    try:
        etree.QName(f"{{{uri}}}a")
        etree.Element(f"{{{uri}}}a")
    except ValueError:
        return False
    return True


@functools.lru_cache(maxsize=1024)
def namespace_uri(uri: str) -> str:
    """``uri`` made a namespace URI that lxml takes: itself where lxml takes
    it; else with each character that a URI cannot hold (controls, spaces,
    non-ASCII, ``"<>{}|\\^```) and each ``%`` that starts no ``%XX``
    percent-encoded as UTF-8 (``urn:x y`` becomes ``urn:x%20y``); and if
    libxml2 still refuses the structure (``1:x``, ``a#b#c``,
    ``http://a:b/``), with ``:/?#[]@`` percent-encoded too, which leaves a
    plain relative reference.  Distinct URIs can become one."""
    if _lxml_takes(uri):
        return uri
    fitted = _NOT_URI_CHAR.sub(_percent_encode, uri)
    if _lxml_takes(fitted):
        return fitted
    return _NOT_PLAIN_URI_CHAR.sub(_percent_encode, fitted)


def _xml_text(data: str) -> str:
    return _NOT_XML_CHAR.sub("\ufffd", data) if data else data


def _comment_text(data: str) -> str:
    data = _xml_text(data)
    while "--" in data:
        data = data.replace("--", "- -")
    if data.endswith("-"):
        data += " "
    return data


def _tag(element: Element, html_namespace: bool) -> str:
    namespace = element.namespace
    if namespace is None:
        return xml_name(element.name)
    local = xml_name(element.local_name)
    if namespace == HTML_NAMESPACE and not html_namespace:
        return local
    return f"{{{namespace_uri(namespace)}}}{local}"


def _attributes(element: Element) -> dict[str, str]:
    namespaces = element.attr_namespaces or {}
    out: dict[str, str] = {}
    for qualified, value in element.attrs.items():
        namespace = namespaces.get(qualified)
        if namespace == XMLNS_NAMESPACE:
            continue  # lxml writes its own namespace declarations
        if namespace is None:
            key = xml_name(qualified)
        else:
            key = f"{{{namespace_uri(namespace)}}}{xml_name(qualified.rpartition(':')[2])}"
        out[key] = _xml_text(value)
    return out


def _nsmap(element: Element, parent_namespace: str | None,
           html_namespace: bool) -> dict[str | None, str] | None:
    namespace = element.namespace
    nsmap: dict[str | None, str] = {}
    if namespace is not None and namespace != parent_namespace and (
            namespace != HTML_NAMESPACE or html_namespace):
        nsmap[None] = namespace_uri(namespace)
    if element.attr_namespaces and XLINK_NAMESPACE in element.attr_namespaces.values():
        nsmap["xlink"] = XLINK_NAMESPACE
    return nsmap or None


def _children(element: Element) -> list[Node]:
    contents = element.template_contents
    return element.children if contents is None else contents.children


def _make_root(root: Element, doctype: DocumentType | None, html_namespace: bool) -> Any:
    tag = _tag(root, html_namespace)
    attrs = _attributes(root)
    nsmap = _nsmap(root, None, html_namespace)
    if doctype is not None and _VALID_NAME.match(doctype.name) \
            and '"' not in doctype.public_id and not (
                '"' in doctype.system_id and "'" in doctype.system_id):
        # lxml sets a doctype only from a parsed document: parse a stub with
        # the doctype, then make its root ours.
        ids = ""
        system_quote = "'" if '"' in doctype.system_id else '"'
        if doctype.public_id:
            ids = f' PUBLIC "{doctype.public_id}" {system_quote}{doctype.system_id}' \
                  f'{system_quote}'
        elif doctype.system_id:
            ids = f" SYSTEM {system_quote}{doctype.system_id}{system_quote}"
        parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
        if not html_namespace:
            parser.set_element_class_lookup(lxml_html.HtmlElementClassLookup())
        declarations = "".join(
            f" xmlns{'' if prefix is None else ':' + prefix}={quoteattr(uri)}"
            for prefix, uri in (nsmap or {}).items())
        try:
            stub = etree.fromstring(f"<!DOCTYPE {doctype.name}{ids}><stub{declarations}/>",
                                    parser)
        except etree.XMLSyntaxError:
            stub = None
        if stub is not None:
            stub.tag = tag
            for key, value in attrs.items():
                stub.set(key, value)
            return stub
    if html_namespace:
        return etree.Element(tag, attrs, nsmap=nsmap)
    return lxml_html.html_parser.makeelement(tag, attrs, nsmap=nsmap)


def to_lxml(node: Document | Element, *, html_namespace: bool = False) -> Any:
    """``node`` (a Document or an Element) as an lxml element with its
    subtree: ``lxml.html.HtmlElement`` objects, or with ``html_namespace``
    plain ``lxml.etree`` elements in the XHTML namespace.  For a Document
    the result is its document element, with the document's other nodes
    around it in ``root.getroottree()``.  See the module docstring."""
    if not isinstance(html_namespace, bool):
        raise TypeError(f"html_namespace must be a bool, not {type(html_namespace).__name__}")
    if isinstance(node, Document):
        root = node.document_element
        if root is None:
            raise ValueError("the document has no document element to convert")
        doctype = node.doctype
    elif isinstance(node, Element):
        root = node
        doctype = None
    else:
        raise TypeError(f"to_lxml() takes a Document or an Element, not {type(node).__name__}")
    top = _make_root(root, doctype, html_namespace)
    stack: list[tuple[Element, Any]] = [(root, top)]
    # Every element proxy made, kept alive to the end and then let go of
    # last-made first.  When lxml frees the proxy of a node, it walks up
    # the node's ancestors to the nearest one that still has a proxy; with
    # each parent's proxy freed while its child's lives on, that walk went
    # up to the root for every element: depth x elements on a deep tree.
    # Let go of in reverse creation (tree) order, each walk stops at once.
    made: list[Any] = []
    while stack:
        source, target = stack.pop()
        last: Any = None
        # The data of adjacent Text children, joined once per run (adding
        # each to the end of .text or .tail copied the run every time).
        run: list[str] = []
        for child in _children(source):
            if isinstance(child, Text):
                run.append(_xml_text(child.data))
                continue
            if not isinstance(child, (Element, Comment, ProcessingInstruction)):
                continue  # nothing else has a place in the tree
            if run:
                _add_text(target, last, run)
                run = []
            if isinstance(child, Element):
                last = etree.SubElement(target, _tag(child, html_namespace),
                                        _attributes(child),
                                        nsmap=_nsmap(child, source.namespace, html_namespace))
                made.append(last)
                stack.append((child, last))
            elif isinstance(child, Comment):
                last = etree.Comment(_comment_text(child.data))
                target.append(last)
            elif isinstance(child, ProcessingInstruction):
                last = _processing_instruction(child)
                if last is not None:
                    target.append(last)
        if run:
            _add_text(target, last, run)
    del source, target, last
    while made:
        made.pop()
    if isinstance(node, Document):
        children = node.children
        position = next(i for i, c in enumerate(children) if c is root)
        for before in reversed(children[:position]):
            item = _outside(before)
            if item is not None:
                top.addprevious(item)
        for after in reversed(children[position + 1:]):
            item = _outside(after)
            if item is not None:
                top.addnext(item)
    return top


def _processing_instruction(node: ProcessingInstruction) -> Any:
    target = xml_name(node.target)
    if target.lower() == "xml":
        target = "U000078" + target[1:]  # "xml" is reserved
    return etree.ProcessingInstruction(target, _xml_text(node.data).replace("?>", "? >"))


def _outside(node: Node) -> Any:
    """A node before or after the document element, as an lxml sibling."""
    if isinstance(node, Comment):
        return etree.Comment(_comment_text(node.data))
    if isinstance(node, ProcessingInstruction):
        return _processing_instruction(node)
    return None

