"""markup5.xml.iterparse_xml: the events are a walk of parse_xml's tree
(fast_path=False: the same XML5 rules), whatever the chunk size; the tree,
errors and encoding are parse_xml's; every kind of source; discard() keeps
the tree small; bad arguments."""

from __future__ import annotations

import io
import os
import pathlib
import sys
from pathlib import Path

import pytest

import markup5
from markup5.dom import (XMLNS_NAMESPACE, Comment, Element, Node, ParentNode,
                         ProcessingInstruction, Text)
from markup5.xml import dump_xml_tree, parse_xml
from markup5.xml.iterparse import EVENTS, XmlEventIterator, iterparse_xml
from xml5lib_fixtures import load_tokenizer_cases, load_tree_cases

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "tests" / "fixtures" / "xml-corpus" / "files").iterdir())
ALL = ("start", "end", "comment", "pi", "start-ns", "end-ns")


def reference_events(document: Node, events: tuple[str, ...] = ALL) -> list[tuple[str, object]]:
    """The events of a finished tree, by an explicit-stack walk written
    independently of the module: (event, node) in document order, with
    the namespace declarations read from the xmlns attributes."""
    out: list[tuple[str, object]] = []
    stack: list[tuple[Node, bool]] = [(child, False) for child in
                                      reversed(document.children)]  # type: ignore[attr-defined]
    while stack:
        node, closing = stack.pop()
        if isinstance(node, Element):
            declarations = [("" if q == "xmlns" else q[6:], v) for q, v in node.attrs.items()
                            if (node.attr_namespaces or {}).get(q) == XMLNS_NAMESPACE]
            if closing:
                out.append(("end", node))
                out.extend(("end-ns", None) for _ in declarations)
                continue
            out.extend(("start-ns", d) for d in declarations)
            out.append(("start", node))
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))
        elif isinstance(node, Comment):
            out.append(("comment", node))
        elif isinstance(node, ProcessingInstruction):
            out.append(("pi", node))
    return [(e, n) for e, n in out if e in events]


def _shape(events: list[tuple[str, object]]) -> list[tuple[str, object]]:
    """Events comparable across two parses: nodes by what they hold."""
    out: list[tuple[str, object]] = []
    for event, node in events:
        if isinstance(node, Element):
            out.append((event, (node.namespace, node.prefix, node.local_name,
                                tuple(node.attrs.items()))))
        elif isinstance(node, (Comment, Text)):
            out.append((event, node.data))
        elif isinstance(node, ProcessingInstruction):
            out.append((event, (node.target, node.data)))
        else:
            out.append((event, node))
    return out


def _errors(errors: list[markup5.ParseError]) -> list[tuple[str, int, int, int]]:
    return [(e.code, e.offset, e.line, e.col) for e in errors]


def check_same_as_parse_xml(source: str | bytes, chunk_size: int, **options: object) -> None:
    """iterparse_xml gives parse_xml(fast_path=False)'s tree, errors and
    encoding, and the events of a walk of that tree, in order."""
    iterator = iterparse_xml(source, ALL, chunk_size=chunk_size, **options)  # type: ignore[arg-type]
    events = list(iterator)
    expected = parse_xml(source, fast_path=False, **options)  # type: ignore[arg-type]
    assert dump_xml_tree(iterator.document) == dump_xml_tree(expected), (source, chunk_size)
    assert _errors(iterator.errors) == _errors(expected.errors), (source, chunk_size)
    assert iterator.encoding == (expected.encoding if isinstance(source, bytes) else "UTF-8")
    if options.get("keep_xmlns_attributes", True):
        # The very nodes of the finished tree, in the order of its walk.
        assert events == reference_events(iterator.document), (source, chunk_size)
        assert _shape(events) == _shape(reference_events(expected)), (source, chunk_size)
        return
    # The tree keeps no declarations: the namespace events are those of the
    # tree that keeps them.
    no_ns = ("start", "end", "comment", "pi")
    assert [(e, n) for e, n in events if e in no_ns] == reference_events(iterator.document,
                                                                         no_ns)
    keeping = parse_xml(source, fast_path=False,
                        **{**options, "keep_xmlns_attributes": True})  # type: ignore[arg-type]
    with_ns = reference_events(keeping)
    assert [e for e, _ in events] == [e for e, _ in with_ns], (source, chunk_size)
    assert [n for e, n in events if e == "start-ns"] == \
        [n for e, n in with_ns if e == "start-ns"], (source, chunk_size)


