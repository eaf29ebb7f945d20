"""Links (markup5.links): the document's URL and base URL, element URLs and
document.links, by the HTML Standard's rules (§2.4, §4.2.3 the base
element, document.links).  Expected values worked out from the standards'
text; where they differ from urllib.parse.urljoin, that is shown too."""

from __future__ import annotations

import pickle
from urllib.parse import urljoin

import pytest

import markup5
from markup5 import Document, Element, HTMLParser
from markup5.links import absolute_url, document_base_url, link_urls, links


# The document's URL ---------------------------------------------------------------

def test_parse_sets_the_document_url_serialized() -> None:
    doc = markup5.parse("<p>", url="HTTP://Example.COM:80/a/./b/../c d")
    assert doc.url == "http://example.com/a/c%20d"


def test_no_url_by_default() -> None:
    assert markup5.parse("<p>").url is None
    assert Document().url is None


@pytest.mark.parametrize("bad", ["", "relative/path", "/abs/path", "http://", "http://a:99999/"])
def test_document_url_must_be_absolute(bad: str) -> None:
    with pytest.raises(ValueError, match="absolute URL"):
        markup5.parse("<p>", url=bad)
    with pytest.raises(ValueError, match="absolute URL"):
        HTMLParser(url=bad)
    with pytest.raises(ValueError, match="absolute URL"):
        Document().url = bad


def test_document_url_type_is_checked() -> None:
    # (The compiled parser's own argument check words it otherwise.)
    with pytest.raises(TypeError):
        markup5.parse("<p>", url=b"http://a/")  # type: ignore[arg-type]
    doc = Document()
    with pytest.raises(TypeError, match="must be a str or None"):
        doc.url = 1  # type: ignore[assignment]


def test_incremental_parser_takes_url() -> None:
    parser = HTMLParser(url="https://example.com/x")
    parser.feed(b"<a href=y>")
    doc = parser.close()
    assert doc.url == "https://example.com/x"
    assert doc.link_urls()[0][1] == "https://example.com/y"


def test_url_setter_and_pickling() -> None:
    doc = markup5.parse("<a href=b>")
    doc.url = "https://example.com/dir/"
    assert doc.links()[0].absolute_url() == "https://example.com/dir/b"
    copy = pickle.loads(pickle.dumps(doc))
    assert copy.url == "https://example.com/dir/"
    doc.url = None
    assert doc.base_url is None


# The document base URL ------------------------------------------------------------

def test_base_url_is_the_document_url_without_base() -> None:
    assert markup5.parse("<p>", url="https://example.com/a?q#f").base_url == \
        "https://example.com/a?q#f"


def test_base_url_none_when_nothing_is_known() -> None:
    assert markup5.parse("<p>").base_url is None
    # A relative <base href> with no document URL has nothing to resolve against.
    assert markup5.parse("<base href=/x/>").base_url is None


def test_absolute_base_href_without_document_url() -> None:
    assert markup5.parse("<base href='HTTPS://CDN.example/x/'>").base_url == \
        "https://cdn.example/x/"


def test_base_href_resolves_against_document_url() -> None:
    doc = markup5.parse("<base href='../static/'>", url="https://example.com/a/b/page")
    assert doc.base_url == "https://example.com/a/static/"


def test_first_base_with_href_wins() -> None:
    doc = markup5.parse("<base target=_blank><base href=/one/><base href=/two/>",
                        url="https://example.com/")
    assert doc.base_url == "https://example.com/one/"


def test_base_in_body_counts_and_template_contents_do_not() -> None:
    doc = markup5.parse("<template><base href=/t/></template><body><base href=/b/>",
                        url="https://example.com/")
    assert doc.base_url == "https://example.com/b/"


def test_svg_base_is_not_a_base_element() -> None:
    doc = markup5.parse("<svg><base href=/svg/></svg>", url="https://example.com/p")
    assert doc.base_url == "https://example.com/p"


def test_base_href_that_fails_falls_back_to_document_url() -> None:
    # The frozen base URL is the fallback base URL when the href fails.
    doc = markup5.parse("<base href='http://exa mple.com/'>", url="https://example.com/p")
    assert doc.base_url == "https://example.com/p"


def test_base_url_follows_edits() -> None:
    doc = markup5.parse("<base href=/one/>", url="https://example.com/")
    base = doc.select_one("base")
    assert base is not None
    base.set_attribute("href", "/two/")
    assert doc.base_url == "https://example.com/two/"
    base.remove()
    assert doc.base_url == "https://example.com/"


# Element URLs ---------------------------------------------------------------------

