"""Matching parsed selectors against markup5's DOM.

Compilation turns each compound selector into one predicate
``(element, context) -> bool`` and each complex selector into a
:class:`CompiledComplex`, matched right to left as browsers do.

Nothing here recurses over the tree.  A complex selector is evaluated with
memo tables that live in a :class:`MatchContext` (one per ``select()`` /
``matches()`` call), so each (compound, element) pair is settled once:

* ``R(i, e)``: compound ``i`` (0 = rightmost) matches ``e`` and the rest of
  the selector to its left matches from ``e``;
* ``D(i, e)``: some proper ancestor ``a`` of ``e`` has ``R(i, a)``
  (the descendant combinator), filled in for a whole ancestor path at once;
* ``G(i, e)``: some preceding sibling ``s`` of ``e`` has ``R(i, s)``
  (the subsequent-sibling combinator), likewise.

The only recursion is from one compound to the next (or into a nested
selector argument), so its depth is bounded by the selector's length, never
by the document's depth.  ``:has()`` is computed the other way round: once
per call, the set of elements that anchor a match is built bottom-up from
the elements that match the argument's rightmost compound, in time linear
in the size of the tree.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from ..dom import (HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE,
                   XML_NAMESPACE, Document, Element, Node, ParentNode, Text)
from ..forms._tree import INHERIT as _INHERIT, inherited as _inherited
from ..microsyntax import is_valid_float
from ..microsyntax._numbers import non_negative_integer_is_one
from . import ast
from .ast import ANY_NAMESPACE
from .htmlrules import (CASE_INSENSITIVE_ATTRIBUTES, ENABLEABLE, FORM_CONTROLS, INPUT_TYPES,
                        PLACEHOLDER_APPLIES, READONLY_APPLIES, REQUIRED_APPLIES,
                        is_valid_custom_element_name)
from .parser import SIMPLE_PSEUDO_CLASSES, ascii_lower

__all__ = ["MatchContext", "CompiledComplex", "compile_selector_list", "iter_elements"]

Predicate = Callable[[Element, "MatchContext"], bool]

_ASCII_WORDS = re.compile(r"[^\t\n\f\r ]+")
_ASCII_WHITESPACE = re.compile(r"[\t\n\f\r ]")
# HTML §2.3.4.1 "rules for parsing integers", up to the digits.
_UNSET = object()  # no lang attribute on any ancestor


def iter_elements(node: Node, include_self: bool = False) -> Iterator[Element]:
    """The elements under ``node`` in tree order (document order), without
    recursion; ``include_self`` yields ``node`` first if it is an element."""
    if include_self and isinstance(node, Element):
        yield node
    if not isinstance(node, ParentNode) or not node.children:
        return
    stack = [iter(node.children)]
    push = stack.append
    pop = stack.pop
    while stack:
        for child in stack[-1]:
            if isinstance(child, Element):
                yield child
                if child.children:
                    push(iter(child.children))
                    break
        else:
            pop()


def _parent_element(el: Element) -> Element | None:
    parent = el.parent
    return parent if isinstance(parent, Element) else None


class MatchContext:
    """Everything one matching call learns about one tree: whether it is an
    HTML document in quirks mode, the scoping element, and the memo tables
    and caches that keep matching linear.  Valid while the tree does not
    change."""

    __slots__ = ("root", "html", "quirks", "scope", "tables", "siblings", "caches")

    def __init__(self, node: Node, scope: Node | None = None) -> None:
        root = node
        while root.parent is not None:
            root = root.parent
        self.root = root
        # A tree whose root is not an XML Document counts as HTML: documents
        # from parse(), fragments from parse_fragment() and template contents.
        self.html = not (isinstance(root, Document) and root.is_xml)
        self.quirks = isinstance(root, Document) and root.mode == "quirks"
        self.scope = scope
        #: Per complex selector, its memo tables (see ``_tables``).
        self.tables: dict[object, tuple[list[dict[Element, bool]], list[dict[Element, bool]],
                                        list[dict[Element, bool]]]] = {}
        self.siblings: dict[Node, Any] = {}
        #: Whatever a selector computes once per match over the tree, under
        #: a key of its own.
        self.caches: dict[object, Any] = {}

    # Tree helpers ----------------------------------------------------------------

    def sibling_info(self, el: Element) -> tuple[list[Element], int]:
        """The element children of ``el``'s parent, and ``el``'s index."""
        parent = el.parent
        if parent is None:
            return [el], 0
        entry = self.siblings.get(parent)
        if entry is None:
            elements = [c for c in parent.children if isinstance(c, Element)]
            entry = (elements, {c: i for i, c in enumerate(elements)})
            self.siblings[parent] = entry
        return entry[0], entry[1][el]

    def previous_element_sibling(self, el: Element) -> Element | None:
        elements, i = self.sibling_info(el)
        return elements[i - 1] if i else None

    def all_elements(self) -> list[Element]:
        """Every element of the tree, in tree order."""
        elements = self.caches.get("all")
        if elements is None:
            elements = list(iter_elements(self.root, include_self=True))
            self.caches["all"] = elements
        return elements

    def inherited(self, key: object, el: Element, step: Callable[[Element], object],
                  default: object) -> object:
        """A value that an element takes from its parent unless ``step``
        settles it (``step`` returns ``_INHERIT`` to defer to the parent;
        past the top element the value is ``default``), memoized in this
        match's caches: :func:`markup5.forms._tree.inherited`, the one copy
        of the walk."""
        return _inherited(self.caches, key, el, step, default)

    def is_html(self, el: Element) -> bool:
        """An HTML element in an HTML document (where names fold case)."""
        return self.html and el.namespace == HTML_NAMESPACE


# Compiled complex selectors ---------------------------------------------------


class CompiledComplex:
    """A complex selector ready to match: ``compounds[0]`` is the rightmost
    compound; ``combinators[i]`` relates the element of compound ``i`` to
    the element of compound ``i + 1`` (one step to the left)."""

    __slots__ = ("compounds", "combinators", "last", "match")

    def __init__(self, compounds: list[Predicate], combinators: list[str]) -> None:
        self.compounds = compounds
        self.combinators = combinators
        self.last = len(compounds) - 1
        # A lone compound needs no memo tables.
        self.match: Predicate = compounds[0] if self.last == 0 else self._match

    def _match(self, el: Element, ctx: MatchContext) -> bool:
        return self._rest(0, el, ctx)

    def _tables(self, ctx: MatchContext) -> tuple[list[dict[Element, bool]], list[dict[Element, bool]],
                                                  list[dict[Element, bool]]]:
        tables = ctx.tables.get(self)
        if tables is None:
            n = self.last + 1
            tables = ([{} for _ in range(n)], [{} for _ in range(n)], [{} for _ in range(n)])
            ctx.tables[self] = tables
        return tables

    def _rest(self, i: int, el: Element, ctx: MatchContext) -> bool:
        """R(i, el): compound i matches el, and so does everything left of it."""
        if not self.compounds[i](el, ctx):
            return False
        if i == self.last:
            return True
        combinator = self.combinators[i]
        if combinator == ast.DESCENDANT:
            return self._any_ancestor(i + 1, el, ctx)
        if combinator == ast.CHILD:
            parent = el.parent
            return isinstance(parent, Element) and self._rest_memo(i + 1, parent, ctx)
        if combinator == ast.NEXT_SIBLING:
            previous = ctx.previous_element_sibling(el)
            return previous is not None and self._rest_memo(i + 1, previous, ctx)
        return self._any_previous_sibling(i + 1, el, ctx)

    def _rest_memo(self, j: int, el: Element, ctx: MatchContext) -> bool:
        table = self._tables(ctx)[0][j]
        value = table.get(el)
        if value is None:
            value = table[el] = self._rest(j, el, ctx)
        return value

    def _any_ancestor(self, j: int, el: Element, ctx: MatchContext) -> bool:
        """D(j, el): some proper ancestor a of el has R(j, a)."""
        table = self._tables(ctx)[1][j]
        path = []
        node = el
        while True:
            value = table.get(node)
            if value is not None:
                break
            path.append(node)
            parent = node.parent
            if not isinstance(parent, Element):
                value = False
                break
            if self._rest_memo(j, parent, ctx):
                value = True
                break
            node = parent
        for node in path:
            table[node] = value
        return value

    def _any_previous_sibling(self, j: int, el: Element, ctx: MatchContext) -> bool:
        """G(j, el): some preceding sibling s of el has R(j, s)."""
        table = self._tables(ctx)[2][j]
        elements, i = ctx.sibling_info(el)
        path = []
        value = False
        while True:
            node = elements[i]
            known = table.get(node)
            if known is not None:
                value = known
                break
            path.append(node)
            if i == 0:
                break
            i -= 1
            if self._rest_memo(j, elements[i], ctx):
                value = True
                break
        for node in path:
            table[node] = value
        return value


class CompiledRelative:
    """One argument of ``:has()``: compounds left to right, the combinators
    between them, and the combinator from the anchor to the first."""

    __slots__ = ("leading", "compounds", "combinators")

    def __init__(self, leading: str, compounds: list[Predicate],
                 combinators: list[str]) -> None:
        self.leading = leading
        self.compounds = compounds
        self.combinators = combinators

    def anchors(self, ctx: MatchContext) -> set[Element]:
        """The elements for which this relative selector matches something:
        computed once per call over the whole tree, right to left, each
        step linear in the size of the tree."""
        anchors: set[Element] | None = ctx.caches.get(self)
        if anchors is not None:
            return anchors
        compounds = self.compounds
        last = compounds[-1]
        found = {e for e in ctx.all_elements() if last(e, ctx)}
        for i in range(len(compounds) - 2, -1, -1):
            compound = compounds[i]
            found = {e for e in _related(found, self.combinators[i], ctx) if compound(e, ctx)}
        anchors = _related(found, self.leading, ctx)
        ctx.caches[self] = anchors
        return anchors


def _related(elements: set[Element], combinator: str, ctx: MatchContext) -> set[Element]:
    """The elements x such that some y in ``elements`` is related to x by
    ``combinator`` (y is x's descendant, child, next sibling or a later
    sibling).  Linear: each walk stops where an earlier one passed."""
    result: set[Element] = set()
    add = result.add
    if combinator == ast.DESCENDANT:
        for y in elements:
            node = y.parent
            while isinstance(node, Element) and node not in result:
                add(node)
                node = node.parent
    elif combinator == ast.CHILD:
        for y in elements:
            if isinstance(y.parent, Element):
                add(y.parent)
    elif combinator == ast.NEXT_SIBLING:
        for y in elements:
            previous = ctx.previous_element_sibling(y)
            if previous is not None:
                add(previous)
    else:
        for y in elements:
            siblings, i = ctx.sibling_info(y)
            i -= 1
            while i >= 0 and siblings[i] not in result:
                add(siblings[i])
                i -= 1
    return result


# Compiling --------------------------------------------------------------------


def compile_selector_list(selectors: ast.SelectorList) -> Predicate:
    """One predicate for a whole selector list (any complex selector
    matches)."""
    complexes = [compile_complex(c).match for c in selectors.selectors]
    if not complexes:
        return _never
    if len(complexes) == 1:
        return complexes[0]

    def any_of(el: Element, ctx: MatchContext) -> bool:
        for match in complexes:
            if match(el, ctx):
                return True
        return False
    return any_of


def compile_complex(selector: ast.ComplexSelector) -> CompiledComplex:
    compounds = [compile_compound(c) for c in reversed(selector.compounds)]
    return CompiledComplex(compounds, list(reversed(selector.combinators)))


def _never(el: Element, ctx: MatchContext) -> bool:
    return False


def _always(el: Element, ctx: MatchContext) -> bool:
    return True


# Cheap tests first, then the pseudo-classes that look around the tree.
_COST = {ast.ArgumentPseudoClass: 0, ast.IdSelector: 1, ast.ClassSelector: 2,
         ast.AttributeSelector: 3, ast.PseudoClass: 4, ast.LangPseudoClass: 5,
         ast.DirPseudoClass: 5, ast.NthPseudoClass: 6, ast.LogicalPseudoClass: 7,
         ast.HasPseudoClass: 8}


def compile_compound(compound: ast.CompoundSelector) -> Predicate:
    if compound.pseudo_element is not None:
        return _never  # a pseudo-element is never an element
    predicates = []
    if compound.type is not None:
        predicate = _compile_type(compound.type)
        if predicate is not _always:
            predicates.append(predicate)
    for simple in sorted(compound.simples, key=lambda s: _COST[type(s)]):
        predicates.append(_compile_simple(simple))
    if not predicates:
        return _always
    if len(predicates) == 1:
        return predicates[0]
    if len(predicates) == 2:
        first, second = predicates

        def both(el: Element, ctx: MatchContext) -> bool:
            return first(el, ctx) and second(el, ctx)
        return both

    def all_of(el: Element, ctx: MatchContext) -> bool:
        for predicate in predicates:
            if not predicate(el, ctx):
                return False
        return True
    return all_of


def _compile_type(selector: ast.TypeSelector) -> Predicate:
    """Type and universal selectors.  HTML §4.16.1: the name is compared
    ASCII-lowercased with HTML elements in HTML documents, and as written
    with every other element."""
    namespace = selector.namespace
    name = selector.name
    if name is None:
        if namespace is ANY_NAMESPACE:
            return _always

        def in_namespace(el: Element, ctx: MatchContext) -> bool:
            return el.namespace == namespace
        return in_namespace
    lowered = ascii_lower(name)

    if namespace is ANY_NAMESPACE:
        if lowered == name:
            def type_lower(el: Element, ctx: MatchContext) -> bool:
                return el.local_name == name

            return type_lower

        def type_any(el: Element, ctx: MatchContext) -> bool:
            if el.namespace == HTML_NAMESPACE and ctx.html:
                return el.local_name == lowered
            return el.local_name == name
        return type_any

    def type_in_namespace(el: Element, ctx: MatchContext) -> bool:
        if el.namespace != namespace:
            return False
        if el.namespace == HTML_NAMESPACE and ctx.html:
            return el.local_name == lowered
        return el.local_name == name
    return type_in_namespace


def _compile_simple(simple: object) -> Predicate:
    if isinstance(simple, ast.IdSelector):
        return _compile_id(simple.name)
    if isinstance(simple, ast.ClassSelector):
        return _compile_class(simple.name)
    if isinstance(simple, ast.AttributeSelector):
        return _compile_attribute(simple)
    if isinstance(simple, ast.PseudoClass):
        return _PSEUDO_CLASSES[simple.name]
    if isinstance(simple, ast.NthPseudoClass):
        return _compile_nth(simple)
    if isinstance(simple, ast.LogicalPseudoClass):
        inner = compile_selector_list(simple.selectors)
        if simple.name == "not":
            def negation(el: Element, ctx: MatchContext) -> bool:
                return not inner(el, ctx)
            return negation
        # :is(), :where() and :-webkit-any() match alike; they differ in
        # specificity.
        return inner
    if isinstance(simple, ast.HasPseudoClass):
        return _compile_has(simple)
    if isinstance(simple, ast.LangPseudoClass):
        return _compile_lang(simple)
    if isinstance(simple, ast.DirPseudoClass):
        return _compile_dir(simple.direction)
    if isinstance(simple, ast.ArgumentPseudoClass):
        return _never  # no shadow host, custom state or view transition
    raise TypeError(f"not a simple selector: {simple!r}")  # pragma: no cover


def _compile_id(name: str) -> Predicate:
    """``#name``; ASCII case-insensitive in quirks mode (Selectors 4 §6.7)."""
    lowered = ascii_lower(name)

    def id_matches(el: Element, ctx: MatchContext) -> bool:
        value = el.attrs.get("id")
        if value is None:
            return False
        if ctx.quirks:
            return ascii_lower(value) == lowered
        return value == name
    return id_matches


