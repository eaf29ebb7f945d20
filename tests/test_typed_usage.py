"""examples/typed_usage.py, a user's script, runs and passes ``mypy --strict``.

The mypy check uses ``--follow-imports=silent``: mypy still reads markup5's
modules for their types, so the script is checked against the package's
public signatures (a call with a wrong argument, or a result used as the
wrong type, is an error in the script), but errors *inside* the package are
not reported here.  That is what a user running ``mypy --strict`` on their
own code sees for an installed package; it also keeps this test about the
public API, independent of how markup5 is found (an installed copy, an
editable install, ``src`` on MYPYPATH).  The package's own ``mypy --strict``
is a separate check.  Skipped when mypy is not installed.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import markup5

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "typed_usage.py"


def test_package_ships_type_information():
    assert (Path(markup5.__file__).parent / "py.typed").is_file()


def test_sample_runs():
    done = subprocess.run([sys.executable, str(SAMPLE)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "encoding: UTF-8 certain mode: no-quirks" in done.stdout
    assert '<li class="dish">Mushy peas</li>' in done.stdout


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy not installed")
def test_sample_passes_mypy_strict(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--cache-dir", str(tmp_path / "mypy-cache"), "--no-error-summary", str(SAMPLE)],
        capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
