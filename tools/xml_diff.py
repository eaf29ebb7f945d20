"""Differential test: markup5.parse_xml against expat on well-formed XML.

    python tools/xml_diff.py PATH [PATH ...] [--show N] [--json FILE] [--fast-path]

Each PATH is a file or a directory (searched recursively for ``.xml .svg
.xsd .xsl .xslt .rss .atom .xhtml .kml .gpx .ui .glade .policy .rng .page
.conf`` files).  A file that expat (the parser under
``xml.etree.ElementTree``) rejects is counted as "not well-formed" and
skipped.  For every other file both parsers' documents are reduced to the
same list of events and compared:

* elements: namespace URI, local name and prefix; the namespace
  declarations the start tag makes (prefix -> URI); the other attributes as
  (namespace URI, local name, prefix) -> value, where expat's values have
  had the XML 1.0 attribute-value normalization (literal TAB, LF, CR become
  spaces; references expanded);
* text, with character and entity references expanded and CDATA sections
  as text, adjacent pieces joined;
* comments and processing instructions, inside and outside the root
  element (not those inside the DOCTYPE's internal subset, which are not
  part of the document tree);
* the DOCTYPE's name, public and system identifiers.

The XML declaration is not an event (neither side makes it a node).
Whitespace outside the root element is ignored (neither side keeps it).

A file *agrees* when the events are equal and markup5 reported no parse
error.  Every other file is put in one category, found by looking at what
the document uses (see ``docs/xml-differences.md`` for what each means):

``internal-subset-entities``   the DOCTYPE's internal subset declares
                               general entities that the document uses
``dtd-attribute-defaults``     the events agree once expat is asked for
                               specified attributes only
``external-dtd-entities``      the document uses entities declared in an
                               external DTD, which expat does not read
                               either: it leaves the references out
``dtd-attribute-types``        the internal subset declares attribute types
                               other than CDATA, whose values XML 1.0
                               normalizes further (spaces collapsed)
``internal-subset``            another difference in a document with an
                               internal subset
``unknown-encoding-label:L``   the XML declaration names an encoding that
                               the WHATWG Encoding Standard does not have
                               (parse_xml reports ``unknown-encoding`` and
                               reads UTF-8; expat used Python's codec)
``whatwg-encoding:L``          the WHATWG decoder for label L decodes the
                               bytes differently from Python's codec of
                               that name (``tis-620`` is windows-874,
                               ``iso-8859-1`` windows-1252, ...)
``c1-control-reference``       a reference ``&#x80;``-``&#x9F;`` (XML5 maps it
                               through windows-1252, as HTML does)
``control-or-noncharacter``    a literal C1 control or noncharacter, legal in
                               XML 1.0, is an XML5 parse error
``doctype-name-case``          the DOCTYPE name differs only in case (XML5
                               lowercases it)
``other:KIND``                 anything else, by the first differing event
                               (KIND is its type, or ``errors`` when only
                               the parse errors differ)

markup5 is given the bytes, as expat is: each decodes them itself.  It
parses them with ``fast_path=False``: what is compared is the XML5
tokenizer and tree builder.  (``parse_xml``'s default fast path builds a
document that expat accepts from expat's own events, and steps aside where
XML5 would differ, so it would agree by construction.)  ``--fast-path``
compares what ``parse_xml`` gives by default instead; every file must then
be in the same category as without it.
``--json FILE`` writes every file's category and first difference.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import re
import sys
import xml.parsers.expat
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from markup5.dom import (XMLNS_NAMESPACE, Comment, Document, DocumentType,  # noqa: E402
                         Element, ProcessingInstruction, Text)
from markup5.encoding import Encoding, decode, lookup  # noqa: E402
from markup5.xml import parse_xml  # noqa: E402

__all__ = ["expat_events", "markup5_events", "compare_file", "main"]

SUFFIXES = frozenset({".xml", ".svg", ".xsd", ".xsl", ".xslt", ".rss", ".atom", ".xhtml",
                      ".kml", ".gpx", ".ui", ".glade", ".policy", ".rng", ".page", ".conf"})

_SEP = " "  # expat's namespace separator: "uri local prefix"
_DECLARED_ENCODING = re.compile(rb"""<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)""")
_C1_REFERENCE = re.compile(r"&#(?:x0*[89][0-9a-fA-F]|0*1(?:2[89]|[3-5][0-9]));")
_ENTITY_REFERENCE = re.compile(r"&([A-Za-z_:][\w.:-]*);")
_PREDEFINED = frozenset({"lt", "gt", "amp", "apos", "quot"})
_BAD_CHARACTER = re.compile("[\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff]")

#: One event: its type ("start", "end", "text", "comment", "pi",
#: "doctype") and then its fields, as the module docstring lists them.
#: Events are compared whole; the few places that look inside one check
#: the types of the fields they read.
Event = tuple[object, ...]


class Result(TypedDict):
    """What :func:`compare_file` finds for one document."""

    category: str
    index: int | None
    markup5: Event | None
    expat: Event | None
    errors: list[str]


class NotWellFormed(Exception):
    """expat rejected the document."""


class _ExpatRecorder:
    """Events of one document as expat reports them."""

    def __init__(self, specified_only: bool) -> None:
        self.events: list[Event] = []
        self.text: list[str] = []
        self.in_dtd = False
        self.pending_ns: list[tuple[str | None, str | None]] = []
        self.internal_subset = False
        self.general_entities: set[str] = set()
        self.defaulted_attributes = False
        self.typed_attributes = False
        self.skipped_entities = False
        self.parser = p = xml.parsers.expat.ParserCreate(namespace_separator=_SEP)
        p.namespace_prefixes = True
        p.ordered_attributes = True
        p.specified_attributes = specified_only
        p.buffer_text = True
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        p.CharacterDataHandler = self.text.append
        p.CommentHandler = self.comment
        p.ProcessingInstructionHandler = self.pi
        p.StartNamespaceDeclHandler = self.start_ns
        p.StartDoctypeDeclHandler = self.start_doctype
        p.EndDoctypeDeclHandler = self.end_doctype
        p.EntityDeclHandler = self.entity_decl
        p.AttlistDeclHandler = self.attlist_decl
        p.SkippedEntityHandler = self.skipped_entity

    def flush(self) -> None:
        if self.text:
            self.events.append(("text", "".join(self.text)))
            self.text.clear()

    def start(self, name: str, attrs: list[str]) -> None:
        self.flush()
        attributes = []
        for i in range(0, len(attrs), 2):
            attributes.append((*_expat_name(attrs[i]), attrs[i + 1]))
        declarations = tuple(sorted(self.pending_ns, key=repr))
        self.pending_ns = []
        self.events.append(("start", *_expat_name(name), declarations,
                            tuple(sorted(attributes, key=repr))))

    def end(self, name: str) -> None:
        self.flush()
        self.events.append(("end",))

    def comment(self, data: str) -> None:
        if not self.in_dtd:
            self.flush()
            self.events.append(("comment", data))

    def pi(self, target: str, data: str) -> None:
        if not self.in_dtd:
            self.flush()
            self.events.append(("pi", target, data))

    def start_ns(self, prefix: str | None, uri: str | None) -> None:
        self.pending_ns.append((prefix, uri or None))

    def start_doctype(self, name: str, system_id: str | None, public_id: str | None,
                      has_internal_subset: bool) -> None:
        self.in_dtd = True
        self.internal_subset = bool(has_internal_subset)
        self.events.append(("doctype", name, public_id or "", system_id or ""))

    def end_doctype(self) -> None:
        self.in_dtd = False

    def entity_decl(self, name: str, is_parameter_entity: bool, *rest: object) -> None:
        if not is_parameter_entity:
            self.general_entities.add(name)

    def attlist_decl(self, element: str, attribute: str, kind: str, default: str | None,
                     required: bool) -> None:
        if default is not None:
            self.defaulted_attributes = True
        if kind != "CDATA":
            self.typed_attributes = True

    def skipped_entity(self, name: str, is_parameter_entity: bool) -> None:
        if not is_parameter_entity:
            self.skipped_entities = True


def _expat_name(name: str) -> tuple[str | None, str, str | None]:
    """(namespace URI, local name, prefix) from expat's "uri local prefix"."""
    parts = name.split(_SEP)
    if len(parts) == 1:
        return None, parts[0], None
    if len(parts) == 2:
        return parts[0], parts[1], None
    return parts[0], parts[1], parts[2]