def _compile_class(name: str) -> Predicate:
    """``.name``: one of the ASCII-whitespace-separated tokens of ``class``;
    ASCII case-insensitive in quirks mode."""
    lowered = ascii_lower(name)

    def class_matches(el: Element, ctx: MatchContext) -> bool:
        value = el.attrs.get("class")
        if value is None:
            return False
        if ctx.quirks:
            value = ascii_lower(value)
            return lowered in value and lowered in _ASCII_WORDS.findall(value)
        if value == name:
            return True
        return name in value and name in _ASCII_WORDS.findall(value)
    return class_matches


def _attribute_local_name(element: Element, qualified: str) -> tuple[str | None, str]:
    """(namespace, local name) of one of ``element``'s attributes."""
    namespaces = element.attr_namespaces
    namespace = None if namespaces is None else namespaces.get(qualified)
    if namespace is not None and ":" in qualified:
        return namespace, qualified.split(":", 1)[1]
    return namespace, qualified


def _value_test(operator: str | None, value: str) -> Callable[[str], bool]:
    """The comparison of an attribute selector (Selectors 4 §6.1-6.2), on
    values already case-folded as needed."""
    if operator is None:
        return lambda v: True
    if operator == "=":
        return lambda v: v == value
    if operator == "~=":
        if not value or _ASCII_WHITESPACE.search(value):
            return lambda v: False
        return lambda v: value in v and value in _ASCII_WORDS.findall(v)
    if operator == "|=":
        prefix = value + "-"
        return lambda v: v == value or v.startswith(prefix)
    if not value:  # ^= $= *= with an empty value represent nothing
        return lambda v: False
    if operator == "^=":
        return lambda v: v.startswith(value)
    if operator == "$=":
        return lambda v: v.endswith(value)
    return lambda v: value in v  # *=


