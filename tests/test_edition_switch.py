"""The edition switch on a law page, in a real headless Chromium from file://: it keeps the
reader on the same law in the other edition -- the same number, or the number the law went
to (found by its title) -- and says so where the law is not there."""

from __future__ import annotations

import pytest

from editions_fixtures import corpus_of
from lawsearch import ids
from lawsearch.build import build


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """ru-split-merge-move (1997 default, 2007): law 43 «Права болвана» became 42, 44 became
    43, and 42 «Вопросы перед первым ходом» was merged into 41 (no law of its title in 2007)."""
    root = tmp_path_factory.mktemp("switch")
    build(corpus_of("ru-split-merge-move", root), root / "build", lambda message: None)
    return root / "build" / "site"


def law_heading(page) -> str:
    return page.locator("h1.law-heading").inner_text()


@pytest.fixture
def page(browser):
    p = browser.new_page(viewport={"width": 1366, "height": 900})
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    assert not errors, errors
    p.close()


@pytest.mark.parametrize("start, edition, lands, title", [
    ("40", "2007", "2007~40.html", "Объяснение заявок"),          # the same number
    ("2007~40", "1997", "40.html", "Объяснение заявок"),          # and back to the default edition
    ("43", "2007", "2007~42.html", "Права болвана"),              # renumbered: 43 → 42
    ("44", "2007", "2007~43.html", "Порядок игры во взятке"),     # 44 → 43
    ("2007~42", "1997", "43.html", "Права болвана"),              # and back
])
def test_the_switch_lands_on_the_same_law(page, site, start, edition, lands, title):
    page.goto((site / "laws" / f"{start}.html").as_uri())
    before = law_heading(page)
    assert title in before
    switch = page.locator(f'nav.edition-switch a[data-edition="{edition}"]')
    switch.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith("/laws/" + lands)
    assert title in law_heading(page)
    # the page landed on marks its own edition as current
    assert page.locator('nav.edition-switch [aria-current="page"]').inner_text() == edition


def test_the_switch_says_where_a_renumbered_law_went(page, site):
    page.goto((site / "laws" / "43.html").as_uri())
    text = page.locator('nav.edition-switch a[data-edition="2007"]').inner_text()
    assert "2007" in text and "42" in text


def test_the_switch_follows_a_merged_law(page, site):
    # 42 «Вопросы перед первым ходом» was merged into 41: 2007's law 42 is another law
    page.goto((site / "laws" / "42.html").as_uri())
    link = page.locator('nav.edition-switch a[data-edition="2007"]')
    assert "2007" in link.inner_text() and "41" in link.inner_text()
    link.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith("/laws/2007~41.html")
    assert "Начало розыгрыша" in law_heading(page)


@pytest.fixture(scope="module")
def added_law_site(tmp_path_factory):
    """en-shared-split-section (1997 ru+en default, 2007 en): 2007 added law 73."""
    root = tmp_path_factory.mktemp("switch-added")
    build(corpus_of("en-shared-split-section", root), root / "build", lambda message: None)
    return root / "build" / "site"


def test_the_switch_says_when_the_law_is_not_in_the_other_edition(page, added_law_site):
    page.goto((added_law_site / "laws" / "2007~73.html").as_uri())
    link = page.locator('nav.edition-switch a[data-edition="1997"]')
    assert "1997" in link.inner_text() and "73" not in link.inner_text()
    link.click()
    page.wait_for_load_state()
    assert page.url.endswith("/index.html")
    assert page.locator('nav.edition-switch [aria-current="page"]').inner_text() == "1997"


def test_the_switchs_links_are_tap_targets(page, site):
    page.goto((site / "laws" / "40.html").as_uri())
    box = page.locator('nav.edition-switch a[data-edition="2007"]').bounding_box()
    assert box is not None and box["height"] >= 24


def test_an_edition_query_in_the_browser_lands_in_that_edition(page, site):
    """«болвана edition:2007» lists only 2007's nodes, by their bare IDs and the edition, and
    a click lands on that edition's page at the node's anchor."""
    page.goto((site / "index.html").as_uri())
    page.fill("#q", "болвана edition:2007")
    first = page.locator("#results li a").first
    first.wait_for()
    found = [a.get_attribute("data-id") for a in page.locator("#results li a[data-id]").all()]
    assert found and all(i.startswith("2007~") for i in found)
    assert "2007~" not in page.locator("#results").inner_text()  # shown as "42 (… 2007 …)", not the raw ID
    target = first.get_attribute("data-id")
    first.click()
    page.wait_for_load_state()
    assert "/laws/2007~" in page.url and page.url.endswith("#" + ids.anchor(target))
    assert page.locator(f"[id='{ids.anchor(target)}']").is_visible()


# -- another edition's file names (laws/2007~42.html) on other systems ---------------------------

WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


def test_every_file_name_of_the_site_is_legal_on_windows_and_in_a_zip(site, tmp_path):
    """``~`` is legal in Windows and zip names, and unreserved in URLs (no escaping); the
    names have none of Windows' forbidden characters, no reserved stem, no trailing dot or
    space, and no two differ by case only (Windows' folders ignore case)."""
    import zipfile

    root = site
    names = [p.relative_to(root).as_posix() for p in sorted(root.rglob("*")) if p.is_file()]
    assert any("~" in n for n in names)
    for name in names:
        for part in name.split("/"):
            assert not set(part) & set('<>:"\\|?*') and all(ord(c) >= 32 for c in part), name
            assert part.split(".")[0].lower() not in WINDOWS_RESERVED and not part.endswith((".", " ")), name
    assert len({n.casefold() for n in names}) == len(names)
    # a zip of the site keeps every name, and the copy unpacked opens and follows a ~ link
    archive = tmp_path / "site.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for name in names:
            z.write(root / name, name)
    with zipfile.ZipFile(archive) as z:
        assert sorted(z.namelist()) == sorted(names)
        z.extractall(tmp_path / "unpacked")
    assert sorted(p.relative_to(tmp_path / "unpacked").as_posix()
                  for p in (tmp_path / "unpacked").rglob("*") if p.is_file()) == sorted(names)


def test_a_link_to_another_editions_page_is_followed_from_an_unpacked_copy(page, site, tmp_path):
    """From file://, a click on the switch's link (an href with a raw ``~``) opens that page,
    in a copy of the site moved elsewhere as a reader would unpack it."""
    import shutil

    copy = tmp_path / "copied site"  # a space in the path too, as in "My Documents"
    shutil.copytree(site, copy)
    page.goto((copy / "laws" / "43.html").as_uri())
    link = page.locator('nav.edition-switch a[data-edition="2007"]')
    assert link.get_attribute("href").split("#")[0].endswith("/2007~42.html")  # not escaped as %7E
    link.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith("/laws/2007~42.html")
    assert "Права болвана" in law_heading(page)
    # and back to the default edition's contents from that page's switch
    page.locator('nav.edition-switch a[data-edition="1997"]').click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith("/laws/43.html")
