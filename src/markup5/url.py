"""The WHATWG URL Standard's URL parser (https://url.spec.whatwg.org/).

:func:`parse_url` is the standard's "URL parser" without a state override
(the URL API's ``new URL(input, base)``): failure is ``None``, as in
:mod:`markup5.microsyntax`.  A parsed :class:`URL` is immutable; ``href``
is its serialization ("URL serializer") and ``origin`` its origin's.

The parts, one function per algorithm of the standard and named after it:

* :func:`basic_url_parser`, the state machine (one method per state of
  :class:`_BasicURLParser`, named as the standard names the state);
* :func:`host_parser`, :func:`opaque_host_parser`, :func:`ipv4_parser`,
  :func:`ipv4_number_parser`, :func:`ends_in_a_number`,
  :func:`ipv6_parser` and the host, IPv4 and IPv6 serializers;
* :func:`domain_to_ascii` with the UTS #46 processing it asks for
  (:func:`uts46_to_ascii`), built on the standard library: see that
  function for what it cannot do exactly (the stdlib has no IDNA mapping
  table or joining types; Python's ``idna`` codec is IDNA 2003, which the
  URL Standard does not use).  The ``punycode`` codec does RFC 3492.
* :func:`utf8_percent_encode` and the percent-encode sets.

Every URL goes through the tab and newline removal and the C0-control-or-
space trimming that browsers do.  The parser runs in time linear in its
input (runs of path, query and fragment code points are taken at once) and
has no recursion.  Only UTF-8 query encoding is done: HTML's "encoding-parse
a URL" would percent-encode the query of a URL in a document in a legacy
encoding in that encoding.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Final

__all__ = [
    "URL", "parse_url", "basic_url_parser", "url_serializer", "host_parser",
    "opaque_host_parser", "domain_to_ascii", "uts46_to_ascii", "ipv4_parser",
    "ipv4_number_parser", "ends_in_a_number", "ipv6_parser", "ipv4_serializer",
    "ipv6_serializer", "utf8_percent_encode", "percent_decode", "check_document_url",
    "valid_url_string_fault", "is_valid_url_string",
    "url_path_serializer", "SPECIAL_SCHEMES",
    "C0_CONTROL_PERCENT_ENCODE_SET", "FRAGMENT_PERCENT_ENCODE_SET", "QUERY_PERCENT_ENCODE_SET",
    "SPECIAL_QUERY_PERCENT_ENCODE_SET", "PATH_PERCENT_ENCODE_SET",
    "USERINFO_PERCENT_ENCODE_SET", "COMPONENT_PERCENT_ENCODE_SET",
]

#: The special schemes and their default ports (None: file has none).
SPECIAL_SCHEMES: Final[dict[str, int | None]] = {
    "ftp": 21, "file": None, "http": 80, "https": 443, "ws": 80, "wss": 443}

# Percent-encode sets: the ASCII code points in each (every set also holds
# all code points above U+007E, which :func:`utf8_percent_encode` always
# encodes).
#: The C0 control percent-encode set: C0 controls (and everything above U+007E).
C0_CONTROL_PERCENT_ENCODE_SET: Final = frozenset(chr(i) for i in range(0x20))
#: The fragment percent-encode set.
FRAGMENT_PERCENT_ENCODE_SET: Final = C0_CONTROL_PERCENT_ENCODE_SET | frozenset(' "<>`')
#: The query percent-encode set.
QUERY_PERCENT_ENCODE_SET: Final = C0_CONTROL_PERCENT_ENCODE_SET | frozenset(' "#<>')
#: The special-query percent-encode set (special schemes' queries).
SPECIAL_QUERY_PERCENT_ENCODE_SET: Final = QUERY_PERCENT_ENCODE_SET | frozenset("'")
#: The path percent-encode set.
PATH_PERCENT_ENCODE_SET: Final = QUERY_PERCENT_ENCODE_SET | frozenset("?^`{}")
#: The userinfo percent-encode set.
USERINFO_PERCENT_ENCODE_SET: Final = PATH_PERCENT_ENCODE_SET | frozenset("/:;=@[\\]|")
#: The component percent-encode set (encodeURIComponent's, nearly).
COMPONENT_PERCENT_ENCODE_SET: Final = USERINFO_PERCENT_ENCODE_SET | frozenset("$%&+,")

_TABLES: dict[frozenset[str], dict[int, str]] = {}
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7e]+")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
#: C0 control or space: what is trimmed from both ends of the input.
_C0_CONTROL_OR_SPACE = "".join(chr(i) for i in range(0x21))
_TAB_OR_NEWLINE = {0x09: None, 0x0A: None, 0x0D: None}
_ASCII_ALPHA = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ASCII_DIGIT = frozenset("0123456789")
_ASCII_HEX_DIGIT = frozenset("0123456789abcdefABCDEF")
_SCHEME_CODE_POINT = _ASCII_ALPHA | _ASCII_DIGIT | frozenset("+-.")
_SLASHES = frozenset("/\\")
_PATH_END = frozenset("/?#")        # with "\\" for special URLs
_HOST_END = frozenset("/?#")        # with "\\" for special URLs
_FILE_HOST_END = frozenset("/\\?#")
_SINGLE_DOT = frozenset({".", "%2e"})
_DOUBLE_DOT = frozenset({"..", ".%2e", "%2e.", "%2e%2e"})
#: Forbidden host code points, and forbidden domain code points (their superset).
_FORBIDDEN_HOST = frozenset("\x00\t\n\r #/:<>?@[\\]^|")
_FORBIDDEN_DOMAIN = _FORBIDDEN_HOST | frozenset(chr(i) for i in range(0x20)) | {"%", "\x7f"}
_FORBIDDEN_HOST_RE = re.compile("[\x00\t\n\r #/:<>?@\\[\\\\\\]^|]")
_FORBIDDEN_DOMAIN_RE = re.compile("[\x00-\x20#%/:<>?@\\[\\\\\\]^|\x7f]")
# Runs the path, opaque path and query states take at once.
_PATH_RUN = re.compile(r"[^/?#]+")
_SPECIAL_PATH_RUN = re.compile(r"[^/\\?#]+")
_OPAQUE_PATH_RUN = re.compile(r"[^?# ]+")
EOF: Final = ""  # the EOF code point (never matched by the sets above)


def utf8_percent_encode(text: str, percent_encode_set: frozenset[str]) -> str:
    """"UTF-8 percent-encode" each code point of ``text`` that is in
    ``percent_encode_set`` (a set above; code points above U+007E are in
    every set): its UTF-8 bytes as ``%XX``, upper-case hex."""
    table = _TABLES.get(percent_encode_set)
    if table is None:
        table = _TABLES[percent_encode_set] = {
            ord(c): f"%{ord(c):02X}" for c in percent_encode_set if c < "\x80"}
        table[0x7F] = "%7F"
    text = text.translate(table)
    if not text.isascii():
        text = _NON_ASCII_RUN.sub(_encode_run, text)
    return text


def _encode_run(match: re.Match[str]) -> str:
    return "%" + match.group().encode("utf-8").hex("%").upper()


def percent_decode(text: str) -> bytes:
    """"Percent-decode" a string: its UTF-8 bytes with each ``%XX`` (two
    hex digits) turned into that byte; a ``%`` not so followed stays."""
    data = text.encode("utf-8")
    return _PERCENT_BYTE.sub(_percent_byte, data) if b"%" in data else data


_PERCENT_BYTE = re.compile(rb"%([0-9A-Fa-f]{2})")


def _percent_byte(match: re.Match[bytes]) -> bytes:
    return bytes((int(match.group(1), 16),))


# ---------------------------------------------------------------------------
# The URL record and its serializers

@dataclass(frozen=True, slots=True)
class URL:
    """A URL record (immutable).  Made by :func:`parse_url`.

    ``scheme`` is ASCII lowercase; ``username`` and ``password`` are
    percent-encoded ("" when absent); ``host`` is the *serialized* host
    (a domain, "1.2.3.4", "[::1]", an opaque host, "" for an empty host)
    or None; ``port`` is None for none or the scheme's default;
    ``path`` is a tuple of segments, or a str for an opaque path
    (``mailto:x``, ``data:...``); ``query`` and ``fragment`` are None when
    absent (distinct from "", a ``?`` or ``#`` with nothing after it).
    ``str(url)`` is :attr:`href`."""

    scheme: str
    username: str = ""
    password: str = ""
    host: str | None = None
    port: int | None = None
    path: str | tuple[str, ...] = ()
    query: str | None = None
    fragment: str | None = None

    @property
    def href(self) -> str:
        """The URL serialized ("URL serializer")."""
        return url_serializer(self)

    @property
    def is_special(self) -> bool:
        """Whether the scheme is a special scheme (http, https, ws, wss,
        ftp, file)."""
        return self.scheme in SPECIAL_SCHEMES

    @property
    def has_opaque_path(self) -> bool:
        """Whether the path is opaque (a str, as in ``mailto:x``)."""
        return isinstance(self.path, str)

    @property
    def pathname(self) -> str:
        """The path serialized ("URL path serializer")."""
        return url_path_serializer(self)

    @property
    def origin(self) -> str:
        """The serialization of the URL's origin: ``scheme://host[:port]``
        for http, https, ws, wss and ftp URLs (and blob URLs of those);
        "null" for an opaque origin (every other scheme, file included)."""
        url = self
        if url.scheme == "blob":
            # Step (blob): the origin of the URL that the path is, when
            # that is an http(s) URL.
            path_url = parse_url(url_path_serializer(url))
            if path_url is None or path_url.scheme not in ("http", "https"):
                return "null"
            url = path_url
        if url.scheme in ("ftp", "http", "https", "ws", "wss"):
            assert url.host is not None
            port = "" if url.port is None else f":{url.port}"
            return f"{url.scheme}://{url.host}{port}"
        return "null"

    def __str__(self) -> str:
        return url_serializer(self)


def url_path_serializer(url: URL) -> str:
    """"URL path serializer": an opaque path as it is, else "/" before
    each segment."""
    if isinstance(url.path, str):
        return url.path
    return "".join("/" + segment for segment in url.path)


def url_serializer(url: URL, exclude_fragment: bool = False) -> str:
    """"URL serializer"."""
    # Step 1.
    output = [url.scheme, ":"]
    # Step 2.
    if url.host is not None:
        output.append("//")
        if url.username or url.password:
            output.append(url.username)
            if url.password:
                output.append(":" + url.password)
            output.append("@")
        output.append(url.host)
        if url.port is not None:
            output.append(f":{url.port}")
    # Step 3: "/." keeps a path that starts with an empty segment from
    # reading as an authority.
    elif not isinstance(url.path, str) and len(url.path) > 1 and url.path[0] == "":
        output.append("/.")
    # Step 4.
    output.append(url_path_serializer(url))
    # Steps 5-6.
    if url.query is not None:
        output.append("?" + url.query)
    if not exclude_fragment and url.fragment is not None:
        output.append("#" + url.fragment)
    return "".join(output)


# ---------------------------------------------------------------------------
# The URL parser

def parse_url(input: str, base: URL | str | None = None) -> URL | None:
    """The URL parser ("API URL parser" without a state override): parse
    ``input`` relative to ``base`` (a :class:`URL`, a string parsed first,
    or None).  Returns a :class:`URL`, or None on failure (also when
    ``base`` is a string that fails to parse).  Only UTF-8 is used to
    percent-encode queries."""
    if not isinstance(input, str):
        raise TypeError(f"parse_url() input must be a str, not {type(input).__name__}")
    if isinstance(base, str):
        base = basic_url_parser(base)
        if base is None:
            return None
    elif base is not None and not isinstance(base, URL):
        raise TypeError(f"parse_url() base must be a URL, a str or None, "
                        f"not {type(base).__name__}")
    return basic_url_parser(input, base)


def basic_url_parser(input: str, base: URL | None = None) -> URL | None:
    """The basic URL parser (no state override, UTF-8 query encoding)."""
    # Input as a scalar value string (lone surrogates become U+FFFD, as
    # the URL API's USVString conversion does).
    if _SURROGATE.search(input):
        input = _SURROGATE.sub("\ufffd", input)
    # Step 1.2-1.3: trim leading and trailing C0 control or space.
    input = input.strip(_C0_CONTROL_OR_SPACE)
    # Step 2-3: remove all ASCII tab or newline.
    input = input.translate(_TAB_OR_NEWLINE)
    return _BasicURLParser(input, base).run()


def _starts_with_windows_drive_letter(text: str, start: int) -> bool:
    """Whether ``text[start:]`` "starts with a Windows drive letter": two
    code points that are a Windows drive letter, then the end or one of
    / \\ ? #."""
    if len(text) - start < 2:
        return False
    if text[start] not in _ASCII_ALPHA or text[start + 1] not in (":", "|"):
        return False
    return len(text) - start == 2 or text[start + 2] in _FILE_HOST_END


def _is_windows_drive_letter(text: str) -> bool:
    """"Windows drive letter": an ASCII alpha then ":" or "|"."""
    return len(text) == 2 and text[0] in _ASCII_ALPHA and text[1] in (":", "|")


def _is_normalized_windows_drive_letter(text: str) -> bool:
    """"Normalized Windows drive letter": an ASCII alpha then ":"."""
    return len(text) == 2 and text[0] in _ASCII_ALPHA and text[1] == ":"


# The parser's states, named as the standard names them.
SCHEME_START_STATE = 0
SCHEME_STATE = 1
NO_SCHEME_STATE = 2
SPECIAL_RELATIVE_OR_AUTHORITY_STATE = 3
PATH_OR_AUTHORITY_STATE = 4
RELATIVE_STATE = 5
RELATIVE_SLASH_STATE = 6
SPECIAL_AUTHORITY_SLASHES_STATE = 7
SPECIAL_AUTHORITY_IGNORE_SLASHES_STATE = 8
AUTHORITY_STATE = 9
HOST_STATE = 10  # (the hostname state is the host state without a state override)
PORT_STATE = 11
FILE_STATE = 12
FILE_SLASH_STATE = 13
FILE_HOST_STATE = 14
PATH_START_STATE = 15
PATH_STATE = 16
OPAQUE_PATH_STATE = 17
QUERY_STATE = 18
FRAGMENT_STATE = 19


class _BasicURLParser:
    """The basic URL parser's state: ``pointer`` into ``input``, the
    ``buffer`` (a list of pieces), the flags, and the URL being built.
    Each ``*_state`` method runs one step of its state on the code point
    ``c`` (EOF is "") and returns False for failure."""

    __slots__ = ("input", "base", "pointer", "state", "buffer", "at_sign_seen",
                 "inside_brackets", "password_token_seen", "scheme", "username",
                 "password", "host", "port", "path", "opaque_path", "query", "fragment",
                 "special")

    def __init__(self, input: str, base: URL | None) -> None:
        self.input = input
        self.base = base
        self.pointer = 0
        self.state = SCHEME_START_STATE
        self.buffer: list[str] = []
        self.at_sign_seen = False
        self.inside_brackets = False
        self.password_token_seen = False
        # The URL record being built.
        self.scheme = ""
        self.username: list[str] = []
        self.password: list[str] = []
        self.host: str | None = None
        self.port: int | None = None
        self.path: list[str] = []
        self.opaque_path: list[str] | None = None  # pieces, when the path is opaque
        self.query: str | None = None
        self.fragment: list[str] | None = None
        self.special = False  # whether scheme is special (kept in step with it)

    def run(self) -> URL | None:
        """Step 4: keep running the state machine; after a run at EOF, stop."""
        states = _STATES
        input = self.input
        n = len(input)
        while True:
            pointer = self.pointer
            c = input[pointer] if 0 <= pointer < n else EOF
            if not states[self.state](self, c):
                return None
            if self.pointer >= n:
                break
            self.pointer += 1
        path: str | tuple[str, ...]
        path = "".join(self.opaque_path) if self.opaque_path is not None else tuple(self.path)
        return URL(self.scheme, "".join(self.username), "".join(self.password), self.host,
                   self.port, path, self.query,
                   None if self.fragment is None else "".join(self.fragment))

    def _set_scheme(self, scheme: str) -> None:
        self.scheme = scheme
        self.special = scheme in SPECIAL_SCHEMES

    def _remaining_starts_with(self, text: str) -> bool:
        """Whether "remaining" (the code points after ``c``) starts with ``text``."""
        return self.input.startswith(text, self.pointer + 1)

    def _take_base(self, base: URL, path: bool, query: bool) -> None:
        """Copy the base's credentials, host and port (and path, query)."""
        self.username = [base.username]
        self.password = [base.password]
        self.host = base.host
        self.port = base.port
        if path:
            assert not isinstance(base.path, str)
            self.path = list(base.path)
        if query:
            self.query = base.query

    def shorten_path(self) -> None:
        """"Shorten a url's path"."""
        path = self.path
        # Step 3: a file URL keeps its lone normalized drive letter.
        if self.scheme == "file" and len(path) == 1 \
                and _is_normalized_windows_drive_letter(path[0]):
            return
        # Step 4.
        if path:
            path.pop()

    # The states ----------------------------------------------------------------

    def scheme_start_state(self, c: str) -> bool:
        """scheme start state"""
        if c in _ASCII_ALPHA:  # Step 1.
            self.buffer.append(c.lower())
            self.state = SCHEME_STATE
        else:  # Step 2.
            self.state = NO_SCHEME_STATE
            self.pointer -= 1
        return True

    def scheme_state(self, c: str) -> bool:
        """scheme state"""
        if c in _SCHEME_CODE_POINT:  # Step 1.
            self.buffer.append(c.lower())
        elif c == ":":  # Step 2.
            self._set_scheme("".join(self.buffer))
            self.buffer = []
            base = self.base
            if self.scheme == "file":
                self.state = FILE_STATE
            elif self.special and base is not None and base.scheme == self.scheme:
                self.state = SPECIAL_RELATIVE_OR_AUTHORITY_STATE
            elif self.special:
                self.state = SPECIAL_AUTHORITY_SLASHES_STATE
            elif self._remaining_starts_with("/"):
                self.state = PATH_OR_AUTHORITY_STATE
                self.pointer += 1
            else:
                self.opaque_path = []
                self.state = OPAQUE_PATH_STATE
        else:  # Step 3: start over, as a URL without a scheme.
            self.buffer = []
            self.state = NO_SCHEME_STATE
            self.pointer = -1
        return True

    def no_scheme_state(self, c: str) -> bool:
        """no scheme state"""
        base = self.base
        # Step 1: missing-scheme-non-relative-URL.
        if base is None or (isinstance(base.path, str) and c != "#"):
            return False
        if isinstance(base.path, str):  # Step 2 (c is "#").
            self._set_scheme(base.scheme)
            self.opaque_path = [base.path]
            self.query = base.query
            self.fragment = []
            self.state = FRAGMENT_STATE
        elif base.scheme != "file":  # Step 3.
            self.state = RELATIVE_STATE
            self.pointer -= 1
        else:  # Step 4.
            self.state = FILE_STATE
            self.pointer -= 1
        return True

    def special_relative_or_authority_state(self, c: str) -> bool:
        """special relative or authority state"""
        if c == "/" and self._remaining_starts_with("/"):
            self.state = SPECIAL_AUTHORITY_IGNORE_SLASHES_STATE
            self.pointer += 1
        else:
            self.state = RELATIVE_STATE
            self.pointer -= 1
        return True

    def path_or_authority_state(self, c: str) -> bool:
        """path or authority state"""
        if c == "/":
            self.state = AUTHORITY_STATE
        else:
            self.state = PATH_STATE
            self.pointer -= 1
        return True

    def relative_state(self, c: str) -> bool:
        """relative state"""
        base = self.base
        assert base is not None and base.scheme != "file"  # Step 1.
        self._set_scheme(base.scheme)  # Step 2.
        if c == "/":  # Step 3.
            self.state = RELATIVE_SLASH_STATE
        elif self.special and c == "\\":  # Step 4.
            self.state = RELATIVE_SLASH_STATE
        else:  # Step 5.
            self._take_base(base, path=True, query=True)
            if c == "?":
                self.query = ""
                self.state = QUERY_STATE
            elif c == "#":
                self.fragment = []
                self.state = FRAGMENT_STATE
            elif c != EOF:
                self.query = None
                self.shorten_path()
                self.state = PATH_STATE
                self.pointer -= 1
        return True

    def relative_slash_state(self, c: str) -> bool:
        """relative slash state"""
        if self.special and c in _SLASHES:  # Step 1.
            self.state = SPECIAL_AUTHORITY_IGNORE_SLASHES_STATE
        elif c == "/":  # Step 2.
            self.state = AUTHORITY_STATE
        else:  # Step 3.
            assert self.base is not None
            self._take_base(self.base, path=False, query=False)
            self.state = PATH_STATE
            self.pointer -= 1
        return True

    def special_authority_slashes_state(self, c: str) -> bool:
        """special authority slashes state"""
        if c == "/" and self._remaining_starts_with("/"):
            self.state = SPECIAL_AUTHORITY_IGNORE_SLASHES_STATE
            self.pointer += 1
        else:
            self.state = SPECIAL_AUTHORITY_IGNORE_SLASHES_STATE
            self.pointer -= 1
        return True

    def special_authority_ignore_slashes_state(self, c: str) -> bool:
        """special authority ignore slashes state"""
        if c not in _SLASHES:
            self.state = AUTHORITY_STATE
            self.pointer -= 1
        return True  # (else: a validation error, and the slash is skipped)

    def authority_state(self, c: str) -> bool:
        """authority state"""
        if c == "@":  # Step 1.
            if self.at_sign_seen:
                self.buffer.insert(0, "%40")
            self.at_sign_seen = True
            buffer = "".join(self.buffer)
            if not self.password_token_seen:
                user, colon, password = buffer.partition(":")
                self.username.append(utf8_percent_encode(user, USERINFO_PERCENT_ENCODE_SET))
                if colon:
                    self.password_token_seen = True
                    self.password.append(
                        utf8_percent_encode(password, USERINFO_PERCENT_ENCODE_SET))
            else:
                self.password.append(utf8_percent_encode(buffer, USERINFO_PERCENT_ENCODE_SET))
            self.buffer = []
        elif c == EOF or c in _HOST_END or (self.special and c == "\\"):  # Step 2.
            if self.at_sign_seen and not self.buffer:
                return False  # host-missing
            self.pointer -= len("".join(self.buffer)) + 1
            self.buffer = []
            self.state = HOST_STATE
        else:  # Step 3.
            self.buffer.append(c)
        return True

    def host_state(self, c: str) -> bool:
        """host state (and hostname state)"""
        if c == ":" and not self.inside_brackets:  # Step 2.
            if not self.buffer:
                return False  # host-missing
            host = host_parser("".join(self.buffer), not self.special)
            if host is None:
                return False
            self.host = host
            self.buffer = []
            self.state = PORT_STATE
        elif c == EOF or c in _HOST_END or (self.special and c == "\\"):  # Step 3.
            self.pointer -= 1
            if self.special and not self.buffer:
                return False  # host-missing
            host = host_parser("".join(self.buffer), not self.special)
            if host is None:
                return False
            self.host = host
            self.buffer = []
            self.state = PATH_START_STATE
        else:  # Step 4.
            if c == "[":
                self.inside_brackets = True
            elif c == "]":
                self.inside_brackets = False
            self.buffer.append(c)
        return True

    def port_state(self, c: str) -> bool:
        """port state"""
        if c in _ASCII_DIGIT:  # Step 1.
            self.buffer.append(c)
        elif c == EOF or c in _HOST_END or (self.special and c == "\\"):  # Step 2.
            if self.buffer:
                digits = "".join(self.buffer).lstrip("0") or "0"
                if len(digits) > 5 or int(digits) > 65535:
                    return False  # port-out-of-range
                port = int(digits)
                self.port = None if SPECIAL_SCHEMES.get(self.scheme) == port else port
                self.buffer = []
            self.state = PATH_START_STATE
            self.pointer -= 1
        else:  # Step 3: port-invalid.
            return False
        return True

    def file_state(self, c: str) -> bool:
        """file state"""
        self._set_scheme("file")  # Step 1.
        self.host = ""  # Step 2.
        base = self.base
        if c in _SLASHES:  # Step 3.
            self.state = FILE_SLASH_STATE
        elif base is not None and base.scheme == "file":  # Step 4.
            self._take_base(base, path=True, query=True)
            self.username = []
            self.password = []
            self.port = None
            if c == "?":
                self.query = ""
                self.state = QUERY_STATE
            elif c == "#":
                self.fragment = []
                self.state = FRAGMENT_STATE
            elif c != EOF:
                self.query = None
                if not _starts_with_windows_drive_letter(self.input, self.pointer):
                    self.shorten_path()
                else:
                    self.path = []
                self.state = PATH_STATE
                self.pointer -= 1
        else:  # Step 5.
            self.state = PATH_STATE
            self.pointer -= 1
        return True

    def file_slash_state(self, c: str) -> bool:
        """file slash state"""
        if c in _SLASHES:  # Step 1.
            self.state = FILE_HOST_STATE
        else:  # Step 2.
            base = self.base
            if base is not None and base.scheme == "file":
                self.host = base.host
                if not _starts_with_windows_drive_letter(self.input, self.pointer) \
                        and base.path and not isinstance(base.path, str) \
                        and _is_normalized_windows_drive_letter(base.path[0]):
                    self.path.append(base.path[0])
            self.state = PATH_STATE
            self.pointer -= 1
        return True

    def file_host_state(self, c: str) -> bool:
        """file host state"""
        if c == EOF or c in _FILE_HOST_END:  # Step 1.
            self.pointer -= 1
            buffer = "".join(self.buffer)
            if _is_windows_drive_letter(buffer):
                # The drive letter quirk: the buffer is kept for the path state.
                self.state = PATH_STATE
            elif not buffer:
                self.host = ""
                self.state = PATH_START_STATE
            else:
                host = host_parser(buffer, not self.special)
                if host is None:
                    return False
                self.host = "" if host == "localhost" else host
                self.buffer = []
                self.state = PATH_START_STATE
        else:  # Step 2.
            self.buffer.append(c)
        return True

    def path_start_state(self, c: str) -> bool:
        """path start state"""
        if self.special:  # Step 1.
            self.state = PATH_STATE
            if c not in _SLASHES:
                self.pointer -= 1
        elif c == "?":  # Step 2.
            self.query = ""
            self.state = QUERY_STATE
        elif c == "#":  # Step 3.
            self.fragment = []
            self.state = FRAGMENT_STATE
        elif c != EOF:  # Step 4.
            self.state = PATH_STATE
            if c != "/":
                self.pointer -= 1
        return True

    def path_state(self, c: str) -> bool:
        """path state"""
        special = self.special
        if c == EOF or c in _PATH_END or (special and c == "\\"):  # Step 1.
            buffer = "".join(self.buffer)
            lowered = buffer.lower() if len(buffer) <= 6 else ""
            slash = c == "/" or (special and c == "\\")
            if lowered in _DOUBLE_DOT:  # Step 1.2.
                self.shorten_path()
                if not slash:
                    self.path.append("")
            elif lowered in _SINGLE_DOT:  # Step 1.3.
                if not slash:
                    self.path.append("")
            else:  # Step 1.4.
                if self.scheme == "file" and not self.path and _is_windows_drive_letter(buffer):
                    buffer = buffer[0] + ":"
                self.path.append(buffer)
            self.buffer = []  # Step 1.5.
            if c == "?":  # Step 1.6.
                self.query = ""
                self.state = QUERY_STATE
            elif c == "#":  # Step 1.7.
                self.fragment = []
                self.state = FRAGMENT_STATE
        else:  # Step 2, for the run of code points up to the next that ends a segment.
            run = (_SPECIAL_PATH_RUN if special else _PATH_RUN).match(self.input, self.pointer)
            assert run is not None
            self.buffer.append(utf8_percent_encode(run.group(), PATH_PERCENT_ENCODE_SET))
            self.pointer = run.end() - 1
        return True

    def opaque_path_state(self, c: str) -> bool:
        """opaque path state"""
        assert self.opaque_path is not None
        if c == "?":  # Step 1.
            self.query = ""
            self.state = QUERY_STATE
        elif c == "#":  # Step 2.
            self.fragment = []
            self.state = FRAGMENT_STATE
        elif c == " ":  # Step 3: a space before "?" or "#" is encoded.
            if self._remaining_starts_with("?") or self._remaining_starts_with("#"):
                self.opaque_path.append("%20")
            else:
                self.opaque_path.append(" ")
        elif c != EOF:  # Step 4, for a run.
            run = _OPAQUE_PATH_RUN.match(self.input, self.pointer)
            assert run is not None
            self.opaque_path.append(
                utf8_percent_encode(run.group(), C0_CONTROL_PERCENT_ENCODE_SET))
            self.pointer = run.end() - 1
        return True

    def query_state(self, c: str) -> bool:
        """query state"""
        if c == "#" or c == EOF:  # Step 2.
            encode_set = (SPECIAL_QUERY_PERCENT_ENCODE_SET if self.special
                          else QUERY_PERCENT_ENCODE_SET)
            self.query = (self.query or "") + utf8_percent_encode("".join(self.buffer),
                                                                  encode_set)
            self.buffer = []
            if c == "#":
                self.fragment = []
                self.state = FRAGMENT_STATE
        else:  # Step 3, for the run up to "#" or the end.
            end = self.input.find("#", self.pointer)
            if end < 0:
                end = len(self.input)
            self.buffer.append(self.input[self.pointer:end])
            self.pointer = end - 1
        return True

    def fragment_state(self, c: str) -> bool:
        """fragment state"""
        if c != EOF:  # Step 1, for the rest of the input at once.
            assert self.fragment is not None
            self.fragment.append(
                utf8_percent_encode(self.input[self.pointer:], FRAGMENT_PERCENT_ENCODE_SET))
            self.pointer = len(self.input) - 1
        return True


_STATES: list[Callable[[_BasicURLParser, str], bool]] = [
    _BasicURLParser.scheme_start_state,
    _BasicURLParser.scheme_state,
    _BasicURLParser.no_scheme_state,
    _BasicURLParser.special_relative_or_authority_state,
    _BasicURLParser.path_or_authority_state,
    _BasicURLParser.relative_state,
    _BasicURLParser.relative_slash_state,
    _BasicURLParser.special_authority_slashes_state,
    _BasicURLParser.special_authority_ignore_slashes_state,
    _BasicURLParser.authority_state,
    _BasicURLParser.host_state,
    _BasicURLParser.port_state,
    _BasicURLParser.file_state,
    _BasicURLParser.file_slash_state,
    _BasicURLParser.file_host_state,
    _BasicURLParser.path_start_state,
    _BasicURLParser.path_state,
    _BasicURLParser.opaque_path_state,
    _BasicURLParser.query_state,
    _BasicURLParser.fragment_state,
]


# ---------------------------------------------------------------------------
# Hosts

def host_parser(input: str, is_opaque: bool = False) -> str | None:
    """The host parser: the *serialized* host (a domain, "1.2.3.4",
    "[::1]", or an opaque host), or None for failure."""
    # Step 1: an IPv6 address in brackets.
    if input.startswith("["):
        if not input.endswith("]"):
            return None  # IPv6-unclosed
        address = ipv6_parser(input[1:-1])
        return None if address is None else "[" + ipv6_serializer(address) + "]"
    # Step 2.
    if is_opaque:
        return opaque_host_parser(input)
    # Steps 3-4: the domain, percent-decoded, as UTF-8 (without a BOM).
    assert input != ""
    domain = percent_decode(input).decode("utf-8", "replace")
    # Steps 5-6.
    ascii_domain = domain_to_ascii(domain, False)
    if ascii_domain is None:
        return None
    # Step 7.
    if ends_in_a_number(ascii_domain):
        ipv4 = ipv4_parser(ascii_domain)
        return None if ipv4 is None else ipv4_serializer(ipv4)
    # Step 8.
    return ascii_domain


def opaque_host_parser(input: str) -> str | None:
    """The opaque-host parser (hosts of non-special URLs)."""
    # Step 1.
    if _FORBIDDEN_HOST_RE.search(input):
        return None  # host-invalid-code-point
    # Step 4.
    return utf8_percent_encode(input, C0_CONTROL_PERCENT_ENCODE_SET)


def ends_in_a_number(input: str) -> bool:
    """The "ends in a number checker": whether the last label of a domain
    is a number (so that the host parses as IPv4)."""
    # Steps 1-2.
    parts = input.split(".")
    if parts[-1] == "":
        if len(parts) == 1:
            return False
        parts.pop()
    # Steps 3-4.
    last = parts[-1]
    if last and all(c in _ASCII_DIGIT for c in last):
        return True
    # Step 5.
    return ipv4_number_parser(last) is not None


def ipv4_number_parser(input: str) -> tuple[int, bool] | None:
    """The IPv4 number parser: (number, validation error flag), or None.
    Numbers of 2**32 and more all come out as 2**32 (the IPv4 parser
    fails on every one of them), so that long digit strings cost little."""
    # Step 1.
    if input == "":
        return None
    # Steps 2-4: the radix.
    validation_error = False
    radix = 10
    if len(input) >= 2 and input[:2] in ("0x", "0X"):
        validation_error = True
        input = input[2:]
        radix = 16
    elif len(input) >= 2 and input[0] == "0":
        validation_error = True
        input = input[1:]
        radix = 8
    # Step 5.
    if input == "":
        return 0, True
    # Step 6.
    digits = {16: _ASCII_HEX_DIGIT, 10: _ASCII_DIGIT, 8: frozenset("01234567")}[radix]
    if not all(c in digits for c in input):
        return None
    # Step 7.
    significant = input.lstrip("0")
    if len(significant) > 12:
        return 2 ** 32, validation_error
    return int(input, radix), validation_error


def ipv4_parser(input: str) -> int | None:
    """The IPv4 parser: the address as a 32-bit number, or None."""
    # Steps 1-2.
    parts = input.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    # Step 3.
    if len(parts) > 4:
        return None  # IPv4-too-many-parts
    # Steps 4-5.
    numbers: list[int] = []
    for part in parts:
        result = ipv4_number_parser(part)
        if result is None:
            return None  # IPv4-non-numeric-part
        numbers.append(result[0])
    # Step 7: only the last number may exceed 255.
    if any(number > 255 for number in numbers[:-1]):
        return None
    # Step 8.
    if numbers[-1] >= 256 ** (5 - len(numbers)):
        return None
    # Steps 9-10.
    ipv4 = numbers[-1]
    for counter, number in enumerate(numbers[:-1]):
        ipv4 += number * 256 ** (3 - counter)
    return ipv4


def ipv4_serializer(address: int) -> str:
    """The IPv4 serializer: four decimal numbers joined by dots."""
    return ".".join(str((address >> shift) & 0xFF) for shift in (24, 16, 8, 0))


def ipv6_parser(input: str) -> tuple[int, ...] | None:
    """The IPv6 parser: eight 16-bit pieces, or None."""
    # Step 1-4.
    address = [0] * 8
    piece_index = 0
    compress: int | None = None
    pointer = 0
    n = len(input)

    def at(i: int) -> str:
        return input[i] if i < n else EOF

    # Step 5.
    if at(pointer) == ":":
        if at(pointer + 1) != ":":
            return None  # IPv6-invalid-compression
        pointer += 2
        piece_index += 1
        compress = piece_index
    # Step 6.
    while at(pointer) != EOF:
        if piece_index == 8:  # Step 6.1.
            return None  # IPv6-too-many-pieces
        if at(pointer) == ":":  # Step 6.2.
            if compress is not None:
                return None  # IPv6-multiple-compression
            pointer += 1
            piece_index += 1
            compress = piece_index
            continue
        # Steps 6.3-6.4.
        value = length = 0
        while length < 4 and at(pointer) in _ASCII_HEX_DIGIT:
            value = value * 0x10 + int(input[pointer], 16)
            pointer += 1
            length += 1
        c = at(pointer)
        if c == ".":  # Step 6.5: an IPv4 address in the last two pieces.
            if length == 0:
                return None  # IPv4-in-IPv6-invalid-code-point
            pointer -= length
            if piece_index > 6:
                return None  # IPv4-in-IPv6-too-many-pieces
            numbers_seen = 0
            while at(pointer) != EOF:
                ipv4_piece: int | None = None
                if numbers_seen > 0:
                    if at(pointer) == "." and numbers_seen < 4:
                        pointer += 1
                    else:
                        return None  # IPv4-in-IPv6-invalid-code-point
                if at(pointer) not in _ASCII_DIGIT:
                    return None  # IPv4-in-IPv6-invalid-code-point
                while at(pointer) in _ASCII_DIGIT:
                    number = int(input[pointer])
                    if ipv4_piece is None:
                        ipv4_piece = number
                    elif ipv4_piece == 0:
                        return None  # IPv4-in-IPv6-invalid-code-point
                    else:
                        ipv4_piece = ipv4_piece * 10 + number
                    if ipv4_piece > 255:
                        return None  # IPv4-in-IPv6-out-of-range-part
                    pointer += 1
                assert ipv4_piece is not None
                address[piece_index] = address[piece_index] * 0x100 + ipv4_piece
                numbers_seen += 1
                if numbers_seen in (2, 4):
                    piece_index += 1
            if numbers_seen != 4:
                return None  # IPv4-in-IPv6-too-few-parts
            break
        elif c == ":":  # Step 6.6.
            pointer += 1
            if at(pointer) == EOF:
                return None  # IPv6-invalid-code-point
        elif c != EOF:  # Step 6.7.
            return None  # IPv6-invalid-code-point
        address[piece_index] = value  # Step 6.8.
        piece_index += 1  # Step 6.9.
    # Step 7: move the pieces after the compression to the end.
    if compress is not None:
        swaps = piece_index - compress
        piece_index = 7
        while piece_index != 0 and swaps > 0:
            other = compress + swaps - 1
            address[piece_index], address[other] = address[other], address[piece_index]
            piece_index -= 1
            swaps -= 1
    # Step 8.
    elif piece_index != 8:
        return None  # IPv6-too-few-pieces
    return tuple(address)


def ipv6_serializer(address: tuple[int, ...]) -> str:
    """The IPv6 serializer: lowercase hex pieces, the first longest run of
    two or more zero pieces compressed to "::" (without the brackets)."""
    # Step 2: find the first longest run of zero pieces.
    compress: int | None = None
    longest = 1
    i = 0
    while i < 8:
        if address[i] == 0:
            start = i
            while i < 8 and address[i] == 0:
                i += 1
            if i - start > longest:
                compress, longest = start, i - start
        else:
            i += 1
    # Steps 3-4.
    output: list[str] = []
    ignore0 = False
    for piece_index in range(8):
        if ignore0 and address[piece_index] == 0:
            continue
        ignore0 = False
        if compress == piece_index:
            output.append("::" if piece_index == 0 else ":")
            ignore0 = True
            continue
        output.append(format(address[piece_index], "x"))
        if piece_index != 7:
            output.append(":")
    return "".join(output)


# ---------------------------------------------------------------------------
# IDNA: domain to ASCII and the UTS #46 processing it asks for

#: UTS #46 "deviation" code points, kept by nontransitional processing.
_DEVIATIONS = frozenset("\u00df\u03c2\u200c\u200d")
#: Code points UTS #46 maps to nothing ("ignored").
_IGNORED = frozenset(
    "\u00ad\u034f\u180b\u180c\u180d\u180e\u180f\u200b\u2060\u2064\ufeff"
    "\u206a\u206b\u206c\u206d\u206e\u206f\u115f\u1160\u3164\uffa0\u17b4\u17b5"
    + "".join(chr(i) for i in range(0x1D173, 0x1D17B))
    + "".join(chr(i) for i in range(0xFE00, 0xFE10))
    + "".join(chr(i) for i in range(0x1BCA0, 0x1BCA4))
    + "".join(chr(i) for i in range(0xE0100, 0xE01F0)))
#: Full stops UTS #46 maps to U+002E.
_FULL_STOPS = frozenset("\u3002\uff0e\uff61")
_DISALLOWED_CATEGORIES = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})
#: Code points UTS #46 disallows that these rules would otherwise let through
#: (and ideographic description characters).
_DISALLOWED = frozenset("\ufffc\ufffd\u1680\u2028\u2029"
                        + "".join(chr(i) for i in range(0x2FF0, 0x3000)))
