"""No level name in engine code (issue 9): every stage that treats the law text's levels
takes them from the corpus's profile ([grammar] levels, outermost first), so a code whose
levels are called otherwise -- a statute's part / point / subpoint, a code's chapter /
article / paragraph -- is ranked, aligned, compared, linked, weighted, curated and shown as
the same code under the bridge laws' names is.

The code is the invented orchard cooperative of tests/test_level_names.py, here with a
Russian translation, a second edition and a curated piece. Each test runs it under three
namings of its levels; the bridge's names are the baseline the others must match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.compare import compare
from lawsearch.corpus import build_corpus
from lawsearch.definitions import find_uses
from lawsearch import grammar
from lawsearch.grammar import IdRules, grammar_of
from lawsearch.placement import ContentsEntry, by_section_title
from lawsearch.profile import Profile, activated, load_profile
from lawsearch.query import Searcher
from lawsearch.structure.apparatus import apply_contents

NAMINGS = {
    "bridge": ("section", "clause", "subclause"),
    "statute": ("part", "point", "subpoint"),
    "own": ("chapter", "article", "paragraph"),
}

PROFILE = """extends = ""
name = "orchard"
languages = ["en", "ru"]

[grammar]
levels = ["{outer}", "{middle}", "{letter}"]
strict_levels = false
default_layouts = {{ en = "rules", ru = "rules-ru" }}

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

[layouts.rules-ru]
lang = "ru"
cleaning = []
wrapping = "sentences"
capitals = "А-ЯЁ"

[layouts.rules-ru.headings]
law = 'Правило\\s+{{law}}{{title?}}'
{outer} = '\\d+\\.{{label}}\\s+{{title}}'
{middle} = '\\d+\\.\\d+\\.{{label}}\\s+{{title}}'
{letter} = '\\({{label}}\\)\\s+{{title}}'

[layouts.rules-ru.examples]
law = "Правило 2 – Урожай"
{outer} = "2.1 Сбор"
{middle} = "2.1.1 Сборщики носят перчатки."
{letter} = "(a) Ребёнок собирает нижние ветки."

[citations.en]
see = ["see"]
after = ["above", "below"]
conjunctions = ["and", "or"]

[[citations.en.levels]]
level = "rule"
words = ["Rule", "Rules"]
label = "number"

[citations.ru]
see = ["см."]
after = ["выше", "ниже"]
conjunctions = ["и", "или"]

[[citations.ru.levels]]
level = "rule"
words = ["Правило", "Правила", "Правилу"]
label = "number"

[strings.en]
law = "Rule {{id}}"
code_title = "Rules of the Quince Orchard Cooperative"
brand = "Orchard rules"
app_name = "Orchard Rules"

[strings.ru]
law = "Правило {{id}}"
code_title = "Правила айвового сада"
brand = "Правила сада"
app_name = "Правила сада"
"""

MANIFEST = """[code]
title = "Rules of the Quince Orchard Cooperative (invented)"
edition = "{edition}"
laws = [1, 9]
profile = "orchard"
lang = "en"

[[source]]
path = "laws/en/rules.txt"
lang = "en"
kind = "laws"
edition = "{edition}"
"""

TRANSLATION_SOURCE = """
[[source]]
path = "laws/ru/pravila.txt"
lang = "ru"
kind = "laws"
edition = "{edition}"
"""

TEXT = """Rule 1 – Members
1.1 Joining
1.1.1 A grower may join after one season of work.
1.2 Fees
1.2.1 Fees fall due at the first frost:
(a) A pensioner pays a third.
(b) A founder pays nothing.
(c) A founder who leaves pays in full.
1.2.2 A grower behind with fees has no vote.

Rule 2 – Harvest
2.1 Picking
2.1.1 Pickers share the crop by the weight they pick.
2.1.3 A ladder is lent for one day at a time.
"""

# the Russian translation lacks 1.2.1(c): only in English, and 1.2.1's parts differ
TRANSLATION = """Правило 1 – Члены
1.1 Вступление
1.1.1 Садовод может вступить после одного сезона работы.
1.2 Взносы
1.2.1 Взносы платят к первым заморозкам:
(a) Пенсионер платит треть.
(b) Основатель не платит ничего.
1.2.2 Садовод с долгом по взносам не голосует.

