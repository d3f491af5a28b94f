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


# -- 3: a statute profile: lists in a comma chain, letters of a whole section, other documents ---

CHOIR = """extends = ""
languages = ["en"]
laws = [1, 9]

[grammar]
levels = ["section", "paragraph", "item"]
strict_levels = false
default_layouts = { en = "statutes" }

[grammar.labels]
section = "digits"
paragraph = "digits"
item = "a-z"

[grammar.ids]
law = "{law}"
section = ".{label}"
paragraph = ".{label}"
item = "({label})"
footnote = "fn-{page}-{n}"
division = "div-{slug}-{law}"
piece = "piece-{source}-{line}"
anchor = "c"

[layouts.statutes]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.statutes.headings]
law = 'CHAPTER\\s+{law}{title?}'
section = '\\d+\\.{label}\\s+{title}'
paragraph = '\\d+\\.\\d+\\.{label}\\s+{title}'
item = '\\({label}\\)\\s+{title}'

[citations.en]
see = ["see", "under", "as in"]
after = ["above", "below"]
earlier = ["above"]
later = ["below"]
conjunctions = ["and", "or"]
ranges = ["-", "to"]
quotes = ["()"]
of = ["of"]

[[citations.en.levels]]
level = "chapter"
words = ["Chapter", "Chapters", "Statute", "Statutes"]
label = "law"

[[citations.en.levels]]
level = "section"
words = ["Section", "Sections", "paragraph", "paragraphs"]
label = "number"
{bare}
[[citations.en.levels]]
level = "item"
words = ["item", "items"]
label = "letter"
{bare}
[strings.en]
law = "Chapter {id}"
code_title = "Statutes of the Choir"
brand = "Choir statutes"
app_name = "Statutes of the Choir"
"""

CHOIR_TEXT = """CHAPTER 1 - NAME
1.1 Name
1.1.1 The choir is called the Hillside Choir.
1.1.2 Its robes are blue, as laid down in Section 4(c) of the parish register.
1.1.3 Its seal is kept as in Section 1.1.1 of these Statutes.
CHAPTER 2 - SINGERS
2.1 Joining
2.1.1 A singer
(a) sings a test piece,
(b) pays the yearly fee, and
(c) attends three rehearsals.
2.1.2 The conductor admits a singer who meets Section 2.1.1.
CHAPTER 3 - CONCERTS
3.1 Planning
3.1.1 The conductor plans two concerts a year.
3.1.2 The singers may ask for a third, see Chapter 2, Section 1 and 3.1.1 above.
3.1.3 A singer who missed a rehearsal sings only under (b) of Section 2.1.1.
3.1.4 A guest sings under item (a) or (c) of Section 2.1.1, and Section 2.4.
3.1.5 A soloist is chosen as in (i) or (ii) of item (c) of Section 2.1.1.
"""


