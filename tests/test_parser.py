"""Tests of the public parsing API: :func:`markup5.parse`,
:func:`markup5.parse_fragment`, the DOM they build, serialization, very
deep documents, and property-based round trips.

The html5lib-tests conformance suite (``test_tree_construction.py``) checks
the *trees*; this module checks what a user of the API relies on around
them: argument handling, ``Document.mode``, ``errors``, DOM conveniences,
that nothing recurses, and that serialization is stable under re-parsing.

"""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
import tracemalloc
import weakref
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import markup5
from markup5 import (Comment, Document, DocumentFragment, DocumentType, Element, ParseError,
                     ProcessingInstruction, Text, dump_tree, dump_tree_lines, parse, parse_fragment,
                     serialize, serialize_children)
from markup5.dom import (HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE,
                         XML_NAMESPACE, XMLNS_NAMESPACE)

SRC = Path(__file__).resolve().parent.parent / "src"


def dump(node) -> str:
    return dump_tree(node)


def body_html(text: str, **kwargs) -> str:
    """The serialized children of the parsed document's <body>."""
    doc = parse(text, **kwargs)
    (body,) = doc.get_elements_by_tag_name("body")
    return serialize_children(body)


def codes(errors) -> list[str]:
    return [e.code for e in errors]


# ---------------------------------------------------------------------------
# API: input types and arguments
# ---------------------------------------------------------------------------

