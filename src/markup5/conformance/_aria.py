"""ARIA rules: the ``role`` attribute and the ``aria-*`` attributes, as
"ARIA in HTML" (W3C Recommendation, §4 "Document conformance requirements
for use of ARIA attributes in HTML") and WAI-ARIA 1.2 (§5 roles, §6 states
and properties) require them.

One rule family (:class:`AriaRules`, see ``_check.RULES``), called in
document order for the elements with an ID, a ``role`` or an ``aria-*``
attribute it reads, and for the elements that give their descendants a
context.  What an element may carry depends on a little of its ancestry
(``header`` inside ``article``, ``td`` inside a ``table``, ``li`` in a list,
required context roles): each such element's :class:`_Context` is computed
once from its nearest ancestor's that has one (the elements between only
pass it on, and are remembered when passed), so the family is linear in the
document.  ID references resolve in :meth:`AriaRules.finish`, against the
ids of the whole document.

The tables below are this module's own reading of the two specifications
(element rows of ARIA in HTML §4, role and attribute definitions of
WAI-ARIA 1.2 with DPUB-ARIA 1.1 and Graphics ARIA 1.0 roles); where the Nu
Html Checker departs from them, the departure is noted at the rule."""

from __future__ import annotations

from ..dom import HTML_NAMESPACE, Element
from ..microsyntax import is_valid_float, is_valid_integer
from ._messages import Report, ReportSpan, Severity

__all__ = ["AriaRules"]


def _q(text: str) -> str:
    return f"“{text}”"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --- WAI-ARIA 1.2 §5.4 (definitions of roles), DPUB-ARIA 1.1, Graphics ARIA 1.0

#: The non-abstract roles an author may name in ``role``.
ROLES: frozenset[str] = _words("""
alert alertdialog application article banner blockquote button caption cell checkbox code
columnheader combobox complementary contentinfo definition deletion dialog directory document
emphasis feed figure form generic grid gridcell group heading img insertion link list listbox
listitem log main marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter
navigation none note option paragraph presentation progressbar radio radiogroup region row
rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong
subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip
tree treegrid treeitem
doc-abstract doc-acknowledgments doc-afterword doc-appendix doc-backlink doc-biblioentry
doc-bibliography doc-biblioref doc-chapter doc-colophon doc-conclusion doc-cover doc-credit
doc-credits doc-dedication doc-endnote doc-endnotes doc-epigraph doc-epilogue doc-errata
doc-example doc-footnote doc-foreword doc-glossary doc-glossref doc-index doc-introduction
doc-noteref doc-notice doc-pagebreak doc-pagelist doc-part doc-preface doc-prologue
doc-pullquote doc-qna doc-subtitle doc-tip doc-toc
graphics-document graphics-object graphics-symbol
""")

#: WAI-ARIA 1.2 "Required Context Role" (§5.2.7) of the roles that have one,
#: in the order the messages name them.  ``group@menu`` stands for ARIA's
#: "group with accessibility parent menu": here a ``group`` inside a
#: ``menu`` (ancestors, not only the parent).
REQUIRED_CONTEXT: dict[str, tuple[str, ...]] = {
    "cell": ("row",), "columnheader": ("row",), "gridcell": ("row",), "rowheader": ("row",),
    "row": ("treegrid", "grid", "rowgroup", "table"),
    "rowgroup": ("treegrid", "grid", "table"),
    "listitem": ("list", "directory", "group"),
    "menuitem": ("menubar", "menu", "group@menu", "group@menubar"),
    "menuitemcheckbox": ("menubar", "menu", "group@menu", "group@menubar"),
    "menuitemradio": ("menubar", "menu", "group@menu", "group@menubar"),
    "option": ("listbox", "group@listbox"),
    "tab": ("tablist",),
    "treeitem": ("tree", "group@tree"),
}

#: The roles a ``group`` takes its ``group@…`` context from.
_GROUP_PARENTS = ("menu", "menubar", "listbox", "tree")

#: WAI-ARIA 1.2 "Required States and Properties" (§5.2.5).
REQUIRED_STATES: dict[str, str] = {
    "checkbox": "aria-checked", "menuitemcheckbox": "aria-checked",
    "menuitemradio": "aria-checked", "radio": "aria-checked", "switch": "aria-checked",
    "combobox": "aria-expanded", "heading": "aria-level",
    "meter": "aria-valuenow", "scrollbar": "aria-valuenow", "slider": "aria-valuenow",
}

#: WAI-ARIA 1.2 §6.4: the global states and properties (any role, and no
#: role), with ARIA 1.3's braille and description attributes, and the
#: ones ARIA 1.2 deprecated as global (still global there).
GLOBAL_ATTRIBUTES: frozenset[str] = frozenset("aria-" + name for name in """
atomic braillelabel brailleroledescription busy controls current describedby description
details disabled dropeffect errormessage flowto grabbed haspopup hidden invalid keyshortcuts
label labelledby live owns relevant roledescription""".split())

_CELL = "colindex colindextext colspan rowindex rowindextext rowspan"
_GRIDCELL = _CELL + " expanded readonly required selected"
_RANGE = "valuemax valuemin valuenow valuetext"
_TEXTBOX = "activedescendant autocomplete multiline placeholder readonly required"
_MENUITEM = "expanded posinset setsize"

