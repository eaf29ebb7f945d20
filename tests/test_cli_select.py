"""markup5 select CSS FILE: output, --text, --xml with namespaces, exit statuses."""

from __future__ import annotations

import pytest

from markup5.cli import main


@pytest.fixture
def page(tmp_path):
    path = tmp_path / "p.html"
    path.write_text("<ul><li class=a>One\n  two<li>Two<li class=a>Three</ul>", encoding="utf-8")
    return str(path)


def test_select_prints_each_match_as_html(page, capsys):
    assert main(["select", "li.a", page]) == 0
    assert capsys.readouterr().out == '<li class="a">One\n  two</li>\n<li class="a">Three</li>\n'


def test_select_text_collapses_whitespace(page, capsys):
    assert main(["select", "--text", "li", page]) == 0
    assert capsys.readouterr().out.splitlines() == ["One two", "Two", "Three"]


def test_select_exit_status_1_when_nothing_matches(page, capsys):
    assert main(["select", "table", page]) == 1
    assert capsys.readouterr().out == ""


def test_select_bad_selector_is_one_line_and_status_2(page, capsys):
    assert main(["select", "li >", page]) == 2
    err = capsys.readouterr().err
    assert err == "markup5: bad selector: unexpected end of selector at position 5 in 'li >'\n"


def test_select_xml_with_namespace_prefix(tmp_path, capsys):
    path = tmp_path / "f.xml"
    path.write_text('<feed xmlns="urn:a"><title>T</title></feed>', encoding="utf-8")
    assert main(["select", "--xml", "--ns", "a=urn:a", "a|title", str(path)]) == 0
    assert capsys.readouterr().out == '<title xmlns="urn:a">T</title>\n'


def test_select_namespace_option_needs_prefix_and_uri(page, capsys):
    with pytest.raises(SystemExit) as info:
        main(["select", "--ns", "nouri", "p", page])
    assert info.value.code == 2
    assert "expected PREFIX=URI" in capsys.readouterr().err


def test_select_fragment(tmp_path, capsys):
    path = tmp_path / "f.html"
    path.write_text("<td>1<td class=x>2", encoding="utf-8")
    assert main(["select", "--fragment", "tr", "--text", "td + .x", str(path)]) == 0
    assert capsys.readouterr().out == "2\n"
