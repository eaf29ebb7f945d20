"""Properties of the tokenizer on arbitrary input (hypothesis).

* It never raises and always ends, from every initial state, on any text:
  lone surrogates, NUL, CR, noncharacters, every markup character.
* The tokens are well formed (types, attrs a dict of str to str, ...) and
  the parse errors are in stream order, with line and column matching
  their offset in the newline-normalised stream.
* It runs in linear time.  Rather than timing, the machine's steps are
  counted (every entry of ``tokenizer._handlers`` is wrapped) and must stay
  within ``STEPS_PER_CHAR * (len(input) + 1)``; hostile families are checked
  at large N.  (The regex-heavy shortcut's time is measured by
  ``benchmarks/scaling.py``, not here: no timing assertions in the tests.)
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from markup5 import ParseError, State, Tokenizer, tokenize
from markup5.tokens import (Characters, Comment, Doctype, EndTag, ProcessingInstruction,
                            StartTag)

TOKEN_TYPES = (StartTag, EndTag, Characters, Comment, Doctype, ProcessingInstruction)
STEPS_PER_CHAR = 4


class TooManySteps(Exception):
    pass


def count_steps(tokenizer, limit=None):
    """Wrap every state handler of ``tokenizer`` with a counter; returns a
    one-element list holding the count.  Past ``limit`` steps the wrapper
    raises TooManySteps (so a machine that never ends fails instead of
    hanging)."""
    counter = [0]
    handlers = tokenizer._handlers = list(tokenizer._handlers)  # (the class's own is a tuple)
    for index, handler in enumerate(handlers):
        def counted(machine, handler=handler):
            counter[0] += 1
            if limit is not None and counter[0] > limit:
                raise TooManySteps(counter[0])
            return handler(machine)
        handlers[index] = counted
    return counter


def normalise(text):
    return text.replace("\r\n", "\n").replace("\r", "\n")


def expected_position(stream, offset):
    """(line, column) of ``offset`` in the normalised ``stream``; columns in
    UTF-16 code units."""
    line = stream.count("\n", 0, offset) + 1
    start = stream.rfind("\n", 0, offset) + 1
    col = 1 + sum(2 if ord(c) > 0xFFFF else 1 for c in stream[start:offset])
    return line, col


_INPUT_STREAM_PROBLEM = re.compile(
    "[\x01-\x08\x0b\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef]|[\ufffe\uffff]|"
    + "|".join(f"[{chr(p << 16 | 0xFFFE)}{chr(p << 16 | 0xFFFF)}]" for p in range(1, 17)))


def expected_stream_errors(stream):
    out = []
    for m in _INPUT_STREAM_PROBLEM.finditer(stream):
        o = ord(m.group())
        if 0xD800 <= o <= 0xDFFF:
            code = "surrogate-in-input-stream"
        elif o < 0xA0:
            code = "control-character-in-input-stream"
        else:
            code = "noncharacter-in-input-stream"
        out.append((code, m.start()))
    return out


STREAM_CODES = {"surrogate-in-input-stream", "control-character-in-input-stream",
                "noncharacter-in-input-stream"}


def check_tokens(tokens, *, from_data_state):
    for token in tokens:
        assert type(token) in TOKEN_TYPES, token
        listed = token.as_list()
        assert isinstance(listed, list)
        if type(token) is StartTag:
            assert isinstance(token.name, str)
            assert type(token.attrs) is dict
            assert all(type(k) is str and type(v) is str for k, v in token.attrs.items())
            assert type(token.self_closing) is bool
            if from_data_state:
                assert token.name
                assert not re.search("[A-Z\t\n\f />]", token.name)
                assert all(k and not re.search("[A-Z\t\n\f />]", k) for k in token.attrs)
        elif type(token) is EndTag:
            assert isinstance(token.name, str)
            if from_data_state:
                assert token.name and not re.search("[A-Z\t\n\f />]", token.name)
        elif type(token) is Characters:
            assert type(token.data) is str and token.data != ""
        elif type(token) is Comment:
            assert type(token.data) is str
        elif type(token) is Doctype:
            for value in (token.name, token.public_id, token.system_id):
                assert value is None or type(value) is str
            assert type(token.force_quirks) is bool
            if token.name is not None and from_data_state:
                assert not re.search("[A-Z]", token.name)
        else:
            assert type(token.target) is str and type(token.data) is str
            if from_data_state:
                assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", token.target)
                assert token.target.lower() not in ("xml", "xml-stylesheet")


def check_errors(errors, text):
    stream = normalise(text)
    offsets = []
    for error in errors:
        assert isinstance(error, ParseError)
        assert re.fullmatch("[a-z0-9]+(-[a-z0-9]+)*", error.code), error.code
        assert 0 <= error.offset <= len(stream)
        assert (error.line, error.col) == expected_position(stream, error.offset), error
        offsets.append(error.offset)
    assert offsets == sorted(offsets)
    stream_errors = [(e.code, e.offset) for e in errors if e.code in STREAM_CODES]
    assert stream_errors == expected_stream_errors(stream)


# ---------------------------------------------------------------------------
# Strategies

MARKUP = list("<>/=\"'&;#!?-[]`abxyzAXZ0129 \t\n\r\x0c\x00") + [
    "\ud800", "\udfff", "\U0001f600", "\ufffe", "\uffff", "\U0001fffe", "\x01", "\x0b",
    "\x7f", "\x80", "\x9f", "\u00e9", "\ufdd0", "\U0010ffff",
    "\U00020000", "\U0002ffff", "\U000ffffd"]  # astral: a CJK letter, a noncharacter, private use
FRAGMENTS = ["<!--", "-->", "--!>", "<!", "<![CDATA[", "]]>", "<!DOCTYPE ", "PUBLIC", "SYSTEM",
             "<?", "?>", "<?xml", "&amp;", "&amp", "&#", "&#x", "&#1114112;", "&notin;", "&not",
             "<script>", "</script>", "<!--<script>", "</scrip", "<a ", "<p>", "</p>",
             "<title>", "</title>", "<svg>", "</svg>", "<plaintext>", "\r\n", "\r", "\x00", " ",
             "=", "'", '"', "a", "B", "/", ">", "<", "&", "-", "\ud800", "\U0001f600"]

any_text = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=60),
    st.text(st.sampled_from(MARKUP), max_size=60),
    st.lists(st.sampled_from(FRAGMENTS), max_size=20).map("".join),
)

def state_params(kind):
    """Every state as a pytest param (the machine may start in any of them;
    starting inside a DOCTYPE token gives it an empty name and identifier)."""
    return [pytest.param(state, id=state.name) for state in State]


def run_counted(text, **options):
    tokenizer = Tokenizer(text, **options)
    steps = count_steps(tokenizer, limit=STEPS_PER_CHAR * (len(text) + 1) + 10)
    tokens = list(tokenizer)
    errors = tokenizer.errors
    return tokens, errors, steps[0]


# ---------------------------------------------------------------------------
# Never raises, always ends, from every state

@pytest.mark.parametrize("state", state_params("never-raises"))
@settings(deadline=None, max_examples=25, report_multiple_bugs=False,
          suppress_health_check=[HealthCheck.too_slow])
@given(text=any_text, last=st.sampled_from([None, "script", "title", "a"]),
       cdata=st.booleans(), pis=st.booleans())
@example(text="", last=None, cdata=False, pis=True)
@example(text="a", last=None, cdata=False, pis=True)
@example(text=">?`A", last="a", cdata=True, pis=False)
def test_never_raises_and_ends(state, text, last, cdata, pis):
    tokens, errors, steps = run_counted(text, initial_state=state, last_start_tag=last,
                                        allow_cdata=cdata, processing_instructions=pis)
    assert all(type(t) in TOKEN_TYPES for t in tokens)
    assert all(isinstance(e, ParseError) for e in errors)
    assert steps <= STEPS_PER_CHAR * (len(text) + 1)


@pytest.mark.parametrize("state", state_params("well-formed"))
@settings(deadline=None, max_examples=20, report_multiple_bugs=False,
          suppress_health_check=[HealthCheck.too_slow])
@given(text=any_text)
@example(text="")
@example(text="a<")
def test_tokens_and_errors_well_formed(state, text):
    tokens, errors, _ = run_counted(text, initial_state=state)
    check_tokens(tokens, from_data_state=state is State.DATA)
    check_errors(errors, text)


@settings(deadline=None, max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(text=any_text, cdata=st.booleans(), pis=st.booleans())
def test_data_state_tokens_and_errors_well_formed(text, cdata, pis):
    tokens, errors, steps = run_counted(text, allow_cdata=cdata, processing_instructions=pis)
    check_tokens(tokens, from_data_state=True)
    check_errors(errors, text)
    assert steps <= STEPS_PER_CHAR * (len(text) + 1)


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(text=any_text, scripting=st.booleans())
def test_tokenize_never_raises(text, scripting):
    stream = tokenize(text, scripting=scripting)
    steps = count_steps(stream.tokenizer, limit=STEPS_PER_CHAR * (len(text) + 1) + 10)
    tokens = list(stream)
    check_tokens(tokens, from_data_state=True)
    check_errors(stream.errors, text)
    assert steps[0] <= STEPS_PER_CHAR * (len(text) + 1)
    # bytes in, same tokens out (UTF-8; surrogates are not encodable, and a
    # leading U+FEFF would be read as a byte order mark and dropped)
    if not re.search("[\ud800-\udfff]", text) and not text.startswith("\ufeff"):
        again = tokenize(text.encode("utf-8"), scripting=scripting, transport_encoding="utf-8")
        assert list(again) == tokens


@settings(deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(text=any_text, data=st.data())
def test_chunked_steps_stay_linear(text, data):
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=6)))
    bounds = [0, *cuts, len(text)]
    pieces = [text[a:b] for a, b in zip(bounds, bounds[1:])]
    tokenizer = Tokenizer()
    steps = count_steps(tokenizer)
    tokens = []
    for piece in pieces:
        tokens += tokenizer.feed(piece)
    tokens += tokenizer.close()
    check_tokens(tokens, from_data_state=True)
    assert steps[0] <= STEPS_PER_CHAR * (len(text) + 1) + 2 * (len(pieces) + 1)


# ---------------------------------------------------------------------------
# Text-only properties

@settings(deadline=None, max_examples=300)
@given(text=any_text)
def test_plaintext_is_all_text(text):
    stream = normalise(text)
    tokens, errors, _ = run_counted(text, initial_state=State.PLAINTEXT)
    expected = stream.replace("\x00", "\ufffd")
    assert [t.as_list() for t in tokens] == ([["Character", expected]] if expected else [])
    nulls = [i for i, c in enumerate(stream) if c == "\x00"]
    assert [e.offset for e in errors if e.code == "unexpected-null-character"] == nulls
    assert {e.code for e in errors} <= STREAM_CODES | {"unexpected-null-character"}


@settings(deadline=None, max_examples=300)
@given(text=st.text(st.characters(exclude_categories=(), exclude_characters="<&"), max_size=60))
def test_text_without_markup_is_one_characters_token(text):
    stream = normalise(text)
    for state, data in ((State.DATA, stream), (State.RCDATA, stream.replace("\x00", "\ufffd")),
                        (State.RAWTEXT, stream.replace("\x00", "\ufffd")),
                        (State.SCRIPT_DATA, stream.replace("\x00", "\ufffd"))):
        tokens, errors, _ = run_counted(text, initial_state=state)
        assert [t.as_list() for t in tokens] == ([["Character", data]] if data else [])
        nulls = [i for i, c in enumerate(stream) if c == "\x00"]
        assert [e.offset for e in errors if e.code == "unexpected-null-character"] == nulls


@settings(deadline=None, max_examples=200)
@given(text=any_text)
def test_collect_errors_false_gives_same_tokens(text):
    with_errors = list(Tokenizer(text))
    tokenizer = Tokenizer(text, collect_errors=False)
    assert list(tokenizer) == with_errors
    assert tokenizer.errors == []


# ---------------------------------------------------------------------------
# Linear time on hostile families: counted steps at large N

N = 20000

RAW_FAMILIES = {
    "lt": (lambda n: "<" * n, {}),
    "amp": (lambda n: "&" * n, {}),
    "decimal-digits": (lambda n: "&#" + "9" * n, {}),
    "hex-digits": (lambda n: "&#x" + "f" * n + ";", {}),
    "attributes": (lambda n: "<a " + "b " * n, {}),
    "comment-opens": (lambda n: "<!--" * n, {}),
    "cdata-opens": (lambda n: "<![CDATA[" * n, {"allow_cdata": True}),
    "cdata-brackets": (lambda n: "<![CDATA[" + "]" * n, {"allow_cdata": True}),
    "end-tag-opens": (lambda n: "</" * n, {}),
    "amp-attributes": (lambda n: "<a" + " x='&amp'" * n, {}),
    "alnum-after-amp": (lambda n: "&" + "a" * n, {}),
    "amp-no-semicolon": (lambda n: "&amp" * n, {}),
    "lt-a": (lambda n: "<a" * n, {}),
    "pi-opens": (lambda n: "<?" * n, {}),
    "pi-question-marks": (lambda n: "<?a " + "?" * n, {}),
    "pi-targets": (lambda n: "<?a" * n, {}),
    "bangs": (lambda n: "<!" * n, {}),
    "doctypes": (lambda n: "<!DOCTYPE" * n, {}),
    "comment-dashes": (lambda n: "<!--" + "-" * n, {}),
    "comment-bangs": (lambda n: "<!--" + "--!" * n, {}),
    "nested-comments": (lambda n: "<!--" + "<!--" * n + "-->", {}),
    "duplicates": (lambda n: "<a b b>" * n, {}),
    "uppercase-tags": (lambda n: "<A B=c>" * n, {}),
    "nul-in-values": (lambda n: "<a b='x\x00'>" * n, {}),
    "slashes": (lambda n: "<a" + "/" * n, {}),
    "equals": (lambda n: "<a " + "=" * n, {}),
    "nuls": (lambda n: "\x00" * n, {}),
    "crs": (lambda n: "\r" * n, {}),
    "end-tag-attributes": (lambda n: "</a" + " b=c" * n + ">", {}),
    "script-escapes": (lambda n: "<!--<script>" * n, {"initial_state": State.SCRIPT_DATA}),
    "rcdata-end-tags": (lambda n: "</titl" * n, {"initial_state": State.RCDATA,
                                                 "last_start_tag": "title"}),
}

TOKENIZE_FAMILIES = {
    "script-comment-script": lambda n: "<script><!--<script>" * n,
    "script-dashes": lambda n: "<script><!--<script>" + "-" * n,
    "title-end-prefixes": lambda n: "<title>" + "</t" * n,
    "svg-cdata": lambda n: "<svg>" + "<![CDATA[" * n,
}


@pytest.mark.parametrize("family", sorted(RAW_FAMILIES))
def test_hostile_family_steps_linear(family):
    make, options = RAW_FAMILIES[family]
    text = make(N)
    tokens, errors, steps = run_counted(text, **options)
    assert steps <= STEPS_PER_CHAR * (len(text) + 1)
    check_tokens(tokens, from_data_state="initial_state" not in options)


@pytest.mark.parametrize("family", sorted(TOKENIZE_FAMILIES))
def test_hostile_family_steps_linear_through_tokenize(family):
    text = TOKENIZE_FAMILIES[family](N)
    stream = tokenize(text)
    steps = count_steps(stream.tokenizer)
    tokens = list(stream)
    stream.errors  # noqa: B018 - resolving the errors must also finish
    assert tokens
    assert steps[0] <= STEPS_PER_CHAR * (len(text) + 1)


def test_hostile_family_one_character_at_a_time():
    for name in ("amp-attributes", "comment-dashes", "nested-comments", "slashes",
                 "pi-question-marks", "alnum-after-amp"):
        make, options = RAW_FAMILIES[name]
        text = make(2000)
        tokenizer = Tokenizer(**options)
        steps = count_steps(tokenizer)
        for c in text:
            tokenizer.feed(c)
        tokenizer.close()
        assert steps[0] <= STEPS_PER_CHAR * (len(text) + 1) + 2 * (len(text) + 1), name


def test_step_counter_counts():
    # The counter is not vacuous: the state-by-state path of "<a b>" takes
    # several steps, and a large input takes many.
    tokenizer = Tokenizer("<a b='&amp'>" * 100)
    tokenizer.fast_paths = False
    steps = count_steps(tokenizer)
    assert len(list(tokenizer)) == 100
    assert steps[0] >= 100 * 5
