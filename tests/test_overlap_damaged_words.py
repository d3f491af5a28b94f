"""Overlapping copies of one edition where one copy's words are damaged (issue 15, cold read
6 finding 2; lawsearch/overlap.py): the less damaged text wins passage by passage, whichever
copy the manifest lists first. Damage the copies' own text shows: a U+FFFD replacement
character, letters of two scripts in one word (Latin homoglyphs inside a Cyrillic word, a
Cyrillic one inside an English word), a word the dictionary does not know where the other
copy's word is known (an OCR «н» for «и»), a word with letters lost. Both spans stay on the
node; ``check`` names both files and lines where they differ, and does not fail (nothing is
lost: the other copy's words are damaged readings); ``diff`` reports no rewording the damage
made.

Invented laws of an invented code of a pigeon-racing club."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.overlap import garbled, misread

RU = """Правило 3. ГОЛУБЯТНЯ
A. Место
Голубятню ставят на сухом месте вдали от высоких деревьев.
B. Корм
Птиц кормят дважды в день отборным зерном и чистой водой.
C. Учёт
Смотритель записывает каждую птицу в журнал голубятни.
Правило 4. ЗАПУСК
Запуск начинается по сигналу судьи с крыши старого сарая.
"""
EN = """Law 3 - The Loft
A. Place
The loft stands on dry ground far from tall trees.
B. Feed
Birds are fed twice a day with chosen grain and clean water.
Law 4 - The Release
The release begins at the judge's signal from the roof of the old barn.
"""

# one kind of damage each: (clean text, damaged text, the node damaged, the clean word, the damaged word)
RU_DAMAGE = [
    ("fffd", "на сухом месте", "на су\ufffdом месте", "3A"),
    ("latin homoglyphs", "отборным зерном", "oтбopным зepнoм", "3B"),  # o, p, e Latin
    ("dictionary", "журнал голубятни", "журнал голубятнн", "3C"),  # н for и: no word
    ("dictionary title", "ЗАПУСК", "ЗАПУСН", "4"),
    ("lost letters", "старого сарая", "старго сарая", "4"),
]
EN_DAMAGE = [
    ("cyrillic homoglyph", "tall trees", "tall tr\u0435\u0435s", "3A"),  # Cyrillic е
    ("fffd", "chosen grain", "chos\ufffdn grain", "3B"),
    ("lost letters", "the judge's signal", "the judge's signl", "4"),
]


def corpus_folder(root: Path, lang: str, clean: str, damaged: str, damaged_first: bool) -> Path:
    root.mkdir(parents=True)
    layout = "en-2007" if lang == "en" else "ru-book"
    (root / "clean.txt").write_text(clean, encoding="utf-8")
    (root / "damaged.txt").write_text(damaged, encoding="utf-8")
    names = ["damaged.txt", "clean.txt"] if damaged_first else ["clean.txt", "damaged.txt"]
    lines = ["[code]", 'title = "Clubs"', "laws = [3, 4]", f'lang = "{lang}"']
    for name in names:
        lines += ["", "[[source]]", f'path = "{name}"', f'lang = "{lang}"', 'kind = "laws"', f'layout = "{layout}"',
                  'encoding = "utf-8"']
    (root / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def words_of(node) -> str:
    return f"{node.title or ''} {node.text or ''}"


@pytest.mark.parametrize("damaged_first", [True, False], ids=["damaged first", "clean first"])
@pytest.mark.parametrize("lang, text, kind", [pytest.param(lang, text, d, id=f"{lang} {d[0]}")
                                              for lang, text, kinds in (("ru", RU, RU_DAMAGE), ("en", EN, EN_DAMAGE))
                                              for d in kinds])
def test_the_undamaged_copy_wins_whatever_the_order(tmp_path, lang, text, kind, damaged_first):
    _, good, bad, node_id = kind
    assert good in text
    folder = corpus_folder(tmp_path / "c", lang, text, text.replace(good, bad), damaged_first)
    corpus = build_corpus(folder, strict=False)
    node = corpus.node(node_id)
    assert good in words_of(node) and bad not in words_of(node)
    assert sorted(Path(s.source).name for s in node.spans) == ["clean.txt", "damaged.txt"]  # both spans kept
    said = [p for p in corpus.problems if f"{node_id}: the copies'" in p.message]
    assert len(said) == 1, [p.message for p in corpus.problems]
    # the report names both files and lines, the kept copy's and the damaged one's
    assert "clean.txt:" in said[0].message and Path(said[0].path).name == "damaged.txt" and said[0].line
    assert "damaged" in said[0].message


def test_damage_is_weighed_passage_by_passage(tmp_path):
    """One copy damaged in 3A, the other in 3B: each node comes from the copy sound there."""
    first = RU.replace("на сухом месте", "на су\ufffdом месте")
    second = RU.replace("отборным зерном", "oтбopным зepнoм")
    corpus = build_corpus(corpus_folder(tmp_path / "c", "ru", second, first, True), strict=False)
    assert "на сухом месте" in corpus.node("3A").text
    assert "отборным зерном" in corpus.node("3B").text


def test_check_names_both_files_and_lines_and_passes(tmp_path):
    folder = corpus_folder(tmp_path / "c", "ru", RU, RU.replace("журнал голубятни", "журнал голубятнн"), True)
    result = CliRunner().invoke(main, ["check", "--corpus", str(folder)])
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "3C: the copies'" in line]
    assert len(said) == 1
    assert "clean.txt:6" in said[0] and "damaged.txt:6" in said[0]  # where the node starts in each
    assert "«журнал голубятни» / «журнал голубятнн»" in said[0]


def test_a_real_disagreement_still_fails_check(tmp_path):
    """Known words on both sides: no damage explains the difference, so the losing copy's
    words are text in no node, an error in check, as before."""
    folder = corpus_folder(tmp_path / "c", "ru", RU, RU.replace("дважды в день", "трижды в день"), True)
    result = CliRunner().invoke(main, ["check", "--corpus", str(folder)])
    assert result.exit_code == 1, result.output
    assert any("3B: the copies' texts disagree" in line for line in result.output.splitlines())


def test_damaged_words_on_their_face_and_against_the_other_copy():
    assert garbled("pig\ufffdon") and garbled("гoлубь") and garbled("dоve") and not garbled("голубь")
    assert not garbled("3B") and not garbled("Law")
    assert misread("голубятнн", "голубятни", "ru") and not misread("голубятни", "голубятнн", "ru")
    assert misread("signl", "signal", "en") and not misread("signal", "signl", "en")
    # two dictionary words: a rewording, no misreading
    assert not misread("трижды", "дважды", "ru")


OLD = """Правило 3. ГОЛУБЯТНЯ
A. Место
Голубятню ставят на сухом месте вдали от высоких деревьев.
B. Корм
Птиц кормят дважды в день отборным зерном и чистой водой.
"""
NEW = OLD.replace("вдали от высоких деревьев", "вдали от дорог")


def test_diff_reports_no_rewording_a_damaged_copy_made(tmp_path):
    root = tmp_path / "c"
    root.mkdir()
    (root / "old.txt").write_text(OLD, encoding="utf-8")
    (root / "new-damaged.txt").write_text(NEW.replace("отборным зерном", "отборным зерноы"), encoding="utf-8")
    (root / "new-clean.txt").write_text(NEW, encoding="utf-8")
    lines = ["[code]", 'title = "Clubs"', 'edition = "2001"', "laws = [3, 3]"]
    for name, ed in (("new-damaged.txt", "2011"), ("new-clean.txt", "2011"), ("old.txt", "2001")):
        lines += ["", "[[source]]", f'path = "{name}"', 'lang = "ru"', 'kind = "laws"', f'edition = "{ed}"',
                  'encoding = "utf-8"']
    (root / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["diff", "2001", "2011", "--corpus", str(root)])
    assert result.exit_code == 0, result.output
    changed = [line.split() for line in result.output.splitlines() if line.strip().startswith("reworded")]
    assert [c[1] for c in changed] == ["3A"], result.output  # the planted change only, not 3B
