"""CSS selectors (markup5.selectors): one test per feature and rule."""

from __future__ import annotations

import pytest

import markup5
from markup5 import selectors
from markup5.dom import Element, Text
from markup5.selectors import SelectorSyntaxError
from markup5.selectors.tokenizer import tokenize

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"


def ids(nodes):
    return [n.get("id") for n in nodes]


def doc_of(body, doctype=True):
    return markup5.parse(("<!DOCTYPE html>" if doctype else "") + body)


# Combinators ------------------------------------------------------------------

TREE = doc_of("<div id=a><p id=b><span id=c></span></p><p id=d></p><span id=e></span>"
              "<p id=f></p></div>")


def test_descendant_combinator():
    assert ids(TREE.select("div span")) == ["c", "e"]


def test_child_combinator():
    assert ids(TREE.select("div > span")) == ["e"]


def test_next_sibling_combinator():
    assert ids(TREE.select("p + p")) == ["d"]
    assert ids(TREE.select("p+span")) == ["e"]


def test_subsequent_sibling_combinator():
    assert ids(TREE.select("#b ~ p")) == ["d", "f"]
    assert ids(TREE.select("span~p")) == ["f"]


def test_combinator_chain_needs_backtracking():
    # The nearest p ancestor is not a child of section; a farther one is.
    doc = doc_of("<section><p id=x><i><p id=y><b><em id=t></em></b></p></i></p></section>")
    assert ids(doc.select("section > p em")) == ["t"]
    assert ids(doc.select("section > p > i em")) == ["t"]
    assert doc.select("section > i em") == []


def test_sibling_then_descendant():
    doc = doc_of("<h1></h1><div><p><a id=a></a></p></div><div><a id=b></a></div>")
    assert ids(doc.select("h1 + div a")) == ["a"]
    assert ids(doc.select("h1 ~ div a")) == ["a", "b"]


# Type, universal and namespace selectors ------------------------------------------


def test_type_selector_folds_case_for_html_elements():
    doc = doc_of("<p id=a></p>")
    assert ids(doc.select("P")) == ["a"]


def test_type_selector_keeps_case_for_foreign_elements():
    doc = doc_of("<svg><foreignObject id=f></foreignObject><linearGradient id=g/></svg>")
    assert ids(doc.select("foreignObject")) == ["f"]
    assert doc.select("foreignobject") == []
    assert doc.select("LINEARGRADIENT") == []


def test_type_selector_is_case_sensitive_in_xml_documents():
    doc = markup5.parse_xml("<Root><item id='a'/><Item id='b'/></Root>")
    assert ids(doc.select("item")) == ["a"]
    assert ids(doc.select("Item")) == ["b"]


def test_universal_selector_selects_every_element_in_document_order():
    doc = doc_of("<p><b></b></p><i></i>")
    assert [e.name for e in doc.select("*")] == ["html", "head", "body", "p", "b", "i"]


def test_namespace_any_and_none():
    doc = doc_of("<a id=h></a><svg><a id=s></a></svg>")
    assert ids(doc.select("*|a")) == ["h", "s"]
    assert ids(doc.select("a")) == ["h", "s"]
    assert doc.select("|a") == []
    xml = markup5.parse_xml("<r><a id='n'/></r>")
    assert ids(xml.select("|a")) == ["n"]


def test_namespace_prefix_from_the_namespaces_argument():
    doc = doc_of("<a id=h></a><svg><a id=s></a></svg>")
    assert ids(doc.select("svg|a", namespaces={"svg": SVG})) == ["s"]
    assert [e.name for e in doc.select("s|*", {"s": SVG})] == ["svg", "a"]


def test_default_namespace():
    doc = doc_of("<a id=h></a><svg><a id=s></a></svg>")
    assert ids(doc.select("a", namespaces={"": SVG})) == ["s"]
    assert ids(doc.select("*|a", namespaces={"": SVG})) == ["h", "s"]


