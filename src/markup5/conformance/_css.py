"""The CSS rule family: the style sheet of each ``<style>`` element and the
declarations of each ``style`` attribute, checked by :mod:`markup5.css`
(CSS Syntax Level 3, selectors, property names and values).  Messages are
worded as the Nu Html Checker words its CSS messages ("CSS: Parse Error.",
"CSS: “cursor”: “hand” is not a “cursor” value.")."""

from __future__ import annotations

from ..css import check_declarations, check_stylesheet
from ..dom import HTML_NAMESPACE, SVG_NAMESPACE, Element, Text
from ._messages import Report, ReportSpan

__all__ = ["CssRules"]

# The style sheet languages a <style type=...> may name and still be CSS
# (HTML §4.2.6: no type, the empty string or an ASCII case-insensitive
# match for "text/css").
_CSS_TYPES = frozenset({"", "text/css"})


class CssRules:
    """Checks the CSS of ``<style>`` elements (each finding at its place in
    the style sheet) and ``style`` attributes (at the element)."""

    ELEMENTS: frozenset[str] | None = frozenset({"style"})
    ATTRIBUTES = frozenset({"style"})

    def __init__(self, report: Report, report_span: ReportSpan) -> None:
        self._report = report
        self._span = report_span

    def element(self, element: Element) -> None:
        attrs = element.attrs
        style = attrs.get("style")  # (qualified names: the DOM's getAttribute of a lowercase one)
        if style is not None and element.namespace in (HTML_NAMESPACE, SVG_NAMESPACE):
            for error in check_declarations(style):
                self._report(error.code, "error", element, f"CSS: {error.message}")
        if element.local_name == "style" and element.namespace in (HTML_NAMESPACE,
                                                                   SVG_NAMESPACE):
            kind = attrs.get("type")
            if kind is not None and kind.strip().lower() not in _CSS_TYPES:
                return
            for child in element.children:
                if isinstance(child, Text):
                    for error in check_stylesheet(child.data):
                        if error.code == "css-deprecated-media-feature":
                            # vnu reports these at the style element.
                            self._report(error.code, "error", element, f"CSS: {error.message}")
                            continue
                        self._span(error.code, "error", child, error.start, error.end,
                                   f"CSS: {error.message}")

    def finish(self) -> None:
        """Nothing to check after the walk."""
