"""A language's own modules (lemmatizer, word families, tagger) are named by the registry
(plausibility.LANGUAGES) and run only for the languages a corpus has text in: an
English-only corpus is built and searched without ever loading the Russian dictionary, and
``check`` says, once, which of the corpus's languages has no morphology."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import DATA, ROOT, VOCABULARY
from lawsearch.analysis import Analysis, Lexicon
from lawsearch.index import family_table
from lawsearch.model import CorpusError
from lawsearch.plausibility import LANGUAGES, ROLES, language_module, without_morphology
from test_languages import MANIFEST

ENGLISH_ONLY = MANIFEST  # the English-only corpus of tests/test_languages.py

# Run in a fresh interpreter: the test process has loaded pymorphy3 long before.
SCRIPT = """
import json, shutil, sys
from pathlib import Path
from lawsearch.build import build
from lawsearch.check import quality_report
from lawsearch.corpus import build_corpus
from lawsearch.query import Searcher

root, data = Path(sys.argv[1]), Path(sys.argv[2])
(root / "laws" / "en").mkdir(parents=True)
shutil.copy(data / "english" / "law50-test.txt", root / "laws" / "en" / "law50.txt")
(root / "manifest.toml").write_text(sys.argv[3], encoding="utf-8")
build(root, root.parent / "out", lambda message: None)
searcher = Searcher(root.parent / "out" / "index")
try:
    found = sorted({h.id for h in searcher.search("cards", limit=50).hits})
finally:
    searcher.close()
report = quality_report(build_corpus(root), root=root)
print(json.dumps({"found": found, "warnings": report.warnings, "report": report.lines,
                  "loaded": sorted(m for m in sys.modules if m == "pymorphy3" or m.startswith("pymorphy3.")
                                   or m in ("lawsearch.families", "lawsearch.tagging"))}))
"""


@pytest.fixture(scope="module")
def english_only(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("english-only") / "corpus"
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(root), str(DATA), ENGLISH_ONLY], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_an_english_only_corpus_never_loads_the_russian_morphology(english_only):
    # built, searched and checked: no pymorphy3, no Russian word families, no Russian tagger
    assert english_only["loaded"] == []


def test_the_english_only_corpus_is_still_searched_by_english_stems(english_only):
    assert {"50B", "50C", "50D", "50E1"} <= set(english_only["found"])


def test_check_says_once_that_english_has_no_morphology(english_only):
    # a line of the report, not a warning: Snowball's stems stand in for the lemmas
    said = [line for line in english_only["report"] if "has no morphology" in line]
    assert said == ["Search analysis: English (en) has no morphology (no lemmatizer): its words are searched by "
                    "their Snowball stems, not their lemmas"]
    assert not [w for w in english_only["warnings"] if "has no morphology" in w]


def test_every_registered_module_exists_and_has_its_roles_functions():
    wanted = {"lemmatizer": ("lemmas", "is_known", "analyzer", "covers"), "families": ("family_table",),
              "tagger": ("annotate",)}
    for lang in LANGUAGES:
        for role in ROLES:
            module = language_module(lang, role)
            if module is not None:
                assert all(callable(getattr(module, name, None)) for name in wanted[role]), (lang, role)


def test_a_language_without_a_lemmatizer_is_told_and_an_unknown_one_too():
    assert without_morphology(["ru", "en", "en", "xx"]) == ["en", "xx"]
    with pytest.raises(ValueError):
        language_module("ru", "stemmer")


def test_the_lexicon_keeps_only_the_corpus_languages_entries():
    russian = Lexicon.load(VOCABULARY / "lexicon.toml", ["ru", "en"]).forms
    assert russian["разыгрывающего"] == "разыгрывающий"
    assert Lexicon.load(VOCABULARY / "lexicon.toml", ["en"]).forms == {}
    assert Lexicon.load(VOCABULARY / "lexicon.toml").forms == russian  # no languages given: every entry


def test_word_families_come_only_from_the_corpus_languages_modules():
    lemmas = ["заменить", "заменять", "замена"]
    assert "заменять" in family_table(lemmas, (), ["ru"]).get("заменить", [])
    assert family_table(lemmas, (), ["en"]) == {}
    # a Latin word is never put to the Russian derivation rules
    assert "replace" not in family_table([*lemmas, "replace", "replacing"], (), ["ru", "en"])


def test_a_word_no_lemmatizer_of_the_languages_covers_is_kept_as_written():
    assert Analysis(languages=["en"]).terms("штрафными картами") == [("штрафными",), ("картами",)]
    assert Analysis(languages=["ru", "en"]).terms("штрафными картами") == [("штрафной",), ("карта",)]


def test_a_lexicon_of_a_language_without_morphology_keeps_its_written_forms(tmp_path):
    path = tmp_path / "lexicon.toml"
    path.write_text('[terms]\n"judgment" = {}\n\n[spellings]\n"judgement" = "judgment"\n', encoding="utf-8")
    # no dictionary is asked whether it knows "judgment": English has none
    assert Lexicon.load(path, ["en"]).forms == {"judgment": "judgment", "judgement": "judgment"}
    path.write_text('[terms]\n"revoke" = { like = "invoke" }\n', encoding="utf-8")
    with pytest.raises(CorpusError) as caught:
        Lexicon.load(path, ["en"])
    assert 'lexicon.toml:2: "revoke": no morphology of its language declines it' in str(caught.value)


def test_an_english_main_text_is_exported_untagged_not_as_foreign_words(tmp_path):
    from lawsearch.corpus import build_corpus
    from lawsearch.export import to_conllu

    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "law50.txt").write_bytes((DATA / "english" / "law50-test.txt").read_bytes())
    (root / "manifest.toml").write_text(ENGLISH_ONLY, encoding="utf-8")
    rows = [line.split("\t") for line in to_conllu(build_corpus(root)).splitlines() if line[:1].isdigit()]
    assert rows and not any("Foreign=Yes" in row[5] for row in rows)
    assert ["sentence", "X"] in [row[2:4] for row in rows if row[1] == "sentence"]  # the form, lower-cased
    assert {row[3] for row in rows if row[1] in (".", ":", ";")} == {"PUNCT"}
