"""The CLI's search result messages in the corpus's language (cold read 11, finding 11): a
Russian corpus said "Nothing matches" in English. They are the profile's strings, the same
the site's search prints; an English corpus says them in English. Every sentence invented."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from conftest import english_corpus
from lawsearch.cli import main

EN = "LAW 1 - THE LANTERN\nThe warden lights the lantern at dusk and trims its wick.\n"
RU = "Правило 1. ФОНАРЬ\nСторож зажигает фонарь в сумерки и подрезает фитиль.\n"


def russian_corpus(root):
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "code.txt").write_text(RU, encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\nlang = "ru"\nlaws = [1, 93]\n\n[[source]]\npath = "laws/ru/code.txt"\n'
                                        'lang = "ru"\nkind = "laws"\n', encoding="utf-8")
    return root


@pytest.fixture(scope="module", params=["en", "ru"])
def built(request, tmp_path_factory):
    root = tmp_path_factory.mktemp(request.param) / "corpus"
    if request.param == "en":
        english_corpus(root, {"code.txt": EN}, "en-2007")
    else:
        russian_corpus(root)
    out = root.parent / "out"
    result = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return request.param, root, out


SAID = {
    "en": {"nothing": "Nothing found for «zzqxv».", "try": "Try other words", "symbols": "Nothing searchable in «♠»",
           "other": "Ничего не найдено"},
    "ru": {"nothing": "Ничего не найдено по «zzqxv».", "try": "Попробуйте другие слова",
           "symbols": "В запросе «♠» нечего искать", "other": "Nothing"},
}


def test_nothing_found_is_said_in_the_corpus_language(built):
    lang, root, out = built
    result = CliRunner().invoke(main, ["search", "zzqxv", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0
    assert SAID[lang]["nothing"] in result.stdout and SAID[lang]["try"] in result.stdout
    assert SAID[lang]["other"] not in result.stdout


def test_a_query_of_symbols_is_said_in_the_corpus_language(built):
    lang, root, out = built
    result = CliRunner().invoke(main, ["search", "♠", "--corpus", str(root), "--out", str(out)])
    assert SAID[lang]["symbols"] in result.stdout and SAID[lang]["other"] not in result.stdout


def test_control_a_hit_is_still_shown(built):
    lang, root, out = built
    word = "lantern" if lang == "en" else "фонарь"
    result = CliRunner().invoke(main, ["search", word, "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0 and "1 hit" in result.stdout
