"""The Encoding Standard's decoders: exact output, errors, streaming."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from markup5.encoding import ENCODINGS, bom_sniff, decode, lookup
from markup5.encoding.decoders import _index, gb18030_ranges_code_point

FIXTURES = Path(__file__).parent / "fixtures" / "encoding-indexes"
SINGLE_BYTE_INDEXES = json.loads((FIXTURES / "single-byte.json").read_text("utf-8"))
SINGLE_BYTE_NAMES = {e.name.lower(): e.name for e in ENCODINGS.values()}


def chunked(name: str, data: bytes, sizes) -> str:
    decoder = ENCODINGS[name].decoder()
    out, i = [], 0
    for size in sizes:
        out.append(decoder.decode(data[i:i + size]))
        i += size
    out.append(decoder.decode(data[i:], final=True))
    return "".join(out)


# Single-byte encodings ---------------------------------------------------------

@pytest.mark.parametrize("key", sorted(SINGLE_BYTE_INDEXES))
def test_single_byte_decoder_against_index_every_byte(key):
    """Every byte of every single-byte encoding, against a second copy of the
    standard's index (tests/fixtures/encoding-indexes)."""
    index = SINGLE_BYTE_INDEXES[key]
    encoding = ENCODINGS[SINGLE_BYTE_NAMES[key]]
    for byte in range(256):
        if byte < 0x80:
            expected = chr(byte)
        else:
            code_point = index[byte - 0x80]
            expected = "\ufffd" if code_point is None else chr(code_point)
        assert encoding.decode(bytes([byte])) == expected, hex(byte)
    # And all 256 at once, through one C call.
    whole = encoding.decode(bytes(range(256)))
    assert whole == "".join(encoding.decode(bytes([b])) for b in range(256))


def test_iso_8859_8_i_is_iso_8859_8():
    data = bytes(range(256))
    assert ENCODINGS["ISO-8859-8-I"].decode(data) == ENCODINGS["ISO-8859-8"].decode(data)


@pytest.mark.parametrize("byte, char", [(0x81, "\x81"), (0x8D, "\x8d"), (0x8F, "\x8f"),
                                        (0x90, "\x90"), (0x9D, "\x9d"), (0x80, "\u20ac"),
                                        (0x9F, "\u0178"), (0xFF, "\xff")])
def test_windows_1252_where_python_cp1252_differs(byte, char):
    assert lookup("latin1").decode(bytes([byte])) == char


def test_x_user_defined():
    data = bytes(range(256))
    expected = "".join(map(chr, range(128))) + "".join(chr(0xF780 + i) for i in range(128))
    assert lookup("x-user-defined").decode(data) == expected


def test_replacement():
    replacement = ENCODINGS["replacement"]
    assert replacement.decode(b"") == ""
    assert replacement.decode(b"anything at all\x80") == "\ufffd"
    decoder = replacement.decoder()
    assert decoder.decode(b"") == ""
    assert decoder.decode(b"a") == "\ufffd"
    assert decoder.decode(b"bc", final=True) == ""


# UTF-8 ---------------------------------------------------------------------------

def reference_utf8(data: bytes) -> str:
    """The standard's UTF-8 decoder, step by step (for comparison)."""
    out = []
    code_point = bytes_seen = bytes_needed = 0
    lower, upper = 0x80, 0xBF
    queue = list(data)
    i = 0
    while True:
        byte = queue[i] if i < len(queue) else None
        i += 1
        if byte is None:
            if bytes_needed:
                out.append("\ufffd")
            return "".join(out)
        if bytes_needed == 0:
            if byte <= 0x7F:
                out.append(chr(byte))
            elif 0xC2 <= byte <= 0xDF:
                bytes_needed, code_point = 1, byte & 0x1F
            elif 0xE0 <= byte <= 0xEF:
                if byte == 0xE0:
                    lower = 0xA0
                if byte == 0xED:
                    upper = 0x9F
                bytes_needed, code_point = 2, byte & 0xF
            elif 0xF0 <= byte <= 0xF4:
                if byte == 0xF0:
                    lower = 0x90
                if byte == 0xF4:
                    upper = 0x8F
                bytes_needed, code_point = 3, byte & 0x7
            else:
                out.append("\ufffd")
            continue
        if not lower <= byte <= upper:
            code_point = bytes_needed = bytes_seen = 0
            lower, upper = 0x80, 0xBF
            i -= 1  # restore
            out.append("\ufffd")
            continue
        lower, upper = 0x80, 0xBF
        code_point = (code_point << 6) | (byte & 0x3F)
        bytes_seen += 1
        if bytes_seen != bytes_needed:
            continue
        out.append(chr(code_point))
        code_point = bytes_needed = bytes_seen = 0


