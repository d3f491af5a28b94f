"""Placement of headless text: pieces that start with no law heading.

After the rules of CORPUS-NOTES.md (``heading``, ``continuity``, ``next-heading``), two
rules read the book's table of contents, given as ``ContentsEntry`` values (the contents
parser of the ``toc`` source kind provides them):

* ``toc``  -- the piece holds a section heading whose title the contents list under exactly
  one law (and no law heading decides first);
* ``page`` -- the piece ends at a footer ``- N`` and the contents close page N: the last law
  whose first page is <= N, provided some later law's first page is > N (a piece ending on
  the page where a law starts is that page's tail after the lost heading: that law).

A curation statement still comes first where it names a law. Then content **similarity**
of a piece no rule placed to the contents titles, the laws' text and the commentary only
*suggests* a law (``suggest``): ``lawsearch check`` prints each suggestion with its
confidence and the curation line that would confirm it; a suggestion never places a piece.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from . import ids
from .model import Line, Node
from .pages import Piece, Run
from .patterns import Classified
from .sources import CurationStatement


@dataclass(frozen=True)
class ContentsEntry:
    """One entry of the book's contents: ``ContentsEntry("62B", "Замечено после следующей
    взятки", 117, "section")``; ``page`` None where the entry gives none (a division)."""

    id: str
    title: str
    page: int | None
    kind: str = "law"  # law | the first level's name (section) | division | definitions | other
    scope: str = "laws"  # laws | commentary | book: only the code's own text places law text
    source: str | None = None  # where the entry stands (its file and raw line), to name it
    line: int | None = None


@dataclass(frozen=True)
class Placement:
    """Where a piece's first text goes and by which rule (``source:first`` names the piece)."""

    source: str
    first: int
    page: int | None
    law: str | None
    rule: str  # heading | continuity | next-heading | curated | toc | page | unattributed
    # the levels below the law the contents place it in, (level, label) outermost first: a
    # page whose section heading was lost (``section_lost_on_page``)
    parts: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Suggestion:
    """What similarity suggests for a piece no rule placed; never a placement."""

    source: str
    first: int
    law: str
    confidence: float  # 0..1: the share of the best law's score in the two best
    score: float  # the cosine of the piece's words and the law's
    low: bool  # confidence_label(confidence) == "low": read it before confirming
    basis: str  # what the piece shares with the law: a few of the words
    # "law": a suggestion check prints; "unlikely": the best law scores under NO_PLACE, no
    # likely place; "matter": the book's own matter (a preface, an afterword), not law text
    verdict: str = "law"

    def curation(self) -> str:
        """The curation statement that would confirm it (curation.toml's format), with the
        reason left for whoever reads the piece to write."""
        return curation_lines(vars(self))


def curation_lines(suggestion: dict) -> str:
    """A suggestion (a ``Suggestion`` as a dict, as corpus.json keeps it) as the curation
    statement that would confirm it."""
    return (f'[[piece]]\nat = "{suggestion["source"]}:{suggestion["first"]}"\nlaw = "{suggestion["law"]}"\n'
            f'reason = "…"')


def law_of(entry_id: str) -> str | None:
    """The law number an entry ID begins with: ``law_of("62B") == "62"``, ``law_of("defs")`` None."""
    m = re.match(r"\d+", entry_id)
    return m.group() if m else None


def fold_title(title: str) -> str:
    """Titles compared as words: case, letters the search folds (``analysis.fold``),
    punctuation and spacing folded."""
    from .analysis import fold

    return " ".join(fold(w) for w in re.findall(r"\w+", title))


def by_page(page: int, entries: Iterable[ContentsEntry]) -> str | None:
    """The law whose pages hold page ``page``, by the contents, or None where they do not
    close it (no later law starts after it).

    >>> toc = [ContentsEntry("31", "a", 86), ContentsEntry("32", "b", 88), ContentsEntry("33", "c", 90)]
    >>> by_page(89, toc), by_page(88, toc), by_page(85, toc), by_page(90, toc)
    ('32', '32', None, None)
    """
    laws = sorted((e.page, e.id) for e in entries
                  if e.kind == "law" and e.scope == "laws" and e.page is not None and e.id.isdigit())
    before = [law for p, law in laws if p <= page]
    later = [p for p, _ in laws if p > page]
    return before[-1] if before and later else None


@dataclass(frozen=True)
class Disagreement:
    """A law the contents put on one page whose heading stands on another in the text."""

    entry: ContentsEntry
    found: int  # the page its heading stands on


CONSISTENTLY_OFF = 2  # contents entries off by the same pages that make the contents' pages untrusted there


