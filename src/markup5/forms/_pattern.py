"""HTML's compiled pattern regular expression: a JavaScript RegExp in ``v`` mode.

The ``pattern`` attribute of ``input`` is "compiled" (HTML §4.10.5.3.6) as
ECMAScript ``RegExpCreate(pattern, "v")``; when that throws, the attribute is
ignored.  Otherwise the value must match ``^(?:pattern)$`` with the same flag.
This module is a parser for the ECMAScript 2025 RegExp grammar with the
UnicodeSetsMode parameter (plus the pattern modifiers ``(?i:...)``,
``(?m-s:...)`` that V8 ships) and a matcher for the boolean question "does the
whole value match?".

Public names:

* :func:`compile_pattern` -- the compiled pattern, or ``None`` when the
  pattern is not a valid v-mode RegExp (or uses a Unicode property this
  module has no data for, only ``\\p{Changes_When_NFKC_Casefolded}``: see
  :data:`UNSUPPORTED`).
* :func:`pattern_status` -- ``"valid"``, ``"invalid"`` or ``"unsupported"``.
* :class:`CompiledPattern` with :meth:`~CompiledPattern.matches` and
  :meth:`~CompiledPattern.evaluate`.

Matching never backtracks.  The pattern is compiled to a Thompson NFA over
code points (a Python ``str`` is a sequence of code points, as the value is in
v and u modes; a lone surrogate is one code point in both) and simulated as a
set of states, one step per code point of the value:

* time O(S x (L + 1)) and memory O(S + L) where L is the value's length and S
  the number of NFA states.  S grows linearly with the pattern except for
  counted repetition ``x{n,m}``.  When x is one code point (a character, a
  class, ``.``) and a count is above 16, it is one counting state that keeps
  the positions its current run of x was entered at, oldest first: O(1)
  amortized per position, whatever the counts.  Other counted repetitions are
  expanded, their counts first clamped to L + 1 (a value of length L cannot
  tell a larger count apart, see ``_clamp``); an expansion beyond
  ``64 * len(pattern) + 20_000`` states is not run:
  :meth:`CompiledPattern.evaluate` returns ``None`` (undecided) and
  :meth:`CompiledPattern.matches` treats the value as matching, the way a
  pattern that cannot be used is ignored.  So the bound is
  O(len(pattern) x len(value)) in all cases.
* Lookarounds are assertions whose truth at each position is computed once per
  value, innermost first: a lookahead by running the reversed body right to
  left from every end position at once, a lookbehind by running the body left
  to right from every start position at once.  Each costs O(S_body x L).
* Backreferences cannot be matched by a finite automaton.  A pattern with a
  backreference is evaluated by an exhaustive search over (state, position,
  captures) with a visited set and a step budget of ``16 x S x (L + 1)``
  states; when the budget runs out the result is undecided (``None``), and
  :meth:`CompiledPattern.matches` treats the value as matching.

Unicode data: General_Category, case folding (for ``(?i:...)``) and the
binary properties derived from case mappings come from :mod:`unicodedata`
(Unicode %s for this Python), so characters assigned in later Unicode
versions are ``Cn`` here while a current browser knows them; Script,
Script_Extensions and the other binary properties come from the generated
module ``_pattern_unicode`` (Unicode 18.0: the scripts Jurchen,
Proto_Cuneiform and Seal are valid here, not yet in Chromium 156), and so do
the properties of strings (``\\p{RGI_Emoji}``, from UTS #51 17.0), matched
through a trie of their strings.

Known differences from Chromium, besides Unicode versions: V8 throws "Maximum
call stack size exceeded" for classes nested about 10,000 deep (so the
attribute is ignored there); this parser reads them.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Generator
from typing import Literal

from ._pattern_sets import (
    _ALL,
    _LINE_TERMINATORS,
    _WORD,
    UNSUPPORTED,
    UNSUPPORTED_PROPERTIES,
    _CharSet,
    _fold_string,
    _normalize,
    _simple_fold,
)
from ._pattern_syntax import (
    _ALT,
    _ASSERT,
    _BACKREF,
    _CHARS,
    _GROUP,
    _LOOK,
    _REP,
    _SEQ,
    _STRINGS,
    PatternSyntaxError,
    _Node,
    _Parser,
)

__all__ = [
    "UNSUPPORTED",
    "UNSUPPORTED_PROPERTIES",
    "CompiledPattern",
    "PatternSyntaxError",
    "compile_pattern",
    "pattern_status",
]

__doc__ = (__doc__ or "").replace("%s", unicodedata.unidata_version)


# ---------------------------------------------------------------------------
# The automaton.

_OP_CHAR, _OP_SPLIT, _OP_EPS, _OP_ASSERT, _OP_MATCH = range(5)
_OP_SAVE, _OP_BACKREF, _OP_RESET, _OP_LOOP_START, _OP_LOOP_CHECK = range(5, 10)
# A node of a trie of strings (a class's strings): consumes one code point
# by its table ``tries[arg]`` (code point, simple-case-folded when
# ``trie_fold[arg]``, -> next state); out1, when set, leaves the trie (the
# strings that end here).
_OP_TRIE = 10
# x{n,m} for a one-code-point x (a class, a character, .) with large counts:
# instead of n + m copies, one state that remembers where the runs of x it
# was entered at began (``counts[arg]`` is (n, m), m = -1 for no maximum).
_OP_COUNT = 11

#: Counted repetitions of one code point with a count above this use
#: _OP_COUNT; smaller ones are expanded (clamped to the value's length).
_COUNTER_MIN = 16


class _Program:
    """A Thompson NFA: parallel lists indexed by state number."""

    __slots__ = ("op", "arg", "out1", "out2", "charsets", "start", "tries",
                 "trie_fold", "counts")

    def __init__(self) -> None:
        self.op: list[int] = []
        self.arg: list[int] = []
        self.out1: list[int] = []
        self.out2: list[int] = []
        self.charsets: list[_CharSet | None] = []
        self.start = 0
        self.tries: list[dict[int, int]] = []
        self.trie_fold: list[bool] = []
        self.counts: list[tuple[int, int]] = []

    def add(self, op: int, arg: int = 0,
            charset: _CharSet | None = None) -> int:
        self.op.append(op)
        self.arg.append(arg)
        self.out1.append(-1)
        self.out2.append(-1)
        self.charsets.append(charset)
        return len(self.op) - 1

    def __len__(self) -> int:
        return len(self.op)


# A fragment: its start state and the dangling exits (state, 1 or 2).
_Frag = tuple[int, list[tuple[int, int]]]


_ANY_CHARSET = _CharSet(_ALL)


class _TooBig(Exception):
    pass


def _patch(program: _Program, exits: list[tuple[int, int]], target: int) -> None:
    for state, which in exits:
        if which == 1:
            program.out1[state] = target
        else:
            program.out2[state] = target


def _build_trie(program: _Program, node: _Node, reverse: bool) -> _Frag:
    """The strings of *node* as a trie of _OP_TRIE states (read backwards
    when *reverse*); its exits are the states where a string ends."""
    def new_state() -> int:
        s = program.add(_OP_TRIE, len(program.tries))
        program.tries.append({})
        program.trie_fold.append(node.ignore_case)
        return s

    root = new_state()
    ends: set[int] = set()
    for text in node.strings:
        s = root
        for ch in (reversed(text) if reverse else text):
            table = program.tries[program.arg[s]]
            nxt = table.get(ord(ch))
            if nxt is None:
                nxt = table[ord(ch)] = new_state()
            s = nxt
        ends.add(s)
    return root, [(s, 1) for s in sorted(ends)]


def _clamp(count: int, limit: int) -> int:
    """A repetition count as a value of length limit - 1 can tell it apart.

    With L code points, at most L iterations consume something, and an
    iteration that can match the empty string can be repeated at no cost, so
    x{n,m} with n or m above L + 1 matches exactly what x{min(n, L+1),
    min(m, L+1)} matches.
    """
    return count if count < limit else limit


def _compile(root: _Node, reverse: bool, limit: int, max_states: int,
             captures: bool = False) -> _Program:
    """Thompson's construction, iterative (a stack of generators)."""
    program = _Program()

    def build(node: _Node) -> Generator[_Node, _Frag, _Frag]:
        kind = node.kind
        if kind == _CHARS:
            s = program.add(_OP_CHAR, 0, node.chars)
            return s, [(s, 1)]
        if kind == _STRINGS:
            return _build_trie(program, node, reverse)
        exits: list[tuple[int, int]]
        if kind == _SEQ:
            kids = node.kids[::-1] if reverse else node.kids
            if not kids:
                s = program.add(_OP_EPS)
                return s, [(s, 1)]
            start, exits = yield kids[0]
            for kid in kids[1:]:
                s, e = yield kid
                _patch(program, exits, s)
                exits = e
            return start, exits
        if kind == _ALT:
            frags: list[_Frag] = []
            for kid in node.kids:
                frags.append((yield kid))
            # A chain of splits, first alternative first.
            exits = []
            start = frags[-1][0]
            exits.extend(frags[-1][1])
            for f_start, f_exits in reversed(frags[:-1]):
                s = program.add(_OP_SPLIT)
                program.out1[s] = f_start
                program.out2[s] = start
                start = s
                exits.extend(f_exits)
            return start, exits
        if kind == _GROUP:
            if captures and node.index:
                open_ = program.add(_OP_SAVE, 2 * node.index + (1 if reverse else 0))
                body_start, body_exits = yield node.kids[0]
                program.out1[open_] = body_start
                close = program.add(_OP_SAVE, 2 * node.index + (0 if reverse else 1))
                _patch(program, body_exits, close)
                return open_, [(close, 1)]
            return (yield node.kids[0])
        if kind == _ASSERT:
            s = program.add(_OP_ASSERT, node.index)
            return s, [(s, 1)]
        if kind == _LOOK:
            s = program.add(_OP_ASSERT, 8 + node.index)
            return s, [(s, 1)]
        if kind == _BACKREF:
            if not captures:
                # Relaxed: any string (the set simulation's over-approximation
                # of a pattern with backreferences, see CompiledPattern).
                split = program.add(_OP_SPLIT)
                any_char = program.add(_OP_CHAR, 0, _ANY_CHARSET)
                program.out1[split] = any_char
                program.out1[any_char] = split
                return split, [(split, 2)]
            s = program.add(_OP_BACKREF, node.index)
            return s, [(s, 1)]
        assert kind == _REP
        if not captures:
            inner = node.kids[0]
            while inner.kind == _GROUP:
                inner = inner.kids[0]
            if inner.kind == _CHARS and max(node.lo, node.hi or 0) > _COUNTER_MIN:
                s = program.add(_OP_COUNT, len(program.counts), inner.chars)
                program.counts.append((node.lo, -1 if node.hi is None else node.hi))
                return s, [(s, 1)]
        lo = _clamp(node.lo, limit)
        hi = None if node.hi is None else _clamp(node.hi, limit)
        body = node.kids[0]
        reset = node.index
        start = -1
        exits = []

        def join(frag: _Frag) -> None:
            nonlocal start, exits
            if start < 0:
                start = frag[0]
            else:
                _patch(program, exits, frag[0])
            exits = frag[1]

        def iteration(checked: bool) -> Generator[_Node, _Frag, _Frag]:
            # One iteration of the body.  For the backtracking search: the
            # captures inside are cleared first, and an iteration past the
            # minimum fails when it matched the empty string (RepeatMatcher).
            if not captures:
                return (yield body)
            first = program.add(_OP_RESET, reset)
            if not checked:
                b_start, b_exits = yield body
                program.out1[first] = b_start
                return first, b_exits
            mark = program.add(_OP_LOOP_START, node.index)
            program.out1[first] = mark
            b_start, b_exits = yield body
            program.out1[mark] = b_start
            check = program.add(_OP_LOOP_CHECK, node.index)
            _patch(program, b_exits, check)
            return first, [(check, 1)]

        for _ in range(lo):
            join((yield from iteration(False)))
        # The split tries the body first when greedy, the exit first if lazy.
        body_slot, exit_slot = (1, 2) if node.greedy else (2, 1)
        if hi is None:
            split = program.add(_OP_SPLIT)
            f_start, f_exits = yield from iteration(True)
            _patch(program, [(split, body_slot)], f_start)
            _patch(program, f_exits, split)
            join((split, [(split, exit_slot)]))
        else:
            optional_exits: list[tuple[int, int]] = []
            for _ in range(hi - lo):
                split = program.add(_OP_SPLIT)
                f_start, f_exits = yield from iteration(True)
                _patch(program, [(split, body_slot)], f_start)
                optional_exits.append((split, exit_slot))
                join((split, f_exits))
            exits = exits + optional_exits
        if start < 0:
            s = program.add(_OP_EPS)
            return s, [(s, 1)]
        if len(program) > max_states:
            raise _TooBig
        return start, exits

    stack: list[Generator[_Node, _Frag, _Frag]] = [build(root)]
    result: _Frag | None = None
    while stack:
        gen = stack[-1]
        try:
            child = gen.send(result) if result is not None else next(gen)
        except StopIteration as stop:
            stack.pop()
            result = stop.value
            continue
        result = None
        stack.append(build(child))
        if len(program) > max_states:
            raise _TooBig
    assert result is not None
    match = program.add(_OP_MATCH)
    _patch(program, result[1], match)
    program.start = result[0]
    return program


