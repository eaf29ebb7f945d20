"""``tools/sniff_diff.py`` without a browser: the documents it makes, the
web server that hands them to the browser, how it reads meta tags, the
rewrites of the documented deviations (which decide what is put down to
them), and its minimizer."""

from __future__ import annotations

import random
import re
import urllib.error
import urllib.request
from types import ModuleType

import pytest

import markup5

from dev_tools import import_tool


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return import_tool("sniff_diff")


def test_documents_are_reproducible_short_and_keep_metas_out_of_raw_text(tool):
    documents = tool.documents(2000, random.Random(4))
    assert documents == tool.documents(2000, random.Random(4))
    assert all(len(data) < tool.LIMIT for data in documents)
    raw_text = re.compile(rb"<(script|style|title|textarea|xmp|iframe|noembed|noframes)>"
                          rb"(.*?)</\1>", re.DOTALL)
    for data in documents:
        for match in raw_text.finditer(data):
            assert b"<meta" not in match.group(2).lower()
    # Between them they reach many encodings, the default and a BOM's.
    encodings = {markup5.parse(data).encoding for data in documents}
    assert {"windows-1252", "UTF-8", "UTF-16LE", "Big5", "KOI8-R"} <= encodings
    assert len(encodings) > 25


def test_the_server_gives_the_page_and_the_documents(tool):
    documents = [b"<meta charset=koi8-r>", b"\xff\xfeh\x00"]
    with tool.DocumentServer(documents) as url:
        with urllib.request.urlopen(url) as response:
            page = response.read().decode("ascii")
            assert response.headers["Content-Type"] == "text/html; charset=windows-1252"
        assert "i < 2;" in page and 'frame.src = "/doc/" + i' in page
        for index, data in enumerate(documents):
            with urllib.request.urlopen(f"{url}doc/{index}") as response:
                assert response.read() == data
                assert response.headers["Content-Type"] == "text/html"  # no charset
        for missing in ("doc/2", "doc/x", "favicon.ico"):
            with pytest.raises(urllib.error.HTTPError) as caught:
                urllib.request.urlopen(url + missing)
            assert caught.value.code == 404


def test_meta_tags_are_read_as_the_prescan_reads_them(tool):
    data = b"<p><META charset='>'charset=KOI8-R><!-- --><meta\thttp-equiv=x content=\"a b\""
    assert tool._meta_tags(data) == [
        (3, 35, [("charset", ">"), ("charset", "koi8-r")]),  # (the ">" quoted)
        (43, len(data), [("http-equiv", "x"), ("content", "a b")]),  # (cut off)
    ]


#: The examples of docs/browser-differences.md ("Encoding sniffing"), each
#: with the deviation whose rewrite applies and what the rewrite leaves.
EXAMPLES = [
    ("meta-repeated-attribute", b"<meta charset=koi8-r charset=big5>x", b"x"),
    ("meta-repeated-attribute", b"<meta charset=big5 charset><p>", b"<p>"),
    ("meta-content-quote-after-label",
     b'<meta http-equiv=content-type content=charset=big5">', b""),
    ("meta-content-quote-after-label",
     b"<meta http-equiv=content-type content='charset=big5\"'>", b""),
    ("meta-invalid-charset-hides-content",
     b'<meta http-equiv=content-type charset=bogus content="charset=big5">', b""),
    ("prescan-reads-raw-text", b"<script><meta charset=koi8-r></script>",
     b"<script></script>"),
    ("prescan-reads-raw-text", b"<TITLE a=b>t<meta charset=koi8-r>", b"<TITLE a=b>"),
    ("cr-before-attribute-name", b"<meta\r\ra\ncharset=koi8-r>", b"<meta\n\na\ncharset=koi8-r>"),
]


@pytest.mark.parametrize("name, data, rewritten", EXAMPLES)
def test_documented_examples_are_rewritten(tool, name, data, rewritten):
    assert dict(tool.DEVIATIONS)[name](data) == rewritten


@pytest.mark.parametrize("data", [
    b"<meta charset=koi8-r>", b"<meta http-equiv=content-type content='charset=big5'>",
    b"<meta charset=big5 content='charset=koi8-r'>", b"<noscript><meta charset=big5>",
    b"<script>x</script><meta charset=big5>", b"<meta name=a content=b>",
])
def test_rewrites_leave_documents_without_the_constructs(tool, data):
    assert [name for name, rewrite in tool.DEVIATIONS if rewrite(data) is not None] == []


def test_a_late_meta_in_the_body_counts_for_markup5():
    # The deviation the tool's documents stay clear of (shorter than 1024
    # bytes): the in body rules change the encoding for it.
    data = b"<p>" + b"x" * 1100 + b"<meta charset=koi8-r>"
    assert markup5.parse(data).encoding == "KOI8-R"


def test_minimize_drops_runs_of_bytes(tool):
    rounds = []

    def disagrees(candidates):
        rounds.append(len(candidates))
        return [b"<meta" in data and b"big5" in data for data in candidates]

    data = b"<p>" + b"x" * 300 + b"<meta charset=big5>" + b"y" * 200
    small = tool.minimize(data, disagrees)
    assert small == b"<metabig5"
    assert max(rounds) <= len(data) // 2 + 1 and len(rounds) < 200
