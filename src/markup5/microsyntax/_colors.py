"""Colors: simple colors and legacy color values (HTML Standard §2.3.6)."""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from ._common import ascii_lowercase, require_str, strip_ascii_whitespace, type_error

__all__ = [
    "Color",
    "NAMED_COLORS",
    "is_valid_lowercase_simple_color",
    "is_valid_simple_color",
    "parse_legacy_color",
    "parse_simple_color",
    "serialize_simple_color",
]


class Color(NamedTuple):
    """A simple color: red, green and blue components, each 0-255, in sRGB."""

    red: int
    green: int
    blue: int


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _is_ascii_hex(text: str) -> bool:
    return all(char in _HEX_DIGITS for char in text)


# The named colors of CSS Color 4 (148 keywords; "transparent" is a separate
# keyword that the legacy algorithm rejects before looking names up).
# Values as 0xRRGGBB.
_NAMED_COLOR_VALUES = {
    "aliceblue": 0xF0F8FF,
    "antiquewhite": 0xFAEBD7,
    "aqua": 0x00FFFF,
    "aquamarine": 0x7FFFD4,
    "azure": 0xF0FFFF,
    "beige": 0xF5F5DC,
    "bisque": 0xFFE4C4,
    "black": 0x000000,
    "blanchedalmond": 0xFFEBCD,
    "blue": 0x0000FF,
    "blueviolet": 0x8A2BE2,
    "brown": 0xA52A2A,
    "burlywood": 0xDEB887,
    "cadetblue": 0x5F9EA0,
    "chartreuse": 0x7FFF00,
    "chocolate": 0xD2691E,
    "coral": 0xFF7F50,
    "cornflowerblue": 0x6495ED,
    "cornsilk": 0xFFF8DC,
    "crimson": 0xDC143C,
    "cyan": 0x00FFFF,
    "darkblue": 0x00008B,
    "darkcyan": 0x008B8B,
    "darkgoldenrod": 0xB8860B,
    "darkgray": 0xA9A9A9,
    "darkgreen": 0x006400,
    "darkgrey": 0xA9A9A9,
    "darkkhaki": 0xBDB76B,
    "darkmagenta": 0x8B008B,
    "darkolivegreen": 0x556B2F,
    "darkorange": 0xFF8C00,
    "darkorchid": 0x9932CC,
    "darkred": 0x8B0000,
    "darksalmon": 0xE9967A,
    "darkseagreen": 0x8FBC8F,
    "darkslateblue": 0x483D8B,
    "darkslategray": 0x2F4F4F,
    "darkslategrey": 0x2F4F4F,
    "darkturquoise": 0x00CED1,
    "darkviolet": 0x9400D3,
    "deeppink": 0xFF1493,
    "deepskyblue": 0x00BFFF,
    "dimgray": 0x696969,
    "dimgrey": 0x696969,
    "dodgerblue": 0x1E90FF,
    "firebrick": 0xB22222,
    "floralwhite": 0xFFFAF0,
    "forestgreen": 0x228B22,
    "fuchsia": 0xFF00FF,
    "gainsboro": 0xDCDCDC,
    "ghostwhite": 0xF8F8FF,
    "gold": 0xFFD700,
    "goldenrod": 0xDAA520,
    "gray": 0x808080,
    "green": 0x008000,
    "greenyellow": 0xADFF2F,
    "grey": 0x808080,
    "honeydew": 0xF0FFF0,
    "hotpink": 0xFF69B4,
    "indianred": 0xCD5C5C,
    "indigo": 0x4B0082,
    "ivory": 0xFFFFF0,
    "khaki": 0xF0E68C,
    "lavender": 0xE6E6FA,
    "lavenderblush": 0xFFF0F5,
    "lawngreen": 0x7CFC00,
    "lemonchiffon": 0xFFFACD,
    "lightblue": 0xADD8E6,
    "lightcoral": 0xF08080,
    "lightcyan": 0xE0FFFF,
    "lightgoldenrodyellow": 0xFAFAD2,
    "lightgray": 0xD3D3D3,
    "lightgreen": 0x90EE90,
    "lightgrey": 0xD3D3D3,
    "lightpink": 0xFFB6C1,
    "lightsalmon": 0xFFA07A,
    "lightseagreen": 0x20B2AA,
    "lightskyblue": 0x87CEFA,
    "lightslategray": 0x778899,
    "lightslategrey": 0x778899,
    "lightsteelblue": 0xB0C4DE,
    "lightyellow": 0xFFFFE0,
    "lime": 0x00FF00,
    "limegreen": 0x32CD32,
    "linen": 0xFAF0E6,
    "magenta": 0xFF00FF,
    "maroon": 0x800000,
    "mediumaquamarine": 0x66CDAA,
    "mediumblue": 0x0000CD,
    "mediumorchid": 0xBA55D3,
    "mediumpurple": 0x9370DB,
    "mediumseagreen": 0x3CB371,
    "mediumslateblue": 0x7B68EE,
    "mediumspringgreen": 0x00FA9A,
    "mediumturquoise": 0x48D1CC,
    "mediumvioletred": 0xC71585,
    "midnightblue": 0x191970,
    "mintcream": 0xF5FFFA,
    "mistyrose": 0xFFE4E1,
    "moccasin": 0xFFE4B5,
    "navajowhite": 0xFFDEAD,
    "navy": 0x000080,
    "oldlace": 0xFDF5E6,
    "olive": 0x808000,
    "olivedrab": 0x6B8E23,
    "orange": 0xFFA500,
    "orangered": 0xFF4500,
    "orchid": 0xDA70D6,
    "palegoldenrod": 0xEEE8AA,
    "palegreen": 0x98FB98,
    "paleturquoise": 0xAFEEEE,
    "palevioletred": 0xDB7093,
    "papayawhip": 0xFFEFD5,
    "peachpuff": 0xFFDAB9,
    "peru": 0xCD853F,
    "pink": 0xFFC0CB,
    "plum": 0xDDA0DD,
    "powderblue": 0xB0E0E6,
    "purple": 0x800080,
    "rebeccapurple": 0x663399,
    "red": 0xFF0000,
    "rosybrown": 0xBC8F8F,
    "royalblue": 0x4169E1,
    "saddlebrown": 0x8B4513,
    "salmon": 0xFA8072,
    "sandybrown": 0xF4A460,
    "seagreen": 0x2E8B57,
    "seashell": 0xFFF5EE,
    "sienna": 0xA0522D,
    "silver": 0xC0C0C0,
    "skyblue": 0x87CEEB,
    "slateblue": 0x6A5ACD,
    "slategray": 0x708090,
    "slategrey": 0x708090,
    "snow": 0xFFFAFA,
    "springgreen": 0x00FF7F,
    "steelblue": 0x4682B4,
    "tan": 0xD2B48C,
    "teal": 0x008080,
    "thistle": 0xD8BFD8,
    "tomato": 0xFF6347,
    "turquoise": 0x40E0D0,
    "violet": 0xEE82EE,
    "wheat": 0xF5DEB3,
    "white": 0xFFFFFF,
    "whitesmoke": 0xF5F5F5,
    "yellow": 0xFFFF00,
    "yellowgreen": 0x9ACD32,
}

