"""HTML's rule for custom element names (§4.13.3 "valid custom element
name"), shared by the fragment parser's context check
(:mod:`markup5.html.contexts`) and the ``:defined`` pseudo-class
(:mod:`markup5.selectors.htmlrules`), which sit on either side of the DOM:
the rule lives here, below both."""

from __future__ import annotations

import re

__all__ = ["RESERVED_CUSTOM_ELEMENT_NAMES", "is_valid_custom_element_name"]

# HTML §4.13.3 "valid custom element name": these hyphenated names belong
# to SVG and MathML and can never be custom elements.
RESERVED_CUSTOM_ELEMENT_NAMES = frozenset({
    "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri",
    "font-face-format", "font-face-name", "missing-glyph",
})

# A valid custom element name (the 2025 relaxed definition, which Chromium
# ships): an ASCII lower alpha first, a '-' somewhere, and none of ASCII
# upper alpha, ASCII whitespace, NULL, '/' or '>'.
_CUSTOM_ELEMENT_NAME = re.compile(r"[a-z][^\x00\t\n\f\r />A-Z]*\Z")


def is_valid_custom_element_name(name: str) -> bool:
    """HTML §4.13.3: whether ``name`` is a valid custom element name."""
    return ("-" in name and _CUSTOM_ELEMENT_NAME.match(name) is not None
            and name not in RESERVED_CUSTOM_ELEMENT_NAMES)
