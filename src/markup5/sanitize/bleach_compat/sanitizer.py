"""Bleach 6's ``clean`` and ``Cleaner`` on markup5's parser and serializer.

Bleach's semantics, as its documentation gives them: ``tags`` are the allowed element names;
``attributes`` a list (allowed on every allowed tag), a dict (tag, or ``"*"`` for all, to a
list or to a callable) or a callable ``(tag, name, value) -> bool``; attributes holding URLs
keep only values whose scheme is in ``protocols`` (relative URLs and ``#fragment`` pass);
``style`` goes through ``css_sanitizer`` (emptied without one, with a
:class:`NoCssSanitizerWarning` when a ``Cleaner`` is configured so); a disallowed tag is
written back as text (its source, escaped) or, with ``strip=True``, removed keeping its
content (a block-level one leaves a newline, as in Bleach); comments are removed unless
``strip_comments=False``; control characters in text become ``?``.

The difference in kind: Bleach rewrites html5lib's *tokens*, and a tree built from its
output can differ from the tree it checked (its ``<table>&lt;tbody&gt;<tr>`` is
foster-parented by every browser).  Here the fragment is parsed as a browser parses
``innerHTML`` of a ``div``, cleaned as a tree, serialized, and the output is parsed again
and compared with the cleaned tree (:func:`markup5.sanitize._verify.same_tree`); on a
difference the output is cleaned again (at most :data:`~markup5.sanitize._verify.MAX_ROUNDS`
rounds), else the text alone is returned.  Elements the parser implies without a start tag
in the source (``tbody``, ``tr``, ``colgroup`` in tables) are kept as structure, without
attributes, whether or not ``tags`` names them: written as text they would be moved out of
the table.  ``docs/sanitizing.md`` lists every difference from Bleach's output.
"""

from __future__ import annotations

import re
import warnings
from html import unescape
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Union

from ..._collector import collector_paused
from ...dom import Comment, DocumentFragment, Element, Node, ParentNode, Text
from ...html.parser import parse_fragment
from ...html.serializer import VOID_ELEMENTS, serialize_children
from ...url import parse_url
from .._verify import MAX_ROUNDS, same_tree

__all__ = ["ALLOWED_ATTRIBUTES", "ALLOWED_PROTOCOLS", "ALLOWED_TAGS", "Cleaner",
           "NoCssSanitizerWarning", "clean"]

#: Bleach's default allowed tags.
ALLOWED_TAGS: frozenset[str] = frozenset({
    "a", "abbr", "acronym", "b", "blockquote", "code", "em", "i", "li", "ol", "strong", "ul",
})

#: Bleach's default allowed attributes (tag to attribute names).
ALLOWED_ATTRIBUTES: dict[str, list[str]] = {
    "a": ["href", "title"],
    "abbr": ["title"],
    "acronym": ["title"],
}

#: Bleach's default allowed URL schemes.
ALLOWED_PROTOCOLS: frozenset[str] = frozenset({"http", "https", "mailto"})

AttributeFilter = Callable[[str, str, str], bool]
Attributes = Union[AttributeFilter, Iterable[str],
                   Mapping[str, Union[Iterable[str], AttributeFilter]]]


class NoCssSanitizerWarning(UserWarning):
    """``style`` is an allowed attribute but no ``css_sanitizer`` was given: every ``style``
    value is emptied."""


#: Attributes whose values are URLs (html5lib's list, which Bleach uses, and a few more that
#: load or submit: ``formaction``, ``data``, ``codebase``).
_URI_ATTRIBUTES = frozenset({
    "href", "src", "cite", "action", "longdesc", "poster", "background", "datasrc", "dynsrc",
    "lowsrc", "ping", "xlink:href", "xml:base", "formaction", "data", "codebase",
})

#: SVG attributes whose value may hold url(...) references: only local ones (``#id``) kept.
_SVG_REFERENCE_ATTRIBUTES = frozenset({
    "clip-path", "color-profile", "cursor", "fill", "filter", "marker", "marker-start",
    "marker-mid", "marker-end", "mask", "stroke",
})
#: SVG elements whose ``href``/``xlink:href`` may only be local (``#id``).
_SVG_LOCAL_HREF = frozenset({
    "altglyph", "animate", "animatecolor", "animatemotion", "animatetransform", "cursor",
    "feimage", "filter", "lineargradient", "pattern", "radialgradient", "textpath", "tref",
    "set", "use",
})
_NON_LOCAL_REFERENCE = re.compile(r"url\s*\(\s*[^#\s][^)]*?\)", re.IGNORECASE)
_NON_LOCAL_HREF = re.compile(r"^\s*[^#\s]")
_SVG = "http://www.w3.org/2000/svg"

