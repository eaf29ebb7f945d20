"""XML serialization of the DOM (iterative: any depth works).

* Text: ``&``, ``<`` and ``>`` are escaped, and CR as ``&#13;`` (a raw CR
  would become LF when parsed again).
* Attribute values are double-quoted; ``&``, ``<``, ``"`` and the
  whitespace controls TAB, LF and CR are escaped (``&#9;``, ``&#10;``,
  ``&#13;``).
* Element and attribute names are written as qualified names
  (``prefix:local``).  The ``xmlns`` attributes on the elements are written
  as they are; where an element's or an attribute's namespace is not what
  its prefix means at that point (a DOM built or changed by hand, or an
  HTML document), the missing ``xmlns`` / ``xmlns:prefix`` declaration is
  added.  Names are never changed; a name XML5 cannot read back (an
  attribute name starting with ":", say) is written as it is.
* An element without children is written ``<a/>``.
* Comments ``<!--data-->``, processing instructions ``<?target data?>``,
  DOCTYPE ``<!DOCTYPE name PUBLIC "pub" "sys">`` / ``SYSTEM "sys"``.

For any document produced by :func:`~markup5.xml.parse_xml`, parsing the
serialization gives the same tree.
"""

from __future__ import annotations

from typing import Any

from ..dom import (Comment, DocumentType, Element, Node, ParentNode, ProcessingInstruction,
                   Text, XMLNS_NAMESPACE)
from .namespaces import (INITIAL_BINDINGS, Bindings, bind_tag, bound_uri, enter_scope,
                         leave_scope, split_qname)

__all__ = ["serialize_xml"]

_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", '"': "&quot;", "\t": "&#9;",
                               "\n": "&#10;", "\r": "&#13;"})


def _escape_text(data: str) -> str:
    if "&" in data or "<" in data or ">" in data or "\r" in data:
        return data.translate(_TEXT_ESCAPES)
    return data


def _escape_attr(value: str) -> str:
    for c in '&<"\t\n\r':
        if c in value:
            return value.translate(_ATTR_ESCAPES)
    return value


def _doctype(node: DocumentType) -> str:
    out = "<!DOCTYPE " + node.name if node.name else "<!DOCTYPE"
    public_id = node.public_id or ""
    system_id = node.system_id or ""
    if public_id:
        out += " PUBLIC " + _quote(public_id)
        if system_id:
            out += " " + _quote(system_id)
    elif system_id:
        out += " SYSTEM " + _quote(system_id)
    return out + ">"


def _quote(value: str) -> str:
    return f"'{value}'" if '"' in value else f'"{value}"'


def _start_tag(element: Element, bindings: Bindings) -> tuple[str, Bindings | None]:
    """The start tag of ``element`` (without its closing ">") under the
    ``bindings`` in force, and the bindings it declares (None: none)."""
    attrs = element.attrs
    namespace, prefix, local, _, _, declared = bind_tag(element.name, attrs, bindings)
    extra: dict[str, str] = {}
    want = element.namespace
    if namespace != want:
        if element.prefix is None:
            if "xmlns" not in attrs:
                extra["xmlns"] = want or ""
        elif want is not None and want != XMLNS_NAMESPACE:
            qname = "xmlns:" + element.prefix
            if qname not in attrs:
                extra[qname] = want
    namespaces = element.attr_namespaces
    if namespaces:
        for qname, uri in namespaces.items():
            if uri is None or uri == XMLNS_NAMESPACE:
                continue
            attr_prefix, _ = split_qname(qname)
            if attr_prefix is None or attr_prefix in ("xml", "xmlns"):
                continue
            declaration = "xmlns:" + attr_prefix
            if declaration in attrs or declaration in extra:
                continue
            if bound_uri(attr_prefix, bindings, declared) != uri:
                extra[declaration] = uri
    if extra:
        attrs = {**extra, **attrs}
        declared = bind_tag(element.name, attrs, bindings)[5]
    parts = ["<", element.name]
    if any(qname[:1] == ":" for qname in attrs):
        _colon_attributes(parts, attrs)
    else:
        for qname, value in attrs.items():
            parts.append(f' {qname}="{_escape_attr(value)}"')
    return "".join(parts), declared


