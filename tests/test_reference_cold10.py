"""References the cold read found misread (issue 9, cold read 10, findings 1, 3-6):

* (1) the bridge profile's Russian reads sub-clause citations as its English reads "(a)
  above": «см. подпункт (a) выше», «в подпунктах (a)–(c) выше», «см. (a) выше», «см. A1(b)
  выше», «подпункте (b) пункта 1», «пункт 2 ниже»; the words' forms come from the
  dictionary (``lemmas``), and a folder's profile adds words to a level by its name
  (``[citations.<lang>.add.<level>]``) without writing the levels anew;
* (4) a range whose end is a bare number goes on at the first label's last numbered level:
  "Law 71B1 through 3" → 71B1, 71B2, 71B3; and a range of bare numbers before a direction
  word cites each sibling: "clauses 1 through 3 above";
* (3) a list of letter labels in a profile whose letters stand in quotes (``quotes = ["()"]``,
  «»): "(a) and (b) above" cites (a) and (b), never the last letter of "and" or the «и» that
  joins them;
* (5) bare sub-clauses or numbers followed by what holds them lie in it: "2 or 3 of Law
  40A" → 40A2, 40A3; "(a)-(c) of A1" → A1(a)-(c) of the citing law; «2 или 3 правила 40A»,
  «(a)–(c) из A1» (the ``of`` words and the genitive container of the profile);
* (6) each direction word binds its own label: "covered by 1 above and by A preceding" cites
  both, the list's word after "above" makes "1 above" no count ("the 3 following cases").

Invented text: English mixed case and the Russian book's layout (bridge profile)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.profile import load_profile
from tests.test_reference_continuations import cited
from tests.test_reference_sub_lists import STATUTE, cited as cited_in


# -- 4: ranges ending in a bare number ---------------------------------------------------------

@pytest.mark.parametrize("text, context, lang, expected", [
    ("The players follow Law 71B1 through 3.", "12A1", "en", [["71B1", "71B2", "71B3"]]),
    ("The players follow Law 71B1-3.", "12A1", "en", [["71B1", "71B2", "71B3"]]),
    ("Игроки следуют правилу 71B1 по 3.", "12A1", "ru", [["71B1", "71B2", "71B3"]]),
    ("Игроки следуют правилу 71B1–3.", "12A1", "ru", [["71B1", "71B2", "71B3"]]),
    # a range of two whole labels and of laws, as before
    ("The players follow Law 12A1-12A3.", "40A1", "en", [["12A1", "12A2", "12A3"]]),
    ("The players follow Laws 61 through 63.", "40A1", "en", [["61", "62", "63"]]),
])
def test_a_range_ending_in_a_number_goes_on_at_the_labels_last_level(text, context, lang, expected):
    assert cited(text, context, lang) == expected


@pytest.mark.parametrize("text, context, expected", [
    ("The seventh clause, see clauses 1 through 3 above.", "40A7", [["40A1", "40A2", "40A3"]]),
    ("The first clause, as in 2-3 below.", "40A1", [["40A2", "40A3"]]),
])
def test_a_range_of_bare_numbers_before_a_direction_word_cites_each_sibling(text, context, expected):
    assert cited(text, context) == expected


# -- 6: each direction word binds its own label ------------------------------------------------

def test_each_direction_word_binds_its_own_label():
    assert cited("The third clause, covered by 1 above and by A preceding.", "40B3") == [["40B1"], ["40A"]]
    assert cited("The third clause, covered by 1 above or by A preceding.", "40B3") == [["40B1"], ["40A"]]


def test_a_number_before_following_and_a_word_is_still_a_count():
    assert cited("The Director rules in the 3 following cases.", "40B3") == []


# -- 3: letter labels in quotes ----------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The seat runs freely, as in (a) and (b) above.", [["3.1(a)", "3.1(b)"]]),
    ("The seat runs freely, as in points (a) or (b) above.", [["3.1(a)", "3.1(b)"]]),
    ("The seat runs freely, as in points (a), (b) and (c).", [["3.1(a)", "3.1(b)", "3.1(c)"]]),
])
def test_a_list_of_quoted_letters_cites_the_letters_only(tmp_path: Path, text, expected):
    (tmp_path / "profile.toml").write_text(STATUTE, encoding="utf-8")
    assert cited_in(text, "3.1(d)", profile=load_profile("", tmp_path)) == expected


@pytest.mark.parametrize("text, expected", [
    ("см. подпункты «а» и «б» пункта 3 статьи 11.", [["11.3.a", "11.3.b"]]),
    ("см. подпункты а или б пункта 3 статьи 11.", [["11.3.a", "11.3.b"]]),
    # a letter и written as a label stays one
    ("см. подпункты «з», «и» и «к» пункта 3 статьи 11.", [["11.3.z", "11.3.i", "11.3.k"]]),
])
def test_the_russian_conjunction_is_no_letter(text, expected):
    assert cited_in(text, "12.1", "ru", profile=load_profile("statute-ru")) == expected


# -- 1: Russian sub-clause citations; words added to a level ----------------------------------

@pytest.mark.parametrize("text, context, expected", [
    ("Третий подпункт, см. подпункт (a) выше.", "40A1(c)", [["40A1(a)"]]),
    ("Четвёртый подпункт, как в подпунктах (a)–(c) выше.", "40A1(d)", [["40A1(a)", "40A1(b)", "40A1(c)"]]),
    ("Пятый подпункт, в отличие от подпунктов (а) или (b) выше.", "40A1(e)", [["40A1(a)", "40A1(b)"]]),
    ("Пятый подпункт, в отличие от подпунктов (a) или (b) выше.", "40A1(e)", [["40A1(a)", "40A1(b)"]]),
    ("Пятый подпункт, согласно с подпунктами (a) и (b).", "40A1(e)", [["40A1(a)", "40A1(b)"]]),  # a form no list wrote
    ("Третий подпункт, см. (a) выше.", "40A1(c)", [["40A1(a)"]]),
    ("Четвёртый подпункт, как в (a)–(c) выше.", "40A1(d)", [["40A1(a)", "40A1(b)", "40A1(c)"]]),
    ("Третий пункт, см. подпункты A1(a)–(c) выше.", "40A3", [["40A1(a)", "40A1(b)", "40A1(c)"]]),
    ("Четвёртый пункт, см. A1(b) выше.", "40A4", [["40A1(b)"]]),
    ("Второй пункт, как в подпунктах (a)–(c) пункта 1.", "40A2", [["40A1(a)", "40A1(b)", "40A1(c)"]]),
    ("Пятый пункт, как в подпункте (b) пункта 1.", "40A5", [["40A1(b)"]]),
    ("Первый пункт, см. пункт 2 ниже.", "40A1", [["40A2"]]),
    # each direction word binds its own label in Russian too (finding 6)
    ("Третий пункт, как в пункте 1 выше и в разделе A выше.", "40B3", [["40A"], ["40B1"]]),
])
def test_russian_sub_clause_citations_of_the_bridge_profile(text, context, expected):
    assert sorted(cited(text, context, "ru")) == sorted(expected)


def test_a_sub_clause_word_s_forms_come_from_the_dictionary():
    from lawsearch.patterns import level_words

    words = level_words({}, {"level": "subclause", "lemmas": ["подпункт"]})
    assert {"подпункт", "подпунктами", "подпунктах", "подпункту"} <= set(words)
    assert level_words({}, {"level": "section", "lemmas": ["subsection"]}) == ["subsection"]  # no morphology


ADDED = """extends = "bridge"

