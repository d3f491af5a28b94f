"""Word families: verbs of both aspects and their verbal nouns as one family, so that a
query with «сыграл» reaches a clause that says «играет».

pymorphy3 knows lemmas, aspect and part of speech, but no derivation: «заменить» and
«заменять» are strangers to it (participles and gerunds already share their verb's
lemma). Families are therefore *generated*: each rule below proposes candidate words by
Russian word formation, and a candidate joins only when the dictionary knows it as a
lemma of the right kind (an infinitive of the right aspect, a noun). No list of verbs is
written anywhere; the tables are of suffixes, consonant alternations and roots.

Rules (each link in a family names the rule that made it):

* **imperfective partners, same prefix** — a perfective verb and an imperfective one made
  from it by

  - ``-ыва-/-ива-``: показать ~ показывать, спросить ~ спрашивать (с:ш, о:а),
    рассмотреть ~ рассматривать, подчеркнуть ~ подчеркивать (a -нуть verb that keeps
    -ну- in the past: подчеркнул);
  - ``-ва-``: дать ~ давать, открыть ~ открывать, успеть ~ успевать;
  - ``-ить/-ять``, ``-ить/-ать`` (-ать only after ж ш ч щ): заменить ~ заменять,
    исправить ~ исправлять (в:вл), ответить ~ отвечать (т:ч), запретить ~ запрещать
    (т:щ), решить ~ решать; the alternations are the table ``ALTERNATIONS``;
  - ``-нуть/-ать`` for a -нуть verb that drops -ну- in the past (достиг): достигнуть ~
    достигать;
  - ``-сти/-ать``, ``-сть/-ать``, ``-чь/-ать`` on the present stem the dictionary gives:
    изобрести ~ изобретать, попасть ~ попадать, привлечь ~ привлекать;
  - a root that changes in the imperfective (``ROOT_CHANGES``): выбрать ~ выбирать,
    принять ~ принимать, предложить ~ предлагать, порвать ~ порывать, повернуть ~
    поворачивать; and the verbs of motion (``MOTION_PAIRS``): перейти ~ переходить,
    облететь ~ облетать (not with по-: понести is a start, поносить "a while").

  The perfective must be perfective and the imperfective imperfective in the dictionary,
  which keeps out look-alikes (выжить and выжать are both perfective); the suffix rules
  need a root vowel after the prefix (об|ить gives no обливать). Where two perfectives
  claim one imperfective the more specific rule wins — a root rule first, so порывать is
  порвать's and not порыть's — and if none does, or the claims differ by the vowel
  change о:а (натачивать: наточить or натачать), neither joins (see ``Candidate``).
  A по- perfective of an unprefixed imperfective is "for a while" and its -ыва- verb
  "now and then" (полежать, полеживать; `is_delimitative`): no pair, unless an action
  noun shows the по- verb is one of its own (показать: показание ~ показывать).

* **empty prefix** — an unprefixed imperfective V and P+V, where P is a prefix that can
  be empty (``EMPTY_PREFIXES``): сыграть ~ играть, написать ~ писать, поменять ~
  менять. A prefix usually adds meaning — a measure, a start, a fill, an undoing — and
  the dictionary tells only part of when it does not (`empty_perfective`):

  - P+V has no secondary imperfective of its own. выиграть has выигрывать, so выиграть
    is a verb of its own, not a form of играть; so are разыграть (разыгрывать) and
    поиграть (поигрывать).
  - P+V is the only such verb of the empty prefixes: when two pass, neither joins (the
    dictionary has no frequencies to tell the empty one from one that adds a measure or
    a start: сделать and наделать, потребовать and стребовать, затребовать). A corpus
    can: where its lemmas hold V and exactly one of them, and no rival, that one joins
    (`attested_perfective`: a text writing требовать and потребовать, never стребовать).
  - On a root that is not -ать/-ять, prefixed perfectives make secondary imperfectives
    whether their prefix is empty or not (огранить: огранять, согреть: согревать), so
    any other prefixed perfective is a rival that may be the standard one: награнить does
    not join гранить (огранить), погреть not греть (согреть), отвердить not твердить.
    Of -овать verbs likewise (наименовать: наименовывать, so поименовать stays apart),
    and раз- never pairs with them: it undoes or spreads (расконвоировать).
  - V is a simplex (no prefix, no -ыва-: повынимать, повычеркивать are "one after
    another") and transitive or a change of state (глупеть): an intransitive activity
    has no empty-prefix partner (висеть, повисеть).
  - A reflexive verb takes the reflexive of its transitive base's partner, nothing else:
    помыться as помыть, but not налакаться, заколыхаться, разлаяться, which join -ся
    to a fill, a start or a burst, nor запестреться (пестреть is intransitive).

* **verbal nouns** of a non-reflexive verb: ``-ние`` (исправление ~ исправить,
  требование ~ требовать, решение ~ решать, достижение ~ достигнуть г:ж), ``-тие``
  (открытие ~ открыть, принятие ~ принять) and the zero suffix (замена ~ заменить, игра ~
  играть, выход ~ выходить). Guards keep nouns precise: a noun that verbs of two
  different families would give (ведение: вести and ведать; отвержение: отвергнуть and
  отвердить) joins neither; a perfective's -ание noun whose imperfective has its own
  -ывание noun has left the action to it (расписание, название: `_drifted`); a
  zero-suffix noun joins only a verb whose family has no ``-ние/-тие`` noun (указ beside
  указание, завод beside заведение), only a prefixed verb with an aspect partner or an
  unprefixed -ать verb with an empty-prefix perfective, is feminine unless the verb is
  one of motion (насос, прицеп, подкос, вопрос are things; see `_zero_candidates`), and
  is never animate, plural-only or an adverb too (растяпа, ворота, справа).

Not in scope, by design: suppletive pairs (положить/класть, взять/брать), ``-ка`` nouns
(заявка is a bid at the bridge table, not the act of заявить), ``-овать`` denominal
nouns (штраф/штрафовать: the noun comes first and many such pairs drift, рис/рисовать),
and reflexive verbs meeting non-reflexive ones (относиться is not относить). Words of the
domain lexicon stay alone: разыгрывающий is the declarer, not a form of разыгрывать.

    >>> table = build_families(["играть", "игра"])
    >>> sorted(table.family("сыграть"))
    ['игра', 'играть', 'сыграть']
    >>> table.explain("сыграть", "игра")
    'сыграть ~ играть (empty prefix с-) ~ игра (noun, zero suffix)'
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from . import morph
from .analysis import fold

VOWELS = "аеёиоуыэюя"
VOICELESS = "кпстфхцчшщ"
HUSHING = "жшчщ"

# Verbal prefixes in their base spelling (раз-, not рас-: `attach` spells the variant).
PREFIXES = tuple(sorted(
    "в во вз взо воз возо вы до за из изо на над надо недо о об обо от ото пере по под подо "
    "пре пред предо при про раз разо с со у".split(),
    key=len, reverse=True))

# Prefixes that can be empty (сыграть, написать, потребовать, закоченеть, ослабнуть,
# урегулировать, прочитать, выучить, испортить, разбудить).
EMPTY_PREFIXES = ("с", "со", "на", "по", "за", "о", "об", "у", "про", "вы", "из", "раз")

# Consonant alternations at the end of an -ить stem, before -ять/-ать/-ывать and -ение:
# (plain, alternated). исправ-ить → исправл-ять, ответ-ить → отвеч-ать, запрет-ить →
# запрещ-ать, освобод-ить → освобожд-ать, вывоз-ить → вывож-ение, спрос-ить → спраш-ивать,
# пуст-ить → пущ-ение.
ALTERNATIONS = (
    ("б", "бл"), ("в", "вл"), ("м", "мл"), ("п", "пл"), ("ф", "фл"),
    ("т", "ч"), ("т", "щ"), ("д", "ж"), ("д", "жд"), ("з", "ж"), ("с", "ш"), ("ст", "щ"), ("ск", "щ"),
)

# Roots whose imperfective changes the root itself (a closed class of Russian verbs; these
# are its members that take many prefixes): (perfective ending, imperfective ending). Each
# is productive across prefixes: выбрать ~ выбирать, собрать ~ собирать, разобрать ~
# разбирать (a prefix's -о drops), порвать ~ порывать, повернуть ~ поворачивать. A root
# rule outranks a suffix rule that makes the same imperfective of a look-alike: порывать
# is порвать's, not порыть's; поворачивать is повернуть's, not поворочать's.
ROOT_CHANGES = (
    ("брать", "бирать"), ("драть", "дирать"), ("звать", "зывать"), ("слать", "сылать"),
    ("мереть", "мирать"), ("тереть", "тирать"), ("переть", "пирать"),
    ("нять", "нимать"), ("жать", "жимать"), ("чать", "чинать"),
    ("ложить", "лагать"), ("ложить", "кладывать"),
    ("жечь", "жигать"), ("мочь", "могать"), ("рвать", "рывать"), ("вернуть", "ворачивать"),
)
# Verbs of motion: a prefixed one makes its imperfective on the other stem of the pair
# (перейти ~ переходить, облететь ~ облетать, so облетывать is not облетать's).
MOTION_PAIRS = (
    ("йти", "ходить"), ("нести", "носить"), ("вести", "водить"), ("везти", "возить"), ("ехать", "езжать"),
    ("лететь", "летать"), ("бежать", "бегать"), ("ползти", "ползать"),
)
ROOT_PAIRS = ROOT_CHANGES + MOTION_PAIRS

# Nouns a family never takes: proper names and abbreviations the dictionary lists.
_NOT_COMMON = {"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr"}
# A noun with one of these grammemes names a being (растяпа) or a thing with no singular
# (ворота), never the act of a verb.
_NOT_ACTION = {"anim", "Pltm", "Ms-f"}
# Lemmas of these parts of speech beside a noun of the same spelling make it a homonym
# (справа: an adverb first), too uncertain to join.
_OTHER_POS = {"ADVB", "PREP", "CONJ", "PRCL", "INTJ", "PRED"}


@dataclass(frozen=True)
class Link:
    """One rule joining two words: ``Link("сыграть", "играть", "empty prefix с-")``."""

    word: str
    other: str
    rule: str


@dataclass(frozen=True)
class Entry:
    """What the dictionary knows of a word as a lemma."""

    verb: bool
    perf: bool
    impf: bool
    tran: bool
    noun: bool
    thing: bool = False  # a noun that cannot name an action: animate, plural-only, or also an adverb


# --- the dictionary ----------------------------------------------------------------------


@lru_cache(maxsize=500_000)
def entry(word: str) -> Entry:
    """The word as a dictionary lemma (ё folded): ``entry("заменять")`` is an imperfective
    verb; a word known only as an inflected form, or unknown, is nothing."""
    analyzer = morph.analyzer()
    dictionary = analyzer.dictionary
    verb = perf = impf = tran = noun = thing = False
    for _spelling, records in dictionary.words.similar_items(word, analyzer.char_substitutes):
        for paradigm, index in records:
            tag = dictionary.build_tag_info(paradigm, index)
            if tag.POS != "INFN" and index != 0:
                continue  # an inflected form, not the lemma (an infinitive always is one)
            if tag.POS == "INFN":
                verb = True
                perf |= "perf" in tag
                impf |= "impf" in tag
                tran |= "tran" in tag
            elif tag.POS == "NOUN" and not (_NOT_COMMON & tag.grammemes):
                noun = True
                thing |= bool(_NOT_ACTION & tag.grammemes)
            elif tag.POS in _OTHER_POS:
                thing = True
    return Entry(verb, perf, impf, tran, noun, thing)


def _reflexive(verb: str) -> tuple[str, str]:
    """(base, tail): ``заменяться`` → (``заменять``, ``ся``); ``нестись`` → (``нести``, ``сь``)."""
    if verb.endswith(("ться", "чься")):
        return verb[:-2], "ся"
    if verb.endswith("тись"):
        return verb[:-2], "сь"
    return verb, ""


def _with_tail(base: str, tail: str) -> str:
    if not tail:
        return base
    return base + ("сь" if base[-1] in VOWELS else "ся")


# --- spelling of prefixes ----------------------------------------------------------------

def attach(prefix: str, root: str) -> str:
    """A prefix put on a root as Russian spells it: ``attach("с", "играть") == "сыграть"``,
    ``attach("раз", "сказать") == "рассказать"``, ``attach("об", "явить") == "объявить"``."""
    prefix = prefix.rstrip("ъ")
    if prefix and root and prefix[-1] not in VOWELS:
        if root[0] == "и":
            root = "ы" + root[1:]
        elif root[0] in "еёюя":
            prefix += "ъ"
        if prefix[-1] == "з" and root[0] in VOICELESS:
            prefix = prefix[:-1] + "с"
    return prefix + root


def split_prefix(verb: str) -> list[tuple[str, str]]:
    """Every (prefix, verb) the word is made of, the rest being a dictionary verb:
    ``split_prefix("выиграть") == [("вы", "играть")]``; ``[]`` for ``играть``."""
    base, tail = _reflexive(verb)
    found = []
    for prefix in PREFIXES:
        spellings = {prefix, prefix[:-1] + "с"} if prefix.endswith("з") else {prefix}
        for spelled in spellings:
            if not base.startswith(spelled):
                continue
            rest = base[len(spelled):]
            for root in {rest, rest[1:], "и" + rest[1:]}:
                if len(root) > 2 and attach(prefix, root) == base and entry(_with_tail(root, tail)).verb:
                    found.append((prefix, _with_tail(root, tail)))
    return list(dict.fromkeys(found))


# --- imperfective partners ---------------------------------------------------------------

def _drop_final_o(stem: str) -> list[str]:
    """A prefix's -о that the imperfective drops: разо|брать → раз|бирать."""
    stem = stem.rstrip("ъ")
    return [stem, stem[:-1]] if len(stem) > 1 and stem.endswith("о") else [stem]


