"""XML5: error-tolerant XML parsing (tokenizer, tree builder, dump, serializer).

    >>> from markup5.xml import parse_xml, dump_xml_tree, serialize_xml
    >>> doc = parse_xml('<a xmlns="urn:x"><b>t&amp;</b><c/></a>')
    >>> print(dump_xml_tree(doc))
    | <{urn:x}a>
    |   {http://www.w3.org/2000/xmlns/}xmlns="urn:x"
    |   <{urn:x}b>
    |     "t&"
    |   <{urn:x}c>
    >>> serialize_xml(doc)
    '<a xmlns="urn:x"><b>t&amp;</b><c/></a>'

The XML5 text (``xml5.txt``, Ygg01/xml5_draft 2016) leaves many questions
open and differs from xml5lib-tests in places.  This implementation follows
xml5lib-tests HEAD (a6d626e) and the behaviour of xml5ever that the tests
encode; the decisions, one by one:

Input
    Bytes (``parse_xml`` and ``XmlParser`` only) are decoded as a
    browser's XML parser decodes them (:mod:`markup5.xml.encoding`): a BOM,
    else the caller's ``transport_encoding``, else UTF-16 for "<?" in
    UTF-16, and the XML declaration's ``encoding`` looked up in the WHATWG
    label table, else UTF-8; an unknown label (``unknown-encoding``), a
    label that contradicts the BOM (``encoding-mismatch``) and each
    undecodable byte sequence (U+FFFD, ``invalid-byte-sequence``) are parse
    errors.  CR and CRLF become LF; NUL becomes
    U+FFFD without an error.  Controls (U+0001-0008, 000B, 000E-001F,
    007F-009F) and noncharacters (U+FDD0-FDEF, xxFFFE, xxFFFF) are parse
    errors when a state consumes them, reported before the character is
    handled, once per character; the character passes through.  The
    tokenizer keeps a leading BOM as text (as the tests do); ``parse_xml``
    drops it.

Whitespace
    TAB, LF and SPACE in tag states; TAB, LF, FF and SPACE in DOCTYPE
    states.

Tokenizer differences from the text
    The empty tag state reconsumes a stray character in the attribute
    value before state, without an error (the text: attribute name before
    state, with an error); that value belongs to no attribute and is
    dropped.  EOF in the attribute name state emits a start tag.  The PI
    after state keeps appending to the data and stays there; ``?`` there is
    dropped.  ``<?xml ...?>`` is an ordinary processing instruction.
    Markup declarations match ``--``, ``[CDATA[`` and ``DOCTYPE`` ASCII
    case-insensitively.  Comments have HTML's comment start and comment
    start dash states.  In CDATA, a ``]`` not yet emitted at EOF is lost.
    A duplicate attribute is a parse error, reported when the attribute
    ends (the next one starts or the tag is emitted), and the later one is
    dropped.  End tags' attributes are parse errors and are not kept.

Character references (what a reference returns)
    The text would return "a reference with a name"; instead references
    resolve the HTML way.  Numeric: decimal or hex (``x``/``X``); no digits
    is an error and the ``&`` is literal; a missing ``;`` is an error;
    0, surrogates and values above U+10FFFF give U+FFFD with an error;
    0x80-0x9F map through Windows-1252 with an error (0x81, 0x8D, 0x8F,
    0x90, 0x9D keep their code point); other controls and noncharacters
    are returned as they are, with an error (``&#13;`` gives a CR: references
    are not newline-normalised).  Named: the HTML5 table of 2231 names
    (``html.entities.html5``, legacy names without ``;`` included), longest
    match; in quoted attribute values a legacy match followed by ``=`` (an
    error) or an alphanumeric stays literal.  In unquoted attribute values
    references run with no additional allowed character and not in
    attribute mode (as xml5ever does).  With ``xml10_compatible`` (and
    ``process_dtd``, both parse_xml's defaults), a name the DOCTYPE's
    internal subset declares is that entity instead
    (:mod:`markup5.xml.entities`), and a name neither declared nor
    predefined is the error ``undeclared-entity`` where XML 1.0's WFC:
    Entity Declared applies (it still resolves the HTML way).

``%``
    Not special: the text lists ``%`` among the characters after ``&`` that
    mean "no reference", but ``&%`` is plain text either way, and parameter
    entity references are not recognised anywhere.

DOCTYPE
    Name, public and system identifiers as in the 2016 text (what the tests
    check); names are ASCII-lowercased; a quote between the identifiers does
    not reset the system identifier, so an empty one stays missing.
    Internal subsets are not supported: ``[`` after the name is an error
    and the rest up to the first ``>`` is a bogus DOCTYPE; what follows is
    ordinary content (text before the root element is dropped).

Tree construction
    Start, main and end phases as in the text, plus: a DOCTYPE in the start
    phase becomes a DocumentType node (the text ignores it); text joins a
    preceding text node; an end tag closes the nearest open element with
    the same namespace and local name (it is an error if the current node's
    local name differs) and is ignored when there is none; ``</>`` closes
    the current element; whitespace outside the root is ignored and other
    content after the root (a second root, a late DOCTYPE) is an error and
    dropped.

Namespaces (the text: "Decide how to deal with namespaces")
    A name has a prefix only if it contains exactly one ``:`` that is
    neither first nor last.  The scope starts with no default namespace and
    the ``xml`` and ``xmlns`` prefixes bound.  Per tag, declarations come
    first: ``xmlns="uri"`` / ``xmlns:p="uri"`` bind (an empty value
    undeclares); binding to the XMLNS URI, ``xmlns:xmlns``, ``xmlns:xml``
    with another URI, and a non-empty rebinding of a prefix already bound on
    the same tag are errors and rejected.  The ``xmlns`` attributes stay on
    the element (xml5lib-tests HEAD), in the XMLNS namespace when the
    declaration worked, in none when it was rejected; pass
    ``keep_xmlns_attributes=False`` for the older layout without them.
    Unprefixed attributes have no namespace; prefixed ones resolve in the
    tag's scope; an unknown prefix is an error, gives no namespace and keeps
    the prefix; a second attribute with the same (namespace, local name)
    is dropped.  Element names resolve the same way, no prefix meaning the
    default namespace.  Only start tags open a scope, so declarations on an
    empty tag do not reach its siblings.

XML 1.0 compatibility (``xml10_compatible``, :func:`parse_xml`'s default)
    On well-formed XML, ``parse_xml`` gives the tree an XML 1.0 parser
    (expat) gives and reports no error, checked on 5,637 real files
    (``docs/xml-differences.md``, ``tools/xml_diff.py``).  Where the
    decisions above follow HTML or the XML5 text reads less than XML 1.0,
    it follows XML 1.0 instead: a ``<?xml ...?>`` that starts the input is
    the XML declaration, not a node; DOCTYPE names keep their case and
    public identifiers have their whitespace normalized; the internal
    subset is read (the DOCTYPE internal subset states, not in the text)
    and, with ``process_dtd``, its declarations applied as a non-validating
    XML processor applies them (:mod:`markup5.xml.dtd`,
    :mod:`markup5.xml.entities`: internal entities expanded, attribute
    defaults added, non-CDATA attributes normalized; nothing external is
    ever read); numeric references to any XML
    1.0 character give it as it is, with no error and no windows-1252
    mapping; DEL, C1 controls and noncharacters other than U+FFFE/U+FFFF
    are not errors; literal TAB and LF in attribute values become spaces
    (XML 1.0 attribute-value normalization); only ``?>`` ends a processing
    instruction (a ``?`` followed by anything else is data, where the pi
    after state drops it).  ``xml10_compatible=False``
    (the :class:`Tokenizer`'s default) is exactly what xml5lib-tests check.

The well-formed fast path (``parse_xml``'s ``fast_path``, the default)
    A document that the standard library's expat accepts, and that XML5
    reads as XML 1.0 does, is built from expat's events with the same
    namespace binding; anything else goes through the XML5 tokenizer from
    the start, so the result is always the XML5 result
    (:mod:`markup5.xml.fast_path` lists when it steps aside).

Errors
    ``ParseError`` objects with a descriptive code (listed in
    :mod:`markup5.xml.tokenizer`, :mod:`markup5.xml.treebuilder` and
    :mod:`markup5.xml.encoding`), the
    offset in the preprocessed input and line/column computed on demand.
"""

from .dump import dump_xml_tree, dump_xml_tree_lines
from .serializer import serialize_xml
from .states import State
from .tokenizer import Tokenizer
from .tokens import (Characters, Comment, Doctype, EmptyTag, EndTag, ProcessingInstruction,
                     ShortTag, StartTag)
from .treebuilder import XmlParser, XmlTreeBuilder, parse_xml
from .iterparse import XmlEventIterator, iterparse_xml

__all__ = [
    "Tokenizer", "State", "parse_xml", "iterparse_xml", "XmlEventIterator", "XmlParser",
    "XmlTreeBuilder", "dump_xml_tree", "dump_xml_tree_lines",
    "serialize_xml", "StartTag", "EmptyTag", "EndTag", "ShortTag", "Characters", "Comment",
    "ProcessingInstruction", "Doctype",
]
