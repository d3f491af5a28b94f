"""Overlapping sources of one edition and language: copies of the same text (a ``.txt`` and
an ``.fb2`` of one book, web pages that overlap) merged by ID.

The law sources of one language are sorted into *copies*: a source joins the first copy
none of whose law headings it repeats (the cuts of one book, each holding other laws, stay
one copy, read as one stream of pages, as before). With one copy nothing changes. With
several, each copy is read on its own into a tree, and the trees are merged node by node:

* a node only one copy has is taken as it is -- so a second copy fills the pages the first
  lacks;
* a node several copies have is taken from the **least damaged** copy (``damage``, below;
  among copies equally damaged, the one most other copies agree with -- a majority of three
  or more witnesses --, else the copy listed first in the manifest), with the spans of every
  copy, so both stretches of raw text stay on record;
* where the copies' texts disagree beyond damage -- neither contains the other once damage
  and spacing are set aside -- the losing copy's words are in no node: a conflict that
  names both places and the words they differ in, an error in ``build`` (exit 1, nothing
  written) as in ``check`` (``coverage.lost``) until a ``[[drop]]`` removes the copy
  not wanted. Titles are short: any word one copy's title has and the other's
  lacks («Материал» / «Материал каркаса») is a disagreement.

A copy's text that is a strict prefix of another copy's (the same words, then no more) was
cut: it counts a cut end, as does the text of a copy's last node when it stops mid-sentence
at the end of the copy's last file (a truncated download ends so). The manifest's order
never lets a cut copy win over a whole one.

Damage is measured, not guessed: each gap (text lost) and each truncated end counts 10,
each trace of raw damage ``check`` finds (a ``?`` run, a box-drawing character, a page
footer, an underline, …) 3, each garbled word (a U+FFFD replacement character, letters of
two scripts in one word: Latin homoglyphs inside a Cyrillic word or the reverse) 3, each
misread word 3 -- a word where another copy has a different one at the same place and
this copy's is unknown to the dictionary of the node's language (pymorphy3 for Russian; for
a script with no morphology, the profile's vocabulary and its stems) while the other's is
known, or is the other's with letters lost («учаток» for «участок») --, each word left split
across a line break 2, a law lost entirely 1000. Damage is weighed node by node (passage by
passage): one copy may win a law's first section and lose its second.

Where the kept copy's and the losing copy's words differ only where the losing copy is
damaged (garbled or misread words there), nothing is lost: the disagreement is still
reported, naming both files and lines, as a warning that does not fail ``check``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from .coverage import lost
from .model import Node, Problem, shorten
from .patterns import DAMAGE, WORD_PAIR

GAP, TRUNCATED, TRACE, GARBLED, MISREAD, SPLIT, MISSING = 10, 10, 3, 3, 3, 2, 1000
REPLACEMENT = "\ufffd"  # what a decoder puts for a byte it could not read


@dataclass(frozen=True)
class Damage:
    """How damaged one copy's node is; ``score`` orders copies (lower is better)."""

    gaps: int = 0
    truncated: int = 0
    traces: int = 0
    split_words: int = 0
    missing: bool = False
    garbled: int = 0
    misread: int = 0

    @property
    def score(self) -> int:
        return (GAP * self.gaps + TRUNCATED * self.truncated + TRACE * self.traces + SPLIT * self.split_words
                + MISSING * self.missing + GARBLED * self.garbled + MISREAD * self.misread)

    def __str__(self) -> str:
        parts = [f"{n} {what}" for n, what in ((self.gaps, "gaps"), (self.truncated, "cut ends"),
                                                (self.traces, "damage traces"), (self.garbled, "garbled words"),
                                                (self.misread, "misread words"), (self.split_words, "split words"))
                 if n]
        return ("lost" if self.missing else ", ".join(parts) or "none") + f" (score {self.score})"


