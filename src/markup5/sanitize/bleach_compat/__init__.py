"""A migration layer with Bleach's API: ``clean`` and ``linkify`` on markup5.

Bleach (https://github.com/mozilla/bleach), built on html5lib, is deprecated.  This package
gives its public names and signatures so that code written for it runs unchanged on
markup5's parser and sanitizer::

    from markup5.sanitize.bleach_compat import clean, linkify

Where Bleach's html5lib output is not what a browser parses, this layer follows the browser;
``docs/sanitizing.md`` ("Migrating from Bleach") lists every deliberate difference.
"""

from __future__ import annotations

# Helper B's names (sanitizer.py, css_sanitizer.py):
from .sanitizer import (ALLOWED_ATTRIBUTES, ALLOWED_PROTOCOLS, ALLOWED_TAGS, Cleaner,
                        NoCssSanitizerWarning, clean)
from .css_sanitizer import CSSSanitizer
# Helper C's names (linkifier.py, callbacks.py):
from .callbacks import nofollow, target_blank
from .linkifier import DEFAULT_CALLBACKS, Linker, linkify

__all__ = [
    "ALLOWED_ATTRIBUTES", "ALLOWED_PROTOCOLS", "ALLOWED_TAGS", "CSSSanitizer", "Cleaner",
    "DEFAULT_CALLBACKS", "Linker", "NoCssSanitizerWarning", "clean", "linkify", "nofollow",
    "target_blank",
]
