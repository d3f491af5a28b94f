"""The static site: links and anchors resolve, no network, text is escaped, and in a real
headless Chromium the search answers as the command line does."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conftest import CORPUS_DIR, one_file_corpus, relevance_set
from lawsearch import ids
from lawsearch.build import build


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []  # (attribute, value)

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if name in ("href", "src") and value is not None:
                self.links.append((name, value))


def parse_site(site: Path) -> dict[Path, Links]:
    pages = {}
    for path in site.rglob("*.html"):
        p = Links()
        p.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = p
    return pages


def site_links(site: Path) -> tuple[int, list[str]]:
    """How many links and sources the site's pages hold, and those that do not land: an
    external address, a missing file, or a fragment with no such id on its page."""
    pages = parse_site(site)
    broken = []
    checked = 0
    for path, page in pages.items():
        where = path.relative_to(site.resolve())
        for attr, value in page.links:
            parts = urlsplit(value)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            checked += 1
            if parts.scheme or parts.netloc:
                broken.append(f"{where}: external {attr} {value!r}")
            elif not target.is_file():
                broken.append(f"{where}: {value} (no file)")
            elif parts.fragment and target.suffix == ".html" and parts.fragment not in pages[target].ids:
                broken.append(f"{where}: {value} (no anchor)")
    return checked, broken


def test_every_link_and_anchor_resolves(built):
    checked, broken = site_links(built / "site")
    assert checked > 300
    assert not broken, "\n".join(broken)


def test_every_node_has_its_contract_anchor(built, corpus):
    pages = parse_site(built / "site")
    for node in corpus.nodes:
        page_path, _, fragment = ids.node_url(node).partition("#")
        page = pages[(built / "site" / page_path).resolve()]
        assert fragment == ids.anchor(node.id) and fragment in page.ids, node.id


def test_no_network_in_pages_and_styles(built):
    for path in (built / "site").rglob("*"):
        if path.suffix in (".html", ".css"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(?:src|href)=[\"']?(?:https?:)?//", text), path
            assert "@import" not in text and not re.search(r"url\((?!['\"]?data:)", text), path


def test_cited_by_lists_on_the_cited_clause(built):
    html = (built / "site" / "laws" / "53.html").read_text(encoding="utf-8")
    law = html[html.index('id="l53"'):]
    cited = re.search(r'На это ссылаются: (.*?)</p>', law).group(1)
    assert re.findall(r">([\w().]+)</a>", cited) == ["54B", "55A"]


def test_references_are_links_by_status(built):
    html = (built / "site" / "laws" / "54.html").read_text(encoding="utf-8")
    assert 'href="../laws/53.html#l53"' in html  # a node we have
    assert re.search(r'<span class="ref outside"[^>]*>правилу 41</span>', html)  # not in the corpus
    html47 = (built / "site" / "laws" / "47.html").read_text(encoding="utf-8")
    assert re.search(r'<a class="ref to-law" href="../laws/47.html#l47"[^>]*>47C</a>', html47)  # law present, clause lost


def test_pages_show_edition_gaps_and_commentary(built):
    html = (built / "site" / "laws" / "48.html").read_text(encoding="utf-8")
    assert "Открытие карт разыгрывающего" in html and "Exposure of Declarer" in html
    assert 'id="c48-4"' in html and "Редакция 1987" in html
    assert 'class="gap"' in (built / "site" / "laws" / "50.html").read_text(encoding="utf-8")


HOSTILE = """Правило 50. Заголовок <script>alert("title")</script> & "кавычки"
??????????? A.Раздел <img src=x onerror=alert(1)>
Текст с <script>alert("text")</script> & 'апострофом' и "кавычками", см. правило 50A.
"""


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    corpus = one_file_corpus(root, HOSTILE, source_extra='edition = "1987"\ntranslator = "<b>T</b> & Co"\n')
    out = root / "build"
    build(corpus, out, lambda message: None)
    return out / "site"


def test_corpus_text_is_escaped_in_pages(hostile_site):
    html = (hostile_site / "laws" / "50.html").read_text(encoding="utf-8")
    assert "<script>alert" not in html and "<img src=x" not in html and "<b>T</b>" not in html
    assert "&lt;script&gt;alert(&#34;text&#34;)&lt;/script&gt;" in html or "&lt;script&gt;alert(&quot;text&quot;)" in html
    assert "&amp;" in html


def test_search_data_cannot_close_its_script(hostile_site):
    files = [hostile_site / "search-index.js", *(hostile_site / "search").glob("*.js")]
    texts = {}
    for path in files:
        data = path.read_text(encoding="utf-8")
        assert "<" not in data, path.name  # every "<" of the corpus is written \u003c (site.script_json)
        if path.name.startswith("t"):
            texts.update(json.loads(data[data.index("[") + 1:data.rindex("]")].split(", ", 2)[2])["texts"])
    assert any('<script>alert("text")</script>' in text for text in texts.values())


# -- in a real browser ----------------------------------------------------------------------------

def test_search_an_inflected_form_and_land_on_the_hit(page, built, searcher):
    page.goto((built / "site" / "index.html").as_uri())
    page.fill("#q", "штрафными картами")
    first = page.locator("#results li a").first
    first.wait_for()
    expected = searcher.search("штрафными картами", 1).hits[0]
    assert first.get_attribute("data-id") == expected.id
    assert page.locator("#results mark").count() > 0
    first.click()
    page.wait_for_load_state()
    assert page.url.split("?")[0].endswith(expected.url.split("#")[0]) and page.url.endswith("#" + expected.url.split("#")[1])
    assert page.locator(f"#{ids.anchor(expected.id)}").is_visible()


def test_typing_an_id_jumps_to_it(page, built):
    page.goto((built / "site" / "laws" / "62.html").as_uri())
    page.keyboard.press("/")  # "/" focuses the search box
    page.keyboard.type("50E")
    page.keyboard.press("Enter")
    page.wait_for_url("**/laws/50.html#l50e")
    assert page.locator("#l50e").is_visible()


def test_hovering_a_reference_previews_its_target(page, built):
    page.goto((built / "site" / "laws" / "56.html").as_uri())
    page.hover('a.ref[data-target="50E"]')
    preview = page.locator("#preview")
    preview.wait_for(state="visible")
    assert "Распоряжение старшей штрафной картой" in preview.inner_text()


# beyond the relevance set: every operator, filters alone, English only, corrections
MORE_QUERIES = ["болван OR онер", "штраф*", "карта -штрафная", "NOT вистующий разыгрывающий", "law:50",
                "kind:commentary", "lang:en card", "lang:en penalty card", "фальшренонсм", "ыыыы", "50Z",
                "\"карта стола\" OR болван", "Law 47e2(a)", "невиновная сторона"]


@pytest.mark.parametrize("query", [q for q, _, _ in relevance_set()] + MORE_QUERIES)
def test_browser_answers_as_the_cli(browser, built, searcher, query):
    """Same hits in the same order with the same scores, the same correction; an ID query
    reaches the same anchor."""
    page = _search_page(browser, built)
    result = searcher.search(query, 10)
    js = page.evaluate("q => window.lawsearch.search(q, 10)", query)
    assert [(h["id"], round(h["score"], 4)) for h in js["hits"]] == [(h.id, round(h.score, 4)) for h in result.hits]
    assert js["corrected_query"] == result.corrected_query and js["total"] == result.total
    if result.kind == "id":
        assert js["hits"][0]["url"] == result.hits[0].url


_PAGES = {}


def _search_page(browser, built):
    if "page" not in _PAGES:
        page = browser.new_page()
        page.goto((built / "site" / "index.html").as_uri())
        _PAGES["page"] = page
    return _PAGES["page"]


def test_hostile_text_is_inert_in_the_browser(browser, hostile_site):
    page = browser.new_page()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto((hostile_site / "laws" / "50.html").as_uri())
    assert '<script>alert("text")</script>' in page.inner_text("main")
    page.fill("#q", "кавычками")
    page.locator("#results li a").first.wait_for()
    assert "<script>" in page.inner_text("#results")
    assert page.locator("#results script, #results img").count() == 0
    assert dialogs == []
    page.close()


# -- the single file --------------------------------------------------------------------------------


def test_single_file_is_self_contained(built):
    single = built / "lawsearch.html"
    page = Links()
    page.feed(single.read_text(encoding="utf-8"))
    for attr, value in page.links:
        assert value.startswith("#"), f"{attr}={value!r} leaves the file"
        assert value[1:] in page.ids or value == "#", value
    html = single.read_text(encoding="utf-8")
    assert "window.LAWSEARCH_DATA" in html and "<style>" in html
    assert html.lower().count("</script") == 5  # the data, the stemmer, the engine, the loader, the page script


def test_single_file_searches_as_the_cli(browser, built, searcher):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto((built / "lawsearch.html").as_uri())
    for query, _, _ in relevance_set():
        cli = [h.id for h in searcher.search(query, 5).hits]
        js = page.evaluate("q => window.lawsearch.search(q, 5).then(r => r.hits.map(h => h.id))", query)
        assert js[:1] == cli[:1] and set(js) == set(cli), (query, cli, js)
    page.fill("#q", "50E")
    page.keyboard.press("Enter")
    page.wait_for_function("location.hash === '#l50e'")
    page.close()


def read_pieces(site: Path) -> tuple[dict, dict[str, object]]:
    """The core and every chunk of a built site, as the browser gets them."""
    core = json.loads((site / "search-index.js").read_text(encoding="utf-8")
                      .removeprefix("window.LAWSEARCH_DATA = ").removesuffix(";\n"))
    chunks = {}
    for path in (site / "search").glob("*.js"):
        text = path.read_text(encoding="utf-8")
        build, name, data = json.loads(text[text.index("(") + 1:text.rindex(")")].split(".push(", 1)[1])
        assert build == core["build"] and path.name == f"{name}-{build}.js", path.name
        chunks[name] = data
    return core, chunks


def test_the_chunks_hold_the_very_postings_of_the_index(built, searcher):
    """Every field's postings reach the browser in the chunk its term hashes to, term for
    term, position for position (else rankings could drift), and the documents' lengths in
    theirs."""
    from lawsearch.pieces import shard

    core, chunks = read_pieces(built / "site")
    stats = searcher.stats
    for field in (*core["boosts"], *core["en_fields"], "ids"):
        for raw in searcher.searcher.reader().lexicon(field):
            term = raw.decode() if isinstance(raw, bytes) else raw
            flat = chunks[f"p{shard(term, core['shards']['p'])}"][field][term]
            decoded, doc, i = {}, 0, 0
            while i < len(flat):
                doc += flat[i]
                gaps = flat[i + 2:i + 2 + flat[i + 1]]
                decoded[doc] = [sum(gaps[:k + 1]) for k in range(len(gaps))]
                i += 2 + flat[i + 1]
            assert decoded == stats.postings(field, term), (field, term)
    rows = [row for k in range(len(stats.lengths["text"]) // core["docs_per_chunk"] + 1) for row in chunks.get(f"d{k}", [])]
    for k, f in enumerate(core["fields"]):
        assert [row[5][k] for row in rows] == stats.lengths[f], f


def test_a_first_answer_loads_only_the_chunks_it_touches(browser, built):
    page = browser.new_page()
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url) if "/search/" in r.url else None)
    page.goto((built / "site" / "index.html").as_uri())
    hits = page.evaluate("q => window.lawsearch.search(q, 10).then(r => r.hits.map(h => h.id))", "штрафная карта")
    page.close()
    assert hits and "50" in hits
    assert 0 < len(loaded) < len(list((built / "site" / "search").glob("*.js"))) / 3, loaded


def test_a_page_open_across_a_rebuild_refuses_the_new_build_and_offers_a_reload(browser, tmp_path, corpus):
    """A tab opened on one build, searching after build/ switched to another: its chunks
    are gone, and a chunk of the new build under the old name is refused; the page says so
    and offers a reload instead of mixing two builds' data."""
    from lawsearch.build import build

    out = tmp_path / "build"
    build(CORPUS_DIR, out, lambda message: None)
    page = browser.new_page()
    page.goto((out / "site" / "index.html").as_uri())
    page.evaluate("() => window.lawsearch.engine.ready()")
    old = page.evaluate("() => window.LAWSEARCH_DATA.build")
    build(CORPUS_DIR, out, lambda message: None)
    new = json.loads((out / "corpus.json").read_text(encoding="utf-8"))["build"]
    assert new != old
    page.fill("#q", "штрафная карта")
    page.locator("#results .stale").wait_for()
    assert page.locator("#results button").inner_text() and not page.locator("#results li").count()
    # the old build's names, the new build's data: refused all the same
    for path in (out / "site" / "search").glob(f"*-{new}.js"):
        path.with_name(path.name.replace(new, old)).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    page.fill("#q", "")
    page.fill("#q", "ревок")
    page.locator("#results .stale").wait_for()
    stale = page.evaluate("q => window.lawsearch.search(q, 5).then(() => null, e => e.stale === true)", "болван")
    page.close()
    assert stale


