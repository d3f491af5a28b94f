"""A web page's blocks are never dropped blind, and its lists keep their structure (issue 9,
cold read 4, findings 1 and 2). Every block the reader leaves out -- navigation, a page's
header or footer, an aside, a block outside <main>, the site's name -- is counted under its
rule in ``check`` and shown by ``clean --explain``; an aside or a footer holding law text (a
citation of the code; an aside's sentence) stays. A list layout reads <ul>/<ol> nesting as
levels, whether the labels are typed in the items or only in the markup; a table row whose
first cell is a label is one line. The pages are invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import english_corpus
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.formats import read_html


def corpus(root: Path, pages: dict[str, str], layout: str = "en-mixed") -> Path:
    return english_corpus(root, pages, layout, title="Pages")


def page(body: str, title: str = "Garden Rules") -> str:
    return f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title></head><body>{body}</body></html>'


FURNITURE = page(
    '<header><p>The Allotment Society</p></header>'
    '<nav><a href="a.html">Home</a> <a href="b.html">Rules</a></nav>'
    '<h2>Law 12 - Watering</h2><h3>A. Hours</h3><p>Beds are watered before nine in the morning.</p>'
    '<aside>Related pages: hoses, cans</aside>'
    '<div class="footer">Page kept by the warden. Updated in spring.</div>')


def test_every_dropped_block_is_counted_with_its_rule():
    doc = read_html(FURNITURE.encode(), "p.html")
    assert doc.lines == ["Law 12 - Watering", "A. Hours", "Beds are watered before nine in the morning."]
    assert sorted(rule for _, rule, _ in doc.dropped) == [
        "page_aside", "page_header_footer", "page_header_footer", "page_navigation"]
    # each where it stood: before the first line, or after the last
    assert {(at, text) for at, _, text in doc.dropped} >= {(0, "The Allotment Society"),
                                                           (3, "Page kept by the warden. Updated in spring.")}


def test_check_and_clean_explain_show_the_dropped_blocks(tmp_path):
    root = corpus(tmp_path / "c", {"p.html": FURNITURE})
    result = CliRunner().invoke(main, ["check", "--corpus", str(root)])
    line = next(x for x in result.output.splitlines() if "p.html" in x and "lines changed" in x)
    assert "page_aside 1" in line and "page_header_footer 2" in line and "page_navigation 1" in line
    explained = CliRunner().invoke(main, ["clean", "--explain", str(root / "laws" / "p.html")]).output
    assert "[page_aside] left out by the page reader" in explained and "Related pages: hoses, cans" in explained
    assert "Page kept by the warden" in explained


@pytest.mark.parametrize("block, words", [
    ('<aside class="note">Editor: the hours follow Law 14B.</aside>', "follow Law 14B"),
    ('<footer>Printed by the society; see Law 3.</footer>', "see Law 3"),
    ('<aside>A bed left dry for a week is given to the next member.</aside>', "given to the next member"),
    ('<p class="sidebar">Cans are filled at the east tap only.</p>', "east tap only"),
    ('<div role="complementary">The warden may lend a hose.</div>', "may lend a hose"),
])
def test_an_aside_or_footer_holding_law_text_stays(tmp_path, block, words):
    body = '<h2>Law 12 - Watering</h2><h3>A. Hours</h3><p>Beds are watered before nine.</p>' + block
    built = build_corpus(corpus(tmp_path / "c", {"p.html": page(body)}))
    assert words in built.node("12A").text


def test_a_page_footer_div_is_furniture_not_law_text(tmp_path):
    built = build_corpus(corpus(tmp_path / "c", {"p.html": FURNITURE}))
    assert built.node("12A").text == "Beds are watered before nine in the morning."
    assert built.repairs["p"]["page_header_footer"] == 2


NESTED_UL = page(
    '<h1>Law 30 - Mending Fences</h1><ul>'
    '<li>1. Broken Posts<ul><li>1. A broken post is reported to the warden.</li>'
    '<li>2. The warden orders a new one.<ul><li>1. The old post is burned.</li><li>2. Its nails are kept.</li></ul></li>'
    '</ul></li><li>2. Loose Wire<ul><li>1. Loose wire is tightened within a week.</li></ul></li>'
    '<li>3. Costs<p>The society pays for the wire.</p></li></ul>'
    '<div class="footer">Page maintained by the fence committee.</div>')
MARKUP_OL = page(
    '<h2>Law 31 - Sharing Tools</h2><ol><li>Lending<ol><li>A tool is lent for a day.</li>'
    '<li>It comes back clean.</li></ol></li><li>Losing<ol><li>A lost tool is paid for.</li></ol></li></ol>')
TABLE = page(
    '<h2>Law 32 - Compost</h2><h3>A. Heaps</h3><p>Each plot keeps one heap.</p><h3>B. Turning</h3>'
    '<table><tr><td>1.</td><td>A heap is turned every month.</td></tr>'
    '<tr><td>2.</td><td>Turned compost is shared.</td></tr></table>')


@pytest.mark.parametrize("html, layout, expected", [
    (NESTED_UL, "web-bullets", {
        "30A": "", "30A1": "A broken post is reported to the warden.", "30A2": "The warden orders a new one.",
        "30A2(a)": "The old post is burned.", "30A2(b)": "Its nails are kept.", "30B": "",
        "30B1": "Loose wire is tightened within a week.", "30C": "The society pays for the wire."}),
    (MARKUP_OL, "web-bullets", {
        "31A": "", "31A1": "A tool is lent for a day.", "31A2": "It comes back clean.", "31B": "",
        "31B1": "A lost tool is paid for."}),
    (TABLE, "en-mixed", {
        "32A": "Each plot keeps one heap.", "32B": "", "32B1": "A heap is turned every month.",
        "32B2": "Turned compost is shared."}),
])
def test_html_lists_and_label_cells_give_headings(tmp_path, html, layout, expected):
    built = build_corpus(corpus(tmp_path / "c", {"p.html": html}, layout))
    assert {n.id: n.text or "" for n in built.nodes if n.kind not in ("law", "piece")} == expected


def test_section_titles_of_an_html_list(tmp_path):
    built = build_corpus(corpus(tmp_path / "c", {"p.html": NESTED_UL}, "web-bullets"))
    assert [built.node(i).title for i in ("30A", "30B", "30C")] == ["Broken Posts", "Loose Wire", "Costs"]


@pytest.mark.parametrize("bullet", ["+", "–", "►"])
def test_a_common_bullet_at_any_level(tmp_path, bullet):
    text = ("Law 40 - Keeping Bees\n\n- A. Hives\n    - 1. A hive stands two metres from a path.\n"
            f"        {bullet} 1. Its entrance faces away from the path.\n"
            f"        {bullet} 2. A screen may stand in front of it.\n- B. Swarms\nA swarm is reported at once.\n")
    built = build_corpus(corpus(tmp_path / "c", {"bees.txt": text}, "web-bullets"))
    assert built.node("40A1").text == "A hive stands two metres from a path."
    assert built.node("40A1(a)").text == "Its entrance faces away from the path."
    assert built.node("40A1(b)").text == "A screen may stand in front of it."
