"""Encoding autodetection (markup5.encoding.detect, HTML §13.2.3.2's optional
autodetection step): the detector on constructed bytes, how parse() and
HTMLParser use it (detect=True by default, detect=False for the standard's
default), Document.encoding_source, and that the incremental parser's
result never depends on the chunks.

The window's edges are Chromium's, as measured with
tools/encoding_chromium.py (Chromium 156, file: URLs): an "é" ending at byte
262,144 makes a page UTF-8, one starting at byte 262,143 (cut by the
window's end) or later does not."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import markup5
from markup5 import HTMLParser, parse
from markup5.encoding import DETECT_LENGTH, detect_encoding
from markup5.treedump import dump_tree

E_ACUTE = "\u00e9".encode("utf-8")  # C3 A9


def summary(document) -> tuple:
    return (dump_tree(document), document.encoding, document.encoding_confidence,
            document.encoding_source, [(e.code, e.line, e.col) for e in document.errors])


def fed(data: bytes, cuts, **kwargs):
    parser = HTMLParser(**kwargs)
    previous = 0
    for cut in sorted(set(cuts)):
        parser.feed(data[previous:cut])
        previous = cut
    parser.feed(data[previous:])
    return parser.close()


def text_of(document, tag: str = "p") -> str:
    return document.get_elements_by_tag_name(tag)[0].text_content


# The detector ------------------------------------------------------------------

@pytest.mark.parametrize("data", [
    "caf\u00e9".encode("utf-8"),
    "\u20ac 5".encode("utf-8"),
    "\U0001F600".encode("utf-8"),              # four bytes
    "\u041f\u0440\u0438\u0432\u0435\u0442".encode("utf-8"),
    "\u65e5\u672c\u8a9e".encode("utf-8"),
    "\uffff \U0010FFFF".encode("utf-8"),       # the edges of the code space
])
def test_valid_utf8_with_non_ascii_is_utf8(data: bytes) -> None:
    assert detect_encoding(data) == "UTF-8"
    assert detect_encoding(b"<!DOCTYPE html><p>" + data + b"</p>") == "UTF-8"


@pytest.mark.parametrize("data, why", [
    (b"", "nothing"),
    (b"<p>plain ASCII</p>", "all ASCII: every ASCII-compatible encoding agrees"),
    (b"caf\xe9", "windows-1252's e-acute"),
    (b"\xc3\xa9 and \xe9", "valid UTF-8, then a lone byte"),
    (b"\xc0\x80", "overlong NUL"),
    (b"\xe0\x80\xaf", "overlong slash"),
    (b"\xed\xa0\x80", "a surrogate"),
    (b"\xf4\x90\x80\x80", "above U+10FFFF"),
    (b"\xf8\x88\x80\x80\x80", "a five-byte form"),
    (b"\x80", "a lone continuation byte"),
    (b"ok \xe2\x82", "truncated at the end"),
    (b"\xfe\xff", "bytes UTF-8 never has (a UTF-16 BOM is BOM sniffing's, not this)"),
])
def test_anything_else_gets_no_guess(data: bytes, why: str) -> None:
    assert detect_encoding(data) is None, why


def test_only_the_window_is_read() -> None:
    # Bytes after the first DETECT_LENGTH are not looked at, whatever they are.
    assert DETECT_LENGTH == 262144
    assert detect_encoding(E_ACUTE + b"x" * DETECT_LENGTH + b"\xff" * 100000) == "UTF-8"
    assert detect_encoding(b"x" * DETECT_LENGTH + E_ACUTE) is None


@pytest.mark.parametrize("start, expected", [
    (DETECT_LENGTH - 2, "UTF-8"),   # the sequence ends at the window's end
    (DETECT_LENGTH - 1, None),      # cut by the window's end: left out, all ASCII, as in Chromium
    (DETECT_LENGTH, None),          # after the window: all ASCII
])
def test_window_edge(start: int, expected: str | None) -> None:
    data = b"x" * start + E_ACUTE + b"\n"
    assert detect_encoding(data) == expected


@pytest.mark.parametrize("prefix", [b"<p>", b"<p>x", b"<p>xx"])
def test_text_cut_by_the_window_end(prefix: bytes) -> None:
    # Non-ASCII UTF-8 text past the window's end: whichever character the
    # cut falls in, the page is UTF-8, as in Chromium (measured with
    # tools/encoding_chromium.py on such pages); a cut sequence was
    # counted invalid, and then two pages in three of undeclared CJK text
    # over 256 KiB were windows-1252.
    for character in ("\u00e9", "\u4e2d", "\U0001F600"):
        data = prefix + character.encode("utf-8") * (DETECT_LENGTH // 2)
        assert detect_encoding(data) == "UTF-8", (prefix, character)
        assert parse(data).encoding == "UTF-8", (prefix, character)


def test_detect_encoding_takes_bytes() -> None:
    assert detect_encoding(bytearray(E_ACUTE)) == "UTF-8"
    assert detect_encoding(memoryview(E_ACUTE)) == "UTF-8"
    with pytest.raises(TypeError, match="detect_encoding\\(\\) takes bytes, not str"):
        detect_encoding("caf\u00e9")  # type: ignore[arg-type]


def test_exported() -> None:
    assert markup5.encoding.detect_encoding is detect_encoding
    assert "detect_encoding" in markup5.encoding.__all__


# parse() -----------------------------------------------------------------------

def test_undeclared_utf8_is_detected() -> None:
    document = parse("<!DOCTYPE html><p>LONDON \u2014 caf\u00e9</p>".encode("utf-8"))
    assert text_of(document) == "LONDON \u2014 caf\u00e9"
    # "tentative", as the standard says for an autodetected encoding.
    assert (document.encoding, document.encoding_confidence,
            document.encoding_source) == ("UTF-8", "tentative", "detected")


def test_detect_false_is_the_standards_default() -> None:
    document = parse("<p>LONDON \u2014</p>".encode("utf-8"), detect=False)
    assert text_of(document) == "LONDON \u00e2\u20ac\u201d"
    assert (document.encoding, document.encoding_confidence,
            document.encoding_source) == ("windows-1252", "tentative", "default")


def test_legacy_bytes_keep_the_default() -> None:
    document = parse(b"<p>caf\xe9</p>")
    assert text_of(document) == "caf\u00e9"
    assert (document.encoding, document.encoding_source) == ("windows-1252", "default")
    document = parse(b"<p>\xcf\xf0\xe8\xe2\xe5\xf2</p>", default_encoding="windows-1251")
    assert text_of(document) == "\u041f\u0440\u0438\u0432\u0435\u0442"
    assert (document.encoding, document.encoding_source) == ("windows-1251", "default")


def test_all_ascii_keeps_the_default() -> None:
    document = parse(b"<p>plain</p>", default_encoding="windows-1251")
    assert (document.encoding, document.encoding_source) == ("windows-1251", "default")


def test_detection_overrides_any_ascii_compatible_default() -> None:
    document = parse("<p>\u00e9</p>".encode("utf-8"), default_encoding="windows-1251")
    assert (document.encoding, document.encoding_source) == ("UTF-8", "detected")
    assert text_of(document) == "\u00e9"


def test_no_detection_with_a_default_that_is_not_ascii_compatible() -> None:
    # UTF-16 bytes decode ASCII differently: the default is taken as it is.
    data = "<p>\u00e9</p>".encode("utf-16-le")
    document = parse(data, default_encoding="utf-16le")
    assert (document.encoding, document.encoding_source) == ("UTF-16LE", "default")
    assert text_of(document) == "\u00e9"


@pytest.mark.parametrize("data, kwargs, expected", [
    # Every step before autodetection wins over it, even against the bytes.
    (b"\xef\xbb\xbf<p>\xc3\xa9", {}, ("UTF-8", "certain", "bom")),
    (b"<p>\xc3\xa9", {"transport_encoding": "latin1"}, ("windows-1252", "certain", "transport")),
    (b"<meta charset=windows-1252><p>\xc3\xa9", {}, ("windows-1252", "certain", "prescan")),
    (b"<meta charset=utf-8><p>\xc3\xa9", {}, ("UTF-8", "certain", "prescan")),
    (b"<?xml version='1.0' encoding='koi8-r'?><p>\xc3\xa9", {},
     ("KOI8-R", "tentative", "prescan")),
])
def test_declarations_come_first(data: bytes, kwargs: dict[str, str],
                                 expected: tuple[str, str, str]) -> None:
    document = parse(data, **kwargs)
    assert (document.encoding, document.encoding_confidence,
            document.encoding_source) == expected


PAD = b"<title>" + b"x" * 2000 + b"</title>"  # a <meta> after it is beyond the prescan


def test_a_late_meta_overrides_a_detected_encoding() -> None:
    data = PAD + b"<p>\xc3\xa9</p><meta charset=windows-1252>"
    document = parse(data)
    assert (document.encoding, document.encoding_confidence,
            document.encoding_source) == ("windows-1252", "certain", "meta")
    assert text_of(document) == "\u00c3\u00a9"  # re-parsed with the declared encoding


def test_a_late_meta_confirming_a_detected_encoding() -> None:
    document = parse(PAD + b"<meta charset=utf-8><p>\xc3\xa9</p>")
    assert (document.encoding, document.encoding_confidence,
            document.encoding_source) == ("UTF-8", "certain", "meta")


def test_a_late_meta_before_the_first_non_ascii_byte_ends_detection() -> None:
    # The <meta> among the ASCII bytes switches the decoder; the UTF-8-looking
    # bytes after it are then read as it says.
    document = parse(PAD + b"<meta charset=koi8-r><p>\xc3\xa9</p>")
    assert (document.encoding, document.encoding_confidence,
            document.encoding_source) == ("KOI8-R", "certain", "meta")
    assert text_of(document) == b"\xc3\xa9".decode("koi8-r")
    # A <meta> naming the default declares it (no longer the default's guess).
    document = parse(PAD + b"<meta charset=windows-1252><p>caf\xe9</p>")
    assert (document.encoding, document.encoding_confidence,
            document.encoding_source) == ("windows-1252", "certain", "meta")


def test_prescan_source_survives_the_same_meta() -> None:
    document = parse(b"<meta charset=koi8-r><p>\xc1</p>")
    assert (document.encoding, document.encoding_confidence,
            document.encoding_source) == ("KOI8-R", "certain", "prescan")


def test_str_input_has_no_source() -> None:
    document = parse("<p>caf\u00e9")
    assert (document.encoding, document.encoding_confidence,
            document.encoding_source) == ("UTF-8", "irrelevant", None)
    assert markup5.Document().encoding_source is None
    assert HTMLParser().close().encoding_source is None


#: In the compiled build mypyc checks the argument types before the parser's
#: own check: still a TypeError, but its message does not name the parameter.
COMPILED_STAGE = os.environ.get("MARKUP5_EXPECT_COMPILED") == "1"


@pytest.mark.parametrize("bad", [None, 1, "yes"])
def test_detect_must_be_a_bool(bad: object) -> None:
    message = None if COMPILED_STAGE else "detect must be a bool"
    with pytest.raises(TypeError, match=message):
        parse(b"x", detect=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        HTMLParser(detect=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("start, expected", [
    (DETECT_LENGTH - 2, "UTF-8"),
    (DETECT_LENGTH - 1, "windows-1252"),
    (DETECT_LENGTH, "windows-1252"),
])
def test_parse_window_edge(start: int, expected: str) -> None:
    head = b"<!DOCTYPE html><p>"
    data = head + b"a" * (start - len(head)) + E_ACUTE + b"\n"
    assert parse(data).encoding == expected
    # The same cut into chunks across the window's edge.
    assert fed(data, [1000, start - 1, start, start + 1]).encoding == expected
    assert fed(data, range(0, len(data), 65536)).encoding == expected


# HTMLParser: the same document whatever the chunks ------------------------------------

DOCUMENTS = [
    "<!DOCTYPE html><p>caf\u00e9 \u20ac \U0001F600</p>".encode("utf-8"),
    b"<p>caf\xe9</p>",                                           # not UTF-8
    b"<p>\xc3\xa9 then \xe9</p>",                                # UTF-8, then not
    b"<p>\xe2\x82",                                              # cut at the end
    PAD + b"<p>\xc3\xa9</p>",                                    # detected after 1024 bytes
    PAD + b"<p>\xc3\xa9</p><meta charset=windows-1252>",         # then re-parsed
    PAD + b"<meta charset=koi8-r><p>\xc3\xa9</p>",               # the meta first
    PAD + b"<meta charset=utf-8><p>\xc3\xa9</p>",
    b"\xef\xbb\xbf<p>\xc3\xa9</p>",
    b"<p>" + b"a" * 5000 + b"\xc3\xa9",
]


@pytest.mark.parametrize("data", DOCUMENTS)
def test_byte_at_a_time_is_the_same(data: bytes) -> None:
    assert summary(fed(data, range(len(data)))) == summary(parse(data))


@pytest.mark.parametrize("data", DOCUMENTS)
def test_detect_false_byte_at_a_time_is_the_same(data: bytes) -> None:
    assert summary(fed(data, range(len(data)), detect=False)) == summary(parse(data,
                                                                              detect=False))


@given(st.data())
@settings(max_examples=100, deadline=None)
def test_any_chunking_is_the_same(data: st.DataObject) -> None:
    document = data.draw(st.sampled_from(DOCUMENTS))
    cuts = data.draw(st.lists(st.integers(0, len(document)), max_size=8))
    assert summary(fed(document, cuts)) == summary(parse(document))


def test_parser_reports_the_source_as_it_goes() -> None:
    parser = HTMLParser()
    parser.feed(b"<p>" + b"a" * 2000)
    assert (parser.encoding, parser.encoding_source) == ("windows-1252", "default")
    parser.feed(E_ACUTE)  # held back until the window is complete, or close()
    assert parser.encoding_source == "default"
    document = parser.close()
    assert (parser.encoding, parser.encoding_source) == ("UTF-8", "detected")
    assert text_of(document).endswith("a\u00e9")


# The command line ------------------------------------------------------------------

def test_cli_detects_and_no_detect_skips(tmp_path, capsys) -> None:
    from markup5.cli import main
    page = tmp_path / "page.html"
    page.write_bytes("<p>caf\u00e9".encode("utf-8"))
    assert main(["text", str(page)]) == 0
    assert capsys.readouterr().out == "caf\u00e9\n"
    assert main(["text", "--no-detect", str(page)]) == 0
    assert capsys.readouterr().out == "caf\u00c3\u00a9\n"


# -- the tokenizer's bytes path takes the same step (markup5.tokenize, the CLI) --

def test_tokenize_bytes_autodetects_as_parse_does() -> None:
    data = "<p>Café crème".encode("utf-8")
    [_, chars] = [t for t in markup5.tokenize(data)]
    assert chars.data == "Café crème"
    assert chars.data == markup5.parse(data).body.text
    [_, legacy] = [t for t in markup5.tokenize(data, detect=False)]
    assert legacy.data == data[3:].decode("windows-1252")


def test_tokenize_bytes_detection_yields_to_declarations() -> None:
    data = '<meta charset="windows-1252"><p>Café'.encode("utf-8")
    tokens = list(markup5.tokenize(data))
    assert tokens[-1].data == "CafÃ©"
    with pytest.raises(TypeError, match="detect must be a bool"):
        markup5.tokenize(data, detect="no")  # type: ignore[arg-type]


def test_cli_tokenize_detects_and_no_detect_turns_it_off(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_bytes("<p>Café".encode("utf-8"))
    run = [sys.executable, "-m", "markup5", "tokenize", str(page)]
    detected = subprocess.run(run, capture_output=True, check=True).stdout.decode("utf-8")
    assert "Café" in detected
    legacy = subprocess.run(run + ["--no-detect"], capture_output=True,
                            check=True).stdout.decode("utf-8")
    assert "CafÃ©" in legacy
