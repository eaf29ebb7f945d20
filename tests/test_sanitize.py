"""markup5.sanitize: the API, the default policy's decisions, each Policy
feature, sanitize_tree and sanitize_document."""

from __future__ import annotations

import importlib
import json
import os

import pytest

import markup5
from markup5 import Element, parse, parse_fragment, serialize_children
from markup5.dom import MATHML_NAMESPACE, SVG_NAMESPACE
from markup5.sanitize import (DEFAULT_POLICY, TEXT_FORMATTING_POLICY, Policy, Sanitizer,
                              sanitize, sanitize_document)
from markup5.sanitize.urls import srcset_urls, url_allowed, url_scheme
from markup5.url import parse_url

HTTP = frozenset({"http", "https"})


# The API ---------------------------------------------------------------

def test_module_is_callable_and_a_package():
    assert markup5.sanitize("<b onclick=x>hi") == "<b>hi</b>"
    assert markup5.sanitize is __import__("markup5.sanitize").sanitize
    importlib.import_module("markup5.sanitize.urls")  # a submodule leaves it callable
    assert markup5.sanitize.urls.url_scheme("HTTP:x") == "http"
    assert markup5.sanitize("<i>x</i>", policy=TEXT_FORMATTING_POLICY) == "<i>x</i>"


def test_function_and_sanitizer_agree():
    text = '<p title=t onclick=x>a <a href="http://e.com/" target=_blank>b</a><script>c</script>'
    assert sanitize(text) == Sanitizer().sanitize(text) == Sanitizer(DEFAULT_POLICY).sanitize(text)
    assert Sanitizer().policy is DEFAULT_POLICY


@pytest.mark.parametrize("bad", [b"<p>", 3, None, ["<p>"]])
def test_sanitize_needs_a_str(bad):
    with pytest.raises(TypeError, match="sanitize"):
        sanitize(bad)


def test_bad_policy_argument():
    with pytest.raises(TypeError, match="Policy"):
        sanitize("x", policy={"elements": ["b"]})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Policy"):
        Sanitizer("strict")  # type: ignore[arg-type]


@pytest.mark.parametrize("context", ["script", "style", "textarea", "title", "xmp", "iframe",
                                     "noscript", "plaintext", "template", "html", "head",
                                     "svg", "math mi"])
def test_contexts_that_are_not_markup_are_refused(context):
    with pytest.raises(ValueError):
        sanitize("<b>x</b>", context=context)


def test_misspelled_context_is_a_value_error():
    with pytest.raises(ValueError, match="context"):
        sanitize("x", context="tabel")
    with pytest.raises(TypeError):
        sanitize("x", context=None)  # type: ignore[arg-type]


@pytest.mark.parametrize("context, text, expected", [
    ("td", "<td>x</td><b>y</b>", "x<b>y</b>"),
    ("tr", "<td>cell</td>", "<td>cell</td>"),
    ("ul", "<li>one<li>two", "<li>one</li><li>two</li>"),
    ("p", "a<div>b</div>", "a<div>b</div>"),
])
def test_context(context, text, expected):
    out = sanitize(text, context=context)
    assert out == expected
    assert sanitize(out, context=context) == out


