"""CSS Syntax Level 3 parsing (§5) of a style sheet and of a declaration
list, for checking: the structure (rules, at-rules, qualified rules,
declarations) is found with the standard's algorithms ("consume a
stylesheet's contents", "consume a block's contents", "consume a qualified
rule", "consume an at-rule", "consume a declaration"), and each mistake is
reported with its offsets in the text.

The tokens come from :func:`markup5.selectors.tokenizer.tokenize` (CSS
Syntax §4, one tokenizer for the package).  Blocks are not built as nested
lists: the index of each opening token's matching closing token is found
once with an explicit stack, "consume a component value" is then a jump,
and the blocks to look into wait on a work list.  Nothing recurses over the
input's nesting, and each token is looked at a bounded number of times: a
block nested deeper than :data:`MAX_NESTING` rules is reported and skipped
(the standard's try-a-declaration-then-a-rule step would otherwise look at
deep tokens once per level).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ..selectors.parser import SelectorSyntaxError, parse_selector_list
from ..selectors.tokenizer import (AT_KEYWORD, CDC, CDO, COLON, DELIM, EOF, FUNCTION, HASH, IDENT,
                                   LEFT_CURLY, LEFT_PAREN, LEFT_SQUARE, PERCENTAGE, RIGHT_CURLY,
                                   RIGHT_PAREN, RIGHT_SQUARE, SEMICOLON, WHITESPACE, Token,
                                   tokenize)
from . import _tokens

__all__ = ["Sheet", "MAX_NESTING"]

#: Rules nested deeper than this (style rules, @media, @supports...) are
#: reported ("css-nesting-too-deep") and their contents skipped.
MAX_NESTING = 32

_CLOSER = {LEFT_CURLY: RIGHT_CURLY, LEFT_PAREN: RIGHT_PAREN, FUNCTION: RIGHT_PAREN,
           LEFT_SQUARE: RIGHT_SQUARE}

# What an at-rule's block holds (by the at-rule's name, vendor prefix off).
_RULE_LIST_AT_RULES = frozenset({"media", "supports", "document", "layer", "container",
                                 "scope", "starting-style"})
_KEYFRAMES_AT_RULES = frozenset({"keyframes"})
_DESCRIPTOR_AT_RULES = frozenset({
    "font-face", "page", "counter-style", "property", "font-palette-values", "viewport",
    "font-feature-values", "view-transition", "position-try", "color-profile",
    "top-left-corner", "top-left", "top-center", "top-right", "top-right-corner",
    "bottom-left-corner", "bottom-left", "bottom-center", "bottom-right",
    "bottom-right-corner", "left-top", "left-middle", "left-bottom", "right-top",
    "right-middle", "right-bottom", "swash", "annotation", "ornaments", "stylistic",
    "styleset", "character-variant", "historical-forms", "function", "custom-media"})

# Media Queries 4 §"Deprecated Media Features": authors must not use them.
_DEPRECATED_MEDIA_FEATURES = frozenset(
    prefix + name for prefix in ("", "min-", "max-")
    for name in ("device-width", "device-height", "device-aspect-ratio"))

# Block kinds on the work list.
_RULES = 0          # a rule list (the style sheet, @media's block at the top level...)
_STYLE = 1          # a style rule's block: declarations and nested rules
_DESCRIPTORS = 2    # @font-face, @page...: declarations (descriptors, not checked)
_KEYFRAMES = 3      # @keyframes: keyframe rules
_KEYFRAME = 4       # a keyframe's block: declarations (no nested rules)

#: ``report(code, message, start, end)``; ``check_declaration(name,
#: tokens, first, last, important)`` validates one declaration's value.
ReportFn = Callable[[str, str, int, int], None]
DeclarationFn = Callable[[str, int, int, int], None]


def _vendor_free(name: str) -> str:
    """An at-rule's name without its vendor prefix ("-webkit-keyframes")."""
    if name.startswith("-"):
        dash = name.find("-", 1)
        if dash > 0:
            return name[dash + 1:]
    return name