@pytest.fixture(params=["", "bare = true"], ids=["letters-with-words", "bare"])
def choir(request, tmp_path):
    (tmp_path / "laws").mkdir()
    (tmp_path / "laws" / "statutes.txt").write_text(CHOIR_TEXT, encoding="utf-8")
    (tmp_path / "profile.toml").write_text(CHOIR.replace("{bare}", request.param), encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(
        '[code]\ntitle = "Choir"\nprofile = "profile.toml"\nlang = "en"\n\n'
        '[[source]]\npath = "laws/statutes.txt"\nlang = "en"\nkind = "laws"\n', encoding="utf-8")
    return tmp_path


@pytest.fixture
def choir_corpus(choir):
    return build_corpus(choir, strict=False)


def test_a_comma_chain_goes_on_through_its_list(choir_corpus):
    assert [t for t, _ in _refs(choir_corpus, "3.1.2")] == ["2.1", "3.1.1"]


def test_a_letter_before_a_section_written_whole_lies_in_it(choir_corpus):
    assert [t for t, _ in _refs(choir_corpus, "3.1.3")] == ["2.1.1(b)"]
    assert sorted(t for t, _ in _refs(choir_corpus, "3.1.4")) == ["2.1.1(a)", "2.1.1(c)", "2.4"]


def test_sub_clauses_before_a_chain_of_containers_make_no_broken_id(choir_corpus):
    """Only a section written whole holds the sub-clauses before it; a chain of containers is
    read as before (its item), never as "2.1.1.(c)(i)"."""
    assert [t for t, _ in _refs(choir_corpus, "3.1.5")] == ["2.1.1(c)"]


def test_a_citation_of_another_document_is_no_reference_into_this_code(choir_corpus):
    assert _refs(choir_corpus, "1.1.2") == []
    assert [t for t, _ in _refs(choir_corpus, "1.1.3")] == ["1.1.1"]  # "of these Statutes": this code


def test_check_names_a_lost_target_by_the_codes_levels(choir):
    from click.testing import CliRunner

    from lawsearch.cli import main

    result = CliRunner().invoke(main, ["check", "--corpus", str(choir), "--out", str(choir.parent / "out")])
    assert "law present, section lost: 2.4" in result.output, result.output
    assert "clause" not in result.output


def test_a_comma_chain_goes_on_through_its_list_in_the_russian_statute_profile():
    from lawsearch.profile import activated, load_profile
    from lawsearch.references import find_citations

    statute = load_profile("statute-ru")
    with activated(statute):
        found = [t for _, _, t, p in find_citations("Совет созывается, см. статью 2, часть 1 и 3.1 выше.", "3",
                                                    "3.1.2", (1, 40), lang="ru", profile=statute) if not p]
    assert found == [["2.1", "3.1"]]


# -- 6: "1 above" in a list numbered afresh at each level ---------------------------------------

BULLETS_EN = """Law 73 - Signals between Partners
* 1. Fair Signals
  - 1. Partners signal only by the cards they play.
  - 2. A card is played without stress, see 1 above.
* 2. Unfair Signals
  - 1. Partners may not signal by words, unless
    + 1. the Director allows it, or
    + 2. the event's rules allow it, as in 1 above.
  - 2. A pair may not agree on secret signs.
"""

BULLETS_RU = """Правило 73. СИГНАЛЫ ПАРТНЁРОВ
* 1. Честные сигналы
  - 1. Партнёры подают сигналы только картами.
  - 2. Карта кладётся без нажима, см. 1 выше.
* 2. Нечестные сигналы
  - 1. Партнёры не вправе сигналить словами, кроме случаев, когда
    + 1. это разрешает судья, или
    + 2. это разрешают правила турнира, как в 1 выше.
  - 2. Пара не вправе договариваться о тайных знаках.
"""


@pytest.mark.parametrize("text, lang", [(BULLETS_EN, "en"), (BULLETS_RU, "ru")])
def test_a_number_in_a_renumbered_list_cites_the_item_printed_so_beside_it(tmp_path, text, lang):
    corpus = _corpus(tmp_path, text, layout="web-bullets", lang=lang)
    assert "73B1(b)" in {n.id for n in corpus.nodes}
    assert _refs(corpus, "73B1(b)") == [("73B1(a)", "node")]  # printed "+ 1." beside "+ 2."
    assert _refs(corpus, "73A2") == [("73A1", "node")]        # a clause's sibling, as before


def test_a_number_in_a_web_list_that_prints_letters_keeps_its_reading(tmp_path):
    """An ``<ol type="a">`` prints its items' letters: "1 above" in the one printed "(b)" is
    no item printed "1." of its list, but clause 1, as before."""
    (tmp_path / "laws").mkdir()
    (tmp_path / "laws" / "law73.html").write_text(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Law 73</title></head><body>\n"
        "<h2>Law 73 - Signals between Partners</h2>\n<h3>A. Fair Signals</h3>\n<ol>\n"
        "<li><p>Partners signal only by the cards they play.</p></li>\n"
        "<li><p>Partners may not signal by words, unless</p>\n  <ol type=\"a\">\n"
        "   <li><p>the Director allows it, or</p></li>\n"
        "   <li><p>the event's rules allow it, as in 1 above.</p></li>\n  </ol></li>\n</ol>\n</body></html>\n",
        encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(
        '[code]\ntitle = "Probe"\nprofile = "bridge"\nlang = "en"\n\n[[source]]\npath = "laws/law73.html"\n'
        'lang = "en"\nkind = "laws"\nlayout = "web-bullets"\n', encoding="utf-8")
    corpus = build_corpus(tmp_path, strict=False)
    assert "73A2(b)" in {n.id for n in corpus.nodes}
    assert _refs(corpus, "73A2(b)") == [("73A1", "node")]


def test_a_number_in_a_list_of_printed_labels_keeps_its_reading(tmp_path):
    """Where the text prints the labels themselves (en-mixed), "1 above" in (b) is clause 1."""
    corpus = _corpus(tmp_path, """Law 73 - Signals between Partners
A. Fair Signals
1. Partners signal only by the cards they play.
B. Unfair Signals
1. Partners may not signal by words, unless
(a) the Director allows it, or
(b) the event's rules allow it, as in 1 above.
""")
    assert _refs(corpus, "73B1(b)") == [("73A1", "node")]
