"""The document object model shared by the HTML and XML5 parsers.

Light nodes (``__slots__``) with the conveniences users expect: ``children``
and ``parent``, iteration over descendants, ``text_content``, finding
elements by tag name, id or class.  Nothing here recurses: a document nested
100,000 levels deep can be walked, edited, cloned, dumped, serialized and
dropped.

Elements carry a namespace URI, a prefix and a local name.  Attributes are
a dict from qualified name (``"href"``, ``"xlink:href"``) to value, in
source order; an attribute in a namespace also has an entry in
:attr:`Element.attr_namespaces` (qualified name -> namespace URI).

Editing follows the DOM Standard (dom.spec.whatwg.org), with its names in
Python spelling: ``append``/``prepend``/``before``/``after``/
``replace_with``/``remove``, ``append_child``/``insert_before``/
``replace_child``/``remove_child``, ``set_attribute`` and friends,
``class_list``, ``clone``, ``inner_html``/``outer_html``.  Every insertion
runs the standard's "ensure pre-insertion validity" checks first: an edit
that would make a tree the DOM forbids (a node inside itself, a second
document element, text directly under a document) raises
:class:`HierarchyRequestError` (a :class:`ValueError`) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
import re
from typing import TYPE_CHECKING, Any, SupportsIndex, TypeVar, Union, cast

from .domexceptions import (
    DOMError, DOMSyntaxError, HierarchyRequestError, InvalidCharacterError, NamespaceError,
    NoModificationAllowedError, NotFoundError,
)
from .locations import located as _located
from .tokenlist import DOMTokenList, ordered_set as _ordered_set

if TYPE_CHECKING:
    from .errors import ParseError
    from .forms import ValidityState
    from .locations import SourceLocation

__all__ = [
    "HTML_NAMESPACE", "SVG_NAMESPACE", "MATHML_NAMESPACE", "XLINK_NAMESPACE",
    "XML_NAMESPACE", "XMLNS_NAMESPACE",
    "Node", "ParentNode", "Document", "DocumentFragment", "DocumentType", "Element",
    "Text", "Comment", "ProcessingInstruction", "DOMTokenList",
    "DOMError", "HierarchyRequestError", "NotFoundError", "NoModificationAllowedError",
    "InvalidCharacterError", "DOMSyntaxError", "NamespaceError",
]

HTML_NAMESPACE = "http://www.w3.org/1999/xhtml"
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML"
XLINK_NAMESPACE = "http://www.w3.org/1999/xlink"
XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace"
XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/"

_N = TypeVar("_N", bound="Node")

#: What the DOM's variadic editing methods accept: nodes, and strings that
#: become Text nodes ("convert nodes into a node").
NodeOrString = Union["Node", str]

_ASCII_UPPER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ASCII_ALPHA = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _require_str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    return value


# --------------------------------------------------------------------------
# Node
# --------------------------------------------------------------------------

class Node:
    """Base class of all nodes."""

    # (_position_hint: where the sibling navigation last found this node
    # among its parent's children; see _sibling_position.)
    # (_location: where the parser found the node, see source_location;
    # never set unless the parse was asked for source locations.)
    __slots__ = ("parent", "__weakref__", "_position_hint", "_location")
    _position_hint: int
    # (A SourceLocation, or the parser's Span tuple of one; an element's
    # end tag has a slot of its own, Element._end_location.)
    _location: Any

    def __init__(self) -> None:
        self.parent: ParentNode | None = None

    @property
    def source_location(self) -> SourceLocation | None:
        """Where the node came from in the parsed source, when it was parsed
        with ``source_locations=True``: the span of the token (for an
        element, its start tag; for a Text node, from the first of its
        character tokens to the last), or None (no such parse, a node the
        tree builder made without a token, a node made or cloned by hand).
        See :mod:`markup5.locations`."""
        try:
            location = self._location
        except AttributeError:
            return None
        if type(location) is tuple:  # (the parser's Span: made a SourceLocation once read)
            location = self._location = _located(location)
        return cast("SourceLocation", location)

    def __bool__(self) -> bool:
        """Always True: ``if doc.select_one("base"):`` is about whether a
        node was found, never whether it has children (``len()`` of an
        empty element is 0, which made it false)."""
        return True

    # Navigation ------------------------------------------------------------

    @property
    def next_sibling(self) -> Node | None:
        """The node after this one in its parent, or None."""
        parent = self.parent
        if parent is None:
            return None
        siblings = parent.children
        return _sibling_at(siblings, _sibling_position(siblings, self) + 1)

    @property
    def previous_sibling(self) -> Node | None:
        """The node before this one in its parent, or None."""
        parent = self.parent
        if parent is None:
            return None
        siblings = parent.children
        return _sibling_at(siblings, _sibling_position(siblings, self) - 1)

    @property
    def next_element_sibling(self) -> Element | None:
        """The first element after this node in its parent, or None."""
        parent = self.parent
        if parent is None:
            return None
        siblings = parent.children
        for i in range(_sibling_position(siblings, self) + 1, len(siblings)):
            if isinstance(siblings[i], Element):
                return cast(Element, _sibling_at(siblings, i))
        return None

    @property
    def previous_element_sibling(self) -> Element | None:
        """The last element before this node in its parent, or None."""
        parent = self.parent
        if parent is None:
            return None
        siblings = parent.children
        for i in range(_sibling_position(siblings, self) - 1, -1, -1):
            if isinstance(siblings[i], Element):
                return cast(Element, _sibling_at(siblings, i))
        return None

    def get_root_node(self) -> Node:
        """The root of this node's tree: its furthest ancestor (itself if it
        has no parent).  A template's contents are a tree of their own."""
        node: Node = self
        while node.parent is not None:
            node = node.parent
        return node

    def contains(self, other: Node | None) -> bool:
        """Whether ``other`` is this node or one of its descendants (the
        DOM's ``contains()``; template contents are not descendants)."""
        if other is not None and not isinstance(other, Node):
            raise TypeError(f"contains() takes a Node or None, not {type(other).__name__}")
        node = other
        while node is not None:
            if node is self:
                return True
            node = node.parent
        return False

    # Text ------------------------------------------------------------------

    @property
    def text_content(self) -> str:
        """The DOM's ``textContent``: for an element or fragment the text of
        its descendant Text nodes (comments and processing instructions
        excluded), for a Text, Comment or ProcessingInstruction its data, for
        a Document or doctype the empty string (the DOM says null).

        Setting it replaces an element's or fragment's children with one
        Text node (none for the empty string), sets the data of a character
        data node, and does nothing on a Document or doctype, as in the
        DOM."""
        return self._get_text_content()

    @text_content.setter
    def text_content(self, value: str) -> None:
        self._set_text_content(_require_str(value, "text_content"))

    def _get_text_content(self) -> str:
        return ""

    def _set_text_content(self, value: str) -> None:
        return None

    def get_text(self, separator: str = "", strip: bool = False) -> str:
        """The text of the descendant Text nodes in tree order, joined with
        ``separator``; the text inside HTML ``script`` and ``style``
        elements is left out (unless this node is one).  With ``strip``,
        each piece loses its leading and trailing ASCII whitespace and
        empty pieces are dropped.  See :func:`markup5.text.get_text`."""
        from .text import get_text
        return get_text(self, separator, strip)

    @property
    def text(self) -> str:
        """The text property: the text a reader sees, a rough ``innerText``
        (``markup5 text`` prints it; :meth:`get_text` and :attr:`strings`
        are BeautifulSoup's other algorithm, :attr:`text_content` the
        DOM's): block elements on lines of their own, ``<br>`` a newline,
        paragraphs separated by a blank line, table cells by tabs, whitespace collapsed outside
        ``pre``, and ``script``, ``style``, ``template``, ``head`` and other
        elements a browser does not render left out.  The exact rules are
        in :func:`markup5.text.inner_text`."""
        from .text import inner_text
        return inner_text(self)

    # ChildNode: editing around this node -----------------------------------

    def before(self, *nodes: NodeOrString) -> None:
        """Insert ``nodes`` (strings become Text nodes) just before this
        node.  Does nothing if this node has no parent."""
        parent = self.parent
        if parent is None:
            _convert_nodes(nodes, "before")  # still check the arguments
            return
        # Step 2: the first preceding sibling not in nodes.
        excluded = {id(n) for n in nodes if isinstance(n, Node)}
        siblings = parent.children
        i = _sibling_position(siblings, self) - 1
        while i >= 0 and id(siblings[i]) in excluded:
            i -= 1
        viable_previous = siblings[i] if i >= 0 else None
        items = _convert_nodes(nodes, "before")
        # Steps 4-5: insert after the viable previous sibling (first if none).
        _pre_insert_items(parent, items, None, viable_previous, after_previous=True)

    def after(self, *nodes: NodeOrString) -> None:
        """Insert ``nodes`` (strings become Text nodes) just after this
        node.  Does nothing if this node has no parent."""
        parent = self.parent
        if parent is None:
            _convert_nodes(nodes, "after")
            return
        excluded = {id(n) for n in nodes if isinstance(n, Node)}
        siblings = parent.children
        i = _sibling_position(siblings, self) + 1
        while i < len(siblings) and id(siblings[i]) in excluded:
            i += 1
        viable_next = siblings[i] if i < len(siblings) else None
        items = _convert_nodes(nodes, "after")
        _pre_insert_items(parent, items, viable_next)

    def replace_with(self, *nodes: NodeOrString) -> None:
        """Replace this node by ``nodes`` (strings become Text nodes; no
        nodes removes it).  Does nothing if this node has no parent."""
        parent = self.parent
        if parent is None:
            _convert_nodes(nodes, "replace_with")
            return
        excluded = {id(n) for n in nodes if isinstance(n, Node)}
        siblings = parent.children
        i = _sibling_position(siblings, self) + 1
        while i < len(siblings) and id(siblings[i]) in excluded:
            i += 1
        viable_next = siblings[i] if i < len(siblings) else None
        items = _convert_nodes(nodes, "replace_with")
        if id(self) not in _converted(items)[2]:
            # This node stays in parent until the replacement: "replace
            # this with node within parent".
            _replace_items(parent, items, self)
        else:
            # The conversion moved this node into the new fragment (it is
            # among the nodes, or a child of a fragment among them): pre-insert.
            _pre_insert_items(parent, items, viable_next)

    def remove(self) -> None:
        """Detach this node from its parent (if any)."""
        if self.parent is not None:
            self.parent.remove_child(self)

    def decompose(self) -> None:
        """Remove this node and take its subtree apart (every descendant
        detached from its parent), as BeautifulSoup's ``decompose()``: for
        a tree you are done with.  Iterative, any depth.  Use
        :meth:`remove` to keep the subtree."""
        self.remove()
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, ParentNode):
                children = node.children
                node.children = []
                for child in children:
                    child.parent = None
                stack.extend(children)
                if isinstance(node, Element) and node.template_contents is not None:
                    stack.append(node.template_contents)

    def wrap(self, wrapper: ParentNode) -> ParentNode:
        """Put ``wrapper`` (an element, usually new and empty) in this
        node's place and this node into it, last; returns ``wrapper``
        (BeautifulSoup's ``wrap()``).  Raises
        :class:`HierarchyRequestError` if ``wrapper`` is this node or inside
        it."""
        if not isinstance(wrapper, ParentNode):
            raise TypeError(f"wrap() takes an Element, not {type(wrapper).__name__}")
        if self.contains(wrapper):
            raise HierarchyRequestError("a node cannot be wrapped in itself or a descendant")
        if self.parent is not None:
            self.parent.replace_child(wrapper, self)
        wrapper.append_child(self)
        return wrapper

    # Cloning ---------------------------------------------------------------

    def clone(self: _N, deep: bool = False) -> _N:
        """A copy of this node without a parent (the DOM's ``cloneNode``).
        With ``deep``, its descendants are copied too, and a template's
        contents; without, an element keeps its attributes but has no
        children.  Iterative: any depth works."""
        if not isinstance(deep, bool):
            raise TypeError(f"clone(deep=...) takes a bool, not {type(deep).__name__}")
        copy = _clone_one(self)
        if deep:
            stack: list[tuple[Node, Node]] = [(self, copy)]
            while stack:
                original, duplicate = stack.pop()
                if isinstance(original, Element) and original.template_contents is not None:
                    assert isinstance(duplicate, Element)
                    contents = duplicate.template_contents
                    if contents is None:
                        contents = duplicate.template_contents = DocumentFragment()
                        contents.host = duplicate
                    stack.append((original.template_contents, contents))
                if isinstance(original, ParentNode) and original.children:
                    assert isinstance(duplicate, ParentNode)
                    new_children = duplicate.children
                    for child in original.children:
                        child_copy = _clone_one(child)
                        child_copy.parent = duplicate
                        new_children.append(child_copy)
                        if isinstance(child, ParentNode):
                            stack.append((child, child_copy))
        return copy  # type: ignore[return-value]  # _clone_one keeps the type

    def __copy__(self: _N) -> _N:
        return self.clone(False)

    def __deepcopy__(self: _N, memo: dict[int, object]) -> _N:
        return self.clone(True)

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """Pickling: the whole tree the node is in, flattened, so that any
        depth pickles (the pickle module's own walk over the slots recursed
        once per level, and failed below about 200 levels).  A node is
        pickled as its tree's root (the topmost ancestor, past template
        contents to their template) and its path from there, so that nodes
        of one tree pickled together come back in one tree, as they were.
        A document's errors are pickled as the list they make."""
        from ._pickling import CONTENTS, descendant, tree_from_records, tree_records
        root: Node = self
        path: list[int] = []
        while True:
            parent = root.parent
            if parent is not None:
                path.append(_sibling_position(parent.children, root))
                root = parent
            elif isinstance(root, DocumentFragment) and root.host is not None:
                path.append(CONTENTS)
                root = root.host
            else:
                break
        if root is self:
            return tree_from_records, (tree_records(self),)
        path.reverse()
        return descendant, (root, path)

    # Output ----------------------------------------------------------------

    def serialize(self, **options: Any) -> str:
        """This node's markup: the one serialize method, a thin forwarder
        to :func:`markup5.serialize` (the DOM imports no serializer at load
        time), whose keyword options (``pretty=True``, ...) it takes.  An
        element gives itself and its subtree (its ``outer_html``), a
        Document or DocumentFragment its children.  ``str(node)`` and
        :meth:`to_html` are aliases (``str()`` of a Text or Comment is its
        data, as in BeautifulSoup)."""
        from .html.serializer import serialize
        return serialize(self, **options)

    def to_html(self) -> str:
        """Alias of :meth:`serialize` with no options."""
        from .html.serializer import to_html
        return to_html(self)

    def __str__(self) -> str:
        """The node's markup, :meth:`serialize` (as ``str(tag)`` in
        BeautifulSoup)."""
        return self.serialize()


