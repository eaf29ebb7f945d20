"""HTML serialization: the HTML Standard's "serializing HTML fragments",
with html5lib's serializer options and pretty-printing on top.

Entry points:

* :func:`serialize_children` is the standard's HTML fragment serialization
  algorithm (what ``innerHTML`` returns): the node's children, or for a
  ``template`` element the children of its template contents.
* :func:`serialize` is the node itself (what ``outerHTML`` returns for an
  element): a Document or DocumentFragment gives its children, an element
  gives its start tag, children and end tag, and any other node its own
  serialization.
* :func:`serialize_events` writes a stream of serializer events
  (:mod:`markup5.html.walker`), which need not form a tree.

With no options, the output is exactly the standard's algorithm (a fast
path that builds no events).  The options, all keyword-only, are those of
html5lib's ``HTMLSerializer`` (see :class:`SerializerOptions`), with the
standard's behaviour as their defaults, and ``pretty=True`` indents where
whitespace does not matter (:func:`markup5.html.walker.walk`).

Choices, following the current text of the standard
(html.spec.whatwg.org, "Serializing HTML fragments"):

* Attribute values are escaped in *attribute mode*: ``&``, U+00A0, ``"``,
  and -- since whatwg/html PR #6362 (2025; shipped in Firefox 140, Chrome
  138, Safari) -- also ``<`` and ``>``.  Text is escaped with ``&``, U+00A0,
  ``<`` and ``>``.
* No leading newline is added after ``pre``, ``textarea`` or ``listing``
  start tags: the standard dropped that step (WPT
  ``initial-linefeed-pre.html`` checks its absence).
* A processing instruction serializes as ``"<?" target " " data "?>"``,
  always with the space, so an empty data gives ``<?target ?>``
  (whatwg/html PR #12654, 2026, which replaced the earlier closing ``>``
  so that data ending in ``?`` survives a round trip).
* The DOCTYPE serializes as ``<!DOCTYPE name>``; public and system
  identifiers are not serialized (unless ``doctype_ids=True``).
* Only the attributes' namespaces listed by the standard (none, XML, XMLNS,
  XLink) get the standard's special names; an attribute in another
  namespace serializes as its qualified name, as does an element outside
  the HTML, SVG and MathML namespaces.
* "a style element" and the like in the standard mean HTML elements, so the
  raw-text rule for text children applies to HTML-namespace parents only
  (the text of an SVG ``<style>`` is escaped).

Nothing recurses: an explicit stack handles any nesting depth.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from html.entities import codepoint2name

from ..dom import (
    HTML_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE, XMLNS_NAMESPACE, Comment as CommentNode,
    Document, DocumentFragment, DocumentType, Element, Node, ParentNode,
    ProcessingInstruction as PINode, Text,
)
from .optionaltags import omit_optional_tags
from .walker import (
    VOID_ELEMENTS, Characters, Comment, Doctype, EndTag, Event, ProcessingInstruction,
    StartTag, tag_name, walk,
)

__all__ = ["serialize", "serialize_children", "serialize_events", "SerializerOptions",
           "to_html", "escape_text", "escape_attribute", "VOID_ELEMENTS", "RAW_TEXT_PARENTS",
           "BOOLEAN_ATTRIBUTES"]

#: HTML elements whose text children are serialized without escaping
#: (plus ``noscript`` when scripting is enabled).
RAW_TEXT_PARENTS = frozenset({
    "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext",
})

_RAW_TEXT_PARENTS_SCRIPTING = RAW_TEXT_PARENTS | {"noscript"}

_ASCII_WHITESPACE = "\t\n\f\r "


def escape_text(data: str) -> str:
    """Escape ``data`` as the standard escapes text (not attribute mode)."""
    if "&" in data:
        data = data.replace("&", "&amp;")
    if "\xa0" in data:
        data = data.replace("\xa0", "&nbsp;")
    if "<" in data:
        data = data.replace("<", "&lt;")
    if ">" in data:
        data = data.replace(">", "&gt;")
    return data


def escape_attribute(value: str) -> str:
    """Escape ``value`` in attribute mode: ``&``, U+00A0 and ``"``, and
    (current standard, whatwg/html #6362) ``<`` and ``>``."""
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "\xa0" in value:
        value = value.replace("\xa0", "&nbsp;")
    if '"' in value:
        value = value.replace('"', "&quot;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    return value


def _attribute_name(qualified: str, namespace: str | None) -> str:
    """The serialized name of an attribute (the standard's rules by
    attribute namespace)."""
    if namespace is None:
        return qualified
    local = qualified.rpartition(":")[2]
    if namespace == XML_NAMESPACE:
        return "xml:" + local
    if namespace == XMLNS_NAMESPACE:
        return "xmlns" if local == "xmlns" else "xmlns:" + local
    if namespace == XLINK_NAMESPACE:
        return "xlink:" + local
    return qualified


# --------------------------------------------------------------------------
# The standard's algorithm, fast path (no options)
# --------------------------------------------------------------------------

def _start_tag(element: Element, tag: str) -> str:
    attrs = element.attrs
    if not attrs:
        return "<" + tag + ">"
    namespaces = element.attr_namespaces
    parts = ["<", tag]
    for name, value in attrs.items():
        if namespaces is not None:
            name = _attribute_name(name, namespaces.get(name))
        parts.append(" ")
        parts.append(name)
        parts.append('="')
        parts.append(escape_attribute(value))
        parts.append('"')
    parts.append(">")
    return "".join(parts)


def _is_raw_text_parent(parent: ParentNode | None, scripting: bool) -> bool:
    return (isinstance(parent, Element) and parent.namespace == HTML_NAMESPACE
            and parent.local_name in (_RAW_TEXT_PARENTS_SCRIPTING if scripting
                                      else RAW_TEXT_PARENTS))


def _serialize_nodes(nodes: list[Node], scripting: bool) -> str:
    """Serialize ``nodes`` (siblings, in order) and their subtrees."""
    raw_parents = _RAW_TEXT_PARENTS_SCRIPTING if scripting else RAW_TEXT_PARENTS
    out: list[str] = []
    append = out.append
    # Entries are nodes still to serialize, or strings (end tags) to emit.
    stack: list[Node | str] = list(reversed(nodes))
    pop = stack.pop
    while stack:
        node = pop()
        if isinstance(node, str):
            append(node)
        elif isinstance(node, Element):
            tag = tag_name(node)
            append(_start_tag(node, tag))
            if node.namespace == HTML_NAMESPACE and node.local_name in VOID_ELEMENTS:
                continue
            stack.append("</" + tag + ">")
            contents = node.template_contents
            children = node.children if contents is None else contents.children
            if children:
                stack.extend(reversed(children))
        elif isinstance(node, Text):
            parent = node.parent
            if (isinstance(parent, Element) and parent.namespace == HTML_NAMESPACE
                    and parent.local_name in raw_parents):
                append(node.data)
            else:
                append(escape_text(node.data))
        elif isinstance(node, CommentNode):
            append("<!--" + node.data + "-->")
        elif isinstance(node, PINode):
            append("<?" + node.target + " " + node.data + "?>")
        elif isinstance(node, DocumentType):
            append("<!DOCTYPE " + node.name + ">")
        elif isinstance(node, ParentNode):
            # A Document/DocumentFragment nested below the root (not
            # produced by parsing): its children in its place.
            stack.extend(reversed(node.children))
        else:
            raise TypeError(f"cannot serialize {node!r}")
    return "".join(out)


# --------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------

#: Boolean attributes of the HTML Standard (attribute index, plus the
#: obsolete ones of §16), by element; "*" holds the global ones.
BOOLEAN_ATTRIBUTES: dict[str, frozenset[str]] = {
    "*": frozenset({"autofocus", "hidden", "inert", "itemscope"}),
    "area": frozenset({"nohref"}),
    "audio": frozenset({"autoplay", "controls", "loop", "muted"}),
    "button": frozenset({"disabled", "formnovalidate"}),
    "details": frozenset({"open"}),
    "dialog": frozenset({"open"}),
    "dir": frozenset({"compact"}),
    "dl": frozenset({"compact"}),
    "fieldset": frozenset({"disabled"}),
    "form": frozenset({"novalidate"}),
    "frame": frozenset({"noresize"}),
    "hr": frozenset({"noshade"}),
    "iframe": frozenset({"allowfullscreen"}),
    "img": frozenset({"ismap"}),
    "input": frozenset({"alpha", "checked", "disabled", "formnovalidate", "multiple",
                        "readonly", "required"}),
    "link": frozenset({"disabled"}),
    "marquee": frozenset({"truespeed"}),
    "menu": frozenset({"compact"}),
    "object": frozenset({"declare", "typemustmatch"}),
    "ol": frozenset({"compact", "reversed"}),
    "optgroup": frozenset({"disabled"}),
    "option": frozenset({"disabled", "selected"}),
    "script": frozenset({"async", "defer", "nomodule"}),
    "select": frozenset({"disabled", "multiple", "required"}),
    "td": frozenset({"nowrap"}),
    "template": frozenset({"shadowrootclonable", "shadowrootcustomelementregistry",
                           "shadowrootdelegatesfocus", "shadowrootserializable"}),
    "textarea": frozenset({"disabled", "readonly", "required"}),
    "th": frozenset({"nowrap"}),
    "track": frozenset({"default"}),
    "ul": frozenset({"compact"}),
    "video": frozenset({"autoplay", "controls", "loop", "muted", "playsinline"}),
}

_QUOTE_MODES = ("always", "spec", "legacy")

#: A value needs quotes under "spec" if it is empty or holds a character
#: the unquoted attribute value syntax does not allow (ASCII whitespace,
#: quotes, "=", "<", ">", "`").
_NEEDS_QUOTES_SPEC = re.compile("[\t\n\f\r \"'=<>`]")
#: ... and under "legacy" also controls, "/", and Unicode spaces, which old
#: user agents took as ending a value.
_NEEDS_QUOTES_LEGACY = re.compile(
    "[\t\n\f\r \"'=<>`\x00-\x1f\x7f/\xa0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f"
    "\u205f\u3000]")


class SerializerOptions:
    """html5lib's serializer options, defaulting to the standard's output.

    * ``quote_attr_values``: "always" (default, the standard) quotes every
      value; "spec" leaves a value unquoted when the unquoted attribute
      value syntax allows it (non-empty, no ASCII whitespace, ``"``, ``'``,
      ``=``, ``<``, ``>`` or `````; ``<`` is written ``&lt;`` first, so it
      never forces quotes, while ``>`` does); "legacy" also quotes values
      with controls, ``/`` or Unicode spaces.  True means "always", False
      "legacy".
    * ``quote_char``: ``'"'`` (default) or ``"'"``; the quote character
      inside a value is escaped (``&quot;`` or ``&#39;``).
    * ``use_best_quote_char``: pick ``'`` for a value that holds ``"`` but
      no ``'``, else ``"``.
    * ``minimize_boolean_attributes``: write a boolean attribute
      (:data:`BOOLEAN_ATTRIBUTES`) whose value is empty or its own name as
      just its name (``<input disabled>``).
    * ``use_trailing_solidus``: ``<br />`` for void elements
      (``space_before_trailing_solidus=False``: ``<br/>``).
    * ``escape_lt_in_attrs``: escape ``<`` and ``>`` in attribute values
      (default True, as the standard does since 2025; False writes them
      as they are, as it did before).
    * ``escape_rcdata``: escape the text of raw text elements (``script``,
      ``style``, ...), which the standard never does.
    * ``encoding``: the encoding the output is meant for: characters it
      cannot represent are written as character references (in text and
      attribute values; elsewhere they cannot be), and
      ``inject_meta_charset`` names it.  The result is still a ``str``.
    * ``resolve_entities``: with ``encoding``, True (default) writes
      numeric references (``&#233;``); False writes named references where
      the HTML 4 set has one (``&eacute;``).
    * ``alphabetical_attributes``: sort attributes by name.
    * ``strip_whitespace``: collapse runs of ASCII whitespace in text to
      one space, except inside ``pre``, ``listing``, ``textarea``,
      ``plaintext`` and raw text elements.
    * ``inject_meta_charset``: with ``encoding``, put ``<meta
      charset=ENCODING>`` first in ``head``, or rewrite the existing
      ``<meta charset>`` / ``http-equiv=content-type`` ones instead.
    * ``omit_optional_tags``: leave out the start and end tags the
      standard allows to omit (:mod:`markup5.html.optionaltags`).
    * ``doctype_ids``: write the doctype's public and system identifiers
      (``<!DOCTYPE html PUBLIC "..." "...">``).
    """

    FIELDS = ("quote_attr_values", "quote_char", "use_best_quote_char",
              "minimize_boolean_attributes", "use_trailing_solidus",
              "space_before_trailing_solidus", "escape_lt_in_attrs", "escape_rcdata",
              "resolve_entities", "alphabetical_attributes", "strip_whitespace",
              "inject_meta_charset", "encoding", "omit_optional_tags", "doctype_ids")

    __slots__ = FIELDS

    quote_attr_values: str
    quote_char: str
    use_best_quote_char: bool
    minimize_boolean_attributes: bool
    use_trailing_solidus: bool
    space_before_trailing_solidus: bool
    escape_lt_in_attrs: bool
    escape_rcdata: bool
    resolve_entities: bool
    alphabetical_attributes: bool
    strip_whitespace: bool
    inject_meta_charset: bool
    encoding: str | None
    omit_optional_tags: bool
    doctype_ids: bool

    def __init__(self, quote_attr_values: str | bool = "always", quote_char: str = '"',
                 use_best_quote_char: bool = False, minimize_boolean_attributes: bool = False,
                 use_trailing_solidus: bool = False, space_before_trailing_solidus: bool = True,
                 escape_lt_in_attrs: bool = True, escape_rcdata: bool = False,
                 resolve_entities: bool = True, alphabetical_attributes: bool = False,
                 strip_whitespace: bool = False, inject_meta_charset: bool = False,
                 encoding: str | None = None, omit_optional_tags: bool = False,
                 doctype_ids: bool = False) -> None:
        if isinstance(quote_attr_values, bool):
            quote_attr_values = "always" if quote_attr_values else "legacy"
        elif not isinstance(quote_attr_values, str):
            raise TypeError(f"quote_attr_values must be a str or bool, "
                            f"not {type(quote_attr_values).__name__}")
        elif quote_attr_values not in _QUOTE_MODES:
            raise ValueError(f"quote_attr_values must be one of "
                             f"{', '.join(map(repr, _QUOTE_MODES))}, not {quote_attr_values!r}")
        self.quote_attr_values = quote_attr_values
        if not isinstance(quote_char, str):
            raise TypeError(f"quote_char must be a str, not {type(quote_char).__name__}")
        if quote_char not in ('"', "'"):
            raise ValueError(f"quote_char must be '\"' or \"'\", not {quote_char!r}")
        self.quote_char = quote_char
        if encoding is not None:
            if not isinstance(encoding, str):
                raise TypeError(f"encoding must be a str or None, not {type(encoding).__name__}")
            try:
                codecs.lookup(encoding)
            except LookupError:
                raise ValueError(f"unknown encoding {encoding!r}") from None
        self.encoding = encoding
        flags = (("use_best_quote_char", use_best_quote_char),
                 ("minimize_boolean_attributes", minimize_boolean_attributes),
                 ("use_trailing_solidus", use_trailing_solidus),
                 ("space_before_trailing_solidus", space_before_trailing_solidus),
                 ("escape_lt_in_attrs", escape_lt_in_attrs), ("escape_rcdata", escape_rcdata),
                 ("resolve_entities", resolve_entities),
                 ("alphabetical_attributes", alphabetical_attributes),
                 ("strip_whitespace", strip_whitespace),
                 ("inject_meta_charset", inject_meta_charset),
                 ("omit_optional_tags", omit_optional_tags), ("doctype_ids", doctype_ids))
        for name, value in flags:
            if not isinstance(value, bool):
                raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, name):
            raise AttributeError("SerializerOptions are immutable")
        object.__setattr__(self, name, value)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def as_dict(self) -> dict[str, object]:
        """The options as keyword arguments for :func:`serialize`."""
        return {name: getattr(self, name) for name in self.FIELDS}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SerializerOptions):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        changed = ", ".join(f"{name}={value!r}" for name, value in self.as_dict().items()
                            if value != getattr(_DEFAULT_OPTIONS, name))
        return f"SerializerOptions({changed})"


