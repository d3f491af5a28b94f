"""Cold read 7 of issue 12, finding 1: a line of the law's text shaped as furniture -- a row of
numbers, a row of letters, a word and an arrow, a page counter -- standing inside a sentence
(introduced by a colon, or a sentence left open that goes on after it) is the law's text and
stays; the same line between sentences is still furniture, and counted. A page counter a
sentence introduces makes no page break. Invented text."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch import furniture
from lawsearch.clean import _read_by_layout
from lawsearch.corpus import build_corpus


def prepared(lines: list[str], lang: str):
    return furniture.prepare(lines, "laws", lang, lambda s: _read_by_layout(s, lang))


# (lines, the index of the line shaped as furniture, lang)
INSIDE = [
    (["Шкафчики в раздевалке помечены так:", "1 2 3 4 5 6", "и ключи висят рядом."], 1, "ru"),
    (["Ряды кресел в партере обозначены буквами:", "А Б В Г Д Е Ж", "Правило 9. Ложи"], 1, "ru"),
    (["Над кнопкой лифта нарисована стрелка и подпись", "Далее »", "для тех, кто едет вверх."], 1, "ru"),
    (["На обороте бланка судья пишет так:", "Страница 2 из 3", "Бланк сдают в конце дня."], 1, "ru"),
    (["Lockers in the hall are marked as follows:", "1 2 3 4 5 6 7", "and the keys hang nearby."], 1, "en"),
    (["The rows of seats carry the letters", "A B C D E F G", "from the stage to the door."], 1, "en"),
    (["The button on the last screen reads", "Next »", "and moves the players on."], 1, "en"),
    (["Each sheet of the form is headed like this:", "Page 3 of 4", "The umpire signs the sheet."], 1, "en"),
]


@pytest.mark.parametrize("lines,at,lang", INSIDE)
def test_a_row_inside_a_sentence_is_the_law_text(lines, at, lang):
    out, changes = prepared(lines, lang)
    assert out[at] == lines[at]
    assert not [rule for n, rule in changes if n == at + 1]


# the same lines between sentences, or under a short label: furniture, counted
BETWEEN = [
    (["Ключи висят рядом.", "1 2 3 4 5 6", "Правило 9. Ложи"], 1, "ru", "pager_rows"),
    (["Правило 9. Ложи", "А Б В Г Д Е Ж", "Ложи открыты в антракте."], 1, "ru", "alphabet_rows"),
    (["Ложи открыты в антракте.", "Далее »", "Правило 10. Буфет"], 1, "ru", "link_rows"),
    (["Ложи открыты в антракте.", "Страница 2 из 3", "Правило 10. Буфет"], 1, "ru", "page_of_n"),
    (["The keys hang nearby.", "1 2 3 4 5 6 7", "LAW 9 - BOXES"], 1, "en", "pager_rows"),
    (["Go to page:", "1 2 3 4 5 6 7", "LAW 9 - BOXES"], 1, "en", "pager_rows"),
    (["The boxes open at the interval.", "Next »", "LAW 10 - THE BAR"], 1, "en", "link_rows"),
    # a book's page ends in an open sentence: its counter is the page's, not the sentence's
    (["The players in the boxes may", "Page 3 of 4", "leave at the interval."], 1, "en", "page_of_n"),
]


@pytest.mark.parametrize("lines,at,lang,rule", BETWEEN)
def test_the_same_row_between_sentences_is_furniture_and_counted(lines, at, lang, rule):
    out, changes = prepared(lines, lang)
    assert out[at] == ""
    assert (at + 1, rule) in changes


def test_two_counters_a_sentence_introduces_stay_and_make_no_page_break(tmp_path):
    from conftest import one_file_corpus

    corpus = one_file_corpus(tmp_path, "Правило 70. Ведомости\nA. Листы ведомости\n"
                                       "В ведомости два листа, и судья подписывает их так:\n"
                                       "Страница 1 из 2\nСтраница 2 из 2\n"
                                       "Первый лист остаётся у судьи, второй уходит в клуб.\n"
                                       "B. Сроки\nВедомость сдают в день турнира.\n")
    built = build_corpus(Path(corpus), strict=False)
    node = next(n for n in built.nodes if n.id == "70A")
    assert "Страница 1 из 2" in node.text and "Страница 2 из 2" in node.text
    assert "второй уходит в клуб" in node.text
    assert not [m for n in built.nodes for m in n.marks if m.kind == "gap"]
    assert not any(n.truncated_start or n.truncated_end for n in built.nodes)


@pytest.mark.parametrize("lines,at,lang", [
    (["« Назад | Оглавление | Вперёд »", "Правило 9. Ложи", "Билеты в ложу продаёт кассир и отмечает",
      "Следующая »", "место в журнале."], 3, "ru"),
    (["Home › Library › Club rules", "LAW 9 - BOXES", "Tickets for a box are sold by the cashier who marks",
      "Read more →", "the seat in the book."], 3, "en"),
])
def test_a_link_cutting_an_open_sentence_of_a_saved_page_is_its_furniture(lines, at, lang):
    # the page's other navigation line says it is a saved page: a link in an open sentence
    # is its teaser cut, not a word of the law (a sentence introducing it with a colon would be)
    out, changes = prepared(lines, lang)
    assert out[at] == ""
    assert (at + 1, "link_rows") in changes
