"""Optional compiled build: ``MARKUP5_COMPILE=1 pip install .`` compiles the
HTML tokenizer and tree builder with mypyc (mypy is fetched for the build,
and a C compiler is needed); without it the package is pure Python.  The compiled modules are
the same source: ``tests/test_compiled.py`` checks they are the ones
imported when the test suite runs against a compiled install."""

from __future__ import annotations

import os
import sys

from setuptools import setup

#: The modules compiled with MARKUP5_COMPILE=1: the HTML tokenizer and tree
#: builder.  The rest stays Python: the DOM (its mixin classes are not single
#: inheritance, which mypyc's native classes need), the XML tokenizer (mixins
#: too), the token classes (their equality and repr read ``__slots__``,
#: which a compiled class does not have), and what is not on the parse path
#: (selectors, encodings, serializer, CLI).
COMPILED = [
    "src/markup5/_tokenizer_core.py",
    "src/markup5/html/states.py",
    *(f"src/markup5/html/tokenizer/{name}.py" for name in (
        "__init__", "core", "content", "tags", "endtags", "script", "attributes", "comments",
        "doctype", "cdata", "pi", "charrefs", "shortcuts", "charclass")),
    *(f"src/markup5/html/parser/{name}.py" for name in (
        "__init__", "modes", "treebuilder", "select", "sink")),
]

#: setup.py runs once for the metadata (egg_info, dist_info) and again for
#: the wheel; only the second needs the compiled modules (mypyc's type check
#: and C generation take minutes).
_METADATA_ONLY = {"egg_info", "dist_info"}.intersection(sys.argv[1:]) and not {
    "build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}.intersection(
    sys.argv[1:])

ext_modules = []
if os.environ.get("MARKUP5_COMPILE", "") not in ("", "0") and not _METADATA_ONLY:
    import glob
    import shutil

    from mypyc.build import mypycify

    # The wheel is staged in build/lib.*: drop what an earlier build left
    # there, or a module since taken off COMPILED would ship compiled.
    for staged in glob.glob("build/lib.*"):
        shutil.rmtree(staged)

    os.environ.setdefault("MYPYPATH", "src")
    # --ignore-missing-imports: mypy follows the package's imports, and the
    # optional libraries (bs4, lxml) need not be in the build environment.
    ext_modules = mypycify(["--ignore-missing-imports", *COMPILED],
                           opt_level=os.environ.get("MARKUP5_OPT_LEVEL", "3"))

setup(ext_modules=ext_modules)
