"""Parts one language's text lacks while the other's has them (cold read 8 of issue 16,
finding 3): a Russian law that starts at C while its English has A-D is not «полностью» --
the contents' status, the placeholder before the parts and `lawsearch check` say that the
Russian lacks A-B, and a loss in one language only is named as such, not as a lost page.

The corpus is invented here (a club's rules, two laws): law 8 in Russian starts at C, its
English has A-D; law 7's English has only A where the Russian has A and B."""

from __future__ import annotations

from pathlib import Path

import pytest

MANIFEST = """[code]
title = "Правила клуба для парных турниров"
laws = [7, 8]
edition = "2021"
lang = "ru"

[[source]]
path = "laws/ru/club-ru.txt"
lang = "ru"
kind = "laws"
edition = "2021"
encoding = "auto"

[[source]]
path = "laws/en/club-en.txt"
lang = "en"
kind = "laws"
edition = "2021"
encoding = "auto"
"""

RUSSIAN = """Правило 7. Перерыв между турами
A. Длительность перерыва
Перерыв между турами длится не дольше десяти минут.
B. Опоздание к туру
Пара, опоздавшая к началу тура, получает предупреждение судьи.
Правило 8. Запись результатов
C. Подпись под протоколом
Оба игрока пары подписывают протокол сдачи после её окончания.
D. Исправление записи
Исправить запись можно до конца сессии с согласия судьи.
"""

ENGLISH = """LAW 7 - THE BREAK BETWEEN ROUNDS
A. Length of the Break
The break between rounds lasts no longer than ten minutes.
LAW 8 - RECORDING THE RESULTS
A. Who Records
North records the result of every board on the traveller.
B. Checking the Record
East checks the record before the next board is played.
C. Signing the Record
Both players of a pair sign the record of the board when it ends.
D. Correcting the Record
A record may be corrected until the session ends with the director's consent.
"""


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> tuple[Path, Path]:
    from lawsearch.build import build

    root = tmp_path_factory.mktemp("one-language") / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "en").mkdir(parents=True)
    (root / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    (root / "laws" / "ru" / "club-ru.txt").write_text(RUSSIAN, encoding="utf-8")
    (root / "laws" / "en" / "club-en.txt").write_text(ENGLISH, encoding="utf-8")
    out = tmp_path_factory.mktemp("one-language-build")
    build(root, out, lambda message: None)
    return root, out


def test_check_names_the_parts_one_language_lacks(club):
    from click.testing import CliRunner

    from lawsearch.cli import main

    root, out = club
    result = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(out)])
    laws = {line.split()[0]: line for line in result.stdout.splitlines() if line.startswith("     ")}
    assert "the ru text lacks 8A–B (in en only)" in laws["8"]
    assert "the en text lacks 7B (in ru only)" in laws["7"]
    assert "complete" not in laws["8"] and "complete" not in laws["7"]


def test_the_contents_do_not_call_such_a_law_complete(club):
    from lawsearch.profile import load_profile

    _, out = club
    ru = load_profile().strings("ru")
    html = (out / "site" / "index.html").read_text(encoding="utf-8")
    rows = {n: next(row for row in html.split("<tr>") if f"laws/{n}.html" in row) for n in ("7", "8")}
    assert ru["status_gaps_main"] in rows["8"] and ru["status_full"] not in rows["8"]
    assert ru["status_gaps_translation"] in rows["7"] and ru["status_full"] not in rows["7"]


def test_the_placeholder_names_the_language_that_lacks_the_parts(browser, club):
    """On a phone, before the English-only 8A, a note read by screen readers says the Russian
    lacks 8A-B; before 7B, that the English lacks it. No «нет в тексте книги» for either: no
    page of the book is lost."""
    from lawsearch.profile import load_profile

    _, out = club
    ru = load_profile().strings("ru")
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto((out / "site" / "laws" / "8.html").as_uri())
    notes = page.locator(".lost-parts")
    assert notes.count() == 1
    note = notes.first
    assert note.get_attribute("role") == "note" and note.is_visible()
    assert note.inner_text().strip() == ru["lost_parts_main"].format(ids="8A–B")
    first_part = page.locator("#l8a")
    assert note.bounding_box()["y"] < first_part.bounding_box()["y"]
    page.goto((out / "site" / "laws" / "7.html").as_uri())
    assert page.locator(".lost-parts").inner_text().strip() == ru["lost_parts_translation"].format(ids="7B")
    assert ru["lost_parts"].format(ids="7B") not in page.content()
    page.goto((out / "site" / "sources.html").as_uri())
    listed = page.locator(".lost-list li").all_inner_texts()
    assert ru["lost_parts_main"].format(ids="8A–B") in listed
    page.close()
