"""The serializer's options (html5lib's) and pretty-printing, on trees."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import markup5
from html5lib_tree import load_cases
from markup5.dom import Element, ParentNode, Text
from markup5.html.serializer import SerializerOptions, serialize, serialize_children
from markup5.html.serializer import serialize_events
from markup5.html.walker import PRESERVE_WHITESPACE, PRETTY_MAX_LEVEL, walk
from markup5.treedump import dump_tree

def body(markup):
    return markup5.parse(markup).body


def first(markup):
    return markup5.parse_fragment(markup).children[0]


class TestDefaults:
    def test_default_options_are_the_standard(self):
        assert SerializerOptions() == SerializerOptions(quote_attr_values=True)

    def test_event_path_with_defaults_equals_fast_path(self):
        """The tree walker + writer with default options give exactly the
        standard's algorithm on every tree-construction fixture."""
        count = 0
        for case in load_cases():
            if case.fragment_context is not None:
                continue
            scripting = case.script == "on"
            doc = markup5.parse(case.data, scripting=scripting)
            assert serialize_events(walk(doc), scripting=scripting) == \
                serialize(doc, scripting=scripting), case.data
            count += 1
        assert count > 1500


class TestAttributeOptions:
    def test_quote_modes(self):
        el = first('<p a="x" b="x y" c="" d="x=y" e="a&b" f="x/y" g="\u3000">')
        assert serialize(el, quote_attr_values="spec") == (
            '<p a=x b="x y" c="" d="x=y" e=a&amp;b f=x/y g=\u3000></p>')
        assert serialize(el, quote_attr_values="legacy") == (
            '<p a=x b="x y" c="" d="x=y" e=a&amp;b f="x/y" g="\u3000"></p>')
        assert serialize(el, quote_attr_values="always") == serialize(el)

    def test_quote_char_and_best_quote(self):
        el = first("""<p a='say "hi"' b="it's" c='both " and &apos;'>""")
        assert serialize(el, quote_char="'") == (
            """<p a='say "hi"' b='it&#39;s' c='both " and &#39;'></p>""")
        assert serialize(el, use_best_quote_char=True) == (
            """<p a='say "hi"' b="it's" c="both &quot; and '"></p>""")

    def test_less_than_and_greater_than(self):
        el = first('<p title="a<b>c">')
        assert serialize(el) == '<p title="a&lt;b&gt;c"></p>'
        assert serialize(el, escape_lt_in_attrs=False) == '<p title="a<b>c"></p>'
        assert serialize(el, quote_attr_values="spec", escape_lt_in_attrs=False) == \
            '<p title="a<b>c"></p>'
        assert serialize(first('<p title="a<b">'), quote_attr_values="spec") == \
            "<p title=a&lt;b></p>"

    def test_minimize_boolean_attributes(self):
        el = first('<input disabled="disabled" checked="" required="no" value="">')
        assert serialize(el, minimize_boolean_attributes=True) == (
            '<input disabled checked required="no" value="">')
        # Only the element's own boolean attributes, and global ones.
        assert serialize(first('<p disabled="">'), minimize_boolean_attributes=True) == \
            '<p disabled=""></p>'
        assert serialize(first('<p hidden="">'), minimize_boolean_attributes=True) == \
            "<p hidden></p>"

    def test_trailing_solidus(self):
        el = first("<p><br><img src=x></p>")
        assert serialize(el, use_trailing_solidus=True) == '<p><br /><img src="x" /></p>'
        assert serialize(el, use_trailing_solidus=True, space_before_trailing_solidus=False) \
            == '<p><br/><img src="x"/></p>'

    def test_alphabetical_attributes(self):
        assert serialize(first("<p z=1 a=2 m=3>"), alphabetical_attributes=True) == \
            '<p a="2" m="3" z="1"></p>'


class TestTextOptions:
    def test_escape_rcdata(self):
        el = first("<script>if (a < b && c) {}</script>")
        assert serialize(el) == "<script>if (a < b && c) {}</script>"
        assert serialize(el, escape_rcdata=True) == \
            "<script>if (a &lt; b &amp;&amp; c) {}</script>"

    def test_strip_whitespace(self):
        el = first("<div> a \n\n b <pre> x \n y </pre><textarea> t  t </textarea>"
                   "<script> s  s </script></div>")
        assert serialize(el, strip_whitespace=True) == (
            "<div> a b <pre> x \n y </pre><textarea> t  t </textarea>"
            "<script> s  s </script></div>")

    def test_encoding_writes_references(self):
        el = first("<p title='caf\xe9 \u2603'>caf\xe9 \u2603 \U0001F600</p>")
        assert serialize(el, encoding="ascii") == (
            '<p title="caf&#233; &#9731;">caf&#233; &#9731; &#128512;</p>')
        assert serialize(el, encoding="ascii", resolve_entities=False) == (
            '<p title="caf&eacute; &#9731;">caf&eacute; &#9731; &#128512;</p>')
        assert serialize(el, encoding="latin-1") == (
            '<p title="caf\xe9 &#9731;">caf\xe9 &#9731; &#128512;</p>')
        assert serialize(el, encoding="utf-8") == serialize(el)

    def test_doctype_ids(self):
        doc = markup5.parse('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" '
                            '"http://www.w3.org/TR/html4/strict.dtd"><p>x')
        assert serialize(doc).startswith("<!DOCTYPE html>")
        assert serialize(doc, doctype_ids=True).startswith(
            '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" '
            '"http://www.w3.org/TR/html4/strict.dtd">')
        system = markup5.parse('<!DOCTYPE html SYSTEM "about:legacy-compat">')
        assert serialize(system, doctype_ids=True).startswith(
            '<!DOCTYPE html SYSTEM "about:legacy-compat">')


