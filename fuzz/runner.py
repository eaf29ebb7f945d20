"""Run harnesses in child processes, with caps and a per-input budget.

The parent never runs a target itself.  It starts a child for a batch of
inputs (``--batch``, so the start-up of the interpreter is paid once per
batch); the child

* caps its address space (``RLIMIT_AS``, ``--memory-mb``, 512 MB by
  default), so a blow-up is a ``MemoryError`` or a dead child, never a dead
  machine;
* generates input ``i`` of the campaign from ``random.Random(f"{seed}:{i}")``
  (a campaign is reproducible from its seed), writes it to a shared file
  before running it, so that the parent still has it if the child dies;
* runs the harness under a CPU-time alarm set to the input's budget,
  ``BUDGET_BASE + BUDGET_PER_BYTE * len`` seconds (times the harness's
  cost), and checks its memory: the growth of the peak RSS on every input,
  and the peak of ``tracemalloc`` on every ``--memcheck-every``-th input,
  each against a base plus a per-byte allowance;
* reports every finding (exception, invariant violation, time or memory
  over budget) as one JSON line, and the counts at the end of the batch.

The parent watches the child's progress counter: a child that makes no
progress for ``HARD_TIMEOUT`` seconds (a hang inside C code, which the
alarm cannot interrupt) is killed and its current input is recorded as a
hang; a child that dies (killed by the kernel, a crash) is recorded with its
current input too.  The parent then goes on with the next input.

Findings are written to ``fuzz/findings/`` (``HARNESS-KIND-DIGEST.bin``, the
input, and ``.txt``, what happened), one per distinct signature; the batch
counts go to ``fuzz/runs/log.jsonl`` (``python -m fuzz report`` sums them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import mmap
import os
import random
import resource
import signal
import struct
import subprocess
import sys
import tempfile
import time
import traceback
import tracemalloc
from collections import Counter, defaultdict
from pathlib import Path
from types import FrameType
from typing import NoReturn, TypedDict

from .harnesses import HARNESSES, Harness, InvariantViolation

FUZZ_DIR = Path(__file__).resolve().parent
ROOT = FUZZ_DIR.parent
FINDINGS = FUZZ_DIR / "findings"
RUNS = FUZZ_DIR / "runs"

#: The per-input CPU-time budget: BUDGET_BASE + BUDGET_PER_BYTE * len(input)
#: seconds, times the harness's cost.  A 200-byte input gets 0.9 s (x cost);
#: markup5 parses 200 bytes in about 0.5 ms, so a finding is a blow-up of
#: well over 1000x, not noise from a busy machine.
BUDGET_BASE = 0.5
BUDGET_PER_BYTE = 0.002
#: The tracemalloc peak allowed: MEM_BASE + MEM_PER_BYTE * len(input)
#: (a parse takes 2-3 KB per input byte at worst on the fixtures).
MEM_BASE = 8 << 20
MEM_PER_BYTE = 64 << 10
#: The growth of the child's peak RSS allowed during one input.
RSS_BASE = 96 << 20
RSS_PER_BYTE = 256 << 10
#: The child's address-space cap.
MEMORY_MB = 512
#: Seconds without progress before the parent kills a child.
HARD_TIMEOUT = 60.0

_SHM_SIZE = 1 << 20
_HEAD = struct.Struct("<QI")


class Result(TypedDict, total=False):
    """What one input gives (:func:`run_one`), and a finding's JSON line
    from the child: ``outcome`` (the harness's label) or ``finding`` (its
    kind: exception, invariant, time, memory, recursion; hang and crash
    from the parent) with ``message``; the CPU time and the tracemalloc peak
    measured; on a finding's line, the input's ``index`` in the campaign and
    the input itself (``input``, in hex)."""

    outcome: str
    finding: str
    message: str
    cpu: float
    peak: int
    index: int
    input: str


class Summary(TypedDict):
    """The child's last JSON line: the counts of its batch."""

    done: int
    outcomes: dict[str, int]
    worst_cpu: float
    worst_index: int
    worst_peak: float


class Totals(TypedDict):
    """What :func:`campaign` returns."""

    harness: str
    inputs: int
    outcomes: dict[str, int]
    findings: list[Result]
    worst_cpu: float
    worst_peak: float
    seconds: float


class BudgetExceeded(BaseException):
    """The CPU-time alarm of the per-input budget went off (a BaseException,
    so that no ``except Exception`` in the code under test swallows it)."""


