"""Form state that depends on the tree around a control, as a freshly parsed
document has it: disabled form controls and options (fieldsets, legends,
optgroups), form owners, radio button groups and checkedness, the list of
options of a select and their selectedness, default buttons, datalist
ancestors.

Every function takes a ``cache`` dict.  What is computed once per tree
(radio button groups, form owners, default buttons, ...) is kept there
under keys of this module (tuples starting with ``"forms."``), so that
asking for every element of a document costs linear time.  Ancestor
properties are memoized for a whole ancestor path at once
(:func:`inherited`), so deep trees stay linear too.  Nothing here
recurses.  A cache is valid while the tree does not change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..dom import HTML_NAMESPACE, Document, Element, Node, ParentNode, Text
from ..microsyntax._numbers import non_negative_integer_is_one
from ._rules import FORM_CONTROLS, INPUT_TYPES

Cache = dict[object, Any]

_MISSING = object()
#: What an ``inherited`` step returns to defer to the parent.
INHERIT = object()


def ascii_lower(value: str) -> str:
    """ASCII lowercase (the standard's "ASCII case-insensitive")."""
    return value.lower() if value.isascii() else \
        "".join(c.lower() if "A" <= c <= "Z" else c for c in value)


def is_html(el: Element, name: str) -> bool:
    """Whether ``el`` is the HTML element ``name``."""
    return el.local_name == name and el.namespace == HTML_NAMESPACE


def iter_elements(node: Node) -> Iterator[Element]:
    """``node`` (if an element) and the elements under it, in tree order,
    without recursion (the DOM's own walk)."""
    if isinstance(node, Element):
        yield node
    if isinstance(node, ParentNode):
        yield from node._elements()


def table(cache: Cache, key: object) -> dict[Any, Any]:
    """The dict kept in ``cache`` under ``key`` (created empty)."""
    found = cache.get(key)
    if found is None:
        found = cache[key] = {}
    return found


def inherited(cache: Cache, key: object, el: Element, step: Callable[[Element], object],
              default: object) -> object:
    """A value that an element takes from its parent unless ``step`` settles
    it (``step`` returns :data:`INHERIT` to defer to the parent; past the top
    element the value is ``default``).  Memoized for the whole ancestor
    path, so asking for every element costs linear time however deep the
    tree."""
    memo = table(cache, key)
    path = []
    node: Node | None = el
    while True:
        if not isinstance(node, Element):
            value = default
            break
        value = memo.get(node, _MISSING)
        if value is not _MISSING:
            break
        value = step(node)
        if value is not INHERIT:
            memo[node] = value
            break
        path.append(node)
        node = node.parent
    for node in path:
        memo[node] = value
    return value


def tree_root(el: Element, cache: Cache) -> Node:
    """The root of ``el``'s tree (a Document, a DocumentFragment such as
    template contents, or the top element of a detached tree)."""
    memo = table(cache, "forms.root")
    path = []
    node: Node = el
    while True:
        found = memo.get(node)
        if found is not None:
            root: Node = found
            break
        parent = node.parent
        if parent is None:
            root = node
            break
        path.append(node)
        node = parent
    for node in path:
        memo[node] = root
    return root


def all_elements(root: Node, cache: Cache) -> list[Element]:
    """Every element of the tree rooted at ``root``, in tree order."""
    memo = table(cache, "forms.all")
    elements = memo.get(root)
    if elements is None:
        elements = memo[root] = list(iter_elements(root))
    return elements


def child_text_content(el: Element) -> str:
    """DOM "child text content": the data of the element's Text children."""
    return "".join(child.data for child in el.children if isinstance(child, Text))


# The type attribute --------------------------------------------------------------


def input_type_state(el: Element) -> str:
    """The state of an input element's type attribute (HTML §4.10.5): its
    keyword, ASCII-lowercased, or "text" when it is missing or not one of
    the keywords ("The missing value default and the invalid value default
    are the Text state")."""
    kind = ascii_lower(el.attrs.get("type", ""))
    return kind if kind in INPUT_TYPES else "text"


# Disabled ------------------------------------------------------------------------


def first_legend(fieldset: Element, cache: Cache) -> Element | None:
    """The fieldset's first legend element child (found once per fieldset)."""
    memo = table(cache, "forms.legend")
    legend = memo.get(fieldset, _MISSING)
    if legend is _MISSING:
        legend = None
        for child in fieldset.children:
            if isinstance(child, Element) and is_html(child, "legend"):
                legend = child
                break
        memo[fieldset] = legend
    return legend  # type: ignore[no-any-return]


def in_disabled_fieldset(el: Element, cache: Cache) -> bool:
    """HTML §4.10.18.5 "A form control is disabled if ... the element is a
    descendant of a fieldset element whose disabled attribute is specified,
    and is not a descendant of that fieldset element's first legend element
    child, if any." (also §4.10.15's disabled fieldset)."""
    def step(node: Element) -> object:
        parent = node.parent
        if isinstance(parent, Element) and is_html(parent, "fieldset") and \
                "disabled" in parent.attrs and node is not first_legend(parent, cache):
            return True
        return INHERIT
    return bool(inherited(cache, "forms.fieldset", el, step, False))


def option_disabled(option: Element, cache: Cache) -> bool:
    """HTML §4.10.10: "An option element is disabled if its disabled
    attribute is present or if it is a child of an optgroup element whose
    disabled attribute is present" -- looking at the ancestors nearest
    first, a disabled optgroup that comes before any select, hr, datalist or
    option (the select parsing rules of 2025 let options sit deeper)."""
    if "disabled" in option.attrs:
        return True

    def step(node: Element) -> object:
        if node.namespace == HTML_NAMESPACE:
            name = node.local_name
            if name in ("select", "hr", "datalist", "option"):
                return False
            if name == "optgroup" and "disabled" in node.attrs:
                return True
        return INHERIT
    parent = option.parent
    if not isinstance(parent, Element):
        return False
    return bool(inherited(cache, "forms.option-disabled", parent, step, False))


def in_disabled_select(el: Element, cache: Cache) -> bool:
    """Whether the nearest select ancestor of an option or optgroup is
    disabled (HTML, 2026: such options and optgroups match :disabled)."""
    def step(node: Element) -> object:
        return node if is_html(node, "select") else INHERIT
    parent = el.parent
    if not isinstance(parent, Element):
        return False
    select = inherited(cache, "forms.select-ancestor", parent, step, None)
    if select is None:
        return False
    assert isinstance(select, Element)
    return "disabled" in select.attrs or in_disabled_fieldset(select, cache)


def is_actually_disabled(el: Element, cache: Cache) -> bool:
    """HTML "actually disabled" (what :disabled matches): a button, input,
    select or textarea that is a disabled form control (its disabled
    attribute, or a disabled fieldset ancestor outside that fieldset's
    first legend), a disabled fieldset, an optgroup with a disabled
    attribute, a disabled option; optgroups and options in a disabled
    select too.  Any other element is not."""
    if el.namespace != HTML_NAMESPACE:
        return False
    name = el.local_name
    if name in FORM_CONTROLS or name == "fieldset":
        return "disabled" in el.attrs or in_disabled_fieldset(el, cache)
    if name == "optgroup":
        return "disabled" in el.attrs or in_disabled_select(el, cache)
    if name == "option":
        return option_disabled(el, cache) or in_disabled_select(el, cache)
    return False


def has_datalist_ancestor(el: Element, cache: Cache) -> bool:
    """Whether ``el`` has a datalist element ancestor (HTML §4.10.8: "If an
    element has a datalist element ancestor, it is barred from constraint
    validation")."""
    def step(node: Element) -> object:
        return True if is_html(node, "datalist") else INHERIT
    parent = el.parent
    if not isinstance(parent, Element):
        return False
    return bool(inherited(cache, "forms.datalist", parent, step, False))


# Form owners ---------------------------------------------------------------------


def form_owner(el: Element, cache: Cache) -> Element | None:
    """The form owner of a form-associated element (HTML §4.10.17.3 "reset
    the form owner"), as a parsed tree shows it: "If element has a form
    content attribute and is connected, then ... the first element in
    element's tree, in tree order, to have an ID that is identical to
    element's form content attribute's value" if that is a form element
    (else none); otherwise the form the HTML parser associated it with
    through its form element pointer ("create an element for a token"),
    where the tree does not show it (``<div><form id=f></div><input>``:
    recorded in the document's ``form_associations``), while that form is
    still in the same tree; otherwise its nearest form element ancestor."""
    form_id = el.attrs.get("form")
    root = tree_root(el, cache)
    if form_id is not None:
        by_id = table(cache, "forms.ids")
        ids = by_id.get(root)
        if ids is None:
            ids = by_id[root] = {}
            for e in all_elements(root, cache):
                i = e.attrs.get("id")
                if i is not None and i not in ids:
                    ids[i] = e
        target = ids.get(form_id)
        return target if target is not None and is_html(target, "form") else None
    if isinstance(root, Document) and root.form_associations:
        form = root.form_associations.get(el)
        if form is not None and tree_root(form, cache) is root:
            return form

    def step(node: Element) -> object:
        parent = node.parent
        if isinstance(parent, Element) and is_html(parent, "form"):
            return parent
        return INHERIT
    return inherited(cache, "forms.form", el, step, None)  # type: ignore[return-value]


# Radio button groups and checkedness ----------------------------------------------


def radio_group(radio: Element, cache: Cache) -> object:
    """A key for the radio button group of a radio button (HTML
    §4.10.5.1.17): the radio buttons of its tree with the same form owner
    and the same non-empty name; one without a name is alone in its group."""
    name = radio.attrs.get("name", "")
    return (tree_root(radio, cache), form_owner(radio, cache), name) if name else radio


def radio_groups(el: Element, cache: Cache) -> tuple[set[Element], set[object], set[object]]:
    """For the tree of ``el``: the radio buttons that are checked, the radio
    button groups that have one, and the groups with a required member.  In
    each group the checked one is the last in tree order with a checked
    attribute, since checking one unchecks the others (HTML §4.10.5.1.17)."""
    root = tree_root(el, cache)
    memo = table(cache, "forms.radios")
    state = memo.get(root)
    if state is None:
        last: dict[object, Element] = {}
        required: set[object] = set()
        for e in all_elements(root, cache):
            if is_html(e, "input") and input_type_state(e) == "radio":
                if "checked" in e.attrs:
                    last[radio_group(e, cache)] = e
                if "required" in e.attrs:
                    required.add(radio_group(e, cache))
        state = memo[root] = (set(last.values()), set(last), required)
    return state


def checkedness(el: Element, cache: Cache) -> bool:
    """The checkedness of an input as parsed: a checkbox's is whether it has
    a checked attribute; a radio button's too, unless a later radio button
    of its group has one (HTML §4.10.5.1.17: "When any of the following
    phenomena occur, if the element's checkedness state is true after the
    occurrence, the checkedness state of all the other elements in the same
    radio button group must be set to false").  Other inputs (and other
    elements): False."""
    if not is_html(el, "input") or "checked" not in el.attrs:
        return False
    kind = input_type_state(el)
    if kind == "checkbox":
        return True
    if kind == "radio":
        return el in radio_groups(el, cache)[0]
    return False


# Select elements -----------------------------------------------------------------


def option_owner(option: Element, cache: Cache) -> Element | None:
    """The select whose list of options holds ``option``: the nearest select
    ancestor, unless a datalist comes first."""
    def step(node: Element) -> object:
        if is_html(node, "select"):
            return node
        if is_html(node, "datalist"):
            return None
        return INHERIT
    parent = option.parent
    if not isinstance(parent, Element):
        return None
    return inherited(cache, "forms.select", parent, step, None)  # type: ignore[return-value]


def list_of_options(select: Element, cache: Cache) -> list[Element]:
    """A select's list of options (HTML §4.10.7): the options whose
    :func:`option_owner` is ``select``, in tree order -- its descendants,
    without entering a nested select or a datalist (whose options are
    theirs).  Each element is visited by the walk of its nearest select
    ancestor only, so listing every select's options takes linear time."""
    memo = table(cache, "forms.options")
    found = memo.get(select)
    if found is not None:
        return found  # type: ignore[no-any-return]
    options = []
    stack = [iter(select.children)]
    push = stack.append
    pop = stack.pop
    while stack:
        for child in stack[-1]:
            if isinstance(child, Element):
                if child.namespace == HTML_NAMESPACE:
                    name = child.local_name
                    if name == "option":
                        options.append(child)
                    elif name == "select" or name == "datalist":
                        continue
                if child.children:
                    push(iter(child.children))
                    break
        else:
            pop()
    memo[select] = options
    return options


def display_size_is_one(select: Element) -> bool:
    """Whether a select without ``multiple`` has a display size of 1 (HTML
    §4.10.7: its size attribute by the rules for parsing non-negative
    integers, else 1).  As the parser decides it (``html/parser/select.py``;
    size=0 is 0, not 1: see docs/browser-differences.md), from the digits,
    never converted."""
    size = select.attrs.get("size")
    one = non_negative_integer_is_one(size) if size is not None else None
    return True if one is None else one  # (no attribute, or an error: 1)


def selected_options(select: Element, cache: Cache) -> list[Element]:
    """The options of ``select`` whose selectedness is true once parsing is
    done, in tree order: those with a selected attribute -- only the last of
    them unless ``multiple`` -- or, when none is and the display size is 1,
    the first option that is not disabled (HTML §4.10.7 "selectedness
    setting algorithm")."""
    memo = table(cache, "forms.selected")
    found = memo.get(select)
    if found is not None:
        return found  # type: ignore[no-any-return]
    options = list_of_options(select, cache)
    chosen = [o for o in options if "selected" in o.attrs]
    if "multiple" not in select.attrs:
        if len(chosen) > 1:
            chosen = chosen[-1:]
        elif not chosen and display_size_is_one(select):
            for option in options:
                if not option_disabled(option, cache):
                    chosen = [option]
                    break
    memo[select] = chosen
    memo[("set", select)] = set(chosen)
    return chosen


def selectedness(option: Element, cache: Cache) -> bool:
    """An option's selectedness once parsing is done: as its select's
    selectedness setting algorithm left it, or, for an option in no select,
    whether it has a selected attribute."""
    select = option_owner(option, cache)
    if select is None:
        return "selected" in option.attrs
    selected_options(select, cache)
    return option in table(cache, "forms.selected")[("set", select)]


# Buttons -------------------------------------------------------------------------


def is_submit_button(el: Element) -> bool:
    """Whether an HTML element is a submit button: an input in the Submit
    Button or Image Button state (HTML §4.10.5.1.18-19), or a button whose
    type attribute is in the Submit Button state, or in the Auto state
    (missing or invalid) without command and commandfor attributes and
    with a parent that is not a select (HTML §4.10.6)."""
    if el.namespace != HTML_NAMESPACE:
        return False
    name = el.local_name
    if name == "input":
        return input_type_state(el) in ("submit", "image")
    if name != "button":
        return False
    kind = ascii_lower(el.attrs.get("type", ""))
    if kind == "submit":
        return True
    if kind == "reset" or kind == "button":
        return False
    parent = el.parent
    return "command" not in el.attrs and "commandfor" not in el.attrs and \
        not (isinstance(parent, Element) and is_html(parent, "select"))


def is_default_button(el: Element, cache: Cache) -> bool:
    """Whether ``el`` is its form owner's default button (HTML "implicit
    submission": "A form element's default button is the first submit
    button in tree order whose form owner is that form element")."""
    if not is_submit_button(el):
        return False
    root = tree_root(el, cache)
    memo = table(cache, "forms.default-buttons")
    buttons = memo.get(root)
    if buttons is None:
        first: dict[Element, Element] = {}
        for e in all_elements(root, cache):
            if is_submit_button(e):
                form = form_owner(e, cache)
                if form is not None and form not in first:
                    first[form] = e
        buttons = memo[root] = set(first.values())
    return el in buttons
