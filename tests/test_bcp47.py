"""markup5.bcp47: RFC 5646 well-formed and valid language tags.  Each case is
read off the RFC (§2.1 syntax, §2.2.2 extlang prefixes, §2.2.9 validity) and
the IANA registry's records."""

from __future__ import annotations

import pytest

from markup5.bcp47 import (REGISTRY_DATE, is_valid_language_tag, is_well_formed_language_tag,
                           language_tag_fault)

VALID = [
    "en", "en-GB", "EN-gb", "de-CH-1996", "sr-Latn-RS", "zh-Hant-TW", "es-419",
    "zh-yue-HK",            # yue is an extlang whose Prefix is zh
    "sl-rozaj-biske",       # two registered variants
    "en-US-x-twain", "x-whatever", "qaa", "en-Qaaa", "en-QM", "fr-XA",  # private-use ranges
    "i-klingon", "zh-min-nan", "art-lojban", "en-GB-oed",  # grandfathered
    "en-a-bbb-b-ccc",       # extensions with distinct singletons
]
INVALID = [
    ("bat-smg", "Bad extlang subtag “smg”."),   # smg is a language, not an extlang
    ("en-yue", "Bad extlang subtag “yue”."),    # yue's Prefix is zh, not en
    ("zh-yue-cmn", "Bad extlang subtag “cmn”."),  # the second extlang position is reserved
    ("zzz", "Bad language subtag “zzz”."),
    ("en-Abcd", "Bad script subtag “abcd”."),
    ("en-AA", ""),                              # AA is a private-use region: valid
    ("en-ZQ", "Bad region subtag “zq”."),
    ("de-1995", "Bad variant subtag “1995”."),
    ("de-1996-1996", "Duplicate variant subtag."),
    ("en-a-bbb-a-ccc", "Duplicate extension singleton."),
    ("en_GB", "Not a well-formed BCP 47 language tag."),
    ("", "Not a well-formed BCP 47 language tag."),
    ("abcdefghi", "Not a well-formed BCP 47 language tag."),
]


@pytest.mark.parametrize("tag", VALID)
def test_valid_tags(tag: str) -> None:
    assert language_tag_fault(tag) == ""
    assert is_valid_language_tag(tag) and is_well_formed_language_tag(tag)


@pytest.mark.parametrize(("tag", "fault"), INVALID)
def test_invalid_tags_say_why(tag: str, fault: str) -> None:
    assert language_tag_fault(tag) == fault
    assert is_valid_language_tag(tag) == (fault == "")


@pytest.mark.parametrize("tag", ["bat-smg", "zzz-Qaaa", "en-ZQ", "de-1996-1996"])
def test_well_formed_but_not_valid(tag: str) -> None:
    assert is_well_formed_language_tag(tag) and not is_valid_language_tag(tag)


def test_registry_date_and_bad_arguments() -> None:
    assert REGISTRY_DATE[:4].isdigit()
    with pytest.raises(TypeError, match="tag must be a str"):
        language_tag_fault(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="tag must be a str"):
        is_well_formed_language_tag(b"en")  # type: ignore[arg-type]


def test_checker_reports_unregistered_subtags_in_vnu_words() -> None:
    from markup5.conformance import check
    page = "<!DOCTYPE html><html lang=en><title>t</title><body lang=bat-smg>"
    (message,) = [m for m in check(page) if m.severity == "error"]
    assert message.message == ("Bad value “bat-smg” for attribute “lang” on element “body”: "
                               "Bad language tag: Bad extlang subtag “smg”.")
