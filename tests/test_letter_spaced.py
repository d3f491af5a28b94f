"""Letter-spaced headings (cold read 2A, finding 8): a heading whose label, number or title
alone is letter-spaced, a spaced title after a plain label, a spaced heading's dash
(``LAW 71 - THE CLAIM``), a spaced section title -- joined, so the layout reads them; prose
with single-letter words in a row stays. Invented headings, Russian and English."""

from __future__ import annotations

import pytest

from lawsearch import furniture
from lawsearch.clean import _read_by_layout, clean_lines
from lawsearch.grammar import default_grammar


@pytest.mark.parametrize("lang,line,expected", [
    ("ru", "П р а в и л о  34.  С К А М Ь Я", "Правило 34. СКАМЬЯ"),
    ("ru", "П р а в и л о  3 4.  С К А М Ь Я  У  О К Н А", "Правило 34. СКАМЬЯ У ОКНА"),
    ("ru", "Правило 35. П О Д Н О С", "Правило 35. ПОДНОС"),
    ("ru", "П р а в и л о 36. ЛЕСТНИЦА", "Правило 36. ЛЕСТНИЦА"),
    ("ru", "B. К о г д а  у б и р а ю т", "B. Когда убирают"),
    ("en", "L A W  5 2 - T H E  L A D D E R", "LAW 52 - THE LADDER"),
    ("en", "L A W   5 3   -   T H E   R O P E", "LAW 53 - THE ROPE"),
    ("en", "B. S w e e p i n g", "B. Sweeping"),
    ("en", "LAW 54 - T H E  L A N T E R N", "LAW 54 - THE LANTERN"),
])
def test_letter_spaced_heading_is_joined_and_read(lang, line, expected):
    lines, changes = furniture.prepare([line], "laws", lang, lambda s: _read_by_layout(s, lang))
    assert " ".join(lines[0].split()) == expected
    assert (1, "letter_spaced_words") in changes


@pytest.mark.parametrize("lang,line,kind,number", [
    ("ru", "П р а в и л о  34.  С К А М Ь Я", "law", "34"),
    ("en", "L A W  5 2 - T H E  L A D D E R", "law", "52"),
    ("en", "B. S w e e p i n g", "section", "B"),
])
def test_the_layout_reads_the_joined_heading(lang, line, kind, number):
    layout = default_grammar().layout_for(lang)
    cleaned = clean_lines([line, "Some text." if lang == "en" else "Текст."], "x", "laws", lang=lang, layout=layout)
    got = layout.classify(cleaned.lines[0].text)
    assert got.kind == kind and got.label == number


@pytest.mark.parametrize("lang,line", [
    ("ru", "Игрок сказал: а и в придачу ещё одну карту."),
    ("ru", "Пункты а б в этого списка."),
    ("en", "Boards a b c are played first."),
    ("en", "Scores 1 2 3 4 stand on the board."),
    ("en", "Sections A B C of this Law apply."),
    ("ru", "Разделы A B C этого Правила применяются."),
])
def test_single_letter_words_in_prose_stay(lang, line):
    assert furniture.letter_spaced_words(line) == line
