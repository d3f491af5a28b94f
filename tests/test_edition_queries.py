"""IDs and citations asked for inside an edition (docs/editions.md, "Command line and search"):
``правило 4 edition:2016``, ``4 edition:2016``, ``Law 4 edition:2016``, ``2006~1C`` (the default
edition's own name as a prefix) are ID queries in the command line's engine and the browser's
alike; an ID the edition asked for lacks is said to be elsewhere, never "not in our text"."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch.build import build
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
    queries = [q for q, _ in ASKED] + ["2006~1C edition:2016", "4A kind:section", "Law 4 edition:2006"]
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
