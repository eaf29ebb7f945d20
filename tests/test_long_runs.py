"""Names and runs as long as the input: linear however they are fed.

The tokenizers used to build a name with ``+=``: the HTML tag name and
attribute name states appended each NULL (or quote, or "<") that way, so
``<p`` + ``a\\0`` x N took time quadratic in N in one shot (400 KB: 3.7 s),
and every name, the temporary buffer included, grew by a copy of itself
for each ``feed()`` chunk.  The XML tokenizer re-read a numeric reference's
digits (and the letters after an unknown name) from its "&" after every
chunk, and kept them in the buffer, which each chunk copied.

Each family here is checked two ways:

* the tokens and errors are the same one shot and fed in pieces of one and
  of three characters, and are what the standard says (``\\ufffd`` for each
  NULL, the reference's character ...);
* in the interpreted build, the work is counted: the total length of the
  strings the tokenizer stores as a name or as its buffer stays within a
  small multiple of the input.  Before the fix these sums were quadratic
  (see ``test_the_work_count_sees_the_old_quadratic_way``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from markup5.errors import ParseError
from markup5.html.tokenizer import Tokenizer as HtmlTokenizer
from markup5.tokens import Token
from markup5.xml.tokenizer import Tokenizer as XmlTokenizer

N = 3_000


def _pieces(text: str, size: int) -> Iterator[str]:
    return (text[i:i + size] for i in range(0, len(text), size))


def _coalesced(tokens: Iterable[Token | ParseError]) -> list[Any]:
    """The tokens as lists, adjacent text joined (errors as they are)."""
    out: list[Any] = []
    for token in tokens:
        item = [token.code, token.offset] if isinstance(token, ParseError) else token.as_list()
        if item[0] == "Character" and out and out[-1][0] == "Character":
            out[-1] = ["Character", out[-1][1] + item[1]]
        else:
            out.append(item)
    return out


def _run(make: Callable[[], Any], text: str, size: int | None) -> tuple[list[Any], list[Any]]:
    """Tokens and errors of ``text``, one shot (``size`` None) or fed in
    pieces of ``size`` characters."""
    tokenizer = make()
    tokens: list[Any] = []
    for piece in [text] if size is None else _pieces(text, size):
        tokens += tokenizer.feed(piece)
    tokens += tokenizer.close()
    return _coalesced(tokens), [(e.code, e.offset) for e in tokenizer.errors]


def _same_every_way(make: Callable[[], Any], text: str) -> tuple[list[Any], list[Any]]:
    whole = _run(make, text, None)
    assert _run(make, text, 1) == whole
    assert _run(make, text, 3) == whole
    return whole


# HTML ---------------------------------------------------------------------


def _html(state: str = "DATA", last: str | None = None) -> dict[str, Any]:
    return {"initial_state": state, "last_start_tag": last}


#: (name, the tokenizer's arguments, input, the expected tokens) -- the
#: errors are checked against the one-shot run, and their number below.
HTML_FAMILIES: list[tuple[str, dict[str, Any], str, list[Any]]] = [
    ("tag name with NULs", _html(), "<p" + "a\0" * N + ">",
     [["StartTag", "p" + "a\ufffd" * N, {}]]),
    ("end tag name with NULs", _html(), "</p" + "a\0" * N + ">",
     [["EndTag", "p" + "a\ufffd" * N]]),
    ("attribute name with NULs", _html(), "<p " + "a\0" * N + ">",
     [["StartTag", "p", {"a\ufffd" * N: ""}]]),
    ("attribute name with quotes", _html(), "<p " + "a\"b'c<" * N + ">",
     [["StartTag", "p", {"a\"b'c<" * N: ""}]]),
    ("long tag name", _html(), "<P" + "A" * N + " x=1>",
     [["StartTag", "p" + "a" * N, {"x": "1"}]]),
    ("RCDATA end tag name", _html("RCDATA", "title"), "x</title" + "B" * N + ">",
     [["Character", "x</title" + "B" * N + ">"]]),
    ("RAWTEXT end tag name", _html("RAWTEXT", "style"), "</STYLE" + "b" * N + " >",
     [["Character", "</STYLE" + "b" * N + " >"]]),
    ("script data end tag name", _html("SCRIPT_DATA", "script"), "</script" + "b" * N,
     [["Character", "</script" + "b" * N]]),
    ("script data escaped end tag name", _html("SCRIPT_DATA", "script"),
     "<!--</scripT" + "b" * N + "></script>",
     [["Character", "<!--</scripT" + "b" * N + ">"], ["EndTag", "script"]]),
    ("double escape start", _html("SCRIPT_DATA", "script"), "<!--<script" + "b" * N + ">",
     [["Character", "<!--<script" + "b" * N + ">"]]),
    ("double escape end", _html("SCRIPT_DATA", "script"),
     "<!--<script></Script" + "b" * N + "/-->",
     [["Character", "<!--<script></Script" + "b" * N + "/-->"]]),
    ("processing instruction target", _html(), "<?a" + "b" * N + " x?>",
     [["ProcessingInstruction", "a" + "b" * N, "x"]]),
]

#: How many parse errors each family reports.
HTML_ERROR_COUNTS = {
    "tag name with NULs": N, "end tag name with NULs": N, "attribute name with NULs": N,
    "attribute name with quotes": 3 * N, "double escape start": 1,  # (EOF in the comment)
}


@pytest.mark.parametrize("name, kwargs, text, expected", HTML_FAMILIES,
                         ids=[family[0] for family in HTML_FAMILIES])
def test_html_long_names(name, kwargs, text, expected):
    tokens, errors = _same_every_way(lambda: HtmlTokenizer(**kwargs), text)
    assert tokens == expected
    assert len(errors) == HTML_ERROR_COUNTS.get(name, 0)


def test_html_double_escape_still_reads_script():
    # The temporary buffer, read in pieces, still spells "script" whole.
    kwargs = _html("SCRIPT_DATA", "script")
    tokens, _ = _same_every_way(lambda: HtmlTokenizer(**kwargs), "<!--<sCRipt>a</script>b-->c</script>")
    assert tokens == [["Character", "<!--<sCRipt>a</script>b-->c"], ["EndTag", "script"]]


def test_trace_sees_the_name_being_read():
    # The trace command shows the token under construction and the
    # temporary buffer at each step, pieces included.
    tokenizer = HtmlTokenizer(initial_state="RCDATA", last_start_tag="title")
    tokenizer.feed("</tiT")
    assert tokenizer.temporary_buffer == "tiT"
    assert tokenizer.current_token().as_list() == ["EndTag", "tit"]
    tokenizer = HtmlTokenizer()
    tokenizer.feed("<aB\0c")
    assert tokenizer.current_token().as_list() == ["StartTag", "ab\ufffdc", {}]
    tokenizer.feed(" x\0Y")
    assert tokenizer.current_token().as_list() == ["StartTag", "ab\ufffdc", {"x\ufffdy": ""}]


# XML ----------------------------------------------------------------------

#: (name, input, expected tokens, expected error codes)
XML_FAMILIES: list[tuple[str, str, list[Any], list[str]]] = [
    ("tag name", "<a" + "b" * N + "/>", [["EmptyTag", "a" + "b" * N, {}]], []),
    ("end tag name", "<a></a" + "b" * N + ">",
     [["StartTag", "a", {}], ["EndTag", "a" + "b" * N]], []),
    ("attribute name", "<a b" + "c" * N + "='1'/>", [["EmptyTag", "a", {"b" + "c" * N: "1"}]],
     []),
    ("processing instruction target", "<?a" + "b" * N + " x?>",
     [["PI", "a" + "b" * N, "x"]], []),
    ("decimal reference", "<r>&#" + "0" * N + "65;</r>",
     [["StartTag", "r", {}], ["Character", "A"], ["EndTag", "r"]], []),
    ("hexadecimal reference", "<r>&#x" + "0" * N + "4a</r>",
     [["StartTag", "r", {}], ["Character", "J"], ["EndTag", "r"]],
     ["missing-semicolon-after-character-reference"]),
    ("reference beyond Unicode", "<r a='&#" + "9" * N + ";'/>",
     [["EmptyTag", "r", {"a": "\ufffd"}]], ["character-reference-outside-unicode-range"]),
    ("reference at the end", "&#" + "0" * N + "66",
     [["Character", "B"]], ["missing-semicolon-after-character-reference"]),
    ("unknown name", "<r>&b" + "c" * N + ";</r>",
     [["StartTag", "r", {}], ["Character", "&b" + "c" * N + ";"], ["EndTag", "r"]],
     ["unknown-named-character-reference"]),
    ("unknown name in a value", "<r a=\"&b" + "c" * N + "\"/>",
     [["EmptyTag", "r", {"a": "&b" + "c" * N}]], []),
    ("unknown name at the end", "&b" + "c" * N, [["Character", "&b" + "c" * N]], []),
]


@pytest.mark.parametrize("name, text, expected, codes", XML_FAMILIES,
                         ids=[family[0] for family in XML_FAMILIES])
def test_xml_long_runs(name, text, expected, codes):
    tokens, errors = _same_every_way(XmlTokenizer, text)
    assert tokens == expected
    assert [code for code, _ in errors] == codes


@pytest.mark.parametrize("name, text, expected, codes", XML_FAMILIES,
                         ids=[family[0] for family in XML_FAMILIES])
def test_xml_long_runs_with_inline_errors(name, text, expected, codes):
    # The errors take the same places among the tokens however the input
    # is split.
    _same_every_way(lambda: XmlTokenizer(inline_errors=True), text)


def test_xml_reference_errors_keep_their_offsets():
    # The error of a reference read over many chunks points at its "&"
    # (the numeric errors) or after its run (the others), as one shot.
    text = "ab&#" + "0" * 50 + ";cd&#x" + "F" * 20 + "&e" + "f" * 30 + ";"
    _, errors = _same_every_way(XmlTokenizer, text)
    assert errors == [("null-character-reference", 2),
                      ("missing-semicolon-after-character-reference", 80),
                      ("character-reference-outside-unicode-range", 57),
                      ("unknown-named-character-reference", 112)]


# The work, counted (interpreted build) -----------------------------------

_INTERPRETED = all(
    importlib.import_module(module).__file__.endswith(".py")  # type: ignore[union-attr]
    for module in ("markup5._tokenizer_core", "markup5.html.tokenizer.core"))
_COUNTS = pytest.mark.skipif(
    not _INTERPRETED, reason="counts what the interpreted tokenizer stores (the compiled build "
                             "stores it in C)")


def _counting(cls: type, names: tuple[str, ...]) -> tuple[type, list[int]]:
    """A subclass of ``cls`` that adds up the length of every string stored
    in the attributes ``names`` (found on ``cls``'s slots or instances)."""
    stored = [0]
    namespace: dict[str, Any] = {}
    for name in names:
        slot = next((vars(base)[name] for base in cls.__mro__ if name in vars(base)), None)

        def getter(self, _name=name, _slot=slot):
            return _slot.__get__(self) if _slot is not None else self.__dict__[_name]

        def setter(self, value, _name=name, _slot=slot):
            if isinstance(value, str):
                stored[0] += len(value)
            if _slot is not None:
                _slot.__set__(self, value)
            else:
                self.__dict__[_name] = value

        namespace[name] = property(getter, setter)
    return type("Counting" + cls.__name__, (cls,), namespace), stored


_HTML_STORES = ("buf", "_tag_name", "_attr_name", "_temporary_buffer")
_XML_STORES = ("buf", "_tag_name", "_attr_name", "_pi_target")


def _stored(cls: type, names: tuple[str, ...], kwargs: dict[str, Any], text: str,
            size: int | None) -> int:
    counting, stored = _counting(cls, names)
    tokenizer = counting(**kwargs)
    for piece in [text] if size is None else _pieces(text, size):
        tokenizer.feed(piece)
    tokenizer.close()
    return stored[0]


@_COUNTS
@pytest.mark.parametrize("name, kwargs, text, expected", HTML_FAMILIES,
                         ids=[family[0] for family in HTML_FAMILIES])
@pytest.mark.parametrize("size", [None, 1, 7])
def test_html_work_is_linear(name, kwargs, text, expected, size):
    assert _stored(HtmlTokenizer, _HTML_STORES, kwargs, text, size) <= 4 * len(text)


@_COUNTS
@pytest.mark.parametrize("name, text, expected, codes", XML_FAMILIES,
                         ids=[family[0] for family in XML_FAMILIES])
@pytest.mark.parametrize("size", [None, 1, 7])
def test_xml_work_is_linear(name, text, expected, codes, size):
    assert _stored(XmlTokenizer, _XML_STORES, {}, text, size) <= 4 * len(text)


@_COUNTS
def test_the_work_count_sees_the_old_quadratic_way(monkeypatch):
    # The count would have caught the old code: a tag name state that
    # stores the name so far at each NULL (as ``+=`` did) stores N^2/2.
    def quadratic_tag_name_state(self: Any) -> bool:
        result = original(self)
        if self._name_parts:
            self._tag_name = "".join(self._name_parts)
        return result

    original = HtmlTokenizer._tag_name_state
    monkeypatch.setattr(HtmlTokenizer, "_tag_name_state", quadratic_tag_name_state)
    text = "<p" + "a\0" * N + ">"
    assert _stored(HtmlTokenizer, _HTML_STORES, {}, text, None) > N * N // 2