def _compile_attribute(selector: ast.AttributeSelector) -> Predicate:
    """Attribute selectors.  HTML §4.16.1: the name is ASCII-lowercased for
    attributes without a namespace on HTML elements in HTML documents, and
    the values of the attributes in CASE_INSENSITIVE_ATTRIBUTES compare
    ASCII case-insensitively there (unless the ``s`` flag says otherwise, or
    the selector has a namespace component);
    the ``i`` flag makes any value compare ASCII case-insensitively."""
    name = selector.name
    lowered = ascii_lower(name)
    namespace = selector.namespace
    case = selector.case
    sensitive = _value_test(selector.operator, selector.value)
    insensitive = _value_test(selector.operator, ascii_lower(selector.value))
    # As Firefox and Chromium do, only a selector without a namespace
    # component ([type=x], not [*|type=x]) gets the legacy case folding.
    legacy_insensitive = case is None and not selector.explicit_namespace and \
        lowered in CASE_INSENSITIVE_ATTRIBUTES

    def test(el: Element, ctx: MatchContext, value: str, html_name: bool) -> bool:
        if case == "i" or (legacy_insensitive and html_name):
            return insensitive(ascii_lower(value))
        return sensitive(value)

    if namespace is None:
        def attribute_matches(el: Element, ctx: MatchContext) -> bool:
            html = ctx.html and el.namespace == HTML_NAMESPACE
            key = lowered if html else name
            value = el.attrs.get(key)
            if value is None:
                return False
            namespaces = el.attr_namespaces
            if namespaces is not None and key in namespaces:
                return False  # an attribute in a namespace, not [name]
            return test(el, ctx, value, html)
        return attribute_matches

    def attribute_ns_matches(el: Element, ctx: MatchContext) -> bool:
        html = ctx.html and el.namespace == HTML_NAMESPACE
        for qualified, value in el.attrs.items():
            attr_namespace, local = _attribute_local_name(el, qualified)
            if namespace is not ANY_NAMESPACE and attr_namespace != namespace:
                continue
            no_namespace = attr_namespace is None
            if local != (lowered if html and no_namespace else name):
                continue
            if test(el, ctx, value, html and no_namespace):
                return True
        return False
    return attribute_ns_matches


