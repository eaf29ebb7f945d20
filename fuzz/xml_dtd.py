"""The ``dtd`` harness: ``parse_xml`` and ``XmlParser`` on documents with an
internal subset (markup5.xml.dtd, markup5.xml.entities).

Generated documents declare entities (text, markup, references to each
other and to themselves, external and unparsed ones), parameter entities,
attribute lists with defaults of every type, element declarations and
junk, and use them in text and attribute values.  Invariants:

* no exception, in time and memory linear in the input (the runner's
  budgets), whatever the declarations: expansion is bounded;
* the characters of the tree (text and attribute values) are at most the
  input's plus the expansion limit (``max(threshold, amplification x
  input)``), with small limits (threshold 4,096, amplification 8) or the
  defaults;
* the fast path gives the XML5 path's tree and errors, and ``XmlParser``
  fed in pieces gives the same tree and errors (code, offset, line, column);
* ``serialize_xml`` is stable as in the ``xml`` harness (entities are
  expanded and defaults written out, so the re-parse needs no DTD);
* ``process_dtd=False`` applies nothing: no attribute the source lacks.
"""

from __future__ import annotations

import random

import markup5
from markup5.dom import Element, Text
from markup5.xml import XmlParser
from markup5.xml.dump import dump_xml_tree

from . import grammar
from .harnesses import (Harness, InvariantViolation, _errors, _header, as_text, check, pieces,
                        split_input)
from .roundtrip import unstable_xml_class

_NAMES = ("a", "b", "e", "f", "lol", "x:y", "amp", "lt", "nbsp", "empty", "rsqb", "p")
_TYPES = ("CDATA", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES", "NMTOKEN", "NMTOKENS",
          "NOTATION (n)", "(x|y|z)", "(a | b)")
_DEFAULTS = ("#REQUIRED", "#IMPLIED", '"  v  w "', "'&e;'", '#FIXED "x"', '"<"', '"&#60;"',
             '"&lol;"', '"a&#9;b"')
_VALUE_PIECES = ("text", " ", "\n", "&e;", "&f;", "&a;", "&lol;", "&lol;&lol;&lol;", "&#60;b>",
                 "&#60;/b>", "<c/>", "<b>", "</b>", "&#38;amp;", "&#38;", "%p;", "&#37;p;",
                 "&nbsp;", "&undeclared;", "'", "]]>", "&#xD;&#xA;", "<?pi x?>", "<!--c-->",
                 "&", "&#0;", "&x:y;")


def _value(rng: random.Random) -> str:
    return "".join(rng.choice(_VALUE_PIECES) for _ in range(rng.randint(0, 5)))


def _declaration(rng: random.Random) -> str:
    r = rng.random()
    name = rng.choice(_NAMES)
    if r < 0.35:
        return f'<!ENTITY {name} "{_value(rng).replace(chr(34), "")}">'
    if r < 0.42:
        return rng.choice((f'<!ENTITY {name} SYSTEM "file:///etc/passwd">',
                           f'<!ENTITY {name} PUBLIC "-//x" "x.ent">',
                           f'<!ENTITY {name} SYSTEM "u" NDATA n>', '<!NOTATION n SYSTEM "n">'))
    if r < 0.55:
        value = rng.choice(("<!ENTITY e 'pe'>", "<!ATTLIST a q CDATA 'd'>", "%p;", "junk",
                            "<!ENTITY % p 'x'>", ""))
        return rng.choice((f"<!ENTITY % {name} \"{value}\">", f"%{name};", "%p;",
                           '<!ENTITY % ext SYSTEM "x.dtd">', "%ext;"))
    if r < 0.75:
        attrs = "".join(f" {rng.choice(_NAMES + ('xmlns', 'xmlns:x', 'xml:space'))} "
                        f"{rng.choice(_TYPES)} {rng.choice(_DEFAULTS)}"
                        for _ in range(rng.randint(0, 3)))
        return f"<!ATTLIST {name}{attrs}>"
    if r < 0.85:
        return rng.choice((f"<!ELEMENT {name} EMPTY>", f"<!ELEMENT {name} ANY>",
                           f"<!ELEMENT {name} (#PCDATA|a|b)*>", f"<!ELEMENT {name} (a,(b|c)*,d?)+>",
                           f"<!ELEMENT {name} ((((a))))>", f"<!ELEMENT {name} (#PCDATA)>"))
    if r < 0.9:
        return rng.choice(("<!-- c -->", "<?pi data?>", "<![INCLUDE[ <!ENTITY x 'y'> ]]>", " "))
    return "".join(rng.choice("<!>[]%&\"' ENTITYATLS") for _ in range(rng.randint(1, 12)))


