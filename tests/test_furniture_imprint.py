"""Furniture by repetition across pages (cold read A, item 4): a printer's imprint under every
page footer goes, whatever its words; a sentence the text repeats stays; a saved page's
copyright line at the file's end goes. Invented text."""

from __future__ import annotations

from lawsearch.furniture import prepare

PAGES = """Правило 7. Мел и доска
A. Доска
Доска висит у входа, и каждый видит её.
- 12
Напечатано в мастерской «Луч», 1977. Тираж 300 экз.
B. Мел
Мелом пишут крупно. Каждый видит её.
- 13
Напечатано в мастерской «Луч», 1977. Тираж 300 экз.
C. Губка
Губку кладут рядом с мелом.
- 14
Напечатано в мастерской «Луч», 1977. Тираж 300 экз.
""".splitlines()


def test_an_imprint_under_every_page_footer_is_furniture():
    lines, changes = prepare(PAGES, "laws", "ru")
    assert not any("Луч" in t for t in lines)
    assert {n for n, rule in changes if rule == "repeated_lines"} >= {5, 9, 13}
    for keep in ("Доска висит у входа, и каждый видит её.", "Губку кладут рядом с мелом.", "C. Губка"):
        assert keep in lines


def test_a_repeated_sentence_away_from_page_numbers_stays():
    text = ["Правило 3. Звонок", "Звонок звенит дважды.", "A. Первый звонок", "Звонок звенит дважды.",
            "B. Второй звонок", "Звонок звенит дважды."]
    lines, _ = prepare(text, "laws", "ru")
    assert lines.count("Звонок звенит дважды.") == 3


def test_an_imprint_on_one_page_only_stays():
    text = PAGES[:5] + ["B. Мел", "Мелом пишут крупно."]
    lines, _ = prepare(text, "laws", "ru")
    assert "Напечатано в мастерской «Луч», 1977. Тираж 300 экз." in lines


def test_a_copyright_line_at_the_end_of_a_saved_page_is_furniture():
    text = ["Правило 9. Окно", "Окно открывают в перерыве.", "© 2011 Клуб «Окно». Все права защищены. Посетителей: 77", ""]
    lines, changes = prepare(text, "laws", "ru")
    assert lines[2] == "" and (3, "copyright_tail") in changes
    assert lines[1] == "Окно открывают в перерыве."
    # a copyright line at the top (a title page's) is left to the title page reader
    top = ["© Перевод, 1995"] + ["Правило 9. Окно"] + ["Строка текста номер %d." % i for i in range(8)]
    assert prepare(top, "laws", "ru")[0][0] == "© Перевод, 1995"
