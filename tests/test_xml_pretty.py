"""serialize_xml(pretty=True): indentation only where white space is not
content (element-only content), mixed content and xml:space="preserve"
untouched; parsing the result gives the tree back but for white-space-only
text in element-only content; argument checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from markup5.dom import Comment, Document, Element, Node, ParentNode, ProcessingInstruction, Text
from markup5.xml import dump_xml_tree, parse_xml, serialize_xml
from xml5lib_fixtures import load_tokenizer_cases, load_tree_cases

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "tests" / "fixtures" / "xml-corpus" / "files").iterdir())
_WS = " \t\n\r"


def _ignorable(element: ParentNode, preserved: bool) -> bool:
    """Whether the white-space-only text children of ``element`` are not
    content under the documented rule: not preserved, and no text child
    holds anything but white space (written independently of the module)."""
    return not preserved and all(not (isinstance(c, Text) and c.data.strip(_WS))
                                 for c in element.children)


def normalized(document: Node) -> str:
    """The dump of a copy of the tree without the white-space-only text
    children of elements whose content the rule may re-indent; a subtree
    under mixed content or xml:space="preserve" is kept whole."""
    copy = document.clone(deep=True)
    # (element, preserved, inside mixed content)
    stack: list[tuple[ParentNode, bool, bool]] = [(copy, False, False)]
    while stack:
        node, preserved, mixed = stack.pop()
        if isinstance(node, Element):
            space = node.attrs.get("xml:space")
            if space == "preserve":
                preserved = True
            elif space == "default":
                preserved = False
        if isinstance(node, Element) and not mixed:
            if _ignorable(node, preserved):
                for child in list(node.children):
                    if isinstance(child, Text) and not child.data.strip(_WS):
                        child.remove()
            elif not preserved:
                mixed = True
        for child in node.children:
            if isinstance(child, ParentNode):
                stack.append((child, preserved, mixed))
    return dump_xml_tree(copy)


def check_round_trip(text: str | bytes, indent: str = "  ", **options: object) -> str:
    document = parse_xml(text, **options)  # type: ignore[arg-type]
    plain = serialize_xml(document)
    pretty = serialize_xml(document, pretty=True, indent=indent)
    again = parse_xml(pretty, **options)  # type: ignore[arg-type]
    assert normalized(again) == normalized(parse_xml(plain, **options)), (text, pretty)
    # Pretty printing is a fixed point of itself.
    assert serialize_xml(again, pretty=True, indent=indent) == pretty, (text, pretty)
    return pretty


def test_element_only_content_is_indented():
    doc = parse_xml("<list>\n <item/>  <item><sub/><!--c--><?p d?></item>\n</list>")
    assert serialize_xml(doc, pretty=True) == (
        "<list>\n"
        "  <item/>\n"
        "  <item>\n"
        "    <sub/>\n"
        "    <!--c-->\n"
        "    <?p d?>\n"
        "  </item>\n"
        "</list>")
    assert serialize_xml(doc, pretty=True, indent="\t") == (
        "<list>\n\t<item/>\n\t<item>\n\t\t<sub/>\n\t\t<!--c-->\n\t\t<?p d?>\n\t</item>\n</list>")
    assert serialize_xml(doc, pretty=True, indent="") == (
        "<list>\n<item/>\n<item>\n<sub/>\n<!--c-->\n<?p d?>\n</item>\n</list>")


def test_mixed_content_is_written_as_it_is_with_its_subtree():
    text = "<doc><p>Some <b>bold <i> </i></b>\n  text<x><y/> <z/></x></p><q> <r/> </q></doc>"
    out = serialize_xml(parse_xml(text), pretty=True)
    assert out == ("<doc>\n"
                   "  <p>Some <b>bold <i> </i></b>\n  text<x><y/> <z/></x></p>\n"
                   "  <q>\n    <r/>\n  </q>\n"
                   "</doc>")
    check_round_trip(text)


def test_white_space_only_content_and_empty_elements():
    doc = parse_xml("<a><b>   </b><c></c><d/></a>")
    assert serialize_xml(doc, pretty=True) == "<a>\n  <b>   </b>\n  <c/>\n  <d/>\n</a>"


def test_xml_space_preserve_and_default():
    text = ('<a><b xml:space="preserve"> <c> <d/> </c> <e xml:space="default"> <f/> '
            '<g> <h/> </g></e></b><i> <j/> </i></a>')
    assert serialize_xml(parse_xml(text), pretty=True) == (
        "<a>\n"
        '  <b xml:space="preserve"> <c> <d/> </c> <e xml:space="default">\n'
        "      <f/>\n"
        "      <g>\n"
        "        <h/>\n"
        "      </g>\n"
        "    </e></b>\n"
        "  <i>\n"
        "    <j/>\n"
        "  </i>\n"
        "</a>")
    check_round_trip(text)


def test_xml_space_of_the_ancestors_counts():
    doc = parse_xml('<a xml:space="preserve"><b> <c/> </b></a>')
    b = doc.document_element.children[0]
    assert serialize_xml(b, pretty=True) == "<b> <c/> </b>"
    doc = parse_xml('<a xml:space="preserve"><m xml:space="default"><b> <c/> </b></m></a>')
    b = doc.document_element.children[0].children[0]
    assert serialize_xml(b, pretty=True) == "<b>\n  <c/>\n</b>"


def test_document_nodes_go_on_lines_of_their_own():
    text = '<?xml version="1.0"?><!DOCTYPE a SYSTEM "a.dtd"><!--c--><?p?><a><b/></a><!--d-->'
    assert serialize_xml(parse_xml(text), pretty=True) == (
        '<!DOCTYPE a SYSTEM "a.dtd">\n<!--c-->\n<?p?>\n<a>\n  <b/>\n</a>\n<!--d-->')
    check_round_trip(text)


def test_a_misplaced_xml_declaration_stays_a_node():
    text = '\n<?xml version="1.0"?><doc><a/></doc>'
    pretty = check_round_trip(text)
    assert pretty.startswith('\n<?xml version="1.0"?>\n<doc>')


def test_namespaces_are_declared_as_in_the_plain_serialization():
    doc = Document(content_type="application/xml")
    root = doc.create_element_ns("urn:a", "p:root")
    doc.append_child(root)
    child = doc.create_element_ns("urn:b", "q:child")
    root.append_child(child)
    child.append_child(doc.create_element_ns("urn:b", "q:leaf"))
    assert serialize_xml(doc, pretty=True) == (
        '<p:root xmlns:p="urn:a">\n  <q:child xmlns:q="urn:b">\n    <q:leaf/>\n  </q:child>\n'
        "</p:root>")
    assert normalized(parse_xml(serialize_xml(doc, pretty=True))) == normalized(
        parse_xml(serialize_xml(doc)))


def test_hand_built_trees():
    doc = Document(content_type="application/xml")
    root = doc.create_element_ns(None, "a")
    root.append(" ", doc.create_element_ns(None, "b"), Comment("c"),
                ProcessingInstruction("t", ""), "\n")
    assert serialize_xml(root, pretty=True) == "<a>\n  <b/>\n  <!--c-->\n  <?t?>\n</a>"
    root.append(Text("x"))
    assert serialize_xml(root, pretty=True) == serialize_xml(root)


@pytest.mark.parametrize("case", load_tree_cases(), ids=lambda c: c.id)
def test_round_trip_xml5lib_tree_inputs(case):
    check_round_trip(case.data)
    check_round_trip(case.data, indent="\t", xml10_compatible=False)


def test_round_trip_xml5lib_tokenizer_inputs():
    for case in load_tokenizer_cases():
        check_round_trip(case.input, indent=" ")


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_round_trip_corpus(path):
    check_round_trip(path.read_bytes())


def test_pretty_false_is_the_plain_serialization():
    for path in CORPUS[:20]:
        doc = parse_xml(path.read_bytes())
        assert serialize_xml(doc, pretty=False) == serialize_xml(doc)
        assert serialize_xml(doc, pretty=False, indent="\t") == serialize_xml(doc)


def test_bad_arguments():
    doc = parse_xml("<a/>")
    with pytest.raises(TypeError, match="pretty must be a bool"):
        serialize_xml(doc, pretty=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="pretty must be a bool"):
        serialize_xml(doc, pretty=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="indent must be a str"):
        serialize_xml(doc, pretty=True, indent=2)  # type: ignore[arg-type]
    for bad in ("x", "  -", "\u00a0", "\x0c", "\u3000"):
        with pytest.raises(ValueError, match="white space only"):
            serialize_xml(doc, pretty=True, indent=bad)
    for good in ("", " ", "\t", "    ", "\r\n "):
        assert serialize_xml(doc, pretty=True, indent=good) == "<a/>"


def test_deep_nesting_without_recursion():
    depth = 20_000
    doc = parse_xml("<a>" * depth + "</a>" * depth)
    out = serialize_xml(doc, pretty=True, indent="")
    assert out.count("\n") == 2 * (depth - 1)
    assert out == "\n".join(["<a>"] * (depth - 1) + ["<a/>"] + ["</a>"] * (depth - 1))
    # (The dump of normalized() is depth x depth long: a fixed point instead.)
    assert serialize_xml(parse_xml(out), pretty=True, indent="") == out
