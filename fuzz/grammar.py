"""A pure-Python input generator: grammar-based markup and byte mutations.

Used where atheris is not installed (and for the smoke run in the test
suite).  Every input is a function of ``random.Random`` state only, so a
campaign is reproducible from its seed.

* :func:`html` writes tag soup from the elements whose parsing rules are
  special (tables, ``select``/``option``/``selectedcontent``, templates,
  foreign content and its integration points, formatting elements, raw text
  elements, frameset, forms), with attributes, character references,
  comments, DOCTYPEs, processing instructions and CDATA sections, mostly
  well-formed-looking and sometimes cut or broken.
* :func:`xml` does the same for XML5: prefixes and ``xmlns`` declarations,
  DOCTYPEs with internal subsets, PIs, CDATA, references.
* :func:`microsyntax` writes strings over the characters that the §2.3
  algorithms look at (digits, signs, ``- : T Z . , ; % #``, spaces, letters).
* :func:`mutate` applies byte mutations (flip, insert, delete, duplicate,
  splice, dictionary insertion) to a seed.
"""

from __future__ import annotations

import random

HTML_TAGS = (
    "html head body title meta link base style script noscript template "
    "p div span a b i u s em strong code nobr font big small tt strike "
    "table caption colgroup col tbody thead tfoot tr td th "
    "select option optgroup selectedcontent button datalist hr input keygen textarea "
    "form fieldset label object applet marquee embed img image isindex "
    "ul ol li dl dt dd menu dir pre listing xmp plaintext iframe noembed noframes "
    "frameset frame h1 h2 h3 h6 address article aside blockquote center details "
    "dialog figure footer header main nav search section summary "
    "ruby rb rt rtc rp br wbr area param source track math mi mo mn ms mtext "
    "annotation-xml mglyph malignmark svg foreignObject foreignobject desc clipPath "
    "feBlend g path circle font sarcasm x-custom"
).split()
ATTR_NAMES = ("id class style href name type value selected disabled multiple "
              "color face size encoding definitionURL xlink:href xml:lang xmlns "
              "xmlns:xlink charset http-equiv content src onclick a b c").split()
ATTR_VALUES = ("", "x", "text/html", "application/xhtml+xml", "hidden", "1", "red",
               "utf-8", "text/html; charset=koi8-r", "http://www.w3.org/1998/Math/MathML",
               "javascript:x", "&amp;", "a b", "\"'<>", "selected")
ENTITIES = ("&amp;", "&amp", "&lt", "&gt;", "&notin;", "&notit;", "&not", "&#0;",
            "&#x80;", "&#X10FFFF;", "&#xD800;", "&#65", "&#x;", "&#;", "&", "&ampx",
            "&AElig", "&nbsp;", "&#x110000;", "&#99999999999;", "&zwj;", "&x=")
JUNK = "<>&\"'/=!?-[] \t\n\r\x00\x0c\x0b\x7f\x80\ufffd\ud800\U0001f600aZ;#"
TEXT_WORDS = ("x", "hello", " ", "\n", "\r\n", "\t", "a b", "\x00", "\u00e9", "\ufeff",
              "-->", "]]>", "</", "<", ">", "&", "\r", "\u2028", "\ufdd0")


def _text(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.6:
        return rng.choice(TEXT_WORDS)
    if r < 0.8:
        return rng.choice(ENTITIES)
    return "".join(rng.choice(JUNK) for _ in range(rng.randint(1, 6)))


def _name(rng: random.Random, names: tuple[str, ...] | list[str]) -> str:
    name = rng.choice(names)
    r = rng.random()
    if r < 0.1:
        name = name.upper()
    elif r < 0.13:
        name = name + rng.choice(JUNK)
    return name


def _attrs(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 3))):
        name = _name(rng, ATTR_NAMES)
        q = rng.random()
        value = rng.choice(ATTR_VALUES) if rng.random() < 0.8 else _text(rng)
        if q < 0.2:
            parts.append(f" {name}")
        elif q < 0.5:
            parts.append(f" {name}={value.replace(' ', '')}")
        elif q < 0.8:
            parts.append(f' {name}="{value}"')
        else:
            parts.append(f" {name}='{value}'")
    return "".join(parts)


#: Small sets of elements whose rules interact: drawn from one set, a short
#: input meets the interactions often (the 42-byte select/selectedcontent
#: denial of service is three tags of the first set).
FAMILIES = (
    ("select", "option", "optgroup", "selectedcontent", "button", "div", "hr", "datalist",
     "input", "p", "span", "b"),
    ("table", "tbody", "tr", "td", "th", "caption", "colgroup", "col", "p", "b", "a", "form",
     "template", "select", "input"),
    ("b", "i", "a", "p", "div", "nobr", "font", "s", "em", "table", "td", "button", "li"),
    ("svg", "math", "foreignObject", "desc", "title", "mi", "mtext", "annotation-xml", "p",
     "font", "b", "table", "body", "br", "mglyph", "malignmark"),
    ("template", "html", "head", "body", "frameset", "frame", "noframes", "td", "caption",
     "script", "style", "title", "form", "col"),
    ("form", "div", "p", "button", "li", "ul", "dd", "dt", "h1", "h2", "pre", "textarea",
     "listing", "plaintext", "xmp", "noscript", "ruby", "rt", "rp"),
)