# Structural pseudo-classes (Selectors 4 §14) -------------------------------


def _nth_matches(a: int, b: int, index: int) -> bool:
    """Whether the 1-based ``index`` is a*n + b for some integer n >= 0."""
    if a == 0:
        return index == b
    n, remainder = divmod(index - b, a)
    return remainder == 0 and n >= 0


def _type_positions(ctx: MatchContext, el: Element) -> dict[Element, tuple[int, int]]:
    """For ``el``'s parent: each element child -> (index among the children
    of its type, number of children of its type)."""
    parent = el.parent
    key = ("types", parent)
    table: dict[Element, Any] | None = ctx.caches.get(key) if parent is not None else None
    if table is None:
        elements = ctx.sibling_info(el)[0]
        counts: dict[tuple[str | None, str], int] = {}
        table = {}
        for child in elements:
            kind = (child.namespace, child.local_name)
            counts[kind] = counts.get(kind, 0) + 1
            table[child] = counts[kind]
        table = {child: (i, counts[(child.namespace, child.local_name)])
                 for child, i in table.items()}
        if parent is not None:
            ctx.caches[key] = table
    return table


def _compile_nth(selector: ast.NthPseudoClass) -> Predicate:
    a, b = selector.a, selector.b
    from_end = selector.name in ("nth-last-child", "nth-last-of-type")
    if selector.name.endswith("of-type"):
        def nth_of_type(el: Element, ctx: MatchContext) -> bool:
            index, count = _type_positions(ctx, el)[el]
            return _nth_matches(a, b, count - index + 1 if from_end else index)
        return nth_of_type
    if selector.of is None:
        def nth_child(el: Element, ctx: MatchContext) -> bool:
            elements, i = ctx.sibling_info(el)
            return _nth_matches(a, b, len(elements) - i if from_end else i + 1)
        return nth_child
    of = compile_selector_list(selector.of)
    token = object()  # this pseudo-class's key in the per-call caches

    def nth_child_of(el: Element, ctx: MatchContext) -> bool:
        if not of(el, ctx):
            return False
        parent = el.parent
        table = ctx.caches.get((token, parent)) if parent is not None else None
        if table is None:
            matching = [e for e in ctx.sibling_info(el)[0] if of(e, ctx)]
            table = {e: (i + 1, len(matching)) for i, e in enumerate(matching)}
            if parent is not None:
                ctx.caches[(token, parent)] = table
        index, count = table[el]
        return _nth_matches(a, b, count - index + 1 if from_end else index)
    return nth_child_of