def contents_disagree(runs: list[Run], classes: Callable[[Piece], list[Classified]],
                      entries: Iterable[ContentsEntry]) -> tuple[list[Disagreement], frozenset[str]]:
    """The contents' law entries whose page is not the page their law's heading stands on
    in the text (the first page it is read on), consistently so (``CONSISTENTLY_OFF``
    entries or more off by the same number of pages), and the laws whose pages the contents
    cannot be trusted for: each such law, and the laws whose heading is nowhere in the text
    listed next to it, up to the nearest entries on either side whose page the text
    confirms. Headless text is not placed by page in those laws (``place``): where the
    contents are off (by a page, consistently after some entry), the page rule would put
    a lost law's text into its neighbour."""
    entries = [e for e in entries if e.kind == "law" and e.scope == "laws" and e.page is not None and e.id.isdigit()]
    if not entries:
        return [], frozenset()
    found: dict[str, int] = {}
    for run in runs:
        for piece in run.pieces:
            if piece.page is None:
                continue
            for c in classes(piece):
                if c.kind == "law" and c.label is not None:
                    found.setdefault(str(c.label), piece.page)
    shifts = Counter(found[e.id] - e.page for e in entries if e.id in found and found[e.id] != e.page)
    # consistently off: two entries or more off by the same pages (one heading a page later
    # than its entry may stand on a page whose footer was lost, the piece named by the next)
    off = {shift for shift, n in shifts.items() if n >= CONSISTENTLY_OFF}
    state = ["unknown" if e.id not in found else "agree" if found[e.id] == e.page else
             "disagree" if found[e.id] - e.page in off else "unsure" for e in entries]
    out = [Disagreement(e, found[e.id]) for e, st in zip(entries, state) if st == "disagree"]
    untrusted: set[str] = set()
    for i, st in enumerate(state):
        if st != "disagree":
            continue
        untrusted.add(entries[i].id)
        for step in (-1, 1):
            j = i + step
            while 0 <= j < len(entries) and state[j] not in ("agree", "unsure"):
                untrusted.add(entries[j].id)
                j += step
    return out, frozenset(untrusted)


def by_section_title(titles: Iterable[str], entries: Iterable[ContentsEntry], level: str | None = None) -> str | None:
    """The law the contents list a piece's section heading under, where exactly one law
    has a section of that title. ``level``: the kind of those headings and entries, the
    first level below a law by its profile's name (None: the active profile's).

    >>> toc = [ContentsEntry("62B", "Замечено после следующей взятки", 117, "section"),
    ...        ContentsEntry("61B", "Ответ на вопрос", 115, "section")]
    >>> by_section_title(["Замечено после следующей  взятки"], toc)
    '62'
    """
    if level is None:
        from .grammar import active_grammar

        level = next(iter(active_grammar().levels), None)
    index: dict[str, set[str]] = {}
    for e in entries:
        if e.kind == level and e.scope == "laws" and law_of(e.id):
            index.setdefault(fold_title(e.title), set()).add(law_of(e.id))
    for title in titles:
        laws = index.get(fold_title(title), set())
        if len(laws) == 1:
            return next(iter(laws))
    return None


@dataclass(frozen=True)
class LostHeading:
    """Where a run of joined pages was cut because a page cannot go on the law before it:
    its first heading repeats (or goes back from) a label already seen in that law, or a
    curation statement names another law for it. ``seen`` is the raw line of the label
    it repeats (None where curation cut it)."""

    piece: Piece
    law: str  # the law the page would have continued
    level: str | None
    label: str | None
    seen_label: str | None
    seen: int | None
    seen_source: str | None
    lost: tuple[str, ...] = ()  # laws the contents put on this page or before whose heading is nowhere in the text
    kept: bool = False  # not cut after all: the page goes on with the open sentence of the page before
    tail: bool = False  # kept: only the lines that finish that sentence; the rest of the page was cut off
    disputed: bool = False  # kept: its first section's label goes on from the law before, the contents
    # give the page to a lost law, and no section title in the contents decides between them
    section: str | None = None  # the section of law ``law`` the contents start on the page, heading lost ("41B")


def lost_on_page(page: int | None, law: str, upto: str | None, entries: Iterable[ContentsEntry],
                 headed: set[str]) -> tuple[str, ...]:
    """The laws after ``law`` (and before ``upto``, the next law heading on the page, if
    any) that the contents start on page ``page`` or before, and whose heading is nowhere in
    the text: a page holding their text cannot be law ``law``'s tail as a whole.

    >>> toc = [ContentsEntry("20", "a", 14), ContentsEntry("21", "b", 15), ContentsEntry("22", "c", 16)]
    >>> lost_on_page(15, "20", None, toc, {"20", "22"}), lost_on_page(15, "20", None, toc, {"20", "21", "22"})
    (('21',), ())
    >>> lost_on_page(14, "20", None, toc, {"20", "22"}), lost_on_page(15, "20", "21", toc, {"20", "22"})
    ((), ())
    """
    if page is None or not law.isdigit():
        return ()
    starts = {e.id: e.page for e in entries if e.kind == "law" and e.scope == "laws" and e.id.isdigit()
              and e.page is not None}
    first = starts.get(law)
    return tuple(sorted((i for i, p in starts.items()
                         if int(i) > int(law) and (upto is None or not upto.isdigit() or int(i) < int(upto))
                         and p <= page and (first is None or p >= first) and i not in headed), key=int))


