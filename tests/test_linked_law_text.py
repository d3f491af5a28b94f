"""Law text inside a page's main text is never left out for being mostly links (cold read 4
of issue 12): a clause citing laws has its citations as links, so the share of linked
letters says nothing there; only a row of links (a pager, a menu) is navigation. Every block
a reader leaves out -- a web page's or an EPUB chapter's -- is in ``Document.dropped``,
counted by check and shown by clean --explain. Every text here is invented."""

from __future__ import annotations

import io
import zipfile

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.formats import read_document


def _page(body: str, wrap: str) -> bytes:
    opening, closing = {"main": ("<main>", "</main>"), "article": ("<article>", "</article>"),
                        "role": ('<div role="main">', "</div>")}[wrap]
    return (f'<html><head><meta charset="utf-8"><title>x</title></head><body>'
            f'<div class="crumbs"><a href="/">Home</a> › <a href="/laws">Laws</a></div>'
            f"{opening}{body}{closing}</body></html>").encode()


RU_BODY = ('<h1>Правило 40. ЛЕЙКИ</h1><h2>A. Полив</h2>'
           '<p>1. Садовник поливает грядки до полудня.</p>'
           '<p>2. Смотри <a href="41.html">Правило 41</a>.</p>'
           '<p>3. <a href="43.html">Правило 43</a> и <a href="44.html">Правило 44B</a> действуют так же.</p>'
           '<h2>B. Засуха</h2>'
           '<p>Смотри <a href="45.html">Правило 45</a>, <a href="46.html">Правило 46</a> и <a href="47.html">Правило 47A</a>.</p>'
           '<p><a href="39.html">‹ Правило 39</a> | <a href="41.html">Правило 41 ›</a></p>')
EN_BODY = ('<h1>LAW 60 - WATERING CANS</h1><h2>A. Morning</h2>'
           '<p>1. The gardener waters the beds before noon.</p>'
           '<p>(b) <a href="61.html">Law 61</a> and <a href="62.html">Law 62</a>.</p>'
           '<h2>B. Drought</h2><p>See <a href="63.html">Law 63</a> and <a href="64.html">Law 64</a>.</p>'
           '<ul><li><a href="59.html">Previous</a></li><li><a href="index.html">Contents</a></li>'
           '<li><a href="61.html">Next</a></li></ul>')


@pytest.mark.parametrize("wrap", ["main", "article", "role"])
@pytest.mark.parametrize("body, kept, navigation", [
    (RU_BODY, ["2. Смотри Правило 41.", "3. Правило 43 и Правило 44B действуют так же.",
               "Смотри Правило 45, Правило 46 и Правило 47A."], "‹ Правило 39 | Правило 41 ›"),
    (EN_BODY, ["(b) Law 61 and Law 62.", "See Law 63 and Law 64."], "Previous"),
])
def test_clauses_citing_laws_stay_and_link_rows_go(wrap, body, kept, navigation):
    doc = read_document(_page(body, wrap), "page.html")
    for line in kept:
        assert line in doc.lines
    assert not any(navigation in line for line in doc.lines)
    assert any(navigation in text and rule == "page_navigation" for _, rule, text in doc.dropped)
    assert not any("Home" in line for line in doc.lines)  # the breadcrumb outside the main text


def _epub(chapters: list[str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("mimetype", "application/epub+zip")
        z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" '
                   'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
                   '<rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
        items = "".join(f'<item id="c{n}" href="c{n}.xhtml" media-type="application/xhtml+xml"/>' for n in range(len(chapters)))
        spine = "".join(f'<itemref idref="c{n}"/>' for n in range(len(chapters)))
        z.writestr("OPS/book.opf", f'<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
                   f"<manifest>{items}</manifest><spine>{spine}</spine></package>")
        for n, body in enumerate(chapters):
            z.writestr(f"OPS/c{n}.xhtml", '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml">'
                       f"<head><title>c{n}</title></head><body>{body}</body></html>")
    return buf.getvalue()


EPUB = [
    '<nav><ol><li><a href="c1.xhtml">Law 70</a></li><li><a href="c2.xhtml">Law 71</a></li></ol></nav>',
    '<h1>LAW 70 - LANTERNS</h1><p>1. A lantern is lit at dusk by the keeper.</p>'
    '<p>2. See <a href="c2.xhtml">Law 71</a>.</p>',
    '<h1>LAW 71 - WICKS</h1><p>A. <a href="c1.xhtml">Law 70</a> applies to wicks.</p>'
    '<p><a href="c1.xhtml">Back</a> · <a href="c0.xhtml">Contents</a></p>',
]


def test_an_epub_chapter_keeps_its_cited_clauses_and_lists_what_it_dropped():
    doc = read_document(_epub(EPUB), "book.epub")
    assert "2. See Law 71." in doc.lines and "A. Law 70 applies to wicks." in doc.lines
    assert not any("Contents" in line for line in doc.lines)
    dropped = [(doc.lines[at] if at < len(doc.lines) else None, rule, text) for at, rule, text in doc.dropped]
    # the contents' entries, each before the chapter that follows them; the pager after the last line
    assert ("LAW 70 - LANTERNS", "page_navigation", "Law 71") in dropped
    assert any("Contents" in text for _, _, text in dropped)


def test_clean_explain_and_check_show_an_epubs_dropped_blocks(tmp_path):
    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "book.epub").write_bytes(_epub(EPUB))
    runner = CliRunner()
    explained = runner.invoke(main, ["clean", str(root / "laws" / "en" / "book.epub"), "--explain"])
    assert explained.exit_code == 0, explained.output
    assert "[page_navigation]" in explained.stdout and "Contents" in explained.stdout
    checked = runner.invoke(main, ["check", "--corpus", str(root)])
    assert "page_navigation 3" in checked.output
