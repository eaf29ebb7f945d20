"""Selectors that must stay linear in the size of the tree and of the
selector, and the inputs that used to raise unexpected exceptions.

No timing here: the work is counted.  ``instrument`` swaps every children
list of a tree for one that counts the nodes its iteration hands out, so a
test can bound the child visits of one ``select()`` call by a small multiple
of the number of nodes (the comments give what the quadratic code did).
Each count test also checks the result against a straightforward definition.
"""

from __future__ import annotations

import random

import pytest

import markup5
from markup5.dom import HTML_NAMESPACE, Element, Node, ParentNode, Text
from markup5.microsyntax import parse_non_negative_integer
from markup5.selectors import SelectorSyntaxError, matcher, parser, tokenizer
from markup5.selectors.matcher import _PSEUDO_CLASSES, iter_elements
from markup5.selectors.parser import SIMPLE_PSEUDO_CLASSES, nth_formula

XHTML = 'xmlns="http://www.w3.org/1999/xhtml"'


class Visits:
    count = 0


def instrument(root: ParentNode) -> Visits:
    """Make every children list under ``root`` count the nodes that
    iterating over it (forwards or backwards) yields."""
    visits = Visits()

    class Counting(list):  # type: ignore[type-arg]
        def __iter__(self):  # type: ignore[no-untyped-def]
            for node in list.__iter__(self):
                visits.count += 1
                yield node

        def __reversed__(self):  # type: ignore[no-untyped-def]
            for node in list.__reversed__(self):
                visits.count += 1
                yield node

    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, ParentNode):
            children = list(node.children)
            node.children = Counting(children)
            stack.extend(children)
    return visits


def node_count(root: ParentNode) -> int:
    count = 0
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        count += 1
        if isinstance(node, ParentNode):
            stack.extend(node.children)
    return count


def counted_select(doc: ParentNode, selector: str) -> tuple[list[Element], int, int]:
    """(result, child visits, nodes) of one select() call."""
    nodes = node_count(doc)
    visits = instrument(doc)
    result = doc.select(selector)
    return result, visits.count, nodes


def html(el: Element, name: str) -> bool:
    return el.namespace == HTML_NAMESPACE and el.local_name == name


def ancestors(el: Element) -> list[Element]:
    out = []
    node = el.parent
    while isinstance(node, Element):
        out.append(node)
        node = node.parent
    return out


# :first-child, :last-child, :only-child ------------------------------------------


def element_siblings(el: Element) -> list[Element]:
    parent = el.parent
    if parent is None:
        return [el]
    return [c for c in parent.children if isinstance(c, Element)]


CHILD_POSITIONS = {
    "first-child": lambda el: element_siblings(el)[0] is el,
    "last-child": lambda el: element_siblings(el)[-1] is el,
    "only-child": lambda el: len(element_siblings(el)) == 1,
}


@pytest.mark.parametrize("name", sorted(CHILD_POSITIONS))
@pytest.mark.parametrize("layout", ["<div>{c}{p}{t}</div>", "<div>{p}{c}</div>",
                                    "<div>{c}<p></p>{c}</div>"])
def test_child_position_passes_each_sibling_once(name, layout):
    n = 300
    doc = markup5.parse(layout.format(c="<!---->" * n, p="<p></p>" * n, t="x<!---->" * n))
    result, visits, nodes = counted_select(doc, f":{name}")
    # Each p used to walk past the comments before it (or after it) on its
    # own: about n * n = 90,000 visits; now each parent's children are
    # listed once.
    assert visits <= 3 * nodes
    assert result == [e for e in iter_elements(doc) if CHILD_POSITIONS[name](e)]


def test_child_positions_agree_with_the_definition():
    rng = random.Random(7)
    parts = []
    for _ in range(400):
        parts.append(rng.choice(["<div>", "</div>", "<p>", "</p>", "<!--c-->", "text", "<b></b>",
                                 "<span>", "</span>", "<svg><g/><!--x--><g/></svg>", " "]))
    doc = markup5.parse("".join(parts))
    elements = list(iter_elements(doc))
    first = [e for e in elements if element_siblings(e)[0] is e]
    last = [e for e in elements if element_siblings(e)[-1] is e]
    assert doc.select(":first-child") == first
    assert doc.select(":last-child") == last
    assert doc.select(":only-child") == [e for e in first if e in last]
    assert doc.select(":first-child") == doc.select(":nth-child(1)")
    assert doc.select(":last-child") == doc.select(":nth-last-child(1)")


