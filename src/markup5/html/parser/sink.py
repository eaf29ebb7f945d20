"""The tree builder's view of the tree: a small sink interface.

The tree builder never touches nodes except through a :class:`TreeSink`
(modelled on html5ever's ``TreeSink`` and parse5's tree adapter), so other
trees can be plugged in.  Elements handed back by a sink must expose
``namespace``, ``local_name`` and ``attrs`` (a dict), which the tree
builder reads for its scope checks (and ``children``, for the copies a
``selectedcontent`` receives).  :class:`DomSink` builds markup5's own
DOM (:mod:`markup5.dom`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from ...dom import (HTML_NAMESPACE, Comment, Document, DocumentFragment, DocumentType, Element, Node,
                    ParentNode, ProcessingInstruction, Text)
from ...dom import _create_element
from ...dom import _index as _child_index
from ...dom import _sibling_position
from ..._mypyc import mypyc_attr
from ...errors import PositionMap

if TYPE_CHECKING:  # (typed, so that the compiled build reads its spans natively)
    from ..tokenizer.core import LocatedToken
    from .treebuilder import TreeBuilderCore

__all__ = ["TreeSink", "DomSink", "LocatingDomSink"]

#: The sink makes most elements and text nodes with ``object.__new__`` and
#: sets their slots itself: calling the class runs ``__init__`` in a frame
#: of its own, which costs more than the rest of making the node (-1.9% of
#: parse() instructions).  tests/test_parser.py checks that every slot gets
#: the value the constructor gives it.
_new = object.__new__


class TreeSink(Protocol):
    """What the tree builder needs from a tree."""

    document: Any

    def create_element(self, local_name: str, namespace: str, attrs: dict[str, str],
                       attr_namespaces: dict[str, str] | None = None) -> Any: ...
    def create_comment(self, data: str) -> Any: ...
    def create_processing_instruction(self, target: str, data: str) -> Any: ...
    def append_doctype(self, name: str, public_id: str, system_id: str) -> None: ...
    def append(self, parent: Any, node: Any) -> None: ...
    def insert_before(self, parent: Any, node: Any, reference: Any) -> None: ...
    def insert_text(self, parent: Any, data: str, reference: Any = None) -> None: ...
    def remove(self, node: Any) -> None: ...
    def parent(self, node: Any) -> Any: ...
    def reparent_children(self, node: Any, new_parent: Any) -> None: ...
    def template_contents(self, element: Any) -> Any: ...
    def add_attributes_if_missing(self, element: Any, attrs: dict[str, str]) -> None: ...
    def set_document_mode(self, mode: str) -> None: ...
    # Optional: ``associate_form(element, form)``, called when the parser
    # associates a form-associated element with the form element pointer's
    # form while that form is no longer open (see
    # TreeBuilderCore._associate_with_form).
    def clone_children(self, source: Any | None, target: Any) -> list[Any]: ...


def _may_grow(node: Text, current: Any, is_open: Callable[[Any], bool]) -> bool:
    """Whether the tree builder may still merge text into ``node``.  Text
    goes into "the appropriate place for inserting a node" (§13.2.6.1):
    after the last child of the current node (of its template contents,
    for a template) or, foster-parented, after the last child of the last
    template's contents or just before the last table.  So ``node`` may
    grow if it is the last child of the current node, of an open
    template's contents or table, table section or row (text goes into one
    of those once an element foster-parented out of it is closed), or of
    the html element (whitespace after the head goes on there once a
    ``<style>``, ``<script>``, ``<title>`` ... that "after head" put into
    the head is closed), or if it is just before an open table.
    ``is_open`` tells whether an HTML table, tbody, thead, tfoot, tr,
    template or html element is on the stack of open elements.  (The
    answer errs only towards no: a node that grows after all is joined
    again.)"""
    parent = node.parent
    if parent is None:
        return False
    siblings = parent.children
    if siblings[-1] is node:
        owner = parent.host if isinstance(parent, DocumentFragment) else parent
        return owner is current or (owner is not None and is_open(owner))
    after = siblings[_sibling_position(siblings, node) + 1]
    return isinstance(after, Element) and after.local_name == "table" and \
        after.namespace == HTML_NAMESPACE and is_open(after)


@mypyc_attr(allow_interpreted_subclasses=True)  # a user's sink may extend it
class DomSink:
    """A :class:`TreeSink` building a :class:`~markup5.dom.Document` (or,
    for fragment parsing, the nodes of one)."""

    __slots__ = ("document", "_merging", "_merged", "_parked", "_credit")

    def __init__(self, document: Document | None = None) -> None:
        self.document = Document() if document is None else document
        # Text that arrives in pieces, with tokens between them that add no
        # node (an ignored end tag, a parse error), all goes into one Text
        # node.  "node.data += data" would copy the whole text each time,
        # quadratic on "x</p>" x N; so the pieces for the Text node being
        # merged into are kept in a list and joined once (flush_text).  Text
        # can go by turns into two nodes (foster-parented text before a
        # table, whitespace into it: "<table>" + "x</x> </x>" x N), so the
        # pieces of the others are parked, by node, rather than joined at
        # each turn.
        self._merging: Text | None = None
        self._merged: list[str] = []
        self._parked: dict[int, tuple[Text, list[str]]] = {}
        self._credit = 0  # (see flush_finished_text)

    def _merge(self, node: Text, data: str, position: int) -> None:
        """Append ``data`` to ``node``'s data (joined by :meth:`flush_text`);
        ``node`` is at ``position`` among its siblings, which is remembered
        for :func:`_may_grow` (see dom._sibling_position: without it, the
        nodes parked after a chunk were each searched for among their
        siblings, N x N on ``"<table>x</x>y</x> </x> </x></table>"`` x N)."""
        node._position_hint = position
        if node is not self._merging:
            if self._merging is not None:
                self._parked[id(self._merging)] = (self._merging, self._merged)
            self._merging = node
            parked = self._parked.pop(id(node), None)  # (a parked node is alive: its id is its)
            self._merged = [node.data] if parked is None else parked[1]
        self._merged.append(data)

    def flush_text(self) -> None:
        """Give the Text nodes being merged into their whole data: what the
        parser does at the end of the input (after each chunk, only for
        those that can grow no more: :meth:`flush_finished_text`); call it
        to see a tree whole while it is being built."""
        self._join_merging()
        for node, pieces in self._parked.values():
            node.data = "".join(pieces)
        self._parked = {}
        self._credit = 0

    def flush_finished_text(self, current: Any, is_open: Callable[[Any], bool],
                            work: int) -> None:
        """Join the pieces of the Text nodes that can take no more text, the
        others staying pieces: what the parser does after each chunk it is
        fed, so that what the caller can see between chunks is whole but
        for text that may still grow.  (Joined after every chunk, a text
        growing over many chunks was copied whole each time.)  ``current``
        is the current node, ``is_open`` tells whether a table, table
        section, row or template element is open (see :func:`_may_grow`),
        and ``work`` is the length of the chunk.

        The node being merged into is looked at every time; the others
        (parked: text went into another node since) when the chunks since
        they were last looked at have been as long as there are of them.
        They are few but for tag soup, which can leave one to grow before
        and in every open table (``"<table> </x> <div>"`` x N): looked at
        after every chunk, N of them over N more chunks were N x N."""
        node = self._merging
        if node is not None and not _may_grow(node, current, is_open):
            self._join_merging()
        parked = self._parked
        if parked:
            self._credit += work + 1
            if self._credit >= len(parked):
                self._credit = 0
                for key, (node, pieces) in list(parked.items()):
                    if not _may_grow(node, current, is_open):
                        node.data = "".join(pieces)
                        del parked[key]

    def _join_merging(self) -> None:
        """Join the pieces of the Text node being merged into, if any."""
        node = self._merging
        if node is not None:
            node.data = "".join(self._merged)
            self._merging = None
            self._merged = []

    def _whole_data(self, node: Text) -> str:
        """``node``'s whole data, its pieces (if it is being merged into)
        joined, and kept joined: what :meth:`clone_children` copies, so
        that a copy joins only the Text nodes it copies."""
        if node is self._merging:
            pieces = self._merged
        else:
            parked = self._parked.get(id(node)) if self._parked else None
            if parked is None:
                return node.data
            pieces = parked[1]
        if len(pieces) > 1:
            pieces[:] = ["".join(pieces)]
        data = node.data = pieces[0]
        return data

    def create_element(self, local_name: str, namespace: str, attrs: dict[str, str],
                       attr_namespaces: dict[str, str] | None = None) -> Element:
        if local_name == "template":  # (an HTML one gets its contents)
            element = _create_element(local_name, attrs, namespace)
        else:
            # Element.__init__'s work, written out (see _new).
            element = _new(Element)
            element.parent = None
            element.children = []
            element.local_name = local_name
            element.namespace = namespace
            element.prefix = None
            element.attrs = attrs
            element.attr_namespaces = None
            element.template_contents = None
        if attr_namespaces:
            element.attr_namespaces = attr_namespaces
        return element

    def create_comment(self, data: str) -> Comment:
        return Comment(data)

    def create_processing_instruction(self, target: str, data: str) -> ProcessingInstruction:
        return ProcessingInstruction(target, data)

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        self.append(self.document, DocumentType(name, public_id, system_id))

    def append(self, parent: ParentNode, node: Node) -> None:
        node.parent = parent
        parent.children.append(node)

    def insert_before(self, parent: ParentNode, node: Node, reference: Node | None) -> None:
        """Insert ``node`` before ``reference``, a child of ``parent``.  As
        :meth:`append` does, this leaves out the DOM's pre-insertion checks:
        the tree builder inserts only nodes that are new or just removed,
        never into themselves, and the check that a node is no ancestor of
        ``parent`` walked up to the document for every foster-parented
        furthest block (``<div>`` x N + ``<table>`` + ``<b><p>x</b></p>`` x N
        was N x N)."""
        if reference is None:
            self.append(parent, node)
            return
        if node.parent is not None:
            self.remove(node)
        children = parent.children
        children.insert(_child_index(children, reference), node)
        node.parent = parent

    def insert_text(self, parent: ParentNode, data: str, reference: Node | None = None) -> None:
        """Insert text before ``reference`` (or at the end), merged into the
        Text node that would precede it."""
        children = parent.children
        if reference is None:
            if children:
                last = children[-1]
                if type(last) is Text:
                    self._merge(last, data, len(children) - 1)
                    return
            node = _new(Text)  # Text.__init__'s work, written out (see _new)
            node.parent = parent
            node.data = data
            children.append(node)
            return
        # Searched from the end: foster-parented text goes before the open
        # table, which is at or near the end of its parent's children
        # (list.index from the start made <table> x N quadratic).
        i = _child_index(children, reference)
        previous = children[i - 1] if i else None
        if type(previous) is Text:
            self._merge(previous, data, i - 1)
            return
        node = Text(data)
        node.parent = parent
        children.insert(i, node)

    def remove(self, node: Node) -> None:
        if node.parent is not None:
            node.parent.remove_child(node)

    def parent(self, node: Node) -> ParentNode | None:
        return node.parent

    def reparent_children(self, node: ParentNode, new_parent: ParentNode) -> None:
        children = node.children
        for child in children:
            child.parent = new_parent
        new_parent.children.extend(children)
        node.children = []

    def template_contents(self, element: Element) -> DocumentFragment:
        contents = element.template_contents
        if contents is None:
            contents = element.template_contents = DocumentFragment()
        return contents

    def add_attributes_if_missing(self, element: Element, attrs: dict[str, str]) -> None:
        for name, value in attrs.items():
            if name not in element.attrs:
                element.attrs[name] = value

    def set_document_mode(self, mode: str) -> None:
        self.document.mode = mode

    def associate_form(self, element: Element, form: Element) -> None:
        """The tree builder associated ``element`` with ``form`` through the
        form element pointer where the tree does not show it (an optional
        sink method): recorded in the document's
        :attr:`~markup5.dom.Document.form_associations`."""
        document = self.document
        owners = document.form_associations
        if owners is None:
            owners = document.form_associations = {}
        owners[element] = form

    def clone_children(self, source: ParentNode | None, target: ParentNode) -> list[Node]:
        """Replace ``target``'s children with deep copies of ``source``'s
        children ("clone an option into a selectedcontent": the copies are
        all made before ``target`` changes, so a target inside the source
        is copied as it was, once); ``source`` None empties ``target``.
        Iterative; template contents are copied too, as the template
        element's cloning steps do.  Returns the copies made of
        ``source``'s children (their own children are reached through
        ``children``)."""
        copies: list[Node] = []
        # Entries: (original, the list its copy goes into, the copy's parent).
        work: list[tuple[Node, list[Node], ParentNode | None]] = [
            (child, copies, None) for child in reversed(source.children)] if source else []
        while work:
            original, siblings, parent = work.pop()
            # (Text, Comment and ProcessingInstruction have no subclasses.)
            if isinstance(original, Text):
                copy: Node = Text(self._whole_data(original))
            elif isinstance(original, Comment):
                copy = Comment(original.data)
            elif isinstance(original, ProcessingInstruction):
                copy = ProcessingInstruction(original.target, original.data)
            elif isinstance(original, Element):
                element = _create_element(original.local_name, dict(original.attrs),
                                          original.namespace, original.prefix)
                if original.attr_namespaces:
                    element.attr_namespaces = dict(original.attr_namespaces)
                work.extend((child, element.children, element)
                            for child in reversed(original.children))
                contents = original.template_contents
                if contents is not None:
                    fragment = element.template_contents = DocumentFragment()
                    work.extend((child, fragment.children, fragment)
                                for child in reversed(contents.children))
                copy = element
            else:
                continue
            copy.parent = parent
            siblings.append(copy)
        for child in target.children:
            child.parent = None
        for copy in copies:
            copy.parent = target
        target.children = copies
        return copies


@mypyc_attr(allow_interpreted_subclasses=True)
class LocatingDomSink(DomSink):
    """A :class:`DomSink` that gives the nodes it makes their source
    location (``source_locations=True``): the parser sets :attr:`builder`,
    the tree builder whose token is being handled (the span of the part of
    a character token inserted as text), :attr:`located`, its note of that
    token (whose span the nodes made for it share), and :attr:`positions`,
    the parse's line table.  Every element it makes is
    located: the tree builder takes the location back from those it makes
    without a token of their own.  A Text node made of several pieces
    spans from the first's start to the last's end."""

    __slots__ = ("builder", "located", "positions")

    def __init__(self, document: Document | None = None) -> None:
        super().__init__(document)
        self.builder: TreeBuilderCore | None = None
        self.located: LocatedToken | None = None
        self.positions: PositionMap | None = None

    # (Each node made for the token being handled shares the span of it, a
    # markup5.locations.Span tuple: located.span, see LocatedToken.)

    def create_element(self, local_name: str, namespace: str, attrs: dict[str, str],
                       attr_namespaces: dict[str, str] | None = None) -> Element:
        element = DomSink.create_element(self, local_name, namespace, attrs, attr_namespaces)
        located = self.located
        if located is not None:
            element._location = located.span
        return element

    def create_comment(self, data: str) -> Comment:
        node = Comment(data)
        located = self.located
        if located is not None:
            node._location = located.span
        return node

    def create_processing_instruction(self, target: str, data: str) -> ProcessingInstruction:
        node = ProcessingInstruction(target, data)
        located = self.located
        if located is not None:
            node._location = located.span
        return node

    def append_doctype(self, name: str, public_id: str, system_id: str) -> None:
        node = DocumentType(name, public_id, system_id)
        located = self.located
        if located is not None:
            node._location = located.span
        self.append(self.document, node)

    def insert_text(self, parent: ParentNode, data: str, reference: Node | None = None) -> None:
        children = parent.children
        builder = self.builder
        if reference is None and builder is not None and (
                not children or type(children[-1]) is not Text):
            # A new Text node at the end (DomSink.insert_text's, written
            # out) with the span of the text.
            text = _new(Text)
            text.parent = parent
            text.data = data
            # (The builder's _text_span, whose usual answer is the token's
            # span: the token's whole text inserted, no table text.)
            located = builder._located
            token_text = located.text
            if builder._text_override is None and (token_text is None or token_text == data):
                text._location = located.span
            else:
                text._location = builder._text_span(data)
            children.append(text)
            return
        count = len(children)
        DomSink.insert_text(self, parent, data, reference)
        if builder is None:
            return
        if reference is None:
            node = children[-1]
        else:
            node = children[_child_index(children, reference) - 1]
        start, end, positions = builder._text_span(data)
        if len(children) > count:  # a new Text node
            node._location = (start, end, positions)
            return
        try:
            old = node._location
        except AttributeError:  # (a copy made without one keeps none)
            return
        if type(old) is tuple:
            old_start, old_end = old[0], old[1]
        else:
            old_start, old_end = old.offset, old.end_offset
        node._location = (min(start, old_start), max(end, old_end), positions)
