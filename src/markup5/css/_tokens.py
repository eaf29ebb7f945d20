"""A fast path of CSS Syntax §4 tokenization for the checker: the same tokens
as :func:`markup5.selectors.tokenizer.tokenize` (the reference, which the
selectors use), found with one regular expression per token instead of a
chain of helper calls.  A token the expression does not take whole -- one
with an escape (``\\``), a string, an unusual ``url(`` -- is handed to the
reference tokenizer's own "consume" helpers, so the rules live in one place;
``tests/test_css_syntax.py`` ties the two together on the corpus's style
sheets and on generated text.
"""

from __future__ import annotations

import re

from ..selectors import tokenizer as reference
from ..selectors.tokenizer import (AT_KEYWORD, CDC, CDO, DELIM, DIMENSION, EOF, FUNCTION, HASH,
                                   IDENT, NUMBER, PERCENTAGE, URL, Token)

__all__ = ["tokenize", "scan"]

_NAME_START = "A-Za-z_\u0080-\U0010ffff\x00"
_NAME = "A-Za-z0-9_\\-\u0080-\U0010ffff\x00"
_IDENT = f"(?:--|-?[{_NAME_START}])[{_NAME}]*"
# Whitespace and comments before the token (one character or one comment
# per step: no nested quantifier to backtrack into), then the token or the
# end of the text: the expression never fails, so it never backtracks.
_TOKEN = re.compile(
    r"(?:[ \t\n\r\f]|/\*(?:.*?\*/|.*\Z))*"
    r"(?:(?P<num>[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
    r"|(?P<cdc>-->)"
    f"|(?P<ident>{_IDENT})"
    f"|(?P<hash>#[{_NAME}]+)"
    f"|(?P<at>@{_IDENT})"
    r"|(?P<cdo><!--)"
    r"|(?P<punct>[()\[\]{},:;])"
    r"|(?P<other>[\s\S])"
    r"|(?P<eof>\Z))",
    re.DOTALL)
# Unquoted url( contents without escapes or odd characters, then ')'.
_SIMPLE_URL = re.compile(r"[ \t\n\r\f]*([^\"'()\\ \t\n\r\f\x00-\x08\x0b\x0e-\x1f\x7f]*)"
                         r"[ \t\n\r\f]*\)")
_QUOTE_AFTER = re.compile(r"[ \t\n\r\f]*[\"']")
_UNIT = re.compile(f"(?:{_IDENT})|%")
_PUNCT = {"(": reference.LEFT_PAREN, ")": reference.RIGHT_PAREN, "[": reference.LEFT_SQUARE,
          "]": reference.RIGHT_SQUARE, "{": reference.LEFT_CURLY, "}": reference.RIGHT_CURLY,
          ",": reference.COMMA, ":": reference.COLON, ";": reference.SEMICOLON}
_EXACT_INTEGER = 40


def tokenize(s: str) -> list[Token]:
    """The CSS tokens of ``s`` but whitespace and comments, ending with one
    EOF token, as :func:`markup5.selectors.tokenizer.tokenize` gives them
    (the checker needs no whitespace token: selectors are read from the
    text, values ignore it, and adjacency shows in the offsets)."""
    tokens: list[Token] = []
    scan(s, 0, len(s), tokens)
    tokens.append(Token(EOF, "", len(s), len(s)))
    return tokens