class Sheet:
    """The tokens of one style sheet or declaration list and the walk over
    its structure.  ``report`` receives every syntax mistake; ``declaration``
    every well-formed declaration (name, index of the colon, index of the
    value's end token, and the rule context), for the value checks."""

    __slots__ = ("text", "tokens", "match", "report", "declaration", "work")

    def __init__(self, text: str, report: ReportFn, declaration: DeclarationFn,
                 tokens: list[Token] | None = None) -> None:
        self.text = text
        # (``tokens``: a part of the text's tokens that ends with an EOF token.)
        self.tokens: list[Token] = _tokens.tokenize(text) if tokens is None else tokens
        self.report = report
        self.declaration = declaration
        self.match = self._matching()
        self.work: list[tuple[int, int, int, int]] = []

    def _matching(self) -> list[int]:
        """For each opening token ('{', '(', '[', a function), the index of
        its closing token, or of the EOF token when the text ends first
        (CSS Syntax §5.4.8 "consume a simple block": the end of the input
        closes it); -1 elsewhere.  A closing token that does not close the
        innermost open block is an ordinary token inside it."""
        tokens = self.tokens
        match = [-1] * len(tokens)
        stack: list[int] = []
        expected: list[str] = []
        for index, token in enumerate(tokens):
            kind = token.type
            if kind in _CLOSER:
                stack.append(index)
                expected.append(_CLOSER[kind])
            elif expected and kind == expected[-1]:
                match[stack.pop()] = index
                expected.pop()
        end = len(tokens) - 1
        for index in stack:
            match[index] = end
        return match

    # Helpers ------------------------------------------------------------

    def skip(self, index: int) -> int:
        """The index after the component value at ``index``."""
        closing = self.match[index]
        if closing < 0:
            return index + 1
        if self.tokens[closing].type == EOF:
            return closing
        return closing + 1

    def start(self, index: int) -> int:
        """The offset in the text where token ``index`` starts."""
        return self.tokens[index].start

    def end(self, index: int) -> int:
        """The offset in the text just after token ``index`` (after the
        whole block when it opens one)."""
        closing = self.match[index]
        if closing >= 0:
            index = closing
        return self.tokens[index].end

    def run(self, index: int, stop: int, kind: int) -> None:
        """Walk the block contents ``tokens[index:stop]`` of ``kind``, then
        every block found inside, without recursion."""
        work = self.work
        work.append((index, stop, kind, 0))
        while work:
            first, last, what, depth = work.pop()
            if what == _RULES:
                self.rule_list(first, last, depth, top=depth == 0 and first == 0)
            elif what == _KEYFRAMES:
                self.keyframes(first, last, depth)
            else:
                self.block_contents(first, last, what, depth)

    def push(self, brace: int, kind: int, depth: int) -> None:
        """Queue the block opened by token ``brace``."""
        if depth > MAX_NESTING:
            self.report("css-nesting-too-deep",
                        f"Rules nested more than {MAX_NESTING} deep are not checked.",
                        self.start(brace), self.end(brace))
            return
        closing = self.match[brace]
        self.work.append((brace + 1, closing, kind, depth))

    # Rule lists (§5.4.1 consume a stylesheet's contents / a rule list) ----

    def rule_list(self, index: int, stop: int, depth: int, top: bool) -> None:
        tokens = self.tokens
        while index < stop:
            kind = tokens[index].type
            if kind == WHITESPACE:
                index += 1
            elif kind == CDO or kind == CDC:
                if not top:  # only the top level drops them
                    index = self.qualified_rule(index, stop, depth, nested=False)
                else:
                    index += 1
            elif kind == AT_KEYWORD:
                index = self.at_rule(index, stop, depth, in_style=False)
            elif kind == EOF:
                return
            else:
                index = self.qualified_rule(index, stop, depth, nested=False)

    def keyframes(self, index: int, stop: int, depth: int) -> None:
        """The keyframe rules of @keyframes: ``from``, ``to`` or percentages,
        comma-separated, each with a declaration block."""
        tokens = self.tokens
        while index < stop:
            kind = tokens[index].type
            if kind == WHITESPACE or kind == SEMICOLON:
                index += 1
                continue
            if kind == EOF:
                return
            begin = index
            while index < stop and tokens[index].type not in (LEFT_CURLY, EOF):
                index = self.skip(index)
            if index >= stop or tokens[index].type != LEFT_CURLY:
                self.report("css-parse-error", "Parse Error.", self.start(begin),
                            self.tokens[min(index, len(tokens) - 1)].start)
                return
            if not self._keyframe_selector(begin, index):
                self.report("css-parse-error", "Parse Error.", self.start(begin),
                            self.start(index) + 1)
            else:
                self.push(index, _KEYFRAME, depth + 1)
            index = self.skip(index)

    def _keyframe_selector(self, index: int, stop: int) -> bool:
        """<keyframe-selector># (CSS Animations §4.1): from | to | <percentage>
        (and a timeline range name with a percentage, Scroll-driven
        Animations)."""
        expect_item = True
        seen = False
        for token in self.tokens[index:stop]:
            kind = token.type
            if kind == WHITESPACE:
                continue
            if kind == DELIM or kind == SEMICOLON or kind == COLON:
                return False
            if kind == "comma":
                if expect_item:
                    return False
                expect_item = True
                continue
            if kind == PERCENTAGE or (kind == IDENT and token.value.lower() in (
                    "from", "to", "cover", "contain", "entry", "exit", "entry-crossing",
                    "exit-crossing")):
                expect_item = False
                seen = True
                continue
            return False
        return seen and not expect_item

    # Rules -----------------------------------------------------------------

    def qualified_rule(self, index: int, stop: int, depth: int, nested: bool) -> int:
        """Consume a qualified rule (§5.4.3) at ``index``: its prelude is a
        selector list; report it when it is not one (the rule is then
        dropped, as browsers drop it).  ``nested``: inside a style rule,
        where a ';' ends a failed rule.  Returns the index after the rule."""
        tokens = self.tokens
        match = self.match
        begin = index
        while index < stop:
            kind = tokens[index].type
            if kind == LEFT_CURLY:
                break
            if kind == EOF or (nested and kind == SEMICOLON):
                break
            closing = match[index]
            if closing < 0:
                index += 1
            else:  # (self.skip, inlined: this loop sees every prelude token)
                index = closing if tokens[closing].type == EOF else closing + 1
        if index >= stop or tokens[index].type != LEFT_CURLY:
            end = tokens[index].end if index < len(tokens) else len(self.text)
            self.report("css-parse-error", "Parse Error.", self.start(begin),
                        max(end, self.start(begin) + 1))
            return index + 1 if index < stop else stop
        prelude = self.text[self.start(begin):self.start(index)]
        if not _is_selector_list(prelude, nested):
            # The span: the whole rule, which is dropped (its block too).
            self.report("css-parse-error", "Parse Error.", self.start(begin), self.end(index))
        else:
            self.push(index, _STYLE, depth + 1)
        return self.skip(index)

    def at_rule(self, index: int, stop: int, depth: int, in_style: bool) -> int:
        """Consume an at-rule (§5.4.2) at ``index``; queue its block by what
        the at-rule holds.  Returns the index after it."""
        tokens = self.tokens
        begin = index
        name = tokens[index].value.lower()
        index += 1
        prelude_start = index
        while index < stop:
            kind = tokens[index].type
            if kind == SEMICOLON or kind == LEFT_CURLY or kind == EOF:
                break
            if kind == RIGHT_CURLY and in_style:
                break
            index = self.skip(index)
        base = _vendor_free(name)
        if base == "media":
            for token in tokens[prelude_start:index]:
                if token.type == IDENT and token.value.lower() in _DEPRECATED_MEDIA_FEATURES:
                    self.report("css-deprecated-media-feature",
                                f"Deprecated media feature “{token.value.lower()}”. For "
                                "guidance, see the Deprecated Media Features section in the "
                                "current Media Queries specification.",
                                token.start, token.end)
        if name == "charset" and (self.start(begin) != 0 or depth > 0):
            self.report("css-charset-position",
                        "The @charset rule may only occur at the start of the style sheet. "
                        "Please check that there are no spaces before it.",
                        self.start(begin), tokens[min(index, len(tokens) - 1)].end)
        if index >= stop or tokens[index].type != LEFT_CURLY:
            return index + 1 if index < stop and tokens[index].type == SEMICOLON else index
        if base in _RULE_LIST_AT_RULES:
            self.push(index, _STYLE if in_style else _RULES, depth + 1)
        elif base in _KEYFRAMES_AT_RULES:
            self.push(index, _KEYFRAMES, depth + 1)
        elif base in _DESCRIPTOR_AT_RULES:
            self.push(index, _DESCRIPTORS, depth + 1)
        # Any other at-rule: its block is its own grammar's, not looked into.
        return self.skip(index)

    # Declarations (§5.4.4 consume a block's contents) -----------------------

    def block_contents(self, index: int, stop: int, kind: int, depth: int) -> None:
        """Declarations and, in a style rule, nested rules (CSS Nesting)."""
        tokens = self.tokens
        style = kind == _STYLE
        while index < stop:
            token_type = tokens[index].type
            if token_type == WHITESPACE or token_type == SEMICOLON:
                index += 1
                continue
            if token_type == EOF:
                return
            if token_type == AT_KEYWORD:
                index = self.at_rule(index, stop, depth, in_style=True)
                continue
            after = self.try_declaration(index, stop, kind)
            if after >= 0:
                index = after
                continue
            if _ie_hack(tokens, index):
                # Not a declaration (browsers drop it), not reported (as vnu).
                while index < stop and tokens[index].type not in (SEMICOLON, EOF):
                    index = self.skip(index)
                continue
            if style:
                index = self.qualified_rule(index, stop, depth, nested=True)
                continue
            # Consume the remnants of a bad declaration (§5.4.6).
            begin = index
            while index < stop and tokens[index].type not in (SEMICOLON, EOF):
                index = self.skip(index)
            self.report("css-parse-error", "Parse Error.", self.start(begin),
                        tokens[min(index, len(tokens) - 1)].start)

    def try_declaration(self, index: int, stop: int, kind: int) -> int:
        """Consume a declaration (§5.4.5) at ``index``: the index after it,
        or -1 when the tokens there are not a declaration (which a style
        rule's block then reads as a nested rule).  A declaration with an
        empty value is reported here, a well-formed one is handed to
        ``self.declaration`` (style and keyframe blocks only)."""
        tokens = self.tokens
        first = tokens[index]
        if first.type != IDENT:
            return -1
        colon = index + 1
        while colon < stop and tokens[colon].type == WHITESPACE:
            colon += 1
        if colon >= stop or tokens[colon].type != COLON:
            return -1
        end = colon + 1
        block = False
        other = False
        match = self.match
        while end < stop:
            token_type = tokens[end].type
            if token_type == SEMICOLON or token_type == EOF:
                break
            if token_type == LEFT_CURLY:
                block = True
            elif token_type != WHITESPACE:
                other = True
            closing = match[end]
            if closing < 0:
                end += 1
            else:  # (self.skip, inlined: this loop sees every value token)
                end = closing if tokens[closing].type == EOF else closing + 1
        name = first.value
        if block and other and not name.startswith("--") and kind == _STYLE:
            return -1  # a nested rule such as "a:hover { ... }"
        if kind in (_STYLE, _KEYFRAME, _DESCRIPTORS):
            self.declaration(name, colon, end, kind)
        return end + 1 if end < stop and tokens[end].type == SEMICOLON else end


