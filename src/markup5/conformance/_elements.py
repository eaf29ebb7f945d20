"""Tables of the HTML Standard's elements and their attributes, for the
attribute rules (:mod:`markup5.conformance._attributes`).

Sources: the element index and the attribute index of the HTML Standard
(§"Index": "Elements", "Attributes"), §3.2.6 "Global attributes", §6.1.7.2
event handler content attributes, and §16 "Obsolete features" (§16.1
"Obsolete but conforming features", §16.2 "Non-conforming features").
"""

from __future__ import annotations

__all__ = [
    "ANY_ATTRIBUTE_ELEMENTS",
    "ARIA_ATTRIBUTES",
    "BOOLEAN_ATTRIBUTES",
    "ELEMENT_ATTRIBUTES",
    "ENUMERATED_ATTRIBUTES",
    "GLOBAL_ATTRIBUTES",
    "NO_ROLE_ELEMENTS",
    "RDFA_ATTRIBUTES",
    "OBSOLETE_ATTRIBUTES",
    "OBSOLETE_ELEMENTS",
]

#: §3.2.6 Global attributes (``data-*``, ``aria-*`` and the ``on*`` event
#: handlers are matched by prefix; ``role`` is ARIA's, allowed by name here).
GLOBAL_ATTRIBUTES: frozenset[str] = frozenset({
    "accesskey", "autocapitalize", "autocorrect", "autofocus", "class", "contenteditable",
    "dir", "draggable", "enterkeyhint", "hidden", "id", "inert", "inputmode", "is", "itemid",
    "itemprop", "itemref", "itemscope", "itemtype", "lang", "nonce", "popover", "slot",
    "spellcheck", "style", "tabindex", "title", "translate", "writingsuggestions", "role",
})

#: The ``aria-*`` attributes of WAI-ARIA 1.2 (§6.6 and ARIA 1.3's additions);
#: their values and which roles take them are not checked yet.
ARIA_ATTRIBUTES: frozenset[str] = frozenset("aria-" + name for name in """
activedescendant atomic autocomplete braillelabel brailleroledescription busy checked
colcount colindex colindextext colspan controls current describedby description details
disabled dropeffect errormessage expanded flowto grabbed haspopup hidden invalid keyshortcuts
label labelledby level live modal multiline multiselectable orientation owns placeholder
posinset pressed readonly relevant required roledescription rowcount rowindex rowindextext
rowspan selected setsize sort valuemax valuemin valuenow valuetext
""".split())

#: ARIA in HTML §4 (allowed roles): the elements that take no role
#: attribute at all ("No role"), as vnu 26.9 checks them.
NO_ROLE_ELEMENTS: frozenset[str] = frozenset({
    "base", "col", "colgroup", "head", "html", "map", "meta", "noscript", "picture", "script",
    "source", "style", "template", "title", "track",
})

#: RDFa attributes (W3C HTML+RDFa 1.1 §3.1), which the Nu Html Checker
#: allows on every HTML element (with ``property`` making a ``meta`` with
#: ``content`` complete): a documented departure from the HTML Standard,
#: which does not list them, so that OpenGraph-style ``<meta property>``
#: and schema.org RDFa do not drown real errors.
RDFA_ATTRIBUTES: frozenset[str] = frozenset({
    "about", "content", "datatype", "inlist", "prefix", "property", "rel", "resource",
    "typeof", "vocab",
})

_FORM_SUBMIT = ("formaction", "formenctype", "formmethod", "formnovalidate", "formtarget")
_POPOVER_TARGET = ("popovertarget", "popovertargetaction")

