"""BeautifulSoup's own tree-builder smoke tests, run with markup5's builder.

``tests/fixtures/bs4/tests/__init__.py`` is ``bs4/tests/__init__.py`` from
BeautifulSoup's source distribution, unchanged (see the README next to it
for the version).  It defines ``HTML5TreeBuilderSmokeTest``, the class
BeautifulSoup's html5lib builder is tested with, on top of
``HTMLTreeBuilderSmokeTest`` and ``TreeBuilderSmokeTest``; subclassing it
here with markup5's builder makes each of its tests a pytest item.

Two inherited tests expect what no parser following today's HTML standard
can give; this class overrides them with what the standard gives, and says
why next to each (bs4's own ``test_html5lib.py`` overrides the same two for
its html5lib builder).  The other 78 run unchanged.

The vendored module is tied to the bs4 version it came with, which is why
the ``test`` extra in pyproject.toml pins beautifulsoup4 to a range these
tests pass with.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from types import ModuleType
from typing import Any

import pytest

# The vendored module needs bs4 4.13 or later (the test extra pins a range
# it passes with).
pytest.importorskip("bs4", minversion="4.13")

_VENDORED = os.path.join(os.path.dirname(__file__), "fixtures", "bs4", "tests", "__init__.py")
_MODULE_NAME = "markup5_vendored_bs4_smoke"


def _load_smoke_module() -> ModuleType:
    """Import the vendored module under a name of its own (it is bs4's
    ``bs4.tests`` package, which bs4's installed wheel does not ship)."""
    module = sys.modules.get(_MODULE_NAME)
    if module is not None:
        return module
    spec = importlib.util.spec_from_file_location(_MODULE_NAME, _VENDORED)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[_MODULE_NAME] = module
    spec.loader.exec_module(module)
    return module


_smoke = _load_smoke_module()


class TestMarkup5TreeBuilderSmoke(_smoke.HTML5TreeBuilderSmokeTest):  # type: ignore[misc]
    """bs4's HTML5 smoke tests with ``BeautifulSoup(markup, "markup5")``'s
    builder (as bs4's ``test_html5lib.py`` runs them for html5lib)."""

    @property
    def default_builder(self) -> Any:
        from markup5.adapters.bs4 import Markup5TreeBuilder
        return Markup5TreeBuilder

    def test_correctly_nested_tables(self) -> None:
        """The inherited test expects ``<tr>`` straight inside ``<table>``.
        The HTML standard's "in table" insertion mode inserts a ``<tbody>``
        around a ``<tr>`` (a ``tr`` start tag there acts as if a ``tbody``
        start tag came first), as every browser does and as bs4's
        ``test_html5lib.py`` expects of html5lib; the same markup, with the
        standard's ``tbody``s."""
        markup = ('<table id="1">'
                  "<tr>"
                  "<td>Here's another table:"
                  '<table id="2">'
                  "<tr><td>foo</td></tr>"
                  "</table></td>")
        self.assert_soup(markup,
                         '<table id="1"><tbody><tr><td>Here\'s another table:'
                         '<table id="2"><tbody><tr><td>foo</td></tr></tbody></table>'
                         "</td></tr></tbody></table>")
        # The inherited test's second case, already explicit, is unchanged.
        self.assert_soup("<table><thead><tr><td>Foo</td></tr></thead>"
                         "<tbody><tr><td>Bar</td></tr></tbody>"
                         "<tfoot><tr><td>Baz</td></tr></tfoot></table>")

    def test_processing_instruction(self) -> None:
        """The inherited test expects ``<?PITarget PIContent?>`` to come out
        alone, or as the comment older HTML parsers made of it.  Under the
        HTML standard as amended on 2026-06-25 (processing instructions;
        ../shared/spec/processing-instructions.md) it is a processing
        instruction, inserted into the Document as a comment would be in
        the "initial" insertion mode, and the ``html``, ``head`` and
        ``body`` elements every HTML document has follow it.  What the
        inherited test guards is kept: str and bytes input both give a
        processing instruction, written back as it was."""
        from bs4.element import ProcessingInstruction as SoupProcessingInstruction
        markup = "<?PITarget PIContent?>"
        expected = markup + self.document_for("")
        soup = self.soup(markup)
        assert isinstance(soup.contents[0], SoupProcessingInstruction)
        assert soup.decode() == expected
        soup = self.soup(markup.encode("utf8"))
        assert isinstance(soup.contents[0], SoupProcessingInstruction)
        assert soup.encode("utf8") == expected.encode("utf8")
