"""A book saved page after page as separate files (``ustav_p1.html``, ``ustav_p2.html``;
``part 9.txt``, ``part 10.txt``): a sentence cut at one file's end goes on at the next
file's start, in the natural order of the number in the names, as pages within one file
do; the file's name printed as a lone line under each page is furniture; check names each
file's piece once (issue 12, cold read 8 finding 5). Invented laws of an invented club."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.pages import file_series

PAGES = [
    ["Правило 80. ЧАЙНАЯ КОМНАТА", "A. Самовар", "Самовар разжигают еловыми шишками за час до первого круга.",
     "Правило 81. ЗАБЫТЫЕ ВЕЩИ", "A. Зонты", "Оставленный зонт вешают у барометра, и по истечении трёх недель",
     ],
    ["его передают в пользу истопника Пантелея.", "B. Очки",
     "Найденные очки кладут в жестяную коробку на подоконнике читальни.",
     "Правило 82. ПОЧТОВЫЙ ЯЩИК", "A. Выемка", "Секретарь вынимает письма по средам и записывает каждое в"],
    ["амбарную книгу с пронумерованными листами.", "B. Посылки",
     "Посылку с вареньем вскрывают при двух свидетелях из правления клуба."],
]


def _html(n: int, lines: list[str], signed: str | None) -> str:
    body = "".join(f"<p>{t}</p>\n" for t in lines)
    tail = f"<div>{signed}</div>" if signed else ""
    return (f'<html><head><meta charset="utf-8"><title>Устав, стр. {n}</title></head><body>\n'
            f'<div id="txt">{body}</div>\n{tail}</body></html>')


def _build(tmp_path: Path, files: dict[str, str]) -> tuple[str, Path]:
    src = tmp_path / "in"
    src.mkdir()
    for name, text in files.items():
        (src / name).write_text(text, encoding="utf-8")
    corpus, out = tmp_path / "c", tmp_path / "b"
    runner = CliRunner()
    added = runner.invoke(main, ["add", *sorted(str(p) for p in src.iterdir()), "--corpus", str(corpus)])
    assert added.exit_code == 0, added.output
    checked = runner.invoke(main, ["check", "--corpus", str(corpus), "--out", str(out)])
    return checked.output, out


def _show(out: Path, corpus: Path, node: str) -> str:
    return CliRunner().invoke(main, ["show", node, "--corpus", str(corpus), "--out", str(out)]).output


@pytest.mark.parametrize("signed", [None, "ustav_klub.txt"])
def test_html_pages_of_one_book_join_across_files(tmp_path, signed):
    files = {f"ustav_p{n}.html": _html(n, lines, signed) for n, lines in enumerate(PAGES, 1)}
    report, out = _build(tmp_path, files)
    shown = _show(out, tmp_path / "c", "81A")
    assert "по истечении трёх недель его передают в пользу истопника Пантелея." in " ".join(shown.split()), shown
    assert "ustav_klub" not in shown
    assert "амбарную книгу" in _show(out, tmp_path / "c", "82A")
    assert "Pieces no rule could place fully: 0" in report, report
    assert "unplaced" not in report and "unattributed" not in report
    # each file's piece named once, each name its own
    named = [line.split()[1] for line in report.splitlines() if line.strip().startswith("piece ")]
    assert len(named) == 3 and len(set(named)) == 3, report
    assert "in 1 run of joined pages" in report


def test_text_parts_join_in_the_natural_order_of_their_numbers(tmp_path):
    """Parts 9, 10, 11 of one file series: 10 comes after 9, not after 1 (a name's sort)."""
    files = {f"book part {n}.txt": "\n".join(lines) + "\n" for n, lines in zip((9, 10, 11), PAGES)}
    report, out = _build(tmp_path, files)
    assert "Pieces no rule could place fully: 0" in report, report
    assert "в пользу истопника" in _show(out, tmp_path / "c", "81A")
    assert "в амбарную книгу" in " ".join(_show(out, tmp_path / "c", "82A").split())


def test_files_of_no_series_do_not_join(tmp_path):
    """Two files whose names differ otherwise than by a counting number: no series, the text
    at the second file's top stays a piece of its own, as before."""
    files = {"first.txt": "\n".join(PAGES[0]) + "\n", "second.txt": "\n".join(PAGES[1]) + "\n"}
    report, out = _build(tmp_path, files)
    assert "истопника" not in _show(out, tmp_path / "c", "81A")
    assert "Pieces no rule could place fully: 1" in report, report


def test_file_series_reads_the_last_number_of_names_alike():
    paths = {"a": "c/laws/ru/ustav_p2.html", "b": "c/laws/ru/ustav_p1.html", "x": "c/laws/ru/ustav_p1.txt",
             "h": "c/laws/ru/004_2b7f.txt", "k": "c/laws/ru/001_9c3e.txt"}
    assert file_series(paths) == [["b", "a"]]
    assert file_series({"a": "p1.txt", "b": "p3.txt"}) == []  # a part lost between: no series
    assert file_series({"a": "p1.txt", "b": "p2.txt", "c": "p4.txt", "d": "p5.txt"}) == [["a", "b"], ["c", "d"]]


def test_files_of_a_series_that_end_their_sentences_stay_apart(tmp_path):
    """Posts numbered as their laws (one law each, each ending a sentence): nothing is cut at a
    file's end, so no file is read as going on from the one before."""
    first = PAGES[0][:3]  # law 80, ending «…до первого круга.»
    second = ["Вступление к правилу о забытых вещах, написанное смотрителем.", *PAGES[0][3:5],
              "Оставленный зонт вешают у барометра."]
    report, out = _build(tmp_path, {"law80.txt": "\n".join(first) + "\n", "law81.txt": "\n".join(second) + "\n"})
    assert "Вступление" not in _show(out, tmp_path / "c", "80A")
    assert "joins the piece before it (file)" not in report, report
