"""Seed corpora, taken from the test fixtures when a campaign starts.

Nothing here is committed as a generated corpus: the seeds are read from
``tests/fixtures`` (html5lib-tests, xml5lib-tests, the XML sample) and from
the string constants of the microsyntax tests, every time.
"""

from __future__ import annotations

import ast
import functools
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"

#: Seeds longer than this are cut (atheris and our driver both favour short
#: inputs: the bugs that matter show on short ones, and they run fast).
MAX_SEED = 2048


def _dat_sections(path: Path, section: str) -> list[str]:
    """The ``#section`` bodies of an html5lib-style ``.dat`` file."""
    out: list[str] = []
    lines = path.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
    current: list[str] | None = None
    for line in lines:
        if line.startswith("#"):
            if current is not None:
                out.append("\n".join(current))
            current = [] if line == "#" + section else None
        elif current is not None:
            current.append(line)
    if current is not None:
        out.append("\n".join(current))
    return out


def _cut(items: list[bytes]) -> list[bytes]:
    seen: set[bytes] = set()
    result = []
    for item in items:
        item = item[:MAX_SEED]
        if item not in seen:
            seen.add(item)
            result.append(item)
    return result


def _enc(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


@functools.lru_cache(maxsize=None)
def html_seeds() -> tuple[bytes, ...]:
    """Tree-construction ``#data`` and tokenizer ``input`` strings."""
    items: list[bytes] = []
    base = FIXTURES / "html5lib-tests"
    for path in sorted((base / "tree-construction").rglob("*.dat")):
        items += [_enc(s) for s in _dat_sections(path, "data")]
    for path in sorted((base / "tokenizer").glob("*.test")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for test in data.get("tests", []):
            text = test["input"]
            if test.get("doubleEscaped"):
                text = text.encode("utf-8", "surrogatepass").decode("unicode_escape")
            items.append(_enc(text))
    for path in sorted((base / "serializer").glob("*.test")):
        for test in json.loads(path.read_text(encoding="utf-8")).get("tests", []):
            for expected in test.get("expected", []):
                items.append(_enc(expected))
    return tuple(_cut(items))


@functools.lru_cache(maxsize=None)
def xml_seeds() -> tuple[bytes, ...]:
    """xml5lib-tests inputs and the start of each file of the XML sample."""
    items: list[bytes] = []
    base = FIXTURES / "xml5lib-tests"
    for path in sorted((base / "tree-construction").glob("*.dat")):
        items += [_enc(s) for s in _dat_sections(path, "data")]
    for path in sorted((base / "tokenizer").glob("*.test")):
        for test in json.loads(path.read_text(encoding="utf-8")).get("tests", []):
            items.append(_enc(test["input"]))
    for path in sorted((FIXTURES / "xml-corpus" / "files").iterdir()):
        items.append(path.read_bytes())
    return tuple(_cut(items))


@functools.lru_cache(maxsize=None)
def encoding_seeds() -> tuple[bytes, ...]:
    """The encoding-sniffing fixtures (bytes as they are)."""
    items: list[bytes] = []
    base = FIXTURES / "html5lib-tests" / "encoding"
    for path in sorted(base.rglob("*.dat")):
        raw = path.read_bytes()
        for chunk in raw.split(b"#data\n")[1:]:
            items.append(chunk.split(b"\n#encoding", 1)[0])
    for path in sorted(base.rglob("*.txt")):
        items.append(path.read_bytes())
    return tuple(_cut(items))


@functools.lru_cache(maxsize=None)
def microsyntax_seeds() -> tuple[bytes, ...]:
    """Every string constant in tests/test_microsyntax_*.py."""
    items: list[bytes] = []
    for path in sorted((ROOT / "tests").glob("test_microsyntax_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if len(node.value) <= 200:
                    items.append(_enc(node.value))
    return tuple(_cut(items))


SEEDS = {
    "html": html_seeds,
    "xml": xml_seeds,
    "encoding": encoding_seeds,
    "microsyntax": microsyntax_seeds,
}


def seeds(kind: str) -> tuple[bytes, ...]:
    """The seed corpus of ``kind`` ("html", "xml", "encoding", "microsyntax")."""
    return SEEDS[kind]()
