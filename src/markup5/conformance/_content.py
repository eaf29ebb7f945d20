"""The HTML standard's content models (HTML §3.2.5 and the element index
of §4): which children an element may have, in which order, and which
descendants it excludes.

:func:`check_element` is called once per element, in document order, by the
checker's walk (``markup5.conformance``).  It reports

* the element's children that its content model does not allow (each at the
  child: ``element-not-allowed-as-child``, ``text-not-allowed``), children in
  the wrong order (same code), and required children that are missing
  (``missing-required-child``, at the element);
* the element itself when an ancestor's content model excludes it as a
  descendant (``element-not-allowed-as-descendant``: an interactive element
  inside ``a`` or ``button``, ``form`` inside ``form``, ``header`` inside
  ``footer``, ...);
* a second visible ``main`` (``multiple-visible-main``).

An element reported as not allowed as a child has the rest of its subtree
skipped, as the Nu Html Checker does ("Suppressing further errors from this
subtree").

Linear time: what an element's descendants need to know about its ancestors
(the kinds of ancestor that exclude descendants, the content model a
transparent element inherits, whether a ``main`` there is hierarchically
correct) is a bit mask and a model kind computed once per element from its
parent's and kept in a :class:`ContentChecker`; each element's children are
looked at once, when the element is checked.  No recursion.

This module imports from the rest of ``markup5.conformance`` only the time
element's datetime syntax (``_attributes.is_valid_time_datetime``, shared
with the datetime attribute): ``report`` is any callable ``report(code,
severity, node, message)``.
"""

from __future__ import annotations

from typing import Callable, Literal

from ..dom import (
    HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, Document, DocumentFragment, Element,
    Node, Text,
)
from ._attributes import is_valid_time_datetime

__all__ = [
    "Severity", "Report", "ContentChecker", "check_element",
    "METADATA_CONTENT", "FLOW_CONTENT", "SECTIONING_CONTENT", "HEADING_CONTENT",
    "PHRASING_CONTENT", "EMBEDDED_CONTENT", "INTERACTIVE_CONTENT", "PALPABLE_CONTENT",
    "SCRIPT_SUPPORTING_ELEMENTS", "VOID_ELEMENTS", "TRANSPARENT_ELEMENTS", "BODY_OK_LINK_TYPES",
    "OBSOLETE_ELEMENTS", "KNOWN_ELEMENTS", "LABELABLE_ELEMENTS",
    "is_flow_content", "is_phrasing_content", "is_interactive_content",
    "is_palpable_content",
]

Severity = Literal["error", "warning", "info"]
Report = Callable[[str, Severity, Node, str], None]
"""``report(code, severity, node, message)``, the walk's sink for messages."""

# ---------------------------------------------------------------------------
# Content categories (HTML §3.2.5.2).  Elements listed with a condition in the
# standard ("area, if it is a descendant of a map element", "link, if it is
# allowed in the body", "main, if it is a hierarchically correct main
# element", "meta, if the itemprop attribute is present") are not in these
# sets; the predicates below apply the conditions.

METADATA_CONTENT = frozenset({
    "base", "link", "meta", "noscript", "script", "style", "template", "title"})

SECTIONING_CONTENT = frozenset({"article", "aside", "nav", "section"})

HEADING_CONTENT = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "hgroup"})

PHRASING_CONTENT = frozenset({
    "a", "abbr", "audio", "b", "bdi", "bdo", "br", "button", "canvas", "cite", "code",
    "data", "datalist", "del", "dfn", "em", "embed", "i", "iframe", "img", "input", "ins",
    "kbd", "label", "map", "mark", "meter", "noscript", "object", "output", "picture",
    "progress", "q", "ruby", "s", "samp", "script", "select", "selectedcontent", "slot",
    "small", "span", "strong", "sub", "sup", "template", "textarea", "time", "u", "var",
    "video", "wbr"})

FLOW_CONTENT = PHRASING_CONTENT | SECTIONING_CONTENT | HEADING_CONTENT | frozenset({
    "address", "blockquote", "details", "dialog", "div", "dl", "fieldset", "figure",
    "footer", "form", "header", "hr", "menu", "ol", "p", "pre", "search", "table", "ul"})

EMBEDDED_CONTENT = frozenset({
    "audio", "canvas", "embed", "iframe", "img", "object", "picture", "video"})

#: Interactive content without a condition; a (href), audio and video
#: (controls), img (usemap) and input (type not hidden) depend on attributes.
INTERACTIVE_CONTENT = frozenset({
    "button", "details", "embed", "iframe", "label", "select", "textarea"})

#: Palpable content without a condition (audio with controls, dl, menu, ol
#: and ul with a li child, and input not hidden are palpable conditionally).
PALPABLE_CONTENT = frozenset({
    "a", "abbr", "address", "article", "aside", "b", "bdi", "bdo", "blockquote", "button",
    "canvas", "cite", "code", "data", "del", "details", "dfn", "div", "em", "embed",
    "fieldset", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "hgroup", "i", "iframe", "img", "ins", "kbd", "label", "main", "map", "mark", "meter",
    "nav", "object", "output", "p", "picture", "pre", "progress", "q", "ruby", "s", "samp",
    "search", "section", "select", "small", "span", "strong", "sub", "sup", "table",
    "textarea", "time", "u", "var", "video"})

SCRIPT_SUPPORTING_ELEMENTS = frozenset({"script", "template"})

VOID_ELEMENTS = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr"})

#: The link types that make a link element "allowed in the body" (HTML §4.6.7),
#: with prerender, which vnu still accepts.
BODY_OK_LINK_TYPES = frozenset({
    "dns-prefetch", "modulepreload", "pingback", "preconnect", "prefetch", "preload",
    "prerender", "stylesheet"})

#: Elements whose content model is "transparent".
TRANSPARENT_ELEMENTS = frozenset({
    "a", "audio", "canvas", "del", "ins", "map", "noscript", "object", "slot", "video"})

# Content models named by kind.  An element not listed has an element-specific
# model checked by its own function (see _SEQUENCE_MODELS) or none we check.
_FLOW = "flow"
_PHRASING = "phrasing"
_PHRASING_HEADING = "phrasing-heading"   # legend, summary
_TEXT = "text"                           # no element children
_NOTHING = "nothing"                     # no children but inter-element whitespace
_ANY = "any"                             # not checked

_FLOW_MODEL = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "dd", "dialog", "div",
    "dt", "figcaption", "footer", "form", "header", "li", "main", "nav", "search",
    "section", "td", "th"})
_PHRASING_MODEL = frozenset({
    "abbr", "b", "bdi", "bdo", "button", "cite", "code", "data", "dfn", "em", "h1", "h2",
    "h3", "h4", "h5", "h6", "i", "kbd", "label", "mark", "meter", "output", "p", "pre",
    "progress", "q", "rt", "s", "samp", "small", "span", "strong", "sub", "sup", "time",
    "u", "var"})
_TEXT_MODEL = frozenset({"rp", "script", "style", "textarea", "title"})
# (selectedcontent's model is nothing, but the parser clones the selected
# option's contents into it, so its children are not checked.)
_NOTHING_MODEL = VOID_ELEMENTS | frozenset({"iframe"})

_WHITESPACE = " \t\n\f\r"

#: Obsolete elements (HTML §16.2).  Their use is reported as obsolete by the
#: element rules, so the content models accept them wherever flow or phrasing
#: content is expected and do not check their children (as vnu does).
OBSOLETE_ELEMENTS = frozenset({
    "acronym", "applet", "basefont", "bgsound", "big", "blink", "center", "dir", "font",
    "frame", "frameset", "image", "isindex", "keygen", "listing", "marquee", "menuitem",
    "multicol", "nextid", "nobr", "noembed", "noframes", "param", "plaintext", "rb",
    "rtc", "spacer", "strike", "tt", "xmp"})

