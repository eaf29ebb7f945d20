"""``benchmarks/check.py``: one quick run on two small pages, in each of
its modes.  No timing is asserted: the numbers live in the benchmark's
output."""

from __future__ import annotations

import json
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
                           "the walk (check of the Document)", "freeing the tree (gc)"]
    assert all(seconds >= 0 for seconds in found.values())


def test_an_empty_directory_is_an_error(bench: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no .html files"):
        bench.main([str(tmp_path)])
