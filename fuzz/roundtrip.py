"""The trees whose serialization the standards do not preserve.

HTML §13.3 warns that the output of the serialization algorithm, "if
parsed with an HTML parser, will not return the original tree structure" in
some cases.  The round-trip harnesses skip an input only when its first tree
falls in one of the classes below, each tested on the tree (or on the errors
of its parse) and each with its reason in fuzz/README.md; anything else that
is not stable is a finding.
"""

from __future__ import annotations

from collections.abc import Iterator

from markup5 import Document, parse, serialize
from markup5.dom import DocumentType, Element, Node, ProcessingInstruction, Text
from markup5.html.constants import SPECIAL
from markup5.html.tokenizer import Tokenizer
from markup5.tokens import Token

HTML = "http://www.w3.org/1999/xhtml"
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})

#: Elements whose children the serializer writes as they are (HTML §13.3,
#: "If the parent of current node is a style, script, xmp, iframe,
#: noembed, noframes, or plaintext element, or a noscript element and
#: scripting is enabled"), with the tokenizer state that reads them back.
_RAW_TEXT = {"style": "RAWTEXT state", "xmp": "RAWTEXT state", "iframe": "RAWTEXT state",
             "noembed": "RAWTEXT state", "noframes": "RAWTEXT state",
             "script": "Script data state"}


