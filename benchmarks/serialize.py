"""Serialization throughput: markup5.serialize on the corpus' parsed trees,
against html5lib's serializer and justhtml's ``to_html``.

Usage::

    python benchmarks/serialize.py [DIR] [--rounds N] [--json]

Every ``.html`` file in DIR (default ``../shared/corpus/readability``) is
parsed once beforehand by each library; what is timed is turning those
trees back into HTML strings.  MB/s is measured against the size of the
*input* corpus in UTF-8 (the same number for everyone), each contender
serializing every tree once per round, rounds interleaved and timed in CPU
time; the median counts.  Peers that are not installed are skipped.
"""

from __future__ import annotations

from collections.abc import Sequence

from _harness import (Runner, corpus_arguments, parse_corpus_arguments, cpu_rounds, load,
                      megabytes, table)

import markup5  # noqa: E402  (the harness puts src/ on the path)


def contenders(texts: list[str], skipped: list[str]) -> list[tuple[str, Runner]]:
    documents = [markup5.parse(text) for text in texts]

    def run_markup5(_texts: list[str]) -> None:
        serialize = markup5.serialize
        for document in documents:
            serialize(document)

    found: list[tuple[str, Runner]] = [("markup5.serialize", run_markup5)]
    try:
        from justhtml import JustHTML
    except ImportError:
        skipped.append("justhtml")
    else:
        trees = [JustHTML(text, sanitize=False) for text in texts]

        def run_justhtml(_texts: list[str]) -> None:
            for tree in trees:
                tree.to_html(pretty=False)
        try:
            run_justhtml(texts)
        except (TypeError, ValueError) as exc:
            # justhtml refuses to serialize some trees of the corpus (an
            # attribute name it deems unsafe): it cannot do the same job.
            skipped.append(f"justhtml ({type(exc).__name__}: {exc})")
        else:
            found.append(("justhtml", run_justhtml))
    try:
        import html5lib
    except ImportError:
        skipped.append("html5lib")
    else:
        walker = html5lib.getTreeWalker("etree")
        serializer = html5lib.serializer.HTMLSerializer(omit_optional_tags=False)
        etrees = [html5lib.parse(text) for text in texts]

        def run_html5lib(_texts: list[str]) -> None:
            for tree in etrees:
                serializer.render(walker(tree))
        found.append(("html5lib", run_html5lib))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    ap = corpus_arguments(__doc__.splitlines()[0])
    args = parse_corpus_arguments(ap, argv)
    texts = load(args.directory)
    size = megabytes(texts)
    skipped: list[str] = []
    runners = contenders(texts, skipped)
    result = table(f"serialize ({len(texts)} files)", cpu_rounds(runners, texts, args.rounds),
                   size, [("markup5.serialize", "html5lib", None),
                          ("markup5.serialize", "justhtml", None)],
                   as_json=args.json, skipped=skipped, extra={"markup5": markup5.__file__})
    if not args.json:
        speed = result["contenders"]["markup5.serialize"]["mb_per_s"]
        print(f"  markup5.serialize goal >= 30 MB/s: {'met' if speed >= 30 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
