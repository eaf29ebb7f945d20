"""CSS selectors (Selectors Level 4, as browsers ship it) over markup5's DOM.

    >>> import markup5
    >>> doc = markup5.parse('<ul><li class=a>1<li>2<li class=a>3</ul>')
    >>> [li.text_content for li in doc.select('li.a')]
    ['1', '3']
    >>> doc.select_one('li:nth-child(2)').text_content
    '2'

:func:`compile` parses a selector once (compiled selectors are cached, so
the string forms below compile each selector only once too) and returns a
:class:`Selector` with :meth:`~Selector.select`,
:meth:`~Selector.select_one`, :meth:`~Selector.matches` and
:meth:`~Selector.closest`.  A selector that does not parse raises
:class:`SelectorSyntaxError`, a :class:`ValueError` whose message gives the
position.

HTML's rules apply in HTML documents (element and attribute names fold
ASCII case on HTML elements, the legacy attributes such as ``type`` compare
values ASCII case-insensitively, class and id selectors fold case in quirks
mode).  Results are in document order without duplicates.  Matching is
linear in the size of the tree for each selector and never recurses over
the tree's depth.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ..dom import Element, Node, ParentNode
from .matcher import MatchContext, compile_selector_list, iter_elements
from .parser import SelectorSyntaxError, parse_selector_list

__all__ = ["Selector", "SelectorSyntaxError", "compile", "select", "select_one", "matches",
           "closest"]


class Selector:
    """A compiled selector list.  Build one with :func:`compile`."""

    __slots__ = ("text", "namespaces", "_match")

    def __init__(self, text: str, namespaces: Mapping[str, str] | None = None) -> None:
        text = _check_selector(text)
        namespaces = _check_namespaces(namespaces)
        self.text = text
        self.namespaces: dict[str, str] = dict(namespaces) if namespaces else {}
        self._match = compile_selector_list(parse_selector_list(text, self.namespaces))

    def __repr__(self) -> str:
        return f"Selector({self.text!r})"

    def select(self, node: ParentNode) -> list[Element]:
        """The descendant elements of ``node`` that match, in document
        order (``querySelectorAll``)."""
        _check_node(node)
        match = self._match
        ctx = MatchContext(node, node)
        return [el for el in iter_elements(node) if match(el, ctx)]

    def select_one(self, node: ParentNode) -> Element | None:
        """The first descendant element of ``node`` that matches, or None
        (``querySelector``)."""
        _check_node(node)
        match = self._match
        ctx = MatchContext(node, node)
        for el in iter_elements(node):
            if match(el, ctx):
                return el
        return None

    def matches(self, element: Element) -> bool:
        """Whether ``element`` matches (``Element.matches``)."""
        _check_element(element)
        return self._match(element, MatchContext(element, element))

    def closest(self, element: Element) -> Element | None:
        """The nearest inclusive ancestor of ``element`` that matches, or
        None (``Element.closest``)."""
        _check_element(element)
        match = self._match
        ctx = MatchContext(element, element)
        node: Node | None = element
        while isinstance(node, Element):
            if match(node, ctx):
                return node
            node = node.parent
        return None


def _check_selector(selector: object) -> str:
    if not isinstance(selector, str):
        raise TypeError(f"selector must be a str, not {type(selector).__name__}")
    return selector


def _check_namespaces(namespaces: object) -> Mapping[str, str] | None:
    if namespaces is None:
        return None
    if not isinstance(namespaces, Mapping):
        raise TypeError(f"namespaces must be a mapping of prefix to namespace URI, "
                        f"not {type(namespaces).__name__}")
    for prefix, uri in namespaces.items():
        if not isinstance(prefix, str) or not isinstance(uri, str):
            raise TypeError(f"namespaces must map str prefixes to str URIs, "
                            f"got {prefix!r}: {uri!r}")
    return namespaces


def _check_node(node: object) -> None:
    if not isinstance(node, ParentNode):
        raise TypeError(f"expected a Document, DocumentFragment or Element, "
                        f"not {type(node).__name__}")


def _check_element(element: object) -> None:
    if not isinstance(element, Element):
        raise TypeError(f"expected an Element, not {type(element).__name__}")


@lru_cache(maxsize=512)
def _compile_cached(text: str, namespaces: tuple[tuple[str, str], ...]) -> Selector:
    return Selector(text, dict(namespaces))


def compile(selector: str, namespaces: Mapping[str, str] | None = None) -> Selector:
    """Parse ``selector`` once; the result is cached (LRU, 512 entries).

    ``namespaces`` maps prefixes to namespace URIs for ``prefix|name``
    selectors (the ``""`` key sets the default namespace of type
    selectors).  Raises :class:`SelectorSyntaxError` (a ValueError) for a
    selector that does not parse, TypeError for arguments of the wrong
    type."""
    _check_selector(selector)
    namespaces = _check_namespaces(namespaces)
    key = tuple(sorted(namespaces.items())) if namespaces else ()
    return _compile_cached(selector, key)


def select(node: ParentNode, selector: str,
           namespaces: Mapping[str, str] | None = None) -> list[Element]:
    """The descendant elements of ``node`` matching ``selector``, in
    document order."""
    return compile(selector, namespaces).select(node)


def select_one(node: ParentNode, selector: str,
               namespaces: Mapping[str, str] | None = None) -> Element | None:
    """The first descendant element of ``node`` matching ``selector``."""
    return compile(selector, namespaces).select_one(node)


def matches(element: Element, selector: str,
            namespaces: Mapping[str, str] | None = None) -> bool:
    """Whether ``element`` matches ``selector``."""
    return compile(selector, namespaces).matches(element)


def closest(element: Element, selector: str,
            namespaces: Mapping[str, str] | None = None) -> Element | None:
    """The nearest inclusive ancestor of ``element`` matching ``selector``."""
    return compile(selector, namespaces).closest(element)
