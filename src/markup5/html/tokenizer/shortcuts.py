"""The data state's shortcut: text and simple tags, many at a time.

Most of a real page is text and tags written the common, error-free way:
lowercase names, whitespace-separated attributes, quoted or plain values
without character references.  For such a stretch the state machine would
walk data → tag open → tag name → before attribute name → attribute name →
... → data, emitting exactly what one regex match describes.  The shortcut
matches text plus one such tag per step of a tight loop and emits the same
tokens, with no parse error (none can occur in what the regexes accept).
Character references in text that end with their semicolon and resolve
without an error are decoded in the loop too, and so is a stray ``&`` or
``<`` (one that begins no reference or tag): as text, with the one error the
tag open state reports for such a ``<``.  Anything else -- another ``&``,
NULL, ``<!``, uppercase, a duplicate attribute, a tag not finished in the
buffer -- stops the loop and the states take over at that character.
``tests/test_tokenizer_shortcuts.py`` checks the two paths against each
other.

Feedback: the loop stops right after a start tag in
:attr:`Tokenizer.switching_start_tags` (by default the elements whose
insertion switches the tokenizer, §13.2.6.2), so that the tree builder or
:func:`markup5.tokenize` can switch the state before the tokenizer reads
on.  Nothing else the tree builder may change matters inside the loop: the
CDATA flag is read only at ``<![CDATA[``, which the loop never consumes, and
a loop that emitted tokens ends the step before the states look at the
character it stopped at, so the tree builder has seen (say) the ``<svg>``
before the markup declaration open state asks whether CDATA is allowed.
The loop also ends its step after an end tag once the step holds
:data:`STEP_TOKENS` tokens, so that a consumer frees them young.

Tree building without tokens: a tree builder may set :attr:`direct` to an
object with the :class:`DirectTreeBuilder` methods.  Then, while nothing
has been emitted in the step, the loop offers each run of text, start tag
and end tag to it instead of building a token; a builder that takes one
has run the tree construction dispatcher's rules for it (the same rules a
token would have met; where it needs the offset just past the token, for a
parse error's position, it asks :meth:`DataShortcut.direct_token_end`), and
one that declines it (its insertion mode, or the adjusted current node, is
not one the builder handles directly) gets it as a token, and so every
later one in the step, in order.  The comment
shortcut (``<!--text-->`` read at once, :mod:`.comments`) offers the builder
its comment the same way, after the text pending before it, as do the
comment states theirs and the end tag name states of raw text, RCDATA and
script data their end tag.
"""

from __future__ import annotations

import re
import sys
from typing import Any, Protocol, cast

from ..._tokenizer_core import has_null
from ...tokens import Characters, Comment, EndTag, StartTag
from ..entities import LONGEST_NAME, NAMED_REFERENCES, match_named_reference
from .charclass import (ASCII_ALPHA, ASCII_ALPHANUMERIC, MOST_REPEATS, always_matches,
                        group_repeat)
from .core import SWITCHING_START_TAGS, TokenizerCore

#: The loop ends its step after an end tag once the step has emitted this
#: many tokens.  The caller consumes a step's tokens before the next, so
#: they are freed while young: the cyclic garbage collector runs a
#: collection every 700 tracked allocations not yet freed (the default
#: threshold), and a whole page's tokens alive at once were promoted and
#: traversed again and again (4% of ``tokenize()``).  A token is one or
#: two tracked objects (the tag and its attributes).
STEP_TOKENS = 200

# One attribute as the attribute states read it when no parse error can
# occur: whitespace, a name without uppercase or error characters, and an
# optional value (double-quoted, single-quoted or unquoted) without NULL.
# Values holding "&" are resolved by resolve_references(), which gives up
# (and leaves the tag to the states) where the states would report an error.
# An optional group is written "(?:X|)", not "(?:X)?": the regex engine runs
# a branch with an empty alternative faster than a repeat of at most one.
_ATTRIBUTE = (r"[\t\n\f ]+([^\t\n\f />\"'<=\x00A-Z][^\t\n\f />\"'<=\x00A-Z]*)"
              r"(?:[\t\n\f ]*=[\t\n\f ]*(?:\"([^\"\x00]*)\"|'([^'\x00]*)'"
              r"|([^\t\n\f >\"'<=`\x00]+))|)")
