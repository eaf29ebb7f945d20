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

import heapq
import re
from collections import defaultdict
from typing import TYPE_CHECKING, Any, cast


from .._collector import collector_paused
from ..dom import (Comment, Document, DocumentType, Element, Node, ParentNode,
                   ProcessingInstruction, Text, _create_element)
from ..encoding import Encoding, get_encoding
from ..errors import ParseError, error_offset
from . import tokens as T
from .encoding import XmlDecoder, sniff_xml_encoding, stream_offsets
from .namespaces import (INITIAL_BINDINGS, INITIAL_SCOPE, Bindings, Scope, bind_tag,
                         enter_scope, leave_scope, resolve_prefix, split_qname)
from .tokenizer import Tokenizer

if TYPE_CHECKING:
    from .dtd import Dtd
from .tokenizer.core import ATTRIBUTE_VALUE_WHITESPACE
from .tokenizer.shortcuts import (BUILD_OTHER, BUILD_SCAN, FIND_DOUBLE_QUOTED, OTHER_DECIMAL,
                                  OTHER_NAMED, OTHER_PI_DATA, OTHER_PI_TARGET, _clean,
                                  reference_attributes, simple_section, stray_character,
                                  PREDEFINED_ENTITIES)

__all__ = ["XmlTreeBuilder", "XmlParser", "parse_xml"]

# (Imported at the end of the module: fast_path uses the tree builder.)

_WHITESPACE = " \t\n\r\x0c"

