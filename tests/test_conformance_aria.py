"""The ARIA rules of markup5.conformance (``_aria.AriaRules``): each
expectation comes from a row of "ARIA in HTML" §4 (document conformance
requirements for use of ARIA attributes in HTML) or a definition in
WAI-ARIA 1.2, cited at the test."""

from __future__ import annotations

import pytest

from markup5.conformance import check

_CODES = frozenset({
    "bad-role", "superfluous-role", "role-not-allowed", "unnecessary-role",
    "aria-attribute-not-allowed", "bad-aria-value", "aria-reference-missing",
    "aria-required-context", "missing-required-aria-attribute", "unnecessary-aria-attribute",
    "aria-attribute-deprecated", "aria-attribute-discouraged", "figure-role-with-figcaption",
    "presentational-role-ignored", "multiple-main-roles",
})


def aria(body: str) -> list[tuple[str, str]]:
    """(code, severity) of the ARIA messages on a conforming page around ``body``."""
    page = f"<!DOCTYPE html><html lang=en><head><title>t</title></head><body>{body}</body></html>"
    return [(m.code, m.severity) for m in check(page) if m.code in _CODES]


def messages(body: str) -> list[str]:
    page = f"<!DOCTYPE html><html lang=en><head><title>t</title></head><body>{body}</body></html>"
    return [m.message for m in check(page) if m.code in _CODES]


# --- role values (WAI-ARIA 1.2 §7.1: the first defined non-abstract role token)

@pytest.mark.parametrize("body", [
    '<div role="button">x</div>',
    '<div role="doc-chapter">x</div>',           # DPUB-ARIA 1.1
    '<div role="graphics-document">x</div>',     # Graphics ARIA
    '<div role="  button  ">x</div>',
])
def test_defined_roles_are_accepted(body: str) -> None:
    assert aria(body) == []


@pytest.mark.parametrize("value", ["section", "widget input", "foo", "ex:somerole", "BUTTON"])
def test_no_defined_role_is_a_bad_value(value: str) -> None:
    # abstract roles (section, widget, input) and undefined ones; tokens are
    # compared case-sensitively, as vnu compares them
    assert messages(f'<div role="{value}">x</div>') == [
        f"Bad value “{value}” for attribute “role” on element “div”."]


def test_unrecognized_tokens_after_a_role_are_errors_superfluous_roles_info() -> None:
    assert messages('<div role="foo button bar link">x</div>') == [
        "Discarding unrecognized tokens “foo”, “bar” from value of attribute “role”. Browsers "
        "ignore any token that is not a defined ARIA non-abstract role.",
        "Discarding superfluous token “link” from value of attribute “role”. Browsers only "
        "process the first token found that is a defined ARIA non-abstract role.",
    ]
    assert aria('<div role="foo button bar link">x</div>') == [
        ("bad-role", "error"), ("superfluous-role", "info")]


def test_presentation_as_a_fallback_token_is_not_superfluous() -> None:
    assert aria('<div role="button presentation">x</div>') == []


# --- allowed roles per element (ARIA in HTML §4)

@pytest.mark.parametrize("body", [
    '<ul role="menu"><li role="menuitem">x</li></ul>',    # ul: menu allowed; li of a non-list
    '<nav role="tablist"><div role="tab">x</div></nav>',
    '<a href="#" role="button">x</a>',
    '<a role="heading" aria-level="2">x</a>',              # a without href: any role
    '<button role="switch" aria-checked="true">x</button>',
    '<input type="checkbox" role="switch">',
    '<input type="text" role="combobox" aria-expanded="false">',
    '<input type="checkbox" role="button" aria-pressed="true">',
    '<img src="a.png" alt="x" role="button">',
    '<section role="doc-chapter">x</section>',
    '<dl><div role="presentation"><dt>a</dt><dd>b</dd></div></dl>',
    '<select role="menu"><option>x</option></select>',
    '<table role="presentation"><tr role="button"><td role="link">x</td></tr></table>',
    '<figure role="img">no caption</figure>',
    '<figure role="doc-example"><figcaption>c</figcaption></figure>',
    '<span role="button">x</span>',
    '<x-widget role="slider" aria-valuenow="1">x</x-widget>',
    '<details><summary>s</summary><summary role="button">x</summary></details>',
])
def test_allowed_roles(body: str) -> None:
    assert [c for c in aria(body) if c[1] == "error"] == []


