"""Cold read 13, issue 13, finding 6: a ditto at the top of the next index page (after the
page's footer) repeats the last headword of the page before, never an empty one; a hyphen
typed for the dash ditto ("-", "–") is a ditto, so its line is an entry of its own, not
words joined to the entry above. A hyphen inside an entry stays its text. Invented index
pages, Russian and English."""

from __future__ import annotations

import pytest

from lawsearch.grammar import Grammar
from lawsearch.profile import load_profile
from lawsearch.structure.apparatus import Apparatus, detect_kind, parse_index

PROFILE = load_profile("bridge")
GRAMMAR = Grammar.from_profile(PROFILE)


def rows(text: str, lang: str):
    entries = parse_index(text.splitlines(), Apparatus.of(PROFILE, lang), GRAMMAR.layout_for(lang).ids)
    return [(e.headword, e.sub, e.targets) for e in entries]


@pytest.mark.parametrize("lang,heading,footer", [("ru", "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ", "Страница 9"),
                                                  ("en", "SUBJECT INDEX", "Page 9")])
def test_a_ditto_at_the_top_of_the_next_index_page_repeats_the_last_headword(lang, heading, footer):
    words = {"ru": ("Лампа", "настольная", "Окно"), "en": ("Lamp", "reading", "Window")}[lang]
    got = rows(f"{heading}\n{words[2]} 12\n{words[0]} 14\n{footer}\n=  {words[1]} 14B\n", lang)
    assert got[-1] == (words[0], words[1], ("14B",))


@pytest.mark.parametrize("lang,text,expected", [
    ("en", "SUBJECT INDEX\nLantern 30\n   -  hanging 30A\nWindow 12\n",
     [("Lantern", None, ("30",)), ("Lantern", "hanging", ("30A",)), ("Window", None, ("12",))]),
    ("ru", "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ\nФонарь 30\n  –  подвесной 30A\nОкно 12\n",
     [("Фонарь", None, ("30",)), ("Фонарь", "подвесной", ("30A",)), ("Окно", None, ("12",))]),
    # control: a hyphen inside a headword is its text
    ("en", "SUBJECT INDEX\nLantern - hanging type 30A\nWindow 12\n",
     [("Lantern - hanging type", None, ("30A",)), ("Window", None, ("12",))]),
])
def test_a_hyphen_ditto_line_is_an_entry_of_its_own(lang, text, expected):
    assert rows(text, lang) == expected


@pytest.mark.parametrize("lang,lines", [
    ("en", ["- the borrower signs for the key;", "- he returns it by dusk;", "- he locks the shed behind him."]),
    ("ru", ["– заёмщик расписывается за ключ;", "– возвращает его до темноты;", "– запирает сарай."]),
])
def test_a_list_whose_items_open_with_a_hyphen_is_no_index_page(lang, lines):
    # the hyphen is a ditto only on a page already read as the index: a list is no sign of one
    assert detect_kind(lines, Apparatus.of(PROFILE, lang)) is None