def _simulate(program: _Program, value: str, preds: list[bytearray],
              forward: bool, anchored: bool, work: list[int]) -> bytearray:
    """Run the NFA as a set of states.

    Returns a bytearray r of length L + 1: r[p] = 1 when the accepting state
    is reached at position p.  Forward runs read value[p] to go from p to
    p + 1; backward runs read value[p - 1] to go from p to p - 1.  Anchored
    runs start at the first position only, others at every position.
    ``work[0]`` grows by the number of states visited (at most len(program)
    per position).
    """
    op = program.op
    arg = program.arg
    out1 = program.out1
    out2 = program.out2
    charsets = program.charsets
    length = len(value)
    result = bytearray(length + 1)
    mark = [-1] * len(op)
    exit_mark = [-1] * len(op)
    counts = program.counts
    # _OP_COUNT states in a run: the positions each was entered at, oldest
    # first, since the last code point that broke the run.
    counting: dict[int, deque[int]] = {}
    positions = range(length + 1) if forward else range(length, -1, -1)
    current: list[int] = []
    for p in positions:
        if p == (0 if forward else length) or not anchored:
            # Inject the start state at position p.
            stack = [program.start]
        else:
            stack = []
        # Closure of the carried states and the injected one at position p.
        carried = current
        current = []
        stack.extend(reversed(carried))
        visited = len(counting)
        for s, entries in counting.items():
            # Leave a counted repetition after between n and m code points.
            lo, hi = counts[arg[s]]
            if hi >= 0:
                while entries and abs(p - entries[0]) > hi:
                    entries.popleft()
            if entries and abs(p - entries[0]) >= lo:
                exit_mark[s] = p
                stack.append(out1[s])
        while stack:
            s = stack.pop()
            if op[s] == _OP_COUNT:
                # Entered at p (any number of times).
                entries = counting.setdefault(s, deque())
                if not entries or entries[-1] != p:
                    entries.append(p)
                    visited += 1
                if counts[arg[s]][0] == 0 and exit_mark[s] != p:
                    exit_mark[s] = p
                    stack.append(out1[s])
                continue
            if mark[s] == p:
                continue
            mark[s] = p
            visited += 1
            o = op[s]
            if o == _OP_CHAR:
                current.append(s)
            elif o == _OP_SPLIT:
                stack.append(out2[s])
                stack.append(out1[s])
            elif o == _OP_EPS:
                stack.append(out1[s])
            elif o == _OP_ASSERT:
                if preds[arg[s]][p]:
                    stack.append(out1[s])
            elif o == _OP_TRIE:
                current.append(s)
                if out1[s] >= 0:
                    stack.append(out1[s])
            elif o == _OP_MATCH:
                result[p] = 1
        work[0] += visited
        if not current and not counting:
            if anchored:
                break
            continue
        # Step over one code point.
        if forward:
            if p == length:
                break
            cp = ord(value[p])
        else:
            if p == 0:
                break
            cp = ord(value[p - 1])
        for s in [s for s, e in counting.items()
                  if not e or not charsets[s].has(cp)]:  # type: ignore[union-attr]
            del counting[s]             # the run is broken
        moved: list[int] = []
        for s in current:
            cs = charsets[s]
            if cs is not None:
                if cs.has(cp):
                    moved.append(out1[s])
            else:               # _OP_TRIE
                a = arg[s]
                nxt = program.tries[a].get(
                    _simple_fold(cp) if program.trie_fold[a] else cp)
                if nxt is not None:
                    moved.append(nxt)
        current = moved
    return result


