"""The walk checks a child against its parent's category (flow or phrasing
content) as it meets the child (``ContentChecker.fit``), where
``check_element`` checks all of a parent's children at the parent: both
must find the same content-model messages, on the same nodes."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import markup5
from markup5.conformance import _check
from markup5.conformance._content import ContentChecker
from markup5.dom import Document, Element, Node

Found = Counter[tuple[int, str, str]]

#: Names that take the walk through the category rules' corners: children
#: that fit by name, conditional ones (area, link, meta, main), misfits
#: whose subtree is suppressed, style's first-child rule, transparent
#: parents, media elements, template contents, foreign roots.
NAMES = ["div", "p", "span", "a", "b", "main", "style", "meta", "link", "area", "map",
         "ul", "li", "table", "tr", "td", "template", "audio", "video", "source", "select",
         "option", "datalist", "h1", "hgroup", "label", "input", "button", "ins", "object",
         "x-el", "svg", "math", "title", "noscript", "dl", "dt", "picture", "img", "center"]
ATTRIBUTES = ["", " href=x", " itemprop=p", " rel=stylesheet", " tabindex=0", " src=v",
              " hidden", " datetime=2020-01-01"]


@st.composite
def markup(draw: st.DrawFn) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 25))):
        kind = draw(st.integers(0, 9))
        name = draw(st.sampled_from(NAMES))
        if kind < 5:
            parts.append(f"<{name}{draw(st.sampled_from(ATTRIBUTES))}>")
        elif kind < 8:
            parts.append(f"</{name}>")
        else:
            parts.append(draw(st.sampled_from(["x", " ", "\n"])))
    return "".join(parts)


def _elements(document: Document) -> list[Element]:
    out: list[Element] = []
    stack: list[Node] = list(reversed(document.children))
    while stack:
        node = stack.pop()
        if isinstance(node, Element):
            out.append(node)
            contents = node.template_contents
            stack.extend(reversed(contents.children if contents is not None else node.children))
    return out


def by_check_element(document: Document) -> Found:
    found: Found = Counter()
    checker = ContentChecker()
    for element in _elements(document):
        checker.check_element(
            element, lambda code, severity, node, message: found.update(
                [(id(node), code, message)]))
    return found


def by_walk(document: Document, monkeypatch: pytest.MonkeyPatch) -> Found:
    """The content messages of check()'s walk: its other families and the
    attribute rules made silent."""
    found: Found = Counter()

    class Silent:
        def __init__(self, report: object) -> None:
            pass

        def check(self, element: Element) -> None:
            pass

        check_foreign = check

    with monkeypatch.context() as patch:
        patch.setattr(_check, "RULES", ())
        patch.setattr(_check, "AttributeChecker", Silent)
        _check._walk(document,
                     lambda code, severity, node, message: found.update(
                         [(id(node), code, message)]),
                     lambda *args: None, [])
    return found


@pytest.mark.parametrize("body", [
    "<div><style>p{}</style><p>x</p></div>",          # style first: allowed
    "<div>text<style>p{}</style></div>",              # style after text
    "<div><p></p><style></style><style></style></div>",
    "<span><div>x</div><b><p>y</p></b></span>",       # misfit, subtree suppressed
    "<p><area><map><area></map></p>",
    "<div><meta name=x><meta itemprop=y content=z><link rel=icon></div>",
    "<a href=x><ins><div>block</div></ins></a>",      # transparent
    "<h1><span>x</span><div>y</div></h1><hgroup><h2>x</h2><p>y</p></hgroup>",
    "<template><div><style></style>x<style></style></div></template>",
    "<video><source><div>x</div></video>",
])
def test_walk_and_check_element_agree_on_examples(body: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    document = markup5.parse(f"<!DOCTYPE html><title>t</title><body>{body}")
    expected = by_check_element(document)
    assert by_walk(document, monkeypatch) == expected


def test_a_misfit_is_reported_by_the_walk_and_its_subtree_suppressed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    document = markup5.parse("<!DOCTYPE html><title>t</title><span><div><p><div>x")
    found = by_walk(document, monkeypatch)
    assert [code for _, code, _ in found.elements()] == ["element-not-allowed-as-child"]


def test_style_after_text_is_reported_once_by_the_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    document = markup5.parse("<!DOCTYPE html><title>t</title><div>text<style></style>"
                             "<style></style></div><div> <style></style></div>")
    codes = sorted(code for _, code, _ in by_walk(document, monkeypatch).elements())
    assert codes == ["style-not-first-child", "style-not-first-child"]


@given(markup())
def test_walk_and_check_element_agree(source: str) -> None:
    document = markup5.parse(source)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert by_walk(document, monkeypatch) == by_check_element(document)