# The default policy -----------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("<script>alert(1)</script>ok", "ok"),
    ("<img src=x onerror=alert(1)>", '<img src="x">'),
    ('<a href="javascript:alert(1)">x</a>', "<a>x</a>"),
    ('<a href=" java&#9;script:alert(1)">x</a>', "<a>x</a>"),
    ('<a href="JAVASCRIPT:alert(1)">x</a>', "<a>x</a>"),
    ('<a href="vbscript:x">x</a>', "<a>x</a>"),
    ('<a href="data:text/html,<script>x</script>">x</a>', "<a>x</a>"),
    ('<img src="data:image/png;base64,AA">', "<img>"),
    ("<iframe src=http://e.com></iframe>after", "after"),
    ("<object data=x><embed src=y></object>z", "z"),
    ("<base href=http://evil.com/>x", "x"),
    ('<meta http-equiv="refresh" content="0;url=http://e.com">x', "x"),
    ("<form action=http://e.com><input name=a><button>go</button></form>", "go"),
    ("<style>*{color:red}</style><p style='color:red'>x</p>", "<p>x</p>"),
    ("<svg><script>alert(1)</script></svg>x", "x"),
    ("<math><mi>x</mi></math>y", "y"),
    # Parsed with scripting on, as in the page the output goes into:
    # noscript is raw text up to "</noscript>", and the img is real.
    ("<noscript><p title='</noscript><img src=x onerror=alert(1)>'></noscript>",
     "<img src=\"x\">'&gt;"),
    ("<template><img src=x onerror=alert(1)></template>t", "t"),
    ("<!-- comment -->text", "text"),
    ("<blink>unwrapped</blink>", "unwrapped"),
    ("<p CLASS=x data-x=1 aria-label=y>p</p>", "<p>p</p>"),
])
def test_default_policy(text, expected):
    assert sanitize(text) == expected


def test_links_get_rel_once():
    out = sanitize('<a href="https://e.com/" rel="author">x</a>')
    assert out == '<a href="https://e.com/" rel="nofollow noopener noreferrer">x</a>'
    policy = DEFAULT_POLICY.replace(attributes={**DEFAULT_POLICY.attributes,
                                                "a": {"href", "rel", "target"}})
    out = sanitize('<a href=/x rel="author NoFollow" target=_blank>x</a>', policy=policy)
    assert out == '<a href="/x" rel="author NoFollow noopener noreferrer" target="_blank">x</a>'
    assert sanitize(out, policy=policy) == out
    no_rel = DEFAULT_POLICY.replace(link_rel=())
    assert sanitize("<a href=/x>x</a>", policy=no_rel) == '<a href="/x">x</a>'
    assert sanitize("<a>no href</a>") == "<a>no href</a>"


def test_target_blank_always_gets_noopener():
    policy = DEFAULT_POLICY.replace(link_rel=(), attributes={"a": {"href", "target"}})
    assert sanitize("<a href=/x target=_blank>x</a>", policy=policy) == \
        '<a href="/x" target="_blank" rel="noopener">x</a>'


def test_clobber_prefix():
    out = sanitize("<h2 id=top>T</h2><p id=user-content-x>p</p><p id=''>e</p>")
    assert out == '<h2 id="user-content-top">T</h2><p id="user-content-x">p</p><p>e</p>'
    assert sanitize(out) == out
    plain = DEFAULT_POLICY.replace(clobber_prefix=None)
    assert sanitize("<p id=top>x</p>", policy=plain) == '<p id="top">x</p>'
    named = DEFAULT_POLICY.replace(attributes={"img": {"name", "src"}}, clobber_prefix="u-")
    assert sanitize("<img name=forms>", policy=named) == '<img name="u-forms">'


def test_data_and_aria_switches():
    policy = DEFAULT_POLICY.replace(data_attributes=True, aria_attributes=True)
    out = sanitize('<p data-x=1 data-Y=2 aria-label=l aria-x-y=z data-=e>p</p>', policy=policy)
    assert out == '<p data-x="1" data-y="2" aria-label="l">p</p>'


@pytest.mark.parametrize("action, expected", [
    ("unwrap", "a<b>b</b>c"),
    ("drop", "ac"),
    ("escape", 'a&lt;font color="red"&gt;<b>b</b>&lt;/font&gt;c'),
])
def test_disallowed_action(action, expected):
    policy = DEFAULT_POLICY.replace(disallowed=action)
    out = sanitize('a<font color=red><b>b</b></font>c', policy=policy)
    assert out == expected
    assert sanitize(out, policy=policy) == out


def test_escape_keeps_void_elements_without_end_tag():
    policy = DEFAULT_POLICY.replace(disallowed="escape")
    assert sanitize("x<input type=text>y", policy=policy) == 'x&lt;input type="text"&gt;y'