def _o_to_a(stem: str) -> list[str]:
    """The root's last о may become а in -ыва-: спрос → спрас-, заработ → заработ/зарабат."""
    i = stem.rfind("о")
    return [stem, stem[:i] + "а" + stem[i + 1:]] if i > 0 else [stem]


def _alternated(stem: str) -> list[tuple[str, str]]:
    """The stem as it is and with each alternation of its last consonant(s), with a label."""
    out = [(stem, "")]
    for plain, alt in ALTERNATIONS:
        if stem.endswith(plain):
            out.append((stem[: -len(plain)] + alt, f" {plain}:{alt}"))
    return out


def _yva(stem: str, soft: bool) -> str:
    """-ывать after a hard consonant, -ивать after a soft one, a vowel, г к х ж ш ч щ:
    показ|ывать, спраш|ивать, рассматр|ивать (soft р of рассмотреть), устра|ивать."""
    return "ивать" if soft or stem[-1:] in "гкхжшчщ" or stem[-1:] in VOWELS else "ывать"


_PREFIX_SPELLINGS = tuple(sorted(set(PREFIXES) | {p[:-1] + "с" for p in PREFIXES if p.endswith("з")},
                                 key=len, reverse=True))


def root_of(stem: str) -> str:
    """A stem without the longest prefix spelling it starts with: ``root_of("спрос")`` is
    ``"прос"``; ``root_of("об")`` (об|ить) is ``""``."""
    for prefix in _PREFIX_SPELLINGS:
        if stem.startswith(prefix):
            return stem[len(prefix):]
    return stem


