"""The parser of markup5.forms._pattern: ECMAScript RegExp syntax with the
UnicodeSetsMode parameter (the ``v`` flag), into a syntax tree.

The parser keeps its own stack of open groups and classes (no recursion, so a
pattern nested 100,000 deep parses), checks every early error of the
grammar, and raises :class:`PatternSyntaxError` where ``RegExpCreate``
throws a SyntaxError.
"""

from __future__ import annotations

from ._pattern_sets import (
    _ALL,
    _BINARY,
    _DIGITS,
    _GC_ALIASES,
    _NO_LINE_TERMINATOR,
    _SPACE,
    _STRING_PROPERTIES,
    _WORD,
    MAX_CODE_POINT,
    Ranges,
    _binary_property,
    _case_closure,
    _CharSet,
    _complement,
    _fold_string,
    _general_category,
    _intersect,
    _normalize,
    _script,
    _string_property,
    _subtract,
    _Unsupported,
)


class PatternSyntaxError(ValueError):
    """The pattern is not a valid v-mode RegExp (RegExpCreate throws)."""


# ---------------------------------------------------------------------------
# The syntax tree.  Nodes are created children first, so the parser's list of
# nodes is in post-order and sizes can be computed without recursion.

_CHARS, _SEQ, _ALT, _REP, _GROUP, _ASSERT, _LOOK, _BACKREF, _STRINGS = range(9)

# Assertion kinds (the value of _Node.index for _ASSERT nodes).
_A_START, _A_END, _A_LINE_START, _A_LINE_END = range(4)
_A_WORD, _A_NOT_WORD, _A_WORD_I, _A_NOT_WORD_I = range(4, 8)


class _Node:
    __slots__ = ("kind", "kids", "chars", "lo", "hi", "index", "behind",
                 "negative", "refs", "greedy", "ignore_case", "cap_lo",
                 "cap_hi", "strings")

    def __init__(self, kind: int, kids: list[_Node] | None = None) -> None:
        self.kind = kind
        self.kids: list[_Node] = kids if kids is not None else []
        self.chars: _CharSet | None = None
        self.lo = 0
        self.hi: int | None = 0
        self.index = 0          # capture number, assertion kind, look number
        self.behind = False
        self.negative = False
        self.refs: list[int] = []   # backreference targets (group numbers)
        self.greedy = True
        self.ignore_case = False    # for backreferences
        self.cap_lo = 0             # the capture groups inside: cap_lo..cap_hi
        self.cap_hi = -1
        self.strings: tuple[str, ...] = ()  # _STRINGS: folded if ignore_case


# ---------------------------------------------------------------------------
# The parser.

_SYNTAX_CHARACTERS = frozenset("^$\\.*+?()[]{}|")
_CLASS_SET_SYNTAX = frozenset("()[]{}/-\\|")
_CLASS_SET_RESERVED_DOUBLE = frozenset("&!#$%*+,.:;<=>?@^`~")
_CLASS_SET_RESERVED_PUNCTUATOR = frozenset("&-!#%,:;<=>@`~")
_CONTROL_ESCAPES = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}
_HEX = frozenset("0123456789abcdefABCDEF")
_MAX_CAPTURES = 32767   # V8's limit ("Too many captures")


class _ClassValue:
    """An operand of a v-mode class: code points, strings, MayContainStrings."""

    __slots__ = ("chars", "strings", "may_contain_strings")

    def __init__(self, chars: Ranges, strings: frozenset[str] = frozenset(),
                 may_contain_strings: bool = False) -> None:
        self.chars = chars
        self.strings = strings
        self.may_contain_strings = may_contain_strings


class _ClassFrame:
    __slots__ = ("negated", "operator", "items", "ignore_case")

    def __init__(self, negated: bool, ignore_case: bool) -> None:
        self.negated = negated
        self.operator = ""       # "", "union", "and", "sub"
        self.items: list[_ClassValue] = []
        self.ignore_case = ignore_case


