"""markup5.conformance core: Message, check(), positions and order, the
output formats, and ``markup5 check``."""

from __future__ import annotations

import json

import pytest

import markup5
from markup5.cli import main
from markup5.conformance import FORMATS, Message, check, format_messages

_DOC = "<!DOCTYPE html><html lang=en><head><title>t</title></head><body>"


def test_message_is_frozen_and_checks_severity() -> None:
    message = Message("duplicate-id", "error", "Duplicate ID “a”.", 1, 2, 1, 9, 1)
    with pytest.raises(AttributeError):
        message.code = "x"  # type: ignore[misc]
    with pytest.raises(ValueError, match="severity"):
        Message("x", "fatal", "m", 1, 1, 1, 1, None)  # type: ignore[arg-type]


def test_conforming_document_has_no_messages() -> None:
    assert check(_DOC + "<p>Hello</p>") == []


def test_parse_errors_first_then_conformance_messages() -> None:
    # §13.2.2: no DOCTYPE is a parse error; a div with foo is not conforming.
    messages = check("<html lang=en><title>t</title><div foo=1>x</div>&bogus;")
    assert [m.code for m in messages] == [
        "expected-doctype-but-got-starttag", "unknown-named-character-reference",
        "attribute-not-allowed"]
    assert all(m.severity == "error" for m in messages)
    assert messages[0].message == "Parse error: expected-doctype-but-got-starttag."


def test_positions_are_the_start_tag_span_inclusive() -> None:
    source = _DOC + "\n<p>\n  <span foo=1>x</span></p>"
    [message] = check(source)
    tag = "<span foo=1>"
    offset = source.index(tag)
    assert (message.line, message.col) == (3, 3)
    assert (message.end_line, message.end_col) == (3, 2 + len(tag))  # the ">"
    assert message.offset == offset


def test_messages_are_in_document_order() -> None:
    # A rule on the div's attributes and one on the img inside: start order.
    messages = check(_DOC + "<div foo=1><img src=a.png></div><p bar=2>x</p>")
    assert [(m.code, m.line, m.col) for m in messages] == sorted(
        [(m.code, m.line, m.col) for m in messages], key=lambda t: (t[1], t[2]))
    assert [m.code for m in messages] == ["attribute-not-allowed", "missing-alt",
                                          "attribute-not-allowed"]


def test_bytes_are_decoded_as_parse_decodes_them() -> None:
    data = (_DOC + "<p title='caf\u00e9' foo=1>x</p>").encode("windows-1252")
    [message] = check(data, encoding="windows-1252")
    assert message.code == "attribute-not-allowed"
    assert check(b"\xef\xbb\xbf" + _DOC.encode() + b"<p>ok</p>") == []


def test_a_document_without_locations_points_at_1_1() -> None:
    document = markup5.parse(_DOC + "<div foo=1>x</div>")
    [message] = check(document)
    assert (message.line, message.col, message.offset) == (1, 1, None)
    located = markup5.parse(_DOC + "<div foo=1>x</div>", source_locations=True)
    assert check(located)[0].offset == len(_DOC)


def test_an_implied_element_takes_its_located_ancestors_position() -> None:
    # The <html> here is implied (no start tag): its warning about lang is at 1:1.
    [message] = [m for m in check("<!DOCTYPE html><title>t</title>") if m.code == "missing-lang"]
    assert (message.line, message.col, message.offset) == (1, 1, None)


def test_template_contents_are_checked() -> None:
    assert [m.code for m in check(_DOC + "<template><div foo=1></div></template>")] == [
        "attribute-not-allowed"]


def test_deep_documents_do_not_recurse() -> None:
    depth = 20_000
    messages = check(_DOC + "<div>" * depth + "<div foo=1>" + "</div>" * (depth + 1))
    assert [m.code for m in messages if m.code == "attribute-not-allowed"] == [
        "attribute-not-allowed"]


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="Document, str or bytes"):
        check(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="encoding"):
        check("<p>", encoding="utf-8")
    with pytest.raises(ValueError, match="encoding"):
        check(markup5.parse("<p>"), encoding="utf-8")
    with pytest.raises(ValueError, match="format"):
        format_messages([], "x.html", "xml")
    with pytest.raises(TypeError, match="name"):
        format_messages([], None)  # type: ignore[arg-type]


_MESSAGES = [
    Message("attribute-not-allowed", "error",
            "Attribute “foo” not allowed on element “div” at this point.", 4, 1, 4, 16, 40),
    Message("duplicate-id-first", "warning", "The first occurrence of ID “a” was here.",
            2, 3, 3, 5, 10),
]


def test_text_format() -> None:
    assert format_messages(_MESSAGES, "t.html") == (
        "t.html:4:1: error: attribute-not-allowed: Attribute “foo” not allowed on element "
        "“div” at this point.\n"
        "t.html:2:3: warning: duplicate-id-first: The first occurrence of ID “a” was here.\n")


