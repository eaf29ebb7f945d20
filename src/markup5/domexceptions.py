"""The DOM Standard's exceptions (``DOMException`` names) that markup5's
DOM raises, as :class:`ValueError` subclasses.  Re-exported by
:mod:`markup5.dom`."""

from __future__ import annotations

__all__ = ["DOMError", "HierarchyRequestError", "NotFoundError",
           "NoModificationAllowedError", "InvalidCharacterError", "DOMSyntaxError",
           "NamespaceError"]


class DOMError(ValueError):
    """Base class of the DOM Standard's exceptions (``DOMException``).

    Each subclass is named after the standard's exception name (``name``
    gives it as the standard spells it) and is a :class:`ValueError`, so
    ``except ValueError`` catches them all.
    """

    name = "DOMException"


class HierarchyRequestError(DOMError):
    """The edit would make a tree the DOM forbids (a node inside itself, a
    second document element or doctype, text directly under a document,
    ...).  The tree is left unchanged."""

    name = "HierarchyRequestError"


class NotFoundError(DOMError):
    """The reference node is not a child of the parent it was given with."""

    name = "NotFoundError"


class NoModificationAllowedError(DOMError):
    """The edit is not allowed here (``outer_html`` of a document's root)."""

    name = "NoModificationAllowedError"


class InvalidCharacterError(DOMError):
    """A name or token holds a character the standard does not allow."""

    name = "InvalidCharacterError"


class DOMSyntaxError(DOMError):
    """The DOM's ``SyntaxError`` (an empty token given to a DOMTokenList)."""

    name = "SyntaxError"


class NamespaceError(DOMError):
    """A namespaced name whose prefix and namespace do not go together."""

    name = "NamespaceError"
