"""The book's apparatus in a build (issue 13): the subject index as a page and as a search
signal (the same in the command line's engine and the browser's), the definitions as a page
with every defined term linked from the law text, the title page on the home page, and
``show`` and the TEI export naming the terms. The Chromium tests follow a reader's clicks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lawsearch.build import build

DATA = Path(__file__).resolve().parent / "data"

LAWS = """ОПРЕДЕЛЕНИЯ
???????????
Штрафная карта - карта вистующего, открытая с нарушением
правил и оставленная на столе.
Нарушитель - игрок, допустивший нарушение.

Правило 50. Обращение со штрафной картой
Штрафная карта лежит на столе. Штрафная карта остаётся открытой, пока её не
сыграют; штрафную карту видят все игроки.
A.Старшая штрафная карта
Нарушитель обязан сыграть старшую штрафную карту при первой возможности.
- 80
Правило 51. Две карты на столе
Если на столе лежат две карты, разыгрывающий выбирает, какую сыграть первой.
"""

INDEX = """ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Выбор очерёдности карт 51
Карта, сыгранная первой 51
Нарушитель Опр., 50A
- 301
"""


def corpus_dir(root: Path, with_index: bool = True) -> Path:
    corpus = root / "corpus"
    (corpus / "book").mkdir(parents=True)
    (corpus / "book" / "laws.txt").write_text(LAWS, encoding="utf-8")
    shutil.copy(DATA / "structure" / "front" / "ru-letter-spaced" / "source.txt", corpus / "book" / "front.txt")
    sources = [("book/front.txt", "front"), ("book/laws.txt", "laws")]
    if with_index:
        (corpus / "book" / "index.txt").write_text(INDEX, encoding="utf-8")
        sources.append(("book/index.txt", "index"))
    manifest = '[code]\ntitle = "Test"\nedition = "1987"\nlaws = [1, 93]\n\n' + "".join(
        f'[[source]]\npath = "{path}"\nlang = "ru"\nkind = "{kind}"\nencoding = "utf-8"\n\n' for path, kind in sources)
    (corpus / "manifest.toml").write_text(manifest, encoding="utf-8")
    return corpus


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("book")
    build(corpus_dir(root), root / "out", lambda message: None)
    return root / "out"


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Path:
    """The same laws without the subject index."""
    root = tmp_path_factory.mktemp("plain")
    build(corpus_dir(root, with_index=False), root / "out", lambda message: None)
    return root / "out"


def hits(out: Path, query: str) -> list[str]:
    from lawsearch.query import Searcher

    s = Searcher(out / "index")
    try:
        return [h["id"] for h in s.search(query, 10).to_dict()["hits"]]
    finally:
        s.close()


# -- search ---------------------------------------------------------------------------------------

def test_a_headword_finds_the_laws_it_names(book, plain):
    # «выбор очерёдности» is in no law's text: only the index says law 51 is about it
    assert hits(plain, "выбор очерёдности") == []
    assert hits(book, "очерёдность выбора")[:1] == ["51"]


def test_a_headword_ranks_its_law_up(book, plain):
    # 50A and 51 both say «сыграть … первой»; the index names law 51 for «карта, сыгранная первой»
    assert hits(plain, "сыграть первой")[:2] == ["50A", "51"]
    assert hits(book, "сыграть первой")[:2] == ["51", "50A"]
    # a law the index does not name keeps its place and score
    assert hits(book, "штрафную карту")[0] == hits(plain, "штрафную карту")[0] == "50"


def test_the_browser_engine_gives_the_same_answers(book):
    from node_engine import NodeEngine, differences, python_answer
    from lawsearch.query import Searcher

    engine = NodeEngine(book / "site" / "search-index.js")
    searcher = Searcher(book / "index")
    try:
        queries = ["сыграть первой", "очерёдность выбора", "нарушитель", "штрафная карта", "сыгранная карта"]
        for query, js in zip(queries, engine.search(queries)):
            assert differences(python_answer(searcher, query), js) == [], query
    finally:
        searcher.close()
        engine.close()


# -- pages ------------------------------------------------------------------------------------------

def test_the_index_page_links_each_entry_to_its_laws(book):
    html = (book / "site" / "subject-index.html").read_text(encoding="utf-8")
    assert 'href="laws/51.html' in html and 'href="laws/50.html#l50a"' in html
    assert 'href="definitions.html"' in html  # «Опр.» points at the definitions
    assert "Выбор очерёдности карт" in html and "- 301" not in html


def test_home_links_the_index_and_the_definitions_and_names_the_book(book):
    html = (book / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="subject-index.html"' in html and 'href="definitions.html"' in html
    assert "МЕЖДУНАРОДНЫЕ ПРАВИЛА ДУБЛИКАТНОГО БРИДЖА" in html and "Северный ветер" in html and "1990" in html


def test_terms_are_linked_once_per_node_in_the_law_pages(book):
    html = (book / "site" / "laws" / "50.html").read_text(encoding="utf-8")
    # law 50's own text: «Штрафная карта» twice, linked once; 50A: «Нарушитель» and «старшую штрафную карту»
    # (no term «старшая штрафная карта» here, so its «штрафную карту» is the use)
    assert html.count('href="../definitions.html#def-1"') == 2
    assert html.count('href="../definitions.html#def-2"') == 1
    definitions = (book / "site" / "definitions.html").read_text(encoding="utf-8")
    assert 'id="def-1"' in definitions and 'id="def-2"' in definitions


def test_corpus_json_keeps_the_apparatus(book):
    data = json.loads((book / "corpus.json").read_text(encoding="utf-8"))
    assert [e["term"] for e in data["apparatus"]["definitions"]["entries"]] == ["Штрафная карта", "Нарушитель"]
    assert {u["node"] for u in data["apparatus"]["terms"]} == {"50", "50A"}
    assert data["apparatus"]["front"]["year"] == "1990"
    assert data["refs"] == []


# -- in a real browser ------------------------------------------------------------------------------

def test_reader_goes_from_home_to_the_index_to_a_law(page, book):
    page.goto((book / "site" / "index.html").as_uri())
    page.click("text=Предметный указатель")
    assert page.url.endswith("subject-index.html")
    # «Карта, сыгранная первой»: the headword a row of its own, its sub-entry under it (fixCD)
    assert [t.strip() for t in page.locator("dl.subject-index dt").all_inner_texts()] == [
        "Выбор очерёдности карт", "Карта", "— сыгранная первой", "Нарушитель"]
    page.click("a.index-target[data-target='51']")
    assert "/laws/51.html" in page.url
    assert page.locator("h1").first.inner_text().strip() != ""


def test_reader_follows_a_defined_term_to_its_definition(page, book):
    page.goto((book / "site" / "laws" / "50.html").as_uri())
    term = page.locator("a.term").first
    assert term.inner_text() == "Штрафная карта"
    term.click()
    assert page.url.endswith("definitions.html#def-1")
    target = page.locator("#def-1")
    assert target.inner_text() == "Штрафная карта"
    assert target.is_visible()


# -- show and TEI ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def read_back(book):
    from lawsearch.model import Corpus

    return Corpus.from_dict(json.loads((book / "corpus.json").read_text(encoding="utf-8")))


def test_show_names_the_terms_a_node_uses_and_shows_a_definition(read_back):
    from lawsearch.show import as_dict, describe, resolve

    text = describe(read_back, "50A")
    assert "Defined terms: Нарушитель → def-2 (Нарушитель); штрафную карту → def-1 (Штрафная карта)" in text
    assert resolve(read_back, "def-1") == "def-1"
    shown = describe(read_back, "def-1")
    assert shown.startswith("def-1. Штрафная карта") and "used in: 50, 50A" in shown
    assert [t["def"] for t in as_dict(read_back, "50A")["terms"]] == ["def-2", "def-1"]


def test_tei_links_each_term_to_its_definition(read_back):
    import xml.etree.ElementTree as ET

    from lawsearch.export import TEI_NS, to_tei

    root = ET.fromstring(to_tei(read_back))
    ns = {"t": TEI_NS}
    labels = {e.get("{http://www.w3.org/XML/1998/namespace}id"): e.text
              for e in root.iterfind(".//t:div[@type='definitions']//t:label", ns)}
    assert labels == {"def-1": "Штрафная карта", "def-2": "Нарушитель"}
    terms = [(t.get("ref"), t.text) for t in root.iterfind(".//t:div[@n='50A']/t:p/t:term", ns)]
    assert terms == [("#def-2", "Нарушитель"), ("#def-1", "штрафную карту")]
    assert root.find(".//t:bibl[@type='print']/t:date", ns).text == "1990"


def test_check_report_names_the_title_page_and_the_apparatus(read_back):
    from lawsearch.check import quality_report

    text = quality_report(read_back).text()
    # «Перевод с английского А. В. Полозова»: the report names the translator in the nominative
    assert "title page: title МЕЖДУНАРОДНЫЕ ПРАВИЛА ДУБЛИКАТНОГО БРИДЖА; edition 1987; translator А. В. Полозов;" in text
    assert "year 1990" in text and "not on it: subtitle, editor, original" in text
    assert "subject index: 3 entries, 3 headwords" in text
    assert "definitions: 2 terms" in text


def test_every_link_of_the_book_resolves(book):
    """The index's, the definitions' and the terms' links land on a file and an anchor."""
    from urllib.parse import unquote, urlsplit

    from test_site import parse_site

    site = book / "site"
    pages = parse_site(site)
    broken, terms = [], 0
    for path, page in pages.items():
        for attr, value in page.links:
            parts = urlsplit(value)
            if parts.scheme or not (parts.path or parts.fragment):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            terms += "definitions.html#def-" in value
            if not target.is_file():
                broken.append(f"{path.name}: {value} (no file)")
            elif parts.fragment and target.suffix == ".html" and parts.fragment not in pages[target].ids:
                broken.append(f"{path.name}: {value} (no anchor)")
    assert terms >= 3 and not broken, broken
