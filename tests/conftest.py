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
