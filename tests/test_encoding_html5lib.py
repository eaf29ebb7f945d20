"""The html5lib-tests encoding suite (tests/fixtures/html5lib-tests/encoding):
each document's expected encoding is the one the parser picks.

Format: ``#data`` (the document's bytes, up to the newline before the next
section) and ``#encoding`` (the expected encoding's label).  Most cases are
decided by the prescan of the first 1024 bytes; some put the ``<meta>``
further on, where only the tree builder's "change the encoding" finds it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import markup5
from markup5.encoding import lookup

ENCODING_DIR = Path(__file__).parent / "fixtures" / "html5lib-tests" / "encoding"

#: Cases that cannot run here, with the reason.
SKIP = {
    # document.write() needs a script engine: the meta is written by script.
    ("scripted/tests1.dat", 0): "needs a script engine (document.write)",
}


def load_cases():
    cases = []
    for path in sorted(ENCODING_DIR.rglob("*.dat")):
        name = path.relative_to(ENCODING_DIR).as_posix()
        blocks = path.read_bytes().split(b"#data\n")[1:]
        for number, block in enumerate(blocks):
            data, _, expected = block.partition(b"#encoding\n")
            if data.endswith(b"\n"):  # the newline before "#encoding" is the format's
                data = data[:-1]
            marks = []
            reason = SKIP.get((name, number))
            if reason:
                marks.append(pytest.mark.skip(reason=reason))
            cases.append(pytest.param(data, expected.strip().decode("ascii"),
                                      id=f"{name}:{number}", marks=marks))
    return cases


CASES = load_cases()


def test_case_count():
    # 82 documents, plus one that needs a script engine.
    assert len(CASES) == 83


@pytest.mark.parametrize("data, expected", CASES)
def test_document_encoding(data, expected):
    document = markup5.parse(data)
    assert document.encoding == lookup(expected).name


@pytest.mark.parametrize("data, expected", CASES)
def test_document_encoding_when_fed_in_chunks(data, expected):
    parser = markup5.HTMLParser()
    for i in range(0, len(data), 100):
        parser.feed(data[i:i + 100])
    assert parser.close().encoding == lookup(expected).name


@pytest.mark.parametrize("data, expected", CASES)
def test_sniffing_alone_agrees_or_the_tree_builder_decided(data, expected):
    """Where the prescan does not find the expected encoding, the parse found
    it in a <meta> after the first 1024 bytes (and is then certain)."""
    sniffed = markup5.sniff_encoding(data)
    if sniffed.encoding != lookup(expected).name:
        document = markup5.parse(data)
        assert document.encoding_confidence == "certain"
        assert len(data) > 1024
