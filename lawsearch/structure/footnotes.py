"""Footnotes: bodies at the page bottom, markers ``(*)`` in the text, matched per page."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Footnote, Line, Mark, Span
from ..patterns import Classified
from .nodes import BuilderBase, NodeBuilder


@dataclass
class FootnoteBody:
    page_key: object
    page: int | None
    symbol: str
    text: str
    at: str | None
    line: Line
    path: str
    after_footer: bool = False  # set right after a footer, before any text of the next page


class Footnotes(BuilderBase):
    def add_footnote_body(self, page_key: object, page: int | None, c: Classified, at: str | None,
                          line: Line, path: str, after_footer: bool = False) -> None:
        self.bodies.append(FootnoteBody(page_key, page, c.extra, c.title, at, line, path, after_footer))

    def _bodies_below_footers(self, markers_by_page: dict[object, list]) -> None:
        """A footnote body set after a page's footer ``- N``, before any text of the next
        page, belongs to page N when page N has a marker of its symbol that no body of its
        own answers and the next page has none: the footnote is the page's wherever on the
        page it sits (a copy that printed the notes below the page number)."""
        for body in self.bodies:
            if not body.after_footer or not isinstance(body.page_key, int):
                continue
            here = sum(1 for m in markers_by_page.get(body.page_key, ()) if m[2] == body.symbol)
            before = body.page_key - 1
            wanting = sum(1 for m in markers_by_page.get(before, ()) if m[2] == body.symbol) \
                - sum(1 for b in self.bodies if b.page_key == before and b.symbol == body.symbol)
            # this page's own markers are answered all the same: by its bodies above its
            # footer, or by the bodies set after its footer in turn (a copy that prints every
            # page's notes below its number)
            answered = sum(1 for b in self.bodies if b is not body and b.symbol == body.symbol and (
                b.page_key == body.page_key and not b.after_footer
                or b.after_footer and b.page_key == body.page_key + 1))
            if wanting > 0 and (here == 0 or answered >= here):
                body.page_key, body.page = before, before

    def resolve_footnotes(self) -> tuple[list[Footnote], dict[str, tuple[str, int]]]:
        markers_by_page: dict[object, list[tuple[NodeBuilder, int, str]]] = {}
        for b in self.nodes.values():
            for offset, symbol, page_key in b.markers:
                markers_by_page.setdefault(page_key, []).append((b, offset, symbol))
        self._bodies_below_footers(markers_by_page)
        bodies_by_page: dict[object, list[FootnoteBody]] = {}
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
                fid = self.ids.footnote_id(page_label, n)
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
