"""The compiled build against the pure-Python package: two installs, one run.

Usage::

    python benchmarks/compiled.py --pure PYTHON --compiled PYTHON [DIR] [--rounds N] [--json]

``--pure`` and ``--compiled`` are the Python interpreters of two
environments, one with ``pip install .`` and one with
``MARKUP5_COMPILE=1 pip install .`` (mypyc; see docs/performance.md, "Speed").
DIR defaults to ``../shared/corpus/readability``.  Each round runs one
child process per install, interleaved (pure, compiled, pure, ...), that
loads the corpus (decoded as UTF-8 with replacement), then times in CPU time
``markup5.parse`` over the whole corpus, then ``markup5.tokenize``; the
median round counts, as in the other benchmarks.  Each child reports where
its ``markup5.html.parser.modes`` came from, so a pure install measured as
"compiled" (or the reverse) is caught: the run stops.

If selectolax is installed where this script runs, each round also times
its lexbor parser over the same corpus in this process, for the other form
of the goal: compiled ``parse`` "within 8x of lexbor".
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from _harness import corpus_arguments, cpu_rounds, load, parse_corpus_arguments, table

LEXBOR = "selectolax (lexbor, C)"

#: What a child runs: argv[1] is the corpus directory.  It prints one JSON
#: object: CPU seconds of each job, the corpus size and the module's file.
CHILD = r"""
import gc, json, sys, time
from pathlib import Path
import markup5, markup5.html.parser.modes as modes
files = sorted(p for p in Path(sys.argv[1]).iterdir() if p.suffix == ".html" and p.is_file())
texts = [p.read_bytes().decode("utf-8", "replace") for p in files]
result = {"file": modes.__file__, "mb": sum(len(t.encode("utf-8")) for t in texts) / 1e6}
gc.collect()
start = time.process_time()
for text in texts:
    markup5.parse(text)
result["parse"] = time.process_time() - start
gc.collect()
start = time.process_time()
for text in texts:
    for _ in markup5.tokenize(text):
        pass
result["tokenize"] = time.process_time() - start
print(json.dumps(result))
"""


def run_child(python: str, directory: Path) -> dict[str, object]:
    # Run outside the project so that src/ is not on the child's path.
    out = subprocess.run([python, "-c", CHILD, str(directory)], capture_output=True, text=True,
                         check=True, cwd="/")
    result: dict[str, object] = json.loads(out.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = corpus_arguments(__doc__.splitlines()[0])
    ap.add_argument("--pure", required=True, help="python of the pure-Python install")
    ap.add_argument("--compiled", required=True, help="python of the compiled install")
    args = parse_corpus_arguments(ap, argv)
    installs = [("pure", args.pure), ("compiled", args.compiled)]
    times: dict[str, dict[str, list[float]]] = {"parse": {}, "tokenize": {}}
    files: dict[str, str] = {}
    size = 0.0
    # lexbor, timed here (see the module docstring): its runner, or none.
    lexbor: list[tuple[str, Callable[[list[str]], None]]] = []
    skipped: list[str] = []
    try:
        from selectolax.lexbor import LexborHTMLParser
    except ImportError:
        skipped.append(LEXBOR)
    else:
        def run_lexbor(texts: list[str]) -> None:
            for text in texts:
                LexborHTMLParser(text)
        lexbor.append((LEXBOR, run_lexbor))
    texts = load(args.directory) if lexbor else []
    for _ in range(args.rounds):
        for label, python in installs:
            result = run_child(python, args.directory)
            files[label] = str(result["file"])
            size = float(result["mb"])  # type: ignore[arg-type]
            for job in times:
                times[job].setdefault(f"markup5.{job} ({label})", []).append(
                    float(result[job]))  # type: ignore[arg-type]
        if lexbor:
            times["parse"].setdefault(LEXBOR, []).extend(cpu_rounds(lexbor, texts, 1)[LEXBOR])
    if not files["compiled"].endswith((".so", ".pyd")) or files["pure"].endswith((".so", ".pyd")):
        raise SystemExit(f"not a pure and a compiled install: {files}")
    results = []
    for job, goal in (("parse", 3.0), ("tokenize", None)):
        ratios = [(f"markup5.{job} (compiled)", f"markup5.{job} (pure)", goal)]
        if job == "parse":
            ratios.append((LEXBOR, "markup5.parse (compiled)", None))
        missing = skipped if job == "parse" else []
        if args.json:
            with contextlib.redirect_stdout(io.StringIO()):  # one JSON object at the end
                results.append(table(f"{job}, compiled vs pure", times[job], size, ratios,
                                     as_json=True, skipped=missing, extra={"modules": files}))
        else:
            table(f"{job}, compiled vs pure", times[job], size, ratios, skipped=missing)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"  modules: {files}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
