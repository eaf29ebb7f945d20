"""The documentation site (mkdocs.yml, docs/) is complete and builds.

The examples on the pages run in tests/test_docs_examples.py; this checks
the site around them: every page is in the navigation, the command-line
page covers every command and option, the docstring conversion used for the
API reference (tools/griffe_rst.py) does what it says, and, when the docs
tooling is installed (``pip install '.[docs]'``), ``mkdocs build --strict``
passes.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from markup5.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _nav_pages() -> list[str]:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text[text.index("\nnav:"):text.index("\nmarkdown_extensions:")]
    return re.findall(r"^\s+- (?:[^\n]*?: )?(\S+\.md)\s*$", nav, re.MULTILINE)


def test_every_page_is_in_the_navigation():
    pages = {path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md")}
    nav = _nav_pages()
    assert len(nav) == len(set(nav)), "a page is listed twice"
    assert set(nav) == pages


def test_capability_pages_exist():
    for name in ["index", "html", "fragments", "tokenizer", "selectors", "editing", "text",
                 "serializing", "adapters", "xml", "microsyntaxes", "encodings", "cli",
                 "coming-from", "browser-differences"]:
        assert (DOCS / f"{name}.md").is_file(), name


def test_api_reference_covers_the_public_modules():
    api = "\n".join(path.read_text(encoding="utf-8") for path in (DOCS / "api").glob("*.md"))
    documented = set(re.findall(r"^::: (\S+)", api, re.MULTILINE))
    for module in ["markup5", "markup5.dom", "markup5.html", "markup5.html.parser",
                   "markup5.html.serializer", "markup5.tokens", "markup5.errors",
                   "markup5.selectors", "markup5.xml", "markup5.microsyntax",
                   "markup5.encoding", "markup5.adapters"]:
        assert module in documented, module


def _subcommands():
    parser = build_parser()
    for action in parser._subparsers._group_actions:  # argparse keeps them here
        yield from action.choices.items()


def test_cli_page_covers_every_command_and_option():
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    for name, sub in _subcommands():
        assert f"## `markup5 {name}`" in page, f"no section for markup5 {name}"
        for action in sub._actions:
            for option in action.option_strings:
                if option.startswith("--") and option != "--help":
                    assert f"`{option}" in page or f" {option} " in page, \
                        f"markup5 {name} {option} is not documented"
    assert "--version" in page


# -- tools/griffe_rst.py: RST-flavoured docstrings as Markdown ------------------

def _converter():
    spec = importlib.util.spec_from_file_location("griffe_rst", ROOT / "tools" / "griffe_rst.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.rst_to_markdown


def test_roles_become_optional_cross_references():
    convert = _converter()
    resolved = convert("See :func:`parse` and :class:`~markup5.dom.Element`.",
                       {"parse": "markup5.html.parser.parse"}.get)
    assert resolved == ('See <autoref identifier="markup5.html.parser.parse" optional>'
                        '<code>parse</code></autoref> and <autoref identifier='
                        '"markup5.dom.Element" optional><code>Element</code></autoref>.')


def test_dotted_role_resolves_its_first_name():
    convert = _converter()
    out = convert(":meth:`Selector.select`", {"Selector": "markup5.selectors.Selector"}.get)
    assert 'identifier="markup5.selectors.Selector.select"' in out
    assert "<code>Selector.select</code>" in out


def test_literal_block_becomes_a_fence():
    convert = _converter()
    assert convert("Use it::\n\n    x = 1\n    y = 2\n\nThen.") == \
        "Use it:\n\n```text\nx = 1\ny = 2\n```\n\nThen."
    assert convert("A dump ::\n\n    | <p>") == "A dump\n\n```text\n| <p>\n```"


def test_doctest_becomes_a_pycon_fence():
    convert = _converter()
    assert convert("Example:\n\n    >>> 1 + 1\n    2\n\nEnd.") == \
        "Example:\n\n```pycon\n>>> 1 + 1\n2\n```\n\nEnd."


def test_definition_list_and_section_title():
    convert = _converter()
    out = convert("Parameters\n----------\ntext:\n    The input,\n    a str.\n")
    assert out == "**Parameters**\n\ntext:\n:   The input,\n    a str."


def test_prose_is_escaped_but_code_is_not():
    convert = _converter()
    assert convert("a <meta> & ``<meta> &``") == "a &lt;meta> &amp; ``<meta> &``"
    assert convert("quote ````` or ``=``") == "quote `` ` `` or ``=``"


def test_bullets_are_not_definition_lists():
    convert = _converter()
    text = "* one\n  more\n* two"
    assert convert(text) == text


@pytest.mark.skipif(shutil.which("mkdocs") is None and
                    importlib.util.find_spec("mkdocs") is None,
                    reason="docs tooling not installed (pip install '.[docs]')")
def test_mkdocs_build_strict(tmp_path):
    if importlib.util.find_spec("mkdocstrings_handlers") is None:
        pytest.skip("mkdocstrings[python] not installed (pip install '.[docs]')")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                           "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "site" / "api" / "dom" / "index.html").is_file()


def test_code_span_over_a_line_break():
    convert = _converter()
    assert convert("put ``<meta\ncharset=X>`` first, a <b>") == \
        "put ``<meta\ncharset=X>`` first, a &lt;b>"
