"""The ``markup5`` command line (also ``python -m markup5``).

::

    markup5 parse FILE|-      the document as HTML (--tree: the html5lib-tests dump,
                              --pretty: indented where whitespace does not matter)
    markup5 text FILE|-       the text a reader sees (--all: every text node)
    markup5 xml FILE|-        an XML document parsed with XML5 error recovery, as XML
    markup5 tokenize FILE|-   one JSON token per line (html5lib-tests format)
    markup5 trace STRING      the tokenizer's steps, as the walkthrough's tables
    markup5 check FILE|-      the parse errors and conformance errors, one per line
                              (FILE:LINE:COL: severity: code: message; --format json|gnu);
                              exit 1 if any error (--xml, --tokenizer-only: parse errors)
    markup5 select CSS FILE|- the elements matching a CSS selector, one per line
                              (--text: their text); exit 1 if none
    markup5 sanitize FILE|-   untrusted HTML made safe (markup5.sanitize), as HTML
                              (--policy FILE: a Policy's JSON form; --context td;
                              --document: a whole document)

HTML input is bytes, decoded as a browser decodes them: a byte order mark,
else ``--encoding`` (a WHATWG encoding label, taken as a Content-Type charset
would be), else a ``<meta charset>`` (or XML declaration) in the first 1024
bytes, else UTF-8 if the bytes are valid UTF-8 and not all ASCII (the
autodetection browsers do for local files; ``--no-detect`` skips it), else
windows-1252; ``parse``, ``text`` and ``check`` also honour a later
``<meta>`` while the encoding is tentative.  XML input is bytes too, decoded
as an XML parser in a browser does (:mod:`markup5.xml.encoding`): a byte
order mark, else ``--encoding`` (a WHATWG label), else the XML
declaration's ``encoding``, else UTF-8; bytes that do not decode are parse
errors (``check --xml`` lists them).

Exit status: 0 on success, 1 when ``check`` found errors, 2 for usage
errors, unreadable files, unknown encodings and bad policy files (one line
on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import codecs
import io
import json
import sys
from typing import TYPE_CHECKING, NoReturn, TextIO

from . import __version__
from .encoding import decode as decode_bytes
from .encoding import get_encoding
from .dom import Document, DocumentFragment, Node
from .html.feedback import TokenStream, decode_html_bytes, tokenize
from .html.parser import parse, parse_fragment
from .html.serializer import serialize
from .treedump import dump_tree_lines
from .xml import parse_xml, serialize_xml
from .html.states import State
from .html.trace import format_trace, trace
from .text import inner_texts

if TYPE_CHECKING:  # (markup5.sanitize is imported by its command only)
    from .sanitize import Policy

__all__ = ["main"]


class CommandError(Exception):
    """A problem to report in one line, with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One clear line instead of argparse's usage block.
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _state(value: str) -> State:
    try:
        return State.lookup(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _read_bytes(path: str) -> tuple[str, bytes]:
    """Read FILE (or stdin for "-"); returns (display name, bytes)."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            return name, sys.stdin.buffer.read()
        with open(path, "rb") as f:
            return name, f.read()
    except OSError as exc:
        raise CommandError(f"{name}: cannot read: {exc.strerror or exc}") from None


def _html_encoding(args: argparse.Namespace) -> str | None:
    """The --encoding label for HTML input, checked (None: sniff)."""
    if args.encoding is None:
        return None
    try:
        return get_encoding(args.encoding).name
    except ValueError:
        raise CommandError(f"unknown encoding {args.encoding!r} (a WHATWG encoding label, "
                           f"e.g. utf-8, windows-1252, shift_jis)") from None


def _read_html_text(args: argparse.Namespace) -> tuple[str, str]:
    """FILE decoded as HTML bytes are, without a tree builder (the sniffing
    algorithm; no later <meta> can change the encoding)."""
    encoding = _html_encoding(args)
    name, data = _read_bytes(args.file)
    return name, decode_html_bytes(data, transport_encoding=encoding,
                                   detect=getattr(args, "detect", True))


def _read_xml(args: argparse.Namespace) -> tuple[str, Document]:
    """FILE parsed as XML: bytes, decoded as :func:`parse_xml` decodes them
    (a BOM, else ``--encoding``, else the XML declaration, else UTF-8);
    returns (display name, document)."""
    encoding = _html_encoding(args)  # a WHATWG label, checked the same way
    name, data = _read_bytes(args.file)
    return name, parse_xml(data, transport_encoding=encoding,
                           process_dtd=getattr(args, "dtd", True))


def _add_input(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the HTML file, or - for standard input")
    parser.add_argument("--encoding", metavar="LABEL",
                        help="character encoding of FILE, a WHATWG label (default: sniffed as a "
                             "browser does; XML: the XML declaration, else utf-8); a BOM wins")


def _add_dtd_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-dtd", dest="dtd", action="store_false",
                        help="XML: read past the DOCTYPE's internal subset without applying it "
                             "(no entity expanded, no attribute default added)")


def _add_tokenizer_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--state", type=_state, default=State.DATA,
                        help='initial tokenizer state, e.g. "RCDATA state" (default: data)')
    parser.add_argument("--last-start-tag", metavar="NAME",
                        help="the last start tag, for end tags in RCDATA/RAWTEXT/script data")
    parser.add_argument("--raw", action="store_true",
                        help="no tree-builder feedback (script, style, title... are not "
                             "special)")
    parser.add_argument("--scripting", action="store_true",
                        help="scripting on: <noscript> content is raw text")
    parser.add_argument("--no-processing-instructions", dest="processing_instructions",
                        action="store_false",
                        help="<? opens a bogus comment, as before 2026")


def _add_parser_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fragment", metavar="CONTEXT",
                        help='parse as a fragment in this context element ("td", "svg path")')
    parser.add_argument("--scripting", action="store_true",
                        help="scripting flag on (<noscript> content is raw text)")
    parser.add_argument("--no-processing-instructions", dest="processing_instructions",
                        action="store_false", help="<? opens a bogus comment, as before 2026")
    parser.add_argument("--no-reconstruction-limit", dest="reconstruction_limit",
                        action="store_false",
                        help="copy formatting elements without bound, as the standard does "
                             "(for trusted input: the tree can be quadratic in it)")
    parser.add_argument("--no-detect", dest="detect", action="store_false",
                        help="no encoding autodetection: bytes that declare no encoding are "
                             "windows-1252, the standard's default (default: UTF-8 when they "
                             "are valid UTF-8, as browsers do for local files)")


def _tokens(args: argparse.Namespace, text: str) -> TokenStream:
    return tokenize(text, initial_state=args.state, last_start_tag=args.last_start_tag,
                    processing_instructions=args.processing_instructions,
                    scripting=args.scripting, feedback=not args.raw)


def _cmd_tokenize(args: argparse.Namespace, out: TextIO) -> int:
    _, text = _read_html_text(args)
    stream = _tokens(args, text)
    write = out.write
    for token in stream:
        write(json.dumps(token.as_list(), ensure_ascii=False))
        write("\n")
    if args.errors:
        for error in stream.errors:
            sys.stderr.write(f"{error.line}:{error.col}: {error.code}\n")
    return 0


def _parse(args: argparse.Namespace, data: bytes) -> Document | DocumentFragment:
    encoding = _html_encoding(args)
    if args.fragment is not None:
        # A fragment has no encoding declaration of its own: UTF-8 unless
        # --encoding says otherwise (a BOM wins).
        text = decode_bytes(data, encoding or "UTF-8")
        try:
            return parse_fragment(text, args.fragment, scripting=args.scripting,
                                  processing_instructions=args.processing_instructions,
                                  reconstruction_limit=args.reconstruction_limit)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
    return parse(data, scripting=args.scripting,
                 processing_instructions=args.processing_instructions,
                 transport_encoding=encoding, reconstruction_limit=args.reconstruction_limit,
                 detect=args.detect)


#: The tree dump is written in pieces of about this many characters.
_DUMP_PIECE = 1 << 16


def _write_tree(node: Node, out: TextIO) -> None:
    """Write the tree dump of ``node`` and a newline, as its lines are
    made.  The format indents every line by its node's depth, so a deep
    tree's dump is longer than its document by a factor of the depth
    (``<div>`` x 20,000, 100 KB, dump to 400 MB): written in pieces, the
    dump never has to be held whole."""
    piece: list[str] = []
    size = 0
    written = False
    for line in dump_tree_lines(node):
        piece.append(line)
        size += len(line) + 1
        if size >= _DUMP_PIECE:
            out.write("\n".join(piece) + "\n")
            piece.clear()
            size = 0
            written = True
    if piece or not written:  # (an empty dump is a newline, as before)
        out.write("\n".join(piece) + "\n")


def _cmd_parse(args: argparse.Namespace, out: TextIO) -> int:
    _, data = _read_bytes(args.file)
    node = _parse(args, data)
    if args.tree:
        _write_tree(node, out)
    else:
        out.write(serialize(node, scripting=args.scripting, pretty=args.pretty) + "\n")
    return 0


def _cmd_text(args: argparse.Namespace, out: TextIO) -> int:
    _, data = _read_bytes(args.file)
    node = _parse(args, data)
    result = node.get_text(args.separator, strip=args.strip) if args.all else node.text
    out.write(result + "\n" if result else "")
    return 0


def _cmd_xml(args: argparse.Namespace, out: TextIO) -> int:
    _, doc = _read_xml(args)
    if args.tree:
        _write_tree(doc, out)
    else:
        out.write(serialize_xml(doc, pretty=args.pretty) + "\n")
    return 0


def _cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    from .conformance import Message, check, format_messages
    if args.xml:
        name, doc = _read_xml(args)
        errors = doc.errors
    elif args.tokenizer_only:
        name, text = _read_html_text(args)
        stream = _tokens(args, text)
        for _ in stream:
            pass
        errors = stream.errors
    elif args.fragment is not None:
        name, data = _read_bytes(args.file)
        errors = _parse(args, data).errors
    else:
        # A document: the conformance checker (parse errors first).
        name, data = _read_bytes(args.file)
        document = parse(data, scripting=args.scripting,
                         processing_instructions=args.processing_instructions,
                         transport_encoding=_html_encoding(args),
                         reconstruction_limit=args.reconstruction_limit,
                         detect=args.detect, source_locations=True)
        messages = check(document)
        out.write(format_messages(messages, name, args.format or "text"))
        return 1 if any(m.severity == "error" for m in messages) else 0
    # Parse errors only (--xml, --tokenizer-only, --fragment).
    if args.format is None:
        for error in errors:
            out.write(f"{name}:{error.line}:{error.col}: {error.code}\n")
    else:
        out.write(format_messages(
            [Message(e.code, "error", f"Parse error: {e.code}.", e.line, e.col, e.line, e.col,
                     e.offset) for e in errors], name, args.format))
    return 1 if errors else 0


def _cmd_trace(args: argparse.Namespace, out: TextIO) -> int:
    steps = trace(args.string, initial_state=args.state, last_start_tag=args.last_start_tag,
                  processing_instructions=args.processing_instructions,
                  feedback=not args.raw, scripting=args.scripting)
    if args.json:
        for step in steps:
            out.write(json.dumps({
                "input": step.input, "before": step.before.spec_name,
                "after": step.after.spec_name,
                "emitted": [t.as_list() for t in step.emitted], "changes": list(step.changes),
            }, ensure_ascii=False) + "\n")
    else:
        out.write(format_trace(steps) + "\n")
    return 0


def _namespace(value: str) -> tuple[str, str]:
    prefix, sep, uri = value.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected PREFIX=URI, got {value!r}")
    return prefix, uri


def _cmd_select(args: argparse.Namespace, out: TextIO) -> int:
    from .selectors import compile as compile_selector
    try:
        selector = compile_selector(args.selector, dict(args.namespace or ()))
    except ValueError as exc:
        raise CommandError(f"bad selector: {exc}") from None
    node: Document | DocumentFragment
    if args.xml:
        _, node = _read_xml(args)
    else:
        _, data = _read_bytes(args.file)
        node = _parse(args, data)
    found = selector.select(node)
    write = out.write
    # (--text: each match's text as `markup5 text` prints it, element.text,
    # all worked out in one walk: inner_texts.)
    texts = inner_texts(node, found) if args.text else []
    for i, element in enumerate(found):
        if args.text:
            write(texts[i])
        elif args.xml:
            write(serialize_xml(element))
        else:
            write(element.to_html())
        write("\n")
    return 0 if found else 1


def _read_policy(path: str) -> Policy:
    """The Policy of a JSON file (``Policy.to_json``'s form); a file that
    cannot be read or is not such a policy is a CommandError."""
    from .sanitize import Policy
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise CommandError(f"{path}: cannot read the policy: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: the policy file is not UTF-8") from None
    try:
        return Policy.from_json(text)
    except (ValueError, TypeError) as exc:  # (json.JSONDecodeError is a ValueError)
        raise CommandError(f"{path}: bad policy: {exc}") from None


def _cmd_sanitize(args: argparse.Namespace, out: TextIO) -> int:
    from .sanitize import Sanitizer
    policy = _read_policy(args.policy) if args.policy is not None else None
    sanitizer = Sanitizer(policy)
    _, data = _read_bytes(args.file)
    encoding = _html_encoding(args)
    if args.document:
        # Bytes decoded as `parse` decodes a document (a <meta charset>,
        # autodetection unless --no-detect).
        result = sanitizer.sanitize_document(parse(data, transport_encoding=encoding,
                                                   detect=args.detect))
    else:
        # A fragment, as for parse --fragment: UTF-8 unless --encoding says
        # otherwise (a BOM wins).
        try:
            result = sanitizer.sanitize(decode_bytes(data, encoding or "UTF-8"),
                                        context=args.context)
        except ValueError as exc:  # a context whose content is not markup
            raise CommandError(str(exc)) from None
    # One newline at the end, unless the output has one: sanitizing the
    # output again gives it back unchanged.
    out.write(result if result.endswith("\n") or not result else result + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="markup5", description="Browser-grade HTML parsing.")
    parser.add_argument("--version", action="version", version=f"markup5 {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    p = commands.add_parser("parse", help="parse a document; print it as HTML")
    _add_input(p)
    _add_parser_options(p)
    output = p.add_mutually_exclusive_group()
    output.add_argument("--tree", action="store_true",
                        help="print the html5lib-tests tree dump instead of HTML")
    output.add_argument("--pretty", action="store_true",
                        help="indent the HTML where whitespace does not matter")
    p.set_defaults(run=_cmd_parse)

    p = commands.add_parser("text", help="print the text of a document, as a reader sees it")
    _add_input(p)
    _add_parser_options(p)
    p.add_argument("--all", action="store_true",
                   help="every text node (not in script/style) instead of the rendered text")
    p.add_argument("--separator", default="", metavar="S",
                   help="with --all: put S between the text nodes")
    p.add_argument("--strip", action="store_true",
                   help="with --all: strip each text node, drop empty ones")
    p.set_defaults(run=_cmd_text)

    p = commands.add_parser("xml", help="parse XML with XML5 error recovery; print it as XML")
    _add_input(p)
    p.add_argument("--tree", action="store_true",
                   help="print the xml5lib-tests tree dump instead of XML")
    p.add_argument("--pretty", action="store_true",
                   help="indent element-only content (no significant white space changes)")
    _add_dtd_option(p)
    p.set_defaults(run=_cmd_xml)

    p = commands.add_parser("tokenize", help="print one JSON token per line")
    _add_input(p)
    _add_tokenizer_options(p)
    p.add_argument("--errors", action="store_true", help="also print parse errors to stderr")
    p.add_argument("--no-detect", dest="detect", action="store_false",
                   help="no encoding autodetection, as for parse")
    p.set_defaults(run=_cmd_tokenize)

    p = commands.add_parser("trace", help="show the tokenizer's steps on a string")
    p.add_argument("string", metavar="STRING", help="the markup to trace")
    _add_tokenizer_options(p)
    p.add_argument("--json", action="store_true", help="one JSON object per step")
    p.set_defaults(run=_cmd_trace)

    p = commands.add_parser("check", help="check a document's conformance to the HTML "
                            "standard (parse errors first); exit 1 on errors")
    p.add_argument("--format", choices=("text", "json", "gnu"), default=None,
                   help="text (FILE:LINE:COL: severity: code: message, the default), "
                   "json (as vnu --format json) or gnu (FILE:LINE.COL-LINE.COL: severity: "
                   "message)")
    _add_input(p)
    _add_parser_options(p)
    p.add_argument("--xml", action="store_true", help="check the file as XML (XML5)")
    _add_dtd_option(p)
    p.add_argument("--tokenizer-only", action="store_true",
                   help="only the tokenizer's errors (with --state, --last-start-tag, --raw)")
    p.add_argument("--state", type=_state, default=State.DATA, help=argparse.SUPPRESS)
    p.add_argument("--last-start-tag", metavar="NAME", help=argparse.SUPPRESS)
    p.add_argument("--raw", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(run=_cmd_check)

    p = commands.add_parser("select", help="print the elements matching a CSS selector")
    p.add_argument("selector", metavar="CSS", help='a CSS selector list, e.g. "article a[href]"')
    _add_input(p)
    _add_parser_options(p)
    p.add_argument("--text", action="store_true",
                   help="print each match's text, as 'markup5 text' does, instead of its HTML")
    p.add_argument("--xml", action="store_true", help="parse FILE as XML (XML5)")
    p.add_argument("--namespace", "--ns", metavar="PREFIX=URI", type=_namespace,
                   action="append", help="declare a namespace prefix for ns|name selectors")
    p.set_defaults(run=_cmd_select)

    p = commands.add_parser("sanitize", help="make untrusted HTML safe; print it as HTML")
    _add_input(p)
    p.add_argument("--policy", metavar="FILE",
                   help="a JSON policy (Policy.to_json's form; default: DEFAULT_POLICY)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--context", default="div", metavar="ELEMENT",
                       help='the element FILE is the content of, as for innerHTML '
                            '(default: "div"; e.g. "td", "tr", "ul")')
    where.add_argument("--document", action="store_true",
                       help="FILE is a whole document (sanitize_document)")
    p.add_argument("--no-detect", dest="detect", action="store_false",
                   help="with --document: no encoding autodetection, as for parse")
    p.set_defaults(run=_cmd_sanitize)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    out = sys.stdout
    strict_utf8 = out if (isinstance(out, io.TextIOWrapper) and out.errors == "strict"
                          and codecs.lookup(out.encoding).name == "utf-8") else None
    if strict_utf8 is not None:
        # A file name or argument with bytes the locale cannot decode holds
        # lone surrogates (surrogateescape), the only characters a UTF-8
        # stdout refuses: they are written as the bytes they stand for, not
        # as a traceback (and exit status 1, which for check means "errors
        # found").  Other encodings stay strict: a character they cannot
        # hold is an error, not output quietly changed.
        strict_utf8.reconfigure(errors=_SURROGATES)
    try:
        status: int = args.run(args, out)
        return status
    except CommandError as exc:
        sys.stderr.write(f"markup5: {exc}\n")
        return 2
    except BrokenPipeError:  # e.g. piped into head
        return 0
    except UnicodeEncodeError as exc:  # e.g. PYTHONIOENCODING=ascii
        sys.stderr.write(f"markup5: the output's encoding ({exc.encoding}) cannot hold "
                         f"{exc.object[exc.start:exc.end]!r}; set PYTHONIOENCODING=utf-8\n")
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        if strict_utf8 is not None:
            strict_utf8.reconfigure(errors="strict")


def _write_surrogates(error: UnicodeError) -> tuple[str | bytes, int]:
    """The ``markup5-surrogates`` error handler: surrogateescape's bytes
    for the surrogates it makes (U+DC80..U+DCFF), a backslash escape for
    any other."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    try:
        return codecs.lookup_error("surrogateescape")(error)
    except UnicodeEncodeError:
        return codecs.lookup_error("backslashreplace")(error)


_SURROGATES = "markup5-surrogates"
codecs.register_error(_SURROGATES, _write_surrogates)


if __name__ == "__main__":
    raise SystemExit(main())
