"""A commentary paragraph parted by a page counter in words («стр. 21 из 40», "Page 21"),
which cleaning removes from a commentary: the line after it in lower case goes on with the
sentence the paragraph left open, in the same paragraph (cold read 6, issue 13 finding 12).
A paragraph that ended its sentence stays ended. Invented text."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus

TEXT = {"ru": """КОММЕНТАРИЙ
Правило 7. ПОДНОСЫ
7.1. Поднос без одной ячейки использовать нельзя.
7.2. Повреждённый поднос можно использовать:
(a) когда запасного подноса нет;
(b) когда судья видел повреждение и отметил его в
стр. 21 из 40
протоколе каждого стола, где играют этот поднос.
7.3. Поднос хранится у судьи.
стр. 22 из 40
после тура его пересчитывают.
""", "en": """COMMENTARY
LAW 7 - TRAYS
7.1. A tray with a broken pocket is not used.
7.2. A damaged tray may still be used:
(a) when no spare tray is at hand;
(b) when the director has seen the damage and noted it on the
Page 21
score slip of every table that will play the tray that round.
7.3. The tray is kept by the director.
Page 22
after the round it is counted again.
"""}
WHOLE = {"ru": "когда судья видел повреждение и отметил его в протоколе каждого стола, где играют этот поднос.",
         "en": "when the director has seen the damage and noted it on the score slip of every table that will play "
               "the tray that round."}


def corpus_of(tmp_path: Path, lang: str) -> Path:
    root = tmp_path / "corpus"
    (root / "book").mkdir(parents=True)
    (root / "book" / "commentary.txt").write_text(TEXT[lang], encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "t"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "book/commentary.txt"\nlang = "{lang}"\nkind = "commentary"\nencoding = "utf-8"\n',
        encoding="utf-8")
    return root


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_paragraph_parted_by_a_page_counter_goes_on_after_it(tmp_path, lang):
    corpus = build_corpus(corpus_of(tmp_path, lang), strict=False)
    assert corpus.node("7.2(b)").text == WHOLE[lang]
    # after a closed sentence the lower-case line is not glued on («…у судьи. после тура…» stays two)
    assert "\n" in corpus.node("7.3").text


def test_check_names_where_a_commentary_piece_opens(tmp_path):
    """A commentary's unplaced piece (its file's title line) is listed with its file and
    line, as a law text's piece is (cold read 6: «piece-g-comm-1» with no place). A title
    that is not the kind's (a title opening with «КОММЕНТАРИЙ» is read as the file's heading
    since fixBX, tests/test_commentary_file_heading.py)."""
    from click.testing import CliRunner

    from lawsearch.cli import main

    root = corpus_of(tmp_path, "ru")
    notes = root / "book" / "commentary.txt"
    notes.write_text(notes.read_text(encoding="utf-8").replace("КОММЕНТАРИЙ\n", "ЗАМЕТКИ К УСТАВУ КЛУБА\n", 1),
                     encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "out")]).output
    assert "piece-commentary-1: law unknown (unattributed) -- " in out
    line = next(t for t in out.splitlines() if "piece-commentary-1: law unknown" in t)
    assert line.endswith("book/commentary.txt:1"), line
    assert "piece-commentary-1 at " in out and "commentary.txt:1 is unattributed" in out


def test_a_commentary_paragraph_number_after_a_law_is_no_law(tmp_path):
    """«see Law 8 and 7.2.»: law 8, and 7.2 is a paragraph number, never law 7 (cold read 6,
    finding 12). The same in Russian: «правило 8 и 7.2» gives no law 7."""
    for lang, line in (("en", "7.1. The bell is the round bell; see Law 8 and 7.2.\n"),
                       ("ru", "7.1. Звонок общий для зала; см. правило 8 и 7.2.\n")):
        text = TEXT[lang].replace(TEXT[lang].splitlines()[2] + "\n", line)
        root = tmp_path / lang / "corpus"
        (root / "book").mkdir(parents=True)
        (root / "book" / "commentary.txt").write_text(text, encoding="utf-8")
        (root / "manifest.toml").write_text(
            f'[code]\ntitle = "t"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
            f'[[source]]\npath = "book/commentary.txt"\nlang = "{lang}"\nkind = "commentary"\nencoding = "utf-8"\n',
            encoding="utf-8")
        corpus = build_corpus(root, strict=False)
        targets = [r.target for r in corpus.refs if r.from_ == "7.1"]
        assert "8" in targets and "7" not in targets, (lang, targets)
