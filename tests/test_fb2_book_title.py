"""Cold read 7 of issue 12, finding 8: an FB2 book's main body opens with its own <title>
naming the book its description names -- the title page, not law text: left out by the
reader (rule ``fb2_book_title``, counted), never an unplaced piece. A body title that is not
the book's title (a law's heading) stays. Invented text."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.formats import DROP_BOOK_TITLE, read_document


def fb2(book_title: str, body_title: str) -> bytes:
    return ('<?xml version="1.0" encoding="utf-8"?>\n<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">'
            f"<description><title-info><book-title>{book_title}</book-title><lang>ru</lang></title-info></description>"
            f"<body><title><p>{body_title}</p></title>"
            "<section><title><p>Правило 7. СТОЛЫ</p></title><p>A. Скатерти</p>"
            "<p>Скатерть стелют до начала тура и снимают после него.</p></section></body></FictionBook>").encode("utf-8")


def test_the_body_title_naming_the_book_is_left_out_and_counted():
    doc = read_document(fb2("Правила кружка «Ольха»", "ПРАВИЛА КРУЖКА «ОЛЬХА»"), "book.fb2")
    assert "ПРАВИЛА КРУЖКА «ОЛЬХА»" not in doc.lines
    assert [(rule, text) for _, rule, text in doc.dropped] == [(DROP_BOOK_TITLE, "ПРАВИЛА КРУЖКА «ОЛЬХА»")]


def test_a_body_title_that_is_not_the_books_stays():
    doc = read_document(fb2("Правила кружка «Ольха»", "Правило 6. СТУЛЬЯ"), "book.fb2")
    assert "Правило 6. СТУЛЬЯ" in doc.lines and not doc.dropped


def test_no_unplaced_piece_of_the_book_title(tmp_path):
    corpus = tmp_path / "c"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / "book.fb2").write_bytes(fb2("Правила кружка «Ольха»", "Правила кружка «Ольха»"))
    (corpus / "manifest.toml").write_text('[code]\ntitle = "T"\nlaws = [1, 93]\nlang = "ru"\n\n[[source]]\n'
                                          'path = "laws/ru/book.fb2"\nlang = "ru"\nkind = "laws"\n', encoding="utf-8")
    built = build_corpus(Path(corpus), strict=False)
    assert not [n for n in built.nodes if n.kind == "piece"]
    assert not any("Ольха" in f"{n.title or ''} {n.text or ''}" for n in built.nodes)


def fb2_title_page(book_title: str, paragraphs: list[str]) -> bytes:
    title = "".join(f"<p>{p}</p>" for p in paragraphs)
    return ('<?xml version="1.0" encoding="utf-8"?>\n<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">'
            f"<description><title-info><book-title>{book_title}</book-title><lang>ru</lang></title-info></description>"
            f"<body><title>{title}</title>"
            "<section><title><p>Правило 7. СТОЛЫ</p></title><p>A. Скатерти</p>"
            "<p>Скатерть стелют до начала тура и снимают после него.</p></section></body></FictionBook>").encode("utf-8")


@pytest.mark.parametrize("edition", ["Издание второе", "Второе издание, 1991", "Редакция клуба"])
def test_the_body_title_with_an_edition_line_is_the_title_page(tmp_path, edition):
    """Cold read 8 finding 12: the book's title and an edition line under it, one <title>:
    the title page, left out and counted line by line, no unplaced piece."""
    data = fb2_title_page("Устав клуба «Сукно и мел»", ["Устав клуба «Сукно и мел»", edition])
    doc = read_document(data, "book.fb2")
    assert edition not in doc.lines and "Устав клуба «Сукно и мел»" not in doc.lines
    assert [text for _, rule, text in doc.dropped if rule == DROP_BOOK_TITLE] == ["Устав клуба «Сукно и мел»", edition]
    corpus = tmp_path / "c"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / "book.fb2").write_bytes(data)
    (corpus / "manifest.toml").write_text('[code]\ntitle = "T"\nlaws = [1, 93]\nlang = "ru"\n\n[[source]]\n'
                                          'path = "laws/ru/book.fb2"\nlang = "ru"\nkind = "laws"\n', encoding="utf-8")
    built = build_corpus(Path(corpus), strict=False)
    assert not [n for n in built.nodes if n.kind == "piece"]
    assert [n.id for n in built.nodes if not n.missing][:1] == ["7"]


@pytest.mark.parametrize("after", ["Правило 6. СТУЛЬЯ", "Стулья ставят вдоль стены, спинками к окну."])
def test_a_law_heading_or_a_sentence_under_the_book_title_stays(after):
    doc = read_document(fb2_title_page("Устав клуба", ["Устав клуба", after]), "book.fb2")
    assert after in doc.lines
