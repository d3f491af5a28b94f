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


def wait_in_view(page, selector: str) -> None:
    """Until the element is on screen (a control that comes back on scroll-up, on a loaded machine)."""
    page.wait_for_function("""s => { const e = document.querySelector(s); if (!e) return false;
        const r = e.getBoundingClientRect(); return r.height > 0 && r.bottom > 0 && r.top < innerHeight; }""", arg=selector, timeout=5000)


def shown_outlines(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('nav.outline')].filter(n => !n.hidden).map(n => n.dataset.law)")


# -- 1. the single file: the context bar, the drawer and the search after a jump ------------------


def test_single_file_after_a_jump_has_the_law_the_drawer_and_the_search_in_reach(phone, built):
    page = phone(single_url(built) + "#l50d", PHONE)
    page.wait_for_timeout(300)
    bar = page.locator(".context-bar")
    assert in_view(page, ".context-bar") and bar.locator(".context-law").inner_text().startswith("Правило 50"), bar.inner_text()
    assert shown_outlines(page) == ["l50"]  # the drawer of the law being read, not every law's
    scroll(page, 300)
    scroll(page, -100)  # the reader asks for the controls: scroll-up
    wait_in_view(page, "nav.outline:not([hidden]) summary")
    page.click("nav.outline:not([hidden]) summary")
    links = page.locator("nav.outline:not([hidden]) a")
    assert "50E" in links.all_inner_texts()
    page.locator('nav.outline:not([hidden]) a[href="#l50e"]').click()
    page.wait_for_url("**#l50e")
    # another law: the bar names it and its own drawer is the one shown
    page.goto(single_url(built) + "#l51a")
    page.wait_for_timeout(300)
    scroll(page, -60)
    assert bar.locator(".context-law").inner_text().startswith("Правило 51") and shown_outlines(page) == ["l51"]
    assert page.locator("nav.outline:not([hidden])").get_attribute("aria-label").endswith("Правило 51")
    # the search where the reader is
    y = page.evaluate("scrollY")
    bar.get_by_role("button", name="Поиск").click()
    assert page.evaluate("document.activeElement.id") == "q" and in_view(page, "#q")
    assert abs(page.evaluate("scrollY") - y) < 3
    assert not axe_violations(page)


def test_single_file_outline_stands_beside_the_text_on_a_desktop(phone, built):
    page = phone(single_url(built) + "#l50d", DESKTOP)
    page.wait_for_timeout(300)
    outline = page.locator("nav.outline:not([hidden])")
    assert outline.count() == 1 and outline.locator('a[href="#l50d"]').is_visible()
    box, text = outline.bounding_box(), page.locator("article.law").first.bounding_box()
    assert box["x"] + box["width"] <= text["x"]  # beside, not over
    assert not axe_violations(page)
    page.goto(single_url(built))
    page.wait_for_timeout(200)
    assert shown_outlines(page) == []  # the contents: no law is being read


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


# -- 3. a bilingual law's outline on a desktop: tests/test_bilingual.py (its corpus) ----------------
# -- 4. Escape closes the phone's drawer ----------------------------------------------------------------


@pytest.mark.parametrize("where", ["site", "single"])
def test_escape_closes_the_phone_drawer_and_focus_returns_to_its_button(phone, built, where):
    url = site_url(built, "laws/50.html") if where == "site" else single_url(built) + "#l50"
    page = phone(url, PHONE)
    page.wait_for_timeout(200)
    summary = page.locator("nav.outline:not([hidden]) summary")
    summary.focus()
    page.keyboard.press("Enter")
    details = page.locator("nav.outline:not([hidden]) details")
    assert details.evaluate("d => d.open")
    page.keyboard.press("Tab")  # into the drawer's links
    assert page.evaluate("!!document.activeElement.closest('nav.outline')")
    page.keyboard.press("Escape")
    assert not details.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"


# -- 5. «Поиск» in the context bar opens the search where the reader is ------------------------------


