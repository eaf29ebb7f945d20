"""One harness per markup5 entry point.

A harness takes one input, ``data: bytes``, runs its entry point on it and
checks the invariants (fuzz/README.md lists them).  The same bytes drive the
pure-Python driver (:mod:`fuzz.runner`) and atheris
(:mod:`fuzz.atheris_main`), so a finding from either is one file that
``python -m fuzz repro`` replays.

Input layout: ``data[0]`` holds option bits, ``data[1]`` seeds the places
where the input is split for ``feed()``, and ``data[2:]`` is the payload
(decoded as UTF-8 with ``surrogateescape`` where the entry point takes a
``str``, so lone surrogates reach the parsers too).

A harness returns an outcome label (counted, to report the invariant rates)
or raises :class:`InvariantViolation`.  Any other exception is a finding,
except the documented argument errors the harness provokes on purpose.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import functools
import io
import os
import random
import re
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Generic, TypedDict, TypeVar

import markup5
from markup5 import encoding as _encoding
from markup5 import microsyntax as ms
from markup5.dom import Element
from markup5.errors import ParseError
import markup5.html.parser as _parser_module
from markup5.html.parser import HTMLParser
from markup5.tokens import Token
from markup5.xml import XmlParser
from markup5.xml import Tokenizer as XmlTokenizer
from markup5.xml.dump import dump_xml_tree

if TYPE_CHECKING:  # (markup5.sanitize is imported by its harness only)
    from markup5.sanitize import Policy

from . import grammar
from .roundtrip import unstable_class, unstable_xml_class


class InvariantViolation(AssertionError):
    """An invariant of fuzz/README.md does not hold for this input."""


def check(condition: object, message: str) -> None:
    if not condition:
        raise InvariantViolation(message)


@dataclass(frozen=True)
class Harness:
    """An entry point under test."""

    name: str
    target: Callable[[bytes], str]
    generate: Callable[[random.Random], bytes]
    seed_kind: str
    #: Relative cost: scales the per-input time budget (a harness that
    #: parses three times gets three times the budget).
    cost: float = 1.0
    doc: str = ""
    #: Run once in a fresh child before the budgets apply: one-time costs
    #: (an encoding's index loaded on first use) are not the input's.
    warm_up: Callable[[], None] | None = None
    #: Whether the memory budget (proportional to the input) applies: not
    #: for a harness that builds documents far larger than its input.
    memcheck: bool = True


# Input layout ------------------------------------------------------------------

def split_input(data: bytes) -> tuple[int, int, bytes]:
    """(option bits, split seed, payload)."""
    options = data[0] if len(data) > 0 else 0
    split_seed = data[1] if len(data) > 1 else 0
    return options, split_seed, data[2:]


def as_text(payload: bytes) -> str:
    return payload.decode("utf-8", "surrogateescape")


_Seq = TypeVar("_Seq", str, bytes)


def pieces(seq: _Seq, seed: int) -> list[_Seq]:
    """``seq`` (str or bytes) cut where ``seed`` says: one element at a time
    for seed 0 (short inputs), else 1-4 random cut points, empty pieces
    included."""
    n = len(seq)
    if seed == 0 and n <= 256:
        return [seq[i:i + 1] for i in range(n)]
    rng = random.Random(seed * 1000003 + n)
    cuts = sorted(rng.randint(0, n) for _ in range(1 + seed % 4))
    out = []
    start = 0
    for cut in cuts:
        out.append(seq[start:cut])
        start = cut
    out.append(seq[start:])
    return out


def _header(rng: random.Random) -> bytes:
    return bytes((rng.randrange(256), rng.randrange(256)))


def _gen_with(kind: str, text_gen: Callable[[random.Random], str]
              ) -> Callable[[random.Random], bytes]:
    """A generator: 2 header bytes, then half grammar, half mutated seeds."""
    from .seeds import seeds

    def generate(rng: random.Random) -> bytes:
        r = rng.random()
        if r < 0.5:
            payload = text_gen(rng).encode("utf-8", "surrogatepass")
        elif r < 0.95:
            corpus = seeds(kind)
            payload = grammar.mutate(rng, rng.choice(corpus)[:300], corpus)
        else:
            payload = bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
        return _header(rng) + payload
    return generate


def _errors(errors: Iterable[ParseError]) -> list[tuple[str, int, int]]:
    return [(e.code, e.line, e.col) for e in errors]


def _coalesce(tokens: Iterable[Token | ParseError]) -> list[list[object]]:
    """The tokens as lists, adjacent Character tokens joined.  (What a
    tokenizer yields is typed Token or ParseError: errors come inline only
    with ``inline_errors``, which no harness turns on.)"""
    out: list[list[object]] = []
    for token in tokens:
        assert isinstance(token, Token), token  # no inline errors
        item = token.as_list()
        if item[0] == "Character" and out and out[-1][0] == "Character":
            before, data = out[-1][1], item[1]
            assert isinstance(before, str) and isinstance(data, str)  # Character data
            out[-1] = ["Character", before + data]
        else:
            out.append(item)
    return out


# HTML tokenizer -------------------------------------------------------------------

TOKENIZER_STATES: tuple[tuple[str, str | None], ...] = (
    ("Data state", None), ("Data state", None), ("RCDATA state", "title"),
    ("RAWTEXT state", "style"), ("Script data state", "script"), ("PLAINTEXT state", None),
    ("CDATA section state", None), ("RCDATA state", None),
)


class _TokenizerOptions(TypedDict):
    """The keyword arguments of ``markup5.Tokenizer`` that the harness varies."""

    initial_state: str
    last_start_tag: str | None
    processing_instructions: bool
    allow_cdata: bool


def tokenizer_target(data: bytes) -> str:
    """The tokenizer alone: one shot, then fed in pieces (same tokens and
    errors); and ``tokenize`` with the tree builder's feedback, one shot and
    in pieces."""
    options, split_seed, payload = split_input(data)
    text = as_text(payload)
    state, last = TOKENIZER_STATES[options & 7]
    kwargs: _TokenizerOptions = dict(
        initial_state=state, last_start_tag=last,
        processing_instructions=bool(options & 8), allow_cdata=bool(options & 16))
    whole = markup5.Tokenizer(text, **kwargs)
    tokens = _coalesce(whole)
    errors = _errors(whole.errors)
    tokenizer = markup5.Tokenizer(**kwargs)
    fed = []
    for piece in pieces(text, split_seed):
        fed += tokenizer.feed(piece)
    fed += tokenizer.close()
    check(_coalesce(fed) == tokens, "feed() pieces give other tokens than one shot")
    check(_errors(tokenizer.errors) == errors, "feed() pieces give other errors than one shot")
    if options & 32:
        stream = markup5.tokenize(text, processing_instructions=bool(options & 8),
                                  scripting=bool(options & 64))
        _coalesce(stream)
        _errors(stream.errors)
    return "checked"


# parse ---------------------------------------------------------------------------

class _ParseOptions(TypedDict):
    """The keyword arguments of ``markup5.parse`` and ``HTMLParser`` that
    the parse harness varies."""

    scripting: bool
    processing_instructions: bool


def _dump_and_errors(node: markup5.Document | markup5.DocumentFragment
                     ) -> tuple[str, list[tuple[str, int, int]]]:
    return markup5.dump_tree(node), [(e.code, e.line, e.col) for e in node.errors]


@contextlib.contextmanager
def _full_rules() -> Iterator[None]:
    """The parser without its shortcuts (the data state and comment
    shortcuts, tree building without tokens): every state and every token
    through the tree construction dispatcher, the reference path."""
    _parser_module._FULL_RULES = True
    try:
        yield
    finally:
        _parser_module._FULL_RULES = False


def parse_target(data: bytes) -> str:
    """``parse`` one shot, then ``HTMLParser().feed()`` in pieces: the same
    tree (html5lib-tests dump), errors and quirks mode."""
    options, split_seed, payload = split_input(data)
    text = as_text(payload)
    kwargs: _ParseOptions = dict(scripting=bool(options & 1),
                                 processing_instructions=not options & 2)
    doc = markup5.parse(text, **kwargs)
    expected = _dump_and_errors(doc)
    parser = HTMLParser(**kwargs)
    for piece in pieces(text, split_seed):
        parser.feed(piece)
    fed = parser.close()
    check(_dump_and_errors(fed) == expected, "feed() pieces give another tree or errors")
    check(fed.mode == doc.mode, "feed() pieces give another quirks mode")
    with _full_rules():
        reference = markup5.parse(text, **kwargs)
    check(_dump_and_errors(reference) == expected and reference.mode == doc.mode,
          "the shortcuts give another tree, errors or quirks mode than the full rules")
    # The payload's bytes decoded as UTF-8: in one chunk the input stream's
    # errors are found in the bytes, in pieces in the text.
    whole = markup5.parse(payload, transport_encoding="utf-8", **kwargs)
    parser = HTMLParser(transport_encoding="utf-8", **kwargs)
    for byte_piece in pieces(payload, split_seed):
        parser.feed(byte_piece)
    check(_dump_and_errors(parser.close()) == _dump_and_errors(whole),
          "UTF-8 bytes fed in pieces give another tree or errors than in one chunk")
    return "checked"


# parse_fragment ---------------------------------------------------------------------

FRAGMENT_CONTEXTS = (
    "body", "html", "head", "td", "th", "tr", "tbody", "thead", "table", "caption",
    "colgroup", "col", "select", "option", "optgroup", "selectedcontent", "button",
    "template", "title", "textarea", "style", "script", "plaintext", "noscript", "xmp",
    "iframe", "noembed", "noframes", "frameset", "frame", "p", "a", "b", "form", "li", "dd",
    "ul", "pre", "listing", "div", "span", "ruby", "rt", "math", "svg", "svg desc",
    "svg title", "svg foreignObject", "svg foreignobject", "svg svg", "svg path",
    "math mi", "math mo", "math mtext", "math annotation-xml", "math math", "math svg",
    "svg font", "x-custom", "image", "input", "img", "br",
)


def fragment_target(data: bytes) -> str:
    """``parse_fragment`` with a context chosen by the first byte (a tag name
    from the payload when it is 255); the result dumps and serializes."""
    options, _, payload = split_input(data)
    text = as_text(payload)
    context: str | markup5.Element
    if options == 255:
        # A context name made from the input: a name parse_fragment refuses
        # (documented: only known HTML and custom element names, "svg",
        # "math", "svg NAME", "math NAME") raises ValueError, and then the
        # element of that name, where it is a valid element name, must work.
        head, _, text = text.partition("|")
        context = head[:20] or "body"
        try:
            markup5.html.contexts.context_name(context)
        except ValueError:
            if not context.strip():
                return "argument-error"  # documented: a blank context
            try:
                context = markup5.Element(context.lower())
            except markup5.InvalidCharacterError:
                return "argument-error"  # documented: not an element name
    else:
        context = FRAGMENT_CONTEXTS[options % len(FRAGMENT_CONTEXTS)]
        if context == "image":  # (no HTML element: refused as a name)
            context = markup5.Element("image")
    scripting = bool(options & 64) and options != 255
    fragment = markup5.parse_fragment(text, context, scripting=scripting)
    with _full_rules():
        reference = markup5.parse_fragment(text, context, scripting=scripting)
    check(_dump_and_errors(fragment) == _dump_and_errors(reference),
          "the shortcuts give another fragment or errors than the full rules")
    markup5.serialize(fragment)
    return "checked"


# serialize round trip ----------------------------------------------------------------



class _SerializeOptions(TypedDict, total=False):
    """The keyword arguments of ``markup5.serialize`` that the option sets
    below give."""

    scripting: bool
    pretty: bool
    omit_optional_tags: bool
    quote_attr_values: str | bool
    minimize_boolean_attributes: bool
    use_trailing_solidus: bool
    use_best_quote_char: bool
    escape_rcdata: bool
    escape_lt_in_attrs: bool
    resolve_entities: bool
    alphabetical_attributes: bool
    strip_whitespace: bool
    inject_meta_charset: bool
    encoding: str | None
    doctype_ids: bool


SERIALIZE_OPTION_SETS: tuple[_SerializeOptions, ...] = (
    {},
    {"pretty": True},
    {"omit_optional_tags": True},
    {"quote_attr_values": "legacy", "minimize_boolean_attributes": True,
     "use_trailing_solidus": True},
    {"quote_attr_values": "spec", "use_best_quote_char": True, "escape_rcdata": True,
     "escape_lt_in_attrs": False, "resolve_entities": False},
    {"alphabetical_attributes": True, "strip_whitespace": True, "inject_meta_charset": True,
     "encoding": "utf-8"},
    {"scripting": True, "doctype_ids": True},
)


def serialize_target(data: bytes) -> str:
    """serialize(parse(serialize(parse(x)))) == serialize(parse(x)), except
    for the classes the standard does not preserve; every option set of
    ``serialize`` runs without an exception."""
    options, _, payload = split_input(data)
    text = as_text(payload)
    scripting = bool(options & 1)
    doc = markup5.parse(text, scripting=scripting)
    first = markup5.serialize(doc, scripting=scripting)
    extra = SERIALIZE_OPTION_SETS[(options >> 1) % len(SERIALIZE_OPTION_SETS)].copy()
    extra.setdefault("scripting", scripting)
    markup5.serialize(doc, **extra)
    second = markup5.serialize(markup5.parse(first, scripting=scripting), scripting=scripting)
    if second == first:
        return "stable"
    # Trees the standard's serialization does not preserve through a re-parse
    # (fuzz/README.md, "Round trip"): skipped only when the first tree is in
    # one of the listed classes.
    reason = unstable_class(doc, scripting)
    if reason is not None:
        return "skipped:" + reason
    raise InvariantViolation("serialize(parse(serialize(parse(x)))) != serialize(parse(x)):\n"
                             f"  first:  {first!r}\n  second: {second!r}")


# XML ---------------------------------------------------------------------------------

def xml_target(data: bytes) -> str:
    """``parse_xml``: its fast path (expat) gives the XML5 tree and errors;
    fed in pieces gives the same tree and errors;
    ``serialize_xml`` is stable: parse_xml(serialize_xml(parse_xml(x)))
    serializes (and dumps) as parse_xml(x) does."""
    options, split_seed, payload = split_input(data)
    xml10 = not options & 1
    keep = not options & 2
    source = payload if options & 4 else as_text(payload)
    doc = markup5.parse_xml(source, xml10_compatible=xml10, keep_xmlns_attributes=keep)
    dump = dump_xml_tree(doc)
    errors = _errors(doc.errors)
    slow = markup5.parse_xml(source, xml10_compatible=xml10, keep_xmlns_attributes=keep,
                             fast_path=False)
    check(dump_xml_tree(slow) == dump, "parse_xml's fast path gives another tree")
    check(_errors(slow.errors) == errors, "parse_xml's fast path gives other errors")
    check(slow.encoding == doc.encoding, "parse_xml's fast path gives another encoding")
    if isinstance(source, str):  # options & 4 clear (the same test, that mypy narrows by)
        parser = XmlParser(xml10_compatible=xml10, keep_xmlns_attributes=keep)
        for piece in pieces(source, split_seed):
            parser.feed(piece)
        fed = parser.close()
        check(dump_xml_tree(fed) == dump, "XmlParser.feed() pieces give another tree")
        check(_errors(fed.errors) == errors, "XmlParser.feed() pieces give other errors")
        tokenizer = XmlTokenizer(xml10_compatible=xml10)
        fed_tokens = []
        for piece in pieces(source, split_seed):
            fed_tokens += tokenizer.feed(piece)
        fed_tokens += tokenizer.close()
        whole = XmlTokenizer(source, xml10_compatible=xml10)
        check(_coalesce(fed_tokens) == _coalesce(whole),
              "XML tokenizer feed() pieces give other tokens")
    first = markup5.serialize_xml(doc)
    again = markup5.parse_xml(first, xml10_compatible=xml10, keep_xmlns_attributes=keep)
    second = markup5.serialize_xml(again)
    if second == first:
        return "stable"
    reason = unstable_xml_class(doc, xml10)
    if reason is not None:
        return "skipped:" + reason
    raise InvariantViolation("serialize_xml(parse_xml(serialize_xml(parse_xml(x)))) differs:\n"
                             f"  first:  {first!r}\n  second: {second!r}")


# microsyntaxes ----------------------------------------------------------------------

_REF_DOC = markup5.parse('<map name=m id=i></map><map name=M></map><img usemap="#m">'
                         '<map id="a b"></map><map name="">x</map>')

def _serialize_utc(value: ms.GlobalDateTime) -> str:
    """serialize_global_datetime's forced-UTC form; it documents a
    ValueError when the UTC date falls before year 1 (0001-01-01T00:00+03:00
    is in year 0 in UTC): then the offset is kept."""
    if value.year < 1:
        try:
            ms.serialize_global_datetime(value)
        except ValueError:
            return ms.serialize_global_datetime(value, keep_offset=True)
        raise InvariantViolation("a UTC date before year 1 was serialized")
    return ms.serialize_global_datetime(value)


_V = TypeVar("_V")


@dataclass(frozen=True)
class _RoundTrip(Generic[_V]):
    """A parse function, the serialize function of what it returns, and the
    validity function of the strings: called on a string, checks that
    parse(serialize(v)) == v and that the serialization is valid.  (A class
    generic in the value, rather than a tuple of the three, so that each
    serializer is seen to get what its own parser returns.)"""

    parse: Callable[[str], _V | None]
    serialize: Callable[[_V], str]
    is_valid: Callable[[str], bool]

    def __call__(self, s: str) -> None:
        # The isinstance tests below hold whenever the "parse is" test
        # before them does; they tell mypy what the value is.
        parse, serialize, is_valid = self.parse, self.serialize, self.is_valid
        value = parse(s)
        if value is None:
            return
        out = serialize(value)
        name = getattr(serialize, "__name__", "serialize")
        check(is_valid(out), f"{name} gave an invalid string {out!r}")
        again = parse(out)
        if (again is None and parse is ms.parse_duration and isinstance(value, _dt.timedelta)
                and value > _dt.timedelta.max - _dt.timedelta(milliseconds=1)):
            # Rounded to the millisecond, a duration this close to
            # timedelta's maximum is written beyond it, and parse_duration
            # documents None beyond timedelta's range.
            return
        check(again is not None and serialize(again) == out,
              f"{name}: the serialization is not a fixed point")
        # A value from a valid string survives exactly (the serializers
        # round what a valid string cannot carry, e.g. sub-millisecond
        # seconds, so values from other strings may move by that much).
        if is_valid(s) and serialize is not _serialize_utc:
            check(again == value, f"{parse.__name__}({name}(v)) != v for a valid string")
        if parse is ms.parse_date and isinstance(value, ms.Date):
            check(1 <= ms.days_in_month(value.month, value.year) <= 31, "days_in_month")
            ms.is_leap_year(value.year)
            ms.weeks_in_year(value.year)


_ROUND_TRIPS: tuple[Callable[[str], None], ...] = (
    _RoundTrip(ms.parse_date, ms.serialize_date, ms.is_valid_date_string),
    _RoundTrip(ms.parse_month, ms.serialize_month, ms.is_valid_month_string),
    _RoundTrip(ms.parse_week, ms.serialize_week, ms.is_valid_week_string),
    _RoundTrip(ms.parse_time, ms.serialize_time, ms.is_valid_time_string),
    _RoundTrip(ms.parse_yearless_date, ms.serialize_yearless_date,
               ms.is_valid_yearless_date_string),
    _RoundTrip(ms.parse_timezone_offset, ms.serialize_timezone_offset,
               ms.is_valid_timezone_offset_string),
    _RoundTrip(ms.parse_local_datetime, ms.serialize_local_datetime,
               ms.is_valid_normalized_local_datetime_string),
    _RoundTrip(ms.parse_global_datetime,
               lambda v: ms.serialize_global_datetime(v, keep_offset=True),
               ms.is_valid_global_datetime_string),
    _RoundTrip(ms.parse_global_datetime, _serialize_utc, ms.is_valid_global_datetime_string),
    _RoundTrip(ms.parse_duration, ms.serialize_duration, ms.is_valid_duration_string),
    _RoundTrip(ms.parse_simple_color, ms.serialize_simple_color,
               ms.is_valid_lowercase_simple_color),
)
#: "valid X string" implies that the parser of X succeeds.
_VALID_IMPLIES_PARSE = (
    (ms.is_valid_integer, ms.parse_integer),
    (ms.is_valid_non_negative_integer, ms.parse_non_negative_integer),
    (ms.is_valid_float, ms.parse_float),
    (ms.is_valid_date_string, ms.parse_date),
    (ms.is_valid_month_string, ms.parse_month),
    (ms.is_valid_week_string, ms.parse_week),
    (ms.is_valid_time_string, ms.parse_time),
    (ms.is_valid_yearless_date_string, ms.parse_yearless_date),
    (ms.is_valid_timezone_offset_string, ms.parse_timezone_offset),
    (ms.is_valid_local_datetime_string, ms.parse_local_datetime),
    (ms.is_valid_normalized_local_datetime_string, ms.parse_local_datetime),
    (ms.is_valid_global_datetime_string, ms.parse_global_datetime),
    (ms.is_valid_date_string_with_optional_time, ms.parse_date_or_time),
    (ms.is_valid_duration_string, ms.parse_duration),
    (ms.is_valid_simple_color, ms.parse_simple_color),
    (ms.is_valid_simple_color, ms.parse_legacy_color),
)
_COMPONENTS = (ms.parse_date_component, ms.parse_month_component, ms.parse_time_component,
               ms.parse_yearless_date_component, ms.parse_timezone_offset_component)
#: Called with the string alone, but for is_valid_hash_name_reference (given
#: a document and a local name too): hence Callable[..., object].
_PLAIN: tuple[Callable[..., object], ...] = (
    ms.parse_dimension, ms.parse_nonzero_dimension, ms.parse_dimension_list,
    ms.parse_float_list, ms.is_valid_float_list, ms.parse_legacy_color,
    ms.split_comma_tokens, ms.is_unique_space_tokens, ms.is_valid_hash_name_reference,
    ms.parse_date_or_time)
_KEYWORDS = {"on": 1, "off": 2, "": 3, "auto": 4}
_SPACE = " \t\n\x0c\r"


def microsyntax_target(data: bytes) -> str:
    """Every function of markup5.microsyntax on the payload: no exception;
    parse(serialize(v)) == v and the serialization is valid; a valid string
    parses; component parsers stay inside the string."""
    options, position_seed, payload = split_input(data)
    s = as_text(payload)
    for function in _PLAIN:
        if function is ms.is_valid_hash_name_reference:
            function(s, _REF_DOC, "map")
        else:
            function(s)
    found = ms.parse_hash_name_reference(s, _REF_DOC, "map")
    check(found is None or isinstance(found, Element), "hash-name reference: not an element")
    ms.is_unique_space_tokens(s, ascii_case_insensitive=True)
    for token in ms.split_space_tokens(s):
        check(token and not any(c in _SPACE for c in token), "space token with a space")
    state = ms.enumerated_attribute_state(s, _KEYWORDS, missing_default=0, invalid_default=-1)
    check(state in (-1, 1, 2, 3, 4), "enumerated attribute: unknown state")
    check(ms.is_enumerated_attribute_value_valid(s, _KEYWORDS) == (state != -1),
          "enumerated attribute: validity and state disagree")
    ms.is_boolean_attribute_value_valid(s, "checked")
    for is_valid, parse in _VALID_IMPLIES_PARSE:
        if is_valid(s) and parse(s) is None:
            # parse_duration documents None for a duration beyond
            # timedelta's range (999,999,999 days: nine digits at least).
            # (A valid float string never overflows: see is_valid_float.)
            overflow = parse is ms.parse_duration and re.search(r"\d{9}", s) is not None
            check(overflow, f"{is_valid.__name__} but {parse.__name__} fails")
    for round_trip in _ROUND_TRIPS:
        round_trip(s)
    number = ms.parse_float(s)
    if number is not None:
        check(ms.parse_float(ms.serialize_float(number)) == number, "float round trip")
    integer = ms.parse_integer(s)
    nonneg = ms.parse_non_negative_integer(s)
    check(nonneg is None or (nonneg >= 0 and nonneg == integer), "non-negative integer")
    legacy = ms.parse_legacy_color(s)
    if legacy is not None:
        check(all(0 <= c <= 255 for c in legacy), "legacy color out of range")
    start = position_seed % (len(s) + 1)
    for component in _COMPONENTS:
        result = component(s, start)
        if result is not None:
            check(start <= result[1] <= len(s), f"{component.__name__} position out of range")
    ms.is_valid_float_list(s)
    return "checked"


# encoding sniffing -----------------------------------------------------------------

_TRANSPORT = (None, None, None, None, "utf-8", "UTF-16BE", "shift_jis", "iso-2022-jp",
              "x-user-defined", "replacement", "gb18030", "big5", "euc-kr", "koi8-u",
              "utf-16", "windows-1251")


class _TransportOptions(TypedDict):
    """The keyword argument of ``markup5.parse`` and ``HTMLParser`` that the
    sniff harness varies."""

    transport_encoding: str | None


def sniff_target(data: bytes) -> str:
    """Encoding sniffing on random bytes: ``sniff_encoding`` with and
    without a transport label; decoding with the result, one shot and
    through a stateful decoder fed in pieces (the same text); ``parse`` of
    the bytes equal to ``HTMLParser().feed()`` of them in pieces (tree,
    errors, encoding, confidence).  An unknown label is a ValueError."""
    options, split_seed, payload = split_input(data)
    transport = _TRANSPORT[options & 15]
    result = markup5.sniff_encoding(payload, transport)
    if options & 16:
        bogus = as_text(payload[:12]) + "-no-such-encoding"
        try:
            markup5.sniff_encoding(payload, bogus)
        except ValueError:
            pass  # documented: an unknown label is a ValueError
        else:
            raise InvariantViolation(f"unknown label {bogus!r} accepted")
    enc = _encoding.get_encoding(result.encoding)
    text = _encoding.decode(payload, enc)
    decoder = enc.decoder()
    body = payload
    bom = _encoding.bom_sniff(payload)
    if bom is not None:
        # decode() drops the BOM; the stateful decoder gets what follows it.
        enc2 = bom
        body = payload[{"UTF-8": 3}.get(bom.name, 2):]
        decoder = enc2.decoder()
    out = []
    for piece in pieces(body, split_seed):
        out.append(decoder.decode(piece))
    out.append(decoder.decode(b"", final=True))
    check("".join(out) == text, f"{enc.name} decoder fed in pieces gives another text")
    if options & 32:
        kwargs: _TransportOptions = {"transport_encoding": transport}
        doc = markup5.parse(payload, **kwargs)
        parser = HTMLParser(**kwargs)
        # At least one feed(): the first chunk says whether the input is
        # bytes, and a parser never fed has had none (str: "irrelevant").
        for piece in pieces(payload, split_seed ^ 0x55) or [payload]:
            parser.feed(piece)
        fed = parser.close()
        check(_dump_and_errors(fed) == _dump_and_errors(doc),
              "HTMLParser bytes fed in pieces give another tree or errors")
        check((fed.encoding, fed.encoding_confidence) == (doc.encoding, doc.encoding_confidence),
              "HTMLParser bytes fed in pieces give another encoding")
    return result.confidence


def _warm_up_encodings() -> None:
    """Load every encoding's tables (Big5, GB18030, ... load on first use)."""
    for enc in _encoding.ENCODINGS.values():
        enc.decode(b"\x81\x40\xa4\xa4\x8e\xa1\x1b$B\x30\x21\x1b(Ba")


