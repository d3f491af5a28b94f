"""The whole seed corpus against the reviewed golden file (tests/data/golden.txt).

A failure prints the differing lines. If the change is deliberate, regenerate with
``python tests/golden.py --write`` and read the diff against the raw text before committing.
"""

import difflib

from golden import GOLDEN, render


def test_corpus_matches_reviewed_golden_file(corpus):
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    actual = render(corpus).splitlines()
    diff = list(difflib.unified_diff(expected, actual, "golden.txt", "now", lineterm="", n=0))
    assert not diff, "corpus differs from the reviewed golden file:\n" + "\n".join(diff[:60])
