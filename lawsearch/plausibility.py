"""Whether decoded text reads as its language: the check behind every encoding decision.

A Cyrillic text in one single-byte code page decodes without error in the others (KOI8-R
read as cp1251 gives «рПУМЕ ФПЗП»), so only the words can tell which reading is right.
Each candidate reading of the raw bytes is scored by the share of its words that are
plausible in the source's language:

* **Russian** -- a word the pymorphy3 dictionary knows (``morph.is_known``): the right
  reading of a law text has 95-99% of them, a wrong one under 7% (the seeds read in each
  of the wrong code pages);
* **English** -- a word whose letters are all Latin (Unicode's script of the letter), with
  only punctuation or spaces beside them inside the token: the four encodings agree on
  ASCII, so what differs is how the few non-ASCII bytes read -- ``don’t`` right,
  ``donТt`` (cp866) or ``don▓t`` (KOI8-R) wrong.

Only tokens with a non-ASCII character count (the rest read the same in every encoding);
a token of symbols alone (a box-drawing rule ``────``, ``№``) and one-letter runs are
neutral, so local damage inside good text -- ``????`` and ``њњњ`` runs, intact or
mis-decoded rules -- costs a reading at most a few words out of hundreds and never
makes it implausible as a whole.

    readings(data, "ru", ("cp1251", "koi8-r"))["koi8-r"].share   # 0.98 on a KOI8-R law text

This module imports nothing from the package but the morphology leaf and the patterns.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType

from . import morph
from .patterns import LETTER_RUN

# A reading is plausible when at least half its words are words of the language...
PLAUSIBLE = 0.5
# ... another reading is clearly better with this much more of a share, and at least this
# many more plausible words (one or two words cannot outvote a detector or a declaration);
# no reading is plausible only when one of them has been tried on this many words
MARGIN = 0.3
MIN_WORDS = 3
NOWHERE_WORDS = 20
# Judged on a sample: this many windows of whole lines spread over the file, so a 50 MB
# source costs what a 64 KB one does; and at most this many counted words per reading
# (the right reading and a wrong one differ by some 90 points: 200 words tell them apart).
WINDOWS, WINDOW_BYTES = 32, 2048
MAX_WORDS = 200


def _is_latin(word: str) -> bool:
    """``_is_latin("café")`` is True; ``_is_latin("donТt")`` is False (a Cyrillic Т)."""
    return all(c.isascii() or unicodedata.name(c, "").startswith("LATIN ") for c in word)


def _is_cyrillic(word: str) -> bool:
    """``_is_cyrillic("ёлка")`` is True; ``_is_cyrillic("Law")`` is False."""
    return all(unicodedata.name(c, "").startswith("CYRILLIC ") for c in word)


@dataclass(frozen=True)
class Language:
    name: str
    is_word: Callable[[str], bool]  # a run of letters with a non-ASCII one: a word of the language?
    in_script: Callable[[str], bool]  # a run of letters in the language's script (no dictionary)
    snowball: bool = False  # the language the index's Snowball fields analyse (morph.english_stem)
    # The language's own modules (lawsearch/<name>.py), each imported only when a corpus has
    # text in the language (``language_module``); None: the language has none of that role.
    # word -> its lemmas (``lemmas``, ``is_known``, ``analyzer``, ``covers``), and what cleaning,
    # the damage scan, definitions and the index ask a dictionary: ``join_split_word``,
    # ``mend_break``, ``nominal_parses``, ``neighbours``, ``clear_caches``
    lemmatizer: str | None = None
    families: str | None = None  # lemma -> its word family (``family_table``)
    tagger: str | None = None  # the CoNLL-U export's tags of a token (``annotate``)


# The languages whose text can be judged; a source in another language is not.
LANGUAGES = {
    "ru": Language("Russian", morph.is_known, _is_cyrillic, lemmatizer="morph", families="families", tagger="tagging"),
    "en": Language("English", _is_latin, _is_latin, snowball=True),
}
ROLES = ("lemmatizer", "families", "tagger")


def language_module(lang: str, role: str) -> ModuleType | None:
    """The module of ``role`` ("lemmatizer", "families", "tagger") of a registered language,
    imported now (a corpus without text in that language never imports it); None when the
    language has none or is not registered.

    >>> language_module("en", "families") is None, language_module("ru", "families").__name__
    (True, 'lawsearch.families')
    """
    if role not in ROLES:
        raise ValueError(f"no such language module role: {role!r} (one of {', '.join(ROLES)})")
    language = LANGUAGES.get(lang)
    name = getattr(language, role) if language is not None else None
    return importlib.import_module(f".{name}", __package__) if name else None


@lru_cache(maxsize=64)
def lemmatizers(languages: tuple[str, ...] | None = None) -> tuple[ModuleType, ...]:
    """The lemmatizer modules of ``languages`` (None: of every registered language) that
    have one, in order, each imported once: an English-only text has none, so a cleaning or
    damage rule asking about one of its words never loads a dictionary.

    >>> lemmatizers(("en",)), [m.__name__ for m in lemmatizers(("en", "ru"))]
    ((), ['lawsearch.morph'])
    """
    langs = LANGUAGES if languages is None else languages
    found = (language_module(lang, "lemmatizer") for lang in dict.fromkeys(langs))
    return tuple(m for m in found if m is not None)


def lemmatizer_for(text: str, languages: tuple[str, ...] | None = None) -> ModuleType | None:
    """The lemmatizer among ``languages``' (None: every registered language's) whose script
    ``text`` has a letter of (its ``covers``), or None: then the caller's default for a
    language without morphology applies (docs/profiles.md, "Languages"). A text's
    languages are the ones its corpus declares for it (a source's ``lang``), never guessed
    from its letters: a Cyrillic word in an English text gets the default.

    >>> lemmatizer_for("карта", ("en",)) is None, lemmatizer_for("карта", ("ru",)).__name__
    (True, 'lawsearch.morph')
    >>> lemmatizer_for("card", ("ru", "en")) is None
    True
    """
    return next((m for m in lemmatizers(languages) if m.covers(text)), None)


def word_language(word: str, languages: Iterable[str]) -> str | None:
    """The language among ``languages`` (registered ones) whose script ``word``'s letters are
    in; None when none is.

    >>> word_language("карта", ["en", "ru"]), word_language("card", ["ru"])
    ('ru', None)
    """
    letters = "".join(c for c in word if c.isalpha())
    return next((lang for lang in languages if lang in LANGUAGES and letters and LANGUAGES[lang].in_script(letters)),
                None)


def no_morphology_warning(lang: str) -> str:
    """What ``check`` says, once, of a corpus language with no lemmatizer: the default its
    words get instead (docs/profiles.md, "Languages").

    >>> no_morphology_warning("en")
    'English (en) has no morphology (no lemmatizer): its words are searched by their Snowball stems, not their lemmas'
    """
    language = LANGUAGES.get(lang)
    default = "their Snowball stems" if language is not None and language.snowball else "their lower-cased forms"
    return f"{language_name(lang)} ({lang}) has no morphology (no lemmatizer): its words are searched by {default}, " \
           "not their lemmas"


def without_morphology(languages: Iterable[str]) -> list[str]:
    """The languages among ``languages`` with no lemmatizer: their words are indexed by the
    default (docs/profiles.md, "Languages"), not by a morphology.

    >>> without_morphology(["ru", "en"])
    ['en']
    """
    return [lang for lang in dict.fromkeys(languages) if LANGUAGES.get(lang) is None or not LANGUAGES[lang].lemmatizer]
# the code of the language the Snowball fields analyse (lawsearch/index.py's ENGLISH)
SNOWBALL = next(code for code, language in LANGUAGES.items() if language.snowball)


def script_language(text: str, candidates: Iterable[str] = ()) -> str | None:
    """The language among ``candidates`` (default: every language judged here) whose script
    most of ``text``'s letter runs are in; the first candidate on a tie, None for no letters.

    >>> script_language("Правило 50. Штрафная карта", ["ru", "en"])
    'ru'
    """
    names = [c for c in (candidates or LANGUAGES) if c in LANGUAGES]
    runs = LETTER_RUN.findall(text[:200_000])
    counts = {name: sum(1 for r in runs if LANGUAGES[name].in_script(r)) for name in names}
    best = max(names, key=lambda name: counts[name], default=None)
    return best if best is not None and counts[best] else None


@dataclass(frozen=True)
class Reading:
    """How a text decoded with ``codec`` reads: its plausible and implausible words."""

    codec: str
    plausible: int
    implausible: int

    @property
    def words(self) -> int:
        return self.plausible + self.implausible

    @property
    def share(self) -> float:
        return self.plausible / self.words if self.words else 0.0

    def percent(self) -> str:
        return f"{round(100 * self.share)}%"


def token_verdict(token: str, language: Language) -> bool | None:
    """Whether one whitespace-delimited token reads as the language: None when it says
    nothing (ASCII only, symbols only, a single non-ASCII letter as in ``12-й``).

    >>> ru = LANGUAGES["ru"]
    >>> token_verdict("«Правило", ru), token_verdict("рПУМЕ", ru), token_verdict("────", ru)
    (True, False, None)
    >>> token_verdict("“Nobody", LANGUAGES["en"]), token_verdict("don▓t", LANGUAGES["en"])
    (True, False)
    """
    if token.isascii():
        return None
    letters = LETTER_RUN.findall(token)
    if not letters:
        return None
    # beside letters, only punctuation and spaces: "¶", "—", "’" yes; "▓", "╧" no
    others = LETTER_RUN.sub("", token)
    if any(not c.isascii() and unicodedata.category(c)[0] not in "PZ" for c in others):
        return False
    runs = [r for r in letters if not r.isascii()]
    if any(len(r) > 1 for r in runs):
        return all(language.is_word(r) for r in runs if len(r) > 1)
    # ASCII letters with typographic punctuation ("“Nobody", "it’s"): how text looks
    return None if runs else True


def score(text: str, language: Language) -> tuple[int, int]:
    """(plausible, implausible) words of ``text``: of its tokens with a non-ASCII
    character, at most ``MAX_WORDS`` taken evenly from all of it."""
    tokens = [t for t in text.split() if not t.isascii()]
    good = bad = 0
    for token in tokens[::max(1, -(-len(tokens) // MAX_WORDS))]:  # a ceiling: at most MAX_WORDS
        verdict = token_verdict(token, language)
        if verdict is not None:
            good, bad = good + verdict, bad + (not verdict)
    return good, bad


def sample(data: bytes) -> bytes:
    """Whole lines (or whole words, in a file without line breaks) from ``WINDOWS`` places
    spread evenly over ``data``; all of it when it is small. Cuts fall on ASCII whitespace,
    which is a character boundary in all four encodings."""
    if len(data) <= WINDOWS * WINDOW_BYTES:
        return data
    step = len(data) // WINDOWS
    parts = []
    for k in range(WINDOWS):
        chunk = data[k * step: k * step + WINDOW_BYTES]
        start = 0 if k == 0 else _first_space(chunk) + 1
        end = max(chunk.rfind(b"\n"), chunk.rfind(b" "))
        if end > start:
            parts.append(chunk[start:end])
    return b"\n".join(parts)


def _first_space(chunk: bytes) -> int:
    found = [i for i in (chunk.find(b"\n"), chunk.find(b" ")) if i >= 0]
    return min(found) if found else len(chunk)


def readings(data: bytes, lang: str, codecs: Iterable[str]) -> dict[str, Reading]:
    """How each codec that can decode (a sample of) ``data`` reads it as ``lang``; empty
    when the language cannot be judged."""
    language = LANGUAGES.get(lang)
    if language is None:
        return {}
    part = sample(data)
    found = {}
    for codec in codecs:
        try:
            text = part.decode("utf-8-sig" if codec == "utf-8" else codec)
        except UnicodeDecodeError:
            continue
        found[codec] = Reading(codec, *score(text, language))
    return found


def beyond_doubt(data: bytes, lang: str, codec: str) -> bool:
    """Whether ``codec`` reads ``data`` so well that no other reading can be clearly
    better (a share above ``1 - MARGIN``): the other readings need not be scored."""
    own = readings(data, lang, [codec]).get(codec)
    return own is not None and own.words >= MIN_WORDS and own.share > 1 - MARGIN


def clearly_better(a: Reading, b: Reading | None) -> bool:
    """``a`` reads as the language and ``b`` (None: cannot decode at all) clearly does not."""
    if b is None:
        return a.share >= PLAUSIBLE and a.plausible >= MIN_WORDS
    return a.share >= PLAUSIBLE and a.share - b.share >= MARGIN and a.plausible - b.plausible >= MIN_WORDS


def better_reading(found: dict[str, Reading], codec: str | None) -> Reading | None:
    """The reading that is clearly better than ``codec``'s, the best if several; None when
    ``codec`` reads as well as any (or there is too little text to tell)."""
    own = found.get(codec) if codec else None
    rivals = [r for c, r in found.items() if c != codec and clearly_better(r, own)]
    return max(rivals, key=lambda r: (r.share, r.plausible), default=None)


def read_nowhere(found: dict[str, Reading]) -> Reading | None:
    """The best reading when no codec reads the text as its language (with enough words
    to be sure); None otherwise."""
    best = max(found.values(), key=lambda r: (r.share, r.plausible), default=None)
    if best is None or best.share >= PLAUSIBLE or max(r.words for r in found.values()) < NOWHERE_WORDS:
        return None
    return best


def language_reading(text: str, language: Language, codec: str) -> Reading:
    """How ``text`` reads as ``language`` counting all its words, ASCII ones too (``score``
    leaves them out: the encodings agree on them, the languages do not): of its tokens, at
    most ``MAX_WORDS`` spread evenly (``language_verdict``). Latin-script words count as
    English: the languages we know are told apart by script first.

    >>> language_reading("Правило 50. Распоряжение штрафной картой", LANGUAGES["en"], "utf-8").share
    0.0
    """
    verdicts = [v for v in (language_verdict(t, language) for t in text.split()) if v is not None]
    picked = verdicts[::max(1, -(-len(verdicts) // MAX_WORDS))]
    good = sum(picked)
    return Reading(codec, good, len(picked) - good)


def language_verdict(token: str, language: Language) -> bool | None:
    """Whether a token is a word of the language, ASCII or not: None for a token with no
    run of two letters (``50.``, ``B.``, ``—``); False for one holding a symbol no text
    has (a mis-decoded ``╨Я╤А`` is no word of any language).

    >>> ru, en = LANGUAGES["ru"], LANGUAGES["en"]
    >>> language_verdict("«Правило", ru), language_verdict("Law", ru), language_verdict("Law", en)
    (True, False, True)
    """
    others = LETTER_RUN.sub("", token)
    if any(not c.isascii() and unicodedata.category(c)[0] not in "PZN" for c in others):
        return False
    runs = [r for r in LETTER_RUN.findall(token) if len(r) > 1]
    return all(language.is_word(r) for r in runs) if runs else None


def other_language(data: bytes, lang: str, codecs: Iterable[str]) -> tuple[str, Reading] | None:
    """The language other than ``lang`` that (a sample of) ``data`` clearly reads as in one of
    ``codecs``, and that reading; None when it reads as ``lang`` as well as any.

    A Russian law text declared English gives ``("ru", Reading("utf-8", 190, 8))``. A
    declaration is outvoted only by ``NOWHERE_WORDS`` words of the other language: a few
    Latin-letter marks in a Russian file (``..page3``, ``(DC4)``) are no English text.
    """
    own_language = LANGUAGES.get(lang)
    if own_language is None:
        return None
    part = sample(data)
    best: tuple[str, Reading] | None = None
    for codec in codecs:
        try:
            text = part.decode("utf-8-sig" if codec == "utf-8" else codec)
        except UnicodeDecodeError:
            continue
        script = language_reading(text, Language(own_language.name, own_language.in_script, own_language.in_script), codec)
        if script.share >= 1 - MARGIN:
            continue  # written in the language's own letters: no other language rivals it, no dictionary needed
        own = language_reading(text, own_language, codec)
        for other, language in LANGUAGES.items():
            found = language_reading(text, language, codec)
            if other != lang and found.plausible >= NOWHERE_WORDS and clearly_better(found, own) and (
                    best is None or (found.share, found.plausible) > (best[1].share, best[1].plausible)):
                best = (other, found)
    return best


def first_wrong_line(text: str, lang: str) -> tuple[int, str] | None:
    """The first line of a decoded text with a word that is not of the language, and a
    printable excerpt from that word on: ``(3, "рПУМЕ ФПЗП")``."""
    language = LANGUAGES.get(lang)
    if language is None:
        return None
    for n, line in enumerate(text.splitlines(), 1):
        tokens = line.split()
        for i, token in enumerate(tokens):
            if token_verdict(token, language) is False:
                excerpt = " ".join(tokens[i:i + 3])
                excerpt = "".join(c if c.isprintable() else "\N{REPLACEMENT CHARACTER}" for c in excerpt)
                return n, excerpt[:40] + ("…" if len(excerpt) > 40 else "")
        if n >= 100_000:  # a reading this wrong shows it long before; bound the scan
            break
    return None


def language_name(lang: str) -> str:
    return LANGUAGES[lang].name if lang in LANGUAGES else lang
