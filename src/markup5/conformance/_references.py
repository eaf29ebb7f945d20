"""References that must resolve (HTML Standard): ``label for`` (§4.10.4),
``input list`` (§4.10.5.3.9), the ``form`` attribute of form-associated
elements (§4.10.17.3), ``headers`` on table cells (§4.9.11), ``usemap``
(§2.3.9 hash-name references, §4.8.13 ``map`` names), ``itemref``
(§5.2.2), ``output for`` (§4.10.12), ``commandfor`` and ``popovertarget``
(§6.12.2, §6.12.3); the uniqueness of ``a name`` (§16.1); and two document-order
rules: one ``meta name=description`` per document (§4.2.5.1) and ``base href`` before
elements with URL attributes (§4.2.3).  (The ``label`` content model's labeled-control rule,
no labelable descendant other than the labeled control, is the content
models': ``_content``.)

One rule family (``_check.RULES``): :meth:`References.element` records, in
document order, the ids, the names of ``map`` elements and the references;
:meth:`References.finish` resolves them, in time linear in the document.
Elements in template contents are left out (their tree is the template's
contents, and vnu does not check them either).  The ``aria-*`` ID
references are the ARIA family's.
"""

from __future__ import annotations

from ..dom import HTML_NAMESPACE, Element, Node, ParentNode
from ._ancestry import AncestorFold, in_template_contents
from ._messages import Report, ReportSpan

__all__ = ["References"]

#: §4.10.2 labelable elements (``input`` unless its type is Hidden); an
#: autonomous custom element may be form-associated, which a checker cannot
#: know: it is taken as labelable.
LABELABLE: frozenset[str] = frozenset({
    "button", "input", "meter", "output", "progress", "select", "textarea"})

#: §4.10.2 form-associated elements that take a ``form`` attribute (the
#: listed ones; ``img`` is form-associated but has no ``form`` attribute).
FORM_OWNERS: frozenset[str] = frozenset({
    "button", "fieldset", "input", "object", "output", "select", "textarea"})

_ASCII_WHITESPACE = "\t\n\f\r "

#: The content attributes that take URLs (the attribute index), for base's
#: position rule (html's manifest is the exception the rule names).
_URL_ATTRIBUTES: frozenset[str] = frozenset({
    "href", "src", "srcset", "imagesrcset", "cite", "action", "formaction", "poster", "data",
    "ping", "itemid", "itemtype"})


#: The HTML elements whose attributes make references or take part in a
#: rule here (besides IDs, itemref and base's position).
_REFERRING: frozenset[str] = frozenset({
    "meta", "label", "td", "th", "form", "datalist", "map", "a", "img", "object"}) | FORM_OWNERS


def _q(text: str) -> str:
    return f"“{text}”"


def _table_step(element: Element, above: Element | None) -> Element | None:
    return element if (element.local_name == "table"
                       and element.namespace == HTML_NAMESPACE) else above


def _no_table(node: Node | None) -> Element | None:
    return None


def _same(element: Element, above: bool) -> bool:
    return above


def _is_labelable(element: Element) -> bool:
    """§4.10.2: whether ``element`` is a labelable element (an input whose
    type attribute is in the Hidden state is not)."""
    if element.namespace != HTML_NAMESPACE:
        return False
    name = element.local_name
    if name == "input":
        return element.attrs.get("type", "").strip(_ASCII_WHITESPACE).lower() != "hidden"
    return name in LABELABLE or "-" in name


