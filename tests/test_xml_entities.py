"""The internal subset applied: entities expanded, attribute defaults added
(markup5.xml.entities, the tokenizer's references, the tree builder).

Expected values come from the XML 1.0 text (fifth edition): Appendix D's
examples, §3.3.3's normalization table, the WFCs of §4.1 and §4.4.
"""

from __future__ import annotations

import pytest

import markup5
from markup5.xml import XmlParser, dump_xml_tree, serialize_xml


def codes(doc: markup5.Document) -> list[str]:
    return [error.code for error in doc.errors]


def parse(text: str, **options: object) -> markup5.Document:
    doc = markup5.parse_xml(text, **options)  # type: ignore[arg-type]
    slow = markup5.parse_xml(text, fast_path=False, **options)  # type: ignore[arg-type]
    assert dump_xml_tree(slow) == dump_xml_tree(doc)
    assert codes(slow) == codes(doc)
    # Fed one character at a time: the same tree and errors.
    parser = XmlParser(**options)  # type: ignore[arg-type]
    for c in text:
        parser.feed(c)
    fed = parser.close()
    assert dump_xml_tree(fed) == dump_xml_tree(doc)
    assert codes(fed) == codes(doc)
    return doc


def test_appendix_d_first_example() -> None:
    # XML 1.0 Appendix D: character references in the literal are expanded
    # when the entity is declared, so "&#38;#38;" is "&#38;" in the
    # replacement text, read again where the entity is referenced.
    doc = parse("""<!DOCTYPE test [
<!ENTITY example "<p>An ampersand (&#38;#38;) may be escaped
numerically (&#38;#38;#38;) or with a general entity
(&amp;amp;).</p>" >
]>
<test>&example;</test>""")
    assert codes(doc) == []
    test = doc.document_element
    assert [child.local_name for child in test.children] == ["p"]  # type: ignore[union-attr]
    assert test.text_content == ("An ampersand (&) may be escaped\nnumerically (&#38;) or "
                                 "with a general entity\n(&amp;).")


def test_appendix_d_second_example() -> None:
    # A parameter entity whose replacement text is a reference to another,
    # whose replacement text declares "tricky".
    doc = parse("""<?xml version='1.0'?>
<!DOCTYPE test [
<!ELEMENT test (#PCDATA) >
<!ENTITY % xx '&#37;zz;'>
<!ENTITY % zz '&#60;!ENTITY tricky "error-prone" >' >
%xx;
]>
<test>This sample shows a &tricky; method.</test>""")
    assert codes(doc) == []
    assert doc.document_element.text_content == "This sample shows a error-prone method."


SUBSET_333 = """<!DOCTYPE doc [
<!ENTITY d "&#xD;">
<!ENTITY a "&#xA;">
<!ENTITY da "&#xD;&#xA;">
<!ATTLIST doc c CDATA #IMPLIED n NMTOKENS #IMPLIED>
]>"""


@pytest.mark.parametrize(("value", "cdata", "nmtokens"), [
    # XML 1.0 §3.3.3's table (a literal newline in the first row).
    ("\n\nxyz", "  xyz", "xyz"),
    ("&d;&d;A&a;&#x20;&a;B&da;", "  A   B  ", "A B"),
    ("&#xd;&#xd;A&#xa;&#xa;B&#xd;&#xa;", "\r\rA\n\nB\r\n", "\r\rA\n\nB\r\n"),
])
def test_attribute_value_normalization(value: str, cdata: str, nmtokens: str) -> None:
    doc = parse(f'{SUBSET_333}<doc c="{value}" n="{value}"/>')
    assert codes(doc) == []
    assert doc.document_element.attrs == {"c": cdata, "n": nmtokens}


def test_declared_entity_beats_the_html_table() -> None:
    doc = parse('<!DOCTYPE a [<!ENTITY empty ""><!ENTITY rsqb "x">]><a>[&empty;&rsqb;]</a>')
    assert codes(doc) == []
    assert doc.document_element.text_content == "[x]"


