"""`lawsearch add` guesses no web page's layout for a book's pages (issue 13 cold read 7,
finding 1): a plain book whose pages end in framed page numbers («- 5 -», «— 5 —», «[5]»)
or the book's own footers («- 5») was read with the list layout of web pages, each footer
counted as a bullet, and every section of its laws was lost. The footers make the file a
cut of a book's stream of pages; a web page's layout reads a whole document, no such cut.
A list layout given to such a book reads its base layout's headings too, so its sections
are read, none lost (issue 9 cold read 8 made list layouts read a level's heading that
has no bullet). The books are invented."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.dropin import detect


def book(footer, note: str = "* Размер доски указан в приложении.") -> str:
    """A Russian book of three laws over eight pages, each ending in ``footer(page)``."""
    return "\n".join([
        "ПРАВИЛА ШАШЕЧНОГО КЛУБА", footer(1),
        "ПРЕДИСЛОВИЕ", "Книга составлена для дежурных шашечного клуба.", footer(2),
        "Правила одобрены собранием клуба.", footer(3),
        "Они действуют со дня одобрения.", footer(4),
        "Правило 1. ДОСКИ И ФИГУРЫ",
        "Каждая доска проверяется дежурным до начала партии*.",
        footer(5),
        note,
        "Правило 2. ОЧЕРЁДНОСТЬ ХОДОВ",
        "A. Первый ход",
        "Первый ход делает участник, играющий светлыми фигурами.",
        "B. Пропуск хода",
        "1. Участник, пропустивший ход, получает замечание дежурного.",
        "2. Повторный пропуск хода засчитывается как поражение.",
        footer(6),
        "Правило 3. ЗАПИСЬ ПАРТИИ",
        "A. Бланк записи",
        "Каждый ход записывается в бланк обоими участниками.",
        footer(7), "ПОСЛЕСЛОВИЕ", "Благодарим дежурных.", footer(8), ""])


FOOTERS = {
    "framed by hyphens": lambda n: f"- {n} -",
    "framed by dashes": lambda n: f"— {n} —",
    "framed by en dashes": lambda n: f"– {n} –",
    "the book's own": lambda n: f"- {n}",
    "in brackets": lambda n: f"[{n}]",
}


@pytest.mark.parametrize("name", sorted(FOOTERS))
def test_a_book_with_page_footers_gets_no_web_layout(name):
    found = detect(book(FOOTERS[name]).encode(), "book.txt")
    assert found.kind == "laws" and found.layout is None, (name, found.layout)


@pytest.mark.parametrize("note", ["* Размер доски указан в приложении.", "- Размер доски указан в приложении.",
                                  "• Размер доски указан в приложении."])
def test_a_bullet_shaped_line_on_a_paged_book_gives_no_web_layout(note):
    assert detect(book(FOOTERS["framed by hyphens"], note).encode(), "book.txt").layout is None


def test_a_web_page_of_bullets_still_gets_the_list_layout():
    # one page number in a web page («- 2 -» of a pager) is no book's pages
    page = "\n".join(["Правило 8. ФИГУРЫ", "- A. Белые фигуры", "- 1. Белые фигуры ставятся ближе к окну.",
                      "- 2. Белая дамка отмечается кольцом.", "- B. Чёрные фигуры",
                      "- 1. Чёрные фигуры ставятся ближе к двери.", "- 2 -", ""])
    assert detect(page.encode(), "page.txt").layout == "web-bullets"


def test_add_then_build_keeps_the_sections_of_a_paged_book(tmp_path):
    (tmp_path / "book.txt").write_text(book(FOOTERS["framed by hyphens"]), encoding="utf-8")
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(tmp_path / "book.txt")])
    assert result.exit_code == 0, result.output
    source = tomllib.loads((corpus / "manifest.toml").read_text())["source"][0]
    assert "layout" not in source, source
    ids = {n.id for n in build_corpus(corpus, strict=False).nodes}
    assert {"2A", "2B", "2B1", "2B2", "3A"} <= ids, sorted(ids)


def test_a_list_layout_given_to_a_book_still_reads_its_sections(tmp_path):
    # a list layout reads its base layout's headings too (a web page's <h3>A. Title</h3>,
    # issue 9 cold read 8): the book's sections are read, none lost
    (tmp_path / "book.txt").write_text(book(FOOTERS["framed by hyphens"]), encoding="utf-8")
    corpus = tmp_path / "corpus"
    assert CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(tmp_path / "book.txt")]).exit_code == 0
    manifest = corpus / "manifest.toml"
    manifest.write_text(manifest.read_text().replace('kind = "laws"', 'kind = "laws"\nlayout = "web-bullets"'))
    ids = {n.id for n in build_corpus(corpus, strict=False).nodes}
    assert {"2A", "2B", "2B1", "2B2", "3A"} <= ids, sorted(ids)


@pytest.mark.parametrize("pager", [["Page 1", "Page 2", "Page 3"], ["- 1 -", "- 2 -", "- 3 -"]])
def test_a_web_page_with_a_pager_still_gets_the_list_layout(pager):
    # a pager's page numbers stand together, no page of text ends at each: no book's pages
    page = "\n".join(["Law 8 - Pieces", "- A. White pieces", "- 1. White pieces stand nearer the window.",
                      "- 2. A white king wears a ring.", "- B. Black pieces",
                      "- 1. Black pieces stand nearer the door.", *pager, ""])
    assert detect(page.encode(), "page.txt").layout == "web-bullets"