def test_every_page_has_unique_ids(built):
    for path in list((built / "site").rglob("*.html")) + [built / "lawsearch.html"]:
        found = re.findall(r'\sid="([^"]+)"', path.read_text(encoding="utf-8"))
        dupes = {i for i in found if found.count(i) > 1}
        assert not dupes, (path.name, dupes)


def test_a_shared_footnote_is_printed_once(built):
    html = (built / "site" / "laws" / "53.html").read_text(encoding="utf-8")
    assert html.count('id="fn-84-1"') == 1 and html.count('href="#fn-84-1"') == 2


def test_results_close_once_one_is_chosen(page, built):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto((built / "lawsearch.html").as_uri())
    page.fill("#q", "штрафными картами")
    page.locator("#results li a").first.click()
    page.wait_for_function("location.hash !== ''")
    assert page.locator("#results").is_hidden()
    page.fill("#q", "болван")
    page.locator("#results li a").first.wait_for()
    page.keyboard.press("Escape")
    assert page.locator("#results").is_hidden()
    page.fill("#q", "болван")
    page.locator("#results li a").first.wait_for()
    page.locator("#top").click()  # outside the search form (on a phone the results push it down)
    assert page.locator("#results").is_hidden()


def test_browser_caps_hits_per_law_and_offers_the_rest(page, built):
    page.goto((built / "site" / "index.html").as_uri())
    page.fill("#q", "штрафная карта")
    button = page.locator("#results .more-button").first
    button.wait_for()
    assert "в правиле 50" in button.inner_text()
    button.click()
    assert page.input_value("#q").startswith("law:50 ")
    page.locator("#results li a").first.wait_for()
    links = page.locator("#results li a").all()
    assert {a.get_attribute("href").split("#")[0].split("?")[0] for a in links} == {"laws/50.html"}
    assert len(links) > 3 and page.locator("#results .more-button").count() == 0  # one law: all of it


