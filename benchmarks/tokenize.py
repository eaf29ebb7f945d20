"""Tokenizer throughput: markup5 against html5lib's tokenizer and html.parser.

Usage::

    python benchmarks/tokenize.py [DIR] [--rounds N] [--json]

DIR defaults to ``../shared/corpus/readability`` (relative to the project
root) when it exists.  Every ``.html`` file in DIR is decoded as UTF-8 with
replacement.  Each contender tokenizes the whole corpus ``--rounds`` times
(default 5), rounds interleaved so that machine noise hits everyone alike,
each timed in CPU time; the median round counts.  Peers that are not installed are reported as skipped
(``pip install html5lib`` for the html5lib tokenizer).

Contenders:

* ``markup5.tokenize``: the tokenizer with the text-element feedback (script
  and style contents are script data / RAWTEXT), the like of what
  ``html.parser`` does with them;
* ``markup5.Tokenizer``: the raw state machine, no feedback;
* ``html5lib tokenizer``: ``html5lib._tokenizer.HTMLTokenizer``, raw;
* ``html.parser``: the standard library's ``HTMLParser(convert_charrefs=True)``
  with no-op handlers.
"""

from __future__ import annotations

import html.parser
from collections.abc import Sequence

from _harness import (Runner, corpus_arguments, parse_corpus_arguments, cpu_rounds, load,
                      megabytes, table)

import markup5  # noqa: E402  (the harness puts src/ on the path)


def run_markup5_tokenize(texts: list[str]) -> None:
    for text in texts:
        for _ in markup5.tokenize(text):
            pass


def run_markup5_raw(texts: list[str]) -> None:
    for text in texts:
        for _ in markup5.Tokenizer(text):
            pass


def run_html_parser(texts: list[str]) -> None:
    for text in texts:
        parser = html.parser.HTMLParser(convert_charrefs=True)
        parser.feed(text)
        parser.close()


def contenders(skipped: list[str]) -> list[tuple[str, Runner]]:
    found: list[tuple[str, Runner]] = [("markup5.tokenize", run_markup5_tokenize),
                                       ("markup5.Tokenizer (raw)", run_markup5_raw),
                                       ("html.parser", run_html_parser)]
    try:
        from html5lib._tokenizer import HTMLTokenizer
    except ImportError:
        skipped.append("html5lib tokenizer")
    else:
        def run_html5lib(texts: list[str]) -> None:
            for text in texts:
                for _ in HTMLTokenizer(text):
                    pass
        found.append(("html5lib tokenizer", run_html5lib))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    ap = corpus_arguments(__doc__.splitlines()[0])
    args = parse_corpus_arguments(ap, argv)
    texts = load(args.directory)
    size = megabytes(texts)
    skipped: list[str] = []
    runners = contenders(skipped)
    table(f"tokenize ({len(texts)} files)", cpu_rounds(runners, texts, args.rounds), size, [
        ("markup5.tokenize", "html5lib tokenizer", 7.0),
        ("markup5.tokenize", "html.parser", 2.0),
        ("markup5.Tokenizer (raw)", "html5lib tokenizer", None),
        ("markup5.Tokenizer (raw)", "html.parser", None)],
        as_json=args.json, skipped=skipped, extra={"markup5": markup5.__file__})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
