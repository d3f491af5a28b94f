"""Issue 12, cold read 15, finding 1: in a PDF a line counts as repeated page furniture only
where it stands in the page's margin band -- the rows at the page's top or bottom set apart from
the text block (a running head or foot, the page's number). The same sentence ending the text of
several pages mid-page, far above the page's number, is the law's own text and is kept; a real
running foot printed in the bottom margin over every page's number still goes (the control).
The PDFs are written here (fpdf2 with DejaVu Sans), every sentence invented."""

from __future__ import annotations

import pytest

from test_pdf_footnote_over_page_break import FONT, corpus_of

LAWS = {
    "en": [("LAW 55 - THE SAILS", "A. Drying", "Wet sails are spread on the lawn."),
           ("LAW 56 - THE MASTS", "A. Stepping", "A mast is stepped by three members."),
           ("LAW 57 - THE RUDDERS", "A. Hanging", "Rudders hang on the north wall.")],
    "ru": [("Правило 55. ПАРУСА", "A. Сушка", "Мокрые паруса расстилают на лужайке."),
           ("Правило 56. МАЧТЫ", "A. Установка", "Мачту ставят трое членов клуба."),
           ("Правило 57. РУЛИ", "A. Хранение", "Рули висят на северной стене.")],
}
# a line ending each law's text: a sentence, or a short signature with no stop
LAST = {"en": ["The warden's decision is final.", "Signed by the boathouse warden"],
        "ru": ["Решение смотрителя окончательно.", "Подписано смотрителем лодочной станции"]}
FOOT = {"en": "Seagull Station Rules, second printing.", "ru": "Устав станции «Чайка», второй выпуск."}


def pdf(pages: list[list[str]], foot: str = "", number_at: str = "foot") -> bytes:
    """Pages of body lines at 11 pt from the top of the text block; the page's number (9 pt)
    in the bottom margin (``number_at`` "foot") or the top one ("head"); ``foot``: a running
    foot printed in the bottom margin right over the number."""
    from fpdf import FPDF

    doc = FPDF(unit="pt", format=(420, 595))
    doc.add_font("dv", "", str(FONT))
    doc.set_auto_page_break(False)
    for n, body in enumerate(pages, 5):
        doc.add_page()
        doc.set_font("dv", size=11)
        for i, line in enumerate(body):
            doc.text(40, 70 + 15 * i, line)
        doc.set_font("dv", size=9)
        if foot:
            doc.text(120, 556, foot)
        doc.text(205, 570 if number_at == "foot" else 30, str(n))
    return bytes(doc.output())


def _words(corpus) -> str:
    return " ".join(node.text for node in corpus.nodes if node.text)


needs_font = pytest.mark.skipif(not FONT.exists(), reason="DejaVu Sans is not installed")


@needs_font
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("last", [0, 1])
@pytest.mark.parametrize("number_at", ["foot", "head"])
def test_a_line_ending_the_text_block_on_every_page_is_kept(tmp_path, lang, last, number_at):
    line = LAST[lang][last]
    pages = [list(law) + [line] for law in LAWS[lang]]
    corpus = corpus_of(tmp_path, pdf(pages, number_at=number_at), lang)
    for n in (55, 56, 57):
        assert corpus.node(f"{n}A").text.endswith(line), corpus.node(f"{n}A").text


@needs_font
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_running_foot_in_the_bottom_margin_still_goes(tmp_path, lang):
    """The control: the book's running foot over every page's number, in the margin band."""
    pages = [list(law) + [LAST[lang][0]] for law in LAWS[lang]]
    corpus = corpus_of(tmp_path, pdf(pages, foot=FOOT[lang]), lang)
    text = _words(corpus)
    assert FOOT[lang].split(",")[0] not in text
    for n in (55, 56, 57):
        assert corpus.node(f"{n}A").text.endswith(LAST[lang][0])
