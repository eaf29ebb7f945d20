"""Sanitizer policies: what a cleaned fragment may keep.

A :class:`Policy` is an immutable allowlist.  Everything it does not name
is removed: elements (dropped, unwrapped or escaped, as ``disallowed``
says), attributes, URL schemes, CSS properties.  Two presets:

* :data:`DEFAULT_POLICY`: for user content such as comments, posts and
  wiki pages.  Nothing it keeps can run script, load a frame or a plugin,
  change the base URL, submit a form or refresh the page.
* :data:`TEXT_FORMATTING_POLICY`: paragraphs, inline formatting, lists,
  quotes, code and links only.

A policy is made with keywords, from a dict (:meth:`Policy.from_dict`) or
from JSON (:meth:`Policy.from_json`), and changed with
:meth:`Policy.replace`.  Some things are never allowed, whatever a policy
says: the elements of :data:`NEVER_ALLOWED_ELEMENTS` and the attributes
of :data:`NEVER_ALLOWED_ATTRIBUTES` (and every ``on*`` event handler).
Naming one is a ValueError.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Literal, cast

__all__ = ["Policy", "DEFAULT_POLICY", "TEXT_FORMATTING_POLICY", "DisallowedAction",
           "NEVER_ALLOWED_ELEMENTS", "NEVER_ALLOWED_ATTRIBUTES", "IMPLIED_ELEMENTS"]

#: What happens to an element a policy does not allow: ``"drop"`` removes
#: it with its contents, ``"unwrap"`` keeps its children in its place,
#: ``"escape"`` keeps its children between its start and end tags written
#: as text (``&lt;blink&gt;...&lt;/blink&gt;``).
DisallowedAction = Literal["drop", "unwrap", "escape"]
_ACTIONS = ("drop", "unwrap", "escape")

#: Elements no policy may allow: they run script, load frames, plugins or
#: style sheets, change the base URL or the page's metadata, hold raw text
#: that a browser parses as markup in another context (``noscript``,
#: ``xmp``, ``plaintext``, ...), or are document structure a fragment
#: cannot hold.  ``svg`` and ``math`` are switched on by
#: :attr:`Policy.svg` and :attr:`Policy.mathml` instead.
NEVER_ALLOWED_ELEMENTS = frozenset({
    "script", "style", "noscript", "template", "xmp", "plaintext", "noembed", "noframes",
    "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "link",
    "html", "head", "body", "svg", "math", "param", "portal", "fencedframe",
})

#: Attributes no policy may allow (besides every ``on*`` event handler
#: attribute): ``srcdoc`` (a document), ``formaction`` (form submission),
#: ``is`` (custom element upgrades), ``http-equiv``, namespace declarations.
NEVER_ALLOWED_ATTRIBUTES = frozenset({
    "srcdoc", "formaction", "is", "http-equiv", "xmlns", "xmlns:xlink", "nonce",
})

#: Elements the tree construction algorithm inserts without a tag
#: (``<table><tr>`` gets a ``tbody``, ``<table><col>`` a ``colgroup``):
#: a policy that allows the key allows the values too, or its output would
#: never re-parse to itself.
IMPLIED_ELEMENTS: Mapping[str, frozenset[str]] = MappingProxyType({
    "tr": frozenset({"tbody"}),
    "td": frozenset({"tr", "tbody"}),
    "th": frozenset({"tr", "tbody"}),
    "col": frozenset({"colgroup"}),
})

_SCHEMES_NEVER = frozenset({"javascript", "vbscript"})
_NAME = re.compile(r"[a-z][a-z0-9-]*\Z")
_ATTRIBUTE_NAME = re.compile(r"[a-z][a-z0-9_.:-]*\Z")
_SCHEME = re.compile(r"[a-z][a-z0-9+.-]*\Z")
_PROPERTY = re.compile(r"-?[a-z][a-z0-9-]*\Z")
_TOKEN = re.compile(r"[^\t\n\f\r ]+\Z")


def _str_set(value: object, what: str, pattern: re.Pattern[str], kind: str) -> frozenset[str]:
    """``value`` (an iterable of str, not a str) as a frozenset, each
    matching ``pattern`` after ASCII lowercasing."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"Policy.{what} must be a collection of str, "
                        f"not {type(value).__name__}")
    out = set()
    for item in value:
        if not isinstance(item, str):
            raise TypeError(f"Policy.{what} holds {type(item).__name__} {item!r}; "
                            f"every item must be a str")
        lowered = item.lower() if item.isascii() else item
        if not pattern.match(lowered):
            raise ValueError(f"Policy.{what}: {item!r} is not a valid {kind}")
        out.add(lowered)
    return frozenset(out)


