"""Issue 12, cold read 14, finding 4: a word hyphenated across a PDF's page break joins when the
page ends with a «Page N of M» counter (removed first, then the halves joined), as it joins within
a page; a compound's hyphen and a capital after it stay as a line break within a page leaves them.
The PDFs are written here (fpdf2 with DejaVu Sans), every sentence invented."""

from __future__ import annotations

import pytest

from test_pdf_footnote_over_page_break import FONT, corpus_of, pdf

PAGES = {
    "en": (["LAW 82 - SWARMS", "A. Catching", "A swarm is shaken into a skep.", "B. Records",
            "Every entry must name the bee-"], "Page 1 of 2",
           ["keeper who holds the queen cage.", "C. Smoke", "Smoke is made with dry moss."], "Page 2 of 2",
           "Every entry must name the beekeeper who holds the queen cage."),
    "ru": (["Правило 82. РОИ", "A. Поимка", "Рой стряхивают в роевню.", "B. Записи",
            "Каждый пасечник записывает, кто сажал матку в клет-"], "Страница 1 из 2",
           ["ку и сколько труда это стоило.", "C. Дым", "Дым делают из сухого мха."], "Страница 2 из 2",
           "Каждый пасечник записывает, кто сажал матку в клетку и сколько труда это стоило."),
}


@pytest.mark.skipif(not FONT.exists(), reason="DejaVu Sans is not installed")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_word_hyphenated_over_a_page_counter_is_joined(tmp_path, lang):
    page1, foot1, page2, foot2, joined = PAGES[lang]
    corpus = corpus_of(tmp_path, pdf([(page1, [], foot1), (page2, [], foot2)]), lang)
    assert corpus.node("82B").text == joined
    assert corpus.node("82C").text.startswith(page2[2][:5])


@pytest.mark.skipif(not FONT.exists(), reason="DejaVu Sans is not installed")
def test_a_capital_after_the_hyphen_stays_apart(tmp_path):
    """The control: a capital after the broken line's hyphen is no hyphenated word's half."""
    page1, foot1, page2, foot2, _ = PAGES["en"]
    page1 = page1[:4] + ["The ledger is kept in the Anglo-"]
    page2 = ["Saxon hall by the gate."] + page2[1:]
    corpus = corpus_of(tmp_path, pdf([(page1, [], foot1), (page2, [], foot2)]), "en")
    assert "Anglo- Saxon" in corpus.node("82B").text or "Anglo-Saxon" in corpus.node("82B").text
    assert "AngloSaxon" not in corpus.node("82B").text
