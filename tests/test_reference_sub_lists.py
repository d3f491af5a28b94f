"""Citations the cold read 9 found misread (issue 9, findings 1-6), on invented text:

* a label that ends in a sub-clause, after a citation word, goes on with the bare sub-clauses
  listed after it, with no direction word needed: "Law 30A1(a) or (b)" cites 30A1(a) and
  30A1(b), "Section 3.1(a) and (b)" (a statute's dotted IDs) 3.1(a) and 3.1(b)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.profile import load_profile
from lawsearch.references import find_citations

STATUTE = """extends = ""
languages = ["en"]

[grammar]
levels = ["section", "point", "subpoint"]

[grammar.labels]
section = "digits"
point = "a-z"
subpoint = "roman"

[grammar.ids]
law = "{law}"
section = ".{label}"
point = "({label})"
subpoint = "({label})"

[citations.en]
see = ["see"]
after = ["above", "below"]
conjunctions = ["and", "or"]
ranges = ["-", "through"]
of = ["of"]
quotes = ["()"]

[[citations.en.levels]]
level = "law"
words = ["Article"]
label = "number"

[[citations.en.levels]]
level = "section"
words = ["Section", "Sections"]
label = "number"

[[citations.en.levels]]
level = "point"
words = ["point", "points"]
label = "letter"
bare = true
"""


def cited(text: str, context: str, lang: str = "en", profile=None) -> list[list[str]]:
    law = context[:len(context) - len(context.lstrip("0123456789"))]  # "40B2" → "40"
    return [targets for _, _, targets, problem in find_citations(text, law, context, (1, 93), lang=lang,
                                                                 profile=profile)
            if not problem]


# -- 1: a citation word's label goes on with bare sub-clauses -------------------------------

@pytest.mark.parametrize("text, context, lang, expected", [
    ("A pair may pass under Law 30A1(a) or (b), and not otherwise.", "31A1", "en", [["30A1(a)", "30A1(b)"]]),
    ("Law 30A1(b) and (c) apply to a late pair.", "31A2", "en", [["30A1(b)", "30A1(c)"]]),
    ("Law 55B1(a), (b) or (c) decides it.", "56A", "en", [["55B1(a)", "55B1(b)", "55B1(c)"]]),
    ("Law 30A1(a) or (b) above", "31A1", "en", [["30A1(a)", "30A1(b)"]]),  # as before
    ("пара вправе спасовать по правилу 30A1(a) или (b), и только так.", "31A1", "ru", [["30A1(a)", "30A1(b)"]]),
    ("применяется правило 30A1(b) и (c).", "31A2", "ru", [["30A1(b)", "30A1(c)"]]),
    # a list of law numbers stays one
    ("Laws 12 and 13 apply.", "31A2", "en", [["12", "13"]]),
])
def test_a_cited_label_goes_on_with_bare_sub_clauses(text, context, lang, expected):
    assert cited(text, context, lang) == expected


def test_a_statute_section_goes_on_with_bare_sub_clauses(tmp_path: Path):
    (tmp_path / "profile.toml").write_text(STATUTE, encoding="utf-8")
    profile = load_profile("", tmp_path)
    assert cited("Fees are kept as in Section 3.1(a) and (b), and not otherwise.", "3.2", profile=profile) \
        == [["3.1(a)", "3.1(b)"]]
    assert cited("Sections 1.1 through 1.2 do not apply.", "3.2", profile=profile) == [["1.1", "1.2"]]


# -- 4: a sub-clause range after a section label; a bare number after a clause label ---------

@pytest.mark.parametrize("text, context, lang, expected", [
    ("The Director acts under A1(a) through (c) here.", "30B1", "en", [["30A1(a)", "30A1(b)", "30A1(c)"]]),
    ("The Director acts under A1(a) or (b) here.", "30B1", "en", [["30A1(a)", "30A1(b)"]]),
    ("Law 30B3 or 4 applies to a late pair.", "31A1", "en", [["30B3", "30B4"]]),
    ("применяется правило 30B3 или 4.", "31A1", "ru", [["30B3", "30B4"]]),
    # after a law alone or a lettered section the number is a law, as before
    ("Laws 12 and 13 apply.", "31A1", "en", [["12", "13"]]),
    ("Laws 12B and 13 apply.", "31A1", "en", [["12B", "13"]]),
])
def test_ranges_and_numbers_going_on_after_a_label(text, context, lang, expected):
    assert cited(text, context, lang) == expected


def test_a_number_after_a_clause_is_a_law_where_no_such_clause_exists():
    from lawsearch.references import _citations, citation_forms
    forms = citation_forms(load_profile("bridge"), "en")
    known = {"12A1", "13"}.__contains__
    found = [c.targets for c in _citations("Laws 12A1 and 13 apply.", forms, "31", "31A1", (1, 93), False, known)]
    assert found == [("12A1", "13")]


# -- 2: "N above" / "N below": the nearest item so numbered that way --------------------------

from test_reference_continuations import corpus  # noqa: E402  (a one-file bridge corpus)

ENGLISH = """Law 30 - Kettles
A. Filling
1. A kettle is filled from the tap.
2. A kettle is filled to the line.
B. Boiling
1. The kettle boils as in 2 above.
2. The kettle cools, see 1 below.
3. The lid stays shut, see 1 above.
C. Pouring
1. Tea is poured slowly.
"""

RUSSIAN = """Правило 30. Чайники
A.Наполнение
1. Чайник наполняют из крана.
2. Чайник наполняют до черты.
B.Кипячение
1. Чайник кипятят, как в пункте 2 выше.
2. Чайник остывает, см. пункт 1 ниже.
3. Крышку не открывают, см. пункт 1 выше.
"""


def refs(c, node_id: str) -> list[str]:
    return [r.target for r in c.refs if r.from_ == node_id]


def test_a_number_with_a_direction_word_cites_the_nearest_item_that_way(tmp_path):
    c = corpus(tmp_path, ENGLISH, "en-mixed", "en")
    assert refs(c, "30B1") == ["30A2"]  # B2 lies below: the clause 2 of the section before
    assert refs(c, "30B2") == ["30C1"]  # B1 lies above: the clause 1 of the section after
    assert refs(c, "30B3") == ["30B1"]  # the sibling, where it lies that way


def test_a_russian_clause_number_with_a_direction_word(tmp_path):
    c = corpus(tmp_path, RUSSIAN, "ru-book", "ru")
    assert refs(c, "30B1") == ["30A2"]
    assert refs(c, "30B2") == []  # no section after B: no reference, and nothing to report
    assert refs(c, "30B3") == ["30B1"]
    assert not [p for p in c.problems if p.message.startswith("reference")]


# -- 6: a roman sibling in a statute's points -------------------------------------------------

def test_a_roman_label_above_is_the_citing_items_sibling(tmp_path: Path):
    from lawsearch.profile import activated
    (tmp_path / "profile.toml").write_text(STATUTE, encoding="utf-8")
    profile = load_profile("", tmp_path)
    with activated(profile):
        assert cited("the lamp is electric, see (i) above.", "3.1(b)(ii)", profile=profile) == [["3.1(b)(i)"]]
        # a letter in a lettered point stays that point's sibling, as before
        assert cited("paid by cheque, see point (a) above.", "2.1(b)", profile=profile) == [["2.1(a)"]]
        assert cited("paid by cheque, see (a) above.", "2.1(b)", profile=profile) == [["2.1(a)"]]


# -- 3: a bare range of sub-clauses with no label before it -----------------------------------

RANGES = """Law 30 - Spoons
A. Laying
1. Spoons are laid to the right.
(a) A tea spoon is small.
(b) A soup spoon is round.
(c) A serving spoon is long.
2. Spoons are counted after dinner.
B. Washing
1. A spoon is washed in hot water.
(a) It is rinsed.
(b) It is dried.
(c) It is put away.
2. The steps (a)-(c) apply to forks too.
3. The steps of (a)-(c) apply here too, and A1 or 2 above do not.
"""


def test_a_bare_range_cites_the_citing_nodes_items_only_where_they_are(tmp_path):
    c = corpus(tmp_path, RANGES, "en-mixed", "en")
    # 30B1 has (a)-(c): every one of them, (b) too
    assert cited("The steps (a)-(c) apply here.", "30B1") == [["30B1(a)", "30B1(b)", "30B1(c)"]]
    # 30B2 and 30B3 have none: no reference, nothing reported lost, and the rest of the sentence kept
    assert refs(c, "30B2") == []
    assert refs(c, "30B3") == ["30A1", "30A2"]
    assert not [r for r in c.refs if r.status != "node"]
    assert not [p for p in c.problems if p.message.startswith("reference")]


def test_a_number_ending_a_list_of_labels_before_a_word_is_no_count():
    assert cited("The rules apply here, and A1 or 2 above do not.", "30B3") == [["30A1"], ["30A2"]]
    # a number alone before a direction word and a word is still a count
    assert cited("In the 2 following cases a spoon is bent.", "30B3") == []
