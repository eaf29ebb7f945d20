"""The WHATWG URL parser (markup5.url) against web-platform-tests' URL data
(tests/fixtures/wpt-url/), one pytest item per case, plus unit tests for
what the data does not pin down: argument checking, lone surrogates, the
serializers, and linear time on long hostile input."""

from __future__ import annotations

import json
import os
import pickle
from typing import Any
from urllib.parse import urljoin

import pytest
from hypothesis import given
from hypothesis import strategies as st

import markup5.url as url_module

from markup5.url import (URL, domain_to_ascii, ends_in_a_number, ipv4_number_parser,
                         ipv4_parser, ipv6_parser, ipv6_serializer, parse_url,
                         url_serializer, utf8_percent_encode, PATH_PERCENT_ENCODE_SET)

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures", "wpt-url")

#: Cases markup5.url does not meet, by test id, with the reason for each.
#: (Empty: every case of the vendored data passes.  The UTS #46 mapping is
#: derived from this Python's Unicode data, see markup5.url.uts46_to_ascii:
#: a case needing a code point newer than that would go here.)
KNOWN_FAILURES: dict[str, str] = {}


def _load(name: str) -> list[Any]:
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        data: list[Any] = json.load(f)
    return data


def _cases(name: str) -> list[Any]:
    params = []
    for index, case in enumerate(_load(name)):
        if isinstance(case, str):  # (a comment)
            continue
        test_id = f"{index}:{case['input']!r}"[:80]
        marks = ([pytest.mark.skip(reason=KNOWN_FAILURES[test_id])]
                 if test_id in KNOWN_FAILURES else [])
        params.append(pytest.param(case, id=test_id, marks=marks))
    return params


def _url_api(url: URL) -> dict[str, str]:
    """The URL API's getters (href, protocol, ... hash) from the record."""
    port = "" if url.port is None else str(url.port)
    hostname = url.host or ""
    return {
        "href": url.href,
        "origin": url.origin,
        "protocol": url.scheme + ":",
        "username": url.username,
        "password": url.password,
        "host": hostname + (":" + port if port else ""),
        "hostname": hostname,
        "port": port,
        "pathname": url.pathname,
        "search": "?" + url.query if url.query else "",
        "hash": "#" + url.fragment if url.fragment else "",
    }


@pytest.mark.parametrize("case", _cases("urltestdata.json"))
def test_urltestdata(case: dict[str, Any]) -> None:
    url = parse_url(case["input"], case["base"])
    if case.get("failure"):
        assert url is None, url.href if url else None
        return
    assert url is not None
    got = _url_api(url)
    expected = {key: case[key] for key in got if key in case}
    assert {key: got[key] for key in expected} == expected
    # The href parses again to the same URL.
    assert parse_url(url.href) == url


@pytest.mark.parametrize("case", _cases("toascii.json"))
def test_toascii(case: dict[str, Any]) -> None:
    url = parse_url(f"https://{case['input']}/x")
    if case["output"] is None:
        assert url is None, url.host if url else None
    else:
        assert url is not None and url.host == case["output"]
        assert url.pathname == "/x"


def test_known_failures_name_cases() -> None:
    ids = {p.id for name in ("urltestdata.json", "toascii.json") for p in _cases(name)}
    assert set(KNOWN_FAILURES) <= ids


# Beyond the data -----------------------------------------------------------------

def test_arguments_are_checked() -> None:
    with pytest.raises(TypeError, match="input must be a str"):
        parse_url(b"http://x/")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="base must be a URL"):
        parse_url("a", 1)  # type: ignore[arg-type]


def test_base_that_fails_is_failure() -> None:
    assert parse_url("a", "not a url") is None
    assert parse_url("a") is None  # relative without a base


def test_base_as_url_or_str() -> None:
    base = parse_url("http://example.com/a/b?q#f")
    assert base is not None
    assert parse_url("c", base) == parse_url("c", "http://example.com/a/b?q#f")
    assert str(parse_url("c", base)) == "http://example.com/a/c"


def test_lone_surrogates_become_replacement_characters() -> None:
    url = parse_url("http://example.com/\ud800?\udfff#\ud800")
    assert url is not None
    assert url.href == "http://example.com/%EF%BF%BD?%EF%BF%BD#%EF%BF%BD"


def test_components() -> None:
    url = parse_url("HTTP://User:Pa%73s@[0:0::1]:80/a/./b/../c;x?q=1#frag")
    assert url == URL("http", "User", "Pa%73s", "[::1]", None, ("a", "c;x"), "q=1", "frag")
    opaque = parse_url("mailto:someone@example.com?subject=hi")
    assert opaque is not None and opaque.has_opaque_path and opaque.path == "someone@example.com"
    assert opaque.host is None and opaque.origin == "null"


def test_url_is_immutable() -> None:
    url = parse_url("http://a/")
    assert url is not None
    with pytest.raises(AttributeError):
        url.scheme = "https"  # type: ignore[misc]


def test_url_pickles_and_hashes() -> None:
    url = parse_url("http://user@a.example:81/b?c#d")
    assert url is not None
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(url, protocol)) == url
    assert len({url, parse_url("HTTP://user@A.example:81/b?c#d")}) == 1


def test_serializer_excludes_fragment() -> None:
    url = parse_url("http://a/b?c#d")
    assert url is not None and url_serializer(url, exclude_fragment=True) == "http://a/b?c"


def test_empty_first_segment_without_host_keeps_slash_dot() -> None:
    # URL serializer step 3: "/." stops "//" from reading as an authority.
    url = parse_url("web+demo:/.//not-a-host/")
    assert url is not None and url.href == "web+demo:/.//not-a-host/"
    assert url.path == ("", "not-a-host", "")