def test_entities_in_attribute_values() -> None:
    doc = parse('<!DOCTYPE a [<!ENTITY e "1&lt;2 &f;"><!ENTITY f "three">]><a v="&e;!"/>')
    assert codes(doc) == []
    assert doc.document_element.attrs == {"v": "1<2 three!"}


def test_less_than_in_an_attribute_entity_is_an_error() -> None:
    # WFC: No < in Attribute Values ("&#60;" is a literal "<" in the
    # replacement text).
    doc = markup5.parse_xml('<!DOCTYPE a [<!ENTITY lt2 "&#60;">]><a v="&lt2;"/>')
    assert codes(doc) != []


def test_undeclared_entity() -> None:
    # WFC: Entity Declared: no DTD at all.  The name is still resolved the
    # HTML way, as before.
    doc = parse("<a>&nbsp;</a>")
    assert codes(doc) == ["undeclared-entity"]
    assert doc.document_element.text_content == "\xa0"
    # An external subset might declare it: not a well-formedness error.
    doc = parse('<!DOCTYPE a SYSTEM "a.dtd"><a>&nbsp;</a>')
    assert codes(doc) == []
    assert doc.document_element.text_content == "\xa0"
    # A name the HTML table does not know either is a skipped entity
    # (XML 1.0 §4.4.3): nothing, as expat and libxml2 give.
    doc = parse('<!DOCTYPE a SYSTEM "a.dtd"><a b="[&x.y;]">[&x.y;]</a>')
    assert codes(doc) == []
    assert doc.document_element.text_content == "[]"
    assert doc.document_element.attrs == {"b": "[]"}
    # So does a parameter entity reference that is not read.
    doc = parse('<!DOCTYPE a [<!ENTITY % e SYSTEM "e.ent">%e;]><a>[&x.y;]</a>')
    assert codes(doc) == []
    assert doc.document_element.text_content == "[]"
    # ... unless the document says it is standalone.
    doc = parse('<?xml version="1.0" standalone="yes"?><!DOCTYPE a SYSTEM "a.dtd">'
                '<a>&nbsp;</a>')
    assert codes(doc) == ["undeclared-entity"]
    # The five predefined names need no declaration.
    assert codes(parse("<a>&lt;&gt;&amp;&apos;&quot;</a>")) == []


def test_unescaped_ampersand() -> None:
    doc = parse("<doc>A & B</doc>")
    assert codes(doc) == ["unescaped-ampersand"]
    assert doc.document_element.text_content == "A & B"
    assert codes(parse('<doc a="A & B"/>')) == ["unescaped-ampersand"]
    # xml5lib-tests' rules (xml10_compatible=False) are unchanged.
    assert codes(markup5.parse_xml("<doc>A & B</doc>", xml10_compatible=False)) == []


def test_external_entities_are_never_read(tmp_path: object) -> None:
    import pathlib
    secret = pathlib.Path(str(tmp_path)) / "secret.txt"
    secret.write_text("SECRET")
    uri = secret.as_uri()
    doc = parse(f'<!DOCTYPE a [<!ENTITY e SYSTEM "{uri}"><!ENTITY p SYSTEM "{secret}">]>'
                "<a>[&e;&p;]</a>")
    assert doc.document_element.text_content == "[]"
    assert "SECRET" not in serialize_xml(doc)
    assert codes(doc) == []  # a non-validating processor may skip them


def test_reference_to_an_unparsed_entity() -> None:
    doc = parse('<!DOCTYPE a [<!NOTATION n SYSTEM "n"><!ENTITY u SYSTEM "u" NDATA n>]>'
                "<a>&u;</a>")
    assert "reference-to-unparsed-entity" in codes(doc)