#: Start tags Bleach replaces with a newline when stripping (when not the input's first).
_BLOCK_LEVEL = frozenset({
    "address", "article", "aside", "blockquote", "details", "dialog", "dd", "div", "dl", "dt",
    "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hgroup", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "ul",
})

#: Never kept, whatever ``tags`` says: the output is checked as a page with scripting on
#: parses it, where ``noscript`` holds raw text; parsed with scripting off (``DOMParser``,
#: ``createHTMLDocument``, a server-side parser) that text is markup, unchecked.  Bleach
#: escapes the text; here the element is escaped (or stripped) as a disallowed one is.
_NEVER_KEPT = frozenset({"noscript"})

#: Elements the parser creates without a start tag to hold table rows and columns.
_IMPLIED_STRUCTURE = frozenset({"tbody", "tr", "colgroup"})

_HTML = "http://www.w3.org/1999/xhtml"
_INVISIBLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
_URI_NOISE = re.compile(r"[`\x00-\x20\x7f-\xa0\s]+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_SCHEME = re.compile(r"([a-z][a-z0-9+.\-]*):")


def _attribute_filter(attributes: Attributes) -> AttributeFilter:
    """Bleach's three shapes of ``attributes`` as one ``(tag, name, value) -> bool``."""
    if callable(attributes):
        return attributes
    if isinstance(attributes, Mapping):
        table = dict(attributes)

        def by_tag(tag: str, name: str, value: str) -> bool:
            if tag in table:
                entry = table[tag]
                if callable(entry):
                    return bool(entry(tag, name, value))
                if name in entry:
                    return True
            if "*" in table:
                entry = table["*"]
                if callable(entry):
                    return bool(entry(tag, name, value))
                return name in entry
            return False
        return by_tag
    if isinstance(attributes, (list, tuple, set, frozenset)):
        names = frozenset(attributes)
        return lambda tag, name, value: name in names
    raise ValueError("attributes needs to be a callable, a list or a dict")


def _uri_allowed(value: str, protocols: frozenset[str]) -> bool:
    """Bleach's URL rule: spaces, controls, backticks and non-ASCII removed and the rest
    lowercased, a scheme must be an allowed one; a ``#fragment`` passes, and a relative URL
    passes when ``http`` or ``https`` is allowed."""
    normalized = _NON_ASCII.sub("", _URI_NOISE.sub("", value)).lower()
    match = _SCHEME.match(normalized)
    if match is not None:
        scheme = match.group(1)
        # Bleach's urlparse reads "localhost:8000" (digits alone after the colon) as a path,
        # not a scheme: relative.
        if scheme in protocols:
            # An absolute URL a browser cannot parse is no link at all (Bleach drops it too
            # when Python's urlparse fails, as on "http://example.com]").
            return parse_url(value) is not None
        if not normalized[match.end():].isdigit():
            return False
    elif normalized.startswith("#"):
        return True
    return "http" in protocols or "https" in protocols


def _keep_tag_cut_by_end(fragment: DocumentFragment, source: str) -> None:
    """A start tag cut off by the end of the input (``a<b``, ``x <img src=y``) is no token
    for a browser: it is dropped.  Bleach writes it back as text, so that a user's "a<b"
    still shows; so does this layer: the text is added where the parser stopped (the last
    element still open), and the output is verified like any other.  One walk, iterative."""
    covered = 0
    stack: list[Node] = list(fragment.children)
    while stack:
        node = stack.pop()
        location = node.source_location
        if location is not None and location.end_offset > covered:
            covered = location.end_offset
        if isinstance(node, Element):
            end = node.end_tag_location
            if end is not None and end.end_offset > covered:
                covered = end.end_offset
            stack.extend(node.children)
            if node.template_contents is not None:
                stack.extend(node.template_contents.children)
    tail = source[covered:]
    if len(tail) < 2 or tail[0] != "<" or not tail[1].isascii() or not tail[1].isalpha():
        return
    # Cut by the end, the tag would have closed with one more ">".
    probe = parse_fragment(tail + ">", "div", source_locations=True).children
    start = probe[0].start_tag_location if probe and isinstance(probe[0], Element) else None
    if start is None or start.end_offset != len(tail) + 1:
        return
    parent: ParentNode = fragment
    while parent.children:
        last = parent.children[-1]
        if not isinstance(last, Element) or last.end_tag_location is not None \
                or last.template_contents is not None or (
                    last.namespace == _HTML and last.local_name in VOID_ELEMENTS):
            break
        parent = last
    parent.append(Text(tail))


class Cleaner:
    """Bleach's ``Cleaner``: a configuration for cleaning many fragments.

    ``filters``: each entry is a class (or a ``functools.partial`` of one) called as
    ``entry(source=None)``; the instance's ``apply_to_tree(fragment)`` runs on the cleaned
    fragment before it is serialized (``bleach_compat.linkifier.LinkifyFilter`` is one).
    html5lib token-stream filters have no tree to work on here: they are a TypeError.
    """

    def __init__(self, tags: Iterable[str] = ALLOWED_TAGS,
                 attributes: Attributes = ALLOWED_ATTRIBUTES,
                 protocols: Iterable[str] = ALLOWED_PROTOCOLS, strip: bool = False,
                 strip_comments: bool = True, filters: Iterable[Any] | None = None,
                 css_sanitizer: Any = None) -> None:
        if isinstance(tags, str):
            raise TypeError("tags must be a collection of tag names, not a str")
        if isinstance(protocols, str):
            raise TypeError("protocols must be a collection of scheme names, not a str")
        self.tags = frozenset(tag.lower() for tag in tags)
        self.attributes = attributes
        self.protocols = frozenset(protocols)
        self.strip = strip
        self.strip_comments = strip_comments
        self.filters = list(filters or ())
        self.css_sanitizer = css_sanitizer
        self._allow = _attribute_filter(attributes)
        if css_sanitizer is None:
            named: list[str] = []
            if isinstance(attributes, list):
                named = attributes
            elif isinstance(attributes, dict):
                for values in attributes.values():
                    if isinstance(values, (list, tuple)):
                        named.extend(values)
            if "style" in named:
                warnings.warn("'style' attribute specified, but css_sanitizer not set.",
                              category=NoCssSanitizerWarning, stacklevel=2)
        self._tree_filters = []
        for entry in self.filters:
            instance = entry(source=None)
            if not hasattr(instance, "apply_to_tree"):
                raise TypeError(f"filter {entry!r} has no apply_to_tree(fragment): markup5 "
                                "runs filters on the cleaned tree, not on html5lib tokens")
            self._tree_filters.append(instance)

    def clean(self, text: str) -> str:
        """``text`` (an HTML fragment) cleaned; TypeError if it is not a str."""
        if not isinstance(text, str):
            raise TypeError(f"argument cannot be of {type(text).__name__!r} type, "
                            "must be of text type")
        if not text:
            return ""
        # The collector is paused for the whole job, as markup5.sanitize does: its collections
        # walk the live trees again and again (superlinear on hostile input).
        with collector_paused():
            return self._clean(text)

    def _clean(self, text: str) -> str:
        source = text.replace("\r\n", "\n").replace("\r", "\n")
        fragment: DocumentFragment | None = None
        for round_ in range(MAX_ROUNDS):
            fragment = parse_fragment(source, "div", scripting=True, source_locations=True)
            if round_ == 0:
                _keep_tag_cut_by_end(fragment, source)
            self._clean_tree(fragment, source)
            for tree_filter in self._tree_filters:
                tree_filter.apply_to_tree(fragment)
            out = serialize_children(fragment, scripting=True, use_best_quote_char=True)
            if same_tree(fragment, parse_fragment(out, "div", scripting=True)):
                return out
            source = out
        # Never verified: the text alone, escaped (a div's text always parses back).
        assert fragment is not None
        data = fragment.text_content or ""
        return data.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
            "\xa0", "&nbsp;")

    def _clean_tree(self, fragment: ParentNode, source: str) -> None:
        """Disallowed elements escaped or stripped, attributes filtered, comments removed,
        control characters replaced.  Each parent's new child list is built in one pass
        (a disallowed element's children are spliced in where it was, adjacent text merged)
        and set at once, so the work is linear even for many escaped siblings; no
        recursion (an explicit stack of parents, and of the nodes still to place)."""
        parents: list[ParentNode] = [fragment]
        while parents:
            parent = parents.pop()
            kept: list[Node] = []
            run: list[str] = []
            work: list[Node | str] = list(reversed(parent.children))
            while work:
                item = work.pop()
                if isinstance(item, str):
                    run.append(item)
                    continue
                if isinstance(item, Text):
                    data = item.data
                    run.append(_INVISIBLE.sub("?", data) if _INVISIBLE.search(data) else data)
                    continue
                if isinstance(item, Comment) and self.strip_comments:
                    continue
                if isinstance(item, Element):
                    contents = item.template_contents
                    name = item.local_name
                    start = item.start_tag_location
                    implied = (start is None and item.namespace == _HTML
                               and name in _IMPLIED_STRUCTURE)
                    if not implied and (name.lower() not in self.tags or (
                            name in _NEVER_KEPT and item.namespace == _HTML)):
                        children = list((contents if contents is not None else item).children)
                        if self.strip:
                            work.extend(reversed(children))
                            if start is not None and start.offset > 0 \
                                    and name in _BLOCK_LEVEL:
                                work.append("\n")
                        else:
                            # The tag's source, read as text: character references in it
                            # decoded as in text (Bleach keeps them as written, which
                            # displays the same).
                            end = item.end_tag_location
                            if end is not None:
                                work.append(unescape(source[end.offset:end.end_offset]))
                            work.extend(reversed(children))
                            if start is not None:
                                work.append(unescape(source[start.offset:start.end_offset]))
                        continue
                    if implied:
                        item.attrs.clear()
                    else:
                        self._clean_attributes(item)
                    parents.append(item)
                    if contents is not None:
                        parents.append(contents)
                if run:
                    data = "".join(run)
                    run.clear()
                    if data:
                        kept.append(Text(data))
                kept.append(item)
            if run:
                data = "".join(run)
                if data:
                    kept.append(Text(data))
            parent._replace_all(kept)

    def _clean_attributes(self, element: Element) -> None:
        """Keep the attributes Bleach's rules allow on the kept ``element``."""
        attrs = element.attrs
        if not attrs:
            return
        tag = element.local_name
        namespaced = element.attr_namespaces or {}
        svg = element.namespace == _SVG
        for name, value in list(attrs.items()):
            # Bleach's filters see an attribute's local name ("href" for xlink:href).
            local = name.split(":", 1)[-1] if name in namespaced else name
            keep = self._allow(tag, local, value)
            if keep and name in _URI_ATTRIBUTES and not _uri_allowed(value, self.protocols):
                keep = False
            if keep and svg:
                if name in _SVG_REFERENCE_ATTRIBUTES:
                    # A CSS escape can spell url( too: such a value is dropped.
                    value = "" if "\\" in value else _NON_LOCAL_REFERENCE.sub(" ", value).strip()
                    if value:
                        attrs[name] = value
                    else:
                        keep = False
                elif local == "href" and tag.lower() in _SVG_LOCAL_HREF \
                        and _NON_LOCAL_HREF.search(value):
                    keep = False
            if not keep:
                del attrs[name]
                continue
            if name == "style":
                attrs[name] = (self.css_sanitizer.sanitize_css(value)
                               if self.css_sanitizer is not None else "")


def clean(text: str, tags: Iterable[str] = ALLOWED_TAGS,
          attributes: Attributes = ALLOWED_ATTRIBUTES,
          protocols: Iterable[str] = ALLOWED_PROTOCOLS, strip: bool = False,
          strip_comments: bool = True, css_sanitizer: Any = None) -> str:
    """Bleach's ``clean``: ``text`` with the tags, attributes and URL schemes not allowed
    escaped (or stripped) and comments removed.  See :class:`Cleaner`."""
    cleaner = Cleaner(tags=tags, attributes=attributes, protocols=protocols, strip=strip,
                      strip_comments=strip_comments, css_sanitizer=css_sanitizer)
    return cleaner.clean(text)
