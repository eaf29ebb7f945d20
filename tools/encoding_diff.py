#!/usr/bin/env python3
"""Differential testing of markup5's Encoding Standard decoders against a browser.

Every encoding of the standard but *replacement* (which ``TextDecoder``
refuses to construct) decodes random byte strings twice in headless
Chromium and twice in markup5, and the four results must agree:

* whole: ``new TextDecoder(label, {ignoreBOM: true}).decode(bytes)``
  against :meth:`markup5.encoding.Encoding.decode` (the encoding's decoder
  run over the bytes, with no BOM sniffing: that is what ``ignoreBOM``
  asks of ``TextDecoder``);
* streamed: the same bytes cut in up to three places, each piece given to
  one ``TextDecoder`` with ``{stream: true}`` and the end without it,
  against :meth:`markup5.encoding.Encoding.decoder` fed the same pieces.

The bytes are built for each encoding (:func:`byte_strings`): valid
sequences of characters from its repertoire (encoded with Python's codec
of that name, when there is one, only to get plausible input), sequences
aimed at its error cases (truncated and overlong sequences, lone
surrogates, escape sequences, lead bytes without trail bytes), random bytes,
and mutations of all of those.

A disagreement that comes from a *documented* deviation of Chromium from
the standard (``docs/browser-differences.md``, "Encodings") is counted under
that deviation's name: each deviation rewrites the input so that the
standard's decoder gives what Chromium gives for the original, and the
disagreement is put down to it only when the rewritten input's result is
exactly Chromium's.  Other disagreements are minimized (the shortest byte
string that still disagrees) and printed.

A development tool, not part of the test suite; it needs a Chromium binary
(``apt-get install chromium``, or ``--chromium`` / ``$CHROMIUM``)::

    python tools/encoding_diff.py --count 2000 --seed 1
    python tools/encoding_diff.py --encoding ISO-2022-JP --input 1b2880

Exit status: 0 when every disagreement is explained, 1 otherwise.
"""

from __future__ import annotations

import argparse
import base64
import codecs
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_diff import (  # noqa: E402
    Chromium, check_random_run, find_chromium, random_run_parser)

from markup5.encoding import ENCODINGS  # noqa: E402

#: The encodings compared: all but replacement, whose decoder TextDecoder
#: never runs (constructing one for it throws a RangeError).
NAMES = tuple(sorted((name for name in ENCODINGS if name != "replacement"), key=str.lower))

#: A case: the encoding's name, the bytes, and where the streamed decode
#: cuts them (sorted offsets).
Case = tuple[str, bytes, tuple[int, ...]]

#: The page: the cases travel as JSON (bytes in base64), and the results come
#: back through ``--dump-dom``, each as [whole, streamed].
_PAGE = """<!DOCTYPE html><meta charset=utf-8><pre id=out></pre>
<script type="application/json" id=in>{payload}</script>
<script>
const cases = JSON.parse(document.getElementById("in").textContent);
const out = cases.map(([label, data, cuts]) => {{
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  try {{
    const whole = new TextDecoder(label, {{ignoreBOM: true}}).decode(bytes);
    const decoder = new TextDecoder(label, {{ignoreBOM: true}});
    let streamed = "", at = 0;
    for (const cut of cuts) {{
      streamed += decoder.decode(bytes.subarray(at, cut), {{stream: true}});
      at = cut;
    }}
    streamed += decoder.decode(bytes.subarray(at));
    return [whole, streamed];
  }} catch (e) {{
    return "!error " + e;
  }}
}});
document.getElementById("out").textContent = "@@BEGIN@@" + JSON.stringify(out) + "@@END@@";
</script>
"""


# ---------------------------------------------------------------------------
# The two sides
# ---------------------------------------------------------------------------

def markup5_results(case: Case) -> list[str]:
    """markup5's [whole, streamed] for a case."""
    name, data, cuts = case
    encoding = ENCODINGS[name]
    decoder = encoding.decoder()
    pieces, at = [], 0
    for cut in cuts:
        pieces.append(decoder.decode(data[at:cut]))
        at = cut
    pieces.append(decoder.decode(data[at:], final=True))
    return [encoding.decode(data), "".join(pieces)]


