"""The search index: one whoosh document per node, built from the corpus tree (never from
raw files), plus ``meta.json`` with what a search needs besides postings -- the glossary,
who cites whom, reading order -- and the tables that grow with the vocabulary, each a file
of its own that a search reads only as far as it needs: the forms table and the real
words next to corpus words (``forms.txt``, ``neighbours.txt``: lawsearch/tables.py), the
vocabulary for "did you mean" (``vocabulary.json``, read for a word the forms table lacks).

    build_index(corpus, Path("build/index"), lexicon, glossary)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from whoosh import fields, index
from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StopFilter, Tokenizer
from whoosh.analysis.acore import Token as WhooshToken

from . import editions, ids, morph
from .plausibility import SNOWBALL
from .analysis import AnalysedCorpus, AnalysedText, Analysis, Lexicon, analyse_corpus, fold, normalize_id, tokenize
from .profile import of as profile_of
from .tables import WordTable

if TYPE_CHECKING:
    from .model import Corpus
    from .sources import GlossaryTerm as Term

META = "meta.json"
# 2: the forms table, the neighbours and the vocabulary in files of their own, lengths by document
# 3: the "subject" field; 4: ligatures spelt out in words and English fields (cold read 3);
# 5: meta.json a section a line (``Meta``), the editions' ``went`` a section of its own;
# 6: words of every script indexed, ``other_letters`` (the other scripts' letters the text holds)
# 7: the "translation" field (a translation other than English, read with the main analyzer)
# 8: words' terms without any script's diacritics (λόγος as λογος; patterns.UNMARK_FROM, DIACRITICS)
# 9: the English footnotes field, "footnotes_en" (lang:en reads English notes)
# 10: the letters case folding reads as another one folded so in words' terms (a final "ς" as "σ":
#     λόγοσ finds λόγος; patterns._diacritics)
INDEX_VERSION = 10
WENT = "went"  # meta.json's section: the editions' ``went`` map (``went_entries``)
FORMS = "forms.txt"  # word form → terms (tables.WordTable)
NEIGHBOURS = "neighbours.txt"  # real words one edit from a corpus word (tables.WordTable)
VOCABULARY = "vocabulary.json"  # corpus word → count, for corrections
# the English titles, glossary terms, text and footnotes: what ``lang:en`` searches (the footnotes
# too: a word of an English PDF's note is English text, cold read 13 of issue 12, finding 5)
EN_FIELDS = ("title_en", "terms_en", "text_en", "footnotes_en")
# the language the English fields analyse (Snowball English, here and in static/stem-en.js): a
# node's text in it goes there, whether it is the corpus's own (an English corpus) or a translation
ENGLISH = SNOWBALL
# the English fields' stop words: whoosh's own, so queries drop the same
from whoosh.analysis import STOP_WORDS as EN_STOP_WORDS  # noqa: E402
# Field weights: a title names the rule; footnotes and a law's commentary only help.
# "subject": the subject index's headwords that point at the node (issue 13): the book's own
# word for what the node is about, so a query naming a headword ranks its laws up
# "translation": the node's title, text and notes in each translation other than English (Russian
# beside an English main text), read with the lemmatizing analyzer as the main text is; lang:X for
# such a language searches it alone (query.Searcher.plan, static/engine.js)
BOOSTS = {"title": 3.0, "text": 1.0, "footnotes": 0.5, "commentary": 0.3, "subject": 2.0, "translation": 1.0}
# the English fields' weights: a footnote only helps, as in the main language's fields
EN_WEIGHTS = {f: BOOSTS["footnotes"] if f == "footnotes_en" else 1.0 for f in EN_FIELDS}
# the English titles and text themselves (phrases, a glossary term's translation): not the
# glossary terms found in the main text, nor the notes
EN_TEXT = {f: 1.0 for f in EN_FIELDS if f not in ("terms_en", "footnotes_en")}


def starts_lost(node) -> bool:
    """Whether a node's own text begins where the book's text is lost (its first words a
    fragment): a snippet from its start says so with the gap mark, as the page does."""
    return bool(node.text) and (node.truncated_start or any(m.kind == "gap" and m.start == 0 for m in node.marks))


def load_glossary(path: Path | list[Path] | None, languages: tuple[str, ...] | None = None,
                  keep: tuple[str, ...] | None = None) -> list[Term]:
    """The glossary's terms (``sources.read_glossary``); the reading stage is imported only
    here, so a search, which reads the glossary from meta.json, does not load it."""
    from .sources import read_glossary

    return read_glossary(path, languages, keep)


class LawTokenizer(Tokenizer):
    """whoosh side of ``analysis.tokenize``: IDs whole, positions counting every token.

    While a build indexes, ``prepared`` holds the build's analysis pass: a text the pass
    has analysed is not tokenized again, its tokens come with their terms (``terms``),
    which ``LemmaFilter`` passes on as they are. ``prepared`` is never pickled into the
    index's schema.
    """

    prepared: AnalysedCorpus | None = None  # a class default: an index pickled before it existed has none

    def __getstate__(self):
        return {}

    def __setstate__(self, state):
        self.prepared = None

    def __eq__(self, other):
        return isinstance(other, LawTokenizer)

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                  start_pos=0, start_char=0, mode="", **kwargs):
        t = WhooshToken(positions, chars, removestops=removestops, mode=mode, **kwargs)
        analysed = self.prepared.get(value) if self.prepared is not None else None
        if analysed is not None:
            yield from self._prepared(t, analysed, positions, chars, start_pos, start_char)
            return
        for tok in tokenize(value):
            t.original = t.text = tok.text
            t.boost = 1.0
            t.stopped = False
            t.kind = tok.kind
            t.terms = None
            if positions:
                t.pos = start_pos + tok.position
            if chars:
                t.startchar, t.endchar = start_char + tok.start, start_char + tok.end
            yield t

    @staticmethod
    def _prepared(t, analysed: AnalysedText, positions, chars, start_pos, start_char):
        t.boost = 1.0
        t.stopped = False
        for tok, terms in zip(analysed.tokens, analysed.terms):
            if not terms:
                continue  # a stop word: LemmaFilter would yield nothing for it
            t.original = t.text = tok.text
            t.kind = tok.kind
            t.terms = terms
            if positions:
                t.pos = start_pos + tok.position
            if chars:
                t.startchar, t.endchar = start_char + tok.start, start_char + tok.end
            yield t


class LemmaFilter(Filter):
    """Each token → its terms (lemmas, or the folded ID) at the token's position.

    Safe to pickle (whoosh stores the schema in the index): it keeps the lexicon's forms and
    the mode, and makes its ``Analysis`` (with its cache and the dictionary) on first use.
    """

    def __init__(self, lexicon_forms: dict[str, str], mode: str = "all", languages: tuple[str, ...] | None = None):
        self.lexicon_forms = dict(lexicon_forms)
        self.mode = mode
        self.languages = None if languages is None else tuple(languages)  # whose lemmatizers run (Analysis)
        self._analysis = None

    def __getstate__(self):
        return {"lexicon_forms": self.lexicon_forms, "mode": self.mode, "languages": self.languages}

    def __setstate__(self, state):
        self.languages = None  # an index pickled before the corpus's languages were kept: every language's
        self.__dict__.update(state)
        self._analysis = None

    def __eq__(self, other):
        return isinstance(other, LemmaFilter) and self.__getstate__() == other.__getstate__()

    @property
    def analysis(self) -> Analysis:
        if self._analysis is None:
            self._analysis = Analysis(Lexicon(self.lexicon_forms), self.mode, self.languages)
        return self._analysis

    def __call__(self, tokens):
        analysis = self.analysis
        for t in tokens:
            prepared = getattr(t, "terms", None)
            if prepared is not None:  # the build's analysis pass has the terms already
                for term in prepared:
                    t.text = term
                    yield t
                continue
            kind = getattr(t, "kind", "word")
            if kind == "id":
                terms = (normalize_id(t.text),)
            elif kind in ("para", "num"):
                terms = (t.text.replace(",", "."),)
            else:
                terms = analysis.word_terms(t.text)
            for term in terms:
                t.text = term
                yield t


def law_analyzer(lexicon: Lexicon, mode: str = "all", languages: tuple[str, ...] | None = None):
    return LawTokenizer() | LemmaFilter(lexicon.forms, mode, languages)


# -- English fields -------------------------------------------------------------------------


class EnglishStemFilter(Filter):
    """Each English token → its Snowball English ("Porter2") stem, the stem the browser's
    ``static/stem-en.js`` makes of the same word: ``generously`` → ``generous``.

    Safe to pickle (whoosh stores the schema in the index): it holds no stemmer, it asks
    ``morph.english_stem`` (the process's one, made on first use), so nothing heavy is
    pickled and an index opened later stems with the stemmer of that process.
    """

    def __getstate__(self):
        return {}

    def __setstate__(self, state):
        pass

    def __eq__(self, other):
        return isinstance(other, EnglishStemFilter)

    def __call__(self, tokens):
        for t in tokens:
            if not t.stopped:
                t.text = morph.english_stem(t.text)
            yield t


class SpellOutFilter(Filter):
    """Each English token as a search reads its letters (``analysis.spelt_out``): full-width
    "ＡＢＣ" as "ABC", a ligature "ﬁ" as "fi" -- as the query's words are read, in both
    runtimes. Holds nothing: safe to pickle, as ``EnglishStemFilter``."""

    def __getstate__(self):
        return {}

    def __setstate__(self, state):
        pass

    def __eq__(self, other):
        return isinstance(other, SpellOutFilter)

    def __call__(self, tokens):
        from .analysis import spelt_out

        for t in tokens:
            t.text = spelt_out(t.text)
            yield t


def english_analyzer():
    """The English fields' analyzer: whoosh's word pattern, letters spelt out (full-width
    forms, ligatures: ``SpellOutFilter``), lower case, whoosh's English stop
    words and one-letter words dropped, Snowball English stems.

    ``[t.text for t in english_analyzer()("Generously revoking the cards")] == ["generous", "revok", "card"]``
    """
    return (RegexTokenizer() | SpellOutFilter() | LowercaseFilter() | StopFilter(stoplist=EN_STOP_WORDS, minsize=2)
            | EnglishStemFilter())


def schema(lexicon: Lexicon, mode: str = "all", languages: tuple[str, ...] | None = None) -> fields.Schema:
    ru = law_analyzer(lexicon, mode, languages)
    en = english_analyzer()
    return fields.Schema(
        id=fields.ID(stored=True, unique=True),
        law=fields.ID(stored=True),
        kind=fields.ID(stored=True),
        lang=fields.ID(stored=True),
        order=fields.STORED,  # reading order; ranking reads it from meta.json, so no postings (they were a fifth of all)
        url=fields.STORED,
        title=fields.TEXT(analyzer=ru, stored=True, phrase=True, field_boost=BOOSTS["title"]),
        text=fields.TEXT(analyzer=ru, stored=True, phrase=True),
        footnotes=fields.TEXT(analyzer=ru, stored=True, phrase=True, field_boost=BOOSTS["footnotes"]),
        commentary=fields.TEXT(analyzer=ru, phrase=True, field_boost=BOOSTS["commentary"]),
        subject=fields.TEXT(analyzer=ru, phrase=True, field_boost=BOOSTS["subject"]),
        translation=fields.TEXT(analyzer=ru, stored=True, phrase=True, field_boost=BOOSTS["translation"]),
        title_en=fields.TEXT(analyzer=en, stored=True),
        terms_en=fields.TEXT(analyzer=en, stored=True),
        text_en=fields.TEXT(analyzer=en, stored=True),
        footnotes_en=fields.TEXT(analyzer=en, stored=True),
        ids=fields.KEYWORD(lowercase=True, commas=False),
    )


# -- glossary -----------------------------------------------------------------------------


def glossary_hits(glossary: list[tuple[Term, list[tuple[str, ...]]]], analyzed: list[tuple[str, ...]]) -> list[Term]:
    """Glossary terms whose Russian phrase (given as term sets) occurs in a text."""
    wanted_terms = {t for _, wanted in glossary for w in wanted for t in w}
    at: dict[str, list[int]] = {}  # term → its positions: a phrase is tried only where its first word stands
    for i, terms in enumerate(analyzed):
        for t in terms:
            if t in wanted_terms:
                at.setdefault(t, []).append(i)
    found = []
    for term, wanted in glossary:
        if not wanted or not all(any(t in at for t in w) for w in wanted):
            continue  # a word of the phrase is not in the text at all
        starts = sorted({i for t in wanted[0] for i in at.get(t, ())})
        if any(i + len(wanted) <= len(analyzed) and all(not set(w).isdisjoint(analyzed[i + k]) for k, w in enumerate(wanted))
               for i in starts):
            found.append(term)
    return found


# -- building ------------------------------------------------------------------------------


def english_text(corpus: Corpus, node) -> dict:
    """The node's title and text in ``ENGLISH``, for the English fields: its own in an
    English corpus (searchable with English stems, and by ``lang:en``), else its English
    translation; {} when it has none.

    ``english_text(english_corpus, law50)["title"] == "Disposition of Penalty Card"``
    """
    if corpus.lang == ENGLISH:
        return {"title": node.title, "text": node.text}
    return node.translations.get(ENGLISH) or {}


def translation_notes(corpus: Corpus, node) -> list[str]:
    """The footnotes of the node's English translation (``translations[en]["notes"]``, one a
    line: a second-language source's notes kept with the node that refers to them), searched
    with the node's own footnotes; [] in an English corpus, whose notes are its own.

    ``translation_notes(ru_corpus_with_english_pdf, node_80b) == ["Official tables are …"]``
    """
    if corpus.lang == ENGLISH:
        return []
    given = node.translations.get(ENGLISH) or {}
    return [line for line in (given.get("notes") or "").splitlines() if line.strip()]


def other_translations(corpus: Corpus, node) -> dict[str, str]:
    """The node's translations in languages other than the main one and ``ENGLISH`` (which
    has fields of its own): language → its title, text and notes, one a paragraph. They go
    to the ``translation`` field, read with the lemmatizing analyzer (Russian words of a
    translation beside an English main text by their lemmas, as the main text's words are).

    ``other_translations(english_corpus_with_russian, law62) == {"ru": "ИСПРАВЛЕНИЕ РЕНОНСА"}``
    """
    out: dict[str, str] = {}
    for lang, given in sorted(node.translations.items()):
        if lang in (corpus.lang, ENGLISH) or not given:
            continue
        notes = [line for line in (given.get("notes") or "").splitlines() if line.strip()]
        parts = [p for p in (given.get("title"), given.get("text"), *notes) if p]
        if parts:
            out[lang] = "\n\n".join(parts)
    return out


def translation_languages(corpus: Corpus) -> list[str]:
    """The languages of the ``translation`` field: each language some node holds as a
    translation other than English, in which ``lang:X`` searches that field alone."""
    return sorted({lang for node in corpus.nodes for lang in other_translations(corpus, node)})


def subject_headwords(corpus: Corpus) -> dict[str, list[str]]:
    """Node ID → the subject index's headwords (with their sub-headings) that name it as a
    target (lawsearch/structure/apparatus.py); {} for a corpus without an index. A
    cross-reference («Звонок см. Колокольчик») gives its headword to the laws of the
    headword it points at, as the site's index page links it (``see_anchor``)."""
    from .site_apparatus import see_anchor

    out: dict[str, list[str]] = {}
    entries = list(corpus.apparatus.get("index", ()))
    heads: dict[str, str] = {}
    for e in entries:
        heads.setdefault(e["headword"], e["headword"])
    seen_as = {e["headword"]: [] for e in entries}
    for e in entries:
        pointed = see_anchor(e["see"], heads) if e.get("see") else None
        if pointed is not None and e["headword"] not in seen_as[pointed]:
            seen_as[pointed].append(e["headword"])
    for e in entries:
        words = " ".join(x for x in (e["headword"], e.get("sub")) if x)
        for target in e.get("targets", ()):
            if corpus.node(target) is None:
                continue
            for said in [words] + seen_as.get(e["headword"], []):
                if said not in out.get(target, []):
                    out.setdefault(target, []).append(said)
    return out


def documents(corpus: Corpus, analysed: AnalysedCorpus, glossary: list[Term]):
    """One whoosh document per node, its glossary terms found from the analysis pass."""
    cites: dict[str, list[str]] = {}
    for ref in corpus.refs:
        for node_id in corpus.citing(ref):
            cites.setdefault(node_id, []).append(ids.normalize(ref.target).lower())
    analyzed_glossary = [(term, analysed.terms(term.term)) for term in glossary]
    headwords = subject_headwords(corpus)
    for order, node in enumerate(corpus.nodes):
        if node.kind == "division":
            continue  # a division heading is a signpost, not an answer; the site's contents show it
        own_notes = [f.text for f in corpus.footnotes_of(node.id)]
        notes = own_notes + translation_notes(corpus, node)
        # the notes in English: an English corpus's own, else the English translation's
        notes_en = own_notes if corpus.lang == ENGLISH else translation_notes(corpus, node)
        commentary = [c.text or "" for c in corpus.commentary(node.id)] if node.kind == "law" else []
        # title then text, one sequence of terms: what tokenizing "title . text" gives
        analyzed = analysed.terms(node.title or "") + analysed.terms(node.text or "")
        en_terms = sorted({t.translation for t in glossary_hits(analyzed_glossary, analyzed) if t.translation})
        english = english_text(corpus, node)
        translated = other_translations(corpus, node)
        yield dict(
            id=node.id, law=node.law or "", kind=node.kind, lang=node.lang, order=order, url=ids.node_url(node),
            title=node.title or "", text=node.text or "", footnotes=analysed.join(notes, "\n\n").text,
            commentary=analysed.join(commentary, "\n\n").text,
            subject=analysed.join(headwords.get(node.id, []), "\n\n").text,
            translation=analysed.join(list(translated.values()), "\n\n").text,
            title_en=english.get("title") or "",
            terms_en=" ; ".join(en_terms),
            text_en=english.get("text") or "",
            footnotes_en="\n\n".join(notes_en),
            # another edition's node is found by its bare ID too: "61B4 edition:2017" (lawsearch/editions.py)
            ids=" ".join(dict.fromkeys([node.id.lower(), editions.bare(node.id).lower(), *cites.get(node.id, [])])),
        )


def build_index(corpus: Corpus, target: Path, lexicon: Lexicon, glossary: list[Term], mode: str = "all",
                progress=lambda message: None, build_id: str | None = None,
                analysed: AnalysedCorpus | None = None, thesaurus_file: list[Path] | Path | None = None) -> None:
    """Write a whoosh index and ``meta.json`` into the empty folder ``target``; ``build_id``
    goes into the meta data, so every answer can name the build it came from. The thesaurus
    is the code's, extended by a corpus folder's: ``thesaurus_file`` is the files of the
    vocabulary role, or one corpus folder's file.

    ``analysed``: the build's analysis pass (``analyse_corpus``), shared with the site; made
    here when not given. Its analysis must be of this lexicon and mode.
    """
    from . import thesaurus

    entries = thesaurus.load(thesaurus_file)  # checked before anything is written
    target.mkdir(parents=True, exist_ok=True)
    languages = corpus.languages  # only their lemmatizers run
    if analysed is None or analysed.analysis.mode != mode:
        analysed = analyse_corpus(corpus, Analysis(lexicon, mode, languages))
    ix = index.create_in(str(target), schema(lexicon, mode, languages))
    writer = ix.writer()  # whoosh's own buffer: runs of 16 MB cost 1.8 CPU s at 100x, and the peak is later
    tokenizers = [writer.schema[f].analyzer.items[0] for f in BOOSTS]
    for tokenizer in tokenizers:
        tokenizer.prepared = analysed
    order: list[str] = []  # document number → node id: a search need not read every stored document
    lengths: dict[str, dict[str, int]] = {f: {} for f in (*BOOSTS, *EN_FIELDS)}
    en = english_analyzer()
    en_lengths: dict[str, int] = {"": 0}  # the English fields repeat ("penalty card ; declarer"): stem each once

    def en_length(text: str) -> int:
        if text not in en_lengths:
            en_lengths[text] = sum(1 for _ in en(text))
        return en_lengths[text]

    try:
        for doc in documents(corpus, analysed, glossary):
            writer.add_document(**doc)
            order.append(doc["id"])
            for f in BOOSTS:  # indexed positions: tokens that are not stop words
                lengths[f][doc["id"]] = len(analysed.of(doc[f]).indexed())
            for f in EN_FIELDS:
                lengths[f][doc["id"]] = en_length(doc[f])
        writer.commit()
    finally:
        for tokenizer in tokenizers:
            tokenizer.prepared = None
    progress(f"indexed {len(order)} nodes")
    # lengths as lists in document order, as a search holds them: a dict per node is twice the JSON to parse
    by_doc = {f: [of[node_id] for node_id in order] for f, of in lengths.items()}
    data = {"build": build_id, **meta(corpus, glossary, lexicon, mode, analysed, by_doc, entries), "docs": order}
    data.pop("forms").write(target / FORMS)
    WordTable.write(target / NEIGHBOURS, data.pop("real_neighbours"))
    (target / VOCABULARY).write_text(json.dumps(data.pop("vocabulary"), ensure_ascii=False), encoding="utf-8")
    # the editions' map of where IDs went is most of the editions' data with several editions and
    # is read only for an ID that an edition lacks: a section of its own, which a search seldom parses
    went = data["editions"].pop(WENT, None)
    if went is not None:
        data[WENT] = went
    write_meta(target / META, data)


def write_meta(path: Path, data: dict) -> None:
    """``data`` as one JSON object with each top-level key on a line of its own, so that a
    search parses only the sections it reads (``Meta``); any JSON reader reads it whole.
    JSON written without indent has no line break inside a value (one in a string is
    escaped), so a line is always one whole section."""
    lines = (f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}"
             for key, value in data.items())
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


