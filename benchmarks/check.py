"""The conformance checker's cost: markup5.conformance.check against parsing.

Usage::

    python benchmarks/check.py [DIR] [--rounds N] [--json]
    python benchmarks/check.py [DIR] --profile [--top N]
    python benchmarks/check.py [DIR] --phases [--rounds N]
    python benchmarks/check.py [DIR] --instructions [--json]

DIR defaults to ``../shared/corpus/readability`` (relative to the project
root).  Every ``.html`` file in DIR is read as bytes before timing starts;
each contender takes the bytes, as a caller checking files does (so
sniffing and decoding are measured, the same for all four):

* ``markup5.parse(bytes)``: the plain parse, the yardstick;
* ``parse(bytes, source_locations=True)``: the parse ``check`` makes, which
  records the span of every token's node;
* ``markup5.conformance.check(bytes)``: that parse, the parse errors as
  messages, and the walk over the tree running every rule family;
* the same with the CSS checker's verdict caches emptied at the start of
  each round: the first check of these pages (in the other rounds, the
  caches hold what the earlier rounds checked, as when a site's pages
  share their style sheets).

The goal (issue 43): ``check`` costs at most twice the plain parse.  A
parse and a check of every page come first, untimed (what is done once, on
first use, is then done).  Rounds are interleaved and timed in CPU time
with the garbage collector's timed collection at the end of each run, so
each contender pays for freeing its trees (``benchmarks/_harness.py``);
the median round counts.  The ratios
printed are of times (how many times the parse's time ``check`` takes),
from medians of the same run.  No peer is timed: the Nu Html Checker runs
in a Java VM whose start-up alone outweighs a page (``tools/vnu_diff.py``
compares its messages instead).

``--phases`` splits ``check`` into its parts, document by document, as
``check`` does them (the collector paused): the parse with source
locations, the parse errors (reading ``Document.errors``: the input
stream's scan), the walk (the rules and the messages), and taking the tree
apart and freeing it.

``--profile`` runs ``cProfile`` over one pass of ``check`` on the corpus
and prints the functions with the highest ``tottime``.

``--instructions`` counts the instructions each contender executes instead
of timing it, with valgrind's cachegrind (which must be installed): a
measure that other programs on a shared machine do not disturb, for
comparing two versions of the code.  Each contender is counted in two
processes of its own, one making one pass over the corpus and one making
two, with check's CSS caches emptied before each pass (as on the first
check of the pages); the difference is one pass, without what a process
does once (the imports, reading the files, and the work done on first
use: the tables of a legacy decoder, the CSS grammars), which a count of
one pass would put on each contender alike.  (The gb18030 decoder's table,
built for the corpus's one GBK page, is about a tenth of a parse pass.)
Instructions are not time: the parse spends more of its time in the
regular expression engine, whose instructions are cheap, and less in
allocation, whose cache misses are not counted.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from _harness import Runner, corpus_arguments, corpus_files, cpu_rounds, parse_corpus_arguments

import markup5  # noqa: E402  (the harness puts src/ on the path)
import markup5.css  # noqa: E402
from markup5.conformance import check  # noqa: E402

PARSE = "markup5.parse(bytes)"
PARSE_LOCATIONS = "parse(bytes, source_locations=True)"
CHECK = "conformance.check(bytes)"
CHECK_COLD = "check(bytes), caches cleared"

#: Issue 43: checking costs at most this many times the plain parse.
GOAL = 2.0


def load_bytes(directory: Path) -> list[bytes]:
    """The raw bytes of every ``.html`` file of ``directory``, sorted by name."""
    files = corpus_files(directory)
    if not files:
        raise SystemExit(f"no .html files in {directory}")
    return [p.read_bytes() for p in files]


def contenders() -> list[tuple[str, Runner]]:
    """(name, runner over the list of documents' bytes).  (The harness's
    Runner type says ``list[str]``; these take bytes.)"""
    parse = markup5.parse

    def run_parse(raws: list[Any]) -> None:
        for raw in raws:
            parse(raw)

    def run_parse_locations(raws: list[Any]) -> None:
        for raw in raws:
            parse(raw, source_locations=True)

    def run_check(raws: list[Any]) -> None:
        for raw in raws:
            check(raw)

    def run_check_cold(raws: list[Any]) -> None:
        # The CSS checker's verdict caches (bounded, per process) emptied
        # first: what checking these pages costs the first time, whereas
        # the rounds of run_check find what earlier rounds left there.
        markup5.css._clear_caches()
        run_check(raws)

    return [(PARSE, run_parse), (PARSE_LOCATIONS, run_parse_locations), (CHECK, run_check),
            (CHECK_COLD, run_check_cold)]


def measure(raws: list[bytes], rounds: int) -> dict[str, Any]:
    """Median CPU seconds of each contender and the time ratios."""
    import statistics
    # A pass of each kind first, untimed: what a process does once, on
    # first use (a legacy decoder's tables, the CSS grammars), would
    # otherwise fall on the first round of whichever contender met it.
    for raw in raws:
        markup5.parse(raw)
        check(raw)
    times = cpu_rounds(contenders(), cast("list[str]", raws), rounds)
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    size = sum(map(len, raws)) / 1e6
    ratio = medians[CHECK] / medians[PARSE]
    return {
        "benchmark": f"conformance.check against parse ({len(raws)} files)",
        "corpus_mb": round(size, 3), "rounds": rounds,
        "clock": "process_time (CPU), median of interleaved rounds",
        "contenders": {name: {"mb_per_s": round(size / medians[name], 3),
                              "median_s": round(medians[name], 4),
                              "rounds_s": [round(t, 4) for t in times[name]]}
                       for name in times},
        "check_over_parse": round(ratio, 3),
        "check_over_parse_with_locations": round(medians[CHECK] / medians[PARSE_LOCATIONS], 3),
        "cold_check_over_parse": round(medians[CHECK_COLD] / medians[PARSE], 3),
        "locations_over_parse": round(medians[PARSE_LOCATIONS] / medians[PARSE], 3),
        "goal": GOAL, "met": ratio <= GOAL, "markup5": markup5.__file__,
    }


def print_table(result: dict[str, Any]) -> None:
    print(f"{result['benchmark']}: {result['corpus_mb']:.1f} MB, median of {result['rounds']} "
          f"interleaved rounds, CPU time")
    width = max(map(len, result["contenders"])) + 2
    print(f"  {'contender':{width}s} {'MB/s':>8s} {'median s':>9s}   rounds (s)")
    for name, r in result["contenders"].items():
        rounds = " ".join(f"{t:.2f}" for t in r["rounds_s"])
        print(f"  {name:{width}s} {r['mb_per_s']:8.2f} {r['median_s']:9.2f}   {rounds}")
    print("  time ratios:")
    print(f"    check / parse: {result['check_over_parse']:.2f}x   goal <= {GOAL:g}x: "
          f"{'met' if result['met'] else 'NOT met'}")
    print(f"    check with the CSS caches cleared / parse: {result['cold_check_over_parse']:.2f}x")
    print(f"    check / parse with source locations: "
          f"{result['check_over_parse_with_locations']:.2f}x")
    print(f"    parse with source locations / parse: {result['locations_over_parse']:.2f}x")


def phases(raws: list[bytes], rounds: int) -> dict[str, float]:
    """The CPU seconds of the parts of ``check(bytes)`` over the corpus
    (best round each), document by document, done as check does them, with
    the collector paused: the parse with source locations, reading its
    errors (the input stream's scan), the walk (every rule family and the
    messages), and taking the tree apart and freeing it (by reference
    counting: no collection)."""
    from markup5._collector import collector_paused
    from markup5.conformance._check import _check_document, _dismantle
    clock = time.process_time
    best: dict[str, float] = {}
    for _ in range(rounds):
        spent = dict.fromkeys(PHASES, 0.0)
        gc.collect()
        for raw in raws:
            with collector_paused():
                start = clock()
                document = markup5.parse(raw, source_locations=True)
                parsed = clock()
                document.errors  # noqa: B018 (worked out when first read)
                errors = clock()
                elements: list[Any] = []
                _check_document(document, elements)
                walked = clock()
                _dismantle(document, elements)
                del document, elements
                freed = clock()
            for name, seconds in zip(PHASES, (parsed - start, errors - parsed, walked - errors,
                                              freed - walked)):
                spent[name] += seconds
        for name, seconds in spent.items():
            best[name] = min(best.get(name, seconds), seconds)
    return best


#: The parts --phases times.
PHASES = ("parse with source locations", "parse errors (input stream scan)",
          "the walk (rules and messages)", "taking the tree apart and freeing it")


#: What ``--instructions`` counts: the contenders, by the name of their pass.
COUNTED = {PARSE: "parse", PARSE_LOCATIONS: "located", CHECK: "check"}
_REFS = re.compile(r"I\s+refs:\s+([0-9,]+)")


def instructions_from(report: str) -> int:
    """The instruction count ("I refs") in cachegrind's summary ``report``."""
    found = _REFS.search(report)
    if found is None:
        raise ValueError("no instruction count (I refs) in cachegrind's output")
    return int(found.group(1).replace(",", ""))