def _clone_one(node: Node) -> Node:
    """The DOM's "clone a node" steps for one node, without children: the
    same kind of node with the same name, attributes (and their
    namespaces), data or document mode."""
    if isinstance(node, Text):
        return type(node)(node.data)
    if isinstance(node, Element):
        # (Unchecked for Element itself: a parsed name such as XML5's "1a"
        # or an attribute "=x" clones as it is.)
        copy = _create_element(node.local_name, dict(node.attrs), node.namespace, node.prefix) \
            if type(node) is Element \
            else type(node)(node.local_name, dict(node.attrs), node.namespace, node.prefix)
        if node.attr_namespaces:
            copy.attr_namespaces = dict(node.attr_namespaces)
        return copy
    if isinstance(node, Comment):
        return type(node)(node.data)
    if isinstance(node, ProcessingInstruction):
        return type(node)(node.target, node.data)
    if isinstance(node, Document):
        doc = type(node)(node.content_type)
        doc.mode = node.mode
        return doc
    if isinstance(node, DocumentType):
        return type(node)(node.name, node.public_id, node.system_id)
    if isinstance(node, DocumentFragment):
        return type(node)()
    raise TypeError(f"cannot clone {node!r}")


def _sibling_position(siblings: list[Node], node: Node) -> int:
    """Position of ``node`` among ``siblings`` (its parent's children) for
    the sibling navigation: where it was last found or handed out, if it is
    still there or one place away (a sibling before it was removed, or one
    inserted), else searched for and remembered.  Walking N siblings one
    ``next_sibling`` at a time searched for each: N x N."""
    try:
        hint = node._position_hint
    except AttributeError:  # (never set)
        hint = -2
    for i in (hint, hint - 1, hint + 1):
        if 0 <= i < len(siblings) and siblings[i] is node:
            node._position_hint = i
            return i
    i = node._position_hint = _index(siblings, node)
    return i


def _sibling_at(siblings: list[Node], i: int) -> Node | None:
    """The sibling at ``i`` (None outside the list), which remembers where
    it was handed out from (see :func:`_sibling_position`)."""
    if not 0 <= i < len(siblings):
        return None
    sibling = siblings[i]
    sibling._position_hint = i
    return sibling


def _index(children: list[Node], node: Node) -> int:
    """Position of ``node`` among ``children``: the last few first (the tree
    builder mostly works at the end of a parent's children), then
    ``list.index``, which compares in C (a Python loop over the whole list
    was 20 times slower).  Nodes compare by identity, unless a subclass
    says otherwise: the match is checked, and the loop runs if it is not
    the node itself."""
    last = len(children) - 1
    for i in range(last, max(last - 8, -1), -1):
        if children[i] is node:
            return i
    try:
        i = children.index(node)
    except ValueError:
        raise NotFoundError("the node is not a child of this parent") from None
    if children[i] is node:
        return i
    for i in range(len(children)):  # (a subclass's __eq__ matched another node)
        if children[i] is node:
            return i
    raise NotFoundError("the node is not a child of this parent")


# --------------------------------------------------------------------------
# The DOM's mutation algorithms (dom.spec.whatwg.org §4.2.3)
# --------------------------------------------------------------------------

def _convert_nodes(nodes: tuple[object, ...], method: str) -> list[Node]:
    """Check the arguments of a variadic editing method and turn strings
    into Text nodes.  The result has one entry per argument; "convert nodes
    into a node" makes a DocumentFragment of them when there is not exactly
    one, which the callers model without building it (so that a failed
    check changes nothing)."""
    items: list[Node] = []
    for value in nodes:
        if isinstance(value, str):
            items.append(Text(value))
        elif isinstance(value, Node):
            items.append(value)
        else:
            raise TypeError(f"{method}() takes nodes and strings, not {type(value).__name__}")
    return items


def _flatten(items: list[Node]) -> list[Node]:
    """The children the inserted node contributes: a DocumentFragment gives
    its children, anything else itself.  A node given twice ends up once, at
    its last position, as repeated appends to a fragment leave it."""
    flat: list[Node] = []
    for item in items:
        if isinstance(item, DocumentFragment):
            flat.extend(item.children)
        else:
            flat.append(item)
    if len(flat) > 1:
        seen: set[int] = set()
        unique: list[Node] = []
        for node in reversed(flat):
            if id(node) not in seen:
                seen.add(id(node))
                unique.append(node)
        unique.reverse()
        flat = unique
    return flat


def _has_descendants(node: Node) -> bool:
    """Whether ``node`` has children (or template contents that do): a node
    without is nobody's ancestor, and no walk is needed to say so."""
    return isinstance(node, ParentNode) and bool(node.children or (
        isinstance(node, Element) and node.template_contents is not None
        and node.template_contents.children))


def _host_including_ancestors(target: Node) -> Iterator[Node]:
    """``target`` and its host-including ancestors, nearest first (a
    template's contents count as inside their template)."""
    current: Node | None = target
    while current is not None:
        yield current
        parent: Node | None = current.parent
        if parent is None and isinstance(current, DocumentFragment):
            parent = current.host
        current = parent


def _is_host_including_inclusive_ancestor(node: Node, target: Node) -> bool:
    """Whether ``node`` is ``target`` or one of its ancestors, where a
    template's contents count as inside their template (the DOM's "host-
    including inclusive ancestor")."""
    if node is target:
        return True
    if not _has_descendants(node):
        return False  # a leaf is nobody's ancestor: no walk (the parser's case)
    return any(ancestor is node for ancestor in _host_including_ancestors(target))


