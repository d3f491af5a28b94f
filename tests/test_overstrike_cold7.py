"""Cold read 7 of issue 12, finding 5: a phrase printed again for bold on its own line from
inside the line before (not only its end), a double-spaced file's blank lines between, is
overstrike and goes; a word printed again after a row of bids or numbers («1♣ пас 1♥ пас» /
«пас») is the next bid and stays, as does a line that goes on with a sentence. Invented text."""

from __future__ import annotations

import pytest

from lawsearch import furniture
from lawsearch.clean import _read_by_layout


def prepared(lines: list[str], lang: str):
    return furniture.prepare(lines, "laws", lang, lambda s: _read_by_layout(s, lang))


@pytest.mark.parametrize("lines,at,lang", [
    (["Правило 8. Свет", "", "A. Лампы", "", "Над столом висит лампа с синим колпаком, её проверяют утром.", "",
      "синим колпаком", "", "¶ Сгоревшую лампу меняет дежурный."], 6, "ru"),
    (["Правило 8. Свет", "A. Лампы", "Дежурный ОБЯЗАТЕЛЬНО гасит свет, уходя из зала.", "ОБЯЗАТЕЛЬНО",
      "B. Фонарь", "Фонарь стоит у двери."], 3, "ru"),
    (["LAW 8 - LIGHT", "", "A. Lamps", "", "A lamp with a blue shade hangs over the table, checked each morning.",
      "", "blue shade", "", "B. The Torch", "", "The torch stands by the door."], 6, "en"),
])
def test_a_phrase_printed_again_from_inside_the_line_before_goes(lines, at, lang):
    out, changes = prepared(lines, lang)
    assert out[at] == ""
    assert (at + 1, "overstrike_duplicates") in changes
    assert out[at - 2] == lines[at - 2] or out[at - 1] == lines[at - 1]  # the line it repeats stays


@pytest.mark.parametrize("lines,lang", [
    (["Правило 23. Торговля", "A. Пример", "Торговля шла так:", "1♣ пас 1♥ пас", "пас",
      "После третьего паса торговля окончена."], "ru"),
    (["LAW 23 - AUCTION", "A. Example", "The auction went:", "1♣ pass 1♥ pass", "pass",
      "After the third pass the auction ends."], "en"),
    # a new sentence opening with a word of the line before, wrapped: it goes on after
    (["Правило 9. Карта", "Карта лежит на столе лицом вверх.", "Карта", "остаётся там до конца взятки."], "ru"),
    (["LAW 9 - THE CARD", "The card lies face up on the table.", "The card", "stays there until the trick ends."], "en"),
])
def test_a_repeated_word_that_is_text_stays(lines, lang):
    out, changes = prepared(lines, lang)
    assert out == lines
    assert not [rule for _, rule in changes if rule == "overstrike_duplicates"]
