"""The attribute rules: which attributes an element may have, which it must
have, obsolete elements and attributes, and attribute values (§3.2.6,
§2.3, each element's section, §16).  Tables in ``_elements``."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from ..dom import Element, Text
from ..forms import is_valid_email_address, is_valid_email_address_list
from ..microsyntax import (
    is_boolean_attribute_value_valid,
    is_valid_date_string,
    is_valid_date_string_with_optional_time,
    is_valid_duration_string,
    is_valid_float,
    is_valid_float_list,
    is_valid_global_datetime_string,
    is_valid_integer,
    is_valid_local_datetime_string,
    is_valid_month_string,
    is_valid_non_negative_integer,
    is_valid_normalized_local_datetime_string,
    is_valid_time_string,
    is_valid_timezone_offset_string,
    is_valid_week_string,
    is_valid_yearless_date_string,
)
from ._elements import (
    ANY_ATTRIBUTE_ELEMENTS,
    ARIA_ATTRIBUTES,
    BOOLEAN_ATTRIBUTES,
    ELEMENT_ATTRIBUTES,
    ENUMERATED_ATTRIBUTES,
    GLOBAL_ATTRIBUTES,
    NO_ROLE_ELEMENTS,
    OBSOLETE_ATTRIBUTES,
    OBSOLETE_ELEMENTS,
    RDFA_ATTRIBUTES,
)
from ._messages import Report
from ..bcp47 import language_tag_fault
from ._urls import plainly_valid_url, url_fault

__all__ = ["AttributeChecker"]


#: §8.1.8.2 event handler content attributes (on elements, and the body/
#: frameset ones on body: window event handlers).
_EVENT_HANDLERS: frozenset[str] = frozenset("on" + name for name in """
abort auxclick beforeinput beforematch beforetoggle blur cancel canplay canplaythrough change
click close command contextlost contextmenu contextrestored copy cuechange cut dblclick drag
dragend dragenter dragleave dragover dragstart drop durationchange emptied ended error focus
formdata input invalid keydown keypress keyup load loadeddata loadedmetadata loadstart
mousedown mouseenter mouseleave mousemove mouseout mouseover mouseup paste pause play playing
progress ratechange reset resize scroll scrollend securitypolicyviolation seeked seeking
select slotchange stalled submit suspend timeupdate toggle volumechange waiting
webkitanimationend webkitanimationiteration webkitanimationstart webkittransitionend wheel
afterprint beforeprint beforeunload hashchange languagechange message messageerror offline
online pageswap pagehide pagereveal pageshow popstate rejectionhandled storage
unhandledrejection unload
animationstart animationiteration animationend animationcancel transitionrun
transitionstart transitionend transitioncancel pointerover pointerenter pointerdown
pointermove pointerrawupdate pointerup pointercancel pointerout pointerleave
gotpointercapture lostpointercapture touchstart touchend touchmove touchcancel
focusin focusout selectstart selectionchange
""".split())

_ASCII_WHITESPACE = re.compile(r"[\t\n\f\r ]")
_WHITESPACE_CHARACTERS = frozenset("\t\n\f\r ")
#: XML 1.0 (fifth edition) NameChar without ":" (§2.3 "Names and Tokens"),
#: for the rest of an XML-compatible name (HTML §2.1.3 "XML-compatible").
_XML_NAME_CHARACTERS = re.compile(
    "[-.0-9A-Z_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF"
    "\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF"
    "\uFDF0-\uFFFD\U00010000-\U000EFFFF\u0300-\u036F]*\\Z")

# Values checked by a microsyntax: (element, attribute) -> (test, what).
_NON_NEGATIVE = (is_valid_non_negative_integer, "a valid non-negative integer")
_INTEGER = (is_valid_integer, "a valid integer")
_FLOAT = (is_valid_float, "a valid floating-point number")


def _is_positive_integer(value: str) -> bool:
    return is_valid_non_negative_integer(value) and int(value) > 0


_POSITIVE = (_is_positive_integer, "a valid non-negative integer greater than zero")
_NUMBER_ATTRIBUTES: dict[str, dict[str, tuple[Callable[[str], bool], str]]] = {
    "img": {"width": _NON_NEGATIVE, "height": _NON_NEGATIVE},
    "source": {"width": _NON_NEGATIVE, "height": _NON_NEGATIVE},
    "iframe": {"width": _NON_NEGATIVE, "height": _NON_NEGATIVE},
    "embed": {"width": _NON_NEGATIVE, "height": _NON_NEGATIVE},
    "object": {"width": _NON_NEGATIVE, "height": _NON_NEGATIVE},
    "video": {"width": _NON_NEGATIVE, "height": _NON_NEGATIVE},
    "canvas": {"width": _NON_NEGATIVE, "height": _NON_NEGATIVE},
    "input": {"width": _NON_NEGATIVE, "height": _NON_NEGATIVE, "maxlength": _NON_NEGATIVE,
              "minlength": _NON_NEGATIVE, "size": _POSITIVE},
    "textarea": {"maxlength": _NON_NEGATIVE, "minlength": _NON_NEGATIVE, "cols": _POSITIVE,
                 "rows": _POSITIVE},
    "select": {"size": _POSITIVE},
    "td": {"colspan": _POSITIVE, "rowspan": _NON_NEGATIVE},
    "th": {"colspan": _POSITIVE, "rowspan": _NON_NEGATIVE},
    "col": {"span": _POSITIVE}, "colgroup": {"span": _POSITIVE},
    "ol": {"start": _INTEGER}, "li": {"value": _INTEGER},
    # §4.7.3: ins/del datetime is a valid date string with optional time.
    "ins": {"datetime": (is_valid_date_string_with_optional_time,
                         "a valid date string with optional time")},
    "del": {"datetime": (is_valid_date_string_with_optional_time,
                         "a valid date string with optional time")},
    "progress": {"value": _FLOAT, "max": _FLOAT},
    "meter": {"value": _FLOAT, "min": _FLOAT, "max": _FLOAT, "low": _FLOAT, "high": _FLOAT,
              "optimum": _FLOAT},
}


#: §16.1: a script's type that is a JavaScript MIME type essence (the
#: MIME Sniffing Standard's list) is unnecessary.
_JAVASCRIPT_TYPES: frozenset[str] = frozenset({
    "application/ecmascript", "application/javascript", "application/x-ecmascript",
    "application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0",
    "text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4",
    "text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript",
    "text/x-javascript",
})
_OBSOLETE_BUT_CONFORMING = frozenset({"a", "style", "script"})
_REQUIRED = frozenset({"img", "link", "meta", "base", "bdo", "meter", "map", "track",
                       "optgroup", "source", "html", "a", "area", "input", "object",
                       "option", "time", "script", "button", "select", "textarea", "output",
                       "fieldset"})
#: §4.5.1, §4.8.14: attributes that must be omitted when href is absent.
_HREF_DEPENDENT = {
    "a": ("target", "download", "ping", "rel", "hreflang", "type", "referrerpolicy"),
    "area": ("target", "download", "ping", "rel", "referrerpolicy"),
}
#: §4.2.4 sizes on link: only with rel icon (and the two Apple icon
#: extensions, as vnu allows).
_ICON_RELS = frozenset({"icon", "apple-touch-icon", "apple-touch-icon-precomposed"})


#: §7.3.1.5: attributes whose value is a valid navigable target name or
#: keyword, and the elements they are on.
_NAVIGABLE_TARGETS: dict[str, frozenset[str]] = {
    "target": frozenset({"a", "area", "base", "form"}),
    "formtarget": frozenset({"button", "input"}),
    "name": frozenset({"iframe", "object"}),
}
_TARGET_KEYWORDS = frozenset({"_blank", "_self", "_parent", "_top"})


def _navigable_target_fault(value: str) -> str:
    """What is wrong with a navigable target name or keyword (§7.3.1.5:
    a valid navigable target name has at least one character, does not
    start with "_", and does not contain both an ASCII tab or newline and
    "<"; the keywords match ASCII case-insensitively); "" if nothing."""
    if not value:
        return "Browsing context name must be at least one character long."
    if value[0] == "_":
        if value.lower() in _TARGET_KEYWORDS:
            return ""
        return "Browsing context name starts with an underscore but is not a keyword."
    if "<" in value and ("\t" in value or "\n" in value):
        return "Browsing context name contains “<” and a tab or newline."
    return ""


#: Per HTML element: every attribute name it takes (its own, the global
#: ones, the event handlers, the aria-* and RDFa ones; data-* by prefix).
_COMMON_ATTRIBUTES = GLOBAL_ATTRIBUTES | _EVENT_HANDLERS | ARIA_ATTRIBUTES | RDFA_ATTRIBUTES
_ALLOWED: dict[str, frozenset[str]] = {
    name: own | (_COMMON_ATTRIBUTES - {"role"} if name in NO_ROLE_ELEMENTS else _COMMON_ATTRIBUTES)
    for name, own in ELEMENT_ATTRIBUTES.items()}

# Kinds of value rule.
(_BOOLEAN, _ENUMERATED, _ENUMERATED_CASE_SENSITIVE, _NUMBER, _TARGET, _LANG, _URL,
 _ABSOLUTE_URLS, _MIME_TYPE, _SRCSET, _ACCESSKEY, _HASH_NAME, _SIZES,
 _MEDIA, _AUTOCOMPLETE, _RDFA_PREFIX) = range(16)
_SRCSET_ELEMENTS = {"img": "srcset", "source": "srcset", "link": "imagesrcset"}
_WIDTH_DESCRIPTOR = re.compile(r"[0-9]+w\Z")


_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
# A CSS <length> (CSS Values §5-6): a number with a length unit, or a zero;
# no percentages in sizes.
_CSS_LENGTH = re.compile(
    r"([+-]?)([0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"(px|em|ex|ch|rem|lh|rlh|cap|ic|rex|rcap|rch|ric|vw|vh|vmin|vmax|vi|vb|svw|svh|lvw|lvh|"
    r"dvw|dvh|svi|svb|lvi|lvb|dvi|dvb|svmin|svmax|lvmin|lvmax|dvmin|dvmax|cqw|cqh|cqi|cqb|"
    r"cqmin|cqmax|cm|mm|q|in|pt|pc)?\Z", re.IGNORECASE)
_CSS_FUNCTION = re.compile(r"(?:calc|min|max|clamp)\(", re.IGNORECASE)
_MEDIA_FEATURE = re.compile(r"[A-Za-z\-][^{}\[\];]*\Z")


_PARENTHESIS = re.compile(r"[()]")
#: The tokens of a media condition: a parenthesis, or a run of anything else
#: but whitespace (a word).
_CONDITION_TOKEN = re.compile(r"\s*(?:([()])|([^()\s]+))")


def _balanced_groups(text: str) -> list[str] | None:
    """The top-level parenthesized groups and the words between them, or
    None when the parentheses do not balance."""
    parts: list[str] = []
    depth, start = 0, 0
    for found in _PARENTHESIS.finditer(text):
        index = found.start()
        if found.group() == "(":
            if depth == 0:
                parts.extend(text[start:index].split())
                start = index
            depth += 1
        else:
            depth -= 1
            if depth < 0:
                return None
            if depth == 0:
                parts.append(text[start:index + 1])
                start = index + 1
    if depth:
        return None
    parts.extend(text[start:].split())
    return parts


# The states of one level of a media condition.
_WANT_FIRST, _WANT_GROUP, _WANT_OPERATOR = 0, 1, 2


def _is_media_condition(text: str) -> bool:
    """Media Queries 4 <media-condition>, as far as a checker without CSS
    can tell: ["not"] (group) [("and" | "or") (group)]..., each group a
    feature ``(name)`` / ``(name: value)`` / ``(range)`` or a nested
    condition ("(" or "not " first).

    One pass over the text with a stack of levels, no recursion: a nested
    condition pushes a level, and a feature's text is matched once, where
    it ends, so the work is linear however deep the nesting."""
    # Per level: [state, negated].  A feature group is read to its matching
    # ")" as one piece (its own parentheses, if any, balanced).
    levels: list[list[int]] = [[_WANT_FIRST, 0]]
    position, end = 0, len(text)
    while True:
        token = _CONDITION_TOKEN.match(text, position)
        if token is None:  # (only whitespace left)
            break
        position = token.end()
        level = levels[-1]
        state = level[0]
        if token.group(2) is not None:  # a word
            word = token.group(2).lower()
            if state == _WANT_FIRST and word == "not":
                level[0], level[1] = _WANT_GROUP, 1
            elif state == _WANT_OPERATOR and not level[1] and word in ("and", "or"):
                level[0] = _WANT_GROUP
            else:
                return False
        elif token.group(1) == "(":
            if state == _WANT_OPERATOR:
                return False
            level[0] = _WANT_OPERATOR
            # A nested condition starts with "(" or with "not" and a space (U+0020)
            # before more of the group.
            inner = _CONDITION_TOKEN.match(text, position)
            after = (_CONDITION_TOKEN.match(text, inner.end())
                     if inner is not None and inner.end() < end
                     and text[inner.end()] == " " else None)
            if inner is not None and (inner.group(1) == "(" or (
                    inner.group(2) is not None and inner.group(2).lower() == "not"
                    and after is not None and after.group(1) != ")")):
                levels.append([_WANT_FIRST, 0])  # a nested condition
                continue
            # A feature: to the matching ")".
            depth, close = 1, -1
            for found in _PARENTHESIS.finditer(text, position):
                depth += 1 if found.group() == "(" else -1
                if depth == 0:
                    close = found.start()
                    break
            if close < 0:
                return False
            if _MEDIA_FEATURE.match(text[position:close].strip()) is None:
                return False
            position = close + 1
        else:  # ")": the end of a nested condition
            if state != _WANT_OPERATOR or len(levels) == 1:
                return False
            levels.pop()
    return len(levels) == 1 and levels[0][0] == _WANT_OPERATOR


def _source_size_value_fault(value: str) -> str:
    if _CSS_FUNCTION.match(value) and value.endswith(")"):
        return ""
    match = _CSS_LENGTH.match(value)
    if match is None:
        return f"Expected a CSS length but found “{value}”."
    sign, number, unit = match.group(1), match.group(2), match.group(3)
    if unit is None and float(number) != 0:
        return f"Expected a unit after “{value}”."
    if sign == "-" and float(number) != 0:
        return "Expected a non-negative length."
    return ""


def sizes_fault(value: str, lazy: bool) -> str:
    """What is wrong with a ``sizes`` value (§4.8.4.2.2 "valid source size
    list"), or "": source sizes ``<media-condition> <length>`` separated by
    commas, the last one without a media condition; ``auto`` only first
    and only on a lazily loaded img (``lazy``)."""
    text = _CSS_COMMENT.sub(" ", value)
    entries = []
    depth, start = 0, 0
    for index, character in enumerate(text):
        if character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
        elif character == "," and depth == 0:
            entries.append(text[start:index].strip())
            start = index + 1
    entries.append(text[start:].strip())
    for index, entry in enumerate(entries):
        if not entry:
            return "Empty source size."
        last = index == len(entries) - 1
        if entry.endswith(")") and not _CSS_FUNCTION.search(entry):
            return "A source size list must end with a source size value."
        if entry.endswith(")"):
            function = [m.start() for m in _CSS_FUNCTION.finditer(entry)][-1]
            condition, size = entry[:function].strip(), entry[function:]
        else:
            condition, _, size = entry.rpartition(" ")
            condition = condition.strip()
        if size.lower() == "auto":
            if index != 0 or condition or not lazy:
                return "“auto” is only allowed first, without a media condition, on an “img” with loading=lazy."
            continue
        fault = _source_size_value_fault(size)
        if fault:
            return fault
        if last:
            if condition and not _is_media_condition(condition):
                return f"Bad media condition “{condition}”."
        elif not condition:
            return "Only the last source size may be without a media condition."
        elif not _is_media_condition(condition):
            return f"Bad media condition “{condition}”."
    return ""


_MEDIA_TYPES = frozenset({"all", "print", "screen"})
# Media Queries 4 §2.3: deprecated media types, which conformance checkers reject.
_DEPRECATED_MEDIA_TYPES = frozenset({"tty", "tv", "projection", "handheld", "braille",
                                     "embossed", "aural", "speech"})
_LENGTH_FEATURES = frozenset(
    f"{prefix}{name}" for prefix in ("", "min-", "max-")
    for name in ("width", "height", "device-width", "device-height"))
_INTEGER_FEATURES = frozenset(
    f"{prefix}{name}" for prefix in ("", "min-", "max-")
    for name in ("color", "color-index", "monochrome"))
_RESOLUTION_FEATURES = frozenset({"resolution", "min-resolution", "max-resolution"})
#: Media Queries 4 §"Deprecated Media Features" (Appendix A): device-width,
#: device-height, device-aspect-ratio and their min-/max- forms.
_DEPRECATED_FEATURES = frozenset(
    f"{prefix}{name}" for prefix in ("", "min-", "max-")
    for name in ("device-aspect-ratio", "device-width", "device-height"))
_RESOLUTION = re.compile(r"[+]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:dpi|dpcm|dppx|x)\Z",
                         re.IGNORECASE)
_MEDIA_FEATURE_EXPRESSION = re.compile(
    r"\(\s*([A-Za-z][A-Za-z0-9\-]*)\s*(?::\s*([^();{}\[\]]*?)\s*)?\)\Z")


def _media_feature_fault(group: str) -> str:
    match = _MEDIA_FEATURE_EXPRESSION.match(group)
    if match is None:
        # Nested conditions and range forms: their parentheses balance.
        return "" if _is_media_condition(group) else f"Bad media feature “{group}”."
    name, value = match.group(1).lower(), match.group(2)
    if name in _DEPRECATED_FEATURES:
        return (f"Deprecated media feature “{name}”. For guidance, see the Deprecated Media "
                f"Features section in the current Media Queries specification.")
    if value is None:
        return ""
    if not value:
        return f"Missing value for media feature “{name}”."
    if name in _LENGTH_FEATURES:
        length = _CSS_LENGTH.match(value)
        if length is None or (length.group(3) is None and float(length.group(2)) != 0):
            return f"Expected a length for media feature “{name}” but found “{value}”."
    elif name in _INTEGER_FEATURES:
        if not value.isdigit():
            return f"Expected an integer for media feature “{name}” but found “{value}”."
    elif name in _RESOLUTION_FEATURES:
        if _RESOLUTION.match(value) is None:
            return f"Expected a resolution for media feature “{name}” but found “{value}”."
    return ""


def media_query_list_fault(value: str) -> str:
    """What is wrong with a media query list (Media Queries 4 §3, as far as a
    checker without CSS can tell), or "": comma-separated queries, each
    ``[not|only] TYPE [and (feature)]...`` or a media condition; the media
    types all, print and screen; features' values typed for the common
    features; deprecated types and features are errors."""
    text = _CSS_COMMENT.sub(" ", value).strip(" \t\n\f\r")
    if not text:
        return ""
    for query in text.split(","):
        query = query.strip(" \t\n\f\r")
        if not query:
            return "Empty media query."
        words = query.split(None, 1)
        first = words[0].lower()
        if first.startswith("("):
            parts = _balanced_groups(query)
            rest_parts = parts or []
            kind_parts = rest_parts
        elif first == "not" and len(words) == 2 and words[1].startswith("("):
            # <media-not> = not <media-in-parens>: one group, no and/or after it.
            parts = _balanced_groups(words[1])
            if not parts or len(parts) != 1:
                return f"Parse error in “{query}”."
            fault = _media_feature_fault(parts[0])
            if fault:
                return fault
            continue
        else:
            if first in ("not", "only"):
                if len(words) < 2:
                    return f"Expected a media type after “{words[0]}”."
                words = words[1].split(None, 1)
                first = words[0].lower()
            if not first.isascii() or first not in _MEDIA_TYPES:
                if first in _DEPRECATED_MEDIA_TYPES:
                    return f"The media “{first}” has been deprecated."
                return f"Unrecognized media “{words[0]}”."
            if len(words) == 1:
                continue
            parts = _balanced_groups(words[1])
            if not parts or parts[0].lower() != "and":
                return f"Expected “and” after the media type in “{query}”."
            kind_parts = parts[1:]
        if not kind_parts or len(kind_parts) % 2 == 0:
            return f"Parse error in “{query}”."
        for index, part in enumerate(kind_parts):
            if index % 2:
                if part.lower() not in ("and", "or"):
                    return f"Parse error in “{query}”."
            else:
                fault = _media_feature_fault(part)
                if fault:
                    return fault
        if re.search(r"(?i)\b(?:and|or|not)\(", query):
            return f"Parse error in “{query}”: a space is needed before “(”."
    return ""


#: §4.10.18.7.1 autofill field names: those that take no contact prefix, and
#: the contact ones (after home, work, mobile, fax or pager).
_AUTOFILL_FIELDS = frozenset("""
name honorific-prefix given-name additional-name family-name honorific-suffix nickname
username new-password current-password one-time-code organization-title organization
street-address address-line1 address-line2 address-line3 address-level4 address-level3
address-level2 address-level1 country country-name postal-code cc-name cc-given-name
cc-additional-name cc-family-name cc-number cc-exp cc-exp-month cc-exp-year cc-csc cc-type
transaction-currency transaction-amount language bday bday-day bday-month bday-year sex url
photo
""".split())
_AUTOFILL_CONTACT_FIELDS = frozenset("""
tel tel-country-code tel-national tel-area-code tel-local tel-local-prefix tel-local-suffix
tel-extension email impp
""".split())
_AUTOFILL_CONTACTS = frozenset({"home", "work", "mobile", "fax", "pager"})


def autocomplete_fault(value: str) -> str:
    """What is wrong with an autocomplete value on a form control
    (§4.10.18.7.1: "on", "off", or an autofill detail tokens list:
    [section-*] [shipping|billing] ([contact] contact-field | field)
    [webauthn]), or ""."""
    tokens = value.lower().split()
    if not tokens:
        return "Must not be empty."
    if tokens in (["on"], ["off"]):
        return ""
    index = 0
    if tokens[0].startswith("section-"):
        index = 1
    if index < len(tokens) and tokens[index] in ("shipping", "billing"):
        index += 1
    if index < len(tokens) and tokens[index] in _AUTOFILL_CONTACTS:
        index += 1
        if index >= len(tokens) or tokens[index] not in _AUTOFILL_CONTACT_FIELDS:
            return ("A contact token (home, work, mobile, fax, pager) must be followed by a "
                    "contact field name (tel..., email, impp).")
        index += 1
    elif index < len(tokens) and (tokens[index] in _AUTOFILL_FIELDS
                                  or tokens[index] in _AUTOFILL_CONTACT_FIELDS):
        index += 1
    elif index < len(tokens) and tokens[index] == "webauthn" and index == len(tokens) - 1:
        return "“webauthn” must follow an autofill field name."
    else:
        token = tokens[index] if index < len(tokens) else tokens[-1]
        if token.startswith("section-"):
            return "A “section-*” indicator must only appear as the first token in a list of autofill detail tokens."
        if token in ("shipping", "billing"):
            return (f"The token “{token}” must only appear as either the first token in a list "
                    f"of autofill detail tokens, or, if the first token is a “section-*” "
                    f"indicator, as the second token.")
        return f"The string “{token}” is not a valid autofill field name."
    if index < len(tokens) and tokens[index] == "webauthn":
        index += 1
    if index < len(tokens):
        token = tokens[index]
        if token in _AUTOFILL_CONTACTS:
            return f"The token “{token}” must only appear before any autofill field names."
        if token.startswith("section-"):
            return "A “section-*” indicator must only appear as the first token in a list of autofill detail tokens."
        if token in ("shipping", "billing"):
            return (f"The token “{token}” must only appear as either the first token in a list "
                    f"of autofill detail tokens, or, if the first token is a “section-*” "
                    f"indicator, as the second token.")
        return f"Unexpected token “{token}” after the autofill field name."
    return ""


#: A run of ASCII whitespace, or of anything else, from a position (srcset
#: scanning in one call a run, not a character at a time; a run may be
#: empty, so there is always a match).
_RunMatch = Callable[[str, int], "re.Match[str]"]
_WHITESPACE_RUN = cast(_RunMatch, re.compile(r"[\t\n\f\r ]*").match)
_NON_WHITESPACE_RUN = cast(_RunMatch, re.compile(r"[^\t\n\f\r ]*").match)


def srcset_fault(value: str) -> tuple[str, bool]:
    """(what is wrong with a srcset value, or ""; whether it uses width
    descriptors): §4.8.4.2 "image candidate strings" separated by commas,
    each a valid non-empty URL not starting or ending with a comma and an
    optional width ("Nw", N > 0) or pixel density ("Fx", F > 0) descriptor;
    no two with the same descriptor (none is 1x); not both kinds."""
    whitespace = "\t\n\f\r "
    position, end = 0, len(value)
    widths: set[int] = set()
    densities: set[float] = set()
    while True:
        position = _WHITESPACE_RUN(value, position).end()
        if position == end:
            break
        start = position
        position = _NON_WHITESPACE_RUN(value, position).end()
        url = value[start:position]
        if url.startswith(","):
            return ("Starts with empty image-candidate string." if not (widths or densities)
                    else f"Empty image-candidate string at “{value}”."), bool(widths)
        descriptor = ""
        if url.endswith(","):
            stripped = url.rstrip(",")
            if len(url) - len(stripped) > 1:
                return f"Empty image-candidate string at “{value}”.", bool(widths)
            url = stripped
            trailing_comma = True
        else:
            comma = value.find(",", position)
            stop = end if comma < 0 else comma
            descriptor = value[position:stop].strip(whitespace)
            position = stop + 1 if comma >= 0 else end
            trailing_comma = comma >= 0
        fault = ("" if url and plainly_valid_url(url) is not None
                 else url_fault(url, non_empty=True))
        if fault:
            return f"Bad image-candidate URL: “{url}”: {fault}", bool(widths)
        if not descriptor:
            density = 1.0
            if density in densities:
                return "Density for an image is identical to another image's.", bool(widths)
            densities.add(density)
        elif _WIDTH_DESCRIPTOR.match(descriptor) and int(descriptor[:-1]) > 0:
            width = int(descriptor[:-1])
            if width in widths:
                return "Width for an image is identical to another image's.", True
            widths.add(width)
        elif (descriptor.endswith("x") and is_valid_float(descriptor[:-1])
              and float(descriptor[:-1]) > 0):
            density = float(descriptor[:-1])
            if density in densities:
                return "Density for an image is identical to another image's.", bool(widths)
            densities.add(density)
        else:
            return (f"Expected a width (“Nw”) or density (“Fx”) descriptor but found "
                    f"“{descriptor}”."), bool(widths)
        if widths and densities:
            return "Mixes width and density descriptors.", True
        if trailing_comma:
            # (only whitespace left? a scan, not a slice of the rest: the
            # loop's next step skips the same whitespace, so linear)
            if _WHITESPACE_RUN(value, position).end() == end:
                return f"Empty image-candidate string at “{value}”.", bool(widths)
    if not (widths or densities):
        return "Must contain one or more image candidate strings.", False
    return "", bool(widths)

#: MIME Sniffing Standard §4.2 "valid MIME type string": type "/" subtype,
#: then parameters (";" name "=" token or quoted string), HTTP whitespace
#: around the ";" only.
_HTTP_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z\-]+"
_MIME_TYPE_STRING = re.compile(
    rf"{_HTTP_TOKEN}/{_HTTP_TOKEN}(?:[ \t\n\r]*;[ \t\n\r]*{_HTTP_TOKEN}="
    rf"(?:{_HTTP_TOKEN}|\"(?:[^\"\\]|\\.)*\"))*\Z")
#: Attributes whose value is a valid MIME type string (§4.5.1 a, §4.2.4
#: link, §4.8.6 embed, §4.8.7 object, §4.8.2 source).
_MIME_TYPE_ELEMENTS = frozenset({"a", "link", "embed", "object", "source"})

#: HTML §2.4.1: attributes whose value is a valid URL potentially surrounded
#: by spaces (False) or a valid non-empty one (True), by element.
_URL_ATTRIBUTES: dict[str, dict[str, bool]] = {
    "a": {"href": False}, "area": {"href": False}, "base": {"href": False},
    "link": {"href": True},
    "blockquote": {"cite": False}, "q": {"cite": False}, "del": {"cite": False},
    "ins": {"cite": False},
    "img": {"src": True}, "iframe": {"src": True}, "embed": {"src": True},
    "video": {"src": True, "poster": True}, "audio": {"src": True}, "source": {"src": True},
    "track": {"src": True}, "script": {"src": True},
    "input": {"src": True, "formaction": True}, "button": {"formaction": True},
    "form": {"action": True}, "object": {"data": True},
}
#: HTML §4.10.5 (the input element's "bookkeeping details" and the summary
#: table): the content attributes that apply only to some states of the
#: type attribute, and those states (by keyword).  On an input in another
#: state each "must not be specified" (vnu: "not allowed ... at this point").
_TEXTLIKE = ("text", "search", "url", "tel", "email", "password")
_DATELIKE = ("date", "month", "week", "time", "datetime-local")
_INPUT_ATTRIBUTE_TYPES: dict[str, frozenset[str]] = {
    attribute: frozenset(types) for attribute, types in {
        "accept": ("file",),
        "alpha": ("color",),
        "alt": ("image",),
        "autocomplete": ("hidden",) + _TEXTLIKE + _DATELIKE + ("number", "range", "color"),
        "checked": ("checkbox", "radio"),
        "colorspace": ("color",),
        "dirname": ("hidden",) + _TEXTLIKE + ("submit", "reset", "button"),
        "formaction": ("submit", "image"),
        "formenctype": ("submit", "image"),
        "formmethod": ("submit", "image"),
        "formnovalidate": ("submit", "image"),
        "formtarget": ("submit", "image"),
        "height": ("image",),
        "width": ("image",),
        "list": ("text", "search", "url", "tel", "email") + _DATELIKE
        + ("number", "range", "color"),
        "max": _DATELIKE + ("number", "range"),
        "min": _DATELIKE + ("number", "range"),
        "step": _DATELIKE + ("number", "range"),
        "maxlength": _TEXTLIKE,
        "minlength": _TEXTLIKE,
        "pattern": _TEXTLIKE,
        "size": _TEXTLIKE,
        "multiple": ("email", "file"),
        "placeholder": _TEXTLIKE + ("number",),
        "popovertarget": ("submit", "image", "reset", "button"),
        "popovertargetaction": ("submit", "image", "reset", "button"),
        "readonly": _TEXTLIKE + _DATELIKE + ("number",),
        "required": _TEXTLIKE + _DATELIKE + ("number", "checkbox", "radio", "file"),
        "src": ("image",),
        "value": ("hidden",) + _TEXTLIKE + _DATELIKE + ("number", "range", "color",
                                                          "checkbox", "radio", "submit",
                                                          "reset", "button"),
    }.items()}
_INPUT_TYPES: frozenset[str] = ENUMERATED_ATTRIBUTES["input"]["type"]
#: The attributes whose misplacement vnu words as "is only allowed when the
#: input type is ..." (the others: "not allowed ... at this point").
_LISTED_INPUT_ATTRIBUTES = frozenset({"autocomplete", "list", "maxlength", "minlength",
                                      "pattern", "placeholder", "readonly", "required"})


def _is_valid_year(value: str) -> bool:
    """§2.3.5.x "valid year": four or more ASCII digits, not all zero."""
    return len(value) >= 4 and value.isascii() and value.isdigit() and value.strip("0") != ""


def is_valid_time_datetime(value: str) -> bool:
    """§4.5.14: a time element's datetime value (and its text without
    one): a valid month, date, yearless date, time, local date and time,
    time-zone offset, global date and time, week or year string, or a
    valid duration string."""
    return (is_valid_date_string(value) or is_valid_time_string(value)
            or is_valid_local_datetime_string(value) or is_valid_global_datetime_string(value)
            or is_valid_month_string(value) or is_valid_yearless_date_string(value)
            or is_valid_week_string(value) or is_valid_timezone_offset_string(value)
            or _is_valid_year(value) or is_valid_duration_string(value))


#: §4.10.5.1.x: the value (and min, max) syntax of the date-like and
#: number-like states: (test, vnu's name of the format).
_INPUT_VALUE_SYNTAX: dict[str, tuple[Callable[[str], bool], str]] = {
    "date": (is_valid_date_string, "date"),
    "month": (is_valid_month_string, "month"),
    "week": (is_valid_week_string, "week"),
    "time": (is_valid_time_string, "time"),
    "datetime-local": (is_valid_normalized_local_datetime_string, "datetime-local"),
    "number": (is_valid_float, "float"),
    "range": (is_valid_float, "float"),
}
#: RDFa Core 1.1 §7.5 (the prefix attribute, which vnu checks with the
#: other RDFa attributes): whitespace-separated pairs of an NCName with ":"
#: and a URI (no whitespace in it).
_RDFA_PREFIX_LIST = re.compile(
    r"[\t\n\f\r ]*(?:[A-Za-z_][A-Za-z0-9_.\-]*:[\t\n\f\r ]+[^\t\n\f\r ]+"
    r"(?:[\t\n\f\r ]+|\Z))*\Z")
#: §4.2.5.3 Encoding declaration state: the only conforming content.
_CONTENT_TYPE_UTF8 = re.compile(r"text/html;[\t\n\f\r ]*charset=utf-8\Z", re.IGNORECASE)
#: §4.10.19.1 form-associated elements whose name must not be empty.
_FORM_CONTROL_NAMES = frozenset({"input", "button", "select", "textarea", "output",
                                 "fieldset"})
#: §4.2.4 link sizes: "any" or WIDTHxHEIGHT (no leading zeros), unique.
_ICON_SIZE = re.compile(r"[1-9][0-9]*[xX][1-9][0-9]*\Z")

_ValueRule = tuple[int, object]


def _value_rules(name: str) -> dict[str, _ValueRule]:
    """The value rule of each attribute of element ``name`` that has one
    ("*": the global attributes only), built once per element."""
    rules: dict[str, _ValueRule] = {
        "tabindex": (_NUMBER, _INTEGER), "lang": (_LANG, None),
        "itemid": (_URL, False), "itemtype": (_ABSOLUTE_URLS, None),
        "accesskey": (_ACCESSKEY, None), "prefix": (_RDFA_PREFIX, None)}
    for attribute, non_empty in _URL_ATTRIBUTES.get(name, {}).items():
        rules[attribute] = (_URL, non_empty)
    if name == "img":
        rules["usemap"] = (_HASH_NAME, None)
    if name in ("a", "area", "link"):
        rules["hreflang"] = (_LANG, True)
    if name == "track":
        rules["srclang"] = (_LANG, True)
    if name in _MIME_TYPE_ELEMENTS:
        rules["type"] = (_MIME_TYPE, None)
    if name in ("input", "select", "textarea"):
        rules["autocomplete"] = (_AUTOCOMPLETE, None)
    if name in ("link", "style", "source", "meta"):
        rules["media"] = (_MEDIA, None)
    if name in _SRCSET_ELEMENTS:
        rules[_SRCSET_ELEMENTS[name]] = (_SRCSET, None)
        rules["imagesizes" if name == "link" else "sizes"] = (_SIZES, None)
    for attribute, keywords in ENUMERATED_ATTRIBUTES["*"].items():
        rules[attribute] = (_ENUMERATED, keywords)
    for attribute in BOOLEAN_ATTRIBUTES["*"]:
        rules[attribute] = (_BOOLEAN, None)
    for attribute, elements in _NAVIGABLE_TARGETS.items():
        if name in elements:
            rules[attribute] = (_TARGET, None)
    for attribute, number in _NUMBER_ATTRIBUTES.get(name, {}).items():
        rules[attribute] = (_NUMBER, number)
    for attribute, keywords in ENUMERATED_ATTRIBUTES.get(name, {}).items():
        # (§4.4.5: ol type's keywords are case-sensitive: "a" and "A" differ)
        kind = _ENUMERATED_CASE_SENSITIVE if (name, attribute) == ("ol", "type") else _ENUMERATED
        rules[attribute] = (kind, keywords)
    for attribute in BOOLEAN_ATTRIBUTES.get(name, ()):
        rules[attribute] = (_BOOLEAN, None)
    return rules


_VALUE_RULES: dict[str, dict[str, _ValueRule]] = {
    name: _value_rules(name) for name in ELEMENT_ATTRIBUTES}
_GLOBAL_VALUE_RULES = _value_rules("*")


def _q(text: str) -> str:
    return f"“{text}”"


# What check() does besides the attribute names and values, per element.
_META, _BUT_CONFORMING, _NEEDS_REQUIRED = 1, 2, 4
#: §16.1: the attribute without which an obsolete-but-conforming rule has
#: nothing to say.
_BUT_CONFORMING_TRIGGER = {"a": "name", "style": "type", "script": "type"}

#: Per listed HTML element, check()'s plan: (the obsolete-element message or
#: None, the attribute names it takes, whether it takes any attribute
#: without ":" (embed), its value rules and their attribute names,
#: _META | _BUT_CONFORMING | _NEEDS_REQUIRED).  Built once.
_Plan = tuple[str | None, frozenset[str], bool, dict[str, _ValueRule], frozenset[str], int]
_PLANS: dict[str, _Plan] = {
    name: ((f"The {_q(name)} element is obsolete. {OBSOLETE_ELEMENTS[name]}".rstrip()
            if name in OBSOLETE_ELEMENTS else None),
           own, name in ANY_ATTRIBUTE_ELEMENTS,
           _VALUE_RULES[name], frozenset(_VALUE_RULES[name]),
           (_META if name == "meta" else 0)
           | (_BUT_CONFORMING if name in _OBSOLETE_BUT_CONFORMING else 0)
           | (_NEEDS_REQUIRED if name in _REQUIRED else 0))
    for name, own in _ALLOWED.items()}


class AttributeChecker:
    """The attribute rules over one document.  ``check(element)`` is called
    for each element in document order (the walk is the caller's); the
    checker keeps the ids seen so far, for ``duplicate-id``."""

    __slots__ = ("_report", "_ids", "_figures")

    def __init__(self, report: Report) -> None:
        self._report = report
        self._ids: dict[str, Element] = {}
        #: id() of a figure -> the img it captions (see _captioned_img), or None.
        self._figures: dict[int, Element | None] = {}

    def check(self, element: Element) -> None:
        """All attribute rules for one HTML element.  (One lookup of the
        element's plan, _PLANS; an element with no attributes that no rule
        needs costs nothing more, and the value rules run only when an
        attribute has one.)"""
        name = element.local_name
        attrs = element.attrs
        plan = _PLANS.get(name)
        if plan is None:
            self._check_unlisted(element, name, attrs)
            return
        obsolete, own, any_attribute, rules, rule_names, flags = plan
        if obsolete is not None:
            self._report("obsolete-element", "error", element, obsolete)
        if attrs:
            if not own.issuperset(attrs):
                self._not_allowed(element, name, attrs, own, any_attribute)
            ident = attrs.get("id")
            if ident is not None and not (
                    ident and _WHITESPACE_CHARACTERS.isdisjoint(ident)
                    and self._ids.setdefault(ident, element) is element):
                self._id(element, name, ident)  # (empty, spaces, or seen before)
            if not rule_names.isdisjoint(attrs):
                self._values(element, name, attrs, rules)
            if flags:
                if flags & _META:
                    self._meta_values(element, attrs)
                if flags & _BUT_CONFORMING and _BUT_CONFORMING_TRIGGER[name] in attrs:
                    self._obsolete_but_conforming(element, name, attrs)
        if flags & _NEEDS_REQUIRED and not (
                # (an a with href and without name: nothing required)
                name == "a" and "href" in attrs and "name" not in attrs):
            self._required(element, name, attrs)

    def _check_unlisted(self, element: Element, name: str, attrs: dict[str, str]) -> None:
        """check() for an element without a plan: an obsolete element not
        in the tables, an unknown element, a custom element (its global
        attributes' values)."""
        replacement = OBSOLETE_ELEMENTS.get(name)
        if replacement is not None:
            self._report("obsolete-element", "error", element,
                         f"The {_q(name)} element is obsolete. {replacement}".rstrip())
        if "id" in attrs:
            self._id(element, name, attrs["id"])
        if "-" in name:  # a custom element: the global attributes' values
            self._values(element, name, attrs, _GLOBAL_VALUE_RULES)

    def _not_allowed(self, element: Element, name: str, attrs: dict[str, str],
                     own: frozenset[str], any_attribute: bool) -> None:
        """The attributes not in the element's own set: data-*, xmlns and
        xml:lang, obsolete ones, and those not allowed."""
        report = self._report
        for attribute in attrs:
            if attribute in own:
                continue
            if attribute.startswith("data-") and len(attribute) > 5:
                if _XML_NAME_CHARACTERS.match(attribute, 5) is None:
                    # §3.2.6.6: a custom data attribute's name is
                    # XML-compatible (an XML Name without ":").
                    report("bad-attribute-name", "error", element,
                           "“data-*” attribute names must be XML 1.0 4th ed. plus "
                           "Namespaces NCNames.")
                continue
            if attribute == "xmlns" or attribute == "xml:lang":
                self._xml_attribute(element, name, attribute, attrs)
                continue
            obsolete = OBSOLETE_ATTRIBUTES.get((name, attribute))
            if obsolete is not None:
                report("obsolete-attribute", "error", element,
                       f"The {_q(attribute)} attribute on the {_q(name)} element is "
                       f"obsolete. {obsolete}".rstrip())
            elif not (any_attribute and ":" not in attribute):
                report("attribute-not-allowed", "error", element,
                       f"Attribute {_q(attribute)} not allowed on element {_q(name)} "
                       f"at this point.")

    def check_foreign(self, element: Element) -> None:
        """The rules for an element in another namespace (SVG, MathML): its
        ``id`` takes part in uniqueness (the DOM's ID of any element, as
        vnu counts them)."""
        attrs = element.attrs
        value = attrs.get("id")
        if value:
            self._duplicate_id(element, value)
        xmlns = attrs.get("xmlns")
        if xmlns is not None and xmlns != element.namespace:
            self._bad_xmlns(element, xmlns, element.namespace or "")

    def _bad_xmlns(self, element: Element, value: str, namespace: str) -> None:
        # §13.1.2.3 (attributes): an xmlns attribute must have exactly the
        # element's namespace as its value.
        self._report("bad-attribute-value", "error", element,
                     f"Bad value {_q(value)} for the attribute “xmlns” (only "
                     f"{_q(namespace)} permitted here).")

    def _xml_attribute(self, element: Element, name: str, attribute: str,
                       attrs: dict[str, str]) -> None:
        """§13.1.2.3: ``xmlns`` only with the value
        ``http://www.w3.org/1999/xhtml``; §3.2.6.2: ``xml:lang`` (no
        namespace, in HTML) only with a ``lang`` of the same value (ASCII
        case-insensitive)."""
        value = attrs[attribute]
        if attribute == "xmlns":
            if value != "http://www.w3.org/1999/xhtml":
                self._bad_xmlns(element, value, "http://www.w3.org/1999/xhtml")
        elif "lang" not in attrs or attrs["lang"].lower() != value.lower():
            self._report("xml-lang-without-lang", "error", element,
                         "When the attribute “xml:lang” in no namespace is specified, the "
                         "element must also have the attribute “lang” present with the same "
                         "value.")

    def _obsolete_but_conforming(self, element: Element, name: str,
                                 attrs: dict[str, str]) -> None:
        """§16.1 Obsolete but conforming features: warnings."""
        if name == "a" and "name" in attrs:
            self._report("obsolete-but-conforming", "warning", element,
                         "The “name” attribute on the “a” element is obsolete. Consider "
                         "putting an “id” attribute on the nearest container instead.")
        elif name == "style" and "type" in attrs:
            if attrs["type"].lower() == "text/css":
                self._report("obsolete-but-conforming", "warning", element,
                             "The “type” attribute for the “style” element is not needed and "
                             "should be omitted.")
            else:
                self._bad_value(element, name, "type", attrs["type"])
        elif name == "script" and attrs.get("type", "").lower() in _JAVASCRIPT_TYPES:
            self._report("obsolete-but-conforming", "warning", element,
                         "The “type” attribute is unnecessary for JavaScript resources.")

    def _bad_value(self, element: Element, name: str, attribute: str, value: str,
                   detail: str = "") -> None:
        text = f"Bad value {_q(value)} for attribute {_q(attribute)} on element {_q(name)}"
        self._report("bad-attribute-value", "error", element,
                     f"{text}: {detail}" if detail else text + ".")

    def _values(self, element: Element, name: str, attrs: dict[str, str],
                rules: dict[str, _ValueRule]) -> None:
        """§2.3.2 boolean and §2.3.3 enumerated attributes, numbers (§2.3.4),
        navigable target names (§7.3.1.5), language tags (§3.2.6.2), URLs,
        ...: one table lookup per attribute (``rules``: the element's)."""
        for attribute, value in attrs.items():
            rule = rules.get(attribute)
            if rule is None:
                continue
            kind, data = rule
            if kind == _URL:  # (the most frequent first)
                if value and plainly_valid_url(value) is not None:
                    continue
                fault = url_fault(value, non_empty=data is True)
                if fault:
                    self._bad_value(element, name, attribute, value, f"Bad URL: {fault}")
            elif kind == _BOOLEAN:
                if not is_boolean_attribute_value_valid(value, attribute):
                    self._bad_value(element, name, attribute, value)
            elif kind == _ENUMERATED:
                if not (value.isascii() and value.lower() in data):  # type: ignore[operator]
                    self._bad_value(element, name, attribute, value)
            elif kind == _ENUMERATED_CASE_SENSITIVE:
                if value not in data:  # type: ignore[operator]
                    self._bad_value(element, name, attribute, value)
            elif kind == _NUMBER:
                test, what = cast("tuple[Callable[[str], bool], str]", data)
                if not test(value):
                    self._bad_value(element, name, attribute, value, f"Expected {what}.")
            elif kind == _TARGET:
                detail = _navigable_target_fault(value)
                if detail:
                    self._bad_value(element, name, attribute, value, detail)
            elif kind == _ABSOLUTE_URLS:
                # §5.2.2 itemtype: unique space-separated absolute URLs (one or more).
                if not value.split():
                    self._bad_value(element, name, attribute, value,
                                    "Bad absolute URL: Must be non-empty.")
                for token in value.split():
                    fault = url_fault(token, absolute=True)
                    if fault:
                        self._bad_value(element, name, attribute, value,
                                        f"Bad absolute URL: {fault}")
                        break
            elif kind == _MIME_TYPE:
                if _MIME_TYPE_STRING.match(value) is None:
                    self._bad_value(element, name, attribute, value,
                                    "Bad MIME type: not a valid MIME type string.")
            elif kind == _SRCSET:
                fault, widths = srcset_fault(value)
                if fault:
                    self._bad_value(element, name, attribute, value, fault)
                elif (not widths and attrs.get("imagesizes" if name == "link" else "sizes")
                      is not None):
                    # §4.8.4.2: with sizes, every image candidate has a width descriptor.
                    self._bad_value(element, name, attribute, value,
                                    "No width specified for an image candidate. (When the "
                                    "“sizes” attribute is present, all image candidate "
                                    "strings must specify a width.)")
                elif widths and name != "link" and "sizes" not in attrs:
                    self._report("bad-attribute-combination", "error", element,
                                 "When the “srcset” attribute has any image candidate string "
                                 "with a width descriptor, the “sizes” attribute must also be "
                                 "specified.")
            elif kind == _ACCESSKEY:
                # §6.7.2: unique space-separated tokens, each one code point.
                labels = value.split()
                if not labels or any(len(label) != 1 for label in labels):
                    self._bad_value(element, name, attribute, value,
                                    "Bad key label list: each key label must be one character.")
                elif len(set(labels)) != len(labels):
                    self._bad_value(element, name, attribute, value,
                                    "Bad key label list: Duplicate key label. Each key label "
                                    "must be unique.")
            elif kind == _SIZES:
                fault = sizes_fault(value, name == "img"
                                    and attrs.get("loading", "").lower() == "lazy")
                if fault:
                    self._bad_value(element, name, attribute, value,
                                    f"Bad source size list: {fault}")
            elif kind == _AUTOCOMPLETE:
                # (on a hidden input "on" and "off" are errors too: _input)
                fault = autocomplete_fault(value)
                if fault:
                    self._bad_value(element, name, attribute, value, fault)
            elif kind == _MEDIA:
                fault = media_query_list_fault(value)
                if fault:
                    self._bad_value(element, name, attribute, value, f"Bad media query: {fault}")
            elif kind == _HASH_NAME:
                # §2.3.9 (syntax; whether it names a map is not checked yet)
                if len(value) < 2 or value[0] != "#":
                    self._bad_value(element, name, attribute, value,
                                    "Bad hash-name reference: A hash-name reference must "
                                    "have at least one character after “#”.")
            elif kind == _RDFA_PREFIX:
                # RDFa Core 1.1 §7.5: "prefix: URI" pairs, whitespace-separated.
                if _RDFA_PREFIX_LIST.match(value) is None:
                    self._bad_value(element, name, attribute, value)
            elif kind == _LANG:
                # §3.2.6.2 lang (or ""), §4.6.7 hreflang, §4.8.11 srclang: "a valid
                # BCP 47 language tag" (RFC 5646 §2.2.9: subtags registered).
                if value or data:
                    fault = language_tag_fault(value)
                    if fault:
                        self._bad_value(element, name, attribute, value,
                                        f"Bad language tag: {fault}")

    def _meta_values(self, element: Element, attrs: dict[str, str]) -> None:
        """§4.2.5.4 meta charset, §4.2.5.3 the encoding declaration's
        content, and where they may be (after the other value rules)."""
        name = "meta"
        charset = attrs.get("charset")
        if charset is not None and charset.lower() != "utf-8":
            self._report("bad-attribute-value", "error", element,
                         "The only allowed value for the “charset” attribute for the "
                         "“meta” element is “utf-8”.")
        content_type = attrs.get("http-equiv", "").lower() == "content-type"
        if content_type and "content" in attrs:
            # §4.2.5.3 Encoding declaration state: content is "text/html;",
            # optional ASCII whitespace, "charset=utf-8" (ASCII case-insensitive).
            content = attrs["content"]
            if _CONTENT_TYPE_UTF8.match(content) is None:
                self._bad_value(element, name, "content", content,
                                "“charset=” must be followed by “utf-8”."
                                if "charset=" in content.lower() else
                                "Expected “text/html; charset=utf-8”.")
        location = element.source_location
        if ((charset is not None or content_type) and location is not None
                and location.end_offset > 1024):
            # §4.2.5.4: the element containing the character encoding
            # declaration must be serialized completely within the first
            # 1024 bytes (an offset in characters past 1024 is past 1024
            # bytes too).
            self._report("misplaced-charset", "error", element,
                         f"A “{'charset' if charset is not None else 'http-equiv'}” "
                         f"attribute on a “meta” element found after the first 1024 bytes.")

    def _missing(self, element: Element, name: str, attribute: str) -> None:
        self._report("missing-required-attribute", "error", element,
                     f"Element {_q(name)} is missing required attribute {_q(attribute)}.")

    def _missing_one_of(self, element: Element, name: str, attributes: tuple[str, ...]) -> None:
        listed = ", ".join(_q(a) for a in attributes)
        self._report("missing-required-attribute", "error", element,
                     f"Element {_q(name)} is missing one or more of the following "
                     f"attributes: {listed}.")

    def _required(self, element: Element, name: str, attrs: dict[str, str]) -> None:
        """Attributes an element must have (each element's section)."""
        if name == "a" or name == "area":  # (the most frequent first)
            if name == "area":
                self._area_coords(element, attrs)
            elif attrs.get("name") == "":
                self._bad_value(element, name, "name", "", "Bad id: An ID must not be the "
                                "empty string.")
            if "href" not in attrs:
                if any(a in attrs for a in _HREF_DEPENDENT[name]):
                    self._missing(element, name, "href")
            elif name == "area" and "alt" not in attrs:
                # §4.8.14: an area with href must have alt.
                self._missing(element, name, "alt")
            return
        if name in _FORM_CONTROL_NAMES and "name" in attrs:
            # §4.10.19.1: a form control's name is not empty and not "isindex".
            if attrs["name"] == "":
                self._bad_value(element, name, "name", "", "Must not be empty.")
            elif attrs["name"] == "isindex":
                self._report("bad-attribute-value", "error", element,
                             f"The value “isindex” for the “name” attribute of the {_q(name)} "
                             f"element is not allowed.")
        if name == "img" and "sizes" in attrs and "srcset" not in attrs:
            self._report("bad-attribute-combination", "error", element,
                         "The “sizes” attribute must only be specified if the “srcset” "
                         "attribute is also specified.")
        if name == "img":
            # §4.8.3: src must be present; §4.8.4.4.16: alt may be omitted
            # only with a non-empty title, inside a figure with a figcaption,
            # or with generator-unable-to-provide-required-alt.
            if "src" not in attrs:
                self._missing(element, name, "src")
            if ("alt" not in attrs and not attrs.get("title")
                    and "generator-unable-to-provide-required-alt" not in attrs
                    and not self._in_captioned_figure(element)):
                self._report("missing-alt", "error", element,
                             "An “img” element must have an “alt” attribute, except under "
                             "certain conditions. For details, consult guidance on providing "
                             "text alternatives for images.")
        elif name == "link":
            # §4.2.4: href or imagesrcset; rel or itemprop.
            if "href" not in attrs and "imagesrcset" not in attrs:
                self._report("missing-required-attribute", "error", element,
                             "A “link” element must have an “href” or “imagesrcset” "
                             "attribute, or both.")
            if "rel" not in attrs and "itemprop" not in attrs:
                self._missing_one_of(element, name, ("itemprop", "rel"))
            elif "rel" in attrs and "itemprop" in attrs:
                # §4.2.4: "either a rel attribute or an itemprop attribute, but not both"
                self._report("attribute-not-allowed", "error", element,
                             "Attribute “itemprop” not allowed on element “link” at this point.")
            sizes = attrs.get("sizes")
            if sizes is not None:
                # §4.2.4: unique tokens (ASCII case-insensitive), each "any" or
                # WIDTH "x" HEIGHT without leading zeros.
                tokens = sizes.lower().split()
                if (not tokens or len(set(tokens)) != len(tokens)
                        or any(t != "any" and _ICON_SIZE.match(t) is None for t in tokens)):
                    self._bad_value(element, name, "sizes", sizes)
            rels = attrs.get("rel", "").lower().split()
            if "imagesrcset" in attrs and attrs.get("as", "").lower() != "image":
                self._report("bad-attribute-combination", "error", element,
                             "A “link” element with an “imagesrcset” attribute must have an "
                             "“as” attribute with value “image”.")
            if "as" in attrs and "preload" not in rels and "modulepreload" not in rels:
                # §4.2.4: as only with rel preload or modulepreload.
                self._report("bad-attribute-combination", "error", element,
                             "A “link” element with an “as” attribute must have a “rel” "
                             "attribute that contains the value “preload” or the value "
                             "“modulepreload”.")
            if "sizes" in attrs and _ICON_RELS.isdisjoint(attrs.get("rel", "").lower().split()):
                self._report("bad-attribute-combination", "error", element,
                             "A “link” element with a “sizes” attribute must have a “rel” "
                             "attribute that contains the value “icon” or the value "
                             "“apple-touch-icon” or the value “apple-touch-icon-precomposed”.")
        elif name == "meta":
            # §4.2.5: exactly one of name, http-equiv, charset, itemprop;
            # content with name, http-equiv or itemprop.
            # (property: RDFa, allowed as vnu does; see RDFA_ATTRIBUTES)
            kinds = [a for a in ("charset", "http-equiv", "itemprop", "name", "property")
                     if a in attrs]
            if not kinds:
                self._missing_one_of(element, name, ("charset", "http-equiv", "itemprop",
                                                     "name", "property"))
            elif len(kinds) > 1 and "property" not in kinds:
                self._report("bad-attribute-combination", "error", element,
                             "A “meta” element must have exactly one of the “name”, "
                             "“http-equiv”, “charset” and “itemprop” attributes, not "
                             + ", ".join(_q(k) for k in kinds) + ".")
            elif kinds[0] != "charset" and "content" not in attrs:
                self._missing(element, name, "content")
            elif "property" in attrs and "itemprop" in attrs:
                # (RDFa's property stands for name, as vnu has it: a meta with
                # property is not an itemprop meta as well)
                self._report("attribute-not-allowed", "error", element,
                             "Attribute “itemprop” not allowed on element “meta” at this point.")
            elif attrs.get("http-equiv", "").lower() == "content-language":
                # §4.2.5.3 Content language state: "This feature is non-conforming."
                self._report("obsolete-feature", "error", element,
                             "Using the “meta” element to specify the document-wide default "
                             "language is obsolete. Consider specifying the language on the root "
                             "element instead.")
            elif (attrs.get("http-equiv", "").lower() == "x-ua-compatible"
                  and attrs["content"].lower() != "ie=edge"):
                # §4.2.5.3 X-UA-Compatible state: content is "IE=edge".
                self._report("bad-attribute-value", "error", element,
                             "A “meta” element with an “http-equiv” attribute whose value is "
                             "“X-UA-Compatible” must have a “content” attribute with the value "
                             "“IE=edge”.")
        elif name == "input":
            self._input(element, attrs)
        elif name == "time":
            # §4.5.14: datetime is a valid time-datetime string.
            value = attrs.get("datetime")
            if value is not None and not is_valid_time_datetime(value):
                self._bad_value(element, name, "datetime", value,
                                "The literal did not satisfy the time-datetime format.")
        elif name == "script":
            self._script(element, attrs)
        elif name == "select":
            self._select(element, attrs)
        elif name == "base":
            if "href" not in attrs and "target" not in attrs:
                self._missing_one_of(element, name, ("href", "target"))
        elif name == "bdo":
            if "dir" not in attrs:
                self._report("missing-required-attribute", "error", element,
                             "Element “bdo” must have attribute “dir”.")
        elif name == "object":
            # §4.8.7: data, or type (vnu asks for one of them).
            if "data" not in attrs and "type" not in attrs:
                self._missing_one_of(element, name, ("data", "type"))
        elif name == "option":
            if attrs.get("label") == "":
                self._bad_value(element, name, "label", "", "Bad non-empty string: Must not be "
                                "empty.")
        elif name in ("meter", "map", "track", "optgroup"):
            required = {"meter": "value", "map": "name", "track": "src",
                        "optgroup": "label"}[name]
            if required not in attrs:
                self._missing(element, name, required)
        elif name == "source":
            # §4.8.2: in a picture, srcset (and no src); in a media element,
            # src (and no srcset, sizes, width, height).
            parent = element.parent
            if isinstance(parent, Element) and parent.namespace == element.namespace:
                if parent.local_name == "picture":
                    if "srcset" not in attrs:
                        self._missing(element, name, "srcset")
                    not_here: tuple[str, ...] = ("src",)
                elif parent.local_name in ("audio", "video"):
                    if "src" not in attrs:
                        self._missing(element, name, "src")
                    not_here = ("srcset", "sizes", "width", "height")
                else:
                    not_here = ()
                for attribute in not_here:
                    if attribute in attrs:
                        self._report("attribute-not-allowed", "error", element,
                                     f"Attribute {_q(attribute)} not allowed on element "
                                     f"“source” at this point.")
        elif name == "html":
            if "lang" not in attrs:
                self._report("missing-lang", "warning", element,
                             "Consider adding a “lang” attribute to the “html” start tag to "
                             "declare the language of this document.")

    def _input(self, element: Element, attrs: dict[str, str]) -> None:
        """§4.10.5: the attributes that apply to the input's type state
        (the others must not be specified), what the Image Button state
        requires, and the value, min, max and step syntax of each state."""
        report = self._report
        raw = attrs.get("type")
        kind = raw.lower() if raw is not None else "text"
        if kind not in _INPUT_TYPES:
            kind = "text"  # (the invalid value default; the value rules report the type)
        for attribute in attrs:
            types = _INPUT_ATTRIBUTE_TYPES.get(attribute)
            if types is not None and kind not in types:
                if attribute in _LISTED_INPUT_ATTRIBUTES:
                    # (vnu's words for these: the states that allow it, sorted)
                    listed = sorted(types)
                    states = ", ".join(_q(t) for t in listed[:-1]) + f", or {_q(listed[-1])}"
                    report("attribute-not-allowed", "error", element,
                           f"Attribute {_q(attribute)} is only allowed when the input type is "
                           f"{states}.")
                else:
                    report("attribute-not-allowed", "error", element,
                           f"Attribute {_q(attribute)} not allowed on element “input” at this "
                           f"point.")
        if kind == "image":
            # §4.10.5.1.20: src and a non-empty alt must be present.  (A
            # missing src is not reported: vnu does not, and the
            # conformance-checkers suite has an image input without src
            # that must only warn; see doc43_R.md.)
            if "alt" not in attrs:
                self._missing(element, "input", "alt")
            elif not attrs["alt"]:
                self._bad_value(element, "input", "alt", "", "Must not be empty.")
            return
        if kind == "hidden":
            # §4.10.18.7.1: on a hidden input, autocomplete is an autofill
            # anchor mantle: not "on" or "off".
            if attrs.get("autocomplete", "").strip("\t\n\f\r ").lower() in ("on", "off"):
                report("bad-attribute-value", "error", element,
                       "An “input” element with a “type” attribute whose value is “hidden” "
                       "must not have an “autocomplete” attribute whose value is “on” or "
                       "“off”.")
            return
        value = attrs.get("value")
        syntax = _INPUT_VALUE_SYNTAX.get(kind)
        if syntax is not None:
            test, what = syntax
            if value and not test(value):
                self._bad_value(element, "input", "value", value,
                                f"The literal did not satisfy the {what} format.")
            for attribute in ("min", "max"):
                bound = attrs.get(attribute)
                if bound is not None and not test(bound):
                    self._bad_value(element, "input", attribute, bound,
                                    f"The literal did not satisfy the {what} format.")
            step = attrs.get("step")
            if step is not None and step.lower() != "any" and not (
                    is_valid_float(step) and float(step) > 0):
                self._bad_value(element, "input", "step", step,
                                "Expected “any” or a valid floating-point number greater "
                                "than zero.")
        elif value is None:
            return
        elif kind == "url":
            # §4.10.5.1.4: if not empty, a valid URL potentially surrounded
            # by spaces that is an absolute URL.
            stripped = value.strip("\t\n\f\r ")
            fault = url_fault(stripped, absolute=True) if stripped else ""
            if fault:
                self._bad_value(element, "input", "value", value, f"Bad absolute URL: {fault}")
        elif kind == "email":
            # §4.10.5.1.5: a valid email address, or with multiple a valid
            # email address list (empty allowed).
            if "multiple" in attrs:
                if value.strip("\t\n\f\r ") and not is_valid_email_address_list(value):
                    self._bad_value(element, "input", "value", value,
                                    "Not a list of email addresses.")
            elif value and not is_valid_email_address(value):
                self._bad_value(element, "input", "value", value, "Not an email address.")
        elif kind in _TEXTLIKE:
            # §4.10.5.1.2, .3, .6: no LF or CR in the value.
            if "\n" in value or "\r" in value:
                self._bad_value(element, "input", "value", value,
                                "Line feed not allowed." if "\n" in value
                                else "Carriage return not allowed.")

    def _script(self, element: Element, attrs: dict[str, str]) -> None:
        """§4.12.1: classic scripts must not specify async or defer unless
        src is present; module scripts must not specify defer."""
        kind = attrs.get("type", "").strip("\t\n\f\r ").lower()
        if (kind == "" or kind in _JAVASCRIPT_TYPES) and "src" not in attrs:
            for attribute in ("async", "defer"):
                if attribute in attrs:
                    # (vnu's words: "inline classic" for async, "inline" for defer)
                    self._report(
                        "bad-attribute-combination", "error", element,
                        "An inline classic “script” element (i.e., a “script” element "
                        "without a “src” attribute and with a “type” attribute that is either "
                        "unspecified, empty, or a JavaScript MIME type) must not have an "
                        "“async” attribute." if attribute == "async" else
                        "An inline “script” element (i.e., a “script” element without a "
                        "“src” attribute and with a “type” attribute that is either "
                        "unspecified, empty, or a JavaScript MIME type) must not have a "
                        "“defer” attribute.")
        elif kind == "module" and "defer" in attrs:
            self._report("bad-attribute-combination", "error", element,
                         "A “script” element with “type=module” must not have a “defer” "
                         "attribute.")

    def _in_captioned_figure(self, img: Element) -> bool:
        """§4.8.4.4.13: an img without alt may be "in a figure element, and
        that figure element contains a figcaption element that contains
        content other than inter-element whitespace, and, ignoring the
        figcaption element and its descendants, the figure element has no
        flow content descendants other than inter-element whitespace and
        the img element".  Worked out once per figure (linear)."""
        parent = img.parent
        if not (isinstance(parent, Element) and parent.local_name == "figure"
                and parent.namespace == img.namespace):
            return False
        key = id(parent)
        if key not in self._figures:
            self._figures[key] = _captioned_img(parent)
        return self._figures[key] is img

    def _select(self, element: Element, attrs: dict[str, str]) -> None:
        """§4.10.7: a select with required, without multiple and with a
        display size of 1 must have a placeholder label option: its first
        option has an empty value and the select (not an optgroup) as its
        parent."""
        if "required" not in attrs or "multiple" in attrs:
            return
        size = attrs.get("size")
        if size is not None and is_valid_non_negative_integer(size) and int(size) > 1:
            return
        # The list of options: option children, and option children of
        # optgroup children (other wrappers, as in a customizable select,
        # leave the question open: no message then).
        first: Element | None = None
        other = False
        for child in element.children:
            if not isinstance(child, Element) or child.namespace != element.namespace:
                continue
            if child.local_name == "option":
                first = child
            elif child.local_name == "optgroup":
                first = next((c for c in child.children if isinstance(c, Element)
                              and c.local_name == "option"), None)
            else:
                other = True
            if first is not None:
                break
        if first is None:
            if other:
                return
            self._report("missing-required-child", "error", element,
                         "A “select” element with a “required” attribute, and without a "
                         "“multiple” attribute, and without a “size” attribute whose value "
                         "is greater than “1”, must have a child “option” element.")
            return
        value = first.attrs.get("value")
        if value is None:
            value = first.text.strip("\t\n\f\r ")
        if value or first.parent is not element:
            self._report("bad-attribute-combination", "error", first,
                         "The first “option” element in a “select” element with a "
                         "“required” attribute, and without a “multiple” attribute, and "
                         "without a “size” attribute whose value is greater than “1”, must "
                         "have either an empty “value” attribute, or must have no text "
                         "content. Consider either adding a placeholder option label, or "
                         "adding a “size” attribute with a value equal to the number of "
                         "“option” elements.")

    def _area_coords(self, element: Element, attrs: dict[str, str]) -> None:
        """§4.8.14: coords is a valid list of floating-point numbers, absent
        for shape=default, present for the others (rectangle, the default
        state: four numbers; circle: three; polygon: six or more, even)."""
        shape = attrs.get("shape", "rect").lower()
        coords = attrs.get("coords")
        if shape == "default":
            if coords is not None:
                self._report("attribute-not-allowed", "error", element,
                             "Attribute “coords” not allowed on element “area” at this point.")
            return
        if coords is None:
            if "shape" in attrs:
                self._missing(element, "area", "coords")
            return
        if not is_valid_float_list(coords):
            self._bad_value(element, "area", "coords", coords,
                            "Expected a valid list of floating-point numbers.")
            return
        count = coords.count(",") + 1
        if ((shape in ("rect", "rectangle") and count != 4) or (shape == "circle" and count != 3)
                or (shape in ("poly", "polygon") and (count < 6 or count % 2))):
            self._bad_value(element, "area", "coords", coords,
                            f"Wrong number of coordinates ({count}) for the shape “{shape}”.")

    def _id(self, element: Element, name: str, value: str) -> None:
        """§3.2.6: an id is unique in the tree, non-empty, without ASCII
        whitespace."""
        if not value:
            self._bad_value(element, name, "id", value, "An ID must not be the empty string.")
            return
        if _ASCII_WHITESPACE.search(value):
            self._bad_value(element, name, "id", value, "An ID must not contain whitespace.")
        self._duplicate_id(element, value)

    def _duplicate_id(self, element: Element, value: str) -> None:
        first = self._ids.setdefault(value, element)
        if first is not element:
            self._report("duplicate-id", "error", element, f"Duplicate ID {_q(value)}.")
            self._report("duplicate-id-first", "warning", first,
                         f"The first occurrence of ID {_q(value)} was here.")


def _captioned_img(figure: Element) -> Element | None:
    """The figure's only content besides its figcaptions and inter-element
    whitespace when that is one img and a figcaption has content, else None
    (§4.8.4.4.13)."""
    img: Element | None = None
    captioned = False
    for child in figure.children:
        if isinstance(child, Text):
            if child.data.strip("\t\n\f\r "):
                return None
        elif isinstance(child, Element):
            if child.local_name == "figcaption" and child.namespace == figure.namespace:
                if not captioned:
                    captioned = bool(child.text.strip("\t\n\f\r ")) or any(
                        isinstance(c, Element) for c in child.children)
            elif (img is None and child.local_name == "img"
                  and child.namespace == figure.namespace):
                img = child
            else:
                return None
    return img if captioned else None