_DEFAULT_OPTIONS = SerializerOptions()


def _check_common(scripting: object, pretty: object, indent: object) -> None:
    if not isinstance(scripting, bool):
        raise TypeError(f"scripting must be a bool, not {type(scripting).__name__}")
    if not isinstance(pretty, bool):
        raise TypeError(f"pretty must be a bool, not {type(pretty).__name__}")
    if not isinstance(indent, str):
        raise TypeError(f"indent must be a str, not {type(indent).__name__}")
    if indent.strip(" \t"):
        raise ValueError(f"indent must be spaces and tabs only, not {indent!r}")


# --------------------------------------------------------------------------
# Filters over events
# --------------------------------------------------------------------------

_WHITESPACE_RUN = re.compile("[\t\n\f\r ]+")
_STRIP_KEEP = frozenset({"pre", "listing", "textarea", "plaintext"}) | RAW_TEXT_PARENTS \
    | {"noscript"}


def _strip_whitespace(events: Iterable[Event]) -> Iterator[Event]:
    """Collapse runs of ASCII whitespace in text to one space, outside the
    elements where whitespace is content."""
    keep_depth = 0
    for event in events:
        if isinstance(event, StartTag):
            if event.namespace == HTML_NAMESPACE and event.name in _STRIP_KEEP \
                    and not event.empty:
                keep_depth += 1
        elif isinstance(event, EndTag):
            if event.namespace == HTML_NAMESPACE and event.name in _STRIP_KEEP and keep_depth:
                keep_depth -= 1
        elif isinstance(event, Characters) and not keep_depth:
            event = Characters(_WHITESPACE_RUN.sub(" ", event.data))
        yield event


