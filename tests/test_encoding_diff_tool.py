"""``tools/encoding_diff.py`` without a browser: its models of Chromium's
documented decoder deviations (a wrong model would hide a difference or
invent one), the inputs it makes, and its minimizer."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from markup5.encoding import ENCODINGS

from dev_tools import import_tool


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return import_tool("encoding_diff")


#: The examples of docs/browser-differences.md ("Encodings"): the bytes, the
#: standard's result and Chromium 150's (as the tool read it from the browser).
DOCUMENTED = [
    ("iso-2022-jp-failed-escape", "ISO-2022-JP", "1b 28 80 41", "\ufffd(\ufffdA", "\ufffd(A"),
    ("iso-2022-jp-failed-escape", "ISO-2022-JP", "1b 24 42 1b 28", "\ufffd\ufffd", "\ufffd("),
    ("euc-jp-jis0212-flag-kept", "EUC-JP", "8f a6 4c a4 a2", "\ufffdL\u3042", "\ufffdL\ufffd"),
    ("big5-two-code-points", "Big5", "88 62", "\u00ca\u0304", "\u0093\udf04"),
    ("big5-two-code-points", "Big5", "41 88 a5", "A\u00ea\u030c", "A\u00b3\udf0c"),
]


@pytest.mark.parametrize("deviation, name, data, standard, chromium", DOCUMENTED)
def test_documented_examples(tool: ModuleType, deviation: str, name: str, data: str,
                             standard: str, chromium: str) -> None:
    case = (name, bytes.fromhex(data), (1,))
    assert tool.markup5_results(case) == [standard, standard]
    assert tool.explain(case, [chromium, chromium]) == deviation
    # Chromium's result is put down to the deviation only where it is the model's.
    assert tool.explain(case, [chromium + "x", chromium + "x"]) is None
    assert tool.explain(case, [chromium, standard]) is None


#: Bytes that no deviation is about, for each modelled encoding: without
#: them the model must be the standard's decoder.
TRIGGERS = {"ISO-2022-JP": 0x1B, "EUC-JP": 0x8F, "Big5": 0x88}


@pytest.mark.parametrize("name", sorted(TRIGGERS))
def test_models_are_the_standard_without_their_trigger(tool: ModuleType, name: str) -> None:
    rng = random.Random(11)
    for _name, data, _cuts in tool.byte_strings(name, 3000, rng):
        data = data.replace(bytes([TRIGGERS[name]]), b"")
        models = [d.model(name, data) for d in tool.DEVIATIONS]
        assert [m for m in models if m is not None] == [ENCODINGS[name].decode(data)]


def test_models_are_only_about_their_encoding(tool: ModuleType) -> None:
    for deviation in tool.DEVIATIONS:
        modelled = [name for name in tool.NAMES if deviation.model(name, b"\x1b(\x80") is not None]
        assert len(modelled) == 1


def test_iso_2022_jp_model_keeps_complete_escapes(tool: ModuleType) -> None:
    """A complete escape sequence is decoded as the standard says (the model
    changes only failed ones): JIS X 0208, then back to ASCII."""
    data = b"\x1b$B\x24\x22\x1b(Bok"
    assert tool._iso_2022_jp_failed_escape("ISO-2022-JP", data) == "\u3042ok"
    assert ENCODINGS["ISO-2022-JP"].decode(data) == "\u3042ok"


def test_cases_are_reproducible_and_well_formed(tool: ModuleType) -> None:
    first = tool.byte_strings("Shift_JIS", 200, random.Random(5))
    assert first == tool.byte_strings("Shift_JIS", 200, random.Random(5))
    assert len(first) == 200
    for name, data, cuts in first:
        assert name == "Shift_JIS" and isinstance(data, bytes)
        assert list(cuts) == sorted(set(cuts)) and all(0 <= c <= len(data) for c in cuts)
    assert any(len(data) > 4 for _, data, _ in first)


@pytest.mark.parametrize("name", ["UTF-8", "UTF-16LE", "gb18030", "ISO-2022-JP", "EUC-KR",
                                  "windows-1252", "x-user-defined"])
def test_markup5_side_streams_as_it_decodes_whole(tool: ModuleType, name: str) -> None:
    for case in tool.byte_strings(name, 300, random.Random(3)):
        whole, streamed = tool.markup5_results(case)
        assert whole == streamed


def test_every_encoding_but_replacement_is_compared(tool: ModuleType) -> None:
    assert set(tool.NAMES) == set(ENCODINGS) - {"replacement"}


def test_minimize_drops_bytes_and_cuts(tool: ModuleType) -> None:
    calls = []

    def disagrees(cases: list[tuple[str, bytes, tuple[int, ...]]]) -> list[bool]:
        calls.append(len(cases))
        return [b"\x80" in data and b"A" in data for _, data, _ in cases]

    case = ("UTF-8", b"xx\x80yyAzz", (2, 5))
    assert tool.minimize(case, disagrees) == ("UTF-8", b"\x80A", ())
    assert calls[0] == 1  # the case without its cuts, first


def test_minimize_keeps_cuts_that_matter(tool: ModuleType) -> None:
    def disagrees(cases: list[tuple[str, bytes, tuple[int, ...]]]) -> list[bool]:
        return [bool(cuts) and b"\xe2" in data for _, data, cuts in cases]

    name, data, cuts = tool.minimize(("UTF-8", b"ab\xe2\x82cd", (3,)), disagrees)
    assert (name, data) == ("UTF-8", b"\xe2") and len(cuts) == 1 and 0 <= cuts[0] <= 1
