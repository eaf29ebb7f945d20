"""Constraint validation, the HTML way (HTML §4.10), on a parsed document.

What a browser computes for a page it has just parsed -- no script has run,
no user has typed -- computed from markup5's tree: each ``input`` type's
value sanitization algorithm, the validity states (``el.validity`` in the
DOM), ``willValidate``, ``checkValidity()``, a validation message, and what
``:valid``, ``:invalid``, ``:in-range`` and ``:out-of-range`` match.  The
microsyntaxes come from :mod:`markup5.microsyntax`, URLs from
:mod:`markup5.url`, ``pattern`` from :func:`compile_pattern` (a JavaScript
regular expression with the ``v`` flag).

>>> from markup5 import parse, forms
>>> doc = parse('<form><input type=number name=n value=7 min=10 required>'
...             '<input type=email value=" a@b.example "></form>')
>>> number, email = doc.select("input")
>>> forms.validity(number)
ValidityState(range_underflow)
>>> forms.value(email), forms.check_validity(email)
('a@b.example', True)
>>> forms.check_validity(doc.select_one("form")), forms.validation_message(number)
(False, 'Value must be greater than or equal to 10.')

Every function takes an optional keyword ``cache``: a dict the function
keeps what it computes per tree in (radio button groups, form owners,
options, ...).  Pass the same dict to calls about one tree to make asking
about every element linear in the size of the tree; a cache is valid while
the tree does not change.  Without one, each call starts afresh.

A non-:class:`~markup5.dom.Element` argument raises TypeError.
"""

from __future__ import annotations

from typing import Any

from ..dom import Element
from . import _tree, _validity
from ._pattern import CompiledPattern, compile_pattern
from ._tree import input_type_state as _input_type_state
from ._validity import ValidityState
from ._values import control_value as _control_value
from ._values import sanitize_value as _sanitize_value
from ._values import value_mode as _value_mode

__all__ = [
    "ValidityState", "CompiledPattern", "compile_pattern",
    "input_type_state", "value_mode", "sanitize_value", "value",
    "is_actually_disabled", "checkedness", "selectedness", "is_indeterminate",
    "form_owner", "is_submit_button", "is_default_button",
    "is_barred_from_constraint_validation", "will_validate", "validity", "check_validity",
    "validation_message", "validation_code",
    "has_range_limitations", "is_in_range", "is_out_of_range",
    "matches_valid", "matches_invalid",
    "is_valid_email_address", "is_valid_email_address_list",
]

Cache = dict[object, Any]


def _element(el: object, func: str, name: str = "el") -> Element:
    if not isinstance(el, Element):
        raise TypeError(f"{func}() argument {name!r} must be an Element, "
                        f"not {type(el).__name__}")
    return el


def _cache(cache: object, func: str) -> Cache:
    if cache is None:
        return {}
    if not isinstance(cache, dict):
        raise TypeError(f"{func}() argument 'cache' must be a dict or None, "
                        f"not {type(cache).__name__}")
    return cache


def input_type_state(el: Element) -> str:
    """The state of an input element's ``type`` attribute: its keyword in
    lowercase ("datetime-local", "checkbox", ...), or "text" when it is
    missing or not a keyword.  (Also "text" for an element that is not an
    input: the attribute means nothing there.)"""
    el = _element(el, "input_type_state")
    if not _tree.is_html(el, "input"):
        return "text"
    return _input_type_state(el)


def value_mode(el: Element) -> str:
    """The value mode of an input (HTML §4.10.5.4): "value", "default",
    "default/on" or "filename"."""
    return _value_mode(input_type_state(_element(el, "value_mode")))


def sanitize_value(el: Element, value: str) -> str:
    """The value sanitization algorithm of ``el``'s type state applied to
    ``value`` (the other attributes of ``el`` -- multiple, min, max, step --
    play their part); for a type without one, ``value`` unchanged."""
    el = _element(el, "sanitize_value")
    if not isinstance(value, str):
        raise TypeError(f"sanitize_value() argument 'value' must be a str, "
                        f"not {type(value).__name__}")
    return _sanitize_value(el, input_type_state(el), value)


