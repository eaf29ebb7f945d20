"""Untrusted HTML in, safe HTML out.

::

    >>> import markup5
    >>> markup5.sanitize('<p onclick="steal()">Hi <script>x()</script><b>there</b>')
    '<p>Hi <b>there</b></p>'

:func:`sanitize` parses its input as a fragment, the way ``innerHTML``
does (in a ``div`` unless ``context`` names another element), keeps what
a :class:`Policy` allows (:data:`DEFAULT_POLICY` unless one is given),
and serializes the result.  Then it proves the result: the output is
parsed again in the same context and must give exactly the tree that was
cleaned, or the sanitizer cleans the new tree and tries again
(:mod:`markup5.sanitize._verify`).  What a browser builds from the output
is therefore what was checked, the gap that mutation XSS lives in is
closed, and ``sanitize(sanitize(x)) == sanitize(x)``.

The module itself is callable: ``markup5.sanitize(text)`` is
:func:`sanitize` (typed code imports the function:
``from markup5.sanitize import sanitize``).  ``docs/sanitizing.md`` has
the threat model, the default policy and recipes;
:mod:`markup5.sanitize.bleach_compat` is a migration layer with Bleach's
API.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from .._collector import collector_paused
from ..dom import HTML_NAMESPACE, Document, DocumentFragment, Element, Node, ParentNode, Text
from ..html.contexts import context_name
from ..html.parser import parse, parse_fragment
from ..html.serializer import escape_text, serialize, serialize_children
from ._clean import Rules, clean_children
from ._verify import MAX_ROUNDS, same_tree
from .policy import (DEFAULT_POLICY, NEVER_ALLOWED_ATTRIBUTES, NEVER_ALLOWED_ELEMENTS,
                     TEXT_FORMATTING_POLICY, DisallowedAction, Policy)

__all__ = ["sanitize", "sanitize_document", "Sanitizer", "Policy", "DEFAULT_POLICY",
           "TEXT_FORMATTING_POLICY", "DisallowedAction", "NEVER_ALLOWED_ELEMENTS",
           "NEVER_ALLOWED_ATTRIBUTES"]

#: Contexts whose content a parser does not read as markup (raw text,
#: RCDATA, plaintext) or that no fragment can sit in: a sanitized fragment
#: cannot go there.
_BAD_CONTEXTS = frozenset({
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
    "noscript", "plaintext", "template", "html", "head", "frameset", "frame",
})


def _context(context: object) -> str:
    """``context`` checked: an HTML element name whose content is markup."""
    if isinstance(context, Element):
        if context.namespace != HTML_NAMESPACE or context.local_name in _BAD_CONTEXTS:
            raise ValueError(f"cannot sanitize for the content of {context.local_name!r}: "
                             f"its content is not parsed as HTML markup")
        return context.local_name
    if not isinstance(context, str):
        raise TypeError(f"context must be an element name (str), not {type(context).__name__}")
    namespace, name = context_name(context)
    if namespace != HTML_NAMESPACE:
        raise ValueError(f"context must be an HTML element name, not {context!r}")
    if name in _BAD_CONTEXTS:
        raise ValueError(f"cannot sanitize for the content of {name!r}: a parser does not "
                         f"read it as HTML markup (raw text, RCDATA or document structure)")
    return name


def _text_content(root: ParentNode) -> str:
    """The concatenated text of ``root``'s descendants, in tree order."""
    out: list[str] = []
    stack: list[Node] = list(reversed(root.children))
    while stack:
        node = stack.pop()
        if type(node) is Text:
            out.append(node.data)
        elif isinstance(node, ParentNode):
            stack.extend(reversed(node.children))
    return "".join(out)