INTERESTING_UTF8 = bytes([0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                          0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF])


def test_utf8_all_two_byte_sequences_match_the_standard():
    utf8 = ENCODINGS["UTF-8"]
    for a in range(256):
        for b in range(256):
            data = bytes((a, b))
            assert utf8.decode(data) == reference_utf8(data), data


def test_utf8_sequences_of_interesting_bytes_match_the_standard():
    # Python's "replace" handler replaces each maximal subpart with one
    # U+FFFD: the same as the standard's decoder, sequence by sequence.
    utf8 = ENCODINGS["UTF-8"]
    for length in (3, 4):
        for seq in itertools.product(INTERESTING_UTF8, repeat=length):
            data = bytes(seq)
            assert utf8.decode(data) == reference_utf8(data), data


@given(st.binary(max_size=64), st.lists(st.integers(0, 8), max_size=10))
@settings(max_examples=300)
def test_utf8_random_bytes_and_splits(data, sizes):
    assert ENCODINGS["UTF-8"].decode(data) == reference_utf8(data)
    assert chunked("UTF-8", data, sizes) == reference_utf8(data)


# UTF-16 --------------------------------------------------------------------------

def reference_utf16(data: bytes, big_endian: bool) -> str:
    """The standard's shared UTF-16 decoder, step by step."""
    out = []
    leading_byte = leading_surrogate = None
    queue = list(data)
    i = 0
    while True:
        byte = queue[i] if i < len(queue) else None
        i += 1
        if byte is None:
            if leading_byte is not None or leading_surrogate is not None:
                out.append("\ufffd")
            return "".join(out)
        if leading_byte is None:
            leading_byte = byte
            continue
        unit = (leading_byte << 8) + byte if big_endian else (byte << 8) + leading_byte
        leading_byte = None
        if leading_surrogate is not None:
            lead, leading_surrogate = leading_surrogate, None
            if 0xDC00 <= unit <= 0xDFFF:
                out.append(chr(0x10000 + ((lead - 0xD800) << 10) + (unit - 0xDC00)))
                continue
            i -= 2  # restore the two bytes
            out.append("\ufffd")
            continue
        if 0xD800 <= unit <= 0xDBFF:
            leading_surrogate = unit
            continue
        if 0xDC00 <= unit <= 0xDFFF:
            out.append("\ufffd")
            continue
        out.append(chr(unit))


UNITS = [0x0041, 0x00E9, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFD]


@pytest.mark.parametrize("big_endian", [False, True])
def test_utf16_unit_sequences_match_the_standard(big_endian):
    name = "UTF-16BE" if big_endian else "UTF-16LE"
    for length in range(5):
        for units in itertools.product(UNITS, repeat=length):
            data = b"".join(u.to_bytes(2, "big" if big_endian else "little") for u in units)
            for tail in (b"", b"\x00"):  # and with an odd byte at the end
                assert ENCODINGS[name].decode(data + tail) == \
                    reference_utf16(data + tail, big_endian), (units, tail)


@given(st.binary(max_size=40), st.lists(st.integers(0, 5), max_size=10), st.booleans())
@settings(max_examples=300)
def test_utf16_random_bytes_and_splits(data, sizes, big_endian):
    name = "UTF-16BE" if big_endian else "UTF-16LE"
    expected = reference_utf16(data, big_endian)
    assert ENCODINGS[name].decode(data) == expected
    assert chunked(name, data, sizes) == expected


# BOM sniffing and decode ---------------------------------------------------------

@pytest.mark.parametrize("data, name", [(b"\xef\xbb\xbfx", "UTF-8"), (b"\xfe\xffx", "UTF-16BE"),
                                        (b"\xff\xfex", "UTF-16LE"), (b"\xef\xbbx", None),
                                        (b"", None), (b"\xff", None)])
def test_bom_sniff(data, name):
    found = bom_sniff(data)
    assert (found.name if found else None) == name


def test_decode_bom_wins_and_is_skipped():
    assert decode(b"\xef\xbb\xbfcaf\xc3\xa9", "windows-1252") == "caf\xe9"
    assert decode(b"\xff\xfea\x00", "utf-8") == "a"
    assert decode(b"\xfe\xff\x00a", "shift_jis") == "a"
    assert decode(b"caf\xc3\xa9") == "caf\xe9"  # UTF-8 decode by default
    assert decode(b"\xef\xbb\xbf\xef\xbb\xbf") == "\ufeff"  # only one BOM is skipped
    assert decode(b"\xe9", "latin1") == "\xe9"