# A start tag's first two attributes are matched with groups for their
# names and values; the others, if any, as one group of text (found by
# ATTRIBUTES): most tags have at most two attributes (on the corpus 17% have
# none, 46% one, 21% two, 16% more), and sre runs a sequence faster than a
# repeat whose body has groups.  (A third attribute matched the same way
# measured no faster: it adds four groups to every match for a sixth of
# the tags.)
_START_TAG = (r"<([a-z][^\t\n\f />\x00A-Z]*)(?:" + _ATTRIBUTE + r"(?:" + _ATTRIBUTE + r"((?:"
              + re.sub(r"\((?!\?)", "(?:", _ATTRIBUTE) + r")" + group_repeat(MOST_REPEATS - 2)
              + r")|)|)[\t\n\f ]*(/?)>")
_END_TAG = r"</([a-z][^\t\n\f />\x00A-Z]*)>"



def _possessive(pattern: str) -> str:
    """The same pattern with possessive quantifiers on its character
    classes (Python 3.11 and later).  In these patterns every repeated class
    is followed by a character it excludes (the text by "<", "&" or NULL, a
    name by whitespace, "=", "/" or ">", a value by its quote ...), so giving
    back characters can never lead to another match: the regex engine just
    need not keep the states to try it (a quarter less time in the scan on
    the corpus).  The same holds for the repeated attributes of a tag
    (group_repeat): each ends where the next cannot begin, with whitespace
    followed by a name character, and what follows them (whitespace, "/",
    ">") cannot begin inside one."""
    if sys.version_info < (3, 11):
        return pattern
    return pattern.replace("]*", "]*+").replace("]+", "]++")


#: Text up to the next "&", "<" or NULL, then optionally a simple start tag
#: (groups 2-12: the name, the first and second attributes' names and
#: values, the text of the other attributes, "/" or "") or a simple end tag
#: (group 13).
SCAN = re.compile(_possessive(r"([^&<\x00]*)(?:" + _START_TAG + "|" + _END_TAG + "|)"))
ATTRIBUTES = re.compile(_possessive(_ATTRIBUTE))


def _without_null(pattern: str) -> str:
    """The same pattern for a buffer known to hold no NULL: classes that
    exclude only one character let the regex engine use its fastest loop
    ("[^<]*", '[^"]*').  The text group then also runs over "&", which the
    loop looks for with a fast ``in`` test and splits off."""
    return (pattern.replace("[^&<\\x00]*", "[^<]*").replace('[^\\"\\x00]*', '[^\\"]*')
            .replace("[^'\\x00]*", "[^']*"))


SCAN_WITHOUT_NULL = re.compile(_without_null(SCAN.pattern))
ATTRIBUTES_WITHOUT_NULL = re.compile(_without_null(ATTRIBUTES.pattern))
assert SCAN_WITHOUT_NULL.pattern != SCAN.pattern
assert ATTRIBUTES_WITHOUT_NULL.pattern != ATTRIBUTES.pattern

#: A character reference with its semicolon: named (the whole alphanumeric
#: run, so the longest match is the run itself), decimal or hexadecimal.
SIMPLE_REFERENCE = re.compile(
    r"&(?:([A-Za-z][A-Za-z0-9]*);|#([0-9]{1,7});|#[xX]([0-9A-Fa-f]{1,6});)").match