def raw_traces(lines: list[str]) -> dict[int, int]:
    """Raw line number (1-based) → the traces of damage on it, before cleaning removes
    them (a ``?`` run the cleaner drops leaves no trace in the node's text)."""
    out = {}
    for n, line in enumerate(lines, 1):
        found = sum(len(p.findall(line)) for _, p in DAMAGE)
        if found:
            out[n] = found
    return out


def damage(node: Node, lexicon: frozenset[str] = frozenset(), raw: dict[str, dict[int, int]] | None = None) -> Damage:
    """The damage of a node's own title and text (not its children's); ``raw`` (source
    path → ``raw_traces``) adds the traces on the raw lines the node comes from."""
    from .furniture import languages_of
    from .plausibility import lemmatizer_for

    texts = [t for t in (node.title, node.text) if t]
    traces = sum(len(p.findall(t)) for t in texts for _, p in DAMAGE)
    if raw:
        traces += sum(raw.get(s.source, {}).get(n, 0) for s in node.spans for n in range(s.lines[0], s.lines[1] + 1))
    split = 0
    for t in texts:
        for m in WORD_PAIR.finditer(t):
            left, right = m.group(1), m.group(2)
            # by the dictionary of the node's language, in its script; none: no split counted
            lemmatizer = lemmatizer_for(left + right, languages_of(node.lang))
            if lemmatizer and not lemmatizer.is_known(left) and left not in lexicon \
                    and lemmatizer.join_split_word(left, right, lexicon):
                split += 1
    return Damage(gaps=sum(1 for m in node.marks if m.kind == "gap"),
                  truncated=int(node.truncated_start) + int(node.truncated_end),
                  traces=traces, split_words=split, missing=node.missing,
                  garbled=sum(1 for t in texts for w in _raw_words(t) if garbled(w)))


def _raw_words(text: str | None) -> list[str]:
    """A text's words as printed, a replacement character kept inside its word."""
    return re.findall(rf"[\w{REPLACEMENT}]+", text or "")


def _scripts(word: str) -> set[str]:
    """The scripts of a word's letters, by their Unicode names (LATIN, CYRILLIC, GREEK, …)."""
    return {unicodedata.name(ch, "?").split()[0] for ch in word if ch.isalpha()}


def garbled(word: str) -> bool:
    """Whether a word is damaged on its face: a replacement character in it, or letters of
    two scripts (a Latin homoglyph inside a Cyrillic word, or the reverse).

    >>> garbled("уча\ufffdток"), garbled("y\u0447ac\u0442o\u043a"), garbled("участок"), garbled("2B")
    (True, True, False, False)
    """
    return REPLACEMENT in word or len(_scripts(word)) > 1


def _lost_letters(short: str, long: str) -> bool:
    """``short`` is ``long`` with a letter or two left out («учаток» of «участок»)."""
    a, b = short.casefold(), long.casefold()
    return 0 < len(b) - len(a) <= 2 and len(a) >= 3 and _within(list(a), list(b))


def misread(word: str, other: str, lang: str, known: frozenset[str] = frozenset()) -> bool:
    """Whether ``word`` is a misreading of ``other``, the word another copy has at the same
    place: ``word`` is ``other`` with letters lost, or unknown to the dictionary of ``lang``
    (pymorphy3 for Russian; with no morphology for its script, ``known`` -- the profile's
    vocabulary -- and their stems) while ``other`` is known.

    >>> misread("капнтана", "капитана", "ru"), misread("капитана", "капнтана", "ru")
    (True, False)
    >>> misread("umpre", "umpire", "en"), misread("umpire", "referee", "en", frozenset({"referee", "umpire"}))
    (True, False)
    """
    if word.casefold() == other.casefold() or garbled(word) or word.isdigit() or other.isdigit():
        return False
    if _lost_letters(word, other):
        return True
    return not _is_known(word, lang, known) and _is_known(other, lang, known)


def _is_known(word: str, lang: str, known: frozenset[str]) -> bool:
    from .furniture import _known, languages_of
    from .plausibility import lemmatizer_for

    if word.casefold() in known:
        return True
    lemmatizer = lemmatizer_for(word, languages_of(lang))
    if lemmatizer is not None:
        return lemmatizer.is_known(word)
    return bool(known) and _known(word, known)