def test_child_position_of_an_element_without_parent():
    el = markup5.parse("<p>").select_one("p")
    el.parent.children.remove(el)
    el.parent = None
    assert el.matches(":first-child:last-child:only-child")


# :disabled and :enabled under a disabled fieldset ---------------------------------


FIELDSETS = {
    "legend first": lambda n: "<fieldset disabled><legend><input></legend>" + "<input>" * n,
    "legend last": lambda n: "<fieldset disabled>" + "<input>" * n + "<legend><input></legend>",
    "no legend": lambda n: "<fieldset disabled>" + "<input>" * n,
    "wrapped": lambda n: "<fieldset disabled>" + "<div><input></div>" * n + "<legend></legend>",
    "comments": lambda n: "<fieldset disabled>" + "<!---->" * n + "<input>" * n,
}


def disabled_by_definition(el: Element) -> bool:
    """HTML: a form control with a disabled attribute, or a descendant of a
    disabled fieldset that is not inside that fieldset's first legend."""
    if "disabled" in el.attrs:
        return True
    path = [el] + ancestors(el)
    for i, fieldset in enumerate(path[1:], 1):
        if html(fieldset, "fieldset") and "disabled" in fieldset.attrs:
            legends = [c for c in fieldset.children if isinstance(c, Element) and html(c, "legend")]
            if not legends or path[i - 1] is not legends[0]:
                return True
    return False


@pytest.mark.parametrize("kind", sorted(FIELDSETS))
@pytest.mark.parametrize("selector", [":disabled", ":enabled"])
def test_disabled_fieldset_finds_its_first_legend_once(kind, selector):
    doc = markup5.parse(FIELDSETS[kind](300))
    result, visits, nodes = counted_select(doc, selector)
    # Every child of the fieldset used to scan the fieldset's children for
    # its first legend: 300 * 300 = 90,000 visits and more.
    assert visits <= 3 * nodes
    controls = [e for e in iter_elements(doc) if html(e, "input") or html(e, "fieldset")]
    expected = [e for e in controls if disabled_by_definition(e) == (selector == ":disabled")]
    assert result == expected


# :checked on nested selects -------------------------------------------------------


def option_disabled_by_definition(option: Element) -> bool:
    """A disabled attribute, or a disabled optgroup among its ancestors
    before any select, hr, datalist or option."""
    if "disabled" in option.attrs:
        return True
    for a in ancestors(option):
        if a.namespace == HTML_NAMESPACE:
            if a.local_name in ("select", "hr", "datalist", "option"):
                return False
            if a.local_name == "optgroup" and "disabled" in a.attrs:
                return True
    return False


def selected_by_definition(doc: ParentNode) -> list[Element]:
    """The options whose selectedness is true, as HTML's selectedness
    setting algorithm leaves them: a select's options are the options whose
    nearest select-or-datalist ancestor is it; an option outside any select
    is selected when it has a selected attribute."""
    lists: dict[Element, list[Element]] = {}
    out = set()
    for e in iter_elements(doc):
        if not html(e, "option"):
            continue
        owner = next((a for a in ancestors(e) if html(a, "select") or html(a, "datalist")), None)
        if owner is not None and html(owner, "select"):
            lists.setdefault(owner, []).append(e)
        elif "selected" in e.attrs:
            out.add(e)
    for select, options in lists.items():
        chosen = [o for o in options if "selected" in o.attrs]
        if "multiple" in select.attrs:
            out.update(chosen)
        elif chosen:
            out.add(chosen[-1])
        elif parse_non_negative_integer(select.attrs.get("size", "1")) in (None, 1):  # (size=0 is 0)
            out.update([o for o in options if not option_disabled_by_definition(o)][:1])
    return [e for e in iter_elements(doc) if e in out]


