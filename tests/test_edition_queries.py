"""IDs and citations asked for inside an edition (docs/editions.md, "Command line and search"):
``правило 4 edition:2016``, ``4 edition:2016``, ``Law 4 edition:2016``, ``2006~1C`` (the default
edition's own name as a prefix) are ID queries in the command line's engine and the browser's
alike; an ID the edition asked for lacks is said to be elsewhere, never "not in our text"."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch.build import build
from editions_fixtures import two_editions
from lawsearch.cli import main

# invented: a code of rules for a village bakery in three editions. 2006 (default) has laws
# 1-3; 2016 drops 1C, moves 2C to 3C and adds law 4; 2026 keeps 2016's laws and adds 4D.
OLD = """Правило 1. Печь
A.Растопка
Печь растапливают берёзовыми дровами за час до рассвета.
B.Заслонка
Заслонку закрывают, когда угли перестают светиться.
C.Зола
Золу выносят в жестяном ведре на задний двор.
Правило 2. Тесто
A.Закваска
Закваску подкармливают ржаной мукой каждый вечер.
B.Замес
Тесто месят руками на дубовом столе до гладкости.
C.Расстойка
Тесто оставляют подходить под льняным полотенцем.
Правило 3. Прилавок
A.Весы
Хлеб взвешивают на весах с медными чашками.
B.Сдача
Сдачу отсчитывают монетами, начиная с мелких.
"""
NEW = """Правило 1. Печь
A.Растопка
Печь растапливают берёзовыми дровами за час до рассвета.
B.Заслонка
Заслонку закрывают, когда угли перестают светиться.
Правило 2. Тесто
A.Закваска
Закваску подкармливают ржаной мукой каждый вечер.
B.Замес
Тесто месят руками на дубовом столе до гладкости.
Правило 3. Прилавок
A.Весы
Хлеб взвешивают на весах с медными чашками.
B.Сдача
Сдачу отсчитывают монетами, начиная с мелких.
C.Расстойка
Тесто оставляют подходить под льняным полотенцем.
Правило 4. Доставка
A.Корзины
Булки развозят в плетёных корзинах, накрытых холстом.
"""
NEWEST = NEW + """B.Телеги
Телегу с хлебом ставят у крыльца до полудня.
"""


@pytest.fixture(scope="module")
def bakery(tmp_path_factory):
    root = tmp_path_factory.mktemp("bakery")
    corpus = root / "corpus"
    (corpus / "laws").mkdir(parents=True)
    lines = ["[code]", 'title = "Устав пекарни"', 'edition = "2006"', "laws = [1, 9]", ""]
    for ed, text in (("2006", OLD), ("2016", NEW), ("2026", NEWEST)):
        (corpus / "laws" / f"{ed}-bake.txt").write_text(text, encoding="utf-8")
        lines += ["[[source]]", f'path = "laws/{ed}-bake.txt"', 'lang = "ru"', 'kind = "laws"', f'edition = "{ed}"',
                  'layout = "ru-book"', ""]
    (corpus / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    build(corpus, root / "build", lambda message: None)
    return corpus, root / "build"


def run(built, *args):
    folder, out = built
    return CliRunner().invoke(main, [args[0], "--corpus", str(folder), "--out", str(out), *args[1:]])


def answer(built, query: str) -> dict:
    result = run(built, "search", query, "--json", "--limit", "20")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


ASKED = [
    ("4 edition:2016", "2016~4"),
    ("правило 4 edition:2016", "2016~4"),
    ("Law 4 edition:2016", "2016~4"),
    ("правило 3C edition:2016", "2016~3C"),
    ("3c edition:2016", "2016~3C"),
    ("4B edition:2026", "2026~4B"),
    ("1 edition:2006", "1"),            # the default edition named
    ("правило 1C edition:2006", "1C"),
    ("2006~1C", "1C"),                  # the default edition's own name as a prefix
    ("2006~2", "2"),
    ("2016~4A", "2016~4A"),
]


@pytest.mark.parametrize("query, target", ASKED)
def test_an_id_or_a_citation_in_an_edition_finds_that_editions_node(bakery, query, target):
    """The law by its number, a citation and a clause ID with ``edition:``, and the default
    edition's prefixed ID, are ID queries: the node itself first, no word of them missing."""
    data = answer(bakery, query)
    assert data["kind"] == "id" and data["target"] == target, data
    assert data["hits"][0]["id"] == target and not data.get("missing")


def test_an_id_with_another_filter_is_still_searched_as_text(bakery):
    """Only ``edition:`` scopes an ID query; ``4A kind:section`` stays a text query (as before)."""
    assert answer(bakery, "4A kind:section")["kind"] == "text"


