"""markup5.xml.dtd: the internal subset (XML 1.0 fifth edition §2.8-§4).

Expected values come from the examples and productions of XML 1.0 (fifth
edition); where lxml (libxml2) is the peer, it is asked directly.
"""

from __future__ import annotations

import random

import pytest

from markup5.xml.dtd import (
    AttributeDefinition,
    Dtd,
    ExpansionBudget,
    parse_internal_subset,
)


def codes(text: str, **kwargs: object) -> list[str]:
    return [code for code, _ in parse_internal_subset(text, **kwargs).errors]  # type: ignore[arg-type]


def general(text: str, name: str) -> str | None:
    dtd = parse_internal_subset(text)
    return dtd.general_entities[name].value


def default(text: str, element: str = "e", attribute: str = "a", **kwargs: object) -> str | None:
    dtd = parse_internal_subset(text, **kwargs)  # type: ignore[arg-type]
    return dtd.attribute_lists[element][attribute].value


# ---------------------------------------------------------------------------
# ExpansionBudget


def test_budget_allows_up_to_the_activation_threshold() -> None:
    budget = ExpansionBudget(10, max_amplification=2.0, activation_threshold=100)
    assert budget.charge(90)  # 10 + 90 = 100: not above the threshold
    assert budget.expanded == 90
    assert not budget.charge(1)
    assert budget.exceeded
    assert budget.expanded == 90  # the refused characters are not counted
    assert not budget.charge(0)  # refused for good


def test_budget_allows_up_to_the_amplification() -> None:
    budget = ExpansionBudget(1000, max_amplification=3.0, activation_threshold=0)
    assert budget.charge(2000)  # 3000 = 3 x 1000
    assert not budget.charge(1)
    budget = ExpansionBudget(1000, max_amplification=3.0, activation_threshold=0)
    budget.direct += 1000  # more input read: more expansion allowed
    assert budget.charge(4000)


def test_budget_defaults_follow_expat() -> None:
    budget = ExpansionBudget()
    assert budget.direct == 0 and budget.expanded == 0 and not budget.exceeded
    assert budget.charge(8 * 1024 * 1024)
    assert not budget.charge(1)


