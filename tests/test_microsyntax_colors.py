"""Colors (HTML Standard §2.3.6): expected values derived by hand from the steps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from markup5.microsyntax import (
    NAMED_COLORS,
    Color,
    is_valid_lowercase_simple_color,
    is_valid_simple_color,
    parse_legacy_color,
    parse_simple_color,
    serialize_simple_color,
)
from markup5.microsyntax._colors import _legacy_color_components, _legacy_color_digits

# ---------------------------------------------------------------------------
# Simple colors


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("#000000", (0, 0, 0)),
        ("#ffffff", (255, 255, 255)),
        ("#FF8000", (255, 128, 0)),
        ("#ff8000", (255, 128, 0)),
        ("#0a0B0c", (10, 11, 12)),
    ],
)
def test_parse_simple_color(text: str, expected: tuple[int, int, int]) -> None:
    assert parse_simple_color(text) == Color(*expected)
    assert is_valid_simple_color(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "#f80",  # step 2: not seven characters
        "#ff80000",
        "ff8000",
        "ff80000",  # step 3: no "#"
        "#ff800g",  # step 4
        "#ff 800",
        " #ff8000",
        "#+f8000",
        "#_f8000",
        "#\u0661\u0662\u0663\u0664\u0665\u0666",  # not ASCII hex digits
        "#\uff11\uff11\uff11\uff11\uff11\uff11",
    ],
)
def test_parse_simple_color_errors(text: str) -> None:
    assert parse_simple_color(text) is None
    assert not is_valid_simple_color(text)


@pytest.mark.parametrize(
    ("text", "valid"),
    [("#ff8000", True), ("#0a0b0c", True), ("#FF8000", False), ("#ff800A", False),
     ("#ff800", False), ("ff8000", False)],
)
def test_is_valid_lowercase_simple_color(text: str, valid: bool) -> None:
    assert is_valid_lowercase_simple_color(text) is valid


@pytest.mark.parametrize(
    ("color", "expected"),
    [((0, 0, 0), "#000000"), ((255, 128, 0), "#ff8000"), ((10, 11, 12), "#0a0b0c")],
)
def test_serialize_simple_color(color: tuple[int, int, int], expected: str) -> None:
    assert serialize_simple_color(Color(*color)) == expected


@given(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))
def test_simple_color_round_trip(red: int, green: int, blue: int) -> None:
    color = Color(red, green, blue)
    text = serialize_simple_color(color)
    assert is_valid_lowercase_simple_color(text)
    assert parse_simple_color(text) == color
    assert parse_simple_color(text.upper()) == color


def test_serialize_simple_color_checks_its_argument() -> None:
    with pytest.raises(ValueError, match="red"):
        serialize_simple_color(Color(256, 0, 0))
    with pytest.raises(ValueError, match="blue"):
        serialize_simple_color(Color(0, 0, -1))
    with pytest.raises(TypeError, match="green"):
        serialize_simple_color(Color(0, 1.5, 0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="color"):
        serialize_simple_color("#000000")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Legacy colors


def test_legacy_empty_string_is_an_error() -> None:
    assert parse_legacy_color("") is None  # step 2


@pytest.mark.parametrize("text", ["transparent", "TRANSPARENT", " Transparent\t"])
def test_legacy_transparent_is_an_error(text: str) -> None:
    assert parse_legacy_color(text) is None  # steps 3-4


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("red", (255, 0, 0)),
        ("  Red\n", (255, 0, 0)),  # step 3 strips, step 5 is case-insensitive
        ("ReBeCcAPurple", (0x66, 0x33, 0x99)),
        ("grey", (128, 128, 128)),
        ("gray", (128, 128, 128)),
        ("lightgoldenrodyellow", (0xFA, 0xFA, 0xD2)),
        ("black", (0, 0, 0)),
        ("white", (255, 255, 255)),
        ("cyan", (0, 255, 255)),
        ("aqua", (0, 255, 255)),
    ],
)
def test_legacy_named_colors(text: str, expected: tuple[int, int, int]) -> None:
    assert parse_legacy_color(text) == Color(*expected)


def test_named_color_table() -> None:
    # CSS Color 4 has 148 named colors, all lowercase ASCII; "transparent" is
    # not among them (the legacy rules reject it in step 4).
    assert len(NAMED_COLORS) == 148
    assert "transparent" not in NAMED_COLORS
    assert all(name.isascii() and name.isalpha() and name.islower() for name in NAMED_COLORS)
    assert NAMED_COLORS["rebeccapurple"] == Color(102, 51, 153)
    assert NAMED_COLORS["darkslategray"] == NAMED_COLORS["darkslategrey"] == Color(47, 79, 79)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("#abc", (0xAA, 0xBB, 0xCC)),  # step 6: each digit times 17
        ("#ABC", (0xAA, 0xBB, 0xCC)),
        ("#000", (0, 0, 0)),
        ("#fff", (255, 255, 255)),
        (" #abc ", (0xAA, 0xBB, 0xCC)),  # stripped first
    ],
)
def test_legacy_three_digit_colors(text: str, expected: tuple[int, int, int]) -> None:
    assert parse_legacy_color(text) == Color(*expected)


@pytest.mark.parametrize(
    ("text", "digits", "components", "expected"),
    [
        # c,h,u,c,k,n,o,r,r,i,s: only the two "c" are hex digits (step 10),
        # then one "0" pads eleven to twelve (step 11); components of four,
        # no common leading zero (step 14), first two of each (step 15).
        ("chucknorris", "c00c00000000", ["c0", "00", "00"], (0xC0, 0x00, 0x00)),
        # The space is not a hex digit either.
        ("ninja turtle", "0000a000000e", ["00", "a0", "00"], (0x00, 0xA0, 0x00)),
        ("crap", "c0a000", ["c0", "a0", "00"], (0xC0, 0xA0, 0x00)),
        # Step 9 removes "#"; sixteen digits padded to eighteen; components
        # "123456", "7890ab", "cdef00".
        ("#1234567890abcdef", "1234567890abcdef00", ["12", "78", "cd"], (0x12, 0x78, 0xCD)),
        # Step 14 removes common leading zeros: "0011" "0022" "0033".
        ("001100220033", "001100220033", ["11", "22", "33"], (0x11, 0x22, 0x33)),
        # Twice, then stops at a nonzero first digit: "0f0f" x 3 -> "f0f" -> "f0".
        ("#0f0f0f0f0f0f", "0f0f0f0f0f0f", ["f0", "f0", "f0"], (0xF0, 0xF0, 0xF0)),
        # Step 13: components of ten keep their last eight characters.
        (
            "abcdef0123" "0011223344" "5566778899",
            "abcdef012300112233445566778899",
            ["cd", "11", "66"],
            (0xCD, 0x11, 0x66),
        ),
        # Short inputs: "#abcd" (not #rgb) and "#ab".
        ("#abcd", "abcd00", ["ab", "cd", "00"], (0xAB, 0xCD, 0x00)),
        ("#ab", "ab0", ["a", "b", "0"], (0x0A, 0x0B, 0x00)),
        # Only whitespace: stripped to "", padded to "000" (step 11): black.
        ("   ", "000", ["0", "0", "0"], (0, 0, 0)),
        ("#", "000", ["0", "0", "0"], (0, 0, 0)),
        # U+000B is not stripped (not ASCII whitespace): "\x0b#abc" -> "00abc"
        ("\x0b#abc", "00abc0", ["00", "ab", "c0"], (0x00, 0xAB, 0xC0)),
        # Step 7: a code point above U+FFFF becomes "00" before step 9.
        ("#\U0001F600ab", "00ab00", ["00", "ab", "00"], (0x00, 0xAB, 0x00)),
        # CSS system colors are not recognized: B u t t o n F a c e.
        ("ButtonFace", "B00000Face00", ["B0", "00", "ce"], (0xB0, 0x00, 0xCE)),
        # Not ASCII case-insensitively "black": KELVIN SIGN is not "k".
        ("blac\u212a", "b0ac00", ["b0", "ac", "00"], (0xB0, 0xAC, 0x00)),
    ],
)
def test_legacy_color_steps(
    text: str, digits: str, components: list[str], expected: tuple[int, int, int]
) -> None:
    stripped = text.strip("\t\n\f\r ")
    assert _legacy_color_digits(stripped) == digits
    assert _legacy_color_components(digits) == components
    assert parse_legacy_color(text) == Color(*expected)


def test_legacy_color_truncates_to_128_code_points() -> None:
    # Step 8: 128 "1"s survive and the "f"s are dropped; 128 is padded to 129
    # (step 11); components of 43 ones keep their last eight (step 13).
    assert _legacy_color_digits("1" * 128 + "ffffff") == "1" * 128 + "0"
    assert parse_legacy_color("1" * 128 + "ffffff") == Color(0x11, 0x11, 0x11)
    # Step 7 runs before step 8: 127 ones and an astral "00" make 129 code
    # points, truncated to 128.
    assert _legacy_color_digits("1" * 127 + "\U0001F600") == "1" * 127 + "00"


def test_legacy_color_handles_huge_input() -> None:
    assert parse_legacy_color("a" * 100_000) == Color(0xAA, 0xAA, 0xAA)


@given(st.text(alphabet=st.characters(codec=None, exclude_categories=()), min_size=1))
def test_legacy_color_only_fails_on_transparent(text: str) -> None:
    result = parse_legacy_color(text)
    stripped = text.strip("\t\n\f\r ")
    if stripped.isascii() and stripped.lower() == "transparent":
        assert result is None
    else:
        assert result is not None
        assert all(0 <= component <= 255 for component in result)
