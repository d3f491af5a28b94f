"""check names a text cut at the end of its file so (a download broken off mid-word), not
"text lost at a page gap" -- there is no page gap in a file with no page numbers (issue 15,
cold read 6 finding 8). A text that stops inside the book, before another law, is still a
page gap. Invented laws of an invented beekeepers' code; layouts ``en-2007`` and ``ru-book``."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

EN = """Law 1 - Hives
A. Placing
Hives face south in one row along the fence.
Law 2 - Smoke
A. Smoker
The smoker is lit with rotten wood far from the hiv"""
RU = """Правило 1. УЛЬИ
Ульи ставят летками на юг в один ряд вдоль забора.
Правило 2. ДЫМАРЬ
Дымарь разжигают гнилушками вдали от уль"""


@pytest.mark.parametrize("lang, layout, text", [("en", "en-2007", EN), ("ru", "ru-book", RU)])
def test_a_text_cut_at_its_files_end_is_said_so(tmp_path, lang, layout, text):
    (tmp_path / "laws.txt").write_text(text, encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(
        f'[code]\ntitle = "Bees"\nlaws = [1, 2]\nlang = "{lang}"\n\n[[source]]\npath = "laws.txt"\nlang = "{lang}"\n'
        f'kind = "laws"\nlayout = "{layout}"\nencoding = "utf-8"\n', encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--corpus", str(tmp_path), "--out", str(tmp_path / "build")]).output
    laws = {line.split()[0]: line for line in out.split("\nLaws:\n")[1].splitlines() if line.strip()[:1].isdigit()}
    assert laws["2"].endswith("text cut at the end of its file"), out
    assert "page gap" not in laws["2"]
    assert laws["1"].endswith("complete as far as the sources go")


def test_a_file_ending_before_later_laws_is_still_a_page_gap(tmp_path):
    """The first file stops mid-word in law 1 and a second file holds law 2: the text between
    is lost, a page gap, as before."""
    (tmp_path / "a.txt").write_text(RU.split("Правило 2.")[0].rstrip().removesuffix("забора.") + "за", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Правило 2." + RU.split("Правило 2.")[1] + "ев.\n", encoding="utf-8")
    lines = ['[code]\ntitle = "Bees"\nlaws = [1, 2]\n']
    lines += [f'[[source]]\npath = "{name}"\nlang = "ru"\nkind = "laws"\nlayout = "ru-book"\nencoding = "utf-8"\n'
              for name in ("a.txt", "b.txt")]
    (tmp_path / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--corpus", str(tmp_path), "--out", str(tmp_path / "build")]).output
    laws = {line.split()[0]: line for line in out.split("\nLaws:\n")[1].splitlines() if line.strip()[:1].isdigit()}
    assert laws["1"].endswith("text lost at a page gap"), out
    assert "end of its file" not in out
