"""The pretty-printing guarantee (docs/serializing.md): parsing
``serialize(doc, pretty=True)`` gives the tree that parsing
``serialize(doc)`` gives, except for whitespace-only text where whitespace
is not content.  Issue 39, defect 12: a comment, processing instruction or
bogus comment after ``</body>`` (the newline before ``</html>`` went into
the body), a table's blank text dropped though it came after
``<plaintext>``, and newlines added after a script whose ``</script>``
does not end it (``<!--<script>``)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings, strategies as st

import markup5
from markup5 import serialize
from test_serializer_options import _normalized


def _check(source: str) -> None:
    doc = markup5.parse(source)
    plain = markup5.parse(serialize(doc))
    pretty = markup5.parse(serialize(doc, pretty=True))
    assert _normalized(pretty) == _normalized(plain), (source, serialize(doc, pretty=True))


@pytest.mark.parametrize("source", [
    "x</body><!--c-->",
    "x</body><?pi d?>",
    "x</body><!bogus>",
    "x</body></html><!--c-->",
    "<p>x</p></body><!--a--><!--b--><?c?>",
    "x</html><!--c-->",
    "<table> <!--x--><plaintext>",
    "<table> <!--x--> <tr> <plaintext>",
    "<div> <p>a</p> <plaintext> <p>b</p>",
    "<script><!--<script>",
    "<script><!--<script></script><p>a</p>",
    "<div><p>a</p><script><!--<script></script><p>b</p><div>c</div></div>",
    "<head><script><!--<script></script><style>s</style></head><p>x",
])
def test_the_families_of_the_issue(source):
    _check(source)


def test_after_body_no_whitespace_is_added():
    doc = markup5.parse("x</body><!--c-->")
    assert markup5.parse(serialize(doc, pretty=True)).body.children[0].data == "x"


_PARTS = [
    "<div>", "</div>", "<p>", "</p>", "<ul>", "<li>", "</ul>", "<table>", "<tr>", "<td>",
    "</table>", "<pre>", "</pre>", "<b>", "</b>", "<br>", " ", "\n", "x", "y z", "<!--c-->",
    "<select>", "<option>", "<textarea>", "</textarea>", "<svg>", "<g>", "</svg>",
    "<template>", "</template>", "<h1>", "<dl>", "<dt>", "<dd>",
    # The families of defect 12 and their neighbours.
    "</body>", "</html>", "<?pi d?>", "<!bogus>", "<plaintext>", "<script>", "</script>",
    "<!--", "-->", "<!--<script>", "<style>", "</style>", "<head>", "<frameset>", "<caption>",
    "<listing>", "<title>",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PARTS), max_size=30))
@example(["x", "</body>", "<!--c-->"])
@example(["<table>", " ", "<!--c-->", "<plaintext>"])
@example(["<script>", "<!--<script>"])
def test_pretty_output_reparses_as_the_plain_output(parts):
    _check("".join(parts))
