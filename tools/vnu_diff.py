"""markup5's conformance messages against the Nu Html Checker's on HTML pages.

    python tools/vnu_diff.py [--list] [--top N] [PAGE ...]

The pages: the arguments, or by default the corpus of real pages in
``../shared/corpus/readability/*.html`` (beside the checkout).  Each page is
checked by vnu (``tools/fetch_vnu.py``: one Java run for all pages whose
report is not cached yet; the reports are kept per page, keyed by the page's
bytes, in the git-ignored ``tools/.cache/vnu/reports/``) and by
:func:`markup5.conformance.check` (where the package has no
``markup5.conformance`` yet, markup5 reports nothing, and that is measured).

A vnu error is *reported by markup5 at the same line* when a markup5 error's
lines (``line`` .. ``end_line``) meet vnu's (``firstLine`` .. ``lastLine``):
the two point at the same construct, even where one gives the start tag and
the other the attribute.  The summary line::

    vnu_diff: P pages, vnu errors E, reported by markup5 at the same line R (x%);
    at the same first line and column S (y%)

(one line; the second count: a markup5 error starts where vnu's span starts)

is followed by the markup5 errors that meet no vnu error, grouped by
markup5's code, and those of them on a line where vnu gives a warning
(vnu agrees something is wrong and calls it less bad) (the candidates for "a vnu deviation documented with the
rule, or fixed"; those after vnu's fatal error, "Cannot recover after last
error", are only counted: vnu reports nothing from there), and the vnu errors markup5 misses, grouped by vnu's
message with the quoted names left out (what to build next).  ``--list``
prints each unmatched error with its page and line; ``--status FILE`` writes
the report (Markdown) to *FILE* too.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from conformance_suite import Checker, load_checker, message_kind, percent  # noqa: E402
from fetch_vnu import VnuMessage, run_vnu  # noqa: E402

#: The default pages: the shared corpus beside the checkout.
CORPUS = ROOT.parent / "shared" / "corpus" / "readability"


@dataclass(frozen=True, slots=True)
class Ours:
    """A markup5 error, as far as the comparison needs it."""

    code: str
    line: int
    end_line: int
    message: str
    col: int = 0


def our_errors(messages: Sequence[Any]) -> list[Ours]:
    """The errors among markup5 ``Message`` values (severity ``"error"``)."""
    errors = []
    for message in messages:
        if getattr(message, "severity", None) != "error":
            continue
        line = int(getattr(message, "line", 0) or 0)
        end_line = int(getattr(message, "end_line", 0) or 0) or line
        errors.append(Ours(code=str(getattr(message, "code", "")), line=line,
                           end_line=max(line, end_line),
                           message=str(getattr(message, "message", "")),
                           col=int(getattr(message, "col", 0) or 0)))
    return errors


def vnu_errors(messages: Sequence[VnuMessage]) -> list[VnuMessage]:
    """The document errors among vnu's messages."""
    return [message for message in messages if message.severity == "error"]


def lines_of(message: VnuMessage) -> tuple[int, int]:
    """The lines a vnu message covers (``0, 0``: no position)."""
    last = message.last_line or message.first_line or 0
    first = message.first_line or last
    return min(first, last), max(first, last)


def meets(ours: Ours, theirs: VnuMessage) -> bool:
    """Whether a markup5 error and a vnu error share a line."""
    first, last = lines_of(theirs)
    return first != 0 and ours.line <= last and first <= ours.end_line


@dataclass(slots=True)
class PageResult:
    """One page's comparison."""

    page: str
    vnu: list[VnuMessage]
    matched: list[bool]
    ours: list[Ours]
    unmatched_ours: list[Ours]
    same_start: int = 0
    after_stop: int = 0
    #: Of :attr:`unmatched_ours`, those on a line where vnu gives a warning
    #: (not an error): the two agree something is wrong and differ on how bad.
    vnu_warns: list[Ours] | None = None


