"""The well-formed fast path of :func:`~markup5.xml.parse_xml`: expat builds the tree.

On well-formed XML, ``parse_xml`` (with ``xml10_compatible``, its default)
gives exactly the tree an XML 1.0 parser gives and reports no error; that
is the XML5 tree builder's promise, checked file by file against expat
(``tools/xml_diff.py``, ``docs/xml-differences.md``).  So for a document
that the standard library's expat parser accepts, expat can read it and
the tree can be built from its events, at a fraction of the cost of the
XML5 state machine in Python.  The first thing expat rejects sends the
whole document to the XML5 tokenizer and tree builder, from the start, as
if this module did not exist: the result is always the XML5 result.

Where an XML 1.0 parser and XML5 give different trees for a document expat
accepts, this path steps aside too (it returns None), so that the XML5
rules decide:

* a DOCTYPE with an internal subset: its declarations are read and
  applied by :mod:`markup5.xml.dtd` and :mod:`markup5.xml.entities`, whose
  rules (errors, expansion limits, ``process_dtd=False``) decide.  The
  parse stops at the DOCTYPE, before expat reads a declaration (so no
  entity is ever expanded here);
* a reference to an entity expat has not seen declared, which it skips in
  text and drops from attribute values when the DOCTYPE names an external
  DTD (it does not read it): XML5 resolves such names the HTML way, or
  keeps them as text with an error;
* a namespace error (an unbound prefix, a reserved prefix declared, two
  attributes with one expanded name ...): XML 1.0 has no namespaces, so
  expat accepts these, and XML5 reports them;
* an XML declaration whose version is not ``1.`` and digits (expat takes
  any), which the XML5 path reports;
* a processing instruction target with a colon (an XML 1.0 name, an error
  to Namespaces in XML 1.0 §7, which the XML5 path reports);
* a name that starts with ":" (an XML 1.0 name; the XML5 tag states drop
  the colon with an error), and a DOCTYPE identifier with a ">" in it
  (where the XML5 DOCTYPE states end the DOCTYPE, with an error);
* input expat cannot take at all (a lone surrogate in a str), or would
  read differently: a U+FEFF at the start (text to XML5, once parse_xml
  has dropped the byte order mark; expat, handed UTF-8, would skip it)
  and NUL (U+FFFD to XML5).

Characters that the XML5 input stream reports with ``xml10_compatible``
are exactly the ones outside XML 1.0's Char production, which expat
rejects.  Decoding happens before (the same WHATWG decoders as the XML5
path; a document with an undecodable byte has a parse error, so it goes
the XML5 way), and expat is handed the decoded text.

Names bind to namespaces with the tree builder's own binding code
(:meth:`XmlTreeBuilder._element`, whose cache the XML5 shortcut uses
too), so elements and attributes carry the same namespaces, prefixes and
``xmlns`` attributes as on the XML5 path.  Text is gathered in pieces and
joined once per node (expat's ``buffer_text``), CDATA sections are text,
and whitespace outside the root element is dropped, as in XML5.  An
expat older than 2.6.0 is fed a MiB at a time, and a token that spans
several of them (a comment, tag or processing instruction of megabytes)
steps aside too: such an expat would scan it again for every MiB.

``tests/test_xml_fast_path.py`` parses every xml5lib-tests input, the
corpus sample, and generated variants both ways and compares the trees and
errors; ``tools/xml_diff.py --fast-path`` does the same over a whole
corpus.  Without ``pyexpat`` (a Python built without it) the fast path is
simply never taken.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from .._tokenizer_core import has_null
from ..dom import (Comment, Document, DocumentType, Element, ProcessingInstruction, Text,
                   _create_element)
from .namespaces import leave_scope
from .treebuilder import _BINDINGS, _DECLARING, XmlTreeBuilder

try:
    from xml.parsers import expat as _expat
except ImportError:  # pragma: no cover - a Python without pyexpat
    _expat = None  # type: ignore[assignment]

__all__ = ["AVAILABLE", "build_with_expat"]

#: XML 1.0 [26] VersionNum.
_VERSION_NUM = re.compile("1\\.[0-9]+").fullmatch

#: Whether the standard library's expat is there to use.
AVAILABLE = _expat is not None

#: Whether expat defers reparsing (2.6.0 on, CVE-2023-52425): before, each
#: call to XML_Parse that ends inside a token scans the token again from
#: its start, and pyexpat's ``Parse`` makes one call per MiB of UTF-8, so a
#: comment, tag or processing instruction of N MiB was scanned about N x N
#: / 2 MiB (7.4 s for a 128 MB comment with expat 2.5.0).
_DEFERS_REPARSE = _expat is not None and getattr(_expat, "version_info", (0,)) >= (2, 6, 0)

#: The slices an expat without deferral is fed in (characters), and how
#: many may pass without a new event before the document steps aside.
_SLICE = 1 << 20
_STALLED_SLICES = 4

#: A named reference that is not one of XML's five predefined entities
#: (expat skips it, or drops it from an attribute value, when the DOCTYPE
#: names an external DTD it does not read).
_UNDECLARED_REFERENCE = re.compile("&(?!(?:lt|gt|amp|apos|quot);|#)").search


#: (id(scope), qualified name, *attribute names) -> the names of the
#: attributes that declare namespaces, in order, or False when a name
#: starts with ":" (this path steps aside): which of a tag's attributes
#: to read for the tree builder's cache of declaring tags.
_DECLARATIONS: dict[tuple[Any, ...], tuple[str, ...] | Literal[False]] = {}


def _colon_first(name: str, attrs: dict[str, str]) -> bool:
    """Whether the tag's name or an attribute name starts with ":" (an XML
    1.0 name; the XML5 tag states drop that colon, so this path steps
    aside)."""
    return name[0] == ":" or any(n[0] == ":" for n in attrs)


class _StepAside(Exception):
    """Raised from a handler: the document is left to the XML5 rules."""


def build_with_expat(text: str, keep_xmlns_attributes: bool = True) -> Document | None:
    """The XML5 tree of ``text`` (decoded, without a BOM) built from
    expat's events, or None when expat rejects the document or the XML5
    rules would give another tree (see the module docstring)."""
    if _expat is None:  # pragma: no cover
        return None
    if text.startswith("\ufeff") or has_null(text):
        # A second U+FEFF, after the BOM parse_xml drops, is text to XML5;
        # expat would take it, in the UTF-8 it is handed, for a BOM.  NUL
        # is U+FFFD to XML5 (without an error); pyexpat reads it otherwise.
        return None
    builder = XmlTreeBuilder(None, keep_xmlns_attributes=keep_xmlns_attributes)
    document = builder.document
    errors = builder.errors
    bind = builder._element
    scopes = builder._scopes
    enter = builder._enter_scope
    bindings = builder._bindings
    undo = builder._undo
    bindings_get = _BINDINGS.get
    declaring_get = _DECLARING.get
    declarations_get = _DECLARATIONS.get
    new_node = object.__new__
    join = "".join
    # The open elements (the document at the bottom) and the text pieces
    # waiting for the next event, which puts them in one Text node.
    stack: list[Any] = [document]
    pieces: list[str] = []

    # The text before each event goes into a Text node first (inlined in
    # each handler: one Python call per event is most of the cost here).
    # Outside the root element it is whitespace, and dropped.

    def start(name: str, attrs: dict[str, str]) -> None:
        parent = stack[-1]
        children = parent.children
        if pieces:
            if parent is not document:
                node = new_node(Text)  # Text(data), without the call
                node.data = join(pieces)
                node.parent = parent
                children.append(node)
            pieces.clear()
        scope = scopes[-1]
        # (expat's dict of the attributes, fresh for each tag, in their
        # order: the element's own.)
        if attrs:
            key = (id(scope), name, *attrs)
            cached = bindings_get(key)
        elif ":" not in name:
            # No attributes, no prefix: the default namespace.
            if name == "template":  # (Element makes an HTML template's contents)
                element = _create_element(name, attrs, scope.default, None)
            else:
                element = new_node(Element)  # Element(...), without the call
                element.children = []
                element.local_name = name
                element.namespace = scope.default
                element.prefix = None
                element.attrs = attrs
                element.attr_namespaces = None
                element.template_contents = None
            element.parent = parent
            children.append(element)
            stack.append(element)
            scopes.append(scope)
            return
        else:
            key = (id(scope), name)
            cached = bindings_get(key)
        if cached is None and attrs and keep_xmlns_attributes:
            # A tag that declares namespaces binds by their values too: the
            # tree builder caches those tags apart (XmlTreeBuilder._element).
            declarations = declarations_get(key)
            if declarations is None:
                declarations = (False if _colon_first(name, attrs)
                                else tuple(n for n in attrs if n.startswith("xmlns")))
                if len(_DECLARATIONS) >= 8192:
                    _DECLARATIONS.clear()
                _DECLARATIONS[key] = declarations
            if declarations:
                found = declaring_get((key[0], name, tuple(attrs),
                                       tuple(map(attrs.__getitem__, declarations))))
                if found is not None and found[0] is scope:
                    # (scope, namespace, prefix, local, attribute namespaces, new scope)
                    scope = found[5]
                    cached = (scope, found[3], found[1], found[2], found[4])
        if cached is not None and cached[0] is scope:
            # Names bound before in this scope, as in XmlTreeBuilder._element.
            local = cached[1]
            if local == "template":
                element = _create_element(local, attrs, cached[2], cached[3])
                if cached[4]:
                    element.attr_namespaces = dict(cached[4])
            else:
                element = new_node(Element)
                element.children = []
                element.local_name = local
                element.namespace = cached[2]
                element.prefix = cached[3]
                element.attrs = attrs
                element.attr_namespaces = dict(cached[4]) if cached[4] else None
                element.template_contents = None
            new_scope = scope
        else:
            # Names not bound before.  (The names bound before never start
            # with ":": the XML5 tag states drop that colon from element
            # names, the cache keeps no such attribute name, and this path
            # steps aside here, before binding one.)
            if _colon_first(name, attrs):
                raise _StepAside
            element = bind(name, attrs)
            if errors:
                raise _StepAside
            new_scope = builder._new_scope
        element.parent = parent
        children.append(element)
        stack.append(element)
        if new_scope is scopes[-1]:
            scopes.append(new_scope)
        else:
            enter(new_scope)  # (its declarations take effect)

    def end(name: str) -> None:
        if pieces:
            parent = stack[-1]  # (an element: the text goes in)
            node = new_node(Text)
            node.data = join(pieces)
            node.parent = parent
            parent.children.append(node)
            pieces.clear()
        stack.pop()
        if scopes.pop() is not scopes[-1]:
            leave_scope(bindings, undo.pop())

    def leaf(node: Comment | ProcessingInstruction) -> None:
        """A comment or processing instruction, after the text before it."""
        parent = stack[-1]
        if pieces:
            if parent is not document:
                text_node = new_node(Text)
                text_node.data = join(pieces)
                text_node.parent = parent
                parent.children.append(text_node)
            pieces.clear()
        node.parent = parent
        parent.children.append(node)

    def comment(data: str) -> None:
        leaf(Comment(data))

    def processing_instruction(target: str, data: str) -> None:
        if ":" in target:  # (an error to XML5: Namespaces in XML 1.0 §7)
            raise _StepAside
        leaf(ProcessingInstruction(target, data))

    def doctype(name: str, system_id: str | None, public_id: str | None,
                has_internal_subset: int) -> None:
        if has_internal_subset or ">" in (system_id or "") or ">" in (public_id or ""):
            raise _StepAside
        if (system_id is not None or public_id is not None) and _UNDECLARED_REFERENCE(text):
            raise _StepAside
        node = DocumentType(name, public_id or "", system_id or "")
        node.parent = document
        document.children.append(node)

    def skipped_entity(name: str, is_parameter_entity: int) -> None:
        raise _StepAside

    def xml_declaration(version: str | None, encoding: str | None, standalone: int) -> None:
        # expat takes any version ("2.0", "1"); XML 1.0 [26] VersionNum is
        # 1.[0-9]+, which the XML5 path checks.
        if version is None or _VERSION_NUM(version) is None:
            raise _StepAside

    parser = _expat.ParserCreate()
    parser.buffer_text = True
    parser.buffer_size = 1 << 16
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = pieces.append
    parser.CommentHandler = comment
    parser.ProcessingInstructionHandler = processing_instruction
    parser.StartDoctypeDeclHandler = doctype
    parser.SkippedEntityHandler = skipped_entity
    parser.XmlDeclHandler = xml_declaration
    try:
        if _DEFERS_REPARSE or len(text) <= _SLICE:
            parser.Parse(text, True)
        else:
            _parse_in_slices(parser, text)
    except (_expat.ExpatError, _StepAside, UnicodeEncodeError):
        return None
    return document


def _parse_in_slices(parser: Any, text: str) -> None:
    """Feed ``text`` to an expat that rescans an unfinished token at every
    call (see _DEFERS_REPARSE) a slice at a time, stepping aside once
    _STALLED_SLICES slices in a row have brought no new event: a token that
    long goes to the XML5 rules, which read it in linear time.  (After a
    call, ``CurrentByteIndex`` is the offset of expat's last event, which
    moves only when an event comes.)"""
    last = -1
    stalled = 0
    for start in range(0, len(text), _SLICE):
        parser.Parse(text[start:start + _SLICE], False)
        index = parser.CurrentByteIndex
        if index != last:
            last = index
            stalled = 0
        else:
            stalled += 1
            if stalled >= _STALLED_SLICES:
                raise _StepAside
    parser.Parse("", True)
