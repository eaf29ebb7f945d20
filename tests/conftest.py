"""Hypothesis profiles for the property tests.

Without a profile the property tests draw new examples at every run, as
Hypothesis does by default: a developer's run explores.  CI selects the
"ci" profile through ``MARKUP5_HYPOTHESIS_PROFILE=ci`` (``.ci/run``), so that
a run's verdict depends on the code, not on the draw: the examples are
derived from each test (``derandomize``), no example database is read or
written, and no test has a deadline (a busy machine is not a failure).  The
exploring is done elsewhere: the random runs of developers and of the
fresh-venv check, ``--hypothesis-seed`` sweeps, and the fuzz campaign
(``fuzz/``).  A seed that fails there becomes an ``@example`` of its test.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)

_PROFILE = os.environ.get("MARKUP5_HYPOTHESIS_PROFILE", "")
if _PROFILE:
    # An unknown name is Hypothesis's InvalidArgument, naming the profiles.
    settings.load_profile(_PROFILE)


# The quick subset: ``python -m pytest -m "not slow"``.  The tests named in
# tests/slow_tests.txt (one node id, or the id of a test function without
# its parameters, per line; made by tools/slow_tests.py from a timed run)
# are marked ``slow``; everything else runs in the quick subset.
import pytest  # noqa: E402

_SLOW_LIST = os.path.join(os.path.dirname(__file__), "slow_tests.txt")


def _slow_ids() -> frozenset[str]:
    with open(_SLOW_LIST, encoding="utf-8") as f:
        return frozenset(line.strip() for line in f
                         if line.strip() and not line.startswith("#"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: over 0.1 s on the reference machine (tests/slow_tests.txt); "
        "deselect with -m 'not slow' for the quick subset")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = _slow_ids()
    mark = pytest.mark.slow
    for item in items:
        nodeid = item.nodeid
        # Node ids are relative to the rootdir ("tests/test_x.py::name[param]");
        # a line may name the test with or without its parameters.
        if nodeid in slow or nodeid.partition("[")[0] in slow:
            item.add_marker(mark)
