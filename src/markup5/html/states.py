"""The tokenizer states of the HTML Standard (§13.2.5), in the standard's order.

Each member's :attr:`State.spec_name` is the state's name as the standard
(and the html5lib-tests ``initialStates`` field) writes it, for example
``State.ATTRIBUTE_VALUE_DOUBLE_QUOTED.spec_name == "Attribute value
(double-quoted) state"``.  :meth:`State.lookup` accepts a member, a member
name or a spec name, case-insensitively.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["State"]

# (member name, spec name), in the order of §13.2.5.1 onwards.  The five
# processing-instruction states were added on 2026-06-25 between the CDATA
# and the character reference states.
_STATES: list[tuple[str, str]] = [
    ("DATA", "Data state"),
    ("RCDATA", "RCDATA state"),
    ("RAWTEXT", "RAWTEXT state"),
    ("SCRIPT_DATA", "Script data state"),
    ("PLAINTEXT", "PLAINTEXT state"),
    ("TAG_OPEN", "Tag open state"),
    ("END_TAG_OPEN", "End tag open state"),
    ("TAG_NAME", "Tag name state"),
    ("RCDATA_LESS_THAN_SIGN", "RCDATA less-than sign state"),
    ("RCDATA_END_TAG_OPEN", "RCDATA end tag open state"),
    ("RCDATA_END_TAG_NAME", "RCDATA end tag name state"),
    ("RAWTEXT_LESS_THAN_SIGN", "RAWTEXT less-than sign state"),
    ("RAWTEXT_END_TAG_OPEN", "RAWTEXT end tag open state"),
    ("RAWTEXT_END_TAG_NAME", "RAWTEXT end tag name state"),
    ("SCRIPT_DATA_LESS_THAN_SIGN", "Script data less-than sign state"),
    ("SCRIPT_DATA_END_TAG_OPEN", "Script data end tag open state"),
    ("SCRIPT_DATA_END_TAG_NAME", "Script data end tag name state"),
    ("SCRIPT_DATA_ESCAPE_START", "Script data escape start state"),
    ("SCRIPT_DATA_ESCAPE_START_DASH", "Script data escape start dash state"),
    ("SCRIPT_DATA_ESCAPED", "Script data escaped state"),
    ("SCRIPT_DATA_ESCAPED_DASH", "Script data escaped dash state"),
    ("SCRIPT_DATA_ESCAPED_DASH_DASH", "Script data escaped dash dash state"),
    ("SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN", "Script data escaped less-than sign state"),
    ("SCRIPT_DATA_ESCAPED_END_TAG_OPEN", "Script data escaped end tag open state"),
    ("SCRIPT_DATA_ESCAPED_END_TAG_NAME", "Script data escaped end tag name state"),
    ("SCRIPT_DATA_DOUBLE_ESCAPE_START", "Script data double escape start state"),
    ("SCRIPT_DATA_DOUBLE_ESCAPED", "Script data double escaped state"),
    ("SCRIPT_DATA_DOUBLE_ESCAPED_DASH", "Script data double escaped dash state"),
    ("SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH", "Script data double escaped dash dash state"),
    ("SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN",
     "Script data double escaped less-than sign state"),
    ("SCRIPT_DATA_DOUBLE_ESCAPE_END", "Script data double escape end state"),
    ("BEFORE_ATTRIBUTE_NAME", "Before attribute name state"),
    ("ATTRIBUTE_NAME", "Attribute name state"),
    ("AFTER_ATTRIBUTE_NAME", "After attribute name state"),
    ("BEFORE_ATTRIBUTE_VALUE", "Before attribute value state"),
    ("ATTRIBUTE_VALUE_DOUBLE_QUOTED", "Attribute value (double-quoted) state"),
    ("ATTRIBUTE_VALUE_SINGLE_QUOTED", "Attribute value (single-quoted) state"),
    ("ATTRIBUTE_VALUE_UNQUOTED", "Attribute value (unquoted) state"),
    ("AFTER_ATTRIBUTE_VALUE_QUOTED", "After attribute value (quoted) state"),
    ("SELF_CLOSING_START_TAG", "Self-closing start tag state"),
    ("BOGUS_COMMENT", "Bogus comment state"),
    ("MARKUP_DECLARATION_OPEN", "Markup declaration open state"),
    ("COMMENT_START", "Comment start state"),
    ("COMMENT_START_DASH", "Comment start dash state"),
    ("COMMENT", "Comment state"),
    ("COMMENT_LESS_THAN_SIGN", "Comment less-than sign state"),
    ("COMMENT_LESS_THAN_SIGN_BANG", "Comment less-than sign bang state"),
    ("COMMENT_LESS_THAN_SIGN_BANG_DASH", "Comment less-than sign bang dash state"),
    ("COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH", "Comment less-than sign bang dash dash state"),
    ("COMMENT_END_DASH", "Comment end dash state"),
    ("COMMENT_END", "Comment end state"),
    ("COMMENT_END_BANG", "Comment end bang state"),
    ("DOCTYPE", "DOCTYPE state"),
    ("BEFORE_DOCTYPE_NAME", "Before DOCTYPE name state"),
    ("DOCTYPE_NAME", "DOCTYPE name state"),
    ("AFTER_DOCTYPE_NAME", "After DOCTYPE name state"),
    ("AFTER_DOCTYPE_PUBLIC_KEYWORD", "After DOCTYPE public keyword state"),
    ("BEFORE_DOCTYPE_PUBLIC_IDENTIFIER", "Before DOCTYPE public identifier state"),
    ("DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED", "DOCTYPE public identifier (double-quoted) state"),
    ("DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED", "DOCTYPE public identifier (single-quoted) state"),
    ("AFTER_DOCTYPE_PUBLIC_IDENTIFIER", "After DOCTYPE public identifier state"),
    ("BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS",
     "Between DOCTYPE public and system identifiers state"),
    ("AFTER_DOCTYPE_SYSTEM_KEYWORD", "After DOCTYPE system keyword state"),
    ("BEFORE_DOCTYPE_SYSTEM_IDENTIFIER", "Before DOCTYPE system identifier state"),
    ("DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED", "DOCTYPE system identifier (double-quoted) state"),
    ("DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED", "DOCTYPE system identifier (single-quoted) state"),
    ("AFTER_DOCTYPE_SYSTEM_IDENTIFIER", "After DOCTYPE system identifier state"),
    ("BOGUS_DOCTYPE", "Bogus DOCTYPE state"),
    ("CDATA_SECTION", "CDATA section state"),
    ("CDATA_SECTION_BRACKET", "CDATA section bracket state"),
    ("CDATA_SECTION_END", "CDATA section end state"),
    ("PROCESSING_INSTRUCTION_OPEN", "Processing instruction open state"),
    ("PROCESSING_INSTRUCTION_TARGET", "Processing instruction target state"),
    ("AFTER_PROCESSING_INSTRUCTION_TARGET", "After processing instruction target state"),
    ("PROCESSING_INSTRUCTION_DATA", "Processing instruction data state"),
    ("PROCESSING_INSTRUCTION_QUESTIONABLE", "Processing instruction questionable state"),
    ("CHARACTER_REFERENCE", "Character reference state"),
    ("NAMED_CHARACTER_REFERENCE", "Named character reference state"),
    ("AMBIGUOUS_AMPERSAND", "Ambiguous ampersand state"),
    ("NUMERIC_CHARACTER_REFERENCE", "Numeric character reference state"),
    ("HEXADECIMAL_CHARACTER_REFERENCE_START", "Hexadecimal character reference start state"),
    ("DECIMAL_CHARACTER_REFERENCE_START", "Decimal character reference start state"),
    ("HEXADECIMAL_CHARACTER_REFERENCE", "Hexadecimal character reference state"),
    ("DECIMAL_CHARACTER_REFERENCE", "Decimal character reference state"),
    ("NUMERIC_CHARACTER_REFERENCE_END", "Numeric character reference end state"),
]

class State(IntEnum):
    """A state of the HTML tokenizer, named as in the HTML Standard."""

    DATA = 0
    RCDATA = 1
    RAWTEXT = 2
    SCRIPT_DATA = 3
    PLAINTEXT = 4
    TAG_OPEN = 5
    END_TAG_OPEN = 6
    TAG_NAME = 7
    RCDATA_LESS_THAN_SIGN = 8
    RCDATA_END_TAG_OPEN = 9
    RCDATA_END_TAG_NAME = 10
    RAWTEXT_LESS_THAN_SIGN = 11
    RAWTEXT_END_TAG_OPEN = 12
    RAWTEXT_END_TAG_NAME = 13
    SCRIPT_DATA_LESS_THAN_SIGN = 14
    SCRIPT_DATA_END_TAG_OPEN = 15
    SCRIPT_DATA_END_TAG_NAME = 16
    SCRIPT_DATA_ESCAPE_START = 17
    SCRIPT_DATA_ESCAPE_START_DASH = 18
    SCRIPT_DATA_ESCAPED = 19
    SCRIPT_DATA_ESCAPED_DASH = 20
    SCRIPT_DATA_ESCAPED_DASH_DASH = 21
    SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN = 22
    SCRIPT_DATA_ESCAPED_END_TAG_OPEN = 23
    SCRIPT_DATA_ESCAPED_END_TAG_NAME = 24
    SCRIPT_DATA_DOUBLE_ESCAPE_START = 25
    SCRIPT_DATA_DOUBLE_ESCAPED = 26
    SCRIPT_DATA_DOUBLE_ESCAPED_DASH = 27
    SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH = 28
    SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN = 29
    SCRIPT_DATA_DOUBLE_ESCAPE_END = 30
    BEFORE_ATTRIBUTE_NAME = 31
    ATTRIBUTE_NAME = 32
    AFTER_ATTRIBUTE_NAME = 33
    BEFORE_ATTRIBUTE_VALUE = 34
    ATTRIBUTE_VALUE_DOUBLE_QUOTED = 35
    ATTRIBUTE_VALUE_SINGLE_QUOTED = 36
    ATTRIBUTE_VALUE_UNQUOTED = 37
    AFTER_ATTRIBUTE_VALUE_QUOTED = 38
    SELF_CLOSING_START_TAG = 39
    BOGUS_COMMENT = 40
    MARKUP_DECLARATION_OPEN = 41
    COMMENT_START = 42
    COMMENT_START_DASH = 43
    COMMENT = 44
    COMMENT_LESS_THAN_SIGN = 45
    COMMENT_LESS_THAN_SIGN_BANG = 46
    COMMENT_LESS_THAN_SIGN_BANG_DASH = 47
    COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH = 48
    COMMENT_END_DASH = 49
    COMMENT_END = 50
    COMMENT_END_BANG = 51
    DOCTYPE = 52
    BEFORE_DOCTYPE_NAME = 53
    DOCTYPE_NAME = 54
    AFTER_DOCTYPE_NAME = 55
    AFTER_DOCTYPE_PUBLIC_KEYWORD = 56
    BEFORE_DOCTYPE_PUBLIC_IDENTIFIER = 57
    DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED = 58
    DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED = 59
    AFTER_DOCTYPE_PUBLIC_IDENTIFIER = 60
    BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS = 61
    AFTER_DOCTYPE_SYSTEM_KEYWORD = 62
    BEFORE_DOCTYPE_SYSTEM_IDENTIFIER = 63
    DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED = 64
    DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED = 65
    AFTER_DOCTYPE_SYSTEM_IDENTIFIER = 66
    BOGUS_DOCTYPE = 67
    CDATA_SECTION = 68
    CDATA_SECTION_BRACKET = 69
    CDATA_SECTION_END = 70
    PROCESSING_INSTRUCTION_OPEN = 71
    PROCESSING_INSTRUCTION_TARGET = 72
    AFTER_PROCESSING_INSTRUCTION_TARGET = 73
    PROCESSING_INSTRUCTION_DATA = 74
    PROCESSING_INSTRUCTION_QUESTIONABLE = 75
    CHARACTER_REFERENCE = 76
    NAMED_CHARACTER_REFERENCE = 77
    AMBIGUOUS_AMPERSAND = 78
    NUMERIC_CHARACTER_REFERENCE = 79
    HEXADECIMAL_CHARACTER_REFERENCE_START = 80
    DECIMAL_CHARACTER_REFERENCE_START = 81
    HEXADECIMAL_CHARACTER_REFERENCE = 82
    DECIMAL_CHARACTER_REFERENCE = 83
    NUMERIC_CHARACTER_REFERENCE_END = 84

    @property
    def spec_name(self) -> str:
        """The state's name as the standard writes it."""
        return _SPEC_NAMES[self]

    @classmethod
    def lookup(cls, value: object) -> State:
        """Return the state named by ``value``: a :class:`State`, a member name
        (``"SCRIPT_DATA"``) or the spec's name (``"Script data state"``, with or
        without the word "state"), case-insensitively."""
        if isinstance(value, State):
            return value
        if isinstance(value, str):
            key = " ".join(value.split()).lower()
            state = _BY_KEY.get(key)
            if state is not None:
                return state
            raise ValueError(f"unknown tokenizer state {value!r}; expected a markup5.State or a "
                             f"spec name such as 'Data state' or 'RCDATA state'")
        raise TypeError(f"tokenizer state must be a markup5.State or a str, not "
                        f"{type(value).__name__}")


# The class body lists the members in the order of _STATES (checked here, once).
assert [state.name for state in State] == [name for name, _ in _STATES]

_SPEC_NAMES: dict[State, str] = {State[name]: spec for name, spec in _STATES}
_BY_KEY: dict[str, State] = {}
for _name, _spec in _STATES:
    _BY_KEY[_spec.lower()] = State[_name]
    _BY_KEY[_spec.lower()[: -len(" state")]] = State[_name]
    _BY_KEY[_name.lower()] = State[_name]
