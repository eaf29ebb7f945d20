"""Every code example in docs/*.md runs, and its shown output is checked.

The convention for writing examples in docs/ (one, for every page):

* Only fenced blocks marked ```python are run; other fences (```sh,
  ```text, ```html) are not.
* A block written as an interactive session (lines starting with ``>>> ``
  and ``... ``) is a doctest: each expression's output must be exactly the
  lines below it (``<BLANKLINE>`` stands for an empty line, ``...`` in an
  output matches anything).
* A block without ``>>>`` is plain code: it must run without raising.
* The blocks of one page run in order and share their names, so a page
  can build on what it set up earlier; each page starts afresh.

A page whose blocks need an optional library (lxml, bs4) that is not
installed is skipped from that block on.
"""

from __future__ import annotations

import doctest
import importlib.util
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
_FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
#: Optional libraries, and what in a block shows that it needs them.
_OPTIONAL = {"lxml": re.compile(r"\bimport lxml|\bfrom lxml\b|\bto_lxml\("),
             "bs4": re.compile(r"\bimport bs4|\bfrom bs4\b|\bBeautifulSoup\(")}


def _pages():
    return sorted(DOCS.glob("*.md"))


def _blocks(page):
    text = page.read_text(encoding="utf-8")
    for match in _FENCE.finditer(text):
        line = text.count("\n", 0, match.start()) + 2
        yield line, match.group(1)


def _missing_library(code):
    for module, uses in _OPTIONAL.items():
        if uses.search(code) and importlib.util.find_spec(module) is None:
            return module
    return None


def test_pages_exist():
    names = {page.name for page in _pages()}
    assert {"editing.md", "text.md", "serializing.md", "adapters.md",
            "coming-from.md"} <= names


#: Pages of reference material (tables, corpus figures) with no runnable
#: example; every other page must have at least one.
_NO_EXAMPLES = {"xml-differences.md", "xml-recovery.md", "browser-differences.md"}


@pytest.mark.parametrize("page", [p for p in _pages() if p.name not in _NO_EXAMPLES],
                         ids=lambda p: p.name)
def test_examples(page):
    blocks = list(_blocks(page))
    assert blocks, f"{page.name} has no python examples"
    namespace: dict[str, object] = {"__name__": f"docs.{page.stem}"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for line, code in blocks:
        missing = _missing_library(code)
        if missing:
            pytest.skip(f"{page.name}:{line} needs {missing}")
        if ">>> " in code:
            test = parser.get_doctest(code, namespace, f"{page.name}:{line}", str(page), line)
            output: list[str] = []
            result = runner.run(test, out=output.append, clear_globs=False)
            assert result.failed == 0, "".join(output)
            namespace.update(test.globs)  # DocTest works on a copy
        else:
            exec(compile(code, f"{page}:{line}", "exec"), namespace)
