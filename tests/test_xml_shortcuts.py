"""The XML5 data state's shortcut (markup5.xml.tokenizer.shortcuts) against the states.

With ``Tokenizer.fast_paths`` on and off, the tokens, the inline errors
(code and offset), the trees and the tree errors must be the same: on every
xml5lib-tests input, on hand-written inputs at the shortcut's edges, on
generated XML-ish text, fed whole and in chunks, and on the benchmark
documents.
"""

from __future__ import annotations

import importlib.util
import random
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from counted import call_counter
from markup5.dom import Comment, Document, DocumentType, Element, ProcessingInstruction, Text
from markup5.errors import ParseError
from markup5.xml import Tokenizer, XmlParser, dump_xml_tree, parse_xml
from markup5.xml.tokenizer.shortcuts import SCAN, resolve_reference, simple_section, stray_character
from xml5lib_fixtures import load_tokenizer_cases, load_tree_cases

TOKENIZER_INPUTS = [c.input for c in load_tokenizer_cases()]
TREE_INPUTS = [c.data for c in load_tree_cases()]


@contextmanager
def fast_paths(on: bool):
    saved = Tokenizer.fast_paths
    Tokenizer.fast_paths = on
    try:
        yield
    finally:
        Tokenizer.fast_paths = saved


def _items(items):
    return [("error", x.code, x.offset) if isinstance(x, ParseError) else x for x in items]


def tokens(text: str, fast: bool, chunks: list[int] | None = None):
    """The token stream with inline errors, and the error list."""
    with fast_paths(fast):
        if chunks is None:
            tokenizer = Tokenizer(text, inline_errors=True)
            out = list(tokenizer)
        else:
            tokenizer = Tokenizer(inline_errors=True)
            out = []
            start = 0
            for stop in chunks + [len(text)]:
                out.extend(tokenizer.feed(text[start:stop]))
                start = stop
            out.extend(tokenizer.close())
    return _items(out), [(e.code, e.offset) for e in tokenizer.errors]


def _shape(node):
    """Everything a node carries, recursively (attribute order included)."""
    kind = type(node)
    if kind is Element:
        head = ("element", node.namespace, node.prefix, node.local_name,
                list(node.attrs.items()),
                sorted(node.attr_namespaces.items()) if node.attr_namespaces else None)
    elif kind is Text:
        head = ("text", node.data)
    elif kind is Comment:
        head = ("comment", node.data)
    elif kind is ProcessingInstruction:
        head = ("pi", node.target, node.data)
    elif kind is DocumentType:
        head = ("doctype", node.name, node.public_id, node.system_id)
    else:
        assert kind is Document
        head = ("document",)
    children = getattr(node, "children", None)
    if children is None:
        return head
    for child in children:
        assert child.parent is node
    return head + (tuple(_shape(child) for child in children),)


def tree(text: str, fast: bool, keep: bool = True):
    with fast_paths(fast):
        document = parse_xml(text, keep_xmlns_attributes=keep)
    return (_shape(document), dump_xml_tree(document),
            [(e.code, e.offset) for e in document.errors])


def chunked_tree(text: str, fast: bool, size: int):
    with fast_paths(fast):
        parser = XmlParser()
        for i in range(0, len(text), size):
            parser.feed(text[i:i + size])
        document = parser.close()
    return _shape(document), [(e.code, e.offset) for e in document.errors]


def check(text: str) -> None:
    expected = tokens(text, False)
    assert tokens(text, True) == expected
    assert tree(text, True) == tree(text, False)
    assert tree(text, True, keep=False) == tree(text, False, keep=False)
    # parse_xml's errors sit where the states put them; XmlParser (tokens
    # processed per chunk) must agree with itself across the two paths.
    assert chunked_tree(text, True, 3) == chunked_tree(text, False, 3)


def check_chunks(text: str, rng: random.Random) -> None:
    expected = tokens(text, False)
    for _ in range(3):
        cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, rng.randint(1, 6))))
        assert _merged(tokens(text, True, cuts)) == _merged(expected)


def _merged(result):
    """Chunks may split character tokens; join adjacent ones."""
    out = []
    for item in result[0]:
        if out and type(item) is type(out[-1]) and hasattr(item, "data") and \
                type(item).__name__ == "Characters":
            out[-1] = type(item)(out[-1].data + item.data)
        else:
            out.append(item)
    return out, result[1]


# ----------------------------------------------------------------------
# The fixtures

