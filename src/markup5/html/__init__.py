"""HTML: input stream, tokenizer, character references."""

from .feedback import TextElementFeedback, TokenStream, tokenize
from .states import State
from .tokenizer import Tokenizer

__all__ = ["State", "TextElementFeedback", "TokenStream", "Tokenizer", "tokenize"]
