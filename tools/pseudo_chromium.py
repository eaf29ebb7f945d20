"""Record what headless Chromium's querySelectorAll makes of pseudo-classes,
pseudo-elements, ``:dir()``, ``&`` and large ``:nth-*`` numbers.

    python tools/pseudo_chromium.py [--out tests/fixtures/selectors/chromium-pseudo.json]

Each page below is parsed with DOMParser (text/html, scripting off, as
markup5.parse does) and every selector of SELECTORS is run over it; the
result is "ERR" when Chromium rejects the selector, else the indexes of the
elements it selects (in a document-order walk over the elements).  The
fixture this writes is what tests/test_selectors_states.py and
tests/test_selectors_dir.py compare markup5 with, so that the tests run
without a browser.  The candidates include names Chromium rejects, so that
rejections are recorded too.

Needs Debian's chromium (``apt-get install chromium``); no Python packages.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_diff import Chromium, find_chromium  # noqa: E402
from selector_diff import run_chromium  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "tests" / "fixtures" / "selectors" / "chromium-pseudo.json"

# Pseudo-class and pseudo-element names to try with one and two colons,
# with and without an argument: Chromium's (css_selector.cc's tables and
# recent additions) and some it does not have.
NAMES = """
-internal-autofill-previewed -internal-autofill-selected -internal-modal -internal-list-box
-internal-is-html -internal-popover-in-top-layer -internal-foo -internal-dialog-in-top-layer
-internal-relative-anchor -internal-menulist-popover-with-menulist-anchor
-internal-menulist-popover-with-menubar-anchor -internal-overscroll-target
-internal-selector-fragment-anchor -internal-spatial-navigation-focus -internal-video-persistent
-internal-multi-select-focus -internal-media-controls-overlay-cast-button
-internal-overscroll-area-parent permission-icon link-to
-webkit-any-link -webkit-autofill -webkit-drag -webkit-full-page-media -webkit-full-screen
-webkit-full-screen-ancestor -webkit-full-screen-document -webkit-resizer -webkit-scrollbar
-webkit-scrollbar-button -webkit-scrollbar-corner -webkit-scrollbar-thumb -webkit-scrollbar-track
-webkit-scrollbar-track-piece -webkit-any -webkit-input-placeholder -webkit-details-marker
-webkit-foo -webkit- -moz-placeholder -moz-focusring -ms-input-placeholder
active active-view-transition active-view-transition-type after any-link autofill backdrop
before blank buffering checked checkmark closed column corner-present cue cue-region current
decrement default defined details-content dir disabled double-button empty enabled end
file-selector-button first first-child first-letter first-line first-of-type focus
focus-visible focus-within fullscreen future grammar-error granted has has-interest
has-slotted heading highlight horizontal host host-context hover in-range increment
indeterminate interest-hint interest-source interest-target invalid is lang last-child
last-of-type left link local-link marker modal muted no-button not nth-child nth-last-child
nth-last-of-type nth-of-type only-child only-of-type open optional out-of-range part past
paused picker picker-icon picture-in-picture placeholder placeholder-shown playing
popover-open read-only read-write required right root scope scroll-button scroll-marker
scroll-marker-group search-text seeking selection single-button slotted spelling-error
stalled start state target target-after target-before target-current target-text
target-within user-invalid user-valid valid vertical view-transition view-transition-group
view-transition-group-children view-transition-image-pair view-transition-new
view-transition-old visited volume-locked where window-inactive xr-overlay
""".split()
ARGUMENTS = ["p", "ltr", "*", "select", "up", "a b", "p, q", ""]

# Combinations: arguments, nesting, what may follow a pseudo-element, '&',
# case, and the An+B limits.
EXTRA = """
::slotted(p span)
::slotted(p > span)
::slotted(p.x:hover)
::slotted(::before)
::slotted(:is(p))
::part(a  b)
::part("a")
:host-context(p span)
:host-context(p.x)
:host(p.x:hover)
:host(:is(p q))
:host(::before)
::cue(p > q)
::cue(::before)
:-webkit-any(p.x:hover, div)
:-webkit-any(:not(p))
:-webkit-any(:-webkit-any(p))
:-webkit-any(:has(p))
:-webkit-any(p,,div)
:-webkit-any(p,:foo)
:-webkit-any(::before)
:-webkit-any(p>span)
:-webkit-any(*|p)
:is(:-webkit-any(p))
:-webkit-any(:not(p q))
:-webkit-any(:not(p, q))
:-webkit-any(:is(:not(p q)))
:-webkit-any(:nth-child(1 of p q))
:-webkit-any(:nth-child(1 of :not(p q)))
:-webkit-any(:nth-child(1 of :has(p)))
:-webkit-any(:host-context(p))
:host(:not(p q))
:host(:has(p))
:host(:is(:has(p)))
:host-context(:not(p q))
::slotted(:not(p q))
::slotted(:has(p))
::cue(:not(p q))
:-webkit-any(:host(:not(p q)))
:nth-child(1 of ::before)
:nth-child(1 of p::before, p)
:nth-child(1 of ::before:hover)
:has(:nth-child(1 of p::before))
:has(:-webkit-any(p))
:not(:-webkit-any(p))
:dir(rtl)
:DIR(LTR)
:dir( ltr )
:dir(ltr rtl)
:dir(\\6c tr)
:dir(ltr /**/)
:dir("ltr")
:dir(-x)
:dir(auto)
:dir(1)
:dir(ltr
:is(:dir(rtl))
:not(:dir(rtl))
:dir(rtl) > :dir(ltr)
::view-transition-group(*.x.y)
::view-transition-group(* .x)
::view-transition-group(a .x)
::view-transition-group(--x)
::view-transition-group(.x.y)
:active-view-transition-type(x y)
:state(--x)
:state(X)
&
& > p
p &
p&
&p
*&
& &
&&
&&p
&.x
:is(& p)
:not(& p)
:has(> &)
:has(&)
&::before
&:is(p)
:scope&
::before:hover
::before:is(:hover)
::before:is(:hover, p)
::before:where(*)
::before:is()
::before:not(:hover)
::before:not(::marker)
::before:is(::marker)
::before:focus
::before:empty
::before.x
::before[a]
::before#a
::before p
::before::marker
::after::marker
::marker::marker
::placeholder::marker
::placeholder:hover
::marker:is(:hover)
::marker:where(p)
::backdrop:not(*)
::backdrop:hover
::part(x):hover
::part(x):not(:hover)
::part(x):not(:first-child)
::part(x):is(:first-child)
::part(x):is(p)
::part(x):-webkit-any(:hover)
::part(x):dir(ltr)
::part(x):state(foo)
::part(x):lang(en)
::part(x):has(p)
::part(x):scope
::part(x):host
::part(x):first-child
::part(x)::part(y)
::part(x)::slotted(p)
::part(x)::details-content
::part(x)::picker(select)
::part(x)::before
::part(x)::placeholder
::part(x)::cue
::part(x)::cue(p)
::details-content::cue(p)
::part(x)::-webkit-foo
::part(x)::permission-icon
::permission-icon:hover
::permission-icon::before
::permission-icon:first-child
::-internal-media-controls-overlay-cast-button:hover
::-internal-media-controls-overlay-cast-button:enabled
::slotted(p)::permission-icon
::part(x).x
::part(x) p
p::part(x)
::details-content:first-child
::details-content:open
::details-content::before
::details-content::part(x)
::picker(select):open
::picker(select):first-child
::picker(select)::picker-icon
::picker(select)::checkmark
::file-selector-button:hover
::file-selector-button:focus-within
::file-selector-button:enabled
::file-selector-button::before
::-webkit-foo:hover
::-webkit-foo:enabled
::-webkit-foo::before
::-webkit-scrollbar:enabled
::-webkit-scrollbar:focus
::-webkit-scrollbar:window-inactive
::-webkit-scrollbar:horizontal
::-webkit-scrollbar::-webkit-scrollbar-thumb
::-webkit-resizer:hover
::scroll-button(down)
::scroll-button(block-start)
::scroll-button(inline-end)
::scroll-button(foo)
::scroll-button(up):hover
::scroll-button(up):disabled
::scroll-button(up):checked
::scroll-marker:hover
::scroll-marker:target-current
::scroll-marker:target-before
::scroll-marker:checked
::scroll-marker-group:focus-within
::scroll-marker-group:hover
::scroll-marker-group:checked
::scroll-marker-group:focus
::scroll-marker-group:active
::scroll-marker-group:not(:focus-within)
::scroll-marker-group:focus-within:not(:focus)
::scroll-marker:not(:focus)
::column::scroll-marker
::column::before
::column:hover
::view-transition-group(*):only-child
::view-transition-group(*):hover
::view-transition-old(a):only-child
::view-transition:only-child
::search-text:current
::search-text:past
::search-text:hover
::selection:window-inactive
::selection:hover
::highlight(x):window-inactive
::slotted(p)::before
::slotted(p)::marker
::slotted(p)::placeholder
::slotted(p)::details-content
::slotted(p)::view-transition
::slotted(p)::first-line
::slotted(p)::part(x)
::slotted(p)::-webkit-foo
::slotted(p):hover
::slotted(p):is(:hover)
:host::before
:host(p)::part(x)
:first-child::before
:before:hover
:before:is(p)
:after::marker
:first-letter::marker
::cue:hover
::cue(p):hover
::cue:is(p)
::cue::before
::checkmark:hover
::picker-icon:hover
::target-text:is(p)
:is(::before)
:not(::before)
:has(::before)
:is(::slotted(p))
:is(:host)
:not(:host)
:has(:host)
p:host
:host p
:hover::before
:open > summary
details:not(:open)
dialog:open
:popover-open, :modal
:user-valid, :user-invalid
:autofill, :-webkit-autofill
:-webkit-any-link
:nth-child(2147483647)
:nth-child(2147483648)
:nth-child(-2147483648)
:nth-child(-2147483649)
:nth-child(1073741823)
:nth-child(1073741824)
:nth-child(99999999999n+1)
:nth-child(1n+99999999999)
:nth-child(-n+99999999999)
:nth-child(-n+1073741823)
:nth-child(-n+1073741824)
:nth-child(-n+2147483647)
:nth-child(-n+2147483648)
:nth-child(1073741824n+1)
:nth-child(-1073741824n+3)
:nth-child(1073741823n+1)
:nth-child(2147483648n+1)
:nth-child(4294967297n+1)
:nth-child(0n+4294967297)
:nth-child(-99999999999n+3)
:nth-child(2n-99999999999)
:nth-child(2n+1073741825)
:nth-last-child(-n+99999999999)
:nth-of-type(99999999999n+1)
:nth-child(n-2147483647)
:nth-child(n-2147483648)
:nth-child(-n-2147483649)
:nth-child(2n- 99999999999)
:nth-child(2n+ 99999999999)
:nth-child(99999999999n)
:nth-child(-n+1073741823)
:nth-child(1073741823n+1073741823)
""".strip("\n").split("\n")


def candidate_selectors() -> list[str]:
    """The selectors to record, without duplicates, in a fixed order."""
    out: list[str] = []
    for name in NAMES:
        out += [f":{name}", f"::{name}"]
        for argument in ARGUMENTS:
            out += [f":{name}({argument})", f"::{name}({argument})"]
    out += EXTRA
    return list(dict.fromkeys(out))


PAGES = {
    "states": """<!DOCTYPE html><html><head><title>t</title></head><body>
<details open id=d1><summary>s</summary>x</details><details id=d2><summary>s</summary></details>
<details OPEN id=d3></details><dialog open id=g1>a</dialog><dialog id=g2>b</dialog>
<select id=s1><option>a</select><select multiple id=s2><option>b</select>
<input list=dl id=i1><datalist id=dl><option value=x></datalist><input type=color id=i2>
<input type=date id=i3><div popover id=p1>p</div><div popover=manual id=p2>q</div>
<video id=v1 controls></video><audio id=a1></audio><track id=t1>
<a href=x id=l1>x</a><a id=l2>y</a><svg><a href=y id=l3></a><details open></details></svg>
<x-foo id=x1></x-foo><ul><li>1<li>2<li>3<li>4<li>5</ul>
</body></html>""",
    "dir": """<!DOCTYPE html><html><head><title>t</title></head><body>
<div dir=rtl id=r1><p id=r2>x</p><p dir=ltr id=r3><span id=r4>y</span></p>
<p dir=foo id=r5>z</p><p dir="" id=r6></p><p dir=RTL id=r7></p><p dir=" rtl" id=r8></p></div>
<div dir=AUTO id=a1>&#x5e9;</div><div dir=auto id=a2>123 ... &#x5e9;</div>
<div dir=auto id=a3>123</div><div dir=auto id=a4></div><div dir=auto id=a5>&#x627;</div>
<div dir=auto id=a6><b>  <i>&#x5e9;</i></b>a</div>
<div dir=auto id=a7><bdi>&#x5e9;</bdi>a</div><div dir=auto id=a8><script>x</script>&#x5e9;</div>
<div dir=auto id=a9><style>x</style>&#x5e9;</div><div dir=auto id=a10><textarea>x</textarea>&#x5e9;</div>
<div dir=auto id=a11><span dir=ltr>a</span>&#x5e9;</div><div dir=auto id=a12><span dir=foo>a</span>&#x5e9;</div>
<div dir=auto id=a13><span dir=auto>a</span>&#x5e9;</div><div dir=auto id=a14><!-- a -->&#x5e9;</div>
<div dir=auto id=a15>&#x200f;a</div><div dir=auto id=a16>&#x200e;&#x5e9;</div>
<div dir=auto id=a17>&#x661;&#x662;</div><div dir=auto id=a18>&#x61c;a</div>
<div dir=auto id=a19>&#x7c0;&#x7ca;</div><div dir=auto id=a20>&#x710;</div><div dir=auto id=a21>&#x4e2d;</div>
<div dir=auto id=a22><svg><text>&#x5e9;</text></svg>a</div><div dir=auto id=a23><svg dir=ltr><text>a</text></svg>&#x5e9;</div>
<div dir=auto id=a24><math><mi>&#x5e9;</mi></math></div><div dir=auto id=a25>&#x1f600; &#xa9; &#x5e9;</div>
<div dir=auto id=a26><select><option>&#x5e9;</select></div><div dir=auto id=a27><input value=a>&#x5e9;</div>
<div dir=auto id=a28><img alt=a>&#x5e9;</div><div dir=auto id=a29><template>a</template>&#x5e9;</div>
<div dir=auto id=a30><noscript>a</noscript>&#x5e9;</div><div dir=auto id=a31><title>a</title>&#x5e9;</div>
<bdi id=b1>&#x5e9;</bdi><bdi id=b2></bdi><bdi dir=ltr id=b3>&#x5e9;</bdi><bdi dir=foo id=b4>&#x5e9;</bdi>
<div dir=rtl><bdi id=b5>123</bdi><bdi id=b6><span>&#x5e9;</span></bdi></div>
<div dir=rtl id=f0>
<input id=f1><input type=tel id=f2><input dir=auto value=&#x5e9; id=f3><input dir=auto value="" id=f4>
<input dir=auto id=f5><input dir=auto value=123 id=f6><input dir=auto value=" " id=f7>
<input type=tel dir=auto value=&#x5e9; id=f8><input type=TEL id=f9><input type=tel dir=rtl id=f10>
<input type=number dir=auto value=1 id=f11><input type=hidden dir=auto value=&#x5e9; id=f12>
<input type=password dir=auto value=&#x5e9; id=f13><input type=search dir=auto value=&#x5e9; id=f14>
<input type=url dir=auto value=&#x5e9; id=f15><input type=email dir=auto value=&#x5e9; id=f16>
<input type=submit dir=auto value=&#x5e9; id=f17><input type=reset dir=auto id=f18>
<input type=button dir=auto value=a id=f19><input type=checkbox dir=auto value=&#x5e9; id=f20>
<input type=date dir=auto value=&#x5e9; id=f21><input type=foo dir=auto value=&#x5e9; id=f22>
<input dir=auto value="&#10;&#x5e9;" id=f23><input type=url dir=auto value="  a&#x5e9;" id=f24>
<textarea dir=auto id=f25>&#x5e9;</textarea><textarea dir=auto id=f26></textarea>
<textarea dir=auto id=f27>
a</textarea><textarea id=f28>&#x5e9;</textarea><select dir=auto id=f29><option>&#x5e9;</select>
<button dir=auto id=f30>&#x5e9;</button><output dir=auto id=f31>&#x5e9;</output>
<input type=image dir=auto alt=&#x5e9; id=f32>
</div>
<svg dir=rtl id=s1><g id=s2></g></svg><math dir=rtl id=m1><mi id=m2>x</mi></math>
<div dir=rtl><svg id=s3><g id=s4><foreignObject><p id=s5>x</p></foreignObject></g></svg></div>
</body></html>""",
    "nth": "<!DOCTYPE html><ul>" + "<li>" * 12 + "</ul>",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--chromium", help="the browser binary")
    args = parser.parse_args(argv)
    browser = Chromium(find_chromium(args.chromium))
    selectors = candidate_selectors()
    results = run_chromium(browser, [{"html": html, "selectors": selectors}
                                     for html in PAGES.values()])
    fixture = {
        "about": "querySelectorAll results from headless Chromium, written by "
                 "tools/pseudo_chromium.py: 'ERR' (rejected) or the indexes of the "
                 "matches in a document-order walk over the elements",
        "chromium": browser.version,
        "selectors": selectors,
        "pages": {name: {"html": html, "shape": result["shape"],
                         "results": result["results"]}
                  for (name, html), result in zip(PAGES.items(), results)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # One line per selector result, so that a new Chromium shows as a
    # readable diff.
    text = json.dumps(fixture, ensure_ascii=False, indent=1)
    text = re.sub(r"\[\s+([-0-9,\s]*?)\s+\]",
                  lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", text)
    args.out.write_text(text + "\n", encoding="utf-8")
    accepted = sum(r != "ERR" for r in results[0]["results"])
    print(f"{browser.version}: {len(selectors)} selectors, {accepted} accepted; "
          f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
