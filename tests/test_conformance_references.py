"""References that must resolve (markup5.conformance._references): each case
states what the HTML Standard requires, with its section."""

from __future__ import annotations

import pytest

from markup5.conformance import check

_HEAD = "<!DOCTYPE html><html lang=en><head><title>t</title></head><body>"
_CODES = {"reference-missing", "duplicate-map-name", "bad-attribute-combination", "bad-attribute-value"}


def found(body: str) -> list[tuple[str, str]]:
    return [(m.code, m.message) for m in check(_HEAD + body) if m.code in _CODES]


def codes(body: str) -> list[str]:
    return [code for code, _ in found(body)]


# §4.10.4: "If the attribute is specified, the attribute's value must be the ID
# of a labelable element in the same tree as the label element."
@pytest.mark.parametrize("body, bad", [
    ("<label for=a>x</label><input id=a>", False),
    ("<input id=a><label for=a>x</label>", False),          # (order does not matter)
    ("<label for=a>x</label><select id=a></select>", False),
    ("<label for=a>x</label><textarea id=a></textarea>", False),
    ("<label for=a>x</label><meter id=a value=1></meter>", False),
    ("<label for=a>x</label><x-widget id=a></x-widget>", False),  # (may be form-associated)
    ("<label for=b>x</label><input id=a>", True),
    ("<label for=a>x</label><div id=a></div>", True),         # not labelable
    ("<label for=a>x</label><input type=hidden id=a>", True),  # hidden: not labelable
    ("<label for=A>x</label><input id=a>", True),              # IDs are case-sensitive
    ("<label for=a>x</label><div id=a></div><input id=a>", True),  # the first with the ID
])
def test_label_for(body: str, bad: bool) -> None:
    expected = [("reference-missing", "The value of the “for” attribute of the “label” "
                 "element must be the ID of a non-hidden form control.")] if bad else []
    assert [f for f in found(body) if f[0] == "reference-missing"] == expected


# §4.10.5.3.9: list "must be the ID of a datalist element in the same tree".
@pytest.mark.parametrize("body, bad", [
    ("<input list=d><datalist id=d></datalist>", False),
    ("<datalist id=d></datalist><input list=d>", False),
    ("<input list=d>", True),
    ("<input list=d><div id=d></div>", True),
])
def test_input_list(body: str, bad: bool) -> None:
    expected = [("reference-missing", "The “list” attribute of the “input” element must refer "
                 "to a “datalist” element.")] if bad else []
    assert found(body) == expected


# §4.10.17.3: form "must be the ID of a form element in the element's tree".
@pytest.mark.parametrize("element", ["input", "button", "select", "textarea", "output",
                                     "fieldset", "object data=x"])
def test_form_attribute(element: str) -> None:
    name = element.split()[0]
    assert codes(f"<form id=f></form><{element} form=f></{name}>") == []
    assert found(f"<form id=f></form><{element} form=g></{name}>") == [
        ("reference-missing", "The “form” attribute must refer to a form element.")]
    assert codes(f"<div id=g></div><{element} form=g></{name}>") == ["reference-missing"]


# §2.3.9 / §4.8.13: usemap is "#" followed by exactly a map's name.
@pytest.mark.parametrize("body, bad", [
    ("<img src=a alt=b usemap=#m><map name=m></map>", False),
    ("<map name=m></map><img src=a alt=b usemap=#m>", False),
    ("<img src=a alt=b usemap=#m>", True),
    ("<img src=a alt=b usemap=#M><map name=m></map>", True),     # exact match
    ("<img src=a alt=b usemap=#m><map name=x id=m></map>", True),  # by name, not id
])
def test_usemap(body: str, bad: bool) -> None:
    messages = [f for f in found(body) if f[0] == "reference-missing"]
    if bad:
        assert len(messages) == 1
        assert messages[0][1].startswith("The hash-name reference in attribute “usemap” "
                                         "referred to")
    else:
        assert messages == []


def test_map_name_rules() -> None:
    # §4.8.13: non-empty, no ASCII whitespace, unique, equal to the id.
    assert codes("<map name=m id=m></map>") == []
    assert codes("<map name=''></map>") == ["bad-attribute-value"]
    assert codes("<map name='a b'></map>") == ["bad-attribute-value"]
    assert codes("<map name=m></map><map name=m></map>") == ["duplicate-map-name"]
    assert found("<map name=m id=n></map>") == [
        ("bad-attribute-combination", "The “id” attribute on a “map” element must have an the "
         "same value as the “name” attribute.")]


# §5.2.2: itemref tokens are IDs of elements in the same tree.
def test_itemref() -> None:
    assert codes("<div itemscope itemref='a b'></div><p id=a></p><p id=b></p>") == []
    assert found("<div itemscope itemref='a b'></div><p id=a></p>") == [
        ("reference-missing", "The “itemref” attribute referenced “b”, but there is no element "
         "with an “id” attribute with that value.")]


