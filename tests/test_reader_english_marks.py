"""Words of a query found in the English text are marked on the landed page, in whichever
language the page shows (issue 16, cold read 4 finding 1): a law's page and the single file.
The corpus is invented here: two short laws in Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.build import build
from test_reader import DESKTOP  # noqa: F401
from test_reader import phone  # noqa: F401  (the fixture)

RU = """Правило 1. Колода
A. Счёт карт
Судья пересчитывает колоду перед сдачей, а скрытую штрафную карту откладывает.
Правило 2. Часы
A. Время
Судья следит за временем на каждом столе.
"""
EN = """LAW 1 - THE PACK
A. Counting
The director counts the pack before the deal, and a hidden penalty card is set aside.
LAW 2 - TIME
A. Time
The director keeps a chess clock on every table.
"""


@pytest.fixture(scope="module")
def bilingual_build(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("bimarks") / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "ru" / "ru.txt").write_text(RU, encoding="utf-8")
    (root / "laws" / "en" / "en.txt").write_text(EN, encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Тест"\nlaws = [1, 2]\nlang = "ru"\n\n'
        '[[source]]\npath = "laws/ru/ru.txt"\nlang = "ru"\nkind = "laws"\nencoding = "auto"\n\n'
        '[[source]]\npath = "laws/en/en.txt"\nlang = "en"\nkind = "laws"\nencoding = "auto"\n', encoding="utf-8")
    out = root.parent / "build"
    build(root, out, lambda *a, **k: None, single_file=True)
    return out


def marks(page) -> list[str]:
    page.wait_for_function("document.querySelectorAll('mark.hl').length > 0", timeout=5000)
    return page.locator("mark.hl").all_inner_texts()


def test_a_law_page_marks_the_query_in_the_english_text(phone, bilingual_build):
    page = phone((bilingual_build / "site" / "laws" / "2.html").as_uri() + "?q=chess%20clock#l2a", DESKTOP)
    assert [m.lower() for m in marks(page)] == ["chess", "clock"]
    assert page.locator(".hl-bar").is_visible()


def test_the_single_file_marks_the_query_in_the_english_text(phone, bilingual_build):
    page = phone((bilingual_build / "lawsearch.html").as_uri() + "?q=chess%20clock#l2a", DESKTOP)
    assert [m.lower() for m in marks(page)] == ["chess", "clock"]


def test_the_bar_counts_and_walks_only_the_marks_in_the_language_shown(phone, bilingual_build):
    # "penalty card" is marked in English and, read as «штрафная карта», in Russian
    page = phone((bilingual_build / "site" / "laws" / "1.html").as_uri() + "?q=penalty%20card#l1a", DESKTOP)
    found = marks(page)
    assert len(found) >= 2
    assert page.locator(".hl-bar .hl-count").inner_text().endswith(f": {len(found)}")
    page.check('input[value="translation"]')
    shown = page.evaluate("[...document.querySelectorAll('mark.hl')].filter(m => m.getClientRects().length).length")
    assert 0 < shown < len(found)
    assert page.locator(".hl-bar .hl-count").inner_text().endswith(f": {shown}")
    for k in range(shown + 1):  # round the walk and back to the first: never a hidden mark
        page.click(".hl-bar button:nth-of-type(2)")
        assert page.evaluate("document.querySelector('mark.hl.current').getClientRects().length > 0")
        assert page.locator(".hl-bar .hl-count").inner_text().endswith(f": {k % shown + 1} / {shown}")
