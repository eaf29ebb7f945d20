"""tools/slow_tests.py and the list it writes (the quick subset, README "Set up")."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("slow_tests", ROOT / "tools" / "slow_tests.py")
assert _spec is not None and _spec.loader is not None
slow_tests = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(slow_tests)

_REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
<testcase classname="tests.test_a" name="test_fast" time="0.010"/>
<testcase classname="tests.test_a" name="test_slow" time="0.500"/>
<testcase classname="tests.test_a.TestDeep" name="test_k[1]" time="0.300"/>
<testcase classname="tests.test_a.TestDeep" name="test_k[2]" time="0.001"/>
<testcase classname="tests.test_b" name="test_many[x-1]" time="0.001"/>
<testcase classname="tests.test_b" name="test_many[x-2]" time="0.200"/>
<testcase classname="tests.test_b" name="test_many[x-3]" time="0.001"/>
</testsuite></testsuites>
"""


def test_node_ids_from_junit_names() -> None:
    assert slow_tests.node_id("tests.test_a", "test_x[1]") == "tests/test_a.py::test_x[1]"
    assert (slow_tests.node_id("tests.test_a.TestDeep.TestInner", "test_y")
            == "tests/test_a.py::TestDeep::TestInner::test_y")


def test_small_families_whole_large_ones_case_by_case(tmp_path: Path) -> None:
    report = tmp_path / "junit.xml"
    report.write_text(_REPORT, encoding="utf-8")
    assert slow_tests.slow_ids(str(report), 0.1, 2) == [
        "tests/test_a.py::TestDeep::test_k",
        "tests/test_a.py::test_slow",
        "tests/test_b.py::test_many[x-2]",
    ]


def test_every_listed_test_exists() -> None:
    """A renamed or removed test must leave the list too: the list names only collected tests."""
    listed = [line.strip() for line in (ROOT / "tests" / "slow_tests.txt").read_text(
        encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    assert listed, "tests/slow_tests.txt names no test"
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=",
                          "-p", "no:cacheprovider", "-m", "slow", str(ROOT / "tests")],
                         cwd=ROOT, capture_output=True, text=True, check=False).stdout
    collected = {line.strip() for line in out.splitlines() if "::" in line}
    bases = {nid.partition("[")[0] for nid in collected}
    missing = [nid for nid in listed if nid not in collected and nid not in bases]
    assert not missing, f"listed in tests/slow_tests.txt but not collected: {missing}"


@pytest.mark.parametrize("argv", [["--help"]])
def test_cli_help(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        slow_tests.main(argv)
    assert exit_info.value.code == 0
