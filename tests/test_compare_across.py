"""``compare`` across a change of level and of title (issue 15, cold read 3): a clause that
became a section under a new title is the same provision moved, not one removed and another
added; two sections joined into one under a new title were merged; one section shared out
into two new ones was split. Text decides, never the title or the level.

Invented rules of a chess club, in the layout of the edition fixtures (tests/data/editions/
README.md): «Правило N. Title», «A. Title» sections, «1. Title» clauses."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.compare import compare
from lawsearch.edition_trees import read_description

OLD = """Правило 1. Зал
A. Столы
1. Расстановка столов
Столы ставят в два ряда вдоль окон. Между рядами оставляют проход для судьи.
2. Часы на столах
Шахматные часы стоят справа от игрока чёрными. Судья проверяет их перед туром.
B. Тишина
В зале не разговаривают во время партии. Телефоны сдают при входе.
Правило 2. Турнир
A. Жеребьёвка
Пары первого тура определяет жребий. Дальнейшие туры играют по швейцарской системе.
B. Опоздание
Игрок, опоздавший на полчаса, получает поражение. Его соперник записывает победу.
C. Ничья
Ничью предлагают только после своего хода. Отказ от ничьей не обсуждают вслух.
Правило 3. Членство
A. Взносы и карточки
Членский взнос платят до конца сентября каждого года. Член клуба получает карточку с фотографией. Карточку показывают при входе в зал.
"""
NEW = """Правило 1. Зал
A. Столы
1. Расстановка столов
Столы ставят в два ряда вдоль окон. Между рядами оставляют проход для судьи.
B. Тишина
В зале не разговаривают во время партии. Телефоны сдают при входе.
C. Часы
Шахматные часы стоят справа от игрока чёрными. Судья проверяет их перед туром.
Правило 2. Турнир
A. Жеребьёвка
Пары первого тура определяет жребий. Дальнейшие туры играют по швейцарской системе.
B. Опоздание и ничья
Игрок, опоздавший на полчаса, получает поражение. Его соперник записывает победу. Ничью предлагают только после своего хода. Отказ от ничьей не обсуждают вслух.
C. Рейтинг
Рейтинг пересчитывают после каждого турнира. Таблицу вывешивают у входа.
Правило 3. Членство
A. Взносы
Членский взнос платят до конца сентября каждого года.
B. Карточки
Член клуба получает карточку с фотографией. Карточку показывают при входе в зал.
"""
# a control: a section removed and another added whose texts share some words only
OLD_CONTROL = """Правило 1. Зал
A. Столы
Столы ставят в два ряда вдоль окон. Между рядами оставляют проход для судьи.
B. Буфет
Буфет открыт с полудня до шести вечера. В зале еду не держат.
"""
NEW_CONTROL = """Правило 1. Зал
A. Столы
Столы ставят в два ряда вдоль окон. Между рядами оставляют проход для судьи.
B. Гардероб
Гардероб открыт с десяти утра до закрытия клуба. Сумки в зал не вносят.
"""


def records(tmp_path: Path, old: str, new: str) -> set[tuple]:
    (tmp_path / "old.txt").write_text(old, encoding="utf-8")
    (tmp_path / "new.txt").write_text(new, encoding="utf-8")
    description = tmp_path / "editions.toml"
    description.write_text('[[editions]]\nid = "2001"\ndefault = true\nsources = [{ path = "old.txt", lang = "ru" }]\n'
                           '[[editions]]\nid = "2011"\nsources = [{ path = "new.txt", lang = "ru" }]\n', encoding="utf-8")
    found = read_description(description)
    return {(c.kind, c.old, c.new) for c in compare(found.tree("2001", "ru"), found.tree("2011", "ru")).changes}


@pytest.fixture(scope="module")
def changes(tmp_path_factory) -> set[tuple]:
    return records(tmp_path_factory.mktemp("club"), OLD, NEW)


def test_a_clause_that_became_a_section_under_a_new_title_is_moved(changes):
    assert ("moved", ("1A2",), ("1C",)) in changes
    assert ("retitled", ("1A2",), ("1C",)) in changes  # «Часы на столах» → «Часы»
    assert not {c for c in changes if c[0] in ("removed", "added") and ("1A2" in c[1] or "1C" in c[2])}


def test_sections_joined_under_a_new_title_were_merged(changes):
    assert ("merged", ("2B", "2C"), ("2B",)) in changes
    assert not {c for c in changes if c[0] == "removed" and c[1][0] in ("2B", "2C")}
    # the new section 2C (rating) is new, not part of the merge
    assert ("added", (), ("2C",)) in changes


def test_a_section_shared_out_under_new_titles_was_split(changes):
    assert ("split", ("3A",), ("3A", "3B")) in changes
    assert not {c for c in changes if c[0] in ("removed", "added") and any(i.startswith("3") for i in c[1] + c[2])}


def test_the_whole_set_of_records_is_exactly_what_changed(changes):
    assert changes == {
        ("moved", ("1A2",), ("1C",)), ("retitled", ("1A2",), ("1C",)),
        ("merged", ("2B", "2C"), ("2B",)), ("added", (), ("2C",)),
        ("split", ("3A",), ("3A", "3B")),
    }


def test_texts_sharing_a_few_words_are_not_matched_across_titles(tmp_path):
    assert records(tmp_path, OLD_CONTROL, NEW_CONTROL) == {("removed", ("1B",), ()), ("added", (), ("1B",))}
