"""The parser keeps a node's source location as a span tuple (offset,
end_offset, line table) until it is read (markup5.locations): reading it
makes the SourceLocation once, in whatever order a node's locations are
read, and a location read while the parse goes on stays right when the
node grows."""

from __future__ import annotations

import markup5
from markup5 import HTMLParser, SourceLocation


def _spans(location: SourceLocation | None) -> tuple[int, ...] | None:
    if location is None:
        return None
    return (location.offset, location.end_offset, location.line, location.col,
            location.end_line, location.end_col)


def test_a_location_is_made_once_and_kept():
    document = markup5.parse("<p>\n<b>x</b>\n</p>", source_locations=True)
    b = document.select_one("b")
    start = b.source_location
    assert isinstance(start, SourceLocation)
    assert b.source_location is start and b.start_tag_location is start
    end = b.end_tag_location
    assert b.end_tag_location is end and b.source_location is start
    assert (_spans(start), _spans(end)) == ((4, 7, 2, 1, 2, 4), (8, 12, 2, 5, 2, 9))
    text = b.children[0]
    assert text.source_location is text.source_location
    assert _spans(text.source_location) == (7, 8, 2, 4, 2, 5)


def test_end_tag_location_read_first():
    text = "<div>\n<i>y</i></div>"
    b_first = markup5.parse(text, source_locations=True).select_one("i")
    end = b_first.end_tag_location
    start = b_first.source_location
    fresh = markup5.parse(text, source_locations=True).select_one("i")
    assert (_spans(start), _spans(end)) == (_spans(fresh.source_location),
                                            _spans(fresh.end_tag_location))
    assert _spans(end) == (10, 14, 2, 5, 2, 9)


def test_a_text_location_read_between_chunks_grows_with_the_text():
    # The Text node's location is read (made a SourceLocation) after the
    # first chunk; the text of the next chunk joins the same node (the
    # stray end tag between makes no node), whose location then spans
    # both, as when nothing was read in between.
    source = ["<p>a&amp;b</x>", "\ncd</p>"]
    parser = HTMLParser(source_locations=True)
    parser.feed(source[0])
    p = parser.sink.document.select_one("p")
    assert _spans(p.children[0].source_location) == (3, 10, 1, 4, 1, 11)
    parser.feed(source[1])
    document = parser.close()
    unread = markup5.parse("".join(source), source_locations=True)
    assert document.select_one("p").children[0].data == "a&b\ncd"
    assert _spans(document.select_one("p").children[0].source_location) == \
        _spans(unread.select_one("p").children[0].source_location) == (3, 17, 1, 4, 2, 3)


def test_an_element_closed_after_its_start_tag_location_was_read():
    # The start tag's location is read (made a SourceLocation) before the
    # end tag comes: the element keeps that one, and gets its end tag's.
    # Closed with both still spans, the parser keeps both tags' spans in
    # one tuple; read in either order, the locations are the same.
    parser = HTMLParser(source_locations=True)
    parser.feed("<div>\n<p>a")
    p = parser.sink.document.select_one("p")
    start = p.source_location
    parser.feed("</p>\n</div>")
    document = parser.close()
    assert document.select_one("p").source_location is start
    assert _spans(start) == (6, 9, 2, 1, 2, 4)
    assert _spans(p.end_tag_location) == (10, 14, 2, 5, 2, 9)
    for end_first in (False, True):
        div = markup5.parse("<div>\n<p>a</p>\n</div>", source_locations=True).select_one("div")
        if end_first:
            end = div.end_tag_location
            assert div.end_tag_location is end
        location = div.source_location
        assert div.source_location is location and div.start_tag_location is location
        assert (_spans(location), _spans(div.end_tag_location)) == (
            (0, 5, 1, 1, 1, 6), (15, 21, 3, 1, 3, 7))


def test_body_closed_twice_keeps_the_last_end_tag():
    # "</body>" records the body's end tag but leaves it open; what follows
    # in "after body" (text, another "</body>") is reprocessed "in body",
    # where a second "</body>" records its own.  The start tag's location
    # is the same whether read before the second end tag or after.
    for source, end in (("<body>x</body>y</body>", (15, 22)), ("<body>x</body></body>", (14, 21))):
        body = markup5.parse(source, source_locations=True).body
        assert (body.end_tag_location.offset, body.end_tag_location.end_offset) == end
        assert (body.source_location.offset, body.source_location.end_offset) == (0, 6)
        parser = HTMLParser(source_locations=True)
        parser.feed(source[:14])
        start = parser.sink.document.body.source_location
        parser.feed(source[14:])
        body = parser.close().body
        assert body.source_location is start
        assert (body.end_tag_location.offset, body.end_tag_location.end_offset) == end
