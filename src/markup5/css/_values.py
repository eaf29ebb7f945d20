"""Property values checked against their grammars, written in the CSS Value
Definition Syntax (CSS Values 4 §2): keywords, ``<types>`` (with a ``[0,∞]``
range), literal ``,`` and ``/``, ``name( ... )`` functions, juxtaposition,
``&&``, ``||``, ``|``, ``[ ]`` groups and the multipliers ``?``, ``*``,
``+``, ``#``, ``{m}``, ``{m,}``, ``{m,n}`` and ``#{m,n}``.

The matcher works over the component values of one level of a value (a
function's arguments are a level of their own) and computes, for a grammar
node and a position, the set of positions where a match can end, memoized
per (node, position): the work for one level is bounded by the number of
grammar nodes times the positions (squared for a multiplier), whatever the
value, and a level longer than :data:`MAX_ITEMS` component values is not
checked at all, so a hostile value costs work in proportion to its length.
Function arguments are matched by a fresh matcher only where the grammar
names that function, so the depth of such nesting is the grammar's, not the
input's.

Each node of the compiled tables also knows the component values a match
of it can start with (:func:`annotate_starts`, the FIRST sets of parsing
theory): a node is not tried where the component value cannot start it,
which spares trying every part of a long ``||`` list, as ``background``'s,
on a value that is a colour.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence

from ..selectors.tokenizer import COMMA, DELIM, FUNCTION, IDENT, Token

__all__ = ["Grammar", "Matcher", "compile_grammar", "MAX_ITEMS", "Item", "annotate_starts",
           "reachable_nodes", "start_key"]

#: A level (a value, or a function's arguments) with more component values
#: than this is accepted without checking.
MAX_ITEMS = 160

# Grammar nodes: tuples (kind, ...) with an integer id at the end for the memo.
KEYWORD, TYPE, LITERAL, SEQ, ALL, ANY, ONE, REPEAT, FUNC = range(9)


class Grammar:
    """One node of a compiled grammar."""

    __slots__ = ("kind", "value", "children", "low", "high", "comma", "minimum", "key",
                 "keywords", "others", "starts", "nullable", "touches")

    _count = 0

    def __init__(self, kind: int, value: str = "", children: Sequence[Grammar] = (),
                 low: int = 1, high: int = 1, comma: bool = False,
                 minimum: float | None = None) -> None:
        Grammar._count += 1
        self.key = Grammar._count << 12  # (plus a position below 4096: the memo key)
        self.kind = kind
        self.value = value
        self.children = tuple(children)
        self.low = low
        self.high = high
        self.comma = comma
        self.minimum = minimum
        # For alternatives: the keyword ones as one set (matched with one
        # lookup), and the others.
        self.keywords = frozenset(child.value for child in self.children
                                  if child.kind == KEYWORD)
        self.others = tuple(child for child in self.children if child.kind != KEYWORD)
        # Set by annotate_starts (None: the node is tried at every position):
        # the start keys of the component values a match can begin with,
        # whether it matches nothing, and whether trying it where it cannot
        # start still marks that position as reached (Matcher.furthest).
        self.starts: frozenset[str] | None = None
        self.nullable = False
        self.touches = False

    def __repr__(self) -> str:
        return f"Grammar({self.kind}, {self.value!r}, {self.children!r})"


_INFINITE = 1 << 30
_NOTHING: frozenset[int] = frozenset()


class _GrammarReader:
    """Reads one value definition (our own tables only: recursion here is
    bounded by the tables, not by any input)."""

    def __init__(self, text: str) -> None:
        self.parts = _grammar_tokens(text)
        self.i = 0

    def peek(self) -> str:
        return self.parts[self.i] if self.i < len(self.parts) else ""

    def take(self) -> str:
        part = self.peek()
        self.i += 1
        return part

    def alternatives(self) -> Grammar:
        items = [self.any_of()]
        while self.peek() == "|":
            self.take()
            items.append(self.any_of())
        return items[0] if len(items) == 1 else Grammar(ONE, children=items)

    def any_of(self) -> Grammar:
        items = [self.all_of()]
        while self.peek() == "||":
            self.take()
            items.append(self.all_of())
        return items[0] if len(items) == 1 else Grammar(ANY, children=items)

    def all_of(self) -> Grammar:
        items = [self.sequence()]
        while self.peek() == "&&":
            self.take()
            items.append(self.sequence())
        return items[0] if len(items) == 1 else Grammar(ALL, children=items)

    def sequence(self) -> Grammar:
        items = []
        while self.peek() not in ("", "|", "||", "&&", "]", ")"):
            items.append(self.multiplied())
        if not items:
            raise ValueError(f"empty group in grammar {self.parts!r}")
        return items[0] if len(items) == 1 else Grammar(SEQ, children=items)

    def multiplied(self) -> Grammar:
        node = self.single()
        while True:
            part = self.peek()
            if part == "?":
                node = Grammar(REPEAT, children=[node], low=0, high=1)
            elif part == "*":
                node = Grammar(REPEAT, children=[node], low=0, high=_INFINITE)
            elif part == "+":
                node = Grammar(REPEAT, children=[node], low=1, high=_INFINITE)
            elif part == "#":
                node = Grammar(REPEAT, children=[node], low=1, high=_INFINITE, comma=True)
            elif part.startswith("{"):
                low_text, _, high_text = part[1:-1].partition(",")
                low = int(low_text)
                high = low if "," not in part else (int(high_text) if high_text else _INFINITE)
                if node.kind == REPEAT and node.comma and node.low == 1 and node.high == _INFINITE:
                    node = Grammar(REPEAT, children=node.children, low=low, high=high,
                                   comma=True)
                else:
                    node = Grammar(REPEAT, children=[node], low=low, high=high)
            elif part == "!":
                pass  # "required" on a group: every group here already is
            else:
                return node
            self.take()

    def single(self) -> Grammar:
        part = self.take()
        if part == "[":
            node = self.alternatives()
            if self.take() != "]":
                raise ValueError(f"unclosed '[' in grammar {self.parts!r}")
            return node
        if part.endswith("("):
            inner = self.alternatives() if self.peek() != ")" else None
            if self.take() != ")":
                raise ValueError(f"unclosed function in grammar {self.parts!r}")
            return Grammar(FUNC, part[:-1], [inner] if inner is not None else [])
        if part.startswith("<"):
            name, _, rest = part[1:-1].partition(" ")
            minimum = None
            if rest:
                minimum = float(rest.strip("[]").split(",")[0])
            return Grammar(TYPE, name, minimum=minimum)
        if part in (",", "/"):
            return Grammar(LITERAL, part)
        if not part or part in ("|", "||", "&&", "]", ")"):
            raise ValueError(f"unexpected {part!r} in grammar {self.parts!r}")
        return Grammar(KEYWORD, part)


def _grammar_tokens(text: str) -> list[str]:
    parts: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c == "<":
            j = text.index(">", i)
            parts.append(text[i:j + 1])
            i = j + 1
        elif c == "{":
            j = text.index("}", i)
            parts.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("||", i) or text.startswith("&&", i):
            parts.append(text[i:i + 2])
            i += 2
        elif c in "[]|?*+#,/)!":
            parts.append(c)
            i += 1
        else:
            j = i
            while j < n and (text[j].isalnum() or text[j] in "-_"):
                j += 1
            if j == i:
                raise ValueError(f"bad character {c!r} in grammar {text!r}")
            if j < n and text[j] == "(":
                j += 1
            parts.append(text[i:j])
            i = j
    return parts


def compile_grammar(text: str) -> Grammar:
    """Compile a value definition (CSS Values 4 §2.1)."""
    reader = _GrammarReader(text)
    node = reader.alternatives()
    if reader.i != len(reader.parts):
        raise ValueError(f"trailing {reader.peek()!r} in grammar {text!r}")
    return node


def start_key(token: Token) -> str:
    """What a start set holds for ``token`` besides its type: ``k:`` and the
    lowercase keyword for an ident, ``f:`` and the lowercase name for a
    function, ``d:`` and the character for a delim; for any other token
    its type.  (Types hold no ':'.)"""
    kind = token.type
    if kind == IDENT:
        return "k:" + token.value.lower()
    if kind == FUNCTION:
        return "f:" + token.value.lower()
    if kind == DELIM:
        return "d:" + token.value
    return kind


def reachable_nodes(roots: Sequence[Grammar], types: Callable[[str], Grammar | None],
                    builtins: Container[str]) -> list[Grammar]:
    """Every node reachable from ``roots``, each once, through the named
    types (not the ``builtins``) they use: parents before their children."""
    nodes: list[Grammar] = []
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        nodes.append(node)
        stack.extend(node.children)
        if node.kind == TYPE and node.value not in builtins:
            named = types(node.value)
            if named is not None:
                stack.append(named)
    return nodes


def annotate_starts(roots: Sequence[Grammar], types: Callable[[str], Grammar | None],
                    builtin_starts: dict[str, frozenset[str]]) -> None:
    """Give every node reachable from ``roots`` (through named types) its
    ``starts``, ``nullable`` and ``touches`` (see :class:`Grammar`), which
    :meth:`Matcher.ends` uses to skip a node at a component value that
    cannot begin a match of it.

    ``builtin_starts`` gives each builtin type the start keys
    (:func:`start_key`, or a token type for every token of it) of the
    tokens it can accept; a builtin missing there can start with anything,
    and so can every node that may begin with it.  The three properties
    are computed as least fixed points over the grammar graph (named types
    may refer to one another), iterating over a list of the nodes: no
    recursion.  The matcher's results do not change: a node skipped at a
    position would have matched nothing there, or only the empty sequence
    when it is nullable, and :attr:`Matcher.furthest` is advanced as trying
    it would have advanced it."""
    nodes = reachable_nodes(roots, types, builtin_starts)
    # (Children mostly before their parents, named types before their
    # uses: the iteration then settles in two or three rounds.)
    nodes.reverse()
    # A start set None stands for "any component value".
    starts: dict[int, frozenset[str] | None] = {id(node): _NO_STARTS for node in nodes}
    nullable: dict[int, bool] = dict.fromkeys(starts, False)
    touches: dict[int, bool] = dict.fromkeys(starts, False)
    changed = True
    while changed:
        changed = False
        for node in nodes:
            found = _starts_rule(node, types, builtin_starts, starts, nullable, touches)
            key = id(node)
            if found != (starts[key], nullable[key], touches[key]):
                starts[key], nullable[key], touches[key] = found
                changed = True
    for node in nodes:
        key = id(node)
        # (A keyword, a literal or a function is cheaper to try than to
        # skip: they keep None.  A builtin type's call is not.)
        node.starts = None if node.kind in _TERMINALS else starts[key]
        node.nullable = nullable[key]
        node.touches = touches[key]


_NO_STARTS: frozenset[str] = frozenset()


def _starts_rule(node: Grammar, types: Callable[[str], Grammar | None],
                 builtin_starts: dict[str, frozenset[str]],
                 starts: dict[int, frozenset[str] | None], nullable: dict[int, bool],
                 touches: dict[int, bool]) -> tuple[frozenset[str] | None, bool, bool]:
    """One step of annotate_starts: ``node``'s (starts, nullable, touches)
    from its children's current values."""
    kind = node.kind
    if kind == KEYWORD:
        return frozenset(("k:" + node.value,)), False, True
    if kind == LITERAL:
        return frozenset((COMMA if node.value == "," else "d:" + node.value,)), False, True
    if kind == FUNC:
        # (A function of another name is passed over without marking the
        # position reached: see Matcher._ends.)
        return frozenset(("f:" + node.value,)), False, False
    if kind == TYPE:
        if node.value in builtin_starts:
            return builtin_starts[node.value], False, True
        named = types(node.value)
        if named is None:
            return None, False, True  # (an unknown type: the matcher raises)
        key = id(named)
        return starts[key], nullable[key], touches[key]
    children = node.children
    if kind == REPEAT:
        if node.high == 0:
            return _NO_STARTS, True, False
        key = id(children[0])
        return starts[key], node.low == 0, touches[key]
    found: frozenset[str] | None = _NO_STARTS
    reached = False
    if kind == SEQ:
        # Each child up to the first that cannot match nothing is tried at
        # the sequence's start.
        empty = True
        for child in children:
            key = id(child)
            found = _union(found, starts[key])
            reached = reached or touches[key]
            if not nullable[key]:
                empty = False
                break
        return found, empty, reached
    # ONE, ALL, ANY: every child is tried at the start.
    for child in children:
        key = id(child)
        found = _union(found, starts[key])
        reached = reached or touches[key]
    flags = [nullable[id(child)] for child in children]
    empty = all(flags) if kind == ALL else any(flags)
    return found, empty, reached


