"""``tools/encoding_chromium.py`` without a browser: which files it loads,
how it compares Chromium's ``document.characterSet`` with markup5's
encoding, and what it prints."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from dev_tools import import_tool


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return import_tool("encoding_chromium")


def test_corpus_files_are_found_in_subfolders(tool: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "page.html").write_bytes(b"x")
    (tmp_path / "b.HTM").write_bytes(b"x")
    (tmp_path / "LICENSE.md").write_bytes(b"x")
    (tmp_path / "c.htmlx").write_bytes(b"x")
    found = [path.relative_to(tmp_path).as_posix() for path in tool.corpus_files(tmp_path)]
    assert found == ["a/page.html", "b.HTM"]


def test_names_are_compared_as_encodings_not_strings(tool: ModuleType) -> None:
    # document.characterSet gives the standard's name; a label of the same
    # encoding agrees, another encoding does not.
    assert tool.Result("p", "UTF-8", "UTF-8").agrees
    assert tool.Result("p", "utf-8", "UTF-8").agrees
    assert tool.Result("p", "ISO-8859-1", "windows-1252").agrees  # one encoding
    assert tool.Result("p", "GBK", "gb2312").agrees
    assert not tool.Result("p", "UTF-8", "windows-1252").agrees
    assert not tool.Result("p", "no such label", "windows-1252").agrees


def test_report_lists_disagreements_then_the_summary(tool: ModuleType) -> None:
    results = [tool.Result("a.html", "UTF-8", "UTF-8", "detected"),
               tool.Result("b.html", "UTF-8", "windows-1252", "default"),
               tool.Result("c.html", "Shift_JIS", "Shift_JIS", "prescan")]
    lines, all_agree = tool.report(results)
    assert lines == ["b.html: Chromium UTF-8, markup5 windows-1252 (default)",
                     "2/3 pages agree"]
    assert not all_agree
    assert tool.report(results[:1]) == (["1/1 pages agree"], True)


def test_markup5_side_honours_no_detect(tool: ModuleType) -> None:
    data = "<p>caf\u00e9".encode("utf-8")
    assert tool.markup5_encoding(data) == ("UTF-8", "detected")
    assert tool.markup5_encoding(data, detect=False) == ("windows-1252", "default")
    assert tool.markup5_encoding(b"<meta charset=koi8-r><p>x") == ("KOI8-R", "prescan")


def test_page_urls(tool: ModuleType, tmp_path: Path) -> None:
    page = tmp_path / "sub dir" / "p#1.html"
    page.parent.mkdir()
    page.write_bytes(b"x")
    assert tool.page_url(page, tmp_path, None) == page.resolve().as_uri()
    assert tool.page_url(page, tmp_path, "http://127.0.0.1:8000") == \
        "http://127.0.0.1:8000/sub%20dir/p%231.html"
