"""The cleaning walk: one pass over a parsed tree, keeping what a policy allows.

:class:`Rules` is a policy compiled for the walk (per-element attribute
sets, looked up once per element name).  :func:`clean_children` rewrites
the children lists of a node and its kept descendants in place, with an
explicit stack (no recursion: any depth works) and in time linear in the
tree:

* a kept element keeps the attributes its rules allow, after the URL,
  ``style``, clobbering and ``rel`` rules (:meth:`Rules.clean_attributes`);
* a disallowed element is dropped with its contents, unwrapped (its
  children continue in its parent's new list, cleaned as they come) or
  escaped (its start and end tags become text around its children), as
  :attr:`Policy.disallowed` says; the elements of
  :attr:`Policy.drop_content`, and every SVG or MathML element the policy
  does not keep, always go with their contents;
* comments stay when the policy keeps comments; processing instructions,
  doctypes and template contents never do;
* adjacent text is merged into one node, as a re-parse would merge it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..dom import (HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, Comment, Element, Node,
                   ParentNode, Text)
from ..html.serializer import VOID_ELEMENTS, escape_attribute
from . import css
from ._foreign import (MATHML_ATTRIBUTES, MATHML_ELEMENTS, SVG_ATTRIBUTES, SVG_ELEMENTS,
                       local_reference_only)
from .policy import Policy
from .urls import srcset_allowed, url_allowed

__all__ = ["Rules", "clean_children"]

#: Attributes whose values are URLs wherever they appear: checked as URLs
#: whether or not a policy lists them in ``url_attributes``, so that
#: allowing ``form``'s ``action`` or ``video``'s ``poster`` can never let
#: a ``javascript:`` URL through.
ALWAYS_URL_ATTRIBUTES = frozenset({
    "href", "src", "cite", "action", "background", "poster", "longdesc", "data", "codebase",
    "lowsrc", "dynsrc", "manifest", "usemap", "itemtype", "itemid", "profile", "archive",
    "classid",
})
_URL_LISTS = frozenset({"srcset", "imagesrcset", "ping"})

_DATA = re.compile(r"data-[a-z0-9._-]+\Z")
_ARIA = re.compile(r"aria-[a-z]+\Z")
_WHITESPACE = re.compile(r"[\t\n\f\r ]+")
_LINKS = frozenset({"a", "area"})
_PAINT = frozenset({"fill", "stroke", "clip-path", "mask", "marker-start", "marker-mid",
                    "marker-end"})

# What happens to an element (the walk's dispatch).
_KEEP, _DROP, _UNWRAP, _ESCAPE = 0, 1, 2, 3


class Rules:
    """A :class:`Policy` compiled for :func:`clean_children`."""

    __slots__ = ("policy", "elements", "disallowed", "drop_content", "comments", "svg",
                 "mathml", "_attributes", "_urls", "data", "aria", "prefix", "styles",
                 "schemes", "relative", "rel")

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.elements = frozenset(policy.elements)
        self.disallowed = {"drop": _DROP, "unwrap": _UNWRAP, "escape": _ESCAPE}[policy.disallowed]
        self.drop_content = frozenset(policy.drop_content)
        self.comments = policy.comments
        self.svg = policy.svg
        self.mathml = policy.mathml
        self.data = policy.data_attributes
        self.aria = policy.aria_attributes
        self.prefix = policy.clobber_prefix
        self.styles = frozenset(policy.styles) if css.AVAILABLE else frozenset()
        self.schemes = frozenset(policy.url_schemes)
        self.relative = policy.allow_relative_urls
        self.rel = policy.link_rel
        self._attributes: dict[str, frozenset[str]] = {}
        self._urls: dict[str, frozenset[str]] = {}

    def attributes_for(self, name: str) -> tuple[frozenset[str], frozenset[str]]:
        """The attributes kept on a kept HTML element ``name``, and those
        of them checked as URLs."""
        allowed = self._attributes.get(name)
        if allowed is None:
            policy = self.policy
            empty: frozenset[str] = frozenset()
            allowed = frozenset(policy.attributes.get("*", empty)) | frozenset(
                policy.attributes.get(name, empty))
            if not self.styles:
                allowed -= {"style"}
            self._attributes[name] = allowed
            self._urls[name] = (ALWAYS_URL_ATTRIBUTES | _URL_LISTS
                                | frozenset(policy.url_attributes.get("*", empty))
                                | frozenset(policy.url_attributes.get(name, empty))) & allowed
        return allowed, self._urls[name]

    def url_ok(self, name: str, value: str) -> bool:
        """Whether the URL-valued attribute ``name``'s ``value`` passes."""
        if name in _URL_LISTS:
            if name == "ping":
                return all(url_allowed(url, self.schemes, self.relative)
                           for url in value.split())
            return srcset_allowed(value, self.schemes, self.relative)
        return url_allowed(value, self.schemes, self.relative)

    def clean_attributes(self, element: Element) -> None:
        """Keep the attributes the rules allow on the kept HTML ``element``."""
        name = element.local_name
        attrs = element.attrs
        kept: dict[str, str] = {}
        if attrs:
            allowed, urls = self.attributes_for(name)
            prefix = self.prefix
            for key, value in attrs.items():
                if key in allowed:
                    if key in urls and not self.url_ok(key, value):
                        continue
                    if key == "style":
                        value = css.sanitize_style(value, self.styles)
                        if not value:
                            continue
                    elif prefix is not None and (key == "id" or key == "name"):
                        if not value:
                            continue
                        if not value.startswith(prefix):
                            value = prefix + value
                    kept[key] = value
                elif (self.data and key.startswith("data-") and _DATA.match(key)) or (
                        self.aria and key.startswith("aria-") and _ARIA.match(key)):
                    kept[key] = value
            element.attr_namespaces = None
        if name in _LINKS and "href" in kept:
            tokens = _WHITESPACE.split(kept.get("rel", "").strip()) if "rel" in kept else []
            wanted = list(self.rel)
            if "target" in kept and "noopener" not in wanted:
                wanted.append("noopener")
            lowered = {token.lower() for token in tokens}
            missing = [token for token in wanted if token not in lowered]
            if missing:
                kept["rel"] = " ".join([t for t in tokens if t] + missing)
        element.attrs = kept

    def clean_foreign_attributes(self, element: Element, allowed: frozenset[str]) -> None:
        """Keep the vetted attributes on a kept SVG or MathML ``element``
        (never a namespaced one such as ``xlink:href``)."""
        attrs = element.attrs
        if not attrs:
            return
        namespaces = element.attr_namespaces
        kept: dict[str, str] = {}
        for key, value in attrs.items():
            if key in allowed and (namespaces is None or key not in namespaces):
                if key in _PAINT and not local_reference_only(value):
                    continue
                kept[key] = value
        element.attrs = kept
        element.attr_namespaces = None

    def action(self, element: Element, parent: ParentNode) -> int:
        """What happens to ``element``, about to become a child of ``parent``."""
        namespace = element.namespace
        name = element.local_name
        if namespace == HTML_NAMESPACE:
            if name in self.elements:
                return _KEEP
            if name in self.drop_content:
                return _DROP
            return self.disallowed
        parent_namespace = parent.namespace if isinstance(parent, Element) else HTML_NAMESPACE
        if namespace == SVG_NAMESPACE and self.svg and name in SVG_ELEMENTS:
            if parent_namespace == SVG_NAMESPACE or (name == "svg"
                                                    and parent_namespace == HTML_NAMESPACE):
                return _KEEP
        elif namespace == MATHML_NAMESPACE and self.mathml and name in MATHML_ELEMENTS:
            if parent_namespace == MATHML_NAMESPACE or (name == "math"
                                                       and parent_namespace == HTML_NAMESPACE):
                return _KEEP
        return _DROP


