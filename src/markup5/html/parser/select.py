"""Selectedness and ``selectedcontent`` during tree construction.

The parser does not only build a tree: when it inserts or pops certain
elements the DOM runs steps of its own, and since 2025 some of those change
the tree.  The ``select`` element's parts that do (HTML §4.10.7, §4.10.10,
§4.10.12):

* the *option element nearest ancestor select* of an option (its select,
  unless a ``datalist``, ``hr``, ``option`` or a second ``optgroup`` comes
  first on the way up);
* the option's *selectedness*: true when it is created with a ``selected``
  attribute, and otherwise set by the *selectedness setting algorithm*,
  which, for a select without ``multiple`` whose display size is 1, picks the
  first option of its list that is not disabled (a disabled option is never
  picked by default), and which keeps at most one option selected;
* a ``selectedcontent`` element is *disabled* when an ``option`` or another
  ``selectedcontent`` is among its ancestors, or when it has two ``select``
  ancestors: cloning into it could otherwise feed on itself;
* *maybe clone an option into selectedcontent*: when a selected option is
  popped off the stack of open elements, copies of its children replace the
  children of its select's ``selectedcontent`` elements (every one that is
  not disabled, as Chromium does; none when the select has ``multiple``);
  when that takes the selected option itself out of the select (it was
  inside a ``selectedcontent``), they are emptied, as in Chromium;
* when a ``selectedcontent`` is inserted and is not disabled, it receives a
  copy of its select's selected option at once (Chromium's "selectedcontent
  spec" behaviour: a ``selectedcontent`` placed after the options shows the
  selected one too);
* when the adoption agency algorithm moves a subtree holding a
  ``selectedcontent``, that is an insertion too: the element is disabled or
  not at its new place, and an enabled one receives a fresh copy (or is
  emptied when no option is selected), within a work allowance (see
  ``_selectedcontents_moved``).

All of this has to stay linear in the input, whatever the input: an input
of 42 bytes (``<select><option><selectedcontent></option>``) used to make
the cloning copy a subtree into itself without end.  So nothing here walks
the tree, but for the moves (whose walks count against an allowance).  The
walks the standard describes ("for each ancestor") are answered from the
stack of open elements, whose HTML elements the tree builder indexes by
name: as long as a node's ancestors are the elements below it on the stack
(true for the parser's insertions, including foster parenting, whose extra
stack entries are table elements that none of these walks stops at, and the
adoption agency's moves, which keep the stack a chain of ancestors), "the
nearest ancestor named X" is "the highest stack position of X", a bisection
in a sorted list.  Two kinds of stack entries end a walk: a ``template``
(its children live in its template contents, a fragment with no parent) and
an element that a clone detached from the tree (the children a
``selectedcontent`` loses stay on the stack).

Each select keeps its candidates for the default selection (its options
that are not disabled, in insertion order, which is tree order for
everything the parser inserts except foster-parented nodes) and its
``selectedcontent`` elements, so that the selectedness setting algorithm
never rescans the tree either.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, Any

from ...dom import HTML_NAMESPACE
from ...microsyntax._numbers import non_negative_integer_is_one

if TYPE_CHECKING:
    from .sink import TreeSink

HTML = HTML_NAMESPACE

__all__ = ["SelectednessMixin"]

#: The work (ancestors walked, selectedcontent elements looked at, nodes
#: copied) allowed for the copies into selectedcontent elements, whose
#: literal rules are quadratic (into a selectedcontent the adoption agency
#: algorithm moved, _selectedcontents_moved; into every enabled
#: selectedcontent of a select, _enabled_selectedcontents) or exponential
#: (copies of copies: an option holding a template holding a select whose
#: selectedcontent holds the copy of its own option, and so on, doubles the
#: tree at each level).  A document starts with _WORK_POOL; each run of the
#: algorithm and each copy of a selected option adds _WORK_ALLOWANCE, and
#: each character read adds one (_earn), so that copies of the document's
#: own content always fit, and the work stays within a multiple of the
#: input.
_WORK_POOL = 1 << 16
_WORK_ALLOWANCE = 64


class _SelectState:
    """What a select element needs for the selectedness setting algorithm."""

    __slots__ = ("element", "multiple", "display_size_one", "selected", "candidates", "start",
                 "selectedcontents", "first", "listed")

    def __init__(self, element: Any) -> None:
        self.element = element
        attrs = element.attrs
        self.multiple = "multiple" in attrs
        # The display size: the size attribute parsed as a non-negative
        # integer if that succeeds, otherwise 4 with multiple and 1 without.
        # Only whether it is 1 matters, which the digits say without being
        # converted (a value of a million digits took a second).
        size = attrs.get("size")
        one = non_negative_integer_is_one(size) if size is not None else None
        self.display_size_one = not self.multiple if one is None else one
        self.selected: Any = None     # the option whose selectedness is true
        self.candidates: list[Any] = []    # options that are not disabled, in order
        self.start = 0                # candidates before this are gone for good
        # Its selectedcontent elements that were enabled when last seen, in
        # insertion (tree) order; those before ``first`` are out (disabled
        # or detached); ``listed`` holds the ids of the others.
        self.selectedcontents: list[Any] = []
        self.first = 0
        self.listed: set[int] = set()


class SelectednessMixin:
    """The select, option and selectedcontent steps that run as the parser
    inserts and pops elements.  Mixed into the tree builder core, whose
    stack indexes (``_positions``) it reads."""

    # The parser's state lives in slots, declared by the class that sets it
    # (DESIGN.md: __slots__ on hot objects).  In an instance dict, its more
    # than 30 attributes unshared the dict's keys, and each read became a
    # dict lookup: 5% of a parse's instructions.
    __slots__ = ("_selects", "_generations", "_registered_selectedcontents",
                 "_inside_selectedcontent", "_disabled_selectedcontent", "_optgroups_above",
                 "_work_pool", "_earned_to", "_detached_ids", "_detached_positions")

    # What it reads of the tree builder core (set by its _init_core).
    sink: TreeSink
    open_elements: list[Any]
    _positions: dict[str, list[int]]
    _on_stack: set[int]
    _virtual: list[int] | None

    # Stack positions -----------------------------------------------------------
    # (Used by the tree builder core too.)  The indexes hold stack positions
    # that only grow up the stack: list indexes until the adoption agency
    # algorithm removes an entry below others, virtual positions from then
    # on, with ``_virtual`` mapping each list index to its position.

    def _real(self, position: int) -> int:
        """The list index of the stack entry at ``position``."""
        virtual = self._virtual
        return position if virtual is None else bisect_left(virtual, position)

    def _virtual_of(self, index: int) -> int:
        """The position of the stack entry at list index ``index`` (-1 for
        -1, "below the stack")."""
        virtual = self._virtual
        return index if virtual is None or index < 0 else virtual[index]

    def _at(self, position: int) -> Any:
        """The stack entry at ``position``."""
        return self.open_elements[self._real(position)]

    def _init_select(self) -> None:
        self._selects: dict[int, _SelectState] = {}
        # id(option or selectedcontent) -> ((selectedcontent, generation), ...):
        # the selectedcontent ancestors a node had when it was inserted, and
        # how many times each had been emptied by then.
        self._inside_selectedcontent: dict[int, tuple[tuple[Any, int], ...]] = {}
        self._generations: dict[int, int] = {}      # id(selectedcontent) -> clones into it
        self._disabled_selectedcontent: set[int] = set()
        # id(selectedcontent) -> optgroups between it and its select (2: the
        # walk up from there gives no select).
        self._optgroups_above: dict[int, int] = {}
        # Stack entries that a clone detached from the tree: they end walks.
        self._detached_ids: set[int] = set()
        self._detached_positions: list[int] = []
        # Every selectedcontent with a select, and that select, in insertion
        # order; and what is left of the work allowed after moves.
        self._registered_selectedcontents: list[tuple[Any, _SelectState]] = []
        self._work_pool = _WORK_POOL
        self._earned_to = 0  # the stream offset up to which characters have earned

    def _end_of_token(self) -> int:
        raise NotImplementedError  # (the tree builder core's)

    def _earn(self) -> None:
        """Add one unit of work to the allowance for each character read
        since the last time."""
        read = self._end_of_token()
        if read > self._earned_to:
            self._work_pool += read - self._earned_to
            self._earned_to = read

    # Walks over the ancestors, answered from the stack ----------------------

    def _below(self, name: str, limit: int) -> int:
        """The highest stack position <= limit of an HTML element ``name``,
        or -1."""
        positions = self._positions.get(name)
        if not positions:
            return -1
        index = bisect_right(positions, limit) - 1
        return positions[index] if index >= 0 else -1

    def _root_below(self, limit: int) -> int:
        """The highest stack position <= limit where a walk up the ancestors
        ends: a template (whose contents have no parent) or an element a
        clone detached; -1 when the walk reaches the document."""
        root = self._below("template", limit)
        detached = self._detached_positions
        if detached:
            index = bisect_right(detached, limit) - 1
            if index >= 0 and detached[index] > root:
                root = detached[index]
        return root

    def _nearest_select(self, top: int) -> Any:
        """The option element nearest ancestor select of a node whose parent
        is the stack entry at ``top`` (§4.10.10): walking up, a datalist, hr
        or option, or a second optgroup, gives null; a select is the
        answer.  (An hr is void and never on the stack.)"""
        select = self._below("select", top)
        if select < 0:
            return None
        if max(self._below("option", top), self._below("datalist", top),
               self._root_below(top)) > select:
            return None
        optgroup = self._below("optgroup", top)
        if optgroup > select and self._below("optgroup", optgroup - 1) > select:
            return None
        return self._at(select)

    # Insertion steps ---------------------------------------------------------

    def _select_inserted(self, select: Any) -> None:
        self._selects[id(select)] = _SelectState(select)

    def _marks(self, top: int) -> tuple[tuple[Any, int], ...]:
        """The enabled selectedcontent element among the ancestors of a node
        whose parent is at stack position ``top``, with its clone count (or
        nothing).

        Only an enabled selectedcontent is ever cloned into (emptied), and
        of the selectedcontent ancestors only the outermost can be enabled:
        each of the others has a selectedcontent ancestor, which disables
        it.  So the lowest stack position above the walk's root is the one
        to look at; keeping every selectedcontent ancestor made nested
        families (``<select><option><selectedcontent>`` x N, found by the
        fuzz harnesses) quadratic."""
        positions = self._positions.get("selectedcontent")
        if not positions:
            return ()
        index = bisect_right(positions, self._root_below(top))
        if index == len(positions) or positions[index] > top:
            return ()
        selectedcontent = self._at(positions[index])
        if id(selectedcontent) in self._disabled_selectedcontent:
            return ()
        return ((selectedcontent, self._generations.get(id(selectedcontent), 0)),)

    def _is_detached(self, node: Any) -> bool:
        """Whether a clone has since removed ``node`` from the tree (one of
        the selectedcontent elements it was inserted under was emptied)."""
        generations = self._generations
        for selectedcontent, generation in self._inside_selectedcontent.get(id(node), ()):
            if generations.get(id(selectedcontent), 0) != generation:
                return True
        return False

    def _option_inserted(self, option: Any) -> None:
        """The option insertion steps: the selectedness of a new option in a
        select's list of options, and the selectedness setting algorithm."""
        top = self._virtual_of(len(self.open_elements) - 2)  # the option itself is on top
        # The tables are keyed by id(): a node freed by a clone may leave
        # its id to this one, so nothing recorded under it is kept.
        self._inside_selectedcontent.pop(id(option), None)
        select = self._nearest_select(top)
        if select is None:
            return
        state = self._selects.get(id(select))
        if state is None:
            return
        marks = self._marks(top)
        if marks:
            self._inside_selectedcontent[id(option)] = marks
        # "An option element is disabled if its disabled attribute is present
        # or if it is a child of an optgroup element whose disabled attribute
        # is present."  With the 2025 content model an option can sit deeper
        # in its optgroup (<optgroup disabled><a><option>); Chromium counts
        # the optgroup between the option and its select (there is at most
        # one) whatever lies between, and decides here.
        disabled = "disabled" in option.attrs
        if not disabled:
            optgroup = self._below("optgroup", top)
            disabled = (optgroup > self._below("select", top)
                        and "disabled" in self._at(optgroup).attrs)
            if not disabled:
                state.candidates.append(option)
        if state.multiple:
            return
        if "selected" in option.attrs:
            # Its selectedness is true; without multiple, every other option
            # of the list loses its selectedness.
            state.selected = option
        elif state.selected is None and state.display_size_one and not disabled:
            # The selectedness setting algorithm: no option is selected, so
            # the first one that is not disabled is.  Earlier candidates
            # would have been picked when they were inserted.
            state.selected = option

    def _selectedcontent_inserted(self, selectedcontent: Any) -> None:
        """The selectedcontent insertion steps (its disabled state) and, for
        an enabled one, a copy of its select's selected option."""
        top = self._virtual_of(len(self.open_elements) - 2)
        key = id(selectedcontent)  # (a freed node's id may be reused: start afresh)
        self._inside_selectedcontent.pop(key, None)
        self._disabled_selectedcontent.discard(key)
        self._generations.pop(key, None)
        root = self._root_below(top)
        disabled = (self._below("option", top) > root
                    or self._below("selectedcontent", top) > root)
        select_position = self._below("select", top)
        if select_position > root and self._below("select", select_position - 1) > root:
            disabled = True  # two select ancestors
        marks = self._marks(top)
        if marks:
            self._inside_selectedcontent[id(selectedcontent)] = marks
        if disabled:
            self._disabled_selectedcontent.add(id(selectedcontent))
        if select_position <= root:
            return
        state = self._selects.get(id(self._at(select_position)))
        if state is None:
            return
        self._registered_selectedcontents.append((selectedcontent, state))
        if not disabled:
            state.selectedcontents.append(selectedcontent)
            state.listed.add(id(selectedcontent))
        # For the options a copy will bring in: the walk from this
        # selectedcontent up to the select meets a datalist (no select for
        # them) or some optgroups.
        if self._below("datalist", top) > select_position:
            self._optgroups_above[id(selectedcontent)] = 2
        else:
            optgroup = self._below("optgroup", top)
            self._optgroups_above[id(selectedcontent)] = int(optgroup > select_position) + int(
                optgroup > select_position and self._below("optgroup", optgroup - 1)
                > select_position)
        if not disabled and not state.multiple and state.selected is not None:
            # The copy counts against the work allowance, as every copy
            # does: into a selectedcontent after the select's first it is
            # Chromium's (N of them after an option of N children were N x N
            # copies, 31 s at N = 4,000).
            self._earn()
            if self._work_pool > 0:
                self._update_selectedcontents(state, state.selected, [selectedcontent])

    # Moves -------------------------------------------------------------------

    def _selectedcontents_moved(self, moved: Any) -> None:
        """Run the selectedcontent insertion steps again for each
        selectedcontent in ``moved``'s subtree: the adoption agency algorithm
        has just taken ``moved`` (its furthest block) and its descendants
        out of the tree and put them back (steps 4.13, 4.14, 4.17).  For the
        DOM each of those is a removal and an insertion, and an inserted
        selectedcontent works out whether it is disabled (its ancestors have
        changed) and, if it is enabled, receives a fresh copy of its select's
        selected option, or is emptied when none is selected (Chromium:
        ``<select><option>A</option><u><button><selectedcontent>o</u>``
        leaves ``"A"`` in the selectedcontent, not ``"Ao"``).  Only the last
        of the moves in one run of the algorithm can be seen: the tree
        changes in between only by the moves.

        Found by walking up from each selectedcontent the document has (a
        select rarely has more than one) to the document.  Done literally,
        this is quadratic: ``<select><b>`` + ``<div>`` x N +
        ``<selectedcontent></selectedcontent><option>`` + ``<i></i></b>`` x N
        walks N ancestors and copies a growing option at each ``</b>``
        (Chromium 150 takes 7.8 s at N = 16,000).  So the work is counted
        (ancestors walked, nodes copied) against an allowance that grows
        with each run of the algorithm (``_WORK_POOL``, ``_WORK_ALLOWANCE``);
        once it is spent, moves leave selectedcontent elements as they are
        until runs of the algorithm have earned it back
        (docs/browser-differences.md, "Work limits").  The copies themselves go
        through _update_selectedcontents, which charges the same allowance
        (the walks are counted in ``pool`` and the copies in
        ``_work_pool``, so each is handed to the other around the copy:
        when the copies' charges were overwritten by ``pool``, every move
        could spend the whole allowance again)."""
        registered = self._registered_selectedcontents
        if not registered:
            return
        self._work_pool += _WORK_ALLOWANCE
        self._earn()
        pool = self._work_pool
        sink = self.sink
        document = sink.document
        parent_of = sink.parent
        disabled_ids = self._disabled_selectedcontent
        for selectedcontent, state in registered:
            if pool <= 0:
                break
            # Its ancestors, up to the document (or to a node with no
            # parent: template contents, or a subtree a clone took out).
            inside = False
            selects = 0
            disabled = False
            outermost = None    # its outermost selectedcontent ancestor
            steps = 0
            node = parent_of(selectedcontent)
            while node is not None and node is not document and steps < pool:
                steps += 1
                if node is moved:
                    inside = True
                if getattr(node, "namespace", None) == HTML:
                    name = node.local_name
                    if name == "select":
                        selects += 1
                    elif name == "option":
                        disabled = True
                    elif name == "selectedcontent":
                        disabled = True
                        outermost = node
                node = parent_of(node)
            pool -= steps + 1  # (one at least: a detached one has no parent)
            if node is not document or not inside or not selects:
                continue  # not moved, not in the document, or out of allowance
            key = id(selectedcontent)
            if disabled or selects > 1:
                disabled_ids.add(key)
            else:
                disabled_ids.discard(key)
            if outermost is not None and id(outermost) not in disabled_ids:
                self._inside_selectedcontent[key] = (
                    (outermost, self._generations.get(id(outermost), 0)),)
            else:
                self._inside_selectedcontent.pop(key, None)
            if key in disabled_ids or state.multiple:
                continue
            if key not in state.listed:  # (enabled by the move)
                state.selectedcontents.append(selectedcontent)
                state.listed.add(key)
            if state.selected is not None:
                self._work_pool = pool
                self._update_selectedcontents(state, state.selected, [selectedcontent])
                pool = self._work_pool
            else:
                self._clone_option(None, selectedcontent)
        self._work_pool = pool

    # Popping an option -------------------------------------------------------

    def _option_popped(self, option: Any) -> None:
        """Maybe clone an option into selectedcontent (§4.10.10), run when an
        option is popped off the stack of open elements (it has just been
        taken off: its parent is the new top of the stack)."""
        select = self._nearest_select(self._virtual_of(len(self.open_elements) - 1))
        if select is None:
            return
        state = self._selects.get(id(select))
        if state is None or state.selected is not option:
            return
        self._work_pool += _WORK_ALLOWANCE
        self._earn()
        if self._work_pool > 0:
            self._update_selectedcontents(state, option, self._enabled_selectedcontents(state))

    def _update_selectedcontents(self, state: _SelectState, option: Any, targets: list[Any]
                                 ) -> None:
        """Clone ``option`` into each of ``targets``, then settle what that
        did to the select's selected option, as Chromium does:

        * a copy brought in options with a ``selected`` attribute that are
          in the select's list of options (they sit in the selectedcontent,
          which does not stop the nearest-select walk): each becomes the
          selected option as it is inserted, so the last one is, and
          Chromium copies it into the selectedcontent elements, which takes
          the copy out again, so they show the children of that copy
          (``<option selected><i><option selected>t`` shows ``t``).  If
          that copy brings a selected option again, it is copied in turn,
          and so on (Chromium never finishes some of these, see
          docs/browser-differences.md);
        * the option was inside a selectedcontent, so the clone took it out
          of the list of options: the selectedcontent elements are emptied,
          whatever the copies brought.

        Either way the selected option has left the list, and the
        selectedness setting algorithm picks the first remaining option
        that is not disabled, without copying it; when there is none, the
        first option of the last copy that is not disabled is selected as
        it is inserted and copied (which takes it out again).  Each round
        copies a part of the previous copy, and the rounds after the
        second count against the work allowance, so the work stays
        linear.  The first copy counts too: an option can hold the copies
        made into the selectedcontent elements inside it (through a
        template), and copies of those copies doubled the tree at each
        level (``<select><selectedcontent></selectedcontent><option>
        <template>`` x N: 7.3 million nodes from 1.2 KB)."""
        copies = self._clone_into(option, targets, charge_first=True)
        brought = self._brought_selected(
            copies, self._optgroups_above.get(id(targets[0]), 0)) if copies else None
        if brought is None and not self._is_detached(option):
            return
        targets = self._enabled_selectedcontents(state)
        detached = self._is_detached(option)
        if detached:
            brought = None  # the first case gives way to the second
        last_copies: list[Any] = []
        last_target = None
        rounds = 0
        while brought is not None:
            # Copy the brought option; if that copy brings a selected option
            # in turn, copy that one, and so on.  Each copy is a part of the
            # one before, so this ends; after the second, the copies count
            # against the work allowance (a chain of nested selected
            # options would copy N, N-1, ... nodes), and when it is spent
            # the last copy stays.
            rounds += 1
            last_copies = self._clone_into(brought, targets, charge_first=rounds > 1)
            if not last_copies:
                break
            last_target = targets[0]
            brought = self._brought_selected(
                last_copies, self._optgroups_above.get(id(last_target), 0))
            if self._work_pool <= 0:
                break
        if detached:
            for target in targets:
                self._clone_option(None, target)
        state.selected = None
        if state.display_size_one:
            candidates = state.candidates
            while state.start < len(candidates):
                candidate = candidates[state.start]
                if not self._is_detached(candidate):
                    state.selected = candidate
                    break
                state.start += 1
            if state.selected is None and last_copies:
                # No option is selected when the last copy's options are
                # inserted: as in Chromium, the first of them that is not
                # disabled becomes selected (the selectedness setting
                # algorithm) and is copied into the selectedcontent
                # elements, which takes it out again (one more copy; markup5
                # stops there).
                for option, disabled in self._listed_options(
                        last_copies, self._optgroups_above.get(id(last_target), 0)):
                    if not disabled:
                        self._clone_into(option, targets, charge_first=True)
                        break

    def _clone_into(self, option: Any, targets: list[Any], charge_first: bool = False) -> list[Any]:
        """Clone ``option`` into each of ``targets``; the copies into those
        after the first (and into the first with ``charge_first``) count
        against the work allowance, and once it is spent the rest are left
        as they are.  Returns the copies made in the first target (the same
        in every target: copies of the option's children)."""
        first: list[Any] = []
        for number, target in enumerate(targets):
            if (number or charge_first) and self._work_pool <= 0:
                break
            copies = self._clone_option(option, target)
            if number or charge_first:
                self._work_pool -= _subtree_size(target, self.sink)
            if not number:
                first = copies
        return first

    @staticmethod
    def _listed_options(copies: list[Any], optgroups: int) -> list[tuple[Any, bool]]:
        """The HTML options among the copies whose option element nearest
        ancestor select is the select (no option, datalist, hr or select
        above them in the copies, and at most one optgroup counting those
        above the selectedcontent), in tree order, each with whether it is
        disabled (its own attribute, or a disabled optgroup in the copies
        above it)."""
        # (Slices, not reversed(): mypyc cannot compile reversed() of a list[Any].)
        stack = [(node, optgroups, False) for node in copies[::-1]]
        found: list[tuple[Any, bool]] = []
        while stack:
            node, seen, in_disabled = stack.pop()
            if getattr(node, "namespace", None) != HTML:
                children = getattr(node, "children", None)
                if children and getattr(node, "local_name", None) is not None:
                    stack.extend((child, seen, in_disabled) for child in children[::-1])
                continue
            name = node.local_name
            if name == "option":
                if seen < 2:
                    found.append((node, in_disabled or "disabled" in node.attrs))
                continue
            if name in ("datalist", "hr", "select"):
                continue
            if name == "optgroup":
                seen += 1
                in_disabled = in_disabled or "disabled" in node.attrs
            stack.extend((child, seen, in_disabled) for child in node.children[::-1])
        return found

    @classmethod
    def _brought_selected(cls, copies: list[Any], optgroups: int) -> Any:
        """The option of the select's list among the copies that becomes
        selected as they are inserted: the last one, in tree order, with a
        ``selected`` attribute (each takes the selectedness from the ones
        before, as in Chromium); None when there is none."""
        found = None
        for option, _ in cls._listed_options(copies, optgroups):
            if "selected" in option.attrs:
                found = option
        return found

    def _enabled_selectedcontents(self, state: _SelectState) -> list[Any]:
        """The selectedcontent elements a select copies its selected option
        into: none with multiple; otherwise every one of its selectedcontent
        descendants, in tree order, that is not disabled.  (The standard
        speaks of the select's "enabled selectedcontent", its first
        selectedcontent descendant; Chromium updates all of them, and
        Chromium decides here.)

        Copying every selected option into every selectedcontent is
        quadratic (``<select>`` + ``<selectedcontent></selectedcontent>``
        x N + ``<option selected>x</option>`` x N took 64 s at 248 KB), so
        the ones after the first are looked at, and copied into, against
        the work allowance (``_WORK_POOL``): once it is spent, only the
        first is updated, as the standard says, until copies of selected
        options have earned more.  Those found disabled or detached before
        the first enabled one are passed over for good (a move that
        enables one lists it again)."""
        if state.multiple:
            return []
        candidates = state.selectedcontents
        disabled = self._disabled_selectedcontent
        index = state.first
        while index < len(candidates):
            selectedcontent = candidates[index]
            if id(selectedcontent) not in disabled and not self._is_detached(selectedcontent):
                break
            state.listed.discard(id(selectedcontent))
            index += 1
        state.first = index
        if index == len(candidates):
            return []
        targets = [candidates[index]]
        pool = self._work_pool
        for index in range(index + 1, len(candidates)):
            if pool <= 0:
                break
            pool -= 1
            selectedcontent = candidates[index]
            if id(selectedcontent) not in disabled and not self._is_detached(selectedcontent):
                targets.append(selectedcontent)
        self._work_pool = pool
        return targets

    def _clone_option(self, option: Any, selectedcontent: Any) -> list[Any]:
        """Clone an option into a selectedcontent: copies of the option's
        children (taken before anything changes) replace the children of
        the selectedcontent (``option`` None: the selectedcontent is
        emptied)."""
        copies = self.sink.clone_children(option, selectedcontent)
        key = id(selectedcontent)
        self._generations[key] = self._generations.get(key, 0) + 1
        if key in self._on_stack:
            # The stack entries above it were its descendants: they are out
            # of the tree now, and the parser goes on inserting into them.
            stack = self.open_elements
            position = len(stack) - 1
            while stack[position] is not selectedcontent:
                position -= 1
            if position + 1 < len(stack):
                detached = stack[position + 1]
                if id(detached) not in self._detached_ids:
                    self._detached_ids.add(id(detached))
                    self._detached_positions.append(self._virtual_of(position + 1))
                    self._detached_positions.sort()
        return copies


def _subtree_size(node: Any, sink: TreeSink) -> int:
    """How many nodes ``node``'s children and their descendants are, and
    their attributes, with the contents of templates (copied with them,
    and where copies of copies nest: counted without them, a tree that
    doubled at each level cost almost nothing).  An attribute counts as a
    node: counted as nothing, an option child with N attributes copied
    into N selectedcontent elements was N x N attributes for one unit
    each copy."""
    count = 0
    root = node
    work = [node]
    while work:
        node = work.pop()
        if node is not root:
            attrs = getattr(node, "attrs", None)
            if attrs:
                count += len(attrs)
        children = getattr(node, "children", None)
        if children:
            count += len(children)
            work.extend(children)
        if getattr(node, "local_name", None) == "template" and \
                getattr(node, "namespace", None) == HTML:
            contents = sink.template_contents(node)
            if contents is not None and contents is not node:
                count += 1
                work.append(contents)
    return count
