"""Small English findings of issue 9, cold read 11 (finding 9): a law title wrapped after a
possessive ("Law 42 - Dummy's" / "Rights") is read whole. The text is invented."""

from __future__ import annotations

import pytest

from lawsearch.corpus import build_corpus

MANIFEST = """[code]
laws = [1, 93]
profile = "bridge"
lang = "en"

[[source]]
path = "laws/en/laws.txt"
lang = "en"
kind = "laws"
layout = "{layout}"
"""

WRAPPED = """Law 42 - Kettle's
Rights
A. Absolute Rights
1. The kettle may whistle when the water boils.
Law 43 - Host
Guests bring no kettle of their own.
A. The Players’
Teapots
A teapot is warmed before the tea goes in.
"""

CAPS = """LAW 42 - THE KETTLE'S
RIGHTS
A. Absolute Rights
1. The kettle may whistle when the water boils.
LAW 43 - HOST
Guests bring no kettle of their own.
"""


def _corpus(tmp_path, text: str, layout: str):
    root = tmp_path / "corpus"
    (root / "laws" / "en").mkdir(parents=True)
    (root / "laws" / "en" / "laws.txt").write_text(text, encoding="utf-8")
    (root / "manifest.toml").write_text(MANIFEST.format(layout=layout), encoding="utf-8")
    return build_corpus(root)


def test_a_title_wrapped_after_a_possessive_is_read_whole(tmp_path):
    corpus = _corpus(tmp_path, WRAPPED, "en-mixed")
    assert corpus.node("42").title == "Kettle's Rights"
    assert corpus.node("42").text in (None, "")
    assert corpus.node("42A1").text == "The kettle may whistle when the water boils."
    assert corpus.node("43A").title == "The Players’ Teapots"
    # control: a title ending on a plain word does not take the capitalised sentence after it
    assert corpus.node("43").title == "Host"
    assert corpus.node("43").text == "Guests bring no kettle of their own."


def test_control_a_capitals_title_wrapped_after_a_possessive_stays_whole(tmp_path):
    corpus = _corpus(tmp_path, CAPS, "en-1987")
    assert corpus.node("42").title.upper() == "THE KETTLE'S RIGHTS"
    assert corpus.node("43").text == "Guests bring no kettle of their own."


MARKED_EN = """LAW 44 - KETTLES
A. WATER
The kettle is filled from the tap.
B. WHISTLES*
A kettle whistles over any other noise of the kitchen.
* An electric kettle has no whistle.
"""

MARKED_RU = """Правило 44. ЧАЙНИКИ
A. Вода
Чайник наполняют из-под крана.
B. Свистки*
Чайник свистит громче любого шума кухни.
* У электрического чайника свистка нет.
"""

RU_MANIFEST = """[code]
laws = [1, 93]
profile = "bridge"
lang = "ru"

[[source]]
path = "laws/ru/laws.txt"
lang = "ru"
kind = "laws"
"""


@pytest.mark.parametrize("lang, text, title", [("en", MARKED_EN, "WHISTLES"), ("ru", MARKED_RU, "Свистки")])
def test_a_bare_note_mark_ending_a_title_is_the_nodes_footnote_mark(tmp_path, lang, text, title):
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "laws.txt").write_text(text, encoding="utf-8")
    manifest = RU_MANIFEST if lang == "ru" else MANIFEST.format(layout="en-1987")
    (root / "manifest.toml").write_text(manifest, encoding="utf-8")
    corpus = build_corpus(root)
    node = corpus.node("44B")
    assert node.title == title  # the mark is no letter of the title
    notes = corpus.footnotes_of("44B")
    assert len(notes) == 1 and ("свистка нет" in notes[0].text or "no whistle" in notes[0].text)
    assert not notes[0].orphan and "44B" in notes[0].markers  # its mark is found, in 44B
    assert corpus.footnotes_of("44A") == []


SUP_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{law} 90</title></head><body>
<h2>{law} 90 &ndash; {title}</h2>
<h3>A. {section}</h3>
<p>{before}<sup>1</sup> {after}</p>
<p><sup>1</sup> {note}</p>
</body></html>
"""

SUP_MANIFEST = """[code]
laws = [1, 93]
profile = "bridge"
lang = "{lang}"

[[source]]
path = "laws/{lang}/law90.html"
lang = "{lang}"
kind = "laws"
layout = "web-bullets"
"""

SUP_TEXTS = {
    "en": dict(law="Law", title="Kettle Penalties", section="Whistling", before="The host may assess kettle penalties",
               after="for a kettle left whistling.", note="A kettle penalty is paid in biscuits."),
    "ru": dict(law="Правило", title="Штрафы за чайник", section="Свист", before="Хозяин назначает штрафы",
               after="за свистящий чайник.", note="Штраф платят печеньем."),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_number_in_sup_glued_to_a_word_is_a_note_mark(tmp_path, lang):
    """``penalties<sup>1</sup>`` with a paragraph ``<sup>1</sup> …`` under it: a footnote and
    its mark, not the word "penalties1" and a stray line "1 …"."""
    words = SUP_TEXTS[lang]
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "law90.html").write_text(SUP_PAGE.format(lang=lang, **words), encoding="utf-8")
    (root / "manifest.toml").write_text(SUP_MANIFEST.format(lang=lang), encoding="utf-8")
    corpus = build_corpus(root)
    node = corpus.node("90A")
    assert node.text == f"{words['before']} {words['after']}"  # no digit glued to the word
    notes = corpus.footnotes_of("90A")
    assert [n.text for n in notes] == [words["note"]] and not notes[0].orphan
