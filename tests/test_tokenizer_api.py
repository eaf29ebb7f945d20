"""The public API of the tokenizer: token classes, ParseError, State,
Tokenizer (arguments, feed/close, sink, switch_to, errors) and tokenize()
with its tree-builder feedback."""

from __future__ import annotations

import os

import pytest

import markup5
from markup5 import ParseError, State, TokenStream, Tokenizer, tokenize
from markup5.tokens import (Characters, Comment, Doctype, EndTag, ProcessingInstruction,
                            StartTag, Token)


def lists(tokens):
    """Tokens as html5lib lists, adjacent characters merged."""
    out = []
    for token in tokens:
        item = token.as_list()
        if item[0] == "Character" and out and out[-1][0] == "Character":
            out[-1] = ["Character", out[-1][1] + item[1]]
        else:
            out.append(item)
    return out


def errors(source):
    return [(e.code, e.line, e.col) for e in source.errors]


# ---------------------------------------------------------------------------
# Package surface

def test_public_names():
    assert {"ParseError", "State", "TokenStream", "Tokenizer", "tokenize",
            "tokens"} <= set(markup5.__all__)
    for name in markup5.__all__:
        assert getattr(markup5, name) is not None
    assert markup5.tokens.StartTag is StartTag
    assert isinstance(markup5.__version__, str)


def test_module_docstring_example():
    assert [t.as_list() for t in tokenize("<p class=x>Hi&amp;bye</p>")] == [
        ["StartTag", "p", {"class": "x"}], ["Character", "Hi&bye"], ["EndTag", "p"]]


# ---------------------------------------------------------------------------
# Token classes

def test_token_equality_by_value():
    assert StartTag("a", {"b": "c"}, True) == StartTag("a", {"b": "c"}, True)
    assert StartTag("a") == StartTag("a", {}, False)
    assert StartTag("a") != StartTag("a", {}, True)
    assert StartTag("a", {"b": "c"}) != StartTag("a", {"b": "d"})
    assert EndTag("a") == EndTag("a")
    assert EndTag("a") != EndTag("b")
    assert Characters("x") == Characters("x")
    assert Comment("x") == Comment("x")
    assert Doctype("html") == Doctype("html", None, None, False)
    assert Doctype("html") != Doctype("html", force_quirks=True)
    assert ProcessingInstruction("a", "b") == ProcessingInstruction("a", "b")
    assert ProcessingInstruction("a") == ProcessingInstruction("a", "")
    assert ProcessingInstruction("a", "b") != ProcessingInstruction("a", "c")


def test_tokens_of_different_types_are_never_equal():
    assert Characters("x") != Comment("x")
    assert not (Characters("x") == Comment("x"))
    assert StartTag("a") != EndTag("a")
    assert not (StartTag("a") == EndTag("a"))
    assert Comment("x") != "x"
    assert Characters("x") != ["Character", "x"]


def test_tokens_are_unhashable():
    for token in (Characters("x"), StartTag("a"), Comment("c")):
        with pytest.raises(TypeError):
            hash(token)


def test_token_repr_is_readable():
    assert repr(StartTag("p", {"a": "b"}, True)) == (
        "StartTag(name='p', attrs={'a': 'b'}, self_closing=True)")
    assert repr(EndTag("p")) == "EndTag(name='p')"
    assert repr(Characters("x\n")) == "Characters(data='x\\n')"
    assert repr(Comment("c")) == "Comment(data='c')"
    assert repr(Doctype("html")) == (
        "Doctype(name='html', public_id=None, system_id=None, force_quirks=False)")
    assert repr(ProcessingInstruction("a", "b")) == "ProcessingInstruction(target='a', data='b')"


@pytest.mark.parametrize("token", [StartTag("a"), EndTag("a"), Characters("x"), Comment("x"),
                                   Doctype(), ProcessingInstruction("a")])
def test_tokens_use_slots(token):
    assert isinstance(token, Token)
    assert not hasattr(token, "__dict__")
    with pytest.raises(AttributeError):
        token.unknown_attribute = 1