def _root(el: Element, ctx: MatchContext) -> bool:
    return isinstance(el.parent, Document)


def _scope(el: Element, ctx: MatchContext) -> bool:
    """:scope is the element the query runs on; for a document, its root
    element (Selectors 4 §10.2: no scoping element, so :root)."""
    scope = ctx.scope
    if isinstance(scope, Element):
        return el is scope
    return isinstance(scope, Document) and el.parent is scope


def _empty(el: Element, ctx: MatchContext) -> bool:
    """No element children and no text (comments and PIs do not count)."""
    for child in el.children:
        if isinstance(child, Element) or (isinstance(child, Text) and child.data):
            return False
    return True


def _first_child(el: Element, ctx: MatchContext) -> bool:
    """:first-child: no element sibling before ``el`` (Selectors 4 §14.3).
    The first element child is nearly always the first or the second
    child (after white space); past those, its position comes from
    ``ctx.sibling_info``, built once per parent, so a run of comments is not
    walked once per element."""
    parent = el.parent
    if parent is None:
        return True
    children = parent.children
    if not children:  # (edited behind the DOM's back)
        return False
    child = children[0]
    if isinstance(child, Element):
        return child is el
    if len(children) > 1:
        child = children[1]
        if isinstance(child, Element):
            return child is el
    return ctx.sibling_info(el)[1] == 0


def _last_child(el: Element, ctx: MatchContext) -> bool:
    """:last-child: no element sibling after ``el`` (Selectors 4 §14.3);
    looked up as ``_first_child`` does, from the other end."""
    parent = el.parent
    if parent is None:
        return True
    children = parent.children
    if not children:  # (edited behind the DOM's back)
        return False
    child = children[-1]
    if isinstance(child, Element):
        return child is el
    if len(children) > 1:
        child = children[-2]
        if isinstance(child, Element):
            return child is el
    elements, i = ctx.sibling_info(el)
    return i == len(elements) - 1


def _only_child(el: Element, ctx: MatchContext) -> bool:
    """:only-child: no element sibling at all (Selectors 4 §14.3)."""
    return _first_child(el, ctx) and _last_child(el, ctx)