def _paired_words(mine: str | None, other: str | None) -> list[tuple[str | None, str | None]]:
    """The words two copies' texts differ in, paired place by place (a word one copy has and
    the other lacks is paired with None)."""
    from difflib import SequenceMatcher

    x, y = _raw_words(mine), _raw_words(other)
    out = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, [w.casefold() for w in x], [w.casefold() for w in y],
                                              autojunk=False).get_opcodes():
        if op != "equal":
            a, b = x[i1:i2], y[j1:j2]
            out += [(a[k] if k < len(a) else None, b[k] if k < len(b) else None) for k in range(max(len(a), len(b)))]
    return out


def misread_words(node: Node, other: Node, known: frozenset[str] = frozenset()) -> int:
    """How many of ``node``'s words (title and text) misread the word ``other`` -- another
    copy of the same node -- has at the same place (``misread``)."""
    return sum(1 for a, b in (*_paired_words(node.title, other.title), *_paired_words(node.text, other.text))
               if a and b and misread(a, b, node.lang, known))


def damaged_difference(kept: str | None, other: str | None, lang: str, known: frozenset[str] = frozenset()) -> bool:
    """Whether two copies' texts differ only where ``other`` is damaged: each place they
    differ, ``other``'s word garbled or a misreading of the kept copy's."""
    pairs = _paired_words(kept, other)
    return bool(pairs) and all(b is not None and a is not None and (garbled(b) or misread(b, a, lang, known))
                               for a, b in pairs)


def copies(sources, cleaned, layouts) -> list[list]:
    """The law sources of one language sorted into copies: a source joins the first copy
    none of whose law headings it repeats, else starts a copy of its own (manifest order)."""
    groups: list[tuple[list, set[str]]] = []
    for source in sources:
        layout = layouts[source.id]
        laws = {c.label for line in cleaned[source.id].lines if (c := layout.classify(line.text)).kind == "law"}
        for members, held in groups:
            if not held & laws:
                members.append(source)
                held |= laws
                break
        else:
            groups.append(([source], set(laws)))
    return [members for members, _ in groups]


def _plain(text: str | None) -> str:
    """A text with damage traces, gap marks' places and spacing set aside, for comparing copies."""
    s = text or ""
    for _, pattern in DAMAGE:
        s = pattern.sub(" ", s)
    return " ".join(re.findall(r"\w+", s.casefold()))


def _disagree(a: str | None, b: str | None, cut_a: tuple[bool, bool] = (False, False),
              cut_b: tuple[bool, bool] = (False, False)) -> bool:
    """Whether two copies' texts say different things: neither's words are the other's
    with some left out (what damage does: a dropped ``?`` run, a cut end). ``cut_a`` /
    ``cut_b``: whether that copy's text was cut at its end / its start, where a download
    broken off inside a word leaves the word's beginning (end) or its ending (start)."""
    x, y = _plain(a).split(), _plain(b).split()
    return bool(x and y) and not _within_cut(x, y, *cut_a) and not _within_cut(y, x, *cut_b)


def _within_cut(short: list[str], long: list[str], cut_end: bool, cut_start: bool) -> bool:
    """``short`` is ``long`` with words left out, where a cut end's last word may be the
    beginning of a word of ``long`` after the rest, and a cut start's first word the ending
    of one before it («…кладут в корз» within «…кладут в корзину с соломой»)."""
    if _within(short, long):
        return True
    if cut_end and short and _partial_within(short, long, str.startswith):
        return True
    return bool(cut_start and short and _partial_within(short[::-1], long[::-1], str.endswith))


def _partial_within(short: list[str], long: list[str], part) -> bool:
    """``short`` but its last word a subsequence of ``long``, then that word ``part`` of a
    word of ``long`` after them (``str.startswith``: its beginning)."""
    words = iter(long)
    if not all(any(w == v for v in words) for w in short[:-1]):
        return False
    return any(part(v, short[-1]) for v in words)


