"""markup5.sanitize.Policy: validation, immutability, the JSON form."""

from __future__ import annotations

import dataclasses
import json

import pytest

from markup5.sanitize import (DEFAULT_POLICY, NEVER_ALLOWED_ELEMENTS, TEXT_FORMATTING_POLICY,
                              Policy)


@pytest.mark.parametrize("element", sorted(NEVER_ALLOWED_ELEMENTS))
def test_never_allowed_elements(element):
    with pytest.raises(ValueError, match="never"):
        Policy(elements={"p", element})


@pytest.mark.parametrize("attribute", ["onclick", "ONLOAD", "onfoo", "srcdoc", "formaction",
                                       "is", "http-equiv", "xmlns"])
def test_never_allowed_attributes(attribute):
    with pytest.raises(ValueError, match="never"):
        Policy(elements={"p"}, attributes={"p": {attribute}})
    with pytest.raises(ValueError, match="never"):
        Policy(elements={"p"}, attributes={"*": [attribute]})


@pytest.mark.parametrize("scheme", ["javascript", "JavaScript", "vbscript"])
def test_script_schemes_refused(scheme):
    with pytest.raises(ValueError, match="url_schemes"):
        Policy(url_schemes={"https", scheme})


@pytest.mark.parametrize("changes, error, words", [
    ({"elements": "p"}, TypeError, "elements"),
    ({"elements": {"p", 3}}, TypeError, "elements"),
    ({"elements": {"p q"}}, ValueError, "elements"),
    ({"attributes": ["a"]}, TypeError, "attributes"),
    ({"attributes": {"a": "href"}}, TypeError, "attributes"),
    ({"attributes": {"a b": {"href"}}}, ValueError, "attributes"),
    ({"attributes": {"a": {"hr ef"}}}, ValueError, "attribute name"),
    ({"url_schemes": {"ht tp"}}, ValueError, "url_schemes"),
    ({"allow_relative_urls": 1}, TypeError, "allow_relative_urls"),
    ({"comments": "yes"}, TypeError, "comments"),
    ({"link_rel": "nofollow"}, TypeError, "link_rel"),
    ({"link_rel": ("no follow",)}, ValueError, "link_rel"),
    ({"disallowed": "strip"}, ValueError, "disallowed"),
    ({"clobber_prefix": ""}, ValueError, "clobber_prefix"),
    ({"clobber_prefix": 3}, TypeError, "clobber_prefix"),
    ({"styles": {"col or"}}, ValueError, "styles"),
    ({"svg": None}, TypeError, "svg"),
])
def test_bad_fields_name_the_field(changes, error, words):
    with pytest.raises(error, match=words):
        DEFAULT_POLICY.replace(**changes)


def test_unknown_field():
    with pytest.raises(TypeError, match="tags"):
        DEFAULT_POLICY.replace(tags={"p"})
    with pytest.raises(ValueError, match="tags"):
        Policy.from_dict({"tags": ["p"]})


def test_immutable_and_normalized():
    policy = Policy(elements=["P", "b"], attributes={"A": ["HREF"]}, url_schemes=["HTTPS"])
    assert policy.elements == frozenset({"p", "b"})
    assert policy.attributes == {"a": frozenset({"href"})}
    assert policy.url_schemes == frozenset({"https"})
    with pytest.raises(dataclasses.FrozenInstanceError):
        policy.elements = frozenset()  # type: ignore[misc]
    with pytest.raises(TypeError):
        policy.attributes["a"] = frozenset()  # type: ignore[index]


def test_equality_and_hash():
    again = Policy.from_json(DEFAULT_POLICY.to_json())
    assert again == DEFAULT_POLICY and hash(again) == hash(DEFAULT_POLICY)
    assert DEFAULT_POLICY != TEXT_FORMATTING_POLICY
    assert len({DEFAULT_POLICY, again, TEXT_FORMATTING_POLICY}) == 2


@pytest.mark.parametrize("policy", [DEFAULT_POLICY, TEXT_FORMATTING_POLICY,
                                    DEFAULT_POLICY.replace(svg=True, styles={"color"},
                                                           disallowed="escape")])
def test_json_round_trip(policy):
    text = policy.to_json()
    data = json.loads(text)
    assert isinstance(data["elements"], list) and data["elements"] == sorted(data["elements"])
    assert Policy.from_json(text) == policy
    assert Policy.from_dict(policy.to_dict()) == policy


def test_from_dict_with_a_base():
    policy = Policy.from_dict({"comments": True}, base=DEFAULT_POLICY)
    assert policy.comments and policy.elements == DEFAULT_POLICY.elements
    bare = Policy.from_dict({"elements": ["b"]})
    assert bare.elements == {"b"} and bare.attributes == {}


def test_from_json_errors():
    with pytest.raises(ValueError, match="JSON"):
        Policy.from_json("{elements: [}")
    with pytest.raises(TypeError, match="mapping"):
        Policy.from_json("[1, 2]")


def test_implied_elements_added():
    assert {"tbody", "tr"} <= Policy(elements={"table", "td"}).elements
    assert "colgroup" in Policy(elements={"table", "col"}).elements


def test_default_policy_is_safe_for_user_content():
    # Nothing that runs script, loads a frame, changes the base URL,
    # submits a form or refreshes the page.
    for element in ("form", "input", "button", "select", "textarea", "iframe", "base", "meta",
                    "link", "object", "embed", "style", "script", "svg", "math", "audio",
                    "video", "source", "area", "map"):
        assert element not in DEFAULT_POLICY.elements
    assert DEFAULT_POLICY.url_schemes == {"http", "https", "mailto"}
    assert not DEFAULT_POLICY.comments and not DEFAULT_POLICY.svg and not DEFAULT_POLICY.mathml
    assert DEFAULT_POLICY.clobber_prefix
    assert TEXT_FORMATTING_POLICY.elements < DEFAULT_POLICY.elements
