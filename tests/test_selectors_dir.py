""":dir() and HTML's directionality (markup5.directionality, el.directionality),
checked element by element against headless Chromium's :dir(rtl) on the
"dir" page of tests/fixtures/selectors/chromium-pseudo.json (written by
tools/pseudo_chromium.py), and for linear work on hostile trees."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import markup5
from markup5.directionality import auto_directionality, directionality, text_directionality
from markup5.selectors.matcher import iter_elements

from test_selectors_linear import counted_select, instrument, node_count

FIXTURE = Path(__file__).parent / "fixtures" / "selectors" / "chromium-pseudo.json"


def test_every_element_of_the_dir_page_as_chromium():
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    page = fixture["pages"]["dir"]
    results = dict(zip(fixture["selectors"], page["results"]))
    doc = markup5.parse(page["html"])
    elements = list(iter_elements(doc))
    rtl = set(results[":dir(rtl)"])
    assert set(results[":dir(ltr)"]) == set(range(len(elements))) - rtl
    wrong = [f"{e.get('id') or e.name}: Chromium {'rtl' if i in rtl else 'ltr'}"
             for i, e in enumerate(elements) if (e.directionality == "rtl") != (i in rtl)]
    assert wrong == []
    # The page has every kind of case: make sure they are all there.
    by_id = {e.get("id"): e for e in elements}
    assert by_id["a1"].directionality == "rtl"  # dir=AUTO, Hebrew
    assert by_id["a3"].directionality == "ltr"  # digits only
    assert by_id["f2"].directionality == "ltr"  # type=tel inside dir=rtl
    assert by_id["f4"].directionality == "ltr"  # dir=auto, empty value
    assert by_id["b6"].directionality == "rtl"  # bdi by its text


@pytest.mark.parametrize("data, expected", [
    ("", None), ("123 ... !", None), ("abc", "ltr"), ("\u05e9", "rtl"), ("\u0627", "rtl"),
    ("12 \u05e9 a", "rtl"), ("\u0661\u0662", None),  # Arabic-Indic digits: AN, weak
    ("\u200e\u05e9", "ltr"), ("\u200fa", "rtl"),  # LRM is L, RLM is R
    ("\u061ca", "rtl"),  # ARABIC LETTER MARK is AL
    ("\U0001f600 \u00a9 \u4e2d", "ltr"), ("\u00aa", "ltr"),  # CJK and Latin-1 letters: L
    ("\U0001e900", "rtl"),  # Adlam (a supplementary-plane R script)
])
def test_text_directionality(data, expected):
    assert text_directionality(data) == expected


def test_dir_attribute_states():
    doc = markup5.parse("<div dir=RTL id=a><p id=b></p><p dir=foo id=c></p><p dir='' id=d>"
                        "</p><p dir=LtR id=e></p></div><svg dir=rtl id=f><g id=g></g></svg>")
    got = {e.get("id"): e.directionality for e in doc.select("[id]")}
    assert got == {"a": "rtl", "b": "rtl", "c": "rtl", "d": "rtl", "e": "ltr",
                   "f": "ltr", "g": "ltr"}  # dir is an HTML attribute only


def test_auto_skips_what_the_standard_skips():
    doc = markup5.parse(
        "<p dir=auto id=a><bdi>a</bdi><script>a</script><style>a</style><textarea>a</textarea>"
        "<span dir=ltr>a</span><span dir=AUTO>a</span><!-- a -->\u05e9</p>"
        "<p dir=auto id=b><span dir=nonsense>a</span>\u05e9</p>"
        "<p dir=auto id=c><svg><text>\u05e9</text></svg></p><p dir=auto id=d></p>")
    got = {e.get("id"): e.directionality for e in doc.select("p")}
    assert got == {"a": "rtl", "b": "ltr", "c": "rtl", "d": "ltr"}
    assert auto_directionality(doc.select_one("#d")) is None


def test_text_controls_by_their_value():
    doc = markup5.parse(
        "<div dir=rtl><input dir=auto value=\u05e9 id=a><input dir=auto value=' 1 ' id=b>"
        "<input dir=auto id=c><input type=number dir=auto value=1 id=d>"
        "<textarea dir=auto id=e>\u05e9</textarea><textarea dir=auto id=f></textarea>"
        "<input type=tel id=g><input type=tel dir=auto value=\u05e9 id=h>"
        "<input type=hidden dir=auto value=\u05e9 id=i></div>")
    got = {e.get("id"): e.directionality for e in doc.select("[id]")}
    # An empty value is "ltr", not the parent's direction; a number input is
    # not a text control, so its (empty) contents decide: "ltr".
    assert got == {"a": "rtl", "b": "ltr", "c": "ltr", "d": "ltr", "e": "rtl", "f": "ltr",
                   "g": "ltr", "h": "rtl", "i": "rtl"}


def test_text_controls_use_markup5_forms_value(monkeypatch):
    """The value of a text control is markup5.forms.value's, so that the
    value sanitization rules live in one place."""
    from markup5 import forms
    doc = markup5.parse("<input dir=auto value=abc><textarea dir=auto>abc</textarea>")
    monkeypatch.setattr(forms, "value", lambda el, cache=None: "\u05e9")
    assert [e.directionality for e in doc.select("input, textarea")] == ["rtl", "rtl"]


def test_template_contents_and_detached_elements_are_ltr():
    doc = markup5.parse("<html dir=rtl><template><p>x</p></template>")
    template = doc.select_one("template")
    assert template.directionality == "rtl"
    assert template.template_contents.children[0].directionality == "ltr"
    assert markup5.Element("p").directionality == "ltr"


def test_bad_arguments():
    with pytest.raises(TypeError, match="element must be an Element, not str"):
        directionality("p")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="element must be an Element"):
        auto_directionality(markup5.parse("x"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="data must be a str"):
        text_directionality(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("selector", [":dir(foo)", ":dir(auto)", ":dir(-x)"])
def test_other_names_are_valid_and_match_nothing(selector):
    doc = markup5.parse("<p dir=auto>x</p>")
    assert doc.select(selector) == []


def test_dir_inside_other_selectors():
    doc = markup5.parse("<div dir=rtl id=a><p id=b dir=ltr><i id=c></i></p></div>")
    assert [e.get("id") for e in doc.select(":dir(rtl)")] == ["a"]
    assert [e.get("id") for e in doc.select(":is(:DIR( RTL )) :dir(ltr)")] == ["b", "c"]
    assert [e.get("id") for e in doc.select("[id]:not(:dir(ltr))")] == ["a"]


def test_cache_is_shared_and_filled_once():
    doc = markup5.parse("<div dir=rtl>" + "<span>" * 50 + "</div>")
    cache: dict[object, object] = {}
    deepest = doc.select("span")[-1]
    assert directionality(deepest, cache=cache) == "rtl"
    (table,) = cache.values()
    assert len(table) == 51  # every element on the way up, and the div
    assert all(value == "rtl" for value in table.values())


# Linear work -----------------------------------------------------------------------

N = 2000

FAMILIES = {
    # One dir=auto element above a deep chain whose text is at the bottom.
    "deep text": lambda n: "<p dir=auto>" + "<b>" * n + "\u05e9",
    # dir=auto inside dir=auto: each scan skips the next one.
    "nested auto": lambda n: "<div dir=auto>" * n + "\u05e9",
    # Inheritance down a deep chain, asked of every element.
    "deep inherit": lambda n: "<div dir=rtl>" + "<span>" * n,
    # Wide: many auto elements, each with long neutral text before a strong one.
    "wide auto": lambda n: "<p dir=auto>" + " 1 " * 20 + "\u05e9</p>" * n,
    # bdi in bdi, each with nothing strong.
    "nested bdi": lambda n: "<bdi>1" * n,
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("selector", [":dir(rtl)", ":dir(ltr)"])
def test_dir_visits_each_node_a_bounded_number_of_times(family, selector):
    doc = markup5.parse(FAMILIES[family](N))
    result, visits, nodes = counted_select(doc, selector)
    assert visits <= 4 * nodes
    cache: dict[object, object] = {}
    assert len(result) == sum(1 for e in iter_elements(doc)
                              if directionality(e, cache=cache) == selector[5:8])


def test_a_very_deep_document():
    depth = 100_000
    doc = markup5.parse("<div dir=auto>" + "<i>" * depth + "\u05e9")
    visits = instrument(doc)
    # All but html, head and body (and the document and the text node).
    assert len(doc.select(":dir(rtl)")) == node_count(doc) - 5
    assert visits.count <= 4 * (depth + 10)
    deepest = doc.select("i")[-1]
    assert deepest.directionality == "rtl"
