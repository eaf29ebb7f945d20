"""Constraint validation (HTML §4.10.20) on a freshly parsed document:
candidates, the validity states, messages, range states and what the
:valid / :invalid / :in-range / :out-of-range pseudo-classes match.

A parsed document has had no user input and no script: every value's dirty
value flag is false, no custom validity error message is set, no file is
selected.  So too long, too short, bad input and custom error are never
flagged (their rules are written here all the same, with the dirty flag as
a parameter).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import ClassVar

from ..dom import HTML_NAMESPACE, Element
from ..url import parse_url
from ._rules import (LENGTH_APPLIES, PATTERN_APPLIES, RANGE_APPLIES, REQUIRED_APPLIES,
                     SUBMITTABLE)
from ._tree import (Cache, all_elements, checkedness, child_text_content, form_owner,
                    has_datalist_ancestor, in_disabled_fieldset, input_type_state, is_html,
                    is_submit_button, list_of_options, radio_group, radio_groups,
                    selected_options, table, tree_root, display_size_is_one)
from ._values import (Limits, control_value, convert_string_to_number, input_value, limits_of,
                      step_mismatch_of)


class ValidityState:
    """The validity states of an element (the DOM's ``ValidityState``), with
    the flags in snake_case.  Immutable; ``valid`` is true when no flag is
    set."""

    __slots__ = ("value_missing", "type_mismatch", "pattern_mismatch", "too_long", "too_short",
                 "range_underflow", "range_overflow", "step_mismatch", "bad_input",
                 "custom_error")

    #: The flags, in the order of the DOM's ValidityState interface.
    FLAGS: ClassVar[tuple[str, ...]] = (
        "value_missing", "type_mismatch", "pattern_mismatch", "too_long", "too_short",
        "range_underflow", "range_overflow", "step_mismatch", "bad_input", "custom_error")
    #: Each flag's name in the DOM (``validity.valueMissing``, ...).
    DOM_NAMES: ClassVar[dict[str, str]] = {
        "value_missing": "valueMissing", "type_mismatch": "typeMismatch",
        "pattern_mismatch": "patternMismatch", "too_long": "tooLong", "too_short": "tooShort",
        "range_underflow": "rangeUnderflow", "range_overflow": "rangeOverflow",
        "step_mismatch": "stepMismatch", "bad_input": "badInput",
        "custom_error": "customError"}

    value_missing: bool
    type_mismatch: bool
    pattern_mismatch: bool
    too_long: bool
    too_short: bool
    range_underflow: bool
    range_overflow: bool
    step_mismatch: bool
    bad_input: bool
    custom_error: bool

    def __init__(self, *, value_missing: bool = False, type_mismatch: bool = False,
                 pattern_mismatch: bool = False, too_long: bool = False,
                 too_short: bool = False, range_underflow: bool = False,
                 range_overflow: bool = False, step_mismatch: bool = False,
                 bad_input: bool = False, custom_error: bool = False) -> None:
        setter = object.__setattr__
        setter(self, "value_missing", bool(value_missing))
        setter(self, "type_mismatch", bool(type_mismatch))
        setter(self, "pattern_mismatch", bool(pattern_mismatch))
        setter(self, "too_long", bool(too_long))
        setter(self, "too_short", bool(too_short))
        setter(self, "range_underflow", bool(range_underflow))
        setter(self, "range_overflow", bool(range_overflow))
        setter(self, "step_mismatch", bool(step_mismatch))
        setter(self, "bad_input", bool(bad_input))
        setter(self, "custom_error", bool(custom_error))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ValidityState is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("ValidityState is immutable")

    @property
    def valid(self) -> bool:
        """True when none of the flags is set (the DOM's ``valid``)."""
        return not any(getattr(self, flag) for flag in self.FLAGS)

    def flags(self) -> tuple[str, ...]:
        """The names of the flags that are set, in order."""
        return tuple(flag for flag in self.FLAGS if getattr(self, flag))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ValidityState):
            return NotImplemented
        return self.flags() == other.flags()

    def __hash__(self) -> int:
        return hash(self.flags())

    def __repr__(self) -> str:
        flags = self.flags()
        if not flags:
            return "ValidityState(valid)"
        return "ValidityState(" + ", ".join(flags) + ")"


VALID = ValidityState()


# Candidates ----------------------------------------------------------------------


def is_barred_from_constraint_validation(el: Element, cache: Cache) -> bool:
    """Whether an element is barred from constraint validation (HTML
    §4.10.20.1 and the rules it collects): every element that is not a
    submittable element (button, input, select, textarea) -- "output
    elements", "fieldset elements" and "object elements are always barred
    from constraint validation"; and a submittable element that is disabled
    ("If an element is disabled, it is barred from constraint validation"),
    that "has a datalist element ancestor", an input "whose type attribute
    is in the Hidden", "Reset Button" or "Button" state, an input or
    textarea with a readonly attribute ("If the readonly attribute is
    specified on an input element, the element is barred from constraint
    validation"), or a button that is not a submit button ("If
    the element is not a submit button, it is barred from constraint
    validation")."""
    if el.namespace != HTML_NAMESPACE or el.local_name not in SUBMITTABLE:
        return True
    name = el.local_name
    if name == "input":
        kind = input_type_state(el)
        if kind in ("hidden", "reset", "button"):
            return True
        if "readonly" in el.attrs:
            # (Literally "on an input element", whatever its type, as
            # Chromium reads it: a readonly checkbox is barred too.)
            return True
    elif name == "textarea":
        if "readonly" in el.attrs:
            return True
    elif name == "button":
        if not is_submit_button(el):
            return True
    if "disabled" in el.attrs or in_disabled_fieldset(el, cache):
        return True
    return has_datalist_ancestor(el, cache)


def will_validate(el: Element, cache: Cache) -> bool:
    """HTML §4.10.20.1: "A submittable element is a candidate for constraint
    validation except when a condition has barred the element from
    constraint validation"."""
    return not is_barred_from_constraint_validation(el, cache)


# The checks, per element --------------------------------------------------------

# HTML §4.10.5.1.5 "A valid email address is a string that matches the email
# production of the following ABNF" -- the standard gives it as this
# JavaScript- and Perl-compatible regular expression.
_EMAIL = re.compile(
    r"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*")


def is_valid_email_address(value: str) -> bool:
    """HTML "valid email address" (§4.10.5.1.5)."""
    return _EMAIL.fullmatch(value) is not None and value.isascii()


def is_valid_email_address_list(value: str) -> bool:
    """HTML "valid email address list": "a set of comma-separated tokens,
    where each token is itself a valid email address"."""
    from ..microsyntax import split_comma_tokens
    return all(is_valid_email_address(token) for token in split_comma_tokens(value))


def is_valid_absolute_url(value: str) -> bool:
    """Whether ``value`` parses as a URL without a base (HTML's "valid
    absolute URL" for the URL state's type mismatch, as browsers check it:
    the URL parser does not fail)."""
    return parse_url(value) is not None


def suffering_from_being_too_long(value: str, maxlength: str | None, dirty: bool) -> bool:
    """"If an element has a maximum allowed value length, its dirty value
    flag is true, its value was last changed by a user edit (as opposed to a
    change made by a script), and the length of the element's API value is
    greater than the element's maximum allowed value length, then the
    element is suffering from being too long."  ``dirty`` stands for the
    dirty flag and the user edit together; a parsed document has neither,
    so callers pass False.  Lengths are in UTF-16 code units."""
    if not dirty or maxlength is None:
        return False
    from ..microsyntax import parse_non_negative_integer
    limit = parse_non_negative_integer(maxlength)
    return limit is not None and _code_units(value) > limit


def suffering_from_being_too_short(value: str, minlength: str | None, dirty: bool) -> bool:
    """"If an element has a minimum allowed value length, its dirty value
    flag is true, its value was last changed by a user edit ..., its value
    is not the empty string, and the length of the element's API value is
    less than the element's minimum allowed value length, then the element
    is suffering from being too short."  (``dirty`` as above.)"""
    if not dirty or minlength is None or not value:
        return False
    from ..microsyntax import parse_non_negative_integer
    limit = parse_non_negative_integer(minlength)
    return limit is not None and _code_units(value) < limit


def _code_units(value: str) -> int:
    return len(value) + sum(1 for c in value if ord(c) > 0xFFFF)


def _pattern_matches(pattern: str, values: list[str], cache: Cache) -> bool:
    """Whether every one of ``values`` matches the compiled pattern regular
    expression of ``pattern``; True when the pattern does not compile (then
    the element has no compiled pattern regular expression)."""
    memo = table(cache, "forms.pattern")
    compiled = memo.get(pattern, memo)
    if compiled is memo:
        from ._pattern import compile_pattern
        compiled = memo[pattern] = compile_pattern(pattern)
    if compiled is None:
        return True
    return all(compiled.matches(value) for value in values)


def _suffering_from_a_pattern_mismatch(el: Element, kind: str, value: str,
                                       cache: Cache) -> bool:
    """"If the element's value is not the empty string, and either the
    element's multiple attribute is not specified or it does not apply to
    the input element given its type attribute's current state, and the
    element has a compiled pattern regular expression but that regular
    expression does not match the element's value, then the element is
    suffering from a pattern mismatch."  With multiple (email): "... does
    not match each of the element's values"."""
    pattern = el.attrs.get("pattern")
    if pattern is None or not value or kind not in PATTERN_APPLIES:
        return False
    if kind == "email" and "multiple" in el.attrs:
        from ..microsyntax import split_comma_tokens
        values = split_comma_tokens(value)
    else:
        values = [value]
    return not _pattern_matches(pattern, values, cache)


def _radio_suffering_from_being_missing(el: Element, cache: Cache) -> bool:
    """Radio Button state: "If an element in the radio button group is
    required, and all of the input elements in the radio button group have a
    checkedness that is false, then the element is suffering from being
    missing.\""""
    _, groups_checked, groups_required = radio_groups(el, cache)
    group = radio_group(el, cache)
    return group in groups_required and group not in groups_checked


def _is_mutable(el: Element, cache: Cache) -> bool:
    """Whether an input or textarea is mutable: not disabled ("A form
    control that is disabled ... is not mutable") and without a readonly
    attribute ("When specified, the element is not mutable")."""
    return "readonly" not in el.attrs and "disabled" not in el.attrs and \
        not in_disabled_fieldset(el, cache)


def _input_validity(el: Element, cache: Cache) -> ValidityState:
    kind = input_type_state(el)
    value = input_value(el, cache)
    flags: dict[str, bool] = {}
    required = "required" in el.attrs and kind in REQUIRED_APPLIES
    if kind == "checkbox":
        # "If the element is required and its checkedness is false, then the
        # element is suffering from being missing."
        flags["value_missing"] = required and not checkedness(el, cache)
    elif kind == "radio":
        flags["value_missing"] = _radio_suffering_from_being_missing(el, cache)
    elif kind == "file":
        # "If the element is required and the list of selected files is
        # empty, then the element is suffering from being missing."
        flags["value_missing"] = required
    elif required:
        # The required attribute (HTML §4.10.5.3.4): "If the element is
        # required, and its value IDL attribute applies and is in the mode
        # value, and the element is mutable, and the element's value is the
        # empty string, then the element is suffering from being missing."
        flags["value_missing"] = not value and _is_mutable(el, cache)
    if kind == "url":
        # "While the value of the element is neither the empty string nor a
        # valid absolute URL, the element is suffering from a type mismatch."
        flags["type_mismatch"] = bool(value) and not is_valid_absolute_url(value)
    elif kind == "email":
        if "multiple" in el.attrs:
            # "While the value of the element is not a valid email address
            # list, the element is suffering from a type mismatch."
            flags["type_mismatch"] = not is_valid_email_address_list(value)
        else:
            # "While the value of the element is neither the empty string nor
            # a single valid email address, the element is suffering from a
            # type mismatch."
            flags["type_mismatch"] = bool(value) and not is_valid_email_address(value)
    if kind in PATTERN_APPLIES:
        flags["pattern_mismatch"] = _suffering_from_a_pattern_mismatch(el, kind, value, cache)
    if kind in LENGTH_APPLIES:
        flags["too_long"] = suffering_from_being_too_long(value, el.attrs.get("maxlength"),
                                                          dirty=False)
        flags["too_short"] = suffering_from_being_too_short(value, el.attrs.get("minlength"),
                                                            dirty=False)
    if kind in RANGE_APPLIES:
        number = convert_string_to_number(kind, value) if value else None
        if number is not None:
            limits = limits_of(el, kind, cache)
            underflow, overflow = _range_flags(number, limits, kind)
            flags["range_underflow"] = underflow
            flags["range_overflow"] = overflow
            flags["step_mismatch"] = step_mismatch_of(number, limits, kind)
    return ValidityState(**flags) if any(flags.values()) else VALID


def has_reversed_range(kind: str, limits: Limits) -> bool:
    """"An element has a reversed range if it has a periodic domain and its
    maximum is less than its minimum."  (Only the Time state has a periodic
    domain.)"""
    return kind == "time" and limits.minimum is not None and limits.maximum is not None \
        and limits.maximum < limits.minimum


def _range_flags(number: Decimal, limits: Limits, kind: str) -> tuple[bool, bool]:
    """Underflow and overflow for a value that converts to ``number``:
    "When the element has a minimum and does not have a reversed range, and
    the result of applying the algorithm to convert a string to a number to
    the string given by the element's value is a number, and the number
    obtained from that algorithm is less than the minimum, the element is
    suffering from an underflow" (likewise overflow, more than the
    maximum); "When an element has a reversed range, and the result ... is
    more than the maximum and less than the minimum, the element is
    simultaneously suffering from an underflow and suffering from an
    overflow.\""""
    minimum, maximum = limits.minimum, limits.maximum
    if has_reversed_range(kind, limits):
        assert minimum is not None and maximum is not None
        both = maximum < number < minimum
        return both, both
    return (minimum is not None and number < minimum,
            maximum is not None and number > maximum)


def _select_validity(el: Element, cache: Cache) -> ValidityState:
    """"If the element has its required attribute specified, and either none
    of the option elements in the select element's list of options have
    their selectedness set to true, or the only option element in the select
    element's list of options with its selectedness set to true is the
    placeholder label option, then the element is suffering from being
    missing.\""""
    if "required" not in el.attrs:
        return VALID
    selected = selected_options(el, cache)
    if not selected:
        return ValidityState(value_missing=True)
    if len(selected) == 1 and selected[0] is placeholder_label_option(el, cache):
        return ValidityState(value_missing=True)
    return VALID


def placeholder_label_option(select: Element, cache: Cache) -> Element | None:
    """"If a select element has a required attribute specified, does not
    have a multiple attribute specified, and has a display size of 1; and if
    the value of the first option element in the select element's list of
    options (if any) is the empty string, and that option element's parent
    node is the select element (and not an optgroup element), then that
    option is the select element's placeholder label option.\""""
    if "required" not in select.attrs or "multiple" in select.attrs or \
            not display_size_is_one(select):
        return None
    options = list_of_options(select, cache)
    if not options:
        return None
    first = options[0]
    if first.parent is not select or control_value(first, cache) != "":
        return None
    return first


def _textarea_validity(el: Element, cache: Cache) -> ValidityState:
    """"If the element has its required attribute specified, and the element
    is mutable, and the element's value is the empty string, then the
    element is suffering from being missing."  (A barred textarea -- readonly
    or disabled -- is not mutable and not a candidate.)"""
    value = control_value(el, cache)
    too_long = suffering_from_being_too_long(value, el.attrs.get("maxlength"), dirty=False)
    too_short = suffering_from_being_too_short(value, el.attrs.get("minlength"), dirty=False)
    missing = "required" in el.attrs and not value and _is_mutable(el, cache)
    if missing or too_long or too_short:
        return ValidityState(value_missing=missing, too_long=too_long, too_short=too_short)
    return VALID


def validity(el: Element, cache: Cache) -> ValidityState:
    """The validity states of ``el``: whether it is suffering from each of
    them.  The standard defines these states whatever the element's
    candidacy, and browsers report them so (a disabled required checkbox
    has ``validity.valueMissing``; ``validity.valid`` is then false though
    ``checkValidity()`` is true, as the element is barred); what a barred
    element escapes is :func:`check_validity`, the pseudo-classes and the
    message.  Button elements are never invalid (only a custom error, which
    a parsed document does not have, could make them so); elements other
    than the submittable ones have no constraints."""
    memo = table(cache, "forms.validity")
    found = memo.get(el)
    if found is not None:
        return found  # type: ignore[no-any-return]
    if el.namespace != HTML_NAMESPACE:
        state = VALID
    else:
        name = el.local_name
        if name == "input":
            state = _input_validity(el, cache)
        elif name == "select":
            state = _select_validity(el, cache)
        elif name == "textarea":
            state = _textarea_validity(el, cache)
        else:
            state = VALID
    memo[el] = state
    return state


# Messages ---------------------------------------------------------------------------


def validation_code(el: Element, cache: Cache) -> str | None:
    """The DOM name of the first flag set (in ValidityState order), or None
    when the element is valid or not a candidate."""
    if not will_validate(el, cache):
        return None
    state = validity(el, cache)
    for flag in ValidityState.FLAGS:
        if getattr(state, flag):
            return ValidityState.DOM_NAMES[flag]
    return None


def validation_message(el: Element, cache: Cache) -> str:
    """An English message for the first flag set, or "" (HTML: "If the
    element is not a candidate for constraint validation or if it is one but
    it satisfies its constraints, return the empty string")."""
    code = validation_code(el, cache)
    if code is None:
        return ""
    name = el.local_name
    kind = input_type_state(el) if name == "input" else name
    if code == "valueMissing":
        if kind == "checkbox":
            return "Please check this box if you want to proceed."
        if kind == "radio":
            return "Please select one of these options."
        if kind == "file":
            return "Please select a file."
        if kind == "select":
            return "Please select an item in the list."
        return "Please fill out this field."
    if code == "typeMismatch":
        if kind == "url":
            return "Please enter a URL."
        if "multiple" in el.attrs:
            return "Please enter a comma-separated list of email addresses."
        return "Please enter an email address."
    if code == "patternMismatch":
        return "Please match the requested format."
    if code in ("rangeUnderflow", "rangeOverflow"):
        limits = limits_of(el, kind, cache)
        under = code == "rangeUnderflow"
        bound = el.attrs.get("min" if under else "max")
        if kind == "range" or bound is None:
            bound = _format_number(limits.minimum if under else limits.maximum)
        if has_reversed_range(kind, limits):
            return (f"Value must be {el.attrs.get('min')} or later, or "
                    f"{el.attrs.get('max')} or earlier.")
        if kind in ("number", "range"):
            relation = "greater" if under else "less"
            return f"Value must be {relation} than or equal to {bound}."
        return f"Value must be {bound} or {'later' if under else 'earlier'}."
    if code == "stepMismatch":
        return "Please enter a valid value."
    return "Please enter a valid value."  # tooLong, tooShort, badInput, customError


def _format_number(number: Decimal | None) -> str:
    from ..microsyntax import serialize_float
    return serialize_float(float(number)) if number is not None else ""


# Forms, fieldsets and the pseudo-classes -------------------------------------------


def _invalid_owners(el: Element, cache: Cache) -> tuple[set[Element], set[Element]]:
    """For the tree of ``el``: the forms that are the form owner of an
    invalid candidate, and the fieldsets with an invalid candidate among
    their descendants.  One pass over the tree; each ancestor path is
    walked once (marked nodes stop the walk), so linear time."""
    root = tree_root(el, cache)
    memo = table(cache, "forms.invalid-owners")
    found = memo.get(root)
    if found is not None:
        return found  # type: ignore[no-any-return]
    forms: set[Element] = set()
    fieldsets: set[Element] = set()
    walked: set[Element] = set()
    for e in all_elements(root, cache):
        if e.namespace != HTML_NAMESPACE or e.local_name not in SUBMITTABLE:
            continue
        if validity(e, cache).valid or not will_validate(e, cache):
            continue
        form = form_owner(e, cache)
        if form is not None:
            forms.add(form)
        node = e.parent
        while isinstance(node, Element) and node not in walked:
            walked.add(node)
            if is_html(node, "fieldset"):
                fieldsets.add(node)
            node = node.parent
    result = memo[root] = (forms, fieldsets)
    return result


def check_validity(el: Element, cache: Cache) -> bool:
    """HTML checkValidity() without its events: for a form, "statically
    validate the constraints" -- true when none of the submittable elements
    whose form owner is the form is a candidate that does not satisfy its
    constraints; for any other element, true when it is not a candidate or
    satisfies its constraints (so always for fieldset, output, object)."""
    if is_html(el, "form"):
        return el not in _invalid_owners(el, cache)[0]
    return not will_validate(el, cache) or validity(el, cache).valid


def matches_invalid(el: Element, cache: Cache) -> bool:
    """:invalid (HTML §4.16.3): "elements that are candidates for constraint
    validation but that do not satisfy their constraints", "form elements
    that are the form owner of one or more elements that ... are candidates
    for constraint validation but do not satisfy their constraints", and
    "fieldset elements that have descendant elements that themselves are
    candidates for constraint validation but do not satisfy their
    constraints"."""
    if el.namespace != HTML_NAMESPACE:
        return False
    name = el.local_name
    if name == "form":
        return el in _invalid_owners(el, cache)[0]
    if name == "fieldset":
        return el in _invalid_owners(el, cache)[1]
    if name in SUBMITTABLE:
        return will_validate(el, cache) and not validity(el, cache).valid
    return False


def matches_valid(el: Element, cache: Cache) -> bool:
    """:valid (HTML §4.16.3): candidates that satisfy their constraints, and
    form and fieldset elements that :invalid does not match."""
    if el.namespace != HTML_NAMESPACE:
        return False
    name = el.local_name
    if name == "form" or name == "fieldset":
        return not matches_invalid(el, cache)
    if name in SUBMITTABLE:
        return will_validate(el, cache) and validity(el, cache).valid
    return False


def has_range_limitations(el: Element, cache: Cache) -> bool:
    """"An element has range limitations if it has a defined minimum or a
    defined maximum": an input whose type the min and max attributes apply
    to (dates and times, number, range), with a min or max that converts to
    a number, or the Range state's defaults."""
    if not is_html(el, "input"):
        return False
    kind = input_type_state(el)
    if kind not in RANGE_APPLIES:
        return False
    limits = limits_of(el, kind, cache)
    return limits.minimum is not None or limits.maximum is not None


def is_out_of_range(el: Element, cache: Cache) -> bool:
    """:out-of-range: "elements that are candidates for constraint
    validation, that have range limitations, and that are either suffering
    from an underflow or suffering from an overflow"."""
    if not has_range_limitations(el, cache) or not will_validate(el, cache):
        return False
    state = validity(el, cache)
    return state.range_underflow or state.range_overflow


def is_in_range(el: Element, cache: Cache) -> bool:
    """:in-range: "elements that are candidates for constraint validation,
    that have range limitations, and that are neither suffering from an
    underflow nor suffering from an overflow"."""
    if not has_range_limitations(el, cache) or not will_validate(el, cache):
        return False
    state = validity(el, cache)
    return not (state.range_underflow or state.range_overflow)


def submittable_elements(form: Element, cache: Cache) -> list[Element]:
    """The submittable elements whose form owner is ``form``, in tree order."""
    root = tree_root(form, cache)
    memo = table(cache, "forms.controls")
    by_form = memo.get(root)
    if by_form is None:
        by_form = memo[root] = {}
        for e in all_elements(root, cache):
            if e.namespace == HTML_NAMESPACE and e.local_name in SUBMITTABLE:
                owner = form_owner(e, cache)
                if owner is not None:
                    by_form.setdefault(owner, []).append(e)
    return by_form.get(form, [])  # type: ignore[no-any-return]

