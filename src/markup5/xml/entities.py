"""Expanding the general entities an internal subset declares (XML 1.0 §4.4).

:func:`markup5.xml.parse_xml` reads the DOCTYPE's internal subset with
:mod:`markup5.xml.dtd`; this module is what the tokenizer does with a
reference ``&name;`` to a name declared there, as a conforming
non-validating XML processor does:

* In content, an internal entity is **included** (§4.4.2): its replacement
  text is tokenized as content, in the data state, and its tokens are
  emitted where the reference was; references in it are included the same
  way.  The tokens of each entity are made once and reused (tags are
  copied, so no two elements share an attribute dictionary).  The
  replacement text must match the ``content`` production (§4.3.2, WFC:
  Parsed Entity): a tag not closed in the entity, or an end tag of an
  element opened outside it, is the error ``unbalanced-markup-in-entity``
  (the tokens are used as they are, so the tree is what the text inline
  would give).  An external parsed entity is **not read** (nothing is ever
  fetched or opened): the reference contributes nothing, without an error
  (XML 1.0 §4.4.3 lets a non-validating processor skip it).  A reference to
  an unparsed entity is ``reference-to-unparsed-entity`` (WFC: Parsed
  Entity) and contributes nothing.
* In an attribute value, the replacement text is normalized (§3.3.3) by
  :meth:`markup5.xml.dtd.Dtd.expand_in_attribute_value`.
* A name that is declared nowhere and is not one of the five predefined
  ones is the error ``undeclared-entity`` when WFC: Entity Declared applies
  (§4.1: no DTD, or only an internal subset without parameter-entity
  references, or ``standalone="yes"``), and is then resolved the HTML way
  as before (``&nbsp;`` gives U+00A0), as :mod:`markup5.xml` documents.

Limits (fail closed): every character an expansion produces is charged to
one :class:`~markup5.xml.dtd.ExpansionBudget` per document, expat's rule:
once the input up to the reference plus the characters expanded exceed
both the activation threshold (8 MiB) and 100 times that input, expansion
stops and each further reference is the error
``entity-expansion-limit-exceeded`` and contributes nothing.  Each element,
comment or processing instruction an entity makes counts as
:data:`NODE_COST` characters.  The input counted is the stream up to the
reference, so the result does not depend on how the input was fed.  So "billion laughs" and quadratic-blowup
documents cost time and memory linear in their size.  An entity that
references itself, directly or not, is ``recursive-entity-reference``
(WFC: No Recursion); nesting deeper than :data:`MAX_DEPTH` entities is
``entity-nesting-too-deep``.  Both contribute nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import ParseError
from . import tokens as T

if TYPE_CHECKING:
    from .dtd import Dtd, ExpansionBudget
    from .tokenizer import Tokenizer

__all__ = ["EntityExpander", "MAX_DEPTH", "NODE_COST", "PREDEFINED"]

#: How many entities may be being included one inside another.
MAX_DEPTH = 40

#: The entities every XML processor knows (XML 1.0 §4.6).
PREDEFINED = frozenset(("lt", "gt", "amp", "apos", "quot"))

_EMPTY: tuple[list[Any], list[str]] = ([], [])

#: What each element, comment or processing instruction an entity's
#: replacement text makes counts for, in characters of the budget: a node
#: costs the tree far more memory than a character of text does, and a
#: short entity of tags (``<!ENTITY t "<b/>">``) must not amplify memory
#: more than one of text.
NODE_COST = 64
_NODE_TOKENS = frozenset((T.StartTag, T.EmptyTag, T.Comment, T.ProcessingInstruction))


class _Inclusion:
    """The tokens of one entity's replacement text, made once."""

    __slots__ = ("tokens", "errors", "cost", "has_tags")

    def __init__(self, tokens: list[Any], errors: list[str], cost: int) -> None:
        self.tokens = tokens
        self.errors = errors
        #: The characters charged to the budget to make it (its own
        #: replacement text and those of the entities it includes).
        self.cost = cost
        self.has_tags = any(type(t) is T.StartTag or type(t) is T.EmptyTag for t in tokens)


