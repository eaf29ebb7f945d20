"""Chunk invariance: feeding the input in pieces gives the same tokens and
parse errors as feeding it whole, wherever it is split.

Every html5lib tokenizer fixture input is fed in two pieces at every split
point (inputs up to 80 characters) and in three pieces at every pair of
split points (inputs up to 20 characters); longer inputs get ten random
split points (fixed seed).  The result must equal the fixture's expectation
(tokens with adjacent characters merged; errors as (code, line, col)).

To stay within the time budget, the two big generated files are sampled
with a fixed stride (every k-th case keeps all of its split points):
``namedEntities.test`` (4,210 inputs of the same ``&name;`` shape) and
``test3.test`` (1,786 generated inputs).  Every case of every file is still
fed one character at a time and with empty chunks.
"""

from __future__ import annotations

import random
from collections import defaultdict
from itertools import combinations

import pytest

from html5lib_tokenizer import coalesce, load_cases
from markup5 import State, Tokenizer

CASES = load_cases()
BY_FILE = defaultdict(list)
for _case in CASES:
    BY_FILE[_case.file].append(_case)
FILES = sorted(BY_FILE)

MAX_TWO = 80  # every split point into 2 pieces up to this length
MAX_THREE = 20  # every pair of split points (3 pieces) up to this length
RANDOM_SPLITS = 10
#: (file, pieces) -> stride: only every k-th case of the file is split.
STRIDE = {("namedEntities.test", 2): 3, ("namedEntities.test", 3): 10, ("test3.test", 3): 4}


def feed(pieces, **options):
    """Feed ``pieces`` one after the other, then close; return (tokens as
    merged lists, errors as (code, line, col))."""
    tokenizer = Tokenizer(**options)
    tokens = []
    for piece in pieces:
        tokens += tokenizer.feed(piece)
    tokens += tokenizer.close()
    return (coalesce(t.as_list() for t in tokens),
            [(e.code, e.line, e.col) for e in tokenizer.errors])


def whole(text, **options):
    tokenizer = Tokenizer(text, **options)
    tokens = coalesce(t.as_list() for t in tokenizer)
    return tokens, [(e.code, e.line, e.col) for e in tokenizer.errors]


def case_options(case):
    return {"initial_state": case.state, "last_start_tag": case.last_start_tag,
            "processing_instructions": False}


def split_points(case, pieces):
    """The split positions to try for one case: tuples of 1 or 2 indices."""
    n = len(case.input)
    if pieces == 2:
        if n <= MAX_TWO:
            return [(i,) for i in range(1, n)]
        rng = random.Random(f"2:{case.id}")
        return [(i,) for i in sorted(rng.sample(range(1, n), RANDOM_SPLITS))]
    if n <= MAX_THREE:
        return list(combinations(range(1, n), 2))
    rng = random.Random(f"3:{case.id}")
    return [tuple(sorted(rng.sample(range(1, n), 2))) for _ in range(RANDOM_SPLITS)]


def cut(text, points):
    bounds = (0, *points, len(text))
    return [text[a:b] for a, b in zip(bounds, bounds[1:])]


def check_cases(cases, pieces):
    failures = []
    runs = 0
    for case in cases:
        options = case_options(case)
        expected = (case.output, case.errors)
        for points in split_points(case, pieces):
            runs += 1
            chunks = cut(case.input, points)
            got = feed(chunks, **options)
            if got != expected:
                failures.append((case.id, chunks, got, expected))
    return runs, failures


@pytest.mark.parametrize("pieces", [2, 3])
@pytest.mark.parametrize("file", FILES)
def test_fixture_inputs_in_pieces(file, pieces):
    cases = BY_FILE[file][::STRIDE.get((file, pieces), 1)]
    runs, failures = check_cases(cases, pieces)
    assert not failures, (f"{len(failures)} of {runs} split runs differ; first ones:\n"
                          + "\n".join(map(repr, failures[:5])))
    if any(len(case.input) > pieces - 1 for case in cases):
        assert runs > 0


def test_split_plan_covers_every_point_of_short_inputs():
    case = next(c for c in CASES if len(c.input) == 10)
    assert split_points(case, 2) == [(i,) for i in range(1, 10)]
    assert len(split_points(case, 3)) == 36  # C(9, 2)
    long_case = next(c for c in CASES if len(c.input) > MAX_TWO)
    assert len(split_points(long_case, 2)) == RANDOM_SPLITS
    assert split_points(long_case, 2) == split_points(long_case, 2)  # fixed seed


