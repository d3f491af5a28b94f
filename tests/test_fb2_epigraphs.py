"""Issue 12, cold read 13, finding 7: an FB2 book's epigraph, citation and text's author
(``<epigraph>``, ``<cite>``, ``<text-author>``) are the book's content, whatever their shape:
an epigraph standing over every law («Порядок прежде всего.» / «Из протоколов») is never
taken for a running header by repetition (furniture.repeated_lines). A plain paragraph
repeated so (a converted book's running head) still is. The books are invented."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.formats import read_document

RU_LAWS = [("Правило 70. Пасека", [("A. Ульи", "Ульи ставят рядами вдоль южной изгороди."),
                                    ("B. Дымарь", "Дымарь разжигают гнилушками и сухим мхом.")]),
           ("Правило 71. Мастерская", [("A. Заводка", "Часы заводят ключом по четвергам."),
                                        ("B. Починка", "Пружину меняет мастер с разрешения председателя.")]),
           ("Правило 72. Голубятня", [("A. Корм", "Голубей кормят пшеном дважды в день."),
                                       ("B. Выпуск", "Голубей выпускают лишь в ясную погоду.")])]
EN_LAWS = [("LAW 70 - THE APIARY", [("A. Hives", "Hives stand in rows along the southern fence."),
                                    ("B. Smoker", "The smoker is lit with dry moss.")]),
           ("LAW 71 - THE WORKSHOP", [("A. Winding", "The clock is wound with a key on Thursdays."),
                                      ("B. Repair", "A spring is changed by the master alone.")]),
           ("LAW 72 - THE DOVECOTE", [("A. Feed", "Doves are fed millet twice a day."),
                                      ("B. Release", "Doves are let out only in clear weather.")])]

EPIGRAPHS = {
    "ru": [("<epigraph><p>Порядок прежде всего.</p><text-author>Из протоколов</text-author></epigraph>",
            ["Из протоколов"]),
           ("<epigraph><p>Тише едешь — дальше будешь</p><text-author>Устав 1901 года</text-author></epigraph>",
            ["Тише едешь — дальше будешь", "Устав 1901 года"]),
           ("<cite><p>Книга записей клуба</p><text-author>Секретарь</text-author></cite>",
            ["Книга записей клуба", "Секретарь"])],
    "en": [("<epigraph><p>Order above all.</p><text-author>From the Minutes</text-author></epigraph>",
            ["From the Minutes"]),
           ("<epigraph><p>Slow and steady</p><text-author>The Rules of 1901</text-author></epigraph>",
            ["Slow and steady", "The Rules of 1901"]),
           ("<cite><p>The Club Register</p><text-author>The Secretary</text-author></cite>",
            ["The Club Register", "The Secretary"])],
}


def book(laws, over_each: str) -> bytes:
    sections = "".join(
        f"<section><title><p>{title}</p></title>{over_each}"
        + "".join(f"<section><title><p>{label}</p></title><p>{text}</p></section>" for label, text in parts)
        + "</section>" for title, parts in laws)
    return ('<?xml version="1.0" encoding="utf-8"?><FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">'
            f"<description><title-info><book-title>Club</book-title></title-info></description><body>{sections}"
            "</body></FictionBook>").encode("utf-8")


def built_text(tmp_path, data: bytes) -> tuple[str, str]:
    (tmp_path / "club.fb2").write_bytes(data)
    corpus, out = tmp_path / "corpus", tmp_path / "out"
    added = CliRunner().invoke(main, ["add", str(tmp_path / "club.fb2"), "--corpus", str(corpus)])
    assert added.exit_code == 0, added.output
    built = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--out", str(out)])
    assert built.exit_code == 0, built.output
    explained = CliRunner().invoke(main, ["clean", str(corpus / "laws" / next(
        p.name for p in (corpus / "laws").iterdir()) / "club.fb2"), "--explain"])
    return (out / "corpus.json").read_text(encoding="utf-8"), explained.output


@pytest.mark.parametrize("lang, k", [(lang, k) for lang in ("ru", "en") for k in range(3)])
def test_an_epigraph_over_every_law_is_kept(tmp_path, lang, k):
    markup, words = EPIGRAPHS[lang][k]
    text, explained = built_text(tmp_path, book(RU_LAWS if lang == "ru" else EN_LAWS, markup))
    nodes = json.loads(text)["nodes"]
    for word in words:
        assert sum(word in (n.get("text") or "") for n in nodes) == 3, (word, explained)
        assert word not in explained.split("[repeated_lines]", 1)[-1] or "[repeated_lines]" not in explained


def test_the_reader_marks_the_epigraph_lines():
    markup, _ = EPIGRAPHS["ru"][0]
    doc = read_document(book(RU_LAWS, markup), "club.fb2")
    marked = {doc.lines[n] for n in doc.content}
    assert marked == {"Порядок прежде всего.", "Из протоколов"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_plain_paragraph_repeated_over_every_law_is_still_a_running_head(tmp_path, lang):
    """The control: the same short line as a paragraph of its own (a converted book's running
    head) is furniture, as before."""
    head = "<p>Устав клуба</p>" if lang == "ru" else "<p>The Club Rules</p>"
    text, explained = built_text(tmp_path, book(RU_LAWS if lang == "ru" else EN_LAWS, head))
    assert "[repeated_lines]" in explained
    nodes = json.loads(text)["nodes"]
    assert not [n["id"] for n in nodes if head[3:-4] in (n.get("text") or "")]
