"""The morphology leaf: one cached pymorphy3 analyzer, loaded on first use, and one
Snowball English stemmer.

Cleaning uses it to rejoin words split across heading lines; the index uses it for
lemmas and English stems. Loading the dictionary costs a few hundred milliseconds, so nothing here runs
at import time (``lawsearch --help`` never loads it).

This module imports nothing from the package.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Short words that are real words on their own. A one- or two-letter "half" outside this
# list ("ин" of "ин|формация") is taken for a fragment even if the dictionary knows it.
SHORT_WORDS = frozenset(
    "а б в ж и к о с у я бы во да до же за из ко ли мы на не ни но ну об он от по со та те то ту ты уж".split()
)

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

# The dictionary's alphabet: the letters a spelling correction tries in a word's slot.
ALPHABET = "абвгдежзийклмнопрстуфхцчшщъыьэюя"

# Particles that follow a hyphen: a wrap can lose the hyphen ("какой" / "нибудь").
HYPHEN_PARTICLES = ("нибудь", "либо", "то", "таки")


@lru_cache(maxsize=1)
def analyzer():
    """The one ``pymorphy3.MorphAnalyzer`` of the process."""
    import pymorphy3  # deferred: the dictionary load is the slow part of start-up

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=100_000)
def is_known(word: str) -> bool:
    """Whether the dictionary knows ``word`` as a word (not a guess by analogy).

    >>> is_known("неправильного"), is_known("непра")
    (True, False)
    """
    w = word.lower().replace("ё", "е")
    if len(w) <= 2:
        return w in SHORT_WORDS
    return analyzer().word_is_known(w)


def is_word(word: str) -> bool:
    """Whether the dictionary holds ``word`` at all, however short (``вы``, ``ой``; not
    ``нь``): a piece of a split word is no word only when it says so (``is_known`` keeps
    short words to its own list, for the joins at a line break).

    >>> is_word("вы"), is_word("нь")
    (True, False)
    """
    return analyzer().word_is_known(word.lower().replace("ё", "е"))


SLOT = "#"  # stands for the one letter known_fillings tries; no dictionary word holds it


@lru_cache(maxsize=8)
def _slot_replaces(letters: str) -> dict:
    """The dictionary's own fuzzy letters (ё for е) and ``SLOT`` → each of ``letters`` (and
    their fuzzy twins), compiled for the dictionary's ``similar_keys``."""
    dictionary = analyzer().dictionary.words
    fuzzy = analyzer().char_substitutes or {}
    fills = [*letters, *(twin for c in letters for _, twin in fuzzy.get(c.encode(), ()))]
    return {**fuzzy, **dictionary.compile_replaces({SLOT: fills})}


def known_fillings(head: str, tail: str, letters: str) -> set[str]:
    """Every ``head + c + tail`` (``c`` one of ``letters``) that ``is_known``, ё folded to е.

    One walk of the dictionary's graph tries all the letters, where ``is_known`` per
    candidate costs a Python call each: the build's real-word neighbours ask this about
    every position of every corpus word.

    >>> sorted(known_fillings("", "асть", "мп")), known_fillings("", "лка", "е")
    (['масть', 'пасть'], {'елка'})
    """
    found = analyzer().dictionary.words.similar_keys(head.lower() + SLOT + tail.lower(), _slot_replaces(letters))
    words = {w.replace("ё", "е") for w in found}
    return {w for w in words if len(w) > 2 or w in SHORT_WORDS}


def neighbours(words) -> set[str]:
    """Words the dictionary knows one letter dropped, added or changed away from one of
    ``words`` (the index's real neighbours: a query word among them is a word, not a typo).
    Two letters swapped is left out: that is how hands slip, and the word it makes is the
    rarer reading (крату is карту, not a form of «крат»).

    >>> "пасть" in neighbours(["масть"])
    True
    """
    out: set[str] = set()
    known = is_known.__wrapped__  # each candidate asked once: a cache of 100k answers kept nothing useful
    for word in words:
        # the dictionary is asked a position at a time, all letters in one walk of its graph:
        # a call per candidate word was most of the build (4M of them at 50x)
        for i in range(len(word) + 1):
            head, tail = word[:i], word[i:]
            out |= known_fillings(head, tail, ALPHABET)  # a letter added
            if tail:
                out |= known_fillings(head, tail[1:], ALPHABET)  # a letter changed
                if known(head + tail[1:]):  # a letter dropped
                    out.add(head + tail[1:])
    return out


def clear_caches() -> None:
    """Forget the dictionary's cached answers (the build drops them after the index)."""
    lemmas.cache_clear()
    is_known.cache_clear()


