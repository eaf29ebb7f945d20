"""Import Bleach's own test modules (vendored unchanged in tests/fixtures/bleach/) against
markup5.sanitize.bleach_compat.

:func:`load_vendored` imports one vendored test file with ``bleach`` and its submodules
mapped to the compatibility layer, only for the time of that import: the real Bleach may be
installed (benchmarks/sanitize.py measures it), so ``sys.modules`` is restored afterwards.
The test functions keep the names they imported (``clean``, ``Cleaner``, ...), which are
markup5's.

Two names Bleach's tests import are html5lib internals, not Bleach's API, so they are stood
in for here: ``bleach.html5lib_shim.Filter`` (an html5lib token-stream filter base class;
markup5's ``Cleaner`` runs tree filters and refuses stream filters with a TypeError) and
``bleach._vendor.html5lib.constants.rcdataElements`` (the HTML standard's list of elements
whose content html5lib's tokenizer reads as raw text or RCDATA).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import Any

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "bleach")

_MAPPED = ("bleach", "bleach.sanitizer", "bleach.css_sanitizer", "bleach.linkifier",
           "bleach.callbacks", "bleach.html5lib_shim", "bleach._vendor",
           "bleach._vendor.html5lib", "bleach._vendor.html5lib.constants")


class Filter:
    """Stand-in for html5lib's ``Filter`` base class (a token-stream filter)."""

    def __init__(self, source: Any) -> None:
        self.source = source

    def __iter__(self) -> Iterator[Any]:
        return iter(self.source)


def _stand_ins() -> dict[str, ModuleType]:
    from markup5.sanitize import bleach_compat
    from markup5.sanitize.bleach_compat import (callbacks, css_sanitizer, linkifier,
                                                sanitizer)
    shim = ModuleType("bleach.html5lib_shim")
    shim.Filter = Filter  # type: ignore[attr-defined]
    vendor = ModuleType("bleach._vendor")
    html5lib = ModuleType("bleach._vendor.html5lib")
    constants = ModuleType("bleach._vendor.html5lib.constants")
    constants.rcdataElements = frozenset(  # type: ignore[attr-defined]
        {"style", "script", "xmp", "iframe", "noembed", "noframes", "noscript"})
    return {"bleach": bleach_compat, "bleach.sanitizer": sanitizer,
            "bleach.css_sanitizer": css_sanitizer, "bleach.linkifier": linkifier,
            "bleach.callbacks": callbacks, "bleach.html5lib_shim": shim,
            "bleach._vendor": vendor, "bleach._vendor.html5lib": html5lib,
            "bleach._vendor.html5lib.constants": constants}


def load_vendored(filename: str) -> ModuleType:
    """Import tests/fixtures/bleach/``filename`` with ``bleach`` mapped to markup5's
    compatibility layer during the import; ``sys.modules`` is restored afterwards."""
    name = "bleach_vendored_" + filename.removesuffix(".py")
    if name in sys.modules:
        return sys.modules[name]
    saved = {key: sys.modules.get(key) for key in _MAPPED}
    sys.modules.update(_stand_ins())
    try:
        spec = importlib.util.spec_from_file_location(name, os.path.join(FIXTURES, filename))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    finally:
        for key, value in saved.items():
            if value is None:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = value
    return module


def exported_tests(module: ModuleType, skips: Mapping[str, str],
                   on_each: Callable[[str, object], None] | None = None) -> dict[str, object]:
    """The tests a vendored ``module`` defines (the functions and classes pytest
    collects), for a runner's ``globals().update(...)``: those named in ``skips``
    (``"test_x"`` or ``"TestY.test_z"``) marked skipped with their reason, and
    ``on_each(name, value)`` called on each (to mark single parametrized cases)."""
    import pytest
    tests: dict[str, object] = {}
    for name, value in vars(module).items():
        if not (name.startswith("test_") or name.startswith("Test")):
            continue
        if name in skips:
            value = pytest.mark.skip(reason=skips[name])(value)
        if on_each is not None:
            on_each(name, value)
        if isinstance(value, type):
            for method in dir(value):
                if f"{name}.{method}" in skips:
                    pytest.mark.skip(reason=skips[f"{name}.{method}"])(getattr(value, method))
        tests[name] = value
    return tests
