"""Parse a selector string into :mod:`markup5.selectors.ast` objects.

The grammar is Selectors Level 4 §17, as browsers ship it:

    <selector-list>      = <complex-selector-list>
    <complex-selector>   = <compound-selector> [ <combinator>? <compound-selector> ]*
    <compound-selector>  = [ <type-selector>? <subclass-selector>* <pseudo-element>? ]!
    <combinator>         = '>' | '+' | '~'        (whitespace: the descendant combinator)
    <type-selector>      = <wq-name> | <ns-prefix>? '*'
    <ns-prefix>          = [ <ident-token> | '*' ]? '|'
    <wq-name>            = <ns-prefix>? <ident-token>
    <subclass-selector>  = <id-selector> | <class-selector> | <attribute-selector>
                         | <pseudo-class-selector>
    <attribute-selector> = '[' <wq-name> ']'
                         | '[' <wq-name> <attr-matcher> [ <string-token> | <ident-token> ]
                               <attr-modifier>? ']'
    <attr-matcher>       = [ '~' | '|' | '^' | '$' | '*' ]? '='
    <attr-modifier>      = i | s

``:is()`` and ``:where()`` take a forgiving selector list (a bad item is
dropped); ``:not()`` and ``:nth-child(An+B of S)`` take a complex selector
list without pseudo-elements; ``:has()`` takes a relative selector list and
cannot be nested in another ``:has()``.

Beyond Selectors 4, the parser takes what Chromium's ``querySelectorAll``
takes, as measured (tools/pseudo_chromium.py): its pseudo-classes and
pseudo-elements (SIMPLE_PSEUDO_CLASSES, PSEUDO_ELEMENTS,
FUNCTIONAL_PSEUDO_ELEMENTS, any ``::-webkit-`` name), ``&`` (as
``:scope``), ``:-webkit-any()`` and the compound-selector arguments of
``:host()``, ``:host-context()``, ``::slotted()`` and ``::cue()`` (no
``:has()`` inside, no combinator in a nested ``:not()``/``:is()``/
``:where()``), and what may follow each pseudo-element in its compound
(``allowed_after_pseudo_element``).  As in CSS, the end of the string
closes any open function, bracket or string.  Any other mistake raises
:class:`SelectorSyntaxError`, a :class:`ValueError` naming the position.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from . import ast
from .ast import ANY_NAMESPACE
from .tokenizer import (BAD_STRING, COLON, COMMA, DELIM, DIMENSION, EOF, FUNCTION, HASH, IDENT,
                        LEFT_CURLY, LEFT_PAREN, LEFT_SQUARE, NUMBER, RIGHT_CURLY, RIGHT_PAREN,
                        RIGHT_SQUARE, STRING, WHITESPACE, Token, tokenize)

__all__ = ["SelectorSyntaxError", "parse_selector_list", "nth_formula"]


class SelectorSyntaxError(ValueError):
    """A selector that does not parse.  ``selector`` is the text,
    ``offset`` the 0-based index of the problem in it and ``position`` the
    1-based character position that the message quotes."""

    def __init__(self, message: str, selector: str, offset: int) -> None:
        self.selector = selector
        self.offset = offset
        self.position = offset + 1
        super().__init__(f"{message} at position {offset + 1} in {selector!r}")


class _LimitError(SelectorSyntaxError):
    """A selector past MAX_NESTING or MAX_CHAIN: an error even inside a
    forgiving list."""


# Pseudo-classes without arguments: every one Chromium's querySelectorAll
# accepts (tests/fixtures/selectors/chromium-pseudo.json records them).
SIMPLE_PSEUDO_CLASSES = frozenset({
    # Structural (Selectors 4 §14) and :scope (§10.2).
    "root", "empty", "first-child", "last-child", "only-child", "first-of-type",
    "last-of-type", "only-of-type", "scope",
    # Location (§8): in a static document no link is visited and nothing is a target.
    "link", "any-link", "-webkit-any-link", "visited", "target",
    # Input and element states (§12, HTML §4.16.3).
    "checked", "disabled", "enabled", "defined", "required", "optional", "read-only",
    "read-write", "placeholder-shown", "indeterminate", "default",
    "valid", "invalid", "in-range", "out-of-range", "open",
    # States a parsed document never has: no user interacted, no script ran,
    # nothing is shown in the top layer, played or filled in by the browser.
    "user-valid", "user-invalid", "autofill", "-webkit-autofill",
    "-internal-autofill-previewed", "-internal-autofill-selected", "modal", "popover-open",
    "fullscreen", "-webkit-full-screen", "-webkit-full-screen-ancestor",
    "-webkit-full-page-media", "picture-in-picture", "xr-overlay", "-webkit-drag",
    "current", "past", "future", "target-current", "target-before", "target-after",
    "active-view-transition", "interest-source", "interest-target", "granted",
    "-internal-popover-in-top-layer", "-internal-dialog-in-top-layer",
    "-internal-relative-anchor", "-internal-menulist-popover-with-menulist-anchor",
    # The shadow host (none in a shadow-free tree).
    "host",
    # User action (§9): a parsed document has no pointer, focus or activation.
    "hover", "active", "focus", "focus-visible", "focus-within",
    # Chromium's scrollbar states (for ::-webkit-scrollbar and its parts).
    "horizontal", "vertical", "decrement", "increment", "start", "end", "double-button",
    "single-button", "no-button", "corner-present", "window-inactive",
})
# Pseudo-elements accepted after '::' (and the four legacy ones after ':');
# Chromium also takes any name that starts with '-webkit-'.
PSEUDO_ELEMENTS = frozenset({
    "before", "after", "first-line", "first-letter", "marker", "placeholder", "selection",
    "backdrop", "file-selector-button", "target-text", "spelling-error", "grammar-error",
    "checkmark", "column", "cue", "details-content", "picker-icon", "scroll-marker",
    "scroll-marker-group", "search-text", "view-transition", "permission-icon",
    # One of Chromium's internal names that it takes from pages too (like
    # its '-webkit-' pseudo-elements).
    "-internal-media-controls-overlay-cast-button",
})
LEGACY_PSEUDO_ELEMENTS = frozenset({"before", "after", "first-line", "first-letter"})
FUNCTIONAL_PSEUDO_CLASSES = frozenset({
    "is", "where", "not", "has", "nth-child", "nth-last-child", "nth-of-type",
    "nth-last-of-type", "lang", "dir", "-webkit-any", "host", "host-context", "state",
    "active-view-transition-type",
})
# Functional pseudo-elements (named with '()' where a name is checked
# against the tables below, so that ::cue and ::cue() differ).
FUNCTIONAL_PSEUDO_ELEMENTS = frozenset({
    "cue", "highlight", "part", "picker", "scroll-button", "slotted",
    "view-transition-group", "view-transition-group-children", "view-transition-image-pair",
    "view-transition-old", "view-transition-new",
})
_SCROLL_BUTTON_DIRECTIONS = frozenset({
    "up", "down", "left", "right", "block-start", "block-end", "inline-start", "inline-end",
})

# What may follow a pseudo-element in its compound selector (Selectors 4
# §3.6.3 leaves it to each pseudo-element; these are Chromium's rules, as
# measured).  Names of functional ones end in '()'.
_USER_ACTION = frozenset({"hover", "active", "focus", "focus-visible", "focus-within"})
_SCROLLBAR_STATES = frozenset({
    "enabled", "disabled", "hover", "active", "horizontal", "vertical", "decrement",
    "increment", "start", "end", "double-button", "single-button", "no-button",
    "corner-present", "window-inactive",
})
_SCROLLBAR_PARTS = frozenset({
    "-webkit-scrollbar", "-webkit-scrollbar-button", "-webkit-scrollbar-corner",
    "-webkit-scrollbar-thumb", "-webkit-scrollbar-track", "-webkit-scrollbar-track-piece",
    "-webkit-resizer",
})
# The pseudo-elements ::slotted() may end with (the "tree-abiding" ones).
_TREE_ABIDING = frozenset({
    "before", "after", "marker", "placeholder", "file-selector-button", "backdrop",
    "checkmark", "picker-icon", "details-content", "picker()", "permission-icon",
    "view-transition",
    "view-transition-group()", "view-transition-group-children()",
    "view-transition-image-pair()", "view-transition-old()", "view-transition-new()",
})
# After ::part() and the element-backed pseudo-elements (::details-content,
# ::picker(), ::permission-icon) come any pseudo-element but these, and any
# pseudo-class but the ones that look at the tree around the element.
_NOT_AFTER_PART = frozenset({
    "part()", "slotted()", "cue()",
    "root", "empty", "first-child", "last-child", "only-child", "first-of-type",
    "last-of-type", "only-of-type", "nth-child()", "nth-last-child()", "nth-of-type()",
    "nth-last-of-type()", "has()", "host", "host()", "host-context()", "scope", "&",
    "-webkit-any()", "current", "horizontal", "vertical", "decrement", "increment", "start",
    "end", "double-button", "single-button", "no-button", "corner-present",
})
# The pseudo-classes allowed after some other pseudo-elements.
_ALLOWED_AFTER = {
    "selection": frozenset({"window-inactive"}),
    "search-text": frozenset({"current"}),
    "scroll-marker-group": frozenset({"hover", "focus-within"}),
    "scroll-marker": _USER_ACTION | {"target-current", "target-before", "target-after"},
    "scroll-button()": _USER_ACTION | {"enabled", "disabled"},
    "file-selector-button": _USER_ACTION,
    "cue": _USER_ACTION,
    "view-transition-group()": frozenset({"only-child"}),
    "view-transition-group-children()": frozenset({"only-child"}),
    "view-transition-image-pair()": frozenset({"only-child"}),
    "view-transition-old()": frozenset({"only-child"}),
    "view-transition-new()": frozenset({"only-child"}),
}


def allowed_after_pseudo_element(pseudo_element: str, name: str, is_element: bool) -> bool:
    """Whether the pseudo-class (or, with ``is_element``, the
    pseudo-element) ``name`` may follow ``pseudo_element`` in a compound
    selector.  Names in ASCII lowercase, functional ones ending in '()'."""
    if pseudo_element == "slotted()":
        return is_element and name in _TREE_ABIDING
    if pseudo_element == "column":
        return is_element and name == "scroll-marker"
    if pseudo_element in ("part()", "details-content", "picker()", "permission-icon"):
        return name not in _NOT_AFTER_PART
    if not is_element and name in ("is()", "where()", "not()"):
        return True  # their arguments are checked in turn
    if is_element:
        return pseudo_element in ("before", "after") and name == "marker"
    if pseudo_element in _SCROLLBAR_PARTS:
        return name in _SCROLLBAR_STATES
    if pseudo_element.startswith("-webkit-") or pseudo_element.startswith("-internal-"):
        return name in _USER_ACTION
    allowed = _ALLOWED_AFTER.get(pseudo_element)
    return allowed is not None and name in allowed


# Limits that keep matching's recursion (one level per compound selector
# in a chain, plus one per nested argument) far inside Python's stack.
MAX_NESTING = 32
MAX_CHAIN = 200

_NDASHDIGITS = re.compile(r"n-[0-9]+\Z")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(s: str) -> str:
    """ASCII lowercase (only A-Z change), as CSS keywords compare."""
    return s.lower() if s.isascii() else s.translate(_ASCII_LOWER)


def parse_selector_list(text: str,
                        namespaces: Mapping[str, str] | None = None) -> ast.SelectorList:
    """Parse ``text`` as a <selector-list>; ``namespaces`` maps prefixes
    to namespace URIs ("" is the default namespace for type selectors)."""
    return _Parser(text, namespaces or {}).parse()


class _Parser:
    __slots__ = ("text", "tokens", "i", "namespaces", "in_has", "in_compound_argument",
                 "compound_only", "nesting", "chain", "restriction")

    def __init__(self, text: str, namespaces: Mapping[str, str]) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.namespaces = namespaces
        self.in_has = False
        # Inside an argument that is a compound selector (:-webkit-any(),
        # :host(), :host-context(), ::slotted(), ::cue(); its name here),
        # Chromium rejects :has() anywhere, and a combinator in the
        # arguments of :not(), :is() and :where() (though not in the list
        # after 'of' in :nth-child()).
        self.in_compound_argument: str | None = None
        self.compound_only = False
        self.nesting = 0  # open selector arguments
        self.chain = 0  # compound selectors on the way in from the outermost
        # The pseudo-element that the compound being parsed has seen last
        # (its name as in allowed_after_pseudo_element): what may follow it
        # is restricted, in the arguments of :is(), :where() and :not()
        # after it too.  None outside such a compound.
        self.restriction: str | None = None

    # Token helpers -----------------------------------------------------------

    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def peek(self, k: int = 1) -> Token:
        j = min(self.i + k, len(self.tokens) - 1)
        return self.tokens[j]

    def skip_ws(self) -> bool:
        if self.tokens[self.i].type == WHITESPACE:
            self.i += 1
            return True
        return False

    def error(self, message: str, token: Token | None = None) -> SelectorSyntaxError:
        token = self.tok if token is None else token
        return SelectorSyntaxError(message, self.text, token.start)

    def unexpected(self, token: Token | None = None) -> SelectorSyntaxError:
        token = self.tok if token is None else token
        if token.type == EOF:
            return SelectorSyntaxError("unexpected end of selector", self.text, token.start)
        if token.type == WHITESPACE:
            return self.error("unexpected whitespace", token)
        return self.error(f"unexpected {self.text[token.start:token.end]!r}", token)

    def is_end(self, end: str) -> bool:
        """At the end of the current list: ``end`` or EOF (which closes
        every open function)."""
        t = self.tok.type
        return t == end or t == EOF

    # Lists ---------------------------------------------------------------------

    def parse(self) -> ast.SelectorList:
        # A '{' (which would open a declaration block) or a string broken by
        # a newline spoils the whole selector, even inside :is() (as in
        # Chromium).
        for tok in self.tokens:
            if tok.type == LEFT_CURLY:
                raise self.error("unexpected '{'", tok)
            if tok.type == BAD_STRING:
                raise self.error("unterminated string (a newline inside quotes)", tok)
        self.skip_ws()
        if self.tok.type == EOF:
            raise self.error("empty selector")
        result = self.complex_list(EOF, nested=False)
        if self.tok.type != EOF:
            raise self.unexpected()
        return result

    def complex_list(self, end: str, nested: bool) -> ast.SelectorList:
        """<complex-selector-list>, up to ``end`` (not consumed)."""
        return self._comma_list(lambda: self.complex(nested), end)

    def _comma_list(self, item: Callable[[], ast.ComplexSelector], end: str
                    ) -> ast.SelectorList:
        """Items separated by commas (white space around them), up to
        ``end`` (not consumed); anything else is an error."""
        items = []
        while True:
            self.skip_ws()
            items.append(item())
            self.skip_ws()
            if self.tok.type == COMMA:
                self.i += 1
                continue
            if self.is_end(end):
                return ast.SelectorList(tuple(items))
            raise self.unexpected()

    def forgiving_list(self) -> ast.SelectorList:
        """<forgiving-selector-list> inside a function: items that do not
        parse are dropped; an empty list is fine."""
        items: list[ast.ComplexSelector] = []
        while True:
            self.skip_ws()
            if self.tok.type == COMMA:
                self.i += 1
                continue
            if self.is_end(RIGHT_PAREN):
                return ast.SelectorList(tuple(items))
            start = self.i
            try:
                item = self.complex(nested=True)
                self.skip_ws()
                if not (self.tok.type == COMMA or self.is_end(RIGHT_PAREN)):
                    raise self.unexpected()
                items.append(item)
            except _LimitError:
                raise
            except SelectorSyntaxError:
                self.i = start
                self.skip_balanced()

    def skip_balanced(self) -> None:
        """Skip component values up to the next ',' or ')' at this level.
        Blocks nest as in CSS: a closer ends only the block it matches."""
        closers: list[str] = []
        while True:
            t = self.tok.type
            if t == EOF:
                return
            if not closers and (t == COMMA or t == RIGHT_PAREN):
                return
            if t == FUNCTION or t == LEFT_PAREN:
                closers.append(RIGHT_PAREN)
            elif t == LEFT_SQUARE:
                closers.append(RIGHT_SQUARE)
            elif t == LEFT_CURLY:
                closers.append(RIGHT_CURLY)
            elif closers and t == closers[-1]:
                closers.pop()
            self.i += 1

    def relative_list(self) -> tuple[ast.RelativeSelector, ...]:
        """<relative-selector-list> (the argument of :has())."""
        items = []
        while True:
            self.skip_ws()
            combinator = ast.DESCENDANT
            tok = self.tok
            if tok.type == DELIM and tok.value in ">+~":
                combinator = tok.value
                self.i += 1
                self.skip_ws()
            items.append(ast.RelativeSelector(combinator, self.complex(nested=True)))
            self.skip_ws()
            if self.tok.type == COMMA:
                self.i += 1
                continue
            if self.is_end(RIGHT_PAREN):
                return tuple(items)
            raise self.unexpected()

    def close_function(self) -> None:
        """Consume the ')' that ends a function (EOF closes it too)."""
        if self.tok.type == RIGHT_PAREN:
            self.i += 1
        elif self.tok.type != EOF:
            raise self.unexpected()

    # Complex and compound selectors --------------------------------------------

    def complex(self, nested: bool) -> ast.ComplexSelector:
        """<complex-selector>; ``nested``: inside a function, where
        pseudo-elements are not allowed.  ``self.chain`` is restored
        however this ends: an item of a forgiving list that fails must not
        leave its compound selectors counted against the next item."""
        base = self.chain
        try:
            return self._complex(nested, base)
        finally:
            self.chain = base

    def _complex(self, nested: bool, base: int) -> ast.ComplexSelector:
        self.chain = base + 1
        compounds = [self.compound_required(nested)]
        combinators = []
        while True:
            saw_ws = self.skip_ws()
            tok = self.tok
            if tok.type == DELIM and tok.value in ">+~":
                combinator = tok.value
                self.i += 1
                self.skip_ws()
            elif saw_ws and not (tok.type in (COMMA, RIGHT_PAREN, EOF)):
                combinator = ast.DESCENDANT
            else:
                break
            if compounds[-1].pseudo_element is not None:
                raise self.error("a pseudo-element must end the selector", tok)
            if self.compound_only:
                raise self.error(f"only compound selectors are allowed inside "
                                 f"{self.in_compound_argument}", tok)
            combinators.append(combinator)
            self.chain = base + len(compounds) + 1
            if self.chain > MAX_CHAIN:
                raise _LimitError(f"selector too long (more than {MAX_CHAIN} compound "
                                  f"selectors in a chain)", self.text, tok.start)
            compounds.append(self.compound_required(nested))
        return ast.ComplexSelector(tuple(compounds), tuple(combinators))

    def compound_required(self, nested: bool) -> ast.CompoundSelector:
        compound = self.compound(nested)
        if compound is None:
            raise self.unexpected()
        return compound

    def compound(self, nested: bool) -> ast.CompoundSelector | None:
        """<compound-selector>, or None if no simple selector starts here."""
        saved = self.restriction
        try:
            return self._compound(nested)
        finally:
            self.restriction = saved

    def _compound(self, nested: bool) -> ast.CompoundSelector | None:
        start = self.tok
        type_selector = self.type_selector()
        if type_selector is not None and self.restriction is not None:
            raise self.error("a type selector cannot follow a pseudo-element", start)
        simples: list[ast.SimpleSelector] = []
        pseudo_elements: list[str] = []
        while True:
            tok = self.tok
            t = tok.type
            if self.restriction is not None and (t == HASH or t == LEFT_SQUARE or (
                    t == DELIM and (tok.value == "." or tok.value == "&"))):
                raise self.error("a pseudo-element must end the selector", tok)
            if t == HASH:
                if tok.hash_type != "id":
                    raise self.error(f"invalid id selector {self.text[tok.start:tok.end]!r}", tok)
                simples.append(ast.IdSelector(tok.value))
                self.i += 1
            elif t == DELIM and tok.value == ".":
                name = self.peek()
                if name.type != IDENT:
                    raise self.error("expected a class name after '.'", name)
                simples.append(ast.ClassSelector(name.value))
                self.i += 2
            elif t == DELIM and tok.value == "&":
                # The nesting selector outside a nested style rule is :scope
                # (css-nesting-1 §3.1).
                simples.append(ast.PseudoClass("scope"))
                self.i += 1
            elif t == LEFT_SQUARE:
                simples.append(self.attribute_selector())
            elif t == COLON:
                if self.peek().type == COLON:
                    pseudo_elements.append(self.pseudo_element(nested))
                else:
                    item = self.pseudo_class(nested)
                    if isinstance(item, str):
                        pseudo_elements.append(item)
                    else:
                        simples.append(item)
            else:
                break
        if type_selector is None and not simples and not pseudo_elements:
            return None
        return ast.CompoundSelector(type_selector, tuple(simples),
                                    "::".join(pseudo_elements) if pseudo_elements else None)

    def check_after_pseudo_element(self, name: str, is_element: bool, colon: Token) -> None:
        """Raise unless ``name`` may follow the compound's pseudo-element."""
        if self.restriction is not None and \
                not allowed_after_pseudo_element(self.restriction, name, is_element):
            shown = self.text[colon.start:self.tok.end]
            after = self.restriction
            raise self.error(f"{shown!r} cannot follow the pseudo-element '::{after}'", colon)

    def namespace_for(self, prefix: str, token: Token) -> str:
        try:
            return self.namespaces[prefix]
        except KeyError:
            raise self.error(f"undeclared namespace prefix {prefix!r}", token) from None

    def type_selector(self) -> ast.TypeSelector | None:
        """<type-selector>: [ns|]name, [ns|]*, with ns an ident, '*' or empty."""
        tok = self.tok
        is_name = tok.type == IDENT or (tok.type == DELIM and tok.value == "*")
        nxt = self.peek()
        if is_name and nxt.type == DELIM and nxt.value == "|":
            after = self.peek(2)
            if after.type == IDENT or (after.type == DELIM and after.value == "*"):
                namespace = (ANY_NAMESPACE if tok.type == DELIM
                             else self.namespace_for(tok.value, tok))
                self.i += 3
                return ast.TypeSelector(namespace, None if after.type == DELIM else after.value)
            raise self.error("expected a name after '|'", after)
        if is_name:
            self.i += 1
            default = self.namespaces.get("", ANY_NAMESPACE)
            return ast.TypeSelector(default, None if tok.type == DELIM else tok.value)
        if tok.type == DELIM and tok.value == "|":
            if nxt.type == IDENT or (nxt.type == DELIM and nxt.value == "*"):
                self.i += 2
                return ast.TypeSelector(None, None if nxt.type == DELIM else nxt.value)
            raise self.error("expected a name after '|'", nxt)
        return None

    def attribute_selector(self) -> ast.AttributeSelector:
        """'[' <wq-name> [ <attr-matcher> value <attr-modifier>? ]? ']'."""
        self.i += 1  # '['
        self.skip_ws()
        tok = self.tok
        nxt = self.peek()
        after = self.peek(2)
        namespace: object = None
        explicit = True
        if (tok.type == IDENT or (tok.type == DELIM and tok.value == "*")) and \
                nxt.type == DELIM and nxt.value == "|" and after.type == IDENT:
            namespace = (ANY_NAMESPACE if tok.type == DELIM
                         else self.namespace_for(tok.value, tok))
            name = after.value
            self.i += 3
        elif tok.type == DELIM and tok.value == "|" and nxt.type == IDENT:
            name = nxt.value
            self.i += 2
        elif tok.type == IDENT:
            name = tok.value
            explicit = False
            self.i += 1
        else:
            raise self.error("expected an attribute name", tok)
        self.skip_ws()
        tok = self.tok
        if tok.type == RIGHT_SQUARE or tok.type == EOF:
            self.i += tok.type == RIGHT_SQUARE
            return ast.AttributeSelector(namespace, name, explicit_namespace=explicit)
        # <attr-matcher>
        if tok.type == DELIM and tok.value == "=":
            operator = "="
            self.i += 1
        elif tok.type == DELIM and tok.value in "~|^$*" and \
                self.peek().type == DELIM and self.peek().value == "=":
            operator = tok.value + "="
            self.i += 2
        else:
            raise self.unexpected()
        self.skip_ws()
        tok = self.tok
        if tok.type not in (IDENT, STRING):
            if tok.type == BAD_STRING:
                raise self.error("unterminated string (a newline inside quotes)", tok)
            raise self.error("expected an attribute value (a name or a quoted string)", tok)
        value = tok.value
        self.i += 1
        self.skip_ws()
        case = None
        tok = self.tok
        if tok.type == IDENT:
            flag = ascii_lower(tok.value)
            if flag not in ("i", "s"):
                raise self.error(f"unknown attribute selector flag {tok.value!r}", tok)
            case = flag
            self.i += 1
            self.skip_ws()
        tok = self.tok
        if tok.type == RIGHT_SQUARE:
            self.i += 1
        elif tok.type != EOF:
            raise self.unexpected()
        return ast.AttributeSelector(namespace, name, operator, value, case, explicit)

    # Pseudo-classes and pseudo-elements ----------------------------------------

    def pseudo_element(self, nested: bool) -> str:
        colon = self.tok
        self.i += 1  # the first ':'
        tok = self.peek()
        name = ascii_lower(tok.value) if tok.type in (IDENT, FUNCTION) else ""
        if tok.type == IDENT:
            # Any other '-webkit-' name is one of Chromium's "custom"
            # pseudo-elements, unless it is one of its pseudo-classes.
            if name not in PSEUDO_ELEMENTS and not (
                    name.startswith("-webkit-") and name not in SIMPLE_PSEUDO_CLASSES):
                raise self.error(f"unknown pseudo-element '::{tok.value}'", colon)
            key = name
        elif tok.type == FUNCTION:
            if name not in FUNCTIONAL_PSEUDO_ELEMENTS:
                raise self.error(f"unknown or unsupported pseudo-element '::{tok.value}()'",
                                 colon)
            key = name + "()"
        else:
            raise self.error("expected a pseudo-element name after '::'", tok)
        self.i += 1  # the second ':'
        if nested:
            raise self.error(f"pseudo-element '::{tok.value}' inside a selector argument", colon)
        self.check_after_pseudo_element(key, True, colon)
        self.i += 1
        if tok.type == FUNCTION:
            self.enter_function(colon)
            saved = self.restriction
            self.restriction = None  # the argument is a selector of its own
            try:
                self.pseudo_element_argument(name, colon)
            finally:
                self.restriction = saved
                self.nesting -= 1
            self.close_function()
        self.restriction = key
        return name

    def enter_function(self, colon: Token) -> None:
        if self.nesting >= MAX_NESTING:
            raise _LimitError(f"selector nested too deeply (more than {MAX_NESTING} levels)",
                              self.text, colon.start)
        self.nesting += 1

    def pseudo_element_argument(self, name: str, colon: Token) -> None:
        """The argument of a functional pseudo-element, checked (none of
        them matters for matching: a pseudo-element is never an element)."""
        self.skip_ws()
        tok = self.tok
        if name == "slotted":
            self.compound_argument("::slotted()")
        elif name == "cue":
            self.compound_list_argument("::cue()")
        elif name == "part":
            if tok.type != IDENT:
                raise self.error("expected a part name", tok)
            while self.tok.type == IDENT:
                self.i += 1
                self.skip_ws()
        elif name == "highlight":
            self.ident_argument("a highlight name")
        elif name == "picker":
            if tok.type != IDENT or ascii_lower(tok.value) != "select":
                raise self.error("expected 'select'", tok)
            self.i += 1
        elif name == "scroll-button":
            if not (tok.type == DELIM and tok.value == "*") and not (
                    tok.type == IDENT and ascii_lower(tok.value) in _SCROLL_BUTTON_DIRECTIONS):
                raise self.error("expected '*' or a scroll direction", tok)
            self.i += 1
        else:  # the view-transition pseudo-elements: <pt-name-and-class-selector>
            self.view_transition_argument()
        self.skip_ws()
        if not self.is_end(RIGHT_PAREN):
            raise self.unexpected()

    def ident_argument(self, what: str) -> str:
        tok = self.tok
        if tok.type != IDENT:
            raise self.error(f"expected {what}", tok)
        self.i += 1
        return tok.value

    def view_transition_argument(self) -> None:
        """<pt-name-selector> <pt-class-selector>? | <pt-class-selector>:
        '*' or a name, then '.class' parts, with no whitespace between."""
        tok = self.tok
        named = tok.type == IDENT or (tok.type == DELIM and tok.value == "*")
        if named:
            self.i += 1
            if tok.type == IDENT:
                self.skip_ws()  # (Chromium takes 'name .class', but not '* .class')
        classes = 0
        while self.tok.type == DELIM and self.tok.value == "." and self.peek().type == IDENT:
            self.i += 2
            classes += 1
        if not named and not classes:
            raise self.error("expected a view transition name or class", tok)

    def compound_argument(self, function: str) -> ast.CompoundSelector:
        """A <compound-selector> argument of ``function``, without
        pseudo-elements."""
        saved = self.in_compound_argument
        self.in_compound_argument = function
        try:
            compound = self.compound(nested=True)
        finally:
            self.in_compound_argument = saved
        if compound is None:
            raise self.unexpected()
        self.skip_ws()
        if not self.is_end(RIGHT_PAREN):
            raise self.unexpected()
        return compound

    def compound_list_argument(self, function: str) -> ast.SelectorList:
        """A <compound-selector-list> argument of ``function`` (not
        forgiving)."""
        saved = self.in_compound_argument
        self.in_compound_argument = function
        try:
            return self._compound_list()
        finally:
            self.in_compound_argument = saved

    def _compound_list(self) -> ast.SelectorList:
        return self._comma_list(self._compound_item, RIGHT_PAREN)

    def _compound_item(self) -> ast.ComplexSelector:
        """One compound selector of a <compound-selector-list>, as a complex
        selector of one compound."""
        compound = self.compound(nested=True)
        if compound is None:
            raise self.unexpected()
        return ast.ComplexSelector((compound,), ())

    def pseudo_class(self, nested: bool) -> ast.SimpleSelector | str:
        colon = self.tok
        self.i += 1  # ':'
        tok = self.tok
        if tok.type == IDENT:
            name = ascii_lower(tok.value)
            if name in SIMPLE_PSEUDO_CLASSES:
                self.check_after_pseudo_element(name, False, colon)
                self.i += 1
                return ast.PseudoClass(name)
            if name in LEGACY_PSEUDO_ELEMENTS:
                if nested:
                    raise self.error(f"pseudo-element ':{tok.value}' inside a selector argument",
                                     colon)
                self.check_after_pseudo_element(name, True, colon)
                self.i += 1
                self.restriction = name
                return name
            raise self.error(f"unknown or unsupported pseudo-class ':{tok.value}'", colon)
        if tok.type != FUNCTION:
            raise self.error("expected a pseudo-class name after ':'", tok)
        name = ascii_lower(tok.value)
        if name not in FUNCTIONAL_PSEUDO_CLASSES:
            raise self.error(f"unknown or unsupported pseudo-class ':{tok.value}()'", colon)
        self.check_after_pseudo_element(name + "()", False, colon)
        self.i += 1
        self.enter_function(colon)
        try:
            result = self.pseudo_class_arguments(name, tok, colon)
        finally:
            self.nesting -= 1
        self.close_function()
        return result

    def pseudo_class_arguments(self, name: str, tok: Token, colon: Token) -> ast.SimpleSelector:
        """The argument of a functional pseudo-class (up to its ')')."""
        saved = self.compound_only
        self.compound_only = self.in_compound_argument is not None and \
            name in ("is", "where", "not")
        try:
            return self._pseudo_class_arguments(name, tok, colon)
        finally:
            self.compound_only = saved

    def _pseudo_class_arguments(self, name: str, tok: Token, colon: Token
                                ) -> ast.SimpleSelector:
        if name in ("is", "where"):
            result: ast.SimpleSelector = ast.LogicalPseudoClass(name, self.forgiving_list())
        elif name == "not":
            self.skip_ws()
            result = ast.LogicalPseudoClass(name, self.complex_list(RIGHT_PAREN, nested=True))
        elif name == "-webkit-any":
            # Chromium's old form of :is(): compound selectors only (and no
            # :has() among them), in a list that is not forgiving.
            result = ast.LogicalPseudoClass(name, self.compound_list_argument(":-webkit-any()"))
        elif name == "has":
            if self.in_has:
                raise self.error(":has() cannot be nested inside :has()", colon)
            if self.in_compound_argument is not None:
                raise self.error(f":has() cannot be used inside {self.in_compound_argument}",
                                 colon)
            self.in_has = True
            try:
                result = ast.HasPseudoClass(self.relative_list())
            finally:
                self.in_has = False
        elif name in ("nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type"):
            result = self.nth(name)
        elif name == "lang":
            result = self.lang()
        elif name == "dir":
            self.skip_ws()
            result = ast.DirPseudoClass(ascii_lower(self.ident_argument("'ltr' or 'rtl'")))
            self.end_of_argument()
        elif name == "host" or name == "host-context":
            self.skip_ws()
            result = ast.ArgumentPseudoClass(name, self.compound_argument(f":{name}()"))
        elif name == "state":
            self.skip_ws()
            result = ast.ArgumentPseudoClass(name, self.ident_argument("a custom state name"))
            self.end_of_argument()
        else:  # active-view-transition-type: <custom-ident>#
            names = []
            while True:
                self.skip_ws()
                names.append(self.ident_argument("a view transition type"))
                self.skip_ws()
                if self.tok.type != COMMA:
                    break
                self.i += 1
            result = ast.ArgumentPseudoClass(name, tuple(names))
            self.end_of_argument()
        return result

    def end_of_argument(self) -> None:
        self.skip_ws()
        if not self.is_end(RIGHT_PAREN):
            raise self.unexpected()

    def lang(self) -> ast.LangPseudoClass:
        """:lang( [<ident> | <string>]# )."""
        ranges = []
        while True:
            self.skip_ws()
            tok = self.tok
            if tok.type not in (IDENT, STRING):
                raise self.error("expected a language range", tok)
            ranges.append(tok.value)
            self.i += 1
            self.skip_ws()
            if self.tok.type == COMMA:
                self.i += 1
                continue
            return ast.LangPseudoClass(tuple(ranges))

    def nth(self, name: str) -> ast.NthPseudoClass:
        """The argument of :nth-child() and its relatives: <an+b> [of S]."""
        self.skip_ws()
        a, b = self.an_plus_b()
        self.skip_ws()
        tok = self.tok
        of = None
        if tok.type == IDENT and ascii_lower(tok.value) == "of" and \
                name in ("nth-child", "nth-last-child"):
            self.i += 1
            self.skip_ws()
            of = self.complex_list(RIGHT_PAREN, nested=True)
        elif not self.is_end(RIGHT_PAREN):
            raise self.unexpected()
        return ast.NthPseudoClass(name, a, b, of)

    def signless_integer(self) -> str:
        """A <signless-integer> token: its digits."""
        tok = self.tok
        if tok.type == NUMBER and tok.is_integer and not tok.sign:
            self.i += 1
            return tok.value
        raise self.error("expected an integer in the An+B formula", tok)

    def b_part(self) -> str:
        """After 'An': nothing, ['+'|'-'] <signless-integer>, or
        <signed-integer>; B as signed digits."""
        save = self.i
        self.skip_ws()
        tok = self.tok
        if tok.type == DELIM and tok.value in "+-":
            self.i += 1
            self.skip_ws()
            return tok.value + self.signless_integer()
        if tok.type == NUMBER and tok.is_integer and tok.sign:
            self.i += 1
            return tok.value
        self.i = save
        return "0"

    def an_plus_b(self) -> tuple[int, int]:
        """The An+B microsyntax (css-syntax-3 §6.2), over tokens; see
        ``nth_formula`` for numbers of any length."""
        tok = self.tok
        if tok.type == NUMBER:
            if not tok.is_integer:
                raise self.error("expected an integer in the An+B formula", tok)
            self.i += 1
            return nth_formula("0", tok.value)
        if tok.type == DIMENSION:
            if not tok.is_integer:
                raise self.error("expected an integer in the An+B formula", tok)
            rest = ascii_lower(tok.unit)
            self.i += 1
            return nth_formula(tok.value, self._after_n(rest, tok))
        plus = False
        if tok.type == DELIM and tok.value == "+":
            nxt = self.peek()
            if nxt.type != IDENT or nxt.value.startswith("-"):
                raise self.error("expected 'n' right after '+' in the An+B formula", nxt)
            plus = True
            self.i += 1
            tok = nxt
        if tok.type == IDENT:
            value = ascii_lower(tok.value)
            self.i += 1
            if not plus and value == "odd":
                return 2, 1
            if not plus and value == "even":
                return 2, 0
            a = "1"
            if value.startswith("-"):
                a = "-1"
                value = value[1:]
            return nth_formula(a, self._after_n(value, tok))
        raise self.error("expected an An+B formula", tok)

    def _after_n(self, rest: str, tok: Token) -> str:
        """B (as signed digits) from what follows the A: ``rest`` is the
        unit or ident after the number or sign ('n', 'n-', 'n-3')."""
        if rest == "n":
            return self.b_part()
        if rest == "n-":
            self.skip_ws()
            return "-" + self.signless_integer()
        if _NDASHDIGITS.match(rest):
            return "-" + rest[2:]
        raise self.error("expected an An+B formula", tok)