#: Namespace scopes made by declarations, interned (the same declarations
#: entering from the same scope are the same Scope, in every document), so
#: that ``_BINDINGS`` can serve many documents: (id(scope), tag name,
#: attribute names...) -> (scope, local
#: name, namespace, prefix, attribute namespaces, the open-count key) of
#: tags that declare nothing, had no namespace error and dropped no
#: attribute.  ``_DECLARING`` is the same for tags that declare namespaces,
#: keyed by the declarations' values too: (id(scope), tag name, attribute names, declared URIs) ->
#: (scope, namespace, prefix, local name, attribute namespaces, new scope).
#: All three are bounded and cleared together.
_SCOPES: dict[tuple[int, frozenset[tuple[Any, Any]]], Scope] = {}
_BINDINGS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
_DECLARING: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _intern_scope(parent: Scope, declared: Bindings) -> Scope:
    """The interned Scope that ``declared`` enters from ``parent`` (the
    key's cost is the declarations', not every binding in force)."""
    key = (id(parent), frozenset(declared.items()))
    interned = _SCOPES.get(key)
    if interned is None or interned.parent is not parent:
        if len(_SCOPES) >= 1024:
            _SCOPES.clear()
            _BINDINGS.clear()
            _DECLARING.clear()
        interned = _SCOPES[key] = Scope(parent, declared)
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
        #: The namespace scope of each open element (the document's first),
        #: and the bindings in force in the current one, changed in place as
        #: scopes are entered and left (see namespaces.Scope), with what each
        #: entered scope changed.
        self._scopes: list[Scope] = [INITIAL_SCOPE]
        self._bindings: Bindings = dict(INITIAL_BINDINGS)
        self._undo: list[list[tuple[Any, Any]]] = []
        #: How many open elements there are with each (namespace, local
        #: name): an end tag that is not the current element's is looked
        #: for in the stack only when there is one (no quadratic search).
        self._open_counts: defaultdict[tuple[str | None, str], int] = defaultdict(int)
        self._keep_xmlns = keep_xmlns_attributes
        #: Whether ``process`` is the main phase (for the shortcut methods).
        self._main = False
        #: Cache: raw qualified name -> (prefix, local name).
        self._qnames: dict[str, tuple[str | None, str]] = {}
        #: The data of the XML declaration (``version="1.0" ...``), or None.
        self.xml_declaration: str | None = None
        # Text that reaches one Text node in pieces (around an end tag that
        # closes nothing, a DOCTYPE in the content, a reference the states
        # resolve ...): the pieces are kept and joined once, by flush_text;
        # "node.data += piece" copied the whole text each time (quadratic on
        # "<a>" + "x</b>" x N).
        self._merging: Text | None = None
        self._merged: list[str] = []
        self.process = self._xml_declaration_phase if xml10_compatible else self._start_phase
        #: The internal subset's declarations (:class:`markup5.xml.dtd.Dtd`),
        #: or None: no internal subset, or DTD processing off.
        self.dtd: Any = None
        #: Its attribute-list declarations, when there are any: attribute
        #: defaults and non-CDATA normalization (XML 1.0 §3.3.2, §3.3.3).
        self._attribute_lists: dict[str, dict[str, Any]] | None = None

    def _merge(self, node: Text, data: str) -> None:
        """Append ``data`` to ``node``'s data (joined by :meth:`flush_text`)."""
        if node is not self._merging:
            self.flush_text()
            self._merging = node
            self._merged = [node.data]
        self._merged.append(data)

    def flush_finished_text(self) -> None:
        """Join the pieces of the Text node being merged into unless it may
        still grow (it is the current node's last child): what the parser
        does after each chunk.  Joined after every chunk, a text growing
        over many chunks was copied whole each time (quadratic)."""
        node = self._merging
        if node is not None:
            parent = node.parent
            stack = self.open_elements
            if parent is None or not stack or parent is not stack[-1] or \
                    parent.children[-1] is not node:
                self.flush_text()

    def flush_text(self) -> None:
        """Give the Text node being merged into its whole data (run at the
        end of the input, and when another node is merged into; call it to
        see a tree whole while it is being built)."""
        node = self._merging
        if node is not None:
            node.data = "".join(self._merged)
            self._merging = None
            self._merged = []

    # ------------------------------------------------------------------

    def _error(self, code: str) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None:
            self.errors.append(ParseError(code, 0))
        else:
            self.errors.append(ParseError(code, tokenizer.offset, tokenizer._positions))

    def _create_element(self, token: T.StartTag | T.EmptyTag) -> Element:
        """Create an element for the token, binding its namespaces in the
        current scope; returns it and leaves its scope in ``_new_scope``."""
        return self._element(token.name, token.attrs)

    def _element(self, name: str, attrs: dict[str, str]) -> Element:
        """:meth:`_create_element` for a tag's name and attributes."""
        if self._attribute_lists is not None:
            definitions = self._attribute_lists.get(name)
            if definitions is not None:
                attrs = _apply_attribute_list(definitions, attrs)
        scope = self._scopes[-1]
        if not attrs and ":" not in name:
            element = _create_element(name, attrs, scope.default, None)
            self._new_scope = scope
            return element
        key = (id(scope), name, *attrs)
        cached = _BINDINGS.get(key)
        if cached is not None and cached[0] is scope:
            # The same names in the same scope bind the same way (values
            # matter only in declarations, which are never cached).
            _, local, namespace, prefix, attr_namespaces, _ = cached
            element = _create_element(local, attrs, namespace, prefix)
            if attr_namespaces:
                element.attr_namespaces = dict(attr_namespaces)
            self._new_scope = scope
            return element
        declared = tuple(v for k, v in attrs.items() if k.startswith("xmlns"))
        if declared:
            # Declarations bind by their values, which the key holds too.
            declaring_key = (id(scope), name, tuple(attrs), declared)
            cached = _DECLARING.get(declaring_key)
            if cached is not None and cached[0] is scope:
                namespace, prefix, local = cached[1:4]
                attr_namespaces = dict(cached[4]) if cached[4] else None
                new_scope = cached[5]
                return self._finish_element(namespace, prefix, local, attrs, attr_namespaces,
                                            new_scope)
        errors = self.errors
        count = len(errors)
        given = attrs
        namespace, prefix, local, attrs, attr_namespaces, declared_bindings = bind_tag(
            name, attrs, self._bindings, self._error)
        new_scope = scope
        if declared_bindings:
            new_scope = _intern_scope(scope, declared_bindings)
            if attrs is given and len(errors) == count:
                if len(_DECLARING) >= 8192:
                    _DECLARING.clear()
                _DECLARING[declaring_key] = (scope, namespace, prefix, local,
                                             dict(attr_namespaces) if attr_namespaces else None,
                                             new_scope)
        elif (attrs is given and len(errors) == count
                and not any(k.startswith("xmlns") or k[0] == ":" for k in attrs)):
            # (An attribute name that starts with ":", which the tag
            # attribute name after state lets through, is not cached: the
            # well-formed fast path finds cached names without looking at
            # them, and must step aside for such a name.)
            if len(_BINDINGS) >= 8192:
                _BINDINGS.clear()
            _BINDINGS[key] = (scope, local, namespace, prefix,
                              dict(attr_namespaces) if attr_namespaces else None,
                              (namespace, local))
        return self._finish_element(namespace, prefix, local, attrs, attr_namespaces, new_scope)

    def _finish_element(self, namespace: str | None, prefix: str | None, local: str,
                        attrs: dict[str, str], attr_namespaces: dict[str, str] | None,
                        new_scope: Scope) -> Element:
        """The element :meth:`_element` bound (its scope in ``_new_scope``)."""
        if not self._keep_xmlns and attrs:
            attrs = {k: v for k, v in attrs.items() if not _is_xmlns(k)}
            if attr_namespaces:
                attr_namespaces = {k: v for k, v in attr_namespaces.items() if k in attrs}
        element = _create_element(local, attrs, namespace, prefix)
        if attr_namespaces:
            element.attr_namespaces = attr_namespaces
        self._new_scope = new_scope
        return element

    def _enter_scope(self, scope: Scope) -> None:
        """Push ``scope``, made by the current element's child that is being
        pushed (its declarations take effect)."""
        if scope is not self._scopes[-1]:
            self._undo.append(enter_scope(self._bindings, scope.declared))
        self._scopes.append(scope)

    def _leave_scope(self) -> None:
        """Pop the scope of the element being popped (its declarations, if
        it made any, are undone)."""
        scopes = self._scopes
        if scopes.pop() is not scopes[-1]:
            leave_scope(self._bindings, self._undo.pop())

    def _push(self, element: Element) -> None:
        self.open_elements.append(element)
        self._enter_scope(self._new_scope)
        key = (element.namespace, element.local_name)
        counts = self._open_counts
        counts[key] = counts.get(key, 0) + 1

    def _pop(self) -> Element:
        element = self.open_elements.pop()
        self._leave_scope()
        key = (element.namespace, element.local_name)
        counts = self._open_counts
        left = counts[key] - 1
        if left:
            counts[key] = left
        else:  # (no key per name ever seen: a stream stays flat)
            del counts[key]
        return element

    def _append(self, parent: ParentNode, node: Node) -> None:
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
            tokenizer = self.tokenizer
            if tokenizer is not None:
                from .wellformedness import check_xml_declaration
                # (The data ends just before "?>", where the tokenizer is.)
                start = tokenizer.offset - 2 - len(token.data)
                for code, index in check_xml_declaration(token.data):
                    self.errors.append(ParseError(code, start + index, tokenizer._positions))
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
            if token.dtd is not None and self.dtd is None:
                self.dtd = token.dtd
                self._attribute_lists = token.dtd.attribute_lists or None
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
            if children and type(last := children[-1]) is Text:
                self._merge(last, token.data)
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

    def _end_tag(self, token: T.EndTag) -> None:
        """An end tag in the main phase."""
        self._end(token.name)

    def _end(self, name: str) -> None:
        """An end tag named ``name`` in the main phase."""
        if ":" in name:
            qnames = self._qnames
            split = qnames.get(name)
            if split is None:
                if len(qnames) >= 4096:
                    qnames.clear()
                split = qnames[name] = split_qname(name)
            local = split[1]
            namespace = resolve_prefix(split[0], self._bindings, self._error)
        else:
            local = name
            namespace = self._scopes[-1].default
        open_elements = self.open_elements
        current = open_elements[-1]
        if current.local_name != local:
            self._error("mismatched-end-tag")
        elif current.namespace == namespace:
            # The current element: the search below would pop just it.
            self._pop()
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
        """The data state's shortcut in the main phase, building the tree as
        it reads (:mod:`markup5.xml.tokenizer.shortcuts`): text and tags
        (``BUILD_SCAN``, one match per step), and character references,
        comments, processing instructions and CDATA sections
        (``BUILD_OTHER``) written the common, error-free way, with what
        :meth:`characters`, :meth:`start_tag`, :meth:`empty_tag`,
        :meth:`end_tag` and :meth:`process` do for them inlined for the
        common cases (an element whose names bind as before, the end tag of
        the current element).  Anything else goes through those methods,
        with the tokenizer's offset just after the tag, as when a state
        emits it.  Returns when the loop stops (the states take over at the
        first character it does not take, with the text before it pending
        as the data state leaves it) or the main phase ends."""
        buf = tokenizer.buf
        pos = tokenizer.pos
        finditer = BUILD_SCAN.finditer
        other = BUILD_OTHER.match
        find_double_quoted = FIND_DOUBLE_QUOTED
        pending = tokenizer._text  # text not yet in a node (the states' too)
        normalize = tokenizer.xml10_compatible
        open_elements = self.open_elements
        scopes = self._scopes
        counts = self._open_counts
        bindings_get = _BINDINGS.get
        new_node = object.__new__
        current = open_elements[-1]
        children = current.children
        # The Text node that text before the next tag joins (text the
        # states added, or text before an end tag that closed nothing), or
        # None: the text goes in a new node.
        tail: Text | None = None
        if children and type(last := children[-1]) is Text:
            tail = last
        scope = scopes[-1]
        default = scope.default
        restart = False
        # (Declared for the type checker: a BUILD_SCAN match in the loop, a
        # BUILD_OTHER match or None after it; a text, comment or PI node.)
        m: re.Match[str] | None
        node: Node
        while True:
            for m in finditer(buf, pos):
                text, name, first, value, source, empty, leaf, end_name = m.groups()
                if end_name is not None:
                    # The text before the tag (inlined in the two branches).
                    if pending:
                        if text:
                            pending.append(text)
                        text = "".join(pending)
                        pending.clear()
                    if text:
                        if tail is None:
                            node = new_node(Text)  # Text(text), without the call
                            node.data = text
                            node.parent = current
                            children.append(node)
                        else:
                            self._merge(tail, text)
                    if ":" not in end_name:
                        # An unprefixed name is the current element's when
                        # its start tag's was the same (a prefixed current
                        # element in the default namespace goes the slow way).
                        closes_current = (end_name == current.local_name
                                          and current.prefix is None)
                    else:
                        # A prefix resolves in the current element's own
                        # scope as it did for its start tag (an unbound one
                        # goes the slow way, which reports it again).
                        prefix, _, local = end_name.partition(":")
                        closes_current = (prefix == current.prefix and local == current.local_name
                                          and current.namespace is not None)
                    if closes_current:
                        # The end tag of the current element.
                        open_elements.pop()
                        if scopes.pop() is not scopes[-1]:
                            leave_scope(self._bindings, self._undo.pop())
                        key = (current.namespace, current.local_name)
                        left = counts[key] - 1
                        if left:
                            counts[key] = left
                        else:  # (no key per name ever seen: a stream stays flat)
                            del counts[key]
                        if not open_elements:
                            tokenizer.pos = m.end()
                            self.process = self._end_phase
                            self._main = False
                            return
                        current = open_elements[-1]
                        children = current.children
                    else:
                        tokenizer.pos = m.end()  # errors are reported just after the tag
                        self._end(end_name)
                        if not self._main:
                            return
                        current = open_elements[-1]
                        children = current.children
                        if children and type(last := children[-1]) is Text:
                            # An end tag that closed nothing: the text before
                            # it joins the text after it.
                            tail = last
                            scope = scopes[-1]
                            default = scope.default
                            continue
                    tail = None
                    scope = scopes[-1]
                    default = scope.default
                    continue
                if name is None:
                    # No tag: "&" or "<" for BUILD_OTHER or the states, or
                    # the end.
                    if text:
                        pending.append(text)
                    pos = m.end()
                    break
                # A start or empty tag (or a leaf: start tag, text, end tag).
                if source:
                    if "&" in source or "'" in source:
                        attrs = reference_attributes(source, normalize)
                        if attrs is not None and first is not None:
                            attrs = None if first in attrs else {first: value, **attrs}
                    else:
                        # Double-quoted values without references (as
                        # simple_attributes, inlined).
                        pairs = find_double_quoted(source)
                        if first is None:
                            attrs = dict(pairs)
                            count = len(pairs)
                        else:
                            attrs = {first: value}
                            attrs.update(pairs)
                            count = len(pairs) + 1
                        if len(attrs) != count:
                            attrs = None  # a duplicate
                        elif normalize and ("\n" in source or "\t" in source):
                            for attr_name, item in pairs:
                                if "\n" in item or "\t" in item:
                                    attrs[attr_name] = item.translate(ATTRIBUTE_VALUE_WHITESPACE)
                    if attrs is None:
                        # A duplicate attribute or a reference with an
                        # error: the states report it.
                        if text:
                            pending.append(text)
                        tokenizer.pos = m.end(1)
                        return
                    cached = bindings_get((id(scope), name, *attrs))
                elif first is not None:
                    attrs = {first: value}
                    cached = bindings_get((id(scope), name, first))
                else:
                    attrs = {}
                    cached = None if ":" not in name else bindings_get((id(scope), name))
                if pending:
                    if text:
                        pending.append(text)
                    text = "".join(pending)
                    pending.clear()
                if text:
                    if tail is None:
                        node = new_node(Text)
                        node.data = text
                        node.parent = current
                        children.append(node)
                    else:
                        self._merge(tail, text)
                tail = None  # the element goes after the text
                if cached is not None and cached[0] is scope:
                    # As in _element: names bound before in this scope.
                    _, local, namespace, prefix, attr_namespaces, key = cached
                    element = _create_element(local, attrs, namespace, prefix)
                    if attr_namespaces:
                        element.attr_namespaces = dict(attr_namespaces)
                    new_scope = scope
                elif not attrs and ":" not in name:
                    element = _create_element(name, attrs, default, None)
                    new_scope = scope
                    key = (default, name)
                else:
                    # Bound the slow way (declarations, errors), with the
                    # errors just after the start tag.
                    tokenizer.pos = m.end() if leaf is None else m.start(7)
                    element = self._element(name, attrs)
                    new_scope = self._new_scope
                    key = (element.namespace, element.local_name)
                    if leaf is not None:
                        # The leaf's text and end tag go the common way.
                        leaf = None
                        pos = m.start(7)
                        restart = True
                element.parent = current
                children.append(element)
                if leaf is not None:
                    # Its end tag, with the same raw name, closes it (its
                    # prefix, if any, is bound: the binding came from the
                    # cache, where no binding with an error goes).
                    if leaf:
                        node = new_node(Text)
                        node.data = leaf
                        node.parent = element
                        element.children.append(node)
                elif not empty:
                    open_elements.append(element)
                    if new_scope is not scope:
                        self._enter_scope(new_scope)
                        scope = new_scope
                        default = scope.default
                    else:
                        scopes.append(scope)
                    counts[key] += 1
                    current = element
                    children = element.children
                    if restart:
                        break
            # (The loop never runs out: BUILD_SCAN matches wherever asked.)
            if restart:
                # A leaf's text and end tag, after its start tag went the
                # slow way: on from the text.
                restart = False
                continue
            # BUILD_SCAN stopped at "&", "<" or the end of the buffer.
            if buf.startswith("<!", pos):
                # A comment or a CDATA section written the simple way.
                section = simple_section(buf, pos)
                if section is None:
                    tokenizer.pos = pos
                    return
                data, pos, is_comment = section
                if not is_comment:
                    if data:
                        pending.append(data)
                    continue
                node = Comment(data)
            else:
                m = other(buf, pos)
                if m is None:
                    stray = stray_character(buf, pos, tokenizer.end, normalize)
                    if stray is None:
                        tokenizer.pos = pos
                        return
                    # A "&" or "<" that is text (see stray_character).
                    if stray:
                        tokenizer._error(stray, pos + 1)
                    pending.append(buf[pos])
                    pos += 1
                    continue
                pos = m.end()
                kind = m.lastindex
                assert kind is not None  # every alternative has a group
                if kind <= OTHER_NAMED:
                    # A character reference, resolved as the states would,
                    # or left to them.
                    named = m.group(OTHER_NAMED)
                    if named is not None:
                        character = PREDEFINED_ENTITIES.get(named)
                    else:
                        decimal = m.group(OTHER_DECIMAL)
                        code = int(decimal) if decimal is not None else int(m.group(2), 16)
                        character = chr(code) if _clean(code) else None
                    if character is None:
                        tokenizer.pos = m.start()
                        return
                    pending.append(character)
                    continue
                node = ProcessingInstruction(m.group(OTHER_PI_TARGET), m.group(OTHER_PI_DATA) or "")
            # A comment or a processing instruction, after the text.
            if pending:
                if tail is None:
                    text_node = new_node(Text)
                    text_node.data = "".join(pending)
                    text_node.parent = current
                    children.append(text_node)
                else:
                    self._merge(tail, "".join(pending))
                pending.clear()
            tail = None
            node.parent = current
            children.append(node)

    def characters(self, data: str) -> None:
        if not self._main:
            self.process(T.Characters(data))
            return
        node = self.open_elements[-1]
        children = node.children
        if children and type(last := children[-1]) is Text:
            self._merge(last, data)
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
        self._push(element)

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
        self.flush_text()
        return self.document


