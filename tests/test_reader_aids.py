"""The reading aids at the table, cold read 3 of issue 16: the single file has the site's
context bar, drawer and search after a jump; a query read as other words (English, a glossary
synonym) marks those words on the page it opens; a bilingual law keeps its outline on a
desktop; Escape closes the phone's drawer; «Поиск» opens the search where the reader is; the
marks' bar and the drawer's button share one row on a phone; a copied citation says so where
it was copied -- in a real headless Chromium from file://, with the fixtures of test_reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_reader import DESKTOP, PHONE, axe_violations, heading_uncovered, in_view, phone, site_url  # noqa: F401

BOTH = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]


def single_url(built: Path) -> str:
    return (built / "lawsearch.html").as_uri()


def scroll(page, dy: int) -> None:
    """The reader's own scrolling (a wheel), as a phone's finger would."""
    page.mouse.move(200, 400)
    page.mouse.wheel(0, dy)
    page.wait_for_timeout(250)


def shown_outlines(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('nav.outline')].filter(n => !n.hidden).map(n => n.dataset.law)")


# -- 2. the words the engine matched, marked on the page landed on ------------------------------------


@pytest.mark.parametrize("query, law, words", [
    ("penalty card", "50", ("штрафн", "карт")),  # English words, read as the glossary's Russian term
    ("защитник", "56", ("вистующ",)),  # a glossary synonym of the commentary's word
])
def test_a_query_read_as_other_words_marks_those_words(phone, built, query, law, words):
    for url in (site_url(built, f"laws/{law}.html"), single_url(built)):
        page = phone(url, PHONE)
        page.fill("#q", query)
        hit = page.locator("#results li a[data-id]", has_text=f"{law}").first
        hit.wait_for()
        hit.click()
        page.locator(".hl-bar").wait_for()
        marked = [m.lower() for m in page.locator("mark.hl").all_inner_texts()]
        for word in words:
            assert any(m.startswith(word) for m in marked), (url, query, marked)


def test_a_phrase_the_engine_read_is_marked_where_it_stands_not_word_by_word(phone, built):
    """«болван» reads also as the glossary's «карта стола»: «карты стола» is marked, a «карта»
    alone (the query never asked for it) is not."""
    page = phone(site_url(built, "laws/54.html") + "?q=болван", DESKTOP)
    page.locator(".hl-bar").wait_for()
    marked = page.evaluate("""() => [...document.querySelectorAll('mark.hl')].map(m => {
        const next = m.nextSibling && m.nextSibling.nodeValue === ' ' ? m.nextSibling.nextSibling : null;
        return [m.textContent.toLowerCase(), next && next.nodeName === 'MARK' ? next.textContent.toLowerCase() : ''];
    })""")
    for word, after in marked:
        if word.startswith("карт"):
            assert after.startswith("стол"), marked


# -- 7. a copied citation says so, where it was copied -------------------------------------------------


@pytest.mark.parametrize("viewport", BOTH)
def test_copying_a_citation_shows_a_status_that_moves_nothing(phone, built, viewport):
    page = phone(site_url(built, "laws/50.html"), viewport)
    button = page.locator("#l50e-h .copy-cite")
    button.scroll_into_view_if_needed()
    layout = """() => [document.documentElement.scrollHeight, scrollY,
        ...[...document.querySelectorAll('#l50e-h, #l50e .text, footer.site p:not(#copy-status)')].map(e => Math.round(e.getBoundingClientRect().top))]"""
    before = page.evaluate(layout)
    button.click()
    status = page.locator("#copy-status")
    page.wait_for_function("() => document.getElementById('copy-status').textContent.length > 0")
    assert status.get_attribute("role") == "status" and status.get_attribute("aria-live") == "polite"
    assert status.inner_text().startswith("Скопировано") and "Правило 50E" in status.inner_text()  # the profile's «copied»
    box, near = status.bounding_box(), button.bounding_box()
    assert box["width"] > 60 and box["height"] > 12, box  # seen, not only said
    assert 0 <= box["y"] < viewport["height"] and abs(box["y"] - (near["y"] + near["height"])) < 40, (box, near)
    assert page.evaluate(layout) == before  # nothing moved
    assert not axe_violations(page)
    page.wait_for_timeout(2800)
    assert status.bounding_box()["width"] <= 1  # gone again after a moment