@pytest.mark.parametrize("kwargs, error", [
    ({"direct": "1"}, TypeError),
    ({"direct": True}, TypeError),
    ({"direct": -1}, ValueError),
    ({"max_amplification": "2"}, TypeError),
    ({"max_amplification": 0.5}, ValueError),
    ({"max_amplification": float("nan")}, ValueError),
    ({"activation_threshold": 1.5}, TypeError),
    ({"activation_threshold": -1}, ValueError),
])
def test_budget_rejects_bad_arguments(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        ExpansionBudget(**kwargs)  # type: ignore[arg-type]


def test_parse_internal_subset_rejects_bad_arguments() -> None:
    with pytest.raises(TypeError):
        parse_internal_subset(b"<!ENTITY a 'b'>")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse_internal_subset("", offset="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        parse_internal_subset("", offset=-1)
    with pytest.raises(TypeError):
        parse_internal_subset("", budget=100)  # type: ignore[arg-type]
    dtd = parse_internal_subset("")
    with pytest.raises(TypeError):
        dtd.expand_in_attribute_value(1, ExpansionBudget())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        dtd.expand_in_attribute_value("a", None)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# [28b] intSubset, offsets, recovery


def test_empty_and_whitespace_subsets() -> None:
    for text in ("", " \t\r\n "):
        dtd = parse_internal_subset(text)
        assert dtd.errors == [] and dtd.complete and dtd.undeclared_entity_is_error
        assert dtd.general_entities == {} and dtd.attribute_lists == {}


def test_errors_carry_document_offsets() -> None:
    # "<!ENTITY a"x">": the missing S is at index 10 of the subset.
    dtd = parse_internal_subset('<!ENTITY a"x">', offset=100)
    assert dtd.errors == [("missing-whitespace-in-declaration", 110)]


def test_recovery_skips_to_the_end_of_the_declaration_outside_literals() -> None:
    dtd = parse_internal_subset('<!ENTITY a SYSTEM "x>y" JUNK> <!ENTITY b "ok">')
    assert [code for code, _ in dtd.errors] == ["unexpected-character-in-declaration"]
    assert dtd.general_entities["b"].value == "ok"
    assert "a" not in dtd.general_entities


def test_text_between_declarations_is_an_error() -> None:
    dtd = parse_internal_subset('hello <!ENTITY a "x"> ]')
    assert [code for code, _ in dtd.errors] == ["unexpected-character-in-internal-subset"] * 2
    assert dtd.errors[0][1] == 0
    assert dtd.general_entities["a"].value == "x"


@pytest.mark.parametrize("text", [
    "<!element e ANY>",  # keywords are case-sensitive
    "<!ENTITYa 'x'>",
    "<!DOCTYPE a>",
    "<!>",
    "<x>",
])
def test_unknown_markup_declarations(text: str) -> None:
    assert codes(text) == ["invalid-markup-declaration"]


def test_eof_inside_a_declaration() -> None:
    assert codes("<!ELEMENT e (a,b)") == ["eof-in-markup-declaration"]
    assert codes('<!ENTITY e "abc') == ["unterminated-literal"]


# ---------------------------------------------------------------------------
# [15] Comment and [16] PI


@pytest.mark.parametrize("text", ["<!---->", "<!-- a - b -->", "<!--->-->", "<!-- <!ENTITY x 'y'> -->"])
def test_comments(text: str) -> None:
    dtd = parse_internal_subset(text)
    assert dtd.errors == [] and dtd.general_entities == {}


@pytest.mark.parametrize("text, expected", [
    ("<!-- a -- b -->", ["double-hyphen-in-comment"]),
    ("<!-- a --->", ["double-hyphen-in-comment"]),
    ("<!-- a", ["eof-in-comment"]),
    ("<!-- \x01 -->", ["invalid-character"]),
])
def test_comment_errors(text: str, expected: list[str]) -> None:
    assert codes(text) == expected


@pytest.mark.parametrize("text", ["<?pi?>", "<?pi data?>", "<?xml-stylesheet href='a'?>",
                                  "<?pi \n ?? > <x> ?>", "<?xmlfoo?>"])
def test_processing_instructions(text: str) -> None:
    assert codes(text) == []


@pytest.mark.parametrize("text, expected", [
    # [17] PITarget ::= Name - (('X' | 'x') ('M' | 'm') ('L' | 'l'))
    ('<?xml version="1.0"?>', ["reserved-processing-instruction-target"]),
    ("<?XmL?>", ["reserved-processing-instruction-target"]),
    ("<??>", ["invalid-processing-instruction-target"]),
    ("<? pi?>", ["invalid-processing-instruction-target"]),
    ("<?pi+data?>", ["missing-whitespace-after-processing-instruction-target"]),
    ("<?pi data", ["eof-in-processing-instruction"]),
    ("<?pi \x0c?>", ["invalid-character"]),
    ("<?a:b?>", ["colon-in-processing-instruction-target"]),  # Namespaces §7
])
def test_processing_instruction_errors(text: str, expected: list[str]) -> None:
    assert codes(text) == expected


# ---------------------------------------------------------------------------
# Names ([4], [4a], [5], [7])


@pytest.mark.parametrize("name", ["a", "_a", ":a", "a-1.b", "a\xb7", "\xc0", "\u0370x", "\u037f",
                                  "\u200c", "\u2070", "\u3001", "\uf900", "\U00010000",
                                  "a\u0300", "a\u203f"])
def test_names(name: str) -> None:
    dtd = parse_internal_subset(f"<!ELEMENT {name} ANY>")
    assert dtd.errors == [] and name in dtd.elements


@pytest.mark.parametrize("name", ["1a", "-a", ".a", "\xb7a", "\u0300a", "\xd7", "\xf7", "\u037e",
                                  "\u2000", "\u203f", "\ufffe", "\U000f0000"])
def test_not_names(name: str) -> None:
    assert codes(f"<!ELEMENT {name} ANY>") == ["invalid-name"]


def test_nmtokens_may_start_with_any_name_character() -> None:
    dtd = parse_internal_subset("<!ATTLIST e a (1|-x|.y|\xb7) #IMPLIED>")
    assert dtd.errors == []
    assert dtd.attribute_lists["e"]["a"].values == ("1", "-x", ".y", "\xb7")
    assert codes("<!ATTLIST e a (a b) #IMPLIED>") == ["invalid-attribute-type"]
    assert codes("<!ATTLIST e a (a|) #IMPLIED>") == ["invalid-attribute-type"]
    assert codes("<!ATTLIST e a () #IMPLIED>") == ["invalid-attribute-type"]


# ---------------------------------------------------------------------------
# [45] elementdecl


@pytest.mark.parametrize("spec, content", [
    ("EMPTY", "EMPTY"),
    ("ANY", "ANY"),
    ("(#PCDATA)", "(#PCDATA)"),
    ("( #PCDATA )*", "(#PCDATA)*"),
    ("(#PCDATA|a|b)*", "(#PCDATA|a|b)*"),
    ("( #PCDATA | a | b )*", "(#PCDATA|a|b)*"),
    ("(a)", "(a)"),
    ("(a)+", "(a)+"),
    ("(a, b?, (c | d)*, e+)", "(a,b?,(c|d)*,e+)"),
    ("(a|b|c)", "(a|b|c)"),
    ("((a))", "((a))"),
    ("(\n a ,\tb\r)", "(a,b)"),
])
def test_element_declarations(spec: str, content: str) -> None:
    dtd = parse_internal_subset(f"<!ELEMENT e {spec}>", offset=5)
    assert dtd.errors == []
    declaration = dtd.elements["e"]
    assert (declaration.name, declaration.content, declaration.offset) == ("e", content, 5)


@pytest.mark.parametrize("spec, code", [
    ("empty", "invalid-content-model"),
    ("#PCDATA", "invalid-content-model"),
    ("()", "invalid-content-model"),
    ("(a|)", "invalid-content-model"),
    ("(a,)", "invalid-content-model"),
    ("(a b)", "invalid-content-model"),
    ("(a|b,c)", "mixed-separators-in-content-model"),  # [49] choice / [50] seq
    ("(a,b|c)", "mixed-separators-in-content-model"),
    ("(#PCDATA|a)", "missing-asterisk-after-mixed-content"),  # [51] Mixed
    ("(#PCDATA|a) *", "missing-asterisk-after-mixed-content"),
    ("(#PCDATA|a)+", "missing-asterisk-after-mixed-content"),
    ("(#PCDATA)+", "unexpected-character-in-declaration"),
    ("(#PCDATA,a)*", "invalid-content-model"),
    ("(#PCDATA|(a|b))*", "invalid-content-model"),
    ("(a|#PCDATA)*", "misplaced-pcdata-in-content-model"),
    ("((#PCDATA))", "misplaced-pcdata-in-content-model"),
    ("(a)?+", "unexpected-character-in-declaration"),
    ("ANY EMPTY", "unexpected-character-in-declaration"),
])
def test_bad_content_models(spec: str, code: str) -> None:
    dtd = parse_internal_subset(f"<!ELEMENT e {spec}>")
    assert [c for c, _ in dtd.errors] == [code]
    assert "e" not in dtd.elements


def test_element_declaration_whitespace() -> None:
    assert codes("<!ELEMENT e(a)>") == ["missing-whitespace-in-declaration"]
    assert codes("<!ELEMENTe ANY>") == ["invalid-markup-declaration"]
    assert codes("<!ELEMENT e ANY   >") == []


def test_first_element_declaration_is_kept() -> None:
    # A second declaration is a validity error only (VC: Unique Element Type Declaration).
    dtd = parse_internal_subset("<!ELEMENT e EMPTY><!ELEMENT e ANY>")
    assert dtd.errors == [] and dtd.elements["e"].content == "EMPTY"


def test_deeply_nested_content_model() -> None:
    depth = 100_000
    dtd = parse_internal_subset("<!ELEMENT e " + "(" * depth + "a" + ")" * depth + ">")
    assert dtd.errors == []
    assert len(dtd.elements["e"].content) == 2 * depth + 1
    assert codes("<!ELEMENT e " + "(" * depth + "a>") == ["invalid-content-model"]


# ---------------------------------------------------------------------------
# [52] AttlistDecl


def test_attribute_types_and_defaults() -> None:
    dtd = parse_internal_subset("""<!ATTLIST e
        c CDATA #IMPLIED
        i ID #REQUIRED
        r IDREF #IMPLIED
        rs IDREFS #IMPLIED
        en ENTITY #IMPLIED
        ens ENTITIES #IMPLIED
        n NMTOKEN " x "
        ns NMTOKENS #FIXED "  x   y "
        no NOTATION ( a | b ) "a"
        en2 ( x|y ) 'y'
    >""", offset=3)
    assert dtd.errors == []
    table = {name: (d.type, d.values, d.default, d.value)
             for name, d in dtd.attribute_lists["e"].items()}
    assert table == {
        "c": ("CDATA", (), "#IMPLIED", None),
        "i": ("ID", (), "#REQUIRED", None),
        "r": ("IDREF", (), "#IMPLIED", None),
        "rs": ("IDREFS", (), "#IMPLIED", None),
        "en": ("ENTITY", (), "#IMPLIED", None),
        "ens": ("ENTITIES", (), "#IMPLIED", None),
        "n": ("NMTOKEN", (), "", "x"),
        "ns": ("NMTOKENS", (), "#FIXED", "x y"),
        "no": ("NOTATION", ("a", "b"), "", "a"),
        "en2": ("ENUMERATION", ("x", "y"), "", "y"),
    }
    definition = dtd.attribute_lists["e"]["c"]
    assert isinstance(definition, AttributeDefinition)
    assert (definition.element, definition.name, definition.offset) == ("e", "c", 3)


@pytest.mark.parametrize("text, code", [
    ("<!ATTLIST e a cdata #IMPLIED>", "invalid-attribute-type"),
    ("<!ATTLIST e a IDS #IMPLIED>", "invalid-attribute-type"),
    ("<!ATTLIST e a NOTATION(x) #IMPLIED>", "missing-whitespace-in-declaration"),
    ("<!ATTLIST e a NOTATION x #IMPLIED>", "invalid-attribute-type"),
    ("<!ATTLIST e a NOTATION (1) #IMPLIED>", "invalid-attribute-type"),  # Name, not Nmtoken
    ("<!ATTLIST e a CDATA>", "missing-whitespace-in-declaration"),
    ("<!ATTLIST e a CDATA #DEFAULT>", "invalid-default-declaration"),
    ("<!ATTLIST e a CDATA #REQUIRED 'x'>", "invalid-name"),
    ("<!ATTLIST e a CDATA #FIXED>", "missing-whitespace-in-declaration"),
    ("<!ATTLIST e a CDATA #FIXED'x'>", "missing-whitespace-in-declaration"),
    ("<!ATTLIST e a CDATA x>", "missing-quote-before-literal"),
    ("<!ATTLIST e a CDATA 'x'b CDATA 'y'>", "missing-whitespace-in-declaration"),
    ("<!ATTLIST e aCDATA 'x'>", "invalid-attribute-type"),  # the name is aCDATA
    ("<!ATTLIST e a CDATA #IMPLIEDb CDATA #IMPLIED>", "invalid-default-declaration"),
    ("<!ATTLIST>", "missing-whitespace-in-declaration"),
])
def test_bad_attribute_lists(text: str, code: str) -> None:
    assert codes(text) == [code]


def test_attribute_list_without_definitions() -> None:
    dtd = parse_internal_subset("<!ATTLIST e>")
    assert dtd.errors == [] and dtd.attribute_lists["e"] == {}


def test_first_attribute_definition_wins_and_lists_merge() -> None:
    # §3.3: "When more than one AttlistDecl is provided for a given element
    # type, the contents of all those provided are merged.  When more than
    # one definition is provided for the same attribute of a given element
    # type, the first declaration is binding and later declarations are
    # ignored."
    dtd = parse_internal_subset("<!ATTLIST e a CDATA '1' a CDATA '2'>"
                                "<!ATTLIST e b CDATA '3' a CDATA '4'>")
    assert dtd.errors == []
    assert {n: d.value for n, d in dtd.attribute_lists["e"].items()} == {"a": "1", "b": "3"}


def test_attribute_value_normalization_example() -> None:
    # The example of §3.3.3, with the declarations it gives.
    decls = '<!ENTITY d "&#xD;"><!ENTITY a "&#xA;"><!ENTITY da "&#xD;&#xA;">'
    rows = [
        ("\n\nxyz", "  xyz", "xyz"),
        ("&d;&d;A&a;&#x20;&a;B&da;", "  A   B  ", "A B"),
        ("&#xd;&#xd;A&#xa;&#xa;B&#xd;&#xa;", "\r\rA\n\nB\r\n", "\r\rA\n\nB\r\n"),
    ]
    for raw, cdata, nmtokens in rows:
        dtd = parse_internal_subset(decls + f'<!ATTLIST e c CDATA "{raw}" n NMTOKENS "{raw}">')
        assert dtd.errors == []
        assert dtd.attribute_lists["e"]["c"].value == cdata
        assert dtd.attribute_lists["e"]["n"].value == nmtokens


def test_default_values_expand_references() -> None:
    decls = "<!ENTITY x 'X&y;'><!ENTITY y 'Y&#9;'>"
    assert default(decls + "<!ATTLIST e a CDATA '[&x;]'>") == "[XY ]"
    # The predefined entities: lt and amp are doubly escaped (§4.6), so
    # both give their character with no error.
    assert default("<!ATTLIST e a CDATA '&lt;&gt;&amp;&apos;&quot;'>") == "<>&'\""
    assert default("<!ATTLIST e a CDATA '&#60;&#x26;'>") == "<&"


@pytest.mark.parametrize("text, code, value", [
    # WFC: No < in Attribute Values: in the literal ...
    ("<!ATTLIST e a CDATA 'a<b'>", "less-than-sign-in-attribute-value", "a<b"),
    # ... or in the replacement text of an entity referred to.
    ("<!ENTITY x 'a<b'><!ATTLIST e a CDATA '&x;'>", "less-than-sign-in-attribute-value", "a<b"),
    ("<!ENTITY x '&#60;'><!ATTLIST e a CDATA '&x;'>", "less-than-sign-in-attribute-value", "<"),
    ("<!ATTLIST e a CDATA 'a&b'>", "unescaped-ampersand", "a&b"),
    ("<!ATTLIST e a CDATA 'a&#0;b'>", "invalid-character-reference", "ab"),
    ("<!ATTLIST e a CDATA 'a\x00b'>", "invalid-character", "a\x00b"),
    # WFC: No External Entity References.
    ("<!ENTITY x SYSTEM 'x.xml'><!ATTLIST e a CDATA '[&x;]'>",
     "external-entity-reference-in-attribute-value", "[]"),
    # WFC: Parsed Entity.
    ("<!NOTATION n SYSTEM 'n'><!ENTITY x SYSTEM 'x' NDATA n><!ATTLIST e a CDATA '[&x;]'>",
     "reference-to-unparsed-entity", "[]"),
    # WFC: No Recursion.
    ("<!ENTITY x '1&y;'><!ENTITY y '2&x;'><!ATTLIST e a CDATA '[&x;]'>",
     "recursive-entity-reference", "[12]"),
])
def test_default_value_errors(text: str, code: str, value: str) -> None:
    dtd = parse_internal_subset(text)
    assert [c for c, _ in dtd.errors] == [code]
    assert dtd.attribute_lists["e"]["a"].value == value


def test_entity_declared_before_the_default_value() -> None:
    # WFC: Entity Declared: "The declaration of a general entity must
    # precede any reference to it which appears in a default value in an
    # attribute-list declaration."
    text = "<!ATTLIST e a CDATA '&x;'><!ENTITY x 'X'>"
    dtd = parse_internal_subset(text, offset=10)
    assert dtd.errors == [("undeclared-entity", 31)]
    assert dtd.attribute_lists["e"]["a"].value == "&x;"  # kept as written
    # Not a well-formedness error where the WFC does not apply (§4.1).
    assert codes(text, has_external_subset=True) == []
    assert codes(text, has_external_subset=True, standalone=True) == ["undeclared-entity"]
    # An undeclared name the HTML table knows is resolved the HTML way.
    assert default("<!ATTLIST e a CDATA '&eacute;'>", has_external_subset=True) == "\xe9"


def test_expansions_made_for_defaults_do_not_leak() -> None:
    # x is expanded for the default before y is declared; later expansions
    # of x see y.
    dtd = parse_internal_subset("<!ENTITY x '[&y;]'><!ATTLIST e a CDATA '&x;'><!ENTITY y 'Y'>")
    assert [c for c, _ in dtd.errors] == ["undeclared-entity"]
    assert dtd.expand_in_attribute_value("x", ExpansionBudget(100)) == ("[Y]", [])


# ---------------------------------------------------------------------------
# [70] EntityDecl and §4.5 replacement texts


def test_entity_declarations() -> None:
    dtd = parse_internal_subset("""
        <!ENTITY a "A">
        <!ENTITY b SYSTEM "b.xml">
        <!ENTITY c PUBLIC "-//C//EN" "c.xml">
        <!ENTITY d SYSTEM "d.gif" NDATA gif>
        <!ENTITY % p "P">
        <!ENTITY % q SYSTEM "q.ent">
        <!ENTITY % r PUBLIC '-//R' 'r.ent'>
    """)
    assert dtd.errors == []
    a, b, c, d = (dtd.general_entities[n] for n in "abcd")
    assert (a.value, a.is_external, a.is_unparsed, a.is_parameter) == ("A", False, False, False)
    assert (b.value, b.system_id, b.public_id, b.is_external) == (None, "b.xml", None, True)
    assert (c.public_id, c.system_id) == ("-//C//EN", "c.xml")
    assert (d.notation, d.is_unparsed, d.is_external) == ("gif", True, True)
    p, q, r = (dtd.parameter_entities[n] for n in "pqr")
    assert (p.value, p.is_parameter) == ("P", True)
    assert (q.system_id, q.value) == ("q.ent", None)
    assert (r.public_id, r.system_id) == ("-//R", "r.ent")
    assert "p" not in dtd.general_entities and "a" not in dtd.parameter_entities


def test_entity_offsets() -> None:
    dtd = parse_internal_subset('  <!ENTITY a "A">', offset=40)
    assert dtd.general_entities["a"].offset == 42


def test_replacement_text_example_of_appendix_d() -> None:
    # XML 1.0 Appendix D: character references are expanded when the
    # declaration is parsed, general entity references are bypassed.
    text = ('<!ENTITY example "<p>An ampersand (&#38;#38;) may be escaped\n'
            'numerically (&#38;#38;#38;) or with a general entity\n(&amp;amp;).</p>" >')
    assert general(text, "example") == (
        "<p>An ampersand (&#38;) may be escaped\nnumerically (&#38;#38;) or with a general "
        "entity\n(&amp;amp;).</p>")


def test_replacement_text_example_of_section_4_5() -> None:
    # §4.5's example, in an internal subset: the parameter-entity reference
    # inside the declaration is the error of WFC: PEs in Internal Subset and
    # is not expanded; the character reference is, the general one is not.
    text = ('<!ENTITY % pub "&#xc9;ditions Gallimard" >'
            '<!ENTITY rights "All rights reserved" >'
            '<!ENTITY book "La Peste: Albert Camus,\n&#xA9; 1947 %pub;. &rights;" >')
    dtd = parse_internal_subset(text)
    assert [c for c, _ in dtd.errors] == ["parameter-entity-reference-in-markup-declaration"]
    assert dtd.parameter_entities["pub"].value == "\xc9ditions Gallimard"
    assert dtd.general_entities["book"].value == "La Peste: Albert Camus,\n\xa9 1947 %pub;. &rights;"
    assert dtd.undeclared_entity_is_error is False  # the document has a PE reference


@pytest.mark.parametrize("literal, value", [
    ("&#x10FFFF;&#xE000;&#x9;", "\U0010ffff\ue000\t"),
    ("a&b;c", "a&b;c"),
    ("<tag attr='1'>", "<tag attr='1'>"),
    ("&#37;", "%"),
])
def test_entity_values(literal: str, value: str) -> None:
    dtd = parse_internal_subset(f'<!ENTITY e "{literal}">')
    assert dtd.errors == [] and dtd.general_entities["e"].value == value


@pytest.mark.parametrize("literal, code, value", [
    ("a & b", "unescaped-ampersand", "a & b"),
    ("a &b c", "unescaped-ampersand", "a &b c"),
    ("a &#; b", "unescaped-ampersand", "a &#; b"),
    ("&#0;", "invalid-character-reference", ""),  # WFC: Legal Character
    ("&#xD800;", "invalid-character-reference", ""),
    ("&#xFFFE;", "invalid-character-reference", ""),
    ("&#x110000;", "invalid-character-reference", ""),
    ("&#12", "unescaped-ampersand", "&#12"),
    ("100%", "unescaped-percent-sign-in-entity-value", "100%"),
    ("%p;", "parameter-entity-reference-in-markup-declaration", "%p;"),
    ("\x1f", "invalid-character", "\x1f"),
])
def test_entity_value_errors(literal: str, code: str, value: str) -> None:
    dtd = parse_internal_subset(f'<!ENTITY % p "x"><!ENTITY e "{literal}">')
    assert [c for c, _ in dtd.errors] == [code]
    assert dtd.general_entities["e"].value == value


@pytest.mark.parametrize("text, code", [
    ("<!ENTITY e>", "missing-whitespace-in-declaration"),
    ("<!ENTITY e 'x' 'y'>", "unexpected-character-in-declaration"),
    ("<!ENTITY e x>", "invalid-external-id"),
    ("<!ENTITY e SYSTEM>", "missing-whitespace-in-declaration"),
    ("<!ENTITY e SYSTEM x>", "missing-quote-before-literal"),
    ("<!ENTITY e SYSTEM'x'>", "missing-whitespace-in-declaration"),
    ("<!ENTITY e PUBLIC 'p'>", "missing-whitespace-in-declaration"),
    ("<!ENTITY e PUBLIC 'p' >", "missing-quote-before-literal"),
    ("<!ENTITY e PUBLIC 'p''s'>", "missing-whitespace-in-declaration"),
    ("<!ENTITY e system 's'>", "invalid-external-id"),
    ("<!ENTITY e SYSTEM 's'NDATA n>", "missing-whitespace-in-declaration"),
    ("<!ENTITY e SYSTEM 's' NDATA>", "missing-whitespace-in-declaration"),
    ("<!ENTITY e 'x' NDATA n>", "unexpected-character-in-declaration"),
    ("<!ENTITY % e SYSTEM 's' NDATA n>", "unparsed-parameter-entity"),  # [74] PEDef
    ("<!ENTITY %e 'x'>", "missing-whitespace-in-declaration"),
    ("<!ENTITY % 'x'>", "invalid-name"),
    ("<!ENTITY e PUBLIC 'a{b}' 's'>", "invalid-pubid-character"),  # [13] PubidChar
    ('<!ENTITY e PUBLIC "a\tb" "s">', "invalid-pubid-character"),
    ('<!ENTITY e SYSTEM "a\x01b">', "invalid-character"),
    ("<!ENTITY a:b 'x'>", "colon-in-entity-name"),  # Namespaces §7
])
def test_bad_entity_declarations(text: str, code: str) -> None:
    assert codes(text) == [code]


def test_pubid_characters() -> None:
    pubid = "-'()+,./:=?;!*#@$_% \r\nazAZ09"
    dtd = parse_internal_subset(f'<!ENTITY e PUBLIC "{pubid}" "s">')
    assert dtd.errors == [] and dtd.general_entities["e"].public_id == pubid


def test_first_entity_declaration_wins() -> None:
    # §4.2: "If the same entity is declared more than once, the first
    # declaration encountered is binding"; not an error.
    dtd = parse_internal_subset("<!ENTITY a '1'><!ENTITY a '2'><!ENTITY % a '3'><!ENTITY % a '4'>")
    assert dtd.errors == []
    assert dtd.general_entities["a"].value == "1"
    assert dtd.parameter_entities["a"].value == "3"


@pytest.mark.parametrize("text", [
    # §4.6, the declarations it gives.
    '<!ENTITY lt "&#38;#60;">', '<!ENTITY gt "&#62;">', '<!ENTITY amp "&#38;#38;">',
    '<!ENTITY apos "&#39;">', '<!ENTITY quot "&#34;">',
    # "or a character reference to that character" / the character itself.
    '<!ENTITY lt "&#38;#x3C;">', "<!ENTITY gt '>'>", '<!ENTITY apos "\'">', "<!ENTITY quot '\"'>",
])
def test_predefined_entity_declarations(text: str) -> None:
    dtd = parse_internal_subset(text)
    assert dtd.errors == []


@pytest.mark.parametrize("text", [
    '<!ENTITY lt "<">',  # must be a character reference (double escaping)
    '<!ENTITY lt "&#60;">',
    '<!ENTITY amp "&#38;">',
    '<!ENTITY gt "x">',
    '<!ENTITY quot "&#39;">',
    '<!ENTITY apos SYSTEM "apos.ent">',
])
def test_bad_predefined_entity_declarations(text: str) -> None:
    dtd = parse_internal_subset(text + "<!ATTLIST e a CDATA '&lt;&amp;&gt;&quot;&apos;'>")
    assert [c for c, _ in dtd.errors] == ["invalid-predefined-entity-declaration"]
    # The declaration is ignored: the predefined meaning stays.
    assert dtd.general_entities == {}
    assert dtd.attribute_lists["e"]["a"].value == "<&>\"'"


def test_predefined_entities_are_known_without_declaration() -> None:
    dtd = parse_internal_subset("")
    budget = ExpansionBudget(10)
    for name, character in (("lt", "<"), ("gt", ">"), ("amp", "&"), ("apos", "'"), ("quot", '"')):
        assert dtd.expand_in_attribute_value(name, budget) == (character, [])


# ---------------------------------------------------------------------------
# [82] NotationDecl


def test_notation_declarations() -> None:
    dtd = parse_internal_subset("<!NOTATION a SYSTEM 'a'><!NOTATION b PUBLIC 'b'>"
                                "<!NOTATION c PUBLIC 'c' 'c.sys'><!NOTATION d PUBLIC 'd' >")
    assert dtd.errors == []
    assert [(n.name, n.public_id, n.system_id) for n in dtd.notations.values()] == [
        ("a", None, "a"), ("b", "b", None), ("c", "c", "c.sys"), ("d", "d", None)]


@pytest.mark.parametrize("text, code", [
    ("<!NOTATION n>", "missing-whitespace-in-declaration"),
    ("<!NOTATION n SYSTEM>", "missing-whitespace-in-declaration"),
    ("<!NOTATION n PUBLIC 'p' x>", "unexpected-character-in-declaration"),
    ("<!NOTATION n 'p'>", "invalid-external-id"),
    ("<!NOTATION n PUBLIC '<'>", "invalid-pubid-character"),
    ("<!NOTATION a:b SYSTEM 'x'>", "colon-in-notation-name"),  # Namespaces §7
])
def test_bad_notation_declarations(text: str, code: str) -> None:
    assert codes(text) == [code]


# ---------------------------------------------------------------------------
# Parameter entities between declarations (DeclSep, §4.4.8)


def test_parameter_entity_example_of_appendix_d() -> None:
    text = ("<!ELEMENT test (#PCDATA) >\n<!ENTITY % xx '&#37;zz;'>\n"
            "<!ENTITY % zz '&#60;!ENTITY tricky \"error-prone\" >' >\n%xx;\n")
    dtd = parse_internal_subset(text)
    assert dtd.errors == []
    assert dtd.parameter_entities["xx"].value == "%zz;"
    assert dtd.parameter_entities["zz"].value == '<!ENTITY tricky "error-prone" >'
    assert dtd.general_entities["tricky"].value == "error-prone"
    assert dtd.complete and not dtd.undeclared_entity_is_error


def test_errors_in_parameter_entities_are_at_the_reference() -> None:
    text = "<!ENTITY % p '<!ELEMENT x (a|b,c)>'> %p;"
    dtd = parse_internal_subset(text, offset=7)
    assert dtd.errors == [("mixed-separators-in-content-model", 7 + text.index("%p;"))]


def test_parameter_entity_must_hold_whole_declarations() -> None:
    # WFC: PE Between Declarations.
    dtd = parse_internal_subset("<!ENTITY % p '<!ELEMENT x ANY'> %p; > <!ENTITY a 'b'>")
    assert [c for c, _ in dtd.errors] == ["unterminated-declaration-in-parameter-entity",
                                          "unexpected-character-in-internal-subset"]
    assert dtd.general_entities["a"].value == "b"


def test_parameter_entity_reference_inside_declarations() -> None:
    # WFC: PEs in Internal Subset.
    for text in ("<!ENTITY % t 'CDATA'><!ATTLIST e a %t; #IMPLIED>",
                 "<!ENTITY % n 'x'><!ELEMENT %n; ANY>",
                 "<!ENTITY % c '(a)'><!ELEMENT e %c;>"):
        dtd = parse_internal_subset(text)
        assert [c for c, _ in dtd.errors] == ["parameter-entity-reference-in-markup-declaration"]
        assert not dtd.undeclared_entity_is_error


def test_parameter_entity_recursion() -> None:
    # WFC: No Recursion.
    dtd = parse_internal_subset("<!ENTITY % a '&#37;b;'><!ENTITY % b '&#37;a;'> %a; <!ENTITY x 'y'>")
    assert [c for c, _ in dtd.errors] == ["recursive-entity-reference"]
    assert dtd.general_entities["x"].value == "y"
    assert codes("<!ENTITY % a ' &#37;a; '> %a;") == ["recursive-entity-reference"]


def test_parameter_entity_graph_of_cycles_is_bounded() -> None:
    # a1 refers to a2 ten times, ..., a9 back to a1: the first cycle ends
    # the inclusion of %a1; (one error, not one per path through the graph).
    text = ("".join(f"<!ENTITY % a{i} '" + f"&#37;a{i + 1};" * 10 + "'>" for i in range(1, 9))
            + "<!ENTITY % a9 '&#37;a1;'> %a1; <!ENTITY after 'x'>")
    dtd = parse_internal_subset(text)
    assert dtd.errors == [("recursive-entity-reference", text.index("%a1; "))]
    assert dtd.general_entities["after"].value == "x"


def test_errors_of_a_parameter_entity_read_many_times() -> None:
    # p is read 100 times for the one reference %q;: its error is reported
    # once there; the second reference %q; reports it again, at itself.
    text = ("<!ENTITY % p '<!ELEMENT x (a|b,c)>'><!ENTITY % q '" + "&#37;p;" * 100 + "'>"
            "%q; %q;")
    dtd = parse_internal_subset(text)
    first = text.index("%q;")
    assert dtd.errors == [("mixed-separators-in-content-model", first),
                          ("mixed-separators-in-content-model", first + 4)]


def test_undeclared_parameter_entity() -> None:
    text = "%undeclared; <!ELEMENT e ANY><!ENTITY a 'b'><!ATTLIST e a CDATA 'x'><!NOTATION n SYSTEM 'n'>"
    dtd = parse_internal_subset(text)
    # libxml2 reads WFC: Entity Declared so for the first PE reference of a
    # document without an external subset.
    assert dtd.errors == [("undeclared-parameter-entity", 0)]
    # §5.1: the entity and attribute-list declarations after it are not processed.
    assert not dtd.complete
    assert dtd.general_entities == {} and dtd.attribute_lists == {}
    assert "e" in dtd.elements and "n" in dtd.notations
    assert parse_internal_subset(text, has_external_subset=True).errors == []
    assert codes(text, has_external_subset=True, standalone=True) == ["undeclared-parameter-entity"]
    # Later ones are validity errors only.
    assert codes("<!ENTITY % p ''>%p;%q;") == []


def test_external_parameter_entity_is_never_read() -> None:
    text = ("<!ENTITY before 'b'><!ENTITY % ext SYSTEM 'file:///etc/passwd'> %ext;"
            "<!ENTITY after 'a'><!ATTLIST e a CDATA 'x'><!ELEMENT e ANY><!ENTITY bad 'a&b'>")
    dtd = parse_internal_subset(text)
    assert not dtd.complete
    assert list(dtd.general_entities) == ["before"]
    assert dtd.attribute_lists == {}
    assert "e" in dtd.elements
    # Declarations not processed are still checked.
    assert [c for c, _ in dtd.errors] == ["unescaped-ampersand"]
    assert not dtd.undeclared_entity_is_error


def test_conditional_sections_are_not_allowed_in_the_internal_subset() -> None:
    text = "<![INCLUDE[<!ENTITY a 'x'><![IGNORE[ ]]> ]]><!ENTITY b 'y'><![ IGNORE [ x"
    dtd = parse_internal_subset(text)
    assert [c for c, _ in dtd.errors] == ["conditional-section-in-internal-subset",
                                          "conditional-section-in-internal-subset",
                                          "unterminated-conditional-section"]
    assert list(dtd.general_entities) == ["b"]


def test_conditional_sections_in_parameter_entities() -> None:
    # extSubsetDecl ([31]) allows them in a PE's replacement text.
    text = ("<!ENTITY % p '<![INCLUDE[<!ENTITY a \"x\"><![IGNORE[<!ENTITY b \"y\">]]>]]>'> %p;")
    dtd = parse_internal_subset(text)
    assert dtd.errors == []
    assert list(dtd.general_entities) == ["a"]
    assert codes("<!ENTITY % p '<![INCLUDE[<!ENTITY a \"x\">'> %p;") == [
        "unterminated-conditional-section"]


def test_chained_parameter_entities() -> None:
    n = 5000
    text = ("<!ENTITY % e0 '<!ENTITY deep \"yes\">'>"
            + "".join(f"<!ENTITY % e{i} '&#37;e{i - 1};'>" for i in range(1, n))
            + f"%e{n - 1};")
    dtd = parse_internal_subset(text)
    assert dtd.errors == [] and dtd.general_entities["deep"].value == "yes"


def test_parameter_entity_billion_laughs_is_refused() -> None:
    text = ("<!ENTITY % l0 '<!-- lol -->'>"
            + "".join(f"<!ENTITY % l{i} '" + f"&#37;l{i - 1};" * 10 + "'>" for i in range(1, 10))
            + "%l9; <!ENTITY after 'x'>")
    budget = ExpansionBudget(len(text), activation_threshold=100_000)
    dtd = parse_internal_subset(text, budget=budget)
    assert [c for c, _ in dtd.errors] == ["entity-expansion-limit-exceeded"]
    assert budget.exceeded and budget.expanded <= 100_000
    assert not dtd.complete and "after" not in dtd.general_entities


def test_repeated_parameter_entities_are_charged() -> None:
    # 100 inclusions of b (replacement text "%a;" x 100) and 10**4 of a (10
    # characters), each enlarged by two spaces, whether or not it is read again.
    text = ("<!ENTITY % a '<!--xxx-->'>" + "<!ENTITY % b '" + "&#37;a;" * 100 + "'>"
            + "%b;" * 100)
    budget = ExpansionBudget(len(text), activation_threshold=10**6)
    assert parse_internal_subset(text, budget=budget).errors == []
    assert budget.expanded == 100 * (100 * 3 + 2) + 10**4 * 12
    # The same text over a budget that refuses it.
    budget = ExpansionBudget(len(text), max_amplification=2.0, activation_threshold=50_000)
    dtd = parse_internal_subset(text, budget=budget)
    assert "entity-expansion-limit-exceeded" in [c for c, _ in dtd.errors]
    assert budget.expanded <= 50_000


# ---------------------------------------------------------------------------
# Dtd.expand_in_attribute_value (§3.3.3)


def test_expand_in_attribute_value() -> None:
    dtd = parse_internal_subset("<!ENTITY x 'a&#9;b\n&y;'><!ENTITY y 'c&amp;d&lt;'>")
    budget = ExpansionBudget(100)
    # §3.3.3: the tab and line feed of the replacement text become spaces.
    assert dtd.expand_in_attribute_value("x", budget) == ("a b c&d<", [])
    # Read once each: x's replacement text "a\tb\n&y;" (7 characters), y's
    # "c&amp;d&lt;" (11), amp's "&#38;" and lt's "&#60;" (5 each); the results
    # kept: "&", "<", "c&d<" and "a b c&d<" (1, 1, 4 and 8 characters).
    assert budget.expanded == 7 + 11 + 5 + 5 + 1 + 1 + 4 + 8
    # Memoized: the second use costs the same again.
    assert dtd.expand_in_attribute_value("x", budget) == ("a b c&d<", [])
    assert budget.expanded == 2 * (7 + 11 + 5 + 5 + 1 + 1 + 4 + 8)


@pytest.mark.parametrize("text, name, expected", [
    ("<!ENTITY x '&x;'>", "x", ("", ["recursive-entity-reference"])),
    ("<!ENTITY x '1&y;'><!ENTITY y '2&x;'>", "x", ("12", ["recursive-entity-reference"])),
    ("<!ENTITY x 'a<b'>", "x", ("a<b", ["less-than-sign-in-attribute-value"])),
    ("<!ENTITY x SYSTEM 'x'>", "x", ("", ["external-entity-reference-in-attribute-value"])),
    ("<!NOTATION n SYSTEM 'n'><!ENTITY x SYSTEM 'x' NDATA n>", "x",
     ("", ["reference-to-unparsed-entity"])),
    ("<!ENTITY x '&#38;'>", "x", ("&", ["unescaped-ampersand"])),
    ("<!ENTITY x '&#38;#0;'>", "x", ("", ["invalid-character-reference"])),
    ("<!ENTITY x '[&u;]'>", "x", ("[&u;]", ["undeclared-entity"])),
    ("", "u", ("&u;", ["undeclared-entity"])),
    ("", "nbsp", ("\xa0", ["undeclared-entity"])),
])
def test_expand_in_attribute_value_errors(text: str, name: str,
                                          expected: tuple[str, list[str]]) -> None:
    dtd = parse_internal_subset(text)
    assert dtd.expand_in_attribute_value(name, ExpansionBudget(100)) == expected
    assert dtd.expand_in_attribute_value(name, ExpansionBudget(100)) == expected  # memoized


def test_graph_of_cycles_is_bounded() -> None:
    # a1 refers to a2 ten times, ..., a8 to a9 ten times, a9 back to a1:
    # each reference cycle is cut, each result kept, and each error code is
    # reported once for the reference in the value (not 10**8 times).
    text = ("".join(f"<!ENTITY a{i} '" + f"&a{i + 1};" * 10 + "'>" for i in range(1, 9))
            + "<!ENTITY a9 '&a1;'><!ATTLIST e a CDATA 'x&a1;'>")
    dtd = parse_internal_subset(text, offset=1)
    assert dtd.errors == [("recursive-entity-reference", text.rindex("&a1;") + 1),
                          ("entity-expansion-limit-exceeded", text.rindex("&a1;") + 1)]
    value, errors = dtd.expand_in_attribute_value("a9", ExpansionBudget(len(text)))
    assert errors == ["recursive-entity-reference", "entity-expansion-limit-exceeded"]


def test_undeclared_names_are_errors_only_where_the_wfc_applies() -> None:
    dtd = parse_internal_subset("<!ENTITY x '[&u;]'>", has_external_subset=True)
    assert not dtd.undeclared_entity_is_error
    assert dtd.expand_in_attribute_value("x", ExpansionBudget(100)) == ("[&u;]", [])


def test_attribute_billion_laughs_is_refused() -> None:
    text = ("<!ENTITY l0 'ha'>"
            + "".join(f"<!ENTITY l{i} '" + f"&l{i - 1};" * 10 + "'>" for i in range(1, 10)))
    dtd = parse_internal_subset(text)
    budget = ExpansionBudget(len(text), activation_threshold=1_000_000)
    value, errors = dtd.expand_in_attribute_value("l9", budget)
    assert errors == ["entity-expansion-limit-exceeded"]
    assert budget.exceeded and budget.expanded <= 1_000_000
    assert len(value) <= 1_000_000 and set(value) <= {"h", "a"}
    # Later references are refused too (fail closed).
    assert dtd.expand_in_attribute_value("l1", budget) == ("", ["entity-expansion-limit-exceeded"])


def test_billion_laughs_of_empty_entities_is_refused() -> None:
    # Nothing is produced, but the work is charged all the same.
    text = ("<!ENTITY l0 ''>"
            + "".join(f"<!ENTITY l{i} '" + f"&l{i - 1};" * 10 + "'>" for i in range(1, 12))
            + "<!ATTLIST e a CDATA '&l11;'>")
    budget = ExpansionBudget(len(text))
    dtd = parse_internal_subset(text, budget=budget)
    assert [c for c, _ in dtd.errors] == ["entity-expansion-limit-exceeded"]
    assert budget.exceeded and budget.expanded <= 8 * 1024 * 1024


def test_quadratic_blowup_is_refused() -> None:
    text = "<!ENTITY a '" + "x" * 10_000 + "'><!ATTLIST e b CDATA '" + "&a;" * 10_000 + "'>"
    budget = ExpansionBudget(len(text), max_amplification=10.0, activation_threshold=1_000_000)
    dtd = parse_internal_subset(text, budget=budget)
    assert [c for c, _ in dtd.errors] == ["entity-expansion-limit-exceeded"]
    assert len(dtd.attribute_lists["e"]["b"].value or "") <= 1_000_000


def test_long_entity_chain_in_attribute_value() -> None:
    n = 2000
    text = ("<!ENTITY a0 'x'>" + "".join(f"<!ENTITY a{i} 'x&a{i - 1};'>" for i in range(1, n))
            + f"<!ATTLIST e b CDATA '&a{n - 1};'>")
    dtd = parse_internal_subset(text)
    assert dtd.errors == []
    assert dtd.attribute_lists["e"]["b"].value == "x" * n


# ---------------------------------------------------------------------------
# undeclared_entity_is_error (§4.1 WFC: Entity Declared)


@pytest.mark.parametrize("text, has_external_subset, standalone, expected", [
    ("<!ENTITY a 'b'>", False, False, True),
    ("<!ENTITY a 'b'>", True, False, False),
    ("<!ENTITY a 'b'>", True, True, True),
    ("<!ENTITY % p ''>%p;", False, False, False),
    ("<!ENTITY % p ''>%p;", False, True, True),
])
def test_undeclared_entity_is_error(text: str, has_external_subset: bool, standalone: bool,
                                    expected: bool) -> None:
    dtd = parse_internal_subset(text, has_external_subset=has_external_subset,
                                standalone=standalone)
    assert dtd.undeclared_entity_is_error is expected


# ---------------------------------------------------------------------------
# Hostile inputs: bounded, never raising


def test_many_declarations() -> None:
    n = 100_000
    dtd = parse_internal_subset("".join(f"<!ENTITY e{i} 'v'>" for i in range(n)))
    assert dtd.errors == [] and len(dtd.general_entities) == n


@pytest.mark.parametrize("text, count", [
    ("%" * 50_000, 50_000),
    ("%a" * 50_000, 50_000),
    ("<!ELEMENT a b>'" * 20_000, 40_000),
    ("<!ENTITY a '" + "&" * 50_000 + "'>", 50_000),
    ("<![IGNORE[" * 20_000 + "]]>" * 20_000, 1),
    ("<!--" + "-" * 50_000, 2),
])
def test_hostile_inputs_report_bounded_errors(text: str, count: int) -> None:
    assert len(parse_internal_subset(text).errors) == count


def test_character_references_with_many_digits() -> None:
    # Leading zeros are allowed; a reference too large for a code point is
    # an error, however many digits it has (int() refuses 5,000 digits).
    many = "9" * 5000
    dtd = parse_internal_subset(f'<!ENTITY a "&#0000000000065;&#x00000041;&#{many};&#x{many};">'
                                f'<!ATTLIST e a CDATA "&#{many};"><!ENTITY lt "&#38;#{many};">'
                                f'<!ENTITY b "&#38;#{many};">')
    assert [c for c, _ in dtd.errors] == ["invalid-character-reference"] * 3 + [
        "invalid-predefined-entity-declaration"]
    assert dtd.general_entities["a"].value == "AA"
    assert dtd.expand_in_attribute_value("b", ExpansionBudget(100)) == (
        "", ["invalid-character-reference"])
    # Not processed (§5.1), still checked.
    assert codes(f'%x;<!ATTLIST e a CDATA "&#{many};">', has_external_subset=True) == [
        "invalid-character-reference"]


def test_never_raises_on_random_inputs() -> None:
    pieces = ["<!ENTITY", "<!ELEMENT", "<!ATTLIST", "<!NOTATION", "<!--", "-->", "<?", "?>",
              "<![", "]]>", "%", "%p;", "&", "&e;", "&#60;", "&#x0;", "'", '"', "(", ")", "|",
              ",", "*", "#PCDATA", "#FIXED", "#IMPLIED", "CDATA", "NOTATION", "SYSTEM",
              "PUBLIC", "NDATA", " ", "\n", ">", "<", "a", "e", "p", "x:y", "\x00", "\ud800",
              "<!ENTITY % p '<!ENTITY e \"&#37;p;\">'>", "<!ENTITY e '&e;'>",
              "<!ATTLIST e a CDATA '&e;'>", "&#1114112;", "&#x" + "f" * 5000 + ";",
              "<!ENTITY lt '&#38;#99999999999;'>", "<!ENTITY amp '&#38;#0;'>"]
    rng = random.Random(42)
    for _ in range(2000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 30)))
        for has_external_subset in (False, True):
            dtd = parse_internal_subset(text, has_external_subset=has_external_subset)
            assert isinstance(dtd, Dtd)
            for name in list(dtd.general_entities)[:3]:
                dtd.expand_in_attribute_value(name, ExpansionBudget(len(text)))


