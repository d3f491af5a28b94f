"""Line numbers of files that are not plain text (cold read 2A, finding 13): build, check,
show and clean number the lines of the text extracted from a web page, an FB2 or a PDF, and
say so ("extracted line N") wherever they name one; a plain text file keeps ``file:N``.
Invented pages."""

from __future__ import annotations

from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import for_user
from lawsearch.model import Problem

PAGE = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>t</title></head><body>\n"
        "<div class='main'>\n<p>Правило 5. Чайник</p>\n\n\n<p>A) Когда кипятят</p>\n"
        "<p>Чайник кипятят перед туром.</p>\n</div></body></html>\n")


def _corpus(tmp_path, name: str, data: str):
    corpus = tmp_path / "corpus"
    (corpus / "laws" / "ru").mkdir(parents=True)
    (corpus / "laws" / "ru" / name).write_text(data, encoding="utf-8")
    (corpus / "manifest.toml").write_text('[code]\ntitle = "T"\nedition = "1987"\nlaws = [1, 93]\n\n[[source]]\n'
                                          f'path = "laws/ru/{name}"\nlang = "ru"\nkind = "laws"\n', encoding="utf-8")
    return corpus


def test_a_problem_in_a_web_page_names_its_extracted_line(tmp_path):
    for name, extracted in (("a.html", True), ("b.fb2", True), ("c.pdf", True), ("d.txt", False)):
        p = for_user(Problem("warning", "something", f"corpus/laws/ru/{name}", 4), tmp_path / "corpus")
        assert str(p).endswith(f"{name} (extracted line 4): something") == extracted
        assert str(p).endswith(f"{name}:4: something") == (not extracted)


def test_check_show_and_clean_say_extracted_lines_for_a_web_page(tmp_path):
    corpus = _corpus(tmp_path, "page.html", PAGE)
    out = tmp_path / "build"
    runner = CliRunner()
    assert runner.invoke(main, ["build", "--corpus", str(corpus), "--out", str(out)]).exit_code == 0
    shown = runner.invoke(main, ["show", "--corpus", str(corpus), "--out", str(out), "5"])
    assert "page.html, extracted lines 1-3" in shown.output and "page.html:1" not in shown.output
    checked = runner.invoke(main, ["check", "--corpus", str(corpus), "--out", str(out)])
    assert "page.html (extracted line 2)" in checked.output  # «A) Когда кипятят»: a heading read as text
    assert "page.html:" not in checked.output
    explained = runner.invoke(main, ["clean", str(corpus / "laws" / "ru" / "page.html"), "--explain"])
    assert "extracted" in explained.output  # the note (stderr is mixed in by CliRunner)
    assert "    2   A) Когда кипятят" in explained.output


def test_a_text_file_keeps_file_colon_line(tmp_path):
    corpus = _corpus(tmp_path, "a.txt", "Правило 5. Чайник\nA) Когда кипятят\nЧайник кипятят перед туром.\n")
    out = tmp_path / "build"
    runner = CliRunner()
    assert runner.invoke(main, ["build", "--corpus", str(corpus), "--out", str(out)]).exit_code == 0
    checked = runner.invoke(main, ["check", "--corpus", str(corpus), "--out", str(out)])
    assert "a.txt:2" in checked.output and "extracted" not in checked.output
