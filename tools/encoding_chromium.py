#!/usr/bin/env python3
"""Which encoding Chromium decodes each page of a corpus with, against markup5.

Each file of a directory (``*.html`` and ``*.htm``, in subfolders too) is
loaded as a ``file:`` document, top-level, in headless Chromium driven over
the DevTools protocol (``--remote-debugging-pipe``: Python's standard
library only, no chromedriver), which reports its ``document.characterSet``;
markup5's is ``markup5.parse(data).encoding`` on the file's bytes (with
``--no-detect``, ``markup5.parse(data, detect=False).encoding``).  Pages
where the two differ are printed, then a summary line ``N/M pages agree``.

Scripts are disabled and every ``http(s):`` request blocked, so that a page
can neither navigate away nor wait on the network.  The page is loaded top
level, not in a frame: a frame's document without a declared encoding takes
its parent's (the sniffing algorithm's step for a child navigable), which
would hide Chromium's detector.

What a ``file:`` URL changes: Chromium runs its detector (Compact Encoding
Detection) when nothing declares the encoding, and takes a guess of UTF-8
only for local resources (``file:`` URLs and the like); for a page served
over HTTP it drops that guess and uses its locale's default (Firefox's
chardetng likewise allows UTF-8 only for ``file:`` URLs).  So this tool
measures markup5 against a browser opening saved files, which is what
``markup5.parse(bytes)`` is most often given (see docs/encodings.md,
"Autodetection").  ``--http`` loads the pages from a local web server instead,
as ``text/html`` without a charset, to see the other behaviour (compare it
with ``--no-detect``).

A development tool, not part of the test suite; it needs a Chromium binary
(``apt-get install chromium``, or ``--chromium`` / ``$CHROMIUM``)::

    python tools/encoding_chromium.py ../shared/corpus/readability
    python tools/encoding_chromium.py --no-detect ../shared/corpus/readability
    python tools/encoding_chromium.py --http --no-detect ../shared/corpus/readability

Exit status: 0 when every page agrees, 1 otherwise.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_diff import find_chromium  # noqa: E402

import markup5  # noqa: E402
from markup5.encoding import lookup  # noqa: E402

_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--mute-audio", "--remote-debugging-pipe",
]

#: The file names loaded.
SUFFIXES = (".html", ".htm", ".xhtml")


def corpus_files(directory: Path) -> list[Path]:
    """The pages under ``directory`` (subfolders too), sorted."""
    return sorted(path for path in directory.rglob("*")
                  if path.is_file() and path.suffix.lower() in SUFFIXES)


def canonical(label: str) -> str:
    """The Encoding Standard's name for a label (``document.characterSet``
    gives the name already; a label that is none is kept as it is)."""
    encoding = lookup(label)
    return encoding.name if encoding is not None else label


@dataclass(frozen=True)
class Result:
    """One page: its name, Chromium's encoding and markup5's (with where
    markup5's came from)."""

    name: str
    chromium: str
    markup5: str
    source: str = ""

    @property
    def agrees(self) -> bool:
        return canonical(self.chromium) == canonical(self.markup5)


def markup5_encoding(data: bytes, detect: bool = True) -> tuple[str, str]:
    """markup5's encoding for the bytes of a page, and its source."""
    document = markup5.parse(data, detect=detect)
    return document.encoding, document.encoding_source or ""


def report(results: Sequence[Result]) -> tuple[list[str], bool]:
    """The lines printed for ``results`` (one per disagreement, then the
    summary ``N/M pages agree``) and whether all agree."""
    lines = [f"{r.name}: Chromium {r.chromium}, markup5 {r.markup5}"
             + (f" ({r.source})" if r.source else "")
             for r in results if not r.agrees]
    agreeing = sum(r.agrees for r in results)
    lines.append(f"{agreeing}/{len(results)} pages agree")
    return lines, agreeing == len(results)


class DevTools:
    """A headless Chromium driven over ``--remote-debugging-pipe``: JSON
    messages, each ended by a NUL byte, written to the browser's fd 3 and
    read from its fd 4."""

    def __init__(self, binary: str, timeout: float = 10.0, block_http: bool = True) -> None:
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(prefix="encoding_chromium_")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # The browser reads fd 3 and writes fd 4 (set up in the child after
        # the fork; close_fds would close them again).
        def child_fds() -> None:
            read, write = os.dup(to_browser_r), os.dup(from_browser_w)  # (above 4 or not 3)
            while read in (3, 4) or write in (3, 4):
                read, write = os.dup(read), os.dup(write)
            os.dup2(read, 3)
            os.dup2(write, 4)
        self.process = subprocess.Popen(
            [binary, *_FLAGS, f"--user-data-dir={self._profile.name}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False,
            preexec_fn=child_fds, start_new_session=True)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        self.call("Page.enable", session=self.session)
        self.call("Emulation.setScriptExecutionDisabled", value=True, session=self.session)
        self.call("Network.enable", session=self.session)
        # (With the local server, http: stays open: other hosts fail offline.)
        blocked = ["https://*", "ws://*", "wss://*"] + (["http://*"] if block_http else [])
        self.call("Network.setBlockedURLs", urls=blocked, session=self.session)

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        result: dict[str, Any] = json.loads(message)
        return result

    def call(self, method: str, session: str | None = None, **params: Any) -> Any:
        """Send a command and wait for its answer (events meanwhile are kept)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self._events.append(answer)

    def wait_event(self, method: str, timeout: float) -> bool:
        """Wait for an event of this session; False if it did not come in
        ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            for event in self._events:
                if event.get("method") == method and event.get("sessionId") == self.session:
                    self._events.clear()
                    return True
            self._events.clear()
            try:
                self._events.append(self._read_message(deadline))
            except TimeoutError:
                return False

    def character_set(self, url: str) -> str:
        """``document.characterSet`` of the document loaded from ``url``
        (read once the page has loaded, or after ``timeout`` seconds: the
        encoding is settled long before, once parsing began)."""
        self._events.clear()
        self.call("Page.navigate", url=url, session=self.session)
        self.wait_event("Page.loadEventFired", self.timeout)
        value = self.call("Runtime.evaluate", expression="document.characterSet",
                          session=self.session)
        return str(value["result"]["value"])

    def close(self) -> None:
        try:
            os.close(self._to_browser)
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._from_browser)
        self._profile.cleanup()


class _PlainHTML(http.server.SimpleHTTPRequestHandler):
    """Serves every file as ``text/html`` without a charset."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return "text/html"

    def log_message(self, format: str, *args: Any) -> None:
        pass


def page_url(path: Path, root: Path, server: str | None) -> str:
    """The URL a page is loaded from: its ``file:`` URL, or with ``server``
    (``http://127.0.0.1:PORT``) its URL there."""
    if server is None:
        return path.resolve().as_uri()
    return server + "/" + urllib.parse.quote(path.relative_to(root).as_posix())


def compare(browser: DevTools, files: Iterable[Path], root: Path,
            detect: bool = True, verbose: bool = False,
            server: str | None = None) -> list[Result]:
    """Load each file in Chromium and parse it with markup5."""
    results = []
    for path in files:
        if verbose:
            print(path.relative_to(root), file=sys.stderr, flush=True)
        chromium = browser.character_set(page_url(path, root, server))
        encoding, source = markup5_encoding(path.read_bytes(), detect)
        results.append(Result(str(path.relative_to(root)), chromium, encoding, source))
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, help="the corpus (subfolders are searched)")
    parser.add_argument("--chromium", help="the Chromium binary (default: $CHROMIUM or PATH)")
    parser.add_argument("--no-detect", action="store_true",
                        help="parse with detect=False (the standard's default, no detection)")
    parser.add_argument("--http", action="store_true",
                        help="load the pages from a local web server (text/html, no charset) "
                             "instead of file: URLs")
    parser.add_argument("--verbose", action="store_true", help="name each page as it loads")
    args = parser.parse_args(argv)
    files = corpus_files(args.directory)
    if not files:
        parser.error(f"no {'/'.join(SUFFIXES)} files under {args.directory}")
    httpd = None
    server = None
    if args.http:
        httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(_PlainHTML, directory=str(args.directory)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        server = f"http://127.0.0.1:{httpd.server_address[1]}"
    browser = DevTools(find_chromium(args.chromium), block_http=not args.http)
    try:
        results = compare(browser, files, args.directory, detect=not args.no_detect,
                          verbose=args.verbose, server=server)
    finally:
        browser.close()
        if httpd is not None:
            httpd.shutdown()
    lines, all_agree = report(results)
    print("\n".join(lines))
    return 0 if all_agree else 1


if __name__ == "__main__":
    sys.exit(main())