class _GroupFrame:
    __slots__ = ("kind", "alternatives", "terms", "capture", "flags",
                 "parent", "parent_alternative", "depth", "negative")

    def __init__(self, kind: str, capture: int, flags: tuple[bool, bool, bool],
                 parent: _GroupFrame | None) -> None:
        self.kind = kind          # "top", "group", "ahead", "behind"
        self.alternatives: list[_Node] = []
        self.terms: list[_Node] = []
        self.capture = capture    # 0 = not capturing
        self.flags = flags        # (ignore_case, multiline, dot_all)
        self.parent = parent
        self.parent_alternative = (
            len(parent.alternatives) if parent is not None else 0)
        self.depth: int = parent.depth + 1 if parent is not None else 0
        self.negative = False


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.pos = 0
        self.nodes: list[_Node] = []
        self.captures = 0
        self.names: dict[str, list[tuple[_GroupFrame, int]]] = {}
        self.capture_names: dict[int, str] = {}
        self.numbered_refs: list[_Node] = []
        self.named_refs: list[tuple[_Node, str]] = []
        self.looks = 0
        self.has_backrefs = False
        self.unsupported: str | None = None

    # -- helpers ----------------------------------------------------------
    def error(self, message: str) -> PatternSyntaxError:
        return PatternSyntaxError(f"{message} at offset {self.pos}")

    def peek(self, offset: int = 0) -> str:
        i = self.pos + offset
        return self.source[i] if i < len(self.source) else ""

    def node(self, kind: int, kids: list[_Node] | None = None) -> _Node:
        n = _Node(kind, kids)
        self.nodes.append(n)
        return n

    def chars_node(self, ranges: Ranges) -> _Node:
        n = self.node(_CHARS)
        n.chars = _CharSet(ranges)
        return n

    # -- the pattern --------------------------------------------------------
    def parse(self) -> _Node:
        source = self.source
        n = len(source)
        frame = _GroupFrame("top", 0, (False, False, False), None)
        while True:
            if self.pos >= n:
                if frame.kind != "top":
                    raise self.error("Unterminated group")
                return self.close_alternatives(frame)
            c = source[self.pos]
            if c == "|":
                self.pos += 1
                frame.alternatives.append(self.sequence(frame.terms))
                frame.terms = []
                continue
            if c == ")":
                if frame.kind == "top":
                    raise self.error("Unmatched ')'")
                self.pos += 1
                body = self.close_alternatives(frame)
                parent = frame.parent
                assert parent is not None
                if frame.kind == "group":
                    atom = self.node(_GROUP, [body])
                    atom.index = frame.capture
                    self.quantified(parent, atom)
                else:
                    look = self.node(_LOOK, [body])
                    look.behind = frame.kind == "behind"
                    look.negative = frame.negative
                    look.index = self.looks
                    self.looks += 1
                    parent.terms.append(look)
                    if self.peek() in ("*", "+", "?", "{"):
                        raise self.error("Nothing to repeat")
                frame = parent
                continue
            if c == "(":
                frame = self.open_group(frame)
                continue
            ignore_case, multiline, dot_all = frame.flags
            if c == "^" or c == "$":
                self.pos += 1
                a = self.node(_ASSERT)
                if c == "^":
                    a.index = _A_LINE_START if multiline else _A_START
                else:
                    a.index = _A_LINE_END if multiline else _A_END
                frame.terms.append(a)
                if self.peek() in ("*", "+", "?", "{"):
                    raise self.error("Nothing to repeat")
                continue
            if c in ("*", "+", "?", "{"):
                raise self.error("Nothing to repeat")
            if c == "}" or c == "]":
                raise self.error("Lone quantifier brackets")
            if c == ".":
                self.pos += 1
                atom = self.chars_node(_ALL if dot_all else _NO_LINE_TERMINATOR)
                self.quantified(frame, atom)
                continue
            if c == "[":
                self.pos += 1
                atom = self.parse_class(ignore_case)
                self.quantified(frame, atom)
                continue
            if c == "\\":
                nxt = self.peek(1)
                if nxt == "b" or nxt == "B":
                    self.pos += 2
                    a = self.node(_ASSERT)
                    if ignore_case:
                        a.index = _A_WORD_I if nxt == "b" else _A_NOT_WORD_I
                    else:
                        a.index = _A_WORD if nxt == "b" else _A_NOT_WORD
                    frame.terms.append(a)
                    if self.peek() in ("*", "+", "?", "{"):
                        raise self.error("Nothing to repeat")
                    continue
                atom = self.atom_escape(ignore_case)
                self.quantified(frame, atom)
                continue
            # A PatternCharacter (a code point; Python strings are already
            # sequences of code points, as v mode reads the pattern).
            self.pos += 1
            atom = self.literal(ord(c), ignore_case)
            self.quantified(frame, atom)

    def literal(self, cp: int, ignore_case: bool) -> _Node:
        ranges: Ranges = ((cp, cp),)
        if ignore_case:
            ranges = _case_closure(ranges)
        return self.chars_node(ranges)

    def sequence(self, terms: list[_Node]) -> _Node:
        if len(terms) == 1:
            return terms[0]
        return self.node(_SEQ, terms)

    def close_alternatives(self, frame: _GroupFrame) -> _Node:
        frame.alternatives.append(self.sequence(frame.terms))
        frame.terms = []
        if len(frame.alternatives) == 1:
            return frame.alternatives[0]
        return self.node(_ALT, frame.alternatives)

    def open_group(self, frame: _GroupFrame) -> _GroupFrame:
        source = self.source
        self.pos += 1
        if self.peek() != "?":
            self.captures += 1
            if self.captures > _MAX_CAPTURES:
                raise self.error("Too many captures")
            return _GroupFrame("group", self.captures, frame.flags, frame)
        nxt = self.peek(1)
        if nxt == ":":
            self.pos += 2
            return _GroupFrame("group", 0, frame.flags, frame)
        if nxt == "=" or nxt == "!":
            self.pos += 2
            g = _GroupFrame("ahead", 0, frame.flags, frame)
            g.negative = nxt == "!"
            return g
        if nxt == "<" and self.peek(2) in ("=", "!"):
            g = _GroupFrame("behind", 0, frame.flags, frame)
            g.negative = self.peek(2) == "!"
            self.pos += 3
            return g
        if nxt == "<":
            self.pos += 2
            name = self.group_name()
            self.captures += 1
            if self.captures > _MAX_CAPTURES:
                raise self.error("Too many captures")
            g = _GroupFrame("group", self.captures, frame.flags, frame)
            for other, _ in self.names.get(name, []):
                if self.might_both_participate(other, g):
                    raise self.error("Duplicate capture group name")
            self.names.setdefault(name, []).append((g, self.captures))
            self.capture_names[self.captures] = name
            return g
        # Modifiers: (?ims-ims:...)
        self.pos += 1
        add: set[str] = set()
        remove: set[str] = set()
        target = add
        seen_dash = False
        while True:
            c = self.peek()
            if c in ("i", "m", "s"):
                if c in add or c in remove:
                    raise self.error("Repeated flag in flag group")
                target.add(c)
                self.pos += 1
            elif c == "-" and not seen_dash:
                seen_dash = True
                target = remove
                self.pos += 1
            elif c == ":":
                if seen_dash and not add and not remove:
                    raise self.error("Invalid flag group")
                self.pos += 1
                break
            else:
                if seen_dash or add:
                    raise self.error("Invalid flag group")
                raise self.error("Invalid group")
        ignore_case, multiline, dot_all = frame.flags
        flags = (("i" in add) or (ignore_case and "i" not in remove),
                 ("m" in add) or (multiline and "m" not in remove),
                 ("s" in add) or (dot_all and "s" not in remove))
        del source
        return _GroupFrame("group", 0, flags, frame)

    @staticmethod
    def might_both_participate(a: _GroupFrame, b: _GroupFrame) -> bool:
        """False when a disjunction holds *a* and *b* in different alternatives."""
        x, y = a, b
        while x.depth > y.depth and x.parent is not None:
            x = x.parent
        while y.depth > x.depth and y.parent is not None:
            y = y.parent
        if x is y:
            return True          # one group holds the other
        while x.parent is not y.parent:
            assert x.parent is not None and y.parent is not None
            x = x.parent
            y = y.parent
        # x and y are children of one frame (a Disjunction): the alternative
        # each was opened in decides (*b* is in its parent's current one).
        return x.parent_alternative == y.parent_alternative

    def group_name(self) -> str:
        """RegExpIdentifierName followed by '>'."""
        out: list[str] = []
        while True:
            c = self.peek()
            if c == ">":
                if not out:
                    raise self.error("Invalid capture group name")
                self.pos += 1
                return "".join(out)
            if c == "":
                raise self.error("Invalid capture group name")
            if c == "\\":
                if self.peek(1) != "u":
                    raise self.error("Invalid capture group name")
                self.pos += 2
                cp = self.unicode_escape_tail()
                if cp is None:
                    raise self.error("Invalid Unicode escape")
                ch = chr(cp)
            else:
                ch = c
                self.pos += 1
            if not out:
                ok = ch in ("$", "_") or (
                    not 0xD800 <= ord(ch) <= 0xDFFF and ch.isidentifier())
            else:
                ok = ch in ("$", "\u200c", "\u200d") or (
                    not 0xD800 <= ord(ch) <= 0xDFFF
                    and ("a" + ch).isidentifier())
            if not ok:
                raise self.error("Invalid capture group name")
            out.append(ch)

    def quantified(self, frame: _GroupFrame, atom: _Node) -> None:
        c = self.peek()
        if c == "*":
            lo, hi = 0, None
            self.pos += 1
        elif c == "+":
            lo, hi = 1, None
            self.pos += 1
        elif c == "?":
            lo, hi = 0, 1
            self.pos += 1
        elif c == "{":
            bounds = self.braces()
            if bounds is None:
                raise self.error("Incomplete quantifier")
            lo, hi = bounds
        else:
            frame.terms.append(atom)
            return
        greedy = True
        if self.peek() == "?":
            self.pos += 1
            greedy = False
        rep = self.node(_REP, [atom])
        rep.lo, rep.hi = lo, hi
        rep.greedy = greedy
        frame.terms.append(rep)

    def braces(self) -> tuple[int, int | None] | None:
        source = self.source
        i = self.pos + 1
        start = i
        while i < len(source) and "0" <= source[i] <= "9":
            i += 1
        if i == start:
            return None
        lo = int(source[start:i])
        hi: int | None = lo
        if i < len(source) and source[i] == ",":
            i += 1
            start = i
            while i < len(source) and "0" <= source[i] <= "9":
                i += 1
            hi = int(source[start:i]) if i > start else None
        if i >= len(source) or source[i] != "}":
            return None
        self.pos = i + 1
        if hi is not None and hi < lo:
            raise self.error("numbers out of order in {} quantifier")
        return lo, hi

    # -- escapes --------------------------------------------------------------
    def hex_digits(self, count: int) -> int | None:
        text = self.source[self.pos:self.pos + count]
        if len(text) != count or not all(c in _HEX for c in text):
            return None
        self.pos += count
        return int(text, 16)

    def unicode_escape_tail(self) -> int | None:
        """After '\\u': RegExpUnicodeEscapeSequence[+UnicodeMode]."""
        if self.peek() == "{":
            i = self.pos + 1
            start = i
            source = self.source
            while i < len(source) and source[i] in _HEX:
                i += 1
            if i == start or i >= len(source) or source[i] != "}":
                return None
            code_point = int(source[start:i], 16)
            if code_point > MAX_CODE_POINT:
                return None
            self.pos = i + 1
            return code_point
        value = self.hex_digits(4)
        if value is None:
            return None
        if 0xD800 <= value <= 0xDBFF and self.peek() == "\\" \
                and self.peek(1) == "u":
            saved = self.pos
            self.pos += 2
            trail = self.hex_digits(4)
            if trail is not None and 0xDC00 <= trail <= 0xDFFF:
                return 0x10000 + ((value - 0xD800) << 10) + (trail - 0xDC00)
            self.pos = saved
        return value

    def character_escape(self) -> int | None:
        """After '\\': CharacterEscape[+UnicodeMode], or None if not one."""
        c = self.peek()
        if c in _CONTROL_ESCAPES:
            self.pos += 1
            return _CONTROL_ESCAPES[c]
        if c == "c":
            letter = self.peek(1)
            if letter and ("a" <= letter <= "z" or "A" <= letter <= "Z"):
                self.pos += 2
                return ord(letter) % 32
            raise self.error("Invalid unicode escape")
        if c == "0":
            if "0" <= self.peek(1) <= "9" and self.peek(1) != "":
                raise self.error("Invalid decimal escape")
            self.pos += 1
            return 0
        if c == "x":
            self.pos += 1
            value = self.hex_digits(2)
            if value is None:
                raise self.error("Invalid escape")
            return value
        if c == "u":
            self.pos += 1
            value = self.unicode_escape_tail()
            if value is None:
                raise self.error("Invalid Unicode escape")
            return value
        if c in _SYNTAX_CHARACTERS or c == "/":
            self.pos += 1
            return ord(c)
        return None

    def class_escape(self, ignore_case: bool) -> _ClassValue | None:
        """After '\\': CharacterClassEscape[+UnicodeMode], or None."""
        c = self.peek()
        ranges: Ranges
        if c in ("d", "D", "s", "S", "w", "W"):
            self.pos += 1
            lower = c.lower()
            ranges = _DIGITS if lower == "d" else (
                _SPACE if lower == "s" else _WORD)
            if ignore_case:
                ranges = _case_closure(ranges)
            if c != lower:
                ranges = _complement(ranges)
            return _ClassValue(ranges)
        if c == "p" or c == "P":
            self.pos += 1
            return self.property_escape(c == "P", ignore_case)
        return None

    def property_escape(self, negated: bool, ignore_case: bool) -> _ClassValue:
        if self.peek() != "{":
            raise self.error("Invalid property name")
        source = self.source
        end = source.find("}", self.pos)
        if end < 0:
            raise self.error("Invalid property name")
        body = source[self.pos + 1:end]
        self.pos = end + 1
        name, eq, value = body.partition("=")
        name_ok = bool(name) and all(
            "a" <= ch <= "z" or "A" <= ch <= "Z" or ch == "_" for ch in name)
        value_ok = all("a" <= ch <= "z" or "A" <= ch <= "Z" or ch == "_"
                       or "0" <= ch <= "9" for ch in value)
        if not name_ok:
            if eq or not body or not value_ok:
                raise self.error("Invalid property name")
        ranges: Ranges
        if eq:
            if not value or not value_ok:
                raise self.error("Invalid property name")
            if name in ("General_Category", "gc"):
                if value not in _GC_ALIASES:
                    raise self.error("Invalid property name")
                ranges = _general_category(_GC_ALIASES[value])
            elif name in ("Script", "sc", "Script_Extensions", "scx"):
                found = _script(value, name in ("Script_Extensions", "scx"))
                if found is None:
                    raise self.error("Invalid property name")
                ranges = found
            else:
                raise self.error("Invalid property name")
        elif body in _GC_ALIASES:
            ranges = _general_category(_GC_ALIASES[body])
        elif body in _BINARY:
            try:
                ranges = _binary_property(body)
            except _Unsupported:
                self.unsupported = self.unsupported or body
                ranges = ()
        elif body in _STRING_PROPERTIES:
            if negated:
                raise self.error("Invalid property name")
            chars, strings = _string_property(body)
            if ignore_case:
                chars = _case_closure(chars)
                strings = frozenset(_fold_string(s) for s in strings)
            return _ClassValue(chars, strings, True)
        else:
            raise self.error("Invalid property name")
        if ignore_case:
            ranges = _case_closure(ranges)
        if negated:
            ranges = _complement(ranges)
        return _ClassValue(ranges)

    def atom_escape(self, ignore_case: bool) -> _Node:
        """'\\' AtomEscape[+UnicodeMode, +NamedCaptureGroups]."""
        self.pos += 1
        c = self.peek()
        if c == "":
            raise self.error("\\ at end of pattern")
        if "1" <= c <= "9":
            start = self.pos
            while "0" <= self.peek() <= "9" and self.peek() != "":
                self.pos += 1
            ref = self.node(_BACKREF)
            ref.ignore_case = ignore_case
            ref.refs = [int(self.source[start:self.pos])]
            self.numbered_refs.append(ref)
            self.has_backrefs = True
            return ref
        if c == "k":
            self.pos += 1
            if self.peek() != "<":
                raise self.error("Invalid named reference")
            self.pos += 1
            name = self.group_name()
            ref = self.node(_BACKREF)
            ref.ignore_case = ignore_case
            self.named_refs.append((ref, name))
            self.has_backrefs = True
            return ref
        value = self.class_escape(ignore_case)
        if value is not None:
            if value.may_contain_strings:
                return self.strings_node(value, ignore_case)
            return self.chars_node(value.chars)
        cp = self.character_escape()
        if cp is None:
            raise self.error("Invalid escape")
        return self.literal(cp, ignore_case)

    # -- classes (v mode: ClassSetExpression) ---------------------------------
    def class_set_character(self, ignore_case: bool) -> int | _ClassValue:
        """One ClassSetCharacter, or an operand given by an escape.

        Returns a code point, or a _ClassValue for \\d, \\p{..}, \\q{..}.
        """
        c = self.peek()
        if c == "":
            raise self.error("Unterminated character class")
        if c == "\\":
            self.pos += 1
            e = self.peek()
            if e == "q":
                raise self.error("Invalid escape")   # handled by the caller
            value = self.class_escape(ignore_case)
            if value is not None:
                return value
            if e == "b":
                self.pos += 1
                return 0x08
            if e in _CLASS_SET_RESERVED_PUNCTUATOR:
                self.pos += 1
                return ord(e)
            cp = self.character_escape()
            if cp is None:
                raise self.error("Invalid escape")
            return cp
        if c in _CLASS_SET_SYNTAX:
            raise self.error("Invalid character in character class")
        if c in _CLASS_SET_RESERVED_DOUBLE and self.peek(1) == c:
            raise self.error("Invalid set operation in character class")
        self.pos += 1
        return ord(c)

    def string_disjunction(self, ignore_case: bool) -> _ClassValue:
        """After '\\q{': ClassStringDisjunctionContents '}'."""
        strings: set[str] = set()
        chars: list[tuple[int, int]] = []
        may_contain_strings = False
        current: list[str] = []
        while True:
            c = self.peek()
            if c == "}" or c == "|":
                self.pos += 1
                text = "".join(current)
                if len(text) == 1:
                    chars.append((ord(text), ord(text)))
                else:
                    may_contain_strings = True
                    strings.add(_fold_string(text) if ignore_case else text)
                current = []
                if c == "}":
                    break
                continue
            if c == "\\" and self.peek(1) == "q":
                raise self.error("Invalid escape")
            item = self.class_set_character(ignore_case)
            if isinstance(item, _ClassValue):
                raise self.error("Invalid escape")
            current.append(chr(item))
        ranges = _normalize(chars)
        if ignore_case:
            ranges = _case_closure(ranges)
        return _ClassValue(ranges, frozenset(strings), may_contain_strings)

    def class_operand(self, ignore_case: bool) -> int | _ClassValue | None:
        """A ClassSetOperand or ClassSetCharacter; None for a nested '['."""
        if self.peek() == "[":
            return None
        if self.peek() == "\\" and self.peek(1) == "q":
            self.pos += 2
            if self.peek() != "{":
                raise self.error("Invalid escape")
            self.pos += 1
            return self.string_disjunction(ignore_case)
        return self.class_set_character(ignore_case)

    def parse_class(self, ignore_case: bool) -> _Node:
        """After the '[' of a CharacterClass: the class, as a node."""
        stack: list[_ClassFrame] = []
        frame = self.open_class(ignore_case)
        while True:
            c = self.peek()
            if c == "":
                raise self.error("Unterminated character class")
            item: int | _ClassValue | None
            if c == "]":
                self.pos += 1
                value = self.close_class(frame)
                if not stack:
                    if value.may_contain_strings or value.strings:
                        return self.strings_node(value, ignore_case)
                    return self.chars_node(value.chars)
                frame = stack.pop()
                item = value
            else:
                if frame.items:
                    self.class_operator(frame)
                item = self.class_operand(ignore_case)
                if item is None:
                    self.pos += 1
                    stack.append(frame)
                    frame = self.open_class(ignore_case)
                    continue
            # One operand read (item): a range if '-x' follows a character.
            if isinstance(item, int):
                if self.peek() == "-" and self.peek(1) != "-":
                    if frame.operator in ("and", "sub"):
                        raise self.error("Invalid set operation")
                    self.pos += 1
                    if frame.operator == "" and frame.items:
                        pass
                    high = self.class_set_character(ignore_case)
                    if isinstance(high, _ClassValue):
                        raise self.error("Invalid character class")
                    if high < item:
                        raise self.error("Range out of order in character class")
                    ranges: Ranges = ((item, high),)
                    if ignore_case:
                        ranges = _case_closure(ranges)
                    value = _ClassValue(ranges)
                    if frame.operator == "" and frame.items:
                        frame.operator = "union"
                    frame.items.append(value)
                    # A range can only be part of a union.
                    if not frame.operator:
                        frame.operator = "union"
                    continue
                ranges = ((item, item),)
                if ignore_case:
                    ranges = _case_closure(ranges)
                item = _ClassValue(ranges)
            frame.items.append(item)

    def open_class(self, ignore_case: bool) -> _ClassFrame:
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        return _ClassFrame(negated, ignore_case)

    def class_operator(self, frame: _ClassFrame) -> None:
        """Between two operands: '&&', '--' or nothing (a union)."""
        c, d = self.peek(), self.peek(1)
        if c == "&" and d == "&":
            if frame.operator == "":
                if len(frame.items) != 1:
                    raise self.error("Invalid set operation in character class")
                frame.operator = "and"
            elif frame.operator != "and":
                raise self.error("Invalid set operation in character class")
            self.pos += 2
            if self.peek() == "&":
                raise self.error("Invalid character in character class")
            return
        if c == "-" and d == "-":
            if frame.operator == "":
                if len(frame.items) != 1:
                    raise self.error("Invalid set operation in character class")
                frame.operator = "sub"
            elif frame.operator != "sub":
                raise self.error("Invalid set operation in character class")
            self.pos += 2
            return
        if frame.operator in ("and", "sub"):
            raise self.error("Invalid set operation in character class")
        frame.operator = "union"

    def close_class(self, frame: _ClassFrame) -> _ClassValue:
        items = frame.items
        if not items:
            value = _ClassValue(())
        elif frame.operator == "and":
            chars = items[0].chars
            strings = items[0].strings
            for other in items[1:]:
                chars = _intersect(chars, other.chars)
                strings = strings & other.strings
            value = _ClassValue(chars, strings,
                                all(i.may_contain_strings for i in items))
        elif frame.operator == "sub":
            chars = items[0].chars
            strings = items[0].strings
            for other in items[1:]:
                chars = _subtract(chars, other.chars)
                strings = strings - other.strings
            value = _ClassValue(chars, strings, items[0].may_contain_strings)
        else:
            value = _ClassValue(
                _normalize(r for i in items for r in i.chars),
                frozenset(s for i in items for s in i.strings),
                any(i.may_contain_strings for i in items))
        if frame.negated:
            if value.may_contain_strings:
                raise self.error("Negated character class may contain strings")
            return _ClassValue(_complement(value.chars))
        return value

    def strings_node(self, value: _ClassValue, ignore_case: bool) -> _Node:
        """A class with strings: its strings (longest first, as v mode tries
        them; compiled to a trie) or its set of code points."""
        alternatives: list[_Node] = []
        if value.strings:
            strings = self.node(_STRINGS)
            strings.strings = tuple(sorted(value.strings, key=len, reverse=True))
            strings.ignore_case = ignore_case
            alternatives.append(strings)
        if value.chars:
            alternatives.append(self.chars_node(value.chars))
        if not alternatives:
            return self.chars_node(())
        if len(alternatives) == 1:
            return alternatives[0]
        return self.node(_ALT, alternatives)

    # -- after the whole pattern ----------------------------------------------
    def finish(self) -> None:
        for ref in self.numbered_refs:
            if ref.refs[0] > self.captures:
                raise PatternSyntaxError("Invalid back reference")
        for ref, name in self.named_refs:
            groups = self.names.get(name)
            if not groups:
                raise PatternSyntaxError("Invalid named capture referenced")
            ref.refs = [number for _, number in groups]
