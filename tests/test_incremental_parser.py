"""HTMLParser().feed(chunk) ... .close(): the same document, errors and
encoding as a one-shot parse wherever the input is split; changing the
encoding while parsing (§13.2.3.4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import markup5
from markup5 import HTMLParser, dump_tree, parse
from markup5.html.parser import DomSink


def summary(document) -> tuple:
    return (dump_tree(document), document.mode, document.encoding,
            document.encoding_confidence,
            [(e.code, e.line, e.col) for e in document.errors])


def fed(data, cuts, **kwargs):
    parser = HTMLParser(**kwargs)
    previous = 0
    for cut in sorted(set(cuts)):
        parser.feed(data[previous:cut])
        previous = cut
    parser.feed(data[previous:])
    return parser.close()


def cuts_for(length: int):
    return st.lists(st.integers(0, length), max_size=12)


TEXTS = [
    "<!DOCTYPE html><title>T\u00e9</title><p class=a>x<b>y</b>\r\n\r\nz\rq",
    "<table><tr><td>a\r\n<td>b</table><pre>\r\nline</pre><textarea>\r\n</textarea>",
    "<script>if (a<b) x='</scr'+'ipt>'</script><!-- c\r\n --><svg><![CDATA[x]]></svg>",
    "<p>&amp;&notin &#x1F600; &#0; \x00 \u00a0\U0001F600 <a href=x\r>\r</a>",
    "<select><option>a<option>b</select><template><td>x</template><math><mi>1",
]


@pytest.mark.parametrize("text", TEXTS)
def test_every_split_point_of_str_input(text):
    expected = summary(parse(text))
    for cut in range(len(text) + 1):
        assert summary(fed(text, [cut])) == expected, cut


@pytest.mark.parametrize("text", TEXTS)
def test_every_split_point_of_bytes_input(text):
    data = text.encode("utf-8")
    expected = summary(parse(data, transport_encoding="utf-8"))
    for cut in range(len(data) + 1):
        assert summary(fed(data, [cut], transport_encoding="utf-8")) == expected, cut


@given(st.sampled_from(TEXTS), st.data())
@settings(max_examples=150, deadline=None)
def test_random_splits_of_str_input(text, data):
    cuts = data.draw(cuts_for(len(text)))
    assert summary(fed(text, cuts)) == summary(parse(text))


@given(st.sampled_from(TEXTS), st.sampled_from(["utf-8", "utf-16le", "utf-16be", "gb18030"]),
       st.data())
@settings(max_examples=150, deadline=None)
def test_random_splits_inside_multi_byte_characters(text, encoding, data):
    raw = text.encode(encoding.replace("utf-16le", "utf-16-le").replace("utf-16be", "utf-16-be"))
    cuts = data.draw(cuts_for(len(raw)))
    expected = summary(parse(raw, transport_encoding=encoding))
    assert summary(fed(raw, cuts, transport_encoding=encoding)) == expected


@given(st.text(alphabet="<>/=&;#x\"' \r\n\x00abp!-\u00e9\u3042", max_size=60), st.data())
@settings(max_examples=200, deadline=None)
def test_random_markup_random_splits(text, data):
    cuts = data.draw(cuts_for(len(text)))
    assert summary(fed(text, cuts)) == summary(parse(text))
    raw = text.encode("utf-8")
    cuts = data.draw(cuts_for(len(raw)))
    assert summary(fed(raw, cuts)) == summary(parse(raw))


# Sniffing in the incremental parser --------------------------------------------

LATE_META = (b"<!DOCTYPE html><html><head><title>" + b"caf\xc3\xa9 " * 300 +
             b"</title><meta charset=utf-8></head><body><p>\xe2\x82\xac</p>")
# (The tests of the restart parse LATE_META with detect=False: autodetection
# would find its UTF-8 first, and the <meta> would then change nothing.)


def test_bytes_are_sniffed_after_1024_bytes_or_at_close():
    parser = HTMLParser()
    parser.feed(b"<meta charset=koi8-r>")
    assert parser.encoding is None  # waiting for 1024 bytes
    parser.feed(b" " * 1100)
    # Sniffed (tentative) from the prescan, then the tree builder inserted
    # the same meta: the encoding is now certain.
    assert (parser.encoding, parser.encoding_confidence) == ("KOI8-R", "certain")
    parser = HTMLParser()
    parser.feed(b"<p>" + b" " * 1100)
    assert (parser.encoding, parser.encoding_confidence) == ("windows-1252", "tentative")
    parser = HTMLParser()
    parser.feed(b"<meta charset=koi8-r>")
    assert parser.close().encoding == "KOI8-R"


def test_a_late_meta_restarts_the_parse():
    assert markup5.sniff_encoding(LATE_META).encoding == "windows-1252"
    document = parse(LATE_META, detect=False)
    assert (document.encoding, document.encoding_confidence) == ("UTF-8", "certain")
    assert document.get_elements_by_tag_name("p")[0].text_content == "\u20ac"
    assert document.get_elements_by_tag_name("title")[0].text_content.startswith("caf\u00e9 ")
    # The same as parsing with the encoding known from the start.
    assert summary(document)[:2] == summary(parse(LATE_META, transport_encoding="utf-8"))[:2]


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_a_restart_gives_the_same_result_wherever_the_bytes_are_split(data):
    cuts = data.draw(cuts_for(len(LATE_META)))
    assert summary(fed(LATE_META, cuts, detect=False)) == summary(parse(LATE_META, detect=False))


def test_ascii_bytes_switch_the_decoder_on_the_fly():
    data = b"<title>" + b"x" * 2000 + b"</title><meta charset=koi8-r><p>\xc1"
    document = parse(data)
    assert (document.encoding, document.encoding_confidence) == ("KOI8-R", "certain")
    assert document.get_elements_by_tag_name("p")[0].text_content == "\u0430"
    assert summary(fed(data, [5, 1500, 2030])) == summary(document)


def test_non_ascii_bytes_right_after_the_meta_do_not_force_a_re_parse():
    # The first non-ASCII byte follows the <meta> closely (inside the first
    # slice of bytes decoded): the ASCII bytes before it are converted and
    # parsed first, so the meta changes the converter on the fly (step 5)
    # and no restart is needed, not even by a sink that can restart.
    data = b"<title>" + b"x" * 1100 + b"</title><meta charset=utf-8><p>caf\xc3\xa9"
    sink = WrappingSink(resettable=True)
    parser = HTMLParser(sink)
    parser.feed(data)
    document = parser.close()
    assert sink.resets == 0
    assert (document.encoding, document.encoding_confidence) == ("UTF-8", "certain")
    assert document.get_elements_by_tag_name("p")[0].text_content == "caf\u00e9"
    assert summary(document)[:2] == summary(parse(data, transport_encoding="utf-8"))[:2]
    assert summary(fed(data, [3, 1150, 1161])) == summary(document)
    # A sink that cannot restart gets the new encoding too.
    parser = HTMLParser(WrappingSink(resettable=False))
    parser.feed(data)
    assert parser.close().get_elements_by_tag_name("p")[0].text_content == "caf\u00e9"


def test_meta_in_body_changes_the_encoding():
    data = b"<body>" + b"x" * 1100 + b"<meta http-equiv=Content-Type content='charset=koi8-r'>\xc1"
    document = parse(data)
    assert document.encoding == "KOI8-R"
    assert document.get_elements_by_tag_name("body")[0].text_content.endswith("\u0430")


def test_meta_in_foreign_content_breaks_out_and_changes_the_encoding():
    data = b"<svg>" + b"x" * 1100 + b"<meta charset=koi8-r></svg>\xc1"
    assert parse(data).encoding == "KOI8-R"


def test_meta_ignored_by_the_tree_builder_does_not():
    # "in frameset": any other start tag is a parse error and ignored.
    data = b"<frameset><!--" + b"x" * 1100 + b"--><meta charset=koi8-r></frameset>"
    document = parse(data)
    assert (document.encoding, document.encoding_confidence) == ("windows-1252", "tentative")


@pytest.mark.parametrize("meta, name, confidence", [
    (b"<meta charset=windows-1252>", "windows-1252", "certain"),  # the same: now certain
    (b"<meta charset=latin1>", "windows-1252", "certain"),
    (b"<meta charset=x-user-defined>", "windows-1252", "certain"),  # means windows-1252
    (b"<meta charset=utf-16le>", "UTF-8", "certain"),  # means UTF-8
    (b"<meta charset=bogus>", "windows-1252", "tentative"),  # ignored
    (b"<meta http-equiv=refresh content='charset=koi8-r'>", "windows-1252", "tentative"),
    (b"<meta charset=bogus http-equiv=content-type content='charset=koi8-r'>", "KOI8-R",
     "certain"),
])
def test_late_meta_cases(meta, name, confidence):
    data = b"<head>" + b"<!--" + b"\xe9" * 1100 + b"-->" + meta
    document = parse(data)
    assert (document.encoding, document.encoding_confidence) == (name, confidence)


def test_only_the_first_effective_meta_counts():
    data = b"<head><!--" + b"\xe9" * 1100 + b"--><meta charset=koi8-r><meta charset=euc-kr>"
    assert parse(data).encoding == "KOI8-R"


def test_a_utf16_document_stays_utf16():
    # Sniffed as UTF-16LE (tentative) from a UTF-16 XML declaration: a meta
    # only makes the confidence certain (step 1).
    text = "<?xml version='1.0'?><meta charset=koi8-r><p>\u3042"
    document = parse(text.encode("utf-16-le"))
    assert (document.encoding, document.encoding_confidence) == ("UTF-16LE", "certain")
    assert document.get_elements_by_tag_name("p")[0].text_content == "\u3042"


def test_certain_encodings_are_not_changed():
    data = b"<meta charset=koi8-r><p>\xc3\xa9"
    for kwargs in ({"transport_encoding": "utf-8"}, {}):
        raw = data if kwargs else b"\xef\xbb\xbf" + data
        document = parse(raw, **kwargs)
        assert (document.encoding, document.encoding_confidence) == ("UTF-8", "certain")
        assert document.get_elements_by_tag_name("p")[0].text_content == "\u00e9"


class WrappingSink:
    """A custom sink (not a DomSink) that delegates to one."""

    def __init__(self, resettable: bool) -> None:
        self._inner = DomSink()
        self.resets = 0
        if resettable:
            self.reset = self._reset

    def _reset(self) -> None:
        self.resets += 1
        self._inner = DomSink()

    @property
    def document(self):
        return self._inner.document

    def __getattr__(self, name):
        return getattr(self._inner, name)


def test_a_custom_sink_with_reset_is_restarted():
    sink = WrappingSink(resettable=True)
    parser = HTMLParser(sink, detect=False)
    parser.feed(LATE_META)
    document = parser.close()
    assert sink.resets == 1
    assert document.encoding == "UTF-8"
    assert summary(document) == summary(parse(LATE_META, detect=False))


def test_a_custom_sink_without_reset_keeps_the_encoding():
    # "If this is not possible ... set the confidence to certain and ignore
    # the new encoding."
    parser = HTMLParser(WrappingSink(resettable=False), detect=False)
    parser.feed(LATE_META)
    document = parser.close()
    assert (document.encoding, document.encoding_confidence) == ("windows-1252", "certain")


# The API ---------------------------------------------------------------------

def test_str_input_encoding_is_irrelevant():
    document = parse("<p>x")
    assert (document.encoding, document.encoding_confidence) == ("UTF-8", "irrelevant")
    assert HTMLParser().close().encoding == "UTF-8"


def test_empty_bytes():
    document = parse(b"")
    assert (document.encoding, document.encoding_confidence) == ("windows-1252", "tentative")
    assert document.children[0].local_name == "html"


def test_feed_after_close_and_mixed_chunks_are_errors():
    parser = HTMLParser()
    parser.feed("<p>")
    with pytest.raises(TypeError):
        parser.feed(b"x")
    document = parser.close()
    assert parser.close() is document
    with pytest.raises(ValueError):
        parser.feed("x")
    parser = HTMLParser()
    parser.feed(b"<p>")
    with pytest.raises(TypeError):
        parser.feed("x")
    for bad in (1, None, memoryview(b"x"), ["x"]):
        with pytest.raises(TypeError):
            HTMLParser().feed(bad)


def test_bytearray_chunks():
    parser = HTMLParser()
    parser.feed(bytearray(b"<p>a"))
    parser.feed(bytearray(b"b"))
    assert parser.close().get_elements_by_tag_name("p")[0].text_content == "ab"


def test_old_run_entry_point():
    parser = HTMLParser()
    parser.run("<p>x")
    assert dump_tree(parser.sink.document) == dump_tree(parse("<p>x"))


def test_errors_are_located_in_the_decoded_text():
    data = "<p>\u00e9\u00e9</b>".encode("utf-8")
    document = parse(data, transport_encoding="utf-8")
    assert [(e.code, e.line, e.col) for e in document.errors] == \
        [(e.code, e.line, e.col) for e in parse("<p>\u00e9\u00e9</b>").errors]


def _in_stream_order(problems, *sources):
    """The errors in stream order, worked out afresh: a stable sort by
    offset of the input stream's problems, then each source."""
    from markup5.errors import ParseError
    everything = [ParseError(code, offset) for code, offset in problems]
    for source in sources:
        everything += source
    return [(e.code, e.offset) for e in sorted(everything, key=lambda e: e.offset)]


