"""The HTML serializer (markup5.html.serializer) and the tree dump
(markup5.treedump).

(a) The html5lib-tests serializer fixtures: each test's token stream
    (html5lib tree-walker tokens) is turned into a DOM and
    ``serialize_children`` of it must equal one of the "expected" strings.
    html5lib's serializer has options and defaults the HTML Standard does
    not (it omits optional tags, leaves attribute values unquoted when it
    can, picks the quote character, writes doctype identifiers, ...); the
    tests that depend on those are listed in ``SKIPPED`` with the reason.
(b) Unit tests of the standard's rules.
(c) ``dump_tree`` on hand-built DOMs, and a round trip of every
    tree-construction fixture's ``#document`` dump through a DOM.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from html5lib_tree import load_cases, parse_dump
from markup5.dom import (
    HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE,
    XMLNS_NAMESPACE, Comment, Document, DocumentFragment, DocumentType, Element,
    ProcessingInstruction, Text,
)
from markup5.html.serializer import (
    VOID_ELEMENTS, escape_attribute, escape_text, serialize, serialize_children,
)
from markup5.treedump import dump_tree

SERIALIZER_FIXTURES = Path(__file__).parent / "fixtures" / "html5lib-tests" / "serializer"

# --------------------------------------------------------------------------
# (a) html5lib serializer fixtures
# --------------------------------------------------------------------------

#: Whole files that test html5lib-only behaviour.
SKIPPED_FILES = {
    "optionaltags.test": (
        "omit_optional_tags (html5lib's default): the standard's serialization "
        "never omits start or end tags; many of these token streams (stray end "
        "tags) do not even form a tree"),
    "injectmeta.test": (
        "inject_meta_charset: html5lib inserts/rewrites <meta charset>; the "
        "standard's serialization does not touch the tree"),
}

_UNQUOTED = ("html5lib leaves attribute values unquoted when it can; the standard "
             "always uses double quotes")
_QUOTE_CHOICE = ("html5lib switches to single quotes when the value holds '\"'; "
                 "the standard always uses double quotes and escapes '\"' as &quot;")
_DOCTYPE_IDS = ("html5lib writes the doctype's PUBLIC/SYSTEM identifiers; the "
                "standard serializes <!DOCTYPE name> only")
_OMITTED_END = ("html5lib omits the optional end tag (omit_optional_tags is on by "
                "default)")

#: Individual tests (file:index, index from 0) whose expected output relies
#: on html5lib choices or html5lib-only options.
SKIPPED = {
    "core.test:0": _QUOTE_CHOICE,
    "core.test:1": _UNQUOTED,
    "core.test:2": _UNQUOTED,
    "core.test:5": _QUOTE_CHOICE,
    "core.test:12": _UNQUOTED,
    "core.test:20": _DOCTYPE_IDS,
    "core.test:21": _DOCTYPE_IDS,
    "core.test:22": _DOCTYPE_IDS,
    "options.test:0": "quote_char option (html5lib-only): single quotes, ' as &#39;",
    "options.test:1": "quote_attr_values option with html5lib's boolean attribute "
                      "minimization (disabled=disabled -> disabled)",
    "options.test:2": "quote_attr_values option with html5lib's boolean attribute "
                      "minimization (irrelevant=irrelevant -> irrelevant)",
    "options.test:3": "use_trailing_solidus option (html5lib-only): <img />",
    "options.test:5": "minimize_boolean_attributes=False with html5lib's unquoted "
                      "values (irrelevant=irrelevant)",
    "options.test:8": "escape_rcdata option (html5lib-only): the standard never "
                      "escapes the text of a script element",
    "whitespace.test:0": "strip_whitespace option (html5lib-only)",
    "whitespace.test:1": "strip_whitespace option (html5lib-only)",
    "whitespace.test:2": "strip_whitespace option (html5lib-only)",
}

#: Tests with an html5lib-only option that still run: their expected output
#: is exactly what the standard's algorithm gives, the option changes nothing.
RUN_DESPITE_OPTIONS = {
    "core.test:17": "encoding only affects html5lib's byte output",
    "options.test:4": "use_trailing_solidus only affects void elements",
    "options.test:6": "an empty value is written as =\"\" by both",
    "options.test:7": "escape_lt_in_attrs is what the current standard does "
                      "(whatwg/html #6362)",
    "whitespace.test:3": "strip_whitespace leaves <pre> alone",
    "whitespace.test:4": "strip_whitespace leaves <pre> alone",
    "whitespace.test:5": "strip_whitespace leaves <textarea> alone",
    "whitespace.test:6": "strip_whitespace leaves <script> alone",
    "whitespace.test:7": "strip_whitespace leaves <style> alone",
}

_ATTRIBUTE_PREFIXES = {XLINK_NAMESPACE: "xlink", XML_NAMESPACE: "xml",
                       XMLNS_NAMESPACE: "xmlns"}


def _attributes(raw):
    """html5lib walker attributes (a list of {namespace, name, value} or a
    dict) as (qualified name, namespace, value) triples."""
    if isinstance(raw, dict):
        return [(name, None, value) for name, value in raw.items()]
    out = []
    for attr in raw:
        namespace, name = attr["namespace"], attr["name"]
        if namespace is not None:
            prefix = _ATTRIBUTE_PREFIXES.get(namespace)
            if prefix == "xmlns" and name == "xmlns":
                pass
            elif prefix is not None:
                name = f"{prefix}:{name}"
        out.append((name, namespace, attr["value"]))
    return out


def build_from_tokens(tokens):
    """A DocumentFragment from an html5lib tree-walker token stream, and the
    elements the stream leaves open (it may end without their EndTag)."""
    fragment = DocumentFragment()
    stack = [fragment]
    for token in tokens:
        kind = token[0]
        if kind in ("StartTag", "EmptyTag"):
            if kind == "StartTag":
                namespace, name, raw = token[1], token[2], token[3]
            else:
                namespace, name, raw = HTML_NAMESPACE, token[1], token[2]
            element = Element(name, namespace=namespace)
            for qualified, attr_ns, value in _attributes(raw):
                element.attrs[qualified] = value
                element.set_attr_namespace(qualified, attr_ns)
            stack[-1].append_child(element)
            if kind == "StartTag":
                stack.append(element)
        elif kind == "EndTag":
            top = stack[-1]
            if not isinstance(top, Element) or top.local_name != token[2]:
                raise ValueError(f"end tag {token[2]!r} does not close an open element")
            stack.pop()
        elif kind == "Characters" or kind == "SpaceCharacters":
            stack[-1].append_child(Text(token[1]))
        elif kind == "Comment":
            stack[-1].append_child(Comment(token[1]))
        elif kind == "Doctype":
            stack[-1].append_child(DocumentType(*token[1:]))
        else:
            raise ValueError(f"unknown token {token!r}")
    return fragment, stack[1:]


def serialize_tokens(tokens):
    """Our serialization of a token stream.  The standard always writes end
    tags; where the stream ended without closing an element, the end tags of
    the still-open elements (the output's tail, outermost last) are removed,
    so the result is comparable with html5lib's token-by-token output."""
    fragment, still_open = build_from_tokens(tokens)
    out = serialize_children(fragment)
    for element in still_open:
        if element.namespace == HTML_NAMESPACE and element.local_name in VOID_ELEMENTS:
            continue
        end = f"</{element.local_name}>"
        assert out.endswith(end)
        out = out[:-len(end)]
    return out


def _load_serializer_tests():
    tests = []
    for path in sorted(SERIALIZER_FIXTURES.glob("*.test")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for index, test in enumerate(data["tests"]):
            tests.append((f"{path.name}:{index}", path.name, test))
    return tests


SERIALIZER_TESTS = _load_serializer_tests()


def _skip_reason(test_id, file):
    if file in SKIPPED_FILES:
        return SKIPPED_FILES[file]
    return SKIPPED.get(test_id)


@pytest.mark.parametrize(("test_id", "file", "test"), SERIALIZER_TESTS,
                         ids=[t[0] for t in SERIALIZER_TESTS])
def test_html5lib_serializer(test_id, file, test):
    reason = _skip_reason(test_id, file)
    if reason is not None:
        pytest.skip(reason)
    if "options" in test:
        assert test_id in RUN_DESPITE_OPTIONS, f"{test_id} has options {test['options']}"
    assert serialize_tokens(test["input"]) in test["expected"]


def test_html5lib_serializer_skips_are_needed():
    """Every individually skipped test really disagrees with the standard's
    output (so the skip list stays exact), and the counts are as documented."""
    for test_id, file, test in SERIALIZER_TESTS:
        if test_id in SKIPPED:
            assert serialize_tokens(test["input"]) not in test["expected"], test_id
    ids = {t[0] for t in SERIALIZER_TESTS}
    assert set(SKIPPED) <= ids and set(RUN_DESPITE_OPTIONS) <= ids
    file_skips = sum(1 for _, file, _ in SERIALIZER_TESTS if file in SKIPPED_FILES)
    assert (len(SERIALIZER_TESTS), file_skips, len(SKIPPED)) == (230, 190, 17)


# --------------------------------------------------------------------------
# (b) Unit tests of the serializer
# --------------------------------------------------------------------------

def el(name, *children, attrs=None, namespace=HTML_NAMESPACE):
    element = Element(name, dict(attrs or {}), namespace)
    for child in children:
        element.append_child(Text(child) if isinstance(child, str) else child)
    return element


def frag(*children):
    fragment = DocumentFragment()
    for child in children:
        fragment.append_child(Text(child) if isinstance(child, str) else child)
    return fragment


def test_escape_text():
    assert escape_text("plain") == "plain"
    assert escape_text('a&b<c>d\xa0e"f\'g') == "a&amp;b&lt;c&gt;d&nbsp;e\"f'g"
    assert escape_text("&amp;") == "&amp;amp;"


def test_escape_attribute():
    # The current standard (whatwg/html #6362, 2025) escapes < and > too.
    assert escape_attribute('a&b<c>d\xa0e"f\'g') == "a&amp;b&lt;c&gt;d&nbsp;e&quot;f'g"
    assert escape_attribute("") == ""


def test_text_and_attributes():
    div = el("div", "1 < 2 & 3 > 0\xa0", attrs={"title": 'say "<hi>" & bye', "id": "x"})
    assert serialize(div) == ('<div title="say &quot;&lt;hi&gt;&quot; &amp; bye" id="x">'
                              "1 &lt; 2 &amp; 3 &gt; 0&nbsp;</div>")
    assert serialize_children(div) == "1 &lt; 2 &amp; 3 &gt; 0&nbsp;"
    assert serialize_children(frag(div)) == serialize(div)


def test_attribute_order_is_kept():
    div = el("div", attrs={"z": "1", "a": "2", "m": "3"})
    assert serialize(div) == '<div z="1" a="2" m="3"></div>'


@pytest.mark.parametrize("name", sorted(VOID_ELEMENTS))
def test_void_elements(name):
    element = el(name, "ignored", el("b"), attrs={"a": "1"})
    assert serialize(element) == f'<{name} a="1">'
    assert serialize_children(frag(element, "x")) == f'<{name} a="1">x'


def test_void_names_only_in_html_namespace():
    assert serialize(el("br", namespace=SVG_NAMESPACE)) == "<br></br>"
    assert len(VOID_ELEMENTS) == 18


@pytest.mark.parametrize("name", ["style", "script", "xmp", "iframe", "noembed",
                                  "noframes", "plaintext"])
def test_raw_text_parents(name):
    element = el(name, "a<b>&c\xa0")
    assert serialize(element) == f"<{name}>a<b>&c\xa0</{name}>"
    assert serialize(element.children[0]) == "a<b>&c\xa0"


def test_noscript_depends_on_scripting():
    noscript = el("noscript", "<p>&")
    assert serialize(noscript) == "<noscript>&lt;p&gt;&amp;</noscript>"
    assert serialize(noscript, scripting=True) == "<noscript><p>&</noscript>"
    assert serialize_children(noscript, scripting=True) == "<p>&"


def test_raw_text_only_for_html_parents():
    svg_style = el("style", "a<b", namespace=SVG_NAMESPACE)
    assert serialize(svg_style) == "<style>a&lt;b</style>"
    # Only direct text children are raw.
    assert serialize(el("script", el("b", "<"))) == "<script><b>&lt;</b></script>"


def test_no_leading_newline_for_pre_textarea_listing():
    for name in ("pre", "textarea", "listing"):
        assert serialize(el(name, "\nx")) == f"<{name}>\nx</{name}>"
        assert serialize(el(name, "x")) == f"<{name}>x</{name}>"


def test_template_contents():
    template = el("template", attrs={"id": "t"})
    template.template_contents.append_child(el("p", "in <contents>"))
    template.append_child(Text("ordinary child, not serialized"))
    assert serialize(template) == '<template id="t"><p>in &lt;contents&gt;</p></template>'
    assert serialize_children(template) == "<p>in &lt;contents&gt;</p>"
    # A nested template inside template contents.
    inner = el("template")
    inner.template_contents.append_child(Text("deep"))
    template.template_contents.append_child(inner)
    assert serialize_children(template) == (
        "<p>in &lt;contents&gt;</p><template>deep</template>")


def test_foreign_elements_and_attributes():
    svg = el("svg", namespace=SVG_NAMESPACE)
    svg.attrs["xmlns"] = SVG_NAMESPACE
    svg.set_attr_namespace("xmlns", XMLNS_NAMESPACE)
    svg.attrs["xmlns:xlink"] = XLINK_NAMESPACE
    svg.set_attr_namespace("xmlns:xlink", XMLNS_NAMESPACE)
    svg.attrs["viewBox"] = "0 0 1 1"
    use = el("use", namespace=SVG_NAMESPACE)
    use.attrs["xlink:href"] = "#a"
    use.set_attr_namespace("xlink:href", XLINK_NAMESPACE)
    use.attrs["xml:lang"] = "en"
    use.set_attr_namespace("xml:lang", XML_NAMESPACE)
    use.attrs["foo:bar"] = "no namespace"
    use.attrs["p:q"] = "other namespace"
    use.set_attr_namespace("p:q", "urn:other")
    svg.append_child(use)
    svg.append_child(el("foreignObject", el("p", "x"), namespace=SVG_NAMESPACE))
    math = el("math", el("mi", "y", namespace=MATHML_NAMESPACE), namespace=MATHML_NAMESPACE)
    other = Element("thing", namespace="urn:x", prefix="x")
    assert serialize_children(frag(svg, math, other)) == (
        f'<svg xmlns="{SVG_NAMESPACE}" xmlns:xlink="{XLINK_NAMESPACE}" viewBox="0 0 1 1">'
        '<use xlink:href="#a" xml:lang="en" foo:bar="no namespace" p:q="other namespace">'
        "</use><foreignObject><p>x</p></foreignObject></svg>"
        "<math><mi>y</mi></math><x:thing></x:thing>")


def test_comments_pis_doctype():
    document = Document()
    document.append_child(DocumentType("html", "-//W3C//DTD HTML 4.01//EN", "http://x"))
    document.append_child(Comment(" c -- <b> & "))
    document.append_child(ProcessingInstruction("xml-ish", 'a="1"'))
    document.append_child(ProcessingInstruction("empty", ""))
    document.append_child(el("html"))
    assert serialize(document) == serialize_children(document) == (
        "<!DOCTYPE html><!-- c -- <b> & -->"
        '<?xml-ish a="1"?><?empty ?><html></html>')
    assert serialize(document.children[1]) == "<!-- c -- <b> & -->"
    assert serialize(document.children[2]) == '<?xml-ish a="1"?>'
    assert serialize(document.children[0]) == "<!DOCTYPE html>"


def test_pi_data_ending_with_question_mark_keeps_it():
    # whatwg/html #12654: "?>" closes the PI so that data ending in "?" survives.
    assert serialize(ProcessingInstruction("pi", "?")) == "<?pi ??>"


def test_leaf_nodes_have_no_children():
    assert serialize_children(Text("x")) == ""
    assert serialize(Text("a<b")) == "a&lt;b"
    assert serialize(frag()) == ""


def _nested(depth, name="div"):
    root = el(name)
    node = root
    for _ in range(depth - 1):
        child = Element(name)
        node.append_child(child)
        node = child
    node.append_child(Text("leaf"))
    return root


def test_deep_nesting_serialize():
    depth = 100_000
    root = _nested(depth)
    out = serialize(root)
    assert out == "<div>" * depth + "leaf" + "</div>" * depth
    assert serialize_children(frag(root)) == out


def test_deep_nesting_templates():
    depth = 20_000
    root = el("template")
    node = root
    for _ in range(depth - 1):
        child = Element("template")
        node.template_contents.append_child(child)
        node = child
    assert serialize(root) == "<template>" * depth + "</template>" * depth
    # The dump grows with the square of the depth: dump a 2,000-level tail.
    bottom = root
    for _ in range(depth - 2_000):
        bottom = bottom.template_contents.children[0]
    assert dump_tree(bottom).count("content") == 2_000


def test_deep_nesting_dump_tree():
    # 100,000 levels would make a dump of about 10**10 characters (two
    # spaces per level on every line); 5,000 levels is far past the
    # recursion limit while keeping the dump at about 25 MB.
    depth = 5_000
    root = _nested(depth)
    dump = dump_tree(frag(root))
    lines = dump.split("\n")
    assert len(lines) == depth + 1
    assert lines[-1] == "| " + "  " * depth + '"leaf"'
    # Dumping the element itself puts it at depth 0.
    assert dump_tree(root) == dump
    # 100,000 levels deep, dumped from near the bottom: no recursion either.
    deep = _nested(100_000)
    bottom = deep
    for _ in range(99_990):
        bottom = bottom.children[0]
    assert dump_tree(bottom).count("\n") == 10


# --------------------------------------------------------------------------
# (c) dump_tree
# --------------------------------------------------------------------------

def test_dump_tree_every_node_type():
    document = Document()
    document.append_child(DocumentType("html"))
    document.append_child(ProcessingInstruction("before", "html"))
    html = document.append_child(el("html"))
    head = html.append_child(el("head"))
    head.append_child(Comment(" in head "))
    body = html.append_child(el("body"))
    div = body.append_child(el("div", "line 1\nline 2", attrs={
        "zeta": "z", "Alpha": "A", "alpha": "a", "\U0001F600": "astral",
        "\uff21": "fullwidth A"}))
    div.append_child(ProcessingInstruction("empty", ""))
    template = body.append_child(el("template"))
    template.template_contents.append_child(el("b", "t"))
    template.template_contents.append_child(Comment(""))
    svg = body.append_child(el("svg", namespace=SVG_NAMESPACE))
    svg.attrs["xmlns"] = SVG_NAMESPACE
    svg.set_attr_namespace("xmlns", XMLNS_NAMESPACE)
    svg.attrs["xmlns:xlink"] = XLINK_NAMESPACE
    svg.set_attr_namespace("xmlns:xlink", XMLNS_NAMESPACE)
    svg.attrs["xlink:href"] = "#a"
    svg.set_attr_namespace("xlink:href", XLINK_NAMESPACE)
    svg.attrs["xml:lang"] = "en"
    svg.set_attr_namespace("xml:lang", XML_NAMESPACE)
    svg.attrs["xlink:show"] = "no namespace"
    svg.attrs["definitionURL"] = "d"
    svg.append_child(el("foreignObject", namespace=SVG_NAMESPACE))
    body.append_child(el("math", el("mi", namespace=MATHML_NAMESPACE),
                         namespace=MATHML_NAMESPACE))
    document.append_child(Comment("after"))
    expected = "\n".join([
        "| <!DOCTYPE html>",
        "| <?before html?>",
        "| <html>",
        "|   <head>",
        "|     <!--  in head  -->",
        "|   <body>",
        "|     <div>",
        # UTF-16 code unit order: "A" < "a" < "z" < U+D83D (the astral
        # character's high surrogate) < U+FF21.
        '|       Alpha="A"',
        '|       alpha="a"',
        '|       zeta="z"',
        '|       \U0001F600="astral"',
        '|       \uff21="fullwidth A"',
        '|       "line 1',
        'line 2"',
        "|       <?empty ?>",
        "|     <template>",
        "|       content",
        "|         <b>",
        '|           "t"',
        "|         <!--  -->",
        "|     <svg svg>",
        '|       definitionURL="d"',
        '|       xlink href="#a"',
        '|       xlink:show="no namespace"',
        '|       xml lang="en"',
        f'|       xmlns xlink="{XLINK_NAMESPACE}"',
        f'|       xmlns xmlns="{SVG_NAMESPACE}"',
        "|       <svg foreignObject>",
        "|     <math math>",
        "|       <math mi>",
        "| <!-- after -->",
    ])
    assert dump_tree(document) == expected


def test_dump_tree_doctype_ids():
    assert dump_tree(frag(DocumentType("html", "pub", ""))) == '| <!DOCTYPE html "pub" "">'
    assert dump_tree(frag(DocumentType("html", "", "sys"))) == '| <!DOCTYPE html "" "sys">'
    assert dump_tree(frag(DocumentType(""))) == "| <!DOCTYPE >"


def test_dump_tree_leaf_and_empty():
    assert dump_tree(frag()) == ""
    assert dump_tree(Text("x")) == '| "x"'
    assert dump_tree(Comment("c")) == "| <!-- c -->"


_TREE_CASES = load_cases()
_DAT_FILES = sorted({case.file for case in _TREE_CASES})


@pytest.mark.parametrize("file", _DAT_FILES)
def test_dump_tree_round_trips_fixture_dumps(file):
    """Each expected #document of the tree-construction fixtures, rebuilt as
    a DOM (attributes in reverse order, to exercise the sorting), dumps back
    to the same text, and serializes without error."""
    for case in _TREE_CASES:
        if case.file != file:
            continue
        tree = parse_dump(case.document)
        for node in [tree, *tree.iter()]:
            if isinstance(node, Element):
                node.attrs = dict(reversed(list(node.attrs.items())))
                if node.template_contents is not None:
                    for inner in node.template_contents.iter():
                        if isinstance(inner, Element):
                            inner.attrs = dict(reversed(list(inner.attrs.items())))
        assert dump_tree(tree) == case.document, f"{case.file}:{case.index}"
        serialize(tree)
