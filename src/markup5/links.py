"""Links: a document's base URL and its elements' URLs, as the HTML
Standard resolves them (§2.4 URLs, §4.2.3 the base element, §4.6 links),
with the WHATWG URL parser of :mod:`markup5.url`.

* :func:`document_base_url` is HTML's "document base URL": the frozen base
  URL of the first ``base`` element with an ``href`` in tree order, else the
  document's URL (its "fallback base URL").
* :func:`absolute_url` parses one attribute of an element relative to the
  document base URL of the element's document.
* :func:`links` is ``document.links``: the ``a`` and ``area`` elements with
  an ``href``, in tree order; :func:`link_urls` pairs each with its URL,
  working out the base URL once.

Differences from a browser, on purpose: where a browser's document has no
URL it has "about:blank", against which only fragments resolve; here the
base URL is then None and only absolute URLs resolve.  Elements outside a
:class:`~markup5.dom.Document` (a fragment, template contents) resolve only
absolute URLs.  Queries are percent-encoded as UTF-8, whatever the
document's encoding (a browser uses the document's encoding).

(A room above the DOM: :class:`~markup5.dom.Document` and
:class:`~markup5.dom.Element` delegate here.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dom import HTML_NAMESPACE, Document, Element
from .url import URL, parse_url

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["document_base_url", "frozen_base_url", "absolute_url", "links", "link_urls"]

_LINK_NAMES = frozenset({"a", "area"})


def _fallback_base_url(document: Document) -> URL | None:
    """The document's "fallback base URL": its URL (None when unknown)."""
    return None if document.url is None else parse_url(document.url)


def _first_base_element(document: Document) -> Element | None:
    """The first HTML ``base`` element with an ``href`` attribute, in tree
    order (template contents are not in the tree)."""
    for element in document._elements():
        if element.local_name == "base" and element.namespace == HTML_NAMESPACE \
                and "href" in element.attrs:
            return element
    return None


def frozen_base_url(base: Element, document: Document) -> URL | None:
    """A ``base`` element's "frozen base URL": its ``href`` parsed relative
    to ``document``'s fallback base URL; the fallback base URL itself when
    that fails (None when the document has no URL either)."""
    fallback = _fallback_base_url(document)
    url = parse_url(base.attrs.get("href", ""), fallback)
    return fallback if url is None else url


def _document_base_url(document: Document) -> URL | None:
    base = _first_base_element(document)
    if base is None:
        return _fallback_base_url(document)
    return frozen_base_url(base, document)


def document_base_url(document: Document) -> str | None:
    """HTML's "document base URL", serialized: the frozen base URL of the
    first ``base`` element with an ``href``, else the document's URL.  None
    when neither gives one (no ``url`` passed to :func:`markup5.parse`, and
    no ``<base href>`` with an absolute URL)."""
    if not isinstance(document, Document):
        raise TypeError(f"document_base_url() takes a Document, not {type(document).__name__}")
    url = _document_base_url(document)
    return None if url is None else url.href


def _base_for(element: Element) -> URL | None:
    root = element.get_root_node()
    return _document_base_url(root) if isinstance(root, Document) else None


def absolute_url(element: Element, attribute_name: str = "href") -> str | None:
    """The value of ``element``'s attribute ``attribute_name``, parsed
    relative to its document's base URL and serialized (what a browser's
    ``a.href`` gives); None when the attribute is absent or the value does
    not parse (a relative URL with no base URL, ``http://``, ...)."""
    if not isinstance(element, Element):
        raise TypeError(f"absolute_url() takes an Element, not {type(element).__name__}")
    value = element.get(attribute_name)
    if value is None:
        return None
    url = parse_url(value, _base_for(element))
    return None if url is None else url.href


def _links(document: Document) -> Iterator[Element]:
    for element in document._elements():
        if element.local_name in _LINK_NAMES and element.namespace == HTML_NAMESPACE \
                and "href" in element.attrs:
            yield element


def links(document: Document) -> list[Element]:
    """``document.links``: the HTML ``a`` and ``area`` elements that have
    an ``href`` attribute, in tree order (a list made when called)."""
    if not isinstance(document, Document):
        raise TypeError(f"links() takes a Document, not {type(document).__name__}")
    return list(_links(document))


def link_urls(document: Document) -> list[tuple[Element, str | None]]:
    """:func:`links`, each with its ``href`` resolved as
    :func:`absolute_url` does (None where it does not parse); the base URL
    is worked out once for all of them."""
    if not isinstance(document, Document):
        raise TypeError(f"link_urls() takes a Document, not {type(document).__name__}")
    base = _document_base_url(document)
    result: list[tuple[Element, str | None]] = []
    for element in _links(document):
        url = parse_url(element.attrs["href"], base)
        result.append((element, None if url is None else url.href))
    return result