def test_decode_rejects_unknown_labels_and_types():
    with pytest.raises(ValueError, match="'utf-7'"):
        decode(b"x", "utf-7")
    with pytest.raises(TypeError):
        decode("text")  # type: ignore[arg-type]


# Multi-byte encodings: the indexes round-trip through the decoders --------------

def _bytes_jis0208_shift_jis(pointer: int) -> bytes:
    lead, trail = divmod(pointer, 188)
    lead += 0x81 if lead < 0x1F else 0xC1
    trail += 0x40 if trail < 0x3F else 0x41
    return bytes((lead, trail))


def _index_entries(name: str):
    index = _index(name)
    return [(pointer, char) for pointer, char in enumerate(index) if char != "\uffff"]


def test_shift_jis_decodes_every_jis0208_pointer():
    sjis = ENCODINGS["Shift_JIS"]
    for pointer, char in _index_entries("jis0208"):
        if 8836 <= pointer <= 10715:
            continue  # EUDC (Private Use) takes precedence in the decoder
        assert sjis.decode(_bytes_jis0208_shift_jis(pointer)) == char, pointer


def test_euc_jp_decodes_every_jis0208_and_jis0212_pointer():
    euc_jp = ENCODINGS["EUC-JP"]
    for name, prefix in (("jis0208", b""), ("jis0212", b"\x8f")):
        for pointer, char in _index_entries(name):
            lead, trail = divmod(pointer, 94)
            if lead > 0xFE - 0xA1:
                continue  # not reachable by the EUC-JP decoder
            data = prefix + bytes((lead + 0xA1, trail + 0xA1))
            assert euc_jp.decode(data) == char, (name, pointer)


def test_iso_2022_jp_decodes_every_jis0208_pointer_it_can_reach():
    iso = ENCODINGS["ISO-2022-JP"]
    for pointer, char in _index_entries("jis0208"):
        lead, trail = divmod(pointer, 94)
        if lead + 0x21 > 0x7E:
            continue
        assert iso.decode(b"\x1b$B" + bytes((lead + 0x21, trail + 0x21)) + b"\x1b(B") == char


def test_euc_kr_decodes_every_pointer():
    euc_kr = ENCODINGS["EUC-KR"]
    for pointer, char in _index_entries("euc-kr"):
        lead, trail = divmod(pointer, 190)
        assert euc_kr.decode(bytes((lead + 0x81, trail + 0x41))) == char, pointer


@pytest.mark.parametrize("name", ["gb18030", "GBK"])
def test_gb18030_decodes_every_two_byte_pointer(name):
    encoding = ENCODINGS[name]
    for pointer, char in _index_entries("gb18030"):
        lead, trail = divmod(pointer, 190)
        trail += 0x40 if trail < 0x3F else 0x41
        assert encoding.decode(bytes((lead + 0x81, trail))) == char, pointer


def test_big5_decodes_every_pointer():
    big5 = ENCODINGS["Big5"]
    for pointer, char in _index_entries("big5"):
        lead, trail = divmod(pointer, 157)
        trail += 0x40 if trail < 0x3F else 0x62
        assert big5.decode(bytes((lead + 0x81, trail))) == char, pointer


@pytest.mark.parametrize("name, text, codec", [
    ("Shift_JIS", "日本語のテキスト、ｶﾀｶﾅ ABC 漢字", "cp932"),
    ("EUC-JP", "日本語のテキスト ABC", "euc_jp"),
    ("ISO-2022-JP", "日本語 ABC テスト", "iso2022_jp"),
    ("EUC-KR", "한국어 텍스트 ABC 똠방각하", "cp949"),
    ("Big5", "繁體中文 ABC", "big5"),
    ("gb18030", "简体中文 ABC €\U0001f600\u0080", "gb18030"),
    ("GBK", "简体中文 ABC", "gbk"),
])
def test_ordinary_text_decodes_as_python_codecs_do(name, text, codec):
    assert ENCODINGS[name].decode(text.encode(codec)) == text


# Multi-byte encodings: the standard's special cases ------------------------------

