"""BCP 47 language tags (RFC 5646): well-formed and valid.

HTML asks for "a valid BCP 47 language tag" in ``lang``, ``hreflang`` and
``srclang`` (HTML §3.2.6.2).  RFC 5646 §2.2.9 defines two classes:

* **well-formed**: the tag matches the ``Language-Tag`` ABNF of §2.1
  (:func:`is_well_formed_language_tag`);
* **valid**: well-formed, and every language, extended language, script,
  region and variant subtag is in the IANA Language Subtag Registry (or it is
  a grandfathered tag), each extended language subtag follows its registered
  Prefix (§2.2.2), and no variant and no extension singleton appears twice
  (:func:`language_tag_fault`, :func:`is_valid_language_tag`).

The registry is the one of :data:`REGISTRY_DATE` (``tools/gen_bcp47_registry.py``
writes it from the IANA file).  Comparisons are ASCII case-insensitive, as
RFC 5646 §2.1.1 says.  Every function runs in time linear in the tag.

>>> language_tag_fault("en-GB")
''
>>> language_tag_fault("bat-smg")
'Bad extlang subtag “smg”.'
>>> is_valid_language_tag("zh-yue-HK"), is_valid_language_tag("en-yue")
(True, False)
"""

from __future__ import annotations

import re

from . import _bcp47_registry as _registry

__all__ = ["REGISTRY_DATE", "is_valid_language_tag", "is_well_formed_language_tag",
           "language_tag_fault"]

#: The File-Date of the IANA Language Subtag Registry the validity check uses.
REGISTRY_DATE: str = _registry.FILE_DATE

#: RFC 5646 §2.1 "Language-Tag": langtag / privateuse / grandfathered (the
#: irregular ones; the regular ones are langtags in form).  Groups: language,
#: extlangs, script, region, variants, extensions.
_LANGUAGE_TAG = re.compile(r"""
(?:
  (?P<language>[a-z]{2,3})(?P<extlang>(?:-[a-z]{3}){0,3})
  |(?P<language4>[a-z]{4}|[a-z]{5,8})
)
(?:-(?P<script>[a-z]{4}))?
(?:-(?P<region>[a-z]{2}|[0-9]{3}))?
(?P<variants>(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*)
(?P<extensions>(?:-[0-9a-wyz](?:-[a-z0-9]{2,8})+)*)
(?:-x(?:-[a-z0-9]{1,8})+)?
\Z
|x(?:-[a-z0-9]{1,8})+\Z
|(?P<irregular>en-gb-oed|i-ami|i-bnn|i-default|i-enochian|i-hak|i-klingon|i-lux|i-mingo
 |i-navajo|i-pwn|i-tao|i-tay|i-tsu|sgn-be-fr|sgn-be-nl|sgn-ch-de)\Z
""", re.VERBOSE | re.ASCII | re.IGNORECASE)
_SINGLETON = re.compile(r"-([0-9a-wyz])(?=-)", re.ASCII | re.IGNORECASE)


def _ranges(subtags: frozenset[str]) -> tuple[frozenset[str], tuple[tuple[str, str], ...]]:
    return (frozenset(s for s in subtags if ".." not in s),
            tuple((s.split("..")[0], s.split("..")[1]) for s in subtags if ".." in s))


_LANGUAGES = _ranges(_registry.LANGUAGE)
_SCRIPTS = _ranges(_registry.SCRIPT)
_REGIONS = _ranges(_registry.REGION)


def _registered(subtag: str, table: tuple[frozenset[str], tuple[tuple[str, str], ...]]) -> bool:
    names, ranges = table
    return subtag in names or any(len(subtag) == len(low) and low <= subtag <= high
                                  for low, high in ranges)


def is_well_formed_language_tag(tag: str) -> bool:
    """Whether ``tag`` is a well-formed BCP 47 language tag (RFC 5646 §2.1,
    §2.2.9).  ``"en-GB"``, ``"x-whatever"`` and ``"qqq-Zzzz"`` are; ``"en_GB"``
    and ``"english"`` (nine letters) are not."""
    if not isinstance(tag, str):
        raise TypeError(f"tag must be a str, not {type(tag).__name__}")
    return _LANGUAGE_TAG.match(tag) is not None


def language_tag_fault(tag: str) -> str:
    """Why ``tag`` is not a valid BCP 47 language tag (RFC 5646 §2.2.9), as
    a short sentence in the Nu Html Checker's words ("Bad extlang subtag
    “smg”."); ``""`` when it is valid."""
    if not isinstance(tag, str):
        raise TypeError(f"tag must be a str, not {type(tag).__name__}")
    match = _LANGUAGE_TAG.match(tag)
    if match is None:
        return "Not a well-formed BCP 47 language tag."
    lowered = tag.lower()
    if match.group("irregular") or lowered in _registry.GRANDFATHERED:
        return ""
    if lowered.startswith("x-"):
        return ""  # private use
    language = (match.group("language") or match.group("language4") or "").lower()
    if not _registered(language, _LANGUAGES):
        return f"Bad language subtag “{language}”."
    extlangs = [e for e in (match.group("extlang") or "").lower().split("-") if e]
    if len(extlangs) > 1:
        # §2.2.2: the second and third extlang positions are permanently reserved.
        return f"Bad extlang subtag “{extlangs[1]}”."
    if extlangs:
        prefix = _registry.EXTLANG_PREFIX.get(extlangs[0])
        if prefix is None or prefix != language:
            return f"Bad extlang subtag “{extlangs[0]}”."
    script = (match.group("script") or "").lower()
    if script and not _registered(script, _SCRIPTS):
        return f"Bad script subtag “{script}”."
    region = (match.group("region") or "").lower()
    if region and not _registered(region, _REGIONS):
        return f"Bad region subtag “{region}”."
    variants = [v for v in (match.group("variants") or "").lower().split("-") if v]
    for variant in variants:
        if variant not in _registry.VARIANT:
            return f"Bad variant subtag “{variant}”."
    if len(set(variants)) != len(variants):
        return "Duplicate variant subtag."
    extensions = match.group("extensions") or ""
    if extensions:
        singletons = [s.lower() for s in _SINGLETON.findall(extensions + "-")]
        if len(set(singletons)) != len(singletons):
            return "Duplicate extension singleton."
    return ""


def is_valid_language_tag(tag: str) -> bool:
    """Whether ``tag`` is a valid BCP 47 language tag (RFC 5646 §2.2.9):
    :func:`language_tag_fault` gives the reason when it is not."""
    return language_tag_fault(tag) == ""
