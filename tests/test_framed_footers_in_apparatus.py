"""Cold read 8, issue 13, finding 4: framed page numbers («— 5 —», "– 5 –", "[5]"), and bare
ones alone on their lines where every one of the file counts up by one, end the pages of the
whole book, its apparatus included: the contents', the definitions' and the
index's pages are numbered as the law text's are (none reported missing), and an afterword
after the index, with its footer, is no index entry. Invented books, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from added_books import book_folder

BOOKS = {
    "ru": [["СОДЕРЖАНИЕ", "Определения ........ 2", "Правило 1. Запись пар ........ 3",
            "Правило 2. Рассадка ........ 3", "Предметный указатель ........ 4", "Послесловие ........ 5"],
           ["ОПРЕДЕЛЕНИЯ", "Секретарь — член клуба, который ведёт запись пар.",
            "Жребий — порядок, в котором пары садятся за столы."],
           ["Правило 1. ЗАПИСЬ ПАР", "Пара записывается у секретаря до начала сессии.",
            "Правило 2. РАССАДКА", "Пары садятся за столы по жребию, который тянет капитан."],
           ["ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ", "Жребий 2", "Запись пар 1", "Секретарь 1"],
           ["ПОСЛЕСЛОВИЕ", "Составитель благодарит клуб за помощь при подготовке этих правил."]],
    "en": [["CONTENTS", "Definitions ........ 2", "Law 1 - Entries ........ 3", "Law 2 - Seating ........ 3",
            "Index ........ 4", "Afterword ........ 5"],
           ["DEFINITIONS", "Secretary - the member of the club who keeps the entries.",
            "Draw - the order in which pairs take their tables."],
           ["LAW 1 - ENTRIES", "A pair enters at the desk before the session.",
            "LAW 2 - SEATING", "Pairs take their tables by a draw the captain makes."],
           ["INDEX", "Draw, 2", "Entries, 1", "Secretary, 1"],
           ["AFTERWORD", "The compiler thanks the club for its help in preparing these rules."]],
}
FRAMES = ["— {} —", "– {} –", "[{}]", "{}"]  # the last: bare numbers counting up one by one


def corpus(tmp_path: Path, lang: str, text: str) -> Path:
    return book_folder(tmp_path, lang, text)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("frame", FRAMES)
def test_framed_footers_number_the_apparatus_pages(tmp_path, lang, frame):
    pages = BOOKS[lang]
    text = "\n".join(line for n, page in enumerate(pages, 1) for line in page + [frame.format(n)]) + "\n"
    root = corpus(tmp_path, lang, text)
    r = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "check-out")])
    assert r.exit_code == 0, r.output
    line = next(l for l in r.output.splitlines() if l.startswith("Pages:"))
    assert line.startswith("Pages: 5 present (1-5)"), r.output
    assert "missing between them" not in r.output, r.output
    from lawsearch.corpus import parse_folder
    from lawsearch.sources import read_corpus_folder

    c = parse_folder(read_corpus_folder(root))
    words = " ".join(" ".join(filter(None, (e.get("headword"), e.get("sub")))) for e in c.apparatus["index"])
    assert pages[4][1].split()[1] not in words and "5" not in words, c.apparatus["index"]
    assert len(c.apparatus["index"]) == 3, c.apparatus["index"]