def test_concordance_page_shows_every_form_of_a_glossary_term(built):
    html = (built / "site" / "concordance.html").read_text(encoding="utf-8")
    section = html[html.index(">штрафная карта <"):]
    section = section[:section.index("</section>")]
    matches = re.findall(r'<td class="match"><a href="([^"]+)">([^<]+)</a>', section)
    assert {m.lower() for _, m in matches} >= {"штрафная карта", "штрафной картой", "штрафных карт"}
    assert "laws/50.html#l50b" in {href for href, _ in matches}


def test_headings_do_not_skip_levels(built):
    """Screen readers navigate by heading level: h1 → h2 → h3, never h1 → h3."""
    for path in (built / "site" / "laws").glob("*.html"):
        levels = [int(n) for n in re.findall(r"<h([1-6])[\s>]", path.read_text(encoding="utf-8"))]
        assert levels[0] == 1, path.name
        for before, after in zip(levels, levels[1:]):
            assert after <= before + 1, (path.name, levels)


# -- what the command line says, the browser says (issue 8) -----------------------------------------


@pytest.mark.parametrize("query", ["law:999 карта", "kind:bogus", "lang:fr card", "law:" + "5" * 500])
def test_browser_says_why_a_filter_names_nothing(page, built, searcher, query):
    from lawsearch.query import QueryError

    with pytest.raises(QueryError) as info:
        searcher.search(query)
    page.goto((built / "site" / "index.html").as_uri())
    answer = page.evaluate("q => window.lawsearch.search(q, 10)", query)
    assert answer["error"] == str(info.value)  # the engine's message is the command line's
    page.fill("#q", query)
    page.locator("#results .error").wait_for()
    # the page says it in the site's language (the profile's search_error_* strings), naming the filter
    from lawsearch.profile import load_profile

    said = answer["error_say"]
    template = load_profile("bridge").strings("ru")["search_error_" + said["key"]]
    shown = page.inner_text("#results")
    assert shown == re.sub(r"\{(\w+)\}", lambda m: str(said["values"][m[1]]), template)
    assert shown.split(":")[0] == query.split(":")[0] and "names no" not in shown and "is not a" not in shown