def test_undeclared_prefix_is_an_error():
    with pytest.raises(ValueError, match=r"undeclared namespace prefix 'svg' at position 1"):
        doc_of("").select("svg|a")


# Id and class ------------------------------------------------------------------------


def test_id_selector():
    doc = doc_of("<p id=x></p><p id=X></p><p id=x></p>")
    assert len(doc.select("#x")) == 2
    assert len(doc.select("#X")) == 1


def test_class_selector_splits_on_ascii_whitespace_only():
    doc = doc_of("<p id=a class='x\ty\nz'></p><p id=b class='x\u00a0y'></p>"
                 "<p id=c class='x\x0by'></p>")
    assert ids(doc.select(".y")) == ["a"]
    assert ids(doc.select(".z.x")) == ["a"]
    assert doc.select(".xy") == []


def test_class_selector_escapes():
    doc = doc_of("<p id=a class='a:b 1x'></p>")
    assert ids(doc.select(r".a\:b")) == ["a"]
    assert ids(doc.select(r".\31 x")) == ["a"]


def test_id_and_class_fold_case_in_quirks_mode():
    doc = markup5.parse("<p id=Foo class=Bar></p>")
    assert doc.mode == "quirks"
    assert len(doc.select("#FOO")) == len(doc.select(".bAR")) == 1


def test_id_and_class_keep_case_in_no_quirks_and_limited_quirks():
    for prefix in ("<!DOCTYPE html>",
                   '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x">'):
        doc = markup5.parse(prefix + "<p id=Foo class=Bar></p>")
        assert doc.mode in ("no-quirks", "limited-quirks")
        assert doc.select("#FOO") == doc.select(".bAR") == []
        assert len(doc.select("#Foo.Bar")) == 1


def test_quirks_case_folding_is_ascii_only():
    doc = markup5.parse("<p class=\u00c4b></p>")
    assert len(doc.select(".\u00c4B")) == 1
    assert doc.select(".\u00e4b") == []


# Attribute selectors -------------------------------------------------------------

ATTRS = doc_of("<p id=p1 title='fish and chips' lang=en-GB data-x=''></p>"
               "<p id=p2 title=fish-cake lang=en></p><p id=p3 title=Fish></p>")


@pytest.mark.parametrize("selector, expected", [
    ("[title]", ["p1", "p2", "p3"]),
    ("[data-x]", ["p1"]),
    ("[title=fish-cake]", ["p2"]),
    ("[title='fish and chips']", ["p1"]),
    ("[title~=and]", ["p1"]),
    ("[title~='and chips']", []),  # whitespace in the value: matches nothing
    ("[title~='']", []),
    ("[title|=fish]", ["p2"]),
    ("[lang|=en]", ["p1", "p2"]),
    ("[title^=fish]", ["p1", "p2"]),
    ("[title$=chips]", ["p1"]),
    ("[title*=' and ']", ["p1"]),
    ("[title^='']", []),
    ("[title$='']", []),
    ("[title*='']", []),
    ("[data-x='']", ["p1"]),
    ("[ title = fish-cake ]", ["p2"]),
], ids=lambda v: v if isinstance(v, str) else None)
def test_attribute_operator(selector, expected):
    assert ids(ATTRS.select(selector)) == expected


def test_attribute_i_flag():
    assert ids(ATTRS.select("[title=FISH i]")) == ["p3"]
    assert ids(ATTRS.select("[title^=FISH I]")) == ["p1", "p2", "p3"]


def test_attribute_i_flag_is_ascii_only():
    doc = doc_of("<p title=\u00c9></p>")
    assert doc.select("[title=\u00e9 i]") == []


def test_attribute_s_flag_overrides_legacy_case_folding():
    doc = doc_of("<input id=i type=CHECKBOX>")
    assert ids(doc.select("[type=checkbox]")) == ["i"]
    assert doc.select("[type=checkbox s]") == []
    assert ids(doc.select("[type=CHECKBOX s]")) == ["i"]


