"""The XML5 data state's shortcut: text and simple tags, many at a time.

Most of a real document is text and tags written the common, error-free
way: a name, whitespace-separated attributes with quoted values without
character references, ``>`` or ``/>``; end tags ``</name>``.  For such a
stretch the state machine walks data -> tag -> tag name -> attribute name
before -> attribute name -> ... -> data, emitting exactly what one regex
match describes.  The shortcut matches text plus one such tag per step of a
tight loop and emits the same tokens, with no parse error (none can occur
in what the regexes accept).  Character references in text that end with
their semicolon and resolve without an error are decoded in the loop too
(numeric ones, and the five predefined names: any other name is left to
the states, which look it up among the DTD's entities first),
and so is a stray ``&`` or ``<`` (one that begins no reference or tag,
:func:`stray_character`): as text, with the one error the tag state
reports for such a ``<``.

Anything else -- another ``&``, ``<!``, ``<?``, a colon first in a name, a
duplicate attribute, an unquoted value, a tag not finished in the buffer --
stops the loop and the states take over at that character.  The shortcut
only runs while the input holds no control character or noncharacter (those
are errors the states report), and NUL and CR never reach the buffer.

Each regex class mirrors the run of the state it replaces, so a match ends
exactly where the states' runs end:

* tag state: the first character of a name is not one of ``/?!`` TAB LF
  SPACE ``:<>``; tag name state: the run is ``[^\\t\\n />]*``;
* attribute name before state: whitespace, then a first character that is
  not ``:`` (an error), ``>``, ``/`` (or ``=``, left to the states);
  attribute name state: ``[^\\t\\n =>/]*``; whitespace around ``=``;
  quoted values ``[^"&]*`` / ``[^'&]*``;
* end tag state: a first character not in TAB LF SPACE ``<:>``, the name
  run, whitespace (the end tag name after state skips it), ``>``;

and, where the states report a well-formedness error with
``xml10_compatible``, the regexes take less than the runs: names are XML
Names, a quoted value holds no ``<``, a PI target is an NCName other than ``xml`` in any
case, and text stops at a ``]`` that begins ``]]>`` or is too near the end
of the buffer to tell (:func:`stray_character` takes it when it can tell
that it does not begin ``]]>``).

``tests/test_xml_shortcuts.py`` checks the two paths against each other.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, cast

from ...html.tokenizer.charclass import MOST_REPEATS, Run, group_repeat
from ..tokens import Characters, EmptyTag, EndTag, StartTag
from .charrefs import NOT_A_REFERENCE
from ..wellformedness import NAME_CHAR, NAME_START_CHAR
from .core import ATTRIBUTE_VALUE_WHITESPACE
from .tags import NOT_A_TAG

if TYPE_CHECKING:  # the state families see the core they are combined with
    from .core import XmlTokenizerCore as _Core
else:
    _Core = object

__all__ = ["SCAN", "BUILD_SCAN", "BUILD_OTHER", "simple_section", "stray_character",
           "ATTRIBUTES", "resolve_reference", "simple_attributes",
           "reference_attributes", "DataShortcut"]

_WS = "[\\t\\n ]"
# Names are XML 1.0 Names not starting with ":" (an error for the tag
# states either way): anything else is an error with xml10_compatible,
# which the states report.  (The states' runs take more, but a name the
# states would end elsewhere is never one of these followed by what the
# regexes want after a name.)  What Namespaces in XML adds (QNames, the
# xmlns prefix) the tree builder reports as it binds the names
# (namespaces.bind_tag), the same on both paths: a name with such an
# error never goes in its binding caches.
_NC_START = NAME_START_CHAR.replace(":", "", 1)
_NC_CHAR = NAME_CHAR.replace(":", "", 1)
_NAME = f"[{_NC_START}][{NAME_CHAR}]*"
# Text: up to "&" or "<", and up to a "]" that begins "]]>" (an error with
# xml10_compatible, for the states) or may (the buffer ends before the two
# characters after it: the data state waits for them).  Nothing in it is
# ever given back (what follows starts with "<"): possessive from Python
# 3.11, which also spares the engine's record per "]" (see group_repeat).
_POSSESSIVE = "+" if group_repeat().endswith("+") else ""
_TEXT = ("[^&<\\]]*" + _POSSESSIVE + "(?:\\](?=[^\\]]|\\][^>])[^&<\\]]*" + _POSSESSIVE + ")"
         + group_repeat())
_ATTRIBUTE = (_WS + "+(" + _NAME + ")" + _WS + "*=" + _WS
              + "*(\"[^\"&<]*\"|'[^'&<]*')")
_START_TAG = ("<(" + _NAME + ")((?:" + _WS + "+" + _NAME + _WS + "*=" + _WS
              + "*(?:\"[^\"&<]*\"|'[^'&<]*'))" + group_repeat() + ")" + _WS + "*(/?)>")
_END_TAG = "</(" + _NAME + ")" + _WS + "*>"

#: Text up to the next "&", "<" or "]]>" (an error with xml10_compatible;
#: see _TEXT), then optionally a simple start or empty tag
#: (groups 2-4: name, attributes, "/") or a simple end tag (group 5).
SCAN = re.compile("(" + _TEXT + ")(?:" + _START_TAG + "|" + _END_TAG + ")?")
# SCAN.match, typed as what it is: it matches everywhere (the text group
# may be empty), so never None.
_SCAN_MATCH = cast(Run, SCAN.match)
#: One attribute of the attributes group: (name, quoted value).
ATTRIBUTES = re.compile(_ATTRIBUTE)

# The tree builder's loop (BUILD_SCAN, BUILD_OTHER, simple_section) takes
# more: quoted attribute values may hold character references that end
# with ";" (each checked when the tag is built: one the states would report
# makes the tag go the slow way), and where BUILD_SCAN stops at "&" or "<",
# BUILD_OTHER takes
#
# * a character reference with its ";" (groups 1-3: decimal, hexadecimal,
#   "name;"), which resolve_reference's rules take or leave to the states;
# * a processing instruction whose target does not start with "?" and
#   whose data holds no "?": pi -> pi target -> (pi target after, which
#   skips the whitespace -> pi data ->) pi after -> data (groups 4, 5);
#
# and simple_section takes
#
# * a comment whose data neither starts with ">" or "->" (abrupt-closing-of-
#   empty-comment) nor holds "--" (the comment end states, nested-comment,
#   incorrectly-closed-comment): the comment states then run comment start
#   (dash) -> comment -> comment end dash -> ... -> comment end -> data,
#   and, for "<!", comment less-than sign (bang (dash)) -> comment end dash
#   -> comment, appending every character;
# * a CDATA section written "<![CDATA[" (the markup declaration state's
#   case-insensitive forms go the slow way): CDATA -> CDATA bracket ->
#   CDATA end -> data; "]" not followed by "]>" is data, as the bracket and
#   end states append it.
#
# Those two are found with str.find, not a regex: a regex for "no '--'"
# steps through the data a character or a dash at a time (a few MB/s on a
# comment of megabytes, which the expat fast path hands to these rules
# when its expat would rescan it, see markup5.xml.fast_path).
_REFERENCE_IN_VALUE = "&(?:#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]*);"
_BUILD_ATTRIBUTE = (_WS + "+" + _NAME + _WS + "*=" + _WS
                    + "*(?:\"[^\"&<]*(?:"
                    + _REFERENCE_IN_VALUE + "[^\"&<]*)" + group_repeat() + "\"|'[^'&<]*(?:"
                    + _REFERENCE_IN_VALUE + "[^'&<]*)" + group_repeat() + "')")
# (Repeated groups are possessive, or bounded before Python 3.11, see
# group_repeat: each attribute, and each reference in a value, ends where
# the next cannot begin, so none is ever given back.)
#: Text up to the next "&" or "<", then optionally a tag (as SCAN, with
#: references in attribute values): a start tag or an empty tag (groups
#: 2-7: the name; the first attribute's name and value when it is
#: double-quoted with no "&", TAB or LF in the value, the other attributes;
#: "/" for an empty tag; for a start tag followed by text and its own end
#: tag, a "leaf", that text), or an end tag (group 8).  A leaf's end tag
#: has the same raw name as its start tag (a backreference): the end tag
#: state then closes the element the start tag opened, as the loop checks.
BUILD_SCAN = re.compile(
    "(" + _TEXT + ")(?:<(" + _NAME + ")"
    "(?:" + _WS + "+(" + _NAME + ")" + _WS + "*=" + _WS + "*\"([^\"&<\\t\\n]*)\")?"
    "((?:" + _BUILD_ATTRIBUTE + ")" + group_repeat(MOST_REPEATS - 1) + ")"
    + _WS + "*(?:(/)>|>(?:(" + _TEXT + ")</\\2" + _WS + "*>)?)"
    "|" + _END_TAG + ")?")
#: What else the loop takes where BUILD_SCAN stops at "&" or "<": a
#: reference (groups 1-3: decimal, hexadecimal, "name;") or a processing
#: instruction (groups 4, 5: target, data).  (Comments and CDATA sections:
#: simple_section.)
BUILD_OTHER = re.compile(
    "&(?:#([0-9]{1,7});|#x([0-9A-Fa-f]{1,6});|([A-Za-z][A-Za-z0-9]*;))"
    "|<\\?((?![Xx][Mm][Ll][\\t\\n ?])[" + _NC_START + "][" + _NC_CHAR + "]*)(?:" + _WS
    + "+([^?]*))?\\?>")
#: BUILD_OTHER's kinds (``match.lastindex``).
OTHER_DECIMAL, OTHER_HEXADECIMAL, OTHER_NAMED, OTHER_PI_TARGET, OTHER_PI_DATA = 1, 2, 3, 4, 5


def simple_section(buf: str, pos: int) -> tuple[str, int, bool] | None:
    """The comment or CDATA section at ``buf[pos]`` (which is "<!") when
    it is written the simple way described above: ``(data, end, is_comment)``
    with ``end`` just past its ``-->`` or ``]]>``; else None (the states
    read it)."""
    if buf.startswith("--", pos + 2):
        start = pos + 4
        if buf.startswith((">", "->"), start):
            return None
        stop = buf.find("--", start)
        if stop < 0 or not buf.startswith("-->", stop):
            return None
        return buf[start:stop], stop + 3, True
    if buf.startswith("[CDATA[", pos + 2):
        start = pos + 9
        stop = buf.find("]]>", start)
        if stop < 0:
            return None
        return buf[start:stop], stop + 3, False
    return None


#: A reference in an attribute value that BUILD_SCAN admitted (groups as
#: BUILD_OTHER's 1-3).
_VALUE_REFERENCE = re.compile("&(?:#([0-9]{1,7});|#x([0-9A-Fa-f]{1,6});|([A-Za-z][A-Za-z0-9]*;))")
_VALUE_REFERENCE_SUB = _VALUE_REFERENCE.sub
_FIND_NAMED_VALUES = re.compile(_WS + "+([^\t\n :>/=][^\t\n =>/]*)" + _WS + "*=" + _WS
                                + "*(\"[^\"]*\"|'[^']*')").findall
_FIND_ATTRIBUTES = ATTRIBUTES.findall
# The same for attributes whose values are all double-quoted (most are):
# (name, value without the quotes) pairs, which dict() takes as they are.
# (The tree builder's loop inlines simple_attributes' use of it.)
FIND_DOUBLE_QUOTED = re.compile(_WS + "+([^\t\n :>/=][^\t\n =>/]*)" + _WS + "*=" + _WS
                                + "*\"([^\"&]*)\"").findall
_FIND_DOUBLE_QUOTED = FIND_DOUBLE_QUOTED

#: A character reference with its semicolon: named, decimal, hexadecimal.
_REFERENCE = re.compile(
    "&(?:([A-Za-z][A-Za-z0-9]*;)|#([0-9]{1,7});|#x([0-9A-Fa-f]{1,6});)").match


#: The named references the loops resolve: the five every XML processor
#: knows (XML 1.0 §4.6).  Any other name is left to the states, which
#: look for it among the DTD's entities, report it where WFC: Entity
#: Declared applies (xml10_compatible), and resolve it the HTML way.
PREDEFINED_ENTITIES = {"lt;": "<", "gt;": ">", "amp;": "&", "apos;": "'", "quot;": '"'}
_ENTITIES = PREDEFINED_ENTITIES


def _clean(code: int) -> bool:
    """Whether the numeric reference states take ``code`` as it is, with no
    parse error (see ``charrefs._numeric_value``)."""
    if code < 0x20:  # (FF is an error with xml10_compatible: not an XML Char)
        return code in (0x09, 0x0A)
    if 0x7F <= code <= 0x9F or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        return False
    return not (0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE)


def resolve_reference(buf: str, pos: int) -> tuple[str, int] | None:
    """``(text, end)`` for the reference at ``buf[pos]`` ("&") if it ends
    with its semicolon and the character reference state resolves it
    without a parse error; else None."""
    m = _REFERENCE(buf, pos)
    if m is None:
        return None
    named, decimal, hexadecimal = m.groups()
    if named is not None:
        # Every prefix of a known "name;" is a prefix of an entity name and
        # no entity name goes on after ";": the longest match is "name;".
        text = _ENTITIES.get(named)
        return None if text is None else (text, m.end())
    code = int(decimal, 10) if decimal is not None else int(hexadecimal, 16)
    return (chr(code), m.end()) if _clean(code) else None


def simple_attributes(source: str, normalize: bool) -> dict[str, str] | None:
    """The attributes of a simple tag's attributes group (see ``SCAN``), or
    None when a name repeats (a duplicate attribute, an error the states
    report).  ``normalize``: XML 1.0 attribute-value normalization of
    literal TAB and LF, as in the quoted value states."""
    if "'" in source:
        pairs = _FIND_ATTRIBUTES(source)
        attrs = {n: v[1:-1] for n, v in pairs}
    else:
        pairs = _FIND_DOUBLE_QUOTED(source)
        attrs = dict(pairs)
    if normalize and ("\n" in source or "\t" in source):
        for n, v in attrs.items():
            if "\n" in v or "\t" in v:
                attrs[n] = v.translate(ATTRIBUTE_VALUE_WHITESPACE)
    return attrs if len(attrs) == len(pairs) else None


class _Unclean(Exception):
    """A reference in an attribute value that the states would report."""


def _value_reference(m: re.Match[str]) -> str:
    named = m.group(3)
    if named is not None:
        text = _ENTITIES.get(named)
        if text is None:
            raise _Unclean
        return text
    decimal = m.group(1)
    code = int(decimal, 10) if decimal is not None else int(m.group(2), 16)
    if not _clean(code):
        raise _Unclean
    return chr(code)


def reference_attributes(source: str, normalize: bool) -> dict[str, str] | None:
    """The attributes of a tag that BUILD_SCAN matched (its group 3), with
    the character references in their values resolved; None when a name
    repeats or a reference is one the states would report (both errors
    the states then report).  ``normalize`` as for
    :func:`simple_attributes`: literal TAB and LF become spaces (before the
    references are resolved, so ``&#10;`` stays a line feed)."""
    if "&" not in source:
        return simple_attributes(source, normalize)
    pairs = _FIND_NAMED_VALUES(source)
    attrs = {}
    try:
        for name, value in pairs:
            value = value[1:-1]
            if normalize and ("\n" in value or "\t" in value):
                value = value.translate(ATTRIBUTE_VALUE_WHITESPACE)
            if "&" in value:
                value = _VALUE_REFERENCE_SUB(_value_reference, value)
            attrs[name] = value
    except _Unclean:
        return None
    return attrs if len(attrs) == len(pairs) else None


def stray_character(buf: str, pos: int, end: int, xml10: bool = False) -> str | None:
    """What the states make of the character at ``buf[pos]`` (``end`` is
    the end of the input so far), when it is a stray "&" or "<", or a "]",
    as the character after it tells (or the two after a "]"): text and no
    error, ``""``, for a "]" that does not begin "]]>" or without ``xml10``;
    text and cdata-section-end-in-text for one that does; text and no error, ``""``, for a "&" that
    begins no character reference (the character reference in data state's
    "not a character reference"), or with ``xml10`` (xml10_compatible) the
    error unescaped-ampersand; text and the error code it returns for a
    "<" that begins no tag (the tag state's invalid-first-character-of-
    tag-name, reported at the next character); None for anything else, or
    when the next character is not in yet.  The loops take these as the
    states do, so that a run of them ("<<<<", "& & &") does not leave a
    loop, to be set up again, for each."""
    if pos + 1 >= end:
        return None
    c = buf[pos]
    if c == "&":
        if buf[pos + 1] not in NOT_A_REFERENCE:
            return None
        # (With xml10_compatible such a "&" is an error, reported at the
        # next character, as the character reference states do.)
        return "unescaped-ampersand" if xml10 else ""
    if c == "<" and buf[pos + 1] in NOT_A_TAG:
        return "invalid-first-character-of-tag-name"
    if c == "]":
        # Text, but for the "]" that begins "]]>" with xml10 (the data
        # state's cdata-section-end-in-text, reported at the second "]").
        if buf[pos + 1] != "]":
            return ""
        if pos + 2 >= end:
            return None
        return "cdata-section-end-in-text" if xml10 and buf[pos + 2] == ">" else ""
    return None


class DataShortcut(_Core):
    """The data state's loop over text and simple tags."""

    def _data_shortcut(self) -> None:
        """Consume text and simple tags while they need no state (see
        :mod:`markup5.xml.tokenizer.shortcuts`); stop at the first character that
        does, with the text before it pending as the data state leaves it."""
        buf = self.buf
        pos = self.pos
        end = self.end
        sink = self._tree_sink
        if sink is not None and sink.builds_in_shortcut():
            sink.run_data_shortcut(self)
            return
        scan = _SCAN_MATCH
        text = self._text
        normalize = self.xml10_compatible
        if sink is None:
            append = self._out.append
        else:
            # A tree builder that is not building in the main phase.
            characters = sink.characters
            start_tag = sink.start_tag
            empty_tag = sink.empty_tag
            end_tag = sink.end_tag
        data: str | None  # the text before a tag, if any
        while True:
            m = scan(buf, pos)
            t = m.end(1)
            i = m.end()
            if i == t:
                # No tag: "&", "<" (not a simple tag) or the end.
                if t > pos:
                    text.append(buf[pos:t])
                if i < end and buf[i] == "&":
                    if sink is not None and normalize:
                        # Outside the root element (the builder builds in
                        # its own loop inside): an error for the data state.
                        self.pos = i
                        return
                    ref = resolve_reference(buf, i)
                    if ref is not None:
                        text.append(ref[0])
                        pos = ref[1]
                        continue
                stray = stray_character(buf, i, end, normalize)
                if stray is not None:
                    if stray:
                        self._error(stray, i + 1)
                    text.append(buf[i])
                    pos = i + 1
                    continue
                self.pos = i
                return
            _, name, source, empty, end_name = m.groups()
            if name is not None:
                if source:
                    attrs = simple_attributes(source, normalize)
                    if attrs is None:
                        # A duplicate attribute: an error for the states.
                        if t > pos:
                            text.append(buf[pos:t])
                        self.pos = t
                        return
                else:
                    attrs = {}
            if text:
                if t > pos:
                    text.append(buf[pos:t])
                data = text[0] if len(text) == 1 else "".join(text)
                text.clear()
            else:
                data = buf[pos:t] if t > pos else None
            pos = i
            if sink is None:
                if data is not None:
                    append(Characters(data))
                if name is None:
                    append(EndTag(end_name))
                elif empty:
                    append(EmptyTag(name, attrs))
                else:
                    append(StartTag(name, attrs))
            else:
                # As if emitted by a state: the offset is just after the tag.
                self.pos = i
                if data is not None:
                    characters(data)
                if name is None:
                    end_tag(end_name)
                elif empty:
                    empty_tag(name, attrs)
                else:
                    start_tag(name, attrs)
                    if sink.builds_in_shortcut():  # the root element: go on there
                        sink.run_data_shortcut(self)
                        return

