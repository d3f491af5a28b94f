"""The site at the table, cold read 6 of issue 16: on a phone the floating controls (the marks'
bar, the drawer's button) never stand over a line of text -- in a real headless Chromium from
file://, on the shipped corpus (test_reader's fixtures) and on small corpora invented here."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_reader import PHONE
from test_reader import phone  # noqa: F401  (the fixture)

# -- 1. the floating controls are never over text ---------------------------------------------------

# Every line of text on screen that a shown control's box touches, and whether the reader sees
# any of that line: a line under the opaque strip the controls stand in is hidden across the
# whole screen (as under the context bar at the top); a line with a button floating over part of
# it shows its other end -- that is what the reader must never meet.
HALF_COVERED = """sels => {
    const controls = sels.flatMap(s => [...document.querySelectorAll(s)]).filter(e => {
      if (!e.checkVisibility({visibilityProperty: true})) return false;
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight; });
    const out = [];
    const walker = document.createTreeWalker(document.getElementById('main'), NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      const parent = n.parentElement;
      if (!n.nodeValue.trim() || controls.some(c => c.contains(parent))) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const line of range.getClientRects()) {
        if (line.width === 0 || line.bottom <= 0 || line.top >= innerHeight) continue;
        for (const c of controls) {
          const r = c.getBoundingClientRect();
          if (!(line.left < r.right && line.right > r.left && line.top < r.bottom && line.bottom > r.top)) continue;
          const y = (Math.max(line.top, r.top, 0) + Math.min(line.bottom, r.bottom, innerHeight)) / 2;
          const seen = [line.left + 1, line.right - 1].some(x => { const e = document.elementFromPoint(x, y); return e && parent.contains(e); });
          if (seen) out.push([c.className || c.tagName, n.nodeValue.trim().slice(0, 30), Math.round(line.top)]);
        }
      }
    }
    return [controls.length, out.slice(0, 5)]; }"""
CONTROLS = [".hl-bar", "nav.outline:not([hidden]) summary"]


def at(built: Path, where: str) -> str:
    """The address of a page of the built site (the single file beside it), with its query."""
    path, mark, rest = where.partition("?")
    where_file = built / path if path == "lawsearch.html" else built / "site" / path
    return where_file.as_uri() + mark + rest


def wheel(page, dy: int) -> None:
    page.mouse.move(200, 400)
    page.mouse.wheel(0, dy)
    page.wait_for_timeout(250)


@pytest.mark.parametrize("where", [
    "laws/50.html?q=штрафная карта#l50b",  # landed on a hit: the marks' bar shown
    "laws/50.html?q=карта",  # opened at its top with marks
    "laws/62.html",  # no query: the drawer's button alone
    "laws/51.html?q=карта",
    "lawsearch.html?q=карта#l51",  # the single file
])
def test_on_a_phone_no_control_stands_over_a_line_of_text(phone, built, where):
    shown = 0
    for moves in ([], [300, -100], [700, -100], [1200, -60], [100000, -200]):
        page = phone(at(built, where), PHONE)
        page.wait_for_timeout(400)
        for dy in moves:
            wheel(page, dy)
        seen, covered = page.evaluate(HALF_COVERED, CONTROLS)
        shown += seen
        assert not covered, (where, moves, covered)
    assert shown >= 4, where  # the controls were there to be looked at (after the scroll-ups)

