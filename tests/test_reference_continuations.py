"""Relative references the cold read found misread (issue 9, cold read 8, findings 3-5):

* a bare sub-clause listed after a label that names one continues that label: "(compare A1(a)
  or (b) preceding)" in 40B2 cites 40A1(a) and 40A1(b), not the citing clause's own (b);
* a range of sub-clauses written after a whole label: "Law 20B2(a)-(c)", «пункты 20B2(a)–(c)»
  cite (a), (b) and (c);
* a bare number with a direction word in a list numbered afresh at each level ("see 1 above",
  «см. пункт 1 выше») cites the sibling with that number at the citing node's level, or its
  parent's, and only where that sibling exists.

Invented text: English mixed case and the Russian book's layout (bridge profile)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.references import find_citations

MANIFEST = """[code]
title = "Invented"
laws = [1, 93]
profile = "bridge"
lang = "{lang}"

[[source]]
path = "laws/text.txt"
lang = "{lang}"
kind = "laws"
layout = "{layout}"
"""


def corpus(tmp_path: Path, text: str, layout: str, lang: str):
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "text.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(lang=lang, layout=layout), encoding="utf-8")
    return build_corpus(root)


def refs(c, node_id: str) -> list[tuple[str, str]]:
    return [(r.surface, r.target) for r in c.refs if r.from_ == node_id]


def cited(text: str, context: str, lang: str = "en") -> list[list[str]]:
    law = context[:len(context) - len(context.lstrip("0123456789"))]  # "40B2" → "40"
    return [targets for _, _, targets, problem in find_citations(text, law, context, (1, 93), lang=lang)
            if not problem]


# -- 3: a bare sub-clause after a label continues that label ---------------------------------

@pytest.mark.parametrize("text, context, expected", [
    ("A raise is an infraction (compare A1(a) or (b) preceding).", "40B2", [["40A1(a)", "40A1(b)"]]),
    ("A raise is an infraction (compare A1(a) and (b) above).", "40B2", [["40A1(a)", "40A1(b)"]]),
    ("The steps of B2(b) and (c) above apply here.", "20C4", [["20B2(b)", "20B2(c)"]]),
    ("The steps of B2(b), (c) above apply here.", "20C4", [["20B2(b)", "20B2(c)"]]),
    ("The steps of B2(b), (c) or (d) above apply here.", "20C4", [["20B2(b)", "20B2(c)", "20B2(d)"]]),
    ("see B2(b) or (c).", "20C4", [["20B2(b)", "20B2(c)"]]),
    # a sub-clause after a clause that names none is a child of the citing clause's, as before
    ("(a) or (b) above", "20C4(c)", [["20C4(a)", "20C4(b)"]]),
])
def test_a_bare_sub_clause_continues_the_label_before_it(text, context, expected):
    assert cited(text, context) == expected


def test_a_bare_sub_clause_continues_a_russian_section_label():
    assert cited("ср. разделы A1(a) или (b) выше", "40B2", "ru") == [["40A1(a)", "40A1(b)"]]


# -- 4: a range of sub-clauses ---------------------------------------------------------------

@pytest.mark.parametrize("text, lang, expected", [
    ("See also Law 20B2(a)-(c) and Laws 21 to 22.", "en", [["20B2(a)", "20B2(b)", "20B2(c)"], ["21", "22"]]),
    ("See also Law 20B2(a)–(c).", "en", [["20B2(a)", "20B2(b)", "20B2(c)"]]),
    ("as B2(a)-(c) above say", "en", [["20B2(a)", "20B2(b)", "20B2(c)"]]),
    ("см. пункты 20B2(a)–(c).", "ru", [["20B2(a)", "20B2(b)", "20B2(c)"]]),
    ("по правилу 20B2(a)-(c)", "ru", [["20B2(a)", "20B2(b)", "20B2(c)"]]),
    ("under Law 20B2(a)(i)-(iii)", "en", [["20B2(a)(i)", "20B2(a)(ii)", "20B2(a)(iii)"]]),  # roman stays roman
])
def test_a_range_of_sub_clauses_cites_each(text, lang, expected):
    assert cited(text, "20C3", lang) == expected


# -- 5: a bare number in a list renumbered at each level -------------------------------------

ENGLISH = """Law 64 - Gloves
A. Storage
1. Gloves are kept in the drawer.
2. A wet glove is dried first, see 1 above.
3. A torn glove is mended, as in 1 above, then dried (2 preceding).
(a) A glove mended twice is replaced, see 1 above.
4. In the 2 following cases a glove is thrown away: a hole; a stain.
B. Lending
2. A guest returns a glove the same day, see 1 above.
3. A lost glove is paid for, see 4 below.
C. Records
The drawer is checked each month, see 1 above.
"""


def test_a_bare_number_cites_the_numbered_sibling_where_there_is_one(tmp_path):
    c = corpus(tmp_path, ENGLISH, "en-mixed", "en")
    assert refs(c, "64A2") == [("1", "64A1")]
    assert refs(c, "64A3") == [("1", "64A1"), ("2", "64A2")]
    assert refs(c, "64A3(a)") == [("1", "64A1")]  # the parent's level: the sub-clause's are letters
    assert refs(c, "64A4") == []  # a count before a word is no reference, though 64A2 exists
    # no clause 1 in B, no clause 4: no reference, and nothing unresolved to report
    assert refs(c, "64B2") == [] and refs(c, "64B3") == []
    assert refs(c, "64C") == []  # a section's siblings are lettered: "1" names none of them
    assert not [p for p in c.problems if p.message.startswith("reference")]


RUSSIAN = """Правило 64. Перчатки
A.Хранение
1. Перчатки хранятся в ящике стола.
2. Мокрую перчатку сначала сушат, см. пункт 1 выше.
B.Выдача
2. Гость возвращает перчатку в тот же день, см. пункт 1 выше.
3. Перчатку выдают по правилам пункта 2 раздела A.
"""


def test_a_russian_clause_number_cites_the_numbered_sibling(tmp_path):
    c = corpus(tmp_path, RUSSIAN, "ru-book", "ru")
    assert refs(c, "64A2") == [("пункт 1", "64A1")]
    assert refs(c, "64B2") == []
    assert refs(c, "64B3") == [("пункта 2 раздела A", "64A2")]


def test_a_number_without_a_direction_word_is_no_reference():
    assert cited("Each player holds 13 cards above the table.", "64A2") == []
    assert cited("Each player holds 1 card.", "64A2") == []


def test_a_russian_clause_named_in_its_law_alone_cites_the_law():
    """«пункт 2 правила 57» leaves the section out: the law is the nearest the citation tells
    (not a law "572"), and a comma chain «правило 57, пункт 2» still cites law 57."""
    assert cited("см. пункт 2 правила 57", "64A2", "ru") == [["57"]]
    assert cited("см. пункты 1 и 2 правила 57", "64A2", "ru") == [["57"]]
    assert cited("как сказано: правило 57, пункт 2", "64A2", "ru") == [["57"]]
    assert cited("см. пункт 2 раздела B правила 57", "64A2", "ru") == [["57B2"]]
