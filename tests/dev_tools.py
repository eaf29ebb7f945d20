"""A development tool of ``tools/`` imported for its tests.

The tools are scripts, not a package: each puts ``src/`` and ``tools/`` on
``sys.path`` itself and imports its siblings by name.  A test imports one
with ``tools/`` on the path for the import only, and skips where the tests
run without the tools beside them (an installed copy of the tests)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

import markup5  # noqa: F401 - imported before a tool, whose path insertions then change nothing

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def import_tool(name: str) -> ModuleType:
    """The module of ``tools/<name>.py``."""
    if not (TOOLS / f"{name}.py").exists():
        pytest.skip("tools/ is not beside the tests")
    saved = list(sys.path)
    try:
        sys.path.insert(0, str(TOOLS))
        return importlib.import_module(name)
    finally:
        sys.path[:] = saved
