"""parse_fragment's context names (issue 39, defect 9): "svg" and "math" are
the foreign root elements, "svg NAME"/"math NAME" other foreign elements,
HTML names must be known HTML elements or custom element names, and
anything else is a ValueError that names the forms allowed."""

from __future__ import annotations

import subprocess
import sys

import pytest

import markup5
from markup5 import Element, dump_tree, parse_fragment
from markup5.dom import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from markup5.html.contexts import KNOWN_HTML_ELEMENTS
from markup5.html.parser import _context_element


def _context(name):
    element = _context_element(name)
    return element.namespace, element.local_name


@pytest.mark.parametrize("name, expected", [
    ("svg", (SVG_NAMESPACE, "svg")),
    ("SVG", (SVG_NAMESPACE, "svg")),
    ("math", (MATHML_NAMESPACE, "math")),
    ("svg path", (SVG_NAMESPACE, "path")),
    ("svg foreignobject", (SVG_NAMESPACE, "foreignObject")),
    ("svg foreignObject", (SVG_NAMESPACE, "foreignObject")),
    ("math mi", (MATHML_NAMESPACE, "mi")),
    ("math annotation-xml", (MATHML_NAMESPACE, "annotation-xml")),
    ("math svg", (MATHML_NAMESPACE, "svg")),
    ("td", (HTML_NAMESPACE, "td")),
    ("TR", (HTML_NAMESPACE, "tr")),
    ("xmp", (HTML_NAMESPACE, "xmp")),
    ("selectedcontent", (HTML_NAMESPACE, "selectedcontent")),
    ("my-widget", (HTML_NAMESPACE, "my-widget")),
])
def test_accepted_context_names(name, expected):
    assert _context(name) == expected


def test_svg_and_math_contexts_are_the_foreign_roots():
    # Before the fix "svg" was an HTML element named svg: <circle> was HTML.
    fragment = parse_fragment("<circle r=1/><mi>x</mi>", "svg")
    assert fragment.children[0].namespace == SVG_NAMESPACE
    # The same tree as an svg root element passed as an Element gives.
    by_element = parse_fragment("<circle r=1/><mi>x</mi>", Element("svg", {}, SVG_NAMESPACE))
    assert dump_tree(fragment) == dump_tree(by_element)
    assert dump_tree(parse_fragment("<mi>x</mi>", "math")) == \
        dump_tree(parse_fragment("<mi>x</mi>", Element("math", {}, MATHML_NAMESPACE)))
    assert parse_fragment("<mi>x</mi>", "math").children[0].namespace == MATHML_NAMESPACE


@pytest.mark.parametrize("name, reason", [
    ("", "empty"),
    ("tabel", "not a known HTML element"),
    ("foo bar", "unknown namespace prefix 'foo'"),
    ("xlink href", "unknown namespace prefix"),
    (" td", "whitespace"),
    ("td ", "whitespace"),
    ("svg  path", "whitespace"),
    ("svg\tpath", "whitespace"),
    ("svg a b", "whitespace"),
    ("svg ", "whitespace"),
    ("svg /", "not a valid element name"),
    ("a/b", "characters an element name cannot have"),
    ("1td", "characters an element name cannot have"),
    ("image", "not a known HTML element"),  # (no element: the parser's <image> is img)
    ("annotation-xml", "not a known HTML element"),  # reserved, no custom element name
])
def test_malformed_and_unknown_context_names_are_refused(name, reason):
    with pytest.raises(ValueError, match=reason) as info:
        parse_fragment("<p>x", name)
    # The message names the forms allowed.
    message = str(info.value)
    for form in ("an Element", "'svg' or 'math'", "'svg NAME' / 'math NAME'", "custom element"):
        assert form in message


def test_an_element_is_the_escape_hatch_for_unknown_names():
    fragment = parse_fragment("<td>1", Element("tabel"))
    # An unknown element parses its content as a div does.
    assert dump_tree(fragment) == dump_tree(parse_fragment("<td>1", "div"))


def test_every_known_name_and_every_html5lib_context_is_accepted():
    from html5lib_tree import load_cases
    for name in KNOWN_HTML_ELEMENTS:
        assert _context(name) == (HTML_NAMESPACE, name)
    contexts = {case.fragment_context for case in load_cases() if case.fragment_context}
    assert len(contexts) > 20
    for name in contexts:
        _context(name)


def test_cli_refuses_a_bad_context_with_status_2_and_one_line(tmp_path):
    page = tmp_path / "f.html"
    page.write_text("<td>x")
    result = subprocess.run([sys.executable, "-m", "markup5", "parse", "--fragment", "tabel",
                             str(page)], capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "'tabel'" in result.stderr
    result = subprocess.run([sys.executable, "-m", "markup5", "parse", "--fragment", "svg",
                             str(page)], capture_output=True, text=True)
    # (In SVG, td is no breakout tag: it stays an element, not a dropped tag.)
    assert result.returncode == 0 and result.stdout == "<td>x</td>\n"


def test_type_errors_stay():
    with pytest.raises(TypeError):
        parse_fragment("x", 5)  # type: ignore[arg-type]
    assert markup5.parse_fragment("x").children[0].data == "x"
