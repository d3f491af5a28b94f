"""Cold read 8 of issue 13: contents framed with ``|`` round dot-leader entries, an English
title page's imprint, subject-index shapes. Invented books, ru and en."""

from __future__ import annotations

import pytest

from lawsearch.grammar import Grammar
from lawsearch.profile import load_profile
from lawsearch.structure.apparatus import Apparatus, detect_kind, front_block, named, parse_front, parse_toc, printed

PROFILE = load_profile("bridge")
GRAMMAR = Grammar.from_profile(PROFILE)

FRAMED = {
    "ru": (["СОДЕРЖАНИЕ",
            "+---------------------------------------------------------+",
            "| Вступление .............................................. 2   |",
            "| Правило 4. Выбор стола ................................. 3   |",
            "| Правило 5. Порядок пересадки игроков и его               |",
            "|         исключения ..................................... 3   |",
            "| Правило 6. Уход из зала ................................. 5   |",
            "|     A. Уход с разрешения ............................... 5   |",
            "|     B. Уход без разрешения ............................. 6   |",
            "| Правило 7. Свет в зале .................................. 6  |",
            "+---------------------------------------------------------+"],
           [("law", "4", "Выбор стола", "3"), ("law", "5", "Порядок пересадки игроков и его исключения", "3"),
            ("law", "6", "Уход из зала", "5"), ("section", "6A", "Уход с разрешения", "5"),
            ("section", "6B", "Уход без разрешения", "6"), ("law", "7", "Свет в зале", "6")]),
    "en": (["CONTENTS",
            "| Preface ........................................... ii |",
            "| Law 4 - Choice of Table ........................... 3   |",
            "| Law 5 - Moving Players Between Rounds and              |",
            "|          its Exceptions ........................... 3   |",
            "| Law 6 - Leaving the Hall .......................... 5   |",
            "|     A. With Leave ................................. 5   |",
            "|     B. Without Leave .............................. 6   |",
            "| Law 7 - Light in the Hall ......................... 6 |"],
           [("law", "4", "Choice of Table", "3"), ("law", "5", "Moving Players Between Rounds and its Exceptions", "3"),
            ("law", "6", "Leaving the Hall", "5"), ("section", "6A", "With Leave", "5"),
            ("section", "6B", "Without Leave", "6"), ("law", "7", "Light in the Hall", "6")]),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_frame_round_dot_leader_entries_reads_as_unframed_contents(lang):
    """Each framed entry keeps its own title and page: no leader or page number in a title,
    and the entries are not run together; a title wrapped inside the frame is joined."""
    lines, want = FRAMED[lang]
    words = Apparatus.of(PROFILE, lang)
    assert detect_kind(lines[1:], words) == "toc"
    toc = parse_toc(lines, words, GRAMMAR.layout_for(lang))
    got = [(e.kind, e.id, e.title, e.page) for e in toc if e.kind in ("law", "section")]
    assert got == want
    assert not [e for e in toc if "...." in e.title or "|" in e.title]
    assert [e.page for e in toc][0] in ("2", "ii")


# an imprint with no quotes round the publisher, an edition named without a year
TITLE_PAGES = {
    "en": ("""THE FENLAND CLUB RULES
Third Edition
Translated by Ada Brook
Edited by Tom Hale
Kingsferry: Reedbed Press, 2019

LAW 4 - CHOICE OF TABLE
Players take the table the director gives them at the start of the session.
""", {"title": "THE FENLAND CLUB RULES", "edition": "Third Edition", "translator": "Ada Brook",
      "editor": "Tom Hale", "city": "Kingsferry", "publisher": "Reedbed Press", "year": "2019"}),
    "ru": ("""ПРАВИЛА КЛУБА «ОЗЁРНЫЙ»
Второе издание
Редактор: И. П. Соснин
Вышгород: Речная книга, 2018

Правило 4. Выбор стола
Игроки занимают стол, который им укажет судья в начале сессии.
""", {"title": "ПРАВИЛА КЛУБА «ОЗЁРНЫЙ»", "edition": "Второе издание", "city": "Вышгород",
      "publisher": "Речная книга", "year": "2018"}),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_city_colon_publisher_imprint_and_a_named_edition_make_a_title_page(lang):
    """«City: Publisher, Year» is the imprint, the edition named in words is the edition
    (never the subtitle), and the lines are the title page, not law text."""
    text, want = TITLE_PAGES[lang]
    lines = text.splitlines()
    words = Apparatus.of(PROFILE, lang)
    n = front_block(lines, words, GRAMMAR.layout_for(lang))
    rest = [t for t in lines[n:] if t.strip()]
    assert rest[0].split()[0] in ("LAW", "Правило")  # the law text starts right after the page
    front = parse_front(lines[:n], words)
    assert {k: front.get(k) for k in want} == want
    assert "subtitle" not in front
    assert named(front, "edition") == want["edition"] and printed(front, "edition")