#: Every element of the HTML standard's element index (§4, and the obsolete ones
#: of §16): a name outside it (and not a custom element name) is unknown.
KNOWN_ELEMENTS = FLOW_CONTENT | METADATA_CONTENT | VOID_ELEMENTS | OBSOLETE_ELEMENTS \
    | frozenset({
        "area", "body", "caption", "col", "colgroup", "dd", "dt", "figcaption", "head", "html",
        "legend", "li", "main", "optgroup", "option", "rp", "rt", "source", "summary", "tbody",
        "td", "tfoot", "th", "thead", "tr", "track"})

# Ancestor kinds, as bits of the mask an element passes to its descendants.
_BIT_A = 1 << 0
_BIT_BUTTON = 1 << 1
_BIT_FORM = 1 << 2
_BIT_LABEL = 1 << 3
_BIT_HEADER = 1 << 4
_BIT_FOOTER = 1 << 5
_BIT_ADDRESS = 1 << 6
_BIT_DFN = 1 << 7
_BIT_PROGRESS = 1 << 8
_BIT_METER = 1 << 9
_BIT_CAPTION = 1 << 10
_BIT_DT = 1 << 11
_BIT_TH = 1 << 12
_BIT_AUDIO = 1 << 13
_BIT_VIDEO = 1 << 14
_BIT_NOSCRIPT = 1 << 15
_BIT_MAP = 1 << 16          # area is phrasing content inside map
_BIT_NO_MAIN = 1 << 17      # an ancestor that makes main not hierarchically correct
_BIT_SUPPRESS = 1 << 18     # inside a subtree already reported
_BIT_TEMPLATE = 1 << 19     # inside template contents (not in the document)

_ANCESTOR_BITS: dict[str, int] = {
    "a": _BIT_A, "button": _BIT_BUTTON, "form": _BIT_FORM, "label": _BIT_LABEL,
    "header": _BIT_HEADER, "footer": _BIT_FOOTER, "address": _BIT_ADDRESS, "dfn": _BIT_DFN,
    "progress": _BIT_PROGRESS, "meter": _BIT_METER, "caption": _BIT_CAPTION, "dt": _BIT_DT,
    "th": _BIT_TH, "audio": _BIT_AUDIO, "video": _BIT_VIDEO, "noscript": _BIT_NOSCRIPT,
    "map": _BIT_MAP}

#: Ancestors through which a main element stays "hierarchically correct"
#: (HTML §4.4.14): html, body, div, form (we do not compute accessible
#: names) and autonomous custom elements.
_MAIN_ANCESTORS = frozenset({"html", "body", "div", "form"})

_HEADER_FOOTER = frozenset({"header", "footer"})
_DT_TH_EXCLUDED = _HEADER_FOOTER | SECTIONING_CONTENT | HEADING_CONTENT

# bit -> (ancestor name, excluded element names, interactive excluded, tabindex excluded)
_EXCLUSIONS: tuple[tuple[int, str, frozenset[str], bool], ...] = (
    (_BIT_A, "a", frozenset({"a"}), True),
    (_BIT_BUTTON, "button", frozenset(), True),
    (_BIT_FORM, "form", frozenset({"form"}), False),
    (_BIT_LABEL, "label", frozenset({"label"}), False),
    (_BIT_HEADER, "header", _HEADER_FOOTER, False),
    (_BIT_FOOTER, "footer", _HEADER_FOOTER, False),
    (_BIT_ADDRESS, "address",
     HEADING_CONTENT | SECTIONING_CONTENT | frozenset({"header", "footer", "address"}), False),
    (_BIT_DT, "dt", _DT_TH_EXCLUDED, False),
    (_BIT_TH, "th", _DT_TH_EXCLUDED, False),
    (_BIT_DFN, "dfn", frozenset({"dfn"}), False),
    (_BIT_PROGRESS, "progress", frozenset({"progress"}), False),
    (_BIT_METER, "meter", frozenset({"meter"}), False),
    (_BIT_CAPTION, "caption", frozenset({"table"}), False),
    (_BIT_AUDIO, "audio", frozenset({"audio", "video"}), False),
    (_BIT_VIDEO, "video", frozenset({"audio", "video"}), False),
    (_BIT_NOSCRIPT, "noscript", frozenset({"noscript"}), False),
)
_EXCLUDING_BITS = sum(exclusion[0] for exclusion in _EXCLUSIONS)
#: The ancestors that exclude interactive content (and tabindex) besides names.
_EXCLUDING_INTERACTIVE = sum(exclusion[0] for exclusion in _EXCLUSIONS if exclusion[3])
#: The names a mask of excluding ancestors (none of _EXCLUDING_INTERACTIVE)
#: excludes: an element of another name has no exclusion to check there.
#: (Filled as masks are met, by _excluded_names.)
_EXCLUDED_NAMES: dict[int, frozenset[str]] = {}


def _excluded_names(key: int) -> frozenset[str]:
    """_EXCLUDED_NAMES[key], worked out and kept."""
    names = _EXCLUDED_NAMES[key] = frozenset().union(
        *(exclusion[2] for exclusion in _EXCLUSIONS if key & exclusion[0]))
    return names


# The exclusions that apply under a mask of excluding ancestors, in the
# order of _EXCLUSIONS (filled as masks are met; at most 2**16 of them).
_EXCLUSIONS_OF: dict[int, tuple[tuple[int, str, frozenset[str], bool], ...]] = {}


# ---------------------------------------------------------------------------
# Category predicates

def _is_custom(name: str) -> bool:
    """An autonomous custom element's name contains a hyphen (a rough test of
    "valid custom element name"; G's tables judge the name itself)."""
    return "-" in name


def _html_local_name(node: Node | None) -> str:
    """The local name of an HTML element; '' for anything else."""
    if isinstance(node, Element) and node.namespace == HTML_NAMESPACE:
        return node.local_name
    return ""


def _is_foreign_root(element: Element) -> bool:
    return ((element.namespace == SVG_NAMESPACE and element.local_name == "svg")
            or (element.namespace == MATHML_NAMESPACE and element.local_name == "math"))


def _link_allowed_in_body(element: Element) -> bool:
    """HTML §4.6.7: a link with itemprop, or whose rel has only body-ok types."""
    if "itemprop" in element.attrs:
        return True
    rel = element.attrs.get("rel")
    if rel is None:
        return False
    tokens = rel.lower().split()
    return bool(tokens) and all(token in BODY_OK_LINK_TYPES for token in tokens)


def _conditional_phrasing(element: Element, ancestors: int) -> bool:
    name = element.local_name
    if name == "area":
        return bool(ancestors & _BIT_MAP)
    if name == "link":
        return _link_allowed_in_body(element)
    if name == "meta":
        return "itemprop" in element.attrs
    return False


def is_phrasing_content(element: Element, ancestors: int = 0) -> bool:
    """Whether ``element`` is phrasing content (HTML §3.2.5.2.5).  ``area``
    counts only with ``ancestors`` holding the map bit, as the checker's walk
    passes it; svg and math elements and custom elements are phrasing."""
    if not isinstance(element, Element):
        raise TypeError(f"element must be an Element, not {type(element).__name__}")
    if element.namespace != HTML_NAMESPACE:
        return _is_foreign_root(element)
    name = element.local_name
    return (name in PHRASING_CONTENT or _is_custom(name) or name in OBSOLETE_ELEMENTS
            or _conditional_phrasing(element, ancestors))


def is_flow_content(element: Element, ancestors: int = 0) -> bool:
    """Whether ``element`` is flow content (HTML §3.2.5.2.2).  ``main``
    counts when hierarchically correct, which ``ancestors`` (the walk's mask)
    tells; with the default 0 it counts."""
    if not isinstance(element, Element):
        raise TypeError(f"element must be an Element, not {type(element).__name__}")
    if element.namespace != HTML_NAMESPACE:
        return _is_foreign_root(element)
    name = element.local_name
    if name in FLOW_CONTENT or _is_custom(name) or name in OBSOLETE_ELEMENTS:
        return True
    if name == "main":
        return not ancestors & _BIT_NO_MAIN
    return _conditional_phrasing(element, ancestors)


