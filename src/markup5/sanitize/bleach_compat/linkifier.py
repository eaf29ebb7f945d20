"""Bleach 6's ``bleach.linkifier`` on markup5: ``linkify``, ``Linker``, ``LinkifyFilter``.

The work is done by :mod:`markup5.sanitize.linkify` on the parsed tree; this module gives
Bleach's names, signatures and defaults (``DEFAULT_CALLBACKS`` adds ``rel="nofollow"``; no
skip tags).  Where Bleach's html5lib output is not what a browser parses, the output follows
the browser: character references are resolved and written back only where HTML needs them,
and a tag that ``recognized_tags`` does not name is written back as text, as Bleach does
(its source text, taken from the parse's source locations).  See
``docs/sanitizing.md``, "Migrating from Bleach".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ...dom import Element, Node, ParentNode, Text
from ..linkify import (PROTOCOLS, TLDS, LinkCallback, _Linkifier, build_email_pattern,
                       build_url_pattern)
from ...html.parser import parse_fragment
from ...html.serializer import serialize_children
from .callbacks import nofollow

__all__ = [
    "DEFAULT_CALLBACKS", "EMAIL_RE", "HTML_TAGS", "Linker", "LinkifyFilter", "TLDS", "URL_RE",
    "build_email_re", "build_url_re", "linkify",
]

#: The callbacks ``linkify`` runs when given none: ``nofollow``.
DEFAULT_CALLBACKS: list[LinkCallback] = [nofollow]


def build_url_re(tlds: Iterable[str] = TLDS,
                 protocols: Iterable[str] = PROTOCOLS) -> re.Pattern[str]:
    """The URL regular expression for ``tlds`` and ``protocols`` (Bleach's name; see
    :func:`markup5.sanitize.linkify.build_url_pattern`)."""
    return build_url_pattern(tlds, protocols)


def build_email_re(tlds: Iterable[str] = TLDS) -> re.Pattern[str]:
    """The e-mail regular expression for ``tlds`` (Bleach's name; see
    :func:`markup5.sanitize.linkify.build_email_pattern`)."""
    return build_email_pattern(tlds)


URL_RE = build_url_re()
EMAIL_RE = build_email_re()


#: The tags Linker parses as tags (others are written back as text): Bleach's list.
HTML_TAGS: frozenset[str] = frozenset("""
    a abbr address area article aside audio b base bdi bdo blockquote body br button canvas
    caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed
    fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe
    img input ins kbd keygen label legend li link map mark menu meta meter nav noscript object ol
    optgroup option output p param picture pre progress q rp rt ruby s samp script section
    select slot small source span strong style sub summary sup table tbody td template textarea
    tfoot th thead time title tr track u ul var video wbr""".split())

_HTML_NAMESPACE = "http://www.w3.org/1999/xhtml"


def _escape_unrecognized(fragment: ParentNode, source: str, recognized: frozenset[str]) -> None:
    """Replace each element whose tag is not in ``recognized`` (every SVG and MathML element
    too, as Bleach's parser knows none) by the text of its start tag, its children and the
    text of its end tag (when one closed it).  ``source`` is the parsed text with newlines
    normalized (the offsets' stream).  Iterative; text nodes merged afterwards."""
    escaped = False
    stack: list[Node] = list(fragment.children)
    while stack:
        node = stack.pop()
        if not isinstance(node, Element):
            continue
        stack.extend(node.children)
        if node.template_contents is not None:
            stack.extend(node.template_contents.children)
        if node.namespace == _HTML_NAMESPACE and node.local_name in recognized:
            continue
        start, end = node.start_tag_location, node.end_tag_location
        replacement: list[Node | str] = []
        if start is not None:
            replacement.append(source[start.offset:start.end_offset])
        replacement.extend(node.children)
        if end is not None:
            replacement.append(source[end.offset:end.end_offset])
        node.replace_with(*replacement)
        escaped = True
    if escaped:
        fragment.normalize()


class Linker:
    """Bleach's ``Linker``: a linkify configuration, reused for many texts."""

    def __init__(self, callbacks: Sequence[LinkCallback] = DEFAULT_CALLBACKS,
                 skip_tags: Iterable[str] | None = None, parse_email: bool = False,
                 url_re: re.Pattern[str] = URL_RE, email_re: re.Pattern[str] = EMAIL_RE,
                 recognized_tags: Iterable[str] | None = None) -> None:
        """``recognized_tags`` (default :data:`HTML_TAGS`): tags not named there are written
        back as text, as Bleach does."""
        if isinstance(recognized_tags, str):
            raise TypeError("recognized_tags must be a collection of tag names, not a str")
        self._recognized = frozenset(
            t.lower() for t in (HTML_TAGS if recognized_tags is None else recognized_tags))
        self._linker = _Linkifier(callbacks or (), skip_tags, bool(parse_email), url_re,
                                  email_re)

    def linkify(self, text: str) -> str:
        """Linkify ``text`` (an HTML fragment); TypeError if it is not a str."""
        if not isinstance(text, str):
            raise TypeError("argument must be of text type")
        if not text:
            return ""
        fragment = parse_fragment(text, "div", scripting=True, source_locations=True)
        source = text.replace("\r\n", "\n").replace("\r", "\n")
        _escape_unrecognized(fragment, source, self._recognized)
        self._linker.run(fragment)
        return serialize_children(fragment, scripting=True)


def linkify(text: str, callbacks: Sequence[LinkCallback] = DEFAULT_CALLBACKS,
            skip_tags: Iterable[str] | None = None, parse_email: bool = False) -> str:
    """Bleach's ``linkify``: convert URL-like strings in an HTML fragment to links."""
    return Linker(callbacks=callbacks, skip_tags=skip_tags, parse_email=parse_email).linkify(text)


class LinkifyFilter:
    """Bleach's ``LinkifyFilter``, for ``Cleaner(filters=[LinkifyFilter])``.

    html5lib token-stream filters do not exist in markup5: a filter here works on the cleaned
    tree.  ``Cleaner`` calls ``filter_class(source=None)`` (so that ``functools.partial(
    LinkifyFilter, callbacks=...)`` works as in Bleach) and then ``apply_to_tree(fragment)``
    on the cleaned fragment, before serializing.
    """

    def __init__(self, source: Any = None, callbacks: Sequence[LinkCallback] = DEFAULT_CALLBACKS,
                 skip_tags: Iterable[str] | None = None, parse_email: bool = False,
                 url_re: re.Pattern[str] = URL_RE, email_re: re.Pattern[str] = EMAIL_RE) -> None:
        if source is not None:
            raise TypeError("markup5's LinkifyFilter works on a tree (apply_to_tree), "
                            "not on an html5lib token stream")
        self._linker = _Linkifier(callbacks or (), skip_tags, bool(parse_email), url_re,
                                  email_re)

    def apply_to_tree(self, fragment: ParentNode) -> None:
        """Linkify ``fragment``'s text in place."""
        self._linker.run(fragment)