#: Mappings that are not NFKC_Casefold (capital sharp s maps to sharp s).
_SPECIAL_MAPPINGS = {"\u1e9e": "\u00df"}
_VIRAMA = 9  # the canonical combining class of a virama
_BIDI_RTL = frozenset({"R", "AL", "AN"})
_BIDI_RTL_ALLOWED = frozenset({"R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"})
_BIDI_LTR_ALLOWED = frozenset({"L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"})


def domain_to_ascii(domain: str, be_strict: bool = False) -> str | None:
    """"domain to ASCII": the domain in ASCII (punycode "xn--" labels for
    the others), or None for failure."""
    # Step 1: UTS #46 ToASCII.  An ASCII domain is only ASCII-lowercased
    # when not strict: its "xn--" labels are kept as they are, not decoded
    # and checked (web-platform-tests' urltestdata.json, 2026: "Domain is
    # ASCII, but a label is invalid IDNA", and "xn--" alone is a host).
    if not be_strict and domain.isascii():
        result: str | None = domain.lower()
    else:
        result = uts46_to_ascii(domain, be_strict)
    # Steps 2-4.
    if not result:
        return None  # domain-to-ASCII
    if _FORBIDDEN_DOMAIN_RE.search(result):
        return None  # domain-invalid-code-point
    return result


