"""The examples of docs/selectors.md run as they are written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "selectors.md"


def test_selectors_page_examples_run():
    result = doctest.testfile(str(DOC), module_relative=False,
                              optionflags=doctest.ELLIPSIS, report=True)
    assert result.attempted > 30
    assert result.failed == 0