NESTED_SELECTS = [
    ("html", lambda n: markup5.parse(
        "<select>" + "<option>x<svg><foreignObject><select>" * n)),
    ("html selected", lambda n: markup5.parse(
        "<select>" + "<option>x<option selected>y<svg><foreignObject><select multiple>" * n)),
    ("xhtml", lambda n: markup5.parse_xml(
        f"<div {XHTML}>" + "<select><option>x</option>" * n + "</select>" * n + "</div>")),
    ("xhtml deep options", lambda n: markup5.parse_xml(
        f"<div {XHTML}>" + "<select><optgroup disabled=''><option>x</option></optgroup><option>y"
        * n + "</option></select>" * n + "</div>")),
]


@pytest.mark.parametrize("name, make", NESTED_SELECTS, ids=[n for n, _ in NESTED_SELECTS])
@pytest.mark.parametrize("selector", [":checked", "option:checked"])
def test_nested_selects_list_their_options_once(name, make, selector):
    doc = make(150)
    expected = selected_by_definition(doc)
    result, visits, nodes = counted_select(doc, selector)
    # Each select used to walk its whole subtree, which holds the selects
    # nested in it: 150 selects * about 5 * 150 / 2 nodes = 56,000 visits.
    assert visits <= 3 * nodes
    assert result == expected
    assert len(result) >= 150


def test_selects_checked_agrees_with_the_definition():
    rng = random.Random(11)
    for _ in range(30):
        parts = []
        for _ in range(60):
            parts.append(rng.choice([
                "<select>", "<select multiple>", "<select size=3>", "<select size=' -0'>",
                "</select>", "<option>o", "<option selected>s", "<option disabled>d",
                "<optgroup disabled>", "<optgroup>", "</optgroup>", "<datalist>", "</datalist>",
                "<div>", "</div>", "<svg><foreignObject>", "</foreignObject></svg>", "<hr>"]))
        doc = markup5.parse("".join(parts))
        assert doc.select("option:checked") == selected_by_definition(doc)


@pytest.mark.parametrize("size", [
    "", "0", "1", "2", "-0", "-1", "+1", " 1", "\t\n\f\r 1", "01", "1x", "x", "-", "+", "٣",
    "0" * 5000 + "1", "0" * 5000 + "2", "1" + "0" * 5000, "-" + "0" * 5000, " -" + "0" * 10,
])
def test_display_size_reads_the_digits_like_the_integer_rules(size):
    doc = markup5.parse(f"<select size='{size}'><option>a</select>")
    select = doc.select_one("select")
    # (Long sizes: all zeros is 0, else 1 or more, and an error if negative.)
    digits = size.strip().lstrip("-+").lstrip("0")
    expected = parse_non_negative_integer(size) if len(size) < 100 else (
        0 if not digits else None if size.strip().startswith("-") else 1 if digits == "1" else 2)
    # (size=0 is 0, not 1, as the parser has it: docs/browser-differences.md.)
    assert matcher._display_size_one(select) == (expected in (None, 1))
    assert len(doc.select(":checked")) == (expected in (None, 1))


# An+B with numbers of any length -----------------------------------------------------


def nth_by_definition(a: int, b: int, index: int) -> bool:
    """Some n >= 0 with a*n + b == index."""
    if a == 0:
        return index == b
    return (index - b) % a == 0 and (index - b) // a >= 0


def test_nth_formula_matches_the_same_indexes(monkeypatch):
    # With the index limit at 16 and A exact up to 2 digits, every formula
    # with |A|, |B| <= 250 is checked at every index below the limit.
    monkeypatch.setattr(parser, "INDEX_LIMIT", 16)
    monkeypatch.setattr(parser, "EXACT_DIGITS", 2)
    for a in range(-250, 251):
        for b in range(-250, 251):
            small_a, small_b = nth_formula(str(a), f"{b:+d}")
            assert max(abs(small_a), abs(small_b)) < 3 * 16
            if abs(a) > 100 and abs(b) >= 16 and (a > 0) != (b > 0):
                continue  # A is clamped to +-100: see the comment in parser.py
            for index in range(1, 16):
                assert matcher._nth_matches(small_a, small_b, index) == \
                    nth_by_definition(a, b, index), (a, b, index)


