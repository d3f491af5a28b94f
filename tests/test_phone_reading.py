"""A phone at the table, continued (cold read 2B): a word longer than the screen never widens
the page; the floating drawer button covers neither text nor footer and the drawer opens at
the part being read; the results panel keeps the page in sight; the single file of a
multi-edition corpus is clean under axe-core, has no dead link and lands a switch on the law's
heading -- in a real headless Chromium from file://, light and dark, at 390x844 and 1366x900."""

from __future__ import annotations

import re
import string
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import one_file_corpus
from editions_fixtures import corpus_of
from lawsearch.build import build
from test_reader import DESKTOP, PHONE, axe_violations, in_view, site_url

# an invented compound longer than any screen's line, and a law of many parts
LONG = "Сверх" + "длинноесловобезпробела" * 14
SECTIONS = string.ascii_uppercase[:6]
MANY_PARTS = "Правило 1. Правило о многих частях\n" + "".join(
    f"{s}.Раздел о коробке {s}\n" + "".join(
        f"{n}.Пункт {n} раздела {s}\nУчастник кладёт фишку номер {n} в коробку {s} до конца партии.\n"
        for n in range(1, 9))
    for s in SECTIONS)
SHORT_LAW = f"Правило 2. Правило о слове {LONG}\nТекст со словом {LONG} внутри абзаца.\nA.Раздел со словом\nЕщё {LONG} тут.\n" + "".join(
    f"{s}.Раздел о столе {s}\nСудья ставит стол {s} у окна и проверяет, что за ним хватает места для четырёх участников.\n"
    for s in "BCD")


@pytest.fixture(scope="module")
def phone_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("phone-reading")
    corpus = one_file_corpus(root, MANY_PARTS + SHORT_LAW)
    build(corpus, root / "build", lambda message: None, single_file=True)
    return root / "build"


@pytest.fixture
def tab(browser):
    pages = []

    def make(url: str, viewport=PHONE, scheme: str = "light"):
        page = browser.new_page(viewport=viewport, color_scheme=scheme)
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        pages.append(page)
        page.goto(url)
        return page

    yield make
    for page in pages:
        assert not page.errors, page.errors
        page.close()


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


# -- finding 6: a very long word ---------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_word_longer_than_the_screen_never_widens_the_page(tab, phone_site, scheme):
    pages = ["laws/2.html", "index.html", "concordance.html", "glossary.html", "sources.html", "search.html"]
    wide = {}
    for name in pages:
        page = tab(site_url(phone_site, name) + f"?q={quote(LONG)}" * (name == "search.html"), PHONE, scheme)
        page.wait_for_timeout(100)
        if page_width(page) > PHONE["width"]:
            wide[name] = page_width(page)
    page = tab((phone_site / "lawsearch.html").as_uri(), PHONE, scheme)
    if page_width(page) > PHONE["width"]:
        wide["single file"] = page_width(page)
    page = tab(site_url(phone_site, "index.html"), PHONE, scheme)
    page.fill("#q", LONG)
    page.locator("#results li a").first.wait_for()
    if page_width(page) > PHONE["width"]:
        wide["open results"] = page_width(page)
    assert wide == {}
    # and the word is all there, broken across lines, not cut (its soft hyphens: breaks the reader sees
    # only where a line ends, as a hyphen -- cold read 15 of issue 16, finding 5)
    page = tab(site_url(phone_site, "laws/2.html"), PHONE, scheme)
    assert LONG in page.inner_text("article.law .text").replace("\n", "").replace("\u00ad", "")


# Every word of a phone's contents table on one line: breaking the long words anywhere must
# not let the narrow table break its ordinary words mid-letter («сохранилос|ь»)
SPLIT_WORDS = """() => { const out = [];
  for (const cell of document.querySelectorAll('table.toc th, table.toc td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      for (const m of node.nodeValue.matchAll(/\\S+/g)) {
        if (m[0].length >= 24) continue;
        const r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out; }"""


def test_ordinary_words_in_a_phones_table_stay_whole(tab, built, phone_site):
    for site in (built, phone_site):
        page = tab(site_url(site, "index.html"))
        assert page.evaluate(SPLIT_WORDS) == []


# -- finding 15: the drawer's button, the drawer, the results panel ------------------------------------


def summary_box(page) -> dict:
    return page.evaluate("""() => { const r = document.querySelector('nav.outline summary').getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, inView: r.bottom > 0 && r.top < innerHeight}; }""")


