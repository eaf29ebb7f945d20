"""tools/sanitize_chromium.py: its safety rules on constructed trees, the
tree dump it compares, the input generator's determinism, and one small run
against headless Chromium (skipped where there is none)."""

from __future__ import annotations

import shutil

import pytest

import markup5
from dev_tools import import_tool

tool = import_tool("sanitize_chromium")


def rules_broken(markup: str, context: str = "div") -> list[str]:
    found: list[str] = tool.violations(markup5.parse_fragment(markup, context))
    return found


@pytest.mark.parametrize("value", [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", " \x01javascript:alert(1)",
    "java\tscript:alert(1)", "java\nscript:x", "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>", "data:,x", "DATA:image/svg+xml,<svg>",
])
def test_url_danger_finds_script_urls_as_a_browser_reads_them(value: str) -> None:
    assert tool.url_danger(value) is not None


@pytest.mark.parametrize("value", [
    "https://example.com/", "/relative?javascript:x", "#top", "mailto:a@example.com",
    "javascript", "./javascript:x", "",
])
def test_url_danger_lets_ordinary_urls_pass(value: str) -> None:
    assert tool.url_danger(value) is None


def test_data_images_only_as_images() -> None:
    assert tool.url_danger("data:image/png;base64,AAAA", image=True) is None
    assert tool.url_danger("data:image/png;base64,AAAA") is not None
    assert tool.url_danger("data:image/svg+xml,<svg onload=alert(1)>", image=True) is not None


@pytest.mark.parametrize("markup, expected", [
    ("<img src=x onerror=alert(1)>", "event handler onerror"),
    ("<a href=' javascript:alert(1)'>x</a>", "href: scheme javascript:"),
    ("<svg><a xlink:href=javascript:alert(1)><text>x</text></a></svg>", "xlink href"),
    ("<svg><animate attributeName=href to=javascript:alert(1) /></svg>", "animation of href"),
    ("<svg><set to=javascript:alert(1) /></svg>", "animation of its parent"),
    ("<svg><use href='data:image/svg+xml,<svg id=x>#x' /></svg>", "use of an outside document"),
    ("<img srcset='a.png 1x, javascript:alert(1) 2x'>", "srcset: scheme javascript:"),
    ("<div style='background:url(javascript:alert(1))'>x</div>", "style with"),
    ("<template><p><iframe srcdoc=x></iframe></p></template>", "element iframe"),
    ("<math><mi xlink:href=javascript:alert(1)>x</mi></math>", "xlink href"),
    ("<button formaction=javascript:alert(1)>x</button>", "formaction"),
    ("<input form=f name=x>", "attribute form"),
    ("<form action=/x><input></form>", "element form"),
    ("<meta http-equiv=refresh content='0;url=javascript:alert(1)'>", "element meta"),
    ("<base href=//evil.example/>", "element base"),
    ("<object data=x.swf></object>", "element object"),
])
def test_the_rules_flag_each_kind_of_danger(markup: str, expected: str) -> None:
    found = rules_broken(markup)
    assert any(expected in item for item in found), found


def test_a_safe_tree_breaks_no_rule() -> None:
    markup = ("<p><a href='https://example.com/' rel=nofollow>link</a> <img src=a.png alt=x "
              "srcset='a.png 1x, b.png 2x'><b style='color: red'>b</b><!-- c --></p>"
              "<svg><a href='#x'><use href='#y'/></a></svg>")
    assert rules_broken(markup) == []


def test_the_walk_is_iterative() -> None:
    depth = 50_000
    markup = "<b>" * depth + "<img onerror=x>"
    assert rules_broken(markup) == ["<img> event handler onerror"]


def test_markup5_view_is_the_html5lib_tree_dump() -> None:
    dump, found = tool.markup5_view('<svg><a xlink:href="#x">t</a></svg><p>a</p>', "div")
    assert dump == ('| <svg svg>\n|   <svg a>\n|     xlink href="#x"\n|     "t"\n'
                    '| <p>\n|   "a"')
    assert found == []


def test_the_payloads_load_with_placeholders_filled() -> None:
    payloads = tool.load_payloads()
    assert {name: len(items) for name, items in payloads.items()} == {
        "dompurify": 223, "h5sc": 149, "owasp": 110}
    assert not any("%js_uri_alert%" in text for text in payloads["h5sc"])
    assert any("javascript:alert(1)" in text for text in payloads["h5sc"])


def test_the_generator_is_deterministic_per_seed() -> None:
    first = list(tool.cases(4000, 7))
    assert first == list(tool.cases(4000, 7))
    assert len(first) == 4000
    assert first != list(tool.cases(4000, 8))
    # Past the payloads alone, every policy and context comes up.
    soup = first[3000:]
    assert {case.policy for case in soup} == set(tool.POLICIES)
    assert {case.context for case in soup} == set(tool.CONTEXTS)
    assert all(isinstance(case.text, str) and case.text for case in first)


def test_a_run_without_a_browser_checks_markup5_s_side() -> None:
    findings: list[dict[str, object]] = []
    summary = tool.run(tool.cases(300, 3), None, findings=findings)
    assert summary.inputs == 300
    assert summary.line().startswith("sanitize_chromium: 300 inputs, ")
    # The checks themselves find the payloads when nothing is sanitized.
    raw = tool.run(tool.cases(300, 3), None, findings=[], identity=True)
    assert raw.unsafe > 100


@pytest.mark.skipif(shutil.which("chromium") is None and shutil.which("chromium-browser") is None,
                    reason="no Chromium")
def test_a_small_run_in_chromium() -> None:
    browser = tool.Browser()
    try:
        findings: list[dict[str, object]] = []
        summary = tool.run(tool.cases(400, 5), browser, live=20, findings=findings)
        assert summary.inputs == 400
        assert (summary.unsafe, summary.unstable, summary.errors, summary.fired) == (0, 0, 0, 0), \
            findings[:3]
        # The browser's walk finds what the Python walk finds, and a handler
        # that runs in the live page is seen running.
        raw: list[dict[str, object]] = []
        cases = [tool.Case(text, "default", "div") for text in (
            "<img src=x onerror=alert(1)>", "<svg><a href=javascript:alert(1)>x</a></svg>",
            "<p>fine</p>")]
        unsafe = tool.run(cases, browser, live=3, findings=raw, identity=True)
        assert unsafe.unsafe == 2 and unsafe.unstable == 0
        assert unsafe.fired >= 1
        assert all(item["chromium_rules"] and item["markup5_rules"]
                   for item in raw if item["kind"] == "unsafe")
    finally:
        browser.close()


def test_an_output_that_is_not_a_fixed_point_is_a_finding() -> None:
    # <p><div> is a tree no parser builds: the div closes the p.
    dump, found = tool.markup5_view("<p><div></div></p>", "div")
    assert found == ["re-parse: markup5's tree of the output serializes differently"]
    assert tool.markup5_view("<p>x</p><div></div>", "div")[1] == []
