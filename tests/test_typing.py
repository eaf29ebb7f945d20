"""The package type-checks under ``mypy --strict`` (the annotations are what
the compiled build (mypyc) is made from, so they must hold everywhere).

Skipped when mypy is not installed (it is in the ``test`` extra)."""

from __future__ import annotations

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
