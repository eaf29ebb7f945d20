"""Instructions executed, counted under valgrind: markup5 against its peers.

Usage::

    python benchmarks/instructions.py [DIR] [--every N] [--job parse|tokenize] [--json]
                                      [--python PYTHON]

Timings on a shared machine move with the neighbours (a round varies by up
to half here); the number of machine instructions a job executes does not.
Each contender runs in a child process under ``valgrind --tool=callgrind``
(``apt-get install valgrind``), once doing its job over every N-th page of
the corpus (``--every``, default 4, as the counts in docs/performance.md) and once doing
everything but the job: starting Python, importing the contender, loading
the same pages and parsing one short document (what a first call does once,
such as compiling a regex, is not the job).  The difference is the job's instructions.  The
cyclic garbage collector runs as it would; each child ends with a
collection, so that the trees with reference cycles are freed inside the
count, as in the timed benchmarks.

Jobs and contenders (a peer that is not installed is reported as skipped):

* ``parse``: ``markup5.parse(text)``, ``JustHTML(text, sanitize=False)``,
  ``html5lib.parse(text)``;
* ``tokenize``: every token of ``markup5.tokenize(text)``, html5lib's
  tokenizer, and ``html.parser.HTMLParser`` fed the whole text.

``--python`` runs the children with another interpreter, such as that of a
compiled install (``MARKUP5_COMPILE=1 pip install .``), which then imports
its own markup5 (and peers); by default they run this interpreter with the
markup5 this script imports.  The table names the module the markup5
children ran (a ``.so`` is the compiled build).

A ratio is a peer's instructions over markup5's: how many times fewer
markup5 executes.  Fewer instructions is not the same as less time (the
docs/performance.md ("Speed") says why the timed ratios come out lower), but a change
that moves the count moved the work.  A run takes minutes: valgrind runs
the children some fifty times slower than they run alone.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import TypedDict

from _harness import DEFAULT_CORPUS, corpus_files

import markup5  # noqa: E402  (the harness puts src/ on the path when it is not installed)

#: What a child runs (the pages as _harness.corpus_files finds them and
#: load decodes them): argv[1] the corpus directory, argv[2] N (every N-th
#: page), argv[3] the contender, argv[4] "run" or "baseline".
CHILD = r"""
import gc, sys
from pathlib import Path
directory, every, contender, what = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
files = sorted(p for p in Path(directory).iterdir() if p.suffix == ".html" and p.is_file())
texts = [p.read_bytes().decode("utf-8", "replace") for p in files][::every]
if contender.startswith("markup5."):
    import markup5, markup5.html.parser.modes
    print(markup5.html.parser.modes.__file__)
if contender == "markup5.parse":
    def run(text): markup5.parse(text)
elif contender == "markup5.tokenize":
    def run(text):
        for _ in markup5.tokenize(text): pass
elif contender == "justhtml":
    from justhtml import JustHTML
    def run(text): JustHTML(text, sanitize=False)
elif contender == "html5lib":
    import html5lib
    def run(text): html5lib.parse(text)
elif contender == "html5lib tokenizer":
    from html5lib._tokenizer import HTMLTokenizer
    def run(text):
        for _ in HTMLTokenizer(text): pass
elif contender == "html.parser":
    from html.parser import HTMLParser
    def run(text):
        parser = HTMLParser(convert_charrefs=True)
        parser.feed(text)
        parser.close()
else:
    raise SystemExit("unknown contender: " + contender)
run("<!DOCTYPE html><p class=x>a &amp; b</p>")  # what the first call does once
gc.collect()
if what == "run":
    for text in texts:
        run(text)