_ALPHANUMERIC_RUN = always_matches(r"[A-Za-z0-9]*")
#: The characters after "&" with which the character reference state does
#: not flush it as text at once (ASCII alphanumerics and "#"), and after
#: "<" with which the tag open state does not emit it as text (ASCII
#: letters, "!", "/" and "?").
_REFERENCE_AFTER_AMPERSAND = ASCII_ALPHANUMERIC | {"#"}
_TAG_AFTER_LESS_THAN_SIGN = ASCII_ALPHA | {"!", "/", "?"}


def stray_ampersand_end(buf: str, pos: int, end: int) -> int:
    """Where the text ends that the "&" at ``buf[pos]`` makes with no parse
    error and no character reference, the input read so far ending at
    ``end``; or -1 when the states must decide (a reference, an error, or
    input still to come).  Either the character reference state's
    "anything else" (neither alphanumeric nor "#" follows: the "&" alone
    is text), or the named character reference state finding no name in
    the alphanumerics that follow (no prefix of them is a name without
    ";", and no ";" follows them) and the ambiguous ampersand state taking
    them as text."""
    after = pos + 1
    if after >= end:
        return -1
    if buf[after] not in _REFERENCE_AFTER_AMPERSAND:
        return after
    if buf[after] == "#":
        return -1
    stop = _ALPHANUMERIC_RUN(buf, after).end()
    if stop >= end or buf[stop] == ";":
        return -1
    # (The named state looks at LONGEST_NAME alphanumerics at most, and no
    # ";" follows them: only the names without one can match.)
    if match_named_reference(buf[after:min(stop, after + LONGEST_NAME)], False) is not None:
        return -1
    return stop


def simple_reference_value(ref: re.Match[str]) -> str | None:
    """The characters of a :data:`SIMPLE_REFERENCE` match if it resolves
    without a parse error (a known name, or a code point the numeric end
    state takes as it is), else None."""
    named, decimal, hexadecimal = ref.groups()
    if named is not None:
        return NAMED_REFERENCES.get(named + ";")
    code = int(decimal, 10) if decimal is not None else int(hexadecimal, 16)
    return chr(code) if clean_numeric_reference(code) else None


def resolve_references(value: str) -> str | None:
    """Resolve the character references in an attribute value as the
    character reference states do with an attribute value as the return
    state, or return None where they would report a parse error (the tag
    then goes through the states, which report it)."""
    parts = []
    pos = 0
    find = value.find
    while True:
        amp = find("&", pos)
        if amp == -1:
            parts.append(value[pos:])
            return "".join(parts)
        parts.append(value[pos:amp])
        m = SIMPLE_REFERENCE(value, amp)
        if m is not None:
            resolved = simple_reference_value(m)
            if resolved is None:
                return None
            parts.append(resolved)
            pos = m.end()
            continue
        start = amp + 1
        following = value[start:start + 1]
        if following == "#":
            return None  # a numeric reference without ";" or digits: an error
        run = _ALPHANUMERIC_RUN(value, start).group()
        if not run:
            parts.append("&")  # "&" before anything else is just "&"
            pos = start
            continue
        end = start + len(run)
        name = match_named_reference(run, value.startswith(";", end))
        if name is None:
            if value.startswith(";", end):
                return None  # unknown-named-character-reference
            parts.append("&" + run)  # the ambiguous ampersand state's text
            pos = end
            continue
        # A legacy name without ";" (a name with ";" matched above).  In an
        # attribute it stays as written if "=" or an alphanumeric follows;
        # otherwise it is resolved with a missing-semicolon error.
        after = start + len(name)
        following = value[after:after + 1]
        if not following or not (following == "=" or following.isascii() and following.isalnum()):
            return None
        parts.append("&" + name)
        pos = after


#: Named references common in attribute values, which resolve without an
#: error (each ends with its semicolon), "&amp;" last (see
#: :func:`resolve_all_references`).
_COMMON_REFERENCES = tuple((f"&{name}", NAMED_REFERENCES[name])
                           for name in ("quot;", "lt;", "gt;", "nbsp;", "amp;"))


