"""Search folds what a copied text or a typed query hides in a word (cold read 6 of issue
12, finding 10): a zero-width space, joiner or word joiner inside a word is part of it and
no letter of its terms; Latin look-alikes in a Cyrillic word (and Cyrillic ones in a Latin
word) are read in the word's own script, by the profile's look-alike table -- in the text
and in the query alike, by the command line and the browser's engine alike. (Mathematical
alphanumerics, beyond the Basic Multilingual Plane, stay as they are: see
patterns._compatibility_forms.) Every text here is invented."""

from __future__ import annotations

import pytest

from lawsearch.analysis import fold, one_script, tokenize


@pytest.mark.parametrize("word, folded", [
    ("сам\u200bовар", "самовар"), ("чай\u2060ник", "чайник"), ("ste\u200dward", "steward"),
    ("caмовар", "самовар"), ("Bедро", "ведро"), ("сaхар", "сахар"),
    ("stеward", "steward"), ("Kеttlе", "kettle"),
])
def test_hidden_characters_and_lookalikes_fold_away(word, folded):
    tokens = tokenize(word)
    assert [t.text for t in tokens] == [word]  # one word, its offsets the text's
    assert fold(tokens[0].text) == folded


@pytest.mark.parametrize("word", ["самовар", "steward", "Wi-Fi", "ЗАКОНЫ", "яZ", "жук-bug"])
def test_words_of_one_script_or_with_no_lookalike_stay(word):
    assert one_script(word) == word


def test_both_runtimes_fold_alike(node_engine):
    words = ["сам\u200bовар", "caмовар", "Bедро", "stеward", "Kеttlе", "чай\u2060ник", "самовар", "яZ", "cам"]
    js = node_engine.run([{"op": "fold", "text": w} for w in words])
    assert [w for w, j in zip(words, js) if fold(w) != j] == []


def test_a_text_and_a_query_with_hidden_characters_and_lookalikes_find_each_other(tmp_path):
    from lawsearch.build import build
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "law.txt").write_text(
        "Правило 40. ЧАЕПИТИЕ\nA. Посуда\nСам\u200bовар ставят на отдельный стол у окна.\n"
        "B. Вода\nВедро с вoдой приносит дежурный.\n", encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\nlang = "ru"\n\n[[source]]\npath = "laws/ru/law.txt"\nlang = "ru"\n'
                                        'kind = "laws"\nencoding = "utf-8"\n', encoding="utf-8")
    build(root, tmp_path / "out", lambda message: None)
    searcher = Searcher(tmp_path / "out" / "index")
    engine = NodeEngine(tmp_path / "out" / "site" / "search-index.js")
    try:
        queries = ["самовар", "caмовар", "сам\u200bовар", "водой", "вoдой"]
        for query, target in zip(queries, ["40A", "40A", "40A", "40B", "40B"]):
            result = searcher.search(query)
            assert result.hits and result.hits[0].id == target, query
        for query, js in zip(queries, engine.search(queries, 10)):
            assert differences(python_answer(searcher, query, 10), js) == [], query
    finally:
        engine.close()
        searcher.close()