def test_unknown_attribute_flag_is_an_error():
    with pytest.raises(ValueError, match="unknown attribute selector flag 'x'"):
        ATTRS.select("[title=a x]")


def test_attribute_names_fold_case_on_html_elements():
    assert ids(ATTRS.select("[TITLE=Fish]")) == ["p3"]


def test_attribute_names_keep_case_on_foreign_elements():
    doc = doc_of("<svg id=s viewBox='0 0 1 1'></svg>")
    assert ids(doc.select("[viewBox]")) == ["s"]
    assert doc.select("[viewbox]") == []


@pytest.mark.parametrize("name", ["type", "lang", "align", "method", "rel", "dir", "http-equiv",
                                  "accept-charset", "checked", "valign"])
def test_legacy_attribute_values_fold_case(name):
    doc = doc_of(f"<p {name}=VaLuE id=a></p>")
    assert ids(doc.select(f"[{name}=value]")) == ["a"]


def test_other_attribute_values_keep_case():
    doc = doc_of("<p title=VaLuE class=VaLuE href=VaLuE id=a></p>")
    assert doc.select("[title=value]") == doc.select("[href=value]") == []
    assert doc.select("[class=value]") == []


def test_legacy_case_folding_needs_html_element_in_html_document():
    doc = doc_of("<svg><g align=RIGHT id=g></g></svg>")
    assert doc.select("[align=right]") == []
    xml = markup5.parse_xml("<r><p type='A' id='x'/></r>")
    assert xml.select("[type=a]") == []
    assert ids(xml.select("[type=a i]")) == ["x"]


def test_legacy_case_folding_not_with_a_namespace_component():
    doc = doc_of("<p align=RIGHT id=a></p>")
    assert doc.select("[*|align=right]") == doc.select("[|align=right]") == []
    assert ids(doc.select("[*|align=RIGHT]")) == ["a"]


def test_namespaced_attributes():
    doc = doc_of("<svg><a xlink:href=x id=s></a></svg><div xlink:href=y id=d></div>")
    assert ids(doc.select("[*|href]")) == ["s"]
    assert doc.select("[href]") == []  # an attribute in a namespace is not [href]
    assert ids(doc.select("[xl|href]", namespaces={"xl": XLINK})) == ["s"]
    assert ids(doc.select(r"[xlink\:href]")) == ["d"]
    assert ids(doc.select("[|xlink\\:href]")) == ["d"]


# Logical pseudo-classes ---------------------------------------------------------


def test_is_and_where():
    doc = doc_of("<h1 id=a></h1><h2 id=b></h2><p id=c></p>")
    assert ids(doc.select(":is(h1, h2)")) == ["a", "b"]
    assert ids(doc.select(":where(h2, p)")) == ["b", "c"]


def test_is_takes_complex_selectors():
    doc = doc_of("<div><p id=a></p></div><p id=b></p>")
    assert ids(doc.select("p:is(div > *)")) == ["a"]


def test_is_forgives_bad_items():
    doc = doc_of("<p id=a></p>")
    assert ids(doc.select(":is(!!, p, ::before, p:unknown)")) == ["a"]
    assert doc.select(":is()") == []
    assert doc.select(":where(,)") == []


def test_not():
    doc = doc_of("<p id=a class=x></p><p id=b></p><div id=c><p id=d></p></div>")
    assert ids(doc.select("p:not(.x)")) == ["b", "d"]
    assert ids(doc.select("p:not(div p, .x)")) == ["b"]


def test_not_does_not_forgive():
    with pytest.raises(ValueError):
        doc_of("").select(":not(!!, p)")
    with pytest.raises(ValueError):
        doc_of("").select(":not()")