@pytest.mark.parametrize("name, data, expected", [
    # An ASCII byte after a leading byte is not "masked": U+FFFD, then the byte.
    ("Shift_JIS", b"\x82\x22", "\ufffd\""),
    ("Shift_JIS", b"\x82\xff", "\ufffd"),
    ("Shift_JIS", b"\x80\xa1\xdf", "\x80\uff61\uff9f"),
    ("Shift_JIS", b"\xf0\x40", "\ue000"),  # EUDC: pointer 8836
    ("Shift_JIS", b"\xf9\xfc", "\ue757"),  # pointer 10715
    ("Shift_JIS", b"\xa0\xfd\xfe\xff", "\ufffd\ufffd\ufffd\ufffd"),
    ("Shift_JIS", b"\x82", "\ufffd"),  # end of queue after a leading byte
    ("EUC-KR", b"\x81\x41", "\uac02"),
    ("EUC-KR", b"\x81\x22", "\ufffd\""),
    ("EUC-KR", b"\x80\xff", "\ufffd\ufffd"),
    ("Big5", b"\x88\x62\x88\x64\x88\xa3\x88\xa5",
     "\u00ca\u0304\u00ca\u030c\u00ea\u0304\u00ea\u030c"),
    ("Big5", b"\x87\x40", "\u43f0"),
    ("Big5", b"\x81\x40", "\ufffd@"),  # pointer 0: no code point; 0x40 is restored
    ("Big5", b"\xa1\x22", "\ufffd\""),
    ("Big5", b"\x80\xff", "\ufffd\ufffd"),
    ("EUC-JP", b"\x8e\xa1", "\uff61"),
    ("EUC-JP", b"\x8e\xe0", "\ufffd"),
    ("EUC-JP", b"\x8f\xa2\xaf", "\u02d8"),
    ("EUC-JP", b"\x8f\xa1\xa1", "\ufffd"),
    ("EUC-JP", b"\xa4\x22", "\ufffd\""),
    ("EUC-JP", b"\x8f\xa2", "\ufffd"),
    ("gb18030", b"\x80", "\u20ac"),
    ("gb18030", b"\xff", "\ufffd"),
    ("gb18030", b"\xa3\xa0", "\u3000"),
    ("gb18030", b"\xa6\xd9\xfe\x59", "\ufe10\u9fb4"),  # GB18030-2022 mappings
    ("gb18030", b"\x81\x30\x81\x30", "\x80"),
    ("gb18030", b"\x81\x35\xf4\x37", "\ue7c7"),  # pointer 7457
    ("gb18030", b"\x84\x31\xa4\x39", "\uffff"),
    ("gb18030", b"\x84\x31\xa5\x30", "\ufffd"),  # pointer 39420: null
    ("gb18030", b"\x90\x30\x81\x30", "\U00010000"),
    ("gb18030", b"\xe3\x32\x9a\x35", "\U0010ffff"),
    ("gb18030", b"\xe3\x32\x9a\x36", "\ufffd"),
    ("gb18030", b"\x81\x30\x81\x22", "\ufffd0\ufffd\""),  # restore second, third, byte
    ("gb18030", b"\x81\x30\x22", "\ufffd0\""),
    ("gb18030", b"\x81\x22", "\ufffd\""),
    ("gb18030", b"\x81\x30\x81", "\ufffd"),  # end of queue mid-sequence: one error
    ("GBK", b"\x81\x30\x81\x30", "\x80"),
    ("ISO-2022-JP", b"\x1b(J\x5c\x7e\x1b(B\x5c", "\u00a5\u203e\\"),
    ("ISO-2022-JP", b"\x1b(I\x21\x5f", "\uff61\uff9f"),
    ("ISO-2022-JP", b"\x1b$B\x30\x21\x1b(B", "\u4e9c"),
    ("ISO-2022-JP", b"\x1b$@\x30\x21", "\u4e9c"),
    ("ISO-2022-JP", b"\x0e\x0f\x80", "\ufffd\ufffd\ufffd"),
    ("ISO-2022-JP", b"\x1b(B\x1b(Ba", "\ufffda"),  # an escape right after an escape
    ("ISO-2022-JP", b"\x1bx", "\ufffdx"),
    ("ISO-2022-JP", b"\x1b(x", "\ufffd(x"),
    ("ISO-2022-JP", b"\x1b(", "\ufffd("),
    ("ISO-2022-JP", b"\x1b", "\ufffd"),
    ("ISO-2022-JP", b"\x1b$B\x30", "\ufffd"),
    ("ISO-2022-JP", b"\x1b$B\x30\x1b(Ba", "\ufffda"),
    ("ISO-2022-JP", b"\x1b$B\x30\x0a", "\ufffd"),
])
def test_multi_byte_special_cases(name, data, expected):
    assert ENCODINGS[name].decode(data) == expected


