"""Cold read 14, issue 13, finding 1: two headless pages in a row, the contents starting a
law on each (both law headings lost with the pages' tops). The second page is no
continuation of the first page's law: the contents entry that starts a law on it wins over
page continuity, as it does for a section (test_lost_section_heading.py). Each page is
placed in its own law by the contents, the law's heading marked lost, and check never says
a law is missing whose text is placed. A page that finishes the sentence the page before
left open, or a law whose heading is printed, stays as it was. Invented books, Russian and
English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.check import quality_report
from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder
from added_books import book_folder

WORDS = {
    "ru": {"law": "Правило", "page": "Страница", "contents": "СОДЕРЖАНИЕ",
           "t20": "Сигнальный колокол", "t21": "Фонари у пристани", "t22": "Туман над проливом",
           "t23": "Кухня на острове",
           "x20": "Колокол звонит за час до прилива, и игра останавливается.",
           "x21": "Фонари у пристани зажигает лодочник перед закатом.",
           "x21_open": "Если фонари погасли, игра прекращается до",
           "x22": "В туман катер не выходит, и туры обоих дней переносятся.",
           "x22_close": "их починки смотрителем.",
           "x23": "Кухня подаёт суп только между турами."},
    "en": {"law": "Law", "page": "Page", "contents": "CONTENTS",
           "t20": "The Tide Bell", "t21": "Lamps by the Jetty", "t22": "Mist over the Sound",
           "t23": "The Island Galley",
           "x20": "The bell rings an hour before high water and play halts.",
           "x21": "The boatman lights the lamps by the jetty before sunset.",
           "x21_open": "If the lamps go out, play is suspended until",
           "x22": "In mist the launch stays moored and both days' rounds move on.",
           "x22_close": "the keeper has mended them.",
           "x23": "The galley serves soup between rounds only."},
}


def book(lang: str, *, last: bool = False, headed: bool = False, open_sentence: bool = False, base: int = 20) -> str:
    """Laws 20-23 on pages 2-5 by the contents (``Page N`` ends page N). Pages 3 and 4 hold
    laws 21 and 22 with no heading; law 22's is printed where ``headed``. ``last``: law 22
    is the book's last law (no law 23). ``open_sentence``: page 3 ends mid-sentence and page
    4 opens by finishing it. ``base``: the first law's number (20 names it above)."""
    w = WORDS[lang]
    laws = (20, 21, 22) if last else (20, 21, 22, 23)
    contents = [w["contents"], *(f"{w['law']} {n}. {w[f't{n}']} ........ {n - 18}" for n in laws)]
    page3 = [w["x21"]] + ([w["x21_open"]] if open_sentence else [])
    page4 = ([f"{w['law']} 22. {w['t22'].upper()}"] if headed else []) \
        + ([w["x22_close"]] if open_sentence else []) + [w["x22"]]
    pages = [contents, [f"{w['law']} 20. {w['t20'].upper()}", w["x20"]], page3, page4]
    if not last:
        pages.append([f"{w['law']} 23. {w['t23'].upper()}", w["x23"]])
    text = "\n".join(line for n, page in enumerate(pages, 1) for line in [*page, f"{w['page']} {n}"]) + "\n"
    for n in (23, 22, 21, 20):
        text = text.replace(f"{w['law']} {n}.", f"{w['law']} {n - 20 + base}.")
    return text


def build(tmp_path: Path, lang: str, text: str):
    root = book_folder(tmp_path, lang, text)
    return root, parse_folder(read_corpus_folder(root), strict=False)


def where(corpus, words: str) -> set[str]:
    return {n.law for n in corpus.nodes if words[:25] in (n.text or "")}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_each_of_two_headless_pages_goes_to_the_law_the_contents_start_on_it(tmp_path, lang):
    w = WORDS[lang]
    root, corpus = build(tmp_path, lang, book(lang))
    assert where(corpus, w["x21"]) == {"21"}
    assert where(corpus, w["x22"]) == {"22"}  # not glued to law 21 by page continuity
    placed = [n for n in corpus.nodes if w["x22"][:25] in (n.text or "")]
    assert all(n.attribution == "page" for n in placed), [n.attribution for n in placed]
    law22 = next(n for n in corpus.nodes if n.id == "22" and n.kind == "law")
    assert law22.title == w["t22"]  # the heading lost: its title from the contents
    text = quality_report(corpus, root=root).text()
    assert not any("22" in line and ("NOT PLACED" in line or "MISSING" in line) for line in text.splitlines())
    line22 = next(line for line in text.splitlines() if line.strip().startswith("22 ") and " -- " in line)
    assert "heading lost" in line22, line22


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_last_laws_headless_page_is_cut_from_the_law_before_and_named(tmp_path, lang):
    """Law 22 the book's last law: the contents cannot close its page (no later law starts
    after it), so the page is left unplaced, as a page after a headed law is
    (test_book_cold7_apparatus.py) -- never glued to law 21, and check's line for law 22
    names that page as where its text may be."""
    w = WORDS[lang]
    root, corpus = build(tmp_path, lang, book(lang, last=True))
    assert where(corpus, w["x21"]) == {"21"}
    assert where(corpus, w["x22"]) == {None}  # a piece of its own, not law 21's tail
    text = quality_report(corpus, root=root).text()
    line22 = next(line for line in text.splitlines() if line.strip().startswith("22 ") and " -- " in line)
    assert "unplaced page at" in line22 and "book.txt:" in line22, line22
    line21 = next(line for line in text.splitlines() if line.strip().startswith("21 ") and " -- " in line)
    assert "complete as far" not in line21, line21  # the page may be law 21's


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_printed_heading_or_an_open_sentence_keeps_the_pages_as_they_were(tmp_path, lang):
    w = WORDS[lang]
    _, corpus = build(tmp_path, lang, book(lang, headed=True))
    assert where(corpus, w["x21"]) == {"21"} and where(corpus, w["x22"]) == {"22"}
    law22 = next(n for n in corpus.nodes if n.id == "22" and n.kind == "law")
    assert law22.attribution == "heading"
    # page 4 finishes law 21's open sentence: those words stay in law 21
    _, corpus = build(tmp_path / "open", lang, book(lang, open_sentence=True))
    assert where(corpus, w["x22_close"]) == {"21"}


def test_an_english_lost_heading_takes_the_books_contents_title_not_the_built_in_titles(tmp_path):
    """Cold read 14, finding 3: the built-in titles file (the real code's English titles)
    names laws 51 and 52; this book's contents name them otherwise. The book's own
    contents title wins for a law whose heading was lost, as it does in Russian; a law
    whose heading is printed keeps its printed title."""
    w = WORDS["en"]
    root = book_folder(tmp_path / "probe", "en", book("en", base=50))
    builtin = read_corpus_folder(root).titles_en
    assert builtin.get("51") and builtin.get("52")  # the premise: the titles file names them
    assert builtin["51"] != w["t21"] and builtin["52"] != w["t22"]
    _, corpus = build(tmp_path, "en", book("en", base=50))
    laws = {n.id: n for n in corpus.nodes if n.kind == "law"}
    assert (laws["51"].title, laws["51"].title_from) == (w["t21"], "contents")
    assert (laws["52"].title, laws["52"].title_from) == (w["t22"], "contents")
    assert (laws["50"].title, laws["50"].title_from) == (w["t20"].upper(), "heading")  # control
