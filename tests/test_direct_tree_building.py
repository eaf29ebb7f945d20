"""Tree building without tokens (HTMLParser's direct_* methods, fed by the
tokenizer's data state shortcut) gives the tree and the parse errors of the
token-by-token path: on every html5lib-tests tree-construction case (whole,
and fed in small chunks), and on the benchmark corpus when it is present."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from html5lib_tree import load_cases
from markup5.dom import Document, DocumentFragment
from markup5.html.parser import HTMLParser, parse, parse_fragment
from markup5.treedump import dump_tree

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "readability"


@contextmanager
def token_by_token() -> Iterator[None]:
    """Every token built and handed to the dispatcher (the reference path)."""
    HTMLParser.direct_tree_building = False
    try:
        yield
    finally:
        HTMLParser.direct_tree_building = True


def outcome(result: Document | DocumentFragment) -> tuple[str, list[tuple[str, int]], object]:
    errors = [(error.code, error.offset) for error in result.errors]
    return dump_tree(result), errors, getattr(result, "encoding", None)


def parse_chunked(data: str, size: int, scripting: bool) -> Document:
    parser = HTMLParser(scripting=scripting)
    for i in range(0, len(data), size):
        parser.feed(data[i:i + size])
    return parser.close()


def _files() -> dict[str, list]:
    by_file: dict[str, list] = {}
    for case in load_cases():
        by_file.setdefault(case.file, []).append(case)
    return by_file


FILES = _files()


def test_the_direct_path_is_on_by_default() -> None:
    assert HTMLParser.direct_tree_building is True
    parser = HTMLParser()
    assert parser.tokenizer.direct is parser
    with token_by_token():
        assert HTMLParser().tokenizer.direct is None


@pytest.mark.parametrize("file", sorted(FILES))
def test_same_trees_and_errors_on_html5lib_tests(file: str) -> None:
    for case in FILES[file]:
        for scripting in case.modes():
            if case.fragment_context is None:
                def run() -> list[tuple[str, list[tuple[str, int]], object]]:
                    return [outcome(parse(case.data, scripting=scripting)),
                            outcome(parse_chunked(case.data, 3, scripting)),
                            outcome(parse(case.data.encode("utf-8", "surrogatepass"),
                                          scripting=scripting))]
            else:
                def run() -> list[tuple[str, list[tuple[str, int]], object]]:
                    return [outcome(parse_fragment(case.data, case.fragment_context,
                                                   scripting=scripting))]
            direct = run()
            with token_by_token():
                reference = run()
            assert direct == reference, f"{case!r} scripting={scripting}\n#data\n{case.data}"


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the benchmark corpus is not beside the project")
def test_same_trees_and_errors_on_the_corpus() -> None:
    files = sorted(p for p in CORPUS.iterdir() if p.suffix == ".html")
    assert files
    for path in files:
        raw = path.read_bytes()
        direct = outcome(parse(raw))
        with token_by_token():
            reference = outcome(parse(raw))
        assert direct == reference, path.name