def _apply_attribute_list(definitions: dict[str, Any], attrs: dict[str, str]
                          ) -> dict[str, str]:
    """A start tag's attributes as its element's attribute-list declarations
    make them (XML 1.0 §3.3): each declared attribute the tag leaves out
    that has a default value (plain or ``#FIXED``) is added with it, after
    the specified ones and in declaration order (§3.3.2); the value of each
    specified attribute declared with a type other than CDATA has its
    leading and trailing spaces removed and runs of spaces collapsed into
    one (§3.3.3; the tokenizer has already turned whitespace characters
    into spaces)."""
    result = attrs
    for name, definition in definitions.items():
        value = attrs.get(name)
        if value is None:
            if definition.value is not None:
                if result is attrs:
                    result = dict(attrs)
                result[name] = definition.value
        elif definition.type != "CDATA" and (" " in value):
            normalized = " ".join(part for part in value.split(" ") if part)
            if normalized != value:
                if result is attrs:
                    result = dict(attrs)
                result[name] = normalized
    return result


def _is_xmlns(qname: str) -> bool:
    return qname == "xmlns" or (qname.startswith("xmlns:") and split_qname(qname)[0] == "xmlns")


def _merge_errors(errors: list[ParseError], decode_errors: list[ParseError]) -> None:
    """Put the decoder's errors (in stream order) into ``errors`` (the
    tokenizer's and tree builder's, in the order they were reported), each
    before the first error at a later offset; ``errors`` keeps its order."""
    if not decode_errors:
        return
    merged = list(heapq.merge(decode_errors, errors, key=error_offset))
    errors[:] = merged


