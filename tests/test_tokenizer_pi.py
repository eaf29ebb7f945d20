"""Processing instructions (HTML, 2026-06-25): the five PI tokenizer states.

The expectations are taken by hand from ``shared/spec/processing-instructions.md``
(the "PI notes"): §2 (the states), §3 (data rules), §4 (error codes and
positions) and §7 (worked examples).  A data-driven test also checks every
``<body><?...`` case of the tree-construction fixture
``processing-instructions.dat`` whose expected body holds only PIs, comments
and text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import markup5
from markup5 import State, Tokenizer, tokenize
from markup5.tokens import Characters, Comment, EndTag, ProcessingInstruction, StartTag

PI = ProcessingInstruction
DAT = (Path(__file__).parent / "fixtures" / "html5lib-tests" / "tree-construction"
       / "processing-instructions.dat")


def merge(tokens):
    """Tokens as lists, adjacent Characters merged."""
    out = []
    for token in tokens:
        item = token.as_list()
        if item[0] == "Character" and out and out[-1][0] == "Character":
            out[-1] = ["Character", out[-1][1] + item[1]]
        else:
            out.append(item)
    return out


def run(text, **options):
    tokenizer = Tokenizer(text, **options)
    tokens = merge(tokenizer)
    errors = [(e.code, e.line, e.col) for e in tokenizer.errors]
    return tokens, errors


def pi(target, data=""):
    return ["ProcessingInstruction", target, data]


def comment(data):
    return ["Comment", data]


def chars(data):
    return ["Character", data]


# ---------------------------------------------------------------------------
# §7 worked examples (input after <body>; here tokenized in the data state)

WORKED = [
    ("<?something>", [pi("something")]),
    ("<?one><?two>", [pi("one"), pi("two")]),
    ("<?a$><?b$><?good?>", [comment("?a$"), comment("?b$"), pi("good")]),
    ("<?hey?there>", [pi("hey", "?there")]),
    ("<?something ?\\t   ??>", [pi("something", "?\\t   ?")]),
    ("<?xla->", [pi("xla-")]),
    ("<?_-_>", [pi("_-_")]),
    ("<?A---->", [pi("A----")]),
    ("<?1st-place>", [comment("?1st-place")]),
    ("<?-prefix>", [comment("?-prefix")]),
    ("<?\u00b7middle-dot>", [comment("?\u00b7middle-dot")]),
    ("<?\U0001f680-launch>", [comment("?\U0001f680-launch")]),
    ("<?price$value>", [comment("?price$value")]),
    ("<?data.v1>", [comment("?data.v1")]),
    ("<?namespace:tag>", [comment("?namespace:tag")]),
    ("<?a<b>", [comment("?a<b")]),
    ("<?error-\u26a0\ufe0f>", [comment("?error-\u26a0\ufe0f")]),
    ("<?XML-stylesheet>", [comment("?XML-stylesheet")]),
    ('<?xml version="1.0">Hi', [comment('?xml version="1.0"'), chars("Hi")]),
    ("<?start data", []),
]


@pytest.mark.parametrize("text,expected", WORKED, ids=[w[0] for w in WORKED])
def test_worked_examples(text, expected):
    tokens, _ = run(text)
    assert tokens == expected


# ---------------------------------------------------------------------------
# §2 and §3 examples

STATE_EXAMPLES = [
    # §2.1 open state
    ("<?>", [comment("?")]),
    ("<? ", [comment("? ")]),
    ("<?#", [comment("?#")]),
    ("<?1st-place>", [comment("?1st-place")]),
    # §2.2 target state
    ("<?UPPERCASE>", [pi("UPPERCASE")]),
    ("<?all-KINDS-of-CaSeS>", [pi("all-KINDS-of-CaSeS")]),
    ("<?hey?there>", [pi("hey", "?there")]),
    ("<?xml>", [comment("?xml")]),
    ("<?XML>", [comment("?XML")]),
    ("<?xML>", [comment("?xML")]),
    ("<?xml-stylesheet>", [comment("?xml-stylesheet")]),
    ("<?xml-STYLesheet>", [comment("?xml-STYLesheet")]),
    ("<?xml?>", [comment("?xml?")]),
    ("<?xml-stylesheet href='a.css'?>", [comment("?xml-stylesheet href='a.css'?")]),
    ("<?xml\tversion?>", [comment("?xml\tversion?")]),
    # whole-name match only
    ("<?xmlfoo>", [pi("xmlfoo")]),
    ("<?xml-foo>", [pi("xml-foo")]),
    ("<?xml_stylesheet>", [pi("xml_stylesheet")]),
    ("<?xml-stylesheets>", [pi("xml-stylesheets")]),
    ("<?xm>", [pi("xm")]),
    ("<?XMLx data?>", [pi("XMLx", "data")]),
    ("<?_>", [pi("_")]),
    ("<?a>", [pi("a")]),
    ("<?Z9>", [pi("Z9")]),
    # §3 data rules
    ("<?t d > ?>", [pi("t", "d "), chars(" ?>")]),
    ("<?a b>", [pi("a", "b")]),
    ("<?a b?>", [pi("a", "b")]),
    ("<?something ? >", [pi("something", "? ")]),
    ("<?t ???>", [pi("t", "??")]),
    ("<?hey   there?>", [pi("hey", "there")]),
    ("<?something x >", [pi("something", "x ")]),
    ("<?hey\tthere=1?>", [pi("hey", "there=1")]),
    ("<?hey\nthere=1?>", [pi("hey", "there=1")]),
    ("<?hey\x0cthere=1?>", [pi("hey", "there=1")]),
    ("<?hey\rthere=1?>", [pi("hey", "there=1")]),
    ("<?hey there =1 ?>", [pi("hey", "there =1 ")]),
    ("<?a &amp; &lt;b&gt;?>", [pi("a", "&amp; &lt;b&gt;")]),
    ("<?a x=\"1>\"?>", [pi("a", 'x="1'), chars('"?>')]),
    ("<?a <b> c?>", [pi("a", "<b"), chars(" c?>")]),
    ("<?a ?? >", [pi("a", "?? ")]),
    ("<?a ?x?y??>", [pi("a", "?x?y?")]),
    ("<?a \t\n\x0c  ?>", [pi("a", "")]),
    ("<?a b  \t?>", [pi("a", "b  \t")]),
    ("<?a -->", [pi("a", "--")]),
    # surrounding text and markup
    ("x<?a b?>y", [chars("x"), pi("a", "b"), chars("y")]),
    ("<p><?a?></p>", [["StartTag", "p", {}], pi("a"), ["EndTag", "p"]]),
    ("<?a?><!--c-->", [pi("a"), comment("c")]),
    # a bogus comment from an invalid target ends at the first ">"
    ("<?a$b?c>d", [comment("?a$b?c"), chars("d")]),
    ("<?9 x?>", [comment("?9 x?")]),
    ("<?\u00e9t\u00e9>", [comment("?\u00e9t\u00e9")]),
    ("<?a\u00e9>", [comment("?a\u00e9")]),
    ("<?a.b c?>", [comment("?a.b c?")]),
    # non-ASCII is fine in the data
    ("<?a d\u00e9j\u00e0 \U0001f680?>", [pi("a", "d\u00e9j\u00e0 \U0001f680")]),
]


@pytest.mark.parametrize("text,expected", STATE_EXAMPLES, ids=[s[0] for s in STATE_EXAMPLES])
def test_state_examples(text, expected):
    tokens, _ = run(text)
    assert tokens == expected


def test_pi_token_object():
    tokens = list(Tokenizer("<?Target some data?>"))
    assert tokens == [PI("Target", "some data")]
    token = tokens[0]
    assert type(token) is PI
    assert token.target == "Target"
    assert token.data == "some data"


# ---------------------------------------------------------------------------
# §4 parse errors: codes and positions

ERRORS = [
    ('<?xml version="1.0">Hi', [("disallowed-processing-instruction-target", 1, 6)]),
    ("<?", [("eof-in-processing-instruction", 1, 3)]),
    ("<?#", [("invalid-first-character-of-processing-instruction-target", 1, 3)]),
    ("<?>", [("invalid-first-character-of-processing-instruction-target", 1, 3)]),
    ("<?a$>", [("invalid-processing-instruction-target", 1, 4)]),
    ("<?start data", [("eof-in-processing-instruction", 1, 13)]),
    # EOF in each state: open, target, after target, data, questionable
    ("<?start", [("eof-in-processing-instruction", 1, 8)]),
    ("<?start ", [("eof-in-processing-instruction", 1, 9)]),
    ("<?start?", [("eof-in-processing-instruction", 1, 9)]),
    ("<?start ? ?", [("eof-in-processing-instruction", 1, 12)]),
    ("<?start d??", [("eof-in-processing-instruction", 1, 12)]),
    # <?xml at EOF: the xml check runs only when a terminator is seen
    ("<?xml", [("eof-in-processing-instruction", 1, 6)]),
    # disallowed: at the character that ends the target
    ("<?xml>", [("disallowed-processing-instruction-target", 1, 6)]),
    ("<?XML?>", [("disallowed-processing-instruction-target", 1, 6)]),
    ("<?xml-stylesheet\thref?>", [("disallowed-processing-instruction-target", 1, 17)]),
    ("ab\n<?xml >", [("disallowed-processing-instruction-target", 2, 6)]),
    # invalid target character: at the offending character
    ("<?namespace:tag>", [("invalid-processing-instruction-target", 1, 12)]),
    ("<?a<b>", [("invalid-processing-instruction-target", 1, 4)]),
    ("<?1st>", [("invalid-first-character-of-processing-instruction-target", 1, 3)]),
    ("<? x?>", [("invalid-first-character-of-processing-instruction-target", 1, 3)]),
    ("x\ny\n  <?-a>", [("invalid-first-character-of-processing-instruction-target", 3, 5)]),
    # columns count UTF-16 code units: the emoji is two columns
    ("\U0001f600<?a$", [("invalid-processing-instruction-target", 1, 6)]),
    ("<?a \U0001f600", [("eof-in-processing-instruction", 1, 7)]),
    # a bogus comment from a PI at EOF: the bogus comment state raises nothing more
    ("<?a$", [("invalid-processing-instruction-target", 1, 4)]),
    ("<? ", [("invalid-first-character-of-processing-instruction-target", 1, 3)]),
    # NULL in a target: invalid target, then the bogus comment's NULL error
    ("<?a\x00>", [("invalid-processing-instruction-target", 1, 4),
                  ("unexpected-null-character", 1, 4)]),
    # valid PIs raise nothing
    ("<?a b?>", []),
    ("<?a?>", []),
    ("<?hey?there>", []),
    ("<?t ???>", []),
]


@pytest.mark.parametrize("text,expected", ERRORS, ids=[e[0] for e in ERRORS])
def test_error_codes_and_positions(text, expected):
    _, errors = run(text)
    assert errors == expected


def test_old_question_mark_error_never_produced_with_pis():
    for text in ["<?", "<?>", "<?xml?>", "<?a b?>", "<?#", "<?1", "<? "]:
        _, errors = run(text)
        codes = [code for code, _, _ in errors]
        assert "unexpected-question-mark-instead-of-tag-name" not in codes, text


# ---------------------------------------------------------------------------
# Unterminated PIs produce nothing (only an error)

UNTERMINATED = ["<?", "<?start", "<?start?", "<?start ", "<?start data", "<?start ? ?",
                "<?xml", "<?XML-stylesheet", "<?a b?", "<?a b\n", "<?a \r\n", "<?a b??"]


@pytest.mark.parametrize("text", UNTERMINATED)
def test_unterminated_pi_produces_nothing(text):
    tokens, errors = run(text)
    assert tokens == []
    assert [code for code, _, _ in errors] == ["eof-in-processing-instruction"]


def test_unterminated_pi_after_text_keeps_the_text():
    tokens, errors = run("Hello <?pi and more")
    assert tokens == [chars("Hello ")]
    assert errors == [("eof-in-processing-instruction", 1, 20)]


def test_unterminated_bogus_comment_from_pi_is_emitted():
    assert run("<? ")[0] == [comment("? ")]
    assert run("<?a$b")[0] == [comment("?a$b")]
    assert run("<?1")[0] == [comment("?1")]


# ---------------------------------------------------------------------------
# Newlines: CR and CRLF become LF everywhere in a PI

def test_cr_and_crlf_in_pi_data_become_lf():
    tokens, errors = run("<?a b\r\nc\rd\r\r\ne?>")
    assert tokens == [pi("a", "b\nc\nd\n\ne")]
    assert errors == []


def test_cr_ends_target_like_lf():
    assert run("<?a\rb?>")[0] == [pi("a", "b")]
    assert run("<?a\r\nb?>")[0] == [pi("a", "b")]
    assert run("<?a\r\n\r\n b?>")[0] == [pi("a", "b")]


def test_cr_in_bogus_comment_from_pi():
    assert run("<?a$\r\nb>")[0] == [comment("?a$\nb")]


def test_positions_after_crlf_in_pi():
    # "<?a\r\nb" + EOF: the stream is "<?a\nb", EOF at line 2 column 2
    assert run("<?a\r\nb")[1] == [("eof-in-processing-instruction", 2, 2)]
    assert run("<?a\r\n\r\n$")[1] == [("eof-in-processing-instruction", 3, 2)]


# ---------------------------------------------------------------------------
# NULL in the PI data: by the letter of the standard there is no NULL entry
# in the data and questionable states, so it is appended unchanged.

def test_null_in_pi_data_is_kept():
    tokens, errors = run("<?a b\x00c?>")
    assert tokens == [pi("a", "b\x00c")]
    assert errors == []


def test_null_in_target_gives_bogus_comment_with_replacement_character():
    tokens, _ = run("<?a\x00b>")
    assert tokens == [comment("?a\ufffdb")]


# ---------------------------------------------------------------------------
# Where "<?" is not a PI: RCDATA, RAWTEXT, script data, PLAINTEXT

@pytest.mark.parametrize("state", ["RCDATA state", "RAWTEXT state", "Script data state",
                                   "PLAINTEXT state"])
def test_pi_is_text_in_text_states(state):
    tokens, errors = run("<?something>", initial_state=state)
    assert tokens == [chars("<?something>")]
    assert errors == []


@pytest.mark.parametrize("name", ["script", "style", "textarea", "title", "xmp", "iframe",
                                  "noembed", "noframes"])
def test_pi_is_text_inside_text_elements(name):
    text = f"<{name}><?something></{name}>"
    tokens = merge(tokenize(text))
    assert tokens == [["StartTag", name, {}], chars("<?something>"), ["EndTag", name]]


def test_pi_is_text_in_plaintext():
    assert merge(tokenize("<plaintext><?a b?>")) == [["StartTag", "plaintext", {}],
                                                     chars("<?a b?>")]


def test_pi_in_script_escapes_stays_text():
    text = "<script><!--<?a?>--><?b?></script>"
    assert merge(tokenize(text)) == [["StartTag", "script", {}], chars("<!--<?a?>--><?b?>"),
                                     ["EndTag", "script"]]


def test_pi_in_foreign_content_is_a_pi():
    text = "<svg><?a b?></svg><math><?c?></math>"
    assert merge(tokenize(text)) == [["StartTag", "svg", {}], pi("a", "b"), ["EndTag", "svg"],
                                     ["StartTag", "math", {}], pi("c"), ["EndTag", "math"]]


def test_pi_inside_cdata_section_is_text():
    tokens, errors = run("<![CDATA[<?a b?>]]>", allow_cdata=True)
    assert tokens == [chars("<?a b?>")]
    assert errors == []


def test_pi_inside_comment_is_comment_text():
    assert run("<!--<?a b?>-->")[0] == [comment("<?a b?>")]


def test_pi_inside_attribute_value_is_text():
    assert run("<p title='<?a?>'>")[0] == [["StartTag", "p", {"title": "<?a?>"}]]


def test_pi_after_text_element_closes():
    tokens = merge(tokenize("<title>x</title><?a b?>"))
    assert tokens == [["StartTag", "title", {}], chars("x"), ["EndTag", "title"], pi("a", "b")]


def test_tokenize_passes_processing_instructions_flag():
    assert merge(tokenize("<?a b?>")) == [pi("a", "b")]
    assert merge(tokenize("<?a b?>", processing_instructions=False)) == [comment("?a b?")]


def test_initial_state_can_be_a_pi_state():
    # Starting in the PI data state: the PI token has an empty target.
    tokens, errors = run("abc?>rest", initial_state="Processing instruction data state")
    assert tokens == [pi("", "abc"), chars("rest")]
    assert errors == []
    tokens, errors = run("xy>", initial_state=State.PROCESSING_INSTRUCTION_TARGET)
    assert tokens == [pi("xy")]


# ---------------------------------------------------------------------------
# processing_instructions=False: the pre-2026 bogus comment

OLD = [
    ("<?", [comment("?")], [("unexpected-question-mark-instead-of-tag-name", 1, 2)]),
    ("<?>", [comment("?")], [("unexpected-question-mark-instead-of-tag-name", 1, 2)]),
    ("<?a b?>", [comment("?a b?")], [("unexpected-question-mark-instead-of-tag-name", 1, 2)]),
    ('<?xml version="1.0"?>Hi', [comment('?xml version="1.0"?'), chars("Hi")],
     [("unexpected-question-mark-instead-of-tag-name", 1, 2)]),
    ("<?a$>", [comment("?a$")], [("unexpected-question-mark-instead-of-tag-name", 1, 2)]),
    ("x\n<?a\x00>", [chars("x\n"), comment("?a\ufffd")],
     [("unexpected-question-mark-instead-of-tag-name", 2, 2), ("unexpected-null-character", 2, 4)]),
    ("<?start data", [comment("?start data")],
     [("unexpected-question-mark-instead-of-tag-name", 1, 2)]),
]


@pytest.mark.parametrize("text,tokens,errors", OLD, ids=[o[0] for o in OLD])
def test_processing_instructions_off_gives_bogus_comment(text, tokens, errors):
    assert run(text, processing_instructions=False) == (tokens, errors)


def test_processing_instructions_off_never_produces_pi_tokens():
    text = "<?a?><?b c?><?xml?>"
    tokens = list(Tokenizer(text, processing_instructions=False))
    assert all(type(t) is Comment for t in tokens)
    assert [t.data for t in tokens] == ["?a?", "?b c?", "?xml?"]


def test_default_is_processing_instructions_on():
    assert list(Tokenizer("<?a?>")) == [PI("a", "")]
    assert list(markup5.tokenize("<?a?>")) == [PI("a", "")]


# ---------------------------------------------------------------------------
# processing-instructions.dat: the <body><?... cases

SECTIONS = ("data", "errors", "new-errors", "document", "document-fragment", "script-off",
            "script-on", "description")


def parse_dat(path):
    """Split a tree-construction .dat file into (data, document lines) pairs.

    A case starts at ``#description`` or at a ``#data`` not preceded by its
    own ``#description``; ``#data`` ends at the next section header and
    loses its final newline."""
    text = path.read_text(encoding="utf-8")
    cases = []
    current = None
    section = None
    for line in text.split("\n"):
        if line.startswith("#") and line[1:] in SECTIONS:
            name = line[1:]
            if name == "description" or (name == "data" and section != "description"):
                current = {}
                cases.append(current)
            section = name
            current[section] = []
        elif current is not None:
            current[section].append(line)
    result = []
    for case in cases:
        document = case.get("document", [])
        while document and document[-1] == "":
            document.pop()
        result.append(("\n".join(case.get("data", [])), document))
    return result


BODY_PREFIX = ["| <html>", "|   <head>", "|   <body>"]


def is_body_only_case(data, document):
    """A case whose data is <body> then PI-ish markup, with a body that holds
    only PIs, comments and text (no element lines)."""
    if not data.startswith("<body><?") or document[:3] != BODY_PREFIX:
        return False
    for line in document[3:]:
        if not line.startswith("|     "):
            # a continuation line of multi-line text/PI/comment data
            continue
        node = line[6:]
        if node.startswith("<") and not (node.startswith("<?") or node.startswith("<!-- ")):
            return False
    return True


def dump(tokens):
    """The body's children, in the .dat dump format, for the given tokens."""
    lines = []
    for token in tokens:
        if isinstance(token, PI):
            lines.append(f"|     <?{token.target} {token.data}?>")
        elif isinstance(token, Comment):
            lines.append(f"|     <!-- {token.data} -->")
        elif isinstance(token, Characters):
            lines.append(f'|     "{token.data}"')
        else:
            lines.append(f"|     UNEXPECTED {token!r}")
    return "\n".join(lines).split("\n") if lines else []


