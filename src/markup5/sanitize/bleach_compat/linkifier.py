"""Bleach 6's ``bleach.linkifier`` on markup5: ``linkify``, ``Linker``, ``LinkifyFilter``.

The work is done by :mod:`markup5.sanitize.linkify` on the parsed tree; this module gives
Bleach's names, signatures and defaults (``DEFAULT_CALLBACKS`` adds ``rel="nofollow"``; no
skip tags).  Where Bleach's html5lib output is not what a browser parses, the output follows
the browser: character references are resolved and written back only where HTML needs them,
and unknown tags stay elements (``recognized_tags`` is accepted and ignored).  See
``docs/sanitizing.md``, "Migrating from Bleach".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ...dom import ParentNode
from ..linkify import (PROTOCOLS, TLDS, LinkCallback, _Linkifier, build_email_pattern,
                       build_url_pattern)
from ...html.parser import parse_fragment
from ...html.serializer import serialize_children
from .callbacks import nofollow

__all__ = [
    "DEFAULT_CALLBACKS", "EMAIL_RE", "Linker", "LinkifyFilter", "TLDS", "URL_RE",
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


class Linker:
    """Bleach's ``Linker``: a linkify configuration, reused for many texts."""

    def __init__(self, callbacks: Sequence[LinkCallback] = DEFAULT_CALLBACKS,
                 skip_tags: Iterable[str] | None = None, parse_email: bool = False,
                 url_re: re.Pattern[str] = URL_RE, email_re: re.Pattern[str] = EMAIL_RE,
                 recognized_tags: Iterable[str] | None = None) -> None:
        """``recognized_tags`` is accepted for compatibility and has no effect: markup5 parses
        every tag as a browser does (Bleach escapes tags it does not know)."""
        self._linker = _Linkifier(callbacks or (), skip_tags, bool(parse_email), url_re,
                                  email_re)

    def linkify(self, text: str) -> str:
        """Linkify ``text`` (an HTML fragment); TypeError if it is not a str."""
        if not isinstance(text, str):
            raise TypeError("argument must be of text type")
        if not text:
            return ""
        fragment = parse_fragment(text, "div", scripting=True)
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
