"""Token classes emitted by the HTML tokenizer (§13.2.5).

The standard's tokenizer emits six kinds of token: DOCTYPE, start tag, end
tag, comment, character and end-of-file.  markup5 coalesces adjacent
character tokens into one :class:`Characters` token, represents end-of-file
as the end of iteration, and adds :class:`ProcessingInstruction` (added to
the standard on 2026-06-25).

All tokens are light (``__slots__``), compare by value and have a readable
``repr``.  :meth:`Token.as_list` gives the html5lib-tests list form.
"""

from __future__ import annotations

__all__ = [
    "Token",
    "StartTag",
    "EndTag",
    "Characters",
    "Comment",
    "Doctype",
    "ProcessingInstruction",
]


class Token:
    """Base class of all tokens."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() != other._values()

    __hash__ = None  # type: ignore[assignment]  # tokens are mutable

    def __reduce__(self) -> tuple[object, ...]:
        # Pickling by the constructor (every token class takes its slots in
        # order): the default for classes with __slots__ fails with
        # protocols 0 and 1.
        return (type(self), self._values())

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({args})"

    def as_list(self) -> list[object]:
        """This token in the html5lib-tests tokenizer list format."""
        raise NotImplementedError


class StartTag(Token):
    """A start tag token.

    ``attrs`` maps attribute names to values in source order; a repeated
    attribute keeps its first value (the tokenizer reports
    ``duplicate-attribute``).
    """

    __slots__ = ("name", "attrs", "self_closing")

    def __init__(self, name: str, attrs: dict[str, str] | None = None,
                 self_closing: bool = False) -> None:
        self.name = name
        self.attrs = {} if attrs is None else attrs
        self.self_closing = self_closing

    def as_list(self) -> list[object]:
        if self.self_closing:
            return ["StartTag", self.name, dict(self.attrs), True]
        return ["StartTag", self.name, dict(self.attrs)]


class EndTag(Token):
    """An end tag token.  (Attributes and a trailing solidus on end tags are
    parse errors and are dropped.)"""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def as_list(self) -> list[object]:
        return ["EndTag", self.name]


class Characters(Token):
    """A run of character tokens, coalesced."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        self.data = data

    def as_list(self) -> list[object]:
        return ["Character", self.data]


class Comment(Token):
    """A comment token (also produced by bogus comments)."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        self.data = data

    def as_list(self) -> list[object]:
        return ["Comment", self.data]


class Doctype(Token):
    """A DOCTYPE token.  Missing name and identifiers are ``None``."""

    __slots__ = ("name", "public_id", "system_id", "force_quirks")

    def __init__(self, name: str | None = None, public_id: str | None = None,
                 system_id: str | None = None, force_quirks: bool = False) -> None:
        self.name = name
        self.public_id = public_id
        self.system_id = system_id
        self.force_quirks = force_quirks

    def as_list(self) -> list[object]:
        # html5lib-tests' last field is "correctness": not force-quirks.
        return ["DOCTYPE", self.name, self.public_id, self.system_id, not self.force_quirks]


class ProcessingInstruction(Token):
    """A processing instruction token ``<?target data?>`` (HTML, 2026)."""

    __slots__ = ("target", "data")

    def __init__(self, target: str, data: str = "") -> None:
        self.target = target
        self.data = data

    def as_list(self) -> list[object]:
        return ["ProcessingInstruction", self.target, self.data]