def text_under(page) -> list[str]:
    """The page's own elements with text under the drawer's button, where it is on screen."""
    return page.evaluate("""() => { const s = document.querySelector('nav.outline summary'), r = s.getBoundingClientRect();
        if (r.bottom <= 0 || r.top >= innerHeight) return [];
        const out = [];
        for (const [x, y] of [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3],
                              [r.right - 3, r.bottom - 3], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]])
          for (const e of document.elementsFromPoint(x, y)) {
            if (e.closest('nav.outline') || ['HTML', 'BODY', 'MAIN', 'ARTICLE', 'SECTION', 'FOOTER', 'DIV'].includes(e.tagName)) continue;
            if ((e.textContent || '').trim()) out.push(e.tagName + '.' + e.className);
          }
        return out; }""")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_drawer_button_covers_no_text_and_no_footer(tab, built, scheme):
    page = tab(site_url(built, "laws/62.html"), PHONE, scheme)
    page.fill("#q", "50B")
    page.keyboard.press("Enter")
    page.wait_for_url("**/laws/50.html#l50b")
    page.wait_for_timeout(200)
    assert text_under(page) == [], "after a jump"
    page.mouse.move(200, 400)
    page.mouse.wheel(0, 400)  # reading on down
    page.wait_for_timeout(200)
    assert page.evaluate("innerHeight + scrollY < document.documentElement.scrollHeight - 100")  # not yet at the end
    assert text_under(page) == [] and not summary_box(page)["inView"], "reading on"
    page.mouse.wheel(0, -200)  # the reader asks for the controls: scroll-up
    page.wait_for_timeout(200)
    assert summary_box(page)["inView"]
    page.mouse.wheel(0, 100000)  # the page's end: the footer clears the button
    page.wait_for_timeout(300)
    box, footer = summary_box(page), page.locator("footer.site").bounding_box()
    assert box["inView"] and footer["y"] + footer["height"] <= box["top"], (box, footer)
    assert text_under(page) == []
    # Tab still reaches the button where it stood out of the way
    page.keyboard.press("Home")
    page.wait_for_timeout(200)
    page.focus("nav.outline summary")
    assert summary_box(page)["inView"]


def page_end_under(page) -> list[str]:
    """The footer and the pager's links where the drawer's button, on screen, stands over them."""
    return page.evaluate("""() => { const b = document.querySelector('nav.outline summary').getBoundingClientRect();
        if (b.bottom <= 0 || b.top >= innerHeight) return [];
        return [...document.querySelectorAll('footer.site, .pager a')].filter(e => { const r = e.getBoundingClientRect();
          return r.height > 0 && r.top < b.bottom && r.bottom > b.top && r.left < b.right && r.right > b.left; })
          .map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 30)); }""")


def page_end_half_covered(page) -> list[str]:
    """The lines of the footer and the pager the drawer's button, on screen, stands over while the
    reader still sees some of that line beside it. A line under the opaque strip the phone's
    controls stand in (fixAE, docs/decisions.md) is hidden across the whole screen, as a line
    scrolled under the context bar at the top is: passed, not covered."""
    return page.evaluate("""() => { const b = document.querySelector('nav.outline summary').getBoundingClientRect();
        if (b.bottom <= 0 || b.top >= innerHeight) return [];
        const out = [];
        for (const e of document.querySelectorAll('footer.site, .pager a')) {
          const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
          let n;
          while ((n = walker.nextNode())) {
            if (!n.nodeValue.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            for (const l of range.getClientRects()) {
              if (l.width === 0 || !(l.top < b.bottom && l.bottom > b.top && l.left < b.right && l.right > b.left)) continue;
              const y = (Math.max(l.top, b.top, 0) + Math.min(l.bottom, b.bottom, innerHeight)) / 2;
              if ([l.left + 1, l.right - 1].some(x => { const at = document.elementFromPoint(x, y); return at && e.contains(at); }))
                out.push(e.tagName + ': ' + n.nodeValue.trim().slice(0, 30));
            }
          }
        }
        return out; }""")


@pytest.mark.parametrize("law", ["50", "45"])
def test_the_drawer_button_never_stands_over_the_footer_on_scroll_up_from_the_end(tab, built, law):
    """The cold reader's phone: the end of the page, then a little back up -- the button came back
    over the footer's text and half over «← Правило 2». At the end the footer stands clear above
    the button; scrolling back up, the footer passes under the strip the button stands in and is
    never seen beside the button (no line of it, nor of the pager, half under the button)."""
    page = tab(site_url(built, f"laws/{law}.html"))
    page.mouse.move(200, 400)
    page.mouse.wheel(0, 100000)
    page.wait_for_timeout(300)
    assert summary_box(page)["inView"] and page_end_under(page) == [], "at the end"
    shown = 0
    for _ in range(12):
        page.mouse.wheel(0, -40)
        page.wait_for_timeout(150)
        shown += summary_box(page)["inView"]
        assert page_end_half_covered(page) == [], page.evaluate("innerHeight + scrollY - document.documentElement.scrollHeight")
    assert shown, "the button was there to be looked at on the way up"
    page.mouse.wheel(0, -600)  # further up, past the page's end: the reader's scroll-up brings it back
    page.wait_for_timeout(200)
    assert summary_box(page)["inView"]


