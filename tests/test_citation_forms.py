"""Citation forms as profile data, one table per code and language: (text, citing ID,
expected targets), invented sentences. The citing node's law is the number its ID starts
with; a relative reference resolves in it (tests/data/layouts/README.md)."""

import re
from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.profile import load_profile
from lawsearch.references import find_citations


def cited(text, citing, profile="bridge", lang=None, laws=(1, 93), truncated_start=False):
    law = re.match(r"\d+", citing).group()
    return [t for _, _, targets, problem in find_citations(text, law, citing, laws, truncated_start, lang,
                                                           load_profile(profile))
            if not problem for t in targets]


@pytest.mark.parametrize("text, citing, expected", [
    ("Судья применяет правило 12, если игрок возражает.", "30A", ["12"]),
    ("согласно правилам 61-63 и правилу 70", "30A", ["61", "62", "63", "70"]),
    ("как указано Правилом 14, 15 или 17", "30A", ["14", "15", "17"]),
    ("сверх того, что даёт правилом 40С", "21C2", ["40C"]),  # a Cyrillic С at the end of the ID
    ("судья руководствуется правилом 12А2(а)", "30A", ["12A2(a)"]),  # Cyrillic А and а
    ("как сказано в разделе В правила 8", "7C", ["8B"]),  # a Cyrillic В for the section
    ("разделы A и B правила 57 здесь не применяются", "52B", ["57A", "57B"]),
    ("(см. раздел C ниже)", "41B", ["41C"]),
    ("Тогда применяется раздел B1(A) данного правила.", "58B2", ["58B1(a)"]),
    ("согласно предшествующему разделу (A), судья", "41C1(b)(2)", ["41C1(a)"]),
    ("по разделам C, D или E", "47F", ["47C", "47D", "47E"]),
    ("см. п. 54.3 комментария", "54.2", ["54.3"]),
    # not references
    ("Правила игры 1987 года вступили в силу", "30A", []),
    ("это правило применяется всегда", "30A", []),
    ("в 12-й взятке", "30A", []),
])
def test_bridge_in_russian(text, citing, expected):
    assert cited(text, citing) == expected


@pytest.mark.parametrize("text, citing, expected", [
    ("the Director applies Law 12C1 at once", "30A", ["12C1"]),
    ("as provided in Laws 61-63", "30A", ["61", "62", "63"]),
    ("a penalty under Laws 50, 51 or 52", "30A", ["50", "51", "52"]),
    ("the claim is settled (see Law 70).", "30A", ["70"]),
    ("as specified in Law\n80C1(a)(2)", "81B", ["80C1(a)(2)"]),  # wrapped
    ("the pair is warned (see B).", "71A", ["71B"]),
    ("See B1 for a board that was not started.", "71B2", ["71B1"]),
    ("the request is then treated as in B.", "45A1", ["45B"]),
    ("otherwise than as described in A2 preceding", "25D", ["25A2"]),
    ("a second change breaches B2(a) above, and", "25D", ["25B2(a)"]),
    ("a penalty imposed under B1\nabove.", "26B2", ["26B1"]),
    ("scored as described in (a) or (b), whichever applies", "26B1(c)", ["26B1(a)", "26B1(b)"]),
    # not references: a lone letter that is a word, a label with nothing that makes it one
    ("the players see A pair of cards", "30A", []),
    ("A card is played when its holder names it", "44A2", []),
    ("the card (a) is face up", "44A2(b)", []),
    ("the Laws as a whole; Law 1987", "30A", []),
])
def test_bridge_in_english(text, citing, expected):
    assert cited(text, citing, lang="en") == expected


