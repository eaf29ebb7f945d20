"""Write tests/slow_tests.txt: the tests a timed run found slow.

The quick subset of the test suite is ``python -m pytest -m "not slow"``
(README, "Set up"); tests/conftest.py marks as ``slow`` every test that
tests/slow_tests.txt names.  This script makes that list from a JUnit XML
report of a whole run, on a quiet machine::

    python -m pytest -p no:cacheprovider --junitxml=/tmp/junit.xml
    python tools/slow_tests.py /tmp/junit.xml > tests/slow_tests.txt

A test function all of whose parameters are few (at most ``--group``) and
one of which is slow is listed once, without its parameters; in a larger
family only the slow cases are listed, each with its parameters.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
import xml.etree.ElementTree as ET

_PARAMS = re.compile(r"\[.*\Z", re.DOTALL)


def node_id(classname: str, name: str) -> str:
    """The pytest node id of a JUnit ``testcase`` (``tests/test_x.py::Class::name``)."""
    parts = classname.split(".")
    # "tests.test_x.TestClass": the module is the leading lower-case parts.
    module = [p for p in parts if not p[:1].isupper()]
    classes = parts[len(module):]
    return "/".join(module) + ".py" + "".join("::" + c for c in classes) + "::" + name


def slow_ids(report: str, threshold: float, group: int) -> list[str]:
    """The node ids to list, from the JUnit XML file *report*."""
    families: dict[str, list[tuple[str, float]]] = collections.defaultdict(list)
    for case in ET.parse(report).iter("testcase"):
        nid = node_id(case.get("classname", ""), case.get("name", ""))
        families[_PARAMS.sub("", nid)].append((nid, float(case.get("time", "0"))))
    listed: list[str] = []
    for base, cases in families.items():
        slow = [nid for nid, seconds in cases if seconds > threshold]
        if not slow:
            continue
        listed.extend([base] if len(cases) <= group else slow)
    return sorted(listed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", help="a JUnit XML report of a whole test run")
    parser.add_argument("--threshold", type=float, default=0.1,
                        help="seconds above which a test is slow (default 0.1)")
    parser.add_argument("--group", type=int, default=20,
                        help="a family of at most this many cases is listed whole")
    args = parser.parse_args(argv)
    print("# Tests marked slow (tests/conftest.py): over %.2g s each in a timed run." % args.threshold)
    print("# Made by tools/slow_tests.py; `python -m pytest -m \"not slow\"` runs the rest.")
    for nid in slow_ids(args.report, args.threshold, args.group):
        print(nid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
