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


def test_select_text_is_the_text_markup5_text_prints(tmp_path, capsys):
    # select --text printed " ".join(text_content.split()): script and
    # hidden content in, NBSP folded.  Now it is element.text, as
    # `markup5 text` prints it.
    path = tmp_path / "p.html"
    path.write_text("<meta charset=utf-8><div><p>a\u00a0 b<script>s()</script><span hidden>h</span></p>"
                    "<p>c<br>d</p></div>", encoding="utf-8")
    assert main(["select", "--text", "div", str(path)]) == 0
    selected = capsys.readouterr().out
    assert main(["text", str(path)]) == 0
    assert selected == capsys.readouterr().out == "a\u00a0 b\n\nc\nd\n"


def test_select_text_of_nested_matches_is_worked_out_in_one_walk(tmp_path, capsys, monkeypatch):
    # Each nested match collected its own subtree for its text: <div> x
    # 20,000 took 72 s for as many empty lines.  inner_texts gives what
    # element.text gives, from one walk.
    import random

    from markup5 import parse
    from markup5.dom import Element
    from markup5.selectors import compile as compile_selector
    from markup5.text import inner_texts

    rng = random.Random(7)
    pieces = ["<div>", "</div>", "<p>", " ", "a", "b c", "\u00a0x\u2003", "\n", "<br>",
              "<!--c-->", "<template>t</template>", "</p>", "<span>", "</span>", "\u00e9",
              "<pre>", "</pre>", "\n y ", "<table><tr><td>1<td>2<tr><td>3</table>", "<td>",
              "<div hidden>", "<script>s</script>", "<svg><title>t</title><text>u</text></svg>",
              "<li>", "<ul>", "<textarea>q\n r</textarea>", "<h1>", "\t"]
    for _ in range(300):
        document = parse("".join(rng.choice(pieces) for _ in range(rng.randrange(40))))
        for css in ("div", "p, span", "*", "template", "div div", "td, tr, table", "pre",
                    "svg *", "textarea, br"):
            found = compile_selector(css).select(document)
            assert inner_texts(document, found) == [element.text for element in found]

    asked = []
    original = Element._get_text_content
    monkeypatch.setattr(Element, "_get_text_content",
                        lambda self: asked.append(1) or original(self))
    import markup5.text as text_module
    collected = []
    original_collect = text_module._collect
    monkeypatch.setattr(text_module, "_collect",
                        lambda *args: collected.append(1) or original_collect(*args))
    path = tmp_path / "deep.html"
    path.write_text("<div> " * 3000 + "x", encoding="utf-8")
    assert main(["select", "--text", "div", str(path)]) == 0
    assert capsys.readouterr().out == "x\n" * 3000
    assert asked == [] and len(collected) == 1
