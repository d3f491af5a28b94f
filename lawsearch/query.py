"""Morphological search over the index: the query language, ID and citation jumps,
English through the glossary, "did you mean", snippets with highlights.

Query language (CONTRACT.md):

* plain words match every form, all words must match (AND): ``штрафными картами``;
* ``"quoted phrases"`` match in any inflection: ``"ход вне очереди"``;
* ``OR`` between two words or phrases; ``NOT word`` or ``-word`` excludes; ``word*`` is a prefix;
* filters ``law:50``, ``kind:commentary``, ``lang:en`` (English fields only), ``lang:ru``;
* an ID or a citation alone (``50E``, ``правило 50E``, ``Law 50E``, ``50е``, ``48.4``) puts
  that node first and the nodes citing it next;
* English words go through the glossary (``penalty card`` → штрафная карта) and search
  the English titles and terms;
* a query with no hits is retried with the closest words of the corpus.

    >>> result = search("штрафными картами", index_dir=Path("build/index"))   # doctest: +SKIP
    >>> result.hits[0].id                                                      # doctest: +SKIP
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

from whoosh import index as whoosh_index

from . import ids
from .analysis import STOP_WORDS, fold, normalize_id, tokenize
from .index import EN_FIELDS, EN_STOP_WORDS
from .evaluate import AllOf, AnyOf, Every, Flag, Phrase, Query as EvalQuery, Word, WhooshStats
from .index import BOOSTS, META
from .model import CorpusError, Problem, shorten
from .morph import english_stem
from .patterns import CITATION, FILTER, HAS_CYRILLIC, LATIN_WORD, QUERY_PART, next_to_nothing, strip_spaces

RU_FIELDS = dict(BOOSTS)  # title, text, footnotes, commentary → boost
PREFIX_FIELDS = ("title", "text")
SYNONYM_BOOST = 0.1  # a synonym helps, but the words typed come first
SNIPPET_CHARS = 220
MIN_CORRECTED = 4  # words shorter than this are never "corrected"


@dataclass
class Hit:
    id: str
    law: str | None
    kind: str
    title: str | None
    score: float
    snippet: str
    highlights: list[list[int]]
    url: str


@dataclass
class Plan:
    query: EvalQuery
    highlight: set[str]
    prefixes: set[str]


class QueryError(ValueError):
    """A query that cannot mean anything in this corpus: a filter naming a law, kind or
    language it does not have. The command line makes it a usage error; the browser shows
    the same words."""


@dataclass
class Result:
    query: str
    corrected_query: str | None = None
    suggestions: list[str] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)
    total: int = 0
    kind: str = "text"  # "text" | "id" (a citation jump)
    target: str | None = None  # for "id": the ID asked for
    by_law: dict[str, int] = field(default_factory=dict)  # matches per law ("" none), all of them, not just the hits

    def to_dict(self) -> dict:
        return {"query": self.query, "corrected_query": self.corrected_query, "suggestions": self.suggestions,
                "hits": [asdict(h) for h in self.hits], "total": self.total, "kind": self.kind, "target": self.target,
                "by_law": self.by_law, "reach": reach(self.by_law),
                "groups": groups(self.hits, totals=self.by_law) if self.kind == "text" else []}


PER_LAW = 3  # hits of one law shown together before "and N more"


def groups(hits: list[Hit], per_law: int = PER_LAW, totals: dict[str, int] | None = None) -> list[dict]:
    """Hits by law, laws in order of their best hit; each law shows its best ``per_law``
    so one law does not flood the page (the ranked ``hits`` list keeps them all), the law's
    own node first when it is among them (it heads the group). Hits in no law are all
    shown: no ``law:`` filter could show the rest. ``total``: the law's matches beyond the
    hits too, when ``totals`` (``Result.by_law``) gives them. The command line and the
    browser (static/engine.js) both show these groups as they are.

    >>> hit = lambda i, law: Hit(i, law, "", None, 0.0, "", [], "")
    >>> [g["shown"] for g in groups([hit("62C1", "62"), hit("62B1", "62"), hit("61", "61"), hit("62B2", "62"), hit("62", "62")])]
    [['62C1', '62B1', '62B2'], ['61']]
    """
    out: dict[str, list[str]] = {}
    for h in hits:
        out.setdefault(h.law or "", []).append(h.id)
    single = len(out) == 1  # one law only (law:50 …): nothing to make room for
    rows = []
    for law, members in out.items():
        cap = len(members) if single or not law else per_law
        shown = members[:cap]
        if law in shown:
            shown = [law] + [m for m in shown if m != law]
        rows.append({"law": law or None, "ids": members, "shown": shown, "more": max(0, len(members) - cap),
                     "total": max(len(members), (totals or {}).get(law, 0))})
    return rows


def reach(by_law: dict[str, int], per_law: int = PER_LAW) -> int:
    """How many hits the grouped display shows when every match is fetched (a limit as
    big as the total): a bigger ``--limit`` helps only up to this.

    >>> reach({"50": 12, "51": 2}), reach({"50": 12})
    (5, 12)
    """
    if len(by_law) == 1:
        return sum(by_law.values())
    return sum(n if not law else min(n, per_law) for law, n in by_law.items())


# -- the query language ------------------------------------------------------------------------


@dataclass
class Clause:
    kind: str  # "word" | "phrase" | "prefix" | "id" | "english"
    text: str
    negated: bool = False
    or_previous: bool = False


def parse(query: str) -> tuple[list[Clause], dict[str, str]]:
    """Split a query into clauses and filters.

    >>> [(c.kind, c.text, c.negated) for c in parse('"ход вне очереди" -болван law:50')[0]]
    [('phrase', 'ход вне очереди', False), ('word', 'болван', True)]
    """
    clauses: list[Clause] = []
    filters: dict[str, str] = {}
    negate_next = False
    or_next = False
    for m in QUERY_PART.finditer(query):
        if m.group(2) is not None:
            text = strip_spaces(m.group(2))
            if text:
                clauses.append(Clause("phrase", text, negated=m.group(1) == "-" or negate_next, or_previous=or_next))
            negate_next = or_next = False
            continue
        word = m.group(3)
        if word == "OR":
            or_next = bool(clauses)
            continue
        if word in ("NOT", "AND"):
            negate_next = word == "NOT"
            continue
        f = FILTER.fullmatch(word)
        if f:
            filters[f[1]] = f[2]
            continue
        negated = negate_next
        if word.startswith("-") and len(word) > 1:
            negated, word = True, word[1:]
        for tok in tokenize(word):
            if tok.kind == "id":
                clauses.append(Clause("id", tok.text, negated, or_next))
            elif tok.kind == "word" and word.endswith("*") and tok.end == len(word) - 1:
                clauses.append(Clause("prefix", tok.text, negated, or_next))
            elif tok.kind == "word" and not HAS_CYRILLIC.search(tok.text):
                clauses.append(Clause("english", tok.text, negated, or_next))
            else:
                clauses.append(Clause("word", tok.text, negated, or_next))
            or_next = False
        negate_next = or_next = False
    return clauses, filters


# -- the searcher ------------------------------------------------------------------------------


class Searcher:
    """An open index with its meta data; reuse it for many queries."""

    def __init__(self, index_dir: Path):
        index_dir = Path(index_dir)
        if not (index_dir / META).is_file() or not whoosh_index.exists_in(str(index_dir)):
            raise CorpusError(Problem("error", "no search index here; run `lawsearch build` first", str(index_dir)))
        self.meta = json.loads((index_dir / META).read_text(encoding="utf-8"))
        self.ix = whoosh_index.open_dir(str(index_dir))
        self.searcher = self.ix.searcher()
        self.nodes = self.meta["nodes"]
        # docnum -> node id, read once: loading stored fields per result costs more than the search
        self.doc_ids = {docnum: fields["id"] for docnum, fields in self.searcher.iter_docs()}
        self.docnums = {node_id: docnum for docnum, node_id in self.doc_ids.items()}
        self.docs = [dict(self.nodes[self.doc_ids[d]], id=self.doc_ids[d]) for d in range(len(self.doc_ids))]
        self.stats = WhooshStats(self.searcher, {f: [self.meta["lengths"][f][self.doc_ids[d]] for d in range(len(self.doc_ids))]
                                                 for f in self.meta["lengths"]})
        self.forms: dict[str, list[str]] = self.meta["forms"]
        self.glossary = [dict(g, terms=[tuple(t) for t in g["terms"]]) for g in self.meta["glossary"]]
        self.footnotes: dict[str, dict] = self.meta.get("footnotes", {})
        self.speller = Speller(self.meta["vocabulary"])

    def close(self) -> None:
        self.searcher.close()

    # public ---------------------------------------------------------------------------------

    def search(self, query: str, limit: int | None = 10) -> Result:
        """Raises QueryError for a filter the corpus cannot satisfy (``law:999``)."""
        self.check_filters(parse(query)[1])
        result = self._citation(query, limit)
        if result is None:
            result = self._text(query, limit)
            if not result.hits:
                self._correct(result, query, limit)
        return result

    def check_filters(self, filters: dict[str, str]) -> None:
        """A filter value the corpus does not have (``law:999``, ``kind:bogus``) would match
        nothing, and "nothing matches" would hide the typo: raise QueryError saying what
        the filter takes."""
        laws = [k for k, v in self.nodes.items() if v["kind"] == "law"]
        law = filters.get("law")
        if law is not None and law not in laws:
            held = f"which holds laws {laws[0]}-{laws[-1]}" if laws else "which holds no law text"
            raise QueryError(f"law:{shorten(law)} names no law of this corpus, {held}")
        kinds = sorted({d["kind"] for d in self.docs})
        if filters.get("kind") is not None and filters["kind"] not in kinds:
            raise QueryError(f"kind:{shorten(filters['kind'])} is not a kind of node in this corpus; use one of {', '.join(kinds)}")
        langs = sorted({d["lang"] for d in self.docs if d["lang"]} | {"en"})
        if filters.get("lang") is not None and filters["lang"] not in langs:
            raise QueryError(f"lang:{shorten(filters['lang'])} is not a language of this corpus; "
                             f"use one of {', '.join(langs)}")

    # citations ------------------------------------------------------------------------------

    def _citation(self, query: str, limit: int | None) -> Result | None:
        m = CITATION.fullmatch(query)
        if not m:
            return self._id_jump(query, limit)
        node_id = ids.normalize(m[1])
        parts = ids.parse_law_id(node_id)
        if node_id not in self.nodes and (not parts or parts["law"] not in self.nodes):
            return None  # not a node of ours: search it as text
        order = [node_id] if node_id in self.nodes else [parts["law"]]
        order += [n for n in self.meta["citations"].get(node_id, []) if n not in order]
        return self._jump(query, node_id, order, limit)

    def _id_jump(self, query: str, limit: int | None) -> Result | None:
        """Every other ID ``show`` takes: a division, a piece (then who cites it) or a
        footnote (then the nodes carrying its markers)."""
        node_id = strip_spaces(query)
        if node_id in self.footnotes:
            order = [node_id] + self.footnotes[node_id]["owners"]
        elif node_id in self.nodes:
            order = [node_id] + [n for n in self.meta["citations"].get(node_id, []) if n != node_id]
        else:
            return None
        return self._jump(query, node_id, order, limit)

    def _jump(self, query: str, node_id: str, order: list[str], limit: int | None) -> Result:
        hits = [self._hit(nid, float(len(order) - rank), set(), set(), {normalize_id(node_id)})
                for rank, nid in enumerate(order[:limit])]
        return Result(query=query, hits=hits, total=len(order), kind="id", target=node_id)

    # text -----------------------------------------------------------------------------------

    def _text(self, query: str, limit: int | None) -> Result:
        plan = self.plan(query)
        if plan is None:
            return Result(query=query)
        ranked = plan.query.run(self.stats, self.docs)
        # snippets only for the hits shown: they are the costly part of a result
        hits = [self._hit(self.doc_ids[doc], score, plan.highlight, plan.prefixes) for score, doc in ranked[:limit]]
        by_law: dict[str, int] = {}
        for _, doc in ranked:
            law = self.docs[doc]["law"] or ""
            by_law[law] = by_law.get(law, 0) + 1
        return Result(query=query, hits=hits, total=len(ranked), by_law=by_law)

    def plan(self, query: str) -> Plan | None:
        """The query as an ``evaluate.Query`` plus what to highlight; None when nothing to search."""
        clauses, filters = parse(query)
        english_only = filters.get("lang") == "en"
        positive: list = []
        negative: list = []
        highlight: set[str] = set()
        prefixes: set[str] = set()
        clauses = self._english_phrases(clauses) if not english_only else clauses
        clauses = self._glossary_phrases(clauses)
        for clause in clauses:
            node = self._clause_node(clause, english_only, highlight if not clause.negated else set(),
                                     prefixes if not clause.negated else set())
            if node is None:
                continue
            if clause.negated:
                negative.append(node)
            elif clause.or_previous and positive:
                positive[-1] = AnyOf([positive[-1], node])
            else:
                positive.append(node)
        kept = {k: v for k, v in filters.items() if k in ("law", "kind")}
        if filters.get("lang") == "ru":
            kept["lang"] = "ru"
        if not positive:
            if not kept:
                return None
            positive = [Every(len(self.docs))]  # filters alone: everything they allow, in reading order
        return Plan(EvalQuery(AllOf(positive), negative, kept), highlight, prefixes)

    def word_terms(self, word: str) -> tuple[str, ...]:
        """A query word's terms from the forms table the browser also gets; a word that is
        no form of any corpus lemma stays as written (and finds nothing)."""
        w = fold(word)
        if w in STOP_WORDS:
            return ()
        terms = self.forms.get(w)
        return tuple(terms) if terms is not None else (w,)

    def phrase_terms(self, text: str) -> list[tuple[str, ...]]:
        out = []
        for tok in tokenize(text):
            if tok.kind == "word":
                terms = self.word_terms(tok.text)
            elif tok.kind == "id":
                terms = (normalize_id(tok.text),)
            else:
                terms = (tok.text.replace(",", "."),)
            if terms:
                out.append(terms)
        return out

    def _english_phrases(self, clauses: list[Clause]) -> list[Clause]:
        """Consecutive English words become one clause so the glossary sees the phrase."""
        out: list[Clause] = []
        for c in clauses:
            if c.kind == "english" and out and out[-1].kind == "english" and not c.negated \
                    and not out[-1].negated and not c.or_previous:
                out[-1] = Clause("english", f"{out[-1].text} {c.text}", False, out[-1].or_previous)
            else:
                out.append(c)
        return out

    def _glossary_phrases(self, clauses: list[Clause]) -> list[Clause]:
        """Consecutive plain words that spell a glossary phrase (``невиновная сторона``)
        become one "term" clause: they still must all match, and the phrase's synonyms
        (``ненарушившая сторона``) match too."""
        out: list[Clause] = []
        i = 0
        while i < len(clauses):
            best = 0
            for g in self.glossary:
                terms = g["terms"]
                n = len(terms)
                run = clauses[i:i + n]
                if n < 2 or n <= best or len(run) < n:
                    continue
                if any(c.kind != "word" or c.negated or (k and c.or_previous) for k, c in enumerate(run)):
                    continue
                if all(set(self.word_terms(c.text)) & set(t) for c, t in zip(run, terms)):
                    best = n
            if best:
                run = clauses[i:i + best]
                out.append(Clause("term", " ".join(c.text for c in run), False, run[0].or_previous))
                i += best
            else:
                out.append(clauses[i])
                i += 1
        return out

    def _clause_node(self, clause: Clause, english_only: bool, highlight: set[str], prefixes: set[str]):
        if clause.kind == "id":
            term = normalize_id(clause.text)
            highlight.add(term)
            return Flag("ids", term)
        if clause.kind == "prefix":
            stem = fold(clause.text)
            prefixes.add(stem)
            terms = sorted({t for f in PREFIX_FIELDS for t in self.stats.terms_with_prefix(f, stem)})
            return Word(terms, {f: RU_FIELDS[f] for f in PREFIX_FIELDS}) if terms else Word([stem], RU_FIELDS)
        if clause.kind == "english" or english_only:
            return self._english_node(clause.text, highlight, english_only)
        sequence = [self.word_terms(clause.text)] if clause.kind == "word" else self.phrase_terms(clause.text)
        sequence = [t for t in sequence if t]
        if not sequence:
            return None  # stop words only
        for t in sequence:
            highlight.update(t)
        synonyms = self._synonyms(sequence)  # found, but not highlighted: the words typed are
        extra = [self._sequence_node(x, SYNONYM_BOOST) for x in synonyms]
        if clause.kind == "term":
            words = AllOf([self._sequence_node([t]) for t in sequence])
            return AnyOf([words, self._sequence_node(sequence)] + extra)
        node = self._sequence_node(sequence)
        return AnyOf([node] + extra) if extra else node

    def _sequence_node(self, sequence: list[tuple[str, ...]], weight: float = 1.0):
        """One word: any of its lemmas in any Russian field; several: a phrase."""
        if len(sequence) == 1:
            return Word(list(sequence[0]), RU_FIELDS, weight)
        return Phrase([list(t) for t in sequence], RU_FIELDS, weight)

    def _synonyms(self, sequence: list[tuple[str, ...]]) -> list[list[tuple[str, ...]]]:
        """Other Russian glossary terms for the same English term, when the clause is a
        glossary term itself (a phrase, or a word the glossary lets expand)."""
        out = []
        for g in self.glossary:
            terms = g["terms"]
            if len(terms) != len(sequence) or not all(set(a) & set(b) for a, b in zip(terms, sequence)):
                continue
            if len(terms) == 1 and not g["expand"]:
                continue
            for other in self.glossary:
                if other["en"] == g["en"] and other is not g and other["terms"] and other["terms"] != terms \
                        and (len(other["terms"]) > 1 or other["expand"]) and other["terms"] not in out:
                    out.append(other["terms"])
        return out

    def english_stems(self, text: str) -> list[str]:
        """Stems of English words as the index made them: whoosh's English stop words and
        one-letter words dropped, then Snowball's English stems (the browser: stem-en.js)."""
        return [english_stem(w) for w in (x.lower() for x in LATIN_WORD.findall(text))
                if w not in EN_STOP_WORDS and len(w) >= 2]

    def _english_node(self, text: str, highlight: set[str], english_only: bool = False):
        """English words: the English fields (titles, glossary terms found in a node); unless
        ``lang:en`` asked for English only, also the glossary's Russian term, as a term
        (its words, or better its phrase)."""
        stems = self.english_stems(text)
        if not stems:
            return None
        parts: list = [AllOf([Word([s], {f: 1.0}) for s in stems]) for f in EN_FIELDS]
        for g in self.glossary if not english_only else ():
            if g["en_stems"] == stems and (g["expand"] or len(g["terms"]) > 1) and g["terms"]:
                terms = g["terms"]
                parts.append(self._sequence_node(terms) if len(terms) == 1 else
                             AnyOf([AllOf([self._sequence_node([t]) for t in terms]), self._sequence_node(terms)]))
                for t in terms:
                    highlight.update(t)
        highlight.update(stems)
        return AnyOf(parts)

    # did you mean ---------------------------------------------------------------------------

    def _correct(self, result: Result, query: str, limit: int | None) -> None:
        clauses, _ = parse(query)
        words = [c.text for c in clauses if c.kind in ("word", "english", "prefix") and not c.negated]
        vocabulary = self.meta["vocabulary"]
        replacements: dict[str, list[str]] = {}
        for w in words:
            if fold(w) in vocabulary or len(w) < MIN_CORRECTED:
                continue  # short tokens ("ст", "law") are abbreviations, not typos
            candidates = self.speller.close(fold(w))
            if candidates:
                replacements[w] = candidates
        if not replacements:
            return
        variants = []
        for k in range(3):
            q = query
            for w, cands in replacements.items():
                q = re.sub(next_to_nothing(w), cands[min(k, len(cands) - 1)].replace("\\", "\\\\"), q)
            if q not in variants and q != query:
                variants.append(q)
        for variant in variants:
            retry = self._text(variant, limit)
            if retry.hits:
                result.corrected_query = variant
                result.hits = retry.hits
                result.total = retry.total
                result.by_law = retry.by_law
                result.suggestions = [v for v in variants if v != variant]
                return
        result.suggestions = variants

    # hits -----------------------------------------------------------------------------------

    def _hit(self, node_id: str, score: float, highlight: set[str], prefixes: set[str],
             id_terms: set[str] = frozenset()) -> Hit:
        if node_id in self.footnotes:  # a footnote asked for by its ID
            note = self.footnotes[node_id]
            snippet, spans_ = self.snippet(note["text"], set())
            return Hit(id=node_id, law=note["law"], kind="footnote", title=None, score=score, snippet=snippet,
                       highlights=spans_, url=note["url"])
        docnum = self.docnums.get(node_id)
        doc = self.searcher.stored_fields(docnum) if docnum is not None else {}
        node = self.nodes[node_id]
        text = doc.get("text") or doc.get("footnotes") or node["title"] or doc.get("text_en") or ""
        snippet, spans_ = self.snippet(text, highlight | id_terms, prefixes)
        if not spans_ and doc.get("text_en") and text != doc["text_en"]:
            # matched in the English text only: show that
            snippet, spans_ = self.snippet(doc["text_en"], highlight | id_terms, prefixes)
        return Hit(id=node_id, law=node["law"], kind=node["kind"], title=node["title"], score=score,
                   snippet=snippet, highlights=spans_, url=node["url"])

    def snippet(self, text: str, highlight: set[str], prefixes: set[str] = frozenset()) -> tuple[str, list[list[int]]]:
        """A window of ``text`` around the first match, and the matched words' offsets in it."""
        text = text.replace("\n\n", " ¶ ")
        matches = [(tok.start, tok.end) for tok in tokenize(text)
                   if (tok.kind == "word" and (set(self.word_terms(tok.text)) & highlight
                                               or any(fold(tok.text).startswith(p) for p in prefixes)))
                   or (tok.kind == "id" and normalize_id(tok.text) in highlight)]
        start = 0
        if matches and matches[0][0] > SNIPPET_CHARS // 3:
            start = text.rfind(" ", 0, matches[0][0] - SNIPPET_CHARS // 4) + 1
        end = len(text)
        if end - start > SNIPPET_CHARS:
            cut = text.find(" ", start + SNIPPET_CHARS)
            end = cut if cut != -1 else end
        prefix = "…" if start > 0 else ""
        suffix = "…" if end < len(text) else ""
        shift = len(prefix) - start
        spans_ = [[s + shift, e + shift] for s, e in matches if s >= start and e <= end]
        return prefix + text[start:end] + suffix, spans_


class Speller:
    """Corpus words close to a misspelt one: within two edits (``edit_distance``), closest
    first, then the most frequent, then alphabetical. The browser's engine has the same.

    >>> Speller({"карта": 5, "карты": 2, "кара": 1}).close("крата")
    ['карта', 'карты', 'кара']
    """

    BOUND = 2

    def __init__(self, vocabulary: dict[str, int]):
        self.by_length: dict[int, list[tuple[str, frozenset, int]]] = {}
        for word, count in vocabulary.items():
            self.by_length.setdefault(len(word), []).append((word, frozenset(word), count))
        self.cache: dict[str, list[str]] = {}

    def close(self, word: str, limit: int = 3) -> list[str]:
        key = f"{limit}:{word}"
        if key not in self.cache:
            if len(self.cache) > 10_000:  # a long-lived searcher meets endless typos
                self.cache.clear()
            self.cache[key] = self._close(word, limit)
        return self.cache[key]

    def _close(self, word: str, limit: int) -> list[str]:
        letters, scored = frozenset(word), []
        for n in range(len(word) - self.BOUND, len(word) + self.BOUND + 1):
            for candidate, its_letters, count in self.by_length.get(n, ()):
                # each edit brings in or takes out at most one distinct letter: a cheap bound first
                if len(its_letters - letters) > self.BOUND or len(letters - its_letters) > self.BOUND:
                    continue
                d = edit_distance(word, candidate, self.BOUND)
                if d <= self.BOUND:
                    scored.append((d, -count, candidate))
        return [c for _, _, c in sorted(scored)[:limit]]


def edit_distance(a: str, b: str, bound: int) -> int:
    """Damerau-Levenshtein distance (adjacent transpositions), stopping past ``bound``."""
    prev2, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if prev2 is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > bound:
            return bound + 1
        prev2, prev = prev, cur
    return prev[-1]


@lru_cache(maxsize=4)
def _open(index_dir: str) -> Searcher:
    return Searcher(Path(index_dir))


def search(query: str, limit: int | None = 10, index_dir: Path | str = Path("build/index")) -> Result:
    """Search the index at ``index_dir`` (built by ``lawsearch build``); reuses an open index."""
    return _open(str(Path(index_dir).resolve())).search(query, limit)