def test_the_context_bars_search_opens_where_the_reader_is(phone, built):
    page = phone(site_url(built, "laws/50.html") + "#l50d", PHONE)
    page.wait_for_timeout(300)
    y = page.evaluate("scrollY")
    assert y > 300 and in_view(page, ".context-bar")
    page.locator(".context-bar").get_by_role("button", name="Поиск").click()
    assert abs(page.evaluate("scrollY") - y) < 3  # not scrolled to the top
    assert page.evaluate("document.activeElement.id") == "q" and heading_uncovered(page, "#q")
    page.keyboard.type("болван")
    page.locator("#results li a[data-id]").first.wait_for()
    assert in_view(page, "#results li a[data-id]")
    page.keyboard.press("Escape")  # the search left: the header goes back, focus on the bar's button
    page.wait_for_function("() => document.activeElement.classList.contains('to-search')", timeout=5000)
    assert not in_view(page, "#q") and abs(page.evaluate("scrollY") - y) < 3
    # a hit chosen from the search held there: the jump lands uncovered
    page.locator(".context-bar").get_by_role("button", name="Поиск").click()
    for _ in range(3):  # (the first press opens the answers where Escape had shut them)
        if page.evaluate("!!document.activeElement.closest('#results a[data-id]')"):
            break
        page.keyboard.press("ArrowDown")
    target = page.evaluate("document.activeElement.getAttribute('href').split('#')[1]")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**#{target}")
    page.wait_for_timeout(300)
    assert heading_uncovered(page, f"#{target}-h") or heading_uncovered(page, f"#{target}")


# -- 6. on a phone the marks' bar and the drawer's button share one row --------------------------------


COVERED = """sel => { const c = document.querySelector(sel), r = c ? c.getBoundingClientRect() : null, out = [];
    if (!r || r.bottom <= 0 || r.top >= innerHeight) return out;
    for (const [x, y] of [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3],
                          [r.right - 3, r.bottom - 3], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]])
      for (const e of document.elementsFromPoint(x, y)) {
        if (c.contains(e) || e.closest('nav.outline, .hl-bar') || ['HTML', 'BODY', 'MAIN', 'ARTICLE', 'SECTION', 'FOOTER', 'DIV'].includes(e.tagName)) continue;
        if ((e.textContent || '').trim()) out.push(e.tagName + '.' + e.className);
      }
    return out; }"""


@pytest.mark.parametrize("where", ["site", "single"])
def test_on_a_phone_the_marks_bar_and_the_drawer_share_one_row(phone, built, where):
    url = site_url(built, "laws/50.html") if where == "site" else single_url(built)
    page = phone(url + "?q=штрафная карта#l50b", PHONE)
    page.locator(".hl-bar").wait_for()
    page.wait_for_timeout(300)
    scroll(page, 300)
    scroll(page, -100)  # both showing
    wait_in_view(page, "nav.outline:not([hidden]) summary")
    summary = page.locator("nav.outline:not([hidden]) summary")
    bar = page.locator(".hl-bar")
    assert in_view(page, ".hl-bar") and summary.evaluate("s => { const r = s.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; }")
    a, b = summary.bounding_box(), bar.bounding_box()
    assert a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"], (a, b)  # side by side, never over each other
    assert a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"], (a, b)  # in the same row
    top = min(a["y"], b["y"])
    assert PHONE["height"] - top <= 4 * 16, (a, b)  # one row of controls at the screen's foot, not two stacked
    # the numbers of the marks stay readable next to the button
    assert "/" in bar.inner_text() or any(ch.isdigit() for ch in bar.inner_text())
    # at the page's end neither stands over any text: the page keeps room for their row
    scroll(page, 100000)
    assert page.evaluate(COVERED, ".hl-bar") == []
    assert page.evaluate(COVERED, "nav.outline:not([hidden]) summary") == []
    assert not axe_violations(page)


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
    assert 0 <= box["y"] < viewport["height"], box
    if viewport["width"] < 1280:  # a phone: in the strip at the screen's foot, not over the clause's first line
        assert box["y"] + box["height"] <= viewport["height"] and box["y"] >= viewport["height"] - 3.6 * 16, (box, near)
    else:  # beside the button copied from
        assert abs(box["y"] - (near["y"] + near["height"])) < 40, (box, near)
    assert page.evaluate(layout) == before  # nothing moved
    assert not axe_violations(page)
    page.wait_for_timeout(2800)
    assert status.bounding_box()["width"] <= 1  # gone again after a moment
