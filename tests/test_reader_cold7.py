"""The site at the table, cold read 7 of issue 16 -- in a real headless Chromium from file://:
the single file keeps naming the law read after a jump and a small scroll back up (its context
bar, the phone's drawer, the desktop's outline)."""

from __future__ import annotations

from pathlib import Path

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


# -- 3. a quoted phrase is marked where it stands, in the English beside the text too -----------------

PHRASE_RU = """Правило 1. Колода
A. Открытая карта
Карта, открытая защитником, становится штрафной картой и лежит на столе.
B. Лишняя карта
В колоде одна карта лишняя, и за это судья назначает штраф.
"""
PHRASE_EN = """LAW 1 - THE PACK
A. Exposed Card
A card exposed by a defender becomes a penalty card and stays on the table.
B. Extra Card
The pack holds one card too many, and the director assesses a penalty for it.
"""


LONG_TITLE = "Регламент городского клуба любителей спортивного бриджа для командных матчей"


@pytest.fixture(scope="module")
def phrase_build(tmp_path_factory) -> Path:
    """One bilingual law, under a code's title longer than a phone's line."""
    from lawsearch.build import build

    from test_reader_cold6 import make_corpus

    root = make_corpus(tmp_path_factory.mktemp("phrase") / "corpus",
                       {"laws/ru/ru.txt": PHRASE_RU, "laws/en/en.txt": PHRASE_EN},
                       f'[code]\ntitle = "{LONG_TITLE}"\nlaws = [1, 1]\nlang = "ru"\n\n'
                       '[[source]]\npath = "laws/ru/ru.txt"\nlang = "ru"\nkind = "laws"\nencoding = "auto"\n\n'
                       '[[source]]\npath = "laws/en/en.txt"\nlang = "en"\nkind = "laws"\nencoding = "auto"\n')
    out = root.parent / "build"
    build(root, out, lambda *a, **k: None, single_file=True)
    return out


@pytest.mark.parametrize("where", ["laws/1.html", "../lawsearch.html"])
def test_a_quoted_phrase_is_marked_only_where_it_stands_in_either_language(phone, phrase_build, where):
    """«штрафная карта» quoted: the Russian phrase in its inflection and its glossary English
    «penalty card» where they stand in a row -- never the lone «Карта», «card» or «penalty» of
    the other sentences (the reader asked for the phrase)."""
    url = (phrase_build / "site" / where).resolve().as_uri() + '?q="штрафная карта"' + ("#l1a" if "lawsearch" in where else "")
    page = phone(url, DESKTOP)
    page.locator(".hl-bar").wait_for(timeout=5000)
    words = page.evaluate("""() => [...document.querySelectorAll('#main mark.hl')].map(m =>
        m.textContent.toLowerCase() + ' ' + m.closest('p, h1, h2, h3, h4, h5, h6').textContent.trim().slice(0, 12))""")
    assert sorted(w.split(" ")[0] for w in words) == sorted(["штрафной", "картой", "penalty", "card"]), words
    assert all(w.split(" ", 1)[1].startswith(("Карта, откры", "A card expos")) for w in words), words


# -- 6. the focus is where the reader landed, not on the page's body -----------------------------------


def focused(page) -> str:
    return page.evaluate("""() => { const a = document.activeElement;
        return a.tagName + '#' + (a.id || (a.closest('[id]') || {}).id || '') + ' ' + a.textContent.trim().slice(0, 20); }""")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_the_focus_is_on_the_part_landed_on_and_back_on_the_hit_chosen(phone, three_laws, viewport):
    # a hit chosen from the answers by the keyboard: the page opens with the focus on the part's heading
    page = phone((three_laws / "site" / "index.html").as_uri(), viewport)
    page.fill("#q", "фонарь")
    page.locator("#results a[data-id]").first.wait_for()
    page.keyboard.press("ArrowDown")
    chosen = page.evaluate("document.activeElement.href")
    assert "#" in chosen, focused(page)
    page.keyboard.press("Enter")
    page.wait_for_url("**/laws/*")
    page.wait_for_load_state("load")
    page.wait_for_timeout(200)
    anchor = page.evaluate("location.hash.slice(1)")
    # (the heading of the part, or of the law: its link or itself)
    assert page.evaluate("document.activeElement.closest('h1, h2, h3, h4, h5, h6')?.id") == anchor + "-h", focused(page)
    # the next Tab goes on from there, in the text, not from the page's top (the skip link, the header)
    page.keyboard.press("Tab")
    assert page.evaluate("document.getElementById('main').contains(document.activeElement)"), focused(page)
    # Back: the answers again, the focus on the hit that was chosen
    page.go_back()
    page.wait_for_function("href => document.activeElement && document.activeElement.href === href", arg=chosen, timeout=5000)
    # a jump inside the single file: to a part, to a law
    single = phone((three_laws / "lawsearch.html").as_uri() + "#l1c", viewport)
    single.wait_for_load_state("load")
    single.wait_for_timeout(200)
    assert single.evaluate("document.activeElement.closest('section.node')?.id") == "l1c", focused(single)
    single.evaluate("location.hash = '#l2b'")
    single.wait_for_timeout(200)
    assert single.evaluate("document.activeElement.closest('section.node')?.id") == "l2b", focused(single)
    single.evaluate("location.hash = '#l3'")
    single.wait_for_timeout(200)
    assert single.evaluate("document.activeElement.id") == "l3-h", focused(single)
    assert single.evaluate("document.activeElement.getBoundingClientRect().top") >= 0  # on screen, where the jump put it


# -- 5. on a phone a bilingual law's rule starts high on the screen ------------------------------------


def test_on_a_phone_a_long_code_title_keeps_one_row_and_the_rule_starts_high(phone, phrase_build):
    """The code's title shares its row with the site's links (cut short on screen, whole for a
    screen reader), so a bilingual law's first rule line stands in the upper 40 % of the screen."""
    page = phone((phrase_build / "site" / "laws" / "1.html").as_uri(), PHONE)
    rows = page.evaluate("""() => { const b = document.querySelector('header.site .brand').getBoundingClientRect(),
        n = document.querySelector('header.site .site-nav').getBoundingClientRect(); return [b.top, b.bottom, n.top, n.bottom]; }""")
    assert rows[0] < rows[3] and rows[2] < rows[1], rows  # one row
    assert page.get_by_role("link", name=LONG_TITLE).count() == 1  # its whole name
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    top = page.evaluate("document.querySelector('article.law .text p').getBoundingClientRect().top")
    assert top < PHONE["height"] * 0.4, top
