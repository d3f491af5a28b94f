"""The director's thesaurus: its file is checked like every data file (each fault one
sentence with the file and line), a corpus folder extends it, and a query's everyday words
are read as the code's terms, in both runtimes, reported as «понято как»."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR
from lawsearch.cli import main
from lawsearch.model import CorpusError
from lawsearch.thesaurus import BUILT_IN, read_thesaurus
from node_engine import differences, python_answer

HEAD = "# a thesaurus\nentries = [\n"


def test_the_shipped_thesaurus_reads_and_each_entry_knows_its_line():
    entries = read_thesaurus(BUILT_IN)
    assert len(entries) > 300
    lines = BUILT_IN.read_text(encoding="utf-8").splitlines()
    for e in entries:
        assert f'say = "{e.say}"' in lines[e.line - 1]
    assert all(0 < e.weight <= 1 and e.means and e.why for e in entries)


@pytest.mark.parametrize("body, line, words", [
    ('  { say = "стол", means = ["болван"], why = "x", colour = "red" },\n', 3, "unknown key 'colour'"),
    ('  { say = "стол", why = "x" },\n', 3, "needs means"),
    ('  { say = "стол", means = "болван", why = "x" },\n', 3, "means must be a list"),
    ('  { say = "стол", means = [], why = "x" },\n', 3, "means must be a list"),
    ('  { say = "", means = ["болван"], why = "x" },\n', 3, "say must be a word or phrase"),
    ('  { say = "стол", means = ["болван"] },\n', 3, "needs why"),
    ('  { say = "стол", means = ["болван"], why = "x", weight = 0 },\n', 3, "weight must be a number above 0"),
    ('  { say = "стол", means = ["болван"], why = "x", weight = 1.5 },\n', 3, "weight must be a number above 0"),
    ('  { say = "стол", means = ["болван"], why = "x", weight = "high" },\n', 3, "weight must be a number above 0"),
    ('  { say = "стол", means = ["болван"], why = "x", weight = true },\n', 3, "weight must be a number above 0"),
    ('  { say = "стол", means = ["болван"], why = "x" },\n  { say = "Стол", means = ["карта стола"], why = "y" },\n', 4,
     "say 'Стол' is already at line 3"),
    # the line where the unclosed table opened, not the one where the parser noticed it
    ('  { say = "стол", means = ["болван"], why = "x" \n', 2, "not valid TOML"),
])
def test_a_bad_entry_is_one_sentence_with_its_line(tmp_path, body, line, words):
    path = tmp_path / "thesaurus.toml"
    path.write_text(HEAD + body + "]\n", encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        read_thesaurus(path)
    (problem,) = info.value.problems
    assert problem.path == str(path) and problem.line == line and words in problem.message, str(problem)


def test_other_keys_than_entries_are_refused(tmp_path):
    path = tmp_path / "thesaurus.toml"
    path.write_text('entry = []\n', encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        read_thesaurus(path)
    assert any("unknown key 'entry'" in str(p) and p.line == 1 for p in info.value.problems), info.value.problems


def test_a_corpus_folder_extends_the_thesaurus_and_a_bad_one_stops_the_build(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, corpus)
    (corpus / "thesaurus.toml").write_text(
        HEAD + '  { say = "пеликан", means = ["болван"], why = "a word of this test" },\n'
               '  { say = "декларант", means = ["вистующий"], why = "this corpus reads it otherwise" },\n]\n',
        encoding="utf-8")
    out = tmp_path / "build"
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--out", str(out)])
    assert result.exit_code == 0, result.output
    from lawsearch.query import Searcher

    searcher = Searcher(out / "index")
    readings = {u["words"]: u["as"] for u in searcher.search("пеликан декларант").understood_as}
    searcher.close()
    assert readings == {"пеликан": ["болван"], "декларант": ["вистующий"]}
    (corpus / "thesaurus.toml").write_text(HEAD + '  { say = "в", means = ["болван"], why = "stop words only" },\n]\n',
                                           encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--out", str(out)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{corpus / 'thesaurus.toml'}:3: say 'в' holds no word a search can match" in result.stderr


# -- reading a query ---------------------------------------------------------------------------------


def readings(searcher, query: str) -> dict[str, list[str]]:
    return {u["words"]: u["as"] for u in searcher.search(query).understood_as if u["by"] == "thesaurus"}


@pytest.mark.parametrize("query, words, means", [
    ("декларант", "декларант", ["разыгрывающий"]),
    ("у декларанта упала карта", "декларанта", ["разыгрывающий"]),  # any form: by lemma
    ("левого противника", "левого противника", ["оппонент слева", "слева от нарушителя"]),
    ("а кто на ходу", "на ходу", ["ход принадлежит", "очередь игры"]),  # a stop word of the say, as typed
    ("LHO", "LHO", ["левый противник", "оппонент слева", "слева от нарушителя"]),  # Latin, any case
    ("lho", "lho", ["левый противник", "оппонент слева", "слева от нарушителя"]),
])
def test_a_say_is_read_as_the_codes_terms(searcher, query, words, means):
    assert readings(searcher, query).get(words) == means


@pytest.mark.parametrize("query, words", [
    ("левого и противника", "левого и противника"),  # not next to each other
    ("противника левого", "противника левого"),  # not in that order
    ("а кто ходу", "ходу"),  # the say's stop word missing
    ("левого OR противника", "левого OR противника"),
    ("левого -противника", "левого"),
])
def test_a_say_phrase_needs_its_words_in_a_row(searcher, query, words):
    said = searcher.search(query).understood_as
    assert not any(u["by"] == "thesaurus" and len(u["words"].split()) > 1 for u in said), said


def test_the_thesaurus_finds_a_clause_in_the_codes_words(searcher):
    """«декларант» is no word of the code; through the thesaurus it is «разыгрывающий»."""
    plain = searcher.search("декларант требует хода в масть")
    assert plain.hits[0].id in ("51B1(a)", "51B2(a)")
    assert "декларант" not in plain.missing


def test_both_runtimes_read_the_thesaurus_alike(searcher, node_engine):
    queries = ["декларант", "у декларанта упала карта", "левого противника", "а кто на ходу", "LHO RHO", "левого и противника",
               "стол показал на карту", "дамми засветил фоску", "атака не с той руки", "ренонс болвана"]
    for query, js in zip(queries, node_engine.search(queries)):
        assert differences(python_answer(searcher, query), js) == [], query
        assert js["understood_as"]


def test_the_command_line_says_how_it_understood(built):
    result = CliRunner().invoke(main, ["search", "--corpus", str(CORPUS_DIR), "--out", str(built), "декларант", "требует"])
    assert result.exit_code == 0 and "понято как: декларант → разыгрывающий" in result.stdout


def test_the_readmes_thesaurus_examples_find_what_it_says(searcher):
    """Each «say → term» the README gives as the thesaurus's example is read as that term and
    finds the shipped corpus's text with it (cold read 11: its «LHO → оппонент слева» found
    nothing, the shipped fragment never speaking of the left-hand opponent)."""
    from conftest import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = re.search(r"the code's terms\s*\(([^;)]*)", readme).group(1)
    pairs = [tuple(p.strip() for p in pair.split("→")) for pair in line.split(",")]
    assert len(pairs) >= 3 and all(len(p) == 2 for p in pairs), line
    for say, term in pairs:
        assert term in readings(searcher, say).get(say, []), (say, term)
        answer = searcher.search(say)
        assert answer.hits and say not in answer.missing, say
