"""The compiled build (``MARKUP5_COMPILE=1 pip install .``, mypyc) is what
the test suite runs against when CI's compiled stage says so.

With ``MARKUP5_EXPECT_COMPILED=1`` in the environment every module that
``setup.py`` compiles must be imported from a compiled extension (a
``.so``/``.pyd`` file), so that the rest of the suite tests the compiled
code and not the Python source next to it.  Otherwise the test checks that
the list in ``setup.py`` names real modules and is skipped for the rest."""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def compiled_module_names() -> list[str]:
    """The dotted names of the modules setup.py compiles."""
    source = (ROOT / "setup.py").read_text(encoding="utf-8")
    start = source.index("COMPILED = [")
    block = source[start:source.index("\n]\n", start)]
    names = [p[len("src/"):-len(".py")].replace("/", ".")
             for p in re.findall(r'"(src/markup5/[\w/]+\.py)"', block)]
    for group, members in re.findall(r'f"src/markup5/([\w/]+)/\{name\}\.py" for name in \(([^)]*)\)',
                                     block):
        for member in re.findall(r'"(\w+)"', members):
            names.append(f"markup5.{group.replace('/', '.')}.{member}")
    return [name[:-len(".__init__")] if name.endswith(".__init__") else name for name in names]


def test_setup_py_names_real_modules() -> None:
    names = compiled_module_names()
    assert "markup5.html.parser.modes" in names and "markup5.html.tokenizer.shortcuts" in names
    for name in names:
        importlib.import_module(name)


@pytest.mark.skipif(os.environ.get("MARKUP5_EXPECT_COMPILED") != "1",
                    reason="not the compiled stage (MARKUP5_EXPECT_COMPILED=1)")
def test_the_compiled_modules_are_imported() -> None:
    for name in compiled_module_names():
        module = importlib.import_module(name)
        path = getattr(module, "__file__", "") or ""
        assert path.endswith((".so", ".pyd")), f"{name} comes from {path}, not a compiled file"
