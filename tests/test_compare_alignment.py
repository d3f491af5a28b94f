"""The comparison's shortcuts pick what the plain computation picks (issue 11): the most
alike candidate found with the quick ratio bounds is ``max`` by ``similarity`` with its
ties broken the same way, and one alignment gives a rewording's words and runs as
``word_diff`` and ``text_runs`` each give them. Invented texts from a small vocabulary, so
candidates share words, tie and differ in length."""

from __future__ import annotations

import random

from lawsearch.compare import most_alike, rewording, similarity, text_runs, word_diff

VOCABULARY = ["карта", "ход", "игрок", "взятка", "судья", "пас", "масть", "козырь", "face-up", "50-A"]


def _text(rng: random.Random) -> str:
    # words with any spacing (line breaks, double spaces) and punctuation between them
    gaps = [" ", "  ", "\n", ", ", ". ", " -- "]
    n = rng.choice([0, 1, 2, 3, 5, 8, 12])
    return "".join(rng.choice(VOCABULARY) + rng.choice(gaps) for _ in range(n)).strip()


def test_most_alike_is_max_by_similarity_with_the_same_ties_either_way_round():
    rng = random.Random(11)
    for _ in range(600):
        text = _text(rng)
        candidates = [f"c{k}" for k in range(rng.randint(1, 7))]
        texts = {c: _text(rng) for c in candidates}
        if rng.random() < 0.3:  # a duplicate: two candidates tie exactly
            texts[candidates[-1]] = texts[candidates[0]]
        flags = {c: rng.random() < 0.5 for c in candidates}
        want = max(candidates, key=lambda c: (similarity(text, texts[c]), flags[c]))
        assert most_alike(text, candidates, texts.get, lambda c: (flags[c],)) == (want, similarity(text, texts[want]))
        # the other way round: the candidates' texts first, as the matcher's best old node asks
        back = max(candidates, key=lambda c: similarity(texts[c], text))
        assert most_alike(text, candidates, texts.get, swap=True) == (back, similarity(texts[back], text))


def test_most_alike_of_no_candidate_is_none():
    assert most_alike("карта", [], str) == (None, 0.0)


def test_one_alignment_gives_the_words_and_the_runs():
    rng = random.Random(12)
    for _ in range(600):
        old, new = _text(rng), _text(rng)
        share, removed, added, runs = rewording(old, new)
        assert (share, removed, added) == word_diff(old, new)
        assert runs == text_runs(old, new)