def _check_attribute_names(names: frozenset[str], what: str) -> None:
    for name in names:
        if name.startswith("on") or name in NEVER_ALLOWED_ATTRIBUTES:
            raise ValueError(f"Policy.{what}: the attribute {name!r} is never allowed "
                             f"(event handlers, srcdoc, formaction, is, http-equiv, xmlns)")


def _attribute_map(value: object, what: str, check_unsafe: bool) -> Mapping[str, Set[str]]:
    if not isinstance(value, Mapping):
        raise TypeError(f"Policy.{what} must be a mapping of element name (or '*') to "
                        f"attribute names, not {type(value).__name__}")
    out: dict[str, frozenset[str]] = {}
    for key, names in value.items():
        if not isinstance(key, str):
            raise TypeError(f"Policy.{what} has a key {key!r}: keys must be str")
        element = key.lower()
        if element != "*" and not _NAME.match(element):
            raise ValueError(f"Policy.{what}: {key!r} is neither an element name nor '*'")
        attrs = _str_set(names, f"{what}[{key!r}]", _ATTRIBUTE_NAME, "attribute name")
        if check_unsafe:
            _check_attribute_names(attrs, f"{what}[{key!r}]")
        out[element] = out.get(element, frozenset()) | attrs
    return MappingProxyType(dict(sorted(out.items())))


