"""The property grammars markup5 checks values against, written from the
CSS specifications' property definitions (the "Value:" line of each), and
the basic data types of CSS Values 4.  A property not in :data:`PROPERTIES`
is not checked (unknown to us is not invalid)."""

from __future__ import annotations

from functools import lru_cache

from ..selectors.tokenizer import (DIMENSION, FUNCTION, HASH, IDENT, NUMBER, PERCENTAGE, STRING,
                                   URL, Token)
from ._values import Builtin, Grammar, Matcher, annotate_starts, compile_grammar

__all__ = ["PROPERTIES", "grammar_for", "type_grammar", "BUILTINS", "CHECKED_FUNCTIONS",
           "MATH_FUNCTIONS", "COLOR_FUNCTIONS", "KNOWN_FUNCTIONS", "CSS_WIDE_KEYWORDS"]

#: The CSS-wide keywords (CSS Values 4 §3.1 and Cascade 5): valid for every
#: property, alone.
CSS_WIDE_KEYWORDS = frozenset({"initial", "inherit", "unset", "revert", "revert-layer"})

LENGTH_UNITS = frozenset("""
em rem ex rex cap rcap ch rch ic ric lh rlh vw vh vi vb vmin vmax svw svh svi svb svmin svmax
lvw lvh lvi lvb lvmin lvmax dvw dvh dvi dvb dvmin dvmax cqw cqh cqi cqb cqmin cqmax
cm mm q in pt pc px
""".split())
ANGLE_UNITS = frozenset({"deg", "grad", "rad", "turn"})
TIME_UNITS = frozenset({"s", "ms"})
RESOLUTION_UNITS = frozenset({"dpi", "dpcm", "dppx", "x"})

#: Math functions (CSS Values 4 §10): they stand for a number, length,
#: percentage, angle or time; their insides are not checked.
MATH_FUNCTIONS = frozenset({
    "calc", "min", "max", "clamp", "round", "mod", "rem", "sin", "cos", "tan", "asin", "acos",
    "atan", "atan2", "pow", "sqrt", "hypot", "log", "exp", "abs", "sign", "calc-size",
    "anchor", "anchor-size", "progress", "random", "sibling-count", "sibling-index"})
#: Color functions (CSS Color 4 and 5): their arguments are not checked.
COLOR_FUNCTIONS = frozenset({
    "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color",
    "color-mix", "light-dark", "device-cmyk", "contrast-color"})
#: Functions whose presence makes a value unknowable until computed time
#: (or ones this checker has no grammar for): such a value is accepted.
DEFERRED_FUNCTIONS = frozenset({
    "var", "env", "attr", "if", "inherit", "image-set", "cross-fade", "element", "paint",
    "image", "radial-gradient", "repeating-radial-gradient", "conic-gradient",
    "repeating-conic-gradient", "url", "src", "counter", "counters", "symbols", "content",
    "leader", "target-counter", "target-counters", "target-text", "string", "cubic-bezier",
    "steps", "linear", "path", "polygon", "circle", "ellipse", "inset", "xywh", "rect",
    "shape", "ray", "view", "scroll", "fit-content", "minmax", "repeat", "format", "local",
    "tech", "stylistic", "styleset", "character-variant", "swash", "ornaments", "annotation",
    "blur",
    "brightness", "contrast", "drop-shadow", "grayscale", "hue-rotate", "invert", "opacity",
    "saturate", "sepia", "dynamic-range-limit-mix", "first-valid", "toggle", "type",
    "selector", "supports", "layer", "media", "style", "ident", "superellipse"})
#: The functions this module's grammars spell out (their arguments checked).
CHECKED_FUNCTIONS = frozenset({
    "linear-gradient", "repeating-linear-gradient", "matrix", "matrix3d", "translate",
    "translate3d", "translatex", "translatey", "translatez", "scale", "scale3d", "scalex",
    "scaley", "scalez", "rotate", "rotate3d", "rotatex", "rotatey", "rotatez", "skew", "skewx",
    "skewy", "perspective"})
#: Every function name a value may use without being an error outright.
KNOWN_FUNCTIONS = MATH_FUNCTIONS | COLOR_FUNCTIONS | DEFERRED_FUNCTIONS | CHECKED_FUNCTIONS