# Numbers in An+B.  CSS numbers are valid at any length, but int() of a long
# digit string takes time quadratic in its length (and Python refuses more
# than 4300 digits), so the digits are never converted whole.  What a formula
# matches only matters at the indexes an element can have, all below
# INDEX_LIMIT (no node has 2**64 children), and ``nth_formula`` replaces A and
# B by small numbers that match exactly the same indexes there:
#
# * B is kept exact at any length.  Clamping it would not do: -2n+B matches
#   the indexes up to B with B's parity, so -2n+(10**50+1) matches the odd
#   indexes and -2n+10**50 the even ones.  Past +-INDEX_LIMIT, only B's sign
#   and its remainder modulo A matter, and that remainder is computed 18
#   digits at a time, in linear time.
# * A is exact up to EXACT_DIGITS digits and clamped to +-10**EXACT_DIGITS
#   beyond (css-values-4 lets an implementation clamp a value outside the
#   range it supports to one it supports).  This changes nothing unless B is
#   beyond +-INDEX_LIMIT too with the other sign, where the one index that can
#   match is B mod A: a division of two long numbers, which takes more than
#   linear time.
INDEX_LIMIT = 2 ** 64
EXACT_DIGITS = 40
_CHUNK = 18


def _remainder(digits: str, modulus: int) -> int:
    """``int(digits) % modulus`` for a modulus below 10**EXACT_DIGITS, in
    time linear in the number of digits."""
    remainder = 0
    for i in range(0, len(digits), _CHUNK):
        chunk = digits[i:i + _CHUNK]
        remainder = (remainder * 10 ** len(chunk) + int(chunk)) % modulus
    return remainder