#: Each HTML element's own content attributes (the standard's element index),
#: besides the global ones.  An element not in this table (an unknown or a
#: custom element, or one in another namespace) gets no attribute checks.
ELEMENT_ATTRIBUTES: dict[str, frozenset[str]] = {name: frozenset(attrs) for name, attrs in {
    # §4.1 The document element, §4.2 Document metadata
    "html": (), "head": (), "title": (),
    "base": ("href", "target"),
    "link": ("href", "crossorigin", "rel", "as", "media", "hreflang", "type", "sizes",
             "imagesrcset", "imagesizes", "referrerpolicy", "integrity", "blocking", "color",
             "disabled", "fetchpriority"),
    "meta": ("name", "http-equiv", "content", "charset", "media"),
    "style": ("media", "blocking", "type"),  # (type: §16.1, checked in _attributes)
    # §4.3 Sections, §4.4 Grouping content
    "body": (), "article": (), "section": (), "nav": (), "aside": (), "h1": (), "h2": (),
    "h3": (), "h4": (), "h5": (), "h6": (), "hgroup": (), "header": (), "footer": (),
    "address": (), "p": (), "hr": (), "pre": (), "blockquote": ("cite",),
    "ol": ("reversed", "start", "type"), "ul": (), "menu": (), "li": ("value",), "dl": (),
    "dt": (), "dd": (), "figure": (), "figcaption": (), "main": (), "search": (), "div": (),
    # §4.5 Text-level semantics
    "a": ("href", "target", "download", "ping", "rel", "hreflang", "type", "referrerpolicy",
          "name"),  # (name: obsolete but conforming, §16.1, a warning in _attributes)
    "em": (), "strong": (), "small": (), "s": (), "cite": (), "q": ("cite",), "dfn": (),
    "abbr": (), "ruby": (), "rt": (), "rp": (), "data": ("value",), "time": ("datetime",),
    "code": (), "var": (), "samp": (), "kbd": (), "sub": (), "sup": (), "i": (), "b": (),
    "u": (), "mark": (), "bdi": (), "bdo": (), "span": (), "br": (), "wbr": (),
    # §4.7 Edits
    "ins": ("cite", "datetime"), "del": ("cite", "datetime"),
    # §4.8 Embedded content
    "picture": (), "source": ("type", "media", "src", "srcset", "sizes", "width", "height"),
    "img": ("alt", "src", "srcset", "sizes", "crossorigin", "usemap", "ismap", "width",
            "height", "referrerpolicy", "decoding", "loading", "fetchpriority",
            "generator-unable-to-provide-required-alt"),
    "iframe": ("src", "srcdoc", "name", "sandbox", "allow", "allowfullscreen", "width",
               "height", "referrerpolicy", "loading"),
    "embed": ("src", "type", "width", "height"),
    "object": ("data", "type", "name", "form", "width", "height"),
    "video": ("src", "crossorigin", "poster", "preload", "autoplay", "playsinline", "loop",
              "muted", "controls", "width", "height"),
    "audio": ("src", "crossorigin", "preload", "autoplay", "loop", "muted", "controls"),
    "track": ("kind", "src", "srclang", "label", "default"),
    "map": ("name",),
    "area": ("alt", "coords", "shape", "href", "target", "download", "ping", "rel",
             "referrerpolicy"),
    # §4.9 Tabular data
    "table": (), "caption": (), "colgroup": ("span",), "col": ("span",), "tbody": (),
    "thead": (), "tfoot": (), "tr": (), "td": ("colspan", "rowspan", "headers"),
    "th": ("colspan", "rowspan", "headers", "scope", "abbr"),
    # §4.10 Forms
    "form": ("accept-charset", "action", "autocomplete", "enctype", "method", "name",
             "novalidate", "target", "rel"),
    "label": ("for",),
    "input": ("accept", "alpha", "alt", "autocomplete", "checked", "colorspace", "dirname",
              "disabled", "form", "height", "list", "max", "maxlength", "min", "minlength",
              "multiple", "name", "pattern", "placeholder", "readonly", "required", "size",
              "src", "step", "type", "value", "width") + _FORM_SUBMIT + _POPOVER_TARGET,
    "button": ("command", "commandfor", "disabled", "form", "name", "type", "value")
    + _FORM_SUBMIT + _POPOVER_TARGET,
    "select": ("autocomplete", "disabled", "form", "multiple", "name", "required", "size"),
    "datalist": (), "optgroup": ("disabled", "label"),
    "option": ("disabled", "label", "selected", "value"),
    "textarea": ("autocomplete", "cols", "dirname", "disabled", "form", "maxlength",
                 "minlength", "name", "placeholder", "readonly", "required", "rows", "wrap"),
    "output": ("for", "form", "name"), "progress": ("value", "max"),
    "meter": ("value", "min", "max", "low", "high", "optimum"),
    "fieldset": ("disabled", "form", "name"), "legend": (), "selectedcontent": (),
    # §4.11 Interactive elements
    "details": ("name", "open"), "summary": (), "dialog": ("open", "closedby"),
    # §4.12 Scripting
    "script": ("src", "type", "nomodule", "async", "defer", "crossorigin", "integrity",
               "referrerpolicy", "blocking", "fetchpriority"),
    "noscript": (),
    "template": ("shadowrootmode", "shadowrootdelegatesfocus", "shadowrootclonable",
                 "shadowrootserializable", "shadowrootcustomelementregistry"),
    "slot": ("name",), "canvas": ("width", "height"),
}.items()}

