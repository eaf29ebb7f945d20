"""Microdata (markup5.conformance._microdata): HTML §5.2.2 (itemscope,
itemtype, itemid, itemref) and §5.2.5 ("the properties of an item": every
itemprop element must be a property of some item).  Expectations from the
standard's text and examples; messages are vnu 26.9.27's words."""

from __future__ import annotations

import pytest

from markup5.conformance import check

PAGE = "<!doctype html><html lang=en><title>t</title>\n"
CODES = ("itemprop-without-item", "bad-attribute-combination", "bad-attribute-value")


def found(body: str) -> list[tuple[str, int, str]]:
    return [(m.code, m.line, m.message) for m in check(PAGE + body)
            if m.code in CODES and ("item" in m.message)]


NOT_A_PROPERTY = ("The “itemprop” attribute was specified, but the element is not a property "
                  "of any item.")


@pytest.mark.parametrize("body", [
    # §5.2.2's first example: properties as descendants of the item
    "<div itemscope><p>My name is <span itemprop=name>Elizabeth</span>.</p></div>",
    # a nested item is a property of the outer item, its descendants its own
    "<div itemscope><p itemprop=a itemscope><span itemprop=b>x</span></p></div>",
    # §5.2.2: itemref brings in properties outside the item (the standard's
    # "a" / "b" example), descendants of the referenced element included
    "<div itemscope id=amanda itemref=\"a b\"></div><p id=a>Name: <span itemprop=name>Amanda"
    "</span></p><div id=b itemprop=band itemscope itemref=c></div>"
    "<div id=c><p>Band: <span itemprop=name>Jazz Band</span></p>"
    "<p>Size: <span itemprop=size>12</span> players</p></div>",
    # an item that is itself a property of nothing still has properties (vnu
    # reports its properties too: it crawls only top-level items)
    "<div itemscope itemprop=x><meta itemprop=y content=1></div>",
    "<div itemscope itemtype=http://schema.org/Thing itemid=urn:isbn:0-330-34032-8></div>",
])
def test_properties_of_items(body: str) -> None:
    assert [f for f in found(body) if f[0] == "itemprop-without-item"] == \
        ([("itemprop-without-item", 2, NOT_A_PROPERTY)] if "itemprop=x" in body else [])


def test_an_itemprop_outside_every_item() -> None:
    assert found("<p>\n<span itemprop=name>x</span>\n</p>") == [
        ("itemprop-without-item", 3, NOT_A_PROPERTY)]


def test_an_itemref_from_an_element_that_is_not_an_item_does_not_count() -> None:
    body = "<div itemref=p></div>\n<p id=p itemprop=name>x</p>"
    assert found(body) == [
        ("bad-attribute-combination", 2,
         "The “itemref” attribute must not be specified on elements that do not have an "
         "“itemscope” attribute specified."),
        ("itemprop-without-item", 3, NOT_A_PROPERTY)]


def test_itemref_names_the_first_element_with_the_id() -> None:
    # getElementById's element: the second p with the same id is not referenced
    body = "<div itemscope itemref=p></div><p id=p>x</p>\n<p id=p itemprop=name>y</p>"
    assert [(code, line) for code, line, _ in found(body)] == [("itemprop-without-item", 3)]


def test_itemtype_and_itemid_need_an_item() -> None:
    body = ("<div itemtype=http://schema.org/Thing>\n</div><div itemid=urn:x>\n</div>"
            "<div itemscope itemid=urn:x></div>")
    assert found(body) == [
        ("bad-attribute-combination", 2,
         "The “itemtype” attribute must not be specified on elements that do not have an "
         "“itemscope” attribute specified."),
        ("bad-attribute-combination", 3,
         "The “itemid” attribute must not be specified on elements that do not have both an "
         "“itemscope” attribute and an “itemtype” attribute specified."),
        ("bad-attribute-combination", 4,
         "The “itemid” attribute must not be specified on elements that do not have both an "
         "“itemscope” attribute and an “itemtype” attribute specified."),
    ]


def test_itemref_tokens_are_unique() -> None:
    # §5.2.2: "an unordered set of unique space-separated tokens"
    assert found("<div itemscope itemref=\"a a\"></div><p id=a>x</p>") == [
        ("bad-attribute-value", 2, "The “itemref” attribute contained redundant references.")]


def test_template_contents_are_not_in_the_document() -> None:
    assert found("<template><span itemprop=name>x</span></template>") == []


def test_deep_trees_are_checked_without_recursion() -> None:
    depth = 20000
    body = "<div itemscope>" + "<div>" * depth + "<span itemprop=a>x</span>" \
        + "</div>" * depth + "</div>" + "<div>" * depth + "<b itemprop=b>y</b>"
    assert [code for code, _, _ in found(body)] == ["itemprop-without-item"]


REDUNDANT = "The “itemref” attribute contained redundant references."


@pytest.mark.parametrize("body, redundant", [
    # §5.2.5: the crawl reaches an element already in memory (a microdata error)
    ("<div itemscope itemref=a><p id=a itemprop=x>1</p></div>", True),   # a descendant
    ("<div itemscope id=i itemref=i></div>", True),                      # the item itself
    ("<section id=s><div itemscope itemref=s></div><p itemprop=x>1</p></section>",
     True),                                                              # an ancestor
    ("<div itemscope itemref=\"a b\"></div><div id=a><p id=b itemprop=x>1</p></div>",
     True),                                                              # one inside another
    # a nested item stops the crawl: its descendants are not reached twice
    ("<div itemscope itemref=b><div itemscope itemprop=n><p id=b itemprop=x>1</p></div></div>",
     False),
    ("<div itemscope itemref=\"a b\"></div><div id=a itemscope itemprop=q>"
     "<p id=b itemprop=x>1</p></div>", False),
    ("<div itemscope itemref=\"a b\"></div><p id=a itemprop=x>1</p><p id=b itemprop=y>2</p>",
     False),
])
def test_crawls_that_reach_an_element_twice(body: str, redundant: bool) -> None:
    assert [m for _, _, m in found(body) if m == REDUNDANT] == ([REDUNDANT] if redundant else [])


def test_crawl_checks_stay_linear_on_itemref_webs() -> None:
    # n items naming the same deep element: the walks up share one budget
    depth, items = 3000, 3000
    body = "<div id=top>" + "<div>" * depth + "<p id=deep itemprop=x>1</p>" + "</div>" * depth \
        + "</div>" + "<div itemscope itemref=\"deep\"></div>" * items
    assert found(body) == []
