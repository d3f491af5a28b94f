"""A headless sentence that shares with a law only the language's common words -- "each",
"its", "after", "both" in English, «может», «тогда», «всегда», «уже» in Russian: words the
stop lists of the index library's dictionary name, which the morphology's function-word
tags miss («может» is a form of the verb «мочь») -- gets no suggestion, and such words are
never named as the shared evidence of a right one (cold read 11 of issue 13, finding 7).
Invented books."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder

BOOKS = {
    "ru": ("""Правило 1. ОЧЕРЁДНОСТЬ ХОДА
Игрок может ходить тогда, когда партнёр уже открыл карту; судья всегда может остановить игру.
Правило 2. КОЛОДА
Колода состоит из пятидесяти двух карт четырёх мастей; карты тасуют перед сдачей.
Правило 3. СЧЁТ
Очки записывают в протокол после сдачи; судья проверяет протокол в конце вечера.
""", {"none": "Сад может цвести тогда, когда уже всегда тепло, и пчела может лететь туда.\n",
      "right": "Перед сдачей карты колоды тасуют, а колода из четырёх мастей может лежать на столе.\n"}),
    "en": ("""LAW 1 - ORDER OF PLAY
After each trick, both players wait until its cards are turned; the director may then call the next lead.
LAW 2 - THE PACK
The pack consists of fifty-two cards of four suits; the cards are shuffled before every deal.
LAW 3 - SCORING
Points are entered on the scoresheet after every deal; the director checks the scoresheet at the end.
""", {"none": "After each storm both gulls return to its nest, during which the harbour is quiet.\n",
      "right": "Before the deal each pack of four suits is shuffled; both packs keep fifty-two cards.\n"}),
}


def corpus(tmp_path: Path, lang: str) -> Path:
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    book, loose = BOOKS[lang]
    (root / "laws" / "book.txt").write_text(book, encoding="utf-8")
    manifest = f'[code]\ntitle = "Test"\nlaws = [1, 3]\nlang = "{lang}"\n'
    manifest += f'\n[[source]]\npath = "laws/book.txt"\nlang = "{lang}"\nkind = "laws"\n'
    for name, text in loose.items():
        (root / "laws" / f"{name}.txt").write_text(text, encoding="utf-8")
        manifest += f'\n[[source]]\npath = "laws/{name}.txt"\nlang = "{lang}"\nkind = "laws"\n'
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    return root


def suggestions(tmp_path: Path, lang: str) -> dict[str, dict]:
    report = parse_folder(read_corpus_folder(corpus(tmp_path, lang)), strict=False).report
    return {s["source"]: s for s in (*report.suggestions, *report.unsuggested)}


COMMON = {"ru": {"может", "тогда", "всегда", "уже", "когда"}, "en": {"after", "each", "both", "its", "during", "then"}}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_common_words_alone_suggest_no_law(tmp_path, lang):
    none = suggestions(tmp_path, lang)["none"]
    assert none.get("verdict", "law") != "law", none
    assert not {w.strip() for w in none["basis"].split(",") if w.strip()} & COMMON[lang], none


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_right_suggestion_names_no_common_word(tmp_path, lang):
    right = suggestions(tmp_path, lang)["right"]
    assert right.get("verdict", "law") == "law" and right["law"] == "2", right
    assert not {w.strip() for w in right["basis"].split(",")} & COMMON[lang], right


PRONOMINAL = ("""Правило 1. ПЕРЕСАДКА
Пара встаёт, затем идёт туда, откуда её позвал судья, и садится за указанный стол.
Правило 2. КОЛОДА
Колода состоит из пятидесяти двух карт четырёх мастей; карты тасуют перед сдачей.
Правило 3. СЧЁТ
Очки записывают в протокол после сдачи; судья проверяет протокол в конце вечера.
""", "Журавли затем летят туда, откуда весной вернутся к озеру, почему-то всегда клином.\n")


def test_pronominal_adverbs_are_no_evidence(tmp_path):
    """«затем», «туда», «откуда»: adverbs the dictionary marks demonstrative or
    interrogative, which no stop list names, share nothing of a subject."""
    from lawsearch.morph import function_word

    assert [function_word(w) for w in ("затем", "туда", "откуда", "пересадка")] == [True, True, True, False]
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "book.txt").write_text(PRONOMINAL[0], encoding="utf-8")
    (root / "laws" / "none.txt").write_text(PRONOMINAL[1], encoding="utf-8")
    manifest = '[code]\ntitle = "Test"\nlaws = [1, 3]\nlang = "ru"\n'
    for name in ("book", "none"):
        manifest += f'\n[[source]]\npath = "laws/{name}.txt"\nlang = "ru"\nkind = "laws"\n'
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    report = parse_folder(read_corpus_folder(root), strict=False).report
    none = next(s for s in (*report.suggestions, *report.unsuggested) if s["source"] == "none")
    assert none.get("verdict", "law") != "law", none
