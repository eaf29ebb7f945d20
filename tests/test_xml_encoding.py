"""parse_xml(bytes): byte order marks, the XML declaration's encoding with
the WHATWG labels and decoders, decoding errors, chunked bytes, the CLI
(markup5.xml.encoding says what the rules are)."""

from __future__ import annotations

import codecs
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from markup5.cli import main
from markup5.encoding import ENCODINGS, get_encoding
from markup5.xml import XmlParser, dump_xml_tree, parse_xml
from markup5.xml.encoding import XmlDecoder, sniff_xml_encoding

SINGLE_BYTE = [e for e in ENCODINGS.values()
               if e.name not in {"UTF-8", "UTF-16BE", "UTF-16LE", "replacement", "GBK", "gb18030",
                                 "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR"}]


def declared(label: str, body: str = "<a>x</a>") -> str:
    return f'<?xml version="1.0" encoding="{label}"?>{body}'


def summary(document) -> tuple:
    return (document.encoding, dump_xml_tree(document),
            [(e.code, e.offset) for e in document.errors])


def text_of(document) -> str:
    return document.document_element.text_content


# Byte order marks ----------------------------------------------------------------

@pytest.mark.parametrize("bom, codec, name", [
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16LE"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16BE"),
])
@pytest.mark.parametrize("declaration", ["", '<?xml version="1.0"?>',
                                         '<?xml version="1.0" encoding="UTF-8"?>',
                                         '<?xml version="1.0" encoding="utf-16"?>'])
def test_a_byte_order_mark_wins_and_is_skipped(bom, codec, name, declaration):
    document = parse_xml(bom + (declaration + "<a>h\xe9 \u4e2d\U0001f600</a>").encode(codec))
    assert document.encoding == name
    assert document.encoding_confidence == "certain"
    assert text_of(document) == "h\xe9 \u4e2d\U0001f600"
    family = "UTF-16" if name.startswith("UTF-16") else name
    mismatch = bool(declaration) and "encoding" in declaration and (
        ("utf-16" in declaration) != (family == "UTF-16"))
    assert [e.code for e in document.errors] == (["encoding-mismatch"] if mismatch else [])


def test_only_one_byte_order_mark_is_skipped():
    document = parse_xml(codecs.BOM_UTF8 + "\ufeff<a/>".encode())
    assert [e.code for e in document.errors] == ["non-whitespace-text-outside-root"]


@pytest.mark.parametrize("bom, label", [
    (codecs.BOM_UTF8, "windows-1252"), (codecs.BOM_UTF8, "utf-16"),
    (codecs.BOM_UTF16_LE, "utf-8"), (codecs.BOM_UTF16_BE, "koi8-r"),
])
def test_a_declaration_that_contradicts_the_bom_is_an_error_and_the_bom_wins(bom, label):
    codec = {codecs.BOM_UTF8: "utf-8", codecs.BOM_UTF16_LE: "utf-16-le",
             codecs.BOM_UTF16_BE: "utf-16-be"}[bom]
    document = parse_xml(bom + declared(label, "<a>\xe9</a>").encode(codec))
    assert text_of(document) == "\xe9"
    assert [e.code for e in document.errors] == ["encoding-mismatch"]
    error = document.errors[0]
    assert (error.line, error.col) == (1, 31)  # the label's first character


def test_a_utf16_label_matches_either_utf16_byte_order():
    for bom, codec in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        for label in ("UTF-16", "utf-16le", "UTF-16BE", "unicodefffe", "csunicode"):
            document = parse_xml(bom + declared(label).encode(codec))
            assert document.errors == [], (codec, label)


# UTF-16 without a byte order mark (XML 1.0 Appendix F) ------------------------------

@pytest.mark.parametrize("codec, name", [("utf-16-le", "UTF-16LE"), ("utf-16-be", "UTF-16BE")])
@pytest.mark.parametrize("label", ["UTF-16", "utf-16", "UTF-16LE", "utf-16be", "ucs-2",
                                   "iso-10646-ucs-2", "unicode"])
def test_a_declaration_in_utf16_without_bom(codec, name, label):
    document = parse_xml(declared(label, "<a>\u0436\u4e2d</a>").encode(codec))
    assert document.encoding == name  # the bytes say the byte order, not the label
    assert text_of(document) == "\u0436\u4e2d"
    assert document.errors == []