def _check_parent(parent: Node) -> None:
    if not isinstance(parent, (Document, DocumentFragment, Element)):
        raise HierarchyRequestError(f"a {type(parent).__name__} cannot have children")


def _check_node_kind(node: Node, parent: Node) -> None:
    """Steps 4 and 5 of "ensure pre-insertion validity" (and of replace)."""
    if isinstance(node, Document):
        raise HierarchyRequestError("a Document cannot be inserted into another node")
    if not isinstance(node, (DocumentFragment, DocumentType, Element, Text, Comment,
                             ProcessingInstruction)):
        raise HierarchyRequestError(f"a {type(node).__name__} cannot be inserted")
    if isinstance(node, Text) and isinstance(parent, Document):
        raise HierarchyRequestError("text cannot be a child of a Document")
    if isinstance(node, DocumentType) and not isinstance(parent, Document):
        raise HierarchyRequestError("a doctype can only be a child of a Document")


def _ensure_pre_insertion_validity(parent: ParentNode, node: Node, child: Node | None,
                                   inserted: list[Node], moved: set[int],
                                   replacing: bool = False) -> None:
    """The DOM's "ensure pre-insertion validity of node into parent before
    child" (and, with ``replacing``, the checks of "replace a child").

    ``node`` is the node being inserted (a DocumentFragment stands for
    several), ``inserted`` the nodes it contributes (its children for a
    fragment) and ``moved`` the ids of nodes that "convert nodes into a
    node" took out of their parents before the insertion, so that the
    Document checks do not count them where they were.
    """
    if moved:
        # "Convert nodes into a node" ran first: the converted nodes had to
        # fit into a fragment (its own pre-insertion validity, steps 4-5).
        for item in inserted:
            if isinstance(item, (Document, DocumentType)):
                raise HierarchyRequestError(
                    f"a {type(item).__name__} cannot be inserted into a fragment")
    # Step 1: parent must be a Document, DocumentFragment or Element.
    _check_parent(parent)
    # Step 2: node must not be a host-including inclusive ancestor of parent.
    # (Several nodes converted into one are checked against one walk up from
    # parent: a walk per node was nodes x depth.)
    if moved:
        ancestors: set[int] | None = None
        for candidate in inserted:
            if candidate is not parent and not _has_descendants(candidate):
                continue
            if ancestors is None:
                ancestors = {id(ancestor) for ancestor in _host_including_ancestors(parent)}
            if id(candidate) in ancestors:
                raise HierarchyRequestError("a node cannot be inserted into itself or its "
                                            "own descendant")
    elif _is_host_including_inclusive_ancestor(node, parent):
        raise HierarchyRequestError("a node cannot be inserted into itself or its "
                                    "own descendant")
    # Step 3: child must be a child of parent.  A child the conversion moved
    # into the new fragment is not one any more.
    if child is not None and (child.parent is not parent or id(child) in moved):
        raise NotFoundError("the reference node is not a child of this parent")
    # Steps 4 and 5 (for a fragment, checked above if it was made here).
    if not isinstance(node, DocumentFragment):
        _check_node_kind(node, parent)
    # Step 6: the constraints on a Document's children.
    if not isinstance(parent, Document):
        return
    siblings = [c for c in parent.children if id(c) not in moved]
    if replacing:
        assert child is not None
        others = [c for c in siblings if c is not child]
    else:
        others = siblings
    following_doctype = False
    preceding_element = False
    if child is not None:
        position = next(i for i, c in enumerate(siblings) if c is child)
        following_doctype = any(isinstance(c, DocumentType) for c in siblings[position + 1:])
        preceding_element = any(isinstance(c, Element) for c in siblings[:position])
    has_element = any(isinstance(c, Element) for c in others)
    if isinstance(node, DocumentFragment):
        elements = sum(1 for c in inserted if isinstance(c, Element))
        if elements > 1:
            raise HierarchyRequestError("a Document can have only one element child")
        if any(isinstance(c, Text) for c in inserted):
            raise HierarchyRequestError("text cannot be a child of a Document")
        if elements == 1 and (has_element or following_doctype
                              or (not replacing and isinstance(child, DocumentType))):
            raise HierarchyRequestError(_element_place_message(has_element))
    elif isinstance(node, Element):
        if has_element or (not replacing and isinstance(child, DocumentType)) \
                or following_doctype:
            raise HierarchyRequestError(_element_place_message(has_element))
    elif isinstance(node, DocumentType):
        if any(isinstance(c, DocumentType) for c in others):
            raise HierarchyRequestError("a Document can have only one doctype")
        if preceding_element or (child is None and not replacing and has_element):
            raise HierarchyRequestError("the doctype must come before the document element")


def _element_place_message(has_element: bool) -> str:
    if has_element:
        return "a Document can have only one element child (the document element)"
    return "the document element must come after the doctype"


def _detach_all(nodes: list[Node]) -> None:
    """Remove each of ``nodes`` from its parent, in bulk per parent (so that
    moving many siblings is linear, not quadratic)."""
    by_parent: dict[int, tuple[ParentNode, dict[int, Node]]] = {}
    for node in nodes:
        parent = node.parent
        if parent is not None:
            entry = by_parent.get(id(parent))
            if entry is None:
                by_parent[id(parent)] = (parent, {id(node): node})
            else:
                entry[1][id(node)] = node
    for parent, ids in by_parent.values():
        children = parent.children
        if len(ids) == 1 or len(children) <= 8:
            # (Found where it was last seen, as removeChild finds it: a walk
            # back from the end made moving N children one at a time, front
            # first, N x N steps.)
            for node in ids.values():
                del children[_sibling_position(children, node)]
                node.parent = None
        else:
            keep: list[Node] = []
            for c in children:
                if id(c) in ids:
                    c.parent = None
                else:
                    keep.append(c)
            children[:] = keep


def _empty(fragment: ParentNode) -> None:
    """Take all children out of ``fragment`` (they are about to be
    inserted elsewhere)."""
    for child in fragment.children:
        child.parent = None
    fragment.children = []


def _insert(parent: ParentNode, nodes: list[Node], child: Node | None) -> None:
    """The DOM's "insert" for already-validated nodes: detach them from
    their parents and put them before ``child`` (at the end if None)."""
    if not nodes:
        return
    _detach_all(nodes)
    children = parent.children
    if child is None:
        children.extend(nodes)
    else:
        i = _sibling_position(children, child)
        children[i:i] = nodes
    for node in nodes:
        node.parent = parent


def _converted(items: list[Node]) -> tuple[Node, list[Node], set[int]]:
    """"Convert nodes into a node" for the converted arguments ``items`` of
    a variadic method: the node to insert (one given node as it is; for
    none or several, an empty DocumentFragment standing for the new one),
    the nodes it contributes (see :func:`_flatten`), and the ids of those
    the conversion moves out of their parents first (several nodes only)."""
    if len(items) > 1:
        inserted = _flatten(items)
        return DocumentFragment(), inserted, {id(n) for n in inserted}
    if items:
        return items[0], _flatten(items), set()
    return DocumentFragment(), [], set()


def _pre_insert_items(parent: ParentNode, items: list[Node], child: Node | None,
                      previous: Node | None = None, after_previous: bool = False) -> None:
    """Validate, then insert ``items`` (the converted arguments of a
    variadic method) before ``child``; with ``after_previous``, right after
    ``previous`` (or first, if None) as ``before()`` specifies."""
    node, inserted, moved = _converted(items)
    if after_previous:
        # The reference is the node after ``previous`` once the moved nodes
        # are out of the way.  (Found from previous's place, passing over
        # the moved nodes only: a copy of the children without them, made
        # at every call, made prepend() or before() in a loop N x N.)
        if previous is not None and id(previous) in moved:
            # The conversion moved ``previous`` too (it is a child of a
            # fragment among the nodes): its next sibling is now the one
            # after it in the new fragment, which is no child of parent (an
            # error, below), or none (insert at the end).
            i = next(j for j, c in enumerate(inserted) if c is previous)
            child = inserted[i + 1] if i + 1 < len(inserted) else None
        else:
            siblings = parent.children
            i = 0 if previous is None else _sibling_position(siblings, previous) + 1
            while i < len(siblings) and id(siblings[i]) in moved:
                i += 1
            child = _sibling_at(siblings, i)
    _ensure_pre_insertion_validity(parent, node, child, inserted, moved)
    if child is not None and child is node:  # "if child is node, set child to
        child = node.next_sibling             # node's next sibling"
    if isinstance(node, DocumentFragment) and not moved:
        _empty(node)
    _insert(parent, inserted, child)


def _replace_items(parent: ParentNode, items: list[Node], child: Node) -> None:
    """The DOM's "replace a child with node within a parent" for the
    converted arguments of ``replace_with()`` (or ``replace_child()``)."""
    node, inserted, moved = _converted(items)
    _ensure_pre_insertion_validity(parent, node, child, inserted, moved, replacing=True)
    # Steps 7-8: the reference child is child's next sibling, skipping node.
    siblings = parent.children
    i = _sibling_position(siblings, child) + 1
    while i < len(siblings) and (siblings[i] is node or id(siblings[i]) in moved):
        i += 1
    # (_sibling_at remembers the reference's place, for _insert to find it
    # there: searched for, replacing each child in turn was N x N.)
    reference = _sibling_at(siblings, i)
    if isinstance(node, DocumentFragment) and not moved:
        _empty(node)
    # Steps 11-13: remove child (unless it is being re-inserted), insert.
    if child.parent is parent and not any(n is child for n in inserted):
        del siblings[_sibling_position(siblings, child)]
        child.parent = None
    _insert(parent, inserted, reference)


# --------------------------------------------------------------------------
# ParentNode
# --------------------------------------------------------------------------

# CSS selectors --------------------------------------------------------------
# Thin delegates to markup5.selectors, kept together in this one block (the
# engine lives in its own package).  ParentNode and Element inherit them.