@lru_cache(maxsize=10_000)
def is_prefixes(head: str) -> bool:
    """Whether a word's beginning is one or more prefixes: ``про|изо``, ``в``, ``съ``;
    not ``расц`` (рас|цвести).

    >>> is_prefixes("произо"), is_prefixes("расц"), is_prefixes("")
    (True, False, False)
    """
    head = head.rstrip("ъ")
    return bool(head) and any(head == p or (head.startswith(p) and is_prefixes(head[len(p):]))
                              for p in _PREFIX_SPELLINGS)


def looks_prefixed(stem: str, rest: int = 3) -> bool:
    """Whether a stem begins with a prefix spelling followed by at least ``rest`` letters:
    ``looks_prefixed("замен")`` (за-мен) but not ``looks_prefixed("игр")``."""
    return any(stem.startswith(p) and len(stem) - len(p) >= rest for p in _PREFIX_SPELLINGS)


@lru_cache(maxsize=50_000)
def drops_nu(verb: str) -> bool:
    """Whether a -нуть verb loses -ну- in the past (исчез, достиг: the inchoative class,
    imperfective in -ать) rather than keeping it (подчеркнул, обманул: imperfective in
    -ывать). The dictionary's own past forms decide."""
    stem = verb[:-4]
    for parse in morph.analyzer().parse(verb):
        if parse.tag.POS == "INFN" and parse.is_known:
            return any(form.word.replace("ё", "е") == stem for form in parse.lexeme
                       if form.tag.POS == "VERB" and "past" in form.tag)
    return False


@lru_cache(maxsize=50_000)
def present_stems(verb: str) -> tuple[str, ...]:
    """The stems of a verb's third person plural (present or future), ё folded:
    ``present_stems("попасть") == ("попад",)``."""
    stems = []
    for parse in morph.analyzer().parse(verb):
        if parse.tag.POS == "INFN" and parse.is_known:
            for form in parse.lexeme:
                if form.tag.POS == "VERB" and "3per" in form.tag and "plur" in form.tag and "past" not in form.tag:
                    word = form.word.replace("ё", "е")
                    if word.endswith(("ут", "ют", "ат", "ят")):
                        stems.append(word[:-2])
    return tuple(dict.fromkeys(stems))


# A candidate: (word, rule, specificity). Where two perfectives claim one imperfective, the
# more specific rule wins: a root of ROOT_PAIRS (порвать, not порыть, is порывать's); then
# no alternation (сдержать, not сдерзить з:ж, is сдерживать's); then the longer
# alternation (заместить ст:щ, not заметить т:щ, is замещать's). But the -а- of an
# imperfective's root is as regular from -о- as from -а-: наточить (о:а) and натачать
# both make натачивать, засолить and засалить засаливать, перекрошить (о:а) and
# перекрасить (с:ш) перекрашивать, and the main sense is as often either's; so where one
# of the claims takes о:а, neither joins, as where two are equal (свалиться, сваляться
# for сваливаться).
Candidate = tuple[str, str, int]
ATTENUATIVE = "attenuative"  # the rule of a claim that makes no link (see `is_delimitative`)
_ROOT_RULE, _PLAIN, _ALTERNATION, _O_TO_A = 100, 50, 40, 5