#: WAI-ARIA 1.2 §5.4: the states and properties each role supports besides
#: the global ones ("Supported" and "Inherited States and Properties",
#: through the superclass roles); roles not listed support none.
ROLE_ATTRIBUTES: dict[str, frozenset[str]] = {
    role: frozenset("aria-" + name for name in names.split()) for role, names in {
        "alertdialog": "modal", "dialog": "modal",
        "application": "activedescendant expanded",
        "article": "posinset setsize",
        "button": "expanded pressed",
        "cell": _CELL,
        "checkbox": "checked expanded readonly required",
        "columnheader": _GRIDCELL + " sort", "rowheader": _GRIDCELL + " sort",
        "combobox": "activedescendant autocomplete expanded readonly required",
        "grid": "activedescendant colcount multiselectable readonly rowcount",
        "gridcell": _GRIDCELL,
        "group": "activedescendant",
        "heading": "level",
        "link": "expanded",
        "listbox": "activedescendant expanded multiselectable orientation readonly required",
        "listitem": "level posinset setsize",
        "menu": "activedescendant orientation", "menubar": "activedescendant orientation",
        "menuitem": _MENUITEM,
        "menuitemcheckbox": _MENUITEM + " checked", "menuitemradio": _MENUITEM + " checked",
        "meter": _RANGE,
        "option": "checked posinset selected setsize",
        "progressbar": _RANGE,
        "radio": "checked posinset setsize",
        "radiogroup": "activedescendant orientation readonly required",
        "row": "activedescendant colindex expanded level posinset rowindex rowindextext "
               "selected setsize",
        "scrollbar": "orientation " + _RANGE,
        "searchbox": _TEXTBOX, "textbox": _TEXTBOX,
        "separator": "orientation " + _RANGE,
        "slider": "orientation readonly " + _RANGE,
        "spinbutton": "activedescendant readonly required " + _RANGE,
        "switch": "checked expanded readonly required",
        "tab": "expanded posinset selected setsize",
        "table": "colcount rowcount",
        "tablist": "activedescendant multiselectable orientation",
        "toolbar": "activedescendant orientation",
        "tree": "activedescendant multiselectable orientation required",
        "treegrid": "activedescendant colcount multiselectable orientation readonly required "
                    "rowcount",
        "treeitem": "checked expanded level posinset selected setsize",
    }.items()}
_NO_ATTRIBUTES: frozenset[str] = frozenset()
_ROLE_SPECIFIC: frozenset[str] = frozenset().union(*ROLE_ATTRIBUTES.values())

# --- WAI-ARIA 1.2 §6.6 (definitions of states and properties): value types

_TRUE_FALSE = ("true", "false")
_TRUE_FALSE_UNDEFINED = ("true", "false", "undefined")
_TRISTATE = ("true", "false", "mixed")

#: The attributes whose value is one token of a list (true/false,
#: true/false/undefined, tristate, token), compared case-sensitively as vnu
#: does (ARIA's values are lowercase).
TOKEN_VALUES: dict[str, tuple[str, ...]] = {
    **{name: _TRUE_FALSE for name in (
        "aria-atomic", "aria-busy", "aria-disabled", "aria-modal", "aria-multiline",
        "aria-multiselectable", "aria-readonly", "aria-required")},
    **{name: _TRUE_FALSE_UNDEFINED for name in (
        "aria-expanded", "aria-grabbed", "aria-hidden", "aria-selected")},
    "aria-checked": _TRISTATE, "aria-pressed": _TRISTATE,
    "aria-autocomplete": ("inline", "list", "both", "none"),
    "aria-current": ("page", "step", "location", "date", "time", "true", "false"),
    "aria-haspopup": ("false", "true", "menu", "listbox", "tree", "grid", "dialog"),
    "aria-invalid": ("grammar", "false", "spelling", "true"),
    "aria-live": ("assertive", "off", "polite"),
    "aria-orientation": ("horizontal", "undefined", "vertical"),
    "aria-sort": ("ascending", "descending", "none", "other"),
}

#: Token lists: each space-separated token one of these.
TOKEN_LIST_VALUES: dict[str, frozenset[str]] = {
    "aria-dropeffect": _words("copy execute link move none popup"),
    "aria-relevant": _words("additions all removals text"),
}

#: Integers: the least value allowed (ARIA's "greater than or equal to").
INTEGER_VALUES: dict[str, int] = {
    "aria-colcount": -1, "aria-rowcount": -1, "aria-setsize": -1,
    "aria-colindex": 1, "aria-colspan": 1, "aria-level": 1, "aria-posinset": 1,
    "aria-rowindex": 1, "aria-rowspan": 0,
}

#: Numbers (ARIA's "number": a valid floating-point number).
NUMBER_VALUES: frozenset[str] = frozenset({"aria-valuemax", "aria-valuemin", "aria-valuenow"})

#: ID reference (one id) and ID reference list attributes.
IDREF: frozenset[str] = frozenset({"aria-activedescendant", "aria-details", "aria-errormessage"})
IDREF_LIST: frozenset[str] = frozenset({
    "aria-controls", "aria-describedby", "aria-flowto", "aria-labelledby", "aria-owns"})

# --- ARIA in HTML §4: the roles each element may take

#: The roles an author may not name an element of (WAI-ARIA 1.2 "Prohibited
#: States and Properties: aria-label, aria-labelledby"), as vnu 26.9 lists
#: them (it leaves out ``none``, whose conflict resolution exposes a named
#: element anyway).
NAMING_PROHIBITED_ROLES: tuple[str, ...] = (
    "caption", "code", "deletion", "emphasis", "generic", "insertion", "paragraph",
    "presentation", "strong", "subscript", "superscript")
_NAMING_PROHIBITED_ROLE_SET = frozenset(NAMING_PROHIBITED_ROLES)

#: The elements ARIA in HTML marks "Naming Prohibited" (without a role that
#: allows a name): ``a``/``area`` without ``href`` and custom elements are
#: decided in the code.
NAMING_PROHIBITED_ELEMENTS: frozenset[str] = _words("""
abbr b bdi bdo body caption cite code data del div em figcaption i ins kbd label legend mark p
pre q rp rt s samp small span strong sub sup time u var
""")

_BUTTON_LIKE = _words("""checkbox combobox gridcell link menuitem menuitemcheckbox menuitemradio
option radio separator slider switch tab treeitem""")
_LIST_ROLES = _words("group listbox menu menubar none presentation radiogroup tablist toolbar tree"
                     " directory")
