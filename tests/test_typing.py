"""The package type-checks under ``mypy --strict`` (the annotations are what
the compiled build (mypyc) is made from, so they must hold everywhere), and
so do the scripts beside it that call its API the way a typed caller would
and that no other check covers: the benchmarks in ``benchmarks/``, the
differential and data tools in ``tools/`` and the fuzzing harnesses and
their driver in ``fuzz/``.

Skipped when mypy is not installed (it is in the ``test`` extra)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_passes_on_the_package() -> None:
    pytest.importorskip("mypy")
    package = ROOT / "src" / "markup5"
    if not package.is_dir():  # pragma: no cover - tests run from a checkout
        pytest.skip("no src/markup5 beside the tests")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--cache-dir", "/dev/null", str(package)],
        capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


#: The directories beside the package that are checked, each a test of its own.
SCRIPT_DIRECTORIES = ("benchmarks", "tools", "fuzz")


@pytest.mark.parametrize("directory", SCRIPT_DIRECTORIES)
def test_mypy_strict_passes_on_the_scripts(directory: str) -> None:
    """One test per directory (``[benchmarks]``, ``[tools]``, ``[fuzz]``).

    ``--ignore-missing-imports``: the peers the benchmarks measure
    (justhtml, html5lib, selectolax, lxml, bs4) and what the tools and the
    fuzzer use beside markup5 (lxml, griffe, atheris) are optional and need
    not be installed where the tests run, and lxml ships no stubs even when
    it is; what they return is ``Any`` to mypy, while markup5 itself (found
    through ``MYPYPATH``, the checkout's ``src``) is checked strictly.

    mypy is given the directory, from the checkout's root.
    ``benchmarks/`` and ``tools/`` hold scripts (no ``__init__.py``): each
    file is a module of its own, and one that imports a sibling (``from
    browser_diff import ...``) finds it in the same directory.  ``fuzz/``
    is a package, run as ``python -m fuzz``, whose modules import each
    other relatively (``from . import runner``): finding its
    ``__init__.py``, mypy checks the files as ``fuzz.runner``,
    ``fuzz.harnesses``, ..., so those imports resolve, as with ``-p fuzz``
    (which would also take the data directories ``fuzz/findings`` and
    ``fuzz/runs`` for namespace packages)."""
    pytest.importorskip("mypy")
    if not (ROOT / directory).is_dir():  # pragma: no cover - tests run from a checkout
        pytest.skip(f"no {directory}/ beside the tests")
    env = os.environ.copy()
    env["MYPYPATH"] = str(ROOT / "src")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--cache-dir", "/dev/null", "--ignore-missing-imports", directory],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout
