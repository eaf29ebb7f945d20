"""Token classes emitted by the XML5 tokenizer.

XML5 has its own token shapes, so these are separate from
:mod:`markup5.tokens` (which carries HTML-only fields such as the
self-closing flag and force-quirks): a start tag, an *empty* tag (``<a/>``),
an end tag, the *short* end tag ``</>``, character data (adjacent character
tokens coalesced), comments, processing instructions and DOCTYPEs.
End-of-file is the end of iteration.

All tokens are light (``__slots__``), compare by value and have a readable
``repr``; :meth:`XmlToken.as_list` gives the xml5lib-tests list form.
"""

from __future__ import annotations

from typing import Any

from ..tokens import Token

__all__ = [
    "XmlToken", "StartTag", "EmptyTag", "EndTag", "ShortTag", "Characters", "Comment",
    "ProcessingInstruction", "Doctype",
]


class XmlToken(Token):
    """Base class of the XML5 tokens (value equality and no hashing come
    from :class:`markup5.tokens.Token`; the repr is positional)."""

    __slots__: tuple[str, ...] = ()

    def __repr__(self) -> str:
        args = ", ".join(f"{getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({args})"


class StartTag(XmlToken):
    """A start tag ``<name attr="value">``.  ``attrs`` maps raw attribute
    names (``"xlink:href"``) to values, in source order."""

    __slots__ = ("name", "attrs")

    def __init__(self, name: str, attrs: dict[str, str] | None = None) -> None:
        self.name = name
        self.attrs = {} if attrs is None else attrs

    def as_list(self) -> list[object]:
        return ["StartTag", self.name, dict(self.attrs)]


class EmptyTag(XmlToken):
    """An empty-element tag ``<name attr="value"/>``."""

    __slots__ = ("name", "attrs")

    def __init__(self, name: str, attrs: dict[str, str] | None = None) -> None:
        self.name = name
        self.attrs = {} if attrs is None else attrs

    def as_list(self) -> list[object]:
        return ["EmptyTag", self.name, dict(self.attrs)]


class EndTag(XmlToken):
    """An end tag ``</name>`` (attributes on end tags are parse errors and
    dropped)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def as_list(self) -> list[object]:
        return ["EndTag", self.name]


class ShortTag(XmlToken):
    """The short end tag ``</>``: it closes the current element."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ShortTag()"

    def as_list(self) -> list[object]:
        return ["ShortTag", ""]


class Characters(XmlToken):
    """A run of character tokens, coalesced."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        self.data = data

    def as_list(self) -> list[object]:
        return ["Character", self.data]


class Comment(XmlToken):
    """A comment token (also produced by bogus comments)."""

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        self.data = data

    def as_list(self) -> list[object]:
        return ["Comment", self.data]


class ProcessingInstruction(XmlToken):
    """A processing instruction ``<?target data?>``."""

    __slots__ = ("target", "data")

    def __init__(self, target: str, data: str = "") -> None:
        self.target = target
        self.data = data

    def as_list(self) -> list[object]:
        return ["PI", self.target, self.data]


class Doctype(XmlToken):
    """A DOCTYPE token.  A missing name or identifier is ``None``.

    With ``xml10_compatible``, ``internal_subset`` is the text between the
    ``[`` and ``]`` of an internal subset (None when there is none) and
    ``internal_subset_offset`` the stream offset of its first character;
    ``dtd`` is what :mod:`markup5.xml.dtd` made of it (None when there is
    no subset or DTD processing is off)."""

    __slots__ = ("name", "public_id", "system_id", "internal_subset", "internal_subset_offset",
                 "dtd")

    def __init__(self, name: str | None = None, public_id: str | None = None,
                 system_id: str | None = None) -> None:
        self.name = name
        self.public_id = public_id
        self.system_id = system_id
        self.internal_subset: str | None = None
        self.internal_subset_offset = 0
        self.dtd: Any = None

    def _values(self) -> tuple[object, ...]:
        # Equality is the token's own fields; the subset and what was made
        # of it are extra information (as_list leaves them out too).
        return (self.name, self.public_id, self.system_id)

    def __repr__(self) -> str:
        return f"Doctype({self.name!r}, {self.public_id!r}, {self.system_id!r})"

    def as_list(self) -> list[object]:
        return ["DOCTYPE", self.name, self.public_id, self.system_id]
