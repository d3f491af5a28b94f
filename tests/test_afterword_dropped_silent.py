"""Cold read 15, issue 13, finding 7 (first part): an afterword after the subject index that
the curation removes line by line ([[drop]] of its heading and of its text) leaves nothing
kept, so nothing says "kept as an unplaced piece" of it. Controls: without the drops the
warning names the afterword's first line; with only its heading dropped, the text is still
kept and said. Invented books, Russian and English (the books of
test_afterword_without_footers)."""

from __future__ import annotations

import pytest

from added_books import book_folder
from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder
from test_afterword_without_footers import BOOKS, text_of

KEPT = "kept as an unplaced piece"


def build(tmp_path, lang: str, drop: list[int]):
    b = BOOKS[lang]
    text = text_of(b, "end")
    lines = text.splitlines()
    at = lines.index(b["after"][0]) + 1
    curation = "".join(f'[[drop]]\nat = "book:{at + k}"\nreason = "afterword"\n' for k in drop)
    root = book_folder(tmp_path, lang, text, code='curation = "curation.toml"' if curation else "")
    if curation:
        (root / "curation.toml").write_text(curation, encoding="utf-8")
    return parse_folder(read_corpus_folder(root), strict=False), at


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_dropped_afterword_is_not_said_kept(tmp_path, lang):
    corpus, at = build(tmp_path, lang, [0, 1])
    assert not [p for p in corpus.problems if KEPT in p.message], [str(p) for p in corpus.problems]
    assert not [n for n in corpus.nodes if BOOKS[lang]["after"][1][:20] in (n.text or "")]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("drop", [[], [0]])
def test_control_a_kept_afterword_is_said(tmp_path, lang, drop):
    corpus, at = build(tmp_path, lang, drop)
    said = [p for p in corpus.problems if KEPT in p.message]
    assert said and said[0].line == at, [str(p) for p in corpus.problems]