def test_hosts() -> None:
    assert ipv4_parser("0x7f.1") == 0x7F000001
    assert ipv4_parser("1.2.3.256") is None
    assert ipv4_number_parser("0x") == (0, True)
    assert ipv4_number_parser("09") is None
    assert ends_in_a_number("a.1.") and not ends_in_a_number("1.a")
    assert ipv6_parser("1::") == (1, 0, 0, 0, 0, 0, 0, 0)
    assert ipv6_parser("::ffff:1.2.3.4") == (0, 0, 0, 0, 0, 0xFFFF, 0x102, 0x304)
    assert ipv6_parser("1:2:3:4:5:6:7:8:9") is None
    assert ipv6_serializer((1, 0, 0, 2, 0, 0, 0, 3)) == "1:0:0:2::3"
    assert ipv6_serializer((1, 0, 2, 3, 4, 5, 6, 7)) == "1:0:2:3:4:5:6:7"
    assert domain_to_ascii("BÜCHER.example") == "xn--bcher-kva.example"
    assert domain_to_ascii("fa\u00df.de") == "xn--fa-hia.de"  # nontransitional: ß kept
    assert domain_to_ascii("a\ufffdb") is None
    assert domain_to_ascii("a b") is None


def test_percent_encode() -> None:
    assert utf8_percent_encode("a b{é}\x7f", PATH_PERCENT_ENCODE_SET) == "a%20b%7B%C3%A9%7D%7F"


@pytest.mark.parametrize(("relative", "base", "whatwg", "urljoin_result"), [
    # Backslashes are slashes in special URLs.
    ("\\\\evil.example\\x", "https://example.com/a", "https://evil.example/x",
     "https://example.com/\\\\evil.example\\x"),
    # A default port goes; spaces are percent-encoded.
    ("//x:80/a b", "http://example.com/", "http://x/a%20b", "http://x:80/a b"),
    # Dot segments in the base, percent-encoded dots, hosts lowercased.
    ("%2e%2E/x", "http://EXAMPLE.com/a/b/c", "http://example.com/a/x",
     "http://EXAMPLE.com/a/b/%2e%2E/x"),
])
def test_differs_from_urljoin(relative: str, base: str, whatwg: str,
                              urljoin_result: str) -> None:
    url = parse_url(relative, base)
    assert url is not None and url.href == whatwg
    assert urljoin(base, relative) == urljoin_result


@pytest.mark.parametrize("make", [
    lambda n: "http://" + "a" * n + "/",
    lambda n: "http://" + "@" * n + "x/",
    lambda n: "http://u" + ":@" * n + "x/",
    lambda n: "http://x/" + "../" * n,
    lambda n: "http://x/" + "a/" * n,
    lambda n: "http://x/" + "\u00e9" * n,
    lambda n: "x:" + " ?" * n,
    lambda n: "x:" + "a " * n,
    lambda n: "http://x/?" + "\u00e9" * n + "#" + "\u00e9" * n,
    lambda n: "http://1." + "0" * n,
    lambda n: "http://x:" + "0" * n + "80/",
    lambda n: "http://[" + "1:" * n + "]/",
    lambda n: "file:///" + "c|/" * n,
])
def test_state_machine_runs_are_linear(monkeypatch: pytest.MonkeyPatch, make: Any) -> None:
    # No timing: the runs of the state machine are counted, and stay
    # within a small multiple of the input's length.
    runs = [0]

    def counting(state: Any) -> Any:
        def run(parser: Any, c: str) -> bool:
            runs[0] += 1
            return bool(state(parser, c))
        return run

    monkeypatch.setattr(url_module, "_STATES", [counting(s) for s in url_module._STATES])
    for n in (1000, 2000):
        runs[0] = 0
        text = make(n)
        parse_url(text)
        assert runs[0] <= 3 * len(text) + 20


def test_zwnj_context_is_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    # CheckJoiners looks at the joining types around each ZWNJ: each mark
    # between two ZWNJs is looked at from both sides, no more.
    calls = [0]
    original = url_module._joining_type

    def counting(c: str) -> str:
        calls[0] += 1
        return original(c)

    monkeypatch.setattr(url_module, "_joining_type", counting)
    n = 1000
    label = ("\u0628" + "\u064e" * 5 + "\u200c") * n + "\u0628"
    assert parse_url(f"http://{label}/") is not None
    assert calls[0] <= 10 * n + 10
    calls[0] = 0
    label = "\u0628" + "\u200c" * n + "\u0628"  # (ZWNJ is not transparent)
    assert parse_url(f"http://{label}/") is None
    assert calls[0] <= 10
    assert parse_url("http://\u0646\u0627\u0645\u0647\u200c\u0627\u06cc/") is not None


# Properties ------------------------------------------------------------------------

_URL_ALPHABET = st.sampled_from(list(
    "aAzZ09+-.:/\\?#@[]%20 \t\n\x00\x1f\x7f|^'\"<>`{}xX.é\u00df\u0130\ufffd\u200c\u3002\ud800"))
_BASES = st.sampled_from([None, "http://example.com/a/b?q#f", "file:///C:/dir/f",
                          "non-spec:/x/y", "mailto:x", "sc://h/p"])


@given(st.lists(_URL_ALPHABET, max_size=40).map("".join), _BASES,
       st.sampled_from(["", "http://", "file:", "sc:", "//", "http://[", "http://1."]))
def test_parse_never_raises_and_href_is_a_fixed_point(body: str, base: str | None,
                                                      prefix: str) -> None:
    # The URL Standard's serializer and parser are idempotent: an href
    # parses to the same URL.
    url = parse_url(prefix + body, base)
    if url is not None:
        again = parse_url(url.href)
        assert again == url, (url.href, again)