def _more_text(kept: Node, other: Node) -> bool:
    """Whether ``other`` holds a text of its own (three words or more) where ``kept`` has none."""
    return not _plain(kept.text).split() and len(_plain(other.text).split()) >= 3


def _within(short: list[str], long: list[str]) -> bool:
    """``short`` is ``long`` with words left out (a subsequence)."""
    words = iter(long)
    return all(any(w == v for v in words) for w in short)


def _where(node: Node) -> tuple[str | None, int | None]:
    return (node.spans[0].source, node.spans[0].lines[0]) if node.spans else (None, None)


def _words(text: str | None) -> list[str]:
    return _plain(text).split()


def _strict_prefix(short: list[str], long: list[str]) -> bool:
    return 0 < len(short) < len(long) and long[:len(short)] == short


def _strict_suffix(short: list[str], long: list[str]) -> bool:
    return 0 < len(short) < len(long) and long[-len(short):] == short


def _mid_sentence(text: str | None) -> bool:
    """Whether a text stops mid-sentence: its last character is a letter or digit (no stop,
    no closing mark of any kind)."""
    tail = (text or "").rstrip()
    return bool(tail) and tail[-1].isalnum()


def copy_ends(trees: list, last_sources: list[str | None]) -> list[str | None]:
    """Per copy, the ID of the node holding the last line of the copy's last file (its
    spans on that file reach furthest), or None."""
    out = []
    for tree, path in zip(trees, last_sources):
        best, far = None, -1
        for node in tree.nodes:
            for span in node.spans:
                if span.source == path and span.lines[1] > far and node.text:
                    best, far = node.id, span.lines[1]
        out.append(best)
    return out


def _cut(node: Node, n: int, found: list[tuple[Node, int]], ends: list[str | None]) -> tuple[bool, bool]:
    """Whether copy ``n``'s node lost its end / its start where the other copies show it:
    its words a strict prefix (suffix) of another copy's, or, for the end, its text stopping
    mid-sentence at the end of the copy's last file."""
    mine = _words(node.text)
    others = [_words(o.text) for o, m in found if o is not node]
    end = any(_strict_prefix(mine, w) for w in others) or (
        n < len(ends) and ends[n] == node.id and _mid_sentence(node.text))
    start = any(_strict_suffix(mine, w) for w in others)
    return end and not node.truncated_end, start and not node.truncated_start


