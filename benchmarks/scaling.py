"""Hostile-input scaling of markup5.parse: does parse time stay linear?

Usage::

    python benchmarks/scaling.py [--n N] [--budget SECONDS]

Each family below is a small fragment repeated N times, the sort of input
that trips a tree builder into quadratic work (long lists of active
formatting elements, deep open-element stacks, repeated scope searches,
foster parenting, attribute comparisons in the Noah's Ark clause, ...).
Every document is built once, then ``markup5.parse`` is timed on it at N and
at 2N, best of 3 runs each (a ``gc.collect()`` precedes each run; the tree is
dropped only after the clock stops).  The ratio t(2N) / t(N) is printed: about
2 means linear, about 4 quadratic.  A ratio above 3 is flagged with
``NOT LINEAR?``; small timings are noisy, so raise ``--n`` before believing a
flag.

``--grid`` times instead every combination of a prefix, a filler repeated N
times and a token repeated N times (14,100 families, in a document and in
three fragment contexts), at N = 300 and 1,200, and prints those over 9 times
slower at 4N.

A run that takes more than ``--budget`` seconds (default 10) is not repeated,
so a quadratic family costs one slow run rather than three.  An exception in
a family is reported and the next family runs.  The exit status is always 0:
this is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import markup5  # noqa: E402
from markup5.xml import XmlParser  # noqa: E402

# name -> function building the document for a given n
FAMILIES: list[tuple[str, Callable[[int], str]]] = [
    ("<b> x N", lambda n: "<b>" * n),
    ("<a> x N", lambda n: "<a>" * n),
    ("<table> x N", lambda n: "<table>" * n),
    ("<div> x N (unclosed)", lambda n: "<div>" * n),
    ("<p><b> x N", lambda n: "<p><b>" * n),
    ("</p> x N", lambda n: "</p>" * n),
    ("<svg> x N (deep)", lambda n: "<svg>" * n),
    ("<a><div> x N", lambda n: "<a><div>" * n),
    ("<table><b> x N", lambda n: "<table><b>" * n),
    ("<form><div></form> x N", lambda n: "<form><div></form>" * n),
    ("<b id=k> x N (distinct)", lambda n: "".join(f"<b id={k}>" for k in range(n))),
    ("x<col> x N", lambda n: "x<col>" * n),
    ("<select><option> x N", lambda n: "<select><option>" * n),
    ("<template> x N", lambda n: "<template>" * n),
    ("<math><mi> x N", lambda n: "<math><mi>" * n),
    ("<p> <span> x N </x> x N", lambda n: "<p>" + "<span>" * n + "</x>" * n),
    # selectedcontent: the clone of the selected option must never feed on
    # itself (the 42-byte denial of service) and nothing may walk the tree
    # per option.
    ("<select><option><selectedcontent></option> x N",
     lambda n: "<select><option><selectedcontent></option>" * n),
    # The serialize fuzz harness's own minimization of the same defect
    # (fuzz/CAMPAIGN.md): no end tag, upper-case option.
    ("<select><OPTION><selectedcontent> x N",
     lambda n: "<select><OPTION><selectedcontent>" * n),
    ("selectedcontent + <option selected>x</option> x N",
     lambda n: "<select><button><selectedcontent></button>" + "<option selected>x</option>" * n),
    ("<select><selectedcontent> + <option>y</option> x N",
     lambda n: "<select><selectedcontent>" + "<option>y</option>" * n),
    ("<select><option><table><td> x N + selectedcontent",
     lambda n: "<select><option><table><td>" * n + "<selectedcontent>" + "<option>z" * n),
    ("<select> + <div> x N + <option> x N",
     lambda n: "<select>" + "<div>" * n + "<option>o" * n),
    ("<select><div><option disabled> x N",
     lambda n: "<select><selectedcontent></selectedcontent>" + "<div><option disabled>" * n),
    # Foreign content, "any other end tag": the walk down the run of foreign
    # elements, for every end tag (the fuzz scaling harness, fuzz/CAMPAIGN.md:
    # its unit first, then the minimal family).
    ("<svg> + fuzz unit x N",
     lambda n: "<svg>" + '-->hello</y:c></x:><<a xmlns:x="http://w' * n),
    ("<svg> + <g></x> x N", lambda n: "<svg>" + "<g></x>" * n),
    ("<svg> + <g> x N + </x> x N", lambda n: "<svg>" + "<g>" * n + "</x>" * n),
    # Foster-parented text before the open table, whose parent holds every
    # earlier table (the fuzz scaling harness: a td fragment of
    # '<select>' + '<TABLE id>--><TABLE id><TABLE id><TABLE ' x N).
    ("x<table> x N (foster text)", lambda n: "<table>" + "x<table>" * n),
    # Text between tokens that add no node goes into one Text node; its data
    # was re-concatenated at every piece (the fuzz scaling harness: a td
    # fragment of 'hello&ampx<>a b</style>\ufeff]]>' x N).
    ("text</x> x N (one Text node)", lambda n: "xxxxxxxxxx</x>" * n),
    ("<table> + x</x> x N (foster)", lambda n: "<table>" + "xxxxxxxxxx</x>" * n),
    # The same by turns into two Text nodes, before the table and in it.
    ("<table> + x</x> </x> x N (two Text nodes by turns)",
     lambda n: "<table>" + "x</x> </x>" * n),
    # The adoption agency algorithm, each </b> moving one furthest block
    # deep in the stack: it found the formatting element and the furthest
    # block by walking down from the top and re-indexed everything above
    # (quadratic; found while measuring a selectedcontent family).  With an
    # inline element between, each </b> removes it from the stack, and the
    # entries above moved down in the indexes (20 s at N = 16,000); the
    # positions are now virtual, so they stay.  What is left is the list's
    # own memmove when an entry leaves the middle of the stack (C, about
    # 1.6 s at N = 32,000; Chromium takes 14.6 s at N = 16,000), which can
    # push the ratio of that family a little above 3 at large N.
    ("<b> + <div> x N + </b> x N (adoption agency)", lambda n: "<b>" + "<div>" * n + "</b>" * n),
    ("<select><b> + <div> x N + selectedcontent<option> + <i></i></b> x N",
     lambda n: "<select><b>" + "<div>" * n + "<selectedcontent></selectedcontent><option>"
     + "<i></i></b>" * n),
    # The adoption agency algorithm moving selectedcontent elements: each
    # move inserts them anew, which copies the selected option again (a
    # growing one above) and walks up from every selectedcontent the
    # document has; that work is bounded by an allowance per run.
    ("<select> + selectedcontent x N + <option> + <b><div></b> x N",
     lambda n: "<select>" + "<selectedcontent></selectedcontent>" * n + "<option>x</option>"
     + "<b><div></b>" * n),
    ("<select><option>A</option> + <b><div><selectedcontent>o</b> x N",
     lambda n: "<select><option>A</option>" + "<b><div><selectedcontent>o</b>" * n),
    ("<select><option>x</option> + <span> x N + selectedcontent + <b><div></b> x N",
     lambda n: "<select><option>x</option>" + "<span>" * n
     + "<selectedcontent></selectedcontent>" + "<b><div></b>" * n),
    # Chromium copies a selected option into every enabled selectedcontent
    # of the select: quadratic with many of both (64 s at 248 KB); beyond the
    # first selectedcontent the copies count against the same allowance.
    ("<select> + selectedcontent x N + <option selected>x</option> x N",
     lambda n: "<select>" + "<selectedcontent></selectedcontent>" * n
     + "<option selected>x</option>" * n),
    ("<select> + selectedcontent x N + <option selected> + <i>x</i> x N",
     lambda n: "<select>" + "<selectedcontent></selectedcontent>" * n + "<option selected>"
     + "<i>x</i>" * n + "</option>"),
    ("<select><option> + <span></span> x N + </option> + selectedcontent x N",
     lambda n: "<select><option>" + "<span></span>" * n + "</option>"
     + "<selectedcontent></selectedcontent>" * n),
    # The copies made for moved selectedcontent elements were charged and
    # then refunded (each move could spend the whole allowance again):
    # an option holding a chain of 150 nested selected options, moved N
    # times, behind a comment that raises the allowance with N.
    ("<!-- 50 N --> + 150 nested selected options + <div> x N + selectedcontent + </b> x N",
     lambda n: "<!--" + "x" * (50 * n) + "--><select><option selected>"
     + "<div><option selected>x" * 150 + "</div>" * 150 + "</option><b><option>" + "<div>" * n
     + "<selectedcontent></selectedcontent>" + "<i></i></b>" * n),
    # Copies of copies, through templates: the tree doubled at each level
    # (7.3 million nodes from 1.2 KB).
    ("<select><selectedcontent></selectedcontent><option><template> x N (copies of copies)",
     lambda n: "<select><selectedcontent></selectedcontent><option><template>" * n),
    ("<select><button><selectedcontent></button> + <option selected><b>x<selectedcontent> x N",
     lambda n: "<select><button><selectedcontent></button>"
     + "<option selected><b>x<selectedcontent></selectedcontent></b></option>" * n),
    ("<b> + <span><div> x N + </b> x N (adoption agency, removals)",
     lambda n: "<b>" + "<span><div>" * n + "</b>" * n),
    # The same with a foreign element on top: the algorithm took every
    # entry above the formatting element out of the indexes and pushed it
    # back when one of them was foreign (16 s at N = 4,000).
    ("<b> + <span><div> x N + <svg> + </b> x N (adoption agency, foreign above)",
     lambda n: "<b>" + "<span><div>" * n + "<svg>" + "</b>" * n),
    ("<b> + <div> x N + <svg> + </b> x N (adoption agency, foreign above)",
     lambda n: "<b>" + "<div>" * n + "<svg>" + "</b>" * n),
    # Many formatting elements left open with distinct attributes make the
    # list of active formatting elements as long as the input; these
    # walked it for every token (Noah's Ark: 20 s at N = 20,000).
    ("<b x=k> x N (distinct) + <i> x N (Noah's Ark)",
     lambda n: "".join(f"<b x={k}>" for k in range(n)) + "<i>" * n),
    ("<i x=k> x N (distinct) + </b> x N (no b in the list)",
     lambda n: "".join(f"<i x={k}>" for k in range(n)) + "</b>" * n),
    ("<i x=k> x N (distinct) + <a> x N",
     lambda n: "".join(f"<i x={k}>" for k in range(n)) + "<a>" * n),
    ("<b><p> + <i x=k> x N (distinct) + </b> x N (adoption agency, nodes not in the list)",
     lambda n: "<b><p>" + "".join(f"<i x={k}>" for k in range(n)) + "</b>" * n),
    # Lookups that found their entry far back walked to it: the earliest of
    # three of a kind (Noah's Ark, 21 s at N = 16,000), an a element out of
    # scope (13 s), the b before the one just removed.
    ("<b x=k> x 3 + <i x=j> x N + <b x=k> (Noah's Ark far back)",
     lambda n: "".join(f"<b x={k}>" * 3 for k in range(n // 4))
     + "".join(f"<i x={j}>" for j in range(n)) + "".join(f"<b x={k}>" for k in range(n // 4))),
    ("<a> + <i x=j> x N + <table> + </a> x N (formatting element far back)",
     lambda n: "<a>" + "".join(f"<i x={j}>" for j in range(n)) + "<table>" + "</a>" * n),
    ("<b x=1> + <i x=j> x N + <table> + <b></b></b> x N (the b before, far back)",
     lambda n: "<b x=1>" + "".join(f"<i x={j}>" for j in range(n)) + "<table>"
     + "<b></b></b>" * n),
    # Reconstruction copies every formatting element left open: by the
    # standard N x N elements here, and the long value N times in the next
    # (whatwg/html#10772).  The reconstruction limit keeps both linear
    # (docs/html.md, "Limits").
    ("<div> + <b id=k> x N + </div> + <div>x</div> x N (reconstruction)",
     lambda n: "<div>" + "".join(f"<b id={k}>" for k in range(n)) + "</div>"
     + "<div>x</div>" * n),
    ("<p><a href=A x 4N> + <p>a x N (a long value reconstructed)",
     lambda n: '<p><a href="' + "A" * (4 * n) + '">' + "<p>a" * n),
    # Walks down the stack past elements that do not stop them: the list
    # item loop of <li> (found by the fuzzer), and resetting the insertion
    # mode after a table or template closes.
    ("<td><select><option> + <li /><em>...<a /> x N (list item loop)",
     lambda n: "<table><tr><td><select><option>" + "<li /><em style><!--></li>]]>é<a />" * n),
    ("<span> x N + <table></table> x N (reset the insertion mode)",
     lambda n: "<span>" * n + "<table></table>" * n),
    ("<span> x N + <template></template> x N (reset the insertion mode)",
     lambda n: "<span>" * n + "<template></template>" * n),
    ("<y><div> + <span> x N + </y> x N (any other end tag)",
     lambda n: "<y><div>" + "<span>" * n + "</y>" * n),
    # The parse error for elements still open when body ends walked the
    # stack for every </body> or </html> (after body sends the next one
    # back to in body): rb, rp, rt, rtc nest and are among the elements it
    # passes over (58 s at N = 40,000).
    ("<rb> x N + </body> x N (open at body end)", lambda n: "<rb>" * n + "</body>" * n),
    ("<rt> x N + </html> x N (open at body end)", lambda n: "<rt>" * n + "</html>" * n),
    # Found by the same hunt over the tree builder's loops: the place of a
    # formatting element in the list of active formatting elements was found
    # by a walk back from the end, over entries a </div> closed (25 s at
    # N = 8,000); reconstruction walked back over the entries Noah's Ark had
    # discarded, kept in the list by N live ones below (20 s); a furthest
    # block inserted before a table was checked against every ancestor of
    # the table (3.5 s).
    ("<b x=k> x N + <div><i x=k> x N</div> + </b> x N (list positions)",
     lambda n: "".join(f"<b x={k}>" for k in range(n)) + "<div>"
     + "".join(f"<i x={k}>" for k in range(n)) + "</div>" + "<div></b>" * n),
    ("<b x=k> x N + <p><i> x N</p> + <p>x</p> x N (discarded entries)",
     lambda n: "".join(f"<b x={k}>" for k in range(n)) + "<p>" + "<i>" * n + "</p>"
     + "<p>x</p>" * n),
    ("<div> x N + <table> + <b><p>x</b></p> x N (foster-parented furthest block)",
     lambda n: "<div>" * n + "<table>" + "<b><p>x</b></p>" * n),
    # Copies that took the attributes with them, counted as one unit or
    # not at all (found by a hunt for memory blow-ups): the adoption
    # agency's clones of a formatting element (418 MB from 45 KB), and an
    # option child's copies into selectedcontent elements.
    ("<b> with N attributes + <div> x N + </b> x N/8 (adoption agency copies)",
     lambda n: "<b " + " ".join(f"a{k}" for k in range(n)) + ">" + "<div>" * n
     + "</b>" * (n // 8 + 1)),
    ("<option selected><i> with N attributes + <selectedcontent> x N",
     lambda n: "<select><option selected><i " + " ".join(f"a{k}" for k in range(n))
     + "></i></option>" + "<selectedcontent></selectedcontent>" * n),
    # Text merged in pieces before N tables since closed: after the input,
    # each was searched for among its siblings (5.8 s at N = 20,000).
    ("<table>x</x>y</x></table> x N (text merged before closed tables)",
     lambda n: "<table>x</x>y</x> </x> </x></table>" * n),
]


#: Tokenizer families (the regex-heavy shortcuts and attribute states),
#: timed through markup5.Tokenizer alone: name -> builder.
TOKENIZER_FAMILIES: list[tuple[str, Callable[[int], str]]] = [
    ("simple tags", lambda n: "<a b=c d='e' f=\"g\">text</a>" * n),
    ("references in values", lambda n: "<a b='&amp;x&lt;y&#65;' c=d>" * n),
    ("duplicate attributes", lambda n: "<a b b>" * n),
    ("uppercase attribute late", lambda n: ("<a" + " b=c" * 20 + " B>") * n),
    ("unterminated tag", lambda n: "<a " + "b=c " * n),
    ("unterminated quote", lambda n: "<a b='" + "x>" * n),
    ("<a x N", lambda n: "<a" * n),
    ("tag name with <", lambda n: "<a<" * n + ">"),
    ("attribute errors", lambda n: "<a" + " x='&amp'" * n + ">"),
    ("& in one value", lambda n: "<a b='" + "&a" * n + "'>"),
    ("text references", lambda n: "x&amp;y&#65;z&lt" * n),
    ("comments", lambda n: "<!-- c -->" * n),
    # The comment shortcut searched for "-->" from every comment start: with
    # none in the input, each search read the rest of it (the fuzz scaling
    # harness's unit first, then the minimal family).
    ("fuzz unit: <<!--x--!><dir ..>",
     lambda n: "<select>" + "<<!--x--!><dir id='1' xml:lang />" * n),
    ("<!--x--!> x N", lambda n: "<!--x--!>" * n),
    # A name read with "+=": each NULL or quote inside it copied the name
    # so far (quadratic in one shot).
    ("tag name with NULs", lambda n: "<a" + "b\0" * n + ">"),
    ("end tag name with NULs", lambda n: "</a" + "b\0" * n + ">"),
    ("attribute name with quotes", lambda n: "<a " + "b'" * n + ">"),
]

#: Families fed in pieces of 16 characters (HTMLParser.feed and
#: XmlParser.feed): a name or a reference that spans many pieces must not be
#: copied, or read again, for each one.
FED_FAMILIES: list[tuple[str, str, Callable[[int], str]]] = [
    ("fed: long tag name", "html", lambda n: "<a" + "b" * 10 * n + ">"),
    ("fed: long attribute name", "html", lambda n: "<a " + "b" * 10 * n + ">"),
    ("fed: long script end tag name", "html",
     lambda n: "<script></script" + "b" * 10 * n + ">"),
    ("fed: long processing instruction target", "html", lambda n: "<?a" + "b" * 10 * n + ">"),
    ("fed xml: long tag name", "xml", lambda n: "<a" + "b" * 10 * n + "/>"),
    ("fed xml: long numeric reference", "xml", lambda n: "<a>&#" + "0" * 10 * n + "65;</a>"),
    ("fed xml: long unknown reference name", "xml", lambda n: "<a>&b" + "c" * 10 * n + ";</a>"),
    # The input stream's errors were put in order by sorting all of them for
    # each piece holding an astral noncharacter (13 s for 20,000 pieces).
    ("fed: an astral noncharacter in every piece", "html",
     lambda n: ("a\U0001FFFE\x01" + "x" * 13) * n),
    # One Text node growing over the pieces, around tokens that add no
    # node: the tree was made whole after every piece, joining the node's
    # whole text each time (47 s for a million pieces).
    ("fed: text</q> x N in one Text node", "html", lambda n: "<p>" + "xxxxxxxxxx</q>" * n),
    ("fed xml: text</q> x N in one Text node", "xml", lambda n: "<r>" + "xxxxxxxxxx</q>" * n),
    # Text merged before each of N tables: closed ones (every piece looked
    # at all of them again, 341 s for 20,000 fed a unit at a time), and
    # nested open ones, which may all still grow, then pieces adding nothing.
    ("fed: text merged before N closed tables", "html",
     lambda n: "<table>x</x>y</x> </x> </x></table>" * n),
    ("fed: text merged before N nested open tables + </x> x N", "html",
     lambda n: "<table>" + "<tr><td>x</x>y<table>" * n + "</x>" * n),
    # Whitespace after the head, around <style> elements that "after head"
    # puts into the head: joined whole after every piece (74 s for 16,000).
    ("fed: whitespace after the head around N <style>s", "html",
     lambda n: "<head></head>" + "<style></style>       " * n),
]


#: XML families, timed through markup5.parse_xml: text that reaches one Text
#: node in pieces, around tokens that add no node (it was re-concatenated at
#: every piece, found with the HTML sink's family above).
XML_FAMILIES: list[tuple[str, Callable[[int], str]]] = [
    ("xml: text</b> x N", lambda n: "<a>" + "xxxxxxxxxx</b>" * n),
    ("xml: text<!DOCTYPE> x N", lambda n: "<a>" + "xxxxxxxxxx<!DOCTYPE a>" * n),
    ("xml: text&bogus; x N", lambda n: "<a>" + "xxxxxxxxxx&bogus;" * n),
    ("xml: <b/> x N (flat)", lambda n: "<a>" + "<b/>" * n),
    # Each tag declares a prefix of its own, nested: every declaring tag
    # copied all the bindings in force (quadratic time and memory).
    ("xml: <b xmlns:pk=u> x N (nested declarations)",
     lambda n: "<a>" + "".join(f'<b xmlns:p{k}="u">' for k in range(n)) + "<p0:c/>" * n),
    # Tokens of megabytes: an expat older than 2.6.0 scans an unfinished
    # token again at every MiB it is fed (7.4 s for a comment of 128 MB);
    # and, after "&bogus;" (not well-formed: the XML5 rules read it all),
    # a comment's or CDATA section's data, which the tree builder's loop
    # read with a regex that stepped a character at a time (11 s for 16 MB).
    ("xml: <!-- 1,000 x N characters -->", lambda n: "<a><!--" + "x" * 1000 * n + "--></a>"),
    ("xml: <a b='1,000 x N characters'/>", lambda n: "<a b='" + "x" * 1000 * n + "'/>"),
    ("xml: &bogus; <!-- x- x 100 N -->", lambda n: "<a>&bogus;<!--" + "x-" * 100 * n + "x--></a>"),
    ("xml: &bogus; <![CDATA[ x] x 100 N ]]>",
     lambda n: "<a>&bogus;<![CDATA[" + "x]" * 100 * n + "]]></a>"),
]


def _parse_xml(text: str) -> object:
    return markup5.parse_xml(text)


_LAUGHS = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))

#: The internal subset (markup5.xml.dtd, markup5.xml.entities): expansion
#: attacks and many declarations, timed through markup5.parse_xml with its
#: default limits (expansion stops at 8 MiB, or at 100 times the input
#: beyond that) and, "(100x)", with the activation threshold at 0, so that
#: the amplification ratio alone bounds the work and it grows with N.
DTD_FAMILIES: list[tuple[str, int, Callable[[int], str]]] = [
    ("dtd: billion laughs, &l9; x N", 8 * 1024 * 1024,
     lambda n: f'<!DOCTYPE a [<!ENTITY l0 "lol">{_LAUGHS}]><a>' + "&l9;" * n + "</a>"),
    ("dtd: billion laughs, &l9; x N (100x)", 0,
     lambda n: f'<!DOCTYPE a [<!ENTITY l0 "lol">{_LAUGHS}]><a>' + "&l9;" * n + "</a>"),
    ("dtd: billion laughs in an attribute (100x)", 0,
     lambda n: f'<!DOCTYPE a [<!ENTITY l0 "lol">{_LAUGHS}]><a>' + '<b c="&l9;"/>' * n + "</a>"),
    ("dtd: quadratic blowup, 1,000 chars x N refs", 8 * 1024 * 1024,
     lambda n: '<!DOCTYPE a [<!ENTITY x "' + "x" * 1000 + '">]><a>' + "&x;" * n + "</a>"),
    ("dtd: quadratic blowup (100x)", 0,
     lambda n: '<!DOCTYPE a [<!ENTITY x "' + "x" * 1000 + '">]><a>' + "&x;" * n + "</a>"),
    ("dtd: N entities, each used", 8 * 1024 * 1024,
     lambda n: "<!DOCTYPE a [" + "".join(f'<!ENTITY e{k} "<b>{k}</b>">' for k in range(n))
     + "]><a>" + "".join(f"&e{k};" for k in range(n)) + "</a>"),
    ("dtd: chain of N entities, used last first", 8 * 1024 * 1024,
     lambda n: '<!DOCTYPE a [<!ENTITY e0 "x">' + "".join(f'<!ENTITY e{k} "&e{k - 1};">'
                                                           for k in range(1, n))
     + "]><a>" + "".join(f"&e{k};" for k in reversed(range(n))) + "</a>"),
    ("dtd: N defaulted attributes on N elements", 8 * 1024 * 1024,
     lambda n: "<!DOCTYPE a [<!ATTLIST b " + "".join(f' a{k} NMTOKENS " x  y "' for k in range(50))
     + ">]><a>" + "<b/>" * (n // 50 + 1) * 50 + "</a>"),
    ("dtd: parameter entity used N times", 8 * 1024 * 1024,
     lambda n: "<!DOCTYPE a [<!ENTITY % p '<!ENTITY x \"y\">'>" + "%p;" * n + "]><a>&x;</a>"),
    ("dtd: N nested parentheses in a content model", 8 * 1024 * 1024,
     lambda n: "<!DOCTYPE a [<!ELEMENT a " + "(" * n + "b" + ")" * n + ">]><a/>"),
    ("dtd: N unclosed declarations", 8 * 1024 * 1024,
     lambda n: "<!DOCTYPE a [" + "<!ENTITY x '" * n),
]


def _parse_xml_limited(threshold: int) -> Callable[[str], object]:
    def run(text: str) -> object:
        return markup5.parse_xml(text, entity_expansion_threshold=threshold)
    return run


#: markup5.xml.iterparse_xml, read in pieces of 64 characters with every
#: event asked for, each element discarded on its "end" (the walk after
#: each piece must look at each node once: no rescan of a long child list
#: or of a deep path per piece).
ITERPARSE_FAMILIES: list[tuple[str, Callable[[int], str]]] = [
    ("iterparse: <b/> x N (flat)", lambda n: "<a>" + "<b/>" * n + "</a>"),
    ("iterparse: <b> x N (deep, unclosed)", lambda n: "<b>" * n),
    ("iterparse: <b>x</b> x N in <b> x N", lambda n: "<b>" * n + "<b>x</b>" * n),
    ("iterparse: <!--c--><?p?>text<b/> x N", lambda n: "<a>" + "<!--c--><?p?>text<b/>" * n),
    ("iterparse: <b xmlns:pk=u> x N (namespace events)",
     lambda n: "<a>" + "".join(f'<b xmlns:p{k}="u">' for k in range(n))),
]


def _iterparse(text: str) -> object:
    from markup5.xml.iterparse import EVENTS, iterparse_xml
    events = iterparse_xml(text, tuple(EVENTS), chunk_size=64)
    for event, node in events:
        if event == "end":
            events.discard(node)
    return events.document


def _tokenize_all(text: str) -> None:
    tokenizer = markup5.Tokenizer(text)
    for _ in tokenizer:
        pass
    tokenizer.errors  # noqa: B018 -- line and column are worked out on demand


def _fed(text: str, parser: Callable[[], Any]) -> object:
    target = parser()
    for i in range(0, len(text), 16):
        target.feed(text[i:i + 16])
    document = target.close()
    getattr(document, "errors", None)  # (gathered when asked for)
    return document


def _normalize(text: str) -> None:
    """normalize() of an element holding one Text node per character."""
    element = markup5.Element("div")
    element.append(*text)
    element.normalize()


#: markup5.url.parse_url on long hostile URLs (the parser of links and of a
#: sanitizer's URL checks): each family's URL is its unit x N.
URL_FAMILIES: list[tuple[str, Callable[[int], str]]] = [
    ("url: ../ x N", lambda n: "https://h/" + "../" * n),
    ("url: %2e%2e/ x N", lambda n: "https://h/" + "%2e%2e/" * n),
    ("url: a. x N host", lambda n: "https://" + "a." * n + "com/"),
    ("url: [::: x N", lambda n: "http://[" + ":" * n),
    ("url: 1. x N ipv4", lambda n: "http://" + "1." * n),
    ("url: xn--a. x N", lambda n: "http://" + "xn--a." * n),
    ("url: \u00e9 x N path", lambda n: "https://h/" + "\u00e9" * n),
    ("url: ?&#% x N", lambda n: "https://h/?" + "&#%" * n),
    ("url: file C| x N", lambda n: "file:///C|/" + "C|/" * n),
]


def _parse_url(text: str) -> None:
    markup5.url.parse_url(text, "https://example.com/a/b")


#: markup5.sanitize on hostile inputs: the tree cleaning walk, the URL and
#: attribute checks, escaping, and the re-parse check with its rounds (each
#: family's policy: "default" is DEFAULT_POLICY, "text" the text-formatting
#: preset, which has no tables, "escape" the default escaping disallowed
#: elements as text, "foreign" the default with SVG, MathML and comments).
SANITIZE_FAMILIES: list[tuple[str, str, Callable[[int], str]]] = [
    ("sanitize: <div> x N (deep, kept)", "default", lambda n: "<div>" * n),
    ("sanitize: <blockquote><b> x N", "default", lambda n: "<blockquote><b>" * n),
    ("sanitize: <x-y> x N (deep, unwrapped)", "default", lambda n: "<x-y>" * n),
    ("sanitize: <x-y>t</x-y> x N (unwrapped)", "default", lambda n: "<x-y>t</x-y>" * n),
    ("sanitize: <x-y> x N (deep, escaped)", "escape", lambda n: "<x-y a=1>" * n),
    ("sanitize: <x-y a=1>t</x-y> x N (escaped)", "escape", lambda n: "<x-y a=1>t</x-y>" * n),
    ("sanitize: <script>x</script> x N (dropped)", "default",
     lambda n: "<script>x</script>" * n),
    ("sanitize: one <p> with N attributes", "default",
     lambda n: "<p " + " ".join(f"a{k}=v" for k in range(n)) + ">x"),
    ("sanitize: one <a> with N on* attributes", "default",
     lambda n: "<a " + " ".join(f"on{k}=x()" for k in range(n)) + ">x"),
    ("sanitize: <a href=https://h/k> x N", "default",
     lambda n: "".join(f'<a href="https://h.example/{k}" title=t>x</a>' for k in range(n))),
    ("sanitize: <a href=javascript:> x N", "default",
     lambda n: '<a href=" java\tscript:x">y</a>' * n),
    ("sanitize: table, N rows of kept cells", "default",
     lambda n: "<table>" + "<tr><td>x</td><td>y</td></tr>" * n + "</table>"),
    ("sanitize: table, N rows of unwrapped cells", "text",
     lambda n: "<table>" + "<tr><td>x</td><td><b>y</b></td></tr>" * n + "</table>"),
    ("sanitize: table, N cells of dropped content", "default",
     lambda n: "<table><tr>" + "<td><script>x</script><iframe></iframe>z" * n),
    ("sanitize: <a><table><a> x N (foster, re-parse)", "default",
     lambda n: "<a href=/x>a<table><a href=/y>b" * n),
    ("sanitize: <h2><a><h2><a> x N (re-parse)", "default", lambda n: "<h2><a>" * n),
    ("sanitize: <nobr><div>x8<nobr> x N (re-parse)", "default",
     lambda n: ("<nobr>" + "<div>" * 8) * n),
    ("sanitize: <dt><form><dd><a></form><dd> x N", "default",
     lambda n: "<dt><form><dd><a></form><dd>" * n),
    ("sanitize: <p><x-y><div> x N (unwrap, misnest)", "default",
     lambda n: "<p>a<x-y>b<div>c" * n),
    ("sanitize: <svg><p> x N (breakout)", "foreign", lambda n: "<svg><g><p>x" * n),
    ("sanitize: <math><mtext><table><mglyph><style> x N", "foreign",
     lambda n: "<math><mtext><table><mglyph><style><img src=x onerror=y>" * n),
    ("sanitize: <!--c--> x N (kept)", "foreign", lambda n: "<!--c-->" * n),
    ("sanitize: &lt;< x N (text)", "default", lambda n: "&lt;<&amp;>x" * n),
]


#: markup5.sanitize.linkify's URL and e-mail recognizers on hostile text
#: (a Bleach-style TLD pattern backtracks quadratically on "a-a-a-..."):
#: each family is its unit x N, as plain text.
LINKIFY_FAMILIES: list[tuple[str, Callable[[int], str]]] = [
    ("linkify: . x N", lambda n: "." * 10 * n),
    ("linkify: a. x N", lambda n: "a." * 5 * n),
    ("linkify: a- x N", lambda n: "a-" * 5 * n),
    ("linkify: http:// x N", lambda n: "http://" * 2 * n),
    ("linkify: ( x N", lambda n: "(" * 10 * n),
    ("linkify: - x N", lambda n: "-" * 10 * n),
    ("linkify: (- x N", lambda n: "(-" * 5 * n),
    ("linkify: -. x N", lambda n: "-." * 5 * n),
    ("linkify: a@ x N", lambda n: "a@" * 5 * n),
    ("linkify: a@ then b. x N", lambda n: "a@" + "b." * 5 * n),
    ("linkify: a.com: x N", lambda n: "a.com:" * 2 * n),
    ("linkify: \"a<newline> x N", lambda n: '"a\n' * 3 * n),
    ("linkify: a.com<space> x N (N links)", lambda n: "a.com " * 2 * n),
    ("linkify: me@c.net& x N (N adjacent addresses)", lambda n: "me@c.net&" * n),
]


#: markup5.forms' pattern attribute matcher (a JavaScript RegExp with the v
#: flag, run as an automaton): each family is a fixed pattern and a value of
#: N units, or a pattern of N units compiled and run on a fixed value.  A
#: backtracking engine is exponential on most of these.
PATTERN_FAMILIES: list[tuple[str, str, Callable[[int], str]]] = [
    ("pattern: (a+)+$ on a x N b", "(a+)+$", lambda n: "a" * 10 * n + "b"),
    ("pattern: (a|a)*c on a x N", "(a|a)*c", lambda n: "a" * 10 * n),
    ("pattern: (.*a){12} on a x N", "(.*a){12}", lambda n: "a" * 10 * n),
    ("pattern: (?:a?){40}a{40} on a x N", "(?:a?){40}a{40}", lambda n: "a" * 10 * n),
    ("pattern: (?=(a*)*b)a* on a x N", "(?=(a*)*b)a*", lambda n: "a" * 10 * n),
    ("pattern: (?<!(a|a)*b)a* on a x N", "(?<!(a|a)*b)a*", lambda n: "a" * 10 * n),
    (r"pattern: (\w+)\s\1 on ab x N", r"(\w+)\s\1",
     lambda n: "ab" * 5 * n + " " + "ab" * 5 * n),
    ("pattern: a{0,N} on a x N", "a{0,1000000}", lambda n: "a" * 10 * n),
    ("pattern: (?:a|a)* x N, compiled and run on a x 50", "",
     lambda n: "(?:a|a)*" * n),
]


#: :dir() over hostile trees: parse, then select ':dir(rtl)', which settles
#: the direction of every element (markup5.directionality, once per element,
#: each text read by at most one dir=auto element).
DIR_FAMILIES: list[tuple[str, Callable[[int], str]]] = [
    (":dir: dir=auto, <b> x N, R", lambda n: "<p dir=auto>" + "<b>" * n + "\u05e9"),
    (":dir: <div dir=auto> x N", lambda n: "<div dir=auto>" * n + "\u05e9"),
    (":dir: dir=rtl, <span> x N", lambda n: "<div dir=rtl>" + "<span>" * n),
    (":dir: <p dir=auto>1 x 20, R x N",
     lambda n: ("<p dir=auto>" + " 1" * 20 + "\u05e9</p>") * n),
    (":dir: <bdi>1 x N", lambda n: "<bdi>1" * n),
    (":dir: <input dir=auto> x N", lambda n: "<input dir=auto value='1 \u05e9'>" * n),
]


def _select_dir(text: str) -> object:
    return markup5.parse(text).select(":dir(rtl)")


_HEAD = "<!DOCTYPE html><html lang=en><head><title>t</title></head><body>"

#: markup5.conformance.check (parse with source locations, then one walk
#: running every rule family): documents that are deep, wide, or heavy in
#: what one family keeps per document (ids and references, tables,
#: headings, long values, style sheets).  Most are not conforming, so the
#: messages (sorted at the end) grow with N too.
CHECK_FAMILIES: list[tuple[str, Callable[[int], str]]] = [
    ("check: <div> x N (deep)", lambda n: _HEAD + "<div>" * n),
    ("check: media condition nested N deep", lambda n: _HEAD + '<link rel=stylesheet href=a '
     'media="' + "(" * 10 * n + "min-width:1px" + ")" * 10 * n + '">'),
    ("check: <span> x N (deep phrasing)", lambda n: _HEAD + "<p>" + "<span>" * n),
    ("check: <a href> x N (deep, nested interactive)", lambda n: _HEAD + "<a href=/x>" * n),
    ("check: <p>x</p> x N (siblings)", lambda n: _HEAD + "<p>x</p>" * n),
    ("check: <li> x N in one ul", lambda n: _HEAD + "<ul>" + "<li>x" * n + "</ul>"),
    ("check: <b> x N (misplaced in a ul)", lambda n: _HEAD + "<ul>" + "<b>x</b>" * n),
    ("check: N distinct ids", lambda n: _HEAD + "".join(f"<p id=i{k}>x</p>" for k in range(n))),
    ("check: N duplicate ids", lambda n: _HEAD + "<p id=a>x</p>" * n),
    ("check: N labels for one id", lambda n: _HEAD + "<input id=i>"
     + "<label for=i>l</label>" * n),
    ("check: N references to missing ids", lambda n: _HEAD + "".join(
        f"<label for=m{k}>l</label><input list=d{k} form=f{k}>" for k in range(n))),
    ("check: N headers= naming N ids", lambda n: _HEAD + "<table><tr>"
     + "".join(f"<th id=h{k}>h" for k in range(n)) + "<tr><td headers='"
     + " ".join(f"h{k}" for k in range(n)) + "'>x</table>"),
    ("check: one value of N x 100 characters", lambda n: _HEAD + '<p title="'
     + "x" * 100 * n + '" class="' + "a " * 50 * n + '" lang="' + "a-" * 50 * n + '">x'),
    ("check: one URL of N x 100 characters", lambda n: _HEAD + '<a href="https://e.x/'
     + "a/%20" * 20 * n + '">x</a>'),
    ("check: srcset of N candidates", lambda n: _HEAD + '<img alt="" src=a srcset="'
     + ", ".join(f"i{k}.png {k + 1}w" for k in range(n)) + '" sizes=100vw>'),
    ("check: style= of N declarations", lambda n: _HEAD + '<p style="'
     + "color: red; " * n + '">x'),
    ("check: <style> of N rules", lambda n: "<!DOCTYPE html><html lang=en><head><title>t"
     "</title><style>" + "".join(f".c{k} {{ color: red }} " for k in range(n))
     + "</style></head><body>"),
    # (one prelude read by the plain-selector expression, and one it reads
    # to the end before the full path takes it: no '{')
    ("check: <style>, one rule of N selectors", lambda n: "<!DOCTYPE html><html lang=en>"
     "<head><title>t</title><style>" + ", ".join(f"ul > li.c{k}:hover a" for k in range(n))
     + " { color: red } " + " ".join(f"p.c{k}" for k in range(n)) + "</style></head><body>"),
    ("check: table of N rows", lambda n: _HEAD + "<table>"
     + "<tr><td>x<td colspan=2>y" * n + "</table>"),
    ("check: table, one row of N cells", lambda n: _HEAD + "<table><tr>" + "<td>x" * n
     + "</table>"),
    ("check: table, N rowspans overlapping", lambda n: _HEAD + "<table>"
     + "<tr><td rowspan=3>x<td>y" * n + "</table>"),
    ("check: <table> x N (nested)", lambda n: _HEAD + "<table><tr><td>" * n),
    ("check: <h1>..<h6> x N (headings)", lambda n: _HEAD
     + "<h1>a</h1><h3>b</h3><h2>c</h2><h6>d</h6>" * n),
    ("check: N microdata items with itemref", lambda n: _HEAD + "".join(
        f"<div itemscope itemref=p{k}></div><p id=p{k} itemprop=a>x</p>" for k in range(n))),
    ("check: N roles and aria-*", lambda n: _HEAD
     + "<div role=button aria-pressed=true tabindex=0>x</div>" * n),
    ("check: <select> + N options", lambda n: _HEAD + "<select>" + "<option>x" * n
     + "</select>"),
    ("check: N parse errors", lambda n: _HEAD + "&bogus;</x>" * n),
]


def _check(text: str) -> object:
    from markup5.conformance import check
    return check(text)


#: markup5.forms over whole pages: parse, then check_validity of every form
#: and select(':invalid') (radio button groups, form owners, fieldsets and
#: datalist ancestors computed once per page).
FORMS_FAMILIES: list[tuple[str, Callable[[int], str]]] = [
    ("forms: N required radios in one group", lambda n: "<form>" + "<input type=radio "
     "name=r required>" * n),
    ("forms: N radios, form= from a deep chain", lambda n: "<form id=f></form>" + "<div>" * n
     + "<input type=radio name=r form=f required>" * n),
    ("forms: N nested disabled fieldsets", lambda n: "<form>" + "<fieldset disabled>" * n
     + "<input required>" * n),
    ("forms: N inputs of every kind", lambda n: "<form>" + (
        "<input type=number min=3 value=1 step=2><input type=date max=2020-01-01 "
        "value=2021-01-01><input type=email multiple value='a@b,c'><textarea required>"
        "</textarea><select required><option value=''>x</select>") * (n // 5 + 1)),
    ("forms: N options in a required select", lambda n: "<select required>" + "<option>" * n),
    ("forms: datalist above N inputs", lambda n: "<datalist>" + "<div>" * n + "<input>" * n),
]


def _check_forms(text: str) -> object:
    from markup5 import forms
    doc = markup5.parse(text)
    cache: dict[object, object] = {}
    valid = [forms.check_validity(form, cache=cache) for form in doc.select("form")]
    return valid, doc.select(":invalid")


def _pattern_matcher(pattern: str) -> Callable[[str], object]:
    """Match values against *pattern*; with no pattern, compile each text
    as a pattern and match it against a fixed value."""
    from markup5.forms._pattern import compile_pattern
    if not pattern:
        return lambda text: compile_pattern(text).matches("a" * 50)  # type: ignore[union-attr]
    compiled = compile_pattern(pattern)
    assert compiled is not None
    return compiled.matches


def _linkify(text: str) -> object:
    from markup5.sanitize.linkify import linkify
    return linkify(text, parse_email=True)


def _sanitizer(policy: str) -> Callable[[str], object]:
    """markup5.sanitize's sanitize with a SANITIZE_FAMILIES policy."""
    from markup5.sanitize import DEFAULT_POLICY, TEXT_FORMATTING_POLICY, Sanitizer
    chosen = {"default": DEFAULT_POLICY, "text": TEXT_FORMATTING_POLICY,
              "escape": DEFAULT_POLICY.replace(disallowed="escape"),
              "foreign": DEFAULT_POLICY.replace(svg=True, mathml=True, comments=True)}[policy]
    return Sanitizer(chosen).sanitize


