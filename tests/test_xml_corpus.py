"""markup5.parse_xml against expat on 200 real, well-formed XML files
(tests/fixtures/xml-corpus, sources and licences in its README).

Each file must give the same tree as expat (element names with namespace
URIs and prefixes, namespace declarations, attributes after XML 1.0
attribute-value normalization, text with references expanded and CDATA as
text, comments, processing instructions, the DOCTYPE) and no parse error,
except the files listed in EXCEPTIONS.tsv, which must differ in exactly
their documented category (docs/xml-differences.md).  The comparison is
tools/xml_diff.py's.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import xml_diff  # noqa: E402

from markup5.xml import XmlParser, parse_xml  # noqa: E402

CORPUS = ROOT / "tests" / "fixtures" / "xml-corpus"
FILES = sorted((CORPUS / "files").iterdir())
EXCEPTIONS = dict(
    line.rstrip("\n").split("\t")
    for line in (CORPUS / "EXCEPTIONS.tsv").read_text(encoding="utf-8").splitlines(True)
    if line.strip() and not line.startswith("#"))
DOCUMENTED = {"internal-subset-entities", "external-dtd-entities", "dtd-attribute-defaults",
              "dtd-attribute-types"}


def test_the_sample_is_complete():
    assert len(FILES) == 200
    assert set(EXCEPTIONS) <= {f.name for f in FILES}
    assert set(EXCEPTIONS.values()) <= DOCUMENTED


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_same_tree_as_expat(path):
    result = xml_diff.compare_file(path.read_bytes())
    expected = EXCEPTIONS.get(path.name, "agree")
    assert result["category"] == expected, result


@pytest.mark.parametrize("path", FILES[::10], ids=[f.name for f in FILES[::10]])
def test_fed_in_chunks_gives_the_same_tree(path):
    data = path.read_bytes()
    whole = xml_diff.markup5_events(parse_xml(data))
    text = data.decode("utf-8", "replace").lstrip("\ufeff")
    parser = XmlParser()
    for i in range(0, len(text), 97):
        parser.feed(text[i:i + 97])
    assert xml_diff.markup5_events(parser.close()) == whole