def is_interactive_content(element: Element) -> bool:
    """Whether ``element`` is interactive content (HTML §3.2.5.2.7), with the
    standard's conditions: a[href], audio[controls], video[controls],
    img[usemap], input not in the Hidden state."""
    if not isinstance(element, Element):
        raise TypeError(f"element must be an Element, not {type(element).__name__}")
    if element.namespace != HTML_NAMESPACE:
        return False
    name = element.local_name
    if name in INTERACTIVE_CONTENT:
        return True
    attrs = element.attrs
    if name == "a":
        return "href" in attrs
    if name in ("audio", "video"):
        return "controls" in attrs
    if name == "img":
        return "usemap" in attrs
    if name == "input":
        return attrs.get("type", "").strip(_WHITESPACE).lower() != "hidden"
    return False


def is_palpable_content(element: Element) -> bool:
    """Whether ``element`` is palpable content (HTML §3.2.5.2.8), with the
    conditions on audio, input, dl, menu, ol and ul."""
    if not isinstance(element, Element):
        raise TypeError(f"element must be an Element, not {type(element).__name__}")
    if element.namespace != HTML_NAMESPACE:
        return _is_foreign_root(element)
    name = element.local_name
    if name in PALPABLE_CONTENT or _is_custom(name):
        return True
    if name == "audio":
        return "controls" in element.attrs
    if name == "input":
        return element.attrs.get("type", "").strip(_WHITESPACE).lower() != "hidden"
    if name in ("dl", "menu", "ol", "ul"):
        wanted = ("dt", "dd") if name == "dl" else ("li",)
        return any(_html_local_name(c) in wanted for c in element.children)
    return False


#: Labelable elements (HTML §4.10.2), input only when not hidden.
LABELABLE_ELEMENTS = frozenset({
    "button", "input", "meter", "output", "progress", "select", "textarea"})


def _is_labelable(element: Element) -> bool:
    name = element.local_name
    if name not in LABELABLE_ELEMENTS or element.namespace != HTML_NAMESPACE:
        return False
    return name != "input" or \
        element.attrs.get("type", "").strip(_WHITESPACE).lower() != "hidden"


# ---------------------------------------------------------------------------
# Messages (the Nu Html Checker's wording)

_SUPPRESSING = " (Suppressing further errors from this subtree.)"

#: What makes a conditionally interactive element interactive, in vnu's words.
_INTERACTIVE_BECAUSE = {
    "a": " with the attribute “href”", "img": " with the attribute “usemap”",
    "audio": " with the attribute “controls”", "video": " with the attribute “controls”"}


def _name(element: Element) -> str:
    return element.local_name


# ---------------------------------------------------------------------------
# The checker

_Entry = tuple["Element | None", int, str, str, "Element | None", "frozenset[str] | None"]
"""What an element passes to its children: (the element, the mask of its
ancestor kinds and its own, its children's model kind, the nearest inclusive
ancestor that a main may not be in, the nearest inclusive ancestor label,
and, when its children are checked one by one against a category (flow or
phrasing content), the HTML element names that fit it wherever they are:
a walk checks each child as it meets it (:meth:`ContentChecker.fit`), and
only a child not named there takes a closer look)."""

#: The entry a child of the Document is visited with (:meth:`ContentChecker.visit`):
#: the html element's place is the parser's affair.
ROOT_ENTRY: _Entry = (None, 0, _ANY, "", None, None)
#: The entry a child of template contents is visited with: its context is unknown.
TEMPLATE_ENTRY: _Entry = (None, _BIT_TEMPLATE, _ANY, "", None, None)