class _SelectorMethods:
    """``select()`` and friends for documents, fragments and elements."""

    __slots__ = ()

    def select(self, selector: str, namespaces: Mapping[str, str] | None = None
               ) -> list[Element]:
        """The descendant elements matching the CSS ``selector``, in document
        order (``querySelectorAll``).  ``namespaces`` maps prefixes to URIs
        for ``ns|name``.  A selector that does not parse raises ValueError
        (:class:`markup5.selectors.SelectorSyntaxError`) naming the position."""
        from .selectors import compile as compile_selector
        return compile_selector(selector, namespaces).select(self)  # type: ignore[arg-type]

    def select_one(self, selector: str, namespaces: Mapping[str, str] | None = None
                   ) -> Element | None:
        """The first descendant element matching ``selector``, or None
        (``querySelector``)."""
        from .selectors import compile as compile_selector
        return compile_selector(selector, namespaces).select_one(self)  # type: ignore[arg-type]

    def query_selector_all(self, selector: str, namespaces: Mapping[str, str] | None = None
                           ) -> list[Element]:
        """Alias of :meth:`select` (the DOM's name)."""
        return self.select(selector, namespaces)

    def query_selector(self, selector: str, namespaces: Mapping[str, str] | None = None
                       ) -> Element | None:
        """Alias of :meth:`select_one` (the DOM's name)."""
        return self.select_one(selector, namespaces)


class _ElementSelectorMethods:
    """``matches()`` and ``closest()`` for elements."""

    __slots__ = ()

    def matches(self, selector: str, namespaces: Mapping[str, str] | None = None) -> bool:
        """Whether this element matches the CSS ``selector``."""
        from .selectors import compile as compile_selector
        return compile_selector(selector, namespaces).matches(self)  # type: ignore[arg-type]

    def closest(self, selector: str, namespaces: Mapping[str, str] | None = None
                ) -> Element | None:
        """The nearest inclusive ancestor matching ``selector``, or None."""
        from .selectors import compile as compile_selector
        return compile_selector(selector, namespaces).closest(self)  # type: ignore[arg-type]

# End of CSS selectors -------------------------------------------------------


class ParentNode(_SelectorMethods, Node):
    """A node with children: Document, DocumentFragment, Element."""

    __slots__ = ("children",)

    def __init__(self) -> None:
        super().__init__()
        self.children: list[Node] = []

    # Tree mutation ------------------------------------------------------

    def append_child(self, node: Node) -> Node:
        """Append ``node`` (moving it from its old parent; a
        DocumentFragment gives its children) and return it: the DOM's
        ``appendChild``.  Raises :class:`HierarchyRequestError` for an
        insertion the DOM forbids."""
        return self.insert_before(node, None)

    def insert_before(self, node: Node, reference: Node | None) -> Node:
        """Insert ``node`` before ``reference`` (at the end if None) and
        return it: the DOM's ``insertBefore``.  Raises
        :class:`HierarchyRequestError` for an insertion the DOM forbids and
        :class:`NotFoundError` if ``reference`` is not a child of this
        node."""
        if not isinstance(node, Node):
            raise TypeError(f"insert_before() takes a Node, not {type(node).__name__}")
        if reference is not None and not isinstance(reference, Node):
            raise TypeError(f"the reference must be a Node or None, "
                            f"not {type(reference).__name__}")
        child = reference
        kind = type(node)
        if node.parent is None and node is not self \
                and isinstance(self, (Element, DocumentFragment)) \
                and (kind is Text or kind is Comment or (
                    isinstance(node, Element) and kind is Element and not node.children
                    and node.template_contents is None)):
            # The parser's case (foster parenting): a new leaf going into an
            # element or fragment, where only the reference can be wrong.
            if child is None:
                self.children.append(node)
            else:
                if child.parent is not self:
                    raise NotFoundError("the reference node is not a child of this parent")
                children = self.children
                children.insert(_sibling_position(children, child), node)
            node.parent = self
            return node
        inserted = _flatten([node])
        _ensure_pre_insertion_validity(self, node, child, inserted, set())
        # Step 3 of "pre-insert": inserting a node before itself.
        if child is node:
            child = node.next_sibling
        if isinstance(node, DocumentFragment):
            _empty(node)
        _insert(self, inserted, child)
        return node

    def remove_child(self, node: Node) -> Node:
        """Remove ``node`` from this node's children and return it: the
        DOM's ``removeChild``.  Raises :class:`NotFoundError` if it is not
        a child of this node."""
        if not isinstance(node, Node):
            raise TypeError(f"remove_child() takes a Node, not {type(node).__name__}")
        if node.parent is not self:
            raise NotFoundError("the node is not a child of this parent")
        del self.children[_sibling_position(self.children, node)]
        node.parent = None
        return node

    def replace_child(self, node: Node, child: Node) -> Node:
        """Replace ``child`` by ``node`` and return ``child``: the DOM's
        ``replaceChild(node, child)``."""
        if not isinstance(node, Node) or not isinstance(child, Node):
            bad = node if not isinstance(node, Node) else child
            raise TypeError(f"replace_child() takes Nodes, not {type(bad).__name__}")
        if child.parent is not self:
            _check_parent(self)
            if _is_host_including_inclusive_ancestor(node, self):
                raise HierarchyRequestError("a node cannot be inserted into itself or its "
                                            "own descendant")
            raise NotFoundError("the node to replace is not a child of this parent")
        _replace_items(self, [node], child)
        return child

    def append(self, *nodes: NodeOrString) -> None:
        """Append ``nodes`` (strings become Text nodes) after the last
        child: the DOM's ``append()``."""
        _pre_insert_items(self, _convert_nodes(nodes, "append"), None)

    def prepend(self, *nodes: NodeOrString) -> None:
        """Insert ``nodes`` (strings become Text nodes) before the first
        child: the DOM's ``prepend()``."""
        items = _convert_nodes(nodes, "prepend")
        _pre_insert_items(self, items, None, None, after_previous=True)

    def replace_children(self, *nodes: NodeOrString) -> None:
        """Replace all children with ``nodes`` (strings become Text nodes):
        the DOM's ``replaceChildren()``."""
        items = _convert_nodes(nodes, "replace_children")
        node, inserted, moved = _converted(items)
        # "Ensure pre-insertion validity of node into this before null",
        # with this node's current children counted.
        _ensure_pre_insertion_validity(self, node, None, inserted, moved)
        if isinstance(node, DocumentFragment) and not moved:
            _empty(node)
        self._replace_all(inserted)

    def _replace_all(self, nodes: list[Node]) -> None:
        """The DOM's "replace all" with already-validated nodes."""
        _detach_all(nodes)
        for old in self.children:
            old.parent = None
        self.children = list(nodes)
        for node in nodes:
            node.parent = self

    def normalize(self) -> None:
        """Merge adjacent Text descendants and remove empty ones: the DOM's
        ``normalize()`` (template contents included)."""
        stack: list[ParentNode] = [self]
        while stack:
            node = stack.pop()
            new_children: list[Node] = []
            # The data of the run of Text nodes merging into the last one,
            # joined once the run ends ("+=" copied the run so far for each
            # node: quadratic in the length of the run).
            run: list[str] = []
            for child in node.children:
                if type(child) is Text:
                    if not child.data:
                        child.parent = None
                        continue
                    if run:
                        run.append(child.data)
                        child.parent = None
                        continue
                    run.append(child.data)
                else:
                    if len(run) > 1:
                        cast(Text, new_children[-1]).data = "".join(run)
                    run.clear()
                    if isinstance(child, ParentNode):
                        stack.append(child)
                        if isinstance(child, Element) and child.template_contents is not None:
                            stack.append(child.template_contents)
                new_children.append(child)
            if len(run) > 1:
                cast(Text, new_children[-1]).data = "".join(run)
            node.children = new_children

    def _set_text_content(self, value: str) -> None:
        # "String replace all": one Text node, or none for "".
        self._replace_all([Text(value)] if value else [])

    # Reading --------------------------------------------------------------

    @property
    def first_child(self) -> Node | None:
        """The first child, or None."""
        return self.children[0] if self.children else None

    @property
    def last_child(self) -> Node | None:
        """The last child, or None."""
        return self.children[-1] if self.children else None

    @property
    def first_element_child(self) -> Element | None:
        """The first child that is an element, or None."""
        for node in self.children:
            if isinstance(node, Element):
                return node
        return None

    @property
    def last_element_child(self) -> Element | None:
        """The last child that is an element, or None."""
        for node in reversed(self.children):
            if isinstance(node, Element):
                return node
        return None

    @property
    def element_children(self) -> list[Element]:
        """The children that are elements (the DOM's ``children``)."""
        return [node for node in self.children if isinstance(node, Element)]

    def iter(self) -> Iterator[Node]:
        """All descendants in tree order (not this node; not template
        contents).  Iterative, so any depth works.

        The nodes are those of the tree as it is when ``iter()`` is called
        (a snapshot, one list): removing, moving or adding nodes while
        iterating neither skips nor repeats any, and a node removed
        meanwhile is still yielded (check ``node.parent`` if that
        matters).  A live walk silently skipped the node after each one
        removed."""
        return iter(list(self._descendants()))

    def _descendants(self) -> Iterator[Node]:
        """The live walk behind :meth:`iter`, for readers that do not edit."""
        stack = [iter(self.children)]
        while stack:
            for node in stack[-1]:
                yield node
                if isinstance(node, ParentNode) and node.children:
                    stack.append(iter(node.children))
                break
            else:
                stack.pop()

    def __iter__(self) -> Iterator[Node]:
        """The children."""
        return iter(self.children)

    def __len__(self) -> int:
        """The number of children (as BeautifulSoup's ``len(tag)``).  It
        does not make a node false: every node is true (see
        :meth:`Node.__bool__`)."""
        return len(self.children)

    def elements(self) -> Iterator[Element]:
        """Descendant elements in tree order: a snapshot, as :meth:`iter`
        gives, so that removing elements while iterating skips none."""
        return iter([node for node in self._descendants() if isinstance(node, Element)])

    def _elements(self) -> Iterator[Element]:
        """The live walk behind :meth:`elements`, for readers that do not
        edit (and may stop early)."""
        return (node for node in self._descendants() if isinstance(node, Element))

    # BeautifulSoup's searching and strings (the rules live in
    # markup5.find and markup5.text) ---------------------------------------

    def find_all(self, name: Any = None, attrs: Mapping[str, Any] | str | None = None, *,
                 string: Any = None, recursive: bool = True, limit: int | None = None,
                 **kwargs: Any) -> list[Any]:
        """BeautifulSoup's ``find_all``: the descendant elements (children
        only without ``recursive``) whose name, attributes (``attrs``, or
        keywords: ``class_="x"``, ``href=re.compile(...)``) and text
        (``string``) pass the filters, in tree order, at most ``limit``;
        with ``string`` alone, the matching Text nodes.  Filters are a str,
        ``re.Pattern``, list, True/False/None or a callable, as in
        BeautifulSoup: see :mod:`markup5.find`."""
        from .find import find_all
        return find_all(self, name, attrs, string=string, recursive=recursive, limit=limit,
                        **kwargs)

    def find(self, name: Any = None, attrs: Mapping[str, Any] | str | None = None, *,
             string: Any = None, recursive: bool = True, **kwargs: Any) -> Any:
        """The first node :meth:`find_all` would give, or None
        (BeautifulSoup's ``find``)."""
        from .find import find
        return find(self, name, attrs, string=string, recursive=recursive, **kwargs)

    @property
    def strings(self) -> Iterator[str]:
        """The text of the descendant Text nodes, one str each, script and
        style left out: the pieces :meth:`get_text` joins (BeautifulSoup's
        ``.strings``)."""
        from .text import strings
        return strings(self)

    @property
    def stripped_strings(self) -> Iterator[str]:
        """:attr:`strings` stripped of ASCII whitespace, empty ones dropped
        (BeautifulSoup's ``.stripped_strings``)."""
        from .text import strings
        return strings(self, strip=True)

    def get_elements_by_tag_name(self, name: str) -> list[Element]:
        """Descendant elements whose qualified name is ``name`` (the
        DOM's ``getElementsByTagName``: HTML elements in an HTML document
        are matched against ``name`` ASCII-lowercased, as selectors match
        them; ``"*"`` matches all)."""
        _require_str(name, "the tag name")
        if name == "*":
            return list(self._elements())
        root = self.get_root_node()
        if isinstance(root, Document) and root.is_xml:
            return [e for e in self._elements() if e.name == name]
        lowered = _ascii_lower(name)
        return [e for e in self._elements()
                if (e.name == lowered if e.namespace == HTML_NAMESPACE else e.name == name)]

    def get_element_by_id(self, element_id: str) -> Element | None:
        """The first descendant element whose ``id`` attribute is
        ``element_id``.  The tree is searched on each call (there is no
        index to go stale), so edits are always seen."""
        _require_str(element_id, "the id")
        for element in self._elements():
            if element.attrs.get("id") == element_id:
                return element
        return None

    def get_elements_by_class_name(self, class_names: str) -> list[Element]:
        """Descendant elements that have every class in ``class_names`` (a
        space-separated list), in tree order: the DOM's
        ``getElementsByClassName``.  In a quirks-mode document classes match
        ASCII case-insensitively.  Searched on each call, so edits are
        always seen."""
        _require_str(class_names, "class_names")
        wanted = _ordered_set(class_names)
        if not wanted:
            return []
        root = self.get_root_node()
        quirks = isinstance(root, Document) and root.mode == "quirks"
        if quirks:
            wanted = [_ascii_lower(c) for c in wanted]
        found: list[Element] = []
        for element in self._elements():
            value = element.attrs.get("class")
            if value is None:
                continue
            have = set(_ordered_set(_ascii_lower(value) if quirks else value))
            if all(c in have for c in wanted):
                found.append(element)
        return found

    def _get_text_content(self) -> str:
        return "".join(node.data for node in self._descendants()
                       if type(node) is Text)


