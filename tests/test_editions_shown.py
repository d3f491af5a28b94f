"""What the edition switch shows (issue 15, cold read 3): a claim that a law was removed or is
not yet in an edition only where a comparison of a shared language backs it; the editions in
the order they were published, not as the manifest lists them; each link's ``hreflang`` the
language of the edition it leads to.

An invented regatta code in three editions, listed in the manifest out of order: 2012
(Russian, the default), 2004 (Russian and English), 2020 (English). 2012 and 2020 share no
language: the only chain of comparisons between them runs through 2004, which is older than
both -- a law added in 2012 is "not yet" in 2004, and that says nothing of 2020."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from lawsearch import editions
from lawsearch.build import build
from lawsearch.corpus import build_corpus

RU_2004 = """Правило 1. Лодка
Лодка длиной не более шести метров допускается к гонке.
Правило 2. Старт
Лодки выстраиваются у буйков за пять минут до выстрела.
Правило 3. Флаги
Каждая лодка несёт на мачте флаг своего клуба.
Правило 4. Финиш
Гонка кончается, когда нос лодки пересекает линию между буями.
"""
EN_2004 = """Law 1 - The Boat
A boat no longer than six metres is admitted to the race.
Law 2 - The Start
Boats line up at the buoys five minutes before the shot.
Law 3 - Flags
Every boat flies the flag of its club on the mast.
Law 4 - The Finish
The race ends when the bow of the boat crosses the line between the buoys.
"""
RU_2012 = """Правило 1. Лодка
Лодка длиной не более шести метров допускается к гонке.
Правило 2. Старт
Лодки выстраиваются у буйков за пять минут до выстрела.
Правило 3. Финиш
Гонка кончается, когда нос лодки пересекает линию между буями.
Правило 4. Туман
В густом тумане судья останавливает гонку звоном колокола.
Правило 5. Ветер
При ветре сильнее пятнадцати метров в секунду старт переносят на час.
"""
EN_2020 = """Law 1 - The Boat
A boat no longer than six metres is admitted to the race.
Law 2 - Fog
In thick fog the umpire stops the race by ringing the bell.
Law 3 - The Start
Boats line up at the buoys five minutes before the shot.
Law 4 - The Finish
The race ends when the bow of the boat crosses the line between the buoys.
"""
# the manifest's order: the default first, then the others as a clerk happened to add them
FILES = [("2012", "ru", "ru-book", RU_2012), ("2004", "ru", "ru-book", RU_2004),
         ("2004", "en", "en-2007", EN_2004), ("2020", "en", "en-2007", EN_2020)]


def write_corpus(root: Path, default: str, files: list[tuple[str, str, str, str]]) -> Path:
    root.mkdir(parents=True)
    lines = ["[code]", 'title = "Invented regatta code"', f'edition = "{default}"', ""]
    for k, (edition, lang, layout, text) in enumerate(files):
        (root / f"{edition}-{k}-{lang}.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "{edition}-{k}-{lang}.txt"', f'lang = "{lang}"', 'kind = "laws"',
                  f'edition = "{edition}"', f'layout = "{layout}"', 'encoding = "utf-8"', ""]
    (root / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    return root


def switch(site: Path, page: str) -> list[tuple[str, str | None, str | None, str]]:
    """A law page's edition switch in the order shown: (edition, href, hreflang, text); the
    current edition has no href."""
    html = (site / "laws" / page).read_text(encoding="utf-8")
    nav = re.search(r'<nav class="edition-switch".*?</nav>', html, re.S).group(0)
    out = []
    for m in re.finditer(r'<strong aria-current="page">([^<]*)</strong>|<a href="([^"]*)"([^>]*)data-edition="([^"]*)">'
                         r'(.*?)</a>', nav, re.S):
        if m[1] is not None:
            out.append((unescape(m[1]), None, None, unescape(m[1])))
        else:
            lang = re.search(r'hreflang="([^"]*)"', m[3])
            out.append((unescape(m[4]), unescape(m[2]).split("#")[0], lang and lang[1], unescape(m[5])))
    return out


def entry(site: Path, page: str, edition: str) -> tuple[str | None, str | None, str]:
    return next((href, lang, text) for ed, href, lang, text in switch(site, page) if ed == edition)


@pytest.fixture(scope="module")
def regatta(tmp_path_factory):
    root = tmp_path_factory.mktemp("regatta")
    folder = write_corpus(root / "corpus", "2012", FILES)
    build(folder, root / "build", lambda message: None)
    return build_corpus(folder), root / "build" / "site"


# -- claims backed by a comparison ------------------------------------------------------------

CLAIMS = ("исключено", "ещё нет", "нет")


def test_a_law_added_after_the_edition_a_chain_runs_through_is_not_said_removed(regatta):
    """2012's law 5 is not in 2004 (added in 2012); the chain to 2020 runs through 2004 only,
    so nothing compares it with 2020: the switch says it could not check (2020 has no law 5),
    never "removed"."""
    corpus, site = regatta
    assert editions.counterpart_of(corpus, "5", "2020") == editions.Counterpart(None, False, "unchecked")
    href, _, text = entry(site, "5.html", "2020")
    assert href.endswith("index~2020.html")
    assert "не удалось сверить" in text and not any(word in text for word in ("исключено", "ещё нет"))


def test_with_nothing_compared_a_law_of_the_same_number_is_linked_by_number(regatta):
    """2012's law 4 (fog) has no comparison to 2020 either; 2020 has a law 4: linked by number,
    the link saying so -- not "removed"."""
    corpus, site = regatta
    assert editions.counterpart_of(corpus, "4", "2020") == editions.Counterpart("2020~4", True, "number")
    href, _, text = entry(site, "4.html", "2020")
    assert href.endswith("2020~4.html") and "по номеру" in text and "исключено" not in text
    # and back: 2020's law 2 (fog) is not in 2004, which is older than 2012 too: not "not yet in 2012"
    assert editions.counterpart_of(corpus, "2020~2", "2012").by == "number"
    href, _, text = entry(site, "2020~2.html", "2012")
    assert href.endswith("2.html") and "ещё нет" not in text


def test_a_comparison_of_a_shared_language_still_says_removed_and_not_yet(regatta):
    """Where the two editions share a language the claims stand: flags removed 2004 → 2012
    (Russian) and 2004 → 2020 (English); fog not yet in 2004."""
    corpus, site = regatta
    assert editions.counterpart_of(corpus, "2004~3", "2012") == editions.Counterpart(None, False, "comparison")
    assert "исключено" in entry(site, "2004~3.html", "2012")[2]
    assert "исключено" in entry(site, "2004~3.html", "2020")[2]
    assert "ещё нет" in entry(site, "4.html", "2004")[2]
    assert "ещё нет" in entry(site, "2020~2.html", "2004")[2]
    # renumbered through the comparisons: 2004's finish is 3 in 2012 and 4 in 2020
    assert entry(site, "2004~4.html", "2012")[0].endswith("laws/3.html")


# -- the order of editions ----------------------------------------------------------------------

def test_the_switch_and_the_contents_list_editions_in_the_order_published(regatta):
    corpus, site = regatta
    assert FILES[0][0] == "2012"  # the manifest's order is another
    # the corpus itself holds them in that order too (corpus.json, check, stamps: cold read 6)
    assert [e.id for e in corpus.editions] == ["2004", "2012", "2020"]
    for page in ("1.html", "2004~1.html", "2020~1.html"):
        assert [e[0] for e in switch(site, page)] == ["2004", "2012", "2020"], page
    for contents in ("index.html", "index~2004.html", "index~2020.html"):
        html = (site / contents).read_text(encoding="utf-8")
        nav = re.search(r'<nav class="edition-switch".*?</nav>', html, re.S).group(0)
        shown = re.findall(r'aria-current="page">([^<]*)<|data-edition="([^"]*)"', nav)
        assert [a or b for a, b in shown] == ["2004", "2012", "2020"], contents
    # each edition is compared with the nearest earlier one sharing a language: 2012 (Russian)
    # with 2004, 2020 (English) with 2004, not with the Russian-only 2012 between them
    assert sorted(p.name for p in (site / "compare").iterdir()) == ["2004~2012", "2004~2020"]


def test_chronological_order_of_names():
    assert editions.chronological(["2012", "2004", "club", "2020"]) == ["2004", "2012", "2020", "club"]
    assert editions.chronological(["2017-fed", "2017", "2016.12"]) == ["2016.12", "2017-fed", "2017"]
    assert editions.chronological(["v2", "v1"]) == ["v2", "v1"]  # no dates: as listed


@pytest.mark.parametrize("edition, than, later", [
    ("2012", "2004", True), ("2004", "2012", False), ("fed-2021", "2017", True),
    ("2017-fed", "2017", None),   # one year: which came first the names do not say
    ("club", "2017", None), ("v2", "v1", None), ("2017", "2017", None),
])
def test_later_goes_by_the_dates_the_names_carry(edition, than, later):
    assert editions.later(edition, than) is later


# -- hreflang and lang: the language of the edition a link leads to ------------------------------

def test_links_to_an_english_only_edition_say_hreflang_en(regatta):
    _, site = regatta
    assert entry(site, "1.html", "2020")[1] == "en"
    assert entry(site, "1.html", "2004")[1] == "ru"   # Russian with English: its own language
    assert entry(site, "2020~1.html", "2012")[1] == "ru"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="index~2020.html" hreflang="en"', home)
    # the English-only edition's contents: its titles marked English on the Russian page
    contents = (site / "index~2020.html").read_text(encoding="utf-8")
    assert re.search(r'<td lang="en"><a href="laws/2020~2.html[^"]*">Fog</a>', contents)


# -- search says when the ID asked for is in another edition ----------------------------------

ELSEWHERE_QUERIES = ["правило 5 edition:2004", "5 edition:2020", "Law 4 edition:2020", "правило 5", "5",
                     "правило 9 edition:2004", "туман edition:2004", "4 edition:2004 kind:law"]


def test_search_says_an_id_is_not_in_the_edition_searched_but_in_others(regatta):
    """Law 5 (wind) is 2012's only: asked for in 2004 (or 2020), the answer says so and names
    2012, in --json (``elsewhere``) and in the text."""
    from click.testing import CliRunner

    from lawsearch.cli import main
    from lawsearch.query import Searcher

    _, site = regatta
    out = site.parent
    searcher = Searcher(out / "index")
    try:
        answer = searcher.search("правило 5 edition:2004").to_dict()
        assert answer["elsewhere"] == {"id": "5", "edition": "2004", "found": [
            {"edition": "2012", "id": "5", "url": "laws/5.html#l5"}]}
        assert searcher.search("5 edition:2020").to_dict()["elsewhere"]["edition"] == "2020"
        # 2020 has a law 4 (another law, but law 4): nothing to say; 5 is in the default edition
        for query in ("Law 4 edition:2020", "правило 5", "5", "туман edition:2004"):
            assert "elsewhere" not in searcher.search(query).to_dict(), query
        # a law no edition has: nothing to point to
        assert "elsewhere" not in searcher.search("правило 9 edition:2004").to_dict()
    finally:
        searcher.close()
    folder = out.parent / "corpus"
    said = CliRunner().invoke(main, ["search", "правило 5 edition:2004", "--corpus", str(folder), "--out", str(out)])
    assert said.exit_code == 0, said.output
    assert said.output.splitlines()[0] == "5 нет в редакции 2004 г.; есть в редакции 2012"
    assert "laws/5.html#l5" in said.output and "5 edition:2012" in said.output


def test_the_browser_engine_says_the_same_of_an_id_in_another_edition(regatta):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    _, site = regatta
    engine = NodeEngine(site / "search-index.js")
    searcher = Searcher(site.parent / "index")
    try:
        answers = engine.search(ELSEWHERE_QUERIES, 10)
        found = {q: differences(python_answer(searcher, q, 10), js) for q, js in zip(ELSEWHERE_QUERIES, answers)}
        assert {q: d for q, d in found.items() if d} == {}
        assert answers[0]["elsewhere"]["found"][0]["edition"] == "2012"
    finally:
        engine.close()
        searcher.close()


def test_the_browser_shows_where_the_id_is(regatta, browser):
    """The panel says it in the site's language, the edition that has it a link to it there."""
    _, site = regatta
    page = browser.new_page()
    page.goto((site / "index.html").as_uri())
    page.fill("#q", "правило 5 edition:2004")
    page.locator("#results .elsewhere").wait_for()
    assert page.inner_text("#results .elsewhere") == "5 нет в редакции 2004 г.; есть в редакции 2012"
    link = page.get_attribute("#results .elsewhere a", "href")
    page.close()
    assert link.endswith("laws/5.html#l5")


