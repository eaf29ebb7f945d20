"""Measure ``markup5.conformance.check`` (and vnu) on the conformance-checkers suite.

    python tools/conformance_suite.py [--vnu] [--list] [--aria] [--status FILE]

The suite: web-platform-tests' ``conformance-checkers`` documents vendored in
``tests/fixtures/wpt-conformance-checkers/`` (``html/``; with ``--aria`` the
labelled ``html-aria/`` files too).  A file's name states what a checker
must say about it: ``-isvalid`` no error, ``-novalid`` at least one error,
``-haswarn`` no error and at least one warning.  ``messages.json`` there
gives vnu's expected message for each ``-novalid`` and ``-haswarn`` file.

markup5's verdict is that of :func:`markup5.conformance.check`: a message of
severity ``"error"`` makes the document invalid.  Where the package has no
``markup5.conformance`` (yet), every file gets no messages, which is
measured and reported as such.  The summary line::

    conformance_suite: N files, verdict agrees with the expectation on X (P%);
    isvalid ok a/b, novalid ok c/d, haswarn ok e/f

(one line), then the same without the files in :data:`OUTDATED` (a
commented skip list: ``-isvalid`` files whose expectation the current URL
Standard or HTML Standard contradicts, each with the rule).  ``--vnu`` also runs vnu (``tools/fetch_vnu.py``) on all files
in one Java run (cached per file) and prints vnu's own agreement with the
expectations and the files where markup5's and vnu's valid/invalid verdicts
agree.  ``--list`` prints the disagreements grouped by directory, largest
first, each with the message vnu is expected to give.  ``--status FILE``
writes the numbers and the directories with most disagreements to *FILE*
(Markdown).
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

#: The vendored suite.
SUITE = ROOT / "tests" / "fixtures" / "wpt-conformance-checkers"
#: What a file's name says a checker must report.
_EXPECTATION = re.compile(r"-(isvalid|novalid|haswarn)\.html?$")
EXPECTATIONS = ("isvalid", "novalid", "haswarn")

#: A checker: the document's source (bytes) to its messages, each with a ``severity``.
Checker = Callable[[bytes], Sequence[Any]]


@dataclass(frozen=True, slots=True)
class SuiteFile:
    """One document of the suite: its path relative to the suite's root, what its name
    expects (``"isvalid"``, ``"novalid"`` or ``"haswarn"``) and vnu's expected message
    (``messages.json``; ``""`` where there is none)."""

    name: str
    expectation: str
    expected_message: str = ""

    @property
    def directory(self) -> str:
        """The directory the file is in, relative to the suite (``html/elements/a/href``)."""
        return self.name.rpartition("/")[0]

    @property
    def group(self) -> str:
        """The directory that names what the file tests: at most three levels
        (``html/elements/a`` for ``html/elements/a/href/...``)."""
        return "/".join(self.directory.split("/")[:3])


#: vnu's quoted names and values (“...”) and numbers, left out to group messages by kind.
_QUOTED = re.compile(r"“[^”]*”")
_VALUE = re.compile(r"^(Bad value |Duplicate ID |Forbidden code point )“[^”]*”|U\+[0-9a-fA-F]+")
_NUMBER = re.compile(r"[0-9]+")


def message_kind(text: str, names: bool = False) -> str:
    """A vnu message as a kind: its quoted parts replaced by ``“…”``, its numbers by
    ``N``, and cut after the first clause of the value's fault (``Bad value “…” for
    attribute “…” on element “…”: Bad URL:``).  With *names*, the element and attribute
    names stay and only the value is left out (``Bad value “…” for attribute “href” on
    element “a”: Bad URL:``)."""
    if names:
        kind = _VALUE.sub(lambda found: (found.group(1) or "") + "“…”", text)
    else:
        kind = _NUMBER.sub("N", _QUOTED.sub("“…”", text))
    head, colon, rest = kind.partition(": ")
    if not colon:
        return head
    clause = re.split(r"(?<=[:.])\s", rest, maxsplit=1)[0]
    return f"{head}: {_QUOTED.sub('“…”', clause)}"


def expectation_of(name: str) -> str | None:
    """What the suite file *name* expects, from its name; ``None``: not a suite document."""
    found = _EXPECTATION.search(name)
    return found.group(1) if found else None


def suite_files(root: Path = SUITE, directories: Iterable[str] = ("html",)) -> list[SuiteFile]:
    """The suite's documents under *directories* of *root*, sorted by name."""
    messages_path = root / "messages.json"
    messages: dict[str, str] = (json.loads(messages_path.read_text(encoding="utf-8"))
                                if messages_path.is_file() else {})
    found = []
    for directory in directories:
        for path in (root / directory).rglob("*"):
            name = path.relative_to(root).as_posix()
            expectation = expectation_of(name)
            if expectation is not None and path.is_file():
                found.append(SuiteFile(name, expectation, messages.get(name, "")))
    return sorted(found, key=lambda entry: entry.name)