@dataclass(frozen=True, eq=True)
class Policy:
    """An immutable sanitizer allowlist (keyword arguments only).

    Every field is checked when the policy is made: a wrong type is a
    TypeError and a wrong value (an unsafe element or attribute, a
    malformed name) a ValueError naming the field.  Collections may be any
    iterable of str (sets, lists, tuples); they are stored as frozensets
    (mappings as read-only mappings of frozensets), and element and
    attribute names are ASCII lowercased.
    """

    #: The HTML elements kept (lowercase local names).  The elements of
    #: :data:`IMPLIED_ELEMENTS` are added for those that imply them.
    elements: Set[str] = field(default_factory=frozenset)
    #: Allowed attributes, per element name; the key ``"*"`` lists those
    #: allowed on every kept element.
    attributes: Mapping[str, Set[str]] = field(
        default_factory=lambda: MappingProxyType({}))
    #: The attributes whose value is a URL (per element, or ``"*"``):
    #: their URLs must have a scheme of :attr:`url_schemes`, or be
    #: relative when :attr:`allow_relative_urls`.  ``srcset`` is a list
    #: of URLs: each must pass.
    url_attributes: Mapping[str, Set[str]] = field(
        default_factory=lambda: MappingProxyType({}))
    #: The schemes an absolute URL may have (``javascript`` and
    #: ``vbscript`` are refused).
    url_schemes: Set[str] = frozenset({"http", "https", "mailto"})
    #: Whether a relative URL (``/path``, ``page.html``, ``#top``) is kept.
    allow_relative_urls: bool = True
    #: Tokens added to the ``rel`` attribute of every kept ``a`` and
    #: ``area`` with an ``href`` (those already there are not repeated).
    link_rel: tuple[str, ...] = ("nofollow", "noopener", "noreferrer")
    #: What happens to an element that is not allowed.
    disallowed: DisallowedAction = "unwrap"
    #: Elements removed with their contents whatever :attr:`disallowed`
    #: says: their content is code or hidden text, not the reader's.
    drop_content: Set[str] = frozenset({
        "script", "style", "template", "noscript", "iframe", "frame", "frameset", "object",
        "embed", "applet", "xmp", "plaintext", "noembed", "noframes", "title", "head",
        "select", "datalist", "textarea", "audio", "video", "canvas", "map",
    })
    #: Whether comments are kept.
    comments: bool = False
    #: Whether ``data-*`` attributes are kept on kept elements.
    data_attributes: bool = False
    #: Whether ``aria-*`` attributes are kept on kept elements.
    aria_attributes: bool = False
    #: Prefixed to the values of ``id`` and ``name`` (once: a value that
    #: has it keeps it), so that user content cannot clobber the page's
    #: own ids or ``document.NAME`` (DOM clobbering).  None: no prefix.
    clobber_prefix: str | None = "user-content-"
    #: The CSS properties kept in ``style`` attributes (where
    #: :attr:`attributes` allows ``style``), filtered by
    #: :mod:`markup5.sanitize.css`, which needs tinycss2 (the ``css``
    #: extra).  Empty, or without tinycss2: ``style`` is removed.
    styles: Set[str] = frozenset()
    #: Whether a vetted set of SVG elements and attributes is kept
    #: (:mod:`markup5.sanitize._foreign`).  Off: ``svg`` is dropped with
    #: its contents.
    svg: bool = False
    #: Whether a vetted set of MathML elements and attributes is kept.
    mathml: bool = False

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        elements = _str_set(self.elements, "elements", _NAME, "element name")
        bad = sorted(elements & NEVER_ALLOWED_ELEMENTS)
        if bad:
            raise ValueError(f"Policy.elements: {', '.join(map(repr, bad))} can never be "
                             f"allowed (script, frames, plugins, metadata, raw text; use "
                             f"svg=True / mathml=True for SVG and MathML)")
        for element in list(elements):
            elements |= IMPLIED_ELEMENTS.get(element, frozenset())
        set_(self, "elements", elements)
        set_(self, "attributes", _attribute_map(self.attributes, "attributes", True))
        set_(self, "url_attributes", _attribute_map(self.url_attributes, "url_attributes",
                                                    False))
        schemes = _str_set(self.url_schemes, "url_schemes", _SCHEME, "URL scheme")
        bad = sorted(schemes & _SCHEMES_NEVER)
        if bad:
            raise ValueError(f"Policy.url_schemes: {', '.join(map(repr, bad))} can never be "
                             f"allowed: such a URL runs script")
        set_(self, "url_schemes", schemes)
        for name in ("allow_relative_urls", "comments", "data_attributes", "aria_attributes",
                     "svg", "mathml"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"Policy.{name} must be a bool, "
                                f"not {type(getattr(self, name)).__name__}")
        rel = self.link_rel
        if isinstance(rel, (str, bytes)) or not isinstance(rel, Iterable):
            raise TypeError(f"Policy.link_rel must be a sequence of str, "
                            f"not {type(rel).__name__}")
        tokens: list[str] = []
        for token in rel:
            if not isinstance(token, str):
                raise TypeError(f"Policy.link_rel holds {type(token).__name__} {token!r}; "
                                f"every item must be a str")
            if not _TOKEN.match(token):
                raise ValueError(f"Policy.link_rel: {token!r} is not a rel token "
                                 f"(one or more characters, no whitespace)")
            if token.lower() not in tokens:
                tokens.append(token.lower())
        set_(self, "link_rel", tuple(tokens))
        if self.disallowed not in _ACTIONS:
            raise ValueError(f"Policy.disallowed must be one of {', '.join(_ACTIONS)}, "
                             f"not {self.disallowed!r}")
        set_(self, "drop_content", _str_set(self.drop_content, "drop_content", _NAME,
                                            "element name"))
        prefix = self.clobber_prefix
        if prefix is not None:
            if not isinstance(prefix, str):
                raise TypeError(f"Policy.clobber_prefix must be a str or None, "
                                f"not {type(prefix).__name__}")
            if not prefix or not _TOKEN.match(prefix):
                raise ValueError(f"Policy.clobber_prefix must be non-empty without "
                                 f"whitespace (or None), not {prefix!r}")
        set_(self, "styles", _str_set(self.styles, "styles", _PROPERTY, "CSS property name"))

    def __hash__(self) -> int:
        # Computed once (the policy is immutable): sanitize() looks its
        # compiled rules up by policy on every call.
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(self.to_json())
            object.__setattr__(self, "_hash", cached)
        return cached

    # Changing and converting ------------------------------------------

    def replace(self, **changes: Any) -> Policy:
        """A copy of this policy with the fields given changed (checked
        as a new policy is)."""
        unknown = sorted(set(changes) - _FIELD_NAMES)
        if unknown:
            raise TypeError(f"Policy has no field {', '.join(map(repr, unknown))}")
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values.update(changes)
        return Policy(**values)

    def allows_attribute(self, element: str, name: str) -> bool:
        """Whether ``name`` is allowed on a kept HTML ``element`` by
        :attr:`attributes` (the lists only; ``data-*``, ``aria-*`` and the
        URL, ``style`` and clobbering rules apply on top)."""
        attributes = self.attributes
        return name in attributes.get(element, ()) or name in attributes.get("*", ())

    def to_dict(self) -> dict[str, Any]:
        """The policy as plain JSON types (sets become sorted lists)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                value = sorted(value)
            elif isinstance(value, Mapping):
                value = {k: sorted(v) for k, v in value.items()}
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, base: Policy | None = None) -> Policy:
        """A policy from :meth:`to_dict`'s form.  Fields left out take
        ``base``'s values (the defaults of :class:`Policy` when None);
        an unknown key is a ValueError naming it."""
        if not isinstance(data, Mapping):
            raise TypeError(f"a policy must be a mapping (a JSON object), "
                            f"not {type(data).__name__}")
        unknown = sorted(str(k) for k in data if k not in _FIELD_NAMES)
        if unknown:
            raise ValueError(f"unknown policy field {', '.join(map(repr, unknown))}; the "
                             f"fields are {', '.join(sorted(_FIELD_NAMES))}")
        values = dict(data)
        if "link_rel" in values and isinstance(values["link_rel"], list):
            values["link_rel"] = tuple(values["link_rel"])
        if base is not None:
            return base.replace(**values)
        return cls(**values)

    def to_json(self) -> str:
        """The policy as a JSON object (:meth:`to_dict`), keys sorted."""
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes, *, base: Policy | None = None) -> Policy:
        """A policy from a JSON object (:meth:`from_dict`).  Invalid
        JSON is a ValueError."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"the policy is not valid JSON: {error}") from None
        return cls.from_dict(cast(Mapping[str, Any], data), base=base)


