"""Divisions (a chapter, a part, a section of the code): their headings wait for the law
that follows, which names them (``div-razdel-46``); a higher division restarts the lower."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from ..coverage import LOST
from ..model import Line, Node, Problem, Span
from ..patterns import Classified
from .nodes import BuilderBase, NodeBuilder, RunState, stem


@dataclass
class Division:
    slug: str  # the division word's ID part: glava | chast | razdel, chapter | part …
    numeral: str
    title: str
    line: Line
    path: str
    page: int | None
    first_law: int | None = None  # set by the law heading that follows
    body: NodeBuilder = field(default_factory=lambda: NodeBuilder("", "division", None, None))  # its own text


class Divisions(BuilderBase):
    def add_division(self, c: Classified, line: Line, path: str, page: int | None, state: RunState) -> None:
        self.divisions.append(Division(c.extra, c.label, c.title, line, path, page))
        state.pending_divisions.append(self.divisions[-1])

    def add_division_text(self, division: Division, line: Line, path: str, page_key: object) -> None:
        """A division's introductory paragraph, between its heading and the next heading."""
        division.body.append(line, "paragraph", path, page_key)
        division.body.add_span(path, division.page, line)

    def place_divisions(self, law: str, state: RunState) -> None:
        """The division headings read since the last law belong to ``law``."""
        levels_seen: dict[str, Division] = {}
        for division in state.pending_divisions:
            if division.slug in levels_seen:
                # two headings of one level and nothing between them: the earlier is empty
                earlier = levels_seen[division.slug]
                self.problems.append(Problem("warning", f"division heading {earlier.numeral} has no law before the next one",
                                             earlier.path, earlier.line.first))
                earlier.first_law = None
            division.first_law = int(law)
            levels_seen[division.slug] = division
        state.pending_divisions = []

    def division_label(self, slug: str, numeral: str) -> str:
        """How the site names a division: the profile's word and the numeral, «Раздел II»."""
        word = next((d.label for d in self.ids.divisions if d.slug == slug), slug)
        return f"{word} {numeral}"

    def division_nodes(self) -> list[Node]:
        rank = self.ids.division_rank
        placed = []
        for d in self.divisions:
            if d.first_law is None:
                # its words are in no node: no silent loss (coverage.py), an error in build and check
                self.problems.append(Problem("error", f"{LOST}: a division heading with no law heading after it "
                                                        "(a division is named by the law after its heading; move the "
                                                        "heading before its first law, or [[drop]] it with a reason in "
                                                        "curation.toml)", d.path, d.line.first))
                continue
            placed.append((d.first_law, rank(d.slug), d.slug, d.numeral, d.title, d.line, d.path, d.page, d.body))
        placed.sort(key=lambda d: (d[0], d[1]))
        unique: dict[tuple[int, int], tuple] = {}
        for d in placed:
            if (d[0], d[1]) in unique:  # the same division heading again before the same law
                self.problems.append(Problem("warning", "a division heading repeats before the same law", d[6], d[5].first))
                continue
            unique[(d[0], d[1])] = d
        placed = list(unique.values())

        # the open divisions (rank → id) after each prefix of ``placed``, made in one walk: a
        # law's enclosing division is read from the state before the first division after it
        # (a walk of every division per law made this quadratic in the corpus's size). A
        # division of rank r or deeper never closes a higher one, so the divisions above
        # ``below_rank`` are the state's entries of lower rank.
        states: list[dict[int, str]] = [{}]
        for first, r, slug, *_ in placed:
            chosen = {k: v for k, v in states[-1].items() if k < r}  # a higher division restarts the lower ones
            chosen[r] = self.ids.division_id(slug, str(first))
            states.append(chosen)
        firsts = [d[0] for d in placed]

        def enclosing(law: int, below_rank: int) -> str | None:
            chosen = states[bisect.bisect_right(firsts, law)]
            ranks = [k for k in chosen if k < below_rank]
            return chosen[max(ranks)] if ranks else None

        for b in self.nodes.values():
            if b.kind == "law":
                b.parent = enclosing(int(b.law), 1 << 20)
        nodes = []
        for first, r, slug, numeral, title, line, path, page, body in placed:
            node_id = self.ids.division_id(slug, str(first))
            source = self.sources.get(stem(path))
            if body.length:
                self.division_offsets[node_id] = body.offsets
            nodes.append(Node(
                id=node_id, kind="division", law=None, parent=enclosing(first, r),
                lang=source.lang if source else self.main_lang,
                title=title or None, title_from="heading", text=body.text or None, marks=tuple(body.marks), footnotes=(),
                spans=(Span(path, page, (line.first, line.last)), *body.spans), attribution="heading", uncertain=(),
                truncated_start=False, truncated_end=False, missing=False,
                translations={self.titles_lang: {"title": None, "text": None}} if self.titles_lang else {},
                label=self.division_label(slug, numeral),
                edition=source.edition if source else None, translator=source.translator if source else None,
            ))
        return nodes
