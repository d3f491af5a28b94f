"""Languages are values: the corpus's main language comes from its manifest, every other
language is a translation. English as the main language works end to end for what a
reader sees: show's headings, body search with English stems, lang:X, the site's
language labels and the exports' language attributes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from conftest import DATA
from lawsearch.build import build
from lawsearch.cli import main
from lawsearch.corpus import build_corpus
from lawsearch.export import to_tei
from lawsearch.query import QueryError, Searcher

MANIFEST = """[code]
title = "Laws"
edition = "2017"
laws = [1, 93]
lang = "en"

[[source]]
path = "laws/en/law50.txt"
lang = "en"
kind = "laws"
"""


@pytest.fixture(scope="module")
def english(tmp_path_factory) -> tuple[Path, Path]:
    """An English-only corpus (the invented English law 50 of tests/data/english), built."""
    root = tmp_path_factory.mktemp("english") / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    shutil.copy(DATA / "english" / "law50-test.txt", root / "laws" / "en" / "law50.txt")
    (root / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    out = root.parent / "out"
    build(root, out, lambda message: None)
    return root, out


def test_the_main_language_is_the_manifests(english):
    corpus = build_corpus(english[0])
    assert corpus.lang == "en" and corpus.translation_languages == ()
    assert corpus.node("50B").lang == "en"


def test_show_heads_an_english_law_in_english(english):
    root, out = english
    result = CliRunner().invoke(main, ["show", "50", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    # the title as printed (the 1987 layout sets it in capitals; titles are kept as printed)
    assert result.stdout.startswith("Law 50. DISPOSITION OF PENALTY CARD\n")
    assert "Правило" not in result.stdout


def test_show_refuses_a_language_the_corpus_has_no_text_in(english):
    root, out = english
    result = CliRunner().invoke(main, ["show", "50", "--lang", "ru", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 2 and "no text in 'ru' in this corpus; it has en" in result.output


@pytest.mark.parametrize("query, expected", [
    ("card", {"50B", "50C", "50D", "50E1"}),     # the body text, not only titles
    ("cards", {"50B", "50C", "50D", "50E1"}),    # any inflection: English stems
    ("defenders lang:en", {"50E"}),              # lang:en is text in English, here the main text
])
def test_english_body_text_is_searchable_with_english_stems(english, query, expected):
    searcher = Searcher(english[1] / "index")
    try:
        found = {h.id for h in searcher.search(query, limit=50).hits}
    finally:
        searcher.close()
    assert expected <= found, found


def test_lang_of_a_language_the_corpus_lacks_is_refused(english):
    searcher = Searcher(english[1] / "index")
    try:
        with pytest.raises(QueryError, match="lang:ru is not a language of this corpus"):
            searcher.search("card lang:ru")
    finally:
        searcher.close()


def test_the_site_speaks_the_corpus_language(english):
    page = (english[1] / "site" / "laws" / "50.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in page
    assert "Law 50. DISPOSITION OF PENALTY CARD</h1>" in page
    assert not any("\u0400" <= ch <= "\u04ff" for ch in page), "a Russian string on an English corpus's page"
    home = (english[1] / "site" / "index.html").read_text(encoding="utf-8")
    assert "Laws 50–50 of the 2017 code." in home
    for name in ("index.html", "glossary.html", "laws/50.html"):  # no translation: no element claims one
        assert 'lang="None"' not in (english[1] / "site" / name).read_text(encoding="utf-8"), name


def test_tei_names_the_corpus_language(english):
    root = etree.fromstring(to_tei(build_corpus(english[0])).encode())
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == "en"


def test_an_english_main_text_is_read_with_english_citation_forms(english):
    corpus = build_corpus(english[0])
    assert {(r.from_, r.target) for r in corpus.refs} == {("50D", "16B"), ("50E3", "53"), ("50E3", "56")}
    assert {r.lang for r in corpus.refs} == {"en"} and corpus.cited_by()["53"] == ["50E3"]