def section_lost_on_page(page: int | None, law: str, last: int | None, entries: Iterable[ContentsEntry],
                         headed: set[tuple[str, str]], level: str,
                         position: Callable[[str, str], int | None]) -> tuple[str, str] | None:
    """The section of law ``law`` a page opening with text belongs to where its heading was
    lost: the last of the sections the contents list under that law on page ``page`` or
    before that come after ``last`` (the position of the law's last section heading read
    so far, None: none yet) and whose heading is nowhere in the text under that law
    (``headed``: (law, label) pairs), as (its ID, its label); else None. Such a page cannot
    go on the section before it: its text is the lost section's.

    >>> toc = [ContentsEntry("41", "a", 5), ContentsEntry("41A", "b", 5, "section"),
    ...        ContentsEntry("41B", "c", 6, "section"), ContentsEntry("42", "d", 7)]
    >>> pos = lambda level, label: "ABCDEF".find(label) + 1 or None
    >>> section_lost_on_page(6, "41", 1, toc, {("41", "A")}, "section", pos)
    ('41B', 'B')
    >>> section_lost_on_page(5, "41", 1, toc, {("41", "A")}, "section", pos) is None
    True
    >>> section_lost_on_page(6, "41", 1, toc, {("41", "A"), ("41", "B")}, "section", pos) is None
    True
    """
    if page is None or not law.isdigit():
        return None
    found = None
    for e in entries:
        if e.kind != level or e.scope != "laws" or e.page is None or e.page > page or law_of(e.id) != law:
            continue
        parts = ids.rules().parse(e.id)
        label = parts.get(level) if parts else None
        if not label or (law, label) in headed or any(v for k, v in parts.items() if k not in ("law", level)):
            continue
        pos = position(level, label)
        if pos is None or last is not None and pos <= last:
            continue
        if found is None or pos > found[0]:
            found = (pos, e.id, label)
    return found[1:] if found else None


SENTENCE_END = ".!?…"  # marks that close a sentence in the scripts the profiles cover
TEXT_KINDS = ("text", "bullet")  # lines that hold running text, besides the deeper levels' lines


NAME_WORDS = 4  # a clause's name is short: a longer "title" with no sentence end is its sentence, cut by the page


def unfinished_clause(title: str) -> bool:
    """Whether what a clause line's label is followed by is a sentence the page cut, not the
    clause's name: a comma or semicolon in it, or more words than a name has.

    >>> unfinished_clause("Пара, перешедшая без сигнала, может быть предупреждена; при")
    True
    >>> unfinished_clause("Порядок записи")
    False
    """
    return bool(re.search(r"[,;:]", title)) or len(title.split()) > NAME_WORDS


def continues_open_sentence(before: list[tuple[Classified, Line]], after: list[tuple[Classified, Line]]) -> bool:
    """Whether a page goes on with the sentence the page before left open: the page
    before ends in running text with no mark that closes a sentence, and this page's
    first text begins with a lower-case letter. Such a page is that sentence's tail,
    whatever the contents say about the page (they give where a law *begins*).

    >>> t = lambda s: (Classified("text"), Line(s, "a", 1, 1))
    >>> continues_open_sentence([t("каждая исправленная запись")], [t("подписывается обоими игроками.")])
    True
    >>> continues_open_sentence([t("каждая запись подписана.")], [t("подписывается обоими.")])
    False
    >>> continues_open_sentence([t("the corrected entry")], [t("Signed by both players.")])
    False
    """
    last = next(((c, line) for c, line in reversed(before) if c.kind not in ("footnote", "empty")), None)
    first = next(((c, line) for c, line in after if c.kind not in ("footnote", "empty")), None)
    # running text, or the line of a level below the first (a clause's sentence; the first
    # level's line is a section's name), by the active profile's level names
    text_kinds = (*TEXT_KINDS, *ids.rules().levels[1:])
    if last is None or first is None or last[0].kind not in text_kinds or first[0].kind != "text":
        return False
    if last[0].kind != "text" and last[0].title is not None and not unfinished_clause(last[0].title):
        return False  # a heading with a title (a clause's name), not a sentence
    end = last[1].text.rstrip().rstrip("\"'»“”)]").rstrip()
    start = next((ch for ch in first[1].text if ch.isalpha()), "")
    return bool(end) and end[-1] not in SENTENCE_END and start.islower()


