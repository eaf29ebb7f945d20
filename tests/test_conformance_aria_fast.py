"""The ARIA family's short cuts (``_aria.AriaRules.element``): an element
with no attribute in ``_WATCHED`` and outside ``_CONTEXT_ELEMENTS`` is
passed over, and contexts are looked up from the nearest ancestor that has
one.  These tests hold the short cuts to what the full rules would say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import markup5
from markup5.conformance import _aria, check
from markup5.dom import Element


def _aria_codes(html: str) -> list[tuple[str, str]]:
    aria_codes = {"bad-role", "superfluous-role", "role-not-allowed", "unnecessary-role",
                  "figure-role-with-figcaption", "aria-required-context",
                  "missing-required-aria-attribute", "bad-aria-value",
                  "aria-attribute-not-allowed", "aria-attribute-deprecated",
                  "aria-attribute-discouraged", "unnecessary-aria-attribute",
                  "aria-reference-missing", "presentational-role-ignored",
                  "multiple-main-roles"}
    return [(m.code, m.message) for m in check(html) if m.code in aria_codes]


def test_every_aria_name_the_module_spells_is_watched() -> None:
    # A rule reading an aria-* name outside _WATCHED would not run on an
    # element that has only that name (and no role, outside the context
    # elements): every "aria-..." literal in the module must be watched.
    source = Path(_aria.__file__).read_text(encoding="utf-8")
    spelled = set(re.findall(r"[\"“](aria-[a-z]+)[\"”]", source))
    assert spelled, "the scan found no names"
    assert spelled - _aria._WATCHED == set()
    assert "role" in _aria._WATCHED


@pytest.mark.parametrize("element", ["div", "span", "a href=x", "input", "select", "li",
                                     "td", "button", "img src=x alt=''"])
def test_unknown_aria_names_add_no_aria_message(element: str) -> None:
    # An unknown aria-* name is the attribute rules' (attribute-not-allowed);
    # with or without it the ARIA messages are the same.
    name = element.split()[0]
    closing = "" if name in ("input", "img") else f"</{name}>"
    for extra in ("", " role=button", " aria-label=x", " aria-hidden=true role=none"):
        plain = f"<!DOCTYPE html><title>t</title><{element}{extra}>{closing}"
        marked = f"<!DOCTYPE html><title>t</title><{element}{extra} aria-bogus=1>{closing}"
        assert _aria_codes(marked) == _aria_codes(plain)


def test_context_passes_through_elements_without_rules() -> None:
    # The list's context reaches the listitem through plain elements (and a
    # foreign one); without the list it is missing.
    inside = ("<!DOCTYPE html><title>t</title><ul><div><span><svg><g><foreignObject>"
              "<div role=listitem>x</div></foreignObject></g></svg></span></div></ul>")
    outside = ("<!DOCTYPE html><title>t</title><div><span>"
               "<div role=listitem>x</div></span></div><ul></ul>")
    assert not any(code == "aria-required-context" for code, _ in _aria_codes(inside))
    assert any(code == "aria-required-context" for code, _ in _aria_codes(outside))


def test_context_after_a_closed_subtree_is_the_parents() -> None:
    # A role=list subtree ends; its later sibling's listitem is outside it.
    html = ("<!DOCTYPE html><title>t</title><div><div role=list><div>"
            "<div role=listitem>in</div></div></div><div><div role=listitem>out</div></div>"
            "</div>")
    missing = [m for m in check(html) if m.code == "aria-required-context"]
    assert len(missing) == 1 and missing[0].col > html.index("out") - 20


def test_template_contents_start_without_context() -> None:
    html = ("<!DOCTYPE html><title>t</title><ul><template><div role=listitem>x</div>"
            "</template></ul>")
    assert any(code == "aria-required-context" for code, _ in _aria_codes(html))


def test_deep_trees_are_looked_up_once_per_element() -> None:
    # Many roles under one deep chain of plain elements: each element on the
    # chain is passed once (remembered), so the lookups stay linear.
    depth = 3000
    html = ("<!DOCTYPE html><title>t</title><ul>" + "<div>" * depth
            + "<span role=listitem>x</span>" * depth + "</div>" * depth + "</ul>")
    rules = _aria.AriaRules(lambda *args: None, lambda *args: None)
    lookups = 0

    class Counting(dict):  # type: ignore[type-arg]
        def get(self, key, default=None):  # type: ignore[no-untyped-def]
            nonlocal lookups
            lookups += 1
            return super().get(key, default)

    rules._contexts = Counting()
    document = markup5.parse(html)
    root = document.document_element
    assert root is not None
    stack = [root]
    while stack:
        node = stack.pop()
        rules.element(node)
        stack.extend(reversed([c for c in node.children if isinstance(c, Element)]))
    rules.finish()
    assert lookups <= 3 * depth
