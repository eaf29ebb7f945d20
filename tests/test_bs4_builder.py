"""markup5's BeautifulSoup tree builder: the options and behaviours bs4's
other builders have (parse_only, original_encoding, attribute_dict_class,
the XML-parsed-as-HTML warning).  BeautifulSoup's own smoke tests run in
tests/test_bs4_smoke.py; the tree itself is compared with markup5's in
tests/test_adapters.py."""

from __future__ import annotations

import inspect
import re
import warnings
from typing import Any

import pytest

import markup5

bs4 = pytest.importorskip("bs4")
from bs4 import BeautifulSoup  # noqa: E402
from bs4.element import Comment, Doctype, NavigableString, Script  # noqa: E402

try:
    from bs4.filter import SoupStrainer  # bs4 4.13 and later
except ImportError:  # pragma: no cover - bs4 4.12
    from bs4 import SoupStrainer

try:
    from bs4 import XMLParsedAsHTMLWarning
except ImportError:  # pragma: no cover - bs4 before 4.11
    XMLParsedAsHTMLWarning = None


def soup(markup: str | bytes, **kwargs: Any) -> Any:
    return BeautifulSoup(markup, "markup5", **kwargs)


# --------------------------------------------------------------------------
# parse_only
# --------------------------------------------------------------------------

class TestParseOnly:
    def test_text_outside_the_matches_is_left_out(self):
        result = soup("A <b>bold</b> <meta/> <i>statement</i> end",
                      parse_only=SoupStrainer("b"))
        assert result.decode() == "<b>bold</b>"
        assert [type(s) for s in result.descendants] == [bs4.element.Tag, NavigableString]

    def test_script_text_outside_the_matches_is_left_out(self):
        # Before: the rejected script's text landed in the soup as a plain
        # string, and came out escaped ("if (a&lt;b)").
        result = soup("<script>if (a<b) go()</script><p>x<b>y</b></p>",
                      parse_only=SoupStrainer("b"))
        assert result.decode() == "<b>y</b>"

    def test_a_matched_script_keeps_its_text_as_script(self):
        result = soup("<p>x</p><script>if (a<b) go()</script>",
                      parse_only=SoupStrainer("script"))
        assert result.decode() == "<script>if (a<b) go()</script>"
        assert isinstance(result.script.string, Script)

    def test_doctype_and_comments_outside_the_matches_are_left_out(self):
        result = soup("<!DOCTYPE html>\n<!--c--><html>\n</html>",
                      parse_only=SoupStrainer(name="html"))
        assert not any(isinstance(x, (Doctype, Comment)) for x in result.descendants)
        assert result.contents[0].name == "html"

    def test_everything_inside_a_match_is_kept_exactly(self):
        markup = '<div id="keep">\n  <!--c--><p>a</p>  \n</div><div>other</div>'
        result = soup(markup, parse_only=SoupStrainer("div", id="keep"))
        assert result.decode() == markup.partition("<div>other")[0]
        # Whitespace-only strings are kept as they are, as without a strainer.
        assert result.div.contents[0] == "\n  "

    def test_children_of_a_rejected_element_are_still_offered(self):
        result = soup('<div><section><p class="x">1</p></section><p>2</p></div>'
                      '<p class="x">3</p>', parse_only=SoupStrainer("p", class_="x"))
        assert [p.string for p in result.find_all("p")] == ["1", "3"]
        assert all(p.parent is result for p in result.find_all("p"))

    def test_a_string_strainer_keeps_only_matching_strings(self):
        result = soup("<p>apple</p><div>banana <b>apricot</b></div>",
                      parse_only=SoupStrainer(string=re.compile("^ap")))
        assert [str(s) for s in result.contents] == ["apple", "apricot"]

    @pytest.mark.parametrize("markup, strainer", [
        ("A <b>bold</b> <meta/> <i>statement</i>", SoupStrainer("b")),
        ('<ul><li><a href="/1">one</a></li><li><a>two</a></li></ul>text',
         SoupStrainer("a", href=True)),
        ("<div><p>x</p><script>a<b</script></div>", SoupStrainer(["p", "script"])),
        ("<p>one</p><p>two</p><span>three</span>", SoupStrainer(string=re.compile("t"))),
        ('<div class="a b"><i>i</i></div><div class="c">c</div>',
         SoupStrainer("div", class_="b")),
    ])
    def test_as_the_html_parser_builder_strains(self, markup, strainer):
        """On well-formed markup whose matches are the same elements under
        both parsers, markup5's builder strains as bs4's html.parser
        builder does."""
        assert soup(markup, parse_only=strainer).decode() \
            == BeautifulSoup(markup, "html.parser", parse_only=strainer).decode()