@pytest.mark.parametrize(("body", "element"), [
    ('<ul role="navigation"><li>x</li></ul>', "ul"),
    ('<button role="heading">x</button>', "button"),
    ('<article role="button">x</article>', "article"),
    ('<h1 role="banner">x</h1>', "h1"),
    ('<input type="text" role="button">', "input"),
    ('<input type="color" role="button">', "input"),       # no role
    ('<input type="email" role="combobox">', "input"),     # no list: textbox only
    ('<label role="button">x</label>', "label"),           # no role
    ('<main><header role="banner">x</header></main>', "header"),  # generic inside main
    ('<img src="a.png" alt="x" role="heading">', "img"),
    ('<nav role="button">x</nav>', "nav"),
])
def test_roles_not_allowed(body: str, element: str) -> None:
    assert aria(body) == [("role-not-allowed", "error")]
    assert messages(body)[0].endswith(f"for attribute “role” on element “{element}”.")


@pytest.mark.parametrize("body", [
    '<dl><div role="button"><dt>a</dt><dd>b</dd></div></dl>',           # div in dl
    '<ul><li role="button">x</li></ul>',                                  # li in a list
    '<table><tr><td role="button">x</td></tr></table>',                   # td in a table
    '<table role="grid"><tr role="button"><td>x</td></tr></table>',
    '<details><summary role="button">s</summary>x</details>',            # the details' summary
    '<select multiple role="menu"><option>x</option></select>',
    '<img src="a.png" alt="" role="presentation">',                       # as vnu and the suite
])
def test_context_dependent_roles_not_allowed(body: str) -> None:
    assert aria(body) == [("role-not-allowed", "error")]


def test_figure_with_a_figcaption_descendant_takes_no_role() -> None:
    # ARIA in HTML §4 (figure): with a figcaption descendant, doc-example only
    # (figure itself allowed, not recommended); reported once per figure
    body = '<figure role="group"><div><figcaption>c</figcaption></div><p>x</p></figure>'
    assert aria(body) == [("figure-role-with-figcaption", "error")]


@pytest.mark.parametrize(("body", "message"), [
    ('<header role="banner">x</header>', "The “banner” role is unnecessary for element “header”."),
    ('<nav role="navigation">x</nav>', "The “navigation” role is unnecessary for element “nav”."),
    ('<ul role="list"><li>x</li></ul>', "The “list” role is unnecessary for element “ul”."),
    ('<a href="#" role="link">x</a>',
     "The “link” role is unnecessary for element “a” with attribute “href”."),
    ('<input type="checkbox" role="checkbox">',
     "The “checkbox” role is unnecessary for element “input” whose type is “checkbox”."),
    ('<input type="text" role="textbox">',
     "The “textbox” role is unnecessary for an “input” element that has no “list” attribute "
     "and whose type is “text”."),
    ('<table><tr><td role="cell">x</td></tr></table>',
     "The “cell” role is unnecessary for element “td”."),
    ('<table role="grid"><tr><td role="gridcell">x</td></tr></table>',
     "The “gridcell” role is unnecessary for element “td”."),
    ('<section aria-label="s" role="region">x</section>',
     "The “region” role is unnecessary for element “section”."),
])
def test_implicit_roles_are_unnecessary(body: str, message: str) -> None:
    assert aria(body) == [("unnecessary-role", "warning")]
    assert messages(body) == [message]


# --- required context roles (WAI-ARIA 1.2 §5.2.7)

@pytest.mark.parametrize("body", [
    '<div role="menuitem">x</div>',
    '<div role="tab">x</div>',
    '<div role="option">x</div>',
    '<div role="row">x</div>',
    '<div role="listitem">x</div>',
    # a group counts only inside the role it groups ("group with
    # accessibility parent menu")
    '<div role="group"><div role="menuitem">x</div></div>',
    '<div role="tree"><div role="listbox"></div></div><div role="group">'
    '<div role="treeitem">x</div></div>',
])
def test_missing_required_context(body: str) -> None:
    assert aria(body) == [("aria-required-context", "error")]


