"""Cold read 15, issue 13, finding 7 (the rest): a reader never sees a piece's raw ID
(``piece-book-40``): the site's "cited by", ``show`` and the search data name a piece by its
source file and book page; the unplaced-pieces page lists the book's own matter (a preface, an
afterword) apart from the pieces that may be law text, in the book's page order. Controls: a
law is still named as a law; a headless page of law text no rule placed stays on the page's
main list. Invented books, Russian and English."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from added_books import book_folder
from lawsearch.build import build
from lawsearch.cli import main

BOOKS = {
    "ru": {"preface": ["ОТ СОСТАВИТЕЛЯ", "Эти правила составлены для летних турниров клуба на старой даче у реки."],
           "contents": ["СОДЕРЖАНИЕ", "Правило 1. Запись пар ........ 3", "Правило 2. Рассадка ........ 4",
                        "Послесловие ........ 7"],
           "laws": [["Правило 1. ЗАПИСЬ ПАР", "Пара записывается у секретаря до начала сессии."],
                    ["Правило 2. РАССАДКА", "Пары садятся за столы по жребию, который тянет капитан."]],
           "lost": "бланки собирают у всех столов после последнего круга и передают секретарю",
           "after": ["ПОСЛЕСЛОВИЕ", "Составитель благодарит клуб за помощь; о жребии сказано в правиле 2."],
           "name": "фрагмент из book.txt, стр. {page}", "cited": "На это ссылаются:"},
    "en": {"preface": ["FROM THE COMPILER", "These laws were drawn up for the club's summer meetings at the old river house."],
           "contents": ["CONTENTS", "Law 1 - Entries ........ 3", "Law 2 - Seating ........ 4", "Afterword ........ 7"],
           "laws": [["LAW 1 - ENTRIES", "A pair enters at the desk before the session."],
                    ["LAW 2 - SEATING", "Pairs take their tables by a draw the captain makes."]],
           "lost": "the scorecards are collected from every table after the last round and handed to the desk",
           "after": ["AFTERWORD", "The compiler thanks the club for its help; the draw is set out in Law 2."],
           "name": "piece of book.txt, p. {page}", "cited": "Cited by:"},
}


def book(b) -> str:
    pages = [b["preface"], b["contents"], b["laws"][0], b["laws"][1], [b["lost"]], b["after"]]
    out = []
    for n, lines in zip((1, 2, 3, 4, 6, 7), pages):  # page 5 lost: page 6 joins nothing before it
        out += lines + [f"- {n} -"]
    return "\n".join(out) + "\n"


def visible(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S))


@pytest.fixture(params=["ru", "en"])
def site(request, tmp_path):
    b = BOOKS[request.param]
    root = book_folder(tmp_path, request.param, book(b))
    build(root, tmp_path / "out", lambda message: None)
    return b, root, tmp_path / "out"


def test_cited_by_names_the_piece_by_file_and_page(site):
    b, root, out = site
    html = (out / "site" / "laws" / "2.html").read_text(encoding="utf-8")
    text = visible(html)
    assert b["cited"] in text
    cited = text[text.index(b["cited"]):][:200]
    assert b["name"].format(page=7) in cited, cited
    assert "piece-" not in text
    shown = CliRunner().invoke(main, ["show", "--corpus", str(root), "2"]).output
    assert b["name"].format(page=7) in shown and "piece-" not in shown, shown


def test_the_search_data_names_pieces(site):
    b, root, out = site
    data = (out / "site" / "search-index.js").read_text(encoding="utf-8")
    names = json.loads(re.search(r'"names":(\{[^{}]*\})', data).group(1))
    assert sorted(names.values()) == sorted(b["name"].format(page=p) for p in (1, 6, 7)), names
    assert not any(k.startswith("piece-") is False for k in names)  # only pieces are renamed: laws keep their label


def test_book_matter_is_listed_apart_in_page_order(site):
    b, root, out = site
    html = (out / "site" / "unattributed.html").read_text(encoding="utf-8")
    main_part, _, matter = html.partition('<section class="book-matter">')
    assert matter, "no part for the book's own matter"
    assert b["lost"][:30] in main_part and b["lost"][:30] not in matter  # headless law text: the main list
    assert b["preface"][1][:30] in matter and b["after"][1][:30] in matter
    assert matter.index(b["preface"][1][:30]) < matter.index(b["after"][1][:30])  # page 1 before page 7
    assert b["preface"][1][:30] not in main_part and b["after"][1][:30] not in main_part
