"""Heading forms a user's copy prints (cold read 2A, finding 9): a section named by the word
the text cites it by («Раздел A. Title», the profile's citation words, not a literal), a
letter label that is also a Roman numeral (C, L) still a section, a division keeping its
numeral; a heading's label and title on two lines or in two FB2 title paragraphs. Invented
text."""

from __future__ import annotations

import pytest

from lawsearch import furniture
from lawsearch.clean import _read_by_layout
from lawsearch.corpus import build_corpus
from lawsearch.grammar import default_grammar


@pytest.mark.parametrize("line,kind,label,title", [
    ("Раздел A. Выход к столу", "section", "A", "Выход к столу"),
    ("Раздел B. Проверка карт", "section", "B", "Проверка карт"),
    ("Раздел C. Порядок ходов", "section", "C", "Порядок ходов"),
    ("раздел D. Перерыв", "section", "D", "Перерыв"),
    ("Раздел II - Нарушения в ходе процедуры", "division", "II", "Нарушения в ходе процедуры"),
    ("Раздел IV - Игра", "division", "IV", "Игра"),
])
def test_a_section_named_by_its_word(line, kind, label, title):
    got = default_grammar().layout_for("ru").classify(line)
    assert (got.kind, got.label, got.title) == (kind, label, title)


@pytest.mark.parametrize("line", ["Раздел C правила 57 гласит, что карта открыта.", "См. раздел B."])
def test_a_sentence_citing_a_section_is_text(line):
    assert default_grammar().layout_for("ru").classify(line).kind == "text"


def test_the_words_come_from_the_profile(tmp_path):
    """A profile whose citations name sections by another word reads that word in headings."""
    from lawsearch.grammar import Grammar
    from lawsearch.profile import load_profile

    profile = load_profile()
    data = {**profile.data, "citations": {**profile.data["citations"], "ru": {
        **profile.data["citations"]["ru"],
        "levels": [{"level": "section", "words": ["отдел", "отдела"], "label": "section"}]}}}
    layout = Grammar(data).layout_for("ru")
    assert layout.classify("Отдел A. Выход к столу").kind == "section"
    assert layout.classify("Раздел A. Выход к столу").kind == "text"


def test_law_with_sections_named_by_their_word_builds(tmp_path):
    from conftest import one_file_corpus

    corpus = one_file_corpus(tmp_path, "Правило 7. Начало игры\nРаздел A. Выход к столу\nИгроки выходят заранее.\n"
                                       "Раздел B. Проверка карт\nКаждый пересчитывает карты.\n")
    built = build_corpus(corpus, strict=False)
    titles = {n.id: n.title for n in built.nodes if not n.missing}
    assert titles.get("7A") == "Выход к столу" and titles.get("7B") == "Проверка карт"


@pytest.mark.parametrize("lang,lines,joined", [
    ("ru", ["Правило 7", "НАЧАЛО ИГРЫ", "Игроки садятся."], "Правило 7. НАЧАЛО ИГРЫ"),
    ("ru", ["Правило 12", "Окончание тура", "", "Тур кончается по звонку."], "Правило 12. Окончание тура"),
])
def test_a_label_and_its_title_on_two_lines_make_one_heading(lang, lines, joined):
    # as the build reads it (clean.py): the layout's heading reading and its bare heading
    # («Правило 7» alone is a law heading with no title, so the title line joins it)
    layout = default_grammar().layout_for(lang)
    out, changes = furniture.prepare(lines, "laws", lang, lambda s: _read_by_layout(s, lang), bare=layout.bare_heading)
    assert out[0] == joined and not out[1].strip()
    assert (1, "split_headings") in changes


@pytest.mark.parametrize("lang,lines", [
    ("ru", ["Правило 7", "Игроки садятся за стол и ждут судью."]),  # a sentence is the law's text
    ("ru", ["Итого", "ТРИ ДОСКИ"]),  # no heading even together
    ("ru", ["Правило 7. Начало", "ПРОВЕРКА"]),  # a heading already
])
def test_lines_that_make_no_heading_together_stay(lang, lines):
    assert furniture.prepare(lines, "laws", lang, lambda s: _read_by_layout(s, lang))[0] == lines


FB2 = """<?xml version="1.0" encoding="utf-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">
<description><title-info><book-title>Книга</book-title><lang>ru</lang></title-info></description>
<body>
<section><title><p>Правило 14</p><p>ЗАМЕНА ИГРОКА</p></title>
<section><title><p>A. Когда заменяют</p></title><p>Игрока заменяют с согласия судьи.</p></section>
</section>
<section><title><p>Правило 15</p><p>ПЕРЕРЫВ</p></title><p>Перерыв длится десять минут.</p></section>
</body></FictionBook>"""


def test_an_fb2_title_of_two_paragraphs_is_one_heading(tmp_path):
    corpus = tmp_path / "corpus"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / "b.fb2").write_text(FB2, encoding="utf-8")
    (corpus / "manifest.toml").write_text('[code]\ntitle = "T"\nedition = "1987"\nlaws = [1, 93]\n\n[[source]]\n'
                                          'path = "laws/ru/b.fb2"\nlang = "ru"\nkind = "laws"\n', encoding="utf-8")
    built = build_corpus(corpus, strict=False)
    titles = {n.id: n.title for n in built.nodes if not n.missing}
    assert titles.get("14") == "ЗАМЕНА ИГРОКА" and titles.get("15") == "ПЕРЕРЫВ"
    assert titles.get("14A") == "Когда заменяют"