# --- Suite expectations the current standards contradict -------------------------------
#
# A skip list, not an edit: these files were written against older URL and HTML texts.
# Each -isvalid one is rejected by markup5 for the rule named (all but map/model by vnu
# 26.9.27 as well), and the -novalid one accepted; the summary gives the agreement with and
# without them.
_URL_LIST = ("the file's list of URLs includes credentials (http://user:pass@host), a special "
             "scheme without \"//\" (ws:/x, file:test), \"|\" (file://c|/) and an invalid IPv4 "
             "host (192.168.0.257): URL Standard §4.3, a valid URL string has no credentials, "
             "a special scheme is followed by a scheme-relative-special-URL string (\"//\"), "
             "\"|\" is not a URL code point, and §3.5 a host ending in a number is an IPv4 "
             "address that must parse")
_CREDENTIALS = ("URL Standard §4.3: a valid URL string has no credentials (\"There is no way to "
                "express a username or password of a URL record within a valid URL string\")")
_SLASHES = ("URL Standard §4.3: after a special scheme comes a scheme-relative-special-URL "
            "string (or, for file:, a scheme-relative-file-URL string), which starts with \"//\"")
_IPV4 = ("URL Standard §3.5 and §4.3: a host whose last label is a number is an IPv4 address; "
         "a valid IPv4-address string is four ASCII decimal numbers, each at most 255")
