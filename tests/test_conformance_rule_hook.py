"""The walk's rule families (``_check.RULES``): constructed once per check(),
called for the elements they name, finished after the walk, and able to
report at a slice of a raw-text node."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from markup5.conformance import _check
from markup5.conformance._messages import Report, ReportSpan
from markup5.dom import Element, Text


class _Probe:
    ELEMENTS = frozenset({"style", "p"})
    seen: list[str] = []

    def __init__(self, report: Report, report_span: ReportSpan) -> None:
        self._report = report
        self._span = report_span

    def element(self, element: Element) -> None:
        _Probe.seen.append(element.local_name)
        if element.local_name == "style":
            text = element.children[0]
            assert isinstance(text, Text)
            at = text.data.index("bad")
            self._span("probe-span", "error", text, at, at + 3, "here")

    def finish(self) -> None:
        _Probe.seen.append("finish")


@pytest.fixture
def probe(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _Probe.seen = []
    monkeypatch.setattr(_check, "RULES", (_Probe,))
    yield


def test_rule_sees_its_elements_in_order_then_finishes(probe: None) -> None:
    _check.check("<!doctype html><html lang=en><title>x</title><p>a<style>bad{}</style><p>b")
    assert _Probe.seen == ["p", "style", "p", "finish"]


def test_report_span_resolves_line_and_column_inside_raw_text(probe: None) -> None:
    source = "<!doctype html><html lang=en><title>x</title><style>\na{}\n  bad{}</style>"
    (message,) = [m for m in _check.check(source) if m.code == "probe-span"]
    assert (message.line, message.col, message.end_line, message.end_col) == (3, 3, 3, 5)
    assert message.offset == source.index("bad")


def test_report_span_without_locations_falls_back_to_the_node(probe: None) -> None:
    from markup5 import parse
    document = parse("<!doctype html><html lang=en><title>x</title><style>bad</style>")
    (message,) = [m for m in _check.check(document) if m.code == "probe-span"]
    assert (message.line, message.col, message.offset) == (1, 1, None)


class _ReadsFirst(_Probe):
    def element(self, element: Element) -> None:
        if element.local_name == "style":
            text = element.children[0]
            assert isinstance(text, Text) and text.source_location is not None
            assert text.source_location.line == 1  # (resolves the location first)
        super().element(element)


def test_report_span_after_the_location_was_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # A location drops its position map once resolved; the span is still placed inside
    # the text, counting UTF-16 units (an astral character is two).
    monkeypatch.setattr(_check, "RULES", (_ReadsFirst,))
    source = ("<!doctype html><html lang=en><title>x</title><style>\U0001F600a{}\n"
              "\U0001F600 bad{}</style>")
    (message,) = [m for m in _check.check(source) if m.code == "probe-span"]
    assert (message.line, message.col, message.end_line, message.end_col) == (2, 4, 2, 6)
    assert message.offset == source.index("bad")


class _ByAttribute:
    """Called for ``b`` elements and for elements with ``title`` or an
    attribute starting ``x-`` (any namespace)."""

    ELEMENTS = frozenset({"b"})
    ATTRIBUTES = frozenset({"title"})
    ATTRIBUTE_PREFIXES = ("x-",)
    seen: list[str] = []

    def __init__(self, report: Report, report_span: ReportSpan) -> None:
        self._report = report

    def element(self, element: Element) -> None:
        _ByAttribute.seen.append(element.local_name)
        self._report("by-attribute", "info", element, "second")

    def finish(self) -> None:
        pass


class _Every:
    """Called for every element; reports before _ByAttribute (listed first)."""

    ELEMENTS = None

    def __init__(self, report: Report, report_span: ReportSpan) -> None:
        self._report = report

    def element(self, element: Element) -> None:
        if element.local_name == "i":
            self._report("every", "info", element, "first")

    def finish(self) -> None:
        pass


def test_rule_called_by_attribute_and_prefix(monkeypatch: pytest.MonkeyPatch) -> None:
    _ByAttribute.seen = []
    monkeypatch.setattr(_check, "RULES", (_Every, _ByAttribute))
    source = ("<!doctype html><html lang=en><title>x</title><p><b>1</b><i title=t>2</i>"
              "<span x-y=1 title=t>3</span><u>4</u><svg><g x-z=1></g><b/></svg>")
    messages = _check.check(source)
    # each once, in document order; u (no trigger) not at all
    assert _ByAttribute.seen == ["b", "i", "span", "g", "b"]
    # at one element, the families report in the order of RULES
    at_i = [m.code for m in messages
            if m.code in ("every", "by-attribute") and m.offset == source.index("<i")]
    assert at_i == ["every", "by-attribute"]
