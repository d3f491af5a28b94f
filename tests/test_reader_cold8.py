"""The single file at the table, cold read 8 of issue 16 -- in a real headless Chromium from
file://: Back from a hit brings the answers back with the focus on the hit chosen."""

from __future__ import annotations

import pytest

from test_reader import DESKTOP, PHONE
from test_reader import phone  # noqa: F401  (the fixture)
from test_reader_cold6 import three_laws, wheel  # noqa: F401  (three_laws: the fixture)
from test_phone_reading import editions_single  # noqa: F401  (the fixture)
from test_reader_cold7 import focused

# -- 1. Back from a hit chosen in the single file: the answers open again, on the hit chosen ---------


@pytest.mark.parametrize("viewport, how", [(PHONE, "tap"), (DESKTOP, "Enter"), (PHONE, "Enter")])
def test_single_file_back_from_a_hit_reopens_the_answers_on_it(phone, three_laws, viewport, how):
    page = phone((three_laws / "lawsearch.html").as_uri(), viewport)
    page.wait_for_load_state("load")
    page.fill("#q", "фонарь")
    page.locator("#results a[data-id]").nth(1).wait_for()
    hit = page.locator("#results a[data-id]").nth(1)
    chosen = hit.evaluate("a => a.href")
    if how == "tap":
        hit.click()
    else:
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        assert page.evaluate("document.activeElement.href") == chosen, focused(page)
        page.keyboard.press("Enter")
    page.wait_for_function("h => location.href === h", arg=chosen, timeout=5000)
    page.wait_for_timeout(300)
    assert page.locator("#results").is_hidden()  # landed: the answers shut over the text
    page.go_back()
    page.wait_for_function("h => document.activeElement && document.activeElement.href === h", arg=chosen, timeout=5000)
    assert page.locator("#results").is_visible()
    assert page.input_value("#q") == "фонарь"
    assert "#" not in page.url
    # the hit chosen is on screen, where the reader goes on from
    assert page.evaluate("""() => { const r = document.activeElement.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; }"""), focused(page)


# -- 2. the single file's header names the edition of the law being read ----------------------------


def header_edition(page) -> str:
    return page.evaluate("document.querySelector('header.site .brand .edition').textContent.trim()")


def test_single_file_header_names_the_edition_read(phone, editions_single):
    """ru-split-merge-move in one file (1997 the default, 2007): reading a 2007 law, the header
    says 2007, as that law's own page does; back at a 1997 law, 1997."""
    page = phone(editions_single.as_uri() + "#l43", DESKTOP)
    page.wait_for_load_state("load")
    page.wait_for_timeout(200)
    assert header_edition(page) == "1997"
    page.locator('#l43-h ~ .law-facts nav.edition-switch a[data-edition="2007"]').click()
    page.wait_for_function("location.hash.length > 1 && location.hash !== '#l43'")
    page.wait_for_timeout(300)
    status = page.evaluate("document.getElementById(location.hash.slice(1)).closest('article.law')"
                           ".querySelector('.edition-status').textContent")
    assert "2007" in status, status  # (the law landed on is 2007's)
    assert header_edition(page) == "2007"
    page.go_back()
    page.wait_for_timeout(300)
    assert header_edition(page) == "1997"


# -- 3. on a phone the «Скопировано» note stands in the strip at the screen's foot, over no text ----


TEXT_RECTS = """sel => { const out = []; const main = document.getElementById('main');
    const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (!t.textContent.trim() || !t.parentElement.checkVisibility()) continue;
      const r = document.createRange(); r.selectNodeContents(t);
      for (const b of r.getClientRects()) if (b.width > 0 && b.bottom > 0 && b.top < innerHeight) out.push([b.left, b.top, b.right, b.bottom, t.textContent.trim().slice(0, 20)]);
    }
    return out; }"""


@pytest.mark.parametrize("where", ["site/laws/1.html", "lawsearch.html"])
@pytest.mark.parametrize("anchor", ["l1b", "l1c"])
def test_on_a_phone_the_copied_note_covers_no_line_of_text(phone, three_laws, where, anchor):
    page = phone((three_laws / where).as_uri() + "#" + anchor, PHONE)
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    page.locator(f"#{anchor}-h button.copy-cite").click()
    note = page.locator("#copy-status")
    page.wait_for_function("document.getElementById('copy-status').classList.contains('shown')", timeout=3000)
    assert "Скопировано" in note.inner_text()
    box = note.bounding_box()
    assert box["height"] > 0 and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    # (the opaque strip at the screen's foot, which the text passes under, holds it)
    strip = page.evaluate("""() => { const s = getComputedStyle(document.body, '::after');
        return s.content !== 'none' && s.position === 'fixed' ? innerHeight - parseFloat(s.height) : null; }""")
    assert strip is not None and box["y"] >= strip - 1, (box, strip)
    over = [r for r in page.evaluate(TEXT_RECTS, None) if r[3] <= strip
            and r[0] < box["x"] + box["width"] and r[2] > box["x"] and r[1] < box["y"] + box["height"] and r[3] > box["y"]]
    assert over == [], over
    # nor the clause's first line, wherever the reader stands
    first = page.evaluate(f"document.querySelector('#{anchor} .text, #{anchor} p').getBoundingClientRect().toJSON()")
    assert first["top"] >= box["y"] + box["height"] or first["top"] + 20 <= box["y"], (first, box)


# -- 4. choosing in the drawer the part the reader is on leaves the focus on that part -------------


@pytest.mark.parametrize("where", ["lawsearch.html", "site/laws/1.html"])
def test_choosing_the_part_one_is_on_in_the_drawer_keeps_the_focus_there(phone, three_laws, where):
    page = phone((three_laws / where).as_uri() + "#l1b", PHONE)
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    wheel(page, -40)  # (the drawer's button back, on the reader's scroll-up)
    page.locator("nav.outline:not([hidden]) summary").click()
    link = page.locator("nav.outline:not([hidden]) details[open] a[href='#l1b']")
    link.click()
    page.wait_for_timeout(300)
    assert page.evaluate("location.hash") == "#l1b"
    assert page.evaluate("document.activeElement.closest('section.node')?.id") == "l1b", focused(page)
    assert page.evaluate("document.activeElement.getBoundingClientRect().top") >= 0