def _ie_hack(tokens: list[Token], index: int) -> bool:
    """Internet Explorer 7's "star hack": a '*' (or '+', '#') right before a
    property name and its colon, as in ``*zoom: 1`` (``#zoom`` is one hash
    token).  Browsers drop such a declaration (it is not one); vnu does not
    report it, and neither does this checker (documented).  ``* zoom`` with
    a space is reported."""
    token = tokens[index]
    if index + 2 >= len(tokens):
        return False
    if token.type == HASH:
        after = index + 1
    else:
        if token.type != DELIM or token.value not in "*+":
            return False
        name = tokens[index + 1]
        if name.type != IDENT or name.start != token.end:
            return False
        after = index + 2
    while after < len(tokens) and tokens[after].type == WHITESPACE:
        after += 1
    return after < len(tokens) and tokens[after].type == COLON


_VENDOR_PSEUDO = ("-moz-", "-ms-", "-o-", "-webkit-", "-khtml-")


# A fast path for the plain selector lists most style sheets are made of:
# type, class, id and attribute selectors, the common pseudo-classes, a
# legacy or common pseudo-element at the end of a compound, the four
# combinators.  A prelude it takes is a selector list (a test holds it to
# markup5.selectors' parser); any other goes to that parser.
_FAST_PSEUDO_CLASSES = (
    "hover", "active", "focus", "focus-visible", "focus-within", "visited", "link", "any-link",
    "first-child", "last-child", "only-child", "first-of-type", "last-of-type",
    "only-of-type", "root", "empty", "checked", "disabled", "enabled", "target", "required",
    "optional", "read-only", "read-write", "placeholder-shown", "indeterminate", "default",
    "valid", "invalid", "in-range", "out-of-range")