def scan(s: str, pos: int, limit: int, tokens: list[Token]) -> int:
    """Append to ``tokens`` the tokens of ``s`` from ``pos`` (where a token
    may start) until the scan reaches ``limit``; return where the last one ends
    (``len(s)`` when the text ends first).  Scanning on from that offset
    gives the tokens :func:`tokenize` would give there."""
    append = tokens.append
    match = _TOKEN.match
    n = len(s)
    while pos < limit:
        m = match(s, pos)
        assert m is not None  # the last alternatives take any character or the end
        kind = m.lastgroup
        if kind == "eof" or kind is None:
            return n
        pos, end = m.span(kind)
        if kind == "punct":
            c = s[pos]
            append(Token(_PUNCT[c], c, pos, end))
        elif kind == "ident":
            if end < n and s[end] == "\\":
                tok = reference._consume_ident_like(s, pos)
                append(tok)
                end = tok.end
            elif end < n and s[end] == "(":
                value = s[pos:end]
                if "\x00" in value:
                    value = value.replace("\x00", "\ufffd")
                if len(value) == 3 and value.lower() == "url" \
                        and _QUOTE_AFTER.match(s, end + 1) is None:
                    url = _SIMPLE_URL.match(s, end + 1)
                    if url is not None:
                        append(Token(URL, url.group(1), pos, url.end()))
                        end = url.end()
                    else:
                        tok = reference._consume_url(s, pos, end + 1)
                        append(tok)
                        end = tok.end
                else:
                    append(Token(FUNCTION, value, pos, end + 1))
                    end += 1
            else:
                value = s[pos:end]
                if "\x00" in value:
                    value = value.replace("\x00", "\ufffd")
                append(Token(IDENT, value, pos, end))
        elif kind == "num":
            tok = _numeric(s, pos, end, s[pos:end])
            append(tok)
            end = tok.end
        elif kind == "hash":
            if end < n and s[end] == "\\":
                value, end = reference._consume_ident_sequence(s, pos + 1)
            else:
                value = _nul(s[pos + 1:end])
            tok = Token(HASH, value, pos, end)
            tok.hash_type = "id" if reference._would_start_identifier(s, pos + 1) else \
                "unrestricted"
            append(tok)
        elif kind == "at":
            if end < n and s[end] == "\\":
                value, end = reference._consume_ident_sequence(s, pos + 1)
            else:
                value = _nul(s[pos + 1:end])
            append(Token(AT_KEYWORD, value, pos, end))
        elif kind == "cdc":
            append(Token(CDC, "-->", pos, end))
        elif kind == "cdo":
            append(Token(CDO, "<!--", pos, end))
        else:
            c = s[pos]
            if c == '"' or c == "'":
                tok = reference._consume_string(s, pos)
            elif (c == "\\" and reference._valid_escape(s, pos)) or (
                    c in "#@-" and reference._would_start_identifier(
                        s, pos + 1 if c != "-" else pos)):
                # An escape starts the token: the reference's own steps.
                tok = _by_reference(s, pos)
            else:
                tok = Token(DELIM, c, pos, end)
            append(tok)
            end = tok.end
        pos = end
    return pos


def _nul(text: str) -> str:
    """U+0000 in a name becomes U+FFFD (§3.3, done where it is met)."""
    return text.replace("\x00", "\ufffd") if "\x00" in text else text


def _numeric(s: str, start: int, pos: int, text: str) -> Token:
    """Consume a numeric token (§4.3.3) whose number is ``text``."""
    unit = _UNIT.match(s, pos)
    if unit is not None and pos < len(s) and s[pos] != "%":
        if unit.end() < len(s) and s[unit.end()] == "\\":
            return reference._consume_numeric(s, start)
        tok = Token(DIMENSION, text, start, unit.end())
        tok.unit = _nul(s[pos:unit.end()])
    elif unit is not None:
        tok = Token(PERCENTAGE, text, start, pos + 1)
    elif pos < len(s) and (s[pos] == "\\" or s[pos] == "-") \
            and reference._would_start_identifier(s, pos):
        return reference._consume_numeric(s, start)
    else:
        tok = Token(NUMBER, text, start, pos)
    is_integer = "." not in text and "e" not in text and "E" not in text
    tok.number = int(text) if is_integer and len(text) <= _EXACT_INTEGER else float(text)
    tok.is_integer = is_integer
    tok.sign = text[0] if text[0] in "+-" else ""
    return tok


def _by_reference(s: str, pos: int) -> Token:
    """The one token at ``pos`` as the reference tokenizer reads it (a rare
    path: a token starting with an escape)."""
    tokens = reference.tokenize(s[pos:_token_end(s, pos)])
    tok = tokens[0]
    shift = pos
    result = Token(tok.type, tok.value, tok.start + shift, tok.end + shift)
    result.number, result.is_integer, result.sign = tok.number, tok.is_integer, tok.sign
    result.unit, result.hash_type = tok.unit, tok.hash_type
    return result


_ESCAPED_RUN = re.compile(
    f"[#@]?-?(?:[{_NAME}]"
    "|\\\\(?:[0-9a-fA-F]{1,6}(?:\\r\\n|[ \\t\\n\\r\\f])?|[^\\n\\r\\f]|\\Z))+")


def _token_end(s: str, pos: int) -> int:
    """Where a token made of name characters and escapes starting at
    ``pos`` may end (a '(' after it is included: a function or url)."""
    m = _ESCAPED_RUN.match(s, pos)
    end = m.end() if m is not None else pos + 1
    if end < len(s) and s[end] == "(":
        close = s.find(")", end)
        end = len(s) if close < 0 else close + 1
    return max(end, pos + 1)
