"""A typed book put through ``lawsearch add`` and built, for tests that follow one piece of
text across its pages.

    corpus = built(tmp_path, "Правило 1. …\n- 1 -\n…")   # the Corpus, built with strict=False
    law_text(corpus, "1")                               # the law's text, commentary left out
"""

from __future__ import annotations

from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus


def built(tmp_path, text):
    """Write ``text`` as book.txt, ``add`` it to a fresh corpus folder (the layout guessed as a
    user's would be) and build it without failing on loss, so a test can look at what was lost."""
    (tmp_path / "book.txt").write_text(text, encoding="utf-8")
    corpus = tmp_path / "corpus"
    result = CliRunner().invoke(main, ["add", "--corpus", str(corpus), str(tmp_path / "book.txt")])
    assert result.exit_code == 0, result.output
    return build_corpus(corpus, strict=False)


def law_text(corpus, law):
    """The text of a law's nodes in reading order, commentary left out."""
    return " ".join(n.text or "" for n in corpus.nodes if n.law == law and n.kind != "commentary")