@pytest.mark.parametrize("selector, expected", [
    ("div:has(p)", ["a", "b"]),
    ("div:has(> p)", ["b"]),
    ("div:has(> div p)", ["a"]),
    ("p:has(+ span)", ["p"]),
    ("p:has(~ i)", ["p"]),
    ("p:has(+ i)", []),
    ("span:has(~ i > b)", ["s"]),
    ("div:has(i, span)", ["a", "b"]),
    ("div:not(:has(div))", ["b"]),
    (":has(b):has(> i)", ["b"]),
], ids=lambda v: v if isinstance(v, str) else None)
def test_has(selector, expected):
    doc = doc_of("<div id=a><div id=b><p id=p></p><span id=s></span><i><b></b></i></div></div>")
    assert ids(doc.select(selector)) == expected


def test_has_cannot_nest():
    with pytest.raises(ValueError, match="cannot be nested"):
        doc_of("").select(":has(:has(p))")
    # Inside :is() the nested :has() is a bad item, dropped.
    assert doc_of("<div><p></p></div>").select(":has(:is(:has(p)))") == []


def test_has_is_relative_to_each_anchor():
    doc = doc_of("<ul id=u1><li><ul id=u2><li class=x></li></ul></li></ul>")
    assert ids(doc.select("ul:has(> li.x)")) == ["u2"]
    assert ids(doc.select("ul:has(li.x)")) == ["u1", "u2"]


# Structural pseudo-classes -----------------------------------------------------

LIST = doc_of("<ul>" + "".join(f"<li id=i{n} class={'x' if n % 3 == 0 else 'y'}>"
                               for n in range(1, 11)) + "</ul>")


@pytest.mark.parametrize("formula, expected", [
    ("1", [1]), ("odd", [1, 3, 5, 7, 9]), ("even", [2, 4, 6, 8, 10]), ("EVEN", [2, 4, 6, 8, 10]),
    ("2n+1", [1, 3, 5, 7, 9]), ("2n + 1", [1, 3, 5, 7, 9]), ("2n- 1", [1, 3, 5, 7, 9]),
    ("2n -1", [1, 3, 5, 7, 9]), ("3n", [3, 6, 9]), ("n", list(range(1, 11))),
    ("+n", list(range(1, 11))), ("-n+3", [1, 2, 3]), ("-n- 1", []), ("0n+4", [4]),
    ("N+8", [8, 9, 10]), ("-2n+5", [1, 3, 5]), ("n-2", list(range(1, 11))), ("+5", [5]),
    ("-1", []), (" 4 ", [4]), ("3n-1", [2, 5, 8]), ("-n+0", []),
])
def test_nth_child_formulas(formula, expected):
    assert ids(LIST.select(f"li:nth-child({formula})")) == [f"i{n}" for n in expected]


@pytest.mark.parametrize("formula", ["+ n", "2 n", "1.0", "n +", "- n", "+-n", "n - -1", "3n+",
                                     "odd 1", "2n+ +1", "a", "n-b", "", "1 of"])
def test_nth_child_bad_formulas(formula):
    with pytest.raises(ValueError):
        LIST.select(f"li:nth-child({formula})")


def test_nth_last_child():
    assert ids(LIST.select("li:nth-last-child(-n+2)")) == ["i9", "i10"]


def test_nth_child_of_selector():
    # .x is i3, i6, i9: the first and third of them.
    assert ids(LIST.select("li:nth-child(odd of .x)")) == ["i3", "i9"]
    assert ids(LIST.select("li:nth-last-child(1 of .x, #i10)")) == ["i10"]
    assert ids(LIST.select(":nth-child(2 of li:not(.x))")) == ["i2"]


def test_nth_of_type_has_no_of_clause():
    with pytest.raises(ValueError):
        LIST.select("li:nth-of-type(1 of .x)")


def test_of_type_pseudo_classes():
    doc = doc_of("<div><p id=p1></p><span id=s1></span><p id=p2></p><math><p id=f></p></math>"
                 "<p id=p3></p><b id=b></b></div>")
    assert ids(doc.select("div > p:nth-of-type(2)")) == ["p2"]
    assert ids(doc.select("div > p:nth-last-of-type(1)")) == ["p3"]
    # <p> leaves foreign content: the math element is empty.
    assert ids(doc.select("div > [id]:first-of-type")) == ["p1", "s1", "b"]
    assert ids(doc.select("div > [id]:last-of-type")) == ["s1", "p3", "b"]
    assert ids(doc.select("div > [id]:only-of-type")) == ["s1", "b"]
    assert [e.name for e in doc.select("div > :only-of-type")] == ["span", "math", "b"]


