"""The SVG and MathML a policy keeps with ``svg=True`` / ``mathml=True``.

Vetted allowlists, narrower than DOMPurify's: shapes, text, gradients and
clipping for SVG; presentation MathML.  Left out, with the reason:

* SVG ``script``, ``style`` (a style sheet), ``foreignObject`` (HTML
  inside SVG: the namespace switch behind most mutation XSS),
  ``use``/``image``/``feImage``/``pattern``-free external references
  (loading), ``a`` (links with ``xlink:href``), ``animate``, ``set``,
  ``animateMotion``, ``animateTransform`` (they can set ``href`` to a
  ``javascript:`` URL), filters (``feImage`` loads), ``symbol`` (only
  ``use`` shows it), ``iframe``-like ``handler``/``listener``.
* MathML ``annotation-xml`` (an HTML integration point, its content
  parsed as HTML or SVG by its ``encoding``), ``mglyph`` and
  ``malignmark`` (the parser's exceptions in text integration points,
  used in namespace-confusion payloads), ``maction`` (scripted actions),
  any ``href``.

Attribute values that reference a paint server or clip path may only be
``url(#id)`` references into the same document (a value with ``url(``
pointing anywhere else is removed).
"""

from __future__ import annotations

import re

__all__ = ["SVG_ELEMENTS", "SVG_ATTRIBUTES", "MATHML_ELEMENTS", "MATHML_ATTRIBUTES",
           "local_reference_only"]

#: SVG elements kept (local names, case as the parser adjusts them).
SVG_ELEMENTS = frozenset({
    "svg", "g", "defs", "desc", "title", "path", "circle", "ellipse", "line", "polyline",
    "polygon", "rect", "text", "tspan", "linearGradient", "radialGradient", "stop",
    "clipPath", "mask", "marker", "metadata",
})

#: SVG attributes kept (presentation and geometry; none takes a URL).
SVG_ATTRIBUTES = frozenset({
    "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx",
    "ry", "fx", "fy", "d", "points", "pathLength", "fill", "fill-opacity", "fill-rule",
    "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
    "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "transform",
    "preserveAspectRatio", "offset", "stop-color", "stop-opacity", "gradientUnits",
    "gradientTransform", "spreadMethod", "clip-path", "clip-rule", "clipPathUnits", "mask",
    "maskUnits", "maskContentUnits", "marker-start", "marker-mid", "marker-end", "markerWidth",
    "markerHeight", "markerUnits", "refX", "refY", "orient", "font-family", "font-size",
    "font-style", "font-weight", "text-anchor", "dominant-baseline", "letter-spacing",
    "word-spacing", "text-decoration", "dx", "dy", "rotate", "textLength", "lengthAdjust",
    "visibility", "display", "color", "vector-effect", "shape-rendering", "role",
    "aria-label", "aria-hidden", "version",
})

#: MathML elements kept (presentation markup).
MATHML_ELEMENTS = frozenset({
    "math", "mi", "mn", "mo", "ms", "mtext", "mspace", "mrow", "mfrac", "msqrt", "mroot",
    "msub", "msup", "msubsup", "munder", "mover", "munderover", "mmultiscripts",
    "mprescripts", "none", "mtable", "mtr", "mtd", "mstyle", "mpadded", "mphantom",
    "menclose", "merror", "semantics", "annotation",
})

#: MathML attributes kept.
MATHML_ATTRIBUTES = frozenset({
    "mathvariant", "displaystyle", "scriptlevel", "dir", "display", "fence", "separator",
    "stretchy", "symmetric", "largeop", "movablelimits", "accent", "accentunder", "lspace",
    "rspace", "linethickness", "columnalign", "rowalign", "columnspan", "rowspan", "width",
    "height", "depth", "voffset", "notation", "minsize", "maxsize", "form", "mathsize",
    "mathcolor", "mathbackground", "encoding",
})

_URL_FUNCTION = re.compile(r"url\s*\(", re.IGNORECASE)
_LOCAL_REFERENCE = re.compile(r"url\s*\(\s*['\"]?#[^)'\"\\]*['\"]?\s*\)", re.IGNORECASE)


def local_reference_only(value: str) -> bool:
    """Whether every ``url(...)`` in the attribute ``value`` is a
    same-document ``url(#id)`` (a value without ``url(`` passes)."""
    if "url" not in value.lower():
        return True
    return len(_URL_FUNCTION.findall(value)) == len(_LOCAL_REFERENCE.findall(value)) \
        and "\\" not in value
