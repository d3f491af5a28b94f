"""The compare view, cold read 8 of issue 16 (findings 2, 8 and 11a): the single file of a
corpus of several editions carries the compare view the site has, opened from a law by the same
control, from file:// with no other file; compare pages have the site's search box; a clause
that gained a sentence is said to have changed by a share of its words, never 0%."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from test_compare_site import STYLE
from test_reader import DESKTOP, PHONE, axe_violations
from test_reader import phone  # noqa: F401  (the fixture)


@pytest.fixture(scope="module")
def both(tmp_path_factory) -> Path:
    """ru-en-both (2007 default, 2017; ru+en) built with its single file."""
    from editions_fixtures import corpus_of
    from lawsearch.build import build

    root = tmp_path_factory.mktemp("compare-cold8")
    build(corpus_of("ru-en-both", root), root / "build", lambda message: None, single_file=True)
    return root / "build"


@pytest.fixture(scope="module")
def alone(both, tmp_path_factory) -> Path:
    """The single file copied into a folder of its own: nothing beside it to load."""
    folder = tmp_path_factory.mktemp("alone")
    shutil.copyfile(both / "lawsearch.html", folder / "lawsearch.html")
    return folder / "lawsearch.html"


SHOWN = "s => { const e = document.querySelector(s); return !!e && e.checkVisibility(); }"
ON_SCREEN = """s => { const e = document.querySelector(s); if (!e) return false; const r = e.getBoundingClientRect();
  return e.checkVisibility() && r.bottom > 0 && r.top < innerHeight; }"""
# ("~" is a combinator in a CSS selector: the ids are matched as attributes)
def at(element_id: str, inner: str = "") -> str:
    return f'[id="{element_id}"]' + (f" {inner}" if inner else "")


HIDDEN_ALL = "() => [...document.querySelectorAll('section.compare-view')].every(s => s.hidden)"


# -- 1. the single file carries the compare view ----------------------------------------------------


def test_the_single_file_has_a_section_for_each_compare_page_of_the_site(both):
    html = (both / "lawsearch.html").read_text(encoding="utf-8")
    pages = sorted(p.stem for p in (both / "site" / "compare" / "2007~2017").glob("*.html"))
    sections = sorted(re.findall(r'<section id="(compare-2007~2017(?:-[^"]+)?)" class="compare-view', html))
    assert sections == sorted(["compare-2007~2017"] + [f"compare-2007~2017-{p}" for p in pages if p != "index"])
    # each law's switch in both editions links its law's section, as the site's switch its page
    for law in ("l61", "e2017-l61"):
        article = html[html.index(f'<section class="node law" id="{law}"') - 6000:html.index(f'<section class="node law" id="{law}"')]
        assert 'href="#compare-2007~2017-61" class="edition-compare"' in article, law
    # and its contents link the view's list of laws, as the site's contents pages link its index
    assert '<a href="#compare-2007~2017">Редакции 2007 и 2017: что изменилось</a>' in html
    # ids of the file stay unique: a compare row is named by its pair and law
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), [i for i in set(ids) if ids.count(i) > 1][:5]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP])
def test_from_a_law_of_the_single_file_to_its_compare_view_and_back(phone, alone, viewport):
    requested = []
    page = phone(alone.as_uri() + "#l61", viewport)
    page.on("request", lambda r: requested.append(r.url))
    page.wait_for_timeout(300)
    assert page.evaluate(HIDDEN_ALL)
    page.locator('article.law:has(#l61) a.edition-compare[data-compare="2017"]').click()
    assert page.url.endswith("#compare-2007~2017-61")
    section = "compare-2007~2017-61"
    assert page.evaluate(ON_SCREEN, at(section, "h2")), "the compare view opened where the reader is"
    assert page.evaluate(SHOWN, at(section)) and not page.evaluate(SHOWN, at("compare-2007~2017-60"))
    # the same marks as the site's page: 61A reworded in English (struck through, underlined), 61B3 added
    assert "line-through" in page.evaluate(STYLE, at(section + "-en-l61a", "del"))["line"]
    assert "underline" in page.evaluate(STYLE, at(section + "-en-l61a", "ins"))["line"]
    assert page.locator(at(section + "-en-l61b3", ".cmp-badge")).inner_text() == "добавлено"
    # within the view: all laws, law 62, its moved clause's "now 61B4" to 61's row
    page.locator(at(section, ".compare-nav a"), has_text="Все правила").click()
    assert page.evaluate(ON_SCREEN, at("compare-2007~2017", "h2")) and not page.evaluate(SHOWN, at(section))
    page.locator(at("compare-2007~2017", "a"), has_text="Правило 62").click()
    page.locator(at("compare-2007~2017-62-ru-old-l62b2", "a"), has_text="теперь 61B4").click()
    assert page.url.endswith("#compare-2007~2017-61-ru-l61b4")
    assert page.evaluate(ON_SCREEN, at("compare-2007~2017-61-ru-l61b4"))
    # Back to the law read: the view gone, the law's heading on screen
    for _ in range(4):
        page.go_back()
    assert page.url.endswith("#l61")
    page.wait_for_timeout(200)
    assert page.evaluate(HIDDEN_ALL)
    assert page.evaluate(ON_SCREEN, "#l61-h")
    # nothing but the one file was read
    assert not [u for u in requested if not u.startswith(alone.as_uri())], requested


def test_a_compare_section_opened_by_its_address_is_shown_and_clean_under_axe(phone, alone):
    page = phone(alone.as_uri() + "#compare-2007~2017-61-en-l61a", DESKTOP)
    page.wait_for_timeout(300)
    assert page.evaluate(ON_SCREEN, at("compare-2007~2017-61-en-l61a"))
    assert axe_violations(page) == {}


# -- 2. compare pages have the site's search box -------------------------------------------------------


def test_a_sites_compare_page_has_the_sites_header_and_its_search_finds_and_opens_a_law(phone, both):
    html = (both / "site" / "compare" / "2007~2017" / "61.html").read_text(encoding="utf-8")
    law = (both / "site" / "laws" / "61.html").read_text(encoding="utf-8")
    # the same header as a law page's: the search box, the contents, glossary and sources
    for part in ('<form class="search" role="search"', 'href="../../glossary.html"', 'href="../../sources.html"',
                 'href="../../index.html"', 'src="../../search-index.js"', 'src="../../static/search.js"'):
        assert part in html, part
    assert '<form class="search" role="search"' in law
    for viewport in (PHONE, DESKTOP):
        page = phone((both / "site" / "compare" / "2007~2017" / "61.html").as_uri(), viewport)
        assert page.locator("header.site #q").is_visible()
        page.fill("#q", "фальшренонс")
        hit = page.locator("#results a[data-id]").first
        hit.wait_for()
        hit.click()
        page.wait_for_load_state()
        assert "/site/laws/" in page.url and "q=" in page.url, page.url
        assert page.locator("article.law").count() == 1


def test_compare_pages_in_a_folder_of_their_own_carry_no_search_that_has_no_data(tmp_path, both):
    """diff --html into a folder that is no site: no box over search data that is not there; into
    a built site: the box, as the site's own compare pages."""
    from click.testing import CliRunner

    from editions_score import COLD
    from lawsearch.cli import main

    site = tmp_path / "site"
    shutil.copytree(both / "site", site)
    for out, boxed in ((tmp_path / "alone", False), (site, True)):
        result = CliRunner().invoke(main, ["diff", "2007", "2017", "--editions", str(COLD / "ru-en-both" / "fixture.toml"),
                                           "--html", str(out)])
        assert result.exit_code == 0, result.stderr
        html = (out / "compare" / "2007~2017" / "61.html").read_text(encoding="utf-8")
        assert ('<form class="search"' in html) is boxed and ("search.js" in html) is boxed, out


