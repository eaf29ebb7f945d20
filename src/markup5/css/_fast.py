"""The checker's fast path: the structure of the common style sheet (plain
rules, ``@media``/``@supports``-like rule lists, ``@font-face``-like
descriptor blocks, ``@keyframes``, ``@import``-like statements, and
declarations whose values have balanced brackets, closed strings and
comments, and no escapes) read with a few precompiled regular expressions
instead of a token list.  Each declaration is handed on as text (its name,
the offsets of its value), and the caller checks the value by its text,
tokenizing it only when its verdict is not cached.

It takes whole top-level rules or nothing: at the first construct it does
not know (an escape, a bad string, an unclosed block, a stray ``}``, CSS
Nesting, an unknown at-rule's block, a selector list that does not parse,
a deprecated media feature, a misplaced ``@charset``...) it stops at the
start of that top-level rule, and the caller reads the rule with the full
path (:class:`markup5.css._syntax.Sheet` over its tokens).  Every
expression here consumes whole tokens, so where it stops is where a token
starts.  ``tests/test_css_syntax.py`` holds the two paths to the same
findings on generated and tricky style sheets.

Each expression takes what it matches with possessive quantifiers over
alternatives that exclude one another by their first character: nothing
backtracks, and a scan costs work in proportion to the text it reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from ._syntax import (_DESCRIPTOR_AT_RULES, _DESCRIPTORS, _KEYFRAME, _KEYFRAMES_AT_RULES,
                      _RULE_LIST_AT_RULES, _STYLE, PLAIN_SELECTOR_LIST, ReportFn, _is_selector_list,
                      _vendor_free)

__all__ = ["FastSheet"]

#: ``declaration(name, name_start, name_end, value_start, value_end, kind)``:
#: one well-formed declaration, its value the raw text between the colon
#: and the ';' (or the end of the block).
TextDeclarationFn = Callable[[str, int, int, int, int, int], None]

class Finding(Protocol):
    """What ``report`` records (a :class:`markup5.css.CssError`)."""

    @property
    def code(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


# The findings in short declaration blocks by (kind, text), offsets from
# the block's start: pages repeat blocks.  Bounded: cleared when full.
_BLOCKS: dict[tuple[int, str], tuple[tuple[str, str, int, int], ...]] = {}
_BLOCKS_KEPT = 5000
_BLOCK_KEPT = 2000

# Rules nested deeper than this are left to the full path.
_MAX_DEPTH = 8

_W = "[ \\t\\n\\r\\f]"
# A name code point (CSS Syntax §4.2: letters, digits, '_', '-', non-ASCII,
# and U+0000), as a negated class of the ASCII others: a class with the
# range up to U+10FFFF costs milliseconds to compile, each time it appears.
_NAME = "[^\\x01-\\x2c\\x2e\\x2f\\x3a-\\x40\\x5b-\\x5e\\x60\\x7b-\\x7f]"
_IDENT = f"(?>(?:--|-?(?:[A-Za-z_\\x00]|[^\\x00-\\x7f])){_NAME}*+)"
_COMMENT = r"/\*[\s\S]*?\*/"
# A string without a newline in it (an escaped newline or a hex escape
# followed by a newline: the full path).
_STRING = r'"(?:[^"\\\n\r\f]|\\[^\n\r\f])*+"' + "|" + r"'(?:[^'\\\n\r\f]|\\[^\n\r\f])*+'"
# An escape: a backslash, then what follows it (_ESCAPED).
_ESCAPED = r"(?:[0-9a-fA-F]{1,6}(?:\r\n|[ \t\n\r\f])?|[^\n\r\f0-9a-fA-F])"
_ESCAPE = f"(?>\\\\{_ESCAPED})"
# Whether the "u" just read starts a token (so "url(" there is a url token
# or function): it comes after no name character, '#' or '@' (which would
# join it).  (After "<!--" it depends on whether '<' starts a token, which
# an escape before it decides: a "u" there is left to the full path.)
_U_STARTS_TOKEN = f"(?<!{_NAME}[uU])(?<![#@][uU])"
# The characters that do not matter to the structure (names, numbers,
# whitespace, punctuation): all but brackets, ';', quotes, '\\', '/' (a
# comment's start) and "u" (url's).
_PLAIN = "[^;{}()\\[\\]\\\\\"'/uU]"
# A stretch of tokens (or comments, or whitespace) inside a value or a
# prelude, from a place where a token starts to one where a token ends.
# Each alternative begins with a character or a class, so the regex engine
# skips those that cannot start at the character in one test (an
# alternative that begins with a lookaround or a group is entered and
# failed).  The alternatives exclude one another but for the "u" ones,
# tried in order; every use of _ATOM is in a possessive repeat, which
# never goes back into a stretch it took, so a stretch is taken whole, as
# the tokenizer never reconsiders where a token ends.
_ATOM = "(?:" + "|".join([
    # a run of the characters that do not matter
    f"{_PLAIN}{_PLAIN}*+",
    # a "u": of url( with an unquoted address, one url token (as
    # _tokens._SIMPLE_URL); of url( with a quoted one, a function (its '('
    # is read as a bracket); any other "u" (not a url( those do not take)
    "[uU](?:" + _U_STARTS_TOKEN + r"[rR][lL]\(" + _W
    + r"*+[^\"'()\\ \t\n\r\f\x00-\x08\x0b\x0e-\x1f\x7f]*+" + _W + r"*+\)"
    + r"|[rR][lL](?=\(" + _W + "*+[\"'])"
    + f"|(?<!<!--[uU])(?!{_U_STARTS_TOKEN}[rR][lL]\\())",
    _STRING,
    _COMMENT,
    r"/(?!\*)",
    # an escape and the rest of its name (not followed by '(': that name
    # might be url)
    f"\\\\(?>{_ESCAPED}(?:{_NAME}|{_ESCAPE})*+)(?!\\()",
]) + ")"


def _groups(inner: str, curly: bool) -> str:
    """A () or [] block (or, with ``curly``, a {} block) of ``inner``."""
    return f"\\({inner}\\)|\\[{inner}\\]" + (f"|\\{{{inner}\\}}" if curly else "")


def _nested(levels: int, curly: bool) -> str:
    """Component values and ';' with blocks (see _groups) balanced up to
    ``levels`` deep."""
    inner = f"(?:{_ATOM}|;)*+"
    for _ in range(levels):
        inner = f"(?:{_ATOM}|;|{_groups(inner, curly)})*+"
    return inner


def _components(levels: int) -> str:
    """Component values with brackets balanced up to ``levels`` deep (no
    curly brackets; ';' allowed inside brackets)."""
    return f"(?:{_ATOM}|{_groups(_nested(levels - 1, False), False)})*+"


_COMPONENTS = _components(3)
_SPACE = f"(?:{_W}{_W}*+|{_COMMENT})*+"

# Between top-level rules: whitespace, comments (one the text ends in), CDO, CDC.
_TOP_SKIP = re.compile(f"(?:{_W}{_W}*+|{_COMMENT}|/\\*[\\s\\S]*|<!--|-->)*+")
_NESTED_SKIP = re.compile(_SPACE)
_AT_RULE = re.compile(f"@(?P<name>(?:--|-?[A-Za-z_])[A-Za-z0-9_-]*+)(?!{_NAME}|\\\\)"
                      f"(?P<prelude>{_COMPONENTS})[;{{]")
# _balanced's steps: tokens and whole blocks up to the next bracket it must
# look at (a block deeper than two, or not closed by its own bracket, it
# reads bracket by bracket), in a bracket (_INSIDE: {} blocks too) or not
# (_OUTSIDE: a '{' there is the prelude's end).
_INSIDE = re.compile(_nested(2, True))
_OUTSIDE = re.compile(f"(?:{_ATOM}|;|{_groups(_nested(1, True), False)})*+")
_CLOSING = {"(": ")", "[": "]", "{": "}"}
# A qualified rule's prelude ends at its '{' (a ';' does not end it).
_PRELUDE = re.compile(f"(?:{_COMPONENTS};)*+{_COMPONENTS}\\{{")
# A prelude that is a selector list of the plain shape (_syntax's
# PLAIN_SELECTOR_LIST), to its '{': one match for the common rule, where
# _PRELUDE then _is_selector_list read it twice.
_PLAIN_PRELUDE = re.compile(f"(?:{PLAIN_SELECTOR_LIST.pattern})[ \\t\\n\\r\\f]*\\{{")
# A deprecated media feature's name where an ident token may be one (also
# in a string or a comment: the full path then tells).
_DEPRECATED = re.compile(f"(?<!{_NAME})(?:min-|max-)?device-(?:width|height|aspect-ratio)"
                         f"(?!{_NAME})", re.IGNORECASE | re.ASCII)


def _declarations(end: str) -> re.Pattern[str]:
    """One declaration (or a star hack, or the end) in a declaration list
    that ends with ``end``."""
    return re.compile(
        f"(?:[ \\t\\n\\r\\f;][ \\t\\n\\r\\f;]*+|{_COMMENT})*+"
        f"(?:(?P<close>{end})"
        f"|(?P<name>{_IDENT})(?![\\\\(]){_SPACE}:(?P<value>{_COMPONENTS})(?:;|(?={end}))"
        # Internet Explorer's star hack (*zoom: 1, #zoom: 1): skipped.
        f"|(?:[*+]{_IDENT}(?![\\\\(])|#{_NAME}++(?!\\\\)){_SPACE}:{_COMPONENTS}"
        f"(?:;|(?={end})))")


#: A declaration in a block ('}' ends it) and in a style attribute.
BLOCK = _declarations("\\}")
ATTRIBUTE = _declarations("\\Z")
_PERCENT = r"(?:[0-9]++(?:\.[0-9]++)?+|\.[0-9]++)%"
_KEYFRAME_ITEM = (f"(?:(?:from|to|cover|contain|entry|exit|entry-crossing|exit-crossing)"
                  f"(?!{_NAME}|[\\\\(])|{_PERCENT})")
_KEYFRAMES = re.compile(
    f"(?:[ \\t\\n\\r\\f;][ \\t\\n\\r\\f;]*+|{_COMMENT})*+"
    f"(?:(?P<close>\\}})|{_KEYFRAME_ITEM}(?:{_SPACE},{_SPACE}{_KEYFRAME_ITEM})*+{_SPACE}\\{{)",
    re.IGNORECASE | re.ASCII)


class FastSheet:
    """The fast path over one text; each declaration goes to
    ``declaration`` (the caller reports what it finds there)."""

    __slots__ = ("text", "declaration", "report", "errors")

    def __init__(self, text: str, declaration: TextDeclarationFn, report: ReportFn,
                 errors: Sequence[Finding]) -> None:
        # (``errors``: where ``report`` puts its findings.)
        self.text = text
        self.declaration = declaration
        self.report = report
        self.errors = errors

    def rule(self, pos: int) -> int:
        """Skip what lies between top-level rules from ``pos``, then read
        one rule: the offset after it, ``len(text)`` at the end, or
        ``-1 - start`` when the rule starting at ``start`` is not one the
        fast path takes."""
        text = self.text
        m = _TOP_SKIP.match(text, pos)
        assert m is not None  # (it matches the empty string)
        pos = m.end()
        if pos >= len(text):
            return len(text)
        after = self._rule(pos, 0)
        return after if after >= 0 else -1 - pos

    def _rule(self, pos: int, depth: int) -> int:
        """A rule at ``pos`` in a rule list ``depth`` deep: the offset after
        it, or -1."""
        text = self.text
        if depth > _MAX_DEPTH:
            return -1
        if text[pos] == "@":
            m = _AT_RULE.match(text, pos)
            if m is None:
                return -1
            name = m.group("name").lower()
            base = _vendor_free(name)
            if base == "media" and (_DEPRECATED.search(text, pos, m.end()) is not None
                                    or "\\" in m.group("prelude")):
                # (Deprecated media features, maybe written with escapes:
                # the full path reports them.)
                return -1
            after = m.end()
            if name == "charset" and (pos != 0 or depth > 0):
                self.report("css-charset-position",
                            "The @charset rule may only occur at the start of the style sheet. "
                            "Please check that there are no spaces before it.", pos, after)
            if text[after - 1] == ";":
                return after
            if base in _RULE_LIST_AT_RULES:
                return self._rule_list(after, depth + 1)
            if base in _KEYFRAMES_AT_RULES:
                return self._keyframes(after, depth + 1)
            if base in _DESCRIPTOR_AT_RULES:
                return self.block(after, _DESCRIPTORS, BLOCK)
            # Any other at-rule: its block is not looked into.
            end = self._balanced(after, "}")
            return end + 1 if 0 <= end < len(text) else -1
        m = _PLAIN_PRELUDE.match(text, pos)
        if m is not None:
            # (a selector list by its shape alone: _is_selector_list's first test)
            return self.block(m.end(), _STYLE, BLOCK)
        m = _PRELUDE.match(text, pos)
        if m is not None:
            brace = m.end() - 1
        elif depth == 0:
            # Brackets with a '{' in them, as in a style sheet wrapped in
            # <![CDATA[ ... ]]> (one rule that runs to the end).
            brace = self._balanced(pos, "")
            if brace < 0:
                return -1
            if brace >= len(text):
                self.report("css-parse-error", "Parse Error.", pos, max(brace, pos + 1))
                return brace
        else:
            return -1
        if _is_selector_list(text[pos:brace], False):
            return self.block(brace + 1, _STYLE, BLOCK)
        # Not a selector list: the rule is dropped, reported over its whole
        # text (its block's contents are not looked into).
        after = self._balanced(brace + 1, "}")
        if after < 0 or after >= len(text):
            return -1
        self.report("css-parse-error", "Parse Error.", pos, after + 1)
        return after + 1

    def _balanced(self, pos: int, closing: str) -> int:
        """From ``pos``, the offset of the ``closing`` bracket that matches
        (with ``closing`` "": of the first '{' outside brackets), as the
        full path matches brackets: a closing bracket that is not the one
        expected is an ordinary token.  ``len(text)`` when the text ends
        first; -1 at what the fast path does not take."""
        text = self.text
        n = len(text)
        expected = [closing] if closing else []
        inside = _INSIDE.match
        outside = _OUTSIDE.match
        while True:
            m = inside(text, pos) if expected else outside(text, pos)
            assert m is not None
            pos = m.end()
            if pos >= n:
                return n
            c = text[pos]
            if c == "{" and not expected:
                return pos
            if c in _CLOSING:
                expected.append(_CLOSING[c])
            elif c in ")]}":
                if expected and expected[-1] == c:
                    expected.pop()
                    if closing and not expected:
                        return pos
            else:
                return -1
            pos += 1

    def _rule_list(self, pos: int, depth: int) -> int:
        """The rules of a block after its '{' up to its '}': the offset
        after that, or -1."""
        text = self.text
        skip = _NESTED_SKIP.match
        n = len(text)
        while True:
            m = skip(text, pos)
            assert m is not None
            pos = m.end()
            if pos >= n:
                return -1
            if text[pos] == "}":
                return pos + 1
            pos = self._rule(pos, depth)
            if pos < 0:
                return -1

    def _keyframes(self, pos: int, depth: int) -> int:
        """@keyframes' block after its '{': keyframe rules (from, to,
        percentages) with their declarations."""
        text = self.text
        match = _KEYFRAMES.match
        while True:
            m = match(text, pos)
            if m is None or depth >= _MAX_DEPTH:
                return -1
            if m.group("close") is not None:
                return m.end()
            pos = self.block(m.end(), _KEYFRAME, BLOCK)
            if pos < 0:
                return -1

    def block(self, pos: int, kind: int, pattern: re.Pattern[str]) -> int:
        """A declaration list after a block's '{' (``pattern`` BLOCK) or
        a style attribute's (ATTRIBUTE, from 0): the offset after its
        end, or -1.  The findings in a short block are cached by its text
        (a block the fast path takes ends at the first '}')."""
        text = self.text
        close = text.find("}", pos) if pattern is BLOCK else -1
        if close < 0 or close - pos > _BLOCK_KEPT:
            return self._block(pos, kind, pattern)
        key = (kind, text[pos:close])
        found = _BLOCKS.get(key)
        if found is not None:
            for code, message, start, end in found:
                self.report(code, message, pos + start, pos + end)
            return close + 1
        errors = self.errors
        mark = len(errors)
        after = self._block(pos, kind, pattern)
        if after == close + 1:
            if len(_BLOCKS) >= _BLOCKS_KEPT:
                _BLOCKS.clear()
            _BLOCKS[key] = tuple((error.code, error.message, error.start - pos, error.end - pos)
                                 for error in errors[mark:])
        return after

    def _block(self, pos: int, kind: int, pattern: re.Pattern[str]) -> int:
        text = self.text
        match = pattern.match
        declaration = self.declaration
        while True:
            m = match(text, pos)
            if m is None:
                return -1
            name = m.group("name")
            if name is not None:
                name_start, name_end = m.span("name")
                value_start, value_end = m.span("value")
                declaration(name, name_start, name_end, value_start, value_end, kind)
            elif m.group("close") is not None:
                return m.end()
            pos = m.end()
