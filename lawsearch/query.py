"""Morphological search over the index: the query language, ID and citation jumps,
English through the glossary, "did you mean", snippets with highlights.

Query language (CONTRACT.md) -- best match:

* plain words match every form and each is optional: the nodes covering more of the query
  come first (``evaluate.py`` says how they rank): ``штрафными картами``;
* ``+word`` requires a word, ``-word`` or ``NOT word`` excludes it;
* ``"quoted phrases"`` match in any inflection: ``"ход вне очереди"``;
* ``OR`` between two words or phrases makes them one word of the query; ``word*`` is a prefix;
* filters ``law:50``, ``kind:commentary``, ``lang:en`` (English fields only), ``lang:ru``;
* an ID or a citation alone (``50E``, ``правило 50E``, ``Law 50E``, ``50е``, ``48.4``) puts
  that node first and the nodes citing it next;
* English words go through the glossary (``penalty card`` → штрафная карта) and search the
  English titles and terms, and (an abbreviation in Russian text: WBF) the Russian fields;
* the words of the query no hit shown covers are reported (``missing``), and every looser
  reading applied (family, glossary, thesaurus) is reported too (``understood_as``);
* a word the corpus does not know is replaced by its closest corpus word before ranking
  (``corrected_query``; the next closest are ``suggestions``).

    >>> result = search("штрафными картами", index_dir=Path("build/index"))   # doctest: +SKIP
    >>> result.hits[0].id                                                      # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path

from whoosh import index as whoosh_index

from . import ids
from .alignment import aligned_text, shown
from .analysis import STOP_WORDS, fold, narrow, normalize_id, spelt_out, tokenize
from .evaluate import (AllOf, Alternative, Flag, Phrase, Query as EvalQuery, Unit, Word, WhooshStats, best, level_weights,
                       mark_below)
from .grammar import grammar_of
from . import editions
from .index import (BOOSTS, EN_FIELDS, EN_STOP_WORDS, ENGLISH, FORMS, INDEX_VERSION, META, NEIGHBOURS, VOCABULARY, WENT,
                    Meta)
from .problems import CorpusError, Problem, cut
from .morph import english_stem
from .output import resolve
from .patterns import (FILTER, HAS_CYRILLIC, LATIN_WORD, QUERY_PART, SPACES, citation_pattern,
                       next_to_nothing, plain_letters, strip_spaces, surely_not_foreign)
from .profile import Profile, activated
from .tables import WordTable

RU_FIELDS = dict(BOOSTS)  # title, text, footnotes, commentary → boost
from .index import EN_TEXT, EN_WEIGHTS  # noqa: E402  the English fields' weights; the titles and text themselves
PREFIX_FIELDS = ("title", "text")
TRANSLATION_FIELDS = ("translation",)  # lang:X for a translation's language: its text alone (index.BOOSTS)


def in_fields(match, fields: tuple[str, ...]):
    """``match`` read in ``fields`` alone (their boosts kept); None when it reads none of
    them. An ID (``Flag``) names the node whatever its language: kept as it is.

    >>> in_fields(Word(["a"], {"text": 1.0, "translation": 1.0}), ("translation",))
    Word(terms=['a'], fields={'translation': 1.0})
    >>> in_fields(Word(["a"], {"text_en": 1.0}), ("translation",)) is None
    True
    """
    if isinstance(match, (Word, Phrase)):
        kept = {f: b for f, b in match.fields.items() if f in fields}
        return replace(match, fields=kept) if kept else None
    if isinstance(match, AllOf):
        children = [in_fields(c, fields) for c in match.children]
        return None if any(c is None for c in children) else AllOf(children)
    return match


SUBJECT_FIELDS = ("subject",)  # the subject index's headwords naming a node (index.subject_headwords)


def without_fields(match, fields: tuple[str, ...]):
    """``match`` read in every field but ``fields`` (their boosts kept); None when it reads
    only those. An ID (``Flag``) names the node: kept as it is.

    >>> without_fields(Word(["a"], {"text": 1.0, "subject": 2.0}), ("subject",))
    Word(terms=['a'], fields={'text': 1.0})
    >>> without_fields(Word(["a"], {"subject": 2.0}), ("subject",)) is None
    True
    """
    if isinstance(match, (Word, Phrase)):
        kept = {f: b for f, b in match.fields.items() if f not in fields}
        return replace(match, fields=kept) if kept else None
    if isinstance(match, AllOf):
        children = [without_fields(c, fields) for c in match.children]
        return None if any(c is None for c in children) else AllOf(children)
    return match


def matched_by(alternatives: list, stats, docs: set[int]) -> set[int]:
    """Of ``docs``, those some of ``alternatives``' matches (None: none) reads."""
    out: set[int] = set()
    for m in alternatives:
        if m is not None and len(out) < len(docs):
            out |= docs & m.scores(stats).keys()
    return out
# how well a looser reading stands for the words typed (1: the words themselves)
FAMILY = 0.8  # a word of the same family: сыграл → игра
SYNONYM = 0.6  # another Russian term of the glossary for the same English one
THESAURUS = 0.7  # a thesaurus phrase, times its entry's weight
TRANSLATION = 0.5  # the glossary's English for a Russian word typed, in the English fields
SNIPPET_CHARS = 220
GAP_START = "[…] "  # a snippet of a text whose start the book lost begins with the gap mark, as the page does
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
    # the edition the hit's node is of (docs/editions.md): its ID's prefix, the default edition's
    # name for a bare ID (null where the corpus names no edition)
    edition: str | None = None
    # the other language's sentence aligned with the one the snippet's first match stands in
    # ({lang, text, by}: alignment.aligned_text); None (no key in JSON) where the node has no
    # text in the other language
    aligned: dict | None = None
    # found only through the subject index: the query's words match one of its headwords
    # naming this node, and nothing of the node's own text, titles, notes or commentary
    # (``Searcher.via_subject_index``)
    via_subject_index: bool = False

    def to_dict(self) -> dict:
        out = asdict(self)
        if out["aligned"] is None:
            del out["aligned"]
        if not out["via_subject_index"]:
            del out["via_subject_index"]  # as "aligned": the key only where it says something
        return out