_WORD_SET = _CharSet(_WORD)
# WordCharacters with the i modifier: also the code points whose simple case
# folding is a word character (U+017F LATIN SMALL LETTER LONG S, U+212A KELVIN
# SIGN).
_WORD_SET_I = _CharSet(_normalize(_WORD + ((0x17F, 0x17F), (0x212A, 0x212A))))


def _fixed_predicates(value: str) -> list[bytearray]:
    """The arrays for ^ $ (with and without m) and \\b \\B (with and without i)."""
    length = len(value)
    start = bytearray(length + 1)
    start[0] = 1
    end = bytearray(length + 1)
    end[length] = 1
    terminators = _CharSet(_LINE_TERMINATORS)
    line_start = bytearray(length + 1)
    line_end = bytearray(length + 1)
    line_start[0] = 1
    line_end[length] = 1
    for i, ch in enumerate(value):
        if terminators.has(ord(ch)):
            line_start[i + 1] = 1
            line_end[i] = 1
    out = [start, end, line_start, line_end]
    for word in (_WORD_SET, _WORD_SET_I):
        flags = [word.has(ord(ch)) for ch in value]
        boundary = bytearray(length + 1)
        not_boundary = bytearray(length + 1)
        for p in range(length + 1):
            a = flags[p - 1] if p > 0 else False
            b = flags[p] if p < length else False
            if a != b:
                boundary[p] = 1
            else:
                not_boundary[p] = 1
        out.append(boundary)
        out.append(not_boundary)
    return out


# ---------------------------------------------------------------------------
# The public API.


class CompiledPattern:
    """A compiled ``pattern`` attribute: ``^(?:pattern)$`` with the v flag.

    Create one with :func:`compile_pattern`.
    """

    __slots__ = ("source", "_root", "_nodes", "_looks", "_max_count",
                 "_has_backrefs", "_programs", "_max_states", "_captures",
                 "_reps", "_look_depth", "_backtrack_programs",
                 "_backref_nodes", "_relaxable")

    def __init__(self, source: str, parser: _Parser, root: _Node) -> None:
        self.source = source
        self._root = root
        self._nodes = parser.nodes
        self._looks = [n for n in parser.nodes if n.kind == _LOOK]
        self._has_backrefs = parser.has_backrefs
        self._max_count = max(
            [n.lo for n in parser.nodes if n.kind == _REP]
            + [n.hi for n in parser.nodes if n.kind == _REP and n.hi is not None]
            + [0])
        self._programs: dict[int, tuple[_Program, list[_Program]] | None] = {}
        self._max_states = 64 * len(source) + 20_000
        self._captures = parser.captures
        # For the backtracking search: each repetition's number and the
        # capture groups inside it; the nesting depth of lookarounds.
        self._reps: list[tuple[int, int]] = []
        self._backref_nodes: list[_Node] = []
        depth: dict[int, int] = {}
        self._look_depth = 0
        # A pattern whose backreferences are all outside negative lookarounds
        # matches only values that the same pattern with each backreference
        # read as "any string" matches: the set simulation of that relaxed
        # pattern decides every "no" without a search.
        has_backref: set[int] = set()
        self._relaxable = True
        for node in parser.nodes:          # children before parents
            lo, hi = (node.index, node.index) if (
                node.kind == _GROUP and node.index) else (1 << 30, -1)
            d = 0
            for kid in node.kids:
                if kid.cap_hi >= 0:
                    lo = min(lo, kid.cap_lo)
                    hi = max(hi, kid.cap_hi)
                d = max(d, depth[id(kid)])
            node.cap_lo, node.cap_hi = lo, hi
            if node.kind == _BACKREF or any(
                    id(kid) in has_backref for kid in node.kids):
                has_backref.add(id(node))
                if node.kind == _LOOK and node.negative:
                    self._relaxable = False
            if node.kind == _LOOK:
                d += 1
            depth[id(node)] = d
            self._look_depth = max(self._look_depth, d)
            if node.kind == _REP:
                node.index = len(self._reps)
                self._reps.append((lo, hi))
            elif node.kind == _BACKREF:
                node.index = len(self._backref_nodes)
                self._backref_nodes.append(node)
        self._backtrack_programs: tuple[_Program, list[_Program]] | None = None

    def __repr__(self) -> str:
        return f"CompiledPattern({self.source!r})"

    def _programs_for(self, length: int) -> tuple[_Program, list[_Program]] | None:
        limit = min(length + 1, self._max_count + 1)
        key = limit
        if key in self._programs:
            return self._programs[key]
        try:
            budget = self._max_states
            main = _compile(self._root, False, length + 1, budget)
            budget -= len(main)
            looks: list[_Program] = []
            for look in self._looks:
                body = _compile(look.kids[0], not look.behind, length + 1,
                                max(budget, 0))
                budget -= len(body)
                looks.append(body)
            programs: tuple[_Program, list[_Program]] | None = (main, looks)
        except _TooBig:
            programs = None
        if len(self._programs) > 8:
            self._programs.clear()
        self._programs[key] = programs
        return programs

    def evaluate(self, value: str) -> bool | None:
        """Whether *value* matches; None when it could not be decided.

        See the module docstring for when a result is undecided (a pattern
        whose counted repetitions expand past the state budget, a backreference
        search past its step budget).
        """
        if not isinstance(value, str):
            raise TypeError(
                f"value must be a str, not {type(value).__name__}")
        return self._evaluate(value, [0])

    def _evaluate(self, value: str, work: list[int]) -> bool | None:
        """evaluate(), adding the states visited to ``work[0]``."""
        if self._has_backrefs:
            if self._relaxable and self._simulate(value, work) is False:
                return False
            return _backtrack_evaluate(self, value, work)
        return self._simulate(value, work)

    def _simulate(self, value: str, work: list[int]) -> bool | None:
        """The set simulation (backreferences relaxed to any string)."""
        programs = self._programs_for(len(value))
        if programs is None:
            return None
        main, looks = programs
        preds = _fixed_predicates(value)
        for look, body in zip(self._looks, looks):
            if look.behind:
                found = _simulate(body, value, preds, True, False, work)
            else:
                found = _simulate(body, value, preds, False, False, work)
            if look.negative:
                found = bytearray(1 - b for b in found)
            preds.append(found)
        final = _simulate(main, value, preds, True, True, work)
        return bool(final[len(value)])

    def matches(self, value: str) -> bool:
        """Whether *value* matches the pattern (HTML's "matches the pattern").

        An undecided result (see :meth:`evaluate`) counts as a match: the
        pattern is then not enforced, as when it does not compile.
        """
        return self.evaluate(value) is not False


class _OutOfBudget(Exception):
    pass


#: Lookarounds nested deeper than this in a pattern with backreferences make
#: its results undecided (the search recurses once per level).
_MAX_LOOK_DEPTH_WITH_BACKREFS = 50


def _backtrack_evaluate(pattern: CompiledPattern, value: str,
                        work: list[int]) -> bool | None:
    """Whether *value* matches a pattern that has backreferences.

    An exhaustive search over the states (NFA state, position, captures,
    iteration start positions) in backtracking order, with a visited set so
    that no state is expanded twice, and a budget of ``16 x S x (L + 1)``
    expanded states (lookaround searches included); past the budget the
    result is undecided (None).  Counted repetitions are not clamped here.
    """
    if pattern._look_depth > _MAX_LOOK_DEPTH_WITH_BACKREFS:
        return None
    programs = pattern._backtrack_programs
    if programs is None:
        try:
            main = _compile(pattern._root, False, 1 << 62,
                            pattern._max_states, captures=True)
            looks = [_compile(look.kids[0], look.behind, 1 << 62,
                              pattern._max_states, captures=True)
                     for look in pattern._looks]
        except _TooBig:
            return None
        programs = pattern._backtrack_programs = (main, looks)
    main, looks = programs
    total = len(main) + sum(len(look) for look in looks)
    budget = 16 * total * (len(value) + 1)
    search = _Search(pattern, value, looks, budget)
    slots = [-1] * (2 * pattern._captures + 2)
    regs = [-1] * len(pattern._reps)
    try:
        found = search.run(main, 0, tuple(slots), tuple(regs), True, True)
    except _OutOfBudget:
        return None
    finally:
        work[0] += budget - max(search.budget, 0)
    return found is not None


