"""Sanitizing throughput: markup5.sanitize against bleach, justhtml and nh3.

Usage::

    python benchmarks/sanitize.py [DIR] [--rounds N] [--every N] [--snippets N]
                                  [--only corpus|snippets] [--json]
    python benchmarks/sanitize.py [DIR] --profile [--only corpus|snippets]

Two workloads, in the same run:

* ``corpus``: the pages of DIR (default ``../shared/corpus/readability``,
  relative to the project root; every N-th page with ``--every``), each
  sanitized whole as a fragment, as a CMS would clean a pasted page;
* ``snippets``: ``--snippets`` comment-sized inputs (default 2,000, about
  400 characters each) made by :func:`comments` from a fixed seed, so
  that every run and every machine sanitizes the same text: paragraphs,
  links, inline formatting, lists, quotes, code, non-ASCII words, and in
  one comment in twelve a hostile bit (``<script>``, ``onerror=``,
  ``javascript:`` URLs, ``<iframe>``, misnested and unclosed tags).

Each contender turns a ``str`` into a sanitized ``str``: parsing, cleaning
and serializing are all measured.  Rounds are interleaved and timed in CPU
time, the median counts (``benchmarks/_harness.py``), and MB is the input's
size in UTF-8 (10**6 bytes), the same for everyone.

Contenders, all given the same allowlist, the one of markup5's
``DEFAULT_POLICY`` (its elements, attributes per element and global, the
URL-valued attributes and their schemes, the ``rel`` tokens added to links,
the elements dropped with their content, comments dropped):

* ``markup5.sanitize``: ``markup5.sanitize.sanitize(text)`` (``DEFAULT_POLICY``);
* ``bleach.clean``: ``bleach.clean(text, tags=..., attributes=...,
  protocols=..., strip=True)`` (``strip=True`` unwraps a disallowed
  element, as the policy does; bleach has no rule for dropping an element's
  content nor for adding ``rel``); ``pip install bleach``;
* ``justhtml``: ``JustHTML(text, fragment=True, policy=...).to_html(pretty=False)``,
  the sanitizer justhtml runs by default, with a ``SanitizationPolicy`` of
  the allowlist; ``pip install justhtml``;
* ``nh3.clean (Rust)``: ``nh3.clean(text, tags=..., attributes=...,
  url_schemes=..., link_rel=..., clean_content_tags=...)``, ammonia's
  sanitizer compiled from Rust, for scale; ``pip install nh3``.

Peers that are not installed are reported as skipped (and so is markup5's
sanitizer where ``markup5.sanitize`` is not there yet: the peers then get a
built-in allowlist).  Before timing, each contender sanitizes the input once
and the table reports the size of its output relative to the input's: very
different sizes mean the contenders did not do comparable work.

``--profile`` runs ``cProfile`` on markup5 alone over one pass of the
workload(s) chosen and prints the 30 functions with the highest ``tottime``.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from _harness import (Runner, corpus_arguments, cpu_rounds, load, megabytes,
                      parse_corpus_arguments, table)

import markup5  # noqa: E402,F401  (the harness puts src/ on the path)

MARKUP5 = "markup5.sanitize"
BLEACH = "bleach.clean"
JUSTHTML = "justhtml"
NH3 = "nh3.clean (Rust)"

#: The goals of issue 40: markup5 at least 3 times bleach's speed and 1.5
#: times justhtml's; nh3's ratio is reported without a goal.
RATIOS: list[tuple[str, str, float | None]] = [
    (MARKUP5, BLEACH, 3.0), (MARKUP5, JUSTHTML, 1.5), (NH3, MARKUP5, None)]


# The allowlist every contender gets --------------------------------------------------

class Allowlist(NamedTuple):
    """What a policy allows, in the terms every peer understands.  (A
    NamedTuple: the tests load this script without registering it as a
    module, which a dataclass's annotations need.)"""

    elements: frozenset[str]
    #: element (or "*") -> attribute names
    attributes: Mapping[str, frozenset[str]]
    #: element (or "*") -> attribute names whose values are URLs
    url_attributes: Mapping[str, frozenset[str]]
    url_schemes: frozenset[str]
    allow_relative_urls: bool
    link_rel: tuple[str, ...]
    drop_content: frozenset[str]
    #: attribute name prefixes allowed on every allowed element ("data-", "aria-")
    prefixes: frozenset[str]

    def attributes_of(self, element: str) -> frozenset[str]:
        """The attributes allowed on ``element``, global ones included."""
        return self.attributes.get(element, frozenset()) | self.attributes.get("*", frozenset())

    def url_attributes_of(self, element: str) -> frozenset[str]:
        """The allowed attributes of ``element`` whose values are URLs."""
        urls = self.url_attributes.get(element, frozenset()) | self.url_attributes.get(
            "*", frozenset())
        return urls & self.attributes_of(element)


#: The peers' allowlist when markup5.sanitize is not there (a typical
#: user-content policy).
FALLBACK = Allowlist(
    elements=frozenset("a abbr b blockquote br code dd del dl dt em h1 h2 h3 h4 h5 h6 hr i img "
                       "ins kbd li ol p pre q s small span strong sub sup table tbody td tfoot "
                       "th thead tr u ul".split()),
    attributes={"*": frozenset({"title", "lang", "dir"}), "a": frozenset({"href"}),
                "img": frozenset({"src", "alt", "width", "height"}),
                "td": frozenset({"colspan", "rowspan"}), "th": frozenset({"colspan", "rowspan"})},
    url_attributes={"a": frozenset({"href"}), "img": frozenset({"src"})},
    url_schemes=frozenset({"http", "https", "mailto"}), allow_relative_urls=True,
    link_rel=("nofollow", "noopener", "noreferrer"),
    drop_content=frozenset({"script", "style", "template", "noscript", "iframe", "textarea",
                            "title", "xmp", "noembed", "noframes", "plaintext", "object",
                            "embed", "select"}),
    prefixes=frozenset())


def markup5_policy() -> Any | None:
    """markup5's DEFAULT_POLICY, or None where markup5.sanitize is not there."""
    try:
        from markup5.sanitize import DEFAULT_POLICY
    except ImportError:
        return None
    return DEFAULT_POLICY


def allowlist_of(policy: Any | None) -> Allowlist:
    """The allowlist of a markup5 Policy (:data:`FALLBACK` for None)."""
    if policy is None:
        return FALLBACK
    return Allowlist(
        elements=frozenset(policy.elements),
        attributes={k: frozenset(v) for k, v in policy.attributes.items()},
        url_attributes={k: frozenset(v) for k, v in policy.url_attributes.items()},
        url_schemes=frozenset(policy.url_schemes),
        allow_relative_urls=bool(policy.allow_relative_urls),
        link_rel=tuple(policy.link_rel),
        drop_content=frozenset(policy.drop_content),
        prefixes=frozenset({"data-"} if policy.data_attributes else set())
        | frozenset({"aria-"} if policy.aria_attributes else set()))


# The contenders ------------------------------------------------------------------------

Clean = Callable[[str], str]


def cleaners(allow: Allowlist, skipped: list[str] | None = None) -> list[tuple[str, Clean]]:
    """(name, function from a str to its sanitized str) for each contender
    installed; the names of the others go to ``skipped``."""
    skipped = [] if skipped is None else skipped
    found: list[tuple[str, Clean]] = []
    try:
        from markup5.sanitize import sanitize
    except ImportError:
        skipped.append(MARKUP5)
    else:
        found.append((MARKUP5, sanitize))
    per_element = {e: sorted(allow.attributes_of(e)) for e in allow.elements}
    try:
        import bleach
    except ImportError:
        skipped.append(BLEACH)
    else:
        tags, protocols = set(allow.elements), set(allow.url_schemes)
        bleach_attributes: Any = per_element
        if allow.prefixes:
            prefixes = tuple(allow.prefixes)

            def by_prefix(tag: str, name: str, value: str) -> bool:
                return name in per_element.get(tag, ()) or name.startswith(prefixes)
            bleach_attributes = by_prefix

        def run_bleach(text: str) -> str:
            cleaned: str = bleach.clean(text, tags=tags, attributes=bleach_attributes,
                                        protocols=protocols, strip=True, strip_comments=True)
            return cleaned
        found.append((BLEACH, run_bleach))
    try:
        from justhtml import JustHTML, SanitizationPolicy, UrlPolicy, UrlRule
    except ImportError:
        skipped.append(JUSTHTML)
    else:
        # (handling="allow": a rule's URLs are kept when they pass it; the
        # default handling, "strip", is for URL attributes without a rule.)
        rules = {(e, a): UrlRule(allowed_schemes=allow.url_schemes, handling="allow",
                                 allow_relative=allow.allow_relative_urls)
                 for e in allow.elements for a in allow.url_attributes_of(e)}
        policy = SanitizationPolicy(
            allowed_tags=allow.elements,
            allowed_attributes={e: frozenset(a) for e, a in per_element.items()},
            url_policy=UrlPolicy(default_handling="strip",
                                 default_allow_relative=allow.allow_relative_urls,
                                 allow_rules=rules),
            drop_comments=True, drop_content_tags=allow.drop_content - allow.elements,
            force_link_rel=frozenset(allow.link_rel), disallowed_tag_handling="unwrap")

        def run_justhtml(text: str) -> str:
            cleaned: str = JustHTML(text, fragment=True, policy=policy).to_html(pretty=False)
            return cleaned
        found.append((JUSTHTML, run_justhtml))
    try:
        import nh3
    except ImportError:
        skipped.append(NH3)
    else:
        nh3_attributes = {e: set(a) for e, a in per_element.items()}
        nh3_tags, schemes = set(allow.elements), set(allow.url_schemes)
        drop = set(allow.drop_content - allow.elements)
        rel = " ".join(allow.link_rel) or None
        generic = set(allow.prefixes) or None

        def run_nh3(text: str) -> str:
            cleaned: str = nh3.clean(text, tags=nh3_tags, attributes=nh3_attributes,
                                     url_schemes=schemes, link_rel=rel,
                                     clean_content_tags=drop,
                                     generic_attribute_prefixes=generic, strip_comments=True,
                                     url_relative=None if allow.allow_relative_urls else "deny")
            return cleaned
        found.append((NH3, run_nh3))
    return found


def runner(clean: Clean) -> Runner:
    def run(texts: list[str]) -> None:
        for text in texts:
            clean(text)
    return run


# Comment-sized snippets ------------------------------------------------------------------

_WORDS = (
    "the of and to a in is that it for on was with as I you this be are have not but at by "
    "from they we or an one all would there their what so up out if about who get which go me "
    "when make can like time no just him know take people into year your good some could them "
    "see other than then now look only come its over think also back after use two how our "
    "work first well way even new want because any these give day most us article thanks "
    "agree point reply link source example code version issue fix release update parser "
    "browser page comment question answer wrong right great idea really interesting "
    "caf\u00e9 na\u00efve \u00fcber r\u00e9sum\u00e9 \u65e5\u672c\u8a9e \u0434\u0430 "
    "\U0001f44d \U0001f600 &amp; &lt;3 &quot;quoted&quot; 42 3.14 2026 e.g. i.e.").split()
_HOSTS = ("example.com", "docs.python.org", "github.com", "en.wikipedia.org", "news.ycombinator.com")
_HOSTILE = (
    "<script>alert(document.cookie)</script>",
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">click me</a>',
    '<a href=" jAvAsCrIpT:alert(1)">spaced</a>',
    '<iframe src="https://evil.example/"></iframe>',
    "<style>body{display:none}</style>",
    '<div style="position:fixed;top:0">overlay</div>',
    "<svg><script>alert(1)</script></svg>",
    '<form action="https://evil.example/"><input name=q><button>go</button></form>',
    "<b><i>misnested</b> text</i>",
    "<p>unclosed <b>bold <i>italic",
    "<table><tr><td>cell</td></tr>stray text</table>",
    "<!-- a comment --><meta http-equiv=refresh content=0>",
    '<object data="x.swf"></object><embed src="x.swf">',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
)


def _words(rng: random.Random, low: int, high: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(low, high)))


