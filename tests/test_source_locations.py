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

import os
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


def located(result):
    """(node description, start, end tag) for every node, in tree order:
    what must not depend on how the input was fed."""
    out = []
    for node, _, _ in walk(result):
        start = node.source_location
        end = node.end_tag_location if isinstance(node, Element) else None
        out.append((repr(node), start and (start.offset, start.end_offset, start.line,
                                           start.col, start.end_line, start.end_col),
                    end and (end.offset, end.end_offset, end.line, end.col)))
    return out


_DOCUMENTS = [case for case in load_cases() if case.fragment_context is None]


@pytest.mark.parametrize("case", _DOCUMENTS, ids=[case.id(False) for case in _DOCUMENTS])
def test_locations_do_not_depend_on_the_chunks(case):
    whole = markup5.parse(case.data, source_locations=True)
    parser = HTMLParser(source_locations=True)
    for c in case.data:  # (one character at a time: every split point at once)
        parser.feed(c)
    assert located(parser.close()) == located(whole)


def reference_line_col(source: str, offset: int) -> tuple[int, int]:
    """Line and column worked out the plain way: lines end at LF, columns
    count UTF-16 code units."""
    line_start = source.rfind("\n", 0, offset) + 1
    return (source.count("\n", 0, offset) + 1,
            len(source[line_start:offset].encode("utf-16-le")) // 2 + 1)


@pytest.mark.parametrize("text", [
    "<!DOCTYPE html>\r\n<title>T\u00e9</title>\r<p class=a>x<b>y</b>\r\n\r\nz\rq",
    "\U0001F600<p>\U0001F600\U0001F600<b>x</b></p>\n\U00010000<!--c\r\n-->",
    "<table><tr><td>a\r\n<td>b</table><pre>\r\nline</pre><textarea>\r\n</textarea>",
    "<svg><![CDATA[a\r\nb]]><path/></svg>&amp;\r\n&#x1F600;<?pi x?>",
])
def test_lines_and_columns_are_those_of_parse_errors(text):
    document = markup5.parse(text, source_locations=True)
    source = normalise(text)
    seen = 0
    for node, _, _ in walk(document):
        for location in (node.source_location,
                         node.end_tag_location if isinstance(node, Element) else None):
            if location is None:
                continue
            seen += 1
            position_map = location._map  # (the parse's: dropped once resolved)
            assert position_map is not None
            assert (location.line, location.col) == reference_line_col(source, location.offset)
            assert (location.end_line, location.end_col) == \
                reference_line_col(source, location.end_offset)
            # The same map a ParseError at that offset reads.
            error = markup5.ParseError("x", location.offset, position_map)
            assert (error.line, error.col) == reference_line_col(source, location.offset)
    assert seen > 3


def test_the_example_in_the_brief():
    text = "<!DOCTYPE html>\n<p class=x>Hi &amp; bye</p>\n<!-- c -->"
    document = markup5.parse(text, source_locations=True)
    doctype, html = document.children[0], document.document_element
    body = html.children[1]
    p = body.children[0]
    assert doctype.source_location == SourceLocation(0, 15)
    assert p.start_tag_location == p.source_location == SourceLocation(16, 27)
    assert text[p.start_tag_location.offset:p.start_tag_location.end_offset] == "<p class=x>"
    assert (p.source_location.line, p.source_location.col) == (2, 1)
    assert p.end_tag_location == SourceLocation(39, 43)
    assert (p.end_tag_location.end_line, p.end_tag_location.end_col) == (2, 28)
    assert p.children[0].source_location == SourceLocation(27, 39)  # "Hi &amp; bye"
    comment = body.children[-1]
    assert text[comment.source_location.offset:comment.source_location.end_offset] == \
        "<!-- c -->"
    # The elements the tree builder made without a token have none.
    assert html.source_location is None and body.source_location is None
    assert html.children[0].source_location is None  # head


def test_implied_reconstructed_and_adopted_elements_have_no_location():
    text = "<table><td>a</td></table><b>x<p>y</b>z</p><p><i>1</p>2<div>3"
    document = markup5.parse(text, source_locations=True)
    names = {}
    for node, _, _ in walk(document):
        if isinstance(node, Element):
            names.setdefault(node.local_name, []).append(node)
    assert names["tbody"][0].source_location is None
    assert names["tr"][0].source_location is None
    td = names["td"][0]
    assert text[td.source_location.offset:td.source_location.end_offset] == "<td>"
    assert text[td.end_tag_location.offset:td.end_tag_location.end_offset] == "</td>"
    b, b_copy = names["b"]  # the adoption agency's copy inside <p>
    assert b.source_location is not None and b_copy.source_location is None
    assert text[b.end_tag_location.offset:b.end_tag_location.end_offset] == "</b>"
    i, i_copy = names["i"]  # reconstructed after the <p>
    assert i.source_location is not None and i_copy.source_location is None
    # Closed by the end of the input, or by another tag: no end tag.
    assert i.end_tag_location is None and names["div"][0].end_tag_location is None


def test_implicitly_closed_elements_have_no_end_tag_location():
    text = "<ul><li>a<li>b</li></ul><p>x<p>y</p><h1>t</h2>"
    document = markup5.parse(text, source_locations=True)
    items = list(document.select("li"))
    assert items[0].end_tag_location is None
    assert text[items[1].end_tag_location.offset:items[1].end_tag_location.end_offset] == "</li>"
    first_p, second_p = document.select("p")
    assert first_p.end_tag_location is None and second_p.end_tag_location is not None
    assert document.select_one("h1").end_tag_location is None  # (closed by </h2>)


def test_elements_an_end_tag_makes():
    # </p> with no p open makes an empty p, </br> a br: no start tag, and the
    # end tag that made them closed them.
    text = "<body></p></br>"
    document = markup5.parse(text, source_locations=True)
    p, br = document.select_one("p"), document.select_one("br")
    assert p.start_tag_location is None and br.start_tag_location is None
    assert p.end_tag_location == SourceLocation(6, 10)
    assert br.end_tag_location == SourceLocation(10, 15)


def test_text_split_by_the_rules_is_located_piece_by_piece():
    text = "<html> \n<head> <title>t</title> x<pre>\nabc</pre><pre>&#10;&#10;d</pre>"
    document = markup5.parse(text, source_locations=True)
    for node, _, _ in walk(document):
        if isinstance(node, Text):
            location = node.source_location
            piece = text[location.offset:location.end_offset]
            assert piece == node.data or piece == "&#10;d" and node.data == "\nd", piece


def test_fragment_offsets_count_from_the_start_of_the_text():
    text = "<td>a</td><!--c-->b"
    fragment = markup5.parse_fragment(text, "tr", source_locations=True)
    td, comment = fragment.children[0], fragment.children[1]
    assert td.source_location == SourceLocation(0, 4)
    assert td.end_tag_location == SourceLocation(5, 10)
    assert comment.source_location == SourceLocation(10, 18)


def test_bytes_offsets_count_decoded_characters_even_after_a_re_parse():
    data = "<p>caf\u00e9</p>".encode() + b" " * 1100 + b"<meta charset=utf-8><p>\xc3\xa9"
    document = markup5.parse(data, source_locations=True, default_encoding="windows-1252",
                             detect=False)
    assert document.encoding == "UTF-8"  # (re-parsed once the meta was seen)
    text = data.decode()
    for node, _, _ in walk(document):
        if isinstance(node, Text) and node.data.strip():
            location = node.source_location
            assert text[location.offset:location.end_offset] == node.data


def test_locations_are_off_by_default():
    document = markup5.parse("<!DOCTYPE html><p>x</p><!--c-->")
    assert all(node.source_location is None for node, _, _ in walk(document))
    assert document.select_one("p").end_tag_location is None
    fragment = markup5.parse_fragment("<p>x</p>")
    assert fragment.children[0].source_location is None


#: In the compiled build mypyc checks the argument types first: still a
#: TypeError, whose message names the types but not the parameter.
COMPILED_STAGE = os.environ.get("MARKUP5_EXPECT_COMPILED") == "1"


def test_bad_arguments():
    message = None if COMPILED_STAGE else "source_locations must be a bool"
    with pytest.raises(TypeError, match=message):
        markup5.parse("x", source_locations=1)
    with pytest.raises(TypeError, match=message):
        markup5.parse_fragment("x", source_locations="yes")
    with pytest.raises(TypeError, match=message):
        HTMLParser(source_locations=None)
    from markup5.html.parser import DomSink
    with pytest.raises(ValueError, match="LocatingDomSink"):
        HTMLParser(DomSink(), source_locations=True)
    with pytest.raises(ValueError):
        SourceLocation(5, 4)
    with pytest.raises(TypeError):
        SourceLocation(0.5, 4)


def test_source_location_is_a_small_immutable_value():
    document = markup5.parse("<p>\n<b>x</b>", source_locations=True)
    location = document.select_one("b").source_location
    assert location == SourceLocation(4, 7) and hash(location) == hash(SourceLocation(4, 7))
    with pytest.raises(AttributeError):
        location.offset = 3
    assert repr(location) == ("SourceLocation(line=2, col=1, offset=4, end_line=2, end_col=4, "
                              "end_offset=7)")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        copy = pickle.loads(pickle.dumps(location, protocol))
        assert copy == location and (copy.line, copy.col, copy.end_line, copy.end_col) == \
            (2, 1, 2, 4)
    # A pickled tree keeps its locations (resolved: not the whole input).
    copy = pickle.loads(pickle.dumps(document))
    b = copy.select_one("b")
    assert b.source_location == location and b.end_tag_location == SourceLocation(8, 12)
    assert b.children[0].source_location.line == 2


def test_the_check_catches_a_wrong_location():
    """The exactness check is not vacuous: one location moved by one
    character, or a start tag's span given to its end tag, is caught."""
    text = "<div id=a><p>x &amp; y</p><!--c--></div>"
    document = markup5.parse(text, source_locations=True)
    assert check_locations(document, text, False) == ([], 6)
    p = document.select_one("p")
    start, end = p.start_tag_location, p.end_tag_location
    p._location = SourceLocation(start.offset + 1, start.end_offset)
    assert check_locations(document, text, False)[0]
    p._location, p._end_location = start, start
    assert check_locations(document, text, False)[0]
    p._end_location = end
    text_node = p.children[0]
    text_node._location = SourceLocation(text_node.source_location.offset,
                                         text_node.source_location.end_offset - 1)
    assert check_locations(document, text, False)[0]


def test_body_and_html_end_tags_are_recorded_though_the_elements_stay_open():
    text = "<html><body>x</body>\n</html>y"
    document = markup5.parse(text, source_locations=True)
    html, body = document.document_element, document.select_one("body")
    assert body.end_tag_location == SourceLocation(13, 20)
    assert html.end_tag_location == SourceLocation(21, 28)
    assert body.children[-1].data == "x\ny"  # (what follows still goes into the body)
    assert markup5.parse("<p>x", source_locations=True).select_one("body").end_tag_location \
        is None
