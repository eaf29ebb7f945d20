"""The XML5 tree builder (XML5 §1.4): the start, main and end phases.

As xml5lib-tests expect (which differs from the XML5 text in places):

* Start phase: a DOCTYPE becomes a DocumentType node (the text says to
  ignore it; the tests keep it).
* Main phase: character data joins a preceding text node; an end tag
  closes the nearest open element with the same namespace and local name
  (and is ignored if there is none); ``</>`` closes the current element.
* End phase: only comments and processing instructions are kept; a second
  root element, text, or a late DOCTYPE is a parse error and dropped.

Nothing here recurses: the stack of open elements is a list.  Tree
construction errors are reported at the tokenizer's position when the token
is processed (just after the token; for text, possibly after the next
token).

Error codes of the tree builder: ``non-whitespace-text-outside-root``,
``unexpected-end-tag-before-root``, ``unexpected-doctype``,
``content-after-root-element``, ``mismatched-end-tag``,
``end-tag-without-open-element``, ``eof-in-element``,
``missing-root-element``, and the namespace errors of
:func:`~markup5.xml.namespaces.bind_tag` (``xmlns-namespace-declared``,
``reserved-prefix-xml-redeclared``, ``reserved-prefix-xmlns-declared``,
``duplicate-namespace-declaration``, ``unbound-namespace-prefix``,
``duplicate-attribute-in-namespace``).
"""

from __future__ import annotations

import codecs
import gc
from collections.abc import Callable
from typing import Any

from ..dom import Comment, Document, DocumentType, Element, ProcessingInstruction, Text
from ..errors import ParseError
from . import tokens as T
from .namespaces import INITIAL_SCOPE, bind_tag, resolve_prefix, split_qname
from .tokenizer import Tokenizer
from .tokenizer.shortcuts import SCAN, resolve_reference, simple_attributes

__all__ = ["XmlTreeBuilder", "XmlParser", "parse_xml"]

_WHITESPACE = " \t\n\r\x0c"

#: Namespace scopes made by declarations, interned (the same bindings are
#: the same dict, in every document), so that ``_BINDINGS`` can serve many
#: documents: (id(scope), tag name, attribute names...) -> (scope,
#: namespace, prefix, local name, attribute namespaces) of tags that declare
#: nothing, had no namespace error and dropped no attribute.  Both are
#: bounded and cleared together.
_SCOPES: dict[frozenset[Any], dict[Any, Any]] = {}
_BINDINGS: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _intern_scope(scope: dict[Any, Any]) -> dict[Any, Any]:
    """The interned dict with the bindings of ``scope``."""
    key = frozenset(scope.items())
    interned = _SCOPES.get(key)
    if interned is None:
        if len(_SCOPES) >= 1024:
            _SCOPES.clear()
            _BINDINGS.clear()
        interned = _SCOPES[key] = scope
    return interned