def chromium_results(browser: Chromium, cases: Sequence[Case]) -> list[object]:
    """Chromium's [whole, streamed] for each case (or an error string), in
    one browser start."""
    payload = json.dumps([[name, base64.b64encode(data).decode("ascii"), list(cuts)]
                          for name, data, cuts in cases])
    results: list[object] | None = browser.run_page(_PAGE.format(payload=payload))
    if results is None:
        raise RuntimeError(f"Chromium did not finish in {browser.timeout} s")
    if len(results) != len(cases):
        raise RuntimeError(f"Chromium returned {len(results)} results for {len(cases)} cases")
    return results


# ---------------------------------------------------------------------------
# Known deviations
# ---------------------------------------------------------------------------
#
# Each is a model of what Chromium gives, built on markup5's own decoder fed
# a byte at a time (a decoder's result does not depend on how its input is
# cut, which the tests check) with its state variables, which are named
# after the standard's, changed where Chromium's differ.

#: The escape sequences of iso-2022-jp: (lead, byte) after 0x1B.
_ISO_2022_JP_ESCAPES = frozenset({(0x28, 0x42), (0x28, 0x4A), (0x28, 0x49), (0x24, 0x40),
                                  (0x24, 0x42)})


def _iso_2022_jp_escape_state() -> object:
    """The iso-2022-jp decoder's state value for "escape" (found by
    running the decoder rather than by importing a private name)."""
    decoder: Any = ENCODINGS["ISO-2022-JP"].decoder()
    decoder.decode(b"\x1b(")
    return decoder.state


_ESCAPE = _iso_2022_jp_escape_state()


def _iso_2022_jp_failed_escape(name: str, data: bytes) -> str | None:
    """Chromium's iso-2022-jp decoder and an escape sequence that fails
    after its second byte (0x1B, then 0x24 or 0x28): where the standard
    gives an error and then decodes the lead and the byte that failed the
    sequence again in the output state, Chromium gives no error for that
    byte; and where the input ends after the lead, Chromium gives the lead
    as the ASCII character it is, not as the output state reads it."""
    if name != "ISO-2022-JP":
        return None
    decoder: Any = ENCODINGS[name].decoder()
    out = []
    for byte in data:
        if decoder.state is _ESCAPE and (decoder.leading, byte) not in _ISO_2022_JP_ESCAPES:
            lead = decoder.leading
            decoder.leading = 0
            decoder.output = False
            decoder.state = decoder.output_state
            out.append("\ufffd" + decoder.decode(bytes([lead])))
            after = decoder.decode(bytes([byte]))
            out.append("" if after == "\ufffd" else after)
            continue
        out.append(decoder.decode(bytes([byte])))
    if decoder.state is _ESCAPE:
        out.append("\ufffd" + chr(decoder.leading))
        decoder.leading = 0
        decoder.state = decoder.output_state
    out.append(decoder.decode(b"", final=True))
    return "".join(out)


def _euc_jp_jis0212_flag_kept(name: str, data: bytes) -> str | None:
    """Chromium's EUC-JP decoder unsets the jis0212 flag (set by 0x8F and
    a lead byte) only where it looks a pointer up, when a lead byte and the
    byte after it are both in the range 0xA1 to 0xFE.  The standard unsets
    it at the end of every sequence that does not return a katakana
    character: after an error too, where Chromium keeps it, and the next
    two-byte sequence is then looked up in index jis0212 instead of index
    jis0208."""
    if name != "EUC-JP":
        return None
    decoder: Any = ENCODINGS[name].decoder()
    out = []
    for byte in data:
        lead = decoder.leading
        keep = decoder.jis0212 and lead and not (0xA1 <= lead <= 0xFE and 0xA1 <= byte <= 0xFE)
        out.append(decoder.decode(bytes([byte])))
        if keep:
            decoder.jis0212 = True
    out.append(decoder.decode(b"", final=True))
    return "".join(out)