@pytest.mark.parametrize("case", load_tree_cases(), ids=lambda c: c.id)
def test_xml5lib_tree_inputs(case):
    for chunk_size in (1, 2, 3, 7, 65536):
        check_same_as_parse_xml(case.data, chunk_size)
        check_same_as_parse_xml(case.data, chunk_size, xml10_compatible=False)
        check_same_as_parse_xml(case.data.encode("utf-8", "surrogatepass"), chunk_size)


def test_xml5lib_tokenizer_inputs():
    # Every input of the tokenizer suite, one character at a time and whole
    # (5,863 small documents, most of them not well-formed).
    for case in load_tokenizer_cases():
        for chunk_size in (1, 65536):
            check_same_as_parse_xml(case.input, chunk_size)
        check_same_as_parse_xml(case.input, 3, xml10_compatible=False,
                                keep_xmlns_attributes=False)


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_corpus_files(path):
    data = path.read_bytes()
    for chunk_size in (97, 4096, 65536):
        check_same_as_parse_xml(data, chunk_size)
    if len(data) < 2000:
        check_same_as_parse_xml(data, 1)


@pytest.mark.parametrize("text", [
    "",
    "   ",
    "<a>",
    "<a><b><c>text",
    "<!--only a comment-->",
    "<?xml version='1.0'?><?pi?><!DOCTYPE a><!--c--><a/><!--d--><?e f?>",
    '<a xmlns="u"><b xmlns:p="v" xmlns:q="w"><p:c q:x="1"/></b></a>',
    ('<a xmlns:xml="http://www.w3.org/XML/1998/namespace" xmlns:bad="'
     'http://www.w3.org/2000/xmlns/" xmlns=""/>'),
    "<a>x</b>y</a>",
    # A rejected declaration only: dropped without keep_xmlns_attributes
    # though no namespace event is made for it.
    '<a xmlns="http://www.w3.org/2000/xmlns/" xmlns:xmlns="u"><b/></a>',
    "<a></>text<b/></a>",
    "<a>" * 200 + "</a>" * 200,
    "<r>" + "<i>x</i>\n" * 100 + "</r>",
    "\ufeff<a>&amp;&lt;&#65;&unknown;</a>",
    "<!DOCTYPE a [<!ENTITY e '<b>x</b>'>]><a>&e;&e;</a>",
    "<a>\r\n\r</a>",
    "<a/><b/>",
])
@pytest.mark.parametrize("chunk_size", [1, 2, 5, 65536])
def test_small_documents(text, chunk_size):
    check_same_as_parse_xml(text, chunk_size)
    check_same_as_parse_xml(text.encode(), chunk_size)
    check_same_as_parse_xml(text, chunk_size, keep_xmlns_attributes=False)


def test_bytes_are_decoded_as_parse_xml_decodes_them():
    latin = '<?xml version="1.0" encoding="iso-8859-1"?><a>caf\xe9</a>'.encode("latin-1")
    utf16 = '<?xml version="1.0"?><a>\u20ac</a>'.encode("utf-16")
    broken = b"<a>\xff\xfe\x80x</a>"
    for data in (latin, utf16, broken):
        for chunk_size in (1, 3, 65536):
            check_same_as_parse_xml(data, chunk_size)
    check_same_as_parse_xml(b"<a>\x80</a>", 2, transport_encoding="windows-1252")
    iterator = iterparse_xml(latin)
    list(iterator)
    assert iterator.encoding == "windows-1252"
    assert iterator.document.document_element.text_content == "caf\xe9"


def test_events_subsets_and_order():
    text = '<a xmlns:p="u"><!--c--><?t d?><p:b>x</p:b></a>'
    whole = list(iterparse_xml(text, ALL))
    assert [e for e, _ in whole] == ["start-ns", "start", "comment", "pi", "start", "end",
                                     "end", "end-ns", ]
    assert whole[0] == ("start-ns", ("p", "u"))
    assert whole[-1] == ("end-ns", None)
    for subset in (("end",), ("start",), ("comment", "pi"), ("start-ns",), ("end-ns", "end"),
                   ()):
        events = list(iterparse_xml(text, subset))
        assert [e for e, _ in events] == [e for e, _ in whole if e in subset]
    # The default is ("start", "end").
    assert [e for e, _ in iterparse_xml(text)] == ["start", "start", "end", "end"]
    assert EVENTS == set(ALL)