class XmlTreeBuilder:
    """Builds a :class:`~markup5.dom.Document` from XML5 tokens.

    ``tokenizer`` (optional) gives the position for tree construction
    errors and shares its error list, so that :attr:`errors` is in stream
    order.  ``keep_xmlns_attributes=False`` drops the ``xmlns`` /
    ``xmlns:*`` attributes from elements (the older xml5lib-tests layout);
    by default they stay, as at xml5lib-tests HEAD.  With
    ``xml10_compatible`` (the default) a ``<?xml ...?>`` that starts the
    input is the XML declaration, kept in :attr:`xml_declaration` and not
    made a node; otherwise it is a processing instruction node.
    """

    def __init__(self, tokenizer: Tokenizer | None = None, *,
                 keep_xmlns_attributes: bool = True, xml10_compatible: bool = True) -> None:
        self.document = Document(content_type="application/xml")
        self.tokenizer = tokenizer
        self.errors: list[ParseError] = tokenizer._errors if tokenizer is not None else []
        self.document.errors = self.errors
        #: The stack of open elements.
        self.open_elements: list[Element] = []
        self._scopes: list[dict[Any, Any]] = [INITIAL_SCOPE]
        self._open_counts: dict[tuple[Any, ...], int] = {}
        self._keep_xmlns = keep_xmlns_attributes
        #: Whether ``process`` is the main phase (for the shortcut methods).
        self._main = False
        #: Cache: raw qualified name -> (prefix, local name).
        self._qnames: dict[str, tuple[str | None, str]] = {}
        #: The data of the XML declaration (``version="1.0" ...``), or None.
        self.xml_declaration: str | None = None
        self.process = self._xml_declaration_phase if xml10_compatible else self._start_phase

    # ------------------------------------------------------------------

    def _error(self, code: str) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None:
            self.errors.append(ParseError(code, 0))
        else:
            self.errors.append(ParseError(code, tokenizer.offset, tokenizer._positions))

    def _create_element(self, token: Any) -> Element:
        """Create an element for the token, binding its namespaces in the
        current scope; returns it and leaves its scope in ``_new_scope``."""
        return self._element(token.name, token.attrs)

    def _element(self, name: str, attrs: dict[str, str]) -> Element:
        """:meth:`_create_element` for a tag's name and attributes."""
        scope = self._scopes[-1]
        if not attrs and ":" not in name:
            element = Element(name, attrs, scope[None], None)
            self._new_scope = scope
            return element
        key = (id(scope), name, *attrs)
        cached = _BINDINGS.get(key)
        if cached is not None and cached[0] is scope:
            # The same names in the same scope bind the same way (values
            # matter only in declarations, which are never cached).
            element = Element(cached[3], attrs, cached[1], cached[2])
            if cached[4]:
                element.attr_namespaces = dict(cached[4])
            self._new_scope = scope
            return element
        errors = self.errors
        count = len(errors)
        given = attrs
        namespace, prefix, local, attrs, attr_namespaces, new_scope = bind_tag(
            name, attrs, scope, self._error)
        if new_scope is not scope:
            new_scope = _intern_scope(new_scope)
        elif (attrs is given and len(errors) == count
                and not any(k.startswith("xmlns") for k in attrs)):
            if len(_BINDINGS) >= 8192:
                _BINDINGS.clear()
            _BINDINGS[key] = (scope, namespace, prefix, local,
                              dict(attr_namespaces) if attr_namespaces else None)
        if not self._keep_xmlns and attrs:
            attrs = {k: v for k, v in attrs.items() if not _is_xmlns(k)}
            if attr_namespaces:
                attr_namespaces = {k: v for k, v in attr_namespaces.items() if k in attrs}
        element = Element(local, attrs, namespace, prefix)
        if attr_namespaces:
            element.attr_namespaces = attr_namespaces
        self._new_scope = new_scope
        return element

    def _push(self, element: Element) -> None:
        self.open_elements.append(element)
        self._scopes.append(self._new_scope)
        key = (element.namespace, element.local_name)
        counts = self._open_counts
        counts[key] = counts.get(key, 0) + 1

    def _pop(self) -> Element:
        element = self.open_elements.pop()
        self._scopes.pop()
        key = (element.namespace, element.local_name)
        self._open_counts[key] -= 1
        return element

    def _append(self, parent: Any, node: Any) -> None:
        node.parent = parent
        parent.children.append(node)

    # ------------------------------------------------------------------
    # Phases

    def _xml_declaration_phase(self, token: Any) -> None:
        """Before the first token (not in the XML5 text): a processing
        instruction with the target ``xml`` at the very start of the input
        is the XML declaration (XML 1.0 §2.8), not a node, as in an XML 1.0
        parser and the DOM.  Anything else is reprocessed in the start
        phase."""
        self.process = self._start_phase
        if type(token) is T.ProcessingInstruction and token.target == "xml":
            self.xml_declaration = token.data
            return
        self._start_phase(token)

    def _start_phase(self, token: Any) -> None:
        """Start phase."""
        kind = type(token)
        if kind is T.StartTag:
            element = self._create_element(token)
            self._append(self.document, element)
            self._push(element)
            self.process = self._main_phase
            self._main = True
        elif kind is T.EmptyTag:
            element = self._create_element(token)
            self._append(self.document, element)
            self.process = self._end_phase
            self._main = False
        elif kind is T.Comment:
            self._append(self.document, Comment(token.data))
        elif kind is T.ProcessingInstruction:
            self._append(self.document, ProcessingInstruction(token.target, token.data))
        elif kind is T.Doctype:
            self._append(self.document, DocumentType(
                token.name or "", token.public_id or "", token.system_id or ""))
        elif kind is T.Characters:
            if token.data.strip(_WHITESPACE):
                self._error("non-whitespace-text-outside-root")
        elif kind is T.EndTag or kind is T.ShortTag:
            self._error("unexpected-end-tag-before-root")

    def _main_phase(self, token: Any) -> None:
        """Main phase."""
        kind = type(token)
        if kind is T.Characters:
            node = self.open_elements[-1]
            children = node.children
            if children and type(children[-1]) is Text:
                children[-1].data += token.data
            else:
                text = Text(token.data)
                text.parent = node
                children.append(text)
        elif kind is T.StartTag:
            element = self._create_element(token)
            parent = self.open_elements[-1]
            element.parent = parent
            parent.children.append(element)
            self._push(element)
        elif kind is T.EndTag:
            self._end_tag(token)
        elif kind is T.EmptyTag:
            element = self._create_element(token)
            parent = self.open_elements[-1]
            element.parent = parent
            parent.children.append(element)
        elif kind is T.Comment:
            self._append(self.open_elements[-1], Comment(token.data))
        elif kind is T.ProcessingInstruction:
            self._append(self.open_elements[-1],
                         ProcessingInstruction(token.target, token.data))
        elif kind is T.ShortTag:
            self._pop()
            if not self.open_elements:
                self.process = self._end_phase
                self._main = False
        elif kind is T.Doctype:
            self._error("unexpected-doctype")

    def _end_tag(self, token: Any) -> None:
        """An end tag in the main phase."""
        self._end(token.name)

    def _end(self, name: str) -> None:
        """An end tag named ``name`` in the main phase."""
        scope = self._scopes[-1]
        if ":" in name:
            qnames = self._qnames
            split = qnames.get(name)
            if split is None:
                if len(qnames) >= 4096:
                    qnames.clear()
                split = qnames[name] = split_qname(name)
            local = split[1]
            namespace = resolve_prefix(split[0], scope, self._error)
        else:
            local = name
            namespace = scope[None]
        open_elements = self.open_elements
        current = open_elements[-1]
        if current.local_name != local:
            self._error("mismatched-end-tag")
        elif current.namespace == namespace:
            # The current element: the search below would pop just it.
            open_elements.pop()
            self._scopes.pop()
            self._open_counts[(namespace, local)] -= 1
            if not open_elements:
                self.process = self._end_phase
                self._main = False
            return
        key = (namespace, local)
        if self._open_counts.get(key):
            while True:
                element = self._pop()
                if element.namespace == namespace and element.local_name == local:
                    break
            if not open_elements:
                self.process = self._end_phase
                self._main = False
        elif current.local_name == local:
            self._error("end-tag-without-open-element")

    # The shortcut's interface (see Tokenizer._tree_sink): the same as
    # ``process`` with the token, without making one in the main phase.

    def builds_in_shortcut(self) -> bool:
        """Whether the data state's shortcut should hand its loop to
        :meth:`run_data_shortcut` (in the main phase)."""
        return self._main

    def run_data_shortcut(self, tokenizer: Tokenizer) -> None:
        """The data state's shortcut (:mod:`markup5.xml.tokenizer.shortcuts`)
        in the main phase, building the tree as it reads: text and simple
        tags, with what :meth:`characters`, :meth:`start_tag`,
        :meth:`empty_tag` and :meth:`end_tag` do for them inlined for the
        common cases (text, an element whose names bind as before, the end
        tag of the current element).  Anything else goes through those
        methods, with the tokenizer's offset just after the tag, as when a
        state emits it.  Returns when the loop stops (the states take over)
        or the main phase ends."""
        buf = tokenizer.buf
        pos = tokenizer.pos
        end = tokenizer.end
        scan = SCAN.match
        text = tokenizer._text
        normalize = tokenizer.xml10_compatible
        open_elements = self.open_elements
        scopes = self._scopes
        counts = self._open_counts
        bindings_get = _BINDINGS.get
        current = open_elements[-1]
        scope = scopes[-1]
        while True:
            m = scan(buf, pos)
            run, name, source, empty, end_name = m.groups()  # type: ignore[union-attr]
            t = pos + len(run)
            if name is None and end_name is None:
                # No tag: "&", "<" (not a simple tag) or the end.
                if run:
                    text.append(run)
                if t < end and buf[t] == "&":
                    ref = resolve_reference(buf, t)
                    if ref is not None:
                        text.append(ref[0])
                        pos = ref[1]
                        continue
                tokenizer.pos = t
                return
            i = m.end()  # type: ignore[union-attr]
            if name is not None:
                if source:
                    attrs = simple_attributes(source, normalize)
                    if attrs is None:
                        # A duplicate attribute: an error for the states.
                        if run:
                            text.append(run)
                        tokenizer.pos = t
                        return
                else:
                    attrs = {}
            # The text before the tag.
            if text:
                if run:
                    text.append(run)
                data = text[0] if len(text) == 1 else "".join(text)
                text.clear()
            else:
                data = run
            if data:
                children = current.children
                if children and type(children[-1]) is Text:
                    children[-1].data += data
                else:
                    node = Text(data)
                    node.parent = current
                    children.append(node)
            pos = i
            if name is None:
                if ":" not in end_name:
                    closes_current = (end_name == current.local_name
                                      and current.namespace == scope[None])
                else:
                    # A prefix resolves in the current element's own scope
                    # as it did for its start tag (an unbound one goes the
                    # slow way, which reports it again).
                    prefix, _, local = end_name.partition(":")
                    closes_current = (prefix == current.prefix and local == current.local_name
                                      and current.namespace is not None)
                if closes_current:
                    # The end tag of the current element.
                    open_elements.pop()
                    scopes.pop()
                    counts[(current.namespace, current.local_name)] -= 1
                    if not open_elements:
                        tokenizer.pos = i
                        self.process = self._end_phase
                        self._main = False
                        return
                else:
                    tokenizer.pos = i  # errors are reported just after the tag
                    self._end(end_name)
                    if not self._main:
                        return
                current = open_elements[-1]
                scope = scopes[-1]
                continue
            if not attrs and ":" not in name:
                element = Element(name, attrs, scope[None], None)
                new_scope = scope
            else:
                cached = bindings_get((id(scope), name, *attrs))  # type: ignore[misc]
                if cached is not None and cached[0] is scope:
                    # As in _element: names bound before in this scope.
                    element = Element(cached[3], attrs, cached[1], cached[2])
                    if cached[4]:
                        element.attr_namespaces = dict(cached[4])
                    new_scope = scope
                else:
                    tokenizer.pos = i  # errors are reported just after the tag
                    element = self._element(name, attrs)  # type: ignore[arg-type]
                    new_scope = self._new_scope
            element.parent = current
            current.children.append(element)
            if not empty:
                open_elements.append(element)
                scopes.append(new_scope)
                key = (element.namespace, element.local_name)
                counts[key] = counts.get(key, 0) + 1
                current = element
                scope = new_scope

    def characters(self, data: str) -> None:
        if not self._main:
            self.process(T.Characters(data))
            return
        node = self.open_elements[-1]
        children = node.children
        if children and type(children[-1]) is Text:
            children[-1].data += data
        else:
            text = Text(data)
            text.parent = node
            children.append(text)

    def start_tag(self, name: str, attrs: dict[str, str]) -> None:
        if not self._main:
            self.process(T.StartTag(name, attrs))
            return
        element = self._element(name, attrs)
        parent = self.open_elements[-1]
        element.parent = parent
        parent.children.append(element)
        self.open_elements.append(element)
        self._scopes.append(self._new_scope)
        key = (element.namespace, element.local_name)
        counts = self._open_counts
        counts[key] = counts.get(key, 0) + 1

    def empty_tag(self, name: str, attrs: dict[str, str]) -> None:
        if not self._main:
            self.process(T.EmptyTag(name, attrs))
            return
        element = self._element(name, attrs)
        parent = self.open_elements[-1]
        element.parent = parent
        parent.children.append(element)

    def end_tag(self, name: str) -> None:
        if not self._main:
            self.process(T.EndTag(name))
            return
        self._end(name)

    def _end_phase(self, token: Any) -> None:
        """End phase."""
        kind = type(token)
        if kind is T.Comment:
            self._append(self.document, Comment(token.data))
        elif kind is T.ProcessingInstruction:
            self._append(self.document, ProcessingInstruction(token.target, token.data))
        elif kind is T.Characters:
            if token.data.strip(_WHITESPACE):
                self._error("content-after-root-element")
        elif kind is not ParseError:
            self._error("content-after-root-element")

    def finish(self) -> Document:
        """The end of the token stream: stop parsing."""
        if self.process in (self._xml_declaration_phase, self._start_phase):
            self._error("missing-root-element")
        elif self.process == self._main_phase:
            self._error("eof-in-element")
        self.process = self._end_phase
        self._main = False
        return self.document


