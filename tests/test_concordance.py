"""kwic and freq: the lemma annotation made visible."""

import json
import re

import pytest
from click.testing import CliRunner

from conftest import CORPUS_DIR, VOCABULARY
from lawsearch.analysis import Analysis, Lexicon, tokenize
from lawsearch.cli import main
from lawsearch.concordance import freq, kwic


@pytest.fixture(scope="module")
def analysis():
    return Analysis(Lexicon.load(VOCABULARY / "lexicon.toml"))


def test_kwic_finds_every_form_of_a_phrase(corpus, analysis):
    lines = kwic(corpus, analysis, "штрафная карта")
    matches = {l.match.lower() for l in lines}
    assert {"штрафная карта", "штрафной картой", "штрафных карт"} <= matches  # 50B, 50C, 50C
    assert {"50B", "50C", "52A"} <= {l.node for l in lines}
    for l in lines:
        text = corpus.node(l.node).text.replace("\n\n", " ¶ ")
        assert l.left + l.match + l.right in text


def test_kwic_by_lemma_not_by_string(corpus, analysis):
    # "вистующий" is a noun here: its forms, never the verb "вистовать"
    lines = kwic(corpus, analysis, "вистующими")
    assert lines and all(re.match(r"вистующ", l.match.lower()) for l in lines)


def test_kwic_sorted_by_left_context_nearest_word_first(corpus, analysis):
    lines = kwic(corpus, analysis, "карта", sort="left")
    keys = [l.left.split()[::-1] or [""] for l in lines]
    assert keys == sorted(keys)


def test_freq_counts_each_word_once(corpus, analysis):
    rows = dict(freq(corpus, analysis, law="50"))
    words = [t.text for n in corpus.nodes if n.law == "50" and n.text for t in tokenize(n.text)
             if t.kind == "word" and analysis.word_terms(t.text)]
    assert sum(rows.values()) == len(words)
    assert rows["карта"] == sum(1 for w in words if "карта" == analysis.word_terms(w)[0])
    top = freq(corpus, analysis)[:5]
    assert top == sorted(top, key=lambda kv: (-kv[1], kv[0]))


def test_cli_kwic_and_freq():
    runner = CliRunner()
    result = runner.invoke(main, ["kwic", "--corpus", str(CORPUS_DIR), "онер", "--json"])
    assert result.exit_code == 0
    assert {l["node"] for l in json.loads(result.stdout)} >= {"50C", "50D"}
    none = runner.invoke(main, ["kwic", "--corpus", str(CORPUS_DIR), "ыыыыы"])
    assert none.exit_code == 0 and "No form" in none.stdout
    bad = runner.invoke(main, ["freq", "--corpus", str(CORPUS_DIR), "--law", "99"])
    assert bad.exit_code == 1 and "no law '99'" in bad.stderr
    top = runner.invoke(main, ["freq", "--corpus", str(CORPUS_DIR), "-n", "3", "--json"])
    assert [lemma for lemma, _ in json.loads(top.stdout)][0] == "карта"


def test_cli_kwic_refuses_what_it_cannot_search():
    runner = CliRunner()
    assert runner.invoke(main, ["kwic", "--corpus", str(CORPUS_DIR), "и"]).exit_code == 2  # a stop word
    assert runner.invoke(main, ["kwic", "--corpus", str(CORPUS_DIR), " "]).exit_code == 2
    clause = runner.invoke(main, ["kwic", "--corpus", str(CORPUS_DIR), "вистующий", "--law", "50E"])
    assert clause.exit_code == 1 and "law number" in clause.stderr
