"""The commentary: numbered paragraphs (``47.8.``) become nodes attached to their law."""

from __future__ import annotations

from ..model import Line, Mark, Problem, Source
from .nodes import BuilderBase, NodeBuilder


class Commentary(BuilderBase):
    def add_commentary(self, source: Source, lines: list[Line]) -> None:
        """Numbered paragraphs ``47.8.`` become nodes attached to their law; headings
        ``Правило 48. ОТКРЫТИЕ…`` name laws known only from the commentary; unnumbered
        paragraphs stay inside the numbered one before them; the file's opening tail takes
        the number before the next one (47.7) and is marked truncated."""
        paragraph, heading = self.grammar.commentary(source.lang)
        current: NodeBuilder | None = None
        heading_law: str | None = None
        leading: list[Line] = []
        for line in lines:
            if m := heading.match(line.text):
                heading_law = m["law"]
                if self.in_range(heading_law):
                    self.commentary_titles.setdefault(heading_law, (sentence_case(m["title"]), source.path, line))
                    self.law_node(heading_law)
                else:
                    self.problems.append(Problem("error", f"law {heading_law} is outside the code's range", source.path, line.first))
                current = None
                continue
            if m := paragraph.match(line.text):
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
                current = self._commentary_node(self.ids.commentary_id(law, para), law, source, "heading")
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
        self.law_node(law)  # attributed in fill_missing_laws when no law text places it
        return b

    def _commentary_tail(self, source: Source, lines: list[Line], law: str | None, para: int | None) -> None:
        if law is not None and para is not None and para > 1:
            b = self._commentary_node(self.ids.commentary_id(law, para - 1), law, source, "next-heading")
        else:
            b = self.node(self.ids.piece_id(source.id, lines[0].first), "piece", law, law)
            b.attribute("next-heading" if law else "unattributed")
            b.source = source.id
        b.truncated_start = True
        b.marks.append(Mark("gap", 0, 0))
        for line in lines:
            b.append(line, "paragraph", source.path, None)
            b.add_span(source.path, None, line)


def sentence_case(title: str) -> str:
    """``ОТКРЫТИЕ КАРТ РАЗЫГРЫВАЮЩЕГО`` → ``Открытие карт разыгрывающего``."""
    if title.isupper():
        return title[:1] + title[1:].lower()
    return title
