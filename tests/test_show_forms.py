"""``show`` reads an ID as the search does, and a translation alone in its own words (issue 9
cold read 5, finding 9): a citation with its level's word ("Section 2.1(b)") shows the node
the search jumps to, in a folder's own profile and in the built-in one; ``show 30 --lang en``
of a law whose text is in its parts shows those parts, with the heading and the "in:" line in
English. The codes and their sentences are invented."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main
from test_profile_errors import MANIFEST, RULES, folder, minimal_profile

SECTION_WORDS = """
[[citations.en.levels]]
level = "section"
words = ["Section", "Sections"]
label = "number"
"""


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("club")
    profile = minimal_profile().replace("[strings.en]", SECTION_WORDS + "\n[strings.en]")
    root = folder(tmp, profile, RULES, MANIFEST)
    out = tmp / "out"
    build(root, out, lambda message: None)
    return root, out


@pytest.mark.parametrize("typed, node, heading", [("Section 2.1(b)", "2.1(b)", "2.1(b)"),
                                                  ("section 2.2", "2.2", "2.2. Leaving"),
                                                  ("Rule 2", "2", "Rule 2. MEMBERS"), ("2.1(b)", "2.1(b)", "2.1(b)")])
def test_show_reads_a_citation_with_its_level_word_as_the_search_does(club, typed, node, heading):
    root, out = club
    where = ["--corpus", str(root), "--out", str(out)]
    shown = run("show", typed, *where)
    assert shown.splitlines()[0] == heading, shown
    searched = run("search", typed, *where)
    assert re.match(rf"{re.escape(typed)}: {re.escape(node)}(?![\w(.])", searched), searched  # the same node


def test_a_level_word_before_no_whole_id_is_still_no_node(club):
    root, out = club
    result = CliRunner().invoke(main, ["show", "Section 2", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code != 0 and "no node" in result.output


RU = """Правило 30. Пас над самоваром
A. Когда самовар остыл
Если самовар остыл, игрок пасует; см. правило 23.
B. Когда самовар кипит
1. Пас при кипящем самоваре аннулируется.
2. Нарушитель пасует в свою очередь.
"""
EN = """Law 30 - Pass Over the Samovar
A. When the Samovar Is Cold
If the samovar is cold, a player passes; see Law 23.
B. When the Samovar Boils
1. A pass over a boiling samovar is cancelled.
2. The offender passes at his turn.
"""
PAIR = """[code]
edition = "1987"
laws = [1, 93]
lang = "ru"

[[source]]
path = "laws/ru/book.txt"
lang = "ru"
kind = "laws"

[[source]]
path = "laws/en/laws.txt"
lang = "en"
kind = "laws"
layout = "en-mixed"
"""
CYRILLIC = re.compile("[\u0400-\u04ff]")


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    root = tmp_path_factory.mktemp("pair") / "code"
    for lang, text, name in (("ru", RU, "book.txt"), ("en", EN, "laws.txt")):
        (root / "laws" / lang).mkdir(parents=True)
        (root / "laws" / lang / name).write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(PAIR, encoding="utf-8")
    out = root.parent / "out"
    build(root, out, lambda message: None)
    return ["--corpus", str(root), "--out", str(out)]


def test_show_a_law_in_its_translation_alone_shows_its_parts_in_that_language(pair):
    shown = run("show", "30", "--lang", "en", *pair)
    lines = shown.splitlines()
    assert lines[0] == "Law 30. Pass Over the Samovar", shown
    assert "no English text" not in shown, shown  # its text is in its parts, which are English
    contents = shown.split("Contents:")[1]
    assert "30A. When the Samovar Is Cold" in contents and "30B. When the Samovar Boils" in contents
    assert "Russian: Пас над самоваром" in shown  # the main title is named by its language
    # the main language shown as before
    assert run("show", "30", *pair).splitlines()[0] == "Правило 30. Пас над самоваром"


def test_show_a_part_in_its_translation_alone_names_its_container_in_that_language(pair):
    shown = run("show", "30B1", "--lang", "en", *pair)
    where = next(line for line in shown.splitlines() if line.startswith("in: "))
    assert where == "in: 30B. When the Samovar Boils", shown
    assert "A pass over a boiling samovar is cancelled." in shown
    assert not CYRILLIC.search(shown), shown
    assert "in: 30B. Когда самовар кипит" in run("show", "30B1", *pair)
