"""Cold read 14 of issue 16, findings 1, 2 and 3, in a real headless Chromium from file://: a link
to a whole law lands with the law's heading on screen below what is held over the page's top, the
focus on it; keyboard focus never goes under the sticky header or the phone's context bar; the
results page's title names the query. The texts are invented (test_reader_cold13's corpus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import one_file_corpus
from lawsearch.build import build
from test_reader import DESKTOP, PHONE
from test_reader_cold13 import LAWS, covered_to, tab, url  # noqa: F401  (tab: the fixture)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cold14")
    build(one_file_corpus(root, LAWS, title="Устав чайного клуба"), root / "build", lambda message: None,
          single_file=True)
    return root / "build"


def law_heading(page, law: str) -> dict:
    return page.evaluate("""id => { const h = document.getElementById(id + '-h'), r = h.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, focused: document.activeElement === h,
                ring: getComputedStyle(h).outlineStyle}; }""", law)


def lands_on_law(page, law: str) -> None:
    page.wait_for_timeout(400)
    h = law_heading(page, law)
    # the heading and its focus ring (3px outline, 2px offset) whole below what is held over the top
    assert h["top"] >= covered_to(page) + 4, (h, covered_to(page))
    assert h["bottom"] < page.viewport_size["height"] / 2, h
    assert h["focused"] and h["ring"] != "none", h


# -- finding 1: a link to a whole law --------------------------------------------------------------------


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
@pytest.mark.parametrize("where", ["site/laws/2.html#l2", "lawsearch.html#l2"])
def test_a_law_opened_at_its_anchor_shows_its_heading(tab, built, where, viewport):
    page = tab(url(built, where), viewport)
    lands_on_law(page, "l2")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_the_contents_link_to_a_law_shows_its_heading(tab, built, viewport):
    page = tab(url(built, "site/index.html"), viewport)
    page.locator("main a[href='laws/2.html#l2']").first.click()
    lands_on_law(page, "l2")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_a_jump_to_a_law_inside_the_single_file_shows_its_heading(tab, built, viewport):
    page = tab(url(built, "lawsearch.html#l3"), viewport)
    page.evaluate("location.hash = '#l2'")
    lands_on_law(page, "l2")
    # and from a link further down the same law's page: the jump up lands the same way
    page.evaluate("document.getElementById('l2f').scrollIntoView()")
    page.evaluate("location.hash = '#l1'")
    lands_on_law(page, "l1")


# -- finding 2: the focus never under what is held over the page's top -----------------------------------


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
@pytest.mark.parametrize("where", ["site/laws/2.html", "lawsearch.html"])
def test_shift_tab_upwards_keeps_the_focus_below_the_header_and_the_bar(tab, built, where, viewport):
    page = tab(url(built, where), viewport)
    page.evaluate("document.getElementById('l2f').scrollIntoView()")
    page.wait_for_timeout(200)
    page.mouse.wheel(0, -60)  # a step up: the phone's context bar comes back over the page
    page.wait_for_timeout(400)
    page.mouse.click(5, viewport["height"] - 40)
    seen = 0
    for _ in range(20):
        page.keyboard.press("Shift+Tab")
        page.wait_for_timeout(120)
        box = page.evaluate("""() => { const a = document.activeElement;
            if (!a || a === document.body || a.closest('header.site, .context-bar')) return null;
            const r = a.getBoundingClientRect(); return r.height > 0 ? {top: r.top, text: a.textContent.trim().slice(0, 30)} : null; }""")
        if box is None:
            continue
        seen += 1
        assert box["top"] >= covered_to(page), (box, covered_to(page))
    assert seen >= 5, seen  # the walk went through the text's links, not only the header's


# -- finding 3: the results page's title ----------------------------------------------------------------


def test_the_results_page_title_names_the_query(tab, built):
    page = tab(url(built, "site/search.html") + "?q=%D0%B0%D1%80%D0%B1%D0%B8%D1%82%D1%80", PHONE)
    page.wait_for_timeout(500)
    title = page.title()
    assert "«арбитр»" in title and title.endswith("— lawsearch"), title
    page.fill("#q", "жребий")  # typed on the results page: the list (and its names) follow as one types
    page.wait_for_timeout(700)
    assert "«жребий»" in page.title() and "арбитр" not in page.title(), page.title()


# -- findings 4 and 6: the edition's facts read as phrases, on screen and on paper ---------------------


@pytest.fixture(scope="module")
def editions_site(tmp_path_factory) -> Path:
    from editions_fixtures import corpus_of

    root = tmp_path_factory.mktemp("cold14-editions")
    build(corpus_of("ru-en-both", root), root / "build", lambda message: None)
    return root / "build" / "site"


PAREN_GAPS = """() => { const a = document.querySelector('nav.edition-switch a.edition-compare');
    const box = (node, at) => { const r = document.createRange(); r.setStart(node, at); r.setEnd(node, at + 1);
                                return r.getBoundingClientRect(); };
    const before = a.previousSibling, after = a.nextSibling, text = a.firstChild;
    if (!before.textContent.endsWith('(') || !after.textContent.startsWith(')')) return null;
    return {open: box(text, 0).left - box(before, before.textContent.length - 1).right,
            close: box(after, 0).left - box(text, text.textContent.length - 1).right}; }"""


@pytest.mark.parametrize("media", ["screen", "print"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_the_editions_line_has_no_room_inside_its_parentheses(tab, editions_site, viewport, media):
    page = tab((editions_site / "laws" / "61.html").as_uri(), viewport)
    page.emulate_media(media=media)
    gaps = page.evaluate(PAREN_GAPS)
    assert gaps is not None  # the switch prints «2017 (что изменилось)»
    # «(что изменилось)»: the brackets close on the words, as a typed space would not (a space is ~4px)
    assert gaps["open"] < 1.5 and gaps["close"] < 1.5, gaps


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_a_whole_laws_status_reads_as_a_phrase_beside_its_edition(tab, built, viewport):
    """«Редакция 1987 г. … текст полный»: the status names what is whole, not a bare «полностью»
    (the profile's string); the contents' status column says the same."""
    page = tab(url(built, "site/laws/1.html"), viewport)
    status = page.locator("article.law .meta .status").inner_text()
    assert status == "текст полный", status
    contents = tab(url(built, "site/index.html"), viewport)
    assert contents.locator("td.status").first.inner_text() == "текст полный"
