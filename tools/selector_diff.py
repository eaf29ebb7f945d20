"""Differential test of markup5's selector engine against headless Chromium.

    python tools/selector_diff.py ../shared/corpus/readability [--per-page N] [--seed S]
        [--forms N] [--dir-pages N]

For every page (the corpus, decoded as UTF-8 with replacement, plus
synthetic pages for forms, quirks mode, custom elements, foreign content,
directionality and element states, ``--forms`` pages from
tools/validity_chromium.py's form generator and ``--dir-pages`` random
pages of dir attributes and bidirectional text), random selectors are drawn
from a grammar covering what markup5 implements (:dir(), the validity and
state pseudo-classes, '&', :-webkit-any(), shadow pseudo-classes and
pseudo-elements among the rest), using the page's own tag names, ids,
classes and attributes so that they select something.  Chromium parses each page with DOMParser
(text/html, scripting off, as markup5.parse) and runs querySelectorAll for
each selector; markup5 does the same.  Elements are compared by their index
in a document-order walk over elements; a page whose element sequence
(namespace + local name) differs between the two parsers is skipped and
counted.  A selector that Chromium rejects must make markup5 raise
ValueError, and the other way round.

Needs Debian's chromium (``apt-get install chromium``); no Python packages.
Deliberate departures from Chromium (Chromium deviates from the standard)
are kept out of the grammar or explained where they occur, and listed in
KNOWN_DEVIATIONS; for :valid, :invalid, :in-range and :out-of-range a
difference is explained when markup5 selects what Chromium did on the page
with Chromium's validity deviations neutralized (validity_chromium.rewrite).
Exit status 1 when some difference is left unexplained.
"""

from __future__ import annotations

import argparse
import html
import json
import random
import re
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import markup5  # noqa: E402
from markup5.dom import HTML_NAMESPACE, Element  # noqa: E402
from markup5.microsyntax import parse_non_negative_integer  # noqa: E402
from markup5.selectors.htmlrules import CASE_INSENSITIVE_ATTRIBUTES  # noqa: E402
from markup5.selectors.matcher import iter_elements  # noqa: E402

from browser_diff import Chromium, find_chromium  # noqa: E402
from validity_chromium import DEVIATIONS, generate_page, rewrite  # noqa: E402

#: What one selector gives on one page, on either side: "ERR" when it is
#: invalid, else the indexes (in the document-order walk over elements) of
#: the elements it matches.
Matches = str | list[int]

KNOWN_DEVIATIONS = """\
Where markup5 follows the standard and Chromium does not (kept out of the random grammar):
- Type selectors on non-HTML elements in HTML documents: Chromium also matches them
  ASCII case-insensitively ('foreignobject' matches SVG foreignObject); HTML §4.16.1 says
  compare in the selector's own case.
- Attribute names on non-HTML elements in HTML documents: Chromium folds case
  ('[viewbox]' matches SVG viewBox); HTML §4.16.1 says compare as written.
- Legacy case-insensitive attribute values ([align=RIGHT]) on non-HTML elements: Chromium
  folds them; HTML §4.16.1 (and Firefox) only on HTML elements.
- :link / :any-link: Chromium also matches img elements with a usemap attribute (Blink
  marks them as links for keyboard navigation); HTML §4.16.3 says a and area elements.
- The 's' attribute flag (Selectors 4 §6.3): Chromium rejects it; markup5 supports it.
- :lang(): markup5 has the Level 4 form (a list of idents or strings, '*' wildcards, RFC 4647
  extended filtering: 'fr-CA' matches 'fr-Latn-CA'); Chromium takes one ident and matches
  prefixes.  The grammar uses single idents taken from the page.
- :optional: Chromium also matches inputs the required attribute does not apply to (hidden,
  range, color, the buttons) and buttons; HTML §4.16.3 (and Firefox) only the controls it
  applies to.
- :read-write: HTML's "editable" includes svg and math elements inside contenteditable;
  Chromium does not match them.
- An+B with large numbers: Chromium matches nothing when A or B is beyond +-(2**30 - 1)
  (':nth-child(-n+99999999999)' selects nothing, where every element is a match), and rejects
  the selector when B is part of the 'n-<digits>' token and does not fit in 32 bits
  ('2n-99999999999', '-n-2147483649'; '2n- 99999999999' is accepted).  CSS numbers have no such
  limit (css-values-4 lets an implementation clamp a value beyond its range, which would still
  select those elements); markup5 computes An+B exactly below 2**64 (an A of more than 40
  digits is clamped, see nth_formula).
- Pseudo-elements in the 'of' list of :nth-child()/:nth-last-child(): Chromium accepts them
  (':nth-child(1 of p::before, p)'); Selectors 4 makes that list a <complex-real-selector-list>,
  and markup5 rejects the selector.
- Constraint validation (:valid, :invalid, :in-range, :out-of-range): where Chromium departs
  from HTML (tools/validity_chromium.py's DEVIATIONS: image buttons barred, lenient number
  parsing ignored, dates past 275760, punycode e-mail values, radio buttons without a name,
  long time fractions, range maximum below the minimum, empty values in range, spaces in URL
  hosts, an hr before the placeholder option, step precision).  A difference is explained
  when markup5, given the page with those deviations neutralized (validity_chromium.rewrite),
  selects what Chromium selected.
Explained where they occur (in the synthetic pages, or made by the mutator, which makes no
string in :lang() nor 's' flag):
- :checked on the options of <select size=0>: Chromium takes a display size of 0 as 1 and
  picks a default option (docs/browser-differences.md, deviation 10, select-size-zero).
"""