def _ascii_lower(value: str) -> str:
    if value.isascii():
        return value.lower()
    return "".join(c.lower() if c in _ASCII_UPPER else c for c in value)


# --------------------------------------------------------------------------
# Document, DocumentFragment, DocumentType
# --------------------------------------------------------------------------

class _ParseResult(ParentNode):
    """What :class:`Document` and :class:`DocumentFragment` share: the
    ``errors`` of the parse that built them, which the parser may leave to
    be worked out when they are first read (the input stream's errors take
    a scan of the whole input, see :mod:`markup5.html.inputstream`, that a
    caller who never looks at the errors need not pay for)."""

    __slots__ = ("_errors",)

    def __init__(self) -> None:
        super().__init__()
        self._errors: list[ParseError] | Callable[[], list[ParseError]] = []

    @property
    def errors(self) -> list[ParseError]:
        """The parse errors met while building this node's tree, in stream
        order.  After :func:`markup5.parse` or :func:`markup5.parse_fragment`
        they are worked out when first read; until then the result keeps
        the input text alive, and bytes given in one piece and decoded as
        UTF-8 too (reading ``errors`` once, or assigning a list, lets go of
        them)."""
        errors = self._errors
        if not isinstance(errors, list):
            errors = self._errors = errors()
        return errors

    @errors.setter
    def errors(self, errors: list[ParseError]) -> None:
        if not isinstance(errors, list):
            raise TypeError(f"errors must be a list, not {type(errors).__name__}")
        self._errors = errors

    def _errors_later(self, source: Callable[[], list[ParseError]]) -> None:
        """The parser's hook: ``source()`` gives :attr:`errors` when they
        are first read (it is called once, then dropped)."""
        self._errors = source


class Document(_ParseResult):
    """A document.  ``mode`` is "no-quirks", "quirks" or "limited-quirks";
    ``errors`` lists the parse errors met while building it;
    ``content_type`` is "text/html" or, for XML documents,
    "application/xml"; ``encoding`` is the document's character encoding
    (its name in the Encoding Standard, "UTF-8" unless parsed from bytes)
    and ``encoding_confidence`` the parser's confidence in it ("certain",
    "tentative", or "irrelevant" when no bytes were decoded).

    ``encoding_source`` says which step of the HTML parser's encoding
    sniffing (HTML §13.2.3) chose the encoding: "bom" (a byte order mark),
    "transport" (the ``transport_encoding`` given, a Content-Type charset),
    "prescan" (a ``<meta>`` or XML declaration in the first 1024 bytes),
    "detected" (autodetection, see :mod:`markup5.encoding.detect`),
    "default" (``default_encoding``, nothing else said) or "meta" (a
    ``<meta>`` the tree builder met while the encoding was tentative named
    it, §13.2.3.4: changed it, or declared what was the default or a
    detected guess).  None
    when no bytes were decoded by the HTML parser (str input, a document
    made by hand or by the XML parser)."""

    __slots__ = ("mode", "content_type", "encoding", "encoding_confidence", "encoding_source",
                 "_url", "form_associations")

    def __init__(self, content_type: str = "text/html") -> None:
        super().__init__()
        #: The form owners the HTML parser set through its form element
        #: pointer where the tree does not show them (``<div><form
        #: id=f></div><input>``: the input's form owner is ``f``), element
        #: to form; None when there are none.  :mod:`markup5.forms` reads
        #: it.  Not kept by copies or pickles, and not reset when the tree is
        #: edited (the standard resets a moved element's form owner).
        self.form_associations: dict[Element, Element] | None = None
        self.mode = "no-quirks"
        self.content_type = content_type
        self.encoding = "UTF-8"
        self.encoding_confidence = "irrelevant"
        self.encoding_source: str | None = None
        self._url: str | None = None

    @property
    def is_xml(self) -> bool:
        """Whether this is an XML document (``content_type`` is not
        text/html)."""
        return self.content_type != "text/html"

    @property
    def doctype(self) -> DocumentType | None:
        """The doctype child, or None."""
        for node in self.children:
            if type(node) is DocumentType:
                return node
        return None

    @property
    def document_element(self) -> Element | None:
        """The element child (``<html>`` in an HTML document), or None."""
        for node in self.children:
            if isinstance(node, Element):
                return node
        return None

    @property
    def head(self) -> Element | None:
        """The first ``head`` child of the ``html`` document element, or
        None (the DOM's ``document.head``)."""
        root = self.document_element
        if root is None or root.namespace != HTML_NAMESPACE or root.local_name != "html":
            return None
        for node in root.children:
            if isinstance(node, Element) and node.namespace == HTML_NAMESPACE \
                    and node.local_name == "head":
                return node
        return None

    @property
    def body(self) -> Element | None:
        """The first ``body`` or ``frameset`` child of the ``html`` document
        element, or None (the DOM's ``document.body``)."""
        root = self.document_element
        if root is None or root.namespace != HTML_NAMESPACE or root.local_name != "html":
            return None
        for node in root.children:
            if isinstance(node, Element) and node.namespace == HTML_NAMESPACE \
                    and node.local_name in ("body", "frameset"):
                return node
        return None

    @property
    def title(self) -> str:
        """The text of the first HTML ``title`` element, with ASCII
        whitespace stripped and collapsed to single spaces (the HTML
        standard's ``document.title`` getter); "" if there is none."""
        for element in self._elements():
            if element.namespace == HTML_NAMESPACE and element.local_name == "title":
                text = "".join(c.data for c in element.children
                               if type(c) is Text)
                return " ".join(t for t in text.translate(_WS_TO_SPACE).split(" ") if t)
        return ""

    # Making nodes (the DOM's Document methods) -----------------------------

    def create_element(self, local_name: str) -> Element:
        """A new element named ``local_name`` (the DOM's
        ``createElement``): in an HTML document an HTML element with the
        name ASCII-lowercased; in an XML document the name as given, in the
        HTML namespace if ``content_type`` is application/xhtml+xml, else
        in no namespace.  Raises :class:`InvalidCharacterError` unless the
        name is a valid element local name."""
        _check_element_name(local_name)
        if not self.is_xml:
            return _create_element(_ascii_lower(local_name), {}, HTML_NAMESPACE)
        namespace = HTML_NAMESPACE if self.content_type == "application/xhtml+xml" else None
        return _create_element(local_name, {}, namespace)

    def create_element_ns(self, namespace: str | None, qualified_name: str) -> Element:
        """A new element in ``namespace`` (None or "" for none) named
        ``qualified_name`` (``prefix:local`` or ``local``), case kept: the
        DOM's ``createElementNS`` with its "validate and extract" checks
        (:class:`InvalidCharacterError` for a bad name,
        :class:`NamespaceError` for a prefix that does not fit the
        namespace)."""
        if namespace is not None and not isinstance(namespace, str):
            raise TypeError(f"namespace must be a str or None, not {type(namespace).__name__}")
        if not isinstance(qualified_name, str):
            raise TypeError(f"the qualified name must be a str, "
                            f"not {type(qualified_name).__name__}")
        namespace = namespace or None
        prefix: str | None = None
        local_name = qualified_name
        if ":" in qualified_name:
            prefix, _, local_name = qualified_name.partition(":")
            _check_prefix(prefix)
        _check_element_name(local_name)
        if prefix is not None and namespace is None:
            raise NamespaceError("a prefixed element needs a namespace")
        if prefix == "xml" and namespace != XML_NAMESPACE:
            raise NamespaceError("the xml prefix is bound to the XML namespace")
        if (qualified_name == "xmlns" or prefix == "xmlns") != (namespace == XMLNS_NAMESPACE):
            raise NamespaceError("xmlns names, and only they, are in the XMLNS namespace")
        return _create_element(local_name, {}, namespace, prefix)

    def create_text_node(self, data: str) -> Text:
        """A new Text node (the DOM's ``createTextNode``)."""
        return Text(data)

    def create_comment(self, data: str) -> Comment:
        """A new Comment node (the DOM's ``createComment``)."""
        return Comment(data)

    def create_document_fragment(self) -> DocumentFragment:
        """A new, empty DocumentFragment (the DOM's
        ``createDocumentFragment``)."""
        return DocumentFragment()

    def _get_text_content(self) -> str:  # the DOM says null for documents
        return ""

    def _set_text_content(self, value: str) -> None:  # no effect, as in the DOM
        return None

    # Links (the rules live in markup5.links) ----------------------------------

    @property
    def url(self) -> str | None:
        """The document's URL (the DOM's ``document.URL``), serialized by
        the URL Standard; None when unknown.  Set by :func:`markup5.parse`'s
        ``url``; setting it takes an absolute URL (ValueError otherwise)."""
        return self._url

    @url.setter
    def url(self, value: str | None) -> None:
        from .url import check_document_url
        self._url = check_document_url(value)

    @property
    def base_url(self) -> str | None:
        """HTML's "document base URL": the first ``<base href>``'s URL
        (resolved against :attr:`url`), else :attr:`url`; None when neither
        is known.  See :mod:`markup5.links`."""
        from .links import document_base_url
        return document_base_url(self)

    def links(self) -> list[Element]:
        """``document.links``: the ``a`` and ``area`` elements with an
        ``href``, in tree order (see :mod:`markup5.links`)."""
        from .links import links
        return links(self)

    def link_urls(self) -> list[tuple[Element, str | None]]:
        """:meth:`links`, each with its absolute URL (None where the
        ``href`` does not parse), the base URL worked out once."""
        from .links import link_urls
        return link_urls(self)

    def __repr__(self) -> str:
        return f"<Document mode={self.mode!r} children={len(self.children)}>"


