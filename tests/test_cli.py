"""The markup5 command line: output formats, exit statuses, one-line errors."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

import markup5
from markup5.cli import main

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "hello.html"


def run_cli(args, stdin=b""):
    """Run ``python -m markup5`` in a subprocess: (status, stdout, stderr)."""
    proc = subprocess.run([sys.executable, "-m", "markup5", *args], input=stdin,
                          capture_output=True, timeout=60)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def test_tokenize_prints_one_json_token_per_line(tmp_path, capsys):
    page = tmp_path / "p.html"
    page.write_text('<p id=a>x&amp;y</p><script>a<b</script>', encoding="utf-8")
    assert main(["tokenize", str(page)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line) for line in lines] == [
        ["StartTag", "p", {"id": "a"}], ["Character", "x&y"], ["EndTag", "p"],
        ["StartTag", "script", {}], ["Character", "a<b"], ["EndTag", "script"]]


def test_tokenize_raw_state_and_last_start_tag(capsys, monkeypatch, tmp_path):
    page = tmp_path / "p.html"
    page.write_text("<script>a<b></script>", encoding="utf-8")
    assert main(["tokenize", "--raw", str(page)]) == 0
    assert [json.loads(x) for x in capsys.readouterr().out.splitlines()] == [
        ["StartTag", "script", {}], ["Character", "a"], ["StartTag", "b", {}],
        ["EndTag", "script"]]
    page.write_text("a<b>&lt;</title>c", encoding="utf-8")
    assert main(["tokenize", "--state", "RCDATA state", "--last-start-tag", "title",
                 str(page)]) == 0
    assert [json.loads(x) for x in capsys.readouterr().out.splitlines()] == [
        ["Character", "a<b><"], ["EndTag", "title"], ["Character", "c"]]


def test_tokenize_bundled_example_from_stdin():
    status, out, err = run_cli(["tokenize", "-"], EXAMPLE.read_bytes())
    assert status == 0 and err == ""
    tokens = [json.loads(line) for line in out.splitlines()]
    assert tokens[0] == ["DOCTYPE", "html", None, None, True]
    assert ["ProcessingInstruction", "render", 'mode="fast"'] in tokens
    assert ["Character", "x < y"] in tokens  # CDATA inside <svg>


def test_check_reports_file_line_col_code_and_exit_1(tmp_path, capsys):
    page = tmp_path / "bad.html"
    page.write_text("<!DOCTYPE html><p>\n&bogus; <a b=c b=d>\x01", encoding="utf-8")
    assert main(["check", "--tokenizer-only", str(page)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{page}:2:7: unknown-named-character-reference",
        f"{page}:2:17: duplicate-attribute",
        f"{page}:2:20: control-character-in-input-stream"]


def test_check_also_reports_tree_construction_errors(tmp_path, capsys):
    page = tmp_path / "tree.html"
    page.write_text("<p>x</b>&bogus;", encoding="utf-8")
    assert main(["check", str(page)]) == 1
    lines = capsys.readouterr().out.splitlines()
    # (FILE:LINE:COL: severity: code: message; the parse errors come first,
    # then the conformance messages.)
    codes = [line.split(": ")[2] for line in lines][:3]
    # No DOCTYPE and a stray </b> (tree construction), an unknown reference
    # (tokenizer), in stream order.
    assert codes == ["expected-doctype-but-got-starttag", "unexpected-end-tag",
                     "unknown-named-character-reference"]
    assert lines[2] == (f"{page}:1:15: error: unknown-named-character-reference: "
                        "Parse error: unknown-named-character-reference.")


def test_reconstruction_limit_and_its_option(tmp_path, capsys):
    page = tmp_path / "soup.html"
    page.write_text("<div>" + "".join(f"<b id={i}>" for i in range(300)) + "</div>"
                    + "<div>x</div>" * 300, encoding="utf-8")
    assert main(["check", str(page)]) == 1
    assert "reconstruction-limit-exceeded" in capsys.readouterr().out
    assert main(["check", "--no-reconstruction-limit", str(page)]) == 1
    assert "reconstruction-limit-exceeded" not in capsys.readouterr().out
    assert main(["parse", str(page)]) == 0
    limited = capsys.readouterr().out.count("<b ")
    assert main(["parse", "--no-reconstruction-limit", str(page)]) == 0
    assert capsys.readouterr().out.count("<b ") == 300 + 300 * 300 > limited > 300
    assert main(["text", "--no-reconstruction-limit", "--fragment", "td", str(page)]) == 0
    assert capsys.readouterr().out.split() == ["x"] * 300


def test_check_clean_file_exits_0(tmp_path, capsys):
    page = tmp_path / "ok.html"
    page.write_text("<!DOCTYPE html><html lang=en><title>ok</title><p>fine</p>",
                    encoding="utf-8")  # (conforming: a title, a lang)
    assert main(["check", str(page)]) == 0
    assert capsys.readouterr().out == ""


def test_check_stdin_is_named_stdin():
    status, out, _ = run_cli(["check", "-"],
                             b"<!DOCTYPE html><html lang=en><title>t</title><p>&#0;")
    assert status == 1
    assert out == ("<stdin>:1:53: error: null-character-reference: "
                   "Parse error: null-character-reference.\n")


@pytest.mark.parametrize("args, stdin, message", [
    (["tokenize", "/nonexistent/x.html"], b"", "cannot read"),
    (["check", "--xml", "-", "--encoding", "no-such-codec"], b"<p/>", "unknown encoding"),
    (["parse", "-", "--encoding", "latin-1"], b"x", "unknown encoding 'latin-1'"),
    (["tokenize", "-", "--encoding", "no-such-codec"], b"x", "unknown encoding"),
    (["tokenize", "--state", "bogus", "-"], b"x", "unknown tokenizer state"),
    (["frobnicate"], b"", "invalid choice"),
    (["tokenize"], b"", "required"),
])
def test_bad_input_and_options_give_one_line_and_status_2(args, stdin, message):
    status, out, err = run_cli(args, stdin)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert message in err
    assert "Traceback" not in err


def test_encoding_option_and_bom(tmp_path, capsys):
    page = tmp_path / "latin.html"
    page.write_bytes("<p>caf\xe9".encode("latin-1"))
    assert main(["tokenize", "--encoding", "latin1", str(page)]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[1]) == ["Character", "caf\xe9"]
    page.write_bytes(b"\xef\xbb\xbf<p>")
    assert main(["tokenize", str(page)]) == 0
    assert capsys.readouterr().out.splitlines() == ['["StartTag", "p", {}]']


def test_parse_prints_html_or_tree(tmp_path, capsys):
    page = tmp_path / "p.html"
    page.write_text("<p>a<b>b", encoding="utf-8")
    assert main(["parse", str(page)]) == 0
    assert capsys.readouterr().out == "<html><head></head><body><p>a<b>b</b></p></body></html>\n"
    assert main(["parse", "--tree", str(page)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "| <html>", "|   <head>", "|   <body>", "|     <p>", '|       "a"', "|       <b>",
        '|         "b"']
    page.write_text("<td>x", encoding="utf-8")
    assert main(["parse", "--fragment", "tr", str(page)]) == 0
    assert capsys.readouterr().out == "<td>x</td>\n"
    page.write_text("<noscript><p>x</p></noscript>", encoding="utf-8")
    assert main(["parse", "--tree", "--scripting", str(page)]) == 0
    assert '"<p>x</p>"' in capsys.readouterr().out


class _CountingOut(io.TextIOBase):
    """A stdout that keeps only the length and a digest of what it is given."""

    def __init__(self):
        self.length = 0
        self.digest = hashlib.sha256()

    def writable(self):
        return True

    def write(self, text):
        self.length += len(text)
        self.digest.update(text.encode("utf-8", "surrogatepass"))
        return len(text)


@pytest.mark.parametrize("command, source, dump", [
    ("parse", "<div>" * 8_000 + "x", lambda data: markup5.dump_tree(markup5.parse(data))),
    ("xml", "<a>" * 8_000 + "x", lambda data: markup5.dump_tree(markup5.parse_xml(data))),
])
def test_tree_dump_is_written_as_it_is_made(tmp_path, monkeypatch, command, source, dump):
    # The dump of 8,000 nested elements (40 KB) is 64 MB, because the format
    # indents every line by its depth; it was made whole, then written.
    page = tmp_path / "deep"
    page.write_text(source, encoding="utf-8")
    whole = dump(source.encode("utf-8")) + "\n"
    out = _CountingOut()
    monkeypatch.setattr(sys, "stdout", out)
    tracemalloc.start()
    try:
        assert main([command, "--tree", str(page)]) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (out.length, out.digest.hexdigest()) == (
        len(whole), hashlib.sha256(whole.encode("utf-8")).hexdigest())
    assert out.length > 60_000_000 and peak < 16_000_000
    del whole


def test_an_empty_tree_dump_is_a_newline(tmp_path, capsys):
    page = tmp_path / "empty.xml"
    page.write_text("", encoding="utf-8")
    assert main(["xml", "--tree", str(page)]) == 0
    assert capsys.readouterr().out == "\n"


def test_xml_command_and_check_xml(tmp_path, capsys):
    page = tmp_path / "feed.xml"
    page.write_text('<feed xmlns="http://www.w3.org/2005/Atom"><title>T &amp; x</feed>',
                    encoding="utf-8")
    assert main(["xml", str(page)]) == 0
    assert capsys.readouterr().out == (
        '<feed xmlns="http://www.w3.org/2005/Atom"><title>T &amp; x</title></feed>\n')
    assert main(["xml", "--tree", str(page)]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [
        "| <{http://www.w3.org/2005/Atom}feed>",
        '|   {http://www.w3.org/2000/xmlns/}xmlns="http://www.w3.org/2005/Atom"']
    assert main(["check", "--xml", str(page)]) == 1  # </feed> closes an open <title>
    out = capsys.readouterr().out
    assert out.startswith(f"{page}:1:") and out.count("\n") >= 1
    page.write_text("<a><b/></a>", encoding="utf-8")
    assert main(["check", "--xml", str(page)]) == 0


def test_trace_json(capsys):
    assert main(["trace", "--json", "<b>"]) == 0
    steps = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(s["input"], s["before"], s["after"]) for s in steps] == [
        ("<", "Data state", "Tag open state"),
        ("b", "Tag open state", "Tag name state"),
        (">", "Tag name state", "Data state"),
        ("", "Data state", "Data state")]
    assert steps[2]["emitted"] == [["StartTag", "b", {}]]


PAGE = ("<title>T</title><h1>Hi</h1><p>one <b>two</b><br>three</p>"
        "<script>hidden()</script><pre> a\n  b</pre>")


def test_text_prints_what_a_reader_sees(tmp_path, capsys):
    page = tmp_path / "p.html"
    page.write_text(PAGE, encoding="utf-8")
    assert main(["text", str(page)]) == 0
    assert capsys.readouterr().out == "Hi\n\none two\nthree\n\n a\n  b\n"


def test_text_all_with_separator_and_strip(tmp_path, capsys):
    page = tmp_path / "p.html"
    page.write_text(PAGE, encoding="utf-8")
    assert main(["text", "--all", "--separator", "|", "--strip", str(page)]) == 0
    assert capsys.readouterr().out == "T|Hi|one|two|three|a\n  b\n"


def test_text_of_a_fragment_from_stdin():
    status, out, err = run_cli(["text", "--fragment", "tr", "-"], b"<td>a<td>b")
    assert (status, out, err) == (0, "a\tb\n", "")


def test_text_unreadable_file():
    status, out, err = run_cli(["text", "/no/such/file.html"])
    assert status == 2 and out == ""
    assert err.startswith("markup5: /no/such/file.html: cannot read") and err.count("\n") == 1


def test_parse_pretty(tmp_path, capsys):
    page = tmp_path / "p.html"
    page.write_text("<div><p>a</p><pre> x</pre></div>", encoding="utf-8")
    assert main(["parse", "--pretty", str(page)]) == 0
    assert capsys.readouterr().out == (
        "<html>\n  <head></head>\n  <body>\n    <div>\n      <p>a</p>\n"
        "      <pre> x</pre>\n    </div>\n  </body></html>\n")


def test_parse_pretty_and_tree_exclude_each_other(tmp_path):
    page = tmp_path / "p.html"
    page.write_text("<p>", encoding="utf-8")
    status, out, err = run_cli(["parse", "--pretty", "--tree", str(page)])
    assert status == 2 and out == "" and err.count("\n") == 1 and "--pretty" in err


def test_undecodable_names_and_arguments_with_a_strict_stdout(tmp_path):
    # With PYTHONIOENCODING=utf-8 (or a UTF-8 locale other than C.UTF-8)
    # stdout is strict: a file name or an argument with a byte the locale
    # cannot decode (a lone surrogate in Python) made check and trace end
    # in a traceback with exit status 1.  They are written escaped now.
    import os
    import subprocess
    import sys

    name = tmp_path / os.fsdecode(b"s\xff.html")
    name.write_text("<p>x</b>", encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    checked = subprocess.run([sys.executable, "-m", "markup5", "check", str(name)],
                             capture_output=True, env=env)
    assert checked.returncode == 1, checked.stderr  # errors found
    assert b"Traceback" not in checked.stderr
    assert b"s\xff.html:1:" in checked.stdout  # the name's own bytes
    traced = subprocess.run([sys.executable, "-m", "markup5", "trace", "--json",
                             os.fsdecode(b"a\xffb")], capture_output=True, env=env)
    assert traced.returncode == 0, traced.stderr
    assert b"Traceback" not in traced.stderr and traced.stdout
    # Another encoding stays strict: what it cannot hold is an error, not
    # output quietly changed.
    page = tmp_path / "page.html"
    page.write_text("<p>caf\u00e9", encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    parsed = subprocess.run([sys.executable, "-m", "markup5", "parse", str(page)],
                            capture_output=True, env=env)
    assert parsed.returncode == 2 and b"caf\\xe9" not in parsed.stdout
    assert b"Traceback" not in parsed.stderr and b"PYTHONIOENCODING" in parsed.stderr