def _uts46_map(c: str) -> str | None:
    """The UTS #46 mapping of one code point (nontransitional, with
    UseSTD3ASCIIRules false), or None if it is disallowed.  Approximated
    from the Unicode data of this Python: the table's mapped values are
    NFKC_Casefold, which NFKC of the case-folded NFKD is here."""
    if c < "\x80":
        return c.lower()
    if c in _DEVIATIONS:
        return c
    if c in _IGNORED:
        return ""
    if c in _FULL_STOPS:
        return "."
    if c in _SPECIAL_MAPPINGS:
        return _SPECIAL_MAPPINGS[c]
    if c in _DISALLOWED or unicodedata.category(c) in _DISALLOWED_CATEGORIES:
        return None
    mapped = unicodedata.normalize("NFKC", unicodedata.normalize("NFKD", c).casefold())
    if mapped != c and any(m == "." or m in _FULL_STOPS or m in _DISALLOWED
                           or unicodedata.category(m) in _DISALLOWED_CATEGORIES
                           for m in mapped):
        return None  # (mapping to a full stop, as U+2025 to "..", is disallowed)
    return mapped


def uts46_to_ascii(domain: str, be_strict: bool = False) -> str | None:
    """UTS #46 ToASCII as "domain to ASCII" calls it: CheckHyphens,
    UseSTD3ASCIIRules and VerifyDnsLength set to ``be_strict``, CheckBidi
    and CheckJoiners true, nontransitional, IgnoreInvalidPunycode false.
    None for any error.

    Built on the standard library, so approximate where it lacks data: the
    mapping is derived from this Python's Unicode data (see
    :func:`_uts46_map`); CheckJoiners allows a ZWNJ only after a virama
    (the stdlib has no Joining_Type, so the RFC 5892 joining-type context
    is not recognised and such labels fail)."""
    # Step 1 (Processing): map each code point.
    pieces: list[str] = []
    for c in domain:
        mapped = _uts46_map(c)
        if mapped is None or (be_strict and not _std3_valid(mapped)):
            return None  # disallowed
        pieces.append(mapped)
    # Steps 2-3: normalize to NFC; break into labels.
    labels = unicodedata.normalize("NFC", "".join(pieces)).split(".")
    # Step 4: convert and validate each label.
    for index, label in enumerate(labels):
        if label.startswith("xn--"):
            if not label.isascii():
                return None
            try:
                decoded = label[4:].encode("ascii").decode("punycode")
            except UnicodeError:
                return None
            if decoded == "" or decoded.isascii():
                return None
            if not _is_valid_label(decoded, be_strict, from_punycode=True):
                return None
            labels[index] = decoded
        elif not _is_valid_label(label, be_strict, from_punycode=False):
            return None
    # CheckBidi over the whole domain name.
    if any(unicodedata.bidirectional(c) in _BIDI_RTL for label in labels for c in label):
        if not all(_satisfies_bidi_rule(label) for label in labels if label):
            return None
    # ToASCII: punycode the labels that are not ASCII.
    result = ".".join(label if label.isascii()
                      else "xn--" + label.encode("punycode").decode("ascii")
                      for label in labels)
    if be_strict:  # VerifyDnsLength.
        total = result[:-1] if result.endswith(".") else result
        if not 1 <= len(total) <= 253 or any(not 1 <= len(label) <= 63
                                             for label in total.split(".")):
            return None
    return result