class ContentChecker:
    """The content-model rules over one walk of a tree.

    Make one per walk and call :meth:`check_element` for every element in
    document order (parents before children).  It keeps, per element seen, the
    mask of ancestor kinds and the content model its children are checked
    against, so that each element costs O(1) plus O(its children).  Called out
    of order, an element's ancestors are computed (and remembered) first."""

    __slots__ = ("_info", "_bad", "_visible_mains", "_labelled", "_first")

    def __init__(self) -> None:
        # id(element) -> (element, mask passed to children, children's model
        # kind, the nearest inclusive ancestor that a main may not be in, the
        # nearest inclusive ancestor label)
        self._info: dict[int, _Entry] = {}
        # id(label) -> labelable descendants seen
        self._labelled: dict[int, int] = {}
        # children reported as not allowed: their subtree is suppressed
        self._bad: dict[int, Element] = {}
        # id(parent) -> (parent, its first child that is not whitespace or a comment)
        self._first: dict[int, tuple[Element, Node | None]] = {}
        self._visible_mains = 0

    def reset(self) -> None:
        """Forget everything (a new document)."""
        self._info.clear()
        self._bad.clear()
        self._labelled.clear()
        self._first.clear()
        self._visible_mains = 0

    # -- per-element state ---------------------------------------------------

    def _full_entry(self, element: Element) -> _Entry:
        """``element``'s entry, computing the entries of uncached ancestors
        iteratively, top down (each element's once)."""
        info = self._info
        entry = info.get(id(element))
        if entry is not None and entry[0] is element:
            return entry
        chain: list[Element] = []
        node: Node | None = element
        above: _Entry = ROOT_ENTRY  # (the html element's place is the parser's affair)
        while isinstance(node, Element):
            entry = info.get(id(node))
            if entry is not None and entry[0] is node:
                above = entry
                break
            chain.append(node)
            node = node.parent
        else:
            if isinstance(node, DocumentFragment) and node.host is not None:
                above = TEMPLATE_ENTRY
        for el in reversed(chain):
            entry = above = self._child_entry(el, above)
        assert entry is not None
        return entry

    def _named_entry(self, element: Element, name: str, mask: int,
                     model: str) -> tuple[int, str]:
        """The mask and model an HTML element not in _PLAIN_ENTRIES gives
        its children (see :meth:`_child_entry`), from the mask and model its
        parent gives it."""
        mask |= _ANCESTOR_BITS.get(name, 0)
        if name not in _MAIN_ANCESTORS and not _is_custom(name):
            mask |= _BIT_NO_MAIN
        if name in TRANSPARENT_ELEMENTS or _is_custom(name):
            # (autonomous custom elements are transparent too: HTML's element index)
            parent = element.parent
            if name == "noscript" and _html_local_name(parent) == "head":
                return mask, "noscript-head"
            # transparent: the parent's model, reduced to a category
            return mask, _TRANSPARENT_MODELS.get(model, _FLOW)
        if name == "time" and "datetime" not in element.attrs:
            return mask, _TEXT   # §4.5.14: without datetime, text only
        return mask, _named_model(name)

    # -- the rules -------------------------------------------------------------

    def check_element(self, element: Element, report: Report) -> None:
        """Check ``element``'s children against its content model and
        ``element`` against its ancestors' exclusions; see the module
        docstring for the codes."""
        if not isinstance(element, Element):
            raise TypeError(f"element must be an Element, not {type(element).__name__}")
        if not callable(report):
            raise TypeError("report must be callable as report(code, severity, node, message)")
        parent = element.parent
        if isinstance(parent, Element):
            _, inherited, parent_model, breaker, label, _ = self._full_entry(parent)
        else:
            inherited, parent_model, breaker, label = 0, _FLOW, "", None
        _, mask, model, _, _, category = self._full_entry(element)
        self._check(element, inherited, parent_model, breaker, label, mask, model, report)
        if category is not None:
            self._check_category(element, mask, model, report)

    def fit(self, child: Element, parent_entry: _Entry, report: Report) -> None:
        """Check ``child`` against its parent's category (flow or phrasing
        content), which the walk asks for a child that ``parent_entry``'s
        names (its last field) do not take whatever the context; before
        :meth:`visit` of ``child``, so that a misfit's subtree is
        suppressed."""
        parent = parent_entry[0]
        assert parent is not None
        self._category_child(child, parent, parent_entry[1], parent_entry[2], None, report)

    def _child_entry(self, element: Element, parent_entry: _Entry,
                     report: Report | None = None) -> _Entry:
        """``element``'s entry from its parent's: the mask and model it
        gives its children (from _PLAIN_ENTRIES when its name says, else
        :meth:`_named_entry`), and so on (see _Entry).  Without ``report``
        (:meth:`_full_entry`'s ancestors) it is remembered; with it
        (:meth:`visit`), ``element``'s rules are run too, in the same call
        (one call an element fewer)."""
        _, inherited, parent_model, breaker, label, _ = parent_entry
        mask = inherited
        bad = self._bad
        if bad and bad.get(id(element)) is element:
            mask |= _BIT_SUPPRESS
        name = element.local_name
        if element.namespace != HTML_NAMESPACE:
            entry: _Entry = (element, mask | _BIT_NO_MAIN, _ANY, name, label, None)
            quiet = name in _QUIET_NAMES
        else:
            plain = _PLAIN_ENTRIES.get(name)
            if plain is not None:
                bits, model, by_parent, keeps_breaker, category, quiet = plain
                mask |= bits
                if by_parent is not None:
                    model = by_parent.get(parent_model, _FLOW)
                    category = None if name in _MEDIA else _CATEGORY_NAMES.get(model)
                    quiet = model in _QUIET_MODELS and name in _QUIET_NAMES
            else:
                mask, model = self._named_entry(element, name, mask, parent_model)
                keeps_breaker = name in _MAIN_ANCESTORS or _is_custom(name)
                category = None if name in _MEDIA else _CATEGORY_NAMES.get(model)
                quiet = model in _QUIET_MODELS and name in _QUIET_NAMES
            entry = (element, mask, model, breaker if keeps_breaker else name,
                     element if name == "label" else label,
                     # (the children _check_category takes: see _check)
                     None if mask & (_BIT_SUPPRESS | _BIT_TEMPLATE) else category)
        if report is None:
            self._info[id(element)] = entry
            return entry
        excluding = inherited & _EXCLUDING_BITS
        if excluding and (excluding & _EXCLUDING_INTERACTIVE or name in (
                _EXCLUDED_NAMES.get(excluding) or _excluded_names(excluding))) \
                or label is not None or not quiet:
            # (else _check has nothing to do: a known element, not main
            # nor a media element, whose children the walk checks or are
            # not checked, with no label above, and no excluding ancestor
            # but those that exclude other names: a form, a header, ...)
            self._check(element, inherited, parent_model, breaker, label, entry[1], entry[2],
                        report)
        return entry

    #: :meth:`check_element` for a walk that keeps each element's entry
    #: beside it: ``visit(element, parent_entry, report)``, where
    #: ``parent_entry`` is what ``visit`` returned for the element's parent
    #: (:data:`ROOT_ENTRY` for a child of the Document,
    #: :data:`TEMPLATE_ENTRY` for one of template contents), and the
    #: element's own entry, returned, is what its children are visited with.
    #: The same rules and the same state as ``check_element``, without
    #: looking the ancestors up, except that the children that must be flow
    #: or phrasing content are left to the walk, which checks each as it
    #: meets it, by the returned entry (:meth:`fit`).  (The walk's entries
    #: are not remembered: nothing in it asks for one again.)  It is
    #: :meth:`_child_entry` itself, with a report: one call an element.
    visit = _child_entry

    def _check(self, element: Element, inherited: int, parent_model: str, breaker: str,
               label: Element | None, mask: int, model: str, report: Report) -> None:
        """The rules for ``element``, from its parent's mask and model kind,
        nearest main-breaking ancestor and nearest label (``inherited``,
        ``parent_model``, ``breaker``, ``label``) and its own mask and
        model; but for the
        children that must be flow or phrasing content, which the caller
        checks (:meth:`_check_category`, or the walk's :meth:`fit`)."""
        name = element.local_name
        if element.namespace == HTML_NAMESPACE and name not in KNOWN_ELEMENTS \
                and not _is_custom(name) and not mask & _BIT_TEMPLATE:
            # (vnu reports this inside reported subtrees too)
            report("unknown-element", "error", element,
                   f"The “{name}” element is a completely-unknown element that is not "
                   "allowed anywhere in any HTML content.")
        if mask & (_BIT_SUPPRESS | _BIT_TEMPLATE):
            return   # a reported subtree; template contents (vnu checks neither)
        if element.namespace != HTML_NAMESPACE:
            return
        if inherited & _EXCLUDING_BITS:
            self._check_exclusions(element, inherited, report)
        if label is not None and _is_labelable(element):
            self._check_labelable(element, label, report)
        if element.local_name == "main" and inherited & _BIT_NO_MAIN:
            # §4.4.14: only a hierarchically correct main is flow content
            report("element-not-allowed-as-descendant", "error", element,
                   f"The “main” element must not appear as a descendant of the “{breaker}” "
                   "element.")
        if element.local_name == "main" and "hidden" not in element.attrs \
                and not mask & _BIT_TEMPLATE:
            self._visible_mains += 1
            if self._visible_mains > 1:
                report("multiple-visible-main", "error", element,
                       "A document must not include more than one visible “main” element.")
        if model == _ANY:
            return
        if name in _MEDIA:
            _model_media(self, element, mask, parent_model, report)
        elif model != _FLOW and model != _PHRASING and model != _PHRASING_HEADING:
            self._check_children(element, mask, model, report)

    def _check_labelable(self, element: Element, label: Element, report: Report) -> None:
        """§4.10.4 label: at most one labelable descendant (vnu adds a warning
        at the label), and with for=, that descendant's id is the for value."""
        count = self._labelled[id(label)] = self._labelled.get(id(label), 0) + 1
        name = element.local_name
        if count > 1:
            report("label-multiple-labelable", "error", element,
                   "The “label” element may contain at most one “button”, “input”, “meter”, "
                   "“output”, “progress”, “select”, or “textarea” descendant.")
            report("label-multiple-labelable", "warning", label,
                   "“label” element with multiple labelable descendants.")
        target = label.attrs.get("for")
        if target is not None and element.attrs.get("id") != target:
            report("label-for-mismatch", "error", element,
                   f"Any “{name}” descendant of a “label” element with a “for” attribute "
                   "must have an ID value that matches that “for” attribute.")

    def _check_exclusions(self, element: Element, inherited: int, report: Report) -> None:
        name = element.local_name
        interactive: bool | None = None
        key = inherited & _EXCLUDING_BITS
        exclusions = _EXCLUSIONS_OF.get(key)
        if exclusions is None:  # (at most one tuple per combination of ancestors met)
            exclusions = _EXCLUSIONS_OF[key] = tuple(
                exclusion for exclusion in _EXCLUSIONS if key & exclusion[0])
        for bit, ancestor, names, no_interactive in exclusions:
            if name in names:
                report("element-not-allowed-as-descendant", "error", element,
                       f"The element “{name}” must not appear as a descendant of the "
                       f"“{ancestor}” element.")
            elif no_interactive:
                if interactive is None:
                    interactive = is_interactive_content(element)
                if interactive:
                    report("element-not-allowed-as-descendant", "error", element,
                           f"The element “{name}”{_INTERACTIVE_BECAUSE.get(name, '')} must "
                           f"not appear as a descendant of the “{ancestor}” element.")
                elif "tabindex" in element.attrs:
                    report("element-not-allowed-as-descendant", "error", element,
                           "An element with the attribute “tabindex” must not appear as a "
                           f"descendant of the “{ancestor}” element.")

    def _not_allowed(self, child: Element, parent: Element, report: Report) -> None:
        self._bad[id(child)] = child
        name = parent.local_name
        note = ""
        if name in TRANSPARENT_ELEMENTS and name != "noscript" \
                and parent.namespace == HTML_NAMESPACE:
            note = (f" Note: The “{name}” element has a transparent content model; its "
                    "allowed content is inherited from its parent element.")
        report("element-not-allowed-as-child", "error", child,
               f"Element “{child.local_name}” not allowed as child of element "
               f"“{name}” in this context.{_SUPPRESSING}{note}")

    def _check_children(self, element: Element, mask: int, model: str,
                        report: Report) -> None:
        """The children of an element whose model is text, nothing, or an
        element-specific sequence (_check takes the others)."""
        if model in (_TEXT, _NOTHING):
            if element.local_name == "title" and not any(
                    isinstance(child, Text) and child.data.strip(_WHITESPACE)
                    for child in element.children):
                # §4.2.2: text that is not inter-element whitespace
                report("empty-element", "error", element, "Element “title” must not be empty.")
            for child in element.children:
                if isinstance(child, Element):
                    self._not_allowed(child, element, report)
                elif model == _NOTHING and isinstance(child, Text):
                    _check_text(child, element, report)
            if element.local_name == "time":
                _check_time_text(element, report)
            elif element.local_name == "script" and "src" in element.attrs:
                _check_script_documentation(element, report)
            return
        _SEQUENCE_MODELS[model](self, element, mask, report)

    def _check_category(self, element: Element, mask: int, model: str,
                        report: Report) -> None:
        """The children of ``element`` (its mask and model kind) against its
        category, flow or phrasing content: what the walk does child by
        child (:meth:`fit`), for :meth:`check_element`."""
        # (the names the category takes whatever the context: most children)
        plain = _CATEGORY_NAMES[model]
        html = HTML_NAMESPACE
        first = True     # no element or text before this child
        for child in element.children:
            if isinstance(child, Text):
                if first and child.data.strip(_WHITESPACE):
                    first = False
                continue
            if isinstance(child, Element):
                was_first, first = first, False
                if child.local_name in plain and child.namespace == html:
                    continue
                self._category_child(child, element, mask, model, was_first, report)

    def _category_child(self, child: Element, parent: Element, mask: int, model: str,
                        first: bool | None, report: Report) -> None:
        """A child of ``parent`` (its mask and model kind, flow or phrasing
        content) that its category does not take by name alone: is it flow
        (phrasing) content there, and if not, the message.  ``first``: no
        element and no text but inter-element whitespace before it (None:
        not yet known, worked out if needed)."""
        flow = model == _FLOW
        if flow:   # (a misplaced main is reported by its own check)
            ok = is_flow_content(child, mask & ~_BIT_NO_MAIN)
        else:
            ok = is_phrasing_content(child, mask) or (
                model == _PHRASING_HEADING and child.namespace == HTML_NAMESPACE
                and child.local_name in HEADING_CONTENT)
        if ok:
            return
        name = _html_name(child)
        if name in ("meta", "link") or (name == "style" and flow):
            if first is None:
                first = self._first_content(parent) is child
            _metadata_in_body(child, parent, first, report)
        elif name == "area":
            report("missing-required-ancestor", "error", child,
                   "The “area” element must have a “map” ancestor.")
        else:
            self._not_allowed(child, parent, report)

    def _first_content(self, parent: Element) -> Node | None:
        """``parent``'s first child that is an element or text other than
        inter-element whitespace (found once per parent: a page with many
        style elements in one parent stays linear)."""
        found = self._first.get(id(parent))
        if found is not None and found[0] is parent:
            return found[1]
        first: Node | None = None
        for child in parent.children:
            if isinstance(child, Element) or (
                    isinstance(child, Text) and child.data.strip(_WHITESPACE)):
                first = child
                break
        self._first[id(parent)] = (parent, first)
        return first