def test_errors_read_between_chunks_are_merged_anew_only_at_the_end(monkeypatch):
    # Tokenizer.errors (and HTMLParser.all_errors) merged every error again
    # at each read: read after every chunk, N chunks with an input stream
    # problem each took N x N (79 s for 20,000 chunks).  Only what lies at or
    # after the lowest new offset is merged again now.
    from markup5.errors import ParseError
    made = []
    original = ParseError.__init__

    def counting(self, *args, **kwargs):
        made.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(ParseError, "__init__", counting)
    tokenizer = markup5.Tokenizer()
    parser = HTMLParser()
    for _ in range(400):
        tokenizer.feed("\x01<")
        tokenizer.errors  # noqa: B018
        parser.feed("\x01</x>")
        parser.all_errors  # noqa: B018
    assert len(tokenizer.errors) >= 799 and len(parser.all_errors) >= 800
    # Errors made: those found, and the input stream's made once or twice
    # each (N x N / 2 = 160,000 before).
    assert len(made) < 10 * 400


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["<p>", "</x>", "\x01", "\ufdd0", "\U0001fffe", "&am", "p;",
                                 "<!--", "-->", "<a b=1 b=2>", "\x00", "<td>", "<title>",
                                 "</title", ">", "x", "\r", "\n", "&#", "0;", "<svg>", "<![CDATA["]),
                max_size=30))