def test_browser_says_in_the_sites_language_that_the_search_could_not_load(browser, built, tmp_path):
    """No search data (search-index.js missing from a copied site): the panel says the search
    failed, in the site's language (the page's own data-search-failed: no data, no strings),
    instead of nothing."""
    from lawsearch.profile import load_profile

    site = tmp_path / "site"
    shutil.copytree(built / "site", site)
    (site / "search-index.js").unlink()
    page = browser.new_page()
    page.goto((site / "index.html").as_uri())
    page.fill("#q", "карта")
    page.locator("#results .failed").wait_for()
    assert page.inner_text("#results") == load_profile("bridge").strings("ru")["search_failed"]
    page.close()


@pytest.mark.parametrize("node_id", ["fn-81-1", "fn-84-1", "div-razdel-46", "48.4"])
def test_browser_jumps_to_every_id_show_takes(page, built, searcher, node_id):
    expected = searcher.search(node_id, 10)
    page.goto((built / "site" / "laws" / "62.html").as_uri())
    js = page.evaluate("q => window.lawsearch.search(q, 10)", node_id)
    assert [(h["id"], h["url"]) for h in js["hits"]] == [(h.id, h.url) for h in expected.hits]
    assert js["hits"][0]["id"] == node_id
    page.fill("#q", node_id)
    page.keyboard.press("Enter")
    page.wait_for_url("**/" + expected.hits[0].url)
    assert page.locator(f"[id='{ids.anchor(node_id)}']").is_visible()


