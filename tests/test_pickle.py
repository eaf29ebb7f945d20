"""Pickling nodes: any depth, whole trees, one tree for nodes pickled together."""

from __future__ import annotations

import pickle

import markup5
from html5lib_tree import load_cases
from markup5 import dump_tree, parse, parse_fragment, parse_xml, serialize, serialize_xml
from markup5.dom import Element, Text


class Card(Element):
    __slots__ = ("__secret", "rank")


class Note(Text):  # a subclass with an instance dict
    pass


def _round_trip(value):
    return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def _errors(document):
    return [(e.code, e.line, e.col) for e in document.errors]


def test_parsed_documents_and_fragments_come_back_the_same():
    for case in load_cases()[:600]:
        if case.fragment_context:
            original = parse_fragment(case.data, case.fragment_context)
        else:
            original = parse(case.data)
        copy = _round_trip(original)
        assert dump_tree(copy) == dump_tree(original), case
        assert _errors(copy) == _errors(original), case
        if not case.fragment_context:
            assert (copy.mode, copy.encoding, copy.encoding_confidence) == \
                (original.mode, original.encoding, original.encoding_confidence)


def test_a_document_whose_errors_were_never_read_pickles():
    # (The errors are worked out when first read, from the parse; the
    # compiled build's object for that could not be pickled.)
    document = parse(b"<p>caf\xc3\xa9</b>", transport_encoding="utf-8")
    copy = _round_trip(document)
    assert _errors(copy) == [("expected-doctype-but-got-starttag", 1, 3),
                             ("unexpected-end-tag", 1, 11)]
    assert copy.body.text_content == "café"


def test_deep_trees_pickle():
    # The pickle module's walk over the slots recursed once per level: a
    # tree 200 levels deep raised RecursionError.
    for source in ("<div>" * 100_000, "<template>" * 10_000 + "x", "<svg>" + "<g>" * 50_000):
        document = parse(source)
        assert serialize(_round_trip(document)) == serialize(document)


def test_nodes_pickled_together_come_back_in_one_tree():
    document = parse("<p>a<b>b</b><template><i>t</i></template>")
    b = document.get_elements_by_tag_name("b")[0]
    i = document.get_elements_by_tag_name("template")[0].template_contents.children[0]
    text = b.children[0]
    copy, b2, i2, text2 = _round_trip([document, b, i, text])
    assert b2 is copy.get_elements_by_tag_name("b")[0]
    assert text2 is b2.children[0] and text2.data == "b"
    template = copy.get_elements_by_tag_name("template")[0]
    assert i2 is template.template_contents.children[0]
    assert template.template_contents.host is template
    # One node alone brings its whole tree, as the default pickling did.
    alone = _round_trip(i)
    assert alone.local_name == "i" and alone.parent.host.local_name == "template"
    assert serialize(alone.parent.host.parent.parent.parent) == serialize(document)


def test_detached_nodes_subclasses_and_xml():
    card = Card("div", {"class": "c"})
    card._Card__secret = 7
    card.rank = "ace"
    card.append(Text("x"))
    copy = _round_trip(card)
    assert type(copy) is Card and copy.parent is None and copy._Card__secret == 7
    assert copy.rank == "ace" and copy.outer_html == '<div class="c">x</div>'

    note = Note("n")
    note.seen = True
    copy = _round_trip(note)
    assert type(copy) is Note and copy.seen is True and copy.data == "n"

    document = parse_xml('<a xmlns="urn:a" xmlns:x="urn:x"><x:b x:c="1">t</x:b><?p d?></a>')
    copy = _round_trip(document)
    assert serialize_xml(copy) == serialize_xml(document)
    (b,) = [n for n in copy.iter() if isinstance(n, Element) and n.local_name == "b"]
    assert (b.namespace, b.prefix, b.attr_namespaces) == ("urn:x", "x", {"x:c": "urn:x"})


def test_markup5_top_level_objects_are_untouched():
    # (Pickling goes through Node only.)
    assert markup5.ParseError("x", 1) == _round_trip(markup5.ParseError("x", 1))