def test_of_type_compares_namespaces():
    doc = doc_of("<div><a id=h></a><svg><a id=s1></a><a id=s2></a></svg></div>")
    assert ids(doc.select("a:first-of-type")) == ["h", "s1"]


def test_first_last_only_child():
    doc = doc_of("<div>text<p id=a></p><!-- c --><p id=b></p>text</div><div><i id=c></i></div>")
    assert ids(doc.select("p:first-child, i:first-child")) == ["a", "c"]
    assert ids(doc.select("p:last-child")) == ["b"]
    assert ids(doc.select("body :only-child")) == ["c"]


def test_root_element_is_a_first_and_only_child():
    doc = doc_of("<p>")
    assert [e.name for e in doc.select(":root")] == ["html"]
    assert doc.select_one(":root").matches(":first-child:last-child:only-child")


def test_detached_element_counts_as_only_child():
    el = Element("p")
    assert el.matches(":first-child:only-of-type:nth-child(1)")
    assert not el.matches(":root")


def test_empty():
    doc = doc_of("<p id=a></p><p id=b><!-- c --></p><p id=c> </p><p id=d><i></i></p>")
    assert ids(doc.select("p:empty")) == ["a", "b"]


def test_scope():
    doc = doc_of("<div id=a><p id=b><span id=c></span></p></div>")
    div = doc.select_one("div")
    assert ids(div.select(":scope > p")) == ["b"]
    assert div.select(":scope") == []  # select() looks at descendants only
    assert [e.name for e in doc.select(":scope")] == ["html"]
    assert div.matches(":scope")
    assert doc.select_one("span").closest(":scope").get("id") == "c"


# HTML states -----------------------------------------------------------------


def test_checked_checkboxes_and_radios():
    doc = doc_of("<input type=checkbox checked id=c1><input type=CheckBox checked id=c2>"
                 "<input type=checkbox id=c3><input checked id=t>"
                 "<input type=radio name=r checked id=r1><input type=radio name=r checked id=r2>"
                 "<input type=radio name=R checked id=r3><input type=radio checked id=r4>"
                 "<input type=radio checked id=r5>")
    assert ids(doc.select(":checked")) == ["c1", "c2", "r2", "r3", "r4", "r5"]


def test_checked_radio_groups_follow_form_owners():
    doc = doc_of("<form id=f><input type=radio name=r checked id=a></form>"
                 "<input type=radio name=r checked id=b>"
                 "<form><input type=radio name=r checked id=c></form>"
                 "<input type=radio name=r checked id=d form=f>")
    assert ids(doc.select(":checked")) == ["b", "c", "d"]


def test_checked_options():
    doc = doc_of("<select><option id=o1><option id=o2></select>"
                 "<select><option disabled id=o3><option id=o4></select>"
                 "<select><option selected id=o5><option selected id=o6></select>"
                 "<select multiple><option selected id=o7><option selected id=o8>"
                 "<option id=o9></select>"
                 "<select size=3><option id=o10></select>"
                 "<select size=1><option id=o11></select>"
                 "<select><optgroup disabled><option id=o12></optgroup><option id=o13></select>"
                 "<datalist><option selected id=o14><option id=o15></datalist>"
                 "<select><div><option id=o16></option></div></select>")
    assert ids(doc.select("option:checked")) == ["o1", "o4", "o6", "o7", "o8", "o11", "o13",
                                                  "o14", "o16"]