def test_as_list_formats():
    assert StartTag("a").as_list() == ["StartTag", "a", {}]
    assert StartTag("a", {"b": "c"}, True).as_list() == ["StartTag", "a", {"b": "c"}, True]
    assert StartTag("a", {"b": "c"}, False).as_list() == ["StartTag", "a", {"b": "c"}]
    assert EndTag("a").as_list() == ["EndTag", "a"]
    assert Characters("x").as_list() == ["Character", "x"]
    assert Comment("x").as_list() == ["Comment", "x"]
    assert ProcessingInstruction("t", "d").as_list() == ["ProcessingInstruction", "t", "d"]
    # The last DOCTYPE field is html5lib's "correctness": not force-quirks.
    assert Doctype("html").as_list() == ["DOCTYPE", "html", None, None, True]
    assert Doctype("html", "p", "s", True).as_list() == ["DOCTYPE", "html", "p", "s", False]
    assert Doctype().as_list() == ["DOCTYPE", None, None, None, True]


def test_as_list_copies_attributes():
    token = StartTag("a", {"b": "c"})
    listed = token.as_list()
    listed[2]["b"] = "changed"
    assert token.attrs == {"b": "c"}


def test_token_defaults():
    assert StartTag("a").attrs == {} and StartTag("a").self_closing is False
    assert StartTag("a").attrs is not StartTag("a").attrs
    doctype = Doctype()
    assert (doctype.name, doctype.public_id, doctype.system_id, doctype.force_quirks) == (
        None, None, None, False)


def test_tokenizer_doctype_tokens():
    tokens = list(Tokenizer('<!DOCTYPE html PUBLIC "p" \'s\'><!DOCTYPE>'))
    assert tokens == [Doctype("html", "p", "s", False), Doctype(None, None, None, True)]
    assert tokens[1].as_list() == ["DOCTYPE", None, None, None, False]


# ---------------------------------------------------------------------------
# ParseError

def test_parse_error_fields_and_str():
    tokenizer = Tokenizer("ab\n<p\x00>")
    list(tokenizer)
    [error] = tokenizer.errors
    assert error.code == "unexpected-null-character"
    assert error.offset == 5
    assert (error.line, error.col) == (2, 3)
    assert str(error) == "2:3: unexpected-null-character"
    assert repr(error) == "ParseError('unexpected-null-character', line=2, col=3)"
    assert error.as_dict() == {"code": "unexpected-null-character", "line": 2, "col": 3}


def test_parse_error_equality_and_hash():
    a = ParseError("x-y", 3)
    b = ParseError("x-y", 3)
    assert a == b and hash(a) == hash(b)
    assert a != ParseError("x-y", 4)
    assert a != ParseError("x-z", 3)
    # Without a position map, the offset is on line 1.
    assert (a.line, a.col) == (1, 4)
    assert ParseError("c", 0, line_col=(7, 9)).line == 7


# ---------------------------------------------------------------------------
# State

def test_state_lookup_spec_names():
    assert State.lookup("RCDATA state") is State.RCDATA
    assert State.lookup("rcdata STATE") is State.RCDATA
    assert State.lookup("rcdata") is State.RCDATA
    assert State.lookup("Script data state") is State.SCRIPT_DATA
    assert State.lookup("  script   DATA\tstate ") is State.SCRIPT_DATA
    assert State.lookup("SCRIPT_DATA") is State.SCRIPT_DATA
    assert State.lookup("Attribute value (double-quoted) state") is (
        State.ATTRIBUTE_VALUE_DOUBLE_QUOTED)
    assert State.lookup("processing instruction questionable") is (
        State.PROCESSING_INSTRUCTION_QUESTIONABLE)
    assert State.lookup(State.PLAINTEXT) is State.PLAINTEXT


def test_state_spec_names_round_trip():
    names = [state.spec_name for state in State]
    assert len(set(names)) == len(names)
    assert names[0] == "Data state"
    assert all(name.endswith(" state") for name in names)
    for state in State:
        assert State.lookup(state.spec_name) is state
        assert State.lookup(state.spec_name.upper()) is state
        assert State.lookup(state.name.lower()) is state
    # The five PI states sit between the CDATA and character reference states.
    order = list(State)
    i = order.index(State.CDATA_SECTION_END)
    assert order[i + 1:i + 6] == [
        State.PROCESSING_INSTRUCTION_OPEN, State.PROCESSING_INSTRUCTION_TARGET,
        State.AFTER_PROCESSING_INSTRUCTION_TARGET, State.PROCESSING_INSTRUCTION_DATA,
        State.PROCESSING_INSTRUCTION_QUESTIONABLE]
    assert order[i + 6] is State.CHARACTER_REFERENCE


