"""Microdata (HTML §5.2 "Encoding microdata").

* "A document must not contain any elements that have an itemprop
  attribute that would not be found to be a property of any of the items in
  that document were their properties all to be determined" (§5.2.5): an
  element with ``itemprop`` must be crawled by "the properties of an item"
  from some item, that is, have an ancestor with ``itemscope`` (the nearest
  such item crawls it), or be, or descend from, an element that an item's
  ``itemref`` names (with no ``itemscope`` between, which would make it
  that item's property anyway).  ``itemprop-without-item``: "The “itemprop”
  attribute was specified, but the element is not a property of any item."
* §5.2.2: ``itemtype`` and ``itemref`` only with ``itemscope``, ``itemid``
  only with both ``itemscope`` and ``itemtype``
  (``bad-attribute-combination``, vnu's messages: "The “itemtype”
  attribute must not be specified on elements that do not have an
  “itemscope” attribute specified."), and itemref's tokens unique ("The
  “itemref” attribute contained redundant references.").

That an itemref token names an element is the references family's rule.
Elements in template contents are not in the document and are not checked
(vnu checks them).  Linear: the scope of an itemprop element is a fold
over its ancestors remembered per node (:mod:`._ancestry`); itemref
targets are looked up once, after the walk, by one pass over the ids.
"""

from __future__ import annotations

from ..dom import HTML_NAMESPACE, Element, Node, ParentNode
from ._ancestry import AncestorFold, in_template_contents
from ._messages import Report, ReportSpan

__all__ = ["MicrodataRules"]

#: The attributes this family looks at; an element with none of them costs one
#: set test.
_MICRODATA = frozenset({"itemprop", "itemscope", "itemtype", "itemid", "itemref"})

_REDUNDANT = "The “itemref” attribute contained redundant references."


def _scope_step(element: Element, above: tuple[bool, bool]) -> tuple[bool, bool]:
    """(an inclusive ancestor is an item, inside template contents)."""
    scoped, template = above
    if scoped or element.namespace != HTML_NAMESPACE:
        return above
    return "itemscope" in element.attrs, template


def _top(node: Node | None) -> tuple[bool, bool]:
    return False, in_template_contents(node)