def _on_alarm(signum: int, frame: FrameType | None) -> NoReturn:
    raise BudgetExceeded()


def time_budget(length: int, cost: float = 1.0, scale: float = 1.0) -> float:
    return (BUDGET_BASE + BUDGET_PER_BYTE * length) * cost * scale


def memory_budget(length: int, scale: float = 1.0) -> float:
    return (MEM_BASE + MEM_PER_BYTE * length) * scale


def rss_budget(length: int, scale: float = 1.0) -> float:
    return (RSS_BASE + RSS_PER_BYTE * length) * scale


def _maxrss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KB on Linux


def run_one(harness: Harness, data: bytes, *, scale: float = 1.0,
            memcheck: bool = False) -> Result:
    """Run ``harness`` on ``data`` in this process, within the budgets.

    Returns {"outcome": label} or {"finding": kind, "message": ...} with
    kind one of exception, invariant, time, memory, recursion; and the CPU
    time and memory peak measured."""
    length = len(data)
    budget = time_budget(length, harness.cost, scale)
    memcheck = memcheck and harness.memcheck
    if signal.getsignal(signal.SIGPROF) is not _on_alarm:
        # The alarm's default action would end the process.
        signal.signal(signal.SIGPROF, _on_alarm)
    rss_before = _maxrss()
    if memcheck:
        tracemalloc.start()
    cpu0 = time.process_time()
    signal.setitimer(signal.ITIMER_PROF, budget)
    result: Result
    try:
        outcome = harness.target(data)
        result = {"outcome": outcome}
    except BudgetExceeded:
        result = {"finding": "time",
                  "message": f"over the CPU-time budget of {budget:.3f} s for {length} bytes"}
    except InvariantViolation as exc:
        result = {"finding": "invariant", "message": str(exc)}
    except MemoryError:
        result = {"finding": "memory", "message": "MemoryError (address-space cap reached)"}
    except RecursionError:
        result = {"finding": "recursion", "message": traceback.format_exc(limit=-8)}
    except Exception as exc:  # noqa: BLE001 - every exception is a finding
        result = {"finding": "exception",
                  "message": f"{type(exc).__name__}: {exc}\n" + traceback.format_exc(limit=-8)}
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    cpu = time.process_time() - cpu0
    result["cpu"] = cpu
    if memcheck:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        result["peak"] = peak
        if "finding" not in result and peak > memory_budget(length, scale):
            result = {"finding": "memory", "cpu": cpu, "peak": peak,
                      "message": f"tracemalloc peak {peak} bytes over the budget of "
                                 f"{memory_budget(length, scale):.0f} for {length} bytes"}
    growth = _maxrss() - rss_before
    if ("finding" not in result and harness.memcheck
            and growth > rss_budget(length, scale)):
        result = {"finding": "memory", "cpu": cpu,
                  "message": f"peak RSS grew by {growth} bytes for {length} bytes"}
    return result



def _signature(harness: str, result: Result) -> str:
    """What makes two findings the same: the kind and the last frame (or the
    first line of the message)."""
    message = result.get("message", "")
    lines = [line for line in message.splitlines() if line.strip()]
    frames = [line.strip() for line in lines if line.strip().startswith("File ")]
    key = frames[-1] if frames else (lines[0] if lines else "")
    if result["finding"] == "exception" and lines:
        key = lines[0].split(":")[0] + " " + key
    if result["finding"] == "invariant" and lines:
        key = lines[0]
    return f"{harness}|{result['finding']}|{key}"


#: Inputs kept per finding signature (the first few: they may differ).
PER_SIGNATURE = 3


def record_finding(harness: str, data: bytes, result: Result, extra: str = "") -> Path | None:
    """Write the finding to fuzz/findings/ unless one with its signature is
    there; returns the path of the input written."""
    FINDINGS.mkdir(exist_ok=True)
    signature = _signature(harness, result)
    sig_digest = hashlib.sha1(signature.encode("utf-8", "replace")).hexdigest()[:10]
    stem = f"{harness}-{result['finding']}-{sig_digest}"
    existing = len(list(FINDINGS.glob(stem + "*.bin")))
    if existing >= PER_SIGNATURE:
        return None
    base = FINDINGS / (stem if existing == 0 else f"{stem}-{existing}")
    base.with_suffix(".bin").write_bytes(data)
    base.with_suffix(".txt").write_text(
        f"harness: {harness}\nkind: {result['finding']}\nsignature: {signature}\n"
        f"input ({len(data)} bytes): {data!r}\n{extra}\n{result.get('message', '')}\n"
        f"\nreplay: python -m fuzz repro {base.with_suffix('.bin').relative_to(ROOT)}\n",
        encoding="utf-8", errors="replace")
    return base.with_suffix(".bin")


