"""Space- and comma-separated tokens (HTML Standard §2.3.7-2.3.8)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from markup5.microsyntax import is_unique_space_tokens, split_comma_tokens, split_space_tokens

# ---------------------------------------------------------------------------
# Space-separated tokens


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("   ", []),
        ("a", ["a"]),
        ("a b", ["a", "b"]),
        ("  a\tb\nc\fd\re  ", ["a", "b", "c", "d", "e"]),
        ("a \t\n\f\r b", ["a", "b"]),
        ("a\x0bb", ["a\x0bb"]),  # U+000B is not ASCII whitespace
        ("\u00a0a b\u2003", ["\u00a0a", "b\u2003"]),  # nor are NBSP and EM SPACE
        ("a,b c", ["a,b", "c"]),
    ],
)
def test_split_space_tokens(text: str, expected: list[str]) -> None:
    assert split_space_tokens(text) == expected


@given(st.lists(st.text(alphabet=st.characters(exclude_characters="\t\n\f\r "), min_size=1)),
       st.lists(st.text(alphabet="\t\n\f\r ", min_size=1), min_size=1))
def test_split_space_tokens_recovers_joined_tokens(
    tokens: list[str], separators: list[str]
) -> None:
    text = separators[0]
    for index, token in enumerate(tokens):
        text += token + separators[(index + 1) % len(separators)]
    assert split_space_tokens(text) == tokens


@pytest.mark.parametrize(
    ("text", "unique", "unique_ci"),
    [
        ("", True, True),
        ("a b c", True, True),
        ("a b a", False, False),
        ("a\tb\na", False, False),
        ("a A", True, False),
        ("k \u212a", True, True),  # KELVIN SIGN is not ASCII "K"
    ],
)
def test_is_unique_space_tokens(text: str, unique: bool, unique_ci: bool) -> None:
    assert is_unique_space_tokens(text) is unique
    assert is_unique_space_tokens(text, ascii_case_insensitive=True) is unique_ci


# ---------------------------------------------------------------------------
# Comma-separated tokens


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The standard's example: four tokens.
        (" a ,b,,d d ", ["a", "b", "", "d d"]),
        ("", []),
        ("a", ["a"]),
        ("a,b", ["a", "b"]),
        (",", [""]),
        (",a", ["", "a"]),
        ("a,", ["a"]),  # Infra: no token after the final comma
        (" , ", ["", ""]),
        ("\ta\n,\f b \r", ["a", "b"]),
        ("a\x0b, b\u00a0", ["a\x0b", "b\u00a0"]),  # only ASCII whitespace is stripped
    ],
)
def test_split_comma_tokens(text: str, expected: list[str]) -> None:
    assert split_comma_tokens(text) == expected