NAMED_COLORS = frozenset("""
aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan
darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta
darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue
darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey
dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray
green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush
lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen
lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey
lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise
mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive
olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred
papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray
slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
whitesmoke yellow yellowgreen
transparent currentcolor
accentcolor accentcolortext activetext buttonborder buttonface buttontext canvas canvastext
field fieldtext graytext highlight highlighttext linktext mark marktext selecteditem
selecteditemtext visitedtext
activeborder activecaption appworkspace background buttonhighlight buttonshadow captiontext
inactiveborder inactivecaption inactivecaptiontext infobackground infotext menu menutext
scrollbar threeddarkshadow threedface threedhighlight threedlightshadow threedshadow window
windowframe windowtext
""".split())

_HEX = frozenset("0123456789abcdefABCDEF")


def _math(token: Token) -> bool:
    return token.type == FUNCTION and token.value.lower() in MATH_FUNCTIONS


def _unit(token: Token, units: frozenset[str]) -> bool:
    return token.type == DIMENSION and token.unit.lower() in units


def _length(token: Token, matcher: Matcher, pos: int) -> bool:
    return (_unit(token, LENGTH_UNITS) or (token.type == NUMBER and token.number == 0)
            or _math(token))


def _percentage(token: Token, matcher: Matcher, pos: int) -> bool:
    return token.type == PERCENTAGE or _math(token)


def _length_percentage(token: Token, matcher: Matcher, pos: int) -> bool:
    return _length(token, matcher, pos) or token.type == PERCENTAGE


def _number(token: Token, matcher: Matcher, pos: int) -> bool:
    return token.type == NUMBER or _math(token)


def _integer(token: Token, matcher: Matcher, pos: int) -> bool:
    return (token.type == NUMBER and token.is_integer) or _math(token)


def _angle(token: Token, matcher: Matcher, pos: int) -> bool:
    return (_unit(token, ANGLE_UNITS) or (token.type == NUMBER and token.number == 0)
            or _math(token))


def _time(token: Token, matcher: Matcher, pos: int) -> bool:
    return _unit(token, TIME_UNITS) or _math(token)


def _resolution(token: Token, matcher: Matcher, pos: int) -> bool:
    return _unit(token, RESOLUTION_UNITS) or _math(token)


def _flex(token: Token, matcher: Matcher, pos: int) -> bool:
    return _unit(token, frozenset({"fr"}))


def _string(token: Token, matcher: Matcher, pos: int) -> bool:
    return token.type == STRING


def _url(token: Token, matcher: Matcher, pos: int) -> bool:
    return token.type == URL or (token.type == FUNCTION and token.value.lower() in ("url", "src"))


def _custom_ident(token: Token, matcher: Matcher, pos: int) -> bool:
    return (token.type == IDENT and token.value.lower() not in CSS_WIDE_KEYWORDS
            and token.value.lower() != "default")


def _grid_ident(token: Token, matcher: Matcher, pos: int) -> bool:
    """A <custom-ident> of a grid line: not ``span`` or ``auto`` (Grid 2 §8.3)."""
    return _custom_ident(token, matcher, pos) and token.value.lower() not in ("span", "auto")


def _dashed_ident(token: Token, matcher: Matcher, pos: int) -> bool:
    return token.type == IDENT and token.value.startswith("--")


def _hex_color(token: Token, matcher: Matcher, pos: int) -> bool:
    value = token.value
    return token.type == HASH and len(value) in (3, 4, 6, 8) and all(c in _HEX for c in value)


def _color(token: Token, matcher: Matcher, pos: int) -> bool:
    if token.type == IDENT:
        return token.value.lower() in NAMED_COLORS
    if token.type == FUNCTION:
        return token.value.lower() in COLOR_FUNCTIONS
    return _hex_color(token, matcher, pos)


#: The <image> functions this module does not spell out (radial and conic
#: gradients, image-set(), cross-fade()...).
_IMAGE_FUNCTIONS = frozenset({
    "radial-gradient", "repeating-radial-gradient", "conic-gradient",
    "repeating-conic-gradient", "image-set", "cross-fade", "element", "paint", "image"})


def _any_function(names: frozenset[str]) -> Builtin:
    def check(token: Token, matcher: Matcher, pos: int) -> bool:
        return token.type == FUNCTION and token.value.lower() in names
    return check