_CHARSET_PARAMETER = re.compile(r"""(charset\s*=\s*)("[^"]*"|'[^']*'|[^\s;"']*)""",
                                re.IGNORECASE)


def _rewrite_meta(event: StartTag, encoding: str) -> tuple[StartTag, bool]:
    """A ``meta`` start tag with its charset declaration set to
    ``encoding``, and whether it had one."""
    attrs = event.attrs
    names = {name.lower(): i for i, (name, ns, _) in enumerate(attrs) if ns is None}
    if "charset" in names:
        i = names["charset"]
        new = list(attrs)
        new[i] = (attrs[i][0], None, encoding)
        return event._replace(attrs=tuple(new)), True
    if "http-equiv" in names and "content" in names \
            and attrs[names["http-equiv"]][2].strip(_ASCII_WHITESPACE).lower() == "content-type":
        i = names["content"]
        content = attrs[i][2]
        if _CHARSET_PARAMETER.search(content):
            content = _CHARSET_PARAMETER.sub(lambda m: m.group(1) + encoding, content, count=1)
        else:
            content = f"text/html; charset={encoding}"
        new = list(attrs)
        new[i] = (attrs[i][0], None, content)
        return event._replace(attrs=tuple(new)), True
    return event, False


def _inject_meta_charset(events: Iterable[Event], encoding: str) -> Iterator[Event]:
    """Declare ``encoding`` in ``head``: rewrite its ``<meta charset>`` and
    ``<meta http-equiv=content-type>`` elements, or if it has none put
    ``<meta charset=ENCODING>`` first."""
    state = "before head"
    pending: list[Event] = []
    found = False
    for event in events:
        if state == "in head":
            if isinstance(event, StartTag) and event.namespace == HTML_NAMESPACE \
                    and event.name == "meta":
                event, declared = _rewrite_meta(event, encoding)
                found = found or declared
            elif isinstance(event, EndTag) and event.namespace == HTML_NAMESPACE \
                    and event.name == "head":
                if not found:
                    yield StartTag(HTML_NAMESPACE, "meta", (("charset", None, encoding),), True)
                yield from pending
                pending = []
                state = "after head"
                yield event
                continue
            pending.append(event)
            continue
        yield event
        if state == "before head" and isinstance(event, StartTag) \
                and event.namespace == HTML_NAMESPACE and event.name == "head" \
                and not event.empty:
            state = "in head"
    if state == "in head":
        if not found:
            yield StartTag(HTML_NAMESPACE, "meta", (("charset", None, encoding),), True)
        yield from pending


