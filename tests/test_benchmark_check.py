"""``benchmarks/check.py``: one quick run on two small pages, in each of
its modes.  No timing is asserted: the numbers live in the benchmark's
output."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from dev_tools import import_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return import_benchmark("check")


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    (tmp_path / "a.html").write_bytes(
        b"<!DOCTYPE html><html lang=en><title>a</title><p id=x>1<p id=x>2")
    (tmp_path / "b.html").write_bytes("<p>caf\u00e9 &bogus;".encode("utf-8"))
    (tmp_path / "notes.txt").write_text("not a page")
    return tmp_path


def test_json_reports_the_four_contenders_and_the_ratios(
        bench: ModuleType, pages: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([str(pages), "--rounds", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result["contenders"]) == {bench.PARSE, bench.PARSE_LOCATIONS, bench.CHECK,
                                         bench.CHECK_COLD}
    assert result["cold_check_over_parse"] > 0
    assert result["goal"] == 2.0
    assert all(len(c["rounds_s"]) == 1 for c in result["contenders"].values())
    assert result["check_over_parse"] > 0
    assert result["met"] == (result["check_over_parse"] <= 2.0)


def test_table_and_phases(bench: ModuleType, pages: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([str(pages), "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "check / parse:" in out and "2 files" in out
    assert "check with the CSS caches cleared / parse:" in out
    found = bench.phases(bench.load_bytes(pages), 1)
    assert list(found) == ["parse with source locations", "parse errors (input stream scan)",
                           "the walk (rules and messages)", "taking the tree apart and freeing it"]
    assert all(seconds >= 0 for seconds in found.values())


def test_an_empty_directory_is_an_error(bench: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no .html files"):
        bench.main([str(tmp_path)])


def test_instructions_from_reads_cachegrinds_summary(bench: ModuleType) -> None:
    summary = ("==4242== Cachegrind, a high-precision tracing profiler\n"
               "==4242== \n==4242== I   refs:      4,640,951,735\n")
    assert bench.instructions_from(summary) == 4_640_951_735
    with pytest.raises(ValueError, match="I refs"):
        bench.instructions_from("valgrind: command not found")


def test_count_run_runs_one_contender(bench: ModuleType, pages: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    monkeypatch.setattr(bench, "check", lambda raw: ran.append("check") or [])
    monkeypatch.setattr(bench.markup5, "parse",
                        lambda raw, source_locations=False: ran.append(
                            "located" if source_locations else "parse"))
    monkeypatch.setattr(bench.markup5.css, "_clear_caches", lambda: ran.append("cleared"))
    raws = bench.load_bytes(pages)
    warm_up = ["parse", "check"]  # (the same in every process)
    for which in ("parse", "located", "check"):
        for passes in (1, 2):
            del ran[:]
            bench.count_run(raws, which, passes)
            assert ran == warm_up + (["cleared"] + [which] * len(raws)) * passes
    with pytest.raises(ValueError, match="no contender"):
        bench.count_run(raws, "nothing", 1)


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind (cachegrind)")
def test_instructions_counts_each_contender(bench: ModuleType, pages: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([str(pages), "--instructions", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    counts = result["instructions"]
    assert set(counts) == set(result["processes"]) == {bench.PARSE, bench.PARSE_LOCATIONS,
                                                       bench.CHECK}
    for name, count in counts.items():
        processes = result["processes"][name]
        # One pass: what the second pass added to the process.
        assert count == processes["2 passes"] - processes["1 pass"] > 0
        assert processes["1 pass"] > count
    assert result["check_over_parse"] == round(counts[bench.CHECK] / counts[bench.PARSE], 3)
