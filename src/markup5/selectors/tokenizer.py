"""CSS Syntax Level 3 tokenization (§4), as far as selectors need it.

The tokenizer follows "consume a token" (css-syntax-3 §4.3.1) and its helper
algorithms under their standard names.  Two departures keep positions
honest: the input is not preprocessed up front (§3.3) -- CR, FF and CRLF are
treated as newlines where they are met, and U+0000 becomes U+FFFD in token
values -- so every token's ``start`` is an offset into the string the caller
gave; and comments are skipped between tokens (their position is still
counted).

Tokens are small objects with a ``type`` (one of the constants below, named
after the standard's ``<ident-token>``, ``<function-token>``...), a ``value``
and a ``start`` offset.  Numeric tokens also carry ``number`` (int or
float; a float for an integer of more than 40 characters, whose exact
digits are in ``value``, the number's text), ``is_integer`` and ``sign``
(the sign character, which the An+B microsyntax needs); hash tokens carry
``hash_type`` ("id" or "unrestricted"); dimension tokens carry ``unit``.
"""

from __future__ import annotations

import re

__all__ = [
    "Token", "tokenize",
    "IDENT", "FUNCTION", "AT_KEYWORD", "HASH", "STRING", "BAD_STRING", "URL", "BAD_URL",
    "DELIM", "NUMBER", "PERCENTAGE", "DIMENSION", "WHITESPACE", "CDO", "CDC", "COLON",
    "SEMICOLON", "COMMA", "LEFT_SQUARE", "RIGHT_SQUARE", "LEFT_PAREN", "RIGHT_PAREN",
    "LEFT_CURLY", "RIGHT_CURLY", "EOF",
]

IDENT = "ident"
FUNCTION = "function"
AT_KEYWORD = "at-keyword"
HASH = "hash"
STRING = "string"
BAD_STRING = "bad-string"
URL = "url"
BAD_URL = "bad-url"
DELIM = "delim"
NUMBER = "number"
PERCENTAGE = "percentage"
DIMENSION = "dimension"
WHITESPACE = "whitespace"
CDO = "CDO"
CDC = "CDC"
COLON = "colon"
SEMICOLON = "semicolon"
COMMA = "comma"
LEFT_SQUARE = "["
RIGHT_SQUARE = "]"
LEFT_PAREN = "("
RIGHT_PAREN = ")"
LEFT_CURLY = "{"
RIGHT_CURLY = "}"
EOF = "EOF"

_SIMPLE = {"(": LEFT_PAREN, ")": RIGHT_PAREN, "[": LEFT_SQUARE, "]": RIGHT_SQUARE,
           "{": LEFT_CURLY, "}": RIGHT_CURLY, ",": COMMA, ":": COLON, ";": SEMICOLON}

# Whitespace (§4.2): newline (LF, and CR, FF, CRLF before preprocessing), tab, space.
_WHITESPACE_RUN = re.compile(r"[ \t\n\r\f]+")
# A run of ident code points (§4.2): letters, digits, '_', '-', non-ASCII, and
# U+0000 (which preprocessing would have made U+FFFD, a non-ASCII code point).
_IDENT_RUN = re.compile("[A-Za-z0-9_\\-\u0080-\U0010ffff\x00]+")
_HEX_RUN = re.compile(r"[0-9A-Fa-f]{1,6}")
# "Consume a number" (§4.3.12) as one regular expression.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_STRING_STOP = {'"': re.compile(r'["\\\n\r\f]'), "'": re.compile(r"['\\\n\r\f]")}
_NEWLINES = "\n\r\f"
# The longest integer text (sign included) that becomes an int.
_EXACT_INTEGER = 40


class Token:
    """One CSS token; see the module docstring for the fields."""

    __slots__ = ("type", "value", "start", "end", "number", "is_integer", "sign", "unit",
                 "hash_type")

    def __init__(self, type: str, value: str, start: int, end: int) -> None:
        self.type = type
        self.value = value
        self.start = start
        self.end = end
        self.number: float | int | None = None
        self.is_integer = False
        self.sign = ""
        self.unit = ""
        self.hash_type = ""

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r}, start={self.start})"


def _is_ident_start(c: str) -> bool:
    """ident-start code point: a letter, a non-ASCII code point or '_'."""
    return ("a" <= c <= "z") or ("A" <= c <= "Z") or c == "_" or c >= "\x80" or c == "\x00"


def _valid_escape(s: str, pos: int) -> bool:
    """Check if two code points are a valid escape (§4.3.8), at ``pos``."""
    return pos < len(s) and s[pos] == "\\" and (pos + 1 >= len(s) or s[pos + 1] not in _NEWLINES)


def _would_start_identifier(s: str, pos: int) -> bool:
    """Check if three code points would start an ident sequence (§4.3.9)."""
    n = len(s)
    if pos >= n:
        return False
    c = s[pos]
    if c == "-":
        if pos + 1 < n and (_is_ident_start(s[pos + 1]) or s[pos + 1] == "-"):
            return True
        return _valid_escape(s, pos + 1)
    if _is_ident_start(c):
        return True
    if c == "\\":
        return _valid_escape(s, pos)
    return False


