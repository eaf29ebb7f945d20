"""markup5's filter for ``style=""`` attribute values (a CSS declaration list).

:func:`sanitize_style` keeps the declarations whose property a policy allows and whose value
cannot load a resource, run script or read document state, and writes them back in one
canonical form, ``prop: value; prop2: value2 !important``.  The CSS is parsed with tinycss2
(the ``css`` extra: ``pip install markup5[css]``), which follows the CSS Syntax tokenizer that
browsers use; without it :data:`AVAILABLE` is false and :func:`sanitize_style` returns ``""``
(the sanitizer then removes ``style`` altogether: it never passes CSS it has not parsed).

A declaration is dropped, whole, when

- its property (compared ASCII case-insensitively) is not allowed, or is ``behavior`` or
  ``-moz-binding`` (old script-running properties), whatever the allowlist says;
- a backslash appears anywhere in its source text (CSS escapes can spell ``url`` or
  ``expression`` in ways other filters miss: nothing legitimate in a user's inline style needs
  them);
- its value holds a ``url(...)`` token (or a bad URL), a ``{}`` block, an at-keyword, a bad
  string, the word ``expression`` (old Internet Explorer's script in CSS) in any token, or a
  function outside :data:`ALLOWED_FUNCTIONS`;
- its value is empty, or nests parentheses and brackets deeper than :data:`MAX_NESTING`
  (legitimate values nest two or three levels; the bound keeps serialization flat), or can
  only be written back with an escape (a ``"`` inside a string: filtered again, the escape
  would drop it, and the output must be a fixed point).

``!important`` is kept.  Comments are dropped (where two tokens would then run together,
tinycss2 writes an empty ``/**/`` between them, so they stay two tokens), and runs of
whitespace between a value's top-level tokens become one space.  The output, parsed again
as a declaration list, gives the same declarations, and ``sanitize_style(out, props) == out``.
Work is linear in the length of the value: one tokenization and one pass over its tokens.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ALLOWED_FUNCTIONS", "AVAILABLE", "MAX_NESTING", "NEVER_ALLOWED_PROPERTIES",
           "sanitize_style"]

try:
    import tinycss2  # type: ignore[import-untyped, unused-ignore]
    AVAILABLE: bool = True
except ImportError:  # pragma: no cover - tinycss2 is in the test extra
    tinycss2 = None
    AVAILABLE = False

#: The CSS functions a kept value may call.  Each computes a value from its arguments alone:
#: colours (``rgb()`` ... ``color()``, ``color-mix()``), arithmetic (``calc()`` and the
#: comparison and stepped-value functions), transforms, gradients (drawn by the browser,
#: nothing fetched) and ``cubic-bezier()``/``steps()`` timing.  Left out on purpose:
#: ``url()``/``src()``/``image()``/``image-set()``/``cross-fade()`` (they fetch), ``element()``
#: and ``-moz-element()`` (they paint another element of the page: UI redressing),
#: ``attr()``, ``var()``, ``env()`` (they read the document's or the page's own state into
#: the value) and ``expression()`` (script).
ALLOWED_FUNCTIONS: frozenset[str] = frozenset({
    # <color>
    "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color",
    "color-mix", "light-dark",
    # math
    "calc", "min", "max", "clamp", "round", "mod", "rem", "abs", "sign",
    # <transform-function>
    "matrix", "matrix3d", "translate", "translatex", "translatey", "translatez", "translate3d",
    "scale", "scalex", "scaley", "scalez", "scale3d", "rotate", "rotatex", "rotatey", "rotatez",
    "rotate3d", "skew", "skewx", "skewy", "perspective",
    # <gradient>
    "linear-gradient", "radial-gradient", "conic-gradient", "repeating-linear-gradient",
    "repeating-radial-gradient", "repeating-conic-gradient",
    # <easing-function>
    "cubic-bezier", "steps",
})

#: Properties never kept, whatever a policy allows: both attach script or behaviour to an
#: element in old browsers (Internet Explorer's HTC ``behavior``, Firefox's XBL binding).
NEVER_ALLOWED_PROPERTIES: frozenset[str] = frozenset({"behavior", "-moz-binding"})

#: The deepest nesting of ``()``, ``[]`` and functions a kept value may have.
MAX_NESTING = 8

#: Token types a value may hold besides blocks (checked separately).
_PLAIN_TOKENS = frozenset({
    "whitespace", "ident", "number", "percentage", "dimension", "string", "hash", "literal",
    "unicode-range",
})
_BLOCKS = frozenset({"() block", "[] block", "function"})


def sanitize_style(value: str, allowed_properties: frozenset[str]) -> str:
    """The declarations of the ``style`` value ``value`` that are safe and allowed.

    ``allowed_properties`` holds lowercase property names.  Returns the kept declarations
    written ``prop: value; prop2: value2`` (property names lowercased), or ``""`` when none is
    kept or tinycss2 is not installed.  See the module's docstring for what is dropped.

    >>> sanitize_style("COLOR: red; background: url(x.png); font-weight: bold !important",
    ...                frozenset({"color", "background", "font-weight"}))
    'color: red; font-weight: bold !important'
    """
    if not isinstance(value, str):
        raise TypeError(f"sanitize_style: value must be a str, not {type(value).__name__}")
    if not isinstance(allowed_properties, (frozenset, set)):
        raise TypeError("sanitize_style: allowed_properties must be a frozenset of str, not "
                        f"{type(allowed_properties).__name__}")
    if not AVAILABLE or not allowed_properties or not value:
        return ""
    nodes: list[Any] = tinycss2.parse_declaration_list(
        value, skip_comments=True, skip_whitespace=True)
    escaped = _escaped_nodes(value, nodes) if "\\" in value else None
    kept: list[str] = []
    for index, node in enumerate(nodes):
        if node.type != "declaration":
            continue
        if escaped is not None and index in escaped:
            continue
        name: str = node.lower_name
        if name not in allowed_properties or name in NEVER_ALLOWED_PROPERTIES:
            continue
        text = _safe_value(node.value)
        if text is None:
            continue
        kept.append(f"{name}: {text} !important" if node.important else f"{name}: {text}")
    return "; ".join(kept)


def _safe_value(tokens: list[Any]) -> str | None:
    """``tokens`` (a declaration's value) written canonically, or None when it is unsafe.

    One pass with an explicit stack over the nested blocks (no recursion: a hostile value may
    nest deeply); the blocks kept are at most :data:`MAX_NESTING` deep, so tinycss2's
    serializer (which recurses) is only ever called on shallow values.
    """
    stack: list[tuple[list[Any], int]] = [(tokens, 0)]
    while stack:
        level, depth = stack.pop()
        for token in level:
            kind = token.type
            if kind in _PLAIN_TOKENS:
                if kind == "ident" and "expression" in token.lower_value:
                    return None
                continue
            if kind not in _BLOCKS:  # url, {} block, at-keyword, error (bad string / url)
                return None
            if kind == "function":
                if token.lower_name not in ALLOWED_FUNCTIONS:
                    return None
                content = token.arguments
            else:
                content = token.content
            if depth + 1 > MAX_NESTING:
                return None
            stack.append((content, depth + 1))
    # Canonical form: whitespace runs become one space, none at either end.
    normalized: list[Any] = []
    for token in tokens:
        if token.type == "whitespace":
            if normalized and normalized[-1].type != "whitespace":
                normalized.append(_SPACE)
        else:
            normalized.append(token)
    while normalized and normalized[-1].type == "whitespace":
        normalized.pop()
    if not normalized:
        return None
    text: str = tinycss2.serialize(normalized)
    # tinycss2 escapes what a token cannot hold as written (a '"' inside a string, say):
    # such a value would be dropped when filtered again, so it is dropped now (the output
    # must be a fixed point).
    if "\\" in text:
        return None
    return text


_SPACE: Any = tinycss2.ast.WhitespaceToken(1, 1, " ") if AVAILABLE else None


def _escaped_nodes(value: str, nodes: list[Any]) -> set[int]:
    """Indexes of the nodes whose source text (from the node's start to the next node's
    start) holds a backslash.  tinycss2 reports where each node starts as (line, column) in
    its preprocessed input, so the same preprocessing is done here to find the offsets."""
    css = (value.replace("\0", "\ufffd").replace("\r\n", "\n").replace("\r", "\n")
           .replace("\f", "\n"))
    line_starts = [0]
    position = css.find("\n")
    while position != -1:
        line_starts.append(position + 1)
        position = css.find("\n", position + 1)
    starts = [line_starts[node.source_line - 1] + node.source_column - 1 for node in nodes]
    starts.append(len(css))
    return {index for index in range(len(nodes))
            if css.find("\\", starts[index], starts[index + 1]) != -1}
