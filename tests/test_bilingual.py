"""The bilingual layer: an English source in the English code's layout, parsed by the same
pipeline, merged into the nodes' translations by ID, and the differences flagged.

The English text is tests/data/english/law50-test.txt: test data written for these tests
(invented sentences under the English code's titles), not the text of the Laws."""

from __future__ import annotations

import shutil

import pytest

from conftest import DATA
from lawsearch.corpus import build_corpus
from lawsearch.references import find_citations

ENGLISH = DATA / "english" / "law50-test.txt"


@pytest.fixture(scope="module")
def bilingual(tmp_path_factory):
    root = tmp_path_factory.mktemp("bilingual") / "corpus"
    from conftest import CORPUS_DIR

    shutil.copytree(CORPUS_DIR, root)
    (root / "laws" / "en").mkdir()
    shutil.copy(ENGLISH, root / "laws" / "en" / ENGLISH.name)
    with open(root / "manifest.toml", "a", encoding="utf-8") as f:
        f.write(f'\n[[source]]\npath = "laws/en/{ENGLISH.name}"\nlang = "en"\nkind = "laws"\nedition = "1987"\n'
                'translator = ""\nencoding = "auto"\n')
    return build_corpus(root)


def test_english_layout_parses_into_the_translations(bilingual):
    b = bilingual.node("50B")
    assert b.title == "Штрафная карта остаётся открытой" and b.lang == "ru"
    assert b.translations["en"] == {"title": "Penalty Card Remains Exposed",
                                    "text": "Test sentence for 50B: the card stays face up on the table."}
    assert bilingual.node("50E1").translations["en"]["title"] == "Offender to Play"
    assert bilingual.node("50").translations["en"]["title"] == "Disposition of Penalty Card"


def test_an_id_only_in_english_gets_a_node_without_russian_text(bilingual):
    node = bilingual.node("50E3")
    assert node.text is None and node.title is None and node.parent == "50E"
    assert node.translations["en"]["title"] == "Offender's Partner Has the Lead"
    assert len({n.id for n in bilingual.nodes}) == len(bilingual.nodes)


@pytest.mark.parametrize("node_id, flags", [
    ("50E3", ("only-en",)), ("50A", ("only-ru",)), ("50E2(b)", ("only-ru",)),
    ("50E", ("structure",)),  # its clauses: 1 and 2 in Russian, 1 and 3 in English
    ("50D", ("title", "refs")),  # "Minor Card" lacks "penalty card"; 16B against 16A
    ("50B", ()), ("50C", ()), ("50E1", ()),
    ("51A", ()),  # law 51 has no English text: nothing to compare
])
def test_alignment_flags(bilingual, node_id, flags):
    assert bilingual.node(node_id).alignment == flags


def test_alignment_report(bilingual):
    (report,) = bilingual.code["alignment"]
    assert report["lang"] == "en" and report["covered_laws"] == ["50"]
    assert report["flags"]["only-en"] == ["50E3"]


def test_english_references(bilingual):
    english = {(r.from_, r.target) for r in bilingual.refs if r.lang == "en"}
    assert english == {("50D", "16B"), ("50E3", "53"), ("50E3", "56")}
    assert all(r.status == ("outside" if r.target == "16B" else "node") for r in bilingual.refs if r.lang == "en")


@pytest.mark.parametrize("text, targets", [
    ("see Law 16A.", ["16A"]), ("under Laws 53 and 56", ["53", "56"]), ("Law 72B1 applies", ["72B1"]),
    ("Laws 61-64", ["61", "62", "63", "64"]), ("the Laws as a whole", []), ("Law 1987", []),
])
def test_english_citation_forms(text, targets):
    found = [t for _, _, ts, _ in find_citations(text, lang="en") for t in ts]
    assert found == targets


def test_the_russian_tree_is_unchanged_by_the_english_source(bilingual, corpus):
    russian = {n.id: (n.title, n.text, n.attribution) for n in corpus.nodes}
    assert {k: v for k, v in ((n.id, (n.title, n.text, n.attribution)) for n in bilingual.nodes) if k in russian} == russian
