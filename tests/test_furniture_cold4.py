"""Site furniture a cold read of issue 12 found left in the text and searchable: visitor
counters in sentence form, ASCII-drawn pagers (``<< Prev 1 2 3 Next >>``), an e-library's
fields of a text («Размер: 4k. Оценка: 7.50*4. Прочитано: 120 раз.»), plain-text rows of
links to the neighbouring laws drawn with arrows both ways, and a saved page's link row
set apart by no-break spaces. Each is a named rule with the profile's words, shown by
clean --explain; the text's own lines of the same look stay. Every text here is invented."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.formats import read_document
from lawsearch.furniture import prepare

RU_HEAD, EN_HEAD = "Правило 5. ЛОДКИ", "LAW 5 - BOATS"


def _rule(line: str, lang: str) -> str | None:
    lines = [RU_HEAD if lang == "ru" else EN_HEAD, line, "Текст." if lang == "ru" else "Text."]
    kept, changes = prepare(lines, "laws", lang)
    return next((rule for n, rule in changes if n == 2), None) if not kept[1] else None


@pytest.mark.parametrize("line, lang, rule", [
    ("You are visitor number 48213", "en", "status_rows"),
    ("You are our visitor #913", "en", "status_rows"),
    ("Вы посетитель номер 771", "ru", "status_rows"),
    ("Вы наш посетитель № 5120", "ru", "status_rows"),
    ("Размер: 12k. Оценка: 6.20*9. Прочитано: 311 раз.", "ru", "status_rows"),
    ("Size: 9k. Rating: 4.5*2. Downloaded: 80 times.", "en", "status_rows"),
    ("<< Prev 4 5 6 Next >>", "en", "pager_rows"),
    ("<< Назад 1 2 3 Вперёд >>", "ru", "pager_rows"),
    ("<‹ Назад | Вперёд >>", "ru", "link_rows"),
    ("< Previous | Contents | Next >", "en", "link_rows"),
    ("Правило 4 ← → Правило 6", "ru", "link_rows"),
    ("‹ Law 4 | Law 6 ›", "en", "link_rows"),
    ("← Глава 2 | Глава 4 →", "ru", "link_rows"),
])
def test_furniture_is_removed_by_its_named_rule(line, lang, rule):
    assert _rule(line, lang) == rule


@pytest.mark.parametrize("line, lang", [
    ("Вы посетитель клуба, а не игрок: 2 часа на трибуне.", "ru"),
    ("Размер: 3 карты", "ru"),
    ("Размер штрафа: 2 взятки. Оценка: 3.", "ru"),
    ("Visitors may watch from 2 tables away.", "en"),
    ("Law 11 → Law 13", "en"),
    ("Правило 11 → Правило 13", "ru"),
    ("Если 3 < 4 и 5 > 2, пас.", "ru"),
])
def test_the_texts_own_lines_of_the_same_look_stay(line, lang):
    assert _rule(line, lang) is None


@pytest.mark.parametrize("gap", ["&nbsp;&nbsp;&nbsp;", " &nbsp; &nbsp; ", "&#160;&#160;"])
def test_a_saved_pages_link_row_set_apart_by_no_break_spaces(tmp_path, gap):
    page = (f'<html><head><meta charset="utf-8"></head><body><h1>LAW 5 - BOATS</h1><p>A boat is rowed slowly.</p>'
            f"<p>‹ Law 4 {gap} Up {gap} Law 6 ›</p></body></html>")
    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    path = root / "laws" / "en" / "law5.html"
    path.write_text(page, encoding="utf-8")
    explained = CliRunner().invoke(main, ["clean", str(path), "--explain"])
    assert explained.exit_code == 0, explained.output
    assert "[link_rows]" in explained.stdout
    cleaned = CliRunner().invoke(main, ["clean", str(path)])
    assert "Law 4" not in cleaned.stdout and "A boat is rowed slowly." in cleaned.stdout


def test_a_single_no_break_space_is_a_space():
    doc = read_document('<p>Ten&nbsp;boats and 10&nbsp;000 oars.</p>'.encode(), "a.html")
    assert doc.lines == ["Ten boats and 10 000 oars."]


def _paged(foot: str, pages: int) -> list[str]:
    lines = []
    for n in range(pages):
        lines += [f"Правило {n + 5}. ЛОДКА {n + 1}", f"Лодку номер {n + 1} ставят к причалу кормой.", foot, str(40 + n)]
    return lines


@pytest.mark.parametrize("foot", ["Лодочный устав клуба. Издание 1999 г.", "Boat club rules, 1999 edition."])
def test_a_running_foot_over_each_pages_number_is_furniture(foot):
    kept, changes = prepare(_paged(foot, 3), "laws", "ru")
    assert foot not in kept
    assert sum(1 for _, rule in changes if rule == "repeated_lines") == 3
    assert all(f"Лодку номер {n} ставят к причалу кормой." in kept for n in (1, 2, 3))


def test_two_pages_ending_with_the_same_sentence_keep_it():
    foot = "Лодку вытаскивают на берег."
    kept, _ = prepare(_paged(foot, 2), "laws", "ru")
    assert kept.count(foot) == 2
