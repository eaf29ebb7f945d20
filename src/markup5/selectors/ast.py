"""The parsed form of a selector (Selectors Level 4, §17 grammar).

A :class:`SelectorList` holds :class:`ComplexSelector` objects; each is a
sequence of :class:`CompoundSelector` joined by combinators; a compound holds
an optional :class:`TypeSelector` and simple selectors (id, class,
attribute, pseudo-classes).  The objects are immutable in practice and
compared by identity: the matcher keys its per-call caches on them.
"""

from __future__ import annotations

from typing import Union

__all__ = [
    "ANY_NAMESPACE", "SelectorList", "ComplexSelector", "RelativeSelector",
    "CompoundSelector", "TypeSelector", "IdSelector", "ClassSelector", "AttributeSelector",
    "PseudoClass", "NthPseudoClass", "LogicalPseudoClass", "HasPseudoClass",
    "LangPseudoClass", "DirPseudoClass", "ArgumentPseudoClass",
]


class _AnyNamespace:
    """The namespace component ``*|``: any namespace, or none."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ANY_NAMESPACE"


ANY_NAMESPACE = _AnyNamespace()

# Combinators, as they are written; " " is the descendant combinator.
DESCENDANT, CHILD, NEXT_SIBLING, SUBSEQUENT_SIBLING = " ", ">", "+", "~"


class TypeSelector:
    """A type selector or the universal selector: ``name`` is None for
    ``*``; ``namespace`` is a URI, None (no namespace, ``|E``) or
    :data:`ANY_NAMESPACE`."""

    __slots__ = ("namespace", "name")

    def __init__(self, namespace: object, name: str | None) -> None:
        self.namespace = namespace
        self.name = name

    def __repr__(self) -> str:
        return f"TypeSelector({self.namespace!r}, {self.name!r})"


class IdSelector:
    """``#name``."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"IdSelector({self.name!r})"


class ClassSelector:
    """``.name``."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"ClassSelector({self.name!r})"


class AttributeSelector:
    """``[ns|name op value flag]``: ``operator`` is None (presence), "=",
    "~=", "|=", "^=", "$=" or "*="; ``case`` is None, "i" or "s";
    ``namespace`` is None (no namespace: the default for attributes), a URI
    or :data:`ANY_NAMESPACE`; ``explicit_namespace`` tells whether the
    selector wrote a namespace component (``[|a]``, ``[*|a]``, ``[ns|a]``)."""

    __slots__ = ("namespace", "name", "operator", "value", "case", "explicit_namespace")

    def __init__(self, namespace: object, name: str, operator: str | None = None,
                 value: str = "", case: str | None = None,
                 explicit_namespace: bool = False) -> None:
        self.explicit_namespace = explicit_namespace
        self.namespace = namespace
        self.name = name
        self.operator = operator
        self.value = value
        self.case = case

    def __repr__(self) -> str:
        return (f"AttributeSelector({self.namespace!r}, {self.name!r}, {self.operator!r}, "
                f"{self.value!r}, {self.case!r})")


class PseudoClass:
    """A pseudo-class without arguments (``:root``, ``:checked``...),
    ``name`` in ASCII lowercase."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"PseudoClass({self.name!r})"


class NthPseudoClass:
    """``:nth-child(An+B [of S])`` and its relatives: ``name`` is
    "nth-child", "nth-last-child", "nth-of-type" or "nth-last-of-type";
    ``of`` is the ``S`` selector list or None."""

    __slots__ = ("name", "a", "b", "of")

    def __init__(self, name: str, a: int, b: int, of: SelectorList | None = None) -> None:
        self.name = name
        self.a = a
        self.b = b
        self.of = of

    def __repr__(self) -> str:
        return f"NthPseudoClass({self.name!r}, {self.a}, {self.b}, {self.of!r})"


class LogicalPseudoClass:
    """``:is()``, ``:where()``, ``:not()`` or ``:-webkit-any()`` (an older
    :is() of compound selectors) with its selector list."""

    __slots__ = ("name", "selectors")

    def __init__(self, name: str, selectors: SelectorList) -> None:
        self.name = name
        self.selectors = selectors

    def __repr__(self) -> str:
        return f"LogicalPseudoClass({self.name!r}, {self.selectors!r})"


