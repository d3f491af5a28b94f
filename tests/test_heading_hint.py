"""A line shaped like a heading that the source's layout reads as text is not lost
silently (coldA item 1): the build warns, naming the file and the line. Lines that are no
heading (a sentence after a label, a person's initials, a long paragraph) give no warning.
Invented text, the ru-book layout."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder

TEXT = """Правило 51. Порядок объявления результата
A) Объявление за столом
Результат объявляет разыгрывающий сразу после последней взятки.
2 ) Запись в протокол
Протокол подписывают обе пары.
1. Протокол подписывается до начала следующей сдачи.
В. Н. Орлова предложила вести протокол в двух экземплярах.
B. Спор о результате
Спорный результат решает судья.
"""


def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "law51.txt").write_text(TEXT, encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "ru"\n\n[[source]]\n'
                                        'path = "laws/ru/law51.txt"\nlang = "ru"\nkind = "laws"\n', encoding="utf-8")
    return root


def test_heading_shaped_text_lines_are_named_by_file_and_line(tmp_path):
    built = parse_folder(read_corpus_folder(corpus(tmp_path)), strict=False)
    hinted = {p.line: p for p in built.problems if "shaped like a heading" in p.message}
    assert set(hinted) == {2, 4}  # "A) …" and "2 ) …"; not the sentence, the initials, the real heading
    assert all(p.path.endswith("law51.txt") and p.severity == "warning" for p in hinted.values())
    assert "51B" in {n.id for n in built.nodes}


def test_check_prints_the_hint(tmp_path):
    out = CliRunner().invoke(main, ["check", "--corpus", str(corpus(tmp_path)), "--out", str(tmp_path / "b")])
    text = out.output + (out.stderr if out.stderr_bytes is not None else "")
    assert "law51.txt:2: a line shaped like a heading is read as text: «A) Объявление за столом»" in text
