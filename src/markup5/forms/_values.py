"""The values of form controls as parsed (HTML §4.10.5 value modes and each
input type state's value sanitization algorithm), and each type's
"algorithm to convert a string to a number" with its minimum, maximum,
step base, default step and step scale factor.

Numbers are :class:`decimal.Decimal` built from the shortest decimal string
of the double the standard's parsing rules give (as browsers compute steps
in decimal: ``value=0.3 step=0.1`` is no step mismatch).
"""

from __future__ import annotations

import decimal
import re
from decimal import Decimal
from typing import NamedTuple

from ..dom import HTML_NAMESPACE, SVG_NAMESPACE, Element, Text
from ..microsyntax import (is_valid_date_string, is_valid_float, is_valid_local_datetime_string,
                           is_valid_month_string, is_valid_time_string,
                           is_valid_week_string, parse_date, parse_float, parse_local_datetime,
                           parse_month, parse_time, parse_week, serialize_float,
                           serialize_local_datetime, split_comma_tokens)
from ._color import sanitize_color
from ._rules import TEXT_VALUE_TYPES
from ._tree import Cache, child_text_content, input_type_state, selected_options, table

_ASCII_WHITESPACE = "\t\n\f\r "
_ASCII_WORDS = re.compile(r"[^\t\n\f\r ]+")
#: Enough digits that sums and products of doubles (17 digits each, the
#: step test bounds their ratio by 2**53) are exact.
_CONTEXT = decimal.Context(prec=120, Emin=-999999, Emax=999999)


def strip_newlines(value: str) -> str:
    """Infra "strip newlines": remove every U+000A LF and U+000D CR."""
    if "\n" in value or "\r" in value:
        return value.replace("\n", "").replace("\r", "")
    return value


def normalize_newlines(value: str) -> str:
    """Infra "normalize newlines": CRLF and CR become LF."""
    if "\r" in value:
        return value.replace("\r\n", "\n").replace("\r", "\n")
    return value


def to_decimal(number: float) -> Decimal:
    """A double as the decimal of its shortest round-tripping string."""
    return Decimal(repr(number))


# Value modes (HTML §4.10.5.4 "value"'s modes) ------------------------------------

#: "default": the value IDL attribute reflects the value content attribute.
DEFAULT_MODE = frozenset({"hidden", "submit", "image", "reset", "button"})
#: "default/on": the value attribute, or "on" without one.
DEFAULT_ON_MODE = frozenset({"checkbox", "radio"})


def value_mode(kind: str) -> str:
    """The value mode of an input type state: "value", "default",
    "default/on" or "filename"."""
    if kind in DEFAULT_MODE:
        return "default"
    if kind in DEFAULT_ON_MODE:
        return "default/on"
    if kind == "file":
        return "filename"
    return "value"


# Value sanitization algorithms ----------------------------------------------------


def sanitize_value(el: Element, kind: str, value: str) -> str:
    """The value sanitization algorithm of the input type state ``kind``
    applied to ``value`` (the value content attribute, or "" without one);
    ``el`` gives the other attributes (multiple, min, max, step)."""
    if kind in TEXT_VALUE_TYPES:
        # Text, Search, Telephone, Password: "Strip newlines from the value."
        return strip_newlines(value)
    if kind == "url":
        # URL: "Strip newlines from the value, then strip leading and
        # trailing ASCII whitespace from the value."
        return strip_newlines(value).strip(_ASCII_WHITESPACE)
    if kind == "email":
        if "multiple" not in el.attrs:
            # "Strip newlines from the value, then strip leading and
            # trailing ASCII whitespace from the value."
            return strip_newlines(value).strip(_ASCII_WHITESPACE)
        # With multiple: "Split on commas the element's value, strip leading
        # and trailing ASCII whitespace from each resulting token, if any,
        # ... Set the element's value to the result of concatenating the
        # element's values, separating each token from the next by a single
        # U+002C COMMA character (,)".
        return ",".join(split_comma_tokens(value))
    if kind == "number":
        # "If the value of the element is not a valid floating-point number,
        # then set it to the empty string instead."
        return value if is_valid_float(value) else ""
    if kind == "range":
        return _sanitize_range(el, value)
    if kind == "date":
        # "If the value of the element is not a valid date string, then set
        # it to the empty string instead."
        return value if is_valid_date_string(value) else ""
    if kind == "month":
        return value if is_valid_month_string(value) else ""
    if kind == "week":
        return value if is_valid_week_string(value) else ""
    if kind == "time":
        return value if is_valid_time_string(value) else ""
    if kind == "datetime-local":
        # "If the value of the element is a valid local date and time
        # string, then set it to a valid normalized local date and time
        # string representing the same date and time; otherwise, set it to
        # the empty string instead."
        if not is_valid_local_datetime_string(value):
            return ""
        parsed = parse_local_datetime(value)
        assert parsed is not None
        return serialize_local_datetime(parsed)
    if kind == "color":
        # A CSS color, serialized as "#rrggbb"; else "#000000" (see
        # ._color: HTML of 2025, as Chromium does it).
        return sanitize_color(value)
    return value  # hidden, checkbox, radio, file, the buttons: no algorithm