class Meta(Mapping):
    """meta.json as ``write_meta`` wrote it, each section parsed when first read: a text
    search reads the nodes, the lengths and the glossary, not who cites whom or the
    editions' ``went`` (a fifth and more of the file at 50x with several editions). The file
    is kept as its bytes: only a section asked for is cut out and decoded (UTF-8 holds no
    byte 0x0A inside a character, so a line break found in the bytes is a line break of the
    text). A file of another layout (one line) is parsed whole."""

    def __init__(self, data: str | bytes):
        if isinstance(data, str):
            data = data.encode("utf-8")
        self._data = data
        self._raw: dict[str, tuple[int, int]] = {}  # section → where its value stands in the bytes
        self._parsed: dict = {}
        if not (data.startswith(b"{\n") and data.endswith(b"\n}\n")):
            self._parsed = json.loads(data)
            return
        decoder = json.JSONDecoder()
        start, stop = 2, len(data) - 3  # the lines between "{" and "}"
        while start < stop:
            end = data.find(b"\n", start, stop)
            last = end < 0
            end = stop if last else end
            key, value = self._key(decoder, data, start, end)
            self._raw[key] = (value, end if last else end - 1)  # a line but the last ends in ","
            start = end + 1

    @staticmethod
    def _key(decoder: json.JSONDecoder, data: bytes, start: int, end: int) -> tuple[str, int]:
        """The section name a line starts with and where its value starts (after ``": "``)."""
        at = data.find(b'": ', start, end)
        while at >= 0:
            head = data[start:at + 1].decode("utf-8")
            try:
                key, used = decoder.raw_decode(head)
            except json.JSONDecodeError:
                used = -1
            if used == len(head) and isinstance(key, str):
                return key, at + 3
            at = data.find(b'": ', at + 1, end)  # a '": ' inside the name (escaped quote)
        line = data[start:end].decode("utf-8", errors="replace")
        raise json.JSONDecodeError("expected a key and ': '", line, 0)

    @classmethod
    def read(cls, path: Path) -> Meta:
        return cls(path.read_bytes())

    def __getitem__(self, key: str):
        if key not in self._parsed:
            start, end = self._raw[key]  # KeyError for a section not written
            self._parsed[key] = json.loads(self._data[start:end])
        return self._parsed[key]

    def __contains__(self, key: object) -> bool:
        return key in self._raw or key in self._parsed

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw or self._parsed)

    def __len__(self) -> int:
        return len(self._raw or self._parsed)