def count_run(raws: list[bytes], which: str, passes: int) -> None:
    """A process of ``--instructions``: a parse and a check of a small page
    (the same in every process), then ``passes`` passes of the contender
    ``which`` ("parse", "located", "check") over the corpus, the CSS
    checker's caches emptied before each."""
    warm_up = b"<!DOCTYPE html><title>t</title><style>p{color:red}</style><p style=x:y>x"
    markup5.parse(warm_up)
    check(warm_up)
    for _ in range(passes):
        markup5.css._clear_caches()
        gc.collect()
        if which == "parse":
            for raw in raws:
                markup5.parse(raw)
        elif which == "located":
            for raw in raws:
                markup5.parse(raw, source_locations=True)
        elif which == "check":
            for raw in raws:
                check(raw)
        else:
            raise ValueError(f"no contender {which!r}")
    gc.collect()


def instructions(directory: Path, valgrind: str) -> dict[str, Any]:
    """The instructions of one pass of each contender over the corpus in
    ``directory`` (a process of two passes less one of one pass), and their
    ratios."""
    processes: dict[str, dict[int, int]] = {}
    for name, which in COUNTED.items():
        processes[name] = {}
        for passes in (1, 2):
            command = [valgrind, "--tool=cachegrind", "--cache-sim=no",
                       "--cachegrind-out-file=/dev/null", sys.executable, str(Path(__file__)),
                       str(directory), "--count-run", which, "--passes", str(passes)]
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise SystemExit(f"cachegrind failed ({done.returncode}): {done.stderr[-2000:]}")
            processes[name][passes] = instructions_from(done.stderr)
    one_pass = {name: max(counts[2] - counts[1], 1) for name, counts in processes.items()}
    return {
        "benchmark": f"conformance.check against parse ({len(corpus_files(directory))} files)",
        "measure": "instructions (cachegrind) of one pass each: a process of two passes less "
                   "one of one pass",
        "processes": {name: {f"{passes} pass{'es' if passes > 1 else ''}": count
                             for passes, count in counts.items()}
                      for name, counts in processes.items()},
        "instructions": one_pass,
        "check_over_parse": round(one_pass[CHECK] / one_pass[PARSE], 3),
        "check_over_parse_with_locations": round(one_pass[CHECK] / one_pass[PARSE_LOCATIONS], 3),
        "locations_over_parse": round(one_pass[PARSE_LOCATIONS] / one_pass[PARSE], 3),
        "markup5": markup5.__file__,
    }


