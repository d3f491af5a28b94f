"""Words lost before placement never pass ``check`` (issue 9, cold read 4, finding 1): a
division heading with no law after it, and a second copy of a node whose text says
something else (its words are in no node: a conflict naming both files and lines). Each
is an error in ``check`` (exit 1) and a warning in ``build``; a ``[[drop]]`` with its
reason resolves it. The law texts are invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import english_corpus
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.coverage import LOST
from lawsearch.model import CorpusError


def corpus(root: Path, files: dict[str, str], layout: str = "en-1987", curation: str = "") -> Path:
    return english_corpus(root, files, layout, curation=curation)


def check(root: Path):
    return CliRunner().invoke(main, ["check", "--corpus", str(root)])


DIVISIONS = {
    "capitals at the end": ("en-1987", "LAW 12 - GATHERING THE TILES\nA. Order\nThe tiles are gathered in rows.\n\n"
                                       "CHAPTER IV - CLOSING THE SESSION\n", 5),
    "mixed case, a title after": ("en-mixed", "Law 7 - Sorting the Tiles\n\nA sorter takes the tiles one by one.\n\n"
                                              "PART II - AFTER THE GAME\n\n", 5),
    "two in a row, the first empty": ("en-1987", "CHAPTER I - OPENING\nCHAPTER II - PLAYING\nLAW 3 - THE DRAW\n"
                                                 "Each player draws a tile.\n", 1),
}


@pytest.mark.parametrize("name", DIVISIONS)
def test_a_division_heading_with_no_law_after_it_fails_build_and_check(tmp_path, name):
    layout, text, line = DIVISIONS[name]
    root = corpus(tmp_path / "c", {"tiles.txt": text}, layout)
    with pytest.raises(CorpusError) as failed:  # its words would be in no node: the build fails
        build_corpus(root)
    lost = [p for p in failed.value.problems if p.message.startswith(LOST) and "division" in p.message]
    assert [(p.path.rsplit("/", 1)[-1], p.line) for p in lost] == [("tiles.txt", line)]
    result = check(root)
    assert result.exit_code == 1, result.output
    assert f"tiles.txt:{line}" in result.stderr and LOST in result.stderr


def test_a_dropped_division_heading_passes(tmp_path):
    layout, text, line = DIVISIONS["capitals at the end"]
    root = corpus(tmp_path / "c", {"tiles.txt": text}, layout,
                  f'[[drop]]\nat = "tiles:{line}"\nreason = "a heading of the next volume"\n')
    result = check(root)
    assert result.exit_code == 0, result.output + result.stderr


A = "LAW 20 - ASKING FOR THE SCORE\n\nA. Asking Aloud\nA player may ask the score aloud.\n\n" \
    "B. Asking Again\nA player may ask again when it is his turn.\n"
B_OTHER = "LAW 20 - ASKING FOR THE SCORE\n\nB. Asking Again\nA player may have the score written down for him at any time.\n\n" \
          "C. Asking the Referee\nAny player may ask the referee.\n"
B_SAME = "LAW 20 - ASKING FOR THE SCORE\n\nB. Asking Again\nA player may ask again when it is his turn.\n\n" \
         "C. Asking the Referee\nAny player may ask the referee.\n"


def test_two_copies_whose_text_differs_fail_check_naming_both(tmp_path):
    root = corpus(tmp_path / "c", {"a.txt": A, "b.txt": B_OTHER})
    built = build_corpus(root, strict=False)  # the build fails on it too (words in no node); the tree is what it read
    assert built.node("20C").text == "Any player may ask the referee."  # what only one copy has is kept
    result = check(root)
    assert result.exit_code == 1, result.output
    error = next(x for x in result.stderr.splitlines() if "20B" in x)
    assert LOST in error and "a.txt:6" in error and "b.txt:3" in error


def test_two_copies_whose_title_differs_fail_check(tmp_path):
    other = B_SAME.replace("B. Asking Again", "B. Asking Again Later")
    result = check(corpus(tmp_path / "c", {"a.txt": A, "b.txt": other}))
    assert result.exit_code == 1 and "20B" in result.stderr


def test_two_copies_that_agree_pass_check(tmp_path):
    result = check(corpus(tmp_path / "c", {"a.txt": A, "b.txt": B_SAME}))
    assert result.exit_code == 0, result.output + result.stderr


def test_dropping_one_copys_lines_resolves_the_conflict(tmp_path):
    root = corpus(tmp_path / "c", {"a.txt": A, "b.txt": B_OTHER},
                  curation='[[drop]]\nat = "b:3"\nreason = "the older wording"\n\n'
                           '[[drop]]\nat = "b:4"\nreason = "the older wording"\n')
    result = check(root)
    assert result.exit_code == 0, result.output + result.stderr