SYNTHETIC = {
    "synthetic-forms": """<!DOCTYPE html><title>forms</title>
<form id=f1><fieldset disabled id=fs1><legend id=lg1><input id=i1 type=text></legend>
<legend id=lg2><input id=i2></legend><input id=i3 type=checkbox checked>
<fieldset id=fs2><button id=b1>b</button></fieldset></fieldset>
<fieldset id=fs3><legend><fieldset disabled id=fs4><input id=i4></fieldset></legend></fieldset>
<input type=radio name=r checked id=r1><input type=RADIO name=r checked id=r2>
<input type=radio name=R checked id=r3><input type=radio checked id=r4>
<input type=radio name="" checked id=r5>
<input type=CheckBox checked id=c1><input type=checkbox id=c2><input checked id=c3>
<select id=s1><option id=o1>a<option id=o2 disabled>b</select>
<select id=s2><option id=o3 disabled>a<option id=o4>b<option id=o5>c</select>
<select id=s3 multiple><option selected id=o6><option selected id=o7><option id=o8></select>
<select id=s4 size=3><option id=o9><option id=o10></select>
<select id=s5 size=0><option id=o11></select><select id=s6 size=1><option id=o12></select>
<select id=s7><option selected id=o13><option selected id=o14></select>
<select id=s8><optgroup disabled label=x><option id=o15></optgroup><option id=o16></select>
<select id=s9><div><option id=o17></option></div><hr><optgroup><option id=o18></optgroup></select>
<select disabled id=s10><option id=o19></select><select id=s11></select>
<datalist id=dl><option selected id=o20><option id=o21></datalist><option id=o22 selected>
<textarea id=t1 disabled></textarea>
<textarea id=t2></textarea><optgroup id=og1 disabled></optgroup>
<output id=out1></output><object id=obj1></object><a href=x id=a1>x</a><a id=a2>y</a>
<area href=y id=ar1><area id=ar2><link href=z rel=stylesheet id=l1>
<button disabled id=b2>b</button><input type=hidden id=h1 disabled><keygen id=k1>
</form><input type=radio name=r checked id=r6 form=f1><input type=radio name=r checked id=r7>
<form id=f2><input type=radio name=r checked id=r8></form>
<svg><a href=q id=sa1></a><a xlink:href=q id=sa2></a><a id=sa3></a></svg>
<math><mi id=mi1>x</mi></math>
<x-foo id=x1></x-foo><x-Bar id=x2></x-Bar><font-face id=x3></font-face><div is=x-y id=x4></div>
<a-b-c id=x5><p id=x6></p></a-b-c><annotation-xml id=x7></annotation-xml>
""",
    "synthetic-quirks": """<html><head><title>quirks</title></head><body>
<div id=Foo class="Bar baz QUX">1</div><div id=foo class="bar">2</div>
<p class="a
b" lang=en-US>3</p><p lang=EN>4</p><p lang="">5</p><div lang=fr-Latn-CA><span>6</span></div>
<span class="ÄB äb">7</span><span id=ÄB>8</span><table align=CENTER><tr><td valign=Top>9</td></tr></table>
<input type=TEXT><form method=POST><input type=Submit></form><hr noshade><p dir=RTL>10</p>
<p></p><p><!-- c --></p><p> </p><div><span></span><b></b><span></span><i></i></div>
</body></html>""",
    "synthetic-foreign": """<!DOCTYPE html><html lang=de><body>
<svg viewBox="0 0 10 10" id=svg1><foreignObject id=fo1><div id=d1><p>a</p></div></foreignObject>
<g class="x y" id=g1><rect id=rect1 class=x/><circle class=y /><a xlink:href="#u" id=sa1><text>t</text></a></g>
<linearGradient id=lg1><stop offset=0 /></linearGradient><title>svg title</title></svg>
<math display=block><mi>x</mi><annotation-xml encoding="text/html">
<div id=d2>y</div></annotation-xml></math>
<p xml:lang=fr id=p1>q</p><div xlink:href=z id=d3></div>
<ul><li>1<li>2<li class=x>3<li>4<li class=x>5<li>6<li class=x>7</ul>
<table><tr><td>1<td>2<td>3</tr><tr><td>4<td class=x>5<td>6</tr></table>
<template><p id=tp>in template</p></template><div id=empty></div><div id=e2> </div>
</body></html>""",
    "synthetic-dir": """<!DOCTYPE html><html dir=rtl><body>
<p id=p1>a</p><p dir=ltr id=p2>b<span id=s1>c</span></p>
<p dir=auto id=p3>\u05e9\u05dc\u05d5\u05dd</p>
<p dir=auto id=p4>123 <b>\u0645\u0631\u062d\u0628\u0627</b></p><p dir=auto id=p5>123 !?</p>
<div dir=AUTO id=d1><bdi id=bd1>\u05d0</bdi>x</div>
<div dir=auto id=d2><span dir=rtl>\u05d0</span>b</div>
<div dir=auto id=d3><script>\u05d0</script><style>\u05d0</style>z</div>
<div dir=auto id=d4><textarea>\u05d0</textarea></div><bdi id=bd2>\u05d0b</bdi><bdi id=bd3>1</bdi>
<bdi dir=ltr id=bd4>\u05d0</bdi><bdo dir=rtl id=bo1>x</bdo><bdo id=bo2>y</bdo>
<input dir=auto value="\u05d0bc" id=i1><input dir=auto value="abc" id=i2><input dir=auto id=i3>
<input dir=auto type=tel value="\u05d0" id=i4><input dir=auto type=number value=1 id=i5>
<input dir=auto type=search value=" \u0627" id=i6>
<input dir=auto type=email value="\u05d0@b" id=i7>
<input dir=auto type=url value="\u05d0" id=i8><input dir=auto type=hidden value="\u05d0" id=i9>
<input dir=auto type=date value="\u05d0" id=i10>
<input dir=auto type=password value="\u05d0" id=i11>
<input dir=auto type=submit value="\u05d0" id=i12>
<input dir=auto type=checkbox value="\u05d0" id=i13>
<textarea dir=auto id=t1>\u05d0</textarea><textarea dir=auto id=t2>
\u05d0</textarea><textarea dir=auto id=t3>1</textarea><textarea dir=auto id=t4></textarea>
<div dir=foo id=d5>x</div><div dir="" id=d6>x</div><div dir=" rtl" id=d7>x</div>
<pre dir=auto id=pr1>\u200fx</pre><p dir=auto id=p6>\u202bx</p><p dir=auto id=p7>\U00010900</p>
<p dir=auto id=p8>\u07ca</p><p dir=auto id=p9>\u0710</p><p dir=auto id=p10>\u0663</p>
<p dir=auto id=p11>&#x5d0;</p><p dir=auto id=p12><!-- \u05d0 -->a</p>
<p dir=auto id=p13><img alt=\u05d0>a</p>
<svg dir=ltr id=sv1><text id=tx1>\u05d0</text><foreignObject><p id=p14>x</p></foreignObject></svg>
<math dir=ltr id=m1><mi id=mi1>x</mi></math><div dir=ltr>
<svg id=sv2><g dir=rtl id=g1></g></svg></div>
<select dir=auto id=se1><option>\u05d0</option></select><option dir=auto id=o1>\u05d0</option>
<slot dir=auto id=sl1>\u05d0</slot><template dir=auto id=tp1>\u05d0</template>
<details dir=auto id=de1><summary>\u05d0</summary></details><dialog dir=auto id=dl1>\u05d0</dialog>
</body></html>""",
    "synthetic-states": """<!DOCTYPE html><title>states</title>
<details open id=de1><summary>s</summary></details><details id=de2></details>
<details OPEN id=de3></details>
<dialog open id=dg1>d</dialog><dialog id=dg2>d</dialog><select id=se1 open><option>x</select>
<div popover id=po1>p</div><div popover=manual id=po2>p</div><video controls id=v1></video>
<input id=in1 autocomplete=on value=x><input type=range id=in2>
<input type=number min=1 max=3 value=5 id=in3>
<input type=number min=1 max=3 id=in4><input type=date min=2020-01-01 value=2019-01-01 id=in5>
<input type=time min=22:00 max=02:00 value=23:00 id=in6>
<input type=time min=22:00 max=02:00 value=12:00 id=in7>
<input required id=in8><input required value=x id=in9><input type=checkbox required id=in10>
<input type=radio name=g required id=in11><input type=radio name=g id=in12 checked>
<input type=email value="a b" id=in13><input type=url value=x id=in14>
<input pattern="[a-z]+" value=A1 id=in15>
<input type=number value=1.5 step=1 id=in16><input type=color value=red id=in17>
<form id=f1><fieldset id=fs1><input required id=in18></fieldset></form><form id=f2>
<input id=in19></form>
<fieldset id=fs2><input id=in20></fieldset><fieldset disabled id=fs3>
<input required id=in21></fieldset>
<select required id=se2><option value="">pick</option><option>b</option></select>
<select required id=se3><option>a</option></select><textarea required id=ta1></textarea>
<datalist><input required id=in22></datalist><input required readonly id=in23>
<output id=out1>x</output>
<button id=bt1>b</button><object id=ob1></object><input type=hidden required id=in24>
""",
}