# Every protocol (issue 39, defect 13): with protocols 0 and 1 the pickle
# module's default for classes with __slots__ and no __getstate__ raised
# TypeError for ParseErrors, tokens and so every parsed document.

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def test_documents_fragments_and_nodes_pickle_with_every_protocol():
    document = parse("<!DOCTYPE html><p id=a>x</b><template><i>t</i></template><!--c--><?pi d?>",
                     source_locations=True)
    fragment = parse_fragment("<td>a</td><b>b", "tr")
    xml = parse_xml('<a xmlns="urn:a" xmlns:x="urn:x"><x:b x:c="1">t</x:b><?p d?></a')
    for protocol in PROTOCOLS:
        for original in (document, fragment, xml):
            copy = pickle.loads(pickle.dumps(original, protocol=protocol))
            assert dump_tree(copy) == dump_tree(original), protocol
            assert _errors(copy) == _errors(original) != [], protocol
        copy = pickle.loads(pickle.dumps(document, protocol=protocol))
        p = copy.get_elements_by_tag_name("p")[0]
        assert p.source_location == document.get_elements_by_tag_name("p")[0].source_location
        text = document.get_elements_by_tag_name("p")[0].children[0]
        text2, p2 = pickle.loads(pickle.dumps([text, text.parent], protocol=protocol))
        assert text2.data == "x" and text2.parent is p2 and p2.get_attribute("id") == "a"


def test_parse_errors_and_tokens_pickle_with_every_protocol():
    from markup5 import tokens
    from markup5.xml import tokens as xml_tokens
    error = parse("<!DOCTYPE html>\n</x>").errors[0]
    values = [error, markup5.ParseError("x", 3),
              tokens.StartTag("a", {"href": "u"}, True), tokens.EndTag("a"),
              tokens.Characters("x\r\n"), tokens.Comment("c"),
              tokens.Doctype("html", "p", None, True), tokens.ProcessingInstruction("t", "d"),
              xml_tokens.StartTag("a", {"b": "c"}), xml_tokens.EmptyTag("e"),
              xml_tokens.EndTag("a"), xml_tokens.ShortTag(), xml_tokens.Characters("x"),
              xml_tokens.Comment("c"), xml_tokens.ProcessingInstruction("t", "d"),
              xml_tokens.Doctype("d", None, "s")]
    # (Every token class, HTML's and XML's, is in the list.)
    for module in (tokens, xml_tokens):
        classes = {c for c in vars(module).values() if isinstance(c, type)
                   and issubclass(c, tokens.Token) and c.__module__ == module.__name__
                   and c.__subclasses__() == []}
        assert classes <= {type(v) for v in values}, classes
    for protocol in PROTOCOLS:
        for value in values:
            copy = pickle.loads(pickle.dumps(value, protocol=protocol))
            assert type(copy) is type(value) and copy == value, (protocol, value)
        copy = pickle.loads(pickle.dumps(error, protocol=protocol))
        assert (copy.code, copy.offset, copy.line, copy.col) == \
            (error.code, error.offset, error.line, error.col) == ("unexpected-end-tag-before-html", 19, 2, 4)


def test_located_tree_pickles_its_spans_without_the_line_table():
    # The parser keeps spans as tuples holding the parse's line table until
    # a location is read (markup5.locations): a pickle of a tree whose
    # locations were never read has them all, as SourceLocations, and not
    # the table (which holds the whole input).
    source = "<p id=a>x\n<b>y</b>\n</p><!--c-->"
    document = parse(source, source_locations=True)
    data = pickle.dumps(document)
    assert b"PositionMap" not in data
    copy = pickle.loads(data)
    fresh = parse(source, source_locations=True)
    for node, original in zip(copy.iter(), fresh.iter()):
        assert repr(node.source_location) == repr(original.source_location)
        if isinstance(node, markup5.Element):
            assert repr(node.end_tag_location) == repr(original.end_tag_location)
    b = copy.get_elements_by_tag_name("b")[0]
    assert (b.end_tag_location.line, b.end_tag_location.col) == (2, 5)
    text = b.children[0]
    assert (text.source_location.offset, text.source_location.end_offset) == (13, 14)
    comment = copy.children[-1].children[-1].children[-1]
    assert comment.source_location.offset == source.index("<!--")
