"""Streaming XML parsing: :func:`iterparse_xml`, events as the tree grows.

The document is parsed by :class:`~markup5.xml.XmlParser` (the XML5 rules,
with the recovery and the errors of ``parse_xml(data, fast_path=False)``),
a chunk at a time; after each chunk, what the chunk added to the tree is
walked in document order and reported as ``(event, node)`` pairs, as
:func:`xml.etree.ElementTree.iterparse` does:

``"start"``
    an :class:`~markup5.dom.Element`, with its name, namespace and
    attributes set.  Its children may or may not be there yet (those of
    the same chunk are): wait for its ``"end"`` to look at them.
``"end"``
    the same Element, complete: its whole subtree is in place.
``"comment"``
    a :class:`~markup5.dom.Comment` (complete when reported).
``"pi"``
    a :class:`~markup5.dom.ProcessingInstruction`.  (The XML declaration
    is not a node and has no event.)
``"start-ns"``
    a ``(prefix, uri)`` tuple for each namespace declaration of an element
    (an ``xmlns`` or ``xmlns:prefix`` attribute that the namespace rules
    accepted; the prefix is ``""`` for the default namespace, the URI
    ``""`` when it undeclares), just before the element's ``"start"``.
``"end-ns"``
    ``None``, once for each ``"start-ns"`` of an element, just after its
    ``"end"``.

Elements stay in the tree (``iterator.document``).  To keep memory
bounded on a large file, drop what is done: on the ``"end"`` event of an
element you have handled (a record), call ``iterator.discard(node)``,
which removes it from the tree together with the nodes before it in its
parent (the text between records, comments, records already discarded):
the tree then holds only the path to the current record.  (No option
clears every element automatically: an element's children end before it
does, so clearing each at its own ``"end"`` would empty a record before
its ``"end"``.)  Removing only the element (``node.remove()``) leaves the
text between records behind, one node per record.  The tree may be
changed while iterating only by removing nodes already reported (elements
after their ``"end"``): the walk counts the children not yet reported from
the end of each parent.

Nothing here recurses (a document nested a million levels deep streams),
and the walk is linear: each node is looked at once.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterable, Iterator
from typing import IO, Any, Union

from .._collector import collector_paused
from ..dom import (XMLNS_NAMESPACE, Comment, Document, Element, Node, ParentNode,
                   ProcessingInstruction)
from ..errors import ParseError
from .namespaces import split_qname
from .treebuilder import XmlParser

__all__ = ["iterparse_xml", "XmlEventIterator", "EVENTS"]

#: The event names :func:`iterparse_xml` knows.
EVENTS = frozenset({"start", "end", "comment", "pi", "start-ns", "end-ns"})

#: What :func:`iterparse_xml` reads: markup, a file object or a path.
Source = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]", "os.PathLike[bytes]",
               IO[str], IO[bytes]]


def iterparse_xml(source: Source, events: Iterable[str] = ("start", "end"), *,
                  chunk_size: int = 65536,
                  keep_xmlns_attributes: bool = True, xml10_compatible: bool = True,
                  transport_encoding: str | None = None, process_dtd: bool = True,
                  max_entity_amplification: float = 100.0,
                  entity_expansion_threshold: int = 8 * 1024 * 1024
                  ) -> XmlEventIterator:
    """Parse XML incrementally, yielding ``(event, node)`` pairs in document
    order (see :mod:`markup5.xml.iterparse` for the events and what each
    node is).

    ``source`` is the document (``str`` or bytes, as :func:`parse_xml`
    takes them), a file object opened in binary or text mode (read
    ``chunk_size`` bytes or characters at a time; not closed here), or a
    path (:class:`os.PathLike`, opened in binary mode and closed when the
    events run out or :meth:`XmlEventIterator.close` is called).  A ``str``
    is markup, never a file name: pass ``pathlib.Path(name)``.  ``events``
    names the events wanted (a subset of :data:`EVENTS`).  Memory stays
    bounded however large the document when each element handled is
    dropped with :meth:`XmlEventIterator.discard` on its ``"end"`` event.

    The other options are :class:`~markup5.xml.XmlParser`'s (and
    :func:`~markup5.xml.parse_xml`'s).  The tree, the errors and the
    encoding are those of ``parse_xml(data, fast_path=False, ...)`` with
    the same options (but for what was discarded), reachable as
    :attr:`XmlEventIterator.document`, :attr:`~XmlEventIterator.errors`
    and :attr:`~XmlEventIterator.encoding`; they are complete once the
    events have run out.  Never raises on any markup; bad arguments are a
    TypeError or ValueError, raised by this call.

        >>> from markup5.xml.iterparse import iterparse_xml
        >>> for event, node in iterparse_xml(b'<a><b x="1"/>text<!--c--></a>',
        ...                                  events=("start", "end", "comment")):
        ...     print(event, node.name if event != "comment" else node.data)
        start a
        start b
        end b
        comment c
        end a
    """
    wanted = _check_events(events)
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int):
        raise TypeError(f"chunk_size must be an int, not {type(chunk_size).__name__}")
    if chunk_size <= 0:
        raise ValueError(f"chunk_size must be positive, not {chunk_size}")
    if not isinstance(keep_xmlns_attributes, bool):
        raise TypeError(f"keep_xmlns_attributes must be a bool, "
                        f"not {type(keep_xmlns_attributes).__name__}")
    namespace_events = "start-ns" in wanted or "end-ns" in wanted
    # With namespace events, the declarations are read from the elements'
    # xmlns attributes: they are kept while the element is walked, then
    # dropped if the caller does not want them (what the tree builder does
    # otherwise when it makes the element).
    parser = XmlParser(keep_xmlns_attributes=keep_xmlns_attributes or namespace_events,
                       xml10_compatible=xml10_compatible,
                       transport_encoding=transport_encoding, process_dtd=process_dtd,
                       max_entity_amplification=max_entity_amplification,
                       entity_expansion_threshold=entity_expansion_threshold)
    chunks, opened = _reader(source, chunk_size)
    return XmlEventIterator(parser, chunks, opened, wanted,
                            strip_xmlns=namespace_events and not keep_xmlns_attributes)


def _check_events(events: object) -> frozenset[str]:
    if isinstance(events, (str, bytes)):
        raise TypeError(f"events must be a sequence of event names such as ('start', 'end'), "
                        f"not a {type(events).__name__}")
    try:
        names = list(events)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"events must be a sequence of event names, "
                        f"not {type(events).__name__}") from None
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"event names are str, not {type(name).__name__}")
        if name not in EVENTS:
            raise ValueError(f"unknown event {name!r} (the events are "
                             f"{', '.join(sorted(EVENTS))})")
    return frozenset(names)


def _reader(source: object, chunk_size: int) -> tuple[Iterator[str | bytes], IO[bytes] | None]:
    """The chunks of ``source`` (see :func:`iterparse_xml`), and the file
    this module opened for it (closed by the iterator), if any."""
    if isinstance(source, str):
        text = source
        return (text[i:i + chunk_size] for i in range(0, len(text), chunk_size)), None
    if isinstance(source, (bytes, bytearray, memoryview)):
        view = memoryview(source).cast("B")
        return (bytes(view[i:i + chunk_size]) for i in range(0, len(view), chunk_size)), None
    if isinstance(source, os.PathLike):
        file: IO[bytes] = open(source, "rb")  # noqa: SIM115 -- closed by the iterator
        return _read(file, chunk_size), file
    read = getattr(source, "read", None)
    if callable(read):
        return _read(source, chunk_size), None
    raise TypeError(f"iterparse_xml() takes str or bytes markup, a file object or an "
                    f"os.PathLike path, not {type(source).__name__}")


def _read(file: Any, chunk_size: int) -> Iterator[str | bytes]:
    while True:
        chunk = file.read(chunk_size)
        if not isinstance(chunk, (str, bytes, bytearray)):
            raise TypeError(f"the file's read() returned {type(chunk).__name__}, "
                            f"not str or bytes")
        if not chunk:
            return
        yield chunk if not isinstance(chunk, bytearray) else bytes(chunk)


class XmlEventIterator(Iterator[tuple[str, Any]]):
    """The iterator :func:`iterparse_xml` returns: ``(event, node)`` pairs.

    :attr:`document` is the :class:`~markup5.dom.Document` being built (the
    whole tree once the events have run out, but for what was discarded);
    :attr:`errors` the parse errors so far (all of them, decoding errors
    included, once the events have run out); :attr:`encoding` the
    encoding's name once known ("UTF-8" for text).
    """

    def __init__(self, parser: XmlParser, chunks: Iterator[str | bytes],
                 opened: IO[bytes] | None, events: frozenset[str], strip_xmlns: bool) -> None:
        self._parser = parser
        self._file = opened
        #: The walk's state (see _generate): the nodes entered and not yet
        #: ended (the document first), for each the index of its first
        #: child not yet reported, and id() -> depth in ``_nodes``.
        self._nodes: list[ParentNode] = [parser.builder.document]
        self._indexes: list[int] = [0]
        self._depths: dict[int, int] = {id(parser.builder.document): 0}
        self._events = self._generate(chunks, events, strip_xmlns)

    @property
    def document(self) -> Document:
        """The document being built (whole once the events have run out)."""
        return self._parser.builder.document

    @property
    def errors(self) -> list[ParseError]:
        """The parse errors, in stream order (complete once the events have
        run out)."""
        return self._parser.errors

    @property
    def encoding(self) -> str | None:
        """The document's encoding ("UTF-8" for text), None until known."""
        return self._parser.encoding

    def __iter__(self) -> XmlEventIterator:
        return self

    def __next__(self) -> tuple[str, Any]:
        return next(self._events)

    def discard(self, node: Node) -> None:
        """Remove ``node`` from the tree, with the nodes before it in its
        parent: what is done with, so that memory stays bounded.  ``node``
        is an element whose ``"end"`` event has been reported (or a
        comment or processing instruction reported); nodes before it are
        all reported too.  Its subtree stays with it (keep a reference to
        keep the element whole); a node already out of the tree is left
        alone.  ValueError for a node not yet reported (or an element not
        yet ended)."""
        if not isinstance(node, Node):
            raise TypeError(f"discard() takes a Node, not {type(node).__name__}")
        parent = node.parent
        if parent is None:
            return
        if id(node) in self._depths and self._nodes[self._depths[id(node)]] is node:
            raise ValueError("discard(): the element has not ended yet (discard it on its "
                             "'end' event)")
        children = parent.children
        depth = self._depths.get(id(parent))
        if depth is not None and self._nodes[depth] is not parent:
            depth = None
        hint = self._indexes[depth] - 1 if depth is not None else len(children) - 1
        k = _position(children, node, hint)
        if depth is not None and k >= self._indexes[depth]:
            raise ValueError("discard(): the node has not been reported yet")
        for sibling in children[:k + 1]:
            sibling.parent = None
        del children[:k + 1]
        if depth is not None:
            self._indexes[depth] -= k + 1

    def close(self) -> None:
        """Stop parsing (no more events) and close the file opened for a
        path.  The document stays as far as it was built."""
        self._events.close()
        self._close_file()

    def _close_file(self) -> None:
        file = self._file
        if file is not None:
            self._file = None
            file.close()

    def _generate(self, chunks: Iterator[str | bytes], wanted: frozenset[str],
                  strip_xmlns: bool) -> Generator[tuple[str, Any], None, None]:
        """Feed the chunks, and after each one report what it added.

        The walk keeps, for each element entered and not yet ended (the
        document first), the index of its first child not yet reported.
        Elements are reported ended when the tree builder has closed them:
        an element at depth d of ``nodes`` is open while it is
        ``open_elements[d - 1]``.  At each event the number of children
        left to report in the parent is noted, so that removals of
        reported nodes by the caller keep the index right (discard()
        keeps the other depths' indexes right)."""
        parser = self._parser
        builder = parser.builder
        open_elements = builder.open_elements
        want_start = "start" in wanted
        want_end = "end" in wanted
        want_comment = "comment" in wanted
        want_pi = "pi" in wanted
        want_ns = "start-ns" in wanted or "end-ns" in wanted
        want_start_ns = "start-ns" in wanted
        want_end_ns = "end-ns" in wanted
        nodes = self._nodes
        indexes = self._indexes
        depths = self._depths
        # With namespace events: the number of declarations of each entered
        # element (for its "end-ns" events).
        declared_counts: list[int] = [0]
        final = False
        try:
            while True:
                # Parse the next chunk (the collector paused as parse_xml
                # pauses it: the growing tree is alive, and walking it in
                # every collection made parsing a fifth slower).
                chunk = next(chunks, None)
                with collector_paused():
                    if chunk is None:
                        parser.close()
                        final = True
                    else:
                        parser.feed(chunk)
                # Report what it added.
                while True:
                    top = len(nodes) - 1
                    node = nodes[top]
                    children = node.children
                    i = indexes[top]
                    if i < len(children):
                        child = children[i]
                        indexes[top] = i + 1
                        kind = type(child)
                        if kind is Element:
                            assert isinstance(child, Element)
                            # Entered first: at "start" it has not ended.
                            depths[id(child)] = len(nodes)
                            nodes.append(child)
                            indexes.append(0)
                            declarations: tuple[tuple[str, str], ...] = ()
                            if want_ns:
                                declarations = _declarations(child)
                            if strip_xmlns:  # (rejected declarations too)
                                _strip_xmlns(child)
                            declared_counts.append(len(declarations))
                            if want_start_ns:
                                for declaration in declarations:
                                    after = len(children) - i - 1
                                    yield "start-ns", declaration
                                    children = node.children
                                    indexes[top] = max(0, len(children) - after)
                            if want_start:
                                after = len(children) - i - 1
                                yield "start", child
                                indexes[top] = max(0, len(node.children) - after)
                        elif kind is Comment:
                            if want_comment:
                                after = len(children) - i - 1
                                yield "comment", child
                                indexes[top] = max(0, len(node.children) - after)
                        elif kind is ProcessingInstruction:
                            if want_pi:
                                after = len(children) - i - 1
                                yield "pi", child
                                indexes[top] = max(0, len(node.children) - after)
                        continue
                    if top == 0:
                        if final:
                            return
                        break  # the document may still grow
                    if not final and top <= len(open_elements) and \
                            open_elements[top - 1] is node:
                        break  # still open: wait for more input
                    # The element is complete.
                    nodes.pop()
                    indexes.pop()
                    del depths[id(node)]
                    count = declared_counts.pop()
                    top -= 1
                    parent = nodes[top]
                    siblings = parent.children
                    indexes[top] = _index_after(siblings, node, indexes[top])
                    if want_end:
                        after = len(siblings) - indexes[top]
                        yield "end", node
                        siblings = parent.children
                        indexes[top] = max(0, len(siblings) - after)
                    if want_end_ns:
                        for _ in range(count):
                            after = len(siblings) - indexes[top]
                            yield "end-ns", None
                            siblings = parent.children
                            indexes[top] = max(0, len(siblings) - after)
        finally:
            self._close_file()


