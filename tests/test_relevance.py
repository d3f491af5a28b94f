"""Relevance: the keywords set (tests/data/queries.tsv) and a director's situations in
everyday words (tests/data/situations.tsv, written cold), the latter in two halves fixed by
a seed -- the search was tuned on the first only; the second measures what tuning cannot
have fitted. A second situations set (tests/data/situations2.tsv), written cold after three rounds
of tuning, is never tuned on: it measures the search as a new director's questions meet it. Targets of issue 10: untuned half recall@5 >= 0.9 and MRR >= 0.8, tuned half
recall@5 >= 0.95, the keywords set recall@5 = 1 and MRR >= 0.9.

For a situation, a hit is right when it is one of the IDs the situation names (each a rule
a director would accept); for a keywords query all its IDs must be in the first five.

    python -m pytest tests/test_relevance.py -q -rxX -s     # prints the figures
"""

from __future__ import annotations

import random

import pytest

from conftest import relevance_set, situations_set

SPLIT_SEED = 1087  # fixed before any tuning; never changed after seeing results


def situation_halves() -> tuple[list, list]:
    """The situations in two halves fixed by ``SPLIT_SEED``: (tuned on, held out)."""
    rows = situations_set()
    order = list(range(len(rows)))
    random.Random(SPLIT_SEED).shuffle(order)
    half = len(rows) // 2
    return [rows[i] for i in sorted(order[:half])], [rows[i] for i in sorted(order[half:])]


def measure(search, rows, every: bool) -> tuple[float, float]:
    """(recall@5, MRR) of ``search(query) -> ids`` over ``rows``; ``every``: all expected IDs
    must be in the first five (the keywords set), else one of them (a situation)."""
    found, reciprocal = 0, 0.0
    for row in rows:
        query, expected = row[0], row[1]
        hits = search(query)[:5]
        found += set(expected) <= set(hits) if every else bool(set(expected) & set(hits))
        rank = next((i for i, h in enumerate(hits, 1) if h in expected), None)
        reciprocal += 1 / rank if rank else 0.0
    return found / len(rows), reciprocal / len(rows)


TUNED, HELD_OUT = situation_halves()


@pytest.fixture(scope="module")
def figures(searcher):
    def search(query):
        return [h.id for h in searcher.search(query, 5).hits]

    out = {"keywords": measure(search, relevance_set(), True), "tuned half": measure(search, TUNED, False),
           "held-out half": measure(search, HELD_OUT, False),
           "fresh set": measure(search, situations_set("situations2.tsv"), False)}
    print("\n" + "\n".join(f"{name:>14}: recall@5 {r:.3f}, MRR {m:.3f}" for name, (r, m) in out.items()))
    return out


def test_the_halves_are_fixed_and_split_the_set():
    tuned, held = situation_halves()
    assert (tuned, held) == (TUNED, HELD_OUT) and len(tuned) == len(held) == len(situations_set()) // 2
    assert not {r[0] for r in tuned} & {r[0] for r in held}


def test_at_least_half_the_situations_share_no_lemma_with_their_target():
    rows = situations_set()
    assert len(rows) >= 80 and sum(r[3] == "nolemma" for r in rows) >= len(rows) / 2


def test_the_keywords_set(figures):
    recall, mrr = figures["keywords"]
    assert recall == 1.0 and mrr >= 0.9, figures["keywords"]


def test_no_worse_than_measured(figures):
    """What the search reaches today (docs/decisions.md), a floor against regressions."""
    assert figures["tuned half"][0] >= 0.73 and figures["tuned half"][1] >= 0.53, figures["tuned half"]
    assert figures["held-out half"][0] >= 0.60 and figures["held-out half"][1] >= 0.46, figures["held-out half"]
    assert figures["fresh set"][0] >= 0.65 and figures["fresh set"][1] >= 0.48, figures["fresh set"]


@pytest.mark.xfail(strict=True, reason="issue 10's target is not met: the tuned half reaches recall@5 0.73, "
                                        "MRR 0.54 (docs/decisions.md, 'Relevance on the situations')")
def test_the_tuned_half_reaches_its_target(figures):
    assert figures["tuned half"][0] >= 0.95, figures["tuned half"]


@pytest.mark.xfail(strict=True, reason="issue 10's target is not met: the held-out half reaches recall@5 0.61, "
                                        "MRR 0.46 (docs/decisions.md, 'Relevance on the situations')")
def test_the_held_out_half_reaches_its_target(figures):
    recall, mrr = figures["held-out half"]
    assert recall >= 0.9 and mrr >= 0.8, figures["held-out half"]


@pytest.mark.xfail(strict=True, reason="issue 10's target is not met: the fresh set, measured once when it was "
                                        "committed, reaches recall@5 0.68, MRR 0.51 (the same after round 4)")
def test_the_fresh_set_reaches_the_held_out_target(figures):
    recall, mrr = figures["fresh set"]
    assert recall >= 0.9 and mrr >= 0.8, figures["fresh set"]


def test_the_fresh_set_is_distinct_and_cites_real_nodes(searcher):
    """Its questions are new (none repeats the first set's) and every expected ID is a node."""
    fresh = situations_set("situations2.tsv")
    assert len(fresh) >= 50 and not {r[0] for r in fresh} & {r[0] for r in situations_set()}
    for query, expected, _, _ in fresh:
        for node_id in expected:
            assert [h.id for h in searcher.search(node_id, 1).hits] == [node_id], (query, node_id)