class TestDocumentOptions:
    def test_inject_meta_charset(self):
        doc = markup5.parse("<title>t</title><p>x")
        assert serialize(doc, inject_meta_charset=True, encoding="utf-8") == (
            '<html><head><meta charset="utf-8"><title>t</title></head>'
            "<body><p>x</p></body></html>")
        # Without an encoding there is nothing to declare.
        assert serialize(doc, inject_meta_charset=True) == serialize(doc)

    def test_inject_meta_charset_rewrites_existing(self):
        doc = markup5.parse('<meta charset=ascii><meta http-equiv="Content-Type" '
                            'content="text/html; charset=ascii">')
        assert serialize(doc.head, inject_meta_charset=True, encoding="utf-8") == (
            '<head><meta charset="utf-8"><meta http-equiv="Content-Type" '
            'content="text/html; charset=utf-8"></head>')

    def test_omit_optional_tags(self):
        doc = markup5.parse("<!DOCTYPE html><html><head><title>T</title></head>"
                            "<body><p>a</p><p>b</p><ul><li>1</li><li>2</li></ul>"
                            "<table><tbody><tr><td>x</td><td>y</td></tr></tbody></table>"
                            "</body></html>")
        out = serialize(doc, omit_optional_tags=True)
        assert out == ("<!DOCTYPE html><title>T</title><p>a<p>b<ul><li>1<li>2</ul>"
                       "<table><tr><td>x<td>y</table>")
        assert serialize(markup5.parse(out)) == serialize(doc)

    def test_omit_keeps_what_matters(self):
        doc = markup5.parse("<!--c--><html lang=en><body> <p>a</p><!--x--></body>")
        out = serialize(doc, omit_optional_tags=True)
        assert out == '<!--c--><html lang="en"><body> <p>a</p><!--x-->'

    def test_p_end_tag_in_an_a_parent_is_kept(self):
        div = markup5.parse_fragment("<a><p>x</p></a><div><p>y</p></div>")
        assert serialize(div, omit_optional_tags=True) == "<a><p>x</p></a><div><p>y</div>"


class TestArgumentChecks:
    def test_unknown_option_is_a_type_error(self):
        with pytest.raises(TypeError):
            serialize(first("<p>"), no_such_option=True)

    @pytest.mark.parametrize(("option", "value"), [
        ("quote_attr_values", "sometimes"), ("quote_char", "`"), ("encoding", "no-such"),
        ("indent", "--")])
    def test_bad_values(self, option, value):
        with pytest.raises(ValueError, match=option if option != "encoding" else "encoding"):
            serialize(first("<p>"), **{option: value})

    @pytest.mark.parametrize(("option", "value"), [
        ("quote_attr_values", 3), ("omit_optional_tags", "yes"), ("pretty", 1),
        ("encoding", 8), ("indent", 2), ("scripting", None)])
    def test_bad_types(self, option, value):
        with pytest.raises(TypeError, match=option):
            serialize(first("<p>"), **{option: value})

    def test_not_a_node(self):
        with pytest.raises(TypeError):
            serialize("<p>")
        with pytest.raises(TypeError):
            serialize_children(None)
        with pytest.raises(TypeError):
            serialize_events([], {"pretty": True})


# --------------------------------------------------------------------------
# Pretty-printing
# --------------------------------------------------------------------------