PAGE = """<!doctype html><base href="https://example.com/docs/">
<a href="guide.html">1</a>
<a href="../img/a b.png?x=é#top">2</a>
<a href="//other.example/x">3</a>
<a href="\\\\evil.example\\path">4</a>
<a href="http://[::1]:8080/">5</a>
<a href="http://">6</a>
<a>7</a>
<area href="mailto:someone@example.com">
<link href="style.css">
<svg><a href="svg-link"></a></svg>
<template><a href="in-template"></a></template>
<img src="pic.png" SRCSET="ignored">
"""


def test_absolute_url() -> None:
    doc = markup5.parse(PAGE)
    anchors = doc.select("body > a")
    assert [a.absolute_url() for a in anchors] == [
        "https://example.com/docs/guide.html",
        "https://example.com/img/a%20b.png?x=%C3%A9#top",
        "https://other.example/x",
        "https://evil.example/path",  # backslashes are slashes in special URLs
        "http://[::1]:8080/",
        None,  # "http://" has no host: failure
        None,  # no href
    ]


def test_absolute_url_of_other_attributes() -> None:
    doc = markup5.parse(PAGE)
    img = doc.select_one("img")
    link = doc.select_one("link")
    assert img is not None and link is not None
    assert img.absolute_url("src") == "https://example.com/docs/pic.png"
    assert img.absolute_url("SRC") == "https://example.com/docs/pic.png"  # names fold
    assert img.absolute_url("href") is None
    assert link.absolute_url() == "https://example.com/docs/style.css"


def test_absolute_url_outside_a_document() -> None:
    a = Element("a", {"href": "relative"})
    assert a.absolute_url() is None
    a.set_attribute("href", "HTTPS://Example.com")
    assert a.absolute_url() == "https://example.com/"
    template = markup5.parse(PAGE, url="https://example.com/").select_one("template")
    assert template is not None and template.template_contents is not None
    inert = template.template_contents.select_one("a")
    assert inert is not None and inert.absolute_url() is None


def test_absolute_url_type_checks() -> None:
    with pytest.raises(TypeError):
        absolute_url(markup5.parse(""), "href")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Element("a").absolute_url(1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        document_base_url(Element("a"))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        links(Element("a"))  # type: ignore[arg-type]


# document.links -------------------------------------------------------------------

def test_links_are_html_a_and_area_with_href_in_tree_order() -> None:
    doc = markup5.parse(PAGE)
    found = doc.links()
    assert [(e.local_name, e.get("href")) for e in found] == [
        ("a", "guide.html"), ("a", "../img/a b.png?x=é#top"), ("a", "//other.example/x"),
        ("a", "\\\\evil.example\\path"), ("a", "http://[::1]:8080/"), ("a", "http://"),
        ("area", "mailto:someone@example.com"),
    ]
    assert links(doc) == found


def test_link_urls_agree_with_absolute_url() -> None:
    doc = markup5.parse(PAGE, url="https://example.com/")
    pairs = doc.link_urls()
    assert pairs == link_urls(doc)
    assert [element for element, _ in pairs] == doc.links()
    assert [url for _, url in pairs] == [element.absolute_url() for element in doc.links()]
    assert pairs[-1][1] == "mailto:someone@example.com"


def test_link_urls_read_the_tree_for_the_base_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import markup5.links as links_module
    calls = [0]
    original = links_module._document_base_url

    def counting(document: Document) -> object:
        calls[0] += 1
        return original(document)

    monkeypatch.setattr(links_module, "_document_base_url", counting)
    doc = markup5.parse("<a href=x></a>" * 500, url="https://example.com/")
    assert len(doc.link_urls()) == 500
    assert calls[0] == 1


# Where urllib.parse.urljoin gives another answer ----------------------------------

@pytest.mark.parametrize(("href", "browser", "urljoin_gives"), [
    ("\\\\evil.example\\x", "https://evil.example/x",
     "https://example.com/dir/\\\\evil.example\\x"),
    ("a b", "https://example.com/dir/a%20b", "https://example.com/dir/a b"),
    ("//EXAMPLE.org:443/", "https://example.org/", "https://EXAMPLE.org:443/"),
])
def test_differences_from_urljoin(href: str, browser: str, urljoin_gives: str) -> None:
    doc = markup5.parse("", url="https://example.com/dir/page")
    a = doc.create_element("a")
    a.set_attribute("href", href)
    body = doc.body
    assert body is not None
    body.append(a)
    assert a.absolute_url() == browser
    assert urljoin("https://example.com/dir/page", href) == urljoin_gives