def forms_table(corpus: Corpus, analysed: AnalysedCorpus, glossary: list[Term],
                vocabulary_of_search=()) -> dict[str, list[str]]:
    """Word form → terms, for every form of every lemma in the corpus (pymorphy3 generates
    them now, so a search needs no dictionary), every word as written, the lexicon's forms,
    the glossary's words and ``vocabulary_of_search`` (the thesaurus's phrases: «декларанта»
    must reach the lemma of its ``say``). The command line and the browser both read
    queries with it."""
    words = FormWords(analysed.analysis)
    words.add(written_words(corpus, analysed, glossary, vocabulary_of_search))
    return words.table()


def written_words(corpus: Corpus, analysed: AnalysedCorpus, glossary: list[Term], phrases=()) -> set[str]:
    """Every word as written in the corpus (a translation's of the ``translation`` field too),
    the glossary, ``phrases`` and the lexicon, folded."""
    words: set[str] = set()
    for node in corpus.nodes:
        for field in (node.title, node.text, *other_translations(corpus, node).values()):
            words.update(analysed.of(field or "").words())
    for f in corpus.footnotes:
        words.update(analysed.of(f.text).words())
    for term in glossary:
        words.update(analysed.of(term.term).words())
    for phrase in phrases:
        words.update(analysed.of(phrase).words())  # kept in the pass: the table may grow by more
    words.update(analysed.analysis.lexicon.forms)
    return words


