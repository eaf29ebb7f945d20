"""The HTML standard's tables behind form controls: which elements can be
disabled, the input type keywords, and which content attributes apply to
which input type states (HTML §4.10.5, the table "The following common
input element content attributes ... apply").  ``markup5.selectors.htmlrules``
re-exports them for the selector engine."""

from __future__ import annotations

__all__ = ["FORM_CONTROLS", "ENABLEABLE", "INPUT_TYPES", "READONLY_APPLIES",
           "REQUIRED_APPLIES", "PLACEHOLDER_APPLIES", "SUBMITTABLE", "PATTERN_APPLIES",
           "LENGTH_APPLIES", "RANGE_APPLIES", "TEXT_VALUE_TYPES"]

# HTML §4.16.3 ":enabled" / ":disabled": the elements that can be disabled
# (form-associated custom elements aside: a parsed document has no
# definitions, so none is form-associated).
FORM_CONTROLS = frozenset({"button", "input", "select", "textarea"})
ENABLEABLE = FORM_CONTROLS | {"optgroup", "option", "fieldset"}

# HTML §4.10.2 "Submittable elements: Denotes elements that can be used for
# constructing the entry list when a form element is submitted": button,
# input, select, textarea (and form-associated custom elements).
SUBMITTABLE = FORM_CONTROLS

# HTML §4.10.5 "the input element": the keywords of the type attribute (an
# input whose type is missing or none of these is in the Text state).
INPUT_TYPES = frozenset({
    "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week",
    "time", "datetime-local", "number", "range", "color", "checkbox", "radio", "file",
    "submit", "image", "reset", "button",
})
# The input types to which the readonly, required and placeholder attributes
# apply.
READONLY_APPLIES = frozenset({
    "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time",
    "datetime-local", "number",
})
REQUIRED_APPLIES = READONLY_APPLIES | {"checkbox", "radio", "file"}
PLACEHOLDER_APPLIES = frozenset({"text", "search", "url", "tel", "email", "password", "number"})
# pattern, maxlength and minlength apply to the text-like states.
PATTERN_APPLIES = frozenset({"text", "search", "url", "tel", "email", "password"})
LENGTH_APPLIES = PATTERN_APPLIES
# min, max and step apply to the dates and times, number and range.
RANGE_APPLIES = frozenset({"date", "month", "week", "time", "datetime-local", "number", "range"})
# The states whose value sanitization strips newlines and nothing else.
TEXT_VALUE_TYPES = frozenset({"text", "search", "tel", "password"})
