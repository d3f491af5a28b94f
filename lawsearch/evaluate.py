"""How a query matches and ranks documents: a small, exact model that the browser's
``site_templates/static/search.js`` implements line for line, so the site answers as the
command line does.

Postings come from the whoosh index (``WhooshStats``) here and from the exported search
payload in the browser; both hold the same positions, lengths and counts.

Score of a term ``t`` in field ``f`` of document ``d`` (BM25, k1 = 1.2, b = 0.75)::

    idf(t, f)   = ln(1 + (N - df + 0.5) / (df + 0.5))
    bm25(t,f,d) = idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(f, d) / avglen(f)))

* ``Word``: any of its terms (the lemmas of one word) in any field; score =
  weight * sum over fields of boost(f) * max over terms of bm25.
* ``Phrase``: its words in order, each at most two positions after the one before, within
  one field; score = 2 * weight * sum over fields where it occurs of boost(f) * sum over
  words of max bm25.
* ``AllOf`` / ``AnyOf``: all / any children; score = sum of the matching children.
* ``Flag``: a keyword field holds the term (an ID); score = weight.
* ``Query``: the positive part, minus documents a negative part matches, within filters.

Ranking: score rounded to 6 decimals, descending; ties in reading order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

K1 = 1.2
B = 0.75
PHRASE_BONUS = 2.0
SLOP = 2  # a phrase's next word may stand this many positions after the previous one


class Stats:
    """What scoring needs: postings (document → positions), counts and lengths."""

    n: int

    def postings(self, field: str, term: str) -> dict[int, list[int]]:
        raise NotImplementedError

    def length(self, field: str, doc: int) -> int:
        raise NotImplementedError

    def avglen(self, field: str) -> float:
        raise NotImplementedError

    def bm25(self, field: str, term: str, doc: int) -> float:
        p = self.postings(field, term)
        positions = p.get(doc)
        if not positions:
            return 0.0
        df = len(p)
        idf = math.log(1 + (self.n - df + 0.5) / (df + 0.5))
        tf = len(positions)
        norm = 1 - B + B * self.length(field, doc) / (self.avglen(field) or 1)
        return idf * tf * (K1 + 1) / (tf + K1 * norm)


@dataclass
class Word:
    terms: list[str]
    fields: dict[str, float]
    weight: float = 1.0

    def candidates(self, stats: Stats) -> set[int]:
        out: set[int] = set()
        for f in self.fields:
            for t in self.terms:
                out.update(stats.postings(f, t))
        return out

    def score(self, stats: Stats, doc: int) -> float | None:
        total, found = 0.0, False
        for f, boost in self.fields.items():
            best = 0.0
            for t in self.terms:
                if doc in stats.postings(f, t):
                    found = True
                    best = max(best, stats.bm25(f, t, doc))
            total += boost * best
        return self.weight * total if found else None


@dataclass
class Phrase:
    words: list[list[str]]  # term alternatives per word, in order
    fields: dict[str, float]
    weight: float = 1.0

    def candidates(self, stats: Stats) -> set[int]:
        out: set[int] = set()
        for f in self.fields:
            docs: set[int] | None = None
            for terms in self.words:
                here: set[int] = set()
                for t in terms:
                    here.update(stats.postings(f, t))
                docs = here if docs is None else docs & here
            out |= docs or set()
        return out

    def occurs(self, stats: Stats, f: str, doc: int) -> bool:
        starts: set[int] | None = None
        for terms in self.words:
            positions: set[int] = set()
            for t in terms:
                positions.update(stats.postings(f, t).get(doc, ()))
            if starts is None:
                starts = positions
            else:
                starts = {p for p in positions if any(0 < p - s <= SLOP for s in starts)}
            if not starts:
                return False
        return bool(starts)

    def score(self, stats: Stats, doc: int) -> float | None:
        total, found = 0.0, False
        for f, boost in self.fields.items():
            if not self.occurs(stats, f, doc):
                continue
            found = True
            for terms in self.words:
                total += boost * max(stats.bm25(f, t, doc) for t in terms)
        return PHRASE_BONUS * self.weight * total if found else None


@dataclass
class Flag:
    field: str
    term: str
    weight: float = 1.0

    def candidates(self, stats: Stats) -> set[int]:
        return set(stats.postings(self.field, self.term))

    def score(self, stats: Stats, doc: int) -> float | None:
        return self.weight if doc in stats.postings(self.field, self.term) else None


@dataclass
class Every:
    """Every document (a query of filters alone); score 0."""

    n: int

    def candidates(self, stats: Stats) -> set[int]:
        return set(range(self.n))

    def score(self, stats: Stats, doc: int) -> float | None:
        return 0.0


@dataclass
class AllOf:
    children: list

    def candidates(self, stats: Stats) -> set[int]:
        out: set[int] | None = None
        for c in self.children:
            here = c.candidates(stats)
            out = here if out is None else out & here
        return out or set()

    def score(self, stats: Stats, doc: int) -> float | None:
        total = 0.0
        for c in self.children:
            s = c.score(stats, doc)
            if s is None:
                return None
            total += s
        return total


@dataclass
class AnyOf:
    children: list

    def candidates(self, stats: Stats) -> set[int]:
        out: set[int] = set()
        for c in self.children:
            out |= c.candidates(stats)
        return out

    def score(self, stats: Stats, doc: int) -> float | None:
        total, found = 0.0, False
        for c in self.children:
            s = c.score(stats, doc)
            if s is not None:
                found = True
                total += s
        return total if found else None


@dataclass
class Query:
    positive: AllOf
    negative: list = field(default_factory=list)
    filters: dict[str, str] = field(default_factory=dict)  # "law" / "kind" / "lang" → value

    def run(self, stats: Stats, docs: list[dict]) -> list[tuple[float, int]]:
        """(score, doc) best first, ties in reading order (``docs[doc]["order"]``)."""
        out = []
        for doc in sorted(self.positive.candidates(stats)):
            meta = docs[doc]
            if any(str(meta.get(k) or "") != v for k, v in self.filters.items()):
                continue
            if any(n.score(stats, doc) is not None for n in self.negative):
                continue
            s = self.positive.score(stats, doc)
            if s is not None:
                out.append((round6(s), doc))
        out.sort(key=lambda x: (-x[0], docs[x[1]]["order"]))
        return out


def round6(score: float) -> float:
    """Six decimals, rounding halves up -- written so JavaScript computes the same."""
    return math.floor(score * 1e6 + 0.5) / 1e6


class WhooshStats(Stats):
    """Postings read from the whoosh index, lengths from meta.json; cached per searcher."""

    def __init__(self, searcher, lengths: dict[str, list[int]]):
        self.reader = searcher.reader()
        self.n = searcher.doc_count_all()
        self.lengths = lengths
        self._avg = {f: (sum(v) / len(v) if v else 0.0) for f, v in lengths.items()}
        self._cache: dict[tuple[str, str], dict[int, list[int]]] = {}

    def postings(self, field: str, term: str) -> dict[int, list[int]]:
        key = (field, term)
        p = self._cache.get(key)
        if p is None:
            p = {}
            if key in self.reader:
                m = self.reader.postings(field, term)
                positional = m.supports("positions")
                while m.is_active():
                    p[m.id()] = list(m.value_as("positions")) if positional else [0]
                    m.next()
            self._cache[key] = p
        return p

    def length(self, field: str, doc: int) -> int:
        return self.lengths[field][doc]

    def avglen(self, field: str) -> float:
        return self._avg[field]

    def terms_with_prefix(self, field: str, prefix: str) -> list[str]:
        return sorted(t.decode() if isinstance(t, bytes) else t for t in self.reader.expand_prefix(field, prefix))
