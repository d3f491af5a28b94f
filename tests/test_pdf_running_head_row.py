"""Issue 12, cold read 15, finding 3: a PDF's running head printed as a row of two small texts at
the page's top -- the book's title on the left, the current law's heading on the right ("LAW 70 -
THE BOATHOUSE", or short, "Law 70") -- is the page's furniture: never a second heading of the
law, never glued into the text of the column it stands over. Where a repeated heading remains in
a PDF, the error names the running-head possibility. The controls: the same pages without the
head build alike; a top row set at the text's size is text. PDFs written here (fpdf2 with DejaVu
Sans), every sentence invented."""

from __future__ import annotations

import pytest

from lawsearch.corpus import build_corpus
from test_pdf_footnote_over_page_break import FONT, corpus_of

PAGES = {
    "en": ("Rules of the Seagull Station", "LAW 70 - THE BOATHOUSE", "Law 70", "LAW 71 - THE LAUNCH", "Law 71",
           [["LAW 70 - THE BOATHOUSE", "A. Keys", "The boathouse keys are kept by", "the duty officer, who signs",
             "for them in the blue book and", "returns them to the office be-", "fore sunset.", "B. Floors",
             "The floors are swept daily and", "the sand is thrown into the river."],
            ["LAW 71 - THE LAUNCH", "A. Slipway", "A boat is launched stern first", "from the slipway, with two",
             "rowers holding the painter.", "B. Fees", "The keeper collects the fee of", "five coins in a tin box."]],
           {"70A": "The boathouse keys are kept by the duty officer, who signs for them in the blue book and returns "
                   "them to the office before sunset.", "71B": "The keeper collects the fee of five coins in a tin box."}),
    "ru": ("Устав станции «Чайка»", "Правило 70. ЭЛЛИНГ", "Правило 70", "Правило 71. СПУСК", "Правило 71",
           [["Правило 70. ЭЛЛИНГ", "A. Ключи", "Ключи от эллинга хранит", "дежурный, который расписыва-",
             "ется за них в синей книге и", "сдаёт их в контору до за-", "ката солнца.", "B. Полы",
             "Полы метут ежедневно, а", "песок бросают в реку."],
            ["Правило 71. СПУСК", "A. Стапель", "Лодку спускают кормой вперёд", "со стапеля, и двое гребцов",
             "держат фалинь.", "B. Сбор", "Сторож собирает сбор в пять", "жетонов в жестяную коробку."]],
           {"70A": "Ключи от эллинга хранит дежурный, который расписывается за них в синей книге и сдаёт их в контору "
                   "до заката солнца.", "71B": "Сторож собирает сбор в пять жетонов в жестяную коробку."}),
}


def pdf(pages: list[list[str]], book: str, heads: list[str], columns: int, head_size: int = 8) -> bytes:
    """Pages of body lines (11 pt; 14 pt for a law's heading) in ``columns`` columns, each page's
    top row the book's title on the left and its law's running head (``heads``) on the right at
    ``head_size`` pt (no row where ``heads`` is empty), the page's number at its foot."""
    from fpdf import FPDF

    doc = FPDF(unit="pt", format=(595, 842))
    doc.add_font("dv", "", str(FONT))
    doc.set_auto_page_break(False)
    for n, body in enumerate(pages):
        doc.add_page()
        if heads:
            doc.set_font("dv", size=head_size)
            doc.text(30, 30, book)
            doc.text(565 - doc.get_string_width(heads[n]), 30, heads[n])
        per = (len(body) + 1) // 2 if columns == 2 else len(body)
        for i, line in enumerate(body):
            column, row = divmod(i, per)
            doc.set_font("dv", size=14 if line.startswith(("LAW", "Правило")) else 11)
            doc.text(30 + 290 * column, 70 + 16 * row, line)
        doc.set_font("dv", size=9)
        doc.text(280, 810, f"— {41 + n} —")
    return bytes(doc.output())


needs_font = pytest.mark.skipif(not FONT.exists(), reason="DejaVu Sans is not installed")


@needs_font
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("columns", [1, 2])
@pytest.mark.parametrize("short", [False, True])
def test_a_running_head_row_with_the_laws_heading_is_furniture(tmp_path, lang, columns, short):
    book, head70, short70, head71, short71, pages, expected = PAGES[lang]
    heads = [short70, short71] if short else [head70, head71]
    corpus = corpus_of(tmp_path, pdf(pages, book, heads, columns), lang)
    assert not [p for p in corpus.problems if p.severity == "error"], corpus.problems
    for node, text in expected.items():
        assert corpus.node(node).text == text
    assert corpus.node("70").title and corpus.node("71").title
    assert not any(book in (n.text or "") or head70 in (n.text or "") for n in corpus.nodes)
    # the control: the same pages with no running head build alike
    (tmp_path / "bare").mkdir()
    bare = corpus_of(tmp_path / "bare", pdf(pages, book, [], columns), lang)
    assert [(n.id, n.title, n.text) for n in bare.nodes] == [(n.id, n.title, n.text) for n in corpus.nodes]


@needs_font
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_repeated_heading_left_in_a_pdf_names_the_running_head(tmp_path, lang):
    """The control: a top row at the text's own size is no running head the reader knows; the
    heading it repeats is then an error, and the error says it may be one."""
    book, head70, _, head71, _, pages, _ = PAGES[lang]
    pages = [pages[0][:6] + [head70] + pages[0][6:], pages[1]]
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "code.pdf").write_bytes(pdf(pages, book, [head70, head71], 1, head_size=11))
    (root / "manifest.toml").write_text(f'[code]\nlang = "{lang}"\n\n[[source]]\npath = "laws/{lang}/code.pdf"\n'
                                        f'lang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    corpus = build_corpus(root, strict=False)
    errors = [p.message for p in corpus.problems if p.severity == "error" and "repeats" in p.message]
    assert errors and all("running head" in m for m in errors), corpus.problems
