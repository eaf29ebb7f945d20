"""parse_xml's XML 1.0 compatibility (``xml10_compatible``, the default).

Where xml5lib-tests follow HTML or the XML5 text reads less than XML 1.0,
parse_xml gives what an XML 1.0 parser gives on well-formed input.  Each
rule has a test here, checked against expat where expat has an opinion,
and against the xml5lib-tests behaviour with ``xml10_compatible=False``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from markup5.dom import DocumentType, ProcessingInstruction
from markup5.xml import Tokenizer, XmlParser, parse_xml
from markup5.xml.tokens import Characters, Doctype, StartTag


def codes(document) -> list[str]:
    return [error.code for error in document.errors]


# The XML declaration -------------------------------------------------------

def test_xml_declaration_is_not_a_node():
    document = parse_xml('<?xml version="1.0" encoding="utf-8"?><a/>')
    assert [type(n).__name__ for n in document.children] == ["Element"]
    assert codes(document) == []


def test_xml_declaration_is_a_pi_in_xml5lib_mode():
    document = parse_xml('<?xml version="1.0"?><a/>', xml10_compatible=False)
    pi = document.children[0]
    assert isinstance(pi, ProcessingInstruction)
    assert (pi.target, pi.data) == ("xml", 'version="1.0"')


def test_xml_pi_after_whitespace_is_not_the_declaration():
    document = parse_xml(' <?xml version="1.0"?><a/>')
    assert isinstance(document.children[0], ProcessingInstruction)


def test_xml_declaration_after_bom():
    document = parse_xml('\ufeff<?xml version="1.0"?><a/>'.encode("utf-8"))
    assert [type(n).__name__ for n in document.children] == ["Element"]


def test_xml_declaration_incremental():
    parser = XmlParser()
    parser.feed("<?xm")
    parser.feed('l version="1.0"?><a>x</a>')
    document = parser.close()
    assert [type(n).__name__ for n in document.children] == ["Element"]
    assert parser.builder.xml_declaration == 'version="1.0"'


# DOCTYPE ---------------------------------------------------------------------

def test_doctype_name_keeps_its_case():
    document = parse_xml('<!DOCTYPE Configure PUBLIC "-//J//C//EN" "c.dtd"><Configure/>')
    doctype = document.children[0]
    assert isinstance(doctype, DocumentType)
    assert (doctype.name, doctype.public_id, doctype.system_id) == ("Configure", "-//J//C//EN",
                                                                    "c.dtd")
    assert codes(document) == []


def test_doctype_name_lowercased_in_xml5lib_mode():
    assert list(Tokenizer("<!DOCTYPE Configure>")) == [Doctype("configure")]


def test_public_identifier_whitespace_normalized():
    text = '<!DOCTYPE rss PUBLIC " - //N  C//DTD\tRSS//EN " "r.dtd"><rss/>'
    doctype = parse_xml(text).children[0]
    assert doctype.public_id == "- //N C//DTD RSS//EN"


INTERNAL_SUBSETS = [
    '<!DOCTYPE svg [<!ENTITY ns "http://www.w3.org/2000/svg">]><svg/>',
    '<!DOCTYPE svg[<!ENTITY ns "x">]><svg/>',
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "s.dtd" [\n'
    '  <!ENTITY a "x > y">\n  <!ATTLIST svg v CDATA \'1>2\'>\n'
    '  <!-- a comment with ] and > -->\n  <?pi ] > ?>\n  <!ELEMENT svg ANY>\n'
    # (The parameter entity's text must itself be declarations, WFC: PE
    # Between Declarations, which markup5.xml.dtd checks.)
    '  <!ENTITY % pe "<!-- q -->">\n  %pe;\n] >\n<svg/>',
]


@pytest.mark.parametrize("text", INTERNAL_SUBSETS)
def test_internal_subset_is_read_past(text):
    document = parse_xml(text)
    assert codes(document) == []
    kinds = [type(n).__name__ for n in document.children]
    assert kinds == ["DocumentType", "Element"]
    assert document.children[0].name == "svg"
    expat_root = ET.fromstring(text)
    assert document.children[1].local_name == expat_root.tag.rpartition("}")[2]


def test_internal_subset_system_identifier_kept():
    doctype = parse_xml(INTERNAL_SUBSETS[2]).children[0]
    assert (doctype.public_id, doctype.system_id) == ("-//W3C//DTD SVG 1.1//EN", "s.dtd")


def test_internal_subset_in_xml5lib_mode_is_a_bogus_doctype():
    document = parse_xml(INTERNAL_SUBSETS[0], xml10_compatible=False)
    assert "invalid-character-sequence-after-doctype-name" in codes(document)


def test_internal_subset_missing_its_end():
    document = parse_xml('<!DOCTYPE a [ <!ENTITY x "y"> <a>text</a>')
    assert codes(document) == ["missing-end-of-doctype-internal-subset"]
    assert document.document_element.text_content == "text"


def test_internal_subset_junk_after_the_bracket():
    document = parse_xml("<!DOCTYPE a [] x><a/>")
    assert codes(document) == ["unexpected-character-after-doctype-internal-subset"]
    assert document.document_element.local_name == "a"


@pytest.mark.parametrize("text", ["<!DOCTYPE a [", '<!DOCTYPE a [<!ENTITY x "', "<!DOCTYPE a [<!--",
                                  "<!DOCTYPE a [<?p", "<!DOCTYPE a []", "<!DOCTYPE a [<!X"])
def test_internal_subset_eof(text):
    tokenizer = Tokenizer(text, xml10_compatible=True)
    tokenizer.process_dtd = False  # (the states alone; markup5.xml.dtd reports its own errors)
    assert list(tokenizer) == [Doctype("a")]
    assert [e.code for e in tokenizer.errors] == ["eof-in-doctype"]


@pytest.mark.parametrize("text", INTERNAL_SUBSETS + ["<!DOCTYPE a [ <!-- x --> ]><a/>"])
def test_internal_subset_any_split(text):
    whole = Tokenizer(text, xml10_compatible=True)
    expected = (list(whole), [(e.code, e.offset) for e in whole.errors])
    for cut in range(1, len(text)):
        tokenizer = Tokenizer(xml10_compatible=True)
        tokens = tokenizer.feed(text[:cut]) + tokenizer.feed(text[cut:]) + tokenizer.close()
        joined = []
        for token in tokens:
            if joined and type(token) is Characters and type(joined[-1]) is Characters:
                joined[-1] = Characters(joined[-1].data + token.data)
            else:
                joined.append(token)
        assert (joined, [(e.code, e.offset) for e in tokenizer.errors]) == expected, cut


# Character references and controls ------------------------------------------

@pytest.mark.parametrize("reference, char", [
    ("&#x80;", "\x80"), ("&#150;", "\x96"), ("&#13;", "\r"), ("&#xD;", "\r"),
    ("&#127;", "\x7f"), ("&#xFDD0;", "\ufdd0"), ("&#x1FFFE;", "\U0001fffe"),
])
def test_numeric_reference_to_an_xml_character(reference, char):
    text = f"<a>{reference}</a>"
    document = parse_xml(text)
    assert document.document_element.text_content == char == ET.fromstring(text).text
    assert codes(document) == []


@pytest.mark.parametrize("reference, code", [
    ("&#1;", "control-character-reference"), ("&#xFFFE;", "noncharacter-character-reference"),
    ("&#0;", "null-character-reference"), ("&#xD800;", "surrogate-character-reference"),
])
def test_numeric_reference_outside_xml_still_an_error(reference, code):
    assert codes(parse_xml(f"<a>{reference}</a>")) == [code]


def test_c1_reference_maps_through_windows_1252_in_xml5lib_mode():
    document = parse_xml("<a>&#x80;</a>", xml10_compatible=False)
    assert document.document_element.text_content == "\u20ac"
    assert codes(document) == ["control-character-reference"]


@pytest.mark.parametrize("char", ["\x7f", "\x85", "\x9f", "\ufdd0", "\U0001fffe"])
def test_xml_characters_are_not_errors(char):
    document = parse_xml(f"<a t='{char}'>{char}<!--{char}--></a>")
    assert codes(document) == []
    assert parse_xml(f"<a>{char}</a>", xml10_compatible=False).errors


@pytest.mark.parametrize("char", ["\x01", "\x1f", "\ufffe"])
def test_characters_outside_xml_still_errors(char):
    assert codes(parse_xml(f"<a>{char}</a>"))


# Attribute-value normalization ----------------------------------------------

@pytest.mark.parametrize("text", [
    '<a v="x\ny\tz"/>',              # the shortcut
    '<a v="x\r\ny\rz"/>',            # newlines normalized first
    '<a v="x\n&amp;\ty"/>',          # the states (a reference)
    "<a v='a\n\nb' w=\"1\"\n x='\t'/>",
    '<a v="&#10;&#9;&#13; \n"/>',     # references are not normalized
    '<a\n  v="1\n2"\n  w="3"/>',
])
def test_attribute_value_normalization(text):
    element = parse_xml(text).document_element
    assert element.attrs == ET.fromstring(text).attrib


def test_no_attribute_value_normalization_in_xml5lib_mode():
    tokens = list(Tokenizer('<a v="x\ny">'))
    assert tokens == [StartTag("a", {"v": "x\ny"})]


# Processing instructions: only "?>" ends one --------------------------------

PI_DATA = ["a?b", "?", "a?b?", "a ? b", "?x", "x?"]


@pytest.mark.parametrize("data", PI_DATA)
def test_question_mark_in_pi_data(data):
    source = f"<a><?pi {data}?>t</a>"
    expat_data = []
    parser = __import__("xml.parsers.expat", fromlist=["expat"]).ParserCreate()
    parser.ProcessingInstructionHandler = lambda target, value: expat_data.append(value)
    parser.Parse(source, True)
    assert expat_data == [data]
    for fast_path in (True, False):
        document = parse_xml(source, fast_path=fast_path)
        pi = document.children[0].children[0]
        assert isinstance(pi, ProcessingInstruction)
        assert (pi.target, pi.data) == ("pi", data)
        assert document.children[0].children[1].data == "t"
        assert codes(document) == []
    fed = XmlParser()
    for character in source:
        fed.feed(character)
    assert fed.close().children[0].children[0].data == data


def test_question_mark_in_pi_data_in_xml5lib_mode():
    # xml5ever's pi after state: "?" is dropped and the next ">" ends it.
    document = parse_xml("<a><?pi a?b>c?></a>", xml10_compatible=False)
    assert document.children[0].children[0].data == "ab"


@pytest.mark.parametrize(("text", "data"), [
    # XML 1.0 [15] Comment: these are comments whose data starts with ">"
    # or "->", not HTML's abruptly closed empty comments.
    ("<a><!-->--></a>", ">"),
    ("<a><!--->x--></a>", "->x"),
    ("<a><!----></a>", ""),
])
def test_xml10_comment_starts(text, data):
    for fast in (True, False):
        document = parse_xml(text, fast_path=fast)
        assert codes(document) == []
        assert document.document_element.children[0].data == data
    # xml5lib-tests' rules are unchanged.
    assert "abrupt-closing-of-empty-comment" in codes(parse_xml(text, xml10_compatible=False)) \
        or data == ""


@pytest.mark.parametrize("version", ["2.0", "1", "1.x", "01.0"])
def test_xml_declaration_version_on_both_paths(version):
    text = f'<?xml version="{version}"?><a/>'
    assert codes(parse_xml(text)) == codes(parse_xml(text, fast_path=False)) \
        == ["invalid-version-in-xml-declaration"]
