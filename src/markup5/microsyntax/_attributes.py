"""Boolean and enumerated attributes (HTML Standard §2.3.2, §2.3.3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from ._common import ascii_lowercase, require_str, type_error

__all__ = [
    "enumerated_attribute_state",
    "is_boolean_attribute_value_valid",
    "is_enumerated_attribute_value_valid",
]

S = TypeVar("S")


def is_boolean_attribute_value_valid(value: str, name: str) -> bool:
    """Whether *value* is a conforming value for the boolean attribute *name*.

    §2.3.2: a present boolean attribute's value must be the empty string or an
    ASCII case-insensitive match for the attribute's canonical name, with no
    leading or trailing whitespace.  ("true" and "false" are not allowed; a
    false value is written by omitting the attribute, so there is no value to
    check: *value* must be a ``str``.)

    >>> is_boolean_attribute_value_valid("", "checked")
    True
    >>> is_boolean_attribute_value_valid("CHECKED", "checked")
    True
    >>> is_boolean_attribute_value_valid(" checked", "checked")
    False
    """
    require_str(value, "is_boolean_attribute_value_valid", "value")
    require_str(name, "is_boolean_attribute_value_valid", "name")
    if not value:
        return True
    # An ASCII case-insensitive match is a whole-string match, so leading or
    # trailing whitespace can only match a name that has it, which a canonical
    # attribute name never does.
    return ascii_lowercase(value) == ascii_lowercase(name)


def _check_keywords(keywords: object, func: str) -> Mapping[str, object]:
    if not isinstance(keywords, Mapping):
        type_error(func, "keywords", "a mapping of keyword to state", keywords)
    return keywords


def enumerated_attribute_state(
    value: str | None,
    keywords: Mapping[str, S],
    *,
    missing_default: S | None = None,
    invalid_default: S | None = None,
) -> S | None:
    """Determine the state of an enumerated attribute (§2.3.3).

    *value* is the attribute's value, or ``None`` if the attribute is not
    specified.  *keywords* maps each keyword (ASCII case-insensitively) to its
    state; several keywords may map to one state and the empty string may be a
    keyword.  *missing_default* and *invalid_default* are the missing value
    default and invalid value default states; ``None`` means the attribute
    defines no such default.  Returns the state, or ``None`` for "no state".

    >>> enumerated_attribute_state("ON", {"on": True, "off": False})
    True
    >>> enumerated_attribute_state(None, {"on": True}, missing_default="unset")
    'unset'
    >>> enumerated_attribute_state("", {"on": True}, missing_default="unset") is None
    True
    """
    if value is not None:
        require_str(value, "enumerated_attribute_state", "value")
    mapping = _check_keywords(keywords, "enumerated_attribute_state")
    # Step 1: the attribute is not specified.
    if value is None:
        # Steps 1.1-1.2: the missing value default, or no state.
        return missing_default
    # Step 2: an ASCII case-insensitive match for a keyword.
    if value in mapping:
        return mapping[value]  # type: ignore[return-value]
    folded = ascii_lowercase(value)
    for keyword, state in mapping.items():
        if isinstance(keyword, str) and ascii_lowercase(keyword) == folded:
            return state  # type: ignore[return-value]
    # Steps 3-4: the invalid value default, or no state.
    return invalid_default


def is_enumerated_attribute_value_valid(value: str, keywords: object) -> bool:
    """Whether *value* conforms for an enumerated attribute (§2.3.3).

    The value must be an ASCII case-insensitive match for one of the
    *conforming* keywords (an iterable of strings, e.g. the keys of the mapping
    given to :func:`enumerated_attribute_state` minus any non-conforming ones),
    with no leading or trailing whitespace.
    """
    require_str(value, "is_enumerated_attribute_value_valid", "value")
    if isinstance(keywords, str) or not hasattr(keywords, "__iter__"):
        type_error(
            "is_enumerated_attribute_value_valid",
            "keywords",
            "an iterable of str",
            keywords,
        )
    folded = ascii_lowercase(value)
    return any(
        isinstance(keyword, str) and ascii_lowercase(keyword) == folded
        for keyword in keywords
    )
