"""The conformance-checkers suite through ``markup5.conformance``, and the offline parts of
the measuring tools (``tools/fetch_vnu.py``, ``tools/conformance_suite.py``,
``tools/vnu_diff.py``).

The suite's agreement rates are far from issue 43's goals, so nothing here asserts a
rate: every document must check without an exception, in work that grows linearly with
its size (counted, never timed), and the documents where the verdict agrees with the
expectation must not fall below :data:`MEASURED_FLOOR`, the number last measured.  Without
``markup5.conformance`` those tests skip, saying so.  vnu itself (Java) never runs here:
its JSON report is read from a recorded one (``tests/fixtures/vnu-output/``)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import subprocess
import sys
import tarfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import conformance_suite  # noqa: E402
import fetch_vnu  # noqa: E402
import vnu_diff  # noqa: E402

RECORDED = ROOT / "tests" / "fixtures" / "vnu-output"

#: The suite's documents whose verdict agreed with the expectation at the last run of
#: ``python tools/conformance_suite.py`` (the lead raises it as rules land; it may only go
#: up).  2026-11-29 09:05 UTC: 2,501 of 2,552 (isvalid 188/237, novalid 2272/2274,
#: haswarn 41/41); vnu 26.9.27 gets 2,498; at the first ``check()`` (03:34) it was 489.
MEASURED_FLOOR = 2501


# --- vnu's JSON report (recorded) -------------------------------------------------------

def _recorded() -> dict[str, list[fetch_vnu.VnuMessage]]:
    report = fetch_vnu.parse_vnu_json((RECORDED / "report.json").read_text(encoding="utf-8"))
    return {path.name: messages for path, messages in report.items()}


def _line_and_column(text: str, needle: str, end: bool = False) -> tuple[int, int]:
    """1-based line and column of *needle*'s first (or last) character in *text*."""
    index = text.index(needle) + (len(needle) - 1 if end else 0)
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def test_recorded_report_by_file_and_severity() -> None:
    report = _recorded()
    assert set(report) == {"tiny.html"}  # valid.html drew no message
    assert [m.severity for m in report["tiny.html"]] == [
        "error", "error", "warning", "warning", "error"]
    assert all(m.sub_type == "warning" for m in report["tiny.html"] if m.severity == "warning")


def test_recorded_positions_are_vnus_spans_of_the_source() -> None:
    source = (RECORDED / "tiny.html").read_text(encoding="utf-8")
    width, alt, section, _script, stray = _recorded()["tiny.html"]
    # The img start tag spans two lines: vnu gives firstLine.
    start = _line_and_column(source, "<img")
    end = _line_and_column(source, 'width="x">', end=True)
    for message in (width, alt):
        assert (message.first_line, message.first_column) == start
        assert (message.last_line, message.last_column) == end
    # On one line vnu leaves firstLine out: it is lastLine.
    assert section.first_line == section.last_line == _line_and_column(source, "<section")[0]
    assert (stray.first_line, stray.first_column) == _line_and_column(source, "</i>")
    assert (stray.last_line, stray.last_column) == _line_and_column(source, "</i>", end=True)
    assert "Stray end tag" in stray.message and "“i”" in stray.message


def test_message_types() -> None:
    info = fetch_vnu.message_from_json({"type": "info", "message": "m", "lastLine": 2})
    assert (info.severity, info.first_line, info.last_line, info.first_column) == (
        "info", 2, 2, None)
    fatal = fetch_vnu.message_from_json({"type": "error", "subType": "fatal", "message": "f"})
    assert (fatal.severity, fatal.sub_type, fatal.first_line) == ("error", "fatal", None)
    io_error = fetch_vnu.message_from_json({"type": "non-document-error", "message": "x"})
    assert io_error.severity == "non-document-error"
    with pytest.raises(ValueError, match="unknown vnu message type"):
        fetch_vnu.message_from_json({"type": "remark"})
    with pytest.raises(ValueError, match="no 'messages' list"):
        fetch_vnu.parse_vnu_json('{"version": "1"}')


def test_path_of_url() -> None:
    assert fetch_vnu.path_of_url("file:/a%20b/c.html") == Path("/a b/c.html")
    with pytest.raises(ValueError, match="not a file: URL"):
        fetch_vnu.path_of_url("https://example.com/")


def test_integrity_and_jar_extraction() -> None:
    jar = b"PK\x03\x04 not really a jar"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        member = tarfile.TarInfo(fetch_vnu.MEMBER)
        member.size = len(jar)
        archive.addfile(member, io.BytesIO(jar))
    tarball = buffer.getvalue()
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball).digest()).decode()
    assert fetch_vnu.integrity_matches(tarball, digest)
    assert not fetch_vnu.integrity_matches(tarball + b"x", digest)
    assert fetch_vnu.extract_jar(tarball) == jar
    with pytest.raises(ValueError, match="sha512-"):
        fetch_vnu.integrity_matches(tarball, "sha1-abc")


