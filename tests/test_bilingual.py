"""The bilingual layer: an English source in the English code's layout, parsed by the same
pipeline, merged into the nodes' translations by ID, and the differences flagged.

The English text is tests/data/english/law50-test.txt: test data written for these tests
(invented sentences under the English code's titles), not the text of the Laws."""

from __future__ import annotations

import re
import shutil

import pytest

from pathlib import Path

from conftest import CORPUS_DIR, DATA
from lawsearch.corpus import build_corpus
from lawsearch.references import find_citations

ENGLISH = DATA / "english" / "law50-test.txt"


@pytest.fixture(scope="module")
def bilingual_root(tmp_path_factory) -> Path:
    """A copy of the shipped corpus with the English test file added to its manifest."""
    root = tmp_path_factory.mktemp("bilingual") / "corpus"
    shutil.copytree(CORPUS_DIR, root)
    (root / "laws" / "en").mkdir()
    shutil.copy(ENGLISH, root / "laws" / "en" / ENGLISH.name)
    with open(root / "manifest.toml", "a", encoding="utf-8") as f:
        f.write(f'\n[[source]]\npath = "laws/en/{ENGLISH.name}"\nlang = "en"\nkind = "laws"\nedition = "1987"\n'
                'translator = ""\nencoding = "auto"\n')
    return root


@pytest.fixture(scope="module")
def bilingual(bilingual_root):
    return build_corpus(bilingual_root)


def test_english_layout_parses_into_the_translations(bilingual):
    b = bilingual.node("50B")
    assert b.title == "Штрафная карта остаётся открытой" and b.lang == "ru"
    assert b.translations["en"] == {"title": "Penalty Card Remains Exposed",
                                    "text": "Test sentence for 50B: the card stays face up on the table."}
    assert bilingual.node("50E1").translations["en"]["title"] == "Offender to Play"
    assert bilingual.node("50").translations["en"]["title"] == "Disposition of Penalty Card"


def test_an_id_only_in_english_gets_a_node_without_russian_text(bilingual):
    node = bilingual.node("50E3")
    assert node.text is None and node.title is None and node.parent == "50E"
    assert node.translations["en"]["title"] == "Offender's Partner Has the Lead"
    assert len({n.id for n in bilingual.nodes}) == len(bilingual.nodes)


@pytest.mark.parametrize("node_id, flags", [
    ("50E3", ("only-en",)), ("50A", ("only-ru",)), ("50E2(b)", ("only-ru",)),
    ("50E", ("structure",)),  # its clauses: 1 and 2 in Russian, 1 and 3 in English
    ("50D", ("title", "refs")),  # "Minor Card" lacks "penalty card"; 16B against 16A
    ("50B", ()), ("50C", ()), ("50E1", ()),
    ("51A", ()),  # law 51 has no English text: nothing to compare
])
def test_alignment_flags(bilingual, node_id, flags):
    assert bilingual.node(node_id).alignment == flags


def test_alignment_report(bilingual):
    (report,) = bilingual.report.alignment
    assert report.lang == "en" and report.covered_laws == ("50",)
    assert report.flags["only-en"] == ["50E3"]


def test_english_references(bilingual):
    english = {(r.from_, r.target) for r in bilingual.refs if r.lang == "en"}
    assert english == {("50D", "16B"), ("50E3", "53"), ("50E3", "56")}
    assert all(r.status == ("outside" if r.target == "16B" else "node") for r in bilingual.refs if r.lang == "en")


@pytest.mark.parametrize("text, targets", [
    ("see Law 16A.", ["16A"]), ("under Laws 53 and 56", ["53", "56"]), ("Law 72B1 applies", ["72B1"]),
    ("Laws 61-64", ["61", "62", "63", "64"]), ("the Laws as a whole", []), ("Law 1987", []),
])
def test_english_citation_forms(text, targets):
    found = [t for _, _, ts, _ in find_citations(text, lang="en") for t in ts]
    assert found == targets


def test_the_russian_tree_is_unchanged_by_the_english_source(bilingual, corpus):
    russian = {n.id: (n.title, n.text, n.attribution) for n in corpus.nodes}
    assert {k: v for k, v in ((n.id, (n.title, n.text, n.attribution)) for n in bilingual.nodes) if k in russian} == russian


@pytest.fixture(scope="module")
def bilingual_site(bilingual_root, tmp_path_factory):
    from lawsearch.build import build

    out = tmp_path_factory.mktemp("bilingual-build")
    build(bilingual_root, out, lambda message: None)
    return out


def test_english_text_is_searchable(bilingual_site):
    from lawsearch.query import Searcher

    s = Searcher(bilingual_site / "index")
    assert s.search("offender partner lead", 3).hits[0].id == "50E3"
    assert s.search("lang:en restrictions defenders", 3).hits[0].id == "50E"
    s.close()


def test_show_both_languages(bilingual_root, bilingual_site):
    from click.testing import CliRunner

    from lawsearch.cli import main

    root = bilingual_root
    result = CliRunner().invoke(main, ["show", "50D", "--lang", "both", "--corpus", str(root), "--out", str(bilingual_site)])
    assert result.exit_code == 0
    assert "Когда вистующий имеет младшую штрафную карту" in result.stdout and "Test sentence for 50D" in result.stdout
    assert "Languages differ: title, refs" in result.stdout
    english = CliRunner().invoke(main, ["show", "50D", "--lang", "en", "--corpus", str(root), "--out", str(bilingual_site)])
    assert "Test sentence for 50D" in english.stdout and "Когда вистующий" not in english.stdout


