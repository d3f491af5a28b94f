"""The commentary: numbered paragraphs (``47.8.``) and their items (``77.3.(iii)``) become
nodes attached to their law; the commentary on the definitions (``ОПРЕДЕЛЕНИЯ``) has
unnumbered paragraphs, numbered by position (``defs.1``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import furniture
from ..clean import item_series
from ..model import Line, Mark, Problem, Source
from ..patterns import FOOTER
from .nodes import SENTENCE_END, BuilderBase, NodeBuilder

TITLE_LINES = 2  # a file's title over its first heading: a line or two
TITLE_WORDS = 8  # of a few words


@dataclass
class _Reading:
    """Where the reading of one commentary file stands."""

    heading_law: str | None = None  # the law (or the definitions' ID) of the last heading
    current: NodeBuilder | None = None
    paragraph: tuple[str, int] | None = None  # (law, number) of the current paragraph, items included
    defs_count: int = 0
    page_break: bool = False  # a footer since the last paragraph start: what follows is another page
    broken_since_heading: bool = False
    pending: list[Line] = field(default_factory=list)  # text after a footer, before the next paragraph
    heading_line: Line | None = None  # the definitions' heading, a span of their first paragraph
    item: str | None = None  # the current paragraph's last item label, as printed («ii»)
    sub: str | None = None  # the last label of that item's own series, as printed («а)» under «41.2.(b)»)
    footer: int | None = None  # the page number of the last footer
    pending_page: int | None = None  # the page the pending text starts after (the footer before it)
    missing_before: bool = False  # the pending text's own footer says a page between is lost
    defs_number: str | None = None  # the number the definitions' own numbered paragraphs carry («1» of 1.1., 1.2.)


class Commentary(BuilderBase):
    def _kind_heading(self, lines: list[Line], lang: str) -> bool:
        """Whether the lines that open a commentary file before its first heading are, each
        of them, the commentary's heading in the profile's words (letter spacing removed):
        the kind's own heading, not a title of the book that might hide lost text."""
        words = _commentary_words(self.grammar.data, lang)
        texts = [re.sub(r"\s+", " ", furniture.letter_spaced_words(line.text, lang).strip()).casefold()
                 for line in lines if line.text.strip()]
        if not texts or not words:
            return False
        if all(t in words for t in texts):
            return True
        # a title in capitals that opens with that word («КОММЕНТАРИЙ ЛИГИ К УСТАВУ», "COMMENTARY
        # OF THE CIRCLE'S COMMITTEE"): the file's own title, the book's matter, not lost text
        return _title_lines(lines) and any(texts[0] == w or texts[0].startswith(w + " ") for w in words)

    def add_commentary(self, source: Source, lines: list[Line], statements=()) -> None:
        """Numbered paragraphs ``47.8.`` become nodes attached to their law, their items
        ``77.3.(iii)`` (or ``(ii)`` alone at a paragraph's start, the current paragraph's)
        nodes ``77.3(iii)``; headings ``Правило 48. ОТКРЫТИЕ…`` name laws known only from the
        commentary; ``ОПРЕДЕЛЕНИЯ`` opens the definitions' commentary, whose unnumbered
        paragraphs are ``defs.1``, ``defs.2`` …; other unnumbered paragraphs stay inside the
        numbered one before them. Text that opens the file, or follows a page footer and is
        not the current paragraph's (the next number is not its successor), is the tail of
        the paragraph before the next one (``47.7`` before ``47.8``), start truncated; the
        paragraph cut by the footer is then end truncated.

        Those pieces -- the file's start, the text after each footer -- are what curation
        statements (``statements``, about this source) name by their first raw line: a
        statement gives the paragraph (``paragraph = "47.7"``) or the law a piece is in."""
        self._statements = {st.at[1]: st for st in statements}
        self._piece_starts: list[int] = []
        forms = self.grammar.commentary_forms(source.lang)
        defs_id = self.ids.definitions_id
        state = _Reading()
        leading: list[Line] = []
        page_start = True  # the next line with text starts a piece: the file's start, or after a footer
        footer_seen = False
        for line in lines:
            footer = FOOTER.match(line.text)
            if footer and not footer["rest"]:
                page = int(footer["page"])
                if state.pending and state.footer is not None and page > state.footer + 1:
                    state.missing_before = True  # the text since the footer before is a later page's
                state.footer = page
                state.page_break = state.broken_since_heading = page_start = footer_seen = True
                continue
            heading = forms.heading.match(line.text)
            definitions = forms.definitions.match(line.text) if defs_id else None
            if page_start and line.text.strip():
                page_start = False
                self._piece_at_heading(source, line, heading, definitions, forms.paragraph.match(line.text))
            if heading or definitions:
                self._close_pending(source, state, None)
                if leading and not footer_seen and leading[0].first not in self._statements \
                        and self._kind_heading(leading, source.lang):
                    # the file opens with the commentary's own heading, the profile's word for it
                    # ("COMMENTARY", «КОММЕНТАРИЙ»): read as the kind's heading, no text of any law
                    for title_line in leading:
                        self.problems.named.add((source.path, title_line.first))
                    leading = []
                if leading and not footer_seen and _title_lines(leading) and leading[0].first not in self._statements:
                    # the file's own title over its first heading («КОММЕНТАРИЙ К СВОДУ»): no tail
                    # of a law before (no text lost before it), never a law invented for it; kept
                    # as a piece with a warning (a curation statement about it still places it)
                    self._piece_starts.append(leading[0].first)
                    b = self.node(self.ids.piece_id(source.id, leading[0].first), "piece", None, None)
                    b.attribute("unattributed")
                    b.source = source.id
                    for title_line in leading:
                        b.append(title_line, "paragraph", source.path, None)
                        b.add_span(source.path, None, title_line)
                    self.problems.append(Problem(
                        "warning", f"the commentary file opens with a title line before its first heading "
                                   f"(«{leading[0].text[:60]}»): read as no law's text, kept as an unplaced piece "
                                   f"(remove it with [[drop]] if it is the file's title)", source.path, leading[0].first))
                    leading = []
                if leading and heading and self.in_range(heading["law"]) and int(heading["law"]) > self.law_range[0]:
                    # text before law N's heading belongs to law N-1 (next-heading); its number is unknown
                    self._commentary_tail(source, leading, str(int(heading["law"]) - 1), None)
                    leading = []
                law = heading["law"] if heading else defs_id
                title = (heading or definitions)["title"]
                self.commentary_headings.append((law, title, source.path, line.first))
                if heading and not self.in_range(law):
                    self.problems.append(Problem("error", f"law {law} is outside the code's range", source.path, line.first))
                    law = None
                elif heading:
                    self.commentary_titles.setdefault(law, (sentence_case(title), source.path, line))
                    self.law_node(law)
                state.heading_law, state.current, state.paragraph, state.item = law, None, None, None
                state.defs_number = None
                state.heading_line = line if definitions else None
                state.page_break = state.broken_since_heading = False
                continue
            if m := forms.paragraph.match(line.text):
                law, para, item = m["law"], int(m["para"]), m["item"]
                if self._definitions_paragraph(state, defs_id, law, para):
                    # under the definitions' heading, their own numbered paragraphs (1.1., 1.1.(a),
                    # 1.2.): the definitions' commentary (defs.1, defs.1(a), defs.2), not law 1's
                    if leading:
                        self._commentary_tail(source, leading, None, None)
                        leading = []
                    self._close_pending(source, state, None)
                    node_id = self.ids.commentary_id(defs_id, para, item and forms.item_label(item))
                    self._start(source, state, line, m, node_id, defs_id, "heading")
                    if state.heading_line is not None:
                        state.current.add_span(source.path, None, state.heading_line)
                        state.heading_line = None
                    state.current.label = f"{law}.{para}" + (f"({forms.item_label(item)})" if item else "")
                    state.paragraph, state.item, state.sub, state.defs_number = (defs_id, para), item, None, law
                    state.defs_count = max(state.defs_count, para)
                    continue
                if state.heading_law is not None and law != state.heading_law and not state.broken_since_heading:
                    self.problems.append(Problem("warning", f"paragraph {law}.{para} stands under the heading of law "
                                                            f"{state.heading_law}", source.path, line.first))
                if not self.in_range(law):
                    self.problems.append(Problem("error", f"paragraph {law}.{para}: law {law} is outside the code's range",
                                                 source.path, line.first))
                    state.current = None
                    continue
                if leading:
                    self._commentary_tail(source, leading, law, para)
                    leading = []
                self._close_pending(source, state, (law, para))
                sub = m.groupdict().get("sub") if item else None  # «21.2.(b)(ii)»: an item of item (b)
                self._start(source, state, line, m, self.ids.commentary_id(law, para, item and forms.item_label(item),
                                                                            sub and forms.item_label(sub)),
                            law, "heading")
                state.paragraph, state.item, state.sub = (law, para), item, sub
                continue
            item = forms.item.match(line.text) if state.paragraph else None
            if item and state.page_break and not (state.pending or state.current is not None) \
                    or item and state.page_break and not (forms.item_follows(state.item, item["item"]) or
                                                          state.sub is not None and forms.item_follows(state.sub, item["item"])):
                item = None  # after a footer, only the next item of the paragraph goes on with it
            if item:
                if state.page_break:  # the page goes on: the text before the item is its paragraph's
                    self._close_pending(source, state, None)
                law, para = state.paragraph
                # the next of the item's own series, the paragraph's next item, or the first of
                # a series under the item («41.2.(b) …:» then «а) …»): an item of the item
                state.item, state.sub = item_series(forms, state.item, state.sub, item["item"]) \
                    or (item["item"], None)
                self._start(source, state, line, item,
                            self.ids.commentary_id(law, para, forms.item_label(state.item),
                                                   state.sub and forms.item_label(state.sub)), law, "heading")
                continue
            if state.heading_law == defs_id and defs_id is not None and not state.page_break \
                    and state.defs_number is None:
                # the definitions' commentary: each unnumbered paragraph is one, by position
                state.defs_count += 1
                b = self._commentary_node(self.ids.commentary_id(defs_id, state.defs_count), defs_id, source, "heading")
                if state.heading_line is not None:
                    b.add_span(source.path, None, state.heading_line)
                    state.heading_line = None
                b.append(line, "paragraph", source.path, None)
                b.add_span(source.path, None, line)
                state.current = b
                continue
            if state.page_break and state.current is not None:
                if not state.pending:
                    state.pending_page, state.missing_before = state.footer, False
                state.pending.append(line)
            elif state.current is None:
                leading.append(line)
            else:
                # a line in lower case after a sentence left open goes on with it: the two were
                # parted by a page counter the cleaning removed («Page 21»), not by a new paragraph
                join = "space" if state.current.length and not state.current.ends_sentence() \
                    and line.text[:1].islower() else "paragraph"
                state.current.append(line, join, source.path, None)
                state.current.add_span(source.path, None, line)
        if leading:
            self._commentary_tail(source, leading, None, None)
        self._close_pending(source, state, None)
        for first, st in self._statements.items():
            self.problems.append(Problem(
                "error", f"no piece of the commentary starts at {st.at[0].split('_')[0]}:{first} (its pieces start at "
                         f"lines {', '.join(map(str, self._piece_starts)) or 'none'})", self.curation_path, st.line))

    @staticmethod
    def _definitions_paragraph(state: _Reading, defs_id: str | None, law: str, para: int) -> bool:
        """Whether a numbered paragraph ``law.para`` under the definitions' heading is theirs:
        the numbering they start (``1.1.``, its first paragraph) or go on with (the same first
        number); another number there is a law's paragraph whose heading was lost."""
        if defs_id is None or state.heading_law != defs_id:
            return False
        if state.defs_number is None:
            return para == 1 and state.current is None
        return law == state.defs_number

    def _piece_at_heading(self, source: Source, line: Line, heading, definitions, paragraph) -> None:
        """A piece (the file's start, the text after a footer) that opens with a heading or a
        numbered paragraph is placed by it: a statement naming it is checked against it
        (agreement listed as verified, a contradiction an error); its line is a piece start."""
        if not (heading or definitions or paragraph):
            return  # text with no number: placed by what follows it (_commentary_tail)
        if line.first not in self._piece_starts:
            self._piece_starts.append(line.first)
        st = self._statements.pop(line.first, None)
        if st is None or not (st.paragraph or st.law):
            return  # a statement naming no place has nothing to confirm or contradict here
        law = heading["law"] if heading else paragraph["law"] if paragraph else self.ids.definitions_id
        number = self.ids.commentary_id(paragraph["law"], int(paragraph["para"])) if paragraph else None
        said_law = st.paragraph.split(".")[0] if st.paragraph else st.law
        name = f"{st.at[0].split('_')[0]}:{line.first}"
        what = "its heading" if heading or definitions else "its paragraph's number"
        if said_law != law or st.paragraph and number is not None and st.paragraph != number or \
                st.paragraph and number is None:
            self.problems.append(Problem("error", f"says {'paragraph ' + st.paragraph if st.paragraph else 'law ' + said_law}"
                                         f" for {name}, but {what} gives "
                                         f"{number or ('the definitions' if definitions and not heading else 'law ' + law)}",
                                         self.curation_path, st.line))
        else:
            self.verified.append(f"{name} {'paragraph ' + st.paragraph if st.paragraph else 'law ' + said_law}: "
                                 f"confirmed by {what}")

    def _start(self, source: Source, state: _Reading, line: Line, m, node_id: str, law: str, rule: str) -> None:
        current = self._commentary_node(node_id, law, source, rule)
        if current.length:
            self.problems.append(Problem("error", f"commentary paragraph {current.id} appears twice", source.path, line.first))
        body = Line(m["text"], line.source, line.first, line.last,
                    tuple((o - m.start("text"), n) for o, n in line.line_starts() if o >= m.start("text")) or ((0, line.first),))
        current.append(body, "paragraph", source.path, None)
        current.add_span(source.path, None, line)
        state.current = current
        state.page_break = False

    def _close_pending(self, source: Source, state: _Reading, following: tuple[str, int] | None) -> None:
        """Text after a footer, now that the next paragraph (``following``, or none: a
        heading or the file's end) is known: the current paragraph's own where the next
        number is its successor (or nothing says otherwise), else the tail of the paragraph
        before the next one -- the page between is lost."""
        lines, state.pending = state.pending, []
        if not lines:
            return
        curated = self._statements.get(lines[0].first)
        if curated is None:
            self._piece_starts.append(lines[0].first)
        missing, state.missing_before = state.missing_before, False
        if missing and curated is None:
            # its footer says a page was lost before it: no paragraph's text goes on across
            # that gap unseen; the text is a piece of its own, said
            self.problems.append(Problem(
                "warning", f"commentary text after page {state.pending_page} is on a later page (its footer skips "
                           f"a page): the page before it is lost, so it does not go on with "
                           f"{state.current.id if state.current is not None else 'the paragraph before'}; kept as a "
                           "piece with a gap before it (place it with a [[piece]] statement in curation.toml if you "
                           "know its paragraph)", source.path, lines[0].first))
            if state.current is not None:
                state.current.truncated_end = True
                state.current.marks.append(Mark("gap", state.current.length, state.current.length))
            self._commentary_tail(source, lines, *(following or (None, None)))
            return
        if curated is None and (following is None or state.paragraph is None or
                                (following[0] == state.paragraph[0] and following[1] == state.paragraph[1] + 1)):
            # the page goes on: mid-sentence, the sentence goes on after the footer
            join = "paragraph" if not state.current.length or state.current.ends_sentence() else "space"
            for line in lines:
                state.current.append(line, join, source.path, None)
                state.current.add_span(source.path, None, line)
                join = "paragraph"
            return
        if state.current is not None:
            state.current.truncated_end = True
            state.current.marks.append(Mark("gap", state.current.length, state.current.length))
        self._commentary_tail(source, lines, *(following or (None, None)))

    def _commentary_node(self, node_id: str, law: str, source: Source, rule: str) -> NodeBuilder:
        b = self.node(node_id, "commentary", law, law if law != self.ids.definitions_id else None)
        b.attribute(rule)
        b.source = source.id
        if law != self.ids.definitions_id:
            self.law_node(law)  # attributed in fill_missing_laws when no law text places it
        return b

    def _commentary_tail(self, source: Source, lines: list[Line], law: str | None, para: int | None) -> None:
        first = lines[0].first
        st = self._statements.pop(first, None)
        if st is None and first not in self._piece_starts:
            self._piece_starts.append(first)
        by_text = self.ids.commentary_id(law, para - 1) if law is not None and para is not None and para > 1 else None
        if st is not None and (st.paragraph or st.law):
            name = f"{st.at[0].split('_')[0]}:{first}"
            said_law = st.paragraph.split(".")[0] if st.paragraph else st.law
            if st.paragraph and st.law and st.law != said_law:
                self.problems.append(Problem("error", f"says paragraph {st.paragraph} of law {st.law} for {name}",
                                             self.curation_path, st.line))
            elif by_text is not None and (st.paragraph and st.paragraph != by_text or said_law != law):
                self.problems.append(Problem(
                    "error", f"says {st.paragraph or 'law ' + said_law} for {name}, but the next paragraph's number "
                             f"gives {by_text}", self.curation_path, st.line))
            elif law is not None and said_law != law:
                # only the next heading's law, a guess (the text before it is the law before's
                # tail unless a page was lost between): the editor's word decides
                self.verified.append(f"{name} {'paragraph ' + st.paragraph if st.paragraph else 'law ' + said_law}: "
                                     f"placed by the curation over the next heading's guess (law {law})")
                self._curated_tail(source, lines, st, said_law)
                return
            elif by_text is not None or law is not None and not st.paragraph:
                self.verified.append(f"{name} {'paragraph ' + st.paragraph if st.paragraph else 'law ' + said_law}: "
                                     f"confirmed by the next paragraph's number")
            else:  # the text gives the law at most: the statement gives the number
                if law is not None:
                    self.verified.append(f"{name} law {law}: confirmed by the next heading")
                self._curated_tail(source, lines, st, said_law)
                return
        if by_text is not None:
            b = self._commentary_node(by_text, law, source, "next-heading")
        else:
            b = self.node(self.ids.piece_id(source.id, lines[0].first), "piece", law, law)
            b.attribute("next-heading" if law else "unattributed")
            b.source = source.id
            if law is not None:
                self.law_node(law)  # its parent: a law known from nothing else is a missing node
        self._fill_tail(b, source, lines)

    def _curated_tail(self, source: Source, lines: list[Line], st, law: str) -> None:
        """A commentary piece placed by a curation statement: its paragraph, or its law."""
        if st.paragraph:
            number = int(st.paragraph.split(".")[1])
            b = self._commentary_node(self.ids.commentary_id(law, number), law, source, "curated")
        else:
            b = self.node(self.ids.piece_id(source.id, lines[0].first), "piece", law, law)
            b.attribute("curated")
            b.source = source.id
            self.law_node(law)
        self._fill_tail(b, source, lines)

    def _fill_tail(self, b: NodeBuilder, source: Source, lines: list[Line]) -> None:
        b.truncated_start = True
        b.marks.append(Mark("gap", 0, 0))
        for line in lines:
            b.append(line, "paragraph", source.path, None)
            b.add_span(source.path, None, line)


def _commentary_words(data: dict, lang: str) -> set[str]:
    """The profile's headings of a commentary in ``lang`` ([apparatus.<lang>] commentary), folded."""
    return {re.sub(r"\s+", " ", w).strip().casefold()
            for w in data.get("apparatus", {}).get(lang, {}).get("commentary", ())}


def _title_lines(lines: list[Line]) -> bool:
    """Whether the text that opens a commentary file before its first heading is a title: a
    line or two in capitals, short, no sentence (``КОММЕНТАРИЙ К СВОДУ``) -- never the
    tail of a paragraph, which is running text."""
    texts = [line.text.strip() for line in lines if line.text.strip()]
    return 0 < len(texts) <= TITLE_LINES and all(
        len(t.split()) <= TITLE_WORDS and not SENTENCE_END.search(t) and any(c.isalpha() for c in t)
        and all(c.isupper() for c in t if c.isalpha()) for t in texts)


def sentence_case(title: str) -> str:
    """``ОТКРЫТИЕ КАРТ РАЗЫГРЫВАЮЩЕГО`` → ``Открытие карт разыгрывающего``."""
    if title.isupper():
        return title[:1] + title[1:].lower()
    return title
