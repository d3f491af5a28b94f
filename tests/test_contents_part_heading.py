"""Cold read 14, issue 13, finding 2 (second half): in a book without page footers, a line
equal to the contents' entry of a part of the book that is no law text -- an afterword, a
preface, in the contents' own wording («Послесловие», "A Word After") -- opens that part
after the laws: its text is never the last law's, it is a piece of its own with a warning
naming the file and line. A law sentence that only mentions such a part stays law text.
Invented books, Russian and English."""

from __future__ import annotations

import pytest

from added_books import built, law_text

BOOKS = {
    "ru": {"contents": ["ОГЛАВЛЕНИЕ", "Правило 70. Причальная тумба ........ 2", "Правило 71. Якорная цепь ........ 3",
                        "{P} ........ 4"],
           "part": "Слово на прощание",
           "laws": ["Правило 70. ПРИЧАЛЬНАЯ ТУМБА", "Катер швартуют только к тумбе с флагом лиги.",
                    "Правило 71. ЯКОРНАЯ ЦЕПЬ", "Цепь проверяет боцман перед каждым выходом в море."],
           "mention": "О порядке встречи гостей сказано в разделе «Слово на прощание».",
           "after": "Составители благодарят яхт-клуб за чертежи старой пристани."},
    "en": {"contents": ["CONTENTS", "Law 70. The Bollard ........ 2", "Law 71. The Anchor Chain ........ 3",
                        "{P} ........ 4"],
           "part": "A Word After",
           "laws": ["LAW 70. THE BOLLARD", "The launch is moored only to the bollard flying the Circle's flag.",
                    "LAW 71. THE ANCHOR CHAIN", "The bosun checks the chain before every sailing."],
           "mention": "Guests are greeted as the section A Word After describes.",
           "after": "The compilers thank the yacht club for the plans of the old jetty."},
}


def text(b: dict, heading: str, *, mention: bool = False) -> str:
    contents = [line.replace("{P}", b["part"]) for line in b["contents"]]
    laws = b["laws"] + ([b["mention"]] if mention else [])
    return "\n".join(contents + [""] + laws + [heading, b["after"]]) + "\n"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("case", ["as listed", "capitals"])
def test_a_line_equal_to_a_contents_entry_opens_that_part(tmp_path, lang, case):
    b = BOOKS[lang]
    heading = b["part"] if case == "as listed" else b["part"].upper()
    corpus = built(tmp_path, text(b, heading))
    assert b["after"][:25] not in law_text(corpus, "71") and heading not in law_text(corpus, "71")
    holding = [n for n in corpus.nodes if b["after"][:25] in (n.text or "")]
    assert [n.kind for n in holding] == ["piece"] and holding[0].law is None, [(n.id, n.kind) for n in holding]
    line = text(b, heading).splitlines().index(heading) + 1
    said = [p for p in corpus.problems if p.line == line and "book.txt" in str(p.path)]
    assert said and "no law's" in said[0].message, [(p.line, p.message) for p in corpus.problems]
    assert b["laws"][3][:25] in law_text(corpus, "71")  # the law keeps its own text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_sentence_that_mentions_the_part_stays_law_text(tmp_path, lang):
    b = BOOKS[lang]
    corpus = built(tmp_path, text(b, b["part"], mention=True))
    assert b["mention"][:30] in law_text(corpus, "71")
