"""Tree-construction throughput: markup5.parse against justhtml and html5lib.

Usage::

    python benchmarks/parse.py [DIR] [--rounds N] [--json]
    python benchmarks/parse.py [DIR] --profile
    python benchmarks/parse.py [DIR] --memory
    python benchmarks/parse.py [DIR] --pieces N [--rounds N] [--json]

DIR defaults to ``../shared/corpus/readability`` (relative to the project
root) when it exists.  Every ``.html`` file in DIR is decoded as UTF-8 with
replacement before timing starts, so decoding is not measured.  What is
measured is the full job of turning a ``str`` into a document tree:
tokenizing plus tree construction, for each file of the corpus in turn.
Each contender parses the whole corpus ``--rounds`` times (default 5),
rounds interleaved so that machine noise hits everyone alike, each timed in
CPU time (``time.process_time``); the median round counts, and the ratios
are between medians of the same run.  Throughput is reported as MB/s, where
MB is the size of the corpus in UTF-8 bytes (10**6 bytes), the same number
for every contender.  ``--json`` prints the results as one JSON object.

Contenders:

* ``markup5.parse``: ``markup5.parse(text)``;
* ``justhtml``: ``JustHTML(text, sanitize=False)`` (no sanitizing pass, so it
  builds the plain tree like the others); ``pip install justhtml``;
* ``html5lib``: ``html5lib.parse(text)`` with its default etree builder;
  ``pip install html5lib``;
* ``selectolax (lexbor, C)``: ``LexborHTMLParser(text)``, a parser written
  in C, for scale; ``pip install selectolax``.

Peers that are not installed are reported as skipped.

``--memory`` measures the peak of the Python heap (``tracemalloc``) while
each file is parsed and its tree kept, per byte of input (UTF-8), for
markup5, justhtml and html5lib, file by file; the input string itself is
not counted.

``--pieces N`` cuts every page into pieces of N characters or more (each
piece is N characters and what follows them up to the next ``<``, or to the
end of its page) and
times parsing each piece as a document, so that the cost every parse pays
whatever its size (making the parser, the implied ``html``, ``head`` and
``body``, freeing the tree) weighs as it does for a caller with many short
documents; the table adds each contender's microseconds per document.
(The first 20,000 pieces are used.)

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

import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from _harness import (Runner, corpus_arguments, corpus_files, parse_corpus_arguments, cpu_rounds,
                      load, megabytes, table)

import markup5  # noqa: E402  (the harness puts src/ on the path)


def run_markup5(texts: list[str]) -> None:
    parse = markup5.parse
    for text in texts:
        parse(text)


def contenders(skipped: list[str] | None = None) -> list[tuple[str, Runner]]:
    skipped = [] if skipped is None else skipped
    found: list[tuple[str, Runner]] = [("markup5.parse", run_markup5)]
    try:
        from justhtml import JustHTML
    except ImportError:
        skipped.append("justhtml")
    else:
        def run_justhtml(texts: list[str]) -> None:
            for text in texts:
                JustHTML(text, sanitize=False)
        found.append(("justhtml", run_justhtml))
    try:
        import html5lib
    except ImportError:
        skipped.append("html5lib")
    else:
        def run_html5lib(texts: list[str]) -> None:
            parse = html5lib.parse
            for text in texts:
                parse(text)
        found.append(("html5lib", run_html5lib))
    try:
        from selectolax.lexbor import LexborHTMLParser
    except ImportError:
        skipped.append("selectolax (lexbor, C)")
    else:
        def run_lexbor(texts: list[str]) -> None:
            for text in texts:
                LexborHTMLParser(text)
        found.append(("selectolax (lexbor, C)", run_lexbor))
    return found


def memory_builders() -> list[tuple[str, Callable[[str], object]]]:
    """(name, parse) for the memory table: each keeps the tree it returns."""
    found: list[tuple[str, Callable[[str], object]]] = [("markup5.parse", markup5.parse)]
    try:
        from justhtml import JustHTML
    except ImportError:
        pass
    else:
        found.append(("justhtml", lambda text: JustHTML(text, sanitize=False)))
    try:
        import html5lib
    except ImportError:
        pass
    else:
        found.append(("html5lib", html5lib.parse))
    return found


def measure_memory(texts: list[str], as_json: bool) -> None:
    """Peak Python heap (tracemalloc) while parsing each file and holding its
    tree, per input byte; summed over the corpus (total peak bytes / total
    input bytes) and the median and worst file."""
    import json
    import statistics
    import tracemalloc

    sizes = [len(t.encode("utf-8")) for t in texts]
    results: dict[str, dict[str, float]] = {}
    for name, parse in memory_builders():
        peaks: list[int] = []
        for text in texts:
            tracemalloc.start()
            tree = parse(text)
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            del tree
            peaks.append(peak)
        per_file = [p / s for p, s in zip(peaks, sizes) if s]
        results[name] = {"bytes_per_input_byte": round(sum(peaks) / sum(sizes), 2),
                         "median_file": round(statistics.median(per_file), 2),
                         "worst_file": round(max(per_file), 2)}
    if as_json:
        print(json.dumps({"benchmark": "tree memory (tracemalloc peak per input byte)",
                          "corpus_mb": round(sum(sizes) / 1e6, 3), "contenders": results},
                         indent=2))
        return
    print(f"tree memory: peak Python heap (tracemalloc) per input byte, {len(texts)} files, "
          f"{sum(sizes) / 1e6:.1f} MB")
    print(f"  {'contender':16s} {'corpus':>8s} {'median file':>12s} {'worst file':>11s}")
    for name, r in results.items():
        print(f"  {name:16s} {r['bytes_per_input_byte']:8.2f} {r['median_file']:12.2f} "
              f"{r['worst_file']:11.2f}")


def profile(texts: list[str], top: int = 25) -> None:
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

    raws = [p.read_bytes() for p in corpus_files(directory)]
    # Only the encodings are kept: 130 parsed trees left alive would make
    # every gc.collect() below walk millions of nodes.
    outcomes = [(doc.encoding, doc.encoding_confidence)
                for doc in map(markup5.parse, raws)]
    encodings = [encoding for encoding, _ in outcomes]
    texts = [decode(raw, encoding) for raw, encoding in zip(raws, encodings)]
    certain = sum(1 for _, confidence in outcomes if confidence == "certain")
    size = megabytes(texts)
    print(f"corpus: {len(texts)} files, {size:.1f} MB, {rounds} rounds (best per file counts)")
    print(f"encodings: {sorted(set(encodings))}; {certain} files end with a certain "
          f"encoding (a meta seen by the tree builder)")
    clock = time.process_time
    parse = markup5.parse
    jobs: dict[str, Callable[[int], object]] = {
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


#: At most this many pieces (``--pieces``): a round over them stays near a
#: second for the slowest peer.
MAX_PIECES = 20_000


def pieces(texts: list[str], length: int) -> list[str]:
    """The pages cut into pieces of ``length`` characters or more: each
    piece is ``length`` characters and what follows them up to the next
    "<" (or to the end of its page); at most :data:`MAX_PIECES`."""
    found: list[str] = []
    for text in texts:
        start = 0
        while start < len(text) and len(found) < MAX_PIECES:
            end = text.find("<", start + length)
            if end == -1:
                end = len(text)
            found.append(text[start:end])
            start = end
    return found


def main(argv: Sequence[str] | None = None) -> int:
    ap = corpus_arguments(__doc__.splitlines()[0])
    ap.add_argument("--memory", action="store_true",
                    help="peak Python heap per input byte of a parsed tree (tracemalloc)")
    ap.add_argument("--profile", action="store_true",
                    help="cProfile markup5 alone over the corpus; top 25 by tottime")
    ap.add_argument("--bytes", action="store_true",
                    help="markup5.parse(bytes) against parse(str): the cost of sniffing "
                         "and decoding")
    ap.add_argument("--pieces", type=int, metavar="N",
                    help="parse the pages cut into pieces of N characters or more, each as a "
                         "document: the cost of many short documents")
    args = parse_corpus_arguments(ap, argv)
    if args.pieces is not None and args.pieces < 1:
        ap.error("--pieces must be at least 1")
    if args.bytes:
        measure_bytes(args.directory, args.rounds)
        return 0
    texts = load(args.directory)
    size = megabytes(texts)
    if args.memory:
        measure_memory(texts, args.json)
        return 0
    if args.profile:
        print(f"corpus: {len(texts)} files, {size:.1f} MB, cProfile of markup5.parse")
        profile(texts)
        return 0
    skipped: list[str] = []
    runners = contenders(skipped)
    if args.pieces is not None:
        texts = pieces(texts, args.pieces)
        size = megabytes(texts)
        times = cpu_rounds(runners, texts, args.rounds)
        per_document = {name: round(statistics.median(ts) / len(texts) * 1e6, 2)
                        for name, ts in times.items()}
        mean = sum(map(len, texts)) / len(texts)
        table(f"parse ({len(texts)} pieces of at least {args.pieces} characters, {mean:.0f} on "
              f"average)", times, size,
              [("markup5.parse", "html5lib", None), ("markup5.parse", "justhtml", None)],
              as_json=args.json, skipped=skipped,
              extra={"markup5": markup5.__file__, "us_per_document": per_document})
        if not args.json:
            print("  microseconds per document: " + ", ".join(
                f"{name} {us:.1f}" for name, us in per_document.items()))
        return 0
    table(f"parse ({len(texts)} files)", cpu_rounds(runners, texts, args.rounds), size,
          [("markup5.parse", "html5lib", 4.0), ("markup5.parse", "justhtml", 2.5),
           ("selectolax (lexbor, C)", "markup5.parse", None)],
          as_json=args.json, skipped=skipped,
          extra={"markup5": markup5.__file__})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
