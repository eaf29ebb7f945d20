"""Compare markup5's DTD processing with Chromium's XML parser.

    python tools/dtd_chromium.py [--suite tests/fixtures/xmlts/xmlconf] [--generated N]
                                 [--seed S] [--list]

The documents: the W3C XML Conformance Test Suite's well-formed XML 1.0
tests whose DOCTYPE has an internal subset (fetched by
``tools/fetch_xmlts.py``), and ``--generated`` documents from the ``dtd``
fuzz harness's grammar (:func:`fuzz.xml_dtd.dtd_document`) that markup5
reads without any parse error.  Each is parsed by markup5
(:func:`markup5.parse_xml`) and, in headless Chromium, by
``DOMParser.parseFromString(text, "application/xml")``; both trees are
reduced to one canonical form (elements by namespace and qualified name,
attributes by qualified name and value, sorted; text with CDATA sections
merged; comments; processing instructions; no DOCTYPE) and compared.

A document Chromium rejects (a ``parsererror`` element) while markup5
reports no error is a difference too.  Differences are explained by the
known ways Chromium departs from XML 1.0, each checked by a rewrite or a
rule:

* ``no-non-cdata-normalization``: Chromium does not trim and collapse the
  spaces of an attribute declared with a type other than CDATA (XML 1.0
  §3.3.3 says a processor MUST); markup5 does.  Checked by normalizing
  those attributes in Chromium's tree as the declarations say.
* ``rejects-undeclared-entity-under-unread-dtd``: a reference to an entity
  the document does not declare, where an external subset or parameter
  entity that no one reads may declare it, is no well-formedness error
  (XML 1.0 §4.1, WFC: Entity Declared); Chromium rejects the document,
  markup5 skips the entity as expat and libxml2's recovery do.
* ``rejects-xml-prefixed-element``: an element named ``xml:foo`` (the
  ``xml`` prefix is always bound, Namespaces in XML 1.0 §3) makes Chromium
  reject the document.
* ``declarations-after-unread-parameter-entity``: after a reference to a
  parameter entity that is not read, XML 1.0 §5.1 says entity and
  attribute-list declarations are not processed (markup5); Chromium
  rejects the reference or goes on applying them.
* ``later-attribute-definition-applied``: an attribute defined twice for
  one element: XML 1.0 §3.3 binds the first definition (markup5), Chromium
  applies a later one's default.
* ``attribute-values-not-fully-expanded-or-normalized``: Chromium leaves
  references inside default values and inside other entities' replacement
  text unexpanded in attribute values, and keeps the white space characters
  that replacement text brings; checked by finishing Chromium's values as
  XML 1.0 §3.3.3 says.

The summary line reads ``dtd_chromium: N documents, S same, E explained
{...}, D differ`` and the exit status is 1 when some differ unexplained.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import markup5  # noqa: E402
from markup5.dom import Comment, Document, Element, Node, ProcessingInstruction, Text  # noqa: E402

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]

_PAGE_SCRIPT = r"""
function canon(doc) {
  const out = [];
  let text = "";
  const flush = () => { if (text) { out.push("T " + JSON.stringify(text)); text = ""; } };
  const walk = (node) => {
    for (const c of node.childNodes) {
      if (c.nodeType === 1) {
        flush();
        const attrs = Array.from(c.attributes).map(a => [a.name, a.value]).sort();
        out.push("S " + (c.namespaceURI || "") + " " + c.tagName + " " + JSON.stringify(attrs));
        walk(c);
        flush();
        out.push("E");
      } else if (c.nodeType === 3 || c.nodeType === 4) {
        text += c.data;
      } else if (c.nodeType === 8) {
        flush(); out.push("C " + JSON.stringify(c.data));
      } else if (c.nodeType === 7) {
        flush(); out.push("P " + c.target + " " + JSON.stringify(c.data));
      }
    }
  };
  walk(doc);
  flush();
  return out;
}
const results = DOCS.map(src => {
  const d = new DOMParser().parseFromString(src, "application/xml");
  if (d.getElementsByTagName("parsererror").length) return null;
  return canon(d);
});
document.getElementById("out").textContent = JSON.stringify(results);
"""


def canonical(document: Document) -> list[str]:
    """The canonical form of a markup5 document (see the module docstring);
    a walk with an explicit stack."""
    out: list[str] = []
    text: list[str] = []

    def flush() -> None:
        if text:
            joined = "".join(text)
            if joined:
                out.append("T " + json.dumps(joined, ensure_ascii=False))
            text.clear()

    stack: list[tuple[Node, bool]] = [(child, False) for child in reversed(document.children)]
    while stack:
        node, closing = stack.pop()
        if closing:
            flush()
            out.append("E")
        elif isinstance(node, Element):
            flush()
            attrs = sorted([name, value] for name, value in node.attrs.items())
            name = node.local_name if node.prefix is None else f"{node.prefix}:{node.local_name}"
            out.append(f"S {node.namespace or ''} {name} "
                       + json.dumps(attrs, separators=(",", ":"), ensure_ascii=False))
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))
        elif isinstance(node, Text):
            text.append(node.data)
        elif isinstance(node, Comment):
            flush()
            out.append("C " + json.dumps(node.data, ensure_ascii=False))
        elif isinstance(node, ProcessingInstruction):
            flush()
            out.append(f"P {node.target} " + json.dumps(node.data, ensure_ascii=False))
    flush()
    return out


def _js_canonical_attrs(line: str) -> str:
    """Chromium's attribute list written as markup5's (JSON spacing)."""
    if not line.startswith("S "):
        return line
    head, _, attrs = line.partition(" [")
    return head + " " + json.dumps(json.loads("[" + attrs), separators=(",", ":"),
                                   ensure_ascii=False)


def run_chromium(documents: list[str], chromium: str = "chromium") -> list[list[str] | None]:
    """Chromium's canonical form of each document (None: rejected)."""
    payload = json.dumps(documents).replace("</", "<\\/")
    page = ("<!DOCTYPE html><html><body><pre id=out></pre><script>const DOCS = " + payload
            + ";" + _PAGE_SCRIPT + "</script></body></html>")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "page.html"
        path.write_text(page, encoding="utf-8")
        result = subprocess.run(
            [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={tmp}/profile", "--dump-dom",
             path.as_uri()], capture_output=True, text=True, timeout=600, check=False)
    m = re.search(r'<pre id="out">(.*?)</pre>', result.stdout, re.S)
    if m is None:
        raise RuntimeError("Chromium gave no result: " + result.stderr[-500:])
    raw: list[list[str] | None] = json.loads(html.unescape(m.group(1)))
    return [None if r is None else [_js_canonical_attrs(line) for line in r] for r in raw]