def _gen_sniff(rng: random.Random) -> bytes:
    from .seeds import seeds
    r = rng.random()
    if r < 0.6:
        payload = grammar.sniff_bytes(rng)
    elif r < 0.9:
        corpus = seeds("encoding")
        payload = grammar.mutate(rng, rng.choice(corpus)[:1500], corpus, max_len=1500)
    else:
        payload = bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
    return _header(rng) + payload


# CLI -------------------------------------------------------------------------------

CLI_COMMANDS = (
    ["parse", "{f}"], ["parse", "--tree", "{f}"], ["parse", "--pretty", "{f}"],
    ["parse", "--fragment", "td", "{f}"], ["parse", "--fragment", "svg desc", "--tree", "{f}"],
    ["parse", "--scripting", "--no-processing-instructions", "{f}"],
    ["parse", "--encoding", "shift_jis", "{f}"], ["parse", "--encoding", "bogus", "{f}"],
    ["text", "{f}"], ["text", "--all", "--separator", "|", "--strip", "{f}"],
    ["text", "--fragment", "select", "{f}"],
    ["xml", "{f}"], ["xml", "--tree", "{f}"], ["xml", "--encoding", "latin-1", "{f}"],
    ["tokenize", "{f}"], ["tokenize", "--errors", "{f}"], ["tokenize", "--raw", "{f}"],
    ["tokenize", "--state", "RCDATA", "--last-start-tag", "title", "{f}"],
    ["tokenize", "--state", "no such state", "{f}"],
    ["check", "{f}"], ["check", "--xml", "{f}"],
    ["select", "p, a[href], :is(b, i) > *", "{f}"], ["select", "--text", "*", "{f}"],
    ["select", "--xml", "*|*", "{f}"], ["select", "{sel}", "{f}"],
    ["trace", "{t}"], ["trace", "{t}"], ["parse", "--fragment", "{ctx}", "{f}"],
    ["parse", "{f}", "--no-such-option"], ["select", "p", "/nonexistent/file"],
    ["check", "--no-reconstruction-limit", "{f}"],
    ["parse", "--no-reconstruction-limit", "--fragment", "td", "--tree", "{f}"],
    ["sanitize", "{f}"], ["sanitize", "--context", "td", "{f}"],
    ["sanitize", "--context", "{ctx}", "{f}"], ["sanitize", "--document", "{f}"],
    ["sanitize", "--document", "--encoding", "shift_jis", "--no-detect", "{f}"],
    ["sanitize", "--policy", "{f}", "{f}"], ["sanitize", "--policy", "{f}", "--context", "tr", "{f}"],
    ["sanitize", "--policy", "/nonexistent/policy.json", "{f}"],
    ["sanitize", "--document", "--context", "td", "{f}"],
)