# §4.9.11: headers tokens are IDs of th elements in the same table.
def test_headers() -> None:
    table = "<table><tr><th id=h>H<th id=k>K<tr><td headers='{}'>1<td>2</table>"
    assert codes(table.format("h")) == []
    assert codes(table.format("h k")) == []
    assert codes(table.format("x")) == ["reference-missing"]
    assert found("<p id=d></p>" + table.format("d")) == [
        ("reference-missing", "The “headers” attribute on the element “td” refers to the ID "
         "“d”, but there is no “th” element with that ID in the same table.")]
    # A th of another table (here, a nested one) is not in the same table.
    assert codes("<table><tr><td headers=n><table><tr><th id=n>N</table></table>") == [
        "reference-missing"]
    # The nested table's cells look up their own table, the outer table's
    # cells theirs again after it (the nearest table ancestor, looked up
    # only for cells with headers or th with an ID).
    assert codes("<table><tr><th id=o>O<td><table><tr><th id=n>N<td headers=n>1</table>"
                 "<td headers=o>2</table>") == []
    assert codes("<table><tr><th id=o>O<td><table><tr><td headers=o>1</table></table>") == [
        "reference-missing"]
    # Cells in template contents are not in the document: neither checked
    # nor counted.
    assert codes("<template><table><tr><td headers=x>1</table></template>") == []
    assert codes("<table><tr><td headers=t>1</table>"
                 "<template><table><tr><th id=t>T</table></template>") == ["reference-missing"]


# §4.10.12 output for, §6.12.2 commandfor, §6.12.3 popovertarget: IDs in the tree.
def test_other_id_references() -> None:
    assert codes("<input id=a><output for='a'></output>") == []
    assert codes("<output for='a b'></output><input id=a>") == ["reference-missing"]
    assert codes("<button commandfor=d command=show-modal>x</button><dialog id=d></dialog>") \
        == []
    assert codes("<button commandfor=d command=show-modal>x</button>") == ["reference-missing"]
    assert codes("<button popovertarget=p>x</button><div id=p popover></div>") == []
    assert codes("<button popovertarget=p>x</button>") == ["reference-missing"]


def test_template_contents_are_their_own_tree() -> None:
    # References inside template contents are not resolved against the
    # document (nor the document's against them).
    assert codes("<template><input list=d></template>") == []
    assert codes("<input list=d><template><datalist id=d></datalist></template>") == [
        "reference-missing"]


def test_positions_are_the_referring_elements() -> None:
    messages = [m for m in check(_HEAD + "\n<p>\n<input list=x>") if m.code == "reference-missing"]
    assert [(m.line, m.col) for m in messages] == [(3, 1)]


def test_anchor_names_are_unique_among_ids_and_names() -> None:
    # §16.1: an a element's name "must neither be equal to the value of any of
    # the IDs in the element's tree other than the element's own ID, if any,
    # nor be equal to the value of any of the other name attributes on a
    # elements in the element's tree".
    def anchor(body: str) -> list[str]:
        return [m.code for m in check(_HEAD + body) if m.code == "duplicate-anchor-name"]

    assert anchor("<a name=top id=top></a>") == []
    assert anchor("<a name=top></a><a name=end></a>") == []
    assert anchor("<a name=top></a><div id=top></div>") == ["duplicate-anchor-name"]
    assert anchor("<div id=top></div><a name=top></a>") == ["duplicate-anchor-name"]
    assert anchor("<a name=top></a><a name=top></a>") == ["duplicate-anchor-name"]


def test_base_comes_before_elements_with_urls() -> None:
    # §4.2.3: "A base element, if it has an href attribute, must come before
    # any other elements in the tree that have attributes defined as taking URLs".
    def base(head: str) -> list[str]:
        doc = f"<!DOCTYPE html><html lang=en><head><title>t</title>{head}</head><body>"
        return [m.code for m in check(doc) if m.code == "misplaced-base"]

    assert base("<base href=/a/><link rel=stylesheet href=a.css>") == []
    assert base("<link rel=stylesheet href=a.css><base href=/a/>") == ["misplaced-base"]
    assert base("<script src=a.js></script><base href=/a/>") == ["misplaced-base"]
    assert base("<link rel=stylesheet href=a.css><base target=_self>") == []  # no href
    assert base("<meta name=x content=y><base href=/a/>") == []
    # ("except the html element")
    doc = ("<!DOCTYPE html><html lang=en itemscope itemtype=http://schema.org/Thing><head>"
           "<title>t</title><base href=/a/></head><body>")
    assert [m.code for m in check(doc) if m.code == "misplaced-base"] == []


def test_one_meta_description_per_document() -> None:
    # §4.2.5.1: "There must not be more than one meta element with its name
    # attribute set to the value description per document."
    head = "<!DOCTYPE html><html lang=en><head><title>t</title>{}</head><body>"
    one = "<meta name=description content=a>"
    assert [m.code for m in check(head.format(one)) if m.code == "duplicate-meta-description"] \
        == []
    assert [m.code for m in check(head.format(one * 2))
            if m.code == "duplicate-meta-description"] == ["duplicate-meta-description"]
    # "Names are case-insensitive, and must be compared in an ASCII case-insensitive manner."
    other_case = "<meta name=DEScription content=b>"
    assert [m.code for m in check(head.format(one + other_case))
            if m.code == "duplicate-meta-description"] == ["duplicate-meta-description"]
