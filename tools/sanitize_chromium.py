#!/usr/bin/env python3
"""markup5.sanitize checked against headless Chromium.

For each input: ``out = markup5.sanitize.sanitize(input, policy=P,
context=C)``.  Chromium then parses ``out`` as the ``innerHTML`` of a ``C``
element in an inert document (``document.implementation.createHTMLDocument``:
no script runs, no resource loads), and the tool checks two things:

1. **Safety.**  (And, first, markup5's tree of ``out`` must serialize back
   to ``out``, or the output counts as unsafe: sanitize checked another
   tree.)  A tree walk (in JavaScript, over Chromium's tree; the same
   rules in Python over markup5's tree) finds nothing that could run script,
   load a frame or plugin, change the base URL, refresh the page or submit a
   form (the rules: :data:`RULES`, :func:`violations`).  An output is
   *unsafe* when either walk finds something.
2. **Stability.**  Chromium's tree of ``out`` (element namespaces and names,
   attributes with their namespaces and values, text, comments: the
   html5lib-tests dump of ``browser_diff.py``) equals markup5's
   ``parse_fragment(out, C)``.  An output is *unstable* when they differ:
   the tree markup5 checked is not the one a browser builds (mutation XSS
   lives there).

With ``--live N`` the first N distinct outputs are also set as the
``innerHTML`` of an element in the live page (scripting enabled) where
``alert``, ``confirm``, ``prompt`` and ``print`` count their calls; after
the batch the tool waits for events (``onerror`` of images, animations) and
any call is a finding (*fired*), and the live tree is compared too.

Inputs: the vendored payload collections of tests/fixtures/xss (DOMPurify's
fixtures, the HTML5 Security Cheatsheet, OWASP's filter evasion cheat
sheet), each alone and wrapped in generated tag soup (:func:`soup`), under
the policies of :data:`POLICIES` and the contexts of :data:`CONTEXTS`.
Deterministic for a ``--seed``.  Chromium is driven over the DevTools
protocol through a pipe (standard library only); outputs are deduplicated
and sent a thousand to a ``Runtime.evaluate``.

    python tools/sanitize_chromium.py --count 100000 --seed 1
    python tools/sanitize_chromium.py --input '<svg><a href=javascript:1>x' --policy svg

Prints ``sanitize_chromium: N inputs, U unsafe, S unstable (tree differs),
E errors`` and writes every finding (input, policy, context, output, both
trees, the rules broken) to ``--findings`` (JSON).  Exit status 0 when
nothing was found.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from browser_diff import _DUMP_JS, find_chromium  # noqa: E402
from encoding_chromium import DevTools  # noqa: E402

import markup5  # noqa: E402
from markup5.dom import Element, Node, ParentNode  # noqa: E402
from markup5.sanitize import (  # noqa: E402
    DEFAULT_POLICY, TEXT_FORMATTING_POLICY, Policy, sanitize)

FIXTURES = ROOT / "tests" / "fixtures" / "xss"

HTML_NS = "http://www.w3.org/1999/xhtml"
SVG_NS = "http://www.w3.org/2000/svg"
MATHML_NS = "http://www.w3.org/1998/Math/MathML"

# ---------------------------------------------------------------------------
# The safety rules (shared by the Python and the JavaScript walk)
# ---------------------------------------------------------------------------

#: The rules, as data, so that the Python walk (:func:`violations`) and the
#: JavaScript one (``_CHECK_JS``) apply the same ones.
RULES: dict[str, Any] = {
    # Elements that run script, load a document, plugin or style sheet,
    # change the base URL, refresh or redirect the page, or submit a form,
    # in any namespace (by local name, lowercased).
    "elements": sorted({
        "script", "iframe", "frame", "frameset", "object", "embed", "applet", "base",
        "meta", "link", "style", "portal", "fencedframe", "form", "noscript", "template",
        "handler", "listener", "import", "xml", "param", "isindex",
    }),
    # Attributes that are never safe, whatever the value (besides on*).
    "attributes": sorted({
        "srcdoc", "formaction", "action", "http-equiv", "form", "is",
    }),
    # Attributes whose value is a URL (or a URL list: srcset, imagesrcset,
    # ping, archive): its scheme is checked.
    "url_attributes": sorted({
        "href", "src", "action", "formaction", "data", "poster", "background", "cite",
        "codebase", "dynsrc", "lowsrc", "longdesc", "manifest", "icon", "ping", "srcset",
        "imagesrcset", "xlink:href", "archive", "classid", "usemap", "itemtype", "profile",
        "to", "from", "values", "by",
    }),
    "list_attributes": ["archive", "imagesrcset", "ping", "srcset"],
    # Schemes that run script when followed or loaded.
    "bad_schemes": ["javascript:", "vbscript:", "livescript:", "mocha:"],
    # SVG animation elements: one aimed at an href (or a handler) can make
    # a link a javascript: one after the check.
    "animation": ["animate", "animatemotion", "animatetransform", "discard", "set"],
    # What must not appear in a style attribute.
    "style": ["expression(", "javascript:", "vbscript:", "-moz-binding", "behavior:",
              "@import", "url("],
}

_CONTROL = re.compile(r"[\x00-\x20]")
_TAB_NEWLINE = re.compile(r"[\t\n\r]")


def url_danger(value: str, *, image: bool = False) -> str | None:
    """Why a URL attribute's value is dangerous, or None.  As a browser
    reads it: leading/trailing C0 controls and spaces stripped, tab and
    newline removed anywhere, the scheme compared in ASCII lowercase.  A
    ``data:`` URL is dangerous unless it is an image loaded as an image
    (``image``: ``img src``), and then not SVG."""
    url = _TAB_NEWLINE.sub("", value.strip("".join(map(chr, range(0x21)))))
    match = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", url)
    if not match:
        return None
    scheme = match.group(1).lower() + ":"
    if scheme in RULES["bad_schemes"]:
        return "scheme " + scheme
    if scheme == "data:":
        mime = url[5:].split(",", 1)[0].split(";", 1)[0].strip().lower()
        if not image or not mime.startswith("image/") or "svg" in mime:
            return "data: URL (" + (mime or "text/plain") + ")"
    return None


def attribute_danger(element: str, name: str, value: str) -> str | None:
    """Why one attribute (``name`` as the dump writes it: ``xlink href``
    for a namespaced one) of an element (its lowercased local name) is
    dangerous, or None."""
    name = name.lower()
    local = name.split(" ")[-1]
    qualified = name.replace(" ", ":")
    if local.startswith("on"):
        return "event handler " + name
    if local in RULES["attributes"] or qualified in RULES["attributes"]:
        return "attribute " + name
    if local in RULES["url_attributes"] or qualified in RULES["url_attributes"]:
        values = [value]
        if local in RULES["list_attributes"]:
            values = [part.strip().split(" ")[0] for part in value.split(",")]
        for item in values:
            why = url_danger(item, image=(element in ("img", "image") and local == "src"))
            if why:
                return f"{name}: {why}"
    if local == "style":
        lowered = value.lower()
        for needle in RULES["style"]:
            if needle in lowered:
                return f"style with {needle}"
    return None


def element_danger(name: str, attrs: dict[str, str]) -> str | None:
    """Why an element (lowercased local name, its attributes as the dump
    names them) is dangerous in itself, or None."""
    if name in RULES["elements"]:
        return "element " + name
    if name in RULES["animation"]:
        target = attrs.get("attributename", "").lower()
        if "href" in target or target.startswith("on") or "attributename" not in attrs \
                and any(k in attrs for k in ("to", "values", "from", "by")):
            return "animation of " + (target or "its parent")
    if name == "use":
        for key in ("href", "xlink href"):
            if key in attrs and not attrs[key].strip().startswith("#"):
                return "use of an outside document"
    return None


def violations(root: ParentNode) -> list[str]:
    """The safety rules over markup5's tree under ``root`` (template
    contents too), iteratively: one string per finding."""
    found: list[str] = []
    stack: list[Node] = list(reversed(root.children))
    while stack:
        node = stack.pop()
        if isinstance(node, Element):
            name = node.local_name.lower()
            namespaces = node.attr_namespaces or {}
            attrs = {}
            for key, value in node.attrs.items():
                ns = namespaces.get(key)
                shown = key if ns is None else (
                    {"http://www.w3.org/1999/xlink": "xlink ",
                     "http://www.w3.org/XML/1998/namespace": "xml ",
                     "http://www.w3.org/2000/xmlns/": "xmlns "}.get(ns, "") + key.split(":")[-1])
                attrs[shown.lower()] = value
            why = element_danger(name, attrs)
            if why:
                found.append(why)
            for key, value in attrs.items():
                why = attribute_danger(name, key, value)
                if why:
                    found.append(f"<{name}> {why}")
            stack.extend(reversed(node.children))
            if node.template_contents is not None:
                stack.extend(reversed(node.template_contents.children))
    return found


#: The same rules over a browser's tree, and the dump (browser_diff's).
_CHECK_JS = r"""
const RULES = %(rules)s;
const ATTR_NAMES = {"http://www.w3.org/1999/xlink": "xlink ",
                    "http://www.w3.org/XML/1998/namespace": "xml ",
                    "http://www.w3.org/2000/xmlns/": "xmlns "};