def test_errors_read_between_chunks_are_in_stream_order(chunks):
    from markup5.html.parser import _ErrorsOfParse
    tokenizer = markup5.Tokenizer()
    parser = HTMLParser()
    for chunk in chunks:
        tokenizer.feed(chunk)
        assert [(e.code, e.offset) for e in tokenizer.errors] == \
            _in_stream_order(tokenizer._stream.problems(), tokenizer._errors)
        parser.feed(chunk)
        assert [(e.code, e.offset) for e in parser.all_errors] == \
            [(e.code, e.offset) for e in _ErrorsOfParse(parser.tokenizer, parser.errors)()]
    tokenizer.close()
    parser.close()
    assert [(e.code, e.offset) for e in tokenizer.errors] == \
        _in_stream_order(tokenizer._stream.problems(), tokenizer._errors)
    assert [(e.code, e.offset) for e in parser.all_errors] == \
        [(e.code, e.offset) for e in _ErrorsOfParse(parser.tokenizer, parser.errors)()]


def test_error_merge_sorts_sources_that_are_out_of_order():
    # The tokenizer and the tree builder report their errors in stream
    # order (checked on the html5lib-tests documents and the corpus); were
    # one not to, the merge would still put them in order, as a stable sort
    # by offset of the problems and then each source would.
    from markup5.errors import ErrorMerge, ParseError

    def codes(errors):
        return [(e.code, e.offset) for e in errors]

    problems = [("p", 1), ("p", 5)]
    first = [ParseError("a", 2), ParseError("b", 5)]
    second = [ParseError("c", 0)]
    merge = ErrorMerge(None)
    assert codes(merge.update(problems, (first, second))) == \
        [("c", 0), ("p", 1), ("a", 2), ("p", 5), ("b", 5)]
    first.append(ParseError("d", 1))  # out of order
    second.append(ParseError("e", 9))
    expected = [("c", 0), ("p", 1), ("d", 1), ("a", 2), ("p", 5), ("b", 5), ("e", 9)]
    assert codes(merge.update(problems, (first, second))) == expected
    first.append(ParseError("f", 3))  # in order after the last, not after all
    assert codes(merge.update(problems, (first, second))) == \
        [("c", 0), ("p", 1), ("d", 1), ("a", 2), ("f", 3), ("p", 5), ("b", 5), ("e", 9)]


def test_error_merge_reads_only_the_new_entries():
    # Each update reads the entries added since the last one, and a few
    # found by bisection: not the whole source (an islice that walked from
    # the start made reading after every chunk quadratic again).
    from markup5.errors import ErrorMerge, ParseError

    class Counted(list):
        reads = 0

        def __getitem__(self, key):
            item = super().__getitem__(key)
            Counted.reads += len(item) if isinstance(key, slice) else 1
            return item

        def __iter__(self):
            for item in super().__iter__():
                Counted.reads += 1
                yield item

    source = Counted()
    problems = []
    merge = ErrorMerge(None)
    for k in range(2000):
        source.append(ParseError("e", 2 * k + 1))
        problems.append(("p", 2 * k))
        merge.update(problems, (source,))
    assert [e.offset for e in merge.merged] == list(range(4000))
    assert Counted.reads < 2000 * 40  # (2,000 x 2,000 / 2 before)
