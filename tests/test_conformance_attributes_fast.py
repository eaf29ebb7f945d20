"""The attribute rules' short cuts (``_attributes.AttributeChecker.check``):
the per-element plans, the ID fast path, the URL value fast path, and the
skipped required-attribute rules of an ``a`` with ``href``.  Each is held
to the rule it stands for."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from markup5.conformance import _attributes as A
from markup5.conformance import check
from markup5.conformance._urls import plainly_valid_url, url_fault

_HEAD = "<!DOCTYPE html><html lang=en><head><title>t</title></head><body>"


def _found(body: str) -> list[tuple[str, str]]:
    return [(m.code, m.message) for m in check(_HEAD + body)]


def test_plans_follow_the_tables() -> None:
    assert set(A._PLANS) == set(A._ALLOWED)
    for name, (obsolete, own, any_attribute, rules, rule_names, flags) in A._PLANS.items():
        assert own is A._ALLOWED[name]
        assert any_attribute == (name in A.ANY_ATTRIBUTE_ELEMENTS)
        assert rules is A._VALUE_RULES[name] and rule_names == frozenset(rules)
        assert (obsolete is not None) == (name in A.OBSOLETE_ELEMENTS)
        assert bool(flags & A._META) == (name == "meta")
        assert bool(flags & A._BUT_CONFORMING) == (name in A._OBSOLETE_BUT_CONFORMING)
        assert bool(flags & A._NEEDS_REQUIRED) == (name in A._REQUIRED)


_URL_PIECES = st.sampled_from([
    "https://", "http:", "//", "/", "a", "example.com", "1", ".", ":", "8080", "?", "#", "%",
    "%20", "%g", " ", "\t", "", "mailto:", "data:", "xn--", "[", "é", "@", "file:", "-"])


@settings(max_examples=3000, deadline=None)
@given(st.lists(_URL_PIECES, max_size=8).map("".join))
def test_a_plainly_valid_url_is_a_valid_url(value: str) -> None:
    if value and plainly_valid_url(value) is not None:
        assert url_fault(value) == ""
        assert url_fault(value, non_empty=True) == ""


def test_empty_url_values_still_go_to_the_rule() -> None:
    # (the fast path matches "", which is not a valid non-empty URL)
    assert plainly_valid_url("") is not None
    assert ("bad-attribute-value", "Bad value “” for attribute “src” on element “img”: Bad "
            "URL: Must be non-empty.") in _found("<img src='' alt=x>")


@pytest.mark.parametrize("body, expected", [
    ("<p id=a></p><p id=a></p>", ["duplicate-id", "duplicate-id-first"]),
    ("<p id=''></p>", ["bad-attribute-value"]),
    ("<p id='a b'></p>", ["bad-attribute-value"]),
    ("<p id='a b'></p><p id='a b'></p>",
     ["bad-attribute-value", "bad-attribute-value", "duplicate-id", "duplicate-id-first"]),
    ("<p id=x></p><svg id=x></svg>", ["duplicate-id", "duplicate-id-first"]),
    ("<p id=x></p><p id=y></p>", []),
])
def test_ids(body: str, expected: list[str]) -> None:
    assert sorted(code for code, _ in _found(body)) == sorted(expected)


@pytest.mark.parametrize("body, expected", [
    ("<a href=x>a</a>", []),
    ("<a href=x name=''>a</a>", ["bad-attribute-value", "obsolete-but-conforming"]),
    ("<a href=x name=n>a</a>", ["obsolete-but-conforming"]),
    ("<a target=_blank>a</a>", ["missing-required-attribute"]),
    ("<a href=x target=_blank>a</a>", []),
])
def test_a_required_rules(body: str, expected: list[str]) -> None:
    assert sorted(code for code, _ in _found(body)) == sorted(expected)