def imperfective_candidates(perfective: str, broad: bool = False) -> list[Candidate]:
    """Imperfectives a perfective (non-reflexive) verb may have, with rule and
    specificity; unchecked except for -нуть. A verb ending in a root of ``ROOT_PAIRS``
    takes only that root's imperfective (наложить: налагать, накладывать; not налаживать,
    which is наладить's). The suffix rules need a root vowel after the prefix: об|ить,
    рас|п|ять, за|ст|ать take -ва- or nothing, not -ыва- (обливать is облить's).
    ``broad`` drops these limits and adds -ить/-ать after any consonant (окупить ~
    окупать): the test for a secondary imperfective would rather find too many.

    >>> ("показывать", "imperfective -ыва-", 50) in imperfective_candidates("показать")
    True
    """
    v = perfective
    out: list[Candidate] = []
    for perf_end, impf_end in ROOT_PAIRS:
        if v.endswith(perf_end) and is_prefixes(v[: -len(perf_end)]):  # рас|цвести is not рас|вести
            for head in _drop_final_o(v[: -len(perf_end)]):
                if head == "по" and (perf_end, impf_end) in MOTION_PAIRS:
                    continue  # понести, полететь: a start, with no imperfective; поносить is "a while"
                if head:
                    out.append((attach(head, impf_end), f"imperfective -{perf_end}/-{impf_end}", _ROOT_RULE))
    if out and not broad:
        return out
    stem = v[:-3]
    if v.endswith(("ать", "ять", "еть", "ить")) and (broad or any(c in VOWELS for c in root_of(stem))):
        variants = _alternated(stem) if v.endswith("ить") else [(stem, "")]
        for s, label in variants:
            weight = _ALTERNATION + len(label.split(":")[0]) - 1 if label else _PLAIN
            for s2 in _o_to_a(s):
                o_a = s2 != s
                rule = f"imperfective -ыва-{label}{' о:а' if o_a else ''}"
                out.append((s2 + _yva(s2, soft=not v.endswith("ать")), rule, weight - (_O_TO_A if o_a else 0)))
            if v.endswith("ить"):
                out.append((s + "ять", f"imperfective -ить/-ять{label}", weight))
                if s[-1] in HUSHING or broad:  # -ать after ж ш ч щ: решить ~ решать, not подавить ~ подавать
                    out.append((s + "ать", f"imperfective -ить/-ать{label}", weight))
    if v.endswith("ть") and len(v) > 3 and v[-3] in "аяеыиу":
        out.append((v[:-2] + "вать", "imperfective -ва-", _PLAIN))
    if v.endswith(("сти", "сть", "зти", "чь")) and (broad or looks_prefixed(v[:-3], rest=1)):
        # the imperfective is built on the present stem: расцвет|ут → расцветать, попад|ут →
        # попадать, привлек|ут → привлекать (the dictionary's own forms give the stem)
        label = "-чь" if v.endswith("чь") else "-" + v[-3:]
        out.extend((stem + "ать", f"imperfective {label}/-ать", _PLAIN) for stem in present_stems(v))
    if v.endswith("нуть") and len(v) > 5:
        if broad or drops_nu(v):
            out.append((v[:-4] + "ать", "imperfective -нуть/-ать", _PLAIN))
        if broad or not drops_nu(v):
            out.append((v[:-4] + _yva(v[:-4], soft=False), "imperfective -ыва-", _PLAIN))
    return out


@lru_cache(maxsize=200_000)
def _raw_imperfectives(perfective: str) -> tuple[Candidate, ...]:
    """Candidates the dictionary knows as imperfective verbs (reflexive tail kept)."""
    e = entry(perfective)
    if not e.perf or (e.impf and _is_imperfective_partner(perfective)):
        # проводить is also a perfective (see off), but as провести's partner it takes no
        # imperfective of its own: провожать belongs to the other проводить
        return ()
    base, tail = _reflexive(perfective)
    attenuative = is_delimitative(perfective)
    found: dict[str, Candidate] = {}
    for candidate, rule, weight in imperfective_candidates(base):
        word = _with_tail(candidate, tail)
        if attenuative and weight != _ROOT_RULE and rule.startswith(("imperfective -ыва-", "imperfective -ва-")):
            # полежать ~ полеживать: "lie a while" and "lie about now and then". The claim
            # stays, so that no look-alike takes the verb (потопнуть, not потопать's)
            rule = rule.replace("imperfective", ATTENUATIVE, 1)
        if word != perfective and entry(word).impf and (word not in found or found[word][2] < weight):
            found[word] = (word, rule, weight)
    return tuple(found.values())


@lru_cache(maxsize=50_000)
def is_delimitative(perfective: str) -> bool:
    """Whether a по- perfective is the "for a while" verb of an unprefixed imperfective
    (полежать of лежать, почитать of читать), whose -ыва-/-ва- verb is not its
    imperfective but one more of the same kind, "now and then" (полеживать, почитывать,
    попивать). A по- verb with an action noun of its own is a verb in its own right, and
    its -ыва- verb its imperfective: показать (показание) ~ показывать, покрыть (покрытие)
    ~ покрывать; not when the по- verb is an imperfective too, whose noun that may be
    (почитать, "honour": почитание). Only when по- is the one way the word splits
    (под|лить is not по|длить).

    >>> is_delimitative("полежать"), is_delimitative("показать"), is_delimitative("подлить")
    (True, False, False)
    """
    splits = split_prefix(perfective)
    if not splits or any(prefix != "по" for prefix, _ in splits):
        return False
    simplex = splits[0][1]
    if not entry(simplex).impf or split_prefix(simplex):
        return False
    if entry(perfective).impf:
        return True  # почитать is "honour" too: почитание is that verb's noun
    base, _ = _reflexive(perfective)  # посмеяться ~ посмеиваться: a reflexive has its base's nouns, if any
    return not any(entry(noun).noun for noun, rule in _suffix_nouns(base))


def _is_imperfective_partner(verb: str) -> bool:
    """Whether the verb is the imperfective of a perfective-only verb (no recursion)."""
    _, tail = _reflexive(verb)
    for candidate in perfective_candidates(verb):
        e = entry(candidate)
        if e.perf and not e.impf:
            if any(_with_tail(c, tail) == verb for c, _, _ in imperfective_candidates(_reflexive(candidate)[0])):
                return True
    return False


def perfective_candidates(imperfective: str) -> set[str]:
    """Perfectives whose candidates may include this imperfective (a superset, checked
    against `imperfective_candidates`)."""
    base, tail = _reflexive(imperfective)
    out: set[str] = set()

    def stems(stem: str) -> set[str]:
        # undo о:а and each alternation
        found = {stem}
        i = stem.rfind("а")
        if i > 0:
            found.add(stem[:i] + "о" + stem[i + 1:])
        for s in list(found):
            for plain, alt in ALTERNATIONS:
                if s.endswith(alt):
                    found.add(s[: -len(alt)] + plain)
        return found

    if base.endswith(("ывать", "ивать")):
        for s in stems(base[:-5]):
            out.update(s + e for e in ("ать", "ять", "еть", "ить", "нуть"))
    if base.endswith(("ять", "ать")):
        for s in stems(base[:-3]):
            out.add(s + "ить")
        out.add(base[:-3] + "нуть")
    if base.endswith("вать"):
        out.add(base[:-4] + "ть")
    if base.endswith("ать") and base[-4:-3] in "дтсзбкг":
        out.update({base[:-4] + "сти", base[:-4] + "сть", base[:-4] + "зти", base[:-4] + "чь"})
    for perf_end, impf_end in ROOT_PAIRS:
        if base.endswith(impf_end):
            head = base[: -len(impf_end)]
            heads = {head, head[:-1] + "з" if head.endswith("с") else head, head.rstrip("ъ")}
            for h in list(heads):
                heads.add(h + "о")
            out.update(attach(h, perf_end) for h in heads if h)
    return {_with_tail(c, tail) for c in out if c != base}


