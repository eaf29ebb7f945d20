"""The DOCTYPE's internal subset: XML 1.0 (fifth edition) §2.8-§4.

:func:`parse_internal_subset` reads what is between ``[`` and ``]`` of a
DOCTYPE declaration (production [28] ``intSubset``) as a conforming
non-validating processor does, and returns a :class:`Dtd`:

* Every markup declaration is parsed by its production (elementdecl [45],
  AttlistDecl [52], EntityDecl [70], NotationDecl [82], PI [16], Comment
  [15]) and every well-formedness error met is reported as ``(code, document
  offset)``.  After a syntax error the parser skips to the declaration's
  closing ``>`` (outside literals) and goes on; that declaration is not
  used (an error inside a literal, such as a character reference to a
  character that is not a Char, does not make it unused).  A declaration
  read from a parameter entity's replacement text has the offset of the
  reference to that entity, and so have its errors.
* Entity declarations get their replacement text (§4.5): character
  references in the literal are expanded, general entity references are
  kept as written.  (§4.5 expands parameter-entity references there too,
  but in the internal subset one inside a markup declaration is the error
  of WFC: PEs in Internal Subset: it is reported and kept as written.)
* Attribute-list declarations get their default values normalized
  (§3.3.3), with the general entities declared *before* them expanded.
* Parameter-entity references between declarations ([28a] DeclSep) are
  expanded when the entity is internal; the replacement text is read as
  further declarations (WFC: PE Between Declarations), from an explicit
  stack of inputs (WFC: No Recursion), every character charged to an
  :class:`ExpansionBudget`.  An external parameter entity is **never read**
  (nothing is fetched or opened): the declarations after a reference to
  one, or to an undeclared one, are checked but not processed (§5.1), and
  :attr:`Dtd.complete` is False.

Nothing here recurses in Python on the input's nesting, and the work is
linear in the input plus the characters charged to the budget.
"""

from __future__ import annotations

import re
from html.entities import html5 as _HTML5

from .wellformedness import NAME, NAME_CHAR, NAME_START_CHAR, NMTOKEN, NOT_PUBID_CHAR

__all__ = [
    "AttributeDefinition",
    "Dtd",
    "ElementDeclaration",
    "EntityDeclaration",
    "ExpansionBudget",
    "NotationDeclaration",
    "parse_internal_subset",
]