#: Elements that take any attribute without a namespace besides their own
#: (§4.8.6 embed: "Any other attribute that has no namespace").
ANY_ATTRIBUTE_ELEMENTS: frozenset[str] = frozenset({"embed"})

_CSS = "Use CSS instead."
_FRAMES = "Use the “iframe” element and CSS instead, or use server-side includes."
_PRE = "Use the “pre” or “code” element instead."
_RUBY = ("Providing the ruby base directly inside the “ruby” element or using nested "
         "“ruby” elements is sufficient.")

#: §16.2 Non-conforming features: obsolete elements -> the standard's
#: suggested replacement ("" where it gives none that fits a message).
OBSOLETE_ELEMENTS: dict[str, str] = {
    "applet": "Use the “embed” or “object” element instead.",
    "acronym": "Use the “abbr” element instead.",
    "bgsound": "Use the “audio” element instead.",
    "dir": "Use the “ul” element instead.",
    "frame": _FRAMES, "frameset": _FRAMES, "noframes": _FRAMES,
    "isindex": "Use the “form” element containing an “input” element of type “text” instead.",
    "keygen": "",
    "listing": _PRE, "xmp": _PRE,
    "menuitem": "Use script to handle the “contextmenu” event instead.",
    "nextid": "Use GUIDs instead.",
    "noembed": "Use the “object” element instead of “embed” when fallback is necessary.",
    "param": ("Use the “data” attribute of the “object” element to set the URL of the "
              "external resource."),
    "plaintext": "Use the “text/plain” MIME type instead.",
    "rb": _RUBY, "rtc": _RUBY,
    "strike": "Use the “del” or “s” element instead.",
    "basefont": _CSS, "big": _CSS, "blink": _CSS, "center": _CSS, "font": _CSS,
    "marquee": _CSS, "multicol": _CSS, "nobr": _CSS, "spacer": _CSS, "tt": _CSS,
}

_CELLS = ("td", "th")
_TABLE_SECTIONS = ("tbody", "thead", "tfoot", "tr")
_TABLE_PARTS = ("col", "colgroup") + _TABLE_SECTIONS + _CELLS
_DATA_BINDING = "Use script and a mechanism such as XMLHttpRequest to populate the page dynamically."