@lru_cache(maxsize=200_000)
def perfectives(imperfective: str) -> tuple[tuple[str, str], ...]:
    """The perfective partners of an imperfective verb, with the rule that joins them:
    ``perfectives("заменять") == (("заменить", "imperfective -ить/-ять"),)``. Where
    several pass, the one of the most specific rule; none if that is not one."""
    if not entry(imperfective).impf:
        return ()
    found = []
    for candidate in sorted(perfective_candidates(imperfective)):
        for word, rule, weight in _raw_imperfectives(candidate):
            if word == imperfective:
                found.append((candidate, rule, weight))
    best = max((weight for _, _, weight in found), default=0)
    winners = [(word, rule) for word, rule, weight in found if weight == best]
    if len(winners) != 1 or winners[0][1].startswith(ATTENUATIVE):
        return ()
    if best != _ROOT_RULE and len(found) > 1 and any("о:а" in rule for _, rule, _ in found):
        return ()  # натачивать: наточить or натачать
    return tuple(winners)


@lru_cache(maxsize=200_000)
def imperfectives(perfective: str) -> tuple[tuple[str, str], ...]:
    """The imperfective partners of a perfective verb, reflexive or not.

    >>> imperfectives("заменить")
    (('заменять', 'imperfective -ить/-ять'),)
    """
    return tuple((word, rule) for word, rule, _ in _raw_imperfectives(perfective)
                 if not rule.startswith(ATTENUATIVE) and any(p == perfective for p, _ in perfectives(word)))


def has_own_imperfective(perfective: str) -> bool:
    """Whether a prefixed perfective has a secondary imperfective: выиграть (выигрывать)
    has, сыграть has not. Any imperfective the rules find counts, even one a more specific
    perfective claims. A reflexive verb counts its non-reflexive's too, and a prefix's -о
    may drop in the imperfective (сокрыть: скрывать, as разобрать: разбирать)."""
    base, tail = _reflexive(perfective)
    stems = [base] + [attach(p[:-1], base[len(p):]) for p in _PREFIX_SPELLINGS
                      if p.endswith("о") and base.startswith(p) and len(base) > len(p) + 2]
    bases = [(b, t) for b in stems for t in ([tail, ""] if tail else [""])]
    return any(entry(_with_tail(c, t)).impf for b, t in bases for c, _, _ in imperfective_candidates(b, broad=True)
               if _with_tail(c, t) != perfective)


# --- empty prefixes ----------------------------------------------------------------------

@lru_cache(maxsize=200_000)
def empty_perfective(imperfective: str) -> tuple[str, str] | None:
    """The perfective an empty prefix makes of an unprefixed imperfective, with its rule:
    ``empty_perfective("играть") == ("сыграть", "empty prefix с-")``.

    V is a simplex (`is_simplex`), imperfective only, without a perfective made by a
    suffix rule (открывать has открыть), and transitive or a change of state
    (`changes_state`): an intransitive activity (висеть, гоготать) has no perfective
    partner, only verbs of its own for a while (повисеть) or a start (загоготать).

    A reflexive verb takes the reflexive of its base's partner and nothing else
    (`_reflexive_partner`). Otherwise P+V must be perfective only, with no imperfective of
    its own, and it must be the only such verb among ``EMPTY_PREFIXES``; on a root whose
    prefixed verbs make secondary imperfectives whatever their prefix (`_rivals_count`),
    any other perfective of those prefixes is a rival too, and then neither joins."""
    e = entry(imperfective)
    base, tail = _reflexive(imperfective)
    if tail and e.impf and not e.perf and is_simplex(imperfective) and not perfectives(imperfective):
        return _reflexive_partner(base, tail)
    found = _empty_candidates(imperfective)
    if found is None:
        return None
    passing, rivals = found
    # Two or more pass (сделать and наделать, потребовать and стребовать): one is the
    # empty prefix, the others add a measure or a start, and the dictionary cannot say which
    # (a corpus that uses one of them can: `attested_perfective`)
    if len(passing) != 1 or (rivals and _rivals_count(base)):
        return None
    return passing[0]


@lru_cache(maxsize=200_000)
def _empty_candidates(imperfective: str) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]] | None:
    """A non-reflexive simplex's perfectives of the empty prefixes (with their rule) that
    have no imperfective of their own, and those that have one (the rivals): None when
    the verb can have no empty-prefix perfective (`empty_perfective`)."""
    e = entry(imperfective)
    if not e.impf or e.perf or not is_simplex(imperfective) or perfectives(imperfective):
        return None  # открывать has открыть: пооткрывать is not its perfective
    base, tail = _reflexive(imperfective)
    if tail or not (e.tran or changes_state(base)):
        return None  # висеть: повисеть is "hang for a while", a verb of its own
    passing, rivals = [], []
    for prefix in EMPTY_PREFIXES:
        if prefix == "раз" and base.endswith(("овать", "евать")):
            continue  # раз- undoes or spreads such a verb: расконвоировать, распропагандировать
        word = attach(prefix, base)
        p = entry(word)
        if p.perf and not p.impf and not has_own_imperfective(word):
            passing.append((word, f"empty prefix {prefix}-"))
        elif p.perf and not p.impf:
            rivals.append(word)
    return tuple(passing), tuple(rivals)


def attested_perfective(imperfective: str, vocabulary: frozenset[str]) -> tuple[str, str] | None:
    """Where the dictionary leaves two or more empty-prefix perfectives of a verb
    (`empty_perfective`: сделать and наделать; потребовать, стребовать, затребовать), the
    one a corpus uses settles it: the verb and exactly one of them -- and no rival -- among
    the corpus's lemmas (``vocabulary``). A text that writes «потребовать» and «требовать»
    and never «стребовать» uses по- as the empty prefix. Non-reflexive verbs only.

    >>> attested_perfective("требовать", frozenset({"требовать", "потребовать"}))
    ('потребовать', "empty prefix по-, the corpus's")
    >>> attested_perfective("требовать", frozenset({"потребовать"})) is None
    True
    """
    if imperfective not in vocabulary:
        return None
    found = _empty_candidates(imperfective)
    if found is None or len(found[0]) < 2:
        return None
    passing, rivals = found
    used = [(word, rule) for word, rule in passing if word in vocabulary]
    if len(used) != 1 or any(word in vocabulary for word in rivals):
        return None
    return used[0][0], f"{used[0][1]}, the corpus's"