def _first_of_type(el: Element, ctx: MatchContext) -> bool:
    return _type_positions(ctx, el)[el][0] == 1


def _last_of_type(el: Element, ctx: MatchContext) -> bool:
    index, count = _type_positions(ctx, el)[el]
    return index == count


def _only_of_type(el: Element, ctx: MatchContext) -> bool:
    return _type_positions(ctx, el)[el][1] == 1


# HTML element states (HTML §4.16.3) ----------------------------------------


def _is_html(el: Element, name: str) -> bool:
    return el.local_name == name and el.namespace == HTML_NAMESPACE


def _link(el: Element, ctx: MatchContext) -> bool:
    """:link / :any-link: a and area elements with an href attribute (and,
    as browsers do, SVG a elements with href or xlink:href).  Nothing in a
    parsed document has been visited."""
    namespace = el.namespace
    if namespace == HTML_NAMESPACE:
        return el.local_name in ("a", "area") and "href" in el.attrs
    if namespace == SVG_NAMESPACE and el.local_name == "a":
        for qualified in el.attrs:
            attr_namespace, local = _attribute_local_name(el, qualified)
            if local == "href" and attr_namespace in (None, XLINK_NAMESPACE):
                return True
    return False


def _defined(el: Element, ctx: MatchContext) -> bool:
    """:defined: an element is defined unless it was created as a possible
    custom element (HTML "create an element": an HTML element whose local
    name is a valid custom element name, or that has an ``is`` value), as
    no custom element definitions exist in a parsed document."""
    if el.namespace != HTML_NAMESPACE:
        return True
    if "is" in el.attrs:
        return False
    return not is_valid_custom_element_name(el.local_name)


# The form-state rules (disabled controls, form owners, radio button groups,
# checkedness, selectedness, values, default buttons) live in markup5.forms;
# these thin wrappers share the match's caches with it.
from .. import forms as _forms  # noqa: E402  (below the DOM, beside us)
# A select's display size (HTML §4.10.7), as the parser reads it.
from ..forms._tree import display_size_is_one as _display_size_one  # noqa: E402,F401


def _input_state(el: Element) -> str:
    """The state of an input's type attribute (HTML §4.10.5)."""
    return _forms.input_type_state(el)


def _is_disabled(el: Element, ctx: MatchContext) -> bool:
    """Whether an element of ENABLEABLE is actually disabled (:disabled)."""
    return _forms.is_actually_disabled(el, cache=ctx.caches)


def _disabled(el: Element, ctx: MatchContext) -> bool:
    if el.namespace != HTML_NAMESPACE or el.local_name not in ENABLEABLE:
        return False
    return _is_disabled(el, ctx)


def _enabled(el: Element, ctx: MatchContext) -> bool:
    if el.namespace != HTML_NAMESPACE or el.local_name not in ENABLEABLE:
        return False
    return not _is_disabled(el, ctx)


def _checked(el: Element, ctx: MatchContext) -> bool:
    """:checked: checkboxes and radio buttons that are checked, and options
    whose selectedness is true."""
    if el.namespace != HTML_NAMESPACE:
        return False
    name = el.local_name
    if name == "input":
        return _forms.checkedness(el, cache=ctx.caches)
    if name == "option":
        return _forms.selectedness(el, cache=ctx.caches)
    return False


def _required(el: Element, ctx: MatchContext) -> bool:
    """:required (HTML §4.16.3): input elements that are required (a
    required attribute, on a type it applies to), and select and textarea
    elements with a required attribute."""
    if el.namespace != HTML_NAMESPACE:
        return False
    name = el.local_name
    if name == "input":
        return "required" in el.attrs and _input_state(el) in REQUIRED_APPLIES
    return (name == "select" or name == "textarea") and "required" in el.attrs


def _optional(el: Element, ctx: MatchContext) -> bool:
    """:optional (HTML §4.16.3): input elements to which the required
    attribute applies that are not required, and select and textarea
    elements without a required attribute.  An input whose type the
    attribute does not apply to (hidden, range, color, the buttons) is
    neither :required nor :optional."""
    if el.namespace != HTML_NAMESPACE:
        return False
    name = el.local_name
    if name == "input":
        return "required" not in el.attrs and _input_state(el) in REQUIRED_APPLIES
    return (name == "select" or name == "textarea") and "required" not in el.attrs


def _editable(el: Element, ctx: MatchContext) -> bool:
    """Whether ``el`` is an editing host or editable (HTML "the
    contenteditable content attribute" and "editable"): an HTML
    element whose contenteditable attribute is in the true or
    plaintext-only state ("", "true", "plaintext-only") is an editing host;
    an HTML element, an svg element or a math element whose parent is an
    editing host or editable is editable, unless its contenteditable
    attribute is in the false state.  (So the children of svg and math,
    and what they hold, are not.)  A parsed document is not in design
    mode."""
    def step(node: Element) -> object:
        namespace = node.namespace
        if namespace == HTML_NAMESPACE:
            value = node.attrs.get("contenteditable")
            if value is not None:
                value = ascii_lower(value)
                if value == "" or value == "true" or value == "plaintext-only":
                    return True
                if value == "false":
                    return False
            return _INHERIT  # missing or invalid: the inherit state
        if namespace == SVG_NAMESPACE:
            return _INHERIT if node.local_name == "svg" else False
        if namespace == MATHML_NAMESPACE:
            return _INHERIT if node.local_name == "math" else False
        return False
    return bool(ctx.inherited("editable", el, step, False))