def test_the_browser_engine_answers_ids_in_an_edition_as_the_cli(bakery):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    _, out = bakery
    queries = [q for q, _ in ASKED] + ["2006~1C edition:2016", "4A kind:section", "Law 4 edition:2006",
                                       "правило 4 edition:2006", "4 edition:2006"]
    engine = NodeEngine(out / "site" / "search-index.js")
    searcher = Searcher(out / "index")
    try:
        answers = engine.search(queries, 10)
        found = {q: differences(python_answer(searcher, q, 10), js) for q, js in zip(queries, answers)}
        assert {q: d for q, d in found.items() if d} == {}
        for (query, target), js in zip(ASKED, answers):
            assert js["kind"] == "id" and js["target"] == target, (query, js)
    finally:
        engine.close()
        searcher.close()


@pytest.mark.parametrize("query", ["правило 4 edition:2006", "Law 4 edition:2006", "4 edition:2006"])
def test_a_citation_of_a_law_the_edition_lacks_finds_nothing_there_not_its_words(bakery, query):
    """2006 has no law 4 (2016 and 2026 have): «правило 4 edition:2006» is a citation that
    finds nothing in 2006 -- the hint names where it is -- not a text search for «правило»
    and «4» that reads the word as another and lists 2006's text (cold 5 of issue 15, 6)."""
    data = answer(bakery, query)
    assert data["hits"] == [] and data["total"] == 0, data
    assert not data.get("understood_as") and not data.get("missing"), data
    assert [f["edition"] for f in data["elsewhere"]["found"]] == ["2016", "2026"]


def test_an_id_the_default_edition_lacks_prints_the_other_editions_hint_not_damage(bakery):
    """``search 3C`` (2006 has law 3 but no 3C; 2016 and 2026 have it): the text names the
    editions that have it and the search finding it there, and no "not in our text"."""
    shown = run(bakery, "search", "3C")
    assert shown.exit_code == 0, shown.output
    assert "3C edition:2016" in shown.output and "3C edition:2026" in shown.output, shown.output
    assert "in our text" not in shown.output
    data = answer(bakery, "3C")
    assert [f["edition"] for f in data["elsewhere"]["found"]] == ["2016", "2026"]


@pytest.mark.parametrize("query, says", [
    ("law:4 edition:2006", "law:4 names no law of the 2006 edition, which holds laws 1-3; "
                           "law 4 of edition 2016: law:4 edition:2016; law 4 of edition 2026: law:4 edition:2026"),
    ("law:7 edition:2016", "law:7 names no law of the 2016 edition, which holds laws 1-4"),
])
def test_a_law_filter_in_an_edition_names_that_editions_laws_and_where_else_it_is(bakery, query, says):
    from lawsearch.query import QueryError, Searcher
    from node_engine import NodeEngine

    shown = run(bakery, "search", query)
    assert shown.exit_code == 2 and says in shown.output, shown.output
    _, out = bakery
    engine = NodeEngine(out / "site" / "search-index.js")
    searcher = Searcher(out / "index")
    try:
        js = engine.search([query], 10)[0]
        with pytest.raises(QueryError) as python:
            searcher.search(query, limit=10)
        assert js["error"] == str(python.value) == says
    finally:
        engine.close()
        searcher.close()


def test_the_browser_says_where_enter_goes_without_denying_the_other_editions(bakery, browser):
    """Under «3C нет в редакции 2006 г.; есть в редакциях 2016, 2026; в редакции 2006 г. это
    2C» (2006's 2C is 2016's 3C, by the comparison of the texts: cold read 6, finding 4) the
    panel says Enter goes to 2C -- not to law 3, which only shares the number, and not that 3C
    is not in the text; a law filter naming no law of an edition says that edition's laws, in
    the site's language."""
    from lawsearch.profile import load_profile

    profile = load_profile("bridge")
    _, out = bakery
    page = browser.new_page()
    page.goto((out / "site" / "index.html").as_uri())
    page.fill("#q", "3C")
    page.locator("#results .elsewhere").wait_for()
    page.wait_for_function("document.querySelector('#results').innerText.includes('Enter')")
    text = page.inner_text("#results")
    assert profile.text("ru", "search_elsewhere_many", id="3C", edition="2006", found="2016, 2026") in text, text
    assert profile.text("ru", "search_went", edition="2006", target="2C") in text, text
    assert profile.text("ru", "search_go", id="2C") in text, text
    assert profile.text("ru", "search_go_law", id="3") not in text
    assert profile.text("ru", "search_not_there", id="3C", law="3") not in text
    page.fill("#q", "law:4 edition:2006")
    said = profile.text("ru", "search_error_law_in_edition_elsewhere", law="4", edition="2006", first="1", last="3",
                        filters="law:4 edition:2016; law:4 edition:2026")
    page.wait_for_function("document.querySelector('#results').innerText.includes('law:4')")
    assert said in page.inner_text("#results")
    page.close()