class MicrodataRules:
    """Microdata's document rules (a rule family of
    :data:`markup5.conformance._check.RULES`)."""

    #: Called for the elements with a microdata attribute only (the walk's
    #: ATTRIBUTES dispatch); the item scope above one is folded on demand.
    ELEMENTS: frozenset[str] | None = frozenset()
    ATTRIBUTES: frozenset[str] = _MICRODATA

    def __init__(self, report: Report, report_span: ReportSpan) -> None:
        self._report = report
        self._scopes: AncestorFold[tuple[bool, bool]] = AncestorFold(_scope_step, _top)
        # itemprop elements with no item ancestor: properties only through itemref
        self._unscoped: list[Element] = []
        self._itemref_tokens: set[str] = set()
        self._root: Node | None = None   # the document (found once)
        # items with itemref (and unique tokens): their crawls are checked after the walk
        self._referring: list[tuple[Element, list[str]]] = []

    def element(self, element: Element) -> None:
        attrs = element.attrs
        if not attrs or _MICRODATA.isdisjoint(attrs) or element.namespace != HTML_NAMESPACE:
            return
        parent = element.parent
        if parent is None:
            return
        scoped, template = self._scopes.value(parent)
        if template:
            return
        if self._root is None:
            root: Node = element
            while root.parent is not None:
                root = root.parent
            self._root = root
        report = self._report
        item = "itemscope" in attrs
        if "itemtype" in attrs and not item:
            report("bad-attribute-combination", "error", element,
                   "The “itemtype” attribute must not be specified on elements that do not "
                   "have an “itemscope” attribute specified.")
        if "itemid" in attrs and not (item and "itemtype" in attrs):
            report("bad-attribute-combination", "error", element,
                   "The “itemid” attribute must not be specified on elements that do not "
                   "have both an “itemscope” attribute and an “itemtype” attribute "
                   "specified.")
        itemref = attrs.get("itemref")
        if itemref is not None:
            if not item:
                report("bad-attribute-combination", "error", element,
                       "The “itemref” attribute must not be specified on elements that do "
                       "not have an “itemscope” attribute specified.")
            else:
                tokens = itemref.split()
                if len(set(tokens)) < len(tokens):
                    report("bad-attribute-value", "error", element, _REDUNDANT)
                elif tokens:
                    self._referring.append((element, tokens))
                self._itemref_tokens.update(tokens)
        if "itemprop" in attrs and not scoped:
            self._unscoped.append(element)

    def finish(self) -> None:
        """Itemprop elements outside every item are properties only when an
        item's itemref names them or an ancestor of theirs; the crawls of
        items with itemref must not reach an element twice."""
        targets = self._targets() if self._itemref_tokens else {}
        if self._referring and targets:
            self._check_crawls(targets)
        unscoped = self._unscoped
        if not unscoped:
            return
        referenced = {id(element) for element in targets.values()}
        if referenced:
            fold: AncestorFold[bool] = AncestorFold(
                lambda element, above: above or id(element) in referenced,
                lambda node: False)
            unscoped = [element for element in unscoped if not fold.value(element)]
        for element in unscoped:
            self._report("itemprop-without-item", "error", element,
                         "The “itemprop” attribute was specified, but the element is not a "
                         "property of any item.")

    def _targets(self) -> dict[str, Element]:
        """What itemref tokens name: for each, the first element in the
        document (tree order) with that ID (the ids of the document's elements
        are looked at in one pass, and only when an item has itemref)."""
        tokens = self._itemref_tokens
        root = self._root
        found: dict[str, Element] = {}
        if not tokens or root is None:
            return found
        stack: list[Node] = list(reversed(root.children)) if isinstance(root, ParentNode) \
            else []
        while stack and len(found) < len(tokens):
            node = stack.pop()
            if not isinstance(node, Element):
                continue
            value = node.attrs.get("id") if node.attrs else None
            if value is not None and value in tokens and value not in found:
                found[value] = node
            if node.children:
                stack.extend(reversed(node.children))
        return found

    def _check_crawls(self, targets: dict[str, Element]) -> None:
        """§5.2.5 "the properties of an item" flags a microdata error when
        its crawl reaches an element already in memory: the item itself, or
        an element named by itemref that the item's own crawl (its
        descendants, down to and including nested items) or another named
        element's crawl also reaches.  One element's crawl reaches a
        descendant when no element between them (the named element
        included, the item not) has itemscope: walking up from each start
        to the first ancestor with itemscope finds every such overlap.  The
        walks share a budget linear in the document's size; past it the
        remaining items are not checked (hostile itemref webs only)."""
        budget = 4 * _count_elements(self._root) + 64
        for item, tokens in self._referring:
            starts = [targets[token] for token in tokens if token in targets]
            if not starts:
                continue
            named = {id(start) for start in starts}
            redundant = id(item) in named
            for start in [*starts, item]:
                if redundant:
                    break
                ancestor = start.parent
                while isinstance(ancestor, Element):
                    budget -= 1
                    if budget < 0:
                        return
                    if ancestor.namespace == HTML_NAMESPACE and "itemscope" in ancestor.attrs:
                        # the item's own crawl reaches a named element below it
                        redundant = ancestor is item and start is not item
                        break
                    if id(ancestor) in named:
                        redundant = True   # a named element's crawl reaches this start
                        break
                    ancestor = ancestor.parent
            if redundant:
                self._report("bad-attribute-value", "error", item, _REDUNDANT)


def _count_elements(root: Node | None) -> int:
    """The number of elements the walk visits under ``root`` (template
    contents where the template is, as the walk goes), counted when an
    item's crawl needs a budget: one pass, no recursion."""
    count = 0
    stack: list[Node] = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, Element):
            count += 1
            contents = node.template_contents
            if contents is not None:
                stack.extend(contents.children)
                continue
        if isinstance(node, ParentNode):
            stack.extend(node.children)
    return count
