"""Words of a query found in the English text are marked on the landed page, in whichever
language the page shows (issue 16, cold read 4 finding 1): a law's page and the single file.
The corpus is invented here: two short laws in Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.build import build
from test_reader import DESKTOP, PHONE
from test_reader import phone  # noqa: F401  (the fixture)

RU = """Правило 1. Колода
A. Счёт карт
Судья пересчитывает колоду перед сдачей, а скрытую штрафную карту откладывает.
B. Часть B
Судья записывает B-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
C. Часть C
Судья записывает C-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
D. Часть D
Судья записывает D-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
E. Часть E
Судья записывает E-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
F. Часть F
Судья записывает F-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
G. Часть G
Судья записывает G-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
H. Часть H
Судья записывает H-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
I. Часть I
Судья записывает I-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
J. Часть J
Судья записывает J-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
K. Часть K
Судья записывает K-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
L. Часть L
Судья записывает L-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
M. Часть M
Судья записывает M-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
N. Часть N
Судья записывает N-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
O. Часть O
Судья записывает O-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
P. Часть P
Судья записывает P-й итог сдачи в протокол и сверяет его с итогом соседнего стола.
Правило 2. Часы
A. Время
Судья следит за временем на каждом столе.
"""
EN = """LAW 1 - THE PACK
A. Counting
The director counts the pack before the deal, and a hidden penalty card is set aside.
B. Part B
The director writes result B of the deal on the score sheet and checks it against the next table.
C. Part C
The director writes result C of the deal on the score sheet and checks it against the next table.
D. Part D
The director writes result D of the deal on the score sheet and checks it against the next table.
E. Part E
The director writes result E of the deal on the score sheet and checks it against the next table.
F. Part F
The director writes result F of the deal on the score sheet and checks it against the next table.
G. Part G
The director writes result G of the deal on the score sheet and checks it against the next table.
H. Part H
The director writes result H of the deal on the score sheet and checks it against the next table.
I. Part I
The director writes result I of the deal on the score sheet and checks it against the next table.
J. Part J
The director writes result J of the deal on the score sheet and checks it against the next table.
K. Part K
The director writes result K of the deal on the score sheet and checks it against the next table.
L. Part L
The director writes result L of the deal on the score sheet and checks it against the next table.
M. Part M
The director writes result M of the deal on the score sheet and checks it against the next table.
N. Part N
The director writes result N of the deal on the score sheet and checks it against the next table.
O. Part O
The director writes result O of the deal on the score sheet and checks it against the next table.
P. Part P
The director writes result P of the deal on the score sheet and checks it against the next table.
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


def box(page, selector: str) -> dict:
    return page.evaluate(f"(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect(); "
                         "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })()")


def overlaps(a: dict, b: dict) -> bool:
    return a["top"] < b["bottom"] and b["top"] < a["bottom"] and a["left"] < b["right"] and b["left"] < a["right"]


def test_on_a_phone_the_marks_bar_stands_aside_while_reading_on_and_never_over_the_pager(phone, bilingual_build):
    page = phone((bilingual_build / "site" / "laws" / "1.html").as_uri() + "?q=penalty%20card#l1a", PHONE)
    marks(page)
    assert page.evaluate("document.documentElement.scrollHeight > 2 * innerHeight")
    page.mouse.move(200, 400)
    for _ in range(3):
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(150)
    bar = box(page, ".hl-bar")
    assert bar["top"] >= PHONE["height"], bar  # reading on: out of the way
    page.mouse.wheel(0, -200)
    page.wait_for_timeout(150)
    assert box(page, ".hl-bar")["bottom"] <= PHONE["height"]  # back on a scroll-up
    for _ in range(30):  # to the page's end: the bar is back, over neither the pager nor the text
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(50)
    page.wait_for_timeout(200)
    bar = box(page, ".hl-bar")
    assert bar["bottom"] <= PHONE["height"], bar
    n = page.locator(".pager a, article.law p").count()
    for k in range(n):
        r = page.locator(".pager a, article.law p").nth(k).bounding_box()
        if r:
            other = {"top": r["y"], "bottom": r["y"] + r["height"], "left": r["x"], "right": r["x"] + r["width"]}
            assert not overlaps(bar, other), (k, bar, other)
    # stepping through the marks (a scroll the reader did not make by hand) leaves the bar shown
    page.click(".hl-bar button:nth-of-type(2)")
    page.wait_for_timeout(200)
    assert box(page, ".hl-bar")["bottom"] <= PHONE["height"]


