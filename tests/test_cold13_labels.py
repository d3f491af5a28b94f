"""Issue 16, cold read 13, findings 3 and 7, on invented two-language corpora: the same layout
reads the same in both languages (a title-only clause line, then its sub-clauses in lower case:
«2. Повторная заварка» / «(a) при повторной …», as «2. Second Brew» / «(a) on a second …»), so
no false gap is claimed; and a part one language lacks is named in its placeholder as headings
name IDs: bare in the default edition, with its edition only in another."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lawsearch.build import build
from click.testing import CliRunner

from lawsearch.cli import main

RU = ("Правило 1. Самовар\nA. Вода\nВоду наливают до края.\nB. Заварка\n1. Заварку кладут в чайник заранее.\n"
      "2. Повторная заварка\n(a) при повторной заварке чай крепче;\n(b) хозяйка отмечает её в тетради.\n")
EN = ("LAW 1 - THE SAMOVAR\nA. Water\nWater is poured to the brim.\nB. Brewing\n1. The tea is put in the pot early.\n"
      "2. Second Brew\n(a) on a second brew the tea is stronger;\n(b) the hostess notes it in the book.\n")
CUPS = "C. Cups\nCups stand beside it.\n"


def corpus(root: Path, editions: dict[str, tuple[str, str]]) -> Path:
    """A corpus folder of ``{edition: (ru text, en text)}``, the last edition the default."""
    (root / "laws").mkdir(parents=True)
    lines = ["[code]", 'title = "Устав чаепития"', f'edition = "{list(editions)[-1]}"', "laws = [1, 9]", ""]
    for ed, texts in editions.items():
        for lang, layout, text in (("ru", "ru-book", texts[0]), ("en", "en-2007", texts[1])):
            (root / "laws" / f"{ed}-{lang}.txt").write_text(text, encoding="utf-8")
            lines += ["[[source]]", f'path = "laws/{ed}-{lang}.txt"', f'lang = "{lang}"', 'kind = "laws"',
                      f'edition = "{ed}"', f'layout = "{layout}"', ""]
    (root / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def twins(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cold13-twins")
    build(corpus(root / "corpus", {"2024": (RU, EN)}), root / "build", lambda message: None)
    return root


def test_a_lower_case_sub_clause_under_a_title_only_clause_reads_alike_in_both_languages(twins):
    data = json.loads((twins / "build" / "corpus.json").read_text(encoding="utf-8"))
    nodes = {n["id"]: n for n in data["nodes"]}
    assert nodes["1B2"]["title"] == "Повторная заварка"
    assert nodes["1B2(a)"]["text"] == "при повторной заварке чай крепче;"
    assert nodes["1B2(b)"]["text"] == "хозяйка отмечает её в тетради."
    html = (twins / "build" / "site" / "laws" / "1.html").read_text(encoding="utf-8")
    assert "нет в русском тексте" not in html and "нет в английском тексте" not in html


def test_check_claims_no_gap_for_it(twins):
    result = CliRunner().invoke(main, ["check", "--corpus", str(twins / "corpus"), "--out", str(twins / "build")])
    assert "1B2(a)" not in result.output and "lacks" not in result.output, result.output
    assert "read as text" not in result.output, result.output


@pytest.fixture(scope="module")
def two_editions(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cold13-editions")
    texts = (RU, EN + CUPS)  # the English has 1C, the Russian not, in both editions
    build(corpus(root / "corpus", {"2015": texts, "2024": texts}), root / "build", lambda message: None)
    return root / "build" / "site"


def placeholders(page: Path) -> list[str]:
    text = re.sub(r"<(?:/?li|/?p|br)\b[^>]*>", "\n", page.read_text(encoding="utf-8"))
    text = re.sub(r"<[^>]+>", "", text)
    return [line.strip() for line in text.splitlines() if "нет в русском тексте" in line]


def test_the_default_editions_placeholder_names_the_part_bare_as_its_heading(two_editions):
    page = two_editions / "laws" / "1.html"
    assert placeholders(page) == ["1C: нет в русском тексте книги, только в английском"]
    assert "(ред. 2024 г.)" not in page.read_text(encoding="utf-8")  # no heading, outline or citation carries it


def test_another_editions_placeholder_names_its_edition_as_its_headings_do(two_editions):
    page = next(p for p in (two_editions / "laws").glob("*.html") if "2015" in p.name)
    assert placeholders(page) == ["1C (ред. 2015 г.): нет в русском тексте книги, только в английском"]
    assert "(ред. 2015 г.)" in page.read_text(encoding="utf-8").split("нет в русском")[0]


def test_the_sources_page_names_each_runs_edition_as_it_lists_every_editions_losses(two_editions):
    # (one list for every edition: each run says which it is lost in, the default one too --
    # cold read 6's «2A (ред. 2010 г.): нет в тексте книги»)
    assert sorted(placeholders(two_editions / "sources.html")) == [
        "1C (ред. 2015 г.): нет в русском тексте книги, только в английском",
        "1C (ред. 2024 г.): нет в русском тексте книги, только в английском"]
