"""Every code example in docs/*.md and README.md runs, and its shown output is checked.

The convention for writing examples in docs/ (one, for every page):

* Fenced blocks marked ```python or ```pycon are run; blocks marked
  ```console are run by a shell (below); other fences (```sh, ```text,
  ```html) are not.
* A block written as an interactive session (lines starting with ``>>> ``
  and ``... ``; mark it ```pycon so that the site highlights it as one) is
  a doctest: each expression's output must be exactly the lines below it
  (``<BLANKLINE>`` stands for an empty line, ``...`` in an output matches
  anything).
* A python block without ``>>>`` is plain code: it must run without raising.
* The python blocks of one page run in order and share their names, so a
  page can build on what it set up earlier; each page starts afresh.
* A console block is a terminal session: each line starting with ``$ `` is
  a command, run by bash in a scratch directory (holding a link to the
  project's ``examples/``; the page's console blocks share it, so one
  command can write a file a later one reads), with ``markup5`` being this
  interpreter's ``python -m markup5``.  The lines up to the next ``$ ``
  are what the command prints, standard output and standard error
  together, checked as a doctest output is (``...`` matches anything).
  The exit status is not checked; show it with ``; echo "exit $?"``.

A page whose blocks need an optional library (lxml, bs4) that is not
installed is skipped from that block on.  Every page is checked to the end,
and all its failures are reported together.

The module docstrings' own ``>>>`` examples appear in the API reference
(docs/api/); they run too (:func:`test_docstring_examples`).
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
ROOT = DOCS.parent
_FENCE = re.compile(r"^```(python|pycon|console)[ \t]*\n(.*?)^```[ \t]*$",
                    re.MULTILINE | re.DOTALL)
#: Optional libraries, and what in a block shows that it needs them.
_OPTIONAL = {"lxml": re.compile(r"\bimport lxml|\bfrom lxml\b|\bto_lxml\("),
             "bs4": re.compile(r"\bimport bs4|\bfrom bs4\b|\bBeautifulSoup\(")}


def _pages():
    # The README's examples are held to the same rule as the pages'.
    return sorted(DOCS.glob("*.md")) + [ROOT / "README.md"]


def _blocks(page):
    text = page.read_text(encoding="utf-8")
    for match in _FENCE.finditer(text):
        line = text.count("\n", 0, match.start()) + 2
        yield line, match.group(1), match.group(2)


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
_NO_EXAMPLES = {"xml-differences.md", "xml-recovery.md", "browser-differences.md",
                "performance.md", "development.md"}


def _console_session(code):
    """The (command, expected output) pairs of a console block."""
    session: list[tuple[str, str]] = []
    for line in code.splitlines(keepends=True):
        if line.startswith("$ "):
            session.append((line[2:].rstrip("\n"), ""))
        elif session:
            session[-1] = (session[-1][0], session[-1][1] + line)
        elif line.strip():
            raise AssertionError(f"console block starts with output, not '$ ': {line!r}")
    return session


def _run_console(code, where, workdir):
    """Run a console block; return a failure report per mismatching command."""
    checker = doctest.OutputChecker()
    env = dict(os.environ, PYTHON=sys.executable, PYTHONIOENCODING="utf-8",
               COLUMNS="80")
    prelude = 'markup5() { "$PYTHON" -m markup5 "$@"; }\n'
    failures = []
    for command, expected in _console_session(code):
        done = subprocess.run(["bash", "-c", prelude + command], cwd=workdir, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=120)
        got = done.stdout.decode("utf-8", "replace")
        if not checker.check_output(expected, got, doctest.ELLIPSIS):
            failures.append(f"{where}: $ {command}\nexpected:\n{expected}got:\n{got}")
    return failures


@pytest.mark.parametrize("page", [p for p in _pages() if p.name not in _NO_EXAMPLES],
                         ids=lambda p: p.name)
def test_examples(page, tmp_path):
    blocks = list(_blocks(page))
    assert blocks, f"{page.name} has no examples"
    namespace: dict[str, object] = {"__name__": f"docs.{page.stem}"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    (tmp_path / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    failures: list[str] = []
    for line, kind, code in blocks:
        where = f"{page.name}:{line}"
        missing = _missing_library(code)
        if missing:
            if failures:
                break
            pytest.skip(f"{where} needs {missing}")
        if kind == "console":
            failures.extend(_run_console(code, where, tmp_path))
        elif kind == "pycon" or ">>> " in code:
            test = parser.get_doctest(code, namespace, where, str(page), line)
            output: list[str] = []
            result = runner.run(test, out=output.append, clear_globs=False)
            if result.failed:
                failures.append("".join(output))
            namespace.update(test.globs)  # DocTest works on a copy
        else:
            try:
                exec(compile(code, f"{page}:{line}", "exec"), namespace)
            except Exception as exc:
                failures.append(f"{where}: {type(exc).__name__}: {exc}")
    assert not failures, "\n".join(failures)


def _modules():
    import markup5
    names = ["markup5"]
    for info in pkgutil.walk_packages(markup5.__path__, "markup5."):
        if info.name != "markup5.__main__":  # runs the command line on import
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("module", _modules())
def test_docstring_examples(module):
    """The ``>>>`` examples in the docstrings (shown in the API reference) hold."""
    if module.endswith(("adapters.lxml", "adapters.bs4")):
        pytest.importorskip(module.rsplit(".", 1)[-1])
    mod = importlib.import_module(module)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    output: list[str] = []
    for test in finder.find(mod, module):
        runner.run(test, out=output.append)
    assert runner.failures == 0, "".join(output)
