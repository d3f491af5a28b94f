"""Issue 12, cold read 13, finding 6: a saved page printing each clause's label and title as a
bold run opening its paragraph (``<p><b>A. Ульи</b> Ульи ставят…</p>``) gives the clause its
title, and the title word is not doubled into the text; a credit line naming a URL under a
label («Источник: https://…», "Source: …") after the page's last sentence is the site's
furniture, and the same shape inside the text stays. The pages are invented."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.formats import html_lines

RU = [("Правило 70. ПАСЕКА", [("A. Ульи", "Ульи ставят рядами вдоль южной изгороди."),
                               ("B. Дымарь", "Дымарь разжигают гнилушками осины.")]),
      ("Правило 71. МАСТЕРСКАЯ", [("A. Заводка", "Часы заводят ключом по четвергам."),
                                   ("B. Починка", "Пружину меняет мастер с разрешения председателя.")])]
EN = [("LAW 70 - THE APIARY", [("A. Hives", "Hives stand in rows along the southern fence."),
                               ("B. Smoker", "The smoker is lit with dry moss.")]),
      ("LAW 71 - THE WORKSHOP", [("A. Winding", "The clock is wound with a key on Thursdays."),
                                 ("B. Repair", "A spring is changed by the master alone.")])]


def page(laws, bold: str = "b", credit: str = "") -> str:
    body = "".join(f"<h2>{title}</h2>" + "".join(f"<p><{bold}>{label}</{bold}> {text}</p>" for label, text in parts)
                   for title, parts in laws)
    return (f'<!doctype html><html><head><meta charset="utf-8"><title>Club</title></head><body><article>{body}'
            f"{credit}</article></body></html>")


def built(tmp_path, html: str) -> dict[str, dict]:
    (tmp_path / "club.html").write_text(html, encoding="utf-8")
    root, out = tmp_path / "corpus", tmp_path / "out"
    added = CliRunner().invoke(main, ["add", str(tmp_path / "club.html"), "--corpus", str(root)])
    assert added.exit_code == 0, added.output
    result = CliRunner().invoke(main, ["build", "--corpus", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return {n["id"]: n for n in json.loads((out / "corpus.json").read_text(encoding="utf-8"))["nodes"]}


@pytest.mark.parametrize("laws", [RU, EN], ids=["ru", "en"])
@pytest.mark.parametrize("bold", ["b", "strong"])
def test_a_bold_run_in_label_is_the_clause_title(tmp_path, laws, bold):
    nodes = built(tmp_path, page(laws, bold))
    for title, parts in laws:
        law = title.split()[1].rstrip(".")
        for label, text in parts:
            node = nodes[law + label[0]]
            assert node["title"] == label[3:], node
            assert node["text"] == text, node  # the title word not doubled into it


def test_the_reader_sets_the_run_in_heading_on_its_own_line():
    assert html_lines("<p><b>A. Ульи</b> Ульи ставят рядами.</p>") == ["A. Ульи", "Ульи ставят рядами."]
    assert html_lines("<p><strong>(b) Keys</strong> The key is kept.</p>") == ["(b) Keys", "The key is kept."]


@pytest.mark.parametrize("html, line", [
    ("<p><b>Внимание</b> ульи не трогают.</p>", "Внимание ульи не трогают."),  # a bold word, no label
    ("<p><b>Note.</b> The hives are not touched.</p>", "Note. The hives are not touched."),
    ("<p>Ульи <b>A. Ульи</b> ставят.</p>", "Ульи A. Ульи ставят."),  # bold inside, not opening the block
    ("<p><b>2. Пчеловод приходит утром и проверяет все ульи по очереди.</b> Потом уходит.</p>",
     "2. Пчеловод приходит утром и проверяет все ульи по очереди. Потом уходит."),  # a sentence, not a title
])
def test_bold_that_is_no_run_in_heading_stays_in_its_paragraph(html, line):
    assert html_lines(html) == [line]


@pytest.mark.parametrize("laws, credit", [
    (RU, "<p>Источник: https://example.org/ustav/klub.html</p>"),
    (RU, "<p>Первоисточник: www.example.org/ustav</p>"),
    (EN, "<p>Source: https://example.org/rules/club.html</p>"),
    (EN, "<p>Original page: example.org/rules/club</p>"),
])
def test_a_credit_line_at_the_page_end_is_furniture(tmp_path, laws, credit):
    nodes = built(tmp_path, page(laws, credit=credit))
    assert not [n["id"] for n in nodes.values() if "example.org" in (n.get("text") or "")]


@pytest.mark.parametrize("laws, inside", [
    (RU, "<p><b>C. Почта</b> Письма шлют так.</p><p>Адрес: https://example.org/klub/pisma</p>"
         "<p>Ответ приходит через неделю.</p>"),
    (EN, "<p><b>C. Mail</b> Letters are sent so.</p><p>Address: https://example.org/club/letters</p>"
         "<p>An answer comes within a week.</p>"),
])
def test_a_labelled_url_inside_the_text_stays(tmp_path, laws, inside):
    html = page(laws).replace("</article>", inside + "</article>")
    nodes = built(tmp_path, html)
    assert "example.org" in nodes["71C"]["text"], nodes["71C"]
