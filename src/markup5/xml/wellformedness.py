"""What XML 1.0 (fifth edition) and Namespaces in XML 1.0 (third edition)
say a well-formed document's pieces look like, as precompiled regexes and
small checks: names (§2.3 [4]-[7]), qualified names (Namespaces §3 [7]-[9]),
public identifier characters (§2.3 [13]) and the XML declaration (§2.8
[23]-[27], §2.9 [32], §4.3.3 [80]-[81]).

Pure module (``re`` only): the tokenizer and the tree builder use it with
``xml10_compatible`` to report well-formedness errors; the XML5 recovery
itself never looks at it.
"""

from __future__ import annotations

import re

__all__ = ["NAME_START_CHAR", "NAME_CHAR", "NAME", "NCNAME", "QNAME", "NMTOKEN",
           "PUBID_CHARS", "NOT_PUBID_CHAR", "INVALID_NAME_CHAR", "is_name", "is_qname",
           "name_error", "qname_error", "public_id_error", "check_xml_declaration"]

#: [4] NameStartChar, as the inside of a regex character class.
NAME_START_CHAR = (":A-Z_a-z\xc0-\xd6\xd8-\xf6\xf8-\u02ff\u0370-\u037d\u037f-\u1fff"
                   "\u200c\u200d\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf"
                   "\ufdf0-\ufffd\U00010000-\U000effff")
#: [4a] NameChar, as the inside of a regex character class.
NAME_CHAR = NAME_START_CHAR + "\\-.0-9\xb7\u0300-\u036f\u203f\u2040"
_NC_START = NAME_START_CHAR.replace(":", "", 1)
_NC_CHAR = NAME_CHAR.replace(":", "", 1)

#: [5] Name (use ``.fullmatch``).
NAME = re.compile(f"[{NAME_START_CHAR}][{NAME_CHAR}]*")
#: Namespaces [4] NCName: a Name without a colon.
NCNAME = re.compile(f"[{_NC_START}][{_NC_CHAR}]*")
#: Namespaces [7] QName: PrefixedName | UnprefixedName.
QNAME = re.compile(f"[{_NC_START}][{_NC_CHAR}]*(?::[{_NC_START}][{_NC_CHAR}]*)?")
#: [7] Nmtoken.
NMTOKEN = re.compile(f"[{NAME_CHAR}]+")
#: The first character of a name that is not a NameChar (or, first, not a
#: NameStartChar): where a name error is reported.
INVALID_NAME_CHAR = re.compile(f"[^{NAME_CHAR}]")
_NAME_FULLMATCH = NAME.fullmatch
_QNAME_FULLMATCH = QNAME.fullmatch

#: [13] PubidChar (without the quotes: a literal in '...' may not hold "'").
PUBID_CHARS = re.compile("[ \n\ra-zA-Z0-9\\-'()+,./:=?;!*#@$_%]*")
#: A character that is not a [13] PubidChar.
NOT_PUBID_CHAR = re.compile("[^ \n\ra-zA-Z0-9\\-'()+,./:=?;!*#@$_%]")


def is_name(s: str) -> bool:
    """Whether ``s`` matches [5] Name."""
    return _NAME_FULLMATCH(s) is not None


def is_qname(s: str) -> bool:
    """Whether ``s`` matches Namespaces [7] QName."""
    return _QNAME_FULLMATCH(s) is not None


def name_error(s: str) -> int:
    """Where ``s`` stops being a Name (an index into ``s``; ``len(s)`` for
    the empty string); -1 when it is one."""
    if _NAME_FULLMATCH(s) is not None:
        return -1
    if not s or NAME.match(s) is None:
        return 0
    m = INVALID_NAME_CHAR.search(s)
    return m.start() if m is not None else len(s)  # (always found)


def qname_error(s: str) -> str | None:
    """The namespace error in ``s`` (a Name that holds a colon), or None
    when it is a QName: ``colon-at-start-of-name`` ``:a``,
    ``colon-at-end-of-name`` ``a:``, ``multiple-colons-in-name`` ``a:b:c``,
    ``invalid-local-name`` ``a:1``."""
    if _QNAME_FULLMATCH(s) is not None:
        return None
    if s.startswith(":"):
        return "colon-at-start-of-name"
    if s.endswith(":"):
        return "colon-at-end-of-name"
    if s.count(":") > 1:
        return "multiple-colons-in-name"
    return "invalid-local-name"