def _reflexive_partner(base: str, tail: str) -> tuple[str, str] | None:
    """The empty-prefix partner of a reflexive verb: the reflexive of its base's partner,
    when the base is transitive (мыться: помыть → помыться). The -ся of an intransitive
    verb is a word of its own (пестреться), and a prefix that comes with -ся alone adds
    a measure or a start — a fill (налакаться), a beginning (заколыхаться), an excess
    (разлаяться) — so a reflexive P+V-ся without P+V as the base's partner joins nothing."""
    if not entry(base).tran:
        return None
    found = empty_perfective(base)
    if not found:
        return None
    word = _with_tail(found[0], tail)
    p = entry(word)
    if p.perf and not p.impf and not has_own_imperfective(word):
        return word, found[1]
    return None


@lru_cache(maxsize=50_000)
def is_simplex(verb: str) -> bool:
    """Whether a verb is a simplex an empty prefix can make perfective: no prefix on a
    dictionary verb (выиграть), no secondary imperfective's -ыва-/-ива- (вычеркивать), no
    prefix on an imperfective root of ``ROOT_PAIRS`` (вы|нимать): по- on those makes a
    verb of its own that does it to many (повычеркивать, повынимать).

    >>> is_simplex("играть"), is_simplex("вычеркивать"), is_simplex("вынимать")
    (True, False, False)
    """
    base, _ = _reflexive(verb)
    if split_prefix(verb) or base.endswith(("ывать", "ивать")):
        return False
    return not any(base.endswith(impf) and is_prefixes(base[: -len(impf)]) for _, impf in ROOT_PAIRS)


def _rivals_count(verb: str) -> bool:
    """Whether any prefixed perfective of this simplex is a rival of the empty-prefix
    one, secondary imperfective or not. Of an -ать/-ять verb, a prefixed perfective with
    an -ыва- imperfective is a verb of its own (выиграть: выигрывать; the standard
    сыграть has no сыгрывать). Other verbs' prefixed perfectives make secondary
    imperfectives whether the prefix is empty or not — огранить: огранять, согреть:
    согревать, разрушить: разрушать, -овать verbs -овывать (наименовать: наименовывать) —
    so such a perfective may be the standard one (огранить for гранить, not награнить).

    >>> _rivals_count("играть"), _rivals_count("гранить"), _rivals_count("именовать")
    (False, True, True)
    """
    return not verb.endswith(("ать", "ять")) or verb.endswith(("овать", "евать"))


@lru_cache(maxsize=50_000)
def changes_state(verb: str) -> bool:
    """Whether an intransitive verb names a change of state, which has an empty-prefix
    perfective: -еть with -еет in the present (глупеть: глупеет → поглупеть, not висеть:
    висит) or an inchoative -нуть (сипнуть → осипнуть). The dictionary's forms decide."""
    if verb.endswith("нуть"):
        return drops_nu(verb)
    if not verb.endswith("еть"):
        return False
    for parse in morph.analyzer().parse(verb):
        if parse.tag.POS == "INFN" and parse.is_known:
            return any(form.word.endswith("еет") for form in parse.lexeme
                       if form.tag.POS == "VERB" and "pres" in form.tag and "3per" in form.tag)
    return False


def empty_base(perfective: str) -> tuple[str, str] | None:
    """The unprefixed imperfective a perfective is the empty-prefix partner of, if any."""
    for _prefix, rest in split_prefix(perfective):
        found = empty_perfective(rest)
        if found and found[0] == perfective:
            return rest, found[1]
    return None


# --- verbal nouns ------------------------------------------------------------------------

def noun_candidates(verb: str) -> list[tuple[str, str]]:
    """Verbal nouns a non-reflexive verb may have (unchecked), with their rule.

    >>> ("исправление", "noun -ние в:вл") in noun_candidates("исправить")
    True
    """
    return _suffix_nouns(verb) + [(n, "noun, zero suffix") for n in _zero_candidates(verb)]


def _suffix_nouns(verb: str) -> list[tuple[str, str]]:
    """The -ние and -тие nouns a non-reflexive verb may have (unchecked), with their rule:
    ``_suffix_nouns("открыть")`` holds ``("открытие", "noun -тие")``."""
    v = verb
    out: list[tuple[str, str]] = []
    if v.endswith(("ать", "ять")):
        stem = v[:-3]
        out.append((stem + v[-3] + "ние", "noun -ние"))
        if v.endswith("ять") or stem[-1:] in HUSHING:
            out.append((stem + "ение", "noun -ние"))
    elif v.endswith("еть"):
        out.append((v[:-3] + "ение", "noun -ние"))
    elif v.endswith("ить"):
        out.extend((s + "ение", f"noun -ние{label}") for s, label in _alternated(v[:-3]))
    elif v.endswith("нуть"):
        out.append((v[:-4] + "новение", "noun -ние"))
        if v.endswith("гнуть") and drops_nu(v):  # достиг: достижение, отверг: отвержение (г:ж)
            out.append((v[:-5] + "жение", "noun -ние г:ж"))
    elif v.endswith("чь"):
        out.append((v[:-1] + "ение", "noun -ние"))
    elif v.endswith(("сти", "зти")):
        # on the present stem, as the imperfective: вед|ут → ведение, изобрет|ут → изобретение
        out.extend((stem + "ение", "noun -ние") for stem in present_stems(v))
    if v.endswith("ть") and len(v) > 3 and v[-3] in "ыуияе":
        out.append((v[:-2] + "тие", "noun -тие"))
    return out


# Prefixes common enough to show that a root is a root: за|мен as in при|мен-ить.
_COMMON_PREFIXES = tuple("в вы до за из на о об от по под пере при про раз с у".split())


@lru_cache(maxsize=50_000)
def prefixed_stem(stem: str) -> bool:
    """Whether a verb stem is a prefix on a root that another verb of the dictionary has,
    bare or with another prefix: за|мен (менять), от|вет (при|ветить), вы|ход (ходить);
    not с|лав (no лавить, за|лавить, …).

    >>> prefixed_stem("замен"), prefixed_stem("ответ"), prefixed_stem("слав")
    (True, True, False)
    """
    for prefix in _PREFIX_SPELLINGS:
        rest = stem[len(prefix):].lstrip("ъ")
        if not stem.startswith(prefix) or len(rest) < 3:
            continue
        root = "и" + rest[1:] if rest[0] == "ы" else rest
        for other in ("",) + _COMMON_PREFIXES:
            if other != prefix and any(entry(attach(other, root) + e).verb for e in ("ить", "ать", "ять")):
                return True
    return False


