"""A page set in two columns whose footnote and page footer stand under the first column's
half of the page (cold read 8 of issue 12, finding 7): the page's text is read as column 1,
column 2, then its footnotes, then its footer -- so the second column stays on its page
(no page break inside it, no text moved to the next page) and the note follows the text
its marker stands in. The PDFs come from test_pdf_marks' own small writer; every sentence
is invented."""

from __future__ import annotations

from lawsearch.corpus import build_corpus
from lawsearch.formats import read_pdf
from test_pdf_marks import column, pdf

LEFT = ["LAW 40 - THE CLOAKROOM", "A. Coats", "Coats hang on the brass rail,",
        "each under its owner's ticket.1", "B. Boots", "Wet boots stand on the mat",
        "beside the stove until the end", "LAW 41 - THE LIBRARY", "A. Quiet", "Players read in silence and"]
RIGHT = ["return every volume to its", "shelf before the first round.", "B. Lending",
         "A member borrows two books", "at most and signs the ledger.", "LAW 42 - THE GARDEN", "A. Benches",
         "The benches are painted in", "spring by the youngest"]
NOTE = "1 Tickets are cut from the green card stock."
NEXT = ["members of the club.", "B. Roses", "Nobody picks the roses by the gate."]


def two_column_pages() -> bytes:
    """Page 17: two columns of text, the note in small type and the footer «- 17 -» under the
    first column; page 18: one column running on, its footer under it."""
    first = column(50, 740, LEFT, 11) + column(330, 740, RIGHT, 11)
    first += [(50, 90, 7, NOTE), (120, 50, 9, "- 17 -")]
    second = column(50, 740, NEXT, 11) + [(120, 50, 9, "- 18 -")]
    return pdf([first, second])


def test_the_page_reads_column_one_column_two_notes_then_footer():
    document = read_pdf(two_column_pages(), "x.pdf")
    lines, places = document.lines, document.places
    note = "(*) - Tickets are cut from the green card stock."
    assert note in lines
    on_first = [line for line, place in zip(lines, places) if place.startswith("page 1,")]
    # column 1, column 2, the note, the footer: the second column stays on its page
    assert on_first.index(LEFT[-1]) < on_first.index(RIGHT[0])
    assert on_first[-2:] == [note, "- 17 -"]
    assert on_first.index(RIGHT[-1]) < on_first.index(note)


def test_the_second_column_stays_in_its_law_and_the_note_on_its_marker(tmp_path):
    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "laws40.pdf").write_bytes(two_column_pages())
    (root / "manifest.toml").write_text('[code]\nlang = "en"\n\n[[source]]\npath = "laws/en/laws40.pdf"\nlang = "en"\n'
                                        'kind = "laws"\n', encoding="utf-8")
    corpus = build_corpus(root)
    text = {n.id: " ".join((n.text or "").split()) for n in corpus.nodes}
    assert "Players read in silence and return every volume to its shelf before the first round." in text["41A"]
    assert "The benches are painted in spring by the youngest members of the club." in text["42A"]
    assert "17" not in text["41A"] + text["42A"]
    assert len(corpus.footnotes) == 1
    note = corpus.footnotes[0]
    assert note.text == "Tickets are cut from the green card stock." and not note.orphan
    assert note.markers == ("40A",)
    assert "Tickets" not in text["41A"] + text["42A"]