class FormWords:
    """The words of the forms table, grown in steps: words as written, and every form of
    each of their lemmas, generated once however many steps name the lemma (the families
    add their members' words after the corpus's; generating it all again was a fifth of
    the index stage).

    Each word's row (``word<TAB>term…``, as ``index/forms.txt`` stores it) is made once, as
    UTF-8 bytes, when the word comes in; the generated forms' terms are not kept in the
    analysis's cache (the corpus's own words are, for the site). A dict of 200k forms with
    lists of terms, and the cache of their terms, were most of the index stage's peak.

    >>> words = FormWords(Analysis()); words.add({"картами"}); "карте" in words.table()
    True
    """

    def __init__(self, analysis: Analysis):
        self.analysis = analysis
        self.written: set[str] = set()
        self.words: set[str] = set()
        self.lemmas: set[str] = set()
        self._terms: set[str] = set()
        self._rows: list[bytes] = []  # one per word with terms, in the order the words came

    def add(self, written: set[str]) -> None:
        """Words as written, and the forms of those of their lemmas not yet expanded."""
        fresh = written - self.written
        self.written |= fresh
        self._take(fresh - self.words, keep=True)
        lemmas = {lemma for w in fresh for lemma in self.analysis.word_terms(w)} - self.lemmas
        self.lemmas |= lemmas
        for lemma in sorted(lemmas):
            lemmatizer = self.analysis.lemmatizer_of(lemma)
            if lemmatizer is None:  # a word of no morphology: its forms are its own
                continue
            for parse in lemmatizer.analyzer().parse(lemma)[:3]:
                if fold(parse.normal_form) != lemma:
                    continue
                self._take({fold(f.word) for f in parse.lexeme} - self.words, keep=False)

    def _take(self, words: set[str], keep: bool) -> None:
        """New words: their rows; ``keep``: their terms stay in the analysis's cache."""
        self.words |= words
        for w in sorted(words):
            terms = self.analysis.word_terms(w, keep=keep)
            if terms:
                self._terms.update(terms)
                self._rows.append(WordTable.row(w, terms))

    def terms(self) -> set[str]:
        """Every term of the words so far: the terms the table lists."""
        return set(self._terms)

    def write(self, path: Path) -> None:
        """The table as ``index/forms.txt`` (``WordTable``): its rows sorted, written."""
        WordTable.write_rows(path, self._rows)

    def table(self) -> dict[str, list[str]]:
        """Word form → terms, sorted by form; words without terms (stop words) left out."""
        return dict(WordTable.parse_row(row) for row in sorted(self._rows, key=WordTable.row_key))