def merge(trees: list, sort_key, lexicon: frozenset[str] = frozenset(), raw: dict[str, dict[int, int]] | None = None,
          last_sources: list[str | None] | None = None, known: frozenset[str] = frozenset(),
          guessed: dict[str, str] | None = None):
    """One tree of the trees of several copies of one text (``structure.Tree``), by ID;
    ``raw``: source path → ``raw_traces`` of its raw lines; ``last_sources``: each copy's
    last file (its path), whose end tells a copy cut short (``_cut``); ``known``: the words
    a word of a script with no morphology dictionary is known by (``misread``); ``guessed``:
    source path → its kind, where ``lawsearch add`` guessed it (a disagreement involving
    such a file may be a commentary filed as a copy of the law text: said so)."""
    known = known | lexicon
    from .structure import Tree

    ends = copy_ends(trees, last_sources or [None] * len(trees))

    chosen: dict[str, tuple[Node, int]] = {}
    all_of: dict[str, list[tuple[Node, int]]] = {}
    problems, offsets, footnote_offsets, footnotes, verified, named = [], {}, {}, {}, [], set()
    for n, tree in enumerate(trees):
        for node in tree.nodes:
            all_of.setdefault(node.id, []).append((node, n))
        for f in tree.footnotes:
            if f.id not in footnotes:
                footnotes[f.id] = f
                if f.id in tree.footnote_offsets:
                    footnote_offsets[f.id] = tree.footnote_offsets[f.id]
        problems += tree.problems
        verified += [v for v in tree.verified if v not in verified]
        named |= tree.named
    nodes, moot = [], set()
    for node_id, found in all_of.items():
        harm, cuts = {}, {}
        for node, n in found:
            cut_end, cut_start = cuts[id(node)] = _cut(node, n, found, ends)
            d = damage(node, lexicon, raw)
            wrong = sum(misread_words(node, other, known) for other, _ in found if other is not node)
            harm[id(node)] = replace(d, truncated=d.truncated + cut_end + cut_start, misread=wrong)
        scored = _by_witnesses(sorted(found, key=lambda x: (harm[id(x[0])].score, x[1])), harm)
        best, n = scored[0]
        cut_end, cut_start = cuts[id(best)]
        if cut_end or cut_start:  # kept though cut (no copy is whole there): say so, as for any cut end
            best = replace(best, truncated_end=best.truncated_end or cut_end,
                           truncated_start=best.truncated_start or cut_start)
        if len(found) > 1:
            # another copy's lines are this node's too -- unless it holds text where the kept
            # copy has none: those words are in no node (a commentary declared as law text),
            # and coverage.lost_text must say so
            spans = tuple(dict.fromkeys([*best.spans, *(s for other, _ in found if other is not best
                                                        and not _more_text(best, other) for s in other.spans)]))
            best = replace(best, spans=spans)
            problems += _disagreements(node_id, scored, harm, cuts, known, guessed or {})
        # a copy cut mid-sentence at its file's end warned so while read alone: moot where the
        # node kept is another copy's whole text (nothing is lost, no gap mark stands there)
        if not best.truncated_end:
            moot |= {_said(trees[m].cut_warnings[node_id]) for _, m in found
                     if m != n and node_id in trees[m].cut_warnings}
        chosen[node_id] = (best, n)
        nodes.append(best)
        if node_id in trees[n].offsets:
            offsets[node_id] = trees[n].offsets[node_id]
    problems = [p for p in problems if _said(p) not in moot]
    nodes.sort(key=lambda x: sort_key(x.id, x.law, x.kind))
    return Tree(nodes=nodes, footnotes=list(footnotes.values()), problems=problems, offsets=offsets,
                footnote_offsets=footnote_offsets, verified=verified, named=named)


def _said(problem: Problem) -> tuple:
    return problem.message, problem.path, problem.line


def _by_witnesses(scored: list[tuple[Node, int]], harm: dict[int, Damage]) -> list[tuple[Node, int]]:
    """Among the copies tied for least damage, the one the most other copies agree with
    first (three copies, two saying "two" and one "three": "two"); the manifest's order
    breaks what is still tied. Two copies that disagree have no majority: the first stays."""
    if len(scored) < 3:
        return scored
    least = harm[id(scored[0][0])].score
    tied = [x for x in scored if harm[id(x[0])].score == least]

    def backing(x: tuple[Node, int]) -> int:
        return sum(1 for other, _ in scored if other is not x[0]
                   and not _disagree(x[0].text, other.text) and not _titles_differ(x[0].title, other.title))

    ranked = sorted(tied, key=lambda x: (-backing(x), x[1]))
    return ranked + [x for x in scored if x not in tied]


def _titles_differ(a: str | None, b: str | None) -> bool:
    """Whether two copies' titles differ in words (a title is too short for a word to drop
    out unnoticed: «Материал» against «Материал каркаса» is another title)."""
    x, y = _words(a), _words(b)
    return bool(x and y) and x != y


def _tokens(text: str | None) -> list[str]:
    s = text or ""
    for _, pattern in DAMAGE:
        s = pattern.sub(" ", s)
    return re.findall(r"\w+", s)