def nth_formula(a_text: str, b_text: str) -> tuple[int, int]:
    """(A, B) for An+B written with these signed digit strings (``"-3"``,
    ``"+12"``, ``"0"``), as small numbers that match the same indexes below
    INDEX_LIMIT (see the comment above)."""
    a_sign = -1 if a_text[:1] == "-" else 1
    a_digits = a_text.lstrip("+-").lstrip("0")
    a = a_sign * (10 ** EXACT_DIGITS if len(a_digits) > EXACT_DIGITS else int(a_digits or "0"))
    b_sign = -1 if b_text[:1] == "-" else 1
    b_digits = b_text.lstrip("+-").lstrip("0")
    if len(b_digits) <= EXACT_DIGITS:
        b = b_sign * int(b_digits or "0")
    elif a == 0:
        b = b_sign * INDEX_LIMIT  # An index never equals it
    else:
        # The number nearest zero past +-INDEX_LIMIT with B's sign and B's
        # remainder modulo A stands in for B.
        modulus = abs(a)
        remainder = b_sign * _remainder(b_digits, modulus) % modulus
        if b_sign > 0:
            b = INDEX_LIMIT + (remainder - INDEX_LIMIT) % modulus
        else:
            b = -INDEX_LIMIT - (-INDEX_LIMIT - remainder) % modulus
    return _small_formula(a, b)


def _small_formula(a: int, b: int) -> tuple[int, int]:
    """An (A, B) of magnitudes below 3 * INDEX_LIMIT that matches the same
    indexes as An+B from 1 to INDEX_LIMIT - 1; (0, 0) matches none.  A
    formula within those bounds is kept as written."""
    limit = INDEX_LIMIT
    if -limit < a < limit and -limit < b < limit:
        return a, b
    if a == 0:
        return 0, 0  # B is past every index
    modulus = abs(a)
    if modulus >= limit:
        # Successive terms are INDEX_LIMIT or more apart: at most one is an
        # index, the first positive term (A > 0) or the last one (A < 0).
        if a > 0:
            term = b if b >= 1 else (b - 1) % a + 1
        else:
            term = (b - 1) % modulus + 1 if b >= 1 else 0
        return (0, term) if term < limit else (0, 0)
    # A is small, so B is past +-INDEX_LIMIT.
    if (a > 0) == (b > 0):
        return 0, 0  # every term is past the indexes, or below 1
    if a > 0:
        return a, b % a  # the terms reach down to every index of B's class
    return a, limit + (b - limit) % modulus  # and up to every one