def _after_the_tail(piece: Piece, kinds: list[Classified]) -> Piece | None:
    """The text of ``piece`` after the sentence its first lines finish (the tail of the page
    before's open sentence) and before any heading, as a piece of its own; ``piece`` keeps
    the tail and no longer ends its page. None when nothing but the tail (or a heading) follows."""
    for k, (c, line) in enumerate(zip(kinds, piece.lines)):
        if c.kind in ("footnote", "empty"):
            continue
        if c.kind != "text":
            return None
        if line.text.rstrip().rstrip("\"'»“”)]").rstrip()[-1:] in SENTENCE_END:
            break
    else:
        return None
    after = [(c, line) for c, line in zip(kinds[k + 1:], piece.lines[k + 1:]) if c.kind not in ("footnote", "empty")]
    if not after or after[0][0].kind != "text":
        return None
    rest = Piece(piece.source, piece.lines[k + 1].first, piece.lines[k + 1:], piece.page, False, piece.ends_page,
                 piece.page_from)
    piece.lines = piece.lines[:k + 1]
    piece.ends_page = False
    return rest


def split_at_lost_headings(runs: list[Run], classes: Callable[[Piece], list[Classified]],
                           levels: tuple[str, ...], position: Callable[[str, str], int | None],
                           entries: Iterable[ContentsEntry] = ()) -> tuple[list[Run], list[LostHeading]]:
    """Cut each run where a page joined to the one before cannot continue its law.

    A page that begins with a top-level heading (a section ``B.``) whose label repeats or
    goes back from the last one of that level in the law the run is in (law 12 ended with
    12B) is no continuation: the law heading between them was lost with the page's top. A
    curation statement that names another law for a joined page says the same. The page
    then starts a run of its own, which the curation, contents and page rules place, or
    which stays an unplaced piece with a suggestion. ``position(level, label)`` is a
    label's place in its level's alphabet.

    So does a page whose text before its first law heading (or all of it) the contents
    give to a later law whose heading is nowhere in the text (``lost_on_page``): law 21 on
    page 15 by the contents, page 15 opening with text and no heading of law 21 anywhere
    -- joined to law 20 it would hide that law 21 was lost there."""
    top = levels[0] if levels else None
    out: list[Run] = []
    cuts: list[LostHeading] = []
    kept: list[LostHeading] = []  # pages the contents would cut, kept where they continue a sentence
    entries = list(entries)
    headed = {c.label for run in runs for piece in run.pieces for c in classes(piece) if c.kind == "law"} \
        if entries else set()
    sections: set[tuple[str, str]] = set()  # (law, label) of each first-level heading in the text
    for run in runs if entries and top is not None else ():
        at: str | None = None
        for piece in run.pieces:
            for c in classes(piece):
                if c.kind == "law":
                    at = c.label
                elif c.kind == top and at is not None and c.label:
                    sections.add((at, c.label))
    for run in runs:
        current = Run()
        law: str | None = None
        seen: dict[str, tuple[int, str, int, str]] = {}  # level -> (position, label, raw line, source)
        for n, piece in enumerate(run.pieces):
            kinds = classes(piece)
            if n > 0 and piece.joined_by in ("page", "file") and law is not None:
                cut = None
                first = next(((c, line) for c, line in zip(kinds, piece.lines) if c.kind not in ("footnote", "empty")), None)
                st = piece.curation
                if first is not None and first[0].kind == top and top in seen:
                    pos = position(top, first[0].label)
                    if pos is not None and pos <= seen[top][0]:
                        _, label, line, source = seen[top]
                        cut = LostHeading(piece, law, top, first[0].label, label, line, source)
                if cut is None and st is not None and st.law and st.law != law:
                    cut = LostHeading(piece, law, None, None, None, None, None)
                if cut is None and entries and (st is None or not st.law) and first is not None \
                        and first[0].kind == "text":
                    upto = next((c.label for c in kinds if c.kind == "law"), None)
                    lost = lost_on_page(piece.page, law, upto, entries, headed)
                    if lost and continues_open_sentence(list(zip(classes(run.pieces[n - 1]), run.pieces[n - 1].lines)),
                                                        list(zip(kinds, piece.lines))):
                        # the page's first words finish the sentence the page before left open:
                        # they stay in that law; the text after that sentence's end, before any
                        # heading, is where the lost law begins (the contents start it on this
                        # page, after the tail): a piece of its own, cut from the law before
                        rest = _after_the_tail(piece, kinds)
                        if rest is not None:
                            current.pieces.append(piece)
                            kept.append(LostHeading(piece, law, None, None, None, None, None, lost, kept=True, tail=True))
                            piece, kinds = rest, classes(rest)
                            cut = LostHeading(piece, law, None, None, None, None, None, lost)
                        else:
                            kept.append(LostHeading(piece, law, None, None, None, None, None, lost, kept=True))
                    elif lost:
                        cut = LostHeading(piece, law, None, None, None, None, None, lost)
                if cut is None and entries and (st is None or not st.law) and first is not None \
                        and first[0].kind == top and top is not None:
                    # a page that opens with a section the contents give to a lost law
                    upto = next((c.label for c in kinds if c.kind == "law"), None)
                    lost = lost_on_page(piece.page, law, upto, entries, headed)
                    if lost:
                        verdict = section_goes_on(first[0], law, lost, seen.get(top), position, entries, top)
                        if verdict == "cut":
                            cut = LostHeading(piece, law, top, first[0].label, None, None, None, lost)
                        elif verdict == "disputed":
                            kept.append(LostHeading(piece, law, top, first[0].label,
                                                    seen[top][1], seen[top][2], seen[top][3], lost,
                                                    kept=True, disputed=True))
                if cut is None and entries and top is not None and (st is None or not st.law) \
                        and first is not None and first[0].kind == "text":
                    # a page opening with text the contents give to a section of this law whose
                    # heading is nowhere in the text: the section's, not the one before's tail
                    # (unless it finishes the sentence the page before left open)
                    last = seen[top][0] if top in seen else None
                    lost_section = section_lost_on_page(piece.page, law, last, entries, sections, top, position)
                    if lost_section and not continues_open_sentence(
                            list(zip(classes(run.pieces[n - 1]), run.pieces[n - 1].lines)), list(zip(kinds, piece.lines))):
                        cut = LostHeading(piece, law, None, None, None, None, None, section=lost_section[0])
                        piece.lost_section = lost_section[0]
                if cut is not None:
                    cuts.append(cut)
                    piece.joined_by = None  # it no longer joins the page before: check lists it so
                    # both pages are there (or the page's tail, kept in the law before, and its rest)
                    piece.heading_cut = current.pieces[-1].cut_after = True
                    out.append(current)
                    current = Run()
                    if cut.section is None and cut.lost:
                        # the page opens the last law the contents start on it (or before) whose
                        # heading was lost: later pages are checked against that law, so a page the
                        # contents give to the law after it is cut from it in turn
                        # (the page itself is placed by the page rule where the contents close
                        # it; on the last law's page they do not, and it stays unplaced: placement.place)
                        law, seen = cut.lost[-1], {}
                    elif cut.section is None:
                        law, seen = None, {}
                    else:  # still in the law, now in the lost section: later pages are checked against it
                        label = lost_section[1]
                        seen = {top: (position(top, label), label, piece.first, piece.source)}
            current.pieces.append(piece)
            for c, line in zip(kinds, piece.lines):
                if c.kind == "law":
                    law, seen = c.label, {}
                elif c.kind in levels and (pos := position(c.kind, c.label)) is not None:
                    idx = levels.index(c.kind)
                    seen = {lv: v for lv, v in seen.items() if levels.index(lv) < idx}
                    seen[c.kind] = (pos, c.label, line.first, piece.source)
        out.append(current)
    return out, cuts + kept


