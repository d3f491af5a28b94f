"""Cold read 13 of issue 16, findings 1, 8 and 9, in a real headless Chromium from file://:
a code's long title wraps the desktop header, and a part jumped to, its focus ring and the
outline beside the text still stand below it (site pages and single file, desktop and a phone
whose header is held at the top); in the single file a link to the part already in the address
puts the focus on that part; printing from the single file prints the view on screen only.
The texts are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import one_file_corpus
from lawsearch.build import build
from test_reader import DESKTOP, PHONE, in_view

# a code's official name of about a hundred letters: two rows of header at 1366 px
TITLE = ("Устав чайного клуба «Тульский самовар» и его очень длинное официальное наименование "
         "для проверки шапки сайта")
LAWS = ("Правило 1. Рассадка за столами\nA. Жребий\nПеред первым туром секретарь тянет жребий для всех пар.\n"
        "B. Пересадка\n1. Пересадка пары без разрешения арбитра влечёт процедурное наказание.\n"
        "2. Повторная пересадка наказывается вдвое по решению арбитра.\n"
        + "".join(f"{s}. Стол {s}\n" + "Судья ставит стол у окна и проверяет, что за ним хватает места всем.\n" * 6
                  for s in "CDEFG")
        + "Правило 2. Торговля шёпотом\nA. Запрет\nОбъявлять заявки шёпотом запрещено; арбитр вправе назначить "
          "процедурное наказание (см. правило 1B1).\n"
        + "".join(f"{s}. Ревизия {s}\n" + "Ренонс, замеченный после ревизии, исправляется по решению арбитра.\n" * 6
                  for s in "BCDEF")
        + "Правило 3. Часы на столе\nA. Песочные часы\nКаждый стол получает песочные часы на семь минут.\n")


@pytest.fixture(scope="module")
def long_title(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cold13-header")
    build(one_file_corpus(root, LAWS, title=TITLE), root / "build", lambda message: None, single_file=True)
    return root / "build"


@pytest.fixture
def tab(browser):
    pages = []

    def make(url: str, viewport=DESKTOP):
        page = browser.new_page(viewport=viewport)
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        pages.append(page)
        page.goto(url)
        page.wait_for_timeout(300)
        return page

    yield make
    for page in pages:
        assert not page.errors, page.errors
        page.close()


def url(build_dir: Path, where: str) -> str:
    name, _, anchor = where.partition("#")
    return (build_dir / name).as_uri() + ("#" + anchor if anchor else "")


def covered_to(page) -> float:
    """Where what is held over the page's top ends: the header while it is sticky, the context bar
    while it is shown."""
    return page.evaluate("""() => { let y = 0;
        for (const e of document.querySelectorAll('header.site, .context-bar')) {
          const s = getComputedStyle(e); if (e.hidden || s.display === 'none') continue;
          if (s.position !== 'sticky' && s.position !== 'fixed') continue;
          const r = e.getBoundingClientRect(); if (r.top <= 1 && r.bottom > y) y = r.bottom; }
        return y; }""")


def heading_top(page, part: str) -> float:
    return page.evaluate("id => document.querySelector('#' + id + ' > .node-heading').getBoundingClientRect().top", part)


# -- finding 1: the header's real height --------------------------------------------------------------


@pytest.mark.parametrize("where", ["site/laws/2.html#l2c", "lawsearch.html#l2c"])
def test_a_part_opened_at_its_anchor_stands_below_a_wrapped_header(tab, long_title, where):
    page = tab(url(long_title, where))
    header = page.locator("header.site").bounding_box()
    assert header["height"] > 80, header  # the long title took a second row (the case this is about)
    # the heading and its focus ring (3px outline, 2px offset) whole below the header
    assert heading_top(page, "l2c") >= covered_to(page) + 5, (heading_top(page, "l2c"), covered_to(page))
    assert page.evaluate("document.activeElement.closest('section.node') && document.activeElement.closest('section.node').id") == "l2c"


@pytest.mark.parametrize("where", ["site/laws/2.html", "lawsearch.html#l2"])
def test_a_jump_inside_the_page_lands_below_a_wrapped_header(tab, long_title, where):
    page = tab(url(long_title, where))
    page.locator("nav.outline:visible a[href$='#l2e']").first.click()
    page.wait_for_timeout(300)
    assert heading_top(page, "l2e") >= covered_to(page) + 5, (heading_top(page, "l2e"), covered_to(page))


@pytest.mark.parametrize("where", ["site/laws/2.html", "lawsearch.html#l2"])
def test_the_outline_beside_the_text_starts_below_a_wrapped_header(tab, long_title, where):
    page = tab(url(long_title, where))
    label = page.locator("nav.outline:visible summary").first.bounding_box()
    assert label["y"] >= page.locator("header.site").bounding_box()["height"], label


def test_the_offsets_follow_the_header_when_the_window_narrows(tab, long_title):
    """The header's height is measured again on resize: wider, one row, and the part is no
    further down than a one-row header asks; narrower, more rows, and it still clears them."""
    page = tab(url(long_title, "site/laws/2.html#l2c"))
    for width in (1000, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(200)
        page.evaluate("document.querySelector('#l2c').scrollIntoView()")
        page.wait_for_timeout(100)
        assert heading_top(page, "l2c") >= covered_to(page) + 5, (width, heading_top(page, "l2c"), covered_to(page))


@pytest.mark.parametrize("where", ["site/laws/2.html#l2c", "lawsearch.html#l2c"])
def test_on_a_phone_a_part_opened_at_its_anchor_stands_below_what_is_held_over_it(tab, long_title, where):
    """On a phone the header scrolls away (its height does not count); the context bar a jump
    brings stands over the page's top, and the part lands below it."""
    page = tab(url(long_title, where), PHONE)
    assert heading_top(page, "l2c") >= covered_to(page) + 5, (heading_top(page, "l2c"), covered_to(page))
    assert heading_top(page, "l2c") < PHONE["height"] / 3


