"""Fuzzing harnesses for markup5 (see fuzz/README.md).

One harness per entry point (:mod:`fuzz.harnesses`), a child-process runner
with memory and time caps and a per-input budget proportional to the input's
length (:mod:`fuzz.runner`), a pure-Python input generator (grammar-based
inputs and byte mutations of a seed corpus taken from the test fixtures,
:mod:`fuzz.grammar`, :mod:`fuzz.seeds`) and an optional coverage-guided
engine, atheris (:mod:`fuzz.atheris_main`).

Run ``python -m fuzz --help`` from the repository root.
"""
