"""Collect a corpus of well-formed XML files from this machine.

    python tools/gather_xml_corpus.py DEST [ROOT ...] [--max-bytes N]

Walks each ROOT (default ``/usr/share /usr/lib /etc``) for files whose names
look like XML (``.xml .svg .xsd .xsl .xslt .rss .atom .xhtml .kml .gpx .ui
.glade .policy .rng .page .conf``), keeps those that the standard library's
``xml.etree.ElementTree`` parses without error (and, for ``.conf``, that
start with ``<``), drops byte-identical duplicates, and copies the rest into
DEST as ``<sha1 prefix>-<original name>``, with ``SOURCES.tsv`` mapping
each copy to where it came from.  Symlinks are not followed.

The corpus is for ``tools/xml_diff.py`` and ``benchmarks/xml.py``; it is
not committed (``tests/fixtures/xml-corpus/`` holds a small licensed sample).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

SUFFIXES = frozenset({".xml", ".svg", ".xsd", ".xsl", ".xslt", ".rss", ".atom", ".xhtml",
                      ".kml", ".gpx", ".ui", ".glade", ".policy", ".rng", ".page", ".conf"})
DEFAULT_ROOTS = ("/usr/share", "/usr/lib", "/etc")


def candidates(roots: list[str]) -> Iterator[Path]:
    """Regular files under ``roots`` with an XML-like suffix (no symlinks)."""
    for root in roots:
        for directory, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(files):
                path = Path(directory, name)
                if path.suffix.lower() in SUFFIXES and not path.is_symlink() and path.is_file():
                    yield path


def well_formed(data: bytes) -> bool:
    """Whether xml.etree parses ``data`` without error."""
    try:
        ET.fromstring(data)
    except (ET.ParseError, ValueError, RecursionError):
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dest", type=Path)
    ap.add_argument("roots", nargs="*", default=list(DEFAULT_ROOTS))
    ap.add_argument("--max-bytes", type=int, default=20_000_000,
                    help="skip files larger than this (default 20 MB)")
    args = ap.parse_args(argv)
    args.dest.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    kept = 0
    with open(args.dest / "SOURCES.tsv", "w", encoding="utf-8") as sources:
        for path in candidates(args.roots):
            try:
                if path.stat().st_size > args.max_bytes:
                    continue
                data = path.read_bytes()
            except OSError:
                continue
            if path.suffix == ".conf" and not data.lstrip().startswith(b"<"):
                continue
            digest = hashlib.sha1(data).hexdigest()
            if digest in seen or not well_formed(data):
                continue
            seen.add(digest)
            name = f"{digest[:10]}-{path.name}"
            shutil.copyfile(path, args.dest / name)
            sources.write(f"{name}\t{path}\n")
            kept += 1
    print(f"{kept} well-formed files in {args.dest}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
