"""The compare view (lawsearch/compare_site.py, ``lawsearch diff --html``): a page per law
that renders added, removed and changed text distinctly -- ``<ins>``/``<del>`` and a label,
not colour alone -- escaped, from file://, in light and dark, clean under axe-core."""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner

from editions_score import COLD
from lawsearch.cli import main
from lawsearch.compare_site import write_compare
from lawsearch.edition_trees import EditionSet, read_description
from lawsearch.profile import load_profile
from test_reader import axe_violations
from test_site import parse_site, site_links

BOTH = COLD / "ru-en-both"


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("compare")
    result = CliRunner().invoke(main, ["diff", "2007", "2017", "--editions", str(BOTH / "fixture.toml"),
                                       "--html", str(out)])
    assert result.exit_code == 0, result.stderr
    assert "wrote 4 compare pages" in result.stderr
    return out / "compare" / "2007~2017"  # where a built site keeps the pair, so diff --html into one clobbers nothing


def test_a_page_per_law_and_an_index(pages):
    assert sorted(p.name for p in pages.glob("*.html")) == ["60.html", "61.html", "62.html", "index.html"]
    index = (pages / "index.html").read_text(encoding="utf-8")
    # the page speaks the profile's first language; 61: reworded 61A, added 61B3, 62B2 moved in
    assert re.search(r'<a href="61.html">Правило 61</a></td>\s*<td>изменений: 3</td>', index)


def test_links_resolve_and_nothing_leaves_the_folder(pages):
    parsed = parse_site(pages.parent.parent)
    for path, page in parsed.items():
        for attr, value in page.links:
            parts = urlsplit(value)
            assert not parts.scheme and not parts.netloc, value
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            assert target.is_file(), (path.name, value)
            if parts.fragment:
                assert parts.fragment in parsed[target].ids, (path.name, value)


