"""Loading the html5lib-tests tree-construction fixtures (``*.dat``).

The format is described in
``fixtures/html5lib-tests/tree-construction/README.md``.  Each test is a
run of sections (``#description``, ``#data``, ``#errors``,
``#new-errors``, ``#document-fragment``, ``#script-off`` / ``#script-on``,
``#document``); tests are separated by a blank line.  Text in the
``#data`` and ``#document`` sections may itself hold blank lines, so a
blank line separates tests only when the next line starts a test
(``#data`` or ``#description``) or nothing but blank lines follow.

Files are read as bytes and split on LF only: some fixtures hold raw CR,
NUL and other control characters that must reach the parser unchanged.

Also here: :func:`parse_dump`, which rebuilds a DOM from an expected
``#document`` dump, used to check :func:`markup5.treedump.dump_tree`
against every fixture without needing the parser.
"""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures" / "html5lib-tests" / "tree-construction"
SCRIPTED = FIXTURES / "scripted"

_TEST_STARTS = ("#data", "#description")
_AFTER_ERRORS = ("#new-errors", "#document-fragment", "#script-off", "#script-on",
                 "#document")


class Case:
    """One tree-construction test.  ``index`` counts from 0 within its file."""

    __slots__ = ("file", "index", "description", "data", "errors", "new_errors",
                 "fragment_context", "script", "document")

    def __init__(self, file, index):
        self.file = file
        self.index = index
        self.description = None
        self.data = ""
        self.errors = []
        self.new_errors = []
        self.fragment_context = None
        self.script = None
        self.document = ""

    def modes(self):
        """The scripting flags this case runs with."""
        if self.script == "on":
            return (True,)
        if self.script == "off":
            return (False,)
        return (False, True)

    def id(self, scripting):
        return f"{self.file}:{self.index}:{'script-on' if scripting else 'script-off'}"

    def __repr__(self):
        return f"<Case {self.file}:{self.index}>"


def _split_tests(lines):
    """Group ``lines`` into tests (lists of lines, separators dropped)."""
    tests = []
    current = []
    n = len(lines)
    i = 0
    while i < n:
        line = lines[i]
        if line == "":
            j = i + 1
            while j < n and lines[j] == "":
                j += 1
            at_end = j == n
            if at_end or (lines[i + 1] in _TEST_STARTS and current):
                if current:
                    tests.append(current)
                current = []
                i = i + 1 if not at_end else n
                continue
        current.append(line)
        i += 1
    if current:
        tests.append(current)
    return tests


def _parse_test(file, index, lines):
    case = Case(file, index)
    i = 0
    n = len(lines)

    def take_until(stops):
        nonlocal i
        start = i
        while i < n and lines[i] not in stops:
            i += 1
        return lines[start:i]

    if lines[i] == "#description":
        i += 1
        case.description = "\n".join(take_until(("#data",)))
    if i >= n or lines[i] != "#data":
        raise ValueError(f"{file} test {index}: expected #data, got {lines[i:i + 1]}")
    i += 1
    case.data = "\n".join(take_until(("#errors",)))
    if i >= n:
        raise ValueError(f"{file} test {index}: no #errors section")
    i += 1
    case.errors = take_until(_AFTER_ERRORS)
    while i < n and lines[i] != "#document":
        header = lines[i]
        i += 1
        if header == "#new-errors":
            case.new_errors = take_until(_AFTER_ERRORS)
        elif header == "#document-fragment":
            case.fragment_context = lines[i]
            i += 1
        elif header == "#script-on":
            case.script = "on"
        elif header == "#script-off":
            case.script = "off"
        else:
            raise ValueError(f"{file} test {index}: unexpected line {header!r}")
    if i >= n:
        raise ValueError(f"{file} test {index}: no #document section")
    case.document = "\n".join(lines[i + 1:])
    return case


def load_file(path):
    text = Path(path).read_bytes().decode("utf-8")
    return [_parse_test(Path(path).name, index, test)
            for index, test in enumerate(_split_tests(text.split("\n")))]


def load_cases():
    """Every case of every ``*.dat`` file (not the ``scripted/`` ones)."""
    cases = []
    for path in sorted(FIXTURES.glob("*.dat")):
        cases.extend(load_file(path))
    return cases


def scripted_files():
    return sorted(p.name for p in SCRIPTED.glob("*.dat"))


# Rebuilding a DOM from a dump ------------------------------------------------