def expat_events(data: bytes, specified_only: bool = False) -> _ExpatRecorder:
    """Parse ``data`` with expat; the recorder holds its events."""
    recorder = _ExpatRecorder(specified_only)
    try:
        recorder.parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:
        raise NotWellFormed(str(exc)) from None
    recorder.flush()
    return recorder


def markup5_events(document: Document) -> list[Event]:
    """The events of a markup5 document (in tree order, without recursion)."""
    events: list[Event] = []
    stack = [iter(document.children)]
    while stack:
        for node in stack[-1]:
            # type(node) is X rather than a local kind = type(node): mypy
            # narrows node by the former only.
            if type(node) is Element:
                declarations: list[tuple[str | None, str | None]] = []
                attributes: list[tuple[str | None, str, str | None, str]] = []
                attr_namespaces = node.attr_namespaces or {}
                for qname, value in node.attrs.items():
                    namespace = attr_namespaces.get(qname)
                    if namespace == XMLNS_NAMESPACE:
                        prefix = None if qname == "xmlns" else qname[6:]
                        declarations.append((prefix, value or None))
                        continue
                    if namespace is None:
                        attributes.append((None, qname, None, value))
                    else:
                        prefix, _, local = qname.partition(":")
                        attributes.append((namespace, local, prefix, value))
                events.append(("start", node.namespace, node.local_name, node.prefix,
                                tuple(sorted(declarations, key=repr)),
                                tuple(sorted(attributes, key=repr))))
                stack.append(iter(node.children))
                break
            if type(node) is Text:
                if events and events[-1][0] == "text":
                    data = events[-1][1]
                    assert isinstance(data, str)  # a "text" event's data
                    events[-1] = ("text", data + node.data)
                else:
                    events.append(("text", node.data))
            elif type(node) is Comment:
                events.append(("comment", node.data))
            elif type(node) is ProcessingInstruction:
                events.append(("pi", node.target, node.data))
            elif type(node) is DocumentType:
                events.append(("doctype", node.name, node.public_id, node.system_id))
        else:
            stack.pop()
            if stack:  # the children of an element are done
                events.append(("end",))
    return events


