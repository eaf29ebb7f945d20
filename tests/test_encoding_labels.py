"""The Encoding Standard's names and labels (markup5.encoding.lookup)."""

from __future__ import annotations

import pickle

import pytest

from markup5.encoding import ENCODINGS, Encoding, get_encoding, lookup

ALL_LABELS = [(label, encoding.name) for encoding in ENCODINGS.values()
              for label in encoding.labels]


def test_every_encoding_of_the_standard_and_nothing_else():
    assert list(ENCODINGS) == [
        "UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5",
        "ISO-8859-6", "ISO-8859-7", "ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10",
        "ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16", "KOI8-R", "KOI8-U",
        "macintosh", "windows-874", "windows-1250", "windows-1251", "windows-1252",
        "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
        "windows-1258", "x-mac-cyrillic", "GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP",
        "Shift_JIS", "EUC-KR", "replacement", "UTF-16BE", "UTF-16LE", "x-user-defined"]


def test_label_count():
    # The 2025 table: 228 labels (including "replacement") for 40 encodings.
    assert len(ALL_LABELS) == 228
    assert len({label for label, _ in ALL_LABELS}) == 228


@pytest.mark.parametrize("label, name", ALL_LABELS)
def test_every_label_round_trips(label, name):
    encoding = lookup(label)
    assert encoding is ENCODINGS[name]
    assert label in encoding.labels
    # "ASCII case-insensitive", after stripping ASCII whitespace.
    assert lookup(label.upper()) is encoding
    assert lookup(f" \t\n\f\r{label.title()}\r\n ") is encoding


@pytest.mark.parametrize("name", list(ENCODINGS))
def test_lowercased_name_is_a_label(name):
    # "For each encoding, ASCII-lowercasing its name yields one of its labels."
    assert lookup(name.lower()) is ENCODINGS[name]


@pytest.mark.parametrize("label, name", [
    ("latin1", "windows-1252"), ("ascii", "windows-1252"), ("iso-8859-1", "windows-1252"),
    ("us-ascii", "windows-1252"), ("iso-8859-9", "windows-1254"), ("x-sjis", "Shift_JIS"),
    ("utf-16", "UTF-16LE"), ("unicodefffe", "UTF-16BE"), ("gb2312", "GBK"),
    ("big5-hkscs", "Big5"), ("iso-2022-kr", "replacement"), ("hz-gb-2312", "replacement"),
    ("logical", "ISO-8859-8-I"), ("visual", "ISO-8859-8"), ("tis-620", "windows-874"),
    ("x-user-defined", "x-user-defined"), ("windows-949", "EUC-KR"), ("unicode11utf8", "UTF-8"),
])
def test_well_known_labels(label, name):
    assert lookup(label).name == name


@pytest.mark.parametrize("label", [
    "", " ", "utf-7", "utf-32", "latin-1", "cp932", "iso-8859-1 x", "utf\u20118",
    "utf-8\x00", "\u00a0utf-8", "ut f-8", "cesu-8", "iso-8859-11x", "ıso-8859-2",
])
def test_unknown_labels(label):
    assert lookup(label) is None
    with pytest.raises(ValueError) as info:
        get_encoding(label)
    assert repr(label) in str(info.value)


def test_non_ascii_case_folding_does_not_match():
    # Only ASCII letters fold: U+212A KELVIN SIGN is not "k".
    assert lookup("\u212aoi8-r") is None


def test_lookup_rejects_non_str():
    with pytest.raises(TypeError):
        lookup(b"utf-8")  # type: ignore[arg-type]


def test_get_encoding_passes_encodings_through():
    encoding = ENCODINGS["EUC-JP"]
    assert get_encoding(encoding) is encoding
    assert isinstance(encoding, Encoding) and repr(encoding) == "<Encoding EUC-JP>"


def test_encodings_pickle_to_the_same_instance():
    encoding = ENCODINGS["KOI8-U"]
    assert pickle.loads(pickle.dumps(encoding)) is encoding


def test_ascii_compatibility():
    incompatible = {name for name, e in ENCODINGS.items() if not e.is_ascii_compatible}
    assert incompatible == {"UTF-16BE", "UTF-16LE", "ISO-2022-JP", "replacement"}
