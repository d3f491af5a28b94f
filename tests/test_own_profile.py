"""A corpus folder's own profile.toml names its code's citation word and writes its IDs its
own way (issue 9): its references are found, its anchors are its profile's, and a query
that cites it -- "<word> 5", a dotted ID "3.2.1", "7.2(b)" -- jumps to the node, on the
command line and in the browser alike.

The fixtures (tests/data/own-profiles/) are invented small codes in English, each with a
citation word no built-in profile knows: a harbour code ("Regel 5", IDs 3.2.1), an
allotment society's rules ("Article 7", IDs 7.2(b), anchors "g…"), a rowing club's bylaws
("Bylaws 1-2", IDs 1.1.2, capitals headings)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch import ids
from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.patterns import CITATION_WORDS, citation_pattern
from lawsearch.profile import activated, load_profile
from lawsearch.query import Searcher

from node_engine import NodeEngine, differences, python_answer

FIXTURES = Path(__file__).resolve().parent / "data" / "own-profiles"

REFS = {
    "harbour": [("3.2.1", "Regel 5", "5"), ("3.2.2", "Regel 7", "7"), ("5.1", "Regel 3", "3"),
                ("7.1", "Regels 3 and 5", "3"), ("7.1", "Regels 3 and 5", "5")],
    "garden": [("7.1", "Article 2", "2"), ("7.2(b)", "Articles 2 and 9", "2"), ("7.2(b)", "Articles 2 and 9", "9"),
               ("9.1", "Article 7", "7")],
    "club": [("1.1.2", "Bylaw 4", "4"), ("3.1", "Bylaws 1-2", "1"), ("3.1", "Bylaws 1-2", "2"),
             ("4.1", "Bylaw 3", "3")],
}
# a query and the node it jumps to
JUMPS = {
    "harbour": [("Regel 5", "5"), ("regel 7", "7"), ("3.2.1", "3.2.1"), ("Regel 3.2", "3.2"), ("Regel 3.2.2", "3.2.2")],
    "garden": [("Article 9", "9"), ("art. 7", "7"), ("7.2(b)", "7.2(b)"), ("Article 7.2(B)", "7.2(b)"), ("2.1", "2.1")],
    "club": [("Bylaw 4", "4"), ("bylaws 2", "2"), ("1.1.2", "1.1.2"), ("Bylaw 2.1.1", "2.1.1")],
}
ANCHORS = {"harbour": ("3.2.1", "l3-2-1"), "garden": ("7.2(b)", "g7-2-b"), "club": ("1.1.2", "l1-1-2")}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Each fixture built once: corpus.json, the index, the site."""
    out = {}
    for name in REFS:
        target = tmp_path_factory.mktemp(name) / "build"
        build(FIXTURES / name, target, lambda message: None)
        out[name] = target
    return out


def test_the_citation_words_are_no_built_in_ones():
    """The fixtures test the folder's profile, not a word the built-in profiles already know."""
    assert not {"regel", "article", "bylaw"} & {w.lower() for w in CITATION_WORDS}


@pytest.mark.parametrize("name", sorted(REFS))
def test_references_are_read_with_the_folders_citation_word(name):
    corpus = build_corpus(FIXTURES / name)
    assert [(r.from_, r.surface, r.target) for r in corpus.refs] == REFS[name]
    assert all(r.status == "node" for r in corpus.refs)


@pytest.mark.parametrize("name", sorted(REFS))
def test_anchors_are_the_profiles(name, built):
    """ids.anchor, with no corpus at hand, writes the active profile's anchor: the corpus's
    own while it is built (corpus.json's URLs and the site's ids), the bridge's outside."""
    node_id, anchor = ANCHORS[name]
    urls = {n["id"]: n["url"] for n in json.loads((built[name] / "corpus.json").read_text(encoding="utf-8"))["nodes"]}
    assert urls[node_id].endswith(f".html#{anchor}")
    law = node_id.split(".")[0]
    page = (built[name] / "site" / "laws" / f"{law}.html").read_text(encoding="utf-8")
    assert f'id="{anchor}"' in page
    with activated(load_profile("bridge", FIXTURES / name)):
        assert ids.anchor(node_id) == anchor
    assert ids.anchor("47E2(a)") == "l47e2-a"  # no profile active: the default one's