@pytest.mark.parametrize("body", [
    '<div role="menu"><div><div role="menuitem">x</div></div></div>',   # any ancestor
    '<div role="menu"><div role="group"><div role="menuitem">x</div></div></div>',
    '<div role="tree"><ul role="group"><li role="treeitem">x</li></ul></div>',
    '<ul><li><div role="listitem">x</div></li></ul>',                   # implicit list
    '<table><tbody><tr><td><span role="row">x</span></td></tr></tbody></table>',
    '<div role="tablist" aria-owns="t"></div><div role="tab" id="t">x</div>',  # owned
])
def test_required_context_found(body: str) -> None:
    assert aria(body) == []


def test_required_context_message_lists_the_roles() -> None:
    assert messages('<div role="tab">x</div>') == [
        "An element with “role=tab” must be contained in, or owned by, an element with the "
        "“role” value “tablist”."]


# --- required states (WAI-ARIA 1.2 §5.2.5)

@pytest.mark.parametrize(("role", "state"), [
    ("checkbox", "aria-checked"), ("heading", "aria-level"), ("slider", "aria-valuenow"),
    ("combobox", "aria-expanded"), ("switch", "aria-checked"),
])
def test_required_states(role: str, state: str) -> None:
    assert messages(f'<div role="{role}">x</div>') == [
        f"Element “div” is missing required attribute “{state}”."]
    assert aria(f'<div role="{role}" {state}="1">x</div>') in (
        [], [("bad-aria-value", "error")])


def test_native_elements_supply_their_own_states() -> None:
    assert aria('<input type="range" role="slider">') == [("unnecessary-role", "warning")]
    assert aria('<h2 role="heading">x</h2>') == [("unnecessary-role", "warning")]


def test_an_input_with_another_role_needs_its_states() -> None:
    # a text input as a combobox supplies no expanded state (one with a list does)
    assert aria('<input type="text" role="combobox">') == [
        ("missing-required-aria-attribute", "error")]
    assert aria('<input type="checkbox" role="switch">') == []   # checkedness


def test_checkbox_input_as_button_needs_aria_pressed() -> None:
    assert aria('<input type="checkbox" role="button">') == [
        ("missing-required-aria-attribute", "error")]


# --- aria-* values (WAI-ARIA 1.2 §6.6, value types §6.3)

@pytest.mark.parametrize("attribute", [
    'aria-hidden="yes"', 'aria-busy=""', 'aria-live="loud"', 'aria-current="bogus"',
    'aria-haspopup="maybe"', 'aria-invalid="bogus"', 'aria-relevant="additions bogus"',
    'aria-posinset="0"', 'aria-posinset="two"', 'aria-valuenow="NaN"', 'aria-setsize="-2"',
    'aria-describedby=" "', 'aria-activedescendant="a b"', 'aria-pressed="TRUE"',
])
def test_bad_values(attribute: str) -> None:
    assert ("bad-aria-value", "error") in aria(f'<div role="option" {attribute}>x</div>'
                                               .replace('role="option"', 'role="group"'))


@pytest.mark.parametrize(("role", "attribute"), [
    ("group", 'aria-hidden="true"'), ("group", 'aria-hidden="undefined"'),
    ("group", 'aria-busy="false"'), ("group", 'aria-live="polite"'),
    ("group", 'aria-current="page"'), ("group", 'aria-haspopup="dialog"'),
    ("group", 'aria-invalid="spelling"'), ("group", 'aria-relevant="additions text"'),
    ("group", 'aria-label=""'), ("group", 'aria-keyshortcuts="Alt+X"'),
    ("group", 'aria-dropeffect="copy move"'),
    ("listitem", 'aria-posinset="1"'), ("listitem", 'aria-setsize="-1"'),
    ("separator", 'aria-valuenow="-1.5e3"'), ("cell", 'aria-rowspan="0"'),
    ("button", 'aria-pressed="mixed"'),
])
def test_good_values(role: str, attribute: str) -> None:
    body = f'<div role="{role}" {attribute}>x</div>'
    for context in {"listitem": ["list"], "cell": ["row", "table"]}.get(role, []):
        body = f'<div role="{context}">{body}</div>'
    assert aria(body) == []


