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

# Stray Cyrillic words in the English text, each where a cleaning rule asks a dictionary
# when the text's language has one: a word split at a line break (непра / вильного), a
# letter-spaced word (с ч ё т), a low quote standing for ё at a word's start („лка).
STRAY = ["Test sentence for 50D2 with a stray word непра",
         "вильного in it, с ч ё т spaced and „лка quoted; see Law 16B."]

# Run in a fresh interpreter: the test process has loaded pymorphy3 long before.
SCRIPT = """
import json, sys
from pathlib import Path
from click.testing import CliRunner
from lawsearch.build import build
from lawsearch.check import quality_report
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.export import to_conllu, to_tei, to_tmx
from lawsearch.query import Searcher

root, data = Path(sys.argv[1]), Path(sys.argv[2])
(root / "laws" / "en").mkdir(parents=True)
lines = (data / "english" / "law50-test.txt").read_text(encoding="utf-8").splitlines()
at = next(i for i, line in enumerate(lines) if line.startswith("D. ")) + 2  # after 50D's sentence
lines[at:at] = json.loads(sys.argv[4])
(root / "laws" / "en" / "law50.txt").write_text("\\n".join(lines) + "\\n", encoding="utf-8")
(root / "manifest.toml").write_text(sys.argv[3], encoding="utf-8")
build(root, root.parent / "out", lambda message: None)
searcher = Searcher(root.parent / "out" / "index")
try:
    found = sorted({h.id for h in searcher.search("cards", limit=50).hits})
finally:
    searcher.close()
corpus = build_corpus(root)
report = quality_report(corpus, root=root)
cleaned = CliRunner().invoke(main, ["clean", str(root / "laws" / "en" / "law50.txt"), "--explain"])
exports = {"conllu": to_conllu(corpus), "tei": to_tei(corpus), "tmx": to_tmx(corpus)}
text = " ".join(n.text or "" for n in corpus.nodes)
print(json.dumps({"found": found, "warnings": report.warnings, "report": report.lines, "text": text,
                  "clean": [cleaned.exit_code, cleaned.output], "exports": {k: len(v) for k, v in exports.items()},
                  "loaded": sorted(m for m in sys.modules if m == "pymorphy3" or m.startswith("pymorphy3.")
                                   or m in ("lawsearch.families", "lawsearch.tagging"))}))
"""


@pytest.fixture(scope="module")
def english_only(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("english-only") / "corpus"
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(root), str(DATA), ENGLISH_ONLY, json.dumps(STRAY)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_an_english_only_corpus_never_loads_the_russian_morphology(english_only):
    # built, cleaned, searched, checked and exported, with Cyrillic words in its text: no
    # pymorphy3, no Russian word families, no Russian tagger
    assert english_only["clean"][0] == 0 and english_only["exports"]["conllu"] > 0
    assert english_only["loaded"] == []


def test_a_cyrillic_word_in_an_english_text_gets_the_default_of_no_morphology(english_only):
    # English has no lemmatizer: no dictionary says «непра» + «вильного» is one word, so the
    # break stays a space (no word of the corpus joins them either), the spaced letters stay
    # (under five, not capitals of a script it covers), and the low quote stays as printed
    text = english_only["text"]
    assert "непра вильного" in text and "неправильного" not in text
    assert "с ч ё т" in text and "„лка" in text
    assert "непра вильного" in english_only["clean"][1]


def test_the_english_only_corpus_is_still_searched_by_english_stems(english_only):
    assert {"50B", "50C", "50D", "50E1"} <= set(english_only["found"])


def test_check_says_once_that_english_has_no_morphology(english_only):
    # a line of the report, not a warning: Snowball's stems stand in for the lemmas
    said = [line for line in english_only["report"] if "has no morphology" in line]
    assert said == ["Search analysis: English (en) has no morphology (no lemmatizer): its words are searched by "
                    "their Snowball stems, not their lemmas"]
    assert not [w for w in english_only["warnings"] if "has no morphology" in w]


def test_every_registered_module_exists_and_has_its_roles_functions():
    wanted = {"lemmatizer": ("lemmas", "is_known", "analyzer", "covers", "join_split_word", "mend_break",
                             "nominal_parses", "neighbours", "clear_caches"), "families": ("family_table",),
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
    # the form, lower-cased; its part of speech unspecified (issue 9, cold read 13): never "X"
    assert ["sentence", "_"] in [row[2:4] for row in rows if row[1] == "sentence"]
    assert {row[3] for row in rows if row[1] in (".", ":", ";")} == {"PUNCT"}


def test_cleaning_asks_only_the_dictionary_of_the_texts_declared_language():
    from lawsearch import furniture
    from lawsearch.clean import clean_lines

    # a Russian text: the Russian dictionary mends its breaks and joins its spaced words
    assert furniture.mend_break("непра", "вильного", lang="ru") == "неправильного"
    assert furniture.mend_hyphen("задума", "вшийся", frozenset(), "ru") == 2
    assert furniture.letter_spaced_words("Итог: с ч ё т игры", "ru") == "Итог: счёт игры"
    assert furniture.local_mojibake("\u201eлка стоит", "ru") == "ёлка стоит"
    # the same words declared English: no lemmatizer, the default (the corpus's words, as written)
    assert furniture.mend_break("непра", "вильного", lang="en") is None
    assert furniture.mend_break("непра", "вильного", extra_words=frozenset({"неправильного"}), lang="en") == "неправильного"
    assert furniture.letter_spaced_words("Итог: с ч ё т игры", "en") == "Итог: с ч ё т игры"
    assert furniture.local_mojibake("\u201eлка стоит", "en") == "\u201eлка стоит"
    lines = clean_lines(["The rule: a stray непра", "вильного word stays apart."], "x", lang="en").lines
    assert [line.text for line in lines] == ["The rule: a stray непра вильного word stays apart."]


def test_definitions_and_the_damage_scan_use_the_texts_language():
    from lawsearch.definitions import _word_keys
    from lawsearch.model import Node
    from lawsearch.overlap import damage

    assert ("карта", "plur", "nomn") in _word_keys("карты", "ru", {})
    assert _word_keys("карты", "en", {}) == frozenset({("карты", None, None)})  # as written, folded
    def node(lang: str) -> Node:
        return Node("1", "section", "1", None, lang, None, None, "Игрок сыграл непра вильного хода.", (), (), (),
                    None, (), False, False, False, {})

    assert damage(node("ru")).split_words == 1
    assert damage(node("en")).split_words == 0