def _first_difference(ours: list[Event], theirs: list[Event]
                      ) -> tuple[int, Event | None, Event | None]:
    """The index of the first event that differs and the two events there;
    None for the side that has ended (one list is a prefix of the other)."""
    n = min(len(ours), len(theirs))
    for i in range(n):
        if ours[i] != theirs[i]:
            return i, ours[i], theirs[i]
    return n, (ours[n] if n < len(ours) else None), (theirs[n] if n < len(theirs) else None)


def _declared_encoding(data: bytes) -> str | None:
    m = _DECLARED_ENCODING.match(data[:200].lstrip(b"\xef\xbb\xbf"))
    return m.group(1).decode("ascii").lower() if m else None


def _whatwg_and_python_differ(data: bytes, label: str, encoding: Encoding) -> bool:
    """Whether the WHATWG decoder of ``encoding`` (what parse_xml uses for
    ``label``) and Python's codec for ``label`` (what expat uses) decode
    ``data`` differently."""
    try:
        python = data.decode(label)
    except (LookupError, UnicodeDecodeError):
        return True
    return python != encoding.decode(data)


def compare_file(data: bytes, fast_path: bool = False) -> Result:
    """Compare one document (markup5 is given the bytes, and parses them
    with ``fast_path``); returns ``{"category", "index", "markup5",
    "expat", "errors"}`` (category "agree" when it agrees).  Raises
    :class:`NotWellFormed` if expat rejects it."""
    expat = expat_events(data)
    document = parse_xml(data, fast_path=fast_path)
    ours = markup5_events(document)
    errors = [error.code for error in document.errors]
    result: Result = {"category": "agree", "index": None, "markup5": None, "expat": None,
                      "errors": errors[:5]}
    if ours == expat.events and not errors:
        return result
    index, mine, theirs = _first_difference(ours, expat.events)
    result.update({"index": index, "markup5": mine, "expat": theirs})
    result["category"] = _categorize(data, document, expat, ours, errors, mine, theirs)
    return result