def join_split_word(left: str, right: str, extra_words: frozenset[str] = frozenset()) -> str | None:
    """The word ``left`` + ``right`` make when a line break split it, or None.

    A split is joined only when the joined form is a known word while one half is not
    (``непра|вильного``, ``сыг|раны``, ``нака|зания``); two known halves stay apart
    (``розыгрыш на``: ``розыгрышна`` is a word too). A lost hyphen before a particle is
    restored (``какой|нибудь`` → ``какой-нибудь``).

    >>> join_split_word("непра", "вильного")
    'неправильного'
    >>> join_split_word("или", "болвана") is None
    True
    """
    def known(w: str) -> bool:
        return w.lower() in extra_words or is_known(w)

    if right.lower() in HYPHEN_PARTICLES and known(f"{left}-{right}"):
        return f"{left}-{right}"
    joined = left + right
    if known(joined) and not (known(left) and known(right)):
        return joined
    return None


# the letters of the dictionary's script (Cyrillic, ё with them)
SCRIPT = re.compile(r"[а-яё]", re.I)


def covers(text: str) -> bool:
    """Whether ``text`` has a letter of the script the dictionary is of: ``covers("Law")`` is False."""
    return bool(SCRIPT.search(text))


# the word after a hyphen that is a pronoun's, not a particle's, when a conjunction follows
# («что / то или иное» is not «что-то»)
PRONOUN_PARTICLE = "то"


def mend_break(left: str, right: str, after: str = "", extra_words: frozenset[str] = frozenset()) -> str | None:
    """What a line break between the words ``left`` and ``right`` hid, or None for a plain
    space: a lost hyphen (``какой``/``нибудь``, ``из``/``за``, ``во``/``первых``) when the
    hyphenated word is in the dictionary, or a word split in two (``разыгры``/``вающий``).
    ``то`` followed by a conjunction (``что``/``то или иное``) is the pronoun, not ``что-то``.
    Words of another script are left alone.

    >>> mend_break("какой", "нибудь"), mend_break("из", "колоды"), mend_break("что", "то", "или")
    ('какой-нибудь', None, None)
    """
    if not (left.isalpha() and right.isalpha()) or not covers(left + right):
        return None
    hyphenated = f"{left}-{right}"
    if is_known(hyphenated) or hyphenated.lower() in extra_words:
        if right.lower() == PRONOUN_PARTICLE and after and _is_conjunction(after):
            return None
        return hyphenated
    return join_split_word(left, right, extra_words)


@lru_cache(maxsize=10_000)
def _is_conjunction(word: str) -> bool:
    return any(p.tag.POS in ("CONJ", "PRCL") for p in analyzer().parse(word.lower()))


# the dictionary's grammemes of a function word: a conjunction, preposition, particle, pronoun
# and a pronoun used as an adjective («каждый», «который», «свой»): words any sentence holds
FUNCTION_GRAMMEMES = frozenset({"CONJ", "PREP", "PRCL", "NPRO", "Apro"})
# and an adverb the dictionary marks pronominal: demonstrative or interrogative («затем»,
# «туда», «откуда», «почему»), as empty of subject as the pronoun it is
PRONOMINAL_ADVERB = frozenset({"Dmns", "Ques"})


@lru_cache(maxsize=50_000)
def function_word(word: str) -> bool:
    """Whether the dictionary's likeliest reading of ``word`` is a function word
    (``FUNCTION_GRAMMEMES``): what two texts share of them says nothing of their subject.

    >>> [function_word(w) for w in ("если", "он", "каждый", "судья", "мочь", "затем", "откуда", "быстро")]
    [True, True, True, False, False, True, True, False]
    """
    parses = analyzer().parse(word.lower())
    if not parses:
        return False
    grammemes = parses[0].tag.grammemes
    return bool(FUNCTION_GRAMMEMES & grammemes) or "ADVB" in grammemes and bool(PRONOMINAL_ADVERB & grammemes)


PERSON = {"Surn", "Name", "Patr"}  # the dictionary's tags of a person's surname, first name, patronymic


def nominative(name: str, case: str | None = None) -> str:
    """A person's name as a title page prints it after a label (``Перевод Л. М. Зайцевой``)
    put in the nominative: every word the dictionary reads as a surname, first name or
    patronymic (one person: singular readings) goes to the one nominative of its readings in ``case`` ("gent" where the
    label governs the genitive: «перевод Рыбникова» is Rybnikov's), else of its readings not
    in the nominative when none is; initials stay. Unsure -- a word with no such reading, or
    with two nominatives, or (no case given) a word that may already be nominative -- the
    name is returned as printed.

    >>> nominative("Л. М. Зайцевой"), nominative("А. Рыбникова", "gent"), nominative("А. Рыбникова")
    ('Л. М. Зайцева', 'А. Рыбников', 'А. Рыбникова')
    >>> nominative("И. П. Самсонов"), nominative("Комиссии по правилам", "gent")
    ('И. П. Самсонов', 'Комиссии по правилам')
    """
    out = []
    for token in re.split(r"(\s+)", name):
        word = token.strip(",.;")
        if not word or token.isspace() or re.fullmatch(r"[^\W\d_]\.?", token) or not word[0].isupper():
            out.append(token)
            continue
        readings = [p for p in analyzer().parse(word) if PERSON & set(p.tag.grammemes) and "sing" in p.tag]
        if not readings or case is None and any("nomn" in p.tag for p in readings):
            return name
        chosen = [p for p in readings if case is None or case in p.tag]
        forms = {f.word for p in chosen if (f := p.inflect({"nomn"})) is not None}
        if len(forms) != 1:
            return name
        form = forms.pop()
        if "ё" not in word.lower():
            form = form.replace("ё", "е")
        out.append(token.replace(word, form[:1].upper() + form[1:]))
    return "".join(out)


