"""Cold read 14 of issue 9, finding 3: an English page's own heading for a law whose English
title the profile's built-in titles file gives, differing from that title only in case
("Play after an Illegal Play" beside the built-in "Play After an Illegal Play"), is kept as
the page prints it; a heading in capitals still yields to the built-in title's case. Invented
text (the Russian book a zipped FB2, the English a saved page)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.corpus import build_corpus
from tests import test_mixed_languages_shared_numbers as mixed

RU = [("Правило 60. ИГРА ПОСЛЕ ОШИБКИ", ["A. Свеча", "Свечу зажигают до начала тура, у каждого стола."])]
LINES = ["A. The Candle", "A candle is lit before the round starts, at every table."]


@pytest.mark.parametrize("heading, expected", [
    ("LAW 60 - Play after an Illegal Play", "Play after an Illegal Play"),  # as the page prints it
    ("LAW 60 - PLAY AFTER AN ILLEGAL PLAY", "Play After an Illegal Play"),  # capitals: the built-in case
    ("LAW 60 - Candles at the Table", "Candles at the Table"),  # another title: the page's
])
def test_an_english_title_differing_only_in_case_is_kept_as_printed(tmp_path, monkeypatch, heading, expected):
    monkeypatch.setattr(mixed, "RU", RU)
    monkeypatch.setattr(mixed, "EN", (heading, LINES))
    root = mixed.corpus(tmp_path / "c")
    (root / "laws" / "en" / "law61.htm").rename(root / "laws" / "en" / "law60.htm")
    manifest = root / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("law61.htm", "law60.htm"), encoding="utf-8")
    tree = build_corpus(root, strict=False)
    law = next(n for n in tree.nodes if n.id == "60")
    assert law.translations["en"]["title"] == expected