def _read_write(el: Element, ctx: MatchContext) -> bool:
    """:read-write (HTML §4.16.3): input elements to which the readonly
    attribute applies and that are mutable (no readonly attribute, not
    disabled); textarea elements without a readonly attribute that are not
    disabled; and any other element that is an editing host or editable."""
    if el.namespace == HTML_NAMESPACE:
        name = el.local_name
        if name == "input":
            return _input_state(el) in READONLY_APPLIES and "readonly" not in el.attrs and \
                not _is_disabled(el, ctx)
        if name == "textarea":
            return "readonly" not in el.attrs and not _is_disabled(el, ctx)
    return _editable(el, ctx)


def _read_only(el: Element, ctx: MatchContext) -> bool:
    """:read-only (HTML §4.16.3): every other HTML element.  (The standard
    names HTML elements only: an svg or math element matches :read-write
    when it is editable and neither pseudo-class otherwise.)"""
    return el.namespace == HTML_NAMESPACE and not _read_write(el, ctx)


def _placeholder_shown(el: Element, ctx: MatchContext) -> bool:
    """:placeholder-shown (HTML §4.16.3): input and textarea elements whose
    placeholder attribute's value is being presented, which HTML's "the
    placeholder attribute" says happens when the control's value is the
    empty string.  In a parsed
    document an input's value is its value attribute after its type's value
    sanitization algorithm, and a textarea's is its child text content."""
    if el.namespace != HTML_NAMESPACE or "placeholder" not in el.attrs:
        return False
    name = el.local_name
    if name == "textarea":
        for child in el.children:
            if isinstance(child, Text) and child.data:
                return False
        return True
    if name != "input":
        return False
    if _input_state(el) not in PLACEHOLDER_APPLIES:
        return False
    return not _forms.value(el, cache=ctx.caches)


def _indeterminate(el: Element, ctx: MatchContext) -> bool:
    """:indeterminate (HTML §4.16.3): radio buttons whose radio button group
    has no checked button, and progress elements without a value attribute.
    (Checkboxes match when their indeterminate IDL attribute is true, which
    only a script sets: never in a parsed document.)"""
    return _forms.is_indeterminate(el, cache=ctx.caches)


def _default(el: Element, ctx: MatchContext) -> bool:
    """:default (HTML §4.16.3): buttons and submit or image inputs that are
    their form's default button, checkboxes and radio buttons with a
    checked attribute, and options with a selected attribute."""
    if el.namespace != HTML_NAMESPACE:
        return False
    name = el.local_name
    if name == "option":
        return "selected" in el.attrs
    if name == "input":
        kind = _input_state(el)
        if kind == "checkbox" or kind == "radio":
            return "checked" in el.attrs
    return _forms.is_default_button(el, cache=ctx.caches)


# Validity (HTML §4.16.3), from markup5.forms (imported on first use: the
# forms package sits beside the selectors, above the DOM).


def _valid(el: Element, ctx: MatchContext) -> bool:
    """:valid: candidates for constraint validation that satisfy their
    constraints, and forms and fieldsets without an invalid one."""
    from ..forms import matches_valid
    return matches_valid(el, cache=ctx.caches)


def _invalid(el: Element, ctx: MatchContext) -> bool:
    """:invalid: the counterpart of :valid."""
    from ..forms import matches_invalid
    return matches_invalid(el, cache=ctx.caches)


def _in_range(el: Element, ctx: MatchContext) -> bool:
    """:in-range: inputs with range limitations whose value is within them."""
    from ..forms import is_in_range
    return is_in_range(el, cache=ctx.caches)


def _out_of_range(el: Element, ctx: MatchContext) -> bool:
    """:out-of-range: inputs with range limitations whose value is not."""
    from ..forms import is_out_of_range
    return is_out_of_range(el, cache=ctx.caches)


def _open(el: Element, ctx: MatchContext) -> bool:
    """:open (HTML §4.16.3): details and dialog elements with an open
    attribute, and select elements and inputs whose picker is showing
    (never in a parsed document)."""
    return el.namespace == HTML_NAMESPACE and (
        el.local_name == "details" or el.local_name == "dialog") and "open" in el.attrs


def _compile_dir(direction: str) -> Predicate:
    """:dir(ltr) and :dir(rtl) (Selectors 4 §7.1): elements whose HTML
    directionality is that; any other name matches nothing."""
    if direction != "ltr" and direction != "rtl":
        return _never

    def dir_matches(el: Element, ctx: MatchContext) -> bool:
        from ..directionality import directionality
        return directionality(el, cache=ctx.caches) == direction
    return dir_matches