_FAST_PSEUDO_ELEMENTS = ("before", "after", "first-line", "first-letter")
_FAST_DOUBLE_COLON = ("placeholder", "selection", "marker", "backdrop")
# (Each part begins with a character or a class, so the regex engine skips
# an alternative that cannot start at a character in one test.)
_PLAIN_IDENT = r"(?:[A-Za-z_]|-[A-Za-z_])[A-Za-z0-9_-]*+"
_PLAIN_SUBCLASS = (
    r"(?:[.#]" + _PLAIN_IDENT
    + r"|\[" + _PLAIN_IDENT + r"(?:[~|^$*]?=(?:" + _PLAIN_IDENT
    + r"""|"[^"\\\n]*+"|'[^'\\\n]*+'))?\]"""
    + r"|:(?ai:" + "|".join(sorted(_FAST_PSEUDO_CLASSES, key=len, reverse=True))
    + r")(?![\w(-]))")
_PLAIN_ENDING = (r"(?:(?:::?(?ai:" + "|".join(_FAST_PSEUDO_ELEMENTS) + r")|::(?ai:"
                 + "|".join(_FAST_DOUBLE_COLON) + r"))(?![\w(-]))")
_PLAIN_COMPOUND = (r"(?:(?:\*|" + _PLAIN_IDENT + ")" + _PLAIN_SUBCLASS + "*+|"
                   + _PLAIN_SUBCLASS + "++)")
