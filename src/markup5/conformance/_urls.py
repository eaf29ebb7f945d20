"""Valid URL strings (URL Standard §4.3 "URL writing"), as the attribute
rules need them: ``href``, ``src``, ``cite``, ``action`` ... are "valid URLs
potentially surrounded by spaces" (HTML §2.4.1), some of them non-empty.

This is the writing grammar checked on top of the URL parser
(:func:`markup5.url.parse_url`): the parser accepts much that a valid URL
string may not contain (spaces, backslashes, credentials, stray ``%``), so
the code points are checked here and the host and port by the parser.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..url import parse_url

__all__ = ["url_fault"]

_ASCII_WHITESPACE = "\t\n\f\r "
_SPECIAL_SCHEMES = frozenset({"ftp", "file", "http", "https", "ws", "wss"})
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
# URL units (§4.3): URL code points and percent-encoded bytes.  URL code
# points: ASCII alphanumeric, !$&'()*+,-./:;=?@_~, and U+00A0 to U+10FFFD
# except surrogates and noncharacters.
_NOT_URL_UNIT = re.compile(
    r"[^A-Za-z0-9!$&'()*+,\-./:;=?@_~%\[\]\u00a0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd"
    r"\U00010000-\U0010fffd]|%(?![0-9A-Fa-f]{2})")
_NONCHARACTER = re.compile("[\U0001fffe\U0001ffff\U0002fffe\U0002ffff\U0003fffe\U0003ffff"
                           "\U0004fffe\U0004ffff\U0005fffe\U0005ffff\U0006fffe\U0006ffff"
                           "\U0007fffe\U0007ffff\U0008fffe\U0008ffff\U0009fffe\U0009ffff"
                           "\U000afffe\U000affff\U000bfffe\U000bffff\U000cfffe\U000cffff"
                           "\U000dfffe\U000dffff\U000efffe\U000effff\U000ffffe\U000fffff"
                           "\U0010fffe\U0010ffff]")
# A host that is ASCII letters, digits and hyphens in dot-separated labels,
# none of them punycode ("xn--"), needs no host parser; one whose last label
# is a number goes to the IPv4 parser ("ends in a number", URL §3.5).
_SIMPLE_HOST = re.compile(r"(?!.*(?:^|\.)xn--)[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.?\Z",
                          re.IGNORECASE)
_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z\-]+"
_DATA_URL_HEAD = re.compile(
    rf"(?:{_TOKEN}/{_TOKEN})?(?:;{_TOKEN}=(?:{_TOKEN}|%22[^,]*?%22))*(?:;base64)?,",
    re.IGNORECASE)
_IPV4_ADDRESS = re.compile(r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}"
                           r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\Z")
_ENDS_IN_A_NUMBER = re.compile(r"(?:^|\.)(?:[0-9]+|0[xX][0-9A-Fa-f]*)\.?\Z")


def _illegal(character: str) -> str:
    if character == "%":
        return "Percentage (“%”) is not followed by two hexadecimal digits."
    if character == " ":
        shown = "space"
    elif character in "\t\n\r":
        return "Tab, new line or carriage return found."
    else:
        shown = f"“{character}”" if character.isprintable() else f"U+{ord(character):04X}"
    return f"Illegal character: {shown} is not allowed."


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
    # A URL with fragment: the fragment is URL units, without "#".
    before, hash_sign, fragment = url.partition("#")
    for part in (before, fragment):
        bad = _NOT_URL_UNIT.search(part)
        if bad is not None:
            return _illegal(bad.group())
        if _NONCHARACTER.search(part):
            return "Illegal character: a noncharacter is not allowed."
    if hash_sign and "#" in fragment:
        return "Illegal character in fragment: “#” is not allowed."
    scheme = _SCHEME.match(before)
    # "[" and "]" only around an IPv6 host (checked with the authority).
    authority_start = -1
    if scheme is not None and before.startswith("//", scheme.end()):
        authority_start = scheme.end() + 2
    elif scheme is None and before.startswith("//"):
        authority_start = 2
    outside = before
    if authority_start >= 0:
        authority_end = len(before)
        for stop in "/?":
            found = before.find(stop, authority_start)
            if found >= 0:
                authority_end = min(authority_end, found)
        outside = before[:authority_start] + before[authority_end:]
    for bracket in "[]":
        if bracket in outside or bracket in fragment:
            return _illegal(bracket)
    if scheme is not None:
        name = scheme.group()[:-1].lower()
        rest = before[scheme.end():]
        if name in _SPECIAL_SCHEMES:
            # §4.3: a special scheme is followed by a scheme-relative-special-
            # URL string ("//" host; for file, a scheme-relative-file-URL
            # string, also "//" first).
            # (The conformance-checkers suite still has ws:/..., file:test and
            # credentials among its -isvalid files; the URL Standard and vnu
            # 26.9 reject them, and so do we.)
            if not rest.startswith("//"):
                return "Expected a slash (“/”)."
            # (With its code points valid, only the authority can fail.)
            return _authority_fault(rest[2:], name)
        if name == "data" and _DATA_URL_HEAD.match(rest) is None:
            # RFC 2397 / the Fetch Standard's data: URL: [MIME type][;base64],data
            return "A “data:” URL is a MIME type (optional) and a comma before its data."
        if rest.startswith("//") and parse_url(url) is None:
            return "Not a URL the URL parser accepts."
        return ""
    if absolute:
        return f"The string “{value}” is not an absolute URL."
    if before.startswith("//"):
        return _authority_fault(before[2:], "http")
    return ""


def _authority_fault(rest: str, scheme: str) -> str:
    """What is wrong with the authority after "//" ("" if nothing): a valid
    host string and an optional port (no credentials), the host checked
    with the URL parser; empty only for file."""
    authority = rest
    for stop in "/?":
        authority = authority.partition(stop)[0]
    if "@" in authority:
        return "URL includes credentials."  # (§4.3: none in a valid URL string)
    if not authority:
        return "" if scheme == "file" else "Invalid host: empty host."
    if authority.startswith("["):
        host, bracket, port = authority.partition("]")
        if not bracket or (port and not port.startswith(":")):
            return "Invalid host: bad IPv6 address."
        port = port[1:]
    else:
        host, _, port = authority.partition(":")
        if "[" in host or "]" in host:
            return _illegal("[" if "[" in host else "]")
    if port and not (port.isascii() and port.isdigit() and int(port) <= 65535):
        return "Invalid port."
    if _SIMPLE_HOST.match(host) is not None:
        if _ENDS_IN_A_NUMBER.search(host) is None:
            return ""  # (an ASCII domain the host parser takes as it is)
        # A valid IPv4-address string: four decimal numbers 0-255 (the
        # parser also takes hex, octal and fewer parts, with validation errors).
        return "" if _IPV4_ADDRESS.match(host) is not None else "Invalid host: bad IPv4 address."
    if "%" in host:
        # (a forbidden domain code point: the parser percent-decodes the host
        # first, but a valid host string has no "%")
        return "Invalid host: Illegal character in domain: “%” is not allowed."
    parsed = parse_url(f"{scheme}://{authority}/")
    if parsed is None:
        return "Invalid host."
    if _IPV4_ADDRESS.match(str(parsed.host)) is not None:
        return "Invalid host: an IPv4 address written with characters other than ASCII digits."
    return ""
