"""Issue 12, cold read 13, finding 4: a saved page's footnotes with no links -- a mark raised in
<sup> in the text («журнале<sup>1</sup>») and, below it, a note the markup sets apart
(``<p class="note"><small>1 …</small></p>``, ``<aside>``, ``<div class="footnote">``,
``<ol class="footnotes"><li>``) opening with the same mark -- become a footnote marker and a
footnote, as an FB2's or a DOCX's notes do. A raised number no note answers stays as printed.
The pages are invented."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.formats import html_lines

NOTES = {
    "p-small": '<p class="note"><small>{mark} {text}</small></p>',
    "aside": "<aside>{mark}. {text}</aside>",
    "div-footnote": '<div class="footnote">{mark} {text}</div>',
    "ol-footnotes": '<ol class="footnotes"><li>{mark} {text}</li></ol>',
    "small": "<p><small>[{mark}] {text}</small></p>",
}

RU = ("<h2>Правило 71. МАСТЕРСКАЯ</h2><h3>A. Заводка</h3><p>Часы заводят ключом, а время пишут в журнале<sup>{mark}</sup>.</p>"
      "<h3>B. Починка</h3><p>Пружину меняет мастер с разрешения председателя.</p>{note}")
EN = ("<h2>LAW 71 - THE WORKSHOP</h2><h3>A. Winding</h3><p>The clock is wound and the time noted in the ledger<sup>{mark}</sup>.</p>"
      "<h3>B. Repair</h3><p>A spring is changed by the master with the chairman's leave.</p>{note}")
NOTE_TEXT = {"ru": "Журнал переплетает букинист Савелий за счёт клуба.",
             "en": "The ledger is bound by the old bookseller at the club's expense."}


def page(body: str) -> str:
    return f'<!doctype html><html><head><meta charset="utf-8"></head><body><div class="entry">{body}</div></body></html>'


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("shape", list(NOTES))
@pytest.mark.parametrize("mark", ["1", "*"])
def test_a_raised_mark_and_its_note_are_a_footnote(tmp_path, lang, shape, mark):
    text = NOTE_TEXT[lang]
    body = (RU if lang == "ru" else EN).format(mark=mark, note=NOTES[shape].format(mark=mark, text=text))
    lines = html_lines(page(body))
    assert any(line.endswith("(*).") for line in lines), lines
    assert f"(*) - {text}" in lines, lines
    (tmp_path / "law71.html").write_text(page(body), encoding="utf-8")
    corpus, out = tmp_path / "corpus", tmp_path / "out"
    assert CliRunner().invoke(main, ["add", str(tmp_path / "law71.html"), "--corpus", str(corpus)]).exit_code == 0
    built = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--out", str(out)])
    assert built.exit_code == 0, built.output
    data = json.loads((out / "corpus.json").read_text(encoding="utf-8"))
    nodes = {n["id"]: n for n in data["nodes"]}
    assert text not in nodes["71B"]["text"] and text not in nodes["71A"]["text"]
    assert not nodes["71A"]["text"].rstrip(".").endswith(mark)  # no mark glued to the word
    assert [f["text"] for f in data["footnotes"]] == [text]


@pytest.mark.parametrize("html, line", [
    ("<p>Площадь 10<sup>2</sup> метров.</p>", "Площадь 102 метров."),  # a power, no note below
    ("<p>Часы<sup>1</sup> заводят.</p><p>1 раз в неделю их чистят.</p>", "Часы1 заводят."),  # no note's markup
])
def test_a_raised_number_no_note_answers_stays_as_printed(html, line):
    assert html_lines(page(html))[0] == line


def test_a_linked_note_is_read_as_before():
    """The control: the linked form is the existing reader's."""
    lines = html_lines(page('<p>Text<sup><a href="#n1">1</a></sup> goes on.</p>'
                            '<ol class="footnotes"><li id="n1">A note.</li></ol>'))
    assert lines == ["Text(*) goes on.", "(*) - A note."]