def _sanitize_range(el: Element, value: str) -> str:
    """The Range state (HTML §4.10.5.1.13): "If the value of the element is
    not a valid floating-point number, then set it to the best
    representation, as a floating-point number, of the default value"; then,
    as the state requires of the value at all times: "When the element is
    suffering from an underflow, the user agent must set the element's value
    to a valid floating-point number that represents the minimum. When the
    element is suffering from an overflow, if the maximum is not less than
    the minimum, the user agent must set the element's value to a valid
    floating-point number that represents the maximum. When the element is
    suffering from a step mismatch, the user agent must round the element's
    value to the nearest number for which the element would not suffer from
    a step mismatch, and which is greater than or equal to the minimum, and,
    if the maximum is not less than the minimum, which is less than or equal
    to the maximum, if there is a number that matches these constraints. If
    two numbers match these constraints, then user agents must use the one
    nearest to positive infinity.\""""
    limits = limits_of(el, "range")
    minimum = limits.minimum
    maximum = limits.maximum
    assert minimum is not None and maximum is not None
    with decimal.localcontext(_CONTEXT):
        if is_valid_float(value):
            parsed = parse_float(value)
            assert parsed is not None
            number = to_decimal(parsed)
        else:
            # "The default value is the minimum plus half the difference
            # between the minimum and the maximum, unless the maximum is less
            # than the minimum, in which case the default value is the
            # minimum."
            number = minimum if maximum < minimum else minimum + (maximum - minimum) / 2
        changed = not is_valid_float(value)
        if number < minimum:
            number, changed = minimum, True
        elif number > maximum and not maximum < minimum:
            number, changed = maximum, True
        step = limits.step
        if step is not None and step_mismatch_of(number, limits, "range", tolerance=False):
            base = limits.step_base
            low = ((minimum - base) / step).to_integral_value(decimal.ROUND_CEILING)
            n = ((number - base) / step + Decimal("0.5")).to_integral_value(decimal.ROUND_FLOOR)
            n = max(n, low)
            if not maximum < minimum:
                high = ((maximum - base) / step).to_integral_value(decimal.ROUND_FLOOR)
                n = min(n, high)
                if low > high:
                    n = Decimal("NaN")
            if n.is_finite():
                number, changed = base + n * step, True
    return serialize_float(float(number)) if changed else value


# Converting strings to numbers ------------------------------------------------------

_DAY_MS = 86_400_000


def days_from_civil(year: int, month: int, day: int) -> int:
    """Days from 1970-01-01 to the given proleptic Gregorian date."""
    year -= month <= 2
    era = (year if year >= 0 else year - 399) // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _time_ms(hour: int, minute: int, second: float) -> Decimal:
    return Decimal(hour * 3_600_000 + minute * 60_000) + to_decimal(second) * 1000


def convert_string_to_number(kind: str, text: str) -> Decimal | None:
    """The input type state's "algorithm to convert a string to a number";
    None for the standard's "error"."""
    with decimal.localcontext(_CONTEXT):
        if kind == "number" or kind == "range":
            # "If applying the rules for parsing floating-point number values
            # to input results in an error, then return an error; otherwise,
            # return the resulting number."
            number = parse_float(text)
            return None if number is None else to_decimal(number)
        if kind == "date":
            # "... return the number of milliseconds elapsed from midnight UTC
            # on the morning of 1970-01-01 ... to midnight UTC on the morning
            # of the parsed date, ignoring leap seconds."
            date = parse_date(text)
            if date is None:
                return None
            return Decimal(days_from_civil(date.year, date.month, date.day) * _DAY_MS)
        if kind == "month":
            # "... return the number of months between January 1970 and the
            # parsed month."
            month = parse_month(text)
            if month is None:
                return None
            return Decimal((month.year - 1970) * 12 + month.month - 1)
        if kind == "week":
            # "... return the number of milliseconds elapsed from midnight UTC
            # on the morning of 1970-01-01 ... to midnight UTC on the morning
            # of the Monday of the parsed week".
            week = parse_week(text)
            if week is None:
                return None
            january_4 = days_from_civil(week.year, 1, 4)
            monday = january_4 - (january_4 + 3) % 7  # 1970-01-01 was a Thursday
            return Decimal((monday + (week.week - 1) * 7) * _DAY_MS)
        if kind == "time":
            # "... return the number of milliseconds elapsed from midnight to
            # the parsed time on a day with no time changes."
            time = parse_time(text)
            if time is None:
                return None
            return _time_ms(time.hour, time.minute, time.second)
        if kind == "datetime-local":
            # "... return the number of milliseconds elapsed from midnight on
            # the morning of 1970-01-01 ... to the parsed local date and time,
            # ignoring leap seconds."
            moment = parse_local_datetime(text)
            if moment is None:
                return None
            days = days_from_civil(moment.year, moment.month, moment.day)
            return days * _DAY_MS + _time_ms(moment.hour, moment.minute, moment.second)
    return None