def merged_tokens(text):
    out = []
    for token in tokenize(text):
        if isinstance(token, Characters) and out and isinstance(out[-1], Characters):
            out[-1] = Characters(out[-1].data + token.data)
        else:
            out.append(token)
    return out


DAT_CASES = [(data, document) for data, document in parse_dat(DAT)
             if is_body_only_case(data, document)]


def test_dat_file_parsed():
    all_cases = parse_dat(DAT)
    assert len(all_cases) == 124
    assert len(DAT_CASES) >= 90


@pytest.mark.parametrize("data,document", DAT_CASES, ids=[d for d, _ in DAT_CASES])
def test_processing_instructions_dat_body_cases(data, document):
    tokens = merged_tokens(data)
    assert tokens[0] == StartTag("body", {})
    assert dump(tokens[1:]) == document[3:]


def test_processing_instructions_dat_checks_many_cases():
    checked = 0
    for data, document in DAT_CASES:
        tokens = merged_tokens(data)
        assert tokens[0] == StartTag("body", {}), data
        assert dump(tokens[1:]) == document[3:], data
        checked += 1
    assert checked >= 90
    # Both kinds of outcome occur among the checked cases.
    kinds = {line[6:8] for _, document in DAT_CASES for line in document[3:]}
    assert {"<?", "<!"} <= kinds


def test_end_tag_and_pi_mix():
    assert merged_tokens("</a><?b?>") == [EndTag("a"), PI("b", "")]
