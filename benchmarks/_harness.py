"""What the corpus benchmarks share: loading the corpus, interleaved rounds
(best round counts), and the MB/s and ratio report."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
# The scripts' own folder is first on sys.path, and benchmarks/xml.py would
# shadow the standard library's xml package (which html5lib imports).
_here = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if p and Path(p).resolve() != Path(_here)]

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "readability"


def load(directory: Path) -> list[str]:
    """Every ``.html`` file of ``directory``, decoded as UTF-8 with replacement."""
    files = sorted(p for p in directory.iterdir() if p.suffix == ".html" and p.is_file())
    if not files:
        raise SystemExit(f"no .html files in {directory}")
    return [p.read_bytes().decode("utf-8", "replace") for p in files]


def megabytes(texts: list[str]) -> float:
    """The corpus size in MB of UTF-8 (10**6 bytes), the same for everyone."""
    return sum(len(t.encode("utf-8")) for t in texts) / 1e6


def best_times(runners, texts, rounds: int) -> dict[str, float]:
    """Run every contender over the corpus ``rounds`` times, rounds
    interleaved so that machine noise hits everyone alike; the best round
    counts."""
    best = {name: float("inf") for name, _ in runners}
    for _ in range(rounds):
        for name, run in runners:
            start = time.perf_counter()
            run(texts)
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def report(runners, best: dict[str, float], size: float, ratios) -> None:
    """Print MB/s per contender, then the ratios asked for (pairs of names;
    a pair with a skipped contender is left out)."""
    speed = {name: size / seconds for name, seconds in best.items()}
    width = max(len(name) for name, _ in runners) + 2
    for name, _ in runners:
        print(f"{name:{width}s} {speed[name]:7.2f} MB/s  ({best[name]:.2f} s)")
    for a, b in ratios:
        if a in speed and b in speed:
            print(f"ratio {a} / {b}: {speed[a] / speed[b]:.2f}x")