class Limits(NamedTuple):
    """An input's minimum, maximum, allowed value step and step base (in
    the units of its type's conversion: milliseconds, months or numbers);
    None where it has none."""
    minimum: Decimal | None
    maximum: Decimal | None
    step: Decimal | None
    step_base: Decimal


#: Per state: (default step, step scale factor, default step base).
STEP_RULES: dict[str, tuple[int, int, int]] = {
    # "The step attribute is expressed in days. The step scale factor is
    # 86,400,000 ... The default step is 1 day."
    "date": (1, _DAY_MS, 0),
    # "... expressed in months. The step scale factor is 1 ... The default
    # step is 1 month."
    "month": (1, 1, 0),
    # "... expressed in weeks. The step scale factor is 604,800,000 ... The
    # default step is 1 week. The default step base is −259,200,000 (the
    # start of week 1970-W01)."
    "week": (1, 7 * _DAY_MS, -259_200_000),
    # "... expressed in seconds. The step scale factor is 1000 ... The
    # default step is 60 seconds."
    "time": (60, 1000, 0),
    "datetime-local": (60, 1000, 0),
    # "The step scale factor is 1. The default step is 1"
    "number": (1, 1, 0),
    "range": (1, 1, 0),
}


def limits_of(el: Element, kind: str, cache: Cache | None = None) -> Limits:
    """The minimum, maximum, allowed value step and step base of an input
    in the state ``kind`` (one of RANGE_APPLIES), per HTML §4.10.5.3.7-8."""
    if cache is not None:
        memo = table(cache, "forms.limits")
        found = memo.get(el)
        if found is not None:
            return found  # type: ignore[no-any-return]
    attrs = el.attrs
    # "If the element has a min attribute, and the result of applying the
    # algorithm to convert a string to a number to the value of the min
    # attribute is a number, then that number is the element's minimum;
    # otherwise, if the type attribute's current state defines a default
    # minimum, then that is the minimum; otherwise, the element has no
    # minimum."  (Likewise the maximum.)  The Range state's default
    # minimum is 0 and its default maximum 100.
    min_text = attrs.get("min")
    min_attr = convert_string_to_number(kind, min_text) if min_text is not None else None
    max_text = attrs.get("max")
    maximum = convert_string_to_number(kind, max_text) if max_text is not None else None
    minimum = min_attr
    if kind == "range":
        if minimum is None:
            minimum = Decimal(0)
        if maximum is None:
            maximum = Decimal(100)
    default_step, scale, default_base = STEP_RULES[kind]
    # The allowed value step: "2. Otherwise, if the attribute is absent, then
    # the allowed value step is the default step multiplied by the step
    # scale factor. 3. Otherwise, if the attribute's value is an ASCII
    # case-insensitive match for the string "any", then there is no allowed
    # value step. 4. Otherwise, if the rules for parsing floating-point
    # number values, when they are applied to the attribute's value, return
    # an error, zero, or a number less than zero, then the allowed value
    # step is the default step multiplied by the step scale factor.
    # 5. Otherwise, the allowed value step is the number returned by the
    # rules for parsing floating-point number values when they are applied
    # to the attribute's value, multiplied by the step scale factor."
    step_text = attrs.get("step")
    step: Decimal | None = Decimal(default_step * scale)
    if step_text is not None:
        if step_text.lower() == "any" and len(step_text) == 3:
            step = None
        else:
            parsed = parse_float(step_text)
            if parsed is not None and parsed > 0:
                with decimal.localcontext(_CONTEXT):
                    step = to_decimal(parsed) * scale
    # The step base: "1. If the element has a min content attribute, and the
    # result of applying the algorithm to convert a string to a number to
    # the value of the min content attribute is not an error, then return
    # that result. 2. If the element has a value content attribute, and the
    # result of applying the algorithm to convert a string to a number to
    # the value of the value content attribute is not an error, then return
    # that result. 3. If a default step base is defined for this element
    # given its type attribute's state, then return it. 4. Return zero."
    base = min_attr
    if base is None:
        value_text = attrs.get("value")
        if value_text is not None:
            base = convert_string_to_number(kind, value_text)
    if base is None:
        base = Decimal(default_base)
    limits = Limits(minimum, maximum, step, base)
    if cache is not None:
        memo[el] = limits
    return limits


