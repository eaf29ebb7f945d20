"""Streaming a large generated XML file with markup5.xml.iterparse_xml: flat memory?

Usage::

    python benchmarks/xml_stream.py [--sizes 10MB,100MB,1GB] [--keep] [--no-discard]
                                    [--chunk-size BYTES] [--compare-etree]

For each size, a file of about that many bytes is written to /tmp (once; it
is reused while its size matches, and deleted at the end unless ``--keep``):
an XML declaration, then a root element holding records like ::

    <record id="17"><name>name 17</name><value>0.0017</value></record>

one per line, until the size is reached (a 1 GB file holds about 13 million
records).  Each size is then parsed in a fresh child process by
``iterparse_xml(path, events=("end",))``, reading every record's ``id``
and ``value`` on its "end" event and then dropping it with
``events.discard(node)``, and the child reports
its peak resident set size (``resource.getrusage(RUSAGE_SELF).ru_maxrss``,
what the interpreter and the import of markup5 take included), the
records seen, the parse errors and the throughput (MB/s of input, wall
clock).  ``--no-discard`` keeps the tree (memory then grows with the input:
a contrast, at small sizes only).  ``--compare-etree`` also runs
``xml.etree.ElementTree.iterparse`` with the ``elem.clear()`` idiom in its
own child, as a baseline for both numbers.

Flat memory means the peak RSS stays about the same from 10 MB to 1 GB.
(ElementTree's idiom is not flat either: the cleared records stay in the
root element.)
This is a benchmark, not a test: the test suite never runs big sizes
(tests/test_xml_iterparse.py checks the bound on node counts instead).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# (benchmarks/xml.py would shadow the standard library's xml package.)
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]
sys.path.insert(0, str(ROOT / "src"))

_UNITS = {"KB": 1000, "MB": 1000 ** 2, "GB": 1000 ** 3, "B": 1}


def parse_size(text: str) -> int:
    """'10MB' -> 10,000,000 (KB, MB, GB are powers of 1000; no unit: bytes)."""
    text = text.strip().upper()
    for unit in ("KB", "MB", "GB", "B"):
        if text.endswith(unit):
            return int(float(text[:-len(unit)]) * _UNITS[unit])
    return int(text)


def generate(path: Path, size: int) -> int:
    """Write the records file of about ``size`` bytes to ``path`` (reused if
    it is already there with a size within one record of it); returns the
    number of records."""
    head = b'<?xml version="1.0" encoding="UTF-8"?>\n<records>\n'
    tail = b"</records>\n"
    marker = path.with_suffix(".count")
    if path.exists() and marker.exists() and abs(path.stat().st_size - size) < 200:
        return int(marker.read_text())
    count = 0
    written = len(head) + len(tail)
    with open(path, "wb") as out:
        out.write(head)
        batch: list[bytes] = []
        while written < size:
            record = (f'<record id="{count}"><name>name {count}</name>'
                      f"<value>{count / 10000:.4f}</value></record>\n").encode()
            batch.append(record)
            written += len(record)
            count += 1
            if len(batch) >= 10000:
                out.write(b"".join(batch))
                batch.clear()
        out.write(b"".join(batch))
        out.write(tail)
    marker.write_text(str(count))
    return count


def _child(path: str, engine: str, clear: bool, chunk_size: int) -> None:
    """Parse ``path`` and print one JSON line of measurements (run in a
    fresh interpreter, so that ru_maxrss is this parse's peak)."""
    import resource
    records = 0
    total = 0.0
    start = time.perf_counter()
    if engine == "markup5":
        from markup5.xml.iterparse import iterparse_xml
        events = iterparse_xml(Path(path), events=("end",), chunk_size=chunk_size)
        for _, node in events:
            if node.local_name == "record":
                records += 1
                value = node.children[1].children[0]
                total += float(value.data)
                node.get("id")
                if clear:
                    events.discard(node)
        errors = len(events.errors)
    else:
        import xml.etree.ElementTree as ET
        for _, elem in ET.iterparse(path, events=("end",)):
            if elem.tag == "record":
                records += 1
                total += float(elem[1].text or 0)
                elem.get("id")
                elem.clear()
        errors = 0
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # (KiB on Linux)
    print(json.dumps({"records": records, "errors": errors, "seconds": elapsed,
                      "peak_rss": peak}))


def run(path: Path, engine: str, clear: bool, chunk_size: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(path), "--engine", engine,
         "--chunk-size", str(chunk_size), *([] if clear else ["--no-discard"])],
        check=True, capture_output=True, text=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10MB,100MB",
                    help="comma-separated sizes (KB, MB, GB: powers of 1000); default "
                         "10MB,100MB (add 1GB for the full check: about 6 minutes)")
    ap.add_argument("--chunk-size", type=int, default=65536)
    ap.add_argument("--no-discard", action="store_true",
                    help="keep the whole tree (memory grows with the input)")
    ap.add_argument("--compare-etree", action="store_true",
                    help="also run xml.etree.ElementTree.iterparse with elem.clear()")
    ap.add_argument("--keep", action="store_true", help="keep the generated files in /tmp")
    ap.add_argument("--child", metavar="PATH", help=argparse.SUPPRESS)
    ap.add_argument("--engine", default="markup5", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        _child(args.child, args.engine, not args.no_discard, args.chunk_size)
        return 0
    engines = ["markup5"] + (["etree"] if args.compare_etree else [])
    print(f"iterparse_xml(path, events=('end',), chunk_size={args.chunk_size}), "
          f"{'no discard()' if args.no_discard else 'discard() on each record'}")
    print(f"{'engine':8s} {'size':>10s} {'records':>11s} {'errors':>6s} {'seconds':>9s} "
          f"{'MB/s':>7s} {'peak RSS MB':>11s}")
    made: list[Path] = []
    for text in args.sizes.split(","):
        size = parse_size(text)
        path = Path("/tmp") / f"markup5-xml-stream-{size}.xml"
        count = generate(path, size)
        made.append(path)
        actual = path.stat().st_size
        for engine in engines:
            result = run(path, engine, not args.no_discard, args.chunk_size)
            if result["records"] != count:
                print(f"  {engine}: {result['records']} records seen, {count} written")
            print(f"{engine:8s} {actual / 1e6:8.1f}MB {int(result['records']):11,d} "
                  f"{int(result['errors']):6d} {result['seconds']:9.1f} "
                  f"{actual / 1e6 / result['seconds']:7.2f} {result['peak_rss'] / 1e6:11.1f}")
    if not args.keep:
        for path in made:
            path.unlink(missing_ok=True)
            path.with_suffix(".count").unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