class TestPretty:
    def test_document(self):
        doc = markup5.parse("<!DOCTYPE html><title>T</title><div><p>Hello <b>you</b></p>"
                            "<ul><li>one<li>two</ul></div>")
        assert serialize(doc, pretty=True) == "\n".join([
            "<!DOCTYPE html>",
            "<html>",
            "  <head>",
            "    <title>T</title>",
            "  </head>",
            "  <body>",
            "    <div>",
            "      <p>Hello <b>you</b></p>",
            "      <ul>",
            "        <li>one</li>",
            "        <li>two</li>",
            "      </ul>",
            "    </div>",
            "  </body></html>",
        ])

    def test_indent(self):
        div = first("<div><p>x</p></div>")
        assert serialize(div, pretty=True, indent="\t") == "<div>\n\t<p>x</p>\n</div>"

    def test_inline_content_untouched(self):
        div = first("<div>a <b>b</b><br>c<p>d</p></div>")
        assert serialize(div, pretty=True) == serialize(div)

    def test_whitespace_sensitive_elements_untouched(self):
        for markup in ("<pre><div><p>x</p></div></pre>", "<textarea>\n  a\n</textarea>",
                       "<script> <div></div> </script>", "<svg><g><rect/></g></svg>"):
            el = first(markup)
            assert serialize(el, pretty=True) == serialize(el), markup

    def test_inside_pre_even_from_a_descendant(self):
        doc = markup5.parse("<pre><div><p>x</p></div></pre>")
        div = doc.get_elements_by_tag_name("div")[0]
        assert serialize(div, pretty=True) == "<div><p>x</p></div>"

    def test_children_of_a_block(self):
        div = first("<div> <p>a</p>  <p>b</p> </div>")
        assert serialize_children(div, pretty=True) == "<p>a</p>\n<p>b</p>"

    def test_table_and_template(self):
        doc = markup5.parse("<template><li>a</li><li>b</li></template>"
                            "<table><tr><td>1</td></tr></table>")
        assert serialize(doc.body, pretty=True) == "\n".join([
            "<body>",
            "  <table>",
            "    <tbody>",
            "      <tr>",
            "        <td>1</td>",
            "      </tr>",
            "    </tbody>",
            "  </table>",
            "</body>",
        ])
        template = doc.head.children[0]
        assert serialize(template, pretty=True) == \
            "<template>\n  <li>a</li>\n  <li>b</li>\n</template>"

    def test_combines_with_options(self):
        div = first("<div><p title='x'>a</p></div>")
        assert serialize(div, pretty=True, quote_attr_values="spec") == \
            "<div>\n  <p title=x>a</p>\n</div>"

    def test_deep_tree(self):
        root = Element("div")
        node = root
        for _ in range(100_000):
            child = Element("div")
            node.children.append(child)
            child.parent = node
            node = child
        out = serialize(root, pretty=True, indent="")
        assert out.count("<div>") == 100_001

    def test_indentation_stops_growing_at_the_deepest_level(self):
        # Indenting each line by its depth would make 8,000 nested divs
        # (40 KB) 128 MB of output; the lines deeper than PRETTY_MAX_LEVEL
        # are indented as that level, so the output stays linear.
        for n in (150, 8_000):
            doc = markup5.parse("<div>" * n)
            out = serialize(doc, pretty=True)
            # The k-th div is at level k + 2 (html, body).
            widths = [len(line) - len(line.lstrip(" ")) for line in out.split("\n")
                      if line.lstrip(" ").startswith("<div>")]
            assert widths == [2 * min(k + 2, PRETTY_MAX_LEVEL) for k in range(n)]
            assert len(out) < 2 * n * (2 * PRETTY_MAX_LEVEL + 8) + 100  # two lines a div
            assert _normalized(markup5.parse(out)) == _normalized(doc)


def _normalized(node):
    """The tree dump without whitespace-only text outside the elements where
    whitespace is content."""
    root = node.clone(deep=True)
    stack = [(root, False)]
    while stack:
        current, keep = stack.pop()
        children = current.children
        if isinstance(current, Element) and current.template_contents is not None:
            stack.append((current.template_contents, keep))
        if not keep:
            current.children = [c for c in children if not (
                isinstance(c, Text) and not c.data.strip("\t\n\f\r "))]
        for child in current.children:
            if isinstance(child, ParentNode):
                inner = keep or (isinstance(child, Element) and (
                    child.namespace != "http://www.w3.org/1999/xhtml"
                    or child.local_name in PRESERVE_WHITESPACE))
                stack.append((child, inner))
    return dump_tree(root)


def test_pretty_output_reparses_to_the_same_tree():
    """For every tree-construction fixture whose tree survives the
    standard's serialization (some do not: a script holding "<!--<script",
    text after <plaintext>, ...): parsing the pretty output gives the same
    tree, except for whitespace-only text where whitespace is not
    content."""
    count = 0
    for case in load_cases():
        if case.fragment_context is not None or case.script == "on":
            continue
        doc = markup5.parse(case.data)
        plain = markup5.parse(serialize(doc))
        if dump_tree(plain) != dump_tree(doc):
            continue
        pretty = markup5.parse(serialize(doc, pretty=True))
        assert _normalized(pretty) == _normalized(doc), case.data
        count += 1
    assert count > 1000


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([
    "<div>", "</div>", "<p>", "</p>", "<ul>", "<li>", "</ul>", "<table>", "<tr>", "<td>",
    "</table>", "<pre>", "</pre>", "<b>", "</b>", "<br>", " ", "\n", "x", "y z",
    "<!--c-->", "<select>", "<option>", "<textarea>", "</textarea>", "<svg>", "<g>",
    "</svg>", "<template>", "</template>", "<h1>", "<dl>", "<dt>", "<dd>"]), max_size=30))
def test_pretty_round_trip_property(parts):
    doc = markup5.parse("".join(parts))
    if dump_tree(markup5.parse(serialize(doc))) != dump_tree(doc):
        return  # the standard's serialization does not round-trip this tree
    pretty = markup5.parse(serialize(doc, pretty=True))
    assert _normalized(pretty) == _normalized(doc)
