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

from ..grammar import Grammar, Layout, default_grammar
from ..model import Line, Source
from ..pages import Run
from .commentary import Commentary
from .divisions import Divisions
from .footnotes import Footnotes
from .freeze import Freezing
from .lawtext import LawText
from .nodes import NodeBuilder, Tree

__all__ = ["NodeBuilder", "Tree", "TreeBuilder", "build_tree"]


class TreeBuilder(LawText, Divisions, Footnotes, Commentary, Freezing):
    """The structure stage, one concern per module: law text (``lawtext``), divisions,
    footnotes, commentary, and the final freeze (``freeze``); ``nodes`` holds what they share."""


def build_tree(runs: list[Run], commentary: list[tuple[Source, list[Line]]], sources: list[Source],
               law_range: tuple[int, int], titles_en: dict[str, str], code: dict,
               curation_path: str | None, grammar: Grammar | None = None,
               layouts: dict[str, Layout] | None = None, indents: dict[str, dict[int, int]] | None = None,
               main_lang: str | None = None, commentary_curation=(), apparatus_pages=frozenset(),
               commentary_inside=frozenset(), back_matter=frozenset(), counted_sources=frozenset(),
               truncated_sources=frozenset(), fed_sources=frozenset()) -> Tree:
    """The whole structure stage: law-text runs and commentary files → a ``Tree``, read by
    the profile's ``grammar`` (the default profile's without one); ``layouts`` gives each
    law source's layout, ``indents`` the indentation of the raw lines of list layouts;
    ``commentary_curation`` the curation statements about commentary sources;
    ``apparatus_pages`` the (source ID, page) pages the contents, the index or the title
    page fill (a page of law text before one of them is no gap); ``commentary_inside`` the
    law sources whose commentary follows their laws in the same file (the law text ends
    where it begins: no gap); ``back_matter`` the (source ID, line) where text after the
    book's contents or index begins (an afterword: no text lost before it);
    ``counted_sources`` the sources whose pages are counted in words («Страница 2»), whose
    last page, after the last counter, ends where the file does; ``truncated_sources`` the
    sources whose reader found the file's end lost (a truncated RTF): their last node is cut;
    ``fed_sources`` the sources whose pages form feeds part (``clean.Cleaned.feeds``)."""
    builder = TreeBuilder({s.id: s for s in sources}, law_range, titles_en, code, curation_path,
                          grammar or default_grammar(), layouts, indents, main_lang)
    # a source with no footer at all gives no page numbers: its end is the file's end, not a
    # page gap, unless pages are known to be missing (coldA item 5)
    # (pages a form feed ends are not numbered: the page after the last one ends where its file does)
    builder.paged_sources = {p.source for run in runs for p in run.pieces
                             if p.starts_page and not getattr(p, "after_feed", False)
                             or p.ends_page and p.page_from == "footer"} - set(counted_sources)
    builder.apparatus_pages = apparatus_pages
    builder.counted_sources = frozenset(counted_sources)
    # the sources whose pages form feeds part: a printed document's text (a text layer as
    # pdftotext writes it, a page to each feed), whole as a PDF is -- its last page, its text
    # ending a sentence, ends where the document does (cold read 13 of issue 12, finding 8)
    builder.fed_sources = frozenset(fed_sources)
    builder.truncated_sources = frozenset(truncated_sources)  # their reader found their end lost
    # each source's last piece: a run ending there ends where the file does (lawtext._ends_cut)
    builder.last_pieces = {}
    for run in runs:
        for p in run.pieces:
            builder.last_pieces[p.source] = max(p.first, builder.last_pieces.get(p.source, p.first))
    builder.commentary_inside = commentary_inside
    builder.back_matter = back_matter
    from ..placement import document_starts

    builder.document_starts = document_starts(runs)  # text before a first law there is no law's
    for run in runs:
        builder.add_run(run)
    for source, lines in commentary:
        builder.add_commentary(source, lines, [st for st in commentary_curation if st.at[0] == source.id])
    return builder.finish()