# -- finding 8: a link to the part already in the address ---------------------------------------------


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_a_link_to_the_part_in_the_address_puts_the_focus_on_it(tab, long_title, viewport):
    page = tab(url(long_title, "lawsearch.html#l1b1"), viewport)
    link = page.locator("#l2a a[href='#l1b1']").first
    link.scroll_into_view_if_needed()
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert page.evaluate("location.hash") == "#l1b1"
    focus = page.evaluate("""() => { const a = document.activeElement, s = a.closest('section.node');
        return {tag: a.tagName, part: s ? s.id : null}; }""")
    assert focus["tag"] != "BODY" and focus["part"] == "l1b1", focus
    assert in_view(page, "#l1b1 > .node-heading")


# -- finding 9: printing from the single file -------------------------------------------------------------


def printed(page) -> dict[str, bool]:
    """Which of the single file's blocks print, under the print media."""
    page.emulate_media(media="print")
    out = page.evaluate("""() => { const shown = e => !!e && e.getClientRects().length > 0;
        return {contents: shown(document.querySelector('table.toc')),
                law1: shown(document.querySelector('#l1')), law2: shown(document.querySelector('#l2')),
                law3: shown(document.querySelector('#l3')), glossary: shown(document.querySelector('#glossary')),
                sources: shown(document.querySelector('#sources'))}; }""")
    page.emulate_media(media="screen")
    return out


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_printing_a_law_from_the_single_file_prints_that_law_only(tab, long_title, viewport):
    page = tab(url(long_title, "lawsearch.html#l2"), viewport)
    assert printed(page) == {"contents": False, "law1": False, "law2": True, "law3": False,
                             "glossary": False, "sources": False}
    # scrolled back by hand to the law before: that one
    page.mouse.wheel(0, -1)
    page.evaluate("document.querySelector('#l1').closest('article.law').scrollIntoView()")
    page.wait_for_timeout(300)
    got = printed(page)
    assert got["law1"] and not got["law2"], got


@pytest.mark.parametrize("where,shown", [("lawsearch.html", "contents"), ("lawsearch.html#glossary", "glossary"),
                                         ("lawsearch.html#sources", "sources")])
def test_printing_another_view_of_the_single_file_prints_that_view_only(tab, long_title, where, shown):
    page = tab(url(long_title, where))
    got = printed(page)
    assert [k for k, v in got.items() if v] == [shown], got


def test_on_screen_every_view_of_the_single_file_stays_shown(tab, long_title):
    page = tab(url(long_title, "lawsearch.html#l2"))
    assert page.evaluate("""() => ['table.toc', '#l1', '#l3', '#glossary'].every(
        s => document.querySelector(s).getClientRects().length > 0)""")