_DPUB_SECTION = _words("""doc-abstract doc-acknowledgments doc-afterword doc-appendix
doc-bibliography doc-chapter doc-colophon doc-conclusion doc-credit doc-credits doc-dedication
doc-endnotes doc-epigraph doc-epilogue doc-errata doc-example doc-foreword doc-glossary doc-index
doc-introduction doc-notice doc-pagelist doc-part doc-preface doc-prologue doc-pullquote doc-qna
doc-toc""")

#: Elements that take "any role": their implicit role (a ``role`` naming it
#: is unnecessary), or "" when they have none.
ANY_ROLE: dict[str, str] = {
    "abbr": "", "address": "group", "b": "generic", "bdi": "generic", "bdo": "generic",
    "blockquote": "blockquote", "canvas": "", "cite": "", "code": "code", "data": "generic",
    "del": "deletion", "dfn": "term", "div": "generic", "em": "emphasis", "hgroup": "group",
    "i": "generic", "ins": "insertion", "kbd": "", "mark": "", "output": "status",
    "p": "paragraph", "pre": "generic", "q": "generic", "rp": "", "rt": "", "ruby": "",
    "s": "deletion", "samp": "generic", "small": "generic", "span": "generic",
    "strong": "strong", "sub": "subscript", "sup": "superscript", "table": "table",
    "tbody": "rowgroup", "tfoot": "rowgroup", "thead": "rowgroup", "time": "time",
    "u": "generic", "var": "",
}

#: Elements that take only some roles: (implicit role or "", the other
#: roles allowed).  Elements whose row depends on attributes or ancestry
#: (a, area, footer, header, figure, img, input, li, select, section,
#: summary, td, th, tr, and div in dl) are decided in the code.
LISTED_ROLES: dict[str, tuple[str, frozenset[str]]] = {
    "article": ("article", _words("application document feed main none presentation region")),
    "aside": ("complementary", _words("""feed none note presentation region search
        doc-dedication doc-example doc-footnote doc-glossary doc-pullquote doc-tip""")),
    "audio": ("", _words("application")),
    "body": ("generic", frozenset()),
    "br": ("", _words("none presentation")),
    "button": ("button", _BUTTON_LIKE),
    "caption": ("caption", frozenset()),
    "datalist": ("listbox", frozenset()),
    "dd": ("", frozenset()),
    "details": ("group", frozenset()),
    "dialog": ("dialog", _words("alertdialog")),
    "dl": ("", _words("group list none presentation")),
    "dt": ("", _words("listitem")),
    "embed": ("", _words("application document img none presentation")),
    "fieldset": ("group", _words("none presentation radiogroup")),
    "figcaption": ("", _words("group none presentation")),
    "form": ("form", _words("none presentation search")),
    **{f"h{n}": ("heading", _words("none presentation tab doc-subtitle")) for n in range(1, 7)},
    "hr": ("separator", _words("none presentation doc-pagebreak")),
    "iframe": ("", _words("application document img none presentation")),
    "label": ("", frozenset()),
    "legend": ("", frozenset()),
    "main": ("main", frozenset()),
    "menu": ("list", _LIST_ROLES),
    "meter": ("meter", frozenset()),
    "nav": ("navigation", _words("menu menubar none presentation tablist doc-index doc-pagelist"
                                 " doc-toc")),
    "object": ("", _words("application document img")),
    "ol": ("list", _LIST_ROLES),
    "optgroup": ("group", frozenset()),
    "option": ("option", frozenset()),
    "progress": ("progressbar", frozenset()),
    "search": ("search", _words("form group none presentation region")),
    "textarea": ("textbox", frozenset()),
    "ul": ("list", _LIST_ROLES),
    "video": ("", _words("application")),
    "wbr": ("", _words("none presentation")),
}

_A_HREF_ROLES = _words("""button checkbox menuitem menuitemcheckbox menuitemradio option radio
switch tab treeitem doc-backlink doc-biblioref doc-glossref doc-noteref""")
_IMG_NAMED_ROLES = _words("""button checkbox link menuitem menuitemcheckbox menuitemradio meter
option progressbar radio scrollbar separator slider switch tab treeitem doc-cover""")
_SECTION_ROLES = _words("""alert alertdialog application banner complementary contentinfo dialog
document feed group log main marquee navigation none note presentation search status
tabpanel""") | _DPUB_SECTION

#: ``input`` by type state (ARIA in HTML §4, the input rows): implicit role
#: and the other roles allowed; ``*list`` keys are the types with a ``list``
#: attribute (combobox).
INPUT_ROLES: dict[str, tuple[str, frozenset[str]]] = {
    "button": ("button", _BUTTON_LIKE),
    "checkbox": ("checkbox", _words("menuitemcheckbox option switch button")),
    "email": ("textbox", frozenset()),
    "image": ("button", _BUTTON_LIKE - {"combobox"}),
    "number": ("spinbutton", frozenset()),
    "radio": ("radio", _words("menuitemradio")),
    "range": ("slider", frozenset()),
    "reset": ("button", _BUTTON_LIKE),
    "search": ("searchbox", frozenset()),
    "submit": ("button", _BUTTON_LIKE),
    "tel": ("textbox", frozenset()),
    "text": ("textbox", _words("combobox searchbox spinbutton")),
    "url": ("textbox", frozenset()),
    "list": ("combobox", frozenset()),
    **{name: ("", frozenset()) for name in (
        "color", "date", "datetime-local", "file", "hidden", "month", "password", "time",
        "week")},
}
_INPUT_TEXT_LIKE = frozenset({"text", "search", "tel", "url", "email"})

#: The elements vnu's checker says take no ``role`` at all (reported by the
#: attribute rules as "Attribute “role” not allowed"): skipped here.
_NO_ROLE = _words("""base col colgroup head html map meta noscript picture script source style
template title track link slot param""")