#: The four pointers of index Big5 that map to two code points, as Chromium
#: 150 decodes them: two code units that are neither.
_BIG5_PAIRS = {"\u00ca\u0304": "\u0093\udf04", "\u00ca\u030c": "\u0093\udf0c",
               "\u00ea\u0304": "\u00b3\udf04", "\u00ea\u030c": "\u00b3\udf0c"}


def _big5_two_code_points(name: str, data: bytes) -> str | None:
    """Chromium's Big5 decoder gives the four two-code-point pointers (bytes
    0x88 0x62, 0x88 0x64, 0x88 0xA3, 0x88 0xA5) as two wrong code units."""
    if name != "Big5":
        return None
    text = ENCODINGS[name].decode(data)
    for pair, chromium in _BIG5_PAIRS.items():
        text = text.replace(pair, chromium)
    return text


@dataclass(frozen=True)
class Deviation:
    """A documented way Chromium's decoders depart from the standard:
    ``model`` gives what Chromium gives for an encoding's bytes under this
    deviation, or None where the deviation is not about that encoding."""

    name: str
    model: Callable[[str, bytes], str | None]


DEVIATIONS = (
    Deviation("iso-2022-jp-failed-escape", _iso_2022_jp_failed_escape),
    Deviation("euc-jp-jis0212-flag-kept", _euc_jp_jis0212_flag_kept),
    Deviation("big5-two-code-points", _big5_two_code_points),
)


def explain(case: Case, chromium: object) -> str | None:
    """The deviation that accounts for Chromium's results, if one does: its
    model gives exactly Chromium's result, both whole and streamed, where
    the standard's result differs."""
    name, data, _cuts = case
    standard = ENCODINGS[name].decode(data)
    for deviation in DEVIATIONS:
        model = deviation.model(name, data)
        if model is not None and model != standard and [model, model] == chromium:
            return deviation.name
    return None


# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------

#: Python's codec for each multi-byte encoding, used only to make valid
#: byte sequences from characters (its mappings need not be the standard's).
_PYTHON_CODECS = {
    "Big5": "big5hkscs", "EUC-JP": "euc_jp", "EUC-KR": "cp949", "GBK": "gbk",
    "gb18030": "gb18030", "ISO-2022-JP": "iso2022_jp", "Shift_JIS": "cp932",
    "UTF-16BE": "utf-16-be", "UTF-16LE": "utf-16-le", "UTF-8": "utf-8",
}

#: Code point ranges the valid sequences draw on: ASCII, Latin-1, Greek and
#: Cyrillic, kana and CJK punctuation, CJK ideographs, Hangul, private use,
#: half- and fullwidth forms, the end of the BMP, and beyond it.
_REPERTOIRE = ((0x20, 0x7E), (0xA0, 0xFF), (0x370, 0x4FF), (0x3000, 0x30FF), (0x4E00, 0x9FFF),
               (0xAC00, 0xD7A3), (0xE000, 0xE0FF), (0xFF00, 0xFFEF), (0xFFF0, 0xFFFF),
               (0x10000, 0x1F6FF), (0x20000, 0x2A6DF))