class HasPseudoClass:
    """``:has(<relative-selector-list>)``."""

    __slots__ = ("relatives",)

    def __init__(self, relatives: tuple[RelativeSelector, ...]) -> None:
        self.relatives = relatives

    def __repr__(self) -> str:
        return f"HasPseudoClass({self.relatives!r})"


class LangPseudoClass:
    """``:lang(ranges...)``: the language ranges, as written."""

    __slots__ = ("ranges",)

    def __init__(self, ranges: tuple[str, ...]) -> None:
        self.ranges = ranges

    def __repr__(self) -> str:
        return f"LangPseudoClass({self.ranges!r})"


class DirPseudoClass:
    """``:dir(ident)``: ``direction`` in ASCII lowercase ("ltr", "rtl", or
    any other name, which matches nothing)."""

    __slots__ = ("direction",)

    def __init__(self, direction: str) -> None:
        self.direction = direction

    def __repr__(self) -> str:
        return f"DirPseudoClass({self.direction!r})"


class ArgumentPseudoClass:
    """A functional pseudo-class that no element of a shadow-free,
    script-free document matches: ``:host()`` and ``:host-context()``
    (``argument`` is a CompoundSelector), ``:state()`` (a name) and
    ``:active-view-transition-type()`` (a tuple of names)."""

    __slots__ = ("name", "argument")

    def __init__(self, name: str, argument: object) -> None:
        self.name = name
        self.argument = argument

    def __repr__(self) -> str:
        return f"ArgumentPseudoClass({self.name!r}, {self.argument!r})"


#: What a compound selector holds besides its type selector.
SimpleSelector = Union[IdSelector, ClassSelector, AttributeSelector, PseudoClass, NthPseudoClass,
                       LogicalPseudoClass, HasPseudoClass, LangPseudoClass, DirPseudoClass,
                       ArgumentPseudoClass]


class CompoundSelector:
    """A compound selector: ``type`` (or None) and ``simples`` (id, class,
    attribute and pseudo-class selectors, in source order).
    ``pseudo_element`` names the pseudo-element the compound ends with (or
    several, joined by "::", as in ``::part(x)::before``: "part::before");
    such a compound never matches an element, and its ``simples`` include
    the pseudo-classes written after the pseudo-element."""

    __slots__ = ("type", "simples", "pseudo_element")

    def __init__(self, type: TypeSelector | None, simples: tuple[SimpleSelector, ...],
                 pseudo_element: str | None = None) -> None:
        self.type = type
        self.simples = simples
        self.pseudo_element = pseudo_element

    def __repr__(self) -> str:
        return f"CompoundSelector({self.type!r}, {self.simples!r}, {self.pseudo_element!r})"


class ComplexSelector:
    """Compound selectors joined by combinators, left to right:
    ``combinators[i]`` joins ``compounds[i]`` and ``compounds[i + 1]``."""

    __slots__ = ("compounds", "combinators")

    def __init__(self, compounds: tuple[CompoundSelector, ...],
                 combinators: tuple[str, ...]) -> None:
        self.compounds = compounds
        self.combinators = combinators

    def __repr__(self) -> str:
        return f"ComplexSelector({self.compounds!r}, {self.combinators!r})"


class RelativeSelector:
    """A relative selector (the argument of ``:has()``): ``combinator``
    relates the anchor element to the first compound of ``selector``."""

    __slots__ = ("combinator", "selector")

    def __init__(self, combinator: str, selector: ComplexSelector) -> None:
        self.combinator = combinator
        self.selector = selector

    def __repr__(self) -> str:
        return f"RelativeSelector({self.combinator!r}, {self.selector!r})"


class SelectorList:
    """A comma-separated list of complex selectors."""

    __slots__ = ("selectors",)

    def __init__(self, selectors: tuple[ComplexSelector, ...]) -> None:
        self.selectors = selectors

    def __repr__(self) -> str:
        return f"SelectorList({self.selectors!r})"
