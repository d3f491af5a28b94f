"""CoNLL-U of a main language with no tagger (English): each word's UPOS is "_", unspecified,
never "X" ("other") for every word; numbers and punctuation keep NUM and PUNCT; a Russian
corpus's words keep their tagger's parts of speech (issue 9, cold read 13, finding 8). The
texts are invented."""

from __future__ import annotations

import pytest

from conftest import english_corpus
from lawsearch.corpus import build_corpus
from lawsearch.export import to_conllu

EN = {
    "en-mixed": """Law 30 - Pass Over the Samovar
A. When the Samovar Is Cold
If the samovar is cold, a player passes; see Law 23.
B. When the Samovar Boils
1. A pass over 2 boiling samovars is cancelled.
""",
    "en-1987": """LAW 30 - PASS OVER THE SAMOVAR
A. Cold Samovar
The steward pours 3 cups and waits.
""",
}


def _rows(corpus) -> list[list[str]]:
    return [line.split("\t") for line in to_conllu(corpus).splitlines() if line[:1].isdigit()]


@pytest.mark.parametrize("layout", sorted(EN))
def test_english_words_have_no_part_of_speech_guessed(tmp_path, layout):
    rows = _rows(build_corpus(english_corpus(tmp_path, {"laws.txt": EN[layout]}, layout)))
    words = [row for row in rows if any(c.isalpha() for c in row[1])]
    assert words and {row[3] for row in words} == {"_"}
    assert all(row[2] == row[1].lower() for row in words)  # the lemma: the form lower-cased
    # control: numbers and punctuation are still told by their characters
    assert {row[3] for row in rows if row[1].isdigit()} == {"NUM"}
    assert {row[3] for row in rows if row[1] in (".", ",", ";")} == {"PUNCT"}


def test_control_a_russian_corpus_keeps_its_tagger(tmp_path):
    root = tmp_path / "ru"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "book.txt").write_text(
        "Правило 30. Пас над самоваром\nA. Когда самовар остыл\nЕсли самовар остыл, игрок пасует.\n",
        encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\nedition = "1987"\nlaws = [1, 93]\nlang = "ru"\n\n[[source]]\npath = "laws/book.txt"\n'
        'lang = "ru"\nkind = "laws"\n', encoding="utf-8")
    rows = _rows(build_corpus(root))
    assert {row[3] for row in rows if row[1] == "самовар"} == {"NOUN"}
    assert "_" not in {row[3] for row in rows}
