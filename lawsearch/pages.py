"""Page assembly: cleaned lines → pieces → runs of joined pages (the page model of
CORPUS-NOTES.md).

A footer ``- N`` ends page N. The files are cuts of a stream of whole pages in scrambled
order, so:

* a piece that follows a footer starts a page; a piece that ends at a footer ``- N`` is the
  end of page N; the first piece of a file may start anywhere (start truncated) and the
  last has no footer (end truncated, page unknown unless curated);
* page N's end and page N+1's start join without a gap; a curated ``continues`` joins two
  pieces of one page; everywhere else text is missing, and a run ends.

    runs = assemble(cleaned_by_source, statements)
    [p.label for p in runs[3].pieces]      # ['002:1', '004:13', '001:1']  (81 → 82 head → 82 tail)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from .model import Line, Problem
from .patterns import classify
from .sources import CurationStatement


@dataclass
class Piece:
    """A stretch of one file between footers (or the file's ends)."""

    source: str
    first: int  # raw line of the first content line: the piece's name in curation ("004:13")
    lines: list[Line]
    page: int | None  # from its footer, or curated, or None
    starts_page: bool  # follows a footer: the page's beginning is here
    ends_page: bool  # ends at a footer: the page's end is here
    page_from: str | None = None  # "footer" | "curated" | "sequence" (after the last footer of pages in order)
    curation: CurationStatement | None = None
    joined_by: str | None = None  # how this piece joins the one before it in its run: "page" | "curated"
    # the page before is present (it joined by page) but a law heading between them was lost:
    # the runs were cut there (placement.split_at_lost_headings), no page is missing
    heading_cut: bool = False
    cut_after: bool = False  # the same, said of the piece before such a page
    # the ID of the section the contents start on this page whose heading is nowhere in the
    # text, where the page was cut from the section before for it ("41B"; placement.py)
    lost_section: str | None = None
    # bare footnote marks («… table.*») the page before left unanswered: a body at this page's
    # top, set below that page's footer, answers them (grammar.Layout.read)
    carried: tuple[str, ...] = ()
    answered_below: tuple[str, ...] = ()  # its own bare marks a body on the next page's top answers
    # its top lines that finish the sentence the page before left open: a body right after
    # them still answers the ``carried`` marks (grammar.Layout.finishing)
    through: int = 0
    after_feed: bool = False  # starts after a form feed (an unnumbered page end): joins the piece before it

    @property
    def label(self) -> str:
        return f"{self.source.split('_')[0]}:{self.first}"


def source_names(source_ids) -> dict[str, str]:
    """Each source's name in a piece's curation name (``004:13``): its ID up to the first
    ``_``, or the whole ID where that part is another source's too (``ustav_p1``,
    ``ustav_p2``), so that no two pieces are named alike.

    >>> source_names(["004_2b7f", "ustav_p1", "ustav_p2"])
    {'004_2b7f': '004', 'ustav_p1': 'ustav_p1', 'ustav_p2': 'ustav_p2'}
    """
    ids = list(dict.fromkeys(source_ids))
    short = {sid: sid.split("_")[0] for sid in ids}
    taken = Counter(short.values())
    return {sid: short[sid] if taken[short[sid]] == 1 else sid for sid in ids}


@dataclass
class Run:
    """Pieces that join without missing text, in reading order."""

    pieces: list[Piece] = field(default_factory=list)

    @property
    def first_page(self) -> int | None:
        return self.pieces[0].page


def split_pieces(source: str, lines: list[Line], layout=None, cuts: frozenset[int] = frozenset(),
                 feeds: frozenset[int] = frozenset()) -> list[Piece]:
    """Cut one file's cleaned lines at footers, as its layout (``lawsearch.grammar.Layout``;
    the default profile's book layout without one) reads them, before the raw lines of
    ``cuts`` (text the book's apparatus parted from the law text before it: an afterword
    after the subject index), where a piece starts that goes on from nothing, and before
    the raw lines of ``feeds`` (a form feed opened the line: a page ends there, its number
    not printed; the page after it goes on from it, ``after_feed``). Empty stretches (two
    footers in a row, a footer on the first line) give no piece."""
    read = layout.classify if layout is not None else classify
    cuts = cuts | _after_page_notes(lines, layout, read)
    pieces: list[Piece] = []
    current: list[Line] = []
    after_footer = False
    cut_before: list[int] = []  # pieces that start at a cut
    fed = False  # the piece being read starts after a form feed that ended the one before
    for line in lines:
        if feeds and current and any(line.first <= n <= line.last for n in feeds):
            pieces.append(Piece(source, current[0].first, current, None, after_footer, True, None, after_feed=fed))
            current, after_footer, fed = [], True, True
        if cuts and any(line.first <= n <= line.last for n in cuts):
            if current:
                pieces.append(Piece(source, current[0].first, current, None, after_footer, False, after_feed=fed))
                cut_before.append(len(pieces))
            # the text after a cut does not begin its page (the apparatus stood before it there)
            current, after_footer, fed = [], False, False
        c = read(line.text)
        if c.kind == "footer":
            if current:
                pieces.append(Piece(source, current[0].first, current, int(c.label), after_footer, True, "footer",
                                    after_feed=fed))
            current, fed = [], False
            after_footer = True
            continue
        current.append(line)
    if current:
        page = None
        footers = [p.page for p in pieces if p.ends_page]
        if after_footer and (in_order(footers) or len(footers) == 1 and pieces[-1].ends_page
                             and _runs_across(pieces[-1].lines, current, read)):
            # the pages run in order, or the file's only footer stands inside a sentence that
            # goes on after it: the text after the last footer begins the next page
            page = footers[-1] + 1
        pieces.append(Piece(source, current[0].first, current, page, after_footer, False,
                            "sequence" if page is not None else None, after_feed=fed))
    for k in cut_before:  # the text before a cut is on the page the text after it ends
        if k < len(pieces) and pieces[k].page is not None:
            pieces[k - 1].page, pieces[k - 1].page_from = pieces[k].page, pieces[k].page_from
    if layout is not None:  # a note below a footer answers the page before's mark
        for before, piece in zip(pieces, pieces[1:]):
            if before.ends_page and piece.starts_page:
                piece.carried = layout.open_marks(before.lines)
                if piece.carried:
                    piece.through = layout.finishing(before.lines, piece.lines)
                    read = layout.read(piece.lines, None, piece.carried, piece.through)
                    before.answered_below = tuple(sorted({c.label for c in read
                                                          if c.kind == "footnote" and c.label in piece.carried}))
    return pieces


def _after_page_notes(lines: list[Line], layout, read) -> frozenset[int]:
    """In a file with no page footers, the raw lines where a page begins after a page's
    footnotes: a note is printed at the foot of its page, so running text right after a
    note's body (a typed mark, ``¹ …``, ``* …``, answering a mark in the text above) is no
    longer the noted clause's, but the next page's, whose heading may be lost (a piece of
    its own, placed by the rules after it or left unplaced). Its end is told by shape: the
    body's line (or lines of bodies) ends, and the next line is text that does not go on
    with a sentence left open above the note. A heading after the note opens its own node
    as everywhere. Notes a format's markup gave (``(*) - …``, placed after their paragraph,
    not at a page's foot) and files with footers (their pages end at the footers) have none."""
    if layout is None or not lines or any(read(line.text).kind == "footer" for line in lines):
        return frozenset()
    kinds = layout.read(lines)
    out = set()
    for k in range(1, len(lines)):
        c, before = kinds[k], kinds[k - 1]
        if before.kind != "footnote" or before.label is None or c.kind != "text":
            continue
        above = [(kind, line) for kind, line in zip(kinds[:k], lines[:k]) if kind.kind != "footnote"]
        if above and _runs_across([line for _, line in above], lines[k:k + 1], read):
            continue  # the sentence the note's page left open goes on: the next page's top
        out.add(lines[k].first)
    return frozenset(out)


def _runs_across(before: list[Line], after: list[Line], read) -> bool:
    """Whether a sentence runs across a footer: the page before leaves it open and the text
    after goes on in lower case (``placement.continues_open_sentence``). A file's only footer
    says no more (an English excerpt's lone ``- 12`` in a clause's sentence: the next page;
    the book's scrambled cut, a page ended at a stop, then another's heading: not known)."""
    from .placement import continues_open_sentence

    return continues_open_sentence([(read(line.text), line) for line in before],
                                   [(read(line.text), line) for line in after])


def in_order(footers: list[int | None]) -> bool:
    """A file whose footers count up one by one (two or more) holds its pages in order:
    the text after its last footer ``- N`` is the start of page N+1 and goes on from page N.
    A file whose footers jump (``- 76``, ``- 80``) is a cut of scrambled pages, and the text
    after its last footer is some page's start, not known which.

    >>> in_order([5, 6, 7]), in_order([76, 80]), in_order([12])
    (True, False, False)
    """
    return len(footers) >= 2 and all(a is not None and b == a + 1 for a, b in zip(footers, footers[1:]))


OPEN_END = re.compile(r"[\w,;:\-–—]$")  # a text stopped mid-sentence: a word or a comma last, no stop


def open_end(piece: Piece) -> bool:
    """Whether a piece's text stops mid-sentence (``…передаётся в пользу``): the file after
    it in its series goes on with it. One that ends a sentence ends where its document may
    (blog posts numbered as their laws are, one law each): no join is guessed there."""
    tail = next((line.text.strip() for line in reversed(piece.lines) if line.text.strip()), "")
    return bool(OPEN_END.search(tail))


SERIES_NUMBER = re.compile(r"\d+")


def file_series(source_paths: dict[str, str], pieces_by_source: dict[str, list[Piece]] | None = None) -> list[list[str]]:
    """The sources (their IDs) that are one document saved file after file: names alike
    but for their last number (``ustav_p1.html``, ``ustav_p2.html``; ``part 9.txt``,
    ``part 10.txt``), in the same folder, with the same ending, two or more, their numbers
    counting up one by one (natural order: 9 before 10; a number missing between ends a
    series). Each series in its order.

    >>> file_series({"a": "x/ustav_p2.html", "b": "x/ustav_p1.html", "c": "x/other.html", "d": "y/ustav_p3.html"})
    [['b', 'a']]
    >>> file_series({"a": "p1.txt", "b": "p3.txt"}), file_series({"a": "p9.txt", "b": "p10.txt"})
    ([], [['a', 'b']])
    """
    groups: dict[tuple[str, str, str], list[tuple[int, str]]] = {}
    for sid, path in source_paths.items():
        if pieces_by_source is not None and not pieces_by_source.get(sid):
            continue
        folder, _, name = path.rpartition("/")
        numbers = list(SERIES_NUMBER.finditer(name))
        if not numbers:
            continue
        last = numbers[-1]
        groups.setdefault((folder, name[:last.start()], name[last.end():]), []).append((int(last.group()), sid))
    out = []
    for members in groups.values():
        members.sort()
        series: list[tuple[int, str]] = []
        for n, sid in members + [(-1, "")]:  # a part lost between ends a series (no text joins over it)
            if series and n != series[-1][0] + 1:
                if len(series) >= 2:
                    out.append([s for _, s in series])
                series = []
            series.append((n, sid))
    return out


def assemble(pieces_by_source: dict[str, list[Piece]], statements: list[CurationStatement],
             curation_path: str | None, source_paths: dict[str, str]) -> tuple[list[Run], list[Problem]]:
    """Apply curated pages and continuations, then chain pieces into runs.

    Returns the runs in reading order (by first page; runs of unknown page last, in file
    order) and the problems found: a statement naming no piece, or one the text contradicts.
    """
    problems: list[Problem] = []
    by_name = {(p.source, p.first): p for pieces in pieces_by_source.values() for p in pieces}

    def error(st: CurationStatement, message: str) -> None:
        problems.append(Problem("error", message, curation_path, st.line))

    for st in statements:
        piece = by_name.get(st.at)
        if piece is None:
            starts = ", ".join(str(p.first) for p in pieces_by_source.get(st.at[0], []))
            error(st, f"no piece starts at {st.at[0]}:{st.at[1]} (pieces of {source_paths.get(st.at[0], st.at[0])} start at lines {starts})")
            continue
        piece.curation = st
        if st.page is not None:
            if piece.page is not None and piece.page != st.page:
                error(st, f"says {piece.label} is on page {st.page}, but its footer says page {piece.page}")
            elif piece.page is None:
                piece.page, piece.page_from = st.page, "curated"

    successor: dict[int, Piece] = {}
    predecessor: dict[int, Piece] = {}

    def link(a: Piece, b: Piece, how: str) -> str | None:
        if id(a) in successor and successor[id(a)] is not b:
            return f"{b.label} cannot continue {a.label}: {successor[id(a)].label} already does"
        if id(b) in predecessor and predecessor[id(b)] is not a:
            return f"{b.label} cannot continue {a.label}: it already continues {predecessor[id(b)].label}"
        successor[id(a)], predecessor[id(b)] = b, a
        b.joined_by = b.joined_by or how
        return None

    for st in statements:
        piece = by_name.get(st.at)
        if piece is None or st.continues is None:
            continue
        before = by_name.get(st.continues)
        if before is None:
            error(st, f"continues {st.continues[0]}:{st.continues[1]}, but no piece starts there")
            continue
        if before.ends_page or piece.starts_page:
            if not (before.ends_page and piece.starts_page and before.page is not None and piece.page == before.page + 1):
                error(st, f"says {piece.label} continues {before.label}, but a page boundary lies between them")
                continue
        elif before.page is not None and piece.page is not None and before.page != piece.page:
            error(st, f"says {piece.label} continues {before.label}, but they are on pages {before.page} and {piece.page}")
            continue
        if (msg := link(before, piece, "curated")) is not None:
            error(st, msg)
        if before.page is not None and piece.page is None:
            piece.page, piece.page_from = before.page, "curated"
        elif piece.page is not None and before.page is None:
            before.page, before.page_from = piece.page, "curated"

    page_ends = {p.page: p for ps in pieces_by_source.values() for p in ps if p.ends_page and p.page is not None}
    page_starts = {p.page for ps in pieces_by_source.values() for p in ps if p.starts_page and p.page is not None}
    for pieces in pieces_by_source.values():
        # a file that holds one page and its footer, the end of the page before and the start
        # of the page after both in other files: the file is that page, from its top (a page
        # saved as a file of its own), not the end of a page whose start was lost
        one = pieces[0] if len(pieces) == 1 else None
        if one is not None and not one.starts_page and one.ends_page and one.page_from == "footer" \
                and one.page is not None and one.page + 1 in page_starts and one.curation is None \
                and (before := page_ends.get(one.page - 1)) is not None and before.source != one.source:
            one.starts_page = True
    for pieces in pieces_by_source.values():
        for piece in pieces:
            if piece.starts_page and piece.page is not None and piece.page - 1 in page_ends and id(piece) not in predecessor:
                before = page_ends[piece.page - 1]
                if id(before) not in successor:
                    link(before, piece, "page")

    # a page that a form feed began goes on from the page before it in its file (no number
    # printed, nothing between them)
    for pieces in pieces_by_source.values():
        for before, piece in zip(pieces, pieces[1:]):
            if piece.after_feed and before.ends_page and id(piece) not in predecessor and id(before) not in successor:
                link(before, piece, "page")

    # a book saved page after page as files of one series (``ustav_p1.html``, ``ustav_p2.html``):
    # the text cut mid-sentence at one file's end goes on at the next file's start, as within one file
    for ids in file_series(source_paths, pieces_by_source):
        for a, b in zip(ids, ids[1:]):
            before, piece = pieces_by_source[a][-1], pieces_by_source[b][0]
            if not before.ends_page and not piece.starts_page and open_end(before) and id(piece) not in predecessor \
                    and id(before) not in successor:
                link(before, piece, "file")

    runs: list[Run] = []
    all_pieces = [p for src in pieces_by_source for p in pieces_by_source[src]]
    placed: set[int] = set()
    # chains start where nothing comes before; a second pass breaks any curated cycle
    for starts_only in (True, False):
        for piece in all_pieces:
            if id(piece) in placed or (starts_only and id(piece) in predecessor):
                continue
            run = Run()
            p: Piece | None = piece
            while p is not None and id(p) not in placed:
                placed.add(id(p))
                run.pieces.append(p)
                p = successor.get(id(p))
            runs.append(run)
    order = {id(p): n for n, p in enumerate(all_pieces)}
    runs.sort(key=lambda r: (r.first_page is None, r.first_page or 0, order[id(r.pieces[0])]))
    return runs, problems
