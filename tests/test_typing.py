"""The package type-checks under ``mypy --strict`` (the annotations are what
the compiled build (mypyc) is made from, so they must hold everywhere), and
so do the benchmarks in ``benchmarks/`` (scripts that call the package's
public API the way a typed caller would, and that no other check covers).

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


def test_mypy_strict_passes_on_the_benchmarks() -> None:
    """``--ignore-missing-imports``: the peers the benchmarks measure
    (justhtml, html5lib, selectolax, lxml, bs4) are optional and need not be
    installed where the tests run, and lxml ships no stubs even when it is;
    what they return is ``Any`` to mypy, while markup5 itself (found through
    ``MYPYPATH``, the checkout's ``src``) is checked strictly."""
    pytest.importorskip("mypy")
    benchmarks = ROOT / "benchmarks"
    if not benchmarks.is_dir():  # pragma: no cover - tests run from a checkout
        pytest.skip("no benchmarks/ beside the tests")
    env = os.environ.copy()
    env["MYPYPATH"] = str(ROOT / "src")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--cache-dir", "/dev/null", "--ignore-missing-imports", "benchmarks"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout
