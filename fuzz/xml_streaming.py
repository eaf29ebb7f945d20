"""Harnesses for the streaming and pretty-printing XML entry points (issue 42).

``xml-iterparse``: :func:`markup5.xml.iterparse_xml` on the input (str or
bytes, chunk sizes from the split seed, every option bit combination of
xml10_compatible / keep_xmlns_attributes / events / discard()) gives the
tree, errors and encoding of ``parse_xml(fast_path=False)``, and its events
are a walk of that tree in document order; discarding each element on its
"end" event changes no event.

``xml-pretty``: ``serialize_xml(doc, pretty=True, indent=...)`` read back
by ``parse_xml`` gives the tree the plain serialization gives, but for the
white-space-only text children of elements whose content the documented
rule may re-indent (element-only content outside ``xml:space="preserve"``);
pretty printing its own result again gives the same text.

Registered in :data:`fuzz.harnesses.HARNESSES` (imported at its end).
"""

from __future__ import annotations

import random

import markup5
from markup5.dom import (XMLNS_NAMESPACE, Comment, Element, Node, ParentNode,
                         ProcessingInstruction, Text)
from markup5.xml import dump_xml_tree
from markup5.xml.iterparse import iterparse_xml

from . import grammar
from .harnesses import (Harness, InvariantViolation, _errors, _gen_with, as_text, check,
                        split_input)
from .roundtrip import unstable_xml_class

__all__ = ["HARNESSES", "iterparse_target", "pretty_target", "pretty_normalized"]

_ALL = ("start", "end", "comment", "pi", "start-ns", "end-ns")
_SUBSETS = (_ALL, ("start", "end"), ("end",), ("comment", "pi", "start-ns", "end-ns"))
_CHUNK_SIZES = (1, 2, 3, 5, 8, 13, 64, 65536)


def _walk_events(document: Node, ns_from: Node | None = None) -> list[tuple[str, object]]:
    """(event, node) for a finished tree, by an explicit-stack walk; the
    namespace declarations read from the xmlns attributes."""
    out: list[tuple[str, object]] = []
    stack: list[tuple[Node, bool]] = [(c, False) for c in reversed(document.children)]  # type: ignore[attr-defined]
    while stack:
        node, closing = stack.pop()
        if isinstance(node, Element):
            namespaces = node.attr_namespaces or {}
            declarations = [("" if q == "xmlns" else q[6:], v) for q, v in node.attrs.items()
                            if namespaces.get(q) == XMLNS_NAMESPACE]
            if closing:
                out.append(("end", node))
                out.extend(("end-ns", None) for _ in declarations)
                continue
            out.extend(("start-ns", d) for d in declarations)
            out.append(("start", node))
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(node.children))
        elif isinstance(node, (Comment, ProcessingInstruction)):
            out.append(("comment" if isinstance(node, Comment) else "pi", node))
    return out


def _label(event: str, node: object, drop_xmlns: bool = False) -> object:
    if isinstance(node, Element):
        attrs = tuple((q, v) for q, v in node.attrs.items()
                      if not (drop_xmlns and (q == "xmlns" or (q.startswith("xmlns:")
                                                              and q.count(":") == 1
                                                              and len(q) > 6))))
        return (event, node.namespace, node.name, attrs)
    if isinstance(node, (Comment, ProcessingInstruction)):
        return (event, node.data)
    return (event, node)


