"""The ``css`` harness: :mod:`markup5.css` on random style sheets and
``style`` attribute values.

Generated inputs are made of what the checker parses: selectors (valid,
hacked and broken), property names (known, vendor-prefixed, unknown,
``*``/``_`` hacks), values of every kind the grammars match (keywords,
lengths with and without units, colors, ``url()``, gradients, ``calc()``
and ``var()``, ``!important``, IE's ``progid:`` filters and ``\\9``
hacks), comments, strings, escapes, at-rules, nesting and stray braces; or
the payload's own text.  Invariants:

* no exception (and the per-input budgets: linear time and memory);
* every finding has a known code, a non-empty message, and
  ``0 <= start <= end <= len(text)``; the findings are in order of
  ``start``;
* a second check of the same text, after checking other text (the
  verdict caches filled by it), gives the same findings;
* a declaration list with no braces, checked as a ``style`` attribute,
  gives the findings it gives inside a rule's block (``a{...}``), two
  characters further on (codes, messages and starts: a dropped
  declaration's span may or may not take its ``;``).
"""

from __future__ import annotations

import random

from markup5.css import CssError, check_declarations, check_stylesheet

from .harnesses import Harness, as_text, check as holds, split_input

#: The codes markup5.css reports.
CODES = frozenset({"css-parse-error", "css-bad-value", "css-unknown-property",
                   "css-deprecated-media-feature", "css-charset-position",
                   "css-nesting-too-deep"})

_SELECTORS = ("a", "p.x", "#id", "div > p", "ul li:hover", "a[href^='http']", "*", "::before",
              ":is(a, b)", "&:hover", ".a&gt; span", "<![CDATA[", "-->", "a,", ":nth-child(2n+1)",
              "input:not([type])", "h1 + h2 ~ h3", "svg|rect", ":-moz-focusring", "")
_PROPERTIES = ("color", "background", "background-image", "margin", "padding", "width",
               "cursor", "display", "font", "border", "top", "filter", "transform",
               "grid-template-columns", "-webkit-box-shadow", "*zoom", "_height", "foo",
               "--custom", "z-index", "opacity", "transition", "content", "")
_VALUES = ("red", "#fff", "FFFFFF", "rgb(1 2 3 / 50%)", "0", "10", "10px", "1.5em", "-3%",
           "none", "null", "hand", "auto", "initial", "initial initial", "url(x.png)",
           "url('a b')", "linear-gradient(to right, red, blue)", "calc(100% - 5px)",
           "var(--x, 1px)", "progid:DXImageTransform.Microsoft.gradient(startColorstr=#1)",
           "3px\\9", "none\\0/", "!important", "'str", '"a\\"b"', "1px solid #000",
           "bold 12px/1.5 Arial, sans-serif", "rotate(45deg)", "repeat(3, 1fr)", "", ";", ":")
_JUNK = ("/* c */", "/*", "*/", "{", "}", ";", ":", "\\", "\\41", "@media screen{",
         "@media (max-device-width: 5px){", "@charset 'x';", "@font-face{", "@keyframes k{from{",
         "@import url(a.css);", "@supports (display:grid){", "<!--", "-->", "\n", " ", "\t",
         "(", ")", "[", "]", "'", '"', "&", "\x00", "\ufffd")


def _declaration(rng: random.Random) -> str:
    value = " ".join(rng.choice(_VALUES) for _ in range(rng.randrange(1, 4)))
    return f"{rng.choice(_PROPERTIES)}{rng.choice((':', ': ', ' : ', ''))}{value}"


def _declarations(rng: random.Random, braces: bool) -> str:
    parts = []
    for _ in range(rng.randrange(0, 6)):
        parts.append(_declaration(rng))
        if braces and rng.random() < 0.15:
            parts.append(rng.choice(_JUNK))
    return rng.choice((";", "; ", ";\n")).join(parts)


def _sheet(rng: random.Random) -> str:
    out = []
    for _ in range(rng.randrange(1, 8)):
        roll = rng.random()
        if roll < 0.6:
            out.append(f"{rng.choice(_SELECTORS)} {{{_declarations(rng, True)}}}")
        elif roll < 0.8:
            out.append(rng.choice(_JUNK))
        else:
            inner = f"{rng.choice(_SELECTORS)}{{{_declarations(rng, True)}}}"
            out.append(f"{rng.choice(_JUNK)}{inner}{rng.choice(('}', '', '}}'))}")
    return rng.choice(("", " ", "\n")).join(out)


def _generate(rng: random.Random) -> bytes:
    kind = rng.randrange(3)
    text = (_sheet(rng) if kind == 0 else _declarations(rng, kind == 1)
            if kind < 2 else _declarations(rng, False))
    return bytes([kind, rng.randrange(256)]) + text.encode("utf-8", "surrogatepass")


def _well_formed(errors: list[CssError], text: str, what: str) -> None:
    previous = 0
    for error in errors:
        holds(error.code in CODES, f"{what}: unknown code {error.code!r}")
        holds(isinstance(error.message, str) and error.message != "",
              f"{what}: {error.code} has no message")
        holds(0 <= error.start <= error.end <= len(text),
              f"{what}: {error.code} span {error.start}..{error.end} outside 0..{len(text)}")
        holds(error.start >= previous, f"{what}: {error.code} at {error.start} comes after "
                                       f"a finding at {previous}")
        previous = error.start


def css_target(data: bytes) -> str:
    """:func:`markup5.css.check_stylesheet` and :func:`check_declarations` on
    the payload: no exception; known codes, messages, spans inside the text,
    findings in order; the same findings again after other text has filled
    the caches; a brace-free declaration list gives inside ``a{...}`` what
    it gives as a ``style`` attribute, two characters further on."""
    options, _, payload = split_input(data)
    text = as_text(payload)
    sheet = check_stylesheet(text)
    _well_formed(sheet, text, "check_stylesheet")
    declarations = check_declarations(text)
    _well_formed(declarations, text, "check_declarations")
    # Fill the caches with other text, then check again: caches are only caches.
    check_stylesheet("a{" + text[::-1] + "}")
    check_declarations(text.upper())
    holds(check_stylesheet(text) == sheet, "a second check_stylesheet differs")
    holds(check_declarations(text) == declarations, "a second check_declarations differs")
    if not any(c in text for c in "{}@&/\\<>\"'"):
        # (The span of a dropped declaration may or may not take its ";": the
        # starts are compared.)
        inside = [(e.code, e.message, e.start - 2) for e in check_stylesheet("a{" + text + "}")]
        alone = [(e.code, e.message, e.start) for e in declarations]
        holds(inside == alone, f"declarations differ inside a rule: {inside[:3]} vs {alone[:3]}")
    del options
    if not sheet and not declarations:
        return "clean"
    return "findings-in-sheet" if sheet else "findings-in-declarations"


def _warm_up() -> None:
    """Build the property grammars and the selector parser before the budgets."""
    check_stylesheet("a{color:red;margin:0 auto;background:url(x) no-repeat} b:hover{}")
    check_declarations("width:1px;cursor:pointer")


HARNESSES: tuple[Harness, ...] = (
    Harness("css", css_target, _generate, "microsyntax", 2.0, css_target.__doc__ or "",
            _warm_up),
)