def test_run_vnu_reads_cached_reports_without_java(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "tiny.html"
    page.write_bytes((RECORDED / "tiny.html").read_bytes())
    items = json.loads((RECORDED / "report.json").read_text(encoding="utf-8"))["messages"]
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / f"{fetch_vnu._cache_key(page.resolve(), [])}.json").write_text(json.dumps(items))

    def no_java(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("vnu ran although its report was cached")

    monkeypatch.setattr(subprocess, "run", no_java)
    monkeypatch.setattr(fetch_vnu, "vnu_jar", no_java)
    report = fetch_vnu.run_vnu([page], cache=cache)
    assert [m.severity for m in report[page.resolve()]] == [
        "error", "error", "warning", "warning", "error"]
    # Another page's bytes: another key, so vnu would run.
    page.write_bytes(b"<!DOCTYPE html><title>x</title>")
    with pytest.raises(AssertionError, match="vnu ran"):
        fetch_vnu.run_vnu([page], cache=cache)


# --- tools/vnu_diff.py -------------------------------------------------------------------

def test_vnu_diff_matches_by_shared_lines() -> None:
    vnu = _recorded()["tiny.html"]  # errors on lines 4-5, 4-5 and 8
    source = (RECORDED / "tiny.html").read_text(encoding="utf-8")
    line, col = _line_and_column(source, "</i>")
    ours = [vnu_diff.Ours("bad-attribute-value", 5, 5, "width"),  # inside the img tag's lines
            vnu_diff.Ours("duplicate-id", 2, 2, "not vnu's"),
            vnu_diff.Ours("unexpected-end-tag", line, line, "</i>", col)]
    result = vnu_diff.compare("tiny.html", vnu, ours)
    assert len(result.vnu) == 3  # the errors only
    assert result.matched == [True, True, True]
    assert result.unmatched_ours == [ours[1]]
    assert vnu_diff.summary([result]) == (
        "vnu_diff: 1 pages, vnu errors 3, reported by markup5 at the same line 3 (100.0%); "
        "at the same first line and column 1 (33.3%)")
    result = vnu_diff.compare("tiny.html", vnu, ours[:2])
    assert result.matched == [True, True, False] and result.same_start == 0


def test_vnu_diff_leaves_out_what_follows_a_fatal_error() -> None:
    fatal = fetch_vnu.message_from_json({"type": "error", "subType": "fatal", "lastLine": 3,
                                         "message": "Cannot recover after last error."})
    ours = [vnu_diff.Ours("a", 1, 1, ""), vnu_diff.Ours("b", 9, 9, "")]
    result = vnu_diff.compare("p.html", [fatal], ours)
    assert result.unmatched_ours == [ours[0]] and result.after_stop == 1


def test_vnu_diff_reads_messages_duck_typed() -> None:
    class Message:
        def __init__(self, severity: str, line: int, end_line: int) -> None:
            self.severity, self.line, self.end_line = severity, line, end_line
            self.code, self.message = "c", "m"

    errors = vnu_diff.our_errors([Message("warning", 1, 1), Message("error", 3, 2),
                                  Message("error", 4, 6)])
    assert [(e.line, e.end_line, e.col) for e in errors] == [(3, 3, 0), (4, 6, 0)]


def test_vnu_message_kinds() -> None:
    bad = "Bad value “x” for attribute “width” on element “img”: Bad number: Expected a digit."
    assert vnu_diff.message_kind(bad) == (
        "Bad value “…” for attribute “…” on element “…”: Bad number:")
    assert conformance_suite.message_kind(bad, names=True) == (
        "Bad value “…” for attribute “width” on element “img”: Bad number:")
    assert vnu_diff.message_kind("Duplicate ID “a1”.") == "Duplicate ID “…”."
    assert vnu_diff.message_kind("skipping 2 heading levels.") == "skipping N heading levels."


# --- tools/conformance_suite.py ----------------------------------------------------------

def test_expectations_and_agreement() -> None:
    assert conformance_suite.expectation_of("html/elements/a/x-novalid.html") == "novalid"
    assert conformance_suite.expectation_of("html/media-queries/source-isvalid.txt") is None
    assert conformance_suite.expectation_of("html/media-queries/012-valid.html") is None
    valid = conformance_suite.verdict_of(["info"])
    warned = conformance_suite.verdict_of(["warning", "info"])
    invalid = conformance_suite.verdict_of(["warning", "error"])
    table = {"isvalid": (True, True, False), "novalid": (False, False, True),
             "haswarn": (False, True, False)}
    for expectation, wanted in table.items():
        got = tuple(conformance_suite.agrees(expectation, v) for v in (valid, warned, invalid))
        assert got == wanted, expectation
    with pytest.raises(ValueError, match="unknown expectation"):
        conformance_suite.agrees("valid", valid)
    crashed = conformance_suite.Verdict(error=False, warning=False, crashed=True)
    assert not any(conformance_suite.agrees(e, crashed) for e in table)


def test_a_checker_that_raises_is_measured(tmp_path: Path) -> None:
    files = conformance_suite.suite_files()[:3]

    def fails_on_the_second(data: bytes) -> list[Any]:
        if data == (conformance_suite.SUITE / files[1].name).read_bytes():
            raise RuntimeError("boom")
        return []

    failures: dict[str, str] = {}
    verdicts = conformance_suite.check_suite(files, fails_on_the_second, failures=failures)
    assert failures == {files[1].name: "RuntimeError('boom')"}
    assert [verdicts[entry.name].crashed for entry in files] == [False, True, False]
    with pytest.raises(RuntimeError, match="boom"):
        conformance_suite.check_suite(files, fails_on_the_second)


def test_vendored_suite() -> None:
    files = conformance_suite.suite_files()
    names = {entry.name for entry in files}
    assert len(files) == 2552  # html/: 2,560 files less the Makefile, 4 .txt, 3 "-valid"
    assert all(name.startswith("html/") for name in names)
    # Every -novalid and -haswarn file has vnu's expected message; -isvalid ones none.
    assert all(bool(entry.expected_message) == (entry.expectation != "isvalid")
               for entry in files)
    aria = conformance_suite.suite_files(directories=("html-aria",))
    assert len(aria) == 26


def test_tally_line_and_grouping() -> None:
    files = [conformance_suite.SuiteFile("html/a/1-isvalid.html", "isvalid"),
             conformance_suite.SuiteFile("html/a/2-novalid.html", "novalid", "m"),
             conformance_suite.SuiteFile("html/b/3-novalid.html", "novalid", "m"),
             conformance_suite.SuiteFile("html/b/4-haswarn.html", "haswarn", "w")]
    nothing = conformance_suite.check_suite([], None)
    assert nothing == {}
    verdicts = {entry.name: conformance_suite.Verdict(error=False, warning=False)
                for entry in files}
    tally = conformance_suite.tally(files, verdicts)
    assert tally.line("agrees") == (
        "4 files, agrees on 1 (25.0%); isvalid ok 1/1, novalid ok 0/2, haswarn ok 0/1")
    groups = conformance_suite.disagreements_by_directory(files, verdicts)
    assert [(directory, len(entries)) for directory, entries in groups] == [
        ("html/b", 2), ("html/a", 1)]
    page = conformance_suite.status_markdown([tally.line("agrees")], groups)
    assert "| html/b | 2 | 1 haswarn, 1 novalid | 1× m; 1× w |" in page
    assert conformance_suite.SuiteFile("html/elements/a/href/x-novalid.html",
                                       "novalid").group == "html/elements/a"


def test_a_missing_checker_means_no_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setattr(conformance_suite.importlib, "import_module", missing)
    check, why = conformance_suite.load_checker()
    assert check is None and "markup5.conformance is not there" in why
    files = conformance_suite.suite_files()[:5]
    verdicts = conformance_suite.check_suite(files, None)
    assert all(verdict.valid and not verdict.warning for verdict in verdicts.values())


# --- the suite through markup5.conformance -----------------------------------------------

@pytest.fixture(scope="module")
def check() -> conformance_suite.Checker:
    found, why = conformance_suite.load_checker()
    if found is None:
        pytest.skip(why)
    return found


@pytest.fixture(scope="module")
def messages(check: conformance_suite.Checker) -> dict[str, list[Any]]:
    """Every document checked once: its messages, by name (an exception in ``check``
    fails the tests that use this, naming the document)."""
    found = {}
    for entry in conformance_suite.suite_files():
        try:
            found[entry.name] = list(check((conformance_suite.SUITE / entry.name).read_bytes()))
        except Exception as error:  # pragma: no cover - the failure being reported
            pytest.fail(f"check() raised on {entry.name}: {error!r}")
    return found


def test_every_document_checks(messages: dict[str, list[Any]]) -> None:
    for name, found in messages.items():
        for message in found:
            assert message.severity in ("error", "warning", "info"), (name, message)
            assert message.line >= 1 and message.col >= 1, (name, message)


def test_agreement_does_not_fall(messages: dict[str, list[Any]]) -> None:
    files = conformance_suite.suite_files()
    verdicts = {name: conformance_suite.verdict_of(conformance_suite.severities(found))
                for name, found in messages.items()}
    tally = conformance_suite.tally(files, verdicts)
    assert tally.agreed >= MEASURED_FLOOR, tally.line("verdict agrees with the expectation")


@pytest.fixture()
def count_calls() -> Iterator[Callable[[Callable[[], object]], int]]:
    """Runs a function and counts the Python and C function calls it makes."""
    def counted(run: Callable[[], object]) -> int:
        calls = [0]

        def profile(frame: object, event: str, arg: object) -> None:
            if event in ("call", "c_call"):
                calls[0] += 1

        sys.setprofile(profile)
        try:
            run()
        finally:
            sys.setprofile(None)
        return calls[0]

    yield counted


#: The work (counted calls) of ``check`` on a suite document, parse included, at most
#: this many times that of ``markup5.parse(data, source_locations=True)`` on it: the
#: parse is linear, so this keeps checking linear on every document.  (Issue 43's goal is
#: "checking costs at most 2x parsing"; measured 2026-11-29: at most 2.23x, median 1.5x,
#: with the parser not compiled.)
WORK_PER_PARSE_WORK = 4


def test_every_document_checks_in_work_proportional_to_its_parse(
        check: conformance_suite.Checker,
        count_calls: Callable[[Callable[[], object]], int]) -> None:
    import markup5
    import markup5._tokenizer_core as core

    if not str(core.__file__).endswith(".py"):
        pytest.skip("the compiled parser (mypyc): its work is not seen as calls")
    over = []
    for entry in conformance_suite.suite_files():
        data = (conformance_suite.SUITE / entry.name).read_bytes()
        parse = count_calls(lambda: markup5.parse(data, source_locations=True))
        work = count_calls(lambda: check(data))
        if work > WORK_PER_PARSE_WORK * parse:
            over.append((entry.name, parse, work))
    assert not over, over[:10]


def _scaling_sample(limit: int = 30_000, count: int = 12) -> list[conformance_suite.SuiteFile]:
    """The largest document of each directory up to *limit* bytes, the *count* largest."""
    largest: dict[str, tuple[int, conformance_suite.SuiteFile]] = {}
    for entry in conformance_suite.suite_files():
        size = (conformance_suite.SUITE / entry.name).stat().st_size
        if size <= limit and size > largest.get(entry.directory, (-1, entry))[0]:
            largest[entry.directory] = (size, entry)
    return [entry for _, entry in sorted(largest.values(), key=lambda item: -item[0])][:count]


@pytest.mark.parametrize("entry", _scaling_sample(), ids=lambda entry: entry.name)
def test_work_grows_linearly(check: conformance_suite.Checker,
                             count_calls: Callable[[Callable[[], object]], int],
                             entry: conformance_suite.SuiteFile) -> None:
    """The document four times over costs about four times the work of it once, not
    sixteen (linear: 4, less with the fixed costs, a little more for the repeated
    document's own errors: a second doctype, duplicate ids; quadratic: 16).  The bound is
    the midpoint, 8: with the compiled parser, whose calls are not counted, the checker's
    share shows alone (5.4 for one document)."""
    source = (conformance_suite.SUITE / entry.name).read_bytes()
    once = count_calls(lambda: check(source))
    four = count_calls(lambda: check(source * 4))
    assert four <= 8 * once, (entry.name, once, four)


def test_vnu_diff_sets_apart_errors_where_vnu_only_warns() -> None:
    warning = fetch_vnu.message_from_json({
        "type": "info", "subType": "warning", "firstLine": 2, "lastLine": 2, "lastColumn": 9,
        "message": "The “align” attribute on the “td” element is obsolete."})
    ours = [vnu_diff.Ours("obsolete-attribute", 2, 2, "align"), vnu_diff.Ours("x", 7, 7, "")]
    result = vnu_diff.compare("p.html", [warning], ours)
    assert result.unmatched_ours == ours          # vnu gives no error on either line
    assert result.vnu_warns == [ours[0]]          # but warns on the first one's


def test_outdated_files_are_files_markup5_judges_against_their_name() -> None:
    """The skip list stays honest: each entry is a suite file on which markup5's verdict
    contradicts the file's name (an entry markup5 would agree with is stale and must go)."""
    conformance = pytest.importorskip("markup5.conformance")
    assert conformance_suite.OUTDATED
    for name, reason in conformance_suite.OUTDATED.items():
        expectation = conformance_suite.expectation_of(name)
        assert expectation in ("isvalid", "novalid") and reason, name
        path = conformance_suite.SUITE / name
        assert path.is_file(), name
        errors = [m for m in conformance.check(path.read_bytes()) if m.severity == "error"]
        assert bool(errors) == (expectation == "isvalid"), (
            f"{name} is listed as outdated but markup5 agrees with its name")
