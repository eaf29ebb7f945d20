#!/usr/bin/env python3
"""Differential fuzzing of markup5's HTML parser against a real browser.

Generates random tag soup aimed at the parts of tree construction where
parsers disagree most (select/option/optgroup/selectedcontent, templates,
tables and foster parenting, foreign content and its integration points,
frameset, formatting elements, character references in text and
attributes), parses every input with headless Chromium (``DOMParser``, so
scripting is off) and with :func:`markup5.parse`, and compares the two trees
in the html5lib-tests dump format.  Inputs that differ are minimized (the
smallest input that still differs) and printed with both trees.

With ``--serialize`` the two compare serializations instead:
:func:`markup5.serialize` of markup5's result against the browser's
(``outerHTML`` of each of the document's children, or ``innerHTML`` of a
template holding the fragment's nodes), which checks the serializer where
the trees agree.

Differences that come from a *documented* deviation of Chromium from the
standard (``docs/browser-differences.md``) are counted under that
deviation's name instead of being reported: each deviation has a detector
that rewrites the input to avoid the trigger, and the difference is
attributed to the deviation only when the rewritten input then parses the
same in both.

This is a development tool, not part of the test suite.  It needs a
Chromium binary (Debian: ``apt-get install chromium``; or ``--chromium``
/ ``$CHROMIUM``) and nothing outside the standard library::

    python tools/browser_diff.py --count 50000 --seed 1
    python tools/browser_diff.py --input '<select><p></select><i>'
    python tools/browser_diff.py --fragment-context td --count 5000
    python tools/browser_diff.py --serialize --count 5000

Exit status: 0 when no unexplained difference was found, 1 otherwise.
"""

from __future__ import annotations

import argparse
import bisect
import html
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import markup5  # noqa: E402
from markup5.dom import HTML_NAMESPACE  # noqa: E402
from markup5.html.parser import _context_element, _prepare_fragment  # noqa: E402
from html.entities import html5 as html5_entities

# ---------------------------------------------------------------------------
# The browser side
# ---------------------------------------------------------------------------

#: A dump of a DOM in the html5lib-tests tree format, written in JavaScript
#: so that it runs inside the browser.  Iterative (any depth); attributes
#: sorted by their name string in UTF-16 code unit order, which is what
#: JavaScript's default string comparison is.
_DUMP_JS = r"""
const NS = {"http://www.w3.org/1999/xhtml": "", "http://www.w3.org/2000/svg": "svg ",
            "http://www.w3.org/1998/Math/MathML": "math "};
const ATTR_NS = {"http://www.w3.org/1999/xlink": "xlink ",
                 "http://www.w3.org/XML/1998/namespace": "xml ",
                 "http://www.w3.org/2000/xmlns/": "xmlns "};
function dump(root) {
  const lines = [];
  const stack = [];
  for (let i = root.childNodes.length - 1; i >= 0; i--) stack.push([root.childNodes[i], 0]);
  while (stack.length) {
    const [node, depth] = stack.pop();
    const prefix = "| " + "  ".repeat(depth);
    if (typeof node === "string") { lines.push(prefix + node); continue; }
    switch (node.nodeType) {
      case 1: {
        const designator = NS[node.namespaceURI];
        lines.push(prefix + "<" + (designator === undefined ? node.nodeName : designator + node.localName) + ">");
        const attrs = [];
        for (const a of node.attributes) {
          const d = a.namespaceURI ? ATTR_NS[a.namespaceURI] : undefined;
          attrs.push([d === undefined ? a.name : d + a.localName, a.value]);
        }
        attrs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
        for (const [n, v] of attrs) lines.push(prefix + "  " + n + '="' + v + '"');
        const kids = node.childNodes;
        for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1]);
        if (node.namespaceURI === "http://www.w3.org/1999/xhtml" && node.localName === "template") {
          const c = node.content.childNodes;
          for (let i = c.length - 1; i >= 0; i--) stack.push([c[i], depth + 2]);
          stack.push(["content", depth + 1]);
        }
        break;
      }
      case 3: lines.push(prefix + '"' + node.data + '"'); break;
      case 4: lines.push(prefix + '"' + node.data + '"'); break;
      case 7: lines.push(prefix + "<?" + node.target + " " + node.data + "?>"); break;
      case 8: lines.push(prefix + "<!-- " + node.data + " -->"); break;
      case 10:
        if (node.publicId || node.systemId)
          lines.push(prefix + "<!DOCTYPE " + node.name + ' "' + node.publicId + '" "' + node.systemId + '">');
        else lines.push(prefix + "<!DOCTYPE " + node.name + ">");
        break;
      default: lines.push(prefix + "?" + node.nodeType);
    }
  }
  return lines.join("\n");
}
// The HTML serialization of a document's children, as the fragment
// serialization algorithm writes them: the browser's own serializer for
// each (a copy of a comment or processing instruction in a template),
// but the doctype, which a template cannot hold, as the standard writes it.
function serializeDocument(doc) {
  let html = "";
  for (const node of doc.childNodes) {
    if (node.nodeType === 10) html += "<!DOCTYPE " + node.name + ">";
    else if (node.nodeType === 1) html += node.outerHTML;
    else {
      const template = doc.createElement("template");
      template.content.appendChild(node.cloneNode(true));
      html += template.innerHTML;
    }
  }
  return html;
}
// The HTML serialization of a fragment's nodes: moved into the contents of
// a template (an inert document, where no insertion steps run), whose
// innerHTML serializes them.
function serializeFragment(doc, fragment) {
  const template = doc.createElement("template");
  template.content.appendChild(fragment);
  return template.innerHTML;
}
function parseAll(inputs, context, output) {
  const parser = new DOMParser();
  const out = [];
  for (const text of inputs) {
    try {
      if (context === null) {
        const doc = parser.parseFromString(text, "text/html");
        out.push(output === "html" ? serializeDocument(doc) : dump(doc));
      } else {
        // The fragment parsing algorithm: a context element in a no-quirks
        // document, parsed with scripting off.
        const doc = parser.parseFromString("<!DOCTYPE html>", "text/html");
        if (context === "html") {
          // createContextualFragment puts a body element in place of an
          // html context (DOM Parsing); the innerHTML setter parses with
          // the html element itself as the context.
          doc.documentElement.innerHTML = text;
          out.push(output === "html" ? doc.documentElement.innerHTML : dump(doc.documentElement));
          continue;
        }
        let element;
        if (context.startsWith("svg ")) element = doc.createElementNS("http://www.w3.org/2000/svg", context.slice(4));
        else if (context.startsWith("math ")) element = doc.createElementNS("http://www.w3.org/1998/Math/MathML", context.slice(5));
        else element = doc.createElement(context);
        doc.body.appendChild(element);
        // createContextualFragment runs the fragment parsing algorithm with
        // the element as context and returns the nodes before they are
        // inserted anywhere (innerHTML would insert them, and insertion
        // steps such as selectedcontent's would change them).
        const range = doc.createRange();
        range.selectNodeContents(element);
        const fragment = range.createContextualFragment(text);
        out.push(output === "html" ? serializeFragment(doc, fragment) : dump(fragment));
      }
    } catch (e) {
      out.push("!exception " + e);
    }
  }
  return out;
}
"""