def test_recursion_is_an_error() -> None:
    doc = parse('<!DOCTYPE a [<!ENTITY a "x&b;"><!ENTITY b "y&a;">]><a>&a;</a>')
    assert "recursive-entity-reference" in codes(doc)
    assert doc.document_element.text_content == "xy"


def test_unbalanced_markup_in_an_entity() -> None:
    doc = parse('<!DOCTYPE a [<!ENTITY e "<b>">]><a>&e;</a>')
    assert "unbalanced-markup-in-entity" in codes(doc)
    doc = parse('<!DOCTYPE a [<!ENTITY e "<b>t</b><c/>">]><a>&e;&e;</a>')
    assert codes(doc) == []
    assert serialize_xml(doc) == '<!DOCTYPE a><a><b>t</b><c/><b>t</b><c/></a>'


def test_billion_laughs_is_bounded() -> None:
    lols = "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10))
    text = f'<!DOCTYPE a [<!ENTITY lol0 "lol">{lols}]><a>&lol9;</a>'
    doc = markup5.parse_xml(text, entity_expansion_threshold=100_000)
    assert "entity-expansion-limit-exceeded" in codes(doc)
    assert len(doc.document_element.text_content) <= 100_000
    # Under the limits, the same entities expand in full.
    doc = markup5.parse_xml(f'<!DOCTYPE a [<!ENTITY lol0 "lol">{lols}]><a>&lol3;</a>')
    assert codes(doc) == []
    assert doc.document_element.text_content == "lol" * 1000


def test_quadratic_blowup_is_bounded() -> None:
    text = ('<!DOCTYPE a [<!ENTITY x "' + "x" * 10_000 + '">]><a>' + "&x;" * 10_000
            + "</a>")
    doc = markup5.parse_xml(text, entity_expansion_threshold=0)
    assert "entity-expansion-limit-exceeded" in codes(doc)
    assert len(doc.document_element.text_content) <= 100 * len(text)


def test_attribute_defaults() -> None:
    doc = parse('<!DOCTYPE doc [<!ATTLIST doc a CDATA "x" b CDATA #FIXED "y" c CDATA #IMPLIED'
                ' d CDATA #REQUIRED e (p|q) "q">]><doc d="1" a="given"/>')
    assert codes(doc) == []
    assert doc.document_element.attrs == {"d": "1", "a": "given", "b": "y", "e": "q"}


def test_a_defaulted_namespace_declaration_binds() -> None:
    doc = parse('<!DOCTYPE doc [<!ATTLIST doc xmlns CDATA #FIXED "urn:x">]><doc><c/></doc>')
    assert codes(doc) == []
    assert doc.document_element.namespace == "urn:x"
    assert doc.document_element.children[0].namespace == "urn:x"  # type: ignore[union-attr]


def test_process_dtd_false_reads_past_the_subset() -> None:
    text = '<!DOCTYPE a [<!ENTITY e "x"><!ATTLIST a b CDATA "y">]><a>&e;</a>'
    doc = parse(text, process_dtd=False)
    assert doc.document_element.attrs == {}
    assert doc.document_element.text_content == "&e;"
    doc = parse(text)
    assert doc.document_element.attrs == {"b": "y"}
    assert doc.document_element.text_content == "x"


@pytest.mark.parametrize(("options", "error"), [
    ({"process_dtd": 1}, TypeError),
    ({"max_entity_amplification": "100"}, TypeError),
    ({"max_entity_amplification": 0.5}, ValueError),
    ({"entity_expansion_threshold": 1.5}, TypeError),
    ({"entity_expansion_threshold": -1}, ValueError),
])
def test_bad_options(options: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        markup5.parse_xml("<a/>", **options)  # type: ignore[arg-type]
    with pytest.raises(error):
        XmlParser(**options)  # type: ignore[arg-type]


def test_the_parser_shows_the_dtd() -> None:
    parser = XmlParser()
    parser.feed('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>')
    parser.close()
    assert parser.dtd is not None
    assert parser.dtd.general_entities["e"].value == "x"
