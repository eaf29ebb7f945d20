"""Throughput of markup5.xml.parse_xml against xml.etree.ElementTree and lxml.

The input is generated here (well-formed XML, so every parser accepts it):
a large Atom feed with several namespaces (atom, xhtml, media, a custom
prefix) and a large SVG with xlink:href.  Each parser gets the same bytes
(UTF-8); rounds are interleaved and the best round counts.  lxml is an
optional peer (skipped when not installed).

    python benchmarks/xml.py [--entries N] [--shapes N] [--rounds N]
"""

from __future__ import annotations

import argparse
import sys
import time
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=3000)
    parser.add_argument("--shapes", type=int, default=15000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    inputs = {"atom": atom_feed(args.entries), "svg": svg(args.shapes)}
    runners = [("markup5.xml", parse_xml), ("xml.etree", ET.fromstring)]
    if LET is not None:
        runners.append(("lxml", LET.fromstring))
    else:
        print("lxml not installed: skipped")

    for label, data in inputs.items():
        document = parse_xml(data)
        assert not document.errors, document.errors[:3]
        size = len(data) / 1e6
        best = {name: float("inf") for name, _ in runners}
        for _ in range(args.rounds):
            for name, run in runners:
                start = time.perf_counter()
                run(data)
                best[name] = min(best[name], time.perf_counter() - start)
        print(f"{label}: {size:.2f} MB, best of {args.rounds}")
        ours = best["markup5.xml"]
        for name, _ in runners:
            seconds = best[name]
            ratio = "" if name == "markup5.xml" else f"  markup5.xml is {ours / seconds:5.1f}x slower"
            print(f"  {name:12s} {seconds * 1000:8.1f} ms  {size / seconds:7.2f} MB/s{ratio}")


if __name__ == "__main__":
    main()
