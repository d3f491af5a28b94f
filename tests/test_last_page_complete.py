"""No «[…]» gap mark after the last law of a copy whose last page is complete (cold read 6
of issue 12, finding 6): a whole document (a PDF, an e-book) or a text counting its pages in
words («Page 3 of 3») ends where its last page does when its text ends a sentence there; a
text stopping mid-sentence there is still cut, and a book excerpt ending at the book's own
footer (``- 8``) still ends at a page gap (the next page is not in it). Every text here is
invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from test_pdf_running_law_heads import EN, RU, _pdf


def _corpus(root: Path, lang: str, name: str, data: bytes) -> Path:
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / name).write_bytes(data)
    (root / "manifest.toml").write_text(f'[code]\ntitle = "T"\nlaws = [1, 93]\nlang = "{lang}"\n\n[[source]]\n'
                                        f'path = "laws/{lang}/{name}"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    return root


def _gaps(c) -> list[str]:
    return [n.id for n in c.nodes if n.truncated_end or any(m.kind == "gap" for m in n.marks)]


@pytest.mark.parametrize("book, lang", [(RU, "ru"), (EN, "en")])
@pytest.mark.parametrize("columns", [1, 2])
@pytest.mark.parametrize("number_at_top", [True, False])
def test_a_pdfs_last_law_has_no_gap_mark(tmp_path, book, lang, columns, number_at_top):
    data = _pdf(book, columns, number_at_top, 60 if columns == 1 else 30)
    c = build_corpus(_corpus(tmp_path / "c", lang, "book.pdf", data))
    assert _gaps(c) == []


RU_PAGES = ("Правило 40. ЯЩИКИ\nA. Приём\nЯщики принимают по описи.\n{0} 1 {1} 2\nB. Выдача\n"
            "Ящики выдают под роспись в тетради.\n{0} 2 {1} 2\n")
EN_PAGES = ("LAW 40 - CRATES\nA. Receiving\nCrates are received by the list.\n{0} 1 {1} 2\nB. Issuing\n"
            "Crates are issued against a signature.\n{0} 2 {1} 2\n")


@pytest.mark.parametrize("lang, text", [("ru", RU_PAGES.format("Страница", "из")), ("ru", RU_PAGES.format("Стр.", "из")),
                                        ("en", EN_PAGES.format("Page", "of"))])
def test_a_text_counting_its_pages_ends_complete_on_its_last_page(tmp_path, lang, text):
    c = build_corpus(_corpus(tmp_path / "c", lang, "a.txt", text.encode()))
    assert _gaps(c) == []


@pytest.mark.parametrize("lang, text", [("ru", RU_PAGES.format("Страница", "из").replace("в тетради.", "в")),
                                        ("en", EN_PAGES.format("Page", "of").replace("a signature.", "a"))])
def test_a_last_page_stopping_mid_sentence_is_still_cut(tmp_path, lang, text):
    c = build_corpus(_corpus(tmp_path / "c", lang, "a.txt", text.encode()), strict=False)
    assert _gaps(c) == ["40B"]


def test_a_book_excerpt_ending_at_the_books_footer_still_ends_at_a_gap(tmp_path):
    text = "Правило 40. ЯЩИКИ\nA. Приём\nЯщики принимают по описи.\n- 7\nB. Выдача\nЯщики выдают под роспись.\n- 8\n"
    c = build_corpus(_corpus(tmp_path / "c", "ru", "a.txt", text.encode()), strict=False)
    assert _gaps(c) == ["40B"]
