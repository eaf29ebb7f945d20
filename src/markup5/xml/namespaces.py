"""Namespace resolution for XML5 tags (the XML5 text leaves it open).

The rules are the ones xml5lib-tests (HEAD) and xml5ever follow; the tree
builder and the serializer share them, so a serialized document binds its
names the same way when parsed again.  See the package docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..dom import XML_NAMESPACE, XMLNS_NAMESPACE
from .wellformedness import NAME, QNAME, qname_error

__all__ = ["INITIAL_BINDINGS", "INITIAL_SCOPE", "Bindings", "Scope", "bind_tag", "bound_uri",
           "enter_scope", "leave_scope", "resolve_prefix", "split_qname"]

#: Namespace bindings: prefix (None: the default namespace) -> URI (None:
#: undeclared).
Bindings = dict[Any, Any]

#: The bindings every document starts with: no default namespace, and the
#: reserved ``xml`` and ``xmlns`` prefixes.
INITIAL_BINDINGS: Mapping[str | None, str | None] = {
    None: None, "xml": XML_NAMESPACE, "xmlns": XMLNS_NAMESPACE}


class Scope:
    """The namespace bindings in force at a point of a document, as an
    identity: the scope it was entered from (``parent``) and what the tag
    that entered it declared (``declared``: prefix -> URI, None to
    undeclare).  The bindings themselves live in one dict that a walk over
    the document changes in place (:func:`enter_scope`, :func:`leave_scope`):
    a copy of every binding in force for each declaring tag made ``N``
    nested tags, each declaring a new prefix, take time and memory
    quadratic in ``N`` (120 KB of input took 1 GB).  ``default`` is the
    default namespace inside."""

    __slots__ = ("parent", "declared", "default")

    def __init__(self, parent: Scope | None, declared: Bindings) -> None:
        self.parent = parent
        self.declared = declared
        self.default: str | None = (declared[None] if None in declared
                                    else parent.default if parent is not None else None)


#: The scope every document starts in (its bindings: INITIAL_BINDINGS).
INITIAL_SCOPE = Scope(None, {})

#: What a binding was before a tag changed it, when it was not there at all.
_ABSENT = object()

_QNAME_FULLMATCH = QNAME.fullmatch
_NAME_FULLMATCH = NAME.fullmatch


def _check_qname(name: str, error: Callable[[str], None]) -> None:
    """Report a ``name`` holding a colon that is an XML 1.0 Name but not a
    Namespaces [7] QName (see :func:`markup5.xml.wellformedness.
    qname_error`); one that is not a Name at all is the tokenizer's
    invalid-character-in-name."""
    if _QNAME_FULLMATCH(name) is None and _NAME_FULLMATCH(name) is not None:
        error(qname_error(name) or "invalid-local-name")


def enter_scope(bindings: Bindings, declared: Bindings) -> list[tuple[Any, Any]]:
    """Apply a tag's ``declared`` bindings to ``bindings`` in place; returns
    what :func:`leave_scope` needs to undo them."""
    undo = [(prefix, bindings.get(prefix, _ABSENT)) for prefix in declared]
    bindings.update(declared)
    return undo


def bound_uri(prefix: str | None, bindings: Mapping[Any, Any],
              declared: Bindings | None) -> str | None:
    """The URI ``prefix`` is bound to inside a tag that declares
    ``declared`` (None: nothing) under ``bindings``."""
    if declared and prefix in declared:
        return declared[prefix]  # type: ignore[no-any-return]
    return bindings.get(prefix)


def leave_scope(bindings: Bindings, undo: list[tuple[Any, Any]]) -> None:
    """Undo what :func:`enter_scope` did (it returned ``undo``)."""
    for prefix, old in reversed(undo):
        if old is _ABSENT:
            del bindings[prefix]
        else:
            bindings[prefix] = old


def split_qname(name: str) -> tuple[str | None, str]:
    """Split a raw name into ``(prefix, local)``: only a name with exactly one
    ":" that is neither first nor last has a prefix."""
    i = name.find(":")
    if 0 < i < len(name) - 1 and name.find(":", i + 1) == -1:
        return name[:i], name[i + 1:]
    return None, name


def resolve_prefix(prefix: str | None, bindings: Mapping[Any, Any],
                   error: Callable[[str], None] | None) -> str | None:
    """The namespace of an element name with ``prefix`` under ``bindings``
    (no prefix: the default namespace).  An unknown or undeclared prefix is
    an error and gives no namespace."""
    if prefix is None:
        return bindings[None]  # type: ignore[no-any-return]
    uri = bindings.get(prefix)
    if uri is None and error is not None:
        error("unbound-namespace-prefix")
    return uri


def bind_tag(name: str, attrs: dict[str, str], bindings: Mapping[Any, Any],
             error: Callable[[str], None] | None = None) -> tuple[Any, ...]:
    """Resolve the names of one tag under the ``bindings`` in force.

    Returns ``(namespace, prefix, local, attrs, attr_namespaces, declared)``:
    the element's namespace URI (or None), prefix and local name; the
    attributes to keep (a second prefixed attribute with the same namespace
    and local name is dropped); the namespaces of the attributes (qualified
    name -> URI; None when there are none); and the bindings the tag
    declares, which are in force inside it (prefix -> URI, None to
    undeclare; None when it declares nothing).

    Step 1, declarations (``xmlns`` and ``xmlns:p`` attributes): binding to
    the XMLNS URI, redeclaring ``xmlns``, or ``xml`` to anything but the XML
    URI are errors and the declaration is rejected; a non-empty value
    rebinding a prefix bound on this same tag is an error (rejected); an
    empty value undeclares.  A declaration that works is in the XMLNS
    namespace; a rejected one has none.  Both stay on the element.
    Step 2, other attributes: unprefixed ones have no namespace (the default
    namespace does not apply); prefixed ones resolve in the tag's scope; an
    unknown prefix is an error and gives no namespace.  Step 3, the element
    name: as attributes, except that no prefix means the default namespace.

    Namespaces in XML 1.0 (third edition) errors that change nothing in
    the binding above: a name with a colon that is not a QName
    (``colon-at-start-of-name``, ``colon-at-end-of-name``,
    ``multiple-colons-in-name``, ``invalid-local-name``), an element with
    the prefix ``xmlns`` (``xmlns-prefix-on-element``), the XML namespace
    bound to a prefix other than ``xml`` or as the default
    (``xml-namespace-bound-to-other-prefix``,
    ``xml-namespace-declared-as-default``), and ``xmlns:p=""``
    (``empty-namespace-prefix-declaration``: undeclaring a prefix is
    Namespaces 1.1).
    """
    attr_namespaces = None
    declared = None
    if attrs:
        # Step 1: namespace declarations.
        for qname, value in attrs.items():
            if not qname.startswith("xmlns"):
                continue
            if qname == "xmlns":
                bound = None
            elif qname[5:6] == ":" and ":" not in qname[6:] and len(qname) > 6:
                bound = qname[6:]
            else:
                continue
            if error is not None:
                # Namespaces in XML 1.0 §3 constraints that the binding
                # below lets through (as XML5 binds): errors, nothing else.
                if value == XML_NAMESPACE and bound != "xml":
                    error("xml-namespace-bound-to-other-prefix" if bound is not None
                          else "xml-namespace-declared-as-default")
                elif not value and bound is not None:
                    error("empty-namespace-prefix-declaration")
            if value == XMLNS_NAMESPACE:
                ok = False
                if error is not None:
                    error("xmlns-namespace-declared")
            elif bound == "xml":
                ok = value == XML_NAMESPACE
                if not ok and error is not None:
                    error("reserved-prefix-xml-redeclared")
            elif bound == "xmlns":
                ok = False
                if error is not None:
                    error("reserved-prefix-xmlns-declared")
            else:
                if declared is None:
                    declared = {}
                if value and bound in declared:
                    ok = False
                    if error is not None:
                        error("duplicate-namespace-declaration")
                else:
                    declared[bound] = value or None
                    ok = True
            if ok:
                if attr_namespaces is None:
                    attr_namespaces = {}
                attr_namespaces[qname] = XMLNS_NAMESPACE
        # Step 2: the other attributes (under the tag's declarations first).
        seen = None
        dropped = None
        for qname in attrs:
            if ":" not in qname:
                continue
            if error is not None:
                _check_qname(qname, error)
            prefix, local = split_qname(qname)
            if prefix is None or prefix == "xmlns":
                continue
            uri = bound_uri(prefix, bindings, declared)
            if uri is None:
                if error is not None:
                    error("unbound-namespace-prefix")
                continue
            if seen is None:
                seen = set()
            key = (uri, local)
            if key in seen:
                if error is not None:
                    error("duplicate-attribute-in-namespace")
                if dropped is None:
                    dropped = set()
                dropped.add(qname)
                continue
            seen.add(key)
            if attr_namespaces is None:
                attr_namespaces = {}
            attr_namespaces[qname] = uri
        if dropped:
            attrs = {k: v for k, v in attrs.items() if k not in dropped}
    # Step 3: the element name.
    if ":" in name:
        prefix, local = split_qname(name)
        if error is not None:
            _check_qname(name, error)
            if prefix == "xmlns":  # (§3: element names MUST NOT have it)
                error("xmlns-prefix-on-element")
    else:
        prefix, local = None, name
    # (resolve_prefix, under the tag's declarations first.)
    namespace = bound_uri(prefix, bindings, declared)
    if prefix is not None and namespace is None and error is not None:
        error("unbound-namespace-prefix")
    return namespace, prefix, local, attrs, attr_namespaces, declared
