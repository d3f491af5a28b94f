"""The English stemmer in both runtimes: Snowball's English ("Porter2") algorithm -- the
snowballstemmer package for the index and the command line (``morph.english_stem``), our own
``site_templates/static/stem-en.js`` in the browser. The JS runs under Node (one process for
a whole word list, words on stdin, stems on stdout) and must give the Python stem for every
English word of the corpus and of a large English word list, Debian's wamerican."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import CORPUS_DIR, DATA, ROOT, VOCABULARY
from lawsearch.index import english_analyzer
from lawsearch.morph import english_stem
from lawsearch.sources import read_glossary
from whoosh.analysis import LowercaseFilter, RegexTokenizer

STEM_JS = ROOT / "site_templates" / "static" / "stem-en.js"
# Debian's wamerican (/usr/share/dict/words points to it when it is the chosen list): ~100,000
# words with their inflections and possessives -- the forms a query holds.
WORD_LIST = Path("/usr/share/dict/american-english")
# stem-en.js in Node: every line of stdin is a word, every line of stdout its stem
NODE_SCRIPT = ("const stem = require(process.argv[1]);"
               "const words = require('fs').readFileSync(0, 'utf8').split('\\n'); words.pop();"
               "process.stdout.write(words.map(w => stem(w) + '\\n').join(''));")


def _missing(what: str, install: str):
    """A developer machine may lack a tool: skip and say how to get it. CI must have it."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing; .ci/run must install it ({install})")
    pytest.skip(f"{what} is not on this machine ({install}); .ci/run installs it")


def js_stems(words: list[str]) -> list[str]:
    """The stems stem-en.js gives ``words``, in one Node process."""
    node = shutil.which("node")
    if not node:
        _missing("node", "apt-get install nodejs")
    run = subprocess.run([node, "-e", NODE_SCRIPT, str(STEM_JS)], input="".join(w + "\n" for w in words),
                         capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert run.returncode == 0, run.stderr
    stems = run.stdout.split("\n")[:-1]
    assert len(stems) == len(words)
    return stems


def differences(words: list[str]) -> list[tuple[str, str, str]]:
    """(word, JS stem, Python stem) for every word the two runtimes stem differently."""
    return [(w, js, english_stem(w)) for w, js in zip(words, js_stems(words)) if js != english_stem(w)]


def english_words(texts) -> set[str]:
    """The words the index stems in ``texts``: its English tokenizer, lower-cased, stop words kept."""
    words = RegexTokenizer() | LowercaseFilter()
    return {t.text for text in texts for t in words(text or "")}


def test_every_english_word_of_the_corpus(corpus):
    texts = [(n.translations.get("en") or {}).get(k) for n in corpus.nodes for k in ("title", "text")]
    texts += [t.translation for t in read_glossary(VOCABULARY / "glossary.toml")]
    texts += [p.read_text(encoding="utf-8") for p in sorted((DATA / "english").glob("*.txt"))]
    words = sorted(english_words(texts))
    assert len(words) > 100  # the English titles, the glossary and the English test file
    assert differences(words) == []


def test_a_large_english_word_list():
    if not WORD_LIST.is_file():
        _missing(f"the word list {WORD_LIST}", "apt-get install wamerican")
    words = sorted({w.lower() for w in WORD_LIST.read_text(encoding="utf-8").split()})
    assert len(words) >= 50_000
    diff = differences(words)
    assert diff == [], f"{len(diff)} of {len(words)} words differ, e.g. (word, JS, Python): {diff[:20]}"


# A few words and the rule each one exercises; their stems come from the Python package.
KNOWN = [
    ("generously", "-ously → -ous (step 2), -ous in R2 kept: R1 starts after 'gener'"),
    ("running", "-ing goes, the doubled n is undone (step 1b)"),
    ("hoped", "-ed goes, a short word gets its e back (step 1b)"),
    ("cries", "-ies after two letters → i (step 1a)"),
    ("ties", "-ies after one letter → ie (step 1a)"),
    ("dying", "-ying after one consonant → ie (step 1b)"),
    ("news", "an exceptional form: left as it is"),
    ("skies", "an exceptional form: sky"),
    ("consignment", "-ment in R2 goes (step 4)"),
    ("declarer's", "the possessive goes (step 1a)"),
    ("penalties", "-ies → i, final i stays"),
    ("international", "R1 starts after 'inter' (intern/international)"),
    ("proceeding", "proceed is an exception of -eed"),
    ("yelling", "a y that begins the word is a consonant"),
]


@pytest.fixture(scope="module")
def known_js() -> dict[str, str]:
    words = [w for w, _ in KNOWN]
    return dict(zip(words, js_stems(words)))


@pytest.mark.parametrize("word, rule", KNOWN, ids=[w for w, _ in KNOWN])
def test_known_stems(known_js, word, rule):
    assert known_js[word] == english_stem(word), rule


def test_the_english_filter_pickles_without_its_stemmer():
    """whoosh pickles the schema into the index: the filter takes no stemmer along."""
    analyzer = english_analyzer()
    stems = [t.text for t in analyzer("Generously revoking the claims")]
    data = pickle.dumps(analyzer)
    assert b"snowballstemmer" not in data and b"EnglishStemmer" not in data
    assert [t.text for t in pickle.loads(data)("Generously revoking the claims")] == stems == \
        [english_stem(w) for w in ("generously", "revoking", "claims")]


# English forms that no title holds, and the law whose title has their stem
FORMS = [("lang:en retracted card", "47"), ("lang:en simultaneously", "58"), ("lang:en prematurely", "57")]


@pytest.mark.parametrize("query, law", FORMS)
def test_an_english_form_finds_the_title_with_its_stem(searcher, query, law):
    assert searcher.search(query, 3).hits[0].id == law


def test_the_browser_stems_english_as_the_cli(browser, built, searcher):
    page = browser.new_page()
    page.goto((built / "site" / "index.html").as_uri())
    for query, _ in FORMS:
        cli = [(h.id, round(h.score, 4)) for h in searcher.search(query, 10).hits]
        js = page.evaluate("q => window.lawsearch.search(q, 10)", query)
        assert [(h["id"], round(h["score"], 4)) for h in js["hits"]] == cli, query
    page.close()
