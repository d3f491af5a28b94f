"""Word families (lawsearch/families.py): which words the rules join, which they keep
apart, and properties that hold for every family."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from conftest import VOCABULARY

from lawsearch import families as fam
from lawsearch.analysis import Lexicon

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = Path(__file__).resolve().parent / "data" / "families-sample.tsv"
ROUND_1 = Path(__file__).resolve().parent / "data" / "families-sample-1.tsv"  # judged 181/200

# (word, word, the rule that must join them)
JOINED = [
    ("заменить", "заменять", "imperfective -ить/-ять"),
    ("заменить", "замена", "noun, zero suffix"),
    ("заменять", "замена", None),
    ("исправить", "исправлять", "imperfective -ить/-ять в:вл"),
    ("исправить", "исправление", "noun -ние в:вл"),
    ("исправлять", "исправление", None),
    ("сыграть", "играть", "empty prefix с-"),
    ("играть", "игра", "noun, zero suffix"),
    ("сыграть", "игра", None),
    ("написать", "писать", "empty prefix на-"),
    ("поменять", "менять", "empty prefix по-"),
    ("показать", "показывать", "imperfective -ыва-"),
    ("открыть", "открывать", "imperfective -ва-"),
    ("открыть", "открытие", "noun -тие"),
    ("дать", "давать", "imperfective -ва-"),
    ("требовать", "требование", "noun -ние"),
    ("ответить", "отвечать", "imperfective -ить/-ать т:ч"),
    ("запретить", "запрещать", "imperfective -ить/-ать т:щ"),
    ("спросить", "спрашивать", "imperfective -ыва- с:ш о:а"),
    ("рассмотреть", "рассматривать", "imperfective -ыва- о:а"),
    ("рассмотреть", "рассмотрение", "noun -ние"),
    ("нарушить", "нарушать", "imperfective -ить/-ать"),
    ("нарушить", "нарушение", "noun -ние"),
    ("решить", "решение", "noun -ние"),
    ("выходить", "выход", "noun, zero suffix"),
    ("вылетать", "вылет", "noun, zero suffix"),
    ("заявить", "заявление", "noun -ние в:вл"),
    ("назначить", "назначать", "imperfective -ить/-ать"),
    ("достигнуть", "достигать", "imperfective -нуть/-ать"),
    ("достигнуть", "достижение", "noun -ние г:ж"),
    ("повернуть", "поворачивать", "imperfective -вернуть/-ворачивать"),
    ("порвать", "порывать", "imperfective -рвать/-рывать"),
    ("облететь", "облетать", "imperfective -лететь/-летать"),
    ("убежать", "убегать", "imperfective -бежать/-бегать"),
    ("подчеркнуть", "подчеркивать", "imperfective -ыва-"),
    ("привлечь", "привлекать", "imperfective -чь/-ать"),
    ("попасть", "попадать", "imperfective -сть/-ать"),
    ("выбрать", "выбирать", "imperfective -брать/-бирать"),
    ("разобрать", "разбирать", "imperfective -брать/-бирать"),
    ("принять", "принимать", "imperfective -нять/-нимать"),
    ("принять", "принятие", "noun -тие"),
    ("наложить", "налагать", "imperfective -ложить/-лагать"),
    ("перейти", "переходить", "imperfective -йти/-ходить"),
    ("произойти", "происходить", "imperfective -йти/-ходить"),
    ("оштрафовать", "штрафовать", "empty prefix о-"),
]

# (word, word, why they stay apart)
APART = [
    ("выиграть", "играть", "выиграть has its own imperfective, выигрывать"),
    ("разыграть", "играть", "разыграть has разыгрывать"),
    ("выиграть", "разыграть", "different prefixes with meaning"),
    ("разыгрывающий", "разыгрывать", "a lexicon noun: the declarer"),
    ("вистующий", "вистовать", "a lexicon noun: a defender"),
    ("заявить", "заявка", "-ка nouns are out of scope: заявка is a bid"),
    ("положить", "класть", "suppletive pairs are out of scope"),
    ("взять", "брать", "suppletive pairs are out of scope"),
    ("наложить", "налаживать", "налаживать is наладить's (a root rule comes first)"),
    ("подавить", "подавать", "-ить/-ать only after ж ш ч щ"),
    ("провести", "провожать", "проводить as провести's partner takes no imperfective"),
    ("вести", "ведать", "the noun ведение of both joins neither"),
    ("указать", "указ", "a zero-suffix noun beside указание"),
    ("носить", "нос", "no zero-suffix noun for an unprefixed -ить verb"),
    ("висеть", "повисеть", "an intransitive activity has no empty-prefix partner"),
    ("выжить", "выжать", "both perfective"),
    ("относить", "относиться", "reflexive and non-reflexive verbs stay apart"),
    ("заметить", "замещать", "замещать is заместить's (the longer alternation)"),
    ("сделать", "наделать", "two empty-prefix candidates: neither joins"),
    # A. a prefix that adds a measure, a start or an undoing is not empty
    ("наглотаться", "глотаться", "на-...-ся is a fill (saturative); наглотать is not глотать's partner"),
    ("заколыхаться", "колыхаться", "за-...-ся is a start (inchoative)"),
    ("разлаяться", "лаяться", "раз-...-ся is a burst (intensive)"),
    ("покувыркаться", "кувыркаться", "по-...-ся of a verb with no transitive base: for a while"),
    ("наесться", "есть", "a reflexive never joins a non-reflexive verb"),
    ("засмеяться", "смеяться", "смеяться has no base verb to take a partner from"),
    ("зазеленеться", "зеленеться", "-ся of an intransitive verb is a word of its own"),
    ("погреть", "греть", "согреть, нагреть may be the standard perfectives (-еть root: any rival counts)"),
    ("поклеить", "клеить", "склеить may be the standard perfective (-ить root)"),
    ("наглушить", "глушить", "заглушить may be the standard perfective (-ить root)"),
    ("распропагандировать", "пропагандировать", "раз- with an -овать verb spreads or undoes it"),
    ("повынимать", "вынимать", "по- on a prefixed imperfective: one after another (distributive)"),
    # B. по-X-ывать beside the simplex X is "now and then", not an imperfective
    ("поплевать", "поплевывать", "delimitative and attenuative"),
    ("поговорить", "поговаривать", "delimitative and attenuative"),
    ("покурить", "покуривать", "delimitative and attenuative"),
    ("попить", "попивать", "-ва- too: delimitative and attenuative"),
    ("почитать", "почитывать", "почитание is the noun of почитать 'honour', an imperfective"),
    ("почитывать", "читать", "an attenuative is no imperfective of the simplex either"),
    # C. an imperfective a root rule gives one verb is not a look-alike's
    ("поворочать", "поворачивать", "поворачивать is повернуть's (-вернуть/-ворачивать)"),
    ("переворочать", "переворачивать", "переворачивать is перевернуть's"),
    # D. nouns that have become things, beings or other words
    ("вопросить", "вопрос", "a masculine zero-suffix noun joins only a verb of motion"),
    ("ущербить", "ущерб", "a masculine zero-suffix noun joins only a verb of motion"),
    ("отрядить", "отряд", "a masculine zero-suffix noun joins only a verb of motion"),
    ("справить", "справа", "справа is an adverb first"),
    ("растяпать", "растяпа", "an animate noun is no action"),
    ("назвать", "название", "название (a name) beside называние, the action"),
    ("отвердить", "отвержение", "отвержение is also отвергнуть's: ambiguous"),
]

# Pairs the rules cannot make, for a documented reason: when one starts to join, this
# test fails and the entry moves to JOINED.
GAPS = [
    ("потребовать", "требовать", "the dictionary also has стребовать, затребовать: which prefix is empty? "
                                 "(a corpus using требовать and only потребовать settles it)"),
    ("сделать", "делать", "the dictionary also has наделать (a corpus using делать and only сделать settles it)"),
    ("ответить", "ответ", "masculine zero-suffix nouns join verbs of motion only (насос, прицеп, подкос)"),
    ("отказать", "отказ", "masculine zero-suffix nouns join verbs of motion only (насос, прицеп, подкос)"),
    ("мыть", "помыть", "-ыть root: вымыть, умыть, … may be the standard perfectives"),
]


def family_of(word: str) -> frozenset[str]:
    return fam.build_families([word]).family(word)


@pytest.mark.parametrize("a, b, rule", JOINED, ids=[f"{a}~{b}" for a, b, _ in JOINED])
def test_joined(a, b, rule):
    assert b in family_of(a), f"{b} is not in the family of {a}"
    if rule:
        assert fam.Link(a, b, rule) in fam.links(a) or fam.Link(b, a, rule) in fam.links(b)


@pytest.mark.parametrize("a, b, why", APART, ids=[f"{a}/{b}" for a, b, _ in APART])
def test_apart(a, b, why):
    table = fam.build_families([a, b], standalone=lexicon_lemmas())
    assert b not in table.family(a), why


@pytest.mark.parametrize("a, b, why", GAPS, ids=[f"{a}~{b}" for a, b, _ in GAPS])
@pytest.mark.xfail(strict=True, reason="known gap, see the module docstring")
def test_known_gaps(a, b, why):
    assert b in family_of(a), why


def test_explain_and_expand_name_each_rule():
    table = fam.build_families(["играть", "игра", "требование"])
    assert table.explain("сыграть", "игра") == "сыграть ~ играть (empty prefix с-) ~ игра (noun, zero suffix)"
    # a query word outside the vocabulary reaches the vocabulary's words of its family
    assert table.expand("сыграть") == [
        ("игра", "сыграть ~ играть (empty prefix с-) ~ игра (noun, zero suffix)"),
        ("играть", "сыграть ~ играть (empty prefix с-)"),
    ]
    assert table.expand("требовать") == [("требование", "требовать ~ требование (noun -ние)")]
    assert table.expand("карта") == []


def test_families_maps_every_member():
    members = fam.families(["заменять"])
    assert members["замена"] == members["заменить"] == members["заменять"] == {"замена", "заменить", "заменять"}


# --- properties --------------------------------------------------------------------------

def lexicon_lemmas() -> frozenset[str]:
    return frozenset(Lexicon.load(VOCABULARY / "lexicon.toml").forms.values())


# Roots with many prefixed verbs, to try every prefix on, each with how a prefixed verb of
# that root makes its secondary imperfective (the test's own table, not the module's).
ROOTS = {"играть": "ыгрывать", "делать": "делывать", "писать": "писывать", "менять": "менивать",
         "требовать": "требовывать", "читать": "читывать", "ставить": "ставлять", "брать": "бирать",
         "дать": "давать", "крыть": "крывать", "казать": "казывать", "бить": "бивать", "ходить": "хаживать",
         "нести": "носить", "знать": "знавать", "мерить": "мерять", "ломать": "ламывать", "резать": "резывать",
         "строить": "страивать", "шить": "шивать", "работать": "рабатывать", "платить": "плачивать",
         "говорить": "говаривать", "бросить": "брасывать", "ступить": "ступать", "винить": "винять",
         "лечить": "лечивать"}
TEST_PREFIXES = ["", "в", "вз", "воз", "вы", "до", "за", "из", "на", "над", "недо", "о", "об", "от", "пере",
                 "по", "под", "пре", "пред", "при", "про", "раз", "с", "у"]
# the -о and voiceless spellings of one prefix are that prefix
SAME = {"во": "в", "взо": "вз", "вс": "вз", "вос": "воз", "изо": "из", "ис": "из", "обо": "об", "ото": "от",
        "подо": "под", "разо": "раз", "рас": "раз", "со": "с", "надо": "над", "предо": "пред"}


def prefixed_verbs() -> dict[str, tuple[str, str]]:
    """Every dictionary verb made of a test prefix (or its -о form) and a root: word → (prefix, root)."""
    found = {}
    for root in ROOTS:
        for prefix in TEST_PREFIXES + list(SAME):
            word = fam.attach(prefix, root) if prefix else root
            if fam.entry(word).verb and word not in found:
                found[word] = (SAME.get(prefix, prefix), root)
    return found


def test_no_family_crosses_two_prefixes_with_meaning():
    """Two verbs of one root and different prefixes never share a family; a prefixed verb
    shares the unprefixed verb's only when its prefix can be empty and it has no
    secondary imperfective (выиграть has выигрывать: not играть's)."""
    verbs = prefixed_verbs()
    assert len(verbs) > 300  # the test means something only with many prefixed verbs
    table = fam.build_families(verbs)
    for family in table.families:
        by_root: dict[str, list[tuple[str, str]]] = {}
        for word in family.members & set(verbs):
            prefix, root = verbs[word]
            by_root.setdefault(root, []).append((prefix, word))
        for root, found in by_root.items():
            prefixes = {prefix for prefix, _ in found}
            assert len(prefixes - {""}) <= 1, f"{sorted(w for _, w in found)} in one family"
            if len(prefixes) == 2:
                prefix, word = next((p, w) for p, w in found if p)
                assert prefix in fam.EMPTY_PREFIXES, word
                secondary = fam.attach(prefix, ROOTS[root])
                assert not fam.entry(secondary).impf, f"{word} has {secondary}, yet joined {root}"


def test_families_are_symmetric():
    """Whichever member a search starts from, it finds the same family; every link is
    found from both of its ends."""
    words = sorted({w for a, b, _ in JOINED + APART for w in (a, b)} | set(prefixed_verbs()))
    table = fam.build_families(words)
    for family in table.families:
        for word in family.members:
            assert fam.build_families([word]).family(word) == family.members, word
        for link in family.links:
            assert any(back.other == link.word for back in fam.links(link.other)), link


# --- properties of each class of error the first precision sample found ----------------

# Simplex verbs whose prefixed and reflexive verbs show each class: delimitatives (сидеть,
# курить), fills and starts (глотать, колыхать), roots with a standard perfective that has
# its own imperfective (греть, клеить, точить), look-alike imperfectives (рыть/рвать,
# ворочать/вернуть), verbs of motion, and verbs with concrete zero-suffix nouns (просить,
# рядить, ставить). The roots of round 1's wrong families are left out where another root
# shows the same class.
CLASS_SIMPLEXES = ("сидеть стоять курить пить читать говорить плевать играть писать менять греть клеить "
                   "точить веять колыхать глотать лаять зеленеть рыть рвать вернуть ворочать лететь бежать "
                   "возить носить просить рядить ставить звать брать мыть глушить казать крыть").split()


def class_links() -> list[fam.Link]:
    """Every link of the families of every prefixed and reflexive verb of CLASS_SIMPLEXES."""
    words = set()
    for simplex in CLASS_SIMPLEXES:
        for prefix in TEST_PREFIXES + list(SAME):
            word = fam.attach(prefix, simplex) if prefix else simplex
            for form in (word, word + ("сь" if word.endswith("ти") else "ся")):
                if fam.entry(form).verb:
                    words.add(form)
    assert len(words) > 500  # the properties mean something only over many verbs
    return [link for family in fam.build_families(words).families for link in family.links]


def aspect_ends(link: fam.Link) -> tuple[str, str]:
    """(imperfective, perfective) of an aspect or empty-prefix link."""
    if fam.entry(link.word).perf and not fam.entry(link.word).impf:
        return link.other, link.word
    return link.word, link.other


def test_empty_prefix_adds_no_meaning():
    """A. An empty-prefix link never carries a prefix that adds a measure, a start or an
    undoing: a reflexive pair is the reflexive of its transitive base's pair (no
    наглотаться ~ глотаться without наглотать ~ глотать); on a root whose prefixed verbs
    make secondary imperfectives whatever their prefix (-ить, -еть, -овать, …) the
    perfective is the only one of the empty prefixes; раз- never pairs with an -овать
    verb; the imperfective is a simplex, not -ыва-/-ива-."""
    found = 0
    for link in class_links():
        if not link.rule.startswith("empty prefix"):
            continue
        found += 1
        imperfective, perfective = aspect_ends(link)
        base, perf_base = imperfective.removesuffix("ся").removesuffix("сь"), perfective[: -2]
        assert not base.endswith(("ывать", "ивать")), link
        if base != imperfective:  # reflexive
            assert fam.entry(base).tran, link
            assert fam.empty_perfective(base) == (perf_base, link.rule), link
            continue
        prefix = link.rule.split()[-1].rstrip("-")
        assert not (prefix == "раз" and base.endswith("овать")), link
        if not base.endswith(("ать", "ять")) or base.endswith(("овать", "евать")):
            others = [fam.attach(p, base) for p in fam.EMPTY_PREFIXES if p != prefix]
            assert not [w for w in others if fam.entry(w).perf and not fam.entry(w).impf], link
    assert found >= 5


def test_no_attenuative_is_an_imperfective():
    """B. A по- perfective of an unprefixed imperfective X and its -ыва-/-ва- verb are "for
    a while" and "now and then" (полежать, полеживать), no aspect pair, unless the по-
    verb is a verb of its own, shown by an action noun (показать: показание)."""
    checked = 0
    for link in class_links():
        if not link.rule.startswith(("imperfective -ыва-", "imperfective -ва-")):
            continue
        imperfective, perfective = aspect_ends(link)
        splits = fam.split_prefix(perfective)
        if splits and all(p == "по" for p, _ in splits) and fam.entry(splits[0][1]).impf:
            checked += 1
            base = perfective.removesuffix("ся").removesuffix("сь")  # a reflexive verb has its base's nouns
            nouns = [n for n, rule in fam.noun_candidates(base) if rule.startswith(("noun -ние", "noun -тие"))]
            assert any(fam.entry(n).noun for n in nouns) and not fam.entry(base).impf, link
    assert checked > 3


# Roots that change in the imperfective (the test's own table): perfective ending → imperfective ending.
CHANGING_ROOTS = {"рвать": "рывать", "вернуть": "ворачивать", "лететь": "летать", "бежать": "бегать",
                  "брать": "бирать", "звать": "зывать", "йти": "ходить", "нести": "носить"}


def test_root_rule_claims_its_imperfective():
    """C. An imperfective that a changing root makes of one perfective (порвать: порывать,
    повернуть: поворачивать, облететь: облетать) is that verb's, never a look-alike's by a
    suffix rule (порыть, поворочать), and no imperfective has two perfective partners."""
    partners: dict[str, set[str]] = {}
    for link in class_links():
        if link.rule.startswith("imperfective"):
            imperfective, perfective = aspect_ends(link)
            partners.setdefault(imperfective, set()).add(perfective)
    assert len(partners) > 100
    claimed = 0
    for imperfective, perfectives in partners.items():
        assert len(perfectives) == 1, (imperfective, perfectives)
        base = imperfective.removesuffix("ся").removesuffix("сь")
        for perf_end, impf_end in CHANGING_ROOTS.items():
            head = base[: -len(impf_end)]
            if not base.endswith(impf_end) or not fam.is_prefixes(head):
                continue
            for owner in {fam.attach(head, perf_end), fam.attach(head + "о", perf_end)}:
                if base != imperfective:
                    owner += "сь" if owner.endswith("ти") else "ся"
                if fam.entry(owner).perf and not fam.entry(owner).impf:
                    claimed += 1
                    assert perfectives == {owner}, (imperfective, perfectives, owner)
    assert claimed > 10


MOTION = tuple(impf for _, impf in fam.MOTION_PAIRS)


def test_zero_suffix_nouns_are_actions():
    """D. A zero-suffix noun is feminine (замена, игра), or masculine only of a verb of
    motion (выход, вылет): never a masculine bare stem elsewhere (вопрос, отряд, насос),
    a being, or a word with no singular; an -ание noun of a perfective never joins when
    the imperfective's -ывание noun exists (название beside называние)."""
    analyzer = fam.morph.analyzer()
    zero = 0
    for link in class_links():
        noun, verb = (link.word, link.other) if fam.entry(link.word).noun else (link.other, link.word)
        if link.rule == "noun, zero suffix":
            zero += 1
            assert noun.endswith(("а", "я")) or verb.endswith(MOTION), link
            for parse in analyzer.parse(noun):
                if parse.tag.POS == "NOUN" and parse.normal_form == noun:
                    assert not ({"anim", "Pltm"} & parse.tag.grammemes), link
        elif noun.endswith(("ание", "яние")) and link.rule.startswith("noun -ние") and not fam.entry(verb).impf:
            for imperfective, _ in fam.imperfectives(verb):
                if imperfective.endswith(("ывать", "ивать")):
                    assert not fam.entry(imperfective[:-2] + "ние").noun, link
    assert zero > 5


def test_lexicon_nouns_stay_alone():
    alone = lexicon_lemmas()
    assert {"разыгрывающий", "вистующий", "ходящий"} <= alone
    verbs = ["разыгрывать", "разыграть", "вистовать", "ходить", "нарушить", "компенсировать"]
    table = fam.build_families(sorted(alone) + verbs, standalone=alone)
    for lemma in alone:
        assert table.family(lemma) == {lemma}
    assert not any(family.members & alone for family in table.families)


def test_table_file_lists_each_family_once_with_its_rules(tmp_path):
    table = fam.build_families(["заменить", "играть", "исправление", "карта"])
    path = tmp_path / "families.txt"
    fam.write_table(table, path)
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert len(lines) == len(table.families) == 3
    listed = []
    for line in lines:
        head, *others = line.split("\t")
        words = [head.rstrip("*")] + [cell.split(" [")[0].rstrip("*") for cell in others]
        listed += words
        for cell in others:
            rule, joined = cell.split(" [", 1)[1].rstrip("]").split(" ~ ")
            assert joined in words and rule  # each member names the rule and the member it joined
        assert head.endswith("*") == (head.rstrip("*") in table.vocabulary)
    assert sorted(listed) == sorted(w for f in table.families for w in f.members)
    assert "карта" not in listed  # no family, no line


# --- the precision sample ----------------------------------------------------------------

def sample_rows(path: Path = SAMPLE) -> list[dict[str, str]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def test_sample_is_what_the_rules_make():
    """The judged sample stays valid: each family in it is still the family the rules
    make (regenerate with benchmarks/bench_families.py --sample when rules change)."""
    rows = sample_rows()
    assert len(rows) == 200
    for row in rows:
        members = row["members"].split()
        assert fam.build_families([members[0]]).family(members[0]) == set(members), row["n"]


def test_sample_precision():
    verdicts = [row["verdict"].strip() for row in sample_rows()]
    if not any(verdicts):
        pytest.skip("the precision sample is not judged yet (tests/data/families-sample.tsv)")
    assert all(verdicts), "every family of the sample needs a verdict"
    ok = sum(v.startswith("ok") for v in verdicts)
    assert ok / len(verdicts) >= 0.95, f"precision {ok}/{len(verdicts)}"


# Round 1's families judged wrong, whose class the rules do not reach yet: (first member, why).
ROUND_1_LEFT = {"рассматриваться": "a reflexive perfective of a sense of its own (get a good look) beside the "
                                   "imperfective's passive (be considered): the dictionary does not tell them apart"}


def round_1_wrong():
    rows = [row for row in sample_rows(ROUND_1) if row["verdict"].startswith("wrong")]
    assert len(rows) == 19  # 181 of 200 were ok
    return [pytest.param(row["members"].split(), id=row["members"].split()[0],
                         marks=[pytest.mark.xfail(strict=True, reason=ROUND_1_LEFT[row["members"].split()[0]])]
                         if row["members"].split()[0] in ROUND_1_LEFT else [])
            for row in rows]


@pytest.mark.parametrize("members", round_1_wrong())
def test_round_1_wrong_families_are_gone(members):
    """Each family the first cold reading judged wrong is no longer made, from any of its
    members: the class rules (empty prefixes, attenuatives, look-alike imperfectives,
    zero-suffix and drifted nouns) took it apart."""
    for word in members:
        assert fam.build_families([word]).family(word) != set(members), word


def test_the_corpus_settles_rival_empty_prefixes():
    """Where the dictionary has two or more empty-prefix perfectives (потребовать,
    стребовать, затребовать; сделать, наделать) and none joins, a corpus whose lemmas hold
    the verb and exactly one of them joins that one, named as the corpus's choice; with a
    second one attested, or without the verb itself, nothing joins."""
    table = fam.build_families(["требовать", "потребовать", "делать", "сделать"])
    assert "потребовать" in table.family("требовать") and "сделать" in table.family("делать")
    assert table.explain("требовать", "потребовать") == "требовать ~ потребовать (empty prefix по-, the corpus's)"
    assert "наделать" not in table.family("делать") and "стребовать" not in table.family("требовать")
    both = fam.build_families(["делать", "сделать", "наделать"])
    assert both.family("делать") & {"сделать", "наделать"} == set()
    assert "требовать" not in fam.build_families(["потребовать"]).family("потребовать")
    # the lexicon's words stay alone whatever the corpus holds
    alone = fam.build_families(["требовать", "потребовать"], standalone=["потребовать"])
    assert "потребовать" not in alone.family("требовать")