def test_nth_formula_keeps_ordinary_formulas():
    assert nth_formula("2", "+1") == (2, 1)
    assert nth_formula("-1", "+3") == (-1, 3)
    assert nth_formula("0", "-0") == (0, 0)
    assert nth_formula("+007", "-0012") == (7, -12)


ONES = "1" * 5000  # (10**5000 - 1) / 9: odd, 2 modulo 3
ONES_VALUE = (10 ** 5000 - 1) // 9


LONG_FORMULAS = [
    (ONES, 0, ONES_VALUE),
    ("+" + ONES, 0, ONES_VALUE),
    ("-" + ONES, 0, -ONES_VALUE),
    ("n-" + ONES, 1, -ONES_VALUE),
    ("n- " + ONES, 1, -ONES_VALUE),
    ("n - " + ONES, 1, -ONES_VALUE),
    ("-n+" + ONES, -1, ONES_VALUE),
    ("-2n+" + ONES, -2, ONES_VALUE),
    ("-2n + " + ONES, -2, ONES_VALUE),
    ("-3n+" + ONES, -3, ONES_VALUE),
    ("-3n+" + ONES[:-1] + "2", -3, ONES_VALUE + 1),
    ("3n-" + ONES, 3, -ONES_VALUE),
    ("7n-" + ONES, 7, -ONES_VALUE),
    ("-7n-" + ONES, -7, -ONES_VALUE),
    (ONES + "n", ONES_VALUE, 0),
    (ONES + "n+1", ONES_VALUE, 1),
    (ONES + "n+2", ONES_VALUE, 2),
    ("-" + ONES + "n+5", -ONES_VALUE, 5),
    ("+" + ONES + "n+5", ONES_VALUE, 5),
    ("2n+" + "0" * 5000 + "3", 2, 3),
]


@pytest.mark.parametrize("formula, a, b", LONG_FORMULAS, ids=[
    f.replace(ONES[:-1], "1...").replace("0" * 5000, "0...") for f, _, _ in LONG_FORMULAS])
def test_long_numbers_in_an_plus_b(monkeypatch, formula, a, b):
    longest = []

    def recording_int(value, *args):  # type: ignore[no-untyped-def]
        if isinstance(value, str):
            longest.append(len(value))
        return int(value, *args)

    monkeypatch.setattr(parser, "int", recording_int, raising=False)
    monkeypatch.setattr(tokenizer, "int", recording_int, raising=False)
    doc = markup5.parse("<ul>" + "<li>" * 12 + "</ul>")
    items = doc.select("li")
    expected = [li for i, li in enumerate(items, 1) if nth_by_definition(a, b, i)]
    assert doc.select(f"li:nth-child({formula})") == expected
    assert doc.select(f"li:nth-last-of-type({formula})") == [
        li for i, li in enumerate(reversed(items), 1) if nth_by_definition(a, b, i)][::-1]
    # The old code converted all 5000 digits at once (and Python refused).
    assert max(longest) <= 40


def test_long_numbers_elsewhere_in_a_selector():
    doc = markup5.parse("<p>")
    assert doc.select(f":is(:nth-child({'9' * 5000}.5), p)") == doc.select("p")
    assert doc.select(f":is([x={'9' * 5000}], p)") == doc.select("p")
    tokens = tokenizer.tokenize("1" * 5000)
    assert tokens[0].value == "1" * 5000 and tokens[0].is_integer
    with pytest.raises(SelectorSyntaxError):
        doc.select(f":nth-child({'1' * 5000}.0)")


# Pseudo-classes the parser accepts ------------------------------------------------


def test_every_pseudo_class_the_parser_accepts_can_be_matched():
    doc = markup5.parse("<form><input required><select><option>x</select><textarea></textarea>"
                        "<button></button><progress></progress></form><p contenteditable>")
    for name in sorted(SIMPLE_PSEUDO_CLASSES):
        assert name in _PSEUDO_CLASSES
        doc.select(f":{name}")
        doc.select(f":not(:{name})")


