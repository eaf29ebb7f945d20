"""Checking CSS: style sheets (``<style>``) and declaration lists
(``style=""``) against CSS Syntax Level 3 and the property grammars of the
CSS specifications, as a validator does.

    >>> from markup5.css import check_declarations
    >>> [e.message for e in check_declarations("color: #fff; cursor: hand")]
    ['“cursor”: “hand” is not a “cursor” value.']

Each finding is a :class:`CssError` with a stable ``code``, the message (in
the Nu Html Checker's words, without its ``CSS:`` prefix) and the offsets
``start``/``end`` of the offending text:

- ``css-parse-error``: a construct that does not parse (a qualified rule
  whose prelude is not a selector list, as ``.a&gt; span {`` or a
  stylesheet wrapped in ``<![CDATA[``; a declaration without a colon; a
  ``* height: 1%`` hack; a declaration with an empty value; a rule the text
  ends inside);
- ``css-bad-value``: a value its property's grammar does not match
  (``cursor: hand``, ``color: FFFFFF``, ``padding: 0 10``...);
- ``css-unknown-property``: a property name no CSS specification defines
  (vendor-prefixed names and custom properties are accepted);
- ``css-deprecated-media-feature`` (``device-width``...) and
  ``css-charset-position`` (``@charset`` not at the start).

Values with ``var()``, ``env()``, ``attr()`` or a vendor-prefixed function
are accepted (their meaning is known only at computed-value time), and so
is any value of a property this package has no grammar for.  Work is linear
in the length of the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..selectors.tokenizer import DELIM, EOF, FUNCTION, IDENT, RIGHT_CURLY, WHITESPACE, Token
from . import _tokens
from . import _fast
from ._fast import _NAME, _U_STARTS_TOKEN, ATTRIBUTE, FastSheet
from ._names import KNOWN_PROPERTIES, VENDOR_PREFIXES
from ._properties import BUILTINS, CSS_WIDE_KEYWORDS, DEFERRED_FUNCTIONS, grammar_for, type_grammar
from ._syntax import _CLOSER, _DESCRIPTORS, _KEYFRAME, _RULES, _STYLE, Sheet, _cached_selector_list
from ._values import MAX_ITEMS, Grammar, Item, Matcher

__all__ = ["CssError", "check_stylesheet", "check_declarations", "KNOWN_PROPERTIES"]


@dataclass(frozen=True, slots=True)
class CssError:
    """One finding: ``code`` (``css-parse-error``, ``css-bad-value``,
    ``css-unknown-property``, ...), ``message`` (English, naming the
    property and value as the Nu Html Checker does), and the offsets
    ``start``/``end`` (end exclusive) of the offending text in the input."""

    code: str
    message: str
    start: int
    end: int


def check_stylesheet(text: str) -> list[CssError]:
    """The errors in the style sheet ``text`` (the contents of a
    ``<style>`` element), in the order of their offsets."""
    if not isinstance(text, str):
        raise TypeError(f"check_stylesheet() takes a str, not {type(text).__name__}")
    checker = _Checker(text, _NO_TOKENS)
    return checker.release(checker.run_fast())


def check_declarations(text: str) -> list[CssError]:
    """The errors in the declaration list ``text`` (a ``style`` attribute's
    value), in the order of their offsets."""
    if not isinstance(text, str):
        raise TypeError(f"check_declarations() takes a str, not {type(text).__name__}")
    if len(text) <= _VERDICT_VALUE_KEPT:
        found = _ATTRIBUTES.get(text)
        if found is None:
            found = _check_attribute(text)
            if len(_ATTRIBUTES) >= _ATTRIBUTES_KEPT:
                _ATTRIBUTES.clear()
            _ATTRIBUTES[text] = found
        return list(found)
    return _check_attribute(text)


def _check_attribute(text: str) -> list[CssError]:
    checker = _Checker(text, _NO_TOKENS)
    fast = FastSheet(text, checker.text_declaration, checker.report, checker.errors)
    if fast.block(0, _KEYFRAME, ATTRIBUTE) >= 0:
        checker.errors.sort(key=lambda error: error.start)
        return checker.release(checker.errors)
    checker.release([])
    return _full(text, _STYLE)


def _full(text: str, kind: int) -> list[CssError]:
    """The full path alone (tokens, then the structure): what the fast path
    is held to (``kind``: _RULES for a style sheet, _STYLE for a style
    attribute)."""
    checker = _Checker(text)
    return checker.release(checker.run(kind))


def _clear_caches() -> None:
    """Forget every cached verdict (for tests comparing the two paths, and
    for benchmarks/check.py's first check of a page): on values,
    declarations, blocks, style attributes and selector lists."""
    _VERDICTS.clear()
    _VALID_SHAPES.clear()
    _DECLARATIONS.clear()
    _fast._BLOCKS.clear()
    _ATTRIBUTES.clear()
    _cached_selector_list.cache_clear()


# Verdicts on values already checked, by (property, value text): style
# sheets repeat their declarations.  Bounded: cleared when full.
_VERDICTS: dict[tuple[str, str], tuple[int, str] | None] = {}
_VERDICTS_KEPT = 20000
_VERDICT_VALUE_KEPT = 200  # (longer values are checked each time: the memory stays small)


def _remember_verdict(key: tuple[str, str], verdict: tuple[int, str] | None) -> None:
    """Keep a (property, value) verdict, for a value short enough; the cache
    is emptied when full (bounded memory)."""
    if len(key[1]) <= _VERDICT_VALUE_KEPT:
        if len(_VERDICTS) >= _VERDICTS_KEPT:
            _VERDICTS.clear()
        _VERDICTS[key] = verdict
# Valid values by (property, shape): the value with each part a grammar
# cannot tell apart from others of its class replaced by one of them, the
# token boundaries kept.  Property grammars look at
# - a number only through its class (sign; zero, between 0 and 1, at least
#   1; integer or not; with or without a leading '.'), as units, zero,
#   is_integer and the minimums 0 and 1 do;
# - a url token only through its type (the <url> builtin), so one whose
#   address has no character that could make it a bad url or end it
#   (whitespace, quotes, brackets, backslashes, non-printables: CSS Syntax
#   §4.3.6) is written url(u);
# - a hash token only through its length and whether it is all hexadecimal
#   digits (<hex-color>), so one that is is written with as many zeros.
# Only for values without strings, escapes and comments, whose tokens the
# expression below finds exactly; and only for those with a part to shape
# (a digit, '#' or '('): any other is its own shape, and its verdict is
# kept by its text already.
_VALID_SHAPES: set[tuple[str, str]] = set()
_SHAPE_START = re.compile("[0-9#(]")
# The start of a name: "--", '-' and a name-start code point, or one
# (letters, '_', non-ASCII, U+0000), as negated classes (see _fast._NAME).
_NAME_START = ("(?:-[^\\x01-\\x2c\\x2e-\\x40\\x5b-\\x5e\\x60\\x7b-\\x7f]"
               "|[^\\x01-\\x40\\x5b-\\x5e\\x60\\x7b-\\x7f])")
_SHAPE_PARTS = re.compile(
    # a url token (the fast path's: unquoted, up to the first ')'), a hash
    # of hexadecimal digits, a name, hash or at-keyword (whole: digits in
    # them are not numbers), a number.  (The alternatives begin with a
    # character or a class, but the number, so that the regex engine
    # skips, at each character, those that cannot start there in a test.)
    f"[uU]{_U_STARTS_TOKEN}[rR][lL]\\("
    "(?:[^\\s()\"'\\\\\\x00-\\x08\\x0b\\x0e-\\x1f\\x7f]+(?P<url>\\))|[^)]*\\))"
    f"|#(?P<hex>[0-9A-Fa-f]+)(?!{_NAME})"
    f"|[#@]{_NAME_START}{_NAME}*|#{_NAME}+|{_NAME_START}{_NAME}*"
    "|(?P<number>[+-]?(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?)")


def _shape_part(match: re.Match[str]) -> str:
    """What one part _SHAPE_PARTS found stands as in a value's shape: a url
    token, a hexadecimal hash or a number by one of its class, a name
    as itself."""
    text = match.group("number")
    if text is None:
        if match.group("url") is not None:
            return "url(u)"
        digits = match.group("hex")
        if digits is not None:
            return "#" + "0" * len(digits)
        return match.group(0)
    sign = text[0] if text[0] in "+-" else ""
    body = text[len(sign):]
    magnitude = float(body)
    if body[0] == ".":
        shape = ".0e0" if magnitude == 0 else ".5e0" if magnitude < 1 else ".5e9"
    elif "e" in body or "E" in body:
        # (An exponent stays: "1e5e3" is 1e5 with the unit "e3", and
        # "1.5e3" would be a number alone.)
        shape = "0e0" if magnitude == 0 else "5e-1" if magnitude < 1 else "1e0"
    elif "." in body:
        shape = "0.0" if magnitude == 0 else "0.5" if magnitude < 1 else "1.5"
    else:
        shape = "0" if magnitude == 0 else "1"
    return sign + shape


# The findings on short declarations (offsets from the name) and style
# attributes, by their text (pages repeat them).
_DECLARATIONS: dict[str, tuple[tuple[str, str, int, int], ...]] = {}
_ATTRIBUTES: dict[str, list[CssError]] = {}
_ATTRIBUTES_KEPT = 5000
_NO_TOKENS: list[Token] = []
_SPACES = " \t\n\r\f"
# A first stretch of the text the full path tokenizes after the fast path
# stopped (doubled until the rule ends).
_SEGMENT = 256


class _Checker:
    __slots__ = ("text", "errors", "sheet")

    def __init__(self, text: str, tokens: list[Token] | None = None) -> None:
        # (``tokens`` _NO_TOKENS: the fast path, which tokenizes on demand.)
        self.text = text
        self.errors: list[CssError] = []
        self.sheet = Sheet(text, self.report, self.declaration,
                           [Token(EOF, "", 0, 0)] if tokens is _NO_TOKENS else None)

    def release(self, errors: list[CssError]) -> list[CssError]:
        """Drop the sheet, which holds this checker's bound methods (a
        cycle only the garbage collector could free, paused while
        ``markup5.conformance.check`` runs); return ``errors``."""
        del self.sheet
        return errors

    def run_fast(self) -> list[CssError]:
        """Check a style sheet: each top-level rule by the fast path, or by
        the full path over its tokens where the fast path stops."""
        text = self.text
        n = len(text)
        fast = FastSheet(text, self.text_declaration, self.report, self.errors)
        errors = self.errors
        pos = 0
        while pos < n:
            mark = len(errors)
            after = fast.rule(pos)
            if after >= 0:
                pos = after
                continue
            del errors[mark:]  # (what the fast path found in that rule)
            pos = self.segment(-1 - after)
        errors.sort(key=lambda error: error.start)
        return errors

    def segment(self, pos: int) -> int:
        """Check with the full path the top-level rule starting at ``pos``
        (with what follows up to the end of its block, or of the text when
        a block is never closed); return the offset after it."""
        text = self.text
        n = len(text)
        tokens: list[Token] = []
        expected: list[str] = []
        seen = 0
        size = _SEGMENT
        cut = -1
        while True:
            pos = _tokens.scan(text, pos, pos + size, tokens)
            for index in range(seen, len(tokens)):
                kind = tokens[index].type
                if kind in _CLOSER:
                    expected.append(_CLOSER[kind])
                elif expected and kind == expected[-1]:
                    expected.pop()
                    if not expected and kind == RIGHT_CURLY:
                        cut = index  # a top-level rule's block closed: the rule ends
                        break
            if cut >= 0 or pos >= n:
                break
            seen = len(tokens)
            size *= 2
        if cut >= 0:
            del tokens[cut + 1:]
            stop = tokens[cut].end
        else:
            stop = n
        tokens.append(Token(EOF, "", stop, stop))
        self.sheet = Sheet(text, self.report, self.declaration, tokens)
        self.sheet.run(0, len(tokens) - 1, _RULES)
        return stop

    def run(self, kind: int) -> list[CssError]:
        sheet = self.sheet
        stop = len(sheet.tokens) - 1  # the EOF token
        if kind == _STYLE:
            # A style attribute: a declaration list, no nested rules.
            sheet.block_contents(0, stop, _KEYFRAME, 0)
        else:
            sheet.run(0, stop, kind)
        self.errors.sort(key=lambda error: error.start)
        return self.errors

    def report(self, code: str, message: str, start: int, end: int) -> None:
        self.errors.append(CssError(code, message, start, max(end, start + 1)))

    def text_declaration(self, name: str, name_start: int, name_end: int, value_start: int,
                         value_end: int, kind: int) -> None:
        """Check one declaration the fast path found: what
        :meth:`declaration` does, from the text (the value is tokenized
        only when it holds a comment or an escape, or its verdict is not
        cached).  The findings on a short declaration are cached by its
        text (from its name to the end of its value): pages repeat them."""
        if kind == _DESCRIPTORS:
            return  # a descriptor of @font-face, @page...: not checked
        if value_end - name_start > _VERDICT_VALUE_KEPT:
            self._text_declaration(name, name_start, name_end, value_start, value_end)
            return
        key = self.text[name_start:value_end]
        found = _DECLARATIONS.get(key)
        errors = self.errors
        if found is None:
            mark = len(errors)
            self._text_declaration(name, name_start, name_end, value_start, value_end)
            found = tuple((error.code, error.message, error.start - name_start,
                           error.end - name_start) for error in errors[mark:])
            if len(_DECLARATIONS) >= _VERDICTS_KEPT:
                _DECLARATIONS.clear()
            _DECLARATIONS[key] = found
        elif found:
            for code, message, start, end in found:
                errors.append(CssError(code, message, name_start + start, name_start + end))

    def _text_declaration(self, name: str, name_start: int, name_end: int, value_start: int,
                          value_end: int) -> None:
        if name.startswith("--"):
            return  # a custom property: any value
        if "\x00" in name:
            name = name.replace("\x00", "\ufffd")  # (as in an ident token's value)
        prop = name.lower()
        checked = prop
        if prop.startswith("_") and prop[1:] in KNOWN_PROPERTIES:
            checked = prop[1:]  # (the underscore hack: see declaration)
        elif prop.startswith(("-", "_")) or prop.startswith(VENDOR_PREFIXES):
            return
        elif prop not in KNOWN_PROPERTIES:
            self.report("css-unknown-property", f"“{prop}”: Property “{prop}” doesn't exist.",
                        name_start, name_end)
            return
        text = self.text
        raw = text[value_start:value_end]
        plain = "/*" not in raw and "\\" not in raw
        if not plain:
            # Comments, escapes: the value lies between its first and last tokens.
            tokens = _tokens.tokenize(raw)
            last = len(tokens) - 1
            if last >= 2 and tokens[last - 1].type == IDENT \
                    and tokens[last - 1].value.lower() == "important" \
                    and tokens[last - 2].type == DELIM and tokens[last - 2].value == "!":
                last -= 2
            if last <= 0:
                value = ""
                origin = value_start
            else:
                origin = value_start + tokens[0].start
                value = raw[tokens[0].start:tokens[last - 1].end]
        else:
            value = raw.strip(_SPACES)
            origin = value_end - len(raw.lstrip(_SPACES))
            if value[-9:].lower() == "important":
                bang = value.rfind("!")
                if bang >= 0 and not value[bang + 1:-9].strip(_SPACES):
                    value = value[:bang].rstrip(_SPACES)
        if not value:
            self.report("css-parse-error", f"“{prop}”: Parse Error.", name_start,
                        value_end)
            return
        grammar = grammar_for(checked)
        if grammar is None:
            return
        key = (checked, value)
        if key in _VERDICTS:
            verdict = _VERDICTS[key]
        else:
            shape = None
            if plain and '"' not in value and "'" not in value \
                    and _SHAPE_START.search(value) is not None:
                # (A long value may have a short shape: a long address.)
                shaped = _SHAPE_PARTS.sub(_shape_part, value)
                if len(shaped) <= _VERDICT_VALUE_KEPT:
                    shape = (checked, shaped)
            if shape is not None and shape in _VALID_SHAPES:
                verdict = None
            else:
                checker = _Checker(value)
                verdict = checker.verdict(checked, grammar, 0, len(checker.sheet.tokens) - 1)
                checker.release([])
                if verdict is None and shape is not None:
                    if len(_VALID_SHAPES) >= _VERDICTS_KEPT:
                        _VALID_SHAPES.clear()
                    _VALID_SHAPES.add(shape)
            _remember_verdict(key, verdict)
        self.bad_value(prop, value, origin, verdict)

    def declaration(self, name: str, colon: int, end: int, kind: int) -> None:
        """Check one declaration: ``tokens[colon]`` is its colon,
        ``tokens[end]`` the ';' (or block end) after its value."""
        sheet = self.sheet
        tokens = sheet.tokens
        name_token = tokens[_previous_ident(tokens, colon)]
        if name.startswith("--"):
            return  # a custom property: any value
        prop = name.lower()
        if kind == _DESCRIPTORS:
            return  # a descriptor of @font-face, @page...: not checked
        # The value: the tokens between, whitespace trimmed, !important off.
        first = colon + 1
        last = end
        while first < last and tokens[first].type == WHITESPACE:
            first += 1
        while last > first and tokens[last - 1].type == WHITESPACE:
            last -= 1
        if last - 2 >= first and tokens[last - 1].type == IDENT \
                and tokens[last - 1].value.lower() == "important":
            bang = last - 2
            while bang > first and tokens[bang].type == WHITESPACE:
                bang -= 1
            if tokens[bang].type == DELIM and tokens[bang].value == "!":
                last = bang
                while last > first and tokens[last - 1].type == WHITESPACE:
                    last -= 1
        checked = prop
        if prop.startswith("_") and prop[1:] in KNOWN_PROPERTIES:
            # Internet Explorer 6's "underscore hack" (a vendor extension by
            # CSS 2.1 §4.1.2.1): its value checked as the property's (vnu).
            checked = prop[1:]
        elif prop.startswith(("-", "_")) or prop.startswith(VENDOR_PREFIXES):
            return  # a vendor extension (CSS 2.1 §4.1.2.1: '-' or '_' first)
        elif prop not in KNOWN_PROPERTIES:
            self.report("css-unknown-property",
                        f"“{prop}”: Property “{prop}” doesn't exist.",
                        name_token.start, name_token.end)
            return
        if first >= last:
            self.report("css-parse-error", f"“{prop}”: Parse Error.", name_token.start,
                        tokens[end].start if end < len(tokens) else len(self.text))
            return
        grammar = grammar_for(checked)
        if grammar is None:
            return
        origin = tokens[first].start
        value = self.text[origin:tokens[last - 1].end]
        key = (checked, value)
        if key in _VERDICTS:
            verdict = _VERDICTS[key]
        else:
            verdict = self.verdict(checked, grammar, first, last)
            _remember_verdict(key, verdict)
        self.bad_value(prop, value, origin, verdict)

    def bad_value(self, prop: str, value: str, origin: int,
                  verdict: tuple[int, str] | None) -> None:
        """Report a value's verdict (None: it matched): from the first
        component that does not fit to the end of the value."""
        if verdict is not None:
            at, shown = verdict
            self.report("css-bad-value", f"“{prop}”: “{shown}” is not a “{prop}” value.",
                        origin + at, origin + len(value))

    def verdict(self, prop: str, grammar: Grammar, first: int,
                last: int) -> tuple[int, str] | None:
        """None when ``tokens[first:last]`` is a value of ``prop`` (or is not
        checked), else the offset in the value of the first component that
        does not fit and its text."""
        sheet = self.sheet
        tokens = sheet.tokens
        if prop == "filter" and _legacy_filter(tokens[first:last]):
            return None
        items = self.items(first, last)
        if items is None:
            return None
        if len(items) == 1 and items[0][0].type == IDENT \
                and items[0][0].value.lower() in CSS_WIDE_KEYWORDS:
            return None
        if len(items) > MAX_ITEMS:
            return None
        matcher = Matcher(items, type_grammar, BUILTINS, self.arguments)
        if matcher.full(grammar):
            return None
        at = min(matcher.furthest, len(items) - 1)
        token = items[at][0]
        shown = self.text[token.start:sheet.end(_index_of(tokens, token))]
        if len(shown) > 60 or "\n" in shown:
            shown = token.value
        return token.start - tokens[first].start, shown

    def items(self, first: int, last: int) -> list[Item] | None:
        """The component values of ``tokens[first:last]`` (whitespace
        dropped), or None when the value is to be accepted unchecked: it
        uses var() and the like, a vendor-prefixed or unknown-to-us
        function.  A bad string or url makes a value that no grammar
        matches (kept as an item)."""
        sheet = self.sheet
        tokens = sheet.tokens
        for token in tokens[first:last]:
            if token.type == IDENT and token.value.startswith("-") \
                    and not token.value.startswith("--"):
                return None  # a vendor keyword (-moz-pre-wrap, -webkit-fit-content...)
            if token.type == FUNCTION:
                function = token.value.lower()
                if function in DEFERRED_FUNCTIONS or function.startswith("-"):
                    return None
        # (A function no CSS spec defines, as expression() or alpha(), is
        # kept: no grammar matches it.)
        return self.level(first, last)

    def level(self, first: int, last: int) -> list[Item]:
        sheet = self.sheet
        tokens = sheet.tokens
        result: list[Item] = []
        index = first
        while index < last:
            token = tokens[index]
            after = sheet.skip(index)
            if token.type != WHITESPACE:
                closing = sheet.match[index]
                result.append((token, index + 1, closing if closing >= 0 else index + 1))
            index = after
        return result

    def arguments(self, item: Item) -> list[Item]:
        return self.level(item[1], item[2])


# Internet Explorer's filters besides progid:...: alpha(opacity=50) and the
# names of its visual filters.  vnu accepts them; so does this checker (a
# departure from the Filter Effects grammar, documented).
_IE_FILTERS = frozenset({"alpha", "fliph", "flipv", "gray", "xray", "invert", "glow",
                         "shadow", "blur", "chroma", "dropshadow", "mask", "wave"})


def _legacy_filter(tokens: list[Token]) -> bool:
    """Whether a filter value is one of Internet Explorer's legacy forms."""
    return any(token.type in (FUNCTION, IDENT) and token.value.lower() in _IE_FILTERS
               and token.value.lower() not in ("blur", "invert")
               or (token.type == FUNCTION and token.value.lower() == "alpha")
               for token in tokens)


def _previous_ident(tokens: list[Token], colon: int) -> int:
    index = colon - 1
    while index > 0 and tokens[index].type == WHITESPACE:
        index -= 1
    return index


def _index_of(tokens: list[Token], token: Token) -> int:
    """The index of ``token`` (tokens are in offset order)."""
    low, high = 0, len(tokens) - 1
    while low < high:
        middle = (low + high) // 2
        if tokens[middle].start < token.start:
            low = middle + 1
        else:
            high = middle
    return low
