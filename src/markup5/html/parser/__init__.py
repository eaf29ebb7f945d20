"""The HTML parser: tokenizer + tree construction (§13.2), the fragment
parsing algorithm (§13.4), and the public :func:`parse` and
:func:`parse_fragment`.
"""

from __future__ import annotations

from ...dom import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, Document, DocumentFragment, \
    Element
from ...tokens import Characters, StartTag
from ..constants import SVG_TAG_ADJUSTMENTS, VOID_ELEMENTS
from ..feedback import decode_html_bytes
from ..states import State
from ..tokenizer import Tokenizer
from .modes import InsertionModes
from .sink import DomSink, TreeSink

__all__ = ["HTMLParser", "parse", "parse_fragment", "TreeSink", "DomSink"]

HTML = HTML_NAMESPACE

_MODE_METHODS = {
    "initial": "_initial",
    "before html": "_before_html",
    "before head": "_before_head",
    "in head": "_in_head",
    "in head noscript": "_in_head_noscript",
    "after head": "_after_head",
    "in body": "_in_body",
    "text": "_text",
    "in table": "_in_table",
    "in table text": "_in_table_text",
    "in caption": "_in_caption",
    "in column group": "_in_column_group",
    "in table body": "_in_table_body",
    "in row": "_in_row",
    "in cell": "_in_cell",
    "in template": "_in_template",
    "after body": "_after_body",
    "in frameset": "_in_frameset",
    "after frameset": "_after_frameset",
    "after after body": "_after_after_body",
    "after after frameset": "_after_after_frameset",
}


class HTMLParser(InsertionModes):
    """One parse: a tokenizer driving the tree construction stage."""

    def __init__(self, sink: TreeSink | None = None, *, scripting: bool = False,
                 processing_instructions: bool = True) -> None:
        if not isinstance(scripting, bool):
            raise TypeError(f"scripting must be a bool, not {type(scripting).__name__}")
        tokenizer = Tokenizer(processing_instructions=processing_instructions)
        self._init_core(DomSink() if sink is None else sink, tokenizer, scripting)
        self._handlers = {mode: getattr(self, method) for mode, method in _MODE_METHODS.items()}
        self._pending = None
        self._force_html = False
        self._skip_newline = False
        self._allow_cdata = False

    # The tree construction dispatcher ----------------------------------------

    def _process(self, token) -> None:
        """The tree construction dispatcher, for one token (None: EOF)."""
        if self._skip_newline:
            self._skip_newline = False
            if type(token) is Characters and token.data.startswith("\n"):
                if len(token.data) == 1:
                    return
                token = Characters(token.data[1:])
        handlers = self._handlers
        stack = self.open_elements
        context = self.context
        while True:
            # The adjusted current node.
            if context is not None and len(stack) == 1:
                node = context
            else:
                node = stack[-1] if stack else None
            if node is None or node.namespace == HTML or self._force_html \
                    or token is None or not self._foreign_applies(node, token):
                self._force_html = False
                again = handlers[self.mode](token)
                if not again and type(token) is StartTag and token.self_closing and \
                        token.name not in VOID_ELEMENTS and token.name not in ("svg", "math"):
                    # The flag was not acknowledged: only void elements and
                    # foreign elements take it.
                    self._error("non-void-html-element-start-tag-with-trailing-solidus")
            else:
                again = self._foreign_content(token)
            if not again:
                break
            stack = self.open_elements
            if self._pending is not None:
                token, self._pending = self._pending, None
        stack = self.open_elements
        if context is not None and len(stack) == 1:
            node = context
        else:
            node = stack[-1] if stack else None
        foreign = node is not None and node.namespace != HTML
        if foreign is not self._allow_cdata:
            self._allow_cdata = self.tokenizer.allow_cdata = foreign

    def _foreign_applies(self, node, token) -> bool:
        """Whether the token goes to the rules for foreign content (the
        dispatcher's conditions, negated)."""
        kind = type(token)
        if self._is_mathml_text_integration_point(node):
            if kind is Characters:
                return False
            if kind.__name__ == "StartTag" and token.name not in ("mglyph", "malignmark"):
                return False
        if node.namespace == MATHML_NAMESPACE and node.local_name == "annotation-xml" and \
                kind.__name__ == "StartTag" and token.name == "svg":
            return False
        if self._is_html_integration_point(node) and (
                kind is Characters or kind.__name__ == "StartTag"):
            return False
        return True

    def run(self, text: str) -> None:
        """Tokenize and build the tree for ``text``."""
        tokenizer = self.tokenizer
        tokenizer._append(tokenizer._stream.push(text, final=True))
        tokenizer._closed = True
        tokenizer._ends = []  # track token offsets, to locate tree errors
        process = self._process
        for batch in tokenizer._batches():
            for token, self._token_end in zip(batch, tokenizer.token_ends):
                process(token)
        self._token_end = tokenizer._base + tokenizer.end
        process(None)

    @property
    def all_errors(self) -> list:
        """Tokenizer and tree builder errors, in stream order."""
        errors = list(self.tokenizer.errors) + self.errors
        errors.sort(key=lambda e: e.offset)
        return errors