@pytest.mark.parametrize("file", FILES)
def test_fixture_inputs_one_character_at_a_time(file):
    failures = []
    for case in BY_FILE[file]:
        got = feed(list(case.input), **case_options(case))
        if got != (case.output, case.errors):
            failures.append((case.id, case.input, got))
    assert not failures, failures[:5]


@pytest.mark.parametrize("file", FILES)
def test_fixture_inputs_with_empty_chunks(file):
    failures = []
    for case in BY_FILE[file]:
        text = case.input
        half = len(text) // 2
        got = feed(["", text[:half], "", "", text[half:], ""], **case_options(case))
        if got != (case.output, case.errors):
            failures.append((case.id, text, got))
    assert not failures, failures[:5]


# ---------------------------------------------------------------------------
# Hand-written documents aimed at the places where a split hurts

DOCUMENTS = [
    # (text, options, expected tokens or None, expected error codes or None)
    ("a\r\nb\rc\r\r\nd\n\re", {}, [["Character", "a\nb\nc\n\nd\n\ne"]], []),
    ("<p\r\nclass=x\r\n>\r\n</p>", {},
     [["StartTag", "p", {"class": "x"}], ["Character", "\n"], ["EndTag", "p"]], []),
    ("\r\n\r\n\x01", {}, [["Character", "\n\n\x01"]], ["control-character-in-input-stream"]),
    ("x&amp;y", {}, [["Character", "x&y"]], []),
    ("x&ampy", {}, [["Character", "x&y"]], ["missing-semicolon-after-character-reference"]),
    ("&#x41;&#65;&#x4", {}, [["Character", "AA\x04"]],
     ["missing-semicolon-after-character-reference", "control-character-reference"]),
    ("&notit; &notin; &noti", {}, [["Character", "\u00acit; \u2209 \u00aci"]],
     ["missing-semicolon-after-character-reference",
      "missing-semicolon-after-character-reference"]),
    ("<a href='?a=1&amp;b=2&ampc=3&amp=4'>", {},
     [["StartTag", "a", {"href": "?a=1&b=2&ampc=3&amp=4"}]], []),
    ("&unknown;&#0;&#x110000;", {}, [["Character", "&unknown;\ufffd\ufffd"]],
     ["unknown-named-character-reference", "null-character-reference",
      "character-reference-outside-unicode-range"]),
    ("<!DOCTYPE html><!doctype HTML>", {},
     [["DOCTYPE", "html", None, None, True], ["DOCTYPE", "html", None, None, True]], []),
    ('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">',
     {}, [["DOCTYPE", "html", "-//W3C//DTD HTML 4.01//EN",
           "http://www.w3.org/TR/html4/strict.dtd", True]], []),
    ('<!DOCTYPE html SYSTEM "about:legacy-compat">', {},
     [["DOCTYPE", "html", None, "about:legacy-compat", True]], []),
    ("<!DOCTYPE html public 'x' system>", {},
     [["DOCTYPE", "html", "x", None, False]],
     ["missing-quote-before-doctype-system-identifier"]),
    ("<!DOCTYPE html PUBLI", {}, [["DOCTYPE", "html", None, None, False]],
     ["invalid-character-sequence-after-doctype-name"]),
    ("<![CDATA[x]]y]]]>z", {"allow_cdata": True}, [["Character", "x]]y]z"]], []),
    ("<![CDATA[x]]>", {}, [["Comment", "[CDATA[x]]"]], ["cdata-in-html-content"]),
    ("<![CDA", {"allow_cdata": True}, [["Comment", "[CDA"]], ["incorrectly-opened-comment"]),
    ("<!-- a -- b --!><!---->", {}, [["Comment", " a -- b "], ["Comment", ""]],
     ["incorrectly-closed-comment"]),
    ("<!--<!-- x -->", {}, [["Comment", "<!-- x "]], ["nested-comment"]),
    ("<!-", {}, [["Comment", "-"]], ["incorrectly-opened-comment"]),
    ("<!--", {}, [["Comment", ""]], ["eof-in-comment"]),
    ("x<!-->", {}, [["Character", "x"], ["Comment", ""]], ["abrupt-closing-of-empty-comment"]),
    ("<!--<script>--></script>", {"initial_state": "Script data state",
                                  "last_start_tag": "script"},
     [["Character", "<!--<script>-->"], ["EndTag", "script"]], []),
    ("<!--<script></script>x", {"initial_state": "Script data state",
                                "last_start_tag": "script"},
     [["Character", "<!--<script></script>x"]], ["eof-in-script-html-comment-like-text"]),
    ("<!--<script></script>--></script>x", {"initial_state": "Script data state",
                                            "last_start_tag": "script"},
     [["Character", "<!--<script></script>-->"], ["EndTag", "script"], ["Character", "x"]], []),
    ("a</SCRIPT >b</script", {"initial_state": "Script data state", "last_start_tag": "script"},
     # the raw tokenizer is in the data state after the end tag
     [["Character", "a"], ["EndTag", "script"], ["Character", "b"]], ["eof-in-tag"]),
    ("a</script", {"initial_state": "Script data state", "last_start_tag": "script"},
     [["Character", "a</script"]], []),
    ("</textarea/>x", {"initial_state": "RCDATA state", "last_start_tag": "textarea"},
     [["EndTag", "textarea"], ["Character", "x"]], ["end-tag-with-trailing-solidus"]),
    ("&amp;</title>", {"initial_state": "RCDATA state", "last_start_tag": "title"},
     [["Character", "&"], ["EndTag", "title"]], []),
    ("<?target some data?>x", {}, [["ProcessingInstruction", "target", "some data"],
                                   ["Character", "x"]], []),
    ("<?xml-stylesheet a?><?xmlfoo ??>", {},
     [["Comment", "?xml-stylesheet a?"], ["ProcessingInstruction", "xmlfoo", "?"]],
     ["disallowed-processing-instruction-target"]),
    ("<?a\r\nb?\r\n>", {}, [["ProcessingInstruction", "a", "b?\n"]], []),
    ("<?start data", {}, [], ["eof-in-processing-instruction"]),
    ("<div class=\"a b\" id='c' data-x=y hidden>t</div>", {},
     [["StartTag", "div", {"class": "a b", "id": "c", "data-x": "y", "hidden": ""}],
      ["Character", "t"], ["EndTag", "div"]], []),
    ("<A HREF=x a=1 a=2 />", {}, [["StartTag", "a", {"href": "x", "a": "1"}, True]],
     ["duplicate-attribute"]),
    ("\U0001f600<\U0001f600>\x00", {},
     [["Character", "\U0001f600<\U0001f600>\x00"]],
     ["invalid-first-character-of-tag-name", "unexpected-null-character"]),
    ("<p>\ud800x</p>", {}, [["StartTag", "p", {}], ["Character", "\ud800x"], ["EndTag", "p"]],
     ["surrogate-in-input-stream"]),
]


