"""markup5.url.valid_url_string_fault's fast path: one regular expression
that accepts the common valid URL strings at once (_FAST_VALID_URL,
_FAST_VALID_ABSOLUTE_URL).  Whatever it accepts, the URL Standard §4.3
steps (_url_string_fault) must accept too: tied here by generated URLs and
by the shapes it must leave to the steps."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from markup5 import url as url_module
from markup5.url import valid_url_string_fault

_steps = url_module._url_string_fault
_FAST = url_module._FAST_VALID_URL
_FAST_ABSOLUTE = url_module._FAST_VALID_ABSOLUTE_URL

# Pieces that make URL-like strings, the tricky ones included: schemes
# special or not (in both cases), hosts that are numbers, punycode, empty,
# ports long and short, percent signs with and without hex digits,
# brackets, credentials, a second "#", whitespace, non-ASCII, noncharacters.
_PIECES = st.sampled_from([
    "http:", "HTTPS:", "ws:", "wss:", "ftp:", "file:", "data:", "mailto:", "x+y.z-w:",
    "android-app:", "Http:", "httpx:", "h:", "//", "/", "?", "#", ":", "@", ".", "..",
    "example", "com", "xn--", "XN--abc", "a-b", "-", "1", "255", "0x7f", "0X", "99999",
    "8080", "%", "%2", "%20", "%zz", "%aF", "[", "]", "[::1]", " ", "\t", "\n", "\\",
    "é", "\u00a0", "\ufdd0", "\U0001fffe", "~", "!", "$", "&", "'", "(", ")", "*", "+",
    ",", ";", "=", "_", "a", "Z", "9", "user:pass@", "base64,", ",",
])


_LABELS = st.sampled_from(["example", "com", "a-b", "-", "1", "255", "0x7f", "0X", "xn--",
                           "XN--abc", "xn--nxasmq6b", "é", "", "a%41", "_", "Z9"])
_PORTS = st.sampled_from(["", ":", ":0", ":80", ":8080", ":65535", ":65536", ":99999",
                          ":123456", ":x", "::1"])
#: Structured like the fast path's authority form: [scheme:]//labels[:port]
#: then pieces, so that its host and port rules meet their edge cases.
_AUTHORITY_URLS = st.builds(
    lambda scheme, labels, dot, port, rest: f"{scheme}//{'.'.join(labels)}{dot}{port}{rest}",
    st.sampled_from(["", "http:", "HTTPS:", "ws:", "ftp:", "file:", "data:", "x:"]),
    st.lists(_LABELS, min_size=1, max_size=4), st.sampled_from(["", "."]), _PORTS,
    st.lists(_PIECES, max_size=6).map("".join))


@settings(max_examples=5000, deadline=None)
@given(st.one_of(st.lists(_PIECES, max_size=12).map("".join), _AUTHORITY_URLS))
def test_fast_path_accepts_only_valid_url_strings(url: str) -> None:
    if url:
        if _FAST.match(url) is not None:
            assert _steps(url, False) == "", url
        if _FAST_ABSOLUTE.match(url) is not None:
            assert _steps(url, True) == "", url
    # and the public function gives the steps' verdict either way
    expected = _steps(url, False) if url else ""
    assert valid_url_string_fault(url) == expected


@pytest.mark.parametrize("url", [
    "https://example.com/", "https://www.example.co.uk:8080/a/b?c=d&e=%20#top",
    "//cdn.example.net/x.js", "/a/b.png?x=1", "page.html#s", "?q", "#f",
    "mailto:someone@example.com", "javascript:void(0)", "HTTP://EXAMPLE.COM",
    "https://example.com.", "tel:+1-555-0100",
])
def test_fast_path_takes_the_common_shapes(url: str) -> None:
    assert _FAST.match(url) is not None
    assert _steps(url, False) == ""


@pytest.mark.parametrize(("url", "absolute"), [
    ("https://1.2.3.4/", False),          # a host ending in a number: the IPv4 rules
    ("https://example.0x1f/", False),
    ("https://xn--nxasmq6b.com/", False),  # punycode: the host parser
    ("https://a.XN--b/", False),
    ("https://example.com:65535/", False),  # five-digit ports: the range check
    ("file:///x", False), ("data:,x", False), ("android-app://x", False),
    ("//", False), ("/path", True), ("//example.com/", True),
    ("https://[::1]/", False), ("https://caf\u00e9.fr/", False),
    ("https://example.com/\u212a", False),  # KELVIN SIGN: not ASCII, whatever the case folding
])
def test_fast_path_leaves_the_rest_to_the_steps(url: str, absolute: bool) -> None:
    assert (_FAST_ABSOLUTE if absolute else _FAST).match(url) is None
    assert valid_url_string_fault(url, absolute=absolute) == _steps(url, absolute)