def test_a_moved_clause_links_to_where_it_went(pages):
    html = (pages / "62.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="61\.html#ru-l61b4"[^>]*>теперь 61B4</a>', html)


def test_removed_added_and_reworded_text_are_marked_up(pages):
    html = (pages / "60.html").read_text(encoding="utf-8")
    removed = html[html.index('id="ru-old-l60b"'):]
    assert "<del>" in removed[:removed.index("</div>")] and "исключено" in removed[:removed.index("</div>")]
    html = (pages / "61.html").read_text(encoding="utf-8")
    row = html[html.index('id="en-l61a"'):]
    row = row[:row.index("</div>")]
    assert "<del>" in row and "<ins>" in row and "57%" in row  # words changed, added ones too, of the longer text
    added = html[html.index('id="en-l61b3"'):]
    assert added[:added.index("</div>")].count("<ins>") == 1


HOSTILE_A = """Law 90 - Title <script>alert("t")</script>
A. Part <img src=x onerror=alert(1)>
Text with <marquee>bold</marquee> & "quotes" that stays.
B. Gone
This <script>x()</script> part goes away.
"""
HOSTILE_B = """Law 90 - Title <script>alert("t")</script>
A. Part <img src=x onerror=alert(1)>
Text with <blink>other</blink> & "quotes" that stays.
"""


def test_text_reaching_the_page_is_escaped(tmp_path):
    for side, text in (("A", HOSTILE_A), ("B", HOSTILE_B)):
        (tmp_path / side).mkdir()
        (tmp_path / side / "laws-en.txt").write_text(text, encoding="utf-8")
    (tmp_path / "editions.toml").write_text(
        '[[editions]]\nid = "1"\ndefault = true\nsources = [{ path = "A/laws-en.txt", lang = "en", layout = "en-2007" }]\n'
        '[[editions]]\nid = "2"\nsources = [{ path = "B/laws-en.txt", lang = "en", layout = "en-2007" }]\n',
        encoding="utf-8")
    # a description refuses an id like "<2>" (test_editions.py); a name from elsewhere -- a
    # corpus folder's name, for two folders compared -- may hold anything and is escaped
    read = read_description(tmp_path / "editions.toml")
    editions = EditionSet([read.editions["1"], dataclasses.replace(read.editions["2"], id="<2>")], read.code)
    written = write_compare(tmp_path / "site", editions, "1", "<2>", ["en"], load_profile())
    for path in written:
        html = path.read_text(encoding="utf-8")
        assert "<script>" not in html and "<img" not in html and "<marquee" not in html and "<blink" not in html
        assert "<2>" not in html
    html = (tmp_path / "site" / "compare" / "90.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in html and "&lt;2&gt;" in html
    assert not list((tmp_path / "site").glob(".compare-*"))  # the staging folder is gone


# -- in Chromium ------------------------------------------------------------------------------


def open_page(browser, url: str, scheme: str):
    page = browser.new_page(viewport={"width": 1024, "height": 800}, color_scheme=scheme)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    return page


STYLE = """s => { const e = document.querySelector(s); const c = getComputedStyle(e);
  return {line: c.textDecorationLine, color: c.color, bg: c.backgroundColor, text: e.textContent}; }"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_view_marks_changes_by_more_than_colour_in_light_and_dark(browser, pages, scheme):
    page = open_page(browser, (pages / "61.html").as_uri(), scheme)
    try:
        deleted = page.evaluate(STYLE, "#en-l61a del")
        inserted = page.evaluate(STYLE, "#en-l61a ins")
        assert "line-through" in deleted["line"] and "underline" in inserted["line"]
        assert deleted["bg"] != inserted["bg"]
        assert "while holding a card of the suit led" in deleted["text"]
        assert page.locator("#en-l61b3 ins").inner_text().startswith("A defender may ask")
        assert page.locator("#en-l61b3 .cmp-badge").inner_text() == "добавлено"
        assert page.locator("#en-l61a .cmp-badge").inner_text() == "текст изменён (57% слов)"  # Change.changed: 15 removed, 17 added
        body = page.evaluate("getComputedStyle(document.body).backgroundColor")
        dark = sum(int(x) for x in re.findall(r"\d+", body)[:3]) < 200
        assert dark == (scheme == "dark"), body
        page.goto((pages / "60.html").as_uri())
        assert "line-through" in page.evaluate(STYLE, "#ru-old-l60b del")["line"]
        for name in ("index.html", "60.html", "61.html", "62.html"):
            page.goto((pages / name).as_uri())
            assert axe_violations(page) == {}, name
        assert not page.errors, page.errors
    finally:
        page.close()


def test_the_parts_of_a_renumbered_law_are_labelled_as_diff_files_them(tmp_path):
    """Children follow their parent: the sections of law 31, renumbered 32, are shown as
    renumbered with it («was 31A» on 32A, 32B), not as moved -- what diff reports -- while a
    section that did move on its own (31C -> 33B) is labelled moved. All on page 32, where
    old 31 went (its switch links there): new law 31 is another law with its number."""
    (tmp_path / "A").mkdir()
    (tmp_path / "B").mkdir()
    (tmp_path / "A" / "laws-en.txt").write_text(
        "Law 31 - Lanterns\nA. Lighting\nThe lanterns are lit at dusk by the warden on duty.\n"
        "B. Oil\nOnly clear lamp oil is poured into the lanterns.\n"
        "C. Wicks\nA wick is trimmed whenever the flame smokes.\n"
        "Law 32 - Gates\nA. Opening\nThe gates open at the first bell of the morning.\n", encoding="utf-8")
    (tmp_path / "B" / "laws-en.txt").write_text(
        "Law 31 - Bells\nA. Ringing\nThe bell is rung once for each hour of the day.\n"
        "Law 32 - Lanterns\nA. Lighting\nThe lanterns are lit at dusk by the warden on duty.\n"
        "B. Oil\nOnly clear lamp oil is poured into the lanterns.\n"
        "Law 33 - Gates\nA. Opening\nThe gates open at the first bell of the morning.\n"
        "B. Wicks\nA wick is trimmed whenever the flame smokes.\n", encoding="utf-8")
    (tmp_path / "editions.toml").write_text(
        '[[editions]]\nid = "2001"\ndefault = true\nsources = [{ path = "A/laws-en.txt", lang = "en", layout = "en-2007" }]\n'
        '[[editions]]\nid = "2011"\nsources = [{ path = "B/laws-en.txt", lang = "en", layout = "en-2007" }]\n',
        encoding="utf-8")
    editions = read_description(tmp_path / "editions.toml")
    write_compare(tmp_path / "site", editions, "2001", "2011", ["en"], load_profile())
    html = (tmp_path / "site" / "compare" / "32.html").read_text(encoding="utf-8")
    rows = {i: k for k, i in re.findall(r'<div class="cmp-row cmp-(\w+) ?" id="en-l(32\w)"', html)}
    assert rows == {"32a": "renumbered", "32b": "renumbered"}, rows
    for part in ("A", "B"):
        assert re.search(rf'id="en-l32{part.lower()}">\s*<p class="cmp-head"><b>32{part}</b>.*?'
                         rf'<span class="cmp-badge"[^>]*>renumbered \(was 31{part}\)</span>', html, re.S), html
    left = {i: k for k, i in re.findall(r'<div class="cmp-row cmp-(\w+) ?" id="en-old-l(31\w)"', html)}
    assert left == {"31c": "moved"}, left
    assert 'href="33.html#en-l33b"' in html
    other = (tmp_path / "site" / "compare" / "31.html").read_text(encoding="utf-8")
    assert "en-old-l31" not in other and "cmp-renumbered" not in other
# -- the compare view built into the site (lawsearch build of a multi-edition corpus) ----------


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """ru-en-both (2007 default, ru+en; 2017, ru+en) built: the site has compare/2007~2017/."""
    from editions_fixtures import corpus_of
    from lawsearch.build import build

    root = tmp_path_factory.mktemp("compare-site")
    build(corpus_of("ru-en-both", root), root / "build", lambda message: None)
    return root / "build" / "site"


def compare_link(site: Path, page: str) -> str | None:
    html = (site / "laws" / page).read_text(encoding="utf-8")
    found = re.search(r'<a href="([^"]+)" class="edition-compare"[^>]*>([^<]+)</a>', html)
    return found and found[1]


def test_the_site_builds_the_compare_view_of_its_editions_and_links_it(site):
    pages = site / "compare" / "2007~2017"
    assert sorted(p.name for p in pages.glob("*.html")) == ["60.html", "61.html", "62.html", "index.html"]
    # from each law page's switch, both ways, to that law's compare page
    assert compare_link(site, "61.html") == "../compare/2007~2017/61.html"
    assert compare_link(site, "2017~61.html") == "../compare/2007~2017/61.html"
    html = (site / "laws" / "61.html").read_text(encoding="utf-8")
    assert "что изменилось: 2007 → 2017" in html
    # from the contents pages of both editions
    for home in ("index.html", "index~2017.html"):
        assert '<a href="compare/2007~2017/index.html">Редакции 2007 и 2017: что изменилось</a>' in \
               (site / home).read_text(encoding="utf-8")
    # the compare pages lead back to the site, carry the build's stamp, and are kept offline
    page = (pages / "61.html").read_text(encoding="utf-8")
    assert 'href="../../index.html"' in page and 'href="../../static/style.css"' in page
    build_id = re.search(r'"build": ?"([^"]+)"', (site / "search-index.js").read_text(encoding="utf-8"))
    assert build_id and build_id[1] in page and "2007-laws-ru.txt" in page
    offline = (site / "sw.js").read_text(encoding="utf-8")
    assert "compare/2007~2017/61.html" in offline and "compare/2007~2017/index.html" in offline
    # the same marks as diff --html: 61A reworded in English, 61B3 added
    assert re.search(r'id="en-l61a".*?<del>.*?<ins>', page, re.S)


def test_every_link_of_the_site_with_its_compare_view_resolves(site):
    from test_site import site_links

    checked, broken = site_links(site)
    assert checked > 100 and not broken, "\n".join(broken)


def test_an_older_law_links_the_compare_page_of_where_it_went(tmp_path):
    """ru-split-merge-move (1997, 2007): law 43 became 42, so 43's page links the compare
    page of 42 (where its text is compared), and 2007's 42 links the same page."""
    from editions_fixtures import corpus_of
    from lawsearch.build import build

    build(corpus_of("ru-split-merge-move", tmp_path), tmp_path / "build", lambda message: None)
    site = tmp_path / "build" / "site"
    assert compare_link(site, "43.html") == "../compare/1997~2007/42.html"
    assert compare_link(site, "2007~42.html") == "../compare/1997~2007/42.html"


def test_no_compare_view_between_editions_sharing_no_language(tmp_path):
    from editions_fixtures import corpus_of
    from lawsearch.build import build

    build(corpus_of("no-shared-language", tmp_path), tmp_path / "build", lambda message: None)
    site = tmp_path / "build" / "site"
    assert not (site / "compare").exists()
    assert compare_link(site, "80.html") is None
    assert "compare/" not in (site / "index.html").read_text(encoding="utf-8")


def test_the_sites_compare_pages_are_escaped(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    lines = ["[code]", 'edition = "1"', ""]
    for edition, text in (("1", HOSTILE_A), ("2", HOSTILE_B)):
        (root / f"e{edition}.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "e{edition}.txt"', 'lang = "en"', 'kind = "laws"', f'edition = "{edition}"',
                  'layout = "en-2007"', 'encoding = "utf-8"', ""]
    (root / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    from lawsearch.build import build

    build(root, tmp_path / "build", lambda message: None)
    pages = sorted((tmp_path / "build" / "site" / "compare" / "1~2").glob("*.html"))
    assert [p.name for p in pages] == ["90.html", "index.html"]
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert "<script>" not in html and "<img" not in html and "<marquee" not in html and "<blink" not in html
    assert "&lt;script&gt;" in pages[0].read_text(encoding="utf-8")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_from_a_law_page_to_its_compare_page_in_chromium(browser, site, scheme):
    """file://: the switch's "what changed" link opens the law's compare page; the law page,
    the contents and the compare pages have no axe violation in light and dark."""
    page = open_page(browser, (site / "laws" / "61.html").as_uri(), scheme)
    try:
        assert axe_violations(page) == {}, "law page"
        page.locator('nav.edition-switch a.edition-compare[data-compare="2017"]').click()
        page.wait_for_load_state()
        assert page.url.endswith("/compare/2007~2017/61.html")
        assert "line-through" in page.evaluate(STYLE, "#en-l61a del")["line"]
        assert page.locator("#en-l61b3 .cmp-badge").inner_text() == "добавлено"
        assert axe_violations(page) == {}, "compare page"
        page.locator("header.site nav a", has_text="Оглавление").click()  # back to the site's contents
        page.wait_for_load_state()
        assert page.url.endswith("/site/index.html")
        assert axe_violations(page) == {}, "contents"
        page.locator('ul.compare-links a').click()
        page.wait_for_load_state()
        assert page.url.endswith("/compare/2007~2017/index.html")
        assert axe_violations(page) == {}, "compare index"
        assert not page.errors, page.errors
    finally:
        page.close()


def _modes(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): oct(p.stat().st_mode & 0o777) for p in [root, *root.rglob("*")] if p.is_dir()}


def test_diff_html_into_a_built_site_keeps_its_compare_view_and_folders_are_readable(tmp_path):
    """A site's compare view lives at compare/<old>~<new>/; ``diff --html`` into the site
    writes there too, in the same layout, so the site's links still land and no other pair
    is lost. Every folder is readable by all (0755 under umask 022), as laws/ is."""
    from editions_fixtures import corpus_of

    old_mask = os.umask(0o022)
    try:
        folder = corpus_of("ru-en-both", tmp_path)
        out = tmp_path / "b"
        result = CliRunner().invoke(main, ["build", "--corpus", str(folder), "--out", str(out)])
        assert result.exit_code == 0, result.output
        site = out / "site"
        before = sorted(p.relative_to(site).as_posix() for p in (site / "compare").rglob("*.html"))
        assert before and all(p.startswith("compare/2007~2017/") for p in before)
        result = CliRunner().invoke(main, ["diff", "2007", "2017", "--corpus", str(folder), "--out", str(out),
                                           "--html", str(site)])
        assert result.exit_code == 0, result.output
        after = sorted(p.relative_to(site).as_posix() for p in (site / "compare").rglob("*.html"))
        assert after == before  # same pages, same places: nothing deleted, no compare/61.html beside them
        checked, broken = site_links(site)  # the site's links, to its compare view too, still land
        assert checked and not broken, broken
        modes = _modes(site)
        assert modes["compare/2007~2017"] == modes["laws"] == "0o755", modes
        assert set(modes.values()) == {"0o755"}, modes
    finally:
        os.umask(old_mask)


def test_a_code_with_its_own_title_is_named_so_on_the_home_page_the_app_and_the_compare_pages(tmp_path):
    """[code] title names the code everywhere the site names it: the home page's <title>,
    the installed app's name (manifest.webmanifest) and the compare pages' header -- never
    the profile's «Законы бриджа» for a code titled otherwise (escaped, as any text)."""
    import json

    from editions_fixtures import corpus_of

    folder = corpus_of("ru-en-both", tmp_path)
    manifest = folder / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('title = "Edition fixture"',
                                                                    'title = "Устав клуба «Воздушный змей» & <Ко>"'),
                        encoding="utf-8")
    out = tmp_path / "b"
    result = CliRunner().invoke(main, ["build", "--corpus", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    site = out / "site"
    profile = load_profile()
    defaults = {profile.text("ru", k) for k in ("code_title", "brand", "app_name", "app_short_name")}
    escaped = "Устав клуба «Воздушный змей» &amp; &lt;Ко&gt;"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(rf"<title>{re.escape(escaped)}", home), home[:400]
    app = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert app["name"] == app["short_name"] == "Устав клуба «Воздушный змей» & <Ко>"
    compare_pages = list((site / "compare").rglob("*.html"))
    assert compare_pages
    result = CliRunner().invoke(main, ["diff", "2007", "2017", "--corpus", str(folder), "--out", str(out),
                                       "--html", str(tmp_path / "alone")])
    assert result.exit_code == 0, result.output
    compare_pages += list((tmp_path / "alone" / "compare").rglob("*.html"))
    for page in [site / "index.html", *compare_pages]:
        html = page.read_text(encoding="utf-8")
        assert not any(d in html for d in defaults), (page, [d for d in defaults if d in html])
    for page in compare_pages:
        assert re.search(rf'class="brand"[^>]*>{re.escape(escaped)}', page.read_text(encoding="utf-8")), page


def test_where_the_older_texts_are_lost_the_view_says_it_cannot_compare(tmp_path):
    """The 2001 copy starts at law 32 (law 31's pages are lost): law 31 of 2011 is neither
    the same nor added -- its page and the index say it cannot be compared, as the edition
    switch and diff do (cold 5 of issue 15, finding 2); law 33, compared, stays unchanged."""
    (tmp_path / "A").mkdir()
    (tmp_path / "B").mkdir()
    laws = {31: "Law 31 - Bells\nA. Ringing\nThe bell is rung once for each hour of the day.\n",
            32: "Law 32 - Lanterns\nA. Lighting\nThe lanterns are lit at dusk by the warden on duty.\n",
            33: "Law 33 - Gates\nA. Opening\nThe gates open at the first bell of the morning.\n"}
    (tmp_path / "A" / "laws-en.txt").write_text(laws[32].replace("at dusk", "at sunset") + laws[33], encoding="utf-8")
    (tmp_path / "B" / "laws-en.txt").write_text(laws[31] + laws[32] + laws[33], encoding="utf-8")
    (tmp_path / "editions.toml").write_text(
        '[code]\nlaws = [31, 33]\n'
        '[[editions]]\nid = "2001"\ndefault = true\nsources = [{ path = "A/laws-en.txt", lang = "en", layout = "en-2007" }]\n'
        '[[editions]]\nid = "2011"\nsources = [{ path = "B/laws-en.txt", lang = "en", layout = "en-2007" }]\n',
        encoding="utf-8")
    editions = read_description(tmp_path / "editions.toml")
    write_compare(tmp_path / "site", editions, "2001", "2011", ["en"], load_profile())
    folder = tmp_path / "site" / "compare"
    page = (folder / "31.html").read_text(encoding="utf-8")
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert "cmp-same" not in page and "cmp-added" not in page and "No changes" not in page
    assert re.search(r'<div class="cmp-row cmp-lost ?" id="en-l31a"', page), page
    assert "cannot be compared: the 2001 text here is lost" in page
    assert re.search(r'<a href="31.html">Law 31</a></td>\s*<td>cannot be compared', index), index
    assert re.search(r'<a href="32.html">Law 32</a></td>\s*<td>1 changes</td>', index)
    assert re.search(r'<a href="33.html">Law 33</a></td>\s*<td>No changes</td>', index)
