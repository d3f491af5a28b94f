"""The site at the table, cold read 7 of issue 16 -- in a real headless Chromium from file://:
the single file keeps naming the law read after a jump and a small scroll back up (its context
bar, the phone's drawer, the desktop's outline)."""

from __future__ import annotations

import pytest

from test_reader import DESKTOP, PHONE
from test_reader import phone  # noqa: F401  (the fixture)
from test_reader_cold6 import context_law, three_laws, wheel  # noqa: F401  (three_laws: the fixture)

# -- 1. after a jump and a small scroll up, the law read is still the one named -----------------------


def shown_outline(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('nav.outline')].filter(n => !n.hidden).map(n => n.dataset.law)")


def drawer_button_on_screen(page) -> bool:
    return page.evaluate("""() => { const s = document.querySelector('nav.outline:not([hidden]) summary');
        if (!s) return false; const r = s.getBoundingClientRect();
        return r.height > 0 && r.bottom > 0 && r.top < innerHeight && s.checkVisibility({visibilityProperty: true}); }""")


# a law's last part: the next law's heading (law 2 is short: also the room between two laws)
# comes up the screen below the part when the reader scrolls a little back up
@pytest.mark.parametrize("target, law", [("l1h", "1"), ("l2c", "2"), ("l2b", "2"), ("l3a", "3")])
def test_single_file_names_the_law_read_after_a_jump_and_a_small_scroll_up(phone, three_laws, target, law):
    url = (three_laws / "lawsearch.html").as_uri() + "#" + target
    page = phone(url, PHONE)
    page.wait_for_timeout(400)
    wheel(page, -40)
    assert context_law(page).startswith(f"Правило {law}."), page.locator(".context-bar").inner_text()
    assert shown_outline(page) == [f"l{law}"]
    page.wait_for_timeout(200)
    assert drawer_button_on_screen(page), "the phone's drawer button, on the reader's scroll-up"
    desk = phone(url, DESKTOP)
    desk.wait_for_timeout(400)
    wheel(desk, -40)
    assert shown_outline(desk) == [f"l{law}"]  # the outline beside the text stays the law read
