"""An EPUB's page-break markers (``epub:type="pagebreak"``, ``role="doc-pagebreak"``, the
number in a title or an aria-label) are the printed book's pages: each node's spans carry
the page its text is on, the site's law pages say it, check counts the pages present; the
marker's number is never text (issue 12, cold read 8 finding 8). Invented books of
tests/formats_gen.py, three kinds of marker."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from formats_gen import BOOKS, FIRST_BREAK, PAGE_BREAKS, write_epub
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from test_formats import corpus_with

KINDS = ["span", "aria", "inline"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("book", BOOKS, ids=[b.name for b in BOOKS])
def test_page_breaks_give_pages_never_text(tmp_path, book, kind):
    corpus = build_corpus(corpus_with(tmp_path, write_epub(book, kind), "epub"), strict=False)
    nodes = [n for n in corpus.nodes if not n.missing]
    assert [(n.id, n.title) for n in nodes] == book.nodes
    own = {n.id: " ".join((n.text or "").split()) for n in nodes}
    for id_, _, sentences in book.parts:
        for sentence in sentences:
            assert sentence in own[id_], (id_, sentence, kind)
    for n in nodes:  # no marker's number left in a node's text or title
        assert not re.search(rf"\b(?:{FIRST_BREAK - 1}|{FIRST_BREAK}|{FIRST_BREAK + 1})\b", f"{n.title} {n.text}"), n.id
    pages = {n.id: sorted({s.page for s in n.spans if s.page is not None}) for n in nodes}
    first, last = nodes[0].id, nodes[-1].id
    assert pages[first][0] == FIRST_BREAK - 1, pages  # the text before the first marker: the page before it
    assert pages[last] and pages[last][-1] > FIRST_BREAK, pages  # later parts on later pages
    assert all(pages.values()), pages  # every node's text on a known page


def test_the_site_and_check_say_the_pages(tmp_path):
    book = BOOKS[0]
    root = corpus_with(tmp_path, write_epub(book, "span"), "epub")
    out = tmp_path / "build"
    runner = CliRunner()
    built = runner.invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert built.exit_code == 0, built.output
    checked = runner.invoke(main, ["check", "--corpus", str(root), "--out", str(out)]).output
    assert re.search(rf"Pages: \d+ present \({FIRST_BREAK - 1}-", checked), checked
    law = book.parts[0][0]
    html = (out / "site" / "laws" / f"{law}.html").read_text(encoding="utf-8")
    # the law's facts say its book page after the hidden words "book page" (site_templates/_law.html)
    assert re.search(rf'visually-hidden">[^<]+</span>[^<\d]*\b{FIRST_BREAK - 1}\b', html), html[:3000]


def test_a_marker_with_no_number_is_left_out_as_before(tmp_path, monkeypatch):
    """A page-break marker that numbers no page gives no page, and no text."""
    book = BOOKS[0]
    monkeypatch.setitem(PAGE_BREAKS, "bare", lambda n: '<div role="doc-pagebreak" aria-label="Page"></div>')
    data = write_epub(book, "bare")
    corpus = build_corpus(corpus_with(tmp_path, data, "epub"), strict=False)
    nodes = [n for n in corpus.nodes if not n.missing]
    assert [(n.id, n.title) for n in nodes] == book.nodes
