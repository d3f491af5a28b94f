"""A bare label that names the citing law as its container -- "A2 of this Law", "this Law's
B1" -- cites that law's part (issue 9, cold read 15, finding 3): "compare 1 above and A2 of
this Law" in 64B2 read only 64B1, "unlike A1 of this Law and B1 following" in 71A2 only
71B1. The words are the profile's data: the law level's ``this`` (after the label) and
``this_before`` (before it) in the English table of the built-in profile.

All text invented."""

from __future__ import annotations

import pytest

from lawsearch.corpus import build_corpus
from lawsearch.profile import load_profile
from lawsearch.references import find_citations


def cited(text: str, citing: str, profile=None) -> list[tuple[str, list[str]]]:
    law = citing[:2]
    return [(s, t) for s, _, t, p in find_citations(text, law, citing, (1, 93), lang="en", profile=profile)
            if not p]


@pytest.mark.parametrize("text, citing, expected", [
    ("No score changes for a later slip, compare 1 above and C2 of this Law.", "36B2",
     [("1", ["36B1"]), ("C2", ["36C2"])]),
    ("unlike A1 of this Law and B1 following, the board stands", "52A2", [("A1", ["52A1"]), ("B1", ["52B1"])]),
    ("A lead made under D of this law stands.", "33B", [("D", ["33D"])]),
    ("The tray moves on as this Law's B3 says.", "22A1", [("B3", ["22B3"])]),
    ("The tray moves on as this Law’s B3 says.", "22A1", [("B3", ["22B3"])]),
])
def test_a_label_of_this_law(text, citing, expected):
    assert cited(text, citing) == expected


@pytest.mark.parametrize("text, citing, expected", [
    # controls: no label before the words, a letter that is a word, another law named, a "see" word
    ("The rest of this Law applies to every table.", "36B2", []),
    ("A pair of this kind keeps its seat.", "36B2", []),
    ("A pair of this Law's tables keeps its seat.", "36B2", []),
    ("compare B1 of Law 73 and A2 preceding", "36B2", [("B1 of Law 73", ["73B1"]), ("A2", ["36A2"])]),
    ("see C2 for the board", "36B2", [("C2", ["36C2"])]),
])
def test_what_stays_as_it_was(text, citing, expected):
    assert cited(text, citing) == expected


def test_the_words_are_the_profiles(tmp_path):
    """A corpus folder's table names the citing law otherwise: its words count, the built-in
    ones it replaces do not."""
    (tmp_path / "profile.toml").write_text(
        'extends = "bridge"\n[citations.en]\nsee = ["see"]\nafter = ["above"]\nconjunctions = ["and"]\n'
        '[[citations.en.levels]]\nlevel = "law"\nwords = ["Law", "Laws"]\nlabel = "law"\n'
        'this = ["of the present Law"]\n'
        '[[citations.en.levels]]\nlevel = "section"\nwords = []\nlabel = "section"\nbare = true\n', encoding="utf-8")
    profile = load_profile("bridge", tmp_path)
    assert cited("unlike A1 of the present Law, the board", "52A2", profile) == [("A1", ["52A1"])]
    assert cited("unlike A1 of this Law, the board", "52A2", profile) == []


ENGLISH = """LAW 36 - SLIPS

A. First Slip
A first slip is corrected at once.

B. Later Slips
1. A later slip is noted on the card.
2. No score changes for a later slip, compare 1 above and A of this Law.

LAW 37 - CARDS

A. Kept
Cards are kept as this Law's B says.

B. Shown
A card is shown face up.
"""


def test_an_english_corpus_links_them(tmp_path):
    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "000_x.txt").write_text(ENGLISH, encoding="utf-8")
    (root / "manifest.toml").write_text(
        '[code]\ntitle = "Test"\nedition = "1987"\nlaws = [1, 93]\nlang = "en"\n\n'
        '[[source]]\npath = "laws/en/000_x.txt"\nlang = "en"\nkind = "laws"\n', encoding="utf-8")
    corpus = build_corpus(root)
    assert [(r.from_, r.surface, r.target, r.status) for r in corpus.refs] == [
        ("36B2", "1", "36B1", "node"), ("36B2", "A", "36A", "node"), ("37A", "B", "37B", "node")]
