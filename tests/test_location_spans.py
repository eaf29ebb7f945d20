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
