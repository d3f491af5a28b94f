"""An English-main corpus of the bridge profile takes the profile's English titles as the
main language's titles (issue 9 cold read 5, finding 4; docs/profiles.md, ``titles_lang``):
a law printed with no title is named by them, not "(heading lost)"; a printed title stays.
The law text is invented."""

from __future__ import annotations

from lawsearch.corpus import build_corpus
from lawsearch.sources import read_corpus_folder

MANIFEST = """[code]
profile = "bridge"
lang = "en"
edition = "1987"
laws = [1, 93]

[[source]]
path = "laws/en/t.txt"
lang = "en"
kind = "laws"
edition = "1987"
"""

TEXT = """LAW 50
A. WHEN IT APPLIES
A card shown by a puffin becomes a card on the table.
LAW 52 - A TITLE OF OUR OWN
A. THE FIRST PART
A puffin that forgets its card is reminded once.
"""


def test_a_law_printed_without_a_title_takes_the_profiles_english_title(tmp_path):
    (tmp_path / "laws" / "en").mkdir(parents=True)
    (tmp_path / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    (tmp_path / "laws" / "en" / "t.txt").write_text(TEXT, encoding="utf-8")
    titles = read_corpus_folder(tmp_path).titles_en
    assert titles.get("50"), "the bridge profile ships an English title for law 50"
    nodes = {n.id: n for n in build_corpus(tmp_path).nodes}
    assert nodes["50"].title == titles["50"] and nodes["50"].title_from == "titles"
    assert not nodes["50"].truncated_start  # nothing was lost: the heading was printed bare
    assert nodes["52"].title == "A TITLE OF OUR OWN" and nodes["52"].title_from == "heading"