def public_id_error(s: str) -> int:
    """The index of the first character of the public identifier ``s``
    that is not a [13] PubidChar, or -1."""
    m = NOT_PUBID_CHAR.search(s)
    return -1 if m is None else m.start()


# The XML declaration ----------------------------------------------------

_S = "[ \t\n\r]"
_S_RUN = re.compile(_S + "+").match
#: A pseudo-attribute: name, Eq ([25]: S? '=' S?), a quoted value.
_PSEUDO_ATTRIBUTE = re.compile(
    "([A-Za-z]+)" + _S + "*(=)?" + _S + "*(?:\"([^\"]*)\"|'([^']*)')?")
_VERSION_NUM = re.compile("1\\.[0-9]+").fullmatch          # [26]
_ENC_NAME = re.compile("[A-Za-z][A-Za-z0-9._\\-]*").fullmatch  # [81]
_ORDER = {"version": 0, "encoding": 1, "standalone": 2}
#: A well-formed declaration's data (the common case, one match).
_WELL_FORMED = re.compile(
    "version" + _S + "*=" + _S + "*(?:\"1\\.[0-9]+\"|'1\\.[0-9]+')"
    "(?:" + _S + "+encoding" + _S + "*=" + _S
    + "*(?:\"[A-Za-z][A-Za-z0-9._\\-]*\"|'[A-Za-z][A-Za-z0-9._\\-]*'))?"
    "(?:" + _S + "+standalone" + _S + "*=" + _S + "*(?:\"(?:yes|no)\"|'(?:yes|no)'))?"
    + _S + "*").fullmatch


def check_xml_declaration(data: str) -> list[tuple[str, int]]:
    """The errors in an XML declaration's data (what follows ``<?xml`` and
    its whitespace, up to ``?>``): ``(code, index into data)`` in order,
    empty for a well-formed declaration.  [23] XMLDecl: VersionInfo first
    and required, then EncodingDecl and SDDecl, each optional, in that
    order, each after whitespace; [24] the value is ``1.`` and digits;
    [81] EncName; [32] ``yes`` or ``no``; values in matching quotes."""
    errors: list[tuple[str, int]] = []
    if _WELL_FORMED(data) is not None:
        return errors
    n = len(data)
    pos = 0
    seen = -1  # the _ORDER of the last pseudo-attribute
    while True:
        space = _S_RUN(data, pos)
        start = pos if space is None else space.end()
        if start >= n:
            break
        if start == pos and pos > 0:
            errors.append(("missing-whitespace-in-xml-declaration", pos))
        m = _PSEUDO_ATTRIBUTE.match(data, start)
        if m is None or m.group(1) not in _ORDER:
            errors.append(("malformed-xml-declaration", start))
            return errors
        order = _ORDER[m.group(1)]
        if seen < 0 and order != 0:
            errors.append(("missing-version-in-xml-declaration", start))
        elif order <= seen:
            errors.append(("misordered-xml-declaration", start))
        seen = max(seen, order)
        if m.group(2) is None:
            errors.append(("malformed-xml-declaration", m.end(1)))
            return errors
        value = m.group(3) if m.group(3) is not None else m.group(4)
        if value is None:
            errors.append(("malformed-xml-declaration", m.end()))
            return errors
        if order == 0:
            if _VERSION_NUM(value) is None:
                errors.append(("invalid-version-in-xml-declaration", m.start(3) if m.group(3)
                               is not None else m.start(4)))
        elif order == 1:
            if _ENC_NAME(value) is None:
                errors.append(("invalid-encoding-name-in-xml-declaration", m.start(3) if
                               m.group(3) is not None else m.start(4)))
        elif value not in ("yes", "no"):
            errors.append(("invalid-standalone-in-xml-declaration", m.start(3) if m.group(3)
                           is not None else m.start(4)))
        pos = m.end()
    if seen < 0:
        errors.append(("missing-version-in-xml-declaration", n))
    return errors
