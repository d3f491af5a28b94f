"""Cold read 13, issue 13, finding 7: a file that holds exactly one page with its footer,
where the end of the page before and the start of the page after are in other files, is that
whole page -- joined to the page before, no "start truncated", no gap mark, its law complete
-- never the end of a page whose start was lost. Where the page before is missing, it stays
start truncated. Invented book, Russian and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

PAGES = {
    "ru": ("Страница", ["Правило 5. ЧАЙ\nA. Заварка\nЧай заваривает дежурный к началу вечера.",
                        "B. Сахар\nСахар подают отдельно, в сахарнице с ложкой.",
                        "C. Посуда\nЧашки моют сами игроки после вечера.",
                        "Правило 6. ПЕЧЕНЬЕ\nПеченье приносят по очереди все пары клуба."]),
    "en": ("Page", ["LAW 5 - TEA\nA. Brewing\nThe steward brews the tea before the evening.",
                    "B. Sugar\nSugar is served apart, in a bowl with a spoon.",
                    "C. Cups\nThe players wash their own cups after the evening.",
                    "LAW 6 - BISCUITS\nEvery pair of the club brings biscuits in turn."]),
}


def corpus(tmp_path: Path, lang: str, with_page_before: bool) -> Path:
    word, pages = PAGES[lang]
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    book = [n for n in (1, 2, 4) if with_page_before or n != 2]
    (root / "laws" / lang / "book.txt").write_text(
        "\n".join(f"{pages[n - 1]}\n{word} {n}" for n in book) + "\n", encoding="utf-8")
    (root / "laws" / lang / "single.txt").write_text(f"{pages[2]}\n{word} 3\n", encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        + "".join(f'[[source]]\npath = "laws/{lang}/{name}.txt"\nlang = "{lang}"\nkind = "laws"\n\n'
                  for name in ("book", "single")), encoding="utf-8")
    return root


def check(root: Path) -> str:
    return CliRunner().invoke(main, ["check", "--corpus", str(root)]).output


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_file_of_one_whole_page_between_present_pages_is_that_page(tmp_path, lang):
    out = check(corpus(tmp_path, lang, True))
    line = next(s for s in out.splitlines() if "piece single:1" in s)
    assert "start truncated" not in line and "whole page, page 3" in line and "joins the piece before" in line, line
    assert "Gaps: 0 gap marks" in out
    assert next(s for s in out.splitlines() if s.strip().startswith("5 ")).endswith("complete as far as the sources go")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_one_page_file_whose_page_before_is_missing_stays_start_truncated(tmp_path, lang):
    out = check(corpus(tmp_path, lang, False))
    assert "start truncated" in next(s for s in out.splitlines() if "piece single:1" in s)