#: Elements that begin a sectioning context for ``header``/``footer`` (then
#: generic, not banner/contentinfo), and the roles that do the same.
_SECTIONING = _words("article aside main nav section")
_SECTIONING_ROLES = _words("article complementary main navigation region")

#: Implicit roles that satisfy a required context role (an ancestor ``ul``
#: is a ``list``, a ``table`` a ``table``...).
_CONTEXT_IMPLICIT: dict[str, str] = {
    "ul": "list", "ol": "list", "menu": "list", "table": "table", "thead": "rowgroup",
    "tbody": "rowgroup", "tfoot": "rowgroup", "tr": "row", "datalist": "listbox",
    "select": "listbox", "fieldset": "group", "details": "group", "optgroup": "group",
}

#: HTML attributes that make an ``aria-*`` one with the same meaning
#: unnecessary (vnu's warnings), by ARIA attribute.
_NATIVE_EQUIVALENT: dict[str, str] = {
    "aria-disabled": "disabled", "aria-hidden": "hidden", "aria-readonly": "readonly",
    "aria-required": "required", "aria-valuemax": "max", "aria-valuemin": "min",
    "aria-colspan": "colspan", "aria-rowspan": "rowspan",
}
#: The required states an HTML element supplies itself (besides input's).
_NATIVE_STATES: dict[str, frozenset[str]] = {
    **{f"h{n}": frozenset({"aria-level"}) for n in range(1, 7)},
    "select": frozenset({"aria-expanded"}),
    "meter": frozenset({"aria-valuenow"}), "progress": frozenset({"aria-valuenow"}),
}

#: The input types that take ``min`` and ``max``.
_HAS_MIN_MAX = frozenset({"date", "month", "week", "time", "datetime-local", "number", "range"})
_TABLE_STRICT_ROLES = frozenset({"", "table", "grid", "treegrid"})

#: The elements whose rules or whose children's context need a look even
#: without ``role`` or ``aria-*`` attributes.
_CONTEXT_ELEMENTS = frozenset(_CONTEXT_IMPLICIT) | _SECTIONING | {"figcaption", "summary"}

#: Every ``aria-*`` attribute a rule here reads (an element whose other
#: ``aria-*`` names are unknown gets no ARIA message for them: the attribute
#: rules report them as not allowed), and ``role``: an element with none of
#: these and outside _CONTEXT_ELEMENTS only passes its context on.
#: (tests/test_conformance_aria_fast.py checks that every "aria-..." name
#: this module spells is here.)
_WATCHED: frozenset[str] = (
    GLOBAL_ATTRIBUTES | _ROLE_SPECIFIC | frozenset(TOKEN_VALUES) | frozenset(TOKEN_LIST_VALUES)
    | frozenset(INTEGER_VALUES) | NUMBER_VALUES | IDREF | IDREF_LIST
    | frozenset(_NATIVE_EQUIVALENT) | {"role"})


class _Context:
    """What an element inherits: the roles (explicit or implicit) of its
    ancestors, whether it is inside a sectioning element, the role of its
    nearest ``table`` ancestor (None: none, or one with another role), and
    the nearest ``figure`` ancestor with a role a ``figcaption`` forbids."""

    __slots__ = ("roles", "sectioned", "table", "figure")

    def __init__(self, roles: frozenset[str], sectioned: bool, table: str | None,
                 figure: Element | None) -> None:
        self.roles = roles
        self.sectioned = sectioned
        self.table = table
        self.figure = figure


_ROOT = _Context(frozenset(), False, None, None)