#: Byte sequences aimed at each encoding's error cases.
_SPECIAL: dict[str, tuple[bytes, ...]] = {
    "ISO-2022-JP": (b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B", b"\x1b", b"\x1b(",
                    b"\x1b$", b"\x1b$(", b"\x0e", b"\x0f", b"\n", b"\x5c", b"\x7e", b"\x21\x21"),
    "UTF-8": (b"\xc0\x80", b"\xc1\xbf", b"\xe0\x80\x80", b"\xe0\x9f\xbf", b"\xed\xa0\x80",
              b"\xed\xbf\xbf", b"\xf0\x8f\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf5\x80", b"\xff",
              b"\x80", b"\xbf", b"\xe2\x82", b"\xf0\x9f\x98", b"\xef\xbb\xbf"),
    "UTF-16BE": (b"\xd8\x00", b"\xdb\xff", b"\xdc\x00", b"\xdf\xff", b"\xd8\x3d\xde\x00",
                 b"\xfe\xff", b"\xff\xfe", b"\x00"),
    "UTF-16LE": (b"\x00\xd8", b"\xff\xdb", b"\x00\xdc", b"\xff\xdf", b"\x3d\xd8\x00\xde",
                 b"\xff\xfe", b"\xfe\xff", b"\x00"),
    "gb18030": (b"\x80", b"\xff", b"\x81\x30", b"\x81\x30\x81", b"\x84\x31\xa4\x39",
                b"\x84\x31\xa5\x30", b"\xe3\x32\x9a\x35", b"\xe3\x32\x9a\x36", b"\xa3\xa0",
                b"\xa6\xd9", b"\xfe\x51", b"\xfe\x39\xfe\x39"),
    "GBK": (b"\x80", b"\xff", b"\x81\x30\x81\x30", b"\xa3\xa0", b"\xfe\x51"),
    "Big5": (b"\x88\x62", b"\x88\x64", b"\x88\xa3", b"\x88\xa5", b"\x80", b"\xff", b"\xa1\x7f",
             b"\xc8\x40", b"\xfe\xfe"),
    "EUC-JP": (b"\x8e\xa1", b"\x8e\xe0", b"\x8f\xa2\xaf", b"\x8f\xa1\xa1", b"\x8f", b"\xa1\xff",
               b"\x80", b"\xff", b"\x5c", b"\x7e"),
    "Shift_JIS": (b"\x80", b"\xa0", b"\xfd", b"\x81\x7f", b"\xf0\x40", b"\xf9\xfc", b"\xa1",
                  b"\xdf", b"\x82\x3f", b"\x5c", b"\x7e"),
    "EUC-KR": (b"\x80", b"\xff", b"\x81\x41", b"\xc6\x52", b"\xfe\xfe", b"\xa1\x40"),
}


def _valid_sequence(name: str, rng: random.Random) -> bytes:
    """A few characters of the repertoire in the encoding (those Python's
    codec cannot encode are left out), or random bytes for an encoding
    without one (the single-byte encodings, x-user-defined)."""
    codec = _PYTHON_CODECS.get(name)
    if codec is None:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
    text = "".join(chr(rng.randint(*rng.choice(_REPERTOIRE))) for _ in range(rng.randint(1, 3)))
    return codecs.encode(text, codec, "ignore")


def _piece(name: str, rng: random.Random) -> bytes:
    roll = rng.random()
    special = _SPECIAL.get(name)
    if roll < 0.45:
        return _valid_sequence(name, rng)
    if roll < 0.7 and special:
        return rng.choice(special)
    if roll < 0.85:
        return bytes([rng.randrange(0x80, 0x100)])
    return bytes([rng.randrange(0x100)])


def _mutate(data: bytes, rng: random.Random) -> bytes:
    """``data`` with a byte inserted, dropped or replaced, or cut short."""
    out = bytearray(data)
    roll = rng.random()
    where = rng.randint(0, len(out))
    if roll < 0.3 or not out:
        out.insert(where, rng.randrange(256))
    elif roll < 0.6:
        del out[min(where, len(out) - 1)]
    elif roll < 0.85:
        out[min(where, len(out) - 1)] = rng.randrange(256)
    else:
        del out[where:]
    return bytes(out)


def byte_strings(name: str, count: int, rng: random.Random) -> list[Case]:
    """``count`` cases for the encoding ``name``: a few pieces (valid
    sequences, error cases, random bytes) joined, mutated half the time,
    with up to three cuts for the streamed decode."""
    cases: list[Case] = []
    for _ in range(count):
        data = b"".join(_piece(name, rng) for _ in range(rng.randint(0, 8)))
        if rng.random() < 0.5:
            for _ in range(rng.randint(1, 3)):
                data = _mutate(data, rng)
        cuts = tuple(sorted(rng.sample(range(len(data) + 1), min(len(data) + 1,
                                                                 rng.randint(0, 3)))))
        cases.append((name, data, cuts))
    return cases


def minimize(case: Case, disagrees: Callable[[Sequence[Case]], list[bool]]) -> Case:
    """A shorter case that still disagrees: without its cuts if the whole
    decode disagrees too, then with as many bytes dropped as can be, one
    browser start per round of candidates."""
    name, data, cuts = case
    if cuts and disagrees([(name, data, ())])[0]:
        cuts = ()
    while True:
        candidates = [(name, data[:i] + data[i + 1:],
                       tuple(c - (c > i) for c in cuts)) for i in range(len(data))]
        if not candidates:
            return (name, data, cuts)
        verdicts = disagrees(candidates)
        for candidate, verdict in zip(candidates, verdicts):
            if verdict:
                name, data, cuts = candidate
                break
        else:
            return (name, data, cuts)


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

@dataclass
class Report:
    same: Counter[str]
    explained: Counter[str]
    unexplained: list[tuple[Case, list[str], object]]


def compare(browser: Chromium, cases: Sequence[Case], report: Report,
            verbose: bool = False) -> None:
    for case, chromium in zip(cases, chromium_results(browser, cases)):
        expected = markup5_results(case)
        reason = None if expected == chromium else explain(case, chromium)
        if verbose:
            verdict = "same" if expected == chromium else reason or "UNEXPLAINED"
            print(f"{case[0]} {case[1].hex(' ')} cuts {list(case[2])}: {verdict}\n"
                  f"  markup5:  {expected!r}\n  chromium: {chromium!r}")
        if expected == chromium:
            report.same[case[0]] += 1
        elif reason is not None:
            report.explained[reason] += 1
        else:
            report.unexplained.append((case, expected, chromium))


def _unexplained_in(browser: Chromium) -> Callable[[Sequence[Case]], list[bool]]:
    def disagrees(cases: Sequence[Case]) -> list[bool]:
        results = chromium_results(browser, cases)
        return [markup5_results(case) != chromium and explain(case, chromium) is None
                for case, chromium in zip(cases, results)]
    return disagrees


def _hex_bytes(text: str) -> bytes:
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not hexadecimal bytes: {text!r}") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = random_run_parser(__doc__, count=500, count_help="byte strings per encoding",
                               batch=4000, batch_help="cases per browser start",
                               show=5, show_help="disagreements shown per encoding")
    parser.add_argument("--encoding", action="append", choices=NAMES, metavar="NAME",
                        help="only this encoding (repeatable; the standard's name)")
    parser.add_argument("--input", action="append", type=_hex_bytes, metavar="HEX",
                        help="decode these bytes (with --encoding) instead of random ones, "
                             "showing both results")
    args = parser.parse_args(argv)
    check_random_run(parser, args)
    if args.input and not args.encoding:
        parser.error("--input needs --encoding")
    browser = Chromium(find_chromium(args.chromium))
    rng = random.Random(args.seed)
    names = args.encoding or list(NAMES)
    cases: list[Case]
    if args.input:
        cases = [(name, data, ()) for name in names for data in args.input]
    else:
        cases = [case for name in names for case in byte_strings(name, args.count, rng)]
    report = Report(Counter(), Counter(), [])
    began = time.monotonic()
    for start in range(0, len(cases), args.batch):
        compare(browser, cases[start:start + args.batch], report, verbose=bool(args.input))
    shown: Counter[str] = Counter()
    disagrees = _unexplained_in(browser)
    for case, expected, chromium in report.unexplained:
        if args.input or shown[case[0]] >= args.show:
            continue
        shown[case[0]] += 1
        small = minimize(case, disagrees)
        print(f"{small[0]}: {small[1].hex(' ')} cuts {list(small[2])} (minimized from "
              f"{case[1].hex(' ')} cuts {list(case[2])})\n"
              f"  markup5:  {markup5_results(small)!r}\n"
              f"  chromium: {chromium_results(browser, [small])[0]!r}")
    unexplained = Counter(case[0] for case, *_ in report.unexplained)
    print(f"{browser.version}: {len(cases)} byte strings, {sum(report.same.values())} same, "
          f"{sum(report.explained.values())} explained by known deviations "
          f"{dict(report.explained)}, {len(report.unexplained)} unexplained "
          f"{dict(unexplained)}, in {time.monotonic() - began:.0f}s")
    return 1 if report.unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