def _std3_valid(mapped: str) -> bool:
    """Whether the ASCII in a mapping is valid under UseSTD3ASCIIRules."""
    return all(not c.isascii() or c.isalnum() or c in "-." for c in mapped)


def _is_valid_label(label: str, check_hyphens: bool, from_punycode: bool) -> bool:
    """UTS #46 §4.1 Validity Criteria (nontransitional)."""
    if label == "":
        return True
    # V1: NFC.
    if unicodedata.normalize("NFC", label) != label:
        return False
    # V2-V3: hyphens.
    if check_hyphens:
        if label[2:4] == "--" or label.startswith("-") or label.endswith("-"):
            return False
    elif from_punycode and label[:4].lower() == "xn--":
        return False
    # V4 (a full stop) and V6 (every code point valid: its own mapping).
    if from_punycode and any(c == "." or _uts46_map(c) != c for c in label):
        return False
    # V5: no leading combining mark.
    if unicodedata.category(label[0]).startswith("M"):
        return False
    # V7: CheckJoiners (CONTEXTJ, RFC 5892 Appendix A.1-A.2).
    for i, c in enumerate(label):
        if c in "\u200c\u200d":
            if i > 0 and unicodedata.combining(label[i - 1]) == _VIRAMA:
                continue
            if c == "\u200d" or not _zwnj_joins(label, i):
                return False
    return True


