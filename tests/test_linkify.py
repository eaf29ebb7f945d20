"""markup5.sanitize.linkify: links made on the parsed tree, the re-parse guarantee, the places
linkify never writes a link, callbacks, and linear time on hostile text (issue 40).

The expected outputs are written from the rules (Bleach's URL recognition, the HTML
serialization of the tree), not copied from linkify's output; Bleach's own suite runs against
the compatibility layer in test_bleach_linkify_suite.py.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from markup5 import dump_tree, parse_fragment, serialize_children
from markup5.sanitize.linkify import (LinkAttrs, build_email_pattern, build_url_pattern,
                                      linkify, linkify_tree)


def _reparses_to_itself(markup: str, context: str = "div", **options: object) -> str:
    """Linkify ``markup``'s tree, serialize it, and check that the output parses to that tree."""
    fragment = parse_fragment(markup, context, scripting=True)
    linkify_tree(fragment, **options)  # type: ignore[arg-type]
    out = serialize_children(fragment, scripting=True)
    assert dump_tree(parse_fragment(out, context, scripting=True)) == dump_tree(fragment), out
    assert linkify(markup, context=context, **options) == out  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("text, expected", [
    ("a example.com link", 'a <a href="http://example.com">example.com</a> link'),
    ("https://example.com/x?y=1&z=2",
     '<a href="https://example.com/x?y=1&amp;z=2">https://example.com/x?y=1&amp;z=2</a>'),
    ("EXAMPLE.CO.UK", '<a href="http://EXAMPLE.CO.UK">EXAMPLE.CO.UK</a>'),
    ("ftp://ftp.example.org:21/f", '<a href="ftp://ftp.example.org:21/f">ftp://ftp.example.org:21/f</a>'),
    # The last label must be a known TLD; ".so.1" and "document.vulnerable" are not hosts.
    ("libgl.so.1 document.vulnerable example.yyy", "libgl.so.1 document.vulnerable example.yyy"),
    ("javascript:alert.com", 'javascript:<a href="http://alert.com">alert.com</a>'),
    # Prose punctuation and unbalanced parentheses stay outside the link.
    ("(see example.com/a).", '(see <a href="http://example.com/a">example.com/a</a>).'),
    ("example.com/wiki/A_(b)", '<a href="http://example.com/wiki/A_(b)">example.com/wiki/A_(b)</a>'),
    ("example.com, example.org...",
     '<a href="http://example.com">example.com</a>, <a href="http://example.org">example.org</a>...'),
    # Not after "@" or ".": an address is not a URL unless parse_email asks for it.
    ("me@example.com", "me@example.com"),
    # Dashes before a host stay outside it; a dash after the TLD ends the URL (Bleach's rule).
    ("--example.com (-a.org)", '--<a href="http://example.com">example.com</a> '
                               '(-<a href="http://a.org">a.org</a>)'),
    ("example.com-x a-b.example.co.uk/x", '<a href="http://example.com">example.com</a>-x '
                                          '<a href="http://a-b.example.co.uk/x">a-b.example.co.uk/x</a>'),
    ("a.com..b example.com.", '<a href="http://a.com">a.com</a>..b '
                              '<a href="http://example.com">example.com</a>.'),
])
def test_urls(text: str, expected: str) -> None:
    assert _reparses_to_itself(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("mail me@example.com.", 'mail <a href="mailto:me@example.com">me@example.com</a>.'),
    # RFC 6068: the local part is percent-encoded in the href, not in the text.
    ("a%b?c@example.org", '<a href="mailto:a%25b%3Fc@example.org">a%b?c@example.org</a>'),
    ('"a>b"@example.org', '<a href="mailto:%22a%3Eb%22@example.org">"a&gt;b"@example.org</a>'),
    ('"a b"@example.org', '"a b"@example.org'),  # (a quoted local part holds no space)
    ("me@example.invalid", "me@example.invalid"),
    ("see http://example.com and me@example.com",
     'see <a href="http://example.com">http://example.com</a> and '
     '<a href="mailto:me@example.com">me@example.com</a>'),
])
def test_email_addresses(text: str, expected: str) -> None:
    assert _reparses_to_itself(text, parse_email=True) == expected