@pytest.mark.parametrize("text, citing, expected", [
    ("в порядке, установленном статьёй 7.", "3.1", ["7"]),
    ("Положения статей 4–6 применяются также", "9.1", ["4", "5", "6"]),
    ("в соответствии с частью 3 статьи 5", "2.1", ["5.3"]),
    ("в случаях, указанных в пункте 2 части 1 статьи 8,", "2.1", ["8.1.2"]),
    ("сведения, указанные в подпункте «в» пункта 4 статьи 2", "3.1", ["2.4.v"]),
    ("по правилам пункта 3 статьи 11", "12.2", ["11.3"]),  # a point directly under its article
    ("требований частей 1 и 3 настоящей\nстатьи", "6.4", ["6.1", "6.3"]),
    ("по основаниям пунктов 2–4 части 1 настоящей статьи", "6.2", ["6.1.2", "6.1.3", "6.1.4"]),
    ("с соблюдением частью 2 данной статьи", "6.4", ["6.2"]),
    ("(см. ст. 15)", "2", ["15"]),
    ("Статья 12 не применяется", "2", ["12"]),
    ("как требует пункт 12.1.3", "3", ["12.1.3"]),  # a point written whole
    ("применяется пункт 2 настоящей части", "5.3.1", ["5.3.2"]),  # the citing point's part
    ("сведения подпункта «а» настоящего пункта", "5.3.2.b", ["5.3.2.a"]),
    ("сведения подпункта «а» настоящего пункта", "11.3.b", ["11.3.a"]),  # a point with no part above
    # not references: no citation word of this code, or an article outside it
    ("в пределах настоящей главы и настоящего Кодекса", "2", []),
    ("по правилам 5 и 6 игры", "2", []),
    ("в соответствии со статьёй 99", "2", []),
])
def test_statute_in_russian(text, citing, expected):
    assert cited(text, citing, profile="statute-ru", laws=(1, 40)) == expected


@pytest.mark.parametrize("text, profile, lang, expected", [
    ("ло 57), есть штрафная карта", "bridge", "ru", ["57"]),  # "прави|ло 57" across a lost page
    ("вилом 53 и болван", "bridge", "ru", ["53"]),
    ("aws 53 and 56 apply", "bridge", "en", ["53", "56"]),  # "L|aws 53 and 56"
    ("тьи 12 применяются", "statute-ru", "ru", ["12"]),  # "ста|тьи 12"
])
def test_the_surviving_half_of_a_cut_word_only_at_a_truncated_start(text, profile, lang, expected):
    assert cited(text, "50A", profile, lang, truncated_start=True) == expected
    assert cited(text, "50A", profile, lang, truncated_start=False) == []


def test_what_cannot_be_resolved_is_reported():
    problems = [(s, p) for s, _, t, p in find_citations("как в (a) or (b) above", None, None, (1, 93), lang="en") if p]
    assert problems and problems[0][0] == "(a) or (b)"
    sibling = [p for *_, p in find_citations("см. раздел (A)", "47", "47E", (1, 93)) if p]
    assert sibling == ["cannot tell which (A) is meant"]
    statute = load_profile("statute-ru")
    no_part = [p for *_, p in find_citations("пункт 2 настоящей части", "4", "4", (1, 40), profile=statute) if p]
    assert no_part == ["cannot tell which container the citing text means"]


def test_the_forms_are_the_profiles_data(tmp_path):
    """A corpus folder's profile.toml adds a form: the engine knows no citation word itself."""
    (tmp_path / "profile.toml").write_text(
        'extends = "bridge"\n[citations.ru]\nsee = ["см.", "ср."]\n'
        '[[citations.ru.levels]]\nlevel = "law"\nwords = ["закон", "закона"]\nlabel = "law"\n',
        encoding="utf-8")
    profile = load_profile("bridge", tmp_path)
    found = [t for _, _, ts, _ in find_citations("по закону 5 и закона 7, не правила 8", "2", "2A", (1, 93),
                                                 profile=profile) for t in ts]
    assert found == ["7"]  # the folder's levels replace the built-in ones; "закону" is no form it lists


ENGLISH = """LAW 30 - SEATING OF PLAYERS

A. Choice of Seats
The first pair chooses its seats as described in Law 31.

B. Disputes
If the pairs disagree, the Director decides as in A (see Laws 31 and 32).

LAW 31 - LATE ARRIVAL

A. Penalty
A late pair is dealt with under Law 30B.

LAW 32 - CHANGE OF SEATS

A. Request
A pair may change seats only with consent.
"""