def differing_words(a: str | None, b: str | None, places: int = 3) -> str:
    """Where two texts differ, in their own words with a word of context either side:
    ``«превышает трёх метров» / «превышает двух метров»``, the first ``places`` places, then
    how many more.

    >>> differing_words("Размах не превышает трёх метров.", "Размах не превышает двух метров.")
    '«превышает трёх метров» / «превышает двух метров»'
    >>> differing_words("Материал", "Материал каркаса")
    '«Материал» / «Материал каркаса»'
    """
    from difflib import SequenceMatcher

    x, y = _tokens(a), _tokens(b)
    ops = [op for op in SequenceMatcher(None, [w.casefold() for w in x], [w.casefold() for w in y],
                                        autojunk=False).get_opcodes() if op[0] != "equal"]
    out = []
    for _, i1, i2, j1, j2 in ops[:places]:
        left = " ".join(x[max(i1 - 1, 0):i2 + 1])
        right = " ".join(y[max(j1 - 1, 0):j2 + 1])
        out.append(f"«{shorten(left)}» / «{shorten(right)}»")
    more = len(ops) - places
    return "; ".join(out) + (f"; and {more} more place{'s' if more > 1 else ''}" if more > 0 else "")


def kind_hint(paths: list[str | None], guessed: dict[str, str]) -> str:
    """What to say where a file whose kind ``lawsearch add`` guessed is one of two copies that
    disagree (this copy's, else the kept one's): the guess may be wrong (a short commentary
    filed as law text), and how to set it.

    >>> kind_hint(["c/laws/ru/k.txt"], {"c/laws/ru/k.txt": "laws"})[:45]
    '; the kind of c/laws/ru/k.txt ("laws") was gu'
    >>> kind_hint(["c/laws/ru/k.txt"], {})
    ''
    """
    said = [p for p in paths if p in guessed][:1]  # the copy that lost first: the other is kept
    return "".join(f'; the kind of {p} ("{guessed[p]}") was guessed by lawsearch add and may be wrong: if the '
                   f'file is a commentary, set kind = "commentary" in its [[source]] entry of manifest.toml '
                   f'(and drop "kind" from its detected list)' for p in said)


def _cut_of(node: Node, cuts: dict[int, tuple[bool, bool]]) -> tuple[bool, bool]:
    """Whether a copy's node was cut at its end / its start: by its own tree (stopping
    mid-sentence at its file's end, ``lawtext._ends_cut``) or by the other copies (``_cut``)."""
    end, start = cuts.get(id(node), (False, False))
    return end or node.truncated_end, start or node.truncated_start


def _disagreements(node_id: str, scored: list[tuple[Node, int]], harm: dict[int, Damage],
                   cuts: dict[int, tuple[bool, bool]] | None = None, known: frozenset[str] = frozenset(),
                   guessed: dict[str, str] | None = None) -> list[Problem]:
    best = scored[0][0]
    cuts = cuts or {}
    out = []
    for other, _ in scored[1:]:
        def texts_differ(a, b, other=other):
            return _disagree(a, b, _cut_of(best, cuts), _cut_of(other, cuts))

        for what, a, b, differ in (("title", best.title, other.title, _titles_differ),
                                   ("text", best.text, other.text, texts_differ)):
            if differ(a, b):
                path, line = _where(other)
                kept_path, kept_line = _where(best)
                if damaged_difference(a, b, other.lang, known):
                    # this copy's words there are damaged readings of the kept ones: nothing is
                    # lost, but where the copies differ is said (a warning, no error in check)
                    out.append(Problem("warning", f"{node_id}: the copies' {what}s differ where this copy is damaged "
                                                  f"(kept / this copy): {differing_words(a, b)} -- kept from "
                                                  f"{kept_path}:{kept_line} (damage {harm[id(best)]}) over this copy "
                                                  f"at {path}:{line} (damage {harm[id(other)]})", path, line))
                    continue
                # the words this copy says differently are in no node: a conflict, an error in
                # check (no silent loss, coverage.py) until curation drops one copy's lines
                out.append(lost(f"{node_id}: the copies' {what}s disagree (kept / this copy): "
                                f"{differing_words(a, b)} -- kept from {kept_path}:{kept_line} "
                                f"(damage {harm[id(best)]}) over this copy at {path}:{line} (damage "
                                f"{harm[id(other)]}); this copy's words are in no node -- [[drop]] the "
                                "copy you do not want (its lines, with a reason) in curation.toml"
                                + kind_hint([path, kept_path], guessed or {}), path, line))
    return out
