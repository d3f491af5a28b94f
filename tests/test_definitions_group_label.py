"""The browser's search groups a hit in the definitions under the definitions' name, not
under a law's label made of their ID («Правило defs», "Law defs") (cold read 11 of issue 13,
finding 8). Invented books, Russian and English, in headless Chromium from file://."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

BOOKS = {
    "ru": ("""ПРАВИЛА ЛОДОЧНОЙ СТАНЦИИ
Страница 1
ТЕРМИНЫ И ОПРЕДЕЛЕНИЯ
Уключина — гнездо на борту лодки, в котором ходит весло.
Смотритель — работник станции, выдающий лодки.
Страница 2
Правило 1. ВЫДАЧА ЛОДОК
Лодку выдают по записи в журнале станции, не больше чем на три часа подряд.
Правило 2. ВОЗВРАТ ЛОДОК
Лодку ставят к причалу носом против течения и сдают вёсла под роспись.
Страница 3
""", "гнездо", "Правило defs"),
    "en": ("""RULES OF THE BOATING STATION
Page 1
DEFINITIONS
Rowlock - the socket on a boat's side in which an oar turns.
Keeper - the member of staff who hires out the boats.
Page 2
LAW 1 - HIRING OUT BOATS
A boat is hired out against the station's logbook for no more than three hours at a time.
LAW 2 - RETURNING BOATS
The boat is moored bow against the current and the oars are signed back.
Page 3
""", "socket", "Law defs"),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_definitions_hit_is_grouped_under_the_definitions_name(tmp_path, page, lang):
    text, word, wrong = BOOKS[lang]
    (tmp_path / "book.txt").write_text(text, encoding="utf-8")
    corpus, out = tmp_path / "corpus", tmp_path / "out"
    runner = CliRunner()
    for args in (["add", "--corpus", str(corpus), str(tmp_path / "book.txt")],
                 ["build", "--corpus", str(corpus), "--out", str(out)]):
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
    page.goto((out / "site" / "index.html").as_uri())
    page.fill("#q", word)
    page.locator("#results li a").first.wait_for()
    groups = page.locator("#results .group").all_inner_texts()
    assert groups and not any(wrong in g or "defs" in g for g in groups), groups
    # the name the definitions' own page is headed by
    page.goto((out / "site" / "definitions.html").as_uri())
    name = page.locator("h1").first.inner_text().strip()
    assert name and any(g.strip().casefold() in name.casefold() for g in groups), (name, groups)
