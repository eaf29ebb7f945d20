"""parse_xml's fast path (markup5.xml.fast_path): a document expat accepts
is built from expat's events, and must be exactly what the XML5 tokenizer
and tree builder give (``fast_path=False``): the same tree, errors and
encoding.  Checked on every xml5lib-tests input, the corpus sample, the
documents where the fast path must step aside, and generated documents."""

from __future__ import annotations

import codecs
import random
from pathlib import Path

import pytest

from markup5.xml import dump_xml_tree, parse_xml, serialize_xml
from markup5.xml.fast_path import AVAILABLE, build_with_expat

from xml5lib_fixtures import load_tokenizer_cases, load_tree_cases

pytestmark = pytest.mark.skipif(not AVAILABLE, reason="this Python has no pyexpat")

CORPUS = Path(__file__).parent / "fixtures" / "xml-corpus" / "files"


def outcome(document):
    # (The dump sorts attributes; the serialization keeps their order.)
    return (dump_xml_tree(document), serialize_xml(document),
            [(e.code, e.offset) for e in document.errors],
            document.encoding, document.encoding_confidence)


def assert_same(source, **options):
    fast = parse_xml(source, **options)
    slow = parse_xml(source, fast_path=False, **options)
    assert outcome(fast) == outcome(slow), source


# Every xml5lib-tests input, as str and as UTF-8 bytes, with both layouts.

TREE_INPUTS = sorted({case.data for case in load_tree_cases()})
TOKENIZER_INPUTS = sorted({case.input for case in load_tokenizer_cases()})


@pytest.mark.parametrize("keep", [True, False])
def test_tree_construction_inputs(keep):
    for data in TREE_INPUTS:
        assert_same(data, keep_xmlns_attributes=keep)
        assert_same(data.encode("utf-8", "surrogatepass"), keep_xmlns_attributes=keep)


def test_tokenizer_inputs():
    for data in TOKENIZER_INPUTS:
        assert_same(data)
        assert_same(data.encode("utf-8", "surrogatepass"))


def test_corpus_sample_takes_the_fast_path():
    taken = 0
    for path in sorted(CORPUS.iterdir()):
        data = path.read_bytes()
        assert_same(data)
        document = parse_xml(data, fast_path=False)
        if not document.errors and document.encoding == "UTF-8":
            text = data.decode("utf-8").removeprefix("\ufeff")
            if build_with_expat(text) is not None:
                taken += 1
    # Nearly every file of the sample (the rest have an internal subset,
    # entities from an external DTD, or another encoding).
    assert taken >= 150


# Where the fast path is taken, and where it must step aside.

TAKEN = [
    '<a/>',
    '<?xml version="1.0" encoding="utf-8"?>\n<a xmlns="urn:x" xmlns:p="urn:p" p:b="1" c="2">'
    '<p:d/>t&amp;&lt;&#x41;&#66;<![CDATA[<c>]]>u<!--c--><?pi  data ?></a>\n<!--after-->',
    '<!DOCTYPE a PUBLIC "-//x//y"  "a.dtd"><a>&amp;</a>',
    '<!DOCTYPE a><a/>',
    '<a b="x\ty\nz&#9;&#10;&#13;"/>',
    '<a>\r\n\rx</a>',
    '<a xml:lang="en"><b xmlns=""/></a>',
    '<a>\x80\x9f\ufdd0\U0001fffe</a>',
    '<template xmlns="http://www.w3.org/1999/xhtml"><b/></template>',
    '<a><template/></a>',
    '<a b="x :y">Note : <b c=":d"/></a>',  # (colons that start no name)
    '<a><?pi a?b??></a>',
]

