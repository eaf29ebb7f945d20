"""Step-by-step traces of the tokenizer, in the form of the walkthrough's
tables (``shared/spec/html-tokenizer-walkthrough.txt``).

The tokenizer is run with every shortcut off and fed one character at a
time, so each row is what the state machine did with the next input
character(s): the state before and after, the tokens emitted and the hidden
variables that changed (the current token, the temporary buffer, the last
start tag).  Two kinds of rows are merged, as the walkthrough does:

* a character the machine only looked at (a lookahead such as ``<!-`` that
  is not yet decided) joins the row of the character that decides it;
* consecutive characters handled alike in the same state (say ``ref`` of an
  attribute name, or a run of text) make one row.

The input is preprocessed first (CR and CRLF become LF), as the tokenizer
sees it.

A trace is for short strings, like the walkthrough's: after each character
the current token is rendered whole to see what changed, so the work grows
with the length of the input times that of its longest token (an
attribute value of 1,000 characters took 0.023 s, one of 4,000 0.15 s), and
an input whose token changes at many rows prints it at each.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..tokens import Characters, Token
from .feedback import TextElementFeedback
from .states import State
from .tokenizer import Tokenizer

__all__ = ["TraceStep", "trace", "format_trace"]


class TraceStep(NamedTuple):
    """One row of a trace."""

    input: str  #: the characters consumed ("" for the end of input)
    before: State  #: the state before
    after: State  #: the state after
    emitted: tuple[Token, ...]  #: tokens emitted (characters as they are emitted)
    changes: tuple[str, ...]  #: hidden variables changed, as "name = value"


def _snapshot(tokenizer: Tokenizer) -> dict[str, str]:
    token = tokenizer.current_token()
    return {
        "current token": "" if token is None else repr(token),
        "temporary buffer": repr(tokenizer.temporary_buffer),
        "last start tag": repr(tokenizer.last_start_tag),
    }


def _changes(before: dict[str, str], after: dict[str, str]) -> tuple[str, ...]:
    return tuple(f"{key} {value}" if key == "tree builder switches to"
                 else f"{key} = {value or 'none'}"
                 for key, value in after.items() if before.get(key) != value)


def _changed_keys(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {key for key in after if before.get(key) != after[key]}


def trace(text: str, *, initial_state: State | str = State.DATA,
          last_start_tag: str | None = None, processing_instructions: bool = True,
          feedback: bool = True, scripting: bool = False) -> list[TraceStep]:
    """Trace the tokenizer over ``text``; see the module docstring.

    With ``feedback`` (the default) the text-element feedback of
    :func:`markup5.tokenize` switches states after ``<script>``,
    ``<title>``, ... as a tree builder would."""
    if not isinstance(text, str):
        raise TypeError(f"trace() takes a str, not {type(text).__name__}")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    emitted: list[Token] = []
    tokenizer = Tokenizer(initial_state=initial_state, last_start_tag=last_start_tag,
                          processing_instructions=processing_instructions,
                          sink=emitted.append)
    tokenizer.fast_paths = False
    observe = TextElementFeedback(tokenizer, scripting=scripting) if feedback else None

    rows: list[list[Any]] = []  # [input, before, after, tokens, snapshot_before, snapshot_after]
    waiting = ""  # characters looked at but not yet decided
    pending_start: tuple[State, dict[str, str]] | None = None

    def step(chars: str, final: bool) -> None:
        nonlocal waiting, pending_start
        before_state = tokenizer.state
        before = _snapshot(tokenizer)
        pending_text = "".join(tokenizer._text)
        del emitted[:]
        if final:
            tokenizer.close()
        else:
            tokenizer.feed(chars)
        tokens = list(emitted)
        machine_state = tokenizer.state
        if observe is not None and tokens:
            observe(tokens)
        # Characters: report them when they join the pending text, not when
        # a later token flushes them.
        text_after = "".join(t.data for t in tokens if type(t) is Characters)
        text_after += "".join(tokenizer._text)
        new_text = text_after[len(pending_text):]
        shown = [t for t in tokens if type(t) is not Characters]
        if new_text:
            shown.insert(0, Characters(new_text))
        after = _snapshot(tokenizer)
        if pending_start is not None:
            before_state, before = pending_start
        if not final and not shown and tokenizer.state == before_state and before == after:
            # Only looked at: this character joins the row that decides it.
            if pending_start is None:
                pending_start = (before_state, before)
            waiting += chars
            return
        if tokenizer.state != machine_state:
            after["tree builder switches to"] = tokenizer.state.spec_name
            before["tree builder switches to"] = ""
        rows.append([waiting + chars, before_state, machine_state, shown, before, after])
        waiting = ""
        pending_start = None

    for c in text:
        step(c, False)
    step("", True)

    merged: list[list[Any]] = []
    for row in rows:
        if merged:
            last = merged[-1]
            same_state = last[1] == last[2] == row[1] == row[2]
            only_text = all(type(t) is Characters for t in last[3] + row[3])
            same_kind = (bool(last[3]) == bool(row[3])
                         and _changed_keys(last[4], last[5]) == _changed_keys(row[4], row[5]))
            if same_state and only_text and same_kind and row[0]:
                last[0] += row[0]
                if row[3]:
                    last[3] = [Characters(last[3][0].data + row[3][0].data)]
                last[5] = row[5]
                continue
        merged.append(list(row))
    return [TraceStep(r[0], r[1], r[2], tuple(r[3]), _changes(r[4], r[5])) for r in merged]


def _show_input(chars: str) -> str:
    if chars == "":
        return "EOF"
    if chars == " ":
        return "space"
    return repr(chars)[1:-1]


def _show_token(token: Token) -> str:
    return repr(token)


def format_trace(steps: list[TraceStep]) -> str:
    """The trace as a text table: Input, State before, State after, Emitted,
    Hidden variables changed."""
    header = ("Input", "State before", "State after", "Emitted", "Aux state mutated")
    table = [header] + [
        (_show_input(s.input), s.before.spec_name.removesuffix(" state"),
         s.after.spec_name.removesuffix(" state"),
         ", ".join([_show_token(t) for t in s.emitted] + (["end-of-file"] if not s.input else [])),
         "; ".join(s.changes))
        for s in steps]
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    lines = []
    for row in table:
        cells = [row[i].ljust(widths[i]) for i in range(4)] + [row[4]]
        lines.append(" | ".join(cells).rstrip())
        if row is header:
            lines.append("-+-".join("-" * w for w in widths) + "-+-" + "-" * 17)
    return "\n".join(lines)