class TestParseInput:
    def test_str_input(self):
        doc = parse("<p>caf\xe9")
        assert isinstance(doc, Document)
        assert doc.get_elements_by_tag_name("p")[0].text_content == "caf\xe9"

    def test_bytes_with_utf8_transport_encoding(self):
        doc = parse("<p>caf\xe9 \u20ac \U0001F600".encode("utf-8"), transport_encoding="utf-8")
        assert doc.get_elements_by_tag_name("p")[0].text_content == "caf\xe9 \u20ac \U0001F600"

    def test_bytes_without_declaration_are_windows_1252(self):
        # Encoding sniffing (§13.2.3.2): no BOM, charset or <meta>: the
        # default, without the optional autodetection (which finds UTF-8
        # here: tests/test_encoding_detect.py).
        doc = parse("<p>caf\xe9".encode("utf-8"), detect=False)
        assert doc.get_elements_by_tag_name("p")[0].text_content == "caf\xc3\xa9"
        assert (doc.encoding, doc.encoding_confidence) == ("windows-1252", "tentative")

    def test_bytearray_accepted(self):
        doc = parse(bytearray(b"<p>x"))
        assert doc.get_elements_by_tag_name("p")[0].text_content == "x"

    def test_bytes_bom_dropped(self):
        doc = parse(b"\xef\xbb\xbf<!DOCTYPE html><p>x")
        # The BOM is not text, so the doctype is still the first thing seen.
        assert doc.mode == "no-quirks"
        assert doc.doctype is not None and doc.doctype.name == "html"
        assert "\ufeff" not in serialize(doc)

    def test_bytes_bom_only_dropped_once(self):
        doc = parse(b"\xef\xbb\xbf\xef\xbb\xbf<p>x")
        assert doc.get_elements_by_tag_name("body")[0].text_content == "\ufeffx"

    @pytest.mark.parametrize("raw", [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80"])
    def test_invalid_bytes_become_replacement_character(self, raw):
        doc = parse(b"<p>a" + raw + b"b</p>", transport_encoding="utf-8")
        text = doc.get_elements_by_tag_name("p")[0].text_content
        assert text.startswith("a") and text.endswith("b")
        assert set(text[1:-1]) == {"\ufffd"}

    def test_bytes_and_str_give_same_tree(self):
        src = "<!DOCTYPE html><title>T\xe9</title><p class=a>x<b>y</b>"
        assert dump(parse(src)) == dump(parse(src.encode("utf-8"), transport_encoding="utf-8"))

    @pytest.mark.parametrize("bad", [123, None, 1.5, ["<p>"], object(), memoryview(b"x")])
    def test_parse_rejects_other_types(self, bad):
        with pytest.raises(TypeError):
            parse(bad)

    @pytest.mark.parametrize("bad", [123, None, ["<p>"]])
    def test_parse_fragment_rejects_other_types(self, bad):
        with pytest.raises(TypeError):
            parse_fragment(bad, "div")

    def test_parse_fragment_accepts_bytes(self):
        frag = parse_fragment("<b>\xe9</b>".encode("utf-8"), "div")
        assert serialize(frag) == "<b>\xe9</b>"

    @pytest.mark.parametrize("bad", [1, 0, None, "yes", "", [], 1.0])
    def test_scripting_must_be_bool(self, bad):
        with pytest.raises(TypeError):
            parse("<p>", scripting=bad)
        with pytest.raises(TypeError):
            parse_fragment("<p>", "div", scripting=bad)

    def test_scripting_changes_noscript(self):
        off = parse("<noscript><p>x</p></noscript>", scripting=False)
        on = parse("<noscript><p>x</p></noscript>", scripting=True)
        (noscript_off,) = off.get_elements_by_tag_name("noscript")
        (noscript_on,) = on.get_elements_by_tag_name("noscript")
        # Scripting off: in head noscript, <p> closes the noscript and goes to body.
        assert off.get_elements_by_tag_name("p")
        # Scripting on: noscript is RAWTEXT, the markup is text.
        assert on.get_elements_by_tag_name("p") == []
        assert noscript_on.text_content == "<p>x</p>"
        assert noscript_off.text_content == ""

    def test_processing_instructions_flag(self):
        with_pi = parse("<p><?target data?></p>")
        without = parse("<p><?target data?></p>", processing_instructions=False)
        (p1,) = with_pi.get_elements_by_tag_name("p")
        (p2,) = without.get_elements_by_tag_name("p")
        assert isinstance(p1.children[0], ProcessingInstruction)
        assert (p1.children[0].target, p1.children[0].data) == ("target", "data")
        assert isinstance(p2.children[0], Comment)

    def test_empty_input(self):
        doc = parse("")
        assert dump(doc) == "| <html>\n|   <head>\n|   <body>"
        assert doc.mode == "quirks"
        assert codes(doc.errors) == ["expected-doctype-but-got-eof"]
        assert parse(b"").children[0].local_name == "html"

    def test_crlf_normalized(self):
        doc = parse("<p>a\r\nb\rc</p>")
        assert doc.get_elements_by_tag_name("p")[0].text_content == "a\nb\nc"


# ---------------------------------------------------------------------------
# API: parse_fragment contexts
# ---------------------------------------------------------------------------

class TestParseFragmentContexts:
    def test_default_context_is_body(self):
        frag = parse_fragment("<p>x</p>text")
        assert isinstance(frag, DocumentFragment)
        assert serialize(frag) == "<p>x</p>text"
        assert all(child.parent is frag for child in frag.children)

    def test_td_context_cells(self):
        frag = parse_fragment("a<td>b</td><b>c</b>", "td")
        # "in cell": a <td> start tag without a td/th in table scope (the
        # context is not on the stack) is a parse error and ignored.
        assert dump(frag) == '| "ab"\n| <b>\n|   "c"'
        assert frag.errors

    def test_tr_context_cells(self):
        frag = parse_fragment("<td>a<td>b", "tr")
        assert dump(frag) == '| <td>\n|   "a"\n| <td>\n|   "b"'

    def test_table_context(self):
        frag = parse_fragment("<tr><td>x", "table")
        assert dump(frag) == '| <tbody>\n|   <tr>\n|     <td>\n|       "x"'

    def test_svg_path_context(self):
        frag = parse_fragment("<circle r=1 /><clippath/>t<b>x</b>", "svg path")
        circle, clip, text, b = frag.children
        assert (circle.namespace, circle.local_name) == (SVG_NAMESPACE, "circle")
        assert (clip.namespace, clip.local_name) == (SVG_NAMESPACE, "clipPath")
        assert isinstance(text, Text) and text.data == "t"
        # <b> breaks out of foreign content.
        assert (b.namespace, b.local_name) == (HTML_NAMESPACE, "b")

    def test_math_mi_context(self):
        frag = parse_fragment("<mglyph/><b>x</b><malignmark/><mo/>", "math mi")
        names = [(e.namespace, e.local_name) for e in frag.children]
        # mi is a MathML text integration point: HTML start tags there are
        # HTML, except mglyph and malignmark.
        assert names == [(MATHML_NAMESPACE, "mglyph"), (HTML_NAMESPACE, "b"),
                         (MATHML_NAMESPACE, "malignmark"), (HTML_NAMESPACE, "mo")]

    def test_template_context(self):
        frag = parse_fragment("<td>x</td><tr><td>y", "template")
        assert dump(frag) == '| <td>\n|   "x"\n| <td>\n|   "y"'

    def test_select_context(self):
        frag = parse_fragment("<option>a<option>b<optgroup><option>c", "select")
        assert [e.local_name for e in frag.children] == ["option", "option", "optgroup"]
        assert frag.children[2].children[0].local_name == "option"

    def test_textarea_context_is_rcdata(self):
        frag = parse_fragment("<b>&amp;</textarea>x", "textarea")
        assert dump(frag) == '| "<b>&</textarea>x"'

    def test_title_context_is_rcdata(self):
        frag = parse_fragment("<i>&lt;</i>", "title")
        assert dump(frag) == '| "<i><</i>"'

    def test_script_context_is_script_data(self):
        frag = parse_fragment("a</script>b&amp;<!--", "script")
        assert dump(frag) == '| "a</script>b&amp;<!--"'

    def test_style_context_is_rawtext(self):
        frag = parse_fragment("a</style>&amp;", "style")
        assert dump(frag) == '| "a</style>&amp;"'

    def test_plaintext_context(self):
        frag = parse_fragment("&amp;</plaintext><p>", "plaintext")
        assert dump(frag) == '| "&amp;</plaintext><p>"'

    def test_element_context(self):
        doc = parse("<table><tr id=r><td>cell</td></tr></table><svg id=s></svg>")
        tr = doc.get_element_by_id("r")
        frag = parse_fragment("<td>a<td>b", tr)
        assert [e.local_name for e in frag.children] == ["td", "td"]
        # The context element itself is not modified.
        assert serialize(tr) == '<tr id="r"><td>cell</td></tr>'
        svg = doc.get_element_by_id("s")
        frag = parse_fragment("<path/><p>x", svg)
        assert frag.children[0].namespace == SVG_NAMESPACE
        assert frag.children[1].namespace == HTML_NAMESPACE

    def test_element_context_with_form_ancestor(self):
        doc = parse("<form><table><tr><td id=c></td></tr></table></form>")
        cell = doc.get_element_by_id("c")
        # The form element pointer is the context's nearest form ancestor,
        # so a nested <form> start tag is ignored.
        frag = parse_fragment("<input><form><input>", cell)
        assert [e.local_name for e in frag.children] == ["input", "input"]

    def test_context_name_case_insensitive_for_html(self):
        assert dump(parse_fragment("<td>x", "TR")) == dump(parse_fragment("<td>x", "tr"))

    @pytest.mark.parametrize("context", ["", " ", "\t\n"])
    def test_empty_context_is_value_error(self, context):
        with pytest.raises(ValueError):
            parse_fragment("x", context)
        assert gc.isenabled()  # (raised with the collector paused: it is on again)

    @pytest.mark.parametrize("context", [None, 5, b"div", ["div"], Text("div")])
    def test_bad_context_type_is_type_error(self, context):
        with pytest.raises(TypeError):
            parse_fragment("x", context)
        assert gc.isenabled()

    def test_fragment_has_no_html_wrapper(self):
        frag = parse_fragment("<html><head><body><p>x", "div")
        assert serialize(frag) == "<p>x</p>"

    @pytest.mark.parametrize("source, in_colgroup, after", [
        ("<col>\x00 ", ["col"], '" "'),
        ("<colgroup>\x00<template>", [], "<template>"),
    ])
    def test_nul_in_column_group_pops_the_colgroup(self, source, in_colgroup, after):
        # "In column group", anything else: U+0000 is not whitespace, so the
        # colgroup is popped and the token reprocessed "in table", which
        # foster-parents it to "in body" (ignored there); what follows goes
        # to the root.  Chromium drops the U+0000 and keeps the colgroup open
        # (docs/browser-differences.md, nul-outside-body).
        frag = parse_fragment(source, "table")
        colgroup, following = frag.children
        assert colgroup.local_name == "colgroup"
        assert [child.local_name for child in colgroup.children] == in_colgroup
        assert (f'"{following.data}"' if isinstance(following, Text)
                else f"<{following.local_name}>") == after
        assert [e.code for e in frag.errors][:3] == [
            "unexpected-null-character", "unexpected-token-in-table", "unexpected-null-character"]

    @pytest.mark.parametrize("context, text", [
        ("svg svg", "a\ufffdb"), ("math annotation-xml", "a\ufffdb"),
        ("svg desc", "ab"),  # an HTML integration point: "in body" ignores U+0000
    ])
    def test_nul_with_a_foreign_context_as_adjusted_current_node(self, context, text):
        # With only the root open, the adjusted current node is the context
        # element: foreign and no integration point, the rules for foreign
        # content insert U+FFFD (Chromium drops it: docs/browser-differences.md,
        # tokenizer-ignores-foreign-context).
        frag = parse_fragment("a\x00b", context)
        assert [child.data for child in frag.children] == [text]
        assert [e.code for e in frag.errors] == ["unexpected-null-character"] * 2

    @pytest.mark.parametrize("source", ["<p \ra\nb>", "<p\r\ra\nb>", "<p \r\na\nb>",
                                        "<p a \rb\nc>"])
    def test_cr_before_a_one_letter_attribute_name(self, source):
        # The input stream turns CR and CR LF into LF before the tokenizer
        # sees them, so the LF after the name ends it like any white space
        # (Chromium joins the names: docs/browser-differences.md,
        # cr-before-attribute-name).
        names = [name for name in source[3:-1].replace("\r", " ").split()]
        paragraph = parse(source + "x").body.children[0]
        assert list(paragraph.attrs) == names
        assert all(value == "" for value in paragraph.attrs.values())

    @pytest.mark.parametrize("source, context, top, contents", [
        ("<template><tfoot>t", "colgroup", ["template"], ["<tfoot>", '"t"']),
        ("<template><tbody></", "colgroup", ["template"], ["<tbody>", '"</"']),
        ("<col><template><table>1", "template", ["col", "template"], ['"1"', "<table>"]),
    ])
    def test_table_text_at_the_end_of_a_column_group_fragment(self, source, context, top,
                                                              contents):
        # "In table" anything else: the text goes to "in body" with foster
        # parenting; the appropriate place is in the last template's contents
        # (before the last table if it is there, else at the end).  Chromium
        # drops the text when the input ends there (docs/browser-differences.md,
        # table-text-in-colgroup-fragment).
        frag = parse_fragment(source, context)
        assert [child.local_name for child in frag.children] == top
        assert [f'"{child.data}"' if isinstance(child, Text) else f"<{child.local_name}>"
                for child in frag.children[-1].template_contents.children] == contents

    def test_cdata_with_a_foreign_context_as_adjusted_current_node(self):
        # The markup declaration open state asks the adjusted current node,
        # the context element: a CDATA section (Chromium: a bogus comment).
        frag = parse_fragment("<![CDATA[x]]>y", "svg svg")
        assert [child.data for child in frag.children] == ["xy"]
        assert isinstance(frag.children[0], Text) and not frag.errors


# ---------------------------------------------------------------------------
# Document.mode
# ---------------------------------------------------------------------------

HTML401_TRANSITIONAL = "-//W3C//DTD HTML 4.01 Transitional//EN"


@pytest.mark.parametrize("source, mode", [
    ("<p>x", "quirks"),
    ("", "quirks"),
    ("<!DOCTYPE html>", "no-quirks"),
    ("<!doctype HTML><p>", "no-quirks"),
    ('<!DOCTYPE html SYSTEM "about:legacy-compat">', "no-quirks"),
    (f'<!DOCTYPE HTML PUBLIC "{HTML401_TRANSITIONAL}">', "quirks"),
    (f'<!DOCTYPE HTML PUBLIC "{HTML401_TRANSITIONAL}" '
     '"http://www.w3.org/TR/html4/loose.dtd">', "limited-quirks"),
    ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
     '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">', "limited-quirks"),
    ('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" '
     '"http://www.w3.org/TR/html4/strict.dtd">', "no-quirks"),
    ('<!DOCTYPE html SYSTEM '
     '"http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd">', "quirks"),
    ("<!DOCTYPE foo>", "quirks"),
    ("<!DOCTYPE>", "quirks"),
    ("<!-- c --><!DOCTYPE html>", "no-quirks"),
])
def test_document_mode(source, mode):
    assert parse(source).mode == mode


def _slot_values(node) -> dict[str, object]:
    """Every slot of ``node`` (but __weakref__, the sibling navigation's
    position hint, which is set on first use, and the source locations, set
    only by a parse with source_locations=True) and its value, or a marker
    for one that is not set."""
    names = {name for cls in type(node).__mro__ for name in getattr(cls, "__slots__", ())}
    names.discard("__weakref__")
    names.discard("_position_hint")
    names.discard("_location")
    names.discard("_end_location")
    return {name: getattr(node, name, "<unset>") for name in names}


@pytest.mark.parametrize("local_name, namespace, attrs, attr_namespaces", [
    ("div", HTML_NAMESPACE, {}, None),
    ("a", HTML_NAMESPACE, {"href": "u", "class": "c"}, None),
    ("svg", SVG_NAMESPACE, {"viewBox": "0 0 1 1"}, None),
    ("use", SVG_NAMESPACE, {"xlink:href": "#x"}, {"xlink:href": XLINK_NAMESPACE}),
    ("template", HTML_NAMESPACE, {}, None),
    ("template", SVG_NAMESPACE, {}, None),
])
def test_dom_sink_makes_elements_as_the_constructor_does(local_name, namespace, attrs,
                                                         attr_namespaces):
    # DomSink sets the slots itself, without Element.__init__ (for speed):
    # each must hold what the constructor gives it.
    from markup5.html.parser.sink import DomSink
    made = DomSink().create_element(local_name, namespace, dict(attrs), attr_namespaces)
    expected = Element(local_name, dict(attrs), namespace)
    if attr_namespaces:
        expected.attr_namespaces = attr_namespaces
    assert type(made) is Element
    made_slots, expected_slots = _slot_values(made), _slot_values(expected)
    if local_name == "template" and namespace == HTML_NAMESPACE:
        # (Each has contents of its own, empty, whose host is the element.)
        assert made.template_contents.host is made and not made.template_contents.children
        made_slots.pop("template_contents"), expected_slots.pop("template_contents")
    assert made_slots == expected_slots
    assert "<unset>" not in made_slots.values()


def test_dom_sink_makes_text_nodes_as_the_constructor_does():
    from markup5.html.parser.sink import DomSink
    parent = Element("p")
    DomSink().insert_text(parent, "x")
    (made,) = parent.children
    expected = Text("x")
    expected.parent = parent
    assert type(made) is Text
    assert _slot_values(made) == _slot_values(expected)
    assert "<unset>" not in _slot_values(made).values()


def test_doctype_node_fields():
    doc = parse(f'<!DOCTYPE HTML PUBLIC "{HTML401_TRANSITIONAL}" "x.dtd"><p>')
    doctype = doc.doctype
    assert isinstance(doctype, DocumentType)
    assert (doctype.name, doctype.public_id, doctype.system_id) == (
        "html", HTML401_TRANSITIONAL, "x.dtd")
    assert doc.children[0] is doctype and doctype.parent is doc


def test_quirks_mode_affects_tree():
    # In quirks mode a <table> start tag does not close an open <p>.
    assert body_html("<p><table></table>") == "<p><table></table></p>"
    assert body_html("<!DOCTYPE html><p><table></table>") == "<p></p><table></table>"


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

class TestErrors:
    def test_tokenizer_and_tree_builder_errors(self):
        doc = parse("<p>&bogus;</b>")
        found = codes(doc.errors)
        # Tokenizer: "&bogus;" is an ambiguous ampersand.
        assert "unknown-named-character-reference" in found
        # Tree builder: no doctype, and a stray </b>.
        assert any(c.startswith("expected-doctype") for c in found)
        assert "unexpected-end-tag" in found
        # Every tokenizer error is in the document's list, plus more.
        stream = markup5.tokenize("<p>&bogus;</b>")
        list(stream)
        tokenizer_codes = codes(stream.errors)
        assert tokenizer_codes == ["unknown-named-character-reference"]
        assert len(found) > len(tokenizer_codes)

    def test_error_fields(self):
        doc = parse("<p>\n  &bogus;</b>")
        assert doc.errors
        for error in doc.errors:
            assert isinstance(error, ParseError)
            assert isinstance(error.code, str) and error.code
            assert isinstance(error.line, int) and error.line >= 1
            assert isinstance(error.col, int) and error.col >= 1
            assert error.as_dict() == {"code": error.code, "line": error.line,
                                       "col": error.col}
        (charref,) = [e for e in doc.errors if e.code == "unknown-named-character-reference"]
        assert charref.line == 2
        assert charref.col == len("  &bogus;")

    def test_errors_in_stream_order(self):
        doc = parse("</x>\n&bogus;\n<p>\x00</p>\n</y>")
        offsets = [e.offset for e in doc.errors]
        assert offsets == sorted(offsets)

    def test_no_errors_for_conforming_document(self):
        doc = parse("<!DOCTYPE html><html><head><title>t</title></head>"
                    "<body><p>x</p><br/><svg><path/></svg></body></html>")
        assert doc.errors == []

    def test_fragment_errors(self):
        frag = parse_fragment("</b>&bogus;", "div")
        assert "unexpected-end-tag" in codes(frag.errors)
        assert "unknown-named-character-reference" in codes(frag.errors)
        assert parse_fragment("<p>x</p>", "div").errors == []

    @pytest.mark.parametrize("build", [
        lambda: parse("<!DOCTYPE html><p>\x01</b>"),
        lambda: parse_fragment("<p>\x01</b>", "div"),
    ])
    def test_errors_are_worked_out_once_when_first_read(self, build):
        # The input stream's errors (here the control character) take a
        # scan of the whole input: the parser leaves them to the first read.
        result = build()
        assert not isinstance(result._errors, list)
        errors = result.errors
        assert codes(errors) == ["control-character-in-input-stream", "unexpected-end-tag"]
        assert result.errors is errors and result._errors is errors

    def test_unread_errors_keep_the_input_not_the_parser(self):
        parser = markup5.HTMLParser()
        parser.feed(b"<p>\x01</b>")  # bytes: the parser keeps them while sniffing
        doc = parser.close()
        # What is kept: the input stream (with the text it scans), the
        # tokenizer's errors and positions, the tree builder's errors;
        # neither the parser nor the tokenizer, with its buffers.  (Asked
        # of the referents: the compiled build's classes take no weak
        # references.)
        kept = gc.get_referents(doc._errors)
        kept += [value for o in kept if type(o) is dict for value in o.values()]  # (a __dict__)
        assert any(type(o) is list and o and isinstance(o[0], ParseError) for o in kept)
        assert not any(isinstance(o, (markup5.Tokenizer, markup5.HTMLParser)) for o in kept)
        assert "control-character-in-input-stream" in codes(doc.errors)
        assert isinstance(doc._errors, list)  # the input is let go

    def test_errors_can_be_replaced_by_a_list_only(self):
        doc = parse("</b>")
        doc.errors = []
        assert doc.errors == []
        with pytest.raises(TypeError, match="errors must be a list, not tuple"):
            doc.errors = ()  # type: ignore[assignment]
        assert Document().errors == [] and DocumentFragment().errors == []

    # The standard, §13.2.6.4.7 "in body", end-of-file token: "If there is
    # a node in the stack of open elements that is not either a dd, dt, li,
    # optgroup, option, p, rb, rp, rt, rtc, tbody, td, tfoot, th, thead, tr
    # element, the body element, or the html element, then this is a parse
    # error."  The same list guards </body> and </html> in "in body".
    @pytest.mark.parametrize("source", [
        "<!DOCTYPE html><div>",
        "<!DOCTYPE html><table>",
        "<!DOCTYPE html><span>x",
    ])
    def test_eof_with_open_elements_is_error(self, source):
        assert parse(source).errors

    @pytest.mark.parametrize("source", [
        "<!DOCTYPE html><div></body>",
        "<!DOCTYPE html><div></html>",
    ])
    def test_body_end_tag_with_open_elements_is_error(self, source):
        assert parse(source).errors

    def test_eof_with_only_implied_elements_is_not_error(self):
        # p is closed by li; li (like p, dd, tr...) may stay open at EOF.
        assert parse("<!DOCTYPE html><p>x<li>y").errors == []
        # ul may not (the list in the in body EOF rule does not include it).
        assert [e.code for e in parse("<!DOCTYPE html><ul><li>y").errors] == [
            "eof-with-open-elements"]

    # §13.2.6: "When a start tag token is emitted with its self-closing flag
    # set, if the flag is not acknowledged when it is processed by the tree
    # construction stage, that is a parse error"
    # (non-void-html-element-start-tag-with-trailing-solidus).
    def test_self_closing_non_void_html_element_is_error(self):
        assert parse("<!DOCTYPE html><div/>").errors

    def test_self_closing_void_and_foreign_are_not_errors(self):
        assert parse("<!DOCTYPE html><br/><img/><svg><path/></svg><math><mi/></math>"
                     ).errors == []

    # A tree construction error is reported at its token (its last
    # character), not where the tokenizer has read ahead to.
    def test_tree_builder_error_position(self):
        doc = parse("<!DOCTYPE html><p>&bogus;</b>\n<x>\n  </y>")
        end_tag_errors = [e for e in doc.errors if e.code == "unexpected-end-tag"]
        assert len(end_tag_errors) == 2
        assert end_tag_errors[0].line == 1
        assert end_tag_errors[1].line == 3

    def test_missing_doctype_error_position(self):
        # The error is caused by the first start tag, not by the second.
        error = parse("<div><div>").errors[0]
        assert error.code == "expected-doctype-but-got-starttag"
        assert error.col <= len("<div>")


# ---------------------------------------------------------------------------
# DOM conveniences on a parsed document
# ---------------------------------------------------------------------------

DOM_SOURCE = ("<!DOCTYPE html><html><head><title>T</title></head><body>"
              "<div id=a><p id=b>one <b>two</b></p><!--c--><span id=c>three</span></div>"
              "<template id=t><p id=in>inside</p></template>"
              "<svg id=s viewbox='0 0 1 1' xlink:href='#x'><foreignObject><p id=fo>f</p>"
              "</foreignObject><clippath/></svg>"
              "<math definitionurl=u><mi>m</mi></math><?pi data?></body></html>")


@pytest.fixture(scope="module")
def dom_doc():
    return parse(DOM_SOURCE)


def _describe(node):
    if isinstance(node, Element):
        return node.local_name
    if isinstance(node, Text):
        return repr(node.data)
    if isinstance(node, Comment):
        return "<!--" + node.data + "-->"
    if isinstance(node, ProcessingInstruction):
        return "<?" + node.target + ">"
    return type(node).__name__


class TestDom:
    def test_iteration_order(self, dom_doc):
        order = [_describe(n) for n in dom_doc.iter()]
        assert order == [
            "DocumentType", "html", "head", "title", "'T'", "body",
            "div", "p", "'one '", "b", "'two'", "<!--c-->", "span", "'three'",
            "template",  # its contents are not children
            "svg", "foreignObject", "p", "'f'", "clipPath",
            "math", "mi", "'m'", "<?pi>",
        ]

    def test_iter_on_element_excludes_itself(self, dom_doc):
        div = dom_doc.get_element_by_id("a")
        assert [_describe(n) for n in div.iter()] == [
            "p", "'one '", "b", "'two'", "<!--c-->", "span", "'three'"]

    def test_children_and_len(self, dom_doc):
        div = dom_doc.get_element_by_id("a")
        assert len(div) == 3
        assert list(div) == div.children
        assert div.first_child is div.children[0] and div.last_child is div.children[-1]
        assert div.children[1].previous_sibling is div.children[0]
        assert div.children[1].next_sibling is div.children[2]

    def test_text_content(self, dom_doc):
        assert dom_doc.get_element_by_id("a").text_content == "one twothree"
        assert dom_doc.get_element_by_id("b").text_content == "one two"
        # Template contents are not descendants.
        assert dom_doc.get_element_by_id("t").text_content == ""
        assert dom_doc.get_element_by_id("t").template_contents.text_content == "inside"
        # The DOM gives null for a document; here the empty string.
        assert dom_doc.text_content == ""
        body = dom_doc.get_elements_by_tag_name("body")[0]
        assert body.text_content == "one twothreefm"

    def test_get_elements_by_tag_name(self, dom_doc):
        ps = dom_doc.get_elements_by_tag_name("p")
        # The p in the template contents is not found; the one in the
        # foreignObject is, in tree order.
        assert [p.attrs["id"] for p in ps] == ["b", "fo"]
        assert dom_doc.get_elements_by_tag_name("P") == ps
        # SVG names are case-sensitive.
        assert len(dom_doc.get_elements_by_tag_name("foreignObject")) == 1
        assert dom_doc.get_elements_by_tag_name("foreignobject") == []
        assert len(dom_doc.get_elements_by_tag_name("clipPath")) == 1
        every = dom_doc.get_elements_by_tag_name("*")
        assert every == [n for n in dom_doc.iter() if isinstance(n, Element)]
        assert every[0].local_name == "html"

    def test_get_element_by_id(self, dom_doc):
        assert dom_doc.get_element_by_id("c").local_name == "span"
        assert dom_doc.get_element_by_id("s").namespace == SVG_NAMESPACE
        assert dom_doc.get_element_by_id("in") is None  # inside template contents
        assert dom_doc.get_element_by_id("nope") is None
        t = dom_doc.get_element_by_id("t")
        assert t.template_contents.get_element_by_id("in").text_content == "inside"

    def test_first_id_wins(self):
        doc = parse("<p id=x>1</p><p id=x>2</p>")
        assert doc.get_element_by_id("x").text_content == "1"

    def test_parent_links_consistent(self, dom_doc):
        def check(root):
            count = 0
            stack = [root]
            while stack:
                node = stack.pop()
                for child in node.children:
                    assert child.parent is node
                    count += 1
                    if isinstance(child, Element) and child.template_contents is not None:
                        assert child.template_contents.parent is None
                        stack.append(child.template_contents)
                    if hasattr(child, "children"):
                        stack.append(child)
            return count

        # iter() skips the template contents: <p id=in> and its text.
        assert check(dom_doc) == len(list(dom_doc.iter())) + 2
        assert dom_doc.parent is None
        assert dom_doc.document_element.parent is dom_doc

    def test_template_contents_separate(self, dom_doc):
        t = dom_doc.get_element_by_id("t")
        assert t.children == []
        contents = t.template_contents
        assert isinstance(contents, DocumentFragment)
        (p,) = contents.children
        assert p.parent is contents and p.local_name == "p"
        assert serialize_children(t) == '<p id="in">inside</p>'
        assert serialize(t) == '<template id="t"><p id="in">inside</p></template>'
        # Only HTML templates have contents.
        assert dom_doc.get_element_by_id("a").template_contents is None

    def test_nested_template_contents(self):
        doc = parse("<template><template><b>x</b></template></template>")
        (outer,) = doc.get_elements_by_tag_name("template")
        (inner,) = outer.template_contents.children
        assert inner.local_name == "template" and inner.children == []
        assert serialize_children(inner) == "<b>x</b>"

    def test_template_in_table_and_body(self):
        doc = parse("<table><template><tr><td>x</td></tr></template></table>")
        (t,) = doc.get_elements_by_tag_name("template")
        assert t.parent.local_name == "table"
        assert serialize_children(t) == "<tr><td>x</td></tr>"

    def test_foreign_namespaces_and_names(self, dom_doc):
        svg = dom_doc.get_element_by_id("s")
        assert (svg.namespace, svg.local_name, svg.prefix) == (SVG_NAMESPACE, "svg", None)
        fo = svg.children[0]
        assert (fo.namespace, fo.local_name, fo.name) == (
            SVG_NAMESPACE, "foreignObject", "foreignObject")
        # foreignObject is an HTML integration point.
        assert fo.children[0].namespace == HTML_NAMESPACE
        assert svg.children[1].local_name == "clipPath"
        math = dom_doc.get_elements_by_tag_name("math")[0]
        assert math.namespace == MATHML_NAMESPACE
        assert math.children[0].namespace == MATHML_NAMESPACE

    def test_foreign_attributes_adjusted(self, dom_doc):
        svg = dom_doc.get_element_by_id("s")
        assert "viewBox" in svg.attrs and "viewbox" not in svg.attrs
        assert svg.attrs["viewBox"] == "0 0 1 1"
        assert svg.attrs["xlink:href"] == "#x"
        assert svg.attr_namespaces == {"xlink:href": XLINK_NAMESPACE}
        assert svg.attr_namespace("xlink:href") == XLINK_NAMESPACE
        assert svg.attr_namespace("viewBox") is None
        math = dom_doc.get_elements_by_tag_name("math")[0]
        assert math.attrs == {"definitionURL": "u"}

    def test_foreign_xml_and_xmlns_attributes(self):
        doc = parse('<svg xml:lang=en xmlns="http://www.w3.org/2000/svg" '
                    'xmlns:xlink="http://www.w3.org/1999/xlink"></svg>'
                    "<p xlink:href=x xml:lang=y>")
        (svg,) = doc.get_elements_by_tag_name("svg")
        assert svg.attr_namespaces == {"xml:lang": XML_NAMESPACE, "xmlns": XMLNS_NAMESPACE,
                                       "xmlns:xlink": XMLNS_NAMESPACE}
        # On HTML elements these are ordinary attributes without namespace.
        (p,) = doc.get_elements_by_tag_name("p")
        assert p.attrs == {"xlink:href": "x", "xml:lang": "y"}
        assert not p.attr_namespaces

    def test_html_breaks_out_of_svg(self):
        doc = parse("<svg><g><p>x</p></g></svg>")
        (p,) = doc.get_elements_by_tag_name("p")
        assert p.namespace == HTML_NAMESPACE
        assert p.parent.local_name == "body"

    def test_attrs_source_order_and_duplicates(self):
        doc = parse("<p z=1 a=2 Z=3 m='4'>")
        assert list(doc.get_elements_by_tag_name("p")[0].attrs.items()) == [
            ("z", "1"), ("a", "2"), ("m", "4")]


# ---------------------------------------------------------------------------
# Deep nesting: nothing may recurse
# ---------------------------------------------------------------------------

DEEP = 100_000


@pytest.fixture(scope="module")
def deep_div_doc():
    return parse("<div>" * DEEP)


def _deepest(node):
    while node.children:
        node = node.children[-1]
    return node


class TestDeepNesting:
    def test_parse_100k_divs(self, deep_div_doc):
        leaf = _deepest(deep_div_doc)
        assert leaf.local_name == "div"
        depth = 0
        node = leaf
        while node.parent is not None:
            node = node.parent
            depth += 1
        assert node is deep_div_doc
        assert depth == DEEP + 2  # html, body

    def test_serialize_100k(self, deep_div_doc):
        html = serialize(deep_div_doc)
        assert html == ("<html><head></head><body>" + "<div>" * DEEP + "</div>" * DEEP
                        + "</body></html>")
        body = deep_div_doc.get_elements_by_tag_name("body")  # iterates 100k levels
        assert len(body) == 1
        assert serialize_children(body[0]) == "<div>" * DEEP + "</div>" * DEEP

    def test_iter_100k(self, deep_div_doc):
        nodes = list(deep_div_doc.iter())
        assert len(nodes) == DEEP + 3
        assert sum(1 for n in nodes if n.local_name == "div") == DEEP
        assert deep_div_doc.get_elements_by_tag_name("body")[0].text_content == ""
        assert deep_div_doc.get_element_by_id("nope") is None

    def test_reparse_serialization_100k(self, deep_div_doc):
        again = parse(serialize(deep_div_doc))
        assert serialize(again) == serialize(deep_div_doc)

    def test_dump_tree_20k(self):
        n = 20_000
        doc = parse("<!DOCTYPE html>" + "<div>" * n + "x")
        text = dump_tree(doc)
        lines = text.split("\n")
        assert len(lines) == n + 5  # doctype, html, head, body, divs, text
        assert lines[-1] == "| " + "  " * (n + 2) + '"x"'
        del text, lines

    def test_dump_tree_lines_come_one_at_a_time(self):
        # The dump of <div> x 8,000 is 64 MB; its lines, written out as they
        # come, never are at once: the lines made hold a line at a time.
        n = 8_000
        doc = parse("<div>" * n + "x")
        tracemalloc.start()
        try:
            count = longest = 0
            for line in dump_tree_lines(doc):
                count += 1
                longest = max(longest, len(line))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert count == n + 4 and longest == 2 + 2 * (n + 2) + 3
        assert peak < 1_000_000
        small = parse("<!DOCTYPE html><template><b a=1>x</b></template><svg><path/></svg>")
        assert "\n".join(dump_tree_lines(small)) == dump_tree(small)

    def test_dump_of_something_else_is_a_type_error(self):
        for dump in (dump_tree, dump_tree_lines, markup5.xml.dump_xml_tree,
                     markup5.xml.dump_xml_tree_lines):
            with pytest.raises(TypeError, match="take a Node, not str"):
                dump("<p>")  # (before any line is asked for)

    def test_del_and_gc_100k(self):
        # In a subprocess: a crash in deallocation must fail this test, not
        # kill the test run.
        code = textwrap.dedent(f"""
            import gc, sys, weakref
            sys.setrecursionlimit(1000)
            import markup5
            for source in ("<div>" * {DEEP}, "<svg>" * 50_000, "<template>" * 20_000,
                           "<b>" * 50_000, "<table><tr><td>" * 20_000):
                doc = markup5.parse(source)
                node = doc
                while node.children:
                    node = node.children[-1]
                ref = weakref.ref(node)
                del node
                del doc
                gc.collect()
                assert ref() is None, source[:20]
            print("ok")
        """)
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                env={"PYTHONPATH": str(SRC)}, timeout=120)
        assert result.returncode == 0, result.stderr[-2000:]
        assert result.stdout.strip() == "ok"

    def test_del_and_gc_in_process(self):
        doc = parse("<div>" * 50_000)
        ref = weakref.ref(_deepest(doc))
        del doc
        gc.collect()
        assert ref() is None

    def test_deep_svg_50k(self):
        n = 50_000
        doc = parse("<svg>" * n)
        leaf = _deepest(doc)
        assert (leaf.namespace, leaf.local_name) == (SVG_NAMESPACE, "svg")
        assert sum(1 for e in doc.iter() if isinstance(e, Element)
                   and e.namespace == SVG_NAMESPACE) == n
        html = serialize(doc)
        assert html.count("<svg>") == n and html.count("</svg>") == n
        assert serialize(parse(html)) == html
        text = dump_tree(parse("<svg>" * 20_000))
        assert text.split("\n")[-1] == "| " + "  " * (20_000 + 1) + "<svg svg>"

    def test_deep_mixed_foreign(self):
        n = 30_000
        doc = parse("<svg><foreignObject><div>" * (n // 3) + "<math><mi><b>" * (n // 3))
        assert sum(1 for _ in doc.iter()) > n
        html = serialize(doc)
        assert serialize(parse(html)) == html

    def test_deep_template_20k(self):
        n = 20_000
        doc = parse("<template>" * n + "x")
        (outer,) = doc.get_elements_by_tag_name("template")
        # Walk down the template contents, which iter() does not enter.
        depth, node = 1, outer
        while node.template_contents.children:
            (child,) = node.template_contents.children
            if isinstance(child, Text):
                assert child.data == "x"
                break
            assert child.parent is node.template_contents
            node, depth = child, depth + 1
        assert depth == n
        html = serialize(doc)
        assert html == ("<html><head>" + "<template>" * n + "x" + "</template>" * n
                        + "</head><body></body></html>")
        assert serialize(parse(html)) == html
        # Template contents dump two levels deeper per template ("content"
        # line), so a full 20k dump is ~1.6 GB; check a 5k one.
        m = 5_000
        lines = dump_tree(parse("<template>" * m + "x")).split("\n")
        assert lines[-1] == "|   <body>"
        assert lines[-2] == "| " + "  " * (2 + 2 * m) + '"x"'
        assert len(lines) == 3 + 2 * m + 1

    def test_deep_fragment(self):
        frag = parse_fragment("<span>" * DEEP, "div")
        assert serialize(frag) == "<span>" * DEEP + "</span>" * DEEP
        assert sum(1 for _ in frag.iter()) == DEEP

    def test_deep_formatting_reconstruction(self):
        # Many open formatting elements: the "Noah's Ark" clause caps
        # identical entries at 3, and reconstruction must not recurse.
        doc = parse("<b>" * 20_000 + "<p>x")
        (p,) = doc.get_elements_by_tag_name("p")
        assert p.text_content == "x"
        serialize(doc)

    def test_deep_table_cells(self):
        n = 10_000
        doc = parse("<table><tr><td>" * n)
        assert len(doc.get_elements_by_tag_name("td")) == n
        html = serialize(doc)
        assert serialize(parse(html)) == html


# ---------------------------------------------------------------------------
# Serialization details
# ---------------------------------------------------------------------------

class TestSerialization:
    @pytest.mark.parametrize("tag", ["area", "base", "br", "col", "embed", "hr", "img",
                                     "input", "link", "meta", "source", "track", "wbr"])
    def test_void_elements(self, tag):
        frag = parse_fragment(f"<{tag} a=1></{tag}>x", "body" if tag != "col" else "colgroup")
        html = serialize(frag)
        assert html.startswith(f'<{tag} a="1">')
        assert f"</{tag}>" not in html

    def test_void_like_elements(self):
        # basefont, bgsound, frame, keygen, param: "serializes as void".
        for tag in ("basefont", "bgsound", "keygen", "param"):
            el = Element(tag)
            el.append_child(Text("x"))
            assert serialize(el) == f"<{tag}>"

    def test_non_void_self_closing_gets_end_tag(self):
        assert body_html("<div/><span/>x") == "<div><span>x</span></div>"

    def test_template_contents_serialized(self):
        assert serialize(parse_fragment("<template><td>x</td><!--c--></template>", "div")) == \
            "<template><td>x</td><!--c--></template>"

    def test_template_serialize_children(self):
        (t,) = parse_fragment("<template><b>x</b></template>", "div").children
        assert serialize_children(t) == "<b>x</b>"

    @pytest.mark.parametrize("tag", ["script", "style", "xmp", "iframe", "noembed",
                                     "noframes"])
    def test_raw_text_not_escaped(self, tag):
        content = "a<b && c>d &amp; \xa0"
        assert body_html(f"<body><{tag}>{content}</{tag}>") == f"<{tag}>{content}</{tag}>"

    def test_plaintext_not_escaped(self):
        assert body_html("<plaintext>a<b>&amp;") == "<plaintext>a<b>&amp;</plaintext>"

    def test_noscript_depends_on_scripting(self):
        doc = parse("<body><noscript><b>&amp;</b></noscript>", scripting=True)
        assert "<noscript><b>&amp;</b></noscript>" in serialize(doc, scripting=True)
        assert "<noscript>&lt;b&gt;&amp;amp;&lt;/b&gt;</noscript>" in serialize(doc)

    def test_rcdata_text_escaped(self):
        assert body_html("<textarea>a<b>&amp;</textarea>") == \
            "<textarea>a&lt;b&gt;&amp;</textarea>"

    def test_svg_script_and_style_escaped(self):
        assert body_html("<svg><style>a&amp;b</style><script>1 &lt; 2</script></svg>") == \
            "<svg><style>a&amp;b</style><script>1 &lt; 2</script></svg>"

    def test_text_escaping(self):
        assert body_html("a &amp; &lt; &gt; &nbsp; \" '") == \
            "a &amp; &lt; &gt; &nbsp; \" '"

    def test_attribute_escaping(self):
        html = body_html("<p title='a&amp;b \"q\" \xa0 <x> &apos;s&apos;'>")
        assert html == '<p title="a&amp;b &quot;q&quot; &nbsp; &lt;x&gt; \'s\'"></p>'

    def test_attribute_escaping_reparses(self):
        value = "a&b\"c'd\xa0e<f>g&amp;"
        el = Element("p", {"title": value})
        (p,) = parse_fragment(serialize(el), "div").children
        assert p.attrs["title"] == value

    def test_empty_attribute_value(self):
        assert body_html("<input disabled>") == '<input disabled="">'

    def test_foreign_attribute_names(self):
        html = body_html('<svg viewbox=1 xlink:href=a xml:lang=b xmlns:xlink=c>'
                         '<clippath/></svg><math definitionurl=d></math>')
        assert html == ('<svg viewBox="1" xlink:href="a" xml:lang="b" xmlns:xlink="c">'
                        '<clipPath></clipPath></svg><math definitionURL="d"></math>')

    def test_processing_instructions(self):
        assert body_html("<body><?target data here?><?empty?><?t a?b>") == \
            "<?target data here?><?empty ?><?t a?b?>"

    def test_processing_instruction_node(self):
        assert serialize(ProcessingInstruction("x", "y")) == "<?x y?>"
        assert serialize(ProcessingInstruction("x", "")) == "<?x ?>"

    def test_comments_and_doctype(self):
        doc = parse(f'<!DOCTYPE html PUBLIC "{HTML401_TRANSITIONAL}"><!--a--><p><!--b-->')
        # Public and system identifiers are not serialized.
        assert serialize(doc) == ("<!DOCTYPE html><!--a--><html><head></head>"
                                  "<body><p><!--b--></p></body></html>")

    def test_no_newline_added_after_pre(self):
        # The standard no longer inserts an LF after pre/textarea/listing
        # start tags (whatwg/html #1815), so a leading LF is lost on reparse.
        assert body_html("<pre>\n\nx</pre>") == "<pre>\nx</pre>"

    def test_serialize_text_node_by_parent(self):
        doc = parse("<script>a<b</script><p>a< b</p>")
        (script,) = doc.get_elements_by_tag_name("script")
        (p,) = doc.get_elements_by_tag_name("p")
        assert serialize(script.children[0]) == "a<b"
        assert serialize(p.children[0]) == "a&lt; b"

    def test_serialize_element_is_outer_html(self):
        doc = parse("<div id=x><p>a</p></div>")
        div = doc.get_element_by_id("x")
        assert serialize(div) == '<div id="x"><p>a</p></div>'
        assert serialize_children(div) == "<p>a</p>"
        assert div.to_html() == serialize(div)


# ---------------------------------------------------------------------------
# Property-based tests
# ---------------------------------------------------------------------------

TAGS = [
    "p", "b", "i", "a", "div", "span", "em", "u", "s", "code", "big", "small", "strike",
    "tt", "sub", "sup", "font", "nobr", "center", "marquee", "object", "applet",
    "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "colgroup", "col",
    "svg", "path", "desc", "foreignObject", "math", "mi", "mtext", "annotation-xml",
    "template", "select", "option", "optgroup", "selectedcontent", "button", "label",
    "form", "input", "fieldset", "legend", "details", "summary", "dialog",
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
    "noscript", "pre", "listing", "ul", "li", "menu", "dd", "dt", "h1", "h2", "hgroup",
    "search", "ruby", "rt", "rp", "br", "img", "image", "hr", "area", "frame", "keygen",
    "html", "head", "body", "frameset",
]
TABLE_TAGS = frozenset({"table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption",
                        "colgroup", "col"})
# Elements whose start tag implicitly closes an open element of the same
# kind (p closes p; li, dd, dt, headings, option, optgroup; a and nobr via
# the adoption agency; button; select).  Inside a <table> that is itself
# inside such an element, a second start tag is "anything else" in the
# table modes, so it is processed with foster parenting: the in-body rule
# looks for the open element only up to the table (a scope boundary),
# finds nothing to close, and the new element is inserted *before the
# table, inside the first one* -- e.g. "<li><table><li>" builds
# <li><li></li><table></table></li>.  Serialized, "<li><li>" re-parses as
# two siblings.  So documents with table markup leave these tags out.
# (In quirks mode "<p><table>" keeps the table inside the <p>, the same
# case; excluding p from table documents covers it too, so the doctype is
# free to vary.)
SELF_CLOSING_BY_SIBLING = frozenset({"p", "li", "dd", "dt", "h1", "h2", "a", "nobr",
                                     "button", "option", "optgroup", "select"})
# End tags never generated: </form> when the form is not the current node
# removes the form from the stack of open elements but leaves its open
# descendants, so a later <form> is created *inside* the first one, e.g.
# "<form><annotation-xml></form><form>".  Nested forms cannot be written in
# HTML: the re-parse ignores the inner <form> (the form element pointer is
# set).
NO_END_TAG = frozenset({"form"})
# Also left out everywhere:
# * <plaintext>: it has no end tag, so the "</plaintext>" the serializer
#   writes, and everything after it, re-parses as text;
# * LF and CR: the parser drops a single LF right after <pre>, <textarea>
#   and <listing> start tags, and the standard's serializer no longer
#   writes an extra LF for them (whatwg/html #1815), so a text child
#   starting with LF loses it on each round trip;
# * a bare "<!--" and "-" in random text: a <script> ending at EOF in the
#   "script data double escaped" state (e.g. "<script><!--<script>") keeps
#   "<!--<script>" as its text; the serialized "</script>" is then read
#   as the end of the inner, escaped <script> and becomes text too.
ATTRIBUTES = ["", " class=x", ' title="a&amp;b"', " title='q\"uote'", " id=a&b",
              " v=\xa0", ' x="<>"', " x=&lt;&#34;", " viewbox=1", " xlink:href=#",
              " definitionurl=u", " encoding=text/html", " color=red", " type=hidden",
              " selected", " a=1 a=2"]
MISC = ["<!--c-->", "<!-- a -- b -->", "<!---->", "<!->", "<?x y?>", "<?pi?>", "<?x a?b>",
        "<?xml v?>", "<!DOCTYPE html>", "<![CDATA[c<d]]>", "&amp;", "&", "&lt;", "&bogus;",
        "&notin", "&#x110000;", "<", ">", "\xa0", "&nbsp;", "text", " ", "\t", "\x0c",
        "\x00", "&#0;", "</", "<!", "-->", "]]>", "'", '"', "=", "/", "</ >", "<a b='"]
SAFE_TEXT = st.text(st.characters(blacklist_characters="\n\r<-", blacklist_categories=("Cs",)),
                    max_size=5)
DOCTYPES = ["", "<!DOCTYPE html>",
            f'<!DOCTYPE html PUBLIC "{HTML401_TRANSITIONAL}">',
            f'<!DOCTYPE html PUBLIC "{HTML401_TRANSITIONAL}" "x">']


def _pieces(tags):
    tags = sorted(tags)
    end_tags = [t for t in tags if t not in NO_END_TAG]
    return st.one_of(
        st.builds(lambda t, a, sc: f"<{t}{a}{'/' if sc else ''}>",
                  st.sampled_from(tags), st.sampled_from(ATTRIBUTES), st.booleans()),
        st.builds(lambda t: f"</{t}>", st.sampled_from(end_tags)),
        st.sampled_from(MISC),
        SAFE_TEXT,
    )


def _markup(tags):
    return st.lists(_pieces(tags), max_size=30).map("".join)


ROUND_TRIP_MARKUP = st.one_of(
    _markup(set(TAGS) - TABLE_TAGS),
    _markup(set(TAGS) - SELF_CLOSING_BY_SIBLING),
)
ROUND_TRIP_DOCUMENTS = st.builds(lambda d, s: d + s, st.sampled_from(DOCTYPES),
                                 ROUND_TRIP_MARKUP)

# Anything goes for "never raises".
ANY_PIECES = st.one_of(
    st.builds(lambda t, a, sc: f"<{t}{a}{'/' if sc else ''}>",
              st.sampled_from(TAGS + ["plaintext", "X", "svg:a", "a<b"]),
              st.sampled_from(ATTRIBUTES), st.booleans()),
    st.builds(lambda t: f"</{t}>", st.sampled_from(TAGS + ["plaintext"])),
    st.sampled_from(MISC + ["\n", "\r", "\r\n", "<!--", "<script>", "<!--<script>",
                            "\ud800", "\U0001F600", "\ufeff", "&#x0d;", "&NewLine;"]),
    st.text(max_size=8),
)
ANY_MARKUP = st.lists(ANY_PIECES, max_size=40).map("".join)

PROPERTY_SETTINGS = settings(deadline=None, max_examples=300, database=None,
                             suppress_health_check=[HealthCheck.too_slow,
                                                    HealthCheck.data_too_large])


@PROPERTY_SETTINGS
@given(ANY_MARKUP, st.booleans())
def test_parse_never_raises(source, scripting):
    doc = parse(source, scripting=scripting)
    for node in doc.iter():
        assert node.parent is not None
    serialize(doc)
    dump_tree(doc)
    for error in doc.errors:
        assert error.line >= 1 and error.col >= 1


@PROPERTY_SETTINGS
@given(st.binary(max_size=200))
def test_parse_bytes_never_raises(data):
    doc = parse(data)
    assert doc.document_element is not None


@PROPERTY_SETTINGS
@given(ANY_MARKUP, st.sampled_from(["body", "div", "td", "tr", "table", "select",
                                    "template", "textarea", "script", "style",
                                    "plaintext", "title", "html", "head", "colgroup",
                                    "frameset", "svg path", "svg foreignObject", "math mi",
                                    "math annotation-xml", "svg desc", "noscript"]))
def test_parse_fragment_never_raises(source, context):
    frag = parse_fragment(source, context)
    for child in frag.children:
        assert child.parent is frag
    serialize(frag)


# A CR that a character reference makes ("&" + "#13" from the pieces) is
# written as it is and read back as LF (the round-trip class
# "carriage-return" in fuzz/roundtrip.py); the pieces hold no literal CR.
_CR_REFERENCE = "<a>&#13"  # drawn with --hypothesis-seed=14


def _assume_not_foster_parented(doc) -> None:
    """Leave out the trees of the documented class ``foster-parented``
    (``fuzz/roundtrip.py``): the second strategy keeps the table tags, and
    an element that foster parenting moved out of a table, a formatting
    element above all (``<table><a b='<a b='...``, drawn on 2026-11-25),
    need not come back where it was when its serialization is read again."""
    if str(SRC.parent) not in sys.path:
        sys.path.insert(0, str(SRC.parent))
    from fuzz.roundtrip import unstable_class
    assume(unstable_class(doc) != "foster-parented")


@PROPERTY_SETTINGS
@given(ROUND_TRIP_DOCUMENTS)
@example(_CR_REFERENCE)
def test_serialize_reparse_is_stable(source):
    doc = parse(source)
    _assume_not_foster_parented(doc)
    once = serialize(doc)
    assume("\r" not in once)
    assert serialize(parse(once)) == once


@PROPERTY_SETTINGS
@given(ROUND_TRIP_DOCUMENTS)
@example(_CR_REFERENCE)
def test_serialize_reparse_is_stable_with_scripting(source):
    doc = parse(source, scripting=True)
    _assume_not_foster_parented(doc)
    once = serialize(doc, scripting=True)
    assume("\r" not in once)
    assert serialize(parse(once, scripting=True), scripting=True) == once


@PROPERTY_SETTINGS
@given(ROUND_TRIP_MARKUP)
@example(_CR_REFERENCE)
def test_fragment_round_trip(source):
    first = parse_fragment(source, "div")
    html = serialize_children(first)
    assume("\r" not in html)
    second = parse_fragment(html, "div")
    assert dump_tree(second) == dump_tree(first)


@PROPERTY_SETTINGS
@given(st.lists(st.sampled_from(["<b>", "</b>", "<i>", "</i>", "<a href=x>", "</a>",
                                 "<span>", "</span>", "<em>", "</em>", "<br>", "<img>",
                                 "text", "&amp;", "&lt;", "\xa0", "<!--c-->", "<?x y?>"]),
                max_size=40).map("".join))
def test_inline_fragment_round_trip_is_exact(source):
    # Adoption agency and reconstruction never nest the same phrasing
    # element in a way HTML cannot express, so the round trip is exact
    # after one normalization, and the text survives unchanged.
    first = parse_fragment(source, "p")
    html = serialize_children(first)
    second = parse_fragment(html, "p")
    assert dump_tree(second) == dump_tree(first)
    assert serialize_children(second) == html
    assert second.text_content == first.text_content


# Documented, non-roundtrippable constructs (the reasons for the strategy
# restrictions above), kept as examples so a change in behaviour is seen.
@pytest.mark.parametrize("source", [
    "<!DOCTYPE html><li><table><li>",
    "<p><table><p>",
    "<!DOCTYPE html><form><annotation-xml></form><form>",
    "<plaintext>",
    "<pre>\n\nx</pre>",
    "<script><!--<script>",
])
def test_known_unstable_round_trips(source):
    once = serialize(parse(source))
    assert serialize(parse(once)) != once


@pytest.mark.parametrize("run", [
    lambda: markup5.parse("<p>a<b>b"),
    lambda: markup5.parse(b"<p>a<b>b"),
    lambda: markup5.parse_fragment("<td>a<b>b", "tr"),
])
def test_one_shot_parses_pause_and_restore_the_garbage_collector(run, monkeypatch):
    # parse() and parse_fragment() pause the cyclic collector while they
    # build the tree (markup5._collector) and leave it as they found it.
    # (Observed where the DOM sink makes elements: the module global _new,
    # which the compiled build looks up at each call too.)
    from markup5.dom import Element
    from markup5.html.parser import HTMLParser
    from markup5.html.parser import sink

    seen = []
    original = sink._new

    def new(cls):
        if cls is Element:
            seen.append(gc.isenabled())
        return original(cls)

    monkeypatch.setattr(sink, "_new", new)
    assert gc.isenabled()
    run()
    assert gc.isenabled() and seen and not any(seen)
    gc.disable()
    try:
        run()
        assert not gc.isenabled()
    finally:
        gc.enable()
    # The incremental parser leaves the collector alone.
    seen.clear()
    parser = HTMLParser()
    parser.feed("<p>a")
    parser.close()
    assert seen and all(seen)


@pytest.mark.skipif(
    not markup5.html.parser.__file__.endswith(".py"),
    reason="the slots are the pure-Python build's layout (mypyc's native classes have their own)")
def test_parser_and_tokenizer_state_is_in_slots() -> None:
    # Their state lives in __slots__ (see SelectednessMixin): with more
    # than 30 attributes an instance dict's keys are not shared, and every
    # read of parser state was a dict lookup.  A subclass gets a dict again.
    from markup5.html.parser import HTMLParser

    parser = HTMLParser()
    parser.feed("<p>x")
    parser.close()
    assert not hasattr(parser, "__dict__")
    assert not hasattr(parser.tokenizer, "__dict__")
    assert weakref.ref(parser)() is parser and weakref.ref(parser.tokenizer)() is parser.tokenizer
    with pytest.raises(AttributeError):
        parser.no_such_attribute = 1  # type: ignore[attr-defined]

    class Custom(HTMLParser):
        pass

    custom = Custom()
    custom.__dict__["note"] = "kept"
    custom.feed("<p>x")
    custom.close()
    assert custom.__dict__ == {"note": "kept"}


@pytest.mark.parametrize("run", [
    lambda: markup5.parse("<p>a<b>b</b><table><td>c</table>" * 20),
    lambda: markup5.parse(b"<meta charset=utf-8><p>a<b>b</b>" * 20),
    lambda: markup5.parse_fragment("<td>a<b>b</b><td>c" * 20, "tr"),
    lambda: markup5.parse_xml("<r><a x='1'>b</a><!-- c --></r>" * 20),
])
def test_a_dropped_tree_is_garbage_to_the_next_young_collection(run):
    # Everything a one-shot parse makes is made with the collector paused
    # (markup5._collector), the parser itself included.  A collection that
    # ran while the parser was being made found it alive and moved it to an
    # older generation; dropped, it then kept its whole tree alive through
    # the young collections, which skip what older objects refer to, until
    # the next collection of the older generation (on Python 3.12 and 3.13,
    # where a collection runs at the interpreter's next check rather than
    # at the allocation, that was most trees, and parse() took 13-14% longer).
    # Here a collection is due at every allocation outside the pause, and
    # none may find an object of markup5's in an older generation, but for
    # the pause itself (an object made just before it, holding one bool).
    found: list[list[str]] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            found.append([type(o).__qualname__ for generation in (1, 2)
                          for o in gc.get_objects(generation)
                          if type(o).__module__.startswith("markup5")
                          and type(o).__qualname__ != "collector_paused"])

    gc.collect()
    gc.freeze()  # (what exists now is not looked at)
    thresholds = gc.get_threshold()
    gc.callbacks.append(watch)
    gc.set_threshold(1)
    try:
        for _ in range(3):
            run()
    finally:
        gc.set_threshold(*thresholds)
        gc.callbacks.remove(watch)
        gc.unfreeze()
    assert len(found) >= 2
    assert not any(found), found