# --- states and properties of the role (WAI-ARIA 1.2 §5.2.4 supported states)

@pytest.mark.parametrize("body", [
    '<div role="button" aria-checked="true">x</div>',    # button: expanded, pressed
    '<div role="link" aria-level="2">x</div>',
    '<div aria-level="2">x</div>',                        # generic supports none
    '<span aria-valuenow="3">x</span>',
    '<div role="heading" aria-level="2" aria-multiline="true">x</div>',
    '<p aria-selected="true">x</p>',
])
def test_attributes_the_role_does_not_support(body: str) -> None:
    assert aria(body) == [("aria-attribute-not-allowed", "error")]


@pytest.mark.parametrize("body", [
    '<div role="button" aria-pressed="true" aria-expanded="false">x</div>',
    '<div role="switch" aria-checked="true" aria-readonly="true">x</div>',
    '<div role="menu"><div role="menuitemcheckbox" aria-checked="true" aria-posinset="1">'
    'x</div></div>',
    '<table aria-rowcount="10"><tr><td>x</td></tr></table>',   # implicit table role
    '<div role="dialog" aria-modal="true">x</div>',
    '<div role="separator" aria-valuenow="5" tabindex="0">x</div>',
])
def test_attributes_the_role_supports(body: str) -> None:
    assert aria(body) == []


def test_aria_expanded_where_deprecated_is_a_warning() -> None:
    # WAI-ARIA 1.2 deprecates aria-expanded on the roles that do not support it
    assert aria('<div aria-expanded="false">x</div>') == [
        ("aria-attribute-deprecated", "warning")]


# --- ID references (resolved after the walk)

def test_references_resolve_anywhere_in_the_document() -> None:
    assert aria('<div role="group" aria-labelledby="later a">x</div>'
                '<p id="later">l</p><p id="a">a</p>') == []


def test_dangling_references() -> None:
    # vnu makes only aria-activedescendant an error; the others are warnings
    assert aria('<div role="group" aria-describedby="nope">x</div>') == [
        ("aria-reference-missing", "warning")]
    assert aria('<div role="listbox" aria-activedescendant="nope">x</div>') == [
        ("aria-reference-missing", "error")]
    assert messages('<div role="group" aria-controls="a b">x</div><i id="a">a</i>') == [
        "The “aria-controls” attribute references “b”, which is not the ID of any element in "
        "this document."]


# --- attributes prohibited on an element or role

@pytest.mark.parametrize("body", [
    '<div aria-label="x">x</div>',                   # generic: naming prohibited
    '<span aria-labelledby="i" id="i">x</span>',
    '<p aria-label="x">x</p>',
    '<a aria-label="x">x</a>',                        # a without href is generic
    '<div role="presentation" aria-label="x">x</div>',
    '<code role="generic" aria-label="x">x</code>',
])
def test_naming_prohibited(body: str) -> None:
    assert ("aria-attribute-not-allowed", "error") in aria(body)


@pytest.mark.parametrize("body", [
    '<div role="button" aria-label="x">x</div>',
    '<a href="#" aria-label="x">x</a>',
    '<nav aria-label="x">x</nav>',
    '<img src="a.png" alt="a" aria-label="x">',
])
def test_naming_allowed(body: str) -> None:
    assert aria(body) == []


def test_aria_hidden_true_on_body() -> None:
    page = ('<!DOCTYPE html><html lang=en><head><title>t</title></head>'
            '<body aria-hidden="true">x</body></html>')
    assert [m.message for m in check(page) if m.code == "aria-attribute-not-allowed"] == [
        "“aria-hidden=true” must not be used on the “body” element."]


