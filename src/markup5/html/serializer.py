"""HTML serialization: the HTML Standard's "serializing HTML fragments".

Two entry points:

* :func:`serialize_children` is the standard's HTML fragment serialization
  algorithm (what ``innerHTML`` returns): the node's children, or for a
  ``template`` element the children of its template contents.
* :func:`serialize` is the node itself (what ``outerHTML`` returns for an
  element): a Document or DocumentFragment gives its children, an element
  gives its start tag, children and end tag, and any other node its own
  serialization.

Choices, following the current text of the standard
(html.spec.whatwg.org, "Serializing HTML fragments"):

* Attribute values are escaped in *attribute mode*: ``&``, U+00A0, ``"``,
  and -- since whatwg/html PR #6362 (2025; shipped in Firefox 140, Chrome
  138, Safari) -- also ``<`` and ``>``.  Text is escaped with ``&``, U+00A0,
  ``<`` and ``>``.
* No leading newline is added after ``pre``, ``textarea`` or ``listing``
  start tags: the standard dropped that step (WPT
  ``initial-linefeed-pre.html`` checks its absence).
* A processing instruction serializes as ``"<?" target " " data "?>"``,
  always with the space, so an empty data gives ``<?target ?>``
  (whatwg/html PR #12654, 2026, which replaced the earlier closing ``>``
  so that data ending in ``?`` survives a round trip).
* The DOCTYPE serializes as ``<!DOCTYPE name>``; public and system
  identifiers are not serialized.
* Only the attributes' namespaces listed by the standard (none, XML, XMLNS,
  XLink) get the standard's special names; an attribute in another
  namespace serializes as its qualified name, as does an element outside
  the HTML, SVG and MathML namespaces.
* "a style element" and the like in the standard mean HTML elements, so the
  raw-text rule for text children applies to HTML-namespace parents only
  (the text of an SVG ``<style>`` is escaped).

Nothing recurses: an explicit stack handles any nesting depth.
"""

from __future__ import annotations

from ..dom import (
    HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE,
    XMLNS_NAMESPACE, Comment, DocumentType, Element, Node, ParentNode,
    ProcessingInstruction, Text,
)

__all__ = ["serialize", "serialize_children", "to_html", "escape_text", "escape_attribute",
           "VOID_ELEMENTS", "RAW_TEXT_PARENTS"]

#: Elements that "serialize as void": the void elements plus basefont,
#: bgsound, frame, keygen and param.  No end tag, no children.
VOID_ELEMENTS = frozenset({
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img",
    "input", "keygen", "link", "meta", "param", "source", "track", "wbr",
})

#: HTML elements whose text children are serialized without escaping
#: (plus ``noscript`` when scripting is enabled).
RAW_TEXT_PARENTS = frozenset({
    "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext",
})

_RAW_TEXT_PARENTS_SCRIPTING = RAW_TEXT_PARENTS | {"noscript"}

_PLAIN_TAG_NAMESPACES = frozenset({HTML_NAMESPACE, SVG_NAMESPACE, MATHML_NAMESPACE})


def escape_text(data: str) -> str:
    """Escape ``data`` as the standard escapes text (not attribute mode)."""
    if "&" in data:
        data = data.replace("&", "&amp;")
    if "\xa0" in data:
        data = data.replace("\xa0", "&nbsp;")
    if "<" in data:
        data = data.replace("<", "&lt;")
    if ">" in data:
        data = data.replace(">", "&gt;")
    return data