def correction_vocabulary(corpus: Corpus, analysed: AnalysedCorpus, glossary: list[Term], lexicon: Lexicon) -> Counter[str]:
    """The words "did you mean" may propose, with their counts: words of the corpus that are
    words -- Russian ones the dictionary or the lexicon knows (not the fragments damaged text
    leaves, «ло», «нижеописанных»), English ones of the English titles, text and glossary --
    of three letters or more.

    ``correction_vocabulary(corpus, analysed, glossary, lexicon)["карта"] > 0``
    """
    from .patterns import HAS_CYRILLIC, LATIN_WORD

    vocabulary: Counter[str] = Counter()
    for node in corpus.nodes:
        for field in (node.title, node.text, *other_translations(corpus, node).values()):
            for tok in analysed.of(field or "").tokens:  # the build's one pass
                w = fold(tok.text)
                if tok.kind == "word" and len(w) >= 3 and HAS_CYRILLIC.search(w) \
                        and (lemmatizer := analysed.analysis.lemmatizer_of(w)) is not None \
                        and (w in lexicon.forms or lemmatizer.is_known(w)):
                    vocabulary[w] += 1
        english = english_text(corpus, node)
        for field in (english.get("title"), english.get("text")):
            vocabulary.update(w.lower() for w in LATIN_WORD.findall(field or "") if len(w) >= 3)
    for term in glossary:
        vocabulary.update(w.lower() for w in LATIN_WORD.findall(term.translation) if len(w) >= 3)
    return vocabulary


