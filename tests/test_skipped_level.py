"""Lines labelled as a level whose level above is missing -- ``(a)`` / ``(b)`` right under a
section ``B.``, with no numbered clause between -- are never text in silence (issue 9, cold
read 7, finding 6): where the profile's levels stand only under the one above
(``strict_levels``, the bridge profile's), build and check warn with the file and line, and
the words stay the section's text; a folder's profile.toml that sets ``strict_levels =
false`` reads them as the section's parts. The text is invented."""

from __future__ import annotations

from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.corpus import build_corpus

MANIFEST = """[code]
title = "Invented tiles"
laws = [1, 93]
profile = "bridge"
lang = "en"

[[source]]
path = "laws/text.txt"
lang = "en"
kind = "laws"
layout = "en-1987"
"""

TEXT = """LAW 13 - SURPLUS TILES
A. TILE MISSING
When a rack holds too few tiles the umpire restores one from the bag.
B. TILE SURPLUS
(a) a surplus tile is returned to the bag face down;
(b) its holder is not penalised unless he played it.
C. TILE SHOWN
A tile shown by accident stays on the rack.
"""


def folder(tmp_path, own: str | None = None):
    root = tmp_path / "corpus"
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "text.txt").write_text(TEXT, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    if own is not None:
        (root / "profile.toml").write_text(own, encoding="utf-8")
    return root


def test_strict_levels_warn_of_each_line_kept_as_text(tmp_path):
    root = folder(tmp_path)
    corpus = build_corpus(root, strict=False)
    section = next(n for n in corpus.nodes if n.id == "13B")
    assert "a surplus tile is returned to the bag face down;" in section.text
    assert "its holder is not penalised unless he played it." in section.text
    warned = [p for p in corpus.problems if "no clause above it" in p.message]
    assert [(p.severity, p.line) for p in warned] == [("warning", 5), ("warning", 6)]
    assert all(p.path.endswith("laws/text.txt") and "13B" in p.message for p in warned)
    runner = CliRunner()
    for command in (["build", "--corpus", str(root), "--out", str(tmp_path / "out")],
                    ["check", "--corpus", str(root), "--out", str(tmp_path / "out")]):
        said = runner.invoke(main, command).output
        assert "laws/text.txt:5:" in said and "laws/text.txt:6:" in said and "strict_levels" in said, said


def test_a_profile_without_strict_levels_reads_them_as_parts(tmp_path):
    root = folder(tmp_path, 'extends = "bridge"\n\n[grammar]\nstrict_levels = false\n')
    corpus = build_corpus(root, strict=False)
    parts = {n.id: n.text for n in corpus.nodes if n.law == "13"}
    assert parts["13B(a)"] == "a surplus tile is returned to the bag face down;"
    assert parts["13B(b)"] == "its holder is not penalised unless he played it."
    assert not [p for p in corpus.problems if "no clause above it" in p.message]
