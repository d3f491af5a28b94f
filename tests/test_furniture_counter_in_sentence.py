"""Issue 12, cold read 15, finding 2: a page counter («Страница 1 из 3», "Page 4 of 12") standing
inside a sentence -- the line before leaves it open, the line after goes on in lower case -- is
the law's text where the sentence introduces it (the profile's introducing words, «например»,
"for example", as a colon does) or where the file is a saved web page (no print page's edge
inside its text); where a lone counter (no other page of the file numbered) is still removed
inside a sentence, check counts it as words lost. The controls: a counter between sentences,
and one of a series of page counters at the pages' edges, go silently. Invented text."""

from __future__ import annotations

import pytest

from lawsearch import furniture
from lawsearch.clean import _read_by_layout
from test_furniture_pagers_cold13 import run_corpus


def prepared(lines: list[str], lang: str, web: bool = False):
    return furniture.prepare(lines, "laws", lang, lambda s: _read_by_layout(s, lang), web=web)


INTRODUCED = [
    (["Every page of the log is headed with its number, for example", "Page 4 of 12", "written in ink."], "en"),
    (["Each form is numbered at its foot, as in", "Page 1 of 3", "and is kept for a year."], "en"),
    (["Каждый бланк нумеруется внизу, например", "Страница 1 из 3", "и хранится год."], "ru"),
    (["Листы журнала подписывают сверху, к примеру,", "Стр. 2 из 9", "и сшивают суровой ниткой."], "ru"),
]


@pytest.mark.parametrize("lines,lang", INTRODUCED)
def test_a_counter_the_sentence_introduces_is_the_law_text(lines, lang):
    out, changes = prepared(lines, lang)
    assert out[1] == lines[1]
    assert not [rule for n, rule in changes if n == 2]


OPEN = [
    (["The players in the boxes may", "Page 3 of 4", "leave at the interval."], "en"),
    (["Лодочник чинит вёсла и красит", "Страница 2 из 5", "борта суриком до ледохода."], "ru"),
]


@pytest.mark.parametrize("lines,lang", OPEN)
def test_a_counter_inside_an_open_sentence_of_a_web_page_is_the_law_text(lines, lang):
    out, changes = prepared(lines, lang, web=True)
    assert out[1] == lines[1]
    # the control: in a book's text a page may end in any open sentence -- the counter goes,
    # and, no other page being numbered, its removal is marked as words maybe lost
    out, changes = prepared(lines, lang)
    assert out[1] == "" and (2, furniture.COUNTER_IN_TEXT) in changes


@pytest.mark.parametrize("lines,lang", OPEN)
def test_a_series_of_counters_at_the_pages_edges_is_no_loss(lines, lang):
    """The control: the file's pages numbered one after another, each counter the page's."""
    first = "Page 1 of 4" if lang == "en" else "Страница 1 из 5"
    out, changes = prepared(["Short opening line of text.", first] + lines, lang)
    assert out[1] == "" and out[3] == ""
    assert not [n for n, rule in changes if rule == furniture.COUNTER_IN_TEXT]


@pytest.mark.parametrize("lines,lang", [
    (["The boxes open at the interval.", "Page 3 of 4", "LAW 10 - THE BAR"], "en"),
    (["Ложи открыты в антракте.", "Страница 2 из 3", "Правило 10. Буфет"], "ru"),
])
def test_a_counter_between_sentences_goes_silently(lines, lang):
    """The control: between sentences it is the page's counter, no words lost."""
    out, changes = prepared(lines, lang)
    assert out[1] == "" and (2, "page_of_n") in changes
    assert not [n for n, rule in changes if rule == furniture.COUNTER_IN_TEXT]


EN_TXT = """LAW 64 - THE LOG
A. Pages
The keeper writes the tally of the day on the slate and
Page 4 of 12
copies it into the ledger before dark.
B. Ink
Ink is kept in the cupboard.
"""
RU_TXT = """Правило 64. ЖУРНАЛ
A. Листы
Сторож пишет итог дня на грифельной доске и
Страница 4 из 12
переносит его в книгу до темноты.
B. Чернила
Чернила хранятся в шкафу.
"""


@pytest.mark.parametrize("text", [RU_TXT, EN_TXT], ids=["ru", "en"])
def test_a_lone_counter_removed_inside_a_sentence_is_words_lost(tmp_path, text):
    _, checked, _ = run_corpus(tmp_path, {"law64.txt": text})
    assert "a page counter inside a sentence of the law text was removed" in checked.output, checked.output
    assert "law64.txt:4" in checked.output, checked.output
    assert checked.exit_code == 1
