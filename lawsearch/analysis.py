"""The search analyzer: one way to turn text into index terms, used for documents,
queries, highlights and (through an exported table) the browser.

* tokens: law IDs stay whole (``50E``, ``47E2(a)``, ``16С2`` with look-alikes folded to
  ``16c2``), words (Cyrillic or Latin, hyphenated ones whole), numbers;
* words are lower-cased, ``ё`` → ``е``, and lemmatized with pymorphy3: every plausible
  lemma of an ambiguous form is indexed at the form's position (docs/decisions.md says
  why), with the domain lexicon of ``corpus/lexicon.toml`` first;
* stop words are dropped, but never ``не``, ``ни``, ``или``, ``без``, ``вне``, ``кроме``:
  in law text they carry the meaning.

    >>> Analysis().terms("штрафными картами")
    [('штрафной',), ('карта',)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from . import morph, schema
from .ids import LOOKALIKES
from .model import CorpusError, Problem

# A law ID as written in text or a query: "50E", "47E2(a)", "16С2", "21B2(b)(1)"; a
# commentary paragraph "48.4"; a word (hyphenated whole: "какой-нибудь"); a number.
TOKEN = re.compile(
    r"""
    (?P<id>(?<![\w.])\d{1,3}[A-ZА-ЯЁa-zа-яё]\d{0,2}(?:\([A-Za-zА-Яа-я]\))?(?:\(\d{1,2}\))?(?![\w]))
    | (?P<para>(?<!\w)\d{1,3}\.\d{1,2}(?![\w]|\.\d))
    | (?P<word>[^\W\d_]+(?:-[^\W\d_]+)*)
    | (?P<num>\d+(?:[.,]\d+)?)
    """,
    re.VERBOSE,
)
_ID_LETTER_AFTER_DIGITS = re.compile(r"^\d+[^\W\d_]")

# Stop words: prepositions, conjunctions and particles that never decide a legal question
# on their own. Not stopped: не, ни, или, без, вне, кроме -- "не налагать", "ход вне очереди".
STOP_WORDS = frozenset("""
    а в во к ко с со у о об обо от ото по на над из изо за до для при про через под
    и да но же ли бы то как что чтобы это этот эта эти этого этой тот та те того
    он она оно они его ее её их ему ей им ими нем ней них
    который которая которое которые которого которой которому котором которым которыми которых
    быть был была было были является являлся являлась
    the a an of to in on at by for and or is are be
""".split())


@dataclass(frozen=True)
class Token:
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
    out = []
    for n, m in enumerate(TOKEN.finditer(text)):
        kind = m.lastgroup
        out.append(Token(m.group(), m.start(), m.end(), kind, n))
    return out


def normalize_id(token: str) -> str:
    """An ID token as an index term: look-alikes folded, lower case: ``16С2`` → ``16c2``."""
    return token.translate(LOOKALIKES).lower()


def fold(word: str) -> str:
    return word.lower().replace("ё", "е")


@dataclass
class Lexicon:
    """Word form → lemma overrides from ``corpus/lexicon.toml`` (all ё folded)."""

    forms: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path | None) -> Lexicon:
        if path is None or not path.is_file():
            return cls()
        doc = schema.load(path, schema.LEXICON)
        problems = dictionary_problems(doc)
        if problems:
            raise CorpusError(problems)
        data = doc.data
        forms: dict[str, str] = {}
        for lemma, how in data.get("terms", {}).items():
            for form in _forms_of(lemma, how or {}):
                forms.setdefault(fold(form), fold(lemma))
        for form, lemma in data.get("spellings", {}).items():
            forms[fold(form)] = fold(lemma)
        return cls(forms)


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
        if "like" in how and not morph.is_known(model):
            problems.append(doc.problem(
                f'like = "{model}" is not a word the dictionary knows; name a dictionary word that declines as "{lemma}" does '
                '(like = "контракт")', "terms", lemma, "like"))
        elif how.get("participle") and not any(p.tag.POS == "PRTF" for p in morph.analyzer().parse(model)):
            problems.append(doc.problem(f'participle = true, but the dictionary knows no participle "{model}"',
                                        "terms", lemma, "participle"))
        elif not how and not morph.is_known(lemma):
            problems.append(doc.problem(f'"{lemma}" = {{}} says the dictionary knows it, but it does not; '
                                        'say how it declines: like = "WORD"', "terms", lemma))
    known_terms = {fold(t) for t in terms}
    for form, lemma in doc.data.get("spellings", {}).items():
        if fold(lemma) not in known_terms and not morph.is_known(lemma):
            problems.append(doc.problem(f'"{form}" = "{lemma}": the dictionary does not know "{lemma}" and no term '
                                        "above is it", "spellings", form))
    return problems


def _forms_of(lemma: str, how: dict) -> set[str]:
    """Every form of a lexicon term: a participle's declension, or a model word's endings
    put on this word's stem."""
    analyzer = morph.analyzer()
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

    def __init__(self, lexicon: Lexicon | None = None, mode: str = "all"):
        self.lexicon = lexicon or Lexicon()
        self.mode = mode  # "all": every plausible lemma; "first": pymorphy's best parse only
        self._cache: dict[str, tuple[str, ...]] = {}

    def word_terms(self, word: str) -> tuple[str, ...]:
        """The terms of one word token: ``("штрафной",)`` for ``штрафными``; () for a stop word."""
        w = fold(word)
        terms = self._cache.get(w)
        if terms is None:
            terms = self._cache[w] = self.lemmatize(w)
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

    def lemmatize(self, w: str) -> tuple[str, ...]:
        if w in STOP_WORDS:
            return ()
        if w in self.lexicon.forms:
            return (self.lexicon.forms[w],)
        if not re.search("[а-я]", w):
            return (w,)  # Latin words in Russian text: kept as written
        lemmas = morph.lemmas(w)
        lemmas = tuple(self.lexicon.forms.get(l, l) for l in lemmas)
        lemmas = tuple(dict.fromkeys(lemmas))
        if self.mode == "first":
            return lemmas[:1]
        return lemmas