OUTDATED: dict[str, str] = {
    **{f"html/elements/{name}-isvalid.html": _URL_LIST for name in (
        "a/href",
        "area/href",
        "audio/src",
        "blockquote/cite",
        "button/formaction",
        "del/cite",
        "embed/src",
        "form/action",
        "iframe/src",
        "img/src",
        "input/type-image-formaction",
        "input/type-image-src",
        "input/type-submit-formaction",
        "input/type-url-value",
        "ins/cite",
        "link/href",
        "object/data",
        "q/cite",
        "script/src",
        "source/src",
        "track/src",
        "video/poster",
        "video/src",
    )},
    "html/microdata/itemid-isvalid.html": _URL_LIST,
    "html/microdata/itemtype-isvalid.html": _URL_LIST,
    **{f"html/elements/base/href/{name}-isvalid.html": _CREDENTIALS for name in (
        "userinfo-empty", "userinfo-host-port-path", "userinfo", "userinfo-password-empty",
        "userinfo-user-empty", "userinfo-username-contains-percent-encoded",
        "userinfo-username-non-alpha")},
    **{f"html/elements/base/href/{name}-isvalid.html": _SLASHES for name in (
        "scheme-file-no-slash", "scheme-file-scheme-only", "scheme-file-single-slash",
        "scheme-file-slash-only", "scheme-ws-single-slash", "scheme-wss-no-slash",
        "scheme-wss-single-slash")},
    "html/elements/base/href/scheme-file-slash-slash-c-bar-isvalid.html":
        "URL Standard §4.3: \"|\" is not a URL code point (file://c|/ is a legacy form the "
        "parser repairs)",
    **{f"html/elements/base/href/{name}-isvalid.html": _IPV4 for name in (
        "host-192.0x00A80001", "host-IP-address-broken", "host-IP-address-fullwidth")},
    "html/elements/base/href/host-IP-address-percent-encoded-isvalid.html":
        "URL Standard §4.3: a valid domain string has no forbidden domain code point, and "
        "\"%\" is one (the parser percent-decodes first; the writing rules do not)",
    "html/elements/area/download-isvalid.html":
        "HTML §4.8.14 (area): the download attribute must be omitted when href is not present",
    "html/elements/object/model-isvalid.html":
        "HTML §16.2: param is obsolete (removed from the language in 2023), and so is "
        "usemap on object",
    "html/elements/param/model-isvalid.html":
        "HTML §16.2: param is obsolete (removed from the language in 2023)",
    "html/elements/map/model-isvalid.html":
        "HTML §4.8.13: a map's name must not equal the name of another map in the same "
        "tree (the file has two maps named foo)",
    "html/elements/meta/names-standard-isvalid.html":
        "HTML §4.2.5.1: at most one meta name=description per document, names compared ASCII "
        "case-insensitively (the file has description, DESCRIPTION and dEScrIpTiON)",
    "html/elements/picture/video-source-media-src-novalid.html":
        "HTML §4.8.8 (source): media is allowed on a source in audio or video again since "
        "2023 (whatwg/html pull request 9341); the file was generated before",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a checker said about one document: whether it reported an error, a warning;
    ``crashed``: the checker raised (agrees with no expectation)."""

    error: bool
    warning: bool
    crashed: bool = False

    @property
    def valid(self) -> bool:
        """The document verdict: valid when no error."""
        return not self.error


def verdict_of(severities: Iterable[str]) -> Verdict:
    """The verdict of a document whose messages have *severities*."""
    seen = set(severities)
    return Verdict(error="error" in seen, warning="warning" in seen)


def agrees(expectation: str, verdict: Verdict) -> bool:
    """Whether *verdict* is what the suite expects (``isvalid``, ``novalid``, ``haswarn``)."""
    if expectation not in EXPECTATIONS:
        raise ValueError(f"unknown expectation {expectation!r}")
    if verdict.crashed:
        return False
    if expectation == "isvalid":
        return not verdict.error
    if expectation == "novalid":
        return verdict.error
    if expectation == "haswarn":
        return not verdict.error and verdict.warning
    raise ValueError(f"unknown expectation {expectation!r}")


def load_checker() -> tuple[Checker | None, str]:
    """``markup5.conformance.check`` and ``""``, or ``None`` and why it is not there.

    A missing module means "no messages"; one that fails to import for another reason is
    reported with the exception, and measured the same way."""
    try:
        conformance = importlib.import_module("markup5.conformance")
    except ModuleNotFoundError as error:
        if error.name in ("markup5.conformance", "markup5"):
            return None, f"{error.name} is not there"
        return None, f"markup5.conformance does not import: {error!r}"
    except Exception as error:  # noqa: BLE001 - a module mid-edit by its authors
        return None, f"markup5.conformance does not import: {error!r}"
    check = getattr(conformance, "check", None)
    if not callable(check):
        return None, "markup5.conformance has no check()"
    return check, ""


@dataclass(slots=True)
class Tally:
    """Agreement counts by expectation: ``ok[e]`` of ``total[e]`` files."""

    ok: Counter[str] = field(default_factory=Counter)
    total: Counter[str] = field(default_factory=Counter)

    def add(self, expectation: str, agreed: bool) -> None:
        self.total[expectation] += 1
        self.ok[expectation] += agreed

    @property
    def files(self) -> int:
        return sum(self.total.values())

    @property
    def agreed(self) -> int:
        return sum(self.ok.values())

    def line(self, what: str) -> str:
        """``N files, <what> on X (P%); isvalid ok a/b, novalid ok c/d, haswarn ok e/f``."""
        per = ", ".join(f"{e} ok {self.ok[e]}/{self.total[e]}" for e in EXPECTATIONS)
        return f"{self.files} files, {what} on {self.agreed} ({percent(self.agreed, self.files)}); {per}"


def percent(part: int, whole: int) -> str:
    """``part/whole`` as a percentage with one decimal (``"n/a"`` for no whole)."""
    return f"{100 * part / whole:.1f}%" if whole else "n/a"


def severities(messages: Sequence[Any]) -> list[str]:
    """The severities of markup5 messages (``Message.severity``)."""
    return [str(getattr(message, "severity", "")) for message in messages]


def check_suite(files: Sequence[SuiteFile], check: Checker | None, root: Path = SUITE,
                failures: dict[str, str] | None = None) -> dict[str, Verdict]:
    """markup5's verdict on each file (no checker: no messages, every file valid).

    Given *failures*, an exception of the checker is recorded there (by file name) and
    the file's verdict is ``crashed``; without it, the exception propagates."""
    verdicts = {}
    for entry in files:
        try:
            messages = check((root / entry.name).read_bytes()) if check is not None else []
        except Exception as error:
            if failures is None:
                raise
            failures[entry.name] = repr(error)
            verdicts[entry.name] = Verdict(error=False, warning=False, crashed=True)
            continue
        verdicts[entry.name] = verdict_of(severities(messages))
    return verdicts


def tally(files: Sequence[SuiteFile], verdicts: dict[str, Verdict]) -> Tally:
    """How often *verdicts* agree with the expectations of *files*."""
    result = Tally()
    for entry in files:
        result.add(entry.expectation, agrees(entry.expectation, verdicts[entry.name]))
    return result


def vnu_verdicts(files: Sequence[SuiteFile], root: Path = SUITE) -> dict[str, Verdict]:
    """vnu's verdict on each file, all checked in one Java run (cached per file)."""
    from fetch_vnu import run_vnu

    paths = [(root / entry.name).resolve() for entry in files]
    reports = run_vnu(paths)
    return {entry.name: verdict_of(message.severity for message in reports[path])
            for entry, path in zip(files, paths)}


def disagreements_by_directory(files: Sequence[SuiteFile],
                               verdicts: dict[str, Verdict]) -> list[tuple[str, list[SuiteFile]]]:
    """The files whose verdict disagrees with the expectation, grouped by
    :attr:`SuiteFile.group`, the groups with most first (then by name)."""
    groups: dict[str, list[SuiteFile]] = {}
    for entry in files:
        if not agrees(entry.expectation, verdicts[entry.name]):
            groups.setdefault(entry.group, []).append(entry)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


def status_markdown(lines: Sequence[str], groups: Sequence[tuple[str, list[SuiteFile]]],
                    top: int = 30,
                    vnu_groups: Sequence[tuple[str, list[SuiteFile]]] = ()) -> str:
    """The status page: when, the summary lines, the directories with most disagreements
    (and, given *vnu_groups*, every file where vnu disagrees with the expectation)."""
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    out = [f"# Conformance-checkers suite status ({stamp})", "",
           "Written by `python tools/conformance_suite.py --vnu --status FILE`.", ""]
    out += [f"    {line}" for line in lines]
    out += ["", f"## Directories where markup5 disagrees with the expectation (top {top})", "",
            "| directory | files | expected | vnu's expected messages, most frequent kinds |",
            "|---|---|---|---|"]
    for directory, entries in groups[:top]:
        kinds = Counter(entry.expectation for entry in entries)
        kind = ", ".join(f"{n} {e}" for e, n in sorted(kinds.items()))
        messages = Counter(message_kind(entry.expected_message, names=True)
                           or "(none: must be valid)"
                           for entry in entries)
        common = "; ".join(f"{n}× {m}" for m, n in messages.most_common(3))
        out.append(f"| {directory} | {len(entries)} | {kind} | {common.replace('|', '/')} |")
    if vnu_groups:
        out += ["", "## Files where vnu disagrees with the expectation", ""]
        for directory, entries in vnu_groups:
            names = ", ".join(f"`{entry.name[len(directory) + 1:]}`" for entry in entries)
            out.append(f"- {directory} ({len(entries)}): {names}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vnu", action="store_true", help="run vnu on the suite too")
    parser.add_argument("--list", action="store_true", help="list disagreements by directory")
    parser.add_argument("--aria", action="store_true", help="add the html-aria/ files")
    parser.add_argument("--status", type=Path, help="write the numbers to this Markdown file")
    options = parser.parse_args(argv)

    files = suite_files(directories=("html", "html-aria") if options.aria else ("html",))
    check, missing = load_checker()
    if check is None:
        print(f"conformance_suite: {missing}: every file gets no messages")
    failures: dict[str, str] = {}
    ours = check_suite(files, check, failures=failures)
    for name, error in sorted(failures.items())[:20]:
        print(f"conformance_suite: check() raised on {name}: {error}")
    lines = [f"conformance_suite: {tally(files, ours).line('verdict agrees with the expectation')}"]
    current = [entry for entry in files if entry.name not in OUTDATED]
    lines.append(f"conformance_suite: without the {len(files) - len(current)} files whose "
                 f"expectation the current standards contradict (OUTDATED): "
                 f"{tally(current, ours).line('agrees')}")
    if failures:
        lines.append(f"conformance_suite: check() raised on {len(failures)} files")
    vnu_groups: list[tuple[str, list[SuiteFile]]] = []
    if options.vnu:
        theirs = vnu_verdicts(files)
        lines.append(f"conformance_suite (vnu): "
                     f"{tally(files, theirs).line('vnu agrees with the expectation')}")
        same = sum(ours[e.name].valid == theirs[e.name].valid for e in files)
        lines.append(f"conformance_suite: markup5 and vnu give the same valid/invalid verdict "
                     f"on {same} of {len(files)} files ({percent(same, len(files))})")
        vnu_groups = disagreements_by_directory(files, theirs)
    for line in lines:
        print(line)
    groups = disagreements_by_directory(files, ours)
    if options.list:
        for directory, entries in groups:
            print(f"{directory}: {len(entries)}")
            for entry in entries:
                note = f": {entry.expected_message}" if entry.expected_message else ""
                print(f"    {entry.name[len(directory) + 1:]} ({entry.expectation}){note}")
    if options.status is not None:
        options.status.write_text(status_markdown(lines, groups, vnu_groups=vnu_groups), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