# Attribute values that should not be used as selector vocabulary (too long).
_MAX_VALUE = 40
_IDENT = re.compile(r"-?[_a-zA-Z\u0080-\U0010ffff][_a-zA-Z0-9\-\u0080-\U0010ffff]*\Z")


def css_escape(s: str) -> str:
    """CSSOM "serialize an identifier"."""
    out = []
    for i, c in enumerate(s):
        cp = ord(c)
        if cp == 0:
            out.append("\ufffd")
        elif 0x1 <= cp <= 0x1F or cp == 0x7F or (i == 0 and "0" <= c <= "9") or (
                i == 1 and "0" <= c <= "9" and s[0] == "-"):
            out.append(f"\\{cp:x} ")
        elif i == 0 and c == "-" and len(s) == 1:
            out.append("\\-")
        elif cp >= 0x80 or c in "-_" or c.isascii() and c.isalnum():
            out.append(c)
        else:
            out.append("\\" + c)
    return "".join(out)


def css_string(s: str) -> str:
    """CSSOM "serialize a string"."""
    out = ['"']
    for c in s:
        cp = ord(c)
        if cp == 0:
            out.append("\ufffd")
        elif 0x1 <= cp <= 0x1F or cp == 0x7F:
            out.append(f"\\{cp:x} ")
        elif c in '"\\':
            out.append("\\" + c)
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


class Vocabulary:
    """Names and values found on one page, to draw selectors from."""

    def __init__(self, elements: list[Element]) -> None:
        self.tags: list[str] = []
        self.html_only_tags: set[str] = set()
        self.ids: list[str] = []
        self.classes: list[str] = []
        self.attrs: list[tuple[str, str]] = []
        self.html_only_attrs: set[str] = set()
        self.langs: list[str] = []
        tags: dict[str, bool] = {}
        attr_names: dict[str, bool] = {}
        for el in elements:
            html_el = el.namespace == HTML_NAMESPACE
            tags[el.local_name] = tags.get(el.local_name, True) and html_el
            for name, value in el.attrs.items():
                attr_names[name] = attr_names.get(name, True) and html_el and \
                    not (el.attr_namespaces and name in el.attr_namespaces)
                if len(value) <= _MAX_VALUE:
                    self.attrs.append((name, value))
                if name == "id" and value:
                    self.ids.append(value)
                elif name == "class":
                    self.classes.extend(value.split())
                elif name == "lang" and value:
                    self.langs.append(value)
        self.tags = sorted(tags)
        self.html_only_tags = {t for t, only in tags.items() if only}
        self.html_only_attrs = {a for a, only in attr_names.items() if only}
        self.classes = self.classes[:2000]
        self.attrs = self.attrs[:4000]


