"""Issue 12, cold read 13, finding 8: a book's text whose pages form feeds part, each page
opening with a running head («\\fЧасть вторая. Хозяйство клуба») and closing with its folio
(«- 15 -»), read in KOI8-R as in UTF-8: the running head is furniture, yet the page still
begins at its feed (the feed was lost with the emptied head, so the pages read as a book's
excerpt whose next page is missing); the text of such a printed document ends where its last
page does, so a last page ending a sentence loses nothing. The controls: the same book with
no form feeds (a typed excerpt: the page after the last one may be missing) keeps its gap,
and a fed book whose last page stops mid-sentence is cut. The books are invented."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

RU_PAGES = [
    ["Часть вторая. Хозяйство клуба", "", "Правило 70. ПАСЕКА", "A. Ульи", "Ульи ставят рядами вдоль южной",
     "изгороди, летками к восходу.", "B. Дымарь", "Дымарь разжигают гнилушками осины, а"],
    ["Часть вторая. Хозяйство клуба", "", "не сосновой щепой.", "Правило 71. МАСТЕРСКАЯ", "A. Заводка",
     "Часы заводят ключом по четвергам.", "B. Починка", "Пружину меняет мастер Фаддей."],
    ["Часть вторая. Хозяйство клуба", "", "Правило 72. ГОЛУБЯТНЯ", "A. Корм", "Голубей кормят пшеном дважды",
     "в день.", "B. Выпуск", "Голубей выпускают лишь в ясную", "погоду, а о возвращении докладывают",
     "секретарю письменно."],
]
EN_PAGES = [
    ["PART TWO. HOUSEKEEPING", "", "LAW 70 - THE APIARY", "A. Hives", "Hives stand in rows along the",
     "southern fence.", "B. Smoker", "The smoker is lit with rotten aspen, and"],
    ["PART TWO. HOUSEKEEPING", "", "not with pine chips.", "LAW 71 - THE WORKSHOP", "A. Winding",
     "The clock is wound on Thursdays.", "B. Repair", "A spring is changed by the master."],
    ["PART TWO. HOUSEKEEPING", "", "LAW 72 - THE DOVECOTE", "A. Feed", "Pigeons are fed millet twice",
     "a day.", "B. Release", "Pigeons are released only in fair", "weather, and each return is reported",
     "to the secretary in writing."],
]


def book(pages: list[list[str]], feeds: bool = True, cut: bool = False) -> str:
    out = []
    for k, lines in enumerate(pages, 12):
        lines = list(lines)
        if cut and k == 11 + len(pages):
            lines[-1] = lines[-1].rstrip(".").rsplit(" ", 1)[0]  # the last page stops mid-sentence
        if feeds and out:
            lines[0] = "\f" + lines[0]
        out += lines + ["", f"- {k} -"]
    return "\n".join(out) + "\n"


def checked(tmp_path, text: str, encoding: str) -> tuple[str, int]:
    (tmp_path / "book.txt").write_bytes(text.encode(encoding))
    corpus = tmp_path / "corpus"
    added = CliRunner().invoke(main, ["add", str(tmp_path / "book.txt"), "--corpus", str(corpus)])
    assert added.exit_code == 0, added.output
    result = CliRunner().invoke(main, ["check", "--corpus", str(corpus), "--out", str(tmp_path / "out")])
    law = next(line for line in result.output.split("\nLaws:\n")[1].splitlines() if line.strip().startswith("72 "))
    return law, result.output


@pytest.mark.parametrize("pages, encoding", [(RU_PAGES, "koi8-r"), (RU_PAGES, "cp1251"), (RU_PAGES, "utf-8"),
                                             (EN_PAGES, "utf-8")], ids=["ru-koi8", "ru-1251", "ru-utf8", "en"])
def test_a_fed_book_ending_a_sentence_on_its_last_page_loses_nothing(tmp_path, pages, encoding):
    law, out = checked(tmp_path, book(pages), encoding)
    assert law.endswith("complete as far as the sources go"), out
    assert "Gaps: 0 gap marks" in out and "lost" not in out.split("\nLaws:\n")[1].split("\n\n")[0], out


@pytest.mark.parametrize("pages", [RU_PAGES, EN_PAGES], ids=["ru", "en"])
def test_the_pages_begin_at_their_feeds_though_the_running_head_goes(tmp_path, pages):
    _, out = checked(tmp_path, book(pages), "utf-8")
    assert "form_feed_page_end 2" in out, out
    assert "Pages: 3 present (12-14)" in out, out


@pytest.mark.parametrize("pages", [RU_PAGES, EN_PAGES], ids=["ru", "en"])
def test_a_fed_book_cut_mid_sentence_is_cut(tmp_path, pages):
    """The control: the last page stops mid-sentence -- its text is lost after it."""
    law, out = checked(tmp_path, book(pages, cut=True), "utf-8")
    assert "complete" not in law, out


@pytest.mark.parametrize("pages", [RU_PAGES], ids=["ru"])
def test_a_book_without_feeds_keeps_its_gap_after_the_last_footer(tmp_path, pages):
    """The control: a typed excerpt with folios and no feeds -- the page after its last one may
    be missing, as before."""
    law, out = checked(tmp_path, book(pages, feeds=False), "utf-8")
    assert "text lost at a page gap" in law, out
