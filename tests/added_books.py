"""A typed book put through ``lawsearch add`` and built, for tests that follow one piece of
text across its pages.

    corpus = built(tmp_path, "Правило 1. …\n- 1 -\n…")   # the Corpus, built with strict=False
    law_text(corpus, "1")                               # the law's text, commentary left out
    root = book_folder(tmp_path, "en", "LAW 1 - …\n")    # a corpus folder: one book, its manifest

``book_folder`` writes the folder by hand (no ``add``), for tests that state each source's kind.
"""

from __future__ import annotations

from pathlib import Path

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


def book_folder(tmp_path, lang, text=None, *, sources=(), code=""):
    """A corpus folder ``tmp_path/corpus`` of one language: ``text`` as laws/<lang>/book.txt, or
    ``sources`` as (kind, file name, text) under <kind>/<lang>/, each declared with its kind in
    the manifest; ``code`` adds lines to its ``[code]`` table (``curation = "curation.toml"``)."""
    root = Path(tmp_path) / "corpus"
    entries = []
    for kind, name, body in sources or [("laws", "book.txt", text)]:
        (root / kind / lang).mkdir(parents=True, exist_ok=True)
        (root / kind / lang / name).write_text(body, encoding="utf-8")
        entries.append(f'[[source]]\npath = "{kind}/{lang}/{name}"\nlang = "{lang}"\nkind = "{kind}"\n')
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n{code}\n' + "\n".join(entries), encoding="utf-8")
    return root
