"""The serializer's view of a tree: a flat stream of events.

:func:`walk` turns a node into events (:class:`StartTag`, :class:`EndTag`,
:class:`Characters`, :class:`Comment`, :class:`Doctype`,
:class:`ProcessingInstruction`), the shape html5lib's tree walkers give its
serializer.  The serializer's options (omitting optional tags, injecting a
``<meta charset>``, collapsing whitespace, ...) are filters over this stream,
so they also work on a stream that did not come from a tree, which is how
the html5lib-tests serializer fixtures are run.

``walk(..., pretty=True)`` adds indentation where whitespace does not
matter (see :func:`walk`).  Nothing here recurses.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple, Union

from ..dom import (
    HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, Comment as CommentNode, Document,
    DocumentFragment, DocumentType, Element, Node, ParentNode,
    ProcessingInstruction as PINode, Text,
)

__all__ = [
    "StartTag", "EndTag", "Characters", "Comment", "Doctype", "ProcessingInstruction",
    "Event", "Attribute", "walk", "tag_name", "VOID_ELEMENTS",
    "PRETTY_CONTAINERS", "PRETTY_BLOCKS", "PRESERVE_WHITESPACE",
]

#: Elements that "serialize as void": the void elements plus basefont,
#: bgsound, frame, keygen and param.  No end tag, no children.
VOID_ELEMENTS = frozenset({
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img",
    "input", "keygen", "link", "meta", "param", "source", "track", "wbr",
})

_PLAIN_TAG_NAMESPACES = frozenset({HTML_NAMESPACE, SVG_NAMESPACE, MATHML_NAMESPACE})

#: One attribute: (qualified name, namespace URI or None, value).
Attribute = tuple[str, Union[str, None], str]


class StartTag(NamedTuple):
    """A start tag.  ``name`` is the tag name as written (the local name in
    the HTML, SVG and MathML namespaces, the qualified name otherwise);
    ``empty`` means no end tag follows (a void element, html5lib's
    "EmptyTag")."""

    namespace: str | None
    name: str
    attrs: tuple[Attribute, ...] = ()
    empty: bool = False


class EndTag(NamedTuple):
    """An end tag."""

    namespace: str | None
    name: str


class Characters(NamedTuple):
    """Text (escaped on output unless its element is a raw text one)."""

    data: str


class Comment(NamedTuple):
    """A comment."""

    data: str


class Doctype(NamedTuple):
    """A DOCTYPE."""

    name: str
    public_id: str = ""
    system_id: str = ""


class ProcessingInstruction(NamedTuple):
    """A processing instruction."""

    target: str
    data: str


Event = Union[StartTag, EndTag, Characters, Comment, Doctype, ProcessingInstruction]

_ASCII_WHITESPACE = "\t\n\f\r "

# --------------------------------------------------------------------------
# Pretty-printing categories (HTML elements, by the default rendering of
# the HTML Standard §15.3)
# --------------------------------------------------------------------------

#: Elements whose children may be put on lines of their own: their content
#: lays out as blocks (display: block, list-item, table parts, ...) or is
#: not rendered, so whitespace between block children does not show.
PRETTY_CONTAINERS = frozenset({
    "html", "head", "body", "address", "article", "aside", "blockquote", "center",
    "details", "dialog", "dd", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
    "footer", "form", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
    "legend", "li", "main", "menu", "nav", "ol", "optgroup", "p", "search", "section",
    "select", "datalist", "summary", "table", "caption", "colgroup", "thead", "tbody",
    "tfoot", "tr", "td", "th", "ul", "template",
})

#: Elements that may stand on a line of their own inside a container:
#: block-level boxes, and elements that are not rendered (display: none).
PRETTY_BLOCKS = PRETTY_CONTAINERS | frozenset({
    "hr", "pre", "listing", "plaintext", "xmp", "option", "col", "frame",
    "title", "meta", "link", "script", "style", "base", "basefont", "noframes", "param",
})

#: Elements whose whole subtree is written exactly as it is: whitespace in
#: them is content (pre-formatted text, raw text, form values).
PRESERVE_WHITESPACE = frozenset({
    "pre", "listing", "plaintext", "textarea", "xmp", "script", "style", "iframe",
    "noembed", "noframes", "noscript", "title",
})

#: The deepest level of indentation: lines nested deeper are indented as
#: this level.  Indenting every line by its depth makes the output grow
#: with depth x elements (8,000 nested divs, 40 KB, printed as 128 MB);
#: with the cap each line's indentation is bounded, so the output stays
#: linear in the tree.
PRETTY_MAX_LEVEL = 100


def tag_name(element: Element) -> str:
    """The tag name the standard's serialization writes for ``element``:
    the local name in the HTML, SVG and MathML namespaces, the qualified
    name otherwise."""
    if element.namespace in _PLAIN_TAG_NAMESPACES:
        return element.local_name
    return element.name


def _start_tag(element: Element, name: str) -> StartTag:
    namespaces = element.attr_namespaces
    attrs = tuple(
        (qualified, None if namespaces is None else namespaces.get(qualified), value)
        for qualified, value in element.attrs.items())
    empty = element.namespace == HTML_NAMESPACE and element.local_name in VOID_ELEMENTS
    return StartTag(element.namespace, name, attrs, empty)


def _leaf_event(node: Node) -> Event:
    if isinstance(node, Text):
        return Characters(node.data)
    if isinstance(node, CommentNode):
        return Comment(node.data)
    if isinstance(node, PINode):
        return ProcessingInstruction(node.target, node.data)
    if isinstance(node, DocumentType):
        return Doctype(node.name, node.public_id, node.system_id)
    raise TypeError(f"cannot serialize {node!r}")


def _children(node: ParentNode) -> list[Node]:
    if isinstance(node, Element) and node.template_contents is not None:
        return node.template_contents.children
    return node.children


def _preserves(element: Element) -> bool:
    """Whether whitespace inside ``element`` (and all its descendants) is
    significant: a pre-formatted or raw text HTML element, or a foreign
    (SVG, MathML, other) element, where markup5 does not guess."""
    return element.namespace != HTML_NAMESPACE or element.local_name in PRESERVE_WHITESPACE


def _inside_preserved(node: Node) -> bool:
    """Whether ``node`` lies inside an element that :func:`_preserves`
    whitespace: one of its ancestors does, or, for a node that can have
    children, in a template's contents, the template (its ``host``) does
    or lies inside one that does, and so on out through nested templates.

    One walk up, crossing from each template contents to its template:
    O(depth), with no recursion (thousands of nested templates work).
    :func:`walk` calls it once, for its root only."""
    current = node
    while True:
        root = current
        parent = current.parent
        while parent is not None:
            if isinstance(parent, Element) and _preserves(parent):
                return True
            root = parent
            parent = parent.parent
        if not isinstance(current, ParentNode):
            return False
        if not isinstance(root, DocumentFragment) or root.host is None:
            return False
        current = root.host
        if _preserves(current):
            return True


def _block_layout(container: ParentNode, children: list[Node]) -> bool:
    """Whether ``container``'s children go on lines of their own: it is a
    Document, a DocumentFragment or a :data:`PRETTY_CONTAINERS` element, at
    least one child is not text, every element child is in
    :data:`PRETTY_BLOCKS` and every Text child is only ASCII whitespace."""
    if isinstance(container, Element):
        if container.namespace != HTML_NAMESPACE \
                or container.local_name not in PRETTY_CONTAINERS:
            return False
    structure = False
    for child in children:
        if isinstance(child, Text):
            if child.data.strip(_ASCII_WHITESPACE):
                return False
        elif isinstance(child, Element):
            if child.namespace != HTML_NAMESPACE or child.local_name not in PRETTY_BLOCKS:
                return False
            structure = True
        elif isinstance(child, (CommentNode, PINode, DocumentType)):
            structure = True
        else:
            return False
    return structure


def _is_blank(node: Node) -> bool:
    return isinstance(node, Text) and not node.data.strip(_ASCII_WHITESPACE)


def _ends_body(node: Node) -> bool:
    """Whether whitespace written after ``node`` would not stay where it is
    written: after ``</body>`` or ``</html>`` the parser moves it into the
    body, where it would join the body's last text."""
    return isinstance(node, Element) and node.namespace == HTML_NAMESPACE \
        and node.local_name in ("body", "html")