@pytest.mark.parametrize("index", range(len(TOKENIZER_INPUTS)))
def test_tokenizer_fixture_inputs(index):
    text = TOKENIZER_INPUTS[index]
    check(text)
    check_chunks(text, random.Random(index))


@pytest.mark.parametrize("index", range(len(TREE_INPUTS)))
def test_tree_fixture_inputs(index):
    text = TREE_INPUTS[index]
    check(text)
    check_chunks(text, random.Random(index))


# ----------------------------------------------------------------------
# Hand-written edges

TRICKY = [
    "", "x", "<", "</", "<a", "<a>", "<a/>", "<a />", "<a / >", "<a/ >", "<a/x>", "</a>", "</>",
    "</a >", "</a\t\n>", "</a/>", "</a b>", "</ a>", "</:a>", "</<a>", "< a>", "<:a>", "<<a>",
    "<>", "<a<b>", "<a&b>", "<a=b>", "<a\"b>", "<a b='c'>", '<a b="c">', '<a b = "c" >',
    '<a\tb\n=\n"c"\t/>', '<a b="c"d="e">', '<a b="c" b="d">', '<a b="c" B="d">',
    '<a b="c" :d="e">', '<a :b="c">', '<a b:c="d" xmlns:b="u">', '<a b="&amp;">',
    "<a b='&amp;'>", '<a b=c>', '<a b>', '<a b c>', '<a b=>', '<a b="c"/>', '<a b="c" />',
    '<a b="c"/ >', '<a b="c" / d>', '<a b"c="d">', "<a b'c='d'>", '<a ==b>', '<a =b="c">',
    '<a b="c"', '<a b="c', "<a b='c", "<a b", "<a b=", "<a/", "</a", "</a ", "</a/",
    "a&amp;b", "a&amp", "a&ampb;", "a&amp;&lt;&gt;&quot;&apos;b", "&#65;&#x41;&#X41;", "&#0;",
    "&#x110000;", "&#xD800;", "&#128;", "&#13;", "&#9;&#10;&#12;&#11;", "&#xFFFE;",
    "&#xFDD0;", "&#x1FFFF;", "&#127;", "&#00000065;", "&#0000065;", "&#12345678;", "&#;",
    "&#x;", "&xyz;", "&not", "&notin;", "&notit;", "&", "&;", "& a", "&&amp;", "&AMP;",
    "&amp;amp;", "&Aacute;", "&aacute", "&ne;", "&lt", "<a>&lt</a>",
    "<a>x\x01y</a>", "<a\x01>", "<a b='\x01'>", "\x01<a>b</a>", "<a>\ufdd0</a>",
    "<a>\U0001fffe</a>", "<a>\U0001f600</a>", "<a>\x00</a>", "<a\x00b>", "<a>\r\n\rb</a>",
    "<a b='\r\n'>", "<a>\x7f\x9f</a>", "<é>ü</é>", "<a>\U0001f600&amp;</a>",
    "<a><!--c--></a>", "<a><?p d?></a>", "<a><![CDATA[x<y>]]></a>", "<!DOCTYPE a><a/>",
    "<?xml version='1.0'?><a/>", "<a>b</a>c", "<a>b</a><c/>", "<a/><b/>", "x<a/>",
    "<a><b></a>", "<a></b></a>", "<a><b></b>", "<p:a xmlns:p='u'></p:a>", "<p:a></p:a>",
    "<p:a xmlns:p='u'><p:b/></p:a>", "<a xmlns='u'><b/></a>", "<a xmlns='u'><b xmlns=''/></a>",
    "<a xmlns:p='u'><p:b p:c='1' p:d='2'/><p:b p:c='1' p:d='2'/></a>",
    "<a xmlns:p='u' xmlns:q='u'><b p:c='1' q:c='2'/><b p:c='1' q:c='2'/></a>",
    "<a><b x:y='1'/><b x:y='1'/></a>", "<a><x:b/><x:b/></a>", "<a><b:c:d/></a>",
    "<a xmlns:xml='http://www.w3.org/XML/1998/namespace'/>", "<a xmlns:xml='bad'/>",
    "<a><b xmlns:xml='http://www.w3.org/XML/1998/namespace'/><b xmlns:xml='bad'/></a>",
    "<a><b xml:lang='en'/><b xml:lang='fr'/></a>", "<a><b xmlns:p='u'/><p:c/></a>",
    "<a xmlns:p='u'><p:b></b></p:b></a>", "<a xmlns:p='u'><b></p:b></b></a>",
    "<a xmlns:p='u'><p:b xmlns:p='v'></p:b></a>", "<a><a><a></a></a></a>",
    "<a xmlns:p='u'><p:a></a></a>", "<a></a></a>", "<a>t</a>", "<a>t<b/>u&amp;v</a>",
    "<a b='1' c='2' d='3' e='4'/>", "<a\nb='1'\n\tc='2'\n/>",
    "<a xmlns:p='u'><b p:x='1' xmlns:q='v' q:y='2'/><b p:x='1'/></a>",
    "<a><b c='1'/><b c='1' c='2'/></a>", "<root>" + "<e a='v'>t&amp;</e>" * 50 + "</root>",
    # The tree builder's loop: end tags that close nothing between texts,
    # references in attribute values, the first attribute, leaves,
    # comments, processing instructions, CDATA sections, references.
    "<a>x</b>y</a>", "<a>x</b><c/>y</a>", "<a><b>x</c>y</b></a>", "<a>x<!--c--></b>y</a>",
    '<a b="&#65;&#x42;&amp;c"/>', '<a b="&#0;"/>', '<a b="&#128;"/>', "<a b='&notit;'/>",
    '<a b="&xyz;"/>', '<a b="x&#10;y&#9;"/>', '<a b="\tx\ny"/>', '<a b="1" b="2"/>',
    '<a b="1" c="x&amp;" b="3"/>', '<a b="x&amp;" b="y"/>', "<a b='1' b=\"2\"/>",
    '<a c="1" b="&lt;" d=\'&gt;\'/>', '<a b="&amp"/>', '<a b="&#65"/>', '<a b="&#x;"/>',
    "<a><b>t</b></a>", "<a><p:b>t</p:b></a>", "<a xmlns:p='u'><p:b>t</p:b></a>",
    "<a><b xmlns='u'>t</b><b xmlns='u'>t</b></a>", "<a><b xmlns:p='u'>t</b></a>",
    "<a><b></b><b></b></a>", "<a><b>t</b ></a>", "<a><b>t</bb></a>", "<a><b>t</b></a></a>",
    "<a><b c='1'>t</b><b c='1'>t</b></a>", '<a><b c="1" d="2">t</b></a>',
    "<a><p:b xmlns:p='u' p:c='1'>t</p:b><p:b xmlns:p='u' p:c='1'>t</p:b></a>",
    "<a><p:b xmlns:p=''>t</p:b></a>", "<a><b xmlns:p='u' p:c='1' q:d='2'>t</b></a>",
    "<a><b>t&amp;</b></a>", "<a><b>t<c/></b></a>", "<b>t</b>", "<a><b>t</b>",
    "<a><!----></a>", "<a><!---x--></a>", "<a><!--<!-x--></a>", "<a><!--<!--x--></a>",
    "<a><!-- a -- b --></a>", "<a><!--->x--></a>", "<a><!-->x--></a>", "<a><!--a---></a>",
    "<a>x<!--c-->y</a>", "<a>x&amp;<!--c-->&lt;y</a>", "<a><!--c--!></a>", "<a><!--c",
    "<a><?t?></a>", "<a><?t d?></a>", "<a><?t  d d ?></a>", "<a><??></a>", "<a><?t d?x?></a>",
    "<a>x<?t?>y</a>", "<a><? t?></a>", "<a><?t\nd\n?></a>", "<a><?t d>e?></a>", "<a><?t",
    "<a>x<![CDATA[y]]>z</a>", "<a><![CDATA[]]></a>", "<a><![CDATA[x]]]></a>",
    "<a><![CDATA[x]y]]z]]></a>", "<a><![cdata[x]]></a>", "<a><![CDATA[x", "<a><![CDATA[x]]",
    "<a>&#65;&#x1F600;&amp;&notin;&notit;&</a>", "<a>x&#0;y&#128;z&#x110000;</a>",
    "<a>&lt;<b/>&gt;</a>", "<a>&amp;</a>&amp;", "<a>\r\n<b>\r</b></a>",
    # Stray "&" and "<" (the loops take them as the states do): runs,
    # mixed, before references, tags and sections, and at the end.
    "<a><<<<b/></a>", "<a>& & &amp; &</a>", "<a>&&&&</a>", "<a>&&#65;&&amp;</a>",
    "<a>x< y<\t<\n<:<><b/></a>", "<a>< < <b>t</b></a>", "<a>a & b &<</a>", "<a><<</a>",
    "<a>&<b/></a>", "<a>&amp;& x&y <b/>&z</a>", "<a><=></a>", "<a>a<", "<a>a&", "<a>&<",
    "<a><&", "<a><&amp;</a>", "<a>&<!--c--></a>", "<a>&<?p d?></a>", "<a><<!--c--></a>",
    "<a><</a></a>", "<a>&<![CDATA[x]]></a>", "<a>t & u &c; &#; &&#x; <1 </ <! <? <b/></a>",
    "& <a/>", "< <a/>", "<a/>& <", "<a/><< ",
]