Правило 2 – Урожай
2.1 Сбор
2.1.1 Сборщики делят урожай по весу собранного.
2.1.3 Лестницу дают на один день.
"""

# the next edition: a founder who leaves pays half (reworded), a pensioner's share is gone
NEXT_TEXT = TEXT.replace("(a) A pensioner pays a third.\n", "").replace(
    "(b) A founder pays nothing.\n(c) A founder who leaves pays in full.",
    "(a) A founder pays nothing.\n(b) A founder who leaves the cooperative before the harvest pays only half.")


def write_corpus(root: Path, naming: tuple[str, str, str], edition: str = "2030", text: str = TEXT,
                 translated: bool = True, curation: str | None = None, more: str = "") -> Path:
    outer, middle, letter = naming
    (root / "laws" / "en").mkdir(parents=True)
    (root / "profile.toml").write_text(PROFILE.format(outer=outer, middle=middle, letter=letter), encoding="utf-8")
    manifest = MANIFEST.format(edition=edition) + more
    (root / "laws" / "en" / "rules.txt").write_text(text, encoding="utf-8")
    if translated:
        (root / "laws" / "ru").mkdir(parents=True)
        (root / "laws" / "ru" / "pravila.txt").write_text(TRANSLATION, encoding="utf-8")
        manifest += TRANSLATION_SOURCE.format(edition=edition)
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    if curation is not None:
        (root / "curation.toml").write_text(curation, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The orchard code under each naming, built once: corpus.json, the index, the site."""
    out = {}
    for name, naming in NAMINGS.items():
        base = tmp_path_factory.mktemp(name)
        root = write_corpus(base / "orchard", naming)
        build(root, base / "build", lambda message: None)
        out[name] = (root, base / "build")
    return out


# -- alignment.py: the translation merged and flagged at every level ----------------------------

@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_a_translation_lands_and_is_flagged_at_every_level(naming, tmp_path):
    corpus = build_corpus(write_corpus(tmp_path / "orchard", NAMINGS[naming]))
    nodes = {n.id: n for n in corpus.nodes}
    outer, middle, letter = NAMINGS[naming]
    assert (nodes["1.1"].kind, nodes["1.1.1"].kind, nodes["1.2.1(a)"].kind) == (outer, middle, letter)
    assert nodes["1.1.1"].translations["ru"]["text"] == "Садовод может вступить после одного сезона работы."
    assert nodes["1.2.1(b)"].translations["ru"]["text"] == "Основатель не платит ничего."
    assert nodes["1.1"].translations["ru"]["title"] == "Вступление"
    assert nodes["1.2.1(c)"].alignment == ("only-en",)
    assert "structure" in nodes["1.2.1"].alignment
    assert nodes["1.1.1"].alignment == ()


# -- compare.py (and edition_trees, cli diff): two editions compared at every level --------------

