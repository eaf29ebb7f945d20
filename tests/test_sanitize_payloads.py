"""Every vendored XSS payload (tests/fixtures/xss) and a few thousand
generated tag soups around them, through markup5.sanitize under each policy
of tools/sanitize_chromium.py: markup5's tree of the output breaks none of
that tool's safety rules, the output re-parses to itself, and sanitizing it
again changes nothing.  (The same inputs checked against Chromium's tree:
``python tools/sanitize_chromium.py``.)"""

from __future__ import annotations

import random

import pytest

import markup5
from dev_tools import import_tool
from markup5.sanitize import sanitize

tool = import_tool("sanitize_chromium")

PAYLOADS = [text for _, source in sorted(tool.load_payloads().items()) for text in source]


def check(text: str, policy_name: str, context: str) -> None:
    policy = tool.POLICIES[policy_name]
    out = sanitize(text, policy=policy, context=context)
    fragment = markup5.parse_fragment(out, context, scripting=True)
    assert tool.violations(fragment) == [], (text, policy_name, context, out)
    assert markup5.serialize(fragment) == out, (text, policy_name, context, out)
    assert sanitize(out, policy=policy, context=context) == out, (text, policy_name, out)


def test_the_corpus_is_all_there() -> None:
    assert len(PAYLOADS) == 482


@pytest.mark.parametrize("policy_name", sorted(tool.POLICIES))
def test_every_payload_under_each_policy(policy_name: str) -> None:
    for text in PAYLOADS:
        check(text, policy_name, "div")


@pytest.mark.parametrize("seed", range(3))
def test_generated_soup_around_the_payloads(seed: int) -> None:
    rng = random.Random(seed)
    names = sorted(tool.POLICIES)
    for _ in range(1000):
        check(tool.soup(rng.choice(PAYLOADS), rng), rng.choice(names), rng.choice(tool.CONTEXTS))


def test_the_rules_catch_the_payloads_unsanitized() -> None:
    # Without this the tests above could pass with rules that see nothing.
    flagged = sum(bool(tool.violations(markup5.parse_fragment(text, "div")))
                  for text in PAYLOADS)
    assert flagged > len(PAYLOADS) // 2