# --------------------------------------------------------------------------
# original_encoding
# --------------------------------------------------------------------------

class TestOriginalEncoding:
    @pytest.mark.parametrize("prefix, text, codec, name", [
        ('<meta charset="shift_jis">', "\u3042", "shift_jis", "shift_jis"),
        ("<meta charset=utf-8>", "\u20ac", "utf-8", "utf-8"),
        ("\ufeff", "\u20ac", "utf-16-le", "utf-16le"),
        ("<meta http-equiv=content-type content='text/html; charset=koi8-r'>", "\u0416",
         "koi8-r", "koi8-r"),
    ])
    def test_bytes_report_the_encoding_they_were_decoded_with(self, prefix, text, codec, name):
        # bs4's builders name encodings in lower case ("utf-8"); these are
        # the Encoding Standard's names for what each document declares.
        result = soup(f"{prefix}<p>{text}</p>".encode(codec))
        assert result.original_encoding == name
        assert result.p.string == text

    def test_undeclared_bytes_report_what_markup5_chose(self):
        data = b"<p>plain ASCII</p>"
        assert soup(data).original_encoding == markup5.parse(data).encoding.lower()

    def test_str_has_no_original_encoding(self):
        assert soup("<p>x</p>").original_encoding is None

    def test_from_encoding_is_reported_as_given(self):
        result = soup("<p>caf\xe9</p>".encode("latin-1"), from_encoding="latin-1")
        assert result.original_encoding == "latin-1" and result.p.string == "caf\xe9"

    def test_a_copy_keeps_it(self):
        import copy
        result = soup("<meta charset=utf-8><p>x</p>".encode())
        assert copy.copy(result).original_encoding == "utf-8"


# --------------------------------------------------------------------------
# Builder options
# --------------------------------------------------------------------------

@pytest.mark.skipif(
    "attribute_dict_class" not in inspect.signature(bs4.builder.TreeBuilder.__init__).parameters,
    reason="bs4 4.13 added attribute_dict_class")
class TestAttributeDictClass:
    def test_attributes_go_through_the_class_one_at_a_time(self):
        seen = []

        class Recording(dict):
            def __setitem__(self, key, value):
                seen.append(key)
                super().__setitem__(key, value.upper() if isinstance(value, str) else value)

        from markup5.adapters.bs4 import Markup5TreeBuilder
        builder = Markup5TreeBuilder(attribute_dict_class=Recording)
        result = BeautifulSoup('<a href="x" title="t">f</a><svg><use xlink:href="#i"/></svg>',
                               builder=builder)
        assert isinstance(result.a.attrs, Recording)
        assert result.a.attrs == {"href": "X", "title": "T"}
        (key,) = result.find("use").attrs
        assert key == "xlink:href" and key.namespace == "http://www.w3.org/1999/xlink"
        assert seen[:2] == ["href", "title"] and "xlink:href" in seen

    def test_multi_valued_attributes_still_split(self):
        from markup5.adapters.bs4 import Markup5TreeBuilder

        class Plain(dict):
            pass

        result = BeautifulSoup('<p class="a  b">x</p>',
                               builder=Markup5TreeBuilder(attribute_dict_class=Plain))
        assert isinstance(result.p.attrs, Plain) and result.p["class"] == ["a", "b"]


# --------------------------------------------------------------------------
# Warnings
# --------------------------------------------------------------------------

