"""The shortcuts (``Tokenizer.fast_paths``) emit exactly what the state
machine emits: tokens and parse errors are identical with ``fast_paths``
on and off.

Checked on every html5lib fixture input, on hand-written attribute values
and comments, on hypothesis-generated markup (raw tokenizer and through
:func:`markup5.tokenize` with its feedback) and on a sample of real pages
(``../shared/corpus/readability`` beside the project, skipped when absent).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from counted import call_counter
from html5lib_tokenizer import coalesce, load_cases
from markup5 import State, Tokenizer, tokenize
from markup5.html.feedback import TextElementFeedback
from markup5.html.tokenizer import shortcuts

CASES = load_cases()
CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "readability"


def merged(tokens):
    return coalesce(t.as_list() for t in tokens)


def errors_of(tokenizer):
    return [(e.code, e.line, e.col, e.offset) for e in tokenizer.errors]


def raw(text, fast, **options):
    tokenizer = Tokenizer(text, **options)
    tokenizer.fast_paths = fast
    return merged(tokenizer), errors_of(tokenizer)


def both(text, **options):
    return raw(text, True, **options), raw(text, False, **options)


def slow_tokenize(text, *, scripting=False, **options):
    """``tokenize()`` rebuilt on a Tokenizer with every shortcut off."""
    tokenizer = Tokenizer(text, **options)
    tokenizer.fast_paths = False
    feedback = TextElementFeedback(tokenizer, scripting=scripting)
    return merged(tokenizer.tokens(feedback)), errors_of(tokenizer)


def fast_tokenize(text, **options):
    stream = tokenize(text, **options)
    return merged(stream), errors_of(stream)


def test_fast_paths_default_and_instance_switch():
    # (Through instances: in the compiled build the class attribute is a
    # descriptor.)
    tokenizer = Tokenizer("<p>")
    assert tokenizer.fast_paths is True
    tokenizer.fast_paths = False
    assert Tokenizer("<p>").fast_paths is True  # other tokenizers are untouched
    assert merged(tokenizer) == [["StartTag", "p", {}]]


# ---------------------------------------------------------------------------
# Every fixture input

def test_fixture_inputs_fast_equals_slow():
    differences = []
    for case in CASES:
        for pis in (False, True):
            options = {"initial_state": case.state, "last_start_tag": case.last_start_tag,
                       "processing_instructions": pis}
            fast, slow = both(case.input, **options)
            if fast != slow:
                differences.append((case.id, pis, case.input, fast, slow))
    assert not differences, differences[:5]


def test_fixture_inputs_fast_and_slow_match_expectation():
    # The slow path alone must also pass the fixtures (the reference path).
    failures = []
    for case in CASES:
        tokens, errors = raw(case.input, False, initial_state=case.state,
                             last_start_tag=case.last_start_tag,
                             processing_instructions=False)
        if tokens != case.output or [e[:3] for e in errors] != case.errors:
            failures.append(case.id)
    assert not failures, failures[:10]


# ---------------------------------------------------------------------------
# Hand-written attribute values, tags and comments

ATTRIBUTE_VALUES = ["&amp;", "&amp", "&amp=", "&ampx", "&amp;x", "&notit;", "&notit", "&notin;",
                    "&#38;", "&#x26", "&#x26;", "&#0;", "&#128;", "&#x80;", "&#xD800;",
                    "&#1114112;", "&#xFFFE;", "&#9;", "&#13;", "&unknown;", "&unknown", "& ",
                    "&", "&&", "&;", "&#", "&#;", "&#x;", "&#x", "a&b", "&AMP;", "&Amp;",
                    "&lt&gt", "&lt;&gt;", "x&copy=1", "x&copy;1", "&copy1", "&#0000065;",
                    "&#x0041;", "&#65", "&#x41x", "&#99999999999;", "\x00", "a\x00b", "",
                    "a b", "\u00e9\U0001f600", "&thetasym;", "&supe", "&sup1;", "&sup1",
                    # Every "&" beginning a common reference (str.replace), and
                    # nearly so.
                    "?a=1&amp;b=2&amp;c=3", "&amp;amp;", "&amp;&amp", "&amp;&amp;&",
                    "&amp;&lt;", "&amp&amp;", "&amp;#38;", "&&amp;", "&amp;quot;",
                    "{&quot;a&quot;:&quot;&lt;b&gt;&amp;&quot;}", "&quot;&amp;lt;&gt;",
                    "&lt;&gt&quot;", "&quot;&nbsp;&nbsp", "&nbsp;&nbsp;x&amp;", "&QUOT;",
                    "&quot;&#39;", "&lt;&quot", "&gt;&lt;&amp;gt;&nbsp;"]


def attribute_documents():
    for value in ATTRIBUTE_VALUES:
        yield f'<a href="{value}">'
        yield f"<a href='{value}'>"
        if value and not any(c in value for c in " \t\n\f>\"'<=`"):
            yield f"<a href={value}>"
            yield f"<a href={value} x>"
        yield f'<p title="{value}" id="{value}">text {value} more</p>'
        # The value as the second attribute (the scan's own groups) and as
        # the third (the attributes read again).
        yield f'<a x href="{value}">'
        yield f"<a x=1 y='2' href='{value}' z>"


OTHER_DOCUMENTS = [
    "<a b=1 b=2>", "<a b=1 B=2>", "<a b c b>", "<A HREF=x>", "<DIV Class=x></DIV>",
    "<a\x00b=c>", "<a b\x00=c>", "<a b=c\x00>", "<a b='c'd>", "<a b=\"c\"/>", "<a/b>",
    "<a b='x' / >", "<br/>", "<br />", "<br/ >", "</p x=1>", "</p/>", "</P>", "</ p>",
    "<a =b>", "<a b==c>", "<a b=`c>", "<a b=c\"d>", "<a b='c'\n\td='e'>", "<a\n\nb>",
    "<a b='&amp;' c='&amp' d=&amp e=&amp;>", "<x-y:z>", "<a b><c d><e f>", "<a\x0cb=c>",
    "<p>a</p><p>b</p><p>&amp;</p><p>&lt</p>", "text&amp;text&lt;text&#65;text&#x41;",
    "&amp&lt&gt&quot&nbsp", "&nbsp;&nbsp&nbspx", "<p>\x00</p>", "<p>a\x00b</p>",
    "<!-- x -->", "<!---->", "<!-->", "<!--->", "<!-- a -- b -->", "<!-- a --!>",
    "<!-- <!-- -->", "<!-- <! -->", "<!--x--!-->", "<!--x---->", "<!--\x00-->", "<!-- -- >",
    "<!--a-->b<!--c-->", "<!-- --!", "<!-->x-->", "<!--->x-->", "<!--<!-->", "<!--<!--",
    "<!--x-", "<!--x--", "<!DOCTYPE html>", "<!doctype html><p>", "<![CDATA[x]]>",
    "<?pi x?>", "<?xml?>", "<p><?a?></p>", "<title>a</title>", "<script>a</script>",
    "<img src=a alt=b><br><hr/>", "a < b > c", "<3 <a <", "<", "&", "<p", "<p ", "<p a",
    "<p a=", "<p a='", "<p a='x", "<p a='x'", "<p a='x'/", "</", "</p", "</p ", "<a b='\U0001f600'>",
    "<\U0001f600>", "<a\U0001f600>", "<a b\U0001f600=1>", "<p>\r\n<b>\r</b>\n</p>",
    # One attribute (read from the scan's groups) or more (read again).
    "<a b>", "<a b=''>", '<a b="">', "<a b = c>", "<a b=c/>", "<a b />", "<a  b=c>",
    "<a\tb='c'>", "<a b=c d>", "<a b d=c>", "<a b='&amp;'>", "<a b='&bogus;'>",
    # Two attributes (both from the scan's groups) or more: a duplicate
    # between any two places.
    "<a b c>", "<a b=1 b=2/>", "<a b c b>", "<a b c c>", "<a b c d c>", "<a b c d d>",
    "<a b c d e b>", "<a b='&amp;' c>", "<a b c='&amp;'>", "<a b c='&bogus;'>",
    "<a b c d='&bogus;'>", "<a b=1 c='&amp;' c='&bogus;'>",
    # Stray "&" and "<" (the loop takes them as the states do): runs,
    # mixed, before references and tags, before NULL and at the end.
    "<<<<p>", "& & &amp; &", "&&&&", "&&#65;&&amp;", "a&b&&c<p>", "x<1<2<3</p>", "< < <b>",
    "<\x00", "&\x00", "a & b &<", "<<", "&<p>", "&amp;& x&y <p>&z", "<=><>", "a<", "a&",
    "&<", "<&", "<&amp;", "&<!-- -->", "&<?pi?>", "<<!-- -->", "<</p>", "& x<\x00& <",
    "t & u &c; &#; &&#x; <1 </ <! <? <p>",
    # "&" before alphanumerics that begin no name: a legacy name first
    # (&not, &amp), a name with ";" only, none; ";" after; at the end.
    "&a&b&c <p>", "&notit &ampx &ax &zz; &zz<p>", "&notin; &not &no &n x&x1&1x", "&a", "&ab",
    "&ab;", "&ab<", "&x" + "y" * 40 + " &x" + "y" * 40 + ";", "&amp" + "z" * 40 + " ",
    "&copyx &copy1 &COPYx &Aacute1 &aacute", "&a\x00&b&#", "&a<p>&b</p>&c<!-- -->&d",
]


@pytest.mark.parametrize("text", [*attribute_documents(), *OTHER_DOCUMENTS])
def test_handwritten_fast_equals_slow(text):
    fast, slow = both(text)
    assert fast == slow


def test_handwritten_values_decode_as_the_standard_says():
    # A few exact expectations, so the comparison above is not vacuous.
    fast, slow = both("<a b='&amp;' c='&amp' d='&amp=' e='&ampx' f='&notit;' g='&#x26'>")
    assert fast == slow
    tokens, errors = fast
    assert tokens == [["StartTag", "a", {"b": "&", "c": "&", "d": "&amp=", "e": "&ampx",
                                         "f": "&notit;", "g": "&"}]]
    # "&amp'" and "&#x26'" lack the semicolon; "&amp=", "&ampx" and "&notit"
    # (legacy name "not" then an alphanumeric) stay as written, silently.
    assert [e[0] for e in errors] == ["missing-semicolon-after-character-reference",
                                      "missing-semicolon-after-character-reference"]
    tokens, errors = both("<a b='&#0;&#128;&unknown;& &'>")[0]
    assert tokens == [["StartTag", "a", {"b": "\ufffd\u20ac&unknown;& &"}]]
    assert [e[0] for e in errors] == ["null-character-reference", "control-character-reference",
                                      "unknown-named-character-reference"]
    tokens, errors = both("<a b=1 b=2 C=3>")[0]
    assert tokens == [["StartTag", "a", {"b": "1", "c": "3"}]]
    assert [e[0] for e in errors] == ["duplicate-attribute"]


# ---------------------------------------------------------------------------
# Hypothesis: HTML-heavy strings

ALPHABET = list("<>/=\"'&;#!?-abAB xyz\t\n\r\x00\x0c`[]") + list("amplgtDOCTYPE") + [
    "\u00e9", "\u20ac", "\U0001f600", "\ufffe", "\x01", "\x80"]
FRAGMENTS = ["<", ">", "</", "/>", "<!--", "-->", "--!>", "<!", "<?", "?>", "<![CDATA[", "]]>",
             "<!DOCTYPE ", "PUBLIC ", "SYSTEM ", "\"", "'", "=", " ", "\t", "\n", "\r\n",
             "\r", "&", "&amp;", "&amp", "&lt", "&notit;", "&not", "&#", "&#x", "&#38;",
             "&#x26", "&#0;", "&#128;", "&unknown;", ";", "a", "b", "A", "B", "p", "x",
             "script", "title", "textarea", "style", "plaintext", "svg", "math", "noscript",
             "<a ", "<p>", "</p>", "<script>", "</script>", "<title>", "</title>", "<svg>",
             "</svg>", "<math>", "<b>", "href", "class", "\x00", "\U0001f600", "\u00e9", "1",
             "-", "!", "?", "#"]

markup = st.one_of(
    st.text(alphabet=ALPHABET, max_size=60),
    st.lists(st.sampled_from(FRAGMENTS), max_size=25).map("".join),
)


@settings(deadline=None, max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(markup, st.booleans())
def test_generated_markup_fast_equals_slow(text, pis):
    fast, slow = both(text, processing_instructions=pis)
    assert fast == slow


STATES = [State.DATA, State.RCDATA, State.RAWTEXT, State.SCRIPT_DATA, State.PLAINTEXT,
          State.CDATA_SECTION]


@settings(deadline=None, max_examples=200)
@given(markup, st.sampled_from(STATES), st.sampled_from([None, "script", "title", "a"]),
       st.booleans())
def test_generated_markup_fast_equals_slow_any_state(text, state, last, cdata):
    fast, slow = both(text, initial_state=state, last_start_tag=last, allow_cdata=cdata)
    assert fast == slow


@settings(deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(markup, st.booleans())
def test_generated_markup_through_tokenize(text, scripting):
    assert fast_tokenize(text, scripting=scripting) == slow_tokenize(text, scripting=scripting)


FEEDBACK_DOCUMENTS = [
    '<script>var s="</script>"</script>',
    "<p><title>&amp;<b></title><b>",
    "<textarea><p>&lt;</textarea></textarea>",
    "<style><p></style><p>",
    "<xmp><b></xmp><iframe><b></iframe><noembed><b></noembed><noframes><b></noframes>",
    "<noscript><b></noscript>",
    "<plaintext></plaintext><b>",
    "<svg><title><b></title><![CDATA[<c>]]></svg><![CDATA[d]]>",
    "<math><svg></svg><![CDATA[x]]></math><![CDATA[y]]>",
    "<svg/><![CDATA[x]]>",
    "<p><script><!--<script></script>--></script><p>",
    "<a><b><c><title>x</title><d><e>",
    "<title x=1 y='&amp;'>a</title>",
    "<p><svg><b></svg><title><b></title>", "<p><svg/><title><b></title>",
    "<svg><math></math><title><b></title></svg><title><b></title>",
]


@pytest.mark.parametrize("text", FEEDBACK_DOCUMENTS)
@pytest.mark.parametrize("scripting", [False, True])
def test_feedback_documents_fast_equals_slow(text, scripting):
    assert fast_tokenize(text, scripting=scripting) == slow_tokenize(text, scripting=scripting)


def test_feedback_switch_after_shortcut_tag():
    # The shortcut must pause right after <title> so the switch to RCDATA
    # happens before "<b>" is read.
    expected = [["StartTag", "p", {}], ["StartTag", "title", {}], ["Character", "<b>"],
                ["EndTag", "title"], ["StartTag", "b", {}]]
    assert fast_tokenize("<p><title><b></title><b>")[0] == expected
    assert slow_tokenize("<p><title><b></title><b>")[0] == expected


def test_feedback_sees_every_tag_inside_svg_and_the_last_of_a_step_outside():
    # Outside <svg>/<math> the feedback looks at the last token of a step
    # only: the shortcut pauses after <svg> and <math> for it, and the
    # tokens after </svg> in the step that closes it are all looked at.
    expected = [["StartTag", "p", {}], ["StartTag", "svg", {}], ["StartTag", "title", {}],
                ["StartTag", "b", {}], ["EndTag", "title"], ["EndTag", "svg"],
                ["StartTag", "title", {}], ["Character", "<b>"], ["EndTag", "title"]]
    text = "<p><svg><title><b></title></svg><title><b></title>"
    assert fast_tokenize(text)[0] == expected
    assert slow_tokenize(text)[0] == expected
    stream = tokenize("<svg/><title><b></title>")
    assert [type(t).__name__ for t in stream] == ["StartTag", "StartTag", "Characters", "EndTag"]


def test_a_step_ends_after_an_end_tag_once_it_has_enough_tokens():
    # So that a page's tokens are consumed, and freed, a few hundred at a
    # time (see shortcuts.STEP_TOKENS); the tokens are the same as ever.
    text = "<p>x</p>" * 1000 + "<br>" * 500
    steps: list[int] = []
    tokenizer = Tokenizer(text)
    tokens = list(tokenizer.tokens(lambda step: steps.append(len(step))))
    assert len(tokens) == 3500 and sum(steps) == 3500
    # Each step but the last ends at the first end tag from the limit on.
    assert all(shortcuts.STEP_TOKENS <= n < shortcuts.STEP_TOKENS + 3 for n in steps[:-1])
    # The last holds the start tags after the last end tag: not cut.
    assert steps[-1] > 500
    assert merged(tokens) == raw(text, False)[0]


def test_custom_switching_start_tags_with_sink():
    # A tree builder that switches on other elements adds them to
    # switching_start_tags; its sink then sees each such tag before the
    # tokenizer reads on, with or without the shortcuts.
    results = []
    for fast in (True, False):
        seen = []

        def sink(token, seen=seen):
            seen.append(token.as_list())
            if token.as_list()[:2] == ["StartTag", "listing"]:
                tokenizer.switch_to(State.RAWTEXT)

        tokenizer = Tokenizer(sink=sink)
        tokenizer.fast_paths = fast
        tokenizer.switching_start_tags = tokenizer.switching_start_tags | {"listing"}
        tokenizer.feed("<p><listing><b>x</b></listing><i>")
        tokenizer.close()
        results.append(coalesce(seen))
    assert results[0] == results[1] == [
        ["StartTag", "p", {}], ["StartTag", "listing", {}], ["Character", "<b>x</b>"],
        ["EndTag", "listing"], ["StartTag", "i", {}]]


# ---------------------------------------------------------------------------
# Real pages

def corpus_files():
    if not CORPUS.is_dir():
        return []
    files = sorted(CORPUS.glob("*.html"))
    return files[::13][:10]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="readability corpus not available")
@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_corpus_fast_equals_slow(path):
    text = path.read_bytes().decode("utf-8", errors="replace")
    fast, slow = both(text)
    assert fast == slow
    assert len(fast[0]) > 0
    assert fast_tokenize(text) == slow_tokenize(text)


# Possessive quantifiers in the shortcut's regexes ---------------------------------

_TAG_SOUP = st.lists(st.sampled_from(list("<>/=\"'` \t\n\f&\x00aAbB-:")
                                     + ["<a", "</b", "=x", "/>", "<a b", " c=d"]),
                    max_size=40).map("".join)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="possessive quantifiers: Python 3.11+")
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TAG_SOUP)
def test_possessive_scan_matches_as_the_greedy_one(text):
    # The scan regexes' classes are possessive on Python 3.11+ (a speed-up
    # that is only sound if giving characters back never finds another
    # match): they must match exactly what the plain greedy patterns match.
    for compiled in (shortcuts.SCAN, shortcuts.SCAN_WITHOUT_NULL):
        greedy = re.compile(compiled.pattern.replace("]*+", "]*").replace("]++", "]+"))
        assert greedy.pattern != compiled.pattern
        for start in range(len(text) + 1):
            fast, slow = compiled.match(text, start), greedy.match(text, start)
            assert (fast.groups(), fast.span()) == (slow.groups(), slow.span()), (text, start)
    for compiled in (shortcuts.ATTRIBUTES, shortcuts.ATTRIBUTES_WITHOUT_NULL):
        greedy = re.compile(compiled.pattern.replace("]*+", "]*").replace("]++", "]+"))
        assert compiled.findall(text) == greedy.findall(text)


# ---------------------------------------------------------------------------
# Stray "&" and "<" stay in the loop

_INTERPRETED = pytest.mark.skipif(
    not shortcuts.__file__.endswith(".py"),
    reason="counts through a patched method (the compiled tokenizer calls it in C)")


@_INTERPRETED
@pytest.mark.parametrize("stray", ["<", "&", "< ", "& ", "<1", "&;", "a & b < c ", "&a", "&bc "])
def test_the_loop_takes_stray_characters(stray, monkeypatch):
    # Each of them left the loop for the states, and the data state set the
    # loop up again at the next character: a run of N entered it N times.
    entered = call_counter(monkeypatch, Tokenizer, "_data_shortcut")
    text = "<p>" + stray * 1000 + "<b>x</b>"
    tokens, errors = raw(text, True)
    assert entered[0] <= 3
    assert (tokens, errors) == raw(text, False)


class _CountedScan:
    """A stand-in for a scan pattern that counts the scans begun with it."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.scans = 0

    def finditer(self, *args):
        self.scans += 1
        return self.pattern.finditer(*args)


