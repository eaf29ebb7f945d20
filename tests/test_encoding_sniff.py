"""HTML's encoding sniffing algorithm (§13.2.3.2): precedence, the prescan,
get an attribute, get an XML encoding, and extracting an encoding from a
meta element's content."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import markup5
from markup5.encoding import extract_encoding_from_meta, prescan, sniff_encoding


def sniffed(data: bytes, **kwargs) -> tuple[str, str]:
    result = sniff_encoding(data, **kwargs)
    return result.encoding, result.confidence


# Precedence: BOM > transport layer > prescan > default ----------------------------

def test_bom_beats_transport_and_meta():
    data = b"\xef\xbb\xbf<meta charset=shift_jis>"
    assert sniff_encoding(data, transport_encoding="koi8-r") == ("UTF-8", "certain", 3)
    assert sniff_encoding(b"\xff\xfe<\x00", transport_encoding="utf-8") == \
        ("UTF-16LE", "certain", 2)
    assert sniff_encoding(b"\xfe\xff\x00<") == ("UTF-16BE", "certain", 2)


def test_transport_beats_meta():
    assert sniffed(b"<meta charset=shift_jis>", transport_encoding="koi8-r") == \
        ("KOI8-R", "certain")
    assert sniffed(b"", transport_encoding=" Latin1 ") == ("windows-1252", "certain")


def test_transport_may_name_any_encoding():
    assert sniffed(b"abc", transport_encoding="utf-16") == ("UTF-16LE", "certain")
    assert sniffed(b"abc", transport_encoding="iso-2022-kr") == ("replacement", "certain")
    assert sniffed(b"abc", transport_encoding="x-user-defined") == ("x-user-defined", "certain")


def test_meta_beats_default():
    assert sniffed(b"<meta charset=euc-kr>", default_encoding="shift_jis") == \
        ("EUC-KR", "tentative")


def test_default_is_windows_1252_and_overridable():
    assert sniffed(b"<p>plain") == ("windows-1252", "tentative")
    assert sniffed(b"<p>plain", default_encoding="gbk") == ("GBK", "tentative")
    assert sniffed(b"", default_encoding="UTF-8") == ("UTF-8", "tentative")


@pytest.mark.parametrize("kwargs, name", [
    ({"transport_encoding": "utf-7"}, "transport_encoding"),
    ({"default_encoding": "latin-1"}, "default_encoding"),
    ({"transport_encoding": ""}, "transport_encoding"),
])
def test_unknown_labels_from_the_caller_are_value_errors(kwargs, name):
    with pytest.raises(ValueError) as info:
        sniff_encoding(b"x", **kwargs)
    label = next(iter(kwargs.values()))
    assert name in str(info.value) and repr(label) in str(info.value)
    with pytest.raises(ValueError):
        markup5.parse(b"x", **kwargs)
    with pytest.raises(ValueError):
        markup5.HTMLParser(**kwargs)


@pytest.mark.parametrize("bad", ["x", 1, None, ["<meta>"]])
def test_sniff_takes_bytes(bad):
    with pytest.raises(TypeError):
        sniff_encoding(bad)


def test_label_arguments_must_be_str():
    with pytest.raises(TypeError):
        sniff_encoding(b"", transport_encoding=b"utf-8")
    with pytest.raises(TypeError):
        sniff_encoding(b"", default_encoding=None)


# The prescan -----------------------------------------------------------------

@pytest.mark.parametrize("data, name", [
    (b'<meta charset="koi8-r">', "KOI8-R"),
    (b"<meta charset='koi8-r'>", "KOI8-R"),
    (b"<meta charset=koi8-r>", "KOI8-R"),
    (b"<META CHARSET=KOI8-R>", "KOI8-R"),
    (b"<meta/charset=koi8-r>", "KOI8-R"),
    (b"<meta\fcharset\t=\n'koi8-r'>", "KOI8-R"),
    (b'<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">', "KOI8-R"),
    (b'<meta content="text/html; charset=koi8-r" http-equiv="content-type">', "KOI8-R"),
    (b"<meta http-equiv=content-type content='charset=\"koi8-r\"'>", "KOI8-R"),
    # charset= wins over content=, whatever the order.
    (b'<meta content="charset=euc-kr" http-equiv=content-type charset=koi8-r>', "KOI8-R"),
    (b'<meta charset=koi8-r content="charset=euc-kr" http-equiv=content-type>', "KOI8-R"),
    # The first of two same-named attributes counts.
    (b"<meta charset=koi8-r charset=euc-kr>", "KOI8-R"),
    # UTF-16 in a meta means UTF-8; x-user-defined means windows-1252.
    (b"<meta charset=utf-16>", "UTF-8"),
    (b"<meta charset=utf-16be>", "UTF-8"),
    (b"<meta charset=x-user-defined>", "windows-1252"),
    # Other markup is skipped over.
    (b"<!-- <meta charset=euc-kr> --><meta charset=koi8-r>", "KOI8-R"),
    (b"<!--><meta charset=koi8-r>", "KOI8-R"),
    (b"<!---><meta charset=koi8-r>--><meta charset=euc-kr>", "KOI8-R"),  # '<!--->' ends
    (b"<a title='<meta charset=euc-kr>'><meta charset=koi8-r>", "KOI8-R"),
    (b"</meta charset=euc-kr><meta charset=koi8-r>", "KOI8-R"),
    (b"<!doctype html charset=euc-kr><meta charset=koi8-r>", "KOI8-R"),
    (b"<?php charset=euc-kr ?><meta charset=koi8-r>", "KOI8-R"),
    (b"<metal charset=euc-kr><meta charset=koi8-r>", "KOI8-R"),
    (b"text < more <meta charset=koi8-r>", "KOI8-R"),
    (b"\xff\xfe"[1:] + b"<meta charset=koi8-r>", "KOI8-R"),
])
def test_prescan_finds(data, name):
    assert sniffed(data) == (name, "tentative")


@pytest.mark.parametrize("data", [
    b"<meta charset=no-such-encoding>",  # an unknown label is ignored
    b"<meta content='text/html; charset=koi8-r'>",  # content without the pragma
    b"<meta http-equiv=content-type content='text/html'>",
    b"<meta http-equiv=refresh content='text/html; charset=koi8-r'>",
    b"<meta charset=bogus content='charset=koi8-r' http-equiv=content-type>",
    b"<meta name=charset content=koi8-r>",
    b"<meta charset=koi8-r",  # runs out of bytes inside the tag
    b"<meta charset='koi8-r>",
    b"<!-- <meta charset=koi8-r>",
    b"<meta charset=>",
    b"<meta>",
    b"<metacharset=koi8-r>",
    b"<p title='x' charset=koi8-r>",
])
def test_prescan_finds_nothing(data):
    assert prescan(data) is None
    assert sniffed(data) == ("windows-1252", "tentative")


def test_prescan_reads_only_the_first_1024_bytes():
    meta = b"<meta charset=koi8-r>"
    assert sniffed(b" " * (1024 - len(meta)) + meta) == ("KOI8-R", "tentative")
    assert sniffed(b" " * (1025 - len(meta)) + meta) == ("windows-1252", "tentative")


def test_a_later_meta_is_found_by_the_parser_not_the_prescan():
    data = b"<!DOCTYPE html><title>" + b"x" * 2000 + b"</title><meta charset=koi8-r><p>\xc1"
    assert sniffed(data) == ("windows-1252", "tentative")
    document = markup5.parse(data)
    assert (document.encoding, document.encoding_confidence) == ("KOI8-R", "certain")
    assert document.get_elements_by_tag_name("p")[0].text_content == "\u0430"


# Get an XML encoding and the UTF-16 XML declarations --------------------------

@pytest.mark.parametrize("data, name", [
    (b'<?xml version="1.0" encoding="ISO-8859-2"?><p>', "ISO-8859-2"),
    (b"<?xml version='1.0' encoding = 'koi8-r'?>", "KOI8-R"),
    (b'<?xml encoding="utf-16"?>', "UTF-8"),
    (b'<?xml version="1.0" encoding="x-user-defined"?>', "x-user-defined"),
    (b"<\x00?\x00x\x00m\x00l\x00", "UTF-16LE"),
    (b"\x00<\x00?\x00x\x00m\x00l", "UTF-16BE"),
])
def test_xml_declaration(data, name):
    assert sniffed(data) == (name, "tentative")


@pytest.mark.parametrize("data", [
    b'<?xml version="1.0"?><p encoding="koi8-r">',  # after the declaration's '>'
    b'<?xml version="1.0" encoding=koi8-r?>',  # no quotes
    b'<?xml version="1.0" encoding="koi8 r"?>',
    b'<?xml version="1.0" encoding="koi8-r',  # no '>'
    b' <?xml version="1.0" encoding="koi8-r"?>',  # not at the start
    b'<?XML version="1.0" encoding="koi8-r"?>',
    b'<?xml version="1.0" encoding="bogus"?>',
])
def test_no_xml_declaration_encoding(data):
    assert sniffed(data) == ("windows-1252", "tentative")


def test_meta_wins_over_xml_declaration():
    data = b'<?xml version="1.0" encoding="koi8-r"?><meta charset=euc-kr>'
    assert sniffed(data) == ("EUC-KR", "tentative")


# Extracting a character encoding from a meta element ---------------------------

@pytest.mark.parametrize("content, name", [
    ("text/html; charset=koi8-r", "KOI8-R"),
    ("text/html;charset=KOI8-R;foo", "KOI8-R"),
    ("CHARSET = koi8-r", "KOI8-R"),
    ("charset='koi8-r'", "KOI8-R"),
    ('charset="koi8-r" x', "KOI8-R"),
    ("charsetcharset=koi8-r", "KOI8-R"),
    ("charset;charset=koi8-r", "KOI8-R"),
    ("charset=koi8-r\tx", "KOI8-R"),
    ("charset=\"koi8-r", None),  # an unmatched quote
    ("charset='koi8-r", None),
    ("charset=", None),
    ("charset=  ", None),
    ("charset", None),
    ("text/html", None),
    ("", None),
    ("charset=bogus", None),
    ("charset=\u212aoi8-r", None),
])
def test_extract_encoding_from_meta(content, name):
    found = extract_encoding_from_meta(content)
    assert (found.name if found else None) == name


@given(st.binary(max_size=300))
@settings(max_examples=300)
def test_sniffing_never_raises_on_any_bytes(data):
    result = sniff_encoding(data)
    assert result.confidence in ("certain", "tentative")


@given(st.text(max_size=100))
def test_extract_never_raises(content):
    extract_encoding_from_meta(content)


# The regex form of "get an attribute" against the steps, byte by byte -----------

class _OutOfBytes(Exception):
    pass


def reference_get_an_attribute(data: bytes, position: int):
    """Get an attribute, step by step as HTML §13.2.3.2 writes it."""
    def at(i):
        if i >= len(data):
            raise _OutOfBytes
        return data[i]

    def low(b):
        return b + 0x20 if 0x41 <= b <= 0x5A else b
    spaces = b"\t\n\x0c\r "
    while at(position) in spaces + b"/":  # step 1
        position += 1
    if at(position) == 0x3E:  # step 2
        return None, position
    name, value = [], []  # step 3
    while True:  # steps 4-5
        b = at(position)
        if b == 0x3D and name:
            position += 1
            break
        if b in spaces:
            while at(position) in spaces:  # step 6
                position += 1
            if at(position) != 0x3D:  # step 7
                return (bytes(name).decode("latin-1"), ""), position
            position += 1  # step 8
            break
        if b in b"/>":
            return (bytes(name).decode("latin-1"), ""), position
        name.append(low(b))
        position += 1
    while at(position) in spaces:  # step 9
        position += 1
    b = at(position)  # step 10
    if b in b"\"'":
        while True:
            position += 1
            c = at(position)
            if c == b:
                return (bytes(name).decode("latin-1"), bytes(value).decode("latin-1")), \
                    position + 1
            value.append(low(c))
    if b == 0x3E:
        return (bytes(name).decode("latin-1"), ""), position
    value.append(low(b))
    position += 1
    while True:  # steps 11-12
        b = at(position)
        if b in spaces + b">":
            return (bytes(name).decode("latin-1"), bytes(value).decode("latin-1")), position
        value.append(low(b))
        position += 1


@given(st.binary(max_size=30) | st.lists(st.sampled_from(
    [b" ", b"/", b">", b"=", b"'", b'"', b"A", b"b", b"\t", b"\xc3", b"charset"]),
    max_size=14).map(b"".join))
@settings(max_examples=1000)
def test_get_an_attribute_matches_the_steps(data):
    from markup5.encoding import sniff as module
    try:
        expected = reference_get_an_attribute(data, 0)
    except _OutOfBytes:
        expected = "out of bytes"
    try:
        got = module._get_an_attribute(data, 0)
    except module._OutOfBytes:
        got = "out of bytes"
    assert got == expected
