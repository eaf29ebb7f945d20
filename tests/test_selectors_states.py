"""Every pseudo-class and pseudo-element Chromium's querySelectorAll accepts,
and what each matches on a parsed page, compared with a fixture recorded
from headless Chromium (tools/pseudo_chromium.py writes
tests/fixtures/selectors/chromium-pseudo.json), plus the rules behind them:
the static states of a parsed document, '&', :-webkit-any(), and what may
follow a pseudo-element."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import markup5
from markup5.selectors import SelectorSyntaxError
from markup5.selectors.matcher import iter_elements

FIXTURE = Path(__file__).parent / "fixtures" / "selectors" / "chromium-pseudo.json"

#: Where markup5 deliberately differs from the recorded Chromium results
#: (docs/selectors.md, "Where markup5 and Chromium differ").
KNOWN_DEVIATIONS = [
    (re.compile(r":lang\([^)]*,"),
     "Chromium takes one language range in :lang(); markup5 a list (Selectors 4)"),
    (re.compile(r":optional(?![\w-])"),
     "Chromium's :optional also matches inputs that the required attribute does not apply to"),
    (re.compile(r":nth-[a-z-]+\(.* of .*::"),
     "Chromium allows pseudo-elements in the list after 'of' in :nth-child(); Selectors 4 "
     "does not (a <complex-real-selector-list>)"),
    (re.compile(r":nth-[a-z-]+\([^)]*[0-9]{10}"),
     "Chromium matches nothing when A or B is beyond 2**30 - 1 and rejects a B written in "
     "'n-<digits>' beyond 32 bits; markup5 computes An+B exactly"),
]
#: Selectors whose results come from markup5.forms (constraint validation).
_VALIDITY = re.compile(r":(?:valid|invalid|in-range|out-of-range)\b")


def _input_of_type(*types: str) -> Any:
    return lambda e: e.name == "input" and e.get("type", "").lower() in types


#: Differences in constraint validation where Chromium departs from HTML
#: (docs/forms.md): the elements they concern, and why.
VALIDITY_DEVIATIONS = [
    (re.compile(r"^:in-range$"), _input_of_type("date", "month", "week", "time",
                                                "datetime-local"),
     "Chromium gives the date and time types a default minimum and maximum, so they have "
     "range limitations and match :in-range; HTML gives them none"),
    (re.compile(r"^:valid$"), _input_of_type("image"),
     "Chromium bars image buttons from constraint validation; HTML makes them candidates "
     "(always valid)"),
]


def _forms_ready() -> bool:
    try:
        from markup5.forms import is_in_range, matches_invalid  # noqa: F401
    except ImportError:
        return False
    return True


def known_deviation(selector: str) -> str:
    for pattern, reason in KNOWN_DEVIATIONS:
        if pattern.search(selector):
            return reason
    return ""


@pytest.fixture(scope="module")
def fixture() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def markup5_result(doc: markup5.Document, index: dict[int, int], selector: str) -> Any:
    try:
        return [index[id(e)] for e in doc.select(selector)]
    except SelectorSyntaxError:
        return "ERR"


def differences(fixture: dict[str, Any], page: str, validity: bool) -> list[str]:
    """The selectors on ``page`` where markup5 and Chromium differ (those
    of constraint validation only, or all the others)."""
    recorded = fixture["pages"][page]
    doc = markup5.parse(recorded["html"])
    elements = list(iter_elements(doc))
    shape = "\n".join(f"{e.namespace or ''} {e.local_name}" for e in elements)
    assert shape == recorded["shape"], "the two parsers built different trees"
    index = {id(e): i for i, e in enumerate(elements)}
    out = []
    for selector, chromium in zip(fixture["selectors"], recorded["results"]):
        if bool(_VALIDITY.search(selector)) != validity or known_deviation(selector):
            continue
        mine = markup5_result(doc, index, selector)
        if mine != chromium and not validity_deviation(selector, mine, chromium, elements):
            out.append(f"{selector!r}: Chromium {chromium}, markup5 {mine}")
    return out


def validity_deviation(selector: str, mine: Any, chromium: Any,
                       elements: list[markup5.Element]) -> str:
    """The VALIDITY_DEVIATIONS entry that explains every element on which
    the two differ, or ''."""
    if mine == "ERR" or chromium == "ERR":
        return ""
    differing = [elements[i] for i in set(mine) ^ set(chromium)]
    for pattern, concerns, reason in VALIDITY_DEVIATIONS:
        if pattern.search(selector) and all(concerns(e) for e in differing):
            return reason
    return ""


@pytest.mark.parametrize("page", ["states", "dir", "nth"])
def test_every_selector_as_chromium(fixture, page):
    assert differences(fixture, page, validity=False) == []


@pytest.mark.skipif(not _forms_ready(),
                    reason="needs markup5.forms (constraint validation, helper A of issue 41)")
@pytest.mark.parametrize("page", ["states", "dir", "nth"])
def test_validity_pseudo_classes_as_chromium(fixture, page):
    assert differences(fixture, page, validity=True) == []


def test_fixture_covers_what_the_issue_lists(fixture):
    results = dict(zip(fixture["selectors"], fixture["pages"]["states"]["results"]))
    listed = [":valid", ":invalid", ":in-range", ":out-of-range", ":user-valid", ":user-invalid",
              ":autofill", ":open", ":modal", ":popover-open", ":fullscreen",
              ":picture-in-picture", ":current", ":past", ":future", ":host", ":host(p)",
              ":host-context(p)", ":state(p)", ":-webkit-any(p)", "&", "::slotted(p)",
              "::part(p)", "::cue", "::highlight(p)", "::view-transition",
              "::view-transition-group(*)", "::details-content", "::picker(select)",
              "::checkmark", "::scroll-marker", "::before:is(:hover)", ":dir(ltr)"]
    assert [s for s in listed if results[s] == "ERR"] == []
    assert fixture["chromium"].startswith("Chromium ")


def test_known_deviations_are_real(fixture):
    """Each entry of KNOWN_DEVIATIONS and VALIDITY_DEVIATIONS explains at
    least one recorded difference (none is kept after Chromium or markup5
    changes)."""
    explained = set()
    for page in fixture["pages"].values():
        doc = markup5.parse(page["html"])
        elements = list(iter_elements(doc))
        index = {id(e): i for i, e in enumerate(elements)}
        for selector, chromium in zip(fixture["selectors"], page["results"]):
            mine = markup5_result(doc, index, selector)
            if mine == chromium:
                continue
            explained.add(known_deviation(selector))
            explained.add(validity_deviation(selector, mine, chromium, elements))
    assert explained - {""} == {reason for _, reason in KNOWN_DEVIATIONS} | {
        reason for _, _, reason in VALIDITY_DEVIATIONS}


# The static states, on their own ------------------------------------------------


def ids(elements: list[markup5.Element]) -> list[str | None]:
    return [e.get("id") for e in elements]


STATES_PAGE = """<!DOCTYPE html><details open id=d1></details><details id=d2></details>
<dialog open id=g1></dialog><dialog id=g2></dialog><select id=s1><option>a</select>
<div popover id=p1></div><video id=v1></video><input id=i1><a href=x id=a1></a>
<svg><details open id=d3></details></svg>"""


@pytest.mark.parametrize("selector, expected", [
    # :open: details and dialog with the attribute; a select's picker is closed.
    (":open", ["d1", "g1"]),
    ("details:not(:open)", ["d2", "d3"]),  # d3: an SVG element, never open
    # Nothing is in the top layer, full screen, played, filled in, focused or
    # changed by the user; no element is a shadow host or has custom states.
    (":modal, :popover-open, :fullscreen, :-webkit-full-screen, :picture-in-picture", []),
    (":autofill, :-webkit-autofill, :user-valid, :user-invalid", []),
    (":current, :past, :future, :target-current, :xr-overlay", []),
    (":host, :host(*), :host-context(*), :state(x), :active-view-transition-type(x)", []),
    (":horizontal, :window-inactive, :-webkit-drag", []),
    (":not(:host)", [None, None, None, "d1", "d2", "g1", "g2", "s1", None, "p1", "v1", "i1",
                     "a1", None, "d3"]),
    (":-webkit-any-link", ["a1"]),
])
def test_static_states(selector, expected):
    doc = markup5.parse(STATES_PAGE)
    assert ids(doc.select(selector)) == expected


def test_nesting_selector_is_scope():
    doc = markup5.parse("<div id=a><p id=b><p id=c></div>")
    div = doc.select_one("div")
    assert ids(div.select("& > p")) == ["b", "c"]
    assert ids(div.select("& > p:first-child")) == ids(div.select(":scope > p:first-child"))
    assert div.matches("&") and div.matches("div&.x, &&")
    with pytest.raises(SelectorSyntaxError, match="unexpected 'p'"):
        doc.select("&p")  # a type selector comes first


def test_webkit_any_is_is_of_compounds():
    doc = markup5.parse("<p id=a class=x></p><div id=b></div><span id=c></span>")
    assert ids(doc.select(":-webkit-any(p.x, div)")) == ["a", "b"]
    assert ids(doc.select(":-WEBKIT-ANY(:not(p)):-webkit-any(div)")) == ["b"]
    for bad in [":-webkit-any(p span)", ":-webkit-any()", ":-webkit-any(p, :nosuch)",
                ":-webkit-any(::before)", ":-webkit-any(:has(p))",
                ":-webkit-any(:not(:has(p)))", ":-webkit-any(:not(p q))",
                ":-webkit-any(:nth-child(1 of :not(p > q)))"]:
        with pytest.raises(SelectorSyntaxError):
            doc.select(bad)
    # Anywhere inside :-webkit-any(), :has() is an error, which :is() drops.
    assert doc.select(":-webkit-any(:is(:has(p)))") == []
    assert doc.select(":is(:-webkit-any(:has(p)))") == []
    # So is a combinator in :not(), :is() or :where() there, but not in the
    # list after 'of'.
    assert doc.select(":-webkit-any(:is(:not(p span)))") == []
    assert ids(doc.select(":-webkit-any(:nth-child(1 of p ~ span))")) == ["c"]


@pytest.mark.parametrize("selector", [
    "::slotted(p)", "::slotted(p.x:hover)", "::part(a b)", "::cue", "::cue(p, q)",
    "::highlight(x)", "::view-transition", "::view-transition-group(*)",
    "::view-transition-old(a.b)", "::view-transition-new(.b)", "::details-content",
    "::picker(select)", "::checkmark", "::scroll-marker", "::scroll-marker-group",
    "::scroll-button(up)", "::column", "::-webkit-scrollbar", "::-webkit-anything",
    "::before:is(:hover)", "::marker:where(p)", "::before::marker", "::part(x):hover",
    "::part(x):not(:focus)", "::part(x)::before", "::slotted(p)::placeholder",
    "::-webkit-scrollbar:horizontal", "::selection:window-inactive", "::search-text:current",
    "::view-transition-group(*):only-child", "::scroll-button(*):disabled",
    ":after::marker", "p::part(x)",
])
def test_pseudo_elements_parse_and_match_nothing(selector):
    doc = markup5.parse("<p class=x>a</p><details open></details>")
    assert doc.select(selector) == []


@pytest.mark.parametrize("selector, message", [
    ("::before:hover", "':hover' cannot follow the pseudo-element '::before'"),
    ("::before:not(:hover)", "':hover' cannot follow the pseudo-element '::before'"),
    ("::part(x):first-child", "':first-child' cannot follow the pseudo-element '::part()'"),
    ("::slotted(p):is(:hover)", "':is(' cannot follow the pseudo-element '::slotted()'"),
    ("::part(x)::part(y)", "'::part(' cannot follow the pseudo-element '::part()'"),
    ("::backdrop:not(*)", "a type selector cannot follow a pseudo-element"),
    ("::before.x", "a pseudo-element must end the selector"),
    ("::part(x) p", "a pseudo-element must end the selector"),
    ("::marker::marker", "'::marker' cannot follow the pseudo-element '::marker'"),
    ("::picker(p)", "expected 'select'"),
    ("::part()", "expected a part name"),
    ("::scroll-button(sideways)", "expected '*' or a scroll direction"),
    ("::view-transition-group(* .x)", "unexpected '.'"),
    ("::-webkit-autofill", "unknown pseudo-element '::-webkit-autofill'"),
    ("::nosuch(x)", "unknown or unsupported pseudo-element '::nosuch()'"),
    (":host(p q)", "unexpected 'q'"),
    (":state()", "expected a custom state name"),
    (":dir(ltr rtl)", "unexpected 'rtl'"),
    (":current(p)", "unknown or unsupported pseudo-class ':current()'"),
])
def test_what_chromium_rejects(selector, message):
    with pytest.raises(SelectorSyntaxError, match=re.escape(message)):
        markup5.parse("").select(selector)


@pytest.mark.parametrize("function", [":host", ":host-context", "::slotted", "::cue",
                                      ":-webkit-any"])
def test_compound_arguments_hold_no_has_nor_nested_combinators(function):
    # As Chromium: inside these, :has() is an error, and so is a combinator
    # in :not() (an error), :is() or :where() (whose forgiving lists drop
    # the item), but not in the list after 'of'.
    doc = markup5.parse("<p></p>")
    for bad in (":has(p)", ":not(p q)", ":not(:not(p > q))"):
        with pytest.raises(SelectorSyntaxError, match=f"inside {re.escape(function)}()"):
            doc.select(f"{function}({bad})")
    for good in (":not(p, q)", ":is(p q)", ":is(:has(p))", ":nth-child(1 of p q)"):
        doc.select(f"{function}({good})")


def test_pseudo_element_restriction_ends_with_its_compound():
    # After ::before, :hover is out, but not in the next complex selector of
    # the list, nor inside the :is() that holds another compound.
    doc = markup5.parse("<p id=a></p>")
    assert ids(doc.select("p::before, p:not(:hover)")) == ["a"]
    assert ids(doc.select(":is(p):not(:hover)")) == ["a"]
