"""The XML5 tokenizer states, named as in the XML5 text (§1.3).

Two states the text lacks come from xml5lib-tests and xml5ever: the
comment start and comment start dash states (as in today's HTML comment
states).  The DOCTYPE identifier states follow the 2016 text (public and
system identifiers), which is what the tests check.  The DOCTYPE internal
subset states are this implementation's: the text does not read internal
subsets (see :mod:`markup5.xml.tokenizer.internal_subset`).
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["State"]


class State(IntEnum):
    """A tokenizer state; the member name is the spec name in upper case."""

    DATA = 0
    CHARACTER_REFERENCE_IN_DATA = 1
    TAG = 2
    END_TAG = 3
    END_TAG_NAME = 4
    END_TAG_NAME_AFTER = 5
    PI = 6
    PI_TARGET = 7
    PI_TARGET_AFTER = 8
    PI_DATA = 9
    PI_AFTER = 10
    MARKUP_DECLARATION = 11
    COMMENT_START = 12
    COMMENT_START_DASH = 13
    COMMENT = 14
    COMMENT_LESS_THAN_SIGN = 15
    COMMENT_LESS_THAN_SIGN_BANG = 16
    COMMENT_LESS_THAN_SIGN_BANG_DASH = 17
    COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH = 18
    COMMENT_END_DASH = 19
    COMMENT_END = 20
    COMMENT_END_BANG = 21
    CDATA = 22
    CDATA_BRACKET = 23
    CDATA_END = 24
    TAG_NAME = 25
    EMPTY_TAG = 26
    TAG_ATTRIBUTE_NAME_BEFORE = 27
    TAG_ATTRIBUTE_NAME = 28
    TAG_ATTRIBUTE_NAME_AFTER = 29
    TAG_ATTRIBUTE_VALUE_BEFORE = 30
    TAG_ATTRIBUTE_VALUE_DOUBLE_QUOTED = 31
    TAG_ATTRIBUTE_VALUE_SINGLE_QUOTED = 32
    TAG_ATTRIBUTE_VALUE_UNQUOTED = 33
    CHARACTER_REFERENCE_IN_ATTRIBUTE_VALUE = 34
    BOGUS_COMMENT = 35
    DOCTYPE = 36
    BEFORE_DOCTYPE_NAME = 37
    DOCTYPE_NAME = 38
    AFTER_DOCTYPE_NAME = 39
    AFTER_DOCTYPE_PUBLIC_KEYWORD = 40
    AFTER_DOCTYPE_SYSTEM_KEYWORD = 41
    BEFORE_DOCTYPE_SYSTEM_IDENTIFIER = 42
    BEFORE_DOCTYPE_PUBLIC_IDENTIFIER = 43
    DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED = 44
    DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED = 45
    AFTER_DOCTYPE_PUBLIC_IDENTIFIER = 46
    BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS = 47
    DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED = 48
    DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED = 49
    AFTER_DOCTYPE_SYSTEM_IDENTIFIER = 50
    BOGUS_DOCTYPE = 51
    # The internal subset (not in the XML5 text; used with
    # xml10_compatible, see markup5.xml.tokenizer.internal_subset).
    DOCTYPE_INTERNAL_SUBSET = 52
    DOCTYPE_MARKUP_DECLARATION = 53
    DOCTYPE_MARKUP_DECLARATION_DOUBLE_QUOTED = 54
    DOCTYPE_MARKUP_DECLARATION_SINGLE_QUOTED = 55
    DOCTYPE_INTERNAL_SUBSET_COMMENT = 56
    DOCTYPE_INTERNAL_SUBSET_PI = 57
    AFTER_DOCTYPE_INTERNAL_SUBSET = 58