@pytest.mark.skipif(XMLParsedAsHTMLWarning is None, reason="bs4 has no XMLParsedAsHTMLWarning")
class TestXMLParsedAsHTML:
    @pytest.mark.parametrize("markup", [
        '<?xml version="1.0" encoding="utf-8"?><tag>string</tag>',
        b'<?xml version="1.0"?>\n<rss><channel/></rss>',
    ])
    def test_xml_warns(self, markup):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = soup(markup)
        assert [type(w.message) for w in caught] == [XMLParsedAsHTMLWarning]
        # Pointed at the caller of BeautifulSoup(), as bs4's builders do.
        assert caught[0].filename == __file__
        assert result.find(["tag", "rss"]) is not None

    @pytest.mark.parametrize("markup", [
        b'<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><p>x</p></html>',
        "<ns1:foo>content</ns1:foo>",
        "<p>no declaration</p>",
    ])
    def test_xhtml_and_html_do_not_warn(self, markup):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            soup(markup)
        assert caught == []


def test_exclude_encodings_warns_that_it_is_not_used():
    with pytest.warns(UserWarning, match="exclude_encodings"):
        result = soup("<meta charset=utf-8><p>\u20ac</p>".encode(), exclude_encodings=["utf-8"])
    # markup5 decodes as a browser does regardless.
    assert result.p.string == "\u20ac"


def test_element_classes_are_used_for_every_kind_of_string():
    """``BeautifulSoup(..., element_classes={Comment: MyComment})`` as bs4's
    other builders honour it (its endData picks the class)."""
    from bs4.element import Doctype as SoupDoctype
    from bs4.element import XMLProcessingInstruction

    class MyComment(Comment):
        pass

    class MyDoctype(SoupDoctype):
        pass

    class MyPI(XMLProcessingInstruction):
        pass

    class MyString(NavigableString):
        pass

    markup = "<!DOCTYPE html><!--c--><p>t<?pi d?></p>"
    result = soup(markup,
                  element_classes={Comment: MyComment, SoupDoctype: MyDoctype,
                                   XMLProcessingInstruction: MyPI, NavigableString: MyString})
    kinds = {type(x) for x in result.descendants if isinstance(x, NavigableString)}
    assert kinds == {MyComment, MyDoctype, MyPI, MyString}
    # Written out as the usual classes are.
    assert str(result) == str(soup(markup))


# -- sourceline / sourcepos (issue 39: "the bs4 builder fills sourceline/sourcepos") --

_POSITIONED = [
    "<!DOCTYPE html>\n<p>a\n  <b class=x>b</b><i>c",
    "<html lang=en>\r\n<head><title>T</title></head>\r\n<body><ul>\n<li>1<li>2</ul>",
    "<div>\n\n\t<span\n  id=s>é</span>\n<img src=x><br/></div>",
    "<table><tr><td>1</td>\n<td>2</td></tr></table>",
]


@pytest.mark.parametrize("markup", _POSITIONED)
def test_sourceline_and_sourcepos_are_where_html_parser_puts_them(markup: str) -> None:
    """Every tag made from a start tag gets the line and 0-based column of
    that tag, the numbers bs4's html.parser builder gives the same tag."""
    ours = [(t.name, t.sourceline, t.sourcepos)
            for t in BeautifulSoup(markup, "markup5").find_all(True) if t.sourceline is not None]
    theirs = [(t.name, t.sourceline, t.sourcepos)
              for t in BeautifulSoup(markup, "html.parser").find_all(True)]
    # html.parser makes no implied elements and markup5 no element without a
    # start tag position, so the two lists name the same start tags
    # (markup5's in tree order, which for these documents is source order).
    assert ours == theirs


def test_implied_elements_have_no_source_position() -> None:
    soup = BeautifulSoup("<p>x", "markup5")
    assert [(t.name, t.sourceline) for t in soup.find_all(True)] == [
        ("html", None), ("head", None), ("body", None), ("p", 1)]


def test_store_line_numbers_false_leaves_them_out() -> None:
    soup = BeautifulSoup("<p>x<b>y</b>", "markup5", store_line_numbers=False)
    assert all(t.sourceline is None and t.sourcepos is None for t in soup.find_all(True))
    assert soup.b is not None and soup.b.string == "y"