def _position(children: list[Node], node: Node, hint: int) -> int:
    """The index of ``node`` in ``children`` (looked for at ``hint`` first)."""
    if 0 <= hint < len(children) and children[hint] is node:
        return hint
    for k in range(len(children) - 1, -1, -1):
        if children[k] is node:
            return k
    raise ValueError("the node is not among its parent's children")


def _index_after(children: list[Node], node: Node, index: int) -> int:
    """The index just after ``node`` in ``children`` (where it was reported,
    at ``index - 1``, unless nodes before it were removed since); when it
    is no longer there, ``index - 1``."""
    if 0 < index <= len(children) and children[index - 1] is node:
        return index
    if node.parent is not None:
        for j in range(min(index, len(children)) - 1, -1, -1):
            if children[j] is node:
                return j + 1
    return max(0, min(index - 1, len(children)))


def _declarations(element: Element) -> tuple[tuple[str, str], ...]:
    """The namespace declarations of ``element`` that the namespace rules
    accepted (its ``xmlns`` attributes in the XMLNS namespace), as
    ``(prefix, uri)``."""
    namespaces = element.attr_namespaces
    if not namespaces:
        return ()
    attrs = element.attrs
    return tuple(("" if qname == "xmlns" else qname[6:], attrs[qname])
                 for qname, uri in namespaces.items()
                 if uri == XMLNS_NAMESPACE and qname in attrs)


def _is_xmlns(qname: str) -> bool:
    """Whether ``keep_xmlns_attributes=False`` drops the attribute: a
    namespace declaration by its name, accepted or not."""
    return qname == "xmlns" or (qname.startswith("xmlns:") and split_qname(qname)[0] == "xmlns")


def _strip_xmlns(element: Element) -> None:
    """Drop the element's namespace declarations, as the tree builder does
    with ``keep_xmlns_attributes=False``."""
    attrs = element.attrs
    if any(_is_xmlns(qname) for qname in attrs):
        element.attrs = {k: v for k, v in attrs.items() if not _is_xmlns(k)}
        namespaces = element.attr_namespaces
        if namespaces:
            element.attr_namespaces = ({k: v for k, v in namespaces.items()
                                        if k in element.attrs} or None)
