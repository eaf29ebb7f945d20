"""Throughput of markup5.xml.parse_xml against xml.etree.ElementTree and lxml.

    python benchmarks/xml.py [DIR|FILE ...] [--rounds N] [--per-kind]

With directories or files (searched recursively for ``.xml .svg .xsd .xsl
.xslt .rss .atom .xhtml .kml .gpx .ui .glade .policy .rng .page .conf``; a
corpus of real files can be collected with ``tools/gather_xml_corpus.py``),
the files that expat parses without error are the input: each contender
parses every one of them from its bytes, once per round; rounds are
interleaved so that machine noise hits everyone alike.  Each line gives the
best round's time and throughput, and the ratio to xml.etree's time as the
median over the rounds of that round's ratio (a round's contenders run close
together in time, so the ratio is steadier than either time on a busy
machine).  Times are the CPU time of this process (``time.process_time``),
which other work on a shared machine disturbs less than wall time, and
include freeing the trees: the garbage collector runs before each
contender's loop, untimed, and at its end, timed.  ``--per-kind`` adds a line per file suffix.

Without paths, two generated well-formed documents are used instead: a
large Atom feed with several namespaces and a large SVG with xlink:href.

Contenders: ``markup5.parse_xml`` (bytes in, a DOM with namespaces,
comments and PIs out; by default a document expat accepts is built from
expat's events, :mod:`markup5.xml.fast_path`), the same with
``fast_path=False`` (``markup5 XML5 path``: the XML5 tokenizer and tree
builder in Python, as for malformed input), ``xml.etree.ElementTree.fromstring``
(expat, in C) and ``lxml.etree.fromstring`` (libxml2, in C; optional:
``pip install lxml``, skipped when absent or when it rejects an encoding).
The ratio on each line is that contender's time over xml.etree's.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

# This file is named xml.py: keep its directory off the path, or it would
# shadow the standard library's xml package.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent / "src"))

import xml.etree.ElementTree as ET  # noqa: E402

from markup5.xml import parse_xml  # noqa: E402

try:
    import lxml.etree as LET
except ImportError:  # optional peer
    LET = None

#: A contender: parses one document from its bytes.
XmlRunner = Callable[[bytes], object]

SUFFIXES = frozenset({".xml", ".svg", ".xsd", ".xsl", ".xslt", ".rss", ".atom", ".xhtml",
                      ".kml", ".gpx", ".ui", ".glade", ".policy", ".rng", ".page", ".conf"})


def atom_feed(entries: int) -> bytes:
    parts = ['<?xml version="1.0" encoding="utf-8"?>\n'
             '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"'
             ' xmlns:ex="urn:example:extensions" xml:lang="en">\n'
             '  <title type="text">Benchmark feed</title>\n'
             '  <updated>2024-01-01T00:00:00Z</updated>\n']
    for i in range(entries):
        parts.append(
            f'  <entry ex:rank="{i}">\n'
            f'    <id>urn:uuid:{i:08x}-0000-4000-8000-000000000000</id>\n'
            f'    <title type="text">Entry number {i} &amp; friends</title>\n'
            f'    <link rel="alternate" href="https://example.org/posts/{i}"/>\n'
            f'    <author><name>Author {i % 17}</name><email>a{i % 17}@example.org</email></author>\n'
            f'    <media:thumbnail url="https://example.org/t/{i}.png" width="75" height="50"/>\n'
            f'    <summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Some '
            f'<b>bold</b> and <i>italic</i> text, entry {i}, with a '
            f'<a href="https://example.org/{i}">link</a>.</p></div></summary>\n'
            f'    <content type="html">&lt;p&gt;Escaped HTML content for entry {i}.&lt;/p&gt;'
            f'</content>\n'
            f'    <ex:meta ex:key="k{i}">value {i}</ex:meta>\n'
            f'  </entry>\n')
    parts.append("</feed>\n")
    return "".join(parts).encode("utf-8")


def svg(shapes: int) -> bytes:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
             ' viewBox="0 0 1000 1000" width="1000" height="1000">\n'
             '  <defs><circle id="dot" r="3" fill="currentColor"/>'
             '<linearGradient id="g"><stop offset="0" stop-color="#fff"/>'
             '<stop offset="1" stop-color="#000"/></linearGradient></defs>\n']
    for i in range(shapes):
        x, y = (i * 37) % 1000, (i * 91) % 1000
        parts.append(
            f'  <g transform="translate({x},{y})" class="s{i % 9}">'
            f'<use xlink:href="#dot" x="1" y="2"/>'
            f'<path d="M0 0 L{i % 50} {i % 30} Q5 5 10 {i % 7} Z" stroke="url(#g)"/>'
            f'<text x="4" y="4">label {i}</text></g>\n')
    parts.append("</svg>\n")
    return "".join(parts).encode("utf-8")


def corpus(paths: list[str]) -> dict[str, list[bytes]]:
    """The well-formed files under ``paths`` (that lxml, when installed,
    reads too), grouped by suffix."""
    groups: dict[str, list[bytes]] = defaultdict(list)
    lxml_rejects: list[Path] = []
    for path in paths:
        p = Path(path)
        found = ([Path(d, n) for d, _, names in os.walk(p) for n in sorted(names)]
                 if p.is_dir() else [p])
        for f in sorted(found):
            if f.suffix.lower() not in SUFFIXES or not f.is_file():
                continue
            data = f.read_bytes()
            try:
                ET.fromstring(data)
            except ET.ParseError:
                continue
            if LET is not None:
                try:
                    LET.fromstring(data)
                except LET.XMLSyntaxError:  # an encoding libxml2 lacks (IBM855, ...)
                    lxml_rejects.append(f)
                    continue
            groups[f.suffix.lower()].append(data)
    if lxml_rejects:
        print(f"{len(lxml_rejects)} well-formed files left out: lxml rejects them")
    return groups


def contenders(documents: list[bytes]) -> list[tuple[str, XmlRunner]]:
    found: list[tuple[str, XmlRunner]] = [
        ("markup5.parse_xml", parse_xml),
        ("markup5 XML5 path", lambda data: parse_xml(data, fast_path=False)),
        ("xml.etree", ET.fromstring)]
    if LET is None:
        print("lxml: skipped (pip install lxml)")
        return found
    try:
        for data in documents:
            LET.fromstring(data)
    except LET.XMLSyntaxError as exc:
        print(f"lxml: skipped ({exc})")
        return found
    found.append(("lxml", LET.fromstring))
    return found


def round_times(runners: Sequence[tuple[str, XmlRunner]], documents: list[bytes],
                rounds: int) -> dict[str, list[float]]:
    """Each contender's CPU time in each round (rounds interleaved).

    Each contender pays for freeing its own trees, and only its own: the
    garbage collector runs before its loop (untimed) and again at its end
    (timed).  A markup5 tree is full of reference cycles (every node points
    at its parent), so a dropped one is freed by the collector, not when
    its last reference goes; without the collections here part of that
    cost fell on whichever contender ran next (xml.etree, after the XML5
    path), and each contender's time depended on its neighbour's trees."""
    times: dict[str, list[float]] = {name: [] for name, _ in runners}
    for _ in range(rounds):
        for name, run in runners:
            gc.collect()
            start = time.process_time()
            for data in documents:
                run(data)
            gc.collect()
            times[name].append(time.process_time() - start)
    return times


def report(label: str, documents: list[bytes], times: dict[str, list[float]]) -> None:
    """A line per contender: its best round and, as the median over the
    rounds of that round's ratio, its time over xml.etree's."""
    size = sum(len(d) for d in documents) / 1e6
    print(f"{label}: {len(documents)} files, {size:.2f} MB")
    reference = times["xml.etree"]
    for name, seconds in times.items():
        best = min(seconds)
        ratio = ""
        if name != "xml.etree":
            median = statistics.median(a / b for a, b in zip(seconds, reference))
            ratio = f"  {median:5.2f}x xml.etree's time (median of rounds)"
        print(f"  {name:18s} {best:8.3f} s  {size / best:7.2f} MB/s{ratio}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", help="directories or files of XML (default: generated)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--per-kind", action="store_true", help="also report each file suffix")
    ap.add_argument("--entries", type=int, default=3000, help="generated Atom feed entries")
    ap.add_argument("--shapes", type=int, default=15000, help="generated SVG shapes")
    args = ap.parse_args(argv)

    if args.paths:
        groups = corpus(args.paths)
        documents = [d for group in groups.values() for d in group]
        if not documents:
            ap.error("no well-formed XML files found")
        runners = contenders(documents)
        print(f"{args.rounds} interleaved rounds (times: the best round)")
        report("corpus", documents, round_times(runners, documents, args.rounds))
        if args.per_kind:
            for suffix, group in sorted(groups.items(), key=lambda kv: -len(kv[1])):
                report(suffix, group, round_times(runners, group, args.rounds))
        return 0

    inputs = {"atom": atom_feed(args.entries), "svg": svg(args.shapes)}
    runners = contenders(list(inputs.values()))
    print(f"generated documents, {args.rounds} interleaved rounds (times: the best round)")
    for label, data in inputs.items():
        document = parse_xml(data)
        assert not document.errors, document.errors[:3]
        report(label, [data], round_times(runners, [data], args.rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