def test_an_english_only_corpus_finds_its_references(tmp_path):
    """Issue 9: with English as the main language, the references were read with the
    Russian forms and none was found."""
    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "000_x.txt").write_text(ENGLISH, encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Test"\nedition = "1987"\nlaws = [1, 93]\nlang = "en"\n\n'
        '[[source]]\npath = "laws/en/000_x.txt"\nlang = "en"\nkind = "laws"\n', encoding="utf-8")
    corpus = build_corpus(root)
    assert [(r.from_, r.surface, r.target, r.status, r.lang) for r in corpus.refs] == [
        ("30A", "Law 31", "31", "node", "en"),
        ("30B", "Laws 31 and 32", "31", "node", "en"), ("30B", "Laws 31 and 32", "32", "node", "en"),
        ("30B", "A", "30A", "node", "en"),
        ("31A", "Law 30B", "30B", "node", "en"),
    ]


def test_a_statute_query_names_an_article():
    from lawsearch import ids

    assert [ids.normalize(q) for q in ("Статья 12", "ст. 12", "статьёй 12", "ПРАВИЛО 50е1", "Law 47e2(A)")] == \
        ["12", "12", "12", "50E1", "47E2(a)"]


def test_every_key_of_the_built_in_tables_is_documented():
    from lawsearch.profile import builtin_names

    text = (Path(__file__).resolve().parent.parent / "docs" / "profiles.md").read_text(encoding="utf-8")
    section = text.split("## Citations", 1)[1].split("\n## ", 1)[0]
    keys = set()
    for name in builtin_names():
        profile = load_profile(name)
        table = profile.data.get("citations", {})
        keys |= {k for k in table if k not in profile.languages}
        for lang in profile.languages:
            own = table.get(lang, {})
            keys |= set(own) | {k for level in own.get("levels", []) for k in level}
    assert keys and {k for k in keys if f"`{k}`" not in section} == set()


@pytest.mark.parametrize("text, citing, profile, lang, expected", [
    ("the procedure of Laws 41 through 43 applies", "30A", "bridge", "en", ["41", "42", "43"]),
    ("as laid down in Laws 79 to 81, and", "65B", "bridge", "en", ["79", "80", "81"]),
    ("under Laws 12 – 14 or Law 20", "30A", "bridge", "en", ["12", "13", "14", "20"]),
    ("порядок правил 61 по 63 сохраняется", "30A", "bridge", "ru", ["61", "62", "63"]),
    ("Положения статей 4 по 6 применяются также", "9.1", "statute-ru", "ru", ["4", "5", "6"]),
    # a range word is spaced and whole: "to" in a sentence is no range
    ("Law 40 to the letter, not 41", "30A", "bridge", "en", ["40"]),
    ("Law 40 today 41 times", "30A", "bridge", "en", ["40"]),
])
def test_range_words_of_the_profile(text, citing, profile, lang, expected):
    """Issue 9, cold read 4 (7): a range written with a word («through», «to», «по») cited
    only its first number."""
    laws = (1, 40) if profile == "statute-ru" else (1, 93)
    assert cited(text, citing, profile, lang, laws=laws) == expected


def test_a_folder_profiles_range_words_take_effect(tmp_path):
    """[citations.<lang>] ranges of a corpus folder's profile.toml replace the built-in ones:
    a word of its own reads a range, a built-in word it leaves out no longer does."""
    (tmp_path / "profile.toml").write_text('extends = "bridge"\n[citations.en]\nranges = ["-", "until"]\n',
                                           encoding="utf-8")
    profile = load_profile("bridge", tmp_path)

    def found(text):
        return [t for _, _, ts, _ in find_citations(text, "30", "30A", (1, 93), lang="en", profile=profile)
                for t in ts]

    assert found("see Laws 12 until 14 here") == ["12", "13", "14"]
    assert found("see Laws 12 through 14 here") == ["12"]
    assert found("see Laws 12-13 here") == ["12", "13"]
