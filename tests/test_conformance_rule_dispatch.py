"""The references, microdata and ARIA families ask the walk for some elements
only (``ELEMENTS`` and ``ATTRIBUTES``, see ``_messages.Rule``).  Called for
every element instead, each gives the same messages: what they leave out
is nothing they would have reported on or needed to see.  Checked on the
conformance-checkers suite's files and on hand-made documents with
templates, nested tables, references and roles."""

from __future__ import annotations

from pathlib import Path

import pytest

from markup5.conformance import check
from markup5.conformance._aria import AriaRules
from markup5.conformance._microdata import MicrodataRules
from markup5.conformance._references import References

_SUITE = Path(__file__).parent / "fixtures" / "wpt-conformance-checkers"
_FAMILIES = (References, MicrodataRules, AriaRules)

_HAND_MADE = [
    "<!DOCTYPE html><title>t</title><template><label for=a>x</label><p id=b itemprop=x>"
    "<td headers=h></template><label for=a>x</label><input id=a><map name=m></map>"
    "<template><map name=m></map><a name=n></a></template><a name=n></a>",
    "<!DOCTYPE html><title>t</title><div><template><div><template><p id=x></template></div>"
    "</template></div><a href=#x itemref=x>y</a><base href=/>",
    "<!DOCTYPE html><title>t</title><table><tr><th id=h>H<td headers=h><svg><g id=q/></svg>"
    "<table><tr><td headers=h></table></table><output for='q z'></output>",
    "<!DOCTYPE html><title>t</title><ul><li><div role=listitem>x</div></ul><div role=tab>t"
    "</div><div aria-labelledby=nope aria-owns=o><span id=o role=option>o</span></div>"
    "<figure role=img><figcaption>c</figcaption></figure><details><summary role=button>s"
    "</summary></details><section aria-label=s><header role=banner>h</header></section>",
    "<!DOCTYPE html><title>t</title><div itemscope itemref='a a'></div><p id=a itemprop=x>1"
    "</p><span itemprop=y>2</span><div itemtype=http://x/ itemid=u>3</div>"
    "<template><div itemscope><p itemprop=z></div></template>",
]


def _documents() -> list[bytes]:
    files = sorted((_SUITE / "html-aria").rglob("*.html"))
    for part in ("microdata", "label", "template", "map", "tables", "headers", "base",
                 "output", "datalist"):
        files += sorted(p for p in (_SUITE / "html").rglob("*.html") if part in str(p))
    return [p.read_bytes() for p in files] + [h.encode() for h in _HAND_MADE]


def _messages(document: bytes) -> list[tuple[str, str, int, int]]:
    return [(m.code, m.message, m.line, m.col) for m in check(document)]


def test_documents_found() -> None:
    assert len(_documents()) > 100


@pytest.mark.parametrize("family", _FAMILIES, ids=lambda family: family.__name__)
def test_called_for_every_element_the_same_messages(
        family: type, monkeypatch: pytest.MonkeyPatch) -> None:
    documents = _documents()
    dispatched = [_messages(document) for document in documents]
    monkeypatch.setattr(family, "ELEMENTS", None)
    everywhere = [_messages(document) for document in documents]
    assert everywhere == dispatched


#: For each attribute that makes the walk call the references family: a
#: document where an element carries it alone (no other trigger) and the
#: family reports something because of it.
_ALONE = {
    "id": ("<div itemscope itemref=a></div><p id=a itemprop=x>1</p><label for=b>l</label>"
           "<p id=b>", "reference-missing"),
    "itemref": ("<div itemscope itemref=zz></div>", "reference-missing"),
    "name": ("<a name=n>1</a><a name=n>2</a>", "duplicate-anchor-name"),
    "for": ("<label for=zz>x</label><output for=zz></output>", "reference-missing"),
    "headers": ("<table><tr><td headers=zz>1</table>", "reference-missing"),
    "usemap": ("<img usemap=#zz alt=x>", "reference-missing"),
    "form": ("<input form=zz>", "reference-missing"),
    "list": ("<input list=zz>", "reference-missing"),
    "commandfor": ("<button commandfor=zz command=show-modal>x</button>", "reference-missing"),
    "popovertarget": ("<button popovertarget=zz>x</button>", "reference-missing"),
}