def resolve_all_references(attrs: dict[str, str]) -> bool:
    """Resolve the references in every value of ``attrs`` in place; False
    if one of them has a parse error (see :func:`resolve_references`).

    Most such values hold no other references than a few common ones: URLs
    whose every "&" begins "&amp;" (two thirds of them in the corpus), and
    JSON or markup written with "&quot;", "&lt;" and "&gt;".  When the
    :data:`_COMMON_REFERENCES` found in a value account for every "&" in
    it, each "&" begins one of them, and the value is resolved with
    ``str.replace``, "&amp;" last: the other replacements make no "&", and
    the "&" that "&amp;" leaves is never read again."""
    for name, value in attrs.items():
        if "&" in value:
            amps = value.count("&")
            common = value.count("&amp;")
            if common == amps:
                attrs[name] = value.replace("&amp;", "&")
                continue
            for reference, _ in _COMMON_REFERENCES[:-1]:
                common += value.count(reference)
            if common == amps:
                for reference, characters in _COMMON_REFERENCES:
                    value = value.replace(reference, characters)
                attrs[name] = value
                continue
            resolved = resolve_references(value)
            if resolved is None:
                return False
            attrs[name] = resolved
    return True


def clean_numeric_reference(code: int) -> bool:
    """Whether the numeric character reference end state takes ``code`` as
    it is, with no parse error (not NULL, not beyond U+10FFFF, not a
    surrogate, noncharacter or control other than ASCII whitespace)."""
    if code < 0x20:
        return code in (0x09, 0x0A, 0x0C)
    return not (0x7F <= code <= 0x9F or 0xD800 <= code <= 0xDFFF or 0xFDD0 <= code <= 0xFDEF
                or code & 0xFFFE == 0xFFFE or code > 0x10FFFF)


class DirectTreeBuilder(Protocol):
    """What the loop offers text and simple tags to (see the module
    docstring).  Each method returns whether it took the token; while it
    runs, the tokenizer's :meth:`~DataShortcut.direct_token_end` gives the
    stream offset just past the token.  The text given to
    ``direct_text`` holds no U+0000 NULL: the loop's own text has none (it
    stops at one), but the data state may have left one in the pending text
    the loop joins its text to; such text, and what follows it in the step,
    is emitted as tokens.  Text is offered only just before a start or end
    tag or a comment (which is offered next, or emitted as a token): a run of
    text offered is whole, never followed by more text.  With source
    locations (the tokenizer's :class:`~.core.LocatedToken`), each token is
    noted there before it is offered; the builder must then take every text
    and tag offered (as HTMLParser does), a comment it declines having its
    note taken back."""

    def direct_text(self, data: str) -> bool: ...
    def direct_start_tag(self, name: str, attrs: dict[str, str], self_closing: bool) -> bool: ...
    def direct_end_tag(self, name: str) -> bool: ...
    def direct_comment(self, data: str) -> bool: ...


class _Decliner:
    """A :class:`DirectTreeBuilder` that takes nothing."""

    def direct_text(self, data: str) -> bool:
        return False

    def direct_start_tag(self, name: str, attrs: dict[str, str], self_closing: bool) -> bool:
        return False

    def direct_end_tag(self, name: str) -> bool:
        return False

    def direct_comment(self, data: str) -> bool:
        return False


_DECLINER = _Decliner()