def test_state_lookup_errors():
    with pytest.raises(ValueError, match="unknown tokenizer state 'bogus state'"):
        State.lookup("bogus state")
    with pytest.raises(TypeError, match="not int"):
        State.lookup(3)
    with pytest.raises(TypeError, match="not NoneType"):
        State.lookup(None)


# ---------------------------------------------------------------------------
# Tokenizer arguments

#: The suite runs against the compiled build (docs/performance.md, "Speed").  There mypyc
#: checks the argument types of the compiled Tokenizer before its own checks
#: run: a wrong type is still a TypeError, whose message names the expected
#: and the given type ("str or None object expected; got bytes") but not the
#: parameter.
COMPILED_STAGE = os.environ.get("MARKUP5_EXPECT_COMPILED") == "1"

def test_initial_state_accepts_names_and_members():
    for value in ("RCDATA state", "rcdata", "RCDATA", State.RCDATA):
        tokenizer = Tokenizer("&amp;<b>", initial_state=value)
        assert tokenizer.state is State.RCDATA
        assert lists(tokenizer) == [["Character", "&<b>"]]


@pytest.mark.parametrize("kwargs,exc,words", [
    ({"text": b"<p>"}, TypeError, ["text", "bytes"]),
    ({"text": 5}, TypeError, ["text", "int"]),
    ({"initial_state": "no such state"}, ValueError, ["no such state"]),
    ({"initial_state": 3}, TypeError, ["state", "int"]),
    ({"initial_state": None}, TypeError, ["state", "NoneType"]),
    ({"last_start_tag": b"script"}, TypeError, ["last_start_tag", "bytes"]),
    ({"last_start_tag": 1}, TypeError, ["last_start_tag", "int"]),
    ({"processing_instructions": 1}, TypeError, ["processing_instructions", "int"]),
    ({"allow_cdata": None}, TypeError, ["allow_cdata", "NoneType"]),
    ({"collect_errors": "no"}, TypeError, ["collect_errors", "str"]),
    ({"sink": 5}, TypeError, ["sink"]),
])
def test_bad_arguments_are_named(kwargs, exc, words):
    with pytest.raises(exc) as info:
        Tokenizer(**kwargs)
    if COMPILED_STAGE and exc is TypeError:
        return  # mypyc's message (see COMPILED_STAGE)
    for word in words:
        assert word in str(info.value)


def test_last_start_tag_is_lowercased():
    tokenizer = Tokenizer("x</Script>", initial_state="script data", last_start_tag="SCRIPT")
    assert tokenizer.last_start_tag == "script"
    assert lists(tokenizer) == [["Character", "x"], ["EndTag", "script"]]


def test_feed_bytes_is_a_type_error():
    tokenizer = Tokenizer()
    with pytest.raises(TypeError, match="bytes" if COMPILED_STAGE else "feed.*bytes"):
        tokenizer.feed(b"<p>")


def test_feed_after_close():
    tokenizer = Tokenizer()
    tokenizer.feed("a")
    assert tokenizer.closed is False
    assert lists(tokenizer.close()) == [["Character", "a"]]
    assert tokenizer.closed is True
    with pytest.raises(ValueError, match="close"):
        tokenizer.feed("b")
    assert tokenizer.close() == []


def test_iterating_without_text_is_a_type_error():
    with pytest.raises(TypeError, match="without text"):
        iter(Tokenizer())
    with pytest.raises(TypeError, match="feed"):
        list(Tokenizer())


def test_iterating_twice_is_an_error():
    tokenizer = Tokenizer("ab")
    assert lists(tokenizer) == [["Character", "ab"]]
    assert tokenizer.closed
    with pytest.raises(TypeError):
        list(tokenizer)


def test_feed_on_tokenizer_with_text_is_rejected():
    tokenizer = Tokenizer("ab")
    with pytest.raises((TypeError, ValueError)):
        tokenizer.feed("x")


def test_iteration_is_lazy_and_state_can_switch_after_text_element_tags():
    # The tokenizer pauses after the start tags of the elements that switch
    # it (Tokenizer.switching_start_tags), even inside its shortcut.
    tokenizer = Tokenizer("<p><textarea><b>&amp;</textarea><b>")
    out = []
    for token in tokenizer:
        out.append(token)
        if token == StartTag("textarea"):
            tokenizer.switch_to("RCDATA state")
    assert lists(out) == [["StartTag", "p", {}], ["StartTag", "textarea", {}],
                          ["Character", "<b>&"], ["EndTag", "textarea"], ["StartTag", "b", {}]]


