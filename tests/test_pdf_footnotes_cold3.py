"""PDF footnotes set small at the page's foot (cold read 3): found and attached to their
marker though the marker is a digit at the text's size glued to a word's end, though the
page number below them is set at the text's size, and kept as a note (not glued into the
text) when a note's sign has no marker at all. The PDFs come from test_pdf_marks' own small
writer; every sentence is invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.formats import read_pdf
from test_pdf_marks import column, pdf


def page(body: list[str], notes: list[str], number: str = "12", number_size: int = 9, size: int = 11):
    """A page of ``body`` lines at ``size``, notes in 7 pt just above the foot, the page number under them."""
    runs = column(60, 760, body, size)
    runs += [(60, 100 - 10 * i, 7, note) for i, note in enumerate(notes)]
    runs.append((290, 50, number_size, number))
    return runs


BODY_GLUED = ["LAW 80 - TOURNAMENT SPONSORSHIP", "A. Sponsoring Organisation",
              "The sponsor sets the sessions and posts the list an hour in advance.1",
              "B. Duties of the Sponsor", "The sponsor provides the boards and a scorer near the otter pond."]


@pytest.mark.parametrize("number_size", [9, 11])  # a page number smaller than the text, or at its size
def test_a_note_whose_marker_is_a_digit_at_the_texts_size(number_size):
    lines = read_pdf(pdf([page(BODY_GLUED, ["1 A session is one period of play, however long."],
                                number_size=number_size)]), "x.pdf").lines
    assert "The sponsor sets the sessions and posts the list an hour in advance.(*)" in lines
    assert "(*) - A session is one period of play, however long." in lines
    assert lines.index("(*) - A session is one period of play, however long.") > lines.index(
        "The sponsor provides the boards and a scorer near the otter pond.")


def test_two_notes_glued_to_words_before_a_comma_and_at_a_line_end():
    body = ["LAW 81 - THE DIRECTOR", "The director1, who is named by the sponsor, keeps the clock",
            "and rules on every question of the badger2", "put to him at the table."]
    lines = read_pdf(pdf([page(body, ["1 Or an assistant the director names.", "2 Any animal will do."])]),
                     "x.pdf").lines
    assert "The director(*), who is named by the sponsor, keeps the clock" in lines
    assert "and rules on every question of the badger(*)" in lines
    notes = [line for line in lines if line.startswith("(*) - ")]
    assert notes == ["(*) - Or an assistant the director names.", "(*) - Any animal will do."]
    assert lines.index(notes[0]) > lines.index("put to him at the table.")  # after the text, in order


def test_a_number_of_the_text_is_no_marker():
    """«Law 12» and «80B2» end in digits, but after a digit or a law's letter: no marker there."""
    body = ["LAW 82 - RECTIFICATION", "The director applies Law 12 and then Law 80B2 to the case."]
    lines = read_pdf(pdf([page(body, ["2 Printed in the club's own shop."])]), "x.pdf").lines
    assert "The director applies Law 12 and then Law 80B2 to the case." in lines
    assert "2 Printed in the club's own shop." in lines  # a plain digit nothing refers to stays text


def test_a_sign_note_with_no_marker_is_kept_as_a_note_not_text():
    body = ["LAW 83 - NOTIFICATION", "The director tells the players of the result before they leave."]
    lines = read_pdf(pdf([page(body, ["* The result may be posted on the wall instead."])]), "x.pdf").lines
    assert "(*) - The result may be posted on the wall instead." in lines
    assert "* The result may be posted on the wall instead." not in lines
    assert "The director tells the players of the result before they leave." in lines


def test_the_corpus_gets_the_footnote_on_its_node(tmp_path):
    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "laws80.pdf").write_bytes(
        pdf([page(BODY_GLUED, ["1 A session is one period of play, however long."], number_size=11)]))
    (root / "manifest.toml").write_text('[code]\nlang = "en"\n\n[[source]]\npath = "laws/en/laws80.pdf"\nlang = "en"\n'
                                        'kind = "laws"\n', encoding="utf-8")
    corpus = build_corpus(root)
    assert len(corpus.footnotes) == 1
    note = corpus.footnotes[0]
    assert note.text == "A session is one period of play, however long."
    assert "session" not in corpus.node("80B").text  # not glued into the next section
    assert corpus.node("80A").text.startswith("The sponsor sets the sessions")
