"""A web page's list items and the text around its lists (issue 9, cold read 8, findings 1,
2 and 6). An item whose text sits in a <p> or a <div> (<li><p>…</p></li>, several <p> in one
<li>) is the same item as a bare <li>: same level, same label, the later paragraphs its text.
The pages are invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import english_corpus
from lawsearch.corpus import build_corpus
from lawsearch.formats import read_html


def corpus(root: Path, pages: dict[str, str], layout: str = "web-bullets") -> Path:
    return english_corpus(root, pages, layout, title="Pages")


def page(body: str) -> str:
    return f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>Rules</title></head><body><main>{body}</main></body></html>'


def tree(root: Path) -> dict[str, tuple[str | None, str]]:
    built = build_corpus(root)
    return {n.id: (n.title, n.text or "") for n in built.nodes if n.kind != "piece"}


# one law's items, each wrapped as ``wrap`` says: "{}" a bare <li>, else the text's wrapper
LAW = ('<h2>Law 44 - Pruning Hedges</h2><ol type="A"><li><strong>Season</strong><ol>'
       '<li>{wrap1}</li><li>{wrap2}<ol type="a"><li>{wrap3}</li><li>{wrap4}</li></ol></li></ol></li>'
       '<li><strong>Tools</strong><ol><li>{wrap5}</li></ol></li></ol>')
SENTENCES = ["A hedge is cut after the birds have nested.", "The cut is made level with the path.",
             "Clippings are raked at once.", "Clippings go to the compost heap.",
             "Shears are cleaned after each use."]


def law(wrap: str) -> str:
    return page(LAW.format(**{f"wrap{n}": wrap.format(s) for n, s in enumerate(SENTENCES, 1)}))


@pytest.mark.parametrize("wrap", [
    "<p>{}</p>", "\n  <p>{}</p>\n  ", "<div>{}</div>", "<div><p>{}</p></div>", '<p class="item">{}</p>\n',
    "<span>{}</span>",
])
def test_an_item_in_a_paragraph_is_read_as_a_bare_item(tmp_path, wrap):
    bare = tree(corpus(tmp_path / "bare", {"p.html": law("{}")}))
    assert bare["44A1"] == (None, SENTENCES[0]) and bare["44A2(b)"] == (None, SENTENCES[3])
    assert tree(corpus(tmp_path / "wrapped", {"p.html": law(wrap)})) == bare


def test_an_item_of_several_paragraphs_keeps_them_its_text():
    html = page('<h2>Law 44 - Pruning Hedges</h2><ol><li><p>A hedge is cut in autumn.</p>'
                '<p>It is cut again in spring.</p></li><li><p>Shears are cleaned.</p></li></ol>')
    lines = read_html(html.encode(), "p.html", bullet="-").lines
    assert lines == ["Law 44 - Pruning Hedges", "- A hedge is cut in autumn.", "It is cut again in spring.",
                     "- Shears are cleaned."]


def test_an_empty_item_passes_its_bullet_to_nothing_after_it():
    html = page('<h2>Law 44 - Pruning Hedges</h2><ul><li><p>A hedge is cut.</p></li><li> </li></ul>'
                '<p>The warden keeps the shears.</p>')
    lines = read_html(html.encode(), "p.html", bullet="-").lines
    assert lines == ["Law 44 - Pruning Hedges", "- A hedge is cut.", "The warden keeps the shears."]