def test_browser_more_buttons_count_every_hit_of_the_law(page, built, searcher):
    """"… ещё N в правиле 50" counts the law's matches beyond the first ten too, and the
    button shows all of them."""
    result = searcher.search("штрафная карта", limit=None)
    fifty = sum(1 for h in result.hits if h.law == "50")
    page.goto((built / "site" / "index.html").as_uri())
    page.fill("#q", "штрафная карта")
    button = page.locator("#results .more-button", has_text="в правиле 50")
    button.wait_for()
    shown = page.locator("#results li a[href*='laws/50.html']").count()
    assert f"ещё {fifty - shown} в правиле 50" in button.inner_text()
    button.click()
    page.wait_for_function("n => document.querySelectorAll('#results li a').length === n", arg=fifty)


def test_browser_offers_all_hits_when_ten_do_not_show_them(page, built, searcher):
    """The single file, with no results page beside it, lists every hit in a section of its
    own, reached from the panel's «Все результаты» link as the site's pages reach search.html."""
    result = searcher.search("карта", limit=None)
    page.goto((built / "lawsearch.html").as_uri())
    page.fill("#q", "карта")
    everything = page.locator("#results a.all-results")
    everything.wait_for()
    assert page.locator("#results li a[data-id]").count() < len(result.hits)
    everything.click()
    page.wait_for_function("n => document.querySelectorAll('#all-results li a[data-id]').length === n", arg=len(result.hits))