STEPS_ASIDE = [
    '<!DOCTYPE a [<!ENTITY e "v">]><a>&e;</a>',
    '<!DOCTYPE a [<!ATTLIST a b CDATA "d">]><a/>',
    '<!DOCTYPE a SYSTEM "a.dtd"><a>&nbsp;</a>',
    '<!DOCTYPE a SYSTEM "a.dtd"><a b="&nbsp;"/>',
    '<a><p:b/></a>',
    '<a xmlns:p="urn:p" xmlns:q="urn:p" p:x="1" q:x="2"/>',
    '<a xmlns:xml="urn:other"/>',
    '<a>\ud800</a>',
    '\ufeff<a/>',
    '<a>\x00</a>',
    '<a>&nbsp;</a>',
    '<a></b>',
    '<a/><b/>',
    ' <?xml version="1.0"?><a/>',
    '<:a/>',
    '<a :b="1"/>',
    '<a\n:b="1"/>',
    '<html root="\n" :x="\r\n"/>',  # (found by the xml fuzz harness, seed 18)
    '<!DOCTYPE svg PUBLIC "-//W3C//EN"\n "http:/<a>/x.dtd">\n<svg/>',  # (seed 19)
    '<!DOCTYPE a SYSTEM "a>b"><a/>',
]


@pytest.mark.parametrize("source", TAKEN)
def test_taken(source):
    assert build_with_expat(source) is not None
    assert_same(source)
    assert_same(source.encode())
    assert_same(source, keep_xmlns_attributes=False)


@pytest.mark.parametrize("source", STEPS_ASIDE)
def test_steps_aside(source):
    assert build_with_expat(source) is None
    assert_same(source)
    assert_same(source.encode("utf-8", "surrogatepass"))


def test_names_bound_before_are_checked_for_a_leading_colon():
    # The fast path looks for a name that starts with ":" only among names
    # not bound before (a cache miss).  The XML5 tag attribute name after
    # state lets ":x" through (after a bare attribute), so the binding
    # cache must never hold such a name: '<m b="x" :x="1"/>' after
    # '<m b=x b :x="1"/>' (which has the same names, read by XML5) steps
    # aside, and the colon is dropped with an error, as on the XML5 path.
    assert parse_xml('<m b=x b :x="1"/>').children[0].attrs == {"b": "x", ":x": "1"}
    for source in ('<m b="x" :x="1"/>', '<r><m b="x" :x="1"/><m b="x" :x="1"/></r>'):
        assert build_with_expat(source) is None
        assert_same(source)


def test_declaring_tags_bound_before_come_from_the_cache(monkeypatch):
    # A tag that declares namespaces binds by the declarations' values:
    # the fast path finds it in the tree builder's cache of declaring tags
    # (keyed by those values) without binding it again, and a tag with the
    # same names but other values binds afresh.
    import markup5.xml.treebuilder as treebuilder

    first = '<r xmlns="urn:a" xmlns:p="urn:p" p:x="1"><p:c xmlns:q="urn:q" q:y="2"/></r>'
    other = '<r xmlns="urn:b" xmlns:p="urn:p" p:x="1"><p:c xmlns:q="urn:r" q:y="2"/></r>'
    assert_same(first)
    bound = []
    original = treebuilder.XmlTreeBuilder._element
    monkeypatch.setattr(treebuilder.XmlTreeBuilder, "_element",
                        lambda self, name, attrs: bound.append(name) or original(self, name, attrs))
    document = build_with_expat(first)
    assert bound == []
    root = document.children[0]
    assert root.namespace == "urn:a"
    assert root.attr_namespaces["p:x"] == "urn:p"
    assert root.children[0].namespace == "urn:p"
    assert root.children[0].attr_namespaces["q:y"] == "urn:q"
    document = build_with_expat(other)
    assert bound == ["r", "p:c"]
    assert document.children[0].namespace == "urn:b"
    assert document.children[0].children[0].attr_namespaces["q:y"] == "urn:r"
    monkeypatch.undo()
    for source in (first, other):
        assert_same(source)
        assert_same(source, keep_xmlns_attributes=False)


def test_declaring_tags_bound_before_are_checked_for_a_leading_colon():
    # The cache of declaring tags may hold a name that starts with ":" (the
    # XML5 path binds '<m xmlns:p="u" b=x b :x="1"/>' without a namespace
    # error); the fast path must still step aside for such a tag.
    assert parse_xml('<m xmlns:p="u" b=x b :x="1"/>').children[0].attrs == {
        "xmlns:p": "u", "b": "x", ":x": "1"}
    for source in ('<m xmlns:p="u" b="x" :x="1"/>', '<r><m xmlns:p="u" b="x" :x="1"/></r>'):
        assert build_with_expat(source) is None
        assert_same(source)