# The child ------------------------------------------------------------------------

def child_main(args: argparse.Namespace) -> int:
    """Run inputs ``start .. start + count`` of a campaign (in the child)."""
    limit = args.memory_mb << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if args.nice:
        os.nice(args.nice)
    signal.signal(signal.SIGPROF, _on_alarm)
    harness = HARNESSES[args.harness]
    if harness.warm_up is not None:
        harness.warm_up()
    fd = os.open(args.shm, os.O_RDWR)
    shm = mmap.mmap(fd, _SHM_SIZE)
    outcomes: Counter[str] = Counter()
    worst_cpu = 0.0  # the largest CPU time / budget seen
    worst_peak = 0.0  # the largest tracemalloc peak / budget seen
    worst_index = -1  # the input that used most of its CPU-time budget
    out = sys.stdout
    done = 0
    for i in range(args.start, args.start + args.count):
        rng = random.Random(f"{args.seed}:{args.harness}:{i}")
        data = harness.generate(rng)[:args.max_len]
        shm.seek(0)
        shm.write(_HEAD.pack(i + 1, len(data)))
        shm.write(data[:_SHM_SIZE - _HEAD.size])
        memcheck = args.memcheck_every > 0 and i % args.memcheck_every == 0
        result = run_one(harness, data, scale=args.scale, memcheck=memcheck)
        done += 1
        used = result["cpu"] / time_budget(len(data), harness.cost, args.scale)
        if used > worst_cpu:
            worst_cpu, worst_index = used, i
        if "peak" in result:
            worst_peak = max(worst_peak, result["peak"] / memory_budget(len(data), args.scale))
        if "finding" in result:
            outcomes["finding:" + result["finding"]] += 1
            out.write(json.dumps({"index": i, "input": data.hex(), **result}) + "\n")
            out.flush()
            if result["finding"] == "memory":
                break  # the heap may be in a bad state: the parent restarts us
        else:
            outcomes[result["outcome"]] += 1
    summary: Summary = {"done": done, "outcomes": outcomes, "worst_cpu": worst_cpu,
                        "worst_index": worst_index, "worst_peak": worst_peak}
    out.write(json.dumps(summary) + "\n")
    out.flush()
    return 0


# The parent -------------------------------------------------------------------------

def _read_shm(path: str) -> tuple[int, bytes]:
    with open(path, "rb") as f:
        raw = f.read(_SHM_SIZE)
    index, length = _HEAD.unpack_from(raw)
    return index - 1, raw[_HEAD.size:_HEAD.size + length]