def test_the_single_files_search_is_at_hand_in_its_compare_view_and_a_hit_leaves_it(phone, alone):
    for viewport in (PHONE, DESKTOP):
        page = phone(alone.as_uri() + "#l61", viewport)
        page.wait_for_timeout(200)
        page.locator('article.law:has(#l61) a.edition-compare[data-compare="2017"]').click()
        assert page.evaluate(ON_SCREEN, at("compare-2007~2017-61", "h2"))
        # the file's header with its search box, reached as from a law: «/» (or the bar's «Поиск»)
        page.keyboard.press("/")
        assert page.evaluate("document.activeElement.id") == "q"
        assert page.evaluate(ON_SCREEN, "#q")
        page.keyboard.type("фальшренонс")
        hit = page.locator("#results a[data-id]").first
        hit.wait_for()
        hit.click()
        page.wait_for_timeout(200)
        assert page.evaluate(HIDDEN_ALL), "a hit chosen: the compare view is left for the law"
        target = page.url.split("#")[1]
        assert page.evaluate(ON_SCREEN, at(target))


# -- 3. a clause that gained a sentence changed by a share of its words ---------------------------------

LATE_A = """Law 90 - Lateness
A. Warning
A pair late for the round is warned by the director.
B. Penalty
A pair late twice loses three percent of the session.
"""
LATE_B = """Law 90 - Lateness
A. Warning
A pair late for the round is warned by the director. A second warning costs the pair a quarter of a board.
B. Penalty
A pair late twice loses five percent of the session.
"""


def test_a_sentence_added_is_a_change_by_its_share_of_the_words(phone, tmp_path):
    """A clause of 11 words that gained a sentence of 11: the words changed are half of the longer
    text («50%», never «0%»: no word of the old text was removed); a word put for a word in a clause
    of 10 is one word of ten changed."""
    from lawsearch.build import build

    root = tmp_path / "corpus"
    root.mkdir()
    lines = ["[code]", 'edition = "1"', ""]
    for edition, text in (("1", LATE_A), ("2", LATE_B)):
        (root / f"e{edition}.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "e{edition}.txt"', 'lang = "en"', 'kind = "laws"', f'edition = "{edition}"',
                  'layout = "en-2007"', 'encoding = "utf-8"', ""]
    (root / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    build(root, tmp_path / "build", lambda message: None)
    page = phone((tmp_path / "build" / "site" / "compare" / "1~2" / "90.html").as_uri(), DESKTOP)
    badges = {row: page.locator(f"#en-l90{row} .cmp-badge").inner_text() for row in ("a", "b")}
    assert badges == {"a": "reworded (50% of the words)", "b": "reworded (10% of the words)"}
    assert page.locator("#en-l90a ins").inner_text().strip().startswith("A second warning costs the pair")
    assert page.locator("#en-l90a del").count() == 0
