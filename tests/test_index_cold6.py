"""The subject index as a reader sees it and as search uses it (cold read 6, issue 13
findings 3, 4 and 11): a headword printed with a comma stays visible on the index page and
is what a ditto under it repeats; the dittos in words («то же», "do.") and with typographic
quotes are read; a page counter («стр. 58 из 60») inside the index is furniture; a
cross-reference («Звонок см. Колокольчик») leads a search for its headword to the laws of
the headword it points at, in the command line's engine and the browser's. Invented text."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.build import build

LAWS = {"ru": """Правило 1. Ширмы
Ширму ставят поперёк стола до начала сессии.
Правило 2. Колокольчик судьи
Судья звонит в колокольчик перед каждым туром.
Правило 6. Апелляции
Апелляцию подписывает капитан и подаёт её судье письменно.
""", "en": """LAW 1 - SCREENS
The screen is set across the table before the session begins.
LAW 2 - THE DIRECTOR'S BELL
The director rings the bell before each round.
LAW 6 - APPEALS
An appeal is signed by the captain and handed to the director in writing.
"""}

INDEX = {"ru": """ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Апелляция 6
Звонок см. Колокольчик
Капитан команды, подпись апелляции 6
  —"— проверка ширмы 1
Колокольчик судьи 2
стр. 58 из 60
Ширма 1
  то же, установка 1
стр. 59 из 60
""", "en": """INDEX
Appeal 6
Chime see Bell
Bell, director's 2
Captain of a team, signature on an appeal 6
  —“— check of the screen 1
Page 58 of 60
Screen 1
  do. setting up 1
Page 59 of 60
"""}


def make(root: Path, lang: str) -> Path:
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
    return out


@pytest.fixture(scope="module", params=["ru", "en"])
def book(request, tmp_path_factory):
    return request.param, make(tmp_path_factory.mktemp(f"ix-{request.param}"), request.param)


def hits(out: Path, query: str) -> list[str]:
    from lawsearch.query import Searcher

    s = Searcher(out / "index")
    try:
        return [h["id"] for h in s.search(query, 10).to_dict()["hits"]]
    finally:
        s.close()


SEE = {"ru": ("звонок", "2"), "en": ("chime", "2")}


def test_a_cross_references_headword_finds_the_laws_it_points_at(book):
    lang, out = book
    query, law = SEE[lang]
    assert law in hits(out, query)


def test_the_browser_engine_follows_the_cross_reference_too(book):
    from node_engine import NodeEngine, differences, python_answer

    from lawsearch.query import Searcher

    lang, out = book
    engine = NodeEngine(out / "site" / "search-index.js")
    searcher = Searcher(out / "index")
    try:
        query = SEE[lang][0]
        (js,) = engine.search([query])
        assert differences(python_answer(searcher, query), js) == []
    finally:
        searcher.close()
        engine.close()


VISIBLE = {"ru": ("Капитан команды", "— подпись апелляции", "— проверка ширмы", "— установка", "стр."),
           "en": ("Captain of a team", "— signature on an appeal", "— check of the screen", "— setting up", "Page 58")}


def test_a_comma_headword_is_visible_on_the_index_page_and_counters_are_not(page, book):
    # the headword printed with a comma shows once, its sub-heading and the ditto's under it
    # (one headword, not «Капитан команды, подпись апелляции» beside «— проверка ширмы»: fixCD)
    lang, out = book
    head, first, ditto, words_ditto, counter = VISIBLE[lang]
    page.goto((out / "site" / "subject-index.html").as_uri())
    rows = [t.strip() for t in page.locator("dl.subject-index dt").all_inner_texts()]
    at = rows.index(head)
    assert rows[at + 1:at + 3] == [first, ditto]
    # a sub-entry's row names its headword to a screen reader, not on the page
    assert page.locator("dl.subject-index dt").nth(at + 2).get_attribute("aria-label") == f"{head} {ditto}"
    assert words_ditto in rows
    assert counter not in page.locator("main").inner_text()