def section_goes_on(first: Classified, law: str, lost: tuple[str, ...], last: tuple[int, str, int, str] | None,
                    position: Callable[[str, str], int | None], entries: Iterable[ContentsEntry],
                    level: str) -> str:
    """Whether a page that opens with a section heading ``first`` goes on law ``law`` (the
    law of the page before) or starts a law the contents put on the page whose heading was
    lost (``lost``): "cut", "kept" or "disputed".

    The section's title, where the contents list it under one law, decides. Else its label:
    one that law ``law`` cannot go on with -- law ``law`` has no section yet (``last`` None),
    or its last section's label is not the one just before -- is the lost law's first
    section ("cut"); a label that does go on from the last one is evidence against the
    contents, and neither side decides ("disputed": kept, with a warning).

    >>> toc = [ContentsEntry("11", "a", 2), ContentsEntry("12", "b", 3), ContentsEntry("12A", "Зал", 3, "section")]
    >>> pos = lambda level, label: "ABCDEF".find(label)
    >>> s = lambda label, title=None: Classified("section", label, title)
    >>> section_goes_on(s("A"), "11", ("12",), None, pos, toc, "section")
    'cut'
    >>> section_goes_on(s("B"), "11", ("12",), (0, "A", 5, "x"), pos, toc, "section")
    'disputed'
    >>> section_goes_on(s("B", "Зал"), "11", ("12",), (0, "A", 5, "x"), pos, toc, "section")
    'cut'
    >>> section_goes_on(s("D"), "11", ("12",), (0, "A", 5, "x"), pos, toc, "section")
    'cut'
    """
    by_title = by_section_title([first.title] if first.title else [], entries, level)
    if by_title is not None and by_title in lost:
        return "cut"
    if by_title == law:
        return "kept"
    pos = position(level, first.label) if first.label else None
    if pos is None:
        return "kept"
    if last is None or pos != last[0] + 1:
        return "cut"
    return "disputed"