_FIELD_NAMES = frozenset(f.name for f in fields(Policy))


#: The default policy: safe for user content (comments, posts, wiki
#: pages).  docs/sanitizing.md shows it as a table.
DEFAULT_POLICY = Policy(
    elements={
        "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "col",
        "colgroup", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption",
        "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li",
        "mark", "ol", "p", "pre", "q", "rp", "rt", "ruby", "s", "samp", "small", "span",
        "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
        "time", "tr", "u", "ul", "var", "wbr",
    },
    attributes={
        "*": {"title", "lang", "dir", "id"},
        "a": {"href", "hreflang"},
        "img": {"src", "alt", "width", "height"},
        "td": {"colspan", "rowspan"},
        "th": {"colspan", "rowspan", "scope", "abbr"},
        "ol": {"start", "reversed", "type"},
        "li": {"value"},
        "blockquote": {"cite"},
        "q": {"cite"},
        "del": {"cite", "datetime"},
        "ins": {"cite", "datetime"},
        "time": {"datetime"},
        "col": {"span"},
        "colgroup": {"span"},
        "details": {"open"},
    },
    url_attributes={
        "a": {"href"}, "img": {"src"}, "blockquote": {"cite"}, "q": {"cite"},
        "del": {"cite"}, "ins": {"cite"},
    },
)

#: A stricter preset: paragraphs, line breaks, inline formatting, lists,
#: quotes, code and links (``href`` only), nothing else.
TEXT_FORMATTING_POLICY = Policy(
    elements={"a", "b", "blockquote", "br", "code", "em", "i", "li", "ol", "p", "pre", "s",
              "strong", "sub", "sup", "ul"},
    attributes={"a": {"href"}},
    url_attributes={"a": {"href"}},
    clobber_prefix=None,
)
