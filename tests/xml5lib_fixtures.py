"""Loading the xml5lib-tests fixtures (shared by the XML test modules)."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).parent / "fixtures" / "xml5lib-tests"
TOKENIZER = ROOT / "tokenizer"
TREE = ROOT / "tree-construction"


def normalize(tokens, exact):
    """The xml5lib-tests comparison: ParseErrors dropped (``exact`` False) or
    kept in place (True, where an error also ends a run of characters);
    adjacent Character tokens joined; the legacy 5th DOCTYPE item ignored."""
    out = []
    for token in tokens:
        if token == "ParseError" or not isinstance(token, list):
            if exact:
                out.append("ParseError")
            continue
        if token[0] == "DOCTYPE":
            token = token[:4]
        if token[0] == "Character" and out and out[-1] != "ParseError" \
                and out[-1][0] == "Character":
            out[-1] = ["Character", out[-1][1] + token[1]]
        else:
            out.append(list(token))
    return out


def as_lists(tokens):
    """Our tokens (and inline ParseErrors) in the fixtures' list form."""
    return [t.as_list() if hasattr(t, "as_list") else "ParseError" for t in tokens]


class TokenizerCase:
    __slots__ = ("file", "index", "description", "input", "output")

    def __init__(self, file, index, test):
        self.file = file
        self.index = index
        self.description = test["description"]
        self.input = test["input"]
        self.output = test["output"]


def load_tokenizer_cases():
    cases = []
    for path in sorted(TOKENIZER.glob("*.test")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for index, test in enumerate(data["tests"]):
            cases.append(TokenizerCase(path.name, index, test))
    return cases


class TreeCase:
    __slots__ = ("file", "index", "data", "document")

    def __init__(self, file, index, data, document):
        self.file = file
        self.index = index
        self.data = data
        self.document = document

    @property
    def id(self):
        return f"{self.file}:{self.index}"


def load_tree_cases():
    """``#data`` (lines up to ``#document`` joined by LF, trailing newlines
    stripped) and ``#document`` (the dump lines, blank separators dropped)."""
    cases = []
    for path in sorted(TREE.glob("*.dat")):
        data = document = section = None
        found = []
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line == "#data":
                if data is not None:
                    found.append((data, document))
                data, document, section = [], [], "data"
            elif line == "#document":
                section = "document"
            elif section == "data":
                data.append(line)
            elif section == "document" and line:
                document.append(line)
        if data is not None:
            found.append((data, document))
        for index, (data, document) in enumerate(found):
            cases.append(TreeCase(path.name, index, "\n".join(data).rstrip("\n"),
                                  "\n".join(document)))
    return cases