def _metadata_in_body(child: Element, parent: Element, first: bool, report: Report) -> None:
    """meta, link and style where flow or phrasing content is expected, with
    vnu's messages: a meta needs itemprop (or RDFa's property) and no name,
    http-equiv or charset (§4.2.5); a link must be allowed in the body
    (§4.6.7); where flow content is expected, vnu accepts a style element as
    the first child of its parent (elsewhere it is not allowed as a child)."""
    name = child.local_name
    if name == "meta":
        if "property" in child.attrs:
            return
        listed = "“itemprop”, “property”" if "content" in child.attrs else \
            "“content”, “itemprop”, “property”"
        report("missing-required-attribute", "error", child,
               f"Element “meta” is missing one or more of the following attributes: {listed}.")
        for attribute in ("name", "http-equiv", "charset"):
            if attribute in child.attrs:
                report("attribute-not-allowed", "error", child,
                       f"Attribute “{attribute}” not allowed on element “meta” at this point.")
    elif name == "link":
        report("element-not-allowed-as-descendant", "error", child,
               "A “link” element must not appear as a descendant of a “body” element unless "
               "the “link” element has an “itemprop” attribute or has a “rel” attribute "
               "whose value contains “dns-prefetch”, “modulepreload”, “pingback”, "
               "“preconnect”, “prefetch”, “preload”, “prerender”, or “stylesheet”.")
    elif not first:
        report("style-not-first-child", "error", child,
               "A “style” element in “body” must be the first child of its parent.")


def _check_text(child: Text, parent: Element, report: Report) -> None:
    if child.data.strip(_WHITESPACE):
        report("text-not-allowed", "error", child,
               f"Text not allowed in element “{parent.local_name}” in this context.")


def _check_time_text(element: Element, report: Report) -> None:
    """§4.5.14: a time element without datetime has its child text content
    as its datetime value, which must match one of the syntaxes listed
    there (exactly: vnu strips leading and trailing whitespace first)."""
    text = "".join(child.data for child in element.children if isinstance(child, Text))
    if not is_valid_time_datetime(text):
        report("bad-text-content", "error", element,
               "The text content of element “time” was not in the required format: The "
               "literal did not satisfy the time-datetime format.")


def script_documentation_fault(text: str) -> str:
    """§4.12.1.3: a script element with a src attribute "must be either
    empty or contain only script documentation": lines of spaces, tabs and
    ``/* */`` comments, each ending with a newline, a line's last item
    possibly a ``//`` comment.  '' when ``text`` is that, else vnu's words
    for the fault.  A last line without its newline is accepted unless it
    ends in a ``//`` comment, as vnu accepts it: the grammar asks for the
    newline, but that line is the indentation before ``</script>`` in most
    pages (a deliberate departure)."""
    position, end = 0, len(text)
    while position < end:
        char = text[position]
        if char == "\n" or char == " " or char == "\t":
            position += 1
        elif text.startswith("/*", position):
            close = text.find("*/", position + 2)
            if close < 0:
                return ("Content contains the character sequence “/*” without a later "
                        "occurrence of the character sequence “*/”.")
            position = close + 2
        elif text.startswith("//", position):
            newline = text.find("\n", position + 2)
            if newline < 0:
                return ("Content contains a line starting with the character sequence “//” "
                        "but not ending with a newline.")
            position = newline + 1
        else:
            return f"Expected space, tab, newline, or slash but found “{char}” instead."
    return ""


def _check_script_documentation(element: Element, report: Report) -> None:
    text = "".join(child.data for child in element.children if isinstance(child, Text))
    if text:
        fault = script_documentation_fault(text)
        if fault:
            report("bad-text-content", "error", element,
                   f"The text content of element “script” was not in the required format: "
                   f"{fault}")


def _missing(element: Element, child_name: str, report: Report) -> None:
    report("missing-required-child", "error", element,
           f"Element “{element.local_name}” is missing a required instance of child "
           f"element “{child_name}”.")