def real_neighbours(vocabulary, languages: Iterable[str] | None = None) -> list[str]:
    """Words of a language one letter dropped, added or changed away from a word of
    ``vocabulary``, the corpus's own excepted: a query word among them is a word, not a
    typo, and must not be "corrected" into the corpus word next to it (явно is not ясно,
    бить not быть). Each word is asked of the lemmatizer of the corpus's ``languages``
    (None: every registered language's) whose script it is in (its ``neighbours``); a
    language without one has none. The browser gets the list: it has no dictionary.

    ``"пасть" in real_neighbours({"масть": 3}, ["ru"])``
    """
    from .plausibility import lemmatizers

    out: set[str] = set()
    for lemmatizer in lemmatizers(None if languages is None else tuple(languages)):
        out |= lemmatizer.neighbours([w for w in vocabulary if lemmatizer.covers(w)])
    return sorted(w for w in out if w not in vocabulary)


def footnote_entry(corpus: Corpus, footnote) -> dict:
    """What an ID search needs of a footnote: its text, the nodes it belongs to, and where the
    site prints it (under the first of them).

    ``footnote_entry(corpus, fn_84_1)["url"] == "laws/53.html#fn-84-1"``
    """
    owners = corpus.owners(footnote.id)
    home = corpus.node(owners[0]) if owners else None
    return {"law": home.law if home else None, "text": footnote.text, "owners": owners,
            "url": ids.url(footnote.id, home.law if home else None, "footnote")}