def _swallows_end_tag(script: Element) -> bool:
    """Whether the text of the HTML ``script`` element leaves the tokenizer
    in a script data escape state from which its ``</script>`` end tag does
    not get out (``<!--<script>`` opens a double-escaped run): then the end
    tag, and what follows it up to another ``</script>``, parse as the
    script's text, so no whitespace may be added there."""
    data = "".join(c.data for c in script.children if isinstance(c, Text))
    if "<!--" not in data:
        return False  # (no escape without "<!--": the end tag always ends it)
    from ..tokens import EndTag as _EndTagToken
    from .states import State
    from .tokenizer import Tokenizer
    tokens = list(Tokenizer(data + "</script>", initial_state=State.SCRIPT_DATA,
                            last_start_tag="script", collect_errors=False))
    return not (tokens and isinstance(tokens[-1], _EndTagToken)
                and tokens[-1].name == "script")


# Stack actions of the walk: a node, added whitespace, an end tag, and a
# whitespace-only Text that the layout drops (written as it is once the
# rest of the output must be verbatim).
_NODE, _TEXT, _END, _BLANK = 0, 1, 2, 3

_Action = tuple[int, Union[Node, str, None], int, bool]


def _block_actions(children: list[Node], depth: int, indent: str,
                   closing: bool) -> list[_Action]:
    """The actions, in order, that lay ``children`` out one per line at
    ``depth`` (whitespace-only text dropped), with a line break before the
    container's end tag when ``closing``.  No whitespace follows a body or
    html element (see :func:`_ends_body`)."""
    actions: list[_Action] = []
    line = "\n" + indent * min(depth, PRETTY_MAX_LEVEL)
    previous: Node | None = None
    for item in children:
        if _is_blank(item):
            actions.append((_BLANK, item, depth, False))
            continue
        if closing or previous is not None:
            if previous is None or not _ends_body(previous):
                actions.append((_TEXT, line, depth, False))
        actions.append((_NODE, item, depth, False))
        previous = item
    if closing and (previous is None or not _ends_body(previous)):
        actions.append((_TEXT, "\n" + indent * min(depth - 1, PRETTY_MAX_LEVEL), depth, False))
    return actions