def expected_codes(errors):
    return [code for code, _, _ in errors]


@pytest.mark.parametrize("text,options,tokens,codes", DOCUMENTS,
                         ids=[d[0][:40] for d in DOCUMENTS])
def test_handwritten_documents(text, options, tokens, codes):
    reference = whole(text, **options)
    assert reference[0] == tokens
    assert expected_codes(reference[1]) == codes
    n = len(text)
    plans = [(i,) for i in range(n + 1)]
    if n <= 40:
        plans += list(combinations(range(1, n), 2))
    for points in plans:
        chunks = cut(text, points)
        assert feed(chunks, **options) == reference, chunks
    assert feed(list(text), **options) == reference


SPLITS = [
    # (pieces, options, expected tokens, expected error codes)
    (["a\r", "\nb"], {}, [["Character", "a\nb"]], []),
    (["a\r", "\r", "\n", "b"], {}, [["Character", "a\n\nb"]], []),
    (["a\r"], {}, [["Character", "a\n"]], []),
    (["&am", "p;"], {}, [["Character", "&"]], []),
    (["&a", "mp"], {}, [["Character", "&"]], ["missing-semicolon-after-character-reference"]),
    (["&#x4", "1;"], {}, [["Character", "A"]], []),
    (["&#", "x", "41", ";"], {}, [["Character", "A"]], []),
    (["&#6", "5"], {}, [["Character", "A"]], ["missing-semicolon-after-character-reference"]),
    (["&notin", ";"], {}, [["Character", "\u2209"]], []),
    (["&noti", "n"], {}, [["Character", "\u00acin"]],
     ["missing-semicolon-after-character-reference"]),
    (["<!DOCTY", "PE html>"], {}, [["DOCTYPE", "html", None, None, True]], []),
    (["<!doc", "type", " html>"], {}, [["DOCTYPE", "html", None, None, True]], []),
    (["<![CDA", "TA[x]]>"], {"allow_cdata": True}, [["Character", "x"]], []),
    (["<![CDATA[x]", "]>"], {"allow_cdata": True}, [["Character", "x"]], []),
    (["<![CDATA[x]]", ">"], {"allow_cdata": True}, [["Character", "x"]], []),
    (["<!DOCTYPE html PUB", "LIC \"p\" \"s\">"], {},
     [["DOCTYPE", "html", "p", "s", True]], []),
    (["<!DOCTYPE html SYS", "TEM \"s\">"], {}, [["DOCTYPE", "html", None, "s", True]], []),
    (["<!-", "-x--", ">"], {}, [["Comment", "x"]], []),
    (["<!--x--", "!>"], {}, [["Comment", "x"]], ["incorrectly-closed-comment"]),
    (["<!--<script>", "</script>--></script>"],
     {"initial_state": State.SCRIPT_DATA, "last_start_tag": "script"},
     [["Character", "<!--<script></script>-->"], ["EndTag", "script"]], []),
    (["<!", "-", "-<scr", "ipt>x</scr", "ipt>--></scri", "pt>"],
     {"initial_state": State.SCRIPT_DATA, "last_start_tag": "script"},
     [["Character", "<!--<script>x</script>-->"], ["EndTag", "script"]], []),
    (["</scr", "ipt>"], {"initial_state": State.SCRIPT_DATA, "last_start_tag": "script"},
     [["EndTag", "script"]], []),
    (["<?", "target da", "ta?", ">"], {}, [["ProcessingInstruction", "target", "data"]], []),
    (["<?x", "ml?>"], {}, [["Comment", "?xml?"]], ["disallowed-processing-instruction-target"]),
    (["<?a\r", "\nb?>"], {}, [["ProcessingInstruction", "a", "b"]], []),
    (["<?a ?", "?", ">"], {}, [["ProcessingInstruction", "a", "?"]], []),
    (["<a b='&amp", ";'>"], {}, [["StartTag", "a", {"b": "&"}]], []),
    (["<a b='&amp", "=x'>"], {}, [["StartTag", "a", {"b": "&amp=x"}]], []),
    (["<a b=&amp", ">"], {}, [["StartTag", "a", {"b": "&"}]],
     ["missing-semicolon-after-character-reference"]),
]


