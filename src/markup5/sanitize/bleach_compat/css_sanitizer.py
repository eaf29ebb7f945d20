"""Bleach 6's ``CSSSanitizer`` (``bleach.css_sanitizer``) on tinycss2 and markup5's checks.

As in Bleach, a declaration is kept when its property (ASCII-lowercased) is in
``allowed_css_properties`` or ``allowed_svg_properties``, and the kept declarations are
written back as tinycss2 writes them (each followed by ``;``, the whitespace and comments
between them kept once).  Bleach keeps ``url(...)`` values; so does this class, for
compatibility (markup5's own :func:`markup5.sanitize.css.sanitize_style`, used by
``Policy.styles``, drops them).  Beyond Bleach, a declaration is dropped whatever the
allowlist says when it can run script in some browser or hide what it spells: the properties
in :data:`markup5.sanitize.css.NEVER_ALLOWED_PROPERTIES` (``behavior``, ``-moz-binding``), a
value holding ``expression`` in an identifier or function name or nesting blocks deeper than
:data:`markup5.sanitize.css.MAX_NESTING`, or a backslash (a CSS escape) anywhere in its
source text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import css as _css

try:
    import tinycss2  # type: ignore[import-untyped, unused-ignore]
except ImportError:  # pragma: no cover - tinycss2 is in the test extra
    tinycss2 = None

__all__ = ["ALLOWED_CSS_PROPERTIES", "ALLOWED_SVG_PROPERTIES", "CSSSanitizer"]

#: Bleach's default allowed CSS properties.
ALLOWED_CSS_PROPERTIES: frozenset[str] = frozenset({
    "azimuth", "background-color", "border-bottom-color", "border-collapse", "border-color",
    "border-left-color", "border-right-color", "border-top-color", "clear", "color", "cursor",
    "direction", "display", "elevation", "float", "font", "font-family", "font-size",
    "font-style", "font-variant", "font-weight", "height", "letter-spacing", "line-height",
    "overflow", "pause", "pause-after", "pause-before", "pitch", "pitch-range", "richness",
    "speak", "speak-header", "speak-numeral", "speak-punctuation", "speech-rate", "stress",
    "text-align", "text-decoration", "text-indent", "unicode-bidi", "vertical-align",
    "voice-family", "volume", "white-space", "width",
})

#: Bleach's default allowed SVG presentation properties.
ALLOWED_SVG_PROPERTIES: frozenset[str] = frozenset({
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap",
    "stroke-linejoin", "stroke-opacity",
})


def _unsafe(tokens: list[Any]) -> bool:
    """Whether an identifier or function name in ``tokens`` contains ``expression``, or the
    blocks nest deeper than :data:`markup5.sanitize.css.MAX_NESTING` (tinycss2's serializer
    recurses into blocks: a hostile value would exhaust the stack).  Walked with an explicit
    stack."""
    stack: list[tuple[list[Any], int]] = [(tokens, 0)]
    while stack:
        level, depth = stack.pop()
        for token in level:
            kind = token.type
            if kind == "ident" and "expression" in token.lower_value:
                return True
            if kind == "function":
                if "expression" in token.lower_name:
                    return True
                content = token.arguments
            elif kind in ("() block", "[] block", "{} block"):
                content = token.content
            else:
                continue
            if depth + 1 > _css.MAX_NESTING:
                return True
            stack.append((content, depth + 1))
    return False


class CSSSanitizer:
    """Bleach's ``CSSSanitizer``: keeps the allowed declarations of a ``style`` value."""

    def __init__(self, allowed_css_properties: Iterable[str] = ALLOWED_CSS_PROPERTIES,
                 allowed_svg_properties: Iterable[str] = ALLOWED_SVG_PROPERTIES) -> None:
        if not _css.AVAILABLE:
            raise ImportError("CSSSanitizer needs tinycss2: pip install markup5[css]")
        for label, value in (("allowed_css_properties", allowed_css_properties),
                             ("allowed_svg_properties", allowed_svg_properties)):
            if isinstance(value, str):
                raise TypeError(f"{label} must be a collection of property names, not a str")
        self.allowed_css_properties = allowed_css_properties
        self.allowed_svg_properties = allowed_svg_properties
        self._allowed = frozenset(allowed_css_properties) | frozenset(allowed_svg_properties)

    def sanitize_css(self, style: str) -> str:
        """The declarations of ``style`` that are allowed, as Bleach writes them."""
        if not isinstance(style, str):
            raise TypeError(f"style must be a str, not {type(style).__name__}")
        parsed: list[Any] = tinycss2.parse_declaration_list(style)
        if not parsed:
            return ""
        escaped = _css._escaped_nodes(style, parsed) if "\\" in style else set()
        kept: list[Any] = []
        for index, node in enumerate(parsed):
            kind = node.type
            if kind == "declaration":
                name = node.lower_name
                if (name in self._allowed and name not in _css.NEVER_ALLOWED_PROPERTIES
                        and index not in escaped and not _unsafe(node.value)):
                    kept.append(node)
            elif kind in ("comment", "whitespace"):
                if kept and kept[-1].type != kind:
                    kept.append(node)
            # At-rules and parse errors are dropped, as in Bleach.
        if not kept:
            return ""
        text: str = tinycss2.serialize(kept).strip()
        return text
