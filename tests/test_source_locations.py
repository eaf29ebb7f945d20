"""Source locations (``source_locations=True``): every node made for a token
carries that token's span, exactly.

The exactness check parses every html5lib tree-construction input with
locations on and checks each located node against the tokenizer itself:
the slice of the (newline-normalised) source that a location names is
tokenized again on its own, and must be exactly one start tag of the
element's name and attributes (a start tag location), exactly one end tag
of its name (an end tag location), exactly the comment, DOCTYPE or
processing instruction token the node holds, or character tokens whose
text is the Text node's text (with the U+0000 NULL rules of the tree
builder).  Comments, DOCTYPEs, processing instructions and Text nodes must
all have a location (but for the copies a ``selectedcontent`` gets).
"""

from __future__ import annotations

import pickle

import pytest

import markup5
from html5lib_tree import load_cases
from markup5 import HTMLParser, SourceLocation, Tokenizer
from markup5.dom import (HTML_NAMESPACE, Comment, DocumentType, Element, ProcessingInstruction,
                         Text)
from markup5.tokens import Characters, Doctype, EndTag, StartTag
from markup5.tokens import Comment as CommentToken
from markup5.tokens import ProcessingInstruction as PIToken

_RAWTEXT = {"style", "xmp", "iframe", "noembed", "noframes"}
WS = "\t\n\f\r "