#: Builtin types that are any one of some functions (their arguments not
#: checked).
_FUNCTION_TYPES: dict[str, frozenset[str]] = {
    "image-function": _IMAGE_FUNCTIONS,
    "filter-function": frozenset({
        "blur", "brightness", "contrast", "drop-shadow", "grayscale", "hue-rotate", "invert",
        "opacity", "saturate", "sepia"}),
    "easing-function-call": frozenset({"cubic-bezier", "steps", "linear"}),
    "shape-function": frozenset({
        "inset", "circle", "ellipse", "polygon", "path", "xywh", "rect", "shape"}),
    "counter-function": frozenset({"counter", "counters"}),
    "content-function": frozenset({
        "attr", "leader", "target-counter", "target-counters", "target-text", "string",
        "content", "image-set"}),
    "track-function": frozenset({"minmax", "repeat", "fit-content"}),
}

BUILTINS: dict[str, Builtin] = {
    "length": _length, "percentage": _percentage, "length-percentage": _length_percentage,
    "number": _number, "integer": _integer, "angle": _angle, "time": _time,
    "resolution": _resolution, "flex": _flex, "string": _string, "url": _url,
    "custom-ident": _custom_ident, "grid-ident": _grid_ident, "dashed-ident": _dashed_ident,
    "hex-color": _hex_color, "color": _color,
    **{name: _any_function(names) for name, names in _FUNCTION_TYPES.items()},
}


def _functions(names: frozenset[str]) -> frozenset[str]:
    return frozenset("f:" + name for name in names)


_MATH_STARTS = _functions(MATH_FUNCTIONS)

#: What each builtin can accept, as start keys (``_values.start_key``; a
#: token type stands for every token of that type): the matcher does not
#: try a grammar node at a component value none of its starts allows.
#: Each set must hold every token its builtin accepts (a test checks).
BUILTIN_STARTS: dict[str, frozenset[str]] = {
    "length": frozenset({DIMENSION, NUMBER}) | _MATH_STARTS,
    "percentage": frozenset({PERCENTAGE}) | _MATH_STARTS,
    "length-percentage": frozenset({DIMENSION, NUMBER, PERCENTAGE}) | _MATH_STARTS,
    "number": frozenset({NUMBER}) | _MATH_STARTS,
    "integer": frozenset({NUMBER}) | _MATH_STARTS,
    "angle": frozenset({DIMENSION, NUMBER}) | _MATH_STARTS,
    "time": frozenset({DIMENSION}) | _MATH_STARTS,
    "resolution": frozenset({DIMENSION}) | _MATH_STARTS,
    "flex": frozenset({DIMENSION}),
    "string": frozenset({STRING}),
    "url": frozenset({URL, "f:url", "f:src"}),
    "custom-ident": frozenset({IDENT}),
    "grid-ident": frozenset({IDENT}),
    "dashed-ident": frozenset({IDENT}),
    "hex-color": frozenset({HASH}),
    "color": (frozenset({HASH}) | frozenset("k:" + name for name in NAMED_COLORS)
              | _functions(COLOR_FUNCTIONS)),
    **{name: _functions(names) for name, names in _FUNCTION_TYPES.items()},
}