def _walk(node: Node) -> Iterator[Node]:
    """Every node under ``node`` (template contents too), iteratively."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        children: list[Node] | None = getattr(node, "children", None)
        if children:
            stack.extend(reversed(children))
        content: Node | None = getattr(node, "template_contents", None)
        if content is not None:
            stack.append(content)


def _raw_text_swallows_end_tag(element: Element, scripting: bool) -> bool:
    """Whether the element's text, read back in its tokenizer state, does
    not end at its end tag (``<script><!--<script>``: the end tag is taken
    by the script data double escaped state)."""
    name = element.local_name
    state = _RAW_TEXT.get(name)
    if state is None:
        if name == "noscript" and scripting:
            state = "RAWTEXT state"
        else:
            return False
    text = "".join(c.data for c in element.children if isinstance(c, Text))
    tokens = list(Tokenizer(text + f"</{name}>", initial_state=state, last_start_tag=name,
                            collect_errors=False))
    if not tokens:
        return True
    last = tokens[-1]
    assert isinstance(last, Token)  # errors come inline only with inline_errors
    return last.as_list() != ["EndTag", name]


def _html_ancestor(node: Node, name: str) -> Element | None:
    parent = node.parent
    while isinstance(parent, Element):
        if parent.namespace == HTML and parent.local_name == name:
            return parent
        parent = parent.parent
    return None


def _has_html_ancestor(node: Node, name: str) -> bool:
    return _html_ancestor(node, name) is not None


#: What stops the two start tag rules that run the adoption agency algorithm
#: for an element of the same name: for "a", the markers of the list of
#: active formatting elements (pushed for applet, object, marquee, td, th,
#: caption, template); for "nobr", the boundaries of "has an element in
#: scope" (HTML §13.2.4.2).
_AAA_STOPS = {
    "a": frozenset({(HTML, n) for n in ("applet", "object", "marquee", "td", "th",
                                         "caption", "template")}),
    "nobr": frozenset({(HTML, n) for n in ("applet", "caption", "html", "table", "td", "th",
                                            "marquee", "object", "template")}
                      | {("http://www.w3.org/1998/Math/MathML", n)
                         for n in ("mi", "mo", "mn", "ms", "mtext", "annotation-xml")}
                      | {("http://www.w3.org/2000/svg", n)
                         for n in ("foreignObject", "desc", "title")}),
}


#: The start tags "li", "dd" and "dt" of "in body" close an open element
#: of these names, walking down the stack and stopping at a special element
#: other than address, div and p (HTML §13.2.6.4.7).
_LIST_ITEM_CLOSES = {"li": frozenset({"li"}), "dd": frozenset({"dd", "dt"}),
                     "dt": frozenset({"dd", "dt"})}
_LIST_ITEM_STOPS = SPECIAL - {(HTML, "address"), (HTML, "div"), (HTML, "p")}


def _list_item_open_above(node: Element) -> bool:
    """Whether an HTML ``li`` (``dd``, ``dt``) has an ancestor that its start
    tag would have closed: an ``li`` (a ``dd`` or ``dt``) with no special
    element other than address, div and p between them."""
    closes = _LIST_ITEM_CLOSES[node.local_name]
    parent = node.parent
    while isinstance(parent, Element):
        if parent.namespace == HTML and parent.local_name in closes:
            return True
        if (parent.namespace, parent.local_name) in _LIST_ITEM_STOPS:
            return False
        parent = parent.parent
    return False


def _same_name_open_above(node: Element) -> bool:
    """Whether an HTML ``a`` (``nobr``) has an ``a`` (``nobr``) ancestor with
    nothing between them that would keep the start tag rule of "in body"
    from closing it."""
    stops = _AAA_STOPS[node.local_name]
    parent = node.parent
    while isinstance(parent, Element):
        if parent.namespace == HTML and parent.local_name == node.local_name:
            return True
        if (parent.namespace, parent.local_name) in stops:
            return False
        parent = parent.parent
    return False


def unstable_class(doc: Document, scripting: bool = False) -> str | None:
    """The first class of non-preserved trees that ``doc`` (an HTML document
    from :func:`markup5.parse`) is in, or None."""
    # foster-parented: the "in table" insertion mode's "anything else"
    # inserts a token with foster parenting (and the token's element becomes
    # the current node, where later table-mode tokens go), giving nestings
    # that the "in body" rules do not build from the serialization
    # (<a><table><a>: an <a> in an <a>; <table><p><form>: a form in a p).
    # Each such insertion reports "unexpected-token-in-table" first.
    if any(e.code == "unexpected-token-in-table" for e in doc.errors):
        return "foster-parented"
    for node in _walk(doc):
        if isinstance(node, Element):
            if node.namespace != HTML:
                continue
            name = node.local_name
            # plaintext: the PLAINTEXT state never ends, so the element's
            # end tag and all that follows it are read back as its text.
            if name == "plaintext":
                return "plaintext"
            # leading-newline: a newline right after <pre>, <listing> or
            # <textarea> is dropped by the parser ("in body"), and the
            # serialization algorithm no longer writes an extra one.
            if name in ("pre", "listing", "textarea") and node.children:
                first = node.children[0]
                if isinstance(first, Text) and first.data.startswith("\n"):
                    return "leading-newline"
            # nested-form: "in body", an end tag "form" removes the form from
            # the stack without closing the elements open inside it, so a
            # later <form> can nest in it (<form><y></form><form>); read back,
            # a <form> start tag is ignored while the form element pointer is
            # set.  (Template contents are a separate tree: the walk up stops
            # at them, as the pointer's check does.)
            if name == "form" and _has_html_ancestor(node, "form"):
                return "nested-form"
            # heading-in-heading: the adoption agency algorithm puts the
            # furthest block in the common ancestor (<h2><a><h2><a>: an h2
            # child of an h2); read back, a heading start tag pops a heading
            # that is the current node ("in body", start tag h1-h6).
            parent = node.parent
            if (name in _HEADINGS and isinstance(parent, Element)
                    and parent.namespace == HTML and parent.local_name in _HEADINGS):
                return "heading-in-heading"
            # list-item-in-list-item: "in body", an end tag "form" removes the
            # form from the stack without closing what is open inside it, so
            # an li (dd, dt) left open there is the one a later start tag of
            # its kind closes, and the new one goes where the form was
            # (<dt><form><dd><a></form><dd>: the a keeps the implied end tags
            # from closing the first dd, and the second is a child of the
            # dt); read back,
            # the start tag closes the outer li (dt) first.
            if name in _LIST_ITEM_CLOSES and _list_item_open_above(node):
                return "list-item-in-list-item"
            # selectedcontent-clone: a select's selectedcontent holds a copy
            # of its selected option (HTML §4.10.12, "clone an option into a
            # selectedcontent"); read back, the copy is made again when the
            # selectedcontent is inserted, and the serialized copy is parsed
            # into it as well.
            if (name == "selectedcontent" and node.children
                    and (select := _html_ancestor(node, "select")) is not None
                    and any(isinstance(n, Element) and n.local_name == "option"
                            for n in _walk(select))):
                return "selectedcontent-clone"
            # adoption-agency-limit: the adoption agency algorithm's outer
            # loop stops after eight rounds, and the formatting element it
            # had not closed yet stays open (<nobr><div> x 8 <nobr>: a nobr
            # in a nobr, <a><div> x 8 <a>: an a in an a); read back, the
            # inner start tag finds the outer element open and the
            # algorithm closes it ("in body", start tags "a" and "nobr").
            if name in _AAA_STOPS and _same_name_open_above(node):
                return "adoption-agency-limit"
            if _raw_text_swallows_end_tag(node, scripting):
                return "raw-text-end-tag"
            for value in node.attrs.values():
                if "\r" in value:
                    return "carriage-return"
        elif isinstance(node, Text):
            # carriage-return: a CR from a character reference (&#13;) is
            # written as it is, and the input stream's newline normalization
            # turns it into LF on the way back.
            if "\r" in node.data:
                return "carriage-return"
        elif isinstance(node, DocumentType):
            # doctype-mode: the DOCTYPE serializes as <!DOCTYPE name>, without
            # the identifiers or the syntax errors that made the document
            # quirks or limited-quirks.
            if parse(serialize(node), scripting=scripting).mode != doc.mode:
                return "doctype-mode"
    return None


def unstable_xml_class(doc: Document, xml10_compatible: bool = True) -> str | None:
    """The first class of XML trees that serialize_xml does not preserve
    through parse_xml that ``doc`` is in, or None."""
    for node in _walk(doc):
        if isinstance(node, Element):
            # colon-attribute: XML5 reads an attribute name that starts with
            # ":" only in the tag attribute name after state, right after an
            # attribute written without a value (<m b :x="1">); the tag
            # attribute name before state drops the colon.  Each run of them
            # needs its own valueless attribute before it, and a value ends
            # the run.  When none is left (<m b=x b :x="1">: the bare b was a
            # duplicate, dropped), or fewer than the ":" names with a value
            # (<m b :x=1 b :y=2>), no serialization can express the tree;
            # serialize_xml writes the rest as it is, and read back the colon
            # is gone.
            bare = sum(1 for name, value in node.attrs.items()
                       if value == "" and name[:1] != ":")
            colon = [value for name, value in node.attrs.items() if name[:1] == ":"]
            if colon and (not bare or sum(1 for value in colon if value) > bare):
                return "colon-attribute"
        if isinstance(node, ProcessingInstruction):
            # pi-leading-space: XML5's pi after state drops a "?" that is not
            # followed by ">" (<?a ?\n), so the data can start with
            # whitespace, which the pi target after state skips when read back
            # (xml10_compatible=False only: with it, the "?" is data).
            if node.data[:1] in ("\t", "\n", " ", "\r"):
                return "pi-leading-space"
            # (A <?xml ...?> that was not first in the input, a processing
            # instruction node, was a class here, "xml-declaration-pi", until
            # serialize_xml wrote a line break before it where it comes
            # first: it now round-trips.)
    return None