def campaign(harness_name: str, inputs: int, *, seed: int = 0, start: int = 0,
             batch: int = 5000, memory_mb: int = MEMORY_MB, nice: int = 0,
             memcheck_every: int = 32, max_len: int = 4096, scale: float = 1.0,
             log: bool = True, quiet: bool = False, record: bool = True) -> Totals:
    """Run inputs ``start .. start + inputs`` of harness ``harness_name``;
    returns the totals (inputs, outcomes, findings)."""
    harness = HARNESSES[harness_name]
    totals: Counter[str] = Counter()
    findings: list[Result] = []
    worst_cpu = worst_peak = 0.0
    fd, shm_path = tempfile.mkstemp(prefix="markup5-fuzz-shm-")
    os.ftruncate(fd, _SHM_SIZE)
    os.close(fd)
    t0 = time.time()
    position = start
    end = start + inputs
    try:
        while position < end:
            count = min(batch, end - position)
            cmd = [sys.executable, "-m", "fuzz", "_child", "--harness", harness_name,
                   "--seed", str(seed), "--start", str(position), "--count", str(count),
                   "--shm", shm_path, "--memory-mb", str(memory_mb), "--nice", str(nice),
                   "--memcheck-every", str(memcheck_every), "--max-len", str(max_len),
                   "--scale", str(scale)]
            with open(shm_path, "r+b") as f:
                f.write(_HEAD.pack(0, 0))
            batch_t0 = time.time()
            proc = subprocess.Popen(cmd, cwd=str(ROOT), stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, env=_child_env())
            summary, lines, killed = _watch(proc, shm_path)
            ran = 0
            for line in lines:
                item: Result = json.loads(line)
                if "done" in item:
                    continue
                data = bytes.fromhex(item["input"])
                findings.append(item)
                new = record_finding(harness_name, data, item, f"campaign seed {seed}, input "
                                                                f"{item['index']}") \
                    if record else True
                if new and not quiet:
                    print(f"[{harness_name}] input {item['index']}: {item['finding']}: "
                          f"{item['message'].splitlines()[0] if item['message'] else ''}",
                          flush=True)
            if summary is not None:
                ran = summary["done"]
                totals.update(summary["outcomes"])
                worst_cpu = max(worst_cpu, summary["worst_cpu"])
                worst_peak = max(worst_peak, summary["worst_peak"])
            if summary is None or ran < count:
                # The child died or stopped early: its current input is a
                # finding (unless it was already reported as one).
                index, data = _read_shm(shm_path)
                if index < position:
                    index, data = position, b""
                reported = {f["index"] for f in findings}
                if index not in reported:
                    kind = "hang" if killed else "crash"
                    stderr_tail = proc.stderr.read().decode("utf-8", "replace")[-2000:] \
                        if proc.stderr else ""
                    item = {"index": index, "input": data.hex(), "finding": kind,
                            "message": f"child {'killed after no progress' if killed else 'died'}"
                                       f" (exit {proc.returncode})\n{stderr_tail}"}
                    findings.append(item)
                    totals["finding:" + kind] += 1
                    if record:
                        record_finding(harness_name, data, item,
                                       f"campaign seed {seed}, input {index}")
                    if not quiet:
                        print(f"[{harness_name}] input {index}: {kind}", flush=True)
                # Inputs before the failing one that the dead child ran are
                # not in its counts; count them now, then go on after it.
                done_here = index - position + 1
                if summary is None:
                    totals["unreported"] += max(0, done_here - 1)
                position = index + 1
            else:
                position += count
            if log:
                _log({"harness": harness_name, "seed": seed, "start": position - count,
                      "inputs": ran, "seconds": round(time.time() - batch_t0, 2),
                      "outcomes": summary["outcomes"] if summary else {},
                      "worst_cpu": summary["worst_cpu"] if summary else None,
                      "worst_index": summary["worst_index"] if summary else None,
                      "worst_peak": summary["worst_peak"] if summary else None})
            if not quiet:
                rate = (position - start) / max(1e-9, time.time() - t0)
                print(f"[{harness_name}] {position - start}/{inputs} inputs, "
                      f"{rate:.0f}/s, findings {len(findings)}", flush=True)
    finally:
        os.unlink(shm_path)
    return {"harness": harness_name, "inputs": position - start, "outcomes": dict(totals),
            "findings": findings, "worst_cpu": worst_cpu, "worst_peak": worst_peak,
            "seconds": time.time() - t0}


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.setdefault("PYTHONHASHSEED", "0")
    return env


def _watch(proc: subprocess.Popen[bytes], shm_path: str
           ) -> tuple[Summary | None, list[str], bool]:
    """Wait for the child, killing it if its progress counter stands still
    for HARD_TIMEOUT seconds; returns (summary, finding lines, killed)."""
    import selectors
    sel = selectors.DefaultSelector()
    assert proc.stdout is not None
    sel.register(proc.stdout, selectors.EVENT_READ)
    buffer = b""
    last_index, last_change = -1, time.time()
    killed = False
    while True:
        events = sel.select(timeout=1.0)
        if events:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            buffer += chunk
        index, _ = _read_shm(shm_path)
        now = time.time()
        if index != last_index:
            last_index, last_change = index, now
        elif now - last_change > HARD_TIMEOUT:
            proc.kill()
            killed = True
    proc.wait()
    lines = [line for line in buffer.decode("utf-8").splitlines() if line.strip()]
    summary: Summary | None = None
    if lines and '"done"' in lines[-1]:
        summary = json.loads(lines[-1])
        lines = lines[:-1]
    return summary, lines, killed


