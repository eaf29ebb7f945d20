"""The context names that :func:`markup5.parse_fragment` takes.

The fragment parsing algorithm (HTML §13.4) runs with a context element.
:func:`markup5.parse_fragment` takes that element, or a name for one in one
of these forms (anything else is a ValueError that lists them):

* an HTML element's name, in any case: a known HTML element (``"td"``,
  ``"textarea"``, obsolete ones the parser still knows such as ``"xmp"``)
  or a valid custom element name (``"my-widget"``), which the DOM makes an
  autonomous custom element;
* ``"svg"`` or ``"math"``: the root element of SVG or MathML (in the SVG or
  MathML namespace, as ``<svg>`` and ``<math>`` in a document are);
* ``"svg NAME"`` or ``"math NAME"``, one space between: the SVG or MathML
  element NAME (``"svg foreignObject"``, ``"math mi"``; SVG names are
  case-adjusted as the parser adjusts them, so ``"svg foreignobject"`` is
  ``foreignObject``).  The html5lib-tests ``#document-fragment`` lines use
  this form.

A well-formed name that is neither a known HTML element nor a custom
element name (``"tabel"``) is refused, as a likely misspelling: the DOM
would make an ``HTMLUnknownElement``, which parses its content as ``div``
does.  To parse in such an element on purpose, pass an element:
``parse_fragment(text, Element("tabel"))`` (an element is always taken as
it is).
"""

from __future__ import annotations

from ..dom import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, is_valid_element_local_name
from .constants import SVG_TAG_ADJUSTMENTS
from .names import is_valid_custom_element_name

__all__ = ["KNOWN_HTML_ELEMENTS", "context_name"]

#: The elements of HTML's index of elements, and the obsolete ones that
#: HTML §16 "Obsolete features" lists (``xmp``, ``listing``, ``plaintext``,
#: ``frameset``, ...: the parser still gives several of them a meaning).
KNOWN_HTML_ELEMENTS = frozenset({
    "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo",
    "blockquote", "body", "br", "button", "canvas", "caption", "cite", "code", "col",
    "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "div", "dl", "dt",
    "em", "embed", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
    "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins",
    "kbd", "label", "legend", "li", "link", "main", "map", "mark", "menu", "meta", "meter",
    "nav", "noscript", "object", "ol", "optgroup", "option", "output", "p", "picture", "pre",
    "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "search", "section", "select",
    "selectedcontent", "slot", "small", "source", "span", "strong", "style", "sub", "summary",
    "sup", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time",
    "title", "tr", "track", "u", "ul", "var", "video", "wbr",
    # Obsolete (HTML §16).
    "acronym", "applet", "basefont", "bgsound", "big", "blink", "center", "dir", "font",
    "frame", "frameset", "isindex", "keygen", "listing", "marquee", "menuitem",
    "multicol", "nextid", "nobr", "noembed", "noframes", "param", "plaintext", "rb", "rtc",
    "spacer", "strike", "tt", "xmp",
})

_FORMS = ("a context must be an Element, or a name: an HTML element's name ('td', 'textarea', "
          "or a custom element name such as 'my-widget'), 'svg' or 'math' for the SVG or "
          "MathML root element, or 'svg NAME' / 'math NAME' for another SVG or MathML element")

_WHITESPACE = frozenset("\t\n\f\r ")


def context_name(context: str) -> tuple[str, str]:
    """The (namespace, local name) of the context element that the name
    ``context`` stands for (see the module's docstring); ValueError, naming
    the forms allowed, for anything else."""
    if any(c in _WHITESPACE for c in context):
        prefix, space, name = context.partition(" ")
        namespace = {"svg": SVG_NAMESPACE, "math": MATHML_NAMESPACE}.get(prefix.lower())
        if not prefix or not name or any(c in _WHITESPACE for c in name) \
                or (namespace is None and any(c in _WHITESPACE for c in prefix)):
            raise ValueError(f"{context!r} is not a context name: whitespace is allowed only "
                             f"as the one space of 'svg NAME' or 'math NAME'; {_FORMS}")
        if namespace is None:
            raise ValueError(f"{context!r} is not a context name: unknown namespace prefix "
                             f"{prefix!r} (only 'svg' and 'math'); {_FORMS}")
        if not is_valid_element_local_name(name):
            raise ValueError(f"{context!r} is not a context name: {name!r} is not a valid "
                             f"element name; {_FORMS}")
        if namespace == SVG_NAMESPACE:
            name = SVG_TAG_ADJUSTMENTS.get(name.lower(), name)
        return namespace, name
    if not context:
        raise ValueError(f"the context name is empty; {_FORMS}")
    name = context.lower() if context.isascii() else \
        "".join(c.lower() if "A" <= c <= "Z" else c for c in context)
    if name == "svg":
        return SVG_NAMESPACE, "svg"
    if name == "math":
        return MATHML_NAMESPACE, "math"
    if not is_valid_element_local_name(name):
        raise ValueError(f"{context!r} is not a context name: it holds characters an element "
                         f"name cannot have; {_FORMS}")
    if name not in KNOWN_HTML_ELEMENTS and not is_valid_custom_element_name(name):
        raise ValueError(f"{context!r} is not a known HTML element nor a custom element name "
                         f"(a misspelling?); to parse in an unknown element on purpose, pass "
                         f"Element({name!r}); {_FORMS}")
    return HTML_NAMESPACE, name