PSEUDOS = ["root", "empty", "first-child", "last-child", "only-child", "first-of-type",
           "last-of-type", "only-of-type", "checked", "disabled", "enabled", "link",
           "any-link", "defined", "scope", "valid", "invalid", "in-range", "out-of-range",
           "open"] * 3 + [
    "visited", "hover", "focus", "required", "read-only", "placeholder-shown",
    "indeterminate", "default", "user-valid", "user-invalid", "modal", "popover-open",
    "fullscreen", "autofill", "-webkit-autofill", "picture-in-picture", "current", "past",
    "future", "host", "target", "focus-within", "-webkit-any-link", "-webkit-full-screen",
    "xr-overlay", "target-current", "interest-source", "active-view-transition"]

#: Pseudo-elements (and legacy single-colon forms), some followed by what
#: Chromium allows after them: querySelectorAll matches nothing with any.
PSEUDO_ELEMENTS = [
    "::before", "::after", ":before", ":after", "::first-line", ":first-letter", "::marker",
    "::placeholder", "::selection", "::backdrop", "::file-selector-button", "::slotted(p)",
    "::slotted(*)", "::part(x)", "::part(x y)", "::cue", "::cue(p)", "::highlight(x)",
    "::view-transition", "::view-transition-group(x)", "::view-transition-old(*)",
    "::details-content", "::picker(select)", "::checkmark", "::picker-icon",
    "::scroll-marker", "::scroll-marker-group", "::scroll-button(up)", "::target-text",
    "::before:is(:hover)", "::after:where(:focus)", "::part(x):hover", "::part(x)::before",
    "::-webkit-scrollbar:horizontal", "::selection:window-inactive",
    "::file-selector-button:hover", "::-webkit-scrollbar", "::slotted(p)::before",
    "::details-content:is(:hover)", "::before:not(:hover)", "::search-text:current"]