#: Right-joining (Joining_Type R) letters of the Arabic and Syriac blocks.
_RIGHT_JOINING = frozenset(
    "\u0622\u0623\u0624\u0625\u0627\u0629\u062f\u0630\u0631\u0632\u0648\u0671"
    "\u0672\u0673\u0675\u0676\u0677\u06c0\u06cd\u06cf\u06d2\u06d3\u06d5\u06ee"
    "\u06ef\u0759\u075a\u075b\u076b\u076c\u0771\u0778\u0779\u0710\u0715\u0716"
    "\u0717\u0718\u0719\u071e\u0728\u072a\u072c\u072f\u074d"
    + "".join(chr(i) for i in range(0x0688, 0x069A))
    + "".join(chr(i) for i in range(0x06C3, 0x06CC)))
#: The blocks whose other letters are taken as dual-joining (D): Arabic,
#: Syriac, Arabic Supplement, N'Ko, Arabic Extended-A, Mongolian.
_JOINING_BLOCKS = ((0x0620, 0x074F), (0x0750, 0x077F), (0x07CA, 0x07EA), (0x08A0, 0x08C9),
                   (0x1820, 0x1878))


def _joining_type(c: str) -> str:
    """An approximation of c's Joining_Type (the stdlib has no such
    property): U for ZWNJ, C for ZWJ, T for other marks and format
    characters, R for the right-joining letters above, D for the other
    letters of the joining scripts, U for everything else."""
    if c == "\u200c":
        return "U"
    if c == "\u200d":
        return "C"
    category = unicodedata.category(c)
    if category in ("Mn", "Me", "Cf"):
        return "T"
    if c in _RIGHT_JOINING:
        return "R"
    if category == "Lo" and any(lo <= ord(c) <= hi for lo, hi in _JOINING_BLOCKS) \
            and c not in "\u0621\u0674":
        return "D"
    return "U"


