"""What the HTML standard adds to Selectors: case rules (§4.16.1
"Case-sensitivity of selectors") and the element states behind the
pseudo-classes of §4.16.3 (":checked", ":disabled", ":enabled", ":link",
":defined", ":required", ":read-write", ":placeholder-shown", ...).
"""

from __future__ import annotations

# The form-control tables (":enabled"/":disabled", the input type keywords,
# which attributes apply to which input type) live with constraint validation.
from ..forms._rules import (ENABLEABLE, FORM_CONTROLS, INPUT_TYPES, PLACEHOLDER_APPLIES,
                            READONLY_APPLIES, REQUIRED_APPLIES)
# HTML §4.13.3 "valid custom element name" (":defined" needs it; the
# fragment parser's context check too, so the rule lives below both).
from ..html.names import RESERVED_CUSTOM_ELEMENT_NAMES, is_valid_custom_element_name

__all__ = ["CASE_INSENSITIVE_ATTRIBUTES", "is_valid_custom_element_name",
           "RESERVED_CUSTOM_ELEMENT_NAMES", "FORM_CONTROLS", "ENABLEABLE", "INPUT_TYPES",
           "READONLY_APPLIES", "REQUIRED_APPLIES", "PLACEHOLDER_APPLIES"]

# HTML §4.16.1: "Attribute selectors on an HTML element in an HTML document
# must treat the values of attributes with the following names as ASCII
# case-insensitive".
CASE_INSENSITIVE_ATTRIBUTES = frozenset({
    "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked",
    "clear", "codetype", "color", "compact", "declare", "defer", "dir", "direction",
    "disabled", "enctype", "face", "frame", "hreflang", "http-equiv", "lang", "language",
    "link", "media", "method", "multiple", "nohref", "noresize", "noshade", "nowrap",
    "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected", "shape", "target",
    "text", "type", "valign", "valuetype", "vlink",
})