def print_instructions(result: dict[str, Any]) -> None:
    print(f"{result['benchmark']}: {result['measure']}")
    for name, count in result["instructions"].items():
        print(f"  {name:40s} {count / 1e9:8.3f} G")
    print("  instruction ratios:")
    print(f"    check / parse: {result['check_over_parse']:.2f}x")
    print(f"    check / parse with source locations: "
          f"{result['check_over_parse_with_locations']:.2f}x")
    print(f"    parse with source locations / parse: {result['locations_over_parse']:.2f}x")


def profile(raws: list[bytes], top: int) -> None:
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    for raw in raws:
        check(raw)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)


def main(argv: Sequence[str] | None = None) -> int:
    ap = corpus_arguments((__doc__ or "").splitlines()[0])
    ap.add_argument("--profile", action="store_true",
                    help="cProfile check over the corpus; the top functions by tottime")
    ap.add_argument("--top", type=int, default=40, help="how many functions --profile prints")
    ap.add_argument("--phases", action="store_true",
                    help="check's parts: parse with locations, errors, walk, freeing")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions with valgrind's cachegrind instead of timing")
    ap.add_argument("--count-run", choices=list(COUNTED.values()),
                    help=argparse.SUPPRESS)  # (one process of --instructions)
    ap.add_argument("--passes", type=int, default=1, help=argparse.SUPPRESS)
    args = parse_corpus_arguments(ap, argv)
    raws = load_bytes(args.directory)
    if args.count_run:
        count_run(raws, args.count_run, args.passes)
        return 0
    if args.instructions:
        valgrind = shutil.which("valgrind")
        if valgrind is None:
            raise SystemExit("--instructions needs valgrind (cachegrind) on the PATH")
        counted = instructions(args.directory, valgrind)
        if args.json:
            print(json.dumps(counted, indent=2))
        else:
            print_instructions(counted)
        return 0
    if args.profile:
        print(f"corpus: {len(raws)} files, {sum(map(len, raws)) / 1e6:.1f} MB, "
              "cProfile of markup5.conformance.check")
        profile(raws, args.top)
        return 0
    if args.phases:
        found = phases(raws, args.rounds)
        if args.json:
            print(json.dumps({"benchmark": "check phases (best round, CPU s)",
                              "phases": {k: round(v, 4) for k, v in found.items()}}, indent=2))
            return 0
        total = sum(found.values())
        print(f"check's phases over {len(raws)} files, best of {args.rounds} rounds, CPU time")
        for name, seconds in found.items():
            print(f"  {name:38s} {seconds:7.3f} s  {seconds / total * 100:5.1f}%")
        return 0
    result = measure(raws, args.rounds)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
