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

from typing import TYPE_CHECKING

from . import encoding, tokens
from .adapters import register_bs4_builder_when_imported, to_etree, to_lxml
from .dom import (Comment, Document, DocumentFragment, DocumentType, DOMError, Element,
                  HierarchyRequestError, InvalidCharacterError, NamespaceError, Node,
                  NoModificationAllowedError, NotFoundError, ProcessingInstruction, Text)
from .encoding import sniff_encoding
from .errors import ParseError
from .locations import SourceLocation
from .html import State, TokenStream, Tokenizer, tokenize
from .html.parser import HTMLParser, parse, parse_fragment
from .html.serializer import serialize, serialize_children
from .treedump import dump_tree, dump_tree_lines
from .xml import iterparse_xml, parse_xml, serialize_xml

__all__ = [
    "ParseError", "SourceLocation", "State", "TokenStream", "Tokenizer", "tokenize", "tokens",
    "HTMLParser", "parse", "parse_fragment", "serialize", "serialize_children", "dump_tree",
    "dump_tree_lines",
    "parse_xml", "iterparse_xml", "serialize_xml", "encoding", "sniff_encoding",
    "Node", "Document", "DocumentFragment", "DocumentType", "Element", "Text", "Comment",
    "ProcessingInstruction", "DOMError", "HierarchyRequestError", "NotFoundError",
    "NoModificationAllowedError", "InvalidCharacterError", "NamespaceError", "to_etree",
    "to_lxml",
]
__version__ = "0.1.0"

# The rooms above the DOM, reachable as attributes right after ``import
# markup5`` (``markup5.selectors.compile(...)``) but imported on first use:
# markup5.selectors alone added about a third to the import time.
_SUBMODULES = frozenset({"selectors", "text", "find", "microsyntax", "html", "xml", "url", "links",
                         "adapters", "domexceptions", "treedump", "errors", "sanitize",
                         "forms", "directionality"})

if TYPE_CHECKING:
    from . import (adapters, directionality, domexceptions, errors, find,  # noqa: F401
                   forms, html, links, microsyntax, sanitize, selectors, text, treedump, url,
                   xml)


def __getattr__(name: str) -> object:
    """``markup5.selectors`` and the other subpackages of
    :data:`_SUBMODULES`, imported when first asked for."""
    if name in _SUBMODULES:
        import importlib
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'markup5' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _SUBMODULES)

# BeautifulSoup(markup, "markup5"): registered now if bs4 is imported, else
# just after it is (bs4 is not imported here).
register_bs4_builder_when_imported()