def _alphabetical_attributes(events: Iterable[Event]) -> Iterator[Event]:
    for event in events:
        if isinstance(event, StartTag) and len(event.attrs) > 1:
            event = event._replace(attrs=tuple(sorted(
                event.attrs, key=lambda a: _attribute_name(a[0], a[1]))))
        yield event


# --------------------------------------------------------------------------
# Writing events
# --------------------------------------------------------------------------

class _Writer:
    """Writes events as markup, with the options applied."""

    def __init__(self, options: SerializerOptions, scripting: bool,
                 context: ParentNode | None) -> None:
        self.options = options
        self.raw_parents = _RAW_TEXT_PARENTS_SCRIPTING if scripting else RAW_TEXT_PARENTS
        # The open elements, for "is this text in a raw text element".
        self.open: list[tuple[str | None, str]] = []
        if isinstance(context, Element):
            self.open.append((context.namespace, tag_name(context)))
        quote = options.quote_attr_values
        self.quote_mode = quote if isinstance(quote, str) else "always"
        self.references: dict[str, str] = {}

    def _in_raw_text(self) -> bool:
        if not self.open:
            return False
        namespace, name = self.open[-1]
        return namespace == HTML_NAMESPACE and name in self.raw_parents

    def _encode(self, text: str) -> str:
        """Character references for what ``encoding`` cannot represent."""
        encoding = self.options.encoding
        if encoding is None or text.isascii():
            return text
        try:
            text.encode(encoding)
            return text
        except UnicodeEncodeError:
            pass
        out: list[str] = []
        references = self.references
        for char in text:
            if char.isascii():
                out.append(char)
                continue
            reference = references.get(char)
            if reference is None:
                try:
                    char.encode(encoding)
                    reference = char
                except UnicodeEncodeError:
                    name = None if self.options.resolve_entities \
                        else codepoint2name.get(ord(char))
                    reference = f"&{name};" if name else f"&#{ord(char)};"
                references[char] = reference
            out.append(reference)
        return "".join(out)

    def _attribute(self, element: str, is_html: bool, qualified: str,
                   namespace: str | None, value: str) -> str:
        options = self.options
        name = _attribute_name(qualified, namespace)
        if options.minimize_boolean_attributes and is_html and namespace is None \
                and (value == "" or value.lower() == name.lower()) \
                and (name in BOOLEAN_ATTRIBUTES["*"]
                     or name in BOOLEAN_ATTRIBUTES.get(element, ())):
            return " " + name
        if "&" in value:
            value = value.replace("&", "&amp;")
        if "\xa0" in value:
            value = value.replace("\xa0", "&nbsp;")
        if options.escape_lt_in_attrs and "<" in value:
            value = value.replace("<", "&lt;")
        mode = self.quote_mode
        if mode == "always" or not value:
            quoted = True
        elif mode == "spec":
            quoted = _NEEDS_QUOTES_SPEC.search(value) is not None
        else:
            quoted = _NEEDS_QUOTES_LEGACY.search(value) is not None
        if quoted:
            quote = options.quote_char
            if options.use_best_quote_char:
                quote = "'" if ('"' in value and "'" not in value) else '"'
            if quote in value:
                value = value.replace(quote, "&quot;" if quote == '"' else "&#39;")
            if options.escape_lt_in_attrs and ">" in value:
                value = value.replace(">", "&gt;")
            return f" {name}={quote}{self._encode(value)}{quote}"
        return f" {name}={self._encode(value)}"

    def start_tag(self, event: StartTag) -> str:
        options = self.options
        is_html = event.namespace == HTML_NAMESPACE
        parts = ["<", event.name]
        for qualified, namespace, value in event.attrs:
            parts.append(self._attribute(event.name, is_html, qualified, namespace, value))
        void = is_html and event.name in VOID_ELEMENTS
        if void and options.use_trailing_solidus:
            parts.append(" />" if options.space_before_trailing_solidus else "/>")
        else:
            parts.append(">")
        if not event.empty and not void:
            self.open.append((event.namespace, event.name))
        return "".join(parts)

    def end_tag(self, event: EndTag) -> str:
        if self.open and self.open[-1] == (event.namespace, event.name):
            self.open.pop()
        return "</" + event.name + ">"

    def characters(self, event: Characters) -> str:
        if self._in_raw_text() and not self.options.escape_rcdata:
            return event.data
        return self._encode(escape_text(event.data))

    def doctype(self, event: Doctype) -> str:
        out = "<!DOCTYPE " + event.name
        if self.options.doctype_ids:
            public, system = event.public_id or "", event.system_id or ""
            if public:
                out += f' PUBLIC "{public}"'
                if system:
                    quote = "'" if '"' in system else '"'
                    out += f" {quote}{system}{quote}"
            elif system:
                quote = "'" if '"' in system else '"'
                out += f" SYSTEM {quote}{system}{quote}"
        return out + ">"

    def write(self, events: Iterable[Event]) -> str:
        out: list[str] = []
        append = out.append
        for event in events:
            if isinstance(event, StartTag):
                append(self.start_tag(event))
            elif isinstance(event, EndTag):
                append(self.end_tag(event))
            elif isinstance(event, Characters):
                append(self.characters(event))
            elif isinstance(event, Comment):
                append("<!--" + event.data + "-->")
            elif isinstance(event, ProcessingInstruction):
                append("<?" + event.target + " " + event.data + "?>")
            elif isinstance(event, Doctype):
                append(self.doctype(event))
            else:
                raise TypeError(f"not a serializer event: {event!r}")
        return "".join(out)


