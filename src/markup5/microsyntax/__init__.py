"""Common microsyntaxes of the HTML Standard (§2.3).

How browsers read attribute values: ``width="50%"``, ``bgcolor="chucknorris"``,
``datetime="2026-11-21T10:00+01:00"``, ``coords="1,2 ,3"``.  Each algorithm is
one function named after it and written step by step from the standard (the
standard warns that general date and number libraries handle errors
differently).

* Parsers (``parse_*``) never raise on a ``str``; they return ``None`` where
  the standard says "error", "failure" or "nothing".  A non-``str`` argument
  raises TypeError naming the parameter.
* ``is_valid_*`` functions implement the "valid ... string" definitions
  (authoring conformance), which are stricter than the parsers.
* Results are small immutable named tuples (:class:`Dimension`,
  :class:`Color`, :class:`Date`, :class:`GlobalDateTime`, ...) that hold all
  the standard allows, e.g. years above 9999, with conversions to
  ``datetime`` types where the value fits.
* ``serialize_*`` functions write the normalized valid string for a value.

Families (one private module each):

* attributes: boolean and enumerated attributes (§2.3.2-2.3.3);
* numbers: integers, non-negative integers, floating-point numbers and their
  JavaScript-style serialization (§2.3.4.1-3);
* dimensions: percentages and lengths, lists of floats and of dimensions
  (§2.3.4.4-7);
* dates: months, dates, yearless dates, times, local and global dates and
  times, time-zone offsets, weeks, and the "vaguer moments in time" (§2.3.5);
* durations (§2.3.5.9);
* colors: simple colors and legacy color values with the CSS named colors
  (§2.3.6);
* tokens: space- and comma-separated tokens (§2.3.7-2.3.8);
* references: hash-name references (§2.3.9), looked up in a
  :mod:`markup5.dom` tree.

Not here:

* Media queries (§2.3.10) are defined by the CSS Media Queries specification;
  this package does not parse them.
"""

from __future__ import annotations

from ._references import is_valid_hash_name_reference, parse_hash_name_reference
from ._attributes import (
    enumerated_attribute_state,
    is_boolean_attribute_value_valid,
    is_enumerated_attribute_value_valid,
)
from ._colors import (
    NAMED_COLORS,
    Color,
    is_valid_lowercase_simple_color,
    is_valid_simple_color,
    parse_legacy_color,
    parse_simple_color,
    serialize_simple_color,
)
from ._dates import (
    Date,
    GlobalDateTime,
    LocalDateTime,
    Month,
    Time,
    TimezoneOffset,
    Week,
    YearlessDate,
    days_in_month,
    is_leap_year,
    is_valid_date_string,
    is_valid_date_string_with_optional_time,
    is_valid_global_datetime_string,
    is_valid_local_datetime_string,
    is_valid_month_string,
    is_valid_normalized_local_datetime_string,
    is_valid_time_string,
    is_valid_timezone_offset_string,
    is_valid_week_string,
    is_valid_yearless_date_string,
    parse_date,
    parse_date_component,
    parse_date_or_time,
    parse_global_datetime,
    parse_local_datetime,
    parse_month,
    parse_month_component,
    parse_time,
    parse_time_component,
    parse_timezone_offset,
    parse_timezone_offset_component,
    parse_week,
    parse_yearless_date,
    parse_yearless_date_component,
    serialize_date,
    serialize_global_datetime,
    serialize_local_datetime,
    serialize_month,
    serialize_time,
    serialize_timezone_offset,
    serialize_week,
    serialize_yearless_date,
    weeks_in_year,
)
from ._dimensions import (
    Dimension,
    is_valid_float_list,
    parse_dimension,
    parse_dimension_list,
    parse_float_list,
    parse_nonzero_dimension,
)
from ._durations import is_valid_duration_string, parse_duration, serialize_duration
from ._numbers import (
    is_valid_float,
    is_valid_integer,
    is_valid_non_negative_integer,
    parse_float,
    parse_integer,
    parse_non_negative_integer,
    serialize_float,
)
from ._tokens import is_unique_space_tokens, split_comma_tokens, split_space_tokens

__all__ = [
    "parse_hash_name_reference",
    "is_valid_hash_name_reference",
    # attributes
    "enumerated_attribute_state",
    "is_boolean_attribute_value_valid",
    "is_enumerated_attribute_value_valid",
    # numbers
    "is_valid_float",
    "is_valid_integer",
    "is_valid_non_negative_integer",
    "parse_float",
    "parse_integer",
    "parse_non_negative_integer",
    "serialize_float",
    # dimensions
    "Dimension",
    "is_valid_float_list",
    "parse_dimension",
    "parse_dimension_list",
    "parse_float_list",
    "parse_nonzero_dimension",
    # dates and times
    "Date",
    "GlobalDateTime",
    "LocalDateTime",
    "Month",
    "Time",
    "TimezoneOffset",
    "Week",
    "YearlessDate",
    "days_in_month",
    "is_leap_year",
    "is_valid_date_string",
    "is_valid_date_string_with_optional_time",
    "is_valid_global_datetime_string",
    "is_valid_local_datetime_string",
    "is_valid_month_string",
    "is_valid_normalized_local_datetime_string",
    "is_valid_time_string",
    "is_valid_timezone_offset_string",
    "is_valid_week_string",
    "is_valid_yearless_date_string",
    "parse_date",
    "parse_date_component",
    "parse_date_or_time",
    "parse_global_datetime",
    "parse_local_datetime",
    "parse_month",
    "parse_month_component",
    "parse_time",
    "parse_time_component",
    "parse_timezone_offset",
    "parse_timezone_offset_component",
    "parse_week",
    "parse_yearless_date",
    "parse_yearless_date_component",
    "serialize_date",
    "serialize_global_datetime",
    "serialize_local_datetime",
    "serialize_month",
    "serialize_time",
    "serialize_timezone_offset",
    "serialize_week",
    "serialize_yearless_date",
    "weeks_in_year",
    # durations
    "is_valid_duration_string",
    "parse_duration",
    "serialize_duration",
    # colors
    "NAMED_COLORS",
    "Color",
    "is_valid_lowercase_simple_color",
    "is_valid_simple_color",
    "parse_legacy_color",
    "parse_simple_color",
    "serialize_simple_color",
    # tokens
    "is_unique_space_tokens",
    "split_comma_tokens",
    "split_space_tokens",
]
