"""Read markup5's reStructuredText-flavoured docstrings as Markdown, for the docs site.

markup5's docstrings are written for ``help()`` and Sphinx-style readers:
``:func:`parse``` roles, ``::`` literal blocks, ``>>>`` examples, definition
lists (a term, then its indented definition) and numpy-style underlined
section titles.  mkdocstrings renders docstrings as Markdown, where those
would show up as stray colons, run-together paragraphs or stray headings.
This griffe extension (named in ``mkdocs.yml``) rewrites each docstring
into the Markdown that says the same thing before mkdocstrings renders it:

* ``:role:`name``` (``func``, ``class``, ``meth``, ``attr``, ``mod``, ...;
  ``~`` shows only the last component, ``title <target>`` a title) becomes
  a code span linked to the object's API entry when the reference has one
  (an "optional" autorefs cross-reference: no warning when it has none);
* a paragraph ending in ``::`` and the indented block after it become the
  paragraph and a fenced code block; a ``>>>`` example becomes a fenced
  ``pycon`` block;
* a term followed by an indented definition becomes a Markdown definition
  list (the ``def_list`` extension); an underlined section title
  (``Parameters`` over ``----------``) becomes a bold line, not a heading;
* ``<`` and ``&`` in prose are escaped, so a docstring that mentions
  ``<meta>`` outside backticks does not inject a tag into the page.

The conversion, :func:`rst_to_markdown`, is a pure function of the text
(and of a resolver for names); ``tests/test_docs_rst.py`` tests it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["rst_to_markdown", "RstDocstrings"]

_ROLE = re.compile(
    r":(?:py:)?(?:func|class|meth|attr|mod|data|exc|obj|const|term):"
    r"`(?P<tilde>~?)(?P<body>[^`]+?)`")
_TITLED = re.compile(r"^(?P<title>.*?)\s*<(?P<target>[^<>]+)>$")
# An inline code span (``x`` or `x`): left alone by the prose escaping.
_CODE_SPAN = re.compile(r"(``.+?``|`[^`]+`)", re.DOTALL)
_UNDERLINE = re.compile(r"^\s*(-{3,}|={3,}|~{3,})\s*$")
_BULLET = re.compile(r"^\s*(?:[*+-]|\d+[.)])\s")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _context_indent(out: list[str]) -> int:
    """The indentation of the last non-blank line written (0 at the start)."""
    for line in reversed(out):
        if line.strip():
            return _indent(line)
    return 0


def _escape_prose(text: str) -> str:
    """Escape ``&`` and ``<`` outside code spans (and keep role placeholders)."""
    parts = _CODE_SPAN.split(text)
    for i in range(0, len(parts), 2):  # even parts are prose
        parts[i] = parts[i].replace("&", "&amp;").replace("<", "&lt;")
    return "".join(parts)


def _convert_inline(line: str, resolve: Callable[[str], str | None]) -> str:
    """Roles become autorefs; prose ``<`` and ``&`` are escaped."""
    refs: list[str] = []

    def role(match: re.Match[str]) -> str:
        body = match["body"].strip()
        titled = _TITLED.match(body)
        if titled:
            title, target = titled["title"], titled["target"]
        else:
            target = body
            title = target.rsplit(".", 1)[-1] if match["tilde"] else target
        target = target.lstrip("~.")
        head, _, rest = target.partition(".")
        full = resolve(head)
        identifier = f"{full}.{rest}" if full and rest else (full or target)
        code_title = title.replace("&", "&amp;").replace("<", "&lt;")
        refs.append(f'<autoref identifier="{identifier}" optional>'
                    f"<code>{code_title}</code></autoref>")
        return f"\x00{len(refs) - 1}\x00"

    line = _ROLE.sub(role, line).replace("`````", "`` ` ``")  # RST's literal backtick
    line = _escape_prose(line)
    return re.sub(r"\x00(\d+)\x00", lambda m: refs[int(m[1])], line)


def rst_to_markdown(text: str, resolve: Callable[[str], str | None] = lambda name: None) -> str:
    """The Markdown for one (dedented) docstring written in markup5's RST style.

    ``resolve(name)`` gives the full dotted path of a name used in a role
    (looked up in the docstring's scope), or None to keep it as written.
    """
    lines = text.expandtabs().split("\n")
    out: list[str] = []
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        stripped = line.strip()
        prev_blank = not out or not out[-1].strip()

        # A block after "::" (an RST literal block): fenced, as it is.
        if stripped.endswith("::") and not stripped.startswith(">>>"):
            head = line.rstrip()[:-2].rstrip()
            if head.strip():
                out.append(_convert_inline(head + ("" if line.rstrip()[-3:-2] == " " else ":"),
                                           resolve))
            base = _indent(line)
            j = i + 1
            while j < n and not lines[j].strip():
                j += 1
            block: list[str] = []
            while j < n and (not lines[j].strip() or _indent(lines[j]) > base):
                block.append(lines[j])
                j += 1
            while block and not block[-1].strip():
                block.pop()
            if block:
                inner = min(_indent(b) for b in block if b.strip())
                body = [b[inner:] for b in block]
                lang = "pycon" if body[0].lstrip().startswith(">>>") else "text"
                out.extend(["", " " * base + f"```{lang}"])
                out.extend((" " * base + b).rstrip() for b in body)
                out.extend([" " * base + "```", ""])
                i = j
                continue
            i += 1
            continue

        # A doctest block: the ">>>" lines and their output, up to a blank line.
        if stripped.startswith(">>>"):
            base = _indent(line)
            j = i
            block = []
            while j < n and lines[j].strip():
                block.append(lines[j][min(base, _indent(lines[j])):])
                j += 1
            if not prev_blank:
                out.append("")
            # An RST block quote (indented under a paragraph) is no code
            # block of its own in Markdown: the fence goes at the paragraph's
            # indentation.
            pad = " " * min(base, _context_indent(out))
            out.extend([pad + "```pycon"] + [(pad + b).rstrip() for b in block]
                       + [pad + "```", ""])
            i = j
            continue

        # An underlined section title: a bold line, not a heading.
        if stripped and i + 1 < n and _UNDERLINE.match(lines[i + 1]) and \
                len(lines[i + 1].strip()) >= len(stripped):
            if not prev_blank:
                out.append("")
            out.extend([" " * _indent(line) + f"**{_convert_inline(stripped, resolve)}**", ""])
            i += 2
            continue

        # A definition list item: a term line at a paragraph start, then
        # lines indented further (the definition).
        if (stripped and prev_blank and not _BULLET.match(line) and i + 1 < n
                and lines[i + 1].strip() and _indent(lines[i + 1]) > _indent(line)):
            base = _indent(line)
            j = i + 1
            block = []
            while j < n and (not lines[j].strip() or _indent(lines[j]) > base):
                block.append(lines[j])
                j += 1
            while block and not block[-1].strip():
                block.pop()
            inner = min(_indent(b) for b in block if b.strip())
            out.append(" " * base + _convert_inline(stripped, resolve))
            body = rst_to_markdown("\n".join(b[inner:] for b in block), resolve).split("\n")
            pad = " " * base
            out.append(pad + ":   " + body[0])
            out.extend((pad + "    " + b) if b.strip() else "" for b in body[1:])
            out.append("")
            i = j
            continue

        if stripped:
            # A run of prose lines, converted together (a code span or a
            # role may go over a line break).
            j = i + 1
            while (j < n and lines[j].strip() and not lines[j].lstrip().startswith(">>>")
                   and not lines[j].rstrip().endswith("::")
                   and not (j + 1 < n and _UNDERLINE.match(lines[j + 1]))):
                j += 1
            out.extend(_convert_inline("\n".join(lines[i:j]), resolve).split("\n"))
            i = j
            continue
        elif out and out[-1]:  # one blank line is enough (a fence may have added it)
            out.append("")
        i += 1
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out)


# The ignores below name "unused-ignore" too: mypy checks this file both
# where griffe (the docs extra) is installed and where it is not, and each
# error happens in only one of the two (tests/test_typing.py).
try:  # the griffe extension; the conversion above needs no griffe
    import griffe
except ImportError:  # pragma: no cover - docs tooling not installed
    griffe = None  # type: ignore[assignment, unused-ignore]  # (with griffe)


if griffe is not None:
    # (Without griffe, Extension is Any, which --strict will not subclass.)
    class RstDocstrings(griffe.Extension):  # type: ignore[misc, unused-ignore]
        """Rewrites every docstring of the loaded package with :func:`rst_to_markdown`."""

        def on_package(self, *, pkg: Any, **kwargs: Any) -> None:
            stack = [pkg]
            seen: set[int] = set()
            while stack:
                obj = stack.pop()
                if id(obj) in seen:
                    continue
                seen.add(id(obj))
                if obj.docstring is not None:
                    obj.docstring.value = rst_to_markdown(obj.docstring.value,
                                                          _resolver(obj))
                stack.extend(member for member in obj.members.values() if not member.is_alias)


def _resolver(obj: Any) -> Callable[[str], str | None]:
    def resolve(name: str) -> str | None:
        if name.startswith("markup5"):
            return name
        scope = obj if obj.is_class or obj.is_module else obj.parent
        try:
            return str(scope.resolve(name))
        except Exception:  # griffe's NameResolutionError, or an unresolvable alias
            return None
    return resolve