#: Named types (CSS Values 4 and the specs defining them).
TYPES: dict[str, str] = {
    "image": "<url> | <gradient> | <image-function>",
    "gradient": "linear-gradient( <linear-gradient-syntax> ) "
                "| repeating-linear-gradient( <linear-gradient-syntax> )",
    "linear-gradient-syntax": "[ [ <angle> | to <side-or-corner> ] , ]? <color-stop-list>",
    "side-or-corner": "[ left | right ] || [ top | bottom ]",
    "color-stop-list": "<color-stop-or-hint> , <color-stop-or-hint>#",
    "color-stop-or-hint": "<color> <length-percentage>{0,2} | <length-percentage>",
    "line-width": "<length [0,∞]> | thin | medium | thick",
    "line-style": "none | hidden | dotted | dashed | solid | double | groove | ridge | inset "
                  "| outset",
    "border-value": "<line-width> || <line-style> || <color>",
    "position": "[ left | center | right | top | bottom | <length-percentage> ] "
                "| [ left | center | right | <length-percentage> ] "
                "[ top | center | bottom | <length-percentage> ] "
                "| [ center | [ left | right ] <length-percentage>? ] && "
                "[ center | [ top | bottom ] <length-percentage>? ]",
    "bg-image": "none | <image>",
    "bg-size": "[ <length-percentage [0,∞]> | auto ]{1,2} | cover | contain",
    "repeat-style": "repeat-x | repeat-y | [ repeat | space | round | no-repeat ]{1,2}",
    "attachment": "scroll | fixed | local",
    "visual-box": "border-box | padding-box | content-box",
    "bg-clip": "<visual-box> | border-area | text",
    "bg-layer": "<bg-image> || <position> [ / <bg-size> ]? || <repeat-style> || <attachment> "
                "|| <bg-clip> || <visual-box>",
    "final-bg-layer": "<bg-image> || <position> [ / <bg-size> ]? || <repeat-style> "
                      "|| <attachment> || <bg-clip> || <visual-box> || <color>",
    "margin-value": "<length-percentage> | auto",
    "padding-value": "<length-percentage [0,∞]>",
    "size-value": "auto | <length-percentage [0,∞]> | min-content | max-content "
                  "| fit-content | <track-function> | stretch "
                  "| fit-content( <length-percentage> )",
    "max-size-value": "none | <length-percentage [0,∞]> | min-content | max-content "
                      "| fit-content | stretch | <track-function>",
    "inset-value": "auto | <length-percentage> | <anchor-function>",
    "anchor-function": "<track-function>",
    "shadow": "inset? && <length>{2,4} && <color>?",
    "text-shadow-value": "<length>{2,3} && <color>?",
    "easing-function": "linear | ease | ease-in | ease-out | ease-in-out | step-start "
                       "| step-end | <easing-function-call>",
    "single-transition": "[ none | <single-transition-property> ] || <time> "
                         "|| <easing-function> || <time> || <transition-behavior-value>",
    "single-transition-property": "all | <custom-ident>",
    "transition-behavior-value": "normal | allow-discrete",
    "single-animation": "<time> || <easing-function> || <time> "
                        "|| <single-animation-iteration-count> || <single-animation-direction> "
                        "|| <single-animation-fill-mode> || <single-animation-play-state> "
                        "|| [ none | <custom-ident> | <string> ]",
    "single-animation-iteration-count": "infinite | <number [0,∞]>",
    "single-animation-direction": "normal | reverse | alternate | alternate-reverse",
    "single-animation-fill-mode": "none | forwards | backwards | both",
    "single-animation-play-state": "running | paused",
    "family-name": "<string> | <custom-ident>+",
    "generic-family": "serif | sans-serif | cursive | fantasy | monospace | system-ui "
                      "| emoji | math | fangsong | ui-serif | ui-sans-serif | ui-monospace "
                      "| ui-rounded",
    "font-weight-absolute": "normal | bold | <number [1,∞]>",
    "font-size-value": "xx-small | x-small | small | medium | large | x-large | xx-large "
                       "| xxx-large | larger | smaller | <length-percentage [0,∞]> | math",
    "line-height-value": "normal | <number [0,∞]> | <length-percentage [0,∞]>",
    "font-stretch-keyword": "normal | ultra-condensed | extra-condensed | condensed "
                            "| semi-condensed | semi-expanded | expanded | extra-expanded "
                            "| ultra-expanded",
    "display-value": "[ <display-outside> || <display-inside> ] | <display-listitem> "
                     "| <display-internal> | <display-box> | <display-legacy> "
                     "| -webkit-box | -webkit-inline-box | -moz-box | -moz-inline-box "
                     "| -ms-flexbox | -ms-inline-flexbox | -webkit-flex | -webkit-inline-flex "
                     "| -ms-grid | -ms-inline-grid",
    "display-outside": "block | inline | run-in",
    "display-inside": "flow | flow-root | table | flex | grid | ruby | math",
    "display-listitem": "<display-outside>? && [ flow | flow-root ]? && list-item",
    "display-internal": "table-row-group | table-header-group | table-footer-group "
                        "| table-row | table-cell | table-column-group | table-column "
                        "| table-caption | ruby-base | ruby-text | ruby-base-container "
                        "| ruby-text-container",
    "display-box": "contents | none",
    "display-legacy": "inline-block | inline-table | inline-flex | inline-grid",
    "cursor-keyword": "auto | default | none | context-menu | help | pointer | progress | wait "
                      "| cell | crosshair | text | vertical-text | alias | copy | move "
                      "| no-drop | not-allowed | grab | grabbing | e-resize | n-resize "
                      "| ne-resize | nw-resize | s-resize | se-resize | sw-resize | w-resize "
                      "| ew-resize | ns-resize | nesw-resize | nwse-resize | col-resize "
                      "| row-resize | all-scroll | zoom-in | zoom-out | -webkit-grab "
                      "| -webkit-grabbing | -webkit-zoom-in | -webkit-zoom-out | -moz-grab "
                      "| -moz-grabbing | -moz-zoom-in | -moz-zoom-out",
    "overflow-value": "visible | hidden | clip | scroll | auto | overlay | -moz-scrollbars-none",
    "content-list": "[ <string> | <image> | <counter-function> | <content-function> "
                    "| open-quote | close-quote | no-open-quote | no-close-quote ]+",
    "text-decoration-line-value": "none | [ underline || overline || line-through || blink "
                                  "|| spelling-error || grammar-error ]",
    "text-decoration-style-value": "solid | double | dotted | dashed | wavy",
    "paint": "none | <color> | <url> [ none | <color> ]? | context-fill | context-stroke",
    "list-style-type-value": "<custom-ident> | <string> | none | symbols( <symbols-args> )",
    "symbols-args": "<custom-ident>? [ <string> | <image> ]+",
    "align-keyword": "normal | stretch | baseline | first baseline | last baseline "
                     "| [ unsafe | safe ]? [ center | start | end | self-start | self-end "
                     "| flex-start | flex-end | left | right ] | space-between | space-around "
                     "| space-evenly | auto | anchor-center | legacy | legacy left "
                     "| legacy right | legacy center",
    "flex-basis-value": "content | <size-value>",
    "transform-list": "<transform-function>+",
    "transform-function": "matrix( <number>#{6} ) | matrix3d( <number>#{16} ) "
                          "| translate( <length-percentage> [ , <length-percentage> ]? ) "
                          "| translatex( <length-percentage> ) "
                          "| translatey( <length-percentage> ) "
                          "| translatez( <length> ) "
                          "| translate3d( <length-percentage> , <length-percentage> , <length> ) "
                          "| scale( [ <number> | <percentage> ]#{1,2} ) "
                          "| scalex( <number> | <percentage> ) "
                          "| scaley( <number> | <percentage> ) "
                          "| scalez( <number> | <percentage> ) "
                          "| scale3d( [ <number> | <percentage> ]#{3} ) "
                          "| rotate( <angle> ) | rotatex( <angle> ) | rotatey( <angle> ) "
                          "| rotatez( <angle> ) "
                          "| rotate3d( <number> , <number> , <number> , <angle> ) "
                          "| skew( <angle> [ , <angle> ]? ) | skewx( <angle> ) | skewy( <angle> ) "
                          "| perspective( <length [0,∞]> | none )",
    "filter-list": "[ <filter-function> | <url> ]+",
    "vertical-align-value": "[ first | last ] || <alignment-baseline> || <baseline-shift>",
    "alignment-baseline": "baseline | text-bottom | alphabetic | ideographic | middle "
                          "| central | mathematical | text-top",
    "baseline-shift": "<length-percentage> | sub | super | top | center | bottom",
    "track-list": "[ none | [ <line-names>? [ <track-size> | <track-function> ] ]+ "
                  "<line-names>? | subgrid <line-names>* | masonry ]",
    "line-names": "[ <custom-ident>* ]",
    "track-size": "<length-percentage [0,∞]> | <flex> | min-content | max-content | auto",
    "list-style-position-value": "inside | outside",
    "flex-direction-value": "row | row-reverse | column | column-reverse",
    "flex-wrap-value": "nowrap | wrap | wrap-reverse",
    "outline-offset-value": "<length>",
    "grid-line": "auto | <grid-ident> | [ <integer> && <grid-ident>? ] "
                 "| [ span && [ <integer [1,∞]> || <grid-ident> ] ]",
}