@pytest.mark.parametrize("codec, name", [("utf-16-le", "UTF-16LE"), ("utf-16-be", "UTF-16BE")])
def test_utf16_without_bom_declaring_another_encoding(codec, name):
    for label, code in (("utf-8", "encoding-mismatch"), ("windows-1252", "encoding-mismatch"),
                        ("no-such-thing", "unknown-encoding")):
        document = parse_xml(declared(label, "<a>\xe9</a>").encode(codec))
        assert document.encoding == name
        assert text_of(document) == "\xe9"
        assert [(e.code, e.line, e.col) for e in document.errors] == [(code, 1, 31)]


def test_utf16_without_bom_or_declaration_is_not_guessed():
    # Appendix F recognises "<?" only; other UTF-16 needs a BOM.
    document = parse_xml("<a>x</a>".encode("utf-16-le"))
    assert document.encoding == "UTF-8"
    assert document.errors  # NUL bytes and no root


def test_a_utf16_declaration_in_ascii_bytes_means_utf8():
    # As HTML's "get an XML encoding" does: the bytes cannot be UTF-16.
    document = parse_xml(declared("UTF-16", "<a>h\xe9</a>").encode("utf-8"))
    assert document.encoding == "UTF-8"
    assert text_of(document) == "h\xe9"
    assert [(e.code, e.line, e.col) for e in document.errors] == [("encoding-mismatch", 1, 31)]


# The declaration's encoding ---------------------------------------------------------

@pytest.mark.parametrize("encoding", SINGLE_BYTE, ids=lambda e: e.name)
def test_every_single_byte_encoding_through_a_declaration(encoding):
    # Every byte 0x80-0xFF in text and in an attribute value decodes as the
    # encoding's index says; unmapped bytes are errors (U+FFFD).
    high = bytes(range(0x80, 0x100))
    expected = encoding.decode(high)
    data = (declared(encoding.name, "").encode("ascii") + b'<a v="' + high + b'">' + high
            + b"</a>")
    document = parse_xml(data)
    assert document.encoding == encoding.name
    assert text_of(document) == expected
    assert document.document_element.attrs["v"] == expected
    assert [e.code for e in document.errors] == (
        ["invalid-byte-sequence"] * (2 * expected.count("\ufffd")))
    for label in encoding.labels:
        assert parse_xml(declared(label).encode()).encoding == encoding.name, label


@pytest.mark.parametrize("label, data, text", [
    ("ISO-8859-1", b"caf\xe9 \x80", "caf\xe9 \u20ac"),   # windows-1252, as in browsers
    ("latin1", b"\x93q\x94", "\u201cq\u201d"),
    ("US-ASCII", b"\x80", "\u20ac"),
    ("KOI8-R", b"\xd0\xd2\xc9\xd7\xc5\xd4", "\u043f\u0440\u0438\u0432\u0435\u0442"),
    ("windows-1251", b"\xcf\xf0\xe8", "\u041f\u0440\u0438"),
    ("ISO-8859-2", b"\xa1\xb1", "\u0104\u0105"),
    ("ISO-8859-7", b"\xe1\xe2", "\u03b1\u03b2"),
    ("cp1250", b"\x8a", "\u0160"),
    ("macintosh", b"\x80", "\xc4"),
    ("x-user-defined", b"\x80", "\uf780"),
])
def test_known_characters_of_labels(label, data, text):
    document = parse_xml(declared(label, "").encode() + b"<a>" + data + b"</a>")
    assert text_of(document) == text
    assert document.errors == []


@pytest.mark.parametrize("label, codec", [
    ("Shift_JIS", "cp932"), ("EUC-JP", "euc_jp"), ("EUC-KR", "cp949"), ("Big5", "big5"),
    ("gb18030", "gb18030"), ("GBK", "gbk"), ("ISO-2022-JP", "iso2022_jp"), ("utf-8", "utf-8"),
])
def test_multi_byte_encodings_through_a_declaration(label, codec):
    sample = {"cp932": "\u65e5\u672c\u8a9e", "euc_jp": "\u65e5\u672c\u8a9e",
              "cp949": "\ud55c\uad6d\uc5b4", "big5": "\u4e2d\u6587", "gb18030": "\u4e2d\u6587\u20ac",
              "gbk": "\u4e2d\u6587", "iso2022_jp": "\u65e5\u672c", "utf-8": "\u65e5\U0001f600"}
    text = sample[codec]
    document = parse_xml(declared(label, f"<a t='{text}'>{text}</a>").encode(codec))
    assert document.encoding == get_encoding(label).name
    assert text_of(document) == text
    assert document.document_element.attrs["t"] == text
    assert document.errors == []