_WS_TO_SPACE = {ord(c): " " for c in "\t\n\f\r"}


class DocumentFragment(_ParseResult):
    """A document fragment (fragment parsing results, template contents).
    ``errors`` lists the parse errors of fragment parsing; ``host`` is the
    template element whose contents this is, if any."""

    __slots__ = ("host",)

    def __init__(self) -> None:
        super().__init__()
        self.host: Element | None = None

    @property
    def inner_html(self) -> str:
        """The HTML serialization of the children."""
        from .html.serializer import serialize_children
        return serialize_children(self)

    def __repr__(self) -> str:
        return f"<DocumentFragment children={len(self.children)}>"


class DocumentType(Node):
    """A DOCTYPE node."""

    __slots__ = ("name", "public_id", "system_id")

    def __init__(self, name: str = "", public_id: str = "", system_id: str = "") -> None:
        super().__init__()
        self.name = name
        self.public_id = public_id
        self.system_id = system_id

    def __repr__(self) -> str:
        return f"<DocumentType {self.name!r}>"


# --------------------------------------------------------------------------
# Element
# --------------------------------------------------------------------------

def _check_attribute_name(name: object) -> str:
    """A "valid attribute local name" (DOM Standard, 2025): at least one
    character, and none of ASCII whitespace, NULL, "/", "=" or ">"."""
    if not isinstance(name, str):
        raise TypeError(f"an attribute name must be a str, not {type(name).__name__}")
    if not name or any(c in name for c in "\t\n\f\r \x00/=>"):
        raise InvalidCharacterError(f"{name!r} is not a valid attribute name: it is empty or "
                                    f"holds whitespace, NULL, '/', '=' or '>'")
    return name


#: The DOM Standard's "valid element local name" (2025), steps 3-4: a name
#: that does not start with an ASCII letter starts with ":", "_" or a
#: non-ASCII code point, and goes on with ASCII letters, digits, "-", ".",
#: ":", "_" and non-ASCII code points.
_OTHER_ELEMENT_NAME = re.compile("[:_\u0080-\U0010ffff][-.:_0-9A-Za-z\u0080-\U0010ffff]*")


def is_valid_element_local_name(name: str) -> bool:
    """The DOM Standard's "valid element local name": starting with an
    ASCII letter, anything without ASCII whitespace, NULL, "/" or ">";
    else the restricted form of :data:`_OTHER_ELEMENT_NAME`."""
    if not name:
        return False
    if name[0] in _ASCII_ALPHA:
        return not any(c in name for c in "\t\n\f\r \x00/>")
    return _OTHER_ELEMENT_NAME.fullmatch(name) is not None


def _check_element_name(name: object) -> str:
    if not isinstance(name, str):
        raise TypeError(f"an element name must be a str, not {type(name).__name__}")
    if not is_valid_element_local_name(name):
        raise InvalidCharacterError(
            f"{name!r} is not a valid element name: it must start with an ASCII letter and "
            f"hold no whitespace, NULL, '/' or '>' (or start with ':', '_' or a non-ASCII "
            f"letter and go on with letters, digits, '-', '.', ':', '_')")
    return name


def _check_prefix(prefix: object) -> str:
    """A "valid namespace prefix": at least one character, and none of ASCII
    whitespace, NULL, "/" or ">"."""
    if not isinstance(prefix, str):
        raise TypeError(f"a prefix must be a str or None, not {type(prefix).__name__}")
    if not prefix or any(c in prefix for c in "\t\n\f\r \x00/>"):
        raise InvalidCharacterError(f"{prefix!r} is not a valid namespace prefix")
    return prefix


def _checked_attrs(attrs: object, lowercase: bool) -> dict[str, str]:
    """A new dict of the ``attrs`` given to a constructor, each name a
    valid attribute name (ASCII-lowercased with ``lowercase``) and each
    value a str."""
    if attrs is None:
        return {}
    if not isinstance(attrs, Mapping):
        raise TypeError(f"attrs must be a dict of str to str, not {type(attrs).__name__}")
    checked: dict[str, str] = {}
    for name, value in attrs.items():
        _check_attribute_name(name)
        if not isinstance(value, str):
            raise TypeError(f"the value of attribute {name!r} must be a str, "
                            f"not {type(value).__name__}")
        checked[_ascii_lower(name) if lowercase else name] = value
    return checked


def _create_element(local_name: str, attrs: dict[str, str], namespace: str | None,
                    prefix: str | None = None) -> Element:
    """The parsers' and cloning's way to make an element: no checks, the
    names as given and ``attrs`` kept (not copied).  Parsers make names
    the DOM's constructors reject (XML5 recovers ``<1a>``, the HTML
    tokenizer ``<a =x>``); :class:`Element` itself validates."""
    element = _new_node(Element)
    element.parent = None
    element.children = []
    element.local_name = local_name
    element.namespace = namespace
    element.prefix = prefix
    element.attrs = attrs
    element.attr_namespaces = None
    element.template_contents = None
    if local_name == "template" and namespace == HTML_NAMESPACE:
        contents = element.template_contents = DocumentFragment()
        contents.host = element
    return element


_new_node = object.__new__