def test_show_refuses_an_id_of_one_edition_with_another_named(bakery):
    """``show 2016~3C --edition 2026`` names two editions: a usage error saying so, not a
    message contradicting itself; the same edition twice is that edition's node."""
    conflicting = run(bakery, "show", "2016~3C", "--edition", "2026")
    assert conflicting.exit_code == 2, conflicting.output
    assert "2016" in conflicting.output and "2026" in conflicting.output and "3C --edition 2026" in conflicting.output
    same = run(bakery, "show", "2016~3C", "--edition", "2016")
    assert same.exit_code == 0 and same.output == run(bakery, "show", "3C", "--edition", "2016").output


def test_diff_of_folders_refuses_a_folder_of_several_editions(bakery, tmp_path):
    """``diff DIR1 DIR2`` compares one edition per folder: a folder holding several is a
    usage error naming it, its editions and the command comparing them."""
    folder, _ = bakery
    one = tmp_path / "one"
    (one / "laws").mkdir(parents=True)
    (one / "laws" / "old.txt").write_text(OLD, encoding="utf-8")
    (one / "manifest.toml").write_text('[code]\ntitle = "Устав"\nedition = "2006"\nlaws = [1, 9]\n\n[[source]]\n'
                                       'path = "laws/old.txt"\nlang = "ru"\nkind = "laws"\nlayout = "ru-book"\n',
                                       encoding="utf-8")
    for pair in ([str(one), str(folder)], [str(folder), str(one)]):
        result = CliRunner().invoke(main, ["diff", *pair])
        assert result.exit_code == 2, result.output
        assert "several editions (2006, 2016, 2026)" in result.output and "diff 2006 2016 --corpus" in result.output


# -- a superseded edition's hit below the current one's (cold read 12 of issue 16, finding 1) ------

# invented: 2016 is the default (current) edition; 2006's clause 1A says «дровами» twice in fewer
# words, so it scores higher on it than the current 1A -- yet the reader is shown the current first
CURRENT = """Правило 1. Печь
A.Растопка
Печь растапливают берёзовыми дровами за час до рассвета, а заслонку держат открытой.
B.Заслонка
Заслонку закрывают, когда угли перестают светиться.
"""
SUPERSEDED = """Правило 1. Печь
A.Растопка
Печь топят дровами, сухими дровами.
B.Заслонка
Заслонку закрывают, когда угли погаснут.
"""


@pytest.fixture(scope="module")
def stove(tmp_path_factory):
    root = tmp_path_factory.mktemp("stove")
    return two_editions(root, SUPERSEDED, CURRENT)


STOVE_QUERIES = ["дровами", "дрова", "заслонку закрывают", "угли", "печь"]


@pytest.mark.parametrize("query", STOVE_QUERIES)
def test_a_superseded_editions_hit_ranks_below_the_current_ones_of_the_same_id(stove, query):
    """Where a node of another edition and the same ID of the default (current) edition both
    match, the current one comes first -- the superseded one still listed, never hidden."""
    ids = [h["id"] for h in answer(stove, query)["hits"]]
    for at, node_id in enumerate(ids):
        if node_id.startswith("2006~") and node_id.removeprefix("2006~") in ids:
            assert ids.index(node_id.removeprefix("2006~")) < at, ids
    if query == "дровами":  # the case: the superseded 1A scores higher on its own
        assert ids.index("1A") < ids.index("2006~1A"), ids


def test_the_browser_ranks_the_superseded_editions_hits_as_the_cli(stove):
    from lawsearch.query import Searcher
    from node_engine import NodeEngine, differences, python_answer

    _, out = stove
    engine = NodeEngine(out / "site" / "search-index.js")
    searcher = Searcher(out / "index")
    try:
        answers = engine.search(STOVE_QUERIES, 10)
        found = {q: differences(python_answer(searcher, q, 10), js) for q, js in zip(STOVE_QUERIES, answers)}
        assert {q: d for q, d in found.items() if d} == {}
        js = [h["id"] for h in answers[0]["hits"]]
        assert js.index("1A") < js.index("2006~1A"), js
    finally:
        engine.close()
        searcher.close()
