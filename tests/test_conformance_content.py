"""The content-model rules (markup5.conformance._content): content
categories (HTML §3.2.5.2), each element's content model (HTML §4), the
descendant exclusions, and linear work on hostile trees.

Expected verdicts come from the standard's text (sections cited per test) and
the web-platform-tests conformance-checkers suite's cases; messages are the
Nu Html Checker's as vnu 26.9.27 words them (the suite's messages.json has an
older wording of some: "missing required child element")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import markup5
from markup5.conformance import _content
from markup5.conformance._content import (
    EMBEDDED_CONTENT, FLOW_CONTENT, HEADING_CONTENT, INTERACTIVE_CONTENT, METADATA_CONTENT,
    PHRASING_CONTENT, SECTIONING_CONTENT, ContentChecker, check_element, is_flow_content,
    is_interactive_content, is_palpable_content, is_phrasing_content,
)
from markup5.conformance._content import _Entry
from markup5.dom import Document, Element, Node, Text

Found = list[tuple[str, str, Node]]


def _elements_in_order(root: Node) -> list[Element]:
    """Every element in document order, template contents where their
    template is (as the checker's walk goes), without recursion."""
    out: list[Element] = []
    stack: list[Node] = list(reversed(getattr(root, "children", [])))
    while stack:
        node = stack.pop()
        if not isinstance(node, Element):
            continue
        out.append(node)
        children = node.children
        if node.template_contents is not None:
            children = node.template_contents.children
        stack.extend(reversed(children))
    return out


def run(source: str | Document, checker: ContentChecker | None = None) -> Found:
    document = markup5.parse(source) if isinstance(source, str) else source
    found: Found = []
    checker = checker or ContentChecker()

    def report(code: str, severity: str, node: Node, message: str) -> None:
        # errors, but for the label warning that vnu pairs with an error
        assert severity == "error" or (severity == "warning" and code.startswith("label-"))
        found.append((code, message, node))

    for element in _elements_in_order(document):
        checker.check_element(element, report)
    return found


def messages(source: str | Document) -> list[str]:
    return [message for _, message, _ in run(source)]


def codes(source: str | Document) -> list[str]:
    return [code for code, _, _ in run(source)]


def page(body: str, head: str = "<title>t</title>") -> str:
    return f"<!DOCTYPE html><html lang=en><head>{head}</head><body>{body}</body></html>"


def doc_with(*elements: Element) -> Document:
    """A parsed valid page whose body gets ``elements`` (for trees the
    parser never builds, such as form inside form)."""
    document = markup5.parse(page(""))
    body = document.body
    assert body is not None
    for element in elements:
        body.append_child(element)
    return document


def el(tag: str, *children: Node | str, **attrs: str) -> Element:
    element = Element(tag, {k.rstrip("_"): v for k, v in attrs.items()})
    for child in children:
        element.append_child(Text(child) if isinstance(child, str) else child)
    return element


NOT_CHILD = ("Element “{}” not allowed as child of element “{}” in this context. "
             "(Suppressing further errors from this subtree.)")
TRANSPARENT_NOTE = (" Note: The “{}” element has a transparent content model; its allowed "
                    "content is inherited from its parent element.")


def not_child_of_transparent(child: str, parent: str) -> str:
    return NOT_CHILD.format(child, parent) + TRANSPARENT_NOTE.format(parent)


# --- categories (§3.2.5.2) --------------------------------------------------

def test_category_tables_follow_the_standard() -> None:
    # §3.2.5.2.1-7: a few members and non-members of each list
    assert {"base", "link", "meta", "title", "style"} <= METADATA_CONTENT
    assert {"article", "aside", "nav", "section"} == SECTIONING_CONTENT
    assert HEADING_CONTENT == {"h1", "h2", "h3", "h4", "h5", "h6", "hgroup"}
    assert PHRASING_CONTENT < FLOW_CONTENT
    assert "div" not in PHRASING_CONTENT and "p" not in PHRASING_CONTENT
    assert "li" not in FLOW_CONTENT and "main" not in FLOW_CONTENT  # main is conditional
    assert {"img", "iframe", "video", "picture"} <= EMBEDDED_CONTENT
    assert {"button", "details", "label", "select", "textarea"} <= INTERACTIVE_CONTENT
    assert "a" not in INTERACTIVE_CONTENT  # a only with href


def test_interactive_content_conditions() -> None:
    # §3.2.5.2.7: a (href), audio/video (controls), img (usemap), input (not hidden)
    assert is_interactive_content(el("a", href="x"))
    assert not is_interactive_content(el("a"))
    assert is_interactive_content(el("video", controls=""))
    assert not is_interactive_content(el("audio"))
    assert is_interactive_content(el("img", usemap="#m"))
    assert not is_interactive_content(el("img", src="x"))
    assert is_interactive_content(el("input"))
    assert not is_interactive_content(el("input", type=" HIDDEN "))
    assert is_interactive_content(el("details"))


def test_conditional_flow_and_phrasing() -> None:
    # §3.2.5.2.2/5: link allowed in the body, meta with itemprop, custom elements
    assert is_phrasing_content(el("link", rel="stylesheet", href="a.css"))
    assert is_phrasing_content(el("link", rel="preload prefetch", href="a"))
    assert not is_phrasing_content(el("link", rel="icon", href="a"))
    assert is_phrasing_content(el("link", itemprop="url", href="a"))
    assert is_phrasing_content(el("meta", itemprop="x", content="y"))
    assert not is_phrasing_content(el("meta", name="x", content="y"))
    assert is_flow_content(el("my-widget")) and is_phrasing_content(el("my-widget"))
    assert is_flow_content(el("main"))
    assert not is_phrasing_content(el("area"))  # only inside map (the walk's mask)
    assert is_palpable_content(el("ul", el("li"))) and not is_palpable_content(el("ul"))


def test_predicates_reject_non_elements() -> None:
    with pytest.raises(TypeError, match="must be an Element"):
        is_flow_content("div")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be an Element"):
        ContentChecker().check_element(Text("x"), lambda *a: None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="report must be callable"):
        ContentChecker().check_element(el("p"), None)  # type: ignore[arg-type]


# --- flow and phrasing content ---------------------------------------------

def test_flow_in_phrasing_is_reported_at_the_child() -> None:
    # §4.5.22 span: phrasing content; vnu's wording and code
    found = run(page("<span><div>a</div></span>"))
    assert [(c, m) for c, m, _ in found] == [
        ("element-not-allowed-as-child", NOT_CHILD.format("div", "span"))]
    assert isinstance(found[0][2], Element) and found[0][2].local_name == "div"


def test_a_subtree_reported_once_is_suppressed() -> None:
    # vnu: "(Suppressing further errors from this subtree.)"
    assert messages(page("<span><div><span><div>x</div></span></div></span>")) == [
        NOT_CHILD.format("div", "span")]


def test_phrasing_only_elements() -> None:
    # §4.4.1 p, §4.3.6 h1-h6, §4.5.2 em: phrasing content
    for name in ("h1", "em", "strong", "pre", "label", "button"):
        document = doc_with(el(name, el("div")))
        assert messages(document) == [NOT_CHILD.format("div", name)], name


def test_transparent_content_takes_the_parents_model() -> None:
    # §3.2.5.3 transparent: a in a flow parent may hold flow; in phrasing it may not
    assert messages(page("<div><a href=x><div>block link</div></a></div>")) == []
    assert messages(page("<p><a href=x>text</a>")) == []
    assert messages(page("<span><a href=x><div>x</div></a></span>")) == [
        not_child_of_transparent("div", "a")]
    assert messages(page("<span><ins><ins><p>x</p></ins></ins></span>")) == [
        not_child_of_transparent("p", "ins")]
    assert messages(page("<div><del><p>x</p></del></div>")) == []


def test_text_where_no_text_is_allowed() -> None:
    # §4.4.7 ul: zero or more li and script-supporting elements
    found = run(page("<ul> <li>a</li>\n oops </ul>"))
    assert [(c, m) for c, m, _ in found] == [
        ("text-not-allowed", "Text not allowed in element “ul” in this context.")]
    assert isinstance(found[0][2], Text)


def test_li_parents() -> None:
    # §4.4.8 li: inside ol, ul, menu
    assert messages(page("<ol><li>a</ol><ul><li>b</ul><menu><li>c</menu>")) == []
    assert messages(page("<div><li>x</li></div>")) == [NOT_CHILD.format("li", "div")]
    assert messages(page("<ul><script></script><template></template><li>x</ul>")) == []


def test_custom_and_obsolete_elements() -> None:
    # custom elements are flow and phrasing; obsolete ones are the element
    # rules' business (vnu reports them as obsolete, not misplaced)
    # autonomous custom elements are transparent (HTML's element index; vnu agrees)
    assert messages(page("<div><x-card><div>x</div></x-card></div>")) == []
    assert messages(page("<span><x-card><div>x</div></x-card></span>")) == [
        NOT_CHILD.format("div", "x-card")]
    assert messages(page("<div><center>x</center></div>")) == []
    assert messages(page("<object data=a><param name=a value=b></object>")) == []
    assert messages(page("<p><param name=a value=b>")) == []   # vnu 26.9 too
    assert messages(page("<div><blah>x</blah></div>")) == [
        NOT_CHILD.format("blah", "div"),
        "The “blah” element is a completely-unknown element that is not allowed anywhere in "
        "any HTML content."]


# --- head and metadata (§4.2) -------------------------------------------------

def test_head_needs_one_title() -> None:
    # §4.2.1: exactly one title, unless an iframe srcdoc document
    assert messages("<!DOCTYPE html><p>x") == [
        "Element “head” is missing a required instance of child element “title”."]
    srcdoc = markup5.parse("<!DOCTYPE html><p>x")
    srcdoc.url = "about:srcdoc"
    assert messages(srcdoc) == []
    document = markup5.parse(page("", head="<title>a</title>"))
    head = document.head
    assert head is not None
    head.append_child(el("title", "b"))
    head.append_child(el("base", href="/"))
    head.append_child(el("base", href="/"))
    assert messages(document) == [NOT_CHILD.format("title", "head"),
                                  NOT_CHILD.format("base", "head")]


def test_metadata_in_the_body() -> None:
    # §4.6.7 link "allowed in the body"; §4.2.5 meta with itemprop; vnu's messages
    assert messages(page("<link rel=stylesheet href=a.css><meta itemprop=a content=b>")) == []
    assert messages(page("<p><meta property=og:title content=b>")) == []  # RDFa, as vnu
    assert messages(page("<p><link rel=icon href=a.ico>")) == [
        "A “link” element must not appear as a descendant of a “body” element unless the "
        "“link” element has an “itemprop” attribute or has a “rel” attribute whose value "
        "contains “dns-prefetch”, “modulepreload”, “pingback”, “preconnect”, “prefetch”, "
        "“preload”, “prerender”, or “stylesheet”."]
    assert run(page("<div><meta name=a content=b></div>"))[1][:2] == (
        "attribute-not-allowed", "Attribute “name” not allowed on element “meta” at this point.")
    assert codes(page("<div><meta name=a content=b></div>")) == [
        "missing-required-attribute", "attribute-not-allowed"]
    assert messages(page("<div><meta charset=utf-8></div>"))[0] == (
        "Element “meta” is missing one or more of the following attributes: “content”, "
        "“itemprop”, “property”.")
    # vnu accepts a style element in the body as the first child of its parent
    assert messages(page("<div>\n<style>p {}</style><p>x</p></div>")) == []
    assert messages(page("<div><p>x</p><style>p {}</style></div>")) == [
        "A “style” element in “body” must be the first child of its parent."]
    assert codes(page("<div>text<style>p {}</style></div>")) == ["style-not-first-child"]
    assert messages(page("<p><style>p {}</style>x</p>")) == [NOT_CHILD.format("style", "p")]


def test_noscript_in_head() -> None:
    # §4.12.2: in head, noscript holds link, style and meta only
    document = markup5.parse(page("", head="<title>t</title><noscript></noscript>"))
    head = document.head
    assert head is not None
    noscript = head.children[-1]
    assert isinstance(noscript, Element)
    noscript.append_child(el("style"))
    noscript.append_child(el("div"))
    assert messages(document) == [NOT_CHILD.format("div", "noscript")]


# --- descendant exclusions ----------------------------------------------------

def test_interactive_content_in_a_and_button() -> None:
    # §4.5.1 a, §4.10.6 button: no interactive content descendant, no tabindex
    assert messages(page("<a href=x><span><button>b</button></span></a>")) == [
        "The element “button” must not appear as a descendant of the “a” element."]
    assert messages(page("<a href=x><video controls></video><img src=a alt=b usemap=#m>"
                         "</a>")) == [
        "The element “video” with the attribute “controls” must not appear as a descendant "
        "of the “a” element.",
        "The element “img” with the attribute “usemap” must not appear as a descendant of "
        "the “a” element."]
    assert messages(page("<button><span tabindex=0>x</span></button>")) == [
        "An element with the attribute “tabindex” must not appear as a descendant of the "
        "“button” element."]
    # an a without href and a hidden input are not interactive content
    assert messages(page("<button><a>x</a><input type=hidden></button>")) == []
    assert codes(page("<button><input></button>")) == ["element-not-allowed-as-descendant"]


def test_element_exclusions() -> None:
    # form §4.10.3, label §4.10.4, header/footer §4.3.8-9, address §4.3.10,
    # dfn §4.5.8, progress §4.10.13, meter §4.10.14, caption §4.9.2
    cases = [
        (el("form", el("div", el("form"))), "form", "form"),
        (el("label", el("span", el("label"))), "label", "label"),
        (el("footer", el("div", el("header"))), "header", "footer"),
        (el("address", el("h1", "x")), "h1", "address"),
        (el("address", el("section")), "section", "address"),
        (el("p", el("dfn", el("dfn", "x"))), "dfn", "dfn"),
        (el("progress", el("progress")), "progress", "progress"),
        (el("meter", el("span", el("meter"))), "meter", "meter"),
        (el("table", el("caption", el("table"))), "table", "caption"),
    ]
    for tree, name, ancestor in cases:
        assert messages(doc_with(tree)) == [
            f"The element “{name}” must not appear as a descendant of the “{ancestor}” "
            "element."], (name, ancestor)


def test_label_contents() -> None:
    # §4.10.4 label: at most one labelable descendant; with for=, it is the
    # labeled control (its id matches); vnu's messages, with its paired warning
    many = ("The “label” element may contain at most one “button”, “input”, “meter”, "
            "“output”, “progress”, “select”, or “textarea” descendant.")
    warning = "“label” element with multiple labelable descendants."
    assert messages(page("<label>A <input name=a><input type=hidden name=h></label>")) == []
    found = run(page("<label>A <input name=a><span><select></select></span>"
                     "<textarea></textarea></label>"))
    assert [m for _, m, _ in found] == [many, warning, many, warning]
    assert [type(n).__name__ + ":" + getattr(n, "local_name", "") for _, _, n in found] == [
        "Element:select", "Element:label", "Element:textarea", "Element:label"]
    assert messages(page("<label for=x><input id=x></label>")) == []
    assert messages(page("<label for=x><input id=y></label><input id=x>")) == [
        "Any “input” descendant of a “label” element with a “for” attribute must have an ID "
        "value that matches that “for” attribute."]


def test_dt_and_th_exclusions() -> None:
    # §4.4.10 dt, §4.9.10 th: no header, footer, sectioning or heading descendants
    assert messages(page("<dl><dt><h2>x</h2><dd>y</dl>")) == [
        "The element “h2” must not appear as a descendant of the “dt” element."]
    assert messages(page("<table><tr><th><nav>x</nav></th></tr></table>")) == [
        "The element “nav” must not appear as a descendant of the “th” element."]
    assert messages(page("<table><tr><td><nav>x</nav></td></tr></table>")) == []


def test_media_elements_not_nested() -> None:
    # §4.8.9/10: transparent, but with no media element descendants
    assert messages(page("<video><div><audio></audio></div></video>")) == [
        "The element “audio” must not appear as a descendant of the “video” element."]


# --- element-specific models --------------------------------------------------

def test_dl_groups() -> None:
    # §4.4.9 dl: name-value groups (dt+ dd+) or div wrappers; vnu's messages
    assert messages(page("<dl><dt>a<dt>b<dd>c<dd>d<dt>e<dd>f</dl>")) == []
    assert messages(page("<dl><div><dt>a<dd>b</div><div><dt>c<dd>d</div></dl>")) == []
    assert messages(page("<dl></dl>")) == []
    assert messages(page("<dl><dt>1<dd>a<dt>2</dl>")) == [
        "Element “dl” is missing a required instance of child element “dd”."]
    assert messages(page("<dl><dd>a<dt>2<dd>b</dl>")) == [
        "Element “dl” is missing a required child element."]
    assert messages(page("<dl><dt>1</dt><template><dd>a</dd></template></dl>")) == [
        "Element “dl” is missing a required instance of one or more of the following child "
        "elements: “dd”."]
    assert messages(page("<dl><div></div></dl>")) == [
        "Element “div” is missing a required instance of child element “dd”.",
        "Element “div” is missing a required instance of child element “dt”."]
    assert messages(page("<dl><div><dt>1</div><div><dt>2<dd>b</div></dl>")) == [
        "Element “div” is missing a required instance of child element “dd”."]
    assert messages(page("<dl><div><dt>1<dd>a</div><div><dd>b</div></dl>")) == [
        "Element “div” is missing a required instance of child element “dt”."]
    assert messages(page("<dl><div><dt>1<dd>a<dt>2<dd>b</div></dl>")) == [
        NOT_CHILD.format("dt", "div")]
    assert messages(page("<dl><dt>1<dd>a</dd><div><dt>2<dd>b</div></dl>")) == [
        NOT_CHILD.format("div", "dl")]
    assert messages(page("<dl>text<dt>a<dd>b</dl>")) == [
        "Text not allowed in element “dl” in this context."]


def test_figure_caption_first_or_last() -> None:
    # §4.4.12 figure: figcaption then flow, flow then figcaption, or flow
    assert messages(page("<figure><figcaption>c</figcaption><img src=a alt=b></figure>")) == []
    assert messages(page("<figure><img src=a alt=b><figcaption>c</figcaption></figure>")) == []
    # a caption in the middle: vnu reports what follows it
    assert messages(page("<figure><p>a<figcaption>c</figcaption><p>b</figure>")) == [
        NOT_CHILD.format("p", "figure")]
    assert messages(page("<figure><figcaption>a</figcaption><p>b<figcaption>c</figure>")) == [
        NOT_CHILD.format("figcaption", "figure")]
    # a transparent child of figure may not hold the caption (vnu agrees)
    assert messages(page("<figure><a href=x><img src=a alt=b><figcaption>c</figcaption>"
                         "</a></figure>")) == [not_child_of_transparent("figcaption", "a")]


def test_details_summary_first() -> None:
    # §4.11.1 details: one summary element followed by flow content
    assert messages(page("<details><summary><h2>S</h2></summary><p>x</details>")) == []
    assert messages(page("<details><p>x</p></details>")) == [
        "Element “details” is missing a required instance of child element “summary”."]
    assert messages(page("<details><p>x</p><summary>s</summary></details>")) == [
        NOT_CHILD.format("summary", "details"),
        "Element “details” is missing a required instance of child element “summary”."]


def test_table_model() -> None:
    # §4.9.1 table: caption? colgroup* thead? (tbody* | tr+) tfoot?
    assert messages(page(
        "<table><caption>c</caption><colgroup><col></colgroup><thead><tr><th>h</thead>"
        "<tbody><tr><td>1</tbody><tbody><tr><td>2</tbody><tfoot><tr><td>f</tfoot></table>"
    )) == []
    # the parser puts a late caption after the implied tbody
    assert messages(page("<table><tr><td>x</td></tr><caption>c</caption></table>")) == [
        NOT_CHILD.format("caption", "table")]
    table = el("table", el("tr", el("td", "x")), el("tbody", el("tr", el("td", "y"))))
    assert messages(doc_with(table)) == [NOT_CHILD.format("tbody", "table")]
    table = el("table", el("tfoot"), el("thead"))
    assert messages(doc_with(table)) == [NOT_CHILD.format("thead", "table")]
    assert messages(doc_with(el("table", el("tr", el("div"))))) == [
        NOT_CHILD.format("div", "tr")]
    assert messages(doc_with(el("table", el("colgroup", el("col"), span="2")))) == [
        NOT_CHILD.format("col", "colgroup")]


def test_picture() -> None:
    # §4.8.1 picture: source*, one img, script-supporting elements
    assert messages(page("<picture><source srcset=a><img src=b alt=c></picture>")) == []
    assert messages(page("<picture><source srcset=a></picture>")) == [
        "Element “picture” is missing a required instance of child element “img”."]
    assert messages(page("<picture><img src=b alt=c><source srcset=a></picture>")) == [
        NOT_CHILD.format("source", "picture")]


def test_picture_sources_need_media_or_type() -> None:
    # §4.8.1: a source followed by a source, or by an img with srcset, needs a
    # media that is not empty or "all", or a type (the suite's always-matching cases)
    assert messages(page("<picture><source srcset=x><img src=x alt></picture>")) == []
    assert messages(page("<picture><source srcset=x media=screen><source srcset=y>"
                         "<img src=x alt></picture>")) == []
    assert messages(page("<picture><source srcset=x type=image/gif><img src=x srcset=x alt>"
                         "</picture>")) == []
    assert messages(page("<picture><source srcset=x><source srcset=x media=screen>"
                         "<img src=x alt></picture>")) == [
        "A “source” element that has a following sibling “source” element or “img” element "
        "with a “srcset” attribute must have a “media” attribute and/or “type” attribute."]
    assert messages(page("<picture><source srcset=x media=' ALL '><img src=x srcset=y alt>"
                         "</picture>")) == [
        "Value of “media” attribute here must not be “all”."]
    assert messages(page("<picture><source srcset=x media=' '><source srcset=y>"
                         "<img src=x alt></picture>")) == [
        "Value of “media” attribute here must not be empty."]


def test_title_and_option_not_empty() -> None:
    # §4.2.2 title: text that is not inter-element whitespace; §4.10.10 option
    # without label (outside datalist): not empty (vnu's messages)
    assert messages(page("", head="<title> </title>")) == ["Element “title” must not be empty."]
    assert messages(page("<select><option></option></select>")) == [
        "Element “option” without attribute “label” must not be empty."]
    assert messages(page("<select><option label=a></option><option><b>x</b></option>"
                         "</select><datalist id=d><option value=v></option></datalist>")) == []


def test_ruby() -> None:
    # §4.5.10 ruby; vnu's messages for the suite's empty and missing-rt cases
    assert messages(page("<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>")) == []
    assert messages(page("<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>")) == []
    one_of = ("Element “ruby” is missing a required instance of one or more of the "
              "following child elements: “rp”, “rt”, “rtc”.")
    assert messages(page("<ruby></ruby>")) == [one_of]
    assert messages(page("<ruby>x</ruby>")) == [one_of]
    assert messages(page("<ruby>a<rt>b</rt>c</ruby>")) == [one_of]
    assert messages(page("<ruby><rt></rt><rp></rp><rp></rp></ruby>")) == [
        "Element “ruby” is missing a required instance of child element “rt”."]


def test_hgroup() -> None:
    # §4.3.7 hgroup: p*, one h1-h6, p*
    assert messages(page("<hgroup><p>pre<h1>T</h1><p>sub</hgroup>")) == []
    assert codes(page("<hgroup><p>x</p></hgroup>")) == ["missing-required-child"]
    assert messages(page("<hgroup><h1>a</h1><h2>b</h2></hgroup>")) == [
        NOT_CHILD.format("h2", "hgroup")]


def test_select_2025() -> None:
    # §4.10.7 customizable select: a drop-down box may start with a button;
    # option, optgroup (with a legend), hr, div around options
    assert messages(page(
        "<select><button><selectedcontent></selectedcontent></button><option>a</option>"
        "<hr><optgroup><legend>L</legend><option>b</option></optgroup>"
        "<div><option>c</option></div></select>")) == []
    select = el("select", el("option", "a"), el("button"), el("p"))
    assert messages(doc_with(select)) == [NOT_CHILD.format("button", "select"),
                                          NOT_CHILD.format("p", "select")]
    select = el("select", el("button"), el("option", "a"), multiple="")
    assert messages(doc_with(select)) == [
        "A “button” element is only allowed as a child of a “select” element that is a "
        "drop-down box (one without a “size” attribute greater than 1 and without a "
        "“multiple” attribute)."]
    assert codes(page("<select size=3><button>x</button><option>a</select>")) == [
        "element-not-allowed-as-child"]
    assert messages(page("<select size=1><button>x</button><option>a</select>")) == []
    # noscript is transparent, but vnu adds no note for it
    assert messages(page("<select><noscript><option>a</option></noscript></select>")) == [
        NOT_CHILD.format("option", "noscript")]


def test_option_and_datalist() -> None:
    # §4.10.10 option: nothing with label and value; phrasing but no
    # interactive content otherwise.  §4.10.8 datalist: options or phrasing
    assert messages(doc_with(el("select", el("option", el("b", "x"))))) == []
    assert messages(doc_with(el("select", el("option", el("input"))))) == [
        NOT_CHILD.format("input", "option")]
    assert codes(doc_with(el("select", el("option", "x", label="a", value="b")))) == [
        "text-not-allowed"]
    assert messages(page("<datalist id=d><option value=a><option value=b></datalist>")) == []
    assert messages(page("<datalist id=d>Pick: <b>one</b></datalist>")) == []
    assert messages(doc_with(el("datalist", el("option"), el("b")))) == [
        NOT_CHILD.format("b", "datalist")]


def test_media_sources_and_tracks() -> None:
    # §4.8.9 audio, §4.8.10 video: source* track* then transparent content
    assert messages(page("<video><source src=a><track src=b><p>fallback</video>")) == []
    assert messages(page("<audio><track src=b><source src=a></audio>")) == [
        not_child_of_transparent("source", "audio")]
    assert messages(page("<video src=a><source src=b></video>")) == [
        not_child_of_transparent("source", "video")]
    assert messages(page("<span><video><div>x</div></video></span>")) == [
        not_child_of_transparent("div", "video")]


def test_time_and_iframe() -> None:
    # §4.5.14 time without datetime: text; §4.8.5 iframe: nothing
    assert messages(page("<time datetime=2020-01-01><b>New year</b></time>")) == []
    assert messages(page("<time>x<b>y</b></time>")) == [NOT_CHILD.format("b", "time"), TIME_TEXT]
    assert messages(page("<iframe>text</iframe><iframe> </iframe>")) == [
        "Text not allowed in element “iframe” in this context."]


def test_area_inside_map_only() -> None:
    # §4.8.14 area: where phrasing content is expected, only in a map
    assert messages(page("<map name=m><span><area alt=a href=x></span></map>")) == []
    assert messages(page("<p><area alt=a href=x>")) == [
        "The “area” element must have a “map” ancestor."]


def test_main() -> None:
    # §4.4.14 main: hierarchically correct, at most one visible main
    assert messages(page("<div><form><main>x</main></form></div>")) == []
    assert messages(page("<article><div><main>x</main></div></article>")) == [
        "The “main” element must not appear as a descendant of the “article” element."]
    assert messages(page("<main><div><main hidden>x</main></div></main>")) == [
        "The “main” element must not appear as a descendant of the “main” element."]
    assert messages(page("<section><x-app><main>x</main></x-app></section>")) == [
        "The “main” element must not appear as a descendant of the “section” element."]
    assert messages(page("<main>a</main><main hidden>b</main>")) == []
    assert [c for c in codes(page("<main>a</main><main>b</main>"))] == [
        "multiple-visible-main"]
    # template contents are not in the document
    assert messages(page("<main>a</main><template><main>b</main></template>")) == []


def test_template_contents_are_not_checked() -> None:
    # §4.12.3 template: its contents are not in the document and their context
    # is unknown; vnu does not check them either
    assert messages(page("<template><li>x</li><td>y</td><div>z</div></template>")) == []
    assert messages(page("<template><span><div>x</div></span></template>")) == []


def test_fieldset_legend() -> None:
    # §4.10.15 fieldset: optionally a legend first, then flow content
    assert messages(page("<fieldset><legend>L</legend><p>x</fieldset>")) == []
    assert messages(page("<fieldset><p>x</p><legend>L</legend></fieldset>")) == [
        NOT_CHILD.format("legend", "fieldset")]
    assert messages(page("<fieldset>text<legend>L</legend></fieldset>")) == [
        NOT_CHILD.format("legend", "fieldset")]
    assert messages(page("<details>\n <summary>s</summary>x</details>")) == []


VALID_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A valid page</title>
<link rel="stylesheet" href="style.css">
<noscript><style>.js { display: none }</style></noscript>
<script src="app.js"></script>
</head>
<body>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul></nav>
</header>
<main>
<article>
<hgroup><h1>Title</h1><p>Subtitle</p></hgroup>
<p>Text with <em>emphasis</em>, <a href="#x"><img src="i.png" alt="icon"></a> and
<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>.</p>
<figure><img src="a.png" alt="A"><figcaption>Caption</figcaption></figure>
<table>
<caption>Scores</caption>
<colgroup><col><col span="2"></colgroup>
<thead><tr><th>Name</th><th>Score</th><th>Rank</th></tr></thead>
<tbody><tr><td>A</td><td>1</td><td>2</td></tr><tr><td>B</td><td>3</td><td>4</td></tr></tbody>
<tfoot><tr><td colspan="3">Total</td></tr></tfoot>
</table>
<dl><dt>Term</dt><dd>Definition</dd><dt>T2</dt><dt>T3</dt><dd>D2</dd></dl>
<details open><summary>More</summary><p>Details.</p></details>
<form action="/send">
<fieldset><legend>Contact</legend>
<label>Name <input name="name" required></label>
<label for="c">Colour</label>
<select id="c" name="c"><optgroup label="Warm"><option>Red</option></optgroup>
<option value="b">Blue</option></select>
<input type="hidden" name="t" value="1">
<textarea name="m"></textarea>
<button type="submit">Send</button>
</fieldset>
</form>
<video controls><source src="v.webm" type="video/webm"><track src="v.vtt" kind="captions">
<p>Your browser cannot play this video.</p></video>
<picture><source srcset="a.avif" type="image/avif"><img src="a.jpg" alt="A"></picture>
<ol><li>One</li><li>Two<ul><li>Nested</li></ul></li></ol>
<blockquote><p>Quote</p></blockquote>
<p><svg width="10" height="10"><rect width="10" height="10"/></svg>
<math><mi>x</mi></math> <progress value="1" max="2"></progress>
<meter value="0.5">half</meter></p>
</article>
<aside><section><h2>Side</h2><address><a href="mailto:a@b.c">Mail</a></address></section>
</aside>
</main>
<footer><p><small>Footer</small></p></footer>
<template><tr><td>row</td></tr></template>
</body>
</html>
"""


def test_a_complex_valid_page_is_clean() -> None:
    assert run(VALID_PAGE) == []


def test_module_level_check_element_starts_afresh_per_document() -> None:
    # one visible main in each of two documents: no carry-over between walks
    found: list[str] = []
    for _ in range(2):
        document = markup5.parse(page("<main>x</main>"))
        for element in _elements_in_order(document):
            check_element(element, lambda code, severity, node, message: found.append(code))
    assert found == []


def test_out_of_order_calls_compute_the_ancestors() -> None:
    # checking a lone deep element still sees its ancestors' exclusions
    document = markup5.parse(page("<a href=x><span><span><button>b</button></span></span></a>"))
    button = document.get_elements_by_tag_name("button")[0]
    found: list[str] = []
    ContentChecker().check_element(button, lambda c, s, n, m: found.append(c))
    assert found == ["element-not-allowed-as-descendant"]


# --- linear work ---------------------------------------------------------------

class CountingChecker(ContentChecker):
    """Counts the per-element state computations."""

    __slots__ = ("entries",)

    def __init__(self) -> None:
        super().__init__()
        self.entries = 0

    def _child_entry(self, element: Element, parent_entry: _Entry) -> _Entry:
        self.entries += 1
        return super()._child_entry(element, parent_entry)


def _work(document: Document, monkeypatch: pytest.MonkeyPatch,
          reverse: bool = False) -> tuple[int, int]:
    """(elements, work): state computations plus category tests plus reports."""
    calls = [0]
    for name in ("is_flow_content", "is_phrasing_content", "is_interactive_content"):
        original = getattr(_content, name)

        def counted(*args: object, _original: object = original) -> bool:
            calls[0] += 1
            return _original(*args)  # type: ignore[operator, no-any-return]
        monkeypatch.setattr(_content, name, counted)
    checker = CountingChecker()
    elements = _elements_in_order(document)
    if reverse:
        elements.reverse()
    reports = [0]

    def report(code: str, severity: str, node: Node, message: str) -> None:
        reports[0] += 1
    for element in elements:
        checker.check_element(element, report)
    monkeypatch.undo()
    return len(elements), checker.entries + calls[0] + reports[0]


def _deep(name: str, depth: int, leaf: str = "b") -> Document:
    document = markup5.parse(page(""))
    node = document.body
    assert node is not None
    for _ in range(depth):
        child = Element(name)
        node.append_child(child)
        node = child
    node.append_child(Element(leaf))
    return document


@pytest.mark.parametrize("family", [
    ("span", "div"), ("a", "button"), ("div", "main"), ("dfn", "dfn"),
    ("ins", "p"), ("form", "form"), ("video", "audio"), ("section", "main"),
    ("my-app", "main"), ("label", "input")])
@pytest.mark.parametrize("reverse", [False, True])
def test_work_is_linear_on_deep_trees(family: tuple[str, str], reverse: bool,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    name, leaf = family
    small_n, small = _work(_deep(name, 2000, leaf), monkeypatch, reverse)
    big_n, big = _work(_deep(name, 4000, leaf), monkeypatch, reverse)
    assert big_n > 1.9 * small_n
    assert big <= 2.2 * small, (small, big)
    assert big <= 6 * big_n


def test_work_is_linear_on_wide_trees(monkeypatch: pytest.MonkeyPatch) -> None:
    def wide(n: int) -> Document:
        return markup5.parse(page("<main>m</main>" * n + "<dl>" + "<dd>x" * n + "</dl>"
                                  + "<span>" + "<div>x</div>" * n + "</span>"))
    small_n, small = _work(wide(1000), monkeypatch)
    big_n, big = _work(wide(2000), monkeypatch)
    assert big <= 2.2 * small and big <= 6 * big_n


def test_very_deep_trees_do_not_recurse() -> None:
    document = _deep("span", 100_000, "div")
    found = run(document)
    assert [c for c, _, _ in found] == ["element-not-allowed-as-child"]


# --- robustness ------------------------------------------------------------------

_NAMES = sorted(FLOW_CONTENT | METADATA_CONTENT | {
    "html", "head", "body", "li", "dt", "dd", "tr", "td", "th", "tbody", "thead", "tfoot",
    "caption", "colgroup", "col", "option", "optgroup", "legend", "summary", "figcaption",
    "rt", "rp", "source", "track", "area", "main", "param", "x-y", "blah"})


@st.composite
def _trees(draw: st.DrawFn) -> Document:
    document = markup5.parse(page(""))
    body = document.body
    assert body is not None
    nodes: list[Element] = [body]
    for _ in range(draw(st.integers(0, 40))):
        parent = nodes[draw(st.integers(0, len(nodes) - 1))]
        if draw(st.booleans()):
            parent.append_child(Text(draw(st.sampled_from(["", " ", "x"]))))
            continue
        attrs = draw(st.dictionaries(
            st.sampled_from(["href", "controls", "usemap", "type", "tabindex", "hidden",
                             "itemprop", "rel", "for", "id", "label", "value", "src",
                             "span", "multiple", "datetime"]),
            st.sampled_from(["", "hidden", "x", "stylesheet", "2"]), max_size=3))
        namespace = draw(st.sampled_from([markup5.dom.HTML_NAMESPACE] * 5
                                         + [markup5.dom.SVG_NAMESPACE]))
        child = Element(draw(st.sampled_from(_NAMES)), attrs, namespace=namespace)
        parent.append_child(child)
        nodes.append(child)
    return document


@settings(max_examples=200, deadline=None)
@given(_trees())
def test_never_raises_and_is_deterministic(document: Document) -> None:
    first = [(c, m, id(n)) for c, m, n in run(document)]
    assert first == [(c, m, id(n)) for c, m, n in run(document)]
    # out of order (children first): no exception either
    checker = ContentChecker()
    for element in reversed(_elements_in_order(document)):
        checker.check_element(element, lambda *args: None)


TIME_TEXT = ("The text content of element “time” was not in the required format: The literal "
             "did not satisfy the time-datetime format.")


@pytest.mark.parametrize("text", [
    # §4.5.14's examples of each syntax
    "2011-11", "2011-11-18", "11-18", "14:54", "14:54:39", "14:54:39.929", "2011-11-18T14:54",
    "2011-11-18 14:54:39.929", "Z", "+0000", "+00:00", "-08:00", "2011-11-18T14:54Z",
    "2011-11-18T14:54:39.929-04:00", "2011-W47", "2011", "0001", "PT4H18M3S", "4h 18m 3s",
    # child text content joins the Text children (a comment between them is not text)
    "2011-<!--x-->11-18",
])
def test_time_text_in_a_datetime_syntax(text: str) -> None:
    assert messages(page(f"<time>{text}</time>")) == []


@pytest.mark.parametrize("text", [
    "", "Jul 17, 2014", "1:39 PM ET", "0000", "2011-02-30", "14:54:60",
    # the value must match exactly (vnu strips the whitespace around it first)
    " 2011-11-18", "2011-11-18\n",
])
def test_time_text_not_in_a_datetime_syntax(text: str) -> None:
    found = run(page(f"<time>{text}</time>"))
    assert [(code, message) for code, message, _ in found] == [("bad-text-content", TIME_TEXT)]
    assert isinstance(found[0][2], Element) and found[0][2].local_name == "time"


def test_time_with_datetime_is_not_judged_by_its_text() -> None:
    assert messages(page("<time datetime=2014-07-17>Jul 17, 2014</time>")) == []


def test_a_dd_before_any_dt_is_reported_at_the_dd() -> None:
    # §4.4.9: dl holds groups of one or more dt followed by one or more dd; a
    # dd with no dt before it is where the missing dt is noticed (vnu reports
    # it at that dd's start tag)
    found = run(page("<dl><dd>a</dd><dd>b</dd><dt>2<dd>c</dl>"))
    assert [(code, message) for code, message, _ in found] == [
        ("missing-required-child-before", "Element “dl” is missing a required child element.")]
    node = found[0][2]
    assert isinstance(node, Element) and node.local_name == "dd"
    assert node.children and getattr(node.children[0], "data", "") == "a"


SCRIPT_TEXT = "The text content of element “script” was not in the required format: "


@pytest.mark.parametrize("text", [
    # §4.12.1.3 script documentation: spaces, tabs, /* */ comments, newlines,
    # a // comment ending its line
    "", "\n", "\n  /* a\n comment */ // and another\n\t\n",
    # the last line's newline (the grammar's) is not asked for: indentation
    "\n    ", "/* x */",
])
def test_script_with_src_and_script_documentation(text: str) -> None:
    assert messages(page(f"<script src=a.js>{text}</script>")) == []


@pytest.mark.parametrize("text, fault", [
    ("x", "Expected space, tab, newline, or slash but found “x” instead."),
    ("\n  alert(1)\n", "Expected space, tab, newline, or slash but found “a” instead."),
    ("/* open", "Content contains the character sequence “/*” without a later occurrence of "
                "the character sequence “*/”."),
    ("\n// last", "Content contains a line starting with the character sequence “//” but not "
                  "ending with a newline."),
    ("/*/", "Content contains the character sequence “/*” without a later occurrence of the "
            "character sequence “*/”."),
])
def test_script_with_src_and_other_text(text: str, fault: str) -> None:
    found = run(page(f"<script src=a.js>{text}</script>"))
    assert [(code, message) for code, message, _ in found] == [
        ("bad-text-content", SCRIPT_TEXT + fault)]


def test_script_without_src_is_not_documentation() -> None:
    assert messages(page("<script>alert(1)</script>")) == []