def test_an_unknown_label_is_an_error_and_utf8_is_used():
    document = parse_xml(declared("klingon-8", "<a>h\xe9</a>").encode("utf-8"))
    assert document.encoding == "UTF-8"
    assert text_of(document) == "h\xe9"
    assert [(e.code, e.line, e.col) for e in document.errors] == [("unknown-encoding", 1, 31)]


def test_the_label_position_counts_crlf_as_one_character():
    document = parse_xml(b'<?xml version="1.0"\r\n   encoding="nope"?><a/>')
    assert [(e.code, e.line, e.col) for e in document.errors] == [("unknown-encoding", 2, 14)]


@pytest.mark.parametrize("data", [
    b'<?xml version="1.0" encoding = \'koi8-r\' ?><a>\xc1</a>',
    b'<?xml encoding="koi8-r" version="1.0"?><a>\xc1</a>',
    b'<?xml version="1.0"\n\tencoding="KOI8-R"\nstandalone="yes"?><a>\xc1</a>',
    b'<?xml version="1.0" encoding=" koi8-r "?><a>\xc1</a>',   # lookup strips whitespace
])
def test_declaration_spellings(data):
    document = parse_xml(data)
    assert document.encoding == "KOI8-R"
    assert text_of(document) == "\u0430"


@pytest.mark.parametrize("data", [
    b' <?xml version="1.0" encoding="koi8-r"?><a>\xc3\xa9</a>',           # not at the start
    b'<?xml-stylesheet encoding="koi8-r"?><a>\xc3\xa9</a>',                # not a declaration
    b'<?xml version="1.0"?><a encoding="koi8-r">\xc3\xa9</a>',             # after its ">"
    b'<?xml version="1.0" encoding=koi8-r?><a>\xc3\xa9</a>',               # no quotes
])
def test_what_is_not_an_encoding_declaration(data):
    document = parse_xml(data)
    assert document.encoding == "UTF-8"
    assert "\xe9" in document.document_element.text_content


def test_a_declaration_not_closed_in_the_first_1024_characters():
    late = b'<?xml version="1.0"' + b" " * 1100 + b'encoding="koi8-r"?><a>\xc3\xa9</a>'
    assert parse_xml(late).encoding == "UTF-8"
    early = b'<?xml version="1.0" encoding="koi8-r"' + b" " * 1100 + b'?><a>\xc1</a>'
    assert parse_xml(early).encoding == "KOI8-R"


def test_the_replacement_encoding():
    # ISO-2022-KR and friends: the whole input is one error, one U+FFFD.
    document = parse_xml(declared("iso-2022-kr").encode())
    assert document.encoding == "replacement"
    assert document.document_element is None
    assert [e.code for e in document.errors][0] == "invalid-byte-sequence"


# Decoding errors -------------------------------------------------------------------

def test_each_undecodable_sequence_is_one_error_where_its_u_fffd_is():
    document = parse_xml(b"<a>\r\nx\xff\r\n\xe2\x82 \xc3</a>")
    assert text_of(document) == "\nx\ufffd\n\ufffd \ufffd"
    assert [(e.code, e.line, e.col) for e in document.errors] == [
        ("invalid-byte-sequence", 2, 2), ("invalid-byte-sequence", 3, 1),
        ("invalid-byte-sequence", 3, 3)]


@pytest.mark.parametrize("label, codec", [("utf-8", "utf-8"), ("utf-16le", "utf-16-le"),
                                          ("utf-16be", "utf-16-be"), ("gb18030", "gb18030")])