def test_drop_content_wins_over_unwrap_and_escape():
    for action in ("unwrap", "escape"):
        policy = DEFAULT_POLICY.replace(disallowed=action)
        assert sanitize("<script>alert(1)</script>ok", policy=policy) == "ok"


def test_comments_kept_only_when_asked():
    policy = DEFAULT_POLICY.replace(comments=True)
    assert sanitize("<!--<img src=x onerror=alert(1)>-->", policy=policy) == \
        "<!--<img src=x onerror=alert(1)>-->"
    assert sanitize("<!--<img src=x onerror=alert(1)>-->") == ""


def test_relative_urls_switch():
    strict = DEFAULT_POLICY.replace(allow_relative_urls=False)
    assert sanitize('<a href="/x">x</a>', policy=strict) == "<a>x</a>"
    assert sanitize('<a href="https://e.com/">x</a>', policy=strict) == \
        '<a href="https://e.com/" rel="nofollow noopener noreferrer">x</a>'


def test_url_attributes_outside_the_policy_list_are_still_checked():
    # Allowing form's action without naming it a URL attribute cannot let
    # a javascript: URL through: action is a URL wherever it appears.
    policy = Policy(elements={"form"}, attributes={"form": {"action"}})
    assert sanitize('<form action="javascript:x">f</form>', policy=policy) == "<form>f</form>"
    assert sanitize('<form action="/go">f</form>', policy=policy) == '<form action="/go">f</form>'


def test_srcset_every_candidate_checked():
    policy = Policy(elements={"img"}, attributes={"img": {"srcset"}})
    ok = '<img srcset="a.png 1x, https://e.com/b.png 2x">'
    assert sanitize(ok, policy=policy) == ok
    assert sanitize('<img srcset="a.png 1x, javascript:x 2x">', policy=policy) == "<img>"
    assert list(srcset_urls(" a.png 1x,b.png,  c.png 100w, d(1).png (x, y) e.png")) == [
        "a.png", "b.png", "c.png", "d(1).png"]


def test_style_dropped_without_properties():
    policy = DEFAULT_POLICY.replace(attributes={"p": {"style"}})
    assert sanitize('<p style="color: red">x</p>', policy=policy) == "<p>x</p>"


def test_style_filtered_by_properties():
    css = pytest.importorskip("markup5.sanitize.css")
    if not css.AVAILABLE:
        pytest.skip("tinycss2 is not installed")
    policy = DEFAULT_POLICY.replace(attributes={"p": {"style"}}, styles={"color"})
    out = sanitize('<p style="color: red; position: fixed; '
                   'background: url(javascript:x)">x</p>', policy=policy)
    assert "color" in out and "position" not in out and "url" not in out
    assert sanitize(out, policy=policy) == out


def test_svg_and_mathml_when_switched_on():
    policy = DEFAULT_POLICY.replace(svg=True, mathml=True)
    out = sanitize('<svg viewBox="0 0 1 1" onload=x><circle r=1 fill="url(#g)"/>'
                   '<rect fill="url(http://e.com/#x)"/><script>x</script>'
                   '<foreignObject><p>html</p></foreignObject><use href="#a"/></svg>'
                   '<math><mi>x</mi><annotation-xml encoding="text/html"><p>h</p>'
                   '</annotation-xml><mglyph/></math>', policy=policy)
    assert out == ('<svg viewBox="0 0 1 1"><circle r="1" fill="url(#g)"></circle><rect></rect>'
                   '</svg><math><mi>x</mi></math>')
    tree = parse_fragment(out, "div")
    svg, math = tree.children
    assert isinstance(svg, Element) and svg.namespace == SVG_NAMESPACE
    assert isinstance(math, Element) and math.namespace == MATHML_NAMESPACE
    assert sanitize(out, policy=policy) == out


