"""The Color state's value sanitization (HTML §4.10.5.1.15, as of 2025: the
value is a CSS color), for the colors a parsed page writes in practice.

"The value sanitization algorithm is as follows: 1. If the element's value,
parsed as a CSS <color>, is failure, then set the element's value to
"#000000" ... 2. Otherwise, update a color well control color" -- which,
without an ``alpha`` attribute and in the limited-srgb color space,
serializes the color as "#rrggbb" in lowercase.

Covered here: hex colors (3, 4, 6 or 8 digits; the alpha is dropped),
the named colors and ``transparent``, ``rgb()``/``rgba()`` and
``hsl()``/``hsla()`` in their legacy (comma) and modern (space, ``/``
alpha) syntaxes.  Other CSS colors (``hwb()``, ``lab()``, ``lch()``,
``oklab()``, ``oklch()``, ``color()``, ``color-mix()``, relative colors,
``currentcolor`` and system colors) are reported as failure: see
docs/forms.md.
"""

from __future__ import annotations

import math
import re

from ..microsyntax import NAMED_COLORS

_HEX = re.compile(r"#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_FUNCTION = re.compile(r"(rgba?|hsla?)\((.*)\)", re.IGNORECASE | re.DOTALL)
_NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_COMPONENT = re.compile(rf"({_NUMBER})(%|deg|grad|rad|turn)?|none", re.IGNORECASE)
_CSS_WHITESPACE = " \t\n\r\f"

RGB = tuple[int, int, int]


def _channel(value: float) -> int:
    """A 0-255 channel, clamped and rounded as CSS serializes sRGB."""
    return int(math.floor(min(255.0, max(0.0, value)) + 0.5))


def _components(body: str) -> tuple[list[str], bool] | None:
    """The color function's arguments (three, the alpha left out) and
    whether they were comma-separated; None if malformed."""
    body = body.strip(_CSS_WHITESPACE)
    if "," in body:
        parts = [p.strip(_CSS_WHITESPACE) for p in body.split(",")]
        if len(parts) not in (3, 4) or "/" in body:
            return None
        return parts[:3], True
    main, slash, alpha = body.partition("/")
    parts = main.split()
    if len(parts) != 3 or (slash and len(alpha.split()) != 1):
        return None
    return parts, False


def _parse(token: str) -> tuple[float, str] | None:
    """A number with its unit ("", "%", an angle), or "none" as 0."""
    match = _COMPONENT.fullmatch(token)
    if match is None:
        return None
    if match.group(0).lower() == "none":
        return 0.0, "none"
    return float(match.group(1)), (match.group(2) or "").lower()


def _rgb_function(parts: list[str], legacy: bool) -> RGB | None:
    values = [_parse(p) for p in parts]
    if any(v is None for v in values):
        return None
    units = {v[1] for v in values if v is not None}
    if not units <= {"", "%", "none"} or (legacy and (len(units) != 1 or "none" in units)):
        return None
    channels = []
    for value in values:
        assert value is not None
        number, unit = value
        channels.append(_channel(number * 2.55 if unit == "%" else number))
    return channels[0], channels[1], channels[2]


def _hsl_function(parts: list[str], legacy: bool) -> RGB | None:
    values = [_parse(p) for p in parts]
    if any(v is None for v in values):
        return None
    (h, hu), (s, su), (light, lu) = values  # type: ignore[misc]
    if hu not in ("", "deg", "grad", "rad", "turn", "none"):
        return None
    if (legacy and (su != "%" or lu != "%")) or su not in ("%", "", "none") or \
            lu not in ("%", "", "none"):
        return None
    h = {"grad": h * 0.9, "rad": math.degrees(h), "turn": h * 360.0}.get(hu, h) % 360.0
    s = min(100.0, max(0.0, s)) / 100.0
    light = min(100.0, max(0.0, light)) / 100.0

    # CSS Color 4 "hslToRgb".
    def f(n: float) -> float:
        k = (n + h / 30.0) % 12.0
        a = s * min(light, 1.0 - light)
        return light - a * max(-1.0, min(k - 3.0, 9.0 - k, 1.0))
    return _channel(f(0) * 255.0), _channel(f(8) * 255.0), _channel(f(4) * 255.0)


def parse_css_color_as_srgb(value: str) -> RGB | None:
    """The sRGB color (alpha dropped) of ``value`` parsed as a CSS <color>,
    for the syntaxes listed in the module's docstring; None on failure."""
    text = value.strip(_CSS_WHITESPACE)
    match = _HEX.fullmatch(text)
    if match is not None:
        digits = match.group(1)
        if len(digits) <= 4:
            digits = "".join(c * 2 for c in digits)
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    lower = text.lower() if text.isascii() else ""
    if lower == "transparent":
        return 0, 0, 0
    named = NAMED_COLORS.get(lower)
    if named is not None:
        return named.red, named.green, named.blue
    match = _FUNCTION.fullmatch(text)
    if match is None:
        return None
    split = _components(match.group(2))
    if split is None:
        return None
    parts, legacy = split
    if match.group(1).lower().startswith("rgb"):
        return _rgb_function(parts, legacy)
    return _hsl_function(parts, legacy)


def sanitize_color(value: str) -> str:
    """The Color state's value sanitization: "#rrggbb" for a color, else
    "#000000"."""
    rgb = parse_css_color_as_srgb(value)
    if rgb is None:
        return "#000000"
    return "#%02x%02x%02x" % rgb