def best_time(text: str, repeats: int, budget: float,
              run: Callable[[str], object] | None = None) -> float:
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        doc = markup5.parse(text) if run is None else run(text)
        elapsed = time.perf_counter() - start
        del doc
        best = min(best, elapsed)
        if elapsed > budget:
            break
    return best


def _scale(name: str, build: Callable[[int], str], run: Callable[[str], object] | None,
           n: int, args: argparse.Namespace, flagged: list[str]) -> None:
    """Time one family at N and 2N and print the ratio; a ratio above 3,
    or an exception, adds the family to ``flagged``."""
    try:
        small = best_time(build(n), args.repeats, args.budget, run)
        large = best_time(build(2 * n), args.repeats, args.budget, run)
    except Exception as exc:  # report and keep going
        print(f"{name:26s} ERROR {type(exc).__name__}: {exc}")
        flagged.append(name)
        return
    ratio = large / small if small > 0 else float("inf")
    note = "  NOT LINEAR?" if ratio > 3 else ""
    if note:
        flagged.append(name)
    print(f"{name:26s} {small:9.4f} {large:9.4f} {ratio:6.2f}{note}")


#: The grid (``--grid``): prefix + filler x N + token x N for every
#: combination, the fillers leaving elements open for the tokens to walk
#: past (a numbered filler makes them distinct, out of Noah's Ark's reach).
GRID_TAGS = (
    "a", "b", "i", "p", "div", "span", "li", "dd", "dt", "ul", "ol", "dl", "table", "tr", "td",
    "th", "tbody", "caption", "colgroup", "col", "select", "option", "optgroup",
    "selectedcontent", "button", "form", "template", "svg", "math", "mi", "foreignObject",
    "desc", "h1", "pre", "textarea", "object", "applet", "marquee", "nobr", "font", "em",
    "body", "html", "head", "frameset", "hr", "br", "img", "input", "label", "legend",
    "fieldset", "details", "summary", "ruby", "rb", "rt", "rp", "iframe", "noscript", "title",
    "y")