def _missing_one_of(element: Element, names: tuple[str, ...], report: Report) -> None:
    listed = ", ".join(f"“{name}”" for name in names)
    report("missing-required-child", "error", element,
           f"Element “{element.local_name}” is missing a required instance of one or more "
           f"of the following child elements: {listed}.")


def _element_children(element: Element, report: Report,
                      text_ok: bool = False) -> list[Element]:
    """The element children; non-whitespace text is reported unless allowed.
    Elements of other namespaces are included (the models reject them)."""
    out: list[Element] = []
    for child in element.children:
        if isinstance(child, Element):
            out.append(child)
        elif not text_ok and isinstance(child, Text):
            _check_text(child, element, report)
    return out


def _html_name(element: Element) -> str:
    """The local name for an HTML element, '' for any other (never allowed
    where a specific element is required)."""
    return element.local_name if element.namespace == HTML_NAMESPACE else ""


# --- element-specific models (HTML §4) --------------------------------------

def _model_html(self: ContentChecker, element: Element, mask: int, report: Report) -> None:
    """§4.1.1 html: a head element followed by a body element (or an obsolete
    frameset, reported as obsolete by the element rules)."""
    expected = ("head", "body")
    index = 0
    for child in _element_children(element, report):
        name = _html_name(child)
        if index < 2 and (name == expected[index] or (index == 1 and name == "frameset")):
            index += 1
        else:
            self._not_allowed(child, element, report)


def _model_head(self: ContentChecker, element: Element, mask: int, report: Report) -> None:
    """§4.2.1 head: metadata content, exactly one title (unless an iframe
    srcdoc document), at most one base."""
    titles = bases = 0
    for child in _element_children(element, report):
        name = _html_name(child)
        if name not in METADATA_CONTENT and name != "base":
            self._not_allowed(child, element, report)
        elif name == "title":
            titles += 1
            if titles > 1:
                self._not_allowed(child, element, report)
        elif name == "base":
            bases += 1
            if bases > 1:
                self._not_allowed(child, element, report)
    if titles == 0:
        document = element.parent.parent if element.parent is not None else None
        if not (isinstance(document, Document) and document.url == "about:srcdoc"):
            _missing(element, "title", report)


def _model_noscript_head(self: ContentChecker, element: Element, mask: int,
                         report: Report) -> None:
    """§4.12.2 noscript in head: link, style and meta elements only."""
    for child in _element_children(element, report):
        if _html_name(child) not in ("link", "style", "meta"):
            self._not_allowed(child, element, report)


def _only(names: frozenset[str]) -> Callable[[ContentChecker, Element, int, Report], None]:
    def model(self: ContentChecker, element: Element, mask: int, report: Report) -> None:
        for child in _element_children(element, report):
            if _html_name(child) not in names:
                self._not_allowed(child, element, report)
    model.__doc__ = f"Zero or more of: {', '.join(sorted(names))}."
    return model


_LI_MODEL = _only(frozenset({"li"}) | SCRIPT_SUPPORTING_ELEMENTS)        # ol, ul, menu
_TR_PARENT_MODEL = _only(frozenset({"tr"}) | SCRIPT_SUPPORTING_ELEMENTS)  # thead, tbody, tfoot
_TR_MODEL = _only(frozenset({"td", "th"}) | SCRIPT_SUPPORTING_ELEMENTS)   # tr
_COLGROUP_CHILDREN = _only(frozenset({"col", "template"}))


def _model_colgroup(self: ContentChecker, element: Element, mask: int,
                    report: Report) -> None:
    """§4.9.3 colgroup: nothing with span, else zero or more col and template."""
    if "span" in element.attrs:
        for child in _element_children(element, report):
            self._not_allowed(child, element, report)
    else:
        _COLGROUP_CHILDREN(self, element, mask, report)


def _name_value_groups(self: ContentChecker, element: Element, children: list[Element],
                       report: Report, single: bool) -> None:
    """dt+ dd+ groups, script-supporting elements anywhere (§4.4.9);
    ``single``: the div-in-dl model, exactly one group.  The messages follow
    vnu's: a dd with no dt before it is "missing a required child element"
    (dl) or "missing required child element “dt”" (div), not a misplaced dd."""
    state = 0        # 0: before a group, 1: after dt, 2: after dd
    orphan_dd: Element | None = None   # the first dd with no dt before it
    trailing = ""    # the last child's name
    for child in children:
        name = _html_name(child)
        trailing = name
        if name in SCRIPT_SUPPORTING_ELEMENTS:
            continue
        if name == "dt":
            if state == 2 and single:
                self._not_allowed(child, element, report)
                continue
            state = 1
        elif name == "dd":
            if state == 0 and orphan_dd is None:
                orphan_dd = child
            state = 2
        else:
            self._not_allowed(child, element, report)
    if orphan_dd is not None:
        if single:
            _missing(element, "dt", report)
        else:
            # (at the dd, where vnu notices that a dt should have come first)
            report("missing-required-child-before", "error", orphan_dd,
                   f"Element “{element.local_name}” is missing a required child element.")
    elif state == 1 and trailing in SCRIPT_SUPPORTING_ELEMENTS and not single:
        _missing_one_of(element, ("dd",), report)
    elif state == 1:
        _missing(element, "dd", report)
    elif single and state == 0:      # an empty div: vnu names both
        _missing(element, "dd", report)
        _missing(element, "dt", report)


def _model_dl(self: ContentChecker, element: Element, mask: int, report: Report) -> None:
    """§4.4.9 dl: zero or more name-value groups (dt+ dd+), or one or more div
    elements, optionally intermixed with script-supporting elements.  The
    first dt, dd or div child decides which (as vnu does)."""
    children = _element_children(element, report)
    for child in children:
        name = _html_name(child)
        if name in SCRIPT_SUPPORTING_ELEMENTS:
            continue
        if name == "div":
            for other in children:
                if _html_name(other) not in ("div", "script", "template"):
                    self._not_allowed(other, element, report)
            return
        break
    _name_value_groups(self, element, children, report, single=False)


def _model_dl_div(self: ContentChecker, element: Element, mask: int,
                  report: Report) -> None:
    """§4.4.16 div child of dl: one or more dt followed by one or more dd."""
    _name_value_groups(self, element, _element_children(element, report), report,
                       single=True)


def _model_figure(self: ContentChecker, element: Element, mask: int,
                  report: Report) -> None:
    """§4.4.12 figure: flow content with one figcaption, first or last."""
    seen_caption = closed = False
    for index, child in enumerate(_element_children(element, report, text_ok=True)):
        if closed:           # (vnu reports what follows a caption that was not first)
            self._not_allowed(child, element, report)
        elif _html_name(child) == "figcaption":
            if seen_caption:
                self._not_allowed(child, element, report)
            closed = index > 0
            seen_caption = True
        elif not is_flow_content(child, mask):
            self._not_allowed(child, element, report)


def _first_then_flow(first: str, required: bool, heading_ok: bool = False
                     ) -> Callable[[ContentChecker, Element, int, Report], None]:
    def model(self: ContentChecker, element: Element, mask: int, report: Report) -> None:
        leading = True      # nothing but inter-element whitespace so far
        first_ok = False
        for child in element.children:
            if isinstance(child, Text):
                if child.data.strip(_WHITESPACE):
                    leading = False
                continue
            if not isinstance(child, Element):
                continue
            if _html_name(child) == first:
                if leading:
                    first_ok = True
                else:
                    self._not_allowed(child, element, report)
            elif not is_flow_content(child, mask):
                self._not_allowed(child, element, report)
            leading = False
        if required and not first_ok:
            _missing(element, first, report)
    model.__doc__ = f"{'One' if required else 'Optionally a'} {first} then flow content."
    return model


_model_details = _first_then_flow("summary", required=True)    # §4.11.1
_model_fieldset = _first_then_flow("legend", required=False)   # §4.10.15