# ---------------------------------------------------------------------------
# The peer: lxml (libxml2) gives the same replacement texts and defaults


def test_replacement_texts_and_defaults_agree_with_lxml() -> None:
    etree = pytest.importorskip("lxml.etree")
    subset = ("<!ENTITY a 'x&#38;#38;y&#x20AC;&b;'><!ENTITY b '&#38;#60;'>"
              "<!ENTITY % p '&#60;!ENTITY c \"&#38;#37;\">'>%p;"
              "<!ENTITY d 'tab&#9;nl&#10;'>"
              "<!ATTLIST e x CDATA '1&d;2\t3' y NMTOKENS '  a\n b &d; ' z CDATA '&#32;&a;'>")
    source = f"<!DOCTYPE e [{subset}]><e/>".encode()
    parser = etree.XMLParser(resolve_entities=True, attribute_defaults=True, no_network=True,
                             load_dtd=True)
    root = etree.fromstring(source, parser)
    peer = root.getroottree().docinfo.internalDTD
    dtd = parse_internal_subset(subset)
    assert dtd.errors == []
    for entity in peer.iterentities():
        mine = dtd.general_entities.get(entity.name) or dtd.parameter_entities[entity.name]
        assert mine.value == entity.content
    for name in ("x", "y", "z"):
        assert dtd.attribute_lists["e"][name].value == root.get(name)