def test_gnu_format_as_vnu_writes_it() -> None:
    assert format_messages(_MESSAGES, "t.html", "gnu") == (
        "t.html:4.1-4.16: error: Attribute “foo” not allowed on element “div” at this point.\n"
        "t.html:2.3-3.5: info warning: The first occurrence of ID “a” was here.\n")


def test_json_format_has_vnus_shape() -> None:
    # vnu --format json: type error|info (+ subType warning), firstLine only when it
    # differs from lastLine; our "code" added.
    data = json.loads(format_messages(_MESSAGES, "t.html", "json"))
    assert data == {"messages": [
        {"type": "error", "url": "t.html", "lastLine": 4, "lastColumn": 16, "firstColumn": 1,
         "message": "Attribute “foo” not allowed on element “div” at this point.",
         "code": "attribute-not-allowed"},
        {"type": "info", "url": "t.html", "lastLine": 3, "lastColumn": 5, "firstLine": 2,
         "firstColumn": 3, "subType": "warning",
         "message": "The first occurrence of ID “a” was here.", "code": "duplicate-id-first"},
    ]}
    assert FORMATS == ("text", "json", "gnu")


def test_cli_check_formats_and_exit_status(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "bad.html"
    page.write_text(_DOC + "\n<div foo=1>x</div>", encoding="utf-8")
    assert main(["check", str(page)]) == 1
    assert capsys.readouterr().out == (
        f"{page}:2:1: error: attribute-not-allowed: Attribute “foo” not allowed on element "
        "“div” at this point.\n")
    assert main(["check", "--format", "gnu", str(page)]) == 1
    assert capsys.readouterr().out.startswith(f"{page}:2.1-2.11: error: Attribute “foo”")
    assert main(["check", "--format", "json", str(page)]) == 1
    [entry] = json.loads(capsys.readouterr().out)["messages"]
    assert (entry["type"], entry["lastLine"], entry["firstColumn"]) == ("error", 2, 1)
    # Warnings alone: exit 0.
    page.write_text("<!DOCTYPE html><html><title>t</title>", encoding="utf-8")
    assert main(["check", str(page)]) == 0
    assert ": warning: missing-lang: " in capsys.readouterr().out
    page.write_text(_DOC + "<p>fine</p>", encoding="utf-8")
    assert main(["check", str(page)]) == 0
    assert capsys.readouterr().out == ""


def test_cli_check_parse_error_modes_keep_their_output(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "x.html"
    page.write_text("<div foo=1>&bogus;", encoding="utf-8")
    # --tokenizer-only: parse errors only, FILE:LINE:COL: code.
    assert main(["check", "--tokenizer-only", str(page)]) == 1
    assert capsys.readouterr().out == f"{page}:1:18: unknown-named-character-reference\n"
    assert main(["check", "--tokenizer-only", "--format", "gnu", str(page)]) == 1
    assert capsys.readouterr().out == (
        f"{page}:1.18-1.18: error: Parse error: unknown-named-character-reference.\n")


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = st.sampled_from([
    "<img", " src=", " srcset='a 1x, b 2x'", " sizes='(min-width: 1px) 10px, 5vw'", " alt",
    " media='screen and (min-width:'", " href='http://[::1]:8/#x'", " id=a", " lang=en-GB",
    " dir=rtl", " tabindex=-1", " coords=1,2,3", " shape=circle", "<area", "<link", "<a",
    "<meta", " charset=x", " type=text/html", ">", "</a>", "<svg", "<template>", "x",
    "&amp;", "\n", "\ud83d", "<!DOCTYPE html>", " accesskey='a a'", " usemap=#", "'", '"',
])


@settings(max_examples=150, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_check_never_raises_and_positions_are_sane(text: str) -> None:
    for message in check(text):
        assert message.severity in ("error", "warning", "info")
        assert message.line >= 1 and message.col >= 1
        assert (message.end_line, message.end_col) >= (message.line, message.col)


# Per-call state -------------------------------------------------------------------

def test_a_checked_tree_is_not_kept_alive() -> None:
    # The content-model state was module-level and held every element of
    # the last tree checked until the next check: a large page stayed in
    # memory, and the collector walked it, after its check returned.
    import gc
    import weakref
    document = markup5.parse(_DOC + "<ul><li>x</ul><p>y", source_locations=True)
    alive = weakref.ref(document)
    check(document)
    del document
    gc.collect()
    assert alive() is None


def test_a_check_inside_a_check_shares_no_state(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two checks at once (here one started by a rule of the other, as two
    # threads may interleave) each keep their own content-model state: the
    # inner one must not reset the outer one's count of visible mains.
    from markup5.conformance import _check
    from markup5.conformance._messages import Report, ReportSpan
    from markup5.dom import Element

    inner: list[list[Message]] = []

    class Nested:
        ELEMENTS = frozenset({"hr"})

        def __init__(self, report: Report, report_span: ReportSpan) -> None:
            pass

        def element(self, element: Element) -> None:
            inner.append(check(_DOC + "<p>x</p>"))

        def finish(self) -> None:
            pass

    monkeypatch.setattr(_check, "RULES", (*_check.RULES, Nested))
    outer = check(_DOC + "<main>a</main><hr><main>b</main>")
    assert [m.code for m in outer] == ["multiple-visible-main"]
    assert inner == [[]]


def test_check_leaves_the_collector_as_it_was() -> None:
    import gc
    check(_DOC + "<p>x")
    assert gc.isenabled()
    gc.disable()
    try:
        check(_DOC + "<p>x")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_srcset_trailing_comma_is_found_after_whitespace_only() -> None:
    # srcset_fault's test for "only whitespace after the last comma" (an
    # empty image candidate string) is a scan now, not a slice of the rest
    # of the value for each candidate, which made it quadratic.
    from markup5.conformance._attributes import srcset_fault
    assert srcset_fault("a.png 1x, b.png 2x")[0] == ""
    assert srcset_fault("a.png 1x,  \t b.png 2x")[0] == ""
    for value in ("a.png 1x,", "a.png 1x, \t\n", "a.png 100w, b.png 200w,  "):
        assert srcset_fault(value)[0].startswith("Empty image-candidate string"), value
    many = ", ".join(f"i{k}.png {k + 1}w" for k in range(2000))
    assert srcset_fault(many) == ("", True)
    assert srcset_fault(many + ", ")[0].startswith("Empty image-candidate string")


def test_a_rule_on_source_positions_needs_locations() -> None:
    # A meta charset after the first 1024 bytes is reported from its source
    # location; a tree parsed without locations cannot tell, and gives no
    # message (the fuzz harness's "same messages without locations" leaves
    # such rules out: it found this on seed 45, input 12359).
    import sys
    from pathlib import Path
    text = _DOC.replace("<head>", "<head><!--" + "x" * 1100 + "-->") + "<p>x"
    text = text.replace("<title>", "<meta charset=utf-8><title>")
    assert "misplaced-charset" in [m.code for m in check(text)]
    assert "misplaced-charset" not in [m.code for m in check(markup5.parse(text))]
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    try:
        from fuzz.harnesses import HARNESSES
    finally:
        sys.path.pop(0)
    assert HARNESSES["check"].target(b"\x00\x00" + text.encode("utf-8")) == "errors"


def test_a_tree_check_parsed_itself_is_freed_without_the_collector(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # check(text) owns the tree it parses: it cuts the references up to
    # each parent (and from template contents to their template), so
    # reference counting frees the tree on return, deep or not, and the
    # collector has no cycles to walk.
    import gc
    import weakref
    from markup5.conformance import _check
    made: list[weakref.ref[markup5.Document]] = []
    elements: list[weakref.ref[markup5.Element]] = []

    def parse(*args: object, **kwargs: object) -> markup5.Document:
        document = markup5.parse(*args, **kwargs)  # type: ignore[arg-type]
        made.append(weakref.ref(document))
        for element in document.select("template, p, svg *"):
            elements.append(weakref.ref(element))
        return document

    monkeypatch.setattr(_check, "parse", parse)
    gc.disable()
    try:
        messages = check(_DOC + "<template><p>a</template><p>b<svg><g/></svg>"
                         + "<div>" * 5000)
        assert made and made[0]() is None
        assert elements and all(ref() is None for ref in elements)
    finally:
        gc.enable()
    assert [m.code for m in messages] == ["eof-with-open-elements"]


def test_findings_about_content_are_placed_at_the_end_tag() -> None:
    # A missing child is known once the element's content has been read: reported at its
    # end tag, where the Nu Html Checker reports it; without an end tag, at the start tag.
    from markup5.conformance import check
    from markup5.conformance._check import AT_END_TAG
    assert "missing-required-child" in AT_END_TAG
    source = "<!DOCTYPE html><html lang=en><title>t</title><p><ruby>x</ruby>"
    (message,) = [m for m in check(source) if m.code == "missing-required-child"]
    assert source[message.col - 1:message.end_col] == "</ruby>"
    assert message.offset == source.index("</ruby>")
    source = "<!DOCTYPE html><html lang=en><title>t</title><p><ruby>x"
    (message,) = [m for m in check(source) if m.code == "missing-required-child"]
    assert source[message.col - 1:message.end_col] == "<ruby>"


def test_check_leaves_no_cycles_for_the_collector() -> None:
    # check() parses with the collector paused and takes apart the tree it
    # made (and the CSS checker its own objects) before returning: nothing
    # it leaves behind is in a reference cycle, so no collection has to
    # walk a whole tree later.  Template contents, foreign content, a style
    # sheet with a rule the fast path hands to the full path, a style
    # attribute.
    import gc

    source = ("<!DOCTYPE html><title>t</title><style>p{color:red} @media (x{y}) {a{b:c}}"
              "</style><template><p>x<template><b>y</b></template></template>"
              "<svg><g/></svg><p style='color: nonsense'>z")
    gc.collect()
    messages = check(source)
    assert any(m.code.startswith("css-") for m in messages)
    assert gc.collect() == 0