# table §4.9.1: caption? colgroup* thead? (tbody* | tr+) tfoot?
_TABLE_RANK = {"caption": 0, "colgroup": 1, "thead": 2, "tbody": 3, "tr": 3, "tfoot": 4}


def _model_table(self: ContentChecker, element: Element, mask: int, report: Report) -> None:
    """§4.9.1 table: optionally a caption, zero or more colgroup, optionally a
    thead, zero or more tbody or one or more tr, optionally a tfoot,
    intermixed with script-supporting elements."""
    phase = -1
    body_kind = ""
    for child in _element_children(element, report):
        name = _html_name(child)
        if name in SCRIPT_SUPPORTING_ELEMENTS:
            continue
        rank = _TABLE_RANK.get(name)
        if rank is None or rank < phase or (
                rank == phase and name in ("caption", "thead", "tfoot")):
            self._not_allowed(child, element, report)
            continue
        if rank == 3:
            if body_kind and body_kind != name:
                self._not_allowed(child, element, report)
                continue
            body_kind = name
        phase = rank


def _model_picture(self: ContentChecker, element: Element, mask: int,
                   report: Report) -> None:
    """§4.8.1 picture: zero or more source, then one img, intermixed with
    script-supporting elements."""
    seen_img = False
    for child in _element_children(element, report):
        name = _html_name(child)
        if name in SCRIPT_SUPPORTING_ELEMENTS:
            continue
        if name == "source" and not seen_img:
            continue
        if name == "img" and not seen_img:
            seen_img = True
            continue
        self._not_allowed(child, element, report)
    if not seen_img:
        _missing(element, "img", report)
    _check_picture_sources(element, report)


def _check_picture_sources(element: Element, report: Report) -> None:
    """§4.8.1: a source with a following sibling source, or img with srcset,
    must have a media attribute that is neither empty nor "all", or a type."""
    followed: list[tuple[Element, bool]] = []
    later = False
    for child in reversed(element.children):
        if not isinstance(child, Element):
            continue
        name = _html_name(child)
        if name == "source":
            followed.append((child, later))
            later = True
        elif name == "img" and "srcset" in child.attrs:
            later = True
    for source, has_later in reversed(followed):
        attrs = source.attrs
        if not has_later or "type" in attrs:
            continue
        media = attrs.get("media")
        if media is None:
            report("missing-required-attribute", "error", source,
                   "A “source” element that has a following sibling “source” element or "
                   "“img” element with a “srcset” attribute must have a “media” attribute "
                   "and/or “type” attribute.")
        elif not media.strip(_WHITESPACE):
            report("bad-attribute-value", "error", source,
                   "Value of “media” attribute here must not be empty.")
        elif media.strip(_WHITESPACE).lower() == "all":
            report("bad-attribute-value", "error", source,
                   "Value of “media” attribute here must not be “all”.")


def _model_media(self: ContentChecker, element: Element, mask: int, parent_model: str,
                 report: Report) -> None:
    """§4.8.9/§4.8.10 audio, video: without src, source* then track*; with
    src, track*; then transparent content (no media element descendants),
    which is phrasing content where the parent (its model kind
    ``parent_model``) takes phrasing content."""
    phase = 1 if "src" in element.attrs else 0   # 0: sources, 1: tracks, 2: content
    phrasing = parent_model in (_PHRASING, _PHRASING_HEADING, "option")
    for child in element.children:
        if isinstance(child, Text):
            if child.data.strip(_WHITESPACE):
                phase = 2
            continue
        if not isinstance(child, Element):
            continue
        name = _html_name(child)
        if name == "source" and phase == 0:
            continue
        if name == "track" and phase <= 1:
            phase = 1
            continue
        phase = 2
        ok = is_phrasing_content(child, mask) if phrasing else is_flow_content(child, mask)
        if not ok or name in ("source", "track"):
            self._not_allowed(child, element, report)


def _model_ruby(self: ContentChecker, element: Element, mask: int, report: Report) -> None:
    """§4.5.10 ruby: one or more of (phrasing content, or a ruby element,
    followed by one or more rt, or by rp (rt rp)+).  A sequence that does not
    end with an annotation is reported as vnu does: missing one of rp, rt,
    rtc when it ends in base text, else missing rt.  (Nested ruby exclusions
    are not checked.)"""
    # states: 0 base text, 1 after rt, 2 after an opening rp, 3 after rt in
    # rp, 4 after a closing rp, 5 broken
    state = 0
    for child in element.children:
        if isinstance(child, Text):
            if child.data.strip(_WHITESPACE) and state in (1, 4):
                state = 0
            elif child.data.strip(_WHITESPACE) and state in (2, 3):
                state = 5
            continue
        if not isinstance(child, Element):
            continue
        name = _html_name(child)
        if name == "rt":
            state = {0: 1, 1: 1, 2: 3, 4: 3}.get(state, 5)
        elif name == "rp":
            state = {0: 2, 3: 4}.get(state, 5)
        elif name in ("rb", "rtc"):
            continue    # obsolete; reported by the element rules
        elif is_phrasing_content(child, mask):
            if state in (1, 4):
                state = 0
            elif state in (2, 3):
                state = 5
        else:
            self._not_allowed(child, element, report)
    if state == 0:
        _missing_one_of(element, ("rp", "rt", "rtc"), report)
    elif state not in (1, 4):
        _missing(element, "rt", report)


_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def _model_hgroup(self: ContentChecker, element: Element, mask: int,
                  report: Report) -> None:
    """§4.3.7 hgroup: zero or more p, one h1-h6, zero or more p,
    intermixed with script-supporting elements."""
    seen_heading = False
    for child in _element_children(element, report):
        name = _html_name(child)
        if name == "p" or name in SCRIPT_SUPPORTING_ELEMENTS:
            continue
        if name in _HEADINGS and not seen_heading:
            seen_heading = True
            continue
        self._not_allowed(child, element, report)
    if not seen_heading:
        _missing_one_of(element, ("h1", "h2", "h3", "h4", "h5", "h6"), report)


_SELECT_INNER = frozenset({"option", "optgroup", "hr", "noscript", "div"}) \
    | SCRIPT_SUPPORTING_ELEMENTS


def _model_select(self: ContentChecker, element: Element, mask: int,
                  report: Report) -> None:
    """§4.10.7 select (customizable select, 2025): a drop-down box may start
    with one button; then option, optgroup, hr, noscript, div and
    script-supporting elements."""
    attrs = element.attrs
    size = attrs.get("size", "").strip(_WHITESPACE)
    list_box = "multiple" in attrs or (size.isdigit() and int(size) > 1)
    for index, child in enumerate(_element_children(element, report)):
        name = _html_name(child)
        if name == "button" and index == 0 and not list_box:
            continue
        if name == "button" and list_box:
            report("element-not-allowed-as-child", "error", child,
                   "A “button” element is only allowed as a child of a “select” element that "
                   "is a drop-down box (one without a “size” attribute greater than 1 and "
                   "without a “multiple” attribute).")
            continue
        if name not in _SELECT_INNER or (
                name == "optgroup" and element.local_name == "optgroup"):
            self._not_allowed(child, element, report)


def _model_select_div(self: ContentChecker, element: Element, mask: int,
                      report: Report) -> None:
    """A div inside select: select inner content elements only."""
    for child in _element_children(element, report):
        if _html_name(child) not in _SELECT_INNER:
            self._not_allowed(child, element, report)


_OPTGROUP_INNER = frozenset({"option", "noscript", "div"}) | SCRIPT_SUPPORTING_ELEMENTS


def _model_optgroup(self: ContentChecker, element: Element, mask: int,
                    report: Report) -> None:
    """§4.10.9 optgroup: optionally a legend, then option, noscript, div and
    script-supporting elements."""
    for index, child in enumerate(_element_children(element, report)):
        name = _html_name(child)
        if name == "legend" and index == 0:
            continue
        if name not in _OPTGROUP_INNER:
            self._not_allowed(child, element, report)


