"""Property tests for CSS selectors: select() never raises on valid selectors,
agrees with matches(), and the parser fails only with SelectorSyntaxError."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import markup5
from markup5.selectors import SelectorSyntaxError, compile as compile_selector
from markup5.selectors.matcher import iter_elements

PAGE = markup5.parse("""<!DOCTYPE html><div id=a class="x y" lang=en>
<p class=x title="Fish and chips">One <b>two</b></p><p id=b><i class=y></i></p>
<ul><li>1<li class=x>2<li>3<li class=y>4</ul><form><fieldset disabled><legend>
<input id=c type=checkbox checked></legend><input type=radio name=r checked></fieldset>
<select><option>a<option selected>b</select></form><svg><a href=q><circle class=x/></a></svg>
<x-widget></x-widget><table><tr><td>1<td class=y>2</table><p></p></div>""")
ELEMENTS = list(iter_elements(PAGE))

types = st.sampled_from(["*", "div", "p", "P", "li", "a", "b", "i", "svg", "circle", "td",
                         "input", "option", "*|a", "|p", "x-widget"])
simples = st.sampled_from([
    "#a", "#b", ".x", ".y", ".X", "[title]", "[title~=and]", "[title^=Fish i]", "[type=CHECKBOX]",
    "[class|=x]", "[lang|=en]", "[id$=a]", "[class*=' ']", ":root", ":empty", ":first-child",
    ":last-child", ":only-child", ":first-of-type", ":last-of-type", ":only-of-type",
    ":nth-child(2n+1)", ":nth-last-child(-n+2)", ":nth-of-type(2)", ":checked", ":disabled",
    ":enabled", ":link", ":defined", ":lang(en)", ":hover", ":nth-child(odd of .x)"])
combinators = st.sampled_from([" ", " > ", " + ", " ~ "])


@st.composite
def compound(draw, depth=0):
    parts = [draw(types)] if draw(st.booleans()) else []
    parts += draw(st.lists(simples, max_size=2))
    if depth < 2 and draw(st.integers(0, 3)) == 0:
        name = draw(st.sampled_from(["is", "where", "not", "has"]))
        inner = draw(complex_selector(depth + 1))
        if name == "has":
            inner = draw(st.sampled_from(["", "> ", "+ ", "~ "])) + inner
            inner = inner.replace(":has(", ":is(")
        parts.append(f":{name}({inner})")
    return "".join(parts) or "*"


@st.composite
def complex_selector(draw, depth=0):
    out = draw(compound(depth))
    for _ in range(draw(st.integers(0, 2))):
        out += draw(combinators) + draw(compound(depth))
    return out.replace(":has(", ":is(") if depth else out


@st.composite
def selector_list(draw):
    return ", ".join(draw(st.lists(complex_selector(), min_size=1, max_size=3)))


@settings(max_examples=300, deadline=None)
@given(selector_list())
def test_select_equals_filtering_every_element_with_matches(selector):
    found = PAGE.select(selector)
    assert found == [e for e in ELEMENTS if e.matches(selector)]


@settings(max_examples=300, deadline=None)
@given(selector_list())
def test_select_is_in_document_order_without_duplicates(selector):
    found = PAGE.select(selector)
    positions = [ELEMENTS.index(e) for e in found]
    assert positions == sorted(set(positions))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(list("ab*|#.:[]()=~^$+>,'\"\\ \n-_019nN%{}!/")
                                + ["is(", "not(", "has(", "nth-child(", "of ", "\x00",
                                   "\u00e9", "\ud800"]), max_size=40).map("".join))
def test_parser_fails_only_with_selector_syntax_error(text):
    try:
        selector = compile_selector(text)
    except SelectorSyntaxError as exc:
        assert 1 <= exc.position <= len(text) + 1
        return
    selector.select(PAGE)
