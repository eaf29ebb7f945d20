"""BeautifulSoup habits on markup5's DOM: find/find_all filters checked
against BeautifulSoup itself on the same markup, item access, str(),
strings, wrap/unwrap, decompose and insert_adjacent_html (issue 39)."""

from __future__ import annotations

import re

import pytest

import markup5
from markup5.dom import (DOMSyntaxError, Element, HierarchyRequestError,
                         NoModificationAllowedError, Text)

bs4 = pytest.importorskip("bs4")

# (No indentation: BeautifulSoup's builders fold whitespace-only strings.)
PAGE = """<div id="main" class="page wide">
<h1 class="title">Menu</h1>
<ul class="dishes">
<li class="dish hot" data-price="4">Fish &amp; chips</li>
<li class="dish">Peas</li>
<li class="dish cold" data-price="">Pie <b>of the day</b></li>
</ul>
<p>Call <a href="tel:123">us</a> or <a href="/mail" title="Mail">write</a>.</p>
<p class=""><span>only</span></p>
<script>var dish = 1;</script>
</div>"""

FILTERS = [
    ({"name": "li"}, {}),
    ({"name": ["a", "h1"]}, {}),
    ({"name": re.compile("^h")}, {}),
    ({"name": True}, {}),
    ({"name": lambda tag: tag.name == "a" and tag.has_attr("title")}, {}),
    ({}, {"class_": "dish"}),
    ({}, {"class_": "dish hot"}),
    ({}, {"class_": re.compile("^co")}),
    ({}, {"class_": ["hot", "cold"]}),
    ({}, {"class_": lambda c: c is not None and c.startswith("ti")}),
    ({"name": "li", "attrs": "cold"}, {}),
    ({"attrs": {"data-price": True}}, {}),
    ({"attrs": {"data-price": ""}}, {}),
    ({"name": "li", "attrs": {"data-price": None}}, {}),
    ({}, {"href": re.compile("^/")}),
    ({}, {"href": True, "title": "Mail"}),
    ({}, {"title": re.compile("^M")}),
    ({"name": "li", "string": "Peas"}, {}),
    ({"name": "p", "string": "only"}, {}),
    ({"name": "li", "limit": 2}, {}),
    ({"name": "p", "recursive": False}, {}),
    ({"name": "li", "string": re.compile("chips")}, {}),
]


def _signature(tag):
    return (tag.name, sorted((k, " ".join(v) if isinstance(v, list) else v)
                             for k, v in tag.attrs.items()), tag.get_text())


def _our_signature(element):
    return (element.name, sorted(element.attrs.items()), element.get_text())


@pytest.mark.parametrize("args,kwargs", FILTERS)
def test_find_all_agrees_with_beautifulsoup(args, kwargs):
    soup = bs4.BeautifulSoup(PAGE, "html.parser").div
    ours = markup5.parse(PAGE).find("div", id="main")
    assert ours is not None

    def adapt(value):
        # A callable name filter gets a bs4 Tag there, an Element here:
        # both have .name; has_attr is BeautifulSoup's.
        if callable(value) and not isinstance(value, re.Pattern):
            return lambda x: value(_Adapter(x)) if isinstance(x, Element) else value(x)
        return value

    expected = [_signature(t) for t in soup.find_all(**args, **kwargs)]
    got = [_our_signature(e) for e in ours.find_all(**{k: adapt(v) for k, v in args.items()},
                                                    **kwargs)]
    assert got == expected and expected
    first = ours.find(**{k: adapt(v) for k, v in args.items() if k != "limit"}, **kwargs)
    assert _our_signature(first) == expected[0]


class _Adapter:
    def __init__(self, element):
        self.name = element.name
        self.has_attr = element.has_attribute


@pytest.mark.parametrize("string", ["Peas", re.compile("^Pie"), True,
                                    lambda s: s is not None and "chips" in s, ["us", "write"]])
def test_find_all_string_alone_agrees_with_beautifulsoup(string):
    soup = bs4.BeautifulSoup(PAGE, "html.parser").div
    ours = markup5.parse(PAGE).find("div")
    expected = [str(s) for s in soup.find_all(string=string)
                if not isinstance(s, bs4.element.Comment)]
    got = ours.find_all(string=string)
    assert all(isinstance(t, Text) for t in got)
    assert [t.data for t in got] == expected and expected


def test_find_returns_none_and_find_all_empty_when_nothing_matches():
    doc = markup5.parse(PAGE)
    assert doc.find("table") is None
    assert doc.find_all("li", class_="missing") == []


