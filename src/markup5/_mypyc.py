"""What the opt-in compiled build (``MARKUP5_COMPILE=1``, mypyc, see
``setup.py``) needs to hear about a class, without a runtime dependency.

``mypyc_attr(allow_interpreted_subclasses=True)`` marks a compiled class
that Python classes still subclass (the XML tokenizer, which stays
interpreted, builds on :class:`markup5._tokenizer_core.TokenizerBase`).  mypy, and so mypyc, sees the real decorator
from ``mypy_extensions``; at run time it is that one when installed and a
no-op otherwise (the pure-Python package needs nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, TypeVar

_T = TypeVar("_T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # the pure-Python install: the decorator does nothing
        def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
            return lambda cls: cls

__all__ = ["mypyc_attr"]
