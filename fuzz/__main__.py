"""python -m fuzz: run, replay and minimize the fuzzing harnesses.

    python -m fuzz run parse --inputs 100000 [--seed 1] [--nice 19]
    python -m fuzz run all --inputs 2000          # every harness
    python -m fuzz repro fuzz/findings/parse-time-0123456789.bin
    python -m fuzz minimize fuzz/findings/parse-time-0123456789.bin
    python -m fuzz report                         # counts from fuzz/runs/log.jsonl
    python -m fuzz list
    python -m fuzz atheris parse -- -runs=100000  # coverage-guided, if atheris is installed
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import runner
from .harnesses import HARNESSES


def _harness_of(path: Path, given: str | None) -> str:
    if given:
        return given
    name = path.name.split("-", 1)[0]
    if name not in HARNESSES:
        raise SystemExit(f"cannot tell the harness from {path.name}: pass --harness")
    return name


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)

    p = sub.add_parser("run", help="run a campaign of the pure-Python driver")
    p.add_argument("harnesses", nargs="+", help=f"'all' or some of: {', '.join(HARNESSES)}")
    p.add_argument("--inputs", type=int, default=10000, help="inputs per harness")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--start", type=int, default=0, help="first input index")
    p.add_argument("--batch", type=int, default=5000, help="inputs per child process")
    p.add_argument("--round", type=int, default=0,
                   help="take turns: this many inputs per harness at a time")
    p.add_argument("--nice", type=int, default=0, help="niceness of the children")
    p.add_argument("--memory-mb", type=int, default=runner.MEMORY_MB)
    p.add_argument("--memcheck-every", type=int, default=32,
                   help="trace allocations on every N-th input (0: never)")
    p.add_argument("--max-len", type=int, default=4096)
    p.add_argument("--scale", type=float, default=1.0, help="multiply the budgets")
    p.add_argument("--no-log", action="store_true", help="do not append to fuzz/runs/log.jsonl")

    p = sub.add_parser("repro", help="replay one input in a capped child")
    p.add_argument("file", type=Path)
    p.add_argument("--harness")
    p.add_argument("--scale", type=float, default=1.0)

    p = sub.add_parser("minimize", help="shrink a finding's input")
    p.add_argument("file", type=Path)
    p.add_argument("--harness")
    p.add_argument("--kind", help="the finding kind to keep (default: the replay's)")
    p.add_argument("--out", type=Path, help="where to write it (default: FILE.min)")
    p.add_argument("--scale", type=float, default=1.0)

    p = sub.add_parser("report", help="per-harness totals of fuzz/runs/log.jsonl")
    p.add_argument("logs", nargs="*", type=Path, help="log files (default fuzz/runs/log.jsonl)")
    sub.add_parser("list", help="the harnesses")

    p = sub.add_parser("atheris", help="run a harness under atheris (libFuzzer)")
    p.add_argument("harness", choices=sorted(HARNESSES))
    p.add_argument("libfuzzer_args", nargs=argparse.REMAINDER)

    p = sub.add_parser("_child")  # internal: one batch, in the child
    p.add_argument("--harness", required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--start", type=int, required=True)
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--shm", required=True)
    p.add_argument("--memory-mb", type=int, default=runner.MEMORY_MB)
    p.add_argument("--nice", type=int, default=0)
    p.add_argument("--memcheck-every", type=int, default=32)
    p.add_argument("--max-len", type=int, default=4096)
    p.add_argument("--scale", type=float, default=1.0)

    p = sub.add_parser("_one")  # internal: one input file, in the child
    p.add_argument("harness")
    p.add_argument("file")
    p.add_argument("--memory-mb", type=int, default=runner.MEMORY_MB)
    p.add_argument("--scale", type=float, default=1.0)

    args = ap.parse_args(argv)
    if args.command == "_child":
        return runner.child_main(args)
    if args.command == "_one":
        return runner.one_main(args)
    if args.command == "list":
        for name, harness in HARNESSES.items():
            print(f"{name:12s} {harness.doc.splitlines()[0] if harness.doc else ''}")
        return 0
    if args.command == "report":
        print(runner.report(args.logs or None))
        return 0
    if args.command == "atheris":
        from .atheris_main import run as run_atheris
        return run_atheris(args.harness, args.libfuzzer_args)
    if args.command == "repro":
        name = _harness_of(args.file, args.harness)
        replayed = runner.replay(name, args.file.read_bytes(), args.scale)
        print(f"{name}: {replayed}")
        return 1 if "finding" in replayed else 0
    if args.command == "minimize":
        name = _harness_of(args.file, args.harness)
        smaller = runner.minimize(name, args.file.read_bytes(), args.kind, args.scale)
        out = args.out or args.file.with_suffix(".min")
        out.write_bytes(smaller)
        print(f"{len(smaller)} bytes: {smaller!r} -> {out}")
        return 0
    names = list(HARNESSES) if args.harnesses == ["all"] else args.harnesses
    for name in names:
        if name not in HARNESSES:
            ap.error(f"unknown harness {name!r}")
    status = 0
    # With --round N the harnesses take turns, N inputs each, until each has
    # run --inputs: on a shared machine every harness then gets its share of
    # whatever time there is.
    step = args.round or args.inputs
    done = {name: 0 for name in names}
    while any(done[name] < args.inputs for name in names):
        for name in names:
            count = min(step, args.inputs - done[name])
            if count <= 0:
                continue
            result = runner.campaign(name, count, seed=args.seed, start=args.start + done[name],
                                     batch=args.batch, memory_mb=args.memory_mb, nice=args.nice,
                                     memcheck_every=args.memcheck_every, max_len=args.max_len,
                                     scale=args.scale, log=not args.no_log)
            done[name] += result["inputs"]
            print(f"{name}: {result['inputs']} inputs in {result['seconds']:.0f} s "
                  f"({done[name]} so far), {len(result['findings'])} findings; outcomes "
                  f"{result['outcomes']}; max CPU budget used {100 * result['worst_cpu']:.2f}%, "
                  f"max memory budget used {100 * result['worst_peak']:.2f}%", flush=True)
            status |= bool(result["findings"])
    return status


if __name__ == "__main__":
    sys.exit(main())
