"""A law one edition has and another lacks (docs/editions.md, "A law not in an edition"):
where the lacking edition's sources run on without a gap from the law before to the law
after, the law is not in that edition -- no node, no page, no MISSING in ``check``; ``show``
says which edition has it; the switch says it was removed (or is not yet there). Where the
sources show a gap there, the law is lost text as in a single edition. Invented text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.profile import load_profile

LAWS = {
    1: ("Начало встречи", "Судья объявляет начало встречи, когда все игроки заняли места."),
    2: ("Запасной игрок", "Запасной игрок садится за стол только с разрешения судьи."),
    3: ("Конец встречи", "Встреча кончается, когда сыграна последняя сдача."),
}


def law_text(*numbers: int) -> str:
    return "\n\n".join(f"Правило {n}. {LAWS[n][0]}\n{LAWS[n][1]}" for n in numbers) + "\n"


def corpus(root: Path, newer: list[str]) -> Path:
    """Edition 2003 (default) with laws 1-3; edition 2013 from the files ``newer``."""
    root.mkdir(parents=True)
    (root / "old.txt").write_text(law_text(1, 2, 3), encoding="utf-8")
    lines = ['[code]', 'title = "Кодекс проверки"', 'edition = "2003"', 'laws = [1, 3]', '',
             '[[source]]', 'path = "old.txt"', 'lang = "ru"', 'kind = "laws"', 'edition = "2003"']
    for k, text in enumerate(newer):
        (root / f"new{k}.txt").write_text(text, encoding="utf-8")
        lines += ['', '[[source]]', f'path = "new{k}.txt"', 'lang = "ru"', 'kind = "laws"', 'edition = "2013"']
    (root / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def removed(tmp_path_factory):
    """Law 2 removed in 2013: 2013's one file runs from law 1 straight on to law 3."""
    root = tmp_path_factory.mktemp("absent")
    folder = corpus(root / "corpus", [law_text(1, 3)])
    build(folder, root / "build", lambda message: None)
    return folder, root / "build"


def run(built, *args):
    folder, out = built
    return CliRunner().invoke(main, [args[0], "--corpus", str(folder), "--out", str(out), *args[1:]])


def test_a_removed_law_has_no_node_and_check_reports_nothing_lost(removed):
    nodes = {n.id: n for n in build_corpus(removed[0]).nodes}
    assert "2" in nodes and "2013~1" in nodes and "2013~3" in nodes and "2013~2" not in nodes
    report = run(removed, "check")
    assert report.exit_code == 0, report.output
    assert "2013~2" not in report.output and "MISSING" not in report.output


def test_show_says_the_edition_lacks_it_and_which_has_it(removed):
    for args in (("2", "--edition", "2013"), ("2013~2",)):
        said = run(removed, "show", *args)
        assert said.exit_code == 1
        assert "not in the 2013 edition" in said.output and "--edition 2003" in said.output
        assert "removed" in said.output
        assert load_profile("bridge").text("ru", "title_lost") not in said.output


def test_no_page_and_the_switch_says_removed(removed):
    site = removed[1] / "site"
    assert not (site / "laws" / "2013~2.html").exists() and (site / "laws" / "2013~3.html").exists()
    contents = re.sub(r"<[^>]+>", " ", (site / "index~2013.html").read_text(encoding="utf-8"))
    assert LAWS[3][0] in contents and LAWS[2][0] not in contents
    page = (site / "laws" / "2.html").read_text(encoding="utf-8")
    switch = re.search(r'<nav class="edition-switch".*?</nav>', page, re.S).group(0)
    assert load_profile("bridge").text("ru", "edition_removed", edition="2013") in switch
    back = (site / "laws" / "2013~3.html").read_text(encoding="utf-8")
    assert 'href="../laws/3.html' in back


def test_a_law_an_older_edition_lacks_is_not_yet_there(tmp_path):
    folder = corpus(tmp_path / "corpus", [law_text(1, 2, 3)])
    (folder / "old.txt").write_text(law_text(1, 3), encoding="utf-8")
    build(folder, tmp_path / "build", lambda message: None)
    page = (tmp_path / "build" / "site" / "laws" / "2013~2.html").read_text(encoding="utf-8")
    assert load_profile("bridge").text("ru", "edition_not_yet", edition="2003") in page
    assert not (tmp_path / "build" / "site" / "laws" / "2.html").exists()


def test_where_the_sources_break_off_there_the_law_is_lost_text(tmp_path):
    """2013 in two files: law 1 ends one, law 3 starts the other -- what stood between is unknown."""
    folder = corpus(tmp_path / "corpus", [law_text(1), law_text(3)])
    missing = build_corpus(folder).node("2013~2")
    assert missing is not None and missing.missing
