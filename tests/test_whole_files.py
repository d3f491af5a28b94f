"""Complete laws each given as their own file (coldA item 5): a file's end is no page gap
unless pages are known to be missing. A file with no page numbers ends where its document
does; a run ending at a footer, or in a file that numbers its pages, still marks its loss.
Invented text, the ru-book layout."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import parse_folder
from lawsearch.sources import read_corpus_folder

FILES = {
    "a.txt": "Правило 41. Начало розыгрыша\nA. Первый ход\nПервый ход делает игрок слева от разыгрывающего.\n"
             "B. Открытие болвана\nПосле первого хода болван открывает карты.\n",
    "b.txt": "Правило 42. Права болвана\nБолван вправе следить за ходом игры.\n"
             "A. Безусловные права\nБолван сообщает о ренонсе после окончания розыгрыша.\n",
    # numbered pages: the file ends at a footer, so what came after page 12 is not here
    "c.txt": "Правило 43. Ограничения болвана\nA. Общие ограничения\nБолван не участвует в розыгрыше.\n- 12\n",
}


def corpus_folder(tmp_path: Path, names) -> Path:
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    sources = []
    for name in names:
        (root / "laws" / "ru" / name).write_text(FILES[name], encoding="utf-8")
        sources.append(f'[[source]]\npath = "laws/ru/{name}"\nlang = "ru"\nkind = "laws"\n')
    (root / "manifest.toml").write_text('[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "ru"\n\n' + "\n".join(sources),
                                        encoding="utf-8")
    return root


def nodes(root: Path) -> dict:
    return {n.id: n for n in parse_folder(read_corpus_folder(root), strict=False).nodes}


def lost(n) -> bool:
    return n.truncated_start or n.truncated_end or any(m.kind == "gap" for m in n.marks)


def test_laws_each_in_their_own_file_are_complete(tmp_path):
    got = nodes(corpus_folder(tmp_path, ["a.txt", "b.txt"]))
    assert {"41", "41A", "41B", "42", "42A"} <= set(got)
    assert not [i for i, n in got.items() if lost(n)]


def test_check_calls_them_complete_and_says_no_page_numbers(tmp_path):
    root = corpus_folder(tmp_path, ["a.txt", "b.txt"])
    out = CliRunner().invoke(main, ["check", "--corpus", str(root), "--out", str(tmp_path / "build")]).output
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("    ") and line.split()[0].isdigit()}
    assert lines["41"].endswith("complete as far as the sources go") and lines["42"].endswith("complete as far as the sources go")
    assert "text lost at a page gap" not in out
    assert "a file with no page numbers" in out and "both ends truncated" not in out


def test_a_file_ending_at_a_footer_still_loses_the_next_page(tmp_path):
    got = nodes(corpus_folder(tmp_path, ["a.txt", "c.txt"]))
    assert got["43A"].truncated_end
    assert not lost(got["41B"])