def test_side_by_side_on_a_desktop_stacked_on_a_phone_with_a_switch(browser, bilingual_site):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((bilingual_site / "site" / "laws" / "50.html").as_uri())
    ru, en = page.locator("#l50d .parallel > .lang-main"), page.locator("#l50d .parallel > .lang-translation")
    assert ru.bounding_box()["x"] < en.bounding_box()["x"]  # side by side
    assert abs(ru.bounding_box()["y"] - en.bounding_box()["y"]) < 5
    assert page.locator("#l50e3-en").inner_text().startswith("Offender")  # the anchor of CONTRACT.md, -en
    page.check('input[value="translation"]')
    assert ru.is_hidden() and en.is_visible()
    page.check('input[value="main"]')
    assert en.is_hidden() and ru.is_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    page.check('input[value="both"]')
    assert en.bounding_box()["y"] > ru.bounding_box()["y"] + ru.bounding_box()["height"] - 5  # stacked
    page.close()


def test_exports_carry_the_english_text(bilingual):
    from lxml import etree

    from lawsearch.export import to_tei, to_tmx

    tmx = etree.fromstring(to_tmx(bilingual).encode())
    units = {u.get("tuid"): [t.find("seg").text for t in u.findall("tuv")] for u in tmx.findall("body/tu")}
    assert units["50B"] == [bilingual.node("50B").text, "Test sentence for 50B: the card stays face up on the table."]
    titles = [t.find("prop[@type='x-title']").text for t in tmx.find("body/tu[@tuid='50B']").findall("tuv")]
    assert titles == ["Штрафная карта остаётся открытой", "Penalty Card Remains Exposed"]
    assert "50E3" not in units  # English only: nothing to pair it with
    cut = next(u for u in tmx.findall("body/tu") if u.get("tuid") == "50E1")
    assert cut.find("prop[@type='x-ru-truncated']").text == "end"  # page 81 is lost after it
    tei = etree.fromstring(to_tei(bilingual).encode())
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    (div,) = tei.xpath("//t:div[@xml:id='l50e3-en']", namespaces=ns)
    assert div.get("type") == "translation" and "50E3" in "".join(div.itertext())
    assert tei.xpath("//t:link[@target='#l50b #l50b-en']", namespaces=ns)


PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1366, "height": 900}
GRID = [pytest.param(viewport, scheme, id=f"{name}-{scheme}")
        for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)) for scheme in ("light", "dark")]


def luminance_ratio(a: str, b: str) -> float:
    """WCAG contrast of two computed ``rgb(...)`` colours."""
    def lum(rgb: str) -> float:
        c = [int(x) / 255 for x in re.findall(r"\d+", rgb)[:3]]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("viewport, scheme", GRID)
def test_the_parallel_view_at_each_width_and_scheme(browser, bilingual_site, viewport, scheme):
    """Side by side using the width of a desktop (at 1366 px it once used 40% of the screen),
    stacked on a phone with nothing running off the screen; both languages readable (4.5:1)
    in light and dark; the language switch a 24 px target."""
    page = browser.new_page(viewport=viewport, color_scheme=scheme)
    page.goto((bilingual_site / "site" / "laws" / "50.html").as_uri())
    ru, en = page.locator("#l50d .parallel > .lang-main"), page.locator("#l50d .parallel > .lang-translation")
    a, b = ru.bounding_box(), en.bounding_box()
    if viewport is DESKTOP:
        assert a["x"] + a["width"] <= b["x"] + 1 and abs(a["y"] - b["y"]) < 5  # side by side
        assert page.locator("#l50d .parallel").bounding_box()["width"] >= 0.6 * viewport["width"]
    else:
        assert b["y"] >= a["y"] + a["height"] - 5  # stacked
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    for side in (ru, en):
        colour = side.evaluate("e => getComputedStyle(e.querySelector('p') || e).color")
        assert luminance_ratio(colour, background) >= 4.5, (colour, background)
    switch = page.locator('.lang-switch input[value="translation"]').bounding_box()
    assert switch["width"] >= 24 and switch["height"] >= 24, switch
    page.check('input[value="translation"]')
    assert ru.is_hidden() and en.is_visible()
    page.close()


@pytest.mark.parametrize("width", [1366, 1920])
def test_a_bilingual_law_keeps_its_outline_beside_the_text_on_a_desktop(browser, bilingual_site, width):
    """Cold read 3: the two languages side by side took the outline away on a desktop. It stands
    beside them, all its parts in reach, the languages keep their width, and axe finds nothing."""
    from test_reader import axe_violations

    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto((bilingual_site / "site" / "laws" / "50.html").as_uri())
    outline = page.locator("nav.outline")
    assert outline.is_visible() and outline.locator('a[href="#l50e3"]').is_visible()
    box, parallel = outline.bounding_box(), page.locator("#l50d .parallel").bounding_box()
    assert box["x"] + box["width"] <= parallel["x"], (box, parallel)  # beside, not over
    assert parallel["width"] >= 0.6 * (width - box["x"] - box["width"]), parallel
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not axe_violations(page)
    page.close()
