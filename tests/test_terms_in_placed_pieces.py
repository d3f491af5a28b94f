"""Cold read 14, issue 13, finding 7: a headless page a rule placed in a law (the contents
close its page) is that law's text: the defined terms in it are linked to the definitions,
as in any law text node. Text no rule placed (a piece of unknown law) links none. Invented
books, Russian and English."""

from __future__ import annotations

import pytest

from lawsearch.corpus import parse_folder
from lawsearch.definitions import find_uses, entries
from lawsearch.sources import read_corpus_folder
from added_books import book_folder

WORDS = {
    "ru": {"law": "Правило", "page": "Страница", "contents": "СОДЕРЖАНИЕ", "defs": "ОПРЕДЕЛЕНИЯ",
           "defs_entry": "Определения", "term": "Смотритель",
           "def": "Смотритель — лицо, назначенное клубом следить за маяком.",
           "t7": "Маяк", "t8": "Огонь", "t9": "Лодки",
           "x7": "Маяк открыт для игроков только днём.",
           "x8": "Огонь зажигает смотритель за час до заката.",
           "x9": "Лодки выдают под запись в журнале.",
           "loose": "Огонь гасит смотритель на рассвете."},
    "en": {"law": "Law", "page": "Page", "contents": "CONTENTS", "defs": "DEFINITIONS",
           "defs_entry": "Definitions", "term": "Keeper",
           "def": "Keeper - the person the club appoints to tend the light.",
           "t7": "The Light", "t8": "The Flame", "t9": "The Boats",
           "x7": "The light is open to players by day only.",
           "x8": "The Keeper lights the flame an hour before sunset.",
           "x9": "Boats are signed out in the log.",
           "loose": "The Keeper puts out the flame at dawn."},
}


def book(lang: str, *, contents: bool = True) -> str:
    """Definitions on page 2, laws 7-9 on pages 3-5; page 4 (law 8 by the contents) has no
    heading. Without ``contents`` no contents close page 4, and a page lost before it (it is
    numbered 5) keeps it from joining law 7: nothing places it."""
    w = WORDS[lang]
    toc = [w["contents"], f"{w['defs_entry']} ........ 2",
           *(f"{w['law']} {n}. {w[f't{n}']} ........ {n - 4}" for n in (7, 8, 9))]
    pages = [toc if contents else [w["loose"].split()[0]], [w["defs"], w["def"]],
             [f"{w['law']} 7. {w['t7'].upper()}", w["x7"]], [w["x8"]],
             [f"{w['law']} 9. {w['t9'].upper()}", w["x9"]]]
    numbers = [1, 2, 3, 4, 5] if contents else [1, 2, 3, 5, 6]
    return "\n".join(line for n, page in zip(numbers, pages) for line in [*page, f"{w['page']} {n}"]) + "\n"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_term_in_a_placed_headless_page_is_linked(tmp_path, lang):
    w = WORDS[lang]
    corpus = parse_folder(read_corpus_folder(book_folder(tmp_path, lang, book(lang))), strict=False)
    holding = [n for n in corpus.nodes if w["x8"][:20] in (n.text or "")]
    assert holding and all(n.law == "8" for n in holding), [(n.id, n.law) for n in holding]
    assert entries(corpus), "the definitions were read"
    uses = find_uses(corpus.nodes, entries(corpus), lang)
    assert any(u["node"] == holding[0].id and u["surface"].lower() == w["term"].lower() for u in uses), uses


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_term_in_a_piece_of_no_known_law_is_not_linked(tmp_path, lang):
    w = WORDS[lang]
    corpus = parse_folder(read_corpus_folder(book_folder(tmp_path, lang, book(lang, contents=False))), strict=False)
    holding = [n for n in corpus.nodes if w["x8"][:20] in (n.text or "")]
    assert holding and all(n.law is None for n in holding), [(n.id, n.law) for n in holding]
    uses = find_uses(corpus.nodes, entries(corpus), lang) if entries(corpus) else []
    assert not any(u["node"] == holding[0].id for u in uses)
