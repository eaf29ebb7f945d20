#!/usr/bin/env python3
"""Differential testing of markup5's encoding sniffing against a browser.

Random documents made of the things the sniffing algorithm reads (byte
order marks, ``<meta charset>`` and ``<meta http-equiv=content-type>`` with
every label of the Encoding Standard and some that are none, in every
attribute syntax the prescan meets, comments, ``<!...>``, ``</...>`` and
``<?...>`` sections, XML declarations, other tags with ``charset``
attributes, text) are served by a local web server, as ``text/html``
without a charset, to the frames of a windows-1252 page in headless
Chromium, which reports each frame's ``document.characterSet``; markup5's is
``markup5.parse(data).encoding``.  A frame's document without a declaration
inherits its parent's encoding (the sniffing algorithm's step for a child
navigable), windows-1252, which is markup5's default, so Chromium's
detector never decides.

Where the two differ because of a *documented* deviation of Chromium
(``docs/browser-differences.md``, "Encoding sniffing"), the difference is
counted under its name: each deviation rewrites the document without the
construct Chromium reads otherwise (a repeated attribute, a quote after a
label, a charset attribute that names no encoding beside a content
attribute, a ``<meta>`` in a raw text element, a CR before an attribute
name), and the difference is put down to it only when the rewritten
document then gets the same encoding from both.  One deviation is kept out
instead: a ``<meta>`` in the body after the first 1024 bytes, since the
documents are shorter.  (The raw text elements they have hold only text;
the rewrite is for documents the minimizer makes.)  Other differences are
minimized and printed.

A development tool, not part of the test suite; it needs a Chromium binary
(``apt-get install chromium``, or ``--chromium`` / ``$CHROMIUM``)::

    python tools/sniff_diff.py --count 5000 --seed 1
    python tools/sniff_diff.py --input '<meta charset="koi8-r">'

Exit status: 0 when every difference is explained, 1 otherwise.
"""

from __future__ import annotations

import http.server
import random
import re
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_diff import (  # noqa: E402
    Chromium, check_random_run, find_chromium, random_run_parser)

import markup5  # noqa: E402
from markup5.encoding import ENCODINGS, lookup  # noqa: E402
from markup5.encoding.sniff import _get_an_attribute, _OutOfBytes  # noqa: E402

#: Documents are shorter than this (see the module docstring).
LIMIT = 1024

#: The page: a windows-1252 document whose frames load the documents; once
#: all have loaded, each frame's character encoding comes back through
#: ``--dump-dom``.
_PAGE = """<!DOCTYPE html><meta charset=windows-1252><pre id=out></pre><div id=frames></div>
<script>
const frames = [];
for (let i = 0; i < {count}; i++) {{
  const frame = document.createElement("iframe");
  frame.src = "/doc/" + i;
  document.getElementById("frames").appendChild(frame);
  frames.push(frame);
}}
window.addEventListener("load", () => {{
  const out = frames.map(frame => {{
    try {{ return frame.contentDocument.characterSet; }} catch (e) {{ return "!error " + e; }}
  }});
  document.getElementById("out").textContent = "@@BEGIN@@" + JSON.stringify(out) + "@@END@@";
}});
</script>
"""


