"""How a query matches and ranks documents: best match, a small exact model that the
browser's ``site_templates/static/engine.js`` implements line for line, so the site answers
as the command line does (tests/test_differential.py compares the two on 10,000 queries).

Postings come from the whoosh index (``WhooshStats``) here and from the exported search
payload in the browser; both hold the same positions, lengths and counts.

A query is a list of **words** (``Unit``: a word as typed, a quoted phrase, an ID, words
joined by OR) and **alternatives** (``Alternative``): ways a document can match one word or
a run of them -- the word's own lemmas, its family, a thesaurus or glossary phrase -- each
with a *quality*: 1 for the words as typed, less for a looser reading. Every word is
optional unless required (``+word``); a document matching an excluded word, or outside the
filters, is dropped.

Score of a term ``t`` in field ``f`` of document ``d`` (BM25, k1 = 1.2, b = 0.75)::

    idf(t, f)   = ln(1 + (N - df + 0.5) / (df + 0.5))
    bm25(t,f,d) = idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(f, d) / avglen(f)))

* ``Word``: any of its terms in any field; score = sum over fields of boost(f) * max over
  terms of bm25.
* ``Phrase``: its words in order, each at most two positions after the one before, within
  one field; score = 2 * sum over fields where it occurs of boost(f) * sum over words of max
  bm25.
* ``AllOf``: every child matches; score = the sum. ``Flag``: a keyword field holds the term
  (an ID); score 1.

A document's score, for query words ``u`` (``Query.run``)::

    covered(u) = 1 if any alternative for u matches (ASIDE where it matched only in a law's
                 commentary); else CONTEXT where the title of a part above the document
                 (its law, section, clause; ``docs[d]["below"]`` lists what each part holds)
                 names u; else 0
    quality(u) = the best quality among the alternatives for u that match (× ASIDE where
                 it matched only in a law's commentary); for a title above, CONTEXT × that
                 title's quality
    title(u)   = the best quality among them that match in the title
    bm25(u)    = the best of quality * score / (query words the alternative stands for)
    law(d)     = sum of weight(u) over the words u any document of d's law matches
    score      = COVER * sum weight(u) * covered(u) + TITLE * level(kind) * sum title
                 + QUALITY * sum quality + BM25 * sum bm25 + GROUP * law(d)

where weight(u) = ln(1 + N / (1 + documents u matches)) / ln(1 + N), less for a word most
documents hold (``COVER_IDF``).

so a document covering more of the query comes first (helped by what the rest of its law
covers), then one whose title names it (a
law's title more than a clause's), then one matching the words themselves rather than a
looser reading, then BM25; ties in reading order. Scores are rounded to 6 decimals
(``round6``). docs/decisions.md gives the measurement behind the weights.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field

from . import editions

K1 = 1.2
B = 0.75
PHRASE_BONUS = 2.0
SLOP = 2  # a phrase's next word may stand this many positions after the previous one
STEPS = range(1, SLOP + 1)

# The ranking's weights (docs/decisions.md, "Best match": measured on the situations'
# tuning half and the relevance set).
COVER = 100.0
TITLE = 10.0
QUALITY = 40.0
BM25 = 0.1
COVER_IDF = True  # a word most nodes hold covers less of the query than a rare one
TITLE_FIELDS = ("title", "title_en", "subject")  # a node's title in either language, or a subject index headword naming it (issue 13)
ASIDE = 0.5  # a word found only in a law's commentary (all its paragraphs in one field) is a looser match, and covers less
CONTEXT = 0.5  # a word a title above the node names (its law's, its section's) covers it this much
GROUP = 20.0  # a law's coverage of the query (the words any of its nodes match), added to each of its nodes
# how much a title says of its part: a law's and its first level's (a section's, an
# article's part) all of it, a deeper level's half (``level_weights``)
TOP_TITLE, INNER_TITLE = 1.0, 0.5


def level_weights(levels: tuple[str, ...] | list[str]) -> dict[str, float]:
    """The title weight of each law-text kind of a code whose levels below a law are
    ``levels`` (its profile's names, outermost first): ``level_weights(["part", "point"]) ==
    {"law": 1.0, "part": 1.0, "point": 0.5}``. The browser's engine reads the same table
    (its data's ``params.level``)."""
    return {"law": TOP_TITLE, **{lv: TOP_TITLE if i == 0 else INNER_TITLE for i, lv in enumerate(levels)}}


def _active_levels() -> dict[str, float]:
    from .grammar import active_grammar

    return level_weights(active_grammar().levels)


class Stats:
    """What scoring needs: postings (document → positions), counts and lengths."""

    n: int

    def postings(self, field: str, term: str) -> dict[int, list[int]]:
        raise NotImplementedError

    def length(self, field: str, doc: int) -> int:
        raise NotImplementedError

    def avglen(self, field: str) -> float:
        raise NotImplementedError

    def counts(self, field: str, term: str) -> list[tuple[int, int]]:
        """(document, how many times ``term`` stands in its ``field``), in document order."""
        return [(doc, len(positions)) for doc, positions in self.postings(field, term).items()]

    def positions(self, field: str, term: str, doc: int):
        """Where ``term`` stands in ``field`` of ``doc`` (empty where it does not)."""
        return self.postings(field, term).get(doc, ())

    def bm25_all(self, field: str, term: str) -> dict[int, float]:
        """bm25 of ``term`` in ``field`` for every document holding it."""
        p = self.counts(field, term)
        if not p:
            return {}
        df = len(p)
        idf = math.log(1 + (self.n - df + 0.5) / (df + 0.5))
        avg = self.avglen(field) or 1
        out = {}
        for doc, tf in p:
            norm = 1 - B + B * self.length(field, doc) / avg
            out[doc] = idf * tf * (K1 + 1) / (tf + K1 * norm)
        return out


# -- what matches a document, with its score ------------------------------------------------
# Each ``scores(stats)`` gives {document: (score, where)}: where it matched, IN_TITLE and/or
# IN_BODY (any field but a law's commentary, which holds all its paragraphs in one).
IN_TITLE, IN_BODY = 1, 2


def where(f: str) -> int:
    return (IN_TITLE if f in TITLE_FIELDS else 0) | (IN_BODY if f != "commentary" else 0)


@dataclass
class Word:
    terms: list[str]
    fields: dict[str, float]

    def scores(self, stats: Stats) -> dict[int, tuple[float, int]]:
        out: dict[int, tuple[float, int]] = {}
        for f, boost in self.fields.items():
            if len(self.terms) == 1:
                best = stats.bm25_all(f, self.terms[0])
            else:
                best = {}
                for t in self.terms:
                    for doc, s in stats.bm25_all(f, t).items():
                        if s > best.get(doc, -1.0):
                            best[doc] = s
            here = where(f)
            for doc, s in best.items():
                was = out.get(doc)
                out[doc] = (boost * s, here) if was is None else (was[0] + boost * s, was[1] | here)
        return out


@dataclass
class Phrase:
    words: list[list[str]]  # term alternatives per word, in order
    fields: dict[str, float]

    def occurs(self, stats: Stats, f: str, doc: int) -> bool:
        starts: set[int] | None = None
        for terms in self.words:
            positions: set[int] = set()
            for t in terms:
                positions.update(stats.positions(f, t, doc))
            if starts is None:
                starts = positions
            else:  # the positions 1..SLOP after a start: one set operation, not a scan per position
                starts = positions.intersection([s + step for s in starts for step in STEPS])
            if not starts:
                return False
        return bool(starts)

    def scores(self, stats: Stats) -> dict[int, tuple[float, int]]:
        total: dict[int, float] = {}
        places: dict[int, int] = {}
        for f, boost in self.fields.items():
            per_word: list[dict[int, float]] = []
            for terms in self.words:
                best: dict[int, float] = {}
                for t in terms:
                    for doc, s in stats.bm25_all(f, t).items():
                        if s > best.get(doc, -1.0):
                            best[doc] = s
                per_word.append(best)
            docs = set(per_word[0]) if per_word else set()
            for best in per_word[1:]:
                docs &= set(best)
            for doc in sorted(docs):
                if not self.occurs(stats, f, doc):
                    continue
                s = 0.0
                for best in per_word:
                    s += best[doc]
                total[doc] = total.get(doc, 0.0) + boost * s
                places[doc] = places.get(doc, 0) | where(f)
        return {doc: (PHRASE_BONUS * s, places[doc]) for doc, s in total.items()}


@dataclass
class AllOf:
    children: list

    def scores(self, stats: Stats) -> dict[int, tuple[float, int]]:
        out: dict[int, tuple[float, int]] | None = None
        for child in self.children:
            here = child.scores(stats)
            if out is None:
                out = here
            else:
                out = {doc: (s + here[doc][0], places & here[doc][1]) for doc, (s, places) in out.items() if doc in here}
        return out or {}


@dataclass
class Flag:
    field: str
    term: str

    def scores(self, stats: Stats) -> dict[int, tuple[float, int]]:
        return {doc: (1.0, IN_BODY) for doc in stats.postings(self.field, self.term)}


# -- the query --------------------------------------------------------------------------------


@dataclass
class Unit:
    """A word of the query as the user typed it (a phrase, an ID, words joined by OR)."""

    text: str
    required: bool = False


@dataclass
class Alternative:
    """A way to match the query words ``first``..``last``: ``own`` when it is those words
    themselves (any inflection), else a looser reading (family, thesaurus, glossary)."""

    match: object  # Word | Phrase | AllOf | Flag
    first: int
    last: int
    quality: float = 1.0
    own: bool = True


@dataclass
class Ranked:
    score: float
    doc: int


def filter_value(meta: dict, key: str) -> str:
    """What a filter compares with a document: its ``law``, ``kind`` or ``lang``; for
    ``edition`` the edition prefix of its law (or ID), "" in the default edition
    (lawsearch/editions.py; static/engine.js filterValue)."""
    if key == "edition":
        return editions.split(meta.get("law") or meta.get("id") or "")[0] or ""
    return str(meta.get(key) or "")


def passes(meta: dict, key: str, value: str) -> bool:
    """Whether a document passes one filter: ``within`` (``law:3.2``, a part of a law) holds
    the node and the documents below it (``meta["above_ids"]``, evaluate.mark_below; the
    browser: static/engine.js passes); any other compares ``filter_value``."""
    if key == "within":
        return meta.get("id") == value or value in meta.get("above_ids", ())
    return filter_value(meta, key) == value


@dataclass
class Query:
    units: list[Unit]
    alternatives: list[Alternative]
    negative: list = field(default_factory=list)  # matches that exclude a document
    filters: dict[str, str] = field(default_factory=dict)  # "law" / "kind" / "lang" / "within" → value
    # the title weight of each law-text kind (``level_weights`` of the corpus's levels)
    level: dict[str, float] = field(default_factory=_active_levels)

    def run(self, stats: Stats, docs: list[dict]) -> list[Ranked]:
        """Every document the query allows, in document order (``best`` ranks them). Word
        by word: the best match of each document for the word, then its share of the score,
        added in word order (as engine.js adds)."""
        n, size = len(self.units), len(docs)
        cover, titled, good, bm25 = [0.0] * size, [0.0] * size, [0.0] * size, [0.0] * size
        seen = bytearray(size) if n else bytearray(b"\x01" * size)  # filters alone: everything, score 0
        scores: dict[int, dict] = {}  # alternative → its matches, computed once for all its words
        self.per_word = []
        top = math.log(1 + size) or 1.0  # an empty index: no document to weigh (no division by zero)
        self.weights: list[float] = []
        for u, unit in enumerate(self.units):
            here = [k for k, alt in enumerate(self.alternatives) if alt.first <= u <= alt.last]
            for k in here:
                if k not in scores:
                    scores[k] = self.alternatives[k].match.scores(stats)
            if len(here) == 1:  # the common case, without merging: the same sums, less work
                self._add_alone(self.alternatives[here[0]], scores[here[0]], size, top, cover, titled, good, bm25, seen,
                                docs)
                continue
            best: dict[int, list] = {}  # document → [quality, bm25 share, title quality, own, body]
            for k in here:
                alt = self.alternatives[k]
                span, in_body, aside = alt.last - alt.first + 1, alt.quality, alt.quality * ASIDE
                for doc, (s, places) in scores[k].items():
                    q = in_body if places & IN_BODY else aside
                    value = q * s / span
                    rec = best.get(doc)
                    body = 1.0 if places & IN_BODY else ASIDE
                    if rec is None:
                        best[doc] = [q, value, q if places & IN_TITLE else 0.0, alt.own, body]
                        continue
                    if q > rec[0]:
                        rec[0] = q
                    if value > rec[1]:
                        rec[1] = value
                    if places & IN_TITLE and q > rec[2]:
                        rec[2] = q
                    if alt.own:
                        rec[3] = True
                    if body > rec[4]:
                        rec[4] = body
            # how much covering the word counts: less for a word most documents hold
            weight = math.log(1 + size / (1 + len(best))) / top if COVER_IDF else 1.0
            self.weights.append(weight)
            for doc, (q, share, title, _, body) in best.items():
                cover[doc] += weight * body
                titled[doc] += title
                good[doc] += q
                bm25[doc] += share
                seen[doc] = 1
            self._add_context({doc: rec[2] for doc, rec in best.items() if rec[2]}, best, docs, weight, cover, good)
            self.per_word.append((best, None))
        excluded: set[int] = set()
        for match in self.negative:
            excluded.update(match.scores(stats))
        required = [self.per_word[u] for u, unit in enumerate(self.units) if unit.required]
        if any(own is False for _, own in required):  # a required word matched only as a looser reading
            return []
        filters = list(self.filters.items())
        laws = self.law_cover(docs)
        out = []
        for doc in range(size):
            if not seen[doc] or doc in excluded:
                continue
            meta = docs[doc]
            if filters and not all(passes(meta, k, v) for k, v in filters):
                continue
            if required and not all(doc in best and (own or own is None and best[doc][3]) for best, own in required):
                continue
            score = COVER * cover[doc] + TITLE * self.level.get(meta["kind"], 0.0) * titled[doc] + QUALITY * good[doc] \
                + BM25 * bm25[doc] + GROUP * laws.get(meta["law"] or "", 0.0)
            out.append(Ranked(round6(score), doc))
        return out

    def law_cover(self, docs: list[dict]) -> dict[str, float]:
        """Law → the rarity weights of the query words any of its documents matches (after
        ``run``'s words): a director's question spreads over a law -- its title names the
        situation, its clauses the remedies -- and the law whose parts jointly cover it lifts
        each of its documents (``GROUP``). Documents of no law join none."""
        out: dict[str, float] = {}
        for (matched, _), weight in zip(self.per_word, self.weights):
            for law in sorted({docs[doc]["law"] for doc in matched if docs[doc]["law"]}):
                out[law] = out.get(law, 0.0) + weight
        return out

    def _add_alone(self, alt: Alternative, matches: dict, size: int, top: float, cover, titled, good, bm25, seen,
                   docs: list[dict]) -> None:
        """A word only one alternative stands for: its matches' shares straight into the sums."""
        span, in_body, aside = alt.last - alt.first + 1, alt.quality, alt.quality * ASIDE
        weight = math.log(1 + size / (1 + len(matches))) / top if COVER_IDF else 1.0
        self.weights.append(weight)
        for doc, (s, places) in matches.items():
            q = in_body if places & IN_BODY else aside
            cover[doc] += weight * (1.0 if places & IN_BODY else ASIDE)
            titled[doc] += q if places & IN_TITLE else 0.0
            good[doc] += q
            bm25[doc] += q * s / span
            seen[doc] = 1
        self._add_context({doc: in_body for doc, (_, places) in matches.items() if places & IN_TITLE}, matches, docs,
                          weight, cover, good)
        self.per_word.append((matches, alt.own))

    @staticmethod
    def _add_context(titled: dict[int, float], matched: dict, docs: list[dict], weight: float, cover, good) -> None:
        """A word the title of a part names also covers the documents below it that do not
        match it themselves, at ``CONTEXT``: a clause is read under its law's and section's
        headings (the clause «Разыгрывающий играет второй картой» is about a first lead out
        of turn, its law's title says). ``titled``: document → quality of its title's match."""
        context: dict[int, float] = {}
        for top in sorted(titled):
            for doc in docs[top].get("below", ()):
                if doc not in matched and titled[top] > context.get(doc, 0.0):
                    context[doc] = titled[top]
        for doc in sorted(context):  # (a title above alone makes no hit: ``seen`` stays as it is)
            cover[doc] += weight * CONTEXT
            good[doc] += CONTEXT * context[doc]

    def covered(self, doc: int) -> list[bool]:
        """Which words of the query ``doc`` covers (after ``run``)."""
        return [doc in best for best, _ in self.per_word]


def best(ranked: list[Ranked], docs: list[dict], limit: int | None) -> list[Ranked]:
    """The first ``limit`` of ``ranked`` (all for None): best score first, ties in reading
    order (``docs[doc]["order"]``); a document of a placeholder law
    (``docs[doc]["placeholder"]``: ``Corpus.placeholder_laws``) after every other, however
    well its title matches: an answer is a law's text. A document of another edition than the
    default (current) one whose same ID there matched too ranks right below it where it scored
    higher: the current text first, the superseded one still listed (``twin_rank``)."""
    key = twin_rank(ranked, docs)

    return sorted(ranked, key=key) if limit is None else heapq.nsmallest(limit, ranked, key=key)


def twin_rank(ranked: list[Ranked], docs: list[dict]):
    """The sort key of ``best``: placeholder laws last, then the score -- a document of a named
    edition (``2011~71B``) scored as at most its default edition's twin (``71B``) where that
    matched too, and after it at that score -- then reading order."""
    score_of = {docs[r.doc]["id"]: r.score for r in ranked}

    def key(r: Ranked) -> tuple:
        doc = docs[r.doc]
        named, bare = editions.split(doc["id"])
        twin = score_of.get(bare) if named is not None else None
        score = r.score if twin is None else min(r.score, twin)
        return bool(doc.get("placeholder")), -score, twin is not None, doc["order"]
    return key


def mark_below(docs: list[dict]) -> None:
    """Give each document the documents below it in the tree (``"below"``, in reading
    order) and the IDs of those above it (``"above_ids"``, nearest first), from each
    document's ``"parent"`` node ID.

    >>> docs = [{"id": "50", "parent": None}, {"id": "50E", "parent": "50"}, {"id": "50E1", "parent": "50E"}]
    >>> mark_below(docs); [d["below"] for d in docs]
    [[1, 2], [2], []]
    """
    number = {d["id"]: k for k, d in enumerate(docs)}
    for d in docs:
        d["below"] = []
        d["above_ids"] = []  # the documents above it, nearest first (the filter law:3.2 reads them)
    for k, d in enumerate(docs):
        up = d.get("parent")
        while up in number:
            docs[number[up]]["below"].append(k)
            d["above_ids"].append(up)
            up = docs[number[up]].get("parent")
    for d in docs:
        d["below"].sort()


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
        self._bm25: dict[tuple[str, str], dict[int, float]] = {}
        self._values: dict[tuple[str, str], dict[int, bytes]] = {}
        self._decoders: dict[str, object] = {}  # field -> its format's positions decoder (``positions``)
        self._schema = searcher.schema

    def postings(self, field: str, term: str) -> dict[int, list[int]]:
        key = (field, term)
        p = self._cache.get(key)
        if p is None:
            p = self._cache[key] = dict(self.read_postings(field, term))
        return p

    def read_postings(self, field: str, term: str):
        """(document, positions) of a term in document order, read from the index and not
        kept: the build's browser data read every term once, and keeping them all held the
        whole index in memory twice."""
        if (field, term) not in self.reader:
            return
        m = self.reader.postings(field, term)
        positional = m.supports("positions")
        if positional and hasattr(m, "format"):  # a leaf matcher: value_as's decoder, found once per term
            decode, value = m.format.decoder("positions"), m.value
            while m.is_active():
                yield m.id(), list(decode(value()))
                m.next()
            return
        while m.is_active():
            yield m.id(), (list(m.value_as("positions")) if positional else [0])
            m.next()

    def _format(self, field: str):
        """The field's posting format when its postings hold positions, else None."""
        fmt = self._schema[field].format if field in self._schema else None
        return fmt if fmt is not None and fmt.supports("positions") else None

    def counts(self, field: str, term: str) -> list[tuple[int, int]]:
        """Read from the postings' weights, no position decoded (most of a posting's
        reading): a positional field's weight is its count times the field's boost
        (whoosh's ``Positions`` format, every token of ours boost 1: index.py), so the
        count is that quotient rounded -- ``len(positions)`` exactly (checked on every
        posting of a 50x index), for a float boost too. A term's positions are kept
        undecoded (``positions`` decodes a document's where a phrase asks)."""
        if (field, term) in self._cache:
            return super().counts(field, term)
        fmt = self._format(field)
        if fmt is None or (field, term) not in self.reader:
            return super().counts(field, term)
        boost = fmt.field_boost
        m = self.reader.postings(field, term)
        out, values = [], {}
        while m.is_active():
            doc = m.id()
            out.append((doc, round(m.weight() / boost)))
            values[doc] = m.value()
            m.next()
        self._values[(field, term)] = values
        return out

    def positions(self, field: str, term: str, doc: int):
        values = self._values.get((field, term))
        if values is None:
            return super().positions(field, term, doc)
        value = values.get(doc)
        if value is None:
            return ()
        decode = self._decoders.get(field)
        if decode is None:  # whoosh's decode_as, its decoder found once per field: a phrase asks per document
            decode = self._decoders[field] = self._format(field).decoder("positions")
        return decode(value)

    def bm25_all(self, field: str, term: str) -> dict[int, float]:
        key = (field, term)
        out = self._bm25.get(key)
        if out is None:
            out = self._bm25[key] = super().bm25_all(field, term)
        return out

    def length(self, field: str, doc: int) -> int:
        return self.lengths[field][doc]

    def avglen(self, field: str) -> float:
        return self._avg[field]

    def terms_with_prefix(self, field: str, prefix: str) -> list[str]:
        return sorted(t.decode() if isinstance(t, bytes) else t for t in self.reader.expand_prefix(field, prefix))