def document_starts(runs: list[Run]) -> set[tuple[str, int]]:
    """The (source, first line) of each piece that opens a source with no page numbers:
    its text before the first law heading is where the document starts, not the tail of
    the law before (no page of the book is known to be lost before it) -- a preface or a
    title page, kept as a piece of its own, never given to an invented law N-1."""
    paged = {p.source for run in runs for p in run.pieces if p.starts_page or p.ends_page}
    first: dict[str, int] = {}
    for run in runs:
        for p in run.pieces:
            if p.source not in paged:
                first[p.source] = min(first.get(p.source, p.first), p.first)
    return set(first.items())


def place(runs: list[Run], classes: Callable[[Piece], list[Classified]], levels: tuple[str, ...],
          entries: list[ContentsEntry], withheld: frozenset[str] = frozenset()) -> list[Placement]:
    """Each piece's law and rule, strongest rule first: heading, continuity (a page joined
    to the one before, whose law a rule fixed), next-heading, curated, toc, page.
    ``withheld``: laws whose contents pages disagree with the text (``contents_disagree``):
    no text is placed in them by its page."""
    out: list[Placement] = []
    starts = document_starts(runs)
    for run in runs:
        before: str | None = None  # the law at the end of the previous piece, where the text fixed it
        guessed: str | None = None  # the same, where only the contents did
        for n, piece in enumerate(run.pieces):
            kinds = classes(piece)
            laws = [(i, c.label) for i, c in enumerate(kinds) if c.kind == "law"]
            text_before = laws and any(c.kind == "text" for c in kinds[:laws[0][0]])
            law, rule = None, "unattributed"
            section: tuple[tuple[str, str], ...] = ()
            if laws and not text_before:
                law, rule = laws[0][1], "heading"
            elif n > 0 and piece.joined_by in ("page", "file") and before is not None:
                law, rule = before, "continuity"
            elif laws and (piece.source, piece.first) not in starts:
                law, rule = str(int(laws[0][1]) - 1), "next-heading"
            elif piece.curation is not None and piece.curation.law:
                law, rule = piece.curation.law, "curated"
            elif entries and piece.lost_section and (parts := ids.rules().parse(piece.lost_section)) \
                    and parts["law"] not in withheld:
                # a page the contents give to a section whose heading was lost (split_at_lost_headings)
                law, rule = parts["law"], "toc"
                section = tuple((lv, parts[lv]) for lv in levels if parts.get(lv))
            # the contents place the text before the piece's first law heading: by its own
            # section headings (never those of the law after it), and by the page's end only
            # where no law heading stands between (else the page ends in that law)
            elif entries and (found := by_section_title(
                    [c.title for c in kinds[:laws[0][0] if laws else len(kinds)] if c.kind == levels[0] and c.title],
                    entries, levels[0] if levels else "")):
                law, rule = found, "toc"
            elif entries and not laws and piece.page is not None and piece.ends_page and piece.page_from == "footer" \
                    and (found := by_page(piece.page, entries)) and found not in withheld:
                law, rule = found, "page"
            elif n > 0 and piece.joined_by in ("page", "file") and guessed is not None:
                law, rule = guessed, "continuity"  # the tree goes on in the law the contents gave the page before
            out.append(Placement(piece.source, piece.first, piece.page, law, rule, section))
            # continuity passes on a law the text fixed, not one the contents guessed: the next
            # page's own heading is better evidence (a page 45 that holds law 24's heading)
            fixed = bool(laws) or rule in ("heading", "next-heading", "curated") or rule == "continuity" and before
            before = (laws[-1][1] if laws else law) if fixed else None
            guessed = law if not fixed and law is not None else None
    return out


