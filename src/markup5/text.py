"""Text extraction: :func:`get_text` (every text node, BeautifulSoup's
``get_text``) and :func:`inner_text` (the text a reader sees, a rough
version of the HTML Standard's ``innerText``).

Both walk the tree with an explicit stack: any depth works.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from .dom import (
    HTML_NAMESPACE, SVG_NAMESPACE, Document, DocumentFragment, Element, Node, ParentNode,
    Text,
)

__all__ = ["get_text", "strings", "inner_text", "inner_texts", "NOT_RENDERED", "BLOCK_LEVEL",
           "PREFORMATTED", "SKIPPED_BY_GET_TEXT"]

_ASCII_WHITESPACE = "\t\n\f\r "

#: HTML elements whose text :func:`get_text` leaves out (what BeautifulSoup
#: 4.10+ leaves out too).
SKIPPED_BY_GET_TEXT = frozenset({"script", "style"})

#: HTML elements a browser does not render (``display: none`` in the
#: HTML Standard's rendering section, §15.3.1, plus ``noscript``, which is
#: not rendered when scripting is enabled, as it is in browsers).
NOT_RENDERED = frozenset({
    "area", "base", "basefont", "datalist", "head", "link", "meta", "noembed", "noframes",
    "noscript", "param", "rp", "script", "style", "template", "title",
})

#: SVG elements whose content is not rendered as text.
_SVG_NOT_RENDERED = frozenset({"title", "desc", "metadata", "defs", "style", "script"})

#: HTML elements that are block-level by default (§15.3: display block,
#: list-item, table, table-caption), each on lines of its own.
BLOCK_LEVEL = frozenset({
    "html", "body", "address", "article", "aside", "blockquote", "center", "details",
    "dialog", "dd", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
    "form", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
    "legend", "li", "listing", "main", "menu", "nav", "ol", "optgroup", "option", "p",
    "plaintext", "pre", "search", "section", "summary", "table", "caption", "ul", "xmp",
})

#: HTML elements whose whitespace is kept as it is (``white-space: pre``
#: or ``pre-wrap``), with all their descendants.
PREFORMATTED = frozenset({"pre", "listing", "plaintext", "xmp", "textarea"})

_WHITESPACE_RUN = re.compile("[\t\n\f\r ]+")


def _is_html(node: Node, names: frozenset[str]) -> bool:
    return isinstance(node, Element) and node.namespace == HTML_NAMESPACE \
        and node.local_name in names


def get_text(node: Node, separator: str = "", strip: bool = False) -> str:
    """The data of ``node``'s descendant Text nodes (``node``'s own for a
    Text node), in tree order, joined with ``separator``.

    * Text inside HTML ``script`` and ``style`` elements is left out,
      unless ``node`` is itself one of them; comments and processing
      instructions never count; template contents are not descendants.
    * With ``strip``, each piece loses its leading and trailing ASCII
      whitespace (U+00A0 and other non-ASCII spaces are content) and empty
      pieces are dropped before joining.
    """
    if not isinstance(node, Node):
        raise TypeError(f"get_text() takes a Node, not {type(node).__name__}")
    if not isinstance(separator, str):
        raise TypeError(f"separator must be a str, not {type(separator).__name__}")
    if not isinstance(strip, bool):
        raise TypeError(f"strip must be a bool, not {type(strip).__name__}")
    return separator.join(strings(node, strip))


def strings(node: Node, strip: bool = False) -> Iterator[str]:
    """The pieces :func:`get_text` joins, one at a time (BeautifulSoup's
    ``.strings``, and with ``strip`` its ``.stripped_strings``): the data of
    the descendant Text nodes in tree order, those inside HTML ``script``
    and ``style`` left out; with ``strip``, each stripped of ASCII
    whitespace and the empty ones dropped.  The tree is read as iteration
    goes (a live walk): do not edit it meanwhile."""
    if not isinstance(node, Node):
        raise TypeError(f"strings() takes a Node, not {type(node).__name__}")
    if isinstance(node, Text):
        stack: list[Node] = [node]
    elif isinstance(node, ParentNode):
        stack = list(reversed(node.children))
    else:
        return
    while stack:
        current = stack.pop()
        if isinstance(current, Text):
            if strip:
                piece = current.data.strip(_ASCII_WHITESPACE)
                if piece:
                    yield piece
            else:
                yield current.data
        elif isinstance(current, Element):
            if not _is_html(current, SKIPPED_BY_GET_TEXT):
                stack.extend(reversed(current.children))
        elif isinstance(current, (Document, DocumentFragment)):
            stack.extend(reversed(current.children))


def _not_rendered(element: Element) -> bool:
    if element.namespace == HTML_NAMESPACE:
        if element.local_name in NOT_RENDERED or "hidden" in element.attrs:
            return True
        return element.local_name == "dialog" and "open" not in element.attrs
    if element.namespace == SVG_NAMESPACE:
        return element.local_name in _SVG_NOT_RENDERED
    return False


_CELLS = frozenset({"td", "th"})
_ROWS = frozenset({"tr"})
_ROW_GROUPS = frozenset({"thead", "tbody", "tfoot"})


def _last_rendered(parent: ParentNode, names: frozenset[str]) -> Node | None:
    """The last child of ``parent`` that is a rendered HTML element named in
    ``names`` (None if there is none).

    A cell (row) that is itself such a child is the last cell (row) of its
    parent exactly when it is this node: no rendered cell (row) follows it
    among its siblings.  The scan runs backwards and stops at the first
    match, and :func:`_collect` does it once per parent, so a row of N
    cells costs O(N), not a scan of the siblings per cell."""
    for child in reversed(parent.children):
        if isinstance(child, Element) and _is_html(child, names) \
                and not _not_rendered(child):
            return child
    return None


def _last_row_holder(parent: ParentNode) -> Node | None:
    """The last child of ``parent`` that holds rows of a table: an HTML
    ``tr``, or an HTML ``thead``, ``tbody`` or ``tfoot`` with an HTML ``tr``
    child (rendered or not, as the sections after a row's own are
    counted).  A row in a section is the last of its table only if that
    section is this node.  Once per parent, like :func:`_last_rendered`."""
    for child in reversed(parent.children):
        if isinstance(child, Element) and (_is_html(child, _ROWS) or (
                _is_html(child, _ROW_GROUPS)
                and any(_is_html(c, _ROWS) for c in child.children))):
            return child
    return None


def _cached(cache: dict[int, Node | None], parent: ParentNode,
            find: Callable[[ParentNode], Node | None]) -> Node | None:
    """``find(parent)``, computed once per parent during one collection
    walk (the parents stay alive for the walk, so their ids are stable)."""
    key = id(parent)
    if key in cache:
        return cache[key]
    result = cache[key] = find(parent)
    return result


def inner_text(node: Node) -> str:
    """The text a reader sees in ``node``: a rough version of the HTML
    Standard's ``innerText`` getter (§3.2.7, "rendered text collection
    steps"), using the elements' default rendering instead of CSS.

    The rules, in order:

    1. If ``node`` is an element that is not rendered (see 2), the result
       is its ``text_content``; a Text node gives its data.
    2. Left out, with everything inside: HTML elements in
       :data:`NOT_RENDERED` (``head``, ``title``, ``script``, ``style``,
       ``template``, ``noscript``, ...), HTML elements with a ``hidden``
       attribute, ``dialog`` without ``open``, SVG ``title``, ``desc``,
       ``metadata``, ``defs``, ``style`` and ``script``; comments and
       processing instructions.
    3. Text outside :data:`PREFORMATTED` elements has each run of ASCII
       whitespace collapsed to one space, and spaces at the start and end
       of a line are dropped (so is a space that follows another); inside
       ``pre``, ``listing``, ``plaintext``, ``xmp`` and ``textarea`` text
       is kept as it is.
    4. ``<br>`` is a line break ("\\n").
    5. A ``p`` element is preceded and followed by a blank line (two
       required line breaks); any other element in :data:`BLOCK_LEVEL`
       (``div``, ``li``, ``h1``, ``table``, ...) by one line break.
       Consecutive required line breaks collapse to the largest of them,
       and none are written at the start or the end.
    6. A ``td`` or ``th`` cell is followed by a tab unless it is the last
       cell of its row; a ``tr`` row by a line break unless it is the last
       row of its table.

    Not done: CSS (a ``style`` attribute or stylesheet that changes
    ``display`` or ``white-space``), text transforms, ``alt`` text of
    images, the content of form controls other than ``textarea``.
    """
    if not isinstance(node, Node):
        raise TypeError(f"inner_text() takes a Node, not {type(node).__name__}")
    if isinstance(node, Text):
        return node.data
    if not isinstance(node, ParentNode):
        return ""
    if isinstance(node, Element) and _not_rendered(node):
        return node.text_content
    return _render(_collect(node, _in_preformatted(node)))


def _in_preformatted(node: ParentNode) -> bool:
    """Whether ``node`` or an element ancestor is an HTML
    :data:`PREFORMATTED` element."""
    ancestor = node if isinstance(node, Element) else None
    while ancestor is not None:
        if _is_html(ancestor, PREFORMATTED):
            return True
        parent = ancestor.parent
        ancestor = parent if isinstance(parent, Element) else None
    return False


def inner_texts(root: ParentNode, elements: list[Element]) -> list[str]:
    """``[inner_text(e) for e in elements]`` for descendants of ``root``
    (``markup5 select --text``), in time linear in the tree and the output
    where that list comprehension is quadratic (nested matches each
    collecting their own subtree: ``<div>`` x 20,000).

    One collection walk over ``root`` notes where each element's items
    start and end; one render of the whole walk notes where each item's
    output starts.  An element's text is then the first piece it writes
    alone (no line break or space before it, as at the start of a text)
    and the whole render's output from there to its end: after the first
    piece written, rendering from the element's start and rendering from
    the root's are in the same state.  Elements that are not rendered give
    their ``text_content`` (from one walk too); elements the walk does not
    reach (inside content that is not rendered) are worked out alone."""
    if not isinstance(root, ParentNode):
        raise TypeError(f"inner_texts() takes a ParentNode, not {type(root).__name__}")
    ranges: dict[int, tuple[int, int]] = {}
    wanted = {id(e) for e in elements if isinstance(e, Element) and not _not_rendered(e)}
    items = _collect(root, _in_preformatted(root), wanted, ranges)
    marks: list[int] = []
    pieces = _render_pieces(items, marks)
    # next_write[i]: the first item at or after i that writes a piece.
    count = len(items)
    next_write = [count] * (count + 1)
    for i in range(count - 1, -1, -1):
        next_write[i] = i if marks[i + 1] > marks[i] else next_write[i + 1]
    hidden = [e for e in elements if isinstance(e, Element) and _not_rendered(e)]
    contents = _text_contents(root, hidden) if hidden else {}
    texts: list[str] = []
    for element in elements:
        key = id(element)
        if key in contents:
            texts.append(contents[key])
            continue
        found = ranges.get(key)
        if found is None:
            texts.append(inner_text(element))
            continue
        start, end = found
        first = next_write[start]
        if first >= end:
            texts.append("")
            continue
        after_first = marks[first + 1]
        texts.append(pieces[after_first - 1] + "".join(pieces[after_first:marks[end]]))
    return texts


def _text_contents(root: ParentNode, elements: list[Element]) -> dict[int, str]:
    """The ``text_content`` of each of ``elements`` under ``root`` (by id),
    from one walk: each is a stretch of the text of the whole tree."""
    wanted = {id(e) for e in elements}
    starts: dict[int, int] = {}
    found: dict[int, tuple[int, int]] = {}
    pieces: list[str] = []
    length = 0
    stack: list[tuple[bool, Node]] = [(False, child) for child in reversed(root.children)]
    while stack:
        leaving, current = stack.pop()
        if leaving:
            found[id(current)] = (starts[id(current)], length)
        elif type(current) is Text:
            pieces.append(current.data)
            length += len(current.data)
        elif isinstance(current, ParentNode):
            if id(current) in wanted:
                starts[id(current)] = length
                stack.append((True, current))
            stack.extend((False, child) for child in reversed(current.children))
    text = "".join(pieces)
    result = {key: text[start:end] for key, (start, end) in found.items()}
    for element in elements:  # (not under root)
        if id(element) not in result:
            result[id(element)] = element.text_content
    return result


def _find_last_cell(parent: ParentNode) -> Node | None:
    """The last rendered ``td`` or ``th`` child of ``parent``."""
    return _last_rendered(parent, _CELLS)


def _find_last_row(parent: ParentNode) -> Node | None:
    """The last rendered ``tr`` child of ``parent``."""
    return _last_rendered(parent, _ROWS)


# Stack actions of the collection walk.
_VISIT, _AFTER, _LEAVE_PRE, _END_WANTED = 0, 1, 2, 3


def _collect(root: ParentNode, preformatted: bool, wanted: set[int] | None = None,
             ranges: dict[int, tuple[int, int]] | None = None
             ) -> list[tuple[int, str | int]]:
    """The rendered text collection steps over ``root``'s children: a list
    of (kind, value) with kind 0 = collapsible text, 1 = preformatted text,
    2 = forced string ("\\n" or "\\t"), 3 = required line break count.
    With ``wanted`` (element ids), ``ranges`` gets for each of those the
    walk reaches the (start, end) of the items of its children."""
    items: list[tuple[int, str | int]] = []
    append = items.append
    # Per parent (by id), its last rendered cell, last rendered row and
    # last child holding rows: computed on first need, so the table rules
    # cost O(children) per parent instead of a sibling scan per cell/row.
    last_cells: dict[int, Node | None] = {}
    last_rows: dict[int, Node | None] = {}
    last_holders: dict[int, Node | None] = {}
    pre_depth = 1 if preformatted else 0
    stack: list[tuple[int, Node]] = [(_VISIT, child) for child in reversed(root.children)]
    while stack:
        action, current = stack.pop()
        if action == _AFTER:
            element = current
            assert isinstance(element, Element)
            name = element.local_name
            if name == "p":
                append((3, 2))
            elif name in BLOCK_LEVEL:
                append((3, 1))
            if name in _CELLS:
                # A tab unless no rendered cell follows among its siblings.
                parent = element.parent
                if parent is not None and _cached(
                        last_cells, parent, _find_last_cell) is not element:
                    append((2, "\t"))
            elif name == "tr":
                # A line break unless it is the last row of its table: no
                # rendered row follows among its siblings, and when it sits
                # in a section no later section (or row) holds rows.
                parent = element.parent
                if parent is not None and (
                        _cached(last_rows, parent, _find_last_row) is not element or (
                            isinstance(parent, Element) and _is_html(parent, _ROW_GROUPS)
                            and parent.parent is not None
                            and _cached(last_holders, parent.parent, _last_row_holder)
                            is not parent)):
                    append((2, "\n"))
            continue
        if action == _LEAVE_PRE:
            pre_depth -= 1
            continue
        if action == _END_WANTED:
            assert ranges is not None
            ranges[id(current)] = (ranges[id(current)][0], len(items))
            continue
        if isinstance(current, Text):
            if current.data:
                append((1 if pre_depth else 0, current.data))
        elif isinstance(current, Element):
            if _not_rendered(current):
                continue
            if current.namespace == HTML_NAMESPACE:
                name = current.local_name
                if name == "br":
                    append((2, "\n"))
                    continue
                if name == "p":
                    append((3, 2))
                elif name in BLOCK_LEVEL:
                    append((3, 1))
                stack.append((_AFTER, current))
                if name in PREFORMATTED:
                    pre_depth += 1
                    stack.append((_LEAVE_PRE, current))
            if wanted is not None and id(current) in wanted:
                assert ranges is not None
                ranges[id(current)] = (len(items), len(items))
                stack.append((_END_WANTED, current))
            stack.extend((_VISIT, child) for child in reversed(current.children))
        elif isinstance(current, (Document, DocumentFragment)):
            stack.extend((_VISIT, child) for child in reversed(current.children))
    return items


def _render(items: list[tuple[int, str | int]]) -> str:
    """Join the collected items: whitespace collapsing at line starts and
    ends, and runs of required line breaks as the largest of them (none at
    the start or the end)."""
    return "".join(_render_pieces(items, None))


def _render_pieces(items: list[tuple[int, str | int]], marks: list[int] | None
                   ) -> list[str]:
    """:func:`_render`'s pieces; with ``marks``, it gets for each item the
    number of pieces written before it, and then the total."""
    out: list[str] = []
    breaks = 0            # pending required line break count
    line_start = True     # nothing written on the current line yet
    space = False         # a collapsible space is pending
    for kind, value in items:
        if marks is not None:
            marks.append(len(out))
        if kind == 3:
            assert isinstance(value, int)
            breaks = max(breaks, value)
            space = False
            continue
        assert isinstance(value, str)
        if kind == 0:
            text = _WHITESPACE_RUN.sub(" ", value)
            if text == " ":
                if not line_start:
                    space = True
                continue
            leading = text.startswith(" ")
            trailing = text.endswith(" ")
            text = text.strip(" ")
            if breaks:
                if out:
                    out.append("\n" * breaks)
                    line_start = True
                breaks = 0
                space = False
            if (space or leading) and not line_start:
                out.append(" ")
            out.append(text)
            line_start = False
            space = trailing
            continue
        # Preformatted text (kind 1) or a forced "\n" / "\t" (kind 2).
        if breaks:
            if out:
                out.append("\n" * breaks)
                line_start = True
            breaks = 0
            space = False
        if kind == 1:
            if space and not line_start:
                out.append(" ")
            out.append(value)
            line_start = value.endswith("\n")
        else:
            out.append(value)
            line_start = True
        space = False
    if marks is not None:
        marks.append(len(out))
    return out
