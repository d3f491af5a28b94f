"""A translation's language is a language of the corpus (issue 9, cold read 11, finding 2):
beside an English main text, a Russian translation's words are searched by their lemmas
(Russian morphology, as an English translation's words beside a Russian main text are
searched by their stems), ``lang:ru`` reads that text alone, the browser's engine answers as
the command line does, and ``check`` says OK.

The text is invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

MANIFEST = """[code]
title = "Invented kettle rules"
profile = "bridge"
lang = "en"

[[source]]
path = "laws/en/en.txt"
lang = "en"
kind = "laws"
layout = "en-mixed"

[[source]]
path = "laws/ru/ru.txt"
lang = "ru"
kind = "laws"
"""

EN = """Law 62 - Filling the Kettle
A. Water First
The host fills the kettle before the guests sit down at the table.
B. Spoons
A missing spoon is counted against the host.
"""

RU = """Правило 62. НАПОЛНЕНИЕ ЧАЙНИКА
A. Сначала вода
Хозяин наполняет чайник, прежде чем гости сядут за стол.
B. Ложки
Пропавшая ложка засчитывается хозяину.
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path, str]:
    root = tmp_path_factory.mktemp("enru") / "corpus"
    for lang, text in (("en", EN), ("ru", RU)):
        (root / "laws" / lang).mkdir(parents=True)
        (root / "laws" / lang / f"{lang}.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    out = root.parent / "out"
    runner = CliRunner()
    made = runner.invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert made.exit_code == 0, made.output
    checked = runner.invoke(main, ["check", "--corpus", str(root), "--out", str(out)])
    return root, out, checked


def _search(out: Path, query: str):
    from lawsearch.query import Searcher

    searcher = Searcher(out / "index")
    try:
        return searcher.search(query, 10)
    finally:
        searcher.close()


def test_check_is_ok_with_a_russian_translation_of_an_english_text(built):
    _, _, checked = built
    assert checked.exit_code == 0, checked.output
    assert "not searchable" not in checked.output
    assert checked.output.rstrip().endswith("OK")


def test_a_russian_word_of_the_translation_is_found_in_any_form(built):
    _, out, _ = built
    # «ложку» is not written in the text: «ложка» and «Ложки» are, found by their lemma
    ids = [h.id for h in _search(out, "ложку").hits]
    assert "62B" in ids and "62A" not in ids, ids
    ids = [h.id for h in _search(out, "чайником").hits]
    assert "62" in ids and "62A" in ids and "62B" not in ids, ids


def test_lang_ru_reads_the_russian_translation_alone(built):
    _, out, _ = built
    result = _search(out, "lang:ru ложку")
    assert [h.id for h in result.hits] == ["62B"]
    assert "Ложки" in result.hits[0].snippet  # the snippet is of the text that matched
    # an English word is no word of the Russian text: lang:ru finds nothing by it
    assert _search(out, "lang:ru spoon").hits == []
    assert [h.id for h in _search(out, "spoon").hits] == ["62B"]
    # and lang:en does not read the Russian text
    assert _search(out, "lang:en ложку").hits == []


def test_the_browser_engine_answers_alike(built):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    _, out, _ = built
    queries = ["lang:ru ложку", "lang:ru чайником", "lang:ru spoon", "lang:en ложку", "ложку", "spoon",
               "lang:ru ложку -хозяину", "lang:fr spoon"]
    searcher = Searcher(out / "index")
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        answers = engine.search(queries, 10)
        for query, js in zip(queries, answers):
            python = python_answer(searcher, query, 10)
            assert not differences(python, js), (query, differences(python, js))
        assert [h["id"] for h in answers[0]["hits"]] == ["62B"]
        assert "error" in python_answer(searcher, "lang:fr spoon", 10)  # still a language the corpus lacks
    finally:
        engine.close()
        searcher.close()
