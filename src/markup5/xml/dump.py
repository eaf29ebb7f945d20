"""The xml5lib-tests tree dump format (iterative: any depth works).

Each node is a line ``| `` plus two spaces per level:

* element: ``<{uri}prefix:local>`` (``{uri}`` when it has a namespace,
  ``prefix:`` when it has a prefix);
* its attributes, one level deeper, ``{uri}prefix:local="value"``, sorted
  by local name only (a stable sort: equal local names keep source order);
* text ``"data"`` (newlines not escaped), comment ``<!-- data -->``,
  processing instruction ``<?target data?>``;
* DOCTYPE ``<!DOCTYPE name>``, or ``<!DOCTYPE name "public" "system">`` when
  either identifier is non-empty.

As with :func:`markup5.dump_tree`, the indentation makes the dump about
nodes x depth long: a format for tests and small trees, where
:func:`markup5.serialize_xml` stays linear in the tree.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..dom import Comment, DocumentType, Element, Node, ParentNode, ProcessingInstruction, Text
from .namespaces import split_qname

__all__ = ["dump_xml_tree", "dump_xml_tree_lines"]


def _attribute_lines(element: Element, indent: str) -> list[str]:
    namespaces = element.attr_namespaces or {}
    items = []
    for qname, value in element.attrs.items():
        prefix, local = split_qname(qname)
        uri = namespaces.get(qname)
        items.append((local, f"{indent}{'{' + uri + '}' if uri else ''}"
                             f"{prefix + ':' if prefix else ''}{local}=\"{value}\""))
    items.sort(key=lambda item: item[0])  # stable: by local name only
    return [line for _, line in items]


def dump_xml_tree(node: Node) -> str:
    """Dump ``node`` in the xml5lib-tests format (a Document or fragment:
    its children; any other node: the node itself), lines joined by "\\n"."""
    return "\n".join(dump_xml_tree_lines(node))


def dump_xml_tree_lines(node: Node) -> Iterator[str]:
    """The lines of :func:`dump_xml_tree`, one at a time and without their
    newlines, made as they are asked for (see
    :func:`markup5.treedump.dump_tree_lines`)."""
    if not isinstance(node, Node):
        raise TypeError(
            f"dump_xml_tree() and dump_xml_tree_lines() take a Node, not {type(node).__name__}")
    return _xml_tree_lines(node)


def _xml_tree_lines(node: Node) -> Iterator[str]:
    """:func:`dump_xml_tree_lines`, once the argument is checked."""
    if isinstance(node, ParentNode) and not isinstance(node, Element):
        stack = [(child, 0) for child in reversed(node.children)]
    else:
        stack = [(node, 0)]
    while stack:
        current, depth = stack.pop()
        indent = "| " + "  " * depth
        kind = type(current)
        if kind is Text:
            yield f'{indent}"{current.data}"'  # type: ignore[attr-defined]
        elif isinstance(current, Element):
            uri = current.namespace
            prefix = current.prefix
            yield (f"{indent}<{'{' + uri + '}' if uri else ''}"
                   f"{prefix + ':' if prefix else ''}{current.local_name}>")
            if current.attrs:
                yield from _attribute_lines(current, indent + "  ")
            if current.children:
                stack.extend((child, depth + 1) for child in reversed(current.children))
        elif kind is Comment:
            yield f"{indent}<!-- {current.data} -->"  # type: ignore[attr-defined]
        elif kind is ProcessingInstruction:
            yield f"{indent}<?{current.target} {current.data}?>"  # type: ignore[attr-defined]
        elif kind is DocumentType:
            if current.public_id or current.system_id:  # type: ignore[attr-defined]
                yield (f'{indent}<!DOCTYPE {current.name} "{current.public_id or ""}" '  # type: ignore[attr-defined]
                       f'"{current.system_id or ""}">')  # type: ignore[attr-defined]
            else:
                yield f"{indent}<!DOCTYPE {current.name}>"  # type: ignore[attr-defined]
        elif isinstance(current, ParentNode):
            stack.extend((child, depth) for child in reversed(current.children))