class AriaRules:
    """The ARIA rules over one document (a ``_check.RULES`` family)."""

    #: Called (the walk's dispatch) for the context elements and for the
    #: elements with an ID, a role or an aria-* name a rule reads; the
    #: others only pass their parent's context on, which is looked up when
    #: needed (_parent_context).  (Called for every element, it gives the
    #: same messages: element() returns early for the others.)
    ELEMENTS: frozenset[str] | None = _CONTEXT_ELEMENTS
    ATTRIBUTES: frozenset[str] = _WATCHED | {"id"}

    def __init__(self, report: Report, report_span: ReportSpan) -> None:
        self._report = report
        self._contexts: dict[int, _Context] = {}
        self._ids: set[str] = set()
        self._references: list[tuple[Element, str, str]] = []
        self._owned: set[str] = set()
        self._unowned: list[tuple[Element, str]] = []
        self._details_with_summary: set[int] = set()
        self._summary_of_details = False
        self._visible_main = False
        self._figures_reported: set[int] = set()

    # -- the walk

    def element(self, element: Element) -> None:
        """The rules for one element (any namespace), in document order."""
        attrs = element.attrs
        name = element.local_name
        if attrs:
            ident = attrs.get("id")
            if ident:
                self._ids.add(ident)
            watched = not _WATCHED.isdisjoint(attrs)
        else:
            watched = False
        if not watched and name not in _CONTEXT_ELEMENTS:
            # The common case: nothing to check, and the element's children
            # inherit its parent's context (found when one needs it).
            return
        context = self._parent_context(element)
        if element.namespace != HTML_NAMESPACE:
            return  # (it passes its parent's context on, like the common case)
        aria = watched and any(attribute[:5] == "aria-" for attribute in attrs)
        parent = element.parent
        if name == "summary":
            # (the first summary child of a details is its summary)
            self._summary_of_details = False
            if isinstance(parent, Element) and parent.local_name == "details" \
                    and parent.namespace == HTML_NAMESPACE \
                    and id(parent) not in self._details_with_summary:
                self._details_with_summary.add(id(parent))
                self._summary_of_details = True
        role = ""
        if "role" in attrs and name not in _NO_ROLE:
            role = self._role(element, name, attrs["role"])
            if role and not self._allowed_role(element, name, role, attrs, context, parent):
                role = ""  # (its context and states would only repeat the fault)
        captioned = context.figure
        if name == "figcaption" and captioned is not None:
            if id(captioned) not in self._figures_reported:
                self._figures_reported.add(id(captioned))
                # (vnu notices it, and reports it, at the figure's end tag)
                self._report("figure-role-with-figcaption", "error", captioned,
                             "A “figure” element with a “figcaption” descendant must not "
                             "have a “role” attribute.")
        if role in REQUIRED_CONTEXT:
            self._required_context(element, role, context)
        if aria:
            self._aria_attributes(element, name, role, attrs)
        required = REQUIRED_STATES.get(role)
        if required is not None and required not in attrs:
            self._missing_state(element, name, required, attrs)
        if role == "presentation" or role == "none":
            self._presentational(element, role, attrs)
        elif role == "main" and "hidden" not in attrs:
            # WAI-ARIA 1.2 §5.4 (main): authors SHOULD mark only one element
            if self._visible_main:
                self._report("multiple-main-roles", "warning", element,
                             "A document should not include more than one visible element "
                             "with “role=main”.")
            self._visible_main = True
        # What the children inherit.
        implicit = role or _CONTEXT_IMPLICIT.get(name, "")
        sectioned = context.sectioned or name in _SECTIONING or role in _SECTIONING_ROLES
        table = context.table
        if name == "table":
            table = role if role in _TABLE_STRICT_ROLES else None
        figure: Element | None = context.figure
        if name == "figure" and role and role not in ("doc-example", "figure"):
            figure = element
        if (implicit and (implicit not in context.roles or implicit == "group")) \
                or sectioned != context.sectioned \
                or table != context.table or figure is not context.figure:
            roles = context.roles | {implicit} if implicit else context.roles
            if implicit == "group":
                roles = roles | {f"group@{above}" for above in _GROUP_PARENTS
                                 if above in context.roles}
            context = _Context(roles, sectioned, table, figure)
        self._contexts[id(element)] = context

    def _parent_context(self, element: Element) -> _Context:
        """The context ``element`` inherits: that of its nearest ancestor
        whose context is known (an element with a rule run, in document
        order before it, stores its own), else of the tree's top (a
        Document or a template's contents: none).  The elements passed on
        the way up only hand their parent's context down: each is
        remembered with it, so no element is passed twice in a document
        and the lookups stay linear."""
        contexts = self._contexts
        passed: list[Element] = []
        node = element.parent
        context = _ROOT
        while isinstance(node, Element):
            known = contexts.get(id(node))
            if known is not None:
                context = known
                break
            passed.append(node)
            node = node.parent
        for node in passed:
            contexts[id(node)] = context
        return context

    def finish(self) -> None:
        """ID references that must resolve; required context roles that an
        ``aria-owns`` elsewhere may provide."""
        ids = self._ids
        for element, attribute, value in self._references:
            if value not in ids:
                # vnu reports a dangling aria-activedescendant only (the
                # html-aria suite has the other references "broken-idref"
                # -isvalid): the others are warnings here.
                severity: Severity = "error" if attribute == "aria-activedescendant" else "warning"
                self._report("aria-reference-missing", severity, element,
                             f"The {_q(attribute)} attribute references {_q(value)}, which is "
                             f"not the ID of any element in this document.")
        owned = self._owned
        for element, role in self._unowned:
            identifier = element.attrs.get("id")
            if identifier and identifier in owned:
                continue
            self._report("aria-required-context", "error", element,
                         f"An element with “role={role}” must be contained in, or owned by, an "
                         f"element with the “role” value "
                         f"{_render(_shown(REQUIRED_CONTEXT[role]))}.")

    # -- role

    def _role(self, element: Element, name: str, value: str) -> str:
        """The role in effect (the first defined non-abstract token, as
        browsers take it; WAI-ARIA 1.2 §7.1), reporting the tokens that are
        not roles; "" when there is none."""
        tokens = value.split()
        if not tokens:
            return ""
        role = ""
        unknown: list[str] = []
        superfluous: list[str] = []
        for token in tokens:
            if token not in ROLES:
                unknown.append(token)
            elif not role:
                role = token
            elif token != "presentation":
                superfluous.append(token)
        if not role:
            self._report("bad-role", "error", element,
                         f"Bad value {_q(value.strip())} for attribute “role” on element "
                         f"{_q(name)}.")
            return ""
        if unknown:
            self._report("bad-role", "error", element,
                         f"Discarding unrecognized {_tokens(unknown)} from value of attribute "
                         f"“role”. Browsers ignore any token that is not a defined ARIA "
                         f"non-abstract role.")
        if superfluous:
            self._report("superfluous-role", "info", element,
                         f"Discarding superfluous {_tokens(superfluous)} from value of "
                         f"attribute “role”. Browsers only process the first token found that "
                         f"is a defined ARIA non-abstract role.")
        return role

    def _allowed_role(self, element: Element, name: str, role: str, attrs: dict[str, str],
                      context: _Context, parent: object) -> bool:
        """ARIA in HTML §4: is ``role`` allowed on this element, and is it
        its implicit role anyway (a warning)?  False when it is not allowed."""
        report = self._report
        implicit = ""
        allowed: frozenset[str] | None = None  # None: any role
        unnecessary = ""
        if name in ANY_ROLE:
            implicit = ANY_ROLE[name]
            if name == "div" and isinstance(parent, Element) and parent.local_name == "dl" \
                    and parent.namespace == HTML_NAMESPACE:
                if role not in ("presentation", "none"):
                    report("role-not-allowed", "error", element,
                           "A “div” child of a “dl” element must not have any “role” value "
                           "other than “presentation” or “none”.")
                return role in ("presentation", "none")
        elif name in LISTED_ROLES:
            implicit, allowed = LISTED_ROLES[name]
        elif name in ("a", "area"):
            if "href" in attrs:
                implicit = "link"
                allowed = _A_HREF_ROLES if name == "a" else frozenset()
                unnecessary = (f"The “link” role is unnecessary for element {_q(name)} with "
                               f"attribute “href”.")
            else:
                implicit = "generic"
                allowed = None if name == "a" else _words("button link")
        elif name in ("header", "footer"):
            implicit = "generic" if context.sectioned else (
                "banner" if name == "header" else "contentinfo")
            allowed = _words("group none presentation")
            if name == "footer":
                allowed = allowed | {"doc-footnote"}
        elif name == "section":
            named = bool(attrs.get("aria-label") or attrs.get("aria-labelledby")
                         or attrs.get("title"))
            implicit = "region" if named else "generic"
            allowed = _SECTION_ROLES | {"region"}
        elif name == "figure":
            implicit = "figure"  # (a figcaption descendant: reported when it comes)
        elif name == "img":
            return self._img_role(element, role, attrs)
        elif name == "input":
            return self._input_role(element, role, attrs)
        elif name == "select":
            multiple = "multiple" in attrs or _size_above_one(attrs.get("size"))
            if multiple:
                if role != "listbox":
                    report("role-not-allowed", "error", element,
                           "A “select” element with a “multiple” attribute or with a “size” "
                           "attribute whose value is greater than 1 must not have any “role” "
                           "attribute.")
                    return False
                unnecessary = ("The “listbox” role is unnecessary for element “select” with a "
                               "“multiple” attribute or with a “size” attribute whose value is "
                               "greater than 1.")
                implicit, allowed = "listbox", frozenset()
            else:
                implicit, allowed = "combobox", _words("menu")
                unnecessary = ("The “combobox” role is unnecessary for element “select” "
                               "without a “multiple” attribute and without a “size” attribute "
                               "whose value is greater than 1.")
        elif name == "li":
            if (isinstance(parent, Element) and parent.namespace == HTML_NAMESPACE
                    and parent.local_name in ("ul", "ol", "menu")
                    and parent.attrs.get("role", "list").split()[:1] in ([], ["list"])):
                implicit, allowed = "listitem", frozenset()
                if role != "listitem":
                    report("role-not-allowed", "error", element,
                           "An “li” element that is a descendant of a “ul”, “ol”, or “menu” "
                           "element with no explicit “role” value, or a descendant of a "
                           "“role=list” element, must not have any “role” value other than "
                           "“listitem”.")
                    return False
            else:
                implicit = "generic"
        elif name == "summary":
            if self._summary_of_details:
                report("role-not-allowed", "error", element,
                       "The “role” attribute must not be used on any “summary” element that "
                       "is a summary for its parent “details” element.")
                return False
        elif name in ("td", "th", "tr"):
            table = context.table
            if table is not None:
                cell = "gridcell" if table in ("grid", "treegrid") else "cell"
                own = {"td": (cell,), "th": ("columnheader", "rowheader", cell),
                       "tr": ("row",)}[name]
                if role not in own:
                    report("role-not-allowed", "error", element,
                           f"The “role” attribute must not be used on a {_q(name)} element "
                           f"which has a “table” ancestor with no “role” attribute, or with a "
                           f"“role” attribute whose value is “table”, “grid”, or “treegrid”.")
                    return False
                implicit, allowed = role, frozenset()
        else:
            return True  # custom elements, unknown and obsolete elements: any role
        if role == implicit:
            report("unnecessary-role", "warning", element, unnecessary or (
                f"The {_q(role)} role is unnecessary for element {_q(name)}."))
        elif allowed is not None and role not in allowed:
            report("role-not-allowed", "error", element,
                   f"Bad value {_q(attrs['role'].strip())} for attribute “role” on element "
                   f"{_q(name)}.")
            return False
        return True

    def _img_role(self, element: Element, role: str, attrs: dict[str, str]) -> bool:
        alt = attrs.get("alt")
        named = bool(alt) or bool(attrs.get("aria-label") or attrs.get("aria-labelledby")
                                   or attrs.get("title"))
        if alt == "" and not named:
            # ARIA in HTML lets an img with alt="" take none/presentation
            # ("NOT RECOMMENDED"); vnu and the html-aria suite make any role
            # there an error, as here.
            self._report("role-not-allowed", "error", element,
                         "An “img” element with a “role” attribute must not have an “alt” "
                         "attribute whose value is the empty string.")
            return False
        if named:
            if role == "img":
                self._report("unnecessary-role", "warning", element,
                             "The “img” role is unnecessary for element “img”.")
            elif role not in _IMG_NAMED_ROLES:
                self._report("role-not-allowed", "error", element,
                             f"Bad value {_q(attrs['role'].strip())} for attribute “role” on "
                             f"element “img”.")
                return False
        # (no alt and no name: the attribute rules report the missing alt)
        return True

    def _input_role(self, element: Element, role: str, attrs: dict[str, str]) -> bool:
        kind = attrs.get("type", "text").strip().lower()
        if kind not in INPUT_ROLES or kind == "list":
            kind = "text"
        has_list = "list" in attrs and kind in _INPUT_TEXT_LIKE
        implicit, allowed = INPUT_ROLES["list" if has_list else kind]
        report = self._report
        if role == implicit:
            if kind in _INPUT_TEXT_LIKE:
                message = (f"The {_q(role)} role is unnecessary for an “input” element that has "
                           f"{'a' if has_list else 'no'} “list” attribute and whose type is "
                           f"{_q(kind)}.")
            else:
                message = (f"The {_q(role)} role is unnecessary for element “input” whose type "
                           f"is {_q(kind)}.")
            report("unnecessary-role", "warning", element, message)
            return True
        if role not in allowed:
            report("role-not-allowed", "error", element,
                   f"Bad value {_q(attrs['role'].strip())} for attribute “role” on element "
                   f"“input”.")
            return False
        if kind == "checkbox" and role == "button" and "aria-pressed" not in attrs:
            report("missing-required-aria-attribute", "error", element,
                   "An “input” element with a “type” attribute whose value is “checkbox” and "
                   "with a “role” attribute whose value is “button” must have an "
                   "“aria-pressed” attribute.")
        return True

    def _presentational(self, element: Element, role: str, attrs: dict[str, str]) -> None:
        """WAI-ARIA 1.2 §7.3 (presentational roles conflict resolution): user
        agents expose the element's implicit role anyway when it has a
        global ARIA attribute or is focusable: the role has no effect."""
        report = self._report
        global_attributes = [attribute for attribute in attrs
                             if attribute in GLOBAL_ATTRIBUTES]
        for attribute in global_attributes:
            if attribute in ("aria-disabled", "aria-haspopup", "aria-invalid",
                             "aria-errormessage"):
                # (ARIA 1.2 deprecates these as global: widget states)
                report("aria-attribute-discouraged", "warning", element,
                       f"The {_q(attribute)} attribute should not be used on any element "
                       f"which has “role={role}”.")
        if global_attributes and global_attributes != ["aria-hidden"]:
            report("presentational-role-ignored", "warning", element,
                   f"The {_q(role)} role does not affect elements that have global ARIA "
                   f"attributes.")
        elif "tabindex" in attrs:
            report("presentational-role-ignored", "warning", element,
                   f"The {_q(role)} role does not affect elements that have a “tabindex” "
                   f"attribute.")

    def _required_context(self, element: Element, role: str, context: _Context) -> None:
        """WAI-ARIA 1.2 §5.2.7: an ancestor with the required context role
        (explicit or implicit), or an ``aria-owns`` elsewhere (in finish)."""
        roles = context.roles
        for needed in REQUIRED_CONTEXT[role]:
            if needed in roles:
                return
        self._unowned.append((element, role))

    # -- aria-* attributes

    def _aria_attributes(self, element: Element, name: str, role: str,
                         attrs: dict[str, str]) -> None:
        report = self._report
        for attribute in attrs:
            if attribute[:5] != "aria-":
                continue
            value = attrs[attribute]
            fault = _value_fault(attribute, value)
            if fault is not None:
                report("bad-aria-value", "error", element,
                       f"Bad value {_q(value)} for attribute {_q(attribute)} on element "
                       f"{_q(name)}{fault}.")
            elif attribute in IDREF:
                self._references.append((element, attribute, value))
            elif attribute in IDREF_LIST:
                references = self._references
                for token in value.split():
                    references.append((element, attribute, token))
                if attribute == "aria-owns":
                    self._owned.update(value.split())
            native = _NATIVE_EQUIVALENT.get(attribute)
            if native is not None and native in attrs:
                self._native_equivalent(element, name, attribute, value, native, attrs)
        if name in ("select", "option", "a", "meter", "progress", "input"):
            self._discouraged(element, name, attrs)
        # WAI-ARIA 1.2 §5.2.4: a role's own states and properties only on
        # that role (the element's explicit role, else the implicit one of
        # the elements whose role is generic or has no such attributes)
        if role:
            supported: frozenset[str] | None = ROLE_ATTRIBUTES.get(role, _NO_ATTRIBUTES)
        elif name in ANY_ROLE:
            supported = ROLE_ATTRIBUTES.get(ANY_ROLE[name] or "generic", _NO_ATTRIBUTES)
        else:
            supported = None
        if supported is not None:
            for attribute in attrs:
                if attribute not in _ROLE_SPECIFIC or attribute in supported:
                    continue
                if attribute == "aria-expanded":
                    # WAI-ARIA 1.2 deprecates aria-expanded on the other
                    # roles rather than prohibiting it (vnu accepts it)
                    report("aria-attribute-deprecated", "warning", element,
                           f"The “aria-expanded” attribute should not be used on element "
                           f"{_q(name)} with role {_q(role or ANY_ROLE[name] or 'generic')}: "
                           f"WAI-ARIA 1.2 deprecates it on roles that do not support it.")
                else:
                    report("aria-attribute-not-allowed", "error", element,
                           f"Attribute {_q(attribute)} not allowed on element {_q(name)} at "
                           f"this point.")
        # ARIA in HTML §4: naming prohibited
        if _naming_prohibited(name, role, attrs):
            for attribute in ("aria-label", "aria-labelledby"):
                if attribute in attrs:
                    report("aria-attribute-not-allowed", "error", element,
                           f"The {_q(attribute)} attribute must not be specified on any "
                           f"{_q(name)} element unless the element has a “role” value other "
                           f"than {_render(NAMING_PROHIBITED_ROLES)}.")
        if name == "body" and attrs.get("aria-hidden") == "true":
            report("aria-attribute-not-allowed", "error", element,
                   "“aria-hidden=true” must not be used on the “body” element.")
        elif name == "input":
            kind = attrs.get("type", "").strip().lower()
            if kind in ("checkbox", "radio") and "aria-checked" in attrs:
                report("aria-attribute-not-allowed", "error", element,
                       f"The “aria-checked” attribute must not be used on an “input” element "
                       f"which has a “type” attribute whose value is {_q(kind)}.")
        if "aria-placeholder" in attrs and "placeholder" in attrs:
            report("aria-attribute-not-allowed", "error", element,
                   "The “aria-placeholder” attribute must not be specified on elements that "
                   "have a “placeholder” attribute.")

    def _native_equivalent(self, element: Element, name: str, attribute: str, value: str,
                           native: str, attrs: dict[str, str]) -> None:
        """ARIA in HTML §4.1 (ARIA attributes in place of equivalent HTML
        attributes): both on one element "SHOULD NOT" (a warning) when they
        agree, "MUST NOT" (an error) when they can disagree."""
        report = self._report
        if attribute in ("aria-valuemax", "aria-valuemin"):
            if name not in ("meter", "progress", "input"):
                return
            report("aria-attribute-not-allowed", "error", element,
                   f"The {_q(attribute)} attribute must not be used on an element that has a "
                   f"{_q(native)} attribute.")
        elif attribute in ("aria-colspan", "aria-rowspan"):
            if name not in ("td", "th"):
                return
            if value.strip() != attrs[native].strip():
                report("aria-attribute-not-allowed", "error", element,
                       f"The {_q(attribute)} attribute must not be used on an element whose "
                       f"{_q(native)} attribute has another value.")
            else:
                report("unnecessary-aria-attribute", "warning", element,
                       f"Attribute {_q(attribute)} is unnecessary for elements that have "
                       f"attribute {_q(native)}.")
        elif value == "true":
            report("unnecessary-aria-attribute", "warning", element,
                   f"Attribute {_q(attribute)} is unnecessary for elements that have attribute "
                   f"{_q(native)}.")
        elif value == "false" and attribute != "aria-hidden":
            report("aria-attribute-not-allowed", "error", element,
                   f"The {_q(attribute)} attribute must not be “false” on an element that has "
                   f"a {_q(native)} attribute.")

    def _discouraged(self, element: Element, name: str, attrs: dict[str, str]) -> None:
        """ARIA in HTML §4's "SHOULD NOT" uses of ARIA attributes that HTML
        features cover (warnings, in vnu's words where it has them)."""
        report = self._report
        if name == "select" and "aria-multiselectable" in attrs:
            report("aria-attribute-discouraged", "warning", element,
                   "The “aria-multiselectable” attribute should not be used with the "
                   "“select” element.")
        elif name == "option" and "aria-selected" in attrs:
            report("aria-attribute-discouraged", "warning", element,
                   "The “aria-selected” attribute should not be used on the “option” element.")
        elif name == "a" and "href" in attrs and attrs.get("aria-disabled") == "true":
            report("aria-attribute-discouraged", "warning", element,
                   "An “aria-disabled” attribute whose value is “true” should not be specified "
                   "on an “a” element that has an “href” attribute.")
        elif name in ("meter", "progress", "input"):
            kind = attrs.get("type", "text").strip().lower() if name == "input" else ""
            if name == "input" and "list" in attrs and "aria-haspopup" in attrs \
                    and kind in _INPUT_TEXT_LIKE:
                report("aria-attribute-discouraged", "warning", element,
                       f"The “aria-haspopup” attribute should not be used on an “input” "
                       f"element that has a “list” attribute and whose type is {_q(kind)}.")
            if name != "input" or kind in _HAS_MIN_MAX:
                for attribute, native in (("aria-valuemax", "max"), ("aria-valuemin", "min")):
                    if attribute in attrs and native not in attrs and not (
                            name == "progress" and native == "min"):
                        report("aria-attribute-discouraged", "warning", element,
                               f"The {_q(attribute)} attribute should not be used on an "
                               f"element that allows the {_q(native)} attribute.")

    def _missing_state(self, element: Element, name: str, required: str,
                       attrs: dict[str, str]) -> None:
        """WAI-ARIA 1.2 §5.2.5: a role's required state is missing, unless
        the HTML element supplies it (a checkbox's or radio button's
        checkedness, h1-h6's level, a range's value, the expanded state of
        a select or of an input with a suggestions list)."""
        if name == "input":
            kind = attrs.get("type", "text").strip().lower()
            if (required == "aria-checked" and kind in ("checkbox", "radio")) or (
                    required == "aria-valuenow" and kind == "range") or (
                    required == "aria-expanded" and "list" in attrs):
                return
        elif name in _NATIVE_STATES and required in _NATIVE_STATES[name]:
            return
        self._report("missing-required-aria-attribute", "error", element,
                     f"Element {_q(name)} is missing required attribute {_q(required)}.")