def value(el: Element, *, cache: Cache | None = None) -> str:
    """The control's value as parsed: an input's value attribute after its
    type's value sanitization algorithm (or "" / "on" in the "default" and
    "default/on" value modes; "" for file); a textarea's API value (its
    text with newlines normalized); a select's, the value of its first
    selected option or ""; an option's value; a button's value attribute;
    an output's text.  "" for other elements."""
    el = _element(el, "value")
    return _control_value(el, _cache(cache, "value"))


def is_actually_disabled(el: Element, *, cache: Cache | None = None) -> bool:
    """HTML "actually disabled" (what ``:disabled`` matches): a form control
    with a disabled attribute or inside a disabled fieldset (outside its
    first legend), a disabled fieldset, optgroup or option."""
    el = _element(el, "is_actually_disabled")
    return _tree.is_actually_disabled(el, _cache(cache, "is_actually_disabled"))


def checkedness(el: Element, *, cache: Cache | None = None) -> bool:
    """A checkbox's or radio button's checkedness as parsed (a radio button
    is unchecked by a later checked one of its group); False otherwise."""
    el = _element(el, "checkedness")
    return _tree.checkedness(el, _cache(cache, "checkedness"))


def selectedness(el: Element, *, cache: Cache | None = None) -> bool:
    """An option's selectedness once parsing is done (its select's
    selectedness setting algorithm); False for other elements."""
    el = _element(el, "selectedness")
    if not _tree.is_html(el, "option"):
        return False
    return _tree.selectedness(el, _cache(cache, "selectedness"))


def is_indeterminate(el: Element, *, cache: Cache | None = None) -> bool:
    """What ``:indeterminate`` matches in a parsed document: radio buttons
    whose radio button group has no checked button, and progress elements
    without a value attribute.  (A checkbox's indeterminate IDL attribute
    is only ever set by a script.)"""
    el = _element(el, "is_indeterminate")
    if _tree.is_html(el, "input"):
        if _input_type_state(el) != "radio":
            return False
        c = _cache(cache, "is_indeterminate")
        return _tree.radio_group(el, c) not in _tree.radio_groups(el, c)[1]
    return _tree.is_html(el, "progress") and "value" not in el.attrs


def form_owner(el: Element, *, cache: Cache | None = None) -> Element | None:
    """The form owner of a form-associated element: the form its ``form``
    attribute names (the first element of the tree with that ID, if a
    form), else its nearest form ancestor; None if neither."""
    el = _element(el, "form_owner")
    return _tree.form_owner(el, _cache(cache, "form_owner"))


def is_submit_button(el: Element) -> bool:
    """Whether ``el`` is a submit button (an input of type submit or image,
    or a button in the Submit Button state or its Auto state)."""
    return _tree.is_submit_button(_element(el, "is_submit_button"))


def is_default_button(el: Element, *, cache: Cache | None = None) -> bool:
    """Whether ``el`` is its form's default button: the first submit button
    in tree order whose form owner is that form."""
    el = _element(el, "is_default_button")
    return _tree.is_default_button(el, _cache(cache, "is_default_button"))


def is_barred_from_constraint_validation(el: Element, *, cache: Cache | None = None) -> bool:
    """Whether ``el`` is barred from constraint validation: not a
    submittable element; disabled; inside a datalist; an input of type
    hidden, reset or button; readonly (input and textarea); a button that is
    not a submit button."""
    el = _element(el, "is_barred_from_constraint_validation")
    return _validity.is_barred_from_constraint_validation(
        el, _cache(cache, "is_barred_from_constraint_validation"))


