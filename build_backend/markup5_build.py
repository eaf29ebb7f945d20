"""The build backend: setuptools', asking for mypy only for a compiled build.

``MARKUP5_COMPILE=1 pip install .`` compiles the hot modules with mypyc
(see ``setup.py``), which needs mypy at build time; without the variable the
package is pure Python and needs nothing but setuptools.  This wrapper adds
``mypy`` to the build requirements only in the first case, so a pure
install never fetches it.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (the PEP 517 hooks)

_COMPILE_REQUIRES = ["mypy>=1.8", "setuptools>=61", "wheel"]


def _compiling() -> bool:
    return os.environ.get("MARKUP5_COMPILE", "") not in ("", "0")


# setuptools answers these hooks by running setup.py, which for a compiled
# build imports mypyc: not there yet when the question is asked.  setup.py
# declares no setup_requires, so the compiled build's requirements are the
# whole answer.

def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if _compiling():
        return list(_COMPILE_REQUIRES)
    return _setuptools.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    if _compiling():
        return list(_COMPILE_REQUIRES)
    return _setuptools.get_requires_for_build_editable(config_settings)
