"""``compare`` of a section retitled and much reworded at once where it stood (issue 15, cold
read 4, finding 4): one provision, ``retitled`` and ``reworded``, not one removed and one
added -- while a different section put in the place of a removed one stays removed + added.
Invented rules of a village library."""

from __future__ import annotations

from test_compare_across import records

OLD = """Правило 1. Книги
A. Каталог
Каталог ведут в картотеке из дубовых ящиков по алфавиту авторов.
B. Выдача
Книги выдают на две недели под запись в формуляре читателя. Библиотекарь ставит штамп с датой возврата на кармашке книги.
C. Ремонт
Порванные страницы подклеивают прозрачной лентой в читальном зале.
"""
NEW = """Правило 1. Книги
A. Каталог
Каталог ведут в картотеке из дубовых ящиков по алфавиту авторов.
B. Сроки
Книги выдают на две недели под запись в формуляре читателя. Дату возврата библиотекарь вписывает в формуляр сам.
C. Ремонт
Порванные страницы подклеивают прозрачной лентой в читальном зале.
"""


def test_a_section_retitled_and_much_reworded_in_place_is_one_node(tmp_path):
    from lawsearch.compare import word_diff

    old_text = OLD.splitlines()[4]
    new_text = NEW.splitlines()[4]
    assert word_diff(old_text, new_text)[0] >= 0.3  # as much reworded as the cold read's case
    found = records(tmp_path, OLD, NEW)
    assert found == {("retitled", ("1B",), ("1B",)), ("reworded", ("1B",), ("1B",))}, found


def test_another_section_in_a_removed_ones_place_is_still_removed_and_added(tmp_path):
    from test_compare_across import NEW_CONTROL, OLD_CONTROL

    assert records(tmp_path, OLD_CONTROL, NEW_CONTROL) == {("removed", ("1B",), ()), ("added", (), ("1B",))}