def test_every_trigger_has_a_case() -> None:
    assert set(_ALONE) == References.ATTRIBUTES


@pytest.mark.parametrize("attribute", sorted(_ALONE))
def test_each_attribute_alone(attribute: str, monkeypatch: pytest.MonkeyPatch) -> None:
    body, code = _ALONE[attribute]
    document = ("<!DOCTYPE html><html lang=en><title>t</title>" + body).encode()
    dispatched = _messages(document)
    assert code in [found[0] for found in dispatched]
    with monkeypatch.context() as patch:
        patch.setattr(References, "ELEMENTS", None)
        assert _messages(document) == dispatched
    monkeypatch.setattr(References, "ATTRIBUTES", References.ATTRIBUTES - {attribute})
    assert _messages(document) != dispatched  # (the case needs the trigger)


#: base's position rule (§4.2.3) reads the document before a base with href
#: itself: each URL attribute, alone on an element before it, makes it
#: misplaced.
_URL_BEFORE = [
    (attribute, f"<{element} {attribute}=http://a/x{extra}>")
    for attribute, element, extra in (
        ("href", "a", ">x</a"), ("src", "img", " alt=a"), ("srcset", "img", " alt=a"),
        ("imagesrcset", "link", " rel=preload as=image"), ("cite", "q", ">x</q"),
        ("action", "form", "></form"), ("formaction", "button", ">x</button"),
        ("poster", "video", "></video"), ("data", "object", "></object"),
        ("ping", "a", ">x</a"), ("itemid", "div", " itemscope></div"),
        ("itemtype", "div", " itemscope></div"))]


def _misplaced_bases(body: str) -> list[int]:
    document = ("<!DOCTYPE html><html lang=en><title>t</title>" + body).encode()
    found = [m.col for m in check(document) if m.code == "misplaced-base"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(References, "ELEMENTS", None)
        assert [m.col for m in check(document) if m.code == "misplaced-base"] == found
    return found


def test_every_url_attribute_has_a_case() -> None:
    from markup5.conformance._references import _URL_ATTRIBUTES
    assert {attribute for attribute, _ in _URL_BEFORE} == _URL_ATTRIBUTES


@pytest.mark.parametrize(("attribute", "element"), _URL_BEFORE)
def test_a_url_attribute_before_base(attribute: str, element: str) -> None:
    assert len(_misplaced_bases(element + "<base href=/>")) == 1
    assert _misplaced_bases("<base href=/>" + element) == []


@pytest.mark.parametrize(("body", "misplaced"), [
    ("<base href=/><base href=/x>", 1),             # the first base's href counts
    ("<base target=_top><base href=/>", 0),         # a base without href does not
    ("<base href=/><p>x</p><base href=/x><base href=/y>", 2),
    ("<template><a href=/>x</a></template><base href=/>", 0),  # template contents: not here
    ("<svg><a href=/x></a></svg><base href=/>", 0),   # an SVG a is not an HTML element
    ("<svg><foreignObject><a href=/x>y</a></foreignObject></svg><base href=/>", 1),
    ("<div><p><base href=/></p><img src=x alt=y></div><base href=/y>", 1),
    ("<template><base href=/></template><a href=/>x</a><base href=/>", 1),
])
def test_base_positions(body: str, misplaced: int) -> None:
    assert len(_misplaced_bases(body)) == misplaced


def test_the_html_elements_url_attributes_are_not_before_base() -> None:
    # ("except the html element")
    document = (b"<!DOCTYPE html><html lang=en itemscope itemtype=http://a/ itemid=http://a/x>"
                b"<title>t</title><base href=/>")
    assert [m for m in check(document) if m.code == "misplaced-base"] == []