class Sanitizer:
    """A sanitizer for one :class:`Policy` (compiled once, reused).

    ``Sanitizer(policy).sanitize(text)`` is ``sanitize(text, policy=policy)``
    without compiling the policy each time.
    """

    __slots__ = ("_policy", "_rules")

    def __init__(self, policy: Policy | None = None) -> None:
        if policy is None:
            policy = DEFAULT_POLICY
        elif not isinstance(policy, Policy):
            raise TypeError(f"policy must be a markup5.sanitize.Policy or None, "
                            f"not {type(policy).__name__}")
        self._policy = policy
        self._rules = Rules(policy)

    @property
    def policy(self) -> Policy:
        """The policy this sanitizer applies."""
        return self._policy

    def __repr__(self) -> str:
        return f"Sanitizer({self._policy!r})"

    def sanitize(self, markup: str, *, context: str = "div") -> str:
        """``markup`` cleaned as a fragment parsed in ``context`` (an HTML
        element name, ``"div"`` by default), serialized.  The result is
        verified: parsed in ``context`` it gives the cleaned tree."""
        if not isinstance(markup, str):
            raise TypeError(f"sanitize() takes a str, not {type(markup).__name__}"
                            + (" (decode bytes first, or use sanitize_document)"
                               if isinstance(markup, (bytes, bytearray)) else ""))
        name = _context(context)
        # The collector is paused for the whole job, not only inside each
        # parse (markup5._collector): cleaning, serializing and comparing
        # allocate while two live trees full of parent cycles are held, and
        # the collections that set off walked them again and again (a fifth
        # of the time on real pages).
        with collector_paused():
            fragment = parse_fragment(markup, name, scripting=True)
            return self._verified(fragment, name, markup)

    def _verified(self, fragment: ParentNode, context: str | Element,
                  source: str | None = None) -> str:
        """Clean ``fragment`` until its serialization parses back to it in
        ``context``; that serialization (or the fallback).

        ``source``, when given, is the markup ``fragment`` was parsed from
        in ``context`` (scripting enabled).  If the first cleaning changed
        nothing and the output is ``source`` itself, the re-parse is known
        without running it: the parser is a function of its input, so it
        gives ``fragment`` again (already clean input, as
        ``sanitize(sanitize(x))`` sees, costs one parse, not two)."""
        rules = self._rules
        for _ in range(MAX_ROUNDS):
            changed = clean_children(fragment, rules)
            output = serialize_children(fragment, scripting=True)
            if source is not None and not changed and output == source:
                return output
            source = None
            again = parse_fragment(output, context, scripting=True)
            if same_tree(fragment, again):
                return output
            fragment = again
        return self._fallback(fragment, context)

    @staticmethod
    def _fallback(fragment: ParentNode, context: str | Element) -> str:
        """The text of ``fragment`` alone, if that parses back to one text
        node in ``context``; else the empty string."""
        text = _text_content(fragment)
        output = escape_text(text)
        again = parse_fragment(output, context, scripting=True)
        expected = DocumentFragment()
        if text:
            expected.children.append(Text(text))
        return output if same_tree(expected, again) else ""

    def sanitize_tree(self, node: Element | DocumentFragment) -> None:
        """Clean the children of ``node`` in place, with the same guarantee:
        serialized, they parse back (in ``node`` as the context element,
        or a ``div`` for a fragment) to the tree left in ``node``."""
        if not isinstance(node, (Element, DocumentFragment)):
            raise TypeError(f"sanitize_tree() takes an Element or a DocumentFragment, "
                            f"not {type(node).__name__}")
        context: str | Element = "div"
        if isinstance(node, Element):
            _context(node)
            context = node
        if node.template_contents is not None if isinstance(node, Element) else False:
            raise ValueError("cannot sanitize a template element's contents in place")
        with collector_paused():  # (see sanitize)
            self._sanitize_tree(node, context)

    def _sanitize_tree(self, node: Element | DocumentFragment, context: str | Element) -> None:
        rules = self._rules
        for _ in range(MAX_ROUNDS):
            clean_children(node, rules)
            output = serialize_children(node, scripting=True)
            again = parse_fragment(output, context, scripting=True)
            if same_tree(node, again):
                return
            _adopt_children(node, again)
        fallback = self._fallback(node, context)
        _adopt_children(node, parse_fragment(fallback, context, scripting=True))

    def sanitize_document(self, markup: str | bytes | Document) -> str:
        """A whole document cleaned and serialized: the doctype, ``html``,
        ``head`` and ``body`` stay (with the attributes the policy allows
        everywhere), their contents are cleaned as fragments are.  A
        :class:`~markup5.dom.Document` is cleaned in place.  Verified as
        :meth:`sanitize` is, by parsing the output as a document."""
        if not isinstance(markup, (Document, str, bytes, bytearray)):
            raise TypeError(f"sanitize_document() takes a str, bytes or a Document, "
                            f"not {type(markup).__name__}")
        with collector_paused():  # (see sanitize)
            return self._sanitize_document(markup)

    def _sanitize_document(self, markup: str | bytes | bytearray | Document) -> str:
        document = markup if isinstance(markup, Document) else parse(markup, scripting=True)
        rules = self._rules
        for _ in range(MAX_ROUNDS):
            _clean_document(document, rules)
            output = serialize(document, scripting=True)
            again = parse(output, scripting=True)
            if same_tree(document, again):
                return output
            _adopt(document, again)
        output = "<!DOCTYPE html><html><head></head><body></body></html>"
        _adopt(document, parse(output, scripting=True))
        return output