def test_disabled_and_enabled_form_controls():
    doc = doc_of("<input id=i1 disabled><input id=i2><button id=b1 disabled></button>"
                 "<textarea id=t1></textarea><select id=s1 disabled></select><p id=p1 disabled>")
    assert ids(doc.select(":disabled")) == ["i1", "b1", "s1"]
    assert ids(doc.select(":enabled")) == ["i2", "t1"]


def test_disabled_fieldset_spares_its_first_legend():
    doc = doc_of("<fieldset disabled id=f1><legend><input id=a></legend><legend><input id=b>"
                 "</legend><input id=c><fieldset id=f2><input id=d></fieldset></fieldset>"
                 "<fieldset><legend><fieldset disabled id=f3><input id=e></fieldset></legend>"
                 "</fieldset>")
    assert ids(doc.select(":disabled")) == ["f1", "b", "c", "f2", "d", "f3", "e"]
    assert ids(doc.select("input:enabled")) == ["a"]


def test_disabled_optgroups_and_options():
    doc = doc_of("<select><optgroup disabled id=g1><option id=o1></optgroup>"
                 "<optgroup id=g2><option id=o2 disabled><option id=o3></optgroup></select>"
                 "<select disabled id=s><optgroup id=g3><option id=o4></optgroup></select>")
    assert ids(doc.select("optgroup:disabled, option:disabled")) == ["g1", "o1", "o2", "g3",
                                                                     "o4"]
    assert ids(doc.select("option:enabled")) == ["o3"]


def test_link_and_any_link():
    doc = doc_of("<a href=x id=a1></a><a id=a2></a><area href=y id=ar><link href=z id=l>"
                 "<svg><a href=q id=s1></a><a xlink:href=q id=s2></a><a id=s3></a></svg>")
    assert ids(doc.select(":link")) == ["a1", "ar", "s1", "s2"]
    assert doc.select(":any-link") == doc.select(":link")
    assert doc.select(":visited") == []


def test_defined():
    doc = doc_of("<x-foo id=a></x-foo><div is=x-bar id=b></div><font-face id=c></font-face>"
                 "<x-y$ id=d></x-y$><p id=e></p><svg><x-foo id=f></x-foo></svg>")
    assert ids(doc.select(":not(:defined)")) == ["a", "b", "d"]
    assert ids(doc.select("body [id]:defined")) == ["c", "e", "f"]


def test_user_action_pseudo_classes_never_match():
    doc = doc_of("<a href=x>x</a>")
    for name in ("hover", "active", "focus", "focus-visible", "focus-within", "target"):
        assert doc.select(f":{name}") == []
        assert len(doc.select(f":not(:{name})")) == 4


def test_lang():
    doc = doc_of("<div lang=en-GB><p id=a></p></div><p id=b lang=fr-Latn-CA></p>"
                 "<p id=c lang=''></p><svg lang=de><g id=g></g></svg><p id=d xml:lang=x>")
    assert ids(doc.select("p:lang(en)")) == ["a"]
    assert ids(doc.select("p:lang(fr-CA)")) == ["b"]  # extended filtering
    assert ids(doc.select(":lang('*-CA')")) == ["b"]
    assert ids(doc.select("g:lang(de), p:lang(EN, fr)")) == ["a", "b", "g"]
    assert doc.select("p:lang(x)") == []  # xml:lang in an HTML document is not xml:lang


def test_lang_from_content_language_pragma():
    doc = doc_of("<meta http-equiv=content-language content=' de'><p id=a></p>"
                 "<p id=b lang=en></p>")
    assert ids(doc.select("p:lang(de)")) == ["a"]


def test_lang_xml_lang_in_xml():
    doc = markup5.parse_xml("<r xml:lang='de'><p id='a'/><p lang='fr' id='b'/></r>")
    assert ids(doc.select("p:lang(de)")) == ["a"]
    assert ids(doc.select("p:lang(fr)")) == ["b"]