_PSEUDO_CLASSES: dict[str, Predicate] = {
    "root": _root, "scope": _scope, "empty": _empty,
    "first-child": _first_child, "last-child": _last_child, "only-child": _only_child,
    "first-of-type": _first_of_type, "last-of-type": _last_of_type,
    "only-of-type": _only_of_type,
    "link": _link, "any-link": _link, "-webkit-any-link": _link, "visited": _never,
    "target": _never,
    "checked": _checked, "disabled": _disabled, "enabled": _enabled, "defined": _defined,
    "required": _required, "optional": _optional, "read-only": _read_only,
    "read-write": _read_write, "placeholder-shown": _placeholder_shown,
    "indeterminate": _indeterminate, "default": _default,
    "valid": _valid, "invalid": _invalid, "in-range": _in_range, "out-of-range": _out_of_range,
    "open": _open,
    "hover": _never, "active": _never, "focus": _never, "focus-visible": _never,
    "focus-within": _never,
}
# Every other pseudo-class names a state that a parsed document never has
# (user interaction, the top layer, media playback, autofill, shadow
# hosts, scrollbars): see SIMPLE_PSEUDO_CLASSES.
for _name in SIMPLE_PSEUDO_CLASSES:
    _PSEUDO_CLASSES.setdefault(_name, _never)


# :has() and :lang() -----------------------------------------------------------


def _compile_has(selector: ast.HasPseudoClass) -> Predicate:
    relatives = []
    for relative in selector.relatives:
        complex_ = relative.selector
        relatives.append(CompiledRelative(
            relative.combinator, [compile_compound(c) for c in complex_.compounds],
            list(complex_.combinators)))

    def has(el: Element, ctx: MatchContext) -> bool:
        for relative in relatives:
            if el in relative.anchors(ctx):
                return True
        return False
    return has


def _element_language(el: Element, ctx: MatchContext) -> str | None:
    """The language of an element (HTML §3.2.6.2): its xml:lang attribute,
    else (for HTML and SVG elements, or any element in XML) its lang
    attribute, else its parent's; at the top, the pragma-set default
    language; None when nothing says."""
    def step(node: Element) -> object:
        attrs = node.attrs
        namespaces = node.attr_namespaces
        if namespaces is not None:
            for qualified, namespace in namespaces.items():
                if namespace == XML_NAMESPACE and qualified.endswith("lang") and \
                        _attribute_local_name(node, qualified)[1] == "lang":
                    return attrs[qualified]
        if "lang" in attrs and not (namespaces and "lang" in namespaces) and \
                (node.namespace == HTML_NAMESPACE or node.namespace == SVG_NAMESPACE
                 or not ctx.html):
            return attrs["lang"]
        return _INHERIT
    language = ctx.inherited("lang", el, step, _UNSET)
    if language is _UNSET:
        return _pragma_set_default_language(ctx)
    return language  # type: ignore[return-value]


def _pragma_set_default_language(ctx: MatchContext) -> str | None:
    """HTML §4.2.5.3 "Content language state": the last
    ``<meta http-equiv=content-language content=...>`` of an HTML document
    whose content has no comma sets the language of elements that have no
    lang attribute around them (its first whitespace-separated word)."""
    key = "pragma-language"
    if key in ctx.caches:
        cached: str | None = ctx.caches[key]
        return cached
    language = None
    if ctx.html and isinstance(ctx.root, Document):
        for e in ctx.all_elements():
            if _is_html(e, "meta") and \
                    ascii_lower(e.attrs.get("http-equiv", "")) == "content-language":
                content = e.attrs.get("content")
                if content is None or "," in content:
                    continue
                words = _ASCII_WORDS.findall(content)
                if words:
                    language = words[0]
    ctx.caches[key] = language
    return language


def _extended_filter(language_range: str, tag: str) -> bool:
    """RFC 4647 §3.3.2 extended filtering, ASCII case-insensitive."""
    ranges = ascii_lower(language_range).split("-")
    subtags = ascii_lower(tag).split("-")
    if ranges[0] != "*" and ranges[0] != subtags[0]:
        return False
    i = j = 1
    while i < len(ranges):
        if ranges[i] == "*":
            i += 1
        elif j >= len(subtags):
            return False
        elif ranges[i] == subtags[j]:
            i += 1
            j += 1
        elif len(subtags[j]) == 1:
            return False
        else:
            j += 1
    return True


def _compile_lang(selector: ast.LangPseudoClass) -> Predicate:
    ranges = selector.ranges

    def lang(el: Element, ctx: MatchContext) -> bool:
        language = _element_language(el, ctx)
        if language is None:
            return False
        for language_range in ranges:
            if language_range == "" and language == "":
                return True
            if language and language_range and _extended_filter(language_range, language):
                return True
        return False
    return lang