def _starts_number(s: str, pos: int) -> bool:
    """Check if three code points would start a number (§4.3.10)."""
    return _NUMBER.match(s, pos) is not None


def _consume_escaped(s: str, pos: int) -> tuple[str, int]:
    """Consume an escaped code point (§4.3.7); ``pos`` is just past the '\\'."""
    if pos >= len(s):
        return "\ufffd", pos  # EOF: parse error, U+FFFD
    m = _HEX_RUN.match(s, pos)
    if m is None:
        c = s[pos]
        return ("\ufffd" if c == "\x00" else c), pos + 1
    pos = m.end()
    # One whitespace code point after the hex digits is part of the escape
    # (CRLF counts as one newline, as preprocessing would make it).
    if pos < len(s) and s[pos] in " \t\n\r\f":
        pos += 2 if s.startswith("\r\n", pos) else 1
    value = int(m.group(), 16)
    if value == 0 or 0xD800 <= value <= 0xDFFF or value > 0x10FFFF:
        return "\ufffd", pos
    return chr(value), pos


def _consume_ident_sequence(s: str, pos: int) -> tuple[str, int]:
    """Consume an ident sequence (§4.3.11): runs of ident code points, and
    escapes."""
    parts = []
    n = len(s)
    while pos < n:
        m = _IDENT_RUN.match(s, pos)
        if m is not None:
            parts.append(m.group())
            pos = m.end()
            continue
        if _valid_escape(s, pos):
            c, pos = _consume_escaped(s, pos + 1)
            parts.append(c)
            continue
        break
    return "".join(parts).replace("\x00", "\ufffd"), pos


def _consume_numeric(s: str, pos: int) -> Token:
    """Consume a numeric token (§4.3.3)."""
    start = pos
    m = _NUMBER.match(s, pos)
    assert m is not None
    text = m.group()
    pos = m.end()
    is_integer = "." not in text and "e" not in text and "E" not in text
    # int() of a long digit string takes quadratic time (and Python refuses
    # more than 4300 digits): a long integer's ``number`` is the nearest
    # float (inf past the double range); ``value`` keeps the exact text.
    number: int | float = int(text) if is_integer and len(text) <= _EXACT_INTEGER else float(text)
    sign = text[0] if text[0] in "+-" else ""
    if _would_start_identifier(s, pos):
        unit, pos = _consume_ident_sequence(s, pos)
        tok = Token(DIMENSION, text, start, pos)
        tok.unit = unit
    elif pos < len(s) and s[pos] == "%":
        pos += 1
        tok = Token(PERCENTAGE, text, start, pos)
    else:
        tok = Token(NUMBER, text, start, pos)
    tok.number = number
    tok.is_integer = is_integer
    tok.sign = sign
    return tok


def _consume_remnants_of_bad_url(s: str, pos: int) -> int:
    """Consume the remnants of a bad url (§4.3.14)."""
    n = len(s)
    while pos < n:
        c = s[pos]
        if c == ")":
            return pos + 1
        if _valid_escape(s, pos):
            _, pos = _consume_escaped(s, pos + 1)
        else:
            pos += 1
    return pos


def _consume_url(s: str, start: int, pos: int) -> Token:
    """Consume a url token (§4.3.6); ``pos`` is just past 'url('."""
    n = len(s)
    m = _WHITESPACE_RUN.match(s, pos)
    if m:
        pos = m.end()
    parts: list[str] = []
    while True:
        if pos >= n:  # EOF: parse error, return the url token
            return Token(URL, "".join(parts), start, pos)
        c = s[pos]
        if c == ")":
            return Token(URL, "".join(parts), start, pos + 1)
        if c in " \t\n\r\f":
            m = _WHITESPACE_RUN.match(s, pos)
            pos = m.end() if m else pos
            if pos >= n:
                return Token(URL, "".join(parts), start, pos)
            if s[pos] == ")":
                return Token(URL, "".join(parts), start, pos + 1)
            return Token(BAD_URL, "", start, _consume_remnants_of_bad_url(s, pos))
        if c in "\"'(" or c in "\x0b\x7f" or ("\x01" <= c <= "\x08") or ("\x0e" <= c <= "\x1f"):
            return Token(BAD_URL, "", start, _consume_remnants_of_bad_url(s, pos + 1))
        if c == "\\":
            if _valid_escape(s, pos):
                ch, pos = _consume_escaped(s, pos + 1)
                parts.append(ch)
                continue
            return Token(BAD_URL, "", start, _consume_remnants_of_bad_url(s, pos + 1))
        parts.append("\ufffd" if c == "\x00" else c)
        pos += 1


