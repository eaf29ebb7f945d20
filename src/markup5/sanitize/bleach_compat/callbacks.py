"""Bleach's linkify callbacks: ``nofollow`` and ``target_blank``.

A callback takes the attributes of a link, keyed by ``(namespace, name)`` tuples plus the
special ``"_text"`` key (the link's text), and a flag saying whether linkify created the
link (``new=True``) or found it in the input.  It returns the (possibly changed) mapping, or
``None`` to drop the link (keeping its text).  Both callbacks leave ``mailto:`` links and
anchors without ``href`` alone, as Bleach's do.
"""

from __future__ import annotations

from typing import Optional, Union

__all__ = ["Attrs", "nofollow", "target_blank"]

#: The attribute mapping a callback receives: ``(namespace, name)`` -> value, and ``"_text"``.
Attrs = dict[Union[tuple[Optional[str], str], str], str]

_HREF = (None, "href")
_REL = (None, "rel")
_TARGET = (None, "target")


def nofollow(attrs: Attrs, new: bool = False) -> Attrs:
    """Add ``nofollow`` to the link's ``rel`` tokens (once, case-insensitively).

    Links to ``mailto:`` addresses and attribute sets without ``href`` are returned unchanged.
    """
    href = attrs.get(_HREF)
    if href is None or href.startswith("mailto:"):
        return attrs
    tokens = [token for token in attrs.get(_REL, "").split(" ") if token]
    if "nofollow" not in (token.lower() for token in tokens):
        tokens.append("nofollow")
    attrs[_REL] = " ".join(tokens)
    return attrs


def target_blank(attrs: Attrs, new: bool = False) -> Attrs:
    """Set ``target="_blank"`` on the link, replacing any other target.

    Links to ``mailto:`` addresses and attribute sets without ``href`` are returned unchanged.
    """
    href = attrs.get(_HREF)
    if href is None or href.startswith("mailto:"):
        return attrs
    attrs[_TARGET] = "_blank"
    return attrs