def _inline(rng: random.Random) -> str:
    """A run of text with inline markup now and then."""
    parts = []
    for _ in range(rng.randint(1, 5)):
        parts.append(_words(rng, 3, 14))
        r = rng.random()
        if r < 0.15:
            tag = rng.choice(("b", "strong", "i", "em", "code", "u", "s"))
            parts.append(f"<{tag}>{_words(rng, 1, 4)}</{tag}>")
        elif r < 0.27:
            host = rng.choice(_HOSTS)
            path = "/".join(rng.choice(_WORDS[:40]) for _ in range(rng.randint(0, 3)))
            title = f' title="{_words(rng, 1, 3)}"' if rng.random() < 0.2 else ""
            parts.append(f'<a href="https://{host}/{path}?id={rng.randint(1, 9999)}"{title}>'
                         f"{_words(rng, 1, 5)}</a>")
        elif r < 0.31:
            parts.append(f'<a href="/{rng.choice(_WORDS[:40])}#c{rng.randint(1, 999)}">'
                         f"{_words(rng, 1, 3)}</a>")
        elif r < 0.36:
            parts.append("<br>")
        elif r < 0.38:
            parts.append(f'<img src="https://{rng.choice(_HOSTS)}/i/{rng.randint(1, 99)}.png"'
                         f' alt="{_words(rng, 1, 3)}">')
    return " ".join(parts)