def test_start_event_has_attributes_end_event_the_whole_element():
    seen = []
    for event, node in iterparse_xml('<a k="v"><b>one</b><c/>two</a>', chunk_size=1):
        if event == "start":
            seen.append((event, node.name, dict(node.attrs)))
        else:
            seen.append((event, node.name, markup5.serialize_xml(node)))
    assert seen == [("start", "a", {"k": "v"}), ("start", "b", {}),
                    ("end", "b", "<b>one</b>"), ("start", "c", {}), ("end", "c", "<c/>"),
                    ("end", "a", '<a k="v"><b>one</b><c/>two</a>')]


def test_namespace_events_with_xmlns_attributes_dropped():
    text = '<a xmlns="u" xmlns:p="v" p:x="1"><p:b xmlns:p="w"/></a>'
    iterator = iterparse_xml(text, ("start-ns", "start"), keep_xmlns_attributes=False)
    events = list(iterator)
    assert [n for e, n in events if e == "start-ns"] == [("", "u"), ("p", "v"), ("p", "w")]
    # The elements never show their declarations, and the tree is parse_xml's.
    assert all("xmlns" not in k for e, n in events if e == "start" for k in n.attrs)
    assert dump_xml_tree(iterator.document) == dump_xml_tree(
        parse_xml(text, keep_xmlns_attributes=False))


def _record_file(n: int) -> str:
    return ('<?xml version="1.0"?>\n<records>\n<!--generated-->\n'
            + "".join(f'<record id="{k}"><name>n{k}</name><v>{k}</v></record>\n'
                      for k in range(n))
            + "</records>\n")


def _count_nodes(node: Node) -> int:
    count, stack = 0, [node]
    while stack:
        current = stack.pop()
        count += 1
        if isinstance(current, ParentNode):
            stack.extend(current.children)
    return count


@pytest.mark.parametrize("chunk_size", [1, 100, 65536])
def test_discard_keeps_the_tree_small(chunk_size):
    # Bounded memory, checked on what the tree holds: with discard() on each
    # record, the tree never holds more than the records of one chunk
    # (plus the path to the current one), however many records.
    n = 3000
    iterator = iterparse_xml(_record_file(n), events=("end",), chunk_size=chunk_size)
    largest = 0
    records = []
    for _event, node in iterator:
        if node.local_name == "record":
            # On its "end" the record is whole.
            assert markup5.serialize_xml(node) == (
                f'<record id="{len(records)}"><name>n{len(records)}</name>'
                f"<v>{len(records)}</v></record>")
            records.append(node.get("id"))
            iterator.discard(node)
            assert node.parent is None
            largest = max(largest, _count_nodes(iterator.document))
    assert records == [str(k) for k in range(n)]
    # A record is at least 47 characters and 6 nodes (with the line break
    # after it); the whole tree would be over 18,000 nodes.
    per_chunk = chunk_size // 45 + 2
    assert largest <= 4 + 6 * per_chunk
    # What is left: the document, the root element and its last text.
    assert dump_xml_tree(iterator.document) == '| <records>\n|   "\n"'
    assert iterator.errors == []


def test_without_discard_the_tree_is_whole():
    iterator = iterparse_xml(_record_file(100), events=("end",), chunk_size=64)
    assert sum(1 for e, n in iterator if n.local_name == "record") == 100
    assert _count_nodes(iterator.document) == _count_nodes(parse_xml(_record_file(100)))


def test_removing_reported_nodes_by_hand_keeps_the_events():
    # node.remove() on each "end" (and the text before it): the events are
    # still every element's, in order, at any chunk size.
    text = "<r>" + "".join(f"<a{k}><b/>t</a{k}> " for k in range(50)) + "</r>"
    expected = [(e, n.name) for e, n in iterparse_xml(text, ("start", "end", "comment"))]
    for chunk_size in (1, 7, 65536):
        seen = []
        for event, node in iterparse_xml(text, ("start", "end", "comment"),
                                         chunk_size=chunk_size):
            seen.append((event, node.name))
            if event == "end" and node.local_name != "r":
                previous = node.previous_sibling
                node.remove()
                if previous is not None:
                    previous.remove()
        assert seen == expected


def test_discard_checks_its_argument():
    iterator = iterparse_xml("<r><a><b/></a><c/></r>", ("start", "end"))
    assert next(iterator)[1].name == "r"
    event, a = next(iterator)
    assert (event, a.name) == ("start", "a")
    with pytest.raises(ValueError, match="not ended"):
        iterator.discard(a)
    event, b = next(iterator)
    with pytest.raises(ValueError, match="not ended"):
        iterator.discard(iterator.document.document_element)
    with pytest.raises(TypeError, match="Node"):
        iterator.discard("a")  # type: ignore[arg-type]
    event, b = next(iterator)  # ("end", b)
    assert (event, b.name) == ("end", "b")
    iterator.discard(b)
    assert a.children == []
    c = iterator.document.document_element.children[-1]
    if c is not a:  # (the whole input is one chunk: c is in the tree, not reported)
        with pytest.raises(ValueError, match="not been reported"):
            iterator.discard(c)
    iterator.discard(b)  # already out of the tree: nothing to do
    assert [(e, n.name) for e, n in iterator] == [("end", "a"), ("start", "c"), ("end", "c"),
                                                  ("end", "r")]


