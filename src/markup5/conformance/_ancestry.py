"""A value folded down a node's inclusive ancestors, remembered per node.

Several rule families need, for the few elements they look at, something
that depends on all their ancestors: whether the element is inside template
contents (so not in the document), its heading offset (HTML §4.3.11.1),
whether an ancestor is a microdata item.  Walking up from each such element
would cost its depth each time (quadratic on deep trees);
:class:`AncestorFold` computes each node's value once, from its parent's,
iteratively (no recursion), and keeps it: the work over a whole walk is
linear in the number of nodes looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from ..dom import DocumentFragment, Element, Node

__all__ = ["AncestorFold", "in_template_contents"]

T = TypeVar("T")


def in_template_contents(node: Node | None) -> bool:
    """For the node above the outermost element: whether it is a template's
    contents (a DocumentFragment with a host)."""
    return isinstance(node, DocumentFragment) and node.host is not None


class AncestorFold(Generic[T]):
    """``value(node)``: ``top(n)`` for the first inclusive ancestor ``n``
    that is not an Element (a Document, a DocumentFragment, or None past a
    detached element), then ``step(element, parent_value)`` down to
    ``node``; each node's value is computed once per fold."""

    __slots__ = ("_step", "_top", "_memo")

    def __init__(self, step: Callable[[Element, T], T], top: Callable[[Node | None], T]) -> None:
        self._step = step
        self._top = top
        self._memo: dict[int, tuple[Node, T]] = {}

    def value(self, node: Node) -> T:
        """The folded value of ``node`` (an Element, or the node above)."""
        memo = self._memo
        path: list[Element] = []
        current: Node | None = node
        while True:
            known = memo.get(id(current))
            if known is not None and known[0] is current:
                value = known[1]
                break
            if not isinstance(current, Element):
                value = self._top(current)
                break
            path.append(current)
            current = current.parent
        step = self._step
        for element in reversed(path):
            value = step(element, value)
            memo[id(element)] = (element, value)
        return value