def _is_xmlns(qname: str) -> bool:
    return qname == "xmlns" or (qname.startswith("xmlns:") and split_qname(qname)[0] == "xmlns")


def _decode(data: bytes) -> str:
    """UTF-8 (a UTF-8 BOM is dropped), or UTF-16 when a UTF-16 BOM says so;
    malformed sequences become U+FFFD."""
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", "replace")
    if data.startswith(codecs.BOM_UTF16_LE):
        return data[2:].decode("utf-16-le", "replace")
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", "replace")
    return data.decode("utf-8", "replace")


class XmlParser:
    """Incremental XML5 parsing: :meth:`feed` str chunks, then :meth:`close`
    returns the :class:`~markup5.dom.Document`.  The result does not depend
    on how the input was split."""

    def __init__(self, *, keep_xmlns_attributes: bool = True,
                 xml10_compatible: bool = True) -> None:
        self.tokenizer = Tokenizer(xml10_compatible=xml10_compatible)
        self.builder = XmlTreeBuilder(self.tokenizer, keep_xmlns_attributes=keep_xmlns_attributes,
                                      xml10_compatible=xml10_compatible)
        # The builder is the tokenizer's sink: it gets the tokens of each
        # step of the machine as the step ends, as in parse_xml(), so a tree
        # error is located at its token whatever the chunk boundaries (not at
        # the end of the chunk, as when the tokens came back from feed()).
        # (``process`` is looked up per token: it changes with the phase.)
        # The data state's shortcut hands its text and simple tags straight
        # to the builder, as in parse_xml().
        self.tokenizer._sink = self._process
        self.tokenizer._tree_sink = self.builder
        self._started = False

    @property
    def errors(self) -> list[ParseError]:
        return self.builder.errors

    def feed(self, chunk: str) -> None:
        if not self._started and chunk:
            # A leading U+FEFF is dropped, as by parse_xml(): it is the first
            # character of the first non-empty chunk (an empty chunk first
            # must not let it through).
            self._started = True
            if chunk.startswith("\ufeff"):
                chunk = chunk[1:]
        self._run(self.tokenizer.feed, chunk)

    def close(self) -> Document:
        self._run(self.tokenizer.close)
        return self.builder.finish()

    def _process(self, token: Any) -> None:
        self.builder.process(token)

    def _run(self, step: Callable[..., Any], *args: Any) -> None:
        # The sink (the builder) is given the tokens; nothing comes back.
        step(*args)