def test_the_drawer_button_covers_no_footer_of_a_short_page(tab, phone_site):
    """A page a little longer than the screen (the cold reader's law 4 of 2007): at its end
    the footer stands above the button."""
    page = tab(site_url(phone_site, "laws/2.html"))
    assert page.evaluate("document.documentElement.scrollHeight") > PHONE["height"]
    page.mouse.move(200, 400)
    page.mouse.wheel(0, 100000)
    page.wait_for_timeout(300)
    box, footer = summary_box(page), page.locator("footer.site").bounding_box()
    assert box["inView"] and footer["y"] + footer["height"] <= box["top"], (box, footer)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_drawer_opens_at_the_part_being_read(tab, phone_site, scheme):
    page = tab(site_url(phone_site, "laws/1.html") + "#l1f5", PHONE, scheme)
    page.wait_for_timeout(200)
    page.mouse.move(200, 400)
    page.mouse.wheel(0, -40)
    page.wait_for_timeout(200)
    page.click("nav.outline summary")
    page.wait_for_timeout(100)
    link = page.locator('nav.outline a[href="#l1f5"]')
    assert link.get_attribute("aria-current") == "location"
    drawer = page.locator("nav.outline details").bounding_box()
    box = link.bounding_box()
    assert drawer["y"] <= box["y"] and box["y"] + box["height"] <= drawer["y"] + drawer["height"], (drawer, box)
    assert page.locator('nav.outline a[href="#l1a1"]').bounding_box()["y"] < drawer["y"]  # scrolled, not at the top
    assert not axe_violations(page)


def test_a_tap_outside_the_open_drawer_closes_it_and_gives_its_button_the_focus(tab, phone_site):
    """Cold read 12 of issue 16, finding 5: the drawer open over the text, a tap on the text
    beside it closes it (as Escape does), the focus back on its button."""
    page = tab(site_url(phone_site, "laws/1.html") + "#l1c3", PHONE)
    page.wait_for_timeout(200)
    page.mouse.move(200, 400)
    page.mouse.wheel(0, -40)
    page.wait_for_timeout(200)
    page.click("nav.outline summary")
    page.wait_for_timeout(100)
    assert page.evaluate("document.querySelector('nav.outline details').open")
    drawer = page.locator("nav.outline details").bounding_box()
    # a point on the page's own text, outside the drawer
    spot = page.evaluate("""(d) => { for (let y = 60; y < innerHeight - 60; y += 10) for (let x = 10; x < innerWidth - 10; x += 20) {
            const e = document.elementFromPoint(x, y);
            if (e && !e.closest('nav.outline, a, button, input, summary, header') && e.closest('main') && e.textContent.trim()) return {x, y}; }
        return null; }""", drawer)
    assert spot, drawer
    page.mouse.click(spot["x"], spot["y"])
    page.wait_for_timeout(100)
    assert not page.evaluate("document.querySelector('nav.outline details').open")
    assert page.evaluate("document.activeElement === document.querySelector('nav.outline summary')")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_results_panel_scrolls_itself_and_leaves_the_page_in_sight(tab, built, scheme):
    page = tab(site_url(built, "laws/50.html"), PHONE, scheme)
    page.fill("#q", "карта")
    page.locator("#results li a[data-id]").first.wait_for()
    box = page.evaluate("""() => { const p = document.getElementById('results'), h = document.querySelector('article.law h1');
        return {scroll: p.scrollHeight - p.clientHeight, bottom: p.getBoundingClientRect().bottom,
                heading: h.getBoundingClientRect().top}; }""")
    assert box["scroll"] > 0, box  # many hits: a scroll of its own
    assert box["bottom"] <= PHONE["height"] * 0.75, box
    assert box["heading"] >= box["bottom"] - 1 and box["heading"] < PHONE["height"], box  # the law, under it, in sight
    assert not axe_violations(page)


# -- finding 4: the single file of a multi-edition corpus ------------------------------------------------


@pytest.fixture(scope="module")
def editions_single(tmp_path_factory) -> Path:
    """ru-split-merge-move (1997 default, 2007): 1997's law 42 was merged into 41, so its
    switch names no 2007 law; law 43 became 2007's 42."""
    root = tmp_path_factory.mktemp("editions-single")
    build(corpus_of("ru-split-merge-move", root), root / "build", lambda message: None, single_file=True)
    return root / "build" / "lawsearch.html"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_single_file_of_editions_is_clean_under_axe(tab, editions_single, viewport, scheme):
    page = tab(editions_single.as_uri(), viewport, scheme)
    assert not axe_violations(page)


