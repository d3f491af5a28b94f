"""Cold read 15 of issue 16, in a real headless Chromium from file://: no page scrolls sideways on
the narrowest phones (the glossary's three columns of whole words were wider than the line); the
single file's stamp says its sources count every edition's; the Tab past the last result goes on
to what follows the search box; the single file's «текст полный» stands beside the status banner."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_reader import PHONE  # noqa: F401
from test_reader_cold13 import tab  # noqa: F401  (the fixture)


def url(build_dir: Path, where: str) -> str:
    path, _, rest = where.partition("?")
    path, _, anchor = path.partition("#")
    return (build_dir / path).as_uri() + ("?" + rest if rest else "") + ("#" + anchor if anchor else "")


# -- finding 1: no sideways scroll at 320 and 360 px ------------------------------------------------------


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("where", ["site/glossary.html", "lawsearch.html", "lawsearch.html#glossary",
                                   "site/laws/50.html", "site/search.html?q=%D1%88%D1%82%D1%80%D0%B0%D1%84"])
def test_no_page_scrolls_sideways_on_a_narrow_phone(tab, built, where, width):
    page = tab(url(built, where), {"width": width, "height": 740})
    page.wait_for_timeout(300)
    sizes = page.evaluate("""() => ({scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth,
        wide: [...document.querySelectorAll('main *')].filter(e => e.getClientRects().length
              && e.getBoundingClientRect().right > innerWidth + 1).slice(0, 3).map(e => e.tagName + '.' + e.className)})""")
    assert sizes["scroll"] <= sizes["view"], sizes
    if "glossary" in where:
        # every term and translation whole on its line: the cells are wide enough for their words
        cells = page.evaluate("""() => [...document.querySelectorAll('table.glossary td')].filter(td => td.getClientRects().length)
            .map(td => td.scrollWidth <= td.clientWidth + 1)""")
        assert len(cells) > 10 and all(cells), cells


# -- finding 4: the Tab past the last result goes on below the search box -------------------------------


@pytest.mark.parametrize("where", ["site/laws/50.html", "lawsearch.html"])
def test_tab_past_the_last_result_closes_the_panel_and_goes_on_below_the_box(tab, built, where):
    page = tab(url(built, where), PHONE)
    page.keyboard.press("/")
    page.keyboard.type("revoke")
    page.locator("#results li a").first.wait_for()
    page.wait_for_timeout(300)
    page.keyboard.press("ArrowDown")
    for _ in range(80):
        page.keyboard.press("Tab")
        if not page.evaluate("document.getElementById('results').contains(document.activeElement)"):
            break
    where_to = page.evaluate("""() => { const a = document.activeElement, box = document.getElementById('q');
        return {panel: !document.getElementById('results').hidden, after: !!(box.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING),
                top: a.getBoundingClientRect().top + scrollY, boxBottom: box.getBoundingClientRect().bottom + scrollY,
                what: a.tagName + ' ' + (a.textContent || '').trim().slice(0, 30)}; }""")
    assert not where_to["panel"], where_to
    # the next element in the page's order, and on screen below the box: never one above it (the site's links)
    assert where_to["after"] and where_to["top"] >= where_to["boxBottom"], where_to


@pytest.mark.parametrize("where", ["site/laws/50.html", "site/index.html", "lawsearch.html"])
def test_on_a_phone_the_headers_controls_are_in_the_order_they_are_seen(tab, built, where):
    """Brand and the site's links on the first row, the search box under them: Tab goes so too."""
    page = tab(url(built, where), PHONE)
    tops = page.evaluate("""() => [...document.querySelectorAll('header.site a, header.site input')]
        .filter(e => e.getClientRects().length).map(e => [e.tagName, Math.round(e.getBoundingClientRect().top)])""")
    assert [t for _, t in tops] == sorted(t for _, t in tops), tops
    assert tops[-1][0] == "INPUT", tops
