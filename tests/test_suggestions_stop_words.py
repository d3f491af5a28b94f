"""Stop words count for nothing in a suggestion (cold read 11 of issue 13, finding 7): a
sentence about something else that shares with a law only its function words -- the
profile's joining words, the words the language's dictionary reads as conjunctions,
prepositions, particles and pronouns («если», «каждый», «его»), the English stop list the
index drops ("if", "this", "when") -- gets no suggestion, nor are they named among the
shared words. Invented books, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import parse_folder
from lawsearch.placement import compared_terms
from lawsearch.sources import read_corpus_folder

BOOKS = {
    "ru": ("""Правило 1. ОЧЕРЁДНОСТЬ ХОДА
Если его партнёр уже сделал ход, каждый игрок ждёт, когда он закончит, и только тогда ходит сам.
Правило 2. КОЛОДА
Колода состоит из пятидесяти двух карт четырёх мастей; карты тасуют перед каждой сдачей.
Правило 3. СЧЁТ
Очки записывают в протокол после каждой сдачи; судья проверяет протокол в конце вечера.
""", "Если бы он знал, его сад и каждый куст в нём были бы всё так же тихи, когда над рекой встаёт луна.\n"),
    "en": ("""LAW 1 - ORDER OF PLAY
If this player has played when it was not his turn, the director may allow it to stand.
LAW 2 - THE PACK
The pack consists of fifty-two cards of four suits; the cards are shuffled before every deal.
LAW 3 - SCORING
Points are entered on the scoresheet after every deal; the director checks the scoresheet at the end.
""", "If this is what we have, it will be yet not for you when the moon is up over the river.\n"),
}


def corpus(tmp_path: Path, lang: str) -> Path:
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    book, loose = BOOKS[lang]
    (root / "laws" / "book.txt").write_text(book, encoding="utf-8")
    (root / "laws" / "loose.txt").write_text(loose, encoding="utf-8")
    manifest = f'[code]\ntitle = "Test"\nlaws = [1, 3]\nlang = "{lang}"\n'
    for name in ("book", "loose"):
        manifest += f'\n[[source]]\npath = "laws/{name}.txt"\nlang = "{lang}"\nkind = "laws"\n'
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    return root


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_sentence_sharing_only_stop_words_gets_no_suggestion(tmp_path, lang):
    report = parse_folder(read_corpus_folder(corpus(tmp_path, lang)), strict=False).report
    loose = [s for s in (*report.suggestions, *report.unsuggested) if s["source"] == "loose"]
    assert loose, report.suggestions
    assert all(s.get("verdict", "law") != "law" for s in loose), loose
    assert all(not s["basis"] for s in loose), loose


def test_function_words_are_no_compared_terms():
    from lawsearch.morph import function_word

    assert compared_terms(["если", "он", "каждый", "судья", "колода"], set(), function_word) == ["судья", "колода"]