_PAGE = """<!DOCTYPE html><meta charset=utf-8><pre id=out></pre>
<script type="application/json" id=in>{payload}</script>
<script>{dump}
const data = JSON.parse(document.getElementById("in").textContent);
document.getElementById("out").textContent = "@@BEGIN@@" + JSON.stringify(parseAll(data.inputs, data.context, data.output)) + "@@END@@";
</script>
"""

#: What :meth:`Chromium.trees` gives for an input the browser did not
#: finish parsing in time.
TIMEOUT = "!timeout"

#: What can be compared (``--serialize`` picks "html").
OUTPUTS = frozenset({"tree", "html"})

_CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--mute-audio",
]


def find_chromium(explicit: str | None = None) -> str:
    """The Chromium binary: ``explicit``, ``$CHROMIUM``, or one on PATH."""
    for candidate in (explicit, os.environ.get("CHROMIUM"), "chromium", "chromium-browser",
                      "google-chrome", "chrome"):
        if candidate:
            found = shutil.which(candidate)
            if found:
                return found
    raise SystemExit("browser_diff: no Chromium found (apt-get install chromium, or pass "
                     "--chromium PATH)")


class Chromium:
    """Parses batches of inputs in headless Chromium, one browser start per
    batch: the inputs travel inside a page as JSON, a script in the page
    parses and dumps each, and ``--dump-dom`` brings the results back."""

    def __init__(self, binary: str, *, timeout: float = 120.0, chunk: int = 2500,
                 output: str = "tree") -> None:
        if output not in OUTPUTS:
            raise ValueError(f"output must be one of {sorted(OUTPUTS)}, not {output!r}")
        self.binary = binary
        #: What is compared: "tree" (the html5lib-format dump) or "html"
        #: (the serialization).
        self.output = output
        self.timeout = timeout
        self.chunk = chunk  # inputs per browser start
        self.version = subprocess.run([binary, "--version"], capture_output=True,
                                      text=True).stdout.strip()

    @staticmethod
    def _run(command: list[str], timeout: float) -> tuple[bytes | None, bytes]:
        """Run the browser; (stdout, stderr), or (None, b"") when it did
        not finish in time, in which case its whole process group (the
        renderers too) is killed."""
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   start_new_session=True)
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return None, b""
        return stdout, stderr

    def run_page(self, page: str, timeout: float | None = None) -> Any:
        """Load ``page`` (HTML whose script writes ``@@BEGIN@@``, JSON and
        ``@@END@@`` into the document) and return that JSON, read back
        through ``--dump-dom``; None when the browser did not finish in
        time."""
        with tempfile.TemporaryDirectory(prefix="browser_diff_") as tmp:
            path = Path(tmp) / "page.html"
            path.write_text(page, encoding="utf-8", errors="surrogatepass")
            return self.run_url(path.as_uri(), timeout)

    def run_url(self, url: str, timeout: float | None = None) -> Any:
        """:meth:`run_page` for a page at ``url`` (a file, or one a local
        web server serves)."""
        with tempfile.TemporaryDirectory(prefix="browser_diff_") as tmp:
            stdout, stderr = self._run(
                [self.binary, *_CHROMIUM_FLAGS, f"--user-data-dir={Path(tmp) / 'profile'}",
                 "--dump-dom", url],
                self.timeout if timeout is None else timeout)
        if stdout is None:
            return None
        out = stdout.decode("utf-8", "surrogatepass")
        start = out.find("@@BEGIN@@")
        end = out.find("@@END@@", start)
        if start < 0 or end < 0:
            raise RuntimeError("Chromium returned no results:\n"
                               + stderr.decode("utf-8", "replace")[-2000:])
        return json.loads(html.unescape(out[start + 9:end]))

    def trees(self, inputs: Sequence[str], context: str | None = None) -> list[str]:
        """The html5lib-format dump of each input, parsed as a document (or
        as a fragment with ``context``), or its serialization if
        :attr:`output` is "html"."""
        if not inputs:
            return []
        if len(inputs) > self.chunk:
            out: list[str] = []
            for start in range(0, len(inputs), self.chunk):
                out.extend(self.trees(inputs[start:start + self.chunk], context))
            return out
        # "<" escaped so that no input can end the JSON script element.
        payload = json.dumps({"inputs": list(inputs), "context": context,
                              "output": self.output}).replace("<", "\\u003c")
        trees: list[str] | None = self.run_page(_PAGE.format(payload=payload, dump=_DUMP_JS),
                                                min(self.timeout, 5 + 0.01 * len(inputs)))
        if trees is None:
            # Some input keeps the browser busy for good (Chromium 150 has
            # such inputs, see docs/browser-differences.md): find it by
            # splitting the batch in eight; alone, it gets the TIMEOUT mark.
            if len(inputs) == 1:
                return [TIMEOUT]
            step = -(-len(inputs) // 8)
            out = []
            for start in range(0, len(inputs), step):
                out.extend(self.trees(inputs[start:start + step], context))
            return out
        if len(trees) != len(inputs):
            raise RuntimeError(f"Chromium returned {len(trees)} trees for {len(inputs)} inputs")
        return trees


# ---------------------------------------------------------------------------
# The markup5 side
# ---------------------------------------------------------------------------

def markup5_tree(text: str, context: str | None = None, output: str = "tree") -> str:
    """markup5's tree for ``text`` in the same format (scripting off), or
    with ``output`` "html" its serialization (:func:`markup5.serialize`).
    Without the reconstruction limit: Chromium has none, and the tool
    compares the standard's trees (the limit has its own tests)."""
    result = (markup5.parse(text, reconstruction_limit=False) if context is None
              else markup5.parse_fragment(text, context, reconstruction_limit=False))
    return markup5.serialize(result) if output == "html" else markup5.dump_tree(result)


# ---------------------------------------------------------------------------
# Generating tag soup
# ---------------------------------------------------------------------------

_SELECT_FAMILY = ["select", "option", "optgroup", "selectedcontent", "button", "hr", "input",
                  "datalist", "textarea", "keygen", "legend", "label", "img", "div", "span", "p"]
_TABLE_FAMILY = ["table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "colgroup",
                 "col", "form", "input", "template", "style", "script"]
_FOREIGN_FAMILY = ["svg", "math", "foreignObject", "foreignobject", "desc", "title", "mi", "mo",
                   "mn", "ms", "mtext", "mglyph", "malignmark", "annotation-xml", "path",
                   "font", "b", "p", "div", "br", "table", "image", "g", "span"]
_BODY_FAMILY = ["a", "b", "i", "u", "s", "em", "strong", "nobr", "font", "big", "small", "code",
                "tt", "p", "div", "li", "ul", "ol", "dl", "dd", "dt", "h1", "h2", "h6", "pre",
                "listing", "address", "article", "search", "section", "center", "blockquote",
                "marquee", "object", "applet", "area", "br", "embed", "wbr", "param", "source",
                "track", "menu", "ruby", "rb", "rt", "rp", "rtc", "plaintext", "xmp", "iframe",
                "noembed", "noscript", "noframes", "main", "figure", "details", "summary",
                "dialog", "custom-el", "x"]
_DOCUMENT_FAMILY = ["html", "head", "body", "frameset", "frame", "noframes", "meta", "link",
                    "base", "basefont", "bgsound", "title", "template", "style", "script"]

_ATTRIBUTES = [("selected", ""), ("disabled", ""), ("multiple", ""), ("type", "hidden"),
               ("type", "text"), ("encoding", "text/html"), ("encoding", "application/xhtml+xml"),
               ("id", "a"), ("class", "b"), ("href", "#"), ("color", "red"), ("face", "x"),
               ("size", "3"), ("size", "0"), ("xlink:href", "u"), ("xml:lang", "en"), ("xmlns", "x"),
               ("definitionurl", "d"), ("viewbox", "0 0 1 1"), ("label", "L"), ("value", "v"),
               ("shadowrootmode", "open"), ("name", "n"), ("a", ""), ("b", "1")]

_REFERENCES = ["&amp;", "&amp", "&lt", "&gt;", "&notit;", "&notin;", "&noti", "&#0;", "&#x0;",
               "&#xD800;", "&#x110000;", "&#128;", "&#x80;", "&#65;", "&#x41", "&#;", "&#x;",
               "&nbsp;", "&NotEqualTilde;", "&fjlig;", "&;", "&a", "&zwj;", "&#13;", "&#9;"]

_TEXTS = ["a", "b", "x y", " ", "\n", "\t", "  ", "\x00", "\r\n", "text", "1", "\u00e9", "--"]

_OTHER = ["<!---->", "<!-- c -->", "<!--x", "<!DOCTYPE html>", "<!doctype html public "
          "\"-//W3C//DTD HTML 4.01 Transitional//EN\">", "<![CDATA[x]]>", "<?pi data?>", "</>",
          "<", "</", "&", ">", "<!x>", "</p>", "</br>", "</ x>"]


#: White space between a tag's attributes, beside the usual space.
_TAG_SPACES = ["\n", "\t", "\f", "\r", "\r\n", "  ", " \r", "\n "]


@dataclass
class SoupGenerator:
    """Random tag soup: a sequence of 1-30 pieces (start tags with random
    attributes, end tags, text, references, comments, doctypes), each drawn
    from one element family chosen per input, with some mixing."""

    rng: random.Random
    max_pieces: int = 30

    def _tag(self, name: str) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.35:
            return f"</{name}>"
        attrs = ""
        if rng.random() < 0.3:
            for _ in range(rng.randint(1, 2)):
                attr, value = rng.choice(_ATTRIBUTES)
                if rng.random() < 0.2:
                    value += rng.choice(_REFERENCES)
                space = " " if rng.random() < 0.8 else rng.choice(_TAG_SPACES)
                attrs += f"{space}{attr}" if not value and rng.random() < 0.5 else \
                    f'{space}{attr}="{value}"'
        closing = "/" if rng.random() < 0.08 else ""
        if rng.random() < 0.05:
            name = name.upper()
        return f"<{name}{attrs}{closing}>"

    def _select_structure(self) -> str:
        """A select with a button/selectedcontent and options, some
        selected or disabled, some with markup inside, in random order and
        with random pieces mixed in: the selectedness and cloning rules."""
        rng = self.rng
        parts = [rng.choice(["<select>", "<select>", "<select multiple>", "<select size=2>",
                             "<div><select>", "<table><td><select>"])]
        for _ in range(rng.randint(1, 8)):
            roll = rng.random()
            if roll < 0.2:
                parts.append(rng.choice(["<button><selectedcontent></selectedcontent></button>",
                                         "<selectedcontent>", "</selectedcontent>",
                                         "<button><selectedcontent>"]))
            elif roll < 0.6:
                attrs = rng.choice(["", " selected", " disabled", " disabled selected",
                                    " label=L"])
                inner = rng.choice(["x", "<b>b</b>", "<i>i", "<span>s</span>y", "",
                                    "<img>", "<template>t</template>", "&amp;"])
                parts.append(f"<option{attrs}>{inner}" + rng.choice(["</option>", ""]))
            elif roll < 0.7:
                parts.append(rng.choice(["<optgroup>", "<optgroup disabled>", "</optgroup>",
                                         "<hr>", "<datalist>", "</datalist>"]))
            else:
                parts.append(self._tag(rng.choice(_SELECT_FAMILY + _BODY_FAMILY[:12])))
        if rng.random() < 0.5:
            parts.append("</select>")
        return "".join(parts)

    def __call__(self) -> str:
        rng = self.rng
        if rng.random() < 0.2:
            return self._select_structure()
        families = [_SELECT_FAMILY, _TABLE_FAMILY, _FOREIGN_FAMILY, _BODY_FAMILY,
                    _DOCUMENT_FAMILY]
        main = rng.choice(families)
        pieces = []
        for _ in range(rng.randint(1, self.max_pieces)):
            roll = rng.random()
            if roll < 0.55:
                family = main if rng.random() < 0.75 else rng.choice(families)
                pieces.append(self._tag(rng.choice(family)))
            elif roll < 0.8:
                pieces.append(rng.choice(_TEXTS))
            elif roll < 0.92:
                pieces.append(rng.choice(_REFERENCES))
            else:
                pieces.append(rng.choice(_OTHER))
        return "".join(pieces)


# ---------------------------------------------------------------------------
# Known deviations of Chromium from the standard (docs/browser-differences.md)
# ---------------------------------------------------------------------------

#: A numeric character reference that the tokenizer turns into U+FFFD.
_FFFD_REFERENCE = re.compile(r"&#(?:0*;?|[xX]0*;?|[xX]0*[dD][89a-fA-F][0-9a-fA-F]{2};?|"
                             r"[xX]0*(?:11|[2-9a-fA-F][0-9a-fA-F])[0-9a-fA-F]{4,};?|"
                             r"0*(?:5[5-7]\d{3}|1[1-9]\d{5,}|[2-9]\d{6,});?)(?![0-9a-fA-F])")


@dataclass(frozen=True)
class Deviation:
    """A documented difference between Chromium and the standard.

    ``rewrite`` turns an input into one without the trigger; a difference
    is put down to this deviation when the rewritten input parses the same
    in both.  ``applies`` is a cheap precondition."""

    name: str
    applies: Callable[[str], bool]
    #: The rewrite: ``(text) -> text``, or ``(text, context) -> text`` when
    #: ``in_context`` is set (the context None for a document).
    rewrite: Callable[..., str]
    #: Which parses it concerns: None for documents, or a fragment context.
    contexts: Callable[[str | None], bool] = lambda context: True
    in_context: bool = False

    def rewritten(self, text: str, context: str | None) -> str:
        """``text`` rewritten for a parse in ``context``."""
        return self.rewrite(text, context) if self.in_context else self.rewrite(text)


def _tag_renamer(names: str, replacement: Callable[[str], str]) -> Callable[[str], str]:
    """A rewrite renaming the start and end tags of ``names`` (a regex
    alternation, ASCII case-insensitive)."""
    pattern = re.compile(r"(</?)(" + names + r")(?=[\s/>]|$)", re.I)
    return lambda text: pattern.sub(lambda m: m.group(1) + replacement(m.group(2).lower()), text)


#: The insertion modes whose "anything else" rule acts on a U+0000
#: character token (creating the body, leaving "after body", ...); in the
#: others it is ignored or inserted, in Chromium and the standard alike.
_NUL_ACTING_MODES = frozenset({
    "initial", "before html", "before head", "in head", "in head noscript", "after head",
    "after body", "after after body", "in frameset", "after frameset", "after after frameset",
    "in column group"})


#: What a watched parse notes of a token: its stream span (start, end),
#: whether the watch's condition held just before the parser processed it,
#: and how many elements were open just after.
_Step = tuple[int, int, bool, int]


class _Watcher(markup5.HTMLParser):
    """A parser that notes a :data:`_Step` for each token it processes,
    ``watched(parser, token)`` being the condition, every token being one.
    (A subclass: the parser keeps its state in slots, so a method cannot be
    replaced on an instance.)"""

    def __init__(self, watched: Callable[[markup5.HTMLParser, object], bool]) -> None:
        super().__init__()
        self.watched = watched
        self.steps: list[_Step] = []
        self.previous = 0

    def _start(self, sink: Any, scripting: bool, reconstruction_limit: bool) -> None:
        super()._start(sink, scripting, reconstruction_limit)
        # Every token through _process: the tokenizer hands no text, tag or
        # comment to the tree builder directly (the same tree).
        self.tokenizer.direct = None

    def _process(self, token: object) -> None:
        start, held = self.previous, self.watched(self, token)
        super()._process(token)
        self.steps.append((start, self._token_end, held, len(self.open_elements)))
        self.previous = self._token_end


def _watch(text: str, context: str | None,
           watched: Callable[[markup5.HTMLParser, object], bool] = lambda parser, token: False
           ) -> tuple[str, list[_Step]]:
    """``text`` with its newlines normalized (the offsets of the steps are
    in it) and the steps of its parse as a document (``context`` None) or
    as a fragment in ``context``."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    parser = _Watcher(watched)
    if context is not None:
        _prepare_fragment(parser, _context_element(context))
    parser.run(text)
    return text, parser.steps


def _nul_in(parser_holds: Callable[[markup5.HTMLParser], bool]
            ) -> Callable[[markup5.HTMLParser, object], bool]:
    """The watch for a character token with a U+0000 that the parser
    handles while ``parser_holds`` holds."""
    return lambda parser, token: (type(token) is markup5.tokens.Characters
                                  and "\x00" in token.data and parser_holds(parser))


def _in_nul_acting_mode(parser: markup5.HTMLParser) -> bool:
    """Deviation 4: the parser is in one of ``_NUL_ACTING_MODES``."""
    return parser.mode in _NUL_ACTING_MODES


def _at_foreign_context(parser: markup5.HTMLParser) -> bool:
    """Deviation 20: a fragment whose context element is foreign, with
    only the root open (the context is the adjusted current node, the
    root the current node)."""
    context = parser.context
    return context is not None and context.namespace != HTML_NAMESPACE and \
        len(parser.open_elements) == 1


def _foreign_context(context: str | None) -> bool:
    """Deviation 20's parses: fragments with a foreign context."""
    return context is not None and context.startswith(("svg ", "math "))


def _cdata_at_root_as_comment(text: str, context: str | None) -> str:
    """``text`` (newlines normalized) with each ``<![CDATA[`` that markup5's
    tokenizer reads while only the fragment's root is open written as a
    comment, as Chromium reads it (deviation 20)."""
    text, steps = _watch(text, context)
    ends = [end for _, end, _, _ in steps]
    pieces, last = [], 0
    for m in re.finditer(r"<!\[CDATA\[", text):
        # The elements open when the tokenizer got there: as the last token
        # that ended before it left them (the root alone before any).
        before = bisect.bisect_right(ends, m.start())
        if (steps[before - 1][3] if before else 1) == 1:
            pieces.append(text[last:m.start()] + "<!--[CDATA[")
            last = m.end()
    return "".join(pieces) + text[last:]


def _nul_dropper(watched: Callable[[markup5.HTMLParser], bool]
                 ) -> Callable[[str, str | None], str]:
    """A rewrite: ``text`` (newlines normalized) without the U+0000
    characters of the character tokens that markup5's parser handles while
    ``watched`` holds, parsing a document (``context`` None) or a fragment
    in ``context`` (repeated until none is left: dropping one can move the
    next into such a place)."""
    return lambda text, context: _drop_nul(text, context, watched)


def _drop_nul(text: str, context: str | None,
              watched: Callable[[markup5.HTMLParser], bool]) -> str:
    """See :func:`_nul_dropper`."""
    while True:
        text, steps = _watch(text, context, _nul_in(watched))
        spans = [(start, end) for start, end, held, _ in steps if held]
        if not spans:
            return text
        pieces, last = [], 0
        for start, end in spans:
            pieces.append(text[last:start])
            pieces.append(text[start:end].replace("\x00", ""))
            last = end
        pieces.append(text[last:])
        rewritten = "".join(pieces)
        if rewritten == text:
            return text
        text = rewritten


_INTEGRATION_POINTS = re.compile(r"<(?:title|desc|foreignobject|mi|mo|mn|ms|mtext|annotation-xml)"
                                 r"[\s/>]", re.I)

_SVG_ADJUSTED = {name for name, adjusted in
                 __import__("markup5.html.constants", fromlist=["x"]).SVG_TAG_ADJUSTMENTS.items()
                 if name != adjusted}


_HEAD_START_TAG = re.compile(r"<head(?=[\s/>]|$)[^>]*>?", re.I)
#: Deviation 23: an "is" attribute (its name, after white space or a "/")
#: in the start tag of a formatting element.
_FORMATTING_IS_ATTRIBUTE = re.compile(
    r"(<(?:a|b|big|code|em|font|i|nobr|s|small|strike|strong|tt|u)(?=[\s/>])[^>]*?[\s/])"
    r"(is)(?=[\s/>=]|$)", re.I)
_TEMPLATE_HEAD_TAGS = re.compile(r"<(?:base|basefont|bgsound|noframes|title)\b", re.I)
_rename_template_head_tags = _tag_renamer(
    "base|basefont|bgsound|noframes|title",
    lambda n: "style" if n in ("noframes", "title") else "link")
_INTEGRATION_POINT_CONTEXTS = frozenset({
    "svg desc", "svg title", "svg foreignObject", "svg foreignobject", "math mi", "math mo",
    "math mn", "math ms", "math mtext", "math annotation-xml"})
_EMPTY_HEX_REFERENCE = re.compile(r"&#[xX];")
#: ASCII whitespace, as itself or as a numeric character reference (with
#: or without its ";", but not the start of a longer number: "&#90" is Z).
_WHITESPACE_OR_REFERENCE = (r"(?:[\t\n\f\r ]|&#0*(?:9|10|12|13|32)(?:;|(?![0-9]))"
                            r"|&#[xX]0*(?:9|[aAcCdD]|20)(?:;|(?![0-9a-fA-F])))+")
_LEADING_SPACE_REFERENCES = re.compile(_WHITESPACE_OR_REFERENCE)
#: A named reference without its semicolon, by a legacy name (one the
#: table also has without ";"), followed by an alphanumeric, with a ";"
#: somewhere after it: in an attribute value the standard keeps it as text.
_LEGACY_REFERENCE_THEN_SEMICOLON = re.compile(
    "&(" + "|".join(sorted((name for name in html5_entities if not name.endswith(";")),
                           key=lambda name: (-len(name), name)))
    + ")(?=[A-Za-z0-9][^;]*;)")
_SIZE_ZERO = re.compile(r"""(\bsize\s*=\s*["']?[\t\n\f\r ]*)0+(?![0-9])""", re.I)
_PRE_THEN_NUL = re.compile(r"(<(?:pre|listing)(?:[\s/][^>]*)?>)\x00+", re.I)

#: Whitespace right after </body> or </html> (and after more of them).
_AFTER_BODY_WHITESPACE = re.compile(r"(</(?:body|html)(?:[\t\n\f\r /][^>]*)?>)[\t\n\f\r ]+", re.I)
#: Table content (a tag), and whitespace (or references to it, which the
#: tree builder sees as the same character tokens) right after any tag or
#: doctype.
_TABLE_TAG = re.compile(r"</?(?:table|tbody|thead|tfoot|tr)[\t\n\f\r />]", re.I)
_TAG_THEN_WHITESPACE = re.compile(r"(<[^<>]*>)" + _WHITESPACE_OR_REFERENCE)

#: The documented deviations, in docs/browser-differences.md order.
DEVIATIONS: list[Deviation] = [
    # 1. Chromium does not put search in the "special" category.
    Deviation("search-not-special",
              lambda t: "search" in t.lower(),
              _tag_renamer("search", lambda _: "div")),
    # 2. Chromium gives base, basefont, bgsound, noframes and title in
    #    "in template" to the "any other start tag" rule.
    Deviation("template-head-elements",
              lambda t: "<template" in t.lower() and _TEMPLATE_HEAD_TAGS.search(t) is not None,
              _rename_template_head_tags),
    Deviation("template-head-elements",
              lambda t: _TEMPLATE_HEAD_TAGS.search(t) is not None,
              _rename_template_head_tags,
              lambda context: context == "template"),
    # 3. Chromium keeps the frameset-ok flag for the U+FFFD that a
    #    reference to U+0000, a surrogate or a number past U+10FFFF gives.
    Deviation("fffd-reference-keeps-frameset-ok",
              lambda t: "frameset" in t.lower() and _FFFD_REFERENCE.search(t) is not None,
              lambda t: _FFFD_REFERENCE.sub("&#65;", t)),
    # 4. Chromium ignores U+0000 in the insertion modes where the
    #    standard's "anything else" rule acts on it (creating the body,
    #    going back to "in body" after the body, ...).
    Deviation("nul-outside-body",
              lambda t: "\x00" in t,
              _nul_dropper(_in_nul_acting_mode),
              in_context=True),
    # 5. Chromium turns a U+0000 right after a "<" that starts no tag into
    #    U+FFFD; the standard emits it as is and "in body" ignores it.
    Deviation("nul-after-less-than-sign",
              lambda t: "<\x00" in t,
              lambda t: re.sub("<\x00+", "<", t)),
    # 6. Chromium makes "<![CDATA[" a bogus comment at an integration point
    #    of foreign content; the standard looks at the adjusted current
    #    node's namespace only.
    Deviation("cdata-at-integration-point",
              lambda t: "<![cdata[" in t.lower() and _INTEGRATION_POINTS.search(t) is not None,
              lambda t: re.sub(r"<!\[CDATA\[", "<!--[CDATA[", t)),
    Deviation("cdata-at-integration-point",
              lambda t: "<![cdata[" in t.lower(),
              lambda t: re.sub(r"<!\[CDATA\[", "<!--[CDATA[", t),
              lambda context: context in _INTEGRATION_POINT_CONTEXTS),
    # 7. Chromium parses simple documents on a fast path whose character
    #    references differ: "&#x;" gives U+FFFD instead of staying text, and
    #    a whitespace reference before any content ("&#9;") is kept as text
    #    instead of being dropped by the "initial" insertion mode.
    Deviation("fast-path-character-references",
              lambda t: _EMPTY_HEX_REFERENCE.search(t) is not None
              or _LEADING_SPACE_REFERENCES.match(t) is not None,
              lambda t: _LEADING_SPACE_REFERENCES.sub(
                  "", _EMPTY_HEX_REFERENCE.sub("&amp;#x;", t), count=1)),
    #    On the same fast path, a legacy named reference in an attribute
    #    value followed by an alphanumeric ("&nott") is decoded when a ";"
    #    comes later in the document; the standard keeps it as text.
    Deviation("fast-path-character-references",
              lambda t: _LEGACY_REFERENCE_THEN_SEMICOLON.search(t) is not None,
              lambda t: _LEGACY_REFERENCE_THEN_SEMICOLON.sub(r"&\1;", t)),
    # 8. Chromium camel-cases an end tag seen in foreign content
    #    ("</foreignobject>" becomes "</foreignObject>") before comparing
    #    it with the open elements and before handing it back to the HTML
    #    rules, so it closes neither an HTML element named "foreignobject"
    #    nor an SVG foreignObject above a MathML element.
    Deviation("camel-cased-end-tag-from-foreign-content",
              lambda t: re.search(r"</(?:" + "|".join(sorted(_SVG_ADJUSTED)) + r")[\s/>]",
                                  t, re.I) is not None,
              _tag_renamer("|".join(sorted(_SVG_ADJUSTED)), lambda n: n + "x")),
    # 9. Chromium ignores U+0000 right after <pre> or <listing> before
    #    it decides whether the next character is the newline to skip; in
    #    the standard only the very next token can be skipped.
    Deviation("nul-before-skipped-newline",
              lambda t: _PRE_THEN_NUL.search(t) is not None,
              lambda t: _PRE_THEN_NUL.sub(lambda m: m.group(1), t)),
    # 10. Chromium treats size=0 on a select as a display size of 1 (a
    #     drop-down, whose first option is selected by default); the
    #     standard's display size is the parsed attribute, 0.
    Deviation("select-size-zero",
              lambda t: _SIZE_ZERO.search(t) is not None,
              lambda t: _SIZE_ZERO.sub(lambda m: m.group(1) + "1", t)),
    # 11. Chromium inserts whitespace that follows </body> without
    #     reconstructing the active formatting elements; the standard
    #     processes it with the "in body" rules, which reconstruct them.
    Deviation("after-body-whitespace",
              lambda t: _AFTER_BODY_WHITESPACE.search(t) is not None,
              lambda t: _AFTER_BODY_WHITESPACE.sub(r"\1", t),
              lambda context: context is None),
    # 12. Chromium does not send character tokens to "in table text" when
    #     the current node is a template (in table content of a template);
    #     whitespace then reconstructs the active formatting elements.
    Deviation("template-table-text",
              lambda t: "<template" in t.lower() and _TABLE_TAG.search(t) is not None,
              lambda t: _TAG_THEN_WHITESPACE.sub(r"\1", t)),
    # 13. Chromium handles </form> in template contents as "any other end
    #     tag" (ignored when a special element such as p or div is open
    #     above the form); the standard has its own rule for it when a
    #     template is on the stack: generate implied end tags, pop up to
    #     the form.
    Deviation("form-end-tag-in-template",
              lambda t: "<template" in t.lower() and "</form" in t.lower(),
              _tag_renamer("form", lambda _: "div")),
    # 14. Chromium pops a noscript in the head (scripting off) for a head
    #     start tag, as for "anything else"; the standard's "in head
    #     noscript" ignores a head start tag.
    Deviation("head-in-head-noscript",
              lambda t: "<noscript" in t.lower() and _HEAD_START_TAG.search(t) is not None,
              lambda t: _HEAD_START_TAG.sub("", t)),
    # 21. Chromium loses the LF after a one-character attribute name that
    #     a CR (or CR LF) before it, in the before attribute name state,
    #     led to: "<p \ra\nb>" has an attribute "ab".  Newlines normalized
    #     as the input stream does (CR LF and CR become LF) give markup5
    #     the same input and Chromium no CR.
    Deviation("cr-before-attribute-name",
              lambda t: "\r" in t,
              lambda t: t.replace("\r\n", "\n").replace("\r", "\n")),
    # 22. After a </form> has removed the form element pointer's element
    #     from the stack, Chromium goes on with the "any other end tag"
    #     steps, which pop a second open form (one the pointer had let go
    #     of, as an ignored </form> in a table does) when no special
    #     element is open above it.  The same code path as deviation 13.
    Deviation("form-end-tag-closes-two-forms",
              lambda t: t.lower().count("<form") >= 2 and "</form" in t.lower(),
              _tag_renamer("form", lambda _: "div")),
    # 23. Chromium leaves a formatting element whose start tag has an
    #     "is" attribute out of the list of active formatting elements:
    #     it is never reconstructed, and its end tag and a second <a> run
    #     no adoption agency algorithm for it.
    Deviation("is-attribute-formatting-element",
              lambda t: _FORMATTING_IS_ATTRIBUTE.search(t) is not None,
              lambda t: _FORMATTING_IS_ATTRIBUTE.sub(r"\1data-\2", t)),
    # 15. Chromium inserts an input start tag in a fragment whose context
    #     is a select; the standard ignores it (html5lib-tests
    #     tests_innerHTML_1.dat).
    Deviation("input-in-select-fragment",
              lambda t: "<input" in t.lower(),
              lambda t: re.sub(r"<input(?=[\s/>]|$)[^>]*>?", "", t, flags=re.I),
              lambda context: context == "select"),
    # 16. Chromium drops U+0000 in a fragment whose context is title or
    #     textarea (RCDATA); the tokenizer's RCDATA state makes it U+FFFD.
    Deviation("nul-in-rcdata-fragment",
              lambda t: "\x00" in t,
              lambda t: t.replace("\x00", ""),
              lambda context: context in ("title", "textarea")),
    # 17. In a fragment whose context is a template, the standard counts
    #     the context as a template on the stack (html5lib-tests
    #     template.dat: "<form><form>" nests), so a form start tag does
    #     not set the form element pointer; Chromium sets it and ignores
    #     the second form.
    Deviation("form-in-template-fragment",
              lambda t: "<form" in t.lower(),
              _tag_renamer("form", lambda _: "div"),
              lambda context: context == "template"),
    # 18. In a fragment whose context is a colgroup, or a template (where
    #     a <col> at the top switches to "in column group"), Chromium drops
    #     the text that "in table text" inserts (or foster-parents) in table
    #     content inside a template when the input ends there.
    Deviation("table-text-in-colgroup-fragment",
              lambda t: "<template" in t.lower(),
              lambda t: _without_final_text(t),
              lambda context: context in ("colgroup", "template")),
    # 19. In a fragment, Chromium builds the nodes in a DocumentFragment,
    #     which is not connected, so a selectedcontent's insertion steps do
    #     not copy the selected option into it, and it is not refreshed
    #     when the selected option leaves; the standard builds them in a
    #     new Document, where both happen as in a document.
    Deviation("selectedcontent-in-fragment",
              lambda t: "selectedcontent" in t.lower(),
              _tag_renamer("selectedcontent", lambda _: "div"),
              lambda context: context is not None),
    # 20. In a fragment whose context element is foreign, while only the
    #     root is open, Chromium's tokenizer takes the current node (the
    #     root) where the standard looks at the adjusted current node (the
    #     context): it drops U+0000 in text, which the rules for foreign
    #     content turn into U+FFFD, and reads "<![CDATA[" as a bogus comment.
    Deviation("tokenizer-ignores-foreign-context",
              lambda t: "\x00" in t,
              _nul_dropper(_at_foreign_context),
              _foreign_context,
              in_context=True),
    Deviation("tokenizer-ignores-foreign-context",
              lambda t: "<![cdata[" in t.lower(),
              _cdata_at_root_as_comment,
              _foreign_context,
              in_context=True),
]


# ---------------------------------------------------------------------------
# Minimizing
# ---------------------------------------------------------------------------

#: Annotated: DEVIATIONS (above) uses it, and mypy cannot infer the type of
#: a name used before the line that assigns it.
_PIECE: re.Pattern[str] = re.compile(r"<[^<>]*>?|&[#\w]*;?|[^<&]+|[<&]")
#: A piece that the tokenizer reads as markup (a tag, a comment, ...), not
#: as text: "<" followed by a letter, "/", "!" or "?" ("<" alone, or before
#: a space or a digit, is text).
_MARKUP: re.Pattern[str] = re.compile(r"<[A-Za-z/!?]")


#: A piece that makes no token at the end of the input: "</>" (ignored), or
#: a tag the input ends in (end of file in a tag).
_NO_TOKEN: re.Pattern[str] = re.compile(r"</>$|</?[A-Za-z][^>]*$")


def _without_final_text(text: str) -> str:
    """``text`` without the text that ends it: after its last piece that
    makes a token (a "</" that ends the input is text too: the end tag open
    state emits it at the end of the input)."""
    pieces = _PIECE.findall(text)
    while pieces and (not _MARKUP.match(pieces[-1]) or pieces[-1] == "</"
                      or _NO_TOKEN.match(pieces[-1])):
        pieces.pop()
    return "".join(pieces)


def _candidates(text: str) -> Iterable[str]:
    """Smaller variants of ``text``: runs of pieces (tags, references, text
    runs) removed, halves first, then single pieces, then one character
    within short inputs, text runs cut to one character, and attributes
    dropped from tags."""
    pieces = _PIECE.findall(text)
    count = len(pieces)
    size = count // 2
    while size >= 1:
        for start in range(0, count - size + 1, size):
            yield "".join(pieces[:start] + pieces[start + size:])
        size //= 2
    for i, piece in enumerate(pieces):
        if not piece.startswith(("<", "&")) and len(piece) > 1:
            yield "".join(pieces[:i] + [piece[0]] + pieces[i + 1:])
    if len(text) <= 80:
        for i in range(len(text)):
            yield text[:i] + text[i + 1:]
    for i, piece in enumerate(pieces):
        if piece.startswith("<") and " " in piece:
            name = piece.split(" ", 1)[0]
            yield "".join(pieces[:i] + [name + (">" if piece.endswith(">") else "")]
                          + pieces[i + 1:])


def minimize(texts: Sequence[str], differs: Callable[[Sequence[str]], list[bool]],
             max_rounds: int = 60) -> list[str]:
    """Greedy minimization of several failing inputs at once.

    ``differs`` answers, for a batch of candidate inputs, whether each
    still differs; each round asks about every candidate of every input in
    one batch (one browser start) and keeps the smallest that still
    differs, until no candidate does."""
    current = list(texts)
    done = [False] * len(current)
    for _ in range(max_rounds):
        batch: list[str] = []
        owners: list[int] = []
        for index, text in enumerate(current):
            if done[index]:
                continue
            seen = set()
            for candidate in _candidates(text):
                if candidate != text and candidate not in seen:
                    seen.add(candidate)
                    batch.append(candidate)
                    owners.append(index)
        if not batch:
            break
        verdicts = differs(batch)
        best: dict[int, str] = {}
        for candidate, owner, verdict in zip(batch, owners, verdicts):
            if verdict and (owner not in best or len(candidate) < len(best[owner])):
                best[owner] = candidate
        for index in range(len(current)):
            if done[index]:
                continue
            if index in best:
                current[index] = best[index]
            else:
                done[index] = True
        if all(done):
            break
    return current


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------

@dataclass
class Report:
    inputs: int = 0
    same: int = 0
    explained: Counter[str] = field(default_factory=Counter)
    unexplained: list[str] = field(default_factory=list)
    timeouts: list[str] = field(default_factory=list)  # inputs Chromium never finished
    seconds: float = 0.0


def _compare(browser: Chromium, inputs: Sequence[str], context: str | None,
             timeouts: list[str] | None = None) -> list[tuple[str, str, str]]:
    """(input, markup5 tree, Chromium tree) for each input that differs;
    inputs Chromium did not finish go to ``timeouts`` (or count as
    differing when it is None)."""
    theirs = browser.trees(inputs, context)
    out = []
    for text, tree in zip(inputs, theirs):
        if tree == TIMEOUT and timeouts is not None:
            timeouts.append(text)
            continue
        ours = markup5_tree(text, context, browser.output)
        if ours != tree:
            out.append((text, ours, tree))
    return out


def _explain(browser: Chromium, diffs: list[tuple[str, str, str]], context: str | None,
             report: Report) -> list[tuple[str, str, str]]:
    """Put differences down to documented deviations where the rewritten
    input agrees; return the rest.  Each applicable deviation is tried
    alone, then all applicable ones together (an input can hit several);
    a combination is counted under each of its names joined by "+"."""
    remaining = diffs
    for deviation in DEVIATIONS:
        if not deviation.contexts(context):
            continue
        candidates = [(d, deviation.rewritten(d[0], context)) for d in remaining
                      if deviation.applies(d[0])]
        if not candidates:
            continue
        theirs = browser.trees([r for _, r in candidates], context)
        explained = set()
        for (diff, rewrite), tree in zip(candidates, theirs):
            if markup5_tree(rewrite, context, browser.output) == tree:
                explained.add(diff[0])
                report.explained[deviation.name] += 1
        remaining = [d for d in remaining if d[0] not in explained]
    combined = []
    for diff in remaining:
        names, text = [], diff[0]
        for deviation in DEVIATIONS:
            if deviation.contexts(context) and deviation.applies(text):
                names.append(deviation.name)
                text = deviation.rewritten(text, context)
        if len(names) > 1:
            combined.append((diff, "+".join(names), text))
    if combined:
        theirs = browser.trees([text for _, _, text in combined], context)
        explained = set()
        for (diff, name, text), tree in zip(combined, theirs):
            if markup5_tree(text, context, browser.output) == tree:
                explained.add(diff[0])
                report.explained[name] += 1
        remaining = [d for d in remaining if d[0] not in explained]
    return remaining


def run(browser: Chromium, inputs: Sequence[str], *, context: str | None, batch: int,
        minimize_found: bool, log: Callable[[str], None]) -> Report:
    report = Report()
    started = time.monotonic()
    found: list[tuple[str, str, str]] = []
    timeouts_before = 0
    for offset in range(0, len(inputs), batch):
        chunk = inputs[offset:offset + batch]
        diffs = _compare(browser, chunk, context, report.timeouts)
        report.inputs += len(chunk)
        report.same += len(chunk) - len(diffs) - len(report.timeouts) + timeouts_before
        timeouts_before = len(report.timeouts)
        found.extend(_explain(browser, diffs, context, report))
        log(f"{report.inputs} inputs: {report.same} same, "
            f"{sum(report.explained.values())} explained, {len(found)} unexplained")
    if found and minimize_found:
        def unexplained(candidates: Sequence[str]) -> list[bool]:
            # A candidate is kept only while it still differs in a way no
            # documented deviation explains, so that minimizing cannot
            # drift from a real difference onto a known one.
            diffs = _compare(browser, candidates, context, [])
            rest = {text for text, _, _ in _explain(browser, diffs, context, Report())}
            return [c in rest for c in candidates]
        minimal = minimize([f[0] for f in found], unexplained)
        report.unexplained = sorted(set(minimal), key=lambda s: (len(s), s))
    else:
        report.unexplained = [f[0] for f in found]
    report.seconds = time.monotonic() - started
    return report


def _show(browser: Chromium, texts: Sequence[str], context: str | None, limit: int) -> None:
    trees = browser.trees(list(texts[:limit]), context)
    for text, tree in zip(texts, trees):
        print("=" * 72)
        print("input:   ", json.dumps(text))
        ours = markup5_tree(text, context, browser.output)
        print("-- markup5:" if ours != tree else "-- both:")
        print(ours)
        if ours != tree:
            print("-- chromium:")
            print(tree)


def random_run_parser(doc: str, *, count: int, count_help: str, batch: int, batch_help: str,
                      show: int, show_help: str) -> argparse.ArgumentParser:
    """The command line the oracles that draw random inputs share (the
    microsyntax, decoder and sniffing tools): --count, --seed, --batch,
    --show and --chromium, described by the tool's docstring ``doc``.
    :func:`check_random_run` checks the numbers once parsed."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=count, help=count_help)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=batch, help=batch_help)
    parser.add_argument("--show", type=int, default=show, help=show_help)
    parser.add_argument("--chromium", default=None, help="the Chromium binary")
    return parser


def check_random_run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A usage error for a --count or --batch that is not positive."""
    if args.count < 1 or args.batch < 1:
        parser.error("--count and --batch must be positive")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="generated inputs (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=2000, help="inputs per browser start")
    parser.add_argument("--input", action="append", default=[],
                        help="compare this input instead of generating (repeatable); a JSON "
                             "string literal (in double quotes) is decoded first, for NUL & co.")
    parser.add_argument("--fragment-context", default=None,
                        help="parse as a fragment with this context (e.g. td, 'svg desc')")
    parser.add_argument("--serialize", action="store_true",
                        help="compare the serializations (markup5.serialize against the "
                             "browser's outerHTML/innerHTML) instead of the trees")
    parser.add_argument("--chromium", default=None, help="the Chromium binary")
    parser.add_argument("--no-minimize", action="store_true")
    parser.add_argument("--show", type=int, default=20, help="differences to print in full")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    if args.count < 0 or args.batch < 1:
        parser.error("--count must be >= 0 and --batch >= 1")

    browser = Chromium(find_chromium(args.chromium), output="html" if args.serialize else "tree")
    context = args.fragment_context
    if args.input:
        given = [json.loads(text) if len(text) > 1 and text[0] == text[-1] == '"' else text
                 for text in args.input]
        _show(browser, given, context, len(given))
        diffs = _compare(browser, given, context)
        report = Report()
        rest = _explain(browser, diffs, context, report)
        print(f"{len(given)} inputs, {len(diffs)} differ: explained {dict(report.explained)}, "
              f"{len(rest)} unexplained")
        return 1 if rest else 0

    rng = random.Random(args.seed)
    generate = SoupGenerator(rng)
    inputs = [generate() for _ in range(args.count)]
    report = run(browser, inputs, context=context, batch=args.batch,
                 minimize_found=not args.no_minimize,
                 log=lambda line: print(line, file=sys.stderr, flush=True))
    summary = {
        "browser": browser.version, "seed": args.seed, "context": context,
        "output": browser.output,
        "inputs": report.inputs, "same": report.same,
        "explained": dict(report.explained), "unexplained": len(report.unexplained),
        "chromium_timeouts": len(report.timeouts),
        "seconds": round(report.seconds, 1),
    }
    if report.unexplained:
        _show(browser, report.unexplained, context, args.show)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{browser.version}: {report.inputs} inputs, {report.same} same, "
              f"{sum(report.explained.values())} explained by documented deviations "
              f"{dict(report.explained)}, {len(report.unexplained)} unexplained (minimized), "
              f"{len(report.timeouts)} that Chromium did not finish, in {report.seconds:.0f}s")
        for text in report.timeouts[:args.show]:
            print("Chromium did not finish:", json.dumps(text))
    return 1 if report.unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