def _normalized_as_declared(dtd: Any, lines: list[str]) -> list[str]:
    """Chromium's lines with the attributes the DTD declares with a type
    other than CDATA normalized as XML 1.0 §3.3.3 says."""
    if dtd is None:
        return lines
    fixed = []
    for line in lines:
        if line.startswith("S "):
            _, namespace, name, attrs_json = line.split(" ", 3)
            head = f"S {namespace} {name}"
            declared = dtd.attribute_lists.get(name, {})
            attrs = json.loads(attrs_json)
            for pair in attrs:
                definition = declared.get(pair[0])
                if definition is not None and definition.type != "CDATA":
                    pair[1] = " ".join(p for p in pair[1].split(" ") if p)
            line = head + " " + json.dumps(attrs, separators=(",", ":"), ensure_ascii=False)
        fixed.append(line)
    return fixed


_ENTITY_REFERENCE = re.compile(r"&([^\s#&;<>\"']+);")
_PREDEFINED = {"lt", "gt", "amp", "apos", "quot"}


def _skips_undeclared(text: str, dtd: Any) -> bool:
    """Whether the document refers to an entity that it does not declare
    while an external subset or parameter entity, which neither parser
    reads, may declare it: XML 1.0 §4.1 makes that no well-formedness error
    (markup5 skips the entity, as expat does); Chromium rejects the
    document."""
    if re.search(r"<!DOCTYPE[^>\[]*\b(SYSTEM|PUBLIC)\b", text) is None and (
            dtd is None or dtd.undeclared_entity_is_error):
        return False
    declared = set() if dtd is None else set(dtd.general_entities)
    for m in _ENTITY_REFERENCE.finditer(text):
        name = m.group(1)
        if name in _PREDEFINED:
            continue
        if name not in declared:
            return True
        # Declared after this use (in a default value): not yet declared there.
        declaration = re.search(r"<!ENTITY\s+" + re.escape(name) + r"\s", text)
        if declaration is not None and declaration.start() > m.start():
            return True
    return False