class Generator:
    """Random selectors from a grammar over a page's vocabulary."""

    def __init__(self, rng: random.Random, vocab: Vocabulary) -> None:
        self.rng = rng
        self.v = vocab

    def mangle_case(self, s: str) -> str:
        r = self.rng.random()
        if r < 0.7:
            return s
        if r < 0.85:
            return s.upper()
        return "".join(c.upper() if self.rng.random() < 0.5 else c for c in s)

    def name(self, s: str) -> str:
        return css_escape(s)

    def type_selector(self) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.15 or not self.v.tags:
            return rng.choice(["*", "*", "*|*"])
        tag = rng.choice(self.v.tags)
        if tag in self.v.html_only_tags:
            tag = self.mangle_case(tag)
        prefix = rng.choice(["", "", "", "", "*|", "|"]) if r > 0.9 else ""
        return prefix + self.name(tag)

    def an_plus_b(self) -> str:
        rng = self.rng
        a = rng.choice([0, 1, -1, 2, 3, -2, 5])
        b = rng.choice([0, 1, 2, 3, -1, 4, 7])
        forms = [f"{a}n+{b}" if b >= 0 else f"{a}n{b}", f"{a}n + {b}" if b >= 0 else f"{a}n - {-b}",
                 str(b), "odd", "even", "n", "-n+3", "+n", "2n", "-n+1", f"{a}N+{abs(b)}",
                 " odd ", "0n+1", "-2n+5"]
        return rng.choice(forms)

    def attribute(self) -> str:
        rng = self.rng
        if not self.v.attrs:
            return "[id]"
        name, value = rng.choice(self.v.attrs)
        shown_name = self.mangle_case(name) if name in self.v.html_only_attrs else name
        if ":" in shown_name:
            shown_name = css_escape(shown_name)
        else:
            shown_name = self.name(shown_name)
        ns = rng.choice(["", "", "", "", "", "*|", "|"])
        op = rng.choice([None, "=", "=", "~=", "|=", "^=", "$=", "*="])
        if op is None:
            return f"[{ns}{shown_name}]"
        if op == "~=":
            words = value.split()
            value = rng.choice(words) if words else value
        elif op == "|=":
            value = value.split("-")[0]
        elif op == "^=" and value:
            value = value[:rng.randint(1, len(value))]
        elif op == "$=" and value:
            value = value[rng.randint(0, len(value) - 1):]
        elif op == "*=" and len(value) > 2:
            i = rng.randint(0, len(value) - 2)
            value = value[i:i + rng.randint(1, 3)]
        if rng.random() < 0.3:
            value = self.mangle_case(value)
        shown = css_string(value) if not _IDENT.match(value) or rng.random() < 0.5 \
            else css_escape(value)
        flag = rng.choice(["", "", "", " i", " I"])
        spaced = rng.random() < 0.2
        if spaced:
            return f"[ {ns}{shown_name} {op} {shown}{flag} ]"
        return f"[{ns}{shown_name}{op}{shown}{flag}]"

    def simple(self, depth: int, in_has: bool) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.15 and self.v.ids:
            return "#" + css_escape(self.mangle_case(rng.choice(self.v.ids)))
        if r < 0.35 and self.v.classes:
            return "." + css_escape(self.mangle_case(rng.choice(self.v.classes)))
        if r < 0.55:
            return self.attribute()
        if r < 0.7 or depth >= 2:
            return ":" + rng.choice(PSEUDOS)
        kind = rng.choice(["nth", "nth-of", "type-nth", "not", "is", "where", "has", "lang",
                           "dir", "dir", "webkit-any", "shadow", "nesting"])
        if kind == "dir":
            value = rng.choice(["ltr", "rtl", "ltr", "rtl", "LTR", "Rtl", "auto", "foo"])
            return f":dir({value})"
        if kind == "webkit-any":  # Chromium's: a list of compound selectors
            n = rng.choice([1, 1, 2, 3])
            return ":-webkit-any(" + ", ".join(self.compound(depth + 1, in_has)
                                               for _ in range(n)) + ")"
        if kind == "shadow":
            return rng.choice([":host", f":host({self.compound(depth + 1, in_has)})",
                               f":host-context({self.compound(depth + 1, in_has)})",
                               ":state(x)", ":state(checked)",
                               ":active-view-transition-type(x)"])
        if kind == "nesting":  # '&' outside nesting: :scope
            return "&"
        if kind == "nth":
            return f":{rng.choice(['nth-child', 'nth-last-child'])}({self.an_plus_b()})"
        if kind == "nth-of":  # (no pseudo-element after 'of': a known deviation)
            return (f":{rng.choice(['nth-child', 'nth-last-child'])}({self.an_plus_b()} of "
                    f"{self.selector_list(depth + 1, in_has, pseudo_elements=False)})")
        if kind == "type-nth":
            return f":{rng.choice(['nth-of-type', 'nth-last-of-type'])}({self.an_plus_b()})"
        if kind == "lang":
            # Chromium ships the Level 3 form: one ident, prefix matching.
            value = rng.choice(self.v.langs + ["en", "fr", "de"])
            if rng.random() < 0.5:
                value = value.split("-")[0]
            return f":lang({css_escape(value)})"
        if kind == "has" and not in_has:
            parts = []
            for _ in range(rng.randint(1, 2)):
                lead = rng.choice(["", "", "> ", "+ ", "~ "])
                parts.append(lead + self.complex(depth + 1, True))
            return f":has({', '.join(parts)})"
        name = "not" if kind == "has" else kind
        return f":{name}({self.selector_list(depth + 1, in_has)})"

    def compound(self, depth: int, in_has: bool) -> str:
        rng = self.rng
        parts = []
        if rng.random() < 0.6:
            parts.append(self.type_selector())
        for _ in range(rng.choice([0, 0, 1, 1, 1, 2] if depth == 0 else [0, 1, 1])):
            parts.append(self.simple(depth, in_has))
        if not parts:
            parts.append(self.simple(depth, in_has))
        # A type selector must come first; the rest may be in any order.
        return "".join(parts)

    def complex(self, depth: int = 0, in_has: bool = False) -> str:
        rng = self.rng
        out = self.compound(depth, in_has)
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3] if depth == 0 else [0, 0, 1])):
            out += rng.choice([" ", " ", " > ", ">", " + ", " ~ ", "~"]) + \
                self.compound(depth, in_has)
        return out

    def selector_list(self, depth: int = 0, in_has: bool = False,
                      pseudo_elements: bool = True) -> str:
        n = self.rng.choice([1, 1, 1, 2] if depth == 0 else [1, 1, 2])
        out = []
        for _ in range(n):
            complex_selector = self.complex(depth, in_has)
            # A pseudo-element ends a complex selector (inside :is() and
            # :where(), which are forgiving, it drops its selector).
            if pseudo_elements and self.rng.random() < (0.04 if depth == 0 else 0.02):
                complex_selector += self.rng.choice(PSEUDO_ELEMENTS)
            out.append(complex_selector)
        return ", ".join(out)


_DIR_TEXTS = ("abc", "\u05e9\u05dc\u05d5\u05dd", "\u0645\u0631\u062d\u0628\u0627", "123", "!?", " ",
              "", "1 \u05d0", "a \u05d0", "\u05d0 a", "\u200f", "\u202bx", "\u0663", "\U00010900",
              "\u07ca", "\u0710", "-", "\u00e9", "\u2067x")
_DIR_VALUES = (None, None, None, "ltr", "rtl", "auto", "auto", "AUTO", "Rtl", "", "foo")
_DIR_ELEMENTS = ("div", "p", "span", "bdi", "bdo", "b", "pre", "section", "slot", "option",
                 "label")


def dir_page(rng: random.Random) -> str:
    """A random page of nested elements with dir attributes, strong and
    neutral text in both directions, bdi and form controls with dir=auto
    (for :dir())."""
    def dir_attr() -> str:
        value = rng.choice(_DIR_VALUES)
        return "" if value is None else f' dir="{value}"'

    out = [f"<!DOCTYPE html><html{dir_attr()}><body{dir_attr()}>"]
    depth = 0
    for _ in range(rng.randint(10, 40)):
        r = rng.random()
        if r < 0.35:
            tag = rng.choice(_DIR_ELEMENTS)
            out.append(f"<{tag}{dir_attr()}>")
            depth += 1
        elif r < 0.55 and depth:
            out.append("</" + rng.choice(_DIR_ELEMENTS) + ">")
            depth -= 1
        elif r < 0.75:
            out.append(html.escape(rng.choice(_DIR_TEXTS), quote=False))
        elif r < 0.85:
            kind = rng.choice(["text", "search", "tel", "url", "email", "number", "hidden",
                               "password", "date", None])
            value = html.escape(rng.choice(_DIR_TEXTS))
            type_attr = f" type={kind}" if kind else ""
            out.append(f'<input{type_attr}{dir_attr()} value="{value}">')
        elif r < 0.9:
            out.append(f"<textarea{dir_attr()}>{html.escape(rng.choice(_DIR_TEXTS))}</textarea>")
        elif r < 0.95:
            out.append(rng.choice([f"<script>{rng.choice(_DIR_TEXTS)}</script>",
                                   f"<style>{rng.choice(_DIR_TEXTS)}</style>",
                                   f"<!--{rng.choice(_DIR_TEXTS)}-->",
                                   f"<img alt='{rng.choice(_DIR_TEXTS)}'>"]))
        else:
            text = html.escape(rng.choice(_DIR_TEXTS))
            if rng.random() < 0.5:
                out.append(f"<svg{dir_attr()}><text{dir_attr()}>{text}</text></svg>")
            else:
                out.append(f"<math{dir_attr()}><mi>{text}</mi></math>")
    return "".join(out)