def _log(entry: dict[str, object]) -> None:
    RUNS.mkdir(exist_ok=True)
    with open(RUNS / "log.jsonl", "a", encoding="utf-8") as f:
        f.write(json.dumps(entry) + "\n")


def report(paths: list[Path] | None = None) -> str:
    """Campaign logs summed per harness, as a Markdown table."""
    lines: list[str] = []
    for path in paths or [RUNS / "log.jsonl"]:
        if path.exists():
            lines += path.read_text(encoding="utf-8").splitlines()
    per: dict[str, Counter[str]] = {}
    inputs: Counter[str] = Counter()
    seconds: defaultdict[str, float] = defaultdict(float)
    worst: dict[str, float] = {}
    worst_peak: dict[str, float] = {}
    for line in lines:
        if line.strip():
            entry = json.loads(line)
            name = entry["harness"]
            inputs[name] += entry["inputs"]
            seconds[name] += entry["seconds"]
            per.setdefault(name, Counter()).update(entry["outcomes"])
            if entry.get("worst_cpu") is not None:
                worst[name] = max(worst.get(name, 0.0), entry["worst_cpu"])
            if entry.get("worst_peak") is not None:
                worst_peak[name] = max(worst_peak.get(name, 0.0), entry["worst_peak"])
    rows = ["| harness | inputs | CPU-time budget used (max) | memory budget used (max) "
            "| CPU seconds | outcomes |", "|---|---:|---:|---:|---:|---|"]
    for name in HARNESSES:
        if name not in inputs:
            continue
        total = sum(per[name].values()) or 1
        outcome = ", ".join(f"{k} {v} ({100 * v / total:.2f}%)"
                            for k, v in sorted(per[name].items(), key=lambda kv: -kv[1]))
        rows.append(f"| {name} | {inputs[name]:,} | {100 * worst.get(name, 0):.2f}% | "
                    f"{100 * worst_peak.get(name, 0):.2f}% | {seconds[name]:,.0f} | {outcome} |")
    return "\n".join(rows)


# Replay and minimization -------------------------------------------------------------

def replay(harness_name: str, data: bytes, scale: float = 1.0) -> Result:
    """Run one input in a child with the caps; returns its result."""
    fd, path = tempfile.mkstemp(prefix="markup5-fuzz-input-")
    os.write(fd, data)
    os.close(fd)
    try:
        cmd = [sys.executable, "-m", "fuzz", "_one", harness_name, path,
               "--scale", str(scale)]
        try:
            proc = subprocess.run(cmd, cwd=str(ROOT), capture_output=True,
                                  timeout=HARD_TIMEOUT, env=_child_env())
        except subprocess.TimeoutExpired:
            return {"finding": "hang", "message": "no result within the hard timeout"}
        lines = proc.stdout.decode("utf-8", "replace").strip().splitlines()
        if proc.returncode != 0 or not lines:
            return {"finding": "crash", "message": f"exit {proc.returncode}\n"
                                                   f"{proc.stderr.decode('utf-8', 'replace')}"}
        result: Result = json.loads(lines[-1])
        return result
    finally:
        os.unlink(path)


def one_main(args: argparse.Namespace) -> int:
    """Run one input file in this (child) process with the caps."""
    limit = args.memory_mb << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGPROF, _on_alarm)
    data = Path(args.file).read_bytes()
    result = run_one(HARNESSES[args.harness], data, scale=args.scale, memcheck=True)
    print(json.dumps(result))
    return 0


def minimize(harness_name: str, data: bytes, kind: str | None = None,
             scale: float = 1.0, verbose: bool = True) -> bytes:
    """Shrink ``data`` while its replay gives a finding of the same kind
    (delta debugging: drop chunks of halving size, then single bytes)."""
    first = replay(harness_name, data, scale)
    kind = kind or first.get("finding")
    if kind is None:
        raise ValueError("the input gives no finding")

    def fails(candidate: bytes) -> bool:
        return replay(harness_name, candidate, scale).get("finding") == kind

    # Keep the two header bytes; shrink the payload.
    current = data
    chunk = max(1, (len(current) - 2) // 2)
    while chunk >= 1:
        i = 2
        progress = False
        while i < len(current):
            candidate = current[:i] + current[i + chunk:]
            if fails(candidate):
                current = candidate
                progress = True
                if verbose:
                    print(f"  {len(current)} bytes: {current!r}", flush=True)
            else:
                i += chunk
        if not progress:
            chunk //= 2
    return current