def compare(page: str, vnu: Sequence[VnuMessage], ours: Sequence[Ours]) -> PageResult:
    """Match one page's vnu errors and markup5 errors by line (linear in the errors plus
    the lines they span: the errors are indexed by line)."""
    theirs = vnu_errors(vnu)
    by_line: dict[int, list[int]] = {}
    for index, error in enumerate(ours):
        for line in range(error.line, error.end_line + 1):
            by_line.setdefault(line, []).append(index)
    vnu_lines: set[int] = set()
    matched = []
    for message in theirs:
        first, last = lines_of(message)
        hit = False
        if first:
            vnu_lines.update(range(first, last + 1))
            hit = any(line in by_line for line in range(first, last + 1))
        matched.append(hit)
    # vnu's fatal error ("Cannot recover after last error"): it reports nothing later.
    stops = [lines_of(message)[1] for message in theirs if message.sub_type == "fatal"]
    stop = min(stops) if stops else None
    unmatched = [error for error in ours
                 if (stop is None or error.line <= stop)
                 and not any(line in vnu_lines for line in range(error.line, error.end_line + 1))]
    after_stop = sum(stop is not None and error.line > stop for error in ours)
    starts = {(error.line, error.col) for error in ours}
    same_start = sum((message.first_line, message.first_column) in starts for message in theirs)
    warning_lines: set[int] = set()
    for message in vnu:
        if message.severity != "error":
            first, last = lines_of(message)
            if first:
                warning_lines.update(range(first, last + 1))
    warns = [error for error in unmatched
             if any(line in warning_lines for line in range(error.line, error.end_line + 1))]
    return PageResult(page, theirs, matched, list(ours), unmatched, same_start, after_stop,
                      warns)


def run(pages: Sequence[Path], check: Checker | None) -> list[PageResult]:
    """Check *pages* with vnu (cached) and markup5; the comparison of each."""
    reports = run_vnu(pages)
    results = []
    for page in pages:
        ours = our_errors(check(page.read_bytes())) if check is not None else []
        results.append(compare(page.name, reports[page.resolve()], ours))
    return results


def summary(results: Sequence[PageResult]) -> str:
    """The summary line."""
    errors = sum(len(result.vnu) for result in results)
    reported = sum(sum(result.matched) for result in results)
    exact = sum(result.same_start for result in results)
    return (f"vnu_diff: {len(results)} pages, vnu errors {errors}, "
            f"reported by markup5 at the same line {reported} ({percent(reported, errors)}); "
            f"at the same first line and column {exact} ({percent(exact, errors)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", type=Path, help="HTML files (default: the corpus)")
    parser.add_argument("--list", action="store_true", help="print every unmatched error")
    parser.add_argument("--top", type=int, default=25, help="groups to print (default 25)")
    parser.add_argument("--status", type=Path, help="also write the report to this file")
    options = parser.parse_args(argv)
    pages = options.pages or sorted(CORPUS.glob("*.html"))
    if not pages:
        parser.error(f"no pages given and none in {CORPUS}")
    check, missing = load_checker()
    if check is None:
        print(f"vnu_diff: {missing}: markup5 reports nothing")
    results = run(pages, check)
    report = [summary(results)]
    ours_unmatched = Counter(error.code for result in results for error in result.unmatched_ours)
    stopped = sum(result.after_stop for result in results)
    report.append(f"markup5 errors vnu does not report: {sum(ours_unmatched.values())} "
                  f"of {sum(len(result.ours) for result in results)} ({stopped} more after a "
                  f"fatal error of vnu's, from which on vnu reports nothing), by code:")
    report += [f"  {count:6}  {code}" for code, count in ours_unmatched.most_common(options.top)]
    warned = Counter(error.code for result in results for error in result.vnu_warns or ())
    report.append(f"  of which on a line where vnu gives a warning instead: "
                  f"{sum(warned.values())}, by code:")
    report += [f"  {count:6}  {code}" for code, count in warned.most_common(options.top)]
    missed = Counter(message_kind(message.message) for result in results
                     for message, hit in zip(result.vnu, result.matched) if not hit)
    report.append(f"vnu errors markup5 misses: {sum(missed.values())}, by message:")
    report += [f"  {count:6}  {kind}" for kind, count in missed.most_common(options.top)]
    print("\n".join(report))
    if options.status is not None:
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        lines = "".join(f"    {line}\n" for line in report)
        options.status.write_text(f"# vnu_diff ({stamp})\n\nWritten by `python tools/vnu_diff.py"
                                  f" --status FILE`.\n\n{lines}", encoding="utf-8")
    if options.list:
        for result in results:
            for message, hit in zip(result.vnu, result.matched):
                if not hit:
                    print(f"{result.page}:{message.first_line}: vnu: {message.message}")
            for error in result.unmatched_ours:
                print(f"{result.page}:{error.line}: markup5 {error.code}: {error.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
