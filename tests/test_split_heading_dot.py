"""A law's label printed on its own line with the dot the one-line heading has after it
(``Правило 12.`` over ``ПОЛНОМОЧИЯ СУДЬИ``), in a text file or an FB2 title of two
paragraphs, is read as the law's heading with its title (cold read 4 of issue 12): the
dot no longer makes the whole file one unplaced piece. A lone clause label (``1.``) over
its text is not a heading. Every text here is invented."""

from __future__ import annotations

import pytest

from lawsearch.corpus import build_corpus

RU = ("Правило 31{dot}\nСАДОВЫЕ ЛЕЙКИ\nA. Полив грядок\nСадовник поливает грядки до полудня.\n"
      "Правило 32{dot}\nСАРАЙ И ИНСТРУМЕНТ\nA. Ключ\nКлюч от сарая висит у двери.\nB. Грабли\nГрабли ставят зубьями к стене.\n"
      "Правило 33{dot}\nКОМПОСТ\nКомпост перемешивают раз в неделю.\n")
EN = ("LAW 51{dot}\nGARDEN HOSES\nA. Coiling\nA hose is coiled after use.\n"
      "LAW 52{dot}\nTHE GREENHOUSE\nThe greenhouse door is shut at night.\n")


def _fb2(titles_and_text: list[tuple[str, str, str]]) -> str:
    sections = "".join(f"<section><title><p>{label}</p><p>{title}</p></title><p>{text}</p></section>"
                       for label, title, text in titles_and_text)
    return ('<?xml version="1.0" encoding="utf-8"?><FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">'
            f"<description><title-info><lang>ru</lang></title-info></description><body>{sections}</body></FictionBook>")


def _built(tmp_path, name: str, text: str, lang: str):
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / name).write_text(text, encoding="utf-8")
    return build_corpus(root, strict=False)


@pytest.mark.parametrize("dot", [".", ""])
def test_a_dotted_label_over_its_title_in_a_text_file(tmp_path, dot):
    built = _built(tmp_path, "kodeks.txt", RU.format(dot=dot), "ru")
    laws = {n.id: n.title for n in built.nodes if n.kind == "law" and not n.missing}
    assert laws == {"31": "САДОВЫЕ ЛЕЙКИ", "32": "САРАЙ И ИНСТРУМЕНТ", "33": "КОМПОСТ"}
    assert {n.id for n in built.nodes if n.kind == "section"} >= {"31A", "32A", "32B"}


def test_a_dotted_english_label_over_its_title(tmp_path):
    built = _built(tmp_path, "code.txt", EN.format(dot="."), "en")
    laws = {n.id: n.title for n in built.nodes if n.kind == "law" and not n.missing}
    assert laws == {"51": "GARDEN HOSES", "52": "THE GREENHOUSE"}


def test_an_fb2_title_of_a_dotted_label_and_a_title(tmp_path):
    book = _fb2([("Правило 41.", "ФОНАРИ", "Сторож зажигает фонари в сумерках."),
                 ("Правило 42.", "МАСЛО ДЛЯ ФОНАРЕЙ", "Масло хранят в жестяной банке.")])
    built = _built(tmp_path, "kodeks.fb2", book, "ru")
    laws = {n.id: n.title for n in built.nodes if n.kind == "law" and not n.missing}
    assert laws == {"41": "ФОНАРИ", "42": "МАСЛО ДЛЯ ФОНАРЕЙ"}
    assert any("жестяной банке" in n.text for n in built.nodes if n.law == "42")


def test_a_lone_clause_label_is_not_joined_as_a_heading():
    from lawsearch.clean import _read_by_layout
    from lawsearch.furniture import split_headings

    lines = ["Правило 7. НАЧАЛО", "1.", "СЛОВО КАПИТАНА", "Текст пункта."]
    assert split_headings(lines, lambda s: _read_by_layout(s, "ru")) == []
