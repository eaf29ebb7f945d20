"""Print how markup5.parse_xml and lxml (recover=True) repair malformed XML.

    python tools/xml_recovery.py

For each example: the input, markup5's repaired document
(``serialize_xml``) and its parse error codes, and lxml's tree
(``lxml.etree.tostring`` of what ``XMLParser(recover=True)`` returns) and
the number of errors libxml2 logged.  ``docs/xml-recovery.md`` shows the
output.  lxml is optional (``pip install '.[lxml]'``); without it only
markup5's side is printed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from markup5.xml import parse_xml, serialize_xml  # noqa: E402

try:
    import lxml.etree as LET
except ImportError:  # optional
    LET = None

EXAMPLES: dict[str, str | bytes] = {
    "truncated": '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Fish &amp; ch',
    "missing end tags": "<doc><p>one<p>two</doc>",
    "overlapping": "<a><b>bold <i>both</b> italic</i></a>",
    "stray & and <": "<p>Fish & chips, 1 < 2 &amp; &nbsp; &copy</p>",
    "undeclared prefix": '<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="#a"/></svg>',
    "duplicate attribute": '<a x="1" x="2" y=unquoted/>',
    "junk after the root": "<a>one</a><b>two</b> text",
    "bad bytes": b"<a>caf\xe9 \x01 ok</a>",
    "unclosed comment": "<a><!-- note <b>x</b></a>",
}


def markup5_side(data: str | bytes) -> tuple[str, str]:
    document = parse_xml(data)
    codes = ", ".join(dict.fromkeys(error.code for error in document.errors))
    return serialize_xml(document), codes or "(none)"


def lxml_side(data: str | bytes) -> tuple[str, str]:
    raw = data if isinstance(data, bytes) else data.encode("utf-8")
    parser = LET.XMLParser(recover=True)
    try:
        root = LET.fromstring(raw, parser)
    except LET.XMLSyntaxError as exc:
        return f"(raises XMLSyntaxError: {exc})", "-"
    tree = "(no tree)" if root is None else LET.tostring(root, encoding="unicode")
    return tree, str(len(parser.error_log))


def main() -> int:
    for name, data in EXAMPLES.items():
        tree, codes = markup5_side(data)
        print(f"{name}\n  input:   {data!r}\n  markup5: {tree!r}\n           errors: {codes}")
        if LET is not None:
            tree, count = lxml_side(data)
            print(f"  lxml:    {tree!r}\n           errors logged: {count}")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
