"""Tree construction (§13.2.6): the machinery the insertion modes share.

The stack of open elements with its scope checks, the list of active
formatting elements (with the Noah's Ark clause), the appropriate place for
inserting a node (with foster parenting), generating implied end tags, the
adoption agency algorithm and resetting the insertion mode.  The insertion
modes themselves are in :mod:`.modes`.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Collection
from typing import Any

from ...dom import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from ...errors import ParseError
from ...locations import Span
from ...tokens import Comment, ProcessingInstruction, StartTag
from .. import constants as C
from ..states import State
from ..tokenizer import Tokenizer
from ..tokenizer.core import LocatedToken
from .select import SelectednessMixin
from .sink import TreeSink

HTML = HTML_NAMESPACE
SVG = SVG_NAMESPACE
#: ASCII whitespace, as the insertion modes split text on it.
_WS = "\t\n\f\r "
#: A character reference that may stand for whitespace (see
#: TreeBuilderCore._source_after).
_WHITESPACE_REFERENCE = re.compile(r"&(?:#[xX][0-9a-fA-F]+;?|#[0-9]+;?|Tab;|NewLine;)").match
MATHML = MATHML_NAMESPACE

#: The list of active formatting elements' marker.
MARKER = None

#: What Noah's Ark compares: a formatting element's tag name and attributes
#: (the tag name alone for an element without attributes).
_Kind = str | tuple[str, frozenset[tuple[str, str]]]

#: The reconstruction limit (see
#: :meth:`TreeBuilderCore._reconstruct_active_formatting`): over a parse,
#: the elements that "reconstruct the active formatting elements" creates
#: may copy at most ``RECONSTRUCTION_ALLOWANCE`` characters plus
#: ``RECONSTRUCTION_PER_CHARACTER`` for each character of the input read so
#: far, a copy's size being :func:`copy_size`.
RECONSTRUCTION_ALLOWANCE = 1 << 16
RECONSTRUCTION_PER_CHARACTER = 1

#: What TreeBuilderCore._token_end holds while the tokenizer offers text, or
#: a tag or comment, without a token (see HTMLParser.direct_text): the end
#: is asked of the tokenizer when needed, for a parse error's position or
#: the reconstruction limit (the data state's loop working it out for every
#: token cost 3% of a parse).
DIRECT_TEXT_END = -2
DIRECT_TAG_END = -1


def copy_size(element: Any) -> int:
    """The characters a copy of ``element`` takes, for the reconstruction
    limit: its tag name and each attribute's name and value, plus one for
    the element and one for each attribute (about the length of its start
    tag, which is what a copy adds to the document's serialization)."""
    size = 1 + len(element.local_name)
    for name, value in element.attrs.items():
        size += 1 + len(name) + len(value)
    return size


def _place_in(entries: list[Any], entry: Any) -> int:
    """The index of ``entry`` in ``entries`` (three at most), by identity:
    elements of another tree may compare equal otherwise."""
    for i, other in enumerate(entries):
        if other is entry:
            return i
    raise ValueError("not an entry")  # (never: the indexes hold every entry)


class _AfeSection:
    """The indexes of one section of the list of active formatting elements
    (see TreeBuilderCore._init_core): the entries of each kind in list
    order, for the names in ``kinded``; the entries of each name in list
    order, with entries since removed among them (skipped, and dropped once
    they are last); and each entry's place in its name's list."""

    __slots__ = ("kinded", "kinds", "named", "places")

    def __init__(self) -> None:
        self.kinds: dict[_Kind, list[Any]] = {}
        self.kinded: set[str] = set()
        self.named: dict[str, list[Any]] = {}
        self.places: dict[int, int] = {}


#: The HTML elements the rules ask "is it on the stack of open elements?"
#: about by identity, not by name: the entries of the list of active
#: formatting elements (formatting elements only), the head element pointer
#: (which "after head" pushes for a start tag of the head's and then
#: removes), the form element pointer, and a selectedcontent element being
#: cloned into; and the elements below the current node that text can still
#: go into, which the DOM sink asks about between chunks (see
#: DomSink.flush_finished_text): tables, table sections and rows (foster
#: parenting), templates (their contents) and the html element (whose
#: whitespace after the head goes on when an element that "after head" put
#: into the head is closed).  Only these are in TreeBuilderCore._on_stack:
#: keeping every element's identity there cost 2.6% of a parse.
#: HTML §4.10.2 "form-associated elements" (the parser associates them with
#: the form element pointer's form; see _associate_with_form).
_FORM_ASSOCIATED = frozenset({"button", "fieldset", "input", "object", "output", "select",
                              "textarea", "img"})
_ASKED_BY_IDENTITY = C.FORMATTING | {"head", "form", "selectedcontent", "table", "tbody",
                                     "thead", "tfoot", "tr", "template", "html"}

#: The gap between the positions of consecutive entries pushed onto the list
#: of active formatting elements (TreeBuilderCore._afe_positions): room for
#: 64 entries moved into the middle of the last gap before the list is
#: numbered afresh.
_AFE_GAP = 1 << 64

#: The elements whose insertion runs select steps (see .select).
_SELECT_STEPS = frozenset({"select", "option", "selectedcontent"})

_TABLE_FOSTER_TARGETS = frozenset({"table", "tbody", "tfoot", "thead", "tr"})

#: The scopes of "has an element in ... scope" and their boundary elements.
_SCOPES = {"scope": C.SCOPE, "list item": C.LIST_ITEM_SCOPE, "button": C.BUTTON_SCOPE,
           "table": C.TABLE_SCOPE}
#: Two walks down the stack of open elements that stop at the first element
#: of a set, indexed as the scopes are (a walk over the elements above cost
#: O(depth) each time: ``<span>`` x N + ``<table></table>`` x N was
#: quadratic): the loop of the "li", "dd" and "dt" start tags, which stops
#: at a special element other than address, div and p (the items it looks
#: for are special too), and "reset the insertion mode appropriately",
#: which passes over the elements it has no rule for.  (The void elements
#: are left out of the first set: every rule that inserts one pops it at
#: once, so no walk meets one, and their pushes need not be indexed.)
_WALK_STOPS = {
    "list item loop": C.SPECIAL - {(HTML, "address"), (HTML, "div"), (HTML, "p")}
    - {(HTML, name) for name in C.VOID_ELEMENTS},
    "reset": frozenset((HTML, name) for name in (
        "td", "th", "tr", "tbody", "thead", "tfoot", "caption", "colgroup", "table",
        "template", "head", "body", "frameset", "html")),
}
#: The elements that may still be open when body ends (at the end of file,
#: and for the "body" and "html" end tags in body): any other open element
#: is a parse error.  Indexed as the scopes are, so that the question is a
#: count (the stack's height against this key's entries); asked by a walk
#: over the stack, ``<rb>`` x N + ``</body>`` x N was quadratic (58 s at
#: 440 KB), these elements being the ones that let the walk go on.
BODY_END_OK = frozenset({"dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc",
                         "tbody", "td", "tfoot", "th", "thead", "tr", "body", "html", "template"})
_COUNTED = {"body end ok": frozenset((HTML, name) for name in BODY_END_OK)}
#: Every key of the indexes of boundary elements (``_boundaries``).
_SCOPE_KEYS = (*_SCOPES, *_WALK_STOPS, *_COUNTED)
#: (namespace, local name) -> the scopes (walks, counts) it is indexed for.
_BOUNDARY_KEYS: dict[tuple[str, str], tuple[str, ...]] = {}
for _key, _members in (*_SCOPES.items(), *_WALK_STOPS.items(), *_COUNTED.items()):
    for _member in _members:
        _BOUNDARY_KEYS[_member] = _BOUNDARY_KEYS.get(_member, ()) + (_key,)
_HTML_BOUNDARY_KEYS = {name: keys for (ns, name), keys in _BOUNDARY_KEYS.items() if ns == HTML}


class TreeBuilderCore(SelectednessMixin):
    """State and algorithms shared by the insertion modes."""

    #: The confidence of the encoding (the parser's; "tentative" makes a
    #: meta element in head call :meth:`_meta_encoding`; set by the parser).
    encoding_confidence: str | None

    __slots__ = ("sink", "tokenizer", "scripting", "mode", "original_mode", "template_modes",
                 "open_elements", "active_formatting", "head_element", "form_element",
                 "frameset_ok", "foster_parenting", "context", "pending_table_text", "errors",
                 "encoding_confidence", "_virtual", "_positions", "_boundaries",
                 "_foreign_positions", "_run_starts", "_on_stack", "_afe_kinds", "_afe_dead",
                 "_afe_positions", "_afe_position_of",
                 "_afe_sections", "_frameset_ok_at_template", "_token_end",
                 "reconstruction_limit", "_copied", "_locating", "_located", "_text_override",
                 "_table_text_span", "_chunk_starts", "_associate_form")

    def _init_core(self, sink: TreeSink, tokenizer: Tokenizer, scripting: bool,
                   reconstruction_limit: bool = True) -> None:
        self.sink = sink
        self.tokenizer = tokenizer
        self.scripting = scripting
        #: The sink's ``associate_form(element, form)``, if it has one (an
        #: optional part of the sink interface; see _associate_with_form).
        self._associate_form: Any = getattr(sink, "associate_form", None)
        #: Whether the reconstruction limit applies (see
        #: _reconstruct_active_formatting); ``_copied`` counts the characters
        #: reconstruction has copied so far (copy_size).
        self.reconstruction_limit = reconstruction_limit
        self._copied = 0
        self.open_elements: list[Any] = []
        # Indexes over the stack of open elements, so that scope checks and
        # "is on the stack" are O(1) whatever the depth: the stack positions
        # of the HTML elements by name, of each scope's boundary elements,
        # and the identities of the elements on the stack that the rules ask
        # about by identity (_ASKED_BY_IDENTITY).
        #
        # A stack position in the indexes is an entry's index in the list
        # until the adoption agency algorithm first removes entries from
        # below others (its inner loop and step 4.19).  Moving every entry
        # above down in the indexes made that algorithm quadratic on
        # '<b>' + '<span><div>' x N + '</b>' x N, so from then on the
        # positions are *virtual*: they only grow up the stack, the entries
        # above keep theirs, and ``_virtual`` holds each entry's position
        # (list index -> virtual position; ``_real`` and ``_virtual_of``
        # translate).  Scope checks only compare positions, which the
        # order keeps valid.  A name's list of positions may be empty (no
        # such element is open).
        self._virtual: list[int] | None = None
        self._positions: dict[str, list[int]] = {}
        self._boundaries: dict[str, list[int]] = {key: [] for key in _SCOPE_KEYS}
        self._on_stack: set[int] = set()
        # The same for the foreign (SVG, MathML) elements, for the end tag
        # rule of foreign content: their stack positions by ASCII-lowercased
        # local name, and the positions where a run starts, a run being a
        # stretch of foreign elements with no HTML element between them (the
        # entry below a run's start is an HTML element, or there is none).
        self._foreign_positions: dict[str, list[int]] = {}
        self._run_starts: list[int] = []
        self.active_formatting: list[Any] = []  # elements and MARKER (None)
        # Indexes over the list of active formatting elements, so that its
        # lookups need not walk it, which was quadratic on many formatting
        # elements left open with distinct attributes (the list grows with the
        # input): the kind (tag name and attributes) of each element in it, by
        # identity; and for each section of the list (the entries after a
        # marker, or before the first) the entries of each kind in list order
        # (three at most: Noah's Ark) and those of each name (_AfeSection), so
        # that the earliest of a kind and the last of a name are at hand.  A
        # name's kinds are made and indexed only once an entry of it is pushed
        # with three of that name in the section's list of the name (until
        # then Noah's Ark cannot apply; the kind is None): most formatting
        # elements, <a href=...> above all, are pushed and removed alone, and
        # a set of attributes is costly to make and hash (3.5% of a parse on
        # the corpus).  An element's place in the list is found from its
        # position (_afe_index): positions grow along the list, with gaps,
        # one for each entry in _afe_positions (markers and discarded
        # entries too) and one for each element in _afe_position_of (a walk
        # back from the end passed every entry after the element, which
        # need not be few: '</b>' x N below N entries that a '</div>' closed
        # walked N x N).  An entry Noah's Ark removes is taken out of its
        # kind's index and _afe_kinds at once (its name's list drops it once
        # it is last there, _afe_last_named) but out of the list itself lazily
        # (its id is in _afe_dead; readers skip it): finding its place would
        # walk the list.  The list never ends with such an entry (_afe_trim),
        # and is rebuilt without them once they are half of it.  Entries are
        # only ever added to and removed from the last section: pushes and
        # markers go at the end; the adoption agency algorithm's formatting
        # element is after the last marker, and the nodes it removes from the
        # list are above that element on the stack, and so entered the list
        # after it (reconstruction stops at a marker, and step 4.19 moves only
        # the formatting element's replacement up).  An entry replaced by a new
        # element keeps its kind and its place among its kind and its name
        # (the new element is made for the same token; the adoption agency's
        # new formatting element is still the last of its name).  HTML elements
        # only: no namespace.
        self._afe_kinds: dict[int, _Kind | None] = {}
        self._afe_positions: list[int] = []
        self._afe_position_of: dict[int, int] = {}
        self._afe_dead: set[int] = set()
        self._afe_sections: list[_AfeSection] = [_AfeSection()]
        self.template_modes: list[str] = []
        self.mode = "initial"
        self.original_mode = "initial"
        self.head_element: Any = None
        self.form_element: Any = None
        self.frameset_ok = True
        self._frameset_ok_at_template: list[bool] = []  # saved at each template start
        self.foster_parenting = False
        self.context: Any = None  # the context element in the fragment case
        self.pending_table_text: list[str] = []
        self.errors: list[ParseError] = []
        # The stream offset just past the token being handled, or for one
        # the tokenizer offers directly (HTMLParser.direct_text ...), one of
        # the DIRECT_*_END values: _end_of_token asks the tokenizer.
        self._token_end = 0
        # Source locations (see "Source locations" below), when _locating:
        # the token being handled (its span, its text or end tag name; the
        # parser shares it with the tokenizer and the sink), and the span
        # of text inserted for several tokens at once (the table text),
        # with the span of the pending table text.
        self._locating = False
        self._located = LocatedToken(tokenizer._positions)
        self._text_override: Span | None = None
        self._table_text_span: tuple[int, int] | None = None
        self._chunk_starts: list[int] = [0]  # (see _source_window)
        self._init_select()

    def _meta_encoding(self, attrs: dict[str, str]) -> None:
        """A meta element was inserted in head while the encoding's
        confidence is tentative: :class:`~markup5.html.parser.HTMLParser`
        checks whether it changes the encoding (§13.2.3.4)."""

    # Errors ----------------------------------------------------------------

    def _error(self, code: str) -> None:
        """A tree construction parse error, located at the last character of
        the token being handled (at the end of input for EOF)."""
        end = self._end_of_token()
        self.errors.append(ParseError(code, end - 1 if end > 0 else 0, self.tokenizer._positions))

    def _end_of_token(self) -> int:
        """The stream offset just past the token being handled."""
        end = self._token_end
        if end < 0:  # a token the tokenizer offered directly: it knows the end
            end = self.tokenizer.direct_token_end(end == DIRECT_TEXT_END)
        return end

    # Source locations ------------------------------------------------------
    #
    # With source locations on, each token's span is worked out before it
    # is handled (_located, a LocatedToken, which the tokenizer shares:
    # it notes the tokens it offers without making them, _push_text the
    # others): it starts where the token before it ended, unless the
    # tokenizer consumed input with no token and no pending text in
    # between (a gap: "</>", an empty CDATA section), and ends at the
    # offset the tokenizer gives.  The nodes made for the token get the
    # span: elements inserted for a start tag (not those the rules make
    # without one: _insert_implied_element, reconstruction, the adoption
    # agency's copies), comments, processing instructions, the DOCTYPE,
    # and text (_text_span: the part of the token's text that was
    # inserted).  An element popped while an end tag token of its name is
    # handled gets the end tag's span (_close_location, which _pop
    # calls).

    def _close_location(self, element: Any) -> None:
        """``element`` leaves the stack of open elements while an end tag
        token is handled: if the tag is of its name, its span (the token's
        markup5.locations.Span, as it is) is the element's end tag
        location."""
        located = self._located
        name = located.end_tag_name
        if name is None:
            return
        local_name = element.local_name
        if local_name != name and local_name.lower() != name:
            return
        element._end_location = located.span

    def _text_span(self, data: str) -> Span:
        """The span of the source that ``data``, inserted as text for the
        token being handled, came from: the whole token's, or the part of
        it that ``data`` is (leading whitespace split off by the rules, the
        rest after it, a newline dropped after ``<pre>``; the whitespace of
        text in a frameset, from the first to the last)."""
        override = self._text_override
        if override is not None:
            return override
        located = self._located
        token = located.text
        if token is None or data == token:
            span: Span = located.span
            return span
        start, end, positions = located.span
        # The part of the token's text that data is, from index ``first``
        # up to ``last``.
        size = len(token)
        if not data.strip(_WS):  # whitespace: the leading run, or the only run
            rest = token.lstrip(_WS)
            lead = size - len(rest)
            if lead == len(data):
                first, last = 0, lead
            elif not rest.strip(_WS) and token.endswith(data):
                first, last = size - len(data), size  # (a newline dropped from the front)
            else:  # (the whitespace of a frameset's text)
                first = 0
                while first < size and token[first] not in _WS:
                    first += 1
                last = size
                while last > first and token[last - 1] not in _WS:
                    last -= 1
        elif token.endswith(data):
            first, last = size - len(data), size
        elif token.startswith(data):
            first, last = 0, len(data)
        else:  # (NULL dropped: the whole token)
            return start, end, positions
        if end - start == size:  # the source is the text as it is
            return start + first, start + last, positions
        # Character references (or "</>") in the source: read it.
        return (start if first == 0 else self._source_after(start, first),
                end if last == size else self._source_after(start, last), positions)

    def _source_after(self, offset: int, count: int) -> int:
        """The stream offset just past ``count`` characters of text whose
        source starts at ``offset``, read from the source: a character
        reference for whitespace (the only characters the rules split text
        on, but for the frameset's) counts as one, and ``</>`` (which makes
        no token) as none."""
        # The source from ``offset`` on, in a window that grows as needed
        # (the stream is kept in chunks; joining them all for each call
        # would cost the whole input each time).
        window = 16 * count + 64
        while True:
            source, base = self._source_window(offset, window)
            position = offset - base
            size = len(source)
            left = count
            while left > 0 and position < size:
                if source.startswith("</>", position):
                    position += 3
                    continue
                if source[position] == "&":
                    m = _WHITESPACE_REFERENCE(source, position)
                    position = position + 1 if m is None else m.end()
                else:
                    position += 1
                left -= 1
            while source.startswith("</>", position):
                position += 3
            if position < size - 16 or base + size >= self._chunk_starts[-1]:
                return base + position
            window *= 4  # (the window ended too soon to tell)

    def _source_window(self, offset: int, size: int) -> tuple[str, int]:
        """At least ``size`` characters of the source from ``offset`` (fewer
        at its end), and the stream offset where the returned text starts."""
        chunks = self.tokenizer._positions._chunks
        starts = self._chunk_starts
        while len(starts) <= len(chunks):  # (starts[i]: where chunk i begins)
            starts.append(starts[-1] + len(chunks[len(starts) - 1]))
        i = bisect_left(starts, offset + 1) - 1  # the chunk holding offset
        if i >= len(chunks):
            return "", offset
        base = starts[i]
        j = i
        while j + 1 < len(chunks) and starts[j + 1] < offset + size:
            j += 1
        return (chunks[i] if i == j else "".join(chunks[i:j + 1])), base

    def _insert_implied_element(self, name: str) -> Any:
        """Insert an HTML element that the rules make without a start tag
        token of its own ("insert an HTML element for a 'tbody' start tag
        token with no attributes", ...): no source location."""
        element = self._insert_html_element(name, {})
        if self._locating:
            del element._location
        return element

    # The stack of open elements -------------------------------------------

    @property
    def current_node(self) -> Any:
        return self.open_elements[-1] if self.open_elements else None

    @property
    def adjusted_current_node(self) -> Any:
        if self.context is not None and len(self.open_elements) == 1:
            return self.context
        return self.open_elements[-1] if self.open_elements else None

    def _push(self, node: Any) -> None:
        """Push onto the stack of open elements (keeping the indexes)."""
        stack = self.open_elements
        virtual = self._virtual
        if virtual is None:
            index = len(stack)
        else:
            index = virtual[-1] + 1 if virtual else 0
            virtual.append(index)
        stack.append(node)
        name = node.local_name
        if node.namespace == HTML:
            positions = self._positions.get(name)
            if positions is None:
                self._positions[name] = [index]
            else:
                positions.append(index)
            keys = _HTML_BOUNDARY_KEYS.get(name)
            if name in _ASKED_BY_IDENTITY:
                self._on_stack.add(id(node))
        else:
            keys = _BOUNDARY_KEYS.get((node.namespace, name))
            lowered = name.lower()
            positions = self._foreign_positions.get(lowered)
            if positions is None:
                self._foreign_positions[lowered] = [index]
            else:
                positions.append(index)
            if len(stack) == 1 or stack[-2].namespace == HTML:
                self._run_starts.append(index)
        if keys is not None:
            for key in keys:
                self._boundaries[key].append(index)
        if self._detached_ids and id(node) in self._detached_ids:
            self._detached_positions.append(index)

    def _pop(self) -> Any:
        """Pop the current node (running "maybe clone an option into
        selectedcontent" for option elements)."""
        stack = self.open_elements
        node = stack.pop()
        if self._locating and self._located.end_tag_name is not None:
            self._close_location(node)  # (an end tag token is being handled)
        name = node.local_name
        virtual = self._virtual
        position = len(stack) if virtual is None else virtual.pop()
        if self._detached_positions and self._detached_positions[-1] >= position:
            self._detached_positions.pop()
            self._detached_ids.discard(id(node))
        if node.namespace == HTML:
            self._positions[name].pop()  # (an empty list stays: the name comes back)
            keys = _HTML_BOUNDARY_KEYS.get(name)
            if name in _ASKED_BY_IDENTITY:
                self._on_stack.discard(id(node))
            if name == "option" and self._selects:
                self._option_popped(node)
        else:
            keys = _BOUNDARY_KEYS.get((node.namespace, name))
            self._unindex_foreign(name, position)
        if keys is not None:
            for key in keys:
                self._boundaries[key].pop()
        return node

    def _unindex_foreign(self, name: str, position: int) -> None:
        """Take the topmost foreign element, ``name`` at ``position``, out
        of the foreign indexes (it is being popped or unindexed)."""
        lowered = name.lower()
        positions = self._foreign_positions[lowered]
        positions.pop()
        if not positions:
            del self._foreign_positions[lowered]
        starts = self._run_starts
        if starts and starts[-1] == position:
            starts.pop()

    def _unindex_from(self, start: int) -> None:
        """Take the elements at ``start`` and above out of the indexes,
        before the stack is changed there (the adoption agency algorithm,
        removing a node); :meth:`_index_from` puts them back.  The cost is
        the height above ``start``, which those algorithms walk anyway."""
        stack = self.open_elements
        positions = self._positions
        boundaries = self._boundaries
        detached = self._detached_positions
        first = self._virtual_of(start)
        while detached and detached[-1] >= first:
            detached.pop()  # put back by _push for the entries still there
        for index in range(len(stack) - 1, start - 1, -1):
            node = stack[index]
            self._on_stack.discard(id(node))
            if node.namespace == HTML:
                named = positions[node.local_name]
                named.pop()
                if not named:
                    del positions[node.local_name]
            else:
                self._unindex_foreign(node.local_name, self._virtual_of(index))
            keys = _BOUNDARY_KEYS.get((node.namespace, node.local_name))
            if keys is not None:
                for key in keys:
                    boundaries[key].pop()

    def _unindex_region(self, start: int, region: list[int]) -> None:
        """Take the entries from list index ``start`` up, at the positions
        ``region``, out of the indexes, leaving the entries above indexed
        where they are (the adoption agency algorithm's region, from the
        formatting element to the furthest block).

        The region holds HTML elements only: a foreign element between the
        formatting element and the furthest block would have only foreign
        elements above it, so the furthest block would be an SVG or MathML
        integration point, which bounds every scope, and the algorithm
        stops at step 4.5.  None of its entries stays detached: the
        furthest block (with its new parent chain) goes into the common
        ancestor at step 4.14, and a walk up from inside it goes on there;
        the other entries leave the stack or are new elements."""
        stack = self.open_elements
        positions = self._positions
        boundaries = self._boundaries
        detached = self._detached_positions
        if detached and detached[-1] >= region[0]:
            del detached[bisect_left(detached, region[0]):bisect_left(detached, region[-1] + 1)]
        for index, position in enumerate(region, start):
            node = stack[index]
            self._on_stack.discard(id(node))
            self._detached_ids.discard(id(node))
            name = node.local_name
            named = positions[name]
            del named[bisect_left(named, position)]
            if not named:
                del positions[name]
            keys = _HTML_BOUNDARY_KEYS.get(name)
            if keys is not None:
                for key in keys:
                    entries = boundaries[key]
                    del entries[bisect_left(entries, position)]

    def _index_region(self, start: int, region: list[int]) -> None:
        """Index the (HTML) entries from list index ``start`` up at the
        positions ``region``, among the indexed entries below and above
        (the inverse of :meth:`_unindex_region`)."""
        stack = self.open_elements
        positions = self._positions
        boundaries = self._boundaries
        for index, position in enumerate(region, start):
            node = stack[index]
            name = node.local_name
            if name in _ASKED_BY_IDENTITY:
                self._on_stack.add(id(node))
            named = positions.get(name)
            if named is None:
                positions[name] = [position]
            else:
                insort(named, position)
            keys = _HTML_BOUNDARY_KEYS.get(name)
            if keys is not None:
                for key in keys:
                    insort(boundaries[key], position)

    def _index_from(self, start: int) -> None:
        """Index the elements at ``start`` and above again (see
        :meth:`_unindex_from`)."""
        stack = self.open_elements
        tail = stack[start:]
        del stack[start:]
        if self._virtual is not None:
            del self._virtual[start:]
        for node in tail:
            self._push(node)

    def _pop_until(self, name: str) -> None:
        """Pop elements until an HTML element ``name`` has been popped."""
        while self.open_elements:
            node = self._pop()
            if node.local_name == name and node.namespace == HTML:
                return

    def _pop_until_one_of(self, names: Collection[str]) -> None:
        while self.open_elements:
            node = self._pop()
            if node.local_name in names and node.namespace == HTML:
                return

    def _remove_from_stack(self, node: Any) -> None:
        if id(node) not in self._on_stack:
            return
        stack = self.open_elements
        if stack[-1] is node:
            self._pop()
            return
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is node:
                if self._locating:
                    self._close_location(node)
                self._unindex_from(i)
                del stack[i]
                self._detached_ids.discard(id(node))
                self._index_from(i)
                return

    def _in_stack(self, node: Any) -> bool:
        return id(node) in self._on_stack

    def _has_in_scope(self, name: str, scope: str = "scope") -> bool:
        """"Has an element in scope" for an HTML element ``name``; ``scope``
        is "scope", "list item", "button" or "table"."""
        positions = self._positions.get(name)
        if not positions:
            return False
        boundaries = self._boundaries[scope]
        return not boundaries or positions[-1] >= boundaries[-1]

    def _position_of(self, node: Any) -> int:
        """The stack position of ``node``, an HTML element on the stack
        (found among the positions of its name, from the top)."""
        stack = self.open_elements
        for position in reversed(self._positions[node.local_name]):
            index = self._real(position)
            if stack[index] is node:
                return index
        raise ValueError("not on the stack of open elements")  # (never: callers check)

    def _has_node_in_scope(self, target: Any, scope: str = "scope") -> bool:
        positions = self._positions.get(target.local_name)
        if not positions or id(target) not in self._on_stack:
            return False
        stack = self.open_elements
        for position in reversed(positions):
            if stack[self._real(position)] is target:
                boundaries = self._boundaries[scope]
                return not boundaries or position >= boundaries[-1]
        return False

    def _has_any_in_scope(self, names: Collection[str], scope: str = "scope") -> bool:
        top = -1
        for name in names:
            positions = self._positions.get(name)
            if positions and positions[-1] > top:
                top = positions[-1]
        if top < 0:
            return False
        boundaries = self._boundaries[scope]
        return not boundaries or top >= boundaries[-1]

    def _has_in_table_scope(self, name: str) -> bool:
        return self._has_in_scope(name, "table")

    def _has_in_button_scope(self, name: str) -> bool:
        # _has_in_scope(name, "button") written out: the block elements'
        # start tags ask it ("close a p element") for most elements.
        positions = self._positions.get(name)
        if not positions:
            return False
        boundaries = self._boundaries["button"]
        return not boundaries or positions[-1] >= boundaries[-1]

    def _has_in_list_item_scope(self, name: str) -> bool:
        return self._has_in_scope(name, "list item")

    def _last_on_stack(self, name: str) -> int:
        """Stack position of the last HTML element ``name`` (-1 if none)."""
        positions = self._positions.get(name)
        return positions[-1] if positions else -1

    def _current_is(self, name: str) -> bool:
        node = self.current_node
        return node is not None and node.local_name == name and node.namespace == HTML

    def _generate_implied_end_tags(self, exclude: str | None = None) -> None:
        """Generate implied end tags (except for ``exclude``)."""
        stack = self.open_elements
        while stack:
            node = stack[-1]
            if node.namespace != HTML or node.local_name not in C.IMPLIED_END_TAGS \
                    or node.local_name == exclude:
                return
            self._pop()

    def _generate_all_implied_end_tags_thoroughly(self) -> None:
        stack = self.open_elements
        while stack and stack[-1].namespace == HTML and \
                stack[-1].local_name in C.IMPLIED_END_TAGS_THOROUGHLY:
            self._pop()

    def _close_p_element(self) -> None:
        """Close a p element."""
        self._generate_implied_end_tags("p")
        if not self._current_is("p"):
            self._error("unexpected-p-close")
        self._pop_until("p")

    def _clear_stack_back_to(self, names: Collection[str]) -> None:
        """Clear the stack back to a table / table body / table row context."""
        stack = self.open_elements
        while stack and not (stack[-1].namespace == HTML and stack[-1].local_name in names):
            self._pop()

    # The list of active formatting elements --------------------------------

    def _push_active_formatting(self, element: Any) -> None:
        """Push onto the list of active formatting elements (Noah's Ark: at
        most three elements with the same tag name and attributes after the
        last marker; the earliest goes)."""
        name = element.local_name
        key = id(element)
        section = self._afe_sections[-1]
        named = section.named.get(name)
        if named is None:
            named = section.named[name] = []
        if name in section.kinded:
            self._afe_push_kind(section, element)
        elif len(named) >= 3:
            # Three or more entries of this name may be in the section (some
            # of those in its name's list may be gone): from now on its
            # entries are indexed by kind.
            section.kinded.add(name)
            kinds = self._afe_kinds
            for entry in named:
                if id(entry) in kinds:
                    self._afe_push_kind(section, entry)
            self._afe_push_kind(section, element)
        else:
            # (Fewer than three of its name, so fewer than three of its
            # kind: Noah's Ark has nothing to remove, and the kind, whose
            # set of attributes is costly to make and hash, is not needed.)
            self._afe_kinds[key] = None
        self.active_formatting.append(element)
        positions = self._afe_positions
        position = positions[-1] + _AFE_GAP if positions else 0
        positions.append(position)
        self._afe_position_of[key] = position
        section.places[key] = len(named)
        named.append(element)

    def _afe_push_kind(self, section: _AfeSection, element: Any) -> None:
        """Enter ``element``, the last of its name in ``section`` so far,
        into the index by kind, removing the earliest of its kind if there
        are three already (Noah's Ark)."""
        attrs = element.attrs
        # (An element without attributes is of the kind its name alone
        # names: no set of attributes to make and hash.)
        kind = (element.local_name, frozenset(attrs.items())) if attrs else element.local_name
        same = section.kinds.get(kind)
        if same is None:
            section.kinds[kind] = [element]
        else:
            if len(same) >= 3:
                self._afe_discard(same[0])  # the earliest of the three
            same.append(element)
        self._afe_kinds[id(element)] = kind

    def _insert_marker(self) -> None:
        """Insert a marker at the end of the list of active formatting
        elements (a new section begins)."""
        self.active_formatting.append(MARKER)
        positions = self._afe_positions
        positions.append(positions[-1] + _AFE_GAP if positions else 0)
        self._afe_sections.append(_AfeSection())

    def _afe_last_named(self, name: str) -> Any:
        """The last element ``name`` in the list after the last marker, or
        None."""
        section = self._afe_sections[-1]
        named = section.named.get(name)
        if not named:
            return None
        kinds = self._afe_kinds
        while named:
            element = named[-1]
            if id(element) in kinds:
                return element
            named.pop()  # removed from the list since (its id is not reused: it is here)
            del section.places[id(element)]
        return None

    def _afe_forget(self, entry: Any) -> None:
        """Take an element entry of the last section out of the indexes
        (its name's list drops it now if it is last there, else once it is
        last: see _afe_last_named)."""
        key = id(entry)
        kind = self._afe_kinds.pop(key)
        del self._afe_position_of[key]
        section = self._afe_sections[-1]
        if kind is not None:
            kinds = section.kinds
            same = kinds[kind]
            if len(same) == 1:  # (usually: the only one of its kind)
                del kinds[kind]
            else:
                del same[_place_in(same, entry)]
        named = section.named[entry.local_name]
        if named[-1] is entry:  # (usually: the last of its name, as it is in the list)
            named.pop()
            del section.places[key]

    def _afe_discard(self, entry: Any) -> None:
        """Remove an element entry, not the last, without finding its
        place: it stays in the list, skipped, until the list is rebuilt
        without such entries (once they are half of it; nobody holds a
        position in the list when Noah's Ark runs)."""
        self._afe_forget(entry)
        dead = self._afe_dead
        dead.add(id(entry))
        afe = self.active_formatting
        if 2 * len(dead) > len(afe):
            self._afe_drop_dead(0)

    def _afe_drop_dead(self, start: int) -> None:
        """Take the discarded entries from ``start`` on out of the list (and
        their positions with them)."""
        afe = self.active_formatting
        dead = self._afe_dead
        kept = [i for i in range(start, len(afe)) if id(afe[i]) not in dead]
        if len(kept) < len(afe) - start:
            for entry in afe[start:]:
                dead.discard(id(entry))
            positions = self._afe_positions
            positions[start:] = [positions[i] for i in kept]
            afe[start:] = [afe[i] for i in kept]

    def _afe_trim(self) -> None:
        """Drop discarded entries from the end of the list."""
        afe = self.active_formatting
        dead = self._afe_dead
        while dead and afe and id(afe[-1]) in dead:
            dead.discard(id(afe.pop()))
            self._afe_positions.pop()

    def _afe_remove(self, index: int) -> None:
        """Remove the entry at ``index`` (after the last marker) from the
        list of active formatting elements."""
        self._afe_forget(self.active_formatting.pop(index))
        self._afe_positions.pop(index)
        if self._afe_dead:
            self._afe_trim()

    def _afe_renew(self, old: Any, new: Any) -> None:
        """Let ``new``, made for the same token as the entry ``old``, take
        its place in the indexes."""
        kind = self._afe_kinds.pop(id(old))
        self._afe_kinds[id(new)] = kind
        self._afe_position_of[id(new)] = self._afe_position_of.pop(id(old))
        section = self._afe_sections[-1]
        if kind is not None:
            same = section.kinds[kind]
            same[_place_in(same, old)] = new
        place = section.places.pop(id(old))
        section.named[new.local_name][place] = new
        section.places[id(new)] = place

    def _afe_replace(self, index: int, element: Any) -> None:
        """Replace the entry at ``index`` with ``element``, made for the
        same token."""
        afe = self.active_formatting
        self._afe_renew(afe[index], element)
        afe[index] = element

    def _copy_limit(self) -> int:
        """The characters the copies of formatting elements may take so far
        (the reconstruction limit): the allowance, and what the characters
        read so far (to the end of the token being handled) earned."""
        return RECONSTRUCTION_ALLOWANCE + RECONSTRUCTION_PER_CHARACTER * self._end_of_token()

    def _reconstruct_active_formatting(self) -> None:
        """Reconstruct the active formatting elements, if any.

        The reconstruction limit: each time this runs it may copy every
        formatting element left open, so the standard's tree can be
        quadratic in the input (``<div>`` + N distinct ``<b id=...>`` +
        ``</div>`` + ``<div>x</div>`` x M makes N x M elements, which the
        Noah's Ark clause does not prevent; a long attribute is copied as
        often).  Where :attr:`reconstruction_limit` is set (the default), the
        copies made over a parse may take at most
        :data:`RECONSTRUCTION_ALLOWANCE` characters plus
        :data:`RECONSTRUCTION_PER_CHARACTER` for each character read so far
        (the stream offset just past the token being handled), each copy
        counted at its :func:`copy_size`.  A reconstruction that would go
        past that creates nothing: the entries it would have created are
        removed from the list of active formatting elements instead, so
        that formatting ends there, and a
        ``reconstruction-limit-exceeded`` error is reported.  The Infra
        Standard allows implementation-defined limits on otherwise
        unconstrained inputs; no page of the benchmark corpus comes near
        this one (none reconstructs at all), nor does any html5lib-tests
        case."""
        afe = self.active_formatting
        if not afe:
            return
        entry = afe[-1]
        if entry is MARKER or id(entry) in self._on_stack:
            return
        # Steps 4-6: rewind (over discarded entries too, which are not
        # there: see _afe_discard).
        dead = self._afe_dead
        i = len(afe) - 1
        while i > 0:
            entry = afe[i - 1]
            if entry is MARKER or self._in_stack(entry) and id(entry) not in dead:
                break
            i -= 1
        if dead:
            # The discarded entries passed over leave the list now (nobody
            # holds a position in it here): left there, every
            # reconstruction walked over them again, and they stay until
            # they are half of the list (N distinct <b x=k> below them kept
            # them there: N x N).
            self._afe_drop_dead(i)
        if self.reconstruction_limit:
            copied = self._copied
            for j in range(i, len(afe)):
                if id(afe[j]) not in dead:
                    copied += copy_size(afe[j])
            if copied > self._copy_limit():
                self._error("reconstruction-limit-exceeded")
                while len(afe) > i:  # (discarded entries go with them: _afe_trim)
                    self._afe_remove(len(afe) - 1)
                return
            self._copied = copied
        # Steps 7-10: advance and create.
        while i < len(afe):
            entry = afe[i]
            if id(entry) not in dead:
                element = self._insert_html_element(entry.local_name, dict(entry.attrs))
                if self._locating:
                    del element._location  # (a copy: no token of its own)
                self._afe_replace(i, element)
            i += 1

    def _clear_active_formatting_to_marker(self) -> None:
        afe = self.active_formatting
        kinds = self._afe_kinds
        dead = self._afe_dead
        sections = self._afe_sections
        positions = self._afe_positions
        position_of = self._afe_position_of
        while afe:
            entry = afe.pop()
            positions.pop()
            if entry is MARKER:
                sections.pop()
                return
            if id(entry) in dead:
                dead.discard(id(entry))
            else:
                del kinds[id(entry)]
                del position_of[id(entry)]
        sections[-1] = _AfeSection()  # (no marker: the list is empty)

    def _afe_index(self, node: Any) -> int:
        """The index of ``node`` in the list of active formatting elements,
        or -1 if it is not there."""
        position = self._afe_position_of.get(id(node))
        if position is None:
            return -1
        return bisect_left(self._afe_positions, position)

    def _afe_moved(self, index: int) -> None:
        """Give the entry just put at ``index`` (step 4.18 of the adoption
        agency algorithm) a position between its neighbours', numbering the
        list afresh when they have none left between them."""
        positions = self._afe_positions
        below = positions[index - 1] if index else -_AFE_GAP
        above = positions[index + 1] if index + 1 < len(positions) else below + 2 * _AFE_GAP
        if above - below < 2:
            afe = self.active_formatting
            position_of = self._afe_position_of
            positions[:] = range(0, len(afe) * _AFE_GAP, _AFE_GAP)
            for entry, position in zip(afe, positions):
                if id(entry) in position_of:
                    position_of[id(entry)] = position
            return
        positions[index] = (below + above) // 2
        self._afe_position_of[id(self.active_formatting[index])] = positions[index]

    # Creating and inserting nodes ------------------------------------------

    def _appropriate_place(self, override: Any = None) -> tuple[Any, Any]:
        """The appropriate place for inserting a node: (parent, before)."""
        target = override if override is not None else self.open_elements[-1]
        if (self.foster_parenting and target.namespace == HTML
                and target.local_name in _TABLE_FOSTER_TARGETS):
            stack = self.open_elements
            last_template_index = self._last_on_stack("template")
            last_table_index = self._last_on_stack("table")
            last_template = self._at(last_template_index) if last_template_index >= 0 else None
            last_table = self._at(last_table_index) if last_table_index >= 0 else None
            if last_template is not None and (last_table is None
                                              or last_template_index > last_table_index):
                return self.sink.template_contents(last_template), None
            if last_table is None:
                return stack[0], None
            parent = self.sink.parent(last_table)
            if parent is not None:
                return parent, last_table
            return stack[self._real(last_table_index) - 1], None
        if target.namespace == HTML and target.local_name == "template":
            return self.sink.template_contents(target), None
        return target, None

    def _insert_node(self, node: Any, place: tuple[Any, Any] | None = None) -> None:
        parent, before = self._appropriate_place() if place is None else place
        if before is None:
            self.sink.append(parent, node)
        else:
            self.sink.insert_before(parent, node, before)

    def _create_element(self, name: str, attrs: dict[str, str], namespace: str = HTML,
                        attr_namespaces: dict[str, str] | None = None) -> Any:
        return self.sink.create_element(name, namespace, attrs, attr_namespaces)

    def _insert_html_element(self, name: str, attrs: dict[str, str]) -> Any:
        """Insert an HTML element for a token with this name and attributes."""
        sink = self.sink
        element = sink.create_element(name, HTML, attrs)
        form = self.form_element
        if form is not None and name in _FORM_ASSOCIATED and id(form) not in self._on_stack:
            self._associate_with_form(element, name, attrs, form)
        stack = self.open_elements
        current = stack[-1] if stack else None
        if current is not None and not self.foster_parenting and not (
                current.local_name == "template" and current.namespace == HTML):
            sink.append(current, element)  # the usual appropriate place
        else:
            self._insert_node(element)
        self._push(element)
        if name in _SELECT_STEPS:
            if name == "select":
                self._select_inserted(element)
            elif self._selects:
                if name == "option":
                    self._option_inserted(element)
                else:
                    self._selectedcontent_inserted(element)
        return element

    def _associate_with_form(self, element: Any, name: str, attrs: dict[str, str],
                             form: Any) -> None:
        """"Create an element for a token": "If element is a form-associated
        element and not a form-associated custom element, the form element
        pointer is not null, there is no template element on the stack of
        open elements, element is either not listed or doesn't have a form
        attribute, and the intended parent is in the same tree as the element
        pointed to by the form element pointer, then associate element with
        the form element pointed to by the form element pointer".

        Handed to the sink only where the tree does not already say it: the
        caller asks only while the form is off the stack of open elements
        (``<div><form></div><input>``, a form in a table), since an element
        inserted while the form is open lands inside it.  Not in fragment
        parsing: the pointer's form is then at first the context's, in
        another tree, and the associations are kept per document
        (:attr:`markup5.dom.Document.form_associations`), which a fragment
        parse does not return."""
        associate = self._associate_form
        if associate is None or self.context is not None or self._positions.get("template"):
            return
        if "form" in attrs and name != "img":  # a listed element with a form attribute
            return
        associate(element, form)

    def _insert_foreign_element(self, name: str, attrs: dict[str, str], namespace: str) -> Any:
        """Insert a foreign element for a token with this name and these
        attributes (its MathML or SVG adjustments made by the caller; the
        foreign attributes are adjusted here)."""
        attr_namespaces = None
        if attrs:
            attrs, attr_namespaces = self._adjust_foreign_attributes(attrs)
        element = self.sink.create_element(name, namespace, attrs, attr_namespaces)
        self._insert_node(element)
        self._push(element)
        return element

    @staticmethod
    def _adjust_foreign_attributes(attrs: dict[str, str]
                                   ) -> tuple[dict[str, str], dict[str, str] | None]:
        """Adjust foreign attributes (xlink:, xml:, xmlns)."""
        namespaces = None
        for name in attrs:
            adjusted = C.FOREIGN_ATTRIBUTE_ADJUSTMENTS.get(name)
            if adjusted is not None:
                if namespaces is None:
                    namespaces = {}
                namespaces[name] = adjusted[2]
        return attrs, namespaces

    def _insert_characters(self, data: str) -> None:
        """Insert characters at the appropriate place."""
        if not self.foster_parenting:
            current = self.open_elements[-1]
            if not (current.local_name == "template" and current.namespace == HTML):
                self.sink.insert_text(current, data, None)  # the usual appropriate place
                return
        parent, before = self._appropriate_place()
        if parent is self.sink.document:
            return  # the Document cannot have Text children
        self.sink.insert_text(parent, data, before)

    def _insert_comment(self, data: str, place: tuple[Any, Any] | None = None) -> None:
        node = self.sink.create_comment(data)
        self._insert_node(node, place)

    def _insert_processing_instruction(self, token: ProcessingInstruction,
                                       place: tuple[Any, Any] | None = None) -> None:
        node = self.sink.create_processing_instruction(token.target, token.data)
        self._insert_node(node, place)

    def _insert_comment_like(self, token: Comment | ProcessingInstruction,
                             place: tuple[Any, Any] | None = None) -> None:
        """Insert a comment or (2026) processing instruction: PIs go wherever
        comments go."""
        if isinstance(token, ProcessingInstruction):
            self._insert_processing_instruction(token, place)
        else:
            self._insert_comment(token.data, place)

    # The adoption agency algorithm ----------------------------------------

    def _adoption_agency(self, subject: str) -> bool:
        """Run the adoption agency algorithm for an end tag ``subject``.
        Returns False when the caller must act as for "any other end tag"."""
        stack = self.open_elements
        afe = self.active_formatting
        current = stack[-1]
        if afe and afe[-1] is current and current.local_name == subject and \
                current.namespace == HTML:
            # Steps 2-4.8 when the current node is the list's last entry
            # (``<b>...</b>``): it is the formatting element (step 4.3), on
            # the stack and in scope, with no furthest block above it; step
            # 4.8 pops it and removes it from the list.
            self._pop()
            self._afe_remove(-1)
            return True
        # Step 2.
        if current.namespace == HTML and current.local_name == subject and \
                self._afe_index(current) == -1:
            self._pop()
            return True
        # Steps 3-4: the outer loop, at most 8 times.
        for _ in range(8):
            # Step 4.3: the formatting element.
            formatting_element = self._afe_last_named(subject)
            if formatting_element is None:
                return False
            # Step 4.4.
            if not self._in_stack(formatting_element):
                self._error("adoption-agency-1.2")
                self._afe_remove(self._afe_index(formatting_element))
                return True
            # Step 4.5.
            if not self._has_node_in_scope(formatting_element):
                self._error("adoption-agency-4.4")
                return True
            # Step 4.6.
            if formatting_element is not stack[-1]:
                self._error("adoption-agency-1.3")
            # Step 4.7: the furthest block.  (Found from the formatting
            # element up, which is on the stack with its name's positions:
            # no walk down from the top, no copy of what is above.)
            stack_index = self._position_of(formatting_element)
            furthest_block = None
            fb_position = stack_index + 1
            height = len(stack)
            while fb_position < height:
                node = stack[fb_position]
                if (node.namespace, node.local_name) in C.SPECIAL:
                    furthest_block = node
                    break
                fb_position += 1
            # The reconstruction limit also bounds the copies this algorithm
            # makes (steps 4.13.6 and 4.15: the nodes the inner loop reaches
            # while its counter is at most 3 that are in the list, and the
            # formatting element).  Each run of the outer loop copies them
            # again, attributes and all: '<b' + N attributes + '>' +
            # '<div>' x N + '</b>' x N made N x N attributes (418 MB from
            # 45 KB).  A run that would go past the limit makes no copy: the
            # element is closed as if there were no furthest block (step
            # 4.8), its formatting ending there, with the limit's error.
            if furthest_block is not None and self.reconstruction_limit:
                copied = self._copied + copy_size(formatting_element)
                below = fb_position - 1
                while below > stack_index and below > fb_position - 4:
                    if self._afe_index(stack[below]) != -1:
                        copied += copy_size(stack[below])
                    below -= 1
                if copied > self._copy_limit():
                    self._error("reconstruction-limit-exceeded")
                    furthest_block = None
                else:
                    self._copied = copied
            # Step 4.8.
            if furthest_block is None:
                while stack:
                    if self._pop() is formatting_element:
                        break
                self._afe_remove(self._afe_index(formatting_element))
                return True
            # Step 4.9-4.10.  (The stack changes from the formatting element
            # to the furthest block: those entries leave the indexes, and
            # come back after step 4.19 with the entries that replace them,
            # which are no more, at the lowest of the positions they had.
            # The entries above keep their positions, virtual ones once the
            # inner loop has removed a node (see _init_core).)
            common_ancestor = stack[stack_index - 1]
            old_height = len(stack)
            virtual = self._virtual
            if virtual is None:
                region = list(range(stack_index, fb_position + 1))
            else:
                region = virtual[stack_index:fb_position + 1]
            self._unindex_region(stack_index, region)
            bookmark = self._afe_index(formatting_element)
            # Step 4.11-4.13: the inner loop.
            node = last_node = furthest_block
            node_index = fb_position
            inner = 0
            while True:
                inner += 1
                node_index -= 1
                node = stack[node_index]
                if node is formatting_element:
                    break
                node_afe = self._afe_index(node)
                if inner > 3 and node_afe != -1:
                    self._afe_remove(node_afe)
                    if node_afe < bookmark:
                        bookmark -= 1
                    node_afe = -1
                if node_afe == -1:
                    del stack[node_index]  # (the indexes are rebuilt below)
                    continue
                new_element = self._create_element(node.local_name, dict(node.attrs),
                                                   node.namespace)
                if self._locating:
                    del new_element._location  # (a copy: no token of its own)
                self._afe_replace(node_afe, new_element)
                stack[node_index] = new_element
                node = new_element
                if last_node is furthest_block:
                    bookmark = node_afe + 1
                self.sink.remove(last_node)
                self.sink.append(node, last_node)
                last_node = node
            # Step 4.14.
            self.sink.remove(last_node)
            parent, before = self._appropriate_place(common_ancestor)
            if before is None:
                self.sink.append(parent, last_node)
            else:
                self.sink.insert_before(parent, last_node, before)
            # Steps 4.15-4.17.
            new_element = self._create_element(formatting_element.local_name,
                                               dict(formatting_element.attrs),
                                               formatting_element.namespace)
            if self._locating:
                del new_element._location  # (a copy: no token of its own)
            self.sink.reparent_children(furthest_block, new_element)
            self.sink.append(furthest_block, new_element)
            # Step 4.18.
            # (The new element is of the formatting element's kind, and still
            # the last of its name.  Next to the formatting element's place,
            # it takes that place and position; elsewhere, the entries in
            # between move, and it gets a position between its neighbours'.)
            old = self._afe_index(formatting_element)
            if bookmark == old or bookmark == old + 1:
                afe[old] = new_element
                self._afe_renew(formatting_element, new_element)
            else:
                afe.insert(bookmark, new_element)
                positions = self._afe_positions
                positions.insert(bookmark, positions[old])
                removed = old + 1 if old > bookmark else old
                del afe[removed]
                del positions[removed]
                self._afe_renew(formatting_element, new_element)
                self._afe_moved(bookmark if bookmark < old else bookmark - 1)
            self._afe_trim()
            # Step 4.19.  (The inner loop removed entries between the
            # formatting element and the furthest block only: both positions
            # are known.  Removing the one and inserting the new element
            # above the other moves the entries between down one place: a
            # slice of that region, so that nothing above moves in the list.)
            fb_index = fb_position - (old_height - len(stack))
            stack[stack_index:fb_index + 1] = stack[stack_index + 1:fb_index + 1] + [new_element]
            fb_index -= 1
            kept = fb_index + 2 - stack_index
            if kept < len(region):
                virtual = self._virtual
                if virtual is None:
                    virtual = self._virtual = list(range(old_height))
                virtual[stack_index:fb_position + 1] = region[:kept]
            self._index_region(stack_index, region[:kept])
            if self._locating:  # (the formatting element left the stack above)
                self._close_location(formatting_element)
            # The furthest block and its subtree have been moved: the
            # selectedcontent elements in it are inserted anew.
            self._selectedcontents_moved(furthest_block)
        return True

    # Reset the insertion mode appropriately --------------------------------

    def _reset_insertion_mode(self) -> None:
        stack = self.open_elements
        if not stack:
            self.mode = "in body"
            return
        # The walk down from the current node passes over every element it
        # has no rule for (foreign ones too) until the last: it starts at
        # the topmost element it has one for (the "reset" index), or at the
        # last entry.
        stops = self._boundaries["reset"]
        start = self._real(stops[-1]) if stops else 0
        for i in range(start, -1, -1):
            node = stack[i]
            last = i == 0
            if last and self.context is not None:
                node = self.context
            if node.namespace != HTML:
                if last:
                    self.mode = "in body"
                    return
                continue
            name = node.local_name
            if name in ("td", "th") and not last:
                self.mode = "in cell"
                return
            if name == "tr":
                self.mode = "in row"
                return
            if name in ("tbody", "thead", "tfoot"):
                self.mode = "in table body"
                return
            if name == "caption":
                self.mode = "in caption"
                return
            if name == "colgroup":
                self.mode = "in column group"
                return
            if name == "table":
                self.mode = "in table"
                return
            if name == "template":
                self.mode = self.template_modes[-1]
                return
            if name == "head" and not last:
                self.mode = "in head"
                return
            if name == "body":
                self.mode = "in body"
                return
            if name == "frameset":
                self.mode = "in frameset"
                return
            if name == "html":
                self.mode = "before head" if self.head_element is None else "after head"
                return
            if last:
                self.mode = "in body"
                return
        self.mode = "in body"

    # Generic raw text and RCDATA element parsing ---------------------------

    def _parse_text_element(self, token: StartTag, state: State) -> None:
        self._insert_html_element(token.name, token.attrs)
        self.tokenizer._state = state
        self.original_mode = self.mode
        self.mode = "text"