def person_name(name: str) -> bool:
    """Whether every word of ``name`` but its initials has a reading as a person's surname,
    first name or patronymic (``PERSON``): «Л. М. Гринберг» does, «Н. А. Сомовой» (a name the
    dictionary does not hold) and «Комиссии по правилам» do not.

    >>> person_name("Л. М. Гринберг"), person_name("Н. А. Сомовой"), person_name("Комиссии по правилам")
    (True, False, False)
    """
    words = [w.strip(",.;") for w in name.split() if not re.fullmatch(r"[^\W\d_]\.?", w)]
    return bool(words) and all(any(PERSON & set(p.tag.grammemes) for p in analyzer().parse(w)) for w in words if w)


def modifies(word: str, modifier: str) -> bool:
    """Whether ``modifier`` reads as an adjective or participle agreeing with the noun
    ``word`` (case, number and, in the singular, gender): a subject index's one-word ditto
    under «Лодка речная» followed by «весельная» stands for «Лодка» alone (the printed
    word replaces «речная»), while under «Карточка счёта» followed by «исправление» (a
    noun: no agreement) it stands for the whole headword.

    >>> modifies("Лодка", "весельная"), modifies("Мост", "ночной"), modifies("Карточка", "исправление")
    (True, True, False)
    """
    nouns = [p for p in analyzer().parse(word.lower()) if p.tag.POS == "NOUN"]
    forms = [p for p in analyzer().parse(modifier.lower()) if p.tag.POS in ("ADJF", "PRTF")]
    return any(a.tag.case == n.tag.case and a.tag.number == n.tag.number
               and (n.tag.number == "plur" or a.tag.gender == n.tag.gender) for n in nouns for a in forms)


@lru_cache(maxsize=50_000)  # shared by the Analysis objects of a process; each keeps its own words' terms too
def lemmas(word: str) -> tuple[str, ...]:
    """Every plausible lemma of a word form, ё folded to е: ``lemmas("онером") == ("онер",)``."""
    seen: list[str] = []
    for parse in analyzer().parse(word.lower()):
        lemma = parse.normal_form.replace("ё", "е")
        if lemma not in seen:
            seen.append(lemma)
    return tuple(seen)


# the parts of speech that decline with number and case (the OpenCorpora tags'): a term's
# words agree in these
NOMINAL = frozenset({"NOUN", "ADJF", "ADJS", "PRTF", "PRTS", "NUMR", "NPRO"})


@lru_cache(maxsize=100_000)
def nominal_parses(word: str) -> tuple[tuple[str, str | None, str | None], ...]:
    """(lemma, number, case) of each nominal parse of a word, ё folded: what a defined term's
    use is matched by (lawsearch/definitions.py), the words agreeing in number and case.

    >>> ("карта", "sing", "nomn") in nominal_parses("карта")
    True
    """
    out = []
    for p in analyzer().parse(word.lower()):
        if p.tag.POS in NOMINAL:
            out.append((p.normal_form.replace("ё", "е"), p.tag.number, p.tag.case))
    return tuple(dict.fromkeys(out))


# -- English ----------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def english_stemmer():
    """The one Snowball English ("Porter2") stemmer of the process (the snowballstemmer
    package; PyStemmer's C code instead where that is installed -- the same algorithm, as the
    package itself chooses)."""
    try:
        import Stemmer
    except ImportError:
        return _snowball_english()()
    return Stemmer.Stemmer("english")


def _snowball_english():
    """snowballstemmer's ``EnglishStemmer`` class without the package's ``__init__``, which
    imports the stemmers of all its 30-odd languages (~25 ms, a tenth of a cold search that
    marks one English word): its folder stands as the package while the English module and
    the two it imports load, and then they and it are taken out of ``sys.modules`` again, so
    a later ``import snowballstemmer`` runs the package as usual. Where that cannot be done,
    the package is imported as usual."""
    import importlib
    import importlib.util
    import sys
    import types

    name = "snowballstemmer"
    if name not in sys.modules:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            stand_in = types.ModuleType(name)
            stand_in.__path__ = list(spec.submodule_search_locations)
            sys.modules[name] = stand_in
            try:
                return importlib.import_module(name + ".english_stemmer").EnglishStemmer
            finally:
                for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
                    del sys.modules[loaded]
    from snowballstemmer.english_stemmer import EnglishStemmer

    return EnglishStemmer


@lru_cache(maxsize=100_000)
def english_stem(word: str) -> str:
    """A lower-case English word's Snowball English stem, as the index holds it; its twin in
    the browser is ``site_templates/static/stem-en.js``.

    >>> english_stem("generously"), english_stem("cries"), english_stem("dying")
    ('generous', 'cri', 'die')
    """
    return english_stemmer().stemWord(word)
