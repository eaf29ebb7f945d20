"""Hash-name references (§2.3.9)."""

from __future__ import annotations

import pytest

import markup5
from markup5.microsyntax import is_valid_hash_name_reference, parse_hash_name_reference

DOC = markup5.parse(
    '<img usemap="#second"><map id="first"></map><map name="second" id="x"></map>'
    '<div id="second"></div><map name="second"></map><map id="dup"></map><map name="dup"></map>')
MAPS = DOC.get_elements_by_tag_name("map")


def test_step_1_no_hash_or_hash_last_is_null():
    assert parse_hash_name_reference("second", DOC, "map") is None
    assert parse_hash_name_reference("#", DOC, "map") is None
    assert parse_hash_name_reference("map#", DOC, "map") is None


def test_step_2_text_after_the_first_hash():
    # "x#second" -> s = "second"; "##second" -> s = "#second" (no match).
    assert parse_hash_name_reference("x#second", DOC, "map") is MAPS[1]
    assert parse_hash_name_reference("##second", DOC, "map") is None


def test_step_3_first_element_of_the_type_by_id_or_name_in_tree_order():
    assert parse_hash_name_reference("#second", DOC, "map") is MAPS[1]  # not the div
    assert parse_hash_name_reference("#first", DOC, "map") is MAPS[0]  # by id
    assert parse_hash_name_reference("#dup", DOC, "map") is MAPS[3]  # id before name
    assert parse_hash_name_reference("#second", DOC, "div") is DOC.get_element_by_id("second")
    assert parse_hash_name_reference("#nothing", DOC, "map") is None


def test_scope_is_any_node_of_the_tree():
    img = DOC.get_elements_by_tag_name("img")[0]
    assert parse_hash_name_reference(img.attrs["usemap"], img, "map") is MAPS[1]
    lone = markup5.parse_fragment('<map name="m"></map>')
    assert parse_hash_name_reference("#m", lone.children[0], "map") is lone.children[0]


def test_validity_counts_names_only():
    assert is_valid_hash_name_reference("#second", DOC, "map")
    assert not is_valid_hash_name_reference("#first", DOC, "map")  # id only: an error
    assert not is_valid_hash_name_reference("second", DOC, "map")


def test_bad_arguments():
    with pytest.raises(TypeError, match="value"):
        parse_hash_name_reference(None, DOC, "map")
    with pytest.raises(TypeError, match="scope"):
        parse_hash_name_reference("#m", "not a node", "map")
