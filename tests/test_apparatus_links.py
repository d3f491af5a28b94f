"""Where the book's apparatus lands in a build (issue 13, gaps after the first builders):
the commentary of the definitions (``defs.1``, ``defs.2`` …, no law page of its own) is on
the definitions page, so no link to it points nowhere; and the single file carries the
subject index, the definitions (with that commentary) and the terms' links, as the pages do.

The corpus is made of the cold structure fixtures: a law text with an ОПРЕДЕЛЕНИЯ section
(definitions/ru-dash-terms) and a commentary opening with ОПРЕДЕЛЕНИЯ
(commentary/ru-defs-law1-items), with an invented subject index that names the definitions.
"""

from __future__ import annotations

import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from lawsearch.build import SINGLE_FILE, build

STRUCTURE = Path(__file__).resolve().parent / "data" / "structure"

INDEX = """ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ
Болван Опр., 1
Колода карт 1
- 301
"""


def corpus_dir(root: Path, with_definitions: bool = True) -> Path:
    corpus = root / "corpus"
    (corpus / "book").mkdir(parents=True)
    sources = []
    if with_definitions:
        shutil.copy(STRUCTURE / "definitions" / "ru-dash-terms" / "source.txt", corpus / "book" / "laws.txt")
        sources.append(("book/laws.txt", "laws"))
    shutil.copy(STRUCTURE / "commentary" / "ru-defs-law1-items" / "source.txt", corpus / "book" / "commentary.txt")
    sources.append(("book/commentary.txt", "commentary"))
    (corpus / "book" / "index.txt").write_text(INDEX, encoding="utf-8")
    sources.append(("book/index.txt", "index"))
    manifest = '[code]\ntitle = "Test"\nedition = "1987"\nlaws = [1, 93]\n\n' + "".join(
        f'[[source]]\npath = "{path}"\nlang = "ru"\nkind = "{kind}"\nencoding = "utf-8"\n\n' for path, kind in sources)
    (corpus / "manifest.toml").write_text(manifest, encoding="utf-8")
    return corpus


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("defs-book")
    build(corpus_dir(root), root / "out", lambda message: None, single_file=True)
    return root / "out"


@pytest.fixture(scope="module")
def commentary_only(tmp_path_factory) -> Path:
    """The commentary (with its ОПРЕДЕЛЕНИЯ) without the law text's definitions."""
    root = tmp_path_factory.mktemp("defs-commentary-only")
    build(corpus_dir(root, with_definitions=False), root / "out", lambda message: None, single_file=True)
    return root / "out"


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.terms: list[str] = []  # the href of each defined term's link

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if a.get("href") is not None:
            self.links.append(a["href"])
            if "term" in (a.get("class") or "").split():
                self.terms.append(a["href"])


def parse(path: Path) -> Page:
    p = Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def broken_links(site: Path) -> list[str]:
    """test_site.py's link check: every href/src lands on a file and, with a fragment, on an id there."""
    from test_site import site_links

    return site_links(site)[1]


def defs_commentary(out: Path) -> list[dict]:
    nodes = json.loads((out / "corpus.json").read_text(encoding="utf-8"))["nodes"]
    return [n for n in nodes if n["kind"] == "commentary" and n["law"] == "defs"]


@pytest.mark.parametrize("which", ["book", "commentary_only"])
def test_the_definitions_commentary_has_an_address_that_exists(which, request):
    out = request.getfixturevalue(which)
    nodes = defs_commentary(out)
    assert [n["id"] for n in nodes] == ["defs.1", "defs.2"]
    for n in nodes:
        page, _, anchor = n["url"].partition("#")
        assert page == "definitions.html"
        assert anchor in parse(out / "site" / page).ids, n["url"]


@pytest.mark.parametrize("which", ["book", "commentary_only"])
def test_no_link_of_a_book_with_a_definitions_commentary_is_broken(which, request):
    out = request.getfixturevalue(which)
    assert not broken_links(out / "site")


