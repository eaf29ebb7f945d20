"""URL-valued attributes: is this URL allowed by the policy?

A browser reads ``href="  java&#9;script:alert(1)"`` as a ``javascript:``
URL: the attribute value is decoded by the tokenizer, and the URL parser
strips leading and trailing C0 controls and spaces and removes every tab
and newline before it reads the scheme.  The check here runs the same
parser (:func:`markup5.url.parse_url`, the WHATWG URL Standard's), so it
sees the scheme a browser sees:

* a value that parses as an absolute URL is allowed when its scheme is
  one of the policy's;
* a value that does not, but parses against a base URL, is a relative
  URL (``/a``, ``b.html``, ``#c``, ``//host/d``), allowed when the policy
  allows relative URLs;
* a value that parses in neither way (``http://exa mple.com``) is refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..url import parse_url

__all__ = ["url_allowed", "srcset_urls", "srcset_allowed"]

# Any absolute URL serves as a base: only whether the value parses against
# one matters.
_BASE = parse_url("https://base.invalid/dir/page")
assert _BASE is not None


def url_allowed(value: str, schemes: frozenset[str], allow_relative: bool) -> bool:
    """Whether the URL ``value`` (an attribute's value, references
    decoded) is allowed: an absolute URL whose scheme is in ``schemes``,
    or a relative URL when ``allow_relative``."""
    absolute = parse_url(value)
    if absolute is not None:
        return absolute.scheme in schemes
    return allow_relative and parse_url(value, _BASE) is not None


_SPLIT = re.compile(r"[\t\n\f\r ,]*([^\t\n\f\r ]*)")
_DESCRIPTORS = re.compile(r"[^(,]*(?:\([^)]*\)?[^(,]*)*,?")


def srcset_urls(value: str) -> Iterator[str]:
    """The image candidate URLs of a ``srcset`` value, as HTML's "parse a
    srcset attribute" algorithm splits it: skip whitespace and commas,
    take a URL up to whitespace (trailing commas end the candidate), then
    skip descriptors up to a comma outside parentheses."""
    position, end = 0, len(value)
    while position < end:
        match = _SPLIT.match(value, position)
        assert match is not None
        url = match.group(1)
        position = match.end()
        if not url:
            break
        if url.endswith(","):
            url = url.rstrip(",")
        else:
            descriptors = _DESCRIPTORS.match(value, position)
            assert descriptors is not None
            position = max(descriptors.end(), position + 1)
        if url:
            yield url


def srcset_allowed(value: str, schemes: frozenset[str], allow_relative: bool) -> bool:
    """Whether every candidate URL of the ``srcset`` value is allowed."""
    return all(url_allowed(url, schemes, allow_relative) for url in srcset_urls(value))