def _zero_candidates(verb: str) -> list[str]:
    """Zero-suffix nouns: замен|ить → замена, игр|ать → игра, выход|ить → выход.
    A prefixed -ить/-ать/-ять verb gives a feminine noun. A masculine one only when the
    verb is the imperfective of a verb of motion (`_of_motion`: выход|ить, вывоз|ить,
    вылет|ать), whose such nouns name the movement: elsewhere a masculine noun that is a
    verb's bare stem has too often become a thing (насос, прицеп, подкос, припас, вопрос),
    and the dictionary cannot tell those from отказ or ответ. An unprefixed verb gives
    only an -ать verb's feminine (нос is not носить's action, пуля not пулять's). Never a
    noun in -ка, which is the suffix -к- as often (пачка, смолка), nor one that names a
    being, has no singular or is an adverb too (растяпа, ворота, справа: `Entry.thing`).
    -овать/-ывать/-ивать/-вать verbs give none (see the module docstring). The verb must
    be a living one: a prefixed verb with an aspect partner by suffix (заменить ~
    заменять), an unprefixed one with an empty-prefix perfective (играть ~ сыграть); a verb
    made from a noun and left alone is not where the noun comes from (посолить from
    посол, погодить from погода)."""
    if verb.endswith(("овать", "евать", "ывать", "ивать", "вать")) or not verb.endswith(("ить", "ать", "ять")):
        return []
    stem = verb[:-3]
    if stem[-1:] in VOWELS or len(stem) < 3 or stem.endswith("к"):
        return []
    feminine = stem + ("я" if verb.endswith("ять") else "а")
    nouns = [feminine] + ([stem] if _of_motion(verb) else [])
    nouns = [n for n in nouns if entry(n).noun and not entry(n).thing]  # the cheap test first
    if nouns and prefixed_stem(stem):
        return nouns if imperfectives(verb) or perfectives(verb) else []
    if verb.endswith("ать") and feminine in nouns and empty_perfective(verb):
        return [feminine]
    return []


def _of_motion(verb: str) -> bool:
    """Whether a verb is the prefixed imperfective of a verb of motion (``MOTION_PAIRS``):
    выходить, вывозить, вылетать."""
    return any(verb.endswith(impf) and is_prefixes(verb[: -len(impf)]) for _, impf in MOTION_PAIRS)


def verb_candidates(noun: str) -> set[str]:
    """Verbs that may give this noun (a superset, checked by `noun_candidates`)."""
    out: set[str] = set()
    if noun.endswith("ние"):
        stem = noun[:-4]  # without the vowel before -ние
        vowel = noun[-4]
        if vowel in "ая":
            out.add(stem + vowel + "ть")
        if vowel == "е":
            out.update({stem + "ять", stem + "ать", stem + "еть", stem + "ить", stem + "ь"})
            for plain, alt in ALTERNATIONS:
                if stem.endswith(alt):
                    out.add(stem[: -len(alt)] + plain + "ить")
        if noun.endswith("новение"):
            out.add(noun[:-7] + "нуть")
        if noun.endswith("жение"):
            out.add(noun[:-5] + "гнуть")
        if vowel == "е" and stem[-1:] in "дтсзб":
            out.update({stem[:-1] + "сти", stem[:-1] + "зти"})
    if noun.endswith("тие"):
        out.add(noun[:-3] + "ть")
    stem = noun[:-1] if noun[-1] in "ая" else noun
    if stem and stem[-1] not in VOWELS:
        out.update({stem + "ить", stem + "ать", stem + "ять"})
    return out


def _verb_family(verb: str) -> frozenset[str]:
    """The verbs joined to a verb by aspect and empty-prefix links (no nouns)."""
    seen = {verb}
    queue = deque([verb])
    while queue:
        for link in verb_links(queue.popleft()):
            if link.other not in seen:
                seen.add(link.other)
                queue.append(link.other)
    return frozenset(seen)


def _has_ние_noun(verbs: frozenset[str]) -> bool:
    return any(rule.startswith(("noun -ние", "noun -тие")) and entry(n).noun
               for v in verbs if not _reflexive(v)[1] for n, rule in noun_candidates(v))


@lru_cache(maxsize=200_000)
def noun_sources(noun: str) -> tuple[tuple[str, str], ...]:
    """The verbs a noun joins, with the rule: ``noun_sources("замена")`` is
    ``(("заменить", "noun, zero suffix"),)``. Empty when the noun is ambiguous (verbs of
    two families give it) or a zero-suffix noun beside an -ние/-тие one."""
    if not entry(noun).noun:
        return ()
    sources = []
    for verb in sorted(verb_candidates(noun)):
        if not entry(verb).verb:
            continue
        for candidate, rule in noun_candidates(verb):
            if candidate == noun:
                sources.append((verb, rule))
                break
    if not sources:
        return ()
    family = _verb_family(sources[0][0])
    if any(verb not in family for verb, _ in sources):
        return ()  # ведение: вести and ведать
    if any(rule == "noun, zero suffix" for _, rule in sources) and _has_ние_noun(family):
        return ()  # указ beside указание
    if noun.endswith(("ание", "яние")) and all(_drifted(noun, verb) for verb, _ in sources):
        return ()  # расписание beside расписывание
    return tuple(sources)


def _drifted(noun: str, verb: str) -> bool:
    """Whether an -ание noun of a perfective has left the action to its imperfective's
    -ывание noun: расписание (a timetable) beside расписывание, название (a name) beside
    называние. Only perfectives whose imperfective is in -ыва-/-ива-."""
    if not entry(verb).perf or entry(verb).impf:
        return False
    return any(entry(other).noun for imperfective, _ in imperfectives(verb) if imperfective.endswith(("ывать", "ивать"))
               for other, _ in _suffix_nouns(imperfective) if other != noun)


# --- links -------------------------------------------------------------------------------

@lru_cache(maxsize=200_000)
def verb_links(verb: str) -> tuple[Link, ...]:
    """Aspect and empty-prefix links of a verb (both directions)."""
    links = [Link(verb, other, rule) for other, rule in imperfectives(verb)]
    links += [Link(verb, other, rule) for other, rule in perfectives(verb)]
    for found in (empty_perfective(verb), empty_base(verb)):
        if found:
            links.append(Link(verb, found[0], found[1]))
    return tuple(dict.fromkeys(links))