@pytest.mark.parametrize("text", TRICKY)
def test_tricky(text):
    check(text)
    check_chunks(text, random.Random(text))
    for size in (1, 2, 5):
        cuts = list(range(size, len(text), size))
        assert _merged(tokens(text, True, cuts)) == _merged(tokens(text, False))


def test_shortcut_does_something():
    """The shortcut is taken (a regression guard for its speed)."""
    m = SCAN.match('text<a b="c" d=\'e\'>', 0)
    assert m.end() == 19 and m.group(2) == "a"
    assert SCAN.match("t</a >", 0).group(5) == "a"
    assert SCAN.match("t<a/>", 0).group(4) == "/"
    assert SCAN.match("t<a b=c>", 0).end() == 1
    assert SCAN.match("t<!--x-->", 0).end() == 1
    assert resolve_reference("&amp;", 0) == ("&", 5)
    assert resolve_reference("&#65;", 0) == ("A", 5)
    assert resolve_reference("&#0;", 0) is None
    assert resolve_reference("&not", 0) is None
    assert resolve_reference("&xyz;", 0) is None


def test_fast_paths_flag_per_instance():
    text = "<a b='c'>d&amp;e</a>"
    tokenizer = Tokenizer(text, inline_errors=True)
    tokenizer.fast_paths = False
    assert _items(list(tokenizer)) == tokens(text, True)[0]