def test_state_can_switch_after_any_token_without_fast_paths():
    tokenizer = Tokenizer("<x><b>&amp;</x><b>")
    tokenizer.fast_paths = False
    out = []
    for token in tokenizer:
        out.append(token)
        if token == StartTag("x"):
            tokenizer.switch_to("RCDATA state")
    assert lists(out) == [["StartTag", "x", {}], ["Character", "<b>&"], ["EndTag", "x"],
                          ["StartTag", "b", {}]]


def test_feed_and_close_return_tokens():
    tokenizer = Tokenizer()
    out = tokenizer.feed("<p class=a>x")
    assert out == [StartTag("p", {"class": "a"})]
    out = tokenizer.feed("y</p>")
    assert out == [Characters("xy"), EndTag("p")]
    assert tokenizer.close() == []
    assert tokenizer.errors == []


def test_close_flushes_pending_text_and_reports_eof_errors():
    tokenizer = Tokenizer()
    assert tokenizer.feed("abc<") == []
    assert lists(tokenizer.close()) == [["Character", "abc<"]]
    assert errors(tokenizer) == [("eof-before-tag-name", 1, 5)]


# ---------------------------------------------------------------------------
# sink, switch_to, collect_errors

def test_sink_receives_tokens_with_feed():
    seen = []
    tokenizer = Tokenizer(sink=seen.append)
    assert tokenizer.feed("<p>a") == []
    assert tokenizer.feed("b</p><!--c-->") == []
    assert tokenizer.close() == []
    assert lists(seen) == [["StartTag", "p", {}], ["Character", "ab"], ["EndTag", "p"],
                           ["Comment", "c"]]


def test_sink_can_switch_state_before_tokenizer_reads_on():
    def sink(token):
        seen.append(token)
        if token == StartTag("textarea"):
            tokenizer.switch_to(State.RCDATA)

    seen = []
    tokenizer = Tokenizer(sink=sink)
    tokenizer.feed("<textarea><b>&lt;</textarea><b>")
    tokenizer.close()
    assert lists(seen) == [["StartTag", "textarea", {}], ["Character", "<b><"],
                           ["EndTag", "textarea"], ["StartTag", "b", {}]]


def test_sink_receives_tokens_when_iterating():
    seen = []
    tokenizer = Tokenizer("<p>x</p>", sink=seen.append)
    list(tokenizer)
    assert lists(seen) == [["StartTag", "p", {}], ["Character", "x"], ["EndTag", "p"]]


def test_switch_to():
    tokenizer = Tokenizer()
    assert tokenizer.feed("<x>") == [StartTag("x")]
    tokenizer.switch_to("RAWTEXT")
    assert tokenizer.state is State.RAWTEXT
    out = tokenizer.feed("<b>&amp;</x>")
    assert lists(out) == [["Character", "<b>&amp;"], ["EndTag", "x"]]
    assert tokenizer.state is State.DATA
    tokenizer.switch_to(State.PLAINTEXT)
    tokenizer.feed("</x>")
    assert lists(tokenizer.close()) == [["Character", "</x>"]]
    with pytest.raises(ValueError):
        tokenizer.switch_to("not a state")


def test_collect_errors_false():
    text = "\x01<p\x00 a=1 a=2>&#0;\ud800</p x>"
    tokenizer = Tokenizer(text, collect_errors=False)
    tokens = list(tokenizer)
    assert tokenizer.errors == []
    reference = Tokenizer(text)
    assert list(reference) == tokens
    assert len(reference.errors) >= 5


# ---------------------------------------------------------------------------
# Error positions and order

def test_error_positions_multi_line():
    tokenizer = Tokenizer("line one\n  <a\x00>\n\n\tx&#0;y\n<")
    list(tokenizer)
    assert errors(tokenizer) == [("unexpected-null-character", 2, 5),
                                 ("null-character-reference", 4, 7),
                                 ("eof-before-tag-name", 5, 2)]


def test_error_positions_after_crlf_normalisation():
    tokenizer = Tokenizer("a\r\nb\r\n<")
    list(tokenizer)
    assert errors(tokenizer) == [("eof-before-tag-name", 3, 2)]
    tokenizer = Tokenizer("a\r\rb\r\n\x00<")
    list(tokenizer)
    assert errors(tokenizer) == [("unexpected-null-character", 4, 1),
                                 ("eof-before-tag-name", 4, 3)]