@lru_cache(maxsize=500_000)
def links(word: str) -> tuple[Link, ...]:
    """Every link of a word to another, whichever it is: a verb's partners and nouns, a
    noun's verbs. Symmetric: ``b`` is among ``links(a)`` exactly when ``a`` is among
    ``links(b)``."""
    e = entry(word)
    out: list[Link] = []
    if e.verb:
        out += verb_links(word)
        if not _reflexive(word)[1]:
            for noun, rule in noun_candidates(word):
                if any(verb == word for verb, _ in noun_sources(noun)):
                    out.append(Link(word, noun, rule))
    if e.noun:
        out += [Link(word, verb, rule) for verb, rule in noun_sources(word)]
    return tuple(dict.fromkeys(out))


# --- families ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Family:
    """A word family: its members and the links that join them."""

    members: frozenset[str]
    links: tuple[Link, ...]

    def path(self, start: str, end: str) -> list[Link]:
        """The shortest chain of links from one member to another."""
        previous: dict[str, Link | None] = {start: None}
        queue = deque([start])
        while queue:
            word = queue.popleft()
            if word == end:
                break
            for link in self.links:
                for a, b in ((link.word, link.other), (link.other, link.word)):
                    if a == word and b not in previous:
                        previous[b] = Link(a, b, link.rule)
                        queue.append(b)
        chain = []
        while previous.get(end):
            chain.append(previous[end])
            end = previous[end].word
        return chain[::-1]


class FamilyTable:
    """The families of a vocabulary: each word (a corpus lemma or a dictionary word
    related to one) → its family."""

    def __init__(self, families: list[Family], vocabulary: frozenset[str]):
        self.families = families
        self.vocabulary = vocabulary
        self._of = {word: family for family in families for word in family.members}

    def family(self, lemma: str) -> frozenset[str]:
        """The members of a lemma's family; the lemma alone when it has none."""
        found = self._of.get(lemma)
        return found.members if found else frozenset({lemma})

    def explain(self, start: str, end: str) -> str:
        """How two members are joined: ``"сыграть ~ играть (empty prefix с-)"``."""
        family = self._of.get(start)
        if family is None or end not in family.members:
            return start
        parts = [start] + [f"{link.other} ({link.rule})" for link in family.path(start, end)]
        return " ~ ".join(parts)

    def expand(self, lemma: str) -> list[tuple[str, str]]:
        """The corpus lemmas of a lemma's family other than itself, each with how it was
        reached: ``[("играть", "сыграть ~ играть (empty prefix с-)")]``."""
        return [(word, self.explain(lemma, word))
                for word in sorted(self.family(lemma) & self.vocabulary) if word != lemma]


def build_families(lemmas: Iterable[str], standalone: Iterable[str] = ()) -> FamilyTable:
    """The families of these lemmas (a corpus's vocabulary), each with every dictionary
    word the rules join to it. ``standalone`` words (the domain lexicon's) join nothing."""
    vocabulary = frozenset(fold(w) for w in lemmas)
    alone = frozenset(fold(w) for w in standalone)
    attested: dict[str, list[Link]] = {}  # empty prefixes the corpus's own words settle
    for word in sorted(vocabulary):
        found = attested_perfective(word, vocabulary) if word not in alone else None
        if found and found[0] not in alone:
            attested.setdefault(word, []).append(Link(word, found[0], found[1]))
            attested.setdefault(found[0], []).append(Link(found[0], word, found[1]))
    seen: set[str] = set()
    families = []
    for start in sorted(vocabulary):
        if start in seen or start in alone:
            continue
        members = {start}
        found: set[tuple[str, str, str]] = set()  # each link once, whichever end found it
        queue = deque([start])
        while queue:
            word = queue.popleft()
            for link in links(word) + tuple(attested.get(word, ())):
                if link.other in alone:
                    continue
                found.add((min(link.word, link.other), max(link.word, link.other), link.rule))
                if link.other not in members:
                    members.add(link.other)
                    queue.append(link.other)
        seen |= members
        if len(members) > 1:
            families.append(Family(frozenset(members), tuple(Link(*t) for t in sorted(found))))
    return FamilyTable(families, vocabulary)


def families(lemmas: Iterable[str], standalone: Iterable[str] = ()) -> dict[str, frozenset[str]]:
    """Each word of the lemmas' families → its family's members.

    >>> sorted(families(["заменять"])["замена"])
    ['замена', 'заменить', 'заменять']
    """
    table = build_families(lemmas, standalone)
    return {word: family.members for family in table.families for word in family.members}




# --- the readable table ------------------------------------------------------------------

def head(family: Family) -> str:
    """The member a family is listed under: its verb with no prefix or the imperfective
    one, else the shortest verb, else the shortest word."""
    def key(word: str):
        e = entry(word)
        return (not e.verb, bool(_reflexive(word)[1]), not e.impf, len(word), word)
    return min(family.members, key=key)


def format_family(family: Family, vocabulary: frozenset[str] = frozenset()) -> str:
    """One line: the head, then each member with the rule and member that joined it;
    ``*`` marks words of the vocabulary.

    ``играть*  сыграть* [empty prefix с- ~ играть]  игра [noun, zero suffix ~ играть]``
    """
    first = head(family)

    def mark(word: str) -> str:
        return word + ("*" if word in vocabulary else "")

    cells = [mark(first)]
    for word in sorted(family.members - {first}, key=lambda w: (len(family.path(first, w)), w)):
        link = family.path(first, word)[-1]
        cells.append(f"{mark(word)} [{link.rule} ~ {link.word}]")
    return "\t".join(cells)


def write_table(table: FamilyTable, path: Path) -> None:
    """Write the families as text, one family per line (see `format_family`)."""
    lines = ["# lawsearch word families: one family per line, tab-separated; each member after the",
             "# first names the rule that joined it and the member it joined; * marks corpus words."]
    lines += sorted(format_family(f, table.vocabulary) for f in table.families)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def family_table(lemmas: Iterable[str], standalone: Iterable[str] = ()) -> dict[str, list[str]]:
    """Each lemma with a family → the other members, sorted: what the search's forms table
    and query reading take (``lawsearch/index.py``, ``family_table``).

    >>> family_table(["заменять"])["заменять"]
    ['замена', 'заменить']
    """
    return {word: sorted(members - {word}) for word, members in families(lemmas, standalone).items()
            if len(members) > 1}