def iterparse_target(data: bytes) -> str:
    """iterparse_xml: parse_xml(fast_path=False)'s tree, errors and encoding;
    events are a walk of that tree; discard() on every "end" changes no
    event."""
    options, split_seed, payload = split_input(data)
    xml10 = not options & 1
    keep = not options & 2
    source: str | bytes = payload if options & 4 else as_text(payload)
    events = _SUBSETS[(options >> 3) & 3]
    discard = bool(options & 32)
    chunk_size = _CHUNK_SIZES[split_seed % len(_CHUNK_SIZES)]
    expected = markup5.parse_xml(source, xml10_compatible=xml10, keep_xmlns_attributes=keep,
                                 fast_path=False)
    iterator = iterparse_xml(source, events, chunk_size=chunk_size, xml10_compatible=xml10,
                             keep_xmlns_attributes=keep)
    seen = []
    for event, node in iterator:
        seen.append(_label(event, node))
        if discard and event == "end":
            iterator.discard(node)
    check(_errors(iterator.errors) == _errors(expected.errors),
          f"iterparse_xml gives other errors (chunk size {chunk_size})")
    check(iterator.encoding == (expected.encoding if isinstance(source, bytes) else "UTF-8"),
          "iterparse_xml gives another encoding")
    if keep:
        reference = _walk_events(expected)
    else:
        reference = _walk_events(markup5.parse_xml(
            source, xml10_compatible=xml10, keep_xmlns_attributes=True, fast_path=False))
    # (Without keep, the reference tree keeps its xmlns attributes, for the
    # namespace events: they are left out of its labels.)
    wanted = [_label(e, n, not keep) for e, n in reference if e in events]
    check(seen == wanted, f"iterparse_xml's events are not a walk of the tree "
                          f"(chunk size {chunk_size})")
    if not discard:
        check(dump_xml_tree(iterator.document) == dump_xml_tree(expected),
              f"iterparse_xml builds another tree (chunk size {chunk_size})")
        return "whole"
    return "discarded"


_WS = " \t\n\r"


def pretty_normalized(document: Node) -> str:
    """The dump of a copy of ``document`` without the white-space-only text
    children of elements whose content pretty printing may re-indent (no
    text child holding anything but white space, outside xml:space
    preserve and mixed content)."""
    copy = document.clone(deep=True)
    if not isinstance(copy, ParentNode):
        return dump_xml_tree(copy)
    stack: list[tuple[ParentNode, bool, bool]] = [(copy, False, False)]
    while stack:
        node, preserved, mixed = stack.pop()
        if isinstance(node, Element):
            space = node.attrs.get("xml:space")
            if space == "preserve":
                preserved = True
            elif space == "default":
                preserved = False
            if not mixed:
                if preserved:
                    pass
                elif any(isinstance(c, Text) and c.data.strip(_WS) for c in node.children):
                    mixed = True
                else:
                    for child in list(node.children):
                        if isinstance(child, Text):
                            child.remove()
        for child in node.children:
            if isinstance(child, ParentNode):
                stack.append((child, preserved, mixed))
    return dump_xml_tree(copy)


_INDENTS = ("  ", "\t", "", " ", "    ", "\n")


def pretty_target(data: bytes) -> str:
    """serialize_xml(pretty=True) read back is the plain serialization's
    tree but for white-space-only text in re-indentable content, and a
    fixed point."""
    options, split_seed, payload = split_input(data)
    xml10 = not options & 1
    keep = not options & 2
    source: str | bytes = payload if options & 4 else as_text(payload)
    indent = _INDENTS[split_seed % len(_INDENTS)]
    doc = markup5.parse_xml(source, xml10_compatible=xml10, keep_xmlns_attributes=keep)
    plain = markup5.serialize_xml(doc)
    pretty = markup5.serialize_xml(doc, pretty=True, indent=indent)
    check(markup5.serialize_xml(doc, pretty=False) == plain, "pretty=False is not the default")
    from_plain = markup5.parse_xml(plain, xml10_compatible=xml10, keep_xmlns_attributes=keep)
    from_pretty = markup5.parse_xml(pretty, xml10_compatible=xml10, keep_xmlns_attributes=keep)
    if pretty_normalized(from_pretty) != pretty_normalized(from_plain):
        raise InvariantViolation(f"pretty printing changed the tree:\n  plain:  {plain!r}\n"
                                 f"  pretty: {pretty!r}")
    again = markup5.serialize_xml(from_pretty, pretty=True, indent=indent)
    if again != pretty:
        reason = unstable_xml_class(doc, xml10)
        if reason is not None:
            return "skipped:" + reason
        raise InvariantViolation(f"pretty printing is not a fixed point:\n  first:  {pretty!r}\n"
                                 f"  second: {again!r}")
    return "indented" if pretty != plain else "unchanged"


def _gen_xml(rng: random.Random) -> bytes:
    return _gen_with("xml", grammar.xml)(rng)


HARNESSES: tuple[Harness, ...] = (
    Harness("xml-iterparse", iterparse_target, _gen_xml, "xml", 4.0,
            iterparse_target.__doc__ or ""),
    Harness("xml-pretty", pretty_target, _gen_xml, "xml", 3.0, pretty_target.__doc__ or ""),
)