@pytest.mark.parametrize("markup", [
    '<a href="/x">example.com</a>',                  # already a link
    "<a><b>example.com</b></a>",                     # inside a link, deeper
    "<textarea>example.com</textarea>",              # RCDATA
    "<title>example.com</title>",
    "<script>example.com</script>", "<style>example.com</style>",  # raw text
    "<xmp>example.com</xmp>", "<noscript>example.com</noscript>",
    "<select><option>example.com</option></select>",  # no a allowed there
    "<svg><text>example.com</text></svg>",           # an a here would be SVG's a
    "<math><mi>example.com</mi></math>",
    "<!-- example.com -->", '<img alt="example.com">',  # not text nodes
    "<pre>example.com</pre>", "<code>example.com</code>",  # the default skip tags
    "<plaintext>example.com",
    # A template's first start tag picks how its contents parse: an a before or among table
    # parts would not come back where it was written.
    "<template>example.com<tr></tr></template>", "<template><td></td>example.com</template>",
])
def test_where_links_are_never_made(markup: str) -> None:
    fragment = parse_fragment(markup, "div", scripting=True)
    before = dump_tree(fragment)
    linkify_tree(fragment)
    assert dump_tree(fragment) == before


@pytest.mark.parametrize("context", ["a", "select", "option", "svg", "math", "svg desc", "pre"])
def test_no_link_is_made_in_a_context_that_forbids_one(context: str) -> None:
    fragment = parse_fragment("x.com <a href=/y>y</a>", context, scripting=True)
    expected = serialize_children(fragment, scripting=True)
    assert linkify("x.com <a href=/y>y</a>", context=context) == expected


@pytest.mark.parametrize("context", ["script", "TEXTAREA", "title", "plaintext", "noscript"])
def test_a_text_context_is_refused(context: str) -> None:
    with pytest.raises(ValueError, match="is text, not markup"):
        linkify("x.com", context=context)


def test_linkify_tree_looks_at_the_node_and_its_ancestors() -> None:
    fragment = parse_fragment("<a href=/x><span>x.com</span></a><pre><b>y.com</b></pre>"
                              "<template><tr></tr></template><p>z.com</p>", "div")
    span, bold = fragment.select_one("span"), fragment.select_one("b")
    template, paragraph = fragment.select_one("template"), fragment.select_one("p")
    assert span and bold and template and paragraph and template.template_contents
    before = dump_tree(fragment)
    for node in (span, bold, template, template.template_contents):
        linkify_tree(node)
    assert dump_tree(fragment) == before
    linkify_tree(paragraph)
    assert paragraph.serialize() == '<p><a href="http://z.com">z.com</a></p>'


def test_skip_tags_are_chosen_by_the_caller() -> None:
    assert linkify("<pre>example.com</pre>", skip_tags=None) == \
        '<pre><a href="http://example.com">example.com</a></pre>'
    assert linkify("<P>a.com <b>b.com</b></P>", skip_tags=["p"]) == "<p>a.com <b>b.com</b></p>"
    # Template contents are linkified like any other content.
    assert linkify("<template>a.com</template>") == \
        '<template><a href="http://a.com">a.com</a></template>'


def test_text_split_by_the_parser_is_searched_where_it_lies() -> None:
    # The table's text is foster-parented before it; the result re-parses to itself.
    out = _reparses_to_itself("<table>x.com<tr><td>y.com</td></tr></table>")
    assert out == ('<a href="http://x.com">x.com</a><table><tbody><tr><td>'
                   '<a href="http://y.com">y.com</a></td></tr></tbody></table>')