_cli_file: str | None = None


def _cli_path() -> str:
    global _cli_file
    if _cli_file is None:
        # /dev/shm where there is one: opening files on the work tree's
        # file system cost more than running most commands.
        where = "/dev/shm" if os.path.isdir("/dev/shm") else None
        fd, _cli_file = tempfile.mkstemp(prefix="markup5-fuzz-", suffix=".html", dir=where)
        os.close(fd)
    return _cli_file


def cli_target(data: bytes) -> str:
    """The command line on a random file: exit status 0, 1 or 2 (argparse's
    usage errors too), never a traceback."""
    from markup5 import cli
    if not hasattr(cli.build_parser, "cache_info"):
        # The argument parser does not depend on the input, and building it
        # costs more than most commands: build it once per process.
        cli.build_parser = functools.lru_cache(maxsize=None)(cli.build_parser)
    main = cli.main
    options, _, payload = split_input(data)
    path = _cli_path()
    with open(path, "wb") as f:
        f.write(payload)
    short = as_text(payload[:40]).replace("\x00", "")
    argv = [a.format(f=path, t=as_text(payload[:300]).replace("\x00", ""),
                     sel=short or "*", ctx=short.strip() or "td")
            for a in CLI_COMMANDS[options % len(CLI_COMMANDS)]]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse: usage errors exit 2
            status = exc.code if isinstance(exc.code, int) else 2
    check(status in (0, 1, 2), f"exit status {status!r}")
    check("Traceback" not in err.getvalue(), "traceback on stderr")
    if status == 2:
        check(err.getvalue().strip(), "exit status 2 without a message")
    return f"exit-{status}"