def _run(events: Iterable[Event], options: SerializerOptions, scripting: bool,
         context: ParentNode | None) -> str:
    if options.strip_whitespace:
        events = _strip_whitespace(events)
    if options.inject_meta_charset and options.encoding is not None:
        events = _inject_meta_charset(events, options.encoding)
    if options.alphabetical_attributes:
        events = _alphabetical_attributes(events)
    if options.omit_optional_tags:
        events = omit_optional_tags(events)
    return _Writer(options, scripting, context).write(events)


# --------------------------------------------------------------------------
# Public entry points
# --------------------------------------------------------------------------

def serialize_events(events: Iterable[Event], options: SerializerOptions | None = None, *,
                     scripting: bool = False) -> str:
    """Write a stream of serializer events (:mod:`markup5.html.walker`)
    with ``options``.  The stream need not form a tree (stray end tags,
    unclosed elements are written as they come); text is raw inside an
    open HTML raw text element."""
    if options is None:
        options = _DEFAULT_OPTIONS
    elif not isinstance(options, SerializerOptions):
        raise TypeError(f"options must be SerializerOptions, not {type(options).__name__}")
    _check_common(scripting, False, "")
    return _run(events, options, scripting, None)


def _options(quote_attr_values: str | bool, quote_char: str, use_best_quote_char: bool,
             minimize_boolean_attributes: bool, use_trailing_solidus: bool,
             space_before_trailing_solidus: bool, escape_lt_in_attrs: bool,
             escape_rcdata: bool, resolve_entities: bool, alphabetical_attributes: bool,
             strip_whitespace: bool, inject_meta_charset: bool, encoding: str | None,
             omit_optional_tags: bool, doctype_ids: bool) -> SerializerOptions:
    return SerializerOptions(
        quote_attr_values, quote_char, use_best_quote_char, minimize_boolean_attributes,
        use_trailing_solidus, space_before_trailing_solidus, escape_lt_in_attrs,
        escape_rcdata, resolve_entities, alphabetical_attributes, strip_whitespace,
        inject_meta_charset, encoding, omit_optional_tags, doctype_ids)