def _html_item(rng: random.Random, tags: tuple[str, ...] | list[str] = HTML_TAGS) -> str:
    r = rng.random()
    if r < 0.45:
        tag = _name(rng, tags)
        end = rng.choice(("", "", "", "", "/", " /"))
        return f"<{tag}{_attrs(rng)}{end}>"
    if r < 0.65:
        return f"</{_name(rng, tags)}>"
    if r < 0.85:
        return _text(rng)
    if r < 0.89:
        return rng.choice(("<!--", "<!-- c -->", "<!---->", "<!-->", "<!--x--!>", "-->",
                           "<!--<!--", "--!>"))
    if r < 0.92:
        return rng.choice(("<!DOCTYPE html>", "<!doctype html PUBLIC \"-//W3C//DTD HTML 4.01//EN\">",
                           "<!DOCTYPE>", "<!DOCTYPE html SYSTEM 'about:legacy-compat'>",
                           "<!DOCTYPE x PUBLIC", "<!doctypehtml"))
    if r < 0.95:
        return rng.choice(("<?xml version=\"1.0\"?>", "<?php x ?>", "<?", "<?x>", "<?x?>",
                           "<?x y", "?>", "<?x-y z=\"?>\"?>"))
    if r < 0.98:
        return rng.choice(("<![CDATA[", "<![CDATA[x]]>", "]]>", "<![cdata[", "<!", "<!x>"))
    return rng.choice(("</", "<", "<a", "</a", "<a b", "<a b=", "<a b='", "</>", "<>", "&"))


def html(rng: random.Random, max_len: int = 200) -> str:
    """Random tag soup, mostly under ``max_len`` characters."""
    parts: list[str] = []
    size = 0
    count = rng.randint(1, 40)
    tags = rng.choice(FAMILIES) if rng.random() < 0.5 else HTML_TAGS
    for _ in range(count):
        item = _html_item(rng, tags)
        if rng.random() < 0.05 and parts:  # repeat something: families
            item = rng.choice(parts) * rng.randint(2, 8)
        parts.append(item)
        size += len(item)
        if size > max_len:
            break
    return "".join(parts)


XML_NAMES = ("a b c x:a x:b y:c svg html xmlns root item e1 :x x: a:b:c "
             "xml:lang xml xmlns:x xmlns:y xlink:href").split()
XML_URIS = ("http://a", "http://www.w3.org/2000/svg", "http://www.w3.org/XML/1998/namespace",
            "http://www.w3.org/2000/xmlns/", "", "urn:x")