_PLAIN_COMBINATOR = (r"(?:[>+~][ \t\n\r\f]*+"
                     r"|[ \t\n\r\f][ \t\n\r\f]*+(?:[>+~][ \t\n\r\f]*+)?+)")
# A pseudo-element ends the complex selector (Selectors 4 §3.6).
# (A combinator is followed by a compound, or by the pseudo-element
# alone: "a > ::before".)
_PLAIN_COMPLEX = (r"(?:" + _PLAIN_COMPOUND + "(?:" + _PLAIN_COMBINATOR + "(?:" + _PLAIN_COMPOUND
                  + "|(?=" + _PLAIN_ENDING + ")))*+" + _PLAIN_ENDING + "?|" + _PLAIN_ENDING + ")")
# Every repetition is possessive, and no part of the shape can end where
# the next begins (each starts with characters of its own; the complex
# selector has one way to read it), so what a repetition took is never
# given back: a long selector list is read in time and memory in
# proportion to it (the engine kept a backtracking state for each selector
# of the list: four times slower past a few hundred kilobytes).
# (Case-insensitive only where a pseudo-class or pseudo-element is named,
# and ASCII case-insensitive there, as CSS is: IGNORECASE on the whole made
# the engine fold every character, and took ":firſt-child", whose long s
# folds to "s", for ":first-child".)
PLAIN_SELECTOR_LIST = re.compile(
    _PLAIN_COMPLEX + r"(?:[ \t\n\r\f]*+,[ \t\n\r\f]*+" + _PLAIN_COMPLEX + ")*+")