def _categorize(data: bytes, document: Document, expat: _ExpatRecorder, ours: list[Event],
                errors: list[str], mine: Event | None, theirs: Event | None) -> str:
    label = _declared_encoding(data)
    if label is not None and not data.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE,
                                                   codecs.BOM_UTF16_BE)):
        encoding = lookup(label)
        if encoding is None:
            return f"unknown-encoding-label:{label}"
        if encoding.name != "UTF-8" and _whatwg_and_python_differ(data, label, encoding):
            return f"whatwg-encoding:{label}"
    text = decode(data, document.encoding)
    if expat.general_entities and any(
            f"&{name};" in text for name in expat.general_entities):
        return "internal-subset-entities"
    if expat.defaulted_attributes:
        specified = expat_events(data, specified_only=True)
        if specified.events == ours:
            return "dtd-attribute-defaults"
    if expat.skipped_entities or (expat.internal_subset and set(
            _ENTITY_REFERENCE.findall(text)) - expat.general_entities - _PREDEFINED):
        return "external-dtd-entities"
    if expat.typed_attributes and _same_but_attribute_spaces(mine, theirs):
        return "dtd-attribute-types"
    if expat.internal_subset:
        return "internal-subset"
    if _C1_REFERENCE.search(text):
        return "c1-control-reference"
    if _BAD_CHARACTER.search(text):
        return "control-or-noncharacter"
    if (mine is not None and theirs is not None and mine[0] == theirs[0] == "doctype"
            and isinstance(theirs[1], str)  # the DOCTYPE's name
            and mine[1] != theirs[1] and mine[1] == theirs[1].lower()
            and mine[2:] == theirs[2:]):
        return "doctype-name-case"
    if ours == expat.events:
        return "other:errors"
    kind = (mine or theirs or ("?",))[0]
    return f"other:{kind}"


def _same_but_attribute_spaces(mine: Event | None, theirs: Event | None) -> bool:
    """Whether two start events differ only in how spaces in attribute
    values are collapsed (the normalization of non-CDATA attributes)."""
    if not (mine and theirs and mine[0] == theirs[0] == "start" and mine[:5] == theirs[:5]):
        return False
    ours, others = mine[5], theirs[5]  # the attributes, (URI, local, prefix, value) each
    if not (isinstance(ours, tuple) and isinstance(others, tuple)
            and len(ours) == len(others)):
        return False
    return all(a[:3] == b[:3] and a[3].split() == b[3].split() for a, b in zip(ours, others))


def files_in(paths: list[str]) -> Iterator[Path]:
    """The files named, and the XML-like files under the directories named."""
    for path in paths:
        p = Path(path)
        if p.is_dir():
            for directory, dirs, names in os.walk(p):
                dirs.sort()
                for name in sorted(names):
                    q = Path(directory, name)
                    if q.suffix.lower() in SUFFIXES and q.is_file():
                        yield q
        elif p.is_file():
            yield p


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--show", type=int, default=3, help="examples per category (default 3)")
    ap.add_argument("--json", type=Path, help="write every file's result here")
    ap.add_argument("--fast-path", action="store_true",
                    help="parse with parse_xml's default fast path (expat events)")
    args = ap.parse_args(argv)

    counts: Counter[str] = Counter()
    examples: dict[str, list[tuple[Path, Result]]] = defaultdict(list)
    skipped = 0
    results: dict[str, Result] = {}
    for path in files_in(args.paths):
        data = path.read_bytes()
        try:
            result = compare_file(data, args.fast_path)
        except NotWellFormed:
            skipped += 1
            continue
        category = result["category"]
        counts[category] += 1
        results[str(path)] = result
        if category != "agree" and len(examples[category]) < args.show:
            examples[category].append((path, result))

    total = sum(counts.values())
    agree = counts["agree"]
    print(f"files compared: {total} (skipped as not well-formed: {skipped})")
    if total:
        print(f"agree (same events, no parse error): {agree} ({100 * agree / total:.2f}%)")
    for category, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        if category == "agree":
            continue
        print(f"  {category}: {count}")
        for path, result in examples[category]:
            print(f"    {path}")
            print(f"      event {result['index']}: markup5 {_short(result['markup5'])}")
            print(f"      {' ' * len(str(result['index']))}        expat   "
                  f"{_short(result['expat'])}")
            if result["errors"]:
                print(f"      errors: {', '.join(result['errors'])}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=list), encoding="utf-8")
    return 0 if agree == total else 1


def _short(event: Event | None, limit: int = 160) -> str:
    text = repr(event)
    return text if len(text) <= limit else text[:limit] + "..."


if __name__ == "__main__":
    sys.exit(main())
