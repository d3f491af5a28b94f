"""The law text: runs of pages → laws, sections, clauses, sub-clauses and items, placed by
the rules of CORPUS-NOTES.md (see ``lawsearch.structure``)."""

from __future__ import annotations

import dataclasses
import re

from ..formats import format_of
from ..furniture import introduced_ending, is_address
from ..grammar import SENTENCE_END, ListText
from ..model import Line, Mark, Problem, shorten
from ..pages import Piece, Run
from ..placement import unfinished_clause
from ..patterns import Classified, bare_note_patterns
from ..sources import CurationStatement
from .nodes import FRONT_MATTER, OUT_OF_RANGE, UNPLACED_KEPT, BuilderBase, NodeBuilder, RunState, stem


TITLE_WORDS = 10  # a heading's title is short: a longer line is a paragraph


# formats whose file is a whole document: its last page is the document's last
WHOLE_DOCUMENTS = {"pdf", "fb2", "fb2.zip", "epub", "docx", "rtf"}

FIRST_PAGE = 1  # nothing of a book comes before its first page


class LawText(BuilderBase):
    def classes(self, piece: Piece) -> list[Classified]:
        """What each line of a piece is, read in order by its source's layout (a list
        layout numbers its bullets by position)."""
        cache = self.__dict__.setdefault("_classes", {})
        key = (piece.source, piece.first)
        if key not in cache:
            cache[key] = self.layout(piece.source).read(piece.lines, self.indents.get(piece.source), piece.carried,
                                                             piece.through)
        return cache[key]

    def add_run(self, run: Run) -> None:
        state = RunState()
        for n, piece in enumerate(run.pieces):
            path = self.sources[piece.source].path
            if n == 0:
                self._start_run(piece, state)
            else:
                state.rule = "continuity" if piece.joined_by in ("page", "file") else "curated"
                state.pending_join = "continue"
                self._verify_continuing(piece, state)
            state.page_top = piece.starts_page
            state.note_marks = tuple(sorted({c.label for c in self.classes(piece) if c.kind == "footnote" and c.label}
                                            | set(piece.answered_below)))
            state.note_top = piece.starts_page
            for k, (line, c) in enumerate(zip(piece.lines, self.classes(piece))):
                self._add_line(piece, line, c, path, state)
                if c.kind not in ("footnote", "empty"):
                    state.page_top = False
                    # the lines finishing the page before's sentence leave a note after them its own
                    state.note_top = state.note_top and k < piece.through
        at_gap = state.current is not None and self._ends_at_gap(run) and not self._document_ends(
            run, self.nodes[state.current])
        if state.current is not None and (at_gap or self._ends_cut(run, self.nodes[state.current])):
            last = self.nodes[state.current]
            if not at_gap and run.pieces[-1].source not in getattr(self, "truncated_sources", ()):
                piece = run.pieces[-1]
                tail = last.text.rstrip().rsplit(None, 1)[-1]
                warning = Problem(
                    "warning", f"{last.id}'s text stops mid-sentence at the end of the file («…{shorten(tail, 40)}»): "
                               f"the rest of it is lost (a gap mark stands there); add the whole text if you have it",
                    self.sources[piece.source].path, piece.lines[-1].last if piece.lines else piece.first)
                self.problems.append(warning)
                self.__dict__.setdefault("cut_warnings", {})[last.id] = warning
            last.truncated_end = True
            # a file whose end its reader found lost marks the gap even after a bare heading
            if last.length or run.pieces[-1].source in getattr(self, "truncated_sources", ()):
                last.marks.append(Mark("gap", last.length, last.length))

    def _heading_shaped(self, text: str) -> bool:
        """A line that looks like a division heading though the layout read it as text: a
        label of one of the levels, a dot or a bracket, then a short title in capitals that
        is no sentence (``A) Действия стороны``, ``1 . Нет исправления``); not a person's
        initials (``В. Н. Орлова``)."""
        shape = self.__dict__.get("_shape")
        if shape is None:
            labels = "|".join(self.ids.alphabets[lv].pattern(self.ids.lookalike_chars)
                              for lv in self.levels if lv in self.ids.alphabets)
            shape = self.__dict__["_shape"] = re.compile(rf"^\(?(?:{labels})\s*[.)]+\s*(?P<title>[^\W\d_]\w*)(?P<rest>.*)$")
        m = shape.match(text)
        if m is None or not m["title"][:1].isupper() or len(text.split()) > TITLE_WORDS:
            return False
        return not SENTENCE_END.search(text) and not (len(m["title"]) == 1 and m["rest"].startswith("."))

    def _ends_at_gap(self, run: Run) -> bool:
        """Whether text is known to be lost after a run: it ends at a footer (the next page
        is not in the text), or inside a file that numbers its pages (the rest of the page is
        not in it). A run ending at the end of a file with no page numbers (a law given as its
        own file, a web page) ends where its document does; one ending at the footer before
        a page of the book's apparatus (the subject index after the last law) ends there."""
        last = run.pieces[-1]
        if getattr(last, "cut_after", False):
            return False  # the next page is there, under a law heading that was lost
        if last.ends_page and last.page is not None and \
                (last.source, last.page + 1) in getattr(self, "apparatus_pages", ()):
            return False  # the next page is the book's index (or contents): the law text ends here
        if not last.ends_page and last.source in getattr(self, "commentary_inside", ()):
            return False  # the file's commentary begins here, on the same page: the law text ends
        return last.ends_page or last.source in getattr(self, "paged_sources", {last.source})

    def _document_ends(self, run: Run, last) -> bool:
        """Whether a run ending at a page's end ends where its document does: it is its
        file's last piece, the file is a whole document (a PDF, an e-book, a word
        processor's file: no page of it comes after its last one) or counts its pages in
        words («Page 3 of 3»: its last counter closes it), and the last node's text ends a
        sentence -- the last page is complete, no text lost after it. A text whose pages form
        feeds part (``fed_sources``) is such a whole document: a printed one's text layer."""
        piece = run.pieces[-1]
        if piece.first != getattr(self, "last_pieces", {}).get(piece.source, piece.first):
            return False
        name = self.sources[piece.source].path.rpartition("/")[2]
        whole = (format_of(name) in WHOLE_DOCUMENTS or piece.source in getattr(self, "counted_sources", ())
                 or piece.source in getattr(self, "fed_sources", ()))
        tail = (last.text or "").rstrip()
        return whole and bool(tail) and (not tail[-1].isalnum()
                                         or introduced_ending(tail, self.sources[piece.source].lang))

    def _ends_cut(self, run: Run, last) -> bool:
        """Whether a run ending at its file's end was cut there: the last node's text stops
        mid-word or mid-sentence (its last character a letter or a digit: no stop, no closing
        mark), as a download broken off ends -- one copy's cut end is lost text as a missing
        page is (``overlap._mid_sentence`` reads a cut copy's end so among several copies)."""
        piece = run.pieces[-1]
        if piece.first != getattr(self, "last_pieces", {}).get(piece.source, piece.first):
            return False  # the run ends before its file does: another rule says why
        if piece.source in getattr(self, "truncated_sources", ()):
            return True  # its reader found the file's end lost (a truncated RTF): whatever the text's last mark
        tail = last.text.rstrip()
        # an address (a URL, a file's name) ends a sentence with no stop after it, as does a
        # page counter or a row the sentence introduces with a colon («…bears at its foot:» /
        # «Page 2 of 2»)
        return (bool(tail) and tail[-1].isalnum() and not is_address(tail.rsplit(None, 1)[-1])
                and not introduced_ending(tail, self.sources[piece.source].lang))

    def _start_run(self, piece: Piece, state: RunState) -> None:
        """Find the law and position of the text before the first heading of a run."""
        st = piece.curation
        levels = self.levels
        classes = self.classes(piece)
        first_heading = next((i for i, c in enumerate(classes) if c.kind in ("law", *levels)), None)
        first_law = next((c.label for c in classes if c.kind == "law"), None)
        # text after a division heading is the division's own; only text before it leads in
        cut = next((i for i, c in enumerate(classes) if c.kind in ("division", "law", *levels)), None)
        leading = [l for l, c in zip(piece.lines, classes[:cut] if cut is not None else classes) if c.kind == "text"]
        starts_with_law = first_heading is not None and classes[first_heading].kind == "law" \
            and (cut == first_heading or classes[cut].kind == "division")

        law, rule = None, None
        if starts_with_law and not leading:
            law, rule = None, "heading"  # the heading itself sets the law
        elif first_law is not None and self.layout(piece.source).stream and \
                (piece.source, piece.first) in getattr(self, "document_starts", ()):
            # the start of a file with no page numbers: its text before the first law is
            # where the document begins (a preface, a title page), not law N-1's tail
            if not (st and st.law):  # a curation statement places it
                self.problems.append(Problem("warning", f"{FRONT_MATTER} {first_law} at the start of a file with "
                                             "no page numbers " + UNPLACED_KEPT + " (a preface or a title "
                                             "page? remove it with [[drop]] or place it with a [[piece]] statement in "
                                             "curation.toml)", self.sources[piece.source].path, piece.first))
        elif first_law is not None and self.layout(piece.source).stream:
            law, rule = str(int(first_law) - 1), "next-heading"
        if st and st.law:
            if law is not None:
                self._verify(st, law, "law", f"law {law} by the next heading")
            elif rule == "heading":
                self._verify(st, first_law, "law", f"law {first_law} by its heading")
            else:
                law, rule = st.law, st.rule
        state.rule = rule or "unattributed"
        state.law = law if law is not None and self.in_range(law) else None
        if law is not None and state.law is None and rule == "next-heading" and int(law) < int(self.law_range[0]):
            # text before the code's first law (a preface, a title page): no law's end, kept
            # as a piece of its own for curation to place or drop
            self.problems.append(Problem("warning", f"{FRONT_MATTER} {first_law}, the code's first, "
                                         + UNPLACED_KEPT + " (a preface or a title page? remove it with [[drop]] or place "
                                         "it with a [[piece]] statement in curation.toml)",
                                         self.sources[piece.source].path, piece.first))
        elif law is not None and state.law is None:
            self.problems.append(Problem("error", f"law {law} {OUT_OF_RANGE} {self.law_range[0]}-{self.law_range[1]}",
                                         self.sources[piece.source].path, piece.first))
        # a run starts after lost text, unless nothing is known lost before it: the start of a
        # file with no page numbers, a page after one of the book's apparatus (the title page,
        # the contents, the index) or after its own commentary
        after_apparatus = piece.starts_page and piece.page is not None and \
            (piece.source, piece.page - 1) in getattr(self, "apparatus_pages", ())
        document_start = (piece.source, piece.first) in getattr(self, "document_starts", ()) or \
            (piece.source, piece.first) in getattr(self, "back_matter", ()) or \
            piece.page == FIRST_PAGE and not piece.starts_page  # the book's first page, from its top
        # a page cut from the one before at a lost law heading: that page is present, only the
        # heading is lost (the law says "heading lost"), no text is known lost before it
        heading_cut = getattr(piece, "heading_cut", False)
        state.pending_join = "paragraph" if after_apparatus or document_start or heading_cut else "gap"
        if state.law is None or starts_with_law and not leading:
            if leading:
                state.piece_node = self._piece_node(piece, None, "unattributed")
            return

        # position below the law: curated parts, then the heading that follows the leading text
        uncertain = set(st.uncertain) if st else set()
        known: dict[str, str] = {}
        for level in levels:  # the levels it states, by the profile's names
            value = st.part(level) if st else None
            if value:
                known[level] = value
        if first_heading is not None and classes[first_heading].kind in levels and not starts_with_law:
            c = classes[first_heading]
            level = c.kind
            idx = levels.index(level)
            if level in known and not leading:
                if known[level] != c.label:
                    self._error(st, f"says {piece.label} starts in {level} {known[level]}, but its heading says {c.label}")
                else:
                    self._verify(st, c.label, level, "its heading")
            if leading:
                prev = self.ids.alphabet(level).previous(c.label)
                if prev is not None and level not in known:
                    known[level] = prev
                    uncertain.add(level)
                    depth = idx
                elif prev is None:
                    depth = idx - 1  # text before "A." is the parent's own text
                else:
                    depth = idx
            else:
                depth = idx - 1
            if all(lv in known for lv in levels[: max(depth, -1) + 1]):
                state.path = {lv: known[lv] for lv in levels[: depth + 1]}
                state.uncertain = uncertain
                state.current = self.ensure_path(state.law, state.path, depth, state.rule, uncertain).id
                return
        elif known and not starts_with_law:
            depth = max(levels.index(lv) for lv in known)
            if all(lv in known for lv in levels[:depth + 1]):
                state.path = dict(known)
                state.uncertain = uncertain
                state.current = self.ensure_path(state.law, state.path, depth, state.rule, uncertain).id
                return
        if leading:
            # the law is known but not where in it: keep the text as a piece of that law
            state.piece_node = self._piece_node(piece, state.law, state.rule)
            self.nodes[state.piece_node].uncertain |= {levels[0], *uncertain}
        else:
            state.path = {}
            state.current = None
            self.law_node(state.law).attribute(state.rule)

    def _piece_node(self, piece: Piece, law: str | None, rule: str) -> str:
        node_id = self.ids.piece_id(piece.source, piece.first)
        b = self.node(node_id, "piece", law, law)
        b.attribute(rule)
        if law is not None:
            self.law_node(law).attribute(rule)
        return node_id

    def _verify_continuing(self, piece: Piece, state: RunState) -> None:
        st = piece.curation
        if st is None:
            return
        if st.law:
            self._verify(st, state.law, "law", f"law {state.law} by continuity")
        first = self.classes(piece)[0] if piece.lines else None
        for level in self.levels:
            value = st.part(level)
            if not value:
                continue
            if first is not None and first.kind == level:
                if first.label != value:
                    self._error(st, f"says {piece.label} starts in {level} {value}, but its heading says {first.label}")
                else:
                    self._verify(st, value, level, "its heading")

    def _verify(self, st: CurationStatement, found: str | None, what: str, how: str) -> None:
        asserted = st.part(what)
        if found is None or asserted is None:
            return
        if asserted != found:
            self._error(st, f"says {what} {asserted} for {st.at[0].split('_')[0]}:{st.at[1]}, but the text gives {how}")
        else:
            self.verified.append(f"{st.at[0].split('_')[0]}:{st.at[1]} {what} {asserted}: confirmed by {how}")

    def _error(self, st: CurationStatement | None, message: str) -> None:
        self.problems.append(Problem("error", message, self.curation_path, st.line if st else None))

    def _level_of(self, c: Classified, state: RunState) -> Classified:
        """A label both of a level and of the one below it is read by the sequence. With a
        sibling of its own level open it is the lower one's where it does not follow that
        sibling: ``(i)`` after ``(b)`` is a roman item, after ``(h)`` the next sub-clause.
        With none open it is the lower one's where it opens that level's series and is not its
        own level's first (``(i)`` right under a clause, no ``(h)`` before it: the first roman
        item), or goes on with the lower level's series open there (``(v)`` after ``(iv)``)."""
        levels = self.levels
        idx = levels.index(c.kind)
        if idx + 1 >= len(levels):
            return c
        lower = levels[idx + 1]
        below, own = self.ids.alphabet(lower), self.ids.alphabet(c.kind)
        if below.position(c.label) is None:
            return c
        if c.kind in state.path:
            if own.previous(c.label) == state.path[c.kind]:
                return c
        elif own.position(c.label) == 1 or not (below.position(c.label) == 1
                                                or below.previous(c.label) == state.path.get(lower)):
            return c
        return Classified(lower, label=self.ids.label(lower, c.label), title=c.title, extra=c.extra)

    def _reading_of(self, c: Classified, state: RunState) -> Classified:
        """A label that reads two ways (``Layout.label_of``: «(е)» a look-alike of e, or f by its
        place in the Russian letters) takes the reading that follows its open sibling: «(е)»
        after «(д)» is f, «(с)» typed for (c) after (b) stays c."""
        if c.other is None or c.kind not in state.path:
            return c
        alphabet = self.ids.alphabet(c.kind)
        if alphabet.previous(c.label) != state.path[c.kind] and alphabet.previous(c.other) == state.path[c.kind]:
            return dataclasses.replace(c, label=c.other, other=c.label)
        return c

    def _skips_level(self, c: Classified, state: RunState, idx: int) -> bool:
        """Whether a level's line may stand with the level right above it missing where the
        levels are strict: a series whose first label that level's alphabet writes too, read
        by the sequence as this level's (``_level_of``: ``(i)``, ``(ii)`` right under a
        clause are roman items, 70C1(i), 70C1(ii)), from its first label on. A label of no
        such series (``(a)`` right under a section, ``(1)`` right under a clause) does not."""
        levels = self.levels
        if idx < 1 or levels[idx - 1] in state.path or not all(lv in state.path for lv in levels[:idx - 1]):
            return False
        own = self.ids.alphabet(c.kind)
        if own.position(c.label) == 1:
            return self.ids.skips(c.kind, c.label)  # the typed ID reads so too (IdRules.normalize)
        return c.kind in state.path and own.previous(c.label) == state.path[c.kind]

    def _add_line(self, piece: Piece, line: Line, c: Classified, path: str, state: RunState) -> None:
        levels = self.levels
        page_key = piece.page if piece.page is not None else ("piece", piece.source, piece.first)
        if c.kind == "footnote":
            self.add_footnote_body(page_key, piece.page, c, state.current or state.piece_node, line, path,
                                   after_footer=state.note_top)
            return
        if c.kind == "division":
            self.add_division(c, line, path, piece.page, state)
            return
        if c.kind == "law":
            self._law_heading(c, line, path, piece, state)
            return
        if c.kind == "text" and state.pending_divisions:
            self.add_division_text(state.pending_divisions[-1], line, path, page_key)
            return
        if c.kind in levels and state.law is not None and state.piece_node is None:
            continued = self._continued_run_in(c, piece, state)
            if continued is not None:  # "1. (b)" under "1. (a)": item 1 goes on at its next child
                self._add_line(piece, line, continued, path, state)
                return
            c = self._level_of(self._reading_of(c, state), state)
            idx = levels.index(c.kind)
            opened = None  # the container a {within} label opens
            container = levels[idx - 1] if idx else None
            if c.within is not None and idx and all(lv in state.path for lv in levels[:idx - 1]) and \
                    (container not in state.path
                     or self.ids.alphabet(container).previous(c.within) == state.path[container]):
                # "1.1.(a)", "1.(a)", "1(a)": the label printed with it is its container's; where
                # none is open, or it is the open one's next ("2.(a)" in item 1), it opens it,
                # untitled ("1.(b)" goes on in item 1; one running back is not believed)
                state.path = {lv: state.path[lv] for lv in levels[:idx - 1]}
                state.path[levels[idx - 1]] = c.within
                opened = idx - 1
            above = [lv for lv in levels[:idx] if lv in state.path]
            if len(above) == idx or not self.grammar.strict_levels or self._skips_level(c, state, idx):
                state.path = {lv: state.path[lv] for lv in above}
                state.path[c.kind] = c.label
                state.uncertain = {lv for lv in state.uncertain if lv == "law" or (lv in levels and levels.index(lv) < idx)}
                parent = self.nodes.get(self.ids.law_id(state.law, *[state.path.get(lv) for lv in levels[:idx]]))
                b = self.ensure_path(state.law, state.path, idx, state.rule, state.uncertain)
                if opened is not None and (box := self.nodes.get(b.parent)) is not None and box.title_line is None:
                    # the container opened on this line: its heading is this line, with no title
                    self.set_heading(box, None, line, path, piece.page)
                    box.run_in = True
                child = self._run_in_child(c, piece, idx)
                if child is not None:  # "1. (a) He shall …": the clause opens, untitled, at its first child
                    self.set_heading(b, None, line, path, piece.page, state.page_top)
                    b.run_in = True
                    state.current = b.id
                    self._add_line(piece, line, child, path, state)
                    return
                self.set_heading(b, c.title, line, path, piece.page, state.page_top)
                self._title_note_mark(b, line, path, page_key, state)
                state.current = b.id
                state.pending_join = "paragraph"
                if c.extra:  # "(a) the offender's partner …": no title, the line is its text
                    b.append(Line(c.extra, line.source, line.first, line.last), "paragraph", path, page_key,
                             state.note_marks)
                    layout = self.layout(piece.source)
                    if parent is not None and c.extra[:1].islower() \
                            and (layout.open_title(c.extra) or layout.open_title(parent.title)):
                        self._title_runs_on(parent, path, page_key)
                return
            # a level's line with the level above it missing ("(a)" right under section "A."): the
            # profile's levels stand only under the one above (strict_levels), so it is text -- said
            skipped = [lv for lv in levels[:idx] if lv not in state.path]
            self.problems.append(Problem(
                "warning", f"«{line.text[:60]}» is a {c.kind} with no {skipped[-1]} above it "
                           f"(under {state.current or state.law}): the profile's levels stand only under the one "
                           f"above ([grammar] strict_levels), so it is kept as text of {state.current or state.law}; "
                           f"if the code skips a level here, a profile.toml with strict_levels = false reads it as "
                           f"a part", path, line.first))
        if isinstance(c, ListText) and c.of is not None and state.law is not None and state.piece_node is None:
            # a list's text after its items (``Layout.read``): its container's, not the last item's
            keep = levels[:levels.index(c.of) + 1] if c.of in levels else ()
            if all(lv in state.path for lv in keep):
                node = self.nodes.get(self.ids.law_id(state.law, *[state.path[lv] for lv in keep]))
                if node is not None:
                    state.path = {lv: state.path[lv] for lv in keep}
                    state.current = node.id
        if isinstance(c, ListText) and c.deeper:
            self.problems.append(Problem(
                "warning", f"a list item nested deeper than the profile's levels ({', '.join(levels)}) is kept as "
                           f"text of {state.current or state.law}: «{line.text[:60]}»", path, line.first))
        # running text (or a heading that has nowhere to go: kept as text of the piece)
        if c.kind == "text" and self._heading_shaped(line.text):
            self.problems.append(Problem(
                "warning", f"a line shaped like a heading is read as text: «{line.text[:60]}»; if it is a heading, "
                           f"the source's layout does not read this form (see the manifest's `layout` and the "
                           f"profile's [layouts] headings)", path, line.first))
        if c.kind == "text" and (lower := self.layout(piece.source).lower_case_level(line.text)) is not None:
            # «(a) первое …» where the line before ends no clause: a sub-clause in lower case, or a
            # sentence the break cut before a label -- kept as text, said
            self.problems.append(Problem(
                "warning", f"a line labelled like a {lower.kind} is read as text of {state.current or state.law}: "
                           f"«{line.text[:60]}» (its first word is in lower case and the line before ends no "
                           f"clause with «:», «;» or «.»); if it is a {lower.kind}, end the line before so",
                path, line.first))
        if state.piece_node is not None:
            target = self.nodes[state.piece_node]
        elif state.current is not None:
            target = self.nodes[state.current]
        elif state.law is not None:
            target = self.law_node(state.law)
            state.current = target.id
        else:
            state.piece_node = self._piece_node(piece, None, "unattributed")
            target = self.nodes[state.piece_node]
        join = state.pending_join
        if join == "continue" and not target.length and target.title and line.text[:1].islower() \
                and target.kind in self.levels[1:] and unfinished_clause(target.title):
            # a clause's sentence the page cut, read as its "title" («2. Пара, перешедшая …
            # при повторном»): the next page finishes it, so it was the clause's text
            at = target.title_line[1] if target.title_line else line.first
            target.append(Line(target.title, piece.source, at, at), "paragraph", path, page_key, state.note_marks)
            target.title = None
        if join == "continue":
            join = "space" if (target.length and not target.ends_sentence()) or line.text[:1].islower() else "paragraph"
            if join == "space" and target.length:
                join = _hyphen_join(target, line.text, self.sources[piece.source].lang) or join
        if join == "gap":
            if not target.length:
                target.truncated_start = True
                target.marks.append(Mark("gap", 0, 0))
        target.append(line, join, path, page_key, state.note_marks)
        target.add_span(path, piece.page, line)
        target.source = target.source or piece.source
        state.pending_join = "paragraph"

    def _run_in_child(self, c: Classified, piece: Piece, idx: int) -> Classified | None:
        """The first child a heading's line opens after its own label (``1. (a) text``,
        ``A. 1. text``): the words after the label, read alone, are a heading of the next
        level down with the first label of its alphabet."""
        rest = c.title or c.extra
        if not rest or idx + 1 >= len(self.levels):
            return None
        child = self.layout(piece.source).classify(rest)
        below = self.levels[idx + 1]
        if child.kind != below or self.ids.alphabet(below).position(child.label or "") != 1:
            return None
        return child

    def _continued_run_in(self, c: Classified, piece: Piece, state: RunState) -> Classified | None:
        """A heading that repeats the open node's label with, after it, the next child of
        that node (``1. (b) …`` after ``1. (a) …``, the label printed with each child): the
        child, going on in the open node; None otherwise."""
        levels = self.levels
        idx = levels.index(c.kind)
        if idx + 1 >= len(levels) or state.path.get(c.kind) != c.label or levels[idx + 1] not in state.path:
            return None
        rest = c.title or c.extra
        if not rest:
            return None
        below = levels[idx + 1]
        child = self.layout(piece.source).classify(rest)
        return child if child.kind == below and \
            self.ids.alphabet(below).previous(child.label or "") == state.path[below] else None

    def _title_note_mark(self, b: NodeBuilder, line: Line, path: str, page_key: object, state: RunState) -> None:
        """A bare footnote mark ending the title just read ("C. TRUMPS*", the piece holding
        the body "* In a notrump …"): the mark leaves the title and is the node's marker at
        the start of its text, as a mark in its text would be, so the note is the node's and
        no orphan."""
        if not state.note_marks or not b.title or b.title_line != (path, line.first):
            return
        found = list(bare_note_patterns(tuple(sorted(state.note_marks)))[1].finditer(b.title))
        if not found or b.title[found[-1].end():].strip():
            return
        b.markers.append((b.length, found[-1]["symbol"], page_key))
        b.title = b.title[:found[-1].start()].rstrip()

    def _title_runs_on(self, parent: NodeBuilder, path: str, page_key: object) -> None:
        """A heading whose child goes on in lower case, the one or the other stopping where
        no sentence ends ("2. A card is played when its holder" / "(a) names it aloud, or"),
        printed a sentence, not a title: its words are its text. A title over a list of
        complete items stays ("A. Основания для штрафа" / "1) опоздание …;")."""
        if parent.kind not in self.levels or not parent.title or parent.length or parent.title_line is None:
            return
        src, first = parent.title_line
        parent.append(Line(parent.title, stem(src), first, first), "paragraph", path, page_key)
        parent.title = None
        parent.title_from = None

    def _law_heading(self, c: Classified, line: Line, path: str, piece: Piece, state: RunState) -> None:
        law = c.label
        if law.isdigit():
            self.__dict__.setdefault("law_headings", {}).setdefault(path, []).append((line.first, int(law), line.text))
        state.piece_node = None
        state.path = {}
        state.uncertain = set()
        if not self.in_range(law):
            self.problems.append(Problem("error", f"law {law} {OUT_OF_RANGE} {self.law_range[0]}-{self.law_range[1]}",
                                         path, line.first))
            state.law = None
            state.current = None
            return
        state.law = law
        state.rule = "heading"
        b = self.law_node(law)
        b.attribute("heading")
        self.set_heading(b, c.title, line, path, piece.page, state.page_top)
        self._title_note_mark(b, line, path, piece.page if piece.page is not None else ("piece", piece.source, piece.first),
                              state)
        state.current = law
        state.pending_join = "paragraph"
        self.place_divisions(law, state)


    def warn_law_sequence(self) -> None:
        """A law heading whose number is out of its file's sequence -- between two neighbours
        that agree (71, 74, 72: the 74; 50, 16, 51: the 16), or running back at the file's
        end -- is warned of with its file and line: it may be a wrapped sentence's line that
        cites the law (``… compare`` / ``Law 74 for the reverse.``), and the sections after
        it are read as that law's."""
        for path, heads in getattr(self, "law_headings", {}).items():
            for i, (first, n, text) in enumerate(heads):
                before = heads[i - 1][1] if i else None
                after = heads[i + 1][1] if i + 1 < len(heads) else None
                if before is None:
                    continue
                if after is not None and (before >= after or before < n < after):
                    continue
                if after is None and n > before:
                    continue
                around = f"between laws {before} and {after}" if after is not None else f"after law {before}"
                self.problems.append(Problem(
                    "warning", f"law {n}'s heading stands {around} of this file, out of their sequence "
                               f"(«{shorten(text, 50)}»): if it is a line of a wrapped sentence that cites the law, "
                               f"it is no heading (join it to the line before in the source); as it stands, what "
                               f"follows it is read as law {n}'s", path, first))


HYPHENATED_END = re.compile(r"([^\W\d_]+)-$")  # a word the page's last line broke: «клет-», "bee-"
WORD_START = re.compile(r"[^\W\d_]+")


def _hyphen_join(target, text: str, lang: str | None) -> str | None:
    """How a word hyphenated across a page break (the page's footer, a «Page 1 of 2», left
    between its halves: ``bee-`` / ``keeper``) joins, as ``furniture.mend_hyphen`` joins one
    broken at a line's end: "word" (the hyphen goes: ``beekeeper``), "hyphen" (a compound's
    hyphen stays) or None (a plain space: a capital after it). Cold read 14 of issue 12, finding 4."""
    from ..furniture import mend_hyphen

    last = target.parts[-1] if target.parts else ""
    left, right = HYPHENATED_END.search(last), WORD_START.match(text)
    if not (left and right):
        return None
    cut = mend_hyphen(left.group(1), right.group(), frozenset(), lang)
    return "word" if cut == 2 else "hyphen" if cut == 1 else None
