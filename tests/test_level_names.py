"""Level names are a profile's own (issue 9): a folder profile may call its levels whatever
its code calls them, and the engine reads its letter citations all the same -- no level
name (``subclause``, ``section`` …) is the engine's. The code below is an invented small
orchard cooperative's rules whose lettered level is called "point"."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus

PROFILE = """extends = ""
name = "orchard"
languages = ["en"]

[grammar]
levels = ["{outer}", "{middle}", "{letter}"]
strict_levels = false
default_layouts = {{ en = "rules" }}

[grammar.labels]
{outer} = "digits"
{middle} = "digits"
{letter} = "a-z"

[grammar.ids]
law = "{{law}}"
{outer} = ".{{label}}"
{middle} = ".{{label}}"
{letter} = "({{label}})"
footnote = "fn-{{page}}-{{n}}"
division = "div-{{slug}}-{{law}}"
piece = "piece-{{source}}-{{line}}"
anchor = "o"

[layouts.rules]
lang = "en"
cleaning = []
wrapping = "sentences"
capitals = "A-Z"

[layouts.rules.headings]
law = 'Rule\\s+{{law}}{{title?}}'
{outer} = '\\d+\\.{{label}}\\s+{{title}}'
{middle} = '\\d+\\.\\d+\\.{{label}}\\s+{{title}}'
{letter} = '\\({{label}}\\)\\s+{{title}}'

[layouts.rules.examples]
law = "Rule 2 – Harvest"
{outer} = "2.1 Picking"
{middle} = "2.1.1 Pickers wear gloves."
{letter} = "(a) A child picks low branches."

[citations.en]
see = ["see"]
after = ["above", "below"]
conjunctions = ["and", "or"]
quotes = ["()"]
of = ["of"]

[[citations.en.levels]]
level = "rule"
words = ["Rule", "Rules"]
label = "number"

[[citations.en.levels]]
level = "part"
words = ["Part", "Parts"]
label = "number"

[[citations.en.levels]]
level = "point"
words = ["point", "points"]
label = "letter"
bare = true

[strings.en]
law = "Rule {{id}}"
code_title = "Rules of the Quince Orchard Cooperative"
brand = "Orchard rules"
app_name = "Orchard Rules"
"""

MANIFEST = """[code]
title = "Rules of the Quince Orchard Cooperative (invented)"
edition = "2030"
laws = [1, 9]
profile = "orchard"
lang = "en"

[[source]]
path = "laws/en/rules.txt"
lang = "en"
kind = "laws"
edition = "2030"
"""

TEXT = """Rule 1 – Members
1.1 Joining
1.1.1 A grower may join after one season of work.
1.1.2 The board admits a grower within one week, as
Part 1.1.1 requires.
1.2 Fees
1.2.1 Fees fall due at the first frost:
(a) A pensioner pays a third.
(b) A founder pays nothing, unless point (a) applies.
(c) A founder who leaves pays as (b) above says.
1.2.2 A grower behind with fees has no vote under Part 1.2.1(b).

Rule 2 – Harvest
2.1 Picking
2.1.1 Pickers share the crop, except under point (a) of Part 1.2.1.
2.2 Ladders
Ladders are lent for one day at a time.
2.2.1 Each picker signs for a ladder, in ink, at the
Shed by the gate before noon.
"""

# The same code under three namings of its levels: the bridge's, a statute's, the code's own.
NAMINGS = {
    "bridge": ("section", "clause", "subclause"),
    "statute": ("part", "point", "subpoint"),
    "own": ("chapter", "article", "paragraph"),
}


def corpus_named(tmp_path: Path, naming: tuple[str, str, str]):
    outer, middle, letter = naming
    root = tmp_path / "orchard"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "profile.toml").write_text(PROFILE.format(outer=outer, middle=middle, letter=letter), encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    (root / "laws" / "en" / "rules.txt").write_text(TEXT, encoding="utf-8")
    return build_corpus(root)


@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_letter_citations_resolve_whatever_the_lettered_level_is_called(naming, tmp_path):
    corpus = corpus_named(tmp_path, NAMINGS[naming])
    assert {"1.2.1(a)", "1.2.1(b)", "1.2.1(c)"} <= {n.id for n in corpus.nodes}
    refs = {(r.from_, r.surface.strip(), r.target) for r in corpus.refs}
    # a letter alone in a sibling letter: the citing node's own list of letters
    assert ("1.2.1(b)", "point (a)", "1.2.1(a)") in refs
    assert ("1.2.1(c)", "(b)", "1.2.1(b)") in refs  # "(b) above"
    # a letter of a named container: the letter in that container, not the container
    assert any(f == "2.1.1" and t == "1.2.1(a)" for f, _, t in refs), refs
    assert not any(f == "2.1.1" and t == "1.2.1" for f, _, t in refs), refs
    # a whole dotted ID with its letter
    assert any(f == "1.2.2" and t == "1.2.1(b)" for f, _, t in refs), refs


@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_a_hard_wrapped_sentence_goes_on_while_it_is_open(naming, tmp_path):
    """wrapping = "sentences": a level's line whose words are a sentence goes on onto the next
    line while the sentence is open, even where that line starts with a capital; a short
    title ends its line."""
    nodes = {n.id: n for n in corpus_named(tmp_path, NAMINGS[naming]).nodes}
    assert nodes["1.1.2"].title is None
    assert nodes["1.1.2"].text == "The board admits a grower within one week, as Part 1.1.1 requires."
    assert nodes["2.2.1"].text == "Each picker signs for a ladder, in ink, at the Shed by the gate before noon."
    assert nodes["2.2"].title == "Ladders" and nodes["2.2"].text == "Ladders are lent for one day at a time."


@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_check_counts_every_level_by_the_profiles_name(naming, tmp_path):
    from click.testing import CliRunner

    from lawsearch.cli import main

    corpus_named(tmp_path, NAMINGS[naming])
    out = CliRunner().invoke(main, ["check", "--corpus", str(tmp_path / "orchard")]).output
    line = next(x for x in out.splitlines() if x.startswith("Nodes by kind:"))
    outer, middle, letter = NAMINGS[naming]
    assert f"law 2, {outer} 4, {middle} 6, {letter} 3" in line, line