def test_only_with_xml10_compatible():
    # xml10_compatible=False is the xml5lib-tests behaviour, which differs
    # from XML 1.0 on well-formed input (the declaration is a PI node ...).
    source = '<?xml version="1.0"?><!DOCTYPE A><a>&#x80;</a>'
    fast = parse_xml(source, xml10_compatible=False)
    assert outcome(fast) == outcome(parse_xml(source, xml10_compatible=False, fast_path=False))
    assert outcome(fast) != outcome(parse_xml(source))


@pytest.mark.parametrize("codec, bom", [("utf-8", b""), ("utf-8", codecs.BOM_UTF8),
                                        ("utf-16-le", codecs.BOM_UTF16_LE),
                                        ("utf-16-be", codecs.BOM_UTF16_BE)])
def test_encodings(codec, bom):
    source = '<?xml version="1.0" encoding="%s"?><a b="\u00e9">\u4e2d\U0001f600</a>'
    for label in ("utf-8", "UTF-16", "iso-8859-1", "windows-1252", "bogus"):
        try:
            data = bom + (source % label).encode(codec)
        except UnicodeEncodeError:
            continue
        assert_same(data)
    assert_same(b'<?xml version="1.0" encoding="iso-8859-1"?><a>\xe9\x80</a>')
    assert_same(b'<a>\xff</a>')  # invalid UTF-8: an error, the XML5 way
    assert_same(b'<a>\xe9</a>', transport_encoding="latin1")


def test_bad_argument():
    with pytest.raises(TypeError, match="fast_path"):
        parse_xml("<a/>", fast_path="yes")


def test_deep_and_wide_documents():
    # expat does not recurse; nor does the builder.
    depth = 100_000
    document = parse_xml("<a>" * depth + "</a>" * depth)
    assert not document.errors
    node, levels = document.children[0], 1
    while node.children:
        node, levels = node.children[0], levels + 1
    assert levels == depth
    wide = "<r>" + "<a b='1'>x</a>" * 20_000 + "</r>"
    assert_same(wide)


def test_entity_expansion_never_happens_on_the_fast_path():
    # A "billion laughs" document: the fast path stops at the DOCTYPE,
    # before expat reads a declaration; the XML5 path expands the declared
    # entities under its own limits (markup5.xml.entities).
    laughs = ('<!DOCTYPE l [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
              '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;'
              '&c;&c;&c;">]><l>&d;</l>')
    assert build_with_expat(laughs) is None
    document = parse_xml(laughs)
    assert document.document_element.text_content == "lol" * 1000
    bounded = parse_xml(laughs, entity_expansion_threshold=0, max_entity_amplification=2.0)
    assert len(bounded.document_element.text_content) <= 2 * len(laughs)
    assert "entity-expansion-limit-exceeded" in [e.code for e in bounded.errors]
    assert_same(laughs)


# Generated documents: well-formed ones (the fast path) and near misses.

NAMES = ["a", "b", "p:a", "q:b", "xml:lang", "x.y", "_z", "\u00e9", "template", "svg", ":a", "a:",
         "p:a:b", "xmlns:"]
DECLARATIONS = [' xmlns="urn:d"', ' xmlns=""', ' xmlns:p="urn:p"', ' xmlns:q="urn:q"',
                ' xmlns:p="urn:q"', ' xmlns:q=""', ' xmlns:xml="http://www.w3.org/XML/1998/namespace"',
                ' xmlns="http://www.w3.org/1999/xhtml"']
TEXTS = ["t", " ", "\n", "\r\n", "\t", "&amp;", "&lt;&gt;", "&quot;&apos;", "&#65;", "&#x1F600;",
         "&#x80;", "&#1;", "&nbsp;", "&e;", "]]>", "]", ">", "\u00a0", "\ufeff", "\x85", "\x7f",
         "\ufdd0", "\ufffe", "\x0c", "\x00", "<![CDATA[x<y]]>", "<!--c-->", "<!--a--b-->",
         "<?pi d?>", "<?pi?>", "<?xml x?>", "<?pi a?b??>", "<?pi ?>", "\U0001fffe", "&#xD800;", "&#0;"]
VALUES = ["v", "", "a b", "a\tb", "a\nb", "&amp;", "&#9;&#10;&#13;", "<", "&nbsp;", "'", '"']