[citations.en.add.section]
words = ["subsection", "subsections"]

[citations.ru.add.clause]
lemmas = ["положение"]
"""


def test_a_folder_profile_adds_words_to_a_level_without_replacing_the_levels(tmp_path: Path):
    (tmp_path / "profile.toml").write_text(ADDED, encoding="utf-8")
    profile = load_profile("bridge", tmp_path)
    assert cited_in("The third clause, see subsection (a) above.", "40A1(c)", profile=profile) == [["40A1(a)"]]
    assert cited_in("as in subsections (a) or (b) above", "40A1(c)", profile=profile) == [["40A1(a)", "40A1(b)"]]
    assert cited_in("Третий пункт, как в положениях 1 и 2 выше.", "40A3", "ru", profile=profile) \
        == [["40A1", "40A2"]]
    # the levels' other words and keys are the built-in profile's still
    assert cited_in("Третий пункт, см. подпункт A1(b) выше и правило 12.", "40A3", "ru", profile=profile) \
        == [["12"], ["40A1(b)"]]
    assert cited_in("see Law 12", "40A3", profile=profile) == [["12"]]


@pytest.mark.parametrize("added, message", [
    ('[citations.ru.add.sectoin]\nwords = ["часть"]\n',
     "profile.toml:3: [citations.ru.add] sectoin: no citation level 'sectoin' to add words to (did you mean 'section'?)"),
    ('[citations.ru.add.section]\nword = ["часть"]\n',
     "profile.toml:4: [citations.ru.add.section] word: unknown key (did you mean 'words'?)"),
    ('[citations.ru.add.section]\nlemmas = "часть"\n',
     "profile.toml:4: [citations.ru.add.section] lemmas: must be a list of strings"),
])
def test_added_words_are_checked(tmp_path: Path, added, message):
    from lawsearch.problems import CorpusError

    (tmp_path / "profile.toml").write_text('extends = "bridge"\n\n' + added, encoding="utf-8")
    with pytest.raises(CorpusError) as caught:
        load_profile("bridge", tmp_path)
    assert message in str(caught.value)


# -- 5: labels followed by what holds them -----------------------------------------------------

@pytest.mark.parametrize("text, context, lang, expected", [
    ("The fifth clause, as in 2 or 3 of Law 40A.", "12B5", "en", [["40A2", "40A3"]]),
    ("The fifth clause, as in (a)-(c) of A1.", "40B5", "en", [["40A1(a)", "40A1(b)", "40A1(c)"]]),
    ("The fifth clause, as in (b) of Law 40A1.", "12B5", "en", [["40A1(b)"]]),
    ("Пятый пункт, как в 2 или 3 правила 40A.", "12B5", "ru", [["40A2", "40A3"]]),
    ("Пятый пункт, как в 2 или 3 из правила 40A.", "12B5", "ru", [["40A2", "40A3"]]),
    ("Пятый пункт, как в (a)–(c) из A1.", "40B5", "ru", [["40A1(a)", "40A1(b)", "40A1(c)"]]),
    ("Пятый пункт, как в подпунктах (a)–(c) из пункта 1.", "40A5", "ru", [["40A1(a)", "40A1(b)", "40A1(c)"]]),
    ("He applies Laws 68 through 70, and B2 or 3 of Law 70.", "71B2", "en", [["68", "69", "70"], ["70B2", "70B3"]]),
    ("Он применяет B2 или 3 правила 70.", "71B2", "ru", [["70B2", "70B3"]]),
    # the Russian preposition «В» (a look-alike of B) is no section: the list starts with a clause only
    ("В правилах 40A и 41 сказано иное.", "12B5", "ru", [["40A", "41"]]),
    # a law's parts are lettered: "2 of Law 40" names the law, as before; a list of laws stays one
    ("The fifth clause, as in 2 of Law 40.", "12B5", "en", [["40"]]),
    ("The fifth clause, as in Laws 12 and 13.", "40B5", "en", [["12", "13"]]),
    ("Пятый пункт, как в пунктах 2 или 3 раздела B правила 70.", "12B5", "ru", [["70B2", "70B3"]]),
])
def test_labels_lie_in_the_container_named_after_them(text, context, lang, expected):
    assert cited(text, context, lang) == expected


def test_a_sub_clause_cites_no_item_as_itself():
    # a bare sub-clause read where the citing node is names another item, never that node
    assert cited("The first item, see (a) above.", "40A1(a)") == []
    assert cited("The first item, unlike (a) or (b) above.", "40A1(a)") == [["40A1(b)"]]
    assert cited("Первый подпункт, см. (a) выше.", "40A1(a)", "ru") == []
