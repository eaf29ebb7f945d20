"""The parser's shortcuts -- the tokenizer's data state and comment
shortcuts (``Tokenizer.fast_paths``) and tree building without tokens
(HTMLParser's direct_* methods, fed by the data state shortcut) -- give the
tree and the parse errors of the full rules (every tokenizer state, every
token through the tree construction dispatcher; the parser module's
``_FULL_RULES`` switch): on every html5lib-tests tree-construction case
(whole, fed in small chunks, and as bytes), and on the benchmark corpus
(``../shared/corpus/readability`` beside the project; skipped when absent)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from html5lib_tree import load_cases
from markup5.dom import Document, DocumentFragment
import markup5.html.parser as parser_module
from markup5.html.parser import HTMLParser, parse, parse_fragment
from markup5.treedump import dump_tree

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "readability"


@contextmanager
def full_rules() -> Iterator[None]:
    """No shortcut: every state, every token (the reference path)."""
    parser_module._FULL_RULES = True
    try:
        yield
    finally:
        parser_module._FULL_RULES = False


def outcome(result: Document | DocumentFragment) -> tuple[str, list[tuple[str, int]], object]:
    errors = [(error.code, error.offset) for error in result.errors]
    return dump_tree(result), errors, getattr(result, "encoding", None)


def parse_chunked(data: str, size: int, scripting: bool) -> Document:
    parser = HTMLParser(scripting=scripting)
    for i in range(0, len(data), size):
        parser.feed(data[i:i + size])
    return parser.close()


def _files() -> dict[str, list]:
    by_file: dict[str, list] = {}
    for case in load_cases():
        by_file.setdefault(case.file, []).append(case)
    return by_file


FILES = _files()


def test_the_shortcuts_are_on_by_default_and_the_switch_turns_them_off() -> None:
    assert parser_module._FULL_RULES is False
    parser = HTMLParser()
    assert parser.tokenizer.direct is parser and parser.tokenizer.fast_paths is True
    with full_rules():
        reference = HTMLParser()
        assert reference.tokenizer.direct is None and reference.tokenizer.fast_paths is False


@pytest.mark.parametrize("file", sorted(FILES))
def test_same_trees_and_errors_on_html5lib_tests(file: str) -> None:
    for case in FILES[file]:
        for scripting in case.modes():
            if case.fragment_context is None:
                def run() -> list[tuple[str, list[tuple[str, int]], object]]:
                    return [outcome(parse(case.data, scripting=scripting)),
                            outcome(parse_chunked(case.data, 3, scripting)),
                            outcome(parse(case.data.encode("utf-8", "surrogatepass"),
                                          scripting=scripting))]
            else:
                def run() -> list[tuple[str, list[tuple[str, int]], object]]:
                    return [outcome(parse_fragment(case.data, case.fragment_context,
                                                   scripting=scripting))]
            direct = run()
            with full_rules():
                reference = run()
            assert direct == reference, f"{case!r} scripting={scripting}\n#data\n{case.data}"


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the benchmark corpus is not beside the project")
def test_same_trees_and_errors_on_the_corpus() -> None:
    files = sorted(p for p in CORPUS.iterdir() if p.suffix == ".html")
    assert files
    for path in files:
        raw = path.read_bytes()
        direct = outcome(parse(raw))
        with full_rules():
            reference = outcome(parse(raw))
        assert direct == reference, path.name


#: Tokens the direct methods take in the in cell insertion mode (the in body
#: rules) and pass on (the in cell mode's own), with formatting elements,
#: nested tables and reprocessing around the cells.
IN_CELL_DOCUMENTS = [
    "<table><td><a>x</a><div>y</div><td>z</table>",
    "<table><td><b>x<td>y</b>z</table>w",
    "<table><th><li>a<li>b</th><td><p>c</tr>d</table>",
    "<table><td><table><td>x</table>y</td></table>",
    "<table><td></caption></col></colgroup></body></html>x</table>",
    "<table><td><i>x</tbody>y</table>",
    "<table><tr><td><span>x</span><caption>y</table>",
    "<table><td><svg><td>x</svg>y</td></table>",
    "<table><td><pre>\nx</pre><textarea>\ny</textarea></table>",
    "<table><td><image src=x/><br/><div/></td></table>",
    "<table><td></p></li></h1></a></td></table>",
    "<table><td><template><td>x</template></td></table>",
]


def assert_same_as_full_rules(outcomes_of: Callable[[], object]) -> None:
    """``outcomes_of()`` gives the same with the shortcuts on and with the
    full rules."""
    direct = outcomes_of()
    with full_rules():
        reference = outcomes_of()
    assert direct == reference


def outcomes(data: str, as_bytes: bool = False) -> list[tuple[str, list[tuple[str, int]], object]]:
    """The outcomes of parsing ``data`` whole, in chunks of two and, if
    asked, as UTF-8 bytes."""
    found = [outcome(parse(data)), outcome(parse_chunked(data, 2, False))]
    if as_bytes:
        found.append(outcome(parse(data.encode("utf-8"))))
    return found


@pytest.mark.parametrize("data", IN_CELL_DOCUMENTS)
def test_same_trees_and_errors_in_cells(data: str) -> None:
    assert_same_as_full_rules(lambda: outcomes(data))


#: Text in the modes that use the in table rules for characters: the direct
#: method inserts whitespace before a tag; other text, and text the states
#: emit, goes through "in table text" (fed in chunks of two too, where a run
#: of whitespace and the text after it arrive apart).
TABLE_TEXT_DOCUMENTS = [
    "<table>\n  <tr>\n    <td>x</td>\n  </tr>\n</table>",
    "<table> <tbody> <tr> <th>x</th> </tr> </tbody> <tfoot> </tfoot> </table>",
    "<table>  x<tr> </tr> y </table>",
    "<table> \x0c\t<thead>\n<tr>\n<td> </td></tr></thead></table>",
    "<table> &#32;<tr>&#x20; <td>a</td></tr></table>",
    "<table>\u00a0<tr> \u3000 </tr></table>",
    "<table><!-- x --> <tr><!-- y -->\n<td>z</table>",
    "<table><template> <tr> </tr> </template> <tr>x</table>",
    "<table> <colgroup> <col> </colgroup> <caption> c </caption> </table>",
    "<div><table> <b> </b> <tr> <i> x</i></tr></table></div>",
    "<table> <tr> <td><table> <tr> </tr> </table> </td> </tr> </table>",
    "<table> </table> <p> x",
]


@pytest.mark.parametrize("data", TABLE_TEXT_DOCUMENTS)
def test_same_trees_and_errors_in_table_text(data: str) -> None:
    assert_same_as_full_rules(lambda: outcomes(data, as_bytes=True))


#: Comments the comment shortcut offers in every insertion mode (taken where
#: the rules insert them at the appropriate place), with the text pending
#: before them, in foreign content and after <pre>.
COMMENT_DOCUMENTS = [
    "<!--a--><!DOCTYPE html><!--b--><html><!--c--><head><!--d--></head><!--e--><body>"
    "<!--f-->x<!--g--></body><!--h--></html><!--i-->",
    "<head> <!--a--> <noscript><!--b--> </noscript><title>t<!--c--></title></head> <!--d-->",
    "<table> <!--a--> <caption><!--b--></caption><colgroup> <!--c--><col></colgroup>"
    "<tbody> <!--d--> <tr> <!--e--> <td><!--f-->x</td></tr></tbody></table>",
    "<table>x<!--a-->y<!--b--> <tr>z<!--c--></table>",
    "<template><!--a--><tr><!--b--><td><!--c--></td></tr></template><!--d-->",
    "<frameset><!--a--><frame><!--b--></frameset><!--c--><noframes><!--d--></noframes>",
    "<p>a\x00b<!--c-->d<!--e--><b>f<!--g--></b>",
    "<svg><!--a--><g>x<!--b--></g><foreignObject><!--c--></foreignObject></svg><!--d-->",
    "<math><mi><!--a--></mi><annotation-xml encoding=text/html><!--b--></annotation-xml></math>",
    "<pre><!--a-->\nx</pre><textarea><!--b-->\n</textarea><listing>\n<!--c--></listing>",
    "<select><!--a--><option><!--b-->x</option></select><!--c-->",
    "<!-->x<!--->y<!--z--!>w<!--a<!--b-->c<!-- - -->",
    # The comment states' comments: conditional comments, bogus comments,
    # a comment the end of the input ends.
    "<p>a\n<!--[if IE]><p>x</p><![endif]-->\n<![endif]-->b<?x y>c</ z>d<!e>f",
    "<table> <![endif]--> <tr> <?pi?> <td>x</table><p>y<!--z",
]


#: Raw text, RCDATA and script data, whose text and end tag the end tag
#: name states offer (the text mode's rules), in every place such an
#: element goes, with the escapes of script data and end tags that are not
#: appropriate or take the attribute states.
RAW_TEXT_DOCUMENTS = [
    "<head><script>a<b</script><style>p{}</style><title>t&amp;u</title></head>",
    "<script>x</script><textarea>\ny</textarea><textarea>\n</textarea><xmp>z</xmp>",
    "<iframe><p></iframe><noembed><b></noembed><noframes>x</noframes><noscript>y</noscript>",
    "<script><!--<script></script>--></script><script><!--x</script>y",
    "<script></scr</scrip></SCRIPT><style></STYLE ></style></style/><title></title x>",
    "<table><script>1</script><style>2</style><tr><script>3</script><td><title>4</title>",
    "<template><script>x</script><style>y</style></template>",
    "<svg><foreignObject><script>x</script><![CDATA[y]]></foreignObject></svg><![CDATA[z]]>",
    "<math><mi><style>x</style><![CDATA[y]]></mi></math>",
    "<svg><script>x<b>y</b></script><style>z</style></svg>",
    "<script>a\x00b</script><title>c\x00d</title><style>e\x00</style>",
    "<frameset><noframes>x</noframes></frameset><noframes>y</noframes>",
    "<select><script>x</script><option>y<style>z</style></select>",
    "<script>x",
    "<title>x</tit",
]


@pytest.mark.parametrize("data", RAW_TEXT_DOCUMENTS)
@pytest.mark.parametrize("scripting", [False, True])
def test_same_trees_and_errors_in_raw_text(data: str, scripting: bool) -> None:
    def all_outcomes() -> list[object]:
        found: list[object] = [outcome(parse(data, scripting=scripting)),
                               outcome(parse_chunked(data, 2, scripting)),
                               outcome(parse_chunked(data, 5, scripting))]
        for context in ("td", "script", "title", "textarea", "style", "svg"):
            found.append(outcome(parse_fragment(data, context, scripting=scripting)))
        return found
    assert_same_as_full_rules(all_outcomes)


@pytest.mark.parametrize("data", COMMENT_DOCUMENTS)
@pytest.mark.parametrize("scripting", [False, True])
def test_same_trees_and_errors_with_comments(data: str, scripting: bool) -> None:
    def all_outcomes() -> list[object]:
        return [outcome(parse(data, scripting=scripting)),
                outcome(parse_chunked(data, 2, scripting)),
                outcome(parse_chunked(data, 7, scripting)),
                outcome(parse_fragment(data, "td", scripting=scripting))]
    assert_same_as_full_rules(all_outcomes)


#: Documents for the direct paths outside in body: foreign content, in
#: head, and text that holds a NULL the data state passed on before the
#: shortcut's text and tag (the states' pending text is joined with it).
FOREIGN_AND_HEAD_DOCUMENTS = [
    "<p><!-- -->a\x00b<i>c",
    "<p><svg><!-- -->a\x00b<g>c</g></svg>",
    "<head><!-- --> \x00 <meta charset=utf-8></head>",
    "<head>\n  <meta charset=utf-8>\n  <link rel=x>\n  <base href=y>\n  x</head>",
    "<head><link/><meta/><bgsound><basefont></head><body>",
    "<svg><path d=1 /><g><rect/></g>text</svg>",
    "<svg viewbox=0><lineargradient><stop/></lineargradient></svg>",
    "<svg><foreignObject><p>x</p></foreignobject></svg>",
    "<svg><title>a<b>b</b></title><desc>c</desc></svg>",
    "<svg><g></G></g></svg>",
    "<svg><g><font color=red>x</font></g></svg>",
    "<svg><g><font>x</font><b>y</b></g></svg>",
    "<svg><g></br></p></g></svg>",
    "<math><mi>x<b>y</b></mi><mo>+</mo><mrow><mn>1</mn></mrow></math>",
    "<math><annotation-xml encoding=text/html><p>x</p></annotation-xml></math>",
    "<math><annotation-xml><svg><g/></svg></annotation-xml></math>",
    "<math definitionurl=x><mglyph/><malignmark/></math>",
    "<table><td><svg><g>x</g></svg></td></table>",
    "<p><svg></svg></p><![CDATA[x]]>",
    "<b><i>x</b>y</i>",
    "<a href=1>x</a><b>y<b>z</b></b>",
]


@pytest.mark.parametrize("data", FOREIGN_AND_HEAD_DOCUMENTS)
def test_same_trees_and_errors_in_foreign_content_and_head(data: str) -> None:
    assert_same_as_full_rules(lambda: outcomes(data, as_bytes=True))


@pytest.mark.parametrize("data, context", [
    # </div> leaves the root alone on the stack: the adjusted current node is
    # the foreign context element again, and CDATA sections are allowed.
    ("<div></div><![CDATA[x]]>", "svg path"),
    ("<p><b></b></p><![CDATA[x]]>", "math mi"),
    ("<div><svg></svg></div><![CDATA[x]]>", "div"),
])
def test_same_fragments_after_end_tags_that_uncover_the_context(data: str, context: str) -> None:
    assert_same_as_full_rules(lambda: outcome(parse_fragment(data, context)))


def _soup_grammar():  # noqa: ANN202 - the fuzz campaign's module
    """The fuzz campaign's tag soup grammar (``fuzz/grammar.py``, beside
    the tests in the repository)."""
    root = str(Path(__file__).resolve().parent.parent)
    if not (Path(root) / "fuzz" / "grammar.py").exists():
        pytest.skip("fuzz/ is not beside the tests")
    if root not in sys.path:
        sys.path.insert(0, root)
    from fuzz import grammar
    return grammar


@settings(deadline=None, max_examples=300, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.sampled_from([1, 2, 3, 7, 64]),
       st.sampled_from(["body", "td", "tr", "template", "colgroup", "select", "svg svg",
                        "math mi", "title", "script", "textarea"]))
def test_same_trees_and_errors_on_random_soup(seed: int, size: int, context: str) -> None:
    # Tag soup of every kind (tables, templates, foreign content, raw text,
    # comments, references, NULLs), whole, in chunks and as a fragment.
    data = _soup_grammar().html(random.Random(seed), 300)

    def all_outcomes() -> list[object]:
        return [outcome(parse(data)), outcome(parse_chunked(data, size, False)),
                outcome(parse_fragment(data, context))]
    assert_same_as_full_rules(all_outcomes)
