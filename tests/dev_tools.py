"""A development tool of ``tools/``, or a script of ``benchmarks/``,
imported for its tests.

The tools are scripts, not a package: each puts ``src/`` and ``tools/`` on
``sys.path`` itself and imports its siblings by name.  A test imports one
with ``tools/`` on the path for the import only, and skips where the tests
run without the tools beside them (an installed copy of the tests).  The
benchmarks likewise, with ``benchmarks/`` on the path for their
``_harness``."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import markup5  # noqa: F401 - imported before a tool, whose path insertions then change nothing

TOOLS = Path(__file__).resolve().parent.parent / "tools"
BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


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


def import_benchmark(name: str) -> ModuleType:
    """The module of ``benchmarks/<name>.py``, loaded under a name of its
    own (``parse``, ``instructions`` ... are common names)."""
    path = BENCHMARKS / f"{name}.py"
    if not path.exists():
        pytest.skip("benchmarks/ is not beside the tests")
    spec = importlib.util.spec_from_file_location(f"markup5_{name}_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    saved = list(sys.path)
    try:
        sys.path.insert(0, str(BENCHMARKS))  # for its "from _harness import ..."
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module
