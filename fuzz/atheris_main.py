"""Coverage-guided fuzzing of a harness with atheris (libFuzzer), if installed.

    pip install -e '.[fuzz]'                      # atheris
    python -m fuzz atheris parse -- -runs=1000000 -max_len=256

atheris runs in the process it is started in, so this module starts
libFuzzer in a child process whose address space is capped (``RLIMIT_AS``,
512 MB), with libFuzzer's own limits as well: ``-rss_limit_mb=512``,
``-timeout`` (a hard per-input cap in seconds) and ``-max_len=256`` unless
given.  Inside, each input also gets the per-input CPU-time budget of
:mod:`fuzz.runner` (proportional to its length); going over it, a
``MemoryError``, an invariant violation or any other exception is a crash
for libFuzzer, which writes the input to ``fuzz/findings/`` (its
``-artifact_prefix``).  The seed corpus (the same as the pure-Python
driver's, with two zero header bytes) is written to a temporary directory
that libFuzzer reads first.  The harness inputs are the same bytes the
pure-Python driver makes, so ``python -m fuzz repro`` replays a crash file.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

# Nothing of markup5 is imported at the top: in the child, atheris must
# instrument it as it is first imported.
MEMORY_MB = 512
DEFAULTS = {"-max_len": "256", "-rss_limit_mb": str(MEMORY_MB), "-timeout": "60"}


def run(harness_name: str, libfuzzer_args: list[str]) -> int:
    """Start libFuzzer on ``harness_name`` in a capped child; returns its
    exit status (0: no crash)."""
    from . import runner
    from .harnesses import HARNESSES
    from .seeds import seeds
    try:
        import atheris  # noqa: F401
    except ImportError:
        print("atheris is not installed (pip install -e '.[fuzz]'); use "
              "python -m fuzz run, the pure-Python driver", file=sys.stderr)
        return 2
    args = [a for a in libfuzzer_args if a != "--"]
    given = {a.split("=", 1)[0] for a in args if a.startswith("-")}
    for key, value in DEFAULTS.items():
        if key not in given:
            args.append(f"{key}={value}")
    runner.FINDINGS.mkdir(exist_ok=True)
    if "-artifact_prefix" not in given:
        args.append(f"-artifact_prefix={runner.FINDINGS}/{harness_name}-atheris-")
    with tempfile.TemporaryDirectory(prefix="markup5-atheris-corpus-") as corpus:
        for i, seed in enumerate(seeds(HARNESSES[harness_name].seed_kind)):
            Path(corpus, f"seed-{i}").write_bytes(b"\x00\x00" + seed)
        cmd = [sys.executable, "-m", "fuzz.atheris_main", harness_name, *args, corpus]

        def cap() -> None:
            limit = (MEMORY_MB + 256) << 20  # libFuzzer's own limit acts first
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(runner.ROOT)] + (
            [env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        return subprocess.call(cmd, cwd=str(runner.ROOT), preexec_fn=cap, env=env)


def _child(harness_name: str, argv: list[str]) -> None:
    """In the child: instrument markup5, then run libFuzzer."""
    import atheris
    with atheris.instrument_imports(include=["markup5"]):
        import markup5  # noqa: F401
        import markup5.cli  # noqa: F401
        import markup5.microsyntax  # noqa: F401
    from . import runner
    from .harnesses import HARNESSES
    harness = HARNESSES[harness_name]
    signal.signal(signal.SIGPROF, runner._on_alarm)

    def test_one_input(data: bytes) -> None:
        result = runner.run_one(harness, data)
        if "finding" in result:
            raise RuntimeError(f"{result['finding']}: {result['message']}")

    atheris.Setup([sys.argv[0], *argv], test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    _child(sys.argv[1], sys.argv[2:])
