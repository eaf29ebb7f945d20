"""Optional tags (HTML Standard §13.1.2.4): which start and end tags a
serializer may leave out.

:func:`omit_optional_tags` filters a stream of serializer events
(:mod:`markup5.html.walker`), dropping each HTML start or end tag that the
standard says "may be omitted" where it stands.  It looks at the event
after the tag (and, for ``colgroup`` and ``tbody`` start tags, the one
before), so it works on any stream, including ones that do not come from a
tree.  "There is no more content in the parent element" is an end tag or
the end of the stream coming next.  A start tag with attributes is never
omitted.

Beyond the standard's list, two omissions that html5lib-tests expect and
that the parser makes safe are also done: a ``p`` end tag before a ``dir``
start tag (the parser closes the ``p``, as for ``div``), and a ``tfoot``
end tag before a ``tbody`` start tag (the parser closes the ``tfoot``).

The standard's rules guarantee the same tree back only for conforming
documents (for instance a ``p`` before a ``table`` in a quirks-mode
document parses differently); use the option on documents you would
publish, not to round-trip arbitrary trees.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..dom import HTML_NAMESPACE
from .walker import Characters, Comment, EndTag, Event, ProcessingInstruction, StartTag

__all__ = ["omit_optional_tags", "P_END_TAG_CLOSERS"]

_ASCII_WHITESPACE = "\t\n\f\r "

#: Elements whose start tag lets a ``p`` end tag be omitted before it (the
#: standard's list, plus ``dir``).
P_END_TAG_CLOSERS = frozenset({
    "address", "article", "aside", "blockquote", "details", "dialog", "dir", "div", "dl",
    "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre", "search", "section",
    "table", "ul",
})

#: Parents in which a ``p`` end tag must stay even with no more content.
_P_KEEP_IN_PARENT = frozenset({"a", "audio", "del", "ins", "map", "noscript", "video"})

# End tags omitted when the next event is a start tag of one of these
# elements, or (third item) when no more content follows in the parent.
_END_BEFORE: dict[str, tuple[frozenset[str], bool]] = {
    "li": (frozenset({"li"}), True),
    "dt": (frozenset({"dt", "dd"}), False),
    "dd": (frozenset({"dd", "dt"}), True),
    "rt": (frozenset({"rt", "rp"}), True),
    "rp": (frozenset({"rt", "rp"}), True),
    "optgroup": (frozenset({"optgroup", "hr"}), True),
    "option": (frozenset({"option", "optgroup", "hr"}), True),
    "thead": (frozenset({"tbody", "tfoot"}), False),
    "tbody": (frozenset({"tbody", "tfoot"}), True),
    "tfoot": (frozenset({"tbody"}), True),
    "tr": (frozenset({"tr"}), True),
    "td": (frozenset({"td", "th"}), True),
    "th": (frozenset({"td", "th"}), True),
}


def _starts_with_space(event: Event | None) -> bool:
    return isinstance(event, Characters) and event.data != "" \
        and event.data[0] in _ASCII_WHITESPACE


def _is_html_start(event: Event | None, names: frozenset[str]) -> bool:
    return (isinstance(event, StartTag) and event.namespace == HTML_NAMESPACE
            and event.name in names)


def _no_more_content(event: Event | None) -> bool:
    return event is None or isinstance(event, EndTag)


def _comment_like(event: Event | None) -> bool:
    return isinstance(event, (Comment, ProcessingInstruction))


def _may_omit_start(tag: StartTag, previous: Event | None, omitted_previous: bool,
                    following: Event | None) -> bool:
    if tag.attrs or tag.namespace != HTML_NAMESPACE:
        return False
    name = tag.name
    if name == "html":
        # "if the first thing inside the html element is not a comment"
        # (nor whitespace, which would then be dropped before <head>).
        return not _comment_like(following) and not _starts_with_space(following)
    if name == "head":
        # "if the element is empty, or if the first thing inside the head
        # element is an element"
        return following is None or isinstance(following, StartTag) or (
            isinstance(following, EndTag) and following.name == "head")
    if name == "body":
        # "if the element is empty, or if the first thing inside the body
        # element is not ASCII whitespace or a comment, except if the first
        # thing inside the body element is a meta, noscript, link, script,
        # style, or template element"
        if following is None or (isinstance(following, EndTag) and following.name == "body"):
            return True
        if _comment_like(following) or _starts_with_space(following):
            return False
        return not _is_html_start(following, frozenset({
            "meta", "noscript", "link", "script", "style", "template"}))
    if name == "colgroup":
        # "if the first thing inside the colgroup element is a col element,
        # and if the element is not immediately preceded by another
        # colgroup element whose end tag has been omitted"
        if not _is_html_start(following, frozenset({"col"})):
            return False
        return not (omitted_previous and isinstance(previous, EndTag)
                    and previous.name == "colgroup")
    if name == "tbody":
        # "if the first thing inside the tbody element is a tr element, and
        # if the element is not immediately preceded by a tbody, thead, or
        # tfoot element whose end tag has been omitted"
        if not _is_html_start(following, frozenset({"tr"})):
            return False
        return not (omitted_previous and isinstance(previous, EndTag)
                    and previous.name in ("tbody", "thead", "tfoot"))
    return False


def _may_omit_end(tag: EndTag, following: Event | None) -> bool:
    if tag.namespace != HTML_NAMESPACE:
        return False
    name = tag.name
    if name in ("html", "body", "head", "colgroup", "caption"):
        # html, body: "if not immediately followed by a comment"; head,
        # colgroup, caption: "... by ASCII whitespace or a comment".  Text
        # starting with whitespace keeps html and body end tags too, so
        # that the whitespace stays where it was.
        return not _comment_like(following) and not _starts_with_space(following)
    if name == "p":
        if _is_html_start(following, P_END_TAG_CLOSERS):
            return True
        if following is None:
            return True
        if isinstance(following, EndTag):
            # "no more content in the parent element and the parent element
            # is an HTML element that is not an a, audio, del, ins, map,
            # noscript, or video element, or an autonomous custom element"
            return (following.namespace == HTML_NAMESPACE
                    and following.name not in _P_KEEP_IN_PARENT and "-" not in following.name)
        return False
    rule = _END_BEFORE.get(name)
    if rule is None:
        return False
    names, at_end = rule
    return _is_html_start(following, names) or (at_end and _no_more_content(following))


def omit_optional_tags(events: Iterable[Event]) -> Iterator[Event]:
    """``events`` without the start and end tags that the standard allows
    to omit where they stand."""
    iterator = iter(events)
    current = next(iterator, None)
    previous: Event | None = None
    omitted_previous = False
    while current is not None:
        following = next(iterator, None)
        omit = False
        if isinstance(current, StartTag):
            omit = _may_omit_start(current, previous, omitted_previous, following)
        elif isinstance(current, EndTag):
            omit = _may_omit_end(current, following)
        if not omit:
            yield current
        previous, omitted_previous = current, omit
        current = following
