"""Regexes that repeat a group over megabytes must not hold a record per
repetition: Python's regex engine keeps one (about a kilobyte) for every
repetition of a group until the match ends, unless the repeat is possessive
(Python 3.11 on).  A tag of a megabyte of attributes and an attribute value
of a megabyte of references took 60 to 240 bytes of heap per input byte in
one match, and a megabyte of Shift_JIS text 40 to 60 (found by a hunt at
megabyte sizes, 2026-11-28).  Measured by tracemalloc's peak, which counts what the
regex engine allocates; never by timing.

The fixes: the shortcuts' repeated groups are possessive, or bounded before
3.11 (``markup5.html.tokenizer.charclass.group_repeat``), and the fast path
of the multi-byte decoders is possessive and takes at most 64 KB a match.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

import markup5
from markup5.encoding import decode
from markup5.html.tokenizer.charclass import MOST_REPEATS
from markup5.xml import Tokenizer as XmlTokenizer

SIZE = 1 << 20


def peak_per_byte(run: Callable[[], object], size: int = SIZE) -> float:
    tracemalloc.start()
    try:
        result = run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    del result
    return peak / size


def _attributes(size: int) -> str:
    return " ".join(f'b{i}="v"' for i in range(size // 10))


# The parsed tag itself (a dict of 100,000 attributes, their names and
# values) takes about 13 to 21 bytes per input byte; the records took 60 to
# 240 more.
@pytest.mark.parametrize(("name", "run"), [
    ("html", lambda: markup5.parse("<r " + _attributes(SIZE) + ">")),
    ("html tokenizer", lambda: list(markup5.Tokenizer("<r " + _attributes(SIZE) + ">"))),
    ("xml", lambda: markup5.parse_xml("<r " + _attributes(SIZE) + "/>", fast_path=False)),
    ("xml, in the root", lambda: markup5.parse_xml("<r><a " + _attributes(SIZE) + "/></r>",
                                                   fast_path=False)),
    ("xml tokenizer", lambda: list(XmlTokenizer("<r " + _attributes(SIZE) + "/>"))),
    ("xml, references in a value",
     lambda: markup5.parse_xml("<r><a b='" + "&amp;" * (SIZE // 5) + "'/></r>", fast_path=False)),
])
def test_a_megabyte_tag_in_bounded_memory(name, run):
    assert peak_per_byte(run) < 40, name


@pytest.mark.parametrize("encoding", ["Shift_JIS", "EUC-JP", "EUC-KR", "Big5", "gb18030"])
def test_multi_byte_text_decodes_in_bounded_memory(encoding):
    codec = {"Shift_JIS": "cp932", "Big5": "big5", "gb18030": "gb18030",
             "EUC-JP": "euc_jp", "EUC-KR": "euc_kr"}[encoding]
    unit = "中文 abc ".encode(codec) if encoding in ("Big5", "gb18030") else (
        "日本語 abc ".encode(codec) if encoding != "EUC-KR" else "한국어 abc ".encode(codec))
    data = unit * (SIZE // len(unit))
    # The decoded str itself is at most 4 bytes a character (and fewer
    # characters than bytes); the records took 40 to 60 bytes per byte.
    assert peak_per_byte(lambda: decode(data, encoding), len(data)) < 12


def test_tags_past_the_bound_read_as_before():
    # Before Python 3.11 a tag with more attributes than the bound is left to
    # the states: the same tokens and tree either way.
    for count in (MOST_REPEATS - 3, MOST_REPEATS, MOST_REPEATS + 3):
        attributes = " ".join(f'a{i}="&amp;{i}"' for i in range(count))
        html = markup5.parse(f"<!DOCTYPE html><p {attributes}>x</p>")
        assert list(html.body.children[0].attrs.values()) == [f"&{i}" for i in range(count)]
        xml = markup5.parse_xml(f"<r><a {attributes}>x</a></r>", fast_path=False)
        assert list(xml.document_element.children[0].attrs.values()) == [
            f"&{i}" for i in range(count)]
        assert not html.errors and not xml.errors
