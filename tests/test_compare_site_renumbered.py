"""The compare page an old law's edition switch links to -- the page of the law it went to --
shows every change of that old law, its removed parts included; and a law merged into this
law is shown as part of it, never under «Ушло из этого правила» (issue 15, cold read 6
finding 5; lawsearch/compare_site.py).

Invented laws of an invented fishing-club code; layout ``ru-book``."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from lawsearch.build import build
from lawsearch.compare_site import write_compare
from lawsearch.edition_trees import read_description
from lawsearch.profile import load_profile

OLD = """Правило 1. ВЗНОСЫ
Взнос платят до первого мая.
Правило 2. СЕТИ
A. Ячея
Ячея сети не мельче трёх сантиметров.
B. Сушка
Сети сушат на шестах у старого причала.
C. Починка
Порванную сеть чинят в тот же день.
Правило 3. ЛОДКИ
A. Стоянка
Лодки ставят носом к берегу.
Правило 4. УЛОВ
A. Учёт
Улов взвешивают на общих весах.
"""
NEW = """Правило 1. ВЗНОСЫ
Взнос платят до первого мая.
Правило 2. ПРИЧАЛ
A. Швартовка
Лодку привязывают к причалу двумя концами.
Правило 3. СЕТИ
A. Ячея
Ячея сети не мельче трёх сантиметров.
C. Починка
Порванную сеть чинят в тот же день.
Правило 4. ЛОДКИ И УЛОВ
A. Стоянка
Лодки ставят носом к берегу.
B. Учёт
Улов взвешивают на общих весах.
"""
# 2005 → 2015: law 2 «ПРИЧАЛ» added, old 2 renumbered 3 with 2B «Сушка» removed, old 3 and 4 merged into 4


def left_rows(html: str) -> dict[str, str]:
    """The rows under «Ушло из этого правила»: old ID → its classes."""
    return {i.upper(): k.strip() for k, i in re.findall(r'<div class="cmp-row ([\w -]*)" id="ru-old-l(\w+)"', html)}


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("fishing")
    for ed, text in (("2005", OLD), ("2015", NEW)):
        (tmp / f"{ed}.txt").write_text(text, encoding="utf-8")
    (tmp / "editions.toml").write_text(
        '[[editions]]\nid = "2005"\ndefault = true\nsources = [{ path = "2005.txt", lang = "ru", layout = "ru-book" }]\n'
        '[[editions]]\nid = "2015"\nsources = [{ path = "2015.txt", lang = "ru", layout = "ru-book" }]\n',
        encoding="utf-8")
    write_compare(tmp / "site", read_description(tmp / "editions.toml"), "2005", "2015", ["ru"], load_profile())
    return tmp / "site" / "compare"


def test_the_page_a_renumbered_law_went_to_lists_its_removed_part(pages):
    html = (pages / "3.html").read_text(encoding="utf-8")
    removed = re.findall(r'<li class="cmp-removed">(.*?)</li>', html, re.S)
    assert any("2B" in r for r in removed), html  # in the list of changes
    rows = left_rows(html)
    assert "cmp-removed" in rows.get("2B", ""), rows  # and as a struck-through row
    assert "<del>Сети сушат на шестах у старого причала.</del>" in html
    assert re.search(r'<li class="cmp-renumbered">.*?2\s*→\s*3', html, re.S)


def test_a_law_merged_into_this_law_is_not_said_to_have_left_it(pages):
    html = (pages / "4.html").read_text(encoding="utf-8")
    assert "4" not in left_rows(html), left_rows(html)
    assert re.search(r'<li class="cmp-merged">.*?3 \+ 4\s*→\s*4', html, re.S), html
    # new law 3 (old 2 renumbered) merely has the other merged law's number: old 3 is
    # neither under «Ушло» nor in the records there -- its switch links 4, where it is (cold 7 #2)
    other = (pages / "3.html").read_text(encoding="utf-8")
    assert not any(k.startswith("3") for k in left_rows(other)), left_rows(other)
    assert "cmp-merged" not in other


def test_a_record_is_on_the_page_of_the_law_it_lands_in(pages):
    """New law 2 «ПРИЧАЛ» is added where old law 2 was renumbered 3: the added record is on
    page 2, not on page 3 (old 2's new page), and page 2 lists nothing of old law 2 -- the
    rule: a record belongs to the new law it lands in, a removed one to where its old law
    went (cold 7 #2)."""
    two = (pages / "2.html").read_text(encoding="utf-8")
    three = (pages / "3.html").read_text(encoding="utf-8")
    assert re.search(r'<li class="cmp-added">', two), two
    assert not re.search(r'<li class="cmp-added">', three), three
    assert left_rows(two) == {}, left_rows(two)
    assert "cmp-renumbered" not in two and "cmp-removed" not in two
    assert 'id="ru-l2a"' in two and "<ins>Лодку привязывают к причалу двумя концами.</ins>" in two


def test_a_part_that_came_by_a_merge_says_what_it_was(pages):
    """Old 3 and 4 merged into 4: 4A was 3A and 4B was 4A, and each row says so."""
    html = (pages / "4.html").read_text(encoding="utf-8")
    for part, was in (("A", "3A"), ("B", "4A")):
        assert re.search(rf'<div class="cmp-row cmp-merged ?" id="ru-l4{part.lower()}">\s*<p class="cmp-head">'
                         rf'<b>4{part}</b>.*?<span class="cmp-badge"[^>]*>объединено \(было {was}\)</span>',
                         html, re.S), html


def test_an_old_law_that_went_to_another_number_has_no_page_of_its_own(tmp_path):
    """Old 2 and 3 merged into 2, and the newer edition has no law 3: no page 3 -- old 3's
    switch links page 2, which lists the merge -- and the index lists no law 3."""
    old = "Правило 1. ВЗНОСЫ\nВзнос платят до первого мая.\nПравило 2. СЕТИ\nA. Ячея\nЯчея сети не мельче " \
          "трёх сантиметров.\nПравило 3. ЛОДКИ\nA. Стоянка\nЛодки ставят носом к берегу.\n"
    new = "Правило 1. ВЗНОСЫ\nВзнос платят до первого мая.\nПравило 2. СЕТИ И ЛОДКИ\nA. Ячея\nЯчея сети не " \
          "мельче трёх сантиметров.\nB. Стоянка\nЛодки ставят носом к берегу.\n"
    for ed, text in (("2005", old), ("2015", new)):
        (tmp_path / f"{ed}.txt").write_text(text, encoding="utf-8")
    (tmp_path / "editions.toml").write_text(
        '[[editions]]\nid = "2005"\ndefault = true\nsources = [{ path = "2005.txt", lang = "ru", layout = "ru-book" }]\n'
        '[[editions]]\nid = "2015"\nsources = [{ path = "2015.txt", lang = "ru", layout = "ru-book" }]\n',
        encoding="utf-8")
    write_compare(tmp_path / "site", read_description(tmp_path / "editions.toml"), "2005", "2015", ["ru"],
                  load_profile())
    pages = tmp_path / "site" / "compare"
    assert sorted(p.name for p in pages.glob("*.html")) == ["1.html", "2.html", "index.html"]
    assert re.search(r'<li class="cmp-merged">.*?2 \+ 3\s*→\s*2', (pages / "2.html").read_text(encoding="utf-8"), re.S)
    assert 'href="3.html' not in (pages / "index.html").read_text(encoding="utf-8")


def test_the_switch_of_the_old_law_links_the_page_that_lists_its_changes(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    lines = ["[code]", 'title = "Устав рыболовов"', 'edition = "2005"', "laws = [1, 4]", ""]
    for ed, text in (("2005", OLD), ("2015", NEW)):
        (corpus / f"{ed}.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "{ed}.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{ed}"',
                  'layout = "ru-book"', 'encoding = "utf-8"', ""]
    (corpus / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    build(corpus, tmp_path / "out", lambda m: None)
    site = tmp_path / "out" / "site"
    law = (site / "laws" / "2.html").read_text(encoding="utf-8")
    href = re.search(r'<a href="([^"]+)" class="edition-compare"', law).group(1)
    page = (site / "laws" / unescape(href)).resolve()
    assert page.name == "3.html"
    assert "cmp-removed" in left_rows(page.read_text(encoding="utf-8")).get("2B", "")


def test_a_russian_sites_compare_pages_show_russian_first(tmp_path):
    """Two editions sharing Russian and English on a Russian site: each compare page's
    sections are Russian, then English -- the site's language first (cold 5 #7)."""
    from editions_fixtures import corpus_of

    build(corpus_of("ru-en-both", tmp_path), tmp_path / "out", lambda m: None)
    pages = list((tmp_path / "out" / "site" / "compare").glob("*/*.html"))
    laws = [p for p in pages if p.name != "index.html"]
    assert laws
    for page in laws:
        html = page.read_text(encoding="utf-8")
        assert re.findall(r'<section class="cmp-lang" lang="(\w+)"', html) == ["ru", "en"], page
