"""Loading the html5lib-tests tokenizer fixtures (shared by several test modules)."""

from __future__ import annotations

import json
import re
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures" / "html5lib-tests" / "tokenizer"

# xmlViolation.test expects the "coercing an HTML DOM into an infoset" tweaks,
# which belong to a DOM-to-XML conversion, not to the tokenizer.
SKIPPED_FILES = {"xmlViolation.test": "tests the infoset coercion rules, not the tokenizer"}

_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})")


def unescape(value):
    """The second round of unescaping of ``doubleEscaped`` tests."""
    if isinstance(value, str):
        return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), value)
    if isinstance(value, list):
        return [unescape(v) for v in value]
    if isinstance(value, dict):
        return {unescape(k): unescape(v) for k, v in value.items()}
    return value


def coalesce(tokens):
    """Merge adjacent Character tokens, as the fixtures' format does."""
    out = []
    for token in tokens:
        if token[0] == "Character" and out and out[-1][0] == "Character":
            out[-1] = ["Character", out[-1][1] + token[1]]
        else:
            out.append(list(token))
    return out


class Case:
    __slots__ = ("file", "index", "description", "input", "output", "errors", "state",
                 "last_start_tag")

    def __init__(self, file, index, test, state):
        double = test.get("doubleEscaped", False)
        self.file = file
        self.index = index
        self.description = test["description"]
        self.input = unescape(test["input"]) if double else test["input"]
        output = unescape(test["output"]) if double else test["output"]
        self.output = coalesce(output)
        self.errors = [(e["code"], e["line"], e["col"]) for e in test.get("errors", [])]
        self.state = state
        self.last_start_tag = test.get("lastStartTag")

    @property
    def id(self):
        return f"{self.file}:{self.index}:{self.state}"


def load_cases(include_skipped=False):
    cases = []
    for path in sorted(FIXTURES.glob("*.test")):
        if path.name in SKIPPED_FILES and not include_skipped:
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        tests = data.get("tests", data.get("xmlViolationTests", []))
        for index, test in enumerate(tests):
            for state in test.get("initialStates", ["Data state"]):
                cases.append(Case(path.name, index, test, state))
    return cases
