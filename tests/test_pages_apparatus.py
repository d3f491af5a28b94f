"""check's page report (cold read A, item 8): the pages of a whole-book copy read as the
contents, the definitions or the subject index are present, never "missing between them"."""

from __future__ import annotations

from pathlib import Path

from lawsearch.check import quality_report
from lawsearch.corpus import build_corpus

BOOK = """СОДЕРЖАНИЕ
Определения .................................... 2
Правило 11. Шум в зале ......................... 3
Правило 12. Свет над столом .................... 4
Предметный указатель ........................... 5
- 1
ОПРЕДЕЛЕНИЯ
Столик - место, за которым сидят четверо участников одной встречи.
Сидение - стул или табурет для одного участника встречи у столика.
- 2
Правило 11. Шум в зале
A. Тишина во время игры
Участники не разговаривают громко, пока за соседними столиками идёт игра.
B. Замечание
Судья делает замечание тому, кто шумит, и может попросить его выйти.
- 3
Правило 12. Свет над столом
A. Лампа
Над каждым столиком горит лампа, которая освещает карты всех участников.
B. Замена лампы
Перегоревшую лампу заменяют до начала следующего круга.
- 4
ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Лампа 12A, 12B
" перегоревшая 12B
Тишина 11A
- 5
"""


def test_pages_read_as_the_apparatus_are_present(tmp_path: Path):
    corpus = tmp_path / "corpus"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / "book.txt").write_text(BOOK, encoding="utf-8")
    (corpus / "manifest.toml").write_text('[code]\ntitle = "Test"\nedition = "1987"\nlaws = [1, 93]\n\n[[source]]\n'
                                          'path = "laws/ru/book.txt"\nlang = "ru"\nkind = "laws"\nencoding = "utf-8"\n',
                                          encoding="utf-8")
    text = quality_report(build_corpus(corpus)).text()
    assert "Pages: 5 present (1-5)" in text, text
    assert "read as the book's apparatus: 1 contents; 2 definitions; 5 subject index" in text
    assert "missing between them" not in text
    assert "subject index: 3 entries, 2 headwords, 1 sub-entries, 4 targets" in text
