"""What the HTML standard adds to Selectors: case rules (§4.16.1
"Case-sensitivity of selectors") and the element states behind the
pseudo-classes of §4.16.3 (":checked", ":disabled", ":enabled", ":link",
":defined", ":required", ":read-write", ":placeholder-shown", ...).
"""

from __future__ import annotations

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

# HTML §4.16.3 ":enabled" / ":disabled": the elements that can be disabled
# (form-associated custom elements aside: a parsed document has no
# definitions, so none is form-associated).
FORM_CONTROLS = frozenset({"button", "input", "select", "textarea"})
ENABLEABLE = FORM_CONTROLS | {"optgroup", "option", "fieldset"}

# HTML §4.10.5 "the input element": the keywords of the type attribute (an
# input whose type is missing or none of these is in the Text state).
INPUT_TYPES = frozenset({
    "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week",
    "time", "datetime-local", "number", "range", "color", "checkbox", "radio", "file",
    "submit", "image", "reset", "button",
})
# The input types to which the readonly, required and placeholder attributes
# apply (the table "The following common input element content attributes
# ... apply", HTML §4.10.5).
READONLY_APPLIES = frozenset({
    "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time",
    "datetime-local", "number",
})
REQUIRED_APPLIES = READONLY_APPLIES | {"checkbox", "radio", "file"}
PLACEHOLDER_APPLIES = frozenset({"text", "search", "url", "tel", "email", "password", "number"})