#: The CSS named colors, lowercase name to :class:`Color` (read-only).
NAMED_COLORS: MappingProxyType[str, Color] = MappingProxyType(
    {
        name: Color((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF)
        for name, rgb in _NAMED_COLOR_VALUES.items()
    }
)
del _NAMED_COLOR_VALUES

_LONGEST_COLOR_NAME = max(map(len, NAMED_COLORS))


# ---------------------------------------------------------------------------
# Simple colors


def is_valid_simple_color(input: str) -> bool:
    """Whether *input* is a valid simple color: "#" and six ASCII hex digits."""
    require_str(input, "is_valid_simple_color")
    return len(input) == 7 and input[0] == "#" and _is_ascii_hex(input[1:])


def is_valid_lowercase_simple_color(input: str) -> bool:
    """Whether *input* is a valid simple color without any of "A" to "F"."""
    require_str(input, "is_valid_lowercase_simple_color")
    return is_valid_simple_color(input) and not any(char in "ABCDEF" for char in input)


def parse_simple_color(input: str) -> Color | None:
    """The rules for parsing simple color values; ``None`` is the error.

    >>> parse_simple_color("#FF8000")
    Color(red=255, green=128, blue=0)
    >>> parse_simple_color("#f80") is None
    True
    """
    require_str(input, "parse_simple_color")
    # Step 2.
    if len(input) != 7:
        return None
    # Step 3.
    if input[0] != "#":
        return None
    # Step 4.
    if not _is_ascii_hex(input[1:]):
        return None
    # Steps 5-9.
    return Color(int(input[1:3], 16), int(input[3:5], 16), int(input[5:7], 16))


def serialize_simple_color(color: Color) -> str:
    """The rules for serializing simple color values: ``"#rrggbb"``, lowercase.

    *color* is a :class:`Color` (or any 3-tuple of ints); each component must
    be an ``int`` in 0-255, else ValueError.
    """
    if not isinstance(color, tuple) or len(color) != 3:
        type_error("serialize_simple_color", "color", "Color", color)
    for name, component in zip(("red", "green", "blue"), color):
        if isinstance(component, bool) or not isinstance(component, int):
            type_error("serialize_simple_color", f"color.{name}", "int", component)
        if not 0 <= component <= 255:
            raise ValueError(f"color {name} component {component} is outside 0-255")
    # Steps 1-3.
    red, green, blue = color
    return f"#{red:02x}{green:02x}{blue:02x}"


# ---------------------------------------------------------------------------
# Legacy color values


def parse_legacy_color(input: str) -> Color | None:
    """The rules for parsing a legacy color value (e.g. ``bgcolor``).

    Returns ``None`` (the error) only for the empty string and for
    "transparent"; every other string gives a color: CSS named colors,
    "#rgb", and otherwise the legacy hex-salvaging steps, so
    ``"chucknorris"`` is ``#c00000``.  CSS system colors are not recognized.

    >>> parse_legacy_color("chucknorris")
    Color(red=192, green=0, blue=0)
    >>> parse_legacy_color("Red")
    Color(red=255, green=0, blue=0)
    """
    require_str(input, "parse_legacy_color")
    # Step 2.
    if input == "":
        return None
    # Step 3.
    input = strip_ascii_whitespace(input)
    # Step 4.
    if len(input) == len("transparent") and ascii_lowercase(input) == "transparent":
        return None
    # Step 5.
    if len(input) <= _LONGEST_COLOR_NAME:
        named = NAMED_COLORS.get(ascii_lowercase(input))
        if named is not None:
            return named
    # Step 6.
    if len(input) == 4 and input[0] == "#" and _is_ascii_hex(input[1:]):
        return Color(
            int(input[1], 16) * 17,
            int(input[2], 16) * 17,
            int(input[3], 16) * 17,
        )
    # Steps 7-11.
    digits = _legacy_color_digits(input)
    # Steps 12-15.
    components = _legacy_color_components(digits)
    # Steps 16-20.
    red, green, blue = (int(component, 16) for component in components)
    return Color(red, green, blue)


def _legacy_color_digits(input: str) -> str:
    """Steps 7-11 of the legacy color rules: the padded string of hex digits."""
    # Steps 7-8: replace code points above U+FFFF with "00", then keep at most
    # 128 code points.  Each code point becomes at most two, so the first 128
    # code points of the result come from the first 128 of the input; cutting
    # first keeps this bounded for huge inputs.
    input = input[:128]
    if not input.isascii():
        input = "".join("00" if ord(char) > 0xFFFF else char for char in input)
    input = input[:128]
    # Step 9.
    if input.startswith("#"):
        input = input[1:]
    # Step 10.
    input = "".join(char if char in _HEX_DIGITS else "0" for char in input)
    # Step 11.
    if len(input) == 0 or len(input) % 3:
        input += "0" * (3 - len(input) % 3)
    return input


def _legacy_color_components(input: str) -> list[str]:
    """Steps 12-15 of the legacy color rules: three components of 1-2 digits."""
    # Step 12.
    length = len(input) // 3
    components = [input[:length], input[length : 2 * length], input[2 * length :]]
    # Step 13.
    if length > 8:
        components = [component[length - 8 :] for component in components]
        length = 8
    # Step 14.
    while length > 2 and all(component[0] == "0" for component in components):
        components = [component[1:] for component in components]
        length -= 1
    # Step 15.
    if length > 2:
        components = [component[:2] for component in components]
    return components
