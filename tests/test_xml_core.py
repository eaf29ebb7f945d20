"""The tokenizer core shared by the HTML and XML5 tokenizers, the XML5
tokenizer's module split, and the DOM's independence from the serializer."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import markup5
from markup5._tokenizer_core import TokenizerBase
from markup5.html.tokenizer import Tokenizer as HtmlTokenizer
from markup5.xml import State as XmlState
from markup5.xml import Tokenizer as XmlTokenizer

SRC = Path(markup5.__file__).resolve().parent

SHARED = ["feed", "close", "tokens", "__iter__", "_append", "_drive", "_batches", "_error",
          "_flush_text", "_emit", "_emit_eof", "_emit_comment"]


@pytest.mark.parametrize("name", SHARED)
def test_both_tokenizers_run_on_the_shared_core(name):
    for tokenizer in (HtmlTokenizer, XmlTokenizer):
        assert issubclass(tokenizer, TokenizerBase)
        owner = next(c for c in tokenizer.__mro__ if name in c.__dict__)
        # The HTML core may extend _append (its NULL flags), calling the base.
        assert owner is TokenizerBase or (tokenizer is HtmlTokenizer and name == "_append")


def test_every_xml_state_has_its_handler_in_a_module_named_for_its_family():
    family = {
        "data": {"DATA"}, "cdata": {"CDATA", "CDATA_BRACKET", "CDATA_END"},
        "charrefs": {"CHARACTER_REFERENCE_IN_DATA", "CHARACTER_REFERENCE_IN_ATTRIBUTE_VALUE"},
    }
    for state in XmlState:
        handler = getattr(XmlTokenizer, f"_{state.name.lower()}_state")
        module = handler.__module__.rsplit(".", 1)[1]
        name = state.name
        if module in family:
            assert name in family[module]
        elif module == "tags":
            assert "TAG" in name and "ATTRIBUTE" not in name
        elif module == "attributes":
            assert name.startswith("TAG_ATTRIBUTE")
        elif module == "pi":
            assert name.startswith("PI")
        elif module == "comments":
            assert "COMMENT" in name or name == "MARKUP_DECLARATION"
        elif module == "internal_subset":
            assert "INTERNAL_SUBSET" in name or "MARKUP_DECLARATION" in name
        else:
            assert module == "doctype" and "DOCTYPE" in name


def test_xml_tokenizer_modules_stay_small():
    for path in (SRC / "xml" / "tokenizer").glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) < 600, path.name


def _module_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in tree.body:  # module level only: lazy imports in functions are fine
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_dom_imports_no_serializer():
    imports = _module_level_imports(SRC / "dom.py")
    assert not any("serializer" in name for name in imports), imports


def test_to_html_lives_next_to_the_serializer():
    serializer = importlib.import_module("markup5.html.serializer")
    document = markup5.parse("<p class=x>a &amp; b")
    p = document.get_elements_by_tag_name("p")[0]
    assert p.to_html() == serializer.to_html(p) == '<p class="x">a &amp; b</p>'


def test_parse_xml_restores_the_garbage_collector():
    import gc

    from markup5.xml import parse_xml
    assert gc.isenabled()
    parse_xml("<a><b/></a>")
    assert gc.isenabled()
    gc.disable()
    try:
        parse_xml("<a><b/></a>")
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("text, codes", [
    ('<x:a xmlns:x="u"><x:b>t</x:b></x:a>', []),
    ("<x:a><x:b>t</x:b></x:a>", ["unbound-namespace-prefix"] * 4),
    ('<x:a xmlns:x="u" xmlns:y="u"><y:a/></x:a>', []),
    ('<x:a xmlns:x="u"><x:b></y:b></x:b></x:a>', ["unbound-namespace-prefix", "end-tag-without-open-element"]),
])
def test_prefixed_end_tags_in_the_shortcut(text, codes):
    from markup5.xml import Tokenizer, XmlParser, dump_xml_tree, parse_xml
    document = parse_xml(text)
    assert [e.code for e in document.errors] == codes
    saved = Tokenizer.fast_paths
    Tokenizer.fast_paths = False
    try:
        slow = parse_xml(text)
    finally:
        Tokenizer.fast_paths = saved
    assert dump_xml_tree(document) == dump_xml_tree(slow)
    assert [e.code for e in slow.errors] == codes
    parser = XmlParser()
    parser.feed(text)
    assert dump_xml_tree(parser.close()) == dump_xml_tree(document)