class XmlParser:
    """Incremental XML5 parsing: :meth:`feed` chunks (str, or bytes; all
    chunks of one parse are of the same kind), then :meth:`close` returns
    the :class:`~markup5.dom.Document`.  The result does not depend on how
    the input was split.

    Bytes are decoded as :func:`parse_xml` says (see
    :mod:`markup5.xml.encoding`): the encoding is worked out once the first
    4 bytes, and the XML declaration if the input starts with one, have
    arrived (or at :meth:`close`).  After :meth:`close`, :attr:`encoding` is
    the encoding's name ("UTF-8" for str input)."""

    def __init__(self, *, keep_xmlns_attributes: bool = True,
                 xml10_compatible: bool = True, transport_encoding: str | None = None,
                 process_dtd: bool = True,
                 max_entity_amplification: float = 100.0,
                 entity_expansion_threshold: int = 8 * 1024 * 1024) -> None:
        self._transport = _transport(transport_encoding)
        self.tokenizer = Tokenizer(xml10_compatible=xml10_compatible)
        _check_dtd_options(process_dtd, max_entity_amplification, entity_expansion_threshold)
        self.tokenizer.process_dtd = process_dtd
        self.tokenizer.expansion_limits = (float(max_entity_amplification),
                                           entity_expansion_threshold)
        self.builder = XmlTreeBuilder(self.tokenizer, keep_xmlns_attributes=keep_xmlns_attributes,
                                      xml10_compatible=xml10_compatible)
        self.tokenizer._tree_sink = self.builder  # the data state's shortcut builds the tree
        self._started = False
        self._input_kind: type | None = None
        self._head = b""  # bytes received before the encoding is known
        self._decoder: XmlDecoder | None = None
        self._decode_errors: list[ParseError] = []
        self._done = False
        #: The encoding's name (None until it is known).
        self.encoding: str | None = None

    @property
    def errors(self) -> list[ParseError]:
        return self.builder.errors

    @property
    def dtd(self) -> Dtd | None:
        """The declarations of the DOCTYPE's internal subset
        (:class:`markup5.xml.dtd.Dtd`), once it has been read; None when
        there is none or ``process_dtd`` is False."""
        return cast("Dtd | None", self.builder.dtd)

    def feed(self, chunk: str | bytes) -> None:
        """Parse the next chunk of the document.

        Between chunks the document being built (``parser.builder.document``)
        is whole but for a Text node that may still grow (the current
        node's last child): that one may show only part of its text until
        it can no longer grow, or until :meth:`close`, so that a text
        arriving over many chunks is joined once.
        ``parser.builder.flush_text()`` joins it at any time."""
        if self._done:
            raise ValueError("feed() after close()")
        if isinstance(chunk, str):
            kind: type = str
        elif isinstance(chunk, (bytes, bytearray, memoryview)):
            kind = bytes
        else:
            raise TypeError(f"feed() takes str or bytes, not {type(chunk).__name__}")
        if self._input_kind is None:
            self._input_kind = kind
            if kind is str:
                self.encoding = "UTF-8"
        elif kind is not self._input_kind:
            raise TypeError("feed() takes str chunks or bytes chunks, not a mix of both")
        if kind is bytes:
            self._push_bytes(bytes(cast(bytes, chunk)), False)
            return
        text = cast(str, chunk)
        if not self._started and text:
            # A leading U+FEFF is dropped, as by parse_xml(): it is the first
            # character of the first non-empty chunk (an empty chunk first
            # must not let it through).
            self._started = True
            if text.startswith("\ufeff"):
                text = text[1:]
        self._run(text, False)

    def close(self) -> Document:
        """Signal the end of the input; returns the document."""
        if not self._done:
            self._done = True
            if self._input_kind is bytes:
                self._push_bytes(b"", True)
            elif self.encoding is None:
                self.encoding = "UTF-8"
            self._run("", True)
        document = self.builder.finish()
        _merge_errors(self.builder.errors, self._decode_errors)
        self._decode_errors = []
        if self._input_kind is bytes:
            # (Known: the final _push_bytes settled it.)
            document.encoding = cast(str, self.encoding)
            document.encoding_confidence = "certain"
        return document

    def _push_bytes(self, data: bytes, final: bool) -> None:
        tokenizer = self.tokenizer
        decoder = self._decoder
        if decoder is None:
            data = self._head + data
            found = sniff_xml_encoding(data, self._transport, final=final)
            if found is None:
                self._head = data
                return
            self._head = b""
            self.encoding = found.encoding.name
            decoder = self._decoder = XmlDecoder(found.encoding)
            for code in found.errors:
                self._decode_errors.append(
                    ParseError(code, found.label_offset, tokenizer._positions))
            data = data[found.bom:]
        text, errors = decoder.decode(data, final)
        if errors:
            positions = tokenizer._positions
            self._decode_errors.extend(
                ParseError("invalid-byte-sequence", offset, positions)
                for offset in stream_offsets(text, errors, tokenizer._base + tokenizer.end,
                                             tokenizer._held_cr))
        if text:
            self._run(text, False)

    def _run(self, text: str, final: bool) -> None:
        """Tokenize ``text`` and build the tree as far as it goes.  Tokens
        are processed after each step of the machine, as :func:`parse_xml`
        does: the data state's shortcut builds the tree itself, so the
        tokens before it must be in the tree (and tree errors sit after
        their tokens)."""
        tokenizer = self.tokenizer
        if tokenizer._done:
            return
        tokenizer._push(text, final)
        handlers = tokenizer._handlers
        builder = self.builder
        while True:
            running = handlers[tokenizer._state](tokenizer)
            out = tokenizer._out
            if out:
                tokenizer._out = []
                for token in out:
                    builder.process(token)  # (the phase changes as it goes)
            if not running:
                builder.flush_finished_text()  # (see XmlParser.feed)
                return


