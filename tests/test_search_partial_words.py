"""A query of which only some words are found says what was found beside what was not
(cold read 11 of issue 13, finding 8, left open by cold read 14): «ночной паром», where the
text has «паром» alone, reads «найдено: паром; не найдено: ночной», in the command line and
in the search data the results page shows (``found`` beside ``missing``). Invented books."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.cli import main

BOOKS = {
    "ru": ("Правило 1. ПАРОМ\nПаром отходит от причала в полдень.\n"
           "Правило 2. ФОНАРИ\nФонари зажигает смотритель на закате.\n",
           ["ночной", "паром"], "найдено: паром; не найдено: ночной", "не найдено:"),
    "en": ("Law 1. THE FERRY\nThe ferry leaves the quay at noon.\n"
           "Law 2. LANTERNS\nThe keeper lights the lanterns at sunset.\n",
           ["midnight", "ferry"], "found: ferry; not found: midnight", "not found:"),
}


def corpus(tmp_path: Path, lang: str) -> tuple[Path, Path]:
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "book.txt").write_text(BOOKS[lang][0], encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n'
        f'[[source]]\npath = "laws/{lang}/book.txt"\nlang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    out = tmp_path / "build"
    r = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert r.exit_code == 0, r.output
    return root, out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_partial_match_says_what_was_found(tmp_path, lang):
    root, out = corpus(tmp_path, lang)
    _, words, said, missing = BOOKS[lang]
    r = CliRunner().invoke(main, ["search", "--corpus", str(root), "--out", str(out), *words])
    assert said in r.output, r.output
    data = json.loads(CliRunner().invoke(main, ["search", "--corpus", str(root), "--out", str(out), "--json",
                                                *words]).output)
    assert data["found"] == [words[1]] and data["missing"] == [words[0]]
    # control: every word found -- nothing said of missing words
    r = CliRunner().invoke(main, ["search", "--corpus", str(root), "--out", str(out), words[1]])
    assert missing not in r.output, r.output


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_browser_engine_gives_the_found_words_too(tmp_path, lang):
    # the results page's engine (engine.js, run by node) answers ``found`` as the command line does
    from node_engine import NodeEngine

    _, out = corpus(tmp_path, lang)
    words = BOOKS[lang][1]
    engine = NodeEngine(out / "site" / "search-index.js")
    try:
        [answer] = engine.search([" ".join(words)])
    finally:
        engine.close()
    assert answer["found"] == [words[1]] and answer["missing"] == [words[0]], answer
