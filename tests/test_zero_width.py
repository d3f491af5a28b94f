"""Zero-width characters inside words (cold read 11, finding 11): a web page's or a word
processor's zero-width space, (non-)joiner, word joiner or byte-order mark inside a word
split it for the index and the search; ``remove_zero_width`` takes them out, named and
counted. Every sentence is invented."""

from __future__ import annotations

import pytest

from lawsearch.clean import clean_lines
from lawsearch.corpus import build_corpus


@pytest.mark.parametrize("lang,head,raw,clean", [
    ("ru", "Правило 60. КОТЕЛЬНАЯ", "Истоп\u200bник Евграф колет дрова.", "Истопник Евграф колет дрова."),
    ("ru", "Правило 60. КОТЕЛЬНАЯ", "Дрова сушатся под на\u2060весом у са\u200dрая.", "Дрова сушатся под навесом у сарая."),
    ("en", "LAW 60 - THE BOILER ROOM", "The stok\u200cer splits the logs\ufeff at dawn.", "The stoker splits the logs at dawn."),
    ("en", "LAW 60 - THE BOILER ROOM", "\ufeffThe logs dry under the eaves of the\u200b shed.",
     "The logs dry under the eaves of the shed."),
])
def test_zero_width_characters_leave_the_words(lang, head, raw, clean):
    cleaned = clean_lines([head, raw], "x", lang=lang)
    assert cleaned.lines[1].text == clean
    assert cleaned.counts().get("remove_zero_width") == 1
    assert "remove_zero_width" in cleaned.rules_by_line()[2]


def test_control_a_line_without_them_is_not_touched():
    cleaned = clean_lines(["Правило 60. КОТЕЛЬНАЯ", "Истопник Евграф колет дрова."], "x", lang="ru")
    assert "remove_zero_width" not in cleaned.counts()
    assert cleaned.lines[1].text == "Истопник Евграф колет дрова."


def test_the_built_node_has_the_whole_word(tmp_path):
    root = tmp_path / "corpus"
    (root / "laws" / "ru").mkdir(parents=True)
    (root / "laws" / "ru" / "code.txt").write_text(
        "Правило 60. КОТЕЛЬНАЯ\nA. Топливо\nИстоп\u200bник Евграф колет дрова по суб\u2060ботам.\n", encoding="utf-8")
    (root / "manifest.toml").write_text('[code]\nlang = "ru"\n\n[[source]]\npath = "laws/ru/code.txt"\nlang = "ru"\n'
                                        'kind = "laws"\n', encoding="utf-8")
    assert build_corpus(root).node("60A").text == "Истопник Евграф колет дрова по субботам."
