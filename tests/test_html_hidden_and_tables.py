"""A web page's hidden text and its tables (issue 9, cold read 13, finding 8: enL13, ruenW13).

* Text the page never shows -- an element with the ``hidden`` attribute, ``aria-hidden="true"``
  or an inline style ``display:none`` / ``visibility:hidden`` -- is furniture: left out under
  its rule (``page_hidden``, counted), never glued to the word before it, and no warning that
  a sentence stops mid-way;
* each table row is a paragraph of its own, its cells side by side on its line, and the
  paragraph after a table is its own, not the last row's continuation. A label cell and its
  text ("1." | "…") stay one line.

The pages are invented."""

from __future__ import annotations

import pytest

from conftest import english_corpus
from lawsearch.corpus import build_corpus
from lawsearch.formats import read_html

DROP_HIDDEN = "page_hidden"  # the rule check counts it under


def page(body: str, lang: str = "en") -> str:
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>Rules</title></head>'
            f'<body><main>{body}</main></body></html>')


EN = ("<h2>Law 66 - Inspection of Kettles</h2><h3>A. Current Kettle</h3>"
      "<p>A steward may look into the kettle before the water boils.{hidden}</p>"
      "<p>He then writes the level in the {inline}book.</p>")
RU = ("<h2>Правило 66. Осмотр чайников</h2><h3>A. Текущий чайник</h3>"
      "<p>Дежурный может заглянуть в чайник, пока вода не закипела.{hidden}</p>"
      "<p>Затем он записывает уровень в {inline}журнал.</p>")
HIDING = ['<span hidden>secret words</span>', '<span aria-hidden="true">secret words</span>',
          '<span style="color: red; display: none">secret words</span>',
          '<div style="visibility:hidden">secret words</div>']


@pytest.mark.parametrize("hide", HIDING)
@pytest.mark.parametrize("body, lang", [(EN, "en"), (RU, "ru")])
def test_hidden_text_is_furniture_never_glued(hide, body, lang):
    doc = read_html(page(body.format(hidden=hide, inline=hide + " "), lang).encode(), "p.html", bullet="-")
    assert not any("secret" in line for line in doc.lines), doc.lines
    assert [rule for _, rule, text in doc.dropped if text == "secret words"] == [DROP_HIDDEN, DROP_HIDDEN]


@pytest.mark.parametrize("hide", HIDING[:2])
def test_a_hidden_span_costs_no_word_and_no_warning(tmp_path, hide):
    corpus = build_corpus(english_corpus(tmp_path, {"p.html": page(EN.format(hidden=hide, inline=""))},
                                         "web-bullets"), strict=False)
    text = corpus.node("66A").text
    assert text.startswith("A steward may look into the kettle before the water boils.") and "secret" not in text
    assert "boils.secret" not in text
    assert not [p for p in corpus.problems if p.severity in ("warning", "error")], corpus.problems


@pytest.mark.parametrize("shown", ['<span aria-hidden="false">plain words</span>', '<span class="x">plain words</span>'])
def test_control_text_that_is_shown_stays(shown):
    doc = read_html(page(EN.format(hidden=" " + shown, inline="")).encode(), "p.html", bullet="-")
    assert any("boils. plain words" in line for line in doc.lines), doc.lines


TABLE = {
    "en": ("<h2>Law 73 - Signals at Tea</h2><p>The words below were written for this test only.</p>"
           "<table><tr><th>Signal</th><th>Meaning</th></tr><tr><td>Nod</td><td>More tea wanted</td></tr></table>"
           "<p>Note: a club may print this table on its menus.</p>",
           ["Signal Meaning", "Nod More tea wanted"], "Note: a club may print this table on its menus."),
    "ru": ("<h2>Правило 73. Знаки за чаем</h2><p>Слова ниже написаны только для этой проверки.</p>"
           "<table><tr><td>Знак</td><td>Значение</td></tr><tr><td>Кивок</td><td>Ещё чаю</td></tr></table>"
           "<p>Примечание: клуб может напечатать эту таблицу в меню.</p>",
           ["Знак Значение", "Кивок Ещё чаю"], "Примечание: клуб может напечатать эту таблицу в меню."),
}


@pytest.mark.parametrize("lang", sorted(TABLE))
def test_table_rows_and_the_note_after_are_paragraphs_of_their_own(tmp_path, lang):
    body, cells, note = TABLE[lang]
    root = tmp_path / lang
    (root / "laws").mkdir(parents=True)
    (root / "laws" / "p.html").write_text(page(body, lang), encoding="utf-8")
    (root / "manifest.toml").write_text(
        f'[code]\ntitle = "Tea"\nlaws = [1, 93]\nlang = "{lang}"\n\n[[source]]\npath = "laws/p.html"\n'
        f'lang = "{lang}"\nkind = "laws"\nlayout = "web-bullets"\n', encoding="utf-8")
    text = build_corpus(root, strict=False).node("73").text
    paragraphs = text.split("\n\n")
    assert paragraphs[1:] == cells + [note], paragraphs


def test_control_a_label_cell_and_its_text_stay_one_line():
    body = ("<h2>Law 73 - Signals at Tea</h2><table><tr><td>1.</td><td>A nod asks for more tea.</td></tr>"
            "<tr><td>2.</td><td>A shake of the head declines it.</td></tr></table>")
    lines = read_html(page(body).encode(), "p.html").lines
    assert [line for line in lines if line] == ["Law 73 - Signals at Tea", "1. A nod asks for more tea.",
                                                "2. A shake of the head declines it."]