def test_an_encoded_u_fffd_is_a_character_not_an_error(label, codec):
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(codec, b"")
    data = bom + declared(label, "<a>\ufffd-\ufffd\ufffd</a>").encode(codec)
    document = parse_xml(data)
    assert text_of(document) == "\ufffd-\ufffd\ufffd"
    assert document.errors == []


@pytest.mark.parametrize("data, errors", [
    (b"\xe2\xef\xbf\xbd", [0]),              # a cut sequence, then an encoded U+FFFD
    (b"\xf0\x9f\x98\xef\xbf\xbd\xff", [0, 2]),
    (b"\xef\xbf\xbd\xef\xbf", [1]),          # an encoded U+FFFD, then a cut one
    (b"\xef\xbf\xbd", []),
    (b"\xff", [0]),
])
def test_utf8_decoder_errors(data, errors):
    assert XmlDecoder(get_encoding("utf-8")).decode(data, True) == (
        data.decode("utf-8", "replace"), errors)


def test_utf16_and_gb18030_decoder_errors():
    utf16 = XmlDecoder(get_encoding("utf-16le"))
    # A lone leading surrogate, then an encoded U+FFFD, then an odd byte.
    assert utf16.decode(b"\x00\xd8\xfd\xff\x41", True) == ("\ufffd\ufffd\ufffd", [0, 2])
    # An encoded U+FFFD that is not aligned is not one.
    assert utf16.__class__(get_encoding("utf-16le")).decode(b"\x41\xfd\xff\x00", True) == (
        "\ufd41\xff", [])
    gb = XmlDecoder(get_encoding("gb18030"))
    assert gb.decode(b"\x84\x31\xa4\x37\xff", True) == ("\ufffd\ufffd", [1])
    # A lead byte pending: the next bytes are not an encoded U+FFFD.
    gb = XmlDecoder(get_encoding("gb18030"))
    text, errors = gb.decode(b"\x81\x30\x84\x31\xa4\x37", True)
    assert errors == [i for i, c in enumerate(text) if c == "\ufffd"]


# transport_encoding ---------------------------------------------------------------

def test_transport_encoding_overrides_the_declaration_but_not_a_bom():
    data = declared("koi8-r", "<a>\xe9</a>").encode("latin-1")
    document = parse_xml(data, transport_encoding="windows-1252")
    assert (document.encoding, text_of(document), document.errors) == ("windows-1252", "\xe9", [])
    document = parse_xml(codecs.BOM_UTF8 + "<a>\xe9</a>".encode(), transport_encoding="koi8-r")
    assert (document.encoding, text_of(document)) == ("UTF-8", "\xe9")


def test_bad_transport_encoding_arguments():
    with pytest.raises(ValueError, match="no-such"):
        parse_xml(b"<a/>", transport_encoding="no-such")
    with pytest.raises(TypeError, match="transport_encoding"):
        parse_xml(b"<a/>", transport_encoding=8)
    with pytest.raises(ValueError, match="no-such"):
        XmlParser(transport_encoding="no-such")


def test_str_input_is_not_decoded():
    document = parse_xml(declared("koi8-r", "<a>\xe9</a>"))
    assert (document.encoding, document.encoding_confidence) == ("UTF-8", "irrelevant")
    assert text_of(document) == "\xe9"


# Chunked bytes --------------------------------------------------------------------

CHUNK_CASES = [
    codecs.BOM_UTF8 + '<?xml version="1.0"?><a b="\xe9">\u4e2d\r\n\ufffd</a>'.encode(),
    codecs.BOM_UTF16_LE + declared("utf-16", "<a>\u4e2d\U0001f600\r\n</a>").encode("utf-16-le"),
    declared("UTF-16", "<a>\u4e2d\ufffd\U0001f600</a>").encode("utf-16-be") + b"\x00",
    declared("koi8-r", "<a>\u043f\u0440\u0438\r</a>").encode("koi8-r"),
    declared("bogus", "<a/>").encode(),
    b'<?xml version="1.0" encoding="utf-8"?><a>\xe2\xef\xbf\xbd\xc3\r\n\xef\xbf\xbd\xff</a>',
    declared("gb18030", "<a>\u4e2d\ufffd</a>").encode("gb18030") + b"\x81\x30\x84\x31\xa4\x37",
    declared("shift_jis", "<a>\u65e5\u672c</a>").encode("cp932") + b"\x81",
    declared("windows-874", "").encode() + b"<a>\xdb\xa1</a>",
    b"<a>plain</a>",
    b"<",
    b"",
]