def _consume_ident_like(s: str, pos: int) -> Token:
    """Consume an ident-like token (§4.3.4)."""
    start = pos
    value, pos = _consume_ident_sequence(s, pos)
    if pos < len(s) and s[pos] == "(":
        if value.lower() == "url":
            # Whitespace then a quote: a function token; otherwise a url token.
            m = _WHITESPACE_RUN.match(s, pos + 1)
            after = m.end() if m else pos + 1
            if after < len(s) and s[after] in "\"'":
                return Token(FUNCTION, value, start, pos + 1)
            return _consume_url(s, start, pos + 1)
        return Token(FUNCTION, value, start, pos + 1)
    return Token(IDENT, value, start, pos)


def _consume_string(s: str, pos: int) -> Token:
    """Consume a string token (§4.3.5); ``pos`` is at the opening quote."""
    start = pos
    ending = s[pos]
    stop = _STRING_STOP[ending]
    pos += 1
    parts = []
    n = len(s)
    while True:
        m = stop.search(s, pos)
        if m is None:  # EOF: parse error, return the string token
            parts.append(s[pos:])
            return Token(STRING, "".join(parts).replace("\x00", "\ufffd"), start, n)
        parts.append(s[pos:m.start()])
        pos = m.start()
        c = s[pos]
        if c == ending:
            return Token(STRING, "".join(parts).replace("\x00", "\ufffd"), start, pos + 1)
        if c in _NEWLINES:  # parse error: a bad string; the newline is not consumed
            return Token(BAD_STRING, "", start, pos)
        # c == "\\"
        if pos + 1 >= n:
            pos += 1  # escape at EOF: nothing
        elif s[pos + 1] in _NEWLINES:
            pos += 3 if s.startswith("\r\n", pos + 1) else 2  # escaped newline: skipped
        else:
            ch, pos = _consume_escaped(s, pos + 1)
            parts.append(ch)


def _consume_comments(s: str, pos: int) -> int:
    """Consume comments (§4.3.2): skip every '/* ... */' at ``pos``."""
    while s.startswith("/*", pos):
        end = s.find("*/", pos + 2)
        if end < 0:
            return len(s)  # parse error: unterminated comment runs to EOF
        pos = end + 2
    return pos


def tokenize(s: str) -> list[Token]:
    """The CSS tokens of ``s``, ending with one EOF token (comments dropped)."""
    tokens: list[Token] = []
    append = tokens.append
    n = len(s)
    pos = 0
    while True:
        pos = _consume_comments(s, pos)
        if pos >= n:
            append(Token(EOF, "", n, n))
            return tokens
        # Consume a token (§4.3.1).
        c = s[pos]
        if c in " \t\n\r\f":
            m = _WHITESPACE_RUN.match(s, pos)
            end = m.end()  # type: ignore[union-attr]
            append(Token(WHITESPACE, s[pos:end], pos, end))
            pos = end
        elif c == '"' or c == "'":
            tok = _consume_string(s, pos)
            append(tok)
            pos = tok.end
        elif c == "#":
            if pos + 1 < n and (_IDENT_RUN.match(s, pos + 1) or _valid_escape(s, pos + 1)):
                hash_type = "id" if _would_start_identifier(s, pos + 1) else "unrestricted"
                value, end = _consume_ident_sequence(s, pos + 1)
                tok = Token(HASH, value, pos, end)
                tok.hash_type = hash_type
                append(tok)
                pos = end
            else:
                append(Token(DELIM, c, pos, pos + 1))
                pos += 1
        elif c in _SIMPLE:
            append(Token(_SIMPLE[c], c, pos, pos + 1))
            pos += 1
        elif c == "+" or c == ".":
            if _starts_number(s, pos):
                tok = _consume_numeric(s, pos)
                append(tok)
                pos = tok.end
            else:
                append(Token(DELIM, c, pos, pos + 1))
                pos += 1
        elif c == "-":
            if _starts_number(s, pos):
                tok = _consume_numeric(s, pos)
            elif s.startswith("->", pos + 1):
                tok = Token(CDC, "-->", pos, pos + 3)
            elif _would_start_identifier(s, pos):
                tok = _consume_ident_like(s, pos)
            else:
                tok = Token(DELIM, c, pos, pos + 1)
            append(tok)
            pos = tok.end
        elif c == "<":
            if s.startswith("!--", pos + 1):
                append(Token(CDO, "<!--", pos, pos + 4))
                pos += 4
            else:
                append(Token(DELIM, c, pos, pos + 1))
                pos += 1
        elif c == "@":
            if _would_start_identifier(s, pos + 1):
                value, end = _consume_ident_sequence(s, pos + 1)
                append(Token(AT_KEYWORD, value, pos, end))
                pos = end
            else:
                append(Token(DELIM, c, pos, pos + 1))
                pos += 1
        elif c == "\\":
            if _valid_escape(s, pos):
                tok = _consume_ident_like(s, pos)
                append(tok)
                pos = tok.end
            else:  # parse error
                append(Token(DELIM, c, pos, pos + 1))
                pos += 1
        elif "0" <= c <= "9":
            tok = _consume_numeric(s, pos)
            append(tok)
            pos = tok.end
        elif _is_ident_start(c):
            tok = _consume_ident_like(s, pos)
            append(tok)
            pos = tok.end
        else:
            append(Token(DELIM, c, pos, pos + 1))
            pos += 1
