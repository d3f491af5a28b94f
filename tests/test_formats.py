"""Every format a user's copy comes in, written by our own generators (tests/formats_gen.py)
for three invented books, read through the whole pipeline: the nodes the book expects,
each sentence in its node's own text, no furniture of the format (running heads, page
numbers, navigation) in any node, and the places lines came from."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from formats_gen import BOOKS, FONT, HEADER, NAV_WORDS, SITE, write, write_html
from lawsearch.corpus import build_corpus
from lawsearch.formats import read_document, reading_order
from lawsearch.model import CorpusError
from lawsearch.sources import read_corpus_folder

FORMATS = ["txt", "html", "fb2", "fb2.zip", "epub", "docx", "rtf", "pdf"]
needs_font = pytest.mark.skipif(not FONT.is_file(), reason=f"no {FONT} (apt-get install fonts-dejavu-core)")


def corpus_with(root: Path, data: bytes, suffix: str) -> Path:
    corpus = root / "corpus"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / f"000_x.{suffix}").write_bytes(data)
    (corpus / "manifest.toml").write_text(
        f'[code]\ntitle = "T"\nedition = "1987"\nlaws = [1, 93]\n\n[[source]]\npath = "laws/ru/000_x.{suffix}"\n'
        'lang = "ru"\nkind = "laws"\n', encoding="utf-8")
    return corpus


def generated(book, fmt: str) -> bytes:
    if fmt == "pdf":
        pytest.importorskip("fpdf", reason="pip install fpdf2 (the test extra)")
        if not FONT.is_file():
            pytest.skip(f"no {FONT}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return write(book, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("book", BOOKS, ids=[b.name for b in BOOKS])
def test_every_format_gives_the_books_nodes_and_text(tmp_path, book, fmt):
    corpus = build_corpus(corpus_with(tmp_path, generated(book, fmt), fmt), strict=False)
    nodes = [n for n in corpus.nodes if not n.missing]
    assert [(n.id, n.title) for n in nodes] == book.nodes
    own = {n.id: " ".join((n.text or "").split()) for n in nodes}
    for id_, _, sentences in book.parts:
        for sentence in sentences:
            assert sentence in own[id_], (id_, sentence)
    everything = "\n".join(f"{n.title}\n{n.text}" for n in nodes)
    for furniture in (HEADER, SITE, *NAV_WORDS, "\u00ad", "ﬁ", "страница 2 из 9"):
        assert furniture not in everything


def assert_one_footnote_at_its_marker(corpus, book, place: str | None = None):
    """The book's one note is a footnote of the corpus, attached to the node whose text
    refers to it, its marker where the reference was (after the first sentence's last word);
    no node's text holds the note or a marker."""
    assert len(corpus.footnotes) == 1, corpus.footnotes
    note = corpus.footnotes[0]
    assert book.footnote in note.text and not note.orphan
    assert note.markers == (book.noted,)
    node = next(n for n in corpus.nodes if n.id == book.noted)
    marks = [m for m in node.marks if m.kind == "footnote"]
    assert [m.footnote for m in marks] == [note.id]
    first = book.parts[0][2][0]
    assert " ".join(node.text[:marks[0].start].split()).endswith(first[:-1])
    assert node.text[marks[0].start:].startswith(".")
    for n in corpus.nodes:
        assert book.footnote not in (n.text or "") and "(*)" not in (n.text or "")
        assert "Примечания" not in (n.text or "")  # the notes' own heading (FB2's notes body, EPUB's notes file)
    if place:
        assert note.spans and place in (note.spans[0].place or ""), note.spans


@pytest.mark.parametrize("fmt,place", [("fb2", "notes, section 1"), ("fb2.zip", "notes, section 1"),
                                       ("docx", "footnote 1"), ("pdf", "page 1"), ("epub", "paragraph"),
                                       ("html", "paragraph"), ("rtf", "paragraph")])
@pytest.mark.parametrize("book", BOOKS, ids=[b.name for b in BOOKS])
def test_notes_become_footnotes_where_their_marker_is(tmp_path, book, fmt, place):
    """A note of the copy (FB2's notes body, DOCX's footnotes part, EPUB's endnote aside in
    a file of its own, a web page's footnotes list, RTF's footnote group, a PDF's note at
    the page foot set smaller) is the corpus's footnote at its marker, and its span names
    its place."""
    corpus = build_corpus(corpus_with(tmp_path, generated(book, fmt), fmt), strict=False)
    assert_one_footnote_at_its_marker(corpus, book, place)


def test_pdf_ligatures_and_two_columns_read_in_order(tmp_path):
    book = BOOKS[2]
    doc = read_document(generated(book, "pdf"), "x.pdf")
    text = " ".join(doc.lines)
    assert "final round" in text and "ﬁ" not in text
    # the left column is read down before the right one: the book's paragraphs in order
    heads = [line for _, line, _ in book.parts]
    found = [next(i for i, l in enumerate(doc.lines) if l.startswith(h[:12])) for h in heads]
    assert found == sorted(found)


def test_pdf_places_name_the_page(tmp_path):
    folder = read_corpus_folder(corpus_with(tmp_path, generated(BOOKS[0], "pdf"), "pdf"))
    places = folder.places["000_x"]
    assert places[0].startswith("page 1,") and places[-1].startswith("page 2,")


def test_reading_order_columns_and_spanning_lines():
    class Box:
        def __init__(self, x0, x1, y1, name):
            self.x0, self.x1, self.y1, self.name = x0, x1, y1, name

    boxes = [Box(10, 90, 500, "left top"), Box(110, 190, 520, "right top"), Box(10, 190, 600, "head"),
             Box(10, 90, 480, "left below"), Box(110, 190, 300, "right below"), Box(20, 180, 100, "foot")]
    assert [b.name for b in reading_order(boxes, 200)] == [
        "head", "left top", "left below", "right top", "right below", "foot"]


@pytest.mark.parametrize("variant", [0, 1, 2])
def test_saved_pages_of_three_markups(tmp_path, variant):
    book = BOOKS[0]
    corpus = build_corpus(corpus_with(tmp_path, write_html(book, variant), "html"), strict=False)
    assert [(n.id, n.title) for n in corpus.nodes if not n.missing] == book.nodes
    # variant 0 marks its main text: a paragraph outside it is the site's, not the book's
    assert not any("Читальня открыта" in (n.text or "") for n in corpus.nodes)
    # the note in three markups: a footnotes list, an anchor in a notes block, a paragraph by id
    assert_one_footnote_at_its_marker(corpus, book)


@pytest.mark.parametrize("page,expected", [
    # pandoc / markdown: a raised reference, a footnotes section with links back
    ('<p>Text<sup><a href="#fn1" id="r1">1</a></sup> goes on.</p><section class="footnotes"><hr><ol>'
     '<li id="fn1"><p>A note. <a href="#r1">↩</a></p></li></ol></section>',
     ["Text(*) goes on.", "(*) - A note."]),
    # EPUB 3: a noteref and the note in an aside (which is otherwise no text)
    ('<p>Law text<a epub:type="noteref" href="#n2">2</a>.</p><aside epub:type="footnote" id="n2"><p>2 The note.</p></aside>',
     ["Law text(*).", "(*) - The note."]),
    # an old page: bracketed references, the notes' anchors at their paragraphs' starts
    ('<p>One[<a href="#a1">1</a>] and two<a href="#a2">[2]</a>.</p><p>More.</p><div class="endnotes"><h3>Notes</h3>'
     '<p><a name="a1"></a>1. First note.</p><p><a name="a2"></a>[2] Second note.</p></div>',
     ["One(*) and two(*).", "(*) - First note.", "(*) - Second note.", "More."]),
    # a link with a bare number to a heading or a paragraph is no note reference
    ('<p>Contents: <a href="#l12">12</a></p><h2 id="l12">Law 12. Cards</h2><p id="p3">Text <a href="#p3">3</a>.</p>',
     ["Contents: 12", "Law 12. Cards", "Text 3."]),
    # a reference to a note that is not in the page stays as printed
    ('<p>Text<sup><a href="#gone">1</a></sup>.</p>', ["Text1."]),
])
def test_footnote_markups_of_web_pages(page, expected):
    from lawsearch.formats import html_lines

    assert html_lines(page) == expected




def test_a_pdf_without_text_layer_says_so(tmp_path):
    fpdf = pytest.importorskip("fpdf")
    pdf = fpdf.FPDF()
    pdf.add_page()
    pdf.rect(20, 20, 100, 60, style="F")  # a scan: shapes, no text
    with pytest.raises(CorpusError) as e:
        read_corpus_folder(corpus_with(tmp_path, bytes(pdf.output()), "pdf"))
    message = str(e.value)
    assert "no text layer" in message and "000_x.pdf" in message and "OCR" in message


@pytest.mark.parametrize("suffix,advice", [("doc", "docx"), ("djvu", "djvutxt")])
def test_doc_and_djvu_say_how_to_convert(tmp_path, suffix, advice):
    with pytest.raises(CorpusError) as e:
        read_corpus_folder(corpus_with(tmp_path, b"\xd0\xcf\x11\xe0 binary", suffix))
    assert advice in str(e.value) and f"000_x.{suffix}" in str(e.value)


@pytest.mark.parametrize("fmt", ["fb2.zip", "epub", "docx", "pdf", "fb2"])
def test_a_damaged_file_is_one_clear_error(tmp_path, fmt):
    with pytest.raises(CorpusError) as e:
        read_corpus_folder(corpus_with(tmp_path, b"PK\x03\x04 not really " + fmt.encode(), fmt))
    assert "000_x" in str(e.value) and "Traceback" not in str(e.value)


def test_check_on_a_damaged_file_exits_1_without_traceback(tmp_path):
    from click.testing import CliRunner

    from lawsearch.cli import main

    corpus = corpus_with(tmp_path, b"PK\x03\x04 broken", "epub")
    result = CliRunner().invoke(main, ["check", "--corpus", str(corpus)])
    assert result.exit_code == 1
    assert "000_x.epub" in result.output and "Traceback" not in result.output


def test_rtf_code_page_and_unicode_escapes():
    from lawsearch.formats import rtf_text

    text, codepage = rtf_text(rb"{\rtf1\ansi\ansicpg1251{\header \'c7\'e0\par}\'cf\'f0\u1072?\'e2\'e8\'eb\'ee\par}")
    assert codepage == "cp1251" and text.strip() == "Правило"


def test_pdf_columns_written_across_are_read_down(tmp_path):
    """A PDF whose content stream draws both columns row by row (as some typesetters do)
    is still read one column after the other: order comes from where the text stands."""
    fpdf = pytest.importorskip("fpdf")
    if not FONT.is_file():
        pytest.skip(f"no {FONT}")
    pdf = fpdf.FPDF()
    pdf.add_font("dv", "", str(FONT))
    pdf.set_font("dv", size=11)
    pdf.add_page()
    for i in range(5):
        pdf.text(20, 30 + 6 * i, f"левая строка {i}")
        pdf.text(110, 30 + 6 * i, f"правая строка {i}")
    lines = read_document(bytes(pdf.output()), "x.pdf").lines
    assert lines == [f"левая строка {i}" for i in range(5)] + [f"правая строка {i}" for i in range(5)]


@pytest.mark.parametrize("fmt,place", [("pdf", "page 2, line"), ("fb2", "section 2, paragraph"),
                                       ("docx", "paragraph"), ("html", "paragraph")])
def test_spans_say_where_in_the_file(tmp_path, fmt, place):
    """A node's spans name the place in the original file (a PDF's page, an FB2's
    section), and ``show`` prints it."""
    from click.testing import CliRunner

    from lawsearch.cli import main

    book = BOOKS[0]
    corpus = corpus_with(tmp_path, generated(book, fmt), fmt)
    node = next(n for n in build_corpus(corpus, strict=False).nodes if n.id == "13")
    assert node.spans and all(s.place for s in node.spans)
    assert place in node.spans[0].place
    shown = CliRunner().invoke(main, ["show", "13", "--corpus", str(corpus), "--out", str(tmp_path / "build")])
    assert place in shown.output, shown.output


@pytest.mark.parametrize("head", ["<meta charset='windows-1251'>", ""])
def test_a_page_in_cp1251_declared_or_not(tmp_path, head):
    book = BOOKS[1]
    page = f"<html><head>{head}</head><body>" + "".join(f"<p>{p}</p>" for p in book.paragraphs()) + "</body></html>"
    corpus = build_corpus(corpus_with(tmp_path, page.encode("cp1251"), "html"), strict=False)
    assert [(n.id, n.title) for n in corpus.nodes if not n.missing] == book.nodes
    assert corpus.sources[0].encoding == "cp1251"