@_INTERPRETED
@pytest.mark.parametrize("stray", ["a & b ", "R&D ", "&& ", "x&y", "&;", "AT&T, "])
def test_the_text_takes_stray_ampersands(stray, monkeypatch):
    # The scan of a buffer without NULL runs over "&" and resolves the
    # references in the text it found; a "&" that begins none ended the
    # text there, and the loop began a new scan after it: a scan per "&".
    scans = [_CountedScan(shortcuts.SCAN), _CountedScan(shortcuts.SCAN_WITHOUT_NULL)]
    monkeypatch.setattr(shortcuts, "SCAN", scans[0])
    monkeypatch.setattr(shortcuts, "SCAN_WITHOUT_NULL", scans[1])
    text = "<p>" + stray * 1000 + "<b>x</b>"
    tokens, errors = raw(text, True)
    assert scans[0].scans + scans[1].scans <= 3
    assert (tokens, errors) == raw(text, False)


@pytest.mark.parametrize("text", [
    "a &b; &amp c &ampx &amp;&x & &#38 &#38; &lt&gt;&Q&A;&copy</p>x&",
    "&notit; &notin &noti; AT&T &", "x&y<b>&z</b>&", "&&&&<i>&&&amp;&&"])
def test_stray_ampersands_among_references(text):
    # Within one text: stray "&"s before, between and after references the
    # scan resolves, and those the states must take.
    fast, slow = both(text)
    assert fast == slow
    for cut in range(len(text)):
        assert raw(text[cut:], True) == raw(text[cut:], False)
