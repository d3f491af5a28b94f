"""Cold read 11 (issue 12), finding 8: an overstruck word or two whose copy stands on a line
of its own, not in the column of its words, and that the next line starts with again
(«Калоши» / «Калоши ставятся…», "Beeswax candles" / "Beeswax candles are lit…") is a
duplicate: rule ``overstrike_starts`` empties it. Never a heading of the text, and never in
a file that sets its headings as bare short lines (a heading followed by a sentence that
repeats it). Invented pages, Russian and English."""

import re

import pytest

from lawsearch.furniture import prepare

HEAD = re.compile(r"^(?:Правило|LAW) \d+|^[A-Z]\. ")


def heading(s):
    return HEAD.match(s) is not None


def run(raw, lang):
    return prepare(raw, "laws", lang, heading)


@pytest.mark.parametrize("lang,raw,at", [
    ("ru", ["Правило 90. ГАРДЕРОБ", "B. Калоши", "Калоши", "Калоши ставятся парами на нижнюю полку.",
            "Забытую калошу хранят в ларе."], 2),
    ("ru", ["Правило 90. ГАРДЕРОБ", "A. Приём пальто", "Гардеробщица принимает пальто с петелькой.", "Номерок",
            "Номерок из латуни выдаётся на руки и возвращается при уходе."], 3),
    ("en", ["LAW 91 - LIGHTING", "B. Candles", "Beeswax candles", "Beeswax candles are lit only when the power fails.",
            "Tallow candles are forbidden."], 2),
    ("en", ["LAW 91 - LIGHTING", "A. Lamps", "The stoker trims the wicks every evening.", "The brass token",
            "The brass token is returned on leaving the hall."], 3),
])
def test_short_line_the_next_line_starts_with_is_a_duplicate(lang, raw, at):
    lines, changes = run(raw, lang)
    assert lines[at] == ""
    assert (at + 1, "overstrike_starts") in changes
    assert [line for k, line in enumerate(lines) if k != at] == [line for k, line in enumerate(raw) if k != at]


@pytest.mark.parametrize("lang,raw", [
    # the file's headings are bare short lines: «Калоши» is one, its sentence repeats it
    ("ru", ["Правило 90. ГАРДЕРОБ", "Пальто", "Гардеробщица принимает пальто с петелькой.", "Калоши",
            "Калоши ставятся парами на нижнюю полку."]),
    ("en", ["LAW 91 - LIGHTING", "Oil lamps", "The stoker trims the wicks every evening.", "Candles",
            "Candles are lit only when the power fails."]),
    # a heading of the text, the sentence under it repeating its words
    ("en", ["LAW 91 - LIGHTING", "B. Candles", "B. Candles are lit only when the power fails."]),
    # a short line going on with a sentence, not a copy
    ("ru", ["Правило 90. ГАРДЕРОБ", "Какой", "Какой-нибудь забытый галош хранится в ларе."]),
])
def test_heading_over_a_sentence_repeating_it_stays(lang, raw):
    lines, changes = run(raw, lang)
    assert lines == raw
    assert "overstrike_starts" not in {rule for _, rule in changes}