def _element(rng, depth):
    name = rng.choice(NAMES)
    attrs = []
    for _ in range(rng.choice((0, 0, 1, 2, 3))):
        if rng.random() < 0.3:
            attrs.append(rng.choice(DECLARATIONS))
        else:
            value = rng.choice(VALUES)
            quote = "'" if '"' in value else '"'
            attrs.append(f" {rng.choice(NAMES)}={quote}{value}{quote}")
    start = f"<{name}{''.join(attrs)}"
    if depth > 4 or rng.random() < 0.2:
        return start + "/>"
    content = []
    for _ in range(rng.randint(0, 4)):
        content.append(_element(rng, depth + 1) if rng.random() < 0.4 else rng.choice(TEXTS))
    end = name if rng.random() < 0.97 else rng.choice(NAMES)
    return f"{start}>{''.join(content)}</{end}>"


def _document(rng):
    prolog = rng.choice(["", '<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-8"?>\n',
                         "<!DOCTYPE a>", '<!DOCTYPE a SYSTEM "a.dtd">',
                         '<!DOCTYPE a PUBLIC " -//x  y// " "a.dtd">', "<!--c-->\n",
                         '<!DOCTYPE a SYSTEM "a>b">', "<!DOCTYPE a PUBLIC 'p' \"'>\">",
                         '<!DOCTYPE a [<!ENTITY e "v">]>', "<?pi x?>"])
    return prolog + _element(rng, 0) + rng.choice(["", "\n", "<!--end-->", "<?pi?>", "x", "<a/>"])


def test_generated_documents():
    rng = random.Random(20261123)
    taken = 0
    for _ in range(3000):
        source = _document(rng)
        if build_with_expat(source) is not None:
            taken += 1
        assert_same(source)
        if rng.random() < 0.3:
            assert_same(source, keep_xmlns_attributes=False)
        if rng.random() < 0.3:
            assert_same(source.encode("utf-8", "surrogatepass"))
    # Both ways are exercised.  (Fewer are taken since names such as "a:"
    # and "p:a:b" became namespace errors, which the fast path leaves to
    # the XML5 path: 264 of 3,000.)
    assert 200 < taken < 2700


# An expat older than 2.6.0 (no deferred reparsing) scans a token again from
# its start at every call that ends inside it, so the fast path feeds such
# an expat in slices and steps aside when a token outlasts a few of them.
# Here the slices are made short, so that the rule shows on small inputs.

@pytest.fixture
def rescanning_expat(monkeypatch):
    from markup5.xml import fast_path
    monkeypatch.setattr(fast_path, "_DEFERS_REPARSE", False)
    monkeypatch.setattr(fast_path, "_SLICE", 16)
    return fast_path


def test_rescanning_expat_keeps_the_fast_path_for_short_tokens(rescanning_expat):
    source = ("<r xmlns:p='urn:p'>" + "<p:a b='1'>x&amp;y<!--c--><?pi d?></p:a>\n" * 50
              + "<![CDATA[" + "z" * 200 + "]]>" + "t" * 500 + "</r>")
    # A token spanning fewer slices than the limit is still the fast path's.
    limit = rescanning_expat._STALLED_SLICES * rescanning_expat._SLICE
    near = "<r><!--" + "c" * (limit - 20) + "--></r>"
    for text in (source, near):
        assert len(text) > 2 * rescanning_expat._SLICE
        assert build_with_expat(text) is not None
        assert_same(text)


@pytest.mark.parametrize("long_token", [
    "<!--{0}-->", "<?pi {0}?>", "<a b='{0}'/>", "<a {0}='1'/>", "<{0}/>", "<a{0}>x</a{0}>",
])
def test_rescanning_expat_steps_aside_for_a_long_token(rescanning_expat, long_token):
    # A token of more than _STALLED_SLICES slices: the XML5 rules read it.
    # (The same document is the fast path's with an expat that defers.)
    filler = "x" * (rescanning_expat._SLICE * (rescanning_expat._STALLED_SLICES + 2))
    source = "<r>" + "<a/>" * 10 + long_token.format(filler) + "<a/>" * 10 + "</r>"
    assert build_with_expat(source) is None
    assert_same(source)
    rescanning_expat._DEFERS_REPARSE = True
    assert build_with_expat(source) is not None
