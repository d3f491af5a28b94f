"""A short heading after the last clause of a file (issue 12, cold read 11, finding 2): a
page's «Related» over a box of links, «Похожие», an EPUB notes file's «Notes» -- one to three
words, no stop, nothing of the law under them -- is no sentence cut at the file's end: no gap,
no "text lost"; an endnote's text never starts with the stop after its number. The pages are
invented for these tests."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.formats import html_lines, read_document
from test_linked_law_text import _epub

EN = ('<h2>Law 5 - The Boat House</h2><h3>A. Oars</h3><p>Oars are issued against a signature in the book.</p>'
      '<h3>B. Buoys</h3><p>Buoys hang on the posts of the jetty and are inspected monthly.</p>')
RU = ('<h2>Правило 5. ЛОДОЧНАЯ</h2><h3>A. Вёсла</h3><p>Вёсла выдаются под расписку в толстой тетради.</p>'
      '<h3>B. Круги</h3><p>Спасательные круги висят на столбах причала и осматриваются ежемесячно.</p>')
LINKS = '<ul><li><a href="/l6">Law 6 - The Buffet</a></li><li><a href="/l7">Law 7 - The Newspapers</a></li></ul>'


def page(body: str) -> str:
    return f'<html><head><meta charset="utf-8"><title>Law 5</title></head><body>{body}</body></html>'


@pytest.mark.parametrize("text, heading, after", [
    (EN, "<h4>Related</h4>", LINKS),  # over a box of links the reader leaves out
    (EN, "<div><b>See also:</b></div>", LINKS),
    (RU, "<h4>Похожие</h4>", LINKS),
    (EN, "<h4>Related posts</h4>", ""),  # the page's last words, nothing under them
    (RU, "<p>Читайте также</p>", '<p><a href="/a">Правило 6</a> | <a href="/b">Правило 7</a></p>'),
])
def test_a_box_heading_after_the_last_clause_is_no_text(text, heading, after):
    lines = html_lines(page(f'<div id="content">{text}</div>{heading}{after}'))
    assert lines[-1].endswith("ежемесячно.") or lines[-1].endswith("monthly.")


@pytest.mark.parametrize("body", [
    EN + "<h3>C. Flags</h3>",  # a labelled heading: the code's, whatever follows
    EN + "<h3>Definitions</h3><p>A jetty is a pier of planks.</p>",  # a heading with text under it
])
def test_a_heading_of_the_code_stays(body):
    lines = html_lines(page(body))
    assert lines[-1] in ("C. Flags", "A jetty is a pier of planks.")
    assert "Definitions" in lines or "C. Flags" in lines


def check(tmp_path, name: str, data: bytes, lang: str = "en") -> str:
    corpus = tmp_path / "corpus"
    (tmp_path / name).write_bytes(data)
    added = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(tmp_path / name)])
    assert added.exit_code == 0, added.output
    result = CliRunner().invoke(main, ["check", "--corpus", str(corpus), "--out", str(tmp_path / "out")])
    return corpus, result.output


@pytest.mark.parametrize("text, heading", [(EN, "<h4>Related</h4>"), (RU, "<h4>Похожие</h4>")])
def test_a_page_ending_in_a_box_heading_has_no_gap(tmp_path, text, heading):
    corpus, out = check(tmp_path, "law5.html", page(f"<div>{text}</div>{heading}{LINKS}").encode())
    assert "mid-sentence" not in out and "0 gap marks" in out, out
    built = build_corpus(corpus)
    assert not any(n.truncated_end for n in built.nodes)


NOTES_CHAPTER = ('<h1>LAW 5 - THE BOAT HOUSE</h1><p>A. Oars are issued against a token<sup>'
                 '<a href="c1.xhtml#n1" id="r1">1</a></sup> and a signature.</p>'
                 '<p>B. Buoys hang on the posts of the jetty.</p>')


@pytest.mark.parametrize("heading", ["<h2>Notes</h2>", "<h1>Endnotes</h1>", "<p><b>Notes</b></p>"])
@pytest.mark.parametrize("number", ['<a href="c0.xhtml#r1">1</a>. ', '<a href="c0.xhtml#r1">1</a>) ', "1. "])
def test_an_epub_notes_files_heading_is_the_notes_and_a_note_starts_with_its_words(tmp_path, heading, number):
    notes = (f'{heading}<aside epub:type="endnote" id="n1"><p>{number}Tokens are cast by the blacksmith '
             'to order. <a href="c0.xhtml#r1">↩</a></p></aside>')
    data = _epub([NOTES_CHAPTER, notes])
    doc = read_document(data, "book.epub")
    assert doc.lines[-1] == "B. Buoys hang on the posts of the jetty."
    note = next(line for line in doc.lines if "Tokens" in line)
    assert note.split("Tokens")[0].rstrip().endswith("-"), note  # the book's note form, no stop before the words
    _, out = check(tmp_path, "book.epub", data)
    assert "mid-sentence" not in out and "0 gap marks" in out, out