def _in_xml_document(node: Node) -> bool:
    """Whether ``node``'s node document is an XML document: its tree's root
    (past template contents, to their template's tree) is a Document with
    ``is_xml``.  A node in no document is taken as HTML."""
    while True:
        root = node.get_root_node()
        if isinstance(root, DocumentFragment) and root.host is not None:
            node = root.host
            continue
        return isinstance(root, Document) and root.is_xml


def _check_xml_options(function: str, scripting: bool, pretty: bool,
                       options: SerializerOptions) -> None:
    """ValueError unless the HTML serializer's options are all defaults
    (they have no meaning for the XML serialization)."""
    if scripting or pretty or options != _DEFAULT_OPTIONS:
        raise ValueError(
            f"{function}() writes a node of an XML document with the XML serialization, "
            "which takes none of the HTML serializer's options (pretty, scripting, quoting, "
            "...); to write such a tree with HTML syntax, serialize the events of "
            "markup5.html.walker.walk(node) with markup5.html.serializer.serialize_events()")


def serialize_children(
        node: Node, *, scripting: bool = False, pretty: bool = False, indent: str = "  ",
        quote_attr_values: str | bool = "always", quote_char: str = '"',
        use_best_quote_char: bool = False, minimize_boolean_attributes: bool = False,
        use_trailing_solidus: bool = False, space_before_trailing_solidus: bool = True,
        escape_lt_in_attrs: bool = True, escape_rcdata: bool = False,
        resolve_entities: bool = True, alphabetical_attributes: bool = False,
        strip_whitespace: bool = False, inject_meta_charset: bool = False,
        encoding: str | None = None, omit_optional_tags: bool = False,
        doctype_ids: bool = False) -> str:
    """The HTML fragment serialization of ``node``'s children (``innerHTML``).

    For a ``template`` element the children of its template contents are
    serialized.  ``scripting`` tells whether scripting is enabled, which
    makes ``noscript`` a raw text parent.  A node without children gives
    the empty string.  ``pretty`` and the other options are those of
    :func:`serialize`.
    """
    if not isinstance(node, Node):
        raise TypeError(f"serialize_children() takes a Node, not {type(node).__name__}")
    options = _options(quote_attr_values, quote_char, use_best_quote_char,
                       minimize_boolean_attributes, use_trailing_solidus,
                       space_before_trailing_solidus, escape_lt_in_attrs, escape_rcdata,
                       resolve_entities, alphabetical_attributes, strip_whitespace,
                       inject_meta_charset, encoding, omit_optional_tags, doctype_ids)
    _check_common(scripting, pretty, indent)
    if not isinstance(node, ParentNode):
        return ""
    if _in_xml_document(node):
        _check_xml_options("serialize_children", scripting, pretty, options)
        from ..xml.serializer import serialize_xml
        children = node.children
        if isinstance(node, Element) and node.template_contents is not None:
            children = node.template_contents.children
        return "".join([serialize_xml(child) for child in children])
    if not pretty and options == _DEFAULT_OPTIONS:
        children = node.children
        if isinstance(node, Element) and node.template_contents is not None:
            children = node.template_contents.children
        return _serialize_nodes(children, scripting)
    events = walk(node, children_only=True, pretty=pretty, indent=indent)
    return _run(events, options, scripting, node)