#: §16.2 Non-conforming features: obsolete attributes, as
#: (replacement, the elements they are obsolete on).
_OBSOLETE_ATTRIBUTE_LIST: list[tuple[str, str, tuple[str, ...]]] = [
    ("charset", "Use an HTTP Content-Type header on the linked resource instead.",
     ("a", "link")),
    ("coords", "Use “area” instead of “a” for image maps.", ("a",)),
    ("shape", "Use “area” instead of “a” for image maps.", ("a",)),
    ("methods", "Use the HTTP OPTIONS feature instead.", ("a", "link")),
    ("name", "Use the “id” attribute instead.", ("embed", "img", "option")),
    ("rev", "Use the “rel” attribute instead, with a term having the opposite meaning.",
     ("a", "link")),
    ("urn", "Specify the preferred persistent identifier using the “href” attribute instead.",
     ("a", "link")),
    ("accept", "Use the “accept” attribute directly on the “input” elements instead.",
     ("form",)),
    ("hreflang", "", ("area",)), ("type", "", ("area",)),
    ("nohref", "Omitting the “href” attribute is sufficient.", ("area",)),
    ("profile", ("To declare which “meta” terms are used in the document, instead register "
                 "the names as meta extensions. To trigger specific UA behaviors, use a "
                 "“link” element instead."), ("head",)),
    ("manifest", "Use service workers instead.", ("html",)),
    ("version", "You can safely omit it.", ("html",)),
    ("ismap", "Use the “img” element instead of “input” for image maps.", ("input",)),
    ("usemap", "Use the “img” element instead for image maps.", ("input", "object")),
    ("longdesc", "Use a regular “a” element to link to the description.", ("iframe", "img")),
    ("lowsrc", "Use a progressive JPEG image instead.", ("img",)),
    ("target", "You can safely omit it.", ("link",)),
    ("type", "", ("menu",)), ("label", "", ("menu",)),
    ("scheme", "Use only one scheme per field, or make the scheme declaration part of the value.",
     ("meta",)),
    ("archive", "Use the “data” and “type” attributes to invoke plugins.", ("object",)),
    ("classid", "Use the “data” and “type” attributes to invoke plugins.", ("object",)),
    ("code", "Use the “data” and “type” attributes to invoke plugins.", ("object",)),
    ("codebase", "Use the “data” and “type” attributes to invoke plugins.", ("object",)),
    ("codetype", "Use the “data” and “type” attributes to invoke plugins.", ("object",)),
    ("declare", "Repeat the “object” element completely each time the resource is to be reused.",
     ("object",)),
    ("standby", ("Optimise the linked resource so that it loads quickly or, at least, "
                 "incrementally."), ("object",)),
    ("typemustmatch", "Avoid using “object” elements with untrusted resources.", ("object",)),
    ("language", "Use the “type” attribute instead.", ("script",)),
    ("event", "Use DOM Events mechanisms to register event listeners.", ("script",)),
    ("for", "Use DOM Events mechanisms to register event listeners.", ("script",)),
    ("charset", "You can safely omit it.", ("script",)),
    ("datapagesize", "You can safely omit it.", ("table",)),
    ("summary", ("Consider describing the structure of the “table” in a “caption” element or "
                 "in a “figure” element containing the “table”; or, simplify the structure "
                 "of the “table” so that no description is needed."), ("table",)),
    ("abbr", ("Consider instead beginning the cell contents with concise text, followed by "
              "further elaboration if needed."), ("td",)),
    ("axis", "Use the “scope” attribute on the relevant “th”.", _CELLS),
    ("scope", "Use the “scope” attribute on a “th” element instead.", ("td",)),
    ("datasrc", _DATA_BINDING, ("a", "button", "div", "frame", "iframe", "img", "input",
                                "label", "legend", "marquee", "object", "option", "select",
                                "span", "table", "textarea")),
    ("datafld", _DATA_BINDING, ("a", "button", "col", "div", "fieldset", "frame", "iframe",
                                "img", "input", "label", "legend", "marquee", "object",
                                "param", "select", "span", "textarea")),
    ("dataformatas", _DATA_BINDING, ("button", "div", "input", "label", "legend", "marquee",
                                     "object", "option", "select", "span", "table")),
    ("alink", _CSS, ("body",)), ("bgcolor", _CSS, ("body", "table") + _TABLE_SECTIONS
                                  + _CELLS),
    ("link", _CSS, ("body",)), ("text", _CSS, ("body",)), ("vlink", _CSS, ("body",)),
    ("background", _CSS, ("body", "table", "thead", "tbody", "tfoot", "tr") + _CELLS),
    ("bottommargin", _CSS, ("body",)), ("leftmargin", _CSS, ("body",)),
    ("rightmargin", _CSS, ("body",)), ("topmargin", _CSS, ("body",)),
    ("marginbottom", _CSS, ("body",)), ("marginleft", _CSS, ("body",)),
    ("marginright", _CSS, ("body",)), ("margintop", _CSS, ("body",)),
    ("marginheight", _CSS, ("body", "iframe")), ("marginwidth", _CSS, ("body", "iframe")),
    ("align", _CSS, ("caption", "col", "colgroup", "div", "legend", "h1", "h2", "h3", "h4",
                     "h5", "h6", "hr", "iframe", "img", "input", "object", "p", "table",
                     "embed") + _TABLE_SECTIONS + _CELLS),
    ("border", _CSS, ("object", "table")),
    ("border", "Consider specifying “img { border: 0; }” in CSS instead.", ("img",)),
    ("bordercolor", _CSS, ("table",)), ("cellpadding", _CSS, ("table",)),
    ("cellspacing", _CSS, ("table",)), ("frame", _CSS, ("table",)), ("rules", _CSS, ("table",)),
    ("char", _CSS, _TABLE_PARTS), ("charoff", _CSS, _TABLE_PARTS),
    ("valign", _CSS, _TABLE_PARTS),
    ("clear", _CSS, ("br",)), ("compact", _CSS, ("dl", "menu", "ol", "ul")),
    ("frameborder", _CSS, ("iframe",)), ("framespacing", _CSS, ("iframe",)),
    ("scrolling", _CSS, ("iframe",)), ("allowtransparency", _CSS, ("iframe",)),
    ("height", _CSS, ("table", "thead", "tbody", "tfoot", "tr") + _CELLS),
    ("hspace", _CSS, ("embed", "iframe", "input", "img", "object")),
    ("vspace", _CSS, ("embed", "iframe", "input", "img", "object")),
    ("noshade", _CSS, ("hr",)), ("size", _CSS, ("hr",)), ("color", _CSS, ("hr",)),
    ("nowrap", _CSS, _CELLS),
    ("type", _CSS, ("li", "ul")),
    ("width", _CSS, ("col", "colgroup", "hr", "pre", "table") + _CELLS),
]

