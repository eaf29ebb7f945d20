"""The html5lib-tests tree dump format.

:func:`dump_tree` renders a DOM the way the ``#document`` sections of the
html5lib-tests tree-construction fixtures (``tree-construction/README.md``)
show it::

    | <!DOCTYPE html>
    | <html>
    |   <head>
    |   <body>
    |     <svg svg>
    |       xlink href="#a"
    |     "text"

One line per node: ``"| "`` and two spaces per ancestor below the root (the
Document or DocumentFragment passed in is not printed; its children are at
depth 0).  Attributes follow their element one level deeper, sorted by
their *attribute name string* in UTF-16 code unit order.  Template contents
appear as a ``content`` line one level below the template, with the
contents' children below that.  Newlines inside text, comments and
attribute values are not escaped, so such a node spans several lines.

The walk uses an explicit stack: any depth works.  The format indents
every line by its depth, so the dump's length is about the number of nodes
times their depth: 8,000 nested elements (40 KB of HTML) dump to 64 MB.
:func:`dump_tree_lines` makes the lines one at a time, so that a caller
that writes each out as it comes (as ``markup5 parse --tree`` does) never
holds the whole dump, though it still writes all of it.  This is a format
for tests and for reading small trees; for large or untrusted documents,
:func:`markup5.serialize` (whose ``pretty`` indentation stops growing 100
levels deep) stays linear in the tree.
"""

from __future__ import annotations

from collections.abc import Iterator

from .dom import (
    HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE,
    XMLNS_NAMESPACE, Comment, DocumentType, Element, Node, ParentNode,
    ProcessingInstruction, Text,
)

__all__ = ["dump_tree", "dump_tree_lines"]

# Namespace designators of the tag name string and the attribute name string.
_ELEMENT_DESIGNATOR: dict[str | None, str] = {HTML_NAMESPACE: "", SVG_NAMESPACE: "svg ", MATHML_NAMESPACE: "math "}
_ATTRIBUTE_DESIGNATOR = {XLINK_NAMESPACE: "xlink ", XML_NAMESPACE: "xml ",
                         XMLNS_NAMESPACE: "xmlns "}


def _tag_name_string(element: Element) -> str:
    designator = _ELEMENT_DESIGNATOR.get(element.namespace)
    if designator is None:
        # Not a namespace the format knows (never produced by the HTML
        # parser): show the qualified name.
        return element.name
    return designator + element.local_name


def _attribute_name_string(qualified: str, namespace: str | None) -> str:
    if namespace is None:
        return qualified
    designator = _ATTRIBUTE_DESIGNATOR.get(namespace)
    if designator is None:
        return qualified
    # The local name is what follows the prefix ("xlink:href" -> "href";
    # an unprefixed "xmlns" is its own local name).
    return designator + qualified.rpartition(":")[2]


def _utf16_key(item: tuple[str, str]) -> bytes:
    return item[0].encode("utf-16-be", "surrogatepass")


def dump_tree(node: Node) -> str:
    """``node`` in the html5lib-tests tree format (lines joined with "\\n",
    no trailing newline).  For a Document or DocumentFragment the children
    are dumped; any other node is dumped itself, at depth 0.  A node of an
    XML document (:func:`markup5.parse_xml`) is dumped in the xml5lib-tests
    format instead (namespaces as ``{uri}``, prefixes kept).

    The whole dump is one string: for a deep tree, whose dump is far longer
    than the document (see the module docstring), write the lines of
    :func:`dump_tree_lines` out as they come instead."""
    return "\n".join(dump_tree_lines(node))


def dump_tree_lines(node: Node) -> Iterator[str]:
    """The lines of :func:`dump_tree`, one at a time and without their
    newlines, made as they are asked for: a caller that writes each out
    holds one line at a time (at most two characters per level of depth
    and the node's own text), never the whole dump."""
    if not isinstance(node, Node):
        raise TypeError(
            f"dump_tree() and dump_tree_lines() take a Node, not {type(node).__name__}")
    root = node
    while root.parent is not None:
        root = root.parent
    if getattr(root, "content_type", "text/html") != "text/html":
        from .xml.dump import dump_xml_tree_lines
        return dump_xml_tree_lines(node)
    return _html_tree_lines(node)


def _html_tree_lines(node: Node) -> Iterator[str]:
    """:func:`dump_tree_lines` for a node of an HTML document."""
    # Stack entries: (node, depth), or (str, depth) for a literal line (the
    # "content" marker of template contents).
    stack: list[tuple[object, int]] = []
    if isinstance(node, Element) or not isinstance(node, ParentNode):
        stack.append((node, 0))
    else:
        stack.extend((child, 0) for child in reversed(node.children))

    while stack:
        current, depth = stack.pop()
        prefix = "| " + "  " * depth
        if isinstance(current, Element):
            yield prefix + "<" + _tag_name_string(current) + ">"
            if current.attrs:
                namespaces = current.attr_namespaces or {}
                named = [(_attribute_name_string(name, namespaces.get(name)), value)
                         for name, value in current.attrs.items()]
                named.sort(key=_utf16_key)
                attr_prefix = prefix + "  "
                for name, value in named:
                    yield f'{attr_prefix}{name}="{value}"'
            # Pushed in reverse: the template contents come out before any
            # ordinary children (a parsed template has none).
            children = current.children
            if children:
                stack.extend((child, depth + 1) for child in reversed(children))
            contents = current.template_contents
            if contents is not None:
                stack.extend((child, depth + 2) for child in reversed(contents.children))
                stack.append(("content", depth + 1))
        elif isinstance(current, Text):
            yield prefix + '"' + current.data + '"'
        elif isinstance(current, Comment):
            yield prefix + "<!-- " + current.data + " -->"
        elif isinstance(current, ProcessingInstruction):
            # "<?" target, one space, data, "?>" -- also when data is empty.
            yield prefix + "<?" + current.target + " " + current.data + "?>"
        elif isinstance(current, DocumentType):
            name = current.name
            public_id = current.public_id or ""
            system_id = current.system_id or ""
            if public_id or system_id:
                yield f'{prefix}<!DOCTYPE {name} "{public_id}" "{system_id}">'
            else:
                yield f"{prefix}<!DOCTYPE {name}>"
        elif isinstance(current, str):
            yield prefix + current
        elif isinstance(current, ParentNode):
            # A Document/DocumentFragment below the root (not produced by
            # parsing): show its children in its place.
            stack.extend((child, depth) for child in reversed(current.children))
        else:
            raise TypeError(f"cannot dump {current!r}")