def escape_attribute(value: str) -> str:
    """Escape ``value`` in attribute mode: ``&``, U+00A0 and ``"``, and
    (current standard, whatwg/html #6362) ``<`` and ``>``."""
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "\xa0" in value:
        value = value.replace("\xa0", "&nbsp;")
    if '"' in value:
        value = value.replace('"', "&quot;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    return value


def _attribute_name(qualified: str, namespace: str | None) -> str:
    """The serialized name of an attribute (the standard's rules by
    attribute namespace)."""
    if namespace is None:
        return qualified
    local = qualified.rpartition(":")[2]
    if namespace == XML_NAMESPACE:
        return "xml:" + local
    if namespace == XMLNS_NAMESPACE:
        return "xmlns" if local == "xmlns" else "xmlns:" + local
    if namespace == XLINK_NAMESPACE:
        return "xlink:" + local
    return qualified


def _tag_name(element: Element) -> str:
    if element.namespace in _PLAIN_TAG_NAMESPACES:
        return element.local_name
    return element.name


def _start_tag(element: Element, tag: str) -> str:
    attrs = element.attrs
    if not attrs:
        return "<" + tag + ">"
    namespaces = element.attr_namespaces
    parts = ["<", tag]
    for name, value in attrs.items():
        if namespaces is not None:
            name = _attribute_name(name, namespaces.get(name))
        parts.append(" ")
        parts.append(name)
        parts.append('="')
        parts.append(escape_attribute(value))
        parts.append('"')
    parts.append(">")
    return "".join(parts)


def _is_raw_text_parent(parent: ParentNode | None, scripting: bool) -> bool:
    return (isinstance(parent, Element) and parent.namespace == HTML_NAMESPACE
            and parent.local_name in (_RAW_TEXT_PARENTS_SCRIPTING if scripting
                                      else RAW_TEXT_PARENTS))


def _serialize_nodes(nodes: list[Node], scripting: bool) -> str:
    """Serialize ``nodes`` (siblings, in order) and their subtrees."""
    raw_parents = _RAW_TEXT_PARENTS_SCRIPTING if scripting else RAW_TEXT_PARENTS
    out: list[str] = []
    append = out.append
    # Entries are nodes still to serialize, or strings (end tags) to emit.
    stack: list[object] = list(reversed(nodes))
    pop = stack.pop
    while stack:
        node = pop()
        if isinstance(node, str):
            append(node)
        elif isinstance(node, Element):
            tag = _tag_name(node)
            append(_start_tag(node, tag))
            if node.namespace == HTML_NAMESPACE and node.local_name in VOID_ELEMENTS:
                continue
            stack.append("</" + tag + ">")
            contents = node.template_contents
            children = node.children if contents is None else contents.children
            if children:
                stack.extend(reversed(children))
        elif isinstance(node, Text):
            parent = node.parent
            if (isinstance(parent, Element) and parent.namespace == HTML_NAMESPACE
                    and parent.local_name in raw_parents):
                append(node.data)
            else:
                append(escape_text(node.data))
        elif isinstance(node, Comment):
            append("<!--" + node.data + "-->")
        elif isinstance(node, ProcessingInstruction):
            append("<?" + node.target + " " + node.data + "?>")
        elif isinstance(node, DocumentType):
            append("<!DOCTYPE " + node.name + ">")
        elif isinstance(node, ParentNode):
            # A Document/DocumentFragment nested below the root (not
            # produced by parsing): its children in its place.
            stack.extend(reversed(node.children))
        else:
            raise TypeError(f"cannot serialize {node!r}")
    return "".join(out)


def serialize_children(node: Node, *, scripting: bool = False) -> str:
    """The HTML fragment serialization of ``node``'s children (``innerHTML``).

    For a ``template`` element the children of its template contents are
    serialized.  ``scripting`` tells whether scripting is enabled, which
    makes ``noscript`` a raw text parent.  A node without children gives
    the empty string.
    """
    if isinstance(node, Element) and node.template_contents is not None:
        node = node.template_contents
    if not isinstance(node, ParentNode):
        return ""
    return _serialize_nodes(node.children, scripting)


def serialize(node: Node, *, scripting: bool = False) -> str:
    """``node`` serialized as HTML: for a Document or DocumentFragment its
    children; for an element the element itself with its subtree
    (``outerHTML``); for any other node the node itself (text escaped
    according to its parent)."""
    if isinstance(node, Element):
        return _serialize_nodes([node], scripting)
    if isinstance(node, ParentNode):
        return _serialize_nodes(node.children, scripting)
    if isinstance(node, Text):
        if _is_raw_text_parent(node.parent, scripting):
            return node.data
        return escape_text(node.data)
    return _serialize_nodes([node], scripting)


def to_html(node: Node) -> str:
    """``node.to_html()``: the node serialized as HTML (as :func:`serialize`:
    the HTML fragment serialization algorithm for its children, plus the
    node itself).  It lives here, next to the serializer, so that the DOM
    does not depend on a serializer."""
    return serialize(node)
