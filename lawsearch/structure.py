"""Structure: runs of pages → the tree of divisions, laws, sections, clauses, sub-clauses
and items, with footnotes attached; the commentary → commentary nodes.

Placement of text that starts without its law heading follows CORPUS-NOTES.md, strongest
rule first, and every node records the rule that fixed its law (``attribution``):

1. ``heading``       -- the law heading is in the text before it;
2. ``continuity``    -- the piece begins page N and page N-1's end is present;
3. ``next-heading``  -- text before ``Правило N`` in the same piece belongs to law N-1;
4. ``curated``       -- a statement in the curation file;
5. ``unattributed``  -- kept as a piece of its own, never glued to a wrong law.

Below the law, text before a piece's first visible heading belongs to the sibling before
that heading (before ``G.`` → F) and records ``uncertain: ["section"]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import ids
from .model import Footnote, Line, Mark, Node, Problem, ProblemLog, Source, Span
from .pages import Piece, Run
from .patterns import (
    COMMENTARY_HEADING, COMMENTARY_PARAGRAPH, FOOTNOTE_MARKER, INLINE_LABEL, classify,
)
from .sources import CurationStatement

LEVELS = ("section", "clause", "subclause", "item")
STRENGTH = {"heading": 0, "continuity": 1, "next-heading": 2, "curated": 3, "unattributed": 4}
SENTENCE_END = re.compile(r"[.!?:;…]['\"»)]*$")


@dataclass
class NodeBuilder:
    """A node while it is being filled; frozen into a ``Node`` at the end."""

    id: str
    kind: str
    law: str | None
    parent: str | None
    label: str | None = None
    title: str | None = None
    title_from: str | None = None
    title_line: tuple[str, int] | None = None  # where its heading stands, to report a repeat
    # the running text as appended pieces, joined once when read: a node a huge source
    # keeps adding to would otherwise be copied whole at every line
    parts: list[str] = field(default_factory=list)
    length: int = 0
    marks: list[Mark] = field(default_factory=list)
    markers: list[tuple[int, str, object]] = field(default_factory=list)  # (offset, symbol, page key)
    spans: list[Span] = field(default_factory=list)
    offsets: list[tuple[int, str, int]] = field(default_factory=list)  # (text offset, source path, raw line)
    attribution: str | None = None
    uncertain: set[str] = field(default_factory=set)
    truncated_start: bool = False
    truncated_end: bool = False
    missing: bool = False
    source: str | None = None  # source id of its first span

    @property
    def text(self) -> str:
        if len(self.parts) > 1:
            self.parts[:] = ["".join(self.parts)]
        return self.parts[0] if self.parts else ""

    def ends_sentence(self) -> bool:
        """Whether the text so far ends a sentence, looking only at its end."""
        tail, n = "", len(self.parts)
        while n and len(tail) < 16:  # the end mark and any closing quotes or brackets after it
            n -= 1
            tail = self.parts[n] + tail
        return bool(SENTENCE_END.search(tail[-16:]))

    def attribute(self, rule: str | None) -> None:
        if rule and (self.attribution is None or STRENGTH[rule] < STRENGTH[self.attribution]):
            self.attribution = rule

    def add_span(self, path: str, page: int | None, line: Line) -> None:
        if self.spans and self.spans[-1].source == path and self.spans[-1].page == page \
                and self.spans[-1].lines[1] >= line.first - 1:
            last = self.spans[-1]
            self.spans[-1] = Span(path, page, (last.lines[0], max(last.lines[1], line.last)))
        else:
            self.spans.append(Span(path, page, (line.first, line.last)))

    def append(self, line: Line | str, join: str, path: str, page_key: object) -> None:
        """Add running text; ``join`` is "paragraph", "space" or "gap" (text lost between).
        In law text (``page_key`` given) footnote markers ``(*)`` leave the text and become
        markers at their offset; the commentary has no footnotes and keeps them as text."""
        if isinstance(line, str):
            line = Line(line, "", 0, 0)
        if self.length:
            if join == "gap":
                self.marks.append(Mark("gap", self.length, self.length))
            self._add("\n\n" if join in ("gap", "paragraph") else " ")
        start = self.length
        out = ""
        removed: list[tuple[int, int]] = []  # (offset in the line, characters removed before it)
        pos = 0
        for m in FOOTNOTE_MARKER.finditer(line.text) if page_key is not None else ():
            out += line.text[pos:m.start()]
            self.markers.append((start + len(out), m["symbol"], page_key))
            pos = m.end()
            removed.append((m.end(), m.end() - len(out)))
        out += line.text[pos:]
        for offset, raw_line in line.line_starts():
            shift = max((r for end, r in removed if end <= offset), default=0)
            self.offsets.append((start + offset - shift, path, raw_line))
        self._add(out)

    def _add(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)


@dataclass
class Tree:
    """What the structure stage produces."""

    nodes: list[Node]
    footnotes: list[Footnote]
    problems: list[Problem]
    offsets: dict[str, list[tuple[int, str, int]]]  # node id -> (text offset, source path, raw line)
    footnote_offsets: dict[str, tuple[str, int]]  # footnote id -> (source path, raw line)
    verified: list[str]  # curation statements a stronger rule confirmed


@dataclass
class _Division:
    level: str  # glava | chast | razdel
    numeral: str
    title: str
    line: Line
    path: str
    page: int | None
    first_law: int | None = None  # set by the law heading that follows


@dataclass
class _FootnoteBody:
    page_key: object
    page: int | None
    symbol: str
    text: str
    at: str | None
    line: Line
    path: str


class TreeBuilder:
    def __init__(self, sources: dict[str, Source], law_range: tuple[int, int], titles_en: dict[str, str],
                 code: dict, curation_path: str | None):
        self.sources = sources
        self.law_range = law_range
        self.titles_en = titles_en
        self.code = code
        self.curation_path = curation_path
        self.nodes: dict[str, NodeBuilder] = {}
        self.problems = ProblemLog()  # an absurd input repeats one problem on every line
        self.verified: list[str] = []
        self.divisions: list[_Division] = []
        self.bodies: list[_FootnoteBody] = []
        self.commentary_titles: dict[str, tuple[str, str, Line]] = {}

    # -- nodes ----------------------------------------------------------------------

    def node(self, node_id: str, kind: str, law: str | None, parent: str | None) -> NodeBuilder:
        b = self.nodes.get(node_id)
        if b is None:
            b = self.nodes[node_id] = NodeBuilder(node_id, kind, law, parent)
        return b

    def law_node(self, law: str) -> NodeBuilder:
        return self.node(law, "law", law, None)

    def ensure_path(self, law: str, path: dict[str, str], upto: int, rule: str | None,
                    uncertain: set[str]) -> NodeBuilder:
        """The node at ``path`` down to level index ``upto`` (-1 = the law), creating the
        containers on the way (a container whose heading is lost has no title)."""
        current = self.law_node(law)
        current.attribute(rule)
        parts: list[str | None] = [None] * 4
        for i in range(upto + 1):
            parts[i] = path[LEVELS[i]]
            node_id = ids.law_id(law, *parts)
            child = self.node(node_id, LEVELS[i], law, current.id)
            if child.title_line is None:
                child.attribute(rule)  # a container; a node with its own heading keeps its rule
            if not child.label:
                child.label = parts[i]
            child.uncertain |= {lv for lv in uncertain if lv == "law" or (lv in LEVELS and LEVELS.index(lv) <= i)}
            current = child
        return current

    def in_range(self, law: str) -> bool:
        low, high = self.law_range
        return law.isdigit() and low <= int(law) <= high

    # -- law text -------------------------------------------------------------------

    def add_run(self, run: Run) -> None:
        state = _RunState()
        for n, piece in enumerate(run.pieces):
            path = self.sources[piece.source].path
            if n == 0:
                self._start_run(piece, state)
            else:
                state.rule = "continuity" if piece.joined_by == "page" else "curated"
                state.pending_join = "continue"
                self._verify_continuing(piece, state)
            for line in piece.lines:
                self._add_line(piece, line, path, state)
        if state.current is not None:
            last = self.nodes[state.current]
            last.truncated_end = True
            if last.length:
                last.marks.append(Mark("gap", last.length, last.length))

    def _start_run(self, piece: Piece, state: _RunState) -> None:
        """Find the law and position of the text before the first heading of a run."""
        st = piece.curation
        lang = self.sources[piece.source].lang
        classes = [classify(l.text, lang) for l in piece.lines]
        first_heading = next((i for i, c in enumerate(classes) if c.kind in ("law", "section", "clause", "subclause", "item")), None)
        first_law = next((c.label for c in classes if c.kind == "law"), None)
        leading = [l for l, c in zip(piece.lines, classes[:first_heading] if first_heading is not None else classes)
                   if c.kind == "text"]
        starts_with_law = first_heading is not None and classes[first_heading].kind == "law"

        law, rule = None, None
        if starts_with_law and not leading:
            law, rule = None, "heading"  # the heading itself sets the law
        elif first_law is not None:
            law, rule = str(int(first_law) - 1), "next-heading"
        if st and st.law:
            if law is not None:
                self._verify(st, law, "law", f"law {law} by the next heading")
            elif rule == "heading":
                self._verify(st, first_law, "law", f"law {first_law} by its heading")
            else:
                law, rule = st.law, "curated"
        state.rule = rule or "unattributed"
        state.law = law if law is not None and self.in_range(law) else None
        if law is not None and state.law is None:
            self.problems.append(Problem("error", f"law {law} is outside the code's range {self.law_range[0]}-{self.law_range[1]}",
                                         self.sources[piece.source].path, piece.first))
        state.pending_join = "gap"
        if state.law is None or starts_with_law and not leading:
            if leading:
                state.piece_node = self._piece_node(piece, None, "unattributed")
            return

        # position below the law: curated parts, then the heading that follows the leading text
        uncertain = set(st.uncertain) if st else set()
        known: dict[str, str] = {}
        for level in LEVELS[:3]:
            value = getattr(st, level) if st else None
            if value:
                known[level] = value
        if first_heading is not None and classes[first_heading].kind in LEVELS and not starts_with_law:
            c = classes[first_heading]
            level = c.kind
            idx = LEVELS.index(level)
            if level in known and not leading:
                if known[level] != c.label:
                    self._error(st, f"says {piece.label} starts in {level} {known[level]}, but its heading says {c.label}")
                else:
                    self._verify(st, c.label, level, "its heading")
            if leading:
                prev = _previous_label(c.label)
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
            if all(lv in known for lv in LEVELS[: max(depth, -1) + 1]):
                state.path = {lv: known[lv] for lv in LEVELS[: depth + 1]}
                state.uncertain = uncertain
                state.current = self.ensure_path(state.law, state.path, depth, state.rule, uncertain).id
                return
        elif known and not starts_with_law:
            depth = max(LEVELS.index(lv) for lv in known)
            if all(lv in known for lv in LEVELS[:depth + 1]):
                state.path = dict(known)
                state.uncertain = uncertain
                state.current = self.ensure_path(state.law, state.path, depth, state.rule, uncertain).id
                return
        if leading:
            # the law is known but not where in it: keep the text as a piece of that law
            state.piece_node = self._piece_node(piece, state.law, state.rule)
            self.nodes[state.piece_node].uncertain |= {"section", *uncertain}
        else:
            state.path = {}
            state.current = None
            self.law_node(state.law).attribute(state.rule)

    def _piece_node(self, piece: Piece, law: str | None, rule: str) -> str:
        node_id = ids.piece_id(piece.source, piece.first)
        b = self.node(node_id, "piece", law, law)
        b.attribute(rule)
        if law is not None:
            self.law_node(law).attribute(rule)
        return node_id

    def _verify_continuing(self, piece: Piece, state: _RunState) -> None:
        st = piece.curation
        if st is None:
            return
        if st.law:
            self._verify(st, state.law, "law", f"law {state.law} by continuity")
        first = classify(piece.lines[0].text, self.sources[piece.source].lang) if piece.lines else None
        for level in LEVELS[:3]:
            value = getattr(st, level)
            if not value:
                continue
            if first is not None and first.kind == level:
                if first.label != value:
                    self._error(st, f"says {piece.label} starts in {level} {value}, but its heading says {first.label}")
                else:
                    self._verify(st, value, level, "its heading")

    def _verify(self, st: CurationStatement, found: str | None, what: str, how: str) -> None:
        asserted = getattr(st, what)
        if found is None or asserted is None:
            return
        if asserted != found:
            self._error(st, f"says {what} {asserted} for {st.at[0].split('_')[0]}:{st.at[1]}, but the text gives {how}")
        else:
            self.verified.append(f"{st.at[0].split('_')[0]}:{st.at[1]} {what} {asserted}: confirmed by {how}")

    def _error(self, st: CurationStatement | None, message: str) -> None:
        self.problems.append(Problem("error", message, self.curation_path, st.line if st else None))

    def _add_line(self, piece: Piece, line: Line, path: str, state: _RunState) -> None:
        c = classify(line.text, self.sources[piece.source].lang)
        page_key = piece.page if piece.page is not None else ("piece", piece.source, piece.first)
        if c.kind == "footnote":
            self.bodies.append(_FootnoteBody(page_key, piece.page, c.extra, c.title, state.current or state.piece_node,
                                             line, path))
            return
        if c.kind == "division":
            self.divisions.append(_Division(c.extra, c.label, c.title, line, path, piece.page))
            state.pending_divisions.append(self.divisions[-1])
            return
        if c.kind == "law":
            self._law_heading(c, line, path, piece, state)
            return
        if c.kind in LEVELS and state.law is not None and state.piece_node is None:
            idx = LEVELS.index(c.kind)
            if all(lv in state.path for lv in LEVELS[:idx]):
                state.path = {lv: state.path[lv] for lv in LEVELS[:idx]}
                state.path[c.kind] = c.label
                state.uncertain = {lv for lv in state.uncertain if lv == "law" or (lv in LEVELS and LEVELS.index(lv) < idx)}
                b = self.ensure_path(state.law, state.path, idx, state.rule, state.uncertain)
                self._set_heading(b, c.title, line, path, piece.page)
                state.current = b.id
                state.pending_join = "paragraph"
                if c.extra:  # "(a) the offender's partner …": no title, the line is its text
                    b.append(Line(c.extra, line.source, line.first, line.last), "paragraph", path, page_key)
                return
        # running text (or a heading that has nowhere to go: kept as text of the piece)
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
        if join == "continue":
            join = "space" if (target.length and not target.ends_sentence()) or line.text[:1].islower() else "paragraph"
        if join == "gap":
            if not target.length:
                target.truncated_start = True
                target.marks.append(Mark("gap", 0, 0))
        target.append(line, join, path, page_key)
        target.add_span(path, piece.page, line)
        target.source = target.source or piece.source
        state.pending_join = "paragraph"

    def _law_heading(self, c, line: Line, path: str, piece: Piece, state: _RunState) -> None:
        law = c.label
        state.piece_node = None
        state.path = {}
        state.uncertain = set()
        if not self.in_range(law):
            self.problems.append(Problem("error", f"law {law} is outside the code's range {self.law_range[0]}-{self.law_range[1]}",
                                         path, line.first))
            state.law = None
            state.current = None
            return
        state.law = law
        state.rule = "heading"
        b = self.law_node(law)
        b.attribute("heading")
        self._set_heading(b, c.title, line, path, piece.page)
        state.current = law
        state.pending_join = "paragraph"
        levels_seen: dict[str, _Division] = {}
        for division in state.pending_divisions:
            if division.level in levels_seen:
                # two headings of one level and nothing between them: the earlier is empty
                earlier = levels_seen[division.level]
                self.problems.append(Problem("warning", f"division heading {earlier.numeral} has no law before the next one",
                                             earlier.path, earlier.line.first))
                earlier.first_law = None
            division.first_law = int(law)
            levels_seen[division.level] = division
        state.pending_divisions = []

    def _set_heading(self, b: NodeBuilder, title: str, line: Line, path: str, page: int | None) -> None:
        if b.title_line is not None:
            src, first = b.title_line
            self.problems.append(Problem("error", f"heading of {b.id} repeats the one at {src}:{first}", path, line.first))
            return
        b.title = title
        b.title_from = "heading"
        b.title_line = (path, line.first)
        b.add_span(path, page, line)
        b.source = b.source or _stem(path)

    # -- commentary -----------------------------------------------------------------

    def add_commentary(self, source: Source, lines: list[Line]) -> None:
        """Numbered paragraphs ``47.8.`` become nodes attached to their law; headings
        ``Правило 48. ОТКРЫТИЕ…`` name laws known only from the commentary; unnumbered
        paragraphs stay inside the numbered one before them; the file's opening tail takes
        the number before the next one (47.7) and is marked truncated."""
        current: NodeBuilder | None = None
        heading_law: str | None = None
        leading: list[Line] = []
        for line in lines:
            if m := COMMENTARY_HEADING.match(line.text):
                heading_law = m["law"]
                if self.in_range(heading_law):
                    self.commentary_titles.setdefault(heading_law, (_sentence_case(m["title"]), source.path, line))
                    self.law_node(heading_law)
                else:
                    self.problems.append(Problem("error", f"law {heading_law} is outside the code's range", source.path, line.first))
                current = None
                continue
            if m := COMMENTARY_PARAGRAPH.match(line.text):
                law, para = m["law"], int(m["para"])
                if heading_law is not None and law != heading_law:
                    self.problems.append(Problem("warning", f"paragraph {law}.{para} stands under the heading of law {heading_law}",
                                                 source.path, line.first))
                if not self.in_range(law):
                    self.problems.append(Problem("error", f"paragraph {law}.{para}: law {law} is outside the code's range",
                                                 source.path, line.first))
                    current = None
                    continue
                if leading:
                    self._commentary_tail(source, leading, law, para)
                    leading = []
                current = self._commentary_node(ids.commentary_id(law, para), law, source, "heading")
                if current.length:
                    self.problems.append(Problem("error", f"commentary paragraph {current.id} appears twice", source.path, line.first))
                body = Line(m["text"], line.source, line.first, line.last,
                            tuple((o - m.start("text"), n) for o, n in line.line_starts() if o >= m.start("text")) or ((0, line.first),))
                current.append(body, "paragraph", source.path, None)
                current.add_span(source.path, None, line)
                continue
            if current is None:
                leading.append(line)
            else:
                current.append(line, "paragraph", source.path, None)
                current.add_span(source.path, None, line)
        if leading:
            self._commentary_tail(source, leading, None, None)

    def _commentary_node(self, node_id: str, law: str, source: Source, rule: str) -> NodeBuilder:
        b = self.node(node_id, "commentary", law, law)
        b.attribute(rule)
        b.source = source.id
        self.law_node(law)  # attributed in _fill_missing_laws when no law text places it
        return b

    def _commentary_tail(self, source: Source, lines: list[Line], law: str | None, para: int | None) -> None:
        if law is not None and para is not None and para > 1:
            b = self._commentary_node(ids.commentary_id(law, para - 1), law, source, "next-heading")
        else:
            b = self.node(ids.piece_id(source.id, lines[0].first), "piece", law, law)
            b.attribute("next-heading" if law else "unattributed")
            b.source = source.id
        b.truncated_start = True
        b.marks.append(Mark("gap", 0, 0))
        for line in lines:
            b.append(line, "paragraph", source.path, None)
            b.add_span(source.path, None, line)

    # -- finishing --------------------------------------------------------------------

    def finish(self) -> Tree:
        self._fill_missing_laws()
        self._mark_lost_headings()
        footnotes, fn_offsets = self._resolve_footnotes()
        division_nodes = self._divisions()
        nodes = [self._freeze(b) for b in self.nodes.values()] + division_nodes
        nodes.sort(key=lambda n: ids.sort_key(n.id, n.law, n.kind))
        offsets = {b.id: b.offsets for b in self.nodes.values()}
        return Tree(nodes, footnotes, self.problems.problems(), offsets, fn_offsets, self.verified)

    def _fill_missing_laws(self) -> None:
        present = sorted(int(b.law) for b in self.nodes.values() if b.kind == "law")
        with_text, with_commentary = set(), set()
        for n in self.nodes.values():
            if n.kind == "commentary":
                with_commentary.add(n.law)
            elif n.kind != "law" or n.text or n.title_line:
                with_text.add(n.law)
        for law in [str(n) for n in range(present[0], present[-1] + 1)] if present else []:
            b = self.law_node(law)
            if law not in with_text:
                b.missing = True
            if b.attribution is None and law in with_commentary:
                # known only from the commentary: its heading or numbered paragraphs name the law
                b.attribution = "heading"
            if b.title is None and law in self.commentary_titles:
                b.title, path, line = self.commentary_titles[law]
                b.title_from = "commentary"
                b.add_span(path, None, line)

    def _mark_lost_headings(self) -> None:
        """A law, section or clause known only through its children lost its heading and
        whatever text followed it: its start is truncated."""
        for b in self.nodes.values():
            if b.kind in ("law", *LEVELS) and b.title_line is None and not b.missing and b.title is None:
                b.truncated_start = True

    def _resolve_footnotes(self) -> tuple[list[Footnote], dict[str, tuple[str, int]]]:
        markers_by_page: dict[object, list[tuple[NodeBuilder, int, str]]] = {}
        for b in self.nodes.values():
            for offset, symbol, page_key in b.markers:
                markers_by_page.setdefault(page_key, []).append((b, offset, symbol))
        bodies_by_page: dict[object, list[_FootnoteBody]] = {}
        for body in self.bodies:
            bodies_by_page.setdefault(body.page_key, []).append(body)

        footnotes: list[Footnote] = []
        offsets: dict[str, tuple[str, int]] = {}
        for page_key in list(dict.fromkeys([*bodies_by_page, *markers_by_page])):
            bodies = bodies_by_page.get(page_key, [])
            markers = markers_by_page.get(page_key, [])
            page_label = page_key if isinstance(page_key, int) else f"{page_key[1]}-{page_key[2]}"
            assigned: dict[int, list[tuple[NodeBuilder, int, str]]] = {}
            for symbol in dict.fromkeys([b.symbol for b in bodies] + [m[2] for m in markers]):
                sym_bodies = [i for i, b in enumerate(bodies) if b.symbol == symbol]
                sym_markers = [m for m in markers if m[2] == symbol]
                for k, marker in enumerate(sym_markers):
                    if sym_bodies:
                        # one body per marker when the counts agree; else one body serves them all
                        target = sym_bodies[k] if len(sym_bodies) == len(sym_markers) else sym_bodies[min(k, len(sym_bodies) - 1)]
                        assigned.setdefault(target, []).append(marker)
                    else:
                        marker[0].marks.append(Mark("footnote", marker[1], marker[1], None))
            for n, body in enumerate(bodies, 1):
                fid = ids.footnote_id(page_label, n)
                marker_nodes = []
                for b, offset, _ in assigned.get(n - 1, []):
                    b.marks.append(Mark("footnote", offset, offset, fid))
                    if b.id not in marker_nodes:
                        marker_nodes.append(b.id)
                footnotes.append(Footnote(
                    id=fid, page=body.page, text=body.text, markers=tuple(marker_nodes),
                    orphan=not marker_nodes, at=body.at,
                    spans=(Span(body.path, body.page, (body.line.first, body.line.last)),),
                ))
                offsets[fid] = (body.path, body.line.first)
        return footnotes, offsets

    def _divisions(self) -> list[Node]:
        rank = {"glava": 0, "chast": 1, "razdel": 2}
        placed = []
        for d in self.divisions:
            if d.first_law is None:
                self.problems.append(Problem("warning", "a division heading with no law heading after it", d.path, d.line.first))
                continue
            placed.append((d.first_law, rank[d.level], d.level, d.numeral, d.title, d.line, d.path, d.page))
        placed.sort(key=lambda d: (d[0], d[1]))
        unique: dict[tuple[int, int], tuple] = {}
        for d in placed:
            if (d[0], d[1]) in unique:  # the same division heading again before the same law
                self.problems.append(Problem("warning", "a division heading repeats before the same law", d[6], d[5].first))
                continue
            unique[(d[0], d[1])] = d
        placed = list(unique.values())

        def enclosing(law: int, below_rank: int) -> str | None:
            chosen: dict[int, tuple[int, str]] = {}
            for first, r, level, *_ in placed:  # noqa: B007
                if first <= law and r < below_rank:
                    chosen[r] = (first, ids.division_id(level, str(first)))
                    for deeper in [k for k in chosen if k > r]:
                        del chosen[deeper]  # a higher division restarts the lower ones
            return chosen[max(chosen)][1] if chosen else None

        for b in self.nodes.values():
            if b.kind == "law":
                b.parent = enclosing(int(b.law), 3)
        nodes = []
        for first, r, level, numeral, title, line, path, page in placed:
            node_id = ids.division_id(level, str(first))
            label = {"glava": "Глава", "chast": "Часть", "razdel": "Раздел"}[level] + f" {numeral}"
            source = self.sources.get(_stem(path))
            nodes.append(Node(
                id=node_id, kind="division", law=None, parent=enclosing(first, r), lang=source.lang if source else "ru",
                title=title or None, title_from="heading", text=None, marks=(), footnotes=(),
                spans=(Span(path, page, (line.first, line.last)),), attribution="heading", uncertain=(),
                truncated_start=False, truncated_end=False, missing=False,
                translations={"en": {"title": None, "text": None}},
                label=label,
                edition=source.edition if source else None, translator=source.translator if source else None,
            ))
        return nodes

    def _freeze(self, b: NodeBuilder) -> Node:
        text = b.text or None
        marks = list(b.marks)
        if text:
            marks += [Mark("label", m.start(), m.end()) for m in INLINE_LABEL.finditer(text)]
        marks.sort(key=lambda m: (m.start, m.kind))
        source = self.sources.get(b.source) if b.source else None
        if source is None:
            source = next((s for s in self.sources.values() if s.kind == "laws"), None)
        footnotes = tuple(dict.fromkeys(m.footnote for m in marks if m.kind == "footnote" and m.footnote))
        en_title = self.titles_en.get(b.law) if b.kind == "law" else None
        return Node(
            id=b.id, kind=b.kind, law=b.law, parent=b.parent, lang=source.lang if source else "ru",
            title=b.title, title_from=b.title_from if b.title else None, text=text, marks=tuple(marks),
            footnotes=footnotes, spans=tuple(b.spans),
            attribution=b.attribution, uncertain=tuple(lv for lv in ("law", *LEVELS) if lv in b.uncertain),
            truncated_start=b.truncated_start, truncated_end=b.truncated_end, missing=b.missing,
            translations={"en": {"title": en_title, "text": None}},
            label=b.label,
            edition=source.edition if source else self.code.get("edition"),
            translator=source.translator if source else None,
        )


@dataclass
class _RunState:
    law: str | None = None
    rule: str = "unattributed"
    path: dict[str, str] = field(default_factory=dict)
    uncertain: set[str] = field(default_factory=set)
    current: str | None = None
    piece_node: str | None = None
    pending_join: str = "gap"
    pending_divisions: list[_Division] = field(default_factory=list)


def _previous_label(label: str) -> str | None:
    """The sibling label before ``label``: G → F, 2 → 1, a → None for the first."""
    if label.isdigit():
        return str(int(label) - 1) if int(label) > 1 else None
    if label in ("A", "a"):
        return None
    return chr(ord(label) - 1)


def _sentence_case(title: str) -> str:
    """``ОТКРЫТИЕ КАРТ РАЗЫГРЫВАЮЩЕГО`` → ``Открытие карт разыгрывающего``."""
    if title.isupper():
        return title[:1] + title[1:].lower()
    return title


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].rsplit(".", 1)[0]


def build_tree(runs: list[Run], commentary: list[tuple[Source, list[Line]]], sources: list[Source],
               law_range: tuple[int, int], titles_en: dict[str, str], code: dict,
               curation_path: str | None) -> Tree:
    """The whole structure stage: law-text runs and commentary files → a ``Tree``."""
    builder = TreeBuilder({s.id: s for s in sources}, law_range, titles_en, code, curation_path)
    for run in runs:
        builder.add_run(run)
    for source, lines in commentary:
        builder.add_commentary(source, lines)
    return builder.finish()
