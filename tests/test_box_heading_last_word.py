"""A one-word last paragraph of a web page is the page's text, not a box's heading (issue 12,
fixCC): the last item of a list a colon or a comma leads into («The keeper brings:», «oars,»,
«ropes»), a closing line of one word («Approved», «Подпись»). A box heading is a label that
opens a box -- set as a heading or bold, or ending in a colon, before a box of links the reader
leaves out -- and a block that goes on with the text before it never is one. Where a short
heading is still left out right after a sentence left open (no stop), its words count as lost:
``check`` exits 1 and ``build`` fails, as for a run of numbers a pager rule removed inside the
text. The pages are invented for these tests, in <p>, <li> and <div> layouts."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lawsearch.cli import main
from lawsearch.formats import html_lines

EN = ('<h2>Law 5 - The Boat House</h2><h3>A. Oars</h3><p>Oars are issued against a signature in the book.</p>'
      '<h3>B. Buoys</h3><p>Buoys hang on the posts of the jetty and are inspected monthly.</p>')
RU = ('<h2>Правило 5. ЛОДОЧНАЯ</h2><h3>A. Вёсла</h3><p>Вёсла выдаются под расписку в толстой тетради.</p>'
      '<h3>B. Круги</h3><p>Спасательные круги висят на столбах причала и осматриваются ежемесячно.</p>')
# the page's box of links after the text: left out by the reader
LINKS = '<ul><li><a href="/l6">Law 6 - The Buffet</a></li><li><a href="/l7">Law 7 - The Newspapers</a></li></ul>'
NAV = '<nav><a href="/">Home</a> | <a href="/laws">Laws</a></nav>'

# (lead-in, items, closing word) in each language
WORDS = {"en": ("The keeper brings:", ["oars,", "ropes"], "Approved"),
         "ru": ("Сторож приносит:", ["вёсла,", "верёвки"], "Подпись")}
TEXT = {"en": EN, "ru": RU}


def page(body: str) -> str:
    return f'<html><head><meta charset="utf-8"><title>Law 5</title></head><body>{body}</body></html>'


def list_end(lang: str, layout: str) -> str:
    """The page's last law ending with a list a colon leads into, set out in ``layout``."""
    lead, items, _ = WORDS[lang]
    if layout == "li":  # the items without their commas, as a list shows them
        return f"<p>{lead}</p><ul>" + "".join(f"<li>{i.rstrip(',')}</li>" for i in items) + "</ul>"
    return f"<{layout}>{lead}</{layout}>" + "".join(f"<{layout}>{i}</{layout}>" for i in items)


def closing(lang: str, layout: str) -> str:
    """The page's text, its last law ending with a closing line of one word set out in ``layout``."""
    word = WORDS[lang][2]
    if layout == "li":  # the last item of a list of the law's sentences
        text, last = TEXT[lang].rsplit("<p>", 1)
        return f"{text}<ul><li>{last[:-len('</p>')]}</li><li>{word}</li></ul>"
    return f"{TEXT[lang]}<{layout}>{word}</{layout}>"


LAYOUTS = ["p", "li", "div"]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("after", ["", LINKS, NAV], ids=["page-end", "links-after", "nav-after"])
def test_a_lists_last_item_is_kept(lang, layout, after):
    lines = html_lines(page(TEXT[lang] + list_end(lang, layout) + after))
    last = WORDS[lang][1][-1]
    assert lines[-1] == last, lines
    assert lines[-3] == WORDS[lang][0]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("after", ["", LINKS, NAV], ids=["page-end", "links-after", "nav-after"])
def test_a_closing_word_is_kept(lang, layout, after):
    lines = html_lines(page(closing(lang, layout) + after))
    assert lines[-1] == WORDS[lang][2], lines
    assert lines[-2].endswith(("monthly.", "ежемесячно.")), lines


@pytest.mark.parametrize("tail, word", [
    ("<p>oars, buoys and</p><p>ropes</p>", "ropes"),  # a small letter: the sentence going on
    ("<div>Oars, buoys and ropes;</div><div>lanterns</div>", "lanterns"),
    ("<p>The keeper brings oars and ropes, and the boy</p><p>lanterns</p>", "lanterns"),
    ("<p>The keeper brings:</p><p>Lanterns</p>", "Lanterns"),  # a colon leads into it
    ("<p>The keeper brings:</p><p><b>Lanterns</b></p>", "Lanterns"),  # bold, yet led into
    ("<p>The keeper brings:</p><ul><li>Oars</li><li>Lanterns</li></ul>" + LINKS, "Lanterns"),
])
def test_a_word_going_on_with_the_text_is_kept(tail, word):
    lines = html_lines(page(EN + tail))
    assert lines[-1] == word, lines