def test_gb18030_ranges_bounds():
    assert gb18030_ranges_code_point(39419) == "\uffff"
    assert gb18030_ranges_code_point(39420) is None
    assert gb18030_ranges_code_point(188999) is None
    assert gb18030_ranges_code_point(189000) == "\U00010000"
    assert gb18030_ranges_code_point(1237575) == "\U0010ffff"
    assert gb18030_ranges_code_point(1237576) is None


STREAMED = [name for name in ENCODINGS]


@pytest.mark.parametrize("name", STREAMED)
@given(data=st.binary(max_size=48), sizes=st.lists(st.integers(0, 6), max_size=12))
@settings(max_examples=60, deadline=None)
def test_every_decoder_is_split_invariant(name, data, sizes):
    """Decoding in chunks gives exactly the one-shot output, wherever the
    bytes are split."""
    assert chunked(name, data, sizes) == ENCODINGS[name].decode(data)


@pytest.mark.parametrize("name", STREAMED)
def test_every_decoder_never_outputs_surrogates(name):
    data = bytes(range(256)) * 2 + b"\xd8\x00\xdc\x00\x00\xd8"
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in ENCODINGS[name].decode(data))


# The C-codec fast path against the standard's algorithm --------------------------

from markup5.encoding.decoders import _SPEC_DECODERS, _fast_path  # noqa: E402

SAMPLES = {
    "Shift_JIS": "日本語のテキスト、ｶﾀｶﾅ ABC 漢字①～∥￢".encode("cp932"),
    "EUC-JP": "日本語のテキスト ABC 漢字".encode("euc_jp"),
    "EUC-KR": "한국어 텍스트 ABC 똠방각하".encode("cp949"),
    "Big5": "繁體中文 ABC 測試".encode("big5hkscs") + b"\x88\x62\x88\xa5",
    "gb18030": "简体中文 ABC €，测试".encode("gb18030") + b"\xa6\xd9\xfe\x59\xa3\xa0",
}


@pytest.mark.parametrize("name", sorted(_SPEC_DECODERS))
def test_fast_path_exists(name):
    assert _fast_path(name) is not None


@pytest.mark.parametrize("name", sorted(_SPEC_DECODERS))
@given(data=st.data())
@settings(max_examples=150, deadline=None)
def test_fast_path_gives_the_standards_output(name, data):
    """Random mixes of real text, arbitrary byte pairs and random bytes,
    decoded with the C-codec fast path and by the standard's algorithm
    alone, one-shot and in chunks."""
    pieces = data.draw(st.lists(st.one_of(
        st.just(SAMPLES[name]),
        st.binary(min_size=2, max_size=2),
        st.tuples(st.integers(0x81, 0xFE), st.integers(0x30, 0xFE)).map(bytes),
        st.binary(max_size=6)), max_size=8))
    raw = b"".join(pieces)
    expected = _SPEC_DECODERS[name](fast=False).decode(raw, True)
    assert _SPEC_DECODERS[name]().decode(raw, True) == expected
    sizes = data.draw(st.lists(st.integers(0, 9), max_size=8))
    assert chunked(name, raw, sizes) == expected


@pytest.mark.parametrize("name", sorted(_SPEC_DECODERS))
def test_fast_path_every_pair(name):
    """Every two-byte sequence (and every byte alone), both paths."""
    fast, slow = _SPEC_DECODERS[name](), _SPEC_DECODERS[name](fast=False)
    for lead in range(0x80, 0x100):
        row = b"".join(bytes((lead, trail)) + b"\x00" for trail in range(256))
        assert fast.decode(row, True) == slow.decode(row, True), hex(lead)
    assert fast.decode(bytes(range(256)), True) == slow.decode(bytes(range(256)), True)


@pytest.mark.parametrize("name", sorted(_SPEC_DECODERS))
@pytest.mark.parametrize("span", [1, 2, 3, 5, 7])
def test_fast_path_bounded_matches_give_the_standards_output(name, span, monkeypatch):
    """One fast-path match takes at most _FAST_SPAN bytes (a regex repeat
    keeps records per repetition); a bound that cuts the text anywhere,
    even inside a sequence, must not change the output."""
    from markup5.encoding import decoders
    monkeypatch.setattr(decoders, "_FAST_SPAN", span)
    raw = SAMPLES[name] * 3 + b"\x81\x40" + SAMPLES[name][1:]
    expected = _SPEC_DECODERS[name](fast=False).decode(raw, True)
    assert _SPEC_DECODERS[name]().decode(raw, True) == expected
    for sizes in ([1], [2, 3], [5, 7, 11]):
        assert chunked(name, raw, sizes) == expected