def test_show_claims_neither_removed_nor_added_between_editions_of_no_known_order(tmp_path):
    """"club" and "fed" carry no dates: which came first is not known, so a law only one has
    is said to be found nowhere in the other, not "removed" or "added"."""
    from lawsearch.show import not_in_edition

    club = "Правило 1. Лодка\nЛодка длиной не более шести метров допускается к гонке.\n" \
           "Правило 2. Флаги\nКаждая лодка несёт на мачте флаг своего клуба.\n"
    fed = "Правило 1. Лодка\nЛодка длиной не более шести метров допускается к гонке.\n"
    folder = write_corpus(tmp_path / "corpus", "club", [("club", "ru", "ru-book", club), ("fed", "ru", "ru-book", fed)])
    corpus = build_corpus(folder)
    said = not_in_edition(corpus, "2", "fed")
    assert "not in the fed edition" in said and "nowhere in the fed edition" in said
    assert "removed" not in said and "added" not in said


def test_show_of_a_law_the_edition_lacks_reads_the_editions_in_order_and_tells_every_dated_comparison(tmp_path):
    """2010 (the default) lacks law 2: 2001 had it (removed in 2010), 2019 has it again (added
    in 2019), and "club" (no date) has it too. Listed out of order, the editions are named in
    the order of their dates, both dated comparisons are told, and the undated one's "found
    nowhere" is not the answer (cold 5 of issue 15, finding 5)."""
    from lawsearch.show import not_in_edition

    one = "Правило 1. Лодка\nЛодка длиной не более шести метров допускается к гонке.\n"
    two = "Правило 2. Флаги\nКаждая лодка несёт на мачте флаг своего клуба.\n"
    folder = write_corpus(tmp_path / "corpus", "2010", [
        ("club", "ru", "ru-book", one + two), ("2019", "ru", "ru-book", one + two),
        ("2010", "ru", "ru-book", one), ("2001", "ru", "ru-book", one + two)])
    said = not_in_edition(build_corpus(folder), "2", "2010")
    assert said.index("in the 2001 edition") < said.index("in the 2019 edition"), said
    assert "removed in the 2010 edition (lawsearch diff 2001 2010)" in said, said
    assert "added in the 2019 edition (lawsearch diff 2010 2019)" in said, said
    assert "nowhere" not in said, said