class Element(_ElementSelectorMethods, ParentNode):
    """An element: ``namespace`` URI, ``prefix`` (or None), ``local_name``
    and ``attrs`` (qualified name -> value, in order).  A ``template``
    element in the HTML namespace has ``template_contents``."""

    # (_end_location: where the parser found the end tag that closed the
    # element, see end_tag_location; never set unless the parse was asked
    # for source locations and an end tag of the element's name closed it.
    # A slot of its own rather than a pair with _location: the tree builder
    # stores the end tag token's span as it is, where making a new tuple
    # of both tags' spans and freeing the start tag's, long after it was
    # made, cost a parse with source locations about 5%.)
    __slots__ = ("namespace", "prefix", "local_name", "attrs", "attr_namespaces",
                 "template_contents", "_end_location")
    _end_location: Any

    @property
    def start_tag_location(self) -> SourceLocation | None:
        """The span of the start tag the parser made this element for (the
        same as :attr:`source_location`), when parsed with
        ``source_locations=True``; None for an element the tree builder
        made without one (an implied html, head, body, tbody ..., a copy
        made by "reconstruct the active formatting elements" or the
        adoption agency algorithm).  See :mod:`markup5.locations`."""
        return self.source_location

    @property
    def end_tag_location(self) -> SourceLocation | None:
        """The span of the end tag that closed this element, when parsed
        with ``source_locations=True`` and an end tag token of its name
        closed it; None when it was closed implicitly (by another tag, or
        the end of the input) or never closed."""
        try:
            end = self._end_location
        except AttributeError:
            return None
        if type(end) is tuple:  # (the parser's Span: made a SourceLocation once read)
            end = self._end_location = _located(end)
        return cast("SourceLocation", end)

    def __init__(self, local_name: str, attrs: Mapping[str, str] | None = None,
                 namespace: str | None = HTML_NAMESPACE, prefix: str | None = None) -> None:
        """Make an element, as the DOM's "create an element" does.

        ``local_name`` must be a "valid element local name" (DOM Standard)
        and ``prefix``, if given, a valid namespace prefix; else
        :class:`InvalidCharacterError` (a ValueError).  ``attrs`` is copied (names must be valid
        attribute names and values str: TypeError otherwise).

        An element in the HTML namespace (the default) gets its name and
        attribute names ASCII-lowercased, as ``document.createElement()``
        does in an HTML document: ``Element("DIV")`` is a ``div`` that
        ``select("div")`` finds.  Other namespaces keep names as given.  For
        an XHTML element with capitals (XML documents keep case), use
        :meth:`Document.create_element_ns` of an XML document.  Inserting
        an element never renames it, as in the DOM."""
        # The parser's DomSink.create_element sets these slots itself, for
        # speed: a slot added here must be set there too (tests/test_parser.py
        # compares the two), and in _create_element.
        _check_element_name(local_name)
        if namespace is not None and not isinstance(namespace, str):
            raise TypeError(f"namespace must be a str or None, not {type(namespace).__name__}")
        namespace = namespace or None
        if prefix is not None:
            # (A prefix without a namespace is allowed here: XML5 recovery
            # makes such elements for unbound prefixes.
            # Document.create_element_ns applies the DOM's rule.)
            _check_prefix(prefix)
        html = namespace == HTML_NAMESPACE
        if html:
            local_name = _ascii_lower(local_name)
        self.parent = None
        self.children = []
        self.local_name = local_name
        self.namespace = namespace
        self.prefix = prefix
        self.attrs: dict[str, str] = _checked_attrs(attrs, html)
        self.attr_namespaces: dict[str, str] | None = None
        self.template_contents: DocumentFragment | None = None
        if local_name == "template" and namespace == HTML_NAMESPACE:
            contents = self.template_contents = DocumentFragment()
            contents.host = self

    @property
    def name(self) -> str:
        """The qualified name: ``prefix:local_name`` or ``local_name``."""
        return self.local_name if self.prefix is None else f"{self.prefix}:{self.local_name}"

    def get(self, name: str, default: str | None = None) -> str | None:
        """The value of attribute ``name`` (qualified name), or ``default``.
        Names follow :meth:`get_attribute`'s rule: lowercased first on an
        HTML element in an HTML document."""
        _require_str(name, "the attribute name")
        return self.attrs.get(self._attribute_key(name), default)

    def __getitem__(self, name: str) -> str:
        """``el["href"]``: the value of attribute ``name`` (as
        :meth:`get`); KeyError if there is none."""
        _require_str(name, "the attribute name")
        return self.attrs[self._attribute_key(name)]

    def __setitem__(self, name: str, value: str) -> None:
        """``el["href"] = value``: :meth:`set_attribute`."""
        self.set_attribute(name, value)

    def __delitem__(self, name: str) -> None:
        """``del el["href"]``: remove attribute ``name``; KeyError if
        there is none (:meth:`remove_attribute` does nothing then)."""
        _require_str(name, "the attribute name")
        key = self._attribute_key(name)
        if key not in self.attrs:
            raise KeyError(name)
        self.remove_attribute(key)

    def __contains__(self, item: object) -> bool:
        """``"href" in el``: whether the attribute is present (as
        :meth:`has_attribute`).  ``node in el``: whether ``node`` is a
        child, as iterating over ``el`` gives the children."""
        if isinstance(item, str):
            return self._attribute_key(item) in self.attrs
        return isinstance(item, Node) and item.parent is self

    def attr_namespace(self, name: str) -> str | None:
        """The namespace URI of attribute ``name`` (None for no namespace)."""
        return None if self.attr_namespaces is None else self.attr_namespaces.get(name)

    def set_attr_namespace(self, name: str, namespace: str | None) -> None:
        """Record the namespace of attribute ``name`` (None: no namespace)."""
        if namespace is None:
            if self.attr_namespaces is not None:
                self.attr_namespaces.pop(name, None)
            return
        if self.attr_namespaces is None:
            self.attr_namespaces = {}
        self.attr_namespaces[name] = namespace

    # Attributes, the DOM's way ---------------------------------------------

    def _attribute_key(self, name: str) -> str:
        """The DOM lowercases the qualified name given to the attribute
        methods of an HTML element in an HTML document."""
        if self.namespace == HTML_NAMESPACE and not name.islower() \
                and any(c in _ASCII_UPPER for c in name):
            root = self.get_root_node()
            if not (isinstance(root, Document) and root.is_xml):
                return _ascii_lower(name)
        return name

    def get_attribute(self, name: str) -> str | None:
        """The value of the attribute whose qualified name is ``name``
        (lowercased first on an HTML element in an HTML document), or
        None: the DOM's ``getAttribute``."""
        _require_str(name, "the attribute name")
        return self.attrs.get(self._attribute_key(name))

    def set_attribute(self, name: str, value: str) -> None:
        """Set attribute ``name`` to ``value`` (the DOM's
        ``setAttribute``): an existing attribute keeps its place (and
        namespace), a new one goes last, in no namespace.  Raises
        :class:`InvalidCharacterError` for a name the DOM rejects."""
        key = self._attribute_key(_check_attribute_name(name))
        self.attrs[key] = _require_str(value, "the attribute value")

    def remove_attribute(self, name: str) -> None:
        """Remove attribute ``name`` if present (the DOM's
        ``removeAttribute``)."""
        _require_str(name, "the attribute name")
        key = self._attribute_key(name)
        if key in self.attrs:
            del self.attrs[key]
            self.set_attr_namespace(key, None)

    def has_attribute(self, name: str) -> bool:
        """Whether attribute ``name`` is present (the DOM's
        ``hasAttribute``)."""
        _require_str(name, "the attribute name")
        return self._attribute_key(name) in self.attrs

    def toggle_attribute(self, name: str, force: bool | None = None) -> bool:
        """Add attribute ``name`` (empty value) if absent, remove it if
        present; ``force`` True only adds, False only removes.  Returns
        whether the attribute is present afterwards (the DOM's
        ``toggleAttribute``)."""
        key = self._attribute_key(_check_attribute_name(name))
        if force is not None and not isinstance(force, bool):
            raise TypeError(f"force must be a bool or None, not {type(force).__name__}")
        if key not in self.attrs:
            if force is None or force:
                self.attrs[key] = ""
                return True
            return False
        if force is None or not force:
            del self.attrs[key]
            self.set_attr_namespace(key, None)
            return False
        return True

    def get_attribute_names(self) -> list[str]:
        """The qualified names of the attributes, in order."""
        return list(self.attrs)

    def _find_attribute_ns(self, namespace: str | None, local_name: str) -> str | None:
        namespaces = self.attr_namespaces or {}
        for qualified in self.attrs:
            attr_ns = namespaces.get(qualified)
            local = qualified if attr_ns is None else qualified.rpartition(":")[2]
            if attr_ns == namespace and local == local_name:
                return qualified
        return None

    def get_attribute_ns(self, namespace: str | None, local_name: str) -> str | None:
        """The value of the attribute in ``namespace`` (None or "" for no
        namespace) named ``local_name``, or None."""
        _require_str(local_name, "the local name")
        key = self._find_attribute_ns(namespace or None, local_name)
        return None if key is None else self.attrs[key]

    def has_attribute_ns(self, namespace: str | None, local_name: str) -> bool:
        """Whether the attribute ``local_name`` in ``namespace`` exists."""
        _require_str(local_name, "the local name")
        return self._find_attribute_ns(namespace or None, local_name) is not None

    def remove_attribute_ns(self, namespace: str | None, local_name: str) -> None:
        """Remove the attribute ``local_name`` in ``namespace``, if any."""
        _require_str(local_name, "the local name")
        key = self._find_attribute_ns(namespace or None, local_name)
        if key is not None:
            del self.attrs[key]
            self.set_attr_namespace(key, None)

    def set_attribute_ns(self, namespace: str | None, qualified_name: str, value: str) -> None:
        """Set the attribute ``qualified_name`` in ``namespace`` (the DOM's
        ``setAttributeNS``, with its "validate and extract" checks: an
        ``xml`` prefix needs the XML namespace, ``xmlns`` the XMLNS one).
        Attributes are keyed by qualified name here, so two attributes with
        one qualified name in different namespaces cannot coexist: that
        raises :class:`NamespaceError`."""
        if namespace is not None and not isinstance(namespace, str):
            raise TypeError(f"namespace must be a str or None, not {type(namespace).__name__}")
        _check_attribute_name(qualified_name)
        _require_str(value, "the attribute value")
        namespace = namespace or None
        prefix, _, local = qualified_name.rpartition(":")
        if not prefix:
            prefix_or_none: str | None = None
            local = qualified_name
        else:
            prefix_or_none = prefix
            if not local:
                raise InvalidCharacterError(f"{qualified_name!r} has an empty local name")
        if prefix_or_none is not None and namespace is None:
            raise NamespaceError("a prefixed attribute needs a namespace")
        if prefix_or_none == "xml" and namespace != XML_NAMESPACE:
            raise NamespaceError("the xml prefix is bound to the XML namespace")
        if (qualified_name == "xmlns" or prefix_or_none == "xmlns") \
                and namespace != XMLNS_NAMESPACE:
            raise NamespaceError("xmlns attributes are in the XMLNS namespace")
        if namespace == XMLNS_NAMESPACE and qualified_name != "xmlns" \
                and prefix_or_none != "xmlns":
            raise NamespaceError("only xmlns attributes can be in the XMLNS namespace")
        existing = self._find_attribute_ns(namespace, local)
        if existing is not None:
            self.attrs[existing] = value
            return
        if qualified_name in self.attrs:
            raise NamespaceError(f"an attribute {qualified_name!r} in another namespace "
                                 f"exists; markup5 keys attributes by qualified name")
        self.attrs[qualified_name] = value
        self.set_attr_namespace(qualified_name, namespace)

    @property
    def id(self) -> str:
        """The ``id`` attribute ("" if absent); settable."""
        return self.attrs.get("id", "")

    @id.setter
    def id(self, value: str) -> None:
        self.attrs["id"] = _require_str(value, "id")

    @property
    def class_name(self) -> str:
        """The ``class`` attribute ("" if absent); settable."""
        return self.attrs.get("class", "")

    @class_name.setter
    def class_name(self, value: str) -> None:
        self.attrs["class"] = _require_str(value, "class_name")

    @property
    def class_list(self) -> DOMTokenList:
        """The classes as a live :class:`DOMTokenList` (the DOM's
        ``classList``): reading it parses the ``class`` attribute, changing
        it writes the attribute back."""
        return DOMTokenList(self, "class")

    @property
    def directionality(self) -> str:
        """HTML's "the directionality" of this element, "ltr" or "rtl"
        (what ``:dir()`` matches): see :func:`markup5.directionality.directionality`."""
        from .directionality import directionality
        return directionality(self)

    # Constraint validation (markup5.forms) ---------------------------------------

    @property
    def validity(self) -> ValidityState:
        """The element's validity states as a freshly parsed page has them
        (the DOM's ``validity``): see :func:`markup5.forms.validity`."""
        from .forms import validity
        return validity(self)

    @property
    def will_validate(self) -> bool:
        """Whether the element is a candidate for constraint validation (the
        DOM's ``willValidate``): see :func:`markup5.forms.will_validate`."""
        from .forms import will_validate
        return will_validate(self)

    def check_validity(self) -> bool:
        """The DOM's ``checkValidity()`` without events: for a form, whether
        all its candidates are valid; else ``not will_validate or valid``.
        See :func:`markup5.forms.check_validity`."""
        from .forms import check_validity
        return check_validity(self)

    @property
    def validation_message(self) -> str:
        """The DOM's ``validationMessage``: "" when valid or not a
        candidate, else an English message (:func:`markup5.forms.validation_message`)."""
        from .forms import validation_message
        return validation_message(self)

    # Markup ------------------------------------------------------------------

    def _in_xml_document(self) -> bool:
        root = self.get_root_node()
        return isinstance(root, Document) and root.is_xml

    @property
    def inner_html(self) -> str:
        """The markup of the children (the DOM's ``innerHTML``): the HTML
        fragment serialization, or XML for an element of an XML document.

        Setting it parses the markup with the HTML fragment parsing
        algorithm, this element being the context (so ``<td>`` parses in a
        ``tr``, text in a ``textarea`` stays text), and replaces the
        children (a template's contents) with the result.  An element of an
        XML document raises NotImplementedError: markup5 has no XML
        fragment parser yet."""
        if self._in_xml_document():
            from .xml import serialize_xml
            children = self.template_contents.children if self.template_contents is not None \
                else self.children
            return "".join(serialize_xml(child) for child in children)
        from .html.serializer import serialize_children
        return serialize_children(self)

    @inner_html.setter
    def inner_html(self, markup: str) -> None:
        _require_str(markup, "inner_html")
        if self._in_xml_document():
            raise NotImplementedError("setting inner_html in an XML document needs XML "
                                      "fragment parsing, which markup5 does not have yet")
        from .html.parser import parse_fragment
        fragment = parse_fragment(markup, self)
        target: ParentNode = self if self.template_contents is None else self.template_contents
        nodes = fragment.children
        fragment.children = []
        for node in nodes:
            node.parent = None
        target._replace_all(nodes)

    @property
    def outer_html(self) -> str:
        """The markup of this element itself (the DOM's ``outerHTML``).

        Setting it parses the markup as a fragment in this element's parent
        (a ``body`` element stands in for a DocumentFragment parent) and
        puts the result in this element's place.  Raises
        :class:`NoModificationAllowedError` if the parent is a Document, and
        ValueError if there is no parent (the DOM silently does nothing
        then; markup5 does not let the assignment vanish unnoticed)."""
        if self._in_xml_document():
            from .xml import serialize_xml
            return serialize_xml(self)
        from .html.serializer import serialize
        return serialize(self)

    @outer_html.setter
    def outer_html(self, markup: str) -> None:
        _require_str(markup, "outer_html")
        parent = self.parent
        # Step 2 (deviation): the DOM returns quietly without a parent.
        if parent is None:
            raise ValueError("cannot set outer_html of an element without a parent")
        # Step 3.
        if isinstance(parent, Document):
            raise NoModificationAllowedError("cannot replace the document element with "
                                             "outer_html")
        if self._in_xml_document():
            raise NotImplementedError("setting outer_html in an XML document needs XML "
                                      "fragment parsing, which markup5 does not have yet")
        # Step 4: a fragment parent parses as if in a body element.
        context = parent if isinstance(parent, Element) else Element("body")
        from .html.parser import parse_fragment
        fragment = parse_fragment(markup, context)
        fragment.errors = []
        # Step 6: replace this with the fragment within the parent.
        parent.replace_child(fragment, self)

    def unwrap(self) -> Element:
        """Put this element's children in its place, and return the element,
        now empty and detached (BeautifulSoup's ``unwrap()``).  Raises
        ValueError if it has no parent, and :class:`HierarchyRequestError`
        where the children cannot go (text directly under a Document)."""
        parent = self.parent
        if parent is None:
            raise ValueError("cannot unwrap an element without a parent")
        fragment = DocumentFragment()
        children = self.children
        self.children = []
        for child in children:
            child.parent = fragment
        fragment.children = children
        try:
            parent.replace_child(fragment, self)
        except DOMError:
            for child in children:  # (put them back: nothing changed)
                child.parent = self
            self.children = children
            raise
        return self

    def insert_adjacent_html(self, position: str, html: str) -> None:
        """Parse ``html`` as a fragment and insert the nodes at
        ``position`` (the DOM's ``insertAdjacentHTML``): "beforebegin"
        (before this element), "afterbegin" (first children), "beforeend"
        (last children) or "afterend" (after it), ASCII case-insensitive.
        The fragment is parsed in the element that will hold it (a ``body``
        stands in for an ``html`` element or a parent that is no element),
        so ``<td>`` parses in a ``tr``.  Raises :class:`DOMSyntaxError`
        (a ValueError) for another position and
        :class:`NoModificationAllowedError` to insert beside an element
        whose parent is a Document or that has no parent."""
        _require_str(position, "position")
        _require_str(html, "html")
        where = _ascii_lower(position)
        # Step 1: the context.
        if where in ("beforebegin", "afterend"):
            context: Node | None = self.parent
            if context is None or isinstance(context, Document):
                raise NoModificationAllowedError(
                    f"{position!r} needs a parent that is an element or a fragment")
        elif where in ("afterbegin", "beforeend"):
            context = self
        else:
            raise DOMSyntaxError(f"{position!r} is not one of 'beforebegin', 'afterbegin', "
                                 f"'beforeend' or 'afterend'")
        # Step 2: a body element stands in for html and non-element contexts.
        if not isinstance(context, Element) or (
                context.namespace == HTML_NAMESPACE and context.local_name == "html"
                and not context._in_xml_document()):
            context = _create_element("body", {}, HTML_NAMESPACE)
        if self._in_xml_document():
            raise NotImplementedError("insert_adjacent_html in an XML document needs XML "
                                      "fragment parsing, which markup5 does not have yet")
        from .html.parser import parse_fragment
        fragment = parse_fragment(html, context)
        fragment.errors = []
        # Step 4: insert the fragment.
        if where == "beforebegin":
            assert self.parent is not None
            self.parent.insert_before(fragment, self)
        elif where == "afterbegin":
            self.insert_before(fragment, self.first_child)
        elif where == "beforeend":
            self.append_child(fragment)
        else:
            assert self.parent is not None
            self.parent.insert_before(fragment, self.next_sibling)

    def absolute_url(self, attribute_name: str = "href") -> str | None:
        """The attribute's value parsed as a URL relative to the document's
        base URL (``doc.base_url``) and serialized, as a browser's
        ``a.href`` gives it; None when the attribute is absent or does not
        parse.  See :mod:`markup5.links`."""
        from .links import absolute_url
        return absolute_url(self, attribute_name)

    def __repr__(self) -> str:
        ns = "" if self.namespace == HTML_NAMESPACE else f" ns={self.namespace!r}"
        return f"<Element {self.name}{ns} attrs={len(self.attrs)} children={len(self.children)}>"