# Run on every page besides the random ones: each pseudo-class alone and
# the case rules, where a random draw is unlikely to land.
FIXED = [
    ":checked", ":disabled", ":enabled", "option:checked", "input:checked", ":not(:defined)",
    ":defined", ":link", ":any-link", ":root", ":empty", ":scope", ":scope > body",
    ":first-child", ":last-child", ":only-child", ":first-of-type", ":last-of-type",
    ":only-of-type", "fieldset :disabled", "legend :enabled", "#foo", "#FOO", ".bar", ".BAR",
    ".äb", ".ÄB", "#ÄB", "[type=radio]", "[type=RADIO]", "input[type=checkbox]",
    "[align=center]", "[valign=top]", "[method=post]", "[dir=rtl]", "[class=Bar i]",
    "[lang|=en]", ":lang(en)", ":lang(fr)", ":lang(de)", "p:lang(en)", ":has(> option:checked)",
    "li:nth-child(2n+1 of .x)", "li:nth-last-child(odd of .x)", "td:nth-of-type(2)",
    ":nth-last-of-type(1)", "svg *", "svg|a", "*|a", "|a", "foreignObject", "linearGradient",
    "[viewBox]", "[xlink\\:href]", "[*|href]", "math *", "a:not([href])",
    "select:has(option:disabled)", ":is(ul, table) :nth-child(3)", "div:where(#empty, #e2)",
    ":has(+ p)", ":has(~ div)", "body > :has(> p) + *", "[id]:not(:has(*))", "p:empty",
    ":root > body > *:last-child", "annotation-xml *", "x-foo", "x-Bar", "a-b-c > p",
    # Issue 41: :dir(), validity, the static states, '&', shadow and pseudo-elements.
    ":dir(ltr)", ":dir(rtl)", ":dir(auto)", ":dir(RTL)", "p:dir(rtl)", ":not(:dir(ltr))",
    "input:dir(rtl)", "textarea:dir(rtl)", "bdi:dir(ltr)", ":valid", ":invalid", ":in-range",
    ":out-of-range", ":user-valid", ":user-invalid", "form:invalid", "form:valid",
    "fieldset:invalid", "fieldset:valid", "input:valid", "select:invalid", "textarea:invalid",
    "button:valid", "output:valid", ":open", "details:open", "dialog:open", "select:open",
    ":modal", ":popover-open", ":fullscreen", ":autofill", ":-webkit-autofill",
    ":picture-in-picture", ":current", ":past", ":future", "&", "& > body", "& body", ":is(&)",
    ":has(&)", "& &", ":host", ":host(p)", ":host-context(p)", ":state(x)", "::slotted(p)",
    "::part(x)", ":-webkit-any(p, div)", ":-webkit-any(p div)", ":-webkit-any(p > div)",
    "p::before", ":is(::before)", ":is(p, ::before)", "div::after:is(:hover)",
    ":where(::marker, p)", ":not(::before)", "::cue", "::cue(p)", "::highlight(x)",
    "::view-transition", "::view-transition-group(x)", "::details-content", "::picker(select)",
    "::checkmark", "::scroll-marker", "p::before:is(p)", "::before:hover",
]

MUTATIONS = "()[]:,.#>+~*|=\"' -"


HARNESS = """<!DOCTYPE html><html><body><pre id=out></pre><script>
const jobs = JSON.parse(document.getElementById('jobs').textContent);
const results = [];
for (const job of jobs) {
  const doc = new DOMParser().parseFromString(job.html, 'text/html');
  const all = Array.from(doc.querySelectorAll('*'));
  const index = new Map(all.map((e, i) => [e, i]));
  const shape = all.map(e => (e.namespaceURI || '') + ' ' + e.localName).join('\\n');
  const out = [];
  for (const sel of job.selectors) {
    let r;
    try { r = Array.from(doc.querySelectorAll(sel), e => index.get(e)); }
    catch (e) { r = 'ERR'; }
    out.push(r);
  }
  results.push({shape: shape, results: out});
}
document.getElementById('out').textContent = '@@BEGIN@@' + JSON.stringify(results) + '@@END@@';
</script></body></html>"""


def run_chromium(browser: Chromium, jobs: Sequence[Mapping[str, object]]
                 ) -> list[dict[str, Any]]:
    """Each job's page shape and selector results, as the harness's JSON
    gives them: ``{"shape": str, "results": [Matches, ...]}``."""
    payload = json.dumps(jobs).replace("<", "\\u003c")
    page = HARNESS.replace("<pre id=out></pre>",
                           f'<pre id=out></pre><script type="application/json" id=jobs>'
                           f'{payload}</script>')
    results: list[dict[str, Any]] | None = browser.run_page(page, timeout=600)
    if results is None:
        raise RuntimeError("Chromium did not finish the selector page in 600 s")
    return results