def _union(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    return None if a is None or b is None else a | b


_TERMINALS = frozenset({KEYWORD, LITERAL, FUNC})


#: One component value: its token and, for a function, the indices of its
#: argument tokens in the token list (start, stop).
Item = tuple[Token, int, int]

#: A builtin type: does the component value match?
Builtin = Callable[[Token, "Matcher", int], bool]


class Matcher:
    """Matches the items of one level against grammar nodes."""

    __slots__ = ("items", "count", "memo", "furthest", "types", "builtins", "arguments",
                 "keys")

    def __init__(self, items: Sequence[Item], types: Callable[[str], Grammar | None],
                 builtins: dict[str, Builtin],
                 arguments: Callable[[Item], list[Item]]) -> None:
        self.items = items
        self.count = len(items)
        self.memo: dict[int, frozenset[int]] = {}
        self.furthest = 0
        self.types = types
        self.builtins = builtins
        self.arguments = arguments
        self.keys = [start_key(item[0]) for item in items]

    def full(self, node: Grammar) -> bool:
        """Whether the whole level matches ``node``."""
        return self.count in self.ends(node, 0)

    def ends(self, node: Grammar, pos: int) -> frozenset[int]:
        key = node.key + pos
        memo = self.memo
        if key in memo:
            return memo[key]
        starts = node.starts
        if starts is not None and (pos >= self.count or (
                self.keys[pos] not in starts and self.items[pos][0].type not in starts)):
            # (annotate_starts) Past the last component value, or at one no
            # match of the node begins with: only the empty match is left,
            # and the position counts as reached where trying would reach it.
            if node.touches and self.furthest < pos < self.count:
                self.furthest = pos
            found = frozenset((pos,)) if node.nullable else _NOTHING
            memo[key] = found
            return found
        memo[key] = _NOTHING  # (a cycle in named types matches nothing)
        found = self._ends(node, pos)
        memo[key] = found
        return found

    def _terminal(self, pos: int, ok: bool) -> frozenset[int]:
        if ok:
            if pos + 1 > self.furthest:
                self.furthest = pos + 1
            return frozenset((pos + 1,))
        if pos > self.furthest:
            self.furthest = pos
        return _NOTHING

    def _ends(self, node: Grammar, pos: int) -> frozenset[int]:
        kind = node.kind
        items = self.items
        if kind == KEYWORD or kind == LITERAL or kind == FUNC or (
                kind == TYPE and node.value in self.builtins):
            if pos >= self.count:
                return _NOTHING
            token = items[pos][0]
            if kind == KEYWORD:
                return self._terminal(pos, token.type == IDENT
                                      and token.value.lower() == node.value)
            if kind == LITERAL:
                if node.value == ",":
                    return self._terminal(pos, token.type == COMMA)
                return self._terminal(pos, token.type == DELIM and token.value == node.value)
            if kind == FUNC:
                if token.type != FUNCTION or token.value.lower() != node.value:
                    return _NOTHING
                inner = Matcher(self.arguments(items[pos]), self.types, self.builtins,
                                self.arguments)
                if len(inner.items) > MAX_ITEMS:
                    return self._terminal(pos, True)
                if not node.children:
                    return self._terminal(pos, not inner.items)
                return self._terminal(pos, inner.full(node.children[0]))
            ok = self.builtins[node.value](token, self, pos)
            if ok and node.minimum is not None and token.number is not None:
                ok = token.number >= node.minimum
            return self._terminal(pos, ok)
        if kind == TYPE:
            grammar = self.types(node.value)
            if grammar is None:
                raise KeyError(f"unknown type <{node.value}>")
            return self.ends(grammar, pos)
        if kind == SEQ:
            current = frozenset((pos,))
            for child in node.children:
                following: set[int] = set()
                for at in current:
                    following |= self.ends(child, at)
                if not following:
                    return _NOTHING
                current = frozenset(following)
            return current
        if kind == ONE:
            result: set[int] = set()
            if node.keywords and pos < self.count:
                # (What each keyword alternative's _terminal gives, at once.)
                token = items[pos][0]
                if self._terminal(pos, token.type == IDENT
                                  and token.value.lower() in node.keywords):
                    result.add(pos + 1)
            for child in node.others:
                result |= self.ends(child, pos)
            return frozenset(result)
        if kind == ALL or kind == ANY:
            children = node.children
            full = (1 << len(children)) - 1
            states = {(0, pos)}
            frontier = [(0, pos)]
            while frontier:
                mask, at = frontier.pop()
                for bit, child in enumerate(children):
                    if mask & (1 << bit):
                        continue
                    for after in self.ends(child, at):
                        state = (mask | (1 << bit), after)
                        if state not in states:
                            states.add(state)
                            frontier.append(state)
            if kind == ALL:
                return frozenset(at for mask, at in states if mask == full)
            return frozenset(at for mask, at in states if mask)
        # REPEAT
        child = node.children[0]
        low, high = node.low, node.high
        result = set()
        if low == 0:
            result.add(pos)
        cap = max(low, 1) if high == _INFINITE else high
        seen = {(pos, 0)}
        frontier2 = [(pos, 0)]
        while frontier2:
            at, count = frontier2.pop()
            if count >= high:
                continue
            start = at
            if node.comma and count > 0:
                if at >= self.count or items[at][0].type != COMMA:
                    continue
                start = at + 1
            for after in self.ends(child, start):
                if after <= at:
                    continue
                reached = min(count + 1, cap)
                if count + 1 >= low:
                    result.add(after)
                state = (after, reached)
                if state not in seen:
                    seen.add(state)
                    frontier2.append(state)
        return frozenset(result)