def serialize(
        node: Node, *, scripting: bool = False, pretty: bool = False, indent: str = "  ",
        quote_attr_values: str | bool = "always", quote_char: str = '"',
        use_best_quote_char: bool = False, minimize_boolean_attributes: bool = False,
        use_trailing_solidus: bool = False, space_before_trailing_solidus: bool = True,
        escape_lt_in_attrs: bool = True, escape_rcdata: bool = False,
        resolve_entities: bool = True, alphabetical_attributes: bool = False,
        strip_whitespace: bool = False, inject_meta_charset: bool = False,
        encoding: str | None = None, omit_optional_tags: bool = False,
        doctype_ids: bool = False) -> str:
    """``node`` serialized: for a Document or DocumentFragment its
    children; for an element the element itself with its subtree
    (``outerHTML``); for any other node the node itself (text escaped
    according to its parent).

    As the DOM's fragment serializing algorithm chooses, a node of an XML
    document (one :func:`markup5.parse_xml` built: its tree's root is a
    Document whose ``is_xml`` is true) is written with the XML
    serialization (:func:`markup5.serialize_xml`), any other node with the
    HTML one.  The options are the HTML serializer's: with an XML
    document's node any option other than the defaults raises ValueError.

    With no options this is exactly the standard's serialization.
    ``pretty=True`` indents by ``indent`` where whitespace does not matter
    (:func:`markup5.html.walker.walk` has the exact rules); the other
    keyword options are html5lib's (:class:`SerializerOptions`).  A wrong
    type raises TypeError, a bad value ValueError.
    """
    if not isinstance(node, Node):
        raise TypeError(f"serialize() takes a Node, not {type(node).__name__}")
    options = _options(quote_attr_values, quote_char, use_best_quote_char,
                       minimize_boolean_attributes, use_trailing_solidus,
                       space_before_trailing_solidus, escape_lt_in_attrs, escape_rcdata,
                       resolve_entities, alphabetical_attributes, strip_whitespace,
                       inject_meta_charset, encoding, omit_optional_tags, doctype_ids)
    _check_common(scripting, pretty, indent)
    if _in_xml_document(node):
        _check_xml_options("serialize", scripting, pretty, options)
        from ..xml.serializer import serialize_xml
        return serialize_xml(node)
    if not pretty and options == _DEFAULT_OPTIONS:
        if isinstance(node, Element):
            return _serialize_nodes([node], scripting)
        if isinstance(node, ParentNode):
            return _serialize_nodes(node.children, scripting)
        if isinstance(node, Text):
            if _is_raw_text_parent(node.parent, scripting):
                return node.data
            return escape_text(node.data)
        return _serialize_nodes([node], scripting)
    events = walk(node, pretty=pretty, indent=indent)
    if isinstance(node, ParentNode) and not isinstance(node, Element):
        context: ParentNode | None = node
    else:
        context = node.parent
    return _run(events, options, scripting, context)


def to_html(node: Node) -> str:
    """``node.to_html()``: the node serialized as HTML (as :func:`serialize`:
    the HTML fragment serialization algorithm for its children, plus the
    node itself).  It lives here, next to the serializer, so that the DOM
    does not depend on a serializer."""
    return serialize(node)