def _colon_attributes(parts: list[str], attrs: dict[str, str]) -> None:
    """Attributes when some names start with ":".  XML5 reads such a name
    only in the tag attribute name after state, right after an attribute
    written without a value (``<a x :y>``); after a value, the tag attribute
    name before state drops the colon.  So each empty attribute is written
    bare and followed by ":" attributes: the empty ones bare (they keep the
    state), then at most one with a value, which ends the run; the next
    empty attribute starts another run.  A run that would end bare before a
    name starting with "=" ends with its last empty ":" attribute written
    ``=""`` instead: after a bare attribute, the tag attribute name after
    state reads "=" as the start of that attribute's value.  What cannot be
    expressed that way (no empty attribute left) is written as it is."""
    empty = [q for q, v in attrs.items() if q[:1] == ":" and v == ""]
    valued = [(q, v) for q, v in attrs.items() if q[:1] == ":" and v != ""]
    valued.reverse()  # taken from the end: in document order
    others = [(q, v) for q, v in attrs.items() if q[:1] != ":"]
    for index, (qname, value) in enumerate(others):
        if value == "" and (empty or valued):
            parts.append(f" {qname}")
            if not valued and index + 1 < len(others) and others[index + 1][0][:1] == "=":
                valued.append((empty.pop(), ""))  # (valued is empty, so empty is not)
            for cname in empty:
                parts.append(f" {cname}")
            empty = []
            if valued:
                cname, cvalue = valued.pop()
                parts.append(f' {cname}="{_escape_attr(cvalue)}"')
            continue
        parts.append(f' {qname}="{_escape_attr(value)}"')
    for cname in empty:
        parts.append(f' {cname}=""')
    for cname, cvalue in reversed(valued):
        parts.append(f' {cname}="{_escape_attr(cvalue)}"')


def serialize_xml(node: Node) -> str:
    """Serialize ``node`` (a Document, an element or any other node) as XML.

    What :func:`markup5.parse_xml` reads back is the same nodes: a
    document that starts with a processing instruction whose target is
    ``xml`` (a misplaced XML declaration, kept as a node) is written with a
    line break first, so that it is not read as the XML declaration."""
    out: list[str] = []
    append = out.append
    # The stack holds nodes to write, and (end tag) strings to write.
    stack: list[Any] = []
    if isinstance(node, ParentNode) and not isinstance(node, Element):
        stack.extend(reversed(node.children))
    else:
        stack.append(node)
    # The namespace bindings in force, changed in place as elements are
    # entered and left (a copy for each declaring element was quadratic on
    # nested declarations: see namespaces.Scope), and for each open element
    # what it changed.
    bindings = dict(INITIAL_BINDINGS)
    undo: list[list[tuple[Any, Any]] | None] = []
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is str:
            append(current)
            changes = undo.pop()
            if changes:
                leave_scope(bindings, changes)
        elif kind is Text:
            append(_escape_text(current.data))
        elif isinstance(current, Element):
            tag, declared = _start_tag(current, bindings)
            append(tag)
            if current.children:
                append(">")
                undo.append(enter_scope(bindings, declared) if declared else None)
                stack.append(f"</{current.name}>")
                stack.extend(reversed(current.children))
            else:
                append("/>")
        elif kind is Comment:
            append(f"<!--{current.data}-->")
        elif kind is ProcessingInstruction:
            if not out and current.target == "xml" and current is not node:
                # A processing instruction "xml" that a document or fragment
                # starts with (one that followed white space, a misplaced XML
                # declaration): at the very start of the output, parse_xml
                # would read it as the XML declaration, not a node.  A line
                # break before it keeps the node, and XML5 makes no node of
                # white space outside the root element.
                append("\n")
            append(f"<?{current.target} {current.data}?>" if current.data
                   else f"<?{current.target}?>")
        elif kind is DocumentType:
            append(_doctype(current))
        elif isinstance(current, ParentNode):
            stack.extend(reversed(current.children))
    return "".join(out)