def _check_dtd_options(process_dtd: object, amplification: object, threshold: object) -> None:
    if not isinstance(process_dtd, bool):
        raise TypeError(f"process_dtd must be a bool, not {type(process_dtd).__name__}")
    if isinstance(amplification, bool) or not isinstance(amplification, (int, float)):
        raise TypeError(f"max_entity_amplification must be a number, "
                        f"not {type(amplification).__name__}")
    if not amplification >= 1.0:
        raise ValueError(f"max_entity_amplification must be at least 1.0, not {amplification!r}")
    if isinstance(threshold, bool) or not isinstance(threshold, int):
        raise TypeError(f"entity_expansion_threshold must be an int, "
                        f"not {type(threshold).__name__}")
    if threshold < 0:
        raise ValueError(f"entity_expansion_threshold must not be negative, not {threshold}")


def _transport(label: str | None) -> Encoding | None:
    if label is None:
        return None
    if not isinstance(label, str):
        raise TypeError(f"transport_encoding must be an encoding label (str), "
                        f"not {type(label).__name__}")
    try:
        return get_encoding(label)
    except ValueError:
        raise ValueError(f"transport_encoding: unknown encoding label {label!r}") from None


def parse_xml(data: str | bytes, *, keep_xmlns_attributes: bool = True,
              xml10_compatible: bool = True, transport_encoding: str | None = None,
              fast_path: bool = True, process_dtd: bool = True,
              max_entity_amplification: float = 100.0,
              entity_expansion_threshold: int = 8 * 1024 * 1024) -> Document:
    """Parse an XML document with the XML5 rules; never raises on any input.

    ``data`` is a str, or bytes.  Bytes are decoded as a browser's XML
    parser decodes them (:mod:`markup5.xml.encoding`): a byte order mark,
    else ``transport_encoding`` (the charset of a Content-Type header; an
    unknown label is a :class:`ValueError`), else UTF-16 when the input
    starts with "<?" in UTF-16, and the ``encoding`` of the XML declaration,
    looked up in the WHATWG Encoding Standard's label table (an unknown
    label is the parse error ``unknown-encoding``), else UTF-8.  Bytes the
    encoding cannot decode become U+FFFD, each with the parse error
    ``invalid-byte-sequence``.  ``document.encoding`` is the encoding's
    name ("UTF-8", "windows-1252", "UTF-16LE" ...).  A leading U+FEFF in a
    str is dropped.  Returns a :class:`~markup5.dom.Document` with
    ``content_type`` "application/xml"; its ``errors`` lists the parse
    errors (decoding, tokenizer and tree construction, in stream order).

    ``xml10_compatible`` (default True): on well-formed input, give the
    tree an XML 1.0 parser gives where xml5lib-tests would differ (the
    XML declaration is not a node, DOCTYPE names keep their case, the
    internal subset is skipped, numeric references and attribute-value
    normalization as in XML 1.0; see :mod:`markup5.xml`).  False gives
    exactly the behaviour xml5lib-tests check.

    ``fast_path`` (default True; only with ``xml10_compatible``): a
    document that the standard library's expat parser accepts, and whose
    XML5 tree is the XML 1.0 tree, is built from expat's events
    (:mod:`markup5.xml.fast_path`); anything else, from the first problem
    expat or the namespace rules find, is parsed from the start by the
    XML5 tokenizer.  The result is the same either way; False always runs
    the XML5 tokenizer (slower on well-formed files).

    ``process_dtd`` (default True; only with ``xml10_compatible``): read
    the DOCTYPE's internal subset (:mod:`markup5.xml.dtd`), report its
    errors, expand the internal entities it declares in text and attribute
    values, and add the attribute defaults it declares, as a conforming
    non-validating XML processor does (:mod:`markup5.xml.entities`).
    Nothing outside the document is ever read: external entities and DTDs
    are not fetched or opened.  False reads past the subset and applies
    nothing.  Entity expansion stops (the error
    ``entity-expansion-limit-exceeded``; further references give nothing)
    once what it produced, plus the input, exceeds both
    ``entity_expansion_threshold`` characters and
    ``max_entity_amplification`` times the input (expat's defaults:
    8 MiB and 100).
    """
    if not isinstance(fast_path, bool):
        raise TypeError(f"fast_path must be a bool, not {type(fast_path).__name__}")
    _check_dtd_options(process_dtd, max_entity_amplification, entity_expansion_threshold)
    dtd_options = (process_dtd, max_entity_amplification, entity_expansion_threshold)
    decode_errors: list[tuple[str, int]] = []
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        found = sniff_xml_encoding(data, _transport(transport_encoding))
        if found.bom:
            data = data[found.bom:]
        errors: list[int] | None = None
        if found.encoding.name == "UTF-8":
            # Valid UTF-8 (most input) decodes the same with the C codec;
            # for the rest the decoder tells the errors.
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                pass
            else:
                errors = []
        if errors is None:
            text, errors = XmlDecoder(found.encoding).decode(data, True)
        decode_errors = [(code, found.label_offset) for code in found.errors]
        if errors:
            decode_errors.extend(("invalid-byte-sequence", offset)
                                 for offset in stream_offsets(text, errors, 0, False))
        encoding = found.encoding.name
    elif isinstance(data, str):
        _transport(transport_encoding)  # checked, though a str is not decoded
        text = data
        if text.startswith("\ufeff"):
            text = text[1:]
        encoding = None
    else:
        raise TypeError(f"parse_xml() takes str or bytes, not {type(data).__name__}")
    with collector_paused():  # (see markup5._collector)
        document = None
        if fast_path and xml10_compatible and not decode_errors and _FAST_PATH:
            document = build_with_expat(text, keep_xmlns_attributes)
        if document is None:
            document = _parse_with_states(text, decode_errors, keep_xmlns_attributes,
                                          xml10_compatible, dtd_options)
        if encoding is not None:
            document.encoding = encoding
            document.encoding_confidence = "certain"
    return document


def _parse_with_states(text: str, decode_errors: list[tuple[str, int]],
                       keep_xmlns_attributes: bool, xml10_compatible: bool,
                       dtd_options: tuple[bool, float, int] = (True, 100.0, 8 * 1024 * 1024)
                       ) -> Document:
    """:func:`parse_xml`'s XML5 path: the tokenizer's states and the tree
    builder on the decoded ``text``, with the decoder's errors merged in."""
    parser = XmlParser(keep_xmlns_attributes=keep_xmlns_attributes,
                       xml10_compatible=xml10_compatible, process_dtd=dtd_options[0],
                       max_entity_amplification=dtd_options[1],
                       entity_expansion_threshold=dtd_options[2])
    parser._run(text, True)  # (the incremental parser's run loop, on the whole text)
    builder = parser.builder
    document = builder.finish()
    if decode_errors:
        positions = parser.tokenizer._positions
        _merge_errors(builder.errors,
                      [ParseError(code, offset, positions) for code, offset in decode_errors])
    return document


from .fast_path import AVAILABLE as _FAST_PATH, build_with_expat  # noqa: E402
