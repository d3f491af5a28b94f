"""References the cold read found misread (issue 9, cold read 13, findings 1, 2, 3, 5, 6):

* (1) a label followed by "of" and a container keeps its own label inside it: "B1(b) of Law
  73" → 73B1(b); "B1(a) of Law 31 and (b) of B1 below" → 31B1(a) and the citing law's
  B1(b); «B1(b) правила 73» alike;
* (2) a bare number listed after a whole ID goes on at its last level whether the corpus has
  that law or not: "Law 40B3 or 4" → 40B4, never law 4;
* (3) a statute profile's comma chain goes on through a list ("Article 2, Section 1 and
  3.1.1 above" → 2.1 and 3.1.1), a letter of a section written whole lies in it ("(b) of
  Section 2.1.1" → 2.1.1(b)), and a citation "of" another document (a noun phrase that is no
  level word of this code) is no reference into this code;
* (5) a bare letter before "and Law 40B" is cited too: "see A and Law 40B" → 30A, 40B;
* (6) in a layout that numbers each level afresh, "1 above" in an item cites its sibling.

Invented text: English mixed case (bridge profile), the Russian book's citation forms, and an
invented statute profile."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from tests.test_reference_continuations import cited


def _corpus(root: Path, text: str, layout: str = "en-mixed", lang: str = "en", extra: str = ""):
    (root / "laws").mkdir(parents=True, exist_ok=True)
    (root / "laws" / "laws.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Probe"\nprofile = "bridge"\nlang = "{lang}"\n{extra}\n'
        f'[[source]]\npath = "laws/laws.txt"\nlang = "{lang}"\nkind = "laws"\nlayout = "{layout}"\n',
        encoding="utf-8")
    return build_corpus(root, strict=False)


def _refs(corpus, citing: str) -> list[tuple[str, str]]:
    return [(r.target, r.status) for r in corpus.refs if r.from_ == citing]


# -- 2: a number listed after a whole ID --------------------------------------------------------

MIXED = """Law 21 – Misinformation
A. A Call Misheard
1. A player who misheard a call may ask again at once.
B. A Call Changed
1. A player may change a call made on a wrong answer.
2. When no change is allowed, see Law 40B3 or 4.
"""


def test_a_number_after_a_whole_id_goes_on_at_its_level_when_the_law_is_absent(tmp_path):
    corpus = _corpus(tmp_path, MIXED)
    assert _refs(corpus, "21B2") == [("40B3", "outside"), ("40B4", "outside")]


@pytest.mark.parametrize("text, lang", [
    ("When no change is allowed, see Law 40B3 or 4.", "en"),
    ("Если замена запрещена, см. правило 40B3 или 4.", "ru"),
])
def test_a_number_after_a_whole_id_goes_on_at_its_level(text, lang):
    assert cited(text, "21B2", lang) == [["40B3", "40B4"]]


# -- 1: a label before "of" and its container ---------------------------------------------------

@pytest.mark.parametrize("text, context, lang, expected", [
    ("The lead stands (compare B1(b) of Law 73).", "74A2", "en", [["73B1(b)"]]),
    ("The lead stands, see A2 of Law 16.", "74A2", "en", [["16A2"]]),
    ("The lead stands (compare B1(a) of Law 31 and (b) of B1 below).", "30A7", "en", [["31B1(a)"], ["30B1(b)"]]),
    ("Ход остаётся в силе (ср. B1(b) правила 73).", "74A2", "ru", [["73B1(b)"]]),
    # a letter and a word before the "of" is no label: the law alone
    ("A pair of Law 40 is meant.", "74A2", "en", [["40"]]),
])
def test_a_label_before_its_container_keeps_its_own_label(text, context, lang, expected):
    assert cited(text, context, lang) == expected


# -- 5: a bare letter listed before a reference with a word -------------------------------------

@pytest.mark.parametrize("text, lang, expected", [
    ("A late pair is barred, see A and Law 40B.", "en", [["40B"], ["30A"]]),
    ("A late pair is barred, see A or Law 40B.", "en", [["40B"], ["30A"]]),
    ("Опоздавшая пара отстраняется, см. A и правило 40B.", "ru", [["40B"], ["30A"]]),
    # a letter that is a word before the list's word is none, as before
    ("see A pair and Law 40B.", "en", [["40B"]]),
])
def test_a_bare_letter_before_and_a_reference_is_cited(text, lang, expected):
    assert cited(text, "30A1", lang) == expected


RU_BOOK = """Правило 30. ОПОЗДАНИЕ
A.Опоздавшая пара
1. Опоздавшая пара играет со следующего тура, см. раздел A и правило 40B.
B.Замена
Замену назначает судья.
"""

EN_MIXED = """Law 30 – Lateness
A. A Late Pair
1. A late pair plays from the next round, see A and Law 40B.
B. Substitutes
The Director names a substitute.
"""


@pytest.mark.parametrize("main", ["en", "ru"])
def test_a_bare_letter_before_and_a_reference_is_cited_in_either_language(tmp_path, main):
    """In an English main text and in an English translation beside the Russian book alike."""
    (tmp_path / "laws").mkdir()
    (tmp_path / "laws" / "en.txt").write_text(EN_MIXED, encoding="utf-8")
    sources = '[[source]]\npath = "laws/en.txt"\nlang = "en"\nkind = "laws"\nlayout = "en-mixed"\n'
    if main == "ru":
        (tmp_path / "laws" / "ru.txt").write_text(RU_BOOK, encoding="utf-8")
        sources = '[[source]]\npath = "laws/ru.txt"\nlang = "ru"\nkind = "laws"\n\n' + sources
    (tmp_path / "manifest.toml").write_text(
        f'[code]\ntitle = "Probe"\nprofile = "bridge"\nlang = "{main}"\n\n{sources}', encoding="utf-8")
    corpus = build_corpus(tmp_path, strict=False)
    english = sorted(r.target for r in corpus.refs if r.from_ == "30A1" and r.lang == "en")
    assert english == ["30A", "40B"]
    if main == "ru":
        russian = sorted(r.target for r in corpus.refs if r.from_ == "30A1" and r.lang == "ru")
        assert russian == english
