"""Hand a markup5 tree to other tree libraries.

* :func:`to_etree` (:mod:`markup5.adapters.etree`): the standard library's
  ``xml.etree.ElementTree``.
* :func:`to_lxml` (:mod:`markup5.adapters.lxml`): lxml (``pip install
  'markup5[lxml]'``), as ``lxml.html`` elements.
* ``BeautifulSoup(markup, "markup5")`` (:mod:`markup5.adapters.bs4`):
  markup5 as a BeautifulSoup tree builder (``pip install 'markup5[bs4]'``).

Importing markup5 imports neither lxml nor bs4.  So that
``BeautifulSoup(markup, "markup5")`` works as soon as markup5 is imported,
:func:`register_bs4_builder_when_imported` (called by ``import markup5``)
registers the builder right away if bs4 is already imported, and otherwise
leaves an import hook that registers it just after bs4 itself is
imported, then removes itself.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from xml.etree.ElementTree import Element as EtreeElement

    from ..dom import Document, Element

__all__ = ["to_etree", "to_lxml", "register_bs4_builder_when_imported"]


def to_etree(node: Document | Element, *, html_namespace: bool = False) -> EtreeElement:
    """``node`` as an ``xml.etree.ElementTree`` element; see
    :func:`markup5.adapters.etree.to_etree`."""
    from .etree import to_etree as convert
    return convert(node, html_namespace=html_namespace)


def to_lxml(node: Document | Element, *, html_namespace: bool = False) -> Any:
    """``node`` as an lxml element; see :func:`markup5.adapters.lxml.to_lxml`
    (needs lxml)."""
    from .lxml import to_lxml as convert
    return convert(node, html_namespace=html_namespace)


def _register_bs4_builder() -> None:
    try:
        from . import bs4 as _adapter  # registers the builder on import
        del _adapter
    except Exception as exc:  # an incompatible bs4 must not break bs4's import
        import warnings
        warnings.warn(f"markup5 could not register its BeautifulSoup tree builder: {exc}",
                      RuntimeWarning, stacklevel=2)


class _Bs4ImportHook:
    """A ``sys.meta_path`` finder for ``bs4`` alone: it finds bs4's own spec
    with the other finders and has its loader register markup5's tree
    builder once bs4 has run; then it takes itself out.  A spec that is only
    looked up (``importlib.util.find_spec("bs4")``) is never executed, so
    the hook stays until bs4 is really imported."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname != "bs4":
            return None
        spec: ModuleSpec | None = None
        for finder in list(sys.meta_path):
            if finder is self:
                continue
            find_spec = getattr(finder, "find_spec", None)
            if find_spec is not None:
                spec = find_spec(fullname, path, target)
                if spec is not None:
                    break
        if spec is None:
            return None
        loader: Any = spec.loader
        exec_module = getattr(loader, "exec_module", None)
        if exec_module is None:
            return spec
        hook = self

        def exec_then_register(module: ModuleType) -> None:
            exec_module(module)
            try:
                del loader.exec_module
            except AttributeError:
                pass
            try:
                sys.meta_path.remove(hook)
            except ValueError:
                pass
            _register_bs4_builder()

        try:
            loader.exec_module = exec_then_register
        except (AttributeError, TypeError):
            pass  # a loader we cannot wrap: `import markup5.adapters.bs4` by hand
        return spec


def register_bs4_builder_when_imported() -> None:
    """Make ``BeautifulSoup(markup, "markup5")`` work: register markup5's
    tree builder now if bs4 is imported, else when it is (without importing
    it).  Called by ``import markup5``; calling it again does nothing new."""
    if "bs4" in sys.modules:
        if "markup5.adapters.bs4" not in sys.modules:
            _register_bs4_builder()
        return
    if not any(isinstance(finder, _Bs4ImportHook) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Bs4ImportHook())
