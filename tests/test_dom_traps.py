"""The traps issue 39 found in the tree API: empty elements that were
false, iteration that skipped nodes when the tree changed, and two rules
for the case of attribute names (defects 1, 4 and 5)."""

from __future__ import annotations

import markup5
from markup5.dom import Comment, Document, DocumentFragment, Element, Text


def test_every_node_is_true():
    doc = markup5.parse("<base href=/x><p></p>")
    base = doc.select_one("base")
    assert base is not None and len(base) == 0
    assert bool(base)
    seen = "found" if doc.select_one("base") else "missed"
    assert seen == "found"
    for node in (Element("p"), Text(""), Comment(""), Document(), DocumentFragment()):
        assert node, node


def test_len_still_counts_children():
    assert len(markup5.parse_fragment("<b></b>x<i></i>")) == 3


def test_removing_elements_while_iterating_skips_none():
    doc = markup5.parse("<div><p>1</p><p>2</p><p>3</p><p>4</p></div>")
    seen = []
    for element in doc.elements():
        if element.local_name == "p":
            seen.append(element.text_content)
            element.remove()
    assert seen == ["1", "2", "3", "4"]
    assert doc.select("p") == []


def test_removing_nodes_while_iterating_iter_skips_none():
    doc = markup5.parse_fragment("a<b>b</b>c<i>i</i>d")
    seen = []
    for node in doc.iter():
        if isinstance(node, Text):
            seen.append(node.data)
            node.remove()
    assert seen == ["a", "b", "c", "i", "d"]
    assert doc.inner_html == "<b></b><i></i>"


def test_inserting_while_iterating_neither_repeats_nor_loops():
    doc = markup5.parse_fragment("<p>1</p><p>2</p>")
    count = 0
    for element in doc.elements():
        if element.local_name == "p":
            element.after(Element("p"))
        count += 1
    assert count == 2
    assert len(doc.select("p")) == 4


def test_iteration_works_100000_deep():
    depth = 100_000
    doc = markup5.parse("<div>" * depth)
    assert sum(1 for _ in doc.elements()) == depth + 3
    removed = 0
    for element in doc.elements():
        if element.local_name == "div" and removed < 3:
            element.remove()
            removed += 1
    assert removed == 3


def test_get_and_item_access_follow_get_attribute_case_rule():
    doc = markup5.parse('<a HREF="/x" Data-Y=1>')
    a = doc.select_one("a")
    assert a is not None
    assert a.get("HREF") == a.get_attribute("HREF") == a.get("href") == "/x"
    assert a["HREF"] == "/x" and a["data-y"] == "1"
    assert "HREF" in a and a.has_attribute("Href")
    a["TITLE"] = "t"
    assert a.attrs["title"] == "t"
    del a["Title"]
    assert "title" not in a


def test_xml_documents_keep_attribute_case():
    doc = markup5.parse_xml('<a xmlns="http://www.w3.org/1999/xhtml" HREF="/x"/>')
    a = doc.document_element
    assert a is not None
    assert a.get("HREF") == a["HREF"] == "/x"
    assert a.get("href") is None and "href" not in a


def test_subpackages_are_attributes_right_after_import_markup5():
    # (A fresh interpreter: in this one the tests have imported them.)
    import subprocess
    import sys
    code = ("import markup5, sys\n"
            "assert 'markup5.selectors' not in sys.modules\n"
            "assert markup5.selectors.compile('p').select(markup5.parse('<p>'))\n"
            "assert markup5.microsyntax.parse_integer('12') == 12\n"
            "assert markup5.text.inner_text(markup5.parse('x')) == 'x'\n"
            "assert markup5.find.find_all(markup5.parse('<b>'), 'b')\n"
            "assert markup5.dom.Element is markup5.Element\n"
            "assert 'selectors' in dir(markup5)\n")
    subprocess.run([sys.executable, "-c", code], check=True)
