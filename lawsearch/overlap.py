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
* where the copies' texts (or titles) disagree beyond damage -- neither contains the other
  once damage and spacing are set aside -- a warning says so with both places; ``check``
  lists it.

Damage is measured, not guessed: each gap (text lost) and each truncated end counts 10,
each trace of raw damage ``check`` finds (a ``?`` run, a box-drawing character, a page
footer, an underline, …) 3, each word left split across a line break 2, a law lost
entirely 1000.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .model import Node, Problem, shorten
from .patterns import DAMAGE, WORD_PAIR

GAP, TRUNCATED, TRACE, SPLIT, MISSING = 10, 10, 3, 2, 1000


@dataclass(frozen=True)
class Damage:
    """How damaged one copy's node is; ``score`` orders copies (lower is better)."""

    gaps: int = 0
    truncated: int = 0
    traces: int = 0
    split_words: int = 0
    missing: bool = False

    @property
    def score(self) -> int:
        return (GAP * self.gaps + TRUNCATED * self.truncated + TRACE * self.traces + SPLIT * self.split_words
                + MISSING * self.missing)

    def __str__(self) -> str:
        parts = [f"{n} {what}" for n, what in ((self.gaps, "gaps"), (self.truncated, "cut ends"),
                                                (self.traces, "damage traces"), (self.split_words, "split words")) if n]
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
    from . import morph

    texts = [t for t in (node.title, node.text) if t]
    traces = sum(len(p.findall(t)) for t in texts for _, p in DAMAGE)
    if raw:
        traces += sum(raw.get(s.source, {}).get(n, 0) for s in node.spans for n in range(s.lines[0], s.lines[1] + 1))
    split = 0
    for t in texts:
        for m in WORD_PAIR.finditer(t):
            left, right = m.group(1), m.group(2)
            if not morph.is_known(left) and left not in lexicon and morph.join_split_word(left, right, lexicon):
                split += 1
    return Damage(gaps=sum(1 for m in node.marks if m.kind == "gap"),
                  truncated=int(node.truncated_start) + int(node.truncated_end),
                  traces=traces, split_words=split, missing=node.missing)


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


def _disagree(a: str | None, b: str | None) -> bool:
    """Whether two copies' texts say different things: neither's words are the other's
    with some left out (what damage does: a dropped ``?`` run, a cut end)."""
    x, y = _plain(a).split(), _plain(b).split()
    return bool(x and y) and not _within(x, y) and not _within(y, x)


def _within(short: list[str], long: list[str]) -> bool:
    """``short`` is ``long`` with words left out (a subsequence)."""
    words = iter(long)
    return all(any(w == v for v in words) for w in short)


def _where(node: Node) -> tuple[str | None, int | None]:
    return (node.spans[0].source, node.spans[0].lines[0]) if node.spans else (None, None)


def merge(trees: list, sort_key, lexicon: frozenset[str] = frozenset(), raw: dict[str, dict[int, int]] | None = None):
    """One tree of the trees of several copies of one text (``structure.Tree``), by ID;
    ``raw``: source path → ``raw_traces`` of its raw lines."""
    from .structure import Tree

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
    nodes = []
    for node_id, found in all_of.items():
        scored = _by_witnesses(sorted(found, key=lambda x: (damage(x[0], lexicon, raw).score, x[1])), lexicon, raw)
        best, n = scored[0]
        if len(found) > 1:
            spans = tuple(dict.fromkeys([*best.spans, *(s for other, _ in found if other is not best for s in other.spans)]))
            best = replace(best, spans=spans)
            problems += _disagreements(node_id, scored, lexicon, raw)
        chosen[node_id] = (best, n)
        nodes.append(best)
        if node_id in trees[n].offsets:
            offsets[node_id] = trees[n].offsets[node_id]
    nodes.sort(key=lambda x: sort_key(x.id, x.law, x.kind))
    return Tree(nodes=nodes, footnotes=list(footnotes.values()), problems=problems, offsets=offsets,
                footnote_offsets=footnote_offsets, verified=verified, named=named)


def _by_witnesses(scored: list[tuple[Node, int]], lexicon, raw) -> list[tuple[Node, int]]:
    """Among the copies tied for least damage, the one the most other copies agree with
    first (three copies, two saying "two" and one "three": "two"); the manifest's order
    breaks what is still tied. Two copies that disagree have no majority: the first stays."""
    if len(scored) < 3:
        return scored
    least = damage(scored[0][0], lexicon, raw).score
    tied = [x for x in scored if damage(x[0], lexicon, raw).score == least]

    def backing(x: tuple[Node, int]) -> int:
        return sum(1 for other, _ in scored if other is not x[0]
                   and not _disagree(x[0].text, other.text) and not _disagree(x[0].title, other.title))

    ranked = sorted(tied, key=lambda x: (-backing(x), x[1]))
    return ranked + [x for x in scored if x not in tied]


def _disagreements(node_id: str, scored: list[tuple[Node, int]], lexicon, raw) -> list[Problem]:
    best = scored[0][0]
    out = []
    for other, _ in scored[1:]:
        for what, a, b in (("title", best.title, other.title), ("text", best.text, other.text)):
            if _disagree(a, b):
                path, line = _where(other)
                kept_path, kept_line = _where(best)
                out.append(Problem("warning", f"{node_id}: the copies' {what}s disagree: kept {shorten(a)!r} from "
                                              f"{kept_path}:{kept_line} (damage {damage(best, lexicon, raw)}) over "
                                              f"{shorten(b)!r} here (damage {damage(other, lexicon, raw)})", path, line))
    return out
