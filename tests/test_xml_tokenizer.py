"""The xml5lib-tests tokenizer suite, plus chunking and API tests.

Every case runs in two modes, as xml5ever runs them: ``plain`` (parse errors
dropped from both sides) and ``exact`` (errors kept in the token stream where
they occur, so their number and places must match).  Feeding the input in
pieces must give the same tokens and errors as feeding it whole.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from markup5.errors import ParseError
from markup5.xml import Tokenizer
from markup5.xml.tokens import (Characters, Comment, Doctype, EmptyTag, EndTag,
                                ProcessingInstruction, ShortTag, StartTag)
from xml5lib_fixtures import as_lists, load_tokenizer_cases, normalize

CASES = load_tokenizer_cases()
MODES = ("plain", "exact")


@pytest.mark.parametrize(
    "case,mode", [(c, m) for c in CASES for m in MODES],
    ids=[f"{c.file}:{c.index}:{m}" for c in CASES for m in MODES])
def test_xml5lib_tokenizer(case, mode):
    exact = mode == "exact"
    tokens = list(Tokenizer(case.input, inline_errors=exact))
    assert normalize(as_lists(tokens), exact) == normalize(case.output, exact)


# ----------------------------------------------------------------------
# Chunk invariance

def _stream(chunks):
    """Tokens and errors (code, offset) from feeding ``chunks``."""
    tokenizer = Tokenizer(inline_errors=True)
    out = []
    for chunk in chunks:
        out.extend(tokenizer.feed(chunk))
    out.extend(tokenizer.close())
    result = []
    for item in out:
        if isinstance(item, ParseError):
            result.append(("error", item.code, item.offset))
        elif isinstance(item, Characters) and result and isinstance(result[-1], Characters):
            result[-1] = Characters(result[-1].data + item.data)
        else:
            result.append(item)
    return result, [(e.code, e.offset) for e in tokenizer.errors]


FILES = sorted({c.file for c in CASES})


@pytest.mark.parametrize("file", FILES)
def test_chunk_invariance_on_fixtures(file):
    """Every 2-piece split of the short inputs, and random 3-piece splits."""
    rng = random.Random(file)
    cases = [c for c in CASES if c.file == file]
    # namedEntities.test (4,210 near-identical cases): every 2-piece split
    # on every third case keeps the run time reasonable.
    step = 3 if len(cases) > 1000 else 1
    for case in cases:
        text = case.input
        whole = _stream([text])
        if len(text) <= 40 and case.index % step == 0:
            for k in range(1, len(text)):
                assert _stream([text[:k], text[k:]]) == whole, (case.index, k)
        for _ in range(3 if len(text) > 2 else 0):
            i, j = sorted(rng.sample(range(1, len(text)), 2))
            assert _stream([text[:i], text[i:j], text[j:]]) == whole, (case.index, i, j)


def test_iteration_equals_feeding():
    for case in CASES[::7]:
        items = list(Tokenizer(case.input, inline_errors=True))
        assert as_lists(items) == as_lists(_feed_all(case.input)), case.input


def _feed_all(text):
    tokenizer = Tokenizer(inline_errors=True)
    return tokenizer.feed(text) + tokenizer.close()


XMLISH = st.text(alphabet=st.sampled_from(
    list("<>/?!-[]=&#;'\" \t\n\r\x0c:abcxAX0129DOCTYPEPUBLICSYSTEM\x01\x00\ufffe\u00e9")),
    max_size=60)


@settings(max_examples=300, deadline=None)
@given(XMLISH, st.data())
def test_chunking_does_not_matter(text, data):
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=4)))
    pieces, last = [], 0
    for cut in cuts:
        pieces.append(text[last:cut])
        last = cut
    pieces.append(text[last:])
    assert _stream(pieces) == _stream([text])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_never_raises_and_modes_agree(text):
    plain = list(Tokenizer(text))
    exact = list(Tokenizer(text, inline_errors=True))
    assert [t for t in exact if not isinstance(t, ParseError)] == _coalesced(plain, exact)


def _coalesced(plain, exact):
    # Inline errors split runs of characters; join both sides the same way.
    joined = []
    for t in exact:
        if isinstance(t, ParseError):
            continue
        if isinstance(t, Characters) and joined and isinstance(joined[-1], Characters):
            joined[-1] = Characters(joined[-1].data + t.data)
        else:
            joined.append(t)
    assert joined == plain
    return [t for t in exact if not isinstance(t, ParseError)]


# ----------------------------------------------------------------------
# API

def test_tokens_api():
    tokens = list(Tokenizer('<?xml version="1.0"?><!DOCTYPE a SYSTEM "s"><a x="1">t&amp;'
                            '<b/></a></><!--c-->'))
    assert tokens == [
        ProcessingInstruction("xml", 'version="1.0"'), Doctype("a", None, "s"),
        StartTag("a", {"x": "1"}), Characters("t&"), EmptyTag("b", {}), EndTag("a"),
        ShortTag(), Comment("c")]
    assert [t.as_list() for t in tokens] == [
        ["PI", "xml", 'version="1.0"'], ["DOCTYPE", "a", None, "s"],
        ["StartTag", "a", {"x": "1"}], ["Character", "t&"], ["EmptyTag", "b", {}],
        ["EndTag", "a"], ["ShortTag", ""], ["Comment", "c"]]
    assert repr(StartTag("a", {"x": "1"})) == "StartTag('a', {'x': '1'})"
    assert repr(ShortTag()) == "ShortTag()"
    assert StartTag("a") != EmptyTag("a")


def test_errors_have_positions():
    tokenizer = Tokenizer("<a>\n  <b c='1' c='2'>\r\n&xyz;</a>")
    list(tokenizer)
    assert [(e.code, e.line, e.col) for e in tokenizer.errors] == [
        ("duplicate-attribute", 2, 18), ("unknown-named-character-reference", 3, 5)]


def test_inline_errors_come_before_their_character():
    items = list(Tokenizer("a\x01b<<", inline_errors=True))
    assert [i.as_list() if not isinstance(i, ParseError) else i.code for i in items] == [
        ["Character", "a"], "control-character-in-input-stream", ["Character", "\x01b"],
        "invalid-first-character-of-tag-name", ["Character", "<"],
        "eof-before-tag-name", ["Character", "<"]]


def test_newlines_and_nul():
    assert list(Tokenizer("a\r\nb\rc\x00")) == [Characters("a\nb\nc\ufffd")]
    tokenizer = Tokenizer()
    assert tokenizer.feed("a\r") == []
    assert tokenizer.feed("\nb") == []
    assert tokenizer.close() == [Characters("a\nb")]


def test_misuse_raises_clearly():
    with pytest.raises(TypeError):
        Tokenizer(b"<a>")  # type: ignore[arg-type]
    tokenizer = Tokenizer("x")
    with pytest.raises(ValueError):
        tokenizer.feed("y")
    tokenizer = Tokenizer()
    tokenizer.close()
    with pytest.raises(ValueError):
        tokenizer.feed("y")


def test_every_state_has_a_documented_handler():
    from markup5.xml.states import State
    tokenizer = Tokenizer()
    for state in State:
        handler = getattr(tokenizer, f"_{state.name.lower()}_state")
        assert handler.__doc__ and "state" in handler.__doc__.lower()
