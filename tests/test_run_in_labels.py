"""Two labels on one line, and a sub-clause printed with its clause's number (issue 9, cold
read 4, finding 6): ``1. (a) text`` opens clause 1, untitled, and its sub-clause (a) with the
text; ``1.1.(a)`` where no clause is open opens the clause it names. In the English
layouts docs/profiles.md lists. The law texts are invented for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus


def nodes(tmp_path: Path, text: str, layout: str) -> dict[str, str]:
    root = tmp_path / "c"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "x.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "T"\nedition = "2017"\nlaws = [1, 93]\nlang = "en"\n\n'
        f'[[source]]\npath = "laws/x.txt"\nlang = "en"\nkind = "laws"\nlayout = "{layout}"\n', encoding="utf-8")
    corpus = build_corpus(root)
    return {n.id: n.text or "" for n in corpus.nodes if n.kind != "law"}


RUN_IN = [
    ("en-1987", "LAW 33 - STACKING THE TRAYS\n\nB. Trays Out of Order\n"
                "1. (a) A tray found out of order is set aside by the steward.\n"
                "(b) The steward then notes its number.\n2. Nothing else is done.\n",
     {"33B": "", "33B1": "", "33B1(a)": "A tray found out of order is set aside by the steward.",
      "33B1(b)": "The steward then notes its number.", "33B2": "Nothing else is done."}),
    ("en-mixed", "Law 8 - Counting the Pegs\n\n- A. Pegs Missing\n"
                 "1. A missing peg is replaced from the spare box.\n"
                 "2. (a) when the box is empty, the umpire lends one, and\n"
                 "(b) the lender's name is written down.\n",
     {"8A": "", "8A1": "A missing peg is replaced from the spare box.", "8A2": "",
      "8A2(a)": "when the box is empty, the umpire lends one, and", "8A2(b)": "the lender's name is written down."}),
    ("en-mixed", "Law 61 - Ringing the Bell\n\nC. Second Ring\n1. (a) Ringing Twice\n"
                 "A bell rung twice calls the keeper.\n(b) Ringing Thrice\nA bell rung thrice calls everyone.\n",
     {"61C": "", "61C1": "", "61C1(a)": "A bell rung twice calls the keeper.",
      "61C1(b)": "A bell rung thrice calls everyone."}),
]


@pytest.mark.parametrize("layout, text, expected", RUN_IN)
def test_a_clause_and_its_first_sub_clause_on_one_line(tmp_path, layout, text, expected):
    assert nodes(tmp_path, text, layout) == expected


def test_a_label_later_in_a_clauses_sentence_opens_nothing(tmp_path):
    text = "LAW 14 - FOLDING THE MAPS\n\nA. Folding\n1. (b) of the old rules is struck out.\n" \
           "2. A map is folded twice (a) lengthwise and (b) across.\n"
    assert nodes(tmp_path, text, "en-1987") == {
        "14A": "", "14A1": "(b) of the old rules is struck out.",
        "14A2": "A map is folded twice (a) lengthwise and (b) across."}


DOTTED = [
    ("Law 40 - Lending Boats\n\nA. Boats Lent\n1.1.(a) A boat is lent for one day at most.\n"
     "1.1.(b) The borrower signs the book.\n1.2. The oars stay in the shed.\n\nB. Boats Returned\n"
     "A boat comes back clean.\n",
     {"40A": "", "40A1": "", "40A1(a)": "A boat is lent for one day at most.",
      "40A1(b)": "The borrower signs the book.", "40A2": "The oars stay in the shed.",
      "40B": "A boat comes back clean."}),
    ("Law 3 - Closing the Gate\n\n- C. At Night\n2.3.(a) the gate is locked at ten, and\n"
     "2.3.(b) the key is hung in the hall.\n",
     {"3C": "", "3C3": "", "3C3(a)": "the gate is locked at ten, and", "3C3(b)": "the key is hung in the hall."}),
]


@pytest.mark.parametrize("text, expected", DOTTED)
def test_a_dotted_sub_clause_opens_the_clause_its_label_names(tmp_path, text, expected):
    assert nodes(tmp_path, text, "en-mixed") == expected