# ----------------------------------------------------------------------
# Generated input

PIECES = st.sampled_from([
    "<a>", "</a>", "<b>", "</b>", "<p:a>", "</p:a>", "<a/>", "<a />", "</>", "<a b='c'>",
    '<a b="c" d="e"/>', '<a b="c" b="d">', "<a xmlns='u'>", "<a xmlns:p='u'>",
    "<b xmlns:p='v' p:c='1'>", "<b p:c='1' q:c='2'>", "<a xmlns:q='u'>", "<a xml:lang='x'>",
    "&amp;", "&lt;", "&#65;", "&#x41;", "&#0;", "&not", "&notit;", "&", "<!--c-->",
    "<?p d?>", "<![CDATA[x]]>", "<!DOCTYPE a>", "<", "</", "<a", "<a b='", "'", '"', "=",
    " ", "\n", "\r", "\t", "x", "yz", ":", "/", ">", "\x01", "\x00", "\ufdd0", "é",
    "\U0001f600", "<a b=c>", "<a b>", "<:a>", "</a b>", "<a :b='c'>"])


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=25), st.randoms(use_true_random=False))
def test_generated_pieces(pieces, rng):
    text = "".join(pieces)
    check(text)
    check_chunks(text, rng)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab:p<>/='\"&#;x1 \n\t!?-[]\x01\x00é")),
               max_size=40))
def test_generated_characters(text):
    check(text)


# ----------------------------------------------------------------------
# Real files: the 200-file sample, whole and corrupted the ways
# tests/test_xml_malformed.py corrupts them

CORPUS = sorted((Path(__file__).resolve().parent / "fixtures" / "xml-corpus" / "files").iterdir())


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_corpus_sample(path):
    text = path.read_bytes().decode("utf-8", "replace")
    assert tree(text, True) == tree(text, False)
    with fast_paths(True):
        fast = parse_xml(path.read_bytes())
    with fast_paths(False):
        slow = parse_xml(path.read_bytes())
    assert _shape(fast) == _shape(slow)
    assert [(e.code, e.offset) for e in fast.errors] == [(e.code, e.offset) for e in slow.errors]