def walk(node: Node, *, children_only: bool = False, pretty: bool = False,
         indent: str = "  ") -> Iterator[Event]:
    """The events that serialize ``node`` (its children only with
    ``children_only``; a Document or DocumentFragment always gives its
    children; a template element's children are its template contents).

    With ``pretty``, whitespace is added where it cannot change what a
    browser shows or how the markup parses back, and nowhere else:

    * the children of a Document or DocumentFragment, and of an HTML
      element in :data:`PRETTY_CONTAINERS` (``div``, ``ul``, ``table``,
      ``head``, ...), go on lines of their own, indented by ``indent`` per
      level (up to :data:`PRETTY_MAX_LEVEL` levels), when every one of
      them is an HTML element in :data:`PRETTY_BLOCKS` (block-level or not
      rendered), a comment, a processing instruction, a doctype or
      whitespace-only text (which is dropped), and there is at least one
      that is not text;
    * anything else -- text, inline elements such as ``<b>`` or ``<br>``
      next to each other -- is written exactly as it is, as is the whole
      subtree of ``pre``, ``textarea``, ``listing``, ``plaintext``,
      ``title``, raw text elements (``script``, ``style``, ...) and of
      SVG, MathML and other foreign elements;
    * no whitespace is written anywhere after the end of a ``body`` or
      ``html`` element (the parser would move it into the body, onto the
      end of its text), and nothing changes after a ``plaintext`` start tag
      or after a ``script`` whose text keeps its ``</script>`` from ending
      it (``<!--<script>``): there the output is the plain serialization's
      (what follows parses as their text).

    So a pretty-printed document parses back to the same tree except for
    whitespace-only text between block-level elements.
    """
    verbatim = pretty and _inside_preserved(node)
    stack: list[_Action] = []
    if isinstance(node, ParentNode) and (children_only or not isinstance(node, Element)):
        children = _children(node)
        if isinstance(node, Element):
            verbatim = verbatim or (pretty and _preserves(node))
        if pretty and not verbatim and _block_layout(node, children):
            stack.extend(reversed(_block_actions(children, 0, indent, False)))
        else:
            for child in reversed(children):
                stack.append((_NODE, child, 0, verbatim))
    else:
        stack.append((_NODE, node, 0, verbatim))
    pop = stack.pop
    push = stack.append
    # After a <plaintext> start tag, or a script that swallows its end tag,
    # everything parses as their text: the rest is written as it is.
    rest_verbatim = False
    # After </body> or </html>, whitespace goes into the body.
    body_ended = False
    while stack:
        action, item, depth, keep = pop()
        if action == _TEXT:
            if not rest_verbatim and not body_ended:
                yield Characters(item)  # type: ignore[arg-type]
        elif action == _BLANK:
            if rest_verbatim:
                assert isinstance(item, Text)
                yield Characters(item.data)
        elif action == _END:
            element = item
            assert isinstance(element, Element)
            yield EndTag(element.namespace, tag_name(element))
            if pretty and element.namespace == HTML_NAMESPACE:
                name = element.local_name
                if name == "body" or name == "html":
                    body_ended = True
                elif name == "script" and not rest_verbatim and _swallows_end_tag(element):
                    rest_verbatim = True
        elif isinstance(item, Element):
            name = tag_name(item)
            start = _start_tag(item, name)
            yield start
            if item.local_name == "plaintext" and item.namespace == HTML_NAMESPACE:
                rest_verbatim = True
            if start.empty:
                continue
            push((_END, item, depth, keep))
            children = _children(item)
            if not children:
                continue
            inner_keep = keep or (pretty and _preserves(item))
            if pretty and not inner_keep and not rest_verbatim \
                    and _block_layout(item, children):
                stack.extend(reversed(_block_actions(children, depth + 1, indent, True)))
            else:
                for child in reversed(children):
                    push((_NODE, child, depth + 1, inner_keep))
        elif isinstance(item, (Document, DocumentFragment)):
            # A Document/DocumentFragment nested below the root (not
            # produced by parsing): its children in its place.
            for child in reversed(item.children):
                push((_NODE, child, depth, keep))
        elif isinstance(item, Node):
            yield _leaf_event(item)
        else:
            raise TypeError(f"cannot serialize {item!r}")
