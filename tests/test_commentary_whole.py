"""The whole commentary (issue 13), on the cold fixtures of tests/data/structure/commentary
and ours in tests/data/structure13/commentary: every heading with the right ID and title,
every paragraph and item with its ID, kind, first words and truncation, every reference
to a paragraph resolved to its node with its status, and no furniture left in the text."""

from __future__ import annotations

import pytest

from lawsearch.corpus import build_corpus
from structure13 import load

FIXTURES = load("commentary")


def _strip_dot(s: str) -> str:
    return s[:-1] if s.endswith(".") else s


@pytest.fixture(scope="module", params=FIXTURES, ids=[f.name for f in FIXTURES])
def built(request, tmp_path_factory):
    fixture = request.param
    return fixture, build_corpus(fixture.build_corpus(tmp_path_factory.mktemp("c")), strict=False)


def test_there_are_cold_and_own_fixtures():
    names = [f.name for f in FIXTURES]
    assert sum(n.startswith("structure/") for n in names) >= 4
    assert sum(n.startswith("structure13/") for n in names) >= 2


def test_headings_all_with_their_id_and_title(built):
    fixture, corpus = built
    got = [(h[0], h[1]) for h in corpus.report.commentary_headings]
    assert got == [(law, title) for law, title in fixture.rows("head")]


def test_paragraphs_and_items(built):
    fixture, corpus = built
    comm = [n for n in corpus.nodes if n.kind == "commentary"]
    got = {}
    for n in comm:
        trunc = {(True, False): "start", (False, True): "end", (True, True): "both"}.get((n.truncated_start, n.truncated_end))
        got[n.id] = ("item" if "(" in n.id else "paragraph", " ".join((n.text or "").split()[:4]), trunc)
    want = {r[0]: (r[1], r[2], r[3] if len(r) > 3 else None) for r in fixture.rows("para")}
    assert got == want
    # reading order is the book's
    assert [n.id for n in comm] == [r[0] for r in fixture.rows("para")]
    # no piece: every commentary line is in a paragraph
    assert not [n.id for n in corpus.nodes if n.kind == "piece"]


def test_paragraph_references_resolved(built):
    fixture, corpus = built
    got = sorted((r.from_, _strip_dot(r.surface), r.target, r.status) for r in corpus.refs)
    want = sorted((a, _strip_dot(s), t, st) for a, s, t, st in fixture.rows("ref"))
    assert got == want
    ids = {n.id for n in corpus.nodes}
    for r in corpus.refs:
        if r.status == "node":
            assert r.target in ids


def test_no_furniture_and_no_errors(built):
    fixture, corpus = built
    texts = [n.text or "" for n in corpus.nodes] + [n.title or "" for n in corpus.nodes] + \
            [h[1] for h in corpus.report.commentary_headings]
    for (s,) in fixture.rows("furniture"):
        assert not [t for t in texts if s in t], s
    assert not [p for p in corpus.problems if p.severity == "error"]
    # a law with commentary is never reported lost
    for law, _ in fixture.rows("head"):
        node = corpus.node(law) if law.isdigit() else None
        if node is not None:
            assert corpus.commentary(law)


def test_a_paragraph_going_on_after_a_footer_reads_as_one_sentence(tmp_path):
    fixture = next(f for f in FIXTURES if f.name.endswith("ru-defs-law1-items"))
    corpus = build_corpus(fixture.build_corpus(tmp_path))
    assert "у всех карт одной колоды, без надписей" in corpus.node("1.1(b)").text
