"""Fetch the Nu Html Checker (vnu.jar) for the conformance measurements.

    python tools/fetch_vnu.py [--force]

Downloads the ``vnu-jar`` npm package, version :data:`VERSION`, from the npm
registry, checks the tarball against the SHA-512 the registry published for
it (:data:`INTEGRITY`, from ``npm view vnu-jar@26.9.27 dist.integrity``) and
extracts ``package/build/dist/vnu.jar`` to :data:`JAR`
(``tools/.cache/vnu/vnu.jar``, git-ignored).  Prints the jar's path.

vnu is a measuring instrument for ``tools/conformance_suite.py --vnu`` and
``tools/vnu_diff.py``; the test suite never needs it (it runs on Java, which
markup5 does not).  Those tools use this module's :func:`run_vnu` (one
``java -jar vnu.jar --format json`` over many files, the jar fetched on first
use) and :func:`parse_vnu_json` (vnu's JSON report, as :class:`VnuMessage`
values grouped by file).

vnu's JSON report (``--format json``): ``{"version": ..., "messages": [...]}``,
each message with ``type`` (``"error"``, ``"info"`` or
``"non-document-error"``), ``subType`` (``"warning"`` on a warning, which is
an ``info`` message; ``"fatal"`` on an error that stopped the check),
``url`` (``file:/abs/path``), ``lastLine``, ``lastColumn``, ``firstLine``
(left out when it equals ``lastLine``), ``firstColumn``, ``message``,
``extract``, ``hiliteStart`` and ``hiliteLength``.  vnu reports nothing at
all for a file it cannot read.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import sys
import json
import subprocess
import tarfile
import urllib.parse
import urllib.request
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: The pinned release of the ``vnu-jar`` npm package.
VERSION = "26.9.27"
#: The tarball's address in the npm registry.
TARBALL = f"https://registry.npmjs.org/vnu-jar/-/vnu-jar-{VERSION}.tgz"
#: ``npm view vnu-jar@26.9.27 dist.integrity``: the tarball's SHA-512 (Subresource Integrity form).
INTEGRITY = ("sha512-TkQd5DFfOaWC9ebtvozTsrH2Vaod3jYg+vrOeREzIXxBexLz9+rS2DNtjn7+RPUiZhgli0SghgBX6RJRNea0KA==")
#: Where the jar is kept (``tools/.cache/`` is git-ignored).
JAR = ROOT / "tools" / ".cache" / "vnu" / "vnu.jar"
#: The jar's member name inside the npm tarball.
MEMBER = "package/build/dist/vnu.jar"


def integrity_matches(data: bytes, integrity: str = INTEGRITY) -> bool:
    """Whether *data* has the Subresource Integrity digest *integrity* (``sha512-<base64>``)."""
    algorithm, _, expected = integrity.partition("-")
    if algorithm != "sha512" or not expected:
        raise ValueError(f"integrity must be 'sha512-<base64 digest>', not {integrity!r}")
    return base64.b64encode(hashlib.sha512(data).digest()).decode("ascii") == expected


def extract_jar(tarball: bytes) -> bytes:
    """The bytes of ``vnu.jar`` inside the npm package *tarball* (gzip-compressed tar)."""
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
        member = archive.getmember(MEMBER)
        stream = archive.extractfile(member)
        if stream is None:
            raise ValueError(f"{MEMBER} in the vnu-jar package is not a regular file")
        return stream.read()


def fetch(force: bool = False) -> Path:
    """Download, verify and extract the jar to :data:`JAR` unless it is there; its path."""
    if JAR.is_file() and not force:
        return JAR
    with urllib.request.urlopen(TARBALL, timeout=300) as response:
        tarball: bytes = response.read()
    if not integrity_matches(tarball):
        raise RuntimeError(f"{TARBALL}: the download does not match the pinned {INTEGRITY}")
    jar = extract_jar(tarball)
    JAR.parent.mkdir(parents=True, exist_ok=True)
    partial = JAR.with_suffix(".jar.part")
    partial.write_bytes(jar)
    partial.replace(JAR)
    return JAR


def vnu_jar() -> Path:
    """The path of vnu.jar, fetched on first use."""
    return fetch()


@dataclass(frozen=True, slots=True)
class VnuMessage:
    """One message of vnu's JSON report.

    ``severity`` is ``"error"`` (vnu's ``type`` ``error``), ``"warning"``
    (``info`` with ``subType`` ``warning``), ``"info"`` or
    ``"non-document-error"`` (vnu could not check the document: not a
    verdict on it).  Positions are 1-based and inclusive as vnu gives them;
    ``first_line`` is ``last_line`` where vnu leaves it out, and the
    positions are ``None`` on a message about no place in the document."""

    severity: str
    message: str
    first_line: int | None
    first_column: int | None
    last_line: int | None
    last_column: int | None
    sub_type: str | None = None


def _position(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def message_from_json(item: dict[str, Any]) -> VnuMessage:
    """A :class:`VnuMessage` from one entry of the report's ``messages``."""
    kind = item.get("type")
    sub_type = item.get("subType")
    if kind == "info":
        severity = "warning" if sub_type == "warning" else "info"
    elif kind in ("error", "non-document-error"):
        severity = kind
    else:
        raise ValueError(f"unknown vnu message type {kind!r}")
    last_line = _position(item.get("lastLine"))
    first_line = _position(item.get("firstLine"))
    if first_line is None:
        first_line = last_line
    return VnuMessage(severity=severity, message=str(item.get("message", "")),
                      first_line=first_line, first_column=_position(item.get("firstColumn")),
                      last_line=last_line, last_column=_position(item.get("lastColumn")),
                      sub_type=sub_type if isinstance(sub_type, str) else None)


def path_of_url(url: str) -> Path:
    """The file a ``file:`` URL of vnu's report names (``file:/a%20b/c.html`` -> ``/a b/c.html``)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "file":
        raise ValueError(f"not a file: URL: {url!r}")
    return Path(urllib.request.url2pathname(parts.path))


def report_items(text: str) -> dict[Path, list[dict[str, Any]]]:
    """The entries of vnu's ``--format json`` report *text*, grouped by file (absolute path)."""
    report = json.loads(text)
    if not isinstance(report, dict) or not isinstance(report.get("messages"), list):
        raise ValueError("not a vnu JSON report: no 'messages' list")
    by_file: dict[Path, list[dict[str, Any]]] = {}
    for item in report["messages"]:
        if not isinstance(item, dict):
            raise ValueError(f"not a vnu message: {item!r}")
        by_file.setdefault(path_of_url(str(item.get("url", ""))), []).append(item)
    return by_file


def parse_vnu_json(text: str) -> dict[Path, list[VnuMessage]]:
    """vnu's ``--format json`` report as the messages of each file (by absolute path), in
    report order.  Files without messages are absent: the caller knows which it gave."""
    return {path: [message_from_json(item) for item in items]
            for path, items in report_items(text).items()}


#: The options every measurement runs vnu with: the JSON report on stdout, any
#: exit status, and no language detection (a guess at the text's language,
#: whose warnings are about the text, not the markup, and which the suite's
#: expectations leave out).
VNU_OPTIONS = ("--format", "json", "--stdout", "--exit-zero-always", "--no-langdetect")


def vnu_command(paths: Sequence[Path], options: Iterable[str] = ()) -> list[str]:
    """The one ``java -jar vnu.jar`` command that checks every file in *paths*."""
    return ["java", "-jar", str(vnu_jar()), *VNU_OPTIONS, *options, *map(str, paths)]


#: Where :func:`run_vnu` keeps each file's report (git-ignored, under ``tools/.cache/``).
REPORTS = JAR.parent / "reports"


def _cache_key(path: Path, options: Sequence[str]) -> str:
    digest = hashlib.sha256()
    for part in (VERSION, *VNU_OPTIONS, *options, path.suffix):
        digest.update(part.encode("utf-8") + b"\0")
    digest.update(path.read_bytes())
    return digest.hexdigest()


def run_vnu(paths: Sequence[Path], options: Iterable[str] = (),
            cache: Path | None = REPORTS) -> dict[Path, list[VnuMessage]]:
    """Check *paths* (HTML files) with vnu; the messages of each file, by its resolved path
    (every path given is a key, with ``[]`` when vnu reports nothing).

    The files not in *cache* (a directory of reports, one per file, keyed by the SHA-256
    of vnu's version, the options, the file's suffix and its bytes; ``None``: no cache)
    are checked in one Java run, and their reports stored there."""
    resolved = list(dict.fromkeys(path.resolve() for path in paths))
    extra = list(options)
    items: dict[Path, list[dict[str, Any]]] = {}
    keys: dict[Path, str] = {}
    missing = []
    for path in resolved:
        if cache is not None:
            keys[path] = _cache_key(path, extra)
            stored = cache / f"{keys[path]}.json"
            if stored.is_file():
                items[path] = json.loads(stored.read_text(encoding="utf-8"))
                continue
        missing.append(path)
    if missing:
        result = subprocess.run(vnu_command(missing, extra), capture_output=True, text=True,
                                encoding="utf-8", timeout=3600, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"vnu failed ({result.returncode}): {result.stderr.strip()[:2000]}")
        found = report_items(result.stdout)
        for path in missing:
            items[path] = found.get(path, [])
            if cache is not None:
                cache.mkdir(parents=True, exist_ok=True)
                (cache / f"{keys[path]}.json").write_text(json.dumps(items[path]),
                                                          encoding="utf-8")
    return {path: [message_from_json(item) for item in items[path]] for path in resolved}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="download again even when cached")
    options = parser.parse_args(argv)
    print(fetch(force=options.force))
    return 0


if __name__ == "__main__":
    sys.exit(main())