def _line_depth(line):
    """(depth, content) of a dump line starting with "| ", else None."""
    if not line.startswith("| "):
        return None
    body = line[2:]
    stripped = body.lstrip(" ")
    spaces = len(body) - len(stripped)
    return spaces // 2, body[spaces // 2 * 2:]


def parse_dump(document):
    """Rebuild a DOM (a DocumentFragment) from a ``#document`` dump.

    The format is ambiguous in corner cases (text holding newlines followed
    by "| ", attribute names starting with a quote, tag names holding
    ``="``); this reader only has to rebuild a tree that dumps back to the
    same lines.  A node that spans several lines (text, comment, PI or
    attribute value holding newlines) continues until a line closes it.
    """
    from markup5.dom import (
        MATHML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE,
        XMLNS_NAMESPACE, Comment, DocumentFragment, DocumentType, Element,
        ProcessingInstruction, Text,
    )
    attr_namespaces = {"xlink": XLINK_NAMESPACE, "xml": XML_NAMESPACE,
                       "xmlns": XMLNS_NAMESPACE}
    root = DocumentFragment()
    lines = document.split("\n") if document else []
    stack = [root]          # stack[d] is the parent of the nodes at depth d
    last_element = None     # the element whose attribute lines may follow
    i = 0
    n = len(lines)

    def gather(first, complete):
        """``first`` joined with the continuation lines up to the one that
        makes ``complete(text)`` true."""
        nonlocal i
        text = first
        while not complete(text):
            i += 1
            text += "\n" + lines[i]
        return text

    def attribute_complete(text):
        value = text.partition('="')[2]
        return len(value) >= 1 and value.endswith('"')

    while i < n:
        parsed = _line_depth(lines[i])
        if parsed is None:
            raise ValueError(f"bad dump line {lines[i]!r}")
        depth, body = parsed
        del stack[depth + 1:]
        parent = stack[depth]
        if parent is last_element and '="' in body and not (
                body.startswith(("<!-- ", "<?", "<!DOCTYPE "))
                or (body.startswith('"') and len(body) >= 2 and body.endswith('"'))
                or (body.startswith("<") and body.endswith(">") and '="' not in body)):
            whole = gather(body, attribute_complete)
            name, _, value = whole.partition('="')
            value = value[:-1]
            designator, space, local = name.partition(" ")
            if space and designator in attr_namespaces:
                qualified = local if name == "xmlns xmlns" else f"{designator}:{local}"
                last_element.attrs[qualified] = value
                last_element.set_attr_namespace(qualified, attr_namespaces[designator])
            else:
                last_element.attrs[name] = value
            i += 1
            continue
        last_element = None
        if body == "content" and isinstance(parent, Element) \
                and parent.template_contents is not None:
            stack.append(parent.template_contents)
            i += 1
            continue
        if body.startswith('"'):
            whole = gather(body, lambda t: len(t) >= 2 and t.endswith('"'))
            node = Text(whole[1:-1])
        elif body.startswith("<!-- "):
            whole = gather(body, lambda t: len(t) >= 9 and t.endswith(" -->"))
            node = Comment(whole[5:-4])
        elif body.startswith("<!DOCTYPE "):
            inner = body[len("<!DOCTYPE "):-1]
            if inner.endswith('"') and ' "' in inner:
                name, _, rest = inner.partition(' "')
                public_id, _, system_id = rest.partition('" "')
                node = DocumentType(name, public_id, system_id[:-1])
            else:
                node = DocumentType(inner)
        elif body.startswith("<?"):
            whole = gather(body, lambda t: len(t) >= 6 and " " in t and t.endswith("?>"))
            target, _, data = whole[2:-2].partition(" ")
            node = ProcessingInstruction(target, data)
        elif body.startswith("<") and body.endswith(">"):
            name = body[1:-1]
            if name.startswith("svg "):
                node = Element(name[4:], namespace=SVG_NAMESPACE)
            elif name.startswith("math "):
                node = Element(name[5:], namespace=MATHML_NAMESPACE)
            else:
                node = Element(name)
            last_element = node
        else:
            raise ValueError(f"bad dump line {lines[i]!r}")
        # Linked directly, not with append_child(): a dump may hold what the
        # DOM's insertion checks refuse (a doctype in a fragment root).
        node.parent = parent
        parent.children.append(node)
        stack.append(node)
        i += 1
    return root
