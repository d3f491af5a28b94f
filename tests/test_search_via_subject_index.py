"""A hit found only through the subject index says so (cold reads 13–15 of issue 13, «index-only
hit sign»): the query's word stands in an index entry naming the law («Веранда, пепельница 3»)
and nowhere in the law's own text. The command line prints the profile's words for it beside
the hit («по предметному указателю», "from the subject index"), ``--json`` gives the hit
``via_subject_index: true`` (docs/contract-additions.md), the browser's engine the same, and
the site's results list shows the sign. Controls: a word the law's text holds, and a word both
the text and the index hold, carry no sign. Invented books in Russian and English."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from lawsearch.cli import main

LAWS = {"ru": """Правило 1. Жетоны
Жетон выдают паре при регистрации.
Правило 2. Буфет
В буфете подают чай и морс.
Правило 3. Курение на веранде
Курить разрешается только на веранде между сдачами.
""", "en": """LAW 1 - TOKENS
A token is given to each pair at registration.
LAW 2 - THE BUFFET
Tea and juice are served in the buffet.
LAW 3 - SMOKING ON THE PORCH
Smoking is allowed only on the porch between deals.
"""}
INDEX = {"ru": """ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Буфет 2
Веранда 3
  =  пепельница 3
Жетон 1
Самовар 2
""", "en": """INDEX
Ashtray 3
Buffet 2
Porch 3
Samovar 2
Token 1
"""}
# (only in the index, in the law's text too, law) per language
WORDS = {"ru": ("пепельница", "веранда", "3", "самовар", "2"), "en": ("ashtray", "porch", "3", "samovar", "2")}
SIGN = {"ru": "по предметному указателю", "en": "from the subject index"}


def make(root: Path, lang: str) -> tuple[Path, Path]:
    corpus = root / "corpus"
    (corpus / "book").mkdir(parents=True)
    (corpus / "book" / "laws.txt").write_text(LAWS[lang], encoding="utf-8")
    (corpus / "book" / "index.txt").write_text(INDEX[lang], encoding="utf-8")
    manifest = f'[code]\ntitle = "Test"\nlaws = [1, 93]\nlang = "{lang}"\n\n' + "".join(
        f'[[source]]\npath = "book/{name}.txt"\nlang = "{lang}"\nkind = "{kind}"\nencoding = "utf-8"\n\n'
        for name, kind in (("laws", "laws"), ("index", "index")))
    (corpus / "manifest.toml").write_text(manifest, encoding="utf-8")
    out = root / "out"
    build(corpus, out, lambda message: None)
    return corpus, out


@pytest.fixture(scope="module", params=["ru", "en"])
def book(request, tmp_path_factory):
    return (request.param, *make(tmp_path_factory.mktemp(f"via-{request.param}"), request.param))


def search(corpus: Path, out: Path, *args: str):
    result = CliRunner().invoke(main, ["search", "--corpus", str(corpus), "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return result.output


def json_hits(corpus: Path, out: Path, query: str) -> dict[str, bool]:
    return {h["id"]: h.get("via_subject_index", False) for h in json.loads(search(corpus, out, "--json", query))["hits"]}


def test_a_word_only_in_the_index_marks_its_hit_in_json(book):
    lang, corpus, out = book
    only, _, law, _, _ = WORDS[lang]
    assert json_hits(corpus, out, only) == {law: True}


def test_a_word_of_the_laws_text_carries_no_sign(book):
    # controls: «веранда» is in law 3's text and title (and a headword naming it)
    lang, corpus, out = book
    _, both, law, _, _ = WORDS[lang]
    hits = json_hits(corpus, out, both)
    assert hits.get(law) is False and not any(hits.values())


def test_the_command_line_says_where_the_hit_came_from(book):
    lang, corpus, out = book
    only, both, law, index_only, law2 = WORDS[lang]
    assert SIGN[lang] in search(corpus, out, only)
    assert SIGN[lang] in search(corpus, out, index_only)
    assert SIGN[lang] not in search(corpus, out, both)


def test_the_browser_engine_says_the_same(book):
    from node_engine import NodeEngine, differences, python_answer

    from lawsearch.query import Searcher

    lang, corpus, out = book
    engine = NodeEngine(out / "site" / "search-index.js")
    searcher = Searcher(out / "index")
    try:
        queries = list(WORDS[lang][:2]) + [WORDS[lang][3]]
        answers = engine.search(queries)
        for query, js in zip(queries, answers):
            assert differences(python_answer(searcher, query), js) == [], query
        assert [h.get("via_subject_index") for h in answers[0]["hits"]] == [True]
    finally:
        searcher.close()
        engine.close()


def test_the_sites_results_list_shows_the_sign(page, book):
    lang, corpus, out = book
    only, both, law, _, _ = WORDS[lang]
    page.goto((out / "site" / "search.html").as_uri() + "?q=" + only)
    page.wait_for_selector("#all-results li a[data-id]")
    item = page.locator("#all-results li").filter(has=page.locator(f'a[data-id="{law}"]'))
    assert item.locator(".via-index").inner_text().strip() == SIGN[lang]
    # control: a word of the text, no sign
    page.goto((out / "site" / "search.html").as_uri() + "?q=" + both)
    page.wait_for_selector(f'#all-results li a[data-id="{law}"]')
    assert page.locator("#all-results .via-index").count() == 0
