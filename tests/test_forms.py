"""markup5.forms: constraint validation on a freshly parsed page.

Expected values come from the HTML standard's text (quoted where it is not
obvious) or, where marked "Chromium", from headless Chromium reading the
same markup (tools/validity_chromium.py --page).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import markup5
from markup5 import forms
from markup5.forms import ValidityState, _tree
from markup5.forms._validity import suffering_from_being_too_long, suffering_from_being_too_short


def one(markup: str, selector: str = "input") -> markup5.Element:
    el = markup5.parse(markup).select_one(selector)
    assert el is not None
    return el


def flags(markup: str, selector: str = "input") -> tuple[str, ...]:
    return forms.validity(one(markup, selector)).flags()


# Value sanitization ------------------------------------------------------------------


@pytest.mark.parametrize("markup, expected", [
    # Text, Search, Telephone, Password: "Strip newlines from the value."
    ("<input value=' a&#10;b&#13;c '>", " abc "),
    ("<input type=search value='a&#10;b'>", "ab"),
    ("<input type=tel value='&#13;1 2'>", "1 2"),
    ("<input type=password value='p&#10;w'>", "pw"),
    ("<input type=bogus value='x&#10;y'>", "xy"),  # unknown type: the Text state
    # URL and E-mail: newlines, then leading and trailing ASCII whitespace.
    ("<input type=url value=' http://a&#10;.example/ &#12;'>", "http://a.example/"),
    ("<input type=email value='&#9; a@b.example&#10; '>", "a@b.example"),
    # E-mail with multiple: split on commas, strip each token, join with ",".
    ("<input type=email multiple value=' a@b.c , d@e.f,, '>", "a@b.c,d@e.f,,"),
    ("<input type=email multiple value=''>", ""),
    # Number: not a valid floating-point number -> "".
    ("<input type=number value='1.5e3'>", "1.5e3"),
    ("<input type=number value='1.'>", ""),
    ("<input type=number value=' 1'>", ""),
    ("<input type=number value='+1'>", ""),
    ("<input type=number value='1e400'>", ""),
    # Dates and times: not valid -> "".
    ("<input type=date value='2024-02-29'>", "2024-02-29"),
    ("<input type=date value='2023-02-29'>", ""),
    ("<input type=month value='2024-13'>", ""),
    ("<input type=month value='2024-12'>", "2024-12"),
    ("<input type=week value='2020-W53'>", "2020-W53"),
    ("<input type=week value='2021-W53'>", ""),
    ("<input type=time value='23:59:59.999'>", "23:59:59.999"),
    ("<input type=time value='24:00'>", ""),
    # datetime-local: "a valid normalized local date and time string".
    ("<input type=datetime-local value='2020-01-01 10:00:00'>", "2020-01-01T10:00"),
    ("<input type=datetime-local value='2020-01-01T10:00:30.500'>", "2020-01-01T10:00:30.5"),
    ("<input type=datetime-local value='2020-01-01'>", ""),
    # Color (HTML of 2025): a CSS color as "#rrggbb", else #000000; the
    # results below are Chromium's.
    ("<input type=color value='#ABCDEF'>", "#abcdef"),
    ("<input type=color value='#abc'>", "#aabbcc"),
    ("<input type=color value='#abcd'>", "#aabbcc"),  # the alpha is dropped
    ("<input type=color value='#FFFFFF '>", "#ffffff"),
    ("<input type=color>", "#000000"),
    ("<input type=color value='red'>", "#ff0000"),
    ("<input type=color value='Transparent'>", "#000000"),
    ("<input type=color value='rgb(300,-1,2.5)'>", "#ff0003"),
    ("<input type=color value='rgb(1.5, 2.5, 3.5)'>", "#020304"),
    ("<input type=color value='rgb(1,2%,3)'>", "#000000"),  # legacy: no mixing
    ("<input type=color value='RGB(1 2 none)'>", "#010200"),
    ("<input type=color value='rgb(10% 20% 30% / 50%)'>", "#1a334d"),
    ("<input type=color value='hsl(120deg 100% 25%)'>", "#008000"),
    ("<input type=color value='hsla(240, 50%, 50%, 0.5)'>", "#4040bf"),
    ("<input type=color value='currentcolor'>", "#000000"),
    ("<input type=color value='#12345'>", "#000000"),
    # Value modes: "default/on" and "default" keep the attribute.
    ("<input type=checkbox>", "on"),
    ("<input type=radio value=' x&#10;'>", " x\n"),
    ("<input type=hidden value=' x&#10;'>", " x\n"),
    ("<input type=submit>", ""),
    ("<input type=file value=x>", ""),  # "filename": no file selected
])
def test_value_sanitization(markup, expected):
    assert forms.value(one(markup)) == expected


@pytest.mark.parametrize("attributes, expected", [
    # "The default value is the minimum plus half the difference between the
    # minimum and the maximum, unless the maximum is less than the minimum".
    ("", "50"),
    ("min=0 max=5", "3"),  # 2.5 rounds to the step, the tie towards +infinity
    ("min=0 max=5 step=any", "2.5"),
    ("min=10 max=5", "10"),
    # The standard's own example: "<input type=range min=0 max=100 step=20
    # value=50> results in a range control whose initial value is 60."
    ("min=0 max=100 step=20 value=50", "60"),
    ("value=-5", "0"),      # underflow: the minimum
    ("value=500", "100"),   # overflow: the maximum
    ("value=x min=-10 max=-4", "-7"),
    ("value=7 min=0 max=8 step=5", "5"),  # 10 would be above the maximum
    ("value=3.5 step=2 min=0 max=100", "4"),
    # A default a tiny fraction of the step off it still rounds (0.0005 is
    # not an integral multiple of 604800; 0 is the only allowed value in
    # [0, 0.001]): the step-mismatch allowance for doubles is for validity,
    # not for this rounding (validity_chromium finding; Chromium gives "0").
    ("step=604800 max=0.001", "0"),
])
def test_range_sanitization(attributes, expected):
    assert forms.value(one(f"<input type=range {attributes}>")) == expected


def test_other_values():
    doc = markup5.parse(
        "<textarea>a\r\nb</textarea><select><option>x<option selected value=v>y</select>"
        "<select multiple><option>p</select><select><option>  a \t b  </option></select>"
        "<button value=b></button><output>o<b>p</b></output>")
    textarea, = doc.select("textarea")
    assert forms.value(textarea) == "a\nb"
    s1, s2, s3 = doc.select("select")
    assert forms.value(s1) == "v"
    assert forms.value(s2) == ""  # multiple: nothing selected
    assert forms.value(s3) == "a b"  # the text, stripped and collapsed
    assert forms.value(doc.select_one("button")) == "b"
    assert forms.value(doc.select_one("output")) == "op"
    assert forms.value(doc.select_one("body")) == ""


def test_sanitize_value_and_value_mode():
    el = one("<input type=email multiple>")
    assert forms.sanitize_value(el, " a , b ") == "a,b"
    assert forms.value_mode(el) == "value"
    assert forms.value_mode(one("<input type=RADIO>")) == "default/on"
    assert forms.value_mode(one("<input type=file>")) == "filename"
    assert forms.value_mode(one("<input type=image>")) == "default"
    assert forms.input_type_state(one("<input type=DateTime-Local>")) == "datetime-local"
    assert forms.input_type_state(one("<input type=datetime>")) == "text"


# Being missing -----------------------------------------------------------------------


@pytest.mark.parametrize("markup, missing", [
    ("<input required>", True),
    ("<input required value=x>", False),
    ("<input required value='&#10;'>", True),  # the value after sanitization
    ("<input type=number required value=x>", True),
    ("<input type=date required value=2020-02-30>", True),
    ("<input type=email required value=' '>", True),
    ("<input type=checkbox required>", True),
    ("<input type=checkbox required checked>", False),
    ("<input type=file required>", True),  # no file is selected
    ("<input type=range required>", False),  # required does not apply
    ("<input type=color required>", False),
    ("<input type=hidden required>", False),
    # Not mutable: "... and the element is mutable, and the element's value is
    # the empty string" (Chromium agrees).
    ("<input required readonly>", False),
    ("<input required disabled>", False),
    # Checkbox and file have no mutability condition (Chromium agrees).
    ("<input type=checkbox required disabled>", True),
    ("<input type=checkbox required readonly>", True),
])
def test_value_missing_inputs(markup, missing):
    assert forms.validity(one(markup)).value_missing is missing


def test_radio_button_groups():
    doc = markup5.parse(
        "<form id=f><input type=radio name=a required id=a1><input type=radio name=a id=a2>"
        "<input type=radio name=b id=b1 required><input type=radio name=b id=b2 checked>"
        "<input type=radio name=B id=b3 required></form>"
        "<form><input type=radio name=a id=a3><input type=radio name=b id=b4 required></form>"
        "<input type=radio name=a form=f id=a4 checked disabled>")
    c: dict[object, object] = {}
    state = {e.attrs["id"]: forms.validity(e, cache=c).value_missing for e in doc.select("input")}
    # a1, a2 and a4 (the form attribute) are one group, which has a checked
    # button; b in the second form is another group; names are case-sensitive.
    assert state == {"a1": False, "a2": False, "b1": False, "b2": False, "b3": True,
                     "a3": False, "b4": True, "a4": False}


def test_radio_group_missing_and_checkedness():
    doc = markup5.parse("<input type=radio name=r required><input type=radio name=r>"
                        "<input type=radio name=s checked><input type=radio name=s checked>")
    r1, r2, s1, s2 = doc.select("input")
    # "If an element in the radio button group is required, and all of the
    # input elements in the radio button group have a checkedness that is
    # false, then the element is suffering from being missing."
    assert forms.validity(r1).value_missing and forms.validity(r2).value_missing
    assert forms.validation_message(r2) == "Please select one of these options."
    # The later checked radio button unchecks the earlier one.
    assert (forms.checkedness(s1), forms.checkedness(s2)) == (False, True)
    assert forms.is_indeterminate(r1) and not forms.is_indeterminate(s1)


@pytest.mark.parametrize("markup, missing", [
    ("<select required><option value=''>Pick<option>a</select>", True),
    ("<select required><option value=''>Pick<option selected>a</select>", False),
    ("<select required><option>Pick<option>a</select>", False),
    # The placeholder label option's parent must be the select.
    ("<select required><optgroup><option value=''>Pick</optgroup></select>", False),
    ("<select required><option value='' selected>Pick<option selected value=''>b</select>",
     False),  # the second option is selected, and is not the placeholder
    ("<select required multiple><option value=''>x</select>", True),  # none selected
    ("<select required multiple><option value='' selected>x</select>", False),
    ("<select required size=2><option value=''>x</select>", True),  # none selected
    ("<select required size=2><option value='' selected>x</select>", False),
    ("<select required><option disabled>x</select>", True),  # none selected
    ("<select required></select>", True),
    ("<select><option value=''>x</select>", False),
])
def test_select_value_missing(markup, missing):
    assert forms.validity(one(markup, "select")).value_missing is missing


@pytest.mark.parametrize("markup, missing, candidate", [
    ("<textarea required></textarea>", True, True),
    ("<textarea required>\n</textarea>", True, True),  # the parser drops that newline
    ("<textarea required> </textarea>", False, True),
    ("<textarea required readonly></textarea>", False, False),
    ("<textarea required disabled></textarea>", False, False),
])
def test_textarea(markup, missing, candidate):
    el = one(markup, "textarea")
    assert forms.validity(el).value_missing is missing
    assert forms.will_validate(el) is candidate


# Type mismatch and pattern -------------------------------------------------------------


@pytest.mark.parametrize("markup, mismatch", [
    ("<input type=url value='https://example.com/a b'>", False),
    ("<input type=url value='nope'>", True),
    ("<input type=url value='a:b'>", False),
    ("<input type=url value='http://[::1'>", True),
    ("<input type=url value=' '>", False),  # sanitized to ""
    ("<input type=email value='a@b'>", False),
    ("<input type=email value='a.b+c@d-e.f'>", False),
    ("<input type=email value='a@-b.c'>", True),
    ("<input type=email value='a@b..c'>", True),
    ("<input type=email value='a b@c'>", True),
    ("<input type=email value='é@b.c'>", True),
    ("<input type=email value='a@b.c,d@e.f'>", True),  # one address only
    ("<input type=email multiple value='a@b.c, d@e.f'>", False),
    ("<input type=email multiple value='a@b.c,,d@e.f'>", True),  # an empty token
    ("<input type=email multiple value=''>", False),
    ("<input value='nope'>", False),
])
def test_type_mismatch(markup, mismatch):
    assert forms.validity(one(markup)).type_mismatch is mismatch


@pytest.mark.parametrize("markup, mismatch", [
    ("<input pattern='[a-z]+' value=abc>", False),
    ("<input pattern='[a-z]+' value=abc1>", True),  # anchored: ^(?:pattern)$
    ("<input pattern='a|b' value=ab>", True),
    ("<input pattern='[a-z]+' value=''>", False),  # empty values never mismatch
    ("<input pattern='(' value=x>", False),  # does not compile: ignored
    # The v flag: set subtraction compiles; a lone "(" in a class does not.
    ("<input pattern='[\\p{L}--[a-z]]' value=A>", False),
    ("<input pattern='[\\p{L}--[a-z]]' value=a>", True),
    ("<input pattern='[(]' value='('>", False),  # invalid with v: ignored
    ("<input type=email multiple pattern='[a-z]@x' value='a@x,b@x'>", False),
    ("<input type=email multiple pattern='[a-z]@x' value='a@x,bb@x'>", True),
    ("<input type=number pattern='x' value=1>", False),  # does not apply
])
def test_pattern_mismatch(markup, mismatch):
    assert forms.validity(one(markup)).pattern_mismatch is mismatch


def test_too_long_and_too_short_need_a_dirty_value():
    # Never on a parsed page: the value is not dirty and no user edited it.
    el = one("<input maxlength=2 minlength=5 value=abc>")
    assert forms.validity(el).valid
    # The rules themselves (lengths in UTF-16 code units).
    assert suffering_from_being_too_long("abc", "2", dirty=True)
    assert not suffering_from_being_too_long("abc", "2", dirty=False)
    assert suffering_from_being_too_long("\U0001F600", "1", dirty=True)
    assert suffering_from_being_too_short("abc", "5", dirty=True)
    assert not suffering_from_being_too_short("", "5", dirty=True)  # not for ""
    assert not suffering_from_being_too_short("abc", "x", dirty=True)


# Ranges and steps ------------------------------------------------------------------------


@pytest.mark.parametrize("markup, expected", [
    ("<input type=number value=7 min=10>", ("range_underflow",)),
    ("<input type=number value=7 max=5>", ("range_overflow",)),
    ("<input type=number value=7 min=1x>", ()),
    ("<input type=number value=7 min=10x>", ("range_underflow",)),  # lenient parsing
    ("<input type=number value=0.3 step=0.1>", ()),
    ("<input type=number value=1.5 min=0>", ("step_mismatch",)),  # default step 1
    ("<input type=number value=1.5 min=0.5>", ()),  # step base: the minimum
    # Without min, the value content attribute is the step base.
    ("<input type=number value=1.5>", ()),
    ("<input type=number value=1.5 min=0 step=any>", ()),
    ("<input type=number value=1.5 min=0 step=0>", ("step_mismatch",)),  # default step
    ("<input type=number value=1.5 min=0 step=-1>", ("step_mismatch",)),
    ("<input type=number value=-2.5 step=1 min=-10 max=10>", ("step_mismatch",)),  # Chromium
    ("<input type=number value=1.0000000001 min=0>", ()),  # within step / 2**24 (browsers)
    ("<input type=number value=1.001 min=0>", ("step_mismatch",)),
    ("<input type=number value=1e300 min=0 step=3>", ()),  # beyond 2**53 steps
    ("<input type=date value=2020-01-01 min=2020-01-02>", ("range_underflow",)),
    ("<input type=date value=2020-01-02 min=2020-01-01 step=1.5>", ("step_mismatch",)),
    ("<input type=date value=2020-01-04 min=2020-01-01 step=1.5>", ()),
    ("<input type=month value=2020-03 max=2020-02>", ("range_overflow",)),
    ("<input type=month value=2020-03 min=1970-01 step=2>", ()),  # 602 months
    ("<input type=month value=2020-04 min=1970-01 step=2>", ("step_mismatch",)),
    ("<input type=week value=2020-W03 min=2020-W01 step=2>", ()),
    ("<input type=week value=2021-W01 min=2020-W01 step=2>", ("step_mismatch",)),  # W53
    ("<input type=week value=2020-W02 min=2020-W03>", ("range_underflow",)),
    # Time: "The default step is 60 seconds."
    ("<input type=time value=10:00:30 min=00:00>", ("step_mismatch",)),
    ("<input type=time value=10:00:30 min=00:00 step=30>", ()),
    ("<input type=time value=10:00:00.5 min=00:00 step=0.5>", ()),
    ("<input type=time value=10:00:00.5 min=00:00 step=1>", ("step_mismatch",)),
    # A reversed range: "more than the maximum and less than the minimum".
    ("<input type=time value=12:00 min=22:00 max=02:00>", ("range_underflow", "range_overflow")),
    ("<input type=time value=23:00 min=22:00 max=02:00>", ()),
    ("<input type=time value=01:00 min=22:00 max=02:00>", ()),
    ("<input type=datetime-local value=2020-01-01T10:00 max=2020-01-01T09:59>",
     ("range_overflow",)),
    # The step base may come from the value content attribute.
    ("<input type=datetime-local value=2020-01-01T10:00:30>", ()),
    # Range: min 0 and max 100 by default, the value clamped by sanitization;
    # with max below min the maximum still stands (the standard's text).
    ("<input type=range value=150>", ()),
    ("<input type=range min=10 max=5>", ("range_overflow",)),
])
def test_range_and_step(markup, expected):
    assert flags(markup) == expected


def test_range_states():
    doc = markup5.parse("<input type=number value=3 min=1><input type=number value=0 min=1>"
                        "<input type=number value=3><input type=range>"
                        "<input type=number value=0 min=1 disabled><input value=3 min=1>"
                        "<input type=time min=22:00 max=02:00 value=12:00>")
    inside, below, unlimited, range_, disabled, text, time = doc.select("input")
    assert forms.is_in_range(inside) and not forms.is_out_of_range(inside)
    assert forms.is_out_of_range(below) and not forms.is_in_range(below)
    assert not forms.has_range_limitations(unlimited)
    assert not forms.is_in_range(unlimited) and not forms.is_out_of_range(unlimited)
    assert forms.has_range_limitations(range_) and forms.is_in_range(range_)
    # Not a candidate: neither (though it suffers from an underflow).
    assert forms.validity(disabled).range_underflow
    assert not forms.is_in_range(disabled) and not forms.is_out_of_range(disabled)
    assert not forms.has_range_limitations(text)
    assert forms.is_out_of_range(time)


# Candidates --------------------------------------------------------------------------------


@pytest.mark.parametrize("markup, selector, candidate", [
    ("<input>", "input", True),
    ("<input type=hidden>", "input", False),
    ("<input type=reset>", "input", False),
    ("<input type=button>", "input", False),
    ("<input type=submit>", "input", True),
    ("<input type=image>", "input", True),
    ("<input disabled>", "input", False),
    ("<input readonly>", "input", False),
    ("<input type=checkbox readonly>", "input", False),  # "on an input element" (Chromium)
    ("<fieldset disabled><input></fieldset>", "input", False),
    ("<fieldset disabled><legend><input></legend></fieldset>", "input", True),
    ("<fieldset disabled><legend></legend><legend><input></legend></fieldset>", "input", False),
    ("<fieldset disabled><div><legend><input></legend></div></fieldset>", "input", False),
    ("<datalist><input></datalist>", "input", False),
    ("<datalist><div><select></select></div></datalist>", "select", False),
    ("<button>", "button", True),
    ("<button type=submit>", "button", True),
    ("<button type=reset>", "button", False),
    ("<button type=button>", "button", False),
    ("<button commandfor=x>", "button", False),  # not a submit button
    ("<select>", "select", True),
    ("<textarea></textarea>", "textarea", True),
    ("<output></output>", "output", False),
    ("<fieldset></fieldset>", "fieldset", False),
    ("<object></object>", "object", False),
    ("<div></div>", "div", False),
    ("<svg><input/></svg>", "svg|input", False),
])
def test_candidates(markup, selector, candidate):
    if selector == "svg|input":
        el = markup5.parse(markup).select_one("svg").element_children[0]
    else:
        el = one(markup, selector)
    assert forms.will_validate(el) is candidate
    assert forms.is_barred_from_constraint_validation(el) is not candidate


def test_barred_elements_keep_their_flags_but_pass_check_validity():
    # Chromium: validity.valueMissing is true, willValidate false,
    # checkValidity() true and validationMessage "".
    el = one("<input type=checkbox required disabled>")
    assert forms.validity(el) == ValidityState(value_missing=True)
    assert not forms.validity(el).valid
    assert forms.check_validity(el)
    assert forms.validation_message(el) == "" and forms.validation_code(el) is None
    assert not forms.matches_valid(el) and not forms.matches_invalid(el)


def test_buttons_are_never_invalid():
    el = one("<button required>", "button")
    assert forms.validity(el).valid and forms.matches_valid(el)


# Forms and fieldsets -------------------------------------------------------------------------


def test_forms_fieldsets_and_form_owners():
    doc = markup5.parse(
        "<form id=a><fieldset id=fs1><input id=i1 required></fieldset>"
        "<fieldset id=fs2><input id=i2></fieldset></form>"
        "<form id=b><input id=i3></form>"
        "<input id=i4 form=b required>"
        "<form id=c><input id=i5 form=nowhere required></form>"
        "<div id=a></div>")
    cache: dict[object, object] = {}
    by_id = {e.attrs["id"]: e for e in doc.select("[id]")}
    a, b, c = doc.select("form")
    # A form is :invalid when it owns an invalid candidate; the form
    # attribute makes i4 b's, and i5 nobody's.
    assert not forms.check_validity(a, cache=cache) and forms.matches_invalid(a, cache=cache)
    assert not forms.check_validity(b, cache=cache)
    assert forms.check_validity(c, cache=cache) and forms.matches_valid(c, cache=cache)
    assert forms.form_owner(by_id["i4"], cache=cache) is b
    assert forms.form_owner(by_id["i5"], cache=cache) is None
    # Fieldsets: "fieldset elements that have descendant elements that
    # themselves are candidates ... but do not satisfy their constraints".
    fs1, fs2 = doc.select("fieldset")
    assert forms.matches_invalid(fs1, cache=cache) and forms.matches_valid(fs2, cache=cache)
    assert forms.check_validity(fs1) and not forms.will_validate(fs1)
    assert not forms.matches_valid(doc.select_one("div")) and \
        not forms.matches_invalid(doc.select_one("div"))
    # The first element with the ID decides: form=a names the form, not the div.
    assert forms.form_owner(one("<form id=x></form><input form=x>")) is not None
    assert forms.form_owner(one("<p id=x></p><form id=x></form><input form=x>")) is None


def test_default_button_and_disabled():
    doc = markup5.parse("<form><button type=button>a</button><input type=submit id=s>"
                        "<button>b</button></form>"
                        "<fieldset disabled><legend><input id=l></legend><select id=sel>"
                        "<option id=o>x</select></fieldset>")
    s, = doc.select("#s")
    assert forms.is_default_button(s)
    assert not forms.is_default_button(doc.select("button")[1])
    assert not forms.is_actually_disabled(doc.select_one("#l"))
    assert forms.is_actually_disabled(doc.select_one("#sel"))
    assert forms.is_actually_disabled(doc.select_one("#o"))  # in a disabled select
    assert forms.selectedness(doc.select_one("#o"))


# Messages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("markup, code, message", [
    ("<input required>", "valueMissing", "Please fill out this field."),
    ("<input type=checkbox required>", "valueMissing",
     "Please check this box if you want to proceed."),
    ("<input type=url value=x>", "typeMismatch", "Please enter a URL."),
    ("<input type=email value=x>", "typeMismatch", "Please enter an email address."),
    ("<input pattern=a value=b>", "patternMismatch", "Please match the requested format."),
    ("<input type=number value=1 min=2>", "rangeUnderflow",
     "Value must be greater than or equal to 2."),
    ("<input type=date value=2020-01-02 max=2020-01-01>", "rangeOverflow",
     "Value must be 2020-01-01 or earlier."),
    ("<input type=number value=1.5 min=1>", "stepMismatch", "Please enter a valid value."),
    ("<input value=x>", None, ""),
])
def test_messages(markup, code, message):
    el = one(markup)
    assert forms.validation_code(el) == code
    assert forms.validation_message(el) == message


def test_validity_state():
    state = ValidityState(value_missing=True, step_mismatch=True)
    assert repr(state) == "ValidityState(value_missing, step_mismatch)"
    assert repr(ValidityState()) == "ValidityState(valid)"
    assert not state.valid and ValidityState().valid
    assert ValidityState.FLAGS[0] == "value_missing" and len(ValidityState.FLAGS) == 10
    assert ValidityState.DOM_NAMES["range_underflow"] == "rangeUnderflow"
    with pytest.raises(AttributeError):
        state.value_missing = False  # type: ignore[misc]


def test_element_conveniences():
    doc = markup5.parse("<form><input type=number value=5 max=1></form>")
    form = doc.select_one("form")
    el = doc.select_one("input")
    assert el.validity == ValidityState(range_overflow=True)
    assert el.will_validate and not el.check_validity() and not form.check_validity()
    assert el.validation_message == "Value must be less than or equal to 1."


@pytest.mark.parametrize("func", [
    forms.value, forms.validity, forms.will_validate, forms.check_validity,
    forms.validation_message, forms.validation_code, forms.matches_valid,
    forms.matches_invalid, forms.is_in_range, forms.is_out_of_range,
    forms.has_range_limitations, forms.is_actually_disabled, forms.checkedness,
    forms.is_barred_from_constraint_validation, forms.form_owner])
def test_type_errors(func):
    with pytest.raises(TypeError, match="Element"):
        func("<input>")
    with pytest.raises(TypeError, match="cache"):
        func(one("<input>"), cache=[])


# Linear over a document, with a cache ----------------------------------------------------------


def _work(markup: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """Elements visited by tree walks and ancestor steps while every element
    of the page is asked for everything, with one cache."""
    count = [0]
    real_iter = _tree.iter_elements
    real_inherited = _tree.inherited

    def counting_iter(node):  # type: ignore[no-untyped-def]
        for e in real_iter(node):
            count[0] += 1
            yield e

    def counting_inherited(cache, key, el, step, default):  # type: ignore[no-untyped-def]
        def counted(node):  # type: ignore[no-untyped-def]
            count[0] += 1
            return step(node)
        return real_inherited(cache, key, el, counted, default)

    monkeypatch.setattr(_tree, "iter_elements", counting_iter)
    monkeypatch.setattr(_tree, "inherited", counting_inherited)
    doc = markup5.parse(markup)
    cache: dict[object, object] = {}
    for e in doc.select("*"):
        forms.matches_invalid(e, cache=cache)
        forms.is_in_range(e, cache=cache)
        forms.check_validity(e, cache=cache)
    monkeypatch.undo()
    return count[0]


@pytest.mark.parametrize("family", [
    lambda n: "<form>" + "<input type=radio name=r required>" * n,
    lambda n: "<form>" + "<fieldset disabled>" * n + "<input required>" * n,
    lambda n: "<form id=f></form>" + "<div>" * n + "<input form=f type=radio name=r>" * n,
    lambda n: "<select required>" + "<option>" * n,
    lambda n: "<datalist>" + "<div>" * n + "<input>" * n,
])
def test_work_is_linear(family, monkeypatch):
    small = _work(family(200), monkeypatch)
    large = _work(family(800), monkeypatch)
    assert large <= 4 * small * 1.2 + 50


# Properties --------------------------------------------------------------------------------------

_PIECES = st.sampled_from([
    "<form id=f>", "</form>", "<form>", "<fieldset disabled>", "</fieldset>", "<legend>",
    "</legend>", "<datalist>", "</datalist>", "<select required>", "<select multiple>",
    "</select>", "<option value=''>", "<option selected>", "<optgroup disabled>",
    "<textarea required>", "</textarea>", "<button>", "<button type=reset>", "<output>",
    "<input type=radio name=r required>", "<input type=radio name=r checked form=f>",
    "<input type=checkbox required>", "<input required readonly>", "<input disabled required>",
    "<input type=number value=5 min=7 step=2>", "<input type=range min=9 max=3 value=x>",
    "<input type=time min=23:00 max=01:00 value=12:00>", "<input type=email multiple value=',a'>",
    "<input type=url value='x'>", "<input pattern='[' value=a>", "<input pattern='\\d+' value=a>",
    "<input type=week value=2020-W53 step=any>", "<input type=date value=2020-02-30 required>",
    "<input type=month min=x max=2020-01>", "<input type=color value=#FFF>", "x", "<table>",
    "<div>", "</div>", "<svg><input></svg>", "<template><input required></template>",
])


@settings(max_examples=150, deadline=None)
@given(st.lists(_PIECES, max_size=25))
def test_invariants_on_random_pages(pieces):
    doc = markup5.parse("".join(pieces))
    cache: dict[object, object] = {}
    everything = list(_tree.iter_elements(doc))
    for template in [e for e in everything if e.template_contents is not None]:
        everything.extend(_tree.iter_elements(template.template_contents))
    for el in everything:
        state = forms.validity(el, cache=cache)
        fresh = forms.validity(el)
        assert state == fresh  # a cache changes nothing
        assert state.valid == (not state.flags())
        candidate = forms.will_validate(el, cache=cache)
        assert forms.check_validity(el, cache=cache) == (
            (not candidate or state.valid) if el.local_name != "form" else
            all(forms.check_validity(c, cache=cache)
                for c in forms._validity.submittable_elements(el, cache)))
        assert (forms.validation_message(el, cache=cache) == "") == \
            (not candidate or state.valid)
        assert not (forms.matches_valid(el, cache=cache) and forms.matches_invalid(el, cache=cache))
        assert not (forms.is_in_range(el, cache=cache) and forms.is_out_of_range(el, cache=cache))
        assert not state.too_long and not state.too_short and not state.bad_input
        assert not state.custom_error


# The form element pointer ---------------------------------------------------------
# "Create an element for a token": a form-associated element created while the
# form element pointer is set is associated with that form, even where the
# form was closed around it; the parser records what the tree does not show.


def test_the_form_element_pointer_association():
    doc = markup5.parse("<div><form id=f></div><input required><select required></select>")
    form = doc.select_one("#f")
    controls = doc.select("input, select")
    assert all(forms.form_owner(c) is form for c in controls)
    assert forms.check_validity(form) is False
    assert doc.select("form:invalid") == [form]
    assert doc.form_associations == {c: form for c in controls}


def test_a_form_in_a_table_owns_the_cells_controls():
    # "in table", a form start tag: insert it, point the pointer at it, pop it.
    doc = markup5.parse("<table><form id=g><tr><td><input name=a required></td></tr></table>")
    form = doc.select_one("#g")
    assert form.children == []  # popped at once: the input is in the cell
    assert forms.form_owner(doc.select_one("input")) is form
    assert not form.check_validity()


def test_no_association_where_the_standard_makes_none():
    # A form attribute wins (a listed element with one is not associated);
    # template contents (a template on the stack) and controls inside the
    # open form need no record.
    doc = markup5.parse("<form id=other></form><div><form id=f></div>"
                        "<input form=other><template><input></template>")
    assert forms.form_owner(doc.select_one("input")) is doc.select_one("#other")
    assert doc.form_associations is None
    doc = markup5.parse("<form id=f><input><div><input></div></form>")
    assert doc.form_associations is None
    # After </form> the pointer is null again.
    doc = markup5.parse("<div><form id=f></form></div><input required>")
    assert forms.form_owner(doc.select_one("input")) is None


def test_the_association_ends_when_the_form_leaves_the_tree():
    doc = markup5.parse("<div><form id=f></div><input required>")
    form, control = doc.select_one("form"), doc.select_one("input")
    form.parent.remove_child(form)
    assert forms.form_owner(control) is None


def test_fragments_record_no_association():
    # The parse's own document is discarded: fragments keep the tree's owners.
    fragment = markup5.parse_fragment("<div><form id=f></div><input required>", "body")
    assert forms.form_owner(fragment.select_one("input")) is None


def test_pickling_keeps_the_association():
    import pickle
    doc = pickle.loads(pickle.dumps(markup5.parse("<div><form id=f></div><input required>")))
    assert forms.form_owner(doc.select_one("input")) is doc.select_one("#f")