# -- how a query was read (issue 10) ---------------------------------------------------------------


def test_browser_says_how_it_read_the_query(page, built, searcher):
    """«понято как» and «не найдено», as the command line says them."""
    query = "декларант невиновная сторона ыыыыыыы"
    result = searcher.search(query)
    page.goto((built / "site" / "index.html").as_uri())
    page.fill("#q", query)
    page.locator("#results li a").first.wait_for()
    understood = page.locator("#results .understood").all_inner_texts()
    assert understood == [f"понято как: {u['words']} → {', '.join(u['as'])}" for u in result.understood_as]
    assert any("декларант → разыгрывающий" in line for line in understood)
    assert "ыыыыыыы" in result.missing
    # the words some hit covers first, then those none does, as the command line says them
    assert page.inner_text("#results .missing") == (
        ("найдено: " + ", ".join(result.found) + "; " if result.found else "") + "не найдено: " + ", ".join(result.missing))


def test_browser_suggestions_are_links_that_run_them(page, built, searcher):
    result = searcher.search("картц")
    assert result.corrected_query and result.suggestions
    page.goto((built / "site" / "index.html").as_uri())
    page.fill("#q", "картц")
    link = page.locator("#results a.suggestion").first
    link.wait_for()
    assert page.locator("#results a.suggestion").all_inner_texts() == result.suggestions
    link.click()
    assert page.input_value("#q") == result.suggestions[0]
    expected = [h.id for h in searcher.search(result.suggestions[0]).hits]
    page.wait_for_function("ids => [...document.querySelectorAll('#results li a')].map(a => a.dataset.id).join() === ids.join()",
                           arg=[i for g in searcher.search(result.suggestions[0]).to_dict()["groups"] for i in g["shown"]])
    assert expected


# -- what a first answer costs (issue 16: no more bytes than before the reader's features) ----------


def test_lean_leaves_out_comments_and_keeps_every_line_of_code():
    from lawsearch.site import lean

    source = ('/* a header\n   over lines */\n  // a note\n  var u = "file://x"; // said after code: kept\n'
              '  "/* a string, not a comment */",\n/* a block */ go();\n/* open\n  still */ after();\n\n'
              '  a = b\n  (c)\n')
    assert lean(source) == ('var u = "file://x"; // said after code: kept\n"/* a string, not a comment */",\n'
                            'go();\nafter();\na = b\n(c)\n')  # line breaks kept: the same statements
    templated = "// x\nvar t = `a\n  // data, not a comment\n`;\n"
    assert lean(templated) == templated


def test_shipped_scripts_are_the_sources_without_their_comments(built):
    from lawsearch.site import lean, template_dir

    for path in (template_dir() / "static").iterdir():
        if path.suffix in (".js", ".css"):
            shipped = (built / "site" / "static" / path.name).read_text(encoding="utf-8")
            assert shipped == lean(path.read_text(encoding="utf-8")), path.name
            assert len(shipped) < len(path.read_text(encoding="utf-8")), path.name


def test_search_data_carries_the_strings_the_page_script_says_and_no_others(built):
    from lawsearch.site import template_dir

    script = (template_dir() / "static" / "search.js").read_text(encoding="utf-8")
    calls = re.findall(r"\bsay\(([^)]*)", script)
    dynamic = [c for c in calls if not c.lstrip().startswith('"') and c != "key, values"]
    assert not dynamic, f"say() with a key the build cannot read: {dynamic}"  # it would print the key
    asked = {re.match(r'\s*"(\w+)"', c).group(1) for c in calls if c.lstrip().startswith('"')}
    core, _ = read_pieces(built / "site")
    # and the "_named" variants of those (say() picks one for an edition not named by a year)
    from lawsearch.profile import NAMED, load_profile as load

    asked |= {key + NAMED for key in asked if key + NAMED in load("bridge").strings("ru")}
    assert set(core["strings"]) == asked, asked ^ set(core["strings"])