@pytest.mark.parametrize("name", sorted(REFS))
def test_a_citation_query_jumps_to_its_node(name, built):
    searcher = Searcher(built[name] / "index")
    try:
        for query, target in JUMPS[name]:
            result = searcher.search(query)
            assert (result.kind, result.target, result.hits[0].id) == ("id", target, target), query
    finally:
        searcher.close()


@pytest.mark.parametrize("name", sorted(REFS))
def test_the_browser_reads_the_same_citations(name, built):
    """The site's data carries the citation source the index's searcher compiles, and the
    browser's engine answers the citation queries as the command line does."""
    core = built[name] / "site" / "search-index.js"
    text = core.read_text(encoding="utf-8")
    data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    searcher = Searcher(built[name] / "index")
    engine = NodeEngine(core)
    try:
        assert data["grammar"]["citation"] == searcher.citation.pattern
        queries = [q for q, _ in JUMPS[name]] + ["9.9.9", "Regel", "water"]
        for query, answer in zip(queries, engine.search(queries)):
            assert differences(python_answer(searcher, query), answer) == [], query
        for (query, target), answer in zip(JUMPS[name], engine.search([q for q, _ in JUMPS[name]])):
            assert (answer["kind"], answer["target"]) == ("id", target), query
    finally:
        engine.close()
        searcher.close()


def test_show_takes_a_dotted_id_and_a_cited_one(built):
    runner = CliRunner()
    # an untitled clause's heading is its ID alone: its words are its text, no title is lost
    for corpus, typed, heading in (("harbour", "3.2.1", "3.2.1\n"), ("harbour", "Regel 3.2", "3.2. Changes"),
                                   ("garden", "7.2(B)", "7.2(b)\n"), ("garden", "Article 9", "Article 9. Disputes")):
        result = runner.invoke(main, ["show", "--corpus", str(FIXTURES / corpus), "--out", str(built[corpus]), typed])
        assert result.exit_code == 0, result.output
        assert result.output.startswith(heading), result.output


def test_a_dotted_id_in_a_built_in_profile():
    """The statute profile's dotted IDs are read whole in a query, with its citation word."""
    profile = load_profile("statute-ru")
    pattern = citation_pattern(profile)
    assert pattern.fullmatch("12.1.3")[1] == "12.1.3"
    with activated(profile):
        assert [ids.normalize(q) for q in ("12.1.3", "ст. 11.3.б", "Статья 12.1", "12.1.3.ZH")] == \
            ["12.1.3", "11.3.b", "12.1", "12.1.3.zh"]
        assert ids.anchor("12.1.3.v") == "l12-1-3-v"
    # the bridge profile's are as they were
    assert [ids.normalize(q) for q in ("Law 47e2(A)", "50(a)", "48.4")] == ["47E2(a)", "50(a)", "48.4"]


# a query with law: naming a part of a law, and the hits it allows (in any order)
WITHIN = {
    "harbour": [("law:3.2", {"3.2", "3.2.1", "3.2.2"}), ("vessel law:3.2", {"3.2.1", "3.2.2"}),
                ("vessel law:3.1", set()), ("berth law:3.1", {"3.1"}), ("vessel law:3.2.1", {"3.2.1"})],
    "garden": [("water law:7.2", {"7.2", "7.2(a)"}), ("hoses law:7.2(B)", {"7.2(b)"}), ("hoses law:7.1", set())],
}


@pytest.mark.parametrize("name", sorted(WITHIN))
def test_law_filter_takes_a_part_of_a_law_in_a_dotted_code(name, built):
    """law:3.2 keeps the hits inside part 3.2 of law 3, on both sides; a number that is no
    node of the code is still an error naming the laws."""
    searcher = Searcher(built[name] / "index")
    engine = NodeEngine(built[name] / "site" / "search-index.js")
    try:
        queries = [q for q, _ in WITHIN[name]] + ["water law:9.9"]
        for query, answer in zip(queries, engine.search(queries)):
            assert differences(python_answer(searcher, query), answer) == [], query
        for (query, allowed), answer in zip(WITHIN[name], engine.search([q for q, _ in WITHIN[name]])):
            assert {h.id for h in searcher.search(query).hits} == allowed, query
            assert {h["id"] for h in answer["hits"]} == allowed, query
        assert "names no law" in python_answer(searcher, "water law:9.9")["error"]
    finally:
        engine.close()
        searcher.close()
