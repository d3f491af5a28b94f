"""Word families (lawsearch/families.py): which words the rules join, which they keep
apart, and properties that hold for every family."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from lawsearch import families as fam
from lawsearch.analysis import Lexicon

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = Path(__file__).resolve().parent / "data" / "families-sample.tsv"

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
    ("ответить", "ответ", "noun, zero suffix"),
    ("запретить", "запрещать", "imperfective -ить/-ать т:щ"),
    ("спросить", "спрашивать", "imperfective -ыва- с:ш о:а"),
    ("рассмотреть", "рассматривать", "imperfective -ыва- о:а"),
    ("рассмотреть", "рассмотрение", "noun -ние"),
    ("нарушить", "нарушать", "imperfective -ить/-ать"),
    ("нарушить", "нарушение", "noun -ние"),
    ("решить", "решение", "noun -ние"),
    ("отказать", "отказ", "noun, zero suffix"),
    ("заявить", "заявление", "noun -ние в:вл"),
    ("назначить", "назначать", "imperfective -ить/-ать"),
    ("достигнуть", "достигать", "imperfective -нуть/-ать"),
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
]

# Pairs the rules cannot make, for a documented reason: when one starts to join, this
# test fails and the entry moves to JOINED.
GAPS = [
    ("потребовать", "требовать", "the dictionary also has стребовать, затребовать: which prefix is empty?"),
    ("сделать", "делать", "the dictionary also has наделать"),
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
    return frozenset(Lexicon.load(ROOT / "corpus" / "lexicon.toml").forms.values())


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

def sample_rows() -> list[dict[str, str]]:
    lines = [line for line in SAMPLE.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def test_sample_is_what_the_rules_make():
    """The judged sample stays valid: each family in it is still the family the rules
    make (regenerate with benchmarks/bench_families.py --sample when rules change)."""
    rows = sample_rows()
    assert len(rows) == 200
    for row in rows:
        members = row["members"].split()
        assert fam.build_families([members[0]]).family(members[0]) == set(members), row["n"]


@pytest.mark.xfail(strict=True, reason="judged cold: 181 of 200 (90.5%), below the 95% the search issue asks; "
                   "the wrong ones are meaning-changing empty prefixes, po-...-ivat' iteratives and concrete "
                   "zero-suffix nouns (see the verdicts): the rules must be tightened and a new sample judged")
def test_sample_precision():
    verdicts = [row["verdict"].strip() for row in sample_rows()]
    if not any(verdicts):
        pytest.skip("the precision sample is not judged yet (tests/data/families-sample.tsv)")
    assert all(verdicts), "every family of the sample needs a verdict"
    ok = sum(v.startswith("ok") for v in verdicts)
    assert ok / len(verdicts) >= 0.95, f"precision {ok}/{len(verdicts)}"
