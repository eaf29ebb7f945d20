"""Bleach 6.4.0's own linkify and callbacks tests, run against markup5.sanitize.bleach_compat.

The test files are vendored unchanged in tests/fixtures/bleach/ (with Bleach's LICENSE);
tests/bleach_shim.py imports them with ``bleach``, ``bleach.linkifier``, ``bleach.callbacks``
and ``bleach.sanitizer`` mapped to the compatibility modules, and this module re-exports
their tests so that pytest collects each one here, under its own name.

The skip list below holds the deliberate differences, each with its reason (they are also
listed in docs/sanitizing.md, "Migrating from Bleach"): where Bleach's html5lib-based output
is not what a browser parses, markup5 follows the browser.
"""

from __future__ import annotations

import types

from bleach_shim import exported_tests, load_vendored

_SKIPS: dict[str, str] = {
    # Bleach's linkify does not decode character references in text; a browser does, and
    # "&para" is one of the legacy references recognized without a semicolon in text (HTML
    # "named character reference state"; in attribute values only it is left alone when an
    # alphanumeric follows).  Chromium's innerHTML of "?array[]=1&params_in[]=2" is
    # "?array[]=1¶ms_in[]=2", which is what markup5 parses and links.
    "test_link_with_qs_with_array":
        "'&params' holds the reference '&para' (a browser reads '\u00b6ms'); Bleach leaves "
        "references undecoded",
    # Same tree, different spelling: markup5 decodes "&rsquo;" to U+2019 and the HTML
    # fragment serialization algorithm writes it as the character (only &, <, >, U+00A0 and,
    # in attributes, " are escaped), as Chromium's innerHTML gives "Some&nbsp;entity\u2019s".
    "test_link_entities_in_a_tag":
        "character references are decoded and re-serialized as the HTML serialization "
        "algorithm (and Chromium) writes them: '&rsquo;' comes back as '\u2019'",
}


def _exported(module: types.ModuleType) -> dict[str, object]:
    """The module's tests, the skipped ones marked."""
    return exported_tests(module, _SKIPS)


_LINKIFY = load_vendored("test_linkify.py")
_CALLBACKS = load_vendored("test_callbacks.py")

globals().update(_exported(_LINKIFY))
globals().update(_exported(_CALLBACKS))


def test_every_skip_names_a_vendored_test() -> None:
    names = set(vars(_LINKIFY)) | set(vars(_CALLBACKS))
    assert set(_SKIPS) <= names, set(_SKIPS) - names