#: What the CLI generator makes sanitize policies of (``--policy {f}``).
_POLICY_KEYS = ("elements", "attributes", "url_attributes", "url_schemes",
                "allow_relative_urls", "link_rel", "disallowed", "drop_content", "comments",
                "data_attributes", "aria_attributes", "clobber_prefix", "styles", "svg",
                "mathml", "no_such_key")
_POLICY_VALUES: tuple[object, ...] = (
    [], ["b", "i", "a", "p"], ["script"], ["b", 1], {"*": ["title"], "a": ["href"]},
    {"a": ["onclick"]}, {"a": "href"}, ["http", "https"], ["javascript"], True, False, None,
    "unwrap", "escape", "drop", "explode", "user-", "", 0, 1.5, ["nofollow"], ["color"],
    {"img": ["src", "srcset"]}, "p")


def _policy_json(rng: random.Random) -> str:
    """A JSON object of random Policy fields and values: mostly refused."""
    import json
    fields = {rng.choice(_POLICY_KEYS): rng.choice(_POLICY_VALUES)
              for _ in range(rng.randint(0, 6))}
    text = json.dumps(fields)
    return text[:rng.randint(0, len(text))] if rng.random() < 0.1 else text


def _gen_cli(rng: random.Random) -> bytes:
    data = bytearray(_gen_with("html", grammar.html)(rng))
    r = rng.random()
    if r < 0.2:
        data[2:] = grammar.xml(rng).encode("utf-8", "surrogatepass")
    elif r < 0.3:
        data[2:] = _policy_json(rng).encode("utf-8")
    return bytes(data)


