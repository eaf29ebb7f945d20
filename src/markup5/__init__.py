"""markup5: browser-grade, error-tolerant markup parsing.

The public API, re-exported::

    >>> import markup5
    >>> [t.as_list() for t in markup5.tokenize('<p class=x>Hi&amp;bye</p>')]
    [['StartTag', 'p', {'class': 'x'}], ['Character', 'Hi&bye'], ['EndTag', 'p']]
"""

from . import tokens
from .errors import ParseError
from .html import State, TokenStream, Tokenizer, tokenize

__all__ = ["ParseError", "State", "TokenStream", "Tokenizer", "tokenize", "tokens"]
__version__ = "0.1.0"