def markup5_results(elements: list[Element], doc: markup5.Document,
                    selectors: list[str]) -> list[Matches]:
    index = {id(e): i for i, e in enumerate(elements)}
    out: list[Matches] = []
    for sel in selectors:
        try:
            found = doc.select(sel)
        except ValueError:
            out.append("ERR")
            continue
        except Exception as error:  # a crash: a difference, shown with its reason
            out.append(f"EXC {type(error).__name__}: {error}"[:200])
            continue
        out.append([index[id(e)] for e in found])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", help="directory of .html pages (optional)")
    parser.add_argument("--forms", type=int, default=20,
                        help="generated form pages (tools/validity_chromium.py's generator)")
    parser.add_argument("--dir-pages", type=int, default=20,
                        help="generated pages of dir attributes and bidirectional text")
    parser.add_argument("--per-page", type=int, default=40, help="selectors per page")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=12, help="pages per Chromium run")
    parser.add_argument("--limit", type=int, default=0, help="only the first N pages")
    parser.add_argument("--show", type=int, default=15, help="differences to print")
    args = parser.parse_args(argv)

    pages = [(name, text) for name, text in SYNTHETIC.items()]
    page_rng = random.Random(f"pages {args.seed}")
    pages += [(f"generated-form-{i}", "".join(generate_page(page_rng)))
              for i in range(args.forms)]
    pages += [(f"generated-dir-{i}", dir_page(page_rng)) for i in range(args.dir_pages)]
    files = sorted(p for p in Path(args.corpus).iterdir() if p.suffix == ".html") \
        if args.corpus else []
    if args.limit:
        files = files[:args.limit]
    for p in files:
        pages.append((p.name, p.read_bytes().decode("utf-8", "replace")))

    rng = random.Random(args.seed)
    totals = {"pairs": 0, "same": 0, "differ": 0, "both-invalid": 0, "validity-differs": 0,
              "pages": 0, "pages-skipped": 0, "nonempty": 0, "known": 0}
    known_reasons: dict[str, int] = {}
    shown = 0
    started = time.time()
    browser = Chromium(find_chromium())
    for b in range(0, len(pages), args.batch):
        batch = pages[b:b + args.batch]
        jobs, local = [], []
        for name, text in batch:
            doc = markup5.parse(text)
            elements = list(iter_elements(doc))
            gen = Generator(rng, Vocabulary(elements))
            selectors = [gen.selector_list() for _ in range(args.per_page)]
            for i in range(0, len(selectors), 8):  # some broken ones, for validity
                for _ in range(8):  # (not into a Level 4 form: see _LEVEL_4_FORMS)
                    mutated = _mutate(rng, selectors[i])
                    if not _LEVEL_4_FORMS.search(mutated):
                        selectors[i] = mutated
                        break
            selectors += FIXED
            jobs.append({"html": text, "selectors": selectors})
            local.append((name, doc, elements, selectors))
        remote = run_chromium(browser, jobs)
        text_of = dict(batch)
        rewrites: dict[tuple[str, frozenset[str]],
                       tuple[set[str], list[Element], markup5.Document]] = {}
        for (name, doc, elements, selectors), theirs in zip(local, remote):
            shape = "\n".join(f"{e.namespace or ''} {e.local_name}" for e in elements)
            if shape != theirs["shape"]:
                totals["pages-skipped"] += 1
                print(f"skip {name}: the trees differ", file=sys.stderr)
                continue
            totals["pages"] += 1
            ours = markup5_results(elements, doc, selectors)
            for sel, mine, chrome in zip(selectors, ours, theirs["results"]):
                totals["pairs"] += 1
                if mine == chrome:
                    totals["same"] += 1
                    if mine == "ERR":
                        totals["both-invalid"] += 1
                    elif mine:
                        totals["nonempty"] += 1
                    continue
                # isinstance(mine, ...) rather than mine == "ERR": the
                # same test (a str is "ERR"), which mypy narrows by.
                if isinstance(mine, list) and isinstance(chrome, list):
                    reason = known_deviation(sel, mine, chrome, elements) or \
                        known_validity_rewrite(sel, mine, chrome, text_of[name], rewrites)
                else:
                    reason = known_validity_deviation(sel, mine, chrome, elements, doc)
                if reason:
                    totals["known"] += 1
                    known_reasons[reason] = known_reasons.get(reason, 0) + 1
                    continue
                if "ERR" in (mine, chrome):
                    totals["validity-differs"] += 1
                totals["differ"] += 1
                if shown < args.show:
                    shown += 1
                    if isinstance(mine, str) or chrome == "ERR":
                        detail = f"markup5={mine if isinstance(mine, str) else len(mine)} " \
                                 f"chromium={chrome if isinstance(chrome, str) else len(chrome)}"
                    else:
                        extra = sorted(set(mine) - set(chrome))[:5]
                        missing = sorted(set(chrome) - set(mine))[:5]
                        detail = (f"markup5 {len(mine)}, chromium {len(chrome)}; only "
                                  f"markup5: {[_describe(elements[i]) for i in extra]}; "
                                  f"only chromium: "
                                  f"{[_describe(elements[i]) for i in missing]}")
                    print(f"DIFF {name}: {sel!r}: {detail}")
    elapsed = time.time() - started
    print(f"pages compared: {totals['pages']}, skipped (trees differ): "
          f"{totals['pages-skipped']}")
    print(f"selector x page pairs: {totals['pairs']}, same: {totals['same']} "
          f"(non-empty: {totals['nonempty']}, both invalid: {totals['both-invalid']}), "
          f"known deviations: {totals['known']}, differ: {totals['differ']} "
          f"(validity: {totals['validity-differs']}) in {elapsed:.0f}s")
    for reason, count in sorted(known_reasons.items()):
        print(f"  known deviation x{count}: {reason}")
    print(KNOWN_DEVIATIONS, end="")
    return 1 if totals["differ"] else 0


