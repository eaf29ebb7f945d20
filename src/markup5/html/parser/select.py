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
  children of its select's *enabled selectedcontent* (the select's first
  ``selectedcontent`` descendant, when that one is not disabled and the
  select has no ``multiple`` attribute);
* when a ``selectedcontent`` is inserted and is not disabled, it receives a
  copy of its select's selected option at once (Chromium's "selectedcontent
  spec" behaviour: a ``selectedcontent`` placed after the options shows the
  selected one too).

All of this has to stay linear in the input, whatever the input: an input
of 42 bytes (``<select><option><selectedcontent></option>``) used to make
the cloning copy a subtree into itself without end.  So nothing here walks
the tree.  The walks the standard describes ("for each ancestor") are
answered from the stack of open elements, whose HTML elements the tree
builder indexes by name: as long as a node's ancestors are the elements
below it on the stack (true for the parser's insertions, including foster
parenting, whose extra stack entries are table elements that none of these
walks stops at, and the adoption agency's moves, which keep the stack a
chain of ancestors), "the nearest ancestor named X" is "the highest stack
position of X", a bisection in a sorted list.  Two kinds of stack entries
end a walk: a ``template`` (its children live in its template contents, a
fragment with no parent) and an element that a clone detached from the
tree (the children a ``selectedcontent`` loses stay on the stack).

Each select keeps its candidates for the default selection (its options
that are not disabled, in insertion order, which is tree order for
everything the parser inserts except foster-parented nodes) and its
``selectedcontent`` elements, so that the selectedness setting algorithm
never rescans the tree either.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from ...dom import HTML_NAMESPACE
from ...microsyntax import parse_non_negative_integer

if TYPE_CHECKING:
    from .sink import TreeSink

HTML = HTML_NAMESPACE

__all__ = ["SelectednessMixin"]


class _SelectState:
    """What a select element needs for the selectedness setting algorithm."""

    __slots__ = ("element", "multiple", "display_size_one", "selected", "candidates", "start",
                 "selectedcontents")

    def __init__(self, element: Any) -> None:
        self.element = element
        attrs = element.attrs
        self.multiple = "multiple" in attrs
        # The display size: the size attribute parsed as a non-negative
        # integer if that succeeds, otherwise 4 with multiple and 1 without.
        size = attrs.get("size")
        parsed = parse_non_negative_integer(size) if size is not None else None
        if parsed is None:
            parsed = 4 if self.multiple else 1
        self.display_size_one = parsed == 1
        self.selected: Any = None     # the option whose selectedness is true
        self.candidates: list[Any] = []    # options that are not disabled, in order
        self.start = 0                # candidates before this are gone for good
        self.selectedcontents: list[Any] = []  # in insertion (tree) order


class SelectednessMixin:
    """The select, option and selectedcontent steps that run as the parser
    inserts and pops elements.  Mixed into the tree builder core, whose
    stack indexes (``_positions``) it reads."""

    # What it reads of the tree builder core (set by its _init_core).
    sink: TreeSink
    open_elements: list[Any]
    _positions: dict[str, list[int]]
    _on_stack: set[int]

    def _init_select(self) -> None:
        self._selects: dict[int, _SelectState] = {}
        # id(option or selectedcontent) -> ((selectedcontent, generation), ...):
        # the selectedcontent ancestors a node had when it was inserted, and
        # how many times each had been emptied by then.
        self._inside_selectedcontent: dict[int, tuple[tuple[Any, int], ...]] = {}
        self._generations: dict[int, int] = {}      # id(selectedcontent) -> clones into it
        self._disabled_selectedcontent: set[int] = set()
        # Stack entries that a clone detached from the tree: they end walks.
        self._detached_ids: set[int] = set()
        self._detached_positions: list[int] = []

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
        return self.open_elements[select]

    # Insertion steps ---------------------------------------------------------

    def _select_inserted(self, select: Any) -> None:
        self._selects[id(select)] = _SelectState(select)

    def _marks(self, top: int) -> tuple[tuple[Any, int], ...]:
        """The selectedcontent elements among the ancestors of a node whose
        parent is at stack position ``top``, with their clone counts."""
        positions = self._positions.get("selectedcontent")
        if not positions:
            return ()
        root = self._root_below(top)
        stack = self.open_elements
        generations = self._generations
        return tuple((stack[p], generations.get(id(stack[p]), 0))
                     for p in positions if root < p <= top)

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
        top = len(self.open_elements) - 2  # the option itself is on top
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
        # is present."
        disabled = "disabled" in option.attrs
        if not disabled:
            parent = self.sink.parent(option)
            disabled = (parent is not None and getattr(parent, "local_name", None) == "optgroup"
                        and parent.namespace == HTML and "disabled" in parent.attrs)
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
        top = len(self.open_elements) - 2
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
        state = self._selects.get(id(self.open_elements[select_position]))
        if state is None:
            return
        state.selectedcontents.append(selectedcontent)
        if not disabled and not state.multiple and state.selected is not None:
            self._clone_option(state.selected, selectedcontent, state)

    # Popping an option -------------------------------------------------------

    def _option_popped(self, option: Any) -> None:
        """Maybe clone an option into selectedcontent (§4.10.10), run when an
        option is popped off the stack of open elements (it has just been
        taken off: its parent is the new top of the stack)."""
        select = self._nearest_select(len(self.open_elements) - 1)
        if select is None:
            return
        state = self._selects.get(id(select))
        if state is None or state.selected is not option:
            return
        target = self._enabled_selectedcontent(state)
        if target is not None:
            self._clone_option(option, target, state)

    def _enabled_selectedcontent(self, state: _SelectState) -> Any:
        """Get a select's enabled selectedcontent: null with multiple;
        otherwise its first selectedcontent descendant, unless that one is
        disabled."""
        if state.multiple:
            return None
        for selectedcontent in state.selectedcontents:
            if not self._is_detached(selectedcontent):
                if id(selectedcontent) in self._disabled_selectedcontent:
                    return None
                return selectedcontent
        return None

    def _clone_option(self, option: Any, selectedcontent: Any, state: _SelectState) -> None:
        """Clone an option into a selectedcontent: copies of the option's
        children (taken before anything changes) replace the children of
        the selectedcontent (``option`` None: no option is selected, and the
        selectedcontent is emptied)."""
        self.sink.clone_children(option, selectedcontent)
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
                    self._detached_positions.append(position + 1)
                    self._detached_positions.sort()
        if state.selected is not None and self._is_detached(state.selected):
            # The selected option left the list of options (it was inside
            # the selectedcontent): the selectedness setting algorithm picks
            # the first remaining option that is not disabled, and the
            # selectedcontent shows that one, or nothing (as Chromium does
            # when a select's selected option changes; the option removed
            # here cannot come back, so this ends).
            state.selected = None
            if state.display_size_one:
                candidates = state.candidates
                while state.start < len(candidates):
                    candidate = candidates[state.start]
                    if not self._is_detached(candidate):
                        state.selected = candidate
                        break
                    state.start += 1
            target = self._enabled_selectedcontent(state)
            if target is not None:
                if state.selected is not None:
                    self._clone_option(state.selected, target, state)
                else:
                    self._clone_option(None, target, state)

    # Keeping the detached positions in step with the stack -------------------

    def _forget_detached_above(self, height: int) -> None:
        """The stack shrank to ``height``: detached entries at or above it
        are gone."""
        positions = self._detached_positions
        stack = self.open_elements
        while positions and positions[-1] >= height:
            position = positions.pop()
            # The node that was there (only its identity is kept).
            self._detached_ids.discard(id(stack[position]) if position < len(stack) else None)