def test_bad_filters_raise_type_error():
    doc = markup5.parse(PAGE)
    with pytest.raises(TypeError):
        doc.find_all(1)
    with pytest.raises(TypeError):
        doc.find_all("li", limit="2")


def test_limit_zero_is_no_limit_and_a_negative_limit_is_refused():
    doc = markup5.parse(PAGE)
    assert doc.find_all("li", limit=0) == doc.find_all("li")
    with pytest.raises(ValueError, match="limit must be 0"):
        doc.find_all("li", limit=-1)


def test_strings_and_stripped_strings_agree_with_beautifulsoup():
    soup = bs4.BeautifulSoup(PAGE, "html.parser")
    ours = markup5.parse(PAGE).find("div")
    assert list(ours.strings) == list(soup.div.strings)
    assert list(ours.stripped_strings) == list(soup.div.stripped_strings)
    assert "".join(ours.strings) == ours.get_text()


def test_item_access():
    a = markup5.parse('<a href="/x">').find("a")
    assert a["href"] == "/x"
    with pytest.raises(KeyError):
        a["title"]
    a["title"] = "t"
    assert a.get("title") == "t"
    del a["title"]
    with pytest.raises(KeyError):
        del a["title"]
    with pytest.raises(TypeError):
        a["x"] = 1


def test_str_is_the_markup_and_text_str_its_data():
    doc = markup5.parse("<p class=x>a &lt; b<!--c-->")
    p = doc.find("p")
    assert str(p) == p.outer_html == p.serialize() == p.to_html() == \
        '<p class="x">a &lt; b<!--c--></p>'
    assert str(doc) == markup5.serialize(doc)
    assert str(p.first_child) == "a < b"
    assert str(p.last_child) == "c"
    assert doc.serialize(pretty=True) == markup5.serialize(doc, pretty=True)


def test_wrap_and_unwrap():
    doc = markup5.parse_fragment("<p>a <i>b</i> c</p>")
    i = doc.find("i")
    wrapper = i.wrap(Element("b"))
    assert doc.inner_html == "<p>a <b><i>b</i></b> c</p>"
    assert wrapper.unwrap() is wrapper and wrapper.parent is None
    assert doc.inner_html == "<p>a <i>b</i> c</p>"
    text = doc.find("p").first_child
    text.wrap(Element("span"))
    assert doc.inner_html == "<p><span>a </span><i>b</i> c</p>"
    with pytest.raises(HierarchyRequestError):
        doc.find("p").wrap(doc.find("span"))
    with pytest.raises(ValueError):
        Element("b").unwrap()


def test_unwrap_that_would_put_text_under_a_document_changes_nothing():
    doc = markup5.Document()
    html = Element("html")
    doc.append_child(html)
    html.append("text")
    with pytest.raises(HierarchyRequestError):
        html.unwrap()
    assert html.parent is doc and html.text_content == "text"


def test_decompose():
    doc = markup5.parse("<div><p><b>x</b></p></div>" + "<i>" * 50_000)
    p = doc.find("p")
    b = doc.find("b")
    p.decompose()
    assert doc.find("p") is None and b.parent is None and p.parent is None
    doc.find("i").decompose()
    assert doc.find("i") is None


@pytest.mark.parametrize("position,expected", [
    ("beforebegin", "<td>x</td><td>1</td>"),
    ("afterbegin", "<td>x1</td>"),
    ("beforeend", "<td>1x</td>"),
    ("AfterEnd", "<td>1</td><td>x</td>"),
])
def test_insert_adjacent_html(position, expected):
    doc = markup5.parse("<table><tr><td>1</td></tr></table>")
    td = doc.find("td")
    td.insert_adjacent_html(position, "<td>x")
    # Parsed in a tr (beforebegin/afterend) "<td>x" is a cell; in a td the
    # <td> tag is ignored (no cell is open in the fragment) and x is text.
    assert doc.find("tr").inner_html == expected


def test_insert_adjacent_html_errors():
    doc = markup5.parse("<p>")
    with pytest.raises(DOMSyntaxError):
        doc.find("p").insert_adjacent_html("inside", "x")
    with pytest.raises(NoModificationAllowedError):
        doc.document_element.insert_adjacent_html("beforebegin", "x")
    with pytest.raises(NoModificationAllowedError):
        Element("p").insert_adjacent_html("afterend", "x")


def test_insert_adjacent_html_in_html_element_parses_as_in_body():
    doc = markup5.parse("<p>")
    doc.document_element.insert_adjacent_html("beforeend", "<p>x")
    assert doc.document_element.last_child.local_name == "p"
