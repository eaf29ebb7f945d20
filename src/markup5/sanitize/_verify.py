"""The re-parse invariant: the output must parse back to the tree it came from.

Mutation XSS lives in the gap between the tree a sanitizer checked and
the tree a browser builds from the sanitizer's output: ``<p>`` cannot
hold a ``<div>``, text in a ``<table>`` is foster-parented out of it,
``</svg>``-less content switches namespace, and so on.  A tree that no
parser would build can still be serialized; parsed again, it becomes a
different tree, one nobody checked.

So the sanitizer never returns a string it has not re-parsed: it cleans
the tree, serializes it, parses the result again in the same context
(with scripting enabled, as ``innerHTML`` in a live page), and compares
the two trees node by node (:func:`same_tree`).  When they differ, the
re-parsed tree is what a browser would have, so that tree is cleaned and
the round repeats.  :data:`MAX_ROUNDS` rounds bound the work (each round
is linear in its input, which cannot grow: cleaning only removes, and
escaping writes each removed tag once); if no round verifies, the
fallback is the fragment's text alone, and if even that does not parse
back to itself (a context such as ``pre`` drops a leading newline), the
empty string.  Every string returned has been verified.

One re-parse is known without running it: when the first cleaning changed
nothing and the serialization is the very markup the tree was parsed from
(in the same context, scripting enabled), parsing it again gives the same
tree, because the parser is a function of its input.  ``sanitize`` then
returns it after one parse (``Sanitizer._verified``'s ``source``).
"""

from __future__ import annotations

from ..dom import Comment, DocumentFragment, Element, Node, ParentNode, Text

__all__ = ["same_tree", "MAX_ROUNDS"]

#: Rounds of clean, serialize, re-parse, compare before the fallback.
#: 20,000 random tag soups (six policies, ten contexts) needed at most 2.
MAX_ROUNDS = 6


def same_tree(a: ParentNode, b: ParentNode) -> bool:
    """Whether the descendants of ``a`` and ``b`` are the same: node
    types, element namespaces, names and attributes (names, namespaces,
    values), text and comment data, in order.  One walk over both trees
    in lockstep, with an explicit stack."""
    stack: list[tuple[list[Node], list[Node]]] = [(a.children, b.children)]
    while stack:
        left, right = stack.pop()
        if len(left) != len(right):
            return False
        for x, y in zip(left, right):
            kind = type(x)
            if kind is not type(y):
                return False
            if kind is Element:
                ex: Element = x  # type: ignore[assignment]
                ey: Element = y  # type: ignore[assignment]
                if ex.local_name != ey.local_name or ex.namespace != ey.namespace \
                        or ex.prefix != ey.prefix:
                    return False
                ax, ay = ex.attrs, ey.attrs
                if ax or ay:
                    # Equal dicts can differ in order: compare the order too
                    # (where there are two or more to order).
                    if ax != ay or (len(ax) > 1 and list(ax) != list(ay)) \
                            or (ex.attr_namespaces or None) != (ey.attr_namespaces or None):
                        return False
                tx, ty = ex.template_contents, ey.template_contents
                if (tx is None) != (ty is None):
                    return False
                if tx is not None and ty is not None:
                    stack.append((tx.children, ty.children))
                if ex.children or ey.children:
                    stack.append((ex.children, ey.children))
            elif kind is Text or kind is Comment:
                if x.data != y.data:  # type: ignore[attr-defined]
                    return False
            elif not isinstance(x, (DocumentFragment, ParentNode)):
                # Doctypes (in documents) compare by their fields.
                if vars_of(x) != vars_of(y):
                    return False
    return True


def vars_of(node: Node) -> tuple[object, ...]:
    """The fields that tell two leaf nodes of another type apart."""
    return tuple(getattr(node, name, None)
                 for name in ("name", "public_id", "system_id", "target", "data"))