# ---------------------------------------------------------------------------
# Characters and names (§2.2, §2.3)
#: [4] NameStartChar, [4a] NameChar, [5] Name and [7] Nmtoken, shared with
#: the tokenizer (markup5.xml.wellformedness).
_NAME_START_CHAR = NAME_START_CHAR
_NAME_CHAR = NAME_CHAR
_NAME = NAME
_NMTOKEN = NMTOKEN
#: [3] S (possibly empty).
_S = re.compile("[ \t\n\r]*")
#: [3] S, one or more, anywhere (to remove it from a content model).
_S_RUN = re.compile("[ \t\n\r]+")
#: A character that is not a [2] Char.
_NOT_CHAR = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_NOT_PUBID_CHAR = NOT_PUBID_CHAR  # [13] PubidChar (not)
#: [66] CharRef and [68] EntityRef after "&" (group 1 decimal, 2 hexadecimal, 3 a name).
_REFERENCE = re.compile(f"&(?:#(?:([0-9]+)|x([0-9a-fA-F]+))|([{_NAME_START_CHAR}][{_NAME_CHAR}]*));")
#: [69] PEReference after "%".
_PE_REFERENCE = re.compile(f"%([{_NAME_START_CHAR}][{_NAME_CHAR}]*);")
#: What stops a run of plain characters in an EntityValue ([9]).
_ENTITY_VALUE_STOP = re.compile("[&%\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: What stops a run of plain characters in an attribute value ([10], §3.3.3).
_ATTRIBUTE_VALUE_STOP = re.compile("[&<\t\n\r\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: A keyword after "<!" (the declaration's kind).
_DECLARATION_KEYWORD = re.compile("<!([A-Za-z]*)")
#: A keyword inside a declaration (types, "#REQUIRED", "SYSTEM", ...).
_KEYWORD = re.compile("#?[A-Za-z]+")
#: Where to look for the end of a declaration when recovering.
_RECOVERY_STOP = re.compile("[>\"']")
#: Where a conditional section opens or closes.
_CONDITIONAL_STOP = re.compile(r"<!\[|\]\]>")
#: [61] conditionalSect's start: ('<![' S? 'INCLUDE' S? '[' or '<![' S? 'IGNORE' S? '[').
_CONDITIONAL_START = re.compile("<!\\[[ \t\n\r]*(INCLUDE|IGNORE)[ \t\n\r]*\\[")
#: What may start a markup declaration or a reference in the internal subset.
_SUBSET_STOP = re.compile("[<%]")

_WHITESPACE = " \t\n\r"

#: [55] StringType, [56] TokenizedType.
_ATTRIBUTE_TYPES = frozenset(("CDATA", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES",
                              "NMTOKEN", "NMTOKENS"))


def _skip_s(text: str, pos: int) -> int:
    """The position after the [3] S (possibly empty) at ``pos``."""
    m = _S.match(text, pos)
    return pos if m is None else m.end()


def _is_char(code: int) -> bool:
    """[2] Char: whether the code point is a legal XML character
    (WFC: Legal Character, for character references)."""
    return (code == 0x9 or code == 0xA or code == 0xD or 0x20 <= code <= 0xD7FF
            or 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF)


def _referenced_code_point(m: re.Match[str]) -> int:
    """The code point a [66] CharRef matched by ``_REFERENCE`` refers to, or
    -1 when it is too large to be one (so that a reference with thousands of
    digits is neither converted nor refused by ``int``)."""
    decimal = m.group(1)
    digits = (decimal if decimal is not None else m.group(2)).lstrip("0")
    if len(digits) > 8:
        return -1
    return int(digits or "0", 10 if decimal is not None else 16)


# ---------------------------------------------------------------------------
# The expansion budget


class ExpansionBudget:
    """Bounds entity expansion for one document (expat's rule: amplification).

    ``direct`` is the number of characters of input read so far (the parser
    raises it as input arrives); ``expanded`` the number of characters
    entity expansion produced.  Expansion is refused once
    ``direct + expanded`` exceeds both ``activation_threshold`` and
    ``max_amplification * direct``; then :attr:`exceeded` stays True.
    """

    __slots__ = ("direct", "expanded", "exceeded", "max_amplification", "activation_threshold")

    def __init__(self, direct: int = 0, *, max_amplification: float = 100.0,
                 activation_threshold: int = 8 * 1024 * 1024) -> None:
        if isinstance(direct, bool) or not isinstance(direct, int):
            raise TypeError(f"direct must be an int, not {type(direct).__name__}")
        if direct < 0:
            raise ValueError(f"direct must not be negative, got {direct}")
        if isinstance(max_amplification, bool) or not isinstance(max_amplification, (int, float)):
            raise TypeError("max_amplification must be a number, not "
                            f"{type(max_amplification).__name__}")
        if not max_amplification >= 1.0:  # also refuses NaN
            raise ValueError(f"max_amplification must be at least 1.0, got {max_amplification}")
        if isinstance(activation_threshold, bool) or not isinstance(activation_threshold, int):
            raise TypeError("activation_threshold must be an int, not "
                            f"{type(activation_threshold).__name__}")
        if activation_threshold < 0:
            raise ValueError("activation_threshold must not be negative, got "
                             f"{activation_threshold}")
        self.direct: int = direct
        self.expanded: int = 0
        self.exceeded: bool = False
        self.max_amplification: float = float(max_amplification)
        self.activation_threshold: int = activation_threshold

    def charge(self, n: int) -> bool:
        """Count ``n`` more characters produced by expanding an entity.

        Returns False (and sets :attr:`exceeded`; every later call returns
        False too) when ``direct + expanded`` would exceed
        ``max(activation_threshold, max_amplification * direct)``; the
        refused characters are not counted."""
        if self.exceeded:
            return False
        total = self.direct + self.expanded + n
        if total > self.activation_threshold and total > self.max_amplification * self.direct:
            self.exceeded = True
            return False
        self.expanded += n
        return True

    def __repr__(self) -> str:
        return (f"ExpansionBudget(direct={self.direct}, expanded={self.expanded}, "
                f"exceeded={self.exceeded})")


# ---------------------------------------------------------------------------
# Declarations


class EntityDeclaration:
    """An entity declaration ([70] EntityDecl).

    ``value`` is an internal entity's replacement text (§4.5: character
    references and parameter-entity references in the literal expanded,
    general entity references kept as written, ``&name;``), None for an
    external entity; ``system_id`` / ``public_id`` its ExternalID;
    ``notation`` the NDATA name of an unparsed entity; ``offset`` the
    document offset of ``<!ENTITY``."""

    __slots__ = ("name", "is_parameter", "value", "system_id", "public_id", "notation", "offset")

    def __init__(self, name: str, *, is_parameter: bool = False, value: str | None = None,
                 system_id: str | None = None, public_id: str | None = None,
                 notation: str | None = None, offset: int = 0) -> None:
        self.name = name
        self.is_parameter = is_parameter
        self.value = value
        self.system_id = system_id
        self.public_id = public_id
        self.notation = notation
        self.offset = offset

    @property
    def is_external(self) -> bool:
        """Whether the entity is external (declared with an ExternalID)."""
        return self.value is None

    @property
    def is_unparsed(self) -> bool:
        """Whether the entity is unparsed (has an NDATA notation)."""
        return self.notation is not None

    def __repr__(self) -> str:
        kind = "%" if self.is_parameter else ""
        if self.value is not None:
            return f"<EntityDeclaration {kind}{self.name} {self.value!r}>"
        return (f"<EntityDeclaration {kind}{self.name} public={self.public_id!r} "
                f"system={self.system_id!r} notation={self.notation!r}>")


class AttributeDefinition:
    """One attribute definition ([53] AttDef) of an attribute-list declaration.

    ``type`` is "CDATA", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES",
    "NMTOKEN", "NMTOKENS", "NOTATION" or "ENUMERATION"; ``values`` the
    enumerated names; ``default`` "#REQUIRED", "#IMPLIED", "#FIXED" or ""
    (a plain default value); ``value`` the default value normalized as an
    attribute value (§3.3.3), None for #REQUIRED and #IMPLIED."""

    __slots__ = ("element", "name", "type", "values", "default", "value", "offset")

    def __init__(self, element: str, name: str, type: str, values: tuple[str, ...] = (),
                 default: str = "", value: str | None = None, offset: int = 0) -> None:
        self.element = element
        self.name = name
        self.type = type
        self.values = values
        self.default = default
        self.value = value
        self.offset = offset

    def __repr__(self) -> str:
        return (f"<AttributeDefinition {self.element} {self.name} {self.type} "
                f"{self.default or 'default'} {self.value!r}>")


class ElementDeclaration:
    """An element type declaration ([45] elementdecl): ``content`` is the
    contentspec as written without whitespace ("EMPTY", "ANY",
    "(#PCDATA|a)*", "(a,b?)")."""

    __slots__ = ("name", "content", "offset")

    def __init__(self, name: str, content: str, offset: int = 0) -> None:
        self.name = name
        self.content = content
        self.offset = offset

    def __repr__(self) -> str:
        return f"<ElementDeclaration {self.name} {self.content}>"


class NotationDeclaration:
    """A notation declaration ([82] NotationDecl)."""

    __slots__ = ("name", "public_id", "system_id", "offset")

    def __init__(self, name: str, public_id: str | None = None, system_id: str | None = None,
                 offset: int = 0) -> None:
        self.name = name
        self.public_id = public_id
        self.system_id = system_id
        self.offset = offset

    def __repr__(self) -> str:
        return f"<NotationDeclaration {self.name} {self.public_id!r} {self.system_id!r}>"


#: §4.6 Predefined Entities, as if declared as the section recommends
#: (lt and amp doubly escaped).
_PREDEFINED: dict[str, EntityDeclaration] = {
    name: EntityDeclaration(name, value=value, offset=-1)
    for name, value in (("lt", "&#60;"), ("gt", ">"), ("amp", "&#38;"),
                        ("apos", "'"), ("quot", '"'))
}
#: The character each predefined entity stands for.
_PREDEFINED_CHARACTER = {"lt": "<", "gt": ">", "amp": "&", "apos": "'", "quot": '"'}


class Dtd:
    """What the internal subset declares (see :func:`parse_internal_subset`).

    ``general_entities`` and ``parameter_entities`` map names to
    :class:`EntityDeclaration` (the first declaration wins, §4.2; the five
    predefined entities are known without being listed, see
    :meth:`expand_in_attribute_value`); ``attribute_lists`` maps an element
    name to its attribute definitions (the first definition of an attribute
    wins; several ATTLIST declarations for one element merge);
    ``elements`` and ``notations`` the element type and notation
    declarations; ``errors`` the ``(code, document offset)`` of every
    error, in order.  ``complete`` is False when declarations were skipped
    after a reference to a parameter entity that is not read (§5.1).
    ``undeclared_entity_is_error`` says whether WFC: Entity Declared applies
    (§4.1): True when ``standalone``, or when there is no external subset
    and no parameter-entity reference."""

    __slots__ = ("general_entities", "parameter_entities", "attribute_lists", "elements",
                 "notations", "errors", "complete", "undeclared_entity_is_error", "_memo")

    def __init__(self) -> None:
        self.general_entities: dict[str, EntityDeclaration] = {}
        self.parameter_entities: dict[str, EntityDeclaration] = {}
        self.attribute_lists: dict[str, dict[str, AttributeDefinition]] = {}
        self.elements: dict[str, ElementDeclaration] = {}
        self.notations: dict[str, NotationDeclaration] = {}
        self.errors: list[tuple[str, int]] = []
        self.complete: bool = True
        self.undeclared_entity_is_error: bool = True
        #: expand_in_attribute_value's results: name -> (text, codes, cost).
        self._memo: dict[str, tuple[str, list[str], int]] = {}

    def __repr__(self) -> str:
        return (f"<Dtd {len(self.general_entities)} general entities, "
                f"{len(self.parameter_entities)} parameter entities, "
                f"{len(self.attribute_lists)} attribute lists, {len(self.errors)} errors>")

    def expand_in_attribute_value(self, name: str, budget: ExpansionBudget
                                  ) -> tuple[str, list[str]]:
        """The text a reference ``&name;`` contributes to an attribute value
        (§3.3.3 step 3): the replacement text with whitespace characters
        turned into spaces and the references in it expanded, recursively;
        returns ``(text, error codes)``.

        Errors: ``recursive-entity-reference`` (WFC: No Recursion; the
        reference contributes nothing), ``less-than-sign-in-attribute-value``
        (WFC: No < in Attribute Values), ``external-entity-reference-in-attribute-value``
        (WFC: No External Entity References), ``reference-to-unparsed-entity``
        (WFC: Parsed Entity), ``undeclared-entity`` (WFC: Entity Declared,
        only when :attr:`undeclared_entity_is_error`; an undeclared name
        is then resolved the HTML way, or kept as written),
        ``unescaped-ampersand``, ``invalid-character-reference``,
        ``invalid-character`` and ``entity-expansion-limit-exceeded`` (the
        budget refused: the rest is dropped).  The five predefined entities
        are always known.  Results are memoized per name; every use charges
        the budget again with what the expansion cost."""
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        if not isinstance(budget, ExpansionBudget):
            raise TypeError(f"budget must be an ExpansionBudget, not {type(budget).__name__}")
        text, found = _expand_attribute_text(self, "&" + name + ";", budget)
        codes = [code for code, _ in found
                 if code != "undeclared-entity" or self.undeclared_entity_is_error]
        return text, list(codes)


def _lookup_general(dtd: Dtd, name: str) -> EntityDeclaration | None:
    """A general entity's declaration, the predefined ones included (§4.6)."""
    entity = dtd.general_entities.get(name)
    if entity is None:
        entity = _PREDEFINED.get(name)
    return entity


def _expand_attribute_text(dtd: Dtd, text: str, budget: ExpansionBudget
                           ) -> tuple[str, list[tuple[str, int]]]:
    """§3.3.3 steps 2 and 3 over ``text`` (an attribute value as written,
    between its quotes): character references replaced by their character,
    white space characters (#x20 #xD #xA #x9) by a space, entity references
    by their replacement text processed the same way (from an explicit
    stack, never recursively in Python).  Returns the normalized text and
    ``(code, index in text)`` errors (an error met inside an entity is at
    the index of the reference to it in ``text``; each code is reported
    once per index).

    Each entity's result is kept in ``dtd._memo`` and reused (also when a
    reference cycle was cut in it, where the cycle came back to an entity
    being expanded: every use then gives the text as first made).  The
    budget is charged with each replacement text read, with each result
    kept, and with a kept result's cost at each reuse, so the work is
    bounded by what the budget allows.  When the budget refuses, the rest
    of the value is dropped (fail closed)."""
    out: list[str] = []
    errors: list[tuple[str, int]] = []
    reported: set[tuple[str, int]] = set()
    memo = dtd._memo
    # The inputs being read, innermost last: texts, positions, entity
    # names, the error codes met in each (an ordered set; a code in one is
    # in all those below it), and where each entity's output and cost start.
    texts = [text]
    positions = [0]
    names = [""]
    found: list[dict[str, None]] = [{}]
    starts: list[tuple[int, int]] = [(0, 0)]
    active: set[str] = set()
    where = 0  # the index in `text` of the reference being expanded
    stop = _ATTRIBUTE_VALUE_STOP.search
    reference = _REFERENCE.match

    def report(code: str, at: int) -> None:
        if (code, at) not in reported:
            reported.add((code, at))
            errors.append((code, at))
        for k in range(len(found) - 1, 0, -1):
            if code in found[k]:
                break
            found[k][code] = None

    while texts:
        t = texts[-1]
        p = positions[-1]
        m = stop(t, p)
        if m is None:
            out.append(t[p:])
            texts.pop()
            positions.pop()
            name = names.pop()
            codes = found.pop()
            out_start, expanded_start = starts.pop()
            if name:
                active.discard(name)
                result = "".join(out[out_start:])
                out[out_start:] = [result]
                # Keeping the result costs its length (so that chains of
                # entities cannot make kept results quadratic in size).
                if not budget.charge(len(result)):
                    report("entity-expansion-limit-exceeded", where)
                    break
                memo[name] = (result, list(codes), budget.expanded - expanded_start)
            continue
        i = m.start()
        if i > p:
            out.append(t[p:i])
        at = i if len(texts) == 1 else where
        c = t[i]
        if c == "&":
            r = reference(t, i)
            if r is None:
                report("unescaped-ampersand", at)
                out.append("&")
                positions[-1] = i + 1
                continue
            positions[-1] = r.end()
            entity_name = r.group(3)
            if entity_name is None:  # a character reference
                code = _referenced_code_point(r)
                if _is_char(code):
                    out.append(chr(code))
                else:
                    report("invalid-character-reference", at)  # WFC: Legal Character
                continue
            if len(texts) == 1:
                where = at = i
            if entity_name in active:
                report("recursive-entity-reference", at)  # WFC: No Recursion
                continue
            entity = _lookup_general(dtd, entity_name)
            if entity is None:
                # WFC: Entity Declared (kept only when it applies); the name
                # is resolved the HTML way, or kept as written.
                report("undeclared-entity", at)
                out.append(_HTML5.get(entity_name + ";", r.group()))
                continue
            if entity.notation is not None:
                report("reference-to-unparsed-entity", at)  # WFC: Parsed Entity
                continue
            value = entity.value
            if value is None:
                # WFC: No External Entity References.
                report("external-entity-reference-in-attribute-value", at)
                continue
            kept = memo.get(entity_name)
            if kept is not None:
                if not budget.charge(kept[2]):
                    report("entity-expansion-limit-exceeded", at)
                    break
                out.append(kept[0])
                for kept_code in kept[1]:
                    report(kept_code, at)
                continue
            if not budget.charge(len(value)):
                report("entity-expansion-limit-exceeded", at)
                break
            starts.append((len(out), budget.expanded - len(value)))
            texts.append(value)
            positions.append(0)
            names.append(entity_name)
            found.append({})
            active.add(entity_name)
            continue
        positions[-1] = i + 1
        if c in _WHITESPACE:
            out.append(" ")
        elif c == "<":
            # WFC: No < in Attribute Values (a "<" written in the value is
            # also outside the AttValue production).
            report("less-than-sign-in-attribute-value", at)
            out.append("<")
        else:
            report("invalid-character", at)  # [2] Char
            out.append(c)
    return "".join(out), errors


# ---------------------------------------------------------------------------
# The parser


class _Frame:
    """One input being read: the internal subset, or a parameter entity's
    replacement text included between declarations."""

    __slots__ = ("text", "pos", "name", "reference_offset", "includes", "errors_before",
                 "expanded_before")

    def __init__(self, text: str, name: str, reference_offset: int) -> None:
        self.text = text
        self.pos = 0
        #: The parameter entity's name ("" for the internal subset).
        self.name = name
        #: The document offset errors in this input are reported at (the
        #: outermost reference), or -1 for the internal subset itself.
        self.reference_offset = reference_offset
        #: INCLUDE sections open in this input.
        self.includes = 0
        #: The number of errors met (reported or not) and the budget's count
        #: when it was included.
        self.errors_before = 0
        self.expanded_before = 0


class _Failure(Exception):
    """A declaration does not match its production (internal: caught by
    the declaration loop, which then recovers)."""

    def __init__(self, code: str, pos: int) -> None:
        super().__init__(code)
        self.code = code
        self.pos = pos


class _SubsetParser:
    """Reads one internal subset into a :class:`Dtd`."""

    def __init__(self, text: str, offset: int, has_external_subset: bool, standalone: bool,
                 budget: ExpansionBudget) -> None:
        self.dtd = Dtd()
        self.offset = offset
        self.has_external_subset = has_external_subset
        self.standalone = standalone
        self.budget = budget
        self.frames = [_Frame(text, "", -1)]
        self.active: set[str] = set()
        #: The current input (the top frame's text) and its error offset.
        self.text = text
        self.reference_offset = -1
        #: Whether a parameter-entity reference was met (§4.1).
        self.saw_pe_reference = False
        #: Errors with their kind: True for WFC: Entity Declared errors in
        #: default values, reported only if the WFC applies in the end.
        self.errors: list[tuple[str, int, bool]] = []
        self.reported: set[tuple[str, int, bool]] = set()
        #: Errors met so far, each time (reported or not).
        self.errors_met = 0
        #: Counts the changes to the declarations (and to ``complete``).
        self.generation = 0
        #: Parameter entities read to their end: name -> (the generation
        #: when the inclusion ended, what it cost, and the offset of the
        #: reference its errors were reported at, or -1 if it had none).
        self.included: dict[str, tuple[int, int, int]] = {}
        #: The quote characters with no closing match after a position (recovery).
        self._unmatched: dict[str, int] = {}
        self._unmatched_text = ""

    # -- errors ---------------------------------------------------------

    def at(self, pos: int) -> int:
        """The document offset of position ``pos`` of the current input."""
        if self.reference_offset >= 0:
            return self.reference_offset
        return self.offset + pos

    def error(self, code: str, pos: int) -> None:
        """Report ``code`` at ``pos`` of the current input (once per offset:
        the errors of a parameter entity read several times for one
        reference are all at that reference)."""
        self.report(code, self.at(pos), False)

    def report(self, code: str, offset: int, conditional: bool) -> None:
        self.errors_met += 1
        key = (code, offset, conditional)
        if key not in self.reported:
            self.reported.add(key)
            self.errors.append(key)

    def fail(self, code: str, pos: int) -> _Failure:
        """The failure to raise when the production does not match at ``pos``
        (a parameter-entity reference there is named as such)."""
        if self.text.startswith("%", pos) and _PE_REFERENCE.match(self.text, pos):
            # WFC: PEs in Internal Subset.
            self.saw_pe_reference = True
            code = "parameter-entity-reference-in-markup-declaration"
        return _Failure(code, pos)

    # -- the declaration loop -------------------------------------------

    def run(self) -> Dtd:
        """[28b] intSubset ::= (markupdecl | DeclSep)*"""
        frames = self.frames
        while frames:
            frame = frames[-1]
            text = self.text = frame.text
            self.reference_offset = frame.reference_offset
            pos = _skip_s(text, frame.pos)
            if pos >= len(text):
                if frame.includes:
                    self.error("unterminated-conditional-section", len(text))
                frames.pop()
                if frame.name:
                    self.active.discard(frame.name)
                    # Including it again changes nothing while nothing new
                    # is declared, but for its errors: those are at the
                    # reference, so the same reference may skip it only.
                    had_errors = self.errors_met != frame.errors_before
                    self.included[frame.name] = (
                        self.generation, self.budget.expanded - frame.expanded_before,
                        frame.reference_offset if had_errors else -1)
                continue
            c = text[pos]
            if c == "<":
                try:
                    pos = self.markup(pos, frame)
                except _Failure as failure:
                    code = failure.code
                    if _skip_s(text, failure.pos) >= len(text) and code != "unterminated-literal":
                        # The input ends inside the declaration: in a
                        # parameter entity, WFC: PE Between Declarations
                        # (a declaration must end in the text it starts in).
                        code = ("unterminated-declaration-in-parameter-entity" if frame.name
                                else "eof-in-markup-declaration")
                    self.error(code, failure.pos)
                    pos = self.recover(failure.pos)
            elif c == "%":
                pos = self.pe_reference(pos, frame)
                if frames[-1] is not frame:
                    continue
            elif c == "]" and frame.includes and text.startswith("]]>", pos):
                frame.includes -= 1
                pos += 3
            else:
                self.error("unexpected-character-in-internal-subset", pos)
                m = _SUBSET_STOP.search(text, pos + 1)
                pos = len(text) if m is None else m.start()
            frame.pos = pos
        return self.finish()

    def finish(self) -> Dtd:
        dtd = self.dtd
        dtd.undeclared_entity_is_error = self.standalone or (
            not self.has_external_subset and not self.saw_pe_reference)
        dtd.errors = [(code, offset) for code, offset, conditional in self.errors
                      if not conditional or dtd.undeclared_entity_is_error]
        # Expansions made while reading saw only the entities declared so far.
        dtd._memo.clear()
        return dtd

    def recover(self, pos: int) -> int:
        """The position after the ``>`` that ends the declaration at ``pos``
        (``>`` in a literal does not count), or the end of the input."""
        text = self.text
        if self._unmatched_text is not text:
            self._unmatched_text = text
            self._unmatched = {}
        unmatched = self._unmatched
        search = _RECOVERY_STOP.search
        while True:
            m = search(text, pos)
            if m is None:
                return len(text)
            i = m.start()
            c = text[i]
            if c == ">":
                return i + 1
            if i >= unmatched.get(c, len(text)):
                pos = i + 1
                continue
            j = text.find(c, i + 1)
            if j < 0:
                unmatched[c] = i
                pos = i + 1
            else:
                pos = j + 1

    def incomplete(self) -> None:
        """Declarations after this point are not processed (§5.1)."""
        if self.dtd.complete:
            self.dtd.complete = False
            self.generation += 1

    def pe_reference(self, pos: int, frame: _Frame) -> int:
        """[28a] DeclSep: a PEReference ([69]) between declarations,
        included as PE (§4.4.8) when the entity is internal."""
        text = self.text
        m = _PE_REFERENCE.match(text, pos)
        if m is None:
            if _NAME.match(text, pos + 1):
                self.error("missing-semicolon-after-parameter-entity-reference", pos)
            else:
                self.error("unexpected-character-in-internal-subset", pos)
            m2 = _SUBSET_STOP.search(text, pos + 1)
            return len(text) if m2 is None else m2.start()
        name = m.group(1)
        end = m.end()
        first = not self.saw_pe_reference
        self.saw_pe_reference = True
        if name in self.active:
            # WFC: No Recursion.  The reference that started the cycle
            # includes nothing more (fail closed: the cycle may fan out).
            self.error("recursive-entity-reference", pos)
            del self.frames[1:]
            self.active.clear()
            return len(self.text)
        entity = self.dtd.parameter_entities.get(name)
        if entity is None:
            # WFC: Entity Declared applies when standalone="yes" or before any
            # other parameter-entity reference in a document without an
            # external subset (libxml2 reads it so too); otherwise it is a
            # validity constraint.  Either way what follows may depend on the
            # missing declarations (§5.1).
            if self.standalone or (first and not self.has_external_subset):
                self.error("undeclared-parameter-entity", pos)
            self.incomplete()
            return end
        value = entity.value
        if value is None:
            # An external parameter entity: never read.
            self.incomplete()
            return end
        reference_offset = self.at(pos)
        repeat = self.included.get(name)
        if (repeat is not None and repeat[0] == self.generation
                and (repeat[2] < 0 or repeat[2] == reference_offset)):
            # Nothing declared since it was last included, without an error:
            # including it again would change nothing.  Its cost is charged
            # all the same (so the budget bounds "billion laughs" made of
            # parameter entities, and the work stays small).
            if self.budget.charge(repeat[1]):
                return end
        if self.budget.exceeded or not self.budget.charge(len(value) + 2):
            # Fail closed: no more expansion; what the included entities
            # still held is dropped, and what follows is not processed.
            self.error("entity-expansion-limit-exceeded", pos)
            self.incomplete()
            if len(self.frames) > 1:
                del self.frames[1:]
                self.active.clear()
                return len(self.text)
            return end
        frame.pos = end
        # §4.4.8: the replacement text enlarged by one leading and one trailing space.
        included = _Frame(" " + value + " ", name, reference_offset)
        included.errors_before = self.errors_met
        included.expanded_before = self.budget.expanded - len(value) - 2
        self.frames.append(included)
        self.active.add(name)
        return end

    def markup(self, pos: int, frame: _Frame) -> int:
        """[29] markupdecl, a PI or comment, or a conditional section;
        returns the position after it."""
        text = self.text
        if text.startswith("<!--", pos):
            return self.comment(pos)
        if text.startswith("<?", pos):
            return self.processing_instruction(pos)
        if text.startswith("<![", pos):
            return self.conditional_section(pos, frame)
        m = _DECLARATION_KEYWORD.match(text, pos)
        keyword = m.group(1) if m is not None else ""
        start = pos
        if keyword == "ELEMENT":
            pos = self.require_s(pos + 9)
            return self.element_declaration(start, pos)
        if keyword == "ATTLIST":
            pos = self.require_s(pos + 9)
            return self.attlist_declaration(start, pos)
        if keyword == "ENTITY":
            pos = self.require_s(pos + 8)
            return self.entity_declaration(start, pos)
        if keyword == "NOTATION":
            pos = self.require_s(pos + 10)
            return self.notation_declaration(start, pos)
        raise _Failure("invalid-markup-declaration", pos)

    # -- pieces ---------------------------------------------------------

    def require_s(self, pos: int) -> int:
        """[3] S, required."""
        end = _skip_s(self.text, pos)
        if end == pos:
            raise self.fail("missing-whitespace-in-declaration", pos)
        return end

    def name(self, pos: int, code: str = "invalid-name") -> tuple[str, int]:
        """[5] Name."""
        m = _NAME.match(self.text, pos)
        if m is None:
            raise self.fail(code, pos)
        return m.group(), m.end()

    def close(self, pos: int) -> int:
        """``S? '>'`` at the end of a declaration."""
        pos = _skip_s(self.text, pos)
        if not self.text.startswith(">", pos):
            raise self.fail("unexpected-character-in-declaration", pos)
        return pos + 1

    def literal(self, pos: int) -> tuple[str, int]:
        """A quoted literal's text (without the quotes) and the position
        after it; the quote must be at ``pos``."""
        text = self.text
        quote = text[pos] if pos < len(text) else ""
        if quote != '"' and quote != "'":
            raise self.fail("missing-quote-before-literal", pos)
        end = text.find(quote, pos + 1)
        if end < 0:
            raise _Failure("unterminated-literal", pos)
        return text[pos + 1:end], end + 1

    def check_chars(self, value: str, pos: int) -> None:
        """[2] Char for every character of ``value`` (which starts at ``pos``)."""
        m = _NOT_CHAR.search(value)
        if m is not None:
            self.error("invalid-character", pos + m.start())

    # -- comments and processing instructions ---------------------------

    def comment(self, pos: int) -> int:
        """[15] Comment ::= '<!--' ((Char - '-') | ('-' (Char - '-')))* '-->'"""
        text = self.text
        start = pos + 4
        i = text.find("--", start)
        if i < 0:
            self.error("eof-in-comment", pos)
            return len(text)
        end = i
        if not text.startswith("-->", i):
            self.error("double-hyphen-in-comment", i)
            end = text.find("-->", i + 1)
            if end < 0:
                self.error("eof-in-comment", pos)
                return len(text)
        self.check_chars(text[start:end], start)
        return end + 3

    def processing_instruction(self, pos: int) -> int:
        """[16] PI ::= '<?' PITarget (S (Char* - (Char* '?>' Char*)))? '?>'"""
        text = self.text
        end = text.find("?>", pos + 2)
        if end < 0:
            self.error("eof-in-processing-instruction", pos)
            return len(text)
        m = _NAME.match(text, pos + 2, end)
        if m is None:
            self.error("invalid-processing-instruction-target", pos + 2)
            return end + 2
        # [17] PITarget ::= Name - (('X' | 'x') ('M' | 'm') ('L' | 'l'))
        if m.group().lower() == "xml":
            self.error("reserved-processing-instruction-target", pos + 2)
        elif ":" in m.group():
            # Namespaces in XML 1.0 §7: no processing instruction target contains a colon.
            self.error("colon-in-processing-instruction-target", pos + 2)
        i = m.end()
        if i < end:
            if text[i] not in _WHITESPACE:
                self.error("missing-whitespace-after-processing-instruction-target", i)
            self.check_chars(text[i:end], i)
        return end + 2

    def conditional_section(self, pos: int, frame: _Frame) -> int:
        """[61] conditionalSect: not allowed in the internal subset itself
        ([28b]); in a parameter entity's replacement text included between
        declarations it is part of extSubsetDecl ([31], WFC: PE Between
        Declarations)."""
        text = self.text
        if frame.name:
            m = _CONDITIONAL_START.match(text, pos)
            if m is not None and m.group(1) == "INCLUDE":
                # [62] includeSect: its declarations are read in place.
                frame.includes += 1
                return m.end()
            if m is None:
                self.error("invalid-conditional-section", pos)
        else:
            self.error("conditional-section-in-internal-subset", pos)
        # [63] ignoreSect / recovery: skip to the balanced "]]>" ([64], [65]).
        depth = 0
        search = _CONDITIONAL_STOP.search
        while True:
            m2 = search(text, pos)
            if m2 is None:
                self.error("unterminated-conditional-section", len(text))
                return len(text)
            pos = m2.end()
            if m2.group() == "<![":
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    return pos

    # -- element type declarations --------------------------------------

    def element_declaration(self, start: int, pos: int) -> int:
        """[45] elementdecl ::= '<!ELEMENT' S Name S contentspec S? '>'"""
        text = self.text
        name, pos = self.name(pos)
        pos = self.require_s(pos)
        spec_start = pos
        # [46] contentspec ::= 'EMPTY' | 'ANY' | Mixed | children
        if text.startswith("(", pos):
            pos = self.content_model(pos)
        else:
            m = _KEYWORD.match(text, pos)
            if m is None or m.group() not in ("EMPTY", "ANY"):
                raise self.fail("invalid-content-model", pos)
            pos = m.end()
        content = _S_RUN.sub("", text[spec_start:pos])
        end = self.close(pos)
        if name not in self.dtd.elements:
            self.generation += 1
            self.dtd.elements[name] = ElementDeclaration(name, content, self.at(start))
        return end

    def content_model(self, pos: int) -> int:
        """[51] Mixed or [47] children (with [48] cp, [49] choice, [50] seq),
        from an explicit stack of open groups; returns the position after it."""
        text = self.text
        s = _skip_s
        open_pos = pos
        pos = s(text, pos + 1)
        if text.startswith("#PCDATA", pos):
            # [51] Mixed ::= '(' S? '#PCDATA' (S? '|' S? Name)* S? ')*'
            #              | '(' S? '#PCDATA' S? ')'
            pos += 7
            names = 0
            while True:
                pos = s(text, pos)
                if text.startswith("|", pos):
                    pos = s(text, pos + 1)
                    _, pos = self.name(pos, "invalid-content-model")
                    names += 1
                elif text.startswith(")", pos):
                    pos += 1
                    if text.startswith("*", pos):
                        return pos + 1
                    if names:
                        raise _Failure("missing-asterisk-after-mixed-content", pos)
                    return pos
                else:
                    raise self.fail("invalid-content-model", pos)
        # Each open group: its separator ("" until the second cp).
        groups: list[str] = [""]
        expect_cp = True
        while True:
            pos = s(text, pos)
            if expect_cp:
                # [48] cp ::= (Name | choice | seq) ('?' | '*' | '+')?
                if text.startswith("(", pos):
                    groups.append("")
                    pos += 1
                    continue
                m = _NAME.match(text, pos)
                if m is None:
                    if text.startswith("#PCDATA", pos):
                        raise _Failure("misplaced-pcdata-in-content-model", pos)
                    raise self.fail("invalid-content-model", pos)
                pos = m.end()
                if pos < len(text) and text[pos] in "?*+":
                    pos += 1
                expect_cp = False
                continue
            c = text[pos] if pos < len(text) else ""
            if c == "|" or c == ",":
                separator = groups[-1]
                if separator and separator != c:
                    # [49] choice and [50] seq do not mix separators.
                    raise _Failure("mixed-separators-in-content-model", pos)
                groups[-1] = c
                pos += 1
                expect_cp = True
            elif c == ")":
                groups.pop()
                pos += 1
                if pos < len(text) and text[pos] in "?*+":
                    pos += 1
                if not groups:
                    return pos
            else:
                raise self.fail("invalid-content-model", pos if c else open_pos)

    # -- attribute-list declarations ------------------------------------

    def attlist_declaration(self, start: int, pos: int) -> int:
        """[52] AttlistDecl ::= '<!ATTLIST' S Name AttDef* S? '>'"""
        text = self.text
        element, pos = self.name(pos)
        definitions: list[AttributeDefinition] = []
        while True:
            # [53] AttDef ::= S Name S AttType S DefaultDecl
            after_s = _skip_s(text, pos)
            if text.startswith(">", after_s):
                pos = after_s + 1
                break
            if after_s == pos:
                raise self.fail("missing-whitespace-in-declaration", pos)
            pos = after_s
            name, pos = self.name(pos)
            pos = self.require_s(pos)
            attribute_type, values, pos = self.attribute_type(pos)
            pos = self.require_s(pos)
            # [60] DefaultDecl ::= '#REQUIRED' | '#IMPLIED' | (('#FIXED' S)? AttValue)
            default = ""
            value: str | None = None
            if text.startswith("#", pos):
                m = _KEYWORD.match(text, pos)
                keyword = m.group() if m is not None else ""
                if keyword == "#REQUIRED" or keyword == "#IMPLIED":
                    default = keyword
                    pos += len(keyword)
                elif keyword == "#FIXED":
                    default = keyword
                    pos = self.require_s(pos + 6)
                else:
                    raise _Failure("invalid-default-declaration", pos)
            if default == "" or default == "#FIXED":
                value, pos = self.default_value(pos, attribute_type)
            definitions.append(AttributeDefinition(element, name, attribute_type, values,
                                                   default, value, self.at(start)))
        if self.dtd.complete:
            attributes = self.dtd.attribute_lists.setdefault(element, {})
            for definition in definitions:
                if definition.name not in attributes:
                    attributes[definition.name] = definition
                    self.generation += 1
        return pos

    def attribute_type(self, pos: int) -> tuple[str, tuple[str, ...], int]:
        """[54] AttType ::= StringType | TokenizedType | EnumeratedType"""
        text = self.text
        if text.startswith("(", pos):
            # [59] Enumeration ::= '(' S? Nmtoken (S? '|' S? Nmtoken)* S? ')'
            values, pos = self.name_group(pos, _NMTOKEN)
            return "ENUMERATION", values, pos
        m = _KEYWORD.match(text, pos)
        keyword = m.group() if m is not None else ""
        if keyword in _ATTRIBUTE_TYPES:
            return keyword, (), pos + len(keyword)
        if keyword == "NOTATION":
            # [58] NotationType ::= 'NOTATION' S '(' S? Name (S? '|' S? Name)* S? ')'
            pos = self.require_s(pos + 8)
            if not text.startswith("(", pos):
                raise self.fail("invalid-attribute-type", pos)
            values, pos = self.name_group(pos, _NAME)
            return "NOTATION", values, pos
        raise self.fail("invalid-attribute-type", pos)

    def name_group(self, pos: int, token: re.Pattern[str]) -> tuple[tuple[str, ...], int]:
        """``'(' S? token (S? '|' S? token)* S? ')'`` ([58], [59])."""
        text = self.text
        s = _skip_s
        values: list[str] = []
        pos += 1
        while True:
            pos = s(text, pos)
            m = token.match(text, pos)
            if m is None:
                raise self.fail("invalid-attribute-type", pos)
            values.append(m.group())
            pos = s(text, m.end())
            if text.startswith(")", pos):
                return tuple(values), pos + 1
            if not text.startswith("|", pos):
                raise self.fail("invalid-attribute-type", pos)
            pos += 1

    def default_value(self, pos: int, attribute_type: str) -> tuple[str, int]:
        """[10] AttValue in a DefaultDecl, normalized (§3.3.3)."""
        raw, end = self.literal(pos)
        start = pos + 1
        if self.dtd.complete:
            value, found = _expand_attribute_text(self.dtd, raw, self.budget)
        else:
            # Not processed (§5.1): checked for its own syntax only.
            value, found = raw, _check_attribute_value(raw)
        for code, index in found:
            self.report(code, self.at(start + index), code == "undeclared-entity")
        if attribute_type != "CDATA":
            value = " ".join(part for part in value.split(" ") if part)
        return value, end

    # -- entity declarations --------------------------------------------

    def entity_declaration(self, start: int, pos: int) -> int:
        """[70] EntityDecl ::= GEDecl | PEDecl
        [71] GEDecl ::= '<!ENTITY' S Name S EntityDef S? '>'
        [72] PEDecl ::= '<!ENTITY' S '%' S Name S PEDef S? '>'"""
        text = self.text
        is_parameter = False
        if text.startswith("%", pos) and not _PE_REFERENCE.match(text, pos):
            is_parameter = True
            pos = self.require_s(pos + 1)
        name, pos = self.name(pos)
        if ":" in name:
            # Namespaces in XML 1.0 §7: no entity name contains a colon.
            self.error("colon-in-entity-name", pos - len(name))
        pos = self.require_s(pos)
        value: str | None = None
        public_id: str | None = None
        system_id: str | None = None
        notation: str | None = None
        if text.startswith(('"', "'"), pos):
            value, pos = self.entity_value(pos)
        else:
            # [73] EntityDef ::= EntityValue | (ExternalID NDataDecl?)
            # [74] PEDef ::= EntityValue | ExternalID
            public_id, system_id, pos = self.external_id(pos, public_only=False)
            after_s = _skip_s(text, pos)
            m = _KEYWORD.match(text, after_s)
            if m is not None and m.group() == "NDATA":
                # [76] NDataDecl ::= S 'NDATA' S Name
                if after_s == pos:
                    raise self.fail("missing-whitespace-in-declaration", pos)
                if is_parameter:
                    raise _Failure("unparsed-parameter-entity", after_s)
                pos = self.require_s(m.end())
                notation, pos = self.name(pos)
        end = self.close(pos)
        if not self.dtd.complete:
            return end  # §5.1: not processed.
        entity = EntityDeclaration(name, is_parameter=is_parameter, value=value,
                                   system_id=system_id, public_id=public_id,
                                   notation=notation, offset=self.at(start))
        entities = self.dtd.parameter_entities if is_parameter else self.dtd.general_entities
        if not is_parameter and name in _PREDEFINED:
            if not _is_predefined_declaration(name, value):
                self.error("invalid-predefined-entity-declaration", start)
                return end
        if name not in entities:  # §4.2: the first declaration is binding.
            entities[name] = entity
            self.generation += 1
        return end

    def entity_value(self, pos: int) -> tuple[str, int]:
        """[9] EntityValue, turned into the replacement text (§4.5)."""
        raw, end = self.literal(pos)
        start = pos + 1
        out: list[str] = []
        stop = _ENTITY_VALUE_STOP.search
        p = 0
        while True:
            m = stop(raw, p)
            if m is None:
                out.append(raw[p:])
                break
            i = m.start()
            out.append(raw[p:i])
            c = raw[i]
            if c == "&":
                r = _REFERENCE.match(raw, i)
                if r is None:
                    self.error("unescaped-ampersand", start + i)
                    out.append("&")
                    p = i + 1
                    continue
                p = r.end()
                if r.group(3) is not None:
                    out.append(r.group())  # bypassed (§4.4.7)
                    continue
                code = _referenced_code_point(r)
                if _is_char(code):
                    out.append(chr(code))  # included (§4.4.5)
                else:
                    self.error("invalid-character-reference", start + i)  # WFC: Legal Character
            elif c == "%":
                r = _PE_REFERENCE.match(raw, i)
                self.saw_pe_reference = True
                if r is None:
                    self.error("unescaped-percent-sign-in-entity-value", start + i)
                    out.append("%")
                    p = i + 1
                else:
                    # WFC: PEs in Internal Subset: not expanded.
                    self.error("parameter-entity-reference-in-markup-declaration", start + i)
                    out.append(r.group())
                    p = r.end()
            else:
                self.error("invalid-character", start + i)
                out.append(c)
                p = i + 1
        return "".join(out), end

    def external_id(self, pos: int, *, public_only: bool) -> tuple[str | None, str | None, int]:
        """[75] ExternalID ::= 'SYSTEM' S SystemLiteral
                          | 'PUBLIC' S PubidLiteral S SystemLiteral
        and, with ``public_only``, [83] PublicID ::= 'PUBLIC' S PubidLiteral."""
        text = self.text
        m = _KEYWORD.match(text, pos)
        keyword = m.group() if m is not None else ""
        if keyword == "SYSTEM":
            pos = self.require_s(pos + 6)
            system_id, pos = self.system_literal(pos)
            return None, system_id, pos
        if keyword != "PUBLIC":
            raise self.fail("invalid-external-id", pos)
        pos = self.require_s(pos + 6)
        # [12] PubidLiteral ::= '"' PubidChar* '"' | "'" (PubidChar - "'")* "'"
        public_id, after = self.literal(pos)
        bad = _NOT_PUBID_CHAR.search(public_id)
        if bad is not None:
            self.error("invalid-pubid-character", pos + 1 + bad.start())
        pos = after
        after_s = _skip_s(text, pos)
        if public_only and not text.startswith(('"', "'"), after_s):
            return public_id, None, pos
        if after_s == pos:
            raise self.fail("missing-whitespace-in-declaration", pos)
        system_id, pos = self.system_literal(after_s)
        return public_id, system_id, pos

    def system_literal(self, pos: int) -> tuple[str, int]:
        """[11] SystemLiteral ::= ('"' [^"]* '"') | ("'" [^']* "'")"""
        value, end = self.literal(pos)
        self.check_chars(value, pos + 1)
        return value, end

    # -- notation declarations ------------------------------------------

    def notation_declaration(self, start: int, pos: int) -> int:
        """[82] NotationDecl ::= '<!NOTATION' S Name S (ExternalID | PublicID) S? '>'"""
        name, pos = self.name(pos)
        if ":" in name:
            # Namespaces in XML 1.0 §7: no notation name contains a colon.
            self.error("colon-in-notation-name", pos - len(name))
        pos = self.require_s(pos)
        public_id, system_id, pos = self.external_id(pos, public_only=True)
        end = self.close(pos)
        if name not in self.dtd.notations:
            self.generation += 1
            self.dtd.notations[name] = NotationDeclaration(name, public_id, system_id,
                                                           self.at(start))
        return end


def _check_attribute_value(raw: str) -> list[tuple[str, int]]:
    """The errors of an AttValue ([10]) as written, with no reference
    expanded: ``<``, a ``&`` that starts no reference, a character
    reference to a character that is not a Char (WFC: Legal Character), a
    character that is not a Char."""
    errors: list[tuple[str, int]] = []
    for m in _ATTRIBUTE_VALUE_STOP.finditer(raw):
        i = m.start()
        c = raw[i]
        if c == "&":
            r = _REFERENCE.match(raw, i)
            if r is None:
                errors.append(("unescaped-ampersand", i))
            elif r.group(3) is None:
                if not _is_char(_referenced_code_point(r)):
                    errors.append(("invalid-character-reference", i))
        elif c == "<":
            errors.append(("less-than-sign-in-attribute-value", i))
        elif c not in _WHITESPACE:
            errors.append(("invalid-character", i))
    return errors


def _is_predefined_declaration(name: str, value: str | None) -> bool:
    """§4.6: lt and amp must be declared as internal entities whose
    replacement text is a character reference to the character; gt, apos
    and quot as the character itself or a character reference to it."""
    if value is None:
        return False
    character = _PREDEFINED_CHARACTER[name]
    m = _REFERENCE.fullmatch(value)
    if m is not None and m.group(3) is None:
        code = _referenced_code_point(m)
        return _is_char(code) and chr(code) == character
    return name not in ("lt", "amp") and value == character


def parse_internal_subset(text: str, *, offset: int = 0, has_external_subset: bool = False,
                          standalone: bool = False,
                          budget: ExpansionBudget | None = None) -> Dtd:
    """Parse the internal subset ``text`` (what is between "[" and "]" of the
    DOCTYPE; ``offset`` is the document offset of its first character) into
    a :class:`Dtd`, reporting every well-formedness error of XML 1.0
    §2.8-§4 met there.

    Parameter-entity references between declarations are expanded
    (internal ones, charging ``budget``: one for the document, or a new
    ``ExpansionBudget(len(text))``); an external parameter entity is never
    read (nothing is ever fetched or opened).  ``has_external_subset``
    and ``standalone`` decide whether WFC: Entity Declared applies (§4.1).
    Never raises on any input."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    if isinstance(offset, bool) or not isinstance(offset, int):
        raise TypeError(f"offset must be an int, not {type(offset).__name__}")
    if offset < 0:
        raise ValueError(f"offset must not be negative, got {offset}")
    if budget is None:
        budget = ExpansionBudget(len(text))
    elif not isinstance(budget, ExpansionBudget):
        raise TypeError(f"budget must be an ExpansionBudget, not {type(budget).__name__}")
    return _SubsetParser(text, offset, bool(has_external_subset), bool(standalone),
                         budget).run()