def chunked(data: bytes, cuts: list[int], **options):
    parser = XmlParser(**options)
    previous = 0
    for cut in cuts + [len(data)]:
        parser.feed(data[previous:cut])
        previous = cut
    return parser.close()


@pytest.mark.parametrize("data", CHUNK_CASES, ids=range(len(CHUNK_CASES)))
def test_bytes_split_anywhere_give_the_same_document(data):
    whole = summary(parse_xml(data))
    assert summary(chunked(data, [])) == whole
    for cut in range(len(data) + 1):
        assert summary(chunked(data, [cut])) == whole, cut
    assert summary(chunked(data, list(range(1, len(data))))) == whole  # byte by byte


def test_bytes_in_random_chunks_with_transport_encoding():
    rng = random.Random(7)
    data = declared("koi8-r", "<a>\xe9\r\n</a>").encode("latin-1")
    whole = summary(parse_xml(data, transport_encoding="latin1"))
    for _ in range(50):
        cuts = sorted(rng.sample(range(1, len(data)), 5))
        assert summary(chunked(data, cuts, transport_encoding="latin1")) == whole


def test_a_parser_takes_one_kind_of_chunk():
    parser = XmlParser()
    parser.feed(b"<a>")
    with pytest.raises(TypeError, match="mix"):
        parser.feed("</a>")
    assert parser.close().encoding == "UTF-8"


def test_sniffing_waits_for_the_declaration():
    start = b'<?xml version="1.0" encoding="koi8'
    assert sniff_xml_encoding(start, final=False) is None
    assert sniff_xml_encoding(b"<?x", final=False) is None
    assert sniff_xml_encoding(b"<a>xxxx", final=False).encoding.name == "UTF-8"
    assert sniff_xml_encoding(start + b'-r"?>', final=False).encoding.name == "KOI8-R"


_PREFIXES = [b"", codecs.BOM_UTF8, codecs.BOM_UTF16_LE, b'<?xml version="1.0" encoding="utf-16"?>',
             "<?xml encoding='utf-16'?>".encode("utf-16-le"),
             b'<?xml version="1.0" encoding="big5"?>', b'<?xml encoding="gb18030"?>']


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_PREFIXES), st.binary(max_size=60), st.lists(st.integers(0, 100)))
def test_random_bytes_never_raise_and_chunking_does_not_matter(prefix, body, cuts):
    data = prefix + body
    whole = summary(parse_xml(data))
    cuts = sorted({c % (len(data) + 1) for c in cuts})
    assert summary(chunked(data, cuts)) == whole


# The command line -------------------------------------------------------------------

def test_cli_reads_xml_bytes_in_their_declared_encoding(tmp_path, capsys):
    page = tmp_path / "ru.xml"
    page.write_bytes(declared("koi8-r", "<a>\u043f\u0440\u0438</a>").encode("koi8-r"))
    assert main(["xml", str(page)]) == 0
    assert capsys.readouterr().out == "<a>\u043f\u0440\u0438</a>\n"
    assert main(["check", "--xml", str(page)]) == 0
    assert main(["select", "--xml", "--text", "a", str(page)]) == 0
    assert capsys.readouterr().out == "\u043f\u0440\u0438\n"
    # --encoding gives the encoding as a Content-Type charset would.
    assert main(["xml", "--encoding", "windows-1252", str(page)]) == 0
    assert capsys.readouterr().out == "<a>\xd0\xd2\xc9</a>\n"


def test_cli_check_xml_reports_undecodable_bytes(tmp_path, capsys):
    page = tmp_path / "bad.xml"
    page.write_bytes(b"<a>\n\xff</a>")
    assert main(["check", "--xml", str(page)]) == 1
    assert capsys.readouterr().out == f"{page}:2:1: invalid-byte-sequence\n"


def test_cli_unknown_xml_encoding_option_exits_2():
    result = subprocess.run([sys.executable, "-m", "markup5", "xml", "-", "--encoding", "nope"],
                            input=b"<a/>", capture_output=True)
    assert result.returncode == 2
    assert b"unknown encoding 'nope'" in result.stderr
