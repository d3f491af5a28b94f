"""A web page's blocks are never dropped blind (issue 9, cold read 4, finding 1). Every block
the reader leaves out -- navigation, a page's header or footer, an aside, a block outside <main>, the site's name -- is counted under its
rule in ``check`` and shown by ``clean --explain``; an aside or a footer holding law text (a
citation of the code; an aside's sentence) stays. The pages are invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.formats import read_html


def corpus(root: Path, pages: dict[str, str], layout: str = "en-mixed") -> Path:
    (root / "laws").mkdir(parents=True)
    lines = ['[code]', 'title = "Pages"', 'edition = "2017"', 'laws = [1, 93]', 'lang = "en"']
    for name, text in pages.items():
        (root / "laws" / name).write_text(text, encoding="utf-8")
        lines += ['', '[[source]]', f'path = "laws/{name}"', 'lang = "en"', 'kind = "laws"', f'layout = "{layout}"']
    (root / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


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