def dtd_document(rng: random.Random) -> str:
    """A document with an internal subset, using what it declares."""
    head = rng.choice(("", '<?xml version="1.0"?>', '<?xml version="1.0" standalone="yes"?>'))
    external = rng.choice(("", "", ' SYSTEM "x.dtd"', ' PUBLIC "-//p" "x.dtd"'))
    subset = "".join(_declaration(rng) for _ in range(rng.randint(0, 8)))
    if rng.random() < 0.2:  # billion laughs, cut short or whole
        subset += '<!ENTITY lol "lol">' + "".join(
            f'<!ENTITY lol{i} "{("&lol;" if i == 1 else f"&lol{i - 1};") * 10}">'
            for i in range(1, rng.randint(2, 9)))
    root = rng.choice(_NAMES)
    body = []
    for _ in range(rng.randint(0, 6)):
        name = rng.choice(_NAMES)
        attr = rng.choice(("", f' q="{_value(rng)}"', f" {rng.choice(_NAMES)}='&e;'",
                           ' q="&lol5;"'))
        body.append(rng.choice((f"<{name}{attr}/>", f"<{name}{attr}>{_value(rng)}</{name}>",
                                _value(rng), "&lol9;", "&e;")))
    tail = "]>" if rng.random() < 0.95 else rng.choice(("]", ">", ""))
    return f"{head}<!DOCTYPE {root}{external} [{subset}{tail}<{root}>{''.join(body)}</{root}>"


def _characters(doc: markup5.Document) -> int:
    """The characters of the tree's text and attribute values (a walk, no
    recursion)."""
    total = 0
    stack = list(doc.children)
    while stack:
        node = stack.pop()
        if type(node) is Text:
            total += len(node.data)
        elif isinstance(node, Element):
            total += sum(len(v) for v in node.attrs.values())
            stack.extend(node.children)
    return total


def dtd_target(data: bytes) -> str:
    """parse_xml on documents with an internal subset: bounded expansion,
    fast path = XML5 path, pieces = one shot, stable serialization,
    process_dtd=False applies nothing."""
    options, split_seed, payload = split_input(data)
    small = not options & 1
    process = not options & 2
    limits = {"entity_expansion_threshold": 4096, "max_entity_amplification": 8.0} if small \
        else {}
    source = payload if options & 4 else as_text(payload)
    doc = markup5.parse_xml(source, process_dtd=process, **limits)  # type: ignore[arg-type]
    dump = dump_xml_tree(doc)
    errors = _errors(doc.errors)
    length = len(source)
    bound = max(4096, 8 * length) if small else max(8 * 1024 * 1024, 100 * length)
    check(_characters(doc) <= length + bound, "entity expansion went past its limit")
    slow = markup5.parse_xml(source, process_dtd=process, fast_path=False,
                             **limits)  # type: ignore[arg-type]
    check(dump_xml_tree(slow) == dump, "parse_xml's fast path gives another tree")
    check(_errors(slow.errors) == errors, "parse_xml's fast path gives other errors")
    if isinstance(source, str):
        parser = XmlParser(process_dtd=process, **limits)  # type: ignore[arg-type]
        for piece in pieces(source, split_seed):
            parser.feed(piece)
        fed = parser.close()
        check(dump_xml_tree(fed) == dump, "XmlParser.feed() pieces give another tree")
        check(_errors(fed.errors) == errors, "XmlParser.feed() pieces give other errors")
    if not process:
        plain = markup5.parse_xml(source, process_dtd=False, fast_path=False)
        check(dump_xml_tree(plain) == dump, "process_dtd=False depends on the limits")
    first = markup5.serialize_xml(doc)
    second = markup5.serialize_xml(markup5.parse_xml(first))
    if second == first:
        return "stable"
    reason = unstable_xml_class(doc, True)
    if reason is not None:
        return "skipped:" + reason
    raise InvariantViolation("serialize_xml(parse_xml(serialize_xml(parse_xml(x)))) differs:\n"
                             f"  first:  {first!r}\n  second: {second!r}")


def _gen_dtd(rng: random.Random) -> bytes:
    r = rng.random()
    if r < 0.8:
        payload = dtd_document(rng)
    else:
        corpus = [dtd_document(rng).encode() for _ in range(2)]
        payload = grammar.mutate(rng, dtd_document(rng).encode(), corpus).decode(
            "utf-8", "surrogateescape")
    return _header(rng) + payload.encode("utf-8", "surrogateescape")


HARNESSES = (
    Harness("dtd", dtd_target, _gen_dtd, "xml", 4.0, dtd_target.__doc__ or ""),
)
