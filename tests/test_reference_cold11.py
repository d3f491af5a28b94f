"""References the cold read found misread (issue 9, cold read 11, findings 3-5):

* (3) a list of bare numbers before a direction word cites every number of it: "see 1 and
  2 above", "as in 1, 2 or 3 above", «см. 1 и 2 выше» -- not only the last.

Invented text: English mixed case and the Russian book's layout (bridge profile)."""

from __future__ import annotations

import pytest

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