# scaling: time linear in the input ----------------------------------------------------

SCALING_PREFIXES = ("", "<table>", "<select>", "<svg>", "<template>", "<math><mi>",
                    "<select><option>", "<b><i><u>", "<!DOCTYPE html><p>", "<frameset>")
SCALING_TARGETS: tuple[tuple[str, Callable[[str], object]], ...] = (
    ("parse", lambda text: markup5.parse(text)),
    ("parse_fragment td", lambda text: markup5.parse_fragment(text, "td")),
    ("tokenize", lambda text: list(markup5.tokenize(text))),
    ("parse_xml", lambda text: markup5.parse_xml(text)),
    ("serialize", lambda text: markup5.serialize(markup5.parse(text))),
    ("sanitize td", lambda text: _sanitize_td(text)),
    ("check", lambda text: _conformance_check(text)),
)


def _conformance_check(text: str) -> object:
    """markup5.conformance.check (imported when first called)."""
    from markup5.conformance import check as conformance_check
    return conformance_check(text)


def _sanitize_td(text: str) -> str:
    """markup5.sanitize in a td with SVG and MathML on (imported when first
    called: the module is not needed by the other targets)."""
    from markup5.sanitize import sanitize
    return sanitize(text, policy=_sanitize_policies()[6], context="td")
#: The unit is repeated N times (N doubled from SCALING_START until one run
#: takes SCALING_MIN_SECONDS of CPU, at most SCALING_MAX_N) and 4N times; the
#: best of three runs of each is kept (a busy machine only adds time, and CPU
#: time may be counted in scheduler ticks).  Linear time gives a ratio near
#: 4, quadratic near 16; above SCALING_RATIO is a finding.
SCALING_START, SCALING_MAX_N, SCALING_MIN_SECONDS, SCALING_RATIO = 256, 4096, 0.02, 8.0


def _best(function: Callable[[str], object], text: str, runs: int = 3) -> float:
    import time
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        function(text)
        best = min(best, time.process_time() - start)
    return best


#: A start tag's name, and its first attribute's name: where a numbered
#: unit gets its number.
_SCALING_TAG_NAME = re.compile(r"<[A-Za-z][^\t\n\f\r />]*")
_SCALING_ATTRIBUTE_NAME = re.compile(r"<[A-Za-z][^\t\n\f\r />]*[\t\n\f\r ]+[^\t\n\f\r />=]+")

#: How the copies of a unit are numbered (see scaling_document).
SCALING_PLAIN, SCALING_NUMBERED_ATTRIBUTE, SCALING_NUMBERED_NAME = "plain", "attribute", "name"


def scaling_document(prefix: str, unit: str, n: int, numbered: str) -> str:
    """``prefix`` + ``unit`` x ``n``, the copies numbered so that they can be
    distinct: with ``"attribute"`` the first start tag of each copy gets an
    attribute ``k`` holding the copy's number (repeated identical elements
    meet the Noah's Ark clause, which hid ``<b k=i><p>x`` x N: every copy
    reconstructed all the b elements before it); with ``"name"`` that tag's
    first attribute name ends with the number (``<b xmlns:p0=u>``, then
    ``p1`` ...: N prefixes declared, nested, were a copy of every binding
    each); ``"plain"`` repeats the unit as it is."""
    pattern = {SCALING_NUMBERED_ATTRIBUTE: _SCALING_TAG_NAME,
               SCALING_NUMBERED_NAME: _SCALING_ATTRIBUTE_NAME}.get(numbered)
    match = pattern.search(unit) if pattern is not None else None
    if match is None:
        return prefix + unit * n
    head, tail = unit[:match.end()], unit[match.end():]
    if numbered == SCALING_NUMBERED_ATTRIBUTE:
        return prefix + "".join([f"{head} k={i}{tail}" for i in range(n)])
    return prefix + "".join([f"{head}{i}{tail}" for i in range(n)])


def scaling_target(data: bytes) -> str:
    """A unit repeated N and 4N times after a prefix (the families of
    benchmarks/scaling.py, found at random), its copies numbered for some
    option bits (:func:`scaling_document`): the CPU time of the entry point
    must grow about 4 times (a quadratic family: 16); over 8 times is a
    finding.  The per-input budget does not see this on short inputs."""
    options, target_seed, payload = split_input(data)
    unit = as_text(payload)[:40]
    if not unit:
        return "empty"
    prefix = SCALING_PREFIXES[options % len(SCALING_PREFIXES)]
    # (Options whose bit 0 after the prefix's choice is set number an
    # attribute, as since finding 11; value 2 of the next two bits numbers
    # a name.  The kept findings have neither.)
    mode = options // len(SCALING_PREFIXES) % 4
    numbered = (SCALING_NUMBERED_ATTRIBUTE if mode % 2 else
                SCALING_NUMBERED_NAME if mode == 2 else SCALING_PLAIN)
    name, function = SCALING_TARGETS[target_seed % len(SCALING_TARGETS)]
    n = SCALING_START
    small = _best(function, scaling_document(prefix, unit, n, numbered))
    while small < SCALING_MIN_SECONDS and n < SCALING_MAX_N:
        n *= 2
        small = _best(function, scaling_document(prefix, unit, n, numbered))
    if small < SCALING_MIN_SECONDS:
        return "fast"
    large = _best(function, scaling_document(prefix, unit, 4 * n, numbered))
    ratio = large / small
    check(ratio <= SCALING_RATIO,
          f"{name}: {prefix!r} + {unit!r} x {4 * n} ({numbered}) takes "
          f"{ratio:.1f} times the CPU of x {n} ({large:.3f} s): not linear")
    return "linear"


def _gen_scaling(rng: random.Random) -> bytes:
    unit = grammar.html(rng, max_len=32) if rng.random() < 0.85 else grammar.xml(rng, 32)
    return _header(rng) + unit.encode("utf-8", "surrogatepass")[:40]


# the registry ----------------------------------------------------------------------

# URLs and links -------------------------------------------------------------------

_URL_BASES = (None, "https://example.com/a/b?c#d", "file:///C:/x/y", "about:blank",
              "sc://h/p?q", "data:text/plain,x", "http://[::1]:8080/", "not a url")
_URL_PIECES = ("http:", "https:", "file:", "mailto:", "ws:", "sc:", "javascript:", "//", "/",
               "\\", "..", ".", "%2e", "%2E.", "%", "%zz", "@", ":", "[", "]", "::1", "::ffff:1.2.3.4",
               "127.0.0.1", "0x7f.1", "4294967296", "xn--", "xn--nxasmq6b", "\u00e9", "\u00df",
               "\u200d", "\uff0e", "?", "#", " ", "\t", "\n", "\x00", "\x7f", "a", "b.c",
               "80", "C|", "C:", "user:pass", "\U0001f600", "\ud800", "&", "=", "'", "<", ">")