def ids(nodes: list[Element]) -> list[str | None]:
    return [n.get("id") for n in nodes]


# Expectations checked against headless Chromium 150, except where noted.
FORM = markup5.parse(
    "<form><input id=t1 required><input id=t2><input id=r1 type=range required>"
    "<input id=h1 type=hidden required><input id=c1 type=checkbox required>"
    "<input id=s1 type=submit required><input id=k1 type=color><input id=f1 type=file required>"
    "<select id=sel1 required></select><select id=sel2></select>"
    "<textarea id=ta1 required></textarea><textarea id=ta2></textarea>"
    "<input id=b1 type=bogus required><input id=ra1 type=RADIO><button id=bu1></button></form>")


def test_required_and_optional():
    assert ids(FORM.select(":required")) == ["t1", "c1", "f1", "sel1", "ta1", "b1"]
    # Chromium also matches the inputs the required attribute does not apply
    # to (range, hidden, submit, color) and buttons; HTML (and Firefox) do not.
    assert ids(FORM.select(":optional")) == ["t2", "sel2", "ta2", "ra1"]


READ_WRITE = markup5.parse(
    "<input id=i1><input id=i2 readonly><input id=i3 disabled><input id=i4 type=checkbox>"
    "<input id=i5 type=range><input id=i6 type=date>"
    "<textarea id=t1></textarea><textarea id=t2 readonly></textarea>"
    "<textarea id=t3 disabled></textarea>"
    "<fieldset disabled><input id=i7><textarea id=t4></textarea><legend><input id=i8></legend>"
    "</fieldset>"
    "<div id=host contenteditable><p id=p1>x<span id=s1 contenteditable=false>y<b id=b1>z</b>"
    "</span><i id=i9 contenteditable=bogus>w</i><input id=i10><input id=i11 readonly>"
    "<svg id=svg1><circle id=c1 /><foreignObject id=fo1><p id=p2>q</p></foreignObject></svg>"
    "<math id=m1><mi id=mi1>x</mi></math></div>"
    "<div id=host2 contenteditable=PLAINTEXT-ONLY><a id=a1>t</a></div>"
    "<div id=d3 contenteditable=FALSE><u id=u1>v</u></div>")


def test_read_write_and_read_only():
    # svg1 and m1: HTML's "editable" takes in svg and math elements, so
    # they are :read-write; Chromium says neither.
    assert ids(READ_WRITE.select(":read-write")) == [
        "i1", "i6", "t1", "i8", "host", "p1", "i9", "i10", "svg1", "m1", "host2", "a1"]
    read_only = READ_WRITE.select(":read-only")
    assert ids([e for e in read_only if e.get("id")]) == [
        "i2", "i3", "i4", "i5", "t2", "t3", "i7", "t4", "s1", "b1", "i11", "p2", "d3", "u1"]
    assert all(e.namespace == HTML_NAMESPACE for e in read_only)


def test_placeholder_shown():
    doc = markup5.parse(
        "<input id=a placeholder=x><input placeholder=x value=a><input id=b placeholder=''>"
        "<input placeholder=x value=' '><input id=c type=url placeholder=x value=' '>"
        "<input id=d type=email placeholder=x value=' \n '>"
        "<input type=email multiple placeholder=x value=' , '>"
        "<input id=e type=number placeholder=x value=abc><input type=number placeholder=x value=12>"
        "<input id=f type=number placeholder=x value=1e400>"
        "<input id=g type=password placeholder=x value='&#10;'>"
        "<input id=h type=text placeholder=x value='&#13;&#10;'>"
        "<input type=checkbox placeholder=x><input type=date placeholder=x>"
        "<textarea id=i placeholder=x></textarea><textarea placeholder=x>a</textarea>"
        "<textarea id=j placeholder=x>\n</textarea><textarea placeholder=x>\n\n</textarea>"
        "<textarea></textarea><input id=k type=search placeholder=x>")
    assert ids(doc.select(":placeholder-shown")) == [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]


