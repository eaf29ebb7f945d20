"""The html5lib-tests tokenizer suite: one test per case and initial state.

Token streams and parse errors (code, line, column) must match exactly.
The fixtures predate processing instructions, so they run with
``processing_instructions=False``.
"""

from __future__ import annotations

import pytest

from html5lib_tokenizer import SKIPPED_FILES, coalesce, load_cases
from markup5 import Tokenizer

CASES = load_cases()


def run(case, **options):
    tokenizer = Tokenizer(case.input, initial_state=case.state,
                          last_start_tag=case.last_start_tag,
                          processing_instructions=False, **options)
    tokens = coalesce(token.as_list() for token in tokenizer)
    errors = [(e.code, e.line, e.col) for e in tokenizer.errors]
    return tokens, errors


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_tokens_and_errors(case):
    tokens, errors = run(case)
    assert tokens == case.output
    assert errors == case.errors


@pytest.mark.parametrize("name", sorted(SKIPPED_FILES))
def test_skipped_files_are_explained(name):
    pytest.skip(f"{name}: {SKIPPED_FILES[name]}")