class _QuietServer(http.server.ThreadingHTTPServer):
    """A server that does not print the browser's closed connections."""

    def handle_error(self, request: object, client_address: object) -> None:
        error = sys.exc_info()[1]
        if not isinstance(error, (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


class DocumentServer:
    """A web server on 127.0.0.1 for the length of a ``with`` block: ``/``
    is the page, ``/doc/N`` the N-th document, as ``text/html`` without a
    charset.  Entering it gives the page's URL."""

    def __init__(self, documents: Sequence[bytes]) -> None:
        page = _PAGE.format(count=len(documents)).encode("ascii")

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass  # (quiet)

            def do_GET(self) -> None:
                if self.path == "/":
                    body, kind = page, "text/html; charset=windows-1252"
                elif self.path.startswith("/doc/") and self.path[5:].isdigit() and \
                        int(self.path[5:]) < len(documents):
                    body, kind = documents[int(self.path[5:])], "text/html"
                else:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> str:
        self._thread.start()
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._server.shutdown()
        self._server.server_close()


def chromium_encodings(browser: Chromium, documents: Sequence[bytes],
                       batch: int = 150) -> list[str]:
    """Chromium's ``document.characterSet`` for each document, ``batch``
    frames to a browser start."""
    out: list[str] = []
    for start in range(0, len(documents), batch):
        chunk = documents[start:start + batch]
        with DocumentServer(chunk) as url:
            results: list[str] | None = browser.run_url(url)
        if results is None:
            raise RuntimeError(f"Chromium did not finish in {browser.timeout} s")
        if len(results) != len(chunk):
            raise RuntimeError(f"Chromium returned {len(results)} results for {len(chunk)}")
        out.extend(results)
    return out


def markup5_encoding(data: bytes) -> str:
    """The encoding ``markup5.parse`` ends with: sniffed, then changed by
    a ``<meta>`` the tree builder inserts while it is tentative.  Without
    autodetection: a frame's document takes its parent's encoding at the
    step before it, so Chromium never detects here."""
    return markup5.parse(data, detect=False).encoding


# ---------------------------------------------------------------------------
# Documents
# ---------------------------------------------------------------------------

#: Labels: every label of the standard, and some that are none.
_LABELS = sorted({label for encoding in ENCODINGS.values() for label in encoding.labels}
                 | {"bogus", "utf-7", "x-mac-japanese", "latin-1", ""})

#: Elements whose contents are text to a tokenizer (and to Chromium's scan).
_RAW_TEXT = ("script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes")

_SPACES = (" ", "\t", "\n", "\f", "\r", "/")


def _label(rng: random.Random) -> str:
    label = rng.choice(_LABELS)
    label = "".join(c.upper() if rng.random() < 0.2 else c for c in label)
    if rng.random() < 0.15:
        label = rng.choice(_SPACES[:5]) + label + rng.choice(("", " ", "\t"))
    return label


def _quoted(rng: random.Random, value: str) -> str:
    quote = rng.choice(('"', "'", "", "", '"'))
    close = quote if rng.random() < 0.9 else ""
    return f"{quote}{value}{close}"


def _content(rng: random.Random) -> str:
    """A content attribute value for the algorithm for extracting a
    character encoding from a meta element."""
    label = _label(rng)
    return rng.choice((
        f"text/html; charset={label}", f"text/html;charset={label}", f"charset={label}",
        f"text/html; charset='{label}'", f'text/html; charset="{label}"',
        f'text/html; charset="{label}', f"text/html; charset = {label}",
        f"text/html; CHARSET={label}", f"xcharset={label}", f"charset=;{label}",
        f"charset={label}; charset=koi8-r", "text/html", f"charset\t=\t{label}"))


def _attribute_gap(rng: random.Random) -> str:
    return "".join(rng.choice(_SPACES) for _ in range(rng.randint(1, 2)))


def _meta(rng: random.Random) -> str:
    attributes = []
    if rng.random() < 0.55:
        attributes.append(f"charset{rng.choice(('=', ' = ', '=', '  =', '=/'))}"
                          f"{_quoted(rng, _label(rng))}")
    if rng.random() < 0.55:
        equiv = rng.choice(("content-type", "Content-Type", "refresh", "content-type ",
                            "CONTENT-TYPE", "content_type"))
        attributes.append(f"http-equiv={_quoted(rng, equiv)}")
        if rng.random() < 0.9:
            attributes.append(f"content={_quoted(rng, _content(rng))}")
    attributes += rng.sample(("name=x", "a", "x=<meta", 'b="c"', "=", "charset\x00"),
                             rng.randint(0, 2))
    if rng.random() < 0.05:  # a name again (meta-repeated-attribute)
        attributes.append(rng.choice((f"charset={_label(rng)}", "content=charset=big5")))
    rng.shuffle(attributes)
    name = rng.choice(("meta", "META", "Meta"))
    inside = "".join(_attribute_gap(rng) + attribute for attribute in attributes)
    return f"<{name}{inside}{rng.choice(('>', '/>', ' >', '>', ''))}"


def _piece(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.35:
        return _meta(rng)
    if roll < 0.42:
        return f"<!--{rng.choice(('', ' ', '-'))}{_meta(rng)}{rng.choice(('-->', '--->', '->'))}"
    if roll < 0.47:
        return rng.choice(("<!", "</", "<?")) + _meta(rng)[1:]
    if roll < 0.52:
        element = rng.choice(_RAW_TEXT)
        return f"<{element}>{rng.choice(('text', 'a < b', '<p>', ''))}</{element}>"
    if roll < 0.6:
        return f"<{rng.choice(('x', 'p', 'body', 'head', 'div', 'a'))} charset={_label(rng)}>"
    if roll < 0.66:
        return rng.choice(("<!doctype html>", "<html>", "<head>", "<body>", "<p>", "<br/>",
                           "</head>", "<noscript>"))
    if roll < 0.72:
        return rng.choice(("<meta", "<", "<meta charset=", "<!--", "<!-- -", '<meta charset="'))
    if roll < 0.85:
        return "x" * rng.randint(0, 60)
    return rng.choice(("caf\u00e9", "\u00e9\u00e8", "\u00ff", "\u20ac"))


def _xml_declaration(rng: random.Random) -> str:
    quote = rng.choice(('"', "'"))
    return (f"<?xml version={quote}1.0{quote}"
            f"{rng.choice(('', ' '))} encoding={quote}{_label(rng)}{quote}?>")


_BOMS = (b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe")


def documents(count: int, rng: random.Random) -> list[bytes]:
    """``count`` documents shorter than :data:`LIMIT` bytes (text beyond
    ASCII is written in UTF-8)."""
    out: list[bytes] = []
    while len(out) < count:
        text = "".join(_piece(rng) for _ in range(rng.randint(0, 8)))
        if rng.random() < 0.1:
            text = _xml_declaration(rng) + text
        data = text.encode("utf-8")
        roll = rng.random()
        if roll < 0.06:
            data = rng.choice(_BOMS) + data
        elif roll < 0.08:
            data = text.encode(rng.choice(("utf-16-le", "utf-16-be")))
        if len(data) < LIMIT:
            out.append(data)
    return out


def minimize(data: bytes, disagrees: Callable[[Sequence[bytes]], list[bool]]) -> bytes:
    """A shorter document that still disagrees: runs of bytes are dropped,
    halving the run length down to one byte, one browser start per round."""
    size = max(1, len(data) // 2)
    while True:
        candidates = [data[:i] + data[i + size:] for i in range(0, len(data), size)]
        verdicts = disagrees(candidates) if candidates else []
        for candidate, verdict in zip(candidates, verdicts):
            if verdict:
                data = candidate
                break
        else:
            if size == 1:
                return data
            size //= 2
            continue
        size = min(size, max(1, len(data) // 2))


# ---------------------------------------------------------------------------
# Known deviations
# ---------------------------------------------------------------------------
#
# Each names a construct that Chromium reads otherwise than the standard
# (docs/browser-differences.md, "Encoding sniffing") and rewrites a document
# without it.  A disagreement is put down to a deviation only when the
# rewritten document then gets the same encoding from both.

_META_START = re.compile(rb"<meta[\t\n\f\r /]", re.IGNORECASE)


def _meta_tags(data: bytes) -> list[tuple[int, int, list[tuple[str, str]]]]:
    """Each ``<meta`` in ``data`` (comments not skipped), read with the
    prescan's own "get an attribute": its start, its end (past the ``>``,
    or the end of the bytes) and its attributes (names and values
    ASCII-lowercased, quotes taken off, as that algorithm gives them)."""
    tags = []
    for match in _META_START.finditer(data):
        attributes: list[tuple[str, str]] = []
        position = match.end() - 1
        try:
            while True:
                attribute, position = _get_an_attribute(data, position)
                if attribute is None:
                    break
                attributes.append(attribute)
            end = position + 1
        except _OutOfBytes:
            end = len(data)
        tags.append((match.start(), end, attributes))
    return tags


def _repeated_attribute(attributes: list[tuple[str, str]]) -> bool:
    """Chromium reads every charset, content and http-equiv attribute of
    the tag, the last of a name winning; the prescan ignores an attribute
    whose name came before."""
    names = [name for name, _ in attributes if name in ("charset", "content", "http-equiv")]
    return len(names) != len(set(names))


_QUOTE_AFTER_LABEL = re.compile(r"charset[\t\n\f\r ]*=[\t\n\f\r ]*[^\t\n\f\r ;\"']+[\"']")


def _quote_after_label(attributes: list[tuple[str, str]]) -> bool:
    """In a content attribute, a label followed by a quote that opened
    none (``charset=big5"``): Chromium drops the quote; for the standard it
    is part of the label, which then names no encoding."""
    return any(name == "content" and _QUOTE_AFTER_LABEL.search(value)
               for name, value in attributes)


def _charset_hides_content(attributes: list[tuple[str, str]]) -> bool:
    """A charset attribute that names no encoding, and a content attribute:
    Chromium then ignores the content attribute, where the standard's in
    head rules for a meta element go on to it."""
    names = dict(attributes)
    charset = names.get("charset")
    return charset is not None and "content" in names and lookup(charset) is None


def _drop_meta_tags(wanted: Callable[[list[tuple[str, str]]], bool]
                    ) -> Callable[[bytes], bytes | None]:
    """A rewrite that takes out the meta tags whose attributes are
    ``wanted`` (None where there is none)."""
    def rewrite(data: bytes) -> bytes | None:
        out, at = [], 0
        for start, end, attributes in _meta_tags(data):
            if start >= at and wanted(attributes):
                out.append(data[at:start])
                at = end
        if not out:
            return None
        out.append(data[at:])
        return b"".join(out)
    return rewrite


_RAW_TEXT_WITH_META = re.compile(
    rb"(<(" + b"|".join(name.encode() for name in _RAW_TEXT) + rb"|plaintext)[^>]*>)"
    rb"((?:(?!</\2).)*<meta.*?)(?=</\2|$)", re.IGNORECASE | re.DOTALL)


def _drop_raw_text_metas(data: bytes) -> bytes | None:
    """A <meta> inside a raw text element: the standard's prescan reads
    bytes and takes it, Chromium's scan tokenizes and does not."""
    out = _RAW_TEXT_WITH_META.sub(lambda m: m.group(1), data)
    return out if out != data else None


def _normalize_newlines(data: bytes) -> bytes | None:
    """Chromium's tokenizer loses the LF after a one-character attribute
    name that a CR led to (docs/browser-differences.md, "Documents", 21):
    newlines normalized as the input stream does give markup5 the same
    input and Chromium no CR."""
    if b"\r" not in data:
        return None
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


#: Name and rewrite (None where the document has no such construct).
DEVIATIONS: tuple[tuple[str, Callable[[bytes], bytes | None]], ...] = (
    ("meta-repeated-attribute", _drop_meta_tags(_repeated_attribute)),
    ("meta-content-quote-after-label", _drop_meta_tags(_quote_after_label)),
    ("meta-invalid-charset-hides-content", _drop_meta_tags(_charset_hides_content)),
    ("prescan-reads-raw-text", _drop_raw_text_metas),
    ("cr-before-attribute-name", _normalize_newlines),
)


def explain(browser: Chromium, disagreements: Sequence[bytes],
            batch: int) -> list[str | None]:
    """For each document on which the two disagree, the deviation whose
    rewrite makes them agree (the rewrites of all that apply together as a
    last resort, named with "+"), or None."""
    trials: list[tuple[int, str, bytes]] = []
    for index, data in enumerate(disagreements):
        combined = data
        names = []
        for name, rewrite in DEVIATIONS:
            rewritten = rewrite(data)
            if rewritten is not None:
                trials.append((index, name, rewritten))
                again = rewrite(combined)
                combined = combined if again is None else again
                names.append(name)
        if len(names) > 1:
            trials.append((index, "+".join(names), combined))
    verdicts: list[str | None] = [None] * len(disagreements)
    encodings = chromium_encodings(browser, [data for _, _, data in trials], batch)
    for (index, name, data), theirs in zip(trials, encodings):
        if verdicts[index] is None and markup5_encoding(data) == theirs:
            verdicts[index] = name
    return verdicts


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

def main(argv: Sequence[str] | None = None) -> int:
    parser = random_run_parser(__doc__, count=1000, count_help="documents",
                               batch=150, batch_help="documents per browser start",
                               show=10, show_help="disagreements shown")
    parser.add_argument("--input", action="append", metavar="TEXT",
                        help="sniff this document (UTF-8; repeatable) instead of random ones")
    args = parser.parse_args(argv)
    check_random_run(parser, args)
    browser = Chromium(find_chromium(args.chromium))
    chosen = ([text.encode("utf-8", "surrogateescape") for text in args.input] if args.input
              else documents(args.count, random.Random(args.seed)))
    began = time.monotonic()
    chromium = chromium_encodings(browser, chosen, args.batch)
    differing = []
    same: Counter[str] = Counter()
    for data, theirs in zip(chosen, chromium):
        ours = markup5_encoding(data)
        if args.input:
            print(f"{data!r}\n  markup5:  {ours}\n  chromium: {theirs}")
        if ours == theirs:
            same[ours] += 1
        else:
            differing.append(data)
    explained: Counter[str] = Counter()
    unexplained = []
    for data, reason in zip(differing, explain(browser, differing, args.batch)):
        if reason is None:
            unexplained.append(data)
        else:
            explained[reason] += 1
            if args.input:
                print(f"{data!r}: {reason}")

    def disagrees(candidates: Sequence[bytes]) -> list[bool]:
        encodings = chromium_encodings(browser, candidates, args.batch)
        differ = [markup5_encoding(d) != c for d, c in zip(candidates, encodings)]
        reasons = iter(explain(browser, [d for d, x in zip(candidates, differ) if x], args.batch))
        return [x and next(reasons) is None for x in differ]

    if not args.input:
        for data in unexplained[:args.show]:
            small = minimize(data, disagrees)
            print(f"{small!r} (minimized from {len(data)} bytes)\n"
                  f"  markup5:  {markup5_encoding(small)}\n"
                  f"  chromium: {chromium_encodings(browser, [small])[0]}")
    print(f"{browser.version}: {len(chosen)} documents, {sum(same.values())} the same "
          f"({len(same)} encodings), {sum(explained.values())} explained by known deviations "
          f"{dict(explained)}, {len(unexplained)} unexplained, "
          f"in {time.monotonic() - began:.0f}s")
    return 1 if unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
