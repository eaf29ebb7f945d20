"""The input stream's scan for its parse errors (HTML §13.2.3.5): the
byte test that says whether a chunk holds a problem character
(``_has_bmp_problem``) must answer exactly what the regex class does, for
every code point and whatever the str's storage width, and the errors
found must be those of a plain regex scan.  The same test on the bytes a
document was decoded from as UTF-8 (``utf8_has_bmp_problem``, which a
parse of one chunk of bytes uses) must never miss one either."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import markup5
from markup5.html import inputstream
from markup5.html.inputstream import (
    _TRIES,
    ASTRAL_CANDIDATES,
    PROBLEM_CHARACTERS,
    InputStream,
    _has_bmp_problem,
    _problem_code,
    utf8_has_bmp_problem,
    utf8_may_have_astral_noncharacter,
)

#: A character for each storage width of a CPython str (ASCII, Latin-1, UCS-2,
#: UCS-4) to put beside the code point tried, and none.
_WIDTHS = ("", "a", "\u00e9", "\u0100", "\U00010000")


def test_every_bmp_code_point_in_every_width() -> None:
    for code in range(0x10000):
        c = chr(code)
        expected = PROBLEM_CHARACTERS.search(c) is not None
        for width in _WIDTHS:
            for text in (width + c, c + width + "x"):
                assert _has_bmp_problem(text) is expected, (hex(code), width)


def test_no_astral_code_point_is_a_bmp_problem() -> None:
    # (The astral noncharacters are ASTRAL_CANDIDATES' business.)  Planes 1
    # to 16 in blocks, each block one chunk: any false positive fails it.
    step = 0x8000
    for start in range(0x10000, 0x110000, step):
        chunk = "".join(map(chr, range(start, min(start + step, 0x110000))))
        assert not _has_bmp_problem(chunk), hex(start)
        assert not _has_bmp_problem("\u00e9" + chunk)


def test_neighbours_of_the_lead_bytes_are_not_problems() -> None:
    # Characters whose UTF-8 starts with C2, ED or EF but are allowed:
    # NBSP, Hangul syllables up to U+D7FF, U+FDCF, U+FDF0, U+FFFD.
    for c in "\u00a0\u00bf\ud000\ud7ff\uf000\ufdcf\ufdf0\ufefc\ufffd":
        assert not _has_bmp_problem("text " + c + " text"), hex(ord(c))
    for c in "\u0080\u009f\ud800\udfff\ufdd0\ufdef\ufffe\uffff\x01\x0b\x7f":
        assert _has_bmp_problem("text\u00a0" + c + " text"), hex(ord(c))


def _regex_problems(text: str) -> list[tuple[str, int]]:
    found = [(_problem_code(m.group()), m.start()) for m in PROBLEM_CHARACTERS.finditer(text)]
    found += [("noncharacter-in-input-stream", m.start()) for m in ASTRAL_CANDIDATES.finditer(text)
              if ord(m.group()) & 0xFFFE == 0xFFFE]
    return sorted(found, key=lambda problem: problem[1])


_characters = st.sampled_from(
    "a\t\n\x0c \x01\x0b\x1f\x7f\x80\x9f\xa0\xe9\u0100\ud7ff\ud800\udfff\ufdcf\ufdd0"
    "\ufdef\ufdf0\ufffd\ufffe\uffff\U0001fffe\U0001ffff\U00010000\U0010ffff")


@given(st.lists(st.text(_characters, max_size=12), max_size=5))
def test_problems_are_those_of_a_regex_scan(chunks: list[str]) -> None:
    stream = InputStream()
    for chunk in chunks:
        stream.push(chunk)
    stream.push("", final=True)
    assert stream.problems() == _regex_problems("".join(chunks))


def test_a_parse_reports_them_at_their_offsets() -> None:
    text = "<p>caf\u00e9 \x01 \u0085 \ufdd0 \udc00 \U0010ffff</p>"
    document = markup5.parse(text)
    found = [(e.code, e.offset) for e in document.errors if "input-stream" in e.code]
    assert found == [("control-character-in-input-stream", text.index("\x01")),
                     ("control-character-in-input-stream", text.index("\u0085")),
                     ("noncharacter-in-input-stream", text.index("\ufdd0")),
                     ("surrogate-in-input-stream", text.index("\udc00")),
                     ("noncharacter-in-input-stream", text.index("\U0010ffff"))]


def test_the_utf8_test_answers_for_every_bmp_code_point() -> None:
    for code in range(0x10000):
        c = chr(code)
        expected = PROBLEM_CHARACTERS.search(c) is not None
        for width in _WIDTHS:
            data = (width + c + "x").encode("utf-8", "surrogatepass")
            assert utf8_has_bmp_problem(data) is expected, (hex(code), width)


def test_many_lead_bytes_before_a_problem() -> None:
    # Past _TRIES harmless NBSPs (C2 A0), Hangul syllables (ED 9E xx) or
    # U+FEFF (EF BB BF), the rest of the text is left to one search: a
    # problem after them is still found, at any distance.
    for harmless, problem in (("\u00a0", "\u0085"), ("\ud7a3", "\ud800"),
                              ("\ufeff", "\uffff")):
        for count in (_TRIES - 1, _TRIES, _TRIES + 1, 5 * _TRIES):
            text = ("a" + harmless) * count
            assert not _has_bmp_problem(text)
            assert _has_bmp_problem(text + problem + "b"), (hex(ord(problem)), count)
            assert _has_bmp_problem(problem + text)


def test_the_utf8_astral_test_answers_for_every_plane() -> None:
    # Exact on UTF-8: each plane's two noncharacters, and none of the code
    # points around them; past _TRIES emoji it leaves the answer to the
    # text's own scan (True), which is then the faster.
    for plane in range(1, 17):
        top = plane << 16 | 0xFFFF
        for code in (top - 1, top):
            data = ("a\U0001f600" + chr(code) + "b").encode()
            assert utf8_may_have_astral_noncharacter(data), hex(code)
        for code in (top - 2, (plane << 16) | 0xFFFD, plane << 16, (plane << 16) | 0xBFBE):
            assert not utf8_may_have_astral_noncharacter(("a" + chr(code)).encode()), hex(code)
    few = "\U0001f600 \U0001f9ff " * (_TRIES // 2)
    assert not utf8_may_have_astral_noncharacter(few.encode())
    assert utf8_may_have_astral_noncharacter((few + "\U0001fffe").encode())
    assert utf8_may_have_astral_noncharacter((few + "\U0001f600").encode())
    many = few * 3
    text = "<p>" + many + "\U0001fffe" + many
    found = _stream_errors(markup5.parse(text.encode()))
    assert found == [("noncharacter-in-input-stream", text.index("\U0001fffe"))]
    assert _stream_errors(markup5.parse(("<p>" + many).encode())) == []


# Bytes that make UTF-8 of every kind, and of none: ASCII, the controls,
# lead bytes of each length, continuation bytes, and bytes never in UTF-8.
_bytes = st.lists(st.sampled_from(
    [b"a", b"\t", b"\n", b"\r", b"\x00", b"\x01", b"\x0b", b"\x1f", b"\x7f", b"\xc2",
     b"\xc3", b"\xed", b"\xef", b"\xf0", b"\xf4", b"\x80", b"\x85", b"\x9f", b"\xa0",
     b"\xb7", b"\xbb", b"\xbe", b"\xbf", b"\x90", b"\xff", b"\xc2\x85", b"\xef\xb7\x90",
     b"\xef\xbf\xbe", b"\xed\xa0\x80", b"\xf0\x9f\xbf\xbf", b"\xef\xbb\xbf",
     b"\xf0\x9f\x98\x80", b"\xf3\xbf\xbf\xbe", b"\xf4\x8f\xbf\xbf", b"\xf1\x80\x80\x80",
     b"\xf0\x8f\xbf\xbe", b"\xf4\x9f\xbf\xbf"]),
    max_size=24).map(b"".join)


def _stream_errors(document: markup5.dom.Document) -> list[tuple[str, int | None]]:
    return [(e.code, e.offset) for e in document.errors if e.code.endswith("-in-input-stream")]


@given(_bytes)
def test_a_parse_of_utf8_bytes_finds_what_a_scan_of_its_text_finds(data: bytes) -> None:
    # One chunk of bytes decoded as UTF-8: the stream is scanned by its
    # bytes.  Fed in two chunks, the parser scans the text: the same errors.
    whole = markup5.parse(b"<p>" + data, transport_encoding="utf-8")
    parser = markup5.HTMLParser(transport_encoding="utf-8")
    parser.feed(b"<p>")
    parser.feed(data)
    assert _stream_errors(whole) == _stream_errors(parser.close())
    assert whole.encoding == "UTF-8"


def test_the_bytes_are_scanned_only_when_decoded_as_utf8(
        monkeypatch: pytest.MonkeyPatch) -> None:
    scanned: list[str] = []

    def spy(chunk: str) -> bool:
        scanned.append(chunk)
        return True

    monkeypatch.setattr(inputstream, "_has_bmp_problem", spy)
    text = "<p>caf\u00e9 \u00a0 \ufeff text</p>"
    assert _stream_errors(markup5.parse(text.encode())) == []
    assert scanned == []  # (UTF-8, found clean by its bytes: the text is not encoded)
    found = _stream_errors(markup5.parse((text + "\x01").encode()))
    assert found == [("control-character-in-input-stream", len(text))]
    assert scanned  # (a problem byte: the text is scanned, which finds where)
    scanned.clear()
    markup5.parse(text.encode("windows-1252", "replace"), transport_encoding="windows-1252").errors
    assert scanned  # (not UTF-8: the text)
    scanned.clear()
    markup5.parse(text).errors
    assert scanned  # (a str: no bytes)


def test_the_astral_scan_is_skipped_when_the_utf8_bytes_have_no_noncharacter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []

    class Spy:
        def search(self, chunk: str) -> object:
            searched.append(chunk)
            return ASTRAL_CANDIDATES.search(chunk)

        def finditer(self, chunk: str) -> object:
            return ASTRAL_CANDIDATES.finditer(chunk)

    monkeypatch.setattr(inputstream, "ASTRAL_CANDIDATES", Spy())
    text = "<p>emoji \U0001f600 and \U00020000</p>"
    assert _stream_errors(markup5.parse(text.encode())) == []
    assert searched == []  # (no noncharacter in the bytes: the text is not searched)
    found = _stream_errors(markup5.parse((text + "\U0010ffff").encode()))
    assert found == [("noncharacter-in-input-stream", len(text))]
    assert searched  # (one in the bytes: the text is searched, which finds where)
    searched.clear()
    assert _stream_errors(markup5.parse(text)) == []
    assert searched  # (a str: no bytes)
