"""``DOMTokenList`` (the DOM Standard, §7.1): a live view of an element's
space-separated token attribute, behind ``Element.class_list``.  Re-exported
by :mod:`markup5.dom`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .domexceptions import DOMSyntaxError, InvalidCharacterError

if TYPE_CHECKING:
    from .dom import Element

__all__ = ["DOMTokenList", "ordered_set"]

_ASCII_WHITESPACE = "\t\n\f\r "


def _require_str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    return value


def ordered_set(value: str) -> list[str]:
    """The DOM's "ordered set parser": split on ASCII whitespace, drop
    duplicates (first wins)."""
    from .microsyntax._tokens import split_space_tokens
    return list(dict.fromkeys(split_space_tokens(value)))


class DOMTokenList:
    """A live view of an element's space-separated token attribute (the
    DOM's ``DOMTokenList``; ``Element.class_list``).

    Reading runs the DOM's ordered set parser on the attribute (split on
    ASCII whitespace, duplicates dropped); every change writes the tokens
    back joined by single spaces, except that an absent attribute is not
    created just to hold nothing.  Tokens must be non-empty
    (:class:`DOMSyntaxError`) and hold no ASCII whitespace
    (:class:`InvalidCharacterError`).
    """

    __slots__ = ("_element", "_attribute")

    def __init__(self, element: Element, attribute: str = "class") -> None:
        self._element = element
        self._attribute = attribute

    def _tokens(self) -> list[str]:
        value = self._element.attrs.get(self._attribute)
        return ordered_set(value) if value else []

    def _update(self, tokens: list[str]) -> None:
        # The DOM's "update steps".
        attrs = self._element.attrs
        if self._attribute not in attrs and not tokens:
            return
        attrs[self._attribute] = " ".join(tokens)

    @staticmethod
    def _validate(token: object) -> str:
        if not isinstance(token, str):
            raise TypeError(f"a token must be a str, not {type(token).__name__}")
        if not token:
            raise DOMSyntaxError("a token cannot be empty")
        if any(c in token for c in _ASCII_WHITESPACE):
            raise InvalidCharacterError(f"a token cannot contain whitespace: {token!r}")
        return token

    @property
    def value(self) -> str:
        """The attribute's value ("" if absent); settable."""
        return self._element.attrs.get(self._attribute, "")

    @value.setter
    def value(self, value: str) -> None:
        self._element.attrs[self._attribute] = _require_str(value, "value")

    def __len__(self) -> int:
        return len(self._tokens())

    def __iter__(self) -> Iterator[str]:
        return iter(self._tokens())

    def __getitem__(self, index: int) -> str:
        return self._tokens()[index]

    def item(self, index: int) -> str | None:
        """The token at ``index``, or None (the DOM's ``item()``)."""
        tokens = self._tokens()
        return tokens[index] if 0 <= index < len(tokens) else None

    def __contains__(self, token: object) -> bool:
        return isinstance(token, str) and token in self._tokens()

    def contains(self, token: str) -> bool:
        """Whether ``token`` is in the list."""
        _require_str(token, "the token")
        return token in self._tokens()

    def add(self, *tokens: str) -> None:
        """Add each token not already present, at the end."""
        for token in tokens:
            self._validate(token)
        # The ordered set as a dict (insertion-ordered keys): "append if
        # absent" is one hash lookup per token, not a scan of the list.
        current = dict.fromkeys(self._tokens())
        for token in tokens:
            if token not in current:
                current[token] = None
        self._update(list(current))

    def remove(self, *tokens: str) -> None:
        """Remove each token (absent ones are ignored)."""
        for token in tokens:
            self._validate(token)
        absent = frozenset(tokens)  # one hash lookup per token, not a scan
        current = [t for t in self._tokens() if t not in absent]
        self._update(current)

    def toggle(self, token: str, force: bool | None = None) -> bool:
        """Remove ``token`` if present, add it if not (``force`` True only
        adds, False only removes); returns whether it is present now."""
        self._validate(token)
        if force is not None and not isinstance(force, bool):
            raise TypeError(f"force must be a bool or None, not {type(force).__name__}")
        current = self._tokens()
        if token in current:
            if force is None or not force:
                current.remove(token)
                self._update(current)
                return False
            return True
        if force is None or force:
            current.append(token)
            self._update(current)
            return True
        return False

    def replace(self, token: str, new_token: str) -> bool:
        """Replace ``token`` by ``new_token`` in place; returns False (and
        changes nothing) if ``token`` is absent."""
        self._validate(token)
        self._validate(new_token)
        current = self._tokens()
        if token not in current:
            return False
        # The ordered set "replace": the first of token/new_token becomes
        # new_token, other occurrences of either go.
        result: list[str] = []
        placed = False
        for t in current:
            if t == token or t == new_token:
                if not placed:
                    result.append(new_token)
                    placed = True
            else:
                result.append(t)
        self._update(result)
        return True

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DOMTokenList):
            return self._tokens() == other._tokens()
        if isinstance(other, (list, tuple)):
            return self._tokens() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"DOMTokenList({self._tokens()!r})"