def _zwnj_joins(label: str, i: int) -> bool:
    """RFC 5892 A.1's regular expression around the ZWNJ at ``i``:
    (Joining_Type:{L,D})(Joining_Type:T)*ZWNJ(Joining_Type:T)*(Joining_Type:{R,D})."""
    before = i - 1
    while before >= 0 and _joining_type(label[before]) == "T":
        before -= 1
    after = i + 1
    while after < len(label) and _joining_type(label[after]) == "T":
        after += 1
    return (before >= 0 and _joining_type(label[before]) in ("L", "D")
            and after < len(label) and _joining_type(label[after]) in ("R", "D"))


def _satisfies_bidi_rule(label: str) -> bool:
    """The six conditions of RFC 5893 §2 (the Bidi Rule)."""
    classes = [unicodedata.bidirectional(c) for c in label]
    first = classes[0]
    # Condition 1.
    if first not in ("L", "R", "AL"):
        return False
    # The last class that is not NSM (conditions 3 and 6).
    trailing = [cls for cls in classes if cls != "NSM"]
    last = trailing[-1] if trailing else first
    if first in ("R", "AL"):
        # Conditions 2-4.
        if any(cls not in _BIDI_RTL_ALLOWED for cls in classes):
            return False
        if last not in ("R", "AL", "EN", "AN"):
            return False
        return not ("EN" in classes and "AN" in classes)
    # Conditions 5-6.
    if any(cls not in _BIDI_LTR_ALLOWED for cls in classes):
        return False
    return last in ("L", "EN")