@dataclass
class Plan:
    query: EvalQuery
    highlight: set[str]
    prefixes: set[str]
    understood_as: list[dict] = field(default_factory=list)  # each with "span": the query words it reads
    clause_units: list[int | None] = field(default_factory=list)  # the query word of each clause, if any
    translated: bool = False  # lang:X for a translation's language: its words matched in the translation field alone

    def readings(self) -> list[dict]:
        """``understood_as`` as answers give it: without the spans, each reading of the same
        words as the same phrases once (the glossary and the thesaurus may both say it)."""
        out: list[dict] = []
        for u in self.understood_as:
            if not any(o["words"] == u["words"] and o["as"] == u["as"] for o in out):
                out.append({k: v for k, v in u.items() if k != "span"})
        return out


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
    build: str | None = None  # the build id of the index that answered
    missing: list[str] = field(default_factory=list)  # query words no hit shown covers
    found: list[str] = field(default_factory=list)  # query words some hit shown covers (said beside ``missing``)
    understood_as: list[dict] = field(default_factory=list)  # looser readings applied: {"words", "as", "by"}
    # the ID asked for is not in the edition searched but in others (Searcher.elsewhere); None
    # (no key in JSON) otherwise
    elsewhere: dict | None = None
    # query words in a script the corpus has no text in (Arabic, Greek, …): never searched, said so
    foreign: list[str] = field(default_factory=list)
    # the query holds nothing to search: no word, number or ID, only symbols («🂡», «→»)
    unsearchable: bool = False

    def to_dict(self) -> dict:
        out = {"query": self.query, "corrected_query": self.corrected_query, "suggestions": self.suggestions,
               "hits": [h.to_dict() for h in self.hits], "total": self.total, "kind": self.kind, "target": self.target,
               "by_law": self.by_law, "reach": reach(self.by_law), "missing": self.missing,
               "found": self.found,
               "understood_as": self.understood_as, "foreign": self.foreign,
               "unsearchable": self.unsearchable,
               "groups": groups(self.hits, totals=self.by_law) if self.kind == "text" else [], "build": self.build}
        if self.elsewhere is not None:
            out["elsewhere"] = self.elsewhere
        return out


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
    required: bool = False


def parse(query: str) -> tuple[list[Clause], dict[str, str]]:
    """Split a query into clauses and filters.

    >>> [(c.kind, c.text, c.negated, c.required) for c in parse('"ход вне очереди" -болван +карта law:50')[0]]
    [('phrase', 'ход вне очереди', False, False), ('word', 'болван', True, False), ('word', 'карта', False, True)]
    >>> [(c.kind, c.text) for c in parse('declarer said "low" +"болван"')[0]][2:]
    [('english', 'low'), ('word', 'болван')]
    """
    clauses: list[Clause] = []
    filters: dict[str, str] = {}
    negate_next = False
    or_next = False
    for m in QUERY_PART.finditer(query):
        if m.group(2) is not None:
            text = strip_spaces(m.group(2))
            toks = tokenize(text)
            if len(toks) == 1 and toks[0].kind == "word":
                # one quoted word has no order to keep: it is that word («he said "low"»),
                # read as a plain word is read (its readings, its language)
                kind = "word" if HAS_CYRILLIC.search(toks[0].text) else "english"
                clauses.append(Clause(kind, toks[0].text, negated=m.group(1) == "-" or negate_next,
                                      or_previous=or_next, required=m.group(1) == "+"))
                negate_next = or_next = False
                continue
            if text:
                clauses.append(Clause("phrase", text, negated=m.group(1) == "-" or negate_next, or_previous=or_next,
                                      required=m.group(1) == "+"))
            negate_next = or_next = False
            continue
        word = m.group(3)
        if word == "OR":
            or_next = bool(clauses)
            continue
        if word in ("NOT", "AND"):
            negate_next = word == "NOT"
            continue
        f = FILTER.fullmatch(narrow(word))  # typed full-width («ｌａｗ:９», «edition:１９９８») it is the filter
        if f:
            filters[f[1]] = f[2]
            continue
        negated, required = negate_next, False
        if word.startswith("-") and len(word) > 1:
            negated, word = True, word[1:]
        elif word.startswith("+") and len(word) > 1:
            required, word = True, word[1:]
        for tok in tokenize(word):
            if tok.kind == "id":
                kind = "id"
            elif tok.kind == "word" and word.endswith("*") and tok.end == len(word) - 1:
                kind = "prefix"
            elif tok.kind == "word" and not HAS_CYRILLIC.search(tok.text):
                kind = "english"
            else:
                kind = "word"
            clauses.append(Clause(kind, tok.text, negated, or_next, required))
            or_next = False
        negate_next = or_next = False
    return clauses, filters


@lru_cache(maxsize=1)
def foreign_letter() -> re.Pattern:
    from .patterns import FOREIGN_LETTERS  # made on first use

    return re.compile(f"[{FOREIGN_LETTERS}]")


_QUERY_WORD_EDGES = '"+-*()'


def foreign_words(query: str, known: str = "") -> list[str]:
    """The words of ``query`` (split at white space) of a script the text has no word in: a
    letter of another script than Latin and Cyrillic (``patterns.FOREIGN_LETTERS``, with
    their full-width forms and ligatures ours) and, folded, none of the ``known`` letters of
    other scripts the text's words hold (the index's ``other_letters``): with none known,
    ``foreign_words("قانون law")`` is ``["قانون"]``; a text with Greek in it searches
    ``Ωμέγα``. The browser reads the same class.

    >>> foreign_words('νόμος карта "ﬁnal" ５０Ｅ'), foreign_words('νόμος قانون', known="μνοςό")
    (['νόμος'], ['قانون'])
    """
    out: list[str] = []
    if surely_not_foreign(query):  # the usual query: the class (a walk of the plane) is not made
        return out
    for part in re.split(f"[{SPACES}]+", query):
        word = part.strip(_QUERY_WORD_EDGES)
        if word and word not in out and foreign_letter().search(word) \
                and not any(c in known for c in fold(word) if foreign_letter().match(c)):
            out.append(word)
    return out


def unsearchable(query: str) -> bool:
    """Whether ``query`` holds something but nothing to search: no word, number or ID and no
    filter, only symbols («🂡», «→ ©»). The browser tells it alike (engine.js).

    >>> unsearchable("🂡"), unsearchable("🂡 карта"), unsearchable("law:50"), unsearchable(" ")
    (True, False, False, False)
    """
    clauses, filters = parse(query)
    return not clauses and not filters and bool(strip_spaces(query))


# -- the searcher ------------------------------------------------------------------------------


