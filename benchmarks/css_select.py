"""CSS selector matching speed: markup5's select() over the corpus, and
scaling on hostile trees (time per doubling: about 2 means linear).

Usage::

    python benchmarks/css_select.py [CORPUS_DIR] [--rounds R] [--n N]

The corpus part parses every page once, then times ``doc.select(css)`` for
each selector below over all pages (best of R rounds) and prints elements
visited per second.  If BeautifulSoup and soupsieve are installed, the same
selectors run through ``soup.select`` on trees built by bs4's html.parser
for comparison (different trees, so only the times compare).

The scaling part builds each hostile tree at N and 2N elements and times
``doc.select(css)`` on it, best of 3, with the garbage collector paused
while the clock runs: a full collection walks every object alive, the
tree included, and one that happened to fall inside a timed select
doubled that select's time (``:nth-child(1 of div)`` on the deep tree read
x3.6 per doubling with the collector on, x2.1 with it paused, at N from
5,000 to 80,000), which is the collector's schedule, not the matching.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import time
from pathlib import Path

from _harness import DEFAULT_CORPUS, load

import markup5
import markup5.selectors
from markup5._collector import collector_paused
from markup5.dom import Element
from markup5.selectors.matcher import iter_elements

SELECTORS = [
    "a", "div p", "div > p", "#content", ".title", "a[href^=http]", "ul li:nth-child(2n+1)",
    "h1 ~ p", "div:has(> img)", ":is(h1, h2, h3) + p", "p:not(.x):last-of-type",
    "body div div a[href]", "li:nth-child(odd of .item)", "*",
    # HTML's directionality and the form states (issue 41); soupsieve has both.
    "p:dir(rtl)", "input:out-of-range, input:checked",
]


def corpus(directory: Path, rounds: int) -> None:
    docs = [markup5.parse(t) for t in load(directory)]
    elements = sum(sum(1 for _ in iter_elements(d)) for d in docs)
    print(f"{len(docs)} pages, {elements} elements")
    soups = None
    if importlib.util.find_spec("bs4") and importlib.util.find_spec("soupsieve"):
        import bs4  # soup.select() needs soupsieve
        soups = [bs4.BeautifulSoup(t, "html.parser") for t in load(directory)]
    total = 0.0
    for css in SELECTORS:
        selector = markup5.selectors.compile(css)
        best = float("inf")
        for _ in range(rounds):
            start = time.perf_counter()
            for d in docs:
                selector.select(d)
            best = min(best, time.perf_counter() - start)
        total += best
        line = f"{css:34s} {best * 1000:8.1f} ms  {elements / best / 1e6:6.2f} M elements/s"
        if soups is not None:
            other = float("inf")
            for _ in range(rounds):
                start = time.perf_counter()
                for s in soups:
                    s.select(css)
                other = min(other, time.perf_counter() - start)
            line += f"   soupsieve {other * 1000:8.1f} ms"
        print(line)
    print(f"all selectors: {total:.2f} s")


def deep(n: int) -> markup5.Document:
    doc = markup5.parse("<!DOCTYPE html><body>")
    node = doc.select_one("body")
    if node is None:  # the parser always adds a body; say so if it ever does not
        raise RuntimeError("markup5.parse gave the deep tree no body element")
    for _ in range(n):
        child = Element("div")
        node.append_child(child)
        node = child
    node.append_child(Element("span"))
    return doc


def wide(n: int) -> markup5.Document:
    return markup5.parse("<!DOCTYPE html><ul>" + "<li class=x>" * n + "</ul>")


HOSTILE = [
    ("deep", deep, "body div"), ("deep", deep, "div:has(span)"),
    ("deep", deep, "p div, div > div > div span"), ("deep", deep, ":nth-child(1 of div)"),
    ("wide", wide, "li ~ li"), ("wide", wide, "li:nth-last-child(2n of .x)"),
    ("wide", wide, "li:has(~ li + li)"), ("wide", wide, "li:last-of-type"),
]


def scaling(n: int) -> None:
    for shape, build, css in HOSTILE:
        times = []
        for size in (n, 2 * n):
            doc = build(size)
            best = float("inf")
            for _ in range(3):
                gc.collect()
                with collector_paused():  # (see the module docstring)
                    start = time.perf_counter()
                    doc.select(css)
                    best = min(best, time.perf_counter() - start)
            times.append(best)
        ratio = times[1] / times[0]
        flag = "  NOT LINEAR?" if ratio > 3 else ""
        print(f"{shape} x {n:<7d} {css:32s} {times[0]:.3f}s -> {times[1]:.3f}s  "
              f"x{ratio:.2f}{flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--n", type=int, default=20000)
    args = parser.parse_args()
    corpus(Path(args.corpus), args.rounds)
    scaling(args.n)


if __name__ == "__main__":
    main()