def test_foreign_elements_outside_their_root_are_dropped():
    # A MathML mi directly in SVG (never made by the parser, but by
    # unwrapping): the namespace rule drops it.
    policy = DEFAULT_POLICY.replace(svg=True, mathml=True)
    assert sanitize("<svg><g><title>t</title></g></svg>", policy=policy) == \
        "<svg><g><title>t</title></g></svg>"


def test_implied_elements_converge():
    policy = Policy(elements={"table", "tr", "td"})
    assert "tbody" in policy.elements
    out = sanitize("<table><tr><td>x</table>", policy=policy)
    assert out == "<table><tbody><tr><td>x</td></tr></tbody></table>"
    # Without table, the table parts cannot stand alone in a div: the text stays.
    loose = Policy(elements={"tr", "td"})
    assert sanitize("<table><tr><td>x</table>", policy=loose) == "x"


def test_text_formatting_policy():
    out = sanitize('<h1 id=a>T</h1><p><b>b</b> <img src=x> <a href="/x" title=t>l</a></p>'
                   '<table><tr><td>c</td></tr></table>', policy=TEXT_FORMATTING_POLICY)
    assert out == 'T<p><b>b</b>  <a href="/x" rel="nofollow noopener noreferrer">l</a></p>c'


# sanitize_tree and sanitize_document -----------------------------------

def test_sanitize_tree_in_place():
    fragment = parse_fragment("<p onclick=x>a<script>b</script><blink>c</blink></p>")
    assert Sanitizer().sanitize_tree(fragment) is None
    assert serialize_children(fragment) == "<p>a c</p>".replace(" ", "")
    doc = parse("<div id=box><p>x<img src=javascript:y></p><table><tr><td>c</table></div>")
    box = doc.get_element_by_id("box")
    assert box is not None
    Sanitizer().sanitize_tree(box)
    assert serialize_children(box) == "<p>x<img></p><table><tbody><tr><td>c</td></tr></tbody></table>"
    assert box.get("id") == "box"  # the node itself is the caller's


def test_sanitize_tree_refuses_raw_text_and_non_nodes():
    doc = parse("<script>x</script>")
    script = doc.query_selector("script")
    assert script is not None
    with pytest.raises(ValueError):
        Sanitizer().sanitize_tree(script)
    with pytest.raises(TypeError):
        Sanitizer().sanitize_tree("<p>")  # type: ignore[arg-type]


def test_sanitize_document():
    out = sanitize_document('<!DOCTYPE html><html lang=en onload=x><head><title>T</title>'
                            '<script>x</script><base href=http://e.com/><link rel=stylesheet '
                            'href=x></head><body onload=y><p>hi<script>z</script>')
    assert out == '<!DOCTYPE html><html lang="en"><head></head><body><p>hi</p></body></html>'
    assert sanitize_document(out) == out
    assert sanitize_document(b"<p>bytes") == "<html><head></head><body><p>bytes</p></body></html>"
    doc = parse("<frameset><frame src=x></frameset>")
    out = sanitize_document(doc)
    assert sanitize_document(out) == out
    with pytest.raises(TypeError):
        sanitize_document(3)  # type: ignore[arg-type]


# URLs as browsers read them ----------------------------------------------

def test_url_scheme_agrees_with_the_url_parser():
    """url_scheme reads the scheme as the URL parser does: checked against
    markup5.url.parse_url on every web-platform-tests URL input (and the
    control-character variants a sanitizer must see through)."""
    path = os.path.join(os.path.dirname(__file__), "fixtures", "wpt-url", "urltestdata.json")
    with open(path, encoding="utf-8") as f:
        cases = [c for c in json.load(f) if isinstance(c, dict)]
    inputs = {c["input"] for c in cases}
    inputs |= {f"{p}javascript:x" for p in ("\x00", " \x01", "\t", "\n")}
    inputs |= {"java\tscript:x", "java\nscript:x", "JaVaScRiPt:x", "java\x00script:x"}
    checked = 0
    for value in inputs:
        parsed = parse_url(value)
        scheme = url_scheme(value)
        if parsed is not None:
            assert scheme == parsed.scheme, value
            checked += 1
        elif scheme is None:
            # Relative: it must not be an absolute URL against a base either
            # (a base never supplies a scheme the input names).
            resolved = parse_url(value, "https://base.invalid/x")
            assert resolved is None or resolved.scheme == "https", value
    assert checked > 400