#: (element, attribute) -> the replacement text.
OBSOLETE_ATTRIBUTES: dict[tuple[str, str], str] = {
    (element, attribute): replacement
    for attribute, replacement, elements in _OBSOLETE_ATTRIBUTE_LIST for element in elements
}

#: §2.3.2 boolean attributes, by element ("*": the global ones).
BOOLEAN_ATTRIBUTES: dict[str, frozenset[str]] = {name: frozenset(attrs) for name, attrs in {
    "*": ("autofocus", "inert", "itemscope"),
    "audio": ("autoplay", "controls", "loop", "muted"),
    "video": ("autoplay", "controls", "loop", "muted", "playsinline"),
    "button": ("disabled", "formnovalidate"),
    "details": ("open",), "dialog": ("open",),
    "fieldset": ("disabled",), "form": ("novalidate",),
    "iframe": ("allowfullscreen",), "img": ("ismap",),
    "input": ("checked", "disabled", "formnovalidate", "multiple", "readonly", "required",
              "alpha"),
    "link": ("disabled",), "ol": ("reversed",),
    "optgroup": ("disabled",), "option": ("disabled", "selected"),
    "script": ("async", "defer", "nomodule"),
    "select": ("disabled", "multiple", "required"),
    "textarea": ("disabled", "readonly", "required"),
    "track": ("default",),
    "template": ("shadowrootdelegatesfocus", "shadowrootclonable", "shadowrootserializable",
                 "shadowrootcustomelementregistry"),
}.items()}