def statements(runs: list[Run], placements: list[Placement]) -> None:
    """Hand the contents' placements to the tree as statements of their rule: the first
    piece of a run (the others follow it by continuity) that no stronger rule or curation
    places gets ``law`` with attribution ``toc`` or ``page``."""
    by_piece = {(p.source, p.first): p for p in placements}
    for run in runs:
        piece = run.pieces[0]
        p = by_piece.get((piece.source, piece.first))
        if p is None or p.rule not in ("toc", "page") or piece.curation is not None:
            continue
        # a section the contents give it is stated as not printed (its heading was lost)
        piece.curation = CurationStatement(at=(piece.source, piece.first), reason=f"by the contents ({p.rule})",
                                           line=0, law=p.law, rule=p.rule, parts=p.parts,
                                           uncertain=tuple(level for level, _ in p.parts))


# -- similarity: suggestions only -------------------------------------------------------------

MIN_WORDS = 12  # fewer content words than this: too little to compare, a suggestion is low-confidence
MIN_SCORE = 0.05  # below this cosine nothing is suggested
MIN_SHARE = 0.6  # the best law's share of the two best scores below which a suggestion is low-confidence
FULL_SCORE = 0.3  # a cosine this high counts as a full match in the confidence
MIN_SHARED = 2  # fewer different words shared with the law than this: the suggestion is low
# the share of a piece's different words some law's text or title holds that counts as a
# piece wholly about the laws' matters; under it the confidence falls with the share
KNOWN_FULL = 0.5
LOW_CAP = round(MIN_SHARE / 2, 2)  # the confidence a suggestion that must stay low is capped at
# under this confidence the best law is no likely place: check says so and suggests none.
# Calibrated on 41 headless pieces (cold read 8's inputs, tests/test_suggestions_headless.py's
# books, docs/decisions.md): the right suggestions' confidence is 0.59 or more, the wrong
# ones' (a note thanking the club's director "over long evenings") 0.52 or less
NO_PLACE = 0.55


# The one mapping of a suggestion's confidence to the word check prints (docs/decisions.md):
# a suggestion is "low" (read the piece before confirming it) exactly when its number is
# under MIN_SHARE; there is no other reason for the word.
CONFIDENCE_LABELS = ((0.8, "high"), (MIN_SHARE, "medium"), (0.0, "low"))


def compared_terms(terms: list[str], joining: set[str] | frozenset[str] = frozenset(),
                   function_word: Callable[[str], bool] | None = None) -> list[str]:
    """The terms similarity compares of a text's lemmas: no letter alone (the "s" of a
    possessive), none of the stop words (``joining``: the profile's joining words, "with",
    «что», and the language's stop list), none the language's dictionary reads as a
    function word (``function_word``: «если», «каждый»), and a Latin-script word by its
    Snowball stem, as the definitions match it ("players" is "player"), since the analysis
    keeps a word with no lemmatizer as written. Shared stop words say nothing of what two
    texts are about: they count for nothing (cold read 11 of issue 13, finding 7).

    >>> compared_terms(["players", "s", "with", "судья"], {"with"})
    ['player', 'судья']
    """
    from .morph import english_stem

    out = []
    for t in terms:
        if len(t) < 2 or t.casefold() in joining or function_word is not None and function_word(t):
            continue
        out.append(english_stem(t) if t.isascii() and t.isalpha() else t)
    return out


def confidence_label(confidence: float) -> str:
    """The word for a suggestion's confidence.

    >>> [confidence_label(c) for c in (0.89, 0.8, 0.6, 0.59, 0.0)]
    ['high', 'high', 'medium', 'low', 'low']
    """
    return next(word for floor, word in CONFIDENCE_LABELS if confidence >= floor)