@pytest.fixture(scope="module")
def added_law_single(tmp_path_factory) -> Path:
    """en-shared-split-section (1997 en+ru, 2007 en): 2007 adds a law, whose switch names no
    1997 law and so leads to that edition's contents -- in one file, its top."""
    root = tmp_path_factory.mktemp("added-law-single")
    build(corpus_of("en-shared-split-section", root), root / "build", lambda message: None, single_file=True)
    return root / "build" / "lawsearch.html"


@pytest.mark.parametrize("which", ["editions_single", "added_law_single"])
def test_single_file_of_editions_has_no_dead_link(request, which):
    html = request.getfixturevalue(which).read_text(encoding="utf-8")
    assert 'href="#"' not in html
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    dead = [h for h in re.findall(r'href="#([^"]*)"', html) if h not in ids]
    assert dead == []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_an_edition_switch_in_the_single_file_lands_on_the_laws_heading(tab, editions_single, viewport):
    page = tab(editions_single.as_uri() + "#l43", viewport)
    page.wait_for_timeout(200)
    assert in_view(page, "#l43-h")
    switch = page.locator('#l43-h ~ .law-facts nav.edition-switch a[data-edition="2007"]')
    switch.click()
    page.wait_for_function("location.hash.length > 1 && location.hash !== '#l43'")
    page.wait_for_timeout(200)
    heading = page.locator(page.evaluate("'#' + location.hash.slice(1) + '-h'"))
    assert "Права болвана" in heading.inner_text()
    assert in_view(page, f"#{heading.get_attribute('id')}")
    top = heading.bounding_box()["y"]
    assert 0 <= top < viewport["height"] / 3, top


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_the_compare_link_in_the_single_file_puts_the_focus_on_the_compare_views_heading(tab, editions_single, viewport):
    """Cold read 12 of issue 16, finding 6: following a law's compare link the focus stands on
    the compare view's heading (a screen reader says where the reader is; Tab goes on from
    there), not on the page's body."""
    page = tab(editions_single.as_uri() + "#l43", viewport)
    page.wait_for_timeout(200)
    link = page.locator("#l43-h ~ .law-facts a.edition-compare").first
    target = link.get_attribute("href")[1:]
    link.click()
    page.wait_for_function("location.hash.length > 1 && location.hash !== '#l43'")
    page.wait_for_timeout(200)
    focus = page.evaluate("""() => { const a = document.activeElement; return {tag: a.tagName, id: a.id,
        view: a.closest('section.compare-view') ? a.closest('section.compare-view').id : null}; }""")
    assert focus == {"tag": "H2", "id": target + "-h", "view": target}, focus
    assert in_view(page, f'[id="{target}-h"]')


# -- a long title on a phone (cold read 8 of issue 16, findings 6, 7) ------------------------------

LONG_TITLE_LAW = ("Правило 3. Порядок пересадки пар между столами после окончания каждого тура, когда в зале "
                  "играют несколько секций и судья объявляет перерыв для подсчёта результатов всех столов\n"
                  "A.Кто пересаживается\nПары направления Восток-Запад переходят к следующему столу.\n")


@pytest.fixture(scope="module")
def long_title_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("long-title")
    corpus = one_file_corpus(root, MANY_PARTS + LONG_TITLE_LAW)
    build(corpus, root / "build", lambda message: None, single_file=True)
    return root / "build"


@pytest.mark.parametrize("where", ["site/laws/3.html", "lawsearch.html#l3"])
def test_a_long_title_leaves_the_rules_first_line_high_on_a_phone(tab, long_title_site, where):
    """Five lines of title pushed the rule's first line to 450-580 px of 844: clamped to two, it
    stands above 45% of the screen; the heading's text is whole in the page (a screen reader reads
    it) and the button after it opens it."""
    page = tab((long_title_site / where.split("#")[0]).as_uri() + ("#" + where.split("#")[1] if "#" in where else ""))
    heading = page.locator("#l3-h")
    assert heading.text_content().endswith("подсчёта результатов всех столов")
    first = page.locator("#l3a").get_by_text("Пары направления").first
    assert first.bounding_box()["y"] < 0.45 * PHONE["height"]
    line = float(page.evaluate("parseFloat(getComputedStyle(document.querySelector('#l3-h')).lineHeight)"))
    clamped = heading.bounding_box()["height"]
    assert clamped <= 2 * line + 2
    more = page.locator("article.law:has(#l3-h) .title-more")
    assert more.get_attribute("aria-expanded") == "false"
    assert more.inner_text() == "весь заголовок"
    more.click()
    assert more.get_attribute("aria-expanded") == "true" and heading.bounding_box()["height"] > clamped + line / 2
    # the second state says words, never the key of its string (cold read 11, finding 2)
    assert more.inner_text() == "свернуть заголовок"
    name = page.evaluate("e => e.getAttribute('aria-label') || e.textContent", more.element_handle())
    assert "_" not in name and name.strip()
    more.click()
    assert more.inner_text() == "весь заголовок"