def test_sources(tmp_path):
    text = '<a xmlns="u"><b>\u20ac</b></a>'
    expected = [("start", "a"), ("start", "b"), ("end", "b"), ("end", "a")]
    path = tmp_path / "doc.xml"
    path.write_bytes(text.encode("utf-8"))

    class PathLike:
        def __fspath__(self) -> str:
            return str(path)

    sources: list[object] = [text, text.encode(), bytearray(text.encode()),
                             memoryview(text.encode()), io.BytesIO(text.encode()),
                             io.StringIO(text), path, PathLike()]
    for source in sources:
        for chunk_size in (1, 65536):
            if isinstance(source, io.IOBase):
                source.seek(0)
            events = [(e, n.local_name) for e, n in iterparse_xml(source,  # type: ignore[arg-type]
                                                                  chunk_size=chunk_size)]
            assert events == expected, source
    with open(path, "rb") as binary:
        assert len(list(iterparse_xml(binary))) == 4
        assert not binary.closed  # the caller's file stays open
    with open(path, encoding="utf-8") as textual:
        assert len(list(iterparse_xml(textual, chunk_size=2))) == 4


def test_a_path_is_closed_at_the_end_and_on_close(tmp_path):
    path = tmp_path / "doc.xml"
    path.write_text("<a><b/></a>")
    iterator = iterparse_xml(path)
    list(iterator)
    assert iterator._file is None
    iterator = iterparse_xml(path)
    opened = iterator._file
    assert opened is not None and not opened.closed
    next(iterator)
    iterator.close()
    assert opened.closed
    assert list(iterator) == []


def test_a_str_is_markup_not_a_file_name(tmp_path):
    # (A file name in a str is a document holding text: a parse error, not
    # an opened file.)
    name = str(tmp_path / "doc.xml")
    iterator = iterparse_xml(name)
    assert list(iterator) == []
    assert [e.code for e in iterator.errors][-1] == "missing-root-element"


def test_bad_arguments():
    with pytest.raises(TypeError, match="sequence of event names"):
        iterparse_xml("<a/>", "start")
    with pytest.raises(TypeError, match="sequence of event names"):
        iterparse_xml("<a/>", 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="event names are str"):
        iterparse_xml("<a/>", [b"start"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="unknown event 'begin'"):
        iterparse_xml("<a/>", ("begin", "end"))
    with pytest.raises(ValueError, match="chunk_size must be positive"):
        iterparse_xml("<a/>", chunk_size=0)
    with pytest.raises(TypeError, match="chunk_size must be an int"):
        iterparse_xml("<a/>", chunk_size=2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="chunk_size must be an int"):
        iterparse_xml("<a/>", chunk_size=True)
    with pytest.raises(TypeError, match="takes str or bytes markup"):
        iterparse_xml(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="keep_xmlns_attributes"):
        iterparse_xml("<a/>", keep_xmlns_attributes=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown encoding label"):
        iterparse_xml(b"<a/>", transport_encoding="no-such-label")
    with pytest.raises(TypeError):
        iterparse_xml("<a/>", xml10_compatible="yes")  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        iterparse_xml(pathlib.Path("/nonexistent/markup5/doc.xml"))

    class Reader:
        def read(self, size: int) -> int:
            return 5

    with pytest.raises(TypeError, match="read\\(\\) returned int"):
        list(iterparse_xml(Reader()))  # type: ignore[arg-type]


def test_deep_nesting_without_recursion():
    depth = 50_000
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # nothing may recurse on the tree's depth
    try:
        iterator = iterparse_xml("<a>" * depth + "</a>" * depth, ("start", "end"))
        count = 0
        for event, node in iterator:
            count += 1
            if event == "end":
                iterator.discard(node)
    finally:
        sys.setrecursionlimit(limit)
    assert count == 2 * depth


def test_exported():
    assert isinstance(iterparse_xml("<a/>"), XmlEventIterator)
    assert os.path.basename(markup5.xml.iterparse.__file__) == "iterparse.py"