class DataShortcut(TokenizerCore):
    """The loop the data state runs before its state-by-state path."""

    __slots__ = ()  # (fast_paths, switching_start_tags, direct: see TokenizerCore)

    # The states that emit a token where the data state's loop stops (the
    # comment shortcut and the comment states, the end tag name states of
    # raw text, RCDATA and script data) offer it to :attr:`direct` too, when
    # it is set and nothing is emitted in the step.  The _offer methods
    # return False when the token is to be emitted (with the pending text
    # before it, unless the builder took that).

    def _offer_pending_text(self, direct: DirectTreeBuilder, data_state: bool) -> bool:
        """Offer the text pending before a token the state is about to
        emit; False if the builder declines it, or if it holds a NULL,
        which only text of the data state or a CDATA section can
        (``data_state``, the comments' case: a comment follows either; the
        other text states replace NULL, and their text is all that is
        pending when their end tag comes)."""
        text = self._text
        if text:
            pending = text[0] if len(text) == 1 else "".join(text)
            if data_state and has_null(pending):
                return False
            # (The end as _emit works it out.)
            self._offered_until(self._base + self.pos if self._lt is None else self._lt,
                                pending, None)
            if not direct.direct_text(pending):
                return False
            text.clear()
        return True

    def _emit_comment_data(self, data: str) -> None:
        """Emit a comment token (the comment shortcut, and the comment
        states through the shared ``_emit_comment``) whose end is
        :attr:`pos`, unless :attr:`direct` takes it."""
        if self.direct is None or self._out or not self._offer_comment(data):
            self._emit(Comment(data))

    def _offer_comment(self, data: str) -> bool:
        """The comment ``data``, whose end is :attr:`pos`."""
        direct = cast(DirectTreeBuilder, self.direct)
        if not self._offer_pending_text(direct, True):
            return False
        located = self._located
        # (A comment the builder declines is emitted as a token, and noted
        # as one: its note here is taken back.)
        prev_end, gap_index = (0, 0) if located is None else (located.prev_end,
                                                              located.gap_index)
        self._offered_until(self._base + self.pos, None, None)
        if direct.direct_comment(data):
            return True
        if located is not None:
            located.prev_end, located.gap_index = prev_end, gap_index
        return False

    def _offer_end_tag(self, name: str, index: int) -> bool:
        """The end tag ``name`` of raw text, RCDATA or script data, without
        attributes, whose ">" is at ``index``."""
        direct = cast(DirectTreeBuilder, self.direct)
        if not self._offer_pending_text(direct, False):
            return False
        self._offered_until(self._base + index + 1, None, name)
        return direct.direct_end_tag(name)

    def _offered_until(self, end: int, text: str | None, end_tag_name: str | None) -> None:
        """The token a state offers next ends at stream offset ``end`` (see
        :meth:`direct_token_end`); with source locations, it is noted
        (``text`` and ``end_tag_name`` as :meth:`LocatedToken.note` takes
        them)."""
        self._direct_match = None
        self._direct_end = end
        if self._located is not None:
            self._located.note(end, text, end_tag_name)

    def direct_token_end(self, text: bool) -> int:
        """The stream offset just past the token being offered to
        :attr:`direct` (only while the builder's method runs): ``text`` is
        whether it is the text, which ends where the tag after it begins.
        (Worked out when asked, for a parse error's position or the
        reconstruction limit: the loop does not make an offset for every
        token.)"""
        match = self._direct_match
        if match is None:
            return self._direct_end
        return self._base + (match.end(1) if text else match.end())

    def _data_shortcut(self) -> bool:
        """Emit text and simple tags from :attr:`pos` on.

        Returns True when the step is over: it emitted tokens, which the tree
        builder must see before the tokenizer reads on (a switching start
        tag, or the ``<svg>`` before a ``<![CDATA[``).  Returns False when it
        emitted nothing and the data state must handle the character at
        :attr:`pos`."""
        buf = self.buf
        pos = self.pos
        out = self._out
        append = out.append
        text = self._text
        switching = self.switching_start_tags
        emitted = len(out)
        # The tree builder that takes tokens directly, while none has been
        # emitted in this step (so the order is kept).
        direct: DirectTreeBuilder | None = self.direct if not out else None
        # Its methods, bound once (called only while ``direct`` is set).
        taker: DirectTreeBuilder = _DECLINER if direct is None else direct
        take_text = taker.direct_text
        take_start_tag = taker.direct_start_tag
        take_end_tag = taker.direct_end_tag
        ends = self._ends  # offsets of the tokens, when tracked
        base = self._base
        # With source locations, each token offered is noted first
        # (LocatedToken.note written out: the call was a third of what
        # locations cost a parse); ``located`` is None once ``direct`` is.
        # No gap comes in the loop, and every token before it has been
        # noted (nothing is emitted in the step): the gaps so far come
        # before the first token the loop notes, which starts after them.
        located = self._located if direct is not None else None
        positions = None
        if located is not None:
            positions = located.positions
            if len(located.gaps) > located.gap_index:
                located.prev_end = located.start_after_gaps(located.prev_end, base + pos + 1)
        last_start_tag = None
        # Tokens are made without their __init__ and their slots set here:
        # calling the class runs __init__ in a frame of its own, which cost
        # more than the rest of making the token (-4.5% of tokenize()).  The
        # tests compare them, every field (as_list), with the states' tokens.
        new = object.__new__
        if self._buffer_has_null or pos < self._strict_scan_until:
            scan_all = SCAN.finditer
            attributes = ATTRIBUTES.findall
        else:
            scan_all = SCAN_WITHOUT_NULL.finditer
            attributes = ATTRIBUTES_WITHOUT_NULL.findall
        while True:
            for m in scan_all(buf, pos):
                (data, name, first, double_quoted, single_quoted, unquoted, second,
                 second_double_quoted, second_single_quoted, second_unquoted, others, slash,
                 end_name) = m.groups()
                if data and "&" in data:
                    # Only the NULL-free scan runs over "&": resolve the
                    # references in the text, keep a "&" that begins none
                    # as text (stray_ampersand_end, asked within the text: a
                    # "&" that ends it, or whose alphanumerics reach its
                    # end, is left to the tail of the loop below), or stop
                    # at the first one the states must handle.  ``done``:
                    # where the text not yet in ``text`` begins.
                    done = 0
                    amp = data.index("&")
                    while amp != -1:
                        ref = SIMPLE_REFERENCE(data, amp)
                        value = None if ref is None else simple_reference_value(ref)
                        if value is None:
                            stop = stray_ampersand_end(data, amp, len(data))
                            if stop < 0:
                                if amp > done:
                                    text.append(data[done:amp])
                                break
                            amp = data.find("&", stop)  # (the "&" stays in the text)
                            continue
                        if amp > done:
                            text.append(data[done:amp])
                        text.append(value)
                        done = cast("re.Match[str]", ref).end()
                        amp = data.find("&", done)
                    if amp != -1:
                        pos = m.start() + amp
                        # The states take this "&"; until the end of this
                        # text, scan with the regex that stops at "&" rather
                        # than rescanning the text after every reference.
                        self._strict_scan_until = m.start() + len(m.group(1))
                        break
                    data = data[done:]
                if name is not None:
                    if first is None:
                        attrs = {}
                    else:
                        first_value = double_quoted or single_quoted or unquoted or ""
                        attrs = {first: first_value}
                        if second is None:
                            unique = True
                            references = "&" in first_value
                        else:
                            second_value = (second_double_quoted or second_single_quoted
                                            or second_unquoted or "")
                            attrs[second] = second_value
                            references = "&" in first_value or "&" in second_value
                            if others:
                                pairs = attributes(others)
                                # (A loop, not a comprehension, which 3.11
                                # runs as a call.)
                                for key, double, single, plain in pairs:
                                    attrs[key] = double or single or plain
                                unique = len(attrs) == len(pairs) + 2
                                references = references or "&" in others
                            else:
                                unique = second != first
                        if not unique or references and not resolve_all_references(attrs):
                            # A duplicate attribute, or a reference with an
                            # error: the states take this tag and report it.
                            if data:
                                text.append(data)
                            self.pos = m.start(2) - 1
                            if last_start_tag is not None:
                                self.last_start_tag = last_start_tag
                            return len(out) > emitted
                    if text:
                        if data:
                            text.append(data)
                        data = "".join(text)
                        text.clear()
                        if "\x00" in data:
                            direct = located = None  # (see DirectTreeBuilder)
                    self._direct_match = m  # (see direct_token_end)
                    if data:
                        if located is not None:
                            end = base + m.end(1)
                            located.span = (located.prev_end, end, positions)
                            located.prev_end = end
                            located.text = data
                            located.end_tag_name = None
                        if direct is None or not take_text(data):
                            direct = located = None
                            characters = new(Characters)
                            characters.data = data
                            append(characters)
                            if ends is not None:
                                ends.append(base + m.end(1))
                    if located is not None:
                        end = base + m.end()
                        located.span = (located.prev_end, end, positions)
                        located.prev_end = end
                        located.text = None
                        located.end_tag_name = None
                    if direct is None or not take_start_tag(name, attrs, slash == "/"):
                        direct = located = None
                        start_tag = new(StartTag)
                        start_tag.name = name
                        start_tag.attrs = attrs
                        start_tag.self_closing = slash == "/"
                        append(start_tag)
                        if ends is not None:
                            ends.append(base + m.end())
                    if name in switching:
                        self.last_start_tag = name
                        self.pos = m.end()
                        return True
                    last_start_tag = name
                elif end_name is not None:
                    if text:
                        if data:
                            text.append(data)
                        data = "".join(text)
                        text.clear()
                        if "\x00" in data:
                            direct = located = None  # (see DirectTreeBuilder)
                    self._direct_match = m  # (see direct_token_end)
                    if data:
                        if located is not None:
                            end = base + m.end(1)
                            located.span = (located.prev_end, end, positions)
                            located.prev_end = end
                            located.text = data
                            located.end_tag_name = None
                        if direct is None or not take_text(data):
                            direct = located = None
                            characters = new(Characters)
                            characters.data = data
                            append(characters)
                            if ends is not None:
                                ends.append(base + m.end(1))
                    if located is not None:
                        end = base + m.end()
                        located.span = (located.prev_end, end, positions)
                        located.prev_end = end
                        located.text = None
                        located.end_tag_name = end_name
                    if direct is None or not take_end_tag(end_name):
                        direct = located = None
                        end_tag = new(EndTag)
                        end_tag.name = end_name
                        append(end_tag)
                        if ends is not None:
                            ends.append(base + m.end())
                        if len(out) >= STEP_TOKENS:
                            self.pos = m.end()
                            if last_start_tag is not None:
                                self.last_start_tag = last_start_tag
                            return True
                else:
                    if data:
                        text.append(data)
                    pos = m.end()
                    break
            # The text ended at "&", "<", NULL or the end of the buffer.
            ref = SIMPLE_REFERENCE(buf, pos)
            value = None if ref is None else simple_reference_value(ref)
            if value is not None:
                text.append(value)
                pos = cast("re.Match[str]", ref).end()
                continue
            # A "&" that begins no character reference (see
            # stray_ampersand_end) and a "<" that begins no tag (the tag open
            # state's "anything else": not "!", "/", "?" or a letter,
            # invalid-first-character-of-tag-name, the "<" is text), taken
            # as their states take them, so that a run of them ("<<<<",
            # "& & &", "&a&b&c") does not leave this loop, to be set up
            # again, for each.
            if pos + 1 < self.end:
                c = buf[pos]
                if c == "&":
                    stop = stray_ampersand_end(buf, pos, self.end)
                    if stop > pos:
                        # (The scan need not change: a stray "&" the text's
                        # own loop left here ends where its text ends.)
                        text.append(buf[pos:stop])
                        pos = stop
                        continue
                elif c == "<" and buf[pos + 1] not in _TAG_AFTER_LESS_THAN_SIGN:
                    self._error("invalid-first-character-of-tag-name", pos + 1)
                    text.append("<")
                    pos += 1
                    continue
            self.pos = pos
            if last_start_tag is not None:
                self.last_start_tag = last_start_tag
            return len(out) > emitted