GRID_TOKENS = (*(f"<{t}>" for t in GRID_TAGS), *(f"</{t}>" for t in GRID_TAGS),
               *(f"<{t}></{t}>" for t in GRID_TAGS), "x", "<!--c-->")
GRID_PREFIXES = ("", "<y><div>", "<table><tr><td>", "<select>", "<svg>", "<template>",
                 "<ul><li>", "<dl><dd>", "<ruby>", "<math><mi>", "<table><caption>", "<button>",
                 "<p>", "<select><option>", "<object>")
GRID_FILLERS: tuple[Callable[[int], str], ...] = (
    lambda k: "<span>", lambda k: "<em>", lambda k: f"<b x={k}>", lambda k: "<g>",
    lambda k: "<rb>")
#: The grid's contexts: a document (None) and three fragment contexts.
GRID_CONTEXTS = (None, "td", "select", "svg svg")


def grid(n: int = 300, contexts: tuple[str | None, ...] = GRID_CONTEXTS) -> list[str]:
    """Time every grid family at ``n`` and ``4n`` in each context; the
    families that took over 9 times as long (and over 50 ms) at ``4n``."""
    flagged = []
    for context in contexts:
        for prefix in GRID_PREFIXES:
            for index, filler in enumerate(GRID_FILLERS):
                for token in GRID_TOKENS:
                    times = []
                    for size in (n, 4 * n):
                        text = prefix + "".join(filler(k) for k in range(size)) + token * size
                        start = time.process_time()
                        if context is None:
                            markup5.parse(text)
                        else:
                            markup5.parse_fragment(text, context)
                        times.append(time.process_time() - start)
                    if times[1] > 0.05 and times[1] > 9 * times[0]:
                        flagged.append(f"{context or 'document'}: {prefix!r} + filler {index} "
                                       f"x N + {token!r} x N ({times[1] / times[0]:.1f} times)")
    return flagged


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--budget", type=float, default=10.0,
                    help="a run slower than this is not repeated (seconds)")
    ap.add_argument("--grid", action="store_true",
                    help="time the grid of prefix + filler x N + token x N families instead "
                         "(N = 300 and 1,200; a few minutes per context)")
    ap.add_argument("--only", metavar="TEXT", default="",
                    help="time only the families whose name contains TEXT")
    args = ap.parse_args(argv)
    if args.grid:
        flagged_families = grid()
        total = len(GRID_PREFIXES) * len(GRID_FILLERS) * len(GRID_TOKENS)
        for line in flagged_families:
            print(f"NOT LINEAR? {line}")
        print(f"{total} grid families in {len(GRID_CONTEXTS)} contexts, "
              f"{len(flagged_families)} flagged")
        return 0
    n = max(1, args.n)
    # Deep trees are torn down and walked recursively by some code paths;
    # give them room, as a real caller handling deep documents would.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * n + 1000))
    print(f"markup5.parse scaling, N={n} and 2N={2 * n}, best of {args.repeats}")
    print(f"{'family':26s} {'t(N) s':>9s} {'t(2N) s':>9s} {'ratio':>6s}")
    flagged: list[str] = []
    for name, build in FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, None, n, args, flagged)
    print(f"\nmarkup5.Tokenizer scaling, N={n} and 2N={2 * n}, best of {args.repeats}")
    for name, build in TOKENIZER_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _tokenize_all, n, args, flagged)
    print(f"\nmarkup5.parse_xml scaling, N={n} and 2N={2 * n}, best of {args.repeats}")
    for name, build in XML_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _parse_xml, n, args, flagged)
    print(f"\nmarkup5.xml.iterparse_xml in pieces of 64, N={n} and 2N={2 * n}, "
          f"best of {args.repeats}")
    for name, build in ITERPARSE_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _iterparse, n, args, flagged)
    print(f"\nmarkup5.parse_xml, the internal subset, N={n} and 2N={2 * n}, "
          f"best of {args.repeats}")
    for name, threshold, build in DTD_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _parse_xml_limited(threshold), n, args, flagged)
    print(f"\nfeed() in pieces of 16 characters, N={n} and 2N={2 * n}, best of {args.repeats}")
    for name, kind, build in FED_FAMILIES:
        if args.only not in name:
            continue
        parser: Callable[[], Any] = markup5.HTMLParser if kind == "html" else XmlParser
        _scale(name, build, partial(_fed, parser=parser), n, args, flagged)
    print(f"\nNode.normalize(), N={n} and 2N={2 * n}, best of {args.repeats}")
    if args.only in "normalize: N adjacent Text nodes":
        _scale("normalize: N adjacent Text nodes", lambda n: "x" * 10 * n, _normalize, n, args,
               flagged)
    print(f"\nmarkup5.url.parse_url, N={n} and 2N={2 * n}, best of {args.repeats}")
    for name, build in URL_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _parse_url, n, args, flagged)
    print(f"\nmarkup5.sanitize, N={n} and 2N={2 * n}, best of {args.repeats}")
    for name, policy, build in SANITIZE_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _sanitizer(policy), n, args, flagged)
    print(f"\nmarkup5.sanitize.linkify, N={n} and 2N={2 * n}, best of {args.repeats}")
    for name, build in LINKIFY_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _linkify, n, args, flagged)
    print(f"\nmarkup5.forms pattern matching, N={n} and 2N={2 * n}, best of {args.repeats}")
    for name, pattern, build in PATTERN_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _pattern_matcher(pattern), n, args, flagged)
    print(f"\nmarkup5.forms: parse, check_validity(form), select(':invalid'), N={n} and "
          f"2N={2 * n}, best of {args.repeats}")
    for name, build in FORMS_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _check_forms, n, args, flagged)
    print(f"\nmarkup5.parse + select(':dir(rtl)'), N={n} and 2N={2 * n}, best of {args.repeats}")
    for name, build in DIR_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _select_dir, n, args, flagged)
    print(f"\nmarkup5.conformance.check, N={n} and 2N={2 * n}, best of {args.repeats}")
    for name, build in CHECK_FAMILIES:
        if args.only not in name:
            continue
        _scale(name, build, _check, n, args, flagged)
    if flagged:
        print(f"flagged: {', '.join(flagged)}")
    else:
        print("all families scale about linearly")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