def _block(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.45:
        return f"<p>{_inline(rng)}</p>"
    if r < 0.6:
        return _inline(rng) + "\n\n"  # text as a comment box sends it
    if r < 0.72:
        tag = rng.choice(("ul", "ol"))
        items = "".join(f"<li>{_inline(rng)}</li>" for _ in range(rng.randint(2, 5)))
        return f"<{tag}>{items}</{tag}>"
    if r < 0.82:
        return f"<blockquote><p>{_inline(rng)}</p></blockquote>"
    if r < 0.9:
        code = "\n".join(f"    {_words(rng, 2, 6)} = {rng.randint(0, 99)} &lt; x"
                         for _ in range(rng.randint(1, 4)))
        return f"<pre><code>{code}</code></pre>"
    if r < 0.95:
        return f"<h3>{_words(rng, 2, 6)}</h3>"
    return f"<p><em>{_words(rng, 3, 8)}</em> &mdash; {_words(rng, 2, 5)}</p>"


def comments(count: int, seed: int = 40) -> list[str]:
    """``count`` comment-sized inputs, the same for a given seed: one to
    four blocks each, one comment in twelve with a hostile bit inserted."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        blocks = [_block(rng) for _ in range(rng.randint(1, 4))]
        if rng.random() < 1 / 12:
            blocks.insert(rng.randint(0, len(blocks)), rng.choice(_HOSTILE))
        found.append("".join(blocks))
    return found


# Running --------------------------------------------------------------------------------

def output_sizes(found: Sequence[tuple[str, Clean]], texts: list[str]) -> dict[str, float]:
    """Each contender's output size over the input's (characters), one
    untimed pass: comparable work gives comparable sizes."""
    total = sum(map(len, texts)) or 1
    return {name: round(sum(len(clean(t)) for t in texts) / total, 3) for name, clean in found}


def measure(title: str, found: Sequence[tuple[str, Clean]], texts: list[str], rounds: int,
            as_json: bool, skipped: Sequence[str], extra: dict[str, Any]) -> dict[str, Any]:
    sizes = output_sizes(found, texts)
    times = cpu_rounds([(name, runner(clean)) for name, clean in found], texts, rounds)
    per_input = {name: round(statistics.median(ts) / len(texts) * 1e6, 2)
                 for name, ts in times.items()}
    result = table(title, times, megabytes(texts), RATIOS, as_json=as_json, skipped=skipped,
                   extra={**extra, "output_size_over_input": sizes, "us_per_input": per_input})
    if not as_json:
        print("  output size / input size: " + ", ".join(
            f"{name} {size:.2f}" for name, size in sizes.items()))
        print("  microseconds per input: " + ", ".join(
            f"{name} {us:.1f}" for name, us in per_input.items()))
    return result


def profile(texts: list[str], top: int = 30) -> None:
    import cProfile
    import pstats

    from markup5.sanitize import sanitize
    profiler = cProfile.Profile()
    profiler.enable()
    for text in texts:
        sanitize(text)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)


def main(argv: Sequence[str] | None = None) -> int:
    ap = corpus_arguments(__doc__.splitlines()[0])
    ap.add_argument("--every", type=int, default=1, metavar="N",
                    help="sanitize every N-th page of the corpus (default: all)")
    ap.add_argument("--snippets", type=int, default=2000, metavar="N",
                    help="how many comment-sized snippets (default 2,000)")
    ap.add_argument("--only", choices=("corpus", "snippets"),
                    help="one workload instead of both")
    ap.add_argument("--profile", action="store_true",
                    help="cProfile markup5.sanitize alone; top 30 by tottime")
    args = parse_corpus_arguments(ap, argv)
    if args.every < 1:
        ap.error("--every must be at least 1")
    if args.snippets < 1:
        ap.error("--snippets must be at least 1")
    workloads: list[tuple[str, list[str]]] = []
    if args.only != "snippets":
        pages = load(args.directory)[::args.every]
        workloads.append((f"sanitize, corpus ({len(pages)} pages)", pages))
    if args.only != "corpus":
        snippets = comments(args.snippets)
        mean = sum(map(len, snippets)) / len(snippets)
        workloads.append((f"sanitize, comment snippets ({len(snippets)}, {mean:.0f} characters "
                          f"on average)", snippets))
    policy = markup5_policy()
    if args.profile:
        if policy is None:
            ap.error("markup5.sanitize is not importable: nothing to profile")
        for title, texts in workloads:
            print(f"{title}: {megabytes(texts):.2f} MB, cProfile of markup5.sanitize")
            profile(texts)
        return 0
    skipped: list[str] = []
    found = cleaners(allowlist_of(policy), skipped)
    if not found:
        print("no sanitizer installed")
        return 0
    extra = {"markup5": markup5.__file__,
             "allowlist": "markup5 DEFAULT_POLICY" if policy is not None else "built-in"}
    for title, texts in workloads:
        measure(title, found, texts, args.rounds, args.json, skipped, extra)
        if not args.json:
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
