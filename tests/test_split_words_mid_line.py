"""A word split by a stray space inside a line (cold read 11, finding 9: «исто пник», "ex ception"):
the two pieces are joined when their join is a word and they are not both words -- for Russian
by the morphology dictionary (pymorphy3), which knows a rare piece like «исто» as a word but no
«пник»; for English by the corpus's own words (``known_words``), where the damaged line's own
pieces count for nothing. Two real words are never joined. The rule is ``split_words``,
named and counted; every sentence is invented."""

from __future__ import annotations

import pytest

from lawsearch.clean import clean_lines
from lawsearch.corpus import build_corpus
from lawsearch.furniture import seen_words


@pytest.mark.parametrize("raw,mended", [
    ("Дрова для бани колет исто пник Евграф по субботам.", "Дрова для бани колет истопник Евграф по субботам."),
    ("В печи горит яркий ого нь до утра.", "В печи горит яркий огонь до утра."),
    ("Свет гаснет при отключении электри чества в посёлке.", "Свет гаснет при отключении электричества в посёлке."),
    ("Сторож уносит им ена гостей в тетради.", "Сторож уносит имена гостей в тетради."),
])
def test_russian_pieces_that_make_a_dictionary_word_are_joined(raw, mended):
    cleaned = clean_lines(["Правило 60. КОТЕЛЬНАЯ", raw], "x", lang="ru")
    assert cleaned.lines[1].text == mended
    assert cleaned.counts().get("split_words") == 1
    assert "split_words" in cleaned.rules_by_line()[2]


@pytest.mark.parametrize("raw", [
    "Сторож идёт по дороге к сараю.",
    "Если вы ход пропустили, ждите.",
    "Он кладёт ключ на дом и уходит.",
])
def test_control_two_russian_words_stay_apart(raw):
    cleaned = clean_lines(["Правило 60. КОТЕЛЬНАЯ", raw], "x", lang="ru")
    assert cleaned.lines[1].text == raw
    assert "split_words" not in cleaned.counts()


ENGLISH = ["LAW 60 - THE BOILER ROOM", "A. Fuel",
           "The stoker brings coal to the boiler without ex ception every winter morning.",
           "B. Keys", "Keys are handed back in the evening; no exception is made for guests.",
           "The warden signs the book, and indeed he counts the shovels too.",
           "C. Deeds", "Each tenant keeps a lease and a title deed in the chest.",
           "He did it in deed and in word alike before the board."]


def test_english_pieces_join_where_the_corpus_holds_the_word_and_not_the_pieces():
    words = frozenset(seen_words(ENGLISH, languages=("en",)))
    assert "exception" in words and "ex" not in words and "ception" not in words
    cleaned = clean_lines(ENGLISH, "x", lang="en", extra_words=words)
    texts = [line.text for line in cleaned.lines]
    assert "The stoker brings coal to the boiler without exception every winter morning." in texts
    assert "He did it in deed and in word alike before the board." in texts  # two real words
    assert cleaned.counts().get("split_words") == 1


def test_english_in_a_built_corpus(tmp_path):
    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "code.txt").write_text("\n".join(ENGLISH) + "\n", encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\nlang = "en"\n\n[[source]]\npath = "laws/en/code.txt"\nlang = "en"\n'
                                        'kind = "laws"\n', encoding="utf-8")
    corpus = build_corpus(root)
    assert "without exception every winter" in corpus.node("60A").text
    assert "in deed and in word" in corpus.node("60C").text


def test_russian_in_a_built_corpus(tmp_path):
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "code.txt").write_text(
        "Правило 60. КОТЕЛЬНАЯ\nA. Топливо\nДрова для бани колет исто пник Евграф по субботам.\n"
        "B. Дорога\nСторож идёт по дороге к сараю.\n", encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\nlang = "ru"\n\n[[source]]\npath = "laws/ru/code.txt"\nlang = "ru"\n'
                                        'kind = "laws"\n', encoding="utf-8")
    corpus = build_corpus(root)
    assert corpus.node("60A").text == "Дрова для бани колет истопник Евграф по субботам."
    assert corpus.node("60B").text == "Сторож идёт по дороге к сараю."