class References:
    """The references family over one document (see the module docstring)."""

    #: Called (the walk's dispatch) for the elements with an attribute a
    #: rule here reads, for templates (after which elements are looked up
    #: as in template contents or not) and for base elements (whether an
    #: element with a URL attribute came before is then read off the
    #: document, once: _url_before).  (Called for every element, it gives
    #: the same messages.)
    ELEMENTS: frozenset[str] | None = frozenset({"template", "base"})
    ATTRIBUTES: frozenset[str] = frozenset({
        "id", "itemref", "name", "for", "headers", "usemap", "form", "list", "commandfor",
        "popovertarget"})

    __slots__ = ("_report", "_first_id", "_templates", "_in_template", "_tables", "_labels", "_lists",
                 "_datalist_ids", "_forms", "_form_ids",
                 "_map_names", "_usemaps", "_itemrefs", "_headers", "_th_ids", "_idrefs",
                 "_anchor_names", "_url_seen", "_unscanned", "_description")

    def __init__(self, report: Report, report_span: ReportSpan) -> None:
        self._report = report
        #: The first element (any namespace) with each ID, in tree order.
        self._first_id: dict[str, Element] = {}
        #: Whether a template came (before it no element can be in template
        #: contents), and whether a node is (its tree's top a template's
        #: contents), folded when asked.
        self._templates = False
        self._in_template: AncestorFold[bool] = AncestorFold(_same, in_template_contents)
        #: A node's nearest inclusive ancestor that is a table (for cells
        #: with headers or, if th, an ID only).
        self._tables: AncestorFold[Element | None] = AncestorFold(_table_step, _no_table)
        self._labels: list[tuple[Element, str]] = []
        self._lists: list[tuple[Element, str]] = []
        self._datalist_ids: set[str] = set()
        self._forms: list[tuple[Element, str]] = []
        self._form_ids: set[str] = set()
        self._map_names: dict[str, Element] = {}
        self._usemaps: list[tuple[Element, str, str]] = []
        self._itemrefs: list[tuple[Element, str]] = []
        self._headers: list[tuple[Element, Element, str]] = []
        self._th_ids: set[tuple[int, str]] = set()
        #: (element, attribute, value): single ID references to any element.
        self._idrefs: list[tuple[Element, str, str]] = []
        #: (a element, its non-empty name), in document order.
        self._anchor_names: list[tuple[Element, str]] = []
        #: Whether an element with a URL attribute (or a base with href)
        #: came before (base's rule), and the nodes not yet looked at for
        #: it, in document order (a stack; None: not started).
        self._url_seen = False
        self._unscanned: list[Node] | None = None
        #: Whether a meta name=description came before.
        self._description = False

    def element(self, element: Element) -> None:
        """Record the element's ID and the references it makes."""
        if element.local_name == "template":
            self._templates = True
        attrs = element.attrs
        if not attrs or (self._templates and self._in_template.value(element)):
            return
        parent = element.parent
        ident = attrs.get("id")
        if ident is not None:
            self._first_id.setdefault(ident, element)
        if "itemref" in attrs:
            self._itemrefs.append((element, attrs["itemref"]))
        if element.namespace != HTML_NAMESPACE:
            return
        name = element.local_name
        if name == "base" and "href" in attrs:
            # §4.2.3: "A base element, if it has an href attribute, must come
            # before any other elements in the tree that have attributes
            # defined as taking URLs, except the html element".
            if self._url_seen or self._url_before(element):
                self._report("misplaced-base", "error", element,
                             "The “base” element must come before any “link” or “script” "
                             "elements in the document.")
            self._url_seen = True  # (this base's href, for the bases after it)
        if name not in _REFERRING:
            return
        if name == "meta" and (attrs.get("name") or "").lower() == "description":
            # §4.2.5.1: "There must not be more than one meta element with its
            # name attribute set to the value description per document", and names
            # "must be compared in an ASCII case-insensitive manner" (vnu compares
            # exactly; the suite's names-standard-isvalid, with description in three
            # letter cases, is in tools/conformance_suite.py's OUTDATED).
            if self._description:
                self._report("duplicate-meta-description", "error", element,
                             "A document must not include more than one “meta” element with "
                             "its “name” attribute set to the value “description”.")
            self._description = True
        if name == "label":
            value = attrs.get("for")
            if value is not None:
                self._labels.append((element, value))
        elif name == "td" or name == "th":
            headers = attrs.get("headers")
            if headers is not None or (name == "th" and "id" in attrs):
                # (the nearest table ancestor, through any namespace)
                table = self._tables.value(parent) if parent is not None else None
                if table is not None:
                    if name == "th" and "id" in attrs:
                        self._th_ids.add((id(table), attrs["id"]))
                    if headers is not None:
                        self._headers.append((element, table, headers))
        elif name == "form":
            if "id" in attrs:
                self._form_ids.add(attrs["id"])
        elif name == "datalist":
            if "id" in attrs:
                self._datalist_ids.add(attrs["id"])
        elif name == "map":
            self._map(element, attrs)
        elif name == "a":
            anchor = attrs.get("name")
            if anchor:
                self._anchor_names.append((element, anchor))
        elif name == "img" or name == "object":
            usemap = attrs.get("usemap")
            if usemap is not None:
                self._usemaps.append((element, name, usemap))
        if name in FORM_OWNERS:
            form = attrs.get("form")
            if form is not None:
                self._forms.append((element, form))
            if name == "input":
                value = attrs.get("list")
                if value is not None:
                    self._lists.append((element, value))
            elif name == "output":
                value = attrs.get("for")
                if value is not None:
                    self._idrefs.extend((element, "for", token) for token in value.split())
            if name == "button" or name == "input":
                for attribute in ("commandfor", "popovertarget"):
                    value = attrs.get(attribute)
                    if value is not None:
                        self._idrefs.append((element, attribute, value))

    def _url_before(self, base: Element) -> bool:
        """Whether an HTML element other than html with a URL attribute, or
        a base with href, comes before ``base`` in document order (template
        contents left out, as everywhere here).  The document is read from
        where the last call stopped, up to ``base``, and not at all once
        one is found: linear over all the calls."""
        stack = self._unscanned
        if stack is None:
            root: Node = base
            while root.parent is not None:
                root = root.parent
            stack = self._unscanned = [root]
        while stack:
            node = stack.pop()
            if isinstance(node, Element):
                if node.template_contents is None and node.children:
                    stack.extend(reversed(node.children))
                if node is base:
                    return False
                attrs = node.attrs
                if attrs and node.namespace == HTML_NAMESPACE:
                    name = node.local_name
                    if ((name == "base" and "href" in attrs)
                            or (name != "html" and not _URL_ATTRIBUTES.isdisjoint(attrs))):
                        self._url_seen = True
                        return True
            elif isinstance(node, ParentNode):
                stack.extend(reversed(node.children))
        return False

    def _map(self, element: Element, attrs: dict[str, str]) -> None:
        """§4.8.13: a map's name is non-empty, without ASCII whitespace,
        unique among the tree's maps, and equal to its id if it has one."""
        name = attrs.get("name")
        if name is None:
            return  # (missing-required-attribute: the attribute rules)
        report = self._report
        if not name:
            report("bad-attribute-value", "error", element,
                   "Bad value “” for attribute “name” on element “map”: An ID must not be the "
                   "empty string.")
        elif any(c in _ASCII_WHITESPACE for c in name):
            report("bad-attribute-value", "error", element,
                   f"Bad value {_q(name)} for attribute “name” on element “map”: An ID must "
                   f"not contain whitespace.")
        if name in self._map_names:
            report("duplicate-map-name", "error", element, f"Duplicate map name {_q(name)}.")
        else:
            self._map_names[name] = element
        ident = attrs.get("id")
        if ident is not None and ident != name:
            report("bad-attribute-combination", "error", element,
                   "The “id” attribute on a “map” element must have an the same value as the "
                   "“name” attribute.")

    def finish(self) -> None:
        """Resolve the references recorded by :meth:`element`."""
        report = self._report
        first_id = self._first_id
        # §4.10.4: for is the ID of a labelable element in the same tree;
        # that element (the first with the ID) is the labeled control.
        for label, value in self._labels:
            target = first_id.get(value)
            if target is None or not _is_labelable(target):
                report("reference-missing", "error", label,
                       "The value of the “for” attribute of the “label” element must be the "
                       "ID of a non-hidden form control.")
        for element, value in self._lists:
            # §4.10.5.3.9: the ID of a datalist element in the same tree.
            if value not in self._datalist_ids:
                report("reference-missing", "error", element,
                       "The “list” attribute of the “input” element must refer to a "
                       "“datalist” element.")
        for element, value in self._forms:
            # §4.10.17.3: the ID of a form element in the element's tree.
            if value not in self._form_ids:
                report("reference-missing", "error", element,
                       "The “form” attribute must refer to a form element.")
        for element, name, value in self._usemaps:
            # §2.3.9: "#" then exactly the name of a map in the same tree
            # (a value without "#" is a syntax error, the attribute rules').
            if len(value) > 1 and value[0] == "#" and value[1:] not in self._map_names:
                report("reference-missing", "error", element,
                       f"The hash-name reference in attribute “usemap” referred to "
                       f"{_q(value[1:])}, but there is no “map” element with a “name” "
                       f"attribute with that value.")
        for element, value in self._itemrefs:
            # §5.2.2: itemref tokens are IDs of elements in the same tree.
            for token in value.split():
                if token not in first_id:
                    report("reference-missing", "error", element,
                               f"The “itemref” attribute referenced {_q(token)}, but there is no "
                           f"element with an “id” attribute with that value.")
        for cell, table, value in self._headers:
            # §4.9.11: each token is the ID of a th in the same table.
            for token in value.split():
                if (id(table), token) not in self._th_ids:
                    report("reference-missing", "error", cell,
                           f"The “headers” attribute on the element {_q(cell.local_name)} "
                           f"refers to the ID {_q(token)}, but there is no “th” element "
                           f"with that ID in the same table.")
                    break
        seen: set[str] = set()
        for element, value in self._anchor_names:
            # §16.1: an a element's name must be neither the ID of another
            # element in the tree nor the name of another a element.
            other = first_id.get(value)
            if value in seen or (other is not None and other is not element):
                report("duplicate-anchor-name", "error", element,
                       f"The “name” attribute on the “a” element must not be the same as the ID "
                       f"of another element or the name of another “a” element: {_q(value)}.")
            seen.add(value)
        for element, attribute, value in self._idrefs:
            # §4.10.12 output for, §6.12.2 commandfor, §6.12.3 popovertarget:
            # IDs of elements in the same tree.
            if value not in first_id:
                report("reference-missing", "error", element,
                       f"The value of the {_q(attribute)} attribute of the "
                       f"{_q(element.local_name)} element must be the ID of an element in "
                       f"the same tree as the {_q(element.local_name)} with the "
                       f"{_q(attribute)} attribute.")