_CORS = ("anonymous", "use-credentials", "")
_REFERRER = ("", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin",
             "strict-origin", "origin-when-cross-origin", "strict-origin-when-cross-origin",
             "unsafe-url")
_FETCHPRIORITY = ("high", "low", "auto")
_LOADING = ("lazy", "eager")
_ENCTYPE = ("application/x-www-form-urlencoded", "multipart/form-data", "text/plain")
_METHOD = ("get", "post", "dialog")
_TARGET_ACTION = ("toggle", "show", "hide")
_FORM_ENUMS = (("formenctype", _ENCTYPE), ("formmethod", _METHOD),
               ("popovertargetaction", _TARGET_ACTION))

#: Enumerated attributes (§2.3.3): element ("*": global) -> attribute -> the
#: keywords (lowercase; values match ASCII case-insensitively).
ENUMERATED_ATTRIBUTES: dict[str, dict[str, frozenset[str]]] = {
    element: {attribute: frozenset(keywords) for attribute, keywords in table}
    for element, table in {
        "*": (("dir", ("ltr", "rtl", "auto")), ("translate", ("yes", "no", "")),
              ("draggable", ("true", "false")), ("spellcheck", ("true", "false", "")),
              ("contenteditable", ("true", "false", "plaintext-only", "")),
              ("autocapitalize", ("off", "none", "on", "sentences", "words", "characters")),
              ("autocorrect", ("on", "off", "")),
              ("hidden", ("hidden", "until-found", "")),
              ("inputmode", ("none", "text", "tel", "url", "email", "numeric", "decimal",
                             "search")),
              ("enterkeyhint", ("enter", "done", "go", "next", "previous", "search", "send")),
              ("popover", ("auto", "manual", "hint", "")),
              ("writingsuggestions", ("true", "false", ""))),
        "a": (("referrerpolicy", _REFERRER),),
        "area": (("referrerpolicy", _REFERRER),
                 ("shape", ("circle", "default", "poly", "rect"))),
        "audio": (("crossorigin", _CORS), ("preload", ("none", "metadata", "auto", ""))),
        "video": (("crossorigin", _CORS), ("preload", ("none", "metadata", "auto", ""))),
        "img": (("crossorigin", _CORS), ("referrerpolicy", _REFERRER),
                ("decoding", ("sync", "async", "auto")), ("loading", _LOADING),
                ("fetchpriority", _FETCHPRIORITY)),
        "iframe": (("referrerpolicy", _REFERRER), ("loading", _LOADING)),
        "link": (("crossorigin", _CORS), ("referrerpolicy", _REFERRER),
                 ("fetchpriority", _FETCHPRIORITY)),
        "script": (("crossorigin", _CORS), ("referrerpolicy", _REFERRER),
                   ("fetchpriority", _FETCHPRIORITY)),
        "form": (("autocomplete", ("on", "off")), ("enctype", _ENCTYPE), ("method", _METHOD)),
        "input": (("type", ("hidden", "text", "search", "tel", "url", "email", "password",
                            "date", "month", "week", "time", "datetime-local", "number",
                            "range", "color", "checkbox", "radio", "file", "submit", "image",
                            "reset", "button")),) + _FORM_ENUMS,
        "button": (("type", ("submit", "reset", "button")),) + _FORM_ENUMS,
        "ol": (("type", ("1", "a", "A", "i", "I")),),
        "th": (("scope", ("row", "col", "rowgroup", "colgroup")),),
        "track": (("kind", ("subtitles", "captions", "descriptions", "chapters", "metadata")),),
        "textarea": (("wrap", ("soft", "hard")),),
        "template": (("shadowrootmode", ("open", "closed")),),
        # §4.2.5.3 pragma directives (content-language and set-cookie are
        # non-conforming but listed, as vnu lists them).
        "meta": (("http-equiv", ("content-language", "content-type", "default-style",
                                 "refresh", "set-cookie", "x-ua-compatible",
                                 "content-security-policy")),),
        "dialog": (("closedby", ("any", "closerequest", "none")),),
    }.items()
}