gc.collect()
"""

#: Each job's contenders: (name, the module it needs); markup5 first.
JOBS: dict[str, list[tuple[str, str]]] = {
    "parse": [("markup5.parse", "markup5"), ("justhtml", "justhtml"),
              ("html5lib", "html5lib")],
    "tokenize": [("markup5.tokenize", "markup5"), ("html5lib tokenizer", "html5lib"),
                 ("html.parser", "html.parser")],
}

#: callgrind's summary line on stderr: "==123== Collected : 4567".
_COLLECTED = re.compile(r"^==\d+== Collected : (\d+)\s*$", re.MULTILINE)


class JobResult(TypedDict):
    job: str
    pages: int
    python: str
    markup5_module: str
    instructions: dict[str, int]
    ratios: dict[str, float]
    skipped: list[str]


def collected(stderr: str) -> int:
    """The instruction count callgrind reports at the end of a run."""
    found = _COLLECTED.findall(stderr)
    if len(found) != 1:
        raise RuntimeError("no callgrind summary in valgrind's output:\n" + stderr[-2000:])
    return int(found[0])


def count(valgrind: str, python: str | None, contender: str, directory: Path, every: int,
          what: str) -> tuple[int, str]:
    """The instructions of one child (``what``: "run" or "baseline") and
    what it printed (a markup5 child: the file of its parser modes module).
    ``python`` None: this interpreter, finding markup5 where this script did
    (``src/`` or the install)."""
    env = dict(os.environ)
    if python is None:
        python = sys.executable
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(markup5.__file__).resolve().parent.parent)]
            + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    with tempfile.TemporaryDirectory() as scratch:  # (the cwd: no src/ on the path)
        out = subprocess.run(
            [valgrind, "--tool=callgrind", f"--callgrind-out-file={scratch}/callgrind.out",
             python, "-c", CHILD, str(directory), str(every), contender, what],
            capture_output=True, text=True, env=env, cwd=scratch)
    if out.returncode != 0:
        raise RuntimeError(f"{contender} ({what}) failed under valgrind:\n{out.stderr[-2000:]}")
    return collected(out.stderr), out.stdout.strip()


def installed(python: str | None, module: str) -> bool:
    """Whether ``module`` can be imported by the children's interpreter."""
    if python is None:
        return find_spec(module) is not None
    probe = f"import importlib.util, sys; sys.exit(importlib.util.find_spec({module!r}) is None)"
    return subprocess.run([python, "-c", probe], cwd=tempfile.gettempdir()).returncode == 0


def measure(job: str, directory: Path, every: int, valgrind: str,
            python: str | None = None) -> JobResult:
    """Count each installed contender of ``job`` (run minus baseline)."""
    instructions: dict[str, int] = {}
    skipped: list[str] = []
    module_file = ""
    for contender, module in JOBS[job]:
        if not installed(python, module.split(".")[0]):
            skipped.append(contender)
            continue
        run, printed = count(valgrind, python, contender, directory, every, "run")
        baseline, _ = count(valgrind, python, contender, directory, every, "baseline")
        instructions[contender] = run - baseline
        if contender.startswith("markup5."):
            module_file = printed
    ours = instructions[JOBS[job][0][0]]
    ratios = {name: round(n / ours, 3) for name, n in instructions.items()
              if name != JOBS[job][0][0]}
    pages = len(corpus_files(directory)[::every])
    return {"job": job, "pages": pages, "python": python or sys.executable,
            "markup5_module": module_file, "instructions": instructions, "ratios": ratios,
            "skipped": skipped}


def show(result: JobResult) -> None:
    """Print one job's counts as a table a person can read."""
    ours = JOBS[result["job"]][0][0]
    print(f"{result['job']}: {result['pages']} pages, instructions (millions) under callgrind")
    width = max(len(name) for name, _ in JOBS[result["job"]]) + 2
    for name, n in sorted(result["instructions"].items(), key=lambda item: item[1]):
        ratio = "" if name == ours else f"   {result['ratios'][name]:.2f}x {ours}'s"
        print(f"  {name:{width}s} {n / 1e6:10.0f}M{ratio}")
    for name in result["skipped"]:
        print(f"  {name:{width}s} {'skipped':>11s}")
    print(f"  ({result['python']}; markup5 from {result['markup5_module']})")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("directory", nargs="?", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--every", type=int, default=4, help="count every N-th page (default 4)")
    ap.add_argument("--job", choices=sorted(JOBS), action="append",
                    help="parse or tokenize (default both; may be repeated)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--python", help="the children's interpreter (default: this one)")
    args = ap.parse_args(argv)
    if not args.directory.is_dir():
        ap.error(f"not a directory: {args.directory}")
    if args.every < 1:
        ap.error("--every must be at least 1")
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        ap.error("valgrind is not installed (apt-get install valgrind)")
    if args.python is not None and shutil.which(args.python) is None:
        ap.error(f"not an interpreter: {args.python}")
    if not installed(args.python, "markup5"):
        ap.error(f"{args.python} cannot import markup5")
    results = [measure(job, args.directory, args.every, valgrind, args.python)
               for job in (args.job or ["parse", "tokenize"])]
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for result in results:
            show(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
