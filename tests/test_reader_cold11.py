"""Reading a law (cold read 11, issue 16, findings 3, 4, 5, 9): stepping through the query's
marks from the clause a hit landed on; the floating search on a phone leaves the page where it
was; a reference's preview near the screen's foot opens above its link; the copied note leaves
the marks' bar uncovered. In a real headless Chromium from file://."""

from __future__ import annotations

import pytest

from test_phone_reading import tab  # noqa: F401  (tab: the fixture)
from test_print_cold11 import print_site  # noqa: F401  (the fixture: law 1, parts A-F of 8 clauses)
from test_reader import DESKTOP, PHONE


def current_mark_part(page) -> str:
    return page.evaluate("document.querySelector('mark.hl.current').closest('section.node').id")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("where", ["site/laws/1.html", "lawsearch.html"])
def test_next_from_a_landed_clause_goes_to_its_first_mark_not_the_top(tab, print_site, viewport, where):
    """Opened at part C from a search for «коробке» (marked in every part), → steps to a mark in
    part C, not to part A's at the top; ← from the landing steps to the last mark before C."""
    url = (print_site / where).as_uri() + "?q=коробке#l1c"
    for button, expected in ((1, "l1c"), (0, "l1b")):
        page = tab(url, viewport)
        page.locator(".hl-bar").wait_for()
        page.wait_for_timeout(200)
        page.locator(".hl-bar button").nth(button).click()
        part = current_mark_part(page)
        assert part == expected or part.startswith(expected), (button, part)


@pytest.mark.parametrize("how", ["bar", "slash"])
def test_on_a_phone_opening_search_mid_page_leaves_the_page_where_it_was(tab, print_site, how):
    """Opening the search from the context bar's «Поиск» or with `/` in the middle of a law keeps
    the page behind where it was while the reader types, and Escape returns to that same place
    (the cold reader's page moved ~470 px, or to its top)."""
    page = tab((print_site / "site" / "laws" / "1.html").as_uri() + "#l1d", PHONE)
    page.wait_for_timeout(300)
    y = page.evaluate("scrollY")
    assert y > 300  # mid-page
    if how == "bar":
        page.locator(".context-bar button.to-search").click()
    else:
        page.keyboard.press("/")
    page.wait_for_timeout(150)
    assert page.evaluate("document.activeElement.id") == "q"
    assert abs(page.evaluate("scrollY") - y) < 5
    page.keyboard.type("коробке")
    page.locator("#results a[data-id]").first.wait_for()
    page.wait_for_timeout(200)
    assert abs(page.evaluate("scrollY") - y) < 5
    assert page.locator("#q").bounding_box()["y"] >= -1  # the box on screen
    page.keyboard.press("Escape")
    page.wait_for_timeout(200)
    assert abs(page.evaluate("scrollY") - y) < 5


@pytest.fixture(scope="module")
def refs_site(tmp_path_factory):
    from conftest import one_file_corpus
    from lawsearch.build import build
    from test_phone_reading import MANY_PARTS

    root = tmp_path_factory.mktemp("refs")
    text = MANY_PARTS.replace("до конца партии.", "до конца партии, как велит Правило 2.")
    text += "Правило 2. Правило о столе\nСудья ставит стол у окна и проверяет, что за ним хватает места для четырёх участников.\n"
    build(one_file_corpus(root, text), root / "build", lambda message: None)
    return root / "build"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("how", ["focus", "hover"])
def test_a_preview_near_the_screens_foot_opens_above_its_link(tab, refs_site, viewport, how):
    """A reference near the bottom of the screen (reached by Tab, or pointed at): its preview is
    drawn whole on screen, above the link (the cold reader's was drawn below the screen's edge)."""
    if how == "hover" and viewport == PHONE:
        pytest.skip("a phone has no pointer to hover with")
    page = tab((refs_site / "site" / "laws" / "1.html").as_uri(), viewport)
    refs = page.locator("article.law a.ref")
    assert refs.count() > 10
    ref = refs.nth(10)
    # the link a line above the screen's foot
    page.evaluate("""e => { const r = e.getBoundingClientRect();
        window.scrollBy(0, r.bottom - (innerHeight - 10)); }""", ref.element_handle())
    page.wait_for_timeout(100)
    if how == "focus":
        page.evaluate("e => e.focus({preventScroll: true})", ref.element_handle())
    else:
        ref.hover()
    page.locator("#preview:not([hidden])").wait_for()
    page.wait_for_timeout(100)
    box, link = page.locator("#preview").bounding_box(), ref.bounding_box()
    height = page.evaluate("document.documentElement.clientHeight")
    assert link["y"] + link["height"] > height - 40  # the link is still at the foot
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (box, height)
    assert box["y"] + box["height"] <= link["y"] + 1  # above it, not over it


def test_on_a_phone_the_copied_note_leaves_the_marks_bar_uncovered(tab, print_site):
    """The copied note («Скопировано: …») shown while the query's marks' bar stands at the
    screen's foot: it covers neither the bar nor its ← → buttons (the cold reader's covered them)."""
    page = tab((print_site / "site" / "laws" / "1.html").as_uri() + "?q=коробке#l1d", PHONE)
    page.locator(".hl-bar").wait_for()
    page.wait_for_timeout(200)
    page.locator("#l1d button.copy-cite").first.click()
    page.locator(".copy-status.shown").wait_for()
    page.wait_for_timeout(100)
    note = page.locator(".copy-status").bounding_box()
    assert note["height"] > 0 and note["y"] >= 0
    for button in page.locator(".hl-bar button").all() + [page.locator(".hl-bar")]:
        b = button.bounding_box()
        apart = (note["x"] + note["width"] <= b["x"] or b["x"] + b["width"] <= note["x"]
                 or note["y"] + note["height"] <= b["y"] or b["y"] + b["height"] <= note["y"])
        assert apart, (note, b)
    # the bar's buttons still take a tap
    page.locator(".hl-bar button").nth(1).click(timeout=2000)


def test_on_a_phone_the_copied_note_stands_on_the_strip_never_over_a_line_of_text(tab, print_site):
    """Cold read 12 of issue 16, finding 4: with the marks' bar filling the strip at the screen's
    foot, the copied note has no room beside it; it stands above the bar, and the opaque strip
    rises under it for its moment -- the note lies on the strip, never over a line of the text."""
    page = tab((print_site / "site" / "laws" / "1.html").as_uri() + "?q=коробке#l1d", PHONE)
    page.locator(".hl-bar").wait_for()
    page.wait_for_timeout(200)
    page.locator("#l1d button.copy-cite").first.click()
    page.locator(".copy-status.shown").wait_for()
    page.wait_for_timeout(100)
    note = page.locator(".copy-status").bounding_box()
    bar = page.locator(".hl-bar").bounding_box()
    strip = page.evaluate("""() => { const s = getComputedStyle(document.body, '::after');
        return {top: innerHeight - parseFloat(s.height), opaque: s.backgroundColor !== 'rgba(0, 0, 0, 0)'}; }""")
    assert note["y"] + note["height"] <= bar["y"] + 1  # the case: no room beside the bar
    assert strip["opaque"] and strip["top"] <= note["y"] - 2, (strip, note)
    page.wait_for_timeout(2700)  # the note gone: the strip back to its own height
    gone = page.evaluate("innerHeight - parseFloat(getComputedStyle(document.body, '::after').height)")
    assert gone > strip["top"] + 10, (gone, strip)