def step_mismatch_of(number: Decimal, limits: Limits, kind: str, *,
                     tolerance: bool = True) -> bool:
    """"When the element has an allowed value step, and the result of
    applying the algorithm to convert a string to a number to the string
    given by the element's value is a number, and that number subtracted
    from the step base is not an integral multiple of the allowed value
    step, the element is suffering from a step mismatch."

    As browsers do, the test is made in decimal (see the module's
    docstring), a value more than 2**53 steps from the step base is never a
    mismatch (the remainder means nothing there), and for number and range
    a remainder within step / 2**24 of a multiple counts as none (the
    double rounding of values like 1.0000000001).  ``tolerance=False``
    drops that allowance: the Range state's sanitization rounds every value
    off the step (as Chromium's does: ``step=604800 max=0.001`` gives 0, not
    the default 0.0005)."""
    step = limits.step
    if step is None:
        return False
    with decimal.localcontext(_CONTEXT):
        distance = abs(number - limits.step_base)
        if distance / (2 ** 53) > step:
            return False
        remainder = abs(distance - step * (distance / step).to_integral_value(
            decimal.ROUND_HALF_EVEN))
        if tolerance and (kind == "number" or kind == "range"):
            error = step / (2 ** 24)
            return error < remainder < step - error
        return remainder != 0


# Values -----------------------------------------------------------------------------


def option_value(option: Element) -> str:
    """An option's value (HTML §4.10.10): "the value of the value content
    attribute, if there is one, or, if there is not, the value of the
    element's text IDL attribute" (its descendant text, with ASCII
    whitespace stripped and collapsed; script elements' text left out)."""
    value = option.attrs.get("value")
    if value is not None:
        return value
    parts = []
    stack = [iter(option.children)]
    while stack:
        for child in stack[-1]:
            if isinstance(child, Text):
                parts.append(child.data)
            elif isinstance(child, Element) and child.children and not (
                    child.local_name == "script"
                    and child.namespace in (HTML_NAMESPACE, SVG_NAMESPACE)):
                stack.append(iter(child.children))
                break
        else:
            stack.pop()
    return " ".join(_ASCII_WORDS.findall("".join(parts)))


def input_value(el: Element, cache: Cache | None = None) -> str:
    """An input element's value as parsed, by its type's value mode."""
    kind = input_type_state(el)
    mode = value_mode(kind)
    if mode == "filename":
        return ""  # no file is selected in a parsed document
    attr = el.attrs.get("value")
    if mode == "default":
        return attr if attr is not None else ""
    if mode == "default/on":
        return attr if attr is not None else "on"
    if cache is not None:
        memo = table(cache, "forms.value")
        found = memo.get(el)
        if found is None:
            found = memo[el] = sanitize_value(el, kind, attr if attr is not None else "")
        return found
    return sanitize_value(el, kind, attr if attr is not None else "")


def control_value(el: Element, cache: Cache) -> str:
    """The value of a form control or option as a parsed document has it:
    an input's per its value mode and type's value sanitization algorithm;
    a textarea's API value (its raw value, the child text content, with
    newlines normalized); a select's, the value of its first selected
    option, or ""; an option's value; a button's value attribute (or "");
    an output's text content.  Any other element: ""."""
    if el.namespace != HTML_NAMESPACE:
        return ""
    name = el.local_name
    if name == "input":
        return input_value(el, cache)
    if name == "textarea":
        return normalize_newlines(child_text_content(el))
    if name == "select":
        selected = selected_options(el, cache)
        return option_value(selected[0]) if selected else ""
    if name == "option":
        return option_value(el)
    if name == "button":
        return el.attrs.get("value", "")
    if name == "output":
        return el.text_content or ""
    return ""