def test_pseudo_elements_never_match():
    doc = doc_of("<p></p>")
    assert doc.select("p::before") == doc.select("p:after") == []
    with pytest.raises(ValueError, match="must end the selector"):
        doc.select("p::before span")
    with pytest.raises(ValueError, match="inside a selector argument"):
        doc.select(":not(::before)")


# Errors -------------------------------------------------------------------------


@pytest.mark.parametrize("selector, message", [
    ("div > )", "unexpected ')' at position 7 in 'div > )'"),
    ("", "empty selector at position 1"),
    ("   ", "empty selector at position 4"),
    ("div,", "unexpected end of selector at position 5"),
    (",div", "unexpected ',' at position 1"),
    ("div >", "unexpected end of selector at position 6"),
    ("#1a", "invalid id selector '#1a' at position 1"),
    (".1a", "unexpected '.1a' at position 1"),  # a <dimension-token>
    (". a", "expected a class name after '.' at position 2"),
    ("p:nosuch", "unknown or unsupported pseudo-class ':nosuch' at position 2"),
    ("p::nosuch", "unknown pseudo-element '::nosuch' at position 2"),
    ("a[=b]", "expected an attribute name at position 3"),
    ("a[b=1]", "expected an attribute value (a name or a quoted string) at position 5"),
    ("a[b=c d]", "unknown attribute selector flag 'd' at position 7"),
    ("[a='b\n']", "unterminated string (a newline inside quotes) at position 4"),
    ("p{}", "unexpected '{' at position 2"),
    ("div/**/p", "unexpected 'p' at position 8"),
    ("a || b", "expected a name after '|' at position 4"),  # no column combinator
])
def test_error_messages_name_the_position(selector, message):
    with pytest.raises(SelectorSyntaxError) as info:
        doc_of("").select(selector)
    assert message in str(info.value)


def test_error_attributes():
    with pytest.raises(ValueError) as info:
        selectors.compile("div > )")
    assert info.value.offset == 6
    assert info.value.position == 7
    assert info.value.selector == "div > )"


def test_end_of_input_closes_open_constructs():
    doc = doc_of("<div a=b><p class=x></p></div>")
    assert len(doc.select(":is(div")) == 1
    assert len(doc.select("[a=b")) == 1
    assert len(doc.select("[a='b")) == 1
    assert len(doc.select("div:not(.z")) == 1
    assert len(doc.select("p:nth-child(1")) == 1


def test_nesting_and_length_limits():
    doc = doc_of("<p>")
    assert len(doc.select(":is(" * 32 + "p" + ")" * 32)) == 1
    with pytest.raises(ValueError, match="nested too deeply"):
        doc.select(":is(" * 33 + "p" + ")" * 33)
    with pytest.raises(ValueError, match="selector too long"):
        doc.select(" ".join(["*"] * 201))
    assert doc.select(", ".join(["p"] * 5000)) == doc.select("p")


@pytest.mark.parametrize("call", [
    lambda d: d.select(42),
    lambda d: d.select_one(None),
    lambda d: d.select("p", namespaces=["svg"]),
    lambda d: d.select("p", namespaces={"svg": 1}),
    lambda d: selectors.select("not a node", "p"),
    lambda d: selectors.matches(Text("x"), "p"),
    lambda d: selectors.compile(b"p"),
])
def test_wrong_argument_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call(doc_of("<p>"))


def test_type_error_names_the_problem():
    with pytest.raises(TypeError, match="selector must be a str, not bytes"):
        doc_of("").select(b"p")
    with pytest.raises(TypeError, match="expected an Element, not Text"):
        selectors.closest(Text("x"), "p")


# The API --------------------------------------------------------------------------


def test_results_in_document_order_without_duplicates():
    doc = doc_of("<div id=a><p id=b><span id=c></span></p></div><p id=d></p>")
    assert ids(doc.select("span, p, div, div *, #c")) == ["a", "b", "c", "d"]


def test_select_one_returns_the_first_in_document_order():
    doc = doc_of("<div id=a><p id=b></p></div><p id=c></p>")
    assert doc.select_one("p, div").get("id") == "a"
    assert doc.select_one("table") is None