def _adopt_children(node: ParentNode, source: ParentNode) -> None:
    """Make ``source``'s children ``node``'s children."""
    children = source.children
    for child in children:
        child.parent = node
    node.children = children
    source.children = []


def _adopt(document: Document, source: Document) -> None:
    """Make ``source``'s children (and quirks mode) ``document``'s."""
    _adopt_children(document, source)
    document.mode = source.mode


def _clean_document(document: Document, rules: Rules) -> None:
    """Clean a document: keep the doctype, the ``html`` element and its
    ``head`` and ``body`` (attributes filtered), clean what they hold."""
    keep: list[Node] = []
    for child in document.children:
        if isinstance(child, Element):
            if child.namespace == HTML_NAMESPACE and child.local_name == "html":
                keep.append(child)
        elif type(child).__name__ == "DocumentType" or (
                rules.comments and type(child).__name__ == "Comment"):
            keep.append(child)
    document.children = keep
    for html in keep:
        if not isinstance(html, Element):
            continue
        rules.clean_attributes(html)
        sections: list[Node] = []
        for section in html.children:
            if isinstance(section, Element) and section.namespace == HTML_NAMESPACE \
                    and section.local_name in ("head", "body"):
                rules.clean_attributes(section)
                clean_children(section, rules)
                sections.append(section)
        html.children = sections


_default_sanitizers: dict[Policy, Sanitizer] = {}


def _sanitizer(policy: Policy | None) -> Sanitizer:
    """A cached :class:`Sanitizer` for ``policy`` (policies are immutable)."""
    if policy is None:
        policy = DEFAULT_POLICY
    elif not isinstance(policy, Policy):
        raise TypeError(f"policy must be a markup5.sanitize.Policy or None, "
                        f"not {type(policy).__name__}")
    sanitizer = _default_sanitizers.get(policy)
    if sanitizer is None:
        if len(_default_sanitizers) > 64:
            _default_sanitizers.clear()
        sanitizer = _default_sanitizers[policy] = Sanitizer(policy)
    return sanitizer


def sanitize(markup: str, *, policy: Policy | None = None, context: str = "div") -> str:
    """``markup`` (untrusted HTML) cleaned by ``policy``
    (:data:`DEFAULT_POLICY` when None), as a fragment parsed in
    ``context`` (an HTML element name, ``"div"`` by default, as the
    element the output will be put in).  The result parses back, in that
    context, to exactly the tree that was cleaned; see the module's
    docstring.

    >>> sanitize('<a href="javascript:alert(1)">x</a> <a href="/help">help</a>')
    '<a>x</a> <a href="/help" rel="nofollow noopener noreferrer">help</a>'
    """
    return _sanitizer(policy).sanitize(markup, context=context)


def sanitize_document(markup: str | bytes | Document, *, policy: Policy | None = None) -> str:
    """A whole document cleaned by ``policy``: :meth:`Sanitizer.sanitize_document`."""
    return _sanitizer(policy).sanitize_document(markup)


class _CallableModule(types.ModuleType):
    """``markup5.sanitize`` is a package (``markup5.sanitize.bleach_compat``
    lives in it) that can be called as its :func:`sanitize` function."""

    def __call__(self, markup: str, *, policy: Policy | None = None,
                 context: str = "div") -> str:
        return sanitize(markup, policy=policy, context=context)

    def __repr__(self) -> str:
        return "<module 'markup5.sanitize' (callable: markup5.sanitize.sanitize)>"


def __getattr__(name: str) -> Any:
    if name in ("bleach_compat", "linkify", "css"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'markup5.sanitize' has no attribute {name!r}")


sys.modules[__name__].__class__ = _CallableModule
