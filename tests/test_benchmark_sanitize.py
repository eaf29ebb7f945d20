"""``benchmarks/sanitize.py``: the snippets it makes, the allowlist every
contender gets, and one quick run on two pages.  No timing is asserted: the
numbers live in the benchmark's output.  Peers that are not installed are
skipped by the benchmark, and the checks here cover the ones that are."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from dev_tools import import_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return import_benchmark("sanitize")


def test_snippets_are_the_same_every_run_and_comment_sized(bench: ModuleType) -> None:
    first = bench.comments(300)
    assert first == bench.comments(300)
    assert first != bench.comments(300, seed=41)
    assert len(first) == 300
    mean = sum(map(len, first)) / len(first)
    assert 150 < mean < 1500
    # Realistic content, with hostile bits in a few of them.
    assert sum("<a href=" in c for c in first) > 30
    assert sum("<li>" in c for c in first) > 10
    hostile = [c for c in first if any(h in c for h in bench._HOSTILE)]
    assert 5 < len(hostile) < 75


def test_the_allowlist_is_markup5s_default_policy(bench: ModuleType) -> None:
    policy = bench.markup5_policy()
    if policy is None:
        assert bench.allowlist_of(None) is bench.FALLBACK
        pytest.skip("markup5.sanitize is not there yet")
    allow = bench.allowlist_of(policy)
    assert allow.elements == policy.elements
    assert allow.url_schemes == policy.url_schemes
    assert allow.link_rel == tuple(policy.link_rel)
    for element in policy.elements:
        assert policy.attributes.get("*", frozenset()) <= allow.attributes_of(element)


HOSTILE = ('<p onclick="x()">hi <a href="javascript:alert(1)">j</a> '
           '<a href="https://example.com/">ok</a><script>alert(2)</script>'
           '<img src=x onerror=alert(3)><iframe src=//evil></iframe></p>')


def test_every_installed_contender_cleans_with_the_allowlist(bench: ModuleType) -> None:
    skipped: list[str] = []
    found = bench.cleaners(bench.allowlist_of(bench.markup5_policy()), skipped)
    assert {name for name, _ in found} | set(skipped) == {
        bench.MARKUP5, bench.BLEACH, bench.JUSTHTML, bench.NH3}
    for name, clean in found:
        out = clean(HOSTILE).lower()
        for unsafe in ("<script", "onclick", "onerror", "javascript:", "<iframe"):
            assert unsafe not in out, (name, out)
        assert 'href="https://example.com/"' in out, (name, out)


def _json_objects(text: str) -> list[dict[str, Any]]:
    decoder = json.JSONDecoder()
    found, position = [], 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position == len(text):
            return found
        value, position = decoder.raw_decode(text, position)
        found.append(value)


def test_a_quick_run_reports_both_workloads(bench: ModuleType, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.html").write_text("<!DOCTYPE html><title>a</title>"
                                     + "<p class=x>text <b>bold</b> <a href=/x>l</a></p>" * 20)
    (tmp_path / "b.html").write_text("<table><tr><td>cell<script>x</script>" * 10)
    (tmp_path / "notes.txt").write_text("not a page")
    assert bench.main([str(tmp_path), "--rounds", "1", "--snippets", "5", "--json"]) == 0
    corpus, snippets = _json_objects(capsys.readouterr().out)
    assert corpus["benchmark"] == "sanitize, corpus (2 pages)"
    assert snippets["benchmark"].startswith("sanitize, comment snippets (5, ")
    for result in (corpus, snippets):
        ran = set(result["contenders"])
        assert ran | set(result["skipped"]) == {bench.MARKUP5, bench.BLEACH, bench.JUSTHTML,
                                                bench.NH3}
        assert set(result["output_size_over_input"]) == ran
        for size in result["output_size_over_input"].values():
            assert 0 < size < 2
        asked = {(r["a"], r["b"]) for r in result["ratios"]}
        assert asked == {(a, b) for a, b, _ in bench.RATIOS if {a, b} <= ran}


def test_bad_arguments_are_usage_errors(bench: ModuleType, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    for argv, message in ((["--every", "0"], "--every must be at least 1"),
                          (["--snippets", "0"], "--snippets must be at least 1")):
        with pytest.raises(SystemExit):
            bench.main([str(tmp_path), *argv])
        assert message in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main([str(tmp_path / "missing")])
    assert "not a directory" in capsys.readouterr().err
