"""Linkify: turn URLs (and, when asked, e-mail addresses) in an HTML fragment's text into links.

This works on the parsed tree, never on the markup's text: the fragment is parsed as
``innerHTML`` would parse it, the text nodes are searched, each recognized URL becomes an
``<a href>`` element, and the tree is serialized.  So a URL inside an attribute, a comment, a
``<script>`` or ``<textarea>`` is never touched, text already inside a link is left alone
(no ``a`` is ever created inside an ``a``), and the output re-parses to the tree linkify built.

URL recognition follows Bleach's (a run of dotted labels whose last label is a known top-level
domain, an optional scheme from a list, port, path and query), with the trailing punctuation
and unbalanced parentheses of prose left outside the link.  The regular expressions are
written so that a search is linear in the text's length, whatever the text: a 100 KB run of
dots, labels or ``http://`` takes time proportional to its length.

Callbacks have Bleach's shape: ``callback(attrs, new) -> attrs | None``, where ``attrs`` maps
``(namespace, name)`` to the attribute's value, plus the key ``"_text"`` for the link's text,
and ``new`` tells whether linkify made the link (True) or found it in the input (False).
Returning None drops the link (its text stays); changing ``"_text"`` replaces the link's
content with that text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Optional, Union
from urllib.parse import quote

from ..dom import DocumentFragment, Element, Node, ParentNode, Text
from ..html.parser import parse_fragment
from ..html.serializer import serialize_children

__all__ = [
    "DEFAULT_SKIP_TAGS", "LinkAttrs", "LinkCallback", "PROTOCOLS", "TLDS", "build_email_pattern",
    "build_url_pattern", "linkify", "linkify_tree",
]

_HTML_NAMESPACE = "http://www.w3.org/1999/xhtml"

#: The attributes a callback receives and returns: ``(namespace, name)`` -> value, and the
#: link's text under ``"_text"``.
LinkAttrs = dict[Union[tuple[Optional[str], str], str], str]
#: ``callback(attrs, new) -> attrs or None`` (None: no link).
LinkCallback = Callable[[LinkAttrs, bool], Optional[LinkAttrs]]

#: The top-level domains a scheme-less URL may end with: Bleach 6's list (the generic and
#: country-code domains of its time).
TLDS: tuple[str, ...] = tuple("""
    ac ad ae aero af ag ai al am an ao aq ar arpa as asia at au aw ax az ba bb bd be bf bg bh bi
    biz bj bm bn bo br bs bt bv bw by bz ca cat cc cd cf cg ch ci ck cl cm cn co com coop cr cu
    cv cx cy cz de dj dk dm do dz ec edu ee eg er es et eu fi fj fk fm fo fr ga gb gd ge gf gg
    gh gi gl gm gn gov gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in info int io iq
    ir is it je jm jo jobs jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly
    ma mc md me mg mh mil mk ml mm mn mo mobi mp mq mr ms mt mu museum mv mw mx my mz na name nc
    ne net nf ng ni nl no np nr nu nz om org pa pe pf pg ph pk pl pm pn post pr pro ps pt pw py
    qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st su sv sx sy sz tc td
    tel tf tg th tj tk tl tm tn to tp tr travel tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn
    vu wf ws xn xxx ye yt yu za zm zw""".split())

#: The schemes a URL may be written with (Bleach's list: html5lib's allowed protocols).
PROTOCOLS: tuple[str, ...] = (
    "afs", "aim", "callto", "data", "ed2k", "feed", "ftp", "gopher", "http", "https", "irc",
    "mailto", "news", "nntp", "rsync", "rtsp", "sftp", "ssh", "tag", "telnet", "urn", "webcal",
    "xmpp",
)

#: Elements whose text linkify leaves alone unless told otherwise.
DEFAULT_SKIP_TAGS: frozenset[str] = frozenset({"pre", "code"})

# Elements whose content is never markup (raw text, escapable raw text, plaintext) or where an
# ``a`` element cannot stand: their text is never linkified, whatever skip_tags says.
_NEVER_LINKIFIED = frozenset({
    "a", "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
    "noscript", "plaintext", "select", "option", "optgroup", "datalist",
})

# Children of a template whose contents parse in a table mode: an ``a`` written among them
# would not parse back where it was (its start tag would pick "in body", or be foster-parented).
_TABLE_PARTS = frozenset({"caption", "colgroup", "col", "tbody", "thead", "tfoot", "tr", "td",
                          "th"})

# What a URL's text never holds (besides white space): RFC 3986's "unsafe" characters, except
# "#" and "~" which occur in practice.
_URL_TAIL = r"""(?:[/?][^\s{}|\\^`<>"]*)?"""


def _tld_lookbehind(tlds: Iterable[str]) -> str:
    """A test that the text just matched ends with ``.TLD``: one fixed-width lookbehind per
    TLD length, as Python's ``re`` needs (linear: no backtracking over the labels)."""
    by_length: dict[int, list[str]] = {}
    for tld in tlds:
        by_length.setdefault(len(tld), []).append(_checked_tld(tld))
    if not by_length:
        raise ValueError("tlds must name at least one top-level domain")
    return "(?:" + "|".join(
        rf"(?<=\.(?:{'|'.join(sorted(names))}))" for _, names in sorted(by_length.items())) + ")"


def _tld_alternation(tlds: Iterable[str]) -> str:
    """The TLDs as one alternation, longest first, ending where a word does: the last label
    of a URL's host (``com`` in ``example.com-x``, as Bleach reads it)."""
    names = {_checked_tld(tld) for tld in tlds}
    if not names:
        raise ValueError("tlds must name at least one top-level domain")
    return "(?:" + "|".join(sorted(names, key=lambda t: (-len(t), t))) + r")(?!\w)"


def _checked_tld(tld: str) -> str:
    if not isinstance(tld, str) or not tld or not re.fullmatch(r"[\w-]+", tld):
        raise ValueError(f"a TLD must be a non-empty run of letters, digits or '-': {tld!r}")
    return re.escape(tld)


def build_url_pattern(tlds: Iterable[str] = TLDS,
                      protocols: Iterable[str] = PROTOCOLS) -> re.Pattern[str]:
    """The regular expression that finds URLs in text, for ``tlds`` and ``protocols``.

    A match is: opening parentheses (kept outside the link later when unbalanced), an optional
    ``scheme:`` with up to three slashes and ``user[:password]@``, a host of two or more
    dot-separated labels whose last label is one of ``tlds`` (any case; the label may go on
    with ``-``, which then ends the URL), an optional port, and an optional path or query.  A
    match starts at the start of a word (or of a run of ``-`` before it) that does not follow
    ``@`` or ``.`` (so ``person@example.com`` is not a URL).  Linear time: a start is never
    inside a run of word characters, dashes or parentheses, and the host's labels up to the
    last dot are taken in one atomic step (a lookahead, then a backreference), so nothing
    backtracks over them.
    """
    schemes = sorted({_checked_scheme(p) for p in protocols}, key=lambda s: (-len(s), s))
    scheme = rf"(?:(?:{'|'.join(schemes)}):/{{0,3}}(?:(?:\w+:)?\w+@)?)?" if schemes else ""
    return re.compile(
        # Opening parentheses, then a word's start (or a run of dashes before one).
        r"(?<!\()\(*(?:(?<![\w@.-])-+|(?<![\w@.-]))(?=\w)"
        + scheme
        # The labels up to the last dot followed by a label, atomically; then the TLD.
        + r"(?=(?P<host>[\w-]+(?:\.[\w-]+)*\.(?=[\w-])))(?P=host)"
        + _tld_alternation(tlds)
        + r"(?::[0-9]+(?!\w))?"                  # a port
        + _URL_TAIL,
        re.IGNORECASE)


def _checked_scheme(protocol: str) -> str:
    if not isinstance(protocol, str) or not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*", protocol):
        raise ValueError(f"not a URL scheme: {protocol!r}")
    return re.escape(protocol)


# The characters of an unquoted e-mail local part (RFC 5322's atext).
_ATEXT = r"[-!#$%&'*+/=?^_`{|}~0-9A-Z]"


def build_email_pattern(tlds: Iterable[str] = TLDS) -> re.Pattern[str]:
    """The regular expression that finds e-mail addresses in text, for ``tlds``.

    A local part (a dot-atom, or a quoted string at the start of a line) not preceded by
    another local-part character, ``@``, then a domain of two or more labels ending with one
    of ``tlds``.  Linear time, as :func:`build_url_pattern`.

    An address may also start right where the one before it ended (``a@b.net&c@d.net``):
    linkified, the first becomes a link and the rest a text node of its own, in which the
    second is found the next time; so the first time finds it too, and linkify's output is
    a fixed point.  (The pattern built here knows how; a hand-written ``email_pattern``
    finds only what it matches.)
    """
    tlds = tuple(tlds)
    pattern = _email_pattern(tlds, continuation=False)
    _EMAIL_CONTINUATIONS[pattern] = _email_pattern(tlds, continuation=True)
    return pattern


def _email_pattern(tlds: tuple[str, ...], continuation: bool) -> re.Pattern[str]:
    """The e-mail pattern, or (``continuation``) the one that matches at the end of the
    previous address, where a text node of its own would start: no look-behind, and a
    quoted local part allowed there as at the start of a line."""
    return re.compile(
        ("" if continuation else rf"(?<!{_ATEXT})(?<![.@])")
        + rf"(?:(?=(?P<local>{_ATEXT}+(?:\.{_ATEXT}+)*))(?P=local)"
        + ("|" if continuation else "|^")
        + r'"(?:[\x01-\x08\x0b\x0c\x0e-\x1f!#-\[\]-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*")'
        r"@(?=(?P<domain>[A-Z0-9-]+(?:\.[A-Z0-9-]+)+))(?P=domain)"
        + _tld_lookbehind(tlds),
        re.IGNORECASE | re.MULTILINE)


#: For each pattern :func:`build_email_pattern` made, its continuation pattern.
_EMAIL_CONTINUATIONS: dict[re.Pattern[str], re.Pattern[str]] = {}


_URL_PATTERN = build_url_pattern()
_EMAIL_PATTERN = build_email_pattern()
_SCHEME_PREFIX = re.compile(r"[\w-]+:/{0,3}")


def _split_punctuation(found: str) -> tuple[str, str, str]:
    """Split a URL match into (opening text, URL, closing text): leading "(" go out with as
    many trailing ")", leading "-" go out; then trailing "," and "." go out, and trailing ")" too when the URL has
    no "(" (prose around a link, as Bleach does).  Linear: no per-character loop in Python."""
    core = found.lstrip("(")
    opening = len(found) - len(core)
    core = core.lstrip("-")
    lead = len(found) - len(core)
    closing = len(core) - len(core.rstrip(")"))
    taken = min(opening, closing)
    suffix = ""
    if taken:
        suffix = core[-taken:]
        core = core[:-taken]
    trailing = ",." if "(" in core else ",.)"
    stripped = core.rstrip(trailing)
    return found[:lead], stripped, core[len(stripped):] + suffix


def _href_for(url: str) -> str:
    """The link for a URL's text: as written when it has a scheme, else with ``http://``."""
    return url if _SCHEME_PREFIX.match(url) else "http://" + url


def _mailto_for(address: str) -> str:
    """``mailto:`` and the address, its local part percent-encoded (RFC 6068)."""
    local, _, domain = address.rpartition("@")
    return "mailto:" + quote(local) + "@" + domain


def _apply_callbacks(callbacks: Sequence[LinkCallback], attrs: LinkAttrs,
                     new: bool) -> LinkAttrs | None:
    """Run ``callbacks`` in order; None as soon as one returns None."""
    for callback in callbacks:
        result = callback(attrs, new)
        if result is None:
            return None
        if not isinstance(result, dict):
            raise TypeError(f"a link callback must return a dict or None, not "
                            f"{type(result).__name__} ({callback!r})")
        attrs = result
    return attrs


def _attribute_names(attrs: LinkAttrs) -> dict[str, str]:
    """The element attributes a callback's mapping describes (``"_text"`` removed before)."""
    names: dict[str, str] = {}
    for key, value in attrs.items():
        name = key[1] if isinstance(key, tuple) else key
        if not isinstance(value, str):
            raise TypeError(f"a link callback set attribute {name!r} to "
                            f"{type(value).__name__}, not a str")
        names[name] = value
    return names


def _new_link(attrs: LinkAttrs) -> Element:
    text = str(attrs.pop("_text", ""))
    link = Element("a", _attribute_names(attrs))
    link.append_child(Text(text))
    return link


def _holds_table_parts(children: list[Node]) -> bool:
    """Whether template contents parse in a table mode: the template's first start tag chose
    how its contents parse, and an ``a`` written before or among table parts changes that."""
    return any(isinstance(child, Element) and child.local_name in _TABLE_PARTS
               and child.namespace == _HTML_NAMESPACE for child in children)


# Contexts whose content is not markup: a fragment parsed there has only text, which the
# serializer cannot write back for every context (script data is not unescaped).
_TEXT_CONTEXTS = frozenset({
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
    "plaintext",
})


class _Linkifier:
    """One configuration of linkify, applied to trees."""

    __slots__ = ("callbacks", "skip_tags", "parse_email", "url_pattern", "email_pattern")

    def __init__(self, callbacks: Sequence[LinkCallback], skip_tags: Iterable[str] | None,
                 parse_email: bool, url_pattern: re.Pattern[str] | None,
                 email_pattern: re.Pattern[str] | None) -> None:
        if isinstance(callbacks, (str, bytes)) or not all(callable(c) for c in callbacks):
            raise TypeError("callbacks must be a sequence of callables")
        if isinstance(skip_tags, str):
            raise TypeError("skip_tags must be a collection of element names, not a str")
        if not isinstance(parse_email, bool):
            raise TypeError(f"parse_email must be a bool, not {type(parse_email).__name__}")
        for what, pattern in (("url_pattern", url_pattern), ("email_pattern", email_pattern)):
            if pattern is not None and not isinstance(pattern, re.Pattern):
                raise TypeError(f"{what} must be a compiled re.Pattern or None")
        self.callbacks = tuple(callbacks)
        self.skip_tags = frozenset(t.lower() for t in (skip_tags or ()))
        self.parse_email = parse_email
        self.url_pattern = url_pattern or _URL_PATTERN
        self.email_pattern = email_pattern or _EMAIL_PATTERN

    def _blocked_at(self, root: ParentNode) -> bool:
        """Whether no link may be made anywhere below ``root``: it or an ancestor (through
        template hosts) is an ``a``, a skip tag or an element whose text is never linkified,
        or ``root`` itself is an SVG or MathML element.  O(depth), once."""
        if isinstance(root, Element) and root.namespace != _HTML_NAMESPACE:
            return True
        node: Node | None = root
        while node is not None:
            if isinstance(node, Element) and node.namespace == _HTML_NAMESPACE and (
                    node.local_name in _NEVER_LINKIFIED or node.local_name in self.skip_tags):
                return True
            parent: Node | None = node.parent
            if parent is None and isinstance(node, DocumentFragment):
                parent = node.host
            node = parent
        return False

    def run(self, root: ParentNode, blocked: bool = False) -> None:
        """Linkify ``root``'s descendants in document order (an iterative walk); with
        ``blocked``, only run the existing links through the callbacks."""
        texts_and_links: list[Node] = []
        skip_tags = self.skip_tags
        blocked = blocked or self._blocked_at(root)
        children: list[Node] = root.children
        if isinstance(root, Element) and root.template_contents is not None:
            children = root.template_contents.children
        if (isinstance(root, DocumentFragment) and root.host is not None
                or isinstance(root, Element) and root.template_contents is not None):
            blocked = blocked or _holds_table_parts(children)
        # (node, skipping): skipping when inside a skip tag; never entered: a and the rest of
        # _NEVER_LINKIFIED (an existing link is collected, its content is not).
        stack: list[tuple[Node, bool]] = [(child, blocked) for child in reversed(children)]
        while stack:
            node, skipping = stack.pop()
            if isinstance(node, Text):
                parent = node.parent
                if (not skipping and isinstance(parent, (Element, DocumentFragment))
                        and (not isinstance(parent, Element)
                             or parent.namespace == _HTML_NAMESPACE)):
                    texts_and_links.append(node)
                continue
            if not isinstance(node, Element):
                continue
            children = node.children
            if node.namespace == _HTML_NAMESPACE:
                name = node.local_name
                if name == "a":
                    texts_and_links.append(node)
                    continue
                if name in _NEVER_LINKIFIED:
                    continue
                if name in skip_tags:
                    skipping = True
                if node.template_contents is not None:
                    children = node.template_contents.children
                    if _holds_table_parts(children):
                        continue
            stack.extend((child, skipping) for child in reversed(children))
        for node in texts_and_links:
            if isinstance(node, Text):
                self._linkify_text(node)
            elif isinstance(node, Element):
                self._existing_link(node)

    def _existing_link(self, link: Element) -> None:
        """Run a link found in the input through the callbacks (``new=False``)."""
        if link.parent is None or not self.callbacks:
            return
        namespaces = link.attr_namespaces or {}
        attrs: LinkAttrs = {(namespaces.get(name), name): value
                            for name, value in link.attrs.items()}
        text = link.text_content or ""
        attrs["_text"] = text
        result = _apply_callbacks(self.callbacks, attrs, False)
        if result is None:
            link.replace_with(text)
            return
        new_text = str(result.pop("_text", ""))
        link.attrs = Element("a", _attribute_names(result)).attrs
        link.attr_namespaces = None
        if new_text != text:
            link.replace_children(new_text)

    def _linkify_text(self, node: Text) -> None:
        data = node.data
        pieces: list[Node | str] = []
        position = 0
        if self.parse_email:
            search = self.email_pattern.search
            continuation = _EMAIL_CONTINUATIONS.get(self.email_pattern)
            match = search(data)
            while match is not None:
                self._urls(data[position:match.start()], pieces)
                address = match.group(0)
                attrs = _apply_callbacks(
                    self.callbacks, {(None, "href"): _mailto_for(address), "_text": address},
                    True)
                pieces.append(address if attrs is None else _new_link(attrs))
                position = match.end()
                if position == match.start():
                    # (an empty match, from a hand-written pattern: look on from the next
                    # character, as finditer does)
                    match = search(data, position + 1) if position < len(data) else None
                    continue
                match = None if continuation is None else continuation.match(data, position)
                if match is None:
                    match = search(data, position)
        if position == 0:
            self._urls(data, pieces)
        else:
            self._urls(data[position:], pieces)
        if any(not isinstance(piece, str) for piece in pieces):
            node.replace_with(*_joined(pieces))

    def _urls(self, text: str, pieces: list[Node | str]) -> None:
        position = 0
        for match in self.url_pattern.finditer(text):
            before, url, after = _split_punctuation(match.group(0))
            if not url:
                continue
            attrs = _apply_callbacks(self.callbacks, {(None, "href"): _href_for(url),
                                                      "_text": url}, True)
            pieces.append(text[position:match.start()] + before)
            pieces.append(url if attrs is None else _new_link(attrs))
            pieces.append(after)
            position = match.end()
        pieces.append(text[position:])


def _joined(pieces: list[Node | str]) -> list[Node | str]:
    """Adjacent strings joined, empty ones dropped (so that the tree has no empty or split
    text nodes, as a parse of the output would not)."""
    out: list[Node | str] = []
    run: list[str] = []
    for piece in pieces:
        if isinstance(piece, str):
            run.append(piece)
            continue
        if run:
            text = "".join(run)
            if text:
                out.append(text)
            run = []
        out.append(piece)
    text = "".join(run)
    if text:
        out.append(text)
    return out


def linkify_tree(node: ParentNode, *, callbacks: Sequence[LinkCallback] = (),
                 skip_tags: Iterable[str] | None = DEFAULT_SKIP_TAGS, parse_email: bool = False,
                 url_pattern: re.Pattern[str] | None = None,
                 email_pattern: re.Pattern[str] | None = None) -> None:
    """Linkify the text of ``node``'s descendants in place (see :func:`linkify`).

    Text inside an HTML ``a``, an element named in ``skip_tags`` (ASCII case-insensitive), an
    element whose content is not markup (``script``, ``style``, ``textarea``, ``title``, ...),
    a ``select``, or directly inside an SVG or MathML element is left alone, and so is all of
    ``node`` when it or an ancestor is such an element.  Existing links are run through
    ``callbacks`` with ``new=False``.
    """
    if not isinstance(node, ParentNode):
        raise TypeError(f"linkify_tree needs an Element, DocumentFragment or Document, "
                        f"not {type(node).__name__}")
    _Linkifier(callbacks, skip_tags, parse_email, url_pattern, email_pattern).run(node)


def linkify(markup: str, *, callbacks: Sequence[LinkCallback] = (),
            skip_tags: Iterable[str] | None = DEFAULT_SKIP_TAGS, parse_email: bool = False,
            context: str = "div", url_pattern: re.Pattern[str] | None = None,
            email_pattern: re.Pattern[str] | None = None) -> str:
    """Parse ``markup`` as the content of a ``context`` element, wrap the URLs in its text
    (and e-mail addresses, with ``parse_email=True``) in ``<a href>`` elements, serialize.

    ``callbacks`` (Bleach's shape, see the module's docstring) may change each link's
    attributes and text, or veto it; ``skip_tags`` names elements whose text is left alone
    (default ``pre`` and ``code``; None or empty: none).  ``url_pattern`` and
    ``email_pattern`` replace the recognizers (see :func:`build_url_pattern`).  The output,
    parsed again in ``context``, gives the tree linkify built.  A context whose content is text
    (``script``, ``textarea``, ...) is a ValueError; in an ``a``, ``select``, ``option``,
    SVG or MathML context, or a skip tag's, no link is made.

    >>> linkify("see example.com, or mail me@example.org", parse_email=True)
    'see <a href="http://example.com">example.com</a>, or mail <a href="mailto:me@example.org">me@example.org</a>'
    """
    if not isinstance(markup, str):
        raise TypeError(f"markup must be a str, not {type(markup).__name__}")
    if not isinstance(context, str):
        raise TypeError(f"context must be an element name, not {type(context).__name__}")
    name = context.strip().lower()
    if name in _TEXT_CONTEXTS:
        raise ValueError(f"context {context!r}: the content of {name} is text, not markup; "
                         "linkify needs an element whose content is markup")
    linker = _Linkifier(callbacks, skip_tags, parse_email, url_pattern, email_pattern)
    fragment = parse_fragment(markup, context, scripting=True)
    # No link may be made in an a, select, option, ... or SVG/MathML context, nor in a skip tag.
    blocked = (name in _NEVER_LINKIFIED or name in linker.skip_tags
               or name.startswith(("svg", "math")))
    linker.run(fragment, blocked)
    return serialize_children(fragment, scripting=True)
