"""The document object model shared by the HTML and XML5 parsers.

Light nodes (``__slots__``) with the conveniences users expect: ``children``
and ``parent``, iteration over descendants, ``text_content``, finding
elements by tag name or id.  Nothing here recurses: a document nested
100,000 levels deep can be walked, dumped, serialized and dropped.

Elements carry a namespace URI, a prefix and a local name.  Attributes are
a dict from qualified name (``"href"``, ``"xlink:href"``) to value, in
source order; an attribute in a namespace also has an entry in
:attr:`Element.attr_namespaces` (qualified name -> namespace URI).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

__all__ = [
    "HTML_NAMESPACE", "SVG_NAMESPACE", "MATHML_NAMESPACE", "XLINK_NAMESPACE",
    "XML_NAMESPACE", "XMLNS_NAMESPACE",
    "Node", "ParentNode", "Document", "DocumentFragment", "DocumentType", "Element",
    "Text", "Comment", "ProcessingInstruction",
]

HTML_NAMESPACE = "http://www.w3.org/1999/xhtml"
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML"
XLINK_NAMESPACE = "http://www.w3.org/1999/xlink"
XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace"
XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/"


class Node:
    """Base class of all nodes."""

    __slots__ = ("parent", "__weakref__")

    def __init__(self) -> None:
        self.parent: ParentNode | None = None

    @property
    def next_sibling(self) -> Node | None:
        parent = self.parent
        if parent is None:
            return None
        siblings = parent.children
        i = _index(siblings, self) + 1
        return siblings[i] if i < len(siblings) else None

    @property
    def previous_sibling(self) -> Node | None:
        parent = self.parent
        if parent is None:
            return None
        siblings = parent.children
        i = _index(siblings, self)
        return siblings[i - 1] if i > 0 else None

    @property
    def text_content(self) -> str:
        """The text of this node and its descendants (comments and
        processing instructions excluded)."""
        return ""

    def remove(self) -> None:
        """Detach this node from its parent (if any)."""
        if self.parent is not None:
            self.parent.remove_child(self)

    def to_html(self) -> str:
        """This node serialized as HTML (the HTML fragment serialization
        algorithm for its children, plus the node itself)."""
        from .html.serializer import serialize
        return serialize(self)


def _index(children: list[Node], node: Node) -> int:
    """Position of ``node`` among ``children``, searching from the end (the
    tree builder mostly works at the end of a parent's children)."""
    i = len(children) - 1
    while i >= 0:
        if children[i] is node:
            return i
        i -= 1
    raise ValueError("node is not a child of this parent")


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
        """Append ``node`` (detaching it from its old parent first)."""
        if node.parent is not None:
            node.parent.remove_child(node)
        node.parent = self
        self.children.append(node)
        return node

    def insert_before(self, node: Node, reference: Node | None) -> Node:
        """Insert ``node`` before ``reference`` (append if None)."""
        if reference is None:
            return self.append_child(node)
        if node.parent is not None:
            node.parent.remove_child(node)
        self.children.insert(_index(self.children, reference), node)
        node.parent = self
        return node

    def remove_child(self, node: Node) -> Node:
        """Remove ``node`` from this node's children."""
        del self.children[_index(self.children, node)]
        node.parent = None
        return node

    # Reading --------------------------------------------------------------

    @property
    def first_child(self) -> Node | None:
        return self.children[0] if self.children else None

    @property
    def last_child(self) -> Node | None:
        return self.children[-1] if self.children else None

    def iter(self) -> Iterator[Node]:
        """All descendants in tree order (not this node; not template
        contents).  Iterative, so any depth works."""
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
        return len(self.children)

    def elements(self) -> Iterator[Element]:
        """Descendant elements in tree order."""
        return (node for node in self.iter() if isinstance(node, Element))

    def get_elements_by_tag_name(self, name: str) -> list[Element]:
        """Descendant elements whose qualified name is ``name`` (HTML
        elements match ASCII case-insensitively; ``"*"`` matches all)."""
        if name == "*":
            return list(self.elements())
        lowered = name.lower()
        return [e for e in self.elements()
                if (e.name == lowered if e.namespace == HTML_NAMESPACE else e.name == name)]

    def get_element_by_id(self, element_id: str) -> Element | None:
        """The first descendant element whose ``id`` attribute is
        ``element_id``."""
        for element in self.elements():
            if element.attrs.get("id") == element_id:
                return element
        return None

    @property
    def text_content(self) -> str:
        return "".join(node.data for node in self.iter() if type(node) is Text)


class Document(ParentNode):
    """A document.  ``mode`` is "no-quirks", "quirks" or "limited-quirks";
    ``errors`` lists the parse errors met while building it;
    ``content_type`` is "text/html" or, for XML documents,
    "application/xml"."""

    __slots__ = ("mode", "errors", "content_type")

    def __init__(self, content_type: str = "text/html") -> None:
        super().__init__()
        self.mode = "no-quirks"
        self.errors: list = []
        self.content_type = content_type

    @property
    def is_xml(self) -> bool:
        return self.content_type != "text/html"

    @property
    def doctype(self) -> DocumentType | None:
        for node in self.children:
            if type(node) is DocumentType:
                return node
        return None

    @property
    def document_element(self) -> Element | None:
        for node in self.children:
            if isinstance(node, Element):
                return node
        return None

    @property
    def text_content(self) -> str:  # the DOM says null for documents
        return ""

    def __repr__(self) -> str:
        return f"<Document mode={self.mode!r} children={len(self.children)}>"


class DocumentFragment(ParentNode):
    """A document fragment (fragment parsing results, template contents)."""

    __slots__ = ("errors",)

    def __init__(self) -> None:
        super().__init__()
        self.errors: list = []

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


class Element(_ElementSelectorMethods, ParentNode):
    """An element: ``namespace`` URI, ``prefix`` (or None), ``local_name``
    and ``attrs`` (qualified name -> value, in order).  A ``template``
    element in the HTML namespace has ``template_contents``."""

    __slots__ = ("namespace", "prefix", "local_name", "attrs", "attr_namespaces",
                 "template_contents")

    def __init__(self, local_name: str, attrs: dict[str, str] | None = None,
                 namespace: str | None = HTML_NAMESPACE, prefix: str | None = None) -> None:
        self.parent = None
        self.children = []
        self.local_name = local_name
        self.namespace = namespace
        self.prefix = prefix
        self.attrs: dict[str, str] = {} if attrs is None else attrs
        self.attr_namespaces: dict[str, str] | None = None
        self.template_contents: DocumentFragment | None = (
            DocumentFragment() if local_name == "template" and namespace == HTML_NAMESPACE
            else None)

    @property
    def name(self) -> str:
        """The qualified name: ``prefix:local_name`` or ``local_name``."""
        return self.local_name if self.prefix is None else f"{self.prefix}:{self.local_name}"

    def get(self, name: str, default: str | None = None) -> str | None:
        """The value of attribute ``name`` (qualified name), or ``default``."""
        return self.attrs.get(name, default)

    def attr_namespace(self, name: str) -> str | None:
        """The namespace URI of attribute ``name`` (None for no namespace)."""
        return None if self.attr_namespaces is None else self.attr_namespaces.get(name)

    def set_attr_namespace(self, name: str, namespace: str | None) -> None:
        if namespace is None:
            if self.attr_namespaces is not None:
                self.attr_namespaces.pop(name, None)
            return
        if self.attr_namespaces is None:
            self.attr_namespaces = {}
        self.attr_namespaces[name] = namespace

    def __repr__(self) -> str:
        ns = "" if self.namespace == HTML_NAMESPACE else f" ns={self.namespace!r}"
        return f"<Element {self.name}{ns} attrs={len(self.attrs)} children={len(self.children)}>"


class Text(Node):
    """A text node."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        self.parent = None
        self.data = data

    @property
    def text_content(self) -> str:
        return self.data

    def __repr__(self) -> str:
        return f"<Text {self.data!r}>"


class Comment(Node):
    """A comment node."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        super().__init__()
        self.data = data

    def __repr__(self) -> str:
        return f"<Comment {self.data!r}>"


class ProcessingInstruction(Node):
    """A processing instruction node ``<?target data?>``."""

    __slots__ = ("target", "data")

    def __init__(self, target: str, data: str) -> None:
        super().__init__()
        self.target = target
        self.data = data

    def __repr__(self) -> str:
        return f"<ProcessingInstruction {self.target!r} {self.data!r}>"
