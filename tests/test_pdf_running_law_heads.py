"""A PDF's running head repeating the current law's heading (cold read 6 of issue 12,
findings 4 and 5): the page's top line, standing apart above the text, beside the page's
number (or alone, set small, repeating the text's words or another page's head) is
furniture -- the book's title on even pages, the law's heading on odd ones -- left out by
the PDF reader (``pdf_running_heads``), never a heading that "repeats". A law's title
wrapped over several capital lines in a narrow column continues the title. A heading that
does repeat at a page's top says it may be a running head. Every text here is invented;
the PDFs are written here with fpdf2, as tests/formats_gen.py writes its own."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from formats_gen import FONT
from lawsearch.corpus import build_corpus
from lawsearch.formats import read_document
from lawsearch.model import CorpusError

RU = ("Справочник садового товарищества", [
    ("Правило 40. ОБЯЗАННОСТИ ДЕЖУРНОГО САДОВОДА", [
        ("A. Обход участков", ["Дежурный обходит участки утром и вечером, записывая в тетрадь всё замеченное.",
                               "Сломанные калитки он отмечает красным карандашом."]),
        ("B. Передача ключей", ["Ключи от сарая дежурный передаёт сменщику под роспись в той же тетради."])]),
    ("Правило 41. ПОЛИВ ГРЯДОК И ТЕПЛИЦ", [
        ("A. Часы полива", ["Грядки поливают после захода солнца, а теплицы до полудня, если нет дождя."]),
        ("B. Расход воды", ["Бочки наполняют по очереди, начиная с участка у ворот."])]),
    ("Правило 42. ЗАБЫТЫЕ ИНСТРУМЕНТЫ", [
        ("A. Находка", ["Лопаты и грабли, оставленные на дорожках, сдаются сторожу до вечера."])]),
])
EN = ("Orchard Keepers Handbook", [
    ("LAW 60 - DUTIES OF THE ORCHARD WARDEN", [
        ("A. Morning Round", ["The warden walks the rows each morning and notes every broken branch in the log.",
                              "Fallen fruit is gathered before the visitors arrive."]),
        ("B. Handing Over the Keys", ["The warden hands the shed keys to the next warden against a signature."])]),
    ("LAW 61 - WATERING THE YOUNG TREES", [
        ("A. Hours", ["Young trees are watered after sunset, and never in the heat of the day."]),
        ("B. Barrels", ["Barrels are filled in turn, starting with the row nearest the gate."])]),
    ("LAW 62 - FORGOTTEN TOOLS", [
        ("A. Found Tools", ["Spades and rakes left on the paths are handed to the watchman by evening."])]),
])


def _pdf(book, columns: int, number_beside_head: bool, width: int, per_column: int = 14) -> bytes:
    from fpdf import FPDF

    title, laws = book
    rows = []
    for li, (heading, sections) in enumerate(laws):
        rows += [("H", w, li) for w in textwrap.wrap(heading, width)]
        for section, paragraphs in sections:
            rows += [("H", w, li) for w in textwrap.wrap(section, width)]
            for p in paragraphs:
                rows += [("T", w, li) for w in textwrap.wrap(p, width)]
    pdf = FPDF(format="A5")
    pdf.add_font("dv", "", str(FONT))
    pdf.set_auto_page_break(False)
    per_page = per_column * columns
    for pi in range(0, len(rows), per_page):
        page = rows[pi: pi + per_page]
        pdf.add_page()
        number = pi // per_page + 11
        head = laws[page[0][2]][0] if number % 2 else title
        pdf.set_font("dv", size=7)
        pdf.text(40, 9, head)
        if number_beside_head:
            pdf.text(130 if number % 2 else 12, 9, str(number))
        for ci in range(columns):
            for r, (_, text, _) in enumerate(page[ci * per_column:(ci + 1) * per_column]):
                pdf.set_font("dv", size=9)
                pdf.text(12 + ci * 66, 20 + r * 5.5, text)
        if not number_beside_head:
            pdf.set_font("dv", size=8)
            pdf.text(66, 200, f"— {number} —")  # a framed number at the foot
    return bytes(pdf.output())


def _words(book) -> list[str]:
    return [w for heading, sections in book[1] for s, ps in sections for p in ps for w in p.split()]


def _corpus(root: Path, lang: str, data: bytes) -> Path:
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "book.pdf").write_bytes(data)
    (root / "manifest.toml").write_text(f'[code]\ntitle = "T"\nlaws = [1, 93]\nlang = "{lang}"\n\n[[source]]\n'
                                        f'path = "laws/{lang}/book.pdf"\nlang = "{lang}"\nkind = "laws"\n',
                                        encoding="utf-8")
    return root


CASES = [
    # (book, lang, columns, number beside the head, wrap width)
    (RU, "ru", 2, True, 30), (RU, "ru", 2, False, 30), (RU, "ru", 1, True, 60), (RU, "ru", 2, True, 24),
    (EN, "en", 2, True, 30), (EN, "en", 2, False, 30), (EN, "en", 1, True, 60), (EN, "en", 2, True, 22),
]


@pytest.mark.parametrize("book, lang, columns, beside, width", CASES)
def test_running_heads_go_and_the_laws_build_with_their_whole_titles(tmp_path, book, lang, columns, beside, width):
    data = _pdf(book, columns, beside, width)
    doc = read_document(data, "book.pdf")
    heads = [text for _, rule, text in doc.dropped if rule == "pdf_running_heads"]
    assert heads and set(heads) <= {book[0]} | {h for h, _ in book[1]}
    c = build_corpus(_corpus(tmp_path / "c", lang, data))
    laws = {n.id: n for n in c.nodes if n.kind == "law"}
    for heading, _ in book[1]:
        number, title = heading.split(" ", 2)[1].strip("."), heading.split(" ", 2)[2].lstrip("- ")
        assert laws[number].title == title  # wrapped over capital lines, one title
    text = " ".join(" ".join(filter(None, (n.title, n.text))) for n in c.nodes)
    assert book[0] not in text  # the book's title on even pages
    flat = " ".join(text.split())
    for word in _words(book):
        assert word in flat


def test_a_heading_repeated_at_a_page_top_says_it_may_be_a_running_head(tmp_path):
    text = ("Правило 40. ЯЩИКИ\nA. Приём\nЯщики принимают по описи у ворот склада.\n- 7\n"
            "Правило 40. ЯЩИКИ\nB. Выдача\nЯщики выдают под роспись.\n- 8\nПравило 41. ЛЕЙКИ\nЛейки стоят у колодца.\n")
    root = tmp_path / "c"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "a.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\ntitle = "T"\nlaws = [1, 93]\n\n[[source]]\npath = "laws/ru/a.txt"\n'
                                        'lang = "ru"\nkind = "laws"\n', encoding="utf-8")
    with pytest.raises(CorpusError) as e:
        build_corpus(root)
    message = str(e.value)
    assert "heading of 40 repeats" in message and "running head" in message and 'at = "<source>:5"' in message


def test_a_heading_repeated_inside_a_page_does_not_speak_of_running_heads(tmp_path):
    text = ("Правило 40. ЯЩИКИ\nA. Приём\nЯщики принимают по описи у ворот склада.\n"
            "Правило 40. ЯЩИКИ\nB. Выдача\nЯщики выдают под роспись.\nПравило 41. ЛЕЙКИ\nЛейки стоят у колодца.\n")
    root = tmp_path / "c"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "a.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\ntitle = "T"\nlaws = [1, 93]\n\n[[source]]\npath = "laws/ru/a.txt"\n'
                                        'lang = "ru"\nkind = "laws"\n', encoding="utf-8")
    with pytest.raises(CorpusError) as e:
        build_corpus(root)
    assert "heading of 40 repeats" in str(e.value) and "running head" not in str(e.value)