def test_no_edition_banner_when_the_manifest_names_no_edition(phone, bilingual_build):
    # (the manifest of this corpus names no edition: an empty «Редакция «»» said nothing)
    for url in [(bilingual_build / "site" / "laws" / "1.html").as_uri(), (bilingual_build / "lawsearch.html").as_uri() + "#l1"]:
        page = phone(url, PHONE)
        assert page.locator("article.law").first.is_visible()
        assert page.locator(".edition-status").count() == 0, url
        assert "«»" not in page.locator("body").inner_text() and "“”" not in page.locator("body").inner_text()


def test_a_jump_to_another_law_in_the_single_file_lands_its_heading_below_the_context_bar(phone, bilingual_build):
    # (the jump of an edition switch's link or a contents row: to the law's own anchor)
    page = phone((bilingual_build / "lawsearch.html").as_uri() + "#l1p", PHONE)
    page.wait_for_timeout(300)
    page.evaluate("location.hash = '#l2'")
    page.wait_for_timeout(400)
    assert page.locator(".context-bar").is_visible()
    bar = box(page, ".context-bar")
    heading = box(page, "#l2-h")
    assert heading["top"] >= bar["bottom"], (heading, bar)
    assert heading["top"] < PHONE["height"] / 3


def test_the_single_files_context_bar_names_the_law_read_and_none_outside_the_laws(phone, bilingual_build):
    page = phone((bilingual_build / "lawsearch.html").as_uri() + "#l2a", PHONE)
    page.wait_for_timeout(300)
    for target in ["#sources-h", "#glossary-h", "#concordance-h"]:
        # a reader inside the part: its heading scrolled past (the scroll-padding stops a jump
        # with the heading below the bar, where the law before may still show above it)
        page.evaluate(f"document.querySelector('{target}').scrollIntoView()")
        page.wait_for_timeout(200)
        page.mouse.wheel(0, 200)
        page.wait_for_timeout(200)
        page.mouse.wheel(0, -60)  # a scroll-up brings the bar
        page.wait_for_timeout(300)
        assert page.locator(".context-bar").is_visible(), target
        assert not page.locator(".context-law").is_visible(), (target, page.locator(".context-bar").inner_text())
    page.evaluate("document.querySelector('#l1p').scrollIntoView({block: 'center'})")
    page.wait_for_timeout(200)
    page.mouse.wheel(0, -60)
    page.wait_for_timeout(300)
    assert page.locator(".context-law").is_visible() and page.locator(".context-law").inner_text().startswith("Правило 1")


def test_escape_and_the_close_button_end_the_marks_with_focus_at_the_part_read(phone, bilingual_build):
    for how in ["click", "escape"]:
        page = phone((bilingual_build / "site" / "laws" / "1.html").as_uri() + "?q=penalty%20card#l1a", DESKTOP)
        marks(page)
        page.click(".hl-bar button:nth-of-type(2)")
        if how == "click":
            page.click(".hl-bar button:nth-of-type(3)")
        else:
            page.keyboard.press("Escape")
        assert page.locator(".hl-bar").count() == 0 and page.locator("mark.hl").count() == 0, how
        assert page.evaluate("document.activeElement.closest('[data-node]') && "
                             "document.activeElement.closest('[data-node]').getAttribute('data-node')") == "1A", how