def parse_xml(data: str | bytes, *, keep_xmlns_attributes: bool = True,
              xml10_compatible: bool = True) -> Document:
    """Parse an XML document with the XML5 rules; never raises on any input.

    ``data`` is a str, or bytes: bytes are decoded as UTF-8 (a UTF-8 byte
    order mark is dropped; a UTF-16 BOM selects UTF-16), malformed sequences
    becoming U+FFFD; no ``encoding`` declaration is consulted.  A leading
    U+FEFF in a str is dropped as well.  Returns a
    :class:`~markup5.dom.Document` with ``content_type`` "application/xml";
    its ``errors`` lists the parse errors (tokenizer and tree construction,
    in stream order).

    ``xml10_compatible`` (default True): on well-formed input, give the
    tree an XML 1.0 parser gives where xml5lib-tests would differ (the
    XML declaration is not a node, DOCTYPE names keep their case, the
    internal subset is skipped, numeric references and attribute-value
    normalization as in XML 1.0; see :mod:`markup5.xml`).  False gives
    exactly the behaviour xml5lib-tests check.
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        text = _decode(bytes(data))
    elif isinstance(data, str):
        text = data
    else:
        raise TypeError(f"parse_xml() takes str or bytes, not {type(data).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    tokenizer = Tokenizer(xml10_compatible=xml10_compatible)
    builder = XmlTreeBuilder(tokenizer, keep_xmlns_attributes=keep_xmlns_attributes,
                             xml10_compatible=xml10_compatible)
    tokenizer._tree_sink = builder
    tokenizer._push(text, True)
    handlers = tokenizer._handlers
    # The cyclic garbage collector is paused while the tree is built: what
    # is allocated then is the tree (alive, so collections would only walk
    # it, again and again, a fifth of the time on real files) and
    # temporaries that reference counting frees.  It is re-enabled as it
    # was, however parsing ends.
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        while True:
            running = handlers[tokenizer._state]()
            out = tokenizer._out
            if out:
                tokenizer._out = []
                for token in out:
                    builder.process(token)
            if not running:
                break
    finally:
        if collecting:
            gc.enable()
    return builder.finish()