# Controls: a real box heading, with the box it opens after it, is still left out.
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("heading", [
    "<h4>{label}</h4>",
    "<p><b>{label}</b></p>",
    "<div><strong>{label}</strong></div>",
    "<div>{label}:</div>",
    "<p>{label}:</p>",
])
def test_a_box_heading_before_its_box_is_left_out(lang, heading):
    label = {"en": "Related", "ru": "Похожие"}[lang]
    lines = html_lines(page(TEXT[lang] + heading.format(label=label) + LINKS))
    assert lines[-1].endswith(("monthly.", "ежемесячно.")), lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_box_heading_as_a_list_item_before_its_links_is_left_out(lang):
    label = {"en": "Related", "ru": "Похожие"}[lang]
    box = (f'<ul><li><strong>{label}</strong></li><li><a href="/l6">Law 6 - The Buffet</a></li>'
           '<li><a href="/l7">Law 7 - The Newspapers</a></li></ul>')
    lines = html_lines(page(TEXT[lang] + box))
    assert lines[-1].endswith(("monthly.", "ежемесячно.")), lines


def run_corpus(tmp_path, html: str) -> tuple[dict, object, object]:
    (tmp_path / "law5.html").write_text(html, encoding="utf-8")
    corpus = tmp_path / "corpus"
    added = CliRunner().invoke(main, ["add", str(tmp_path / "law5.html"), "--corpus", str(corpus)])
    assert added.exit_code == 0, added.output
    checked = CliRunner().invoke(main, ["check", "--corpus", str(corpus), "--out", str(tmp_path / "chk")])
    built = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--out", str(tmp_path / "out")])
    nodes = {}
    if built.exit_code == 0:
        nodes = {n["id"]: n.get("text") or "" for n in
                 json.loads((tmp_path / "out" / "corpus.json").read_text(encoding="utf-8"))["nodes"]}
    return nodes, checked, built


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("tail", ["list", "closing"])
def test_the_last_word_reaches_the_built_law(tmp_path, lang, tail):
    body = TEXT[lang] + list_end(lang, "p") if tail == "list" else closing(lang, "div")
    nodes, checked, built = run_corpus(tmp_path, page(body))
    assert built.exit_code == 0, built.output
    word = WORDS[lang][1][-1] if tail == "list" else WORDS[lang][2]
    assert nodes["5B"].rstrip().endswith(word), nodes["5B"]
    assert checked.exit_code == 0, checked.output
    assert "page_box_heading" not in checked.output


# after a sentence left open (no stop after its last word), a heading set as one
OPEN = {"en": ('<h2>Law 5 - The Boat House</h2><h3>A. Oars</h3><p>Oars are issued against a signature in the book '
               'kept by the keeper and</p><h4>Ropes</h4>'),
        "ru": ('<h2>Правило 5. ЛОДОЧНАЯ</h2><h3>A. Вёсла</h3><p>Вёсла выдаются под расписку в толстой тетради '
               'сторожа и</p><h4>Верёвки</h4>')}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("after", ["", LINKS], ids=["page-end", "links-after"])
def test_a_heading_left_out_after_an_open_sentence_is_words_lost(tmp_path, lang, after):
    nodes, checked, built = run_corpus(tmp_path, page(OPEN[lang] + after))
    assert checked.exit_code == 1, checked.output
    assert "text in no node" in checked.output and "page_box_heading_in_text" in checked.output, checked.output
    assert ("«Ropes»" if lang == "en" else "«Верёвки»") in checked.output
    assert built.exit_code != 0, built.output


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_box_heading_after_a_finished_sentence_is_no_loss(tmp_path, lang):
    """Control: after the law's last full sentence, the page's «Related» over its links is furniture."""
    label = {"en": "Related", "ru": "Похожие"}[lang]
    nodes, checked, built = run_corpus(tmp_path, page(TEXT[lang] + f"<h4>{label}</h4>" + LINKS))
    assert built.exit_code == 0, built.output
    assert checked.exit_code == 0, checked.output
    assert label not in nodes["5B"]