def test_columns_count_astral_characters_as_two():
    tokenizer = Tokenizer("\U0001f600\x00")
    list(tokenizer)
    assert errors(tokenizer) == [("unexpected-null-character", 1, 3)]
    tokenizer = Tokenizer("\U0001f600\U0001f600\n\U0001f600<")
    list(tokenizer)
    assert errors(tokenizer) == [("eof-before-tag-name", 2, 4)]
    # Offsets still count code points.
    assert tokenizer.errors[0].offset == 5


def test_input_stream_errors_interleave_by_offset():
    tokenizer = Tokenizer("\x01&#0; \x02\n\U0001f600\ufdd0<\ud800")
    list(tokenizer)
    assert errors(tokenizer) == [
        ("control-character-in-input-stream", 1, 1),
        ("null-character-reference", 1, 6),
        ("control-character-in-input-stream", 1, 7),
        ("noncharacter-in-input-stream", 2, 3),
        # A tie: the input stream error comes first (the character is read,
        # then the state acts on it), as in the html5lib fixtures.
        ("surrogate-in-input-stream", 2, 5),
        ("invalid-first-character-of-tag-name", 2, 5),
    ]


def test_input_stream_errors_with_feed():
    tokenizer = Tokenizer()
    tokenizer.feed("a\x7f")
    tokenizer.feed("\r\n\x0b<")
    tokenizer.close()
    assert errors(tokenizer) == [("control-character-in-input-stream", 1, 2),
                                 ("control-character-in-input-stream", 2, 1),
                                 ("eof-before-tag-name", 2, 3)]


# ---------------------------------------------------------------------------
# tokenize() and its feedback

def test_tokenize_returns_token_stream():
    stream = tokenize("<p>")
    assert isinstance(stream, TokenStream)
    assert list(stream) == [StartTag("p")]
    assert stream.errors == []


def test_tokenize_script_example():
    tokens = list(tokenize('<script>var s="</script>"</script>'))
    assert tokens == [StartTag("script"), Characters('var s="'), EndTag("script"),
                      Characters('"'), EndTag("script")]


@pytest.mark.parametrize("name", ["title", "textarea"])
def test_tokenize_rcdata_elements(name):
    tokens = lists(tokenize(f"<{name}>a&amp;b<i>&lt;</i></{name}x></{name}><i>"))
    assert tokens == [["StartTag", name, {}], ["Character", f"a&b<i><</i></{name}x>"],
                      ["EndTag", name], ["StartTag", "i", {}]]


@pytest.mark.parametrize("name", ["style", "xmp", "iframe", "noembed", "noframes"])
def test_tokenize_rawtext_elements(name):
    tokens = lists(tokenize(f"<{name}>a&amp;<b></{name}><b>"))
    assert tokens == [["StartTag", name, {}], ["Character", "a&amp;<b>"], ["EndTag", name],
                      ["StartTag", "b", {}]]


def test_tokenize_plaintext():
    tokens = lists(tokenize("<p><plaintext>a</plaintext>&amp;<b>"))
    assert tokens == [["StartTag", "p", {}], ["StartTag", "plaintext", {}],
                      ["Character", "a</plaintext>&amp;<b>"]]


def test_tokenize_noscript_depends_on_scripting():
    text = "<noscript><b>&amp;</noscript>"
    assert lists(tokenize(text)) == [["StartTag", "noscript", {}], ["StartTag", "b", {}],
                                     ["Character", "&"], ["EndTag", "noscript"]]
    assert lists(tokenize(text, scripting=True)) == [
        ["StartTag", "noscript", {}], ["Character", "<b>&amp;"], ["EndTag", "noscript"]]


def test_tokenize_script_escapes():
    text = "<script><!--<script>x</script>--></script><b>"
    assert lists(tokenize(text)) == [["StartTag", "script", {}],
                                     ["Character", "<!--<script>x</script>-->"],
                                     ["EndTag", "script"], ["StartTag", "b", {}]]


def test_tokenize_svg_title_is_not_rcdata():
    text = "<svg><title><b>&amp;</b></title></svg><title><b></title>"
    assert lists(tokenize(text)) == [
        ["StartTag", "svg", {}], ["StartTag", "title", {}], ["StartTag", "b", {}],
        ["Character", "&"], ["EndTag", "b"], ["EndTag", "title"], ["EndTag", "svg"],
        ["StartTag", "title", {}], ["Character", "<b>"], ["EndTag", "title"]]