def editions_entry(corpus: Corpus) -> dict:
    """``{"list": [edition ids in order], "default": id, "separator": "~", "went": {…},
    "langs": {…}}`` for the search data; ``went`` (several editions only): per edition, for
    each bare ID it lacks that another edition has, where that node is in it by the
    comparisons of the texts (``went_entries``; meta.json keeps it as a section of its own,
    ``WENT``); ``langs``: each edition's own language."""
    from . import editions

    out = {"list": [e.id for e in editions.in_order(corpus)], "default": editions.default_edition(corpus),
           "separator": editions.SEPARATOR}
    if len(out["list"]) > 1:
        out["went"] = went_entries(corpus)
        out["langs"] = {e.id: e.lang for e in corpus.editions if e.lang}  # each edition's own language
    return out


def went_entries(corpus: Corpus) -> dict[str, dict[str, str]]:
    """``{edition: {bare ID: bare ID there, or ""}}``: for each ID an edition lacks and another
    has, what the node is in that edition (``editions.node_went``, from the edition nearest
    in time that has it), or "" where the comparison finds it nowhere; an ID nothing can be
    said of is left out. A search for «6C edition:2003» goes where ``show`` says 6C went
    («in the 2003 edition it is 5A2»), never to a law that only shares its number."""
    from . import editions

    order = [e.id for e in editions.in_order(corpus)]
    held: dict[str, list[str]] = {}
    for n in corpus.nodes:
        if n.kind != "piece":
            held.setdefault(editions.bare(n.id), []).append(editions.edition_of(n.id, corpus))
    default = editions.default_edition(corpus)
    out: dict[str, dict[str, str]] = {}
    for ed in order:
        mine = out.setdefault(ed, {})
        for node_id, having in held.items():
            if ed in having:
                continue
            for other in sorted(having, key=lambda e: (abs(order.index(e) - order.index(ed)), order.index(e))):
                went = editions.node_went(corpus, editions.qualify(node_id, other, default), ed)
                if went is not None:
                    mine[node_id] = editions.bare(went) if went else ""
                    break
    return out


def code_grammar(profile) -> dict:
    """The part of a profile a search needs to read citations and IDs: its ``[grammar]``
    (levels, labels, ID formats, look-alikes, transliteration), ``[citations]``, and the
    layouts' own label letters (``label_letters``: a typed «40а1б» is 40A1(b), grammar.IdRules)."""
    layouts = {name: {k: table[k] for k in ("lang", "label_letters") if k in table}
               for name, table in profile.data.get("layouts", {}).items()
               if isinstance(table, dict) and table.get("label_letters")}
    return {"name": profile.name, "languages": list(profile.languages),
            "grammar": profile.data.get("grammar", {}), "citations": profile.data.get("citations", {}),
            "layouts": layouts}


