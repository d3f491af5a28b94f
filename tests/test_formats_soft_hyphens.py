"""Soft hyphens (U+00AD) typed inside words -- a word processor's optional breaks -- are a
break the reader never sees, in every format: a node's text, its title and a footnote hold
the whole word, so corpus.json and the snippets built from it show "перемешивании", never
"переме\u00adшивании" (cold read 8 of issue 12, finding 10: a DOCX kept them)."""

from __future__ import annotations

import re
import warnings

import pytest

from formats_gen import BOOKS, SOFT, Book, write
from lawsearch.corpus import build_corpus
from test_formats import corpus_with

# every format whose writer types the book's characters as they are (the PDF writer breaks
# long words with soft hyphens of its own: tests/test_formats.py covers it)
FORMATS = ["txt", "html", "fb2", "fb2.zip", "epub", "docx", "rtf"]


def _hyphenated(text: str) -> str:
    """Optional breaks inside every word of seven letters or more, after its third letter."""
    return re.sub(r"\b(\w{3})(\w{4,})", lambda m: m.group(1) + SOFT + m.group(2), text)


def _soft(book: Book) -> Book:
    parts = tuple((id_, line[:line.find(".") + 1] + _hyphenated(line[line.find(".") + 1:]) if "." in line else line,
                   tuple(_hyphenated(s) for s in sentences)) for id_, line, sentences in book.parts)
    return Book(book.name, parts, _hyphenated(book.footnote))


@pytest.mark.parametrize("fmt", FORMATS)
def test_soft_hyphens_leave_no_trace_in_nodes_titles_or_footnotes(tmp_path, fmt):
    book = BOOKS[1]
    soft = _soft(book)
    assert SOFT in "".join(s for _, _, sentences in soft.parts for s in sentences) and SOFT in soft.footnote
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        data = write(soft, fmt)
    corpus = build_corpus(corpus_with(tmp_path, data, fmt), strict=False)
    nodes = [n for n in corpus.nodes if not n.missing]
    assert [(n.id, n.title) for n in nodes] == book.nodes
    for node in nodes:
        assert SOFT not in (node.title or "") + (node.text or ""), node.id
    own = {n.id: " ".join((n.text or "").split()) for n in nodes}
    for id_, _, sentences in book.parts:
        for sentence in sentences:
            assert sentence in own[id_], (id_, sentence)
    for note in corpus.footnotes:
        assert SOFT not in note.text
    if corpus.footnotes:
        assert book.footnote in corpus.footnotes[0].text