def test_indeterminate():
    doc = markup5.parse(
        "<form><input type=radio name=a><input type=radio name=a checked>"
        "<input id=b1 type=radio name=b><input id=b2 type=radio name=b>"
        "<input id=n1 type=radio><input type=radio checked><input type=checkbox>"
        "<progress id=p1></progress><progress value=1></progress>"
        "<input type=radio name=c form=f2></form><form id=f2><input type=radio name=c checked>"
        "</form><input id=a3 type=radio name=a>")
    assert ids(doc.select(":indeterminate")) == ["b1", "b2", "n1", "p1", "a3"]


def test_default():
    doc = markup5.parse(
        "<form><input><button type=reset></button><button id=d1>b1</button><button>b2</button>"
        "<input type=submit></form>"
        "<form><input id=d2 type=image><button></button></form>"
        "<form><button type=button></button><button commandfor=x></button>"
        "<input id=d3 type=submit><button type=submit></button></form>"
        "<button>outside</button><input type=submit><input id=c1 type=checkbox checked>"
        "<input id=r1 type=radio checked><input type=checkbox>"
        "<select><option id=o1 selected>a<option>b</select>"
        "<form id=f3></form><button id=d4 form=f3>far</button>"
        "<form><button command=x></button><button id=d5 type=SUBMIT></button></form>"
        "<form><select><button>in select</button><option>o</select><button id=d6>after</button>"
        "</form>")
    assert ids(doc.select(":default")) == ["d1", "d2", "d3", "c1", "r1", "o1", "d4", "d5", "d6"]


@pytest.mark.parametrize("selector", [":required", ":optional", ":read-write", ":read-only",
                                      ":placeholder-shown", ":indeterminate", ":default"])
def test_form_pseudo_classes_are_linear(selector):
    n = 200
    doc = markup5.parse(
        "<form><fieldset disabled><legend></legend>" + "<!---->" * n
        + "<input type=radio name=r><button>b</button><textarea placeholder=x></textarea>" * n
        + "</fieldset></form><div contenteditable>" + "<div>" * n + "</div>")
    # (These used to raise KeyError.)  Each looks at a node's children once
    # or twice: the radio groups, default buttons, first legends and
    # contenteditable states are computed once per call.
    _, visits, nodes = counted_select(doc, selector)
    assert visits <= 3 * nodes


# Forgiving selector lists ------------------------------------------------------------


def test_forgiving_list_items_do_not_add_up_towards_the_chain_limit():
    doc = markup5.parse("<a></a>")
    assert doc.select(":is(" + "a !," * 200 + ")") == []
    assert doc.select(":where(" + "a a !," * 150 + " a)") == doc.select("a")
    long_item = " ".join(["a"] * 150)
    # The first item fails after 150 compounds; the old count carried them
    # into the second item, which went past 200 and raised.
    assert doc.select(f":is({long_item} !, {long_item})") == []
    assert doc.select(f":is({long_item} !, {long_item}), a") == doc.select("a")


def test_the_chain_limit_still_holds_in_forgiving_lists():
    with pytest.raises(SelectorSyntaxError, match="too long"):
        markup5.parse("<a>").select(":is(" + " ".join(["a"] * 250) + ")")
    with pytest.raises(SelectorSyntaxError, match="too long"):
        markup5.parse("<a>").select(":is(a !, " + " ".join(["a"] * 250) + ")")


def test_parser_state_after_a_failed_item(monkeypatch):
    seen = []
    original = parser._Parser.complex

    def spy(self, nested):  # type: ignore[no-untyped-def]
        seen.append(self.chain)
        return original(self, nested)

    monkeypatch.setattr(parser._Parser, "complex", spy)
    markup5.parse("<a>").select(":is(a b c !, d, e f !, g)")
    # Each item of the list starts from the count of the :is() around it.
    assert seen[1:] == [1, 1, 1, 1]


def test_text_nodes_are_not_elements_for_child_positions():
    doc = markup5.parse("<div>a<p>b</p>c</div>")
    div = doc.select_one("div")
    assert isinstance(div.children[0], Text)
    assert doc.select("p:only-child") == doc.select("p")