class Searcher:
    """An open index with its meta data; reuse it for many queries. ``build/index`` is
    opened in the build current now, and stays in that build whatever switches later."""

    def __init__(self, index_dir: Path):
        index_dir = Path(os.path.realpath(resolve(Path(index_dir))))
        missing = CorpusError(Problem("error", "no search index here; run `lawsearch build` first", str(index_dir)))
        if not (index_dir / META).is_file():
            raise missing
        try:
            self.ix = whoosh_index.open_dir(str(index_dir))  # once: whoosh's exists_in opens it too
        except whoosh_index.EmptyIndexError:
            raise missing from None
        self.meta = Meta.read(index_dir / META)  # a section parsed when read
        if self.meta.get("version") != INDEX_VERSION \
                or not all((index_dir / name).is_file() for name in (FORMS, NEIGHBOURS, VOCABULARY)):
            raise CorpusError(Problem("error", "this index was made by another version of lawsearch; "
                                               "run `lawsearch build` again", str(index_dir)))
        self.build: str | None = self.meta.get("build")
        # the code's ID and citation rules, as the build had them (index.code_grammar): a
        # corpus folder's own profile.toml included
        code = self.meta.get("code_grammar")
        self.profile = Profile(code["name"], {k: v for k, v in code.items() if k != "name"}) if code else None
        self.citation = citation_pattern(self.profile)
        self.level = level_weights(grammar_of(self.profile).levels)  # a title's weight by its kind (evaluate.py)
        self.searcher = self.ix.searcher()
        self.nodes = self.meta["nodes"]
        self.other_letters: str = self.meta.get("other_letters", "")
        # the languages of the translation field (index.translation_languages): lang:X searches it alone
        self.translations: list[str] = self.meta.get("translations") or []
        # docnum -> node id, as the build added them (meta.json): loading stored fields costs more than the search
        self.doc_ids = dict(enumerate(self.meta["docs"]))
        self.docnums = {node_id: docnum for docnum, node_id in self.doc_ids.items()}
        # a document is its node's own facts (no copy: they were parsed for this searcher), its ID added
        self.docs = [self.nodes[node_id] for node_id in self.meta["docs"]]
        for node_id, doc in zip(self.meta["docs"], self.docs):
            doc["id"] = node_id
        mark_below(self.docs)  # a clause is read under its law's and section's titles (evaluate.CONTEXT)
        self.stats = WhooshStats(self.searcher, self.meta["lengths"])  # field → length per document number
        # the tables that grow with the vocabulary are looked up a word at a time (lawsearch/tables.py)
        self.forms = WordTable(index_dir / FORMS)
        self.real_neighbours = WordTable(index_dir / NEIGHBOURS)
        self._vocabulary_file = index_dir / VOCABULARY
        self.glossary = [dict(g, terms=[tuple(t) for t in g["terms"]]) for g in self.meta["glossary"]]
        self.footnotes: dict[str, dict] = self.meta.get("footnotes", {})
        self.thesaurus: list[dict] = self.meta.get("thesaurus", [])
        self.families: dict[str, list[str]] = self.meta.get("families", {})
        self.say_index = say_index(self.thesaurus)
        self.use_thesaurus = True  # off only to measure what it brings (benchmarks/bench_search.py)
        self._stored: dict[str, dict] = {}
        self._tokens: dict[str, list] = {}

    @cached_property
    def vocabulary(self) -> dict[str, int]:
        """Corpus word → count, read when a word is not in the forms table (corrections)."""
        return json.loads(self._vocabulary_file.read_text(encoding="utf-8"))

    @cached_property
    def speller(self) -> Speller:
        return Speller(self.vocabulary)

    def close(self) -> None:
        self.searcher.close()
        self.forms.close()
        self.real_neighbours.close()

    # public ---------------------------------------------------------------------------------

    def search(self, query: str, limit: int | None = 10) -> Result:
        """Raises QueryError for a filter the corpus cannot satisfy (``law:999``)."""
        query = plain_letters(query)  # 𝐋𝐚𝐰 typed is Law, as the text holds it
        with activated(self.profile):  # its IDs are read as the corpus's code writes them
            return self._search(query, limit)

    def _search(self, query: str, limit: int | None) -> Result:
        self.check_filters(parse(query)[1])
        result = self._citation(query, limit)
        if result is None:
            variants = self.corrections(query)  # before ranking: a misspelt word would miss, not rank lower
            result = self._text(variants[0] if variants else query, limit)
            result.query = query
            if variants:
                result.corrected_query, result.suggestions = variants[0], variants[1:]
            # a word of another script is searched nowhere: named, and not covered by any hit
            result.foreign = foreign_words(query, self.other_letters)
            result.missing += [w for w in result.foreign if w not in result.missing]
            result.unsearchable = unsearchable(query)
        result.build = self.build
        result.elsewhere = self.elsewhere(query)
        return result

    def elsewhere(self, query: str) -> dict | None:
        """The ID a query asks for -- the whole query, its filters aside, a citation or an ID
        (``6C``, ``правило 6 edition:1987``), or its one ID beside filters (``6C kind:clause``) -- when the edition searched lacks it
        (``edition:X``, an ID's own edition, else the default one) and other editions have it:
        ``{"id": "6C", "edition": "1987", "found": [{"edition": "2017", "id": "2017~6C", "url": …}]}``,
        the editions in the corpus's chronological order; None otherwise, and in a corpus of
        one edition."""
        known = self.editions.get("list") or []
        if len(known) < 2:
            return None
        clauses, filters = parse(query)
        # the query's words but its filters: «правило 6 edition:1987» cites 6 as «правило 6» does
        rest = " ".join(w for w in query.split() if not FILTER.fullmatch(narrow(w))) if filters else query
        m = self.citation.fullmatch(rest)
        if m:
            node_id = ids.normalize(m[1])
        elif len(clauses) == 1 and clauses[0].kind == "id" and not clauses[0].negated:
            node_id = ids.normalize(clauses[0].text)
        else:
            return None
        named, bare = editions.split(node_id)
        default = self.editions.get("default")
        edition = filters.get("edition") or named or default
        if edition not in known or editions.qualify(bare, edition, default) in self.nodes:
            return None
        found = [{"edition": ed, "id": other, "url": self.nodes[other]["url"]}
                 for ed in known if ed != edition for other in [editions.qualify(bare, ed, default)] if other in self.nodes]
        if not found:
            return None
        out = {"id": bare, "edition": edition, "found": found}
        # where the comparison of the texts says that node is in the edition searched ("" where
        # it finds it nowhere): what show says, and where a jump goes
        went = self.meta.get(WENT, {}).get(edition, {}).get(bare)
        target = editions.qualify(went, edition, default) if went else None
        if target in self.nodes:
            out["went"] = {"id": target, "url": self.nodes[target]["url"]}
        return out

    def explain(self, query: str) -> dict:
        """How each word of ``query`` is understood (``lawsearch explain``): as typed, the
        correction made before ranking, its role (optional, required, excluded, a stop word
        not searched), its lemmas (or English stems, or an ID), and the looser readings
        applied to it -- family, thesaurus, glossary -- each with the words it reads.

        ``explain("декларанта сыграл")["words"][0]["readings"][0]``
        ``== {"by": "thesaurus", "words": "декларанта", "as": ["разыгрывающий"]}``
        """
        with activated(self.profile):
            return self._explain(query)

    def _explain(self, query: str) -> dict:
        self.check_filters(parse(query)[1])
        citation = self.citation.fullmatch(narrow(query))  # as the search reads it: «５０Ｅ» is 50E
        bare = strip_spaces(narrow(query))
        if citation or bare in self.footnotes or bare in self.nodes:
            target = ids.normalize(citation[1]) if citation else bare
            return {"query": query, "corrected_query": None, "id": target, "filters": {}, "words": [], "foreign": []}
        variants = self.corrections(query)
        read = variants[0] if variants else query
        typed, clauses = parse(query)[0], parse(read)[0]
        plan = self.plan(read)
        units = plan.clause_units if plan else [None] * len(clauses)
        words = []
        for k, clause in enumerate(clauses):
            as_typed = typed[k].text if len(typed) == len(clauses) else clause.text
            u = units[k] if k < len(units) else None
            role = ("excluded" if clause.negated else "required" if clause.required else "optional") \
                if u is not None or clause.negated else "not searched (a stop word)"
            row = {"word": as_typed, "corrected": clause.text if clause.text != as_typed else None,
                   "kind": clause.kind, "role": role, "lemmas": self._lemmas(clause),
                   "readings": [{"by": r["by"], "words": r["words"], "as": r["as"]} for r in (plan.understood_as if plan else [])
                                if u is not None and r["span"][0] <= u <= r["span"][1]]}
            if clause.or_previous:
                row["or"] = True
            words.append(row)
        return {"query": query, "corrected_query": variants[0] if variants else None, "id": None,
                "filters": parse(query)[1], "words": words, "foreign": foreign_words(query, self.other_letters)}

    def _lemmas(self, clause: Clause) -> list[str]:
        """What the index is asked for a clause's own words: lemmas, English stems, an ID."""
        if clause.kind == "id":
            return [normalize_id(clause.text)]
        if clause.kind == "english":
            return list(dict.fromkeys([*self.english_stems(clause.text), *self.word_terms(clause.text)]))
        if clause.kind == "prefix":
            return [fold(clause.text) + "*"]
        if clause.kind == "phrase":
            return [" ".join("|".join(t) for t in self.phrase_terms(clause.text))]
        return list(self.word_terms(clause.text))

    def check_filters(self, filters: dict[str, str]) -> None:
        """A filter value the corpus does not have (``law:999``, ``kind:bogus``) would match
        nothing, and "nothing matches" would hide the typo: raise QueryError saying what
        the filter takes."""
        if not filters:
            return  # nothing to check (the lists below walk every node)
        laws = [k for k, v in self.nodes.items() if v["kind"] == "law"]
        # law:N edition:X names law N of edition X
        law = (self.edition_filters(filters) if filters.get("edition") in (self.editions.get("list") or [])
               else filters).get("law")
        if law is not None and law not in laws and self.part_of_law(law) is None:
            known = self.editions.get("list") or []
            if filters.get("edition") in known and len(known) > 1:
                # law:N edition:X: the laws X holds, and the editions that have law N
                self._no_law_in_edition(filters, laws)
            laws = [k for k in laws if editions.split(k)[0] is None] or laws  # the default edition's
            held = f"which holds laws {laws[0]}-{laws[-1]}" if laws else "which holds no law text"
            sep = self.editions.get("separator", "~")
            # a bare law:N is the default edition's law N, as a bare ID is; say where else it is
            elsewhere = [] if "edition" in filters else [
                ed for ed in self.editions.get("list") or [] if f"{ed}{sep}{law}" in self.nodes]
            if elsewhere:
                found = "; ".join(f"law {cut(law)} of edition {ed}: law:{cut(law)} edition:{ed}" for ed in elsewhere)
                raise QueryError(f"law:{cut(filters['law'])} names no law of the default edition "
                                 f"{self.editions.get('default')}, {held}; {found}")
            raise QueryError(f"law:{cut(filters['law'])} names no law of this corpus, {held}")
        kinds = sorted({d["kind"] for d in self.docs})
        if filters.get("kind") is not None and filters["kind"] not in kinds:
            raise QueryError(f"kind:{cut(filters['kind'])} is not a kind of node in this corpus; use one of {', '.join(kinds)}")
        langs = sorted({d["lang"] for d in self.docs if d["lang"]} | {ENGLISH} | set(self.translations))
        if filters.get("lang") is not None and filters["lang"] not in langs:
            raise QueryError(f"lang:{cut(filters['lang'])} is not a language of this corpus; "
                             f"use one of {', '.join(langs)}")
        known = self.editions.get("list") or []
        if filters.get("edition") is not None and filters["edition"] not in known:
            raise QueryError(f"edition:{cut(filters['edition'])} is not an edition of this corpus; "
                             f"use one of {', '.join(known) or 'none'}")

    def _no_law_in_edition(self, filters: dict[str, str], laws: list[str]) -> None:
        """Raise QueryError for ``law:N edition:X`` naming no law of edition X: the laws X
        holds, and each other edition holding law N with the filter that finds it there."""
        ed, default = filters["edition"], self.editions.get("default")
        number = editions.split(filters["law"])[1]
        own = [editions.split(k)[1] for k in laws if editions.split(k)[0] == (None if ed == default else ed)]
        held = f"which holds laws {own[0]}-{own[-1]}" if own else "which holds no law text"
        there = [e for e in self.editions.get("list") or [] if e != ed
                 and self.nodes.get(editions.qualify(number, e, default), {}).get("kind") == "law"]
        found = "; ".join(f"law {cut(number)} of edition {e}: law:{cut(number)} edition:{e}" for e in there)
        raise QueryError(f"law:{cut(filters['law'])} names no law of the {ed} edition, {held}"
                         + (f"; {found}" if found else ""))

    def part_of_law(self, value: str) -> str | None:
        """The node a ``law:`` filter names when it is a part of a law in a code whose IDs
        separate their levels (``law:3.2``: the node and what it holds; ``grammar.IdRules.dotted``),
        as the code writes its ID; else None (``law:50E`` names no law)."""
        with activated(self.profile):
            rules = ids.rules()
            if not rules.dotted:
                return None
            node_id = rules.normalize(value.translate(rules._fold).replace(" ", "")) or value
        node = self.nodes.get(node_id)
        if node is None or node["kind"] in ("law", "commentary", "division") or not node["law"]:
            return None
        return node_id

    @property
    def editions(self) -> dict:
        return self.meta.get("editions") or {}

    def edition_of(self, node_id: str) -> str | None:
        """The edition a hit's ID is of: its prefix (``2017~50E1`` → ``2017``), else the
        default edition (``50E1`` → ``1987``); None where the corpus names no edition."""
        return editions.split(node_id)[0] or self.editions.get("default") or None

    def edition_filters(self, filters: dict[str, str]) -> dict[str, str]:
        """``edition:X`` as the documents' edition prefix ("" for the default), and ``law:N``
        with it as the law of that edition (``law:50 edition:2017`` → law ``2017~50``)."""
        ed = filters.get("edition")
        if ed is None:
            return filters
        out = dict(filters, edition="" if ed == self.editions.get("default") else ed)
        # law:2017~50 names that edition's law already (as the hits' law reads)
        if out["edition"] and "law" in out and editions.split(out["law"])[0] is None:
            out["law"] = out["edition"] + self.editions.get("separator", "~") + out["law"]
        return out

    # citations ------------------------------------------------------------------------------

    def asked_in_edition(self, query: str) -> tuple[str, str | None] | None:
        """The query's words, its ``edition:`` filter and an edition's prefix aside, and the
        edition they name -- ``("6", "2020")`` for ``правило 6 edition:2020`` less its citation
        word, ``("1A", "2003")`` for ``2003~1A`` --: what an ID or a citation is read from.
        ``(query, None)`` for a query naming no edition; None when it has another filter
        (``6 kind:clause`` is searched as text) or names two editions that differ."""
        filters = parse(query)[1]
        if set(filters) - {"edition"}:
            return None
        rest = " ".join(w for w in query.split() if not FILTER.fullmatch(narrow(w))) if filters else query
        named, bare = editions.split(strip_spaces(narrow(rest)))
        known = self.editions.get("list") or []
        if named is not None and named not in known:
            return None
        if named is not None:
            rest = bare
        edition = filters.get("edition")
        if named is not None and edition is not None and named != edition:
            return None
        return rest, edition or named

    def _in_edition(self, node_id: str, edition: str | None) -> str:
        """``node_id`` (bare) as the ID of the edition named (unchanged when none is)."""
        return node_id if edition is None else editions.qualify(node_id, edition, self.editions.get("default"))

    def _of_edition(self, ids_: list[str], edition: str | None) -> list[str]:
        """Those of ``ids_`` in the edition named (all when none is)."""
        if edition is None:
            return ids_
        prefix = None if edition == self.editions.get("default") else edition
        return [n for n in ids_ if editions.split(n)[0] == prefix]

    def _citation(self, query: str, limit: int | None) -> Result | None:
        asked = self.asked_in_edition(query)
        if asked is None:
            return None
        rest, edition = asked
        m = self.citation.fullmatch(narrow(rest))  # an ID typed full-width ("５０Ｅ") is an ID
        if not m:
            return self._id_jump(query, rest, edition, limit)
        node_id = self._in_edition(ids.normalize(m[1]), edition)
        parts = ids.parse_law_id(ids.normalize(m[1]))
        law = self._in_edition(parts["law"], edition) if parts else None
        other = self.elsewhere(query) if node_id not in self.nodes else None
        if other is not None:
            # an ID the edition searched lacks and others have: where the comparison of the
            # texts says it is in this edition (6C of 2014 is 5A2 in 2003), else nothing here --
            # never the law of this edition that only shares its number, and not a text search
            if "went" not in other:
                return Result(query=query, kind="id")
            node_id = other["went"]["id"]
            order = [node_id] + [n for n in self._of_edition(self.meta["citations"].get(node_id, []), edition)
                                 if n != node_id]
            return self._jump(query, node_id, order, limit)
        if node_id not in self.nodes and (law is None or law not in self.nodes):
            return None  # not a node of ours: search it as text
        order = [node_id] if node_id in self.nodes else [law]
        order += [n for n in self._of_edition(self.meta["citations"].get(node_id, []), edition) if n not in order]
        return self._jump(query, node_id, order, limit)

    def _id_jump(self, query: str, rest: str, edition: str | None, limit: int | None) -> Result | None:
        """Every other ID ``show`` takes: a division, a piece (then who cites it) or a
        footnote (then the nodes carrying its markers)."""
        node_id = self._in_edition(strip_spaces(narrow(rest)), edition)
        if node_id in self.footnotes:
            order = [node_id] + self._of_edition(self.footnotes[node_id]["owners"], edition)
        elif node_id in self.nodes:
            order = [node_id] + [n for n in self._of_edition(self.meta["citations"].get(node_id, []), edition)
                                 if n != node_id]
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
        shown = best(ranked, self.docs, limit)
        # snippets only for the hits shown: they are the costly part of a result
        hits = [self._hit(self.doc_ids[r.doc], r.score, plan.highlight, plan.prefixes, translated=plan.translated)
                for r in shown]
        by_law: dict[str, int] = {}
        for r in ranked:
            law = self.docs[r.doc]["law"] or ""
            by_law[law] = by_law.get(law, 0) + 1
        for hit, doc in zip(hits, self.via_subject_index(plan, [r.doc for r in shown])):
            hit.via_subject_index = doc
        units = plan.query.units
        covered = [plan.query.covered(r.doc) for r in shown]
        missing = [u.text for i, u in enumerate(units) if not any(c[i] for c in covered)]
        found = [u.text for i, u in enumerate(units) if any(c[i] for c in covered)]
        return Result(query=query, hits=hits, total=len(ranked), by_law=by_law, missing=missing, found=found,
                      understood_as=plan.readings())

    def via_subject_index(self, plan: Plan, docs: list[int]) -> list[bool]:
        """For each of ``docs``: whether the query found it only through the subject index
        (its words in a headword naming the node, in none of the node's other fields)."""
        wanted = set(docs)
        alternatives = [a.match for a in plan.query.alternatives]
        subject = matched_by([in_fields(m, SUBJECT_FIELDS) for m in alternatives], self.stats, wanted)
        own = matched_by([without_fields(m, SUBJECT_FIELDS) for m in alternatives], self.stats, subject)
        return [d in subject and d not in own for d in docs]

    def plan(self, query: str) -> Plan | None:
        """The query as an ``evaluate.Query`` -- its words, every way to match each, what
        excludes -- plus what to highlight; None when there is nothing to search."""
        clauses, filters = parse(query)
        # lang:X is text in X: the English fields for English (the corpus's own text or a
        # translation), the nodes' own language for any other
        english_only = filters.get("lang") == ENGLISH
        # ... and the translation field for a language the nodes hold as a translation (Russian
        # beside an English main text): every match read in that field alone
        translated = filters.get("lang") if filters.get("lang") in self.translations else None
        units: list[Unit] = []
        alternatives: list[Alternative] = []
        negative: list = []
        slots: list[tuple[str, object] | None] = []  # per word: ("word", its terms) | ("english", its stems)
        highlight: set[str] = set()
        prefixes: set[str] = set()
        understood: list[dict] = []
        # the plain words in a row, stop words too, for the thesaurus's phrases:
        # (as typed, folded, terms, query word or None); None where a row breaks
        said: list[tuple[str, str, tuple[str, ...], int | None] | None] = []
        clause_units: list[int | None] = []
        for clause in clauses:
            clause_units.append(None)
            matches = self._own_matches(clause, english_only, set() if clause.negated else highlight,
                                        set() if clause.negated else prefixes)
            plain = clause.kind in ("word", "english") and not clause.negated and not clause.or_previous
            if not matches:
                said.append((clause.text, fold(clause.text), (), None) if plain else None)
                continue  # stop words only: nothing to look for
            if clause.negated:
                negative += matches
                said.append(None)
                continue
            if clause.or_previous and units:
                u = len(units) - 1
                units[u].text += f" OR {clause.text}"
                slots[u] = None  # an OR spells no phrase
                said[-1:] = [None, None]
            else:
                units.append(Unit(clause.text, clause.required))
                slots.append(self._slot(clause, english_only))
                u = len(units) - 1
                said.append((clause.text, fold(clause.text), self.word_terms(clause.text), u) if plain else None)
            clause_units[-1] = u
            alternatives += [Alternative(m, u, u) for m in matches]
            if clause.kind == "word" and not english_only:
                alternatives += self._family_alternatives(clause, u, understood, highlight)
        if not english_only:
            alternatives += self._glossary_alternatives(units, slots, understood, highlight)
            if self.use_thesaurus:
                alternatives += self._thesaurus_alternatives(said, understood)
        kept = {k: v for k, v in self.edition_filters(filters).items() if k in ("law", "kind", "edition")}
        part = self.part_of_law(kept["law"]) \
            if "law" in kept and self.nodes.get(kept["law"], {}).get("kind") != "law" else None
        if part is not None:  # law:3.2: within that part of its law
            kept["law"], kept["within"] = self.nodes[part]["law"], part
        if filters.get("lang") not in (None, ENGLISH) and translated is None:
            kept["lang"] = filters["lang"]
        if translated is not None:
            alternatives = [replace(a, match=m) for a in alternatives
                            for m in [in_fields(a.match, TRANSLATION_FIELDS)] if m is not None]
            negative = [m for m in (in_fields(n, TRANSLATION_FIELDS) for n in negative) if m is not None]
        if not units and not kept:
            return None
        return Plan(EvalQuery(units, alternatives, negative, kept, self.level), highlight, prefixes, understood, clause_units,
                    translated is not None)

    def _own_matches(self, clause: Clause, english_only: bool, highlight: set[str], prefixes: set[str]) -> list:
        """What matches the clause's own words, any inflection: [] for stop words only."""
        if clause.kind == "id":
            term = normalize_id(clause.text)
            highlight.add(term)
            return [Flag("ids", term)]
        if clause.kind == "prefix" and not english_only:
            stem = fold(clause.text)
            prefixes.add(stem)
            terms = sorted({t for f in PREFIX_FIELDS for t in self.stats.terms_with_prefix(f, stem)})
            out = [Word(terms, {f: RU_FIELDS[f] for f in PREFIX_FIELDS})] if terms else [Word([stem], RU_FIELDS)]
            if not HAS_CYRILLIC.search(stem):
                # a Latin prefix reaches the English fields too: their stems that begin with it
                # ("late*": "late", the stem of "lateness")
                english = sorted({t for f in EN_FIELDS for t in self.stats.terms_with_prefix(f, stem)})
                if english:
                    out.append(Word(english, EN_WEIGHTS))
            return out
        if clause.kind == "english" or english_only:
            stems = self.english_stems(clause.text)
            out = [AllOf([Word([s], EN_WEIGHTS) for s in stems]) if len(stems) > 1 else Word(stems, EN_WEIGHTS)] \
                if stems else []
            highlight.update(stems)
            if clause.kind == "english" and not english_only:
                # a Latin word in Russian text (WBF, LHO) is a term of the Russian fields as written
                terms = self.word_terms(clause.text)
                if terms:
                    out.append(Word(list(terms), RU_FIELDS))
                    highlight.update(terms)
            return out
        sequence = [self.word_terms(clause.text)] if clause.kind == "word" else self.phrase_terms(clause.text)
        sequence = [t for t in sequence if t]
        for t in sequence:
            highlight.update(t)
        out = [self._sequence_node(sequence)] if sequence else []
        if clause.kind == "phrase" and not HAS_CYRILLIC.search(clause.text):
            # an English phrase in any inflection: its words' stems in order in the English text
            # ("lead out" finds "leads out", "penalty cards remain" "Penalty Card Remains")
            stems = self.english_stems(clause.text)
            if len(stems) > 1:
                highlight.update(stems)
                out.append(Phrase([[x] for x in stems], EN_TEXT))
        return out

    def _slot(self, clause: Clause, english_only: bool) -> tuple[str, object] | None:
        """What a glossary or thesaurus phrase can be matched against: a plain word's terms,
        or an English word's stems."""
        if english_only:
            return None
        if clause.kind == "word":
            return ("word", self.word_terms(clause.text))
        if clause.kind == "phrase":
            return ("phrase", [t for t in self.phrase_terms(clause.text) if t])
        if clause.kind == "english":
            return ("english", self.english_stems(clause.text))
        return None

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

    def _glossary_alternatives(self, units: list[Unit], slots: list, understood: list[dict],
                               highlight: set[str]) -> list[Alternative]:
        """Glossary phrases spelt by runs of query words: a run of Russian words spelling a
        glossary phrase (``невиновная сторона``) also matches as that phrase, and as the other
        Russian terms for its English one (``ненарушившая сторона``) at ``SYNONYM``; a run of
        English words spelling a glossary term (``penalty card``) matches its Russian term
        (``штрафная карта``) as the words themselves."""
        out: list[Alternative] = []
        i = 0
        while i < len(units):
            slot = slots[i]
            if slot is None:
                i += 1
                continue
            if slot[0] == "english":
                i = self._english_run(units, slots, i, out, understood)
                continue
            best, entry = 0, None
            if slot[0] == "phrase":
                sequence = slot[1]
                entry = next((g for g in self.glossary if len(g["terms"]) == len(sequence) and len(sequence) > 1
                              and all(set(a) & set(b) for a, b in zip(g["terms"], sequence))), None)
                best = 1 if entry else 0
            else:
                for g in self.glossary:
                    n = len(g["terms"])
                    run = slots[i:i + n]
                    if n <= best or len(run) < n or (n == 1 and not g["expand"]):
                        continue
                    if all(r is not None and r[0] == "word" and set(r[1]) & set(t) for r, t in zip(run, g["terms"])):
                        best, entry = n, g
                if best > 1:  # the words typed, as the glossary's phrase
                    own = [list(r[1]) for r in slots[i:i + best]]
                    out.append(Alternative(Phrase(own, RU_FIELDS), i, i + best - 1))
            if entry is None:
                i += 1
                continue
            if entry["en_stems"]:  # the same term in the English text: "Lead Out of Turn" in a law's English title
                stems = entry["en_stems"]
                highlight.update(stems)
                # (not terms_en: the glossary terms found in the Russian text, synonyms included, are no translation)
                # a term of several words names one thing; one word's English (defender, card) is everywhere
                out.append(Alternative(Word(stems, EN_TEXT) if len(stems) == 1 else
                                       AllOf([Word([x], EN_TEXT) for x in stems]), i, i + best - 1,
                                       1.0 if len(entry["terms"]) > 1 else TRANSLATION, own=False))
            synonyms = self._synonyms(entry)
            for terms in synonyms:
                out.append(Alternative(self._sequence_node(terms), i, i + best - 1, SYNONYM, own=False))
            if synonyms:
                words = " ".join(u.text for u in units[i:i + best])
                understood.append({"words": words, "as": [self._spelt(t) for t in synonyms], "by": "glossary",
                                   "span": (i, i + best - 1)})
            i += best
        return out

    def _family_alternatives(self, clause: Clause, u: int, understood: list[dict], highlight: set[str]) -> list[Alternative]:
        """The other lemmas of the word's family (сыграл → играть, игра) at ``FAMILY``."""
        if len(fold(clause.text)) < 2:  # a letter alone («е́»): its lemmas are abbreviations' (е → быть), no family's
            return []
        terms = self.word_terms(clause.text)
        family = sorted({f for t in terms for f in self.families.get(t, ())} - set(terms))
        if not family:
            return []
        highlight.update(family)
        understood.append({"words": clause.text, "as": family, "by": "family", "span": (u, u)})
        return [Alternative(Word(family, RU_FIELDS), u, u, FAMILY, own=False)]

    def _thesaurus_alternatives(self, said: list, understood: list[dict]) -> list[Alternative]:
        """Each thesaurus ``say`` spelt by plain words in a row of the query (any form: by
        their terms; a stop word of the say as typed) adds its ``means`` phrases for those
        words, at the entry's weight × ``THESAURUS``. Entries in file order at each start."""
        out: list[Alternative] = []
        for start in range(len(said)):
            if said[start] is None:
                continue
            _, form, terms, _ = said[start]
            # only entries whose first word this word can be (in file order)
            for k in sorted({k for key in ("=" + form, *terms) for k in self.say_index.get(key, ())}):
                entry = self.thesaurus[k]
                say = entry["say"]
                run = said[start:start + len(say)]
                if len(run) < len(say) or any(w is None for w in run):
                    continue
                if not all(w[1] == s["form"] if not s["terms"] else not set(w[2]).isdisjoint(s["terms"])
                           for w, s in zip(run, say)):
                    continue
                words = [w[3] for w in run if w[3] is not None]
                means = [[tuple(t) for t in m] for m in entry["means_terms"] if m]
                if not words or not means:
                    continue
                for m in means:
                    out.append(Alternative(self._sequence_node(m), words[0], words[-1], entry["weight"] * THESAURUS,
                                           own=False))
                    out += self._translations(m, words[0], words[-1], entry["weight"] * THESAURUS)
                understood.append({"words": " ".join(w[0] for w in run), "as": entry["means"], "by": "thesaurus",
                                   "span": (words[0], words[-1])})
        return out

    def _translations(self, phrase: list[tuple[str, ...]], first: int, last: int, quality: float) -> list[Alternative]:
        """A thesaurus phrase that is a glossary term (``фальшренонс``, ``ход вне очереди``)
        also matches the term's English in the English titles and text, as the words typed
        for it would (``_glossary_alternatives``): a law whose Russian title is lost keeps its
        English one («ренонс» reaches law 62 by "Correction of a Revoke")."""
        out = []
        for g in self.glossary:
            if g["en_stems"] and len(g["terms"]) == len(phrase) and all(set(a) == set(b) for a, b in zip(g["terms"], phrase)):
                stems = g["en_stems"]
                match = Word(stems, EN_TEXT) if len(stems) == 1 else AllOf([Word([x], EN_TEXT) for x in stems])
                out.append(Alternative(match, first, last, quality * (1.0 if len(phrase) > 1 else TRANSLATION), own=False))
        return out

    def _synonyms(self, entry: dict) -> list[list[tuple[str, ...]]]:
        """The other Russian terms of the glossary for ``entry``'s English term (a single
        word only where the glossary lets it expand)."""
        out: list[list[tuple[str, ...]]] = []
        for other in self.glossary:
            if entry["translation"] and other["translation"] == entry["translation"] and other is not entry and other["terms"] and other["terms"] != entry["terms"] \
                    and (len(other["terms"]) > 1 or other["expand"]) and other["terms"] not in out:
                out.append(other["terms"])
        return out

    def _spelt(self, terms: list[tuple[str, ...]]) -> str:
        """A glossary term as its Russian text: ``[("штрафной",), ("карта",)]`` → ``штрафная карта``."""
        return next((g["term"] for g in self.glossary if g["terms"] == terms), " ".join(t[0] for t in terms))

    def _english_run(self, units: list[Unit], slots: list, i: int, out: list[Alternative], understood: list[dict]) -> int:
        """English words from ``i`` spelling a glossary term: its Russian phrase, for the run.
        Returns where the next run starts."""
        best, entries = 0, []
        for g in self.glossary:
            if not g["terms"] or not (g["expand"] or len(g["terms"]) > 1) or not g["en_stems"]:
                continue
            stems, j = [], i
            while j < len(slots) and len(stems) < len(g["en_stems"]) and slots[j] is not None and slots[j][0] == "english":
                stems += slots[j][1]
                j += 1
            if stems == g["en_stems"] and j - i >= best:
                if j - i > best:
                    best, entries = j - i, []
                entries.append(g)
        if not best:
            return i + 1
        for g in entries:
            terms = g["terms"]
            node = self._sequence_node(terms)
            out.append(Alternative(node, i, i + best - 1))
            if len(terms) > 1:  # its words apart count too
                out.append(Alternative(AllOf([self._sequence_node([t]) for t in terms]), i, i + best - 1))
        understood.append({"words": " ".join(u.text for u in units[i:i + best]), "as": [g["term"] for g in entries],
                           "span": (i, i + best - 1),
                           "by": "glossary"})
        return i + best

    def _sequence_node(self, sequence: list[tuple[str, ...]]):
        """One word: any of its lemmas in any Russian field; several: a phrase."""
        if len(sequence) == 1:
            return Word(list(sequence[0]), RU_FIELDS)
        return Phrase([list(t) for t in sequence], RU_FIELDS)

    def english_stems(self, text: str) -> list[str]:
        """Stems of English words as the index made them: whoosh's English stop words and
        one-letter words dropped, then Snowball's English stems (the browser: stem-en.js)."""
        return [english_stem(w) for w in (x.lower() for x in LATIN_WORD.findall(spelt_out(text)))
                if w not in EN_STOP_WORDS and len(w) >= 2]

    # did you mean ---------------------------------------------------------------------------

    def corrections(self, query: str) -> list[str]:
        """The query with each word the corpus does not know (``known``) replaced by its
        closest word of the corpus (``Speller``), then by the second and third closest:
        [] when there is nothing to correct. Short words ("ст", "law") are abbreviations,
        not typos."""
        replacements: dict[str, list[str]] = {}
        for clause in parse(query)[0]:
            w = clause.text
            if clause.kind not in ("word", "english") or w in replacements or len(w) < MIN_CORRECTED or self.known(clause):
                continue
            candidates = self.speller.close(fold(w))
            if candidates:
                replacements[w] = candidates
        variants: list[str] = []
        for k in range(3):
            q = query
            for w, candidates in replacements.items():
                q = re.sub(next_to_nothing(w), candidates[min(k, len(candidates) - 1)].replace("\\", "\\\\"), q)
            if q not in variants and q != query:
                variants.append(q)
        return variants

    def known(self, clause: Clause) -> bool:
        """Whether a word is no typo: a form of a corpus, glossary or thesaurus lemma, a word
        of the corpus's text, a family member, a stop word, a word of the language one edit
        from a corpus word (``index.real_neighbours``), an English word whose stem the
        English fields hold."""
        w = fold(clause.text)
        if w in STOP_WORDS or w in self.forms or w in self.vocabulary or w in self.families \
                or w in self.real_neighbours:
            return True
        return clause.kind == "english" and any(self.stats.postings(f, s) for s in self.english_stems(clause.text)
                                                for f in EN_FIELDS)

    # hits -----------------------------------------------------------------------------------

    def _hit(self, node_id: str, score: float, highlight: set[str], prefixes: set[str],
             id_terms: set[str] = frozenset(), translated: bool = False) -> Hit:
        """``translated``: the words were matched in the translation field alone (``Plan.translated``):
        the snippet is of that text first."""
        if node_id in self.footnotes:  # a footnote asked for by its ID
            note = self.footnotes[node_id]
            snippet, spans_ = self.snippet(note["text"], set())
            return Hit(id=node_id, law=note["law"], kind="footnote", title=None, score=score, snippet=snippet,
                       highlights=spans_, url=note["url"], edition=self.edition_of(node_id))
        doc = self.stored(node_id)
        node = self.nodes[node_id]
        text = doc.get("text") or doc.get("footnotes") or node["title"] or doc.get("text_en") or doc.get("title_en") or ""
        lost = bool(doc.get("text")) and text == doc["text"] and bool(node.get("lost_start"))
        snippet, spans_ = self.snippet(text, highlight | id_terms, prefixes, lost)
        pair = (text, doc.get("text_en"), ENGLISH)  # the snippet's text, the other, the other's language
        if not spans_ and not id_terms and doc.get("text_en") and text != doc["text_en"]:
            # matched in the English text only: show that (a node asked for by its ID shows its
            # own text, the English aligned under it; so does a node that matched no word, found
            # by filters alone -- law:2, edition:2016-fed)
            en_snippet, en_spans = self.snippet(doc["text_en"], highlight | id_terms, prefixes)
            if en_spans:
                snippet, spans_ = en_snippet, en_spans
                pair = (doc["text_en"], doc.get("text"), node["lang"])
        if (translated or not spans_) and not id_terms and doc.get("translation"):
            # matched in a translation other than English only (lang:ru beside an English main
            # text): show that, with nothing aligned under it
            tr_snippet, tr_spans = self.snippet(doc["translation"], highlight, prefixes)
            translated = bool(tr_spans)
            if tr_spans:
                snippet, spans_ = tr_snippet, tr_spans
        return Hit(id=node_id, law=node["law"], kind=node["kind"], title=node["title"], score=score,
                   snippet=snippet, highlights=spans_, url=node["url"], edition=self.edition_of(node_id),
                   aligned=self.aligned(*pair, highlight | id_terms, prefixes) if doc.get("text") and not translated
                   else None)

    def aligned(self, text: str, other: str | None, lang: str, highlight: set[str],
                prefixes: set[str]) -> dict | None:
        """The sentence of ``other`` (the node's text in ``lang``) aligned with the one of
        ``text`` its first match stands in (the first sentence when nothing matched in it):
        {lang, text, by} (alignment.aligned_text); None when there is no other text."""
        if not other or other == text or not text:
            return None
        line = shown(text)
        first = next((tok.start for tok in self.tokens(line) if self._matched(tok, highlight, prefixes)), 0)
        found = aligned_text(text, other, first)
        return None if found is None else {"lang": lang, "text": found[0], "by": found[1]}

    def stored(self, node_id: str) -> dict:
        """A node's stored fields (texts for snippets), read from the index once."""
        doc = self._stored.get(node_id)
        if doc is None:
            docnum = self.docnums.get(node_id)
            doc = self._stored[node_id] = self.searcher.stored_fields(docnum) if docnum is not None else {}
        return doc

    def tokens(self, text: str) -> list:
        """``tokenize(text)`` for a snippet, kept: the same few texts come back query after query."""
        tokens = self._tokens.get(text)
        if tokens is None:
            if len(self._tokens) > 20_000:
                self._tokens.clear()
            tokens = self._tokens[text] = tokenize(text)
        return tokens

    def _matched(self, tok, highlight: set[str], prefixes: set[str], english: bool = True) -> bool:
        """Whether a token of a snippet is one the query looked for: an ID, a form of a
        lemma, a word with a prefix, an English word with a stem of the query (``english``:
        whether ``highlight`` holds any stem, a term of Latin letters only -- a stem of a
        Latin word is one; where it holds none, no English word is stemmed, and a search in
        Russian never loads the stemmer)."""
        if tok.kind == "id":
            return normalize_id(tok.text) in highlight
        if tok.kind != "word":
            return False
        if not highlight.isdisjoint(self.word_terms(tok.text)) or any(fold(tok.text).startswith(p) for p in prefixes):
            return True
        return english and bool(LATIN_WORD.fullmatch(tok.text)) and english_stem(tok.text.lower()) in highlight

    def snippet(self, text: str, highlight: set[str], prefixes: set[str] = frozenset(),
                lost_start: bool = False) -> tuple[str, list[list[int]]]:
        """A window of ``text`` around the first match, and the matched words' offsets in it;
        a text whose start the book lost (``lost_start``) begins with the gap mark there."""
        text = text.replace("\n\n", " ¶ ")
        english = any(LATIN_WORD.fullmatch(term) for term in highlight)
        matches = [(tok.start, tok.end) for tok in self.tokens(text) if self._matched(tok, highlight, prefixes, english)]
        start = 0
        if matches and matches[0][0] > SNIPPET_CHARS // 3:
            start = text.rfind(" ", 0, matches[0][0] - SNIPPET_CHARS // 4) + 1
        end = len(text)
        if end - start > SNIPPET_CHARS:
            cut = text.find(" ", start + SNIPPET_CHARS)
            end = cut if cut != -1 else end
        prefix = "…" if start > 0 else GAP_START if lost_start else ""
        suffix = "…" if end < len(text) else ""
        shift = len(prefix) - start
        spans_ = [[s + shift, e + shift] for s, e in matches if s >= start and e <= end]
        return prefix + text[start:end] + suffix, spans_


def say_index(thesaurus: list[dict]) -> dict[str, list[int]]:
    """The thesaurus entries by what their first word can be: a term, or ``=`` and the form
    of a stop word (which must be typed as it is)."""
    index: dict[str, list[int]] = {}
    for k, entry in enumerate(thesaurus):
        first = entry["say"][0]
        for key in first["terms"] or ["=" + first["form"]]:
            index.setdefault(key, []).append(k)
    return index


class Speller:
    """Corpus words one edit (``edit_distance``) from a misspelt one, the most frequent
    first, then alphabetical. Not two: on the situations' tuning half, every word two edits
    from a corpus word was a real word the corpus lacks (выходить, заказывает, нереально),
    never a typo. The browser's engine has the same.

    >>> Speller({"карта": 5, "карты": 2, "кара": 1, "парта": 1}).close("крата")
    ['карта']
    >>> Speller({"фальшренонса": 3, "фальшренонсом": 1}).close("фальшренонсм")
    ['фальшренонса', 'фальшренонсом']
    """

    BOUND = 1

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
        bound = self.BOUND
        for n in range(len(word) - bound, len(word) + bound + 1):
            for candidate, its_letters, count in self.by_length.get(n, ()):
                # each edit brings in or takes out at most one distinct letter: a cheap bound first
                if len(its_letters - letters) > bound or len(letters - its_letters) > bound:
                    continue
                d = edit_distance(word, candidate, bound)
                if d <= bound:
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
def _open(index_dir: str, build: tuple) -> Searcher:
    return Searcher(Path(index_dir))


def _build_key(index_dir: Path) -> tuple:
    """What names the build in ``index_dir``, cheaply: a generation's folder is named by its
    build id (part of the path already); an index rebuilt in place has a new meta.json."""
    try:
        st = os.stat(index_dir / META)
        return st.st_ino, st.st_mtime_ns, st.st_size
    except OSError:
        return ()


def search(query: str, limit: int | None = 10, index_dir: Path | str = Path("build/index")) -> Result:
    """Search the index at ``index_dir`` (built by ``lawsearch build``); reuses an open index
    until a rebuild makes another build current."""
    real = Path(os.path.realpath(resolve(Path(index_dir))))
    return _open(str(real), _build_key(real)).search(query, limit)
