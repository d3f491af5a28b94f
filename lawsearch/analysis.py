"""The search analyzer: one way to turn text into index terms, used for documents,
queries, highlights and (through an exported table) the browser.

* tokens: law IDs stay whole (``50E``, ``47E2(a)``, ``16С2`` with look-alikes folded to
  ``16c2``), words (Cyrillic or Latin, hyphenated ones whole), numbers;
* words are lower-cased, ``ё`` → ``е``, and lemmatized with pymorphy3: every plausible
  lemma of an ambiguous form is indexed at the form's position (docs/decisions.md says
  why), with the domain lexicon (the profile's ``lexicon.toml``, vocabulary role "lexicon") first;
* stop words are dropped, but never ``не``, ``ни``, ``или``, ``без``, ``вне``, ``кроме``:
  in law text they carry the meaning.

    >>> Analysis().terms("штрафными картами")
    [('штрафной',), ('карта',)]

A build analyses every text once (``analyse_corpus``): the index, the forms table, the
vocabulary and the concordance page all read that one ``AnalysedCorpus``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from . import ids, morph
from .plausibility import LANGUAGES, language_module, word_language
from .problems import CorpusError, Problem
from .patterns import (COMBINING_MARK, FOLD_PAIRS, UNMARK_FROM, UNMARK_TO, LIGATURE_FROM, LIGATURE_TO, NARROW_CLASS, NARROW_FROM, NARROW_TO,
                       TOKEN, TOKEN_KINDS)

if TYPE_CHECKING:
    from . import schema
    from .model import Corpus

# Tokens: law IDs ("50E", "47E2(a)", "16С2"), commentary paragraphs ("48.4"), words
# (hyphenated whole: "какой-нибудь"), numbers -- patterns.TOKEN, which the browser's
# engine compiles from the same source.
_ID_LETTER_AFTER_DIGITS = re.compile(r"^\d+[^\W\d_]")

# Stop words: the morphology's (lawsearch/morph.py), with English's commonest beside them.
STOP_WORDS = morph.STOP_WORDS


class Token(NamedTuple):
    """One token (a named tuple: a build makes millions, and a tuple is made fastest)."""

    text: str  # as written
    start: int
    end: int
    kind: str  # "id" | "para" | "word" | "num"
    position: int


def tokenize(text: str) -> list[Token]:
    """Tokens with their offsets; positions count every token, stop words included, so a
    phrase keeps its gaps.

    >>> [(t.text, t.kind) for t in tokenize("см. правило 16С2, 47E2(a) и 1,5")]
    [('см', 'word'), ('правило', 'word'), ('16С2', 'id'), ('47E2(a)', 'id'), ('и', 'word'), ('1,5', 'num')]
    """
    return [Token(m.group(), m.start(), m.end(), TOKEN_KINDS[m.lastindex - 1], n)
            for n, m in enumerate(TOKEN.finditer(narrow(text)))]


_NARROW = str.maketrans(NARROW_FROM, NARROW_TO)
_NARROWABLE = re.compile(f"[{NARROW_CLASS}]")


def narrow(text: str) -> str:
    """``text`` with NFKC's one-for-one forms of letters and digits (patterns.NARROW_FROM):
    full-width "ＡＢＣ１２" as "ABC12"; the same length, so a token's offsets are the text's.

    >>> narrow("ＡＢＣ ５０Ｅ（ａ）")
    'ABC 50E(a)'
    """
    return text.translate(_NARROW) if _NARROWABLE.search(text) else text


def normalize_id(token: str) -> str:
    """An ID token as an index term: look-alikes folded, lower case: ``16С2`` → ``16c2``."""
    return narrow(token).translate(ids.lookalikes()).lower()  # the active profile's (the corpus's)


def fold(word: str) -> str:
    """A word as terms and the forms table hold it: NFKC's one-for-one forms (``narrow``),
    ligatures spelt out (patterns.LIGATURE_FROM: ``"ﬁnal"`` → ``"final"``), lower case, ё as
    е, no stress marks or soft hyphens (patterns.FOLD_PAIRS): ``fold("Ёлка́") == "елка"``; no
    diacritics of any script, й aside, and a letter case folding reads as another one as that one
    (patterns.UNMARK_FROM, DIACRITICS): ``fold("λόγος") == fold("λόγοσ") == "λογοσ"``.

    Kept per word as written: a build folds every token of the corpus several times (the
    forms table, the vocabulary, the concordance), a million calls at 100x, and a corpus's
    distinct spellings are a few per cent of its tokens."""
    folded = _FOLDED.get(word)
    if folded is None:
        if len(_FOLDED) >= _FOLDED_MAX:
            _FOLDED.clear()  # bounded: a long-lived process folding endless new words
        folded = _FOLDED[word] = _fold(word)
    return folded


_FOLDED: dict[str, str] = {}
_FOLDED_MAX = 1_000_000


_LIGATURES = str.maketrans(dict(zip(LIGATURE_FROM, LIGATURE_TO)))


def spelt_out(text: str) -> str:
    """``text`` as a search reads its letters: NFKC's one-for-one forms (``narrow``) and the
    ligatures spelt out (``"ﬁnal ＡＢＣ"`` → ``"final ABC"``); its length may change, so it
    is for what is compared (English words, an ID typed in a query), never for offsets."""
    return narrow(text).translate(_LIGATURES)


def one_script(word: str) -> str:
    """A word mixing Cyrillic and Latin letters in the script most of its letters are in,
    when each letter of the other is a look-alike of one of it (the profile's
    ``[grammar.lookalikes]``, the IDs' table): «caмовар» typed with a Latin c and a is
    «самовар», "stеward" with a Cyrillic е is "steward". A word of one script, or one whose
    other letters have no look-alike (a tie, a real mixed word), stays as it is.

    >>> one_script("caмовар"), one_script("stеward"), one_script("самовар")
    ('самовар', 'steward', 'самовар')
    """
    cyrillic = sum(1 for c in word if "\u0400" <= c <= "\u052f")
    latin = sum(1 for c in word if "a" <= c <= "z" or "A" <= c <= "Z")
    if not cyrillic or not latin or cyrillic == latin:
        return word
    table = {k: v if isinstance(v, str) else chr(v) for k, v in ids.lookalikes().items()}  # Cyrillic -> Latin
    if cyrillic > latin:
        back = {v: chr(k) for k, v in table.items()}
        others = [c for c in word if "a" <= c <= "z" or "A" <= c <= "Z"]
        return "".join(back.get(c, c) for c in word) if all(c in back for c in others) else word
    others = [c for c in word if "\u0400" <= c <= "\u052f"]
    return word.translate(table) if all(ord(c) in table for c in others) else word


def _fold(word: str) -> str:
    word = one_script(narrow(word).translate(_LIGATURES)).lower()
    for pair, single in FOLD_PAIRS:
        word = word.replace(pair, single)
    if _UNMARKABLE.search(word):
        word = word.translate(_UNMARK)
    return COMBINING_MARK.sub("", word)


_UNMARK = str.maketrans(UNMARK_FROM, UNMARK_TO)
_UNMARKABLE = re.compile("[" + "".join(f"\\u{ord(c):04x}" for c in UNMARK_FROM) + "]")


@dataclass
class Lexicon:
    """Word form → lemma overrides from the lexicon files (all ё folded)."""

    forms: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, paths: Path | list[Path] | None, languages: Iterable[str] | None = None) -> Lexicon:
        """The lexicon of one file or several (the profile's, then a corpus folder's: a
        later file's form overrides an earlier one's); none when no file is given.

        ``languages``: the corpus's languages. A term or spelling written in a registered
        language the corpus has no text in is left out, unread by that language's morphology
        (an English-only corpus never loads the Russian dictionary for the profile's Russian
        lexicon); None keeps every entry."""
        listed = [paths] if isinstance(paths, Path) else list(paths or [])
        forms: dict[str, str] = {}
        for path in (p for p in listed if p.is_file()):
            forms.update(cls._forms(path, None if languages is None else tuple(languages)))
        return cls(forms)

    @staticmethod
    def _forms(path: Path, languages: tuple[str, ...] | None = None) -> dict[str, str]:
        from . import schema  # the build's; a search reads no lexicon file

        doc = schema.load(path, schema.LEXICON)
        if languages is not None:
            doc = _of_languages(doc, languages)
        problems = dictionary_problems(doc)
        if problems:
            raise CorpusError(problems)
        data = doc.data
        forms: dict[str, str] = {}
        for lemma, how in data.get("terms", {}).items():
            for form in sorted(_forms_of(lemma, how or {})):  # a set: sorted, so meta.json is the same each build
                forms.setdefault(fold(form), fold(lemma))
        for form, lemma in data.get("spellings", {}).items():
            forms[fold(form)] = fold(lemma)
        return forms


def lemmatizer_of_word(word: str):
    """The lemmatizer of the registered language whose script ``word`` is in, or None (a
    language without one, or a word of no registered script)."""
    lang = word_language(word, LANGUAGES)
    return language_module(lang, "lemmatizer") if lang else None


def _of_languages(doc: schema.Document, languages: tuple[str, ...]) -> schema.Document:
    """``doc`` without the entries written in a registered language not among ``languages``
    (a word in no registered script stays: nothing says it is another language's)."""
    other = [lang for lang in LANGUAGES if lang not in languages]

    def kept(entries: dict, word_of) -> dict:
        return {key: value for key, value in entries.items() if word_language(word_of(key, value), other) is None}

    data = dict(doc.data)
    if "terms" in data:
        data["terms"] = kept(data["terms"], lambda lemma, how: lemma)
    if "spellings" in data:
        data["spellings"] = kept(data["spellings"], lambda form, lemma: lemma)
    return dataclasses.replace(doc, data=data)


def dictionary_problems(doc: schema.Document) -> list[Problem]:
    """What a lexicon says the dictionary knows and it does not, each at its line: a
    ``like`` model must be a dictionary word, a ``participle`` a participle, a term given as
    ``{}`` a word the dictionary knows, and a spelling's lemma a word or a term. (The schema
    checks the file's shape; the dictionary is this stage's.)

    ``"фальшренонс" = { like = "несуществующееслово" }`` → ``lexicon.toml:20: like =
    "несуществующееслово" is not a word the dictionary knows; …``
    """
    problems: list[Problem] = []
    terms = doc.data.get("terms", {})
    for lemma, how in terms.items():
        model = how.get("like", lemma)
        lemmatizer = lemmatizer_of_word(lemma)
        if lemmatizer is None:  # a language without morphology: its forms are the ones written
            if how:
                problems.append(doc.problem(
                    f'"{lemma}": no morphology of its language declines it (like, participle); '
                    'give each form under [spellings] ("FORM" = "LEMMA")', "terms", lemma))
            continue
        if "like" in how and not lemmatizer.is_known(model):
            problems.append(doc.problem(
                f'like = "{model}" is not a word the dictionary knows; name a dictionary word that declines as "{lemma}" does '
                '(like = "WORD")', "terms", lemma, "like"))
        elif how.get("participle") and not any(p.tag.POS == "PRTF" for p in lemmatizer.analyzer().parse(model)):
            problems.append(doc.problem(f'participle = true, but the dictionary knows no participle "{model}"',
                                        "terms", lemma, "participle"))
        elif not how and not lemmatizer.is_known(lemma):
            problems.append(doc.problem(f'"{lemma}" = {{}} says the dictionary knows it, but it does not; '
                                        'say how it declines: like = "WORD"', "terms", lemma))
    known_terms = {fold(t) for t in terms}
    for form, lemma in doc.data.get("spellings", {}).items():
        lemmatizer = lemmatizer_of_word(lemma)
        if fold(lemma) not in known_terms and lemmatizer is not None and not lemmatizer.is_known(lemma):
            problems.append(doc.problem(f'"{form}" = "{lemma}": the dictionary does not know "{lemma}" and no term '
                                        "above is it", "spellings", form))
    return problems


def word_forms(lemma: str) -> set[str]:
    """Every form of a word given by its dictionary form, by the morphology of the registered
    language whose script it is in (a noun's cases and numbers: ``подпункт`` → ``подпунктах``
    …); the word alone in a language without one."""
    return _forms_of(lemma, {})


def _forms_of(lemma: str, how: dict) -> set[str]:
    """Every form of a lexicon term: a participle's declension, or a model word's endings
    put on this word's stem; the lemma alone in a language without morphology."""
    lemmatizer = lemmatizer_of_word(lemma)
    if lemmatizer is None:
        return {lemma}
    analyzer = lemmatizer.analyzer()
    model = how.get("like", lemma)
    forms: set[str] = {lemma}
    parses = analyzer.parse(model)
    if how.get("participle"):
        parse = next((p for p in parses if p.tag.POS == "PRTF"), None)
        if parse is None:
            return forms
        wanted = {parse.tag.tense, parse.tag.voice}
        model_forms = {f.word for f in parse.lexeme if f.tag.POS == "PRTF" and wanted <= set(f.tag.grammemes)}
    else:
        parse = next((p for p in parses if p.tag.POS == "NOUN"), parses[0])
        model_forms = {f.word for f in parse.lexeme}
    if model == lemma:
        return forms | model_forms
    # decline `lemma` like `model`: swap the model's stem for this word's
    stem_len = len(_common_prefix([fold(f) for f in model_forms] + [fold(model)]))
    model_stem, lemma_stem = fold(model)[:stem_len], fold(lemma)[: len(lemma) - (len(model) - stem_len)]
    for form in model_forms:
        f = fold(form)
        if f.startswith(model_stem):
            forms.add(lemma_stem + f[len(model_stem):])
    return forms


def _common_prefix(words: list[str]) -> str:
    if not words:
        return ""
    first, last = min(words), max(words)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    return first[:n]


class Analysis:
    """Text → index terms. One instance per lexicon; lemmas are cached."""

    def __init__(self, lexicon: Lexicon | None = None, mode: str = "all", languages: Iterable[str] | None = None):
        self.lexicon = lexicon or Lexicon()
        self.mode = mode  # "all": every plausible lemma; "first": pymorphy's best parse only
        # the corpus's languages: only their lemmatizers run (None: every registered language's)
        self.languages = None if languages is None else tuple(languages)
        self._lemmatizers: list | None = None
        self._cache: dict[str, tuple[str, ...]] = {}

    def lemmatizers(self) -> list:
        """The lemmatizer modules of this analysis's languages that have one (the registry's,
        ``plausibility.LANGUAGES``), imported on first use: an English-only analysis has none
        and never loads a dictionary."""
        if self._lemmatizers is None:
            langs = LANGUAGES if self.languages is None else self.languages
            self._lemmatizers = [language_module(lang, "lemmatizer") for lang in dict.fromkeys(langs)
                                 if lang in LANGUAGES and LANGUAGES[lang].lemmatizer]
        return self._lemmatizers

    def lemmatizer_of(self, word: str):
        """The lemmatizer whose script ``word`` has a letter of (its ``covers``), or None: a
        word of a language without morphology, which keeps the default (``lemmatize``)."""
        return next((m for m in self.lemmatizers() if m.covers(word)), None)

    def word_terms(self, word: str, keep: bool = True) -> tuple[str, ...]:
        """The terms of one word token: ``("штрафной",)`` for ``штрафными``; () for a stop word.
        ``keep``: a word not yet asked for is remembered (not: a form the text never holds,
        asked for once by the forms table)."""
        w = fold(word)
        terms = self._cache.get(w)
        if terms is None:
            terms = self.lemmatize(w, keep)
            if keep:
                self._cache[w] = terms
        return terms

    def token_terms(self, token: Token) -> tuple[str, ...]:
        if token.kind == "id":
            # "50E" is a law ID; "2А" in running text could be one too -- both ways it is one term
            return (normalize_id(token.text),)
        if token.kind in ("para", "num"):
            return (token.text.replace(",", "."),)
        return self.word_terms(token.text)

    def terms(self, text: str) -> list[tuple[str, ...]]:
        """Terms of each token of ``text``, stop words dropped (positions are in ``analyze``)."""
        return [t for t in (self.token_terms(tok) for tok in tokenize(text)) if t]

    def analyze(self, text: str) -> list[tuple[Token, tuple[str, ...]]]:
        """Each token with its terms (empty for stop words), for indexing and highlighting."""
        return [(tok, self.token_terms(tok)) for tok in tokenize(text)]

    def lemmatize(self, w: str, keep: bool = True) -> tuple[str, ...]:
        """``keep``: the dictionary's answer may stay in ``morph.lemmas``'s cache."""
        if w in STOP_WORDS:
            return ()
        if w in self.lexicon.forms:
            return (self.lexicon.forms[w],)
        lemmatizer = self.lemmatizer_of(w)
        if lemmatizer is None:
            # the default for a word no lemmatizer of the corpus's languages covers (an English
            # word, a word of a language without morphology): kept as written, folded; the
            # Snowball language's text is stemmed in its own fields (index.english_analyzer)
            return (w,)
        lemmas = lemmatizer.lemmas(w) if keep else lemmatizer.lemmas.__wrapped__(w)
        lemmas = tuple(self.lexicon.forms.get(l, l) for l in lemmas)
        lemmas = tuple(dict.fromkeys(lemmas))
        if self.mode == "first":
            return lemmas[:1]
        return lemmas


# -- the analysis pass of a build ----------------------------------------------------------


@dataclass(frozen=True)
class AnalysedText:
    """A text's tokens, each with its terms (``()`` for a stop word).

    >>> at = AnalysedText.of("Штрафная карта и болван", Analysis())
    >>> [(t.text, terms) for t, terms in at.pairs()]
    [('Штрафная', ('штрафной',)), ('карта', ('карта',)), ('и', ()), ('болван', ('болван',))]
    """

    text: str
    tokens: tuple[Token, ...]
    terms: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, text: str, analysis: Analysis) -> AnalysedText:
        tokens = tokenize(text)
        return cls(text, tuple(tokens), tuple(analysis.token_terms(t) for t in tokens))

    def pairs(self):
        return zip(self.tokens, self.terms)

    def indexed(self) -> list[tuple[Token, tuple[str, ...]]]:
        """The tokens that have terms (stop words left out), with their terms."""
        return [(t, terms) for t, terms in zip(self.tokens, self.terms) if terms]

    def words(self) -> list[str]:
        """Every word token, folded: ``["штрафная", "карта", "и", "болван"]``."""
        return [fold(t.text) for t in self.tokens if t.kind == "word"]


def joined(parts: list[AnalysedText], separator: str) -> AnalysedText:
    """The analysis of ``separator.join(texts)`` made from the parts' own, offsets and
    positions shifted: a token never spans a separator of spaces, newlines or " . "
    (``tokenize`` of the whole gives the same tokens; a test checks it).

    >>> a = joined([AnalysedText.of("ход", Analysis()), AnalysedText.of("карта", Analysis())], "\\n\\n")
    >>> [(t.text, t.start, t.position) for t in a.tokens]
    [('ход', 0, 0), ('карта', 5, 1)]
    """
    tokens: list[Token] = []
    terms: list[tuple[str, ...]] = []
    offset = 0
    for n, part in enumerate(parts):
        if n:
            offset += len(separator)
        shift = len(tokens)
        tokens += [Token(t.text, t.start + offset, t.end + offset, t.kind, t.position + shift) for t in part.tokens]
        terms += part.terms
        offset += len(part.text)
    return AnalysedText(separator.join(p.text for p in parts), tuple(tokens), tuple(terms))


class AnalysedCorpus:
    """Every text of a build analysed once: text → ``AnalysedText``, filled by
    ``analyse_corpus`` and read by the index, the forms table, the vocabulary and the
    concordance. A text asked for that the pass did not see (a glossary phrase) is
    analysed on first use and kept.

        analysed = analyse_corpus(corpus, Analysis(lexicon))
        analysed.of(corpus.node("50E").text).indexed()
    """

    def __init__(self, analysis: Analysis):
        self.analysis = analysis
        self._texts: dict[str, AnalysedText] = {}

    def of(self, text: str) -> AnalysedText:
        found = self._texts.get(text)
        if found is None:
            found = self._texts[text] = AnalysedText.of(text, self.analysis)
        return found

    def join(self, texts: list[str], separator: str) -> AnalysedText:
        """``separator.join(texts)``, analysed from its parts (and kept, for the index)."""
        whole = separator.join(texts)
        found = self._texts.get(whole)
        if found is None:
            found = self._texts[whole] = joined([self.of(t) for t in texts], separator)
        return found

    def terms(self, text: str) -> list[tuple[str, ...]]:
        """``Analysis.terms`` from the pass: each token's terms, stop words dropped."""
        return [t for t in self.of(text).terms if t]

    def get(self, text: str) -> AnalysedText | None:
        """The analysis of ``text`` if the pass has it (the index's tokenizer asks)."""
        return self._texts.get(text)


def analyse_corpus(corpus: Corpus, analysis: Analysis) -> AnalysedCorpus:
    """The one analysis pass of a build: every node's title and text and every footnote,
    tokenized and lemmatized once, in reading order."""
    analysed = AnalysedCorpus(analysis)
    for node in corpus.nodes:
        for text in (node.title, node.text):
            if text:
                analysed.of(text)
    for footnote in corpus.footnotes:
        analysed.of(footnote.text)
    return analysed