def test_the_definitions_page_shows_the_definitions_beside_their_commentary(book):
    html = (book / "site" / "definitions.html").read_text(encoding="utf-8")
    # a definition of the law text, then a sentence of the commentary's first paragraph
    assert html.index("Болван") < html.index("Составители кодекса не стремились")
    assert "Комментарий к определениям" in html
    home = (book / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="definitions.html"' in home


def test_every_node_url_of_the_search_data_and_corpus_resolves(book):
    site = book / "site"
    nodes = json.loads((book / "corpus.json").read_text(encoding="utf-8"))["nodes"]
    pages: dict[str, Page] = {}
    missing = []
    for n in nodes:
        page, _, anchor = n["url"].partition("#")
        if not (site / page).is_file():
            missing.append(n["url"])
            continue
        pages.setdefault(page, parse(site / page))
        if anchor and anchor not in pages[page].ids:
            missing.append(n["url"])
    assert not missing, missing


# -- the single file -------------------------------------------------------------------------------

def single(out: Path) -> tuple[str, Page]:
    html = (out / SINGLE_FILE).read_text(encoding="utf-8")
    p = Page()
    p.feed(html)
    return html, p


def test_the_single_file_carries_the_index_the_definitions_and_their_commentary(book):
    html, page = single(book)
    assert {"subject-index", "definitions"} <= page.ids
    assert "Колода карт" in html and "Составители кодекса не стремились" in html
    for n in defs_commentary(book):
        assert n["url"].partition("#")[2] in page.ids  # the same anchor as on the definitions page
    # the index's targets: the definitions section and law 1, in the file
    assert "#definitions" in page.links and "#l1" in page.links


def test_the_single_file_links_defined_terms_to_their_definitions(book):
    _, site_page = single(book)
    # the law pages, and the definitions page: its commentary's terms are linked as the laws' commentary's
    multi = [parse(p) for p in [*(book / "site" / "laws").glob("*.html"), book / "site" / "definitions.html"]]
    on_pages = sorted(h.partition("#")[2] for p in multi for h in p.terms)
    in_file = sorted(h.partition("#")[2] for h in site_page.terms)
    assert on_pages and in_file == on_pages  # the same first uses, linked the same way
    assert all(h.startswith("#") and h[1:] in site_page.ids for h in site_page.terms)


@pytest.mark.parametrize("which", ["book", "commentary_only"])
def test_every_in_file_link_of_the_single_file_lands(which, request):
    _, page = single(request.getfixturevalue(which))
    dangling = [h for h in page.links if h.startswith("#") and len(h) > 1 and h[1:] not in page.ids]
    assert not dangling, dangling


# -- in a real browser ------------------------------------------------------------------------------

def test_reader_of_the_single_file_follows_a_term_and_the_index(page, book):
    """From file://, no server: a defined term scrolls to its definition in the file; the
    index section's target scrolls to the law; the definitions' commentary is there."""
    page.goto((book / SINGLE_FILE).as_uri())
    term = page.locator("main a.term").first
    target_id = term.get_attribute("href")[1:]
    term.click()
    assert page.url.endswith("#" + target_id)
    assert page.locator(f"#{target_id}").is_visible()
    assert page.locator(f"#{target_id}").inner_text() in {e["term"] for e in json.loads(
        (book / "corpus.json").read_text(encoding="utf-8"))["apparatus"]["definitions"]["entries"]}
    page.click("header nav a[href='#subject-index']")
    link = page.locator("#subject-index a.index-target[data-target='1']").first
    link.click()
    assert page.url.endswith("#l1")
    assert page.locator("#cdefs-1").count() == 1


def test_reader_goes_from_the_definitions_commentary_link_to_it(page, commentary_only):
    """A corpus whose definitions are known only from the commentary: the home page links
    the definitions page, which shows that commentary under its anchors."""
    page.goto((commentary_only / "site" / "index.html").as_uri())
    page.click("main a[href='definitions.html']")
    assert page.url.endswith("definitions.html")
    assert page.locator("#cdefs-1").is_visible() and page.locator("#cdefs-2").is_visible()
