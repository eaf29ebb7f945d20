"""Pausing Python's cyclic garbage collector while a whole document is parsed.

A tree of :mod:`markup5.dom` nodes is full of reference cycles (every node
points at its parent), so the collections that the allocations of a parse
set off walk the growing tree, which is alive, again and again, and promote
it from generation to generation: on real pages about a fifth of the parse
time.  What else a parse allocates is freed by reference counting.  The
one-shot entry points (:func:`markup5.parse`, :func:`markup5.parse_fragment`,
:func:`markup5.parse_xml`) therefore pause the collector while they build a
tree and restore it as it was however parsing ends.  The collection that the
allocations made due then runs after the caller's next allocation (inside it
before Python 3.12, at the interpreter's next check from 3.12 on), when a
tree the caller has dropped is garbage it frees at once.  (The incremental
parsers, whose ``feed`` calls the caller interleaves with other work, do not
pause it.)

The pause begins before the parse makes anything, the parser object
included.  A collection due when a parse starts (the last parse's tree is
what it frees) must not find an object of the new parse alive: a survivor
moves to an older generation, and once dropped it keeps everything it
refers to, the whole new tree, alive through the young collections (which
take what older objects refer to as alive) until the older generation is
collected.  On Python 3.12 and later a collection runs at the interpreter's
next check after the allocation that made it due, not inside that
allocation, so it ran while the parser was being made: most trees waited
for a collection of the middle generation and ``parse()`` took 13-14% longer
there (``benchmarks/parse.py``; tests/test_parser.py checks the rule).
"""

from __future__ import annotations

import gc
from types import TracebackType

__all__ = ["collector_paused"]


class collector_paused:  # noqa: N801 - used like a function: "with collector_paused():"
    """Disable the cyclic garbage collector inside the block if it is
    enabled, and enable it again on the way out.  (A class rather than a
    ``contextlib.contextmanager`` generator: entered once per parse, where
    the generator's machinery cost a microsecond.)"""

    __slots__ = ("_collecting",)

    def __enter__(self) -> None:
        self._collecting = gc.isenabled()
        if self._collecting:
            gc.disable()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._collecting:
            gc.enable()
