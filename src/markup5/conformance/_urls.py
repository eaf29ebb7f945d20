"""Valid URLs as HTML's attributes need them (HTML §2.4.1): ``href``,
``src``, ``cite``, ``action`` ... are "valid URLs potentially surrounded by
spaces", some of them "valid non-empty URLs"; the URL writing rules
themselves (URL Standard §4.3) are :func:`markup5.url.valid_url_string_fault`.
"""

from __future__ import annotations

from functools import lru_cache

from ..url import _FAST_VALID_URL, valid_url_string_fault

__all__ = ["url_fault", "plainly_valid_url"]

#: ``plainly_valid_url(value)`` is not None when ``value`` is a valid URL
#: in one of the common shapes, with no surrounding spaces (then
#: ``url_fault(value, non_empty=...)`` is "" whenever ``value`` is not
#: empty); None says nothing (ask url_fault).  One regular expression
#: match, no Python call: the first test of a URL attribute's value.
plainly_valid_url = _FAST_VALID_URL.match

_ASCII_WHITESPACE = "\t\n\f\r "


def url_fault(value: str, *, non_empty: bool = False, absolute: bool = False) -> str:
    """What makes ``value`` not a valid URL potentially surrounded by spaces
    (HTML §2.4.1; with ``non_empty``, a valid non-empty one; with
    ``absolute``, a valid absolute URL, not stripped), as a short
    sentence; "" when it is valid.  (Pages repeat their URLs: the verdicts
    of recent values are kept.)"""
    return _url_fault(value, non_empty, absolute)


@lru_cache(maxsize=4096)
def _url_fault(value: str, non_empty: bool, absolute: bool) -> str:
    url = value if absolute else value.strip(_ASCII_WHITESPACE)
    if not url:
        return "Must be non-empty." if (non_empty or absolute) else ""
    return valid_url_string_fault(url, absolute=absolute)