def test_url_allowed():
    assert url_allowed("https://e.com", HTTP, False)
    assert not url_allowed("mailto:a@b", HTTP, True)
    assert url_allowed("#top", HTTP, True)
    assert not url_allowed("#top", HTTP, False)
    assert not url_allowed("\x01 JavaScript:alert(1)", HTTP | {"mailto"}, True)


def _collections_during(job):
    import gc
    started = []

    def record(phase, info):
        if phase == "start":
            started.append(info["generation"])

    gc.callbacks.append(record)
    try:
        job()
    finally:
        gc.callbacks.remove(record)
    return started


def test_collector_paused_for_the_whole_job_and_restored():
    # Cleaning, serializing and comparing allocate while two live trees
    # full of parent cycles are held: no collection may walk them then.
    import gc
    from markup5.dom import DocumentFragment
    from markup5.html.parser import parse_fragment

    markup = '<p title="t">a <b>b</b> <i>c</i> <span>d</span></p><x-y>e</x-y>' * 3000
    assert gc.isenabled()
    assert _collections_during(lambda: sanitize(markup)) == []
    assert _collections_during(lambda: sanitize_document(markup)) == []
    fragment = parse_fragment(markup, "div")
    assert isinstance(fragment, DocumentFragment)
    assert _collections_during(lambda: Sanitizer().sanitize_tree(fragment)) == []
    assert gc.isenabled()
    gc.disable()
    try:
        sanitize(markup)
        assert not gc.isenabled()
    finally:
        gc.enable()


def _parses(monkeypatch, markup, **kwargs):
    """(output, parse_fragment calls) of sanitize(markup)."""
    module = importlib.import_module("markup5.sanitize")
    real = module.parse_fragment
    calls = []

    def counting(*args, **kw):
        calls.append(args[0])
        return real(*args, **kw)

    monkeypatch.setattr(module, "parse_fragment", counting)
    return sanitize(markup, **kwargs), len(calls)


@pytest.mark.parametrize("markup", [
    "",
    "plain text",
    "<p>a <b>b</b> &amp; <i title=\"t\">c</i></p><ul><li>x</li></ul>",
    '<a href="/x" rel="nofollow noopener noreferrer">x</a>',
    '<p id="user-content-a">a</p>',
])
def test_clean_canonical_input_is_parsed_once(monkeypatch, markup):
    # The re-parse of an unchanged tree written back as its own source is
    # the first parse again (the parser is a function of its input).
    assert _parses(monkeypatch, markup) == (markup, 1)


@pytest.mark.parametrize("markup", [
    '<p onclick="x">a</p>',           # an attribute removed
    '<a href="/x">x</a>',             # rel added
    '<p id="a">a</p>',                # id prefixed
    "a<!--c-->b",                     # a comment removed, text merged
    "<p>a",                           # clean, but not written as parsed
    "<x-y>a</x-y>",                   # unwrapped
    "<table><tr><td>a</td></tr></table>",   # tbody implied: output differs
])
def test_changed_or_rewritten_input_is_parsed_again(monkeypatch, markup):
    output, calls = _parses(monkeypatch, markup)
    assert calls == 2
    assert sanitize(output) == output


def test_shortcut_respects_the_context(monkeypatch):
    # "<td>a</td>" is clean and canonical in a tr, not in a div.
    assert _parses(monkeypatch, "<td>a</td>", context="tr") == ("<td>a</td>", 1)
    output, calls = _parses(monkeypatch, "<td>a</td>")
    assert (output, calls) == ("a", 2)