@pytest.mark.parametrize("pieces,options,tokens,codes", SPLITS,
                         ids=["|".join(s[0]) for s in SPLITS])
def test_specific_splits(pieces, options, tokens, codes):
    got = feed(pieces, **options)
    assert got[0] == tokens
    assert expected_codes(got[1]) == codes
    assert got == whole("".join(pieces), **options)


def test_feed_returns_completed_tokens_early():
    tokenizer = Tokenizer()
    assert [t.as_list() for t in tokenizer.feed("<p>hello")] == [["StartTag", "p", {}]]
    # The text may still grow: it is held back until more input or close().
    out = tokenizer.feed(" world</p><b")
    assert coalesce(t.as_list() for t in out) == [["Character", "hello world"], ["EndTag", "p"]]
    assert [t.as_list() for t in tokenizer.close()] == []
    assert [e.code for e in tokenizer.errors] == ["eof-in-tag"]


def test_error_positions_across_chunks():
    pieces = ["ab\r", "\ncd\r", "\r\n<", "p\x00>"]
    got = feed(pieces)
    assert got == (
        [["Character", "ab\ncd\n\n"], ["StartTag", "p\ufffd", {}]],
        [("unexpected-null-character", 4, 3)])


def test_large_document_in_many_chunk_sizes():
    parts = ["<!DOCTYPE html>\r\n<html><head><title>T &amp; t</title>",
             "<script>if (a<b && c>d) { s = '<!--<script>x</script>-->'; }</script>",
             "<style>p > a { x: '</b>' }</style></head>\r\n<body>",
             "<p class=\"a\" id=x data-y='z&amp;w'>Text &copy; &#169; &#xA9; &notit</p>",
             "<!-- comment -- with --! dashes --><?pi data?><br/><img src=a alt>",
             "<svg><![CDATA[<raw>]]></svg><textarea>a\r\nb</textarea>",
             "\U0001f600 &unknown; &ampx & </body></html>"]
    text = "".join(parts) * 3
    reference = whole(text)
    assert len(reference[0]) > 60
    for size in (1, 2, 3, 5, 7, 16, 64, 1000):
        chunks = [text[i:i + size] for i in range(0, len(text), size)]
        assert feed(chunks) == reference, size
