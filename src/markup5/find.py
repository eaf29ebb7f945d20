"""BeautifulSoup's ``find()`` and ``find_all()`` over markup5's DOM.

The filters work as BeautifulSoup's (bs4 4.12) do, on the names and
attributes of the DOM:

* ``name`` matches an element's qualified name (``el.name``); ``attrs``
  (a dict, or a str standing for the class) and keyword arguments match
  attribute values (``class_=`` for ``class``, since ``class`` is a Python
  keyword); ``string`` matches text.
* Each filter may be a str (equal; for ``class`` also any one class of
  the element), a compiled regular expression (``re.Pattern``, searched),
  a list, set or tuple of filters (any one matching), ``True`` (present),
  ``False`` or ``None`` as an attribute filter (absent), or a callable:
  ``name=f`` gets the element, an attribute filter the attribute's value
  (None when absent), ``string=f`` the text.
* ``string`` alone finds Text nodes (their ``data`` is matched); with a
  ``name`` or attribute filter it finds the elements whose only text
  (BeautifulSoup's ``.string``: a single Text child, or the ``.string``
  of a single element child) matches.  Comments are not strings here.

The search is a walk in tree order over the descendants (only the
children with ``recursive=False``); template contents are not searched.
Iterative, so any depth works.  The methods on nodes
(:meth:`markup5.dom.ParentNode.find` and ``find_all``) delegate here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Union

from .dom import Element, Node, ParentNode, Text

__all__ = ["find", "find_all", "Filter"]

#: What a filter may be (see the module docstring).
Filter = Union[str, "re.Pattern[str]", bool, None, Callable[[Any], bool], Iterable[Any]]

def _matches_value(value: str | None, wanted: Any) -> bool:
    """Whether an attribute value or text ``value`` (None: absent) passes
    the filter ``wanted``."""
    if wanted is True:
        return value is not None
    if wanted is False or wanted is None:
        return value is None
    if isinstance(wanted, str):
        return value == wanted
    if isinstance(wanted, re.Pattern):
        return value is not None and wanted.search(value) is not None
    if callable(wanted):
        return bool(wanted(value))
    if isinstance(wanted, (bytes, bytearray)):
        raise TypeError("a filter must be a str, not bytes")
    if isinstance(wanted, Iterable):
        return any(_matches_value(value, item) for item in wanted)
    raise TypeError(f"a filter must be a str, re.Pattern, bool, None, callable or list, "
                    f"not {type(wanted).__name__}")


def _matches_class(value: str | None, wanted: Any) -> bool:
    """The ``class`` attribute passes a str, pattern or callable if any one
    of its classes does, or the whole value does (BeautifulSoup's rule)."""
    if isinstance(wanted, (str, re.Pattern)) or callable(wanted):
        if value is not None and any(_matches_value(c, wanted)
                                     for c in _CLASS_SPLIT.split(value) if c):
            return True
        return _matches_value(value, wanted)
    if wanted is None or isinstance(wanted, bool):
        return _matches_value(value, wanted)
    if isinstance(wanted, Iterable) and not isinstance(wanted, (bytes, bytearray)):
        return any(_matches_class(value, item) for item in wanted)
    return _matches_value(value, wanted)


_CLASS_SPLIT = re.compile("[\t\n\f\r ]+")


def _matches_name(element: Element, wanted: Any) -> bool:
    if wanted is None or wanted is True:
        return True
    if wanted is False:
        return False
    if isinstance(wanted, str):
        return element.name == wanted or (element.prefix is None and element.local_name == wanted)
    if isinstance(wanted, re.Pattern):
        return wanted.search(element.name) is not None
    if callable(wanted):
        return bool(wanted(element))
    if isinstance(wanted, (bytes, bytearray)):
        raise TypeError("name must be a str, not bytes")
    if isinstance(wanted, Iterable):
        return any(_matches_name(element, item) for item in wanted)
    raise TypeError(f"name must be a str, re.Pattern, bool, callable or list, "
                    f"not {type(wanted).__name__}")


def string_of(element: ParentNode) -> str | None:
    """BeautifulSoup's ``.string``: the data of the only child if it is a
    Text node, the ``.string`` of the only child if it is an element, else
    None."""
    node: Node = element
    while isinstance(node, ParentNode):
        if len(node.children) != 1:
            return None
        node = node.children[0]
    return node.data if isinstance(node, Text) else None


def _walk(root: ParentNode, recursive: bool) -> Iterator[Node]:
    if not recursive:
        return iter(list(root.children))
    return root._descendants()


def _attribute_filters(attrs: Mapping[str, Any] | str | None,
                       kwargs: Mapping[str, Any]) -> list[tuple[str, Any]]:
    filters: list[tuple[str, Any]] = []
    if isinstance(attrs, str):
        filters.append(("class", attrs))
    elif attrs is not None:
        if not isinstance(attrs, Mapping):
            raise TypeError(f"attrs must be a dict or a str (a class), "
                            f"not {type(attrs).__name__}")
        filters.extend(attrs.items())
    for key, value in kwargs.items():
        filters.append(("class" if key == "class_" else key, value))
    for key, _ in filters:
        if not isinstance(key, str):
            raise TypeError(f"attribute names must be str, not {type(key).__name__}")
    return filters


def _search(root: ParentNode, name: Any, attrs: Mapping[str, Any] | str | None,
            string: Any, recursive: bool, limit: int | None,
            kwargs: Mapping[str, Any]) -> list[Node]:
    if not isinstance(root, ParentNode):
        raise TypeError(f"find_all() searches a Document, DocumentFragment or Element, "
                        f"not {type(root).__name__}")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)):
        raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
    if not isinstance(recursive, bool):
        raise TypeError(f"recursive must be a bool, not {type(recursive).__name__}")
    filters = _attribute_filters(attrs, kwargs)
    found: list[Node] = []
    if limit is not None and limit < 0:
        # (bs4 quietly returns one result there: a trap, not a rule.)
        raise ValueError(f"limit must be 0 (no limit) or more, not {limit}")
    if limit == 0:
        limit = None  # (bs4: 0 means no limit)
    strings_only = string is not None and name is None and not filters
    for node in _walk(root, recursive):
        if strings_only:
            if type(node) is not Text or not _matches_value(node.data, string):
                continue
        else:
            if not isinstance(node, Element) or not _matches_name(node, name):
                continue
            if not all((_matches_class if key == "class" else _matches_value)(
                    node.get(key), wanted) for key, wanted in filters):
                continue
            if string is not None and not _matches_value(string_of(node), string):
                continue
        found.append(node)
        if limit is not None and len(found) >= limit:
            break
    return found


def find_all(root: ParentNode, name: Filter = None,
             attrs: Mapping[str, Filter] | str | None = None, *, string: Filter = None,
             recursive: bool = True, limit: int | None = None, **kwargs: Filter) -> list[Any]:
    """The descendants of ``root`` (its children only, without
    ``recursive``) that pass the filters, in tree order, at most ``limit``
    of them: elements, or Text nodes for a ``string`` filter alone.  See
    the module docstring for the filters."""
    return _search(root, name, attrs, string, recursive, limit, kwargs)


def find(root: ParentNode, name: Filter = None,
         attrs: Mapping[str, Filter] | str | None = None, *, string: Filter = None,
         recursive: bool = True, **kwargs: Filter) -> Any:
    """The first node :func:`find_all` would give, or None."""
    found = _search(root, name, attrs, string, recursive, 1, kwargs)
    return found[0] if found else None
