"""A saved page whose clauses are links (issue 12, cold read 11, finding 1): each sentence of
the code written as a link to its comments (``<li><a href=…>a whole sentence</a></li>``),
in nested lists or in one flat list, with or without <main>/<article>. A link whose text is a
sentence, or a labelled heading alone in an item of a list that holds such sentences, is
text, not navigation; words a page reader still leaves out as navigation that read as the
code's are said, never lost in silence. The pages are invented for these tests."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.coverage import LOST
from lawsearch.formats import html_lines, read_html

MENU = '<nav><a href="/">Home</a> | <a href="/laws">Laws</a></nav>'
SIDE = '<aside><h4>Recent comments</h4><ul><li><a href="/c/1">Petr on Law 3</a></li></ul></aside>'
NESTED = ('<p><strong>LAW 7 - THE TEA ROOM</strong></p><ul><li><a href="/comment/70">A. Kettles</a><ul>'
          '<li><a href="/comment/70#0">The kettle is filled from the well by the youngest member present.</a></li>'
          '<li><a href="/comment/70#1">A cracked kettle is handed to the tinker before the spring fair.</a></li>'
          '</ul></li><li><a href="/comment/71">B. Cups</a><ul>'
          '<li><a href="/comment/71#0">Each cup is rinsed twice and set upside down on the linen cloth.</a></li>'
          '</ul></li></ul>')
FLAT = ('<h2>Law 7 - The Tea Room</h2><ul class="clauses"><li><a href="#c0">A. Kettles</a></li>'
        '<li><a href="/talk/7-0-0">The kettle is filled from the well by the youngest member present.</a></li>'
        '<li><a href="/talk/7-0-1">A cracked kettle is handed to the tinker before the spring fair.</a></li>'
        '<li><a href="#c1">B. Cups</a></li>'
        '<li><a href="/talk/7-1-0">Each cup is rinsed twice and set upside down on the linen cloth.</a></li></ul>')
SENTENCES = ["The kettle is filled from the well by the youngest member present.",
             "A cracked kettle is handed to the tinker before the spring fair.",
             "Each cup is rinsed twice and set upside down on the linen cloth."]


def page(body: str, wrap: str) -> str:
    inner = {"none": f'<div id="content">{body}</div>', "main": f"<main>{body}</main>",
             "article": f"<article>{body}</article>"}[wrap]
    return f'<html><head><meta charset="utf-8"><title>Law 7</title></head><body>{MENU}{inner}{SIDE}</body></html>'


@pytest.mark.parametrize("wrap", ["none", "main", "article"])
@pytest.mark.parametrize("body", [NESTED, FLAT], ids=["nested", "flat"])
def test_sentences_and_headings_written_as_links_are_text(body, wrap):
    lines = [line.strip() for line in html_lines(page(body, wrap))]
    for sentence in SENTENCES:
        assert sentence in lines
    assert "A. Kettles" in lines and "B. Cups" in lines
    # the page's menu and its aside of comments are still no text
    assert not any("Home" in line or "Petr" in line for line in lines)


def test_a_menu_of_headings_with_no_sentence_in_its_list_stays_navigation():
    menu = ('<div id="content"><ul><li><a href="/7">A. Kettles</a></li><li><a href="/8">B. Cups</a></li></ul>'
            '<p>Law 7 - The Tea Room</p><p>The kettle is filled from the well.</p></div>')
    lines = html_lines(page(menu, "none").replace(f'<div id="content">{menu}</div>', menu))
    assert "A. Kettles" not in lines and "B. Cups" not in lines


def test_a_flat_list_of_a_heading_and_its_sentences_hangs_them_under_it():
    doc = read_html(page(FLAT, "main").encode(), "law7.html", bullet="-")
    bulleted = [line for line in doc.lines if line.lstrip().startswith("-")]
    assert [line.strip() for line in bulleted] == ["- A. Kettles", "- B. Cups"]
    assert not doc.unlabelled  # their level is the labelled item's: no list layout is wanted


def added(tmp_path, body: str, wrap: str):
    (tmp_path / "law7.html").write_text(page(body, wrap), encoding="utf-8")
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(tmp_path / "law7.html")])
    assert result.exit_code == 0, result.output
    return corpus


@pytest.mark.parametrize("wrap", ["none", "main"])
@pytest.mark.parametrize("body", [NESTED, FLAT], ids=["nested", "flat"])
def test_the_added_page_builds_with_its_clauses_as_it_was_guessed(tmp_path, body, wrap):
    built = build_corpus(added(tmp_path, body, wrap))  # strict: a lost word or a repeated heading fails it
    text = " ".join(n.text or "" for n in built.nodes if n.law == "7")
    for sentence in SENTENCES:
        assert sentence in text
    assert {"7A", "7B"} <= {n.id for n in built.nodes}


def test_law_text_left_out_as_navigation_fails_the_build(tmp_path):
    # sentences in a row of links set apart as a menu is: the reader leaves them out, and says so
    body = ('<p>Law 7 - The Tea Room</p><p>A. Kettles</p><p>The kettle is filled from the well.</p>'
            '<div class="menu"><a href="/7/1">A cracked kettle is handed to the tinker before the fair.</a></div>')
    corpus = added(tmp_path, body, "none")
    with pytest.raises(Exception) as failed:
        build_corpus(corpus)
    assert LOST in str(failed.value) and "A cracked kettle" in str(failed.value)
    result = CliRunner().invoke(main, ["check", "--corpus", str(corpus), "--out", str(tmp_path / "out")])
    assert LOST in result.output and "navigation" in result.output


def test_a_menu_of_plain_links_is_no_loss(tmp_path):
    body = '<p>Law 7 - The Tea Room</p><p>A. Kettles</p><p>The kettle is filled from the well.</p>'
    built = build_corpus(added(tmp_path, body, "none"))
    assert not [p for p in built.problems if LOST in p.message]


@pytest.mark.parametrize("wrap", ["none"])  # inside <main> the contents' labelled links are kept as text (before this)
def test_a_pages_own_contents_of_its_headings_is_no_loss(tmp_path, wrap):
    # the links of a contents box repeat headings the page keeps: nothing of the text is lost
    body = ('<p>Law 7 - The Tea Room</p><div class="toc"><ul><li><a href="#a">A. Kettles</a></li>'
            '<li><a href="#b">B. Cups</a></li></ul></div><h3 id="a">A. Kettles</h3><p>The kettle is filled from the well.</p>'
            '<h3 id="b">B. Cups</h3><p>Each cup is rinsed twice.</p>')
    built = build_corpus(added(tmp_path, body, wrap))
    assert not [p for p in built.problems if LOST in p.message]
    assert {"7A", "7B"} <= {n.id for n in built.nodes}
