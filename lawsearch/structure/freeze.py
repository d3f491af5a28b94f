"""Finishing the tree: laws between the first and the last get nodes (missing where no text
survives), lost headings are marked, footnotes resolved, and every builder frozen into a
``Node`` in reading order."""

from __future__ import annotations

from ..model import Mark, Node
from ..patterns import INLINE_LABEL
from .nodes import BuilderBase, NodeBuilder, Tree


class Freezing(BuilderBase):
    def finish(self) -> Tree:
        self.warn_law_sequence()
        self.fill_missing_laws()
        self.mark_lost_headings()
        footnotes, fn_offsets = self.resolve_footnotes()
        division_nodes = self.division_nodes()
        nodes = [self.freeze(b) for b in self.nodes.values()] + division_nodes
        nodes.sort(key=lambda n: self.ids.sort_key(n.id, n.law, n.kind))
        offsets = {b.id: b.offsets for b in self.nodes.values()} | self.division_offsets
        return Tree(nodes, footnotes, self.problems.problems(), offsets, fn_offsets, self.verified, self.problems.named,
                    list(self.commentary_headings), dict(getattr(self, "cut_warnings", {})))

    def fill_missing_laws(self) -> None:
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
            if b.title is None and self.main_titles.get(law):
                b.title, b.title_from = self.main_titles[law], "titles"

    def mark_lost_headings(self) -> None:
        """A law, section or clause known only through its children lost its heading and
        whatever text followed it: its start is truncated."""
        for b in self.nodes.values():
            if b.kind in ("law", *self.levels) and b.title_line is None and not b.missing and b.title is None:
                b.truncated_start = True

    def freeze(self, b: NodeBuilder) -> Node:
        text = b.text or None
        marks = list(b.marks)
        if text:
            marks += [Mark("label", m.start(), m.end()) for m in INLINE_LABEL.finditer(text)]
        marks.sort(key=lambda m: (m.start, m.kind))
        source = self.sources.get(b.source) if b.source else None
        if source is None:
            source = next((s for s in self.sources.values() if s.kind == "laws"), None)
        footnotes = tuple(dict.fromkeys(m.footnote for m in marks if m.kind == "footnote" and m.footnote))
        given_title = self.titles_en.get(b.law) if b.kind == "law" and self.titles_lang else None
        return Node(
            id=b.id, kind=b.kind, law=b.law, parent=b.parent, lang=source.lang if source else self.main_lang,
            title=b.title, title_from=b.title_from if b.title else None, text=text, marks=tuple(marks),
            footnotes=footnotes, spans=tuple(b.spans),
            attribution=b.attribution, uncertain=tuple(lv for lv in ("law", *self.levels) if lv in b.uncertain),
            truncated_start=b.truncated_start, truncated_end=b.truncated_end, missing=b.missing,
            translations={self.titles_lang: {"title": given_title, "text": None}} if self.titles_lang else {},
            label=b.label,
            edition=source.edition if source else self.code.get("edition"),
            translator=source.translator if source else None,
            run_in=b.run_in and not text and b.title is None,
        )