class EntityExpander:
    """Includes declared entities for one document's tokenizer (see the
    module docstring).  ``dtd`` is the internal subset read; ``budget``
    bounds what expansion produces."""

    def __init__(self, dtd: Dtd, budget: ExpansionBudget, *, standalone: bool = False) -> None:
        self.dtd = dtd
        self.budget = budget
        self.standalone = standalone
        self._inclusions: dict[str, _Inclusion | None] = {}
        #: The entities being included, innermost last (WFC: No Recursion).
        self._active: list[str] = []

    def declares(self, name: str) -> bool:
        """Whether ``name`` is a declared general entity."""
        return name in self.dtd.general_entities

    def in_content(self, name: str) -> tuple[list[Any], list[str]]:
        """The tokens a reference ``&name;`` (to a declared entity) stands
        for in content, and the error codes to report at the reference."""
        entity = self.dtd.general_entities[name]
        if entity.notation is not None:
            return [], ["reference-to-unparsed-entity"]
        value = entity.value
        if value is None:  # an external parsed entity: never read
            return _EMPTY
        inclusions = self._inclusions
        if name in inclusions:
            inclusion = inclusions[name]
            if inclusion is None:  # being made: the entity includes itself
                return [], ["recursive-entity-reference"]
            if not self.budget.charge(inclusion.cost):
                return [], ["entity-expansion-limit-exceeded"]
            tokens = inclusion.tokens
            if inclusion.has_tags:
                tokens = [_copy(t) for t in tokens]
            return tokens, inclusion.errors
        if len(self._active) >= MAX_DEPTH:
            return [], ["entity-nesting-too-deep"]
        budget = self.budget
        before = budget.expanded
        if not budget.charge(len(value)):
            return [], ["entity-expansion-limit-exceeded"]
        inclusions[name] = None
        self._active.append(name)
        try:
            tokens, errors = self._tokenize(value)
        finally:
            self._active.pop()
        nodes = sum(1 for t in tokens if type(t) in _NODE_TOKENS)
        if nodes and not budget.charge(NODE_COST * nodes):
            del inclusions[name]
            return [], ["entity-expansion-limit-exceeded"]
        inclusion = _Inclusion(tokens, errors, budget.expanded - before)
        if budget.exceeded:
            # Made partly: what it includes ran out of budget.  It is not
            # kept, so every later reference is refused too.
            del inclusions[name]
        else:
            inclusions[name] = inclusion
        return tokens, errors

    def _tokenize(self, value: str) -> tuple[list[Any], list[str]]:
        """Tokenize a replacement text as content (the data state)."""
        if "<" not in value and "&" not in value and "]]>" not in value:
            return ([T.Characters(value)] if value else []), []
        from .tokenizer import Tokenizer
        nested: Tokenizer = Tokenizer(value, xml10_compatible=True)
        nested.fast_paths = False
        nested.process_dtd = False
        nested.standalone = self.standalone
        nested._undeclared_is_error = self.dtd.undeclared_entity_is_error
        nested._expander = self
        nested._expander_nested = True
        tokens: list[Any] = []
        depth = 0
        unbalanced = False
        for token in nested:
            kind = type(token)
            if kind is ParseError:
                continue
            if kind is T.StartTag:
                depth += 1
            elif kind is T.EndTag or kind is T.ShortTag:
                if depth:
                    depth -= 1
                else:
                    unbalanced = True
            tokens.append(token)
        # Each code once: an entity that includes others repeats their
        # errors, and a reference reports what its entity's text holds.
        errors = list(dict.fromkeys(error.code for error in nested.errors))
        if depth or unbalanced:
            errors.append("unbalanced-markup-in-entity")
        return tokens, errors


def _copy(token: Any) -> Any:
    """A tag token's copy with its own attributes (other tokens are
    shared: the tree builder does not change them)."""
    kind = type(token)
    if kind is T.StartTag:
        return T.StartTag(token.name, dict(token.attrs))
    if kind is T.EmptyTag:
        return T.EmptyTag(token.name, dict(token.attrs))
    return token