_LEGACY_ATTR = re.compile(r"\[\s*(%s)\s*[~|^$*]?=" % "|".join(
    sorted(CASE_INSENSITIVE_ATTRIBUTES, key=len, reverse=True)), re.I)


#: What may be a list or a string in :lang(), or the 's' attribute flag
#: (Level 4 forms Chromium rejects): the grammar makes none, and the
#: mutator makes no selector that holds one (the pattern matches more than
#: those, which only costs a mutation).
_LEVEL_4_FORMS = re.compile(r""":lang\([^)]*[,"']|\s[sS]\s*\]""", re.I)


#: A pseudo-element (or a legacy one after a single colon) in the 'of'
#: list of :nth-child() or :nth-last-child().
_PSEUDO_ELEMENT_AFTER_OF = re.compile(
    r":nth-(?:last-)?child\([^)]*\bof\b[^)]*(?:::|:(?:before|after|first-line|first-letter)"
    r"(?![\w-]))", re.I)


def known_validity_deviation(selector: str, mine: Matches, chrome: Matches,
                             elements: list[Element], doc: markup5.Document) -> str:
    """The KNOWN_DEVIATIONS entry that explains a selector markup5 rejects
    and Chromium does not, or '': a pseudo-element in nth-child's 'of'
    list."""
    if mine == "ERR" and chrome != "ERR" and _PSEUDO_ELEMENT_AFTER_OF.search(selector):
        return "Chromium accepts pseudo-elements in :nth-child()'s 'of' list"
    return ""


#: The pseudo-classes that read constraint validation.
_VALIDITY = re.compile(r":(?:valid|invalid|in-range|out-of-range)(?![\w-])", re.I)


def known_validity_rewrite(selector: str, mine: list[int], chrome: list[int], text: str,
                           cache: dict[tuple[str, frozenset[str]],
                                       tuple[set[str], list[Element], markup5.Document]]
                           ) -> str:
    """The KNOWN_DEVIATIONS entry (constraint validation) that explains a
    difference, or '': markup5 on the page with Chromium's validity
    deviations neutralized (validity_chromium.rewrite, which keeps the
    elements) selects what Chromium selected; the entry names the
    smallest set of deviations found that does it."""
    if not _VALIDITY.search(selector):
        return ""

    def selects(enabled: frozenset[str]) -> tuple[bool, set[str]]:
        key = (text, enabled)
        if key not in cache:
            rewritten, applied = rewrite(text, set(enabled), selectors=True)
            doc = markup5.parse(rewritten)
            cache[key] = (applied, list(iter_elements(doc)), doc)
        applied, elements, doc = cache[key]
        return markup5_results(elements, doc, [selector])[0] == chrome, applied

    same, needed = selects(frozenset(DEVIATIONS))
    if not same or not needed:
        return ""
    for name in sorted(needed):
        same, applied = selects(frozenset(needed - {name}))
        if same:
            needed = applied
    return "constraint validation: " + ", ".join(sorted(needed))


def _is_select_of_size_zero(node: Any) -> bool:
    """Whether ``node`` is a select whose display size is 0."""
    if not isinstance(node, Element) or node.namespace != HTML_NAMESPACE or \
            node.local_name != "select":
        return False
    size = node.attrs.get("size")
    return size is not None and parse_non_negative_integer(size) == 0


def _checked_in_select_of_size_zero(element: Element, selector: str) -> bool:
    """Whether ``element`` is an option of a select whose display size is 0
    (its parent, or its parent's parent through an optgroup), or with
    ``:has(`` in the selector, such a select."""
    if _is_select_of_size_zero(element):
        return ":has(" in selector.lower()
    if element.namespace != HTML_NAMESPACE or element.local_name != "option":
        return False
    parent = element.parent
    if _is_select_of_size_zero(parent):
        return True
    return isinstance(parent, Element) and parent.local_name == "optgroup" and \
        _is_select_of_size_zero(parent.parent)


_CHECKED = re.compile(r":checked(?![\w-])", re.I)


def known_deviation(selector: str, mine: list[int], chrome: list[int],
                    elements: list[Element]) -> str:
    """The KNOWN_DEVIATIONS entry that explains a difference, or ''."""
    if set(mine) - set(chrome):
        return ""
    extra = [elements[i] for i in set(chrome) - set(mine)]
    if not extra:
        return ""
    if _CHECKED.search(selector) and all(_checked_in_select_of_size_zero(e, selector)
                                         for e in extra):
        return "select size=0 picks a default option in Chromium"
    if "link" in selector and all(
            e.namespace == HTML_NAMESPACE and e.local_name == "img" and "usemap" in e.attrs
            for e in extra):
        return "img[usemap] matches :link in Chromium"
    if _LEGACY_ATTR.search(selector) and all(e.namespace != HTML_NAMESPACE for e in extra):
        return "legacy case-insensitive values on non-HTML elements in Chromium"
    return ""


def _mutate(rng: random.Random, selector: str) -> str:
    """Delete, insert or replace one character (often making it invalid)."""
    i = rng.randrange(len(selector) + 1)
    kind = rng.randrange(3)
    if kind == 0 and i < len(selector):
        return selector[:i] + selector[i + 1:]
    c = rng.choice(MUTATIONS)
    if kind == 1:
        return selector[:i] + c + selector[i:]
    return selector[:i] + c + selector[i + 1:]


def _describe(el: Element) -> str:
    attrs = " ".join(f"{k}={v[:20]!r}" for k, v in list(el.attrs.items())[:3])
    return f"<{el.local_name} {attrs}>".replace(" >", ">")


if __name__ == "__main__":
    raise SystemExit(main())