# --- URL writing (URL Standard §4.3): the valid URL string ---

_WRITING_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
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
_WRITING_SIMPLE_HOST = re.compile(r"(?!.*(?:^|\.)xn--)[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.?\Z",
                          re.IGNORECASE)
_HTTP_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z\-]+"
_DATA_URL_HEAD = re.compile(
    rf"(?:{_HTTP_TOKEN}/{_HTTP_TOKEN})?(?:;{_HTTP_TOKEN}=(?:{_HTTP_TOKEN}|%22[^,]*?%22))*(?:;base64)?,",
    re.IGNORECASE)
_VALID_IPV4_ADDRESS_STRING = re.compile(r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}"
                           r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\Z")
_WRITING_ENDS_IN_A_NUMBER = re.compile(r"(?:^|\.)(?:[0-9]+|0[xX][0-9A-Fa-f]*)\.?\Z")

# The common valid URL strings in one match (ASCII only, no "[" or "]", at
# most one "#"): a special non-file scheme, or (not absolute) nothing, then
# "//", a simple ASCII domain whose last label starts with a letter (so it
# does not end in a number), a port of at most four digits, then path/query
# units; a non-special scheme other than data: without "//"; or (not
# absolute) a relative URL not starting with "//".  A match is a valid URL
# string (every step of _url_string_fault passes); anything else takes
# those steps.  (tests/test_url_writing_fast.py holds the two to one verdict.)
_UNITS = (r"[A-Za-z0-9!$&'()*+,\-./:;=?@_~]*+"
          r"(?:%[0-9A-Fa-f]{2}[A-Za-z0-9!$&'()*+,\-./:;=?@_~]*+)*+")