def _xml_item(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.4:
        name = rng.choice(XML_NAMES)
        attrs = []
        for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
            an = rng.choice(XML_NAMES + ["xmlns", "xmlns:x", "xmlns:y", "xmlns:xml"])
            av = rng.choice(XML_URIS) if an.startswith("xmlns") else _text(rng)
            attrs.append(f' {an}="{av}"' if rng.random() < 0.8 else f" {an}={av}")
        end = rng.choice(("", "", "", "/"))
        return f"<{name}{''.join(attrs)}{end}>"
    if r < 0.6:
        return f"</{rng.choice(XML_NAMES + [''])}>"
    if r < 0.8:
        return _text(rng)
    if r < 0.86:
        return rng.choice(("<!-- c -->", "<!--", "-->", "<!---->", "<!--a--b-->"))
    if r < 0.91:
        return rng.choice(("<?xml version='1.0' encoding='utf-8'?>", "<?pi data?>", "<?x",
                           "?>", "<?xml-stylesheet href='a'?>", "<??>"))
    if r < 0.95:
        return rng.choice(("<![CDATA[x<y]]>", "<![CDATA[", "]]>", "]]]>"))
    return rng.choice(("<!DOCTYPE a>", "<!DOCTYPE a [<!ENTITY e 'v'>]>", "<!DOCTYPE a SYSTEM 'x'",
                       "<!DOCTYPE a PUBLIC 'p' 's' [<!ELEMENT a ANY><!ATTLIST a b CDATA #IMPLIED>]>",
                       "<!ENTITY", "&e;", "<!DOCTYPE a [<!-- x --><?p?>%pe;]>"))


def xml(rng: random.Random, max_len: int = 200) -> str:
    """Random XML-ish markup, mostly under ``max_len`` characters."""
    parts: list[str] = []
    size = 0
    for _ in range(rng.randint(1, 40)):
        item = _xml_item(rng)
        if rng.random() < 0.05 and parts:
            item = rng.choice(parts) * rng.randint(2, 8)
        parts.append(item)
        size += len(item)
        if size > max_len:
            break
    return "".join(parts)


MICRO_PIECES = ("0", "1", "9", "12", "2026", "-", "+", ":", "T", "t", "Z", "z", ".", ",",
                ";", "%", "#", "W", "w", "P", "D", "H", "M", "S", "e", "E", " ", "\t", "\n",
                "\x0c", "\u3000", "\u00a0", "px", "a", "f", "x", "red", "chucknorris",
                "transparent", "rgb", "9999999999999999999999", "0.5", "1e308", "1e-400",
                "--", "\x00", "\ufffd", "\U0001f600", "99", "60", "59", "24", "02", "29",
                "53", "00", "-12:00", "+14:00", "1000000000000000000", "T24:00")


def microsyntax(rng: random.Random, max_len: int = 80) -> str:
    """A string over the characters the §2.3 algorithms look at."""
    parts = []
    for _ in range(rng.randint(0, 16)):
        parts.append(rng.choice(MICRO_PIECES))
    return "".join(parts)[:max_len]


ENCODING_LABELS = ("utf-8", "utf8", "UTF-16", "utf-16be", "UTF-16LE", "windows-1252", "latin1",
                   "koi8-r", "shift_jis", "x-sjis", "euc-jp", "iso-2022-jp", "euc-kr", "gbk",
                   "gb18030", "big5", "x-user-defined", "replacement", "iso-8859-8-i",
                   "csiso2022kr", "bogus", "", " utf-8 ", "x-mac-cyrillic", "windows-874")


def sniff_bytes(rng: random.Random, max_len: int = 300) -> bytes:
    """Bytes shaped like what the prescan and the BOM sniffing look at."""
    pieces = [
        b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe", b"<meta", b"<META", b" charset=",
        b"charset", b" http-equiv=content-type", b' content="text/html; charset=',
        b"<!--", b"-->", b"<?xml version=\"1.0\" encoding=\"", b"\"?>", b"<", b">", b"/",
        b"'", b"\"", b"=", b" ", b"\t", b"\x00", b"<a ", b"</x", b"<!x", b"<?", b"\x80",
        b"\x81\x40", b"\x82\xa0", b"\xa4\xa4", b"\x1b$B", b"\x1b(B", b"\xe3\x81", b"\xd8\x00",
        b"<p>", b"text", b"&#x41;",
    ]
    out = bytearray()
    if rng.random() < 0.5:
        out += rng.choice(pieces[:3])
    for _ in range(rng.randint(1, 30)):
        r = rng.random()
        if r < 0.6:
            out += rng.choice(pieces)
        elif r < 0.8:
            out += rng.choice(ENCODING_LABELS).encode()
        else:
            out += bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        if len(out) > max_len:
            break
    return bytes(out)


DICTIONARY = (b"<", b">", b"</", b"/>", b"=", b"\"", b"'", b"&", b";", b"#", b"<!--", b"-->",
              b"<![CDATA[", b"]]>", b"<?", b"?>", b"<!DOCTYPE", b"<select>", b"<option>",
              b"<selectedcontent>", b"</option>", b"<table>", b"<td>", b"<template>",
              b"<svg>", b"<math>", b"<foreignObject>", b"<p>", b"<b>", b"<a>", b"</b>",
              b"<form>", b"<frameset>", b"<textarea>", b"<script>", b"<plaintext>",
              b"<noscript>", b"\x00", b"\r", b"\n", b"\xef\xbb\xbf", b"\xed\xa0\x80")


def mutate(rng: random.Random, data: bytes, corpus: tuple[bytes, ...] | list[bytes],
           max_len: int = 400) -> bytes:
    """A few random byte mutations of ``data``."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 5)):
        op = rng.random()
        n = len(buf)
        if op < 0.15 and n:
            i = rng.randrange(n)
            buf[i] ^= 1 << rng.randrange(8)
        elif op < 0.3:
            i = rng.randint(0, n)
            buf[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        elif op < 0.45 and n:
            i = rng.randrange(n)
            del buf[i:i + rng.randint(1, 16)]
        elif op < 0.6 and n:
            i = rng.randrange(n)
            j = min(n, i + rng.randint(1, 32))
            k = rng.randint(0, n)
            buf[k:k] = buf[i:j] * rng.randint(1, 4)
        elif op < 0.75 and corpus:
            other = rng.choice(corpus)
            if other:
                i = rng.randrange(len(other))
                piece = other[i:i + rng.randint(1, 64)]
                k = rng.randint(0, n)
                buf[k:k] = piece
        else:
            k = rng.randint(0, n)
            buf[k:k] = rng.choice(DICTIONARY)
    return bytes(buf[:max_len])