def meta(corpus: Corpus, glossary: list[Term], lexicon: Lexicon, mode: str, analysed: AnalysedCorpus,
         lengths: dict[str, list[int]], thesaurus_entries=()) -> dict:
    from . import thesaurus

    analysis = analysed.analysis
    placeholder = corpus.placeholder_laws()
    thesaurus_entries = in_languages(thesaurus_entries, corpus.languages)
    said = [phrase for e in thesaurus_entries for phrase in (e.say, *e.means)]
    words = FormWords(analysis)
    written = written_words(corpus, analysed, glossary, said)
    words.add(written)
    families = family_table(sorted(words.terms()),
                            sorted(set(lexicon.forms.values())),  # the lexicon's nouns join no verb
                            corpus.languages)
    if families:  # a family member the corpus lacks must be reachable too: «заменяет» → заменять → заменить
        members = sorted({m for ms in families.values() for m in ms})
        words.add({w for m in members for w in analysed.of(m).words()})
    citations = corpus.cited_by()
    vocabulary = correction_vocabulary(corpus, analysed, glossary, lexicon)
    return {
        "version": INDEX_VERSION,
        "inputs": corpus.inputs,
        "fingerprint": corpus.fingerprint,  # whether this index is current, told by stat() (lawsearch/freshness.py)
        "mode": mode,
        "profile": corpus.code.get("profile"),  # the strings search output prints come from it
        # how this code writes its IDs and cites them (the corpus's profile, a folder's own
        # profile.toml included): a query's citation and ID are read with them (query.Searcher)
        "code_grammar": code_grammar(profile_of(corpus)),
        "lang": corpus.lang,
        # the languages of the translation field: lang:X for one searches that field alone
        "translations": translation_languages(corpus),
        # the editions in order (the default keeps bare IDs): edition:X filters by them (lawsearch/editions.py)
        "editions": editions_entry(corpus),
        "nodes": {n.id: {"law": n.law, "kind": n.kind, "lang": n.lang, "title": n.title, "url": ids.node_url(n), "order": i,
                         "parent": n.parent, "lost_start": starts_lost(n),
                         # a placeholder law: its hits come after every law of the sources (evaluate.best)
                         **({"placeholder": True} if n.law in placeholder else {})}
                  for i, n in enumerate(corpus.nodes)},
        "citations": citations,
        # footnotes are no nodes, but their IDs are searched as IDs (``fn-84-1``) as ``show`` takes them
        "footnotes": {f.id: footnote_entry(corpus, f) for f in corpus.footnotes},
        # each pair as the corpus's term and its translation (the glossary file keys them by language)
        "glossary": [{"term": t.term, "translation": t.translation, "note": t.note, "expand": t.expand,
                      "terms": [list(x) for x in analysed.terms(t.term)],
                      "en_stems": [x.text for x in english_analyzer()(t.translation)]} for t in glossary],
        "lengths": lengths,
        "forms": words,  # a FormWords: build_index writes its rows (index/forms.txt), a dict never made
        "thesaurus": thesaurus.compiled(list(thesaurus_entries), analysed),
        "families": families,
        "vocabulary": dict(vocabulary.most_common()),
        "real_neighbours": real_neighbours(vocabulary, corpus.languages),
        "lexicon": lexicon.forms,
        # the letters of other scripts than ours its words hold (Greek, runic, …), folded: a query
        # word of such letters is searched; one of none of them is of a script the text lacks
        # (query.foreign_words)
        "other_letters": other_letters(written),
    }


def other_letters(words: Iterable[str]) -> str:
    """The letters of ``patterns.FOREIGN_LETTERS`` in ``words``, each once, in order."""
    from .query import foreign_letter

    return "".join(sorted({c for w in words for c in w if foreign_letter().match(c)}))


def in_languages(entries, languages: Iterable[str]) -> list:
    """The thesaurus's entries as far as they are written in ``languages`` (the corpus's): a
    ``say`` or a ``means`` phrase in another registered language's script is dropped (an
    English corpus neither searches nor shows "penalty → наказание"), an entry left with no
    ``means`` too. A phrase in no registered script stays."""
    from dataclasses import replace

    from .plausibility import script_language

    kept = set(languages)

    def ours(phrase: str) -> bool:
        lang = script_language(phrase)
        return lang is None or lang in kept

    out = [replace(e, means=tuple(m for m in e.means if ours(m))) for e in entries if ours(e.say)]
    return [e for e in out if e.means]


def family_table(lemmas: list[str], standalone: list[str] = (), languages: Iterable[str] = ()) -> dict[str, list[str]]:
    """Lemma → the other lemmas of its word family (заменить → заменять, замена), for the
    lemmas a query can reach. The families are built by each of the corpus's ``languages``
    that has a word-formation module in the registry (``plausibility.LANGUAGES``; for
    Russian ``lawsearch/families.py``: derivation rules checked against the dictionary),
    over the lemmas in that language's script only; a language without one has no families,
    and its module is never imported. A module's ``family_table(lemmas, standalone)``
    gives each lemma's family members; here every member is listed under every other,
    itself excluded, sorted, and ``meta`` puts the members' forms in the forms table (a
    query's «заменяет» must reach заменять)."""
    from .plausibility import LANGUAGES, language_module

    found: dict[str, list[str]] = {}
    for lang in dict.fromkeys(languages):
        if lang not in LANGUAGES or not LANGUAGES[lang].families:
            continue
        script = LANGUAGES[lang].in_script

        def ours(word: str) -> bool:  # no letter of another script (numbers and hyphens are any script's)
            letters = "".join(c for c in word if c.isalpha())
            return not letters or script(letters)

        own = [lemma for lemma in lemmas if ours(lemma)]
        if own:
            found.update(language_module(lang, "families").family_table(own, [w for w in standalone if ours(w)]))
    groups: dict[str, set[str]] = {}
    for lemma, members in found.items():
        group = {lemma, *members}
        for m in list(group):  # every member under every other, those that reach it too
            group |= groups.get(m, set())
        for m in group:
            groups[m] = group
    return {m: sorted(group - {m}) for m, group in sorted(groups.items()) if len(group) > 1}
