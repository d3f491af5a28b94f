"""A subject-index heading in sentence case or title case -- «Алфавитный указатель»,
«Предметно-алфавитный указатель», "General index" -- opens the subject index in a book
without page footers as its capitals do: the entries and the afterword after them are no
law's text (cold read 11 of issue 13, finding 2). The heading word is the profile's
(its [apparatus] index words, any case); a qualifier that is a stop word of the language
("This index", «Этот указатель») makes no heading. Invented books."""

from __future__ import annotations

import pytest

from added_books import built, law_text
from lawsearch.profile import load_profile
from lawsearch.structure.apparatus import Apparatus

BOOKS = {
    "ru": ("""Правило 12. ЧАСЫ НА СТЕНЕ
Судья сверяет настенные часы перед каждым раундом и объявляет время вслух.
Правило 13. ЗВОНОК
Звонок подаёт секретарь турнира за пять минут до конца раунда.
{H}
Часы настенные 12
   »    сверка 12
Звонок 13
Сигнал см. Звонок
ОТ СОСТАВИТЕЛЕЙ
Составители признательны библиотеке клуба за старые протоколы турниров.
""", "Часы", "признательны"),
    "en": ("""LAW 12 - THE WALL CLOCK
The referee checks the wall clock before every round and announces the time aloud.
LAW 13 - THE BELL
The tournament secretary rings the bell five minutes before the round ends.
{H}
Clock, wall 12
   --   checking 12
Bell 13
Signal see Bell
A WORD FROM THE COMPILERS
The compilers are grateful to the club library for its old tournament records.
""", "Clock", "grateful"),
}

HEADINGS = [("ru", "Алфавитный указатель"), ("ru", "Предметно-алфавитный указатель"),
            ("ru", "Предметный указатель"), ("en", "General index"), ("en", "Alphabetical index")]


@pytest.mark.parametrize("lang,heading", HEADINGS)
def test_a_sentence_case_index_heading_opens_the_index_without_footers(tmp_path, lang, heading):
    text, headword, afterword = BOOKS[lang]
    corpus = built(tmp_path, text.replace("{H}", heading))
    last = law_text(corpus, "13")
    assert headword not in last and afterword not in last and heading not in last, last
    assert any(e["headword"].startswith(headword) for e in corpus.apparatus.get("index") or [])
    assert not any(afterword in (n.text or "") for n in corpus.nodes if n.law)


@pytest.mark.parametrize("lang,line,heading", [
    ("ru", "Алфавитный указатель", True), ("ru", "Предметно-алфавитный указатель", True),
    ("ru", "Этот указатель", False), ("ru", "Алфавитный указатель лежит на столе", False),
    ("ru", "алфавитный указатель", False),
    ("en", "General index", True), ("en", "This index", False), ("en", "The index", False)])
def test_which_lines_are_index_headings(lang, line, heading):
    words = Apparatus.of(load_profile("bridge"), lang)
    assert words.heading(line, words.index) is heading
