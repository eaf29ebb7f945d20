"""URL Standard §4.3 "URL writing": markup5.url.valid_url_string_fault and
is_valid_url_string.  Each case is read off the standard's grammar."""

from __future__ import annotations

import pytest

from markup5.url import is_valid_url_string, valid_url_string_fault

VALID = [
    "https://example.com/", "https://example.com:8080/a/b?c=d#e", "/path", "path?query",
    "?q", "#fragment", "", "//example.com/x", "mailto:someone@example.com",
    "data:text/plain;base64,SGk=", "data:,hello", "file:///C:/x", "https://[::1]:443/",
    "https://192.168.0.1/", "https://example.com/%20x", "https://ex\u00e9mple.com/caf\u00e9",
    "javascript:void(0)", "urn:isbn:0451450523", "https://example.com/a#b?c/d",
]
INVALID = [
    ("https://user:pass@example.com/", "credentials"),   # no userinfo in a valid URL string
    ("https://example.com/a b", "space"),                 # a space is not a URL code point
    ("https://example.com/%zz", "Percentage"),            # "%" not followed by two hex digits
    ("https://example.com/a#b#c", "#"),                   # "#" is not a URL unit of a fragment
    ("https:example.com", "slash"),                       # special scheme: "//" must follow
    ("ws:/example.com", "slash"),
    ("https://example.com:99999/", "port"),               # a port is at most 65535
    ("https://0x7f.0.0.1/", "IPv4"),                      # IPv4 strings are four decimals
    ("https://1.2.3/", "IPv4"),
    ("https:///", "empty host"),
    ("https://exa%41mple.com/", "%"),                     # a valid host string has no "%"
    ("https://example.com/a\\b", "\\"),                   # backslash: not a URL code point
    ("a[b]", "["),                                        # brackets only around an IPv6 host
    ("data:text/plain", "comma"),                         # data: needs the comma
    ("https://example.com/\ufdd0", "U+FDD0"),               # a noncharacter is not a URL code point
]


@pytest.mark.parametrize("url", VALID)
def test_valid_url_strings(url: str) -> None:
    assert valid_url_string_fault(url) == ""
    assert is_valid_url_string(url)


@pytest.mark.parametrize(("url", "reason"), INVALID)
def test_invalid_url_strings_say_why(url: str, reason: str) -> None:
    fault = valid_url_string_fault(url)
    assert reason.lower() in fault.lower()
    assert not is_valid_url_string(url)


@pytest.mark.parametrize("url", ["/path", "?q", "#f", "", "//example.com/"])
def test_absolute_requires_a_scheme(url: str) -> None:
    assert is_valid_url_string(url)
    assert not is_valid_url_string(url, absolute=True)


def test_absolute_url_with_fragment() -> None:
    assert is_valid_url_string("https://example.com/#top", absolute=True)


def test_rejects_non_str() -> None:
    with pytest.raises(TypeError, match="must be a str"):
        valid_url_string_fault(b"https://example.com/")  # type: ignore[arg-type]


def test_linear_on_long_input() -> None:
    # A long path of URL units is one regex pass; no quadratic rescans.
    assert is_valid_url_string("https://example.com/" + "a/" * 200_000)
    assert not is_valid_url_string("https://example.com/" + "a/" * 200_000 + " ")
