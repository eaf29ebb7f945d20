"""markup5 sanitize FILE: the API's output, policies from JSON files, contexts,
whole documents, encodings, and one-line errors with exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from markup5 import parse
from markup5.cli import main
from markup5.sanitize import (DEFAULT_POLICY, TEXT_FORMATTING_POLICY, Sanitizer, sanitize)

HOSTILE = ('<p onclick="steal()">Hello <b>world</b> <a href="javascript:alert(1)">x</a> '
           '<a href="https://example.com/">y</a><script>alert(2)</script>'
           '<img src=x onerror=alert(3)><iframe src=//evil.example></iframe></p><!-- c -->')


def _write(tmp_path: Path, text: str, name: str = "in.html") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _output(result: str) -> str:
    """What the command prints for the API's ``result``: one newline at the end."""
    return result if result.endswith("\n") or not result else result + "\n"


def test_sanitize_prints_what_the_api_returns(tmp_path, capsys):
    assert main(["sanitize", _write(tmp_path, HOSTILE)]) == 0
    out = capsys.readouterr().out
    assert out == _output(sanitize(HOSTILE))
    for unsafe in ("onclick", "javascript:", "<script", "onerror", "<iframe", "<!--"):
        assert unsafe not in out
    assert "<b>world</b>" in out and 'href="https://example.com/"' in out


def test_the_output_sanitized_again_is_unchanged(tmp_path, capsys):
    assert main(["sanitize", _write(tmp_path, HOSTILE)]) == 0
    first = capsys.readouterr().out
    assert main(["sanitize", _write(tmp_path, first, "again.html")]) == 0
    assert capsys.readouterr().out == first


def test_an_empty_result_prints_nothing(tmp_path, capsys):
    assert main(["sanitize", _write(tmp_path, "<script>x</script>")]) == 0
    assert capsys.readouterr().out == ""


def test_policy_from_a_json_file(tmp_path, capsys):
    policy = _write(tmp_path, TEXT_FORMATTING_POLICY.to_json(), "policy.json")
    text = "<h1>Title</h1><p>a <b>b</b> <table><tr><td>c</table>"
    assert main(["sanitize", "--policy", policy, _write(tmp_path, text)]) == 0
    out = capsys.readouterr().out
    assert out == _output(sanitize(text, policy=TEXT_FORMATTING_POLICY))
    assert out != _output(sanitize(text, policy=DEFAULT_POLICY)) or (
        TEXT_FORMATTING_POLICY.elements == DEFAULT_POLICY.elements)


def test_context(tmp_path, capsys):
    text = "<td>cell <b>x</b></td><td onclick=y>2"
    assert main(["sanitize", "--context", "tr", _write(tmp_path, text)]) == 0
    assert capsys.readouterr().out == _output(sanitize(text, context="tr"))


@pytest.mark.parametrize("context", ["script", "textarea", "tabel", "foo bar"])
def test_a_context_sanitize_refuses_is_one_line_and_status_2(tmp_path, capsys, context):
    assert main(["sanitize", "--context", context, _write(tmp_path, "x")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("markup5: ") and captured.err.count("\n") == 1


def test_document(tmp_path, capsys):
    text = ("<!DOCTYPE html><html><head><title>T</title><script>x()</script></head>"
            "<body onload=y()><p>Hi <a href=javascript:z>l</a></p></body></html>")
    path = _write(tmp_path, text)
    assert main(["sanitize", "--document", path]) == 0
    out = capsys.readouterr().out
    assert out == _output(Sanitizer().sanitize_document(parse(Path(path).read_bytes())))
    assert "<script" not in out and "onload" not in out and "javascript:" not in out


def test_document_and_context_together_are_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        main(["sanitize", "--document", "--context", "td", _write(tmp_path, "x")])
    assert info.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_encoding(tmp_path, capsys):
    path = tmp_path / "latin.html"
    path.write_bytes(b"<p>caf\xe9 <i>cr\xe8me</i></p>")
    assert main(["sanitize", "--encoding", "windows-1252", str(path)]) == 0
    assert capsys.readouterr().out == _output(sanitize("<p>caf\u00e9 <i>cr\u00e8me</i></p>"))
    # A fragment has no declaration of its own: UTF-8 by default, as for
    # parse --fragment (the byte E9 is not UTF-8: U+FFFD).
    assert main(["sanitize", str(path)]) == 0
    assert "caf\ufffd" in capsys.readouterr().out
    assert main(["sanitize", "--encoding", "no-such", str(path)]) == 2
    assert "unknown encoding 'no-such'" in capsys.readouterr().err


BAD_POLICIES = [
    ("not json", "{elements: [b]"),
    ("unknown key", '{"elements": ["b"], "no_such_field": true}'),
    ("wrong type", '{"elements": 5}'),
    ("a forbidden element", '{"elements": ["b", "script"]}'),
    ("not an object", '["b", "i"]'),
]


@pytest.mark.parametrize("what, text", BAD_POLICIES, ids=[b[0] for b in BAD_POLICIES])
def test_a_bad_policy_file_is_one_line_and_status_2(tmp_path, capsys, what, text):
    policy = _write(tmp_path, text, "policy.json")
    assert main(["sanitize", "--policy", policy, _write(tmp_path, "<b>x</b>")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"markup5: {policy}: bad policy: ")
    assert captured.err.count("\n") == 1


def test_a_policy_file_that_cannot_be_read(tmp_path, capsys):
    page = _write(tmp_path, "<b>x</b>")
    missing = str(tmp_path / "missing.json")
    assert main(["sanitize", "--policy", missing, page]) == 2
    assert capsys.readouterr().err.startswith(f"markup5: {missing}: cannot read the policy: ")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b'{"elements": ["\xff"]}')
    assert main(["sanitize", "--policy", str(binary), page]) == 2
    assert capsys.readouterr().err == f"markup5: {binary}: the policy file is not UTF-8\n"


def test_standard_input_through_python_m_markup5():
    proc = subprocess.run([sys.executable, "-m", "markup5", "sanitize", "-"],
                          input=HOSTILE.encode("utf-8"), capture_output=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout.decode("utf-8") == _output(sanitize(HOSTILE))
