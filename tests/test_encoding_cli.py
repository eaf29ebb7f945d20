"""The command line reads HTML as bytes and sniffs their encoding."""

from __future__ import annotations

import json

from markup5.cli import main

KOI8_PAGE = "<meta charset=koi8-r><p>\u0430\u0431\u0432".encode("koi8-r")


def test_parse_sniffs_the_meta(tmp_path, capsys):
    page = tmp_path / "koi8.html"
    page.write_bytes(KOI8_PAGE)
    assert main(["parse", str(page)]) == 0
    assert "<p>\u0430\u0431\u0432</p>" in capsys.readouterr().out


def test_tokenize_sniffs_the_meta(tmp_path, capsys):
    page = tmp_path / "koi8.html"
    page.write_bytes(KOI8_PAGE)
    assert main(["tokenize", str(page)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[-1]) == ["Character", "\u0430\u0431\u0432"]


def test_default_is_windows_1252(tmp_path, capsys):
    page = tmp_path / "plain.html"
    page.write_bytes("<p>caf\u00e9".encode("utf-8"))
    # Without autodetection (which finds UTF-8 here: tests/test_encoding_detect.py).
    assert main(["parse", "--no-detect", str(page)]) == 0
    assert "caf\u00c3\u00a9" in capsys.readouterr().out


def test_encoding_option_is_the_transport_layer(tmp_path, capsys):
    page = tmp_path / "plain.html"
    page.write_bytes("<meta charset=koi8-r><p>caf\u00e9".encode("utf-8"))
    assert main(["parse", "--encoding", "UTF-8", str(page)]) == 0
    assert "caf\u00e9" in capsys.readouterr().out
    # A BOM still wins.
    page.write_bytes("\ufeff<p>\u00e9".encode("utf-16-le"))
    assert main(["parse", "--encoding", "koi8-r", str(page)]) == 0
    assert "<p>\u00e9</p>" in capsys.readouterr().out


def test_check_reads_bytes(tmp_path, capsys):
    page = tmp_path / "late.html"
    page.write_bytes(b"<!DOCTYPE html><html lang=en><title>" + b"\xd0\xb0" * 800
                     + b"</title><meta charset=utf-8><p>ok")
    assert main(["check", str(page)]) == 0
    assert capsys.readouterr().out == ""


def test_fragment_bytes_are_utf8_unless_told(tmp_path, capsys):
    page = tmp_path / "frag.html"
    page.write_bytes("<b>\u00e9</b>".encode("utf-8"))
    assert main(["parse", "--fragment", "div", str(page)]) == 0
    assert capsys.readouterr().out == "<b>\u00e9</b>\n"
    page.write_bytes("<b>\u00e9</b>".encode("latin-1"))
    assert main(["parse", "--fragment", "div", "--encoding", "latin1", str(page)]) == 0
    assert capsys.readouterr().out == "<b>\u00e9</b>\n"


def test_unknown_encoding_label(tmp_path, capsys):
    page = tmp_path / "x.html"
    page.write_bytes(b"x")
    for command in ("parse", "tokenize", "check"):
        assert main([command, "--encoding", "utf-7", str(page)]) == 2
        err = capsys.readouterr().err
        assert "unknown encoding 'utf-7'" in err and len(err.splitlines()) == 1