class _Search:
    """The backtracking search of :func:`_backtrack_evaluate`."""

    def __init__(self, pattern: CompiledPattern, value: str,
                 looks: list[_Program], budget: int) -> None:
        self.pattern = pattern
        self.value = value
        self.looks = looks
        self.budget = budget
        self.preds = _fixed_predicates(value)
        self.look_cache: dict[tuple[int, int, tuple[int, ...]],
                              tuple[int, ...] | None] = {}
        self.targets: dict[int, dict[int, _Node]] = {}

    def run(self, program: _Program, start: int, caps: tuple[int, ...],
            regs: tuple[int, ...], forward: bool,
            whole: bool) -> tuple[int, ...] | None:
        """The captures of the first match from *start*, or None.

        *whole*: the match must end at the end of the value (the main
        pattern); otherwise anywhere (a lookaround body).
        """
        value = self.value
        length = len(value)
        op = program.op
        arg = program.arg
        out1 = program.out1
        out2 = program.out2
        charsets = program.charsets
        reps = self.pattern._reps
        nodes_refs = self._backref_targets(program)
        visited: set[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = set()
        stack = [(program.start, start, caps, regs)]
        while stack:
            state = stack.pop()
            if state in visited:
                continue
            visited.add(state)
            self.budget -= 1
            if self.budget < 0:
                raise _OutOfBudget
            pc, pos, caps, regs = state
            o = op[pc]
            if o == _OP_CHAR:
                if forward:
                    if pos < length:
                        cs = charsets[pc]
                        assert cs is not None
                        if cs.has(ord(value[pos])):
                            stack.append((out1[pc], pos + 1, caps, regs))
                elif pos > 0:
                    cs = charsets[pc]
                    assert cs is not None
                    if cs.has(ord(value[pos - 1])):
                        stack.append((out1[pc], pos - 1, caps, regs))
            elif o == _OP_TRIE:
                # Longer strings first: the exit is tried after going on.
                if out1[pc] >= 0:
                    stack.append((out1[pc], pos, caps, regs))
                if forward and pos < length or not forward and pos > 0:
                    cp = ord(value[pos] if forward else value[pos - 1])
                    a = arg[pc]
                    nxt = program.tries[a].get(
                        _simple_fold(cp) if program.trie_fold[a] else cp)
                    if nxt is not None:
                        stack.append((nxt, pos + 1 if forward else pos - 1,
                                      caps, regs))
            elif o == _OP_SPLIT:
                stack.append((out2[pc], pos, caps, regs))
                stack.append((out1[pc], pos, caps, regs))
            elif o == _OP_EPS:
                stack.append((out1[pc], pos, caps, regs))
            elif o == _OP_SAVE:
                slot = arg[pc]
                new_caps = list(caps)
                new_caps[slot] = pos
                stack.append((out1[pc], pos, tuple(new_caps), regs))
            elif o == _OP_RESET:
                lo, hi = reps[arg[pc]]
                if hi >= lo:
                    new_caps = list(caps)
                    for k in range(lo, hi + 1):
                        new_caps[2 * k] = new_caps[2 * k + 1] = -1
                    caps = tuple(new_caps)
                stack.append((out1[pc], pos, caps, regs))
            elif o == _OP_LOOP_START:
                new_regs = list(regs)
                new_regs[arg[pc]] = pos
                stack.append((out1[pc], pos, caps, tuple(new_regs)))
            elif o == _OP_LOOP_CHECK:
                if regs[arg[pc]] != pos:
                    stack.append((out1[pc], pos, caps, regs))
            elif o == _OP_ASSERT:
                a = arg[pc]
                if a < 8:
                    if self.preds[a][pos]:
                        stack.append((out1[pc], pos, caps, regs))
                else:
                    result = self.look(a - 8, pos, caps, regs)
                    if result is not None:
                        stack.append((out1[pc], pos, result, regs))
            elif o == _OP_BACKREF:
                moved = self.backref(nodes_refs[pc], pos, caps, forward)
                if moved >= 0:
                    stack.append((out1[pc], moved, caps, regs))
            elif o == _OP_MATCH:
                if not whole or pos == length:
                    return caps
        return None

    def look(self, number: int, pos: int, caps: tuple[int, ...],
             regs: tuple[int, ...]) -> tuple[int, ...] | None:
        """The captures after lookaround *number* at *pos*, None if it fails."""
        key = (number, pos, caps)
        if key in self.look_cache:
            return self.look_cache[key]
        node = self.pattern._looks[number]
        found = self.run(self.looks[number], pos, caps, regs,
                         not node.behind, False)
        result: tuple[int, ...] | None
        if node.negative:
            result = caps if found is None else None
        else:
            result = found
        self.look_cache[key] = result
        return result

    def backref(self, node: _Node, pos: int, caps: tuple[int, ...],
                forward: bool) -> int:
        """The position after backreference *node* at *pos*, or -1."""
        start = end = -1
        for group in node.refs:
            if caps[2 * group] >= 0 and caps[2 * group + 1] >= 0:
                start, end = caps[2 * group], caps[2 * group + 1]
                break
        if start < 0:
            return pos               # an undefined group matches empty
        text = self.value[start:end]
        n = len(text)
        if forward:
            if pos + n > len(self.value):
                return -1
            here = self.value[pos:pos + n]
            moved = pos + n
        else:
            if pos - n < 0:
                return -1
            here = self.value[pos - n:pos]
            moved = pos - n
        if here == text or (node.ignore_case
                            and _fold_string(here) == _fold_string(text)):
            return moved
        return -1

    def _backref_targets(self, program: _Program) -> dict[int, _Node]:
        """The backreference node of each _OP_BACKREF state of *program*."""
        targets = self.targets.get(id(program))
        if targets is None:
            refs = self.pattern._backref_nodes
            targets = self.targets[id(program)] = {
                pc: refs[program.arg[pc]] for pc in range(len(program))
                if program.op[pc] == _OP_BACKREF}
        return targets


def _parse(pattern: str) -> tuple[_Parser, _Node]:
    parser = _Parser(pattern)
    root = parser.parse()
    parser.finish()
    return parser, root


def pattern_status(pattern: str) -> Literal["valid", "invalid", "unsupported"]:
    """Whether *pattern* compiles as a JavaScript RegExp with the v flag.

    ``"unsupported"`` when it uses a Unicode property without data here
    (:data:`UNSUPPORTED_PROPERTIES`).
    """
    if not isinstance(pattern, str):
        raise TypeError(
            f"pattern must be a str, not {type(pattern).__name__}")
    try:
        parser, _ = _parse(pattern)
    except PatternSyntaxError:
        return "invalid"
    return "unsupported" if parser.unsupported else "valid"


def compile_pattern(pattern: str) -> CompiledPattern | None:
    """HTML's compiled pattern regular expression for a ``pattern`` value.

    ``None`` when *pattern* is not a valid JavaScript RegExp with the ``v``
    flag (the attribute is then ignored), or uses a property listed in
    :data:`UNSUPPORTED_PROPERTIES`.
    """
    if not isinstance(pattern, str):
        raise TypeError(
            f"pattern must be a str, not {type(pattern).__name__}")
    try:
        parser, root = _parse(pattern)
    except PatternSyntaxError:
        return None
    if parser.unsupported:
        return None
    return CompiledPattern(pattern, parser, root)
