"""The XML5 tokenizer (XML5 §1.3), behaving as xml5lib-tests expect.

One method per state of the XML5 text, named after it (``_tag_name_state``)
with a one-line docstring naming the state, and one module per family of
states, as in the HTML tokenizer; they run on the core both tokenizers
share (:mod:`markup5._tokenizer_core`: input buffer, run loop, emission,
errors).

=====================  =====================================================
module                 states
=====================  =====================================================
``data``               data
``tags``               tag, end tag, end tag name, end tag name after, tag
                       name, empty tag
``attributes``         tag attribute name before / name / name after, value
                       before, value double-quoted / single-quoted /
                       unquoted
``pi``                 pi, pi target, pi target after, pi data, pi after
``comments``           markup declaration, comment start, comment start
                       dash, comment, comment less-than sign (bang, bang
                       dash, bang dash dash), comment end dash, comment end,
                       comment end bang, bogus comment
``cdata``              CDATA, CDATA bracket, CDATA end
``doctype``            the DOCTYPE states
``internal_subset``    DOCTYPE internal subset, markup declaration (and its
                       quoted literals), subset comment and PI, after
                       internal subset (not in the XML5 text; used with
                       ``xml10_compatible``)
``charrefs``           character reference in data / in attribute value
``shortcuts``          the data state's loop over text and simple tags
``core``               preprocessing, controls, the current tag token
=====================  =====================================================

Error codes (``ParseError.code``):

========================================================  ==================================
code                                                      where
========================================================  ==================================
control-character-in-input-stream                         a C0/C1 control (see above)
noncharacter-in-input-stream                              a noncharacter (see above)
invalid-first-character-of-tag-name                       ``<`` or ``</`` + space, ``:``, ``<``, ``>``
eof-before-tag-name                                       ``<`` or ``</`` at the end
unexpected-solidus-in-end-tag                             ``</a/``
unexpected-character-after-end-tag-name                   ``</a b>``
eof-in-tag                                                end of input inside a tag
unexpected-colon-before-attribute-name                    ``<a :b>``
duplicate-attribute                                       a repeated attribute (dropped)
invalid-first-character-of-processing-instruction-target  ``<? x?>`` (a bogus comment)
eof-in-processing-instruction                             end of input inside a PI
incorrectly-opened-comment                                ``<!`` not followed by ``--``,
                                                          ``[CDATA[`` or ``DOCTYPE``
abrupt-closing-of-empty-comment                           ``<!-->``, ``<!--->``
nested-comment                                            ``<!--`` inside a comment
incorrectly-closed-comment                                ``--!>``
eof-in-comment                                            end of input inside a comment
eof-in-cdata                                              end of input inside CDATA
missing-whitespace-before-doctype-name                    ``<!DOCTYPEx``
missing-doctype-name                                      ``<!DOCTYPE>``
eof-in-doctype                                            end of input inside a DOCTYPE
invalid-character-sequence-after-doctype-name             ``<!DOCTYPE a b>``, internal subsets
missing-whitespace-after-doctype-public-keyword           ``PUBLIC"x"``
missing-whitespace-after-doctype-system-keyword           ``SYSTEM"x"``
missing-doctype-public-identifier                         ``PUBLIC>``
missing-doctype-system-identifier                         ``SYSTEM>``
missing-quote-before-doctype-public-identifier            ``PUBLIC x``
missing-quote-before-doctype-system-identifier            ``SYSTEM x``
abrupt-doctype-public-identifier                          ``>`` inside a quoted public id
abrupt-doctype-system-identifier                          ``>`` inside a quoted system id
missing-whitespace-between-doctype-public-and-system-     ``"pub""sys"``
identifiers
unexpected-character-after-doctype-system-identifier      ``"sys" x``
absence-of-digits-in-numeric-character-reference          ``&#;``, ``&#x;``
missing-semicolon-after-character-reference               ``&#65``, ``&not``
null-character-reference                                  ``&#0;``
character-reference-outside-unicode-range                 ``&#x110000;``
surrogate-character-reference                             ``&#xD800;``
control-character-reference                               ``&#1;``, ``&#x80;``, ``&#13;``
noncharacter-character-reference                          ``&#xFFFE;``
unknown-named-character-reference                         ``&xyz;``
unescaped-ampersand-before-equals-in-attribute-value      ``a='&not=x'``
missing-end-of-doctype-internal-subset                    ``<!DOCTYPE a [ <a>`` (xml10)
unexpected-character-after-doctype-internal-subset        ``<!DOCTYPE a [] x>`` (xml10)
========================================================  ==================================

Well-formedness errors, only with ``xml10_compatible`` (XML 1.0 fifth
edition production or constraint in brackets; the tokens are the same as
without them):

========================================================  ==================================
code                                                      where
========================================================  ==================================
invalid-character-in-name                                 ``<0A/>``, ``<A@/>``, ``<a b@c=''>``,
                                                          ``<?-pi?>``, ``<!DOCTYPE 0>`` ([5])
missing-end-tag-name                                      ``</>`` ([42])
unexpected-solidus-in-tag                                 ``<a/ b=''>`` ([44])
missing-whitespace-between-attributes                     ``<a b='1'c='2'>`` ([40])
missing-attribute-value                                   ``<a b>``, ``<a b=>`` ([41])
unquoted-attribute-value                                  ``<a b=c>`` ([10])
less-than-sign-in-attribute-value                         ``<a b='<'>`` (WFC: No < in
                                                          Attribute Values)
misplaced-xml-declaration                                 ``<?xml ...?>`` not at offset 0 ([22])
reserved-processing-instruction-target                    ``<?XML?>``, ``<?xmL?>`` ([17])
colon-in-processing-instruction-target                    ``<?a:b?>`` (Namespaces §7)
missing-whitespace-after-processing-instruction-target    ``<?a?b?>`` ([16])
incorrect-case-in-keyword                                 ``<!doctype``, ``<![cdata[``,
                                                          ``system`` ([28], [19], [75])
double-hyphen-in-comment                                  ``<!-- a -- b -->``, ``<!-- a --->``
                                                          ([15])
cdata-section-end-in-text                                 ``]]>`` in text, at its second ``]``
                                                          ([14])
reference-outside-root-element                            ``<a/>&#32;`` ([1]; needs the tree
                                                          builder)
cdata-section-outside-root-element                        ``<![CDATA[ ]]><a/>`` ([1])
invalid-character-in-public-identifier                    ``PUBLIC "a{b"`` ([13])
missing-doctype-system-identifier                         ``PUBLIC "p">`` (also in XML5 mode
                                                          for ``SYSTEM>``; [75])
duplicate-doctype                                         a second ``<!DOCTYPE`` ([22])
========================================================  ==================================

The tree builder adds the XML declaration's errors
(:func:`markup5.xml.wellformedness.check_xml_declaration`) and the
namespace errors (:func:`markup5.xml.namespaces.bind_tag`).
"""