def _model_option(self: ContentChecker, element: Element, mask: int,
                  report: Report) -> None:
    """§4.10.10 option: nothing with label and value, text with label only,
    else phrasing content without interactive content, datalist or object
    (and div)."""
    attrs = element.attrs
    if "label" in attrs:
        for child in element.children:
            if isinstance(child, Element):
                self._not_allowed(child, element, report)
            elif "value" in attrs and isinstance(child, Text):
                _check_text(child, element, report)
        return
    if _html_local_name(element.parent) != "datalist" and not any(
            isinstance(child, Element) or (isinstance(child, Text)
                                           and child.data.strip(_WHITESPACE))
            for child in element.children):
        report("empty-element", "error", element,
               "Element “option” without attribute “label” must not be empty.")
    for child in element.children:
        if not isinstance(child, Element):
            continue
        name = _html_name(child)
        if name == "div":
            continue
        if (not is_phrasing_content(child, mask) or is_interactive_content(child)
                or name in ("datalist", "object")):
            self._not_allowed(child, element, report)


def _model_datalist(self: ContentChecker, element: Element, mask: int,
                    report: Report) -> None:
    """§4.10.8 datalist: phrasing content, or option and script-supporting
    elements."""
    if any(_html_local_name(c) == "option" for c in element.children):
        for child in _element_children(element, report):
            if _html_name(child) not in ("option", "script", "template"):
                self._not_allowed(child, element, report)
    else:
        self._check_category(element, mask, _PHRASING, report)


_SEQUENCE_MODELS: dict[str, Callable[[ContentChecker, Element, int, Report], None]] = {
    "html": _model_html,
    "head": _model_head,
    "noscript-head": _model_noscript_head,
    "ol": _LI_MODEL, "ul": _LI_MODEL, "menu": _LI_MODEL,
    "dl": _model_dl,
    "dl-div": _model_dl_div,
    "figure": _model_figure,
    "details": _model_details,
    "fieldset": _model_fieldset,
    "table": _model_table,
    "thead": _TR_PARENT_MODEL, "tbody": _TR_PARENT_MODEL, "tfoot": _TR_PARENT_MODEL,
    "tr": _TR_MODEL,
    "colgroup": _model_colgroup,
    "picture": _model_picture,
    "ruby": _model_ruby,
    "hgroup": _model_hgroup,
    "select": _model_select,
    "select-div": _model_select_div,
    "optgroup": _model_optgroup,
    "option": _model_option,
    "datalist": _model_datalist,
}
# audio and video are transparent (their model kind is the parent's), but their
# leading source and track children are checked by _model_media first.
_MEDIA = frozenset({"audio", "video"})

_DEFAULT = ContentChecker()


def check_element(element: Element, report: Report) -> None:
    """The content-model rules for ``element`` (its children, and itself
    against its ancestors' exclusions), reported through
    ``report(code, severity, node, message)``.

    Call it for every element in document order.  It keeps the per-walk state
    in a module-level :class:`ContentChecker`, reset when it is given the root
    of a tree (an element whose parent is a Document, a DocumentFragment other
    than template contents, or nothing): the start of a walk.  Template
    contents are checked as part of their template's walk.  A caller that
    interleaves walks should make its own ``ContentChecker``."""
    if isinstance(element, Element):
        parent = element.parent
        if parent is None or isinstance(parent, Document) or (
                isinstance(parent, DocumentFragment) and parent.host is None):
            _DEFAULT.reset()
    _DEFAULT.check_element(element, report)


def _named_model(name: str) -> str:
    """The model kind of the children of an HTML element named ``name``
    when its name alone decides it (not transparent, custom, ``div`` or
    ``time`` without ``datetime``)."""
    if name in _FLOW_MODEL:
        return _FLOW
    if name in _PHRASING_MODEL:
        return _PHRASING
    if name in ("legend", "summary"):
        return _PHRASING_HEADING
    if name in _TEXT_MODEL:
        return _TEXT
    if name in _NOTHING_MODEL:
        return _NOTHING
    if name in _SEQUENCE_MODELS:
        return name
    return _ANY   # template, obsolete and unknown elements: not checked here


#: A transparent element's children's model kind, by its parent's
#: children's model kind: the parent's, reduced to a category (flow for
#: any other).
_TRANSPARENT_MODELS = {_PHRASING: _PHRASING, _PHRASING_HEADING: _PHRASING_HEADING,
                       "option": _PHRASING, _ANY: _ANY}
#: A div's children's model kind, by its parent's children's: in a dl
#: (the only element whose model kind is "dl"), a group of dt and dd
#: (§4.4.9); in a select, or a div in one, or an option, what those take
#: (§4.10.7); else flow content.
_DIV_MODELS = {"dl": "dl-div", "select": "select-div", "select-div": "select-div",
               "option": "option"}

#: For each known HTML element whose entry depends on its name alone, or
#: on its name and its parent's model kind (a transparent one, but
#: noscript, which in head has a model of its own; div), what
#: :meth:`ContentChecker._named_entry` and the rest of
#: :meth:`~ContentChecker._child_entry` work out for the others: the bits it
#: adds to its children's mask; its children's model kind, or None and the
#: map from its parent's (_TRANSPARENT_MODELS, _DIV_MODELS); whether it
#: passes on its parent's nearest main-breaking ancestor (one of
#: _MAIN_ANCESTORS: main may be in it); and for a model kind of its own,
#: the names its children take by name alone (_CATEGORY_NAMES, none for a
#: media element) and whether _check has nothing to do for it
#: (_QUIET_MODELS, _QUIET_NAMES).
_PlainEntry = tuple[int, str, dict[str, str] | None, bool, frozenset[str] | None, bool]


def _plain_entry(name: str) -> _PlainEntry:
    bits = _ANCESTOR_BITS.get(name, 0) | (0 if name in _MAIN_ANCESTORS else _BIT_NO_MAIN)
    by_parent = (_TRANSPARENT_MODELS if name in TRANSPARENT_ELEMENTS
                 else _DIV_MODELS if name == "div" else None)
    model = _FLOW if by_parent is not None else _named_model(name)
    return (bits, model, by_parent, name in _MAIN_ANCESTORS,
            None if name in _MEDIA else _CATEGORY_NAMES.get(model),
            model in _QUIET_MODELS and name in _QUIET_NAMES)


assert _named_model("dl") == "dl" and "dl" not in _TRANSPARENT_MODELS.values()

#: The HTML element names that are flow content, or phrasing content,
#: wherever they are (is_flow_content and is_phrasing_content decide the
#: others: conditional, custom and foreign elements).
_FLOW_NAMES = FLOW_CONTENT | OBSOLETE_ELEMENTS
_PHRASING_NAMES = PHRASING_CONTENT | OBSOLETE_ELEMENTS
#: By model kind, for the models whose children are checked one by one
#: against a category: the names it takes by name alone.
_CATEGORY_NAMES = {_FLOW: _FLOW_NAMES, _PHRASING: _PHRASING_NAMES,
                   _PHRASING_HEADING: _PHRASING_NAMES}
#: An element of one of these names (any namespace: names outside HTML are
#: not known ones) whose model kind is one of these, with no excluding
#: ancestor and no label ancestor, has nothing for ContentChecker._check
#: to do (see visit).
_QUIET_NAMES = KNOWN_ELEMENTS - _MEDIA - {"main"}
_QUIET_MODELS = frozenset({_FLOW, _PHRASING, _PHRASING_HEADING, _ANY})
_PLAIN_ENTRIES: dict[str, _PlainEntry] = {
    name: _plain_entry(name) for name in KNOWN_ELEMENTS
    if name not in ("noscript", "time") and not _is_custom(name)}