#: The property grammars ("Value:" lines), by property name.
PROPERTIES: dict[str, str] = {
    "color": "<color>",
    "background-color": "<color>",
    "background-image": "<bg-image>#",
    "background-repeat": "<repeat-style>#",
    "background-attachment": "<attachment>#",
    "background-position": "<position>#",
    "background-position-x": "[ center | [ [ left | right | x-start | x-end ]? "
                             "<length-percentage>? ]! ]#",
    "background-position-y": "[ center | [ [ top | bottom | y-start | y-end ]? "
                             "<length-percentage>? ]! ]#",
    "background-size": "<bg-size>#",
    "background-clip": "<bg-clip>#",
    "background-origin": "<visual-box>#",
    "background": "<bg-layer>#? , <final-bg-layer> | <final-bg-layer>",
    "border-color": "<color>{1,4}",
    "border-style": "<line-style>{1,4}",
    "border-width": "<line-width>{1,4}",
    "border": "<border-value>",
    "outline": "[ <color> | auto ] || [ auto | <line-style> ] || <line-width>",
    "outline-width": "<line-width>",
    "outline-style": "auto | <line-style>",
    "outline-color": "auto | <color>",
    "outline-offset": "<length>",
    "border-radius": "<length-percentage [0,∞]>{1,4} [ / <length-percentage [0,∞]>{1,4} ]?",
    "padding-top": "<padding-value>", "padding-right": "<padding-value>",
    "padding-bottom": "<padding-value>", "padding-left": "<padding-value>",
    "margin-top": "<margin-value>", "margin-right": "<margin-value>",
    "margin-bottom": "<margin-value>", "margin-left": "<margin-value>",
    "border-top": "<border-value>", "border-right": "<border-value>",
    "border-bottom": "<border-value>", "border-left": "<border-value>",
    "border-top-width": "<line-width>", "border-right-width": "<line-width>",
    "border-bottom-width": "<line-width>", "border-left-width": "<line-width>",
    "border-top-style": "<line-style>", "border-right-style": "<line-style>",
    "border-bottom-style": "<line-style>", "border-left-style": "<line-style>",
    "border-top-color": "<color>", "border-right-color": "<color>",
    "border-bottom-color": "<color>", "border-left-color": "<color>",
    "border-top-left-radius": "<length-percentage [0,∞]>{1,2}",
    "border-top-right-radius": "<length-percentage [0,∞]>{1,2}",
    "border-bottom-left-radius": "<length-percentage [0,∞]>{1,2}",
    "border-bottom-right-radius": "<length-percentage [0,∞]>{1,2}",
    "border-collapse": "separate | collapse",
    "border-spacing": "<length [0,∞]>{1,2}",
    "margin": "<margin-value>{1,4}",
    "padding": "<padding-value>{1,4}",
    "width": "<size-value>", "height": "<size-value>",
    "min-width": "<size-value>", "min-height": "<size-value>",
    "max-width": "<max-size-value>", "max-height": "<max-size-value>",
    "top": "<inset-value>", "right": "<inset-value>", "bottom": "<inset-value>",
    "left": "<inset-value>",
    "position": "static | relative | absolute | sticky | fixed | -webkit-sticky",
    "display": "<display-value>",
    "float": "left | right | top | bottom | start | end | none | inline-start | inline-end "
             "| snap-block | snap-inline",
    "clear": "inline-start | inline-end | block-start | block-end | left | right | top "
             "| bottom | both-inline | both-block | both | none",
    "visibility": "visible | hidden | collapse",
    "overflow": "<overflow-value>{1,2}",
    "overflow-x": "<overflow-value>", "overflow-y": "<overflow-value>",
    "z-index": "auto | <integer>",
    "opacity": "<number> | <percentage>",
    "cursor": "[ <url> [ <number> <number> ]? , ]* <cursor-keyword>",
    "box-sizing": "content-box | border-box",
    "box-shadow": "none | <shadow>#",
    "text-shadow": "none | <text-shadow-value>#",
    "text-align": "start | end | left | right | center | justify | match-parent "
                  "| justify-all | -webkit-center | -moz-center | -webkit-left "
                  "| -webkit-right",
    "text-transform": "none | [ capitalize | uppercase | lowercase ] || full-width "
                      "|| full-size-kana | math-auto",
    "text-indent": "<length-percentage> && hanging? && each-line?",
    "text-overflow": "[ clip | ellipsis | <string> | fade ]{1,2}",
    "text-decoration-line": "<text-decoration-line-value>",
    "text-decoration-style": "<text-decoration-style-value>",
    "text-decoration-color": "<color>",
    "white-space": "normal | pre | pre-wrap | pre-line | nowrap | break-spaces "
                   "| [ collapse | preserve | preserve-breaks | preserve-spaces "
                   "| break-spaces ] || [ wrap | nowrap ] || [ auto | balance | stable "
                   "| pretty ]",
    "word-break": "normal | keep-all | break-all | break-word | auto-phrase | manual",
    "word-wrap": "normal | break-word | anywhere",
    "overflow-wrap": "normal | break-word | anywhere",
    "letter-spacing": "normal | <length-percentage>",
    "word-spacing": "normal | <length-percentage>",
    "line-height": "<line-height-value>",
    "font-size": "<font-size-value>",
    "font-weight": "<font-weight-absolute> | bolder | lighter",
    "font-style": "normal | italic | oblique <angle>?",
    "font-variant": "normal | none | small-caps | all-small-caps | petite-caps "
                    "| all-petite-caps | unicase | titling-caps",
    "font-family": "[ <family-name> | <generic-family> ]#",
    "font-stretch": "<font-stretch-keyword> | <percentage [0,∞]>",
    "vertical-align": "<vertical-align-value>",
    "list-style-type": "<list-style-type-value>",
    "list-style-position": "inside | outside",
    "list-style-image": "<image> | none",
    "list-style": "<list-style-position> || <list-style-image> || <list-style-type-value>",
    "table-layout": "auto | fixed",
    "empty-cells": "show | hide",
    "caption-side": "top | bottom | inline-start | inline-end | block-start | block-end",
    "direction": "ltr | rtl",
    "unicode-bidi": "normal | embed | isolate | bidi-override | isolate-override | plaintext",
    "content": "normal | none | [ <content-list> | <image> ] [ / [ <string> "
               "| <counter-function> | <content-function> ]+ ]?",
    "quotes": "auto | none | match-parent | [ <string> <string> ]+",
    "transition": "<single-transition>#",
    "transition-property": "none | <single-transition-property>#",
    "transition-duration": "<time [0,∞]>#",
    "transition-delay": "<time>#",
    "transition-timing-function": "<easing-function>#",
    "animation": "<single-animation>#",
    "animation-name": "[ none | <custom-ident> | <string> ]#",
    "animation-duration": "[ auto | <time [0,∞]> ]#",
    "animation-delay": "<time>#",
    "animation-timing-function": "<easing-function>#",
    "animation-iteration-count": "<single-animation-iteration-count>#",
    "animation-direction": "<single-animation-direction>#",
    "animation-fill-mode": "<single-animation-fill-mode>#",
    "animation-play-state": "<single-animation-play-state>#",
    "transform": "none | <transform-list>",
    "filter": "none | <filter-list>",
    "backdrop-filter": "none | <filter-list>",
    "flex-direction": "row | row-reverse | column | column-reverse",
    "flex-wrap": "nowrap | wrap | wrap-reverse",
    "flex-flow": "<flex-direction-value> || <flex-wrap-value>",
    "flex-grow": "<number [0,∞]>",
    "flex-shrink": "<number [0,∞]>",
    "flex-basis": "<flex-basis-value>",
    "flex": "none | [ <number [0,∞]> <number [0,∞]>? || <flex-basis-value> ]",
    "order": "<integer>",
    "justify-content": "<align-keyword>",
    "align-items": "<align-keyword>",
    "align-self": "<align-keyword>",
    "align-content": "<align-keyword>",
    "justify-items": "<align-keyword>",
    "justify-self": "<align-keyword>",
    "gap": "[ normal | <length-percentage [0,∞]> ]{1,2}",
    "row-gap": "normal | <length-percentage [0,∞]>",
    "column-gap": "normal | <length-percentage [0,∞]>",
    "pointer-events": "auto | bounding-box | visiblepainted | visiblefill | visiblestroke "
                      "| visible | painted | fill | stroke | all | none",
    "user-select": "auto | text | none | contain | all",
    "resize": "none | both | horizontal | vertical | block | inline",
    "object-fit": "fill | contain | cover | none | scale-down",
    "object-position": "<position>",
    "fill": "<paint>",
    "stroke": "<paint>",
    "stroke-width": "[ <length-percentage> | <number> ]#",
    "stroke-linecap": "butt | round | square",
    "stroke-linejoin": "miter | miter-clip | round | bevel | arcs | crop | arcs",
    "stroke-miterlimit": "<number [0,∞]>",
    "fill-opacity": "<number> | <percentage>",
    "stroke-opacity": "<number> | <percentage>",
    "backface-visibility": "visible | hidden",
    "will-change": "auto | [ scroll-position | contents | <custom-ident> ]#",
    "mix-blend-mode": "normal | multiply | screen | overlay | darken | lighten | color-dodge "
                      "| color-burn | hard-light | soft-light | difference | exclusion | hue "
                      "| saturation | color | luminosity | plus-darker | plus-lighter",
    "isolation": "auto | isolate",
    "caret-color": "auto | <color>",
    "accent-color": "auto | <color>",
    "text-rendering": "auto | optimizespeed | optimizelegibility | geometricprecision",
    "appearance": "none | auto | base | base-select | menulist-button | textfield | menulist "
                  "| searchfield | textarea | push-button | slider-horizontal | checkbox "
                  "| radio | square-button | listbox | meter | progress-bar | button",
    "writing-mode": "horizontal-tb | vertical-rl | vertical-lr | sideways-rl | sideways-lr "
                    "| lr | lr-tb | rl | rl-tb | tb | tb-rl",
    "grid-template-columns": "<track-list>",
    "grid-template-rows": "<track-list>",
    "grid-auto-rows": "[ <track-size> | <track-function> ]+",
    "grid-auto-columns": "[ <track-size> | <track-function> ]+",
    "grid-auto-flow": "[ row | column ] || dense",
    "grid-row-start": "<grid-line>", "grid-row-end": "<grid-line>",
    "grid-column-start": "<grid-line>", "grid-column-end": "<grid-line>",
    "grid-row": "<grid-line> [ / <grid-line> ]?",
    "grid-column": "<grid-line> [ / <grid-line> ]?",
    "grid-area": "<grid-line> [ / <grid-line> ]{0,3}",
    "grid-template-areas": "none | <string>+",
    "aspect-ratio": "auto || [ <number [0,∞]> [ / <number [0,∞]> ]? ]",
    "page-break-inside": "auto | avoid",
    "page-break-before": "auto | always | avoid | left | right",
    "page-break-after": "auto | always | avoid | left | right",
    "break-inside": "auto | avoid | avoid-page | avoid-column | avoid-region",
    "break-before": "auto | avoid | always | all | avoid-page | page | left | right | recto "
                    "| verso | avoid-column | column | avoid-region | region",
    "break-after": "auto | avoid | always | all | avoid-page | page | left | right | recto "
                   "| verso | avoid-column | column | avoid-region | region",
    "hyphens": "none | manual | auto",
    "touch-action": "auto | none | [ [ pan-x | pan-left | pan-right ] || [ pan-y | pan-up "
                    "| pan-down ] || pinch-zoom ] | manipulation",
    "scroll-behavior": "auto | smooth",
    "counter-reset": "[ <custom-ident> <integer>? | reversed( <custom-ident> ) <integer>? ]+ "
                     "| none",
    "counter-increment": "[ <custom-ident> <integer>? ]+ | none",
    "counter-set": "[ <custom-ident> <integer>? ]+ | none",
    "zoom": "normal | reset | <number [0,∞]> | <percentage [0,∞]>",
    "tab-size": "<number [0,∞]> | <length [0,∞]>",
    "text-align-last": "auto | start | end | left | right | center | justify | match-parent",
    "transform-style": "flat | preserve-3d",
    "perspective": "none | <length [0,∞]>",
}


@lru_cache(maxsize=None)
def type_grammar(name: str) -> Grammar | None:
    """The compiled grammar of the named type ``<name>``, or None."""
    text = TYPES.get(name) or PROPERTIES.get(name)
    return compile_grammar(text) if text is not None else None


@lru_cache(maxsize=None)
def grammar_for(prop: str) -> Grammar | None:
    """The compiled grammar of property ``prop`` (lowercase), or None when
    this module does not check it."""
    text = PROPERTIES.get(prop)
    return compile_grammar(text) if text is not None else None


def table_grammars() -> list[Grammar]:
    """The compiled grammar of every property and named type of the tables."""
    found = [type_grammar(name) for name in TYPES] + [grammar_for(name) for name in PROPERTIES]
    return [grammar for grammar in found if grammar is not None]


def _compile_all() -> None:
    """Compile every table entry once, at import: a check then pays nothing
    for its first use of a property (and a bad table entry fails early);
    then give their nodes their start sets."""
    annotate_starts(table_grammars(), type_grammar, BUILTIN_STARTS)


_compile_all()