def _attribute_values_as_xml10(dtd: Any, lines: list[str]) -> list[str]:
    """Chromium's lines with each attribute value finished as XML 1.0
    §3.3.3 says: references to declared entities that Chromium left in it
    (in default values, and inside the replacement text of another entity)
    expanded, white space characters made spaces, and the types other than
    CDATA trimmed and collapsed."""
    if dtd is None:
        return lines
    from markup5.xml.dtd import ExpansionBudget

    def expand(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in dtd.general_entities:
            return str(dtd.expand_in_attribute_value(name, ExpansionBudget(1 << 20))[0])
        return m.group(0)

    fixed = []
    for line in lines:
        if line.startswith("S "):
            _, namespace, name, attrs_json = line.split(" ", 3)
            attrs = json.loads(attrs_json)
            for pair in attrs:
                value = _ENTITY_REFERENCE.sub(expand, pair[1])
                pair[1] = value.translate(_WHITESPACE_TO_SPACE)
            line = f"S {namespace} {name} " + json.dumps(attrs, separators=(",", ":"),
                                                         ensure_ascii=False)
        fixed.append(line)
    return _normalized_as_declared(dtd, fixed)


def _without_redefined_defaults(text: str, lines: list[str]) -> list[str]:
    """Chromium's lines without the attributes that the DTD defines more
    than once for their element: XML 1.0 §3.3 binds the first definition
    and ignores the later ones (markup5), Chromium applies a later one's
    default."""
    definitions: Counter[tuple[str, str]] = Counter()
    for m in re.finditer(r"<!ATTLIST\s+(\S+)([^>]*)>", text):
        for attribute in re.findall(r"\s([^\s\"'()|]+)\s+(?:CDATA|ID|IDREFS?|ENTIT(?:Y|IES)"
                                    r"|NMTOKENS?|NOTATION|\()", m.group(2)):
            definitions[(m.group(1), attribute)] += 1
    fixed = []
    for line in lines:
        if line.startswith("S "):
            _, namespace, name, attrs_json = line.split(" ", 3)
            attrs = [pair for pair in json.loads(attrs_json)
                     if definitions[(name, pair[0])] < 2]
            line = f"S {namespace} {name} " + json.dumps(attrs, separators=(",", ":"),
                                                         ensure_ascii=False)
        fixed.append(line)
    return fixed


_WHITESPACE_TO_SPACE = str.maketrans("\t\n\r", "   ")


def _parse(text: str) -> tuple[Document, Any]:
    """markup5's document for ``text`` and the DTD it read."""
    parser = markup5.xml.XmlParser()
    parser.feed(text)
    document = parser.close()
    return document, parser.dtd


def suite_documents(suite: Path) -> list[tuple[str, str]]:
    """The suite's well-formed XML 1.0 tests with an internal subset."""
    import xmlconf  # tools/xmlconf.py
    out: list[tuple[str, str]] = []
    cases, _ = xmlconf.load_cases(suite)
    for case in cases:
        if case.type not in ("valid", "invalid") or not case.namespace:
            continue
        data = case.path.read_bytes()
        document = markup5.parse_xml(data)
        if document.errors or not re.search(rb"<!DOCTYPE[^>\[]*\[", data):
            continue
        # (Decoded as parse_xml decoded it; Chromium's DOMParser takes text.)
        text = data.decode(_PYTHON_CODECS.get(document.encoding or "", "utf-8"), "replace")
        if text.startswith("\ufeff"):
            text = text[1:]
        out.append((case.id, text))
    return out


_PYTHON_CODECS = {"UTF-8": "utf-8", "UTF-16LE": "utf-16-le", "UTF-16BE": "utf-16-be",
                  "windows-1252": "cp1252"}


def generated_documents(count: int, seed: int) -> list[tuple[str, str]]:
    import fuzz.harnesses  # noqa: F401  (the harness registry first)
    from fuzz.xml_dtd import dtd_document
    out: list[tuple[str, str]] = []
    rng = random.Random(seed)
    tries = 0
    while len(out) < count and tries < count * 50:
        tries += 1
        text = dtd_document(rng)
        if not markup5.parse_xml(text).errors:
            out.append((f"generated-{tries}", text))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", type=Path, default=ROOT / "tests/fixtures/xmlts/xmlconf")
    ap.add_argument("--generated", type=int, default=300)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--list", action="store_true", help="print each difference")
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    args = ap.parse_args(argv)
    documents = []
    if args.suite.exists():
        documents += suite_documents(args.suite)
    else:
        print(f"(no suite at {args.suite}: run tools/fetch_xmlts.py)")
    documents += generated_documents(args.generated, args.seed)
    chromium = run_chromium([text for _, text in documents], args.chromium)
    same = 0
    explained: Counter[str] = Counter()
    differ = []
    for (name, text), theirs in zip(documents, chromium):
        document, dtd = _parse(text)
        ours = canonical(document)
        if theirs == ours:
            same += 1
            continue
        if theirs is not None and _normalized_as_declared(dtd, theirs) == ours:
            explained["no-non-cdata-normalization"] += 1
            continue
        if theirs is None and _skips_undeclared(text, dtd):
            explained["rejects-undeclared-entity-under-unread-dtd"] += 1
            continue
        if theirs is None and re.search(r"<xml:[A-Za-z]", text):
            # (Namespaces in XML 1.0 §3: the prefix xml is bound, also for
            # element names; Chromium rejects such an element.)
            explained["rejects-xml-prefixed-element"] += 1
            continue
        if dtd is not None and not dtd.complete:
            # (XML 1.0 §5.1: markup5 stops applying declarations after a
            # parameter entity it does not read; Chromium rejects the
            # reference, or reads on and applies them.)
            explained["declarations-after-unread-parameter-entity"] += 1
            continue
        if theirs is not None and _without_redefined_defaults(text, theirs) == ours:
            explained["later-attribute-definition-applied"] += 1
            continue
        if theirs is not None and _attribute_values_as_xml10(dtd, theirs) == ours:
            explained["attribute-values-not-fully-expanded-or-normalized"] += 1
            continue
        differ.append((name, text, ours, theirs))
    print(f"dtd_chromium: {len(documents)} documents, {same} same, explained "
          f"{dict(explained)}, {len(differ)} differ")
    if args.list:
        for name, text, ours, theirs in differ:
            print(f"== {name}\n{text[:600]}")
            if theirs is None:
                print("  Chromium rejects it")
                continue
            for a, b in zip(ours, theirs):
                if a != b:
                    print(f"  markup5:  {a[:200]}\n  chromium: {b[:200]}")
                    break
            else:
                print(f"  lengths {len(ours)} / {len(theirs)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