function urlDanger(value, image) {
  let url = value.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, "").replace(/[\t\n\r]/g, "");
  const m = /^([A-Za-z][A-Za-z0-9+.\-]*):/.exec(url);
  if (!m) return null;
  const scheme = m[1].toLowerCase() + ":";
  if (RULES.bad_schemes.includes(scheme)) return "scheme " + scheme;
  if (scheme === "data:") {
    const mime = url.slice(5).split(",")[0].split(";")[0].trim().toLowerCase();
    if (!image || !mime.startsWith("image/") || mime.includes("svg"))
      return "data: URL (" + (mime || "text/plain") + ")";
  }
  // The browser's own URL parser agrees on the scheme.
  try {
    const parsed = new URL(value, "https://example.invalid/");
    if (RULES.bad_schemes.includes(parsed.protocol)) return "parsed scheme " + parsed.protocol;
  } catch (e) {}
  return null;
}
function attributeDanger(element, name, value) {
  name = name.toLowerCase();
  const parts = name.split(" "), local = parts[parts.length - 1], qualified = name.replace(" ", ":");
  if (local.startsWith("on")) return "event handler " + name;
  if (RULES.attributes.includes(local) || RULES.attributes.includes(qualified)) return "attribute " + name;
  if (RULES.url_attributes.includes(local) || RULES.url_attributes.includes(qualified)) {
    let values = [value];
    if (RULES.list_attributes.includes(local)) values = value.split(",").map(p => p.trim().split(" ")[0]);
    for (const item of values) {
      const why = urlDanger(item, (element === "img" || element === "image") && local === "src");
      if (why) return name + ": " + why;
    }
  }
  if (local === "style") {
    const lowered = value.toLowerCase();
    for (const needle of RULES.style) if (lowered.includes(needle)) return "style with " + needle;
  }
  return null;
}
function elementDanger(name, attrs) {
  if (RULES.elements.includes(name)) return "element " + name;
  if (RULES.animation.includes(name)) {
    const target = (attrs.get("attributename") || "").toLowerCase();
    if (target.includes("href") || target.startsWith("on") || (!attrs.has("attributename")
        && ["to", "values", "from", "by"].some(k => attrs.has(k))))
      return "animation of " + (target || "its parent");
  }
  if (name === "use") {
    for (const key of ["href", "xlink href"])
      if (attrs.has(key) && !attrs.get(key).trim().startsWith("#")) return "use of an outside document";
  }
  return null;
}
// Read through the prototypes' getters: a form's named controls clobber
// its own properties (<input name=attributes> makes form.attributes that
// input), and the walk must see the real tree.
const GET = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
const nodeType = GET(Node.prototype, "nodeType"), childNodes = GET(Node.prototype, "childNodes");
const localName = GET(Element.prototype, "localName"), attributes = GET(Element.prototype, "attributes");
const templateContent = GET(HTMLTemplateElement.prototype, "content");
function violations(root) {
  const found = [];
  const stack = Array.from(childNodes.call(root)).reverse();
  while (stack.length) {
    const node = stack.pop();
    if (nodeType.call(node) !== 1) continue;
    const name = localName.call(node).toLowerCase();
    const attrs = new Map();
    for (const a of Array.from(attributes.call(node))) {
      const d = a.namespaceURI ? (ATTR_NAMES[a.namespaceURI] || "") : undefined;
      attrs.set((d === undefined ? a.name : d + a.localName).toLowerCase(), a.value);
    }
    const why = elementDanger(name, attrs);
    if (why) found.push(why);
    for (const [key, value] of attrs) {
      const w = attributeDanger(name, key, value);
      if (w) found.push("<" + name + "> " + w);
    }
    for (const c of Array.from(childNodes.call(node)).reverse()) stack.push(c);
    if (node instanceof HTMLTemplateElement)
      for (const c of Array.from(childNodes.call(templateContent.call(node))).reverse()) stack.push(c);
  }
  return found;
}
%(dump)s
// browser_diff's dump (the html5lib-tests format), read through the
// prototypes' getters so that a clobbered form dumps as what it is.
const namespaceURI = GET(Element.prototype, "namespaceURI"), nodeName = GET(Node.prototype, "nodeName");
const charData = GET(CharacterData.prototype, "data");
function safeDump(root) {
  const lines = [];
  const stack = [];
  const kids = n => Array.from(childNodes.call(n));
  for (const c of kids(root).reverse()) stack.push([c, 0]);
  while (stack.length) {
    const [node, depth] = stack.pop();
    const prefix = "| " + "  ".repeat(depth);
    if (typeof node === "string") { lines.push(prefix + node); continue; }
    const type = nodeType.call(node);
    if (type === 1) {
      const ns = namespaceURI.call(node), designator = NS[ns];
      lines.push(prefix + "<" + (designator === undefined ? nodeName.call(node) : designator + localName.call(node)) + ">");
      const attrs = [];
      for (const a of Array.from(attributes.call(node))) {
        const d = a.namespaceURI ? ATTR_NS[a.namespaceURI] : undefined;
        attrs.push([d === undefined ? a.name : d + a.localName, a.value]);
      }
      attrs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
      for (const [n, v] of attrs) lines.push(prefix + "  " + n + '="' + v + '"');
      for (const c of kids(node).reverse()) stack.push([c, depth + 1]);
      if (node instanceof HTMLTemplateElement) {
        for (const c of kids(templateContent.call(node)).reverse()) stack.push([c, depth + 2]);
        stack.push(["content", depth + 1]);
      }
    } else if (type === 3 || type === 4) lines.push(prefix + '"' + charData.call(node) + '"');
    else if (type === 8) lines.push(prefix + "<!-- " + charData.call(node) + " -->");
    else if (type === 7) lines.push(prefix + "<?" + node.target + " " + charData.call(node) + "?>");
    else lines.push(prefix + "?" + type);
  }
  return lines.join("\n");
}
const INERT = document.implementation.createHTMLDocument("");
function checkAll(items) {
  const out = [];
  for (const [html, context] of items) {
    try {
      const element = INERT.createElement(context);
      INERT.body.appendChild(element);
      element.innerHTML = html;
      out.push([safeDump(element), violations(element)]);
      element.remove();
    } catch (e) {
      out.push(["!exception " + e, []]);
    }
  }
  return out;
}
window.__fired = [];
for (const f of ["alert", "confirm", "prompt", "print"])
  window[f] = function (x) { window.__fired.push(f + "(" + String(x).slice(0, 40) + ")"); };
