"""Hash-name references (§2.3.9): ``usemap="#map1"`` and the like."""

from __future__ import annotations

from collections.abc import Iterator

from ..dom import HTML_NAMESPACE, Element, Node
from ._common import require_str

__all__ = ["parse_hash_name_reference", "is_valid_hash_name_reference"]


def _tree_root(node: Node) -> Node:
    while node.parent is not None:
        node = node.parent
    return node


def _elements_of_type(root: Node, local_name: str) -> Iterator[Element]:
    """The HTML elements called ``local_name`` in ``root``'s tree, in tree
    order (``root`` included)."""
    if isinstance(root, Element) and root.namespace == HTML_NAMESPACE and \
            root.local_name == local_name:
        yield root
    iterate = getattr(root, "iter", None)
    if iterate is None:
        return
    for node in iterate():
        if isinstance(node, Element) and node.namespace == HTML_NAMESPACE and \
                node.local_name == local_name:
            yield node


def parse_hash_name_reference(value: str, scope: Node, local_name: str) -> Element | None:
    """The rules for parsing a hash-name reference to an element of type
    ``local_name`` (an HTML element name such as ``"map"``), given a
    context node ``scope``.  Returns the element, or ``None`` (null).

    >>> import markup5
    >>> doc = markup5.parse('<img usemap="#m"><map name="m"></map>')
    >>> parse_hash_name_reference("#m", doc, "map").attrs
    {'name': 'm'}
    """
    require_str(value, "parse_hash_name_reference", "value")
    require_str(local_name, "parse_hash_name_reference", "local_name")
    if not isinstance(scope, Node):
        raise TypeError("parse_hash_name_reference() argument 'scope' must be a markup5 node, "
                        f"not {type(scope).__name__}")
    # Step 1.
    hash_index = value.find("#")
    if hash_index == -1 or hash_index == len(value) - 1:
        return None
    # Step 2.
    s = value[hash_index + 1:]
    # Step 3: the first element of that type in scope's tree, in tree order,
    # whose id or name attribute is s.
    for element in _elements_of_type(_tree_root(scope), local_name):
        if element.attrs.get("id") == s or element.attrs.get("name") == s:
            return element
    return None


def is_valid_hash_name_reference(value: str, scope: Node, local_name: str) -> bool:
    """Whether ``value`` is a valid hash-name reference to an element of type
    ``local_name`` in ``scope``'s tree: "#" followed by the value of the
    ``name`` attribute of such an element (an ``id`` match alone is a
    conformance error)."""
    require_str(value, "is_valid_hash_name_reference", "value")
    if not value.startswith("#"):
        return False
    s = value[1:]
    return any(element.attrs.get("name") == s
               for element in _elements_of_type(_tree_root(scope), local_name))
