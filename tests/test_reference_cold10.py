"""References the cold read found misread (issue 9, cold read 10, findings 1, 3-6):

* (4) a range whose end is a bare number goes on at the first label's last numbered level:
  "Law 71B1 through 3" → 71B1, 71B2, 71B3; and a range of bare numbers before a direction
  word cites each sibling: "clauses 1 through 3 above";
* (3) a list of letter labels in a profile whose letters stand in quotes (``quotes = ["()"]``,
  «»): "(a) and (b) above" cites (a) and (b), never the last letter of "and" or the «и» that
  joins them;
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
