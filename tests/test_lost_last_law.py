"""Cold read 8, issue 13, finding 7: the book's last law, which the contents list and the
text lacks wholly (its heading lost, its number past the text's last law), while the
contents go on to a part of the book after it (an index): the law before runs on to the end
of the law text, so the lost law's text, if any survived, is at that law's end. The law
before is never "complete", the build warns at the contents' line, and check's law list
says where the lost law's text may be. An excerpt whose contents list nothing after the law
says nothing of the kind. Invented books, Russian and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from added_books import book_folder

BOOKS = {
    "ru": {"contents": ["СОДЕРЖАНИЕ", "Правило 1. Запись пар ........ 2", "Правило 2. Рассадка ........ 2",
                        "Правило 3. Освещение ........ 3"],
           "after": "Предметный указатель ........ 4",
           "laws": ["Правило 1. ЗАПИСЬ ПАР", "Пара записывается у секретаря до начала сессии.",
                    "Правило 2. РАССАДКА", "Пары садятся за столы по жребию, который тянет капитан.",
                    "Свет, который мигает, чинит распорядитель до начала следующего тура."],
           "index": ["ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ", "Жребий 2", "Запись пар 1", "Свет 3"]},
    "en": {"contents": ["CONTENTS", "Law 1 - Entries ........ 2", "Law 2 - Seating ........ 2",
                        "Law 3 - Lights ........ 3"],
           "after": "Index ........ 4",
           "laws": ["LAW 1 - ENTRIES", "A pair enters at the desk before the session.",
                    "LAW 2 - SEATING", "Pairs take their tables by a draw the captain makes.",
                    "Lights that flicker are mended by the steward before the next round."],
           "index": ["INDEX", "Draw, 2", "Entries, 1", "Lights, 3"]},
}


def corpus(tmp_path: Path, lang: str, text: str) -> Path:
    return book_folder(tmp_path, lang, text)


def run_check(root: Path, tmp_path: Path) -> tuple[str, str]:
    r = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "check-out")])
    assert r.exit_code == 0, r.output
    return r.output.split("\nLaws:\n", 1)[1].split("\n\n", 1)[0], r.output


def line_of(laws: str, law: str) -> str:
    return next(l for l in laws.splitlines() if l.strip().startswith(f"{law} "))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_lost_last_law_makes_the_law_before_not_complete(tmp_path, lang):
    b = BOOKS[lang]
    text = "\n".join(b["contents"] + [b["after"], ""] + b["laws"] + [""] + b["index"]) + "\n"
    laws, out = run_check(corpus(tmp_path, lang, text), tmp_path)
    two, three = line_of(laws, "2"), line_of(laws, "3")
    assert "complete" not in two and "law 3's text, if any survives, may be at its end" in two, laws
    assert "may be at the end of 2" in three and "read as law 2's" in three, laws
    assert "book.txt:4: the contents list law 3" in out and "the text's last law" in out, out
    r = CliRunner().invoke(main, ["build", "--corpus", str(corpus(tmp_path / "b", lang, text)), "--out",
                                  str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    home = (tmp_path / "out" / "site" / "index.html").read_text(encoding="utf-8")
    statuses = re.findall(r'class="status">([^<]*)<', home)
    assert statuses[0] != statuses[1], statuses  # law 1 complete, law 2 not
    if lang == "en":
        assert statuses[:2] == ["complete", "may be incomplete"], statuses


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_excerpt_whose_contents_end_with_the_law_says_nothing_of_it(tmp_path, lang):
    """The contents list nothing after law 3: the text may be an excerpt that stops at law
    2; law 2 is complete as far as the sources go."""
    b = BOOKS[lang]
    text = "\n".join(b["contents"] + [""] + b["laws"][:4]) + "\n"
    laws, out = run_check(corpus(tmp_path, lang, text), tmp_path)
    assert "complete as far as the sources go" in line_of(laws, "2"), laws
    assert "the text's last law" not in out, out


def test_a_page_cut_after_the_law_before_is_where_the_lost_law_may_be_not_its_end(tmp_path):
    """Pages: law 3's page is followed by a page the contents give to law 4 (its heading
    lost), left unplaced; the contents go on to the index. Law 3's line names that page,
    not its own end: the text did not run on."""
    text = "\n".join(["CONTENTS", "Law 1 - Entries ......... 2", "Law 2 - Seating ......... 2",
                      "Law 3 - Substitutes ..... 3", "Law 4 - Noise ........... 3", "Index ........... 5", "Page 1",
                      "LAW 1 - ENTRIES", "Every team enters at the desk before the start.",
                      "LAW 2 - SEATING", "The captain names the players for each round.", "Page 2",
                      "LAW 3 - SUBSTITUTES", "A substitute may play only between rounds.", "Page 3",
                      "Noise that disturbs a table is stopped by the director.", "Page 4",
                      "INDEX", "Noise, 4", "Substitutes, 3", "Page 5"]) + "\n"
    laws, out = run_check(corpus(tmp_path, "en", text), tmp_path)
    three = line_of(laws, "3")
    assert "is left unplaced" in three and "may be at its end" not in three, laws
    assert "the text's last law" not in out, out
