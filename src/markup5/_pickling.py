"""Pickling nodes (:meth:`markup5.dom.Node.__reduce_ex__`): a tree as
records in tree order, so that any depth pickles (the pickle module's own
walk over the slots recursed once per level), and a node as its tree's
root and its path from there."""

from __future__ import annotations

from typing import Any

from .dom import Document, DocumentFragment, Element, Node, ParentNode, _ParseResult
from .locations import settled

#: In a path from a tree's root, the step from a template to its contents.
CONTENTS = -1
#: The slots that hold the tree's structure, rebuilt by tree_from_records, or
#: nothing to keep (weak references, a sibling position hint).
_STRUCTURE = frozenset({"parent", "children", "template_contents", "host", "__weakref__",
                        "_position_hint", "__dict__", "form_associations"})
#: The state key of a document's form associations, as pairs of record
#: indexes (element, form): nodes, not copies of them.
_ASSOCIATIONS = "form_associations"
_SLOTS: dict[type, tuple[tuple[str, Any], ...]] = {}
#: One node of a pickled tree (see tree_records).
_Record = tuple[type[Node], int, int, dict[str, Any], dict[str, Any] | None]


def _slots_of(cls: type) -> tuple[tuple[str, Any], ...]:
    """The (name, slot descriptor) pairs of ``cls`` to pickle."""
    slots = _SLOTS.get(cls)
    if slots is None:
        pairs = []
        for klass in cls.__mro__:
            names = klass.__dict__.get("__slots__", ())
            for name in (names,) if isinstance(names, str) else names:
                if name.startswith("__") and not name.endswith("__"):  # (a subclass's)
                    name = f"_{klass.__name__.lstrip('_')}{name}"
                if name not in _STRUCTURE:
                    pairs.append((name, klass.__dict__[name]))
        slots = _SLOTS[cls] = tuple(pairs)
    return slots


def tree_records(root: Node) -> list[_Record]:
    """``root``'s tree as records in tree order: (class, link, index of the
    parent or template, slot values, instance dict).  The link is 0 for the
    root, 1 for a child, 2 for a template's contents."""
    records: list[_Record] = []
    index_of: dict[int, int] = {}
    documents: list[tuple[Document, dict[str, Any]]] = []
    work: list[tuple[Node, int, int]] = [(root, 0, -1)]
    while work:
        node, link, at = work.pop()
        state: dict[str, Any] = {}
        index_of[id(node)] = len(records)
        if isinstance(node, Document) and node.form_associations:
            documents.append((node, state))
        for name, slot in _slots_of(type(node)):
            try:
                state[name] = slot.__get__(node)
            except AttributeError:  # (never set)
                continue
        for name in ("_location", "_end_location"):
            location = state.get(name)
            if type(location) is tuple:  # (the parser's Span, made a SourceLocation)
                state[name] = settled(location)
        if isinstance(node, _ParseResult):
            state["_errors"] = node.errors  # (a list, not the parse it is worked out from)
        index = len(records)
        records.append((type(node), link, at, state, getattr(node, "__dict__", None)))
        if isinstance(node, ParentNode):
            work.extend((child, 1, index) for child in reversed(node.children))
        if isinstance(node, Element) and node.template_contents is not None:
            work.append((node.template_contents, 2, index))
    for document, state in documents:
        assert document.form_associations is not None
        state[_ASSOCIATIONS] = [
            (index_of[id(element)], index_of[id(form)])
            for element, form in document.form_associations.items()
            if id(element) in index_of and id(form) in index_of]
    return records


def tree_from_records(records: list[_Record]) -> Node:
    """The tree :func:`tree_records` recorded; returns its root."""
    nodes: list[Node] = []
    for cls, link, at, state, extra in records:
        node = cls.__new__(cls)
        node.parent = None
        if isinstance(node, ParentNode):
            node.children = []
        if isinstance(node, Element):
            node.template_contents = None
        if isinstance(node, DocumentFragment):
            node.host = None
        if isinstance(node, Document):
            node.form_associations = None
        for name, slot in _slots_of(cls):
            if name in state:
                slot.__set__(node, state[name])
        if extra:
            node.__dict__.update(extra)
        if link == 1:
            parent = nodes[at]
            assert isinstance(parent, ParentNode)
            node.parent = parent
            parent.children.append(node)
        elif link == 2:
            host = nodes[at]
            assert isinstance(host, Element) and isinstance(node, DocumentFragment)
            host.template_contents = node
            node.host = host
        nodes.append(node)
    for node, (_, _, _, state, _) in zip(nodes, records):
        pairs = state.get(_ASSOCIATIONS)
        if pairs and isinstance(node, Document):
            associations: dict[Element, Element] = {}
            for e, f in pairs:
                element, form = nodes[e], nodes[f]
                assert isinstance(element, Element) and isinstance(form, Element)
                associations[element] = form
            node.form_associations = associations
    return nodes[0]


def descendant(root: Node, path: list[int]) -> Node:
    """The node at ``path`` from ``root`` (see Node.__reduce_ex__)."""
    node = root
    for step in path:
        if step == CONTENTS:
            assert isinstance(node, Element) and node.template_contents is not None
            node = node.template_contents
        else:
            assert isinstance(node, ParentNode)
            node = node.children[step]
    return node