def test_tokenize_math_script_is_not_script_data():
    text = "<math><script><b></script></math>"
    assert lists(tokenize(text)) == [
        ["StartTag", "math", {}], ["StartTag", "script", {}], ["StartTag", "b", {}],
        ["EndTag", "script"], ["EndTag", "math"]]


def test_tokenize_cdata_only_in_svg_and_math():
    stream = tokenize("<![CDATA[a]]>")
    assert lists(stream) == [["Comment", "[CDATA[a]]"]]
    assert errors(stream) == [("cdata-in-html-content", 1, 9)]
    stream = tokenize("<svg><![CDATA[<b>&amp;]]></svg><![CDATA[c]]>")
    assert lists(stream) == [["StartTag", "svg", {}], ["Character", "<b>&amp;"],
                             ["EndTag", "svg"], ["Comment", "[CDATA[c]]"]]
    assert [e.code for e in stream.errors] == ["cdata-in-html-content"]
    stream = tokenize("<math><![CDATA[x]]></math>")
    assert lists(stream) == [["StartTag", "math", {}], ["Character", "x"],
                             ["EndTag", "math"]]
    assert stream.errors == []


def test_tokenize_cdata_with_nested_foreign_roots():
    text = "<svg><math></math><![CDATA[a]]><svg></svg></svg><![CDATA[b]]>"
    assert lists(tokenize(text)) == [
        ["StartTag", "svg", {}], ["StartTag", "math", {}], ["EndTag", "math"],
        ["Character", "a"], ["StartTag", "svg", {}], ["EndTag", "svg"], ["EndTag", "svg"],
        ["Comment", "[CDATA[b]]"]]


def test_tokenize_self_closing_svg_does_not_allow_cdata():
    assert lists(tokenize("<svg/><![CDATA[a]]>")) == [["StartTag", "svg", {}, True],
                                                       ["Comment", "[CDATA[a]]"]]


def test_tokenize_feedback_false_is_raw():
    assert lists(tokenize("<title><b></title>", feedback=False)) == [
        ["StartTag", "title", {}], ["StartTag", "b", {}], ["EndTag", "title"]]
    assert lists(tokenize("<svg><![CDATA[a]]>", feedback=False)) == [
        ["StartTag", "svg", {}], ["Comment", "[CDATA[a]]"]]


def test_tokenize_initial_state_and_last_start_tag():
    stream = tokenize("a&lt;</textarea>b", initial_state="RCDATA state",
                      last_start_tag="textarea")
    assert lists(stream) == [["Character", "a<"], ["EndTag", "textarea"], ["Character", "b"]]


def test_tokenize_bytes():
    tokens = lists(tokenize(b"\xef\xbb\xbf<p>caf\xc3\xa9 \xf0\x9f\x98\x80</p>"))
    assert tokens == [["StartTag", "p", {}], ["Character", "caf\u00e9 \U0001f600"],
                      ["EndTag", "p"]]
    assert lists(tokenize(bytearray(b"<p>\xff"), transport_encoding="utf-8")) == [
        ["StartTag", "p", {}], ["Character", "\ufffd"]]
    # Without a BOM or declaration, bytes are windows-1252 (encoding sniffing).
    assert lists(tokenize(b"<p>\xff")) == [["StartTag", "p", {}], ["Character", "\xff"]]
    # Only the byte order mark is dropped, and only at the start.
    assert lists(tokenize(b"a\xef\xbb\xbf", transport_encoding="utf-8")) == [
        ["Character", "a\ufeff"]]


def test_tokenize_str_keeps_a_leading_bom_character():
    assert lists(tokenize("\ufeffa")) == [["Character", "\ufeffa"]]


def test_tokenize_bad_arguments():
    with pytest.raises(TypeError, match="int"):
        tokenize(5)
    with pytest.raises(TypeError, match="scripting"):
        tokenize("", scripting=1)
    with pytest.raises(ValueError):
        tokenize("", initial_state="nope")


def test_tokenize_errors_after_iteration():
    stream = tokenize("<p a=1 a=2>\n<")
    assert lists(stream) == [["StartTag", "p", {"a": "1"}], ["Character", "\n<"]]
    assert [e.code for e in stream.errors] == ["duplicate-attribute", "eof-before-tag-name"]
    assert stream.errors[-1].line == 2
