"""What the corpus benchmarks share: loading the corpus, interleaved rounds
timed in CPU time, and the report (a table a person can read, or JSON).

Timing: every contender runs over the whole corpus once per round, the
rounds interleaved (A B C, A B C, ...) so that a busy machine slows
everyone alike; each run is timed with ``time.process_time`` (CPU time of
this process, which other processes on the machine do not inflate) between
two ``gc.collect()`` calls, the second timed (each contender pays for
freeing its own trees; what existed before the rounds is frozen out of the
collections, see :func:`cpu_rounds`).  The median round counts, and ratios
are taken between medians of the same run.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The installed markup5 when there is one (so that a compiled install,
# ``MARKUP5_COMPILE=1 pip install .``, is what is measured), else src/.
if importlib.util.find_spec("markup5") is None:
    sys.path.insert(0, str(ROOT / "src"))
# The scripts' own folder is first on sys.path, and benchmarks/xml.py would
# shadow the standard library's xml package (which html5lib imports).
_here = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if p and Path(p).resolve() != Path(_here)]

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "readability"

Runner = Callable[[list[str]], Any]


def corpus_arguments(description: str) -> argparse.ArgumentParser:
    """The arguments every corpus benchmark takes: the corpus directory,
    ``--rounds`` and ``--json``; a script adds its own."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("directory", nargs="?", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    return ap


def parse_corpus_arguments(ap: argparse.ArgumentParser,
                           argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse ``argv``; a directory that is not one, or fewer than one round,
    is a usage error."""
    args = ap.parse_args(argv)
    if not args.directory.is_dir():
        ap.error(f"not a directory: {args.directory}")
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    return args


def corpus_files(directory: Path) -> list[Path]:
    """The pages of a corpus: every ``.html`` file of ``directory``, sorted."""
    return sorted(p for p in directory.iterdir() if p.suffix == ".html" and p.is_file())


def load(directory: Path) -> list[str]:
    """Every ``.html`` file of ``directory``, decoded as UTF-8 with replacement."""
    files = corpus_files(directory)
    if not files:
        raise SystemExit(f"no .html files in {directory}")
    return [p.read_bytes().decode("utf-8", "replace") for p in files]


def megabytes(texts: list[str]) -> float:
    """The corpus size in MB of UTF-8 (10**6 bytes), the same for everyone."""
    return sum(len(t.encode("utf-8")) for t in texts) / 1e6


def cpu_rounds(runners: Sequence[tuple[str, Runner]], texts: list[str],
               rounds: int) -> dict[str, list[float]]:
    """The CPU seconds of each contender in each of ``rounds`` interleaved
    rounds over the corpus, freeing its own trees included: the garbage
    collector runs before each run, untimed, and at its end, timed (trees
    with reference cycles, markup5's and justhtml's, wait for it; without
    the second collection their freeing fell on the next contender).

    What exists before the rounds (the corpus, the modules, and the trees
    that a benchmark such as ``serialize.py`` prepares and keeps) is frozen
    out of the collections (``gc.freeze``), so that the timed collection
    walks what the run made, not every tree prepared for every contender:
    with the serialize benchmark's three sets of trees alive, that walk had
    been most of a serialize run."""
    times: dict[str, list[float]] = {name: [] for name, _ in runners}
    clock = time.process_time
    gc.collect()
    gc.freeze()
    try:
        for _ in range(rounds):
            for name, run in runners:
                gc.collect()
                start = clock()
                run(texts)
                gc.collect()
                times[name].append(clock() - start)
    finally:
        gc.unfreeze()
    return times


def best_times(runners: Sequence[tuple[str, Runner]], texts: list[str],
               rounds: int) -> dict[str, float]:
    """The best round of each contender (wall clock; kept for older scripts)."""
    best = {name: float("inf") for name, _ in runners}
    for _ in range(rounds):
        for name, run in runners:
            start = time.perf_counter()
            run(texts)
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def report(runners: Sequence[tuple[str, Runner]], best: dict[str, float], size: float,
           ratios: Sequence[tuple[str, str]]) -> None:
    """Print MB/s per contender, then the ratios asked for (kept for older
    scripts; see :func:`table`)."""
    speed = {name: size / seconds for name, seconds in best.items()}
    width = max(len(name) for name, _ in runners) + 2
    for name, _ in runners:
        print(f"{name:{width}s} {speed[name]:7.2f} MB/s  ({best[name]:.2f} s)")
    for a, b in ratios:
        if a in speed and b in speed:
            print(f"ratio {a} / {b}: {speed[a] / speed[b]:.2f}x")


def table(title: str, times: dict[str, list[float]], size: float,
          ratios: Sequence[tuple[str, str, float | None]], *, as_json: bool = False,
          skipped: Sequence[str] = (), extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Report the medians: MB/s per contender and the ratios asked for
    (``(a, b, goal)``: a's speed over b's, with the goal or None).  Prints
    a table, or with ``as_json`` one JSON object; returns that object."""
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    speed = {name: size / seconds for name, seconds in medians.items()}
    result: dict[str, Any] = {
        "benchmark": title, "corpus_mb": round(size, 3),
        "rounds": len(next(iter(times.values()))) if times else 0,
        "clock": "process_time (CPU), median of interleaved rounds",
        "contenders": {name: {"mb_per_s": round(speed[name], 3),
                              "median_s": round(medians[name], 4),
                              "rounds_s": [round(t, 4) for t in times[name]]}
                       for name in times},
        "ratios": [], "skipped": list(skipped)}
    for a, b, goal in ratios:
        if a in speed and b in speed:
            value = speed[a] / speed[b]
            result["ratios"].append({"a": a, "b": b, "ratio": round(value, 3), "goal": goal,
                                     "met": None if goal is None else value >= goal})
    if extra:
        result.update(extra)
    if as_json:
        print(json.dumps(result, indent=2))
        return result
    print(f"{title}: {size:.1f} MB, median of {result['rounds']} interleaved rounds, CPU time")
    width = max([len(name) for name in times] + [10]) + 2
    print(f"  {'contender':{width}s} {'MB/s':>8s} {'median s':>9s}   rounds (s)")
    for name in sorted(times, key=lambda n: -speed[n]):
        rounds = " ".join(f"{t:.2f}" for t in times[name])
        print(f"  {name:{width}s} {speed[name]:8.2f} {medians[name]:9.2f}   {rounds}")
    for name in skipped:
        print(f"  {name:{width}s} {'skipped':>8s}")
    if result["ratios"]:
        print("  ratios:")
        for r in result["ratios"]:
            verdict = "" if r["goal"] is None else (
                f"   goal >= {r['goal']:g}x: {'met' if r['met'] else 'NOT met'}")
            print(f"    {r['a']} / {r['b']}: {r['ratio']:.2f}x{verdict}")
    return result
