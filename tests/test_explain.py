"""`lawsearch explain`: how each word of a query is understood -- its correction, its role,
its lemmas, and the looser readings applied to it (family, thesaurus, glossary) -- and the
hook through which word families reach the search."""

from __future__ import annotations

import json
import shutil
import sys
import types

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR
from lawsearch.cli import main


def explain(built, *args):
    return CliRunner().invoke(main, ["explain", "--corpus", str(CORPUS_DIR), "--out", str(built), *args])


def test_each_word_with_its_role_lemmas_and_readings(built):
    result = explain(built, "декларант", "сыграл", "со", "стола")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "query: декларант сыграл со стола"
    row = {line.split()[0]: line for line in lines[1:]}
    assert "optional; lemmas декларант; thesaurus: декларант → разыгрывающий" in row["декларант"]
    assert "lemmas сыграть" in row["сыграл"]
    assert "not searched (a stop word)" in row["со"]


def test_corrections_roles_and_filters_in_json(built):
    result = explain(built, "--json", "--", "крата", "+болван", "-онер", "law:50")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["corrected_query"] == "карта +болван -онер law:50" and data["filters"] == {"law": "50"}
    assert [(w["word"], w["corrected"], w["role"]) for w in data["words"]] == [
        ("крата", "карта", "optional"), ("болван", None, "required"), ("онер", None, "excluded")]
    assert data["words"][0]["lemmas"] == ["карта"]


def test_english_through_the_glossary(built):
    data = json.loads(explain(built, "penalty", "card", "--json").stdout)
    readings = [r for w in data["words"] for r in w["readings"] if r["by"] == "glossary"]
    assert {"by": "glossary", "words": "penalty card", "as": ["штрафная карта"]} in readings


def test_an_id_says_where_it_goes(built):
    result = explain(built, "правило", "50е")
    assert result.exit_code == 0 and "an ID; the search goes to 50E" in result.stdout


def test_usage_errors_and_help(built):
    assert explain(built, " ").exit_code == 2
    assert explain(built, "law:999", "карта").exit_code == 2
    help_text = CliRunner().invoke(main, ["explain", "--help"])
    assert help_text.exit_code == 0 and "Example:" in help_text.stdout and "lawsearch explain" in help_text.stdout


# -- the family hook --------------------------------------------------------------------------------


def test_a_family_reaches_the_search_explain_and_the_browser(tmp_path):
    """lawsearch/families.py joins заменить, заменять and замена (derivation rules checked
    against the dictionary)."""
    from lawsearch.build import build
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, corpus)
    out = tmp_path / "build"
    build(corpus, out, lambda message: None)
    searcher = Searcher(out / "index")
    assert searcher.families["заменить"] == ["замена", "заменять"]
    assert searcher.word_terms("заменяет") == ("заменять",)  # a member's forms are in the forms table
    result = searcher.search("заменяет карту")
    assert {"words": "заменяет", "as": ["замена", "заменить"], "by": "family"} in result.understood_as
    assert searcher.explain("заменяет")["words"][0]["readings"][0]["by"] == "family"
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        for query in ("заменяет карту", "замена", "заменить штрафную"):
            assert differences(python_answer(searcher, query), engine.search([query])[0]) == []
    finally:
        engine.close()
        searcher.close()