@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_two_editions_are_compared_at_every_level(naming, tmp_path):
    old = write_corpus(tmp_path / "old", NAMINGS[naming], "2030", translated=False)
    new = write_corpus(tmp_path / "new", NAMINGS[naming], "2031", NEXT_TEXT, translated=False)
    result = CliRunner().invoke(main, ["diff", str(old), str(new), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    changes = {(c["kind"], tuple(c["old"]), tuple(c["new"])) for c in data["changes"]["en"]}
    assert ("removed", ("1.2.1(a)",), ()) in changes, changes
    assert ("renumbered", ("1.2.1(b)",), ("1.2.1(a)",)) in changes, changes
    assert any(kind == "reworded" and o == ("1.2.1(c)",) for kind, o, _ in changes), changes
    # the same comparison in memory, with the profile's kinds given or active
    profile = load_profile("orchard", old)
    a, b = build_corpus(old).nodes, build_corpus(new).nodes
    given = compare(a, b, grammar.law_text_kinds(profile)).changes
    with activated(profile):
        assert compare(a, b).changes == given


# -- definitions.py: a defined term linked in any level's text -----------------------------------

@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_a_defined_term_is_linked_in_every_levels_text(naming, tmp_path):
    corpus = build_corpus(write_corpus(tmp_path / "orchard", NAMINGS[naming], translated=False))
    entries = [{"id": "def-1", "term": "founder", "text": "A member since the first season."}]
    with activated(corpus.profile):
        uses = find_uses(corpus.nodes, entries, "en")
    assert {u["node"] for u in uses} == {"1.2.1(b)", "1.2.1(c)"}


# -- evaluate.py (and query, site): a title weighs by its level's depth, not its name ------------

QUERIES = ["fees", "joining", "picking crop", "founder", "harvest ladder"]


def ranked(build_dir: Path, query: str) -> list[tuple[str, float]]:
    searcher = Searcher(build_dir / "index")
    try:
        return [(h.id, h.score) for h in searcher.search(query).hits]
    finally:
        searcher.close()


@pytest.mark.parametrize("naming", ["statute", "own"])
def test_a_query_ranks_alike_whatever_the_levels_are_called(naming, built):
    """The same code under other names ranks every query as under the bridge's: the same
    hits with the same scores (a part's title counts as much as a section's)."""
    for query in QUERIES:
        assert ranked(built[naming][1], query) == ranked(built["bridge"][1], query), query


@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_the_browser_weighs_titles_by_the_profiles_levels(naming, built):
    outer, middle, letter = NAMINGS[naming]
    text = (built[naming][1] / "site" / "search-index.js").read_text(encoding="utf-8")
    data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    assert data["params"]["level"] == {"law": 1.0, outer: 1.0, middle: 0.5, letter: 0.5}


# -- site.py: the parts a law's labels skip are named, at every level ----------------------------

@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_the_site_names_a_lost_part_whatever_its_level_is_called(naming, built):
    page = (built[naming][1] / "site" / "laws" / "2.html").read_text(encoding="utf-8")
    assert "2.1.2: not in the text" in page
    sources = (built[naming][1] / "site" / "sources.html").read_text(encoding="utf-8")
    assert "2.1.2: not in the text" in sources


# -- schema.py, sources.py: curation names the levels by the profile's names ---------------------

CURATED = """Rule 3 – Tools
3.1 Shears
3.1.1 Shears are oiled each week.
3.1.2 Blunt shears go back to the shed.
"""
# a file that starts inside 3.1.2 (its heading was on the page before): only curation places it
CONTINUED = "They are sharpened there by the keeper of tools.\n"


def curated_corpus(root: Path, naming: tuple[str, str, str], statement: str) -> Path:
    more = '\n[[source]]\npath = "laws/en/tail.txt"\nlang = "en"\nkind = "laws"\nedition = "2030"\n'
    write_corpus(root, naming, text=TEXT + "\n" + CURATED, translated=False, more=more,
                 curation='[[piece]]\nat = "tail:1"\nreason = "the page before ends in 3.1.2"\nlaw = "3"\n' + statement)
    (root / "laws" / "en" / "tail.txt").write_text(CONTINUED, encoding="utf-8")
    return root


@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_curation_places_a_piece_by_the_profiles_level_names(naming, tmp_path):
    outer, middle, _ = NAMINGS[naming]
    root = curated_corpus(tmp_path / "orchard", NAMINGS[naming],
                          f'{outer} = "1"\n{middle} = "2"\nuncertain = ["{middle}"]\n')
    nodes = {n.id: n for n in build_corpus(root).nodes}
    assert nodes["3.1.2"].text.endswith("They are sharpened there by the keeper of tools.")


@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_a_curated_label_that_is_no_part_of_an_id_names_its_level(naming, tmp_path):
    outer, middle, _ = NAMINGS[naming]
    root = curated_corpus(tmp_path / "orchard", NAMINGS[naming], f'{outer} = "1"\n{middle} = "x"\n')
    out = CliRunner().invoke(main, ["check", "--corpus", str(root)]).output
    assert f'{middle} = "x" cannot be part of a law ID' in out, out
    assert "curation.toml" in out


# -- grammar.py: reading order of a level node whose ID its rules cannot read --------------------

@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_a_level_node_stays_with_its_laws_text_before_the_pieces(naming, tmp_path):
    outer, middle, letter = NAMINGS[naming]
    rules = IdRules({"grammar": {"levels": [outer, middle, letter],
                                 "labels": {outer: "digits", middle: "digits", letter: "a-z"},
                                 "ids": {"law": "rule-{law}", outer: ".{label}", middle: ".{label}",
                                         letter: "({label})", "piece": "piece-{source}-{line}"}}})
    odd = ("rule-1.2.1(?)", letter)  # a label none of its level's alphabet: the ID rules cannot place it
    piece = ("piece-rules-9", "piece")
    order = sorted([piece, odd], key=lambda x: rules.sort_key(x[0], "1", x[1]))
    assert order == [odd, piece]
    assert rules.sort_key("rule-1.2", "1", outer) < rules.sort_key("rule-1.3", "1", outer)


# -- placement.py, structure/apparatus.py: the contents' entries of the first level --------------

@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_the_contents_place_and_title_the_first_level_by_its_name(naming, tmp_path):
    outer, middle, _ = NAMINGS[naming]
    corpus = build_corpus(write_corpus(tmp_path / "orchard", NAMINGS[naming], translated=False))
    toc = [ContentsEntry("2.1", "Picking", 7, outer), ContentsEntry("1.2", "Fees", 3, outer)]
    with activated(corpus.profile):
        assert by_section_title(["Picking"], toc) == "2"
    untitled = [n if n.id != "1.2" else type(n)(**{**n.__dict__, "title": None}) for n in corpus.nodes]
    apparatus = {"toc": [{"id": "1.2", "kind": outer, "title": "Fees", "scope": "laws", "page": 3}]}
    nodes, confirmed, lost = apply_contents(untitled, apparatus, grammar_of(corpus.profile).levels)
    assert {n.id: n for n in nodes}["1.2"].title == "Fees"
    assert {n.id: n for n in nodes}["1.2"].title_from == "contents"


# -- a code of five levels: every level is addressable, weighed and curated ------------------------

FIVE = ("book", "title", "chapter", "article", "clause")


FIVE_GRAMMAR = {"levels": list(FIVE),
                "labels": {"book": "digits", "title": "digits", "chapter": "digits", "article": "a-z", "clause": "roman"},
                "ids": {"law": "{law}", "book": ".{label}", "title": ".{label}", "chapter": ".{label}",
                        "article": "({label})", "clause": "({label})"}}


def test_a_code_of_five_levels_is_addressed_curated_and_weighed_at_each():
    from lawsearch import ids
    from lawsearch.evaluate import level_weights
    from lawsearch.schema import curation_schema

    rules = IdRules({"grammar": FIVE_GRAMMAR})
    piece = curation_schema(rules).fields["piece"]
    assert set(FIVE) <= set(piece.fields)
    assert set(piece.fields["uncertain"].choices) == {"law", *FIVE}
    check = piece.check
    assert check({"book": "1", "title": "2", "chapter": "3", "article": "b", "clause": "iv"}) == []
    assert check({"clause": "iv"}) == []  # the levels above left to the text
    [(message, level)] = check({"clause": "q"})
    assert level == "clause" and 'clause = "q" cannot be part of a law ID' in message
    assert level_weights(FIVE) == {"law": 1.0, "book": 1.0, "title": 0.5, "chapter": 0.5, "article": 0.5, "clause": 0.5}
    assert rules.law_text_kinds == ("law", *FIVE)
    with activated(Profile("five", {"grammar": FIVE_GRAMMAR})):
        assert ids.law_id("7", "1", "2", "3", "B", "IV") == "7.1.2.3(b)(iv)"
        assert ids.law_id("7", "1", None, None, "a") == "7.1(a)"  # a path that skips levels