_FAST_AUTHORITY = (r"//(?:(?!(?i:xn--))[A-Za-z0-9\-]+\.)*(?!(?i:xn--))[A-Za-z][A-Za-z0-9\-]*\.?"
                   rf"(?::[0-9]{{0,4}})?(?:[/?]{_UNITS})?")
_FAST_SCHEMED = (
    rf"(?:(?i:https?|wss?|ftp):{_FAST_AUTHORITY}"
    rf"|(?!(?i:https?|wss?|ftp|file|data):)[A-Za-z][A-Za-z0-9+.\-]*:(?!//){_UNITS})")
# (Case-insensitive only where a scheme or "xn--" is spelt: IGNORECASE on
# the whole made the engine fold every character it tests, a third of the
# match's time.  The runs of units are possessive: what may follow them,
# "#" or the end, is not in their class.)
_FAST_VALID_ABSOLUTE_URL = re.compile(rf"{_FAST_SCHEMED}(?:#{_UNITS})?\Z", re.ASCII)
_FAST_VALID_URL = re.compile(
    rf"(?:{_FAST_SCHEMED}|{_FAST_AUTHORITY}|(?![A-Za-z][A-Za-z0-9+.\-]*:|//){_UNITS})"
    rf"(?:#{_UNITS})?\Z", re.ASCII)


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


def valid_url_string_fault(input: str, *, absolute: bool = False) -> str:
    """Why ``input`` is not a valid URL string (URL Standard §4.3 "URL
    writing": an absolute-URL-with-fragment string or a
    relative-URL-with-fragment string), as a short English sentence; ""
    when it is one.  With ``absolute``, only an absolute-URL-with-fragment
    string is valid.

    The writing rules are stricter than the parser: URL units only (URL
    code points and percent-encoded bytes), no credentials, "//" after a
    special scheme, a valid host string (a domain, or an IPv4 address in
    four decimal parts, or "[" IPv6 "]") and port.  The host is checked
    with :func:`host_parser`.  Linear in the input.

    >>> valid_url_string_fault("https://example.com/a?b#c")
    ''
    >>> valid_url_string_fault("https://user@example.com/")
    'URL includes credentials.'
    >>> valid_url_string_fault("a b")
    'Illegal character: space is not allowed.'
    """
    if not isinstance(input, str):
        raise TypeError(f"input must be a str, not {type(input).__name__}")
    url = input
    if not url:
        return "Must be non-empty." if absolute else ""
    if (_FAST_VALID_ABSOLUTE_URL if absolute else _FAST_VALID_URL).match(url) is not None:
        return ""  # (the common shapes: see _FAST_VALID_URL)
    return _url_string_fault(url, absolute)


def _url_string_fault(url: str, absolute: bool) -> str:
    """valid_url_string_fault's steps for a non-empty ``url``."""
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
    scheme = _WRITING_SCHEME.match(before)
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
        if name in SPECIAL_SCHEMES:
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
        return f"The string “{url}” is not an absolute URL."
    if before.startswith("//"):
        return _authority_fault(before[2:], "http")
    return ""




def is_valid_url_string(input: str, *, absolute: bool = False) -> bool:
    """Whether ``input`` is a valid URL string (URL Standard §4.3; with
    ``absolute``, an absolute-URL-with-fragment string): see
    :func:`valid_url_string_fault` for the reason when it is not.

    >>> is_valid_url_string("/path?q#f"), is_valid_url_string("/path", absolute=True)
    (True, False)
    """
    return valid_url_string_fault(input, absolute=absolute) == ""


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
    if _WRITING_SIMPLE_HOST.match(host) is not None:
        if _WRITING_ENDS_IN_A_NUMBER.search(host) is None:
            return ""  # (an ASCII domain the host parser takes as it is)
        # A valid IPv4-address string: four decimal numbers 0-255 (the
        # parser also takes hex, octal and fewer parts, with validation errors).
        return "" if _VALID_IPV4_ADDRESS_STRING.match(host) is not None else "Invalid host: bad IPv4 address."
    if "%" in host:
        # (a forbidden domain code point: the parser percent-decodes the host
        # first, but a valid host string has no "%")
        return "Invalid host: Illegal character in domain: “%” is not allowed."
    parsed = parse_url(f"{scheme}://{authority}/")
    if parsed is None:
        return "Invalid host."
    if _VALID_IPV4_ADDRESS_STRING.match(str(parsed.host)) is not None:
        return "Invalid host: an IPv4 address written with characters other than ASCII digits."
    return ""


def check_document_url(value: object) -> str | None:
    """A document's URL as :func:`markup5.parse` and ``Document.url`` take
    it: None, or a str that parses without a base (an absolute URL), given
    back serialized.  TypeError or ValueError otherwise."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"the document URL must be a str or None, not {type(value).__name__}")
    url = basic_url_parser(value)
    if url is None:
        raise ValueError(f"the document URL must be an absolute URL, not {value!r}")
    return url.href
