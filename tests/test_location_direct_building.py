"""Source locations are the same whichever way the parser builds the tree:
through the tokenizer's shortcuts and tree building without tokens (where
the data state's loop and the states that offer a token note its span
themselves, ``LocatedToken``), or through the full rules (every state,
every token noted by the parser as it takes it: the parser module's
``_FULL_RULES``), on every html5lib-tests tree-construction input (whole
and fed in small chunks) and on inputs made for the noting's edge cases."""

from __future__ import annotations

import pytest

from html5lib_tree import load_cases
from test_direct_tree_building import full_rules
from markup5.dom import Document, DocumentFragment, Element, Node
from markup5.html.parser import HTMLParser, parse_fragment


def _offsets(location: object) -> tuple[int, int, int, int, int, int] | None:
    if location is None:
        return None
    return (location.offset, location.end_offset, location.line,  # type: ignore[attr-defined]
            location.col, location.end_line, location.end_col)  # type: ignore[attr-defined]


def locations(result: Document | DocumentFragment) -> list[tuple[object, ...]]:
    """Every node's kind, source location and end tag location, in tree
    order (template contents included), and every parse error's offset."""
    found: list[tuple[object, ...]] = []
    stack: list[Node] = [result]
    while stack:
        node = stack.pop()
        end = _offsets(node.end_tag_location) if isinstance(node, Element) else None
        found.append((type(node).__name__, _offsets(node.source_location), end))
        children = list(getattr(node, "children", ()))
        contents = getattr(node, "template_contents", None)
        if contents is not None:
            children.append(contents)
        stack.extend(reversed(children))
    found.extend((error.code, error.offset) for error in result.errors)
    return found


def parse_located(data: str, chunk: int | None, scripting: bool = False,
                  context: str | None = None) -> Document | DocumentFragment:
    if context is not None:
        return parse_fragment(data, context, scripting=scripting, source_locations=True)
    parser = HTMLParser(scripting=scripting, source_locations=True)
    size = chunk or max(len(data), 1)
    for i in range(0, len(data), size):
        parser.feed(data[i:i + size])
    return parser.close()


def same_both_ways(data: str, chunk: int | None = None, scripting: bool = False,
                   context: str | None = None) -> None:
    direct = locations(parse_located(data, chunk, scripting, context))
    with full_rules():
        full = locations(parse_located(data, chunk, scripting, context))
    assert direct == full


#: The edge cases of the noting: gaps ("</>", empty CDATA sections) before
#: text and tags the loop offers, text pending from the states (character
#: references, a "<" or "&" that begins nothing) joined before a tag, text
#: with NULL (emitted as tokens), comments offered where the parser takes
#: them and where it declines them (foreign content, "in table"...), the
#: end tags of raw text, RCDATA and script data, CR LF, and end tags that
#: close elements by name or not.
EDGE_CASES = [
    "a</>b<p>c</>d</p>",
    "<svg><![CDATA[]]><g>x</g><![CDATA[]]></svg>x",
    "<p>&amp;&lt;x&notanentity; &#65;<b>y</b>& z <<i>w</i></p>",
    "<p>a\x00b<i>c</i>\x00</p>",
    "<!--a--><p><!--b-->x<!--c--></p><svg><!--d--><g/></svg><table><!--e--><tr><!--f-->",
    "<table>  <!--x-->  <tr> <td>a</td> </tr></table>",
    "<title>a&amp;b</title><style>x</style><script>y</script><textarea>\nz</textarea>",
    "<div>\r\n<p>a\r\nb</p>\r\n</div>\r",
    "<ul><li>a<li>b</ul><p>c<div>d</div></P></DIV>",
    "<b><i>x</b>y</i>z<table><td>a<b>b</table>c",
    "<html><body></body></html>x<!--after-->",
    "<frameset> <frame> </frameset> x",
    "<select><option>a<option>b</select><math><mi>x</mi></math>",
]


@pytest.mark.parametrize("data", EDGE_CASES)
@pytest.mark.parametrize("chunk", [None, 1, 3])
def test_edge_cases(data: str, chunk: int | None) -> None:
    same_both_ways(data, chunk)


CASES = load_cases()


@pytest.mark.parametrize("chunk", [None, 7])
def test_html5lib_tree_construction_inputs(chunk: int | None) -> None:
    for case in CASES:
        for scripting in case.modes():
            if case.fragment_context is None:
                same_both_ways(case.data, chunk, scripting)
            elif chunk is None:
                same_both_ways(case.data, None, scripting, case.fragment_context)