def test_aliases():
    doc = doc_of("<p id=a></p>")
    assert doc.query_selector_all("p") == doc.select("p")
    assert doc.query_selector("p") is doc.select_one("p")


def test_element_select_matches_against_the_whole_tree():
    # As querySelectorAll: the selector sees the ancestors, results are descendants.
    doc = doc_of("<div><p id=p><span id=s></span></p></div>")
    p = doc.select_one("p")
    assert ids(p.select("div span")) == ["s"]
    assert p.select("p") == []


def test_matches_and_closest_include_the_element_itself():
    doc = doc_of("<div id=a><p id=b class=x><span id=c></span></p></div>")
    span = doc.select_one("span")
    assert span.matches("div span")
    assert not span.matches("p > div")
    assert span.closest("span").get("id") == "c"
    assert span.closest(".x").get("id") == "b"
    assert span.closest("table") is None


def test_template_contents_are_not_searched():
    doc = doc_of("<template><p id=t></p></template><p id=o></p>")
    assert ids(doc.select("p")) == ["o"]
    contents = doc.select_one("template").template_contents
    assert ids(contents.select("p")) == ["t"]


def test_fragments():
    fragment = markup5.parse_fragment("<td id=a><b>x</b></td><td id=b></td>", "tr")
    assert ids(fragment.select("td:has(b) + td")) == ["b"]
    assert fragment.select(":root") == []


def test_compile_is_cached():
    assert selectors.compile("div > p") is selectors.compile("div > p")
    assert selectors.compile("a|b", {"a": "x"}) is selectors.compile("a|b", {"a": "x"})
    assert selectors.compile("p").matches(doc_of("<p>").select_one("p"))


def test_module_functions():
    doc = doc_of("<div><p id=a></p></div>")
    p = selectors.select_one(doc, "p")
    assert selectors.select(doc, "div p") == [p]
    assert selectors.matches(p, "div > p")
    assert selectors.closest(p, "div").name == "div"


def test_tokenizer_positions_and_escapes():
    tokens = tokenize("a\\62 c#x.y[z='w']/* c */:is(")
    assert [(t.type, t.value, t.start) for t in tokens] == [
        ("ident", "abc", 0), ("hash", "x", 6), ("delim", ".", 8), ("ident", "y", 9),
        ("[", "[", 10), ("ident", "z", 11), ("delim", "=", 12), ("string", "w", 13),
        ("]", "]", 16), ("colon", ":", 24), ("function", "is", 25), ("EOF", "", 28)]


# Depth and scale ----------------------------------------------------------------

DEPTH = 100_000


@pytest.fixture(scope="module")
def deep_document():
    root = markup5.parse("<!DOCTYPE html><body>")
    node = root.select_one("body")
    for _ in range(DEPTH):
        child = Element("div")
        node.append_child(child)
        node = child
    leaf = Element("span", {"id": "leaf"})
    node.append_child(leaf)
    return root


@pytest.mark.parametrize("selector, count", [
    ("*", DEPTH + 4),
    ("div div", DEPTH - 1),
    ("body div", DEPTH),
    ("body > div", 1),
    ("div span", 1),
    ("html div div span", 1),
    ("p div", 0),
    ("div:has(span)", DEPTH),
    (":has(> span)", 1),
    ("div:not(:has(div))", 1),
    ("div:first-child:only-child", DEPTH),
    ("div:nth-child(1 of div)", DEPTH),
    ("div:nth-last-of-type(1)", DEPTH),
    (":is(body div) span", 1),
    ("div:lang(en), div:disabled, div:checked", 0),
])
def test_deep_tree(deep_document, selector, count):
    assert len(deep_document.select(selector)) == count


def test_deep_tree_matches_and_closest(deep_document):
    leaf = deep_document.select_one("#leaf")
    assert leaf.matches("body div > span")
    assert leaf.closest("body").name == "body"
    assert leaf.closest("table") is None
