"""The HTML tokenizer (§13.2.5): the standard's state machine, one method
per state, one module per family of states.

=====================  =====================================================
module                 states
=====================  =====================================================
``content``            data, RCDATA, RAWTEXT, script data, PLAINTEXT
``tags``               tag open, end tag open, tag name
``endtags``            RCDATA / RAWTEXT / script data (escaped) less-than
                       sign, end tag open and end tag name
``script``             script data escape, escaped and double-escaped states
``attributes``         before/after attribute name, attribute name and
                       value states, self-closing start tag
``comments``           markup declaration open, bogus comment, comments
``doctype``            the DOCTYPE states
``cdata``              CDATA section, bracket, end
``pi``                 the processing instruction states (2026)
``charrefs``           the character reference states
``shortcuts``          the data state's loop over text and simple tags
``core``               input, run loop, emission, errors
=====================  =====================================================

The families are stacked in one line of single inheritance, in the order of
the table's first column below (each family's class derives from the next
one's, down to :class:`~.core.TokenizerCore`): the method resolution order
is the one the combined class had, and a type checker (and mypyc, which
compiles single inheritance only) sees every state that a family hands over
to (the data state calls the tag open state, ...)::

    Tokenizer -> ContentStates -> TagStates -> EndTagStates -> ScriptStates
      -> AttributeStates -> CommentStates -> DoctypeStates -> CdataStates
      -> ProcessingInstructionStates -> CharacterReferenceStates
      -> DataShortcut -> TokenizerCore -> TokenizerBase
"""

from __future__ import annotations

from .content import ContentStates

__all__ = ["Tokenizer"]


class Tokenizer(ContentStates):
    """The WHATWG HTML tokenizer.

    ``Tokenizer(text)`` is iterable: it yields :mod:`markup5.tokens` tokens
    (adjacent characters coalesced into one :class:`~markup5.tokens.Characters`)
    and afterwards :attr:`errors` lists every :class:`~markup5.ParseError`.
    ``Tokenizer()`` without text takes input with :meth:`feed` and
    :meth:`close` instead; the tokens and errors are the same wherever the
    input is split.

    This is the raw tokenizer: nothing switches its state except you (or a
    tree builder).  :func:`markup5.tokenize` adds the tree builder's
    feedback for the elements that hold only text.

    Parameters
    ----------
    text:
        The whole input (``str``), or ``None`` to use :meth:`feed`.
    initial_state:
        A :class:`~markup5.State` or its spec name (``"RCDATA state"``,
        ``"script data"``, ...; case-insensitive).
    last_start_tag:
        The tag name of "the last start tag to have been emitted", for the
        appropriate end tag check in RCDATA, RAWTEXT and script data.
    processing_instructions:
        ``True`` (the standard since 2026-06-25): ``<?target data?>`` is a
        processing instruction.  ``False``: ``<?`` opens a bogus comment, as
        before 2026.
    allow_cdata:
        Whether ``<![CDATA[`` opens a CDATA section (the tree builder sets
        this when the adjusted current node is in foreign content).
    sink:
        Optional callable receiving each token as soon as it is complete (the
        tree builder's entry point).  It runs before the tokenizer reads on,
        so it may switch the state.
    collect_errors:
        ``False`` skips recording parse errors.

    Feedback (for tree builders): assign :attr:`state` (or call
    :meth:`switch_to`), :attr:`last_start_tag` and :attr:`allow_cdata`
    between tokens.

    The tokenizer keeps its state in ``__slots__``, so an instance takes no
    attributes of your own; a subclass does.
    """

    __slots__ = ()
