"""The insertion modes (§13.2.6.4) and the rules for foreign content
(§13.2.6.5), one method per mode, named after it.

A mode method takes one token (``None`` is the end-of-file token) and
returns True when the token must be reprocessed (the method has switched
the mode first), None when it is done.  Tag names are dispatched through
sets built once, not long if-chains on strings where it matters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...dom import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE
from ...tokens import Characters, Comment, Doctype, EndTag, ProcessingInstruction, StartTag
from .. import constants as C
from ..states import State
from .treebuilder import MARKER, TreeBuilderCore

HTML = HTML_NAMESPACE
SVG = SVG_NAMESPACE
MATHML = MATHML_NAMESPACE

WHITESPACE = "\t\n\f\r "
EOF = None

_HEAD_ELEMENTS = frozenset({"base", "basefont", "bgsound", "link", "meta", "noframes", "script",
                            "style", "template", "title"})
_BLOCKS_START = frozenset({
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div",
    "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "main", "menu",
    "nav", "ol", "p", "search", "section", "summary", "ul"})
_BLOCKS_END = frozenset({
    "address", "article", "aside", "blockquote", "button", "center", "details", "dialog", "dir",
    "div", "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing",
    "main", "menu", "nav", "ol", "pre", "search", "section", "select", "summary", "ul"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_FORMATTING_NO_A_NOBR = frozenset({"b", "big", "code", "em", "font", "i", "s", "small", "strike",
                                   "strong", "tt", "u"})
ADOPTION_END = frozenset({"a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small",
                           "strike", "strong", "tt", "u"})
_VOID_BODY = frozenset({"area", "br", "embed", "img", "keygen", "wbr"})
_IGNORED_IN_BODY = frozenset({"caption", "col", "colgroup", "frame", "head", "tbody", "td",
                              "tfoot", "th", "thead", "tr"})
_TABLE_CONTEXT = frozenset({"table", "template", "html"})
_TABLE_BODY_CONTEXT = frozenset({"tbody", "tfoot", "thead", "template", "html"})
_ROW_CONTEXT = frozenset({"tr", "template", "html"})
_TABLE_SECTIONS = frozenset({"tbody", "tfoot", "thead"})
_CELLS = frozenset({"td", "th"})
#: The current nodes for which the in table rules send characters to "in
#: table text", and the modes that use those rules for characters.
TABLE_TEXT_TARGETS = frozenset({"table", "tbody", "template", "tfoot", "thead", "tr"})
TABLE_TEXT_MODES = frozenset({"in table", "in table body", "in row"})
#: The insertion modes whose rules for a comment token are "insert a
#: comment" (at the appropriate place), directly or through the rules of
#: another such mode; so are the rules for foreign content.
INSERT_A_COMMENT_MODES = frozenset({
    "before head", "in head", "in head noscript", "after head", "in body", "in table",
    "in caption", "in column group", "in table body", "in row", "in cell", "in template",
    "in frameset", "after frameset"})
#: Every start tag name the in body insertion mode has a rule for (others
#: take "any other start tag").
_BODY_START_SPECIAL = (_FORMATTING_NO_A_NOBR | _BLOCKS_START | _HEAD_ELEMENTS | _HEADINGS
                       | _VOID_BODY | _IGNORED_IN_BODY | frozenset({
                           "a", "li", "dd", "dt", "input", "pre", "listing", "nobr", "table",
                           "form", "button", "applet", "marquee", "object", "param", "source",
                           "track", "hr", "image", "textarea", "xmp", "iframe", "noembed",
                           "noscript", "select", "option", "optgroup", "rb", "rtc", "rp", "rt",
                           "math", "svg", "html", "body", "frameset", "plaintext"}))

BODY_START_SPECIAL = _BODY_START_SPECIAL
#: The start and end tags the in cell insertion mode has rules of its own
#: for; it processes every other token using the rules for "in body".
IN_CELL_OWN_START_TAGS = frozenset({
    "caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"})
IN_CELL_OWN_END_TAGS = frozenset({
    "td", "th", "body", "caption", "col", "colgroup", "html", "table", "tbody", "tfoot", "thead",
    "tr"})
#: The start tags the in head insertion mode inserts and pops at once.
IN_HEAD_VOID_START_TAGS = frozenset({"base", "basefont", "bgsound", "link", "meta"})
#: The elements that are, or may be, an HTML or a MathML text integration
#: point (annotation-xml is one or not by its encoding attribute): what
#: the dispatcher gives a token with one of them as the adjusted current
#: node depends on the token.
MAY_BE_INTEGRATION_POINTS = (C.HTML_INTEGRATION_POINT_ELEMENTS
                             | C.MATHML_TEXT_INTEGRATION_POINTS
                             | frozenset({(MATHML, "annotation-xml")}))
#: The end tags whose in body rule does more than pop the current node when
#: it is the element named (the adoption agency algorithm, the form element
#: pointer, markers, the mode, the in head rules, the br element).
END_TAGS_BEYOND_POP = ADOPTION_END | frozenset({
    "body", "html", "form", "applet", "marquee", "object", "br", "template"})

#: A run of ASCII whitespace (the characters the modes treat as whitespace).
_WHITESPACE_RUN = re.compile("[\t\n\f\r ]+")


def _split_whitespace(data: str) -> tuple[str, str]:
    """(the leading whitespace, the rest)."""
    rest = data.lstrip(WHITESPACE)
    return data[:len(data) - len(rest)], rest


def _is_all_whitespace(data: str) -> bool:
    return not data.lstrip(WHITESPACE)


class InsertionModes(TreeBuilderCore):
    """The insertion modes."""

    __slots__ = ("_pending", "_skip_newline", "_force_html")

    # The initial insertion mode ---------------------------------------------

    def _initial(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            _, rest = _split_whitespace(token.data)
            if not rest:
                return None
            token = Characters(rest)
        elif kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token, (self.sink.document, None))
            return None
        elif kind is Doctype:
            name, public_id, system_id = token.name, token.public_id, token.system_id
            if name != "html" or public_id is not None or (
                    system_id is not None and system_id != "about:legacy-compat"):
                self._error("unknown-doctype")
            self.sink.append_doctype(name or "", public_id or "", system_id or "")
            self.sink.set_document_mode(self._doctype_mode(token))
            self.mode = "before html"
            return None
        # Anything else.
        self._error("expected-doctype-but-got-" + kind.__name__.lower()
                    if token is not EOF else "expected-doctype-but-got-eof")
        self.sink.set_document_mode("quirks")
        self.mode = "before html"
        return self._reprocess(token)

    def _reprocess(self, token: Any) -> bool:
        """Reprocess ``token`` (possibly a replacement token) in the current
        mode: stored for the dispatcher, which loops."""
        self._pending = token
        return True

    @staticmethod
    def _doctype_mode(token: Doctype) -> str:
        if token.force_quirks or token.name != "html":
            return "quirks"
        public_id = (token.public_id or "").lower()
        system_id = token.system_id
        system_lower = (system_id or "").lower()
        if public_id in C.QUIRKS_PUBLIC_ID_EXACT or system_lower in C.QUIRKS_SYSTEM_ID_EXACT:
            return "quirks"
        if public_id.startswith(C.QUIRKS_PUBLIC_ID_PREFIXES):
            return "quirks"
        if system_id is None and public_id.startswith(C.QUIRKS_PUBLIC_ID_PREFIXES_IF_NO_SYSTEM_ID):
            return "quirks"
        if public_id.startswith(C.LIMITED_QUIRKS_PUBLIC_ID_PREFIXES):
            return "limited-quirks"
        if system_id is not None and public_id.startswith(
                C.LIMITED_QUIRKS_PUBLIC_ID_PREFIXES_IF_SYSTEM_ID):
            return "limited-quirks"
        return "no-quirks"

    # The "before html" insertion mode ----------------------------------------

    def _before_html(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Doctype:
            self._error("unexpected-doctype")
            return None
        if kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token, (self.sink.document, None))
            return None
        if kind is Characters:
            _, rest = _split_whitespace(token.data)
            if not rest:
                return None
            token = Characters(rest)
        elif kind is StartTag and token.name == "html":
            element = self._create_element("html", token.attrs)
            self.sink.append(self.sink.document, element)
            self._push(element)
            self.mode = "before head"
            return None
        elif kind is EndTag and token.name not in ("head", "body", "html", "br"):
            self._error("unexpected-end-tag-before-html")
            return None
        element = self._create_element("html", {})
        if self._locating:
            del element._location  # (implied: no token of its own)
        self.sink.append(self.sink.document, element)
        self._push(element)
        self.mode = "before head"
        return self._reprocess(token)

    # The "before head" insertion mode ----------------------------------------

    def _before_head(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            _, rest = _split_whitespace(token.data)
            if not rest:
                return None
            token = Characters(rest)
        elif kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token)
            return None
        elif kind is Doctype:
            self._error("unexpected-doctype")
            return None
        elif kind is StartTag:
            if token.name == "html":
                return self._in_body(token)
            if token.name == "head":
                self.head_element = self._insert_html_element("head", token.attrs)
                self.mode = "in head"
                return None
        elif kind is EndTag and token.name not in ("head", "body", "html", "br"):
            self._error("unexpected-end-tag")
            return None
        self.head_element = self._insert_implied_element("head")
        self.mode = "in head"
        return self._reprocess(token)

    # The "in head" insertion mode --------------------------------------------

    def _in_head(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            space, rest = _split_whitespace(token.data)
            if space:
                self._insert_characters(space)
            if not rest:
                return None
            token = Characters(rest)
        elif kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token)
            return None
        elif kind is Doctype:
            self._error("unexpected-doctype")
            return None
        elif kind is StartTag:
            name = token.name
            if name == "html":
                return self._in_body(token)
            if name in IN_HEAD_VOID_START_TAGS:
                self._in_head_void_start_tag(name, token.attrs)
                return None
            if name == "title":
                self._parse_text_element(token, State.RCDATA)
                return None
            if name in ("noframes", "style") or (name == "noscript" and self.scripting):
                self._parse_text_element(token, State.RAWTEXT)
                return None
            if name == "noscript":
                self._insert_html_element(name, token.attrs)
                self.mode = "in head noscript"
                return None
            if name == "script":
                self._insert_html_element(name, token.attrs)
                self.tokenizer._state = State.SCRIPT_DATA
                self.original_mode = self.mode
                self.mode = "text"
                return None
            if name == "template":
                self._insert_html_element(name, token.attrs)
                self._insert_marker()
                self.mode = "in template"
                self.template_modes.append("in template")
                # What the template contents hold does not change the
                # frameset-ok flag: html5lib-tests (template.dat:
                # "<template>x</template><p><frameset>") and Chromium
                # ("<template><table></template><p><frameset>") both make
                # a frameset there.  The flag is restored when the template
                # closes.
                self._frameset_ok_at_template.append(self.frameset_ok)
                return None
            if name == "head":
                self._error("unexpected-start-tag")
                return None
        elif kind is EndTag:
            name = token.name
            if name == "head":
                self._pop()
                self.mode = "after head"
                return None
            if name == "template":
                self._end_template()
                return None
            if name not in ("body", "html", "br"):
                self._error("unexpected-end-tag")
                return None
        self._pop()  # the head element
        self.mode = "after head"
        return self._reprocess(token)

    def _end_template(self) -> None:
        if not self._positions.get("template"):
            self._error("unexpected-end-tag")
            return
        self._generate_all_implied_end_tags_thoroughly()
        if not self._current_is("template"):
            self._error("end-tag-too-early")
        self._pop_until("template")
        self._clear_active_formatting_to_marker()
        self.template_modes.pop()
        self._restore_frameset_ok()
        self._reset_insertion_mode()

    def _restore_frameset_ok(self) -> None:
        """A template closed: the frameset-ok flag is what it was when the
        template opened (see the template start tag in "in head")."""
        if self._frameset_ok_at_template:
            self.frameset_ok = self._frameset_ok_at_template.pop()

    # The "in head noscript" insertion mode -----------------------------------

    def _in_head_void_start_tag(self, name: str, attrs: dict[str, str]) -> None:
        """In head, a start tag "base", "basefont", "bgsound", "link" or
        "meta": insert an HTML element for the token; immediately pop it;
        acknowledge the self-closing flag (the dispatcher's check passes
        void elements)."""
        self._insert_html_element(name, attrs)
        self._pop()
        if name == "meta" and self.encoding_confidence == "tentative":
            # A meta's charset / http-equiv=Content-Type may "change the
            # encoding" (§13.2.3.4): see HTMLParser._meta_encoding.
            self._meta_encoding(attrs)

    def _in_head_noscript(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Doctype:
            self._error("unexpected-doctype")
            return None
        if kind is StartTag:
            name = token.name
            if name == "html":
                return self._in_body(token)
            if name in ("basefont", "bgsound", "link", "meta", "noframes", "style"):
                return self._in_head(token)
            if name in ("head", "noscript"):
                self._error("unexpected-start-tag")
                return None
        elif kind is EndTag:
            if token.name == "noscript":
                self._pop()
                self.mode = "in head"
                return None
            if token.name != "br":
                self._error("unexpected-end-tag")
                return None
        elif kind is Comment or kind is ProcessingInstruction:
            return self._in_head(token)
        elif kind is Characters:
            space, rest = _split_whitespace(token.data)
            if space:
                self._in_head(Characters(space))
            if not rest:
                return None
            token = Characters(rest)
        self._error("unexpected-token-in-head-noscript")
        self._pop()
        self.mode = "in head"
        return self._reprocess(token)

    # The "after head" insertion mode -----------------------------------------

    def _after_head(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            space, rest = _split_whitespace(token.data)
            if space:
                self._insert_characters(space)
            if not rest:
                return None
            token = Characters(rest)
        elif kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token)
            return None
        elif kind is Doctype:
            self._error("unexpected-doctype")
            return None
        elif kind is StartTag:
            name = token.name
            if name == "html":
                return self._in_body(token)
            if name == "body":
                self._insert_html_element("body", token.attrs)
                self.frameset_ok = False
                self.mode = "in body"
                return None
            if name == "frameset":
                self._insert_html_element("frameset", token.attrs)
                self.mode = "in frameset"
                return None
            if name in _HEAD_ELEMENTS:
                self._error("unexpected-start-tag-out-of-head")
                head = self.head_element
                self._push(head)
                result = self._in_head(token)
                self._remove_from_stack(head)
                return result
            if name == "head":
                self._error("unexpected-start-tag")
                return None
        elif kind is EndTag:
            if token.name == "template":
                return self._in_head(token)
            if token.name not in ("body", "html", "br"):
                self._error("unexpected-end-tag")
                return None
        self._insert_implied_element("body")
        self.mode = "in body"
        return self._reprocess(token)

    # The "in body" insertion mode --------------------------------------------

    def _in_body(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            data = token.data
            if "\x00" in data:
                self._error("unexpected-null-character")
                data = data.replace("\x00", "")
                if not data:
                    return None
            self._in_body_characters(data)
            return None
        if kind is StartTag:
            return self._in_body_start_tag(token)
        if kind is EndTag:
            return self._in_body_end_tag(token)
        if kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token)
            return None
        if kind is Doctype:
            self._error("unexpected-doctype")
            return None
        # End of file.
        if self.template_modes:
            return self._in_template(token)
        self._check_open_elements("eof-with-open-elements")
        self._stop_parsing()
        return None

    def _in_body_characters(self, data: str) -> None:
        """In body, a character token other than U+0000 NULL (``data`` holds
        no NULL): reconstruct the active formatting elements, if any; insert
        the characters; if any is not whitespace, set the frameset-ok flag
        to "not ok"."""
        afe = self.active_formatting
        if afe and afe[-1] is not MARKER and id(afe[-1]) not in self._on_stack:
            self._reconstruct_active_formatting()
        current = self.open_elements[-1]
        if self.foster_parenting or (current.local_name == "template"
                                     and current.namespace == HTML):
            self._insert_characters(data)
        else:  # the usual appropriate place: the current node
            self.sink.insert_text(current, data, None)
        if self.frameset_ok and data.lstrip(WHITESPACE):
            self.frameset_ok = False

    def _in_body_any_other_start_tag(self, name: str, attrs: dict[str, str]) -> None:
        """In body, "any other start tag": reconstruct the active formatting
        elements, if any; insert an HTML element for the token."""
        afe = self.active_formatting
        if afe and afe[-1] is not MARKER and id(afe[-1]) not in self._on_stack:
            self._reconstruct_active_formatting()
        self._insert_html_element(name, attrs)

    def _check_open_elements(self, code: str) -> None:
        """The parse error of EOF, </body> and </html> in body when an element
        other than dd, dt, li, optgroup, option, p, rb, rp, rt, rtc, tbody,
        td, tfoot, th, thead, tr, body, html (or template, at EOF) is open
        (BODY_END_OK): whether every open element is one of those is a
        count of the indexed ones."""
        if len(self._boundaries["body end ok"]) < len(self.open_elements):
            self._error(code)

    # The in body rules for start tags that need only the tag name and the
    # attributes and never reprocess the token: one method per rule, found
    # through IN_BODY_START_RULES (built once, below the class), which the
    # parser's tree building without tokens uses too.

    def _in_body_formatting_start_tag(self, name: str, attrs: dict[str, str]) -> None:
        """In body, a start tag "b", "big", "code", "em", "font", "i", "s",
        "small", "strike", "strong", "tt", "u": reconstruct the active
        formatting elements, if any; insert an HTML element for the token;
        push onto the list of active formatting elements that element."""
        self._reconstruct_active_formatting()
        element = self._insert_html_element(name, attrs)
        self._push_active_formatting(element)

    def _in_body_block_start_tag(self, name: str, attrs: dict[str, str]) -> None:
        """In body, a start tag "address", "article", ..., "ul": if the stack
        of open elements has a p element in button scope, close a p element;
        insert an HTML element for the token."""
        if self._has_in_button_scope("p"):
            self._close_p_element()
        self._insert_html_element(name, attrs)

    def _in_body_a_start_tag(self, name: str, attrs: dict[str, str]) -> None:
        """In body, a start tag "a": an "a" element in the list of active
        formatting elements after the last marker is a parse error; run the
        adoption agency algorithm for "a", then remove that element from the
        list and the stack if still there.  Then reconstruct the active
        formatting elements, insert an HTML element for the token and push
        it onto the list."""
        if self.active_formatting:  # (else there is no "a" in it, nor anything to reconstruct)
            entry = self._afe_last_named("a")
            if entry is not None:
                self._error("unexpected-start-tag-implies-end-tag")
                if not self._adoption_agency("a"):
                    self._any_other_end_tag("a")
                index = self._afe_index(entry)
                if index != -1:
                    self._afe_remove(index)
                self._remove_from_stack(entry)
            self._reconstruct_active_formatting()
        element = self._insert_html_element(name, attrs)
        self._push_active_formatting(element)

    def _in_body_heading_start_tag(self, name: str, attrs: dict[str, str]) -> None:
        """In body, a start tag "h1" ... "h6": close a p element in button
        scope; a heading as the current node is a parse error and is popped;
        insert an HTML element for the token."""
        if self._has_in_button_scope("p"):
            self._close_p_element()
        current = self.current_node
        if current.namespace == HTML and current.local_name in _HEADINGS:
            self._error("unexpected-start-tag")
            self._pop()
        self._insert_html_element(name, attrs)

    def _in_body_list_item_start_tag(self, name: str, attrs: dict[str, str]) -> None:
        """In body, a start tag "li", "dd" or "dt": frameset-ok "not ok"; the
        loop that closes an open li (or dd/dt) unless a special element other
        than address, div and p comes first; close a p element in button
        scope; insert an HTML element for the token."""
        self.frameset_ok = False
        targets = ("li",) if name == "li" else ("dd", "dt")
        # The loop walks down from the current node and stops at the first
        # element that is one of the targets, or special but not address,
        # div or p; the targets are special, so that is the topmost such
        # special element (the "list item loop" index).
        stops = self._boundaries["list item loop"]
        if stops:
            node = self.open_elements[self._real(stops[-1])]
            if node.namespace == HTML and node.local_name in targets:
                self._generate_implied_end_tags(node.local_name)
                if not self._current_is(node.local_name):
                    self._error("end-tag-too-early")
                self._pop_until(node.local_name)
        if self._has_in_button_scope("p"):
            self._close_p_element()
        self._insert_html_element(name, attrs)

    def _in_body_void_start_tag(self, name: str, attrs: dict[str, str]) -> None:
        """In body, a start tag "area", "br", "embed", "img", "keygen",
        "wbr": reconstruct the active formatting elements, if any; insert an
        HTML element for the token; pop it; acknowledge the self-closing
        flag (the dispatcher does not complain about a void element's);
        frameset-ok "not ok"."""
        self._reconstruct_active_formatting()
        self._insert_html_element(name, attrs)
        self._pop()
        self.frameset_ok = False

    def _in_body_start_tag(self, token: StartTag) -> bool | None:
        name = token.name
        if name not in _BODY_START_SPECIAL:
            # "Any other start tag" (span, label, ...): the common case first.
            self._in_body_any_other_start_tag(name, token.attrs)
            return None
        rule = IN_BODY_START_RULES.get(name)
        if rule is not None:
            rule(self, name, token.attrs)
            return None
        if name in _HEAD_ELEMENTS:
            if name == "template":
                # A template in the body makes a later <frameset> too late;
                # one in the head does not (html5lib-tests template.dat).
                self.frameset_ok = False
            return self._in_head(token)
        if name == "input":
            if self._select_in_scope_closes():
                return None
            self._reconstruct_active_formatting()
            self._insert_html_element(name, token.attrs)
            self._pop()
            if token.attrs.get("type", "").lower() != "hidden":
                self.frameset_ok = False
            return None
        if name in ("pre", "listing"):
            if self._has_in_button_scope("p"):
                self._close_p_element()
            self._insert_html_element(name, token.attrs)
            self._skip_newline = True
            self.frameset_ok = False
            return None
        if name == "nobr":
            self._reconstruct_active_formatting()
            if self._has_in_scope("nobr"):
                self._error("unexpected-start-tag-implies-end-tag")
                if not self._adoption_agency("nobr"):
                    self._any_other_end_tag("nobr")
                self._reconstruct_active_formatting()
            element = self._insert_html_element(name, token.attrs)
            self._push_active_formatting(element)
            return None
        if name == "table":
            if self.sink.document.mode != "quirks" and self._has_in_button_scope("p"):
                self._close_p_element()
            self._insert_html_element(name, token.attrs)
            self.frameset_ok = False
            self.mode = "in table"
            return None
        if name == "form":
            in_template = self._template_in_stack()
            if self.form_element is not None and not in_template:
                self._error("unexpected-start-tag")
                return None
            if self._has_in_button_scope("p"):
                self._close_p_element()
            element = self._insert_html_element(name, token.attrs)
            if not in_template:
                self.form_element = element
            return None
        if name == "button":
            if self._has_in_scope("button"):
                self._error("unexpected-start-tag-implies-end-tag")
                self._generate_implied_end_tags()
                self._pop_until("button")
            self._reconstruct_active_formatting()
            self._insert_html_element(name, token.attrs)
            self.frameset_ok = False
            return None
        if name in ("applet", "marquee", "object"):
            self._reconstruct_active_formatting()
            self._insert_html_element(name, token.attrs)
            self._insert_marker()
            self.frameset_ok = False
            return None
        if name in ("param", "source", "track"):
            self._insert_html_element(name, token.attrs)
            self._pop()
            return None
        if name == "hr":
            if self._has_in_button_scope("p"):
                self._close_p_element()
            if self._has_in_scope("select"):
                self._generate_implied_end_tags()
                if self._has_in_scope("option") or self._has_in_scope("optgroup"):
                    self._error("unexpected-hr-in-select")
            self._insert_html_element(name, token.attrs)
            self._pop()
            self.frameset_ok = False
            return None
        if name == "image":
            self._error("unexpected-start-tag-treated-as")
            return self._reprocess(StartTag("img", token.attrs, token.self_closing))
        if name == "textarea":
            self._insert_html_element(name, token.attrs)
            self._skip_newline = True
            self.tokenizer._state = State.RCDATA
            self.original_mode = self.mode
            self.frameset_ok = False
            self.mode = "text"
            return None
        if name == "xmp":
            if self._has_in_button_scope("p"):
                self._close_p_element()
            self._reconstruct_active_formatting()
            self.frameset_ok = False
            self._parse_text_element(token, State.RAWTEXT)
            return None
        if name == "iframe":
            self.frameset_ok = False
            self._parse_text_element(token, State.RAWTEXT)
            return None
        if name == "noembed" or (name == "noscript" and self.scripting):
            self._parse_text_element(token, State.RAWTEXT)
            return None
        if name == "select":
            if self.context is not None and self.context.local_name == "select" and \
                    self.context.namespace == HTML:
                self._error("unexpected-select-in-select")
                return None
            if self._has_in_scope("select"):
                self._error("unexpected-select-in-select")
                self._pop_until("select")
                return None
            self._reconstruct_active_formatting()
            self._insert_html_element(name, token.attrs)
            self.frameset_ok = False
            return None
        if name == "option":
            if self._has_in_scope("select"):
                self._generate_implied_end_tags("optgroup")
                if self._has_in_scope("option"):
                    self._error("unexpected-start-tag")
            elif self._current_is("option"):
                self._pop()
            self._reconstruct_active_formatting()
            self._insert_html_element(name, token.attrs)
            return None
        if name == "optgroup":
            if self._has_in_scope("select"):
                self._generate_implied_end_tags()
                if self._has_in_scope("option") or self._has_in_scope("optgroup"):
                    self._error("unexpected-start-tag")
            elif self._current_is("option"):
                self._pop()
            self._reconstruct_active_formatting()
            self._insert_html_element(name, token.attrs)
            return None
        if name in ("rb", "rtc"):
            if self._has_in_scope("ruby"):
                self._generate_implied_end_tags()
                if not self._current_is("ruby"):
                    self._error("unexpected-start-tag")
            self._insert_html_element(name, token.attrs)
            return None
        if name in ("rp", "rt"):
            if self._has_in_scope("ruby"):
                self._generate_implied_end_tags("rtc")
                if not (self._current_is("rtc") or self._current_is("ruby")):
                    self._error("unexpected-start-tag")
            self._insert_html_element(name, token.attrs)
            return None
        if name == "math" or name == "svg":
            self._reconstruct_active_formatting()
            namespace = MATHML if name == "math" else SVG
            self._insert_foreign_element(*self._adjust_foreign_tag(name, token.attrs, namespace),
                                         namespace)
            if token.self_closing:
                self._pop()
            return None
        if name in _IGNORED_IN_BODY:
            self._error("unexpected-start-tag-ignored")
            return None
        if name == "html":
            self._error("non-html-root")
            if self._template_in_stack():
                return None
            self.sink.add_attributes_if_missing(self.open_elements[0], token.attrs)
            return None
        if name == "body":
            self._error("unexpected-start-tag")
            stack = self.open_elements
            if (len(stack) == 1 or not (stack[1].local_name == "body" and stack[1].namespace == HTML)
                    or self._template_in_stack()):
                return None
            self.frameset_ok = False
            self.sink.add_attributes_if_missing(stack[1], token.attrs)
            return None
        if name == "frameset":
            self._error("unexpected-start-tag")
            stack = self.open_elements
            if len(stack) == 1 or not (stack[1].local_name == "body"
                                       and stack[1].namespace == HTML):
                return None
            if not self.frameset_ok:
                return None
            self.sink.remove(stack[1])
            while len(stack) > 1:
                self._pop()
            self._insert_html_element("frameset", token.attrs)
            self.mode = "in frameset"
            return None
        if name == "plaintext":
            if self._has_in_button_scope("p"):
                self._close_p_element()
            self._insert_html_element(name, token.attrs)
            self.tokenizer._state = State.PLAINTEXT
            return None
        # Any other start tag.
        self._reconstruct_active_formatting()
        self._insert_html_element(name, token.attrs)
        return None

    def _select_in_scope_closes(self) -> bool:
        """An input start tag inside a select (2025 rules): True when the
        token is to be ignored."""
        if self.context is not None and self.context.local_name == "select" and \
                self.context.namespace == HTML:
            self._error("unexpected-start-tag-in-select")
            return True
        if self._has_in_scope("select"):
            self._error("unexpected-start-tag-in-select")
            self._pop_until("select")
        return False

    def _template_in_stack(self) -> bool:
        """Whether a template element is on the stack of open elements (a
        template context element of fragment parsing counts, as the
        html5lib-tests expect)."""
        context = self.context
        if context is not None and context.local_name == "template" and \
                context.namespace == HTML:
            return True
        return bool(self._positions.get("template"))

    @staticmethod
    def _adjust_foreign_tag(name: str, attrs: dict[str, str], namespace: str
                            ) -> tuple[str, dict[str, str]]:
        """Adjust MathML attributes, or SVG attributes and the SVG tag name,
        of a start tag for an element in ``namespace``."""
        if namespace == MATHML:
            if "definitionurl" in attrs:
                attrs = {C.MATHML_ATTRIBUTE_ADJUSTMENTS.get(k, k): v for k, v in attrs.items()}
        else:
            name = C.SVG_TAG_ADJUSTMENTS.get(name, name)
            adjust = C.SVG_ATTRIBUTE_ADJUSTMENTS
            if not adjust.keys().isdisjoint(attrs):
                attrs = {adjust.get(k, k): v for k, v in attrs.items()}
        return name, attrs

    def _in_body_end_tag(self, token: EndTag) -> bool | None:
        if token.name == "template":
            return self._in_head(token)
        return self._in_body_end_tag_named(token.name)

    def _in_body_end_tag_named(self, name: str) -> bool | None:
        """In body, an end tag other than "template" (which the in head
        rules take): these rules need only the tag name.  True: reprocess
        the token (``</html>``, in "after body")."""
        stack = self.open_elements
        if stack:
            current = stack[-1]
            if current.local_name == name and current.namespace == HTML and \
                    name not in END_TAGS_BEYOND_POP:
                # A shortcut through the rules of these end tags (the block
                # ones, p, li, dd, dt, a heading, any other) when the current
                # node is the element named: it is in every scope, generating
                # implied end tags (except for it) stops at it at once, there
                # is no error, and popping until it is popped pops it.
                self._pop()
                return None
        if name in ADOPTION_END:
            if not self._adoption_agency(name):
                self._any_other_end_tag(name)
            return None
        if name in _BLOCKS_END:
            if not self._has_in_scope(name):
                self._error("unexpected-end-tag")
                return None
            self._generate_implied_end_tags()
            if not self._current_is(name):
                self._error("end-tag-too-early")
            self._pop_until(name)
            return None
        if name == "p":
            if not self._has_in_button_scope("p"):
                self._error("unexpected-end-tag")
                self._insert_implied_element("p")
            self._close_p_element()
            return None
        if name == "li":
            if not self._has_in_list_item_scope("li"):
                self._error("unexpected-end-tag")
                return None
            self._generate_implied_end_tags("li")
            if not self._current_is("li"):
                self._error("end-tag-too-early")
            self._pop_until("li")
            return None
        if name in ("dd", "dt"):
            if not self._has_in_scope(name):
                self._error("unexpected-end-tag")
                return None
            self._generate_implied_end_tags(name)
            if not self._current_is(name):
                self._error("end-tag-too-early")
            self._pop_until(name)
            return None
        if name in _HEADINGS:
            if not self._has_any_in_scope(_HEADINGS):
                self._error("unexpected-end-tag")
                return None
            self._generate_implied_end_tags()
            if not self._current_is(name):
                self._error("end-tag-too-early")
            self._pop_until_one_of(_HEADINGS)
            return None
        if name == "body" or name == "html":
            if not self._has_in_scope("body"):
                self._error("unexpected-end-tag")
                return None
            self._check_open_elements("end-tag-with-open-elements")
            self.mode = "after body"
            if name == "html":
                return True
            if self._locating:
                # The body stays open (what follows goes into it), but this
                # is its end tag in the source, as parse5 records it.
                self._close_location(self.open_elements[self._real(self._positions["body"][-1])])
            return None
        if name == "form":
            if not self._template_in_stack():
                node = self.form_element
                self.form_element = None
                if node is None or not self._has_node_in_scope(node):
                    self._error("unexpected-end-tag")
                    return None
                self._generate_implied_end_tags()
                if self.current_node is not node:
                    self._error("end-tag-too-early")
                self._remove_from_stack(node)
                return None
            if not self._has_in_scope("form"):
                self._error("unexpected-end-tag")
                return None
            self._generate_implied_end_tags()
            if not self._current_is("form"):
                self._error("end-tag-too-early")
            self._pop_until("form")
            return None
        if name in ("applet", "marquee", "object"):
            if not self._has_in_scope(name):
                self._error("unexpected-end-tag")
                return None
            self._generate_implied_end_tags()
            if not self._current_is(name):
                self._error("end-tag-too-early")
            self._pop_until(name)
            self._clear_active_formatting_to_marker()
            return None
        if name == "br":
            self._error("unexpected-end-tag-treated-as")
            self._reconstruct_active_formatting()
            self._insert_implied_element("br")
            self._pop()
            self.frameset_ok = False
            return None
        self._any_other_end_tag(name)
        return None

    def _any_other_end_tag(self, name: str) -> None:
        """In body, "any other end tag"."""
        if not self._positions.get(name):
            # No such element is open: whatever the walk meets first, the
            # token is ignored (with a parse error).
            self._error("unexpected-end-tag")
            return
        # The walk down from the current node stops at the first HTML
        # element named ``name`` or special element, whichever is higher:
        # both are indexed (the special elements but address, div and p
        # under "list item loop", those three by name), so the walk is not
        # made (<y><div> + <span> x N + </y> x N was quadratic).
        named = self._positions[name][-1]
        special = -1
        stops = self._boundaries["list item loop"]
        if stops:
            special = stops[-1]
        for other in ("address", "div", "p"):
            positions = self._positions.get(other)
            if positions and positions[-1] > special:
                special = positions[-1]
        if named < special:
            self._error("unexpected-end-tag")
            return
        node = self._at(named)
        self._generate_implied_end_tags(name)
        if self.current_node is not node:
            self._error("end-tag-too-early")
        stack = self.open_elements
        while stack:
            if self._pop() is node:
                break

    def _stop_parsing(self) -> None:
        """Stop parsing: pop everything off the stack."""
        while self.open_elements:
            self._pop()

    # The "text" insertion mode -----------------------------------------------

    def _text(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            self._insert_characters(token.data)
            return None
        if token is EOF:
            self._error("eof-in-text")
            self._pop()
            self.mode = self.original_mode
            return True
        if kind is EndTag:
            self._pop()
            self.mode = self.original_mode
        return None

    # The "in table" insertion mode -------------------------------------------

    def _in_table(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            current = self.current_node
            if current.namespace == HTML and current.local_name in TABLE_TEXT_TARGETS:
                self.pending_table_text = []
                self.original_mode = self.mode
                self.mode = "in table text"
                return True
        elif kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token)
            return None
        elif kind is Doctype:
            self._error("unexpected-doctype")
            return None
        elif kind is StartTag:
            name = token.name
            if name == "caption":
                self._clear_stack_back_to(_TABLE_CONTEXT)
                self._insert_marker()
                self._insert_html_element(name, token.attrs)
                self.mode = "in caption"
                return None
            if name == "colgroup":
                self._clear_stack_back_to(_TABLE_CONTEXT)
                self._insert_html_element(name, token.attrs)
                self.mode = "in column group"
                return None
            if name == "col":
                self._clear_stack_back_to(_TABLE_CONTEXT)
                self._insert_implied_element("colgroup")
                self.mode = "in column group"
                return True
            if name in _TABLE_SECTIONS:
                self._clear_stack_back_to(_TABLE_CONTEXT)
                self._insert_html_element(name, token.attrs)
                self.mode = "in table body"
                return None
            if name in ("td", "th", "tr"):
                self._clear_stack_back_to(_TABLE_CONTEXT)
                self._insert_implied_element("tbody")
                self.mode = "in table body"
                return True
            if name == "table":
                self._error("unexpected-start-tag-implies-end-tag")
                if not self._has_in_table_scope("table"):
                    return None
                self._pop_until("table")
                self._reset_insertion_mode()
                return True
            if name in ("style", "script", "template"):
                return self._in_head(token)
            if name == "input" and token.attrs.get("type", "").lower() == "hidden":
                self._error("unexpected-hidden-input-in-table")
                self._insert_html_element(name, token.attrs)
                self._pop()
                return None
            if name == "form":
                self._error("unexpected-form-in-table")
                in_template = self._template_in_stack()
                if self.form_element is not None and not in_template:
                    return None
                element = self._insert_html_element(name, token.attrs)
                if not in_template:
                    self.form_element = element
                self._pop()
                return None
        elif kind is EndTag:
            name = token.name
            if name == "table":
                if not self._has_in_table_scope("table"):
                    self._error("unexpected-end-tag")
                    return None
                self._pop_until("table")
                self._reset_insertion_mode()
                return None
            if name in ("body", "caption", "col", "colgroup", "html", "tbody", "td", "tfoot",
                        "th", "thead", "tr"):
                self._error("unexpected-end-tag")
                return None
            if name == "template":
                return self._in_head(token)
        else:  # end of file
            return self._in_body(token)
        # Anything else: foster parenting.
        self._error("unexpected-token-in-table")
        self.foster_parenting = True
        result = self._in_body(token)
        self.foster_parenting = False
        return result

    # The "in table text" insertion mode --------------------------------------

    def _in_table_text(self, token: Any) -> bool | None:
        if type(token) is Characters:
            data = token.data
            if "\x00" in data:
                self._error("unexpected-null-character")
                data = data.replace("\x00", "")
            if data:
                self.pending_table_text.append(data)
                if self._locating:
                    start, end, _ = self._text_span(data)
                    span = self._table_text_span
                    self._table_text_span = (start if span is None else span[0], end)
            return None
        text = "".join(self.pending_table_text)
        self.pending_table_text = []
        if self._locating:  # (the text's span is the pending text's)
            span = self._table_text_span
            if span is not None:
                self._text_override = (span[0], span[1], self.tokenizer._positions)
            self._table_text_span = None
        if text:
            if not _is_all_whitespace(text):
                self._error("unexpected-character-in-table")
                self.foster_parenting = True
                self._in_body(Characters(text))
                self.foster_parenting = False
            else:
                self._insert_characters(text)
        self._text_override = None
        self.mode = self.original_mode
        return True

    # The "in caption" insertion mode -----------------------------------------

    def _in_caption(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is EndTag and token.name == "caption":
            self._close_caption()
            return None
        if (kind is StartTag and token.name in (
                "caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr")) or (
                kind is EndTag and token.name == "table"):
            if not self._has_in_table_scope("caption"):
                self._error("unexpected-token-in-caption")
                return None
            self._close_caption()
            return True
        if kind is EndTag and token.name in ("body", "col", "colgroup", "html", "tbody", "td",
                                             "tfoot", "th", "thead", "tr"):
            self._error("unexpected-end-tag")
            return None
        return self._in_body(token)

    def _close_caption(self) -> None:
        if not self._has_in_table_scope("caption"):
            self._error("unexpected-end-tag")
            return
        self._generate_implied_end_tags()
        if not self._current_is("caption"):
            self._error("end-tag-too-early")
        self._pop_until("caption")
        self._clear_active_formatting_to_marker()
        self.mode = "in table"

    # The "in column group" insertion mode ------------------------------------

    def _in_column_group(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            space, rest = _split_whitespace(token.data)
            if space:
                self._insert_characters(space)
            if not rest:
                return None
            if not self._current_is("colgroup"):
                # "Anything else" ignores one character token; the
                # whitespace characters among the ignored ones are tokens
                # of their own, which the first rule inserts.
                self._error("unexpected-token-in-column-group")
                space = "".join(_WHITESPACE_RUN.findall(rest))
                if space:
                    self._insert_characters(space)
                return None
            token = Characters(rest)
        elif kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token)
            return None
        elif kind is Doctype:
            self._error("unexpected-doctype")
            return None
        elif kind is StartTag:
            if token.name == "html":
                return self._in_body(token)
            if token.name == "col":
                self._insert_html_element("col", token.attrs)
                self._pop()
                return None
            if token.name == "template":
                return self._in_head(token)
        elif kind is EndTag:
            if token.name == "colgroup":
                if not self._current_is("colgroup"):
                    self._error("unexpected-end-tag")
                    return None
                self._pop()
                self.mode = "in table"
                return None
            if token.name == "col":
                self._error("unexpected-end-tag")
                return None
            if token.name == "template":
                return self._in_head(token)
        else:
            return self._in_body(token)
        if not self._current_is("colgroup"):
            self._error("unexpected-token-in-column-group")
            return None
        self._pop()
        self.mode = "in table"
        return self._reprocess(token)

    # The "in table body" insertion mode --------------------------------------

    def _in_table_body(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is StartTag:
            name = token.name
            if name == "tr":
                self._clear_stack_back_to(_TABLE_BODY_CONTEXT)
                self._insert_html_element("tr", token.attrs)
                self.mode = "in row"
                return None
            if name in _CELLS:
                self._error("unexpected-cell-in-table-body")
                self._clear_stack_back_to(_TABLE_BODY_CONTEXT)
                self._insert_implied_element("tr")
                self.mode = "in row"
                return True
            if name in ("caption", "col", "colgroup", "tbody", "tfoot", "thead"):
                return self._leave_table_body()
        elif kind is EndTag:
            name = token.name
            if name in _TABLE_SECTIONS:
                if not self._has_in_table_scope(name):
                    self._error("unexpected-end-tag")
                    return None
                self._clear_stack_back_to(_TABLE_BODY_CONTEXT)
                self._pop()
                self.mode = "in table"
                return None
            if name == "table":
                return self._leave_table_body()
            if name in ("body", "caption", "col", "colgroup", "html", "td", "th", "tr"):
                self._error("unexpected-end-tag")
                return None
        return self._in_table(token)

    def _leave_table_body(self) -> bool | None:
        if not self._has_any_in_scope(_TABLE_SECTIONS, "table"):
            self._error("unexpected-token-in-table-body")
            return None
        self._clear_stack_back_to(_TABLE_BODY_CONTEXT)
        self._pop()
        self.mode = "in table"
        return True

    # The "in row" insertion mode ---------------------------------------------

    def _in_row(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is StartTag:
            name = token.name
            if name in _CELLS:
                self._clear_stack_back_to(_ROW_CONTEXT)
                self._insert_html_element(name, token.attrs)
                self.mode = "in cell"
                self._insert_marker()
                return None
            if name in ("caption", "col", "colgroup", "tbody", "tfoot", "thead", "tr"):
                return self._leave_row()
        elif kind is EndTag:
            name = token.name
            if name == "tr":
                if not self._has_in_table_scope("tr"):
                    self._error("unexpected-end-tag")
                    return None
                self._clear_stack_back_to(_ROW_CONTEXT)
                self._pop()
                self.mode = "in table body"
                return None
            if name == "table":
                return self._leave_row()
            if name in _TABLE_SECTIONS:
                if not self._has_in_table_scope(name):
                    self._error("unexpected-end-tag")
                    return None
                if not self._has_in_table_scope("tr"):
                    return None
                self._clear_stack_back_to(_ROW_CONTEXT)
                self._pop()
                self.mode = "in table body"
                return True
            if name in ("body", "caption", "col", "colgroup", "html", "td", "th"):
                self._error("unexpected-end-tag")
                return None
        return self._in_table(token)

    def _leave_row(self) -> bool | None:
        if not self._has_in_table_scope("tr"):
            self._error("unexpected-token-in-row")
            return None
        self._clear_stack_back_to(_ROW_CONTEXT)
        self._pop()
        self.mode = "in table body"
        return True

    # The "in cell" insertion mode --------------------------------------------

    def _in_cell(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is EndTag:
            name = token.name
            if name in _CELLS:
                if not self._has_in_table_scope(name):
                    self._error("unexpected-end-tag")
                    return None
                self._generate_implied_end_tags()
                if not self._current_is(name):
                    self._error("end-tag-too-early")
                self._pop_until(name)
                self._clear_active_formatting_to_marker()
                self.mode = "in row"
                return None
            if name in ("body", "caption", "col", "colgroup", "html"):
                self._error("unexpected-end-tag")
                return None
            if name in ("table", "tbody", "tfoot", "thead", "tr"):
                if not self._has_in_table_scope(name):
                    self._error("unexpected-end-tag")
                    return None
                self._close_cell()
                return True
        elif kind is StartTag and token.name in IN_CELL_OWN_START_TAGS:
            if not (self._has_in_table_scope("td") or self._has_in_table_scope("th")):
                self._error("unexpected-start-tag")
                return None
            self._close_cell()
            return True
        return self._in_body(token)

    def _close_cell(self) -> None:
        self._generate_implied_end_tags()
        current = self.current_node
        if not (current.namespace == HTML and current.local_name in _CELLS):
            self._error("end-tag-too-early")
        self._pop_until_one_of(_CELLS)
        self._clear_active_formatting_to_marker()
        self.mode = "in row"

    # The "in template" insertion mode ----------------------------------------

    def _in_template(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters or kind is Comment or kind is ProcessingInstruction \
                or kind is Doctype:
            return self._in_body(token)
        if kind is StartTag:
            name = token.name
            if name in _HEAD_ELEMENTS:
                return self._in_head(token)
            if name in ("caption", "colgroup", "tbody", "tfoot", "thead"):
                new_mode = "in table"
            elif name == "col":
                new_mode = "in column group"
            elif name == "tr":
                new_mode = "in table body"
            elif name in _CELLS:
                new_mode = "in row"
            else:
                new_mode = "in body"
            self.template_modes[-1] = new_mode
            self.mode = new_mode
            return True
        if kind is EndTag:
            if token.name == "template":
                return self._in_head(token)
            self._error("unexpected-end-tag")
            return None
        # End of file.
        if not self._template_in_stack():
            self._stop_parsing()
            return None
        self._error("eof-in-template")
        self._pop_until("template")
        self._clear_active_formatting_to_marker()
        self.template_modes.pop()
        self._restore_frameset_ok()
        self._reset_insertion_mode()
        return True

    # The "after body" insertion mode -----------------------------------------

    def _after_body(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            if _is_all_whitespace(token.data):
                return self._in_body(token)
        elif kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token, (self.open_elements[0], None))
            return None
        elif kind is Doctype:
            self._error("unexpected-doctype")
            return None
        elif kind is StartTag and token.name == "html":
            return self._in_body(token)
        elif kind is EndTag and token.name == "html":
            if self.context is not None:
                self._error("unexpected-end-tag")
                return None
            self.mode = "after after body"
            if self._locating:  # (the html element stays open too: see </body>)
                self._close_location(self.open_elements[0])
            return None
        elif token is EOF:
            self._stop_parsing()
            return None
        self._error("unexpected-token-after-body")
        self.mode = "in body"
        return True

    # The "in frameset" insertion mode ----------------------------------------

    def _in_frameset(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            spaces = "".join(_WHITESPACE_RUN.findall(token.data))
            if len(spaces) != len(token.data):
                self._error("unexpected-char-in-frameset")
            if spaces:
                self._insert_characters(spaces)
            return None
        if kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token)
            return None
        if kind is Doctype:
            self._error("unexpected-doctype")
            return None
        if kind is StartTag:
            name = token.name
            if name == "html":
                return self._in_body(token)
            if name == "frameset":
                self._insert_html_element(name, token.attrs)
                return None
            if name == "frame":
                self._insert_html_element(name, token.attrs)
                self._pop()
                return None
            if name == "noframes":
                return self._in_head(token)
        elif kind is EndTag:
            if token.name == "frameset":
                if self._current_is("html") and len(self.open_elements) == 1:
                    self._error("unexpected-end-tag")
                    return None
                self._pop()
                if self.context is None and not self._current_is("frameset"):
                    self.mode = "after frameset"
                return None
        elif token is EOF:
            if not (len(self.open_elements) == 1 and self._current_is("html")):
                self._error("eof-in-frameset")
            self._stop_parsing()
            return None
        self._error("unexpected-token-in-frameset")
        return None

    # The "after frameset" insertion mode -------------------------------------

    def _after_frameset(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            spaces = "".join(_WHITESPACE_RUN.findall(token.data))
            if len(spaces) != len(token.data):
                self._error("unexpected-char-after-frameset")
            if spaces:
                self._insert_characters(spaces)
            return None
        if kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token)
            return None
        if kind is Doctype:
            self._error("unexpected-doctype")
            return None
        if kind is StartTag:
            if token.name == "html":
                return self._in_body(token)
            if token.name == "noframes":
                return self._in_head(token)
        elif kind is EndTag and token.name == "html":
            self.mode = "after after frameset"
            return None
        elif token is EOF:
            self._stop_parsing()
            return None
        self._error("unexpected-token-after-frameset")
        return None

    # The "after after body" insertion mode -----------------------------------

    def _after_after_body(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token, (self.sink.document, None))
            return None
        if kind is Doctype or (kind is StartTag and token.name == "html"):
            return self._in_body(token)
        if kind is Characters and _is_all_whitespace(token.data):
            return self._in_body(token)
        if token is EOF:
            self._stop_parsing()
            return None
        self._error("unexpected-token-after-after-body")
        self.mode = "in body"
        return True

    # The "after after frameset" insertion mode -------------------------------

    def _after_after_frameset(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token, (self.sink.document, None))
            return None
        if kind is Doctype or (kind is StartTag and token.name == "html"):
            return self._in_body(token)
        if kind is Characters:
            spaces = "".join(_WHITESPACE_RUN.findall(token.data))
            if spaces:
                self._in_body(Characters(spaces))
            if len(spaces) != len(token.data):
                self._error("unexpected-char-after-after-frameset")
            return None
        if token is EOF:
            self._stop_parsing()
            return None
        if kind is StartTag and token.name == "noframes":
            return self._in_head(token)
        self._error("unexpected-token-after-after-frameset")
        return None

    # The rules for parsing tokens in foreign content -------------------------

    def _foreign_content(self, token: Any) -> bool | None:
        kind = type(token)
        if kind is Characters:
            self._foreign_content_characters(token.data)
            return None
        if kind is Comment or kind is ProcessingInstruction:
            self._insert_comment_like(token)
            return None
        if kind is Doctype:
            self._error("unexpected-doctype")
            return None
        if kind is StartTag:
            name = token.name
            if name in C.FOREIGN_BREAKOUT_TAGS or (name == "font" and (
                    "color" in token.attrs or "face" in token.attrs or "size" in token.attrs)):
                self._error("unexpected-html-element-in-foreign-content")
                self._pop_to_html_context()
                return self._reprocess_html(token)
            self._foreign_content_start_tag(name, token.attrs, token.self_closing)
            return None
        # End tags.
        name = token.name
        stack = self.open_elements
        if name in ("br", "p"):
            self._error("unexpected-html-element-in-foreign-content")
            self._pop_to_html_context()
            return self._reprocess_html(token)
        node = stack[-1]
        if node.local_name.lower() != name:
            self._error("unexpected-end-tag")
        if node.namespace != HTML:
            # Steps 3-6 walk down from the current node while the node is not
            # in the HTML namespace, stopping at the first one named like the
            # token; that walk, for every end tag, is quadratic on a deep run
            # of foreign elements, so the indexes give its outcome at once:
            # the walk covers the run of foreign elements holding the current
            # node (except the topmost entry of the stack, where step 3
            # returns), and the node it stops at is the last one of that name.
            start = self._run_starts[-1]
            positions = self._foreign_positions.get(name)
            if positions and positions[-1] >= max(start, 1):
                node = self._at(positions[-1])
                # Step 4: pop elements until node has been popped.
                while stack:
                    if self._pop() is node:
                        break
                return None
            if start == 0:
                return None  # Step 3: node is the topmost element of the stack
            # Step 6: the node below the run is an HTML element.
            return self._reprocess_html(token)
        # The current node is an HTML element (the fragment case, where the
        # adjusted current node is the context element): the walk as written.
        for i in range(len(stack) - 1, -1, -1):
            node = stack[i]
            if i == 0:
                return None
            if node.local_name.lower() == name:
                while stack:
                    if self._pop() is node:
                        break
                return None
            if stack[i - 1].namespace == HTML:
                return self._reprocess_html(token)
        return None

    def _foreign_content_characters(self, data: str) -> None:
        """In foreign content, character tokens: a U+0000 NULL is a parse
        error and inserted as U+FFFD; whitespace is inserted; any other
        character is inserted and sets the frameset-ok flag to "not ok"."""
        if self.frameset_ok and data.replace("\x00", "").lstrip(WHITESPACE):
            self.frameset_ok = False
        if "\x00" in data:
            self._error("unexpected-null-character")
            data = data.replace("\x00", "\ufffd")
        self._insert_characters(data)

    def _foreign_content_start_tag(self, name: str, attrs: dict[str, str],
                                   self_closing: bool) -> None:
        """In foreign content, "any other start tag": adjust the token for
        the adjusted current node's namespace, insert a foreign element in
        that namespace; if the token is self-closing, pop it (acknowledging
        the flag)."""
        namespace = self.adjusted_current_node.namespace
        self._insert_foreign_element(*self._adjust_foreign_tag(name, attrs, namespace), namespace)
        if self_closing:
            self._pop()

    def _pop_to_html_context(self) -> None:
        """Pop until the current node is a MathML text integration point, an
        HTML integration point or an HTML element."""
        while self.open_elements:
            node = self.open_elements[-1]
            if node.namespace == HTML or self._is_mathml_text_integration_point(node) or \
                    self._is_html_integration_point(node):
                return
            self._pop()

    def _reprocess_html(self, token: Any) -> bool:
        """Process the token by the rules of the current insertion mode."""
        self._force_html = True
        self._pending = token
        return True

    @staticmethod
    def _is_mathml_text_integration_point(node: Any) -> bool:
        return (node.namespace, node.local_name) in C.MATHML_TEXT_INTEGRATION_POINTS

    @staticmethod
    def _is_html_integration_point(node: Any) -> bool:
        if (node.namespace, node.local_name) in C.HTML_INTEGRATION_POINT_ELEMENTS:
            return True
        if node.namespace == MATHML and node.local_name == "annotation-xml":
            encoding = node.attrs.get("encoding", "").lower()
            return encoding in ("text/html", "application/xhtml+xml")
        return False


#: The in body rules for start tags that need only the tag name and the
#: attributes (see InsertionModes._in_body_formatting_start_tag and the
#: methods beside it), by tag name.
IN_BODY_START_RULES: dict[str, Callable[[InsertionModes, str, dict[str, str]], None]] = {}
for _names, _rule in ((_FORMATTING_NO_A_NOBR, InsertionModes._in_body_formatting_start_tag),
                      (_BLOCKS_START, InsertionModes._in_body_block_start_tag),
                      (("a",), InsertionModes._in_body_a_start_tag),
                      (_HEADINGS, InsertionModes._in_body_heading_start_tag),
                      (("li", "dd", "dt"), InsertionModes._in_body_list_item_start_tag),
                      (_VOID_BODY, InsertionModes._in_body_void_start_tag)):
    for _name in _names:
        IN_BODY_START_RULES[_name] = _rule
