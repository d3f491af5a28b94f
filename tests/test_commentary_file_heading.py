"""A commentary file that opens with the commentary's own heading in the profile's words --
"COMMENTARY", «КОММЕНТАРИЙ», letter-spaced or not -- reads that line as the kind's heading:
no unplaced piece, no warning, no line lost. A title that says more («КОММЕНТАРИЙ К
УСТАВУ КЛУБА») is still kept as an unplaced piece with its warning, since only the reader
knows whether it is the file's title (cold read 11 of issue 13, finding 8). Invented books."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder

LAWS = {
    "ru": "Правило 5. ЛАМПЫ\nКаждый стол освещён своей лампой.\nПравило 6. ШТОРЫ\nШторы задёргивают к вечеру.\n",
    "en": "LAW 5 - LAMPS\nEvery table is lit by its own lamp.\nLAW 6 - CURTAINS\nThe curtains are drawn at dusk.\n",
}
NOTES = {
    "ru": "{T}\nПравило 6. ШТОРЫ\n6.1. Шторы задёргивает дежурный по залу.\n",
    "en": "{T}\nLAW 6 - CURTAINS\n6.1. The steward of the hall draws the curtains.\n",
}


def corpus(tmp_path: Path, lang: str, title: str) -> Path:
    root = tmp_path / "corpus"
    for kind, text in (("laws", LAWS[lang]), ("commentary", NOTES[lang].replace("{T}", title))):
        (root / kind).mkdir(parents=True)
        (root / kind / f"{kind}.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "t"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/laws.txt"\nlang = "{lang}"\nkind = "laws"\n\n'
        f'[[source]]\npath = "commentary/commentary.txt"\nlang = "{lang}"\nkind = "commentary"\n', encoding="utf-8")
    return root


@pytest.mark.parametrize("lang,title", [("ru", "КОММЕНТАРИЙ"), ("ru", "К О М М Е Н Т А Р И Й"), ("ru", "Комментарий"),
                                        ("en", "COMMENTARY"), ("en", "Commentary")])
def test_the_kind_s_own_heading_is_no_unplaced_piece(tmp_path, lang, title):
    result = parse_folder(read_corpus_folder(corpus(tmp_path, lang, title)), strict=False)
    assert not [n.id for n in result.nodes if n.kind == "piece"]
    said = [str(p) for p in result.problems if "commentary.txt" in (p.path or "")]
    assert not said, said
    assert "6.1" in {n.id for n in result.nodes}


@pytest.mark.parametrize("lang,title", [("ru", "КОММЕНТАРИЙ К УСТАВУ КЛУБА"), ("en", "COMMENTARY ON THE CLUB RULES")])
def test_a_longer_title_opening_with_the_kind_s_word_is_the_file_s_heading(tmp_path, lang, title):
    # cold read 14 of issue 13, finding 8: the file's own title, no unplaced piece (fixBX)
    result = parse_folder(read_corpus_folder(corpus(tmp_path, lang, title)), strict=False)
    assert not [n for n in result.nodes if n.kind == "piece"]
    assert not any("title line" in p.message for p in result.problems)


@pytest.mark.parametrize("lang,title", [("ru", "ЗАМЕТКИ К УСТАВУ КЛУБА"), ("en", "NOTES ON THE CLUB RULES")])
def test_another_title_is_still_kept_and_warned(tmp_path, lang, title):
    result = parse_folder(read_corpus_folder(corpus(tmp_path, lang, title)), strict=False)
    pieces = [n for n in result.nodes if n.kind == "piece"]
    assert len(pieces) == 1 and title in pieces[0].text
    assert any("title line" in p.message for p in result.problems)