def suggest(nodes: list[Node], entries: list[ContentsEntry], terms: Callable[[str], list[str]],
            sources: dict[str, str] | None = None, matter: set[tuple[str, int]] = frozenset()) -> list[Suggestion]:
    """For each unplaced piece, the law its words are most like: its contents title, its
    nodes' titles and text, its commentary, weighted by how rare each word is (tf-idf
    cosine). ``terms`` gives a text's lemmas, stop words left out (``analysis.Analysis.terms``);
    ``sources`` maps a source's path to the name a curation statement uses (its id).

    Each piece gets one ``Suggestion`` and its ``verdict``: "law" (check prints it),
    "unlikely" (its best law is under NO_PLACE, or nothing compares: no likely place) or
    "matter" (the book's own matter: not law text, no law suggested whatever it shares).
    The definitions are no candidate (their ID is no law number).

    A suggestion is never above "low" where its evidence is one shared word (a word any
    page may hold), nor for a piece of the book's own matter (``matter``: the (path, first
    line) of a preface, an afterword, a title page -- ``corpus.book_matter``), which is
    no law's text whatever words it shares."""
    laws: dict[str, Counter] = {}
    titled: dict[str, set[str]] = {}  # the terms of each law's titles (its own, its parts', the contents')
    for e in entries:
        law = law_of(e.id)
        if law and e.scope in ("laws", "commentary"):
            laws.setdefault(law, Counter()).update(terms(e.title) * 2)  # a title says what the law is about
            titled.setdefault(law, set()).update(terms(e.title))
    pieces = [n for n in nodes if n.kind == "piece" and n.law is None]
    with_text: set[str] = set()  # the laws some text is known of (the others: a title alone)
    for n in nodes:
        # the definitions (and their commentary) are no law a piece of running text is lost
        # from: their entries are read as such wherever they stand
        if n.law is None or n.missing and not n.title or law_of(n.law) is None:
            continue
        bag = laws.setdefault(n.law, Counter())
        if n.title:
            bag.update(terms(n.title) * 2)
            titled.setdefault(n.law, set()).update(terms(n.title))
        if n.text:
            bag.update(terms(n.text))
            with_text.add(n.law)
    if not laws:
        return []
    df = Counter(t for bag in laws.values() for t in bag)
    idf = {t: math.log(1 + len(laws) / c) for t, c in df.items()}

    def vector(bag: Counter) -> dict[str, float]:
        return {t: (1 + math.log(c)) * idf.get(t, 0.0) for t, c in bag.items() if idf.get(t)}

    vectors = {law: vector(bag) for law, bag in laws.items()}
    norms = {law: math.sqrt(sum(v * v for v in vec.values())) or 1.0 for law, vec in vectors.items()}
    out = []
    for piece in pieces:
        words = terms(piece.text or "")
        vec = vector(Counter(words))
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        scored = sorted(((sum(w * vectors[law].get(t, 0.0) for t, w in vec.items()) / (norm * norms[law]), law)
                         for law in vectors), reverse=True)
        path = piece.spans[0].source if piece.spans else ""
        source = (sources or {}).get(path, path)
        is_matter = (path, piece.spans[0].lines[0] if piece.spans else 0) in matter
        if not scored or scored[0][0] < MIN_SCORE:
            # nothing to compare: no place at all (said, as for a place under NO_PLACE)
            out.append(Suggestion(source, _first_line(piece, piece.spans[0].lines[0] if piece.spans else 0),
                                  scored[0][1] if scored else "", 0.0, round(scored[0][0], 3) if scored else 0.0,
                                  True, "", "matter" if is_matter else "unlikely"))
            continue
        best, law = scored[0]
        second = scored[1][0] if len(scored) > 1 else best  # one law: no margin to read
        share = best / (best + second) if best + second else 0.0
        shared = sorted({t for t in vec if t in vectors[law]}, key=lambda t: -vec[t] * vectors[law][t])[:4]
        printed: dict[str, str] = {}  # a shared term as the piece prints it (a stem "nois": "noise")
        for w in re.findall(r"\w+", piece.text or ""):
            for t in terms(w)[:1]:
                printed.setdefault(t, w.lower())
        shared = [printed.get(t, t) for t in shared]
        # confidence: the margin over the second law, capped by how much the words match at
        # all and by how many words there are to compare; with one law to compare there is
        # no margin (a share of one half), so the suggestion is low
        confidence = round(min(share, best / FULL_SCORE, len(words) / MIN_WORDS, 1.0), 2)
        # ... and by how much of the piece the laws speak of at all: a piece most of whose
        # words no law's text or title holds is about something else (a club's fees), however
        # well a few common words match one law's text (cold read 14 of issue 13, finding 6).
        # A word of the law's title it shares says what it is about whatever else it holds;
        # with one law to compare there is no margin, and the share says so already
        distinct = set(words)
        known = sum(1 for t in distinct if t in df) / len(distinct) if distinct else 0.0
        if len(scored) > 1 and not (set(vec) & titled.get(law, set())):
            confidence = round(min(confidence, known / KNOWN_FULL), 2)
        overlap = sum(1 for t in vec if t in vectors[law])
        # one shared word is thin evidence -- save for a law known by its title alone (its
        # text lost): a word of its title is all a piece can share with it
        if overlap < MIN_SHARED and (law in with_text or overlap == 0) or is_matter:
            confidence = min(confidence, LOW_CAP)
        low = confidence_label(confidence) == "low"
        verdict = "matter" if is_matter else "unlikely" if confidence < NO_PLACE else "law"
        out.append(Suggestion(source, _first_line(piece, piece.spans[0].lines[0] if piece.spans else 0), law,
                              confidence, round(best, 3), low, ", ".join(shared), verdict))
    return out


def _first_line(piece: Node, fallback: int) -> int:
    """The raw line a piece's ID names (``piece-<source>-<line>``)."""
    m = re.search(r"-(\d+)$", piece.id)
    return int(m.group(1)) if m else fallback