def test_callbacks_see_new_and_existing_links() -> None:
    seen: list[tuple[str, str, bool]] = []

    def record(attrs: LinkAttrs, new: bool) -> LinkAttrs:
        seen.append((attrs[(None, "href")], attrs["_text"], new))
        attrs[(None, "rel")] = "nofollow"
        return attrs

    out = linkify('a.com <a href="/b">b <i>c</i></a>', callbacks=[record])
    assert seen == [("http://a.com", "a.com", True), ("/b", "b c", False)]
    assert out == ('<a href="http://a.com" rel="nofollow">a.com</a> '
                   '<a href="/b" rel="nofollow">b <i>c</i></a>')


def test_callbacks_veto_and_rewrite() -> None:
    def veto_new(attrs: LinkAttrs, new: bool) -> LinkAttrs | None:
        return None if new else attrs

    def shout(attrs: LinkAttrs, new: bool) -> LinkAttrs:
        attrs["_text"] = attrs["_text"].upper() + " <!>"
        return attrs

    assert linkify("(a.com) <a href=/x><b>x</b></a>", callbacks=[veto_new]) == \
        '(a.com) <a href="/x"><b>x</b></a>'
    assert linkify("<a href=/x><b>x</b></a>", callbacks=[lambda a, n: None]) == "x"
    assert linkify("a.com <a href=/x><b>x</b></a>", callbacks=[shout]) == \
        '<a href="http://a.com">A.COM &lt;!&gt;</a> <a href="/x">X &lt;!&gt;</a>'


def test_patterns_can_be_rebuilt() -> None:
    url = build_url_pattern(tlds=["test"], protocols=["gopher"])
    assert linkify("a.test gopher://b.test http://c.test x.com", url_pattern=url) == (
        '<a href="http://a.test">a.test</a> <a href="gopher://b.test">gopher://b.test</a> '
        'http://<a href="http://c.test">c.test</a> x.com')
    email = build_email_pattern(tlds=["test"])
    assert linkify("me@a.test me@a.com", parse_email=True, email_pattern=email) == \
        '<a href="mailto:me@a.test">me@a.test</a> me@a.com'


@pytest.mark.parametrize("call, message", [
    (lambda: linkify(b"x"), "markup must be a str"),                       # type: ignore[arg-type]
    (lambda: linkify("x", skip_tags="pre"), "skip_tags"),
    (lambda: linkify("x", callbacks=[1]), "callbacks"),                     # type: ignore[list-item]
    (lambda: linkify("x", parse_email=1), "parse_email"),                   # type: ignore[arg-type]
    (lambda: linkify("x", url_pattern="x"), "url_pattern"),                 # type: ignore[arg-type]
    (lambda: linkify_tree("x"), "linkify_tree needs"),                      # type: ignore[arg-type]
    (lambda: build_url_pattern(tlds=["c m"]), "TLD"),
    (lambda: build_url_pattern(tlds=[]), "at least one"),
    (lambda: build_url_pattern(protocols=["1x"]), "scheme"),
    (lambda: linkify("a.com", callbacks=[lambda a, n: [a]]), "must return a dict"),  # type: ignore[list-item,return-value]
    (lambda: linkify("a.com", callbacks=[lambda a, n: {**a, (None, "x"): 1}]),  # type: ignore[dict-item]
     "'x'"),
])
def test_bad_arguments_are_named(call: Callable[[], object], message: str) -> None:
    with pytest.raises((TypeError, ValueError), match=re.escape(message)):
        call()


_PIECES = st.sampled_from([
    "a.com", "http://b.org/x?y", "me@c.net", "(", ")", ".", ",", " ", "<a href=x>", "</a>",
    "<p>", "<table>", "<td>", "<tr>", "<b>", "</b>", "<pre>", "<textarea>", "<svg>", "<math><mi>",
    "<select>", "<template>", "<!--", "&amp;", "&", "-", "@", "<br>", "\n", "<plaintext>",
])


