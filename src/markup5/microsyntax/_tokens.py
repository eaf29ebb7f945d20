"""Space-separated and comma-separated tokens (HTML Standard §2.3.7, §2.3.8).

The splitting algorithms are Infra's "split a string on ASCII whitespace" and
"split a string on commas", which the HTML Standard's definitions rely on.
"""

from __future__ import annotations

from ._common import ASCII_WHITESPACE, ascii_lowercase, require_str

__all__ = [
    "is_unique_space_tokens",
    "split_comma_tokens",
    "split_space_tokens",
]

# Map TAB, LF, FF and CR to SPACE so that a single str.split(" ") splits on
# all five ASCII whitespace code points and nothing else.
_WHITESPACE_TO_SPACE = {ord(char): " " for char in ASCII_WHITESPACE if char != " "}


def split_space_tokens(input: str) -> list[str]:
    """Split a set of space-separated tokens into its tokens.

    Tokens are separated by runs of ASCII whitespace (TAB, LF, FF, CR, SPACE);
    leading and trailing whitespace is ignored and no token is empty.  Other
    whitespace (U+000B, U+00A0, ...) is part of a token.

    >>> split_space_tokens("  a\\tb\\n\\nc ")
    ['a', 'b', 'c']
    """
    require_str(input, "split_space_tokens")
    return [token for token in input.translate(_WHITESPACE_TO_SPACE).split(" ") if token]


def split_comma_tokens(input: str) -> list[str]:
    """Split a set of comma-separated tokens into its tokens.

    Each token is the text between commas with leading and trailing ASCII
    whitespace stripped; tokens may be empty.  As in Infra's "split a string
    on commas", the empty string has no tokens and a trailing comma does not
    start a further empty token (``"a,"`` gives ``["a"]``, ``","`` gives
    ``[""]``).

    >>> split_comma_tokens(" a ,b,,d d ")
    ['a', 'b', '', 'd d']
    """
    require_str(input, "split_comma_tokens")
    if not input:
        return []
    parts = input.split(",")
    if input.endswith(","):
        # The loop in Infra stops when the position passes the final comma.
        parts.pop()
    return [part.strip(ASCII_WHITESPACE) for part in parts]


def is_unique_space_tokens(input: str, *, ascii_case_insensitive: bool = False) -> bool:
    """Whether *input* is a set of space-separated tokens with no duplicates.

    (Both the unordered and the ordered "set of unique space-separated tokens"
    have this condition.)  Tokens compare case-sensitively unless
    *ascii_case_insensitive* is true; the attribute defining the set says which
    applies.
    """
    require_str(input, "is_unique_space_tokens")
    tokens = split_space_tokens(input)
    if ascii_case_insensitive:
        tokens = [ascii_lowercase(token) for token in tokens]
    return len(set(tokens)) == len(tokens)