def _is_selector_list(prelude: str, nested: bool) -> bool:
    """Whether ``prelude`` is a selector list (see :func:`_selector_list`);
    short preludes' answers are cached (style sheets repeat selectors)."""
    if len(prelude) <= 300:
        return _cached_selector_list(prelude, nested)
    return _selector_list(prelude, nested)


@lru_cache(maxsize=4096)
def _cached_selector_list(prelude: str, nested: bool) -> bool:
    return _selector_list(prelude, nested)


def _selector_list(prelude: str, nested: bool) -> bool:
    """Whether ``prelude`` is a <selector-list> (a <relative-selector-list>
    when ``nested``).  Vendor-prefixed pseudo-classes and pseudo-elements
    are vendor extensions, accepted as vnu accepts them: they are put in as
    ones the selector parser knows before it reads the text."""
    text = prelude.strip()
    if not text:
        return False
    if PLAIN_SELECTOR_LIST.fullmatch(text) is not None:
        return True
    if any(prefix in text for prefix in _VENDOR_PSEUDO):
        text = _unprefixed_pseudo(text)
    try:
        parse_selector_list(text, {})
    except SelectorSyntaxError as error:
        if not nested:
            return _namespace_only(error)
        try:
            parse_selector_list(_relative(text), {})
        except SelectorSyntaxError as again:
            return _namespace_only(again)
    return True


def _namespace_only(error: SelectorSyntaxError) -> bool:
    """A namespace prefix the selector parser does not know (declared by an
    @namespace rule this checker does not track) is not a mistake here."""
    return "namespace" in str(error)


def _relative(text: str) -> str:
    """Each item of a nested rule's selector list given the nesting
    selector in front when it starts with a combinator (CSS Nesting §2)."""
    items = text.split(",")
    return ",".join("& " + item if item.strip()[:1] in (">", "+", "~") else item
                    for item in items)


def _unprefixed_pseudo(text: str) -> str:
    """``text`` with each vendor-prefixed pseudo-class made ``:hover`` (its
    function form ``:is(``) and each vendor-prefixed pseudo-element made a
    ``::-webkit-`` one (which the selector parser accepts)."""
    tokens = tokenize(text)
    parts: list[str] = []
    at = 0
    for index, token in enumerate(tokens):
        if (token.type not in (IDENT, FUNCTION) or index == 0
                or tokens[index - 1].type != COLON
                or not token.value.lower().startswith(_VENDOR_PSEUDO)):
            continue
        element = index >= 2 and tokens[index - 2].type == COLON
        parts.append(text[at:token.start])
        if element:
            parts.append("-webkit-x(" if token.type == FUNCTION else "-webkit-x")
        else:
            parts.append("is(" if token.type == FUNCTION else "hover")
        at = token.end
    parts.append(text[at:])
    return "".join(parts)
