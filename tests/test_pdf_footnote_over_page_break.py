"""A sentence running over a page break whose page has a footnote at its foot (cold read 11,
finding 7): the reading order puts the note between the sentence's halves, and the sentence
was cut into two paragraphs there. The halves are joined across the note block, the note put
after the sentence, still a footnote attached to its marker; a paragraph that really ends at
the page's end stays two paragraphs. The PDFs are written here (fpdf2 with DejaVu Sans, so
Cyrillic prints), every sentence invented; the cleaning rule is also tested on plain lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawsearch.clean import clean_lines
from lawsearch.corpus import build_corpus

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def pdf(pages: list[tuple[list[str], list[str], str]]) -> bytes:
    """Pages of (body lines at 11 pt, notes at 7 pt at the foot, the page number under them)."""
    from fpdf import FPDF

    doc = FPDF(unit="pt", format=(420, 595))
    doc.add_font("dv", "", str(FONT))
    doc.set_auto_page_break(False)
    for body, notes, number in pages:
        doc.add_page()
        doc.set_font("dv", size=11)
        for i, line in enumerate(body):
            doc.text(40, 60 + 15 * i, line)
        doc.set_font("dv", size=7)
        for i, note in enumerate(notes):
            doc.text(40, 530 - 9 * (len(notes) - 1 - i), note)
        doc.set_font("dv", size=9)
        doc.text(200, 570, number)
    return bytes(doc.output())


def corpus_of(tmp_path, data: bytes, lang: str):
    root = tmp_path / "corpus"
    (root / "laws" / lang).mkdir(parents=True)
    (root / "laws" / lang / "code.pdf").write_bytes(data)
    (root / "manifest.toml").write_text(f'[code]\nlang = "{lang}"\n\n[[source]]\npath = "laws/{lang}/code.pdf"\n'
                                        f'lang = "{lang}"\nkind = "laws"\n', encoding="utf-8")
    return build_corpus(root)


RU_PAGE_1 = ["Правило 70. ПРИСТАНЬ", "A. Лодки",
             "Лодочник Фома чинит вёсла(*) до ледохода и красит", "борта суриком.",
             "B. Сети", "Сети сушатся на жердях за сараем, и каждую", "осень их штопает"]
RU_PAGE_2 = ["бабка Агафья толстой суровой ниткой, сидя на крыльце.", "C. Якоря",
             "Якоря хранятся в амбаре под замком."]
EN_PAGE_1 = ["LAW 70 - THE JETTY", "A. Boats", "The boatman mends the oars* before the thaw and", "paints the hulls.",
             "B. Nets", "Nets dry on poles behind the shed, and every", "autumn they are darned by"]
EN_PAGE_2 = ["the miller's aunt with coarse thread on the porch.", "C. Anchors",
             "Anchors are kept in the barn under a padlock."]


@pytest.mark.parametrize("lang,page1,page2,note,joined,node", [
    ("ru", RU_PAGE_1, RU_PAGE_2, "* Вёсла берутся из ясеня.",
     "Сети сушатся на жердях за сараем, и каждую осень их штопает бабка Агафья толстой суровой ниткой, "
     "сидя на крыльце.", "70B"),
    ("en", EN_PAGE_1, EN_PAGE_2, "* The oars are of ash.",
     "Nets dry on poles behind the shed, and every autumn they are darned by the miller's aunt with coarse "
     "thread on the porch.", "70B"),
])
def test_a_sentence_over_the_page_break_is_joined_across_the_footnote(tmp_path, lang, page1, page2, note, joined,
                                                                      node):
    corpus = corpus_of(tmp_path, pdf([(page1, [note], "7"), (page2, [], "8")]), lang)
    assert corpus.node(node).text == joined
    assert len(corpus.footnotes) == 1
    assert corpus.footnotes[0].text == note[2:]
    assert corpus.footnotes[0].markers == ("70A",)  # its mark kept where it stood
    assert corpus.node("70C").text.startswith("Anchors" if lang == "en" else "Якоря")


def test_two_notes_at_the_foot_and_the_sentence_goes_on_over_lines(tmp_path):
    page1 = ["Правило 71. БАНЯ", "A. Веники", "Веники(*) вяжет конюх, а дрова(*) колет", "сторож и складывает их"]
    page2 = ["в поленницу под навесом, чтобы", "не намокли в дождь.", "B. Вода", "Воду носят из колодца."]
    notes = ["* Берёзовые или дубовые.", "** Только осиновые."]
    corpus = corpus_of(tmp_path, pdf([(page1, notes, "11"), (page2, [], "12")]), "ru")
    assert corpus.node("71A").text == ("Веники вяжет конюх, а дрова колет сторож и складывает их в поленницу "
                                       "под навесом, чтобы не намокли в дождь.")
    assert sorted(f.text for f in corpus.footnotes) == ["Берёзовые или дубовые.", "Только осиновые."]
    assert all(f.markers == ("71A",) for f in corpus.footnotes)


@pytest.mark.parametrize("lang,page1,page2,note", [
    ("ru", ["Правило 72. ЧЕРДАК", "A. Сундуки", "Сундуки(*) стоят вдоль стены.", "Ключи у завхоза."],
     ["Ключи сдаются каждый вечер.", "B. Лестница", "Лестницу держат двое."], "* Их три."),
    ("en", ["LAW 72 - THE ATTIC", "A. Chests", "Chests* stand along the wall.", "The keys are with the warden."],
     ["The keys are handed in each evening.", "B. Ladder", "Two hold the ladder."], "* There are three."),
])
def test_control_a_paragraph_ending_at_the_page_end_stays_two(tmp_path, lang, page1, page2, note):
    corpus = corpus_of(tmp_path, pdf([(page1, [note], "3"), (page2, [], "4")]), lang)
    paragraphs = corpus.node("72A").text.split("\n\n")
    assert paragraphs[-1] == page2[0]  # the next page starts a paragraph of its own
    assert corpus.footnotes[0].markers == ("72A",)


RAW = ["Правило 73. ПОГРЕБ", "A. Кадки", "Капусту(*) квасят в дубовых кадках и ставят",
       "(*) - Кадки делает бондарь.", "в дальний угол погреба.", "B. Лёд", "Лёд режут на реке."]


def test_the_cleaning_rule_puts_the_note_after_the_sentence_and_names_itself():
    cleaned = clean_lines(RAW, "x", lang="ru")
    texts = [line.text for line in cleaned.lines]
    assert "Капусту(*) квасят в дубовых кадках и ставят в дальний угол погреба." in texts
    assert texts.index("(*) - Кадки делает бондарь.") == texts.index(
        "Капусту(*) квасят в дубовых кадках и ставят в дальний угол погреба.") + 1
    assert cleaned.counts().get("join_over_footnotes") == 1
    assert "join_over_footnotes" in cleaned.rules_by_line()[4]


@pytest.mark.parametrize("raw", [
    # the note is wrapped over lines: its next line is the note's, not the sentence's
    ["Правило 73. ПОГРЕБ", "A. Кадки", "Капусту(*) квасят в дубовых кадках и ставят",
     "(*) - Кадки делает бондарь из", "дубовых клёпок."],
    # the text before the note ends its sentence
    ["Правило 73. ПОГРЕБ", "A. Кадки", "Капусту(*) квасят в дубовых кадках.", "(*) - Кадки делает бондарь.",
     "в погребе их не двигают."],
])
def test_control_no_join_over_a_wrapped_note_or_after_a_full_sentence(raw):
    cleaned = clean_lines(raw, "x", lang="ru")
    assert "join_over_footnotes" not in cleaned.counts()
    assert [line.text for line in cleaned.lines][2] == raw[2]