def _naming_prohibited(name: str, role: str, attrs: dict[str, str]) -> bool:
    if not ("aria-label" in attrs or "aria-labelledby" in attrs):
        return False
    if not (name in NAMING_PROHIBITED_ELEMENTS or "-" in name
            or (name in ("a", "area") and "href" not in attrs)):
        return False
    return not role or role in _NAMING_PROHIBITED_ROLE_SET


def _value_fault(attribute: str, value: str) -> str | None:
    """None when ``value`` is valid for ``attribute`` (or its type is a
    free string), else the detail to append to the message ("" for none)."""
    tokens = TOKEN_VALUES.get(attribute)
    if tokens is not None:
        return None if value in tokens else ""
    token_list = TOKEN_LIST_VALUES.get(attribute)
    if token_list is not None:
        words = value.split()
        return None if words and all(word in token_list for word in words) else ""
    least = INTEGER_VALUES.get(attribute)
    if least is not None:
        if not is_valid_integer(value):
            return ": Expected an integer"
        return None if int(value) >= least else (
            f": The value must be greater than or equal to {least}")
    if attribute in NUMBER_VALUES:
        return None if is_valid_float(value) else ": Expected a floating-point number"
    if attribute in IDREF:
        return None if value and not any(c in value for c in " \t\n\f\r") else (
            ": An ID reference must be one non-empty token")
    if attribute in IDREF_LIST:
        return None if value.split() else ": An ID reference list must not be empty"
    return None


def _size_above_one(value: str | None) -> bool:
    if value is None:
        return False
    value = value.strip()
    return value.isdigit() and value.isascii() and int(value) > 1


def _shown(roles: tuple[str, ...]) -> tuple[str, ...]:
    """The roles a message names (``group@menu`` is a ``group``)."""
    shown: list[str] = []
    for role in roles:
        role = role.partition("@")[0]
        if role not in shown:
            shown.append(role)
    return tuple(shown)


def _tokens(tokens: list[str]) -> str:
    listed = ", ".join(_q(token) for token in tokens)
    return f"tokens {listed}" if len(tokens) > 1 else f"token {listed}"


def _render(roles: tuple[str, ...]) -> str:
    """“a”, “b”, or “c” (vnu's way of listing alternatives)."""
    quoted = [_q(role) for role in roles]
    if len(quoted) == 1:
        return quoted[0]
    return ", ".join(quoted[:-1]) + ", or " + quoted[-1]
