"""Curation reaches the commentary (issue 13): a statement names a commentary piece -- the
file's start or the text after a page footer -- by its first raw line and gives its
paragraph or law, checked against what the numbering says; ``[[drop]]`` removes furniture
the cleaning rules missed, from any source, each with its reason."""

from __future__ import annotations

import shutil

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.model import CorpusError
from structure13 import load

ROMAN = next(f for f in load("commentary") if f.name.endswith("ru-76-77-roman"))


def corpus_of(tmp_path, curation: str, fixture=ROMAN, strict=True):
    return build_corpus(fixture.build_corpus(tmp_path, curation), strict=strict)


def errors(corpus):
    return [p.message for p in corpus.problems if p.severity == "error"]


def test_a_statement_the_numbering_confirms(tmp_path):
    corpus = corpus_of(tmp_path, '[[piece]]\nat = "source:23"\nparagraph = "79.1"\nreason = "the page after 264"\n')
    assert any("source:23 paragraph 79.1: confirmed" in v for v in corpus.report.verified)
    assert corpus.node("79.1").truncated_start


def test_a_statement_the_numbering_contradicts(tmp_path):
    corpus = corpus_of(tmp_path, '[[piece]]\nat = "source:23"\nparagraph = "78.4"\nreason = "a guess"\n', strict=False)
    assert [e for e in errors(corpus) if "says 78.4 for source:23, but the next paragraph's number gives 79.1" in e]


def test_a_line_where_no_commentary_piece_starts(tmp_path):
    """Lines 1 (the file's start) and 10 (after the footer - 262) open with a heading: pieces too."""
    corpus = corpus_of(tmp_path, '[[piece]]\nat = "source:14"\nlaw = "77"\nreason = "x"\n', strict=False)
    assert [e for e in errors(corpus) if "no piece of the commentary starts at source:14 (its pieces start at lines 1, 10, 23)" in e]
    with pytest.raises(CorpusError):
        corpus_of(tmp_path / "strict", '[[piece]]\nat = "source:14"\nlaw = "77"\nreason = "x"\n')


def test_a_statement_places_what_the_text_cannot(tmp_path):
    """A file that opens with the tail of a law's first paragraph's predecessor: no number
    before 1 -- the text alone leaves a piece; the statement names the paragraph."""
    folder = tmp_path / "fx"
    shutil.copytree(ROMAN.folder, folder)
    (folder / "source.txt").write_text(
        "сторона сама решает, играть ли дальше.(DC4)\n"
        "Правило 80. ПРОТЕСТЫ\n????????????\n"
        "80.1. Протест подают в течение тридцати минут после тура.(DC4)\n", encoding="utf-8")
    fixture = type(ROMAN)(ROMAN.name, ROMAN.kind, folder, ROMAN.meta, ROMAN.lines)
    plain = corpus_of(tmp_path / "a", "", fixture)
    assert [(n.id, n.law, n.attribution) for n in plain.nodes if n.kind == "piece"] == [("piece-source-1", "79", "next-heading")]
    assert plain.node("79") is not None  # the piece's parent
    curated = corpus_of(tmp_path / "b", '[[piece]]\nat = "source:1"\nparagraph = "79.6"\nreason = "the end of 79"\n',
                        fixture)
    node = curated.node("79.6")
    assert node is not None and node.attribution == "curated" and node.truncated_start
    assert node.text.startswith("сторона сама решает")
    assert not [n for n in curated.nodes if n.kind == "piece"]


def test_drop_a_whole_line_and_text_in_a_line(tmp_path):
    folder = tmp_path / "fx"
    shutil.copytree(ROMAN.folder, folder)
    lines = (folder / "source.txt").read_text(encoding="utf-8").splitlines()
    lines.insert(3, "bridge-knigi.example — читать онлайн")  # a web copy's header inside 76.1
    lines[4] = lines[4] + " [стр. 12]"
    (folder / "source.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    fixture = type(ROMAN)(ROMAN.name, ROMAN.kind, folder, ROMAN.meta, ROMAN.lines)
    plain = corpus_of(tmp_path / "a", "", fixture)
    assert "bridge-knigi" in plain.node("76.1").text
    drops = ('[[drop]]\nat = "source:4"\nreason = "the web copy\'s header"\n'
             '[[drop]]\nat = "source:5"\ntext = "[стр. 12]"\nreason = "the web copy\'s page number"\n')
    corpus = corpus_of(tmp_path / "b", drops, fixture)
    text = corpus.node("76.1").text
    assert "bridge-knigi" not in text and "[стр. 12]" not in text
    # the paragraph goes on across the dropped line: one paragraph, its words joined
    assert "во время сдачи и не должен" in text
    assert corpus.repairs["source"]["curated_drop"] == 2


def test_a_drop_whose_text_is_not_there(tmp_path):
    corpus = corpus_of(tmp_path, '[[drop]]\nat = "source:3"\ntext = "нет такого"\nreason = "x"\n', strict=False)
    assert [e for e in errors(corpus) if "does not hold 'нет такого'" in e]