def _decode(text) -> str:
    if isinstance(text, (bytes, bytearray)):
        return decode_html_bytes(bytes(text))
    if not isinstance(text, str):
        raise TypeError(f"expected str or bytes, not {type(text).__name__}")
    return text


def parse(text: str | bytes, *, scripting: bool = False,
          processing_instructions: bool = True) -> Document:
    """Parse a whole HTML document, as a browser does.

    Returns a :class:`~markup5.dom.Document`; ``document.errors`` lists the
    parse errors (tokenizer and tree construction) and ``document.mode`` is
    "no-quirks", "quirks" or "limited-quirks".  Bytes are decoded as UTF-8
    (a byte order mark is dropped, invalid sequences become U+FFFD):
    encoding sniffing is not implemented yet.  ``scripting`` is the
    scripting flag (it changes how ``<noscript>`` parses).
    """
    text = _decode(text)
    parser = HTMLParser(scripting=scripting, processing_instructions=processing_instructions)
    parser.run(text)
    document = parser.sink.document
    document.errors = parser.all_errors
    return document


_RAWTEXT_CONTEXTS = frozenset({"style", "xmp", "iframe", "noembed", "noframes"})


def parse_fragment(text: str | bytes, context: str | Element = "body", *,
                   scripting: bool = False,
                   processing_instructions: bool = True) -> DocumentFragment:
    """The HTML fragment parsing algorithm (innerHTML).

    ``context`` is the context element: an :class:`~markup5.dom.Element`, a
    tag name (HTML namespace), or ``"svg NAME"`` / ``"math NAME"`` for a
    foreign context.  Returns a :class:`~markup5.dom.DocumentFragment` with
    the parsed nodes; its ``errors`` lists the parse errors.
    """
    text = _decode(text)
    if isinstance(context, str):
        if not context.strip():
            raise ValueError("context must name an element, e.g. 'body', 'td' or 'svg path'")
        parts = context.split(None, 1)
        if len(parts) == 2 and parts[0] in ("svg", "math"):
            namespace = SVG_NAMESPACE if parts[0] == "svg" else MATHML_NAMESPACE
            name = parts[1].strip()
            if namespace == SVG_NAMESPACE:  # "svg foreignobject" is foreignObject
                name = SVG_TAG_ADJUSTMENTS.get(name.lower(), name)
            context_element = Element(name, {}, namespace)
        else:
            context_element = Element(context.strip().lower(), {}, HTML)
    elif isinstance(context, Element):
        context_element = context
    else:
        raise TypeError(f"context must be a tag name or an Element, not {type(context).__name__}")

    parser = HTMLParser(scripting=scripting, processing_instructions=processing_instructions)
    document = parser.sink.document
    # Steps: the quirks mode of the context's document is not known here.
    parser.context = context_element
    tokenizer = parser.tokenizer
    if context_element.namespace == HTML:
        name = context_element.local_name
        if name in ("title", "textarea"):
            tokenizer._state = State.RCDATA
        elif name in _RAWTEXT_CONTEXTS or (name == "noscript" and scripting):
            tokenizer._state = State.RAWTEXT
        elif name == "script":
            tokenizer._state = State.SCRIPT_DATA
        elif name == "plaintext":
            tokenizer._state = State.PLAINTEXT
    root = Element("html", {}, HTML)
    parser.sink.append(document, root)
    parser._push(root)
    if context_element.namespace == HTML and context_element.local_name == "template":
        parser.template_modes.append("in template")
    parser._reset_insertion_mode()
    # The form element pointer: the nearest form ancestor of the context.
    node = context_element
    while node is not None:
        if isinstance(node, Element) and node.namespace == HTML and node.local_name == "form":
            parser.form_element = node
            break
        node = node.parent
    tokenizer.allow_cdata = parser._allow_cdata = context_element.namespace != HTML
    parser.run(text)
    fragment = DocumentFragment()
    for child in list(root.children):
        child.parent = fragment
        fragment.children.append(child)
    root.children = []
    fragment.errors = parser.all_errors
    return fragment