@settings(max_examples=300)
@given(st.lists(_PIECES, max_size=14).map("".join), st.booleans(),
       st.sampled_from(["div", "td", "p", "tr"]))
def test_output_reparses_to_the_tree_built(markup: str, parse_email: bool, context: str) -> None:
    # Linkify adds no instability: some trees (a plaintext element, misnested tables) do not
    # survive serialization whatever linkify does; the sanitizer repairs those, not linkify.
    original = parse_fragment(markup, context, scripting=True)
    again = parse_fragment(serialize_children(original, scripting=True), context, scripting=True)
    assume(dump_tree(again) == dump_tree(original))
    out = _reparses_to_itself(markup, context, parse_email=parse_email)
    # Linkify twice adds nothing: links are not made inside links.
    assert linkify(out, context=context, parse_email=parse_email) == out


# Hostile text for the recognizers: shapes on which a backtracking pattern goes quadratic.
_HOSTILE = {
    "dots": lambda n: "." * n,
    "labels": lambda n: "a." * (n // 2),
    "hyphenated-labels": lambda n: "a-" * (n // 2),
    "schemes": lambda n: "http://" * (n // 7),
    "parentheses": lambda n: "(" * n,
    "dashes": lambda n: "-" * n,
    "parenthesized-dashes": lambda n: "(-" * (n // 2),
    "dotted-dashes": lambda n: "-." * (n // 2),
    "at-signs": lambda n: "a@" * (n // 2),
    "domain-labels": lambda n: "a@" + "b." * (n // 2),
    "ports": lambda n: "a.com:" * (n // 6),
    "quoted-local-parts": lambda n: '"a\n' * (n // 3),
    "links": lambda n: "a.com " * (n // 6),
    "adjacent-addresses": lambda n: "me@c.net&" * (n // 9),
}


@pytest.mark.parametrize("name", sorted(_HOSTILE))
def test_linkify_on_hostile_text(name: str) -> None:
    # Linear time is measured where timing belongs, by benchmarks/scaling.py's
    # LINKIFY_FAMILIES (the same shapes, N and 2N: every ratio about 2, where
    # a Bleach-style pattern is about 4 on "a-a-a-..."); here each shape, at
    # 100,000 characters, gives text that parses back to itself.
    text = _HOSTILE[name](100_000)
    out = linkify(text, parse_email=True)
    assert linkify(out, parse_email=True) == out
    assert serialize_children(parse_fragment(out, "div")) == out


def test_every_hostile_shape_is_a_scaling_family() -> None:
    import importlib.util
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "scaling.py"
    spec = importlib.util.spec_from_file_location("markup5_scaling_for_linkify", path)
    assert spec is not None and spec.loader is not None
    scaling = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(scaling)
    finally:
        sys.path.remove(str(path.parent))
    units = {build(1) for _, build in scaling.LINKIFY_FAMILIES}
    for name, family in _HOSTILE.items():
        unit = family(60)
        assert any(unit.startswith(u[:6]) and set(unit) == set(u) for u in units), name


@pytest.mark.parametrize(("text", "addresses"), [
    # The second address starts where the first ends ("&" is a local-part character): the
    # first pass must link it too, or the second pass (where it starts a text node) would.
    ("me@c.net&me@c.net", ["me@c.net", "&me@c.net"]),
    ('me@c.net"q"@c.net', ["me@c.net", '"q"@c.net']),
    ("a@b.com a@b.com", ["a@b.com", "a@b.com"]),
])
def test_adjacent_addresses_are_linked_at_once(text: str, addresses: list[str]) -> None:
    out = linkify(text, parse_email=True)
    links = parse_fragment(out, "div").query_selector_all("a")
    assert [link.text_content for link in links] == addresses
    assert linkify(out, parse_email=True) == out


def test_hand_written_email_pattern_with_empty_matches_still_ends() -> None:
    out = linkify("x me@c.net y", parse_email=True, email_pattern=re.compile(r"(?=m)|me@c\.net"))
    assert "x " in out and " y" in out
