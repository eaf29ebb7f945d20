"""Tree-construction throughput: markup5.parse against justhtml and html5lib.

Usage::

    python benchmarks/parse.py [DIR] [--rounds N]
    python benchmarks/parse.py [DIR] --profile

DIR defaults to ``../shared/corpus/readability`` (relative to the project
root) when it exists.  Every ``.html`` file in DIR is decoded as UTF-8 with
replacement before timing starts, so decoding is not measured.  What is
measured is the full job of turning a ``str`` into a document tree:
tokenizing plus tree construction, for each file of the corpus in turn.
Each contender parses the whole corpus ``--rounds`` times, rounds
interleaved so that machine noise hits everyone alike; the best round
counts.  Throughput is reported as MB/s, where MB is the size of the corpus
in UTF-8 bytes (10**6 bytes), the same number for every contender.

Contenders:

* ``markup5.parse``: ``markup5.parse(text)``;
* ``justhtml``: ``JustHTML(text, sanitize=False)`` (no sanitizing pass, so it
  builds the plain tree like the others); ``pip install justhtml``;
* ``html5lib``: ``html5lib.parse(text)`` with its default etree builder;
  ``pip install html5lib``.

Peers that are not installed are reported as skipped.

``--profile`` runs ``cProfile`` on markup5 alone, over one pass of the
corpus, and prints the 25 functions with the highest ``tottime`` (time spent
in the function's own body), which says where the time goes.

``--bytes`` measures what reading bytes costs: ``markup5.parse(data)`` on
each file's raw bytes (encoding sniffing, decoding, and the re-parse when a
``<meta>`` after the first 1024 bytes changes the encoding) against
``markup5.parse(text)`` on the text those bytes decode to (each file decoded
beforehand in the encoding the bytes parse ended with) and against decoding
plus ``parse(text)``, file by file in CPU time, and prints the overheads in
percent.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from _harness import DEFAULT_CORPUS, best_times, load, megabytes, report

import markup5  # noqa: E402  (the harness puts src/ on the path)


def run_markup5(texts):
    parse = markup5.parse
    for text in texts:
        parse(text)


def contenders():
    found = [("markup5.parse", run_markup5)]
    try:
        from justhtml import JustHTML
    except ImportError:
        print("justhtml: skipped (pip install justhtml)")
    else:
        def run_justhtml(texts):
            for text in texts:
                JustHTML(text, sanitize=False)
        found.append(("justhtml", run_justhtml))
    try:
        import html5lib
    except ImportError:
        print("html5lib: skipped (pip install html5lib)")
    else:
        def run_html5lib(texts):
            parse = html5lib.parse
            for text in texts:
                parse(text)
        found.append(("html5lib", run_html5lib))
    return found


def profile(texts, top: int = 25) -> None:
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    run_markup5(texts)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)


def measure_bytes(directory: Path, rounds: int) -> None:
    """parse(bytes) against parse(str) over the same documents: the texts are
    the bytes decoded beforehand in the encoding parse(bytes) ends with.
    Three jobs per file, timed alternately in CPU time (process_time) with
    the garbage collector paused, each file's best round counting (far
    steadier than whole-corpus wall-clock rounds on a busy machine):
    parse(text); decode(bytes) + parse(text), what a caller who knew the
    encoding would do; and parse(bytes), which sniffs, decodes and re-parses
    when a late <meta> changes the encoding."""
    import gc
    import time

    from markup5.encoding import decode

    files = sorted(p for p in directory.iterdir() if p.suffix == ".html" and p.is_file())
    raws = [p.read_bytes() for p in files]
    documents = [markup5.parse(raw) for raw in raws]
    encodings = [doc.encoding for doc in documents]
    texts = [decode(raw, encoding) for raw, encoding in zip(raws, encodings)]
    certain = sum(1 for doc in documents if doc.encoding_confidence == "certain")
    size = megabytes(texts)
    print(f"corpus: {len(texts)} files, {size:.1f} MB, {rounds} rounds (best per file counts)")
    print(f"encodings: {sorted(set(encodings))}; {certain} files end with a certain "
          f"encoding (a meta seen by the tree builder)")
    clock = time.process_time
    parse = markup5.parse
    jobs = {
        "markup5.parse(str)": lambda i: parse(texts[i]),
        "decode + parse(str)": lambda i: parse(decode(raws[i], encodings[i])),
        "markup5.parse(bytes)": lambda i: parse(raws[i]),
    }
    best = {name: [float("inf")] * len(texts) for name in jobs}
    for _ in range(rounds):
        for i in range(len(texts)):
            for name, job in jobs.items():
                gc.collect()
                gc.disable()
                start = clock()
                job(i)
                elapsed = clock() - start
                gc.enable()
                best[name][i] = min(best[name][i], elapsed)
    totals = {name: sum(times) for name, times in best.items()}
    for name, total in totals.items():
        print(f"{name:22s} {size / total:7.2f} MB/s  ({total:.2f} s CPU)")
    by_bytes = totals["markup5.parse(bytes)"]
    print(f"parse(bytes) over parse(str): {(by_bytes / totals['markup5.parse(str)'] - 1) * 100:+.1f}%"
          f"; over decode + parse(str): "
          f"{(by_bytes / totals['decode + parse(str)'] - 1) * 100:+.1f}%")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("directory", nargs="?", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--profile", action="store_true",
                    help="cProfile markup5 alone over the corpus; top 25 by tottime")
    ap.add_argument("--bytes", action="store_true",
                    help="markup5.parse(bytes) against parse(str): the cost of sniffing "
                         "and decoding")
    args = ap.parse_args(argv)
    if not args.directory.is_dir():
        ap.error(f"not a directory: {args.directory}")
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    if args.bytes:
        measure_bytes(args.directory, args.rounds)
        return 0
    texts = load(args.directory)
    size = megabytes(texts)
    if args.profile:
        print(f"corpus: {len(texts)} files, {size:.1f} MB, cProfile of markup5.parse")
        profile(texts)
        return 0
    print(f"corpus: {len(texts)} files, {size:.1f} MB, {args.rounds} rounds (best counts)")
    runners = contenders()
    report(runners, best_times(runners, texts, args.rounds), size,
           [("markup5.parse", "justhtml"), ("markup5.parse", "html5lib")])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
