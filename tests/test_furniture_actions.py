"""A row of a page's tool links -- ``Printer-friendly version | Email this page | Bookmark``,
«Версия для печати • В закладки» -- is furniture (``action_rows``), its labels the profile's
``[furniture.<lang>] actions``; a row of the text's own short words, or a sentence with a
bar in it, stays. Rows and sentences here are invented for these tests."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from conftest import one_file_corpus
from lawsearch import furniture
from lawsearch.cli import main
from lawsearch.profile import load_profile
from test_furniture import removed

ROWS = {
    "en": ["Printer-friendly version | Email this page | Bookmark",
           "Print  •  Share  •  Comments (4)",
           "Bookmark this page · Report an error",
           "| Printable version | Send to a friend |",
           "Permalink | Cite this page | Download | Tweet"],
    "ru": ["Версия для печати | Отправить другу | В закладки",
           "Печать • Поделиться • Комментарии (12)",
           "Добавить в избранное · Сообщить об ошибке",
           "Распечатать | Скачать | Подписаться"],
}
TEXT = {
    "en": ["North | South | East | West",
           "Declarer | Dummy | Defender",
           "The director may print the score | then the players sign it.",
           "LAW 7 | CONTROL OF BOARD AND CARDS",
           "Comments made at the table are not part of the auction."],
    "ru": ["Север | Юг | Восток | Запад",
           "Судья | Игрок | Капитан команды",
           "Печать протокола ставит судья | после подписи капитанов.",
           "Комментарии к сдаче заносятся в протокол."],
}


@pytest.mark.parametrize("lang, line", [(lang, line) for lang, rows in ROWS.items() for line in rows])
def test_a_row_of_tool_links_is_furniture(lang, line):
    heading = {"ru": "Правило 5. Карты", "en": "LAW 5 - CARDS"}[lang]
    lines = [heading, "A test sentence of the law.", line, "Another test sentence."]
    assert removed(lines, lang) == {3: "action_rows"}


@pytest.mark.parametrize("lang, line", [(lang, line) for lang, rows in TEXT.items() for line in rows])
def test_short_words_of_the_text_between_bars_stay(lang, line):
    heading = {"ru": "Правило 5. Карты", "en": "LAW 5 - CARDS"}[lang]
    lines = [heading, "A test sentence of the law.", line, "Another test sentence."]
    assert 3 not in removed(lines, lang)


def test_the_labels_are_the_profiles():
    """Every label of the profile's list makes a row with another; a label it lacks does not
    (the rule reads the list, it holds none of its own)."""
    for lang in ("ru", "en"):
        labels = load_profile().data["furniture"][lang]["actions"]
        assert labels, lang
        for label in labels:
            assert furniture.action_rows(f"{label} | {labels[0]}", lang), (lang, label)
    assert not furniture.action_rows("Frobnicate | Wibble this page", "en")


def test_explain_names_the_rule_and_check_counts_it(tmp_path):
    law = ("Правило 5. Карты\nТекст правила о картах.\nВерсия для печати | Отправить другу | В закладки\n"
           "Ещё текст правила.\n")
    corpus = one_file_corpus(tmp_path, law)
    explained = CliRunner().invoke(main, ["clean", str(corpus / "laws" / "ru" / "000_x.txt"), "--explain"])
    assert explained.exit_code == 0 and "[action_rows]" in explained.output
    checked = CliRunner().invoke(main, ["check", "--corpus", str(corpus)])
    assert "action_rows 1" in checked.output
