"""Cold read 7 of issue 12, finding 2: one saved web page alone (plain paragraphs, no
navigation elements) -- the site's title row and a visitor counter in sentence form standing
outside the law text (before its first heading, after its last sentence) are furniture
(rules ``site_title_rows`` and ``counter_lines``), never a searchable piece; the same shapes
inside the law text, or a line of the law's own words with a number, stay. Invented text."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch import furniture
from lawsearch.clean import _read_by_layout
from lawsearch.corpus import build_corpus

RU_LAW = ["Правило 12. Чайник", "A. Кипяток", "Чайник ставят на подставку у окна, подальше от карт.",
          "B. Заварка", "Заварку разливает дежурный, когда тур окончен."]
EN_LAW = ["LAW 12 - THE KETTLE", "A. Boiling Water", "The kettle stands on a tray by the window, away from the cards.",
          "B. Brewing", "The steward pours the tea when the round is over."]


def prepared(lines: list[str], lang: str):
    return furniture.prepare(lines, "laws", lang, lambda s: _read_by_layout(s, lang))


@pytest.mark.parametrize("line,lang,where", [
    ("Эту страницу прочитали 512 раз", "ru", "head"),
    ("Нас уже читают 3 тысячи человек", "ru", "head"),
    ("Прочтений за месяц: 48", "ru", "tail"),
    ("Эту заметку открывали 77 раз", "ru", "tail"),
    ("This page has been viewed 512 times", "en", "head"),
    ("Opened 1204 times since March", "en", "head"),
    ("Readers this week: 31", "en", "tail"),
])
def test_a_counter_outside_the_law_text_is_furniture(line, lang, where):
    law = RU_LAW if lang == "ru" else EN_LAW
    lines = [line, *law] if where == "head" else [*law, line]
    at = 0 if where == "head" else len(lines) - 1
    out, changes = prepared(lines, lang)
    assert out[at] == ""
    # a counter's phrase the profile lists is a meta row already; any other, by its shape
    assert {rule for n, rule in changes if n == at + 1} & {"counter_lines", "meta_rows"}
    assert [t for t in out if t] == law


@pytest.mark.parametrize("line,lang", [
    ("Клуб «Ольховый лист» :: Документы", "ru"),
    ("Кружок на Садовой | Бумаги клуба", "ru"),
    ("Birch Leaf Club :: Papers", "en"),
    ("The Old Mill Club · Club Rules · Archive", "en"),
])
def test_a_site_title_row_heading_a_saved_page_is_furniture(line, lang):
    law = RU_LAW if lang == "ru" else EN_LAW
    out, changes = prepared([line, *law], lang)
    assert out[0] == "" and (1, "site_title_rows") in changes
    assert out[1:] == law


@pytest.mark.parametrize("lines,lang", [
    # inside the law text: a short line with a number is the law's
    (["Правило 12. Чайник", "A. Кипяток", "Чайник кипятят 3 раза", "B. Заварка", "Заварку разливает дежурный."], "ru"),
    # before the first heading, but in the law's own words: a cut page's opening, not a counter
    (["чайник ставят 2 раза", "Правило 12. Чайник", "A. Кипяток", "Чайник ставят у окна, 2 раза за тур."], "ru"),
    (["the cards 4 times", "LAW 12 - THE KETTLE", "A. Boiling Water", "The cards are shuffled 4 times."], "en"),
    # after the last sentence, in the law's words: a cut page's end
    (["LAW 12 - THE KETTLE", "A. Boiling Water", "The kettle boils twice.", "B. Cards", "The cards are shuffled",
      "4 times before the kettle"], "en"),
    # after a stop that ends an abbreviation, not a sentence («в п.», "see s."): the sentence goes on
    (["Правило 12. Чайник", "A. Кипяток", "Чайник кипятят так, как сказано в п.", "3.2 и лишь затем решают спор",
      "о заварке; см. Правило 14"], "ru"),
    (["LAW 12 - THE KETTLE", "A. Boiling Water", "The kettle boils as said in s.", "4 of the rules for the urn"], "en"),
    # a cut page's first lines, its footer glued to the text after it, the sentence going on
    (["которое партнёры сообщили соперникам, и только оно.", "- 72 Если ход сделан, игрок открывает карту стола",
      "не раньше, чем соперник увидит карту.", "B.Особые соглашения", "Соглашение объявляют заранее."], "ru"),
    (["the kettle is filled twice.", "Tables 4 and 5 have their own kettle and", "cups for 12 players.",
      "LAW 12 - THE KETTLE", "A. Boiling Water", "The kettle boils twice."], "en"),
    # a dash inside the law text is no title row
    (["Правило 12. Чайник", "A. Кипяток", "Чайник — у окна", "Заварка — у двери."], "ru"),
])
def test_the_laws_own_lines_stay(lines, lang):
    out, changes = prepared(lines, lang)
    assert out == lines
    assert not [rule for _, rule in changes if rule in ("counter_lines", "site_title_rows")]


def test_a_single_saved_page_has_no_piece_of_furniture(tmp_path):
    corpus = tmp_path / "corpus"
    (corpus / "laws" / "ru").mkdir(parents=True)
    paragraphs = ["Кружок «Ольховый лист» :: Бумаги", "Эту страницу прочитали 512 раз",
                  "<b>Правило 12. Чайник</b>", "<b>A. Кипяток</b>",
                  "Чайник ставят на подставку у окна, подальше от карт.", "<b>B. Заварка</b>",
                  "Заварку разливает дежурный, когда тур окончен."]
    (corpus / "laws" / "ru" / "p12.html").write_text(
        "<html><head><meta charset=utf-8></head><body><div>"
        + "".join(f"<p>{p}</p>" for p in paragraphs) + "</div></body></html>", encoding="utf-8")
    (corpus / "manifest.toml").write_text('[code]\ntitle = "T"\nedition = "1987"\nlaws = [1, 93]\nlang = "ru"\n\n'
                                          '[[source]]\npath = "laws/ru/p12.html"\nlang = "ru"\nkind = "laws"\n',
                                          encoding="utf-8")
    built = build_corpus(Path(corpus), strict=False)
    assert not [n for n in built.nodes if n.kind == "piece"]
    text = " ".join(f"{n.title or ''} {n.text or ''}" for n in built.nodes)
    assert "512" not in text and "Ольховый" not in text
    assert "подальше от карт" in text