// Kept before any input runs: an unsanitized input (--identity) can clobber
// document.body or document.createElement (<img name=createElement>) or
// replace the page's body element.
const LIVE_BODY = document.body;
const APPEND_CHILD = Node.prototype.appendChild;
const REMOVE = Element.prototype.remove;
const CREATE_ELEMENT = Document.prototype.createElement;
async function checkLive(items) {
  const out = [];
  const holders = [];
  for (const [html, context] of items) {
    window.__fired = [];
    const element = CREATE_ELEMENT.call(document, context);
    APPEND_CHILD.call(LIVE_BODY, element);
    holders.push(element);
    element.innerHTML = html;
    out.push([safeDump(element), violations(element), window.__fired]);
  }
  // Let loads, errors and animations run, then count late calls (not
  // attributed to one input: reported for the batch).
  window.__fired = [];
  await new Promise(resolve => setTimeout(resolve, 300));
  const late = window.__fired;
  for (const h of holders) REMOVE.call(h);
  return {results: out, late: late};
}
"""


# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------

def load_payloads(directory: Path = FIXTURES) -> dict[str, list[str]]:
    """The vendored payloads by source (``dompurify``, ``h5sc``, ``owasp``),
    without those named in ``skip.json``.  H5SC's ``%name%`` placeholders
    are filled from its own templates, as its page does."""
    skip = set(json.loads((directory / "skip.json").read_text(encoding="utf-8"))["payloads"]) \
        if (directory / "skip.json").exists() else set()
    sources: dict[str, list[str]] = {}
    for name in ("dompurify", "h5sc", "owasp"):
        data = json.loads((directory / f"{name}.json").read_text(encoding="utf-8"))
        templates: dict[str, str] = data.get("templates", {})
        payloads = []
        for item in data["payloads"]:
            text = item["payload"]
            if templates:
                text = re.sub(r"%([A-Za-z0-9_]+)%",
                              lambda m: templates.get(m.group(1), m.group(0)), text)
            if text not in skip:
                payloads.append(text)
        sources[name] = payloads
    return sources


#: Wrappers for the generated soup: (opening, closing).  Tables (foster
#: parenting), select, foreign content and its integration points,
#: raw-text and RCDATA elements, templates, comments and misnesting.
WRAPPERS: tuple[tuple[str, str], ...] = (
    ("<table>", "</table>"), ("<table><tr><td>", "</td></tr></table>"),
    ("<table><caption>", "</table>"), ("<tr><td>", ""), ("<td>", "</td>"),
    ("<select><option>", "</select>"), ("<select>", ""), ("<optgroup>", ""),
    ("<svg>", "</svg>"), ("<svg><foreignObject>", "</foreignObject></svg>"),
    ("<svg><desc>", "</svg>"), ("<svg><title>", "</title>"), ("<math>", "</math>"),
    ("<math><mtext>", "</math>"), ("<math><mi>", ""), ("<math><annotation-xml encoding=text/html>", ""),
    ("<math><mtext><table><mglyph><style>", ""), ("<math><mtext><table><mglyph><svg><mtext><style>", ""),
    ("<svg></p><style>", ""), ("<noscript>", "</noscript>"), ("<template>", "</template>"),
    ("<textarea>", "</textarea>"), ("<title>", "</title>"), ("<xmp>", "</xmp>"),
    ("<noembed>", ""), ("<noframes>", ""), ("<style>", "</style>"), ("<iframe>", "</iframe>"),
    ("<!--", "-->"), ("<!-- ", ""), ("<![CDATA[", "]]>"), ("<a href=x>", "</a>"),
    ("<b><i>", "</b></i>"), ("<p>", "<div>"), ("<p><b>", "</p>x</b>"), ("<form>", "</form>"),
    ("<button>", ""), ("<li>", "<li>"), ("<dl><dt>", "<dd>"), ("<pre>\n", "</pre>"),
    ("<div title='", "'>"), ("<img alt=\"", "\">"), ("<ruby><rb>", "<rt>"),
    ("<object>", ""), ("<plaintext>", ""), ("<frameset>", ""), ("<image>", ""),
    ("<svg><a>", ""), ("<math><mglyph>", ""), ("<details open>", "</details>"),
    ("<keygen>", ""), ("<h1><h2>", ""), ("<nobr><nobr>", ""), ("<applet>", ""),
    ("<marquee>", ""), ("<font color=red>", "</font>"), ("<colgroup><col>", ""),
)

#: The contexts of the soup: flow content, table parts (the insertion modes
#: where text is foster-parented), select and option (the select parser),
#: pre (its leading newline), phrasing and interactive elements.  Foreign
#: (svg, math) and html contexts are refused by sanitize.
CONTEXTS = ("div", "td", "li", "p", "span", "pre", "table", "tr", "tbody", "caption",
            "colgroup", "select", "option", "ul", "dl", "a", "button", "h1", "ruby")


def _policies() -> dict[str, Policy]:
    return {
        "default": DEFAULT_POLICY,
        "text": TEXT_FORMATTING_POLICY,
        "svg": DEFAULT_POLICY.replace(svg=True, mathml=True),
        "comments": DEFAULT_POLICY.replace(comments=True),
        "escape": DEFAULT_POLICY.replace(disallowed="escape"),
        "drop": DEFAULT_POLICY.replace(disallowed="drop", svg=True, comments=True),
        "everything": DEFAULT_POLICY.replace(
            svg=True, mathml=True, comments=True, data_attributes=True, aria_attributes=True,
            styles={"color", "background-color", "background", "font-family", "text-align",
                    "width", "list-style", "border"}),
    }


#: The policies each input is sanitized under.
POLICIES: dict[str, Policy] = _policies()


def soup(payload: str, rng: random.Random) -> str:
    """``payload`` inside 1-4 random wrappers, with their closing parts
    sometimes left off or misplaced, and sometimes more payload or stray
    end tags between them."""
    depth = rng.randint(1, 4)
    chosen = [rng.choice(WRAPPERS) for _ in range(depth)]
    opening = "".join(w[0] for w in chosen)
    closings = [w[1] for w in reversed(chosen) if rng.random() < 0.7]
    if rng.random() < 0.3:
        rng.shuffle(closings)
    middle = payload
    if rng.random() < 0.3:
        # A wrapper opened inside the payload, at one of its tag boundaries.
        cuts = [i for i, c in enumerate(payload) if c == "<"] or [0]
        cut = rng.choice(cuts)
        middle = payload[:cut] + rng.choice(WRAPPERS)[0] + payload[cut:]
    if rng.random() < 0.2:
        middle += rng.choice(("</svg>", "</math>", "</table>", "</select>", "</p>", "</a>",
                              "</template>", "</noscript>", "-->", "</style>", "<br>"))
    return opening + middle + "".join(closings) + ("x" if rng.random() < 0.3 else "")


@dataclass(frozen=True)
class Case:
    """One input with its policy name and context."""

    text: str
    policy: str
    context: str


def cases(count: int, seed: int, payloads: dict[str, list[str]] | None = None,
          contexts: Sequence[str] = CONTEXTS) -> Iterator[Case]:
    """``count`` cases, the same for the same seed: first every payload
    alone under every policy (in the div context), then generated soup
    around random payloads under random policies and contexts."""
    rng = random.Random(seed)
    if payloads is None:
        payloads = load_payloads()
    everything = [p for source in sorted(payloads) for p in payloads[source]]
    made = 0
    for text in everything:
        for policy in POLICIES:
            if made >= count:
                return
            yield Case(text, policy, "div")
            made += 1
    names = sorted(POLICIES)
    while made < count:
        text = soup(rng.choice(everything), rng)
        yield Case(text, rng.choice(names), rng.choice(contexts))
        made += 1


# ---------------------------------------------------------------------------
# markup5's side
# ---------------------------------------------------------------------------

def markup5_view(out: str, context: str, scripting: bool = False) -> tuple[str, list[str]]:
    """markup5's dump of ``parse_fragment(out, context)`` and the safety
    findings on that tree."""
    fragment = markup5.parse_fragment(out, context, scripting=scripting,
                                      reconstruction_limit=False)
    found = violations(fragment)
    if markup5.serialize(fragment) != out:
        # Not a fixed point: the tree sanitize checked (which it wrote as
        # ``out``) is not the tree ``out`` parses to.
        found.append("re-parse: markup5's tree of the output serializes differently")
    return markup5.dump_tree(fragment), found


# ---------------------------------------------------------------------------
# Chromium
# ---------------------------------------------------------------------------

class Browser:
    """Headless Chromium over ``--remote-debugging-pipe`` (the driver of
    tools/encoding_chromium.py) with the checking script loaded."""

    def __init__(self, binary: str | None = None) -> None:
        self.tools = DevTools(find_chromium(binary), timeout=120.0)
        # The page runs our script (the inert document runs none of its own).
        self.tools.call("Emulation.setScriptExecutionDisabled", value=False,
                        session=self.tools.session)
        self.version = self.tools.call("Browser.getVersion").get("product", "")
        script = _CHECK_JS % {"rules": json.dumps(RULES), "dump": _DUMP_JS}
        self._evaluate(script + "; 0")

    def _evaluate(self, expression: str, await_promise: bool = False) -> Any:
        answer = self.tools.call("Runtime.evaluate", expression=expression,
                                 returnByValue=True, awaitPromise=await_promise,
                                 session=self.tools.session)
        if "exceptionDetails" in answer:
            raise RuntimeError(json.dumps(answer["exceptionDetails"])[:2000])
        return answer["result"].get("value")

    def check(self, items: Sequence[tuple[str, str]]) -> list[tuple[str, list[str]]]:
        """Chromium's dump and safety findings for each (output, context)
        set as ``innerHTML`` in the inert document."""
        results = self._evaluate(f"checkAll({json.dumps(list(items))})")
        return [(dump, found) for dump, found in results]

    def check_live(self, items: Sequence[tuple[str, str]]) -> tuple[list[Any], list[str]]:
        """The same in the live page (scripting on); each result also
        lists the calls of alert/confirm/prompt/print it made at once,
        and the second value those made later by any of the batch."""
        value = self._evaluate(f"checkLive({json.dumps(list(items))})", await_promise=True)
        return value["results"], value["late"]

    def close(self) -> None:
        self.tools.close()


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------

@dataclass
class Summary:
    inputs: int = 0
    unsafe: int = 0
    unstable: int = 0
    errors: int = 0
    fired: int = 0
    outputs: int = 0

    def line(self) -> str:
        return (f"sanitize_chromium: {self.inputs} inputs, {self.unsafe} unsafe, "
                f"{self.unstable} unstable (tree differs), {self.errors} errors"
                + (f", {self.fired} fired in the live page" if self.fired else ""))


def run(all_cases: Iterable[Case], browser: Browser | None, *, batch: int = 1000,
        live: int = 0, findings: list[dict[str, Any]] | None = None,
        progress: bool = False, identity: bool = False) -> Summary:
    """Sanitize every case, check markup5's tree of each distinct output,
    and (with a browser) Chromium's.  Findings are appended to
    ``findings``; an input counts once per kind of finding.  With
    ``identity`` the input itself is checked, not sanitized (to see that
    the checks catch the payloads)."""
    summary = Summary()
    if findings is None:
        findings = []
    seen: dict[tuple[str, str], tuple[str, list[str]]] = {}  # (out, ctx) -> markup5 view
    pending: list[tuple[Case, str]] = []
    checked: dict[tuple[str, str], tuple[str, list[str]]] = {}
    live_left = live
    started = time.monotonic()

    def flush() -> None:
        nonlocal live_left
        new = sorted({(out, case.context) for case, out in pending} - checked.keys())
        if browser is not None and new:
            for start in range(0, len(new), batch):
                part = new[start:start + batch]
                for key, result in zip(part, browser.check(part)):
                    checked[key] = result
                if live_left > 0:
                    sample = part[:live_left]
                    live_left -= len(sample)
                    results, late = browser.check_live(sample)
                    for (out, context), (dump, found, fired) in zip(sample, results):
                        mine = markup5_view(out, context, scripting=True)[0]
                        if fired or dump != mine or found:
                            summary.fired += bool(fired)
                            findings.append({"kind": "live", "output": out, "context": context,
                                             "fired": fired, "chromium": dump,
                                             "markup5": mine, "chromium_rules": found})
                    if late:
                        summary.fired += 1
                        findings.append({"kind": "live-late", "fired": late,
                                         "outputs": [o for o, _ in sample]})
        for case, out in pending:
            mine, mine_found = seen[(out, case.context)]
            record = {"input": case.text, "policy": case.policy, "context": case.context,
                      "output": out, "markup5": mine, "markup5_rules": mine_found}
            theirs, their_found = checked.get((out, case.context), (None, []))
            if theirs is not None:
                record["chromium"] = theirs
                record["chromium_rules"] = their_found
            if mine_found or their_found:
                summary.unsafe += 1
                findings.append({"kind": "unsafe", **record})
            if theirs is not None and theirs != mine:
                summary.unstable += 1
                findings.append({"kind": "unstable", **record})
        pending.clear()

    for case in all_cases:
        summary.inputs += 1
        try:
            out = case.text if identity else sanitize(
                case.text, policy=POLICIES[case.policy], context=case.context)
            if not identity and sanitize(
                    out, policy=POLICIES[case.policy], context=case.context) != out:
                raise AssertionError("not idempotent")
            key = (out, case.context)
            if key not in seen:
                seen[key] = markup5_view(out, case.context)
        except Exception as error:  # a finding, not a crash of the tool
            summary.errors += 1
            findings.append({"kind": "error", "input": case.text, "policy": case.policy,
                             "context": case.context, "error": repr(error)})
            continue
        pending.append((case, out))
        if len(pending) >= batch * 4:
            flush()
            if progress:
                print(f"  {summary.inputs} inputs, {len(checked)} distinct outputs, "
                      f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    flush()
    summary.outputs = len(seen)
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10000, help="inputs (default 10000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--input", action="append",
                        help="check these inputs only (repeatable), under --policy/--context")
    parser.add_argument("--policy", choices=sorted(POLICIES), default=None,
                        help="with --input: the policy (default: all)")
    parser.add_argument("--context", default=None, help="with --input: the context (default div)")
    parser.add_argument("--contexts", default=",".join(CONTEXTS),
                        help=f"the contexts of the soup, comma-separated (default {','.join(CONTEXTS)})")
    parser.add_argument("--live", type=int, default=2000,
                        help="distinct outputs also checked in the live page (default 2000)")
    parser.add_argument("--batch", type=int, default=1000, help="outputs per Runtime.evaluate")
    parser.add_argument("--findings", type=Path, default=Path("sanitize_chromium_findings.json"))
    parser.add_argument("--chromium", help="the Chromium binary (default: $CHROMIUM or PATH)")
    parser.add_argument("--no-browser", action="store_true",
                        help="markup5's side only (the safety rules on its trees)")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--identity", action="store_true",
                        help="check the inputs themselves, unsanitized (tests the checks)")
    args = parser.parse_args(argv)
    if args.input:
        all_cases: Iterable[Case] = [Case(text, policy, args.context or "div")
                                     for text in args.input
                                     for policy in ([args.policy] if args.policy else POLICIES)]
    else:
        all_cases = cases(args.count, args.seed, contexts=args.contexts.split(","))
    browser = None if args.no_browser else Browser(args.chromium)
    findings: list[dict[str, Any]] = []
    started = time.monotonic()
    try:
        summary = run(all_cases, browser, batch=args.batch, live=args.live,
                      findings=findings, progress=args.progress,
                      identity=args.identity)
    finally:
        if browser is not None:
            browser.close()
    args.findings.write_text(json.dumps(findings, ensure_ascii=False, indent=1) + "\n",
                             encoding="utf-8")
    print(f"{summary.outputs} distinct outputs, {time.monotonic() - started:.0f} s"
          + (f", {browser.version}" if browser is not None else ""))
    if args.input:
        for finding in findings:
            print(json.dumps(finding, ensure_ascii=False, indent=1))
    print(summary.line())
    return 0 if not findings else 1


if __name__ == "__main__":
    sys.exit(main())
