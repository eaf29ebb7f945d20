"""HTML's directionality of an element (HTML §3.2.6.4 "The dir attribute").

:func:`directionality` is "the directionality" of the standard: "ltr" or
"rtl", from the ``dir`` attribute, the element's text for ``dir=auto`` (and
``bdi``), a text control's value, or the parent's directionality.  The
selector ``:dir()`` and :attr:`markup5.dom.Element.directionality` use it.

The tree is taken as parsed and shadow-free: the standard's steps for slots
and shadow roots never apply, and the value of a text control is the one
it has before any script or user changed it.

Nothing here recurses over the tree, and with a ``cache`` (a dict kept for
as long as the tree does not change) asking for every element of a document
takes time linear in its size: each element's directionality is computed
once, and each text node is read by at most one ``dir=auto`` element (the
nearest one around it; the scan skips every element with a ``dir`` of its
own).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from .dom import HTML_NAMESPACE, Element, Text

__all__ = ["directionality", "auto_directionality", "text_directionality"]

# The input types of an "auto-directionality form-associated element".
_AUTO_DIRECTIONALITY_INPUT_TYPES = frozenset({
    "hidden", "text", "search", "tel", "url", "email", "password", "submit", "reset", "button",
})
# Elements whose contents "contained text auto directionality" skips.
_SKIPPED = frozenset({"bdi", "script", "style", "textarea"})
# The first character that may have a strong direction: ASCII letters
# (bidirectional type L) and every non-ASCII character (to be looked up);
# the rest of ASCII is digits, punctuation, spaces and controls (weak or
# neutral types).
_MAYBE_STRONG = re.compile(r"[A-Za-z\u0080-\U0010ffff]")
_CACHE_KEY = object()  # this module's entry in a caller's cache


def text_directionality(data: str) -> str | None:
    """HTML's "text node directionality" of a string: "ltr" or "rtl" by
    its first character of bidirectional type L, R or AL, None when it has
    none."""
    if not isinstance(data, str):
        raise TypeError(f"data must be a str, not {type(data).__name__}")
    search = _MAYBE_STRONG.search
    bidirectional = unicodedata.bidirectional
    match = search(data)
    while match is not None:
        char = match.group()
        if char < "\x80":
            return "ltr"
        kind = bidirectional(char)
        if kind == "L":
            return "ltr"
        if kind == "R" or kind == "AL":
            return "rtl"
        match = search(data, match.end())
    return None


def _dir_state(el: Element) -> str | None:
    """The state of an HTML element's dir attribute: "ltr", "rtl", "auto",
    or None (the undefined state: missing, or not one of the keywords)."""
    if el.namespace != HTML_NAMESPACE:
        return None
    value = el.attrs.get("dir")
    if value is None:
        return None
    value = value.lower() if value.isascii() else value
    return value if value in ("ltr", "rtl", "auto") else None


def _input_type_state(el: Element) -> str:
    """An input's type state keyword (markup5.forms.input_type_state)."""
    from .forms import input_type_state
    return input_type_state(el)


def _is_auto_directionality_form_associated(el: Element) -> bool:
    """An input of the types whose value sets dir=auto's direction, or a
    textarea."""
    if el.namespace != HTML_NAMESPACE:
        return False
    if el.local_name == "textarea":
        return True
    return el.local_name == "input" and \
        _input_type_state(el) in _AUTO_DIRECTIONALITY_INPUT_TYPES


def _control_value(el: Element, cache: dict[object, Any] | None) -> str:
    """The value of an input or textarea as parsed (markup5.forms, which
    sits beside this module above the DOM, imported when first needed)."""
    from .forms import value
    return value(el, cache=cache)


def _contained_text_auto_directionality(el: Element) -> str | None:
    """HTML's "contained text auto directionality" of ``el`` (with
    canExcludeRoot false, in a shadow-free tree): the direction of the
    first strong character in its descendant text, skipping bdi, script,
    style and textarea elements and elements with a dir attribute of their
    own (and what they contain)."""
    stack = [iter(el.children)]
    while stack:
        for child in stack[-1]:
            if isinstance(child, Text):
                result = text_directionality(child.data)
                if result is not None:
                    return result
            elif isinstance(child, Element):
                if child.namespace == HTML_NAMESPACE and (
                        child.local_name in _SKIPPED or _dir_state(child) is not None):
                    continue
                if child.children:
                    stack.append(iter(child.children))
                    break
        else:
            stack.pop()
    return None


def auto_directionality(element: Element, *, cache: dict[object, Any] | None = None
                        ) -> str | None:
    """HTML's "auto directionality" of ``element``: for a text input or
    textarea (an "auto-directionality form-associated element"), from its
    value: "rtl" when a character of type R or AL comes before any of type
    L, else "ltr" unless the value is empty; for other elements, from their
    contained text.  None when that decides nothing."""
    if not isinstance(element, Element):
        raise TypeError(f"element must be an Element, not {type(element).__name__}")
    if _is_auto_directionality_form_associated(element):
        value = _control_value(element, cache)
        if text_directionality(value) == "rtl":
            return "rtl"
        return "ltr" if value else None
    return _contained_text_auto_directionality(element)


def _own_directionality(el: Element, cache: dict[object, Any] | None) -> str | None:
    """Steps 1-4 of "the directionality" for ``el`` alone: its direction,
    or None when it is its parent's."""
    state = _dir_state(el)
    if state == "ltr" or state == "rtl":
        return state
    if state == "auto" or (el.namespace == HTML_NAMESPACE and el.local_name == "bdi"):
        # (A bdi element's dir is in the undefined state here: missing or
        # not a keyword.)
        return auto_directionality(el, cache=cache) or "ltr"
    if el.namespace == HTML_NAMESPACE and el.local_name == "input" and \
            _input_type_state(el) == "tel":
        return "ltr"
    return None


def directionality(element: Element, *, cache: dict[object, Any] | None = None) -> str:
    """HTML's "the directionality" of ``element``: "ltr" or "rtl".

    ``dir=ltr`` and ``dir=rtl`` decide; ``dir=auto`` (and a ``bdi``
    without a valid dir) takes the direction of the first strong character
    (bidirectional type L, R or AL) in the element's text, skipping
    ``bdi``, ``script``, ``style``, ``textarea`` and elements with a dir of
    their own ("ltr" when there is none); an input of a text type or a
    textarea with ``dir=auto`` looks at its value instead ("ltr" for an
    empty value); ``<input type=tel>`` is "ltr";
    anything else has its parent element's directionality, "ltr" at the
    top.  ``cache``: a dict to keep results in across calls on an
    unchanged tree (the selector matcher passes its own)."""
    if not isinstance(element, Element):
        raise TypeError(f"element must be an Element, not {type(element).__name__}")
    table: dict[Element, str] | None = None
    if cache is not None:
        table = cache.get(_CACHE_KEY)
        if table is None:
            table = cache[_CACHE_KEY] = {}
    # Walk up to the first element whose direction is settled (or known);
    # everything on the way inherits it.
    path = []
    node: object = element
    result = "ltr"
    while isinstance(node, Element):
        if table is not None:
            known = table.get(node)
            if known is not None:
                result = known
                break
        own = _own_directionality(node, cache)
        if own is not None:
            result = own
            if table is not None:
                table[node] = own
            break
        path.append(node)
        node = node.parent
    if table is not None:
        for el in path:
            table[el] = result
    return result