def url_target(data: bytes) -> str:
    """``markup5.url.parse_url`` against a base the first byte chooses: no
    exception; a URL's ``href`` parses again to the same ``href`` (the URL
    serializer's output is a fixed point).  Then the payload as a ``<base
    href>`` and an ``<a href>`` of a document with a URL: ``base_url`` and
    ``link_urls()`` never raise and give such fixed points or None."""
    options, _, payload = split_input(data)
    s = as_text(payload)
    base = _URL_BASES[options % len(_URL_BASES)]
    url = markup5.url.parse_url(s, base)
    if url is None:
        outcome = "failure"
    else:
        again = markup5.url.parse_url(url.href)
        check(again is not None and again.href == url.href, "href does not re-parse to itself")
        outcome = "parsed"
    doc = markup5.parse("<a>x</a>", url="https://example.com/dir/page")
    link = doc.select_one("a")
    assert link is not None and doc.head is not None
    link["href"] = s
    if options & 0x80:
        base_element = doc.create_element("base")
        base_element["href"] = s
        doc.head.append(base_element)
    for resolved in (doc.base_url, *(u for _, u in doc.link_urls())):
        if resolved is not None:
            again = markup5.url.parse_url(resolved)
            check(again is not None and again.href == resolved, "resolved link is not a URL")
    return outcome


def _gen_url(rng: random.Random) -> bytes:
    if rng.random() < 0.8:
        text = "".join(rng.choice(_URL_PIECES) for _ in range(rng.randint(0, 24)))
        payload = text.encode("utf-8", "surrogatepass")
    else:
        payload = bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
    return _header(rng) + payload


# sanitize --------------------------------------------------------------------------

#: Contexts for the sanitize harness; sanitize documents a ValueError for
#: the last ones (SVG and MathML roots: not HTML elements; the others hold
#: no markup).
SANITIZE_CONTEXTS = ("div", "body", "td", "tr", "table", "tbody", "ul", "li", "p", "a", "span",
                     "pre", "select", "button", "h1", "dl", "caption", "colgroup", "x-custom",
                     "svg", "math", "script", "textarea", "template", "title", "plaintext")
_NOT_MARKUP = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed",
                         "noframes", "noscript", "plaintext", "template", "svg", "math"})
#: Never in a sanitized tree, whatever the policy (the contract's list and
#: SVG's scripting elements).
_UNSAFE_ELEMENTS = frozenset({
    "script", "style", "noscript", "template", "xmp", "plaintext", "noembed", "noframes",
    "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "link",
    "handler", "listener"})
_UNSAFE_ATTRIBUTES = frozenset({"srcdoc", "formaction", "is", "http-equiv", "xmlns"})
#: Attributes whose value a browser may load or navigate to.
_URL_ATTRIBUTES = frozenset({"href", "src", "xlink:href", "action", "formaction", "poster",
                             "background", "cite", "longdesc", "data", "codebase", "ping",
                             "lowsrc", "dynsrc", "srcset", "usemap", "manifest", "icon"})
#: Pieces the sanitize generator mixes into tag soup: what an allowlist
#: keeps (so that kept structure meets the re-parse rules) and known
#: attack shapes (mXSS, namespace confusion, URL obfuscation).
_SANITIZE_PIECES = (
    "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "<a href=\"https://e.x/\">", "</a>",
    "<a href=' java\tscript:x'>", "<a href=\"&#106;avascript:x\">", "<a href=//e.x/p>",
    "<a href=\"JaVaScRiPt:x\">", "<a href=\"data:text/html,x\">", "<a id=x name=y>",
    "<img src=x onerror=y>", "<img src=\"https://e.x/i.png\" alt=\"a\" srcset=\"javascript:x 1x\">",
    "<table>", "<tr>", "<td>", "</td>", "<th>", "<caption>", "<col>", "<tbody>", "</table>",
    "<ul>", "<ol>", "<li>", "<dl><dt><dd>", "<blockquote>", "<pre>", "<code>", "<br>", "<hr>",
    "<h1>", "<h2>", "<span style=\"color:red;position:fixed\">", "<p style=\"background:url(x)\">",
    "<svg>", "</svg>", "<svg><a xlink:href=\"javascript:x\"><text>t</text></a></svg>",
    "<svg><animate attributeName=href values=javascript:x>", "<svg><set attributeName=href to=javascript:x>",
    "<svg><foreignObject><p>", "<svg><desc><b>", "<svg><style><img src=x onerror=y>",
    "<math><mtext><table><mglyph><style><img src=x onerror=y>", "<math><mi><b>",
    "<math><annotation-xml encoding=\"text/html\"><p>", "<math href=javascript:x>",
    "<noscript><p title=\"</noscript><img src=x onerror=y>\">", "<form><input name=q><button formaction=x>",
    "<select><style>", "<template><script>", "<xmp><p title=\"</xmp><img onerror=y>\">",
    "<iframe srcdoc=\"<script>x</script>\">", "<object data=x>", "<embed src=x>", "<base href=x>",
    "<meta http-equiv=refresh content=0>", "<!-- c -->", "<!--><img src=x onerror=y>-->",
    "<div data-x=1 aria-label=l role=button>", "<p id=user-content-x>", "<b is=x-y>",
    "<textarea><p>", "<title><b>", "<script>x</script>", "<style>x</style>", "x", " ", "&lt;",
    "\u00e9", "<", "&", "\x00", "<keygen>", "<frameset>", "<body onload=x>", "<html>", "<head>",
)


@functools.lru_cache(maxsize=None)
def _sanitize_policies() -> tuple[Policy, ...]:
    """The harness's policies: the presets, and variants with SVG and
    MathML, comments, every disallowed-element action, styles and data-*
    and aria-* attributes (made once per process)."""
    from markup5.sanitize import DEFAULT_POLICY, TEXT_FORMATTING_POLICY
    default, text = DEFAULT_POLICY, TEXT_FORMATTING_POLICY
    return (
        default, text,
        default.replace(svg=True, mathml=True),
        default.replace(comments=True),
        default.replace(disallowed="escape"),
        default.replace(disallowed="drop"),
        default.replace(svg=True, mathml=True, comments=True, disallowed="escape",
                        data_attributes=True, aria_attributes=True, clobber_prefix=None),
        text.replace(disallowed="escape", styles=frozenset({"color", "background-color",
                                                            "text-align", "font-weight"})),
    )


def _url_is_unsafe(value: str, schemes: frozenset[str]) -> bool:
    """Whether a URL-valued attribute could run script or go to a scheme
    the policy does not allow: every URL of the value (srcset's candidates
    too) parsed as a browser would against an https base."""
    candidates = [value]
    if "," in value or " " in value.strip():
        candidates += [c.strip().split(" ")[0] for c in value.split(",")]
    for candidate in candidates:
        url = markup5.url.parse_url(candidate, "https://base.example/dir/")
        if url is None:
            continue
        scheme = url.href.split(":", 1)[0]
        if scheme in ("javascript", "vbscript") or (scheme not in schemes and scheme != "https"):
            return True
    return False


def _unsafe_in(root: markup5.DocumentFragment | markup5.Document, policy: Policy) -> str | None:
    """The first thing in the tree that the rule set calls unsafe, or None."""
    schemes = frozenset(policy.url_schemes)
    stack: list[markup5.Node] = list(root.children)
    while stack:
        node = stack.pop()
        if isinstance(node, markup5.Comment) and not policy.comments:
            return "a comment"
        if not isinstance(node, Element):
            if isinstance(node, markup5.Document):  # (no other node has children here)
                stack.extend(node.children)
            continue
        name = node.local_name.lower()
        if name in _UNSAFE_ELEMENTS:
            return f"element {node.local_name}"
        for attribute, value in node.attrs.items():
            lowered = attribute.lower()
            if lowered.startswith("on") or lowered in _UNSAFE_ATTRIBUTES or lowered.startswith("xmlns:"):
                return f"attribute {attribute} on {node.local_name}"
            if lowered in _URL_ATTRIBUTES and _url_is_unsafe(value, schemes):
                return f"URL {attribute}={value!r} on {node.local_name}"
            if name in ("animate", "set", "animatemotion", "animatetransform") and \
                    lowered == "attributename" and value.strip().lower() in ("href", "xlink:href"):
                return f"{node.local_name} animating {value}"
        stack.extend(node.children)
        if node.template_contents is not None:
            stack.extend(node.template_contents.children)
    return None


