"""``benchmarks/parse.py``: how ``--pieces`` cuts the corpus.  No timing is
asserted: the numbers live in the benchmark's output."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from dev_tools import import_benchmark


@pytest.fixture
def bench() -> ModuleType:
    return import_benchmark("parse")


def test_pieces_cut_each_page_before_a_tag(bench: ModuleType) -> None:
    pages = ["<p>" + "x" * 10 + "<b>y</b>" + "z" * 20 + "<i>", "short", "", "<<<<"]
    found = bench.pieces(pages, 8)
    # Each piece is 8 characters and what follows them up to the next "<",
    # or to the end of its page; an empty page gives none.
    assert found == ["<p>xxxxxxxxxx", "<b>y</b>" + "z" * 20, "<i>", "short", "<<<<"]
    assert "".join(found) == "".join(pages)


def test_pieces_stop_at_the_limit(bench: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "MAX_PIECES", 3)
    assert bench.pieces(["<a>1234<b>5678<c>9"] * 2, 4) == ["<a>1234", "<b>5678", "<c>9"]


def test_pieces_must_be_positive(bench: ModuleType, capsys: pytest.CaptureFixture[str],
                                 tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        bench.main(["--pieces", "0", str(tmp_path)])  # (a directory, which is checked first)
    assert "--pieces must be at least 1" in capsys.readouterr().err