@pytest.mark.parametrize("path", CORPUS[::4], ids=[p.name for p in CORPUS[::4]])
def test_corrupted_corpus_sample(path):
    from test_xml_malformed import CORRUPTIONS
    data = path.read_bytes()
    for corrupt in CORRUPTIONS:
        text = corrupt(data, random.Random(path.name + corrupt.__name__)).decode(
            "utf-8", "replace")
        assert tree(text, True) == tree(text, False), corrupt.__name__
        assert chunked_tree(text, True, 89) == chunked_tree(text, False, 89), corrupt.__name__


# ----------------------------------------------------------------------
# The benchmark documents

def _benchmark_module():
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "xml.py"
    spec = importlib.util.spec_from_file_location("markup5_xml_benchmark", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("kind", ["atom", "svg"])
def test_benchmark_documents(kind):
    bench = _benchmark_module()
    data = (bench.atom_feed(60) if kind == "atom" else bench.svg(300)).decode("utf-8")
    assert tokens(data, True) == tokens(data, False)
    assert tree(data, True) == tree(data, False)
    rng = random.Random(kind)
    cuts = sorted(rng.sample(range(len(data)), 40))
    assert _merged(tokens(data, True, cuts)) == _merged(tokens(data, False))
    assert chunked_tree(data, True, 997) == chunked_tree(data, False, 997)


# ----------------------------------------------------------------------
# Stray "&" and "<", comments and CDATA sections stay in the loops

@pytest.mark.parametrize("stray", ["<", "&", "< ", "& ", "<:", "&\t", "a & b < c "])
def test_the_loops_take_stray_characters(stray, monkeypatch):
    # Each of them left the loop for the states, and the data state set the
    # loop up again at the next character: a run of N entered it N times.
    entered = call_counter(monkeypatch, Tokenizer, "_data_shortcut")
    text = "<r>" + stray * 1000 + "<b>x</b></r>"
    for run in (lambda: tokens(text, True), lambda: tree(text, True)):
        entered[0] = 0
        run()
        assert entered[0] <= 3
    check(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("<!--x-->", ("x", 8, True)), ("<!---->", ("", 7, True)), ("<!---x-->", ("-x", 9, True)),
    ("<!--a-b<!-c-->", ("a-b<!-c", 14, True)), ("<![CDATA[]]>", ("", 12, False)),
    ("<![CDATA[a]b]]c]]]>", ("a]b]]c]", 19, False)), ("<!--x-->-->", ("x", 8, True)),
    # Left to the states: errors, no terminator yet, not a comment or CDATA.
    ("<!-->", None), ("<!--->", None), ("<!--->x-->", None), ("<!-->x-->", None),
    ("<!--a--->", None), ("<!--a--!>", None), ("<!--a-- -->", None), ("<!--a", None),
    ("<!--a--", None), ("<![CDATA[a]]", None), ("<![cdata[a]]>", None), ("<!DOCTYPE a>", None),
    ("<!-x-->", None),
])
def test_simple_section(text, expected):
    assert simple_section(text, 0) == expected
    assert simple_section("t" + text, 1) == (
        None if expected is None else (expected[0], expected[1] + 1, expected[2]))


def test_simple_sections_of_a_megabyte_are_one_node():
    # (The regex these replaced stepped through them a character at a time.)
    dashes = "x-" * (1 << 19) + "x"
    brackets = "x]" * (1 << 19)
    document = parse_xml(f"<r>&bogus;<!--{dashes}--><![CDATA[{brackets}]]></r>", fast_path=False)
    root = document.document_element
    assert [type(node) for node in root.children] == [Text, Comment, Text]
    assert root.children[1].data == dashes and root.children[2].data == brackets


@pytest.mark.parametrize(("text", "expected"), [
    ("& ", ""), ("&\t", ""), ("&\n", ""), ("&\x0c", ""), ("&<", ""), ("&&", ""),
    ("&a", None), ("&#", None), ("&;", None), ("&%", None), ("&", None),
    ("< ", "invalid-first-character-of-tag-name"), ("<<", "invalid-first-character-of-tag-name"),
    ("<>", "invalid-first-character-of-tag-name"), ("<:", "invalid-first-character-of-tag-name"),
    ("<\n", "invalid-first-character-of-tag-name"), ("<a", None), ("</", None), ("<!", None),
    ("<?", None), ("<&", None), ("<", None), ("x ", None),
])
def test_stray_character(text, expected):
    assert stray_character(text, 0, len(text)) == expected
    # The character after it not yet read: left to the states, which wait.
    assert stray_character(text, 0, 1) is None
