"""Issue 12, cold read 13, findings 1 and 2: pagers told by shape and context.

1. A bare run of numbers («1 2 3 4 5 6 7 8 9 10») is a pager only where its context says so --
   at the page's edge, by the page's other navigation, repeated; as a paragraph of a clause
   in the page's main text it is the law's own and stays. One removed inside the law's text
   is words lost: check names the file and line and exits 1, build fails.
2. A row of pager links holding a page counter («<< Previous Page | Page 7 of 9 | Next Page >>»)
   is a link row, whatever its arrows and the profile's navigation words.
The pages are invented."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch import furniture
from lawsearch.cli import main

RUNS = ["1 2 3 4 5 6 7 8 9 10", "1, 2, 3, 4, 5", "1 | 2 | 3 | 4"]

RU = ('<h1>Правило 81. ВЫВЕСКИ</h1><h2>A. Надписи</h2><p>Надпись рисуют на двери кладовой белой краской.</p>'
      '<p>{run}</p><h2>B. Адреса</h2><p>Адрес клуба пишут мелом на калитке.</p>')
EN = ('<h1>LAW 81 - SIGNS</h1><h2>A. Lettering</h2><p>The sign is painted on the pantry door in white.</p>'
      '<p>{run}</p><h2>B. Addresses</h2><p>The club address is chalked on the gate.</p>')


def page(body: str, tail: str = "") -> str:
    return ('<!doctype html><html><head><meta charset="utf-8"><title>81</title></head><body>'
            f'<div class="content">{body}</div>{tail}</body></html>')


def run_corpus(tmp_path, files: dict[str, str]) -> tuple[dict, object, object]:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    corpus = tmp_path / "corpus"
    added = CliRunner().invoke(main, ["add", *[str(tmp_path / n) for n in files], "--corpus", str(corpus)])
    assert added.exit_code == 0, added.output
    checked = CliRunner().invoke(main, ["check", "--corpus", str(corpus), "--out", str(tmp_path / "chk")])
    built = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--out", str(tmp_path / "out")])
    nodes = {}
    if built.exit_code == 0:
        nodes = {n["id"]: n.get("text") or "" for n in
                 json.loads((tmp_path / "out" / "corpus.json").read_text(encoding="utf-8"))["nodes"]}
    return nodes, checked, built


# -- 1. a bare run of numbers inside a clause ----------------------------------------------------

@pytest.mark.parametrize("text", [RU, EN], ids=["ru", "en"])
@pytest.mark.parametrize("run", RUNS)
def test_a_run_of_numbers_inside_a_clause_stays(tmp_path, text, run):
    """The page's real pager (links at its foot) goes; the clause's own row of numbers stays."""
    tail = '<div class="pager"><a href="80.html">1</a> <a href="81.html">2</a> <a href="82.html">3</a></div>'
    nodes, checked, built = run_corpus(tmp_path, {"law81.html": page(text.format(run=run), tail)})
    assert built.exit_code == 0, built.output
    assert run in nodes["81A"], nodes
    assert checked.exit_code == 0, checked.output
    assert "pager_rows" not in checked.output.split("Laws:")[-1]


@pytest.mark.parametrize("lang, line", [("ru", "1 2 3 4 5"), ("en", "1 2 3 4 5 6"), ("en", "1 | 2 | 3")])
def test_a_bare_run_by_shape_alone_is_no_pager(lang, line):
    """``prepare`` keeps a bare run between a clause's sentences; with a page-number word, at the
    page's foot or beside the page's links it is a pager."""
    text = (["Правило 5. Столы", "A. Номера", "Столы нумеруют так.", line, "Стулья ставят вдоль стены."]
            if lang == "ru" else ["LAW 5 - TABLES", "A. Numbers", "Tables are numbered so.", line,
                                  "Chairs stand along the wall."])
    heading = lambda s: s.startswith(("Правило", "LAW", "A."))  # noqa: E731
    out, changes = furniture.prepare(text, "laws", lang, heading)
    assert out[3] == line and not [c for c in changes if c[0] == 4]
    # the controls: at the foot of the page, and beside a row of links, it is the page's pager
    out, _ = furniture.prepare(text + [line], "laws", lang, heading)
    assert out[-1] == ""
    links = "« Предыдущая | Следующая »" if lang == "ru" else "« Previous | Next »"
    out, changes = furniture.prepare(text[:3] + [line, links, text[4]], "laws", lang, heading)
    assert out[3] == "" and (4, furniture.NUMBERS_IN_TEXT) in changes


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_pager_word_makes_a_run_a_pager_anywhere(lang):
    """The control: «Страницы: 1 2 3 4 5» / "Pages: 1 2 3 4 5" is a pager by its own word."""
    line = "Страницы: 1 2 3 4 5" if lang == "ru" else "Pages: 1 2 3 4 5"
    text = (["Правило 5. Столы", "Столы нумеруют так.", line, "Стулья ставят вдоль стены."] if lang == "ru"
            else ["LAW 5 - TABLES", "Tables are numbered so.", line, "Chairs stand along the wall."])
    out, changes = furniture.prepare(text, "laws", lang, lambda s: s.startswith(("Правило", "LAW")))
    assert out[2] == "" and (3, "pager_rows") in changes


RU_TXT = """Правило 81. Вывески
A. Надписи
Надпись рисуют на двери кладовой белой краской, а буквы обводят углём.
{run}
« Предыдущая | Следующая »
Краску берут в сарае у сторожа.
B. Адреса
Адрес клуба пишут мелом на калитке.
"""
EN_TXT = """LAW 81 - SIGNS
A. Lettering
The sign is painted on the pantry door in white, and the letters are outlined in charcoal.
{run}
« Previous | Next »
The paint is taken from the shed by the gate.
B. Addresses
The club address is chalked on the gate.
"""


@pytest.mark.parametrize("text", [RU_TXT, EN_TXT], ids=["ru", "en"])
@pytest.mark.parametrize("run", ["1 2 3 4 5 6 7 8 9 10", "1 | 2 | 3 | 4"])
def test_a_run_removed_inside_the_law_text_is_words_lost(tmp_path, text, run):
    """Beside a row of links it is taken for the page's pager; standing inside 81A's text, that
    is words lost: check names the file and line and exits 1, build fails."""
    _, checked, built = run_corpus(tmp_path, {"law81.txt": text.format(run=run)})
    assert checked.exit_code == 1, checked.output
    assert "a run of numbers inside the law text was removed" in checked.output
    assert "law81.txt:4" in checked.output, checked.output
    assert built.exit_code != 0


# -- 2. a row of pager links with a page counter -------------------------------------------------

@pytest.mark.parametrize("line, lang", [
    ("<< Previous Page | Page 7 of 9 | Next Page >>", "en"),
    ("‹ Previous | Page 7 of 9 | Next ›", "en"),
    ("« Prev | Page 2 of 5 | Next »", "en"),
    ("Previous Page | Page 7 of 9 | Next Page", "en"),
    ("« Предыдущая страница | Страница 7 из 9 | Следующая страница »", "ru"),
    ("<< Назад | Стр. 3 из 12 | Вперёд >>", "ru"),
    ("‹ Предыдущая | Страница 2 из 5 | Следующая ›", "ru"),
])
def test_a_row_of_pager_links_with_a_page_counter_is_a_link_row(line, lang):
    assert furniture.link_rows(line, lang)


@pytest.mark.parametrize("line, lang", [
    ("See page 7 of the minutes | next", "en"),
    ("The next page of the register | Page 7 of 9 is signed by the secretary.", "en"),
    ("Смотри страницу 7 протокола | далее", "ru"),
])
def test_a_sentence_naming_a_page_is_no_link_row(line, lang):
    assert not furniture.link_rows(line, lang)


EN_TABLE = """<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"></head><body>
<table><tr><td><h2>LAW 70 - THE APIARY</h2><p>A. Hives</p><p>Hives stand in rows along the southern fence.</p>
<p>B. Smoke</p><p>The smoker is lit with dry moss before the hives are opened.</p>
<p>{pager}</p></td></tr></table></body></html>"""
RU_TABLE = """<html><head><meta charset="utf-8"></head><body>
<table><tr><td><h2>Правило 70. Пасека</h2><p>A. Ульи</p><p>Ульи ставят рядами вдоль южной изгороди.</p>
<p>B. Дымарь</p><p>Дымарь разжигают сухим мхом, прежде чем открыть ульи.</p>
<p>{pager}</p></td></tr></table></body></html>"""


@pytest.mark.parametrize("page_text, pager", [
    (EN_TABLE, "&lt;&lt; Previous Page | Page 7 of 9 | Next Page &gt;&gt;"),
    (EN_TABLE, "‹ Previous | Page 7 of 9 | Next ›"),
    (RU_TABLE, "« Предыдущая страница | Страница 7 из 9 | Следующая страница »"),
    (RU_TABLE, "&lt;&lt; Назад | Стр. 3 из 12 | Вперёд &gt;&gt;"),
])
def test_the_pager_row_leaves_the_last_clause(tmp_path, page_text, pager):
    nodes, checked, built = run_corpus(tmp_path, {"laws70.htm": page_text.format(pager=pager)})
    assert built.exit_code == 0, built.output
    assert "70B" in nodes and not any(w in nodes["70B"] for w in ("Next", "Page 7", "Назад", "Страница", "Следующая"))
    assert checked.exit_code == 0, checked.output