@pytest.mark.parametrize("kind", ["checkbox", "radio"])
def test_aria_checked_on_checkable_inputs(kind: str) -> None:
    assert messages(f'<input type="{kind}" aria-checked="true">') == [
        f"The “aria-checked” attribute must not be used on an “input” element which has a "
        f"“type” attribute whose value is “{kind}”."]


@pytest.mark.parametrize(("body", "expected"), [
    # ARIA in HTML §4.1: SHOULD NOT both when they agree, MUST NOT when they can disagree
    ('<input disabled aria-disabled="false">', ("aria-attribute-not-allowed", "error")),
    ('<input required aria-required="false">', ("aria-attribute-not-allowed", "error")),
    ('<input readonly aria-readonly="false">', ("aria-attribute-not-allowed", "error")),
    ('<input type="range" max="5" aria-valuemax="5">', ("aria-attribute-not-allowed", "error")),
    ('<meter value="1" min="0" aria-valuemin="0">1</meter>',
     ("aria-attribute-not-allowed", "error")),
    ('<input type="range" aria-valuemax="5">', ("aria-attribute-discouraged", "warning")),
    ('<progress aria-valuemax="3"></progress>', ("aria-attribute-discouraged", "warning")),
    ('<table><tr><td colspan="2" aria-colspan="3">x</td></tr></table>',
     ("aria-attribute-not-allowed", "error")),
    ('<table><tr><td colspan="2" aria-colspan="2">x</td></tr></table>',
     ("unnecessary-aria-attribute", "warning")),
    ('<div hidden aria-hidden="true">x</div>', ("unnecessary-aria-attribute", "warning")),
    ('<select multiple aria-multiselectable="true"><option>x</option></select>',
     ("aria-attribute-discouraged", "warning")),
    ('<select><option aria-selected="true">x</option></select>',
     ("aria-attribute-discouraged", "warning")),
    ('<a href="#" aria-disabled="true">x</a>', ("aria-attribute-discouraged", "warning")),
    ('<input list="l" aria-haspopup="listbox"><datalist id="l"></datalist>',
     ("aria-attribute-discouraged", "warning")),
])
def test_html_equivalents(body: str, expected: tuple[str, str]) -> None:
    assert aria(body) == [expected]


def test_native_equivalents() -> None:
    assert aria('<input required aria-required="true">') == [
        ("unnecessary-aria-attribute", "warning")]
    assert aria('<input disabled aria-disabled="true">') == [
        ("unnecessary-aria-attribute", "warning")]
    assert aria('<input placeholder="a" aria-placeholder="b">') == [
        ("aria-attribute-not-allowed", "error")]


# --- presentational roles (WAI-ARIA 1.2 §7.3 conflict resolution), main

@pytest.mark.parametrize(("body", "expected"), [
    ('<ul role="none" aria-describedby="d"><li>x</li></ul><p id="d">d</p>',
     [("presentational-role-ignored", "warning")]),
    ('<div role="presentation" tabindex="0">x</div>',
     [("presentational-role-ignored", "warning")]),
    ('<div role="presentation" aria-disabled="true">x</div>',
     [("aria-attribute-discouraged", "warning"), ("presentational-role-ignored", "warning")]),
    ('<div role="presentation" aria-hidden="true">x</div>', []),
    ('<div role="presentation">x</div>', []),
])
def test_presentational_roles(body: str, expected: list[tuple[str, str]]) -> None:
    assert aria(body) == expected


def test_one_visible_main_role() -> None:
    assert aria('<div role="main">a</div><div role="main" hidden>b</div>') == []
    assert aria('<div role="main">a</div><div role="main">b</div>') == [
        ("multiple-main-roles", "warning")]


# --- scaling: one context per element, references resolved once

def test_deep_and_wide_documents_are_checked_without_recursion() -> None:
    deep = '<div role="region">' * 5000 + '<span role="menuitem">x</span>' + "</div>" * 5000
    assert ("aria-required-context", "error") in aria(deep)
    wide = "".join(f'<i id="i{n}">x</i><b role="group" aria-describedby="i{n}">y</b>'
                   for n in range(2000))
    assert aria(wide) == []