def normalise(text: str) -> str:
    """The input stream's newline normalisation (offsets count in it)."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def retokenize(text: str, state: str = "data", last_start_tag: str | None = None,
               allow_cdata: bool = False) -> list:
    return list(Tokenizer(text, initial_state=state, last_start_tag=last_start_tag,
                          allow_cdata=allow_cdata, collect_errors=False))


def walk(root):
    """Every node under ``root`` (template contents too), with its parent,
    and whether it is inside a selectedcontent element (copies)."""
    stack = [(child, root, False) for child in reversed(root.children)]
    while stack:
        node, parent, copied = stack.pop()
        yield node, parent, copied
        if isinstance(node, Element):
            inside = copied or node.local_name == "selectedcontent"
            children = list(node.children)
            if node.template_contents is not None:
                children += node.template_contents.children
            stack.extend((child, node, inside) for child in reversed(children))


def text_state(parent, scripting: bool, context: str | None) -> tuple[str, str | None, bool]:
    """The tokenizer state text in ``parent`` was read in (a fragment's
    own children: the one its ``context`` sets)."""
    if not isinstance(parent, Element):
        if context is None:
            return "data", None, False
        if " " in context:
            return "data", None, True
        # (No start tag was emitted: no end tag is appropriate.)
        return text_state(Element(context), scripting, None)[0], None, False
    name = parent.local_name
    if parent.namespace == HTML_NAMESPACE:
        if name in ("title", "textarea"):
            return "RCDATA", name, False
        if name in _RAWTEXT or (name == "noscript" and scripting):
            return "RAWTEXT", name, False
        if name == "script":
            return "script data", name, False
        if name == "plaintext":
            return "PLAINTEXT", name, False
        return "data", None, False
    return "data", None, True


def _is_subsequence(small: str, big: str) -> bool:
    it = iter(big)
    return all(c in it for c in small)


def is_frameset(result) -> bool:
    return any(isinstance(node, Element) and node.local_name == "frameset"
               for node, _, _ in walk(result))


def text_matches(data: str, texts: list[str], frameset: bool = False) -> bool:
    """Whether a Text node's ``data`` is what the character tokens read
    again from its location (``texts``) make: all of them, or (a node that
    text went into by turns with another: foster-parented text before a
    table, text in it) the first, then some of the characters between,
    then the last.  NULL is dropped in body, U+FFFD in foreign content.
    In a frameset document, text keeps only its whitespace: from the first
    whitespace character to the last."""
    if frameset:
        whole = "".join(texts)
        if whole and whole[0] in WS and whole[-1] in WS and \
                data == "".join(c for c in whole if c in WS):
            return True
    for variant in (lambda t: t, lambda t: t.replace("\x00", ""),
                    lambda t: t.replace("\x00", "\ufffd")):
        pieces = [variant(t) for t in texts]
        whole = "".join(pieces)
        if data == whole:
            return True
        if len(pieces) > 2 and data.startswith(pieces[0]) and data.endswith(pieces[-1]) \
                and len(data) >= len(pieces[0]) + len(pieces[-1]) \
                and _is_subsequence(data[len(pieces[0]):len(data) - len(pieces[-1])],
                                    "".join(pieces[1:-1])):
            return True
    return False


def check_locations(result, source: str, scripting: bool,
                    context: str | None = None) -> tuple[list[str], int]:
    """The problems with ``result``'s locations, and how many were checked."""
    problems: list[str] = []
    checked = 0

    def span(location: SourceLocation, what: str) -> str | None:
        if not 0 <= location.offset <= location.end_offset <= len(source):
            problems.append(f"{what}: {location} outside the source")
            return None
        return source[location.offset:location.end_offset]

    for node, parent, copied in walk(result):
        location = node.source_location
        if location is None:
            if isinstance(node, (Text, Comment, DocumentType, ProcessingInstruction)) \
                    and not copied:
                problems.append(f"{node!r} has no location")
            continue
        checked += 1
        what = repr(node)
        piece = span(location, what)
        if piece is None:
            continue
        if isinstance(node, Element):
            tokens = retokenize(piece)
            if len(tokens) != 1 or type(tokens[0]) is not StartTag:
                problems.append(f"{what}: start tag location {piece!r} is not one start tag")
            else:
                token = tokens[0]
                name = node.local_name.lower()
                if token.name != name and not (token.name == "image" and name == "img"):
                    problems.append(f"{what}: start tag {piece!r} names another element")
                mine = {key.lower(): value for key, value in node.attrs.items()}
                if any(mine.get(key.lower()) != value for key, value in token.attrs.items()):
                    problems.append(f"{what}: start tag {piece!r} has other attributes")
            end = node.end_tag_location
            if end is not None:
                checked += 1
                end_piece = span(end, what + " end tag")
                if end_piece is not None:
                    tokens = retokenize(end_piece)
                    if len(tokens) != 1 or type(tokens[0]) is not EndTag or \
                            tokens[0].name != node.local_name.lower():
                        problems.append(f"{what}: end tag location {end_piece!r}")
                    if end.offset < location.end_offset:
                        problems.append(f"{what}: end tag before start tag")
        elif isinstance(node, Text):
            state, last, cdata = text_state(parent, scripting, context)
            tokens = retokenize(piece, state, last, cdata)
            if not tokens or type(tokens[0]) is not Characters or \
                    type(tokens[-1]) is not Characters:
                problems.append(f"{what}: text location {piece!r} does not begin and end "
                                f"with text")
            elif not text_matches(node.data, [t.data for t in tokens if type(t) is Characters],
                                  frameset=is_frameset(result)):
                problems.append(f"{what}: text location {piece!r} reads {tokens!r}")
        elif isinstance(node, Comment):
            tokens = retokenize(piece)
            if len(tokens) != 1 or type(tokens[0]) is not CommentToken or \
                    tokens[0].data != node.data:
                problems.append(f"{what}: comment location {piece!r}")
        elif isinstance(node, ProcessingInstruction):
            tokens = retokenize(piece)
            if len(tokens) != 1 or type(tokens[0]) is not PIToken or \
                    (tokens[0].target, tokens[0].data) != (node.target, node.data):
                problems.append(f"{what}: processing instruction location {piece!r}")
        elif isinstance(node, DocumentType):
            tokens = retokenize(piece)
            if len(tokens) != 1 or type(tokens[0]) is not Doctype or \
                    (tokens[0].name or "") != node.name:
                problems.append(f"{what}: DOCTYPE location {piece!r}")
    return problems, checked


def parse_case(case, scripting, **kwargs):
    if case.fragment_context is None:
        return markup5.parse(case.data, scripting=scripting, source_locations=True, **kwargs)
    return markup5.parse_fragment(case.data, case.fragment_context, scripting=scripting,
                                  source_locations=True, **kwargs)


_PARAMS = [pytest.param(case, scripting, id=case.id(scripting))
           for case in load_cases() for scripting in case.modes()]


@pytest.mark.parametrize(("case", "scripting"), _PARAMS)
def test_locations_are_exact_on_the_html5lib_tree_inputs(case, scripting):
    result = parse_case(case, scripting)
    problems, _ = check_locations(result, normalise(case.data), scripting, case.fragment_context)
    assert problems == [], f"#data\n{case.data}"