def _start_tag_text(element: Element) -> str:
    """``element``'s start tag as the serializer writes it (for escaping)."""
    attributes = "".join([f' {key}="{escape_attribute(value)}"'
                          for key, value in element.attrs.items()])
    return f"<{element.local_name}{attributes}>"


def clean_children(root: ParentNode, rules: Rules) -> bool:
    """Clean ``root``'s descendants in place (``root`` itself is kept as it
    is).  Whether anything changed: False only when the tree is exactly as
    it was (no node removed, moved, merged or made, no attribute touched)."""
    changed = False
    keep_comments = rules.comments
    # The HTML element's decision inlined (most elements are HTML): the
    # policy's sets as locals, rules.action only for foreign content.
    elements = rules.elements
    drop_content = rules.drop_content
    disallowed = rules.disallowed
    action = rules.action
    clean_attributes = rules.clean_attributes
    work: list[ParentNode] = [root]
    while work:
        parent = work.pop()
        new: list[Node] = []
        texts: list[str] = []
        text_node: Text | None = None
        stack: list[Iterator[Node]] = [iter(parent.children)]
        while stack:
            for node in stack[-1]:
                kind = type(node)
                if kind is Text:
                    data = node.data  # type: ignore[attr-defined]
                    if data:
                        if text_node is None:
                            text_node = node  # type: ignore[assignment]
                        texts.append(data)
                    else:
                        changed = True
                    continue
                if kind is Element:
                    element: Element = node  # type: ignore[assignment]
                    html = element.namespace == HTML_NAMESPACE
                    if html:
                        name = element.local_name
                        what = _KEEP if name in elements else (
                            _DROP if name in drop_content else disallowed)
                    else:
                        what = action(element, parent)
                    if what == _KEEP:
                        attrs = element.attrs
                        if attrs:
                            if element.attr_namespaces:
                                changed = True
                            if html:
                                clean_attributes(element)
                            else:
                                rules.clean_foreign_attributes(
                                    element, SVG_ATTRIBUTES
                                    if element.namespace == SVG_NAMESPACE
                                    else MATHML_ATTRIBUTES)
                            if not changed and element.attrs != attrs:
                                changed = True
                        if element.template_contents is not None:
                            element.template_contents = None
                            changed = True
                    elif what == _UNWRAP:
                        changed = True
                        stack.append(iter(element.children))
                        break
                    elif what == _ESCAPE:
                        changed = True
                        texts.append(_start_tag_text(element))
                        if text_node is None:
                            text_node = Text("")
                        if element.local_name not in VOID_ELEMENTS:
                            stack.append(iter((Text(f"</{element.local_name}>"),)))
                        stack.append(iter(element.children))
                        break
                    else:
                        changed = True
                        continue
                elif kind is not Comment or not keep_comments:
                    changed = True
                    continue
                if text_node is not None:
                    if len(texts) > 1:
                        changed = True
                    _flush(text_node, texts, parent, new)
                    text_node = None
                    texts = []
                node.parent = parent
                new.append(node)
                if kind is Element:
                    work.append(node)  # type: ignore[arg-type]
            else:
                stack.pop()
        if text_node is not None:
            if len(texts) > 1:
                changed = True
            _flush(text_node, texts, parent, new)
        parent.children = new
    return changed


def _flush(node: Text, texts: list[str], parent: ParentNode, new: list[Node]) -> None:
    """Append the merged text ``texts`` to ``new`` as ``node``."""
    node.data = texts[0] if len(texts) == 1 else "".join(texts)
    node.parent = parent
    new.append(node)
