"""Cold read 8, issue 13, finding 2: in a book with no page footers, text after the subject
index (or the contents) that is no law text -- an afterword before the commentary, before a
law heading further on, or at the end -- is never appended to the last law: law text does
not resume after a part of the apparatus without a law heading. It is a piece of its own
with a warning naming the file and line, as it is in a book with footers. Invented books,
Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder
from added_books import book_folder

BOOKS = {
    "ru": {"contents": ["СОДЕРЖАНИЕ", "Правило 1. Запись пар ........ 2", "Правило 2. Рассадка ........ 2",
                        "Предметный указатель ........ 3", "Послесловие ........ 4"],
           "laws": ["Правило 1. ЗАПИСЬ ПАР", "Пара записывается у секретаря до начала сессии.",
                    "Правило 2. РАССАДКА", "Пары садятся за столы по жребию, который тянет капитан."],
           "index": ["ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ", "Жребий 2", "Запись пар 1", "Секретарь 1"],
           "after": ["ПОСЛЕСЛОВИЕ", "Составитель благодарит клуб за помощь при подготовке этих правил."],
           "law3": ["Правило 3. ПЕРЕРЫВ", "Перерыв между сессиями длится полчаса."],
           "comm": ["КОММЕНТАРИЙ", "Правило 1. ЗАПИСЬ ПАР", "1.1. Запись закрывается за час до начала."]},
    "en": {"contents": ["CONTENTS", "Law 1 - Entries ........ 2", "Law 2 - Seating ........ 2",
                        "Index ........ 3", "Afterword ........ 4"],
           "laws": ["LAW 1 - ENTRIES", "A pair enters at the desk before the session.",
                    "LAW 2 - SEATING", "Pairs take their tables by a draw the captain makes."],
           "index": ["INDEX", "Draw, 2", "Entries, 1", "Desk, 1"],
           "after": ["AFTERWORD", "The compiler thanks the club for its help in preparing these rules."],
           "law3": ["LAW 3 - BREAKS", "A break between sessions lasts half an hour."],
           "comm": ["COMMENTARY", "LAW 1 - ENTRIES", "1.1. Entries close an hour before the start."]},
}


def corpus(tmp_path: Path, lang: str, text: str) -> Path:
    return book_folder(tmp_path, lang, text)


def text_of(b: dict, then: str) -> str:
    """The book: contents, laws 1-2, the index, the afterword, then ``then``: the
    commentary, law 3's heading and text, or nothing."""
    more = {"commentary": [""] + b["comm"], "law": [""] + b["law3"], "end": []}[then]
    return "\n".join(b["contents"] + [""] + b["laws"] + [""] + b["index"] + [""] + b["after"] + more) + "\n"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("then", ["commentary", "law", "end"])
def test_an_afterword_after_the_index_is_no_laws_text(tmp_path, lang, then):
    b = BOOKS[lang]
    text = text_of(b, then)
    c = parse_folder(read_corpus_folder(corpus(tmp_path, lang, text)))
    words = b["after"][1].split()[1]  # a word of the afterword's sentence
    holding = [n for n in c.nodes if words in (n.text or "")]
    assert [n.kind for n in holding] == ["piece"], [(n.id, n.kind) for n in holding]
    assert all(words not in (n.text or "") for n in c.nodes if n.law == "2"), "the afterword joined law 2"
    line = text.splitlines().index(b["after"][0]) + 1
    warned = [p for p in c.problems if p.line == line and "book.txt" in str(p.path)]
    assert warned and "no law's" in warned[0].message, [(p.line, p.message) for p in c.problems]
    if then == "law":  # the law after it is read from its heading, whole
        law3 = [n for n in c.nodes if n.law == "3" and n.kind == "law"]
        assert law3 and b["law3"][1].split()[2] in law3[0].text, [(n.id, n.text) for n in c.nodes]
    if then == "commentary":
        assert any(n.kind == "commentary" and n.law == "1" for n in c.nodes)