# --------------------------------------------------------------------------
# Character data
# --------------------------------------------------------------------------

class Text(Node):
    """A text node."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        # DomSink.insert_text sets these slots itself (see Element.__init__).
        self.parent = None
        self.data = _require_str(data, "a Text node's data")

    def _get_text_content(self) -> str:
        return self.data

    def _set_text_content(self, value: str) -> None:
        self.data = value

    def __str__(self) -> str:
        """The data, unescaped (as ``str()`` of a BeautifulSoup string);
        ``serialize()`` gives it escaped."""
        return self.data

    def __repr__(self) -> str:
        return f"<Text {self.data!r}>"


class Comment(Node):
    """A comment node."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        super().__init__()
        self.data = _require_str(data, "a Comment's data")

    def _get_text_content(self) -> str:
        return self.data

    def _set_text_content(self, value: str) -> None:
        self.data = value

    def __str__(self) -> str:
        """The data (as ``str()`` of a BeautifulSoup Comment);
        ``serialize()`` gives ``<!--data-->``."""
        return self.data

    def __repr__(self) -> str:
        return f"<Comment {self.data!r}>"


class ProcessingInstruction(Node):
    """A processing instruction node ``<?target data?>``."""

    __slots__ = ("target", "data")

    def __init__(self, target: str, data: str) -> None:
        super().__init__()
        self.target = target
        self.data = data

    def _get_text_content(self) -> str:
        return self.data

    def _set_text_content(self, value: str) -> None:
        self.data = value

    def __repr__(self) -> str:
        return f"<ProcessingInstruction {self.target!r} {self.data!r}>"
