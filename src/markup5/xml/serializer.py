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

Pretty printing (``pretty=True``) changes no significant whitespace:

* An element's children are put on lines of their own, indented by
  ``indent`` once per level, only when the element has *element-only
  content*: at least one child that is not text (an element, a comment, a
  processing instruction) and no text child holding anything but XML
  white space (space, TAB, LF, CR).  Its white-space-only text children
  are replaced by the line breaks and indentation; its end tag goes on a
  line of its own.
* An element with a text child holding anything else (*mixed content*) is
  written exactly as it is, with its whole subtree.  So is an element whose
  children are all white-space-only text.
* Inside an element with ``xml:space="preserve"`` (inherited by the
  descendants until one says ``xml:space="default"``) nothing changes.
  The ``xml:space`` of the serialized element's ancestors counts too.
* Elements without children stay ``<a/>``; the nodes of a document (the
  DOCTYPE, comments, processing instructions and the root element) go on
  lines of their own; no line break is added at the end.

Parsing the result gives the same tree as parsing the plain serialization
except for white-space-only text children of elements with element-only
content (as lxml's ``pretty_print`` and ``xmllint --format`` treat them).
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


def serialize_xml(node: Node, *, pretty: bool = False, indent: str = "  ") -> str:
    """Serialize ``node`` (a Document, an element or any other node) as XML.

    What :func:`markup5.parse_xml` reads back is the same nodes: a
    document that starts with a processing instruction whose target is
    ``xml`` (a misplaced XML declaration, kept as a node) is written with a
    line break first, so that it is not read as the XML declaration.

    ``pretty=True`` indents element-only content by ``indent`` (XML white
    space only: spaces, tabs, line breaks) per level and changes no
    significant white space (the rule is in :mod:`markup5.xml.serializer`):

        >>> from markup5.xml import parse_xml, serialize_xml
        >>> doc = parse_xml('<list> <item>a <b>bold</b> text</item><item/></list>')
        >>> print(serialize_xml(doc, pretty=True))
        <list>
          <item>a <b>bold</b> text</item>
          <item/>
        </list>
    """
    if not isinstance(pretty, bool):
        raise TypeError(f"pretty must be a bool, not {type(pretty).__name__}")
    if not isinstance(indent, str):
        raise TypeError(f"indent must be a str, not {type(indent).__name__}")
    if indent.strip(_XML_WHITESPACE):
        raise ValueError(f"indent must be XML white space only (spaces, tabs, line breaks), "
                         f"not {indent!r}")
    if pretty:
        return _serialize_pretty(node, indent)
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
            append(_pi(current))
        elif kind is DocumentType:
            append(_doctype(current))
        elif isinstance(current, ParentNode):
            stack.extend(reversed(current.children))
    return "".join(out)


def _pi(node: ProcessingInstruction) -> str:
    return f"<?{node.target} {node.data}?>" if node.data else f"<?{node.target}?>"


#: XML white space (XML 1.0 [3] S).
_XML_WHITESPACE = " \t\n\r"

# How an element's content is written with pretty=True: indented where it
# is element-only; as it is, with the whole subtree (mixed content); as it
# is, but a descendant with xml:space="default" is indented again.
_PRETTY, _AS_IS, _PRESERVE = 0, 1, 2


def _space(element: Element, inherited: int) -> int:
    """The pretty-printing mode of ``element``'s content, given its
    parent's (``xml:space`` switches between _PRETTY and _PRESERVE)."""
    if inherited == _AS_IS:
        return _AS_IS
    value = element.attrs.get("xml:space") if element.attrs else None
    if value == "preserve":
        return _PRESERVE
    if value == "default":
        return _PRETTY
    return inherited


def _serialize_pretty(node: Node, indent: str) -> str:
    """serialize_xml(node, pretty=True, indent=indent): the plain walk, with
    the line breaks and indentation of element-only content (see the module
    docstring).  Stack entries are (node, depth, mode of the parent's
    content, what to write before the node), and end tags (strings, with
    their line break)."""
    out: list[str] = []
    append = out.append
    stack: list[Any] = []
    if isinstance(node, ParentNode) and not isinstance(node, Element):
        # A document's (or fragment's) nodes go on lines of their own.
        children = node.children
        for k in range(len(children) - 1, -1, -1):
            stack.append((children[k], 0, _PRETTY, "\n" if k else ""))
    else:
        # The xml:space in force where the node is.
        mode = _PRETTY
        ancestors = []
        parent = node.parent
        while isinstance(parent, Element):
            ancestors.append(parent)
            parent = parent.parent
        for ancestor in reversed(ancestors):
            mode = _space(ancestor, mode)
        stack.append((node, 0, mode, ""))
    bindings = dict(INITIAL_BINDINGS)
    undo: list[list[tuple[Any, Any]] | None] = []
    whitespace = _XML_WHITESPACE
    while stack:
        entry = stack.pop()
        if type(entry) is str:
            append(entry)
            changes = undo.pop()
            if changes:
                leave_scope(bindings, changes)
            continue
        current, depth, parent_mode, before = entry
        if before:
            append(before)
        kind = type(current)
        if kind is Text:
            append(_escape_text(current.data))
        elif isinstance(current, Element):
            tag, declared = _start_tag(current, bindings)
            append(tag)
            children = current.children
            if not children:
                append("/>")
                continue
            append(">")
            undo.append(enter_scope(bindings, declared) if declared else None)
            mode = _space(current, parent_mode)
            indented = False
            if mode == _PRETTY:
                texts_only = True
                for child in children:
                    if type(child) is Text:
                        if child.data.strip(whitespace):
                            mode = _AS_IS  # mixed content: the subtree as it is
                            break
                    else:
                        texts_only = False
                else:
                    indented = not texts_only
            if indented:
                stack.append("\n" + indent * depth + f"</{current.name}>")
                line = "\n" + indent * (depth + 1)
                for k in range(len(children) - 1, -1, -1):
                    child = children[k]
                    if type(child) is not Text:
                        stack.append((child, depth + 1, mode, line))
            else:
                stack.append(f"</{current.name}>")
                for k in range(len(children) - 1, -1, -1):
                    stack.append((children[k], depth + 1, mode, ""))
        elif kind is Comment:
            append(f"<!--{current.data}-->")
        elif kind is ProcessingInstruction:
            if not out and current.target == "xml" and current is not node:
                append("\n")  # (see serialize_xml)
            append(_pi(current))
        elif kind is DocumentType:
            append(_doctype(current))
        elif isinstance(current, ParentNode):
            children = current.children
            for k in range(len(children) - 1, -1, -1):
                stack.append((children[k], depth, parent_mode, ""))
    return "".join(out)
