"""Mathematical alphanumeric letters (𝐋𝐚𝐰 bold, 𝐴 italic, 𝔻 double-struck, 𝟓 bold digits) --
a style a formula editor or a "fancy text" site copies -- are plain letters: the text holds
them plain, in every format, and a query typed in them finds the plain words, in the command
line's engine and the browser's alike (issue 12, cold read 8 finding 11). Invented laws."""

from __future__ import annotations

import pytest

from formats_gen import Book, write
from lawsearch.build import build
from lawsearch.corpus import build_corpus
from lawsearch.patterns import plain_letters
from test_formats import corpus_with


def styled(text: str, base_upper: int, base_lower: int) -> str:
    """``text``'s Latin letters in one mathematical style (the block's capitals at ``base_upper``)."""
    return "".join(chr(base_upper + ord(c) - 65) if "A" <= c <= "Z" else chr(base_lower + ord(c) - 97)
                   if "a" <= c <= "z" else c for c in text)


BOLD = (0x1D400, 0x1D41A)
ITALIC = (0x1D434, 0x1D44E)
SANS = (0x1D5A0, 0x1D5BA)

BOOK = Book("styled", (
    ("12", "Правило 12. Места за столом",
     ("Игроки садятся за стол, где лежит карточка с надписью " + styled("Tearoom", *BOLD) + " и номером 𝟓.",)),
    ("13", "Правило 13. Самовар", ("Самовар ставят на " + styled("Samovar tray", *ITALIC) + " у окна.",)),
), "")


def test_plain_letters_folds_every_style_and_leaves_the_rest():
    assert plain_letters(styled("Law", *BOLD) + " " + styled("Law", *SANS) + " 𝔻 𝟓𝟎") == "Law Law D 50"
    assert plain_letters("Правило ＡＢ ﬁ") == "Правило ＡＢ ﬁ"  # other forms are the search's to narrow


@pytest.mark.parametrize("fmt", ["txt", "html", "epub", "fb2", "docx"])
def test_the_text_holds_the_letters_plain(tmp_path, fmt):
    corpus = build_corpus(corpus_with(tmp_path, write(BOOK, fmt), fmt), strict=False)
    text = {n.id: " ".join((n.text or "").split()) for n in corpus.nodes}
    assert "надписью Tearoom и номером 5." in text["12"], text
    assert "на Samovar tray у окна." in text["13"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("math")
    out = root / "out"
    build(corpus_with(root, write(BOOK, "txt"), "txt"), out, lambda message: None)
    return out


@pytest.mark.parametrize("query", [styled("tearoom", *BOLD), styled("Samovar", *ITALIC), styled("tray", *SANS)])
def test_a_query_in_mathematical_letters_finds_the_plain_words_in_both_engines(built, query):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    searcher = Searcher(built / "index")
    engine = NodeEngine(built / "site" / "search-index.js")
    try:
        python = python_answer(searcher, query)
        assert python["hits"], (query, python)
        assert python["hits"][0]["id"] in ("12", "13")
        assert differences(python, engine.search([query])[0]) == []
    finally:
        searcher.close()
        engine.close()
