"""Issue 12, cold read 15, finding 4: lost_hyphens never joins a lone letter ending a line -- a
table's cell or a list's label («…| Ж | З», "A B … H", «А, Б, З») -- to the next line's word
(«З» / «а у западной» is no «За», "H" / "and" no "Hand"), nor a one letter left on the line above
to a word (no typesetting breaks a word after its first letter); a real word fragment is still
mended by the dictionary (the controls). Invented text."""

from __future__ import annotations

import pytest

from lawsearch.clean import clean_lines

# words the corpus would hold: the wrong joins ("hand", «за») are words too
EN_WORDS = frozenset({"hand", "and", "those", "declarer", "the", "plays"})


@pytest.mark.parametrize("row, after, lang", [
    ("Причалы у восточной стены обозначены буквами:", ["А | Б | В | Г | Д | Е | Ж | З", "а у западной — номерами."],
     "ru"),
    ("Ряды причалов помечены так.", ["Ряды помечены буквами А Б В Г Д Е Ж З", "а у западной стены номера."], "ru"),
    ("Причалы идут по порядку.", ["Вот они: А, Б, В, З", "а у западной стены номера."], "ru"),
    ("Berths along the east wall are lettered in order:", ["A | B | C | D | E | F | G | H",
                                                          "and those along the west wall are numbered."], "en"),
    ("Berths along the east wall are lettered.", ["The rows carry the letters A B C D E F G H",
                                                  "and those along the west wall are numbered."], "en"),
    ("Berths along the east wall are lettered.", ["The last one carries the letter H",
                                                  "and those along the west wall are numbered."], "en"),
])
def test_a_lone_letter_ending_a_line_is_not_joined(row, after, lang):
    head = ["Правило 52. ПРИЧАЛЫ", "A. Буквы"] if lang == "ru" else ["LAW 52 - THE BERTHS", "A. Letters"]
    cleaned = clean_lines(head + [row] + after, "x", lang=lang, extra_words=EN_WORDS)
    text = " ".join(line.text for line in cleaned.lines)
    letter, word = after[0].split()[-1], after[1].split()[0]
    assert f"{letter} {word}" in text, text
    assert "lost_hyphens" not in {c.rule for c in cleaned.changes}


@pytest.mark.parametrize("raw, expected, lang", [
    (["Правило 5. Карты", "Есть какой", "нибудь повод"], "Есть какой-нибудь повод", "ru"),
    (["Правило 5. Карты", "Ни разыгры", "вающий не видел"], "Ни разыгрывающий не видел", "ru"),
    (["LAW 5 - CARDS", "Then the decla", "rer plays."], "Then the declarer plays.", "en"),
])
def test_a_word_fragment_is_still_mended(raw, expected, lang):
    """The control: a real fragment of a word, two letters and more, is joined as before."""
    cleaned = clean_lines(raw, "x", lang=lang, extra_words=EN_WORDS)
    assert cleaned.lines[1].text == expected
