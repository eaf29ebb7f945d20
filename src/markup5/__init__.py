"""markup5: browser-grade, error-tolerant markup parsing.

The public API, re-exported::

    >>> import markup5
    >>> [t.as_list() for t in markup5.tokenize('<p class=x>Hi&amp;bye</p>')]
    [['StartTag', 'p', {'class': 'x'}], ['Character', 'Hi&bye'], ['EndTag', 'p']]
    >>> doc = markup5.parse('<p>Hello<b>world')
    >>> markup5.serialize(doc)
    '<html><head></head><body><p>Hello<b>world</b></p></body></html>'
    >>> markup5.serialize_xml(markup5.parse_xml('<a><b>x</a>'))
    '<a><b>x</b></a>'
"""

from . import encoding, tokens
from .adapters import register_bs4_builder_when_imported, to_etree, to_lxml
from .dom import (Comment, Document, DocumentFragment, DocumentType, DOMError, Element,
                  HierarchyRequestError, InvalidCharacterError, NamespaceError, Node,
                  NoModificationAllowedError, NotFoundError, ProcessingInstruction, Text)
from .encoding import sniff_encoding
from .errors import ParseError
from .html import State, TokenStream, Tokenizer, tokenize
from .html.parser import HTMLParser, parse, parse_fragment
from .html.serializer import serialize, serialize_children
from .treedump import dump_tree, dump_tree_lines
from .xml import parse_xml, serialize_xml

__all__ = [
    "ParseError", "State", "TokenStream", "Tokenizer", "tokenize", "tokens",
    "HTMLParser", "parse", "parse_fragment", "serialize", "serialize_children", "dump_tree",
    "dump_tree_lines",
    "parse_xml", "serialize_xml", "encoding", "sniff_encoding",
    "Node", "Document", "DocumentFragment", "DocumentType", "Element", "Text", "Comment",
    "ProcessingInstruction", "DOMError", "HierarchyRequestError", "NotFoundError",
    "NoModificationAllowedError", "InvalidCharacterError", "NamespaceError", "to_etree",
    "to_lxml",
]
__version__ = "0.1.0"

# BeautifulSoup(markup, "markup5"): registered now if bs4 is imported, else
# just after it is (bs4 is not imported here).
register_bs4_builder_when_imported()