def will_validate(el: Element, *, cache: Cache | None = None) -> bool:
    """``willValidate``: ``el`` is a submittable element and a candidate for
    constraint validation (not barred)."""
    el = _element(el, "will_validate")
    return _validity.will_validate(el, _cache(cache, "will_validate"))


def validity(el: Element, *, cache: Cache | None = None) -> ValidityState:
    """The element's :class:`ValidityState`: which constraints it suffers
    from.  As in browsers, this does not depend on candidacy (a disabled
    required checkbox has ``value_missing``); :func:`check_validity`,
    :func:`validation_message` and the pseudo-classes do.  All flags are
    false for elements other than input, select and textarea."""
    el = _element(el, "validity")
    return _validity.validity(el, _cache(cache, "validity"))


def check_validity(el: Element, *, cache: Cache | None = None) -> bool:
    """``checkValidity()`` without its events: for a form, whether every
    submittable element it owns that is a candidate satisfies its
    constraints; for other elements, ``not will_validate or valid`` (always
    True for fieldset, output, object)."""
    el = _element(el, "check_validity")
    return _validity.check_validity(el, _cache(cache, "check_validity"))


def validation_message(el: Element, *, cache: Cache | None = None) -> str:
    """``validationMessage``: "" when ``el`` is not a candidate or is valid,
    else an English message for its first failing flag (stable text, close
    to Chromium's)."""
    el = _element(el, "validation_message")
    return _validity.validation_message(el, _cache(cache, "validation_message"))


def validation_code(el: Element, *, cache: Cache | None = None) -> str | None:
    """The DOM name of the first failing flag ("valueMissing",
    "typeMismatch", ...), or None when ``el`` is valid or not a candidate."""
    el = _element(el, "validation_code")
    return _validity.validation_code(el, _cache(cache, "validation_code"))


def has_range_limitations(el: Element, *, cache: Cache | None = None) -> bool:
    """Whether an input has a defined minimum or maximum (number, range and
    the date and time types)."""
    el = _element(el, "has_range_limitations")
    return _validity.has_range_limitations(el, _cache(cache, "has_range_limitations"))


def is_in_range(el: Element, *, cache: Cache | None = None) -> bool:
    """``:in-range``: a candidate with range limitations suffering from
    neither an underflow nor an overflow."""
    el = _element(el, "is_in_range")
    return _validity.is_in_range(el, _cache(cache, "is_in_range"))


def is_out_of_range(el: Element, *, cache: Cache | None = None) -> bool:
    """``:out-of-range``: a candidate with range limitations suffering from
    an underflow or an overflow."""
    el = _element(el, "is_out_of_range")
    return _validity.is_out_of_range(el, _cache(cache, "is_out_of_range"))


def matches_valid(el: Element, *, cache: Cache | None = None) -> bool:
    """``:valid``: candidates that satisfy their constraints; forms none of
    whose candidates fails; fieldsets none of whose descendant candidates
    fails."""
    el = _element(el, "matches_valid")
    return _validity.matches_valid(el, _cache(cache, "matches_valid"))


def matches_invalid(el: Element, *, cache: Cache | None = None) -> bool:
    """``:invalid``: candidates that do not satisfy their constraints; forms
    that own one; fieldsets with one among their descendants."""
    el = _element(el, "matches_invalid")
    return _validity.matches_invalid(el, _cache(cache, "matches_invalid"))


def is_valid_email_address(value: str) -> bool:
    """HTML "valid email address" (the standard's regular expression)."""
    if not isinstance(value, str):
        raise TypeError(f"is_valid_email_address() argument 'value' must be a str, "
                        f"not {type(value).__name__}")
    return _validity.is_valid_email_address(value)


def is_valid_email_address_list(value: str) -> bool:
    """HTML "valid email address list": comma-separated valid email
    addresses (ASCII whitespace around each allowed)."""
    if not isinstance(value, str):
        raise TypeError(f"is_valid_email_address_list() argument 'value' must be a str, "
                        f"not {type(value).__name__}")
    return _validity.is_valid_email_address_list(value)