def sanitize_target(data: bytes) -> str:
    """``sanitize`` with one of eight policies (presets and variants) in a
    context, both chosen by the first byte: no exception (a context holding
    no markup is the documented ValueError); the output sanitized again is
    itself; ``parse_fragment`` of the output (same context, scripting on)
    serializes back to it; nothing unsafe in that tree (no script, frame,
    object, style, base, meta; no ``on*``, ``srcdoc``, ``formaction``; no
    URL with a scheme the policy does not allow, ``javascript:`` least of
    all; no comment unless the policy keeps them); ``sanitize_tree`` on the
    parsed input gives the same output.  With bit 2 of the second byte,
    ``sanitize_document`` too: its output sanitized again is itself."""
    from markup5.html.serializer import serialize_children
    from markup5.sanitize import Sanitizer
    options, second, payload = split_input(data)
    text = as_text(payload)
    policies = _sanitize_policies()
    policy = policies[options % len(policies)]
    context = SANITIZE_CONTEXTS[(options // len(policies)) % len(SANITIZE_CONTEXTS)]
    sanitizer = Sanitizer(policy)
    try:
        out = sanitizer.sanitize(text, context=context)
    except ValueError:
        check(context in _NOT_MARKUP, f"ValueError for context {context!r}")
        return "argument-error"
    check(context not in _NOT_MARKUP, f"context {context!r} accepted")
    again = sanitizer.sanitize(out, context=context)
    check(again == out, f"not idempotent in {context!r}:\n  first:  {out!r}\n  second: {again!r}")
    fragment = markup5.parse_fragment(out, context, scripting=True)
    reparsed = markup5.serialize(fragment)
    check(reparsed == out, f"the output does not re-parse to itself in {context!r}:\n"
                           f"  output:   {out!r}\n  reparsed: {reparsed!r}")
    unsafe = _unsafe_in(fragment, policy)
    check(unsafe is None, f"unsafe output in {context!r}: {unsafe}: {out!r}")
    # sanitize_tree verifies in the element given (a fragment: in a div):
    # the parsed input moved into an element of the context.
    holder = markup5.Element(context)
    holder.append(*markup5.parse_fragment(text, context, scripting=True).children)
    sanitizer.sanitize_tree(holder)
    check(serialize_children(holder, scripting=True) == out,
          "sanitize_tree gives another output than sanitize")
    if second & 4:
        document = sanitizer.sanitize_document(text)
        check(sanitizer.sanitize_document(document) == document,
              "sanitize_document is not idempotent")
        unsafe = _unsafe_in(markup5.parse(document, scripting=True), policy)
        check(unsafe is None, f"unsafe document output: {unsafe}")
    return "changed" if out != text else "unchanged"


def _gen_sanitize(rng: random.Random) -> bytes:
    r = rng.random()
    if r < 0.4:
        items = [rng.choice(_SANITIZE_PIECES) if rng.random() < 0.6 else grammar.html(rng, 24)
                 for _ in range(rng.randint(1, 16))]
        payload = "".join(items).encode("utf-8", "surrogatepass")
    elif r < 0.65:
        payload = grammar.html(rng).encode("utf-8", "surrogatepass")
    elif r < 0.97:
        from .seeds import seeds
        corpus = seeds("html")
        payload = grammar.mutate(rng, rng.choice(corpus)[:300], corpus)
    else:
        payload = bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
    return _header(rng) + payload


def forms_target(data: bytes) -> str:
    """``markup5.forms`` on every element of the parsed input (template
    contents too), with one cache for the page: no exception; ``valid`` is
    true exactly when no flag is set; too long, too short, bad input and
    custom error are never set on a parsed page; a cache changes no answer;
    ``check_validity`` is ``not will_validate or valid`` for controls, and
    for a form whether every submittable element it owns passes; a message
    exactly when a candidate is invalid; never both :valid and :invalid,
    nor both :in-range and :out-of-range; the directionality (:dir()) of
    every element is ltr or rtl, the same with and without a cache."""
    from markup5 import forms
    from markup5.directionality import directionality
    from markup5.forms._validity import submittable_elements
    _, _, payload = split_input(data)
    doc = markup5.parse(as_text(payload))
    cache: dict[object, object] = {}
    dir_cache: dict[object, object] = {}
    elements: list[markup5.Element] = []
    stack: list[markup5.Node] = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, markup5.Element):
            elements.append(node)
            if node.template_contents is not None:
                stack.append(node.template_contents)
        if isinstance(node, markup5.dom.ParentNode):
            stack.extend(reversed(node.children))
    invalid = 0
    for el in elements:
        state = forms.validity(el, cache=cache)
        check(state.valid == (not state.flags()), f"valid disagrees with the flags: {state!r}")
        check(not (state.too_long or state.too_short or state.bad_input or state.custom_error),
              f"a flag a parsed page cannot have: {state!r}")
        check(forms.validity(el) == state, f"the cache changed validity of <{el.local_name}>")
        candidate = forms.will_validate(el, cache=cache)
        passes = forms.check_validity(el, cache=cache)
        if el.local_name == "form" and el.namespace == markup5.dom.HTML_NAMESPACE:
            owned = submittable_elements(el, cache)
            check(passes == all(forms.check_validity(c, cache=cache) for c in owned),
                  "check_validity(form) is not that of its submittable elements")
        else:
            check(passes == (not candidate or state.valid), "check_validity disagrees")
        message = forms.validation_message(el, cache=cache)
        check((message != "") == (candidate and not state.valid),
              f"message {message!r} for {state!r} (candidate: {candidate})")
        check(not (forms.matches_valid(el, cache=cache) and forms.matches_invalid(el, cache=cache)),
              "both :valid and :invalid")
        check(not (forms.is_in_range(el, cache=cache) and forms.is_out_of_range(el, cache=cache)),
              "both :in-range and :out-of-range")
        forms.value(el, cache=cache)
        invalid += not passes
        # The directionality behind :dir(), which reads the controls' values.
        direction = directionality(el, cache=dir_cache)
        check(direction in ("ltr", "rtl"), f"directionality {direction!r}")
        check(directionality(el) == direction, "the cache changed the directionality")
    return "invalid" if invalid else "valid"


#: Form markup for the forms harness: every input type, with values, ranges,
#: steps, patterns, groups and the barring contexts.
_FORMS_PIECES = [
    "<form id=f>", "<form>", "</form>", "<fieldset disabled>", "<fieldset>", "</fieldset>",
    "<legend>", "</legend>", "<datalist>", "</datalist>", "<select required>",
    "<select multiple required>", "<select size=2>", "</select>", "<option value=''>",
    "<option selected>", "<option disabled>", "<optgroup disabled>", "<textarea required>",
    "</textarea>", "<button>", "<button type=reset>", "<output>", "<template>", "</template>",
    "<input type=radio name=r required>", "<input type=radio name=r checked form=f>",
    "<input type=checkbox required>", "<input required readonly>", "<input form=f required>",
    "<input pattern='[' value=a>", "<input pattern='\\p{L}+' value=1>", "<table>", "<div>",
    # For the directionality: dir states, bdi, and strong characters of each kind.
    "<div dir=auto>", "<p dir=rtl>", "<span dir=ltr>", "<bdi>", "</bdi>", "</div>",
    "<input dir=auto value='\u05e9\u05dc\u05d5\u05dd'>", "<textarea dir=auto>",
    "\u0627\u0644\u0639\u0631\u0628\u064a\u0629", "\u05e2\u05d1", "abc", "123",
]
_FORMS_TYPES = ["text", "number", "range", "date", "month", "week", "time", "datetime-local",
                "email", "url", "color", "checkbox", "radio", "file", "hidden", "submit", "x"]
_FORMS_VALUES = ["", "1", "-1.5", "1e3", "x", "2020-02-30", "2020-W53", "23:59:59.5",
                 "2020-01-01T10:00", "a@b", "a@b.c,,", "http://x", "#ABCDEF", " 7 ", "any"]


def _gen_forms(rng: random.Random) -> bytes:
    items = []
    for _ in range(rng.randint(1, 20)):
        r = rng.random()
        if r < 0.45:
            attrs = [f"type={rng.choice(_FORMS_TYPES)}"]
            for name in ("value", "min", "max", "step"):
                if rng.random() < 0.5:
                    attrs.append(f"{name}='{rng.choice(_FORMS_VALUES)}'")
            for name in ("required", "multiple", "disabled", "readonly"):
                if rng.random() < 0.2:
                    attrs.append(name)
            items.append(f"<input {' '.join(attrs)}>")
        elif r < 0.85:
            items.append(rng.choice(_FORMS_PIECES))
        else:
            items.append(grammar.html(rng, 24))
    return _header(rng) + "".join(items).encode("utf-8", "surrogatepass")


def pattern_target(data: bytes) -> str:
    """``markup5.forms._pattern`` on an untrusted pattern and value (the
    payload cut where ``data[1]`` says): no exception; ``compile_pattern``
    gives a pattern exactly when ``pattern_status`` says valid; ``matches``
    is ``evaluate`` with undecided counted as a match; ``(?:p)`` answers as
    ``p`` does; the matcher visits at most 18 x (64 x len(p) + 20000) x
    (len(value) + 1) states (its documented bound)."""
    from markup5.forms._pattern import compile_pattern, pattern_status
    _, second, payload = split_input(data)
    text = as_text(payload)
    cut = second % (len(text) + 1)
    pattern, value = text[:cut], text[cut:]
    compiled = compile_pattern(pattern)
    status = pattern_status(pattern)
    check((compiled is not None) == (status == "valid"),
          f"compile_pattern and pattern_status disagree on {pattern!r}: {status}")
    if compiled is None:
        return status
    work = [0]
    result = compiled._evaluate(value, work)
    check(result in (True, False, None), f"evaluate gave {result!r}")
    check(compiled.matches(value) == (result is not False), "matches is not evaluate")
    bound = 18 * (64 * len(pattern) + 20_000) * (len(value) + 1)
    check(work[0] <= bound, f"{work[0]} states visited, over {bound}")
    wrapped = compile_pattern("(?:" + pattern + ")")
    check(wrapped is not None, "(?:p) does not compile")
    if wrapped is not None and result is not None:
        again = wrapped.evaluate(value)
        check(again in (result, None), f"(?:p) gives {again!r}, p gives {result!r}")
    return "undecided" if result is None else ("match" if result else "no-match")


def _warm_up_pattern() -> None:
    """Build the Unicode tables the pattern harness uses (General_Category,
    simple case folding) once, before the per-input budgets."""
    from markup5.forms._pattern import compile_pattern
    compile_pattern("(?i:\\p{L}\\P{Lu}a)")


_PATTERN_PIECES = ["a", "b", "A", "-", ".", "|", "*", "+", "?", "{2}", "{0,3}", "{1,}", "(",
                   ")", "(?:", "(?<n>", "(?=", "(?!", "(?<=", "(?<!", "(?i:", "(?m-s:", "[",
                   "]", "[^", "&&", "--", "\\q{ab|}", "\\d", "\\w", "\\b", "\\B", "\\1",
                   "\\k<n>", "\\p{L}", "\\P{Lu}", "\\u{1F600}", "^", "$", "\\", "\n",
                   "\U0001F600", "\udc00"]


_PATTERN_ATOMS = ["a", "b", ".", "[ab]", "[^a]", "\\w", "[\\w--a]", "[\\q{ab|}]", "\\p{L}",
                  "\\1", "a{2,}", "(?i:A)", "\\b", "^", "$"]
_PATTERN_OPENERS = ["(", "(", "(?:", "(?<n>", "(?=", "(?!", "(?<=", "(?<!", "(?i:"]


def _gen_pattern(rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        pattern = "".join(rng.choice(_PATTERN_PIECES) for _ in range(rng.randint(0, 14)))
    else:
        # Mostly well-formed: balanced groups, quantifiers after atoms.
        parts, depth = [], 0
        for _ in range(rng.randint(1, 12)):
            r = rng.random()
            if r < 0.2:
                parts.append(rng.choice(_PATTERN_OPENERS))
                depth += 1
            elif r < 0.35 and depth:
                parts.append(")" + rng.choice(["", "", "*", "+", "?", "{0,2}"]))
                depth -= 1
            elif r < 0.42:
                parts.append("|")
            else:
                parts.append(rng.choice(_PATTERN_ATOMS) + rng.choice(["", "", "*", "+?", "?"]))
        pattern = "".join(parts) + ")" * depth
    value = "".join(rng.choice("aabbA-\n\U0001F600") for _ in range(rng.randint(0, 40)))
    text = (pattern + value).encode("utf-8", "surrogatepass")
    cut = len(pattern)
    return bytes([rng.randrange(256), cut % 256]) + text if cut < 256 else _header(rng) + text


def _gen_tokenizer(rng: random.Random) -> bytes:
    return _gen_with("html", grammar.html)(rng)


HARNESSES: dict[str, Harness] = {h.name: h for h in (
    Harness("tokenizer", tokenizer_target, _gen_tokenizer, "html", 1.0,
            tokenizer_target.__doc__ or ""),
    Harness("parse", parse_target, _gen_with("html", grammar.html), "html", 2.0,
            parse_target.__doc__ or ""),
    Harness("fragment", fragment_target, _gen_with("html", grammar.html), "html", 1.5,
            fragment_target.__doc__ or ""),
    Harness("serialize", serialize_target, _gen_with("html", grammar.html), "html", 3.0,
            serialize_target.__doc__ or ""),
    Harness("xml", xml_target, _gen_with("xml", grammar.xml), "xml", 4.0,
            xml_target.__doc__ or ""),
    Harness("microsyntax", microsyntax_target, _gen_with("microsyntax", grammar.microsyntax),
            "microsyntax", 1.0, microsyntax_target.__doc__ or ""),
    Harness("url", url_target, _gen_url, "microsyntax", 1.0, url_target.__doc__ or ""),
    Harness("sanitize", sanitize_target, _gen_sanitize, "html", 8.0,
            sanitize_target.__doc__ or ""),
    Harness("sniff", sniff_target, _gen_sniff, "encoding", 3.0, sniff_target.__doc__ or "",
            _warm_up_encodings),
    Harness("forms", forms_target, _gen_forms, "html", 3.0, forms_target.__doc__ or ""),
    Harness("pattern", pattern_target, _gen_pattern, "microsyntax", 2.0,
            pattern_target.__doc__ or "", _warm_up_pattern),
    Harness("cli", cli_target, _gen_cli, "html", 3.0, cli_target.__doc__ or "",
            _warm_up_encodings),
    # Not one of the entry points: repetition families, checked for linear
    # time (each input parses two documents of up to ~10 KB, twice).
    Harness("scaling", scaling_target, _gen_scaling, "html", 100.0,
            scaling_target.__doc__ or "", memcheck=False),
)}

# The streaming and pretty-printing XML harnesses (fuzz/xml_streaming.py,
# which imports the helpers above).
from .xml_streaming import HARNESSES as _XML_STREAMING  # noqa: E402

HARNESSES.update((h.name, h) for h in _XML_STREAMING)

# The internal-subset harness (fuzz/xml_dtd.py).
from .xml_dtd import HARNESSES as _XML_DTD  # noqa: E402

HARNESSES.update((h.name, h) for h in _XML_DTD)

# The conformance checker's harness (fuzz/conformance_check.py).
from .conformance_check import HARNESSES as _CHECK  # noqa: E402

HARNESSES.update((h.name, h) for h in _CHECK)

# The CSS checker's harness (fuzz/css_check.py).
from .css_check import HARNESSES as _CSS  # noqa: E402

HARNESSES.update((h.name, h) for h in _CSS)
