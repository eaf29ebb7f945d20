"""``benchmarks/instructions.py``: reading callgrind's count, and (where
valgrind is installed) one count of markup5 on two small pages.  No timing
or count is asserted beyond its being there: the numbers live in the
benchmark's output."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest
from dev_tools import import_benchmark


@pytest.fixture
def bench() -> ModuleType:
    return import_benchmark("instructions")


def test_collected_reads_the_summary_line(bench: ModuleType) -> None:
    stderr = ("==4242== Callgrind, a call-graph generating cache profiler\n"
              "==4242== Events    : Ir\n==4242== Collected : 123456789\n==4242== \n"
              "==4242== I   refs:      123,456,789\n")
    assert bench.collected(stderr) == 123456789


def test_collected_without_a_summary_is_an_error(bench: ModuleType) -> None:
    with pytest.raises(RuntimeError, match="no callgrind summary"):
        bench.collected("valgrind: command not found\n")


def test_every_job_names_markup5_first(bench: ModuleType) -> None:
    for job, contenders in bench.JOBS.items():
        assert contenders[0] == (f"markup5.{job}", "markup5")


def test_bad_arguments_are_usage_errors(bench: ModuleType, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main([str(tmp_path / "missing")])
    assert "not a directory" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main([str(tmp_path), "--every", "0"])
    assert "--every must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main([str(tmp_path), "--python", str(tmp_path / "no-such-python")])
    assert "not an interpreter" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_counts_markup5_on_two_pages(bench: ModuleType, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.html").write_text("<!DOCTYPE html><title>a</title>"
                                     + "<p class=x>text <b>bold</b></p>" * 200)
    (tmp_path / "b.html").write_text("<table><tr><td>cell" * 100)
    (tmp_path / "notes.txt").write_text("not a page")
    monkeypatch.setitem(bench.JOBS, "parse", bench.JOBS["parse"][:1])  # markup5 alone
    valgrind = shutil.which("valgrind")
    result = bench.measure("parse", tmp_path, 1, valgrind)
    assert result["pages"] == 2 and result["skipped"] == [] and result["ratios"] == {}
    assert set(result["instructions"]) == {"markup5.parse"}
    assert result["instructions"]["markup5.parse"] > 0
    # The children ran this interpreter and the markup5 these tests import.
    import markup5.html.parser.modes as modes
    assert result["python"] == sys.executable
    assert Path(result["markup5_module"]).resolve() == Path(modes.__file__).resolve()