from __future__ import annotations

from ..states import State
from .attributes import AttributeStates
from .cdata import CdataStates
from .charrefs import CharacterReferenceStates
from .comments import CommentStates
from .core import XmlTokenizerCore
from .data import DataStates
from .doctype import DoctypeStates
from .internal_subset import InternalSubsetStates
from .pi import ProcessingInstructionStates
from .shortcuts import DataShortcut
from .tags import TagStates

__all__ = ["Tokenizer", "State"]


class Tokenizer(DataStates, TagStates, AttributeStates, ProcessingInstructionStates,
                CommentStates, CdataStates, DoctypeStates, InternalSubsetStates,
                CharacterReferenceStates, DataShortcut, XmlTokenizerCore):
    """The XML5 tokenizer.

    Give it the whole ``text`` and iterate, or create it without text and
    call :meth:`feed` for each chunk and :meth:`close` at the end (each
    returns the tokens it completed).  Either way the tokens and errors are
    the same, wherever the input is split.  :attr:`errors` lists the
    :class:`~markup5.errors.ParseError` s; with ``inline_errors=True`` each
    error is also put in the token stream where it occurs (before the token
    or character it relates to), as xml5lib-tests place them.

    ``xml10_compatible=True`` follows XML 1.0 where xml5lib-tests follow
    HTML or the XML5 text reads less than XML 1.0 (what
    :func:`~markup5.xml.parse_xml` does; see :mod:`markup5.xml`): DOCTYPE
    names keep their case, the internal subset is read past, numeric
    references to XML 1.0 characters give them as they are, DEL, C1
    controls and noncharacters other than U+FFFE/U+FFFF are not errors,
    and literal TAB and LF in attribute values become spaces.  The default
    is the xml5lib-tests behaviour.
    """
