"""Boolean and enumerated attributes (HTML Standard §2.3.2-2.3.3)."""

from __future__ import annotations

import pytest

from markup5.microsyntax import (
    enumerated_attribute_state,
    is_boolean_attribute_value_valid,
    is_enumerated_attribute_value_valid,
)

# ---------------------------------------------------------------------------
# Boolean attributes


@pytest.mark.parametrize(
    ("value", "name", "valid"),
    [
        ("", "checked", True),
        ("checked", "checked", True),
        ("CHECKED", "checked", True),
        ("ChEcKeD", "checked", True),
        ("disabled", "disabled", True),
        ("true", "checked", False),
        ("false", "checked", False),
        (" checked", "checked", False),
        ("checked ", "checked", False),
        ("disabled", "checked", False),
        ("\u212aey", "key", False),  # KELVIN SIGN does not fold to "k"
    ],
)
def test_is_boolean_attribute_value_valid(value: str, name: str, valid: bool) -> None:
    assert is_boolean_attribute_value_valid(value, name) is valid


# ---------------------------------------------------------------------------
# Enumerated attributes

KEYWORDS = {"on": "On", "off": "Off", "": "On", "yes": "On"}


@pytest.mark.parametrize(
    ("value", "missing", "invalid", "expected"),
    [
        # Step 1: not specified.
        (None, "Missing", "Invalid", "Missing"),
        (None, None, "Invalid", None),
        # Step 2: keywords match ASCII case-insensitively; "" can be a keyword.
        ("on", None, None, "On"),
        ("OFF", None, None, "Off"),
        ("Yes", None, None, "On"),
        ("", "Missing", "Invalid", "On"),  # empty is not missing
        # Steps 3-4.
        ("maybe", "Missing", "Invalid", "Invalid"),
        ("maybe", "Missing", None, None),
        (" on", None, "Invalid", "Invalid"),
        ("\u212a", None, "Invalid", "Invalid"),
    ],
)
def test_enumerated_attribute_state(
    value: str | None, missing: str | None, invalid: str | None, expected: str | None
) -> None:
    state = enumerated_attribute_state(
        value, KEYWORDS, missing_default=missing, invalid_default=invalid
    )
    assert state == expected


def test_enumerated_attribute_state_with_uppercase_keyword() -> None:
    assert enumerated_attribute_state("text/html", {"TEXT/HTML": 1}) == 1


def test_enumerated_missing_default_does_not_apply_to_empty_value() -> None:
    keywords = {"auto": "Auto"}
    assert enumerated_attribute_state("", keywords, missing_default="Auto") is None


@pytest.mark.parametrize(
    ("value", "valid"), [("on", True), ("ON", True), ("", False), (" on", False), ("x", False)]
)
def test_is_enumerated_attribute_value_valid(value: str, valid: bool) -> None:
    assert is_enumerated_attribute_value_valid(value, ["on", "off"]) is valid


def test_attribute_argument_types() -> None:
    with pytest.raises(TypeError, match="'value'"):
        is_boolean_attribute_value_valid(None, "checked")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'name'"):
        is_boolean_attribute_value_valid("", b"checked")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'value'"):
        enumerated_attribute_state(b"on", KEYWORDS)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'keywords'"):
        enumerated_attribute_state("on", ["on"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'keywords'"):
        is_enumerated_attribute_value_valid("on", "on")
