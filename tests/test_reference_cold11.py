"""References the cold read found misread (issue 9, cold read 11, findings 3-5):

* (3) a list of bare numbers before a direction word cites every number of it: "see 1 and
  2 above", "as in 1, 2 or 3 above", «см. 1 и 2 выше» -- not only the last.

Invented text: English mixed case and the Russian book's layout (bridge profile)."""

from __future__ import annotations

import pytest

from lawsearch import ids
from lawsearch.profile import load_profile
from lawsearch.references import find_citations
from tests.test_reference_continuations import cited


# -- 3: a list of bare numbers -----------------------------------------------------------------

@pytest.mark.parametrize("text, lang, expected", [
    ("The fourth clause, see 1 and 2 above.", "en", [["16A1", "16A2"]]),
    ("The fourth clause, as in 1, 2 or 3 above.", "en", [["16A1", "16A2", "16A3"]]),
    ("The first clause, as in 2 and 3 below.", "en", [["16A2", "16A3"]]),
    ("Четвёртый пункт, см. 1 и 2 выше.", "ru", [["16A1", "16A2"]]),
    ("Четвёртый пункт, как в 1, 2 или 3 выше.", "ru", [["16A1", "16A2", "16A3"]]),
])
def test_a_list_of_bare_numbers_before_a_direction_word_cites_each(text, lang, expected):
    context = "16A1" if "below" in text else "16A4"
    assert cited(text, context, lang) == expected


def test_a_count_before_a_list_is_still_no_reference():
    assert cited("The Director rules in the 3 following cases.", "40B3") == []


# -- 4: sub-clauses of a bare number; lists of roman items -------------------------------------

@pytest.mark.parametrize("text, lang, expected", [
    ("The fourth clause, see (a) and (b) of 1 above.", "en", [["16A1(a)", "16A1(b)"]]),
    ("The fourth clause, see (a)-(c) of 2 above.", "en", [["16A2(a)", "16A2(b)", "16A2(c)"]]),
    ("Четвёртый пункт, см. (a) и (b) из 1 выше.", "ru", [["16A1(a)", "16A1(b)"]]),
    ("The fourth clause, see 1(b)(i) or (ii) above.", "en", [["16A1(b)(i)", "16A1(b)(ii)"]]),
    ("The fourth clause, see 1(i) or (ii) above.", "en", [["16A1(i)", "16A1(ii)"]]),
    ("Четвёртый пункт, см. 1(b)(i) или (ii) выше.", "ru", [["16A1(b)(i)", "16A1(b)(ii)"]]),
])
def test_sub_clauses_of_a_bare_number_lie_in_its_clause(text, lang, expected):
    assert cited(text, "16A4", lang) == expected


def test_sub_clauses_with_no_number_still_lie_in_the_citing_clause():
    assert cited("(a) or (b) above", "20C4(c)") == [["20C4(a)", "20C4(b)"]]


# -- 5: Russian sub-clause letters ---------------------------------------------------------------

@pytest.mark.parametrize("text, context, expected", [
    ("Пятую чашку, как в (а)–(в) выше.", "40A1(d)", [["40A1(a)", "40A1(b)", "40A1(c)"]]),
    ("Пятую чашку, в отличие от (а) или (б).", "40A1(d)", [["40A1(a)", "40A1(b)"]]),
    ("Четвёртый пункт, см. A1(б) выше.", "40A4", [["40A1(b)"]]),
    ("Четвёртый пункт, см. A1(г) или (д) выше.", "40A4", [["40A1(d)", "40A1(e)"]]),
    # a look-alike reads as the Latin letter it looks like, as before
    ("Четвёртый пункт, см. A1(а) выше.", "40A4", [["40A1(a)"]]),
])
def test_russian_sub_clause_letters_in_citations_name_the_headings_labels(text, context, expected):
    assert cited(text, context, "ru") == expected


def test_the_russian_letters_of_citations_come_from_the_layouts(tmp_path):
    """A profile whose Russian layout has no label letters reads «(б)» as no label."""
    (tmp_path / "profile.toml").write_text('extends = "bridge"\n[layouts.ru-book]\nlabel_letters = ["", ""]\n',
                                           encoding="utf-8")
    profile = load_profile("", tmp_path)
    got = [t for _, _, t, p in find_citations("см. A1(б) выше", "40", "40A4", (1, 93), lang="ru", profile=profile)
           if not p]
    assert got != [["40A1(b)"]]


@pytest.mark.parametrize("typed", ["40а1б", "40A1(б)", "40A1(Б)", "40 А 1 (б)", "40a1b"])
def test_a_typed_id_with_a_russian_letter_is_the_headings_label(typed):
    assert ids.normalize(typed) == "40A1(b)"


def test_a_russian_letter_is_no_section_label():
    assert ids.rules().normalize("40б1") is None
